/* Bound expressions (loopmodel/bound_expr.c), and -param assignments. */
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
    const char *why;
    bexpr_bindings_parse(b, text, &why);
    bexpr_bindings_free(&b);
    free(text);
    return 0;
}
