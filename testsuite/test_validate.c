/* The validation benchmark (bench/validate/): the kernels' ExaSAT XML as
 * measuretool writes it at build time, the driver's predictions of both
 * models at a size worked out by hand, its size classes, its outputs (CSV,
 * JSON, chart), its errors, and one small real measurement. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "testutil.h"

#define ECM AITOOL_SOURCE_DIR "/testsuite/machines/ecm-test.json"
#define NO_BENCHMARKS AITOOL_SOURCE_DIR "/perfmodel/machines/small-vm-2core.json"

static char *tmpdir;

static const char *const kernels[] = {
    "triad",  "daxpy",    "dot",       "divsum", "stencil2d", "stencil2d_long", "stencil3d",
    "stencil3d27", "spmv", "matvec",   "matmul", "matmul_blocked", "box9", "heat3d", "blur5",
    "sum",    "sum_fast", "norm",      "norm_fast", "vmax",   "vmax_fast", "transpose",
    "gather", "cmul",     "rot3"};

static testutil_proc run(const char *const *args)
{
    return testutil_exec_program(tmpdir, AITOOL_VALIDATE, args);
}

/* --version: one line with the version. */
static void test_version(void)
{
    testutil_expect_version(AITOOL_VALIDATE, "validate", false);
}

/* measuretool's XML of each kernel, written by the build, is the committed one byte for byte. */
static void test_xml_is_measuretools(void)
{
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
        char name[64];
        snprintf(name, sizeof name, "%s.xml", kernels[i]);
        char *built_path = testutil_path(AITOOL_VALIDATE_XML_DIR, name);
        char *golden_path = testutil_path(AITOOL_SOURCE_DIR "/bench/validate/xml", name);
        char *built = testutil_read_file(built_path), *golden = testutil_read_file(golden_path);
        CU_ASSERT_PTR_NOT_NULL(built);
        CU_ASSERT_PTR_NOT_NULL(golden);
        if (built && golden && strcmp(built, golden) != 0) {
            fprintf(stderr, "%s differs from %s\n", built_path, golden_path);
            CU_FAIL("a kernel's XML differs from the committed one");
        }
        free(built);
        free(golden);
        free(built_path);
        free(golden_path);
    }
}

/* The outputs go to the test's directory, never to the build's defaults. */
static char *out_csv, *out_json, *out_png;

/* On testsuite/machines/ecm-test.json (4 cores, 2 GHz, write-allocate; L1 32 KiB, L2 1 MiB,
 * L3 16 MiB: 4 MiB per core, so L3 is a size class), at memory size with 64 MiB per kernel:
 *   divsum: n = 64 MiB / 16 B = 4194304; a and b read, 16 n = 67108864 bytes from every level.
 *     Roofline, 1 core: its streams (2 reads, 0 writes) are load2's; memory at 9 GB/s gives
 *     0.0074565 s, over L3 (25 GB/s, 0.0027) and the flops (5 n weighted at 25 GFLOP/s), but
 *     the sum is a carried chain: n adds at 4 cycles of latency, 4 n cycles at 2 GHz =
 *     0.0083886 s, compute-bound.  ECM, 1 core: T_OL is the chain's 4 n cycles (the add and
 *     divide at vector throughput, (0.5 + 4) / 4 lanes, take less); the data: L1 at load2's
 *     48 GB/s, then each level adds what load2 takes there over the level before,
 *     16 n (1/48e9 + (1/40e9 - 1/48e9) + (1/25e9 - 1/40e9) + (1/9e9 - 1/25e9)) = 16 n / 9e9 =
 *     0.0074565 s, under T_OL: 0.0083886 s, compute-bound.  4 cores: 0.0083886 / 4 =
 *     0.0020972 s, under load2's 4-core memory bandwidth (20 GB/s): 0.0033554 s, both models.
 *   spmv: rows of 8 nonzeros, 168 bytes a row: rows = 64 MiB / 168 rounded down to a whole
 *     number of 64-row blocks = 399424, 3195392 nonzeros.  Per nonzero val 8, col 4 and the
 *     gathered x 8 bytes, per row y written and write-allocated 16: 70298624 bytes from memory.
 *     Roofline, 1 core: 3 reads and no writes, as near load2 as load4, and load2 comes first:
 *     70298624 / 9e9 = 0.0078110 s; 4 cores at 20 GB/s: 0.0035149 s.  ECM, 1 core: the chain,
 *     4 cycles a nonzero (sum is declared in the row loop's body, so the row loop carries
 *     nothing, and the machine has no chain_window: the rows' chains do not overlap):
 *     12781568 cycles, 0.0063908 s; the data: L1 67103232 bytes (no write-allocate there) at 48 GB/s, then
 *     70298624 at load2's steps (1/40e9 - 1/48e9) + (1/25e9 - 1/40e9) + (1/9e9 - 1/25e9):
 *     0.0013980 + 0.0063464 = 0.0077444 s; but one core's memory bandwidth (load2, 9 GB/s)
 *     limits it to 0.0078110 s (memory); 4 cores: 0.0035149 s (memory).
 *   sum: n = 64 MiB / 8 B = 8388608, one read stream; the chain of n adds, 4 n cycles at 2 GHz
 *     = 0.0167772 s, is over memory's 67108864 bytes at load2's 9 GB/s (0.0074565 s; the
 *     nearest benchmark to one read stream): compute-bound in both models; 4 cores: 0.0041943
 *     s, over load2's 20 GB/s (0.0033554 s).
 * With -compile off the model's in-core time is its own estimate, the same in both builds. */
static const char *const dry_rows[] = {
    "divsum          %-9s memory     1 n=4194304                       -   8.389e-03 compute   "
    "8.389e-03 compute       \n",
    "divsum          %-9s memory     4 n=4194304                       -   3.355e-03 memory    "
    "3.355e-03 memory        \n",
    "spmv            %-9s memory     1 rows=399424 w=8                 -   7.811e-03 memory    "
    "7.811e-03 memory        \n",
    "spmv            %-9s memory     4 rows=399424 w=8                 -   3.515e-03 memory    "
    "3.515e-03 memory        \n",
    "sum             %-9s memory     1 n=8388608                       -   1.678e-02 compute   "
    "1.678e-02 compute       \n",
    "sum             %-9s memory     4 n=8388608                       -   4.194e-03 compute   "
    "4.194e-03 compute       \n",
};

static void test_dry_run_predictions(void)
{
    const char *args[] = {"-machine", ECM, "-footprint-mib", "64", "-size", "memory",
                          "-kernel", "divsum", "-kernel", "spmv", "-kernel", "sum",
                          "-compile", "off", "-dry-run", "-csv", out_csv, "-json", out_json,
                          NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "working sets: memory 65536 KiB; dry run"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "uses its own in-core estimate (-compile off)\n"));
    static const char *const builds[] = {"O2", "O3-native"};
    for (size_t b = 0; b < 2; b++)
        for (size_t i = 0; i < sizeof dry_rows / sizeof dry_rows[0]; i++) {
            char row[256];
            row[0] = '\n';
            snprintf(row + 1, sizeof row - 1, dry_rows[i], builds[b]);
            if (!strstr(r.out, row)) {
                fprintf(stderr, "missing row:%s", row);
                CU_FAIL("a dry-run row differs from the one worked by hand");
            }
        }
    CU_ASSERT_PTR_NULL(strstr(r.out, "median"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "prediction time: at most "));
    char *csv = testutil_read_file(out_csv), *json = testutil_read_file(out_json);
    CU_ASSERT_PTR_NOT_NULL_FATAL(csv);
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(csv, "kernel,build,size,cores,parameters,bytes,repetitions,"
                                       "roofline_s,roofline_bound,ecm_s,ecm_bound,measured_s,"
                                       "spread_pct,roofline_error_pct,ecm_error_pct\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(csv, "\ndivsum,O2,memory,1,n=4194304,67108864,,8.388608e-03,"
                                       "compute,8.388608e-03,compute,,,,\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(csv, "\nsum,O3-native,memory,4,n=8388608,67108864,,"
                                       "4.194304e-03,compute,4.194304e-03,compute,,,,\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"kernel\":\t\"spmv\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"build\":\t\"O3-native\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"measured_s\":\tnull"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"dry_run\":\ttrue"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"compile\":\tfalse"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"compile\":\tnull"));
    free(csv);
    free(json);
    testutil_proc_release(&r);
}

/* -compile on (the default): each row's command is its build's, the kernel's own flags after
 * it; -build keeps one build. */
static void test_compile_commands(void)
{
    const char *args[] = {"-machine", ECM, "-footprint-mib", "64", "-size", "memory",
                          "-kernel", "sum_fast", "-build", "O3-native", "-dry-run",
                          "-csv", out_csv, "-json", out_json, NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, " -O3 -march=native -fopenmp); the model is given each "
                                         "build's command (-compile on)\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nsum_fast        O3-native memory     1 n=8388608 "));
    CU_ASSERT_PTR_NULL(strstr(r.out, "\nsum_fast        O2 "));
    char *json = testutil_read_file(out_json);
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"compile\":\ttrue"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, " -std=gnu11 -O3 -march=native -fopenmp -ffast-math\""));
    CU_ASSERT_PTR_NULL(strstr(json, " -O2 "));
    free(json);
    testutil_proc_release(&r);
}

/* The size classes: by default the last cache only when it holds at most 4 MiB per core; each
 * case served by its class's level, or a warning. */
static void test_size_classes(void)
{
    const char *args[] = {"-machine", NO_BENCHMARKS, "-dry-run", NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "validate: error: "));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "has no benchmarks table"));
    testutil_proc_release(&r);

    const char *ecm[] = {"-machine", ECM, "-dry-run", "-kernel", "triad", "-csv", out_csv,
                         "-json", out_json, NULL};
    r = run(ecm);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NULL(strstr(r.err, "warning"));
    CU_ASSERT_PTR_NOT_NULL(
        strstr(r.out, "working sets: L1 13 KiB L2 410 KiB L3 6554 KiB memory 262144 KiB"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\ntriad           O2        L3         4 n=279620 "));
    testutil_proc_release(&r);

    /* 4 MiB fits in half of the 16 MiB L3: the case is not at memory size, and that is said. */
    const char *small[] = {"-machine", ECM, "-dry-run", "-size", "memory", "-footprint-mib", "4",
                           "-kernel", "triad", "-csv", out_csv, "-json", out_json, NULL};
    r = run(small);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(
        r.err, "validate: warning: triad at memory size: the model serves its data from L3\n"));
    testutil_proc_release(&r);

    const char *size[] = {"-machine", ECM, "-dry-run", "-size", "L4", NULL};
    r = run(size);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "validate: error: -size: no size class 'L4'"));
    testutil_proc_release(&r);
}

/* A real run, small and short: rows with measured times (the best of the default two passes,
 * the table printed once), the verdicts of both models per build, the three outputs, and exit
 * 0 or 1 (a target met or missed), never a setup error. */
static void test_measures(void)
{
    const char *args[] = {"-machine", ECM, "-footprint-mib", "16", "-runs", "1", "-kernel", "dot",
                          "-kernel", "stencil2d_long", "-kernel", "cmul", "-size", "L1",
                          "-size", "memory", "-build", "O2", "-compile", "off", "-csv", out_csv,
                          "-json", out_json, "-plot", out_png, NULL};
    testutil_proc r = run(args);
    CU_ASSERT(r.status == 0 || r.status == 1);
    const char *dot = "\ndot             O2        L1         1 n=819 ";
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, dot));
    CU_ASSERT_PTR_NULL(strstr(r.out, dot) && strstr(strstr(r.out, dot) + 1, dot));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, ", the best of 2 passes\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "validate: pass 1 of 2, every case measured"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nstencil2d_long  O2        memory     1 m=8 n=131072 "));
    /* 16 MiB of three arrays of n pairs of doubles: n = 16 MiB / 48 B = 349525 */
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\ncmul            O2        memory     1 n=349525 "));
    CU_ASSERT_PTR_NULL(strstr(r.out, "\ntriad  "));
    CU_ASSERT_PTR_NULL(strstr(r.out, " O3-native L1 "));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nroofline  O2        1 core median    |error| "));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nECM       O2        1 core worst     |error| "));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nECM       O2        all cores median |error| "));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nECM       O3-native 1 core median    |error|     -   "
                                         "target <= 10%   (no rows)\n"));
    /* the errors by class: dot, stencil2d_long and cmul, 3 rows in each class and core count */
    const char *by = strstr(r.out, "\nby build, size and cores, median / worst |error| (rows):\n"
                                   "roofline  O2        L1     1 core   ");
    CU_ASSERT_PTR_NOT_NULL(by);
    CU_ASSERT_PTR_NOT_NULL(by && strstr(by, "%  (3)\nroofline  O2        memory 1 core   "));
    CU_ASSERT_PTR_NOT_NULL(by && strstr(by, "\nECM       O2        memory 1 core   "));
    char *csv = testutil_read_file(out_csv), *json = testutil_read_file(out_json);
    CU_ASSERT_PTR_NOT_NULL(csv && strstr(csv, "\ndot,O2,L1,1,n=819,"));
    CU_ASSERT_PTR_NOT_NULL(json && strstr(json, "\"abs_error_pct\""));
    CU_ASSERT_PTR_NOT_NULL(json && strstr(json, "\"by_class\":"));
    CU_ASSERT_PTR_NOT_NULL(json && strstr(json, "\"worst_abs_error_pct\":"));
    free(csv);
    free(json);
    struct stat st;
    CU_ASSERT(stat(out_png, &st) == 0 && st.st_size > 0);
    /* With fewer cores here than the file's 4, the model falls back to its 1-core rows: said
     * once in the whole run, not once per prediction. */
    const char *said = strstr(r.err, "(said once)");
    CU_ASSERT(!said || !strstr(said + 1, "(said once)"));
    testutil_proc_release(&r);
}

static void test_errors(void)
{
    const char *help[] = {"-help", NULL};
    testutil_proc r = run(help);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "usage: validate"));
    testutil_proc_release(&r);

    const char *unknown[] = {"-bogus", NULL};
    r = run(unknown);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "validate: error: unknown argument '-bogus'"));
    testutil_proc_release(&r);

    const char *kernel[] = {"-kernel", "fft", NULL};
    r = run(kernel);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "validate: error: -kernel: no kernel 'fft'"));
    testutil_proc_release(&r);

    const char *compile[] = {"-compile", "yes", NULL};
    r = run(compile);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "validate: error: -compile: expected on or off, not 'yes'"));
    testutil_proc_release(&r);

    const char *build[] = {"-build", "O1", NULL};
    r = run(build);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "validate: error: -build: no build 'O1' (O2 or O3-native)"));
    testutil_proc_release(&r);

    const char *plot[] = {"-plot", "chart.gif", NULL};
    r = run(plot);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "validate: error: -plot chart.gif: the chart is written as .png or .svg"));
    testutil_proc_release(&r);

    const char *runs[] = {"-runs", "0", NULL};
    r = run(runs);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "-runs: expected a whole number from 1 to 1000, not '0'"));
    testutil_proc_release(&r);

    const char *passes[] = {"-passes", "0", NULL};
    r = run(passes);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "-passes: expected a whole number from 1 to 100, not '0'"));
    testutil_proc_release(&r);

    const char *no_value[] = {"-machine", NULL};
    r = run(no_value);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "option '-machine' needs a value"));
    testutil_proc_release(&r);

    const char *too_big[] = {"-machine", ECM, "-footprint-mib", "1073741824", NULL};
    r = run(too_big);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "validate: error: -footprint-mib 1073741824: more than a third of the"));
    testutil_proc_release(&r);

    const char *no_xml[] = {"-machine", ECM, "-xml-dir", "no-such-dir", "-dry-run", NULL};
    r = run(no_xml);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "no-such-dir/triad.xml"));
    testutil_proc_release(&r);

    /* A broken kernel file stops the run before the machine is calibrated. */
    char *dir = testutil_path(tmpdir, "xml");
    CU_ASSERT_EQUAL_FATAL(mkdir(dir, 0777), 0);
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
        char name[64];
        snprintf(name, sizeof name, "%s.xml", kernels[i]);
        char *from = testutil_path(AITOOL_SOURCE_DIR "/bench/validate/xml", name);
        char *to = testutil_path(dir, name);
        char *text = testutil_read_file(from);
        CU_ASSERT_PTR_NOT_NULL(text);
        CU_ASSERT(testutil_write_file(to, strcmp(kernels[i], "dot") ? text : "<program>\n<loop>\n"));
        free(text);
        free(from);
        free(to);
    }
    const char *broken[] = {"-xml-dir", dir, NULL};
    r = run(broken);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "xml/dot.xml:3:1: error: "));
    CU_ASSERT_PTR_NULL(strstr(r.err, "calibrate:"));
    CU_ASSERT_PTR_NULL(strstr(r.err, "triad.xml"));
    testutil_proc_release(&r);
    free(dir);

    const char *bad_machine[] = {"-machine", "missing.json", "-dry-run", NULL};
    r = run(bad_machine);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "missing.json"));
    testutil_proc_release(&r);
}

int main(void)
{
    tmpdir = testutil_make_tempdir();
    if (!tmpdir)
        return 2;
    out_csv = testutil_path(tmpdir, "validate.csv");
    out_json = testutil_path(tmpdir, "validate.json");
    out_png = testutil_path(tmpdir, "validate.png");
    static const testutil_case cases[] = {
        {"kernels' XML is measuretool's", test_xml_is_measuretools},
        {"dry-run predictions worked by hand", test_dry_run_predictions},
        {"each build's compiler command", test_compile_commands},
        {"size classes and the machine", test_size_classes},
        {"a small measured run", test_measures},
        {"usage and setup errors", test_errors},
        {"--version", test_version},
        {NULL, NULL},
    };
    static const testutil_suite suites[] = {{"validate", cases}};
    int status = testutil_run(suites, 1);
    testutil_remove_tree(tmpdir);
    free(tmpdir);
    free(out_csv);
    free(out_json);
    free(out_png);
    return status;
}
