/* Measurements read with -measured (loopmodel/measured.c). */
#include "fuzz_util.h"
#include "loop_model.h"
#include "measured.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_quiet();
    lm_program *p = lm_program_create();
    lm_program_finish(p);
    measured_set *s = measured_read(p, fuzz_file(data, size, "fuzz.json"));
    measured_free(&s);
    lm_program_free(&p);
    return 0;
}
