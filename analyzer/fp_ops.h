/* fp_ops: the table that says which C operations are FP operations and of what
 * class.  It knows operator kinds and function names only, not types: the
 * walker decides whether an operation's result is floating.  No memory is owned. */
#ifndef AITOOL_FP_OPS_H
#define AITOOL_FP_OPS_H

#include <stdbool.h>

#include <clang-c/Index.h>

#include "loop_model.h"

typedef struct fp_binary_op {
    lm_fp_class fp_class; /* LM_FP_NCLASSES: not an arithmetic operation we count */
    bool compound;        /* += -= *= /= */
} fp_binary_op;

fp_binary_op fp_ops_classify_binary(enum CXBinaryOperatorKind op);

/* True for = and every op= (their left side is written). */
bool fp_ops_is_assignment(enum CXBinaryOperatorKind op);

/* True for a libm function (sqrt, expf, powl, ...), also when called as __builtin_NAME. */
bool fp_ops_is_math_function(const char *name);

#endif
