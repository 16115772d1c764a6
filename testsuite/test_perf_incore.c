/* test_perf_incore: the model with the in-core time from the compiled code
 * (perf_options.compile, perfmodel/perf_incore.c), against values worked out by hand.
 *
 * The kernel is testsuite/incore/axpy.c (a[i] = s * b[i] + a[i], lines 3-4), copied into
 * a temporary directory beside its ExaSAT XML (axpy.xml: the loop at line 3, n = 1003),
 * as `measuretool -xml axpy.xml axpy.c` leaves them.  The machine is ecm-test.json (2 GHz)
 * with "mcpu": "skylake-avx512", so that llvm-mca's numbers are those of the fixtures of
 * test_incore (GCC 12.2 of Debian 12, llvm-mca 19.1.7):
 * - gcc -O2 does not vectorize the loop (its very-cheap cost model refuses the epilogue):
 *   axpy_scalar.s, 1517 cycles for 1000 passes of one source iteration: 1.517 each.
 * - gcc -O3 -march=skylake-avx512 -mprefer-vector-width=512: axpy_avx512.s, 8 doubles a
 *   pass, 1681 cycles for 1000 passes: 0.210125 a source iteration; its leftover
 *   iterations run in straight-line code (no remainder loop), so at a pass's 1.681 each;
 *   a pass's loads and stores load the store-data port 4 the most, 1.00.
 * The cases that run llvm-mca-19 need Debian's llvm-19: without it they say they were
 * skipped and the program exits 77 (CTest: skipped). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "exasat_xml.h"
#include "incore.h"
#include "machine.h"
#include "perf.h"
#include "strbuf.h"
#include "testutil.h"

#define ECM_MACHINE AITOOL_SOURCE_DIR "/testsuite/machines/ecm-test.json"
#define AXPY_C AITOOL_SOURCE_DIR "/testsuite/incore/axpy.c"
#define O3_512 "gcc -O3 -march=skylake-avx512 -mprefer-vector-width=512"

static const char axpy_xml[] =
    "<program><function name=\"scale\">\n"
    "<loop linenum=\"3\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"n-1\" "
    "adds=\"1\" multiplies=\"1\" divides=\"0\" specials=\"0\">\n"
    "<scalar name=\"s\" datatype=\"double\" isConstant=\"true\" reads=\"1\" writes=\"0\"/>\n"
    "<array name=\"a\" component=\"\" datatype=\"double\" accesstype=\"readwrite\" "
    "ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" reads=\"1\" writes=\"1\"/>"
    "</array>\n"
    "<array name=\"b\" component=\"\" datatype=\"double\" accesstype=\"readonly\" "
    "ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/>"
    "</array>\n"
    "</loop></function></program>\n";

static bool have_mca;
static unsigned skipped;
static char *dir;      /* the temporary directory: axpy.c, axpy.xml, the disk cache */
static char *xml_path; /* dir/axpy.xml */
static long long trip = 1003; /* n */

static bool need_mca(const char *what)
{
    if (!have_mca) {
        printf("\n  SKIPPED (%s): %s is not installed (Debian's %s)\n", what,
               INCORE_MCA_PROGRAM, INCORE_MCA_PACKAGE);
        skipped++;
    }
    return have_mca;
}

static machine *test_machine(void)
{
    char *text = testutil_read_file(ECM_MACHINE);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    char *with = testutil_replace(text, "\"write_allocate\": true, \"cores\": 4,", "\"write_allocate\": true, \"cores\": 4, \"mcpu\": \"skylake-avx512\",");
    machine *m = machine_parse("ecm-test.json", with);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    free(text);
    free(with);
    return m;
}

/* The kernel xml, read as the file name, evaluated with n = trip on one core. */
static bool evaluate_xml(const char *name, const char *xml, const perf_options *given,
                         const machine *m, lm_program **p, perf_result *r)
{
    *p = lm_program_create();
    CU_ASSERT_TRUE_FATAL(xml_read_memory(*p, name, xml, strlen(xml)));
    lm_program_finish(*p);
    bexpr_bindings *b = bexpr_bindings_create();
    bexpr_bindings_set(b, "n", trip);
    perf_options opt = *given;
    opt.cores = 1;
    opt.bindings = b;
    bool ok = perf_evaluate(*p, m, &opt, r);
    bexpr_bindings_free(&b);
    return ok;
}

static bool evaluate(const perf_options *given, const machine *m, lm_program **p,
                     perf_result *r)
{
    return evaluate_xml(xml_path, axpy_xml, given, m, p, r);
}

static void release(lm_program **p, perf_result *r)
{
    perf_result_release(r);
    lm_program_free(p);
}

/* Relative closeness: the model's sums may round in the last bits. */
#define ASSERT_CLOSE(got, want) CU_ASSERT(fabs((got) - (want)) <= 1e-9 * fabs(want) + 1e-300)

/* Roofline, -O2 against -O3 with 512-bit vectors (the top of the file):
 * -O2: 1003 iterations x 1.517 = 1521.551 cycles, 760.7755 ns at 2 GHz, above L1's
 *      24 B x 1003 at the triad's row (2 reads and a write: 50 GB/s of which a write-only
 *      array's allocation, 1 of 4 streams, is no L1 byte: 37.5) = 641.92 ns:
 *      compute-bound, all of the prediction from the in-core time.
 * -O3: 1003 = 125 passes of 8 + 3 left over: 1000 x 0.210125 + 3 x 1.681 = 215.168
 *      cycles, 107.584 ns: L1-bound, 107.584 / 641.92 of the prediction.
 * The in-core times differ by 1521.551 / 215.168 = 7.07, the 8 lanes less the leftover
 * iterations' scalar cost. */
static void test_widths(void)
{
    if (!need_mca("-O2 against -O3"))
        return;
    machine *m = test_machine();
    lm_program *p;
    perf_result r;
    perf_options opt = {.model = PERF_ROOFLINE, .compile = "gcc -O2"};
    CU_ASSERT_TRUE_FATAL(evaluate(&opt, m, &p, &r));
    const perf_nest *n = &r.nests[0];
    CU_ASSERT_TRUE_FATAL(n->incore.used);
    CU_ASSERT_STRING_EQUAL(n->incore.compiler, "gcc -O2");
    CU_ASSERT_FALSE(n->incore.vectorized);
    CU_ASSERT_EQUAL(n->incore.lanes, 1);
    CU_ASSERT_DOUBLE_EQUAL(n->incore.cycles_per_iteration, 1.517, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(n->incore.remainder_iterations, 0, 0);
    ASSERT_CLOSE(n->incore.cycles, 1521.551);
    ASSERT_CLOSE(n->compute_s, 1521.551 / 2e9);
    ASSERT_CLOSE(n->runtime_s, 1521.551 / 2e9);
    CU_ASSERT_STRING_EQUAL(n->bottleneck, "compute");
    CU_ASSERT_DOUBLE_EQUAL(n->incore.share, 1, 1e-12);
    CU_ASSERT_PTR_NULL(n->incore.fallback);
    double o2 = n->compute_s;
    release(&p, &r);

    opt.compile = O3_512;
    CU_ASSERT_TRUE_FATAL(evaluate(&opt, m, &p, &r));
    n = &r.nests[0];
    CU_ASSERT_TRUE_FATAL(n->incore.used);
    CU_ASSERT_TRUE(n->incore.vectorized);
    CU_ASSERT_EQUAL(n->incore.vector_bits, 512);
    CU_ASSERT_EQUAL(n->incore.lanes, 8);
    CU_ASSERT_EQUAL(n->incore.unroll, 1);
    CU_ASSERT_DOUBLE_EQUAL(n->incore.cycles_per_iteration, 0.210125, 1e-12);
    CU_ASSERT_FALSE(n->incore.remainder_loop);
    CU_ASSERT_DOUBLE_EQUAL(n->incore.remainder_cycles_per_iteration, 1.681, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(n->incore.remainder_iterations, 3, 0);
    CU_ASSERT_STRING_EQUAL(n->incore.bottleneck, "SKXPort0, SKXPort1, SKXPort5, SKXPort6");
    ASSERT_CLOSE(n->compute_s, 215.168 / 2e9);
    ASSERT_CLOSE(n->runtime_s, 24.0 * 1003 / 37.5e9);
    CU_ASSERT_STRING_EQUAL(n->bottleneck, "L1");
    ASSERT_CLOSE(n->incore.share, (215.168 / 2e9) / (24.0 * 1003 / 37.5e9));
    ASSERT_CLOSE(o2 / n->compute_s, 1521.551 / 215.168);
    release(&p, &r);
    machine_free(&m);
}

/* ECM with -O3, n = 1003: T_OL = the 215.168 cycles above, 107.584 ns; T_nOL = the load/store
 * ports' cycles, 1000 x 1.00 / 8 + 3 x 1.00 = 128 cycles, 64 ns (no loop left at the
 * estimate from the counts, so no L1 bytes of it); the data in L1, so no transfers:
 * T_ECM = max(107.584, 64) ns. */
static void test_ecm(void)
{
    if (!need_mca("ECM from the assembly"))
        return;
    machine *m = test_machine();
    lm_program *p;
    perf_result r;
    perf_options opt = {.model = PERF_ECM, .compile = O3_512};
    CU_ASSERT_TRUE_FATAL(evaluate(&opt, m, &p, &r));
    const perf_nest *n = &r.nests[0];
    CU_ASSERT_TRUE_FATAL(n->incore.used);
    ASSERT_CLOSE(n->incore.load_store_cycles, 128.0);
    ASSERT_CLOSE(n->ecm.overlapping_s, 215.168 / 2e9);
    ASSERT_CLOSE(n->ecm.non_overlapping_s, 128 / 2e9);
    ASSERT_CLOSE(n->ecm.single_core_s, 215.168 / 2e9);
    ASSERT_CLOSE(n->runtime_s, 215.168 / 2e9);
    CU_ASSERT_STRING_EQUAL(n->bottleneck, "compute");
    CU_ASSERT_DOUBLE_EQUAL(n->incore.share, 1, 1e-12);
    release(&p, &r);
    /* n = 1000003: 16 MB from memory.  T_OL = 125000 passes x 1.681 + 3 x 1.681 =
     * 210130.043 cycles, T_nOL = 125000 x 1.00 + 3 x 1.00 = 125003; the loads and stores
     * do not overlap the transfers: T_ECM = max(T_OL, T_nOL + transfers). */
    trip = 1000003;
    CU_ASSERT_TRUE_FATAL(evaluate(&opt, m, &p, &r));
    n = &r.nests[0];
    CU_ASSERT_TRUE_FATAL(n->incore.used);
    ASSERT_CLOSE(n->ecm.overlapping_s, 210130.043 / 2e9);
    ASSERT_CLOSE(n->ecm.non_overlapping_s, 125003 / 2e9);
    double transfers = n->levels[1].seconds + n->levels[2].seconds + n->levels[3].seconds;
    CU_ASSERT_TRUE(n->levels[3].bytes > 0 && transfers > 0);
    ASSERT_CLOSE(n->ecm.single_core_s, fmax(210130.043 / 2e9, 125003 / 2e9 + transfers));
    /* the case tells the rules apart: the loads and transfers together exceed T_OL */
    CU_ASSERT_TRUE(125003 / 2e9 + transfers > 210130.043 / 2e9);
    release(&p, &r);
    trip = 1003;
    machine_free(&m);
}

static const char dot_xml[] =
    "<program><function name=\"dot\">\n"
    "<loop linenum=\"8\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"n-1\" "
    "adds=\"1\" multiplies=\"1\" divides=\"0\" specials=\"0\">\n"
    "<scalar name=\"s\" datatype=\"double\" isConstant=\"false\" reads=\"1\" writes=\"1\"/>\n"
    "<array name=\"a\" component=\"\" datatype=\"double\" accesstype=\"readonly\" "
    "ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/>"
    "</array>\n"
    "<array name=\"b\" component=\"\" datatype=\"double\" accesstype=\"readonly\" "
    "ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/>"
    "</array>\n"
    "</loop></function></program>\n";

/* A chain: testsuite/incore/dot.c (s += a[i] * b[i], lines 8-9) at -O3 with 512-bit
 * vectors keeps its adds in order, 8 chained vaddsd a pass at 4 cycles each: llvm-mca's
 * printed total is 32015 cycles for 1000 passes, 4.001875 a source iteration, with 99.23%
 * of the cycles bound by data dependencies against 9.48% by resources.  Its 3 leftover
 * iterations (n = 1003, no remainder loop) are steps of the same chain, 4.001875 each,
 * not a pass's 32.015: 1003 x 4.001875 = 4013.880625 cycles. */
static void test_chain_leftover(void)
{
    if (!need_mca("a chain's leftover iterations"))
        return;
    machine *m = test_machine();
    char *text = testutil_read_file(AITOOL_SOURCE_DIR "/testsuite/incore/dot.c");
    char *source = testutil_path(dir, "dot.c"), *name = testutil_path(dir, "dot.xml");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(source, text));
    lm_program *p;
    perf_result r;
    perf_options opt = {.model = PERF_ROOFLINE, .compile = O3_512};
    CU_ASSERT_TRUE_FATAL(evaluate_xml(name, dot_xml, &opt, m, &p, &r));
    const perf_nest *n = &r.nests[0];
    CU_ASSERT_TRUE_FATAL(n->incore.used);
    CU_ASSERT_EQUAL(n->incore.lanes, 8);
    CU_ASSERT_DOUBLE_EQUAL(n->incore.cycles_per_iteration, 4.001875, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(n->incore.remainder_cycles_per_iteration, 4.001875, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(n->incore.remainder_iterations, 3, 0);
    ASSERT_CLOSE(n->incore.cycles, 4013.880625);
    ASSERT_CLOSE(n->compute_s, 4013.880625 / 2e9);
    release(&p, &r);
    free(source);
    free(name);
    free(text);
    machine_free(&m);
}

static const char sum3_xml[] =
    "<program><function name=\"sum3\">\n"
    "<loop linenum=\"3\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"n-1\" "
    "adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
    "<array name=\"out\" component=\"\" datatype=\"double\" accesstype=\"writeonly\" "
    "ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" reads=\"0\" writes=\"1\"/>"
    "</array>\n"
    "<loop linenum=\"5\" loopvar=\"c\" stride=\"1\" lowerbound=\"0\" upperbound=\"2\" "
    "adds=\"1\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
    "<array name=\"a\" component=\"\" datatype=\"double\" accesstype=\"readonly\" "
    "ghost=\"((0,0),(0,0))\"><access index=\"(0,0)\" isRelative=\"true\" reads=\"1\" "
    "writes=\"0\"/></array>\n"
    "</loop></loop></function>\n"
    "<function name=\"sum3_fixed\">\n"
    "<loop linenum=\"13\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"3\" "
    "adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
    "<array name=\"out\" component=\"\" datatype=\"double\" accesstype=\"writeonly\" "
    "ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" reads=\"0\" writes=\"1\"/>"
    "</array>\n"
    "<loop linenum=\"15\" loopvar=\"c\" stride=\"1\" lowerbound=\"0\" upperbound=\"2\" "
    "adds=\"1\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
    "<array name=\"a\" component=\"\" datatype=\"double\" accesstype=\"readonly\" "
    "ghost=\"((0,0),(0,0))\"><access index=\"(0,0)\" isRelative=\"true\" reads=\"1\" "
    "writes=\"0\"/></array>\n"
    "</loop></loop></function></program>\n";

/* An inner loop of 3 unrolled away: testsuite/incore/sum3.c (s = s + a[i][c], c < 3, then
 * out[i] = s) at -O3 with 512-bit vectors is the loop sum3_avx512.s keeps for lines 3-8
 * (test_incore): one pass stores a zmm, 64 bytes, and a source iteration of the i loop
 * stores out[i], 8: 8 source iterations a pass (its step, 192 bytes through a, would say
 * 24 of 8 bytes).  llvm-mca (skylake-avx512) prints 6025 cycles for 1000 passes, 82.61% of
 * the cycles bound by resources against 66.04% by dependencies: 0.753125 a source
 * iteration; n = 1003 leaves 3 iterations, no remainder loop, at a pass's 6.025 each:
 * 1000 x 0.753125 + 3 x 6.025 = 771.2 cycles for the nest, the 3009 adds of the inner
 * loop in them (not charged again at the peak): compute 771.2 / 2 GHz.  sum3_fixed (i < 4)
 * has both its loops unrolled: no enclosing loop is a loop, the nest keeps its estimate. */
static void test_unrolled_inner(void)
{
    if (!need_mca("an inner loop unrolled away"))
        return;
    machine *m = test_machine();
    char *text = testutil_read_file(AITOOL_SOURCE_DIR "/testsuite/incore/sum3.c");
    char *source = testutil_path(dir, "sum3.c"), *name = testutil_path(dir, "sum3.xml");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(source, text));
    FILE *tmp = tmpfile();
    CU_ASSERT_PTR_NOT_NULL_FATAL(tmp);
    diag_set_stream(tmp);
    lm_program *p;
    perf_result r;
    perf_options opt = {.model = PERF_ROOFLINE, .compile = O3_512};
    CU_ASSERT_TRUE_FATAL(evaluate_xml(name, sum3_xml, &opt, m, &p, &r));
    diag_set_stream(NULL);
    char *said = testutil_read_stream(tmp);
    fclose(tmp);
    CU_ASSERT_EQUAL_FATAL(r.nnests, 2);
    const perf_nest *n = &r.nests[0];
    CU_ASSERT_TRUE_FATAL(n->incore.used);
    CU_ASSERT_PTR_NOT_NULL_FATAL(n->incore.enclosing);
    CU_ASSERT_EQUAL(n->incore.enclosing->loc.line, 3);
    CU_ASSERT_EQUAL(n->incore.lanes, 8);
    CU_ASSERT_EQUAL(n->incore.unroll, 1);
    CU_ASSERT_DOUBLE_EQUAL(n->incore.cycles_per_iteration, 0.753125, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(n->incore.remainder_cycles_per_iteration, 6.025, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(n->incore.remainder_iterations, 3, 0);
    ASSERT_CLOSE(n->incore.cycles, 771.2);
    ASSERT_CLOSE(n->compute_s, 771.2 / 2e9);
    CU_ASSERT_PTR_NULL(n->incore.fallback);
    /* the inner loop: swallowed, no cycles of its own */
    CU_ASSERT_TRUE(n->loops[1].incore.used);
    CU_ASSERT_EQUAL(n->loops[1].incore.cycles, 0);
    CU_ASSERT_PTR_EQUAL(n->loops[1].incore.enclosing, n->loops[0].loop);
    const perf_nest *fixed = &r.nests[1];
    CU_ASSERT_FALSE(fixed->incore.used);
    CU_ASSERT_PTR_NOT_NULL_FATAL(fixed->incore.fallback);
    CU_ASSERT_STRING_EQUAL(fixed->incore.fallback,
                           "no loop of sum3.c:15-16 in the assembly (its lines are not a loop "
                           "of their own there: inlined, fused or unrolled away); nor is any "
                           "loop enclosing it in the nest");
    CU_ASSERT_PTR_NOT_NULL(strstr(said, "sum3.xml:15:1: warning: the in-core time of this "
                                        "nest is the estimate from its counts"));
    CU_ASSERT_PTR_NULL(strstr(said, "sum3.xml:5:"));
    double fixed_s = fixed->runtime_s;
    release(&p, &r);
    perf_options estimate = {.model = PERF_ROOFLINE};
    CU_ASSERT_TRUE_FATAL(evaluate_xml(name, sum3_xml, &estimate, m, &p, &r));
    CU_ASSERT_DOUBLE_EQUAL(r.nests[1].runtime_s, fixed_s, 0);
    release(&p, &r);
    free(said);
    free(source);
    free(name);
    free(text);
    machine_free(&m);
}

/* The same chain on machines whose measured add latency is not llvm-mca's (4 cycles on
 * skylake-avx512, incore_mca_add_latency): the pass's 32.015 cycles scale by the machine's
 * latency over 4, never below the pass's resource bound, 7.99 (SKXPort5's pressure, above
 * the Block RThroughput of 7.0).  By hand, per source iteration (a pass is 8):
 * - 2 cycles: 32.015 x 2 / 4 = 16.0075 a pass, 2.0009375 an iteration; the 3 leftover ones
 *   the same: 1003 x 2.0009375 = 2006.9403125 cycles, 1003.47015625 ns at 2 GHz;
 * - 0.5 cycles: 32.015 x 0.5 / 4 = 4.001875 is below 7.99: 7.99 / 8 = 0.99875 an
 *   iteration, 1003 x 0.99875 = 1001.74625 cycles. */
static void test_chain_scaled(void)
{
    if (!need_mca("a chain at the machine's add latency"))
        return;
    static const struct {
        const char *latency;
        double per_iteration, cycles;
    } cases[] = {{"2", 2.0009375, 2006.9403125}, {"0.5", 0.99875, 1001.74625}};
    char *text = testutil_read_file(AITOOL_SOURCE_DIR "/testsuite/incore/dot.c");
    char *source = testutil_path(dir, "dot.c"), *name = testutil_path(dir, "dot.xml");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(source, text));
    char *json = testutil_read_file(ECM_MACHINE);
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char latency[64];
        snprintf(latency, sizeof latency, "\"add_latency_cycles\": %s}", cases[k].latency);
        char *with = testutil_replace(json, "\"add_latency_cycles\": 4}", latency);
        char *cpu = testutil_replace(with, "\"write_allocate\": true, \"cores\": 4,",
                                     "\"write_allocate\": true, \"cores\": 4, "
                                     "\"mcpu\": \"skylake-avx512\",");
        machine *m = machine_parse("ecm-test.json", cpu);
        CU_ASSERT_PTR_NOT_NULL_FATAL(m);
        CU_ASSERT_DOUBLE_EQUAL(m->benchmarks.add_latency_cycles, atof(cases[k].latency), 0);
        lm_program *p;
        perf_result r;
        perf_options opt = {.model = PERF_ROOFLINE, .compile = O3_512};
        CU_ASSERT_TRUE_FATAL(evaluate_xml(name, dot_xml, &opt, m, &p, &r));
        const perf_nest *n = &r.nests[0];
        CU_ASSERT_TRUE_FATAL(n->incore.used);
        CU_ASSERT_DOUBLE_EQUAL(n->incore.cycles_per_iteration, cases[k].per_iteration, 1e-12);
        CU_ASSERT_DOUBLE_EQUAL(n->incore.remainder_cycles_per_iteration, cases[k].per_iteration,
                               1e-12);
        ASSERT_CLOSE(n->incore.cycles, cases[k].cycles);
        ASSERT_CLOSE(n->compute_s, cases[k].cycles / 2e9);
        release(&p, &r);
        machine_free(&m);
        free(with);
        free(cpu);
    }
    free(json);
    free(source);
    free(name);
    free(text);
}

static const char rowsum_xml[] =
    "<program><function name=\"rowsum\">\n"
    "<loop linenum=\"5\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"9\" "
    "adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
    "<scalar name=\"s\" datatype=\"double\" isConstant=\"false\" reads=\"1\" writes=\"1\" "
    "declared=\"true\"/>\n"
    "<array name=\"out\" component=\"\" datatype=\"double\" accesstype=\"writeonly\" "
    "ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" reads=\"0\" writes=\"1\"/>"
    "</array>\n"
    "<loop linenum=\"7\" loopvar=\"j\" stride=\"1\" lowerbound=\"0\" upperbound=\"n-1\" "
    "adds=\"1\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
    "<scalar name=\"s\" datatype=\"double\" isConstant=\"false\" reads=\"1\" writes=\"1\"/>\n"
    "<array name=\"a\" component=\"\" datatype=\"double\" accesstype=\"readonly\" "
    "ghost=\"((0,0),(0,0))\"><access index=\"(0,0)\" isRelative=\"true\" reads=\"1\" "
    "writes=\"0\"/></array>\n"
    "</loop></loop></function></program>\n";

/* A chain that restarts, and a pass of under a cycle (perf_incore.c's top):
 * testsuite/incore/rowsum.c (s = s + a[i][j], s declared in the i loop's body) at gcc -O2
 * is addsd (%rdx,%rax,8), %xmm0; addq; cmpq; jne: one source iteration a pass, 10 rows
 * of n = 36, 360 passes, none left over.  Each row's chain is 36 adds long, and the j
 * loop's operations are 2 (the add and a's load), so its window is chain_window x 2 / 2.
 * llvm-mca on skylake-avx512: 4008 cycles for 1000 passes, data dependencies 24.63%,
 * resources 0%, resource bound 1.01 (SKXPort0's and 1's pressure over Block RThroughput
 * 0.8), its add 4 cycles as the machine's: by hand, per source iteration,
 * - no chain_window: the chain whole, 4.008; 360 x 4.008 = 1442.88 cycles;
 * - chain_window 12: 4.008 x 36 / (36 + 12) = 3.006; 1082.16 cycles;
 * - chain_window 1000: 4.008 x 36 / 1036 = 0.1393 is under the bound: 1.01; 363.6.
 * (addsd's folded load unfolded, test_folded_chain: 4008 as well).
 * On znver4: 3010 cycles for 1000 passes, dependencies 93.22%, resources 0%, Block
 * RThroughput 0.7 (Zn4ALU0-3 and BRU1 0.6), its add 3 cycles, the machine's 4; unfolded,
 * 3011 cycles, the chain's floor:
 * - no chain_window: 3.011 x 4 / 3 = 4.014666...; 1445.28 cycles;
 * - chain_window 1000: 4.014667 x 36 / 1036 = 0.1395, under the bound 0.7, which is under
 *   a taken branch's cycle: 1.0; 360 cycles.
 * And each of the 10 rows runs the code around its j loop once (incore_find_entry_code,
 * GCC 12's -O2: xorl, pxor, testq, jle before it; movsd, addq, addq, cmpq, jne .L3 after):
 * llvm-mca prints 10000 micro-ops for 1000 of them on skylake-avx512 and 9000 on znver4,
 * a dispatch width of 6 (1672 and 1505 cycles alone, more): 10 / 6 and 9 / 6 cycles an
 * entry, 16.667 and 15 cycles more. */
static void test_chain_restarts(void)
{
    if (!need_mca("a chain that restarts"))
        return;
    static const struct {
        const char *mcpu, *window;
        double per_iteration, cycles;
    } cases[] = {{"skylake-avx512", NULL, 4.008, 1442.88 + 100.0 / 6},
                 {"skylake-avx512", "12", 3.006, 1082.16 + 100.0 / 6},
                 {"skylake-avx512", "1000", 1.01, 363.6 + 100.0 / 6},
                 {"znver4", NULL, 3.011 * 4 / 3, 1445.28 + 15},
                 {"znver4", "1000", 1.0, 360 + 15}};
    char *text = testutil_read_file(AITOOL_SOURCE_DIR "/testsuite/incore/rowsum.c");
    char *source = testutil_path(dir, "rowsum.c"), *name = testutil_path(dir, "rowsum.xml");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(source, text));
    char *json = testutil_read_file(ECM_MACHINE);
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    long long saved = trip;
    trip = 36;
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char window[64], cpu[128];
        snprintf(window, sizeof window, "\"add_latency_cycles\": 4%s%s}",
                 cases[k].window ? ", \"chain_window\": " : "",
                 cases[k].window ? cases[k].window : "");
        snprintf(cpu, sizeof cpu, "\"write_allocate\": true, \"cores\": 4, \"mcpu\": \"%s\",",
                 cases[k].mcpu);
        char *with = testutil_replace(json, "\"add_latency_cycles\": 4}", window);
        char *both = testutil_replace(with, "\"write_allocate\": true, \"cores\": 4,", cpu);
        machine *m = machine_parse("ecm-test.json", both);
        CU_ASSERT_PTR_NOT_NULL_FATAL(m);
        lm_program *p;
        perf_result r;
        perf_options opt = {.model = PERF_ROOFLINE, .compile = "gcc -O2"};
        CU_ASSERT_TRUE_FATAL(evaluate_xml(name, rowsum_xml, &opt, m, &p, &r));
        const perf_nest *n = &r.nests[0];
        CU_ASSERT_TRUE_FATAL(n->incore.used);
        CU_ASSERT_DOUBLE_EQUAL(n->incore.cycles_per_iteration, cases[k].per_iteration, 1e-12);
        CU_ASSERT_DOUBLE_EQUAL(n->incore.remainder_iterations, 0, 0);
        ASSERT_CLOSE(n->incore.cycles, cases[k].cycles);
        release(&p, &r);
        machine_free(&m);
        free(with);
        free(both);
    }
    trip = saved;
    free(json);
    free(source);
    free(name);
    free(text);
}

static const char vmax_xml[] =
    "<program><function name=\"vmax\">\n"
    "<loop linenum=\"4\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"n-1\" "
    "adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
    "<scalar name=\"m\" datatype=\"double\" isConstant=\"false\" reads=\"1\" writes=\"1\"/>\n"
    "<array name=\"a\" component=\"\" datatype=\"double\" accesstype=\"readonly\" "
    "ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/>"
    "</array>\n"
    "</loop></function></program>\n";

/* A chain through a folded load: testsuite/incore/vmax.c at gcc -O2 -ffast-math is
 * maxsd (%rsi), %xmm0; addq; cmpq; jne, one source iteration a pass, n = 1003 of them.
 * llvm-mca on znver4 runs it at 1010 cycles for 1000 passes (maxsd's latency cancelled by
 * its operand read late); unfolded (movsd (%rsi), %xmm15; maxsd %xmm15, %xmm0) 2011: the
 * chain floor, 2.011 a pass, no adds so no scaling: 1003 x 2.011 = 2017.033 cycles.  On
 * skylake-avx512 both forms take 4008: 1003 x 4.008 = 4020.024. */
static void test_folded_chain(void)
{
    if (!need_mca("a chain through a folded load"))
        return;
    static const struct {
        const char *mcpu;
        double per_iteration, cycles;
    } cases[] = {{"znver4", 2.011, 2017.033}, {"skylake-avx512", 4.008, 4020.024}};
    char *text = testutil_read_file(AITOOL_SOURCE_DIR "/testsuite/incore/vmax.c");
    char *source = testutil_path(dir, "vmax.c"), *name = testutil_path(dir, "vmax.xml");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(source, text));
    char *json = testutil_read_file(ECM_MACHINE);
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char cpu[128];
        snprintf(cpu, sizeof cpu, "\"write_allocate\": true, \"cores\": 4, \"mcpu\": \"%s\",",
                 cases[k].mcpu);
        char *with = testutil_replace(json, "\"write_allocate\": true, \"cores\": 4,", cpu);
        machine *m = machine_parse("ecm-test.json", with);
        CU_ASSERT_PTR_NOT_NULL_FATAL(m);
        lm_program *p;
        perf_result r;
        perf_options opt = {.model = PERF_ROOFLINE, .compile = "gcc -O2 -ffast-math"};
        CU_ASSERT_TRUE_FATAL(evaluate_xml(name, vmax_xml, &opt, m, &p, &r));
        const perf_nest *n = &r.nests[0];
        CU_ASSERT_TRUE_FATAL(n->incore.used);
        CU_ASSERT_DOUBLE_EQUAL(n->incore.cycles_per_iteration, cases[k].per_iteration, 1e-12);
        ASSERT_CLOSE(n->incore.cycles, cases[k].cycles);
        release(&p, &r);
        machine_free(&m);
        free(with);
    }
    free(json);
    free(source);
    free(name);
    free(text);
}

static const char divsum_xml[] =
    "<program><function name=\"divsum\">\n"
    "<loop linenum=\"6\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"n-1\" "
    "adds=\"1\" multiplies=\"0\" divides=\"1\" specials=\"0\">\n"
    "<scalar name=\"s\" datatype=\"double\" isConstant=\"false\" reads=\"1\" writes=\"1\"/>\n"
    "<array name=\"a\" component=\"\" datatype=\"double\" accesstype=\"readonly\" "
    "ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/>"
    "</array>\n"
    "<array name=\"b\" component=\"\" datatype=\"double\" accesstype=\"readonly\" "
    "ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/>"
    "</array>\n"
    "</loop></function></program>\n";

/* Divides at the machine's rate: testsuite/incore/divsum.c at gcc -O2 is movsd, divsd
 * (mem), addq, addsd, cmpq, jne: one divsd and one source iteration a pass, n = 1003, on
 * a machine whose add latency is 2.
 * - znver4: 5022 cycles for 1000 passes, dependencies 96.46% over resources 96.42%, the
 *   bound 5.0 (Zn4FP1's pressure, Block RThroughput) = one divsd at llvm-mca's 5.0.  The
 *   machine's divide of 4: the bound 5.0 x 4 / 5 = 4.0, above the load/store ports' 0.67;
 *   chain-bound above it, the chain 5.022 x 2 / 3 = 3.348 is under it: 4.0 a pass, 4012
 *   cycles.  A divide of 3: the bound 3.0, and the chain 3.348 sets the pace: 3358.044.
 * - skylake-avx512: 4022 cycles, resources 48.81% over dependencies 48.73%, the bound 4.0
 *   = one divsd at llvm-mca's 4.0: a divide of 4 keeps 4.022 (4034.066 cycles); of 3,
 *   bound by resources, 4.022 x 3 / 4 = 3.0165 (3025.5495). */
static void test_divides(void)
{
    if (!need_mca("divides at the machine's rate"))
        return;
    static const struct {
        const char *mcpu, *divide;
        double per_iteration, cycles;
    } cases[] = {{"znver4", "4", 4.0, 4012},
                 {"znver4", "3", 5.022 * 2 / 3, 3358.044},
                 {"skylake-avx512", "4", 4.022, 4034.066},
                 {"skylake-avx512", "3", 3.0165, 3025.5495}};
    char *text = testutil_read_file(AITOOL_SOURCE_DIR "/testsuite/incore/divsum.c");
    char *source = testutil_path(dir, "divsum.c"), *name = testutil_path(dir, "divsum.xml");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(source, text));
    char *json = testutil_read_file(ECM_MACHINE);
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    char *latency = testutil_replace(json, "\"add_latency_cycles\": 4}", "\"add_latency_cycles\": 2}");
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char cpu[128], divide[128];
        snprintf(cpu, sizeof cpu, "\"write_allocate\": true, \"cores\": 4, \"mcpu\": \"%s\",",
                 cases[k].mcpu);
        snprintf(divide, sizeof divide,
                 "\"scalar_cycles\": {\"add\": 0.5, \"multiply\": 0.5, \"fma\": 0.5, "
                 "\"divide\": %s,",
                 cases[k].divide);
        char *with = testutil_replace(latency, "\"write_allocate\": true, \"cores\": 4,", cpu);
        char *both = testutil_replace(with,
                                      "\"scalar_cycles\": {\"add\": 0.5, \"multiply\": 0.5, "
                                      "\"fma\": 0.5, \"divide\": 4,",
                                      divide);
        machine *m = machine_parse("ecm-test.json", both);
        CU_ASSERT_PTR_NOT_NULL_FATAL(m);
        CU_ASSERT_DOUBLE_EQUAL(m->benchmarks.scalar_cycles[MACHINE_OP_DIVIDE],
                               atof(cases[k].divide), 0);
        lm_program *p;
        perf_result r;
        perf_options opt = {.model = PERF_ROOFLINE, .compile = "gcc -O2"};
        CU_ASSERT_TRUE_FATAL(evaluate_xml(name, divsum_xml, &opt, m, &p, &r));
        const perf_nest *n = &r.nests[0];
        CU_ASSERT_TRUE_FATAL(n->incore.used);
        CU_ASSERT_DOUBLE_EQUAL(n->incore.cycles_per_iteration, cases[k].per_iteration, 1e-12);
        ASSERT_CLOSE(n->incore.cycles, cases[k].cycles);
        release(&p, &r);
        machine_free(&m);
        free(with);
        free(both);
    }
    free(latency);
    free(json);
    free(source);
    free(name);
    free(text);
}

static const char cmul_xml[] =
    "<program><function name=\"cmul\">\n"
    "<loop linenum=\"7\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"n-1\" "
    "adds=\"2\" multiplies=\"4\" divides=\"0\" specials=\"0\" omp=\"for\">\n"
    "<array name=\"z\" component=\"\" datatype=\"double\" elementbytes=\"8\" "
    "accesstype=\"writeonly\" ghost=\"((0,0),(0,0))\">"
    "<access index=\"(0,0)\" isRelative=\"false\" reads=\"0\" writes=\"1\" subscript=\"[i][0]\"/>"
    "<access index=\"(1,0)\" isRelative=\"false\" reads=\"0\" writes=\"1\" subscript=\"[i][1]\"/>"
    "</array>\n"
    "<array name=\"x\" component=\"\" datatype=\"double\" elementbytes=\"8\" "
    "accesstype=\"readonly\" ghost=\"((0,0),(0,0))\">"
    "<access index=\"(0,0)\" isRelative=\"false\" reads=\"2\" writes=\"0\" subscript=\"[i][0]\"/>"
    "<access index=\"(1,0)\" isRelative=\"false\" reads=\"2\" writes=\"0\" subscript=\"[i][1]\"/>"
    "</array>\n"
    "</loop></function></program>\n";

/* A loop that walks no array element by element: testsuite/incore/cmul.c at -O2 -fopenmp
 * (cmul_scalar.s, test_incore) is one complex a pass, z[i][0] and z[i][1] from a movupd of
 * each pair and one movups of 16 bytes through %rbp.  Its step, 16 bytes, over the
 * element, 8, would say 2 source iterations a pass; the stores say 16 / (2 writes x 8) =
 * 1.  llvm-mca (skylake-avx512) prints 4215 cycles for 1000 passes, bound by resources
 * (84.74% against 61.38%): 4.215 cycles an iteration, n = 1003 whole passes, none left:
 * 1003 x 4.215 = 4227.645 cycles, 2113.8225 ns at 2 GHz (by the step: half of that).
 * No code an entry: the backward jmp .L2 after the loop comes back from the schedule's
 * side path (.L8), past the loop's exit to GOMP_barrier, and is no loop around it. */
static void test_stores_not_step(void)
{
    if (!need_mca("a loop read by its stores"))
        return;
    machine *m = test_machine();
    char *text = testutil_read_file(AITOOL_SOURCE_DIR "/testsuite/incore/cmul.c");
    char *source = testutil_path(dir, "cmul.c"), *name = testutil_path(dir, "cmul.xml");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(source, text));
    lm_program *p;
    perf_result r;
    perf_options opt = {.model = PERF_ROOFLINE, .compile = "gcc -O2 -fopenmp"};
    CU_ASSERT_TRUE_FATAL(evaluate_xml(name, cmul_xml, &opt, m, &p, &r));
    const perf_nest *n = &r.nests[0];
    CU_ASSERT_TRUE_FATAL(n->incore.used);
    CU_ASSERT_EQUAL(n->incore.lanes, 2);
    CU_ASSERT_DOUBLE_EQUAL(n->incore.unroll, 0.5, 0);
    CU_ASSERT_DOUBLE_EQUAL(n->incore.cycles_per_iteration, 4.215, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(n->incore.remainder_iterations, 0, 0);
    ASSERT_CLOSE(n->incore.cycles, 4227.645);
    ASSERT_CLOSE(n->compute_s, 4227.645 / 2e9);
    release(&p, &r);
    free(source);
    free(name);
    free(text);
    machine_free(&m);
}

/* 512-bit instructions at the machine's rate: testsuite/incore/cmul.c at -O3 with 512-bit
 * vectors is a pass of 4 complexes (64 bytes stored over 16 an iteration): two zmm loads,
 * three vpermilpd, vmulpd, vfmaddsub231pd, a zmm store.  llvm-mca prints, for 1000
 * passes, on znver4 4016 cycles (its 512-bit instructions double pumped) and 1853 with
 * the zmm registers named ymm; on skylake-avx512 3020 and 3019.  llvm-mca's vaddpd:
 * znver4 0.5 a ymm, 1.0 a zmm; skylake-avx512 0.5 both.  The pass (bound by resources)
 * lies between the ymm body's cycles and llvm-mca's where the machine's 512-bit add
 * (vector_cycles add, 8 lanes) lies between llvm-mca's two adds:
 * - znver4, add 0.5: 1.853 (0.46325 an iteration); 0.75: 1.853 + (4.016 - 1.853) x 0.5 =
 *   2.9345 (0.733625); 1.0: 4.016 (1.004); 0.25, below both: 1.853;
 * - znver4, vector_cycles of 4 lanes (no 512-bit add measured): 4.016;
 * - skylake-avx512, add 0.5: its two adds alike, llvm-mca's 3.020 (0.755). */
static void test_zmm_rate(void)
{
    if (!need_mca("512-bit instructions at the machine's rate"))
        return;
    static const struct {
        const char *mcpu, *lanes, *add;
        double per_iteration;
    } cases[] = {{"znver4", "8", "0.5", 1.853 / 4},
                 {"znver4", "8", "0.75", (1.853 + (4.016 - 1.853) * 0.5) / 4},
                 {"znver4", "8", "1.0", 4.016 / 4},
                 {"znver4", "8", "0.25", 1.853 / 4},
                 {"znver4", "4", "0.5", 4.016 / 4},
                 {"skylake-avx512", "8", "0.5", 3.020 / 4}};
    char *text = testutil_read_file(AITOOL_SOURCE_DIR "/testsuite/incore/cmul.c");
    char *source = testutil_path(dir, "cmul.c"), *name = testutil_path(dir, "cmul.xml");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(source, text));
    char *json = testutil_read_file(ECM_MACHINE);
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char cpu[128], add[128];
        snprintf(cpu, sizeof cpu, "\"write_allocate\": true, \"cores\": 4, \"mcpu\": \"%s\",",
                 cases[k].mcpu);
        snprintf(add, sizeof add, "\"lanes\": %s,\n   \"vector_cycles\": {\"add\": %s,",
                 cases[k].lanes, cases[k].add);
        char *with = testutil_replace(json, "\"write_allocate\": true, \"cores\": 4,", cpu);
        char *both = testutil_replace(with, "\"lanes\": 4,\n   \"vector_cycles\": {\"add\": 0.5,",
                                      add);
        machine *m = machine_parse("ecm-test.json", both);
        CU_ASSERT_PTR_NOT_NULL_FATAL(m);
        CU_ASSERT_DOUBLE_EQUAL(m->benchmarks.vector_cycles[MACHINE_OP_ADD], atof(cases[k].add), 0);
        lm_program *p;
        perf_result r;
        perf_options opt = {.model = PERF_ROOFLINE, .compile = O3_512};
        CU_ASSERT_TRUE_FATAL(evaluate_xml(name, cmul_xml, &opt, m, &p, &r));
        const perf_nest *n = &r.nests[0];
        CU_ASSERT_TRUE_FATAL(n->incore.used);
        CU_ASSERT_EQUAL(n->incore.vector_bits, 512);
        CU_ASSERT_DOUBLE_EQUAL(n->incore.cycles_per_iteration, cases[k].per_iteration, 1e-12);
        if (fabs(n->incore.cycles_per_iteration - cases[k].per_iteration) > 1e-12)
            printf("\n%s %s %s: %.9g\n", cases[k].mcpu, cases[k].lanes, cases[k].add,
                   n->incore.cycles_per_iteration);
        release(&p, &r);
        machine_free(&m);
        free(with);
        free(both);
    }
    free(json);
    free(source);
    free(name);
    free(text);
}

static const char gather_xml[] =
    "<program><function name=\"gather\">\n"
    "<loop linenum=\"5\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"n-1\" "
    "adds=\"0\" multiplies=\"1\" divides=\"0\" specials=\"0\">\n"
    "<array name=\"y\" component=\"\" datatype=\"double\" elementbytes=\"8\" "
    "accesstype=\"writeonly\" ghost=\"((0,0))\">"
    "<access index=\"(0)\" isRelative=\"true\" reads=\"0\" writes=\"1\"/></array>\n"
    "<array name=\"x\" component=\"\" datatype=\"double\" elementbytes=\"8\" "
    "accesstype=\"readonly\" ghost=\"((0,0))\">"
    "<access index=\"(0)\" isRelative=\"false\" reads=\"1\" writes=\"0\" "
    "subscript=\"[idx[i]]\"/></array>\n"
    "<array name=\"idx\" component=\"\" datatype=\"int\" elementbytes=\"4\" "
    "accesstype=\"readonly\" ghost=\"((0,0))\">"
    "<access index=\"(0)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/></array>\n"
    "</loop></function></program>\n";

/* Gathers: testsuite/incore/gather.c (y[i] = s * x[idx[i]]) at -O3 with 512-bit vectors
 * is a pass of 16 (test_incore's gather_avx512.s): two index loads, two vgatherdpd of 8,
 * two zmm stores.  llvm-mca (znver4) prints 5017 cycles for 1000 passes (its gather: one
 * micro-op, 5 cycles of latency, chained through its destination), the load/store units
 * at 2.00 a pass; with the zmm registers as ymm llvm-mca refuses the gathers (no ymm
 * destination for a ymm index), so the 512-bit rule leaves it.  The load ports' floor:
 * its 2 index loads (idx[i], unroll 2) at scalar_load_cycles and its 16 gathered elements
 * at gather_element_cycles, never below the 2.00:
 * - no key: 2.00, under llvm-mca's 5.017: 5.017 a pass, 0.3135625 an iteration;
 * - gather 0.5: 16 x 0.5 = 8.0: 0.5 an iteration, the ports 8.0 (ECM's T_nOL);
 * - gather 0.5 and scalar loads 0.6: 1.2 + 8.0 = 9.2: 0.575;
 * - gather 0.25: 4.0, under 5.017: 5.017, the ports 4.0.
 * n = 1003: 62 passes, 11 left over in straight-line code; llvm-mca finds the pass bound
 * by its dependencies (98.19% of its cycles), so a leftover iteration is a step of the
 * chain, at the pass's cycles and ports over its 16 as the others. */
static void test_gathers(void)
{
    if (!need_mca("gathers at the machine's cost"))
        return;
    static const struct {
        const char *key;
        double pass, ports;
    } cases[] = {{"", 5.017, 2.0},
                 {", \"gather_element_cycles\": 0.5", 8.0, 8.0},
                 {", \"gather_element_cycles\": 0.5, \"scalar_load_cycles\": 0.6", 9.2, 9.2},
                 {", \"gather_element_cycles\": 0.25", 5.017, 4.0}};
    char *text = testutil_read_file(AITOOL_SOURCE_DIR "/testsuite/incore/gather.c");
    char *source = testutil_path(dir, "gather.c"), *name = testutil_path(dir, "gather.xml");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(source, text));
    char *json = testutil_read_file(ECM_MACHINE);
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    char *cpu = testutil_replace(json, "\"write_allocate\": true, \"cores\": 4,",
                                 "\"write_allocate\": true, \"cores\": 4, \"mcpu\": \"znver4\",");
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char key[160];
        snprintf(key, sizeof key, "\"add_latency_cycles\": 4%s}", cases[k].key);
        char *with = testutil_replace(cpu, "\"add_latency_cycles\": 4}", key);
        machine *m = machine_parse("ecm-test.json", with);
        CU_ASSERT_PTR_NOT_NULL_FATAL(m);
        char *back = machine_to_json(m);
        CU_ASSERT_EQUAL(strstr(back, "gather_element_cycles") != NULL,
                        strstr(cases[k].key, "gather_element_cycles") != NULL);
        free(back);
        lm_program *p;
        perf_result r;
        perf_options opt = {.model = PERF_ECM, .compile = O3_512};
        CU_ASSERT_TRUE_FATAL(evaluate_xml(name, gather_xml, &opt, m, &p, &r));
        const perf_nest *n = &r.nests[0];
        CU_ASSERT_TRUE_FATAL(n->incore.used);
        CU_ASSERT_DOUBLE_EQUAL(n->incore.cycles_per_iteration, cases[k].pass / 16, 1e-12);
        CU_ASSERT_DOUBLE_EQUAL(n->loops[0].incore.remainder_iterations, 11, 0);
        ASSERT_CLOSE(n->incore.load_store_cycles, 1003 * cases[k].ports / 16);
        ASSERT_CLOSE(n->incore.cycles, 1003 * cases[k].pass / 16);
        if (fabs(n->incore.cycles_per_iteration - cases[k].pass / 16) > 1e-12)
            printf("\n%s: %.9g a pass, ports %.9g\n", cases[k].key,
                   n->incore.cycles_per_iteration * 16, n->incore.load_store_cycles);
        release(&p, &r);
        machine_free(&m);
        free(with);
    }
    /* a negative cost is an error at its place, no machine */
    char *bad = testutil_replace(cpu, "\"add_latency_cycles\": 4}",
                                 "\"add_latency_cycles\": 4, \"gather_element_cycles\": -1}");
    FILE *tmp = tmpfile();
    diag_set_stream(tmp);
    machine *m = machine_parse("m.json", bad);
    diag_set_stream(NULL);
    char *said = testutil_read_stream(tmp);
    fclose(tmp);
    CU_ASSERT_PTR_NULL(m);
    CU_ASSERT_PTR_NOT_NULL(strstr(said, "error: \"gather_element_cycles\" must be from 0 to 10000"));
    free(said);
    free(bad);
    free(cpu);
    free(json);
    free(source);
    free(name);
    free(text);
}

/* The nest's numbers without -compile, to compare a fallback with. */
static double estimate_runtime(const machine *m)
{
    lm_program *p;
    perf_result r;
    perf_options opt = {.model = PERF_ROOFLINE};
    CU_ASSERT_TRUE_FATAL(evaluate(&opt, m, &p, &r));
    double t = r.nests[0].runtime_s;
    CU_ASSERT_PTR_NULL(r.nests[0].incore.compiler);
    CU_ASSERT_FALSE(r.nests[0].incore.used);
    release(&p, &r);
    return t;
}

/* Evaluates with compile and returns the messages said (free() them); the nest fell back. */
static char *fallback(const char *name, const char *xml, const char *compile,
                      const machine *m, const char *reason)
{
    FILE *tmp = tmpfile();
    CU_ASSERT_PTR_NOT_NULL_FATAL(tmp);
    diag_set_stream(tmp);
    lm_program *p;
    perf_result r;
    perf_options opt = {.model = PERF_ROOFLINE, .compile = compile};
    CU_ASSERT_TRUE(evaluate_xml(name, xml, &opt, m, &p, &r));
    diag_set_stream(NULL);
    char *messages = testutil_read_stream(tmp);
    fclose(tmp);
    const perf_nest *n = &r.nests[0];
    CU_ASSERT_FALSE(n->incore.used);
    CU_ASSERT_STRING_EQUAL(n->incore.compiler, compile);
    CU_ASSERT_PTR_NOT_NULL_FATAL(n->incore.fallback);
    CU_ASSERT_PTR_NOT_NULL(strstr(n->incore.fallback, reason));
    if (!strstr(n->incore.fallback, reason))
        printf("\nthe reason: %s\n", n->incore.fallback);
    CU_ASSERT_DOUBLE_EQUAL(n->runtime_s, estimate_runtime(m), 0);
    release(&p, &r);
    return messages;
}

/* A compiler that fails: the nest keeps the estimate, and the warning at the loop gives
 * the compiler's message, once; with say QUIET it is kept and not said. */
static void test_compiler_fails(void)
{
    machine *m = test_machine();
    char *said = fallback(xml_path, axpy_xml, "gcc -mno-such-flag", m, "unrecognized command-line option");
    strbuf want = STRBUF_INIT;
    strbuf_printf(&want, "%s:3:1: warning: the in-core time of this nest is the estimate from "
                         "its counts, not from the compiled code: 'gcc -mno-such-flag' failed on ",
                  xml_path);
    CU_ASSERT_EQUAL(strncmp(said, want.s, want.len), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(said, "-mno-such-flag"));
    CU_ASSERT_PTR_NULL(strstr(strstr(said, "warning:") + 1, "warning:"));
    strbuf_release(&want);
    free(said);
    /* a sweep's later points (say QUIET): the same fallback, not said again */
    FILE *tmp = tmpfile();
    CU_ASSERT_PTR_NOT_NULL_FATAL(tmp);
    diag_set_stream(tmp);
    lm_program *p;
    perf_result r;
    perf_options quiet = {.compile = "gcc -mno-such-flag", .say = PERF_UNPREDICTED_QUIET};
    CU_ASSERT_TRUE(evaluate(&quiet, m, &p, &r));
    diag_set_stream(NULL);
    said = testutil_read_stream(tmp);
    fclose(tmp);
    CU_ASSERT_STRING_EQUAL(said, "");
    CU_ASSERT_FALSE(r.nests[0].incore.used);
    CU_ASSERT_PTR_NOT_NULL(r.nests[0].incore.fallback);
    free(said);
    release(&p, &r);
    machine_free(&m);
}

/* A loop the compiler does not emit (its function static and unused: dead.c) is not in
 * the assembly; a line that starts no loop statement (line 1) is no loop to compile. */
static void test_loop_not_found(void)
{
    if (!need_mca("a loop not found"))
        return;
    machine *m = test_machine();
    char *text = testutil_read_file(AXPY_C);
    char *dead = testutil_replace(text, "void scale", "static void scale");
    char *source = testutil_path(dir, "dead.c"), *name = testutil_path(dir, "dead.xml");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(source, dead));
    char *said = fallback(name, axpy_xml, "gcc -O2", m,
                          "no loop of dead.c:3-4 in the assembly (its lines are not a loop of "
                          "their own there: inlined, fused or unrolled away)");
    CU_ASSERT_PTR_NOT_NULL(strstr(said, "dead.xml:3:1: warning: the in-core time of this nest "
                                        "is the estimate from its counts"));
    free(said);
    char *xml = testutil_replace(axpy_xml, "linenum=\"3\"", "linenum=\"1\"");
    said = fallback(xml_path, xml, "gcc -O2", m, "no whole loop statement at axpy.c:1 to compile");
    free(said);
    free(xml);
    free(source);
    free(name);
    free(dead);
    free(text);
    machine_free(&m);
}

/* `; touch FILE` is words for the compiler, which refuses them: FILE is never made. */
static void test_metacharacters(void)
{
    machine *m = test_machine();
    char *marker = testutil_path(dir, "made-by-a-shell");
    strbuf cmd = STRBUF_INIT;
    strbuf_printf(&cmd, "gcc -O2 ; touch %s", marker);
    char *said = fallback(xml_path, axpy_xml, cmd.s, m, "gcc: error: ;: ");
    struct stat st;
    CU_ASSERT_NOT_EQUAL(stat(marker, &st), 0);
    free(said);
    strbuf_release(&cmd);
    free(marker);
    machine_free(&m);
}

/* llvm-mca missing: an error naming the package, the evaluation false. */
static void test_mca_missing(void)
{
    machine *m = test_machine();
    FILE *tmp = tmpfile();
    CU_ASSERT_PTR_NOT_NULL_FATAL(tmp);
    diag_set_stream(tmp);
    lm_program *p;
    perf_result r;
    perf_options opt = {.model = PERF_ROOFLINE, .compile = "gcc -O2",
                        .mca = "llvm-mca-not-installed"};
    CU_ASSERT_FALSE(evaluate(&opt, m, &p, &r));
    diag_set_stream(NULL);
    char *said = testutil_read_stream(tmp);
    fclose(tmp);
    CU_ASSERT_PTR_NOT_NULL(strstr(said, "aitool: error: -compile: cannot run "
                                        "llvm-mca-not-installed: No such file or directory "
                                        "(Debian's llvm-19 provides it"));
    CU_ASSERT_FALSE(r.nests[0].incore.used);
    free(said);
    release(&p, &r);
    machine_free(&m);
}

/* The XML's source: axpy.c beside axpy.xml; without it, the reason says so; with
 * perf_options.source_dir, the file of the XML's name there (an XML of another directory,
 * dir/xml/axpy.xml, whose source is dir/axpy.c). */
static void test_no_source(void)
{
    machine *m = test_machine();
    char *source = testutil_path(dir, "axpy.c"), *away = testutil_path(dir, "axpy.c.away");
    CU_ASSERT_EQUAL_FATAL(rename(source, away), 0);
    strbuf want = STRBUF_INIT;
    strbuf_printf(&want, "axpy.xml names no source file, and there is no %s/axpy.c (or .cc, "
                         ".cpp, .cxx) to compile", dir);
    char *said = fallback(xml_path, axpy_xml, "gcc -O2", m, want.s);
    CU_ASSERT_EQUAL(rename(away, source), 0);
    free(said);
    if (need_mca("an XML's source in source_dir")) {
        char *other = testutil_path(dir, "xml");
        char *name = testutil_path(other, "axpy.xml");
        lm_program *p;
        perf_result r;
        perf_options opt = {.compile = "gcc -O2", .source_dir = dir};
        CU_ASSERT_TRUE(evaluate_xml(name, axpy_xml, &opt, m, &p, &r));
        CU_ASSERT_TRUE(r.nests[0].incore.used);
        CU_ASSERT_DOUBLE_EQUAL(r.nests[0].incore.cycles_per_iteration, 1.517, 1e-12);
        release(&p, &r);
        free(name);
        free(other);
    }
    strbuf_release(&want);
    free(source);
    free(away);
    machine_free(&m);
}

/* The machine file's keys: compile, the default command; mcpu one word; errors at their
 * place.  -compile's value wins, "off" is off. */
static const char stencil1d_xml[] =
    "<program><function name=\"stencil1d\">\n"
    "<loop linenum=\"3\" loopvar=\"i\" stride=\"1\" lowerbound=\"1\" upperbound=\"n-2\" "
    "adds=\"2\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
    "<array name=\"a\" component=\"\" datatype=\"double\" accesstype=\"readonly\" "
    "ghost=\"((1,1))\"><access index=\"(-1)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/>"
    "<access index=\"(0)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/>"
    "<access index=\"(1)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/></array>\n"
    "<array name=\"b\" component=\"\" datatype=\"double\" accesstype=\"writeonly\" "
    "ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" reads=\"0\" writes=\"1\"/>"
    "</array>\n"
    "</loop></function></program>\n";

/* Split loads: testsuite/incore/stencil1d.c (b[i] = a[i-1] + a[i] + a[i+1], i from 1) at
 * -O3 with 512-bit vectors is a pass of 8: vmovupd (%rcx,%rax), vaddpd 8(%rcx,%rax),
 * vaddpd 16(%rcx,%rax), a store; llvm-mca (skylake-avx512) prints 2018 cycles for 1000
 * passes, the load ports 2 and 3 at 1.50 each.  From a line-aligned a, a[i-1] starts at
 * byte 0 and each pass stays on a line; a[i] (byte 8) and a[i+1] (16) cross one on every
 * pass: 2 split loads a pass.  Without split_load_cycles a pass is llvm-mca's 2.018,
 * 0.25225 a source iteration; with 0.5 the ports take 1.50 + 2 x 0.5 = 2.5 (0.3125); with
 * 0.25, 2.0, under llvm-mca's 2.018, which stays.  With scalar_load_cycles 0.6 the 3
 * loads take the ports 1.8 before the splits (more than llvm-mca's 1.5): 2.8 with 0.5 a
 * split load, 1.8 without.  The load ports' cycles (ECM's T_nOL) are those floors: 1.5,
 * 2.5, 2.0, 2.8, 1.8 a pass. */
static void test_split_loads(void)
{
    if (!need_mca("split loads"))
        return;
    static const struct {
        const char *key;
        double per_iteration, ports;
    } cases[] = {{"", 2.018 / 8, 1.5 / 8},
                 {", \"split_load_cycles\": 0.5", 2.5 / 8, 2.5 / 8},
                 {", \"split_load_cycles\": 0.25", 2.018 / 8, 2.0 / 8},
                 {", \"split_load_cycles\": 0.5, \"scalar_load_cycles\": 0.6", 2.8 / 8, 2.8 / 8},
                 {", \"scalar_load_cycles\": 0.6", 2.018 / 8, 1.8 / 8}};
    char *text = testutil_read_file(AITOOL_SOURCE_DIR "/testsuite/incore/stencil1d.c");
    char *source = testutil_path(dir, "stencil1d.c"), *name = testutil_path(dir, "stencil1d.xml");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(source, text));
    char *json = testutil_read_file(ECM_MACHINE);
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    char *cpu = testutil_replace(json, "\"write_allocate\": true, \"cores\": 4,",
                                 "\"write_allocate\": true, \"cores\": 4, \"mcpu\": "
                                 "\"skylake-avx512\",");
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char key[128];
        snprintf(key, sizeof key, "\"add_latency_cycles\": 4%s}", cases[k].key);
        char *with = testutil_replace(cpu, "\"add_latency_cycles\": 4}", key);
        machine *m = machine_parse("ecm-test.json", with);
        CU_ASSERT_PTR_NOT_NULL_FATAL(m);
        char *back = machine_to_json(m);
        CU_ASSERT_EQUAL(strstr(back, "split_load_cycles") != NULL,
                        strstr(cases[k].key, "split_load_cycles") != NULL);
        free(back);
        lm_program *p;
        perf_result r;
        perf_options opt = {.model = PERF_ECM, .compile = O3_512};
        CU_ASSERT_TRUE_FATAL(evaluate_xml(name, stencil1d_xml, &opt, m, &p, &r));
        const perf_nest *n = &r.nests[0];
        CU_ASSERT_TRUE_FATAL(n->incore.used);
        CU_ASSERT_EQUAL(n->incore.lanes, 8);
        CU_ASSERT_DOUBLE_EQUAL(n->incore.cycles_per_iteration, cases[k].per_iteration, 1e-12);
        /* 1001 iterations: 125 passes, the 1 left over outside the main loop */
        CU_ASSERT_DOUBLE_EQUAL(n->loops[0].incore.remainder_iterations, 1, 0);
        /* ECM's T_nOL: 1000 iterations at the ports' share, the one left over at a
         * pass's llvm-mca pressure, done element by element (no remainder loop) */
        ASSERT_CLOSE(n->incore.load_store_cycles, 1000 * cases[k].ports + 1.5);
        release(&p, &r);
        machine_free(&m);
        free(with);
    }
    /* a negative cost is an error at its place, no machine */
    char *bad = testutil_replace(cpu, "\"add_latency_cycles\": 4}",
                                 "\"add_latency_cycles\": 4, \"split_load_cycles\": -1}");
    FILE *tmp = tmpfile();
    diag_set_stream(tmp);
    machine *m = machine_parse("m.json", bad);
    diag_set_stream(NULL);
    char *said = testutil_read_stream(tmp);
    fclose(tmp);
    CU_ASSERT_PTR_NULL(m);
    CU_ASSERT_PTR_NOT_NULL(strstr(said, "error: \"split_load_cycles\" must be from 0 to 10000"));
    free(said);
    free(bad);
    free(cpu);
    free(json);
    free(source);
    free(name);
    free(text);
}

static void test_machine_keys(void)
{
    machine *m = test_machine();
    CU_ASSERT_STRING_EQUAL(m->mcpu, "skylake-avx512");
    CU_ASSERT_PTR_NULL(m->compile);
    CU_ASSERT_PTR_NULL(perf_compile_command(NULL, m));
    machine_free(&m);
    char *text = testutil_read_file(ECM_MACHINE);
    char *with = testutil_replace(text, "\"write_allocate\": true, \"cores\": 4,", "\"write_allocate\": true, \"cores\": 4, \"compile\": \"cc -O2\",");
    m = machine_parse("m.json", with);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_STRING_EQUAL(perf_compile_command(NULL, m), "cc -O2");
    CU_ASSERT_STRING_EQUAL(perf_compile_command("gcc -O3", m), "gcc -O3");
    CU_ASSERT_PTR_NULL(perf_compile_command("off", m));
    char *json = machine_to_json(m);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"compile\":\t\"cc -O2\""));
    free(json);
    machine_free(&m);
    free(with);
    static const struct {
        const char *insert, *message;
    } bad[] = {
        {"\"mcpu\": \"sky lake\",", "m.json:2:46: error: \"mcpu\" must be one word"},
        {"\"compile\": 3,", "m.json:2:49: error: \"compile\" must be a string"},
        {"\"compile\": \" \",", "m.json:2:49: error: \"compile\" must not be empty"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        strbuf sb = STRBUF_INIT;
        strbuf_printf(&sb, "\"write_allocate\": true, \"cores\": 4, %s", bad[k].insert);
        with = testutil_replace(text, "\"write_allocate\": true, \"cores\": 4,", sb.s);
        FILE *tmp = tmpfile();
        diag_set_stream(tmp);
        m = machine_parse("m.json", with);
        diag_set_stream(NULL);
        char *said = testutil_read_stream(tmp);
        fclose(tmp);
        CU_ASSERT_PTR_NULL(m);
        CU_ASSERT_PTR_NOT_NULL(strstr(said, bad[k].message));
        if (!strstr(said, bad[k].message))
            printf("\n%s", said);
        free(said);
        free(with);
        strbuf_release(&sb);
    }
    free(text);
}

int main(void)
{
    strbuf why = STRBUF_INIT, report = STRBUF_INIT;
    have_mca = incore_mca_run(NULL, "skylake-avx512", 1, "\tnop\n", &report, &why) !=
               INCORE_MCA_MISSING;
    strbuf_release(&why);
    strbuf_release(&report);
    dir = testutil_make_tempdir();
    char *cache = testutil_path(dir, "cache");
    setenv("AITOOL_CACHE_DIR", cache, 1);
    xml_path = testutil_path(dir, "axpy.xml");
    char *source = testutil_path(dir, "axpy.c"), *text = testutil_read_file(AXPY_C);
    if (!text || !testutil_write_file(source, text) || !testutil_write_file(xml_path, axpy_xml))
        return 1;
    static const testutil_case cases[] = {
        {"-O2 against -O3: the vector width", test_widths},
        {"ECM's T_OL and T_nOL from the assembly", test_ecm},
        {"a chain's leftover iterations", test_chain_leftover},
        {"an inner loop unrolled away: the enclosing loop", test_unrolled_inner},
        {"a chain at the machine's add latency", test_chain_scaled},
        {"a chain that restarts, a pass of a cycle", test_chain_restarts},
        {"a chain through a folded load", test_folded_chain},
        {"divides at the machine's rate", test_divides},
        {"512-bit instructions at the machine's rate", test_zmm_rate},
        {"gathers at the machine's cost", test_gathers},
        {"a loop walking no element: its stores", test_stores_not_step},
        {"split vector loads at the machine's cost", test_split_loads},
        {"a compiler that fails", test_compiler_fails},
        {"a loop not found", test_loop_not_found},
        {"shell metacharacters stay words", test_metacharacters},
        {"llvm-mca missing", test_mca_missing},
        {"an XML without its source", test_no_source},
        {"the machine file's compile and mcpu", test_machine_keys},
        {NULL, NULL},
    };
    static const testutil_suite suites[] = {{"in-core time from the compiled code", cases}};
    int status = testutil_run(suites, 1);
    testutil_remove_tree(dir);
    free(dir);
    free(cache);
    free(xml_path);
    free(source);
    free(text);
    if (status == 0 && skipped)
        return 77;
    return status;
}
