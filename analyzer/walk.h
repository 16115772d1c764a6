/* walk: the recursive descent over one function body that fills the loop
 * model (internal to the analyzer).  The walker borrows the program and the
 * translation unit; walk_function_body() frees what it allocates. */
#ifndef AITOOL_WALK_H
#define AITOOL_WALK_H

#include <stdbool.h>

#include <clang-c/Index.h>

#include "loop_model.h"

/* Deeper nesting than this (statements and expressions together) is not
 * analyzed: the walk recurses once per level.  The caller gives the walk a
 * stack that holds this many levels (WALK_STACK_BYTES). */
enum { WALK_MAX_DEPTH = 100000 };
#define WALK_STACK_BYTES ((size_t)1 << 30)

/* False when the body nests deeper than WALK_MAX_DEPTH (an error is reported). */
bool walk_function_body(lm_program *p, lm_function *fn, CXTranslationUnit tu, CXCursor body);

/* The absolute path of the file a location is in ("" when it has none), and
 * its line and column; macro locations resolve to where the code was written
 * in the file (clang_getFileLocation).  The path is a fresh mem_strdup. */
char *walk_file_location(CXSourceLocation loc, unsigned *line, unsigned *col);

#endif
