/* CHIP3S programs (chips/): read and checked, as chips -check does. */
#include "chips.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_quiet();
    chips_program *p = chips_load(fuzz_file(data, size, "fuzz.la"), NULL, 0, NULL, 0);
    chips_free(&p);
    return 0;
}
