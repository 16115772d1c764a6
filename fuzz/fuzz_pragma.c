/* `#pragma aitool` clauses (analyzer/pragma.c) and the walk they steer: the
 * input is a C file, parsed by libclang (not instrumented) and scanned and
 * walked by the analyzer (instrumented), with the ExaSAT detail on. */
#include "analyzer.h"
#include "fuzz_util.h"
#include "loop_model.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_quiet();
    static analyzer *a;
    if (!a) {
        analyzer_options opt = {0};
        opt.detail = true;
        a = analyzer_create(&opt);
    }
    const char *path = fuzz_file(data, size, "fuzz.c");
    lm_program *p = lm_program_create();
    analyzer_analyze_file(a, p, path);
    lm_program_finish(p);
    lm_program_free(&p);
    return 0;
}
