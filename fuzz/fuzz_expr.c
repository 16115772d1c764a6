/* Bound expressions (perfmodel/perf_expr.c), and -param assignments. */
#include "fuzz_util.h"
#include "bound_expr.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_quiet();
    char *text = fuzz_text(data, size);
    perf_bindings *b = perf_bindings_create();
    perf_bindings_set(b, "n", 100);
    perf_bindings_set(b, "grid->n", 7);
    perf_bindings_set(b, "lo(3)", -2);
    perf_expr_eval(text, b);
    const char *why;
    perf_bindings_parse(b, text, &why);
    perf_bindings_free(&b);
    free(text);
    return 0;
}
