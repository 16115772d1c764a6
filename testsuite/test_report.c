/* The text and JSON reports against golden files.  Goldens hold @SRC@ where
 * the absolute path of the source tree goes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "analyzer.h"
#include "diag.h"
#include "json_check.h"
#include "json_out.h"
#include "report.h"
#include "strbuf.h"
#include "testutil.h"

static lm_program *analyze_files(const char *const *files, int nfiles)
{
    analyzer_options opt = {NULL, 0, false, NULL, false, false};
    analyzer *a = analyzer_create(&opt);
    lm_program *p = lm_program_create();
    for (int i = 0; i < nfiles; i++) {
        strbuf path = STRBUF_INIT;
        strbuf_printf(&path, "%s/%s", AITOOL_SOURCE_DIR, files[i]);
        CU_ASSERT_TRUE(analyzer_analyze_file(a, p, path.s));
        strbuf_release(&path);
    }
    analyzer_free(&a);
    lm_program_finish(p);
    return p;
}

static char *golden(const char *name)
{
    strbuf path = STRBUF_INIT;
    strbuf_printf(&path, "%s/%s", AITOOL_GOLDEN_DIR, name);
    char *raw = testutil_read_file(path.s);
    strbuf_release(&path);
    if (!raw)
        return NULL;
    char *text = testutil_replace(raw, "@SRC@", AITOOL_SOURCE_DIR);
    free(raw);
    return text;
}

static char *render_text(const lm_program *p)
{
    FILE *tmp = tmpfile();
    CU_ASSERT_TRUE(report_text_write(tmp, p, NULL));
    char *text = testutil_read_stream(tmp);
    fclose(tmp);
    return text;
}

static void check_text_golden(const char *const *files, int nfiles, const char *golden_name)
{
    lm_program *p = analyze_files(files, nfiles);
    char *got = render_text(p);
    char *want = golden(golden_name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(want);
    CU_ASSERT_STRING_EQUAL(got, want);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "\n--- %s differs; got:\n%s\n", golden_name, got);
    free(got);
    free(want);
    lm_program_free(&p);
}

static void test_text_nested_kernel(void)
{
    const char *files[] = {"testsuite/kernels/nested.c"};
    check_text_golden(files, 1, "nested.txt");
}

static void test_text_jacobi_example(void)
{
    const char *files[] = {"examples/jacobi.c"};
    check_text_golden(files, 1, "jacobi.txt");
}

static void test_text_two_files_in_order(void)
{
    const char *files[] = {"examples/triad.c", "examples/dot.c"};
    check_text_golden(files, 2, "triad_dot.txt");
}

/* The seed's own example block, rebuilt from a hand-made model. */
static void test_text_block_layout(void)
{
    lm_program *p = lm_program_create();
    lm_file *f = lm_file_create(p, "/abs/path/file.c");
    lm_program_append_file(p, f);
    lm_function *fn = lm_file_add_function(p, f, "k", (lm_location){"/abs/path/file.c", 120, 6});
    lm_loop *l = lm_function_add_loop(p, fn, NULL, LM_LOOP_FOR,
                                      (lm_location){"/abs/path/file.c", 129, 10});
    l->own.n[LM_FP_PLUS] = 2;
    l->own.n[LM_FP_MULTIPLY] = 2;
    lm_arrays_note(p, &l->own_arrays, "u", "u", "double", 8, false, true, 1);
    lm_program_finish(p);
    char *got = render_text(p);
    CU_ASSERT_STRING_EQUAL(got,
                           "----------Floating Point Operation Counts---------------------\n"
                           "ForStatement@ /abs/path/file.c:129:10\n"
                           "fp_plus:2\n"
                           "fp_minus:0\n"
                           "fp_multiply:2\n"
                           "fp_divide:0\n"
                           "fp_total:4\n"
                           "fp_special:0\n"
                           "----------Memory Operation Counts---------------------\n"
                           "Loads: NULL\n"
                           "Loads int: 0\n"
                           "Stores:1 * sizeof(double )\n"
                           "Store int: 8\n"
                           "----------Arithmetic Intensity---------------------\n"
                           "AI=0.5\n");
    free(got);
    lm_program_free(&p);
}

static void test_json_golden(void)
{
    const char *files[] = {"testsuite/kernels/types.c"};
    lm_program *p = analyze_files(files, 1);
    char *got_text = report_json_render(p, NULL);
    char *want_text = golden("types.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(want_text);
    cJSON *got = cJSON_Parse(got_text), *want = cJSON_Parse(want_text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(got);
    CU_ASSERT_PTR_NOT_NULL_FATAL(want);
    CU_ASSERT_TRUE(cJSON_Compare(got, want, 1));
    cJSON_Delete(got);
    cJSON_Delete(want);
    free(got_text);
    free(want_text);
    lm_program_free(&p);
}

/* Every documented key, with its type, on every loop. */
static void test_json_keys_and_types(void)
{
    const char *files[] = {"examples/jacobi.c"};
    lm_program *p = analyze_files(files, 1);
    char *text = report_json_render(p, NULL);
    cJSON *root = cJSON_Parse(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(root);
    cJSON *loops = cJSON_GetObjectItemCaseSensitive(root, "loops");
    CU_ASSERT_TRUE_FATAL(cJSON_IsArray(loops));
    CU_ASSERT_EQUAL(cJSON_GetArraySize(loops), 9);
    static const char *const strings[] = {"file", "kind", "function"};
    static const char *const numbers[] = {"line", "column", "depth", "fp_plus", "fp_minus",
                                          "fp_multiply", "fp_divide", "fp_total", "fp_special",
                                          "load_bytes", "store_bytes", "ai"};
    const cJSON *loop;
    cJSON_ArrayForEach(loop, loops) {
        for (size_t i = 0; i < sizeof strings / sizeof *strings; i++)
            CU_ASSERT_TRUE(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(loop, strings[i])));
        for (size_t i = 0; i < sizeof numbers / sizeof *numbers; i++)
            CU_ASSERT_TRUE(cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(loop, numbers[i])));
        const cJSON *lf = cJSON_GetObjectItemCaseSensitive(loop, "load_formula");
        CU_ASSERT_TRUE(cJSON_IsString(lf) || cJSON_IsNull(lf));
        CU_ASSERT_TRUE(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(loop, "complete")));
        const cJSON *unknown = cJSON_GetObjectItemCaseSensitive(loop, "unknown_calls");
        CU_ASSERT_TRUE(cJSON_IsArray(unknown));
        CU_ASSERT_EQUAL(cJSON_GetArraySize(unknown), 0);
    }
    /* Loop 4 is the copy nest inside the while loop: no flops, depth 2. */
    const cJSON *copy = cJSON_GetArrayItem(loops, 3);
    CU_ASSERT_EQUAL(cJSON_GetObjectItemCaseSensitive(copy, "fp_total")->valueint, 0);
    CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItemCaseSensitive(copy, "kind")->valuestring, "for");
    CU_ASSERT_EQUAL(cJSON_GetObjectItemCaseSensitive(copy, "depth")->valueint, 2);
    cJSON_Delete(root);
    free(text);
    lm_program_free(&p);
}

/* C++: a template's instance is named under each of its loops, in the
 * text and in JSON; a template never instantiated is marked uncounted. */
static void test_cxx_instances_named(void)
{
    const char *files[] = {"testsuite/kernels/cxx_templates.cpp"};
    FILE *quiet = tmpfile();
    diag_set_stream(quiet); /* the uninstantiated template's note */
    lm_program *p = analyze_files(files, 1);
    diag_set_stream(NULL);
    fclose(quiet);
    char *text = render_text(p);
    strbuf want = STRBUF_INIT;
    strbuf_printf(&want, "ForStatement@ %s/testsuite/kernels/cxx_templates.cpp:15:5\n"
                         "Instance: axpy<double>\nfp_plus:1\n", AITOOL_SOURCE_DIR);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, strbuf_cstr(&want)));
    strbuf_release(&want);
    strbuf_printf(&want, "ForStatement@ %s/testsuite/kernels/cxx_templates.cpp:48:5\n"
                         "Uncounted: unused<T> is a template never instantiated here\n"
                         "fp_plus:0\n", AITOOL_SOURCE_DIR);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, strbuf_cstr(&want)));
    strbuf_release(&want);
    char *json = report_json_render(p, NULL);
    cJSON *doc = cJSON_Parse(json);
    CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
    const cJSON *loops = cJSON_GetObjectItemCaseSensitive(doc, "loops");
    CU_ASSERT_EQUAL_FATAL(cJSON_GetArraySize(loops), 8);
    const char *names[] = {"axpy<int>",
                           "axpy<float>",
                           "axpy<double>",
                           "Grid<double>::smooth",
                           "dot<double>",
                           "Sum::of<>(const float *, int)",
                           "Sum::of<>(const double *, int)",
                           "unused<T>"};
    for (int i = 0; i < 8; i++) {
        const cJSON *l = cJSON_GetArrayItem(loops, i);
        CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItemCaseSensitive(l, "function")->valuestring,
                               names[i]);
        CU_ASSERT_EQUAL(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(l, "uncounted")), i == 7);
    }
    CU_ASSERT_EQUAL(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(loops, 7), "ai")->valuedouble,
                    -1.0);
    cJSON_Delete(doc);
    free(json);
    free(text);
    lm_program_free(&p);
}

static const testutil_case text_cases[] = {
    {"C++ instances named", test_cxx_instances_named},
    {"block layout", test_text_block_layout},
    {"nested kernel", test_text_nested_kernel},
    {"jacobi example", test_text_jacobi_example},
    {"two files in order", test_text_two_files_in_order},
    {NULL, NULL},
};

/* The JSON writer against cJSON_Print, which the reports were written with
 * before: the same bytes for nesting, empty containers, every number form
 * (whole, beyond int, 15 and 17 digits, negative, not finite) and strings
 * with quotes, backslashes, control characters and UTF-8. */
static void test_json_writer_matches_cjson(void)
{
    static const double numbers[] = {0,      1,     -7,          2147483647.0, 2147483648.0,
                                     -2147483648.0, 3e9,          0.1,          1.0 / 3,
                                     -2.5e-7, 1e300, 123456789.125};
    static const char *const strings[] = {"plain", "q\"uote", "back\\slash", "tab\tnl\ncr\r",
                                          "\x01\x1f bell\b feed\f", "h\xc3\xa9llo \xe2\x82\xac", ""};
    cJSON *root = cJSON_CreateObject();
    strbuf text = STRBUF_INIT;
    json_out w = JSON_OUT_INIT(&text);
    json_object_begin(&w);

    cJSON *nums = cJSON_AddArrayToObject(root, "numbers");
    json_key(&w, "numbers");
    json_array_begin(&w);
    for (size_t i = 0; i < sizeof numbers / sizeof *numbers; i++) {
        cJSON_AddItemToArray(nums, cJSON_CreateNumber(numbers[i]));
        json_number(&w, numbers[i]);
    }
    json_array_end(&w);

    cJSON *obj = cJSON_AddObjectToObject(root, "strings");
    json_key(&w, "strings");
    json_object_begin(&w);
    for (size_t i = 0; i < sizeof strings / sizeof *strings; i++) {
        cJSON_AddStringToObject(obj, strings[i], strings[i]);
        json_key(&w, strings[i]);
        json_string(&w, strings[i]);
    }
    json_object_end(&w);

    cJSON *mixed = cJSON_AddArrayToObject(root, "mixed");
    json_key(&w, "mixed");
    json_array_begin(&w);
    cJSON_AddItemToArray(mixed, cJSON_CreateObject());
    json_object_begin(&w);
    json_object_end(&w);
    cJSON_AddItemToArray(mixed, cJSON_CreateArray());
    json_array_begin(&w);
    json_array_end(&w);
    cJSON *inner = cJSON_CreateObject();
    cJSON_AddNullToObject(inner, "none");
    cJSON_AddBoolToObject(inner, "yes", 1);
    cJSON_AddNumberToObject(inner, "nan", NAN);
    cJSON_AddItemToArray(mixed, inner);
    json_object_begin(&w);
    json_key(&w, "none");
    json_null(&w);
    json_key(&w, "yes");
    json_bool(&w, true);
    json_key(&w, "nan");
    json_number(&w, NAN);
    json_object_end(&w);
    json_array_end(&w);

    cJSON_AddItemToObject(root, "empty", cJSON_CreateObject());
    json_key(&w, "empty");
    json_object_begin(&w);
    json_object_end(&w);
    json_object_end(&w);

    char *want = cJSON_Print(root);
    CU_ASSERT_STRING_EQUAL(strbuf_cstr(&text), want);
    cJSON_free(want);
    cJSON_Delete(root);
    json_out_release(&w);
    strbuf_release(&text);
}

static const testutil_case json_cases[] = {
    {"golden", test_json_golden},
    {"keys and types", test_json_keys_and_types},
    {"the writer matches cJSON", test_json_writer_matches_cjson},
    {NULL, NULL},
};

/* ---- Checking JSON against a table (json_check.h) ---- */

/* What json_check (or, with check NULL, measured_read of an empty program)
 * says of text, as the user sees it; *faults the count it returns. */
static char *check_messages(const char *text, const json_check_field *check, unsigned *faults)
{
    FILE *err = tmpfile();
    diag_set_stream(err);
    char *dir = testutil_make_tempdir();
    if (check) {
        *faults = json_check("t.json", text, check);
    } else {
        char *path = testutil_path(dir, "t.json");
        CU_ASSERT_TRUE(testutil_write_file(path, text));
        lm_program *p = lm_program_create();
        lm_program_finish(p);
        measured_set *m = measured_read(p, path);
        *faults = m == NULL;
        measured_free(&m);
        lm_program_free(&p);
        free(path);
    }
    diag_set_stream(NULL);
    char *messages = testutil_read_stream(err);
    fclose(err);
    char *in_dir = testutil_path(dir, "");
    char *relative = testutil_replace(messages, in_dir, "");
    testutil_remove_tree(dir);
    free(in_dir);
    free(dir);
    free(messages);
    return relative;
}

static void expect_check(const char *text, const json_check_field *check, const char *want)
{
    unsigned faults;
    char *got = check_messages(text, check, &faults);
    CU_ASSERT_STRING_EQUAL(got, want);
    CU_ASSERT_EQUAL(faults > 0, strstr(want, ": error: ") != NULL);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "\nfor %s\nexpected:\n%sgot:\n%s", text, want, got);
    free(got);
}

static const char *const test_colors[] = {"red", "green", NULL};
static const json_check_range test_percent = {0, 100, true, -1, "from 0 to 100 or -1"};
static const json_check_field test_pair_fields[] = {
    {"x", JSON_CHECK_NUMBER, NULL, true, false, NULL, NULL, NULL},
    {"y", JSON_CHECK_NUMBER, NULL, false, true, NULL, NULL, NULL},
    {0},
};
static const json_check_field test_group[] = {
    {"n", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {0},
};
static const json_check_field test_item_fields[] = {
    {"name", JSON_CHECK_STRING, &json_check_nonempty, true, false, NULL, NULL, NULL},
    {"color", JSON_CHECK_STRING, NULL, false, false, test_colors, NULL, NULL},
    {"share", JSON_CHECK_NUMBER, &test_percent, false, false, NULL, NULL, NULL},
    {"ok", JSON_CHECK_BOOL, NULL, false, false, NULL, NULL, NULL},
    {"at", JSON_CHECK_OBJECT, NULL, false, false, NULL, test_pair_fields, NULL},
    {"more", JSON_CHECK_GROUP, NULL, false, false, NULL, test_group, NULL},
    {0},
};
static const json_check_field test_item = {"thing", JSON_CHECK_OBJECT, NULL, false, false, NULL,
                                           test_item_fields, NULL};
static const json_check_field test_tag = {NULL, JSON_CHECK_STRING, NULL, false, false, NULL,
                                          NULL, NULL};
static const json_check_field test_top_fields[] = {
    {"things", JSON_CHECK_ARRAY, NULL, true, false, NULL, NULL, &test_item},
    {"tags", JSON_CHECK_ARRAY, NULL, false, false, NULL, NULL, &test_tag},
    {0},
};
static const json_check_field test_top = {"the file", JSON_CHECK_OBJECT, NULL, false, false, NULL,
                                          test_top_fields, NULL};

/* Every kind of row and fault, each at its key or value. */
static void test_json_check_table(void)
{
    static const struct {
        const char *text, *want;
    } cases[] = {
        {"{\"things\": [{\"name\": \"a\", \"n\": 1}], \"tags\": []}", ""},
        {"\xEF\xBB\xBF{\"things\": [{\"name\": \"a\", \"n\": 0, \"color\": \"green\", \"share\": "
         "-1, \"ok\": false, \"at\": {\"x\": 1.5, \"y\": null}}], \"tags\": [\"t\"]}",
         ""},
        {"[]", "t.json:1:1: error: the file must be an object, not an array\n"},
        {"{}", "t.json:1:1: error: the file has no \"things\" (an array)\n"},
        {"{\"things\": 3}", "t.json:1:12: error: \"things\" must be an array, not 3\n"},
        {"{\"things\": [7]}", "t.json:1:13: error: thing 1 must be an object, not 7\n"},
        {"{\"things\": [{\"n\": 1}, {\"name\": \"\", \"n\": 1}]}",
         "t.json:1:13: error: thing 1 has no \"name\" (a non-empty string)\n"
         "t.json:1:32: error: thing 2: \"name\" must be a non-empty string, not \"\"\n"},
        {"{\"things\": [{\"name\": \"a\", \"n\": 1.5}]}",
         "t.json:1:32: error: thing 1: \"n\" must be an integer from 0 to 2^64-1, not 1.5\n"},
        {"{\"things\": [{\"name\": \"a\", \"n\": 18446744073709551616}]}",
         "t.json:1:32: error: thing 1: \"n\" must be an integer from 0 to 2^64-1, not "
         "18446744073709551616\n"},
        {"{\"things\": [{\"name\": \"a\", \"n\": 1e999}]}",
         "t.json:1:32: error: thing 1: \"n\" must be an integer from 0 to 2^64-1, not 1e999\n"},
        {"{\"things\": [{\"name\": \"a\", \"n\": 1, \"color\": \"blue\"}]}",
         "t.json:1:44: error: thing 1: \"color\" must be \"red\" or \"green\", not \"blue\"\n"},
        {"{\"things\": [{\"name\": \"a\", \"n\": 1, \"share\": 100.5}]}",
         "t.json:1:44: error: thing 1: \"share\" must be a number from 0 to 100 or -1, not "
         "100.5\n"},
        {"{\"things\": [{\"name\": \"a\", \"n\": 1, \"ok\": null}]}",
         "t.json:1:41: error: thing 1: \"ok\" must be true or false, not null\n"},
        {"{\"things\": [{\"name\": \"a\", \"n\": 1, \"at\": {\"y\": \"q\"}}]}",
         "t.json:1:47: error: thing 1, \"at\": \"y\" must be a number or null, not \"q\"\n"
         "t.json:1:41: error: thing 1, \"at\" has no \"x\" (a number)\n"},
        {"{\"things\": [{\"name\": \"a\", \"n\": 1, \"n\": 2, \"z\": {\"deep\": [[]]}}]}",
         "t.json:1:35: error: thing 1 has \"n\" twice\n"
         "t.json:1:43: error: thing 1 has an unknown member \"z\"\n"},
        {"{\"things\": [], \"tags\": [\"a\", false]}",
         "t.json:1:30: error: item 2 of \"tags\" must be a string, not false\n"},
        {"{\n  \"things\": [{\"name\": \"a\",\n    \"n\": \"a long string with a\\n in it, "
         "cut in the message\"}]}",
         "t.json:3:10: error: thing 1: \"n\" must be an integer from 0 to 2^64-1, not \"a long "
         "string with a\\n in it, cut i...\"\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        expect_check(cases[i].text, &test_top, cases[i].want);
}

/* A measurement (-measured) is checked the same way: what the runtime
 * writes, and what a hand may leave out, read; anything else refused at
 * the value at fault. */
static void test_measurement_checked(void)
{
    static const char good[] =
        "{\n  \"loops\": [\n"
        "    {\"file\": \"a.c\", \"line\": 7, \"column\": 5, \"function\": \"f\", \"entries\": 2, "
        "\"iterations\": 1000, \"fp_plus\": 1, \"fp_minus\": 0, \"fp_multiply\": 1000, "
        "\"fp_divide\": 0, \"fp_total\": 1001, \"fp_special\": 0, \"load_bytes\": 8000, "
        "\"store_bytes\": 8000, \"ai\": 0.062563}\n  ],\n"
        "  \"totals\": {\"entries\": 2, \"iterations\": 1000, \"fp_plus\": 1, \"fp_minus\": 0, "
        "\"fp_multiply\": 1000, \"fp_divide\": 0, \"fp_total\": 1001, \"fp_special\": 0, "
        "\"load_bytes\": 8000, \"store_bytes\": 8000, \"ai\": 0.062563}\n}\n";
    static const struct {
        const char *from, *to, *want;
    } cases[] = {
        {"\"line\": 7", "\"line\": 7",
         "a.c:7:5: warning: the measurement in 't.json' has a loop here that the analyzed files "
         "do not\n"},
        {", \"function\": \"f\"", "",
         "a.c:7:5: warning: the measurement in 't.json' has a loop here that the analyzed files "
         "do not\n"},
        {"\"iterations\": 1000, \"fp_plus\"", "\"iterations\": \"many\", \"fp_plus\"",
         "t.json:3:90: error: loop 1: \"iterations\" must be an integer from 0 to 2^64-1, not "
         "\"many\"\n"
         "t.json:5:42: error: \"totals\": \"iterations\" must be an integer from 0 to 2^64-1, "
         "not \"many\"\n"},
        {"\"line\": 7", "\"line\": -5",
         "t.json:3:29: error: loop 1: \"line\" must be an integer from 1 to 2^32-1, not -5\n"},
        {"\"file\": \"a.c\", ", "",
         "t.json:3:5: error: loop 1 has no \"file\" (a non-empty string)\n"},
        {"\"ai\": 0.062563}\n  ]", "\"ai\": 0.062563, \"extra\": 1}\n  ]",
         "t.json:3:254: error: loop 1 has an unknown member \"extra\"\n"},
        {"  \"totals\": {\"entries\": 2,", "  \"totals\": {",
         "t.json:5:13: error: \"totals\" has no \"entries\" (an integer from 0 to 2^64-1)\n"},
        {"\n}\n", "\n}\n[]\n", "t.json:7:1: error: the measurement is not valid JSON\n"},
        {"\"store_bytes\": 8000, \"ai\": 0.062563}\n  ],",
         "\"store_bytes\": 8000, \"ai\": 0.062563}\n  ",
         "t.json:5:3: error: the measurement is not valid JSON\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *text = testutil_replace(good, cases[i].from, cases[i].to);
        expect_check(text, NULL, cases[i].want);
        free(text);
    }
}

static const testutil_case check_cases[] = {
    {"a table of members, types and ranges", test_json_check_table},
    {"measurements checked", test_measurement_checked},
    {NULL, NULL},
};

int main(void)
{
    const testutil_suite suites[] = {{"text report", text_cases},
                                     {"json report", json_cases},
                                     {"checked JSON", check_cases}};
    return testutil_run(suites, 3);
}
