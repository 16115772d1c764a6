/* The validation benchmark (bench/validate/): the kernels' ExaSAT XML as
 * measuretool writes it at build time, the driver's predictions at a size
 * worked out by hand, its errors, and one real measurement. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "testutil.h"

#define VM AITOOL_SOURCE_DIR "/perfmodel/machines/small-vm-2core.json"

static char *tmpdir;

static const char *const kernels[] = {"triad", "daxpy", "dot", "stencil2d", "stencil3d", "matmul"};

static testutil_proc run(const char *const *args)
{
    return testutil_exec_program(tmpdir, AITOOL_VALIDATE, args);
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

/* On the VM file (12 GB/s, write-allocate, L3 32 MiB) with 64 MiB per kernel:
 *   triad: n = 64 MiB / 24 B = 2796202; 4 arrays' worth moves (a written and
 *     write-allocated): 32 n = 89478464 bytes, 0.00746 s.
 *   stencil3d: n = cbrt(64 MiB / 16 B) = 161; planes fit, so in moves its widened
 *     161^3 region once and out its 159^3 interior twice (write + allocate):
 *     8 (161^3 + 2 * 159^3) = 97701112 bytes, 0.00814 s.
 *   matmul: n = p = floor(sqrt(2^23 + 64) - 8) = 2888 so that b and the 8-row a and c
 *     fit; b (66.7 MB) exceeds half of L3, so each of the 8 rows of a reads all of b
 *     again: 8 * 8 * 2888^2 = 533794816, plus a once (184832) and c read and written
 *     once (369664): 534349312 bytes, 0.04453 s. */
static void test_dry_run_predictions(void)
{
    const char *args[] = {"-machine", VM, "-footprint-mib", "64", "-dry-run", NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "64 MiB of arrays per kernel"));
    CU_ASSERT_PTR_NOT_NULL(
        strstr(r.out, "triad      n=2796202                   64   8.948e+07  memory       12.0     0.0075\n"));
    CU_ASSERT_PTR_NOT_NULL(
        strstr(r.out, "stencil3d  n=161                       64   9.770e+07  memory       12.0     0.0081\n"));
    CU_ASSERT_PTR_NOT_NULL(
        strstr(r.out, "matmul     m=8 n=2888 p=2888           64   5.343e+08  memory       12.0     0.0445\n"));
    CU_ASSERT_PTR_NULL(strstr(r.out, "median"));
    testutil_proc_release(&r);
}

/* A real run, small and short: rows with measured times, the summary, and exit 0 or 1
 * (a target met or missed), never a setup error. */
static void test_measures(void)
{
    const char *args[] = {"-machine", VM, "-footprint-mib", "16", "-runs", "1", "-kernel", "dot",
                          "-kernel", "stencil2d", NULL};
    testutil_proc r = run(args);
    CU_ASSERT(r.status == 0 || r.status == 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "predictions use the best triad bandwidth"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\ndot        n=1048576 "));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nstencil2d  n=1024 "));
    CU_ASSERT_PTR_NULL(strstr(r.out, "\ntriad  "));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "%\n\nmedian |error| "));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "worst  |error| "));
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

    const char *runs[] = {"-runs", "0", NULL};
    r = run(runs);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "-runs: expected a whole number from 1 to 1000, not '0'"));
    testutil_proc_release(&r);

    const char *no_value[] = {"-machine", NULL};
    r = run(no_value);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "option '-machine' needs a value"));
    testutil_proc_release(&r);

    const char *too_big[] = {"-machine", VM, "-footprint-mib", "1073741824", NULL};
    r = run(too_big);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "validate: error: -footprint-mib 1073741824: more than a third of the"));
    testutil_proc_release(&r);

    const char *no_xml[] = {"-machine", VM, "-xml-dir", "no-such-dir", "-dry-run", NULL};
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
    static const testutil_case cases[] = {
        {"kernels' XML is measuretool's", test_xml_is_measuretools},
        {"dry-run predictions worked by hand", test_dry_run_predictions},
        {"a small measured run", test_measures},
        {"usage and setup errors", test_errors},
        {NULL, NULL},
    };
    static const testutil_suite suites[] = {{"validate", cases}};
    int status = testutil_run(suites, 1);
    testutil_remove_tree(tmpdir);
    free(tmpdir);
    return status;
}
