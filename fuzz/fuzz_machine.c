/* Machine files (perfmodel/machine.c), with their "chips" object. */
#include "fuzz_util.h"
#include "machine.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_quiet();
    char *text = fuzz_text(data, size);
    machine *m = machine_parse("fuzz.json", text);
    if (m) {
        char *back = machine_to_json(m);
        free(back);
    }
    machine_free(&m);
    free(text);
    return 0;
}
