/* Instrumentation: the edit list, measureTool's marker protocol and the
 * automatic measurement, checked by compiling and running the instrumented
 * programs against counts worked out by hand. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "edits.h"
#include "strbuf.h"
#include "testutil.h"

static char *tmpdir;

static char *in_tmp(const char *name)
{
    return testutil_path(tmpdir, name);
}

/* Copies a kernel into the temporary directory, where the tests run. */
static void copy_kernel(const char *name)
{
    strbuf src = STRBUF_INIT;
    strbuf_printf(&src, "%s/%s", AITOOL_KERNEL_DIR, name);
    char *text = testutil_read_file(strbuf_cstr(&src));
    char *dst = in_tmp(name);
    CU_ASSERT_FATAL(text != NULL);
    CU_ASSERT_FATAL(testutil_write_file(dst, text));
    free(text);
    free(dst);
    strbuf_release(&src);
}

static testutil_proc measuretool(const char *const *args)
{
    return testutil_exec_program(tmpdir, AITOOL_MEASURETOOL, args);
}

/* cc [flags] file -o exe -lm in the temporary directory; true on success. */
static bool compile(const char *file, const char *exe, const char *flag1, const char *flag2)
{
    const char *argv[12] = {"cc", "-O2", "-Wall", "-Wextra", "-Werror"};
    int n = 5;
    if (flag1)
        argv[n++] = flag1;
    if (flag2)
        argv[n++] = flag2;
    argv[n++] = file;
    argv[n++] = "-o";
    argv[n++] = exe;
    argv[n++] = "-lm";
    argv[n] = NULL;
    testutil_proc r = testutil_exec(tmpdir, argv);
    if (r.status != 0)
        fprintf(stderr, "cc %s failed:\n%s\n", file, r.err);
    bool ok = r.status == 0;
    testutil_proc_release(&r);
    return ok;
}

static testutil_proc run_program(const char *exe)
{
    char *path = in_tmp(exe);
    const char *argv[] = {path, NULL};
    testutil_proc r = testutil_exec(tmpdir, argv);
    free(path);
    return r;
}

static cJSON *read_measured(const char *name)
{
    char *path = in_tmp(name);
    char *text = testutil_read_file(path);
    free(path);
    cJSON *j = text ? cJSON_Parse(text) : NULL;
    free(text);
    return j;
}

/* clock_stub.c: a stand-in simon_advance that prints on standard error
 * the nanoseconds the run advanced. */
static void write_clock_stub(void)
{
    char *stub = in_tmp("clock_stub.c");
    CU_ASSERT_FATAL(testutil_write_file(
        stub, "#include <stdint.h>\n#include <stdio.h>\n#include <stdlib.h>\n"
              "void simon_advance(int64_t ns);\n"
              "static int64_t total;\n"
              "static void report(void) { fprintf(stderr, \"%lld\\n\", (long long)total); }\n"
              "void simon_advance(int64_t ns)\n{\n    static int once;\n"
              "    if (!once++)\n        atexit(report);\n"
              "    __atomic_fetch_add(&total, ns, __ATOMIC_RELAXED);\n}\n"));
    free(stub);
}

/* ---- the edit list ------------------------------------------------------ */

static void test_edits_order_and_lines(void)
{
    const char *src = "a;\nb;\n";
    edit_list l = EDIT_LIST_INIT;
    edits_insert(&l, 0, EDIT_OPEN, "{ ");      /* outer opening */
    edits_insert(&l, 2, EDIT_CLOSE, " }");     /* outer closing */
    edits_insert(&l, 0, EDIT_OPEN, "( ");      /* inner opening, after the outer */
    edits_insert(&l, 2, EDIT_CLOSE, " )");     /* inner closing, before the outer */
    edits_insert(&l, 3, EDIT_OPEN, "x\ny\n");  /* spans lines: #line follows */
    edits_replace(&l, 3, 1, "B");
    size_t n = 0;
    char *out = edits_apply(&l, src, strlen(src), "f.c", &n);
    CU_ASSERT_STRING_EQUAL(out, "{ ( a; ) }\nx\ny\n#line 2 \"f.c\"\nB;\n");
    CU_ASSERT_EQUAL(n, strlen(out));
    free(out);
    edits_release(&l);
    edits_replace(&l, 0, 2, "x");
    edits_replace(&l, 1, 2, "y");
    CU_ASSERT_PTR_NULL(edits_apply(&l, src, strlen(src), "f.c", &n));
    edits_release(&l);
}

/* ---- the marker protocol ----------------------------------------------- */

/* The seed's example, as the seed prints it, and the copy exactly. */
static void test_seed_example(void)
{
    copy_kernel("seed_nested.c");
    const char *args[] = {"seed_nested.c", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    char *out = in_tmp("ai_seed_nested.c");
    char *got = testutil_read_file(out);
    char *want = testutil_read_file(AITOOL_GOLDEN_DIR "/ai_seed_nested.c");
    CU_ASSERT_FATAL(got && want);
    CU_ASSERT_STRING_EQUAL(got, want);
    CU_ASSERT_FATAL(compile("ai_seed_nested.c", "seed", NULL, NULL));
    r = run_program("seed");
    CU_ASSERT_STRING_EQUAL(r.out, "chflops =401000 chloads =800000 chstores=8000\n");
    testutil_proc_release(&r);
    free(out);
    free(got);
    free(want);
}

/* Nested counted loops, a counted loop without FP work, a while loop, a
 * macro and C99 declarations (see the kernel):
 *   inner j loop: 2 flops, loads b, stores a; 8 outer iterations x 8:
 *     flops 128, loads 512, stores 512;
 *   outer i loop: c*3.0 and a - c = 2 flops; loads c and a (b counted
 *     inside), stores none (a counted inside); x 8: flops 16, loads 128;
 *   idx copy: loads 8 x 4, stores 8 x 4, no flops;
 *   while: c/2.0 four times: flops 4, loads 32, stores 32. */
static void test_manual_counts(void)
{
    copy_kernel("instr_manual.c");
    const char *args[] = {"-o", "counted.c", "instr_manual.c", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    CU_ASSERT_FATAL(compile("instr_manual.c", "plain", NULL, NULL));
    CU_ASSERT_FATAL(compile("counted.c", "counted", NULL, NULL));
    testutil_proc plain = run_program("plain"), counted = run_program("counted");
    CU_ASSERT_STRING_EQUAL(plain.out, "checksum 232.5000\nchflops =0 chloads =0 chstores=0\n");
    CU_ASSERT_STRING_EQUAL(counted.out,
                           "checksum 232.5000\nchflops =148 chloads =704 chstores=576\n");
    testutil_proc_release(&plain);
    testutil_proc_release(&counted);
    char *counted_path = in_tmp("counted.c");
    char *text = testutil_read_file(counted_path);
    free(counted_path);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "chiterations_1 = N;"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "chflops = chflops + chiterations_2 * 2;"));
    CU_ASSERT_PTR_NULL(strstr(text, "chflops = chflops + chiterations_3"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "chloads = chloads + chiterations_3 * (1 * sizeof(int ));"));
    free(text);
}

/* Declarations at the start of blocks: the copy of a C89 program is C89. */
static void test_manual_c89(void)
{
    char *path = in_tmp("c89.c");
    CU_ASSERT_FATAL(testutil_write_file(path,
        "#include <stdio.h>\n"
        "unsigned long chiterations, chloads, chstores, chflops;\n"
        "double v[16];\n"
        "int main(void)\n{\n    int i;\n    double s = 0.0;\n"
        "    chiterations = 16;\n"
        "    for (i = 0; i < 16; i++) s = s + v[i] * 2.0;\n"
        "    printf(\"%lu %lu %lu %g\\n\", chflops, chloads, chstores, s);\n"
        "    return 0;\n}\n"));
    const char *args[] = {"c89.c", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    CU_ASSERT_FATAL(compile("ai_c89.c", "c89", "-std=c89", "-pedantic-errors"));
    r = run_program("c89");
    CU_ASSERT_STRING_EQUAL(r.out, "32 128 0 0\n");
    testutil_proc_release(&r);
    free(path);
}

static void expect_error(const char *name, const char *text, const char *message)
{
    char *path = in_tmp(name);
    CU_ASSERT_FATAL(testutil_write_file(path, text));
    const char *args[] = {name, NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 1);
    if (!strstr(r.err, message))
        fprintf(stderr, "expected '%s' in:\n%s\n", message, r.err);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, message));
    testutil_proc_release(&r);
    strbuf out = STRBUF_INIT;
    strbuf_printf(&out, "%s/ai_%s", tmpdir, name);
    char *written = testutil_read_file(strbuf_cstr(&out));
    CU_ASSERT_PTR_NULL(written); /* nothing is written after an error */
    free(written);
    char *still = testutil_read_file(path);
    CU_ASSERT_STRING_EQUAL(still, text);
    free(still);
    strbuf_release(&out);
    free(path);
}

static void test_manual_errors(void)
{
    expect_error("noloop.c",
                 "unsigned long chiterations, chloads, chstores, chflops;\n"
                 "double v[4];\n"
                 "void f(void)\n{\n    chiterations = 4;\n    v[0] = 1.0;\n}\n",
                 "noloop.c:5:5: error: 'chiterations = ...' must be followed directly by the "
                 "for, while or do loop whose iterations it gives");
    expect_error("inarm.c",
                 "unsigned long chiterations, chloads, chstores, chflops;\n"
                 "double v[4];\n"
                 "void f(int c)\n{\n    int i;\n    if (c)\n        chiterations = 4;\n"
                 "    for (i = 0; i < 4; i++) v[i] = v[i] * 2.0;\n}\n",
                 "inarm.c:7:9: error: 'chiterations = ...' must be a statement of its own in a "
                 "block");
    expect_error("nocounters.c",
                 "unsigned long chiterations;\n"
                 "double v[4];\n"
                 "void f(void)\n{\n    int i;\n    chiterations = 4;\n"
                 "    for (i = 0; i < 4; i++) v[i] = v[i] * 2.0;\n}\n",
                 "nocounters.c:6:5: error: the counter 'chloads' is not declared");
    expect_error("undeclared.c",
                 "double v[4];\n"
                 "void f(void)\n{\n    int i;\n    chiterations = 4;\n"
                 "    for (i = 0; i < 4; i++) v[i] = v[i] * 2.0;\n}\n",
                 "undeclared.c:5:5: error: use of undeclared identifier 'chiterations'");
}

static void test_outputs(void)
{
    copy_kernel("instr_manual.c");
    char *input = in_tmp("instr_manual.c");
    char *before = testutil_read_file(input);
    const char *over[] = {"-o", "instr_manual.c", "instr_manual.c", NULL};
    testutil_proc r = measuretool(over);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_STRING_EQUAL(r.err, "measuretool: error: -o 'instr_manual.c' is the input "
                                  "'instr_manual.c': refusing to overwrite it\n");
    testutil_proc_release(&r);
    const char *two[] = {"-o", "x.c", "instr_manual.c", "seed_nested.c", NULL};
    r = measuretool(two);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "-o names one output, but 2 files were given"));
    testutil_proc_release(&r);
    char *after = testutil_read_file(input);
    CU_ASSERT_STRING_EQUAL(before, after);
    free(before);
    free(after);
    free(input);

    char *plain = in_tmp("plain.c");
    CU_ASSERT_FATAL(testutil_write_file(plain, "int main(void) { return 0; }\n"));
    const char *none[] = {"plain.c", NULL};
    r = measuretool(none);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "plain.c:1:1: warning: no 'chiterations = ...;'"));
    testutil_proc_release(&r);
    char *copy = in_tmp("ai_plain.c");
    char *text = testutil_read_file(copy);
    CU_ASSERT_STRING_EQUAL(text, "int main(void) { return 0; }\n");
    free(text);
    free(copy);
    free(plain);
}

/* ---- automatic measurement ---------------------------------------------- */

typedef struct expected_loop {
    int line;
    const char *function;
    long entries, iterations, plus, minus, multiply, divide, special, load, store;
} expected_loop;

static void check_counts(const cJSON *o, const expected_loop *e)
{
    const char *keys[] = {"entries", "iterations", "fp_plus", "fp_minus", "fp_multiply",
                          "fp_divide", "fp_special", "load_bytes", "store_bytes"};
    const long want[] = {e->entries, e->iterations, e->plus, e->minus, e->multiply,
                         e->divide, e->special, e->load, e->store};
    for (int k = 0; k < 9; k++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, keys[k]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(v);
        if ((long)v->valuedouble != want[k])
            fprintf(stderr, "line %d %s: %s is %ld, expected %ld\n", e->line, e->function,
                    keys[k], (long)v->valuedouble, want[k]);
        CU_ASSERT_EQUAL((long)v->valuedouble, want[k]);
    }
    long total = e->plus + e->minus + e->multiply + e->divide;
    CU_ASSERT_EQUAL((long)cJSON_GetObjectItem(o, "fp_total")->valuedouble, total);
}

static void check_loops(const cJSON *m, const expected_loop *want, int n)
{
    const cJSON *loops = cJSON_GetObjectItemCaseSensitive(m, "loops");
    CU_ASSERT_EQUAL_FATAL(cJSON_GetArraySize(loops), n);
    for (int i = 0; i < n; i++) {
        const cJSON *l = cJSON_GetArrayItem(loops, i);
        CU_ASSERT_EQUAL(cJSON_GetObjectItem(l, "line")->valueint, want[i].line);
        CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItem(l, "function")->valuestring, want[i].function);
        check_counts(l, &want[i]);
    }
}

/* Worked by hand from instr_auto.c (x[k] = k):
 *   branchy: i = 0..8 run (break at 8); i % 3 == 0 for 0, 3, 6: 3 plus and
 *     3 multiply, else 6 minus; s * 1.5 for all but i = 7: 8 multiply;
 *     y[i] = s / 3.0 for i = 0..6: 7 divide; x and y, 8 bytes each a turn;
 *   search(12.5): rows 0..3 in full and row 4 up to j = 9: 50 inner
 *     iterations, one plus each, 5 outer;
 *   mixed(6): k = 0..5; case 0 at k = 0, 4 (plus, then multiply by fall
 *     through), case 1 at 1, 5 (multiply), default at 2, 3 (minus); ?: divides
 *     for k = 3, 4, 5; && evaluates acc * 0.5 for k = 1..5, true for 1..4 (minus);
 *   main: x[k] = k has no FP; q += SQ(y[k]) + sqrt(x[k]): 2 plus, 1 multiply,
 *     1 special, x and y read. */
static const expected_loop auto_loops[] = {
    {14, "branchy", 1, 9, 3, 6, 11, 7, 0, 72, 72},
    {31, "search", 1, 5, 0, 0, 0, 0, 0, 0, 0},
    {32, "search", 5, 50, 50, 0, 0, 0, 0, 400, 0},
    {42, "mixed", 1, 6, 2, 6, 9, 3, 0, 0, 0},
    {67, "main", 1, 10, 0, 0, 0, 0, 0, 0, 80},
    {73, "main", 1, 10, 20, 0, 10, 0, 10, 160, 0},
};

static void test_auto_exact_counts(void)
{
    copy_kernel("instr_auto.c");
    const char *args[] = {"-auto-instrument", "instr_auto.c", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    CU_ASSERT_FATAL(compile("instr_auto.c", "plain", NULL, NULL));
    CU_ASSERT_FATAL(compile("ai_instr_auto.c", "measured", NULL, NULL));
    setenv("AITOOL_MEASURED", "auto.json", 1);
    testutil_proc plain = run_program("plain"), measured = run_program("measured");
    unsetenv("AITOOL_MEASURED");
    CU_ASSERT_EQUAL(plain.status, 3);
    CU_ASSERT_EQUAL(measured.status, plain.status);
    CU_ASSERT_STRING_EQUAL(measured.out, plain.out);
    CU_ASSERT_STRING_EQUAL(measured.err, "");
    testutil_proc_release(&plain);
    testutil_proc_release(&measured);
    cJSON *m = read_measured("auto.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    check_loops(m, auto_loops, 6);
    expected_loop totals = {0, "", 10, 90, 75, 12, 30, 10, 10, 632, 152};
    check_counts(cJSON_GetObjectItem(m, "totals"), &totals);
    const cJSON *ai = cJSON_GetObjectItem(cJSON_GetObjectItem(m, "totals"), "ai");
    CU_ASSERT_DOUBLE_EQUAL(ai ? ai->valuedouble : -1.0, 127.0 / 784.0, 1e-6);
    cJSON_Delete(m);
}

/* kernels/instr_header.c (counts by hand there): a header's functions,
 * never rewritten, count at each call their static summary; a function of
 * the file counts in its own segments only (cube's 20 multiply are in the
 * totals, not in the loop around its calls), also when a header's function
 * calls it (half); a header function with a loop is charged its estimate,
 * with a warning at the call. */
static void test_auto_header_calls(void)
{
    copy_kernel("instr_header.c");
    copy_kernel("instr_header.h");
    const char *args[] = {"-auto-instrument", "instr_header.c", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "instr_header.c:32:14: warning: 'sum_first' has loops or "
                                  "branches in code this copy does not rewrite (a header): "
                                  "this call's measured FP operations are the static estimate "
                                  "of one call\n");
    testutil_proc_release(&r);
    CU_ASSERT_FATAL(compile("instr_header.c", "header_plain", NULL, NULL));
    CU_ASSERT_FATAL(compile("ai_instr_header.c", "header_measured", NULL, NULL));
    setenv("AITOOL_MEASURED", "header.json", 1);
    testutil_proc plain = run_program("header_plain"), measured = run_program("header_measured");
    unsetenv("AITOOL_MEASURED");
    CU_ASSERT_EQUAL(measured.status, 0);
    CU_ASSERT_STRING_EQUAL(measured.out, plain.out);
    testutil_proc_release(&plain);
    testutil_proc_release(&measured);
    cJSON *m = read_measured("header.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    const expected_loop want[] = {
        {25, "main", 1, 100, 200, 0, 100, 0, 100, 800, 800},
        {29, "main", 1, 10, 10, 0, 0, 0, 0, 80, 0},
        {31, "main", 1, 4, 8, 0, 4, 0, 0, 32, 0},
        {33, "main", 1, 3, 3, 0, 3, 0, 0, 24, 0},
    };
    check_loops(m, want, 4);
    expected_loop totals = {0, "", 4, 117, 221, 0, 130, 0, 100, 936, 800};
    check_counts(cJSON_GetObjectItem(m, "totals"), &totals);
    cJSON_Delete(m);
}

/* Issue 13: PolyBench's loop bounds (`i < _PB_NI`, a macro that expands to
 * a variable) warned of a conditional inside a macro expansion; only a real
 * conditional with operations inside a macro warns now.  A loop test that
 * ends in a macro's use is wrapped as any other (issue 26): its multiply
 * counts once a test, 7 times (counts in kernels/instr_macros.c). */
static void test_auto_macro_bounds(void)
{
    copy_kernel("instr_macros.c");
    const char *args[] = {"-auto-instrument", "instr_macros.c", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "instr_macros.c:35:14: warning: a conditionally evaluated "
                                  "operand inside a macro expansion is counted as if it always "
                                  "ran\n");
    testutil_proc_release(&r);
    CU_ASSERT_FATAL(compile("ai_instr_macros.c", "macros", NULL, NULL));
    setenv("AITOOL_MEASURED", "macros.json", 1);
    testutil_proc measured = run_program("macros");
    unsetenv("AITOOL_MEASURED");
    CU_ASSERT_STRING_EQUAL(measured.out, "132.5\n");
    testutil_proc_release(&measured);
    cJSON *m = read_measured("macros.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    const expected_loop want[] = {
        {29, "kernel", 1, 8, 0, 0, 8, 0, 0, 0, 64},
        {31, "kernel", 1, 8, 0, 0, 0, 0, 0, 0, 0},
        {32, "kernel", 8, 64, 64, 0, 0, 0, 0, 512, 0},
        {34, "kernel", 1, 8, 8, 0, 16, 0, 0, 64, 0},
        {36, "kernel", 1, 6, 6, 0, 0, 0, 0, 0, 0},
    };
    check_loops(m, want, 5);
    expected_loop totals = {0, "", 12, 94, 78, 0, 31, 0, 0, 576, 64};
    check_counts(cJSON_GetObjectItem(m, "totals"), &totals);
    cJSON_Delete(m);
}

/* Issue 26: a loop whose one statement ends in a macro's use, starts with
 * one or is one whole is measured, and clocked, as any other (the copy
 * braces the statement); the loop a macro writes is not, with a warning
 * (counts and costs in kernels/instr_macro_body.c). */
static void test_auto_macro_body(void)
{
    copy_kernel("instr_macro_body.c");
    const char *warning = "instr_macro_body.c:50:5: warning: a loop or branch produced by a "
                          "macro is not measured: its operations count as if its code ran once\n";
    const char *args[] = {"-auto-instrument", "instr_macro_body.c", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, warning);
    testutil_proc_release(&r);
    CU_ASSERT_FATAL(compile("instr_macro_body.c", "plain", NULL, NULL));
    CU_ASSERT_FATAL(compile("ai_instr_macro_body.c", "measured", NULL, NULL));
    setenv("AITOOL_MEASURED", "macro_body.json", 1);
    testutil_proc plain = run_program("plain"), measured = run_program("measured");
    unsetenv("AITOOL_MEASURED");
    CU_ASSERT_STRING_EQUAL(measured.out, plain.out);
    cJSON *m = read_measured("macro_body.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    const expected_loop want[] = {
        {39, "main", 1, 10, 10, 0, 0, 0, 0, 0, 80},
        {41, "main", 1, 9, 0, 0, 0, 9, 0, 72, 72},
        {42, "main", 1, 3, 0, 0, 0, 0, 0, 0, 0},
        {43, "main", 3, 24, 24, 0, 0, 24, 0, 384, 192},
        {45, "main", 1, 10, 0, 5, 5, 0, 0, 80, 80},
        {47, "main", 1, 10, 10, 0, 6, 0, 0, 80, 0},
        {48, "main", 1, 10, 10, 0, 10, 0, 0, 80, 0},
        {49, "main", 1, 10, 10, 0, 0, 0, 0, 80, 80},
    };
    check_loops(m, want, 8);
    expected_loop totals = {0, "", 10, 86, 66, 5, 21, 33, 0, 776, 504};
    check_counts(cJSON_GetObjectItem(m, "totals"), &totals);
    cJSON_Delete(m);

    const char *clock[] = {"-simon-clock", "-o", "macro_body_clock.c", "instr_macro_body.c",
                           NULL};
    r = measuretool(clock);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, warning);
    testutil_proc_release(&r);
    write_clock_stub();
    CU_ASSERT_FATAL(compile("macro_body_clock.c", "macro_body_clock", "clock_stub.c", NULL));
    testutil_proc clocked = run_program("macro_body_clock");
    CU_ASSERT_STRING_EQUAL(clocked.out, plain.out);
    CU_ASSERT_STRING_EQUAL(clocked.err, "669\n");
    testutil_proc_release(&clocked);
    testutil_proc_release(&plain);
    testutil_proc_release(&measured);
}

/* A continue inside a macro ends the count of the statements before it
 * (counts in kernels/instr_macro_jump.c); the macro's `if` is written out
 * in the copy and measured as one written in the file. */
static void test_auto_macro_jump(void)
{
    copy_kernel("instr_macro_jump.c");
    const char *args[] = {"-auto-instrument", "instr_macro_jump.c", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    char *path = in_tmp("ai_instr_macro_jump.c"), *copy = testutil_read_file(path);
    free(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
    CU_ASSERT_PTR_NOT_NULL(strstr(copy, "if ( k % 2 ) continue;"));
    free(copy);
    CU_ASSERT_FATAL(compile("ai_instr_macro_jump.c", "macro_jump", NULL, NULL));
    setenv("AITOOL_MEASURED", "macro_jump.json", 1);
    testutil_proc measured = run_program("macro_jump");
    unsetenv("AITOOL_MEASURED");
    CU_ASSERT_STRING_EQUAL(measured.out, "22.50\n");
    testutil_proc_release(&measured);
    cJSON *m = read_measured("macro_jump.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    const expected_loop want[] = {{13, "main", 1, 8, 8, 0, 4, 0, 0, 0, 0}};
    check_loops(m, want, 1);
    cJSON_Delete(m);
}

/* Runs a kernel's -auto-instrument copy, with no warning, and checks what
 * it prints and its loops' counts. */
static void check_auto_kernel(const char *kernel, const char *prog, const char *printed,
                              const expected_loop *want, int nwant)
{
    copy_kernel(kernel);
    const char *args[] = {"-auto-instrument", kernel, NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    char copy[128], json[128];
    snprintf(copy, sizeof copy, "ai_%s", kernel);
    snprintf(json, sizeof json, "%s.json", prog);
    CU_ASSERT_FATAL(compile(copy, prog, NULL, NULL));
    setenv("AITOOL_MEASURED", json, 1);
    testutil_proc measured = run_program(prog);
    unsetenv("AITOOL_MEASURED");
    CU_ASSERT_STRING_EQUAL(measured.out, printed);
    testutil_proc_release(&measured);
    cJSON *m = read_measured(json);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    check_loops(m, want, nwant);
    cJSON_Delete(m);
}

/* A coroutine (kernels/instr_coroutine.c, counts by hand there): macros
 * open and close a switch around the function's body and put case labels
 * inside its loops, which each call resumes.  The loops count in the
 * thread's counters, a resumption is an entry of the loops it enters. */
static void test_auto_coroutine(void)
{
    const expected_loop want[] = {{29, "next", 4, 3, 3, 0, 3, 0, 0, 0, 0},
                                  {31, "next", 6, 3, 0, 0, 0, 0, 0, 0, 0},
                                  {44, "main", 1, 5, 5, 0, 0, 0, 0, 0, 0}};
    check_auto_kernel("instr_coroutine.c", "coroutine", "42.5\n", want, 3);
}

/* A case label inside a loop that the statement before it falls into as
 * well (kernels/instr_case_fall.c, counts by hand there): the fall goes
 * around the increment that counts the switch's jumps in. */
static void test_auto_case_fall(void)
{
    const expected_loop want[] = {{15, "run", 2, 4, 4, 0, 5, 0, 0, 0, 0}};
    check_auto_kernel("instr_case_fall.c", "case_fall", "10 14\n", want, 1);
}

/* Duff's device in a loop nest (kernels/instr_duff.c, counts by hand
 * there): case labels the statements before them fall into, inside a do
 * loop the switch of the same nest enters in the middle. */
static void test_auto_duff(void)
{
    const expected_loop want[] = {{13, "main", 1, 3, 0, 0, 0, 0, 0, 0, 0},
                                  {16, "main", 3, 3, 18, 0, 0, 0, 0, 0, 0}};
    check_auto_kernel("instr_duff.c", "duff", "18\n", want, 2);
}

/* A goto into a loop's body from outside its nest and from inside it
 * (kernels/instr_goto_into.c, counts by hand there). */
static void test_auto_goto_into(void)
{
    const expected_loop want[] = {{17, "enter_middle", 1, 3, 3, 0, 4, 0, 0, 0, 0},
                                  {28, "inner_jump", 1, 2, 0, 0, 0, 0, 0, 0, 0},
                                  {32, "inner_jump", 2, 5, 5, 0, 6, 0, 0, 0, 0}};
    check_auto_kernel("instr_goto_into.c", "goto_into", "14 62\n", want, 3);
}

/* A nest a goto inside it enters again from a label before it
 * (kernels/instr_reenter.c, counts by hand there): its block opens at the
 * label, so its counters are handed over where it returns and where the
 * block ends, not at either goto; the loop's entries are counted where it
 * starts.  A label the loop's gotos do not name leaves the nest as it is. */
static void test_auto_reenter(void)
{
    const expected_loop want[] = {{31, "run", 3, 5, 3, 0, 0, 0, 0, 0, 0},
                                  {52, "total", 1, 2, 0, 0, 0, 0, 0, 0, 0}};
    check_auto_kernel("instr_reenter.c", "reenter", "2.25 3\n", want, 2);
    char *path = in_tmp("ai_instr_reenter.c");
    char *copy = testutil_read_file(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
    const char *open = strstr(copy, "aitool_clock_nest(0);");
    CU_ASSERT_PTR_NOT_NULL_FATAL(open);
    const char *label = strstr(open, "again:"), *loop = strstr(open, "for (;;)");
    CU_ASSERT(label && loop && label < loop);
    int handovers = 0;
    for (const char *p = copy; (p = strstr(p, "aitool_time_nest(0, aitool_t)")); p++)
        handovers++;
    CU_ASSERT_EQUAL(handovers, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(copy, "start:\n    { unsigned long long aitool_t"));
    free(copy);
    free(path);
}

/* Statements that macros' uses make are written out in the copy and
 * measured: do-while(0) wrappers with loops in them, a macro that is a
 * whole loop, two statements from one use, a use on two lines, `##`, a use
 * in another's argument, loops that never turn, an if/else (counts by hand
 * in kernels/instr_macro_stmts.c).  Each loop has a key of its own, which
 * the static report matches: a measured run leaves no loop unmeasured. */
static void test_auto_macro_statements(void)
{
    copy_kernel("instr_macro_stmts.c");
    const char *args[] = {"-auto-instrument", "instr_macro_stmts.c", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    CU_ASSERT_FATAL(compile("instr_macro_stmts.c", "macro_stmts_plain", NULL, NULL));
    CU_ASSERT_FATAL(compile("ai_instr_macro_stmts.c", "macro_stmts", NULL, NULL));
    setenv("AITOOL_MEASURED", "macro_stmts.json", 1);
    testutil_proc plain = run_program("macro_stmts_plain"), measured = run_program("macro_stmts");
    unsetenv("AITOOL_MEASURED");
    CU_ASSERT_STRING_EQUAL(plain.out, "60 0.625 0.5 3 -1\n");
    CU_ASSERT_STRING_EQUAL(measured.out, plain.out);
    testutil_proc_release(&plain);
    testutil_proc_release(&measured);
    cJSON *m = read_measured("macro_stmts.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    const expected_loop want[] = {
        {39, "find", 2, 2, 0, 0, 0, 0, 0, 0, 0},   {39, "find", 2, 12, 0, 0, 0, 0, 0, 96, 0},
        {47, "main", 1, 8, 0, 0, 0, 0, 0, 0, 128}, {49, "main", 1, 1, 0, 0, 0, 0, 0, 0, 0},
        {49, "main", 1, 2, 0, 0, 0, 0, 0, 0, 16},  {49, "main", 1, 1, 0, 0, 0, 0, 0, 0, 0},
        {49, "main", 1, 0, 0, 0, 0, 0, 0, 0, 0},   {50, "main", 1, 8, 0, 0, 8, 0, 0, 64, 64},
        {51, "main", 1, 2, 0, 0, 0, 0, 0, 0, 0},   {52, "main", 2, 2, 0, 0, 0, 0, 0, 0, 0},
        {52, "main", 2, 8, 8, 0, 0, 0, 0, 64, 64}, {52, "main", 2, 8, 0, 0, 8, 0, 0, 64, 64},
        {53, "main", 1, 8, 0, 8, 0, 0, 0, 64, 64}, {53, "main", 1, 8, 0, 0, 0, 8, 0, 64, 64},
        {54, "main", 1, 8, 8, 0, 0, 0, 0, 64, 0},  {56, "main", 1, 1, 0, 0, 0, 0, 0, 0, 0},
        {56, "main", 1, 1, 0, 0, 0, 0, 0, 0, 0},   {56, "main", 1, 0, 0, 0, 0, 0, 0, 0, 0},
    };
    const int columns[] = {5, 6, 5, 5, 6, 18, 19, 5, 5, 9, 10, 11, 5, 6, 5, 5, 11, 12};
    check_loops(m, want, 18);
    for (int i = 0; i < 18; i++)
        CU_ASSERT_EQUAL(cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(m, "loops"), i),
                                            "column")->valueint, columns[i]);
    expected_loop totals = {0, "", 23, 80, 16, 8, 17, 8, 0, 480, 464};
    check_counts(cJSON_GetObjectItem(m, "totals"), &totals);
    cJSON_Delete(m);

    /* Beside the static counts every loop has its measurement, and a
     * machine's prediction needs nothing else. */
    const char *beside[] = {"-static-counting-only", "-measured", "macro_stmts.json", "-machine",
                            AITOOL_SOURCE_DIR "/testsuite/machines/ecm-test.json", "-json",
                            "macro_stmts_r.json", "instr_macro_stmts.c", NULL};
    r = measuretool(beside);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    cJSON *j = read_measured("macro_stmts_r.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    const cJSON *loops = cJSON_GetObjectItem(j, "loops");
    CU_ASSERT_EQUAL(cJSON_GetArraySize(loops), 18);
    for (const cJSON *l = loops ? loops->child : NULL; l; l = l->next)
        CU_ASSERT_PTR_NOT_NULL(cJSON_GetObjectItem(l, "measured"));
    cJSON_Delete(j);

    /* -simon-clock writes the same uses out: its copy prints the same. */
    const char *clock[] = {"-simon-clock", "-o", "macro_stmts_clock.c", "instr_macro_stmts.c",
                           NULL};
    r = measuretool(clock);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    write_clock_stub();
    CU_ASSERT_FATAL(compile("macro_stmts_clock.c", "macro_stmts_clock", "clock_stub.c", NULL));
    testutil_proc clocked = run_program("macro_stmts_clock");
    CU_ASSERT_STRING_EQUAL(clocked.out, "60 0.625 0.5 3 -1\n");
    testutil_proc_release(&clocked);
}

/* Macros whose loops are not written out keep their warning and are
 * counted as if their code ran once: a use a directive stands before, a
 * short name with more loops than characters (their keys would clash), a
 * macro that writes a loop's header only, one whose expansion an #undef
 * changed (the compiler reads the variable B, the expander would write x). */
static void test_auto_macro_statements_kept(void)
{
    char *path = in_tmp("macro_kept.c");
    CU_ASSERT_FATAL(testutil_write_file(
        path, "#include <stdio.h>\n"
              "#define Z(a, n) do { for (int i = 0; i < (n); i++) (a)[i] += 1.0; } while (0)\n"
              "#define SCALE(a, n) for (int k_ = 0; k_ < (n); k_++) (a)[k_] *= 2.0\n"
              "#define EACH(i, n) for (i = 0; i < (n); i++)\n"
              "#define B x[0]\n"
              "#define ADD3(s) for (int j = 0; j < 3; j++) s += B\n"
              "#undef B\n"
              "double x[4];\n"
              "int main(void)\n"
              "{\n"
              "    int i;\n"
              "    double s = 0.0, B = 2.0;\n"
              "    Z(x, 4);\n"
              "#pragma omp parallel for\n"
              "    SCALE(x, 4);\n"
              "    EACH(i, 4) x[i] -= 0.5;\n"
              "    ADD3(s);\n"
              "    printf(\"%g %g\\n\", x[3], s);\n"
              "    return 0;\n"
              "}\n"));
    free(path);
    const char *args[] = {"-auto-instrument", "macro_kept.c", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    const char *kept = ": warning: the loops and branches this macro's use makes are not "
                       "measured, as ";
    const char *counted = ": their operations count as if its code ran once\n";
    strbuf want = STRBUF_INIT;
    strbuf_printf(&want, "macro_kept.c:13:5%sit has more loops than its macro's name has "
                         "characters to report them at%s",
                  kept, counted);
    strbuf_printf(&want, "macro_kept.c:15:5%san OpenMP directive stands before it%s", kept,
                  counted);
    strbuf_printf(&want, "macro_kept.c:17:5%swhat it expands to cannot be written out as the "
                         "compiler read it%s",
                  kept, counted);
    /* Not whole statements: said where the function's code is visited. */
    strbuf_printf(&want, "macro_kept.c:16:5: warning: a loop or branch produced by a macro is "
                         "not measured: its operations count as if its code ran once\n");
    CU_ASSERT_STRING_EQUAL(r.err, strbuf_cstr(&want));
    strbuf_release(&want);
    testutil_proc_release(&r);
    CU_ASSERT_FATAL(compile("ai_macro_kept.c", "macro_kept", "-fopenmp", NULL));
    testutil_proc run = run_program("macro_kept");
    CU_ASSERT_STRING_EQUAL(run.out, "1.5 6\n");
    testutil_proc_release(&run);
}

/* -simon-clock: simon_advance(N) starts each stretch of code, N its cost
 * by the -T table; a stand-in simon_advance sums what the run advanced
 * (the costs by hand are in kernels/instr_clock.c). */
static void test_simon_clock(void)
{
    copy_kernel("instr_clock.c");
    copy_kernel("instr_clock.costs");
    const char *args[] = {"-simon-clock", "-T", "instr_clock.costs", "instr_clock.c", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    write_clock_stub();
    CU_ASSERT_FATAL(compile("ai_instr_clock.c", "clocked", "clock_stub.c", NULL));
    testutil_proc run = run_program("clocked");
    CU_ASSERT_STRING_EQUAL(run.out, "2.50\n");
    CU_ASSERT_STRING_EQUAL(run.err, "208\n");
    testutil_proc_release(&run);
    /* Without -T every class costs 1 ns: 1 + 5*2 + 4*1 + 4*5 + 2*2. */
    const char *plain[] = {"-simon-clock", "-o", "unit.c", "instr_clock.c", NULL};
    r = measuretool(plain);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    CU_ASSERT_FATAL(compile("unit.c", "unit", "clock_stub.c", NULL));
    run = run_program("unit");
    CU_ASSERT_STRING_EQUAL(run.err, "39\n");
    testutil_proc_release(&run);
    /* A loop an OpenMP directive binds keeps its header as written, so the
     * copy still compiles with -fopenmp. */
    copy_kernel("instr_omp.c");
    const char *omp[] = {"-simon-clock", "-fopenmp", "-o", "omp_clock.c", "instr_omp.c", NULL};
    r = measuretool(omp);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *copy_path = in_tmp("omp_clock.c");
    char *copy = testutil_read_file(copy_path);
    free(copy_path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
    CU_ASSERT_PTR_NULL(strstr(copy, ", i < N)"));
    free(copy);
    CU_ASSERT(compile("omp_clock.c", "omp_clock", "-fopenmp", "clock_stub.c"));
}

/* A cost table is read strictly: each fault at its line and column. */
static void test_simon_clock_bad_costs(void)
{
    copy_kernel("instr_clock.c");
    static const struct {
        const char *text, *error;
    } cases[] = {
        {"fadd 10\nfsqrt 3\n", "bad.costs:2:1: error: unknown operation class (iadd imul idiv "
                               "ilogic cmp fadd fmul fdiv load store call branch) 'fsqrt'\n"},
        {"load\n5\n", "bad.costs:1:5: error: 'load' needs its time in ns on its line\n"},
        {"store 1.5\n", "bad.costs:1:7: error: not a whole number of nanoseconds: '1.5'\n"},
        {"call -2\n", "bad.costs:1:6: error: not a whole number of nanoseconds: '-2'\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *path = in_tmp("bad.costs");
        CU_ASSERT_FATAL(testutil_write_file(path, cases[i].text));
        free(path);
        const char *args[] = {"-simon-clock", "-T", "bad.costs", "instr_clock.c", NULL};
        testutil_proc r = measuretool(args);
        CU_ASSERT_EQUAL(r.status, 1);
        CU_ASSERT_STRING_EQUAL(r.err, cases[i].error);
        testutil_proc_release(&r);
    }
    const char *no_clock[] = {"-T", "bad.costs", "instr_clock.c", NULL};
    testutil_proc r = measuretool(no_clock);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_STRING_EQUAL(r.err, "measuretool: error: -T gives the costs of -simon-clock: use "
                                  "it with -simon-clock\n");
    testutil_proc_release(&r);
}

/* GNU statement expressions: counted where they run (counts in
 * kernels/instr_stmt_expr.c). */
static void test_auto_statement_expressions(void)
{
    copy_kernel("instr_stmt_expr.c");
    const char *args[] = {"-auto-instrument", "instr_stmt_expr.c", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    CU_ASSERT_FATAL(compile("ai_instr_stmt_expr.c", "stmt_expr", NULL, NULL));
    setenv("AITOOL_MEASURED", "stmt_expr.json", 1);
    testutil_proc measured = run_program("stmt_expr");
    unsetenv("AITOOL_MEASURED");
    CU_ASSERT_STRING_EQUAL(measured.out, "4.5000\n");
    testutil_proc_release(&measured);
    cJSON *m = read_measured("stmt_expr.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    const expected_loop want[] = {{13, "main", 1, 4, 4, 0, 7, 0, 0, 0, 0}};
    check_loops(m, want, 1);
    cJSON_Delete(m);
}

/* An array of a struct with neither tag nor typedef: its element is char[16] in the
 * copy's tables (clang's "struct (unnamed struct at ...)" is no C), 16 bytes an iteration. */
static void test_auto_unnamed_struct(void)
{
    copy_kernel("instr_unnamed.c");
    const char *args[] = {"-auto-instrument", "instr_unnamed.c", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    CU_ASSERT_FATAL(compile("ai_instr_unnamed.c", "unnamed", NULL, NULL));
    setenv("AITOOL_MEASURED", "unnamed.json", 1);
    testutil_proc measured = run_program("unnamed");
    unsetenv("AITOOL_MEASURED");
    CU_ASSERT_STRING_EQUAL(measured.out, "47.50\n");
    testutil_proc_release(&measured);
    cJSON *m = read_measured("unnamed.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    const expected_loop want[] = {{13, "main", 1, 5, 5, 0, 5, 0, 0, 80, 0}};
    check_loops(m, want, 1);
    cJSON_Delete(m);
}

/* A loop an OpenMP directive binds keeps its header as written, even with
 * FP work in its test (counts in kernels/instr_omp_bound.c). */
static void test_auto_openmp_bound_header(void)
{
    copy_kernel("instr_omp_bound.c");
    const char *args[] = {"-auto-instrument", "-fopenmp", "instr_omp_bound.c", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    CU_ASSERT_FATAL(compile("ai_instr_omp_bound.c", "omp_bound", "-fopenmp", NULL));
    setenv("AITOOL_MEASURED", "omp_bound.json", 1);
    setenv("OMP_NUM_THREADS", "2", 1);
    testutil_proc measured = run_program("omp_bound");
    unsetenv("AITOOL_MEASURED");
    unsetenv("OMP_NUM_THREADS");
    CU_ASSERT_STRING_EQUAL(measured.out, "118.0\n");
    testutil_proc_release(&measured);
    cJSON *m = read_measured("omp_bound.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    const expected_loop want[] = {{14, "main", 1, 60, 0, 0, 60, 0, 0, 0, 480}};
    check_loops(m, want, 1);
    expected_loop totals = {0, "", 1, 60, 0, 0, 61, 0, 0, 0, 480};
    check_counts(cJSON_GetObjectItem(m, "totals"), &totals);
    cJSON_Delete(m);
}

/* Under OpenMP with 4 threads: the parallel loop's counters are reduced,
 * the worksharing loop is entered once by each thread, and the critical
 * section outside loops runs once per thread. */
static void test_auto_openmp(void)
{
    copy_kernel("instr_omp.c");
    const char *args[] = {"-auto-instrument", "-fopenmp", "instr_omp.c", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    CU_ASSERT_FATAL(compile("instr_omp.c", "plain", "-fopenmp", NULL));
    CU_ASSERT_FATAL(compile("ai_instr_omp.c", "measured", "-fopenmp", NULL));
    setenv("AITOOL_MEASURED", "omp.json", 1);
    setenv("OMP_NUM_THREADS", "4", 1);
    testutil_proc plain = run_program("plain"), measured = run_program("measured");
    unsetenv("AITOOL_MEASURED");
    unsetenv("OMP_NUM_THREADS");
    CU_ASSERT_STRING_EQUAL(plain.out, "2500.000\n");
    CU_ASSERT_STRING_EQUAL(measured.out, plain.out);
    testutil_proc_release(&plain);
    testutil_proc_release(&measured);
    cJSON *m = read_measured("omp.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    const expected_loop want[] = {
        {12, "main", 1, 3, 0, 0, 0, 0, 0, 0, 0},
        {14, "main", 3, 3000, 4500, 0, 3000, 0, 0, 48000, 24000},
        {24, "main", 4, 1000, 1000, 0, 1000, 0, 0, 8000, 0},
    };
    check_loops(m, want, 3);
    expected_loop totals = {0, "", 8, 4003, 5504, 0, 4000, 0, 0, 56000, 24000};
    check_counts(cJSON_GetObjectItem(m, "totals"), &totals);
    cJSON_Delete(m);
}

/* Issue 26: #if, #ifdef, #else and #endif lines between OpenMP directives
 * and their loops (NPB's LU), with and without -fopenmp, and clocked; the
 * counts by hand are in kernels/instr_omp_if.c, the clock's 3309 ns at
 * 1 ns an operation: 1 outside loops, 6, 6 and 7 a turn of the first
 * three loops (their tests and steps in their bodies, as the directives
 * bind them), 2 * 2 + 2 for the outer loop's tests and steps, 7 a turn of
 * the loop inside it. */
static void test_auto_openmp_conditionals(void)
{
    copy_kernel("instr_omp_if.c");
    const char *args[] = {"-auto-instrument", "-fopenmp", "instr_omp_if.c", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    CU_ASSERT_FATAL(compile("instr_omp_if.c", "plain", "-fopenmp", NULL));
    CU_ASSERT_FATAL(compile("ai_instr_omp_if.c", "measured", "-fopenmp", NULL));
    setenv("OMP_NUM_THREADS", "4", 1);
    setenv("AITOOL_MEASURED", "omp_if.json", 1);
    testutil_proc plain = run_program("plain"), measured = run_program("measured");
    CU_ASSERT_STRING_EQUAL(plain.out, "700.0\n");
    CU_ASSERT_STRING_EQUAL(measured.out, plain.out);
    testutil_proc_release(&measured);
    cJSON *m = read_measured("omp_if.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    expected_loop want[] = {
        {31, "main", 4, 100, 100, 0, 0, 0, 0, 800, 800},
        {40, "main", 1, 100, 0, 0, 100, 0, 0, 800, 800},
        {45, "main", 1, 100, 200, 0, 0, 0, 0, 1600, 0},
        {47, "main", 1, 2, 0, 0, 0, 0, 0, 0, 0},
        {53, "main", 2, 200, 200, 0, 200, 0, 0, 3200, 0},
    };
    check_loops(m, want, 5);
    cJSON_Delete(m);

    /* Without -fopenmp the directives under #ifdef _OPENMP are skipped and
     * the block still opens before them. */
    const char *serial[] = {"-auto-instrument", "-o", "serial.c", "instr_omp_if.c", NULL};
    r = measuretool(serial);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    CU_ASSERT_FATAL(compile("serial.c", "serial", "-Wno-unknown-pragmas", NULL));
    setenv("AITOOL_MEASURED", "serial.json", 1);
    measured = run_program("serial");
    CU_ASSERT_STRING_EQUAL(measured.out, plain.out);
    testutil_proc_release(&measured);
    m = read_measured("serial.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    want[0].entries = 1;
    check_loops(m, want, 5);
    cJSON_Delete(m);
    unsetenv("AITOOL_MEASURED");

    const char *clock[] = {"-simon-clock", "-fopenmp", "-o", "omp_if_clock.c", "instr_omp_if.c",
                           NULL};
    r = measuretool(clock);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    write_clock_stub();
    CU_ASSERT_FATAL(compile("omp_if_clock.c", "omp_if_clock", "-fopenmp", "clock_stub.c"));
    testutil_proc clocked = run_program("omp_if_clock");
    unsetenv("OMP_NUM_THREADS");
    CU_ASSERT_STRING_EQUAL(clocked.out, plain.out);
    CU_ASSERT_STRING_EQUAL(clocked.err, "3309\n");
    testutil_proc_release(&clocked);
    testutil_proc_release(&plain);
}

/* The measurement beside the static counts, in both reports. */
static void test_measured_in_reports(void)
{
    test_auto_exact_counts(); /* leaves auto.json */
    const char *args[] = {"-static-counting-only", "-measured", "auto.json", "-json", "r.json",
                          "-report-file", "r.txt", "-xml", "r.xml", "instr_auto.c", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    cJSON *j = read_measured("r.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    const cJSON *loops = cJSON_GetObjectItem(j, "loops");
    CU_ASSERT_EQUAL_FATAL(cJSON_GetArraySize(loops), 6);
    for (int i = 0; i < 6; i++) {
        const cJSON *l = cJSON_GetArrayItem(loops, i);
        const cJSON *m = cJSON_GetObjectItem(l, "measured");
        CU_ASSERT_PTR_NOT_NULL_FATAL(m);
        check_counts(m, &auto_loops[i]);
    }
    /* The inner loop of search: 1 plus per iteration statically and measured. */
    const cJSON *inner = cJSON_GetArrayItem(loops, 2);
    CU_ASSERT_EQUAL(cJSON_GetObjectItem(inner, "fp_plus")->valueint, 1);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(cJSON_GetObjectItem(inner, "measured"), "ai")
                               ->valuedouble, 50.0 / 400.0, 1e-9);
    cJSON_Delete(j);
    char *txt_path = in_tmp("r.txt");
    char *txt = testutil_read_file(txt_path);
    CU_ASSERT_PTR_NOT_NULL(strstr(txt, "----------Measured (own level, whole run)---------------------\n"
                                       "entries:5\niterations:50\nfp_plus:50\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(txt, "fp_total per iteration:1\nMeasured AI=0.125\n"));
    free(txt);
    free(txt_path);
    /* In ExaSAT XML the measurement is the loop's pininfo: the inner loop of
     * search at line 32, and the loop at line 73 with its libm calls. */
    char *xml_path = in_tmp("r.xml");
    char *xml = testutil_read_file(xml_path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "<pininfo entries=\"5\" iters=\"50\" bytereads=\"400\" "
                                       "bytewrites=\"0\" adds=\"50\" subs=\"0\" muls=\"0\" "
                                       "divs=\"0\" specials=\"0\"/>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "<pininfo entries=\"1\" iters=\"10\" bytereads=\"160\" "
                                       "bytewrites=\"0\" adds=\"20\" subs=\"0\" muls=\"10\" "
                                       "divs=\"0\" specials=\"10\"/>"));
    int npininfo = 0;
    for (const char *x = xml; (x = strstr(x, "<pininfo ")) != NULL; x++)
        npininfo++;
    CU_ASSERT_EQUAL(npininfo, 6);
    free(xml);
    free(xml_path);

    char *bad = in_tmp("bad.json");
    CU_ASSERT_FATAL(testutil_write_file(bad, "{\"loops\": [\n  {\"file\": 1,,}\n]}\n"));
    const char *bad_args[] = {"-static-counting-only", "-measured", "bad.json", "instr_auto.c",
                              NULL};
    r = measuretool(bad_args);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "bad.json:2:15: error: the measurement is not valid JSON"));
    testutil_proc_release(&r);
    const char *missing[] = {"-static-counting-only", "-measured", "none.json", "instr_auto.c",
                             NULL};
    r = measuretool(missing);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "none.json:1:1: error: cannot open the measurement"));
    testutil_proc_release(&r);
    free(bad);
}

/* Every bundled example: the measured program prints what the original does. */
static void test_auto_examples_unchanged(void)
{
    const char *examples[] = {"dot.c", "jacobi.c", "matmul.c", "stencil3d.c", "triad.c"};
    for (size_t i = 0; i < sizeof examples / sizeof *examples; i++) {
        strbuf src = STRBUF_INIT;
        strbuf_printf(&src, "%s/examples/%s", AITOOL_SOURCE_DIR, examples[i]);
        const char *args[] = {"-auto-instrument", "-o", "ex.c", strbuf_cstr(&src), NULL};
        testutil_proc r = measuretool(args);
        CU_ASSERT_EQUAL(r.status, 0);
        testutil_proc_release(&r);
        CU_ASSERT(compile(strbuf_cstr(&src), "ex_plain", NULL, NULL));
        CU_ASSERT(compile("ex.c", "ex_measured", NULL, NULL));
        testutil_proc plain = run_program("ex_plain"), measured = run_program("ex_measured");
        CU_ASSERT_EQUAL(measured.status, plain.status);
        CU_ASSERT_STRING_EQUAL(measured.out, plain.out);
        testutil_proc_release(&plain);
        testutil_proc_release(&measured);
        cJSON *m = read_measured("ai_measured.json");
        CU_ASSERT_PTR_NOT_NULL(m);
        CU_ASSERT(cJSON_GetArraySize(cJSON_GetObjectItem(m, "loops")) > 0);
        cJSON_Delete(m);
        strbuf_release(&src);
    }
}

/* ---- one measurement per process, every file ------------------------- */

/* A program of two instrumented files, linked from objects (each carries
 * the runtime); with an argument it forks, and the child scales 16 more. */
static const char multi_a[] =
    "#include <stdio.h>\n"
    "#include <sys/wait.h>\n"
    "#include <unistd.h>\n"
    "double scale(double *v, int n, double f);\n"
    "static double a[64];\n"
    "int main(int argc, char **argv)\n"
    "{\n"
    "    double s = 0.0;\n"
    "    (void)argv;\n"
    "    for (int i = 0; i < 64; i++)\n"
    "        a[i] = i * 0.5;\n"
    "    s = scale(a, 64, 2.0);\n"
    "    if (argc > 1) {\n"
    "        pid_t p = fork();\n"
    "        if (p == 0) {\n"
    "            s += scale(a, 16, 3.0);\n"
    "            printf(\"child %g\\n\", s);\n"
    "            return 0;\n"
    "        }\n"
    "        waitpid(p, NULL, 0);\n"
    "    }\n"
    "    printf(\"%g\\n\", s);\n"
    "    return 0;\n"
    "}\n";

static const char multi_b[] =
    "double scale(double *v, int n, double f)\n"
    "{\n"
    "    double t = 0.0;\n"
    "    for (int i = 0; i < n; i++) {\n"
    "        v[i] = v[i] * f;\n"
    "        t = t + v[i];\n"
    "    }\n"
    "    return t;\n"
    "}\n";

/* multi_a.c and multi_b.c instrumented, each compiled to an object, and
 * linked into exe. */
static void build_multi(const char *exe)
{
    const char *names[] = {"multi_a.c", "multi_b.c"};
    for (int i = 0; i < 2; i++) {
        const char *args[] = {"-auto-instrument", names[i], NULL};
        testutil_proc r = measuretool(args);
        CU_ASSERT_EQUAL_FATAL(r.status, 0);
        testutil_proc_release(&r);
    }
    CU_ASSERT_FATAL(compile("ai_multi_a.c", "multi_a.o", "-c", NULL));
    CU_ASSERT_FATAL(compile("ai_multi_b.c", "multi_b.o", "-c", NULL));
    CU_ASSERT_FATAL(compile("multi_a.o", exe, "multi_b.o", NULL));
}

static void write_multi(void)
{
    char *a = in_tmp("multi_a.c"), *b = in_tmp("multi_b.c");
    CU_ASSERT_FATAL(testutil_write_file(a, multi_a));
    CU_ASSERT_FATAL(testutil_write_file(b, multi_b));
    free(a);
    free(b);
}

/* The one file in the temporary directory whose name starts with prefix
 * (and is not exactly prefix), or NULL. */
static char *find_file(const char *prefix)
{
    DIR *d = opendir(tmpdir);
    char *found = NULL;
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d)) != NULL;)
        if (!strncmp(e->d_name, prefix, strlen(prefix)) && strcmp(e->d_name, prefix)) {
            free(found);
            found = strdup(e->d_name);
            n++;
        }
    if (d)
        closedir(d);
    if (n != 1) {
        free(found);
        return NULL;
    }
    return found;
}

/* By hand: main's loop stores a (8 bytes) 64 times, one multiply each;
 * scale's loop reads and writes v, a multiply and a plus per iteration. */
static const expected_loop multi_loops[] = {
    {10, "main", 1, 64, 0, 0, 64, 0, 0, 0, 512},
    {4, "scale", 1, 64, 64, 0, 64, 0, 0, 512, 512},
};

/* Two instrumented files in one program: one measurement, both files'
 * loops, exact counts, files in the order of their names. */
static void test_two_files_one_measurement(void)
{
    write_multi();
    build_multi("multi");
    setenv("AITOOL_MEASURED", "multi.json", 1);
    testutil_proc r = run_program("multi");
    unsetenv("AITOOL_MEASURED");
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "2016\n");
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    cJSON *m = read_measured("multi.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    check_loops(m, multi_loops, 2);
    const cJSON *loops = cJSON_GetObjectItem(m, "loops");
    CU_ASSERT_STRING_EQUAL(cJSON_GetArrayItem(loops, 0)->child->valuestring, "multi_a.c");
    CU_ASSERT_STRING_EQUAL(cJSON_GetArrayItem(loops, 1)->child->valuestring, "multi_b.c");
    expected_loop totals = {0, "", 2, 128, 64, 0, 128, 0, 0, 512, 1024};
    check_counts(cJSON_GetObjectItem(m, "totals"), &totals);
    CU_ASSERT_EQUAL(cJSON_GetArraySize(cJSON_GetObjectItem(m, "files")), 2);
    CU_ASSERT_EQUAL(strlen(cJSON_GetObjectItem(m, "build")->valuestring), 16);
    cJSON_Delete(m);
    /* it reads back beside the static counts of both files */
    const char *args[] = {"-static-counting-only", "-measured", "multi.json", "-json", "mr.json",
                          "multi_a.c", "multi_b.c", NULL};
    r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
}

/* A forking program: the parent's measurement under the name, the child's
 * as NAME.PID (said on stderr), counted from zero; merged, their sums. */
static void test_fork_and_merge(void)
{
    write_multi();
    build_multi("multi");
    const char *argv[] = {"./multi", "fork", NULL};
    setenv("AITOOL_MEASURED", "fork.json", 1);
    testutil_proc r = testutil_exec(tmpdir, argv);
    unsetenv("AITOOL_MEASURED");
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "child 2376\n2016\n");
    char *child = find_file("fork.json.");
    CU_ASSERT_PTR_NOT_NULL_FATAL(child);
    strbuf note = STRBUF_INIT;
    strbuf_printf(&note, "wrote its measurement to %s ($AITOOL_MEASURED has no %%p)\n", child);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, strbuf_cstr(&note)));
    strbuf_release(&note);
    testutil_proc_release(&r);
    cJSON *c = read_measured(child);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    const expected_loop child_loops[] = {
        {10, "main", 0, 0, 0, 0, 0, 0, 0, 0, 0},
        {4, "scale", 1, 16, 16, 0, 16, 0, 0, 128, 128},
    };
    check_loops(c, child_loops, 2);
    cJSON_Delete(c);
    const char *args[] = {"-merge-measured", "fork_all.json", "fork.json", child, NULL};
    r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    cJSON *m = read_measured("fork_all.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    const expected_loop merged[] = {
        {10, "main", 1, 64, 0, 0, 64, 0, 0, 0, 512},
        {4, "scale", 2, 80, 80, 0, 80, 0, 0, 640, 640},
    };
    check_loops(m, merged, 2);
    /* the child's s += ... is outside loops: one more plus */
    expected_loop totals = {0, "", 3, 144, 81, 0, 144, 0, 0, 640, 1152};
    check_counts(cJSON_GetObjectItem(m, "totals"), &totals);
    cJSON_Delete(m);
    /* a broken input: its error at its place, and nothing written */
    char *bad = in_tmp("broken.json");
    CU_ASSERT_FATAL(testutil_write_file(bad, "{\"loops\": [\n  {\"file\": 1,,}\n]}\n"));
    const char *broken[] = {"-merge-measured", "none.json", "fork.json", "broken.json", NULL};
    r = measuretool(broken);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.err, "broken.json:2:15: error: the measurement is not valid JSON\n");
    testutil_proc_release(&r);
    cJSON *none = read_measured("none.json");
    CU_ASSERT_PTR_NULL(none);
    free(bad);
    free(child);
}

/* %p, %r and %%; a rank other than 0 without %r writes NAME.PID. */
static void test_measured_name(void)
{
    write_multi();
    build_multi("multi");
    setenv("AITOOL_MEASURED", "m.%r.%p.%%.json", 1);
    setenv("PMI_RANK", "3", 1);
    testutil_proc r = run_program("multi");
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    char *name = find_file("m.3.");
    CU_ASSERT_PTR_NOT_NULL_FATAL(name);
    size_t n = strlen(name);
    CU_ASSERT(n > 11 && !strcmp(name + n - 7, ".%.json") && strspn(name + 4, "0123456789") == n - 11);
    free(name);
    unsetenv("PMI_RANK");
    setenv("SLURM_PROCID", "5", 1);
    setenv("AITOOL_MEASURED", "s.%r.json", 1);
    r = run_program("multi");
    testutil_proc_release(&r);
    cJSON *s = read_measured("s.5.json");
    CU_ASSERT_PTR_NOT_NULL(s);
    cJSON_Delete(s);
    setenv("AITOOL_MEASURED", "rank.json", 1);
    r = run_program("multi");
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "wrote its measurement to rank.json."));
    testutil_proc_release(&r);
    unsetenv("SLURM_PROCID");
    unsetenv("AITOOL_MEASURED");
    char *ranked = find_file("rank.json.");
    CU_ASSERT_PTR_NOT_NULL(ranked);
    free(ranked);
    char *plain = in_tmp("rank.json");
    char *text = testutil_read_file(plain);
    CU_ASSERT_PTR_NULL(text);
    free(text);
    free(plain);
}

/* A measurement of another build (multi_b.c changed and rebuilt) is
 * refused by -merge-measured and, against the changed source, -measured. */
static void test_measured_other_build(void)
{
    write_multi();
    build_multi("multi");
    setenv("AITOOL_MEASURED", "old.json", 1);
    testutil_proc r = run_program("multi");
    testutil_proc_release(&r);
    char *b = in_tmp("multi_b.c");
    strbuf changed = STRBUF_INIT;
    strbuf_printf(&changed, "%s/* changed */\n", multi_b);
    CU_ASSERT_FATAL(testutil_write_file(b, strbuf_cstr(&changed)));
    strbuf_release(&changed);
    free(b);
    build_multi("multi2");
    setenv("AITOOL_MEASURED", "new.json", 1);
    r = run_program("multi2");
    testutil_proc_release(&r);
    unsetenv("AITOOL_MEASURED");
    const char *merge[] = {"-merge-measured", "both.json", "old.json", "new.json", NULL};
    r = measuretool(merge);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "new.json:1:1: error: the measurement is of another "
                                         "build ("));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "than 'old.json' ("));
    testutil_proc_release(&r);
    char *both = in_tmp("both.json");
    char *text = testutil_read_file(both);
    CU_ASSERT_PTR_NULL(text);
    free(text);
    free(both);
    const char *read_old[] = {"-static-counting-only", "-measured", "old.json", "multi_a.c",
                              "multi_b.c", NULL};
    r = measuretool(read_old);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "old.json:1:1: error: the measurement is of another "
                                         "build: '"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "multi_b.c' has changed since it was measured"));
    testutil_proc_release(&r);
    const char *read_new[] = {"-static-counting-only", "-measured", "new.json", "multi_a.c",
                              "multi_b.c", NULL};
    r = measuretool(read_new);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
}

/* ---- time per loop nest ------------------------------------------------- */

/* A nest that naps 10 times 2 ms, with 2000 FP operations and 16000 bytes
 * in its inner loop (a[j] * 0.5 + 1.0, 100 times 10; a[j] read and
 * written); under -fopenmp the outer loop's turns are shared by the
 * threads of a parallel region, whose nest each thread times. */
static const char time_kernel[] =
    "#include <stdio.h>\n"
    "#include <time.h>\n"
    "static double a[100];\n"
    "static void nap(void)\n"
    "{\n"
    "    struct timespec ts = {0, 2000000};\n"
    "    nanosleep(&ts, NULL);\n"
    "}\n"
    "int main(void)\n"
    "{\n"
    "#pragma omp parallel\n"
    "    {\n"
    "#pragma omp for\n"
    "        for (int i = 0; i < 10; i++) {\n"
    "            nap();\n"
    "#pragma omp critical\n"
    "            for (int j = 0; j < 100; j++)\n"
    "                a[j] = a[j] * 0.5 + 1.0;\n"
    "        }\n"
    "    }\n"
    "    printf(\"%.1f\\n\", a[7]);\n"
    "    return 0;\n"
    "}\n";

/* time_nap.c instrumented and built as EXE (with FLAG: -fopenmp or
 * -Wno-unknown-pragmas), run with AITOOL_MEASURED=OUT and AITOOL_TIME=TIME
 * (or unset). */
static void time_run(const char *exe, const char *flag, const char *out, const char *time)
{
    char *src = in_tmp("time_nap.c");
    CU_ASSERT_FATAL(testutil_write_file(src, time_kernel));
    free(src);
    const char *args[] = {"-auto-instrument", flag, "time_nap.c", NULL};
    /* AITOOL_TIME=all when the copy is made writes each loop's timer. */
    if (time)
        setenv("AITOOL_TIME", time, 1);
    testutil_proc r = measuretool(args);
    unsetenv("AITOOL_TIME");
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *copy_path = in_tmp("ai_time_nap.c");
    char *copy = testutil_read_file(copy_path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
    CU_ASSERT_EQUAL(strstr(copy, "= aitool_clock_all()") != NULL, time != NULL);
    free(copy);
    free(copy_path);
    CU_ASSERT_FATAL(compile("ai_time_nap.c", exe, flag, NULL));
    setenv("AITOOL_MEASURED", out, 1);
    if (time)
        setenv("AITOOL_TIME", time, 1);
    setenv("OMP_NUM_THREADS", "2", 1);
    r = run_program(exe);
    unsetenv("AITOOL_MEASURED");
    unsetenv("AITOOL_TIME");
    unsetenv("OMP_NUM_THREADS");
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "2.0\n");
    testutil_proc_release(&r);
}

static double time_member(const cJSON *loop, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(loop, key);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    return v->valuedouble;
}

/* A timed loop's rates are its work (with the loops inside) over its
 * seconds, to the 9 digits printed. */
static void check_rates(const cJSON *loop, double flops, double bytes)
{
    double seconds = time_member(loop, "seconds");
    CU_ASSERT_FATAL(seconds > 0);
    CU_ASSERT_DOUBLE_EQUAL(time_member(loop, "gflops") * seconds * 1e9 / flops, 1.0, 1e-5);
    CU_ASSERT_DOUBLE_EQUAL(time_member(loop, "gbytes_per_s") * seconds * 1e9 / bytes, 1.0, 1e-5);
}

/* One thread: the nest's time holds the naps, 20 ms at least (the bound
 * above is wide, for a loaded machine); the inner loop is not timed. */
static void test_time_nest(void)
{
    time_run("time_nap", "-Wno-unknown-pragmas", "time.json", NULL);
    cJSON *m = read_measured("time.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    const cJSON *loops = cJSON_GetObjectItem(m, "loops");
    CU_ASSERT_EQUAL_FATAL(cJSON_GetArraySize(loops), 2);
    const cJSON *nest = cJSON_GetArrayItem(loops, 0), *inner = cJSON_GetArrayItem(loops, 1);
    double seconds = time_member(nest, "seconds");
    CU_ASSERT(seconds >= 0.02 && seconds < 2.0);
    CU_ASSERT_DOUBLE_EQUAL(time_member(nest, "thread_seconds"), seconds, 1e-9);
    check_rates(nest, 2000, 16000);
    CU_ASSERT_PTR_NULL(cJSON_GetObjectItem(inner, "seconds"));
    cJSON_Delete(m);
}

/* A nest of 3 iterations entered 300000 times, each entry far shorter
 * than the clock's reads: timed at some entries, the time estimated from
 * them (instrument/runtime.c); the counts stay exact, and the estimate
 * lies between 0 and the time of the nest in main that calls it, which
 * has one long entry and is timed whole. */
static void test_time_short_nest(void)
{
    static const char text[] =
        "#include <stdio.h>\n"
        "static double sum3(const double *x)\n{\n"
        "    double s = 0.0;\n"
        "    for (int i = 0; i < 3; i++)\n"
        "        s += x[i];\n"
        "    return s;\n}\n"
        "int main(void)\n{\n"
        "    double x[3] = {1.0, 2.0, 3.0}, t = 0.0;\n"
        "    for (long r = 0; r < 300000; r++)\n"
        "        t += sum3(x);\n"
        "    printf(\"%.0f\\n\", t);\n"
        "    return 0;\n}\n";
    char *src = in_tmp("short_nest.c");
    CU_ASSERT_FATAL(testutil_write_file(src, text));
    free(src);
    const char *args[] = {"-auto-instrument", "short_nest.c", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    CU_ASSERT_FATAL(compile("ai_short_nest.c", "short_nest", NULL, NULL));
    setenv("AITOOL_MEASURED", "short.json", 1);
    r = run_program("short_nest");
    unsetenv("AITOOL_MEASURED");
    CU_ASSERT_STRING_EQUAL(r.out, "1800000\n");
    testutil_proc_release(&r);
    cJSON *m = read_measured("short.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    const expected_loop want[] = {{5, "sum3", 300000, 900000, 900000, 0, 0, 0, 0, 7200000, 0},
                                  {12, "main", 1, 300000, 300000, 0, 0, 0, 0, 2400000, 0}};
    check_loops(m, want, 2);
    const cJSON *loops = cJSON_GetObjectItem(m, "loops");
    double inner = time_member(cJSON_GetArrayItem(loops, 0), "seconds");
    double outer = time_member(cJSON_GetArrayItem(loops, 1), "seconds");
    CU_ASSERT(inner > 0 && inner < outer);
    cJSON_Delete(m);
}

/* AITOOL_TIME=all: the inner loop's time too, within its nest's. */
static void test_time_all(void)
{
    time_run("time_nap", "-Wno-unknown-pragmas", "time_all.json", "all");
    cJSON *m = read_measured("time_all.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    const cJSON *loops = cJSON_GetObjectItem(m, "loops");
    const cJSON *nest = cJSON_GetArrayItem(loops, 0), *inner = cJSON_GetArrayItem(loops, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(inner);
    double outer_s = time_member(nest, "seconds"), inner_s = time_member(inner, "seconds");
    CU_ASSERT(inner_s > 0 && inner_s < outer_s);
    check_rates(inner, 2000, 16000);
    cJSON_Delete(m);
    /* search's inner loop returns from inside itself: its time is handed
     * over before, and the counts are as without times */
    copy_kernel("instr_auto.c");
    const char *args[] = {"-auto-instrument", "instr_auto.c", NULL};
    setenv("AITOOL_TIME", "all", 1);
    testutil_proc r = measuretool(args);
    unsetenv("AITOOL_TIME");
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    CU_ASSERT_FATAL(compile("ai_instr_auto.c", "auto_all", NULL, NULL));
    setenv("AITOOL_MEASURED", "auto_all.json", 1);
    setenv("AITOOL_TIME", "all", 1);
    r = run_program("auto_all");
    unsetenv("AITOOL_MEASURED");
    unsetenv("AITOOL_TIME");
    CU_ASSERT_EQUAL(r.status, 3);
    testutil_proc_release(&r);
    m = read_measured("auto_all.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    check_loops(m, auto_loops, 6);
    loops = cJSON_GetObjectItem(m, "loops");
    double search_s = time_member(cJSON_GetArrayItem(loops, 1), "seconds");
    double search_inner_s = time_member(cJSON_GetArrayItem(loops, 2), "seconds");
    CU_ASSERT(search_inner_s > 0 && search_inner_s <= search_s);
    cJSON_Delete(m);
}

/* Two threads share the naps: their sum holds all 20 ms, the wall time
 * (the busier thread's) at least half the sum and at most all of it. */
static void test_time_openmp(void)
{
    time_run("time_nap_omp", "-fopenmp", "time_omp.json", NULL);
    cJSON *m = read_measured("time_omp.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    const cJSON *nest = cJSON_GetArrayItem(cJSON_GetObjectItem(m, "loops"), 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(nest);
    double seconds = time_member(nest, "seconds"), sum = time_member(nest, "thread_seconds");
    CU_ASSERT(sum >= 0.02);
    CU_ASSERT(sum >= seconds);
    CU_ASSERT(2 * seconds >= sum * (1 - 1e-6));
    cJSON_Delete(m);
}

/* -merge-measured sums seconds, and the rates are the summed work over
 * them; a measurement without times (written before loops were timed)
 * merges and reads as ever. */
static void test_time_merge(void)
{
    const char *args[] = {"-merge-measured", "time_2.json", "time.json", "time.json", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    cJSON *one = read_measured("time.json"), *two = read_measured("time_2.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(one);
    CU_ASSERT_PTR_NOT_NULL_FATAL(two);
    const cJSON *a = cJSON_GetArrayItem(cJSON_GetObjectItem(one, "loops"), 0);
    const cJSON *b = cJSON_GetArrayItem(cJSON_GetObjectItem(two, "loops"), 0);
    CU_ASSERT_DOUBLE_EQUAL(time_member(b, "seconds"), 2 * time_member(a, "seconds"), 1e-8);
    CU_ASSERT_DOUBLE_EQUAL(time_member(b, "thread_seconds"),
                           2 * time_member(a, "thread_seconds"), 1e-8);
    check_rates(b, 4000, 32000);
    cJSON_Delete(one);
    cJSON_Delete(two);

    char *old = in_tmp("old_time.json");
    CU_ASSERT_FATAL(testutil_write_file(
        old, "{\"loops\": [{\"file\": \"time_nap.c\", \"line\": 14, \"column\": 9, "
             "\"entries\": 1, \"iterations\": 10, \"fp_plus\": 0, \"fp_minus\": 0, "
             "\"fp_multiply\": 0, \"fp_divide\": 0, \"fp_special\": 0, \"load_bytes\": 0, "
             "\"store_bytes\": 0}]}\n"));
    free(old);
    const char *old_args[] = {"-merge-measured", "old_2.json", "old_time.json", "old_time.json",
                              NULL};
    r = measuretool(old_args);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    cJSON *o = read_measured("old_2.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    const cJSON *l = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "loops"), 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    CU_ASSERT_EQUAL(cJSON_GetObjectItem(l, "iterations")->valueint, 20);
    CU_ASSERT_PTR_NULL(cJSON_GetObjectItem(l, "seconds"));
    cJSON_Delete(o);
    const char *read_old[] = {"-static-counting-only", "-measured", "old_time.json",
                              "-report-file", "old.txt", "time_nap.c", NULL};
    r = measuretool(read_old);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NULL(strstr(r.err, "error"));
    testutil_proc_release(&r);
    char *txt_path = in_tmp("old.txt");
    char *txt = testutil_read_file(txt_path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(txt);
    CU_ASSERT_PTR_NOT_NULL(strstr(txt, "iterations:10\n"));
    CU_ASSERT_PTR_NULL(strstr(txt, "seconds"));
    free(txt);
    free(txt_path);
}

/* The reports show a timed loop's time and rates beside its counts. */
static void test_time_in_reports(void)
{
    const char *args[] = {"-static-counting-only", "-measured", "time.json", "-json",
                          "time_r.json", "-report-file", "time_r.txt", "time_nap.c", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NULL(strstr(r.err, "error"));
    testutil_proc_release(&r);
    cJSON *j = read_measured("time_r.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    const cJSON *loops = cJSON_GetObjectItem(j, "loops");
    const cJSON *nest = cJSON_GetObjectItem(cJSON_GetArrayItem(loops, 0), "measured");
    const cJSON *inner = cJSON_GetObjectItem(cJSON_GetArrayItem(loops, 1), "measured");
    CU_ASSERT_PTR_NOT_NULL_FATAL(nest);
    CU_ASSERT_PTR_NOT_NULL_FATAL(inner);
    CU_ASSERT(time_member(nest, "seconds") >= 0.02);
    check_rates(nest, 2000, 16000);
    CU_ASSERT_PTR_NULL(cJSON_GetObjectItem(inner, "seconds"));
    cJSON_Delete(j);
    char *txt_path = in_tmp("time_r.txt");
    char *txt = testutil_read_file(txt_path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(txt);
    CU_ASSERT_PTR_NOT_NULL(strstr(txt, "Measured AI=0\nseconds (with the loops inside):0."));
    CU_ASSERT_PTR_NOT_NULL(strstr(txt, "\nthread_seconds:0."));
    CU_ASSERT_PTR_NOT_NULL(strstr(txt, "\nGFLOP/s:"));
    CU_ASSERT_PTR_NOT_NULL(strstr(txt, "\nGB/s:"));
    free(txt);
    free(txt_path);
}

/* ---- C++ ----------------------------------------------------------------- */

/* g++ -O2 -Wall -Wextra -Werror -I<kernels> [-DKERNEL="kernel"] file -o exe
 * in the temporary directory: a kernel with a main of its own, or a main
 * from the kernel directory (cxx_main_*.cpp) around the kernel or its
 * instrumented copy. */
static bool compile_cxx(const char *file, const char *kernel, const char *exe)
{
    strbuf inc = STRBUF_INIT, def = STRBUF_INIT, src = STRBUF_INIT;
    strbuf_printf(&inc, "-I%s", AITOOL_KERNEL_DIR);
    if (kernel) {
        strbuf_printf(&def, "-DKERNEL=\"%s\"", kernel);
        strbuf_printf(&src, "%s/%s", AITOOL_KERNEL_DIR, file);
    } else {
        strbuf_append(&def, "-DKERNEL");
        strbuf_append(&src, file);
    }
    const char *argv[] = {"g++", "-O2", "-Wall", "-Wextra", "-Werror", "-I.",
                          strbuf_cstr(&inc), strbuf_cstr(&def), strbuf_cstr(&src),
                          "-o", exe, NULL};
    testutil_proc r = testutil_exec(tmpdir, argv);
    if (r.status != 0)
        fprintf(stderr, "g++ %s failed:\n%s\n", strbuf_cstr(&src), r.err);
    bool ok = r.status == 0;
    testutil_proc_release(&r);
    strbuf_release(&inc);
    strbuf_release(&def);
    strbuf_release(&src);
    return ok;
}

/* The measured loop at a line whose function's name holds `function`. */
static const cJSON *measured_loop(const cJSON *m, int line, const char *function)
{
    const cJSON *l;
    cJSON_ArrayForEach(l, cJSON_GetObjectItemCaseSensitive(m, "loops"))
    {
        if (cJSON_GetObjectItem(l, "line")->valueint == line &&
            strstr(cJSON_GetObjectItem(l, "function")->valuestring, function))
            return l;
    }
    return NULL;
}

/* A C++ kernel's -auto-instrument copy (with annotation file `annot`, or
 * none), under `main_file` or its own main, compiled with g++: it prints
 * what the kernel prints, and its nloops loops counted what `want` says. */
static void check_cxx_kernel(const char *kernel, const char *main_file, const char *annot,
                             const expected_loop *want, int nwant, int nloops)
{
    copy_kernel(kernel);
    if (annot)
        copy_kernel(annot);
    const char *args[] = {"-auto-instrument", kernel, annot ? "-annot" : NULL, annot, NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char copy[128];
    snprintf(copy, sizeof copy, "ai_%s", kernel);
    CU_ASSERT_FATAL(compile_cxx(main_file ? main_file : kernel, main_file ? kernel : NULL,
                                "cxx_plain"));
    CU_ASSERT_FATAL(compile_cxx(main_file ? main_file : copy, main_file ? copy : NULL,
                                "cxx_measured"));
    setenv("AITOOL_MEASURED", "cxx.json", 1);
    testutil_proc plain = run_program("cxx_plain"), measured = run_program("cxx_measured");
    unsetenv("AITOOL_MEASURED");
    CU_ASSERT_EQUAL(plain.status, 0);
    CU_ASSERT_EQUAL(measured.status, 0);
    CU_ASSERT_STRING_EQUAL(measured.out, plain.out);
    CU_ASSERT_STRING_EQUAL(measured.err, "");
    testutil_proc_release(&plain);
    testutil_proc_release(&measured);
    cJSON *m = read_measured("cxx.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_EQUAL(cJSON_GetArraySize(cJSON_GetObjectItem(m, "loops")), nloops);
    for (int i = 0; i < nwant; i++) {
        const cJSON *l = measured_loop(m, want[i].line, want[i].function);
        if (!l)
            fprintf(stderr, "no loop at line %d of %s\n", want[i].line, want[i].function);
        CU_ASSERT_PTR_NOT_NULL_FATAL(l);
        check_counts(l, &want[i]);
    }
    cJSON_Delete(m);
}

/* kernels/cxx_templates.cpp's static counts (its comment) times the turns
 * of cxx_main_templates.cpp: n = 100, the grid 50 (48 turns), Sum 3; each
 * instance in counters of its own, named as the static report names it. */
static void test_cxx_templates(void)
{
    const expected_loop want[] = {
        {15, "axpy<float>", 1, 100, 100, 0, 100, 0, 0, 800, 400},
        {15, "axpy<double>", 1, 100, 100, 0, 100, 0, 0, 1600, 800},
        {25, "Grid<double>::smooth", 1, 48, 96, 0, 0, 48, 0, 384, 384},
        {34, "dot<double>", 1, 100, 100, 0, 100, 0, 0, 1600, 0},
        {65, "axpy<int>", 1, 100, 0, 0, 0, 0, 0, 800, 400},
        {82, "Sum::of<>(const float *, int)", 1, 3, 3, 0, 0, 0, 0, 12, 0},
        {82, "Sum::of<>(const double *, int)", 1, 3, 3, 0, 0, 0, 0, 24, 0},
    };
    check_cxx_kernel("cxx_templates.cpp", "cxx_main_templates.cpp", NULL, want, 7, 7);
}

/* kernels/cxx_instances.cpp (counts by hand there): a stretch with work
 * in one instance only; an instance taken by address, not reported and
 * not in the totals. */
static void test_cxx_instances(void)
{
    const expected_loop want[] = {
        {15, "f<int>", 1, 5, 0, 0, 0, 0, 0, 20, 0},
        {15, "f<double>", 1, 4, 3, 0, 3, 0, 0, 32, 0},
    };
    check_cxx_kernel("cxx_instances.cpp", NULL, NULL, want, 2, 2);
    cJSON *m = read_measured("cxx.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    const expected_loop totals = {0, "", 2, 9, 3, 0, 3, 0, 0, 52, 0};
    check_counts(cJSON_GetObjectItem(m, "totals"), &totals);
    cJSON_Delete(m);
}

/* kernels/cxx_templates_kept.cpp (counts by hand there): a non-type
 * argument is measured; if constexpr keeping other statements per
 * instance, and a parameter pack, leave their templates as written. */
static void test_cxx_templates_kept(void)
{
    const expected_loop want[] = {{16, "csum<double, 3>", 1, 3, 3, 0, 3, 0, 0, 24, 0}};
    check_cxx_kernel("cxx_templates_kept.cpp", NULL, NULL, want, 1, 1);
    const char *args[] = {"-auto-instrument", "cxx_templates_kept.cpp", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "cxx_templates_kept.cpp:21:22: warning: the instances "
                                         "of this template are left as written: its instances "
                                         "have different statements"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "cxx_templates_kept.cpp:33:31: warning: the instances "
                                         "of this template are left as written"));
    testutil_proc_release(&r);
    /* One instance: the arm if constexpr discarded is no warning. */
    char *path = in_tmp("cxx_constexpr.cpp");
    CU_ASSERT_FATAL(testutil_write_file(
        path, "#include <type_traits>\n"
              "template <class T> T pick(const T *x, int n)\n{\n    T s = 0;\n"
              "    for (int i = 0; i < n; i++) {\n"
              "        if constexpr (std::is_floating_point<T>::value)\n"
              "            s += x[i] * 0.5;\n        else\n            s += x[i];\n    }\n"
              "    return s;\n}\n"
              "double run(const double *x) { return pick(x, 3); }\n"));
    free(path);
    const char *one[] = {"-auto-instrument", "cxx_constexpr.cpp", NULL};
    r = measuretool(one);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
}

/* kernels/cxx_functions.cpp under cxx_main_functions.cpp (n = 10, a field
 * of 4): a range-based for over a vector member, a lambda with captures
 * (counted when it is called), while and do; Vec2's operators count where
 * their code is, outside loops (their 2 plus and 2 multiply a turn of line
 * 44 are in the totals). */
static void test_cxx_functions(void)
{
    const expected_loop want[] = {
        {37, "Field::energy", 1, 4, 4, 0, 8, 0, 0, 32, 0},
        {44, "update", 1, 10, 0, 0, 0, 0, 0, 320, 160},
        {48, "update", 1, 10, 0, 0, 10, 0, 0, 40, 40},
        {53, "update", 1, 10, 10, 0, 10, 0, 30, 40, 40},
        {58, "update", 1, 10, 0, 0, 10, 0, 0, 160, 160},
    };
    check_cxx_kernel("cxx_functions.cpp", "cxx_main_functions.cpp", NULL, want, 5, 5);
}

/* kernels/cxx_containers.cpp under cxx_main_containers.cpp: n = 5, v and
 * w of 6, a of 4, b of 8, m 5 rows of 6 (the inner range-for runs 30
 * turns in 5 entries). */
static void test_cxx_containers(void)
{
    const expected_loop want[] = {
        {21, "containers", 1, 5, 0, 0, 5, 0, 0, 60, 40},
        {23, "containers", 1, 6, 0, 0, 0, 6, 0, 48, 48},
        {25, "containers", 1, 4, 4, 0, 0, 0, 0, 64, 32},
        {27, "containers", 1, 8, 0, 8, 0, 0, 0, 96, 32},
        {29, "containers", 1, 5, 0, 0, 0, 0, 0, 120, 0},
        {30, "containers", 5, 30, 30, 0, 0, 0, 0, 480, 240},
        {32, "containers", 1, 5, 0, 0, 0, 0, 0, 40, 40},
    };
    check_cxx_kernel("cxx_containers.cpp", "cxx_main_containers.cpp", NULL, want, 7, 7);
}

/* kernels/cxx_complex.cpp under cxx_main_complex.cpp: n = 4. */
static void test_cxx_complex(void)
{
    const expected_loop want[] = {
        {18, "complex_ops", 1, 4, 8, 8, 0, 0, 0, 128, 64},
        {20, "complex_ops", 1, 4, 4, 4, 16, 0, 0, 128, 64},
        {22, "complex_ops", 1, 4, 8, 4, 12, 12, 0, 128, 64},
        {24, "complex_ops", 1, 4, 16, 0, 8, 8, 0, 192, 64},
        {26, "complex_ops", 1, 4, 4, 4, 16, 0, 0, 32, 32},
    };
    check_cxx_kernel("cxx_complex.cpp", "cxx_main_complex.cpp", NULL, want, 5, 5);
}

/* kernels/cxx_generic_lambda.cpp: its instance for double, called twice. */
static void test_cxx_generic_lambda(void)
{
    const expected_loop want[] = {{7, "::operator()<>(double)", 2, 6, 0, 0, 6, 0, 0, 0, 0}};
    check_cxx_kernel("cxx_generic_lambda.cpp", "cxx_main_generic_lambda.cpp", NULL, want, 1, 1);
}

/* kernels/cxx_loop_calls.cpp under cxx_main_loop_calls.cpp: n = 8, v and w
 * of 5, the Matrix 8 by 4 (its element annotated); a lambda's body is its
 * call's loop body; held(x, 8)'s ranges in variables run 0..7 and 2..9.  The functor's loop (line 71) is not measured: its
 * operator() counts as the function it is. */
static void test_cxx_loop_calls(void)
{
    const expected_loop want[] = {
        {41, "calls", 1, 8, 8, 0, 8, 0, 0, 128, 64},
        {42, "calls", 1, 99, 0, 99, 0, 0, 0, 792, 792},
        {45, "calls", 1, 8, 8, 0, 8, 0, 0, 128, 64},
        {46, "calls", 1, 6, 0, 0, 0, 6, 0, 48, 48},
        {48, "calls", 1, 8, 8, 0, 8, 0, 0, 64, 0},
        {49, "calls", 1, 5, 5, 0, 5, 0, 0, 40, 0},
        {50, "calls", 1, 5, 0, 0, 5, 0, 5, 40, 20},
        {52, "calls", 1, 5, 0, 5, 0, 0, 0, 60, 40},
        {54, "calls", 1, 8, 0, 0, 0, 0, 0, 0, 0},
        {55, "calls", 8, 32, 32, 0, 0, 0, 0, 256, 256},
        {81, "held", 1, 8, 0, 0, 8, 0, 0, 64, 64},
        {82, "held", 1, 8, 0, 0, 8, 0, 0, 64, 64},
    };
    copy_kernel("raja_mini.hpp");
    copy_kernel("kokkos_mini.hpp");
    check_cxx_kernel("cxx_loop_calls.cpp", "cxx_main_loop_calls.cpp", "cxx_loop_calls.annot",
                     want, 12, 12);
}

/* kernels/cxx_exception.cpp (counts by hand there): the throw ends the
 * nest's counts as a return would, the handler's code counts when it runs.
 * Line 34 loads what scan reads of x, 8 bytes a turn (the call's static
 * effect), and stores sums. */
static void test_cxx_exception(void)
{
    const expected_loop want[] = {
        {19, "scan", 3, 28, 0, 0, 0, 0, 0, 0, 0},
        {20, "scan", 28, 112, 111, 0, 223, 0, 0, 896, 0},
        {34, "main", 1, 3, 3, 0, 0, 0, 0, 24, 24},
        {42, "main", 1, 3, 3, 0, 0, 0, 0, 24, 0},
    };
    check_cxx_kernel("cxx_exception.cpp", NULL, NULL, want, 4, 5);
}

/* kernels/cxx_noexcept.cpp (counts by hand there): nests in a destructor
 * and a noexcept function get no handler, so the copy builds with -Werror
 * (g++'s -Wterminate), and they count as any others; main's nest keeps its
 * handler. */
static void test_cxx_noexcept(void)
{
    const expected_loop want[] = {
        {18, "~Buf", 1, 8, 8, 0, 8, 0, 0, 64, 0},
        {27, "norm2", 1, 4, 4, 0, 4, 0, 0, 32, 0},
        {38, "main", 1, 8, 0, 0, 0, 0, 0, 0, 64},
    };
    check_cxx_kernel("cxx_noexcept.cpp", NULL, NULL, want, 3, 3);
    char *copy_path = in_tmp("ai_cxx_noexcept.cpp");
    char *copy = testutil_read_file(copy_path);
    free(copy_path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
    /* one nest with a handler: main's, after the two that have none */
    const char *first = strstr(copy, "AITOOL_TRY {");
    CU_ASSERT_PTR_NOT_NULL_FATAL(first);
    CU_ASSERT_PTR_NULL(strstr(first + 1, "AITOOL_TRY {"));
    CU_ASSERT_PTR_NOT_NULL(strstr(first, "b.v[i] = i"));
    CU_ASSERT_PTR_NOT_NULL(strstr(copy, "s += x[i] * x[i]"));
    CU_ASSERT(strstr(copy, "s += x[i] * x[i]") < first);
    free(copy);
}

/* measureTool's markers in C++ (kernels/cxx_manual.cpp, counts by hand
 * there); a marker in a template is an error. */
static void test_cxx_manual(void)
{
    copy_kernel("cxx_manual.cpp");
    const char *args[] = {"cxx_manual.cpp", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    CU_ASSERT_FATAL(compile_cxx("ai_cxx_manual.cpp", NULL, "cxx_manual"));
    testutil_proc run = run_program("cxx_manual");
    CU_ASSERT_STRING_EQUAL(run.out, "13 20 12 10 56 0\n");
    testutil_proc_release(&run);
    char *path = in_tmp("cxx_marked.cpp");
    CU_ASSERT_FATAL(testutil_write_file(
        path, "unsigned long chiterations, chflops;\n"
              "template <class T> T f(const T *x, int n)\n{\n    T s = 0;\n"
              "    chiterations = n;\n    for (int i = 0; i < n; i++)\n        s += x[i];\n"
              "    return s;\n}\n"
              "double g(const double *x) { return f(x, 3) + f((const float *)x, 2); }\n"));
    free(path);
    const char *marked[] = {"cxx_marked.cpp", NULL};
    r = measuretool(marked);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "cxx_marked.cpp:5:5: error: 'chiterations = ...' in a "
                                         "template: its instances count differently"));
    testutil_proc_release(&r);
}

/* kernels/cxx_header.cpp (counts by hand there): a header's member,
 * operator and function template, each instance by its own summary (int's
 * has no FP operation), count at each call; a header function with a loop
 * is charged its estimate, with a warning at the call. */
static void test_cxx_header_calls(void)
{
    copy_kernel("cxx_header.hpp");
    const expected_loop want[] = {
        {20, "main", 1, 10, 60, 0, 50, 0, 0, 0, 0},
        {27, "main", 1, 5, 5, 5, 0, 0, 0, 40, 0},
    };
    check_cxx_kernel("cxx_header.cpp", NULL, NULL, want, 2, 2);
    const char *args[] = {"-auto-instrument", "cxx_header.cpp", NULL};
    testutil_proc r = measuretool(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "cxx_header.cpp:28:14: warning: 'sum' has loops or branches "
                                  "in code this copy does not rewrite (a header): this call's "
                                  "measured FP operations are the static estimate of one call\n");
    testutil_proc_release(&r);
}

static const testutil_case edit_cases[] = {
    {"insertions nest and keep line numbers", test_edits_order_and_lines},
    {NULL, NULL},
};

static const testutil_case manual_cases[] = {
    {"the seed's example", test_seed_example},
    {"nested counted loops, no FP work, a while loop", test_manual_counts},
    {"C89 stays C89", test_manual_c89},
    {"errors", test_manual_errors},
    {"outputs", test_outputs},
    {NULL, NULL},
};

static const testutil_case auto_cases[] = {
    {"exact counts through branches and jumps", test_auto_exact_counts},
    {"calls into a header's functions", test_auto_header_calls},
    {"macro loop bounds", test_auto_macro_bounds},
    {"statement expressions", test_auto_statement_expressions},
    {"a struct with no name", test_auto_unnamed_struct},
    {"a jump inside a macro", test_auto_macro_jump},
    {"a coroutine: case labels of a switch around loops", test_auto_coroutine},
    {"a goto into a loop's body", test_auto_goto_into},
    {"a nest a goto in it enters again", test_auto_reenter},
    {"a case label a statement falls into", test_auto_case_fall},
    {"Duff's device in a loop nest", test_auto_duff},
    {"a body that ends in a macro's use", test_auto_macro_body},
    {"statements from macros, written out", test_auto_macro_statements},
    {"macro loops left as written", test_auto_macro_statements_kept},
    {"-simon-clock", test_simon_clock},
    {"-simon-clock: bad cost tables", test_simon_clock_bad_costs},
    {"OpenMP", test_auto_openmp},
    {"OpenMP: a bound loop's header", test_auto_openmp_bound_header},
    {"OpenMP: conditionals between a directive and its loop", test_auto_openmp_conditionals},
    {"examples print the same", test_auto_examples_unchanged},
    {"measured counts in the reports", test_measured_in_reports},
    {NULL, NULL},
};

static const testutil_case run_cases[] = {
    {"two instrumented files, one measurement", test_two_files_one_measurement},
    {"fork: two measurements, merged", test_fork_and_merge},
    {"%p, %r and NAME.PID", test_measured_name},
    {"a measurement of another build", test_measured_other_build},
    {NULL, NULL},
};

static const testutil_case cxx_cases[] = {
    {"templates: counters per instance", test_cxx_templates},
    {"instances with work in different places, one not seen", test_cxx_instances},
    {"templates left as written", test_cxx_templates_kept},
    {"members, operators, a lambda with captures, range-based for", test_cxx_functions},
    {"standard containers", test_cxx_containers},
    {"std::complex", test_cxx_complex},
    {"a generic lambda", test_cxx_generic_lambda},
    {"loops written as calls", test_cxx_loop_calls},
    {"an exception leaving a loop nest", test_cxx_exception},
    {"no handler where no exception can leave", test_cxx_noexcept},
    {"a header's members, operators and templates", test_cxx_header_calls},
    {"measureTool's markers", test_cxx_manual},
    {NULL, NULL},
};

static const testutil_case time_cases[] = {
    {"a nest's time", test_time_nest},
    {"a short nest entered often: its time estimated", test_time_short_nest},
    {"AITOOL_TIME=all: each loop's time", test_time_all},
    {"OpenMP: wall and thread time", test_time_openmp},
    {"merged times, and measurements without", test_time_merge},
    {"times in the reports", test_time_in_reports},
    {NULL, NULL},
};

int main(void)
{
    tmpdir = testutil_make_tempdir();
    if (!tmpdir)
        return 2;
    const testutil_suite suites[] = {
        {"edits", edit_cases}, {"markers", manual_cases}, {"automatic", auto_cases},
        {"one measurement per process", run_cases}, {"time per loop nest", time_cases},
        {"C++", cxx_cases}};
    int status = testutil_run(suites, 6);
    testutil_remove_tree(tmpdir);
    free(tmpdir);
    return status;
}
