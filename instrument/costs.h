/* costs: what -simon-clock charges for each class of C operation (the
 * seed's -T file of simcc, over our classes: loop_stmt.h's lm_op), in
 * nanoseconds.  measuretool reads the -T file (op_costs_read) and hands the
 * costs through instrument_file() to the clock (auto.c); a fuzz target
 * reads files with it.
 * Plain values; nothing is owned. */
#ifndef AITOOL_COSTS_H
#define AITOOL_COSTS_H

#include <stdbool.h>

#include "loop_stmt.h"

typedef struct op_costs {
    unsigned long long ns[LM_OP_NCLASSES];
} op_costs;

/* Every class costs 1 ns, as unlisted ones do. */
void op_costs_default(op_costs *c);

/* `op ns` pairs, separated by blanks and newlines, a pair on one line:
 * `fadd 200`.  An unknown class, a value that is not a whole number of ns
 * or a pair split over lines is FILE:LINE:COL: error: ...; false then. */
bool op_costs_read(const char *path, op_costs *c);

#endif
