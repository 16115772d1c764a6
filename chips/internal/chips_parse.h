/* chips_parse: one .la file into its syntax tree (chips_ast.h).  The tree
 * lives in the caller's arena.  Syntax errors are reported through diag as
 * FILE:LINE:COL: error: at the offending token and give NULL; statements
 * nested deeper than CHIPS_MAX_NESTING are an error too, and so is an
 * expression nested that deep, so no input exhausts the stack. */
#ifndef AITOOL_CHIPS_PARSE_H
#define AITOOL_CHIPS_PARSE_H

#include "chips_ast.h"
#include "mem.h"
#include "report_chips.h"

/* The limit measuretool -chips writes to (report_chips.h), so that every
 * study it writes is read. */
enum { CHIPS_MAX_NESTING = REPORT_CHIPS_MAX_NESTING };

chips_ast *chips_parse(arena *a, const char *file, const char *text);

#endif
