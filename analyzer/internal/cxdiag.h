/* cxdiag: clang's diagnostics of a translation unit, passed on through diag
 * (internal to the analyzer).
 *
 * Each error and warning is "file:line:col: severity: text", the file named
 * as the user did; one without a place in a file (`-include` of a file
 * that cannot be opened) is put at the start of the unit's main file.  A
 * file the parse guard refused is named with the guard's reason
 * (parse_guard.h).  A message located in an included file is followed by a
 * note for each #include that led to it, innermost first ("main.c:3:10:
 * note: in file included from here"; an -include option's at the start of
 * the main file), so that with many units the unit is known.  Nothing is
 * kept. */
#ifndef AITOOL_CXDIAG_H
#define AITOOL_CXDIAG_H

#include <stdbool.h>

#include <clang-c/Index.h>

/* Reports tu's diagnostics (path names its main file as the user did);
 * true when any of them is an error. */
bool cxdiag_report(CXTranslationUnit tu, const char *path);

#endif
