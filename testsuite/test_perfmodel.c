/* perfmodel as a user runs it: options, the three outputs, bad input. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "strbuf.h"
#include "testutil.h"

#define VM AITOOL_SOURCE_DIR "/perfmodel/machines/small-vm-2core.json"
#define TRIAD AITOOL_GOLDEN_DIR "/xml_triad.xml"
#define ZEN5 AITOOL_SOURCE_DIR "/perfmodel/machines/zen5-vm-2core.json"

static char *tmpdir;

static testutil_proc run(const char *const *args)
{
    return testutil_exec_program(tmpdir, AITOOL_PERFMODEL, args);
}

/* The file a run wrote in the temporary directory (free() it); it must be there. */
static char *read_output(const char *name)
{
    char *path = testutil_path(tmpdir, name);
    char *text = testutil_read_file(path);
    free(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    return text;
}

/* The README's option table is what the option table prints. */
static void test_readme_option_table(void)
{
    const char *markdown[] = {"-help-markdown", NULL};
    testutil_proc r = run(markdown);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "| `-sweep SPEC` | evaluate for each value"));
    char *readme = testutil_read_file(AITOOL_SOURCE_DIR "/README.md");
    CU_ASSERT_PTR_NOT_NULL_FATAL(readme);
    CU_ASSERT_PTR_NOT_NULL(strstr(readme, r.out));
    free(readme);
    testutil_proc_release(&r);
}

/* --version: one line with the version. */
static void test_version(void)
{
    testutil_expect_version(AITOOL_PERFMODEL, "perfmodel", false);
}

static void test_usage(void)
{
    const char *help[] = {"-help", NULL};
    testutil_proc r = run(help);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "usage: perfmodel -machine M.json"));
    testutil_proc_release(&r);
    const char *no_machine[] = {TRIAD, NULL};
    r = run(no_machine);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "perfmodel: error: no machine"));
    testutil_proc_release(&r);
    const char *bad_define[] = {"-machine", VM, "-D", "n", TRIAD, NULL};
    r = run(bad_define);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "perfmodel: error: -D n: expected NAME=VALUE"));
    testutil_proc_release(&r);
    const char *no_value[] = {TRIAD, "-machine", NULL};
    r = run(no_value);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "perfmodel: error: option '-machine' needs a value"));
    testutil_proc_release(&r);
    const char *unknown[] = {"-machine", VM, "-bogus", TRIAD, NULL};
    r = run(unknown);
    CU_ASSERT_EQUAL(r.status, 2);
    testutil_proc_release(&r);
}

/* The triad with n = 1e7 on the VM file (12 GB/s, write-allocate):
 * 32 bytes per element, 3.2e8 bytes, 0.0266... s. */
static void test_outputs(void)
{
    const char *csv[] = {"-machine", VM, "-csv", "-Dn=10000000", TRIAD, NULL};
    testutil_proc r = run(csv);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "xml_triad.xml,triad,5,20000000,20000000,0,320000000,24,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, ",memory\ntotal,,,20000000,"));
    testutil_proc_release(&r);

    const char *table[] = {"-machine", VM, "-D", "n=10000000", "-json", "p.json", TRIAD, NULL};
    r = run(table);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "nest at xml_triad.xml:5 (function triad)"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "bytes 3.2e+08"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "memory-bound"));
    testutil_proc_release(&r);
    char *text = read_output("p.json");
    cJSON *j = cJSON_Parse(text);
    free(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(j, "flops")->valuedouble, 2e7, 0);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(j, "weighted_flops")->valuedouble, 2e7, 0);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(j, "bytes")->valuedouble, 3.2e8, 0);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(j, "working_set_bytes")->valuedouble, 24, 0);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(j, "runtime_s")->valuedouble, 3.2e8 / 12e9, 1e-12);
    CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItem(j, "bottleneck")->valuestring, "memory");
    const cJSON *loops = cJSON_GetObjectItem(j, "loops");
    CU_ASSERT_EQUAL(cJSON_GetArraySize(loops), 1);
    const cJSON *levels = cJSON_GetObjectItem(cJSON_GetArrayItem(loops, 0), "levels");
    CU_ASSERT_EQUAL(cJSON_GetObjectItem(cJSON_GetArrayItem(levels, 0), "trip")->valuedouble, 1e7);
    cJSON_Delete(j);
}

static void test_bad_input(void)
{
    /* A nest that cannot be predicted is a row with its reason, the run goes on (exit 0);
     * -strict makes it an error, and nothing is printed. */
    const char *unbound[] = {"-machine", VM, "-json", "-", TRIAD, NULL};
    testutil_proc r = run(unbound);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "xml_triad.xml:5:1: warning: upperbound 'n-1': "
                                         "unbound parameter 'n'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nnest at xml_triad.xml:5 (function triad): "
                                         "unpredicted\n  at xml_triad.xml:5: upperbound 'n-1': "
                                         "unbound parameter 'n'; bind it, or give"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\n  predicted: 0 of 1 nest (1 unpredicted, each said "
                                         "with its reason; the totals leave them out)\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"nests\":\t1,\n\t\"nests_predicted\":\t0,\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"predicted\":\tfalse,\n\t\t\t\"reason\":\t\"upperbound "
                                         "'n-1': unbound parameter 'n'; bind it"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"reason_line\":\t5,\n"));
    testutil_proc_release(&r);
    const char *strict[] = {"-machine", VM, "-strict", TRIAD, NULL};
    r = run(strict);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.out, "");
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "xml_triad.xml:5:1: error: upperbound 'n-1': "
                                         "unbound parameter 'n'"));
    testutil_proc_release(&r);

    char *bad = testutil_path(tmpdir, "bad.json");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(bad, "{\n  \"name\": \"x\",\n  \"peak_gflops\": -1\n}\n"));
    const char *bad_machine[] = {"-machine", "bad.json", "-D", "n=10", TRIAD, NULL};
    r = run(bad_machine);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "bad.json:3:18: error: "));
    testutil_proc_release(&r);
    free(bad);

    const char *broken[] = {"-machine", VM, AITOOL_SOURCE_DIR "/testsuite/xml/bad_tuple.xml", NULL};
    r = run(broken);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "bad_tuple.xml:7:1: error: "));
    CU_ASSERT_STRING_EQUAL(r.out, "");
    testutil_proc_release(&r);
}

#define ECM_MACHINE AITOOL_SOURCE_DIR "/testsuite/machines/ecm-test.json"

/* -model and -cores: the triad of 1e7 elements on the test machine of
 * test_perf_ecm (whose values are derived there). */
static void test_models(void)
{
    const char *ecm[] = {"-machine", ECM_MACHINE, "-model", "ecm", "-cores", "4", "-D",
                         "n=10000000", "-json", "e.json", TRIAD, NULL};
    testutil_proc r = run(ecm);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "model: ECM on 4 cores, with the machine's benchmarks"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "  memory         3.2e+08        3        1 triad            16         0.0272"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "ECM: T_OL 0.000625 s, T_nOL 0.0064 s, one core "
                                         "0.04 s, a level's bandwidth limits from 2 cores"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "runtime 0.02 s"));
    testutil_proc_release(&r);
    /* 500 elements, 12 KB, stay in L1: no transfer, so no level's bandwidth limits; one core */
    const char *in_l1[] = {"-machine", ECM_MACHINE, "-model", "ecm", "-cores", "1", "-D", "n=500",
                           TRIAD, NULL};
    r = run(in_l1);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "model: ECM on 1 core, with the machine's benchmarks"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "ECM: T_OL 3.125e-08 s, T_nOL 3.2e-07 s, one core "
                                         "3.2e-07 s, no level beyond L1 serves it (no "
                                         "bandwidth limits it)\n"));
    testutil_proc_release(&r);
    char *text = read_output("e.json");
    cJSON *j = cJSON_Parse(text);
    free(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItem(j, "model")->valuestring, "ecm");
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(j, "cores")->valuedouble, 4, 0);
    const cJSON *nest = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "loops"), 0);
    const cJSON *levels = cJSON_GetObjectItem(nest, "memory_levels");
    CU_ASSERT_EQUAL_FATAL(cJSON_GetArraySize(levels), 4);
    const cJSON *l1 = cJSON_GetArrayItem(levels, 0);
    CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItem(l1, "level")->valuestring, "L1");
    CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItem(l1, "benchmark")->valuestring, "triad");
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(l1, "bytes")->valuedouble, 2.4e8, 0);
    const cJSON *mem = cJSON_GetArrayItem(levels, 3);
    CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItem(mem, "benchmark")->valuestring, "triad");
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(mem, "seconds")->valuedouble, 0.0272, 1e-15);
    const cJSON *e = cJSON_GetObjectItem(nest, "ecm");
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(e, "single_core_s")->valuedouble, 0.04, 1e-15);
    cJSON_Delete(j);

    /* the roofline of the levels on one core: memory's 8 GB/s */
    const char *one[] = {"-machine", ECM_MACHINE, "-cores", "1", "-csv", "-D", "n=10000000",
                         TRIAD, NULL};
    r = run(one);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, ",0.040000000000000001,memory\n"));
    testutil_proc_release(&r);

    /* A sweep of the 2D stencil steps from L1's pace to memory's: at n = 100
     * its 157 KB sit in L2, L1's 48 B an update (40, and the halves of the
     * two loads an element off that straddle lines: test_perf_ecm) at the
     * triad's 200 GB/s (150 of the model's L1 bytes: 24 of the 32 it counts
     * an element are loads and stores) is the slowest level (3.073 us, 0.32
     * ns an update); at n = 2000 (64 MB)
     * memory serves in once and out written and allocated, 95872064 B at
     * copy's 18 GB/s. */
    const char *sweep[] = {"-machine", ECM_MACHINE, "-sweep", "n=100:2000:+1900",
                           AITOOL_SOURCE_DIR "/bench/validate/xml/stencil2d.xml", NULL};
    r = run(sweep);
    CU_ASSERT_EQUAL(r.status, 0);
    const char *row100 = strstr(r.out, "\n100,"), *row2000 = strstr(r.out, "\n2000,");
    CU_ASSERT_PTR_NOT_NULL_FATAL(row100);
    CU_ASSERT_PTR_NOT_NULL_FATAL(row2000);
    double t100 = 0, t2000 = 0;
    char b100[16] = "", b2000[16] = "";
    CU_ASSERT_EQUAL(sscanf(row100, "\n100,%*[^,],%*[^,],%*[^,],%*[^,],%*[^,],%*[^,],%*[^,],%lf,%15s",
                           &t100, b100), 2);
    CU_ASSERT_EQUAL(sscanf(row2000, "\n2000,%*[^,],%*[^,],%*[^,],%*[^,],%*[^,],%*[^,],%*[^,],%lf,%15s",
                           &t2000, b2000), 2);
    CU_ASSERT_DOUBLE_EQUAL(t100, 48.0 * 98 * 98 / 150e9, 1e-15);
    CU_ASSERT_STRING_EQUAL(b100, "L1");
    CU_ASSERT_DOUBLE_EQUAL(t2000, (8.0 * 2000 * 2000 + 16.0 * 1998 * 1998) / 18e9, 1e-12);
    CU_ASSERT_STRING_EQUAL(b2000, "memory");
    testutil_proc_release(&r);

    /* A matrix-vector product's chains, a new one every row (sum is declared in the row
     * loop's body), in the table and the JSON (test_perf_ecm has the times). */
    const char *chains[] = {"-machine", ECM_MACHINE, "-D", "m=20", "-D", "n=20", "-json",
                            "c.json", AITOOL_SOURCE_DIR "/bench/validate/xml/matvec.xml", NULL};
    r = run(chains);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "  chain in j (line 11): 400 dependent adds, a new "
                                         "chain every 20, 4 cycles each\n"));
    testutil_proc_release(&r);
    text = read_output("c.json");
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"chain\":\t{\n\t\t\t\t\t\t\"dependent_adds\":\t400,\n"
                                        "\t\t\t\t\t\t\"steps_per_chain\":\t20,\n"
                                        "\t\t\t\t\t\t\"cycles_per_step\":\t4\n"));
    free(text);

    /* spmv's accesses one at a time on the shipped machine, which measured a scalar load's
     * cost: 100 rows of 8 gathered elements, 3 loads each in the t loop, the store of y[i]
     * in the i loop (test_perf_ecm has the times). */
    const char *scalar[] = {"-machine", AITOOL_SOURCE_DIR "/perfmodel/machines/zen5-vm-2core.json",
                            "-D", "rows=100", "-D", "w=8", "-json", "s.json",
                            AITOOL_SOURCE_DIR "/bench/validate/xml/spmv.xml", NULL};
    r = run(scalar);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "  one at a time in i (line 11): 0 loads, 100 stores\n"
                                         "  one at a time in t (line 13): 2400 loads, 0 stores\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "  of L1's seconds, "));
    testutil_proc_release(&r);
    text = read_output("s.json");
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"one_at_a_time\":\t{\n\t\t\t\t\t\t\"loads\":\t2400,\n"
                                        "\t\t\t\t\t\t\"stores\":\t0\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"one_at_a_time_s\":\t"));
    free(text);

    /* The calibrated file shipped for this project's VM models with ECM as it is. */
    const char *shipped[] = {"-machine", AITOOL_SOURCE_DIR "/perfmodel/machines/zen5-vm-2core.json",
                             "-model", "ecm", "-D", "n=10000000", TRIAD, NULL};
    r = run(shipped);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "model: ECM on 2 cores, with the machine's benchmarks"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\n  ECM: T_OL "));
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);

    const char *bad_model[] = {"-machine", ECM_MACHINE, "-model", "ecn", "-D", "n=1", TRIAD,
                               NULL};
    r = run(bad_model);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_STRING_EQUAL(r.err, "perfmodel: error: -model ecn: the models are roofline and "
                                  "ecm\n");
    testutil_proc_release(&r);
    const char *no_table[] = {"-machine", VM, "-model", "ecm", "-D", "n=1", TRIAD, NULL};
    r = run(no_table);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "small-vm-2core.json: -model ecm needs the machine's "
                                         "\"benchmarks\" table"));
    testutil_proc_release(&r);
    const char *zero[] = {"-machine", ECM_MACHINE, "-cores", "0", "-D", "n=1", TRIAD, NULL};
    r = run(zero);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_STRING_EQUAL(r.err, "perfmodel: error: -cores 0: not from 1 to 1048576\n");
    testutil_proc_release(&r);
    const char *many[] = {"-machine", ECM_MACHINE, "-cores", "5", "-D", "n=1", TRIAD, NULL};
    r = run(many);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_STRING_EQUAL(r.err, "perfmodel: error: -cores 5: the machine has 4\n");
    testutil_proc_release(&r);
}

/* -calibrate writes a machine file perfmodel then reads: this machine has
 * at least one core, a positive bandwidth and peak, and write-allocates; the
 * log tells the benchmarks and how their runs scattered. */
static void test_calibrate(void)
{
    const char *misuse[] = {"-calibrate", "-machine", VM, NULL};
    testutil_proc r = run(misuse);
    CU_ASSERT_EQUAL(r.status, 2);
    testutil_proc_release(&r);
    /* an option of the model is no option of the measurement: refused, not ignored */
    const char *model[] = {"-calibrate", "-model", "ecm", NULL};
    r = run(model);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_STRING_EQUAL(r.err, "perfmodel: error: -calibrate measures this machine and "
                                  "prints its machine file; it takes no kernels and no other "
                                  "options\n");
    testutil_proc_release(&r);
    const char *calibrate[] = {"-calibrate", NULL};
    r = run(calibrate);
    CU_ASSERT_EQUAL_FATAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "calibrate: memory bandwidth"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "calibrate: streaming kernels"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "runs; the median run within"));
    cJSON *j = cJSON_Parse(r.out);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    CU_ASSERT_TRUE(cJSON_GetObjectItem(j, "memory_bandwidth_gbs")->valuedouble > 0);
    CU_ASSERT_TRUE(cJSON_GetObjectItem(j, "peak_gflops")->valuedouble > 0);
    CU_ASSERT_TRUE(cJSON_IsTrue(cJSON_GetObjectItem(j, "write_allocate")));
    CU_ASSERT_TRUE(cJSON_GetObjectItem(j, "cores")->valuedouble >= 1);
    /* a parallel loop's cost, measured where there is more than one core */
    const cJSON *bench = cJSON_GetObjectItem(j, "benchmarks");
    if (bench && cJSON_GetObjectItem(j, "cores")->valuedouble > 1) {
        const cJSON *barrier = cJSON_GetObjectItem(bench, "barrier_cycles");
        CU_ASSERT_TRUE(cJSON_IsNumber(barrier) && barrier->valuedouble > 0);
        CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "calibrate: a parallel loop on "));
    }
    if (bench) {
        /* the header's memory bandwidth is the table's triad in memory on all cores */
        int agree = 0;
        const cJSON *row;
        cJSON_ArrayForEach(row, cJSON_GetObjectItem(bench, "bandwidths"))
            if (!strcmp(cJSON_GetObjectItem(row, "kernel")->valuestring, "triad") &&
                !strcmp(cJSON_GetObjectItem(row, "level")->valuestring, "memory") &&
                cJSON_GetObjectItem(row, "cores")->valuedouble ==
                    cJSON_GetObjectItem(j, "cores")->valuedouble) {
                CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(row, "gbs")->valuedouble,
                                       cJSON_GetObjectItem(j, "memory_bandwidth_gbs")->valuedouble,
                                       0);
                agree++;
            }
        CU_ASSERT_EQUAL(agree, 1);
        const cJSON *window = cJSON_GetObjectItem(cJSON_GetObjectItem(bench, "in_core"),
                                                  "chain_window");
        CU_ASSERT_TRUE(!window || (cJSON_IsNumber(window) && window->valuedouble > 0));
        CU_ASSERT_PTR_NOT_NULL(strstr(r.err, " elements ahead"));
    }
    cJSON_Delete(j);
    char *path = testutil_path(tmpdir, "here.json");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(path, r.out));
    free(path);
    testutil_proc_release(&r);
    const char *use[] = {"-machine", "here.json", "-csv", "-D", "n=1000", TRIAD, NULL};
    r = run(use);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "xml_triad.xml,triad,5,2000,"));
    testutil_proc_release(&r);
}

/* -sweep prints a CSV row per value; -plot draws it (and without -sweep, a
 * roofline) through gnuplot. */
static void test_sweep_and_plots(void)
{
    const char *sweep[] = {"-machine", VM, "-sweep", "n=10:20:+5", "-plot", "s.png", TRIAD, NULL};
    testutil_proc r = run(sweep);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "n,flops,weighted_flops,specials,bytes,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\n10,20,20,0,320,24,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\n15,30,30,0,480,24,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\n20,40,40,0,640,24,"));
    CU_ASSERT_PTR_NULL(strstr(r.out, "\n25,"));
    testutil_proc_release(&r);
    char *png = testutil_path(tmpdir, "s.png");
    char *image = testutil_read_file(png);
    CU_ASSERT_PTR_NOT_NULL_FATAL(image);
    CU_ASSERT_EQUAL(memcmp(image, "\x89PNG", 4), 0);
    free(image);
    free(png);

    const char *doubling[] = {"-machine", VM, "-sweep", "n=1:1000:x10", TRIAD, NULL};
    r = run(doubling);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\n1,2,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\n1000,2000,"));
    testutil_proc_release(&r);

    const char *roofline[] = {"-machine", VM, "-D", "n=1000", "-plot", "roof.svg", TRIAD,
                              AITOOL_SOURCE_DIR "/xml-schema/examples/stencil7.xml", NULL};
    r = run(roofline);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *svg_path = testutil_path(tmpdir, "roof.svg");
    char *svg = testutil_read_file(svg_path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(svg);
    CU_ASSERT_PTR_NOT_NULL(strstr(svg, "<svg"));
    CU_ASSERT_PTR_NOT_NULL(strstr(svg, "triad:5"));
    CU_ASSERT_PTR_NOT_NULL(strstr(svg, "stencil7:6"));
    free(svg);
    free(svg_path);

    const char *bad_sweep[] = {"-machine", VM, "-sweep", "n=10:5", TRIAD, NULL};
    r = run(bad_sweep);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "perfmodel: error: -sweep n=10:5: FROM 10 is above TO 5"));
    testutil_proc_release(&r);
    const char *bad_plot[] = {"-machine", VM, "-D", "n=10", "-plot", "x.jpg", TRIAD, NULL};
    r = run(bad_plot);
    CU_ASSERT_EQUAL(r.status, 2);
    testutil_proc_release(&r);
}

#define LAPTOP AITOOL_SOURCE_DIR "/perfmodel/machines/laptop-4core.json"

/* Kernels in the ExaSAT tools' own dialect, detected or forced, with
 * Fortran array elements as bounds (testsuite/xml/orig_stencil.xml works
 * out 568 flops, 808 weighted). */
static void test_exasat_dialect(void)
{
    const char *help[] = {"-help", NULL};
    testutil_proc r = run(help);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "  -exasat-dialect  read every kernel as the ExaSAT"));
    testutil_proc_release(&r);

    const char *stencil = AITOOL_XML_DIR "/orig_stencil.xml";
    const char *detected[] = {"-machine", LAPTOP, "-csv", "-D", "lo(1)=1", "-D", "hi(1)=10",
                              "-Dlo(2)=1", "-D", "hi(2)=4", "-D", "lo(3)=2", "-D", "hi(3)=3",
                              stencil, NULL};
    r = run(detected);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\norig_stencil.xml,smooth,20,568,808,0,"));
    testutil_proc_release(&r);

    const char *forced[] = {"-machine", LAPTOP, "-csv", "-exasat-dialect", "-D", "n=100",
                            AITOOL_XML_DIR "/orig_branches.xml", NULL};
    r = run(forced);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\ntotal,,,1678,3403,75,"));
    testutil_proc_release(&r);

    const char *unbound[] = {"-machine", LAPTOP, "-D", "lo(1)=1", stencil, NULL};
    r = run(unbound);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "orig_stencil.xml:20:1: warning: lowerbound 'lo(3)': "
                                         "unbound parameter 'lo(3)'"));
    testutil_proc_release(&r);

    const char *spec_forced[] = {"-machine", LAPTOP, "-exasat-dialect", "-D", "n=10", TRIAD,
                                 NULL};
    r = run(spec_forced);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "xml_triad.xml:"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "Element 'parameter': This element is not expected."));
    testutil_proc_release(&r);
}

/* examples/stencil3d.c through measuretool -xml (its call sites in the XML): ten sweeps of
 * stencil7 from main's step loop, 10 x 62^3 x 8 flops at n = 64, plus main's own sum,
 * 64^3 adds; the step loop keeps none of the flops its call added.  Per nest CSV rows:
 * stencil7's line 9, then main's lines 26, 28, 35. */
static void test_whole_program_calls(void)
{
    const char *analyze[] = {"-static-counting-only", "-report-file", "s3.txt", "-xml", "s3.xml",
                             AITOOL_SOURCE_DIR "/examples/stencil3d.c", NULL};
    testutil_proc r = testutil_exec_program(tmpdir, AITOOL_MEASURETOOL, analyze);
    CU_ASSERT_EQUAL_FATAL(r.status, 0);
    testutil_proc_release(&r);
    const char *model[] = {"-machine", VM, "-csv", "-D", "n=64", "s3.xml", NULL};
    r = run(model);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\ns3.xml,stencil7,9,19066240,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\ns3.xml,main,28,0,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\ns3.xml,main,35,262144,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\ntotal,,,19328384,"));
    testutil_proc_release(&r);
    const char *table[] = {"-machine", VM, "-D", "n=64", "s3.xml", NULL};
    r = run(table);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nnest at s3.xml:9 (function stencil7)\n"
                                         "  runs 10 times, on 1 core (sequential: no "
                                         "worksharing loop)\n"));
    testutil_proc_release(&r);
}

/* -compile end to end: measuretool -xml leaves ax.xml beside ax.c (testsuite/incore/axpy.c),
 * perfmodel compiles ax.c and says the in-core time in the table and the JSON (the
 * numbers themselves are test_perf_incore's); measuretool -machine -compile says the same
 * line.  A command with shell metacharacters is words: the compiler refuses `;`, the nest
 * keeps its estimate with a warning, and `touch` never runs. */
static void test_compile(void)
{
    const char *version[] = {"--version", NULL};
    testutil_proc mca = testutil_exec_program(tmpdir, "llvm-mca-19", version);
    bool have = mca.status == 0;
    testutil_proc_release(&mca);
    if (!have) {
        printf("\n  SKIPPED: llvm-mca-19 is not installed (Debian's llvm-19)\n");
        return;
    }
    char *c = testutil_read_file(AITOOL_SOURCE_DIR "/testsuite/incore/axpy.c");
    char *path = testutil_path(tmpdir, "ax.c");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(path, c));
    const char *analyze[] = {"-static-counting-only", "-report-file", "ax.txt", "-xml",
                             "ax.xml", "ax.c", NULL};
    testutil_proc r = testutil_exec_program(tmpdir, AITOOL_MEASURETOOL, analyze);
    CU_ASSERT_EQUAL_FATAL(r.status, 0);
    testutil_proc_release(&r);
    const char *json[] = {"-machine", ZEN5, "-D", "n=1003", "-compile", "gcc -O2", "-json",
                          "-", "ax.xml", NULL};
    r = run(json);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\n  in-core: `gcc -O2`: "));
    cJSON *root = cJSON_Parse(strstr(r.out, "\n{") ? strstr(r.out, "\n{") : r.out);
    const cJSON *incore = cJSON_GetObjectItem(
        cJSON_GetArrayItem(cJSON_GetObjectItem(root, "loops"), 0), "incore");
    CU_ASSERT_TRUE(cJSON_IsTrue(cJSON_GetObjectItem(incore, "used")));
    CU_ASSERT_STRING_EQUAL(cJSON_GetStringValue(cJSON_GetObjectItem(incore, "compiler")),
                           "gcc -O2");
    CU_ASSERT_TRUE(cJSON_GetNumberValue(cJSON_GetObjectItem(incore, "cycles_per_iteration")) > 0);
    cJSON_Delete(root);
    testutil_proc_release(&r);
    const char *shell[] = {"-machine", ZEN5, "-D", "n=1003", "-compile",
                           "gcc -O2 ; touch pwned", "ax.xml", NULL};
    r = run(shell);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "ax.xml:3:1: warning: the in-core time of this nest "
                                         "is the estimate from its counts, not from the "
                                         "compiled code: 'gcc -O2 ; touch pwned' failed on "));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "in-core: the estimate from the counts, not `gcc -O2 "
                                         "; touch pwned`: "));
    char *pwned = testutil_path(tmpdir, "pwned");
    CU_ASSERT_NOT_EQUAL(access(pwned, F_OK), 0);
    testutil_proc_release(&r);
    const char *mt[] = {"-static-counting-only", "-report-file", "ax.txt", "-machine", ZEN5,
                        "-param", "n=1003", "-compile", "gcc -O2", "ax.c", NULL};
    r = testutil_exec_program(tmpdir, AITOOL_MEASURETOOL, mt);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *report = read_output("ax.txt");
    CU_ASSERT_PTR_NOT_NULL(strstr(report, "\nin-core: `gcc -O2`: "));
    free(report);
    free(pwned);
    free(path);
    free(c);
}

/* Regression: what measuretool -xml writes for 300 nested loops (302
 * elements deep with program and function, past libxml2's default limit of
 * 256) perfmodel reads and models. */
static void test_deep_nest(void)
{
    enum { DEPTH = 300 };
    strbuf src = STRBUF_INIT;
    strbuf_append(&src, "void f(double *a, int n)\n{\n");
    for (int k = 0; k < DEPTH; k++)
        strbuf_printf(&src, "for (int i%d = 0; i%d < n; i%d++)\n", k, k, k);
    strbuf_printf(&src, "a[i%d] += 1.0;\n}\n", DEPTH - 1);
    char *c_path = testutil_path(tmpdir, "deep.c");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(c_path, strbuf_cstr(&src)));
    const char *analyze[] = {"-static-counting-only", "-report-file", "deep.txt", "-xml",
                             "deep.xml", "deep.c", NULL};
    testutil_proc r = testutil_exec_program(tmpdir, AITOOL_MEASURETOOL, analyze);
    CU_ASSERT_EQUAL_FATAL(r.status, 0);
    testutil_proc_release(&r);
    char *xml_path = testutil_path(tmpdir, "deep.xml");
    char *xml = testutil_read_file(xml_path);
    unsigned loops = 0;
    for (const char *at = xml; at && (at = strstr(at, "<loop ")); at++)
        loops++;
    CU_ASSERT_EQUAL(loops, DEPTH);

    /* n = 2: the innermost body runs 2^300 times, one add each. */
    const char *model[] = {"-machine", VM, "-csv", "-D", "n=2", "deep.xml", NULL};
    r = run(model);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    char row[96];
    snprintf(row, sizeof row, "\ndeep.xml,f,3,%.17g,", ldexp(1.0, DEPTH));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, row));
    testutil_proc_release(&r);
    free(xml);
    free(xml_path);
    free(c_path);
    strbuf_release(&src);
}

/* Issue 13: a -D value or a sweep bound that is not a whole number bound n to
 * what C's unary operators made of it (n=--1 ran with n=1). */
static void expect_usage_error(const char *const *args, const char *message)
{
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_STRING_EQUAL(r.out, "");
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, message));
    if (!strstr(r.err, message))
        fprintf(stderr, "\n  expected \"%s\", got \"%s\"\n", message, r.err);
    testutil_proc_release(&r);
}

static void test_values_are_whole_numbers(void)
{
    const char *define[] = {"-machine", VM, "-D", "n=--1", TRIAD, NULL};
    expect_usage_error(define, "perfmodel: error: -D n=--1: the value is not a whole number");
    const char *expr[] = {"-machine", VM, "-Dn=2*4", TRIAD, NULL};
    expect_usage_error(expr, "perfmodel: error: -D n=2*4: the value is not a whole number");
    const char *from[] = {"-machine", VM, "-sweep", "n=--1:5", TRIAD, NULL};
    expect_usage_error(from, "perfmodel: error: -sweep n=--1:5: '--1': the value is not a whole");
    const char *to[] = {"-machine", VM, "-sweep", "n=1: 5x", TRIAD, NULL};
    expect_usage_error(to, "perfmodel: error: -sweep n=1: 5x: ' 5x': the value is not a whole");
    const char *step[] = {"-machine", VM, "-sweep", "n=1:5:+1.5", TRIAD, NULL};
    expect_usage_error(step, "perfmodel: error: -sweep n=1:5:+1.5: '1.5': the value is not a");
    const char *factor[] = {"-machine", VM, "-sweep", "n=1:5:xinf", TRIAD, NULL};
    expect_usage_error(factor, "perfmodel: error: -sweep n=1:5:xinf: the factor 'inf' is not a "
                               "number above 1");
    /* Issue 26: it stepped by 1 up to 0 before multiplying, undocumented. */
    const char *negative[] = {"-machine", VM, "-sweep", "n=-5:5:x2", TRIAD, NULL};
    expect_usage_error(negative, "perfmodel: error: -sweep n=-5:5:x2: a sweep by a factor starts "
                                 "at 0 or above, not at -5");
}

/* Issue 13: -sweep stopped at 100000 points without a word; now more is an
 * error before any row, and 100000 points are all printed (header + rows). */
static void test_sweep_cap(void)
{
    const char *over[] = {"-machine", VM, "-sweep", "n=1:100001", TRIAD, NULL};
    expect_usage_error(over, "perfmodel: error: -sweep n=1:100001: more than 100000 points");
    const char *at[] = {"-machine", VM, "-sweep", "n=1:100000", TRIAD, NULL};
    testutil_proc r = run(at);
    CU_ASSERT_EQUAL(r.status, 0);
    int lines = 0;
    for (const char *c = r.out; *c; c++)
        lines += *c == '\n';
    CU_ASSERT_EQUAL(lines, 100001);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\n100000,200000,"));
    testutil_proc_release(&r);
}

/* Issue 13: -json and -plot wrote over the kernel or the machine file, exit 0. */
static void test_outputs_over_inputs_are_refused(void)
{
    char *kernel_text = testutil_read_file(TRIAD);
    char *machine_text = testutil_read_file(VM);
    CU_ASSERT_PTR_NOT_NULL_FATAL(kernel_text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(machine_text);
    const char *names[] = {"k.xml", "m.json", "m.svg"};
    const char *texts[] = {kernel_text, machine_text, machine_text};
    for (int i = 0; i < 3; i++) {
        char *path = testutil_path(tmpdir, names[i]);
        CU_ASSERT_TRUE_FATAL(testutil_write_file(path, texts[i]));
        free(path);
    }
    const char *json_over_kernel[] = {"-machine", VM, "-Dn=10", "-json", "./k.xml", "k.xml", NULL};
    expect_usage_error(json_over_kernel,
                       "perfmodel: error: -json './k.xml' is the input 'k.xml': refusing to "
                       "overwrite it\n");
    const char *json_over_machine[] = {"-machine", "m.json", "-Dn=10", "-json", "m.json", "k.xml",
                                       NULL};
    expect_usage_error(json_over_machine,
                       "perfmodel: error: -json 'm.json' is the input 'm.json': refusing to "
                       "overwrite it\n");
    const char *plot_over_machine[] = {"-machine", "m.svg", "-Dn=10", "-plot", "m.svg", "k.xml",
                                       NULL};
    expect_usage_error(plot_over_machine,
                       "perfmodel: error: -plot 'm.svg' is the input 'm.svg': refusing to "
                       "overwrite it\n");
    for (int i = 0; i < 3; i++) {
        char *path = testutil_path(tmpdir, names[i]);
        char *text = testutil_read_file(path);
        CU_ASSERT_STRING_EQUAL(text, texts[i]);
        free(text);
        free(path);
    }
    /* Issue 26: a link to the kernel, and two outputs onto one file. */
    char *sym = testutil_path(tmpdir, "k-link.xml");
    CU_ASSERT_EQUAL(symlink("k.xml", sym), 0);
    free(sym);
    const char *json_over_link[] = {"-machine", VM, "-Dn=10", "-json", "k-link.xml", "k.xml",
                                    NULL};
    expect_usage_error(json_over_link, "perfmodel: error: -json 'k-link.xml' is the input "
                                       "'k.xml': refusing to overwrite it\n");
    const char *twice[] = {"-machine", VM, "-Dn=10", "-json", "o.svg", "-plot", "./o.svg",
                           "k.xml", NULL};
    expect_usage_error(twice, "perfmodel: error: -plot './o.svg' is also -json 'o.svg': "
                              "refusing to write one file twice\n");
    char *text = testutil_read_file(TRIAD);
    char *kept = read_output("k.xml");
    CU_ASSERT_STRING_EQUAL(kept, text);
    free(kept);
    free(text);
    free(kernel_text);
    free(machine_text);
}

/* Issue 26: every way perfmodel prints, onto a full device, is an error
 * with its reason (-sweep had said nothing). */
static void test_failed_standard_output(void)
{
    const char *table[] = {AITOOL_PERFMODEL, "-machine", VM, "-Dn=1000", TRIAD, NULL};
    const char *csv[] = {AITOOL_PERFMODEL, "-machine", VM, "-Dn=1000", "-csv", TRIAD, NULL};
    const char *sweep[] = {AITOOL_PERFMODEL, "-machine", VM, "-sweep", "n=1000:100000:x2", TRIAD,
                           NULL};
    const char *json[] = {AITOOL_PERFMODEL, "-machine", VM, "-Dn=1000", "-json", "-", TRIAD, NULL};
    const char *help[] = {AITOOL_PERFMODEL, "-help", NULL};
    const char *const *cases[] = {table, csv, sweep, json, help};
    for (int i = 0; i < 5; i++) {
        testutil_proc r = testutil_exec_full(tmpdir, cases[i]);
        CU_ASSERT_EQUAL(r.status, 1);
        CU_ASSERT_STRING_EQUAL(r.err, "perfmodel: error: writing standard output: No space left "
                                      "on device\n");
        testutil_proc_release(&r);
    }
}

/* Issue 13: the JSON is not left behind when the chart cannot be written. */
static void test_outputs_replaced_together(void)
{
    const char *failing[] = {"-machine", VM, "-Dn=10", "-json", "both.json", "-plot",
                             "no/such/dir/both.svg", TRIAD, NULL};
    testutil_proc r = run(failing);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "perfmodel: error: writing 'no/such/dir/both.svg': No such file or directory"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "perfmodel: note: 'both.json' was not written"));
    testutil_proc_release(&r);
    char *path = testutil_path(tmpdir, "both.json");
    char *json = testutil_read_file(path);
    CU_ASSERT_PTR_NULL(json);
    free(json);
    free(path);
}

/* "-" is standard input for the machine file or a kernel, as a shell's redirection gives
 * them, and the same table either way; twice "-" is a usage error naming both. */
static testutil_proc run_shell(const char *command)
{
    const char *argv[] = {"/bin/sh", "-c", command, NULL};
    return testutil_exec(tmpdir, argv);
}

static void test_standard_input(void)
{
    const char *files[] = {"-machine", VM, "-D", "n=1000", TRIAD, NULL};
    testutil_proc want = run(files);
    CU_ASSERT_EQUAL(want.status, 0);
    testutil_proc r = run_shell("'" AITOOL_PERFMODEL "' -machine '" VM "' -D n=1000 - < '" TRIAD "'");
    CU_ASSERT_EQUAL(r.status, 0);
    /* The kernel is named "-" now: its nest's line and its hot-loop row say so, the rest
     * is the same. */
    const char *rest = strstr(want.out, "  loop ");
    const char *hot = strstr(want.out, "\nhot loops: ");
    CU_ASSERT_PTR_NOT_NULL_FATAL(rest);
    CU_ASSERT_PTR_NOT_NULL_FATAL(hot);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "nest at -:5 (function triad)"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "triad at -:5\n"));
    const char *same = strstr(r.out, "  loop ");
    CU_ASSERT_TRUE(same && !strncmp(same, rest, (size_t)(hot - rest)));
    testutil_proc_release(&r);
    r = run_shell("'" AITOOL_PERFMODEL "' -machine - -D n=1000 '" TRIAD "' < '" VM "'");
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, want.out);
    testutil_proc_release(&r);
    testutil_proc_release(&want);
    const char *twice[] = {"-machine", "-", "-D", "n=1000", TRIAD, "-", NULL};
    r = run(twice);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "perfmodel: error: standard input (-) is given for both "
                                         "-machine and an XML input: it can be read once"));
    CU_ASSERT_STRING_EQUAL(r.out, "");
    testutil_proc_release(&r);
    const char *two_kernels[] = {"-machine", VM, "-", "-", NULL};
    r = run(two_kernels);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "for both an XML input and an XML input"));
    testutil_proc_release(&r);
}


/* hot_nests.xml's four nests on VM: the triads move 32 bytes an iteration at
 * 12 GB/s (line 10: 3e7 iterations, 0.08 s; lines 5 and 15: 1e7, 0.08 / 3 s
 * each, a tie listed by line), line 20 does 1e8 adds at 83.2 GFLOP/s, one of
 * the two cores (sequential: no omp directive). */
#define HOT_NESTS AITOOL_SOURCE_DIR "/testsuite/xml/hot_nests.xml"
static const double hot_total_s = 0.08 + 2 * 0.08 / 3 + 1e8 / 83.2e9;

static void test_hot_loops(void)
{
    const char *all[] = {"-machine", VM, HOT_NESTS, NULL};
    testutil_proc r = run(all);
    CU_ASSERT_EQUAL(r.status, 0);
    /* The list ends the report, after the totals. */
    const char *list = strstr(r.out, "\nhot loops: the 4 of 4 nests of largest predicted time\n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(list);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\ntotal:\n"));
    CU_ASSERT_TRUE(strstr(r.out, "\ntotal:\n") < list);
    CU_ASSERT_STRING_EQUAL(
        list, "\nhot loops: the 4 of 4 nests of largest predicted time\n"
              "  rank   share         time s bound            AI  function at file:line\n"
              "     1  59.46%           0.08 memory       0.0625  hot at hot_nests.xml:10\n"
              "     2  19.82%      0.0266667 memory       0.0625  hot at hot_nests.xml:5\n"
              "     3  19.82%      0.0266667 memory       0.0625  hot at hot_nests.xml:15\n"
              "     4   0.89%     0.00120192 compute           0  hot at hot_nests.xml:20\n");
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nnest at hot_nests.xml:20 (function hot)\n"
                                         "  runs 1 time, on 1 core (sequential: no worksharing loop)\n"));
    testutil_proc_release(&r);
    /* -cores 2 puts the sequential nest on both cores: half the time. */
    const char *both[] = {"-machine", VM, "-cores", "2", HOT_NESTS, NULL};
    r = run(both);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nnest at hot_nests.xml:20 (function hot)\n"
                                         "  runs 1 time, on 2 cores (-cores)\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "     4   0.45%    0.000600962 compute           0  "
                                         "hot at hot_nests.xml:20\n"));
    testutil_proc_release(&r);

    const char *two[] = {"-machine", VM, "-top", "2", "-json", "hot.json", HOT_NESTS, NULL};
    r = run(two);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "hot loops: the 2 of 4 nests"));
    size_t len = strlen(r.out), tail = strlen("hot at hot_nests.xml:5\n");
    CU_ASSERT_TRUE(len > tail && !strcmp(r.out + len - tail, "hot at hot_nests.xml:5\n"));
    CU_ASSERT_PTR_NULL(strstr(r.out, "hot_nests.xml:15\n"));
    testutil_proc_release(&r);
    char *text = read_output("hot.json");
    cJSON *j = cJSON_Parse(text);
    free(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    const cJSON *hot = cJSON_GetObjectItem(j, "hot_loops");
    CU_ASSERT_EQUAL_FATAL(cJSON_GetArraySize(hot), 2);
    static const struct {
        int line;
        double time_s;
    } expect[] = {{10, 0.08}, {5, 0.08 / 3}};
    for (int i = 0; i < 2; i++) {
        const cJSON *h = cJSON_GetArrayItem(hot, i);
        CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItem(h, "file")->valuestring, HOT_NESTS);
        CU_ASSERT_EQUAL(cJSON_GetObjectItem(h, "line")->valueint, expect[i].line);
        CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItem(h, "function")->valuestring, "hot");
        CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(h, "time_s")->valuedouble, expect[i].time_s,
                               1e-12);
        CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(h, "share")->valuedouble,
                               expect[i].time_s / hot_total_s, 1e-12);
        CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItem(h, "bound")->valuestring, "memory");
        CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(h, "ai")->valuedouble, 2.0 / 32, 0);
    }
    cJSON_Delete(j);

    /* -top 0: no list, in the text or the JSON. */
    const char *none[] = {"-machine", VM, "-top", "0", "-json", "none.json", HOT_NESTS, NULL};
    r = run(none);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NULL(strstr(r.out, "hot loops"));
    testutil_proc_release(&r);
    text = read_output("none.json");
    CU_ASSERT_PTR_NULL(strstr(text, "hot_loops"));
    free(text);

    const char *negative[] = {"-machine", VM, "-top", "-1", HOT_NESTS, NULL};
    r = run(negative);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "-top"));
    testutil_proc_release(&r);
}

int main(void)
{
    tmpdir = testutil_make_tempdir();
    if (!tmpdir)
        return 2;
    /* -compile's disk cache: the run's own, in its directory */
    char *cache = testutil_path(tmpdir, "incore-cache");
    setenv("AITOOL_CACHE_DIR", cache, 1);
    free(cache);
    static const testutil_case cases[] = {
        {"usage errors", test_usage},
        {"standard input for the machine or a kernel", test_standard_input},
        {"--version", test_version},
        {"README's option table", test_readme_option_table},
        {"table, CSV and JSON", test_outputs},
        {"hot loops and -top", test_hot_loops},
        {"bad input", test_bad_input},
        {"-model and -cores", test_models},
        {"sweep and plots", test_sweep_and_plots},
        {"values are whole numbers", test_values_are_whole_numbers},
        {"sweep cap", test_sweep_cap},
        {"outputs over inputs are refused", test_outputs_over_inputs_are_refused},
        {"failed standard output", test_failed_standard_output},
        {"outputs replaced together", test_outputs_replaced_together},
        {"calibration writes a machine file", test_calibrate},
        {"the ExaSAT tools' dialect", test_exasat_dialect},
        {"a 300-deep nest from measuretool", test_deep_nest},
        {"whole-program totals follow the calls", test_whole_program_calls},
        {"-compile: the in-core time from the compiled code", test_compile},
        {NULL, NULL},
    };
    static const testutil_suite suites[] = {{"perfmodel", cases}};
    int status = testutil_run(suites, 1);
    testutil_remove_tree(tmpdir);
    free(tmpdir);
    return status;
}
