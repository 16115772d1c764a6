/* Annotation files (annotations/annot.c). */
#include "annot.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_quiet();
    char *text = fuzz_text(data, size);
    annot_set *s = annot_set_create();
    annot_parse_text(s, "fuzz.annot", text);
    annot_set_free(&s);
    free(text);
    return 0;
}
