/* SIMON's switch files (simon/switch/sw_config.c). */
#include "fuzz_util.h"
#include "sw.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_quiet();
    sw_config cfg = {0};
    sw_config_read(fuzz_file(data, size, "fuzz.cfg"), &cfg);
    sw_config_release(&cfg);
    return 0;
}
