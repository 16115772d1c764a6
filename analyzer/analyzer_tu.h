/* analyzer_tu: the analysis of one file, with libclang's translation unit
 * handed to the caller while it is still alive (for the instrumenter, which
 * rewrites the file it sees and needs the loops the analyzer counted).  The
 * file's functions then also have their statement record (loop_stmt.h).
 *
 * The hook runs on the analysis thread after the file's functions were
 * walked and its lm_file appended to the program (lm_program_finish has not
 * run).  The translation unit belongs to the analyzer and is disposed of
 * when the hook returns.  Used by
 * instrument/ only. */
#ifndef AITOOL_ANALYZER_TU_H
#define AITOOL_ANALYZER_TU_H

#include <stdbool.h>

#include <clang-c/Index.h>

#include "analyzer.h"
#include "loop_stmt.h"

/* The cursor a node of the statement record was made from: valid only in
 * the hook, while the unit is open. */
CXCursor analyzer_stmt_cursor(const lm_stmt *s);

typedef bool (*analyzer_tu_hook)(void *ctx, CXTranslationUnit tu, lm_program *p, lm_file *file);

/* analyzer_analyze_file(), then hook (only when the file compiled); false
 * when either failed. */
bool analyzer_analyze_file_then(analyzer *a, lm_program *p, const char *path,
                                analyzer_tu_hook hook, void *ctx);
/* The same with the unit's own arguments (u may be NULL). */
bool analyzer_analyze_unit_then(analyzer *a, lm_program *p, const char *path,
                                const analyzer_unit *u, analyzer_tu_hook hook, void *ctx);

/* The macros of a unit (its preprocessing record), to expand uses of them
 * written in file as `clang -E` does (macros.c says what it models), for
 * the instrumenter, which writes out the statements a macro's use makes.
 * Valid while the unit is open. */
typedef struct macros analyzer_macros;
analyzer_macros *analyzer_macros_of(CXTranslationUnit tu, CXFile file);
void analyzer_macros_free(analyzer_macros **m);
/* The tokens of the use whose name is at offset begin of file and which
 * ends at end (*n of them; free each and the array), or NULL when it cannot
 * be expanded or what it expands to would not read the same written out
 * (a name in it that a macro defines, a _Pragma). */
char **analyzer_expand_use(analyzer_macros *m, CXFile file, unsigned begin, unsigned end,
                           size_t *n);

#endif
