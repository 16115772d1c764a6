/* Bounds that name the variables of enclosing loops (issue 28, item 3): the exact sums of
 * perf_trips against hand-computed closed forms and a brute-force count over small sizes,
 * flops exact at n = 4000 and fast, the walk of bounds that are not affine and its limit,
 * the refusal of -D/-param of a loop variable, and PolyBench-style triangular kernels
 * (kernels/triangular.c) through measuretool -xml and perfmodel, against the hand counts
 * and an -auto-instrument'ed run. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "bound_expr.h"
#include "diag.h"
#include "exasat_xml.h"
#include "loop_model.h"
#include "machine.h"
#include "mem.h"
#include "perf.h"
#include "perf_trips.h"
#include "strbuf.h"
#include "testutil.h"

#define VM AITOOL_SOURCE_DIR "/perfmodel/machines/small-vm-2core.json"

/* One loop of a nest written for the test: variable, bounds (upper inclusive), and the
 * additions of its own level. */
typedef struct level_spec {
    const char *var, *lower, *upper, *stride;
    unsigned adds;
} level_spec;

enum { MAX_LEVELS = 4 };

typedef struct nest_spec {
    const char *name;
    level_spec lv[MAX_LEVELS];
    unsigned depth;
} nest_spec;

/* text as an attribute's value: < and > escaped (the bounds hold no & or quote) */
static const char *attr(const char *text, char *buf, size_t size)
{
    size_t n = 0;
    for (; *text && n + 5 < size; text++) {
        const char *e = *text == '<' ? "&lt;" : *text == '>' ? "&gt;" : NULL;
        if (e) {
            memcpy(buf + n, e, 4);
            n += 4;
        } else {
            buf[n++] = *text;
        }
    }
    buf[n] = '\0';
    return buf;
}

static char *nest_xml(const nest_spec *s)
{
    strbuf x = STRBUF_INIT;
    strbuf_append(&x, "<program><function name=\"f\">\n");
    for (unsigned k = 0; k < s->depth; k++) {
        char lo[128], hi[128];
        strbuf_printf(&x, "<loop linenum=\"%u\" loopvar=\"%s\" stride=\"%s\" lowerbound=\"%s\" "
                      "upperbound=\"%s\" adds=\"%u\" multiplies=\"0\" divides=\"0\" "
                      "specials=\"0\">\n", 10 + k, s->lv[k].var, s->lv[k].stride,
                      attr(s->lv[k].lower, lo, sizeof lo), attr(s->lv[k].upper, hi, sizeof hi),
                      s->lv[k].adds);
    }
    for (unsigned k = 0; k < s->depth; k++)
        strbuf_append(&x, "</loop>\n");
    strbuf_append(&x, "</function></program>\n");
    return strbuf_take(&x);
}

static lm_program *read_nest(const nest_spec *s)
{
    char *xml = nest_xml(s);
    lm_program *p = lm_program_create();
    CU_ASSERT_TRUE_FATAL(xml_read_memory(p, "k.xml", xml, strlen(xml)));
    lm_program_finish(p);
    free(xml);
    return p;
}

/* ---- brute force: every iteration, one by one ---- */

typedef struct brute_counts {
    double entries[MAX_LEVELS], executions[MAX_LEVELS];
    long long max[MAX_LEVELS];
} brute_counts;

static long long brute_eval(const char *text, const bexpr_bindings *b, const char **names,
                            const long long *values, unsigned n)
{
    bexpr_vars v = {names, values, n};
    bexpr_result r = bexpr_eval_vars(text, b, &v);
    CU_ASSERT_TRUE_FATAL(r.ok);
    return r.value;
}

static void brute_level(const nest_spec *s, const bexpr_bindings *b, unsigned k,
                        const char **names, long long *values, brute_counts *c)
{
    if (k == s->depth)
        return;
    long long lo = brute_eval(s->lv[k].lower, b, names, values, k);
    long long hi = brute_eval(s->lv[k].upper, b, names, values, k);
    long long st = brute_eval(s->lv[k].stride, b, names, values, k);
    long long trip = 0;
    c->entries[k]++;
    for (long long v = lo; st > 0 ? v <= hi : v >= hi; v += st) {
        values[k] = v;
        trip++;
        brute_level(s, b, k + 1, names, values, c);
    }
    c->executions[k] += (double)trip;
    if (trip > c->max[k])
        c->max[k] = trip;
}

static brute_counts brute_force(const nest_spec *s, const bexpr_bindings *b)
{
    brute_counts c;
    memset(&c, 0, sizeof c);
    const char *names[MAX_LEVELS];
    long long values[MAX_LEVELS] = {0};
    for (unsigned k = 0; k < s->depth; k++)
        names[k] = s->lv[k].var;
    brute_level(s, b, 0, names, values, &c);
    return c;
}

/* perf_trips' sums for each loop of the nest, in order. */
static bool trips_of(const lm_program *p, const bexpr_bindings *b, perf_trip_sums *out)
{
    perf_trips *t = perf_trips_create(b);
    unsigned k = 0;
    bool ok = true;
    for (const lm_loop *l = p->files->functions->loops; l && ok; l = lm_loop_next_preorder(l)) {
        strbuf why = STRBUF_INIT;
        ok = perf_trips_sum(t, l, &out[k++], &why) == PERF_TRIPS_SUMMED;
        if (!ok)
            fprintf(stderr, "\n  %s\n", strbuf_cstr(&why));
        strbuf_release(&why);
    }
    perf_trips_free(&t);
    return ok;
}

static bexpr_bindings *bind(long long n)
{
    bexpr_bindings *b = bexpr_bindings_create();
    bexpr_bindings_set(b, "n", n);
    bexpr_bindings_set(b, "b", 2);
    return b;
}

#define L(var, lo, hi, st) {var, lo, hi, st, 0}

static const nest_spec shapes[] = {
    {"triangle j < i", {L("i", "0", "n-1", "1"), L("j", "0", "i-1", "1")}, 2},
    {"triangle j <= i", {L("i", "0", "n-1", "1"), L("j", "0", "i", "1")}, 2},
    {"trapezoid j <= i + b", {L("i", "0", "n-1", "1"), L("j", "0", "i + b", "1")}, 2},
    {"band i - b .. i + b", {L("i", "0", "n-1", "1"), L("j", "i-b", "i+b", "1")}, 2},
    {"band clamped with ?:",
     {L("i", "0", "n-1", "1"), L("j", "i-b > 0 ? i-b : 0", "i+b < n-1 ? i+b : n-1", "1")}, 2},
    {"k = i; k < n - i", {L("i", "0", "n-1", "1"), L("k", "i", "n-i-1", "1")}, 2},
    {"simplex k < j < i",
     {L("i", "0", "n-1", "1"), L("j", "0", "i-1", "1"), L("k", "0", "j-1", "1")}, 3},
    {"j <= k <= i", {L("i", "0", "n-1", "1"), L("j", "0", "i", "1"), L("k", "j", "i", "1")}, 3},
    {"4-deep simplex",
     {L("i", "0", "n-1", "1"), L("j", "0", "i-1", "1"), L("k", "0", "j-1", "1"),
      L("m", "0", "k-1", "1")}, 4},
    {"rectangle between", {L("i", "0", "n-1", "1"), L("j", "0", "n-1", "1"),
                           L("k", "0", "i-1", "1")}, 3},
    {"strides 2 and 3", {L("i", "0", "n-1", "2"), L("j", "i", "n-1", "3")}, 2},
    {"downwards by 2", {L("i", "0", "n-1", "1"), L("j", "i", "0", "-2")}, 2},
    {"outer downwards, 2i - 1", {L("i", "n-1", "0", "-1"), L("j", "1", "2*i - 1", "1")}, 2},
    {"stride i + 1 (walked)", {L("i", "0", "n-1", "1"), L("j", "0", "n-1", "i+1")}, 2},
    {"i * i / 3 (walked)", {L("i", "0", "n-1", "1"), L("j", "0", "i * i / 3", "1")}, 2},
    {"nk + (dir == 2) (walked)",
     {L("dir", "0", "2", "1"), L("i", "0", "n-1", "1"), L("k", "0", "n + (dir == 2) - 1", "1")},
     3},
};

/* Every shape's entries, executions and largest trip equal the brute force count, for
 * sizes 0, 1, 2, odd and even. */
static void test_sums_match_brute_force(void)
{
    static const long long sizes[] = {0, 1, 2, 3, 6, 7, 10, 11, 16};
    for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++) {
        lm_program *p = read_nest(&shapes[s]);
        for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
            bexpr_bindings *b = bind(sizes[z]);
            brute_counts want = brute_force(&shapes[s], b);
            perf_trip_sums got[MAX_LEVELS];
            CU_ASSERT_TRUE_FATAL(trips_of(p, b, got));
            for (unsigned k = 0; k < shapes[s].depth; k++) {
                bool same = got[k].entries == want.entries[k] &&
                            got[k].executions == want.executions[k] &&
                            got[k].max == want.max[k];
                CU_ASSERT_TRUE(same);
                if (!same)
                    fprintf(stderr, "\n  %s, n = %lld, level %u: %.17g/%.17g/%lld, brute force "
                            "%.17g/%.17g/%lld\n", shapes[s].name, sizes[z], k, got[k].entries,
                            got[k].executions, got[k].max, want.entries[k],
                            want.executions[k], want.max[k]);
            }
            bexpr_bindings_free(&b);
        }
        lm_program_free(&p);
    }
}

static const machine *test_machine(void)
{
    static machine m;
    memset(&m, 0, sizeof m);
    m.name = (char *)"test";
    m.peak_gflops = 100.0;
    m.memory_bandwidth_gbs = 10.0;
    m.caches[0] = (machine_cache){3, 1 << 20, 0};
    m.ncaches = 1;
    m.weight_add = m.weight_multiply = m.weight_divide = m.weight_special = 1.0;
    return &m;
}

/* The flops of a nest whose innermost level has one add, the others none. */
static double nest_flops(const nest_spec *s, long long n, bool *ok)
{
    nest_spec one = *s;
    one.lv[one.depth - 1].adds = 1;
    lm_program *p = read_nest(&one);
    bexpr_bindings *b = bind(n);
    perf_result r;
    *ok = perf_evaluate(p, test_machine(), &(perf_options){.bindings = b}, &r);
    double flops = r.flops;
    perf_result_release(&r);
    bexpr_bindings_free(&b);
    lm_program_free(&p);
    return flops;
}

/* The closed forms by hand: a triangle n (n - 1) / 2, a trapezoid, a band, the clamped
 * k = i; k < n - i, the 3-deep simplex n (n - 1) (n - 2) / 6, strides 2 and 3. */
static void test_hand_counts(void)
{
    bool ok;
    for (long long n = 0; n <= 9; n++) {
        CU_ASSERT_EQUAL(nest_flops(&shapes[0], n, &ok), n * (n - 1) / 2);
        /* sum over i of i + b + 1, b = 2 */
        CU_ASSERT_EQUAL(nest_flops(&shapes[2], n, &ok), n * (n - 1) / 2 + 3 * n);
        /* 2b + 1 = 5 each (not clamped) */
        CU_ASSERT_EQUAL(nest_flops(&shapes[3], n, &ok), 5 * n);
        /* n - 2i for i < n / 2 */
        long long clamp = 0;
        for (long long i = 0; 2 * i < n; i++)
            clamp += n - 2 * i;
        CU_ASSERT_EQUAL(nest_flops(&shapes[5], n, &ok), clamp);
        CU_ASSERT_EQUAL(nest_flops(&shapes[6], n, &ok), n * (n - 1) * (n - 2) / 6);
        CU_ASSERT_TRUE(ok);
    }
    /* clamped to 0 .. n-1: rows 0, 1, n-2, n-1 lose 2, 1, 1, 2 */
    CU_ASSERT_EQUAL(nest_flops(&shapes[4], 10, &ok), 5 * 10 - 6);
    CU_ASSERT_EQUAL(nest_flops(&shapes[5], 4000, &ok), 4002000);
    /* i = 0, 2, .., 98; j = i, i + 3, .. <= 99: ceil((100 - i) / 3) */
    CU_ASSERT_EQUAL(nest_flops(&shapes[10], 100, &ok), 867);
}

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* PolyBench's EXTRALARGE sizes: the 3-deep simplex at n = 4000 is exact (C(4000, 3) =
 * 10,658,668,000 flops, beyond a 32-bit count) and takes well under a second; so does the
 * 4-deep one at n = 1000 (C(1000, 4)). */
static void test_large_exact_and_fast(void)
{
    bool ok;
    double start = seconds_now();
    CU_ASSERT_EQUAL(nest_flops(&shapes[6], 4000, &ok), 10658668000.0);
    CU_ASSERT_EQUAL(nest_flops(&shapes[7], 4000, &ok), 4000.0 * 4001 * 4002 / 6);
    CU_ASSERT_EQUAL(nest_flops(&shapes[8], 1000, &ok), 41417124750.0);
    double took = seconds_now() - start;
    CU_ASSERT_TRUE(ok);
    CU_ASSERT_TRUE(took < 1.0);
    if (took >= 1.0)
        fprintf(stderr, "\n  took %g s\n", took);
}

static char *evaluate_capturing(const nest_spec *s, bexpr_bindings *b, bool *ok)
{
    lm_program *p = read_nest(s);
    FILE *tmp = tmpfile();
    CU_ASSERT_PTR_NOT_NULL_FATAL(tmp);
    diag_set_stream(tmp);
    perf_result r;
    /* -strict's way: each nest that cannot be predicted is an error, and false. */
    *ok = perf_evaluate(p, test_machine(),
                        &(perf_options){.bindings = b, .say = PERF_UNPREDICTED_ERROR}, &r);
    diag_set_stream(NULL);
    perf_result_release(&r);
    lm_program_free(&p);
    char *messages = testutil_read_stream(tmp);
    fclose(tmp);
    return messages;
}

/* A bound that is not affine is walked while the loops around it run at most 10^7 times:
 * 10^5 values of i are (j runs 0, 1, 2, 0, ... times: 10^5 - 1 in all), 2 * 10^7 are not,
 * and the error names i and what to give. */
static void test_walk_limit(void)
{
    static const nest_spec squares = {
        "i % 3", {L("i", "0", "n-1", "1"), {"j", "1", "i % 3", "1", 1}}, 2};
    bexpr_bindings *b = bind(100000);
    bool ok;
    CU_ASSERT_EQUAL(nest_flops(&squares, 100000, &ok), 99999);
    CU_ASSERT_TRUE(ok);
    char *messages;
    bexpr_bindings_set(b, "n", 20000000);
    messages = evaluate_capturing(&squares, b, &ok);
    CU_ASSERT_FALSE(ok);
    CU_ASSERT_STRING_EQUAL(messages,
                           "k.xml:11:1: error: its bounds depend on 'i' in no affine way, and "
                           "the loops around it run 20000000 times, more than the 10000000 "
                           "walked to evaluate them; give its iterations per entry as f_L11=N "
                           "(perfmodel -D, measuretool -param), or a measurement of it (from "
                           "a run of an -auto-instrument'ed copy)\n");
    free(messages);
    /* given, it is predicted: 2 * 10^7 entries of 1 */
    bexpr_bindings_set(b, "f_L11", 1);
    messages = evaluate_capturing(&squares, b, &ok);
    CU_ASSERT_TRUE(ok);
    free(messages);
    bexpr_bindings_free(&b);
}

/* j < f(i), f an array of the Fortran kind: walked, each f(i) looked up at the loop's own
 * values (f(0) .. f(3) bound: 4 + 1 + 0 + 2 iterations); one left unbound is named with
 * the value of i that reads it, and the iterations can be given instead. */
static void test_walk_unknown_function(void)
{
    static const nest_spec fi = {"f(i)", {L("i", "0", "n-1", "1"), {"j", "0", "f(i)-1", "1", 1}},
                                 2};
    bexpr_bindings *b = bind(4);
    static const long long f[] = {4, 1, 0, 2};
    for (int k = 0; k < 4; k++) {
        char name[8];
        snprintf(name, sizeof name, "f(%d)", k);
        bexpr_bindings_set(b, name, f[k]);
    }
    lm_program *p = read_nest(&fi);
    perf_result r;
    CU_ASSERT_TRUE(perf_evaluate(p, test_machine(), &(perf_options){.bindings = b}, &r));
    CU_ASSERT_EQUAL(r.flops, 7);
    perf_result_release(&r);
    lm_program_free(&p);
    bexpr_bindings_set(b, "n", 5);
    bool ok;
    char *messages = evaluate_capturing(&fi, b, &ok);
    CU_ASSERT_FALSE(ok);
    CU_ASSERT_STRING_EQUAL(messages,
                           "k.xml:11:1: error: upperbound 'f(i)-1' at i = 4: unbound parameter "
                           "'f(4)'; bind it, or give its iterations per entry as f_L11=N "
                           "(perfmodel -D, measuretool -param), or a measurement of it (from a "
                           "run of an -auto-instrument'ed copy)\n");
    free(messages);
    bexpr_bindings_free(&b);
}

/* A loop variable is never a parameter: inside its loop the name is the loop's, and a
 * bound that names the variable of a loop without known values says so. */
static void test_loop_variable_messages(void)
{
    static const nest_spec unknown = {
        "while around", {L("i", "0", "lim(n)", "1"), L("j", "0", "i-1", "1")}, 2};
    bexpr_bindings *b = bind(10);
    bexpr_bindings_set(b, "f_L10", 5);
    bool ok;
    char *messages = evaluate_capturing(&unknown, b, &ok);
    CU_ASSERT_FALSE(ok);
    CU_ASSERT_STRING_EQUAL(messages,
                           "k.xml:11:1: error: upperbound 'i-1' names 'i', the variable of the "
                           "loop at k.xml:10, whose values are not known (its iterations are "
                           "given); give its iterations per entry as f_L11=N (perfmodel -D, "
                           "measuretool -param), or a measurement of it (from a run of an "
                           "-auto-instrument'ed copy)\n");
    CU_ASSERT_PTR_NULL(strstr(messages, "parameter"));
    free(messages);
    bexpr_bindings_set(b, "f_L11", 2);
    messages = evaluate_capturing(&unknown, b, &ok);
    CU_ASSERT_TRUE(ok);
    free(messages);
    bexpr_bindings_free(&b);
    /* after the i loop, j < i reads i's last value: not a parameter, and -D i may give it */
    static const char after[] =
        "<program><function name=\"f\"><loop linenum=\"3\" loopvar=\"i\" stride=\"1\" "
        "lowerbound=\"0\" upperbound=\"9\" adds=\"1\" multiplies=\"0\" divides=\"0\" "
        "specials=\"0\"/><loop linenum=\"5\" loopvar=\"j\" stride=\"1\" lowerbound=\"0\" "
        "upperbound=\"i-1\" adds=\"1\" multiplies=\"0\" divides=\"0\" specials=\"0\"/>"
        "</function></program>";
    lm_program *p = lm_program_create();
    CU_ASSERT_TRUE_FATAL(xml_read_memory(p, "k.xml", after, strlen(after)));
    lm_program_finish(p);
    FILE *tmp = tmpfile();
    diag_set_stream(tmp);
    perf_result r;
    CU_ASSERT_FALSE(perf_evaluate(p, test_machine(),
                                  &(perf_options){.say = PERF_UNPREDICTED_ERROR}, &r));
    perf_result_release(&r);
    diag_set_stream(NULL);
    messages = testutil_read_stream(tmp);
    fclose(tmp);
    CU_ASSERT_STRING_EQUAL(messages,
                           "k.xml:5:1: error: upperbound 'i-1': 'i' is the variable of the "
                           "loop at k.xml:3, which does not enclose this one; bind it, or give "
                           "its iterations per entry as f_L5=N (perfmodel -D, measuretool "
                           "-param), or a measurement of it (from a run of an "
                           "-auto-instrument'ed copy)\n");
    free(messages);
    b = bind(10);
    bexpr_bindings_set(b, "i", 10);
    CU_ASSERT_TRUE(perf_trips_check_bindings(p, b, "-D"));
    CU_ASSERT_TRUE(perf_evaluate(p, test_machine(), &(perf_options){.bindings = b}, &r));
    CU_ASSERT_EQUAL(r.flops, 20);
    perf_result_release(&r);
    bexpr_bindings_free(&b);
    lm_program_free(&p);
}

/* A stride of 0 is an error at the loop, in a triangle as in a rectangle. */
static void test_stride_zero(void)
{
    static const nest_spec zero = {"stride 0", {L("i", "0", "n-1", "1"), L("j", "0", "i", "0")}, 2};
    bexpr_bindings *b = bind(10);
    bool ok;
    char *messages = evaluate_capturing(&zero, b, &ok);
    CU_ASSERT_FALSE(ok);
    CU_ASSERT_STRING_EQUAL(messages, "k.xml:11:1: error: the loop's stride is 0: it never ends\n");
    free(messages);
    bexpr_bindings_free(&b);
}

/* -D i=50 of the triangle's i is refused (it used to predict the rectangle); a k that is
 * a loop variable in one function and a parameter of another's bound may be bound. */
static void test_binding_refused(void)
{
    lm_program *p = read_nest(&shapes[0]);
    bexpr_bindings *b = bind(100);
    CU_ASSERT_TRUE(perf_trips_check_bindings(p, b, "-D"));
    bexpr_bindings_set(b, "i", 50);
    FILE *tmp = tmpfile();
    diag_set_stream(tmp);
    CU_ASSERT_FALSE(perf_trips_check_bindings(p, b, "-D"));
    diag_set_stream(NULL);
    char *messages = testutil_read_stream(tmp);
    fclose(tmp);
    CU_ASSERT_STRING_EQUAL(messages, "aitool: error: -D i=50: 'i' is the variable of the loop at "
                                     "k.xml:10, not a parameter: its bounds give its values\n");
    free(messages);
    lm_program_free(&p);
    static const char both[] =
        "<program><function name=\"f\"><loop linenum=\"3\" loopvar=\"k\" stride=\"1\" "
        "lowerbound=\"0\" upperbound=\"9\" adds=\"1\" multiplies=\"0\" divides=\"0\" "
        "specials=\"0\"/></function><function name=\"g\"><loop linenum=\"7\" loopvar=\"j\" "
        "stride=\"1\" lowerbound=\"0\" upperbound=\"k-1\" adds=\"1\" multiplies=\"0\" "
        "divides=\"0\" specials=\"0\"/></function></program>";
    p = lm_program_create();
    CU_ASSERT_TRUE_FATAL(xml_read_memory(p, "k.xml", both, strlen(both)));
    lm_program_finish(p);
    bexpr_bindings_set(b, "k", 5);
    CU_ASSERT_TRUE(perf_trips_check_bindings(p, b, "-D"));
    lm_program_free(&p);
    bexpr_bindings_free(&b);
}

/* ---- the command lines ---- */

static char *tmpdir;

static testutil_proc run(const char *program, const char *const *args)
{
    return testutil_exec_program(tmpdir, program, args);
}

/* perfmodel -D and -sweep and measuretool -param of a loop variable: a usage error,
 * exit 2. */
static void test_cli_refusal(void)
{
    const char *xml[] = {"-static-counting-only", "-xml", "t.xml", "-report-file", "/dev/null",
                         AITOOL_KERNEL_DIR "/triangular.c", NULL};
    testutil_proc r = run(AITOOL_MEASURETOOL, xml);
    CU_ASSERT_EQUAL_FATAL(r.status, 0);
    testutil_proc_release(&r);
    const char *pm[] = {"-machine", VM, "-D", "n=40", "-D", "k=3", "t.xml", NULL};
    r = run(AITOOL_PERFMODEL, pm);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_STRING_EQUAL(r.out, "");
    CU_ASSERT_STRING_EQUAL(r.err, "perfmodel: error: -D k=3: 'k' is the variable of the loop "
                                  "at t.xml:29, not a parameter: its bounds give its values\n");
    testutil_proc_release(&r);
    const char *sweep[] = {"-machine", VM, "-D", "n=40", "-sweep", "i=1:4", "t.xml", NULL};
    r = run(AITOOL_PERFMODEL, sweep);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_STRING_EQUAL(r.out, "");
    CU_ASSERT_STRING_EQUAL(r.err, "perfmodel: error: -sweep i=1: 'i' is the variable of the "
                                  "loop at t.xml:27, not a parameter: its bounds give its "
                                  "values\n");
    testutil_proc_release(&r);
    const char *mt[] = {"-static-counting-only", "-machine", VM, "-param", "n=40",
                        "-param", "j=1", "-report-file", "/dev/null",
                        AITOOL_KERNEL_DIR "/triangular.c", NULL};
    r = run(AITOOL_MEASURETOOL, mt);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "error: -param j=1: 'j' is the variable of the loop "
                                         "at " AITOOL_KERNEL_DIR "/triangular.c:28, not a "
                                         "parameter"));
    testutil_proc_release(&r);
}

typedef struct kernel_flops {
    const char *function;
    double flops;
} kernel_flops;

/* The hand counts of kernels/triangular.c at n = 40 (its head comment). */
static const kernel_flops triangular[] = {
    {"trmm", 64000}, {"syrk", 99220}, {"lu", 41860},
    {"cholesky", 22100}, {"symm", 165600}, {"trisolv", 1600},
};
enum { NTRIANGULAR = sizeof triangular / sizeof *triangular };

/* The flops perfmodel's JSON gives the nest of function fn (the sum of its nests). */
static double json_nest_flops(const cJSON *j, const char *fn)
{
    double flops = 0;
    const cJSON *nest;
    cJSON_ArrayForEach(nest, cJSON_GetObjectItem(j, "loops")) {
        const cJSON *f = cJSON_GetObjectItem(nest, "function");
        if (cJSON_IsString(f) && !strcmp(f->valuestring, fn))
            flops += cJSON_GetObjectItem(nest, "flops")->valuedouble;
    }
    return flops;
}

/* measuretool -xml writes the triangular bounds as C text naming the loop variables
 * (upperbound="i-1"), the schema takes them, and perfmodel on the XML predicts the hand
 * counts exactly. */
static void test_xml_round_trip(void)
{
    const char *xml[] = {"-static-counting-only", "-xml", "t.xml", "-report-file", "/dev/null",
                         AITOOL_KERNEL_DIR "/triangular.c", NULL};
    testutil_proc r = run(AITOOL_MEASURETOOL, xml);
    CU_ASSERT_EQUAL_FATAL(r.status, 0);
    testutil_proc_release(&r);
    char *path = testutil_path(tmpdir, "t.xml");
    char *text = testutil_read_file(path);
    free(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "loopvar=\"k\" stride=\"1\" lowerbound=\"i+1\" "
                                        "upperbound=\"n-1\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "loopvar=\"j\" stride=\"1\" lowerbound=\"0\" "
                                        "upperbound=\"i\""));
    free(text);
    const char *pm[] = {"-machine", VM, "-D", "n=40", "-D", "N=40", "-json", "p.json",
                        "t.xml", NULL};
    r = run(AITOOL_PERFMODEL, pm);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    path = testutil_path(tmpdir, "p.json");
    text = testutil_read_file(path);
    free(path);
    cJSON *j = text ? cJSON_Parse(text) : NULL;
    free(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    for (int k = 0; k < NTRIANGULAR; k++) {
        double got = json_nest_flops(j, triangular[k].function);
        CU_ASSERT_EQUAL(got, triangular[k].flops);
        if (got != triangular[k].flops)
            fprintf(stderr, "\n  %s: %.17g\n", triangular[k].function, got);
    }
    cJSON_Delete(j);
}

/* measuretool -machine shares the model: each kernel's prediction object has its hand
 * count. */
static void test_measuretool_machine(void)
{
    const char *mt[] = {"-static-counting-only", "-machine", VM, "-param", "n=40", "-json",
                        "mt.json", "-report-file", "/dev/null",
                        AITOOL_KERNEL_DIR "/triangular.c", NULL};
    testutil_proc r = run(AITOOL_MEASURETOOL, mt);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *path = testutil_path(tmpdir, "mt.json");
    char *text = testutil_read_file(path);
    free(path);
    cJSON *j = text ? cJSON_Parse(text) : NULL;
    free(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    int found = 0;
    const cJSON *l;
    cJSON_ArrayForEach(l, cJSON_GetObjectItem(j, "loops")) {
        const cJSON *fn = cJSON_GetObjectItem(l, "function");
        const cJSON *pred = cJSON_GetObjectItem(l, "prediction");
        for (int k = 0; k < NTRIANGULAR && pred && cJSON_IsString(fn); k++)
            if (!strcmp(fn->valuestring, triangular[k].function)) {
                CU_ASSERT_EQUAL(cJSON_GetObjectItem(pred, "flops")->valuedouble,
                                triangular[k].flops);
                found++;
            }
    }
    CU_ASSERT_EQUAL(found, NTRIANGULAR);
    cJSON_Delete(j);
}

/* The ExaSAT tools' dialect: a Fortran triangle whose bounds name k and j
 * (xml/orig_triangle.xml): 440 flops at n = 10, its i level 220 times, and the bytes of
 * its tetrahedral region of a, read and written once: 220 * 16. */
static void test_orig_dialect(void)
{
    const char *pm[] = {"-machine", VM, "-D", "n=10", "-json", "o.json",
                        AITOOL_XML_DIR "/orig_triangle.xml", NULL};
    testutil_proc r = run(AITOOL_PERFMODEL, pm);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    char *path = testutil_path(tmpdir, "o.json");
    char *text = testutil_read_file(path);
    free(path);
    cJSON *j = text ? cJSON_Parse(text) : NULL;
    free(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    CU_ASSERT_EQUAL(json_nest_flops(j, "tri"), 440);
    CU_ASSERT_EQUAL(cJSON_GetObjectItem(j, "bytes")->valuedouble, 220 * 16);
    cJSON_Delete(j);
}

/* The FP operations an -auto-instrument'ed run of kernels/triangular.c measures in each
 * kernel's loops equal the prediction (and the hand count). */
static void test_measured_equals_predicted(void)
{
    char *src = testutil_read_file(AITOOL_KERNEL_DIR "/triangular.c");
    char *copy = testutil_path(tmpdir, "triangular.c");
    CU_ASSERT_FATAL(src && testutil_write_file(copy, src));
    free(src);
    free(copy);
    const char *instrument[] = {"-auto-instrument", "triangular.c", NULL};
    testutil_proc r = run(AITOOL_MEASURETOOL, instrument);
    CU_ASSERT_EQUAL_FATAL(r.status, 0);
    testutil_proc_release(&r);
    const char *cc[] = {"cc", "-O2", "ai_triangular.c", "-o", "tri", "-lm", NULL};
    r = testutil_exec(tmpdir, cc);
    CU_ASSERT_EQUAL_FATAL(r.status, 0);
    testutil_proc_release(&r);
    setenv("AITOOL_MEASURED", "m.json", 1);
    char *exe = testutil_path(tmpdir, "tri");
    const char *argv[] = {exe, NULL};
    r = testutil_exec(tmpdir, argv);
    unsetenv("AITOOL_MEASURED");
    free(exe);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *path = testutil_path(tmpdir, "m.json");
    char *text = testutil_read_file(path);
    free(path);
    cJSON *m = text ? cJSON_Parse(text) : NULL;
    free(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    for (int k = 0; k < NTRIANGULAR; k++) {
        double measured = 0;
        const cJSON *l;
        cJSON_ArrayForEach(l, cJSON_GetObjectItem(m, "loops")) {
            if (!strcmp(cJSON_GetObjectItem(l, "function")->valuestring, triangular[k].function))
                measured += cJSON_GetObjectItem(l, "fp_total")->valuedouble;
        }
        CU_ASSERT_EQUAL(measured, triangular[k].flops);
    }
    cJSON_Delete(m);
}

int main(void)
{
    tmpdir = testutil_make_tempdir();
    static const testutil_case sums[] = {
        {"closed forms and walks against brute force, n = 0 .. 16", test_sums_match_brute_force},
        {"hand counts: triangle, trapezoid, band, clamp, simplex, strides", test_hand_counts},
        {"n = 4000: exact and under a second", test_large_exact_and_fast},
        {"bounds not affine: walked up to 10^7, then an error naming i", test_walk_limit},
        {"a loop variable is never a parameter", test_loop_variable_messages},
        {"j < f(i): walked, f looked up at i's values", test_walk_unknown_function},
        {"-D of a loop variable refused", test_binding_refused},
        {"a stride of 0", test_stride_zero},
        {NULL, NULL},
    };
    static const testutil_case cli[] = {
        {"perfmodel -D and measuretool -param of a loop variable: exit 2", test_cli_refusal},
        {"triangular kernels: measuretool -xml, perfmodel = hand counts", test_xml_round_trip},
        {"triangular kernels: measured run = hand counts", test_measured_equals_predicted},
        {"ExaSAT dialect: a Fortran triangle", test_orig_dialect},
        {"measuretool -machine: the same predictions", test_measuretool_machine},
        {NULL, NULL},
    };
    static const testutil_suite suites[] = {{"exact trip sums", sums},
                                            {"triangular kernels", cli}};
    int status = testutil_run(suites, 2);
    testutil_remove_tree(tmpdir);
    free(tmpdir);
    return status;
}
