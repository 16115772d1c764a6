/* pragma: finds the `#pragma aitool` clauses of a translation unit and the
 * statements they stand before (internal to the analyzer).
 *
 * Unknown pragmas are not cursors in libclang, so the tokens of the main
 * file, and of every header it includes that mentions aitool, are scanned
 * before the walk: `#pragma aitool ...`, `_Pragma("aitool ...")`, and the
 * `_Pragma("aitool ...")` a macro use expands to, its text made from the
 * macro's arguments or not (macros.h).  Code the preprocessor
 * skipped (clang_getSkippedRanges, which needs the translation unit parsed
 * with CXTranslationUnit_DetailedPreprocessingRecord) does not count;
 * comments, other pragmas and preprocessor lines between a pragma and its
 * statement do not detach it.  Each well-formed pragma becomes an lm_check
 * of the file (in the program's arena) and a target: the offset of the
 * first token after it.  The walk claims a target when a statement or a
 * function definition starts there, and fills the check's counts.  The
 * pragma_set owns only its index; pragma_set_free() releases it. */
#ifndef AITOOL_PRAGMA_H
#define AITOOL_PRAGMA_H

#include <stdbool.h>

#include <clang-c/Index.h>

#include "loop_model.h"

typedef struct pragma_set pragma_set;

/* Does the file at path mention aitool (before it is parsed)? */
bool pragma_path_mentions(const char *path);

/* Does any file of the unit mention aitool (so pragma_scan needs the
 * detailed preprocessing record for its skipped ranges)? */
bool pragma_unit_mentions(CXTranslationUnit tu);

/* Scan the unit; `path` names the main file as the user did.  Malformed
 * pragmas are reported and *ok cleared; the others are in the set. */
pragma_set *pragma_scan(lm_program *p, lm_file *file, CXTranslationUnit tu, const char *path,
                        bool *ok);
void pragma_set_free(pragma_set **s);

/* True while some pragma waits for its statement. */
bool pragma_set_pending(const pragma_set *s);

/* The check of a pragma standing directly before the construct c starts
 * with (now claimed, and named `what`), or NULL. */
lm_check *pragma_claim(pragma_set *s, CXCursor c, const char *what);

/* Does a pragma wait for a statement inside c's extent (a function defined
 * in a header, which only then is walked)? */
bool pragma_pending_within(const pragma_set *s, CXCursor c);

/* Report every pragma that stood before nothing it can apply to; false
 * when there was one.  Every function here takes a NULL set: a unit that
 * does not mention aitool needs no scan. */
bool pragma_report_unclaimed(const pragma_set *s);

#endif
