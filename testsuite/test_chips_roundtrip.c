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

#include "analyzer.h"
#include "loop_model.h"
#include "machine.h"
#include "perf.h"
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
    perf_bindings *b = perf_bindings_create();
    for (int i = 0; params[i]; i++)
        CU_ASSERT_TRUE(perf_bindings_parse_all(b, &params[i], 1, "-param"));
    machine *m = machine_load(AITOOL_SOURCE_DIR "/perfmodel/machines/small-vm-2core.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    perf_result r;
    CU_ASSERT_TRUE_FATAL(perf_evaluate(p, m, b, &r));
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
    perf_bindings_free(&b);
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

int main(void)
{
    tmpdir = testutil_make_tempdir();
    if (!tmpdir)
        return 2;
    static const testutil_case cases[] = {
        {"examples: chips gives the FP operation count", test_examples_round_trip},
        {NULL, NULL},
    };
    const testutil_suite suites[] = {{"round trip", cases}};
    int status = testutil_run(suites, 1);
    testutil_remove_tree(tmpdir);
    free(tmpdir);
    return status;
}
