/* ExaSAT XML, both dialects, with the schema (xml-schema/xml_read*.c). */
#include "exasat_xml.h"
#include "fuzz_util.h"
#include "loop_model.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_quiet();
    lm_program *p = lm_program_create();
    xml_read_memory(p, "fuzz.xml", (const char *)data, size);
    lm_program_free(&p);
    return 0;
}
