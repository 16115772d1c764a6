/* The ExaSAT tools' own XML dialect: our hand-written kernels in it
 * (testsuite/xml/orig_*.xml, expected values worked out in their comments)
 * mapped onto the loop model, their predicted flops per nest and weighted
 * flops with if probabilities applied, the specification's dialect written
 * from them, and the malformed files refused at their line. */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "exasat_xml.h"
#include "loop_model.h"
#include "machine.h"
#include "perf.h"
#include "strbuf.h"
#include "testutil.h"

/* ---- Helpers ---- */

static FILE *capture_begin(void)
{
    FILE *tmp = tmpfile();
    CU_ASSERT_PTR_NOT_NULL(tmp);
    diag_set_stream(tmp);
    diag_reset_counts();
    return tmp;
}

static char *capture_end(FILE *tmp)
{
    char *text = tmp ? testutil_read_stream(tmp) : calloc(1, 1);
    diag_set_stream(NULL);
    diag_reset_counts();
    if (tmp)
        fclose(tmp);
    return text;
}

static bool contains(const char *text, const char *part)
{
    return text && strstr(text, part) != NULL;
}

static char *xml_path(const char *name)
{
    return testutil_path(AITOOL_XML_DIR, name);
}

static lm_program *read_orig(const char *name)
{
    char *path = xml_path(name);
    lm_program *p = lm_program_create();
    CU_ASSERT_TRUE_FATAL(xml_read_file(p, path));
    lm_program_finish(p);
    free(path);
    return p;
}

/* laptop-4core.json's weights: add 1, multiply 1, divide 4, special 20. */
static machine weighted_machine(void)
{
    machine m;
    memset(&m, 0, sizeof m);
    m.name = (char *)"test";
    m.peak_gflops = 100.0;
    m.memory_bandwidth_gbs = 10.0;
    m.caches[0] = (machine_cache){3, 1 << 20, 0};
    m.ncaches = 1;
    m.weight_add = m.weight_multiply = 1.0;
    m.weight_divide = 4.0;
    m.weight_special = 20.0;
    return m;
}

/* The stencil's bounds, given the way a user types them. */
static bexpr_bindings *stencil_bindings(void)
{
    static const char *const defines[] = {"lo(1)=1", "hi(1)=10", "lo(2)=1",
                                          "hi( 2 )=4", "lo(3)=2", "hi(1+2)=3"};
    bexpr_bindings *b = bexpr_bindings_create();
    CU_ASSERT_TRUE(bexpr_bindings_parse_all(b, defines, 6, "-D"));
    return b;
}

static bexpr_bindings *bind_n(long long n)
{
    bexpr_bindings *b = bexpr_bindings_create();
    bexpr_bindings_set(b, "n", n);
    return b;
}

static void expect_access(const lm_access *x, unsigned ndims, const long *index,
                          const int *order, bool relative)
{
    CU_ASSERT_PTR_NOT_NULL_FATAL(x);
    CU_ASSERT_EQUAL_FATAL(x->ndims, ndims);
    for (unsigned d = 0; d < ndims; d++)
        CU_ASSERT_EQUAL(x->index[d], index[d]);
    if (order) {
        CU_ASSERT_EQUAL_FATAL(x->norder, ndims);
        for (unsigned d = 0; d < ndims; d++)
            CU_ASSERT_EQUAL(x->order[d], order[d]);
    } else {
        CU_ASSERT_PTR_NULL(x->order);
    }
    CU_ASSERT_EQUAL(x->relative, relative);
}

/* ---- The mapping ---- */

static void test_stencil_mapping(void)
{
    lm_program *p = read_orig("orig_stencil.xml");
    const lm_function *fn = p->files->functions;
    CU_ASSERT_STRING_EQUAL(fn->name, "smooth");
    /* Counts on the function: its operations outside every loop. */
    CU_ASSERT_EQUAL(fn->own.n[LM_FP_PLUS], 2);
    CU_ASSERT_EQUAL(fn->own.n[LM_FP_MULTIPLY], 1);
    CU_ASSERT_EQUAL(fn->inclusive.n[LM_FP_PLUS], 2 + 1 + 4);
    CU_ASSERT_STRING_EQUAL(fn->locals->name, "c");
    CU_ASSERT_STRING_EQUAL(fn->nonlocals->next->name, "u");
    CU_ASSERT_STRING_EQUAL(fn->calls->name, "exchange");
    CU_ASSERT_EQUAL(fn->calls->line, 30);

    const lm_loop *k = fn->loops, *j = k->children, *i = j->children;
    CU_ASSERT_PTR_NULL(k->next);
    CU_ASSERT_STRING_EQUAL(k->bounds.lower, "lo(3)");
    CU_ASSERT_STRING_EQUAL(i->bounds.loopvar, "i");
    CU_ASSERT_EQUAL(i->loc.line, 22);
    CU_ASSERT_EQUAL(j->own.n[LM_FP_PLUS], 1);
    CU_ASSERT_EQUAL(i->own.n[LM_FP_DIVIDE], 1);
    CU_ASSERT_DOUBLE_EQUAL(i->probability, 1.0, 0);
    /* The scalar's accesstype (writeread) is dropped; its counts stay. */
    CU_ASSERT_STRING_EQUAL(i->scalars->name, "i");
    CU_ASSERT_EQUAL(i->scalars->reads, 6);
    CU_ASSERT_EQUAL(i->scalars->writes, 1);

    const lm_array_ref *u = i->array_refs;
    CU_ASSERT_STRING_EQUAL(u->name, "u");
    CU_ASSERT_EQUAL_FATAL(u->ghost.ndims, 3);
    CU_ASSERT_EQUAL(u->ghost.neg[0], -1);
    CU_ASSERT_EQUAL(u->ghost.pos[0], 1);
    CU_ASSERT_EQUAL(u->ghost.neg[1], -1);
    CU_ASSERT_EQUAL(u->ghost.pos[1], 0);
    CU_ASSERT_EQUAL(u->ghost.neg[2], 0);
    CU_ASSERT_EQUAL(u->ghost.pos[2], 1);
    expect_access(u->accesses, 3, (const long[]){-1, 0, 0}, NULL, true);
    expect_access(u->accesses->next->next, 3, (const long[]){0, -1, 0}, NULL, true);

    const lm_array_ref *w = u->next;
    CU_ASSERT_STRING_EQUAL(w->component, "iw");
    expect_access(w->accesses, 4, (const long[]){0, 0, 0, 0}, (const int[]){0, 1, 2, -1}, true);
    CU_ASSERT_STRING_EQUAL(w->accesses->subscript, "(0,0,0,iw)");

    const lm_array_ref *t = w->next;
    expect_access(t->accesses, 2, (const long[]){0, 0}, (const int[]){1, 0}, true);

    const lm_array_ref *d = t->next;
    expect_access(d->accesses, 1, (const long[]){2}, NULL, false);
    CU_ASSERT_STRING_EQUAL(d->accesses->subscript, "(2)");

    const lm_array_ref *v = d->next;
    CU_ASSERT_EQUAL(v->access_type, LM_READWRITE);
    CU_ASSERT_PTR_NULL(v->next);
    lm_program_free(&p);
}

/* if and else blocks: one-iteration loops with their probabilities. */
static void test_branches_mapping(void)
{
    lm_program *p = read_orig("orig_branches.xml");
    const lm_function *fn = p->files->functions;
    static const unsigned lines[] = {10, 11, 11, 15, 16, 17, 25};
    static const double chances[] = {1, 0.25, 0.75, 0.5, 1, 0.5, 0.5};
    unsigned n = 0;
    for (const lm_loop *l = fn->loops; l; l = lm_loop_next_preorder(l), n++) {
        CU_ASSERT_FATAL(n < 7);
        CU_ASSERT_EQUAL(l->loc.line, lines[n]);
        CU_ASSERT_DOUBLE_EQUAL(l->probability, chances[n], 0);
        bool block = n != 0 && n != 4;
        if (block) {
            CU_ASSERT_PTR_NULL(l->bounds.loopvar);
            CU_ASSERT_STRING_EQUAL(l->bounds.lower, "0");
            CU_ASSERT_STRING_EQUAL(l->bounds.upper, "0");
        }
    }
    CU_ASSERT_EQUAL(n, 7);
    /* y(m,i) inside if C: m is one level out, i three (C, m, B, i). */
    const lm_loop *c = fn->loops->children->next->next->children->children;
    CU_ASSERT_EQUAL(c->loc.line, 17);
    expect_access(c->array_refs->accesses, 2, (const long[]){0, 0}, (const int[]){1, 3}, true);
    lm_program_free(&p);
}

/* An else takes 1 - p from its if, its own probability when it has one,
 * and 1 (both arms) when neither gives one. */
static void test_else_probability(void)
{
    static const char doc[] =
        "<program><function name=\"f\">\n"
        "<loop linenum=\"2\" loopvar=\"i\" lowerbound=\"1\" upperbound=\"n\" stride=\"1\""
        " adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
        "<if linenum=\"3\" adds=\"1\" multiplies=\"0\" divides=\"0\" specials=\"0\"/>\n"
        "<else iflinenum=\"3\" adds=\"1\" multiplies=\"0\" divides=\"0\" specials=\"0\"/>\n"
        "<if linenum=\"5\" adds=\"1\" multiplies=\"0\" divides=\"0\" specials=\"0\""
        " probability=\"0.1\"/>\n"
        "<if linenum=\"6\" adds=\"1\" multiplies=\"0\" divides=\"0\" specials=\"0\""
        " probability=\"0.5\"/>\n"
        "<else iflinenum=\"5\" adds=\"1\" multiplies=\"0\" divides=\"0\" specials=\"0\"/>\n"
        "<else iflinenum=\"6\" adds=\"1\" multiplies=\"0\" divides=\"0\" specials=\"0\""
        " probability=\"0.2\"/>\n"
        "</loop></function></program>\n";
    lm_program *p = lm_program_create();
    CU_ASSERT_TRUE_FATAL(xml_read_memory(p, "e.xml", doc, strlen(doc)));
    const lm_loop *b = p->files->functions->loops->children;
    static const double chances[] = {1, 1, 0.1, 0.5, 0.9, 0.2};
    for (unsigned n = 0; n < 6; n++, b = b->next) {
        CU_ASSERT_PTR_NOT_NULL_FATAL(b);
        CU_ASSERT_DOUBLE_EQUAL(b->probability, chances[n], 1e-15);
    }
    lm_program_free(&p);
}

/* Tuples of different lengths (two loop variables in one subscript) make
 * the access non-relative, kept as written. */
static void test_mismatched_tuples(void)
{
    static const char doc[] =
        "<program><function name=\"f\">\n"
        "<loop linenum=\"2\" loopvar=\"i\" lowerbound=\"1\" upperbound=\"n\" stride=\"1\""
        " adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
        "<array name=\"q\" component=\"\" datatype=\"double\" accesstype=\"readonly\">\n"
        "<access offset=\"(-4,qu)\" dependentloopvar=\"(i,i,)\" reads=\"1\" writes=\"0\"/>\n"
        "</array></loop></function></program>\n";
    lm_program *p = lm_program_create();
    CU_ASSERT_TRUE_FATAL(xml_read_memory(p, "m.xml", doc, strlen(doc)));
    const lm_access *x = p->files->functions->loops->array_refs->accesses;
    expect_access(x, 2, (const long[]){-4, 0}, NULL, false);
    CU_ASSERT_STRING_EQUAL(x->subscript, "(-4,qu)");
    lm_program_free(&p);
}

/* A restriction written by us the way hpgmg's came out of the tools: the
 * fine grid read at (2 * i + 0|1, 2 * j + 0|1), the coarse one written at
 * (i, j), every other fine row at (i, 2 * j + 1); and members of a struct. */
static const char restriction_doc[] =
    "<program><function name=\"restrict\">\n"
    "<loop linenum=\"2\" loopvar=\"j\" lowerbound=\"0\" upperbound=\"n - 1\" stride=\"1\""
    " adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
    "<loop linenum=\"3\" loopvar=\"i\" lowerbound=\"0\" upperbound=\"n - 1\" stride=\"1\""
    " adds=\"3\" multiplies=\"1\" divides=\"0\" specials=\"0\">\n"
    "<scalar name=\"rho\" struct=\"::eos_type_module::eos_t\" datatype=\"double\""
    " isConstant=\"false\" accesstype=\"readonly\" reads=\"1\" writes=\"0\"/>\n"
    "<array name=\"fine\" component=\"\" datatype=\"double\" accesstype=\"readonly\">\n"
    "<access offset=\"(0,0)\" dependentloopvar=\"(2 * i,2 * j)\" reads=\"1\" writes=\"0\"/>\n"
    "<access offset=\"(1,0)\" dependentloopvar=\"(2 * i,2 * j)\" reads=\"1\" writes=\"0\"/>\n"
    "<access offset=\"(0,1)\" dependentloopvar=\"(2*i,j*2)\" reads=\"1\" writes=\"0\"/>\n"
    "<access offset=\"(1,1)\" dependentloopvar=\"(2 * i,2 * j)\" reads=\"1\" writes=\"0\"/>\n"
    "</array>\n"
    "<array name=\"coarse\" component=\"\" datatype=\"double\" accesstype=\"writeonly\">\n"
    "<access offset=\"(0,0)\" dependentloopvar=\"(i,j)\" reads=\"0\" writes=\"1\"/>\n"
    "</array>\n"
    "<array name=\"odd\" struct=\"grid_t\" component=\"\" datatype=\"double\""
    " accesstype=\"readonly\">\n"
    "<access offset=\"(0,0)\" dependentloopvar=\"(i,2 * j + 1)\" reads=\"1\" writes=\"0\"/>\n"
    "</array></loop></loop></function></program>\n";

/* Each dimension's multiple of its loop variable is the access's scale, the
 * whole number added its offset; struct= is kept. */
static void test_affine_mapping(void)
{
    lm_program *p = lm_program_create();
    CU_ASSERT_TRUE_FATAL(xml_read_memory(p, "r.xml", restriction_doc, strlen(restriction_doc)));
    const lm_loop *inner = p->files->functions->loops->children;
    CU_ASSERT_PTR_NOT_NULL_FATAL(inner);
    CU_ASSERT_STRING_EQUAL(inner->scalars->structure, "::eos_type_module::eos_t");
    const lm_array_ref *fine = inner->array_refs;
    CU_ASSERT_PTR_NULL(fine->structure);
    const lm_access *x = fine->accesses->next->next;
    expect_access(x, 2, (const long[]){0, 1}, NULL, true);
    CU_ASSERT_PTR_NOT_NULL_FATAL(x->scale);
    CU_ASSERT_EQUAL(x->scale[0], 2);
    CU_ASSERT_EQUAL(x->scale[1], 2);
    CU_ASSERT_EQUAL(fine->ghost.neg[1], 0);
    CU_ASSERT_EQUAL(fine->ghost.pos[1], 1);
    const lm_array_ref *coarse = fine->next;
    CU_ASSERT_PTR_NULL(coarse->accesses->scale);
    const lm_array_ref *odd = coarse->next;
    CU_ASSERT_STRING_EQUAL(odd->structure, "grid_t");
    expect_access(odd->accesses, 2, (const long[]){0, 1}, NULL, true);
    CU_ASSERT_EQUAL(odd->accesses->scale[0], 1);
    CU_ASSERT_EQUAL(odd->accesses->scale[1], 2);
    lm_program_free(&p);
}

/* ---- Predictions ---- */

static void test_stencil_flops(void)
{
    lm_program *p = read_orig("orig_stencil.xml");
    machine m = weighted_machine();
    bexpr_bindings *b = stencil_bindings();
    perf_result r;
    CU_ASSERT_TRUE_FATAL(perf_evaluate(p, &m, &(perf_options){.bindings = b}, &r));
    CU_ASSERT_EQUAL_FATAL(r.nnests, 1);
    CU_ASSERT_EQUAL_FATAL(r.nests[0].nloops, 3);
    CU_ASSERT_DOUBLE_EQUAL(r.nests[0].loops[2].executions, 80, 0);
    CU_ASSERT_DOUBLE_EQUAL(r.nests[0].flops, 568, 0);
    CU_ASSERT_DOUBLE_EQUAL(r.nests[0].weighted_flops, 808, 0);
    CU_ASSERT_DOUBLE_EQUAL(r.flops, 568, 0);
    perf_result_release(&r);
    bexpr_bindings_free(&b);
    lm_program_free(&p);
}

static void test_branches_flops(void)
{
    lm_program *p = read_orig("orig_branches.xml");
    machine m = weighted_machine();
    bexpr_bindings *b = bind_n(100);
    perf_result r;
    CU_ASSERT_TRUE_FATAL(perf_evaluate(p, &m, &(perf_options){.bindings = b}, &r));
    CU_ASSERT_EQUAL_FATAL(r.nnests, 2);
    CU_ASSERT_DOUBLE_EQUAL(r.nests[0].flops, 1675, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r.nests[0].specials, 75, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r.nests[0].weighted_flops, 3400, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r.nests[1].flops, 3, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r.nests[1].weighted_flops, 3, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r.flops, 1678, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r.weighted_flops, 3403, 1e-9);
    perf_result_release(&r);
    bexpr_bindings_free(&b);
    lm_program_free(&p);
}

/* The specification's dialect written from the tools' own reads back (as
 * the specification's) to the same predictions and the same bytes. */
static void expect_same_written(const char *name, bexpr_bindings *b, double flops,
                                double weighted)
{
    lm_program *p = read_orig(name);
    char *text = xml_render(p, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_FALSE(contains(text, "offset="));
    CU_ASSERT_FALSE(contains(text, "<if"));
    lm_program *again = lm_program_create();
    FILE *tmp = capture_begin();
    CU_ASSERT_TRUE_FATAL(xml_read_memory(again, "w.xml", text, strlen(text)));
    free(capture_end(tmp));
    lm_program_finish(again);
    char *text2 = xml_render(again, NULL);
    CU_ASSERT_STRING_EQUAL(text, text2);
    machine m = weighted_machine();
    perf_result r;
    CU_ASSERT_TRUE(perf_evaluate(again, &m, &(perf_options){.bindings = b}, &r));
    CU_ASSERT_DOUBLE_EQUAL(r.flops, flops, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r.weighted_flops, weighted, 1e-9);
    perf_result_release(&r);
    free(text2);
    free(text);
    lm_program_free(&again);
    lm_program_free(&p);
}

static void test_written_spec_dialect(void)
{
    bexpr_bindings *b = stencil_bindings();
    expect_same_written("orig_stencil.xml", b, 568, 808);
    bexpr_bindings_free(&b);
    b = bind_n(100);
    expect_same_written("orig_branches.xml", b, 1678, 3403);
    bexpr_bindings_free(&b);

    lm_program *p = read_orig("orig_branches.xml");
    char *text = xml_render(p, NULL);
    CU_ASSERT_TRUE(contains(text, "<loop linenum=\"11\" loopvar=\"\" stride=\"1\" lowerbound=\"0\" "
                                  "upperbound=\"0\" adds=\"4\" multiplies=\"0\" divides=\"0\" "
                                  "specials=\"0\" probability=\"0.25\">"));
    CU_ASSERT_TRUE(contains(text, "probability=\"0.75\""));
    CU_ASSERT_TRUE(contains(text, "indexorder=\"(1,3)\""));
    free(text);
    lm_program_free(&p);
}

/* n = 4, all of it held in the 1 MiB cache, no write-allocate.  fine spans
 * 2 * (4 - 1) + 1 + 1 = 8 elements in each dimension: 64 doubles, 512 bytes
 * read once.  coarse: 4 x 4 doubles written, 128 bytes.  odd: 4 elements of
 * each of the rows 1, 3, 5, 7 (the gaps between them never brought): 16
 * doubles, 128 bytes.  768 bytes in all.  Working sets: across i, the two
 * fine columns, a coarse and an odd element, 4 doubles (32 bytes); across j,
 * two fine rows of 8, a coarse and an odd row of 4: 24 doubles (192 bytes). */
static void expect_restriction_bytes(lm_program *p)
{
    machine m = weighted_machine();
    bexpr_bindings *b = bind_n(4);
    perf_result r;
    CU_ASSERT_TRUE_FATAL(perf_evaluate(p, &m, &(perf_options){.bindings = b}, &r));
    CU_ASSERT_EQUAL_FATAL(r.nnests, 1);
    CU_ASSERT_EQUAL_FATAL(r.nests[0].nloops, 2);
    const perf_loop *inner = &r.nests[0].loops[1];
    CU_ASSERT_DOUBLE_EQUAL(inner->bytes, 768, 0);
    CU_ASSERT_DOUBLE_EQUAL(r.nests[0].bytes, 768, 0);
    CU_ASSERT_EQUAL_FATAL(inner->nlevels, 2);
    CU_ASSERT_DOUBLE_EQUAL(inner->ws[0], 32, 0);
    CU_ASSERT_DOUBLE_EQUAL(inner->ws[1], 192, 0);
    CU_ASSERT_DOUBLE_EQUAL(r.flops, 16 * 4, 0);
    perf_result_release(&r);
    bexpr_bindings_free(&b);
}

/* The same read from the tools' dialect and from the specification's one
 * written from it (scale= and struct=, ours, carry what it cannot say). */
static void test_affine_bytes(void)
{
    lm_program *p = lm_program_create();
    CU_ASSERT_TRUE_FATAL(xml_read_memory(p, "r.xml", restriction_doc, strlen(restriction_doc)));
    lm_program_finish(p);
    expect_restriction_bytes(p);
    char *text = xml_render(p, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_TRUE(contains(text, "scale=\"(2,2)\""));
    CU_ASSERT_TRUE(contains(text, "scale=\"(1,2)\""));
    CU_ASSERT_TRUE(contains(text, "struct=\"::eos_type_module::eos_t\""));
    CU_ASSERT_TRUE(contains(text, "struct=\"grid_t\""));
    lm_program *again = lm_program_create();
    CU_ASSERT_TRUE_FATAL(xml_read_memory(again, "w.xml", text, strlen(text)));
    lm_program_finish(again);
    char *text2 = xml_render(again, NULL);
    CU_ASSERT_STRING_EQUAL(text, text2);
    expect_restriction_bytes(again);
    free(text2);
    free(text);
    lm_program_free(&again);
    lm_program_free(&p);
}

/* ---- Refusals ---- */

/* The line named by the comment on top of a bad_orig_*.xml file. */
static unsigned commented_line(const char *text)
{
    const char *at = strstr(text, "error: line ");
    return at ? (unsigned)strtoul(at + strlen("error: line "), NULL, 10) : 0;
}

static void test_bad_files(void)
{
    static const char *const names[] = {
        "bad_orig_probability.xml", "bad_orig_loopvar.xml",        "bad_orig_offset.xml",
        "bad_orig_else.xml",        "bad_orig_not_wellformed.xml",
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        char *path = xml_path(names[i]);
        char *text = testutil_read_file(path);
        CU_ASSERT_PTR_NOT_NULL_FATAL(text);
        unsigned line = commented_line(text);
        CU_ASSERT_NOT_EQUAL(line, 0);
        lm_program *p = lm_program_create();
        FILE *tmp = capture_begin();
        CU_ASSERT_FALSE(xml_read_file(p, path));
        char *messages = capture_end(tmp);
        CU_ASSERT_PTR_NULL(p->files);
        strbuf where = STRBUF_INIT;
        strbuf_printf(&where, "%s:%u:", path, line);
        CU_ASSERT_EQUAL(strncmp(messages, strbuf_cstr(&where), where.len), 0);
        CU_ASSERT_TRUE(contains(messages, " error: "));
        if (strncmp(messages, strbuf_cstr(&where), where.len))
            fprintf(stderr, "\n%s: expected line %u in:\n%s", names[i], line, messages);
        strbuf_release(&where);
        free(messages);
        lm_program_free(&p);
        free(text);
        free(path);
    }
}

static char *refusal(const char *name, xml_dialect dialect)
{
    char *path = xml_path(name);
    lm_program *p = lm_program_create();
    FILE *tmp = capture_begin();
    CU_ASSERT_FALSE(xml_read_file_as(p, path, dialect));
    char *messages = capture_end(tmp);
    CU_ASSERT_PTR_NULL(p->files);
    lm_program_free(&p);
    free(path);
    return messages;
}

/* Where exactly: the parser's column, the schema's line, the value's line. */
static void test_located_messages(void)
{
    char *m = refusal("bad_orig_not_wellformed.xml", XML_DIALECT_AUTO);
    CU_ASSERT_TRUE(contains(m, "bad_orig_not_wellformed.xml:7:12: error: Opening and ending "
                               "tag mismatch: if line 5 and loop"));
    free(m);
    m = refusal("bad_orig_probability.xml", XML_DIALECT_AUTO);
    CU_ASSERT_TRUE(contains(m, "bad_orig_probability.xml:5:1: error: Element 'if', attribute "
                               "'probability': [facet 'maxInclusive'] The value '1.5' is greater "
                               "than the maximum value allowed ('1')."));
    free(m);
    m = refusal("bad_orig_loopvar.xml", XML_DIALECT_AUTO);
    CU_ASSERT_TRUE(contains(m, "bad_orig_loopvar.xml:6:1: error: <access> attribute "
                               "dependentloopvar=\"(i,k)\": 'k' is the variable of no enclosing "
                               "loop\n"));
    free(m);
}

/* A dependentloopvar entry that is no whole multiple of one loop variable
 * plus a whole number, at the access's line. */
static void test_affine_refused(void)
{
    static const struct {
        const char *vars, *message;
    } cases[] = {
        {"(i * i)", "'i * i' is not a whole multiple of 'i' plus a whole number"},
        {"(i + j)", "'i + j' is not a whole multiple of one loop variable plus a whole number"},
        {"(2 * m)", "'m' is the variable of no enclosing loop"},
        {"(i / 2)", "'i / 2' is not a whole multiple of 'i' plus a whole number"},
        {"(3)", "'3' names no loop variable"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        strbuf doc = STRBUF_INIT;
        strbuf_printf(&doc,
                      "<program><function name=\"f\">\n"
                      "<loop linenum=\"2\" loopvar=\"i\" lowerbound=\"0\" upperbound=\"n\""
                      " stride=\"1\" adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
                      "<array name=\"a\" component=\"\" datatype=\"double\""
                      " accesstype=\"readonly\">\n"
                      "<access offset=\"(0)\" dependentloopvar=\"%s\" reads=\"1\" writes=\"0\"/>\n"
                      "</array></loop></function></program>\n",
                      cases[i].vars);
        lm_program *p = lm_program_create();
        FILE *tmp = capture_begin();
        CU_ASSERT_FALSE(xml_read_memory(p, "a.xml", strbuf_cstr(&doc), doc.len));
        char *messages = capture_end(tmp);
        strbuf want = STRBUF_INIT;
        strbuf_printf(&want, "a.xml:4:1: error: <access> attribute dependentloopvar=\"%s\": %s\n",
                      cases[i].vars, cases[i].message);
        CU_ASSERT_TRUE(contains(messages, strbuf_cstr(&want)));
        if (!contains(messages, strbuf_cstr(&want)))
            fprintf(stderr, "\nexpected %s in:\n%s", strbuf_cstr(&want), messages);
        CU_ASSERT_PTR_NULL(p->files);
        strbuf_release(&want);
        free(messages);
        lm_program_free(&p);
        strbuf_release(&doc);
    }
}

/* The tools' log before <program> and a call's string literal with its
 * quotes unescaped: read, with a warning each, every line where it was. */
static void test_tools_slips(void)
{
    static const char doc[] =
        "Note: astNode = 0x386f598 = SgBasicBlock parent = 0x3aa77f0\n"
        "##### ResetParentPointersInMemoryPool::visit(declaration = 0x7fe)\n"
        "<program>\n"
        "<function name=\"f\" adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
        "<funccall linenum=\"9\" name=\"bl_error\" origname=\"bl_error0\" flops=\"unknown\">\n"
        "<arg paramname=\"str\" argname=\"\"Error:: f.f90 :: \"ctoprim\"\"\"/>\n"
        "</funccall>\n"
        "<loop linenum=\"12\" loopvar=\"i\" lowerbound=\"1\" upperbound=\"n\" stride=\"1\""
        " adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
        "</loop></function></program>\n";
    lm_program *p = lm_program_create();
    FILE *tmp = capture_begin();
    CU_ASSERT_TRUE_FATAL(xml_read_memory(p, "s.xml", doc, strlen(doc)));
    char *messages = capture_end(tmp);
    CU_ASSERT_TRUE(contains(messages, "s.xml:1:1: warning: 2 lines before the first element "
                                      "skipped (the ExaSAT tools' log, not XML)\n"));
    CU_ASSERT_TRUE(contains(messages, "s.xml:1:1: warning: 1 <arg> argname holding unescaped "
                                      "quotes (the ExaSAT tools' string literals) read as empty\n"));
    const lm_function *fn = p->files->functions;
    CU_ASSERT_STRING_EQUAL(fn->loc.file, "s.xml");
    CU_ASSERT_EQUAL(fn->loc.line, 4); /* the line of <function>: nothing moved */
    CU_ASSERT_EQUAL(fn->loops->loc.line, 12);
    free(messages);
    lm_program_free(&p);
}

/* -exasat-dialect on a file in the specification's dialect: the tools'
 * schema refuses what the specification has and they do not. */
static void test_forced_dialect(void)
{
    char *m = refusal("bad_accesstype.xml", XML_DIALECT_ORIGINAL);
    CU_ASSERT_TRUE(contains(m, "bad_accesstype.xml:5:1: error: Element 'array', attribute "
                               "'ghost': The attribute 'ghost' is not allowed."));
    free(m);
    char *path = testutil_path(AITOOL_SCHEMA_DIR, "examples/triad.xml");
    lm_program *p = lm_program_create();
    FILE *tmp = capture_begin();
    CU_ASSERT_TRUE(xml_read_file(p, path));
    CU_ASSERT_FALSE(xml_read_file_as(p, path, XML_DIALECT_ORIGINAL));
    char *messages = capture_end(tmp);
    CU_ASSERT_TRUE(contains(messages, "attribute 'index': The attribute 'index' is not allowed."));
    free(messages);
    lm_program_free(&p);
    free(path);
}

static const testutil_case mapping_cases[] = {
    {"orig_stencil.xml onto the loop model", test_stencil_mapping},
    {"orig_branches.xml: if and else blocks", test_branches_mapping},
    {"an else's probability", test_else_probability},
    {"offset and dependentloopvar of different lengths", test_mismatched_tuples},
    {"dependentloopvar 2 * k and struct=", test_affine_mapping},
    {NULL, NULL},
};

static const testutil_case prediction_cases[] = {
    {"orig_stencil.xml: flops per nest, weighted", test_stencil_flops},
    {"orig_branches.xml: if probabilities applied", test_branches_flops},
    {"the specification's dialect written from them", test_written_spec_dialect},
    {"dependentloopvar 2 * k: bytes and working sets", test_affine_bytes},
    {NULL, NULL},
};

static const testutil_case refusal_cases[] = {
    {"testsuite/xml/bad_orig_*.xml", test_bad_files},
    {"located messages", test_located_messages},
    {"dependentloopvar not a multiple of a loop variable", test_affine_refused},
    {"the tools' log and unescaped quotes, read", test_tools_slips},
    {"the dialect forced on the specification's", test_forced_dialect},
    {NULL, NULL},
};

int main(void)
{
    const testutil_suite suites[] = {
        {"the ExaSAT tools' dialect", mapping_cases},
        {"its predictions", prediction_cases},
        {"its refusals", refusal_cases},
    };
    return testutil_run(suites, 3);
}
