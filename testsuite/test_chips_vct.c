/* CHIP3S vector types (chips_vct.h, vctdef, chips -vectors) against values
 * worked out by hand: the specification vctdef writes, a program costed in
 * user types of each kind (fixed and variable numbers of elements, symbols,
 * combinations, numbers), and each error at its file:line:col. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chips.h"
#include "chips_vct.h"
#include "diag.h"
#include "machine.h"
#include "strbuf.h"
#include "testutil.h"

#define MAGIC CHIPS_VCT_MAGIC "\n"

/* The types of the tests: gpu (combination, any number of elements), sync
 * (two symbols), pages (numbers). */
static const char *const test_spec = MAGIC "vector gpu variable combination launch h2d d2h\n"
                                           "vector sync 2 symbol barrier fence\n"
                                           "vector pages variable numeric\n";

/* Costs that make sums easy by hand: gpu launch 10, h2d 0.5, d2h 0.25;
 * sync barrier 3, fence 1; pages unit 2; flop add 1. */
static const machine_chips_cost test_costs[] = {
    {"gpu", "launch", 10, 1, 1}, {"gpu", "h2d", 0.5, 1, 1}, {"gpu", "d2h", 0.25, 1, 1},
    {"sync", "barrier", 3, 1, 1}, {"sync", "fence", 1, 1, 1},   {"pages", "unit", 2, 1, 1},
};

static chips_hardware test_hw(size_t ncosts)
{
    chips_hardware hw;
    memset(&hw, 0, sizeof hw);
    hw.name = "test";
    hw.nproc = 1;
    hw.flop[0] = 1;
    hw.user = test_costs;
    hw.nuser = ncosts;
    return hw;
}

typedef struct vct_outcome {
    bool loaded, ran;
    double time;
    char *messages; /* what diag printed; free() it */
} vct_outcome;

/* Writes app.la and the specification files (x.vspec, y.vspec, ...), loads
 * the program with them and evaluates a point with N set to n (n < 0: its
 * declared value). */
static vct_outcome run_typed(const char *app, const char *const *specs, size_t nspecs,
                             const chips_hardware *hw, double n)
{
    vct_outcome out = {0};
    char *dir = testutil_make_tempdir();
    CU_ASSERT_PTR_NOT_NULL_FATAL(dir);
    char *app_path = testutil_path(dir, "app.la");
    CU_ASSERT_TRUE(testutil_write_file(app_path, app));
    char *paths[4] = {0};
    for (size_t i = 0; i < nspecs && i < 4; i++) {
        char name[] = "x.vspec";
        name[0] = (char)('x' + i);
        paths[i] = testutil_path(dir, name);
        CU_ASSERT_TRUE(testutil_write_file(paths[i], specs[i]));
    }
    FILE *log = tmpfile();
    diag_set_stream(log);
    chips_program *p = chips_load(app_path, NULL, 0, (const char *const *)paths, nspecs);
    out.loaded = p != NULL;
    if (p) {
        chips_setting s = {0, n};
        bool has_time;
        out.ran = chips_evaluate(p, hw, &s, n >= 0, &out.time, &has_time, NULL) && has_time;
    }
    chips_free(&p);
    diag_set_stream(NULL);
    out.messages = testutil_read_stream(log);
    fclose(log);
    for (size_t i = 0; i < 4; i++)
        free(paths[i]);
    free(app_path);
    testutil_remove_tree(dir);
    free(dir);
    return out;
}

static void expect_message(const vct_outcome *o, const char *message)
{
    CU_ASSERT_FALSE(o->ran);
    CU_ASSERT_PTR_NOT_NULL(strstr(o->messages, message));
    if (!strstr(o->messages, message))
        fprintf(stderr, "\n  got: %s  expected: %s\n", o->messages, message);
}

static void test_compile(void)
{
    static const char defs[] = "(* two types *)\n"
                               "def pair { args 2; type symbol; { x, y } }\n"
                               "def cost {\n"
                               "  args variable;\n"
                               "  type combination;\n"
                               "  { a, b };\n"
                               "}\n"
                               "def n { args 3; type numeric; }\n";
    strbuf spec = STRBUF_INIT;
    CU_ASSERT_TRUE(chips_vct_compile("d.vdef", defs, &spec));
    CU_ASSERT_STRING_EQUAL(strbuf_cstr(&spec), MAGIC "vector pair 2 symbol x y\n"
                                                     "vector cost variable combination a b\n"
                                                     "vector n 3 numeric\n");
    strbuf_release(&spec);
}

static void test_compile_errors(void)
{
    static const struct {
        const char *defs, *message;
    } cases[] = {
        {"(* nothing *)", "d.vdef:1:14: error: no vector type defined (def NAME { ... })"},
        {"def a { args variable; type numeric; }\ndef a { args 1; type numeric; }",
         "d.vdef:2:5: error: vector type 'a' defined twice (first at 1:5)"},
        {"def a { args 0; type numeric; }",
         "d.vdef:1:14: error: a vector's number of elements is a whole number from 1 to "
         "1000000, not 0"},
        {"def a { args 2.5; type numeric; }",
         "d.vdef:1:14: error: a vector's number of elements is a whole number from 1 to "
         "1000000, not 2.5"},
        {"def a { args variable; type numeric; { x } }",
         "d.vdef:1:38: error: a numeric type has no symbols (its elements are numbers)"},
        {"def a { args variable; type symbol; }",
         "d.vdef:1:37: error: a symbol type lists its symbols: { a, b, ... }"},
        {"def a { args variable; type combination; { x, y, x } }",
         "d.vdef:1:50: error: symbol 'x' listed twice (first at 1:44)"},
        {"def a { args variable; type vector; }",
         "d.vdef:1:29: error: expected 'numeric', 'symbol' or 'combination' after 'type'"},
        {"def a { type numeric; }", "d.vdef:1:9: error: expected 'args', not 'type'"},
        {"define a { }", "d.vdef:1:1: error: expected 'def', not 'define'"},
        {"def a { args variable; type symbol; { if } }",
         "d.vdef:1:39: error: expected identifier, not 'if'"},
        {"def a { args variable; type numeric; ", "d.vdef:1:38: error: expected '}'"},
        {"def a { args 1; type symbol; "
         "{ x, s1234567890123456789012345678901234567890123456789012345678901234 } }",
         "d.vdef:1:35: error: a name of more than 64 bytes"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        strbuf spec = STRBUF_INIT;
        FILE *log = tmpfile();
        diag_set_stream(log);
        CU_ASSERT_FALSE(chips_vct_compile("d.vdef", cases[i].defs, &spec));
        diag_set_stream(NULL);
        char *got = testutil_read_stream(log);
        fclose(log);
        CU_ASSERT_PTR_NOT_NULL(strstr(got, cases[i].message));
        if (!strstr(got, cases[i].message))
            fprintf(stderr, "\n  got: %s  expected: %s\n", got, cases[i].message);
        CU_ASSERT_STRING_EQUAL(strbuf_cstr(&spec), "");
        free(got);
        strbuf_release(&spec);
    }
}

/* One of each kind, and a built-in type beside them:
 *   gpu: launch 10 + N h2d 0.5 + 2N d2h 0.25 = 10 + N
 *   sync: barrier 3 + fence 1 = 4
 *   pages: (N/2 + 1) x unit 2 = N + 2
 *   loop 3 x (sync fence, fence 2 + flop 2 add 2) = 12
 * so 28 + 2N: 44 for N = 8, 32 for N = 2. */
static const char *const typed_app =
    "application t {\n"
    "var dtdp numeric: N = 8;\n"
    "proc cflow k {\n"
    "  compute <is gpu, launch, N*h2d, 2*N*d2h>;\n"
    "  compute <is sync, barrier, fence>;\n"
    "  compute <is pages, N/2, 1>;\n"
    "  loop <is sync, fence, fence>, 3 { compute <is flop, 2*add>; }\n"
    "}\n"
    "proc exec init { return k; }\n"
    "}\n";

static void test_user_types(void)
{
    chips_hardware hw = test_hw(sizeof test_costs / sizeof *test_costs);
    double ns[] = {-1, 2};
    double want[] = {44, 32};
    for (size_t i = 0; i < 2; i++) {
        vct_outcome o = run_typed(typed_app, &test_spec, 1, &hw, ns[i]);
        CU_ASSERT_TRUE(o.ran);
        CU_ASSERT_DOUBLE_EQUAL(o.time, want[i], 1e-12);
        if (!o.ran)
            fprintf(stderr, "\n%s", o.messages);
        free(o.messages);
    }
}

/* `<is T, ...>` in app (line 2 of it) against the types of test_spec. */
static vct_outcome run_use(const char *compute, size_t ncosts)
{
    char app[512];
    snprintf(app, sizeof app,
             "application t {\nproc cflow k { compute %s; }\nproc exec init { return k; }\n}\n",
             compute);
    chips_hardware hw = test_hw(ncosts);
    return run_typed(app, &test_spec, 1, &hw, -1);
}

static void test_use_errors(void)
{
    static const struct {
        const char *compute, *message;
        size_t ncosts;
    } cases[] = {
        {"<is sync, barrier, wait>",
         "app.la:2:43: error: each element of a sync vector is one of its symbols (barrier, ...)",
         6},
        {"<is sync, barrier>", "app.la:2:24: error: a sync vector has 2 elements, not 1", 6},
        {"<is gpu, 3>",
         "app.la:2:33: error: each element of a gpu vector is a count times one gpu symbol "
         "(3*launch)",
         6},
        {"<is gpu, launch*h2d>",
         "app.la:2:39: error: each element of a gpu vector is a count times one gpu symbol", 6},
        {"<is gpu, 2*d2h>", "app.la:2:35: error: the machine file gives no \"chips\" cost of gpu "
                            "d2h", 2},
        {"<is pages, 1>", "app.la:2:24: error: the machine file gives no \"chips\" pages unit", 5},
        {"<is pages, barrier>", "app.la:2:35: error: unknown name 'barrier'", 6},
        {"<is gpus, 1>",
         "app.la:2:24: error: unknown vector type 'gpus' (data, time, icc, flop, mem, hllc, gpu, "
         "sync, pages; vctdef and -vectors add others)",
         6},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        vct_outcome o = run_use(cases[i].compute, cases[i].ncosts);
        expect_message(&o, cases[i].message);
        free(o.messages);
    }
}

static void test_spec_errors(void)
{
    static const struct {
        const char *spec, *message;
    } cases[] = {
        {"def gpu { args variable; type numeric; }\n",
         "x.vspec:1:1: error: not a vector specification (its first line is 'CHIP3S vector "
         "specification 1'; vctdef writes one from a definition file)"},
        {MAGIC "vector flop variable combination a\n",
         "x.vspec:2:8: error: vector type 'flop' is already defined (by built-in)"},
        {MAGIC "vector t 0 numeric\n",
         "x.vspec:2:10: error: expected 'variable' or a number of elements from 1 to 1000000, "
         "not '0'"},
        {MAGIC "vector t variable numeric x\n", "x.vspec:2:19: error: a numeric type has no "
                                               "symbols"},
        {MAGIC "vector t variable symbol\n",
         "x.vspec:2:19: error: a symbol or combination type lists its symbols"},
        {MAGIC "vector t variable symbol if\n", "x.vspec:2:26: error: 'if' is not a name"},
        {MAGIC "vector t variable symbol a a\n", "x.vspec:2:28: error: symbol 'a' listed twice"},
        {MAGIC "vector t variable sum a\n",
         "x.vspec:2:19: error: expected 'numeric', 'symbol' or 'combination'"},
        {MAGIC "\ntype t\n", "x.vspec:3:1: error: expected 'vector NAME ARGS KIND [SYMBOL ...]'"},
    };
    const char *app = "application t {\nproc exec init { return 1; }\n}\n";
    chips_hardware hw = test_hw(0);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        vct_outcome o = run_typed(app, &cases[i].spec, 1, &hw, -1);
        CU_ASSERT_FALSE(o.loaded);
        expect_message(&o, cases[i].message);
        free(o.messages);
    }
    /* a type in two files */
    const char *twice[] = {test_spec, MAGIC "vector pages 1 numeric\n"};
    vct_outcome o = run_typed(app, twice, 2, &hw, -1);
    CU_ASSERT_FALSE(o.loaded);
    expect_message(&o, "y.vspec:2:8: error: vector type 'pages' is already defined (by ");
    expect_message(&o, "x.vspec)");
    free(o.messages);
}

/* A machine file whose "chips" "costs" are costs (a JSON object's members). */
static machine *parse_costs(const char *costs, char **messages)
{
    char text[1024];
    snprintf(text, sizeof text,
             "{\"name\": \"m\", \"peak_gflops\": 1, \"memory_bandwidth_gbs\": 1,\n"
             "\"write_allocate\": true, \"caches\": [{\"level\": 1, \"size_bytes\": 64}],\n"
             "\"flop_weights\": {\"add\": 1, \"multiply\": 1, \"divide\": 1, \"special\": 1},\n"
             "\"chips\": {\"costs\": {%s}}}\n",
             costs);
    FILE *log = tmpfile();
    diag_set_stream(log);
    machine *m = machine_parse("m.json", text);
    diag_set_stream(NULL);
    *messages = testutil_read_stream(log);
    fclose(log);
    return m;
}

static void test_machine_costs(void)
{
    char *messages;
    machine *m = parse_costs("\"gpu\": {\"launch\": 5e-6, \"h2d\": 4e-11}, \"flop\": {\"add\": 1}, "
                             "\"pages\": {\"unit\": 1e-7}",
                             &messages);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_EQUAL(m->chips.nuser, 3);
    CU_ASSERT_STRING_EQUAL(m->chips.user[1].type, "gpu");
    CU_ASSERT_STRING_EQUAL(m->chips.user[1].element, "h2d");
    CU_ASSERT_DOUBLE_EQUAL(m->chips.user[1].seconds, 4e-11, 1e-24);
    CU_ASSERT_EQUAL(m->chips.user[1].line, 4);
    CU_ASSERT_EQUAL(m->chips.user[1].col, 45);
    CU_ASSERT_STRING_EQUAL(m->chips.user[2].type, "pages");
    CU_ASSERT_TRUE(m->chips.has_flop[0]);
    /* written back as read */
    char *json = machine_to_json(m);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"gpu\":\t{\n\t\t\t\t\"launch\":\t5e-06,"));
    machine *again = machine_parse("again.json", json);
    CU_ASSERT_PTR_NOT_NULL_FATAL(again);
    CU_ASSERT_EQUAL(again->chips.nuser, 3);
    CU_ASSERT_STRING_EQUAL(again->chips.user[2].element, "unit");
    machine_free(&again);
    free(json);
    machine_free(&m);
    free(messages);
    static const struct {
        const char *costs, *message;
    } bad[] = {
        {"\"gpu\": 3", "m.json:4:28: error: \"gpu\" must be an object"},
        {"\"gpu\": {\"launch\": -1}", "m.json:4:39: error: \"launch\" must be from 0 to 1e+06"},
        {"\"gpu\": {\"launch\": 1, \"launch\": 2}", "m.json:4:42: error: duplicate key 'launch'"},
        {"\"gpu\": {}, \"gpu\": {}", "m.json:4:32: error: duplicate key 'gpu'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        m = parse_costs(bad[i].costs, &messages);
        CU_ASSERT_PTR_NULL(m);
        CU_ASSERT_PTR_NOT_NULL(strstr(messages, bad[i].message));
        if (!strstr(messages, bad[i].message))
            fprintf(stderr, "\n  got: %s  expected: %s\n", messages, bad[i].message);
        machine_free(&m);
        free(messages);
    }
}

static testutil_proc run_tool(const char *tool, const char *const *args)
{
    return testutil_exec_program(AITOOL_SOURCE_DIR "/chips/examples", tool, args);
}

static void expect_run(const testutil_proc *r, int status, const char *err)
{
    CU_ASSERT_EQUAL(r->status, status);
    CU_ASSERT_PTR_NOT_NULL(strstr(r->err, err));
    if (r->status != status || !strstr(r->err, err))
        fprintf(stderr, "\n  status %d, stderr: %s  expected %d, %s\n", r->status, r->err, status,
                err);
}

/* chips/README.md's worked example: vctdef offload.vdef, then chips -vectors.
 * 8 N = 8388608 bytes each way: launch 5e-6 + 8388608 x 4e-11 + 8388608 x 5e-11
 * = 7.5997472e-4 s; sync 2e-6 + 1e-7; pages 2048 x 1e-7 = 2.048e-4; in all
 * 9.6687472e-4 s. */
static void test_cli_example(void)
{
    char *dir = testutil_make_tempdir();
    char *spec = testutil_path(dir, "offload.vspec");
    const char *compile[] = {"-o", spec, "offload.vdef", NULL};
    testutil_proc r = run_tool(AITOOL_VCTDEF, compile);
    expect_run(&r, 0, "");
    testutil_proc_release(&r);
    char *text = testutil_read_file(spec);
    CU_ASSERT_STRING_EQUAL(text, MAGIC "vector gpu variable combination launch h2d d2h\n"
                                       "vector sync 2 symbol barrier fence\n"
                                       "vector pages variable numeric\n");
    free(text);
    const char *run[] = {"-vectors", spec, "-machine", "offload.json", "-csv", "-",
                         "offload.la", NULL};
    r = run_tool(AITOOL_CHIPS, run);
    expect_run(&r, 0, "");
    double t = 0;
    CU_ASSERT_EQUAL(sscanf(r.out, "N,time_s\n1048576,%lf", &t), 1);
    CU_ASSERT_DOUBLE_EQUAL(t, 9.6687472e-4, 1e-16);
    testutil_proc_release(&r);

    /* the machine file names a symbol the type lacks, a type the program lacks */
    char *mfile = testutil_path(dir, "m.json");
    char *src = testutil_read_file(AITOOL_SOURCE_DIR "/chips/examples/offload.json");
    char *bad = testutil_replace(src, "\"fence\"", "\"fense\"");
    CU_ASSERT_TRUE(testutil_write_file(mfile, bad));
    const char *with_bad[] = {"-vectors", spec, "-machine", mfile, "offload.la", NULL};
    r = run_tool(AITOOL_CHIPS, with_bad);
    expect_run(&r, 1, "m.json:12:33: error: 'fense' is not a symbol of vector type 'sync'");
    testutil_proc_release(&r);
    free(bad);
    bad = testutil_replace(src, "\"pages\": {\"unit\"", "\"page\": {\"unit\"");
    CU_ASSERT_TRUE(testutil_write_file(mfile, bad));
    r = run_tool(AITOOL_CHIPS, with_bad);
    expect_run(&r, 1, "m.json:13:16: error: 'unit' costs a vector type 'page' the program does "
                      "not have (-vectors)");
    testutil_proc_release(&r);
    free(bad);
    free(src);

    /* a specification that is not one: chips exits 1 */
    const char *not_spec[] = {"-vectors", "offload.vdef", "-check", "offload.la", NULL};
    r = run_tool(AITOOL_CHIPS, not_spec);
    expect_run(&r, 1, "offload.vdef:1:1: error: not a vector specification");
    testutil_proc_release(&r);
    free(mfile);
    free(spec);
    testutil_remove_tree(dir);
    free(dir);
}

static void test_cli_vctdef_errors(void)
{
    char *dir = testutil_make_tempdir();
    char *defs = testutil_path(dir, "d.vdef");
    CU_ASSERT_TRUE(testutil_write_file(defs, "def a { args variable; type symbol; }\n"));
    const char *bad[] = {defs, NULL};
    testutil_proc r = run_tool(AITOOL_VCTDEF, bad);
    expect_run(&r, 1, "d.vdef:1:37: error: a symbol type lists its symbols");
    testutil_proc_release(&r);
    /* nothing written after an error */
    char *spec = testutil_path(dir, "d.vspec");
    CU_ASSERT_PTR_NULL(testutil_read_file(spec));
    const char *none[] = {NULL};
    r = run_tool(AITOOL_VCTDEF, none);
    expect_run(&r, 2, "vctdef: error: expected one definition file");
    testutil_proc_release(&r);
    const char *over[] = {"-o", defs, defs, NULL};
    r = run_tool(AITOOL_VCTDEF, over);
    expect_run(&r, 2, "refusing to overwrite it");
    testutil_proc_release(&r);
    /* -check writes nothing; the default output is d.vspec */
    CU_ASSERT_TRUE(testutil_write_file(defs, "def a { args 1; type numeric; }\n"));
    const char *check[] = {"-check", defs, NULL};
    r = run_tool(AITOOL_VCTDEF, check);
    expect_run(&r, 0, "");
    testutil_proc_release(&r);
    CU_ASSERT_PTR_NULL(testutil_read_file(spec));
    const char *plain[] = {defs, NULL};
    r = run_tool(AITOOL_VCTDEF, plain);
    expect_run(&r, 0, "");
    testutil_proc_release(&r);
    char *text = testutil_read_file(spec);
    CU_ASSERT_STRING_EQUAL(text, MAGIC "vector a 1 numeric\n");
    free(text);
    free(spec);
    free(defs);
    testutil_remove_tree(dir);
    free(dir);
}

static void test_cli_version(void)
{
    testutil_expect_version(AITOOL_VCTDEF, "vctdef", false);
}

int main(void)
{
    static const testutil_case cases[] = {
        {"definition to specification", test_compile},
        {"definition errors", test_compile_errors},
        {"user types of each kind, by hand", test_user_types},
        {"errors where a type is used", test_use_errors},
        {"specification errors", test_spec_errors},
        {"machine file costs of user types", test_machine_costs},
        {"vctdef and chips -vectors: the README's example", test_cli_example},
        {"vctdef errors and outputs", test_cli_vctdef_errors},
        {"--version", test_cli_version},
        {NULL, NULL},
    };
    static const testutil_suite suites[] = {{"chips vector types", cases}};
    return testutil_run(suites, 1);
}
