/* Bound expressions (loopmodel/bound_expr.c), also with loop variables in scope, and
 * -param assignments. */
#include "fuzz_util.h"
#include "bound_expr.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_quiet();
    char *text = fuzz_text(data, size);
    bexpr_bindings *b = bexpr_bindings_create();
    bexpr_bindings_set(b, "n", 100);
    bexpr_bindings_set(b, "grid->n", 7);
    bexpr_bindings_set(b, "lo(3)", -2);
    bexpr_eval(text, b);
    /* as a bound inside loops of i and j: their values, and the affine shape */
    static const char *const names[] = {"i", "j"};
    static const long long values[] = {3, -5};
    bexpr_vars v = {names, values, 2};
    bexpr_eval_vars(text, b, &v);
    bool named[2];
    long long coef[3];
    bexpr_affine(text, b, &v, named, coef);
    const char *why;
    bexpr_bindings_parse(b, text, &why);
    bexpr_bindings_free(&b);
    free(text);
    return 0;
}
