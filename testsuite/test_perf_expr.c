/* The performance model's inputs: loop-bound expressions with their
 * parameter bindings (bound_expr), and machine files (machine). */
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "machine.h"
#include "bound_expr.h"
#include "strbuf.h"
#include "testutil.h"

/* ---- bound_expr --------------------------------------------------------- */

static bexpr_bindings *bind2(const char *a, long long va, const char *b, long long vb)
{
    bexpr_bindings *bs = bexpr_bindings_create();
    if (a)
        bexpr_bindings_set(bs, a, va);
    if (b)
        bexpr_bindings_set(bs, b, vb);
    return bs;
}

/* The value of text, which must evaluate. */
static void expect_value(const char *text, const bexpr_bindings *b, long long want)
{
    bexpr_result r = bexpr_eval(text, b);
    CU_ASSERT_TRUE(r.ok);
    if (!r.ok)
        fprintf(stderr, "\n  %s: %s\n", text, r.message);
    CU_ASSERT_EQUAL(r.value, want);
    if (r.ok && r.value != want)
        fprintf(stderr, "\n  %s = %lld, expected %lld\n", text, r.value, want);
}

static void expect_error(const char *text, const bexpr_bindings *b, const char *message)
{
    bexpr_result r = bexpr_eval(text, b);
    CU_ASSERT_FALSE(r.ok);
    CU_ASSERT_EQUAL(r.value, 0);
    CU_ASSERT_STRING_EQUAL(r.message, message);
    if (r.ok || strcmp(r.message, message) != 0)
        fprintf(stderr, "\n  %s: got \"%s\", expected \"%s\"\n", text, r.ok ? "ok" : r.message,
                message);
}

static void test_arithmetic(void)
{
    bexpr_bindings *b = bind2("n", 10, NULL, 0);
    expect_value("n-2", b, 8);
    expect_value("2*n+1", b, 21);
    expect_value("n", b, 10);
    expect_value("  n  -  2  ", b, 8);
    expect_value("\tn*\n3", b, 30);
    bexpr_bindings_set(b, "n", 11);
    expect_value("(n-2)/2", b, 4);
    expect_value("-7/2", NULL, -3);
    expect_value("7/-2", NULL, -3);
    expect_value("-7%3", NULL, -1);
    expect_value("7%-3", NULL, 1);
    expect_value("1+2*3-4", NULL, 3);
    expect_value("10-3-2", NULL, 5);
    expect_value("100/10/5", NULL, 2);
    expect_value("2*3%4", NULL, 2);
    expect_value("(1+2)*3", NULL, 9);
    expect_value("((((7))))", NULL, 7);
    expect_value("-(2+3)*2", NULL, -10);
    expect_value("+-+3", NULL, -3);
    expect_value("- -3", NULL, 3);
    expect_value("0", NULL, 0);
    expect_value("9223372036854775807", NULL, LLONG_MAX);
    expect_value("-9223372036854775807-1", NULL, LLONG_MIN);
    bexpr_bindings_free(&b);
    CU_ASSERT_PTR_NULL(b);
}

static void test_integer_suffixes(void)
{
    const char *good[] = {"10u", "10U", "10l", "10L", "10ll", "10LL", "10ul", "10UL",
                          "10lu", "10LU", "10ull", "10ULL", "10llu", "10LLu", "10uLL"};
    for (size_t i = 0; i < sizeof good / sizeof *good; i++)
        expect_value(good[i], NULL, 10);
    expect_error("10x", NULL, "unexpected 'x' at column 3");
    expect_error("10lL", NULL, "unexpected 'lL' at column 3");
    expect_error("10uu", NULL, "unexpected 'uu' at column 3");
    expect_error("10lul", NULL, "unexpected 'lul' at column 3");
    expect_error("10f", NULL, "unexpected 'f' at column 3");
    expect_error("0x1F", NULL, "unexpected 'x1F' at column 2");
    /* 012 would be octal in C: not silently read as twelve. */
    expect_error("n+012", NULL, "unexpected '012' at column 3");
    expect_error("1.5", NULL, "unexpected '.' at column 2");
}

static void test_comparisons_and_conditionals(void)
{
    bexpr_bindings *b = bind2("n", 3, "m", 5);
    expect_value("n<m?n:m", b, 3);
    expect_value("n>m?n:m", b, 5);
    expect_value("n < m ? n : m", b, 3);
    bexpr_bindings_set(b, "n", 7);
    expect_value("n<m?n:m", b, 5);
    expect_value("1<2", NULL, 1);
    expect_value("2<1", NULL, 0);
    expect_value("2<=2", NULL, 1);
    expect_value("3>4", NULL, 0);
    expect_value("4>=4", NULL, 1);
    expect_value("2==2", NULL, 1);
    expect_value("2!=2", NULL, 0);
    expect_value("1+2<4", NULL, 1);       /* + binds tighter than < */
    expect_value("1<2==1", NULL, 1);      /* (1<2)==1 */
    expect_value("3>2>1", NULL, 0);       /* (3>2)>1, left to right */
    expect_value("1&&0||1", NULL, 1);     /* (1&&0)||1 */
    expect_value("0||0&&1", NULL, 0);     /* 0||(0&&1) */
    expect_value("5&&7", NULL, 1);
    expect_value("0&&7", NULL, 0);
    expect_value("1 ? 2 : 0 ? 3 : 4", NULL, 2); /* right-associative */
    expect_value("0 ? 2 : 0 ? 3 : 4", NULL, 4);
    expect_value("0 ? 2 : 1 ? 3 : 4", NULL, 3);
    expect_value("1 ? 0 ? 5 : 6 : 7", NULL, 6);
    expect_value("2*(1?3:4)", NULL, 6);
    /* Only the operand C evaluates is evaluated. */
    bexpr_bindings_set(b, "n", 0);
    expect_value("n>0 ? m/n : 0", b, 0);
    expect_value("n!=0 && m/n > 1", b, 0);
    expect_value("n==0 || m/n > 1", b, 1);
    expect_value("1 ? 2 : unbound", NULL, 2);
    expect_value("0 ? unbound : 3", NULL, 3);
    expect_value("0 && 9223372036854775807+1", NULL, 0);
    expect_error("1 && x", NULL, "unbound parameter 'x'");
    expect_error("0 || 1/0", NULL, "division by zero");
    bexpr_bindings_free(&b);
}

static void test_symbols(void)
{
    bexpr_bindings *b = bind2("grid->n", 64, "s.len", 5);
    bexpr_bindings_set(b, "a.b->c", 2);
    bexpr_bindings_set(b, "_x1", -1);
    expect_value("grid->n*2", b, 128);
    expect_value("grid -> n + s . len", b, 69);
    expect_value("a.b->c*_x1", b, -2);
    expect_value("grid->n-1", b, 63);
    expect_error("grid", b, "unbound parameter 'grid'");
    expect_error("grid->m", b, "unbound parameter 'grid->m'");
    expect_error("grid->", b, "unexpected end of expression");
    expect_error("grid->3", b, "unexpected '3' at column 7");
    expect_error("s.", b, "unexpected end of expression");
    /* a path in parentheses, as macros write it (#define NK(b) ((b)->nk)) */
    bexpr_bindings_set(b, "blk->nk", 10);
    expect_value("((blk)->nk)-1", b, 9);
    expect_value("( ( blk ) -> nk ) * (grid)->n", b, 640);
    expect_value("((a).b)->c", b, 2);
    expect_value("(s).len-(_x1)", b, 6);
    expect_error("((blk)->mk)-1", b, "unbound parameter 'blk->mk'");
    expect_error("(blk)->", b, "unexpected '>' at column 7");
    expect_error("((blk)-1)->nk", b, "unexpected '>' at column 11");
    bexpr_bindings_free(&b);
}

static void test_evaluation_errors(void)
{
    bexpr_bindings *b = bind2("n", 10, NULL, 0);
    expect_error("n+m", b, "unbound parameter 'm'");
    expect_error("m+k", b, "unbound parameter 'm'");
    expect_error("(k*2)/m", NULL, "unbound parameter 'k'");
    expect_value("n", b, 10);
    expect_error("n/0", b, "division by zero");
    expect_error("n%(n-10)", b, "division by zero");
    expect_error("9223372036854775807+1", NULL, "integer overflow");
    expect_error("-9223372036854775807-2", NULL, "integer overflow");
    expect_error("3037000500*3037000500", NULL, "integer overflow");
    expect_error("99999999999999999999", NULL, "integer overflow");
    expect_error("9223372036854775808", NULL, "integer overflow");
    expect_error("-(-9223372036854775807-1)", NULL, "integer overflow");
    expect_error("(-9223372036854775807-1)/-1", NULL, "integer overflow");
    expect_error("(-9223372036854775807-1)%-1", NULL, "integer overflow");
    /* The first error met, left to right. */
    expect_error("1/0 + m", b, "division by zero");
    expect_error("m + 1/0", b, "unbound parameter 'm'");
    bexpr_bindings_free(&b);
}

static void test_syntax_errors(void)
{
    expect_error("", NULL, "empty expression");
    expect_error("   \t\n", NULL, "empty expression");
    expect_error(NULL, NULL, "empty expression");
    expect_error("n+", NULL, "unexpected end of expression");
    expect_error("2*(n-1", NULL, "unexpected end of expression");
    expect_error("-", NULL, "unexpected end of expression");
    expect_error("n m", NULL, "unexpected 'm' at column 3");
    expect_error("1 2", NULL, "unexpected '2' at column 3");
    expect_error("2*)", NULL, "unexpected ')' at column 3");
    expect_error("()", NULL, "unexpected ')' at column 2");
    expect_error("(1))", NULL, "unexpected ')' at column 4");
    expect_error("n + * 2", NULL, "unexpected '*' at column 5");
    expect_error("n<<1", NULL, "unexpected '<' at column 2");
    expect_error("n=3", NULL, "unexpected '=' at column 2");
    expect_error("!n", NULL, "unexpected '!' at column 1");
    expect_error("n & 1", NULL, "unexpected '&' at column 3");
    expect_error("a ? b", NULL, "unexpected end of expression");
    expect_error("a ? b ; c", NULL, "unexpected ';' at column 7");
    expect_error("n $", NULL, "unexpected '$' at column 3");
    /* A syntax error is reported even after an unbound name. */
    expect_error("m + )", NULL, "unexpected ')' at column 5");
    /* Deep nesting is an error, not a stack overflow. */
    strbuf deep = STRBUF_INIT;
    for (int i = 0; i < 100000; i++)
        strbuf_append(&deep, "(");
    expect_error(deep.s, NULL, "expression nested too deeply");
    strbuf_release(&deep);
    for (int i = 0; i < 100000; i++)
        strbuf_append(&deep, "-");
    strbuf_append(&deep, "1");
    expect_error(deep.s, NULL, "expression nested too deeply");
    strbuf_release(&deep);
    for (int i = 0; i < 100; i++)
        strbuf_append(&deep, "(");
    strbuf_append(&deep, "1");
    for (int i = 0; i < 100; i++)
        strbuf_append(&deep, ")");
    expect_value(deep.s, NULL, 1);
    strbuf_release(&deep);
}

static void test_bindings_set_and_get(void)
{
    bexpr_bindings *b = bexpr_bindings_create();
    long long v = 42;
    CU_ASSERT_FALSE(bexpr_bindings_get(b, "n", &v));
    CU_ASSERT_EQUAL(v, 42);
    bexpr_bindings_set(b, "n", 1);
    bexpr_bindings_set(b, "n", 2);
    CU_ASSERT_TRUE(bexpr_bindings_get(b, "n", &v));
    CU_ASSERT_EQUAL(v, 2);
    /* The set grows, and the names are copied. */
    for (int i = 0; i < 100; i++) {
        char name[16];
        snprintf(name, sizeof name, "q%d", i);
        bexpr_bindings_set(b, name, i);
    }
    CU_ASSERT_TRUE(bexpr_bindings_get(b, "q99", &v));
    CU_ASSERT_EQUAL(v, 99);
    CU_ASSERT_TRUE(bexpr_bindings_get(b, "q0", &v));
    CU_ASSERT_EQUAL(v, 0);
    CU_ASSERT_TRUE(bexpr_bindings_get(b, "n", NULL));
    expect_value("q7*q6+n", b, 44);
    bexpr_bindings_free(&b);
    CU_ASSERT_PTR_NULL(b);
    bexpr_bindings_free(&b);
    bexpr_bindings_free(NULL);
}

static void expect_parse(bexpr_bindings *b, const char *text, const char *name, long long want)
{
    const char *error = "not set";
    CU_ASSERT_TRUE(bexpr_bindings_parse(b, text, &error));
    CU_ASSERT_PTR_NULL(error);
    long long v = 0;
    CU_ASSERT_TRUE(bexpr_bindings_get(b, name, &v));
    CU_ASSERT_EQUAL(v, want);
}

static void expect_parse_error(bexpr_bindings *b, const char *text, const char *message)
{
    const char *error = NULL;
    CU_ASSERT_FALSE(bexpr_bindings_parse(b, text, &error));
    CU_ASSERT_PTR_NOT_NULL_FATAL(error);
    CU_ASSERT_STRING_EQUAL(error, message);
    if (strcmp(error, message) != 0)
        fprintf(stderr, "\n  %s: got \"%s\"\n", text, error);
}

static void test_bindings_parse(void)
{
    bexpr_bindings *b = bexpr_bindings_create();
    expect_parse(b, "n=1024", "n", 1024);
    expect_parse(b, " m = -3 ", "m", -3);
    expect_parse(b, "k=+1024", "k", 1024);
    expect_parse(b, "grid->n=64", "grid->n", 64);
    expect_parse(b, "s . len=5", "s.len", 5);
    expect_parse(b, "big=9223372036854775807", "big", LLONG_MAX);
    expect_parse(b, "n=7", "n", 7);
    expect_parse(b, "low=-9223372036854775808", "low", LLONG_MIN);
    expect_value("n*k+m", b, 7165);

    expect_parse_error(b, "n", "expected NAME=VALUE");
    expect_parse_error(b, "", "expected NAME=VALUE");
    expect_parse_error(b, "=3", "expected NAME=VALUE");
    expect_parse_error(b, "  =3", "expected NAME=VALUE");
    expect_parse_error(b, "n=", "expected NAME=VALUE");
    expect_parse_error(b, "n=  ", "expected NAME=VALUE");
    expect_parse_error(b, "2n=3", "the name is not an identifier");
    expect_parse_error(b, "n m=3", "the name is not an identifier");
    expect_parse_error(b, "grid->=3", "the name is not an identifier");
    expect_parse_error(b, "n+1=3", "the name is not an identifier");
    /* The value is a number, not an expression (issue 13: n=--1 bound n to 1). */
    expect_parse_error(b, "n=--1", "the value is not a whole number (decimal digits, one optional sign)");
    expect_parse_error(b, "n=+-1", "the value is not a whole number (decimal digits, one optional sign)");
    expect_parse_error(b, "n=- 1", "the value is not a whole number (decimal digits, one optional sign)");
    expect_parse_error(b, "n=2*512", "the value is not a whole number (decimal digits, one optional sign)");
    expect_parse_error(b, "n=(5)", "the value is not a whole number (decimal digits, one optional sign)");
    expect_parse_error(b, "n=1==1", "the value is not a whole number (decimal digits, one optional sign)");
    expect_parse_error(b, "n=1<<10", "the value is not a whole number (decimal digits, one optional sign)");
    expect_parse_error(b, "n=m", "the value is not a whole number (decimal digits, one optional sign)");
    expect_parse_error(b, "n=1.5", "the value is not a whole number (decimal digits, one optional sign)");
    expect_parse_error(b, "n=0x10", "the value is not a whole number (decimal digits, one optional sign)");
    expect_parse_error(b, "n=1 0", "the value is not a whole number (decimal digits, one optional sign)");
    expect_parse_error(b, "n=-", "the value is not a whole number (decimal digits, one optional sign)");
    expect_parse_error(b, "n=99999999999999999999", "the value is out of range");
    expect_parse_error(b, "n=9223372036854775808", "the value is out of range");
    expect_parse_error(b, "n=-9223372036854775809", "the value is out of range");
    CU_ASSERT_FALSE(bexpr_bindings_parse(b, "n", NULL));
    CU_ASSERT_FALSE(bexpr_bindings_parse(b, NULL, NULL));
    /* A failed parse leaves the binding as it was. */
    long long v = 0;
    CU_ASSERT_TRUE(bexpr_bindings_get(b, "n", &v));
    CU_ASSERT_EQUAL(v, 7);
    CU_ASSERT_FALSE(bexpr_bindings_get(b, "2n", NULL));
    bexpr_bindings_free(&b);
}

/* Fortran array elements, as the ExaSAT tools write bounds: `lo(3)` is a
 * symbol named by its subscripts' values, bound with -D lo(3)=1. */
static void test_array_element_symbols(void)
{
    bexpr_bindings *b = bexpr_bindings_create();
    expect_parse(b, "lo(3)=2", "lo(3)", 2);
    expect_parse(b, " hi( 1+2 ) = 9 ", "hi(3)", 9);
    expect_parse(b, "a(1,-2)=5", "a(1,-2)", 5);
    expect_parse(b, "g->lo(1)=7", "g->lo(1)", 7);
    expect_value("hi(3) - lo(3) + 1", b, 8);
    expect_value("lo( 6/2 )*a(1, - 2)", b, 10);
    expect_value("g -> lo(1)", b, 7);
    expect_error("lo(2)", b, "unbound parameter 'lo(2)'");
    expect_error("lo(k)", b, "unbound parameter 'k'");
    bexpr_bindings_set(b, "k", 3);
    expect_value("lo(k)", b, 2);
    expect_value("0 && lo(m)", b, 0);
    expect_error("lo(3", b, "unexpected end of expression");
    expect_error("lo()", b, "unexpected ')' at column 4");
    expect_error("lo(1;2)", b, "unexpected ';' at column 5");
    expect_error("lo(1/0)", b, "division by zero");
    expect_parse_error(b, "lo(k)=1", "the name is not an identifier");
    expect_parse_error(b, "lo(1/0)=1", "the name is not an identifier");
    expect_parse_error(b, "lo(3)(1)=1", "the name is not an identifier");
    bexpr_bindings_free(&b);
}

/* ---- machine ------------------------------------------------------------ */

/* A complete machine file, line by line (line 1 is empty, the object starts
 * at 2:3); "cores" comes last so any other line can be left out. */
static const char *const full_lines[] = {
    "",
    "  {",
    "  \"name\": \"test box\",",
    "  \"peak_gflops\": 100.5,",
    "  \"memory_bandwidth_gbs\": 20,",
    "  \"write_allocate\": false,",
    "  \"caches\": [{\"level\": 3, \"size_bytes\": 8388608}, {\"level\": 1, \"size_bytes\": "
    "32768, \"bandwidth_gbs\": 400}, {\"level\": 2, \"size_bytes\": 1048576, "
    "\"bandwidth_gbs\": 150.5}],",
    "  \"flop_weights\": {\"add\": 1, \"multiply\": 2, \"divide\": 8, \"special\": 0.5},",
    "  \"cores\": 4",
    "}",
};
enum { FULL_LINES = sizeof full_lines / sizeof *full_lines };

/* The full file with line `line` (1-based) replaced by `with`, or left out
 * when `with` is NULL; line 0 changes nothing.  free() it. */
static char *machine_text(unsigned line, const char *with)
{
    strbuf sb = STRBUF_INIT;
    for (unsigned i = 0; i < FULL_LINES; i++) {
        const char *l = i + 1 == line ? with : full_lines[i];
        if (i + 1 == line && !with)
            continue;
        strbuf_append(&sb, l);
        strbuf_append(&sb, "\n");
    }
    return strbuf_take(&sb);
}

static machine *parse_capturing(const char *text, char **messages)
{
    FILE *tmp = tmpfile();
    CU_ASSERT_PTR_NOT_NULL_FATAL(tmp);
    diag_set_stream(tmp);
    machine *m = machine_parse("t.json", text);
    diag_set_stream(NULL);
    *messages = testutil_read_stream(tmp);
    fclose(tmp);
    return m;
}

/* Parsing text fails with exactly these messages. */
static void expect_machine_error(const char *text, const char *messages)
{
    char *got = NULL;
    machine *m = parse_capturing(text, &got);
    CU_ASSERT_PTR_NULL(m);
    CU_ASSERT_STRING_EQUAL(got, messages);
    if (strcmp(got, messages) != 0)
        fprintf(stderr, "\n  got:\n%s  expected:\n%s", got, messages);
    machine_free(&m);
    free(got);
}

/* The full file with one line changed fails with these messages. */
static void expect_line_error(unsigned line, const char *with, const char *messages)
{
    char *text = machine_text(line, with);
    expect_machine_error(text, messages);
    free(text);
}

static void check_full_machine(const machine *m)
{
    CU_ASSERT_STRING_EQUAL(m->name, "test box");
    CU_ASSERT_DOUBLE_EQUAL(m->peak_gflops, 100.5, 0);
    CU_ASSERT_DOUBLE_EQUAL(m->memory_bandwidth_gbs, 20, 0);
    CU_ASSERT_FALSE(m->write_allocate);
    CU_ASSERT_EQUAL(m->cores, 4);
    CU_ASSERT_EQUAL_FATAL(m->ncaches, 3);
    CU_ASSERT_EQUAL(m->caches[0].level, 1);
    CU_ASSERT_EQUAL(m->caches[0].size_bytes, 32768);
    CU_ASSERT_DOUBLE_EQUAL(m->caches[0].bandwidth_gbs, 400, 0);
    CU_ASSERT_EQUAL(m->caches[1].level, 2);
    CU_ASSERT_EQUAL(m->caches[1].size_bytes, 1048576);
    CU_ASSERT_DOUBLE_EQUAL(m->caches[1].bandwidth_gbs, 150.5, 0);
    CU_ASSERT_EQUAL(m->caches[2].level, 3);
    CU_ASSERT_EQUAL(m->caches[2].size_bytes, 8388608);
    CU_ASSERT_DOUBLE_EQUAL(m->caches[2].bandwidth_gbs, 0, 0);
    CU_ASSERT_EQUAL(machine_largest_cache(m), 8388608);
    CU_ASSERT_DOUBLE_EQUAL(m->weight_add, 1, 0);
    CU_ASSERT_DOUBLE_EQUAL(m->weight_multiply, 2, 0);
    CU_ASSERT_DOUBLE_EQUAL(m->weight_divide, 8, 0);
    CU_ASSERT_DOUBLE_EQUAL(m->weight_special, 0.5, 0);
}

static void test_machine_full_file(void)
{
    char *text = machine_text(0, NULL);
    char *messages = NULL;
    machine *m = parse_capturing(text, &messages);
    CU_ASSERT_STRING_EQUAL(messages, "");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    check_full_machine(m);
    machine_free(&m);
    CU_ASSERT_PTR_NULL(m);
    machine_free(&m);
    free(messages);
    free(text);
}

static void test_machine_optional_fields(void)
{
    const char *text = "{\"name\": \"n\", \"peak_gflops\": 1, \"memory_bandwidth_gbs\": 2, "
                       "\"write_allocate\": true, \"caches\": [{\"level\": 1, \"size_bytes\": "
                       "64}], \"flop_weights\": "
                       "{\"add\": 1, \"multiply\": 1, \"divide\": 0, \"special\": 0}}";
    char *messages = NULL;
    machine *m = parse_capturing(text, &messages);
    CU_ASSERT_STRING_EQUAL(messages, "");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_TRUE(m->write_allocate);
    CU_ASSERT_EQUAL(m->cores, 0);
    CU_ASSERT_EQUAL(m->ncaches, 1);
    CU_ASSERT_DOUBLE_EQUAL(m->caches[0].bandwidth_gbs, 0, 0);
    CU_ASSERT_DOUBLE_EQUAL(m->weight_special, 0, 0);
    char *json = machine_to_json(m);
    CU_ASSERT_PTR_NULL(strstr(json, "cores"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"caches\""));
    free(json);
    machine_free(&m);
    free(messages);
}

static void test_machine_missing_keys(void)
{
    static const struct {
        unsigned line;
        const char *key;
    } required[] = {{3, "name"},           {4, "peak_gflops"}, {5, "memory_bandwidth_gbs"},
                    {6, "write_allocate"}, {7, "caches"},      {8, "flop_weights"}};
    for (size_t i = 0; i < sizeof required / sizeof *required; i++) {
        char expected[128];
        snprintf(expected, sizeof expected, "t.json:2:3: error: missing \"%s\"\n",
                 required[i].key);
        expect_line_error(required[i].line, NULL, expected);
    }
    /* Nested: at the object that lacks it. */
    expect_line_error(8, "  \"flop_weights\": {\"multiply\": 2, \"divide\": 8, \"special\": 0.5},",
                      "t.json:8:19: error: missing \"add\" in \"flop_weights\"\n");
    expect_line_error(8, "  \"flop_weights\": {},",
                      "t.json:8:19: error: missing \"add\" in \"flop_weights\"\n"
                      "t.json:8:19: error: missing \"multiply\" in \"flop_weights\"\n"
                      "t.json:8:19: error: missing \"divide\" in \"flop_weights\"\n"
                      "t.json:8:19: error: missing \"special\" in \"flop_weights\"\n");
    expect_line_error(7,
                      "  \"caches\": [\n"
                      "    {\"level\": 1, \"size_bytes\": 64},\n"
                      "    {\"size_bytes\": 128},\n"
                      "    {\"level\": 3}\n"
                      "  ],",
                      "t.json:9:5: error: missing \"level\" in \"caches\"[1]\n"
                      "t.json:10:5: error: missing \"size_bytes\" in \"caches\"[2]\n");
    /* Everything missing: all of it is reported. */
    expect_machine_error("{}", "t.json:1:1: error: missing \"name\"\n"
                               "t.json:1:1: error: missing \"peak_gflops\"\n"
                               "t.json:1:1: error: missing \"memory_bandwidth_gbs\"\n"
                               "t.json:1:1: error: missing \"write_allocate\"\n"
                               "t.json:1:1: error: missing \"caches\"\n"
                               "t.json:1:1: error: missing \"flop_weights\"\n");
}

static void test_machine_unknown_and_duplicate_keys(void)
{
    expect_line_error(4, "  \"peek_gflops\": 100.5,",
                      "t.json:4:3: error: unknown key 'peek_gflops'\n"
                      "t.json:2:3: error: missing \"peak_gflops\"\n");
    expect_line_error(7, "  \"caches\": [{\"level\": 1, \"size\": 64}],",
                      "t.json:7:27: error: unknown key 'size'\n"
                      "t.json:7:14: error: missing \"size_bytes\" in \"caches\"[0]\n");
    expect_line_error(
        8,
        "  \"flop_weights\": {\"add\": 1, \"multiply\": 2, \"divide\": 8, \"special\": 0.5, "
        "\"fma\": 1},",
        "t.json:8:74: error: unknown key 'fma'\n");
    expect_line_error(4, "  \"peak_gflops\": 1, \"peak_gflops\": 2,",
                      "t.json:4:21: error: duplicate key 'peak_gflops'\n");
}

static void test_machine_wrong_types(void)
{
    expect_line_error(3, "  \"name\": 3,", "t.json:3:11: error: \"name\" must be a string\n");
    expect_line_error(3, "  \"name\": \"\",", "t.json:3:11: error: \"name\" must not be empty\n");
    expect_line_error(4, "  \"peak_gflops\": \"100\",",
                      "t.json:4:18: error: \"peak_gflops\" must be a number\n");
    expect_line_error(6, "  \"write_allocate\": 1,",
                      "t.json:6:21: error: \"write_allocate\" must be true or false\n");
    expect_line_error(7, "  \"caches\": {},", "t.json:7:13: error: \"caches\" must be an array\n");
    expect_line_error(7, "  \"caches\": [1],",
                      "t.json:7:14: error: \"caches\"[0] must be an object\n");
    expect_line_error(8, "  \"flop_weights\": [],",
                      "t.json:8:19: error: \"flop_weights\" must be an object\n");
    expect_line_error(8,
                      "  \"flop_weights\": {\"add\": null, \"multiply\": 2, \"divide\": 8, "
                      "\"special\": 0.5},",
                      "t.json:8:27: error: \"add\" must be a number\n");
    expect_line_error(9, "  \"cores\": true", "t.json:9:12: error: \"cores\" must be a number\n");
    expect_machine_error("[1]", "t.json:1:1: error: the machine file must hold a JSON object\n");
    expect_machine_error("\n  42\n",
                         "t.json:2:3: error: the machine file must hold a JSON object\n");
}

static void test_machine_bad_values(void)
{
    expect_line_error(4, "  \"peak_gflops\": 0,",
                      "t.json:4:18: error: \"peak_gflops\" must be from 0.001 to 1e+09\n");
    expect_line_error(5, "  \"memory_bandwidth_gbs\": -1,",
                      "t.json:5:27: error: \"memory_bandwidth_gbs\" must be from 0.001 to 1e+07\n");
    expect_line_error(4, "  \"peak_gflops\": 1e400,",
                      "t.json:4:18: error: \"peak_gflops\" is out of range\n");
    expect_line_error(4, "  \"peak_gflops\": -1e400,",
                      "t.json:4:18: error: \"peak_gflops\" is out of range\n");
    const char *cores = "t.json:9:12: error: \"cores\" must be an integer from 1 to 1048576\n";
    expect_line_error(9, "  \"cores\": 0", cores);
    expect_line_error(9, "  \"cores\": -4", cores);
    expect_line_error(9, "  \"cores\": 2.5", cores);
    expect_line_error(9, "  \"cores\": 5000000000", cores);
    expect_line_error(7, "  \"caches\": [{\"level\": 0, \"size_bytes\": 64}],",
                      "t.json:7:24: error: \"level\" must be an integer from 1 to 4294967295\n");
    const char *size = "t.json:7:41: error: \"size_bytes\" must be an integer from 64 to "
                       "1099511627776\n";
    expect_line_error(7, "  \"caches\": [{\"level\": 1, \"size_bytes\": 0}],", size);
    expect_line_error(7, "  \"caches\": [{\"level\": 1, \"size_bytes\": 63}],", size);
    expect_line_error(7, "  \"caches\": [{\"level\": 1, \"size_bytes\": 1099511627777}],", size);
    expect_line_error(7, "  \"caches\": [{\"level\": 1, \"size_bytes\": 1e300}],", size);
    expect_line_error(7, "  \"caches\": [{\"level\": 1, \"size_bytes\": 64, \"bandwidth_gbs\": 0}],",
                      "t.json:7:62: error: \"bandwidth_gbs\" must be from 0.001 to 1e+07\n");
    expect_line_error(8,
                      "  \"flop_weights\": {\"add\": -1, \"multiply\": 2, \"divide\": 8, "
                      "\"special\": 0.5},",
                      "t.json:8:27: error: \"add\" must be from 0.001 to 10000\n");
    /* Several problems: each one is reported.  The second
     * "memory_bandwidth_gbs" (line 5) is the duplicate; the first is read. */
    expect_line_error(4, "  \"peak_gflops\": 0, \"memory_bandwidth_gbs\": 0,",
                      "t.json:5:3: error: duplicate key 'memory_bandwidth_gbs'\n"
                      "t.json:4:18: error: \"peak_gflops\" must be from 0.001 to 1e+09\n"
                      "t.json:4:45: error: \"memory_bandwidth_gbs\" must be from 0.001 to 1e+07\n");
}

/* Issue 13: files that cannot describe a machine were accepted. */
static void test_machine_sane_ranges(void)
{
    expect_line_error(4, "  \"peak_gflops\": 1e308, \"memory_bandwidth_gbs\": 1e-308,",
                      "t.json:5:3: error: duplicate key 'memory_bandwidth_gbs'\n"
                      "t.json:4:18: error: \"peak_gflops\" must be from 0.001 to 1e+09\n"
                      "t.json:4:49: error: \"memory_bandwidth_gbs\" must be from 0.001 to 1e+07\n");
    expect_line_error(4, "  \"peak_gflops\": 1000000001,",
                      "t.json:4:18: error: \"peak_gflops\" must be from 0.001 to 1e+09\n");
    expect_line_error(5, "  \"memory_bandwidth_gbs\": 0.0009,",
                      "t.json:5:27: error: \"memory_bandwidth_gbs\" must be from 0.001 to 1e+07\n");
    expect_line_error(7, "  \"caches\": [],",
                      "t.json:7:13: error: \"caches\" must list at least one cache\n");
    expect_line_error(8,
                      "  \"flop_weights\": {\"add\": 0, \"multiply\": 0, \"divide\": 0, "
                      "\"special\": 0},",
                      "t.json:8:27: error: \"add\" must be from 0.001 to 10000\n"
                      "t.json:8:42: error: \"multiply\" must be from 0.001 to 10000\n");
    expect_line_error(8,
                      "  \"flop_weights\": {\"add\": 1, \"multiply\": 1, \"divide\": 10001, "
                      "\"special\": -1},",
                      "t.json:8:55: error: \"divide\" must be from 0 to 10000\n"
                      "t.json:8:73: error: \"special\" must be from 0 to 10000\n");
    /* The bounds themselves are machines. */
    char *text = machine_text(4, "  \"peak_gflops\": 1e9, \"memory_bandwidth_gbs\": 0.001,");
    char *unchanged = testutil_replace(text, "  \"memory_bandwidth_gbs\": 20,\n", "");
    char *messages = NULL;
    machine *m = parse_capturing(unchanged, &messages);
    CU_ASSERT_STRING_EQUAL(messages, "");
    CU_ASSERT_PTR_NOT_NULL(m);
    machine_free(&m);
    free(messages);
    free(unchanged);
    free(text);
}

/* A UTF-8 byte-order mark is skipped; columns count from after it. */
static void test_machine_byte_order_mark(void)
{
    char *text = machine_text(0, NULL);
    strbuf bom = STRBUF_INIT;
    strbuf_printf(&bom, "\xEF\xBB\xBF%s", text);
    char *messages = NULL;
    machine *m = parse_capturing(bom.s, &messages);
    CU_ASSERT_STRING_EQUAL(messages, "");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_STRING_EQUAL(m->name, "test box");
    machine_free(&m);
    free(messages);
    expect_machine_error("\xEF\xBB\xBF{\"name\": 1}",
                         "t.json:1:10: error: \"name\" must be a string\n"
                         "t.json:1:1: error: missing \"peak_gflops\"\n"
                         "t.json:1:1: error: missing \"memory_bandwidth_gbs\"\n"
                         "t.json:1:1: error: missing \"write_allocate\"\n"
                         "t.json:1:1: error: missing \"caches\"\n"
                         "t.json:1:1: error: missing \"flop_weights\"\n");
    strbuf_release(&bom);
    free(text);
}

static void test_machine_caches(void)
{
    expect_line_error(7,
                      "  \"caches\": [{\"level\": 2, \"size_bytes\": 64}, "
                      "{\"level\": 2, \"size_bytes\": 128}],",
                      "t.json:7:56: error: duplicate cache level 2\n");
    strbuf many = STRBUF_INIT;
    strbuf_append(&many, "  \"caches\": [");
    for (int i = 1; i <= MACHINE_MAX_CACHES + 1; i++)
        strbuf_printf(&many, "%s{\"level\": %d, \"size_bytes\": 64}", i > 1 ? ", " : "", i);
    strbuf_append(&many, "],");
    expect_line_error(7, many.s, "t.json:7:13: error: \"caches\" holds more than 8 caches\n");
    strbuf_release(&many);

    /* Eight is the most, sorted by level. */
    strbuf_append(&many, "  \"caches\": [");
    for (int i = MACHINE_MAX_CACHES; i >= 1; i--)
        strbuf_printf(&many, "%s{\"level\": %d, \"size_bytes\": %d}",
                      i < MACHINE_MAX_CACHES ? ", " : "", i * 10, 100 * i);
    strbuf_append(&many, "],");
    char *text = machine_text(7, many.s);
    char *messages = NULL;
    machine *m = parse_capturing(text, &messages);
    CU_ASSERT_STRING_EQUAL(messages, "");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_EQUAL_FATAL(m->ncaches, MACHINE_MAX_CACHES);
    for (unsigned i = 0; i < MACHINE_MAX_CACHES; i++) {
        CU_ASSERT_EQUAL(m->caches[i].level, 10 * (i + 1));
        CU_ASSERT_EQUAL(m->caches[i].size_bytes, 100 * (i + 1));
    }
    machine_free(&m);
    free(messages);
    free(text);
    strbuf_release(&many);
}

static void test_machine_malformed_json(void)
{
    /* The comma after 100.5 is missing: cJSON stops at the next key. */
    expect_line_error(4, "  \"peak_gflops\": 100.5",
                      "t.json:5:3: error: the machine file is not valid JSON\n");
    expect_line_error(4, "  \"peak_gflops\": NaN,",
                      "t.json:4:18: error: the machine file is not valid JSON\n");
    expect_machine_error("{} x", "t.json:1:4: error: the machine file is not valid JSON\n");
    expect_machine_error("", "t.json:1:1: error: the machine file is not valid JSON\n");
    /* An unterminated string: cJSON stops just after its opening quote. */
    expect_machine_error("{\n  \"name\": \"x\n",
                         "t.json:2:12: error: the machine file is not valid JSON\n");
    expect_machine_error(NULL, "t.json:1:1: error: the machine file is not valid JSON\n");
}

static void test_machine_round_trip(void)
{
    char *text = machine_text(0, NULL);
    char *messages = NULL;
    machine *m = parse_capturing(text, &messages);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    char *json = machine_to_json(m);
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    free(messages);
    machine *again = parse_capturing(json, &messages);
    CU_ASSERT_STRING_EQUAL(messages, "");
    CU_ASSERT_PTR_NOT_NULL_FATAL(again);
    check_full_machine(again);
    /* The level-3 cache had no bandwidth: none is written. */
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"cores\""));
    const char *l3 = strstr(json, "8388608");
    CU_ASSERT_PTR_NOT_NULL_FATAL(l3);
    const char *end = strchr(l3, '}');
    CU_ASSERT_PTR_NOT_NULL_FATAL(end);
    const char *bw = strstr(l3, "bandwidth_gbs");
    CU_ASSERT_TRUE(bw == NULL || bw > end);
    char *json2 = machine_to_json(again);
    CU_ASSERT_STRING_EQUAL(json, json2);
    CU_ASSERT_PTR_NULL(machine_to_json(NULL));
    free(json2);
    free(json);
    free(messages);
    machine_free(&again);
    machine_free(&m);
    free(text);
}

/* The optional "chips" object of the CHIP3S interpreter (line 9 of the full
 * file, after "cores"). */
static void test_machine_chips(void)
{
    char *text = machine_text(9, "  \"cores\": 4, \"chips\": {\"nproc\": 16, \"costs\": {"
                                 "\"flop\": {\"add\": 1e-9, \"other\": 0}, \"mem\": {\"store\": 2}, "
                                 "\"hllc\": {\"IASG\": 2e-9}, \"icc\": {\"unit\": 5e-10}}, "
                                 "\"inpcom\": {\"L\": 5e-6, \"o\": 1e-6, \"g\": 2e-6, \"G\": 1e-9}, "
                                 "\"disk\": {\"seek\": 4e-3, \"byte\": 5e-9}}");
    char *messages = NULL;
    machine *m = parse_capturing(text, &messages);
    CU_ASSERT_STRING_EQUAL(messages, "");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    check_full_machine(m);
    const machine_chips *c = &m->chips;
    CU_ASSERT_TRUE(c->present);
    CU_ASSERT_EQUAL(c->nproc, 16);
    CU_ASSERT_TRUE(c->has_flop[0] && c->has_flop[8] && !c->has_flop[1]);
    CU_ASSERT_DOUBLE_EQUAL(c->flop[0], 1e-9, 0);
    CU_ASSERT_TRUE(c->has_mem[1] && !c->has_mem[0]);
    CU_ASSERT_DOUBLE_EQUAL(c->mem[1], 2, 0);
    CU_ASSERT_TRUE(c->has_hllc[1] && !c->has_hllc[0]);
    CU_ASSERT_DOUBLE_EQUAL(c->hllc[1], 2e-9, 0);
    CU_ASSERT_TRUE(c->has_icc);
    CU_ASSERT_DOUBLE_EQUAL(c->icc_unit, 5e-10, 0);
    CU_ASSERT_TRUE(c->has_inpcom);
    CU_ASSERT_DOUBLE_EQUAL(c->G, 1e-9, 0);
    CU_ASSERT_DOUBLE_EQUAL(c->L, 5e-6, 0);
    CU_ASSERT_TRUE(c->has_disk);
    CU_ASSERT_DOUBLE_EQUAL(c->disk_seek, 4e-3, 0);
    CU_ASSERT_DOUBLE_EQUAL(c->disk_byte, 5e-9, 0);
    /* written back as read */
    char *json = machine_to_json(m);
    free(messages);
    machine *again = parse_capturing(json, &messages);
    CU_ASSERT_STRING_EQUAL(messages, "");
    CU_ASSERT_PTR_NOT_NULL_FATAL(again);
    CU_ASSERT_EQUAL(memcmp(&again->chips, c, sizeof *c), 0);
    machine_free(&again);
    free(json);
    free(messages);
    machine_free(&m);
    free(text);
    /* without it: nothing present */
    text = machine_text(0, NULL);
    m = parse_capturing(text, &messages);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_FALSE(m->chips.present || m->chips.has_icc || m->chips.has_inpcom);
    machine_free(&m);
    free(messages);
    free(text);
    expect_line_error(9, "  \"cores\": 4, \"chips\": {\"nprocs\": 16}",
                      "t.json:9:25: error: unknown key 'nprocs'\n");
    expect_line_error(9, "  \"cores\": 4, \"chips\": {\"nproc\": 0}",
                      "t.json:9:34: error: \"nproc\" must be an integer from 1 to 1048576\n");
    expect_line_error(9, "  \"cores\": 4, \"chips\": 3",
                      "t.json:9:24: error: \"chips\" must be an object\n");
    expect_line_error(9, "  \"cores\": 4, \"chips\": {\"costs\": {\"hllc\": {\"IDIV\": 1}}}",
                      "t.json:9:44: error: unknown key 'IDIV'\n");
    expect_line_error(9, "  \"cores\": 4, \"chips\": {\"costs\": {\"flop\": {\"add\": -1}}}",
                      "t.json:9:51: error: \"add\" must be from 0 to 1e+06\n");
    expect_line_error(9, "  \"cores\": 4, \"chips\": {\"inpcom\": {\"L\": 1, \"o\": 1, \"g\": 1}}",
                      "t.json:9:35: error: missing \"G\" in \"inpcom\"\n");
    expect_line_error(9, "  \"cores\": 4, \"chips\": {\"disk\": {\"seek\": 1}}",
                      "t.json:9:33: error: missing \"byte\" in \"disk\"\n");
}

/* The optional "benchmarks" table (line 9 of the full file, after "cores"). */
static const char bench_line[] =
    "  \"cores\": 4, \"benchmarks\": {\"clock_ghz\": 2.5, \"in_core\": {\"lanes\": 4, "
    "\"vector_cycles\": {\"add\": 0.5, \"multiply\": 0.5, \"fma\": 0.5, \"divide\": 8, "
    "\"sqrt\": 12}, \"scalar_cycles\": {\"add\": 0.5, \"multiply\": 0.5, \"fma\": 0.5, "
    "\"divide\": 4, \"sqrt\": 6}, \"add_latency_cycles\": 4}, \"transfer_bytes_per_cycle\": "
    "{\"L1-L2\": 64, \"L3-memory\": 8}, \"bandwidths\": [{\"kernel\": \"triad\", \"level\": "
    "\"memory\", \"cores\": 4, \"gbs\": 20}, {\"kernel\": \"load2\", \"level\": \"L2\", "
    "\"cores\": 1, \"gbs\": 80.5}]}";

/* The full file with bench_line's `from` replaced by `to`. */
static char *bench_text(const char *from, const char *to)
{
    const char *at = strstr(bench_line, from);
    CU_ASSERT_PTR_NOT_NULL_FATAL(at);
    strbuf sb = STRBUF_INIT;
    strbuf_appendn(&sb, bench_line, (size_t)(at - bench_line));
    strbuf_append(&sb, to);
    strbuf_append(&sb, at + strlen(from));
    char *line = strbuf_take(&sb);
    char *text = machine_text(9, line);
    free(line);
    return text;
}

static void expect_bench_error(const char *from, const char *to, const char *messages)
{
    char *text = bench_text(from, to);
    expect_machine_error(text, messages);
    free(text);
}

/* bench_line with `from` replaced by `to` reads without a message, the double at `offset` of
 * its benchmarks is `value`, and the JSON written back holds `json`. */
static void expect_bench_field(const char *from, const char *to, const char *json,
                               size_t offset, double value)
{
    char *text = bench_text(from, to), *messages = NULL;
    machine *m = parse_capturing(text, &messages);
    CU_ASSERT_STRING_EQUAL(messages, "");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    double got;
    memcpy(&got, (const char *)&m->benchmarks + offset, sizeof got);
    CU_ASSERT_DOUBLE_EQUAL(got, value, 0);
    char *written = machine_to_json(m);
    CU_ASSERT_PTR_NOT_NULL(strstr(written, json));
    free(written);
    free(messages);
    machine_free(&m);
    free(text);
}

static void test_machine_benchmarks(void)
{
    char *text = machine_text(9, bench_line), *messages = NULL;
    machine *m = parse_capturing(text, &messages);
    CU_ASSERT_STRING_EQUAL(messages, "");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    check_full_machine(m);
    const machine_benchmarks *b = &m->benchmarks;
    CU_ASSERT_TRUE(b->present);
    CU_ASSERT_DOUBLE_EQUAL(b->clock_ghz, 2.5, 0);
    CU_ASSERT_EQUAL(b->lanes, 4);
    CU_ASSERT_DOUBLE_EQUAL(b->vector_cycles[MACHINE_OP_DIVIDE], 8, 0);
    CU_ASSERT_DOUBLE_EQUAL(b->scalar_cycles[MACHINE_OP_SQRT], 6, 0);
    CU_ASSERT_DOUBLE_EQUAL(b->add_latency_cycles, 4, 0);
    CU_ASSERT_DOUBLE_EQUAL(b->barrier_cycles, 0, 0); /* optional: not measured */
    CU_ASSERT_DOUBLE_EQUAL(b->chain_window, 0, 0);   /* the same */
    CU_ASSERT_DOUBLE_EQUAL(b->scalar_load_cycles, 0, 0);
    CU_ASSERT_DOUBLE_EQUAL(b->scalar_store_cycles, 0, 0);
    /* L1-L2 out of the first cache, L3-memory out of the third, none out of L2 */
    CU_ASSERT_DOUBLE_EQUAL(b->transfer[0], 64, 0);
    CU_ASSERT_DOUBLE_EQUAL(b->transfer[1], 0, 0);
    CU_ASSERT_DOUBLE_EQUAL(b->transfer[2], 8, 0);
    CU_ASSERT_EQUAL_FATAL(b->nbandwidths, 2);
    CU_ASSERT_EQUAL(b->bandwidths[0].kernel, MACHINE_TRIAD);
    CU_ASSERT_EQUAL(b->bandwidths[0].level, MACHINE_LEVEL_MEMORY);
    CU_ASSERT_EQUAL(b->bandwidths[0].cores, 4);
    CU_ASSERT_EQUAL(b->bandwidths[1].kernel, MACHINE_LOAD2);
    CU_ASSERT_EQUAL(b->bandwidths[1].level, 2);
    CU_ASSERT_DOUBLE_EQUAL(b->bandwidths[1].gbs, 80.5, 0);
    /* written back as read */
    char *json = machine_to_json(m);
    free(messages);
    machine *again = parse_capturing(json, &messages);
    CU_ASSERT_STRING_EQUAL(messages, "");
    CU_ASSERT_PTR_NOT_NULL_FATAL(again);
    CU_ASSERT_EQUAL(again->benchmarks.nbandwidths, 2);
    CU_ASSERT_EQUAL(memcmp(again->benchmarks.bandwidths, b->bandwidths,
                           2 * sizeof *b->bandwidths), 0);
    CU_ASSERT_EQUAL(memcmp(again->benchmarks.vector_cycles, b->vector_cycles,
                           sizeof b->vector_cycles), 0);
    CU_ASSERT_EQUAL(memcmp(again->benchmarks.transfer, b->transfer, sizeof b->transfer), 0);
    CU_ASSERT_DOUBLE_EQUAL(again->benchmarks.add_latency_cycles, 4, 0);
    machine_free(&again);
    free(json);
    free(messages);
    machine_free(&m);
    free(text);

    /* the optional fields, when given, are read and written back */
    expect_bench_field("\"clock_ghz\": 2.5", "\"clock_ghz\": 2.5, \"barrier_cycles\": 650.5",
                       "\"barrier_cycles\":\t650.5", offsetof(machine_benchmarks, barrier_cycles),
                       650.5);
    expect_bench_field("\"add_latency_cycles\": 4",
                       "\"add_latency_cycles\": 4, \"chain_window\": 75.5",
                       "\"chain_window\":\t75.5", offsetof(machine_benchmarks, chain_window), 75.5);
    expect_bench_error("\"add_latency_cycles\": 4", "\"add_latency_cycles\": 4, \"chain_window\": -1",
                       "t.json:9:282: error: \"chain_window\" must be from 0 to 100000\n");
    expect_bench_field("\"add_latency_cycles\": 4",
                       "\"add_latency_cycles\": 4, \"scalar_load_cycles\": 0.36",
                       "\"scalar_load_cycles\":\t0.36",
                       offsetof(machine_benchmarks, scalar_load_cycles), 0.36);
    expect_bench_field("\"add_latency_cycles\": 4",
                       "\"add_latency_cycles\": 4, \"scalar_store_cycles\": 0.71",
                       "\"scalar_store_cycles\":\t0.71",
                       offsetof(machine_benchmarks, scalar_store_cycles), 0.71);
    expect_bench_error("\"add_latency_cycles\": 4",
                       "\"add_latency_cycles\": 4, \"scalar_load_cycles\": 0",
                       "t.json:9:288: error: \"scalar_load_cycles\" must be from 0.001 to 10000\n");
    expect_bench_error("\"clock_ghz\": 2.5", "\"clock_ghz\": 2.5, \"barrier_cycles\": 0",
                       "t.json:9:66: error: \"barrier_cycles\" must be from 0.001 to 1e+07\n");
    expect_bench_error("\"clock_ghz\": 2.5", "\"clock_ghz\": 2.5, \"barrier_cycles\": true",
                       "t.json:9:66: error: \"barrier_cycles\" must be a number\n");
    expect_bench_error("\"clock_ghz\": 2.5", "\"clock_ghz\": 0",
                       "t.json:9:43: error: \"clock_ghz\" must be from 0.001 to 1000\n");
    expect_bench_error("\"clock_ghz\": 2.5, ", "",
                       "t.json:9:29: error: missing \"clock_ghz\" in \"benchmarks\"\n");
    expect_bench_error("\"lanes\": 4", "\"lanes\": 4.5",
                       "t.json:9:69: error: \"lanes\" must be an integer from 1 to 64\n");
    expect_bench_error("\"divide\": 8", "\"divde\": 8",
                       "t.json:9:131: error: unknown key 'divde'\n"
                       "t.json:9:89: error: missing \"divide\" in \"vector_cycles\"\n");
    expect_bench_error("\"add_latency_cycles\": 4", "\"add_latency\": 4",
                       "t.json:9:241: error: unknown key 'add_latency'\n"
                       "t.json:9:59: error: missing \"add_latency_cycles\" in \"in_core\"\n");
    expect_bench_error("\"L1-L2\"", "\"L1-L3\"",
                       "t.json:9:296: error: unknown transfer 'L1-L3': name two neighbouring "
                       "levels of L1, L2, L3, memory, as \"L1-L2\"\n");
    expect_bench_error("\"L3-memory\": 8", "\"L3-memory\": \"8\"",
                       "t.json:9:322: error: \"L3-memory\" must be a number\n");
    expect_bench_error("\"kernel\": \"triad\"", "\"kernel\": \"triads\"",
                       "t.json:9:352: error: \"kernel\" must be one of load1, load2, load4, copy, "
                       "update, daxpy, triad, sum4\n");
    expect_bench_error("\"level\": \"memory\"", "\"level\": \"L4\"",
                       "t.json:9:370: error: \"level\" must name a level of the machine: one of "
                       "L1, L2, L3, memory\n");
    expect_bench_error("\"cores\": 4, \"gbs\": 20", "\"cores\": 5, \"gbs\": 20",
                       "t.json:9:389: error: \"cores\" must be an integer from 1 to 4\n");
    expect_bench_error("\"kernel\": \"load2\", \"level\": \"L2\", \"cores\": 1",
                       "\"kernel\": \"triad\", \"level\": \"memory\", \"cores\": 4",
                       "t.json:9:404: error: \"bandwidths\"[1] repeats the triad kernel's "
                       "measurement at that level and core count\n");
    expect_bench_error("[{\"kernel\": \"triad\", \"level\": \"memory\", \"cores\": 4, \"gbs\": 20}, "
                       "{\"kernel\": \"load2\", \"level\": \"L2\", \"cores\": 1, \"gbs\": 80.5}]",
                       "[]",
                       "t.json:9:340: error: \"bandwidths\" must be an array of at least one "
                       "measurement\n");
}

static void test_machine_files_load(void)
{
    static const struct {
        const char *file;
        double peak, bandwidth;
        unsigned cores;
        unsigned long long l1, l2, l3;
    } files[] = {
        {"laptop-4core.json", 160, 40, 4, 48 * 1024, 1280 * 1024, 12 * 1024 * 1024},
        {"server-2s.json", 3000, 300, 64, 48 * 1024, 2 * 1024 * 1024, 60 * 1024 * 1024},
        {"small-vm-2core.json", 166.4, 12, 2, 48 * 1024, 2 * 1024 * 1024, 32 * 1024 * 1024},
    };
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char *path = testutil_path(AITOOL_SOURCE_DIR "/perfmodel/machines", files[i].file);
        machine *m = machine_load(path);
        CU_ASSERT_PTR_NOT_NULL_FATAL(m);
        CU_ASSERT_TRUE(strlen(m->name) > 0);
        CU_ASSERT_DOUBLE_EQUAL(m->peak_gflops, files[i].peak, 1e-9);
        CU_ASSERT_DOUBLE_EQUAL(m->memory_bandwidth_gbs, files[i].bandwidth, 1e-9);
        CU_ASSERT_TRUE(m->write_allocate);
        CU_ASSERT_EQUAL(m->cores, files[i].cores);
        CU_ASSERT_EQUAL_FATAL(m->ncaches, 3);
        CU_ASSERT_EQUAL(m->caches[0].size_bytes, files[i].l1);
        CU_ASSERT_EQUAL(m->caches[1].size_bytes, files[i].l2);
        CU_ASSERT_EQUAL(m->caches[2].size_bytes, files[i].l3);
        CU_ASSERT_DOUBLE_EQUAL(m->weight_add, 1, 0);
        CU_ASSERT_DOUBLE_EQUAL(m->weight_multiply, 1, 0);
        CU_ASSERT_DOUBLE_EQUAL(m->weight_divide, 4, 0);
        CU_ASSERT_DOUBLE_EQUAL(m->weight_special, 20, 0);
        machine_free(&m);
        free(path);
    }
}

/* The calibrated file of this project's VM (three calibrations, 2026-11-26): whole, with
 * every benchmark the model asks for, so -model ecm works with it as shipped. */
static void test_calibrated_machine_file(void)
{
    machine *m = machine_load(AITOOL_SOURCE_DIR "/perfmodel/machines/zen5-vm-2core.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_EQUAL(m->cores, 2);
    CU_ASSERT_EQUAL(m->ncaches, 3);
    const machine_benchmarks *b = &m->benchmarks;
    CU_ASSERT_TRUE(b->present);
    CU_ASSERT_EQUAL(b->lanes, 8);
    CU_ASSERT_TRUE(b->barrier_cycles > 0);
    CU_ASSERT_TRUE(b->chain_window > 0);
    CU_ASSERT_TRUE(b->add_latency_cycles > 0);
    CU_ASSERT_TRUE(b->scalar_load_cycles > 0);
    CU_ASSERT_TRUE(b->scalar_store_cycles > 0);
    /* eight kernels at three caches and memory, on one core and on two */
    CU_ASSERT_EQUAL(b->nbandwidths, MACHINE_NKERNELS * 4 * 2);
    machine_free(&m);
}

static void test_machine_load_missing_file(void)
{
    FILE *tmp = tmpfile();
    CU_ASSERT_PTR_NOT_NULL_FATAL(tmp);
    diag_set_stream(tmp);
    machine *m = machine_load("/nonexistent/dir/m.json");
    diag_set_stream(NULL);
    CU_ASSERT_PTR_NULL(m);
    char *messages = testutil_read_stream(tmp);
    CU_ASSERT_PTR_NOT_NULL(
        strstr(messages, "/nonexistent/dir/m.json:1:1: error: cannot open machine file"));
    free(messages);
    fclose(tmp);
}

static const testutil_case expr_cases[] = {
    {"arithmetic", test_arithmetic},
    {"integer suffixes", test_integer_suffixes},
    {"comparisons and conditionals", test_comparisons_and_conditionals},
    {"symbols", test_symbols},
    {"evaluation errors", test_evaluation_errors},
    {"syntax errors", test_syntax_errors},
    {"bindings set and get", test_bindings_set_and_get},
    {"bindings parse", test_bindings_parse},
    {"array element symbols", test_array_element_symbols},
    {NULL, NULL},
};

static const testutil_case machine_cases[] = {
    {"full file", test_machine_full_file},
    {"optional fields", test_machine_optional_fields},
    {"missing keys", test_machine_missing_keys},
    {"unknown and duplicate keys", test_machine_unknown_and_duplicate_keys},
    {"wrong types", test_machine_wrong_types},
    {"bad values", test_machine_bad_values},
    {"caches", test_machine_caches},
    {"sane ranges", test_machine_sane_ranges},
    {"byte-order mark", test_machine_byte_order_mark},
    {"malformed JSON", test_machine_malformed_json},
    {"round trip", test_machine_round_trip},
    {"the \"chips\" object", test_machine_chips},
    {"the \"benchmarks\" table", test_machine_benchmarks},
    {"machine files load", test_machine_files_load},
    {"the calibrated machine file of this VM", test_calibrated_machine_file},
    {"missing file", test_machine_load_missing_file},
    {NULL, NULL},
};

int main(void)
{
    const testutil_suite suites[] = {{"bound_expr", expr_cases}, {"machine", machine_cases}};
    return testutil_run(suites, 2);
}
