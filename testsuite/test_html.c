/* The HTML report (issue 33): SHA-256 against FIPS 180-4's examples, a page of
 * a hand-counted kernel read back from its data block, escaping of source text,
 * file names and bytes that are not UTF-8, the script allowed by its hash, the
 * same bytes twice, perfmodel's page, and bad output paths.  The page in a
 * browser is testsuite/browser/html_check.js's (test_html_browser). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "sha256.h"
#include "strbuf.h"
#include "testutil.h"

static char *tmpdir;

static void test_sha256_vectors(void)
{
    static const struct {
        const char *text, *hex;
    } cases[] = {
        {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
        {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
        /* 56 bytes: the length no longer fits the first block. */
        {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
        {"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnop"
         "qrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint8_t d[SHA256_BYTES];
        sha256(cases[i].text, strlen(cases[i].text), d);
        char hex[2 * SHA256_BYTES + 1];
        for (int k = 0; k < SHA256_BYTES; k++)
            snprintf(hex + 2 * k, 3, "%02x", d[k]);
        CU_ASSERT_STRING_EQUAL(hex, cases[i].hex);
    }
    /* A million 'a': many blocks. */
    size_t n = 1000000;
    char *a = malloc(n);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    memset(a, 'a', n);
    char b64[SHA256_BASE64_SIZE];
    sha256_base64(a, n, b64);
    free(a);
    /* cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0 in base64 */
    CU_ASSERT_STRING_EQUAL(b64, "zcduXJkU+5KBocfihNc+Z/GAmkiklyAOBG05zMcRLNA=");
    sha256_base64("abc", 3, b64);
    CU_ASSERT_STRING_EQUAL(b64, "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=");
}

/* axpy: one add and one multiply an iteration, x read and y read and written: 24 bytes.
 * The string holds what would end the page's script if it were not escaped. */
static const char axpy_c[] =
    "/* axpy */\n"
    "void axpy(int n, double a, const double *x, double *y)\n"
    "{\n"
    "#pragma aitool fp_plus(1) fp_multiply(1)\n"
    "    for (int i = 0; i < n; i++)\n"
    "        y[i] = a * x[i] + y[i];\n"
    "}\n"
    "\n"
    "double scale(int n, double *v)\n"
    "{\n"
    "    double s = 0;\n"
    "#pragma aitool fp_plus(2)\n"
    "    for (int i = 0; i < n; i++)\n"
    "        s += v[i];\n"
    "    return s;\n"
    "}\n"
    "const char *trap = \"</script><script>alert('x')</script> & <b>\";\n";

static testutil_proc run_tool(const char *tool, const char *const *args)
{
    return testutil_exec_program(tmpdir, tool, args);
}

static char *page_in_tmp(const char *name)
{
    char *path = testutil_path(tmpdir, name);
    char *text = testutil_read_file(path);
    free(path);
    return text;
}

static size_t count_of(const char *text, const char *what)
{
    size_t n = 0;
    for (const char *p = text; (p = strstr(p, what)); p += strlen(what))
        n++;
    return n;
}

/* The page's data block, parsed. */
static cJSON *page_data(const char *page)
{
    static const char open[] = "<script type=\"application/json\" id=\"aitool-data\">";
    const char *start = strstr(page, open);
    if (!start)
        return NULL;
    start += strlen(open);
    const char *end = strstr(start, "</script>");
    if (!end)
        return NULL;
    return cJSON_ParseWithLength(start, (size_t)(end - start));
}

static double member_number(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(v) ? v->valuedouble : -1;
}

static const char *member_string(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static void test_page_of_a_kernel(void)
{
    char *src = testutil_path(tmpdir, "axpy.c");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(src, axpy_c));
    const char *args[] = {"-static-counting-only", "-report-file", "-", "-html", "axpy.html",
                          "axpy.c", NULL};
    testutil_proc r = run_tool(AITOOL_MEASURETOOL, args);
    /* The second pragma does not match: the run says so and still writes its reports. */
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "fp_plus is 2, the loop has 1"));
    testutil_proc_release(&r);
    char *page = page_in_tmp("axpy.html");
    CU_ASSERT_PTR_NOT_NULL_FATAL(page);
    /* Two script elements, the data block and the page's own; the string's tags are data. */
    CU_ASSERT_EQUAL(count_of(page, "<script"), 2);
    CU_ASSERT_EQUAL(count_of(page, "</script"), 2);
    CU_ASSERT_PTR_NULL(strstr(page, "<b>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(page, "\\u003c/script\\u003e\\u003cscript\\u003ealert('x')"));
    cJSON *d = page_data(page);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    const cJSON *loops = cJSON_GetObjectItemCaseSensitive(d, "loops");
    CU_ASSERT_EQUAL(cJSON_GetArraySize(loops), 2);
    const cJSON *l0 = cJSON_GetArrayItem(loops, 0), *l1 = cJSON_GetArrayItem(loops, 1);
    CU_ASSERT_EQUAL(member_number(l0, "line"), 5);
    CU_ASSERT_EQUAL(member_number(l0, "fp"), 2);
    CU_ASSERT_EQUAL(member_number(l0, "bytes"), 24);
    CU_ASSERT_DOUBLE_EQUAL(member_number(l0, "ai"), 2.0 / 24, 1e-6);
    CU_ASSERT_STRING_EQUAL(member_string(l0, "fn"), "axpy");
    CU_ASSERT_EQUAL(member_number(l1, "line"), 13);
    CU_ASSERT_EQUAL(member_number(l1, "fp"), 1);
    CU_ASSERT_EQUAL(member_number(l1, "bytes"), 8);
    /* Without -machine and -measured: no prediction, no measurement. */
    CU_ASSERT_TRUE(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(l0, "pred_s")));
    CU_ASSERT_TRUE(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(l0, "m_iters")));
    const cJSON *checks = cJSON_GetObjectItemCaseSensitive(d, "checks");
    CU_ASSERT_EQUAL(cJSON_GetArraySize(checks), 2);
    const cJSON *c0 = cJSON_GetArrayItem(checks, 0), *c1 = cJSON_GetArrayItem(checks, 1);
    CU_ASSERT_TRUE(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(c0, "ok")));
    CU_ASSERT_STRING_EQUAL(member_string(c0, "text"),
                           "fp_plus(1) matches the loop; fp_multiply(1) matches the loop");
    CU_ASSERT_EQUAL(member_number(c0, "line"), 4);
    CU_ASSERT_TRUE(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(c1, "ok")));
    CU_ASSERT_STRING_EQUAL(member_string(c1, "text"), "fp_plus is 2, the loop has 1");
    /* The source comes back as written. */
    const cJSON *f0 = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(d, "files"), 0);
    CU_ASSERT_STRING_EQUAL(member_string(f0, "text"), axpy_c);
    CU_ASSERT_STRING_EQUAL(member_string(f0, "name"), "axpy.c");
    CU_ASSERT_TRUE(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(f0, "note")));
    cJSON_Delete(d);
    free(page);
    free(src);
}

/* The policy allows exactly the page's script, by its hash. */
static void test_script_allowed_by_hash(void)
{
    char *page = page_in_tmp("axpy.html");
    CU_ASSERT_PTR_NOT_NULL_FATAL(page);
    const char *policy = strstr(page, "script-src 'sha256-");
    CU_ASSERT_PTR_NOT_NULL_FATAL(policy);
    char named[SHA256_BASE64_SIZE] = "";
    memcpy(named, policy + strlen("script-src 'sha256-"), SHA256_BASE64_SIZE - 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(page, "default-src 'none'"));
    const char *script = strstr(page, "</script>\n<script>");
    CU_ASSERT_PTR_NOT_NULL_FATAL(script);
    script += strlen("</script>\n<script>");
    const char *end = strstr(script, "</script>");
    CU_ASSERT_PTR_NOT_NULL_FATAL(end);
    char hash[SHA256_BASE64_SIZE];
    sha256_base64(script, (size_t)(end - script), hash);
    CU_ASSERT_STRING_EQUAL(named, hash);
    /* Nothing the page loads from elsewhere. */
    CU_ASSERT_PTR_NULL(strstr(page, "src=\"http"));
    CU_ASSERT_PTR_NULL(strstr(page, "href=\"http"));
    free(page);
}

/* A file name that is markup, and a source that is not UTF-8, with a machine so the
 * roofline names the loop. */
static void test_escaped_names_and_bytes(void)
{
    char *src = testutil_path(tmpdir, "we<i>rd&'.c");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(src, "/* caf\xe9 */\n"
                                                  "void k(double *a, double *b)\n"
                                                  "{\n"
                                                  "    for (int i = 0; i < 1000; i++)\n"
                                                  "        a[i] = 2.0 * b[i];\n"
                                                  "}\n"));
    char *machine = testutil_path(AITOOL_SOURCE_DIR, "perfmodel/machines/zen5-vm-2core.json");
    const char *args[] = {"-static-counting-only", "-report-file", "-", "-machine", machine,
                          "-html", "weird.html", "we<i>rd&'.c", NULL};
    testutil_proc r = run_tool(AITOOL_MEASURETOOL, args);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *page = page_in_tmp("weird.html");
    CU_ASSERT_PTR_NOT_NULL_FATAL(page);
    CU_ASSERT_PTR_NULL(strstr(page, "we<i>"));
    /* In the roofline's point, as HTML text; in the data, as JSON escapes. */
    CU_ASSERT_PTR_NOT_NULL(strstr(page, "<title>we&lt;i&gt;rd&amp;&#39;.c:4 k (predicted)"));
    CU_ASSERT_PTR_NOT_NULL(strstr(page, "\"we\\u003ci\\u003erd\\u0026'.c\""));
    cJSON *d = page_data(page);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    const cJSON *f0 = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(d, "files"), 0);
    CU_ASSERT_STRING_EQUAL(member_string(f0, "name"), "we<i>rd&'.c");
    const char *text = member_string(f0, "text");
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_EQUAL(strncmp(text, "/* caf\\xE9 */\nvoid k(", 21), 0);
    CU_ASSERT_STRING_EQUAL(member_string(f0, "note"),
                           "not UTF-8 text: bytes that are not UTF-8 are shown as \\xNN");
    const cJSON *l0 = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(d, "loops"), 0);
    CU_ASSERT_EQUAL(member_number(l0, "trips"), 1000);
    CU_ASSERT_TRUE(member_number(l0, "pred_s") > 0);
    cJSON_Delete(d);
    free(page);
    free(machine);
    free(src);
}

static void test_same_bytes_twice(void)
{
    char *machine = testutil_path(AITOOL_SOURCE_DIR, "perfmodel/machines/zen5-vm-2core.json");
    char *examples = testutil_path(AITOOL_SOURCE_DIR, "examples");
    char *jacobi = testutil_path(examples, "jacobi.c"), *dot = testutil_path(examples, "dot.c");
    char *pages[2];
    for (int i = 0; i < 2; i++) {
        const char *name = i ? "two.html" : "one.html";
        const char *args[] = {"-static-counting-only", "-report-file", "-", "-machine", machine,
                              "-param", "n=1000", "-html", name, jacobi, dot, NULL};
        testutil_proc r = run_tool(AITOOL_MEASURETOOL, args);
        CU_ASSERT_EQUAL(r.status, 0);
        testutil_proc_release(&r);
        pages[i] = page_in_tmp(name);
        CU_ASSERT_PTR_NOT_NULL_FATAL(pages[i]);
    }
    CU_ASSERT_STRING_EQUAL(pages[0], pages[1]);
    /* The sources share a directory, which the names leave out. */
    CU_ASSERT_PTR_NOT_NULL(strstr(pages[0], "\"name\":\"jacobi.c\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(pages[0], "<svg class=\"chart\" id=\"roofchart\""));
    for (int i = 0; i < 2; i++)
        free(pages[i]);
    free(jacobi);
    free(dot);
    free(examples);
    free(machine);
}

static void test_perfmodel_page(void)
{
    char *machine = testutil_path(AITOOL_SOURCE_DIR, "perfmodel/machines/zen5-vm-2core.json");
    char *xml = testutil_path(tmpdir, "k.xml");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(
        xml, "<?xml version=\"1.0\"?>\n<program>\n  <function name=\"triad\">\n"
             "    <loop linenum=\"5\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" "
             "upperbound=\"999\" adds=\"1\" multiplies=\"1\" divides=\"0\" specials=\"0\">\n"
             "      <array name=\"a\" component=\"\" datatype=\"double\" elementbytes=\"8\" "
             "accesstype=\"writeonly\" ghost=\"((0,0))\"><access index=\"(0)\" "
             "isRelative=\"true\" reads=\"0\" writes=\"1\"/></array>\n"
             "      <array name=\"b\" component=\"\" datatype=\"double\" elementbytes=\"8\" "
             "accesstype=\"readonly\" ghost=\"((0,0))\"><access index=\"(0)\" "
             "isRelative=\"true\" reads=\"1\" writes=\"0\"/></array>\n"
             "    </loop>\n  </function>\n</program>\n"));
    const char *args[] = {"-machine", machine, "-html", "pm.html", "k.xml", NULL};
    testutil_proc r = run_tool(AITOOL_PERFMODEL, args);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *page = page_in_tmp("pm.html");
    CU_ASSERT_PTR_NOT_NULL_FATAL(page);
    CU_ASSERT_PTR_NOT_NULL(strstr(page, "<title>perfmodel report: 1 loops</title>"));
    cJSON *d = page_data(page);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    const cJSON *l0 = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(d, "loops"), 0);
    CU_ASSERT_EQUAL(member_number(l0, "fp"), 2);
    CU_ASSERT_EQUAL(member_number(l0, "bytes"), 16);
    CU_ASSERT_EQUAL(member_number(l0, "trips"), 1000);
    const cJSON *f0 = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(d, "files"), 0);
    CU_ASSERT_TRUE(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(f0, "text")));
    CU_ASSERT_STRING_EQUAL(member_string(f0, "note"),
                           "the loops were read from ExaSAT XML, which holds no source");
    cJSON_Delete(d);
    free(page);
    const char *sweep[] = {"-machine", machine, "-sweep", "n=1:4", "-html", "s.html", "k.xml",
                           NULL};
    r = run_tool(AITOOL_PERFMODEL, sweep);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "-html is for one evaluation"));
    testutil_proc_release(&r);
    free(xml);
    free(machine);
}

/* A page that cannot be written is said before any file is analyzed: the broken file's
 * errors never appear. */
static void test_unwritable_page(void)
{
    char *bad = testutil_path(tmpdir, "broken.c");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(bad, "int f( {\n"));
    const char *args[] = {"-static-counting-only", "-html", "no/such/dir/p.html", "broken.c",
                          NULL};
    testutil_proc r = run_tool(AITOOL_MEASURETOOL, args);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_STRING_EQUAL(r.err, "measuretool: error: -html 'no/such/dir/p.html': cannot write "
                                  "it: its directory does not exist\n");
    testutil_proc_release(&r);
    const char *dir[] = {"-static-counting-only", "-html", ".", "broken.c", NULL};
    r = run_tool(AITOOL_MEASURETOOL, dir);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "-html '.': cannot write it: it is a directory"));
    testutil_proc_release(&r);
    /* Over an input: refused, the input unchanged. */
    const char *over[] = {"-static-counting-only", "-html", "broken.c", "broken.c", NULL};
    r = run_tool(AITOOL_MEASURETOOL, over);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "refusing to overwrite it"));
    testutil_proc_release(&r);
    char *text = testutil_read_file(bad);
    CU_ASSERT_STRING_EQUAL(text, "int f( {\n");
    free(text);
    free(bad);
}

/* Over AITOOL_HTML_MAX_BYTES the sources go to a page per file beside the index. */
static void test_page_per_file(void)
{
    char *a = testutil_path(tmpdir, "pa.c"), *b = testutil_path(tmpdir, "pb.c");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(a, axpy_c));
    CU_ASSERT_TRUE_FATAL(testutil_write_file(b, "void k(double *v)\n{\n"
                                                "    for (int i = 0; i < 100; i++)\n"
                                                "        v[i] = v[i] * v[i];\n}\n"));
    setenv("AITOOL_HTML_MAX_BYTES", "1000", 1);
    const char *args[] = {"-static-counting-only", "-report-file", "-", "-html", "paged.html",
                          "pa.c", "pb.c", NULL};
    testutil_proc r = run_tool(AITOOL_MEASURETOOL, args);
    unsetenv("AITOOL_HTML_MAX_BYTES");
    CU_ASSERT_EQUAL(r.status, 1); /* pa.c's second pragma */
    testutil_proc_release(&r);
    char *index = page_in_tmp("paged.html");
    char *page_a = page_in_tmp("paged.files/0.html");
    char *page_b = page_in_tmp("paged.files/1.html");
    CU_ASSERT_PTR_NOT_NULL_FATAL(index);
    CU_ASSERT_PTR_NOT_NULL_FATAL(page_a);
    CU_ASSERT_PTR_NOT_NULL_FATAL(page_b);
    cJSON *d = page_data(index);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_EQUAL(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(d, "loops")), 3);
    const cJSON *files = cJSON_GetObjectItemCaseSensitive(d, "files");
    const cJSON *f1 = cJSON_GetArrayItem(files, 1);
    CU_ASSERT_TRUE(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(f1, "text")));
    CU_ASSERT_STRING_EQUAL(member_string(f1, "page"), "paged.files/1.html");
    cJSON_Delete(d);
    /* pb.c's page: its one loop and its source; pa.c a link beside it. */
    d = page_data(page_b);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    const cJSON *loops = cJSON_GetObjectItemCaseSensitive(d, "loops");
    CU_ASSERT_EQUAL(cJSON_GetArraySize(loops), 1);
    CU_ASSERT_EQUAL(member_number(cJSON_GetArrayItem(loops, 0), "fp"), 1);
    CU_ASSERT_EQUAL(member_number(cJSON_GetArrayItem(loops, 0), "id"), 0);
    CU_ASSERT_EQUAL(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(d, "checks")), 0);
    files = cJSON_GetObjectItemCaseSensitive(d, "files");
    CU_ASSERT_PTR_NOT_NULL(strstr(member_string(cJSON_GetArrayItem(files, 1), "text"),
                                  "v[i] = v[i] * v[i];"));
    CU_ASSERT_STRING_EQUAL(member_string(cJSON_GetArrayItem(files, 0), "page"), "0.html");
    CU_ASSERT_STRING_EQUAL(member_string(d, "index"), "../paged.html");
    CU_ASSERT_EQUAL(member_number(d, "first"), 1);
    cJSON_Delete(d);
    d = page_data(page_a);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_EQUAL(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(d, "checks")), 2);
    cJSON_Delete(d);
    free(index);
    free(page_a);
    free(page_b);
    free(a);
    free(b);
}

static const testutil_case html_cases[] = {
    {"SHA-256 and base64", test_sha256_vectors},
    {"the page of a kernel", test_page_of_a_kernel},
    {"the script allowed by its hash", test_script_allowed_by_hash},
    {"escaped names and bytes", test_escaped_names_and_bytes},
    {"the same bytes twice", test_same_bytes_twice},
    {"perfmodel's page", test_perfmodel_page},
    {"an unwritable page", test_unwritable_page},
    {"a page per file", test_page_per_file},
    {NULL, NULL},
};

int main(void)
{
    tmpdir = testutil_make_tempdir();
    if (!tmpdir)
        return 1;
    const testutil_suite suites[] = {{"html", html_cases}};
    int status = testutil_run(suites, 1);
    testutil_remove_tree(tmpdir);
    free(tmpdir);
    return status;
}
