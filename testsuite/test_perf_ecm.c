/* The model with a machine's benchmarks table, against values worked out by
 * hand: the benchmark chosen for each level of a triad, a dot product and a
 * 2D 5-point stencil, the per-level roofline, the ECM model's parts (in-core
 * time, loads, each transfer), its single-core time and its saturation on 4
 * cores, a working set in L2, and the fallback to the nearest measurement.
 *
 * The test machine: 2 GHz, 4 cores, write-allocate; L1 32 KiB, L2 1 MiB,
 * L3 16 MiB (data "fits" in half of a cache); 4 lanes; an FMA, add or
 * multiply costs 0.5 cycles, an add's latency is 4; transfers of 32, 16 and
 * 8 bytes per cycle (L1-L2, L2-L3, L3-memory), which ECM takes only where the
 * benchmark of a level lacks a single-core row there or at the level before;
 * the bandwidths in the file. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "exasat_xml.h"
#include "machine.h"
#include "perf.h"
#include "testutil.h"

/* The test machine (see the top of the file). */
#define ECM_MACHINE AITOOL_SOURCE_DIR "/testsuite/machines/ecm-test.json"

static const char triad_xml[] =
    "<program><function name=\"triad\">\n"
    "<loop linenum=\"5\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"n-1\" "
    "adds=\"1\" multiplies=\"1\" divides=\"0\" specials=\"0\">\n"
    "<scalar name=\"s\" datatype=\"double\" isConstant=\"true\" reads=\"1\" writes=\"0\"/>\n"
    "<array name=\"a\" component=\"\" datatype=\"double\" accesstype=\"writeonly\" ghost=\"((0,0))\">"
    "<access index=\"(0)\" isRelative=\"true\" reads=\"0\" writes=\"1\"/></array>\n"
    "<array name=\"b\" component=\"\" datatype=\"double\" accesstype=\"readonly\" ghost=\"((0,0))\">"
    "<access index=\"(0)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/></array>\n"
    "<array name=\"c\" component=\"\" datatype=\"double\" accesstype=\"readonly\" ghost=\"((0,0))\">"
    "<access index=\"(0)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/></array>\n"
    "</loop></function></program>\n";

static const char dot_xml[] =
    "<program><function name=\"dot\">\n"
    "<loop linenum=\"5\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"n-1\" "
    "adds=\"1\" multiplies=\"1\" divides=\"0\" specials=\"0\">\n"
    "<scalar name=\"sum\" datatype=\"double\" isConstant=\"false\" reads=\"1\" writes=\"1\"/>\n"
    "<array name=\"x\" component=\"\" datatype=\"double\" accesstype=\"readonly\" ghost=\"((0,0))\">"
    "<access index=\"(0)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/></array>\n"
    "<array name=\"y\" component=\"\" datatype=\"double\" accesstype=\"readonly\" ghost=\"((0,0))\">"
    "<access index=\"(0)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/></array>\n"
    "</loop></function></program>\n";

static const char stencil2d_xml[] =
    "<program><function name=\"stencil2d\">\n"
    "<loop linenum=\"7\" loopvar=\"i\" stride=\"1\" lowerbound=\"1\" upperbound=\"n-2\" "
    "adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
    "<loop linenum=\"8\" loopvar=\"j\" stride=\"1\" lowerbound=\"1\" upperbound=\"n-2\" "
    "adds=\"3\" multiplies=\"1\" divides=\"0\" specials=\"0\">\n"
    "<array name=\"out\" component=\"\" datatype=\"double\" accesstype=\"writeonly\" "
    "ghost=\"((0,0),(0,0))\"><access index=\"(0,0)\" isRelative=\"true\" reads=\"0\" "
    "writes=\"1\"/></array>\n"
    "<array name=\"in\" component=\"\" datatype=\"double\" accesstype=\"readonly\" "
    "ghost=\"((-1,1),(-1,1))\">"
    "<access index=\"(0,-1)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/>"
    "<access index=\"(0,1)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/>"
    "<access index=\"(-1,0)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/>"
    "<access index=\"(1,0)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/></array>\n"
    "</loop></loop></function></program>\n";

static machine *load_machine(const char *text)
{
    machine *m = machine_parse("ecm.json", text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    return m;
}

static machine *load_test_machine(void)
{
    char *text = testutil_read_file(ECM_MACHINE);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    machine *m = load_machine(text);
    free(text);
    return m;
}

/* The test machine with the text `from` of its file replaced by `to` (which must be there). */
static machine *load_test_machine_with(const char *from, const char *to)
{
    char *file = testutil_read_file(ECM_MACHINE);
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    char *text = testutil_replace(file, from, to);
    CU_ASSERT_STRING_NOT_EQUAL(text, file);
    free(file);
    machine *m = load_machine(text);
    free(text);
    return m;
}

/* The kernel evaluated with the "name=value" bindings (NULL-terminated), on `cores` cores
 * with `model`. */
static void evaluate_bound(const char *xml, const char *const *bindings, perf_model model,
                           unsigned cores, const machine *m, lm_program **p, perf_result *r)
{
    *p = lm_program_create();
    CU_ASSERT_TRUE_FATAL(xml_read_memory(*p, "k.xml", xml, strlen(xml)));
    lm_program_finish(*p);
    bexpr_bindings *b = bexpr_bindings_create();
    int n = 0;
    while (bindings[n])
        n++;
    CU_ASSERT_TRUE_FATAL(bexpr_bindings_parse_all(b, bindings, n, "-D"));
    perf_options opt = {.model = model, .cores = cores, .bindings = b};
    CU_ASSERT_TRUE_FATAL(perf_evaluate(*p, m, &opt, r));
    bexpr_bindings_free(&b);
}

/* The kernel evaluated with n bound, on `cores` cores with `model`. */
static void evaluate(const char *xml, long long n, perf_model model, unsigned cores,
                     const machine *m, lm_program **p, perf_result *r)
{
    char n_binding[32];
    snprintf(n_binding, sizeof n_binding, "n=%lld", n);
    const char *const bindings[] = {n_binding, NULL};
    evaluate_bound(xml, bindings, model, cores, m, p, r);
}

/* The ExaSAT XML of one of bench/validate's kernels (free() it). */
static char *read_validate_xml(const char *kernel)
{
    char path[512];
    snprintf(path, sizeof path, "%s/bench/validate/xml/%s.xml", AITOOL_SOURCE_DIR, kernel);
    char *xml = testutil_read_file(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    return xml;
}

static void release(lm_program **p, perf_result *r)
{
    perf_result_release(r);
    lm_program_free(p);
}

/* Relative closeness: the sums of the model may round in the last bits. */
#define ASSERT_CLOSE(got, want) CU_ASSERT(fabs((got) - (want)) <= 1e-9 * fabs(want) + 1e-300)

static void expect_level(const perf_level *lv, const char *name, double bytes, double reads,
                         double writes, int kernel, double gbs)
{
    CU_ASSERT_STRING_EQUAL(lv->name, name);
    ASSERT_CLOSE(lv->bytes, bytes);
    CU_ASSERT_DOUBLE_EQUAL(lv->reads, reads, 0);
    CU_ASSERT_DOUBLE_EQUAL(lv->writes, writes, 0);
    CU_ASSERT_EQUAL(lv->kernel, kernel);
    CU_ASSERT_DOUBLE_EQUAL(lv->gbs, gbs, 0);
}

/* Triad, n = 1e7: 240 MB of data, beyond every cache.  L1 serves the
 * loads of b and c and the store to a: 24 B an element, 2 reads and 1
 * write: the triad, whose rows count 32 B an element (a's allocation, which
 * L1 does not serve), so in L1's bytes 3/4 of each: 150 GB/s on 4 cores,
 * 37.5 on one.  Every level beyond serves 32 B an element (a is
 * write-allocated): 3 reads, 1 write, the triad itself. */
static void test_triad(void)
{
    machine *m = load_test_machine();
    lm_program *p;
    perf_result r;
    const double n = 1e7, l1 = 24 * n, beyond = 32 * n;
    evaluate(triad_xml, (long long)n, PERF_ECM, 4, m, &p, &r);
    const perf_nest *nest = &r.nests[0];
    CU_ASSERT_EQUAL_FATAL(nest->nlevels, 4);
    expect_level(&nest->levels[0], "L1", l1, 2, 1, MACHINE_TRIAD, 150);
    expect_level(&nest->levels[1], "L2", beyond, 3, 1, MACHINE_TRIAD, 200);
    expect_level(&nest->levels[2], "L3", beyond, 3, 1, MACHINE_TRIAD, 100);
    expect_level(&nest->levels[3], "memory", beyond, 3, 1, MACHINE_TRIAD, 16);
    /* T_OL: n FMAs at 0.5 cycles over 4 lanes, at 2 GHz.  T_nOL: L1's bytes
     * at the triad's 37.5 GB/s on one core.  Each transfer: what the triad,
     * one core, takes per byte at the level over the level before (L1 50,
     * L2 40, L3 25, memory 8 GB/s).  So one core takes the triad's own
     * time in memory, 32 n / 8 GB/s. */
    double t_ol = n * 0.5 / 4 / 2e9, t_nol = l1 / 37.5e9;
    double t12 = beyond * (1 / 40e9 - 1 / 50e9), t23 = beyond * (1 / 25e9 - 1 / 40e9);
    double t3m = beyond * (1 / 8e9 - 1 / 25e9);
    double single = t_nol + t12 + t23 + t3m;
    ASSERT_CLOSE(single, beyond / 8e9);
    ASSERT_CLOSE(nest->ecm.overlapping_s, t_ol);
    ASSERT_CLOSE(nest->ecm.non_overlapping_s, t_nol);
    ASSERT_CLOSE(nest->levels[1].seconds, t12);
    ASSERT_CLOSE(nest->levels[3].seconds, t3m);
    ASSERT_CLOSE(nest->ecm.single_core_s, single); /* 0.04 s */
    /* 4 cores: memory at the triad's 16 GB/s (0.02 s) beats single / 4;
     * it saturates from single / 0.02 = 2 cores. */
    ASSERT_CLOSE(nest->runtime_s, beyond / 16e9);
    ASSERT_CLOSE(nest->ecm.saturation_cores, single / (beyond / 16e9));
    CU_ASSERT_STRING_EQUAL(nest->bottleneck, "memory");
    release(&p, &r);

    /* One core: memory at the triad's single-core 8 GB/s, 0.04 s. */
    evaluate(triad_xml, (long long)n, PERF_ECM, 1, m, &p, &r);
    ASSERT_CLOSE(r.nests[0].runtime_s, beyond / 8e9);
    release(&p, &r);

    /* The roofline of the levels on 4 cores: the slowest is memory. */
    evaluate(triad_xml, (long long)n, PERF_ROOFLINE, 4, m, &p, &r);
    nest = &r.nests[0];
    ASSERT_CLOSE(nest->levels[0].seconds, l1 / 150e9);
    ASSERT_CLOSE(nest->levels[2].seconds, beyond / 100e9);
    ASSERT_CLOSE(nest->compute_s, 2 * n / 100e9);
    ASSERT_CLOSE(nest->runtime_s, beyond / 16e9);
    CU_ASSERT_STRING_EQUAL(nest->bottleneck, "memory");
    CU_ASSERT_STRING_EQUAL(r.bottleneck, "memory");
    release(&p, &r);
    machine_free(&m);
}

/* Triad, n = 1e4: 240 KB of data fits in half of L2, so in the steady
 * state L3 and memory serve nothing.  The roofline on 4 cores: L1's 24 B an
 * element at 150 GB/s and L2's 32 at 200 take 1.6 us each. */
static void test_triad_in_l2(void)
{
    machine *m = load_test_machine();
    lm_program *p;
    perf_result r;
    const double n = 1e4;
    evaluate(triad_xml, (long long)n, PERF_ROOFLINE, 4, m, &p, &r);
    const perf_nest *nest = &r.nests[0];
    CU_ASSERT_DOUBLE_EQUAL(nest->footprint, 24 * n, 0);
    expect_level(&nest->levels[1], "L2", 32 * n, 3, 1, MACHINE_TRIAD, 200);
    expect_level(&nest->levels[2], "L3", 0, 0, 0, -1, 0);
    expect_level(&nest->levels[3], "memory", 0, 0, 0, -1, 0);
    ASSERT_CLOSE(nest->runtime_s, 32 * n / 200e9);
    ASSERT_CLOSE(nest->levels[0].seconds, 24 * n / 150e9);
    /* the cold-cache memory traffic is still reported as the bytes */
    CU_ASSERT_DOUBLE_EQUAL(nest->bytes, 32 * n, 0);
    release(&p, &r);

    /* ECM on 4 cores: (T_nOL + T_L1L2) / 4 = 8 us / 4 (the triad's own
     * single-core time in L2, 32 n / 40 GB/s), over L2's 1.6 us on 4 cores. */
    evaluate(triad_xml, (long long)n, PERF_ECM, 4, m, &p, &r);
    nest = &r.nests[0];
    double single = 24 * n / 37.5e9 + 32 * n * (1 / 40e9 - 1 / 50e9);
    ASSERT_CLOSE(single, 32 * n / 40e9);
    ASSERT_CLOSE(nest->ecm.single_core_s, single);
    ASSERT_CLOSE(nest->runtime_s, single / 4);
    CU_ASSERT_STRING_EQUAL(nest->bottleneck, "data transfers");
    release(&p, &r);
    machine_free(&m);
}

/* Dot product, n = 1e7: sum = sum + x[i]*y[i] carries sum from iteration to
 * iteration, so the loop runs scalar at an add's latency: T_OL = 4 cycles
 * an element (the FMA's 0.5 is less).  Every level serves 16 B an element,
 * 2 reads: load2, whose single-core steps from level to level add up to its
 * memory time, 16 n / 9 GB/s = 0.0178 s, under T_OL's 0.02 s. */
static void test_dot(void)
{
    machine *m = load_test_machine();
    lm_program *p;
    perf_result r;
    const double n = 1e7, bytes = 16 * n;
    evaluate(dot_xml, (long long)n, PERF_ECM, 4, m, &p, &r);
    const perf_nest *nest = &r.nests[0];
    expect_level(&nest->levels[0], "L1", bytes, 2, 0, MACHINE_LOAD2, 192);
    expect_level(&nest->levels[3], "memory", bytes, 2, 0, MACHINE_LOAD2, 20);
    double t_ol = n * 4 / 2e9;
    double data = bytes / 48e9 + bytes * (1 / 40e9 - 1 / 48e9) + bytes * (1 / 25e9 - 1 / 40e9) +
                  bytes * (1 / 9e9 - 1 / 25e9);
    ASSERT_CLOSE(data, bytes / 9e9);
    ASSERT_CLOSE(nest->ecm.overlapping_s, t_ol);
    ASSERT_CLOSE(nest->levels[3].seconds, bytes * (1 / 9e9 - 1 / 25e9));
    ASSERT_CLOSE(nest->ecm.single_core_s, t_ol); /* 0.02 s > 0.0178 s */
    CU_ASSERT_STRING_EQUAL(nest->bottleneck, "memory");
    ASSERT_CLOSE(nest->runtime_s, bytes / 20e9);
    ASSERT_CLOSE(nest->ecm.saturation_cores, t_ol / (bytes / 20e9)); /* 2.5 cores */
    release(&p, &r);
    machine_free(&m);
}

/* 2D 5-point stencil, n = 2000 (1998 x 1998 updates, e of them): the row
 * layer condition holds in L1 (3 in-elements and 1 out: 32 B) but not the
 * plane one (3 rows of in and 1 of out: 63984 B > 16 KiB); it holds in L2.
 * L1 serves 4 loads and a store an update, 40 B: (4, 1), nearest the triad
 * (2, 1) in L1, where no allocation counts: its 200 and 50 GB/s rows are 150
 * and 37.5 of L1's bytes.  Of those loads in[i][j-1] and in[i][j+1] are an
 * element off the aligned ones: a 4-lane vector of 32 bytes straddles two
 * lines at half of such offsets, an 8-byte access more each: L1 counts 48 B.
 * L2 serves in's 3 rows (8 * 1998 * 2000 * 3) and out written and
 * allocated (16 e): (4, 1), the triad.  L3 and memory serve in once
 * (8 * 2000 * 2000) and out: (2, 1), copy.  ECM's transfers: the triad's
 * single-core step from L1 (50 GB/s) to L2 (40) for L2's bytes, copy's from
 * L2 (30) to L3 (20) and from L3 to memory (8) for theirs. */
static void test_stencil2d(void)
{
    machine *m = load_test_machine();
    lm_program *p;
    perf_result r;
    const double e = 1998.0 * 1998;
    const double l1 = 48 * e, l2 = 8 * 1998.0 * 2000 * 3 + 16 * e, l3 = 8 * 2000.0 * 2000 + 16 * e;
    evaluate(stencil2d_xml, 2000, PERF_ECM, 4, m, &p, &r);
    const perf_nest *nest = &r.nests[0];
    expect_level(&nest->levels[0], "L1", l1, 4, 1, MACHINE_TRIAD, 150);
    expect_level(&nest->levels[1], "L2", l2, 4, 1, MACHINE_TRIAD, 200);
    expect_level(&nest->levels[2], "L3", l3, 2, 1, MACHINE_COPY, 110);
    expect_level(&nest->levels[3], "memory", l3, 2, 1, MACHINE_COPY, 18);
    /* 1 FMA and 2 adds an update: 1.5 cycles over 4 lanes */
    ASSERT_CLOSE(nest->ecm.overlapping_s, e * 1.5 / 4 / 2e9);
    double single = l1 / 37.5e9 + l2 * (1 / 40e9 - 1 / 50e9) + l3 * (1 / 20e9 - 1 / 30e9) +
                    l3 * (1 / 8e9 - 1 / 20e9);
    ASSERT_CLOSE(nest->ecm.single_core_s, single); /* 13.9 ms */
    ASSERT_CLOSE(nest->runtime_s, l3 / 18e9);       /* 5.3 ms */
    ASSERT_CLOSE(nest->ecm.saturation_cores, single / (l3 / 18e9));
    release(&p, &r);
    machine_free(&m);

    /* With 8 lanes (64-byte vectors) every such load straddles: 56 B. */
    m = load_test_machine_with("\"lanes\": 4", "\"lanes\": 8");
    evaluate(stencil2d_xml, 2000, PERF_ECM, 4, m, &p, &r);
    ASSERT_CLOSE(r.nests[0].levels[0].bytes, 56 * e);
    release(&p, &r);
    machine_free(&m);
}

/* A tie: with load4 measured too, a 2D stencil whose rows are too long for
 * even L3's layer condition (n = 400000: three rows of 3.2 MB each, over
 * half of 16 MiB) streams in three times and out written and allocated from
 * memory, (4, 1), as near load4 (4, 0) as the triad (3, 1); the triad writes
 * as the stencil does and is taken. */
static void test_tie(void)
{
    machine *m = load_test_machine_with(
        "   {\"kernel\": \"triad\", \"level\": \"memory\", \"cores\": 1, \"gbs\": 8},\n",
        "   {\"kernel\": \"triad\", \"level\": \"memory\", \"cores\": 1, \"gbs\": 8},\n"
        "   {\"kernel\": \"load4\", \"level\": \"memory\", \"cores\": 1, \"gbs\": 10},\n"
        "   {\"kernel\": \"load4\", \"level\": \"memory\", \"cores\": 4, \"gbs\": 22},\n");
    lm_program *p;
    perf_result r;
    evaluate(stencil2d_xml, 400000, PERF_ROOFLINE, 4, m, &p, &r);
    const perf_level *mem = &r.nests[0].levels[3];
    CU_ASSERT_DOUBLE_EQUAL(mem->reads, 4, 0);
    CU_ASSERT_DOUBLE_EQUAL(mem->writes, 1, 0);
    CU_ASSERT_EQUAL(mem->kernel, MACHINE_TRIAD);
    CU_ASSERT_DOUBLE_EQUAL(mem->gbs, 16, 0);
    release(&p, &r);
    machine_free(&m);
}

/* A table without L3 measurements on 4 cores takes the nearest (L3 on 1
 * core) and says so once, however many nests need it. */
static void test_fallback(void)
{
    char *file = testutil_read_file(ECM_MACHINE);
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    char *text = testutil_replace(file, "\"level\": \"L3\", \"cores\": 4",
                                  "\"level\": \"L3\", \"cores\": 3");
    free(file);
    machine *m = load_machine(text);
    FILE *tmp = tmpfile();
    CU_ASSERT_PTR_NOT_NULL_FATAL(tmp);
    diag_set_stream(tmp);
    lm_program *p = lm_program_create();
    CU_ASSERT_TRUE_FATAL(xml_read_memory(p, "k.xml", triad_xml, strlen(triad_xml)));
    CU_ASSERT_TRUE_FATAL(xml_read_memory(p, "k2.xml", dot_xml, strlen(dot_xml)));
    lm_program_finish(p);
    bexpr_bindings *b = bexpr_bindings_create();
    bexpr_bindings_set(b, "n", 10000000);
    perf_options opt = {.model = PERF_ROOFLINE, .cores = 4, .bindings = b};
    perf_result r;
    CU_ASSERT_TRUE_FATAL(perf_evaluate(p, m, &opt, &r));
    diag_set_stream(NULL);
    char *messages = testutil_read_stream(tmp);
    fclose(tmp);
    CU_ASSERT_STRING_EQUAL(messages, "aitool: warning: the machine's benchmarks have no measurement in L3 "
                                     "on 4 cores: using the nearest, L3 on 3 (said once)\n");
    CU_ASSERT_EQUAL_FATAL(r.nnests, 2);
    CU_ASSERT_DOUBLE_EQUAL(r.nests[0].levels[2].gbs, 100, 0);
    CU_ASSERT_DOUBLE_EQUAL(r.nests[1].levels[2].gbs, 120, 0);
    free(messages);
    bexpr_bindings_free(&b);
    release(&p, &r);
    machine_free(&m);
    free(text);
}

/* A level with no single-core rows (L3 here) has no benchmark steps to take:
 * the transfers into it and out of it are at the table's transfer rates,
 * 16 and 8 bytes per cycle (32 and 16 GB/s at 2 GHz). */
static void test_transfer_rates(void)
{
    char *text = testutil_read_file(ECM_MACHINE);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    static const char *const rows[] = {
        "   {\"kernel\": \"triad\", \"level\": \"L3\", \"cores\": 1, \"gbs\": 25},\n",
        "   {\"kernel\": \"load2\", \"level\": \"L3\", \"cores\": 1, \"gbs\": 25},\n",
        "   {\"kernel\": \"copy\", \"level\": \"L3\", \"cores\": 1, \"gbs\": 20},\n"};
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        char *shorter = testutil_replace(text, rows[i], "");
        CU_ASSERT_STRING_NOT_EQUAL(shorter, text);
        free(text);
        text = shorter;
    }
    machine *m = load_machine(text);
    free(text);
    lm_program *p;
    perf_result r;
    const double n = 1e7, l1 = 24 * n, beyond = 32 * n;
    evaluate(triad_xml, (long long)n, PERF_ECM, 4, m, &p, &r);
    const perf_nest *nest = &r.nests[0];
    ASSERT_CLOSE(nest->levels[1].seconds, beyond * (1 / 40e9 - 1 / 50e9));
    ASSERT_CLOSE(nest->levels[2].seconds, beyond / 32e9);
    ASSERT_CLOSE(nest->levels[3].seconds, beyond / 16e9);
    ASSERT_CLOSE(nest->ecm.single_core_s,
                 l1 / 37.5e9 + beyond * (1 / 40e9 - 1 / 50e9) + beyond / 32e9 + beyond / 16e9);
    release(&p, &r);
    machine_free(&m);
}

/* barrier_cycles: 1000 cycles, 0.5 us at 2 GHz, once a nest on more than
 * one core.  The triad of n = 1e4 in L2 (test_triad_in_l2): the roofline's
 * 1.6 us on 4 cores becomes 2.1 us; on one core there is no parallel loop.
 * n = 100: the 2400 bytes sit in L1; ECM on 4 cores: T_nOL at the triad's
 * 37.5 GB/s of L1's bytes over 4 cores, 16 ns, far under the barrier, which
 * is then the bottleneck. */
static void test_barrier(void)
{
    machine *m = load_test_machine_with("\"clock_ghz\": 2,",
                                        "\"clock_ghz\": 2, \"barrier_cycles\": 1000,");
    lm_program *p;
    perf_result r;
    evaluate(triad_xml, 10000, PERF_ROOFLINE, 4, m, &p, &r);
    ASSERT_CLOSE(r.nests[0].barrier_s, 0.5e-6);
    ASSERT_CLOSE(r.nests[0].runtime_s, 32e4 / 200e9 + 0.5e-6);
    ASSERT_CLOSE(r.runtime_s, 32e4 / 200e9 + 0.5e-6);
    release(&p, &r);
    evaluate(triad_xml, 10000, PERF_ROOFLINE, 1, m, &p, &r);
    CU_ASSERT_DOUBLE_EQUAL(r.nests[0].barrier_s, 0, 0);
    ASSERT_CLOSE(r.nests[0].runtime_s, 32e4 / 40e9);
    release(&p, &r);
    evaluate(triad_xml, 100, PERF_ECM, 4, m, &p, &r);
    ASSERT_CLOSE(r.nests[0].runtime_s, 2400 / 37.5e9 / 4 + 0.5e-6);
    CU_ASSERT_STRING_EQUAL(r.nests[0].bottleneck, "barrier");
    release(&p, &r);
    machine_free(&m);
}

/* A triad's loop inside 10 time steps, the triad loop under the OpenMP directive `omp`
 * ("": none, no omp attribute). */
static char *time_steps_xml(const char *omp)
{
    static const char text[] =
        "<program><function name=\"steps\">\n"
        "<loop linenum=\"3\" loopvar=\"t\" stride=\"1\" lowerbound=\"0\" upperbound=\"9\" "
        "adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
        "<loop linenum=\"5\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"n-1\" "
        "adds=\"1\" multiplies=\"1\" divides=\"0\" specials=\"0\" omp=\"%s\">\n"
        "<array name=\"a\" component=\"\" datatype=\"double\" accesstype=\"writeonly\" "
        "ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" reads=\"0\" "
        "writes=\"1\"/></array>\n"
        "<array name=\"b\" component=\"\" datatype=\"double\" accesstype=\"readonly\" "
        "ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" reads=\"1\" "
        "writes=\"0\"/></array>\n"
        "</loop></loop></function></program>\n";
    size_t size = sizeof text + strlen(omp);
    char *xml = malloc(size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    snprintf(xml, size, text, omp);
    char *none = *omp ? NULL : strstr(xml, " omp=\"\"");
    if (none)
        memmove(none, none + 7, strlen(none + 7) + 1);
    return xml;
}

/* Where the XML names the worksharing loop: an `omp for` inside 10 time steps waits at its
 * barrier every step, 10 x 0.5 us on 4 cores; with nowait at none (the nest then costs its
 * work alone); a parallel for joins its team every step. */
static void test_barrier_per_worksharing_loop(void)
{
    machine *m = load_test_machine_with("\"clock_ghz\": 2,",
                                        "\"clock_ghz\": 2, \"barrier_cycles\": 1000,");
    const char *const omp[] = {"for", "for nowait", "parallel for"};
    const double barriers[] = {10, 0, 10};
    for (int k = 0; k < 3; k++) {
        char *xml = time_steps_xml(omp[k]);
        lm_program *p;
        perf_result r;
        evaluate(xml, 100, PERF_ROOFLINE, 4, m, &p, &r);
        CU_ASSERT_DOUBLE_EQUAL(r.nests[0].barriers, barriers[k], 0);
        ASSERT_CLOSE(r.nests[0].barrier_s, barriers[k] * 0.5e-6);
        CU_ASSERT_EQUAL(strcmp(r.nests[0].bottleneck, "barrier") == 0, barriers[k] > 0);
        release(&p, &r);
        free(xml);
    }
    machine_free(&m);
}

/* Without -cores, sequential code runs on one core: the time steps' triad with no
 * directive is timed as -cores 1 times it, with no barrier; under `omp for` the same nest
 * runs on all the machine's 4 cores as -cores 4 times it, with its 10 barriers.  -cores
 * puts every nest, sequential or not, on its cores (a nest without a directive then as
 * one parallel loop, one barrier a run). */
static void test_sequential_on_one_core(void)
{
    machine *m = load_test_machine_with("\"clock_ghz\": 2,",
                                        "\"clock_ghz\": 2, \"barrier_cycles\": 1000,");
    static const struct {
        const char *omp;
        unsigned given, cores;
    } cases[] = {{"", 0, 1}, {"for", 0, 4}, {"", 4, 4}, {"for", 1, 1}};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char *xml = time_steps_xml(cases[k].omp);
        lm_program *p, *q;
        perf_result r, same;
        evaluate(xml, 100000, PERF_ROOFLINE, cases[k].given, m, &p, &r);
        evaluate(xml, 100000, PERF_ROOFLINE, cases[k].cores, m, &q, &same);
        CU_ASSERT_EQUAL(r.nests[0].cores, cases[k].cores);
        CU_ASSERT_EQUAL(r.nests[0].worksharing, cases[k].omp[0] != '\0');
        CU_ASSERT_EQUAL(r.cores_given, cases[k].given != 0);
        CU_ASSERT_DOUBLE_EQUAL(r.nests[0].runtime_s, same.nests[0].runtime_s, 0);
        /* On one core none; -cores on a nest without a directive: one parallel loop. */
        double barriers = cases[k].cores < 2 ? 0 : *cases[k].omp ? 10 : 1;
        CU_ASSERT_DOUBLE_EQUAL(r.nests[0].barriers, barriers, 0);
        release(&p, &r);
        release(&q, &same);
        free(xml);
    }
    /* One core and four differ here: the sequential triad is not predicted 4x too fast. */
    char *xml = time_steps_xml("");
    lm_program *p;
    perf_result one, four;
    evaluate(xml, 100000, PERF_ROOFLINE, 0, m, &p, &one);
    release(&p, &one);
    evaluate(xml, 100000, PERF_ROOFLINE, 0, m, &p, &one);
    lm_program *q;
    evaluate(xml, 100000, PERF_ROOFLINE, 4, m, &q, &four);
    CU_ASSERT_TRUE(one.runtime_s > 1.5 * four.runtime_s);
    release(&p, &one);
    release(&q, &four);
    free(xml);
    machine_free(&m);
}

/* matvec (bench/validate's XML): sum = sum + a[i][j] * x[j] in the j loop,
 * sum declared in the i loop's body, m = n = 20.  The i loop carries nothing
 * (its sum is a new variable each row); each row is a chain of n adds, at 4
 * cycles each without a chain_window: T_OL = 4 m n cycles = 0.8 us at 2 GHz
 * (with the i loop's as a chain too it would be 4 (m n + m)).  With a
 * chain_window of 40 elements of a one-load, one-add loop, the j loop's
 * iterations (2 loads, an add and a multiply: 4 operations) take twice as
 * much of the window: 20 elements, so a row's chain of 20 overlaps the next
 * (1 + 20/20 = 2 chains at once), 2 cycles a step: 0.4 us, in the roofline's
 * compute time too.  The dot product's one chain through its loop does not
 * overlap: 4 cycles an element whatever the window. */
static void test_chain_window(void)
{
    char *xml = read_validate_xml("matvec");
    const char *const sizes[] = {"m=20", "n=20", NULL};
    machine *plain = load_test_machine();
    machine *window = load_test_machine_with("\"add_latency_cycles\": 4}",
                                             "\"add_latency_cycles\": 4, \"chain_window\": 40}");
    const machine *machines[] = {plain, window};
    const double t_ol[] = {4 * 20 * 20 / 2e9, 2 * 20 * 20 / 2e9};
    for (int k = 0; k < 2; k++) {
        for (perf_model model = PERF_ROOFLINE; model <= PERF_ECM; model++) {
            lm_program *p;
            perf_result r;
            evaluate_bound(xml, sizes, model, 1, machines[k], &p, &r);
            CU_ASSERT_EQUAL_FATAL(r.nnests, 1);
            const perf_nest *nest = &r.nests[0];
            CU_ASSERT_EQUAL_FATAL(nest->nloops, 2);
            CU_ASSERT_DOUBLE_EQUAL(nest->loops[0].chain_steps, 0, 0);
            CU_ASSERT_DOUBLE_EQUAL(nest->loops[1].chain_steps, 400, 0);
            CU_ASSERT_DOUBLE_EQUAL(nest->loops[1].chain_length, 20, 0);
            CU_ASSERT_DOUBLE_EQUAL(nest->loops[1].operations, 4, 0);
            if (model == PERF_ECM) {
                ASSERT_CLOSE(nest->ecm.overlapping_s, t_ol[k]);
            } else {
                ASSERT_CLOSE(nest->compute_s, t_ol[k]);
            }
            release(&p, &r);
        }
        lm_program *p;
        perf_result r;
        evaluate(dot_xml, 1000, PERF_ECM, 1, machines[k], &p, &r);
        CU_ASSERT_DOUBLE_EQUAL(r.nests[0].loops[0].chain_length, 0, 0);
        ASSERT_CLOSE(r.nests[0].ecm.overlapping_s, 4 * 1000 / 2e9);
        release(&p, &r);
    }
    free(xml);
    machine_free(&plain);
    machine_free(&window);
}

/* A gather y[i] = x[idx[i]] + w[m][i]: idx and y step through memory and vectorize, x is
 * read through idx's elements (a subscript inside its subscript), w through a subscript that
 * is not relative but has none inside it. */
static const char gather_xml[] =
    "<program><function name=\"gather\">\n"
    "<loop linenum=\"5\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"n-1\" "
    "adds=\"1\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
    "<array name=\"y\" component=\"\" datatype=\"double\" accesstype=\"writeonly\" ghost=\"((0,0))\">"
    "<access index=\"(0)\" isRelative=\"true\" reads=\"0\" writes=\"1\"/></array>\n"
    "<array name=\"idx\" component=\"\" datatype=\"int\" accesstype=\"readonly\" ghost=\"((0,0))\">"
    "<access index=\"(0)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/></array>\n"
    "<array name=\"x\" component=\"\" datatype=\"double\" accesstype=\"readonly\" ghost=\"((0,0))\">"
    "<access index=\"(0)\" isRelative=\"false\" reads=\"1\" writes=\"0\" subscript=\"[idx[i]]\"/>"
    "</array>\n"
    "<array name=\"w\" component=\"\" datatype=\"double\" accesstype=\"readonly\" ghost=\"((0,0))\">"
    "<access index=\"(0,0)\" isRelative=\"false\" reads=\"1\" writes=\"0\" subscript=\"[m][i]\"/>"
    "</array>\n"
    "</loop></function></program>\n";

/* b[i][j] = a[j][i] in the j loop: a's fastest dimension follows the i loop, its other one
 * the j loop, so the j loop steps through a by whole rows. */
static const char transpose_xml[] =
    "<program><function name=\"transpose\">\n"
    "<loop linenum=\"5\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"n-1\" "
    "adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
    "<loop linenum=\"6\" loopvar=\"j\" stride=\"1\" lowerbound=\"0\" upperbound=\"n-1\" "
    "adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
    "<array name=\"b\" component=\"\" datatype=\"double\" accesstype=\"writeonly\" "
    "ghost=\"((0,0),(0,0))\"><access index=\"(0,0)\" isRelative=\"true\" reads=\"0\" "
    "writes=\"1\"/></array>\n"
    "<array name=\"a\" component=\"\" datatype=\"double\" accesstype=\"readonly\" "
    "ghost=\"((0,0),(0,0))\"><access index=\"(0,0)\" isRelative=\"true\" indexorder=\"(1,0)\" "
    "reads=\"1\" writes=\"0\"/></array>\n"
    "</loop></loop></function></program>\n";

/* The test machine with a scalar load at 0.5 cycles and a scalar store at 1. */
static machine *load_scalar_machine(void)
{
    return load_test_machine_with("\"add_latency_cycles\": 4}",
                                  "\"add_latency_cycles\": 4, \"scalar_load_cycles\": 0.5, "
                                  "\"scalar_store_cycles\": 1}");
}

/* Loads one at a time, on the test machine with scalar accesses measured:
 * - the dot product's chain leaves its contiguous loads in vectors (the adds in order):
 *   n = 1000, its 16 B an element are L1's, at load2's 48 GB/s on one core: T_nOL 1/3 us,
 *   T_OL the chain's 2 us;
 * - spmv (bench/validate's XML), rows = 100, w = 8: the t loop carries sum and gathers x,
 *   so all its 3 loads an element go one at a time (val and col too), the i loop has a
 *   loop inside (its store of y[i]): 2400 loads at 0.5 and 100 stores at 1, the loads
 *   decide: 1200 cycles, 0.6 us on one core; 0.15 us on 4 in the roofline;
 * - the gather, n = 1000: x's 1000 loads go one at a time (0.25 us); y, idx and w (a
 *   subscript not relative, nothing inside it) vectorize: 8 + 4 + 8 bytes an element;
 * - a triad of n = 10 on 4 lanes: two vectors and 2 iterations left: a fifth of its 2
 *   loads and a store an element go one at a time (4 loads, 2 stores), four fifths of its
 *   24 bytes an element are L1's;
 * - the transpose, n = 8: a is read a row apart, one at a time (64 loads); b's 512 bytes
 *   are L1's;
 * - without the measurement every access is L1's bytes, as before. */
static void test_scalar_accesses(void)
{
    machine *m = load_scalar_machine();
    lm_program *p;
    perf_result r;
    evaluate(dot_xml, 1000, PERF_ECM, 1, m, &p, &r);
    const perf_nest *nest = &r.nests[0];
    CU_ASSERT_DOUBLE_EQUAL(nest->loops[0].scalar_loads, 0, 0);
    CU_ASSERT_DOUBLE_EQUAL(nest->loops[0].scalar_stores, 0, 0);
    ASSERT_CLOSE(nest->levels[0].bytes, 16000.0);
    CU_ASSERT_DOUBLE_EQUAL(nest->levels[0].scalar_s, 0, 0);
    ASSERT_CLOSE(nest->ecm.non_overlapping_s, 16000 / 48e9);
    ASSERT_CLOSE(nest->ecm.overlapping_s, 2e-6);
    release(&p, &r);

    char *xml = read_validate_xml("spmv");
    const char *const sizes[] = {"rows=100", "w=8", NULL};
    for (unsigned cores = 1; cores <= 4; cores += 3) {
        evaluate_bound(xml, sizes, PERF_ROOFLINE, cores, m, &p, &r);
        nest = &r.nests[0];
        CU_ASSERT_EQUAL_FATAL(nest->nloops, 2);
        CU_ASSERT_DOUBLE_EQUAL(nest->loops[0].scalar_stores, 100, 1e-9);
        CU_ASSERT_DOUBLE_EQUAL(nest->loops[1].scalar_loads, 2400, 1e-9);
        CU_ASSERT_DOUBLE_EQUAL(nest->levels[0].bytes, 0, 0);
        ASSERT_CLOSE(nest->levels[0].scalar_s, 0.6e-6 / cores);
        ASSERT_CLOSE(nest->levels[0].seconds, 0.6e-6 / cores);
        release(&p, &r);
    }
    free(xml);

    evaluate(gather_xml, 1000, PERF_ECM, 1, m, &p, &r);
    nest = &r.nests[0];
    CU_ASSERT_DOUBLE_EQUAL(nest->loops[0].scalar_loads, 1000, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(nest->loops[0].scalar_stores, 0, 0);
    ASSERT_CLOSE(nest->levels[0].bytes, 20000.0);
    ASSERT_CLOSE(nest->levels[0].scalar_s, 0.25e-6);
    release(&p, &r);

    evaluate(triad_xml, 10, PERF_ECM, 1, m, &p, &r);
    nest = &r.nests[0];
    CU_ASSERT_DOUBLE_EQUAL(nest->loops[0].scalar_loads, 4, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(nest->loops[0].scalar_stores, 2, 1e-9);
    ASSERT_CLOSE(nest->levels[0].bytes, 0.8 * 240);
    release(&p, &r);

    evaluate(transpose_xml, 8, PERF_ECM, 1, m, &p, &r);
    nest = &r.nests[0];
    CU_ASSERT_EQUAL_FATAL(nest->nloops, 2);
    CU_ASSERT_DOUBLE_EQUAL(nest->loops[1].scalar_loads, 64, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(nest->loops[1].scalar_stores, 0, 0);
    ASSERT_CLOSE(nest->levels[0].bytes, 512.0);
    release(&p, &r);
    machine_free(&m);

    m = load_test_machine();
    evaluate(dot_xml, 1000, PERF_ECM, 1, m, &p, &r);
    CU_ASSERT_DOUBLE_EQUAL(r.nests[0].loops[0].scalar_loads, 0, 0);
    ASSERT_CLOSE(r.nests[0].levels[0].bytes, 16000.0);
    CU_ASSERT_DOUBLE_EQUAL(r.nests[0].levels[0].scalar_s, 0, 0);
    release(&p, &r);
    machine_free(&m);
}

/* matmul (bench/validate's XML: c[i][j] += a[i][k] * b[k][j] in i-k-j order), m = 2,
 * n = p = 64: L1 serves c's load and store and b's load every element (24 B), but a[i][k]
 * stays the same through the j loop: in a register, loaded once an entry (8 B for each of
 * the 128 (i, k)), and no stream: (2, 1), the triad. */
static void test_invariant_in_register(void)
{
    char *xml = read_validate_xml("matmul");
    const char *const sizes[] = {"m=2", "n=64", "p=64", NULL};
    machine *m = load_test_machine();
    lm_program *p;
    perf_result r;
    evaluate_bound(xml, sizes, PERF_ECM, 1, m, &p, &r);
    expect_level(&r.nests[0].levels[0], "L1", 24.0 * 2 * 64 * 64 + 8.0 * 2 * 64, 2, 1,
                 MACHINE_TRIAD, 37.5);
    release(&p, &r);
    machine_free(&m);
    free(xml);
}

/* A stream counts by the elements it moves against the stream that moves the most.  matmul,
 * m = 2, n = p = 4096, on 4 cores: b (128 MiB) comes from memory once for each i, 2 * 4096^2
 * elements; c's row and a's elements fit in L3 (a row of c and of b take 64 KiB) and move
 * 2 * 4096 elements each over the run, a 4096th of b's: memory's streams are b's one read,
 * (1, 0), nearest load2.  In L2 c's row streams again for every k as b does (2, 1), copy.
 * stencil3d27 (n = 322, its three planes in L3): w[0..3] are four elements read once, no
 * stream; in is read once and out written and allocated, out's 320^3 elements a stream
 * against in's 322^3, a 0.98 that is 1 to a tenth: (2, 1), copy. */
static void test_streams_by_elements(void)
{
    char *xml = read_validate_xml("matmul");
    const char *const sizes[] = {"m=2", "n=4096", "p=4096", NULL};
    machine *m = load_test_machine();
    lm_program *p;
    perf_result r;
    evaluate_bound(xml, sizes, PERF_ROOFLINE, 4, m, &p, &r);
    const double b = 2 * 4096.0 * 4096 * 8, row = 2 * 4096.0 * 8;
    expect_level(&r.nests[0].levels[3], "memory", b + 2 * row + row, 1, 0, MACHINE_LOAD2, 20);
    expect_level(&r.nests[0].levels[1], "L2", b + 2 * 4096 * 4096.0 * 8 * 2 + row, 2, 1,
                 MACHINE_COPY, 150);
    release(&p, &r);
    free(xml);

    xml = read_validate_xml("stencil3d27");
    evaluate_bound(xml, (const char *const[]){"n=322", NULL}, PERF_ROOFLINE, 4, m, &p, &r);
    const double in = 8 * 322.0 * 322 * 322, out = 16 * 320.0 * 320 * 320;
    expect_level(&r.nests[0].levels[3], "memory", in + out + 32, 2, 1, MACHINE_COPY, 18);
    release(&p, &r);
    machine_free(&m);
    free(xml);
}

/* Stores a page apart: bench/validate's transpose (b[j][i] = a[i][j]) at n = 1000, rows
 * of 8000 bytes: the j loop stores b a row, 8000 bytes, apart.  Its column of 1000 lines
 * and a's row stay in L3 across i (72000 bytes): from memory b once, written and
 * allocated (1.6e7 bytes), a read (8e6), 2.4e7 bytes by "copy"; b's are paged, its stores
 * 1.6e7 / 2 / 64 = 125000 lines.  With paged_store_cycles 100 at 2 GHz, 6.25e-3 s of one
 * core for those lines:
 * - roofline, 1 core: 2.4e7 at 8 GB/s = 3e-3 s, of which a's third, 1e-3, plus 6.25e-3:
 *   7.25e-3 s, the nest's time;
 * - roofline, 4 cores: 2.4e7 at 18 GB/s = 1.3333e-3, a's third 4.4444e-4, plus 6.25e-3 / 4
 *   = 1.5625e-3: 2.006944e-3;
 * - ECM, 1 core: memory's transfer 2.4e7 x (1/8 - 1/20) / 1e9 = 1.8e-3, its third 6e-4,
 *   plus 6.25e-3: 6.85e-3; with T_nOL 3.75e-4, L2's 2.408333e-3 and L3's 4e-4, one core
 *   1.0033333e-2;
 * - paged_store_cycles 10: 6.25e-4 + 1e-3 < 3e-3: the bandwidth's 3e-3 stays; without the
 *   key, 3e-3.
 * triad's stores are a row: none paged. */
static void test_paged_stores(void)
{
    char *text = testutil_read_file(ECM_MACHINE);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    char *with = testutil_replace(text, "\"add_latency_cycles\": 4}",
                                  "\"add_latency_cycles\": 4, \"paged_store_cycles\": 100}");
    char *cheap = testutil_replace(text, "\"add_latency_cycles\": 4}",
                                   "\"add_latency_cycles\": 4, \"paged_store_cycles\": 10}");
    machine *m = load_machine(with), *m10 = load_machine(cheap), *none = load_machine(text);
    char *back = machine_to_json(m);
    CU_ASSERT_PTR_NOT_NULL(strstr(back, "\"paged_store_cycles\":\t100"));
    free(back);
    char *xml = read_validate_xml("transpose");
    lm_program *p;
    perf_result r;
    evaluate(xml, 1000, PERF_ROOFLINE, 1, m, &p, &r);
    const perf_level *memory = &r.nests[0].levels[3];
    CU_ASSERT_DOUBLE_EQUAL(memory->bytes, 2.4e7, 1e-3);
    CU_ASSERT_DOUBLE_EQUAL(memory->paged_bytes, 1.6e7, 1e-3);
    CU_ASSERT_DOUBLE_EQUAL(memory->paged_lines, 125000, 1e-6);
    CU_ASSERT_DOUBLE_EQUAL(memory->seconds, 7.25e-3, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(r.nests[0].runtime_s, 7.25e-3, 1e-12);
    release(&p, &r);
    evaluate(xml, 1000, PERF_ROOFLINE, 4, m, &p, &r);
    CU_ASSERT_DOUBLE_EQUAL(r.nests[0].levels[3].seconds, 2.4e7 / 18e9 / 3 + 1.5625e-3, 1e-12);
    release(&p, &r);
    evaluate(xml, 1000, PERF_ECM, 1, m, &p, &r);
    CU_ASSERT_DOUBLE_EQUAL(r.nests[0].levels[3].seconds, 6.85e-3, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(r.nests[0].ecm.single_core_s, 3.75e-4 + 2.4083333333e-3 + 4e-4 + 6.85e-3,
                           1e-12);
    release(&p, &r);
    const machine *unpaged[] = {m10, none};
    for (size_t k = 0; k < 2; k++) {
        evaluate(xml, 1000, PERF_ROOFLINE, 1, unpaged[k], &p, &r);
        CU_ASSERT_DOUBLE_EQUAL(r.nests[0].levels[3].seconds, 3e-3, 1e-12);
        release(&p, &r);
    }
    evaluate(triad_xml, 10000000, PERF_ROOFLINE, 1, m, &p, &r);
    CU_ASSERT_DOUBLE_EQUAL(r.nests[0].levels[3].paged_lines, 0, 0);
    release(&p, &r);
    free(xml);
    machine_free(&m);
    machine_free(&m10);
    machine_free(&none);
    free(with);
    free(cheap);
    free(text);
}

int main(void)
{
    static const testutil_case cases[] = {
        {"triad: levels, ECM, saturation, roofline", test_triad},
        {"triad in L2: the steady state", test_triad_in_l2},
        {"dot: a carried add chain", test_dot},
        {"2D 5-point stencil: layer conditions per level", test_stencil2d},
        {"of benchmarks as near, the one that writes as the nest does", test_tie},
        {"a missing measurement falls back, said once", test_fallback},
        {"ECM's transfer rates where the steps are not measured", test_transfer_rates},
        {"a parallel loop's barrier on more than one core", test_barrier},
        {"a barrier for each run of a worksharing loop the XML names",
         test_barrier_per_worksharing_loop},
        {"sequential code on one core unless -cores", test_sequential_on_one_core},
        {"independent chains overlap within the chain window", test_chain_window},
        {"loads one at a time: outer loops, gathers, chains with them, remainders, strides",
         test_scalar_accesses},
        {"an element the same through a loop is in a register", test_invariant_in_register},
        {"a stream counts by the elements it moves", test_streams_by_elements},
        {"stores a page apart at the machine's cost a line", test_paged_stores},
        {NULL, NULL},
    };
    static const testutil_suite suites[] = {{"ECM and the level roofline", cases}};
    return testutil_run(suites, 1);
}
