/* measuretool as a user runs it: options, outputs, and bad input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "strbuf.h"
#include "testutil.h"

static char *tmpdir;

/* Runs measuretool in the test's temporary directory. */
static testutil_proc run(const char *const *args)
{
    return testutil_exec_program(tmpdir, AITOOL_MEASURETOOL, args);
}

static char *read_in_tmp(const char *name)
{
    char *path = testutil_path(tmpdir, name);
    char *text = testutil_read_file(path);
    free(path);
    return text;
}

static int count_blocks(const char *report)
{
    int n = 0;
    for (const char *s = report; (s = strstr(s, "Floating Point Operation Counts")) != NULL; s++)
        n++;
    return n;
}

#define DOT AITOOL_SOURCE_DIR "/examples/dot.c"
#define SMALL_VM AITOOL_SOURCE_DIR "/perfmodel/machines/small-vm-2core.json"
#define BROKEN AITOOL_KERNEL_DIR "/broken.c"

static void test_no_input_is_a_usage_error(void)
{
    const char *args[] = {"-static-counting-only", NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "measuretool: error: no input files"));
    testutil_proc_release(&r);
}

static void test_help(void)
{
    const char *args[] = {"-help", NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "usage: measuretool [options]"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "-static-counting-only"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "-report-file FILE"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "-json FILE"));
    testutil_proc_release(&r);
}

/* --version: one line with the version and libclang's. */
static void test_version(void)
{
    testutil_expect_version(AITOOL_MEASURETOOL, "measuretool", true);
}

static void test_unknown_option(void)
{
    const char *args[] = {"-static-counting-only", "-bogus", DOT, NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "measuretool: error: unknown option '-bogus'"));
    testutil_proc_release(&r);
}

static void test_option_without_value(void)
{
    const char *args[] = {DOT, "-static-counting-only", "-report-file", NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "option '-report-file' needs a value"));
    testutil_proc_release(&r);
}

static void test_default_report_rewritten_not_appended(void)
{
    const char *args[] = {"-static-counting-only", DOT, NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    char *first = read_in_tmp("ai_tool_report.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(first);
    CU_ASSERT_EQUAL(count_blocks(first), 3);
    r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *second = read_in_tmp("ai_tool_report.txt");
    CU_ASSERT_STRING_EQUAL(second, first);
    free(first);
    free(second);
}

static void test_broken_file_does_not_stop_the_others(void)
{
    char *before = testutil_read_file(BROKEN);
    const char *args[] = {"-static-counting-only", "-report-file", "r.txt", BROKEN, DOT, NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "kernels/broken.c:5:26: error: expected ';'"));
    testutil_proc_release(&r);
    char *report = read_in_tmp("r.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    CU_ASSERT_EQUAL(count_blocks(report), 3);
    CU_ASSERT_PTR_NULL(strstr(report, "broken.c"));
    CU_ASSERT_PTR_NOT_NULL(strstr(report, "examples/dot.c:9:5"));
    free(report);
    char *after = testutil_read_file(BROKEN);
    CU_ASSERT_STRING_EQUAL(after, before);
    free(before);
    free(after);
}

static void test_missing_file(void)
{
    const char *args[] = {"-static-counting-only", "-report-file", "m.txt", "missing.c", DOT, NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "missing.c:1:1: error: cannot open input file"));
    testutil_proc_release(&r);
    char *report = read_in_tmp("m.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    CU_ASSERT_EQUAL(count_blocks(report), 3);
    free(report);
}

/* Issue 13: a directory or a device said "libclang could not parse the file (error 4)". */
static void test_directory_and_device_inputs(void)
{
    char *dir = testutil_path(tmpdir, "adir.c");
    CU_ASSERT_EQUAL_FATAL(mkdir(dir, 0700), 0);
    free(dir);
    const char *args[] = {"-static-counting-only", "-report-file", "dd.txt", "adir.c", "/dev/null",
                          DOT, NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.err, "adir.c:1:1: error: cannot open input file: it is a directory\n"
                                  "/dev/null:1:1: error: cannot open input file: it is a device, "
                                  "not a file\n");
    testutil_proc_release(&r);
    char *report = read_in_tmp("dd.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    CU_ASSERT_EQUAL(count_blocks(report), 3); /* dot.c's three loops, the others add none */
    free(report);
    const char *annot[] = {"-static-counting-only", "-report-file", "dd.txt", "-annot", ".",
                           DOT, NULL};
    r = run(annot);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.err, ".:1:1: error: cannot open annotation file: it is a directory\n");
    testutil_proc_release(&r);
}

/* A chain of calls of one unknown operator (`s << a[i] << b[i]`) starts at
 * one place: warned about once. */
static void test_unknown_call_chain_warned_once(void)
{
    char *src = testutil_path(tmpdir, "chain.cpp");
    const char *code = "struct S {};\n"
                       "S &operator<<(S &, double);\n"
                       "void f(S &s, const double *a, const double *b, int n)\n"
                       "{\n"
                       "    for (int i = 0; i < n; i++)\n"
                       "        s << a[i] << b[i] << a[i];\n"
                       "}\n";
    CU_ASSERT_TRUE_FATAL(testutil_write_file(src, code));
    free(src);
    const char *args[] = {"-static-counting-only", "-report-file", "chain.txt", "chain.cpp", NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "chain.cpp:6:9: warning: 'operator<<' has no definition here "
                                  "and no annotation (see -annot): the loop's bytes are "
                                  "incomplete\n");
    testutil_proc_release(&r);
}

static void test_report_over_an_input_is_refused(void)
{
    char *src = testutil_path(tmpdir, "victim.c");
    const char *code = "void f(int n, double *a) { for (int i = 0; i < n; i++) a[i] *= 2.0; }\n";
    CU_ASSERT_TRUE_FATAL(testutil_write_file(src, code));
    const char *args[] = {"-static-counting-only", "-report-file", "victim.c", "victim.c", NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_STRING_EQUAL(r.err, "measuretool: error: -report-file 'victim.c' is the input "
                                  "'victim.c': refusing to overwrite it\n");
    testutil_proc_release(&r);
    const char *json_args[] = {"-static-counting-only", "-json", "./victim.c", "victim.c", NULL};
    r = run(json_args);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_STRING_EQUAL(r.err, "measuretool: error: -json './victim.c' is the input "
                                  "'victim.c': refusing to overwrite it\n");
    testutil_proc_release(&r);
    char *after = testutil_read_file(src);
    CU_ASSERT_STRING_EQUAL(after, code);
    free(after);
    free(src);
}

/* Issue 13: every file measuretool reads is an input no output may name: the
 * annotation files, -measured and -machine too, and the default copy ai_X.c. */
static void test_outputs_over_other_inputs_are_refused(void)
{
    const char *annot = "operator g(double *p) { modify {p}; read{p}; alias none; }\n";
    const char *names[] = {"keep.annot", "keep.json", "ai_keep.c", "keep.c"};
    const char *texts[] = {annot, "{}\n", "int h;\n", "int k;\n"};
    for (int i = 0; i < 4; i++) {
        char *path = testutil_path(tmpdir, names[i]);
        CU_ASSERT_TRUE_FATAL(testutil_write_file(path, texts[i]));
        free(path);
    }
    const char *json_over_annot[] = {"-static-counting-only", "-annot", "keep.annot", "-json",
                                     "keep.annot", "-report-file", "o.txt", DOT, NULL};
    const char *xml_over_machine[] = {"-static-counting-only", "-machine", "keep.json", "-xml",
                                      "./keep.json", "-report-file", "o.txt", DOT, NULL};
    const char *report_over_measured[] = {"-static-counting-only", "-measured", "keep.json",
                                          "-report-file", "keep.json", DOT, NULL};
    const char *default_copy[] = {"keep.c", "ai_keep.c", NULL};
    const char *const *cases[] = {json_over_annot, xml_over_machine, report_over_measured,
                                  default_copy};
    const char *errors[] = {
        "measuretool: error: -json 'keep.annot' is the input 'keep.annot': refusing to "
        "overwrite it\n",
        "measuretool: error: -xml './keep.json' is the input 'keep.json': refusing to "
        "overwrite it\n",
        "measuretool: error: -report-file 'keep.json' is the input 'keep.json': refusing to "
        "overwrite it\n",
        "measuretool: error: the instrumented copy 'ai_keep.c' is the input 'ai_keep.c': "
        "refusing to overwrite it\n",
    };
    for (int i = 0; i < 4; i++) {
        testutil_proc r = run(cases[i]);
        CU_ASSERT_EQUAL(r.status, 2);
        CU_ASSERT_STRING_EQUAL(r.err, errors[i]);
        testutil_proc_release(&r);
    }
    for (int i = 0; i < 4; i++) {
        char *text = read_in_tmp(names[i]);
        CU_ASSERT_STRING_EQUAL(text, texts[i]);
        free(text);
    }
    char *none = read_in_tmp("o.txt");
    CU_ASSERT_PTR_NULL(none);
    free(none);
}

/* Issue 26: outputs known only during the run are checked too: -chips
 * writes a subtask FUNC.la per function, which must not be an annotation
 * file, the machine file (even in a run that fails) or another output;
 * the instrumented copy must not be a header the file includes, nor the
 * program itself.  Nothing of such a run is written, and it is a usage
 * error. */
static void test_late_outputs_over_inputs_are_refused(void)
{
    const char *annot = "operator kern(int n, double *a) { modify{a}; read{a}; alias none; }\n";
    const char *code = "#include \"k.h\"\nvoid kern(int n, double *a)\n"
                       "{\n    for (int i = 0; i < n; i++)\n        a[i] *= K;\n}\n";
    const char *names[] = {"kern.la", "k.c", "k.h", "sub/kern.la"};
    const char *texts[] = {annot, code, "#define K 2.0\n", "{\"name\": \"m\"}\n"};
    char *sub = testutil_path(tmpdir, "sub");
    CU_ASSERT_EQUAL_FATAL(mkdir(sub, 0700), 0);
    free(sub);
    for (int i = 0; i < 4; i++) {
        char *path = testutil_path(tmpdir, names[i]);
        CU_ASSERT_TRUE_FATAL(testutil_write_file(path, texts[i]));
        free(path);
    }
    const char *over_annot[] = {"-static-counting-only", "-annot", "kern.la", "-chips", "st.la",
                                "k.c", NULL};
    const char *over_machine[] = {"-static-counting-only", "-machine", "sub/kern.la", "-chips",
                                  "sub/st.la", "k.c", NULL};
    const char *over_json[] = {"-static-counting-only", "-json", "./kern.la", "-chips", "st.la",
                               "-report-file", "-", "k.c", NULL};
    const char *over_header[] = {"-auto-instrument", "-o", "k.h", "k.c", NULL};
    const char *over_program[] = {"-auto-instrument", "-o", AITOOL_MEASURETOOL, "k.c", NULL};
    const char *const *cases[] = {over_annot, over_machine, over_json, over_header, over_program};
    const char *errors[] = {
        "measuretool: error: -chips' subtask 'kern.la' is the input 'kern.la': refusing to "
        "overwrite it\n",
        "measuretool: error: -chips' subtask 'sub/kern.la' is the input 'sub/kern.la': refusing "
        "to overwrite it\n",
        "measuretool: error: -chips' subtask 'kern.la' is also -json './kern.la': refusing to "
        "write one file twice\n",
        "measuretool: error: the output 'k.h' is the input '",
        "measuretool: error: -o '" AITOOL_MEASURETOOL "' is this program's own executable '",
    };
    for (int i = 0; i < 5; i++) {
        testutil_proc r = run(cases[i]);
        CU_ASSERT_EQUAL(r.status, 2);
        CU_ASSERT_PTR_NOT_NULL(strstr(r.err, errors[i]));
        if (!strstr(r.err, errors[i]))
            fprintf(stderr, "\n  case %d: %s", i, r.err);
        testutil_proc_release(&r);
    }
    for (int i = 0; i < 4; i++) {
        char *text = read_in_tmp(names[i]);
        CU_ASSERT_STRING_EQUAL(text, texts[i]);
        free(text);
    }
    const char *never[] = {"st.la", "sub/st.la", "ai_k.c"};
    for (int i = 0; i < 3; i++) {
        char *text = read_in_tmp(never[i]);
        CU_ASSERT_PTR_NULL(text);
        free(text);
    }
}

/* Issue 26: a write to standard output that fails is an error with its
 * reason, whichever output it was. */
static void test_failed_standard_output(void)
{
    const char *dump[] = {AITOOL_MEASURETOOL, "-dumpannot", NULL};
    const char *report[] = {AITOOL_MEASURETOOL, "-static-counting-only", "-report-file", "-", DOT,
                            NULL};
    const char *json[] = {AITOOL_MEASURETOOL, "-static-counting-only", "-report-file", "r.txt",
                          "-json", "-", DOT, NULL};
    const char *help[] = {AITOOL_MEASURETOOL, "-help", NULL};
    const char *const *cases[] = {dump, report, json, help};
    for (int i = 0; i < 4; i++) {
        testutil_proc r = testutil_exec_full(tmpdir, cases[i]);
        CU_ASSERT_EQUAL(r.status, 1);
        /* The other outputs of the run are not written either. */
        CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "measuretool: error: writing standard output: No "
                                             "space left on device\n"));
        testutil_proc_release(&r);
    }
}

static void test_unwritable_report(void)
{
    const char *args[] = {"-static-counting-only", "-report-file", "no/such/dir/r.txt", DOT, NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "measuretool: error: writing 'no/such/dir/r.txt': No "
                                         "such file or directory"));
    testutil_proc_release(&r);
}

/* Issue 13: a run replaces all its outputs or none (a failed -xml used to
 * leave the new report beside the old JSON), and removes the temporary a
 * killed run left. */
static void test_outputs_replaced_together(void)
{
    char *old_report = testutil_path(tmpdir, "t.txt");
    char *stale = testutil_path(tmpdir, ".t.json.aitool-tmp.999999999");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(old_report, "old report\n"));
    CU_ASSERT_TRUE_FATAL(testutil_write_file(stale, "{\"half"));
    const char *failing[] = {"-static-counting-only", "-report-file", "t.txt", "-json", "t.json",
                             "-xml", "no/such/dir/t.xml", DOT, NULL};
    testutil_proc r = run(failing);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "measuretool: error: writing 'no/such/dir/t.xml': No "
                                         "such file or directory"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "measuretool: note: 't.txt' was not written, since "
                                         "another output of the run failed\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "measuretool: note: removed '"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "/.t.json.aitool-tmp.999999999', left by an "
                                         "interrupted run\n"));
    testutil_proc_release(&r);
    char *report = read_in_tmp("t.txt");
    CU_ASSERT_STRING_EQUAL(report, "old report\n");
    free(report);
    char *json = read_in_tmp("t.json");
    CU_ASSERT_PTR_NULL(json);
    free(json);
    CU_ASSERT_PTR_NULL(read_in_tmp(".t.json.aitool-tmp.999999999"));

    const char *working[] = {"-static-counting-only", "-report-file", "t.txt", "-json", "t.json",
                             DOT, NULL};
    r = run(working);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    report = read_in_tmp("t.txt");
    CU_ASSERT_PTR_NOT_NULL(strstr(report, "Floating Point Operation Counts"));
    free(report);
    json = read_in_tmp("t.json");
    CU_ASSERT_PTR_NOT_NULL(json);
    free(json);
    free(old_report);
    free(stale);
}

static void test_json_to_stdout(void)
{
    const char *args[] = {"-static-counting-only", "-report-file", "j.txt", "-json", "-", DOT, NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    cJSON *root = cJSON_Parse(r.out);
    CU_ASSERT_PTR_NOT_NULL_FATAL(root);
    cJSON *loops = cJSON_GetObjectItemCaseSensitive(root, "loops");
    CU_ASSERT_EQUAL(cJSON_GetArraySize(loops), 3);
    cJSON *second = cJSON_GetArrayItem(loops, 1);
    CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItemCaseSensitive(second, "kind")->valuestring, "while");
    CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItemCaseSensitive(second, "function")->valuestring, "norm");
    CU_ASSERT_EQUAL(cJSON_GetObjectItemCaseSensitive(second, "load_bytes")->valueint, 8);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItemCaseSensitive(second, "ai")->valuedouble, 0.25, 1e-12);
    cJSON_Delete(root);
    testutil_proc_release(&r);
}

#define LOOP_CALLS AITOOL_KERNEL_DIR "/cxx_loop_calls.cpp"

/* C++ loops written as calls in every output: RAJA::forall at line 41 is a
 * for there (y[i] += a * x[i]: 2 flops, 16 bytes loaded, 8 stored), its
 * bounds the range's; the annotations say so (-dumpannot). */
static void test_loops_written_as_calls(void)
{
    const char *args[] = {"-static-counting-only", "-annot", AITOOL_KERNEL_DIR "/cxx_loop_calls.annot",
                          "-report-file", "lc.txt", "-xml", "lc.xml", "-json", "-", LOOP_CALLS,
                          NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    cJSON *root = cJSON_Parse(r.out);
    CU_ASSERT_PTR_NOT_NULL_FATAL(root);
    cJSON *loops = cJSON_GetObjectItemCaseSensitive(root, "loops");
    CU_ASSERT_EQUAL(cJSON_GetArraySize(loops), 13);
    cJSON *forall = cJSON_GetArrayItem(loops, 0);
    CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItemCaseSensitive(forall, "kind")->valuestring, "for");
    CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItemCaseSensitive(forall, "function")->valuestring,
                           "calls");
    CU_ASSERT_EQUAL(cJSON_GetObjectItemCaseSensitive(forall, "line")->valueint, 41);
    CU_ASSERT_EQUAL(cJSON_GetObjectItemCaseSensitive(forall, "fp_total")->valueint, 2);
    CU_ASSERT_EQUAL(cJSON_GetObjectItemCaseSensitive(forall, "load_bytes")->valueint, 16);
    CU_ASSERT_EQUAL(cJSON_GetObjectItemCaseSensitive(forall, "store_bytes")->valueint, 8);
    cJSON_Delete(root);
    char *text = read_in_tmp("lc.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "ForStatement@ " LOOP_CALLS ":41:5\nfp_plus:1\n"));
    free(text);
    char *xml = read_in_tmp("lc.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "<loop linenum=\"41\" loopvar=\"i\" stride=\"1\" "
                                       "lowerbound=\"0\" upperbound=\"n-1\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "<loop linenum=\"49\" loopvar=\"e\" stride=\"1\" "
                                       "lowerbound=\"0\" upperbound=\"v.size-1\""));
    free(xml);
    testutil_proc_release(&r);
    const char *dump[] = {"-dumpannot", NULL};
    r = run(dump);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nloop RAJA::forall(range, body);  // <built-in>:"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nelement Kokkos::View(auto);  // <built-in>:"));
    testutil_proc_release(&r);
}

/* A bad loop annotation: file:line:col, exit 1, nothing analyzed. */
static void test_bad_loop_annotation(void)
{
    char *path = testutil_path(tmpdir, "bad.annot");
    CU_ASSERT_TRUE(testutil_write_file(path, "// two bodies\nloop f(count, body, body);\n"));
    free(path);
    const char *args[] = {"-static-counting-only", "-annot", "bad.annot", "-report-file",
                          "bad.txt", LOOP_CALLS, NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(
        strstr(r.err, "bad.annot:2:1: error: a loop needs exactly one body argument"));
    char *report = testutil_path(tmpdir, "bad.txt");
    CU_ASSERT_NOT_EQUAL(access(report, F_OK), 0);
    free(report);
    testutil_proc_release(&r);
}

/* -I and -D reach clang; without them the file does not compile. */
static void test_compiler_options_are_passed(void)
{
    char *inc = testutil_path(tmpdir, "inc");
    const char *mk[] = {"mkdir", "-p", inc, NULL};
    testutil_proc m = testutil_exec(NULL, mk);
    testutil_proc_release(&m);
    char *hdr = testutil_path(inc, "real.h");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(hdr, "typedef float real;\n"));
    char *src = testutil_path(tmpdir, "opts.c");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(src,
        "#include \"real.h\"\n"
        "void f(int n, real *a) {\n"
        "    for (int i = 0; i < n; i++)\n"
        "        a[i] = a[i] * SCALE;\n"
        "}\n"));
    const char *args[] = {"-static-counting-only", "-c", "-I", "inc", "-DSCALE=2.0f", "-std=c99",
                          "-report-file", "-", "opts.c", NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "fp_multiply:1\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "Stores:1 * sizeof(float )\n"));
    testutil_proc_release(&r);
    const char *bare[] = {"-static-counting-only", "-report-file", "-", "opts.c", NULL};
    r = run(bare);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "opts.c:1:10: error: 'real.h' file not found"));
    CU_ASSERT_PTR_NULL(strstr(r.out, "Floating Point"));
    testutil_proc_release(&r);
    free(inc);
    free(hdr);
    free(src);
}

static void test_debug_shows_internals(void)
{
    const char *args[] = {"-static-counting-only", "-debug", "-report-file", "d.txt", DOT, NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "parsing"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "debug: while loop at"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "array x: element double (8 bytes) read"));
    testutil_proc_release(&r);
}

/* A 120000-term sum nests 120000 levels deep: clang parses it, and so must
 * measuretool, without running out of stack. */
static void test_very_deep_expression(void)
{
    strbuf code = STRBUF_INIT;
    strbuf_append(&code, "double deep(double *a) {\n  double s = 0;\n"
                         "  for (int i = 0; i < 2; i++)\n    s = a[i]");
    for (int i = 0; i < 120000; i++)
        strbuf_append(&code, "+a[i]");
    strbuf_append(&code, ";\n  return s;\n}\n");
    char *src = testutil_path(tmpdir, "deep.c");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(src, code.s));
    strbuf_release(&code);
    const char *args[] = {"-static-counting-only", "-report-file", "-", "deep.c", DOT, NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_EQUAL(count_blocks(r.out), 4);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "deep.c:3:3\nfp_plus:120000\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "Loads:1 * sizeof(double )\n"));
    testutil_proc_release(&r);
    free(src);
}

#define KERNEL(name) AITOOL_KERNEL_DIR "/" name

static void test_pragmas_that_hold(void)
{
    const char *args[] = {"-static-counting-only", "-report-file", "p.txt",
                          KERNEL("pragmas_ok.c"), NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    const char *debug_args[] = {"-static-counting-only", "-debug", "-report-file", "p.txt",
                                KERNEL("pragmas_ok.c"), NULL};
    r = run(debug_args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "pragmas_ok.c:4:1: note: aitool pragma: fp_total(13) "
                                         "matches the function"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "pragmas_ok.c:22:1: note: aitool pragma: fp_special(1) "
                                         "matches the loop"));
    testutil_proc_release(&r);
}

static void test_pragmas_that_do_not_hold(void)
{
    const char *args[] = {"-static-counting-only", "-report-file", "w.txt",
                          KERNEL("pragmas_wrong.c"), DOT, NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.err,
        KERNEL("pragmas_wrong.c") ":4:1: error: aitool pragma: fp_multiply is 3, the loop has 1\n"
        KERNEL("pragmas_wrong.c") ":9:1: error: aitool pragma: fp_total is 5, the function has 2\n");
    testutil_proc_release(&r);
    char *report = read_in_tmp("w.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    CU_ASSERT_EQUAL(count_blocks(report), 4);
    free(report);
}

static void test_malformed_pragmas(void)
{
    const char *args[] = {"-static-counting-only", "-report-file", "b.txt",
                          KERNEL("pragmas_bad.c"), NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 1);
    const char *expected[] = {
        ":2:27: error: unknown aitool pragma clause 'fp_bogus'",
        ":4:27: error: aitool pragma clause 'fp_plus' given twice",
        ":6:24: error: expected a count in 'fp_plus(...)'",
        ":8:24: error: expected '(' after 'fp_plus'",
        ":10:9: error: aitool pragma without clauses",
        ":12:1: error: aitool pragma must stand directly before a statement or a function "
        "definition",
    };
    for (size_t i = 0; i < sizeof expected / sizeof *expected; i++) {
        strbuf want = STRBUF_INIT;
        strbuf_printf(&want, "%s%s", KERNEL("pragmas_bad.c"), expected[i]);
        char *line = strstr(r.err, want.s);
        CU_ASSERT_PTR_NOT_NULL(line);
        if (!line)
            fprintf(stderr, "\n  missing: %s\n", want.s);
        strbuf_release(&want);
    }
    testutil_proc_release(&r);
    char *report = read_in_tmp("b.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    CU_ASSERT_EQUAL(count_blocks(report), 1);
    free(report);
}

static void test_pragmas_under_algorithm_v2(void)
{
    const char *v2[] = {"-static-counting-only", "-use-algorithm-v2", "-report-file", "v2.txt",
                        KERNEL("branches.c"), NULL};
    testutil_proc r = run(v2);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    /* The same pragmas do not hold for the sums of the default algorithm. */
    const char *v1[] = {"-static-counting-only", "-report-file", "v1.txt", KERNEL("branches.c"),
                        NULL};
    r = run(v1);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, KERNEL("branches.c") ":7:1: error: aitool pragma: "
                                                                "fp_divide is 0, the loop has 1\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, KERNEL("branches.c") ":56:1: error: aitool pragma: "
                                                                "fp_plus is 1, the function has 2\n"));
    testutil_proc_release(&r);
    char *report = read_in_tmp("v2.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    /* The loop at line 23: the run of cases 1 and 2. */
    CU_ASSERT_PTR_NOT_NULL(strstr(report, "branches.c:23:5\nfp_plus:1\nfp_minus:1\n"
                                          "fp_multiply:2\nfp_divide:0\nfp_total:4\n"));
    free(report);
}

/* pragmas_where.c's pragmas hold without -DV2 under the default algorithm
 * and with it under v2; crossed over, the switch's and the if's do not. */
static void test_pragmas_where_users_write_them(void)
{
    const char *v1[] = {"-static-counting-only", "-report-file", "w1.txt", KERNEL("pragmas_where.c"),
                        NULL};
    testutil_proc r = run(v1);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    const char *v2[] = {"-static-counting-only", "-use-algorithm-v2", "-DV2", "-report-file",
                        "w2.txt", KERNEL("pragmas_where.c"), NULL};
    r = run(v2);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    const char *v2_sums[] = {"-static-counting-only", "-use-algorithm-v2", "-report-file",
                             "w3.txt", KERNEL("pragmas_where.c"), NULL};
    r = run(v2_sums);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.err,
        KERNEL("pragmas_where.c") ":28:1: error: aitool pragma: fp_total is 5, the switch has 3\n"
        KERNEL("pragmas_where.c") ":50:1: error: aitool pragma: fp_special is 1, the if has 0\n");
    testutil_proc_release(&r);
    const char *v1_largest[] = {"-static-counting-only", "-DV2", "-report-file", "w4.txt",
                                KERNEL("pragmas_where.c"), NULL};
    r = run(v1_largest);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.err,
        KERNEL("pragmas_where.c") ":26:1: error: aitool pragma: fp_total is 3, the switch has 5\n"
        KERNEL("pragmas_where.c") ":48:1: error: aitool pragma: fp_special is 0, the if has 1\n");
    testutil_proc_release(&r);
    char *report = read_in_tmp("w1.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    CU_ASSERT_EQUAL(count_blocks(report), 5); /* the header's loop is not reported */
    free(report);
}

static void test_pragmas_where_wrong(void)
{
    const char *args[] = {"-static-counting-only", "-report-file", "ww.txt",
                          KERNEL("pragmas_where_wrong.c"), NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.err,
        KERNEL("pragmas_where_wrong.c") ":39:1: error: a second aitool pragma before the same "
                                        "statement (the first is at line 38)\n"
        KERNEL("pragmas_where_wrong.c") ":41:32: error: unknown aitool pragma clause 'fp_bogus' "
                                        "(the clauses are fp_plus, fp_minus, fp_multiply, "
                                        "fp_divide, fp_total and fp_special)\n"
        KERNEL("pragmas_where_wrong.c") ":6:1: error: aitool pragma must stand directly before a "
                                        "statement or a function definition\n"
        KERNEL("pragmas_where_wrong.c") ":43:1: error: aitool pragma must stand directly before "
                                        "a statement or a function definition\n"
        KERNEL("pragmas_header_wrong.h") ":5:1: error: aitool pragma: fp_multiply is 2, the loop "
                                         "has 1\n"
        KERNEL("pragmas_where_wrong.c") ":14:1: error: aitool pragma: fp_total is 4, the switch "
                                        "has 2\n"
        KERNEL("pragmas_where_wrong.c") ":23:1: error: aitool pragma: fp_divide is 1, the if has 0\n"
        KERNEL("pragmas_where_wrong.c") ":26:1: error: aitool pragma: fp_plus is 0, the block has "
                                        "1\n"
        KERNEL("pragmas_where_wrong.c") ":30:1: error: aitool pragma: fp_multiply is 3, the "
                                        "statement has 1\n"
        KERNEL("pragmas_where_wrong.c") ":32:5: error: aitool pragma: fp_minus is 1, the loop has "
                                        "0\n"
        KERNEL("pragmas_where_wrong.c") ":35:5: error: aitool pragma: fp_plus is 2, the loop has "
                                        "0\n");
    testutil_proc_release(&r);
    char *report = read_in_tmp("ww.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    CU_ASSERT_EQUAL(count_blocks(report), 2);
    free(report);
}

/* The main file does not mention aitool, its header does: the header's
 * skipped pragma is ignored and its macro's pragma applies in the file. */
static void test_pragmas_from_a_header_only(void)
{
    const char *args[] = {"-static-counting-only", "-debug", "-report-file", "h.txt",
                          KERNEL("pragmas_header_only.c"), NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NULL(strstr(r.err, "error"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, KERNEL("pragmas_header_only.h") ":6:1: note: aitool "
                                         "pragma: fp_total(1) matches the function\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, KERNEL("pragmas_header_only.c") ":6:5: note: aitool "
                                         "pragma: fp_multiply(1) matches the loop\n"));
    testutil_proc_release(&r);
}

static const testutil_case pragma_cases[] = {
    {"pragmas that hold", test_pragmas_that_hold},
    {"pragmas that do not hold", test_pragmas_that_do_not_hold},
    {"malformed pragmas", test_malformed_pragmas},
    {"pragmas under algorithm v2", test_pragmas_under_algorithm_v2},
    {"pragmas where users write them", test_pragmas_where_users_write_them},
    {"pragmas where users write them, wrong", test_pragmas_where_wrong},
    {"pragmas from a header only", test_pragmas_from_a_header_only},
    {NULL, NULL},
};

/* The line of a script that configures build/, to free(); NULL when none does. */
static char *build_configure_line(const char *script)
{
    char *text = testutil_read_file(script);
    const char *line = text ? strstr(text, "\ncmake -S . -B build ") : NULL;
    char *copy = NULL;
    if (line) {
        line++;
        size_t n = strcspn(line, "\n");
        copy = strndup(line, n);
    }
    free(text);
    return copy;
}

/* README's two commands share build/: configured alike, the second rebuilds nothing. */
static void test_scripts_configure_build_alike(void)
{
    char *setup = build_configure_line(AITOOL_SOURCE_DIR "/scripts/setup.sh");
    char *test = build_configure_line(AITOOL_SOURCE_DIR "/scripts/test.sh");
    CU_ASSERT_PTR_NOT_NULL_FATAL(setup);
    CU_ASSERT_PTR_NOT_NULL_FATAL(test);
    CU_ASSERT_STRING_EQUAL(setup, test);
    CU_ASSERT_STRING_EQUAL(test, "cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo "
                                 "-DAITOOL_WERROR=ON");
    free(setup);
    free(test);
}

/* The README's option table is what the option table prints, and -help
 * shows every option of it. */
static void test_readme_option_table(void)
{
    const char *markdown[] = {"-help-markdown", NULL};
    testutil_proc r = run(markdown);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "| `-json FILE` | also write the report as JSON"));
    char *readme = testutil_read_file(AITOOL_SOURCE_DIR "/README.md");
    CU_ASSERT_PTR_NOT_NULL_FATAL(readme);
    CU_ASSERT_PTR_NOT_NULL(strstr(readme, r.out));
    free(readme);
    testutil_proc_release(&r);
    const char *help[] = {"-help", NULL};
    r = run(help);
    const char *shown[] = {"  -o PATH                 the instrumented copy",
                           "  -param NAME=VALUE       a whole number for a symbol",
                           "  -use-algorithm-v2       flow-sensitive counting"};
    for (size_t k = 0; k < sizeof shown / sizeof *shown; k++)
        CU_ASSERT_PTR_NOT_NULL(strstr(r.out, shown[k]));
    testutil_proc_release(&r);
}

static const testutil_case option_cases[] = {
    {"no input is a usage error", test_no_input_is_a_usage_error},
    {"help", test_help},
    {"--version", test_version},
    {"unknown option", test_unknown_option},
    {"option without value", test_option_without_value},
    {"compiler options are passed", test_compiler_options_are_passed},
    {"debug shows internals", test_debug_shows_internals},
    {"setup and test scripts configure build/ alike", test_scripts_configure_build_alike},
    {"README's option table", test_readme_option_table},
    {NULL, NULL},
};

static const testutil_case output_cases[] = {
    {"default report rewritten, not appended", test_default_report_rewritten_not_appended},
    {"json to stdout", test_json_to_stdout},
    {"C++ loops written as calls", test_loops_written_as_calls},
    {"a bad loop annotation", test_bad_loop_annotation},
    {"report over an input is refused", test_report_over_an_input_is_refused},
    {"outputs over other inputs are refused", test_outputs_over_other_inputs_are_refused},
    {"late outputs over inputs are refused", test_late_outputs_over_inputs_are_refused},
    {"failed standard output", test_failed_standard_output},
    {"unwritable report", test_unwritable_report},
    {"outputs replaced together", test_outputs_replaced_together},
    {NULL, NULL},
};

/* A measurement that breaks what the runtime writes (a negative line, a
 * count that is a string, a member of no known name) is refused at each
 * value at fault, and the run fails. */
static void test_corrupted_measurement(void)
{
    char *path = testutil_path(tmpdir, "bad_measured.json");
    CU_ASSERT_FATAL(testutil_write_file(
        path, "{\"loops\": [{\"file\": \"dot.c\", \"line\": -5, \"column\": 5, \"entries\": 1,\n"
              "  \"iterations\": \"lots\", \"fp_plus\": 0, \"fp_minus\": 0, \"fp_multiply\": 0,\n"
              "  \"fp_divide\": 0, \"fp_special\": 0, \"load_bytes\": 0, \"store_bytes\": 0,\n"
              "  \"joules\": 1}]}\n"));
    free(path);
    const char *args[] = {"-static-counting-only", "-report-file", "-", "-measured",
                          "bad_measured.json", DOT, NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(
        r.err, "bad_measured.json:1:38: error: loop 1: \"line\" must be an integer from 1 to "
               "2^32-1, not -5\n"
               "bad_measured.json:2:17: error: loop 1: \"iterations\" must be an integer from 0 to "
               "2^64-1, not \"lots\"\n"
               "bad_measured.json:4:3: error: loop 1 has an unknown member \"joules\"\n"));
    testutil_proc_release(&r);
}

static const testutil_case bad_input_cases[] = {
    {"broken file does not stop the others", test_broken_file_does_not_stop_the_others},
    {"missing file", test_missing_file},
    {"directory and device inputs", test_directory_and_device_inputs},
    {"very deep expression", test_very_deep_expression},
    {"corrupted measurement", test_corrupted_measurement},
    {NULL, NULL},
};

static void test_annotation_syntax_error_stops_before_analysis(void)
{
    const char *args[] = {"-static-counting-only", "-annot", KERNEL("calls_broken.annot"),
                          "-report-file", "never.txt", KERNEL("calls.c"), NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.err, KERNEL("calls_broken.annot")
                           ":2:71: error: expected ';' after the clause, found 'read'\n");
    testutil_proc_release(&r);
    char *report = read_in_tmp("never.txt");
    CU_ASSERT_PTR_NULL(report);
    free(report);

    const char *missing[] = {"-static-counting-only", "-annot", "nosuch.annot", "-report-file",
                             "never.txt", KERNEL("calls.c"), NULL};
    r = run(missing);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "nosuch.annot:1:1: error: cannot open annotation file"));
    testutil_proc_release(&r);
}

static void test_dumpannot(void)
{
    const char *user[] = {"-dumpannot", "-no-default-annot", "-annot", KERNEL("calls.annot"), NULL};
    testutil_proc r = run(user);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out,
        "operator ext_reads(const double * p, int n) { modify none; read{p}; alias none; }"
        "  // " KERNEL("calls.annot") ":2:1\n"
        "operator ext_fill(double * dst, const float * src, int n) { modify{dst}; "
        "read{src, g_table}; alias none; }  // " KERNEL("calls.annot") ":4:1\n");
    testutil_proc_release(&r);
    /* The built-in set comes first; a user's file overrides an entry in place. */
    const char *all[] = {"-dumpannot", "-annot", KERNEL("calls_override.annot"), NULL};
    r = run(all);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "operator sqrt(double x) { modify none; read{x}; "
                                         "alias none; }  // <built-in>:"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "operator memcpy(void * dest, const void * src, size_t n)"
                                         " { modify{dest}; read{src, n}; alias none; }"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "operator axpy1("));
    testutil_proc_release(&r);
}

static void test_unknown_calls_are_reported(void)
{
    const char *args[] = {"-static-counting-only", "-annot", KERNEL("calls.annot"),
                          "-report-file", "c.txt", "-json", "c.json", KERNEL("calls.c"), NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0); /* warnings only */
    const char *warnings[] = {
        ":94:9: warning: 'ext_unknown' has no definition here and no annotation (see -annot): "
        "the loop's bytes are incomplete\n",
        ":100:16: warning: 'fp' is called through a pointer: the loop's bytes are incomplete\n",
        ":103:9: warning: 'wrap' calls 'ext_unknown', which has no definition here and no "
        "annotation: the loop's bytes are incomplete\n",
        ":112:9: warning: 'memset' moves array 'vp' of 'void', an incomplete type whose size "
        "is unknown: the loop's bytes are incomplete\n",
    };
    strbuf all = STRBUF_INIT;
    for (size_t i = 0; i < sizeof warnings / sizeof *warnings; i++)
        strbuf_printf(&all, "%s%s", KERNEL("calls.c"), warnings[i]);
    CU_ASSERT_STRING_EQUAL(r.err, strbuf_cstr(&all));
    strbuf_release(&all);
    testutil_proc_release(&r);

    char *report = read_in_tmp("c.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    CU_ASSERT_PTR_NOT_NULL(strstr(report, "Store int: 8\nIncomplete: unknown effects of calls to "
                                          "ext_unknown\n----------Arithmetic Intensity"));
    CU_ASSERT_PTR_NOT_NULL(strstr(report, "Incomplete: unknown effects of calls to fp\n"));
    free(report);

    char *json = read_in_tmp("c.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    cJSON *root = cJSON_Parse(json);
    CU_ASSERT_PTR_NOT_NULL_FATAL(root);
    int incomplete = 0, complete = 0;
    const cJSON *loop;
    cJSON_ArrayForEach(loop, cJSON_GetObjectItemCaseSensitive(root, "loops"))
    {
        const cJSON *unknown = cJSON_GetObjectItemCaseSensitive(loop, "unknown_calls");
        CU_ASSERT_TRUE(cJSON_IsArray(unknown));
        if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(loop, "complete"))) {
            complete++;
            CU_ASSERT_EQUAL(cJSON_GetArraySize(unknown), 0);
        } else {
            incomplete++;
            CU_ASSERT_EQUAL(cJSON_GetArraySize(unknown), 1);
        }
        if (cJSON_GetObjectItemCaseSensitive(loop, "line")->valueint == 93)
            CU_ASSERT_STRING_EQUAL(cJSON_GetArrayItem(unknown, 0)->valuestring, "ext_unknown");
    }
    CU_ASSERT_EQUAL(incomplete, 4);
    CU_ASSERT_EQUAL(complete, 10);
    cJSON_Delete(root);
    free(json);
}

/* Issue 13: the built-in set knows C library I/O; kernels/libc_io.c has the
 * counts by hand. */
static void test_builtin_io_annotations(void)
{
    const char *args[] = {"-static-counting-only", "-report-file", "io.txt", KERNEL("libc_io.c"),
                          NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    char *report = read_in_tmp("io.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    static const struct {
        unsigned line;
        const char *memory;
    } loops[] = {
        {13, "Loads: NULL\nLoads int: 0\nStores:1 * sizeof(double ) + 1 * sizeof(float )\n"
             "Store int: 12\n"},
        {15, "Loads: NULL\nLoads int: 0\nStores:1 * sizeof(double )\nStore int: 8\n"},
        {17, "Loads:1 * sizeof(float )\nLoads int: 4\nStores: NULL\nStore int: 0\n"},
        {19, "Loads: NULL\nLoads int: 0\nStores:1 * sizeof(char )\nStore int: 1\n"},
        {21, "Loads:1 * sizeof(char )\nLoads int: 1\nStores:1 * sizeof(double )\nStore int: 8\n"},
    };
    for (size_t i = 0; i < sizeof loops / sizeof loops[0]; i++) {
        char at[32];
        snprintf(at, sizeof at, "libc_io.c:%u:5\n", loops[i].line);
        const char *block = strstr(report, at);
        CU_ASSERT_PTR_NOT_NULL_FATAL(block);
        const char *memory = strstr(block, "Loads");
        CU_ASSERT_PTR_NOT_NULL_FATAL(memory);
        CU_ASSERT_EQUAL(strncmp(memory, loops[i].memory, strlen(loops[i].memory)), 0);
        const char *next = strstr(block + 1, "ForStatement@");
        const char *incomplete = strstr(block, "Incomplete");
        CU_ASSERT_TRUE(!incomplete || (next && incomplete > next));
    }
    free(report);
}

static const testutil_case annotation_cases[] = {
    {"built-in I/O annotations", test_builtin_io_annotations},
    {"annotation syntax error stops before analysis",
     test_annotation_syntax_error_stops_before_analysis},
    {"dumpannot", test_dumpannot},
    {"unknown calls are reported", test_unknown_calls_are_reported},
    {"a chain of unknown calls is warned about once", test_unknown_call_chain_warned_once},
    {NULL, NULL},
};

/* -xml writes one program for every input; an .xml input is read back,
 * reported like C, and written again unchanged. */
static void test_xml_written_and_read_back(void)
{
    const char *args[] = {"-static-counting-only", "-report-file", "x.txt", "-xml", "k.xml",
                          KERNEL("xml_triad.c"), NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *written = read_in_tmp("k.xml");
    char *golden = testutil_read_file(AITOOL_GOLDEN_DIR "/xml_triad.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(written);
    CU_ASSERT_PTR_NOT_NULL_FATAL(golden);
    CU_ASSERT_STRING_EQUAL(written, golden);

    const char *back[] = {"-static-counting-only", "-report-file", "k.txt", "-xml", "k2.xml",
                          "k.xml", NULL};
    r = run(back);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    char *again = read_in_tmp("k2.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(again);
    CU_ASSERT_STRING_EQUAL(again, written);
    /* The triad from XML: 2 flops, b and c read (16 bytes), a written (8). */
    char *report = read_in_tmp("k.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    CU_ASSERT_PTR_NOT_NULL(strstr(report, "k.xml:5:1\nfp_plus:1\nfp_minus:0\nfp_multiply:1\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(report, "Loads int: 16\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(report, "Store int: 8\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(report, "AI=0.0833333\n"));
    free(report);
    free(again);
    free(golden);
    free(written);

    const char *two[] = {"-static-counting-only", "-report-file", "x.txt", "-xml", "-",
                         KERNEL("xml_triad.c"), DOT, NULL};
    r = run(two);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "<function name=\"triad\">"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "<function name=\"dot\">"));
    CU_ASSERT_PTR_NULL(strstr(strstr(r.out, "<program>") + 1, "<program>"));
    testutil_proc_release(&r);
}

/* A broken document is reported at its line; the other inputs still are. */
static void test_xml_bad_input(void)
{
    const char *args[] = {"-static-counting-only", "-report-file", "bx.txt",
                          AITOOL_SOURCE_DIR "/testsuite/xml/bad_missing_attr.xml", DOT, NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "bad_missing_attr.xml:5:1: error: "));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "upperbound"));
    testutil_proc_release(&r);
    char *report = read_in_tmp("bx.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    CU_ASSERT_EQUAL(count_blocks(report), 3); /* dot.c, whose three loops come after */
    free(report);

    const char *missing[] = {"-static-counting-only", "-report-file", "bx.txt", "nosuch.xml",
                             NULL};
    r = run(missing);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "nosuch.xml:1:1: error: cannot open XML file"));
    testutil_proc_release(&r);

    const char *instrument[] = {"k.xml", NULL};
    r = run(instrument);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "measuretool: error: 'k.xml' is ExaSAT XML"));
    testutil_proc_release(&r);

    char *victim_path = testutil_path(tmpdir, "victim.c");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(victim_path, "int x;\n"));
    free(victim_path);
    const char *over[] = {"-static-counting-only", "-xml", "victim.c", "victim.c", NULL};
    r = run(over);
    CU_ASSERT_EQUAL(r.status, 2);
    testutil_proc_release(&r);
    char *victim = read_in_tmp("victim.c");
    CU_ASSERT_STRING_EQUAL(victim, "int x;\n");
    free(victim);
}

/* -machine: the perfmodel core's prediction beside the counts of each nest. */
static void test_machine_prediction(void)
{
    const char *args[] = {"-static-counting-only", "-machine",
                          AITOOL_SOURCE_DIR "/perfmodel/machines/small-vm-2core.json", "-param",
                          "n=1000000", "-report-file", "pr.txt", "-json", "pr.json",
                          KERNEL("xml_triad.c"), NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    char *report = read_in_tmp("pr.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    /* 2 flops and 32 bytes (write-allocate) per element, at 12 GB/s. */
    CU_ASSERT_PTR_NOT_NULL(strstr(report, "flops:2000000\nweighted flops:2000000\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(report, "bytes:32000000\nworking set:24\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(report, "runtime:0.00266667 s"));
    free(report);
    char *json = read_in_tmp("pr.json");
    cJSON *j = cJSON_Parse(json);
    free(json);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    const cJSON *pred = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(j, "loops"), 0),
                                            "prediction");
    CU_ASSERT_PTR_NOT_NULL_FATAL(pred);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(pred, "bytes")->valuedouble, 3.2e7, 0);
    CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItem(pred, "bottleneck")->valuestring, "memory");
    cJSON_Delete(j);

    const char *unbound[] = {"-static-counting-only", "-machine",
                             AITOOL_SOURCE_DIR "/perfmodel/machines/small-vm-2core.json",
                             "-report-file", "pr.txt", KERNEL("xml_triad.c"), NULL};
    r = run(unbound);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "xml_triad.c:5:5: warning: upperbound 'n-1': "
                                         "unbound parameter 'n'"));
    testutil_proc_release(&r);
    const char *unbound_strict[] = {"-static-counting-only", "-machine",
                                    AITOOL_SOURCE_DIR "/perfmodel/machines/small-vm-2core.json",
                                    "-strict", "-report-file", "pr.txt", KERNEL("xml_triad.c"),
                                    NULL};
    r = run(unbound_strict);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "xml_triad.c:5:5: error: upperbound 'n-1': "
                                         "unbound parameter 'n'"));
    testutil_proc_release(&r);

    /* Issue 13: a value that is not a whole number is a usage error, before any analysis. */
    const char *bad_value[] = {"-static-counting-only", "-machine",
                               AITOOL_SOURCE_DIR "/perfmodel/machines/small-vm-2core.json",
                               "-param", "n=--1", "-report-file", "bad.txt",
                               KERNEL("xml_triad.c"), NULL};
    r = run(bad_value);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_STRING_EQUAL(r.err, "measuretool: error: -param n=--1: the value is not a whole "
                                  "number (decimal digits, one optional sign)\n");
    testutil_proc_release(&r);
    char *none = read_in_tmp("bad.txt");
    CU_ASSERT_PTR_NULL(none);
    free(none);

    /* -model ecm -cores 4 on the machine of test_perf_ecm: a triad of 1e7
     * elements is limited by memory's 16 GB/s: 3.2e8 B in 0.02 s. */
    const char *ecm[] = {"-static-counting-only", "-machine",
                         AITOOL_SOURCE_DIR "/testsuite/machines/ecm-test.json", "-model", "ecm",
                         "-cores", "4", "-param", "n=10000000", "-report-file", "ecm.txt",
                         KERNEL("xml_triad.c"), NULL};
    r = run(ecm);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    report = read_in_tmp("ecm.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    CU_ASSERT_PTR_NOT_NULL(strstr(report, "runtime:0.02 s (compute 0.00015625 s, memory 0.02 s), "
                                          "memory-bound"));
    free(report);
    const char *no_machine[] = {"-static-counting-only", "-model", "ecm", KERNEL("xml_triad.c"),
                                NULL};
    r = run(no_machine);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_STRING_EQUAL(r.err, "measuretool: error: -model chooses how -machine predicts: "
                                  "give it with -machine\n");
    testutil_proc_release(&r);
    const char *no_table[] = {"-static-counting-only", "-machine",
                              AITOOL_SOURCE_DIR "/perfmodel/machines/small-vm-2core.json",
                              "-model", "ecm", "-param", "n=10", "-report-file", "nt.txt",
                              KERNEL("xml_triad.c"), NULL};
    r = run(no_table);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "-model ecm needs the machine's \"benchmarks\" table"));
    testutil_proc_release(&r);
}

/* The ExaSAT tools' own dialect: detected, its Fortran bounds bound with
 * -param 'lo(3)=2', written out in the specification's dialect; forced
 * with -exasat-dialect (testsuite/xml/orig_stencil.xml works out 568 flops,
 * 808 weighted on the laptop's weights). */
static void test_orig_dialect(void)
{
    const char *args[] = {"-static-counting-only", "-machine",
                          AITOOL_SOURCE_DIR "/perfmodel/machines/laptop-4core.json",
                          "-param", "lo(1)=1", "-param", "hi(1)=10", "-param", "lo(2)=1",
                          "-param", "hi(2)=4", "-param", "lo(3)=2", "-param", "hi(3)=3",
                          "-report-file", "orig.txt", "-xml", "orig.xml",
                          AITOOL_XML_DIR "/orig_stencil.xml", NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    char *report = read_in_tmp("orig.txt");
    CU_ASSERT_PTR_NOT_NULL(strstr(report, "flops:568\nweighted flops:808\n"));
    free(report);
    char *xml = read_in_tmp("orig.xml");
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "lowerbound=\"lo(3)\" upperbound=\"hi(3)\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "indexorder=\"(0,1,2,-1)\""));
    CU_ASSERT_PTR_NULL(strstr(xml, "offset="));
    free(xml);

    const char *forced[] = {"-static-counting-only", "-exasat-dialect", "-report-file",
                            "orig.txt", AITOOL_XML_DIR "/bad_accesstype.xml", NULL};
    r = run(forced);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "bad_accesstype.xml:5:1: error: Element 'array', "
                                         "attribute 'ghost': The attribute 'ghost' is not "
                                         "allowed."));
    testutil_proc_release(&r);
    const char *help[] = {"-help", NULL};
    r = run(help);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "  -exasat-dialect         read .xml inputs as the"));
    testutil_proc_release(&r);
}

/* -chips: the application and a subtask per function beside it, as the
 * goldens hand-checked against kernels/chips_bounds.c; a name that is not
 * NAME.la is a usage error. */
static void test_chips_written(void)
{
    const char *args[] = {"-static-counting-only", "-report-file", "c.txt", "-chips",
                          "study.la", "-param", "n=100", "-param", "g->n=50",
                          KERNEL("chips_bounds.c"), NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    const char *files[] = {"study.la", "kern.la", "helper.la"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char *written = read_in_tmp(files[i]);
        char golden_path[256];
        snprintf(golden_path, sizeof golden_path, "%s/chips/%s", AITOOL_GOLDEN_DIR, files[i]);
        char *golden = testutil_read_file(golden_path);
        CU_ASSERT_PTR_NOT_NULL_FATAL(written);
        CU_ASSERT_PTR_NOT_NULL_FATAL(golden);
        CU_ASSERT_STRING_EQUAL(written, golden);
        free(written);
        free(golden);
    }
    const char *bad[] = {"-static-counting-only", "-chips", "study.txt", DOT, NULL};
    r = run(bad);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_STRING_EQUAL(r.err, "measuretool: error: -chips study.txt: the application's "
                                  "file must be named NAME.la\n");
    testutil_proc_release(&r);
}

/* A run that must succeed quietly and write the JSON file `json` whose first nest's flops
 * are `flops` (as cJSON prints them: "\"flops\":\t1000,"). */
static void expect_json_flops(const char *const *args, const char *json, const char *flops)
{
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    char *text = read_in_tmp(json);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, flops));
    free(text);
}

/* A -measured file `name` in the temporary directory for the one-multiply loop at line 7,
 * column 5 of `file` (in `function`): 1000 iterations over `entries` entries. */
static void write_measured(const char *name, const char *file, const char *function,
                           int entries)
{
    char *path = testutil_path(tmpdir, name);
    char text[512];
    snprintf(text, sizeof text,
             "{\"loops\": [{\"file\": \"%s\", \"line\": 7, \"column\": 5, "
             "\"function\": \"%s\", \"entries\": %d, \"iterations\": 1000, "
             "\"fp_plus\": 0, \"fp_minus\": 0, \"fp_multiply\": 1000, \"fp_divide\": 0, "
             "\"fp_special\": 0, \"load_bytes\": 8000, \"store_bytes\": 8000}]}",
             file, function, entries);
    CU_ASSERT_FATAL(testutil_write_file(path, text));
    free(path);
}

/* A loop without bounds takes its iterations per entry by name (-param
 * scale_L7=N) or from a measurement, else the error names what to give
 * (kernels/perf_while.c). */
static void test_loops_without_bounds(void)
{
    const char *none[] = {"-static-counting-only", "-report-file", "w.txt", "-machine", SMALL_VM,
                          KERNEL("perf_while.c"), NULL};
    testutil_proc r = run(none);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, KERNEL("perf_while.c") ":7:5: warning: the loop has no bounds: "
                                  "give its iterations per entry as scale_L7=N (perfmodel -D, "
                                  "measuretool -param), or a measurement of it (from a run of "
                                  "an -auto-instrument'ed copy)\n");
    testutil_proc_release(&r);
    const char *named[] = {"-static-counting-only", "-report-file", "w.txt", "-machine", SMALL_VM,
                           "-param", "scale_L7=1000", "-json", "w.json", KERNEL("perf_while.c"),
                           NULL};
    expect_json_flops(named, "w.json", "\"flops\":\t1000,");
    /* Measured: 2 entries, 1000 iterations: 500 an entry, and the nest runs twice in the
     * program: 1000 multiplies. */
    write_measured("w_measured.json", "perf_while.c", "scale", 2);
    const char *from_run[] = {"-static-counting-only", "-report-file", "w.txt", "-machine",
                              SMALL_VM, "-measured", "w_measured.json", "-json", "w.json",
                              KERNEL("perf_while.c"), NULL};
    expect_json_flops(from_run, "w.json", "\"flops\":\t1000,");
}

/* kernels/hot_nests.c on SMALL_VM: predicted, the triad (3e6 iterations of 32 bytes at
 * 12 GB/s, 0.008 s), the copy (0.002 s), grow (16000 bytes, 1.33e-6 s); the measured run
 * written here puts 6000 adds in grow's inner loop and 2000 FP operations in the triad. */
static void test_hot_loops(void)
{
    char *path = testutil_path(tmpdir, "hot_measured.json");
    static const char measured[] =
        "{\"loops\": [\n"
        "{\"file\": \"hot_nests.c\", \"line\": 6, \"column\": 5, \"function\": \"triad\", "
        "\"entries\": 1, \"iterations\": 1000, \"fp_plus\": 1000, \"fp_minus\": 0, "
        "\"fp_multiply\": 1000, \"fp_divide\": 0, \"fp_special\": 0, \"load_bytes\": 16000, "
        "\"store_bytes\": 8000},\n"
        "{\"file\": \"hot_nests.c\", \"line\": 12, \"column\": 5, \"function\": \"copy\", "
        "\"entries\": 1, \"iterations\": 1000, \"fp_plus\": 0, \"fp_minus\": 0, "
        "\"fp_multiply\": 0, \"fp_divide\": 0, \"fp_special\": 0, \"load_bytes\": 8000, "
        "\"store_bytes\": 8000},\n"
        "{\"file\": \"hot_nests.c\", \"line\": 18, \"column\": 5, \"function\": \"grow\", "
        "\"entries\": 1, \"iterations\": 100, \"fp_plus\": 0, \"fp_minus\": 0, "
        "\"fp_multiply\": 0, \"fp_divide\": 0, \"fp_special\": 0, \"load_bytes\": 0, "
        "\"store_bytes\": 0},\n"
        "{\"file\": \"hot_nests.c\", \"line\": 19, \"column\": 9, \"function\": \"grow\", "
        "\"entries\": 100, \"iterations\": 6000, \"fp_plus\": 6000, \"fp_minus\": 0, "
        "\"fp_multiply\": 0, \"fp_divide\": 0, \"fp_special\": 0, \"load_bytes\": 48000, "
        "\"store_bytes\": 48000}]}\n";
    CU_ASSERT_FATAL(testutil_write_file(path, measured));
    free(path);

    const char *predicted[] = {"-static-counting-only", "-report-file", "-", "-machine", SMALL_VM,
                               KERNEL("hot_nests.c"), NULL};
    testutil_proc r = run(predicted);
    CU_ASSERT_EQUAL(r.status, 0);
    const char *list = strstr(r.out, "\nhot loops: ");
    CU_ASSERT_PTR_NOT_NULL_FATAL(list);
    CU_ASSERT_STRING_EQUAL(
        list, "\nhot loops: the 3 of 3 nests of largest predicted time\n"
              "  rank   share         time s bound            AI  function at file:line\n"
              "     1  79.99%          0.008 memory       0.0625  triad at hot_nests.c:6\n"
              "     2  20.00%          0.002 memory            0  copy at hot_nests.c:12\n"
              "     3   0.01%    1.33333e-06 memory         6.25  grow at hot_nests.c:18\n");
    testutil_proc_release(&r);

    const char *with_run[] = {"-static-counting-only", "-report-file", "-", "-machine", SMALL_VM,
                              "-measured", "hot_measured.json", "-top", "2", "-json", "hot.json",
                              KERNEL("hot_nests.c"), NULL};
    r = run(with_run);
    CU_ASSERT_EQUAL(r.status, 0);
    list = strstr(r.out, "\nhot loops: ");
    CU_ASSERT_PTR_NOT_NULL_FATAL(list);
    CU_ASSERT_STRING_EQUAL(
        list, "\nhot loops: the 2 of 3 nests of largest predicted time\n"
              "  rank   share         time s bound            AI  function at file:line\n"
              "     1  79.99%          0.008 memory       0.0625  triad at hot_nests.c:6\n"
              "     2  20.00%          0.002 memory            0  copy at hot_nests.c:12\n"
              "\nhot loops: the 2 of 3 nests of largest measured FP operations\n"
              "  rank   share         FP ops bound            AI  function at file:line\n"
              "     1  75.00%           6000 memory         6.25  grow at hot_nests.c:18\n"
              "     2  25.00%           2000 memory       0.0625  triad at hot_nests.c:6\n"
              "\nmeasured roofline: left out, the measurement 'hot_measured.json' has no loop "
              "times (it was written before loops were timed)\n");
    testutil_proc_release(&r);
    char *text = read_in_tmp("hot.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    cJSON *j = cJSON_Parse(text);
    free(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    const cJSON *hot = cJSON_GetObjectItem(j, "hot_loops");
    const cJSON *work = cJSON_GetObjectItem(j, "hot_measured");
    CU_ASSERT_EQUAL_FATAL(cJSON_GetArraySize(hot), 2);
    CU_ASSERT_EQUAL_FATAL(cJSON_GetArraySize(work), 2);
    const cJSON *first = cJSON_GetArrayItem(hot, 0);
    CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItem(first, "file")->valuestring, KERNEL("hot_nests.c"));
    CU_ASSERT_EQUAL(cJSON_GetObjectItem(first, "line")->valueint, 6);
    CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItem(first, "function")->valuestring, "triad");
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(first, "time_s")->valuedouble, 0.008, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(first, "share")->valuedouble,
                           0.008 / (0.008 + 0.002 + 16000 / 12e9), 1e-12);
    CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItem(first, "bound")->valuestring, "memory");
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(first, "ai")->valuedouble, 0.0625, 0);
    const cJSON *top = cJSON_GetArrayItem(work, 0);
    CU_ASSERT_EQUAL(cJSON_GetObjectItem(top, "line")->valueint, 18);
    CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItem(top, "measure")->valuestring, "fp_operations");
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(top, "work")->valuedouble, 6000, 0);
    CU_ASSERT_DOUBLE_EQUAL(cJSON_GetObjectItem(top, "share")->valuedouble, 0.75, 0);
    cJSON_Delete(j);

    /* A run that measured no FP operation ranks by iterations: grow's 100 + 6000 of 8100. */
    path = testutil_path(tmpdir, "hot_iterations.json");
    char *no_fp = testutil_replace(measured, "\"fp_plus\": 1000", "\"fp_plus\": 0");
    char *none_at_all = testutil_replace(no_fp, "\"fp_plus\": 6000", "\"fp_plus\": 0");
    char *iterations = testutil_replace(none_at_all, "\"fp_multiply\": 1000", "\"fp_multiply\": 0");
    CU_ASSERT_FATAL(testutil_write_file(path, iterations));
    free(no_fp);
    free(none_at_all);
    free(iterations);
    free(path);
    const char *by_iterations[] = {"-static-counting-only", "-report-file", "-", "-machine",
                                   SMALL_VM, "-measured", "hot_iterations.json", "-top", "1",
                                   "-json", "it.json", KERNEL("hot_nests.c"), NULL};
    r = run(by_iterations);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(
        r.out, "\nhot loops: the 1 of 3 nests of largest measured iterations (no FP operations)\n"
               "  rank   share     iterations bound            AI  function at file:line\n"
               "     1  75.31%           6100 memory         6.25  grow at hot_nests.c:18\n"));
    testutil_proc_release(&r);
    text = read_in_tmp("it.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"measure\":\t\"iterations\""));
    free(text);

    /* A slice's nests are only some of the run's: it writes no list. */
    const char *slice[] = {"-static-counting-only", "-report-file", "-", "-shard", "1/1",
                           "-machine", SMALL_VM, "-json", "slice.json", KERNEL("hot_nests.c"),
                           NULL};
    r = run(slice);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "----------Predicted"));
    CU_ASSERT_PTR_NULL(strstr(r.out, "hot loops"));
    testutil_proc_release(&r);
    text = read_in_tmp("slice.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_PTR_NULL(strstr(text, "hot_loops"));
    free(text);

    /* -top 0: no lists. */
    const char *none[] = {"-static-counting-only", "-report-file", "-", "-machine", SMALL_VM,
                          "-measured", "hot_measured.json", "-top", "0", "-json", "none.json",
                          KERNEL("hot_nests.c"), NULL};
    r = run(none);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NULL(strstr(r.out, "hot loops"));
    testutil_proc_release(&r);
    text = read_in_tmp("none.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_PTR_NULL(strstr(text, "hot_loops"));
    CU_ASSERT_PTR_NULL(strstr(text, "hot_measured"));
    free(text);
}

/* kernels/partial.c: the nest of line 5 is predicted, the one of line 7 is not (its while
 * loop has no bounds, no -param and no measured row): a row with its reason, a warning,
 * exit 0, totals of the predicted nest, and the measured run's shares in predicted nests:
 * iterations 1000 of 1010, FP operations 2000 of 2010.  -strict: an error, exit 1. */
static void test_partial_predictions(void)
{
    char *path = testutil_path(tmpdir, "partial_measured.json");
    static const char measured[] =
        "{\"loops\": [\n"
        "{\"file\": \"partial.c\", \"line\": 5, \"column\": 5, \"function\": \"partial\", "
        "\"entries\": 1, \"iterations\": 1000, \"fp_plus\": 1000, \"fp_minus\": 0, "
        "\"fp_multiply\": 1000, \"fp_divide\": 0, \"fp_special\": 0, \"load_bytes\": 8000, "
        "\"store_bytes\": 8000},\n"
        "{\"file\": \"partial.c\", \"line\": 7, \"column\": 5, \"function\": \"partial\", "
        "\"entries\": 1, \"iterations\": 10, \"fp_plus\": 0, \"fp_minus\": 0, "
        "\"fp_multiply\": 10, \"fp_divide\": 0, \"fp_special\": 0, \"load_bytes\": 80, "
        "\"store_bytes\": 80}]}\n";
    CU_ASSERT_FATAL(testutil_write_file(path, measured));
    free(path);
    const char *args[] = {"-static-counting-only", "-report-file", "-", "-machine", SMALL_VM,
                          "-measured", "partial_measured.json", "-json", "partial.json",
                          KERNEL("partial.c"), NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, KERNEL("partial.c") ":11:9: warning: the loop has no bounds: "
                                  "give its iterations per entry as partial_L11=N (perfmodel -D, "
                                  "measuretool -param), or a measurement of it (from a run of "
                                  "an -auto-instrument'ed copy)\n");
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "runtime:1.33333e-06 s (compute 2.40385e-08 s, memory "
                                         "1.33333e-06 s), memory-bound, on 1 core (sequential: "
                                         "no worksharing loop), 1 run\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "runtime:unpredicted, at " KERNEL("partial.c") ":11: "
                                         "the loop has no bounds: give its iterations"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\npredicted: 1 of 2 nests (1 unpredicted, each said "
                                         "with its reason; the totals leave them out)\n"
                                         "measured: 99.01% of the iterations and 99.5% of the FP "
                                         "operations lie in predicted nests\n"));
    /* Not ranked by a time it has not; by its measured work, with its bound said. */
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nhot loops: the 1 of 1 nest of largest predicted "
                                         "time\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "     2   0.50%             10 unpredicted          0  "
                                         "partial at partial.c:7\n"));
    testutil_proc_release(&r);
    char *json = read_in_tmp("partial.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"bottleneck\":\t\"unpredicted\",\n"
                                        "\t\t\t\t\"predicted\":\tfalse,\n"
                                        "\t\t\t\t\"reason\":\t\"the loop has no bounds: give"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"reason_line\":\t11\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"coverage\":\t{\n\t\t\"nests\":\t2,\n"
                                        "\t\t\"nests_predicted\":\t1,\n"
                                        "\t\t\"measured_iterations_share\":\t0.99009900990099,\n"
                                        "\t\t\"measured_fp_share\":\t0.99502487562189057\n"));
    free(json);

    const char *strict[] = {"-static-counting-only", "-report-file", "partial.txt", "-machine",
                            SMALL_VM, "-strict", KERNEL("partial.c"), NULL};
    r = run(strict);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, KERNEL("partial.c") ":11:9: error: the loop has no "
                                         "bounds"));
    testutil_proc_release(&r);
}

/* The flops of the nest of `line` and its runs in report JSON `json`, -1 when missing. */
static void nest_prediction(const cJSON *j, int line, double *flops, double *runs)
{
    *flops = *runs = -1;
    const cJSON *l;
    cJSON_ArrayForEach(l, cJSON_GetObjectItem(j, "loops"))
    {
        const cJSON *pr = cJSON_GetObjectItem(l, "prediction");
        if (cJSON_GetObjectItem(l, "line")->valueint != line || !pr)
            continue;
        *flops = cJSON_GetObjectItem(pr, "flops")->valuedouble;
        *runs = cJSON_GetObjectItem(pr, "runs")->valuedouble;
    }
}

/* kernels/calls_runs.c, n = 1000: each nest counts as often as its function is called
 * (f's 10 times from main's k loop, g's once plus 3 x 2 from a nest, r's recursion once),
 * and main's k loop keeps only its own add, not the one its call of f added there.  A
 * measurement of f's loop (4 entries) wins over the call graph. */
static void test_calls_runs(void)
{
    const char *args[13] = {"-static-counting-only", "-report-file", "cr.txt", "-machine",
                          SMALL_VM, "-param", "n=1000", "-json", "cr.json",
                          KERNEL("calls_runs.c"), NULL};
    static const struct {
        int line;
        double flops, runs;
    } want[] = {{8, 10000, 10}, {15, 7000, 7}, {22, 1000, 1}, {31, 10, 1}, {34, 0, 1}};
    for (int pass = 0; pass < 2; pass++) {
        testutil_proc r = run(args);
        CU_ASSERT_EQUAL(r.status, 0);
        testutil_proc_release(&r);
        char *text = read_in_tmp("cr.json");
        cJSON *j = cJSON_Parse(text);
        free(text);
        CU_ASSERT_PTR_NOT_NULL_FATAL(j);
        for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
            double flops, runs;
            nest_prediction(j, want[i].line, &flops, &runs);
            bool measured = pass == 1 && want[i].line == 8;
            CU_ASSERT_DOUBLE_EQUAL(flops, measured ? 4000 : want[i].flops, 0);
            CU_ASSERT_DOUBLE_EQUAL(runs, measured ? 4 : want[i].runs, 0);
        }
        cJSON_Delete(j);
        char *path = testutil_path(tmpdir, "cr_measured.json");
        CU_ASSERT_FATAL(testutil_write_file(
            path, "{\"loops\": [{\"file\": \"calls_runs.c\", \"line\": 8, \"column\": 5, "
                  "\"function\": \"f\", \"entries\": 4, \"iterations\": 4000, "
                  "\"fp_plus\": 4000, \"fp_minus\": 0, \"fp_multiply\": 0, \"fp_divide\": 0, "
                  "\"fp_special\": 0, \"load_bytes\": 32000, \"store_bytes\": 0}]}"));
        free(path);
        args[9] = "-measured";
        args[10] = "cr_measured.json";
        args[11] = KERNEL("calls_runs.c");
    }
}

/* Forty functions, each one multiply and the sum of two calls of the next at function
 * level: a call of the first leaves 2^40 - 1 multiplies and 2^39 - 1 adds where it is made
 * (no loop counts them), three times in main_loop's loop, worked out once a function, not
 * once a path (2^40 of them). */
static void test_calls_diamonds(void)
{
    enum { DEPTH = 40 };
    strbuf src = STRBUF_INIT;
    strbuf_printf(&src, "double f%d(double x) { return x * 1.5; }\n", DEPTH - 1);
    for (int i = DEPTH - 2; i >= 0; i--)
        strbuf_printf(&src, "double f%d(double x) { x = x * 1.5; return f%d(x) + f%d(x); }\n",
                      i, i + 1, i + 1);
    strbuf_append(&src, "double main_loop(double x)\n{\n    for (int k = 0; k < 3; k++)\n"
                        "        x = f0(x);\n    return x;\n}\n");
    char *path = testutil_path(tmpdir, "diamonds.c");
    CU_ASSERT_FATAL(testutil_write_file(path, strbuf_cstr(&src)));
    free(path);
    strbuf_release(&src);
    const char *args[] = {"-static-counting-only", "-report-file", "d.txt", "-machine", SMALL_VM,
                          "-json", "d.json", "diamonds.c", NULL};
    testutil_proc r = testutil_exec_program(tmpdir, AITOOL_MEASURETOOL, args);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *json = read_in_tmp("d.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"flops\":\t4947802324986,"));
    free(json);
}

/* kernels/two_on_a_line.c: two while loops start on line 9, so each is named by its column
 * too (f_L9c5, f_L9c41); with n = 10 and those counts, 10 + 10 + 10 + 3 flops. */
static void test_two_loops_on_a_line(void)
{
    const char *none[] = {"-static-counting-only", "-report-file", "t.txt", "-machine", SMALL_VM,
                          "-param", "n=10", KERNEL("two_on_a_line.c"), NULL};
    testutil_proc r = run(none);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "two_on_a_line.c:9:5: warning: the loop has no bounds: "
                                         "give its iterations per entry as f_L9c5=N"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "two_on_a_line.c:9:41: warning: the loop has no bounds: "
                                         "give its iterations per entry as f_L9c41=N"));
    testutil_proc_release(&r);
    const char *named[] = {"-static-counting-only", "-report-file", "t.txt", "-machine", SMALL_VM,
                           "-param", "n=10", "-param", "f_L9c5=10", "-param", "f_L9c41=3",
                           "-json", "t.json", KERNEL("two_on_a_line.c"), NULL};
    r = run(named);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    char *text = read_in_tmp("t.json");
    cJSON *j = cJSON_Parse(text);
    free(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    double flops = 0;
    const cJSON *l;
    cJSON_ArrayForEach(l, cJSON_GetObjectItem(j, "loops"))
    {
        const cJSON *pr = cJSON_GetObjectItem(l, "prediction");
        if (pr)
            flops += cJSON_GetObjectItem(pr, "flops")->valuedouble;
    }
    CU_ASSERT_DOUBLE_EQUAL(flops, 33, 0);
    cJSON_Delete(j);
}

/* kernels/omp_measured.c measured on 2 threads: the t loop 1 entry, 10 iterations; the
 * worksharing i loop 20 entries (one a thread a step), 10000 iterations.  Its mean trip is
 * its iterations over the times the model enters it (10), not over the threads' entries:
 * 10000 adds, as measured (iterations over entries would say 500 an entry, 5000). */
static void test_worksharing_measured(void)
{
    char *path = testutil_path(tmpdir, "omp_measured.json");
    CU_ASSERT_FATAL(testutil_write_file(
        path, "{\"loops\": [{\"file\": \"omp_measured.c\", \"line\": 6, \"column\": 5, "
              "\"function\": \"steps\", \"entries\": 1, \"iterations\": 10, \"fp_plus\": 0, "
              "\"fp_minus\": 0, \"fp_multiply\": 0, \"fp_divide\": 0, \"fp_special\": 0, "
              "\"load_bytes\": 0, \"store_bytes\": 0},\n"
              "{\"file\": \"omp_measured.c\", \"line\": 8, \"column\": 9, "
              "\"function\": \"steps\", \"entries\": 20, \"iterations\": 10000, "
              "\"fp_plus\": 10000, \"fp_minus\": 0, \"fp_multiply\": 0, \"fp_divide\": 0, "
              "\"fp_special\": 0, \"load_bytes\": 80000, \"store_bytes\": 80000}]}"));
    free(path);
    const char *args[] = {"-static-counting-only", "-report-file", "o.txt", "-machine", SMALL_VM,
                          "-measured", "omp_measured.json", "-json", "o.json",
                          KERNEL("omp_measured.c"), NULL};
    expect_json_flops(args, "o.json", "\"flops\":\t10000,");
}

/* A loop whose bound the model cannot evaluate (it calls a function: kernels/perf_call_bound.c)
 * takes its iterations per entry as a loop without bounds does: by name, or measured. */
static void test_bound_not_evaluated(void)
{
    const char *none[] = {"-static-counting-only", "-report-file", "c.txt", "-machine", SMALL_VM,
                          "-param", "n=100", KERNEL("perf_call_bound.c"), NULL};
    testutil_proc r = run(none);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, KERNEL("perf_call_bound.c") ":7:5: warning: upperbound "
                                  "'(lim(n))-1': unbound parameter 'lim(100)'; bind it, or give "
                                  "its iterations per entry as clamp_L7=N (perfmodel -D, "
                                  "measuretool -param), or a measurement of it (from a run of "
                                  "an -auto-instrument'ed copy)\n");
    testutil_proc_release(&r);
    const char *named[] = {"-static-counting-only", "-report-file", "c.txt", "-machine", SMALL_VM,
                           "-param", "clamp_L7=1000", "-json", "c.json",
                           KERNEL("perf_call_bound.c"), NULL};
    expect_json_flops(named, "c.json", "\"flops\":\t1000,");
    /* Measured: 4 entries, 1000 iterations: 250 an entry, four runs; the bound itself,
     * once it evaluates, comes first: lim(100) bound to 30 gives 30 an entry, 120. */
    write_measured("c_measured.json", "perf_call_bound.c", "clamp", 4);
    const char *from_run[] = {"-static-counting-only", "-report-file", "c.txt", "-machine",
                              SMALL_VM, "-measured", "c_measured.json", "-json", "c.json",
                              KERNEL("perf_call_bound.c"), NULL};
    expect_json_flops(from_run, "c.json", "\"flops\":\t1000,");
    const char *bound[] = {"-static-counting-only", "-report-file", "c.txt", "-machine",
                           SMALL_VM, "-measured", "c_measured.json", "-param", "n=100",
                           "-param", "lim(100)=30", "-json", "c.json",
                           KERNEL("perf_call_bound.c"), NULL};
    expect_json_flops(bound, "c.json", "\"flops\":\t120,");
}

/* A loop measured with 0 entries did not run: it costs 0, its row says so, and the run is
 * not an error, whether it has no bounds (a while loop) or bounds that evaluate (the
 * measurement wins); the loop beside it is predicted from its bounds as before.  Through
 * measuretool -machine -measured, and through perfmodel on the XML of the measured run
 * (its pininfo). */
static void test_loops_not_run(void)
{
    char *path = testutil_path(tmpdir, "zero.c");
    CU_ASSERT_FATAL(testutil_write_file(path, "void zero(double *a, int n)\n"
                                              "{\n"
                                              "    int i = 0;\n"
                                              "    for (int j = 0; j < 1000; j++)\n"
                                              "        a[j] = a[j] * 3.0;\n"
                                              "    /* never runs */\n"
                                              "    while (i < n) {\n"
                                              "        a[i] = a[i] * 2.0;\n"
                                              "        i++;\n"
                                              "    }\n"
                                              "}\n"));
    write_measured("z_measured.json", "zero.c", "zero", 0);
    const char *args[] = {"-static-counting-only", "-report-file", "z.txt", "-machine", SMALL_VM,
                          "-measured", "z_measured.json", "-json", "z.json", path, NULL};
    expect_json_flops(args, "z.json", "\"flops\":\t1000,");
    char *json = read_in_tmp("z.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"runtime_s\":\t0,\n\t\t\t\t\"bottleneck\":\t\"did not "
                                        "run\",\n\t\t\t\t\"ran\":\tfalse,\n\t\t\t\t"
                                        "\"measured_entries\":\t0\n"));
    free(json);
    char *text = read_in_tmp("z.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "flops:0\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "runtime:0 s, did not run (measured: 0 entries)\n"));
    free(text);
    free(path);

    const char *xml[] = {"-static-counting-only", "-report-file", "z.txt", "-measured",
                         "z_measured.json", "-xml", "z.xml", "zero.c", NULL};
    testutil_proc r = run(xml);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    const char *perfmodel[] = {"-machine", SMALL_VM, "-json", "zp.json", "z.xml", NULL};
    r = testutil_exec_program(tmpdir, AITOOL_PERFMODEL, perfmodel);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "nest at z.xml:7 (function zero): did not run "
                                         "(measured: 0 entries), costs 0\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "  did not run (measured: 0 entries)\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "total:\n  flops 1000  "));
    testutil_proc_release(&r);
    json = read_in_tmp("zp.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"ran\":\tfalse,\n\t\t\t\"measured_entries\":\t0,\n"
                                        "\t\t\t\"predicted\":\ttrue,\n\t\t\t\"flops\":\t0,"));
    free(json);

    /* A loop that did not run inside one that did: 0 for it, the outer loop as before. */
    path = testutil_path(tmpdir, "inner0.c");
    CU_ASSERT_FATAL(testutil_write_file(path, "void inner(double *a, double *b, int n)\n"
                                              "{\n"
                                              "    for (int j = 0; j < 100; j++) {\n"
                                              "        int i = 0;\n"
                                              "        b[j] = b[j] + 1.0;\n"
                                              "        while (i < n) {\n"
                                              "            a[i] = a[i] * 2.0;\n"
                                              "            i++;\n"
                                              "        }\n"
                                              "    }\n"
                                              "}\n"));
    free(path);
    path = testutil_path(tmpdir, "inner0_measured.json");
    CU_ASSERT_FATAL(testutil_write_file(
        path, "{\"loops\": [{\"file\": \"inner0.c\", \"line\": 6, \"column\": 9, "
              "\"function\": \"inner\", \"entries\": 0, \"iterations\": 0, \"fp_plus\": 0, "
              "\"fp_minus\": 0, \"fp_multiply\": 0, \"fp_divide\": 0, \"fp_special\": 0, "
              "\"load_bytes\": 0, \"store_bytes\": 0}]}"));
    free(path);
    const char *inner[] = {"-static-counting-only", "-report-file", "i.txt", "-machine",
                           SMALL_VM, "-measured", "inner0_measured.json", "-json", "i.json",
                           "inner0.c", NULL};
    expect_json_flops(inner, "i.json", "\"flops\":\t100,");

    /* Bounds that evaluate (lim(100) bound to 30) and 0 entries measured: 0, not 30. */
    write_measured("c0_measured.json", "perf_call_bound.c", "clamp", 0);
    const char *bound[] = {"-static-counting-only", "-report-file", "c.txt", "-machine",
                           SMALL_VM, "-measured", "c0_measured.json", "-param", "n=100",
                           "-param", "lim(100)=30", "-json", "c.json",
                           KERNEL("perf_call_bound.c"), NULL};
    expect_json_flops(bound, "c.json", "\"flops\":\t0,");
    json = read_in_tmp("c.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"ran\":\tfalse,"));
    free(json);
}

/* tmpdir/name: a function of `depth` loops nested in one another, each on a
 * line of its own (loop k on line k + 1), once round each, around one
 * addition and one array element. */
static void write_nest(const char *name, int depth)
{
    strbuf code = STRBUF_INIT;
    strbuf_append(&code, "void nest(double *a) {\n");
    for (int i = 0; i < depth; i++)
        strbuf_printf(&code, "for (int i%d = 0; i%d < 1; i%d++)\n", i, i, i);
    strbuf_append(&code, "a[0] += 1.0;\n}\n");
    char *path = testutil_path(tmpdir, name);
    CU_ASSERT_TRUE_FATAL(testutil_write_file(path, strbuf_cstr(&code)));
    free(path);
    strbuf_release(&code);
}

/* What measuretool -xml writes perfmodel and measuretool read: the deepest
 * nest allowed (XML_MAX_LOOP_DEPTH, an access 2048 elements deep) goes
 * round; one loop more is refused by the writer at that loop, nothing
 * written; a document nested deeper by hand is refused by the readers in
 * their own words, with the same limit. */
static void test_xml_deepest_nest(void)
{
    write_nest("deep.c", 2045);
    const char *write[] = {"-static-counting-only", "-report-file", "/dev/null", "-xml",
                           "deep.xml", "deep.c", NULL};
    testutil_proc r = run(write);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    const char *perfmodel[] = {"-machine", SMALL_VM, "deep.xml", NULL};
    r = testutil_exec_program(tmpdir, AITOOL_PERFMODEL, perfmodel);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "flops 1 "));
    testutil_proc_release(&r);
    const char *read[] = {"-static-counting-only", "-report-file", "-", "deep.xml", NULL};
    r = run(read);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_EQUAL(count_blocks(r.out), 2045);
    testutil_proc_release(&r);

    write_nest("deeper.c", 2046);
    const char *refused[] = {"-static-counting-only", "-report-file", "/dev/null", "-xml",
                             "deeper.xml", "deeper.c", NULL};
    r = run(refused);
    CU_ASSERT_EQUAL(r.status, 1);
    /* the one message, at the loop of the file as the analyzer names it (its path) */
    const char *at = strstr(r.err, "/deeper.c:2047:1: ");
    CU_ASSERT_PTR_NOT_NULL_FATAL(at);
    CU_ASSERT_STRING_EQUAL(at, "/deeper.c:2047:1: error: loop nested 2046 deep: ExaSAT XML holds "
                               "loops nested at most 2045 deep (its readers read elements with "
                               "at most 2048 ancestors)\n");
    CU_ASSERT_PTR_NULL(memchr(r.err, '\n', (size_t)(at - r.err)));
    testutil_proc_release(&r);
    char *none = read_in_tmp("deeper.xml");
    CU_ASSERT_PTR_NULL(none);
    free(none);

    char *doc = read_in_tmp("deep.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
    char *wrapped = testutil_replace(doc, "<nonlocal name=\"a\"/>",
                                     "<nonlocal name=\"a\"/><loop linenum=\"1\" loopvar=\"x\" "
                                     "stride=\"1\" lowerbound=\"0\" upperbound=\"0\" adds=\"0\" "
                                     "multiplies=\"0\" divides=\"0\" specials=\"0\">");
    char *deeper = testutil_replace(wrapped, "</function>", "</loop></function>");
    char *path = testutil_path(tmpdir, "deeper.xml");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(path, deeper));
    const char *by_hand[] = {"-machine", SMALL_VM, "deeper.xml", NULL};
    r = testutil_exec_program(tmpdir, AITOOL_PERFMODEL, by_hand);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, ": error: an element with more than 2048 ancestors, "
                                         "deeper than the readers read: ExaSAT XML holds loops "
                                         "nested at most 2045 deep\n"));
    CU_ASSERT_TRUE(strncmp(r.err, "deeper.xml:", 11) == 0);
    testutil_proc_release(&r);
    free(path);
    free(deeper);
    free(wrapped);
    free(doc);
}

static const testutil_case xml_cases[] = {
    {"-machine predictions in the reports", test_machine_prediction},
    {"-xml written and read back", test_xml_written_and_read_back},
    {"bad XML input", test_xml_bad_input},
    {"the ExaSAT tools' dialect", test_orig_dialect},
    {"-chips written", test_chips_written},
    {"loops without bounds", test_loops_without_bounds},
    {"loops measured with 0 entries", test_loops_not_run},
    {"hot loops and -top", test_hot_loops},
    {"partial predictions", test_partial_predictions},
    {"whole-program totals follow calls", test_calls_runs},
    {"calls: a diamond of 2^40 paths", test_calls_diamonds},
    {"two loops on a line", test_two_loops_on_a_line},
    {"a worksharing loop measured", test_worksharing_measured},
    {"a bound that does not evaluate", test_bound_not_evaluated},
    {"the deepest nest round trip", test_xml_deepest_nest},
    {NULL, NULL},
};

/* gnu17 by default: typeof and statement expressions parse, and a call to an
 * undeclared function is what gcc makes of it, a warning (shown with -W). */
static void test_gnu_dialect_by_default(void)
{
    const char *args[] = {"-static-counting-only", "-report-file", "g.txt", KERNEL("gnu_c.c"),
                          NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    char *report = read_in_tmp("g.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    CU_ASSERT_PTR_NOT_NULL(strstr(report, "gnu_c.c:9:5\nfp_plus:1\nfp_minus:0\n"
                                          "fp_multiply:1\nfp_divide:0\nfp_total:2\n"));
    free(report);
    const char *wall[] = {"-static-counting-only", "-Wall", "-report-file", "g.txt",
                          KERNEL("gnu_c.c"), NULL};
    r = run(wall);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, KERNEL("gnu_c.c") ":11:5: warning: call to undeclared function "
                                  "'undeclared_helper'; ISO C99 and later do not support implicit "
                                  "function declarations\n");
    testutil_proc_release(&r);
    /* An explicit standard is the user's: strict C99 has no typeof. */
    const char *c99[] = {"-static-counting-only", "-std=c99", "-report-file", "g.txt",
                         KERNEL("gnu_c.c"), NULL};
    r = run(c99);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, KERNEL("gnu_c.c") ":7:14: error: expected ';' after "
                                         "expression\n"));
    testutil_proc_release(&r);
}

/* -fopenmp code that includes <omp.h> parses, with clang's header or, when
 * there is none to be found (-nostdinc here), with the declarations of ours;
 * the runtime's functions are in the built-in annotations. */
static void test_openmp_header(void)
{
    const char *with_clang[] = {"-static-counting-only", "-fopenmp", "-report-file", "o.txt",
                                KERNEL("omp_header.c"), NULL};
    const char *without[] = {"-static-counting-only", "-fopenmp", "-nostdinc", "-report-file",
                             "o.txt", KERNEL("omp_header.c"), NULL};
    const char *const *runs[] = {with_clang, without};
    for (size_t k = 0; k < 2; k++) {
        testutil_proc r = run(runs[k]);
        CU_ASSERT_EQUAL(r.status, 0);
        CU_ASSERT_STRING_EQUAL(r.err, "");
        testutil_proc_release(&r);
        char *report = read_in_tmp("o.txt");
        CU_ASSERT_PTR_NOT_NULL_FATAL(report);
        CU_ASSERT_PTR_NOT_NULL(strstr(report, "omp_header.c:9:5\nfp_plus:0\nfp_minus:0\n"
                                              "fp_multiply:1\nfp_divide:0\nfp_total:1\n"));
        CU_ASSERT_PTR_NOT_NULL(strstr(report, "omp_header.c:12:5\nfp_plus:1\n"));
        CU_ASSERT_PTR_NULL(strstr(report, "Incomplete"));
        free(report);
    }
}

static const testutil_case dialect_cases[] = {
    {"gnu17 by default, implicit declarations warned", test_gnu_dialect_by_default},
    {"OpenMP with <omp.h>", test_openmp_header},
    {NULL, NULL},
};

/* ---- What libclang reads: includes bounded, errors in headers placed ---- */

static void write_in_tmp(const char *name, const char *text)
{
    char *path = testutil_path(tmpdir, name);
    CU_ASSERT_TRUE(testutil_write_file(path, text));
    free(path);
}

/* measuretool on args fails with exactly `message` on stderr, exit 1, and
 * at once (it once read /dev/zero until it was killed, and waited on a
 * FIFO for ever). */
static void expect_refused_at_once(const char *const *args, const char *message)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    testutil_proc r = run(args);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.err, message);
    CU_ASSERT_TRUE(t1.tv_sec - t0.tv_sec < 10);
    testutil_proc_release(&r);
}

/* Includes of devices, FIFOs and files above the input limit are refused
 * where they are included, as clang refuses a file it cannot open; a
 * normal include still works. */
static void test_includes_that_are_not_files(void)
{
    write_in_tmp("zero.c", "#include \"/dev/zero\"\nint x;\n");
    const char *zero[] = {"-static-counting-only", "-report-file", "-", "zero.c", NULL};
    expect_refused_at_once(zero, "zero.c:1:10: error: cannot open file '/dev/zero': it is a "
                                 "device, not a file\n");
    write_in_tmp("plain.c", "int y;\n");
    const char *full[] = {"-static-counting-only", "-report-file", "-", "-include", "/dev/full",
                          "plain.c", NULL};
    expect_refused_at_once(full, "plain.c:1:1: error: cannot open file '/dev/full': it is a "
                                 "device, not a file\n");
    char *fifo = testutil_path(tmpdir, "pipe.h");
    CU_ASSERT_EQUAL_FATAL(mkfifo(fifo, 0600), 0);
    free(fifo);
    write_in_tmp("fifo.c", "int z;\n#include \"pipe.h\"\n");
    const char *pipe[] = {"-static-counting-only", "-report-file", "-", "fifo.c", NULL};
    expect_refused_at_once(pipe, "fifo.c:2:10: error: cannot open file './pipe.h': it is a "
                                 "FIFO, not a file\n");
    char *big = testutil_path(tmpdir, "big.h");
    write_in_tmp("big.h", "");
    CU_ASSERT_EQUAL_FATAL(truncate(big, (off_t)(300 << 20)), 0);
    free(big);
    write_in_tmp("large.c", "#include \"big.h\"\n");
    const char *large[] = {"-static-counting-only", "-report-file", "-", "large.c", NULL};
    expect_refused_at_once(large, "large.c:1:10: error: cannot open file './big.h': it is larger "
                                  "than the limit of 256 MiB\n");
    write_in_tmp("norm.h", "static double twice(double x) { return 2.0 * x; }\n");
    write_in_tmp("norm.c", "#include \"norm.h\"\nvoid f(int n, double *a)\n{\n"
                           "    for (int i = 0; i < n; i++)\n        a[i] = twice(a[i]) + 1.0;\n}\n");
    const char *normal[] = {"-static-counting-only", "-report-file", "-", "norm.c", NULL};
    testutil_proc r = run(normal);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "norm.c:4:5\nfp_plus:1\n"));
    testutil_proc_release(&r);
}

/* An error in a header is followed by the #include lines that led there,
 * innermost first. */
static void test_error_in_an_included_header(void)
{
    char *dir = testutil_path(tmpdir, "nested");
    CU_ASSERT_EQUAL_FATAL(mkdir(dir, 0700), 0);
    free(dir);
    write_in_tmp("nested/bad.h", "int g(void) { return undefined_x; }\n");
    write_in_tmp("nested/mid.h", "/* mid */\n#include \"bad.h\"\n");
    write_in_tmp("user.c", "int u;\n#include \"nested/mid.h\"\n");
    const char *args[] = {"-static-counting-only", "-report-file", "-", "user.c", NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.err,
        "./nested/bad.h:1:22: error: use of undeclared identifier 'undefined_x'\n"
        "./nested/mid.h:2:10: note: in file included from here\n"
        "user.c:2:10: note: in file included from here\n");
    testutil_proc_release(&r);
    write_in_tmp("plain.c", "int y;\n");
    const char *forced[] = {"-static-counting-only", "-report-file", "-", "-include",
                            "nested/bad.h", "plain.c", NULL};
    r = run(forced);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.err,
        "./nested/bad.h:1:22: error: use of undeclared identifier 'undefined_x'\n"
        "plain.c:1:1: note: in file included from the command line (-include)\n");
    testutil_proc_release(&r);
}

static const testutil_case clang_input_cases[] = {
    {"includes that are not files", test_includes_that_are_not_files},
    {"an error in an included header", test_error_in_an_included_header},
    {NULL, NULL},
};

/* ---- Pragmas that macros make from their arguments ---- */

/* `_Pragma(s)`, `_Pragma(#s)`, through other macros, a macro naming the
 * string, `_Pragma(STR(...))`: each is read from its expansion, and holds. */
static void test_pragmas_from_macro_arguments(void)
{
    const char *args[] = {"-static-counting-only", "-debug", "-report-file", "ma.txt",
                          KERNEL("pragmas_macro_args.c"), NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NULL(strstr(r.err, "error"));
    const char *holds[] = {
        ":12:5: note: aitool pragma: fp_total(1) matches the loop\n",
        ":16:5: note: aitool pragma: fp_multiply(1) matches the loop\n",
        ":20:5: note: aitool pragma: fp_divide(1) matches the loop\n",
        ":24:5: note: aitool pragma: fp_plus(1) matches the loop\n",
        ":28:5: note: aitool pragma: fp_minus(1) matches the loop\n",
        ":32:5: note: aitool pragma: fp_total(2) matches the loop\n",
        ":37:1: note: aitool pragma: fp_total(2) matches the function\n",
        ":49:5: note: aitool pragma: fp_multiply(1) matches the loop\n",
        ":52:5: note: aitool pragma: fp_divide(1) matches the loop\n",
    };
    for (size_t i = 0; i < sizeof holds / sizeof *holds; i++) {
        strbuf want = STRBUF_INIT;
        strbuf_printf(&want, "pragmas_macro_args.c%s", holds[i]);
        CU_ASSERT_PTR_NOT_NULL(strstr(r.err, want.s));
        strbuf_release(&want);
    }
    testutil_proc_release(&r);
}

/* Wrong counts and malformed clauses, each reported at the macro's use. */
static void test_pragmas_from_macro_arguments_wrong(void)
{
    const char *args[] = {"-static-counting-only", "-report-file", "maw.txt",
                          KERNEL("pragmas_macro_args_wrong.c"), NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.err,
        KERNEL("pragmas_macro_args_wrong.c") ":18:5: error: expected a count in 'fp_plus(...)'\n"
        KERNEL("pragmas_macro_args_wrong.c") ":21:5: error: unknown aitool pragma clause "
                                             "'fp_bogus' (the clauses are fp_plus, fp_minus, "
                                             "fp_multiply, fp_divide, fp_total and fp_special)\n"
        KERNEL("pragmas_macro_args_wrong.c") ":9:5: error: aitool pragma: fp_plus is 5, the loop "
                                             "has 0\n"
        KERNEL("pragmas_macro_args_wrong.c") ":12:5: error: aitool pragma: fp_plus is 5, the "
                                             "loop has 0\n"
        KERNEL("pragmas_macro_args_wrong.c") ":15:5: error: aitool pragma: fp_multiply is 2, the "
                                             "loop has 1\n");
    testutil_proc_release(&r);
}

static const testutil_case macro_pragma_cases[] = {
    {"pragmas from macro arguments", test_pragmas_from_macro_arguments},
    {"pragmas from macro arguments, wrong", test_pragmas_from_macro_arguments_wrong},
    {NULL, NULL},
};

int main(void)
{
    tmpdir = testutil_make_tempdir();
    if (!tmpdir)
        return 2;
    const testutil_suite suites[] = {
        {"options", option_cases}, {"outputs", output_cases}, {"bad input", bad_input_cases},
        {"pragmas", pragma_cases}, {"annotations", annotation_cases}, {"exasat xml", xml_cases},
        {"C dialect", dialect_cases}, {"what libclang reads", clang_input_cases},
        {"pragmas through macros", macro_pragma_cases}};
    int status = testutil_run(suites, 9);
    testutil_remove_tree(tmpdir);
    free(tmpdir);
    return status;
}
