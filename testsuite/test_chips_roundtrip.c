/* measuretool -chips and chips, round trip: each file of examples/ written as a
 * CHIP3S study and evaluated by chips on a machine whose flops cost 1 s
 * (libm's "other" 0) and bytes nothing gives its FP operation count, as
 * the loop model and the performance model count it independently: for
 * each function no other function calls, its operations outside loops
 * plus the executed flops of its loop nests (perfmodel's trip counts). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer.h"
#include "loop_model.h"
#include "machine.h"
#include "perf.h"
#include "report_chips.h"
#include "strbuf.h"
#include "testutil.h"

static char *tmpdir;

/* The bindings each example needs: its bound symbols and while loops. */
static const struct {
    const char *file;
    const char *params[5];
} examples[] = {
    {"dot.c", {"n=1000", "norm_L18=1000", NULL}},
    {"jacobi.c", {"jacobi_L34=5", NULL}},
    {"matmul.c", {NULL}},
    {"stencil3d.c", {"n=24", NULL}},
    {"triad.c", {NULL}},
    /* C's / and % in bounds: c_div and c_mod (kernels/chips_bounds.c). */
    {"chips_bounds.c", {"n=100", "g->n=50", "m=3", "kern_L25=3", NULL}},
};

static bool called_by_another(const lm_program *p, const lm_function *fn)
{
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *g = f->functions; g; g = g->next)
            for (const lm_call *c = g->calls; g != fn && c; c = c->next)
                if (!strcmp(c->name, fn->name))
                    return true;
    return false;
}

/* The count by the models, in process. */
static double model_count(const char *path, const char *const *params)
{
    analyzer_options opt = {NULL, 0, false, NULL, false, true};
    analyzer *a = analyzer_create(&opt);
    lm_program *p = lm_program_create();
    CU_ASSERT_TRUE_FATAL(analyzer_analyze_file(a, p, path));
    analyzer_free(&a);
    lm_program_finish(p);
    bexpr_bindings *b = bexpr_bindings_create();
    for (int i = 0; params[i]; i++)
        CU_ASSERT_TRUE(bexpr_bindings_parse_all(b, &params[i], 1, "-param"));
    machine *m = machine_load(AITOOL_SOURCE_DIR "/perfmodel/machines/small-vm-2core.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    perf_result r;
    CU_ASSERT_TRUE_FATAL(perf_evaluate(p, m, &(perf_options){.bindings = b}, &r));
    double count = 0;
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next) {
            if (called_by_another(p, fn))
                continue;
            count += (double)lm_fp_total(&fn->own);
            for (const lm_loop *l = fn->loops; l; l = l->next)
                count += perf_nest_of(&r, l)->flops;
        }
    perf_result_release(&r);
    machine_free(&m);
    bexpr_bindings_free(&b);
    lm_program_free(&p);
    return count;
}

/* The count by measuretool -chips and chips; -1 when a step failed. */
static double chips_count(const char *path, const char *const *params)
{
    const char *args[16] = {"-static-counting-only", "-report-file", "r.txt", "-chips",
                            "study.la"};
    int n = 5;
    for (int i = 0; params[i]; i++) {
        args[n++] = "-param";
        args[n++] = params[i];
    }
    args[n++] = path;
    args[n] = NULL;
    testutil_proc r = testutil_exec_program(tmpdir, AITOOL_MEASURETOOL, args);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    const char *chips[] = {"-machine", "flops.json", "-csv", "-", "study.la", NULL};
    r = testutil_exec_program(tmpdir, AITOOL_CHIPS, chips);
    CU_ASSERT_EQUAL(r.status, 0);
    /* The CSV's one point: its last field is time_s. */
    double count = -1;
    const char *row = r.out ? strchr(r.out, '\n') : NULL;
    if (r.status == 0 && row) {
        const char *field = strrchr(row + 1, ',');
        count = strtod(field ? field + 1 : row + 1, NULL);
    }
    if (r.status != 0)
        fprintf(stderr, "chips: %s\n", r.err);
    testutil_proc_release(&r);
    return count;
}

static void test_examples_round_trip(void)
{
    char *machine_path = testutil_path(tmpdir, "flops.json");
    char *base = testutil_read_file(AITOOL_SOURCE_DIR "/perfmodel/machines/small-vm-2core.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(base);
    char *close = strrchr(base, '}');
    *close = '\0';
    strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "%s,\n  \"chips\": {\"costs\": {\"flop\": {\"add\": 1, \"sub\": 1, "
                       "\"mul\": 1, \"div\": 1, \"other\": 0}, \"mem\": {\"load\": 0, "
                       "\"store\": 0}}}\n}\n", base);
    CU_ASSERT_FATAL(testutil_write_file(machine_path, strbuf_cstr(&sb)));
    strbuf_release(&sb);
    free(base);
    free(machine_path);
    for (size_t i = 0; i < sizeof examples / sizeof *examples; i++) {
        char path[512];
        bool kernel = !strcmp(examples[i].file, "chips_bounds.c");
        snprintf(path, sizeof path, "%s/%s",
                 kernel ? AITOOL_KERNEL_DIR : AITOOL_SOURCE_DIR "/examples", examples[i].file);
        double want = model_count(path, examples[i].params);
        double got = chips_count(path, examples[i].params);
        CU_ASSERT(want > 0);
        CU_ASSERT_DOUBLE_EQUAL(got, want, 1e-9 * want);
        if (got != want)
            fprintf(stderr, "%s: chips %.17g, the models %.17g\n", examples[i].file, got, want);
    }
}

/* tmpdir/name: C code of one function `fn` and its text. */
static void write_source(const char *name, const char *fn, const char *body)
{
    strbuf code = STRBUF_INIT;
    strbuf_printf(&code, "void %s(double *a, int n, int lo) {\n%sa[0] += 1.0;\n}\n", fn, body);
    char *path = testutil_path(tmpdir, name);
    CU_ASSERT_TRUE_FATAL(testutil_write_file(path, strbuf_cstr(&code)));
    free(path);
    strbuf_release(&code);
}

/* Loops nested `depth` deep, loop k on line k + 1, once round each. */
static void write_nest(const char *name, int depth)
{
    strbuf body = STRBUF_INIT;
    for (int i = 0; i < depth; i++)
        strbuf_printf(&body, "for (int i%d = 0; i%d < 1; i%d++)\n", i, i, i);
    write_source(name, "nest", strbuf_cstr(&body));
    strbuf_release(&body);
}

static testutil_proc run_tool(const char *tool, const char *const *args)
{
    return testutil_exec_program(tmpdir, tool, args);
}

/* What measuretool -chips writes chips reads: the deepest nest allowed
 * (REPORT_CHIPS_MAX_LOOP_DEPTH) is evaluated, one loop more is refused by
 * the writer at that loop and nothing is written; a bound nested as deep
 * as an expression may be is written, one level more left to a variable. */
static void test_deepest_nest_round_trip(void)
{
    write_nest("deep.c", REPORT_CHIPS_MAX_LOOP_DEPTH);
    const char *write[] = {"-static-counting-only", "-report-file", "/dev/null", "-chips",
                           "deep.la", "deep.c", NULL};
    testutil_proc r = run_tool(AITOOL_MEASURETOOL, write);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    const char *evaluate[] = {"-machine",
                              AITOOL_SOURCE_DIR "/perfmodel/machines/small-vm-2core.json", "-csv",
                              "-", "deep.la", NULL};
    r = run_tool(AITOOL_CHIPS, evaluate);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "time_s\n"));
    testutil_proc_release(&r);

    write_nest("deeper.c", REPORT_CHIPS_MAX_LOOP_DEPTH + 1);
    const char *refused[] = {"-static-counting-only", "-report-file", "/dev/null", "-chips",
                             "deeper.la", "deeper.c", NULL};
    r = run_tool(AITOOL_MEASURETOOL, refused);
    CU_ASSERT_EQUAL(r.status, 1);
    const char *at = strstr(r.err, "/deeper.c:201:1: ");
    CU_ASSERT_PTR_NOT_NULL_FATAL(at);
    CU_ASSERT_STRING_EQUAL(at, "/deeper.c:201:1: error: loop nested 200 deep: a CHIP3S study "
                               "holds loops nested at most 199 deep (chips reads statements "
                               "nested 200 deep)\n");
    testutil_proc_release(&r);
    char *none = testutil_path(tmpdir, "deeper.la");
    CU_ASSERT_EQUAL(access(none, F_OK), -1);
    free(none);

    /* (n+1)*((n+2)*(...(lo))): the bound's parentheses nest `depth` deep,
     * inside Max(0, Floor(((hi) - (lo)) / (2)) + 1) five levels more. */
    static const struct {
        int depth;
        const char *count;
    } bounds[] = {
        {REPORT_CHIPS_MAX_NESTING - 5, "loop <0>, Max(0, Floor((((n + 195) * ((n + 194) * "},
        {REPORT_CHIPS_MAX_NESTING - 4, "loop <0>, bound_L2 {"},
    };
    for (size_t i = 0; i < sizeof bounds / sizeof *bounds; i++) {
        strbuf hi = STRBUF_INIT, body = STRBUF_INIT;
        strbuf_append(&hi, "lo");
        for (int k = 1; k <= bounds[i].depth; k++) {
            strbuf nested = STRBUF_INIT;
            strbuf_printf(&nested, "(n+%d)*(%s)", k, strbuf_cstr(&hi));
            strbuf_release(&hi);
            hi = nested;
        }
        strbuf_printf(&body, "for (int i = lo; i <= %s; i += 2)\n", strbuf_cstr(&hi));
        write_source("bound.c", "bound", strbuf_cstr(&body));
        const char *study[] = {"-static-counting-only", "-report-file", "/dev/null", "-chips",
                               "bounds.la", "bound.c", NULL};
        r = run_tool(AITOOL_MEASURETOOL, study);
        CU_ASSERT_EQUAL(r.status, 0);
        testutil_proc_release(&r);
        char *path = testutil_path(tmpdir, "bound.la");
        char *text = testutil_read_file(path);
        CU_ASSERT_PTR_NOT_NULL_FATAL(text);
        CU_ASSERT_PTR_NOT_NULL(strstr(text, bounds[i].count));
        const char *check[] = {"-check", "bounds.la", NULL};
        r = run_tool(AITOOL_CHIPS, check);
        CU_ASSERT_EQUAL(r.status, 0);
        CU_ASSERT_STRING_EQUAL(r.err, "");
        testutil_proc_release(&r);
        free(text);
        free(path);
        strbuf_release(&hi);
        strbuf_release(&body);
    }
}

int main(void)
{
    tmpdir = testutil_make_tempdir();
    if (!tmpdir)
        return 2;
    static const testutil_case cases[] = {
        {"examples: chips gives the FP operation count", test_examples_round_trip},
        {"the deepest nest round trip", test_deepest_nest_round_trip},
        {NULL, NULL},
    };
    const testutil_suite suites[] = {{"round trip", cases}};
    int status = testutil_run(suites, 1);
    testutil_remove_tree(tmpdir);
    free(tmpdir);
    return status;
}
