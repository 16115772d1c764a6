/* The reports -merge and -merge-xml read (report/report_merge.c,
 * xml-schema/xml_read.c): the input as a slice's JSON report and as a
 * slice's ExaSAT XML, merged alone and with itself (a slice given twice),
 * into /dev/null.  The shard line parser (support/shard.c) is reached
 * through both. */
#include "exasat_xml.h"
#include "fuzz_util.h"
#include "report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_quiet();
    const char *json = fuzz_file(data, size, "fuzz.json");
    const char *twice[] = {json, json};
    report_json_merge("/dev/null", twice, 1);
    report_json_merge("/dev/null", twice, 2);
    const char *xml = fuzz_file(data, size, "fuzz.xml");
    const char *xml_twice[] = {xml, xml};
    xml_merge_files("/dev/null", xml_twice, 1);
    xml_merge_files("/dev/null", xml_twice, 2);
    return 0;
}
