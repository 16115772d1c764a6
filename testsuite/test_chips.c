/* The CHIP3S interpreter (chips/) against times worked out by hand: each
 * statement, vector type, link, option and device, the costs derived from
 * a machine file, the outputs of the command line, each error at its
 * file:line:col, the seed's memsort, and mutated inputs that must not crash. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "chips.h"
#include "diag.h"
#include "machine.h"
#include "strbuf.h"
#include "testutil.h"

/* Costs that make sums easy to check by hand: flop add 1, sub 2, ... other
 * 9; mem load 10, store 20; hllc FOR 1 ... CALL 10; icc unit 0.5; LogGP
 * L 5, o 1, g 4, G 0.5; 4 processors. */
static chips_hardware test_hw(void)
{
    chips_hardware hw;
    memset(&hw, 0, sizeof hw);
    hw.name = "test";
    hw.nproc = 4;
    for (int i = 0; i < MACHINE_CHIPS_NFLOP; i++)
        hw.flop[i] = i + 1;
    hw.mem[0] = 10;
    hw.mem[1] = 20;
    for (int i = 0; i < MACHINE_CHIPS_NHLLC; i++) {
        hw.hllc[i] = i + 1;
        hw.has_hllc[i] = true;
    }
    hw.icc_unit = 0.5;
    hw.has_icc = true;
    hw.L = 5;
    hw.o = 1;
    hw.g = 4;
    hw.G = 0.5;
    hw.has_inpcom = true;
    hw.disk_seek = 0.004;
    hw.disk_byte = 1e-8;
    hw.has_disk = true;
    return hw;
}

/* A file to write: name (in the temporary directory) and text. */
typedef struct test_file {
    const char *name, *text;
} test_file;

typedef struct test_outcome {
    bool loaded, ran, has_time;
    double time;
    char *messages; /* what diag printed; free() it */
} test_outcome;

/* Writes the files (the first is the application), loads it and
 * evaluates one point with the settings given as NAME=VALUE. */
static test_outcome run_files(const test_file *files, size_t n, const chips_hardware *hw,
                              const char *const *defines, size_t ndefines)
{
    test_outcome out = {0};
    char *dir = testutil_make_tempdir();
    CU_ASSERT_PTR_NOT_NULL_FATAL(dir);
    for (size_t i = 0; i < n; i++) {
        char *path = testutil_path(dir, files[i].name);
        CU_ASSERT_TRUE(testutil_write_file(path, files[i].text));
        free(path);
    }
    FILE *log = tmpfile();
    diag_set_stream(log);
    char *app = testutil_path(dir, files[0].name);
    chips_program *p = chips_load(app, NULL, 0, NULL, 0);
    out.loaded = p != NULL;
    if (p) {
        chips_setting settings[8];
        for (size_t i = 0; i < ndefines && i < 8; i++) {
            char name[64];
            const char *eq = strchr(defines[i], '=');
            snprintf(name, sizeof name, "%.*s", (int)(eq - defines[i]), defines[i]);
            int k = chips_iface_find(p, name);
            CU_ASSERT_TRUE_FATAL(k >= 0);
            settings[i] = (chips_setting){(size_t)k, atof(eq + 1)};
        }
        out.ran = chips_evaluate(p, hw, settings, ndefines, &out.time, &out.has_time, NULL);
    }
    chips_free(&p);
    diag_set_stream(NULL);
    out.messages = testutil_read_stream(log);
    fclose(log);
    free(app);
    testutil_remove_tree(dir);
    free(dir);
    return out;
}

static test_outcome run_app(const char *text)
{
    chips_hardware hw = test_hw();
    test_file f = {"app.la", text};
    return run_files(&f, 1, &hw, NULL, 0);
}

/* The application's time is expected (to 1e-12 relative). */
static void expect_time_files(const test_file *files, size_t n, const char *const *defines,
                              size_t ndefines, double expected)
{
    chips_hardware hw = test_hw();
    test_outcome o = run_files(files, n, &hw, defines, ndefines);
    CU_ASSERT_TRUE(o.ran && o.has_time);
    CU_ASSERT_DOUBLE_EQUAL(o.time, expected, fabs(expected) * 1e-12 + 1e-15);
    if (!o.ran || fabs(o.time - expected) > fabs(expected) * 1e-12 + 1e-15)
        fprintf(stderr, "\n  %s: got %.17g, expected %.17g\n%s", files[0].text, o.time, expected,
                o.messages);
    free(o.messages);
}

static void expect_time(const char *text, double expected)
{
    test_file f = {"app.la", text};
    expect_time_files(&f, 1, NULL, 0, expected);
}

/* An application whose init returns the cflow procedure T. */
static void expect_cflow(const char *procs, double expected)
{
    strbuf b = STRBUF_INIT;
    strbuf_printf(&b, "application t {\n%s\nproc exec init { return T(); }\n}\n", procs);
    expect_time(strbuf_cstr(&b), expected);
    strbuf_release(&b);
}

/* An application whose init is body. */
static void expect_exec(const char *body, double expected)
{
    strbuf b = STRBUF_INIT;
    strbuf_printf(&b, "application t {\nproc exec init {\n%s\n}\n}\n", body);
    expect_time(strbuf_cstr(&b), expected);
    strbuf_release(&b);
}

/* ---- statements ----------------------------------------------------------- */

static void test_cflow_statements(void)
{
    expect_cflow("proc cflow T { compute <is time, 2, 3>; }", 5);
    /* loop V, E {B} = E (T(V) + T(B)) = 3 (1 + 2) */
    expect_cflow("proc cflow T { loop <is time, 1>, 3 { compute <is time, 2>; } }", 9);
    expect_cflow("proc cflow T { loop <0>, 2.5 { compute <is time, 2>; } }", 5);
    expect_cflow("proc cflow T { loop <0>, 2 { loop <0>, 3 { compute <is time, 1>; } } }", 6);
    /* case V {p: B} = T(V) + sum p T(B) = 1 + 0.5 4 + 0.25 8 */
    expect_cflow("proc cflow T { case <is time, 1> { 0.5: compute <is time, 4>;\n"
                 "0.25: compute <is time, 8>; compute <is time, 0>; } }",
                 5);
    expect_cflow("proc cflow A { compute <is time, 2>; }\n"
                 "proc cflow T { call A; call A; compute <is time, 1>; }",
                 5);
    expect_cflow("proc cflow A var n; { loop <0>, n { compute <is time, 1>; } }\n"
                 "proc exec B var a, b; { return a - b; }\n"
                 "proc cflow T { call A(3); call B(10, 4); }",
                 9);
    expect_cflow("proc cflow T { var vector: v = <is time, 2>, w; compute v; }", 2);
}

static void test_exec_statements(void)
{
    expect_exec("if 2 > 1 then return 1; else return 2;", 1);
    expect_exec("if 1 > 2 then return 1; else return 2;", 2);
    expect_exec("if 1 > 2 then return 1; return 3;", 3);
    expect_exec("var numeric: i = 0, s = 0;\n"
                "while (i < 10) { i = i + 1; if i == 3 then continue; if i > 5 then break;\n"
                "s = s + i; }\nreturn s;",
                12);
    expect_exec("var vector: v; var numeric: i = 1, s = 0;\n"
                "dim v, 3; v[2] = 5; v[3] = v[2] * 2;\n"
                "while (i <= 3) { s = s + v[i]; i = i + 1; }\nfree v; dim v, 1; return s + v[1];",
                15);
    /* data vectors (the seed's <is data, ...>), as a local's value and assigned; the
     * elements are evaluated before the variable changes */
    expect_exec("var vector: w = <is data, 3, 2 * 3>;\n"
                "w = <is data, w[2], w[1], 7>;\nreturn w[1] + w[2] * 10 + w[3] * 100;",
                6 + 30 + 700);
    expect_exec("var vector: w = <is data, 9>; dim w, 2; w[2] = 4; return w[1] + w[2];", 4);
    expect_time("application t {\nvar dtdp vector: v = <is data, 1.5, 2.5>;\n"
                "proc exec init { return v[1] + v[2]; }\n}",
                4);
    expect_exec("{ { return 7; } } return 8;", 7);
    expect_exec("print \"a string\", 1 + 1; return;", 0);
    test_outcome o = run_app("application t { proc exec init { exit; return 1; } }");
    CU_ASSERT_TRUE(o.ran);
    CU_ASSERT_FALSE(o.has_time);
    free(o.messages);
}

static void test_expressions(void)
{
    expect_exec("return 2 + 3 * 4 - 6 / 2 + (1 < 2) + (3 == 3) * 10 - -1;", 23);
    /* the usual precedence: the seed's Pmrg0 + Pmrg1 / Nproc divides Pmrg1 only */
    expect_exec("return 1 + 8 / 4;", 3);
    expect_exec("return 10 - 2 - 3;", 5);
    expect_exec("return 16 / 4 / 2;", 2);
    expect_exec("return 2 * 3 < 7 == 1;", 1);
    expect_exec("return (1 >= 1) + (1 <= 0) + (2 != 2) + (2 > 3) + +4;", 5);
    expect_exec("return Log2(8) + Power(2, 3) + power(2, 1) + Sqrt(16) + Floor(2.7) +\n"
                "Ceiling(2.2) + ceil(2.2) + Round(2.5) + Abs(-3) + Max(1, 5, 3) + Min(4, 2) +\n"
                "Exp(0) + Log(1) + .5 + 1e1;",
                49.5);
    expect_time("application t {\nproc exec two { return 2; }\n"
                "proc exec init { return two + two(); }\n}",
                4);
}

/* ---- vectors and costs ------------------------------------------------------ */

static void test_vector_types(void)
{
    expect_cflow("proc cflow T { compute <is time, 1.5>; }", 1.5);
    expect_cflow("proc cflow T { compute <is icc, 10, 20>; }", 15);
    /* 2 1 + 2 + 3/2 + 3 4 + 5 + 6 + 7 + 8 + 9 */
    expect_cflow("proc cflow T { compute <is flop, 2*add, sub, mul/2, 3*cmp, div, sqr, exp, sin,\n"
                 "other>; }",
                 52.5);
    expect_cflow("proc cflow T { compute <is mem, 4*load, 2*store>; }", 80);
    expect_time("application t {\nproc cflow T var n; { compute <is hllc, FOR, 2*IASG, n*CALL,\n"
                "IADD*2>; }\nproc exec init { return T(3); }\n}",
                1 + 4 + 30 + 6);
    expect_cflow("proc cflow T { compute <0>; }", 0);
}

static void test_derived_costs(void)
{
    machine m;
    memset(&m, 0, sizeof m);
    m.name = (char *)"derived";
    m.peak_gflops = 8;
    m.memory_bandwidth_gbs = 2;
    m.cores = 4;
    m.weight_add = 1;
    m.weight_multiply = 2;
    m.weight_divide = 4;
    m.weight_special = 8;
    chips_hardware hw;
    chips_hardware_from_machine(&m, &hw);
    /* a flop of weight 1 costs cores / (peak 1e9) = 4 / 8e9 = 5e-10 s */
    CU_ASSERT_DOUBLE_EQUAL(hw.nproc, 4, 0);
    CU_ASSERT_DOUBLE_EQUAL(hw.flop[0], 5e-10, 1e-24);
    CU_ASSERT_DOUBLE_EQUAL(hw.flop[1], 5e-10, 1e-24);
    CU_ASSERT_DOUBLE_EQUAL(hw.flop[2], 1e-9, 1e-24);
    CU_ASSERT_DOUBLE_EQUAL(hw.flop[3], 5e-10, 1e-24);
    CU_ASSERT_DOUBLE_EQUAL(hw.flop[4], 2e-9, 1e-24);
    for (int i = 5; i < MACHINE_CHIPS_NFLOP; i++)
        CU_ASSERT_DOUBLE_EQUAL(hw.flop[i], 4e-9, 1e-24);
    CU_ASSERT_DOUBLE_EQUAL(hw.mem[0], 5e-10, 1e-24);
    CU_ASSERT_DOUBLE_EQUAL(hw.mem[1], 5e-10, 1e-24);
    CU_ASSERT_FALSE(hw.has_icc || hw.has_inpcom || hw.has_hllc[0]);
    /* the "chips" object wins */
    m.chips.present = true;
    m.chips.nproc = 16;
    m.chips.has_flop[0] = true;
    m.chips.flop[0] = 7;
    m.cores = 0;
    chips_hardware_from_machine(&m, &hw);
    CU_ASSERT_DOUBLE_EQUAL(hw.nproc, 16, 0);
    CU_ASSERT_DOUBLE_EQUAL(hw.flop[0], 7, 0);
    CU_ASSERT_DOUBLE_EQUAL(hw.flop[2], 2 / 8e9, 1e-24);
    m.chips.nproc = 0;
    chips_hardware_from_machine(&m, &hw);
    CU_ASSERT_DOUBLE_EQUAL(hw.nproc, 1, 0);
}

/* ---- objects ------------------------------------------------------------------ */

static const char link_app[] =
    "application a {\ninclude st;\ninclude hardware;\n"
    "var dtdp numeric: N = 5;\nvar sysd numeric: P = 2;\nvar scope numeric: hidden = 1;\n"
    "link {\nhardware: Nproc = P;\nst: N = N * 2, M = 1\n}\n"
    "proc exec init { return st; }\n}\n";
static const char link_st[] =
    "subtask st {\ninclude sequential;\ninclude hardware;\n"
    "var dtdp numeric: N = 1, M = 0;\n"
    "link {\nsequential: Tx = N * 3 + M + hardware.Nproc;\n}\n}\n";

static void test_links(void)
{
    /* Tx = (5 2) 3 + 1 + 2 */
    test_file files[] = {{"a.la", link_app}, {"st.la", link_st}};
    expect_time_files(files, 2, NULL, 0, 33);
    const char *defines[] = {"N=7", "P=3"};
    expect_time_files(files, 2, defines, 2, 14 * 3 + 1 + 3);
    /* without the application's link to hardware: the machine's 4 */
    char *no_hw = testutil_replace(link_app, "hardware: Nproc = P;\n", "");
    test_file files2[] = {{"a.la", no_hw}, {"st.la", link_st}};
    expect_time_files(files2, 2, NULL, 0, 30 + 1 + 4);
    free(no_hw);
}

static const char stage_st[] =
    "subtask st {\ninclude pm;\nlink { pm: Tx = 2; }\n}\n";
static const char stage_pm[] =
    "partmp pm {\ninclude la;\nvar dtdp numeric: Tx = 1;\n"
    "option { nstage = 3, seval = 1 }\n"
    "proc exec init { step cpu { confdev Tx * la.stage; confdev 1; } }\n}\n";

static void test_options(void)
{
    const char app[] = "application a { include st; proc exec init { return st; } }";
    /* seval 1: sum over stages s of (2 s + 1) = 3 + 5 + 7 */
    test_file files[] = {{"a.la", app}, {"st.la", stage_st}, {"pm.la", stage_pm}};
    expect_time_files(files, 3, NULL, 0, 15);
    /* seval 0: stage 1 times nstage: (2 + 1) 3 */
    char *seval0 = testutil_replace(stage_pm, "seval = 1", "seval = 0");
    files[2].text = seval0;
    expect_time_files(files, 3, NULL, 0, 9);
    /* nstage linked by the subtask: 5 (2 + 1) */
    char *linked = testutil_replace(stage_st, "Tx = 2;", "Tx = 2; nstage = 5;");
    files[1].text = linked;
    expect_time_files(files, 3, NULL, 0, 15);
    /* no option: one stage, seval 0 */
    char *none = testutil_replace(stage_pm, "option { nstage = 3, seval = 1 }\n", "");
    files[2].text = none;
    files[1].text = stage_st;
    expect_time_files(files, 3, NULL, 0, 3);
    free(seval0);
    free(linked);
    free(none);
}

/* Issue 32: a subtask's link to hardware holds while it is evaluated, then hardware is
 * as before, so a sum of subtasks is the same in any order: a = 2 (its Nproc = 2),
 * b = 4 (the machine's Nproc), a + 10 b = 42 both ways (the old rule gave 22 one way). */
static void test_link_scope(void)
{
    const char pm[] = "partmp pm { include hardware;\n"
                      "proc exec init { step cpu { confdev hardware.Nproc; } } }";
    const char sa[] = "subtask sa { include pm; include hardware;\n"
                      "link { hardware: Nproc = 2; } }";
    const char sb[] = "subtask sb { include pm; include hardware; }";
    const char ab[] = "application t { include sa; include sb;\n"
                      "proc exec init { return sa + 10 * sb; } }";
    const char ba[] = "application t { include sa; include sb;\n"
                      "proc exec init { return 10 * sb + sa; } }";
    test_file files[] = {{"t.la", ab}, {"sa.la", sa}, {"sb.la", sb}, {"pm.la", pm}};
    expect_time_files(files, 4, NULL, 0, 42);
    files[0].text = ba;
    expect_time_files(files, 4, NULL, 0, 42);
    /* the application's own link holds for the whole point: sb sees its 8 */
    const char app8[] = "application t { include sa; include sb; include hardware;\n"
                        "link { hardware: Nproc = 8; }\n"
                        "proc exec init { return sa + 10 * sb + sa; } }";
    files[0].text = app8;
    expect_time_files(files, 4, NULL, 0, 84);
}

static void test_templates(void)
{
    const char app[] = "application a { include st; proc exec init { return st; } }";
    const char pa[] = "partmp pa { proc exec init { step cpu { confdev 1; } } }";
    const char pb[] = "partmp pb { proc exec init { step cpu { confdev 2; } } }";
    const char st_default[] = "subtask st { include pa; include pb; }";
    const char st_b[] = "subtask st { include pa; include pb; option { template = \"pb\" } }";
    const char st_seq[] = "subtask st { include sequential; include pa;\n"
                          "link { sequential: Tx = 9; }\noption { template = \"sequential\" } }";
    const char st_none[] = "subtask st { proc exec init { return 5; } }";
    test_file files[] = {{"a.la", app}, {"st.la", st_default}, {"pa.la", pa}, {"pb.la", pb}};
    expect_time_files(files, 4, NULL, 0, 1);
    files[1].text = st_b;
    expect_time_files(files, 4, NULL, 0, 2);
    files[1].text = st_seq;
    expect_time_files(files, 4, NULL, 0, 9);
    /* no partmp: sequential with Tx = 0 */
    files[1].text = st_none;
    expect_time_files(files, 4, NULL, 0, 0);
    /* the application links the template */
    const char app_link[] = "application a { include st; link { st: template = \"pb\"; }\n"
                            "proc exec init { return st; } }";
    files[0].text = app_link;
    files[1].text = st_default;
    expect_time_files(files, 4, NULL, 0, 2);
}

/* include: the includer's directory first, then each include directory */
static void test_include_dirs(void)
{
    char *dir = testutil_make_tempdir();
    char *lib = testutil_path(dir, "lib");
    char *app = testutil_path(dir, "a.la");
    char *st = testutil_path(lib, "st.la");
    CU_ASSERT_TRUE(testutil_write_file(app, "application a { include st;\n"
                                            "proc exec init { return st; } }"));
    char mk[2048];
    snprintf(mk, sizeof mk, "mkdir -p '%s'", lib);
    CU_ASSERT_EQUAL(system(mk), 0);
    CU_ASSERT_TRUE(testutil_write_file(st, "subtask st { include sequential;\n"
                                           "link { sequential: Tx = 4; } }"));
    FILE *log = tmpfile();
    diag_set_stream(log);
    CU_ASSERT_PTR_NULL(chips_load(app, NULL, 0, NULL, 0));
    const char *dirs[] = {"/nonexistent", lib};
    chips_program *p = chips_load(app, dirs, 2, NULL, 0);
    diag_set_stream(NULL);
    char *messages = testutil_read_stream(log);
    fclose(log);
    CU_ASSERT_PTR_NOT_NULL(strstr(messages, "a.la:1:25: error: cannot find 'st.la'"));
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    chips_hardware hw = test_hw();
    double t;
    bool has;
    CU_ASSERT_TRUE(chips_evaluate(p, &hw, NULL, 0, &t, &has, NULL));
    CU_ASSERT_DOUBLE_EQUAL(t, 4, 0);
    chips_free(&p);
    free(messages);
    testutil_remove_tree(dir);
    free(dir);
    free(lib);
    free(app);
    free(st);
}

static void test_fresh_points(void)
{
    const char app[] = "application a {\nvar dtdp numeric: N = 1;\n"
                       "proc exec init { N = N + 1; return N; }\n}";
    char *dir = testutil_make_tempdir();
    char *path = testutil_path(dir, "a.la");
    CU_ASSERT_TRUE(testutil_write_file(path, app));
    chips_program *p = chips_load(path, NULL, 0, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    chips_hardware hw = test_hw();
    double t, values[1];
    bool has;
    for (int i = 0; i < 2; i++) {
        CU_ASSERT_TRUE(chips_evaluate(p, &hw, NULL, 0, &t, &has, values));
        CU_ASSERT_DOUBLE_EQUAL(t, 2, 0);
        CU_ASSERT_DOUBLE_EQUAL(values[0], 1, 0);
    }
    CU_ASSERT_EQUAL(chips_iface_count(p), 1);
    CU_ASSERT_STRING_EQUAL(chips_iface_name(p, 0), "N");
    CU_ASSERT_STRING_EQUAL(chips_iface_group(p, 0), "dtdp");
    chips_free(&p);
    CU_ASSERT_PTR_NULL(p);
    chips_free(&p);
    testutil_remove_tree(dir);
    free(path);
    free(dir);
}

/* ---- devices ---------------------------------------------------------------------- */

static void expect_step(const char *step, double expected)
{
    strbuf pm = STRBUF_INIT;
    strbuf_printf(&pm, "partmp pm {\ninclude hardware;\nproc exec init {\n%s\n}\n}\n", step);
    const char app[] = "application a { include st; proc exec init { return st; } }";
    const char st[] = "subtask st { include pm; }";
    test_file files[] = {{"a.la", app}, {"st.la", st}, {"pm.la", strbuf_cstr(&pm)}};
    expect_time_files(files, 3, NULL, 0, expected);
    strbuf_release(&pm);
}

static void test_devices(void)
{
    expect_step("step cpu { confdev 1.5; confdev 2; }", 3.5);
    expect_step("step cpu { confdev 1; } step cpu { confdev 2; }", 3);
    /* the disk: a seek (4 ms) each transfer unless told, then 1e-8 s a byte */
    expect_step("step disk { confdev 1000000; }", 0.004 + 0.01);
    expect_step("step disk { confdev 1000000, 3; confdev 0, 0; }", 3 * 0.004 + 0.01);
    expect_step("step disk { confdev 0; } step cpu { confdev 1; }", 1.004);
    /* one message of 1 byte: c = 2o + L = 7 */
    expect_step("step inpcom { confdev 1, 0, 1; }", 7);
    expect_step("step inpcom { confdev 0, 0, 1; }", 7);
    /* two sends of processor 0, spaced by g = 4 (o + 0 G = 1 is less): 4 + 7 */
    expect_step("step inpcom { confdev 1, 0, 1; confdev 1, 0, 2; }", 11);
    /* spaced by o + (k-1) G = 1 + 20 0.5 = 11 > g; c(21) = 7 + 10 = 17: 11 + 17 */
    expect_step("step inpcom { confdev 21, 0, 1; confdev 21, 0, 2; }", 28);
    /* three receives of processor 3: 4 + 4 + 7 */
    expect_step("step inpcom { confdev 1, 0, 3; confdev 1, 1, 3; confdev 1, 2, 3; }", 15);
    /* the longest chain: a long message first delays the short one after it by 11 */
    expect_step("step inpcom { confdev 21, 0, 1; confdev 1, 0, 2; }", fmax(17, 11 + 7));
    /* disjoint pairs overlap */
    expect_step("step inpcom { confdev 1, 0, 1; confdev 1, 2, 3; }", 7);
    /* processors are checked against hardware.Nproc as linked (8), not the machine's 4 */
    const char app8[] = "application a { include st; include hardware;\n"
                        "link { hardware: Nproc = 8; }\nproc exec init { return st; } }";
    const char st[] = "subtask st { include pm; }";
    const char pm[] = "partmp pm { include hardware;\n"
                      "proc exec init { step inpcom { confdev 1, 0, hardware.Nproc - 1; } } }";
    test_file files[] = {{"a.la", app8}, {"st.la", st}, {"pm.la", pm}};
    expect_time_files(files, 3, NULL, 0, 7);
    expect_step("var numeric: i = 0;\nstep inpcom { while (i < 3) { confdev 1, 0, i + 1;\n"
                "i = i + 1; } }",
                15);
}

/* ---- errors ------------------------------------------------------------------------- */

typedef struct error_case {
    const char *text;    /* app.la */
    const char *message; /* expected in what diag printed */
} error_case;

static const char err_st[] = "subtask st { include pm; }";
static const char err_pm[] = "partmp pm { }";

static void expect_error(const error_case *c, const chips_hardware *hw)
{
    test_file files[] = {{"app.la", c->text}, {"st.la", err_st}, {"pm.la", err_pm}};
    test_outcome o = run_files(files, 3, hw, NULL, 0);
    CU_ASSERT_FALSE(o.ran);
    CU_ASSERT_PTR_NOT_NULL(strstr(o.messages, c->message));
    if (o.ran || !strstr(o.messages, c->message))
        fprintf(stderr, "\n  %s\n  got: %s  expected: %s\n", c->text, o.messages, c->message);
    free(o.messages);
}

static const error_case error_cases[] = {
    {"application t {\nproc exec init { return 1 }\n}",
     "app.la:2:27: error: expected ';', found '}'"},
    {"application t {\n(* never closed\n", "app.la:2:1: error: unterminated comment"},
    {"application t { print \"open; }", "app.la:1:23: error: unterminated string"},
    {"application t {\n  # }", "app.la:2:3: error: unexpected character '#'"},
    {"application t {\nproc exec init {\n    return 1 / 0;\n}\n}",
     "app.la:3:14: error: division by zero"},
    {"application t {\nvar dtdp numeric: N;\nproc exec init { return N; }\n}",
     "app.la:3:25: error: 'N' has no value"},
    {"application t {\nproc exec init { return nothing; }\n}",
     "app.la:2:25: error: unknown name 'nothing'"},
    {"application t {\ninclude missing;\nproc exec init { return 1; }\n}",
     "app.la:2:9: error: cannot find 'missing.la'"},
    {"application t {\ninclude pm;\nproc exec init { return 1; }\n}",
     "app.la:2:9: error: an application cannot include the partmp 'pm'"},
    {"application t {\ninclude st;\nlink { st: secret = 1; }\nproc exec init { return 1; }\n}",
     "app.la:3:12: error: 'secret' is not an interface variable or option of 'st'"},
    {"application t {\nlink { st: N = 1; }\nproc exec init { return 1; }\n}",
     "app.la:2:8: error: link to 'st', which is not included"},
    {"application t {\nproc exec other { return 1; }\n}",
     "app.la:1:1: error: application 't' has no 'proc exec init'"},
    {"application t {\ninclude st;\nlink { st: nstage = 1.5; }\nproc exec init { return 1; }\n}",
     "app.la:3:12: error: 'nstage' is not an interface variable or option of 'st'"},
    {"application t {\noption { nstage = 1 }\nproc exec init { return 1; }\n}",
     "app.la:2:10: error: an application has no option 'nstage'"},
    {"application t {\nproc cflow T { case <0> { 0.7: compute <0>; 0.5: compute <0>; } }\n"
     "proc exec init { return T(); }\n}",
     "app.la:2:45: error: the probabilities add up to 1.2, over 1"},
    {"application t {\nproc cflow T { case <0> { 2: compute <0>; } }\n"
     "proc exec init { return T(); }\n}",
     "app.la:2:27: error: probability 2 is not in [0, 1]"},
    {"application t {\nproc cflow T { loop <0>, -1 { } }\nproc exec init { return T(); }\n}",
     "app.la:2:26: error: a loop of -1 iterations"},
    {"application t {\nproc cflow T { compute <is flop, add + 1>; }\n"
     "proc exec init { return T(); }\n}",
     "app.la:2:38: error: each element of a flop vector is a count times one flop symbol (3*add)"},
    {"application t {\nproc cflow T { compute <is bogus, 1>; }\nproc exec init { return T(); }\n}",
     "app.la:2:24: error: unknown vector type 'bogus' (data, time, icc, flop, mem, hllc; vctdef and -vectors add others)"},
    {"application t {\nproc cflow T { compute 3; }\nproc exec init { return T(); }\n}",
     "app.la:2:24: error: expected a resource vector here"},
    {"application t {\nproc exec init { break; }\n}",
     "app.la:2:18: error: 'break' outside a while loop"},
    {"application t {\nproc exec f { return f(); }\nproc exec init { return f(); }\n}",
     "error: calls nested deeper than 64"},
    {"application t {\nproc exec init { while (1) { } }\n}",
     "app.la:2:18: error: the while loop ran 10000000 iterations, the limit"},
    {"application t {\nproc exec init { return Log(0); }\n}",
     "app.la:2:25: error: 'Log' of 0, which is not positive"},
    {"application t {\nproc exec init { return Max(); }\n}",
     "app.la:2:25: error: 'Max' takes one or more arguments"},
    {"application t {\nproc cflow T { compute <is data, 1>; }\nproc exec init { return T(); }\n}",
     "app.la:2:24: error: a data vector <is data, ...> is the value of a vector variable, not "
     "a cost"},
    {"application t {\nproc exec init { var numeric: n = <is data, 1>; return n; }\n}",
     "app.la:2:31: error: 'n' is a numeric variable: it cannot hold a data vector"},
    {"application t {\nproc exec init { var vector: v; dim v, 2; return v[3]; }\n}",
     "app.la:2:52: error: index 3 is outside v[1..2]"},
    {"application t {\nvar numeric: N;\nproc exec init { return 1; }\n}",
     "app.la:2:5: error: expected identifier, found 'numeric'"},
    {"application t {\nvar mygroup numeric: N = 1;\nproc exec init { return 1; }\n}",
     "app.la:2:22: error: unknown variable group 'mygroup' (defgroup it first)"},
    {"application t {\nvar dtdp numeric: N = \"s\";\nproc exec init { return 1; }\n}",
     "app.la:2:19: error: 'N' is a numeric variable: it cannot hold a string"},
    {"application t {\nproc exec init { step cpu { } }\n}",
     "app.la:2:18: error: 'step' is only for parallel templates (partmp)"},
    {"subtask t { }", "app.la:1:1: error: the program must be an application, not a subtask"},
    {"application t {\nproc exec init { call nothing; return nope(1) + la.stage; }\n}",
     "app.la:2:18: error: unknown procedure 'nothing'\n"},
    {"application t {\nproc exec init { return nope(1); }\n}",
     "app.la:2:25: error: unknown procedure or function 'nope'"},
    {"application t {\nproc exec init { return la.stage; }\n}",
     "app.la:2:25: error: 'la' is not an included object"},
    {"application t {\ninclude hardware;\nproc exec init { return hardware.cores; }\n}",
     "app.la:3:25: error: 'hardware' has no interface variable 'cores'"},
    {"application t {\nproc exec init { return \"text\"; }\n}",
     "app.la:2:1: error: 'init' returned a string, not a number"},
    {"application t {\nproc cflow T { }\nproc exec init { call T; }\n}",
     "app.la:3:18: error: 'call' in an exec procedure calls exec procedures; 'T' is cflow"},
    {"application t {\nproc exec init { return 1; }\n} extra",
     "app.la:3:3: error: expected end of file, found extra"},
};

static void test_errors(void)
{
    chips_hardware hw = test_hw();
    for (size_t i = 0; i < sizeof error_cases / sizeof *error_cases; i++)
        expect_error(&error_cases[i], &hw);
}

static void test_device_errors(void)
{
    chips_hardware hw = test_hw();
    const char app[] = "application a { include st; proc exec init { return st; } }";
    const char st[] = "subtask st { include pm; }";
    static const struct {
        const char *pm, *message;
    } cases[] = {
        {"partmp pm {\nproc exec init { step inpcom { confdev 1, 0, 4; } }\n}",
         "pm.la:2:46: error: processor 4 is not one of 0 to hardware.Nproc - 1 (3)"},
        /* a message is whole bytes (issue 32) */
        {"partmp pm {\nproc exec init { step inpcom { confdev 2.5, 0, 1; } }\n}",
         "pm.la:2:40: error: confdev of 2.5 bytes: a message is a whole number of bytes"},
        {"partmp pm {\nproc exec init { step cpu { confdev 1, 2; } }\n}",
         "pm.la:2:29: error: confdev of cpu takes one argument, the time"},
        {"partmp pm {\nproc exec init { step tape { } }\n}",
         "pm.la:2:18: error: unknown device 'tape' (cpu, inpcom, disk)"},
        {"partmp pm {\nproc exec init { step disk { confdev 1, 2, 3; } }\n}",
         "pm.la:2:30: error: confdev of disk takes one or two arguments: bytes, and seeks"},
        {"partmp pm {\nproc exec init { step disk { confdev 0.5; } }\n}",
         "pm.la:2:38: error: confdev of 0.5 bytes: a transfer is a whole number of bytes"},
        {"partmp pm {\nproc exec init { step disk { confdev 8, 1.5; } }\n}",
         "pm.la:2:41: error: 1.5 seeks: a whole number >= 0"},
        {"partmp pm {\noption { nstage = 1.5 }\nproc exec init { }\n}",
         "pm.la:2:10: error: option nstage of 'pm' must be a whole number from 0 to"},
        {"partmp pm {\noption { seval = 2 }\n}",
         "pm.la:2:10: error: option seval of 'pm' must be a whole number from 0 to 1"},
        {"partmp pm {\nproc exec init { confdev 1; }\n}",
         "pm.la:2:18: error: 'confdev' outside a step"},
        {"partmp pm {\nproc exec init { step cpu { step cpu { } } }\n}",
         "pm.la:2:29: error: a step inside a step"},
        {"partmp pm {\noption { template = \"x\" }\n}",
         "pm.la:2:10: error: a partmp has no option 'template'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        test_file files[] = {{"a.la", app}, {"st.la", st}, {"pm.la", cases[i].pm}};
        test_outcome o = run_files(files, 3, &hw, NULL, 0);
        CU_ASSERT_FALSE(o.ran);
        CU_ASSERT_PTR_NOT_NULL(strstr(o.messages, cases[i].message));
        if (!strstr(o.messages, cases[i].message))
            fprintf(stderr, "\n  got: %s  expected: %s\n", o.messages, cases[i].message);
        free(o.messages);
    }
    /* costs the machine file does not give are errors at their use */
    hw.has_inpcom = false;
    hw.has_icc = false;
    hw.has_hllc[1] = false;
    hw.has_disk = false;
    static const struct {
        const char *pm, *message;
    } missing[] = {
        {"partmp pm {\nproc exec init { step disk { confdev 1; } }\n}",
         "pm.la:2:30: error: the machine file gives no \"chips\" disk costs"},
        {"partmp pm {\nproc exec init { step inpcom { confdev 1, 0, 1; } }\n}",
         "pm.la:2:32: error: the machine file gives no \"chips\" inpcom parameters"},
        {"partmp pm {\nproc cflow T { compute <is icc, 1>; }\n"
         "proc exec init { step cpu { confdev T(); } }\n}",
         "pm.la:2:24: error: the machine file gives no \"chips\" icc unit"},
        {"partmp pm {\nproc cflow T { compute <is hllc, FOR, 2*IASG>; }\n"
         "proc exec init { step cpu { confdev T(); } }\n}",
         "pm.la:2:41: error: the machine file gives no \"chips\" cost of hllc IASG"},
    };
    for (size_t i = 0; i < sizeof missing / sizeof *missing; i++) {
        test_file files[] = {{"a.la", app}, {"st.la", st}, {"pm.la", missing[i].pm}};
        test_outcome o = run_files(files, 3, &hw, NULL, 0);
        CU_ASSERT_FALSE(o.ran);
        CU_ASSERT_PTR_NOT_NULL(strstr(o.messages, missing[i].message));
        if (!strstr(o.messages, missing[i].message))
            fprintf(stderr, "\n  got: %s  expected: %s\n", o.messages, missing[i].message);
        free(o.messages);
    }
}

static void test_deep_nesting(void)
{
    strbuf b = STRBUF_INIT;
    strbuf_append(&b, "application t {\nproc exec init { return ");
    for (int i = 0; i < 5000; i++)
        strbuf_append(&b, "(");
    strbuf_append(&b, "1");
    for (int i = 0; i < 5000; i++)
        strbuf_append(&b, ")");
    strbuf_append(&b, "; }\n}\n");
    test_outcome o = run_app(strbuf_cstr(&b));
    CU_ASSERT_FALSE(o.loaded);
    CU_ASSERT_PTR_NOT_NULL(strstr(o.messages, "error: expressions nested deeper than 200"));
    free(o.messages);
    strbuf_release(&b);
    strbuf_append(&b, "application t {\nproc exec init { ");
    for (int i = 0; i < 5000; i++)
        strbuf_append(&b, "{ ");
    o = run_app(strbuf_cstr(&b));
    CU_ASSERT_PTR_NOT_NULL(strstr(o.messages, "error: statements nested deeper than 200"));
    free(o.messages);
    strbuf_release(&b);
    /* deep expressions in deep recursion: bounded as a whole */
    strbuf_append(&b, "application t {\nproc exec f var n; { return ");
    for (int i = 0; i < 190; i++)
        strbuf_append(&b, "(1 + ");
    strbuf_append(&b, "f(n)");
    for (int i = 0; i < 190; i++)
        strbuf_append(&b, ")");
    strbuf_append(&b, "; }\nproc exec init { return f(1); }\n}\n");
    o = run_app(strbuf_cstr(&b));
    CU_ASSERT_TRUE(o.loaded);
    CU_ASSERT_FALSE(o.ran);
    CU_ASSERT_PTR_NOT_NULL(strstr(o.messages, "error: evaluation nested deeper than 1000"));
    free(o.messages);
    strbuf_release(&b);
}

/* ---- the seed's example ------------------------------------------------------------ */

static const char *const example_names[] = {"memsort.la", "merge.la", "bitonic.la", "qsort.la"};

static char *example_text(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/chips/examples/%s", AITOOL_SOURCE_DIR, name);
    char *text = testutil_read_file(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    return text;
}

/* memsort on chips/examples/machine.json (its "chips" costs: hllc FOR 1e-9,
 * IASG 1e-9, IADD 1e-9, ICMP 1e-9, FASG 1e-9, VIDX 2e-9, CALL 1e-8; icc unit
 * 5e-10; LogGP L 5e-6, o 1e-6, g 2e-6, G 1e-9; nproc 16).
 *
 * memsort links hardware.Nproc = 16, qsort Nelem = 262144/16 = 16384 and
 * Method = 1, merge Nelem = 262144 and Nsize = 4; init returns qsort + merge.
 *
 * qsort: template sequential, Tx = Tqsort(): Ncmp = 16384 Log2(16384) (2-1)
 *   = 229376 comparisons of part = ICMP + VIDX + IADD = 4e-9 s and Ncmp/2 =
 *   114688 exchanges of swap = 2 VIDX + 3 FASG + CALL = 1.7e-8 s.
 * merge: init sets dtpp = 262144/16 = 16384, Pmrg = 0.639 + 0.793/16; the
 *   template is bitonic (its first partmp), linked Ndata = dtpp, Clen = 4,
 *   Tx = Txsort() = start (3 IASG = 3e-9) + 2 dtpp Pmrg merge ((169 + 20)
 *   cycles 5e-10) + 2 dtpp (1 - Pmrg) tlcp (6.03 s, the seed's figure) +
 *   dtpp otcp (FOR + IASG + ICMP + 2 IADD + 4 VIDX + 2 FASG = 1.5e-8).
 * bitonic: nstage = Log2(16) = 4, seval = 1.  Stage s: s inpcom steps of
 *   one message of dtpp Clen = (Clen Ndata) Clen = 262144 bytes, each
 *   c = 2o + L + (k-1)G, then a cpu step of Tx: in all 10 c + 4 Tx. */
static double memsort_by_hand(void)
{
    double tq = 229376 * 4e-9 + 114688 * 1.7e-8;
    double dtpp = 16384, pmrg = 0.639 + 0.793 / 16;
    double tx = 3e-9 + 2 * dtpp * pmrg * 189 * 5e-10 + 2 * dtpp * (1 - pmrg) * 6.03 +
                dtpp * 1.5e-8;
    double c = 2 * 1e-6 + 5e-6 + (262144 - 1) * 1e-9;
    return tq + 10 * c + 4 * tx;
}

static void test_memsort(void)
{
    char path[1024], machine_path[1024];
    snprintf(path, sizeof path, "%s/chips/examples/memsort.la", AITOOL_SOURCE_DIR);
    snprintf(machine_path, sizeof machine_path, "%s/chips/examples/machine.json",
             AITOOL_SOURCE_DIR);
    chips_program *p = chips_load(path, NULL, 0, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    machine *m = machine_load(machine_path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    chips_hardware hw;
    chips_hardware_from_machine(m, &hw);
    double t, values[3];
    bool has;
    CU_ASSERT_TRUE(chips_evaluate(p, &hw, NULL, 0, &t, &has, values));
    CU_ASSERT_TRUE(has);
    CU_ASSERT_DOUBLE_EQUAL(t, memsort_by_hand(), memsort_by_hand() * 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(values[0], 262144, 0);
    CU_ASSERT_DOUBLE_EQUAL(values[2], 16, 0);
    chips_free(&p);
    machine_free(&m);
}

/* Every example with one byte deleted, or replaced, at many places: loading
 * and evaluating never crash (the sanitizers watch). */
static void test_mutations(void)
{
    chips_hardware hw = test_hw();
    hw.nproc = 16;
    char *texts[4];
    for (int i = 0; i < 4; i++)
        texts[i] = example_text(example_names[i]);
    static const char replacements[] = "(*){};,<>=0.\"x";
    unsigned runs = 0;
    for (int which = 0; which < 4; which++) {
        size_t len = strlen(texts[which]);
        for (size_t at = 0; at < len; at += 5) {
            char *mutated = malloc(len + 1);
            memcpy(mutated, texts[which], len + 1);
            if (at % 2)
                memmove(mutated + at, mutated + at + 1, len - at);
            else
                mutated[at] = replacements[(at / 2) % (sizeof replacements - 1)];
            test_file files[4];
            for (int i = 0; i < 4; i++)
                files[i] = (test_file){example_names[i], i == which ? mutated : texts[i]};
            free(run_files(files, 4, &hw, NULL, 0).messages);
            free(mutated);
            runs++;
        }
    }
    CU_ASSERT_TRUE(runs > 300);
    for (int i = 0; i < 4; i++)
        free(texts[i]);
}

/* ---- the command line -------------------------------------------------------------- */

static testutil_proc run_chips(const char *const *args)
{
    return testutil_exec_program(AITOOL_SOURCE_DIR "/chips/examples", AITOOL_CHIPS, args);
}

/* --version: one line with the version. */
static void test_cli_version(void)
{
    testutil_expect_version(AITOOL_CHIPS, "chips", false);
}

/* "-" is standard input for the application, the machine or the network file; given for
 * two of them it is a usage error naming both. */
static void test_cli_standard_input(void)
{
    const char *files[] = {"-machine", "machine.json", "memsort.la", NULL};
    testutil_proc want = run_chips(files);
    CU_ASSERT_EQUAL(want.status, 0);
    const char *machine_in[] = {"/bin/sh", "-c",
                                "'" AITOOL_CHIPS "' -machine - memsort.la < machine.json", NULL};
    testutil_proc r = testutil_exec(AITOOL_SOURCE_DIR "/chips/examples", machine_in);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, want.out);
    testutil_proc_release(&r);
    const char *app_in[] = {"/bin/sh", "-c",
                            "'" AITOOL_CHIPS "' -machine machine.json -check - < memsort.la", NULL};
    r = testutil_exec(AITOOL_SOURCE_DIR "/chips/examples", app_in);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    testutil_proc_release(&want);
    const char *twice[] = {"-machine", "-", "-", NULL};
    r = run_chips(twice);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "chips: error: standard input (-) is given for both the "
                                         "application file and -machine: it can be read once"));
    testutil_proc_release(&r);
}

static void test_cli_outputs(void)
{
    const char *table[] = {"-machine", "machine.json", "memsort.la", NULL};
    testutil_proc r = run_chips(table);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "Nelem          Nsize          Nproc          time_s\n"
                                         "262144         4              16             "));
    testutil_proc_release(&r);

    const char *csv[] = {"-machine", "machine.json", "-csv", "-", "-sweep", "Nproc=4:16:x2",
                         "memsort.la", NULL};
    r = run_chips(csv);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "Nelem,Nsize,Nproc,time_s\n262144,4,4,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\n262144,4,8,"));
    const char *last = strstr(r.out, "\n262144,4,16,");
    CU_ASSERT_PTR_NOT_NULL_FATAL(last);
    CU_ASSERT_DOUBLE_EQUAL(atof(last + 13), memsort_by_hand(), memsort_by_hand() * 1e-15);
    CU_ASSERT_PTR_NULL(strstr(r.out, "time_s\n262144 "));
    testutil_proc_release(&r);

    const char *json[] = {"-machine", "machine.json", "-json", "-", "-D", "Nsize=8", "-sweep",
                          "Nelem=1000:3000:+1000", "-sweep", "Nproc=4:8:x2", "memsort.la", NULL};
    r = run_chips(json);
    CU_ASSERT_EQUAL(r.status, 0);
    cJSON *root = cJSON_Parse(r.out);
    CU_ASSERT_PTR_NOT_NULL_FATAL(root);
    CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItem(root, "application")->valuestring, "memsort");
    CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItem(root, "machine")->valuestring,
                           "CHIP3S example: 16 processors, LogGP network");
    cJSON *points = cJSON_GetObjectItem(root, "points");
    CU_ASSERT_EQUAL(cJSON_GetArraySize(points), 6);
    /* the first sweep slowest */
    cJSON *second = cJSON_GetArrayItem(points, 1);
    cJSON *vars = cJSON_GetObjectItem(second, "vars");
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(vars, "Nelem")->valuedouble, 1000, 0);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(vars, "Nproc")->valuedouble, 8, 0);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(vars, "Nsize")->valuedouble, 8, 0);
    CU_ASSERT_TRUE(cJSON_IsNumber(cJSON_GetObjectItem(second, "time_s")));
    cJSON_Delete(root);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "{\n\t\"application\":\t\"memsort\",\n"));
    testutil_proc_release(&r);
}

static void test_cli_exit_and_print(void)
{
    char *dir = testutil_make_tempdir();
    char *app = testutil_path(dir, "e.la");
    char *machine_path = testutil_path(AITOOL_SOURCE_DIR "/chips/examples", "machine.json");
    CU_ASSERT_TRUE(testutil_write_file(
        app, "application e {\nvar dtdp numeric: N = 1;\nproc exec init {\n"
             "print \"N is\", N;\nif N > 1 then exit;\nreturn N;\n}\n}\n"));
    const char *args[] = {"-machine", machine_path, "-json", "-", "-sweep", "N=1:2", "e.la",
                          NULL};
    testutil_proc r = testutil_exec_program(dir, AITOOL_CHIPS, args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"time_s\":\t1\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"time_s\":\tnull\n"));
    CU_ASSERT_STRING_EQUAL(r.err, "N is 1\nN is 2\n");
    testutil_proc_release(&r);
    /* CSV: a point without a time has an empty field; steps of 0.5, TO included */
    const char *csv[] = {"-machine", machine_path, "-csv", "-", "-sweep", "N=0.5:2:+0.5", "e.la",
                         NULL};
    r = testutil_exec_program(dir, AITOOL_CHIPS, csv);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "N,time_s\n0.5,0.5\n1,1\n1.5,\n2,\n");
    testutil_proc_release(&r);
    /* the table: - for no time; -DN=3 joined */
    const char *table[] = {"-machine", machine_path, "-DN=3", "e.la", NULL};
    r = testutil_exec_program(dir, AITOOL_CHIPS, table);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "N              time_s\n3              -\n");
    testutil_proc_release(&r);
    testutil_remove_tree(dir);
    free(dir);
    free(app);
    free(machine_path);
}

/* -network: an inpcom step's messages through a SIMON switch model.  By
 * hand, with LogGP L = 5 us + G, o = g = 0, G = 1 ns a byte (equal to a p2p
 * link of latency 5 us and 1 GB/s: L + (k - 1) G = latency + k / B), and
 * messages of 1000 bytes: one message, 6 us on LogGP, p2p and a bus alike;
 * four at once from four senders to four receivers, 6 us on LogGP and p2p
 * (no sender sends twice), but 9 us on a bus, which carries one at a time:
 * the last starts after 3 us, ends 1 us later, arrives 5 us after. */
static void test_cli_network(void)
{
    char *dir = testutil_make_tempdir();
    static const test_file files[] = {
        {"a.la", "application a { include st; proc exec init { return st; } }\n"},
        {"st.la", "subtask st { include pm; }\n"},
        {"one.la", "application one { include so; proc exec init { return so; } }\n"},
        {"so.la", "subtask so { include po; }\n"},
        {"pm.la", "partmp pm { include hardware; proc exec init { step inpcom {\n"
                  "confdev 1000, 0, 1; confdev 1000, 1, 2; confdev 1000, 2, 3;\n"
                  "confdev 1000, 3, 0; } } }\n"},
        {"po.la", "partmp po { include hardware; proc exec init { step inpcom {\n"
                  "confdev 1000, 0, 1; } } }\n"},
        {"m.json", "{\"name\": \"net\", \"peak_gflops\": 1, \"memory_bandwidth_gbs\": 1,\n"
                   "\"write_allocate\": true,\n"
                   "\"caches\": [{\"level\": 1, \"size_bytes\": 32768}],\n"
                   "\"flop_weights\": {\"add\": 1, \"multiply\": 1, \"divide\": 1, "
                   "\"special\": 1},\n"
                   "\"chips\": {\"nproc\": 4, \"inpcom\": {\"L\": 5.001e-6, \"o\": 0, "
                   "\"g\": 0, \"G\": 1e-9}}}\n"},
        {"p2p.cfg", "model = p2p\nlatency = 5us\nbandwidth = 1GB/s\n"},
        {"bus.cfg", "model = bus\nlatency = 5us\nbandwidth = 1GB/s\n"},
        {"bad.cfg", "model = p2p\nlatency = 5xs\n"},
    };
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char *path = testutil_path(dir, files[i].name);
        CU_ASSERT_TRUE(testutil_write_file(path, files[i].text));
        free(path);
    }
    static const struct {
        const char *app, *network, *out;
    } cases[] = {
        {"one.la", NULL, "time_s\n6e-06\n"},
        {"one.la", "p2p.cfg", "time_s\n6e-06\n"},
        {"one.la", "bus.cfg", "time_s\n6e-06\n"},
        {"a.la", NULL, "time_s\n6e-06\n"},
        {"a.la", "p2p.cfg", "time_s\n6e-06\n"},
        {"a.la", "bus.cfg", "time_s\n9e-06\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *args[8] = {"-machine", "m.json", "-csv", "-"};
        int n = 4;
        if (cases[i].network) {
            args[n++] = "-network";
            args[n++] = cases[i].network;
        }
        args[n++] = cases[i].app;
        args[n] = NULL;
        testutil_proc r = testutil_exec_program(dir, AITOOL_CHIPS, args);
        CU_ASSERT_EQUAL(r.status, 0);
        CU_ASSERT_STRING_EQUAL(r.out, cases[i].out);
        testutil_proc_release(&r);
    }
    const char *bad[] = {"-machine", "m.json", "-network", "bad.cfg", "a.la", NULL};
    testutil_proc r = testutil_exec_program(dir, AITOOL_CHIPS, bad);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.err, "bad.cfg:2:11: error: unknown time unit (ns, us, ms, s): "
                                  "'5xs'\n");
    testutil_proc_release(&r);
    testutil_remove_tree(dir);
    free(dir);
}

/* Issue 26: -csv and -json wrote over an object the application includes
 * (merge.la of memsort.la), exit 0.  Every name of it is refused before
 * anything is printed, and so are two outputs onto one file. */
static void test_cli_outputs_over_included_objects(void)
{
    char *dir = testutil_make_tempdir();
    CU_ASSERT_PTR_NOT_NULL_FATAL(dir);
    const char *names[] = {"memsort.la", "merge.la", "qsort.la", "bitonic.la", "machine.json"};
    char *texts[5];
    for (int i = 0; i < 5; i++) {
        char *from = testutil_path(AITOOL_SOURCE_DIR "/chips/examples", names[i]);
        char *to = testutil_path(dir, names[i]);
        texts[i] = testutil_read_file(from);
        CU_ASSERT_PTR_NOT_NULL_FATAL(texts[i]);
        CU_ASSERT_TRUE_FATAL(testutil_write_file(to, texts[i]));
        free(from);
        free(to);
    }
    char *merge = testutil_path(dir, "merge.la"), *sym = testutil_path(dir, "sym.la");
    char *hard = testutil_path(dir, "hard.la");
    CU_ASSERT_EQUAL_FATAL(symlink(merge, sym), 0);
    CU_ASSERT_EQUAL_FATAL(link(merge, hard), 0);
    static const struct {
        const char *option, *out, *err;
    } cases[] = {
        {"-csv", "merge.la", "chips: error: -csv 'merge.la' is the input 'merge.la'"},
        {"-json", "./merge.la", "chips: error: -json './merge.la' is the input 'merge.la'"},
        {"-json", "sym.la", "chips: error: -json 'sym.la' is the input 'merge.la'"},
        {"-csv", "hard.la", "chips: error: -csv 'hard.la' is the input 'merge.la'"},
        {"-csv", "./o.json", "chips: error: -csv './o.json' is also -json 'o.json': refusing to "
                             "write one file twice"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        /* The last case writes -json o.json too. */
        bool twice = i == sizeof cases / sizeof *cases - 1;
        const char *args[] = {"-machine", "machine.json", cases[i].option, cases[i].out,
                              twice ? "-json" : "memsort.la", twice ? "o.json" : NULL,
                              "memsort.la", NULL};
        testutil_proc r = testutil_exec_program(dir, AITOOL_CHIPS, args);
        CU_ASSERT_EQUAL(r.status, 2);
        CU_ASSERT_STRING_EQUAL(r.out, "");
        CU_ASSERT_PTR_NOT_NULL(strstr(r.err, cases[i].err));
        testutil_proc_release(&r);
    }
    for (int i = 0; i < 5; i++) {
        char *path = testutil_path(dir, names[i]);
        char *text = testutil_read_file(path);
        CU_ASSERT_STRING_EQUAL(text, texts[i]);
        free(text);
        free(path);
        free(texts[i]);
    }
    char *none = testutil_path(dir, "o.json");
    CU_ASSERT_PTR_NULL(testutil_read_file(none));
    free(none);
    free(merge);
    free(sym);
    free(hard);
    testutil_remove_tree(dir);
    free(dir);
}

/* Issue 26: printing onto a full device is an error with its reason. */
static void test_cli_failed_standard_output(void)
{
    const char *ex = AITOOL_SOURCE_DIR "/chips/examples";
    const char *table[] = {AITOOL_CHIPS, "-machine", "machine.json", "memsort.la", NULL};
    const char *csv[] = {AITOOL_CHIPS, "-machine", "machine.json", "-csv", "-", "memsort.la", NULL};
    const char *list[] = {AITOOL_CHIPS, "-list", "memsort.la", NULL};
    const char *help[] = {AITOOL_CHIPS, "-help", NULL};
    const char *const *cases[] = {table, csv, list, help};
    for (int i = 0; i < 4; i++) {
        testutil_proc r = testutil_exec_full(ex, cases[i]);
        CU_ASSERT_EQUAL(r.status, 1);
        CU_ASSERT_STRING_EQUAL(r.err, "chips: error: writing standard output: No space left on "
                                      "device\n");
        testutil_proc_release(&r);
    }
}

static void test_cli_usage(void)
{
    static const struct {
        const char *args[8];
        int status;
        const char *err;
    } cases[] = {
        {{"-machine", "machine.json", "-D", "dtpp=1", "memsort.la"}, 2,
         "chips: error: -D dtpp=1: 'dtpp' is not a numeric interface variable of 'memsort'"},
        {{"-machine", "machine.json", "-D", "Nelem=x", "memsort.la"}, 2,
         "chips: error: -D Nelem=x: the value is not a number"},
        {{"memsort.la"}, 2, "chips: error: -machine FILE is required"},
        {{"-machine", "machine.json", "-sweep", "Nelem=1:1e9", "memsort.la"}, 2,
         "chips: error: -sweep Nelem=1:1e9: more than 1000000 points"},
        {{"-machine", "machine.json", "-sweep", "Nelem=5:1", "memsort.la"}, 2,
         "chips: error: -sweep Nelem=5:1: FROM is above TO"},
        {{"-machine", "machine.json", "-plot", "x.pdf", "memsort.la"}, 2,
         "chips: error: -plot x.pdf: the file must end in .png or .svg"},
        {{"-bogus", "memsort.la"}, 2, "chips: error: unknown option '-bogus'"},
        {{"-machine", "memsort.la", "memsort.la"}, 1,
         "memsort.la:1:1: error: the machine file is not valid JSON"},
        {{"-check", "nothere.la"}, 1, "nothere.la:1:1: error: cannot open CHIP3S file"},
        {{"-machine", "machine.json", "-json", "memsort.la", "memsort.la"}, 2,
         "refusing to overwrite it"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        testutil_proc r = run_chips(cases[i].args);
        CU_ASSERT_EQUAL(r.status, cases[i].status);
        CU_ASSERT_PTR_NOT_NULL(strstr(r.err, cases[i].err));
        if (r.status != cases[i].status || !strstr(r.err, cases[i].err))
            fprintf(stderr, "\n  case %zu: status %d, err: %s\n", i, r.status, r.err);
        testutil_proc_release(&r);
    }
    /* Issue 26: swept values are exact in the table (four rows read 1e+06); an element
     * is whole bytes (issue 32), so Nsize is. */
    const char *exact[] = {"-machine", "machine.json", "-sweep", "Nelem=1000000:1000048:+16",
                           "-sweep", "Nsize=2:2", "memsort.la", NULL};
    testutil_proc t = run_chips(exact);
    CU_ASSERT_EQUAL(t.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(t.out, "\n1000000        2              16             "));
    CU_ASSERT_PTR_NOT_NULL(strstr(t.out, "\n1000048        2              16             "));
    testutil_proc_release(&t);
    const char *check[] = {"-check", "memsort.la", NULL};
    testutil_proc r = run_chips(check);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "");
    testutil_proc_release(&r);
    const char *list[] = {"-list", "memsort.la", NULL};
    r = run_chips(list);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "Nelem            dtdp     numeric\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "Nproc            sysd     numeric\n"));
    testutil_proc_release(&r);
    /* every type by its name (a string was "other") */
    char *dir = testutil_make_tempdir();
    char *typed = testutil_path(dir, "typed.la");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(typed,
        "application typed {\nvar dtdp numeric: N = 1;\nvar dtdp string: name = \"x\";\n"
        "var dtdp vector: v = <is flop, 2*add>;\nproc exec init { return N; }\n}\n"));
    const char *list_typed[] = {"-list", typed, NULL};
    r = run_chips(list_typed);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "N                dtdp     numeric\n"
                                  "name             dtdp     string\n"
                                  "v                dtdp     vector\n");
    testutil_proc_release(&r);
    testutil_remove_tree(dir);
    free(typed);
    free(dir);
    const char *help[] = {"-help", NULL};
    r = run_chips(help);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "usage: chips [options] APP.la"));
    testutil_proc_release(&r);
}

/* Option debug (issue 32): each object with debug = 1 traces its evaluation on standard
 * error: a partmp its steps and stages, a subtask its time and the Nproc it linked, the
 * application its time; the table is unchanged.  Hand values: stage 1 is 1 + 2 s, stage
 * 2 is 2 + 2 s (la.stage, then hardware.Nproc as st links it), 7 s in all. */
static void test_cli_debug(void)
{
    char *dir = testutil_make_tempdir();
    const char *files[][2] = {
        {"a.la", "application a { include st; option { debug = 1 }\n"
                 "proc exec init { return st; } }\n"},
        {"st.la", "subtask st { include pm; include hardware;\n"
                  "link { hardware: Nproc = 2; } option { debug = 1 } }\n"},
        {"pm.la", "partmp pm { include hardware; include la;\n"
                  "option { nstage = 2, seval = 1, debug = 1 }\n"
                  "proc exec init { step cpu { confdev la.stage; }\n"
                  "step cpu { confdev hardware.Nproc; } } }\n"},
    };
    for (size_t i = 0; i < 3; i++) {
        char *path = testutil_path(dir, files[i][0]);
        CU_ASSERT_TRUE_FATAL(testutil_write_file(path, files[i][1]));
        free(path);
    }
    char *app = testutil_path(dir, "a.la");
    const char *args[] = {"-machine", "machine.json", app, NULL};
    testutil_proc r = run_chips(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "time_s\n7\n");
    testutil_proc_release(&r);
    /* -quiet (LaOutNone): the same traces, no table */
    const char *quiet[] = {"-quiet", "-machine", "machine.json", app, NULL};
    r = run_chips(quiet);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "");
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "debug: application a: 7 s\n"));
    CU_ASSERT_STRING_EQUAL(r.err, "debug: partmp pm: stage 1: step cpu: 1 s\n"
                                  "debug: partmp pm: stage 1: step cpu: 2 s\n"
                                  "debug: partmp pm: stage 1: 3 s\n"
                                  "debug: partmp pm: stage 2: step cpu: 2 s\n"
                                  "debug: partmp pm: stage 2: step cpu: 2 s\n"
                                  "debug: partmp pm: stage 2: 4 s\n"
                                  "debug: partmp pm: 7 s (2 stages, seval 1)\n"
                                  "debug: subtask st: 7 s (hardware.Nproc 2)\n"
                                  "debug: application a: 7 s\n");
    testutil_proc_release(&r);
    /* 0 and 1 only */
    char *bad = testutil_path(dir, "a.la");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(bad, "application a { include st; "
                                                  "option { debug = 2 }\n"
                                                  "proc exec init { return st; } }\n"));
    r = run_chips(args);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "a.la:1:38: error: option debug of 'a' must be a "
                                         "whole number from 0 to 1"));
    testutil_proc_release(&r);
    testutil_remove_tree(dir);
    free(bad);
    free(app);
    free(dir);
}

/* -plot: a chart when gnuplot is installed, else a clear error */
static void test_cli_plot(void)
{
    char *dir = testutil_make_tempdir();
    char *svg = testutil_path(dir, "t.svg");
    const char *args[] = {"-machine", "machine.json", "-plot", svg, "-sweep", "Nproc=4:16:x2",
                          "memsort.la", NULL};
    testutil_proc r = run_chips(args);
    if (system("command -v gnuplot > /dev/null 2>&1") == 0) {
        CU_ASSERT_EQUAL(r.status, 0);
        char *text = testutil_read_file(svg);
        CU_ASSERT_PTR_NOT_NULL(text);
        CU_ASSERT_PTR_NOT_NULL(text ? strstr(text, "<svg") : NULL);
        /* one sweep: one line, no key */
        CU_ASSERT_PTR_NULL(text ? strstr(text, "Nproc=") : NULL);
        free(text);
        /* two sweeps: a line per value of the second, each named in the key */
        const char *two[] = {"-machine", "machine.json", "-plot", svg, "-D", "Nsize=8",
                             "-sweep", "Nelem=1000:3000:+1000", "-sweep", "Nproc=4:8:x2",
                             "memsort.la", NULL};
        testutil_proc_release(&r);
        r = run_chips(two);
        CU_ASSERT_EQUAL(r.status, 0);
        text = testutil_read_file(svg);
        CU_ASSERT_PTR_NOT_NULL_FATAL(text);
        CU_ASSERT_PTR_NOT_NULL(strstr(text, ">Nproc=4<"));
        CU_ASSERT_PTR_NOT_NULL(strstr(text, ">Nproc=8<"));
        free(text);
    } else {
        CU_ASSERT_EQUAL(r.status, 1);
        CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "gnuplot is not installed"));
    }
    testutil_proc_release(&r);
    const char *no_sweep[] = {"-machine", "machine.json", "-plot", svg, "memsort.la", NULL};
    r = run_chips(no_sweep);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "chips: error: -plot needs -sweep"));
    testutil_proc_release(&r);
    testutil_remove_tree(dir);
    free(dir);
    free(svg);
}

static void test_cli_files(void)
{
    char *dir = testutil_make_tempdir();
    char *csv = testutil_path(dir, "out.csv");
    char *json = testutil_path(dir, "out.json");
    const char *args[] = {"-machine", "machine.json", "-csv", csv, "-json", json, "memsort.la",
                          NULL};
    testutil_proc r = run_chips(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "time_s\n262144"));
    testutil_proc_release(&r);
    char *text = testutil_read_file(csv);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_TRUE(!strncmp(text, "Nelem,Nsize,Nproc,time_s\n262144,4,16,", 37));
    free(text);
    text = testutil_read_file(json);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"points\":\t[{"));
    free(text);
    /* an unwritable output: exit 1 */
    const char *bad[] = {"-machine", "machine.json", "-csv", "/nonexistent-dir/x.csv",
                         "memsort.la", NULL};
    r = run_chips(bad);
    CU_ASSERT_EQUAL(r.status, 1);
    testutil_proc_release(&r);
    testutil_remove_tree(dir);
    free(dir);
    free(csv);
    free(json);
}

int main(void)
{
    static const testutil_case language[] = {
        {"cflow statements", test_cflow_statements},
        {"exec statements", test_exec_statements},
        {"expressions and built-ins", test_expressions},
        {"resource vector types", test_vector_types},
        {"costs derived from a machine file", test_derived_costs},
        {"links", test_links},
        {"partmp options: nstage, seval", test_options},
        {"subtask templates", test_templates},
        {"a link to hardware holds while its subtask runs", test_link_scope},
        {"include directories", test_include_dirs},
        {"each point from the declared values", test_fresh_points},
        {"devices: cpu and inpcom (LogGP)", test_devices},
        {"errors at file:line:col", test_errors},
        {"device and machine errors", test_device_errors},
        {"deep nesting", test_deep_nesting},
        {"memsort by hand", test_memsort},
        {"mutated examples", test_mutations},
        {NULL, NULL},
    };
    static const testutil_case cli[] = {
        {"table, CSV and JSON", test_cli_outputs},
        {"standard input for one file", test_cli_standard_input},
        {"exit and print", test_cli_exit_and_print},
        {"-network: SIMON's switch models for inpcom", test_cli_network},
        {"usage and input errors", test_cli_usage},
        {"--version", test_cli_version},
        {"outputs over included objects", test_cli_outputs_over_included_objects},
        {"failed standard output", test_cli_failed_standard_output},
        {"output files", test_cli_files},
        {"plot", test_cli_plot},
        {"option debug", test_cli_debug},
        {NULL, NULL},
    };
    static const testutil_suite suites[] = {{"chips language", language},
                                            {"chips command line", cli}};
    return testutil_run(suites, 2);
}
