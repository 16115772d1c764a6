/* expand: the statement a macro's use makes whole, written out in the copy.
 * Code a macro produces has no place in the file to edit, so its loops and
 * branches could not be measured; the copy can replace such a use by what
 * it expands to (as `clang -E` shows it), and the statements in that text
 * are edited as any other.  Used by auto.c; the places and the text are
 * kept in the source (source.h), which frees them. */
#ifndef AITOOL_EXPAND_H
#define AITOOL_EXPAND_H

#include <stdbool.h>

#include "loop_stmt.h"
#include "source.h"

/* Writes out the use of a macro that makes the statements first .. last
 * (siblings, in order) whole and nothing else (source_macro_statements
 * holds): true when they and the statements, loop tests and steps in them
 * now have places (source_node_range); false, with *why, when the use stays
 * as written: its expansion cannot be read back as the compiler reads it,
 * two loops in it would share their file:line:col, or it has a label or a
 * goto to a label a macro writes. */
bool expand_statements(source *s, const lm_stmt *first, const lm_stmt *last, const char **why);

#endif
