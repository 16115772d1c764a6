/* ExaSAT XML from C: golden documents for kernels of our own, values worked
 * out by hand on the model, schema validation of everything written, the
 * round trip C -> XML -> model -> XML, and pininfo from a measurement. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlwriter.h>

#include "analyzer.h"
#include "diag.h"
#include "exasat_xml.h"
#include "measured.h"
#include "strbuf.h"
#include "testutil.h"

static lm_program *xml_analyze(const char *kernel)
{
    static const char *const args[] = {"-I" AITOOL_KERNEL_DIR "/mpi"};
    analyzer_options opt = {args, 1, false, NULL, false, true};
    analyzer *a = analyzer_create(&opt);
    lm_program *p = lm_program_create();
    char *path = testutil_path(AITOOL_KERNEL_DIR, kernel);
    CU_ASSERT_TRUE(analyzer_analyze_file(a, p, path));
    free(path);
    analyzer_free(&a);
    lm_program_finish(p);
    return p;
}

/* The name-th loop of a program in source order (0-based). */
static const lm_loop *nth_loop(const lm_program *p, int n)
{
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            for (const lm_loop *l = fn->loops; l; l = lm_loop_next_preorder(l))
                if (n-- == 0)
                    return l;
    return NULL;
}

static const char *or_empty(const char *s)
{
    return s ? s : "";
}

static void check_bounds(const lm_loop *l, const char *var, const char *lower, const char *upper,
                         const char *stride)
{
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    CU_ASSERT_STRING_EQUAL(or_empty(l->bounds.loopvar), var);
    CU_ASSERT_STRING_EQUAL(or_empty(l->bounds.lower), lower);
    CU_ASSERT_STRING_EQUAL(or_empty(l->bounds.upper), upper);
    CU_ASSERT_STRING_EQUAL(or_empty(l->bounds.stride), stride);
}

/* Every header form of kernels/xml_bounds.c, in order. */
static void test_bounds(void)
{
    lm_program *p = xml_analyze("xml_bounds.c");
    static const char *const want[][4] = {
        {"i", "0", "n", "1"},          {"i", "n", "1", "-1"},
        {"i", "1", "n-1", "s"},        {"i", "0", "199", "2"},
        {"i", "0", "((n-2)/2)-1", "1"}, {"i", "-1", "2*n", "1"},
        {"i", "0", "", "1"},           {"i", "0", "n-1", ""},
        {"", "", "", ""},              {"k", "0", "m-2", "3"},
        {"i", "m+n", "n-m", "-2"},      {"q", "0", "m-1", "1"},
    };
    for (int i = 0; i < (int)(sizeof want / sizeof *want); i++)
        check_bounds(nth_loop(p, i), want[i][0], want[i][1], want[i][2], want[i][3]);
    CU_ASSERT_PTR_NULL(nth_loop(p, (int)(sizeof want / sizeof *want)));
    lm_program_free(&p);
}

static const lm_array_ref *array_named(const lm_loop *l, const char *name)
{
    const lm_array_ref *a = lm_loop_find_array_ref(l, name);
    CU_ASSERT_PTR_NOT_NULL(a);
    return a;
}

static void check_ghost(const lm_ghost *g, unsigned ndims, const long *neg_pos)
{
    CU_ASSERT_EQUAL_FATAL(g->ndims, ndims);
    for (unsigned k = 0; k < ndims; k++) {
        CU_ASSERT_EQUAL(g->neg[k], neg_pos[2 * k]);
        CU_ASSERT_EQUAL(g->pos[k], neg_pos[2 * k + 1]);
    }
}

/* `&s` passed on: s may be written through it (kernels/xml_address.c). */
static void test_written_through_address(void)
{
    lm_program *p = xml_analyze("xml_address.c");
    const lm_loop *l = nth_loop(p, 0);
    const lm_scalar *s = lm_loop_find_scalar(l, "s");
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_FALSE(s->is_constant);
    CU_ASSERT_EQUAL(s->reads, 1);
    CU_ASSERT_EQUAL(s->writes, 0);
    /* a[i] read and written; &a[0] is no access. */
    const lm_array_ref *a = array_named(l, "a");
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_EQUAL(a->access_type, LM_READWRITE);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a->accesses);
    CU_ASSERT_PTR_NULL(a->accesses->next);
    lm_program_free(&p);
}

/* The 7-point stencil, counted by hand: the innermost level reads `in` at
 * seven offsets and writes `out` once, 6 adds and 2 multiplies; the outer
 * levels only run the headers of the loops they hold. */
static void test_stencil_by_hand(void)
{
    lm_program *p = xml_analyze("xml_stencil.c");
    const lm_loop *k = nth_loop(p, 0), *j = nth_loop(p, 1), *i = nth_loop(p, 2);
    check_bounds(k, "k", "1", "n-2", "1");
    check_bounds(i, "i", "1", "n-2", "1");
    CU_ASSERT_EQUAL(k->own.n[LM_FP_PLUS] + k->own.n[LM_FP_MULTIPLY], 0);
    CU_ASSERT_EQUAL(i->own.n[LM_FP_PLUS], 6);
    CU_ASSERT_EQUAL(i->own.n[LM_FP_MULTIPLY], 2);
    CU_ASSERT_PTR_NULL(k->array_refs);
    const lm_scalar *jh = lm_loop_find_scalar(k, "j"); /* the j loop's header */
    CU_ASSERT_PTR_NOT_NULL_FATAL(jh);
    CU_ASSERT_EQUAL(jh->reads, 2);
    CU_ASSERT_EQUAL(jh->writes, 2);
    CU_ASSERT_FALSE(jh->is_constant);
    const lm_scalar *n = lm_loop_find_scalar(j, "n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(n);
    CU_ASSERT_TRUE(n->is_constant);
    CU_ASSERT_EQUAL(lm_loop_find_scalar(i, "i")->reads, 8);
    CU_ASSERT_TRUE(lm_loop_find_scalar(i, "c1")->is_constant);

    const lm_array_ref *in = array_named(i, "in"), *out = array_named(i, "out");
    CU_ASSERT_EQUAL(in->access_type, LM_READONLY);
    CU_ASSERT_EQUAL(out->access_type, LM_WRITEONLY);
    CU_ASSERT_STRING_EQUAL(in->datatype, "double");
    static const long halo[] = {-1, 1, -1, 1, -1, 1}, none[] = {0, 0, 0, 0, 0, 0};
    check_ghost(&in->ghost, 3, halo);
    check_ghost(&out->ghost, 3, none);
    /* in[k][j][i - 1] is the second access: dimension 0 is i. */
    const lm_access *x = in->accesses->next;
    CU_ASSERT_EQUAL(x->ndims, 3);
    CU_ASSERT_EQUAL(x->index[0], -1);
    CU_ASSERT_EQUAL(x->index[1], 0);
    CU_ASSERT_EQUAL(x->index[2], 0);
    CU_ASSERT_PTR_NULL(x->order);
    CU_ASSERT_TRUE(x->relative);
    unsigned naccess = 0;
    for (const lm_access *a = in->accesses; a; a = a->next)
        naccess++;
    CU_ASSERT_EQUAL(naccess, 7);

    /* b[i][j - 2] in a j/i nest: transposed, so dimension 0 follows level 1. */
    const lm_loop *i5 = nth_loop(p, 4);
    const lm_access *t = array_named(i5, "b")->accesses;
    CU_ASSERT_EQUAL(t->index[0], -2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t->order);
    CU_ASSERT_EQUAL(t->norder, 2);
    CU_ASSERT_EQUAL(t->order[0], 1);
    CU_ASSERT_EQUAL(t->order[1], 0);
    static const long b_halo[] = {-2, 2, -1, 1};
    check_ghost(&array_named(i5, "b")->ghost, 2, b_halo);

    /* gather: x[idx[i]] and x[2 * i] are not relative; y[i] += ... and
     * z[m] = y[i] make y read twice, written once. */
    const lm_loop *g = nth_loop(p, 5);
    const lm_access *xi = array_named(g, "x")->accesses;
    CU_ASSERT_FALSE(xi->relative);
    CU_ASSERT_STRING_EQUAL(xi->subscript, "[idx[i]]");
    CU_ASSERT_STRING_EQUAL(xi->next->subscript, "[2*i]");
    const lm_access *y = array_named(g, "y")->accesses;
    CU_ASSERT_EQUAL(y->reads, 2);
    CU_ASSERT_EQUAL(y->writes, 1);
    CU_ASSERT_EQUAL(array_named(g, "y")->access_type, LM_READWRITE);
    CU_ASSERT_STRING_EQUAL(array_named(g, "idx")->datatype, "int");
    lm_program_free(&p);
}

/* Communication in kernels/xml_mpi.c, by hand. */
static void test_mpi_by_hand(void)
{
    lm_program *p = xml_analyze("xml_mpi.c");
    const lm_function *fn = p->files->functions;
    const lm_comm *c = fn->comms;
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT_STRING_EQUAL(c->commtype, "ghost");
    CU_ASSERT_STRING_EQUAL(c->interface, "MPI_Sendrecv");
    CU_ASSERT_EQUAL(c->line, 8);
    const lm_comm_var *u = c->vars;
    CU_ASSERT_TRUE(u->is_array);
    CU_ASSERT_STRING_EQUAL(u->name, "u");
    CU_ASSERT_STRING_EQUAL(u->count, "nx");
    static const long halo[] = {-1, 1, -1, 1};
    check_ghost(&u->ghost, 2, halo);
    CU_ASSERT_PTR_NOT_NULL(u->next);
    c = c->next->next;
    CU_ASSERT_STRING_EQUAL(c->commtype, "reduce");
    CU_ASSERT_STRING_EQUAL(c->vars->name, "local");
    CU_ASSERT_FALSE(c->vars->is_array);
    CU_ASSERT_STRING_EQUAL(c->vars->datatype, "double");
    CU_ASSERT_STRING_EQUAL(c->next->vars->name, "peak"); /* MPI_IN_PLACE */
    const lm_comm *send = c->next->next;
    CU_ASSERT_STRING_EQUAL(send->interface, "MPI_Send");
    static const long flat[] = {0, 0, 0, 0};
    check_ghost(&send->vars->ghost, 2, flat);
    CU_ASSERT_PTR_NULL(fn->calls); /* every call is communication */
    CU_ASSERT_TRUE(lm_function_has_var(fn, true, "st"));
    CU_ASSERT_TRUE(lm_function_has_var(fn, false, "down"));
    lm_program_free(&p);
}

static char *golden_text(const char *name)
{
    char *path = testutil_path(AITOOL_GOLDEN_DIR, name);
    char *text = testutil_read_file(path);
    free(path);
    return text;
}

/* The document written for a kernel is its golden file, validates against
 * the schema (the reader validates), and reads back into a model that is
 * written again byte for byte. */
static void check_kernel(const char *kernel, const char *golden)
{
    lm_program *p = xml_analyze(kernel);
    char *got = xml_render(p, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(got);
    char *want = golden_text(golden);
    CU_ASSERT_PTR_NOT_NULL_FATAL(want);
    CU_ASSERT_STRING_EQUAL(got, want);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "\n--- %s differs; got:\n%s\n", golden, got);

    lm_program *back = lm_program_create();
    unsigned errors = diag_error_count();
    CU_ASSERT_TRUE(xml_read_memory(back, golden, got, strlen(got)));
    CU_ASSERT_EQUAL(diag_error_count(), errors);
    lm_program_finish(back);
    char *again = xml_render(back, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(again);
    CU_ASSERT_STRING_EQUAL(again, got);

    /* What the reader rebuilt counts like the source: per loop, the same
     * own operations (adds folded into plus) and inclusive totals. */
    for (int i = 0; nth_loop(p, i); i++) {
        const lm_loop *a = nth_loop(p, i), *b = nth_loop(back, i);
        CU_ASSERT_PTR_NOT_NULL_FATAL(b);
        CU_ASSERT_EQUAL(lm_fp_total(&a->inclusive), lm_fp_total(&b->inclusive));
        CU_ASSERT_EQUAL(a->own.n[LM_FP_SPECIAL], b->own.n[LM_FP_SPECIAL]);
        CU_ASSERT_EQUAL(a->loc.line, b->loc.line);
    }
    free(again);
    lm_program_free(&back);
    free(want);
    free(got);
    lm_program_free(&p);
}

static void test_golden_stencil(void)
{
    check_kernel("xml_stencil.c", "xml_stencil.xml");
}

/* Besides the golden file: s is declared in the i loop's body (a new variable
 * every i) and carried by the j loop; total, declared before the loops, is
 * carried by the k loop; j, declared in the i loop's body by its for. */
static void test_golden_nested(void)
{
    check_kernel("xml_nested.c", "xml_nested.xml");
    lm_program *p = xml_analyze("xml_nested.c");
    const lm_loop *i = nth_loop(p, 0), *j = nth_loop(p, 1), *k = nth_loop(p, 2);
    CU_ASSERT_TRUE(lm_loop_find_scalar(i, "s")->declared);
    CU_ASSERT_TRUE(lm_loop_find_scalar(i, "j")->declared);
    CU_ASSERT_FALSE(lm_loop_find_scalar(i, "total")->declared);
    CU_ASSERT_FALSE(lm_loop_find_scalar(j, "s")->declared);
    CU_ASSERT_TRUE(lm_loop_find_scalar(j, "k")->declared);
    CU_ASSERT_FALSE(lm_loop_find_scalar(k, "total")->declared);
    lm_program_free(&p);
}

static void test_golden_triad(void)
{
    check_kernel("xml_triad.c", "xml_triad.xml");
}

static void test_golden_mpi(void)
{
    check_kernel("xml_mpi.c", "xml_mpi.xml");
}

static void test_golden_bounds(void)
{
    check_kernel("xml_bounds.c", "xml_bounds.xml");
}

/* Call sites (kernels/call_sites.c) read back as written: each call at its
 * loop with its arguments and what it added, the parameters, and the call
 * graph linked again (callee, recursion, a pointer call's flag). */
static void test_call_sites_read_back(void)
{
    lm_program *p = xml_analyze("call_sites.c");
    char *text = xml_render(p, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    lm_program *back = lm_program_create();
    CU_ASSERT_TRUE_FATAL(xml_read_memory(back, "call_sites.xml", text, strlen(text)));
    lm_program_finish(back);
    const lm_function *g = back->files->functions->next;
    CU_ASSERT_STRING_EQUAL(g->name, "g");
    CU_ASSERT_EQUAL(g->nparams, 2);
    CU_ASSERT_STRING_EQUAL(g->params[1], "s");
    const lm_function *fact = g->next, *main_fn = fact->next;
    CU_ASSERT_TRUE(fact->calls->recursive);
    CU_ASSERT_PTR_EQUAL(fact->calls->callee, fact);
    /* main's calls as the writer orders them: in its loops, then at its level. */
    const lm_call *c = main_fn->calls;
    CU_ASSERT_EQUAL(c->line, 41);
    CU_ASSERT_EQUAL(c->loop->loc.line, 40);
    CU_ASSERT_STRING_EQUAL(c->args[0], "1000");
    CU_ASSERT_EQUAL(c->added.n[LM_FP_PLUS], 1);
    CU_ASSERT_EQUAL(c->added_load_bytes, 8);
    CU_ASSERT_EQUAL(c->added_store_bytes, 8);
    CU_ASSERT_PTR_EQUAL(c->callee, back->files->functions);
    c = c->next;
    CU_ASSERT_EQUAL(c->line, 44);
    CU_ASSERT_TRUE(c->indirect);
    CU_ASSERT_PTR_NULL(c->callee);
    c = c->next;
    CU_ASSERT_EQUAL(c->line, 42);
    CU_ASSERT_PTR_NULL(c->loop);
    CU_ASSERT_EQUAL(c->nargs, 2);
    CU_ASSERT_STRING_EQUAL(c->args[1], "2.0");
    CU_ASSERT_EQUAL(c->added.n[LM_FP_PLUS], 2);
    CU_ASSERT_EQUAL(c->added.n[LM_FP_MULTIPLY], 1);
    CU_ASSERT_EQUAL(c->added.n[LM_FP_DIVIDE], 1);
    CU_ASSERT_FALSE(c->next->recursive);
    char *again = xml_render(back, NULL);
    CU_ASSERT_STRING_EQUAL(again, text);
    free(again);
    free(text);
    lm_program_free(&back);
    lm_program_free(&p);
}

/* The bundled examples: written, valid, and stable through a round trip. */
static void test_examples_round_trip(void)
{
    static const char *const examples[] = {"jacobi.c", "stencil3d.c", "triad.c", "dot.c",
                                           "matmul.c"};
    for (size_t i = 0; i < sizeof examples / sizeof *examples; i++) {
        analyzer_options opt = {NULL, 0, false, NULL, false, true};
        analyzer *a = analyzer_create(&opt);
        lm_program *p = lm_program_create();
        char *path = testutil_path(AITOOL_SOURCE_DIR "/examples", examples[i]);
        CU_ASSERT_TRUE(analyzer_analyze_file(a, p, path));
        analyzer_free(&a);
        lm_program_finish(p);
        char *first = xml_render(p, NULL);
        lm_program *back = lm_program_create();
        CU_ASSERT_TRUE(xml_read_memory(back, path, first, strlen(first)));
        lm_program_finish(back);
        char *second = xml_render(back, NULL);
        CU_ASSERT_STRING_EQUAL(first, second);
        free(first);
        free(second);
        free(path);
        lm_program_free(&back);
        lm_program_free(&p);
    }
}

/* A measurement of the triad becomes its loop's pininfo: what was measured,
 * and nothing the measurement does not have. */
static void test_pininfo(void)
{
    lm_program *p = xml_analyze("xml_triad.c");
    char *dir = testutil_make_tempdir();
    char *json = testutil_path(dir, "m.json");
    const char *text =
        "{\"loops\": [{\"file\": \"xml_triad.c\", \"line\": 5, \"column\": 5, "
        "\"function\": \"triad\", \"entries\": 2, \"iterations\": 2000, \"fp_plus\": 2000, "
        "\"fp_minus\": 0, \"fp_multiply\": 2000, \"fp_divide\": 0, \"fp_special\": 0, "
        "\"load_bytes\": 32000, \"store_bytes\": 16000, \"ai\": 0.0833}]}";
    CU_ASSERT_TRUE_FATAL(testutil_write_file(json, text));
    measured_set *measured = measured_read(p, json);
    CU_ASSERT_PTR_NOT_NULL(measured);
    char *doc = xml_render(p, measured);
    measured_free(&measured);
    CU_ASSERT_PTR_NOT_NULL_FATAL(strstr(
        doc, "<pininfo entries=\"2\" iters=\"2000\" bytereads=\"32000\" bytewrites=\"16000\" "
             "adds=\"2000\" subs=\"0\" muls=\"2000\" divs=\"0\" specials=\"0\"/>"));
    lm_program *back = lm_program_create();
    CU_ASSERT_TRUE(xml_read_memory(back, "m.xml", doc, strlen(doc)));
    const lm_pininfo *pi = back->files->functions->loops->pininfo;
    CU_ASSERT_PTR_NOT_NULL_FATAL(pi);
    CU_ASSERT_TRUE(pi->present[LM_PIN_ITERS]);
    CU_ASSERT_EQUAL(pi->value[LM_PIN_BYTEREADS], 32000);
    CU_ASSERT_FALSE(pi->present[LM_PIN_OPS]);
    CU_ASSERT_FALSE(pi->present[LM_PIN_CACHEMISSES]);
    char *again = xml_render(back, NULL);
    CU_ASSERT_STRING_EQUAL(again, doc);
    free(again);
    lm_program_free(&back);
    free(doc);
    remove(json);
    free(json);
    testutil_remove_tree(dir);
    free(dir);
    lm_program_free(&p);
}

/* Names with XML's special characters are escaped and read back. */
/* The writer escapes attributes as libxml2's text writer did, byte for
 * byte: every byte value from 1 to 255 in a function's name, compared with
 * what xmlTextWriter makes of the same value in a UTF-8 document. */
static void test_escaping_matches_libxml2(void)
{
    char name[256];
    for (int i = 1; i < 256; i++)
        name[i - 1] = (char)i;
    name[255] = '\0';
    lm_program *p = lm_program_create();
    lm_file *f = lm_file_create(p, "bytes.c");
    lm_file_add_function(p, f, name, (lm_location){"bytes.c", 1, 1});
    lm_program_append_file(p, f);
    char *doc = xml_render(p, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
    const char *ours = strstr(doc, "<function name=\"");
    CU_ASSERT_PTR_NOT_NULL_FATAL(ours);
    ours += strlen("<function name=\"");

    xmlBufferPtr buf = xmlBufferCreate();
    xmlTextWriterPtr w = xmlNewTextWriterMemory(buf, 0);
    xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL);
    xmlTextWriterStartElement(w, BAD_CAST "function");
    xmlTextWriterWriteAttribute(w, BAD_CAST "name", BAD_CAST name);
    xmlTextWriterEndDocument(w);
    xmlFreeTextWriter(w);
    const char *theirs = strstr((const char *)xmlBufferContent(buf), "<function name=\"");
    CU_ASSERT_PTR_NOT_NULL_FATAL(theirs);
    theirs += strlen("<function name=\"");
    const char *end = strchr(theirs, '"');
    CU_ASSERT_PTR_NOT_NULL_FATAL(end);
    size_t n = (size_t)(end - theirs);
    CU_ASSERT_EQUAL(strncmp(ours, theirs, n), 0);
    CU_ASSERT_EQUAL(ours[n], '"');
    xmlBufferFree(buf);
    free(doc);
    lm_program_free(&p);
}

static void test_escaping(void)
{
    lm_program *p = lm_program_create();
    lm_file *f = lm_file_create(p, "e.c");
    lm_function *fn = lm_file_add_function(p, f, "f", (lm_location){"e.c", 1, 1});
    lm_program_append_file(p, f);
    lm_loop *l = lm_function_add_loop(p, fn, NULL, LM_LOOP_FOR, (lm_location){"e.c", 2, 5});
    l->bounds.loopvar = "i";
    l->bounds.upper = "n<m?n:m";
    lm_array_ref *a = lm_loop_add_array_ref(p, l, "s->v", "", "double", 1);
    lm_access *x = lm_array_ref_add_access(p, a, 1, 0);
    x->relative = false;
    x->subscript = "[a&&b]";
    x->reads = 1;
    lm_program_finish(p);
    char *doc = xml_render(p, NULL);
    CU_ASSERT_PTR_NOT_NULL(strstr(doc, "upperbound=\"n&lt;m?n:m\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(doc, "name=\"s-&gt;v\""));
    lm_program *back = lm_program_create();
    CU_ASSERT_TRUE(xml_read_memory(back, "e.xml", doc, strlen(doc)));
    const lm_loop *bl = back->files->functions->loops;
    CU_ASSERT_STRING_EQUAL(bl->bounds.upper, "n<m?n:m");
    CU_ASSERT_STRING_EQUAL(bl->array_refs->name, "s->v");
    CU_ASSERT_STRING_EQUAL(bl->array_refs->accesses->subscript, "[a&&b]");
    lm_program_free(&back);
    free(doc);
    lm_program_free(&p);
}

/* A function of 300 sequential loops, each with its own variable and its
 * own written scalar t<k>, reading the one constant c: the sets of written
 * declarations and of variable names grow far past their first size (lists
 * made -xml quadratic in the loops) and must still tell every written
 * scalar from c and name every variable once. */
static void test_many_loops_constants(void)
{
    enum { NLOOPS = 300 };
    strbuf src = STRBUF_INIT;
    strbuf_printf(&src, "void f(int n, double *a, double c) {\n");
    for (int k = 0; k < NLOOPS; k++)
        strbuf_printf(&src, "  double t%d = 0;\n  for (int i%d = 0; i%d < n; i%d++) t%d += c * a[i%d];\n",
                      k, k, k, k, k, k);
    strbuf_printf(&src, "}\n");
    char *dir = testutil_make_tempdir();
    char *path = testutil_path(dir, "many.c");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(path, strbuf_cstr(&src)));
    analyzer_options opt = {NULL, 0, false, NULL, false, true};
    analyzer *a = analyzer_create(&opt);
    lm_program *p = lm_program_create();
    CU_ASSERT_TRUE(analyzer_analyze_file(a, p, path));
    lm_program_finish(p);
    int nloops = 0, wrong = 0;
    char name[32];
    for (const lm_loop *l = p->files->functions->loops; l; l = l->next, nloops++) {
        snprintf(name, sizeof name, "t%d", nloops);
        const lm_scalar *t = lm_loop_find_scalar(l, name);
        snprintf(name, sizeof name, "i%d", nloops);
        const lm_scalar *i = lm_loop_find_scalar(l, name);
        const lm_scalar *c = lm_loop_find_scalar(l, "c");
        wrong += !t || t->is_constant || t->reads != 1 || t->writes != 1;
        wrong += !i || i->is_constant;
        wrong += !c || !c->is_constant || c->reads != 1 || c->writes != 0;
    }
    CU_ASSERT_EQUAL(nloops, NLOOPS);
    CU_ASSERT_EQUAL(wrong, 0);
    /* Each local once, in order of declaration: t0 i0 t1 i1 ...; the
     * parameters n a c once each, though every loop reads them. */
    int nlocals = 0, out_of_order = 0;
    for (const lm_var *v = p->files->functions->locals; v; v = v->next, nlocals++) {
        snprintf(name, sizeof name, "%c%d", nlocals % 2 ? 'i' : 't', nlocals / 2);
        out_of_order += strcmp(v->name, name) != 0;
    }
    CU_ASSERT_EQUAL(nlocals, 2 * NLOOPS);
    CU_ASSERT_EQUAL(out_of_order, 0);
    const lm_var *nl = p->files->functions->nonlocals;
    CU_ASSERT_STRING_EQUAL(nl->name, "n");
    CU_ASSERT_STRING_EQUAL(nl->next->name, "a");
    CU_ASSERT_STRING_EQUAL(nl->next->next->name, "c");
    CU_ASSERT_PTR_NULL(nl->next->next->next);
    lm_program_free(&p);
    analyzer_free(&a);
    testutil_remove_tree(dir);
    free(path);
    free(dir);
    strbuf_release(&src);
}

/* kernels/macro_paths.c: inside a macro's body, arrays are named by their
 * expanded path and a subscript that is no loop offset reads as the macro's
 * use (the texts used to run from the #define to the use). */
static void test_macro_paths(void)
{
    lm_program *p = xml_analyze("macro_paths.c");
    const lm_loop *copy = nth_loop(p, 0), *gather = nth_loop(p, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(gather);
    static const char *const copied[] = {"(s)->c", "(s)->a", "(s)->b"};
    const lm_array_ref *a = copy->array_refs;
    for (int i = 0; i < 3; i++, a = a->next) {
        CU_ASSERT_PTR_NOT_NULL_FATAL(a);
        CU_ASSERT_STRING_EQUAL(a->name, copied[i]);
    }
    CU_ASSERT_PTR_NULL(a);
    CU_ASSERT_EQUAL(lm_loop_find_array_ref(copy, "(s)->b")->accesses->reads, 2);
    a = lm_loop_find_array_ref(gather, "(s)->a");
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_FALSE(a->accesses->relative);
    CU_ASSERT_STRING_EQUAL(a->accesses->subscript, "[(s)->idx[i]]");
    CU_ASSERT_PTR_NOT_NULL(lm_loop_find_array_ref(gather, "(s)->idx"));
    lm_program_free(&p);
}

/* kernels/xml_texts.c: subscript texts read from the file keep comments and
 * literals as written and drop the spaces between tokens. */
static void test_subscript_texts(void)
{
    lm_program *p = xml_analyze("xml_texts.c");
    const lm_loop *l = nth_loop(p, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    const lm_array_ref *a = lm_loop_find_array_ref(l, "a"), *q = lm_loop_find_array_ref(l, "q");
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_PTR_NOT_NULL_FATAL(q);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a->accesses);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a->accesses->next);
    CU_ASSERT_STRING_EQUAL(a->accesses->subscript, "[i*m/* row */+n]");
    CU_ASSERT_STRING_EQUAL(a->accesses->next->subscript, "[\"ab c\"[i%4]+m]");
    CU_ASSERT_STRING_EQUAL(q->accesses->subscript, "[MX]");
    CU_ASSERT_EQUAL(q->accesses->index[0], 1);
    CU_ASSERT_EQUAL(q->accesses->reads, 2);
    lm_program_free(&p);
}

int main(void)
{
    static const testutil_case cases[] = {
        {"loop bounds from every header form", test_bounds},
        {"7-point stencil, transposed and indirect subscripts by hand", test_stencil_by_hand},
    {"written through an address", test_written_through_address},
        {"MPI communication by hand", test_mpi_by_hand},
        {"golden: stencils with halos", test_golden_stencil},
        {"golden: work at every level", test_golden_nested},
        {"golden: triad", test_golden_triad},
        {"golden: MPI kernel", test_golden_mpi},
        {"golden: loop bounds", test_golden_bounds},
        {"call sites read back", test_call_sites_read_back},
        {"examples: valid and stable through a round trip", test_examples_round_trip},
        {"pininfo from a measurement", test_pininfo},
        {"escaping", test_escaping},
        {"escaping as libxml2 escapes, every byte", test_escaping_matches_libxml2},
        {"300 loops: written scalars, constants and variables", test_many_loops_constants},
        {"member paths and subscripts in macro bodies", test_macro_paths},
        {"subscript texts: comments, literals, macro constants", test_subscript_texts},
        {NULL, NULL},
    };
    static const testutil_suite suites[] = {{"exasat xml", cases}};
    return testutil_run(suites, 1);
}
