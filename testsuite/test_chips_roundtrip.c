/* measuretool -chips and chips, round trip: each file of examples/ written as a
 * CHIP3S study and evaluated by chips on a machine whose flops cost 1 s
 * (libm's "other" 0) and bytes nothing gives its FP operation count by
 * hand, as the loop model and the performance model count it
 * independently: perfmodel's whole-program flops (every nest at the runs
 * the calls give it) plus the entry's operations outside loops.
 * And the bytes of records (kernels/elem_sizes.c) in every output: report,
 * JSON, XML, perfmodel on that XML, measuretool -machine and chips. */
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

/* The bindings each example needs (its bound symbols and while loops) and
 * its FP operations by hand, main with every function it calls:
 *   dot: main's loop 1000 divides; dot(1000, ...) 1000 x (add, multiply);
 *     norm: its while loop norm_L18 = 1000 x (add, multiply), sqrt free.
 *   jacobi: initialize 2 divides + 200 x 200 x 19; jacobi 11 outside its
 *     loops + 5 x (1 + 198 x 198 x 13); error_check 200 x 200 x 12 + 1.
 *   matmul: 128^3 x 2 + 128 divides + 128^2 multiplies.
 *   stencil3d: ten calls of stencil7(n = 24), 22^3 x 8 each, + 24^3 adds.
 *   triad: 2 x 100000 x 2.
 *   chips_bounds (no main: kern): 98 + 25 x 2 + 51 + (100 % 7 + 3 x 3) + 3. */
static const struct {
    const char *file;
    const char *params[5];
    double hand;
} examples[] = {
    {"dot.c", {"n=1000", "norm_L18=1000", NULL}, 5000},
    {"jacobi.c", {"jacobi_L34=5", NULL}, 760002 + 2548276 + 480001},
    {"matmul.c", {NULL}, 4194304 + 128 + 16384},
    {"stencil3d.c", {"n=24", NULL}, 851840 + 13824},
    {"triad.c", {NULL}, 400000},
    /* C's / and % in bounds: c_div and c_mod (kernels/chips_bounds.c). */
    {"chips_bounds.c", {"n=100", "g->n=50", "m=3", "kern_L25=3", NULL}, 213},
};

/* A followed call: one the study makes a call of its callee's procedure. */
static bool followed(const lm_call *c)
{
    return c->callee && !c->recursive && !c->indirect;
}

/* fn's FP operations outside its loops, its function-level calls followed: what a call of
 * fn leaves where it is made (perfmodel counts the loops' work in the callees' nests). */
static double outside_loops(const lm_function *fn)
{
    double count = (double)lm_fp_total(&fn->own);
    for (const lm_call *c = fn->calls; c; c = c->next)
        if (followed(c) && !c->loop)
            count += outside_loops(c->callee) - (double)lm_fp_total(&c->added);
    return count;
}

/* main, or in a program without one a function no other function calls. */
static bool is_entry(const lm_program *p, const lm_function *fn)
{
    bool has_main = false;
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *g = f->functions; g; g = g->next) {
            has_main |= !strcmp(g->name, "main");
            for (const lm_call *c = g->calls; g != fn && c; c = c->next)
                if (c->callee == fn && followed(c))
                    return false;
        }
    return has_main ? !strcmp(fn->name, "main") : true;
}

/* The count by the models, in process: the entry's, with everything it calls. */
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
    /* perfmodel's whole-program flops (each nest at its runs, issue 28 item 9) and the
     * entry's work outside loops. */
    double count = r.flops;
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            if (is_entry(p, fn))
                count += outside_loops(fn);
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
        CU_ASSERT_DOUBLE_EQUAL(want, examples[i].hand, 1e-9 * examples[i].hand);
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

/* The text of tmpdir/name, to free(); NULL when it is missing. */
static char *read_output(const char *name)
{
    char *path = testutil_path(tmpdir, name);
    char *text = testutil_read_file(path);
    free(path);
    return text;
}

/* chips' time for tmpdir/elem.la on machine_file: with one byte cost 1 s and
 * everything else nothing, the bytes it charges. */
static double chips_bytes(const char *machine_file)
{
    const char *args[] = {"-machine", machine_file, "-D", "n=10", "-csv", "-", "elem.la", NULL};
    testutil_proc r = run_tool(AITOOL_CHIPS, args);
    CU_ASSERT_EQUAL(r.status, 0);
    const char *row = r.out ? strchr(r.out, '\n') : NULL;
    const char *field = row ? strrchr(row + 1, ',') : NULL;
    double bytes = field ? strtod(field + 1, NULL) : -1;
    testutil_proc_release(&r);
    return bytes;
}

/* Arrays of a struct of 3 doubles, of its typedef and of a union: 24, 24
 * and 8 bytes an element in every output.  Per iteration of vec_add's outer
 * loop: q (8) read and written; of its inner one: v, w (24 each) read, u
 * (24) written.  opaque_walk stores a pointer (8) and a double (8);
 * opaque_calls reads records of an incomplete type through a function: a
 * warning names the array, and that loop's bytes are incomplete. */
static void test_element_sizes(void)
{
    const char *write[] = {"-static-counting-only", "-annot", AITOOL_KERNEL_DIR "/elem_sizes.annot",
                           "-report-file", "elem.txt", "-json", "elem.json", "-xml", "elem.xml",
                           "-chips", "elem.la", AITOOL_KERNEL_DIR "/elem_sizes.c", NULL};
    testutil_proc r = run_tool(AITOOL_MEASURETOOL, write);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, AITOOL_KERNEL_DIR "/elem_sizes.c:38:9: warning: 'opaque_visit' "
                                  "moves array 'p' of 'struct opaque', an incomplete type whose "
                                  "size is unknown: the loop's bytes are incomplete\n");
    testutil_proc_release(&r);

    char *text = read_output("elem.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "Loads:2 * sizeof(struct vec3 ) + "
                                        "1 * sizeof(union bits )\nLoads int: 56\n"
                                        "Stores:1 * sizeof(struct vec3 ) + "
                                        "1 * sizeof(union bits )\nStore int: 32\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "Loads int: 48\nStores:1 * sizeof(struct vec3 )\n"
                                        "Store int: 24\n"));
    free(text);
    char *json = read_output("elem.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"load_bytes\":\t56,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"store_bytes\":\t32,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"load_bytes\":\t48,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"store_bytes\":\t24,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"complete\":\tfalse,\n\t\t\t\"unknown_calls\":\t["
                                        "\"opaque_visit\"]"));
    free(json);
    char *xml = read_output("elem.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "name=\"q\" component=\"\" datatype=\"union bits\" "
                                       "elementbytes=\"8\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "name=\"w\" component=\"\" datatype=\"struct vec3\" "
                                       "elementbytes=\"24\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "datatype=\"struct opaque *\" elementbytes=\"8\""));
    free(xml);

    /* The XML read back (validated against exasat.xsd) counts the same bytes
     * (the XML lists a loop's own arrays before its nested loops' ones). */
    const char *reread[] = {"-static-counting-only", "-report-file", "/dev/null", "-json",
                            "reread.json", "elem.xml", NULL};
    r = run_tool(AITOOL_MEASURETOOL, reread);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    json = read_output("reread.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"load_formula\":\t\"1 * sizeof(union bits ) + "
                                        "2 * sizeof(struct vec3 )\",\n\t\t\t\"load_bytes\":\t56,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"store_bytes\":\t32,"));
    free(json);

    /* perfmodel, n = 1000 (write-allocate: a written element is read too):
     * the outer loop's q 8 + 8, the inner one's v, w, u once per outer
     * iteration (their subscript is i) 24 + 24 + 2 * 24: 112000; opaque_walk
     * (8 + 8) * 2: 32000.  No warning: every size is known. */
    const char *model[] = {"-machine", AITOOL_SOURCE_DIR "/perfmodel/machines/small-vm-2core.json",
                           "-D", "n=1000", "-json", "-", "elem.xml", NULL};
    r = run_tool(AITOOL_PERFMODEL, model);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"bytes\":\t144000,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"bytes\":\t112000,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"working_set_bytes\":\t72,"));
    testutil_proc_release(&r);
    /* measuretool -machine predicts the same from the C. */
    const char *direct[] = {"-static-counting-only", "-annot",
                            AITOOL_KERNEL_DIR "/elem_sizes.annot", "-report-file", "predicted.txt",
                            "-machine",
                            AITOOL_SOURCE_DIR "/perfmodel/machines/small-vm-2core.json", "-param",
                            "n=1000", AITOOL_KERNEL_DIR "/elem_sizes.c", NULL};
    r = run_tool(AITOOL_MEASURETOOL, direct);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    text = read_output("predicted.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "bytes:112000\nworking set:72\n"));
    free(text);
    /* Without elementbytes (a file of another tool) a struct has no size: a warning. */
    xml = read_output("elem.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    char *bare = testutil_replace(xml, " elementbytes=\"24\"", "");
    char *bare_path = testutil_path(tmpdir, "bare.xml");
    CU_ASSERT_FATAL(testutil_write_file(bare_path, bare));
    const char *guess[] = {"-machine", AITOOL_SOURCE_DIR "/perfmodel/machines/small-vm-2core.json",
                           "-D", "n=1000", "bare.xml", NULL};
    r = run_tool(AITOOL_PERFMODEL, guess);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "bare.xml:17:1: warning: array 'u': unknown size of "
                                         "datatype 'struct vec3' (no elementbytes), counted as "
                                         "8 bytes\n"));
    testutil_proc_release(&r);
    free(bare_path);
    free(bare);
    free(xml);

    /* chips, n = 10: loads 10 * 8 + 30 * 48, stores 10 * 8 + 30 * 24 + 10 * 16. */
    char *base = testutil_read_file(AITOOL_SOURCE_DIR "/perfmodel/machines/small-vm-2core.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(base);
    *strrchr(base, '}') = '\0';
    static const struct {
        const char *file, *load, *store;
        double bytes;
    } costs[] = {{"loads.json", "1", "0", 1520}, {"stores.json", "0", "1", 960}};
    for (size_t i = 0; i < sizeof costs / sizeof *costs; i++) {
        strbuf sb = STRBUF_INIT;
        strbuf_printf(&sb, "%s,\n  \"chips\": {\"costs\": {\"flop\": {\"add\": 0, \"sub\": 0, "
                           "\"mul\": 0, \"div\": 0, \"other\": 0}, \"mem\": {\"load\": %s, "
                           "\"store\": %s}}}\n}\n", base, costs[i].load, costs[i].store);
        char *path = testutil_path(tmpdir, costs[i].file);
        CU_ASSERT_FATAL(testutil_write_file(path, strbuf_cstr(&sb)));
        CU_ASSERT_DOUBLE_EQUAL(chips_bytes(path), costs[i].bytes, 1e-9);
        free(path);
        strbuf_release(&sb);
    }
    free(base);
}

int main(void)
{
    tmpdir = testutil_make_tempdir();
    if (!tmpdir)
        return 2;
    static const testutil_case cases[] = {
        {"examples: chips gives the FP operation count", test_examples_round_trip},
        {"the deepest nest round trip", test_deepest_nest_round_trip},
        {"vec3 bytes in every output", test_element_sizes},
        {NULL, NULL},
    };
    const testutil_suite suites[] = {{"round trip", cases}};
    int status = testutil_run(suites, 1);
    testutil_remove_tree(tmpdir);
    free(tmpdir);
    return status;
}
