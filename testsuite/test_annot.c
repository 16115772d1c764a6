/* The annotation reader: the seed's format, the default set, and errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annot.h"
#include "diag.h"
#include "strbuf.h"
#include "testutil.h"

/* Parse text with diagnostics captured; returns what was printed. */
static char *parse_capturing(annot_set *s, const char *text, bool *ok)
{
    FILE *tmp = tmpfile();
    diag_set_stream(tmp);
    *ok = annot_parse_text(s, "t.annot", text);
    diag_set_stream(NULL);
    char *messages = testutil_read_stream(tmp);
    fclose(tmp);
    return messages;
}

static void test_seed_example(void)
{
    annot_set *s = annot_set_create();
    CU_ASSERT_TRUE(annot_parse_text(s, "seed.annot",
        "operator abs(int val) { modify none; read{val}; alias none; } "
        "operator max(double val1, double val2) { modify none; read{val1, val2}; alias none; }"));
    CU_ASSERT_EQUAL(annot_count(s), 2);
    const annot_function *max = annot_lookup(s, "max");
    CU_ASSERT_PTR_NOT_NULL_FATAL(max);
    CU_ASSERT_EQUAL(max->nparams, 2);
    CU_ASSERT_STRING_EQUAL(max->param_types[1], "double");
    CU_ASSERT_STRING_EQUAL(max->params[1], "val2");
    CU_ASSERT_TRUE(max->modify.none);
    CU_ASSERT_EQUAL(max->read.n, 2);
    CU_ASSERT_STRING_EQUAL(max->read.v[0], "val1");
    CU_ASSERT_TRUE(max->alias.none);
    CU_ASSERT_EQUAL(max->line, 1);
    CU_ASSERT_EQUAL(max->column, 63);
    CU_ASSERT_PTR_NULL(annot_lookup(s, "min"));
    annot_set_free(&s);
    CU_ASSERT_PTR_NULL(s);
}

static void test_comments_pointers_and_globals(void)
{
    annot_set *s = annot_set_create();
    CU_ASSERT_TRUE(annot_parse_text(s, "t.annot",
        "// a line comment\n"
        "/* a block\n   comment */ operator axpy(int n, const double *x, double * y)\n"
        "{ read{n, x, y, alpha}; modify{y}; alias {(x, y)}; };\n"
        "operator log_event(const char *fmt, ...) { read{fmt}; modify{event_count}; }\n"));
    const annot_function *axpy = annot_lookup(s, "axpy");
    CU_ASSERT_PTR_NOT_NULL_FATAL(axpy);
    CU_ASSERT_EQUAL(axpy->line, 3);
    CU_ASSERT_EQUAL(axpy->column, 15);
    CU_ASSERT_STRING_EQUAL(axpy->param_types[1], "const double *");
    CU_ASSERT_STRING_EQUAL(axpy->param_types[2], "double *");
    CU_ASSERT_EQUAL(axpy->read.n, 4);
    CU_ASSERT_STRING_EQUAL(axpy->read.v[3], "alpha");
    CU_ASSERT_EQUAL(axpy->modify.n, 1);
    CU_ASSERT_FALSE(axpy->modify.none);
    CU_ASSERT_EQUAL(axpy->alias.n, 1);
    CU_ASSERT_STRING_EQUAL(axpy->alias.v[0], "(x, y)");
    const annot_function *log_event = annot_lookup(s, "log_event");
    CU_ASSERT_PTR_NOT_NULL_FATAL(log_event);
    CU_ASSERT_EQUAL(log_event->nparams, 2);
    CU_ASSERT_STRING_EQUAL(log_event->params[1], "...");
    CU_ASSERT_FALSE(log_event->alias.given);
    annot_set_free(&s);
}

static void test_default_set(void)
{
    annot_set *s = annot_set_create();
    CU_ASSERT_TRUE(annot_parse_text(s, "<default>", annot_default_text));
    CU_ASSERT(annot_count(s) > 150);
    const annot_function *sqrtf_ = annot_lookup(s, "sqrtf");
    CU_ASSERT_PTR_NOT_NULL_FATAL(sqrtf_);
    CU_ASSERT_STRING_EQUAL(sqrtf_->param_types[0], "float");
    CU_ASSERT_TRUE(sqrtf_->modify.none);
    const annot_function *memcpy_ = annot_lookup(s, "memcpy");
    CU_ASSERT_PTR_NOT_NULL_FATAL(memcpy_);
    CU_ASSERT_STRING_EQUAL(memcpy_->modify.v[0], "dest");
    CU_ASSERT_STRING_EQUAL(memcpy_->read.v[0], "src");
    CU_ASSERT_PTR_NOT_NULL(annot_lookup(s, "powl"));
    CU_ASSERT_PTR_NOT_NULL(annot_lookup(s, "printf"));
    CU_ASSERT_FALSE(memcpy_->builtin); /* parsed as text, not loaded as the defaults */
    annot_set_free(&s);
}

/* Issue 13: C library I/O in the default set, with what each reads and writes. */
static void expect_effects(const annot_set *s, const char *name, const char *modify,
                           const char *read)
{
    const annot_function *fn = annot_lookup(s, name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(fn);
    strbuf m = STRBUF_INIT, r = STRBUF_INIT;
    for (size_t i = 0; i < fn->modify.n; i++)
        strbuf_printf(&m, "%s%s", i ? " " : "", fn->modify.v[i]);
    for (size_t i = 0; i < fn->read.n; i++)
        strbuf_printf(&r, "%s%s", i ? " " : "", fn->read.v[i]);
    CU_ASSERT_STRING_EQUAL(strbuf_cstr(&m), modify);
    CU_ASSERT_STRING_EQUAL(strbuf_cstr(&r), read);
    if (strcmp(strbuf_cstr(&m), modify) || strcmp(strbuf_cstr(&r), read))
        fprintf(stderr, "\n  %s: modify{%s} read{%s}\n", name, strbuf_cstr(&m), strbuf_cstr(&r));
    strbuf_release(&m);
    strbuf_release(&r);
}

static void test_default_io_functions(void)
{
    annot_set *s = annot_set_create();
    CU_ASSERT_TRUE_FATAL(annot_parse_text(s, "<default>", annot_default_text));
    expect_effects(s, "fread", "p", "size n");
    expect_effects(s, "fwrite", "", "p size n");
    expect_effects(s, "fgets", "s", "n");
    expect_effects(s, "fscanf", "...", "format");
    expect_effects(s, "sscanf", "...", "s format");
    expect_effects(s, "scanf", "...", "format");
    expect_effects(s, "fprintf", "", "format");
    expect_effects(s, "snprintf", "s", "format n");
    expect_effects(s, "fputs", "", "s");
    expect_effects(s, "strcat", "dest", "dest src");
    expect_effects(s, "memcpy", "dest", "src n");
    expect_effects(s, "fclose", "", "");
    CU_ASSERT_TRUE(annot_lookup(s, "fclose")->modify.none);
    annot_set_free(&s);
}

/* `...` stands for the variadic arguments in a clause too, as README says. */
static void test_variadic_in_a_clause(void)
{
    annot_set *s = annot_set_create();
    CU_ASSERT_TRUE_FATAL(annot_parse_text(s, "v.annot",
                                          "operator get(const char *f, ...) "
                                          "{ modify{...}; read{f, ...}; alias none; }"));
    expect_effects(s, "get", "...", "f ...");
    annot_set_free(&s);
}

static void test_defaults_are_marked_builtin(void)
{
    FILE *quiet = tmpfile();
    diag_set_stream(quiet);
    diag_reset_counts();
    annot_set *s = annot_set_create();
    annot_load_defaults(s);
    CU_ASSERT_EQUAL(diag_error_count(), 0);
    size_t n = annot_count(s);
    CU_ASSERT(n > 150);
    const annot_function *memcpy_ = annot_lookup(s, "memcpy");
    CU_ASSERT_PTR_NOT_NULL_FATAL(memcpy_);
    CU_ASSERT_TRUE(memcpy_->builtin);
    CU_ASSERT_STRING_EQUAL(memcpy_->file, "<built-in>");
    /* A user's entry of the same name replaces it and is not built in. */
    CU_ASSERT_TRUE(annot_parse_text(s, "user.annot",
                                    "operator memcpy(void *d, const void *s, size_t n) "
                                    "{ modify{d}; read{s}; alias none; }"));
    memcpy_ = annot_lookup(s, "memcpy");
    CU_ASSERT_FALSE(memcpy_->builtin);
    CU_ASSERT_STRING_EQUAL(memcpy_->params[0], "d");
    CU_ASSERT_EQUAL(annot_count(s), n);
    CU_ASSERT_TRUE(annot_lookup(s, "sqrt")->builtin);
    annot_set_free(&s);
    diag_set_stream(NULL);
    fclose(quiet);
}

static void test_later_operator_replaces(void)
{
    annot_set *s = annot_set_create();
    CU_ASSERT_TRUE(annot_parse_text(s, "a", "operator f(int x) { read{x}; modify none; }"));
    CU_ASSERT_TRUE(annot_parse_text(s, "b", "operator f(double *y) { read none; modify{y}; }"));
    CU_ASSERT_EQUAL(annot_count(s), 1);
    const annot_function *f = annot_lookup(s, "f");
    CU_ASSERT_STRING_EQUAL(f->params[0], "y");
    CU_ASSERT_STRING_EQUAL(f->file, "b");
    annot_set_free(&s);
}

static void test_syntax_errors(void)
{
    static const struct {
        const char *text, *message;
    } cases[] = {
        {"function f(int x) { read{x}; }",
         "t.annot:1:1: error: expected 'operator', 'loop' or 'element' at the start of an "
         "annotation, found 'function'\n"},
        {"loop f(range, bdy);",
         "t.annot:1:15: error: unknown role 'bdy' (expected count, range, begin, end, in, out, "
         "body or _)\n"},
        {"loop f(range, range, body);", "t.annot:1:1: error: a role other than _ is given twice\n"},
        {"\n  loop f(range);", "t.annot:2:3: error: a loop needs exactly one body argument\n"},
        {"loop f(begin, body);",
         "t.annot:1:1: error: a loop needs either a count or range argument (and perhaps "
         "begin), or begin and end\n"},
        {"loop f(range, body)", "t.annot:1:20: error: expected ';' after the loop, found 'end "
                                "of file'\n"},
        {"loop (range, body);", "t.annot:1:6: error: expected the function's name, found '('\n"},
        {"element M(complex);",
         "t.annot:1:11: error: expected an arithmetic type or auto as the element, found "
         "'complex'\n"},
        {"element M(double;", "t.annot:1:17: error: expected ')' after the element type, found "
                              "';'\n"},
        {"operator f(int x) { red{x}; }",
         "t.annot:1:21: error: unknown clause 'red' (expected modify, read or alias)\n"},
        {"operator f(int x) { read{x}; read{x}; }",
         "t.annot:1:30: error: clause 'read' given twice\n"},
        {"operator f(int x) { read{x} modify none; }",
         "t.annot:1:29: error: expected ';' after the clause, found 'modify'\n"},
        {"operator f(int x) {\n  read{x y};\n}",
         "t.annot:2:10: error: expected ',' between names, found 'y'\n"},
        {"operator f(x) { read{x}; }",
         "t.annot:1:12: error: expected a parameter as TYPE NAME\n"},
        {"operator f(int x) { read{x}; ",
         "t.annot:1:30: error: expected modify, read or alias, found 'end of file'\n"},
        {"operator f(int x) { read{x}; } /* open",
         "t.annot:1:32: error: unterminated comment\n"},
        {"operator f(int x) { read{x}; } @",
         "t.annot:1:32: error: unexpected character '@'\n"},
        {"operator (int x) { read{x}; }",
         "t.annot:1:10: error: expected the function's name, found '('\n"},
        {"operator f(int x) { modify; }",
         "t.annot:1:27: error: expected '{' after the clause name, found ';'\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        annot_set *s = annot_set_create();
        CU_ASSERT_TRUE(annot_parse_text(s, "ok", "operator keep(int x) { read{x}; }"));
        bool ok = true;
        char *messages = parse_capturing(s, cases[i].text, &ok);
        CU_ASSERT_FALSE(ok);
        CU_ASSERT_STRING_EQUAL(messages, cases[i].message);
        if (strcmp(messages, cases[i].message) != 0)
            fprintf(stderr, "\n  case %zu printed: %s", i, messages);
        /* Nothing of the broken text was added. */
        CU_ASSERT_EQUAL(annot_count(s), 1);
        free(messages);
        annot_set_free(&s);
    }
}

static void test_loops_and_elements(void)
{
    annot_set *s = annot_set_create();
    CU_ASSERT_TRUE(annot_parse_text(s, "t",
        "loop RAJA::forall(range, body);\n"
        "loop std::transform(begin, end, in, out, body);\n"
        "loop std::transform(_, begin, end, out, body);\n"
        "element Kokkos::View(auto);\n"
        "element Matrix(long double);\n"
        "loop RAJA::forall(range,\n body); // the same again: replaces\n"));
    CU_ASSERT_EQUAL(annot_count(s), 5);
    const annot_loop *forall = annot_lookup_loop(s, "RAJA::forall", 2, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(forall);
    CU_ASSERT_EQUAL(forall->roles[0], ANNOT_ROLE_RANGE);
    CU_ASSERT_EQUAL(forall->roles[1], ANNOT_ROLE_BODY);
    CU_ASSERT_EQUAL(forall->line, 6);
    CU_ASSERT_PTR_NULL(annot_lookup_loop(s, "RAJA::forall", 3, NULL));
    CU_ASSERT_PTR_NULL(annot_lookup_loop(s, "forall", 2, NULL));
    CU_ASSERT_PTR_NULL(annot_lookup_loop(s, "RAJA::forall", 2, forall));
    /* Two of one arity, in the order read. */
    const annot_loop *binary = annot_lookup_loop(s, "std::transform", 5, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(binary);
    CU_ASSERT_EQUAL(binary->roles[2], ANNOT_ROLE_IN);
    const annot_loop *policy = annot_lookup_loop(s, "std::transform", 5, binary);
    CU_ASSERT_PTR_NOT_NULL_FATAL(policy);
    CU_ASSERT_EQUAL(policy->roles[0], ANNOT_ROLE_OTHER);
    CU_ASSERT_EQUAL(policy->roles[3], ANNOT_ROLE_OUT);
    CU_ASSERT_PTR_NULL(annot_lookup_loop(s, "std::transform", 5, policy));
    const annot_element *view = annot_lookup_element(s, "Kokkos::View");
    CU_ASSERT_PTR_NOT_NULL_FATAL(view);
    CU_ASSERT_PTR_NULL(view->elem_type);
    const annot_element *m = annot_lookup_element(s, "Matrix");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_STRING_EQUAL(m->elem_type, "long double");
    CU_ASSERT_EQUAL(m->elem_size, 16);
    CU_ASSERT_PTR_NULL(annot_lookup(s, "Matrix"));
    FILE *tmp = tmpfile();
    annot_dump(tmp, s);
    char *dump = testutil_read_stream(tmp);
    fclose(tmp);
    CU_ASSERT_STRING_EQUAL(dump, "loop RAJA::forall(range, body);  // t:6:1\n"
                                 "loop std::transform(begin, end, in, out, body);  // t:2:1\n"
                                 "loop std::transform(_, begin, end, out, body);  // t:3:1\n"
                                 "element Kokkos::View(auto);  // t:4:1\n"
                                 "element Matrix(long double);  // t:5:1\n");
    annot_set *again = annot_set_create();
    CU_ASSERT_TRUE(annot_parse_text(again, "t", dump));
    CU_ASSERT_EQUAL(annot_count(again), 5);
    free(dump);
    annot_set_free(&again);
    annot_set_free(&s);
}

static void test_dump_reads_back(void)
{
    annot_set *s = annot_set_create();
    CU_ASSERT_TRUE(annot_parse_text(s, "t", "operator axpy(int n, const double *x, double *y, ...)"
                                            " { read{n, x}; modify{y}; alias {(x, y)}; }\n"
                                            "operator g() { modify none; }"));
    FILE *tmp = tmpfile();
    annot_dump(tmp, s);
    char *dump = testutil_read_stream(tmp);
    fclose(tmp);
    CU_ASSERT_STRING_EQUAL(dump,
        "operator axpy(int n, const double * x, double * y, ...) { modify{y}; read{n, x}; "
        "alias{(x, y)}; }  // t:1:1\n"
        "operator g() { modify none; }  // t:2:1\n");
    annot_set *again = annot_set_create();
    CU_ASSERT_TRUE(annot_parse_text(again, "t", dump));
    CU_ASSERT_EQUAL(annot_count(again), 2);
    CU_ASSERT_STRING_EQUAL(annot_lookup(again, "axpy")->param_types[2], "double *");
    free(dump);
    annot_set_free(&again);
    annot_set_free(&s);
}

static void test_missing_file(void)
{
    annot_set *s = annot_set_create();
    FILE *tmp = tmpfile();
    diag_set_stream(tmp);
    CU_ASSERT_FALSE(annot_parse_file(s, "/no/such/file.annot"));
    diag_set_stream(NULL);
    char *messages = testutil_read_stream(tmp);
    fclose(tmp);
    CU_ASSERT_STRING_EQUAL(messages, "/no/such/file.annot:1:1: error: cannot open annotation "
                                     "file: No such file or directory\n");
    free(messages);
    annot_set_free(&s);
}

static const testutil_case reader_cases[] = {
    {"seed example", test_seed_example},
    {"comments, pointers and globals", test_comments_pointers_and_globals},
    {"default set", test_default_set},
    {"default I/O functions", test_default_io_functions},
    {"variadic in a clause", test_variadic_in_a_clause},
    {"defaults are marked builtin", test_defaults_are_marked_builtin},
    {"later operator replaces", test_later_operator_replaces},
    {"dump reads back", test_dump_reads_back},
    {"loops and elements (C++)", test_loops_and_elements},
    {NULL, NULL},
};

/* Issue 31: an annotation file's entries that no lookup found are warnings at their
 * places, after the run; looked-up ones and the built-in set are not. */
static void test_unused_warned(void)
{
    annot_set *s = annot_set_create();
    annot_load_defaults(s);
    CU_ASSERT_TRUE_FATAL(annot_parse_text(s, "u.annot",
                                          "operator used(double *a) { read{a}; }\n"
                                          "operator unused(double *a) { read{a}; }\n"
                                          "loop my_for(count, body);\n"
                                          "loop used_for(count, body);\n"
                                          "element Grid(double);\n"));
    CU_ASSERT_PTR_NOT_NULL(annot_lookup(s, "used"));
    CU_ASSERT_PTR_NOT_NULL(annot_lookup_loop(s, "used_for", 2, NULL));
    CU_ASSERT_PTR_NULL(annot_lookup_loop(s, "my_for", 3, NULL)); /* another arity */
    strbuf captured = STRBUF_INIT;
    strbuf *before = diag_capture(&captured);
    annot_warn_unused(s);
    diag_capture(before);
    CU_ASSERT_STRING_EQUAL(strbuf_cstr(&captured),
                           "u.annot:2:1: warning: 'unused' is annotated, but no analyzed file "
                           "calls it\n"
                           "u.annot:3:1: warning: loop 'my_for' with 2 arguments is annotated, "
                           "but no analyzed file calls it\n"
                           "u.annot:5:1: warning: element 'Grid' is annotated, but no analyzed "
                           "file uses an element of it\n");
    strbuf_release(&captured);
    annot_set_free(&s);
}

static const testutil_case error_cases[] = {
    {"syntax errors", test_syntax_errors},
    {"entries nothing calls", test_unused_warned},
    {"missing file", test_missing_file},
    {NULL, NULL},
};

int main(void)
{
    const testutil_suite suites[] = {{"annotation reader", reader_cases}, {"errors", error_cases}};
    return testutil_run(suites, 2);
}
