/* chips_parse: one .la file into its syntax tree (chips_ast.h).  The tree
 * lives in the caller's arena.  Syntax errors are reported through diag as
 * FILE:LINE:COL: error: at the offending token and give NULL; nesting deeper
 * than CHIPS_MAX_NESTING is an error too, so no input exhausts the stack. */
#ifndef AITOOL_CHIPS_PARSE_H
#define AITOOL_CHIPS_PARSE_H

#include "chips_ast.h"
#include "mem.h"

enum { CHIPS_MAX_NESTING = 200 };

chips_ast *chips_parse(arena *a, const char *file, const char *text);

#endif
