/* The measured roofline (issue 29, item 4): the table of a hand-made kernel,
 * machine and measurement against values worked out by hand, the SVG chart
 * parsed for its ceilings and points, perfmodel's and measuretool's bad input,
 * and a kernel instrumented, run and drawn end to end. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "bound_expr.h"
#include "exasat_xml.h"
#include "json_check.h"
#include "loop_model.h"
#include "machine.h"
#include "measured.h"
#include "perf.h"
#include "perf_plot.h"
#include "report.h"
#include "report_perf.h"
#include "report_roofline.h"
#include "strbuf.h"
#include "testutil.h"

static char *tmpdir;

/* Four functions: triad (line 5) and dot (line 12) stream arrays of n doubles;
 * scan's nest (line 20) has an inner loop bounded by m, which nothing binds and
 * the measurement leaves out, so the model cannot predict it; driver's loop
 * (line 40) calls dot, five times; init (line 30) is measured without time. */
static const char kernel_xml[] =
    "<?xml version=\"1.0\"?>\n<program>\n"
    "  <function name=\"triad\">\n"
    "    <loop linenum=\"5\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"n-1\" "
    "adds=\"1\" multiplies=\"1\" divides=\"0\" specials=\"0\">\n"
    "      <array name=\"a\" component=\"\" datatype=\"double\" elementbytes=\"8\" "
    "accesstype=\"writeonly\" ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" "
    "reads=\"0\" writes=\"1\"/></array>\n"
    "      <array name=\"b\" component=\"\" datatype=\"double\" elementbytes=\"8\" "
    "accesstype=\"readonly\" ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" "
    "reads=\"1\" writes=\"0\"/></array>\n"
    "      <array name=\"c\" component=\"\" datatype=\"double\" elementbytes=\"8\" "
    "accesstype=\"readonly\" ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" "
    "reads=\"1\" writes=\"0\"/></array>\n"
    "    </loop>\n  </function>\n"
    "  <function name=\"dot\">\n"
    "    <loop linenum=\"12\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"n-1\" "
    "adds=\"1\" multiplies=\"1\" divides=\"0\" specials=\"0\">\n"
    "      <array name=\"a\" component=\"\" datatype=\"double\" elementbytes=\"8\" "
    "accesstype=\"readonly\" ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" "
    "reads=\"1\" writes=\"0\"/></array>\n"
    "      <array name=\"b\" component=\"\" datatype=\"double\" elementbytes=\"8\" "
    "accesstype=\"readonly\" ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" "
    "reads=\"1\" writes=\"0\"/></array>\n"
    "    </loop>\n  </function>\n"
    "  <function name=\"scan\">\n"
    "    <loop linenum=\"20\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"9\" "
    "adds=\"1\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
    "      <array name=\"x\" component=\"\" datatype=\"double\" elementbytes=\"8\" "
    "accesstype=\"readonly\" ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" "
    "reads=\"1\" writes=\"0\"/></array>\n"
    "      <loop linenum=\"21\" loopvar=\"j\" stride=\"1\" lowerbound=\"0\" upperbound=\"m-1\" "
    "adds=\"1\" multiplies=\"0\" divides=\"0\" specials=\"0\"/>\n"
    "    </loop>\n  </function>\n"
    "  <function name=\"init\">\n"
    "    <loop linenum=\"30\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"n-1\" "
    "adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\"/>\n"
    "  </function>\n"
    "  <function name=\"driver\">\n"
    "    <loop linenum=\"40\" loopvar=\"r\" stride=\"1\" lowerbound=\"0\" upperbound=\"4\" "
    "adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
    "      <functioncall linenum=\"41\" name=\"dot\"/>\n"
    "    </loop>\n  </function>\n"
    "</program>\n";

/* One core, no benchmarks: the peak 10 GFLOP/s, memory 5 GB/s, L1 40 GB/s, an
 * L2 without a bandwidth. */
static const char machine_json[] =
    "{\"name\": \"hand\", \"peak_gflops\": 10, \"memory_bandwidth_gbs\": 5,\n"
    " \"write_allocate\": false, \"cores\": 1,\n"
    " \"caches\": [{\"level\": 1, \"size_bytes\": 32768, \"bandwidth_gbs\": 40},\n"
    "              {\"level\": 2, \"size_bytes\": 1048576}],\n"
    " \"flop_weights\": {\"add\": 1, \"multiply\": 1, \"divide\": 1, \"special\": 1}}\n";

#define MEASURED_LOOP(file, line, fn, entries, iters, plus, mul, loads, stores, time)          \
    "{\"file\": \"" file "\", \"line\": " #line ", \"column\": 5, \"function\": \"" fn "\", "  \
    "\"entries\": " #entries ", \"iterations\": " #iters ", \"fp_plus\": " #plus ", "           \
    "\"fp_minus\": 0, \"fp_multiply\": " #mul ", \"fp_divide\": 0, \"fp_special\": 0, "         \
    "\"load_bytes\": " #loads ", \"store_bytes\": " #stores time "}"

/* triad: 10 entries of 1000 iterations in 1e-4 s; dot: 5 of 1000 in 4e-5 s;
 * scan: its outer loop, 10 iterations in 6e-5 s; init: no time; driver: 5e-5 s. */
static const char measured_json[] =
    "{\"loops\": [\n"
    MEASURED_LOOP("k.c", 5, "triad", 10, 10000, 10000, 10000, 160000, 80000,
                  ", \"seconds\": 1e-4") ",\n"
    MEASURED_LOOP("k.c", 12, "dot", 5, 5000, 5000, 5000, 80000, 0, ", \"seconds\": 4e-5") ",\n"
    MEASURED_LOOP("k.c", 20, "scan", 1, 10, 10, 0, 80, 0, ", \"seconds\": 6e-5") ",\n"
    MEASURED_LOOP("k.c", 30, "init", 1, 1000, 0, 0, 0, 8000, "") ",\n"
    MEASURED_LOOP("k.c", 40, "driver", 1, 5, 0, 0, 0, 0, ", \"seconds\": 5e-5") "\n"
    "]}\n";

static char *tmp_path(const char *name)
{
    return testutil_path(tmpdir, name);
}

static void write_tmp(const char *name, const char *text)
{
    char *path = tmp_path(name);
    CU_ASSERT_FATAL(testutil_write_file(path, text));
    free(path);
}

/* The kernel, machine and measurement read, predicted and joined. */
typedef struct fixture {
    lm_program *p;
    machine *m;
    measured_set *ms;
    bexpr_bindings *b;
    perf_result r;
    report_roofline rr;
} fixture;

static void fixture_setup_with(fixture *f, size_t top, const char *kernel, const char *measured)
{
    memset(f, 0, sizeof *f);
    write_tmp("k.xml", kernel);
    write_tmp("m.json", measured);
    char *xml = tmp_path("k.xml"), *mpath = tmp_path("m.json");
    f->p = lm_program_create();
    CU_ASSERT_FATAL(xml_read_file(f->p, xml));
    lm_program_finish(f->p);
    f->m = machine_parse("hand.json", machine_json);
    CU_ASSERT_PTR_NOT_NULL_FATAL(f->m);
    f->ms = measured_read_lines(f->p, mpath);
    CU_ASSERT_PTR_NOT_NULL_FATAL(f->ms);
    f->b = bexpr_bindings_create();
    bexpr_bindings_set(f->b, "n", 1000);
    perf_options opt = {.bindings = f->b, .measured = measured_counts_of, .measured_ctx = f->ms,
                        .say = PERF_UNPREDICTED_QUIET};
    CU_ASSERT_FATAL(perf_evaluate(f->p, f->m, &opt, &f->r));
    CU_ASSERT_FATAL(report_roofline_build(&f->rr, f->p, &f->r, f->m, f->ms, mpath, top));
    free(xml);
    free(mpath);
}

static void fixture_setup(fixture *f, size_t top)
{
    fixture_setup_with(f, top, kernel_xml, measured_json);
}

static void fixture_release(fixture *f)
{
    report_roofline_release(&f->rr);
    perf_result_release(&f->r);
    bexpr_bindings_free(&f->b);
    measured_free(&f->ms);
    machine_free(&f->m);
    lm_program_free(&f->p);
}

static void expect_row(const report_roofline_row *row, const char *function, double seconds,
                       double share, double gflops, double gbs, double ai, double bound,
                       double fraction)
{
    CU_ASSERT_STRING_EQUAL(row->nest->top->function->name, function);
    CU_ASSERT_DOUBLE_EQUAL(row->seconds, seconds, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(row->share, share, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(row->gflops, gflops, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(row->gbs, gbs, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(row->ai, ai, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(row->bound_gflops, bound, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(row->fraction, fraction, 1e-9);
}

/* The run's time is triad's, scan's and driver's (dot runs inside driver's loop):
 * 2.1e-4 s.  triad: 2e4 flops and 2.4e5 bytes in 1e-4 s, 0.2 GFLOP/s, 2.4 GB/s,
 * AI 1/12, bound min(10, 5/12), predicted 2.4e5 B / 5 GB/s = 4.8e-5 s. */
static void test_table_values(void)
{
    fixture f;
    fixture_setup(&f, 10);
    CU_ASSERT_EQUAL(f.rr.ntimed, 4);
    CU_ASSERT_EQUAL_FATAL(f.rr.nrows, 4);
    CU_ASSERT_DOUBLE_EQUAL(f.rr.total_s, 2.1e-4, 1e-15);
    const report_roofline_row *rows = f.rr.rows;
    expect_row(&rows[0], "triad", 1e-4, 1e-4 / 2.1e-4, 0.2, 2.4, 1.0 / 12, 5.0 / 12, 0.48);
    CU_ASSERT(rows[0].predicted);
    CU_ASSERT_STRING_EQUAL(rows[0].roof, "memory");
    CU_ASSERT_DOUBLE_EQUAL(rows[0].predicted_s, 4.8e-5, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(rows[0].predicted_gflops, 2e4 / 4.8e-5 / 1e9, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(rows[0].predicted_ai, 1.0 / 12, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(rows[0].error, -0.52, 1e-9);
    /* scan: its outer loop's 10 flops and 80 bytes in 6e-5 s; unpredicted. */
    expect_row(&rows[1], "scan", 6e-5, 6e-5 / 2.1e-4, 10 / 6e-5 / 1e9, 80 / 6e-5 / 1e9, 0.125,
               0.625, 10 / 6e-5 / 1e9 / 0.625);
    CU_ASSERT_FALSE(rows[1].predicted);
    CU_ASSERT_DOUBLE_EQUAL(rows[1].predicted_s, 0, 0);
    /* driver: no work of its own, so no bytes: the peak bounds it. */
    expect_row(&rows[2], "driver", 5e-5, 5e-5 / 2.1e-4, 0, 0, 0, 10, 0);
    CU_ASSERT(rows[2].predicted);
    /* dot: 1e4 flops, 8e4 bytes in 4e-5 s; predicted 8e4 / 5e9 = 1.6e-5 s. */
    expect_row(&rows[3], "dot", 4e-5, 4e-5 / 2.1e-4, 0.25, 2.0, 0.125, 0.625, 0.4);
    CU_ASSERT_DOUBLE_EQUAL(rows[3].predicted_s, 1.6e-5, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(rows[3].error, -0.6, 1e-9);
    fixture_release(&f);

    fixture_setup(&f, 2);
    CU_ASSERT_EQUAL(f.rr.ntimed, 4);
    CU_ASSERT_EQUAL(f.rr.nrows, 2);
    fixture_release(&f);
}

/* y[i] += A[i][j] * x[j], 100 x 100: the predicted point's intensity is over the loads and
 * stores the nest runs, as the measured one's: 1e4 inner iterations of A and x (16 B) and
 * 100 outer of y read and written (16 B), 161600 B for 2e4 flops; not over the memory
 * traffic, where x (800 B) comes once: A 80000 + x 800 + y 800 = 81600 B. */
static const char matvec_xml[] =
    "<?xml version=\"1.0\"?>\n<program>\n"
    "  <function name=\"mv\">\n"
    "    <loop linenum=\"5\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"99\" "
    "adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
    "      <array name=\"y\" component=\"\" datatype=\"double\" elementbytes=\"8\" "
    "accesstype=\"readwrite\" ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" "
    "reads=\"1\" writes=\"1\"/></array>\n"
    "      <loop linenum=\"6\" loopvar=\"j\" stride=\"1\" lowerbound=\"0\" upperbound=\"99\" "
    "adds=\"1\" multiplies=\"1\" divides=\"0\" specials=\"0\">\n"
    "        <array name=\"A\" component=\"\" datatype=\"double\" elementbytes=\"8\" "
    "accesstype=\"readonly\" ghost=\"((0,0),(0,0))\"><access index=\"(0,0)\" "
    "isRelative=\"true\" reads=\"1\" writes=\"0\"/></array>\n"
    "        <array name=\"x\" component=\"\" datatype=\"double\" elementbytes=\"8\" "
    "accesstype=\"readonly\" ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"false\" "
    "reads=\"1\" writes=\"0\"/></array>\n"
    "      </loop>\n"
    "    </loop>\n  </function>\n"
    "</program>\n";

static const char matvec_measured[] =
    "{\"loops\": [\n"
    MEASURED_LOOP("k.c", 5, "mv", 1, 100, 0, 0, 800, 800, ", \"seconds\": 1e-5") ",\n"
    MEASURED_LOOP("k.c", 6, "mv", 100, 10000, 10000, 10000, 160000, 0, "") "\n"
    "]}\n";

static void test_predicted_point_axis(void)
{
    fixture f;
    fixture_setup_with(&f, 10, matvec_xml, matvec_measured);
    CU_ASSERT_EQUAL_FATAL(f.rr.nrows, 1);
    const report_roofline_row *row = &f.rr.rows[0];
    CU_ASSERT_DOUBLE_EQUAL(row->ai, 2e4 / 161600, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(row->predicted_ai, 2e4 / 161600, 1e-12);
    /* the model's traffic is less: x is reused from the cache */
    CU_ASSERT(row->nest->bytes < 161600 * 0.75);
    fixture_release(&f);
}

/* The text table and the JSON array say the same numbers. */
static void test_text_and_json(void)
{
    fixture f;
    fixture_setup(&f, 10);
    FILE *out = tmpfile();
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    report_roofline_text(out, &f.rr);
    char *text = testutil_read_stream(out);
    fclose(out);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\nmeasured roofline: the 4 of 4 timed nests of largest "
                                        "measured time (0.00021 s in all)\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "     1  47.62%       0.0001        0.2        2.4    "
                                        "0.08333 memory      0.4167   48.00%      4.8e-05   "
                                        "-52.0%  triad at k.xml:5\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, " unpredicted        -  scan at k.xml:20\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "   -60.0%  dot at k.xml:12\n"));
    free(text);

    char *json = report_roofline_json_text(&f.rr);
    cJSON *a = cJSON_Parse(json);
    CU_ASSERT_EQUAL_FATAL(cJSON_GetArraySize(a), 4);
    cJSON *triad = cJSON_GetArrayItem(a, 0), *scan = cJSON_GetArrayItem(a, 1);
    CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItem(triad, "function")->valuestring, "triad");
    CU_ASSERT_EQUAL(cJSON_GetObjectItem(triad, "line")->valueint, 5);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(triad, "share")->valuedouble, 1e-4 / 2.1e-4, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(triad, "gflops")->valuedouble, 0.2, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(triad, "fraction_of_bound")->valuedouble, 0.48,
                           1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(triad, "error")->valuedouble, -0.52, 1e-12);
    CU_ASSERT(cJSON_IsTrue(cJSON_GetObjectItem(triad, "predicted")));
    CU_ASSERT(cJSON_IsFalse(cJSON_GetObjectItem(scan, "predicted")));
    CU_ASSERT_PTR_NULL(cJSON_GetObjectItem(scan, "error"));
    CU_ASSERT_PTR_NULL(cJSON_GetObjectItem(scan, "predicted_s"));
    cJSON_Delete(a);
    free(json);

    /* measuretool's JSON report carries the array, within its schema. */
    report_joins j = {f.ms, &f.r, f.m->name, NULL, 10, &f.rr};
    char *report = report_json_render(f.p, &j);
    CU_ASSERT_EQUAL(json_check("report.json", report, &report_json_schema), 0);
    cJSON *root = cJSON_Parse(report);
    CU_ASSERT_EQUAL(cJSON_GetArraySize(cJSON_GetObjectItem(root, "measured_roofline")), 4);
    cJSON_Delete(root);
    free(report);
    fixture_release(&f);
}

/* The SVG's plot groups, each `<g id="gnuplot_plot_N" ><title>TITLE</title>`: their
 * titles, and the points (`<use`) of each, the key's sample included. */
typedef struct svg_group {
    char title[128];
    int points;
    char labels[512]; /* the texts of the group's <text> elements, one a line */
} svg_group;

/* The characters of a <text> element up to its end, its tags (<tspan>) left out, and a
 * newline, to labels if they fit. */
static void svg_append_text(char *labels, size_t size, const char *text)
{
    const char *end = strstr(text, "</text>");
    size_t len = strlen(labels);
    bool in_tag = false;
    for (const char *c = text; end && c < end && len + 2 < size; c++) {
        if (*c == '<' || *c == '>')
            in_tag = *c == '<';
        else if (!in_tag)
            labels[len++] = *c;
    }
    labels[len++] = '\n';
    labels[len] = '\0';
}

static int svg_groups(const char *svg, svg_group *out, int max)
{
    int n = 0;
    const char *at = svg;
    while (n < max && (at = strstr(at, "<g id=\"gnuplot_plot_")) != NULL) {
        svg_group *g = &out[n++];
        memset(g, 0, sizeof *g);
        const char *t = strstr(at, "<title>"), *te = t ? strstr(t, "</title>") : NULL;
        if (t && te && te - t - 7 < (long)sizeof g->title)
            memcpy(g->title, t + 7, (size_t)(te - t - 7));
        const char *end = strstr(at + 1, "<g id=\"gnuplot_plot_");
        if (!end)
            end = at + strlen(at);
        for (const char *u = at; (u = strstr(u, "<use")) != NULL && u < end; u++)
            g->points++;
        for (const char *s = at; (s = strstr(s, "<text>")) != NULL && s < end; s++)
            svg_append_text(g->labels, sizeof g->labels, s + 6);
        at++;
    }
    return n;
}

static const svg_group *svg_find(const svg_group *g, int n, const char *title)
{
    for (int i = 0; i < n; i++)
        if (strstr(g[i].title, title) == g[i].title)
            return &g[i];
    return NULL;
}

/* The chart: the peak and the L1 and memory ceilings with their rates (L2 has no
 * bandwidth), three measured points (driver has no flops: no place on log axes)
 * labeled file:line, two predicted (scan is unpredicted). */
static void test_svg(void)
{
    fixture f;
    fixture_setup(&f, 10);
    char *svg_path = tmp_path("roof.svg");
    CU_ASSERT_FATAL(perf_plot_roofline_measured(svg_path, f.m, &f.rr));
    char *svg = testutil_read_file(svg_path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(svg);
    svg_group g[16];
    int n = svg_groups(svg, g, 16);
    CU_ASSERT_EQUAL(n, 7);
    CU_ASSERT_PTR_NOT_NULL(svg_find(g, n, "peak 10 GFLOP/s"));
    CU_ASSERT_PTR_NOT_NULL(svg_find(g, n, "L1 40 GB/s"));
    CU_ASSERT_PTR_NOT_NULL(svg_find(g, n, "memory 5 GB/s"));
    CU_ASSERT_PTR_NULL(svg_find(g, n, "L2"));
    const svg_group *measured = svg_find(g, n, "measured: the 4 nests of largest time");
    const svg_group *predicted = svg_find(g, n, "predicted by the model");
    CU_ASSERT_PTR_NOT_NULL_FATAL(measured);
    CU_ASSERT_PTR_NOT_NULL_FATAL(predicted);
    CU_ASSERT_EQUAL(measured->points, 3 + 1);
    CU_ASSERT_EQUAL(predicted->points, 2 + 1);
    /* The labels are the last group's texts (the chart's title follows them). */
    const char *labels = "k.xml:5\nk.xml:20\nk.xml:12\nMeasured roofline: hand\n";
    CU_ASSERT_STRING_EQUAL(g[n - 1].labels, labels);
    free(svg);

    /* Only driver's nest, which has no place on the axes: the ceilings alone. */
    report_roofline driver_only = f.rr;
    driver_only.rows = &f.rr.rows[2];
    driver_only.nrows = 1;
    CU_ASSERT_FATAL(perf_plot_roofline_measured(svg_path, f.m, &driver_only));
    svg = testutil_read_file(svg_path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(svg);
    n = svg_groups(svg, g, 16);
    CU_ASSERT_EQUAL(n, 3);
    CU_ASSERT_PTR_NULL(svg_find(g, n, "measured"));
    free(svg);
    free(svg_path);
    fixture_release(&f);
}

/* perfmodel's join: two loops on one line of a function take the entries of that
 * line in column order, whatever the file's order; an entry of no loop is warned. */
static void test_join_by_line(void)
{
    write_tmp("two.xml",
              "<?xml version=\"1.0\"?>\n<program><function name=\"f\">\n"
              "<loop linenum=\"7\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" "
              "upperbound=\"9\" adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\"/>\n"
              "<loop linenum=\"7\" loopvar=\"j\" stride=\"1\" lowerbound=\"0\" "
              "upperbound=\"9\" adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\"/>\n"
              "</function></program>\n");
    write_tmp("two.json",
              "{\"loops\": ["
              "{\"file\": \"t.c\", \"line\": 7, \"column\": 30, \"function\": \"f\", "
              "\"entries\": 2, \"iterations\": 20, \"fp_plus\": 0, \"fp_minus\": 0, "
              "\"fp_multiply\": 0, \"fp_divide\": 0, \"fp_special\": 0, \"load_bytes\": 0, "
              "\"store_bytes\": 0},\n"
              "{\"file\": \"t.c\", \"line\": 7, \"column\": 5, \"function\": \"f\", "
              "\"entries\": 1, \"iterations\": 10, \"fp_plus\": 0, \"fp_minus\": 0, "
              "\"fp_multiply\": 0, \"fp_divide\": 0, \"fp_special\": 0, \"load_bytes\": 0, "
              "\"store_bytes\": 0},\n"
              "{\"file\": \"t.c\", \"line\": 8, \"column\": 5, \"function\": \"f\", "
              "\"entries\": 3, \"iterations\": 30, \"fp_plus\": 0, \"fp_minus\": 0, "
              "\"fp_multiply\": 0, \"fp_divide\": 0, \"fp_special\": 0, \"load_bytes\": 0, "
              "\"store_bytes\": 0}]}\n");
    char *xml = tmp_path("two.xml"), *json = tmp_path("two.json");
    lm_program *p = lm_program_create();
    CU_ASSERT_FATAL(xml_read_file(p, xml));
    lm_program_finish(p);
    measured_set *ms = measured_read_lines(p, json);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ms);
    const lm_loop *first = p->files->functions->loops, *second = first->next;
    CU_ASSERT_PTR_NOT_NULL_FATAL(second);
    CU_ASSERT_EQUAL(measured_of(ms, first)->entries, 1);
    CU_ASSERT_EQUAL(measured_of(ms, second)->entries, 2);
    measured_free(&ms);
    lm_program_free(&p);
    free(xml);
    free(json);
}

/* The ceilings without and with benchmarks: a level's fastest kernel on the most
 * cores measured; memory falls back to memory_bandwidth_gbs when not measured. */
static void test_ceilings(void)
{
    machine *m = machine_parse("hand.json", machine_json);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    report_roofline_ceiling c[PERF_MAX_LEVELS];
    CU_ASSERT_EQUAL_FATAL(report_roofline_ceilings(m, c), 2);
    CU_ASSERT_STRING_EQUAL(c[0].name, "L1");
    CU_ASSERT_DOUBLE_EQUAL(c[0].gbs, 40, 0);
    CU_ASSERT_STRING_EQUAL(c[1].name, "memory");
    CU_ASSERT_DOUBLE_EQUAL(c[1].gbs, 5, 0);
    machine_bandwidth rows[] = {{MACHINE_LOAD1, 1, 1, 60}, {MACHINE_LOAD1, 1, 2, 110},
                                {MACHINE_TRIAD, 1, 2, 90}, {MACHINE_COPY, 2, 1, 30}};
    m->benchmarks.present = true;
    m->benchmarks.bandwidths = rows;
    m->benchmarks.nbandwidths = 4;
    CU_ASSERT_EQUAL_FATAL(report_roofline_ceilings(m, c), 3);
    CU_ASSERT_DOUBLE_EQUAL(c[0].gbs, 110, 0);
    CU_ASSERT_STRING_EQUAL(c[1].name, "L2");
    CU_ASSERT_DOUBLE_EQUAL(c[1].gbs, 30, 0);
    CU_ASSERT_DOUBLE_EQUAL(c[2].gbs, 5, 0);
    m->benchmarks.bandwidths = NULL;
    m->benchmarks.nbandwidths = 0;
    machine_free(&m);
}

/* ---- the programs ---- */

static testutil_proc run(const char *program, const char *const *args)
{
    return testutil_exec_program(tmpdir, program, args);
}

static bool tmp_exists(const char *name)
{
    char *path = tmp_path(name);
    FILE *f = fopen(path, "r");
    free(path);
    if (f)
        fclose(f);
    return f != NULL;
}

static void write_machine(void)
{
    write_tmp("hand.json", machine_json);
}

/* perfmodel -measured: the table in the text, the JSON and the chart. */
static void test_perfmodel_measured(void)
{
    write_tmp("k.xml", kernel_xml);
    write_tmp("m.json", measured_json);
    write_machine();
    const char *args[] = {"-machine", "hand.json", "-D", "n=1000", "-measured", "m.json",
                          "-json", "p.json", "-plot", "p.svg", "k.xml", NULL};
    testutil_proc r = run(AITOOL_PERFMODEL, args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "measured roofline: the 4 of 4 timed nests"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "-52.0%  triad at k.xml:5\n"));
    testutil_proc_release(&r);
    char *path = tmp_path("p.json");
    char *text = testutil_read_file(path);
    free(path);
    cJSON *root = cJSON_Parse(text);
    cJSON *rows = cJSON_GetObjectItem(root, "measured_roofline");
    CU_ASSERT_EQUAL_FATAL(cJSON_GetArraySize(rows), 4);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(cJSON_GetArrayItem(rows, 3), "error")->valuedouble,
                           -0.6, 1e-12);
    cJSON_Delete(root);
    free(text);
    CU_ASSERT(tmp_exists("p.svg"));
}

/* Bad input: nothing is written, the exit status is 1 with a message that says
 * what is wrong, or (no times) a warning and the predictions only. */
static void test_perfmodel_bad_measurement(void)
{
    write_tmp("k.xml", kernel_xml);
    write_machine();
    write_tmp("broken.json", "{\"loops\": [\n  {\"file\": \"k.c\", \"line\": }\n]}\n");
    write_tmp("other.json", "{\"loops\": [" MEASURED_LOOP("o.c", 99, "other", 1, 1, 1, 0, 8, 0,
                                                            ", \"seconds\": 1e-3") "]}\n");
    write_tmp("untimed.json", "{\"loops\": [" MEASURED_LOOP("k.c", 5, "triad", 10, 10000, 10000,
                                                              10000, 160000, 80000, "") "]}\n");
    static const struct {
        const char *measured, *err;
        int status;
    } cases[] = {
        {"broken.json", "broken.json:2:27: error: the measurement is not valid JSON", 1},
        {"missing.json", "missing.json:1:1: error: cannot open the measurement", 1},
        {"other.json", "perfmodel: error: the measurement 'other.json' has none of the loops "
                       "analyzed: it is of another program or build", 1},
        {"untimed.json", "perfmodel: warning: -plot: the measurement 'untimed.json' has no loop "
                         "times (it was written before loops were timed): the chart is the "
                         "predicted roofline\n",
         0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *args[] = {"-machine", "hand.json", "-D", "n=1000", "-measured",
                              cases[i].measured, "-json", "out.json", "-plot", "out.svg",
                              "k.xml", NULL};
        testutil_proc r = run(AITOOL_PERFMODEL, args);
        CU_ASSERT_EQUAL(r.status, cases[i].status);
        if (!strstr(r.err, cases[i].err))
            fprintf(stderr, "case %zu: %s\n", i, r.err);
        CU_ASSERT_PTR_NOT_NULL(strstr(r.err, cases[i].err));
        CU_ASSERT_PTR_NULL(strstr(r.out, "measured roofline: the"));
        CU_ASSERT_EQUAL(strstr(r.out, "\nmeasured roofline: left out, the measurement "
                                      "'untimed.json' has no loop times") != NULL,
                        cases[i].status == 0);
        CU_ASSERT_EQUAL(tmp_exists("out.json"), cases[i].status == 0);
        CU_ASSERT_EQUAL(tmp_exists("out.svg"), cases[i].status == 0);
        if (cases[i].status == 0) {
            char *path = tmp_path("out.json");
            char *text = testutil_read_file(path);
            CU_ASSERT_PTR_NULL(strstr(text, "measured_roofline"));
            free(text);
            remove(path);
            free(path);
            path = tmp_path("out.svg");
            text = testutil_read_file(path);
            CU_ASSERT_PTR_NOT_NULL(strstr(text, "Roofline: hand"));
            free(text);
            remove(path);
            free(path);
        }
        testutil_proc_release(&r);
    }
    /* -plot and -json never write over the measurement. */
    const char *over[] = {"-machine", "hand.json", "-D", "n=1000", "-measured", "untimed.json",
                          "-json", "untimed.json", "k.xml", NULL};
    testutil_proc r = run(AITOOL_PERFMODEL, over);
    CU_ASSERT_EQUAL(r.status, 2);
    testutil_proc_release(&r);
    const char *sweep[] = {"-machine", "hand.json", "-sweep", "n=1:3", "-measured",
                           "untimed.json", "k.xml", NULL};
    r = run(AITOOL_PERFMODEL, sweep);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_STRING_EQUAL(r.err, "perfmodel: error: -sweep varies the model's parameters; "
                                  "-measured is for one evaluation\n");
    testutil_proc_release(&r);
}

/* measuretool -plot goes with -machine and draws .png or .svg only; a measurement of
 * another program writes nothing. */
static void test_measuretool_plot_usage(void)
{
    write_tmp("u.c", "void f(double *a, int n) { for (int i = 0; i < n; i++) a[i] += 1.0; }\n");
    write_machine();
    const char *no_machine[] = {"-static-counting-only", "-plot", "r.svg", "u.c", NULL};
    testutil_proc r = run(AITOOL_MEASURETOOL, no_machine);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "-plot draws -machine's predictions: give it with "
                                         "-machine"));
    testutil_proc_release(&r);
    const char *bad_format[] = {"-static-counting-only", "-machine", "hand.json", "-plot",
                                "r.pdf", "u.c", NULL};
    r = run(AITOOL_MEASURETOOL, bad_format);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "'r.pdf': the plot is written as .png or .svg"));
    testutil_proc_release(&r);
    CU_ASSERT_FALSE(tmp_exists("r.pdf"));
    /* A measurement of another program: an error, and no report, JSON or chart. */
    write_tmp("o.json", "{\"loops\": [" MEASURED_LOOP("o.c", 9, "g", 1, 1, 1, 0, 8, 0,
                                                       ", \"seconds\": 1e-3") "]}\n");
    const char *other[] = {"-static-counting-only", "-machine", "hand.json", "-measured",
                           "o.json", "-plot", "o.svg", "-json", "o_r.json", "-report-file",
                           "o.txt", "u.c", NULL};
    r = run(AITOOL_MEASURETOOL, other);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "o.c:9:5: warning: the measurement in 'o.json' has a "
                                         "loop here that the analyzed files do not\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "measuretool: error: the measurement 'o.json' has none "
                                         "of the loops analyzed"));
    testutil_proc_release(&r);
    CU_ASSERT_FALSE(tmp_exists("o.svg"));
    CU_ASSERT_FALSE(tmp_exists("o_r.json"));
    CU_ASSERT_FALSE(tmp_exists("o.txt"));
}

/* A kernel instrumented, compiled, run with nest timing and drawn: the measured
 * roofline of measuretool has the exact counts of the run (triad: 3 entries of 1000
 * iterations, 2 flops and 24 bytes each; sum: 4 entries of 1000, 1 flop and 8 bytes;
 * main's loop stores 16 bytes 1000 times),
 * rates that are those counts over the measured seconds, and a chart with both. */
static const char e2e_kernel[] =
    "#include <stdio.h>\n"                                 /* 1 */
    "static double a[1000], b[1000], c[1000];\n"           /* 2 */
    "static void triad(double s)\n"                        /* 3 */
    "{\n"                                                  /* 4 */
    "    for (int i = 0; i < 1000; i++)\n"                 /* 5 */
    "        a[i] = b[i] + s * c[i];\n"                    /* 6 */
    "}\n"                                                  /* 7 */
    "static double sum(void)\n"                            /* 8 */
    "{\n"                                                  /* 9 */
    "    double t = 0;\n"                                  /* 10 */
    "    for (int i = 0; i < 1000; i++)\n"                 /* 11 */
    "        t += a[i];\n"                                 /* 12 */
    "    return t;\n"                                      /* 13 */
    "}\n"                                                  /* 14 */
    "int main(void)\n"                                     /* 15 */
    "{\n"                                                  /* 16 */
    "    for (int i = 0; i < 1000; i++) {\n"               /* 17 */
    "        b[i] = 1.0;\n"                                /* 18 */
    "        c[i] = 2.0;\n"                                /* 19 */
    "    }\n"                                              /* 20 */
    "    double t = 0;\n"                                  /* 21 */
    "    triad(1.0);\n"                                    /* 22 */
    "    triad(2.0);\n"                                    /* 23 */
    "    triad(3.0);\n"                                    /* 24 */
    "    t += sum() + sum() + sum() + sum();\n"            /* 25 */
    "    printf(\"%g\\n\", t);\n"                          /* 26 */
    "    return 0;\n"                                      /* 27 */
    "}\n";

static const cJSON *row_of(const cJSON *rows, const char *function)
{
    for (const cJSON *r = rows ? rows->child : NULL; r; r = r->next)
        if (!strcmp(cJSON_GetObjectItem(r, "function")->valuestring, function))
            return r;
    return NULL;
}

static void expect_measured_row(const cJSON *row, double flops, double bytes)
{
    CU_ASSERT_PTR_NOT_NULL_FATAL(row);
    double seconds = cJSON_GetObjectItem(row, "seconds")->valuedouble;
    CU_ASSERT(seconds > 0);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(row, "flops")->valuedouble, flops, 0);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(row, "bytes")->valuedouble, bytes, 0);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(row, "ai")->valuedouble, flops / bytes, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(row, "gflops")->valuedouble,
                           flops / seconds / 1e9, 1e-9 * flops / seconds / 1e9);
    double bound = fmin(10, flops / bytes * 5);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(row, "bound_gflops")->valuedouble, bound, 1e-12);
    double predicted = cJSON_GetObjectItem(row, "predicted_s")->valuedouble;
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(row, "error")->valuedouble,
                           (predicted - seconds) / seconds, 1e-9);
}

static void test_end_to_end(void)
{
    write_tmp("e2e.c", e2e_kernel);
    write_machine();
    const char *instrument[] = {"-auto-instrument", "e2e.c", NULL};
    testutil_proc r = run(AITOOL_MEASURETOOL, instrument);
    CU_ASSERT_EQUAL_FATAL(r.status, 0);
    testutil_proc_release(&r);
    const char *cc[] = {"cc", "-O2", "ai_e2e.c", "-o", "e2e", "-lm", NULL};
    r = testutil_exec(tmpdir, cc);
    CU_ASSERT_EQUAL_FATAL(r.status, 0);
    testutil_proc_release(&r);
    setenv("AITOOL_MEASURED", "e2e.json", 1);
    char *exe = tmp_path("e2e");
    const char *prog[] = {exe, NULL};
    r = testutil_exec(tmpdir, prog);
    unsetenv("AITOOL_MEASURED");
    free(exe);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "28000\n"); /* a[i] = 1 + 3 * 2, summed 4 times */
    testutil_proc_release(&r);

    const char *draw[] = {"-static-counting-only", "-machine", "hand.json", "-measured",
                          "e2e.json", "-plot", "e2e.svg", "-json", "e2e_r.json",
                          "-report-file", "e2e.txt", "e2e.c", NULL};
    r = run(AITOOL_MEASURETOOL, draw);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *path = tmp_path("e2e_r.json");
    char *text = testutil_read_file(path);
    free(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_EQUAL(json_check("e2e_r.json", text, &report_json_schema), 0);
    cJSON *root = cJSON_Parse(text);
    const cJSON *rows = cJSON_GetObjectItem(root, "measured_roofline");
    CU_ASSERT_EQUAL(cJSON_GetArraySize(rows), 3);
    expect_measured_row(row_of(rows, "triad"), 3 * 1000 * 2, 3 * 1000 * 24);
    expect_measured_row(row_of(rows, "sum"), 4 * 1000 * 1, 4 * 1000 * 8);
    double shares = 0;
    for (const cJSON *row = rows ? rows->child : NULL; row; row = row->next)
        shares += cJSON_GetObjectItem(row, "share")->valuedouble;
    CU_ASSERT_DOUBLE_EQUAL(shares, 1, 1e-12);
    cJSON_Delete(root);
    free(text);

    path = tmp_path("e2e.txt");
    text = testutil_read_file(path);
    free(path);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "measured roofline: the 3 of 3 timed nests"));
    free(text);

    path = tmp_path("e2e.svg");
    char *svg = testutil_read_file(path);
    free(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(svg);
    svg_group g[16];
    int n = svg_groups(svg, g, 16);
    CU_ASSERT_PTR_NOT_NULL(svg_find(g, n, "peak 10 GFLOP/s"));
    CU_ASSERT_PTR_NOT_NULL(svg_find(g, n, "L1 40 GB/s"));
    CU_ASSERT_PTR_NOT_NULL(svg_find(g, n, "memory 5 GB/s"));
    /* main's nest stores without flops: no place on the log axes. */
    const svg_group *measured = svg_find(g, n, "measured: the 3 nests");
    CU_ASSERT_PTR_NOT_NULL_FATAL(measured);
    CU_ASSERT_EQUAL(measured->points, 2 + 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(g[n - 1].labels, "e2e.c:5\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(g[n - 1].labels, "e2e.c:11\n"));
    free(svg);

    /* The source changed since the run: the measurement is of another build. */
    char *changed = testutil_replace(e2e_kernel, "t += a[i];", "t += 2 * a[i];");
    write_tmp("e2e.c", changed);
    free(changed);
    const char *stale[] = {"-static-counting-only", "-machine", "hand.json", "-measured",
                           "e2e.json", "-plot", "stale.svg", "e2e.c", NULL};
    r = run(AITOOL_MEASURETOOL, stale);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "e2e.json:1:1: error: the measurement is of another "
                                         "build"));
    testutil_proc_release(&r);
    CU_ASSERT_FALSE(tmp_exists("stale.svg"));
}

static int suite_init(void)
{
    tmpdir = testutil_make_tempdir();
    return tmpdir ? 0 : 1;
}

int main(void)
{
    if (suite_init())
        return 1;
    static const testutil_case table_cases[] = {
        {"values by hand", test_table_values},
        {"the predicted point on the measured axis", test_predicted_point_axis},
        {"text and JSON", test_text_and_json},
        {"the SVG parsed", test_svg},
        {"ceilings", test_ceilings},
        {"joined by function and line", test_join_by_line},
        {NULL, NULL},
    };
    static const testutil_case cli_cases[] = {
        {"perfmodel -measured", test_perfmodel_measured},
        {"perfmodel bad measurement", test_perfmodel_bad_measurement},
        {"measuretool -plot usage", test_measuretool_plot_usage},
        {"instrumented, run, drawn", test_end_to_end},
        {NULL, NULL},
    };
    static const testutil_suite suites[] = {
        {"measured roofline", table_cases},
        {"programs", cli_cases},
    };
    int status = testutil_run(suites, 2);
    testutil_remove_tree(tmpdir);
    free(tmpdir);
    return status;
}
