/* measuretool -chips on whole programs: calls become calls of the callee's
 * procedure (kernels/chips_calls.c: 10,000 adds; kernels/call_sites.c:
 * recursion and a call through a pointer warned about and counted once or
 * not at all), -chips-entry, and with -machine the study's time against
 * perfmodel's for each of examples/ on every machine file of the project. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer.h"
#include "loop_model.h"
#include "machine.h"
#include "mem.h"
#include "perf.h"
#include "strbuf.h"
#include "testutil.h"

static char *tmpdir;

/* A machine on which a flop costs 1 s and a byte nothing: chips gives the
 * FP operation count. */
static void write_flops_machine(void)
{
    char *base = testutil_read_file(AITOOL_SOURCE_DIR "/perfmodel/machines/small-vm-2core.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(base);
    *strrchr(base, '}') = '\0';
    strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "%s,\n  \"chips\": {\"costs\": {\"flop\": {\"add\": 1, \"sub\": 1, "
                       "\"mul\": 1, \"div\": 1, \"other\": 0}, \"mem\": {\"load\": 0, "
                       "\"store\": 0}}}\n}\n", base);
    char *path = testutil_path(tmpdir, "flops.json");
    CU_ASSERT_FATAL(testutil_write_file(path, strbuf_cstr(&sb)));
    free(path);
    strbuf_release(&sb);
    free(base);
}

/* measuretool with args (NULL-terminated), expecting `status`; its stderr
 * into *err when err is not NULL (free it). */
static void measure(const char *const *args, int status, char **err)
{
    testutil_proc r = testutil_exec_program(tmpdir, AITOOL_MEASURETOOL, args);
    CU_ASSERT_EQUAL(r.status, status);
    if (r.status != status)
        fprintf(stderr, "measuretool: %s\n", r.err);
    if (err)
        *err = mem_strdup(r.err ? r.err : "");
    testutil_proc_release(&r);
}

/* chips on study.la with that machine: its time, -1 when it failed. */
static double chips_time(const char *machine_path)
{
    const char *args[] = {"-machine", machine_path, "-csv", "-", "study.la", NULL};
    testutil_proc r = testutil_exec_program(tmpdir, AITOOL_CHIPS, args);
    CU_ASSERT_EQUAL(r.status, 0);
    double t = -1;
    /* The CSV's one point: the last field of its last line is time_s. */
    if (r.status == 0 && r.out) {
        const char *last = r.out + strlen(r.out);
        while (last > r.out && last[-1] == '\n')
            last--;
        const char *start = last;
        while (start > r.out && start[-1] != '\n' && start[-1] != ',')
            start--;
        t = strtod(start, NULL);
    } else {
        fprintf(stderr, "chips: %s\n", r.err);
    }
    testutil_proc_release(&r);
    return t;
}

static void test_calls_carry_the_work(void)
{
    write_flops_machine();
    const char *args[] = {"-static-counting-only", "-report-file", "r.txt", "-chips", "study.la",
                          AITOOL_KERNEL_DIR "/chips_calls.c", NULL};
    char *err = NULL;
    measure(args, 0, &err);
    CU_ASSERT_STRING_EQUAL(err, "");
    free(err);
    CU_ASSERT_DOUBLE_EQUAL(chips_time("flops.json"), 10000, 1e-9);
    char *path = testutil_path(tmpdir, "main.la");
    char *main_la = testutil_read_file(path);
    free(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(main_la);
    /* f's add is its procedure's, not main's loop's as well. */
    CU_ASSERT_PTR_NOT_NULL(strstr(main_la, "proc cflow Time_f var n; {\n"
                                           "    loop <0>, Max(0, n - 1 + 1) { (* line 9 *)\n"
                                           "        compute <is flop, 1*add>;\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(main_la, "    loop <0>, 10 { (* line 15 *)\n"
                                           "        call Time_f(1000); (* line 16: f *)\n"
                                           "    }\n"));
    free(main_la);

    const char *entry[] = {"-static-counting-only", "-report-file", "r.txt", "-chips",
                           "study.la", "-chips-entry", "f", "-param", "n=7",
                           AITOOL_KERNEL_DIR "/chips_calls.c", NULL};
    measure(entry, 0, NULL);
    CU_ASSERT_DOUBLE_EQUAL(chips_time("flops.json"), 7, 1e-9);

    const char *unknown[] = {"-static-counting-only", "-report-file", "r.txt", "-chips",
                             "other.la", "-chips-entry", "g",
                             AITOOL_KERNEL_DIR "/chips_calls.c", NULL};
    measure(unknown, 1, &err);
    CU_ASSERT_STRING_EQUAL(err, "measuretool: error: -chips-entry g: the program defines no "
                                "function 'g'\n");
    free(err);
    char *other = testutil_path(tmpdir, "other.la");
    CU_ASSERT_PTR_NULL(testutil_read_file(other));
    free(other);

    const char *alone[] = {"-static-counting-only", "-chips-entry", "f",
                           AITOOL_KERNEL_DIR "/chips_calls.c", NULL};
    measure(alone, 2, &err);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "-chips-entry names the function a -chips study "
                                       "evaluates: give it with -chips"));
    free(err);
}

/* call_sites.c (its comment works the counts out): main with n = 100:
 * f(1000) ten times, 10 x 1000 adds; g(n, 2.0): 1 multiply, 100 x (divide,
 * add), and f(m) with m = n: 100 adds; op(k) through a pointer: nothing;
 * fact(5): its body's multiply and, at its call of itself, what that call
 * added (one more execution of the body, 1 multiply): the recursion counted
 * once.  10000 + 1 + 200 + 100 + 2. */
static void test_recursion_and_pointers(void)
{
    write_flops_machine();
    const char *args[] = {"-static-counting-only", "-report-file", "r.txt", "-chips", "study.la",
                          "-param", "n=100", AITOOL_KERNEL_DIR "/call_sites.c", NULL};
    char *err = NULL;
    measure(args, 0, &err);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "call_sites.c:33:31: warning: 'fact' calls 'fact' "
                                       "recursively: the CHIP3S study counts one execution of "
                                       "'fact' here, as the static counts do\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "call_sites.c:44:9: warning: 'op' is a call through a "
                                       "pointer: the CHIP3S study cannot follow it and counts "
                                       "nothing for it\n"));
    free(err);
    CU_ASSERT_DOUBLE_EQUAL(chips_time("flops.json"), 10303, 1e-9);
}

/* ---- -machine: the study's time against perfmodel's ---- */

/* perfmodel's whole-program total (issue 28 item 9: each nest at the runs the calls give it). */
static double perfmodel_time(const char *source, const char *machine_path,
                             const char *const *params)
{
    analyzer_options opt = {NULL, 0, false, NULL, false, true};
    analyzer *a = analyzer_create(&opt);
    lm_program *p = lm_program_create();
    CU_ASSERT_TRUE_FATAL(analyzer_analyze_file(a, p, source));
    analyzer_free(&a);
    lm_program_finish(p);
    bexpr_bindings *b = bexpr_bindings_create();
    for (int i = 0; params[i]; i++)
        CU_ASSERT_TRUE(bexpr_bindings_parse_all(b, &params[i], 1, "-param"));
    machine *m = machine_load(machine_path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    perf_result r;
    CU_ASSERT_TRUE_FATAL(perf_evaluate(p, m, &(perf_options){.bindings = b}, &r));
    double t = r.runtime_s;
    perf_result_release(&r);
    machine_free(&m);
    bexpr_bindings_free(&b);
    lm_program_free(&p);
    return t;
}

static void test_machine_agrees_with_perfmodel(void)
{
    static const struct {
        const char *file;
        const char *params[3];
    } examples[] = {
        {"dot.c", {"n=1000", "norm_L18=1000", NULL}},
        {"jacobi.c", {"jacobi_L34=5", NULL}},
        {"matmul.c", {NULL}},
        {"stencil3d.c", {"n=64", NULL}},
        {"triad.c", {NULL}},
    };
    static const char *const machines[] = {
        AITOOL_SOURCE_DIR "/perfmodel/machines/small-vm-2core.json",
        AITOOL_SOURCE_DIR "/perfmodel/machines/laptop-4core.json",
        AITOOL_SOURCE_DIR "/perfmodel/machines/server-2s.json",
        AITOOL_SOURCE_DIR "/perfmodel/machines/zen5-vm-2core.json",
        AITOOL_SOURCE_DIR "/testsuite/machines/ecm-test.json",
    };
    for (size_t e = 0; e < sizeof examples / sizeof *examples; e++) {
        char source[512];
        snprintf(source, sizeof source, "%s/examples/%s", AITOOL_SOURCE_DIR, examples[e].file);
        for (size_t k = 0; k < sizeof machines / sizeof *machines; k++) {
            const char *args[16] = {"-static-counting-only", "-report-file", "r.txt",
                                    "-machine", machines[k], "-chips", "study.la"};
            int n = 7;
            for (int i = 0; examples[e].params[i]; i++) {
                args[n++] = "-param";
                args[n++] = examples[e].params[i];
            }
            args[n++] = source;
            args[n] = NULL;
            measure(args, 0, NULL);
            double chips = chips_time(machines[k]);
            double model = perfmodel_time(source, machines[k], examples[e].params);
            double ratio = chips / model;
            CU_ASSERT(model > 0);
            CU_ASSERT(fabs(ratio - 1) < 0.10);
            if (fabs(ratio - 1) >= 1e-3)
                fprintf(stderr, "\n  %s on %s: chips %g s, perfmodel %g s, ratio %.4f",
                        examples[e].file, machines[k], chips, model, ratio);
        }
    }
}

int main(void)
{
    tmpdir = testutil_make_tempdir();
    if (!tmpdir)
        return 2;
    static const testutil_case cases[] = {
        {"f(1000) ten times is 10,000 adds; -chips-entry", test_calls_carry_the_work},
        {"recursion and calls through pointers", test_recursion_and_pointers},
        {"-machine: examples agree with perfmodel", test_machine_agrees_with_perfmodel},
        {NULL, NULL},
    };
    const testutil_suite suites[] = {{"whole programs", cases}};
    int status = testutil_run(suites, 1);
    testutil_remove_tree(tmpdir);
    free(tmpdir);
    return status;
}
