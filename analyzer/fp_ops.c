#include "fp_ops.h"

#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "loop_model.h"
#include "loop_stmt.h"

fp_binary_op fp_ops_classify_binary(enum CXBinaryOperatorKind op)
{
    static const struct {
        enum CXBinaryOperatorKind op;
        fp_binary_op kind;
    } table[] = {
        {CXBinaryOperator_Add, {LM_FP_PLUS, false, LM_OP_IADD}},
        {CXBinaryOperator_Sub, {LM_FP_MINUS, false, LM_OP_IADD}},
        {CXBinaryOperator_Mul, {LM_FP_MULTIPLY, false, LM_OP_IMUL}},
        {CXBinaryOperator_Div, {LM_FP_DIVIDE, false, LM_OP_IDIV}},
        {CXBinaryOperator_AddAssign, {LM_FP_PLUS, true, LM_OP_IADD}},
        {CXBinaryOperator_SubAssign, {LM_FP_MINUS, true, LM_OP_IADD}},
        {CXBinaryOperator_MulAssign, {LM_FP_MULTIPLY, true, LM_OP_IMUL}},
        {CXBinaryOperator_DivAssign, {LM_FP_DIVIDE, true, LM_OP_IDIV}},
        {CXBinaryOperator_Rem, {LM_FP_NCLASSES, false, LM_OP_IDIV}},
        {CXBinaryOperator_RemAssign, {LM_FP_NCLASSES, true, LM_OP_IDIV}},
        {CXBinaryOperator_Shl, {LM_FP_NCLASSES, false, LM_OP_ILOGIC}},
        {CXBinaryOperator_Shr, {LM_FP_NCLASSES, false, LM_OP_ILOGIC}},
        {CXBinaryOperator_And, {LM_FP_NCLASSES, false, LM_OP_ILOGIC}},
        {CXBinaryOperator_Or, {LM_FP_NCLASSES, false, LM_OP_ILOGIC}},
        {CXBinaryOperator_Xor, {LM_FP_NCLASSES, false, LM_OP_ILOGIC}},
        {CXBinaryOperator_ShlAssign, {LM_FP_NCLASSES, true, LM_OP_ILOGIC}},
        {CXBinaryOperator_ShrAssign, {LM_FP_NCLASSES, true, LM_OP_ILOGIC}},
        {CXBinaryOperator_AndAssign, {LM_FP_NCLASSES, true, LM_OP_ILOGIC}},
        {CXBinaryOperator_OrAssign, {LM_FP_NCLASSES, true, LM_OP_ILOGIC}},
        {CXBinaryOperator_XorAssign, {LM_FP_NCLASSES, true, LM_OP_ILOGIC}},
        {CXBinaryOperator_LT, {LM_FP_NCLASSES, false, LM_OP_CMP}},
        {CXBinaryOperator_GT, {LM_FP_NCLASSES, false, LM_OP_CMP}},
        {CXBinaryOperator_LE, {LM_FP_NCLASSES, false, LM_OP_CMP}},
        {CXBinaryOperator_GE, {LM_FP_NCLASSES, false, LM_OP_CMP}},
        {CXBinaryOperator_EQ, {LM_FP_NCLASSES, false, LM_OP_CMP}},
        {CXBinaryOperator_NE, {LM_FP_NCLASSES, false, LM_OP_CMP}},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].op == op)
            return table[i].kind;
    return (fp_binary_op){LM_FP_NCLASSES, false, LM_OP_NCLASSES};
}

bool fp_ops_type_is_floating(CXType t)
{
    switch (clang_getCanonicalType(t).kind) {
    case CXType_Float:
    case CXType_Double:
    case CXType_LongDouble:
    case CXType_Half:
    case CXType_Float16:
    case CXType_BFloat16:
    case CXType_Float128:
    case CXType_Ibm128:
        return true;
    default:
        return false;
    }
}

fp_decision fp_ops_decide(fp_binary_op op, CXType type)
{
    if (op.fp_class == LM_FP_NCLASSES)
        return FP_NOT_COUNTED;
    if (fp_ops_type_is_floating(type))
        return FP_COUNTED;
    return op.compound ? FP_IF_RIGHT_FLOATING : FP_NOT_COUNTED;
}

/* The C99/C11 <math.h> functions with a floating result, double variants; the
 * float (f) and long double (l) variants are accepted by suffix.  Sorted for
 * bsearch.  nan() is left out: it builds a constant (<math.h>'s NAN is
 * __builtin_nanf("")) and computes nothing. */
static const char *const math_functions[] = {
    "acos",  "acosh", "asin",      "asinh",      "atan",   "atan2",     "atanh",  "cbrt",
    "ceil",  "copysign", "cos",    "cosh",       "erf",    "erfc",      "exp",    "exp10",
    "exp2",  "expm1", "fabs",      "fdim",       "floor",  "fma",       "fmax",   "fmin",
    "fmod",  "frexp", "hypot",     "ldexp",      "lgamma", "log",       "log10",  "log1p",
    "log2",  "logb",  "modf",      "nearbyint", "nextafter", "nexttoward",
    "pow",   "remainder", "remquo", "rint",      "round",  "scalbln",   "scalbn", "sin",
    "sincos", "sinh", "sqrt",      "tan",        "tanh",   "tgamma",    "trunc",
};

static int math_cmp(const void *key, const void *elem)
{
    return strcmp(key, *(const char *const *)elem);
}

static bool math_lookup(const char *name)
{
    return bsearch(name, math_functions, sizeof math_functions / sizeof math_functions[0],
                   sizeof math_functions[0], math_cmp) != NULL;
}

bool fp_ops_is_math_function(const char *name)
{
    static const char builtin[] = "__builtin_";
    if (strncmp(name, builtin, sizeof builtin - 1) == 0)
        name += sizeof builtin - 1;
    if (math_lookup(name))
        return true;
    size_t n = strlen(name);
    if (n < 2 || n > 31 || (name[n - 1] != 'f' && name[n - 1] != 'l'))
        return false;
    char base[32];
    memcpy(base, name, n - 1);
    base[n - 1] = '\0';
    return math_lookup(base);
}

bool fp_ops_is_assignment(enum CXBinaryOperatorKind op)
{
    return op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign;
}
