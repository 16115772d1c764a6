/* fp_ops: the one rule for which C operations are FP operations and of what
 * class: the operator table, the floating types, and how the two combine
 * (fp_ops_decide).  The walk asks it; everything else reads the counts
 * the walk made with it (the loop model, the statement record).
 * No memory is owned. */
#ifndef AITOOL_FP_OPS_H
#define AITOOL_FP_OPS_H

#include <stdbool.h>

#include <clang-c/Index.h>

#include "loop_model.h"
#include "loop_stmt.h"

typedef struct fp_binary_op {
    lm_fp_class fp_class; /* LM_FP_NCLASSES: not an arithmetic operation we count */
    bool compound;        /* += -= *= /= */
    lm_op int_op;         /* its class when it is not floating; LM_OP_NCLASSES: none */
} fp_binary_op;

fp_binary_op fp_ops_classify_binary(enum CXBinaryOperatorKind op);

/* A type that FP operations produce: float, double, long double and the
 * extended types (_Float16, __fp16, __bf16, __float128), typedefs seen
 * through. */
bool fp_ops_type_is_floating(CXType t);

typedef enum fp_decision {
    FP_NOT_COUNTED,
    FP_COUNTED,
    FP_IF_RIGHT_FLOATING, /* counted when the right operand's type is floating */
} fp_decision;

/* Does an operation of kind op whose type is `type` count?  When its result
 * is floating.  A compound assignment has its left side's type, which hides
 * the computation type of `i += 0.5`: there the right side decides. */
fp_decision fp_ops_decide(fp_binary_op op, CXType type);

/* True for = and every op= (their left side is written). */
bool fp_ops_is_assignment(enum CXBinaryOperatorKind op);

/* True for a libm function (sqrt, expf, powl, ...), also when called as __builtin_NAME. */
bool fp_ops_is_math_function(const char *name);

#endif
