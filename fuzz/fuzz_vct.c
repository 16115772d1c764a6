/* CHIP3S vector types (chips/chips_vct.h): the input as a definition file
 * compiled as vctdef does, the specification it gives read back as chips
 * -vectors does, and the input itself read as a specification. */
#include <stdbool.h>

#include "chips_vct.h"
#include "fuzz_util.h"
#include "strbuf.h"

/* A type of spec has a built-in type's name: chips then rightly refuses it. */
static bool fuzz_redefines_builtin(const chips_vtypes *t, const char *spec)
{
    char name[80];
    for (const char *line = strchr(spec, '\n'); line; line = strchr(line + 1, '\n'))
        if (sscanf(line + 1, "vector %79s", name) == 1 && chips_vtypes_find(t, name))
            return true;
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_quiet();
    char *text = fuzz_text(data, size);
    strbuf spec = STRBUF_INIT;
    chips_vtypes *t = chips_vtypes_create();
    if (chips_vct_compile("fuzz.vdef", text, &spec) &&
        !chips_vtypes_add_file(
            t, fuzz_file((const uint8_t *)strbuf_cstr(&spec), spec.len, "fuzz.vspec")) &&
        !fuzz_redefines_builtin(t, strbuf_cstr(&spec)))
        abort(); /* what vctdef writes, chips reads */
    chips_vtypes_add_file(t, fuzz_file(data, size, "input.vspec"));
    chips_vtypes_free(&t);
    strbuf_release(&spec);
    free(text);
    return 0;
}
