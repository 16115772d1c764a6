/* -simon-clock's cost tables (instrument/costs.c). */
#include "costs.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_quiet();
    op_costs c;
    op_costs_read(fuzz_file(data, size, "fuzz.costs"), &c);
    return 0;
}
