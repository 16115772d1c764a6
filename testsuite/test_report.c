/* The text and JSON reports against golden files.  Goldens hold @SRC@ where
 * the absolute path of the source tree goes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "analyzer.h"
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

static const testutil_case text_cases[] = {
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

int main(void)
{
    const testutil_suite suites[] = {{"text report", text_cases}, {"json report", json_cases}};
    return testutil_run(suites, 2);
}
