/* The ExaSAT XML reader: a document into the loop model, the examples of
 * xml-schema/examples, and every way a document is refused (not well-formed,
 * against the schema, values the model cannot hold, unreadable files). */
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "diag.h"
#include "exasat_xml.h"
#include "loop_model.h"
#include "strbuf.h"
#include "testutil.h"

/* ---- Helpers ---- */

/* Diagnostics go to a temporary file while a test reads documents. */
static FILE *capture_begin(void)
{
    FILE *tmp = tmpfile();
    CU_ASSERT_PTR_NOT_NULL(tmp);
    diag_set_stream(tmp);
    diag_reset_counts();
    return tmp;
}

/* What was reported since capture_begin (free() it). */
static char *capture_end(FILE *tmp)
{
    char *text = tmp ? testutil_read_stream(tmp) : calloc(1, 1);
    diag_set_stream(NULL);
    diag_reset_counts();
    if (tmp)
        fclose(tmp);
    return text;
}

static bool read_text(lm_program *p, const char *name, const char *text)
{
    return xml_read_memory(p, name, text, strlen(text));
}

static unsigned count_files(const lm_program *p)
{
    unsigned n = 0;
    for (const lm_file *f = p->files; f; f = f->next)
        n++;
    return n;
}

static unsigned count_loops(const lm_function *fn)
{
    unsigned n = 0;
    for (const lm_loop *l = fn->loops; l; l = lm_loop_next_preorder(l))
        n++;
    return n;
}

static unsigned count_accesses(const lm_array_ref *a)
{
    unsigned n = 0;
    for (const lm_access *x = a->accesses; x; x = x->next)
        n++;
    return n;
}

static bool contains(const char *text, const char *part)
{
    return text && strstr(text, part) != NULL;
}

/* ---- A two-level nest with every element, read from memory ---- */

static const char nest_xml[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"                                        /* 1 */
    "<program>\n"                                                                          /* 2 */
    "  <function name=\"smooth\">\n"                                                       /* 3 */
    "    <local name=\"i\"/>\n"                                                            /* 4 */
    "    <local name=\"j\"/>\n"                                                            /* 5 */
    "    <nonlocal name=\"n\"/>\n"                                                         /* 6 */
    "    <nonlocal name=\"a\"/>\n"                                                         /* 7 */
    "    <loop linenum=\"12\" loopvar=\"j\" stride=\"1\" lowerbound=\"0\" upperbound=\"n-1\""
    " adds=\"2\" multiplies=\"1\" divides=\"1\" specials=\"0\">\n"                         /* 8 */
    "      <scalar name=\"n\" datatype=\"int\" isConstant=\"true\" reads=\"1\" writes=\"0\"/>\n"
    "      <array name=\"b\" component=\"\" datatype=\"double\" accesstype=\"readonly\""
    " ghost=\"((0,0))\">\n"                                                                /* 10 */
    "        <access index=\"(0)\" indexorder=\"(1)\" isRelative=\"true\" reads=\"1\""
    " writes=\"0\"/>\n"                                                                    /* 11 */
    "      </array>\n"                                                                     /* 12 */
    "      <loop linenum=\"13\" loopvar=\"\" stride=\"\" lowerbound=\"\" upperbound=\"\""
    " adds=\"3\" multiplies=\"4\" divides=\"0\" specials=\"2\">\n"                         /* 13 */
    "        <scalar name=\"s\" datatype=\"float\" isConstant=\"false\" reads=\"2\""
    " writes=\"1\"/>\n"                                                                    /* 14 */
    "        <array name=\"a\" component=\"\" datatype=\"double\" accesstype=\"readwrite\""
    " ghost=\"((-1,1), (0,2))\">\n"                                                        /* 15 */
    "          <access index=\"(-1,0)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/>\n"
    "          <access index=\"(1, 2)\" indexorder=\"(1, 0)\" isRelative=\"true\" reads=\"1\""
    " writes=\"1\"/>\n"                                                                    /* 17 */
    "          <access index=\"(3,0)\" isRelative=\"false\" subscript=\"[m][3]\" reads=\"2\""
    " writes=\"0\"/>\n"                                                                    /* 18 */
    "        </array>\n"                                                                   /* 19 */
    "        <array name=\"w\" component=\"x\" datatype=\"float\" accesstype=\"writeonly\""
    " ghost=\"((0,0))\">\n"                                                                /* 20 */
    "          <access index=\"(0)\" isRelative=\"true\" reads=\"0\" writes=\"1\"/>\n"     /* 21 */
    "        </array>\n"                                                                   /* 22 */
    "        <pininfo entries=\"10\" iters=\"1000\" bytereads=\"16000\" adds=\"3000\""
    " specials=\"0\"/>\n"                                                                  /* 23 */
    "      </loop>\n"                                                                      /* 24 */
    "    </loop>\n"                                                                        /* 25 */
    "    <functioncall linenum=\"20\" name=\"exchange\"/>\n"                               /* 26 */
    "    <comm linenum=\"21\" commtype=\"reduce\" interface=\"MPI_Allreduce\">\n"          /* 27 */
    "      <commscalar name=\"s\" datatype=\"float\"/>\n"                                  /* 28 */
    "    </comm>\n"                                                                        /* 29 */
    "    <comm linenum=\"22\" commtype=\"ghost\" interface=\"MPI_Sendrecv\">\n"            /* 30 */
    "      <commarray name=\"a\" datatype=\"double\" numofcomponents=\"2\""
    " ghost=\"((-1,1),(0,2))\" count=\"n\"/>\n"                                            /* 31 */
    "      <commarray name=\"a\" datatype=\"double\" numofcomponents=\"1\""
    " ghost=\"((0,0))\"/>\n"                                                               /* 32 */
    "    </comm>\n"                                                                        /* 33 */
    "  </function>\n"                                                                      /* 34 */
    "</program>\n";

static void check_nest_function(const lm_program *p, const lm_function *fn)
{
    CU_ASSERT_PTR_NULL(p->files->checks);
    CU_ASSERT_STRING_EQUAL(fn->name, "smooth");
    CU_ASSERT_STRING_EQUAL(fn->loc.file, "nest.xml");
    CU_ASSERT_EQUAL(fn->loc.line, 3);
    CU_ASSERT_EQUAL(fn->loc.column, 1);
    CU_ASSERT_EQUAL(fn->start.line, 3);
    CU_ASSERT_STRING_EQUAL(fn->start.file, "nest.xml");
    CU_ASSERT_PTR_NULL(fn->next);

    CU_ASSERT_PTR_NOT_NULL_FATAL(fn->locals);
    CU_ASSERT_STRING_EQUAL(fn->locals->name, "i");
    CU_ASSERT_PTR_NOT_NULL_FATAL(fn->locals->next);
    CU_ASSERT_STRING_EQUAL(fn->locals->next->name, "j");
    CU_ASSERT_PTR_NULL(fn->locals->next->next);
    CU_ASSERT_PTR_NOT_NULL_FATAL(fn->nonlocals);
    CU_ASSERT_STRING_EQUAL(fn->nonlocals->name, "n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(fn->nonlocals->next);
    CU_ASSERT_STRING_EQUAL(fn->nonlocals->next->name, "a");
    CU_ASSERT_PTR_NULL(fn->nonlocals->next->next);

    CU_ASSERT_PTR_NOT_NULL_FATAL(fn->calls);
    CU_ASSERT_EQUAL(fn->calls->line, 20);
    CU_ASSERT_STRING_EQUAL(fn->calls->name, "exchange");
    CU_ASSERT_PTR_NULL(fn->calls->next);

    const lm_comm *reduce = fn->comms;
    CU_ASSERT_PTR_NOT_NULL_FATAL(reduce);
    CU_ASSERT_EQUAL(reduce->line, 21);
    CU_ASSERT_STRING_EQUAL(reduce->commtype, "reduce");
    CU_ASSERT_STRING_EQUAL(reduce->interface, "MPI_Allreduce");
    CU_ASSERT_PTR_NOT_NULL_FATAL(reduce->vars);
    CU_ASSERT_FALSE(reduce->vars->is_array);
    CU_ASSERT_STRING_EQUAL(reduce->vars->name, "s");
    CU_ASSERT_STRING_EQUAL(reduce->vars->datatype, "float");
    CU_ASSERT_PTR_NULL(reduce->vars->count);
    CU_ASSERT_EQUAL(reduce->vars->ghost.ndims, 0);
    CU_ASSERT_PTR_NULL(reduce->vars->next);

    const lm_comm *ghost = reduce->next;
    CU_ASSERT_PTR_NOT_NULL_FATAL(ghost);
    CU_ASSERT_PTR_EQUAL(fn->last_comm, ghost);
    CU_ASSERT_PTR_NULL(ghost->next);
    CU_ASSERT_EQUAL(ghost->line, 22);
    CU_ASSERT_STRING_EQUAL(ghost->commtype, "ghost");
    CU_ASSERT_STRING_EQUAL(ghost->interface, "MPI_Sendrecv");
    const lm_comm_var *v = ghost->vars;
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    CU_ASSERT_TRUE(v->is_array);
    CU_ASSERT_STRING_EQUAL(v->name, "a");
    CU_ASSERT_STRING_EQUAL(v->datatype, "double");
    CU_ASSERT_EQUAL(v->components, 2);
    CU_ASSERT_EQUAL_FATAL(v->ghost.ndims, 2);
    CU_ASSERT_EQUAL(v->ghost.neg[0], -1);
    CU_ASSERT_EQUAL(v->ghost.pos[0], 1);
    CU_ASSERT_EQUAL(v->ghost.neg[1], 0);
    CU_ASSERT_EQUAL(v->ghost.pos[1], 2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v->count);
    CU_ASSERT_STRING_EQUAL(v->count, "n");
    v = v->next;
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    CU_ASSERT_TRUE(v->is_array);
    CU_ASSERT_EQUAL(v->components, 1);
    CU_ASSERT_EQUAL_FATAL(v->ghost.ndims, 1);
    CU_ASSERT_EQUAL(v->ghost.neg[0], 0);
    CU_ASSERT_EQUAL(v->ghost.pos[0], 0);
    CU_ASSERT_PTR_NULL(v->count);
    CU_ASSERT_PTR_NULL(v->next);
}

static void check_nest_outer(const lm_loop *outer)
{
    CU_ASSERT_EQUAL(outer->kind, LM_LOOP_FOR);
    CU_ASSERT_STRING_EQUAL(outer->loc.file, "nest.xml");
    CU_ASSERT_EQUAL(outer->loc.line, 12);
    CU_ASSERT_EQUAL(outer->loc.column, 1);
    CU_ASSERT_EQUAL(outer->depth, 1);
    CU_ASSERT_PTR_NULL(outer->parent);
    CU_ASSERT_PTR_NULL(outer->next);
    CU_ASSERT_TRUE(outer->complete);
    CU_ASSERT_PTR_NULL(outer->pininfo);
    CU_ASSERT_STRING_EQUAL(outer->bounds.loopvar, "j");
    CU_ASSERT_STRING_EQUAL(outer->bounds.lower, "0");
    CU_ASSERT_STRING_EQUAL(outer->bounds.upper, "n-1");
    CU_ASSERT_STRING_EQUAL(outer->bounds.stride, "1");
    CU_ASSERT_EQUAL(outer->own.n[LM_FP_PLUS], 2);
    CU_ASSERT_EQUAL(outer->own.n[LM_FP_MINUS], 0);
    CU_ASSERT_EQUAL(outer->own.n[LM_FP_MULTIPLY], 1);
    CU_ASSERT_EQUAL(outer->own.n[LM_FP_DIVIDE], 1);
    CU_ASSERT_EQUAL(outer->own.n[LM_FP_SPECIAL], 0);

    const lm_scalar *n = outer->scalars;
    CU_ASSERT_PTR_NOT_NULL_FATAL(n);
    CU_ASSERT_STRING_EQUAL(n->name, "n");
    CU_ASSERT_STRING_EQUAL(n->datatype, "int");
    CU_ASSERT_TRUE(n->is_constant);
    CU_ASSERT_EQUAL(n->reads, 1);
    CU_ASSERT_EQUAL(n->writes, 0);
    CU_ASSERT_PTR_NULL(n->next);

    const lm_array_ref *b = outer->array_refs;
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    CU_ASSERT_PTR_NULL(b->next);
    CU_ASSERT_STRING_EQUAL(b->name, "b");
    CU_ASSERT_STRING_EQUAL(b->component, "");
    CU_ASSERT_STRING_EQUAL(b->datatype, "double");
    CU_ASSERT_EQUAL(b->access_type, LM_READONLY);
    CU_ASSERT_EQUAL_FATAL(b->ghost.ndims, 1);
    CU_ASSERT_EQUAL(b->ghost.neg[0], 0);
    CU_ASSERT_EQUAL(b->ghost.pos[0], 0);
    const lm_access *x = b->accesses;
    CU_ASSERT_PTR_NOT_NULL_FATAL(x);
    CU_ASSERT_EQUAL_FATAL(x->ndims, 1);
    CU_ASSERT_EQUAL(x->index[0], 0);
    CU_ASSERT_EQUAL_FATAL(x->norder, 1);
    CU_ASSERT_EQUAL(x->order[0], 1);
    CU_ASSERT_TRUE(x->relative);
    CU_ASSERT_PTR_NULL(x->subscript);
    CU_ASSERT_EQUAL(x->reads, 1);
    CU_ASSERT_EQUAL(x->writes, 0);
    CU_ASSERT_PTR_NULL(x->next);

    /* own_arrays: b read, first of the document. */
    const lm_array_use *u = outer->own_arrays;
    CU_ASSERT_PTR_NOT_NULL_FATAL(u);
    CU_ASSERT_STRING_EQUAL(u->name, "b");
    CU_ASSERT_STRING_EQUAL(u->key, "b");
    CU_ASSERT_STRING_EQUAL(u->elem_type, "double");
    CU_ASSERT_EQUAL(u->elem_size, 8);
    CU_ASSERT_EQUAL(u->first_read, 1);
    CU_ASSERT_EQUAL(u->first_write, 0);
    CU_ASSERT_PTR_NULL(u->next);
}

static void check_nest_inner_arrays(const lm_loop *inner)
{
    const lm_array_ref *a = inner->array_refs;
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_STRING_EQUAL(a->name, "a");
    CU_ASSERT_STRING_EQUAL(a->component, "");
    CU_ASSERT_STRING_EQUAL(a->datatype, "double");
    CU_ASSERT_EQUAL(a->access_type, LM_READWRITE);
    CU_ASSERT_EQUAL_FATAL(a->ghost.ndims, 2);
    CU_ASSERT_EQUAL(a->ghost.neg[0], -1);
    CU_ASSERT_EQUAL(a->ghost.pos[0], 1);
    CU_ASSERT_EQUAL(a->ghost.neg[1], 0);
    CU_ASSERT_EQUAL(a->ghost.pos[1], 2);
    CU_ASSERT_EQUAL(count_accesses(a), 3);

    const lm_access *x = a->accesses;
    CU_ASSERT_EQUAL_FATAL(x->ndims, 2);
    CU_ASSERT_EQUAL(x->index[0], -1);
    CU_ASSERT_EQUAL(x->index[1], 0);
    CU_ASSERT_EQUAL(x->norder, 0);
    CU_ASSERT_PTR_NULL(x->order);
    CU_ASSERT_TRUE(x->relative);
    CU_ASSERT_PTR_NULL(x->subscript);
    CU_ASSERT_EQUAL(x->reads, 1);
    CU_ASSERT_EQUAL(x->writes, 0);

    x = x->next;
    CU_ASSERT_EQUAL_FATAL(x->ndims, 2);
    CU_ASSERT_EQUAL(x->index[0], 1);
    CU_ASSERT_EQUAL(x->index[1], 2);
    CU_ASSERT_EQUAL_FATAL(x->norder, 2);
    CU_ASSERT_EQUAL(x->order[0], 1);
    CU_ASSERT_EQUAL(x->order[1], 0);
    CU_ASSERT_TRUE(x->relative);
    CU_ASSERT_PTR_NULL(x->subscript);
    CU_ASSERT_EQUAL(x->reads, 1);
    CU_ASSERT_EQUAL(x->writes, 1);

    x = x->next;
    CU_ASSERT_EQUAL_FATAL(x->ndims, 2);
    CU_ASSERT_EQUAL(x->index[0], 3);
    CU_ASSERT_EQUAL(x->index[1], 0);
    CU_ASSERT_EQUAL(x->norder, 0);
    CU_ASSERT_FALSE(x->relative);
    CU_ASSERT_PTR_NOT_NULL_FATAL(x->subscript);
    CU_ASSERT_STRING_EQUAL(x->subscript, "[m][3]");
    CU_ASSERT_EQUAL(x->reads, 2);
    CU_ASSERT_EQUAL(x->writes, 0);
    CU_ASSERT_PTR_EQUAL(a->last_access, x);

    const lm_array_ref *w = a->next;
    CU_ASSERT_PTR_NOT_NULL_FATAL(w);
    CU_ASSERT_PTR_EQUAL(inner->last_array_ref, w);
    CU_ASSERT_STRING_EQUAL(w->name, "w");
    CU_ASSERT_STRING_EQUAL(w->component, "x");
    CU_ASSERT_STRING_EQUAL(w->datatype, "float");
    CU_ASSERT_EQUAL(w->access_type, LM_WRITEONLY);
    CU_ASSERT_EQUAL(count_accesses(w), 1);
    CU_ASSERT_EQUAL(w->accesses->writes, 1);

    /* own_arrays: a read and written (seq 2), w written (seq 3). */
    const lm_array_use *u = inner->own_arrays;
    CU_ASSERT_PTR_NOT_NULL_FATAL(u);
    CU_ASSERT_STRING_EQUAL(u->name, "a");
    CU_ASSERT_EQUAL(u->elem_size, 8);
    CU_ASSERT_EQUAL(u->first_read, 2);
    CU_ASSERT_EQUAL(u->first_write, 2);
    u = u->next;
    CU_ASSERT_PTR_NOT_NULL_FATAL(u);
    CU_ASSERT_STRING_EQUAL(u->name, "w");
    CU_ASSERT_STRING_EQUAL(u->elem_type, "float");
    CU_ASSERT_EQUAL(u->elem_size, 4);
    CU_ASSERT_EQUAL(u->first_read, 0);
    CU_ASSERT_EQUAL(u->first_write, 3);
    CU_ASSERT_PTR_NULL(u->next);
}

static void check_nest_inner(const lm_loop *outer, const lm_loop *inner)
{
    CU_ASSERT_PTR_EQUAL(inner->parent, outer);
    CU_ASSERT_PTR_EQUAL(outer->last_child, inner);
    CU_ASSERT_PTR_NULL(inner->next);
    CU_ASSERT_PTR_NULL(inner->children);
    CU_ASSERT_EQUAL(inner->depth, 2);
    CU_ASSERT_EQUAL(inner->loc.line, 13);
    CU_ASSERT_TRUE(inner->complete);
    /* Empty bounds are NULL. */
    CU_ASSERT_PTR_NULL(inner->bounds.loopvar);
    CU_ASSERT_PTR_NULL(inner->bounds.lower);
    CU_ASSERT_PTR_NULL(inner->bounds.upper);
    CU_ASSERT_PTR_NULL(inner->bounds.stride);
    CU_ASSERT_EQUAL(inner->own.n[LM_FP_PLUS], 3);
    CU_ASSERT_EQUAL(inner->own.n[LM_FP_MINUS], 0);
    CU_ASSERT_EQUAL(inner->own.n[LM_FP_MULTIPLY], 4);
    CU_ASSERT_EQUAL(inner->own.n[LM_FP_DIVIDE], 0);
    CU_ASSERT_EQUAL(inner->own.n[LM_FP_SPECIAL], 2);

    const lm_scalar *s = inner->scalars;
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_STRING_EQUAL(s->name, "s");
    CU_ASSERT_STRING_EQUAL(s->datatype, "float");
    CU_ASSERT_FALSE(s->is_constant);
    CU_ASSERT_EQUAL(s->reads, 2);
    CU_ASSERT_EQUAL(s->writes, 1);
    CU_ASSERT_PTR_NULL(s->next);

    check_nest_inner_arrays(inner);

    const lm_pininfo *pi = inner->pininfo;
    CU_ASSERT_PTR_NOT_NULL_FATAL(pi);
    const struct {
        lm_pin_field f;
        unsigned long value;
    } present[] = {{LM_PIN_ENTRIES, 10}, {LM_PIN_ITERS, 1000}, {LM_PIN_BYTEREADS, 16000},
                   {LM_PIN_ADDS, 3000},  {LM_PIN_SPECIALS, 0}};
    unsigned npresent = 0;
    for (size_t i = 0; i < sizeof present / sizeof *present; i++) {
        CU_ASSERT_TRUE(pi->present[present[i].f]);
        CU_ASSERT_EQUAL(pi->value[present[i].f], present[i].value);
    }
    for (lm_pin_field f = 0; f < LM_PIN_NFIELDS; f++)
        npresent += pi->present[f];
    CU_ASSERT_EQUAL(npresent, 5);
    CU_ASSERT_FALSE(pi->present[LM_PIN_OPS]);
    CU_ASSERT_FALSE(pi->present[LM_PIN_BYTEWRITES]);
    CU_ASSERT_FALSE(pi->present[LM_PIN_CACHEMISSES]);
}

static void test_nest_every_field(void)
{
    lm_program *p = lm_program_create();
    FILE *tmp = capture_begin();
    CU_ASSERT_TRUE(read_text(p, "nest.xml", nest_xml));
    char *messages = capture_end(tmp);
    CU_ASSERT_STRING_EQUAL(messages, "");
    free(messages);

    CU_ASSERT_EQUAL_FATAL(count_files(p), 1);
    CU_ASSERT_STRING_EQUAL(p->files->path, "nest.xml");
    const lm_function *fn = p->files->functions;
    CU_ASSERT_PTR_NOT_NULL_FATAL(fn);
    check_nest_function(p, fn);
    CU_ASSERT_EQUAL(count_loops(fn), 2);
    const lm_loop *outer = fn->loops;
    CU_ASSERT_PTR_NOT_NULL_FATAL(outer);
    check_nest_outer(outer);
    const lm_loop *inner = outer->children;
    CU_ASSERT_PTR_NOT_NULL_FATAL(inner);
    check_nest_inner(outer, inner);
    lm_program_free(&p);
}

/* After lm_program_finish: the outer loop's inclusive counts are its own
 * plus the inner loop's, and its arrays are b (read), a (read, written) and
 * w (written): loads 2 doubles = 16 bytes, stores a double and a float = 12. */
static void test_nest_finished(void)
{
    lm_program *p = lm_program_create();
    FILE *tmp = capture_begin();
    CU_ASSERT_TRUE(read_text(p, "nest.xml", nest_xml));
    free(capture_end(tmp));
    CU_ASSERT_EQUAL_FATAL(count_files(p), 1);
    lm_program_finish(p);
    const lm_function *fn = p->files->functions;
    const lm_loop *outer = fn->loops, *inner = outer->children;

    CU_ASSERT_EQUAL(outer->inclusive.n[LM_FP_PLUS], 2 + 3);
    CU_ASSERT_EQUAL(outer->inclusive.n[LM_FP_MINUS], 0);
    CU_ASSERT_EQUAL(outer->inclusive.n[LM_FP_MULTIPLY], 1 + 4);
    CU_ASSERT_EQUAL(outer->inclusive.n[LM_FP_DIVIDE], 1 + 0);
    CU_ASSERT_EQUAL(outer->inclusive.n[LM_FP_SPECIAL], 0 + 2);
    CU_ASSERT_EQUAL(lm_fp_total(&outer->inclusive), 11);
    CU_ASSERT_EQUAL(lm_fp_total(&fn->inclusive), 11);
    CU_ASSERT_STRING_EQUAL(outer->loads.formula, "2 * sizeof(double )");
    CU_ASSERT_EQUAL(outer->loads.bytes, 16);
    CU_ASSERT_STRING_EQUAL(outer->stores.formula, "1 * sizeof(double ) + 1 * sizeof(float )");
    CU_ASSERT_EQUAL(outer->stores.bytes, 12);
    CU_ASSERT_DOUBLE_EQUAL(outer->ai, 11.0 / 28.0, 1e-12);

    CU_ASSERT_EQUAL(lm_fp_total(&inner->inclusive), 7);
    CU_ASSERT_STRING_EQUAL(inner->loads.formula, "1 * sizeof(double )");
    CU_ASSERT_EQUAL(inner->loads.bytes, 8);
    CU_ASSERT_EQUAL(inner->stores.bytes, 12);
    CU_ASSERT_DOUBLE_EQUAL(inner->ai, 7.0 / 20.0, 1e-12);
    lm_program_free(&p);
}

/* An element type the model cannot size leaves the bytes unknown: the read
 * succeeds, the loop is not complete. */
static void test_unknown_datatype_makes_loop_incomplete(void)
{
    const char *doc =
        "<program><function name=\"f\">\n"
        "<loop linenum=\"5\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"9\""
        " adds=\"1\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n"
        "<array name=\"pts\" component=\"\" datatype=\"struct point\" accesstype=\"readonly\""
        " ghost=\"((0,0))\"><access index=\"(0)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/>"
        "</array></loop></function></program>\n";
    lm_program *p = lm_program_create();
    FILE *tmp = capture_begin();
    CU_ASSERT_TRUE(read_text(p, "struct.xml", doc));
    free(capture_end(tmp));
    CU_ASSERT_EQUAL_FATAL(count_files(p), 1);
    const lm_loop *l = p->files->functions->loops;
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    CU_ASSERT_FALSE(l->complete);
    CU_ASSERT_PTR_NOT_NULL_FATAL(l->own_arrays);
    CU_ASSERT_EQUAL(l->own_arrays->elem_size, 0);
    CU_ASSERT_STRING_EQUAL(l->own_arrays->elem_type, "struct point");
    lm_program_free(&p);
}

/* Two documents give two files, in the order read; a third that fails adds
 * nothing. */
static void test_documents_append_files_in_order(void)
{
    const char *empty_program = "<program/>";
    const char *one = "<program><function name=\"g\"/></program>";
    lm_program *p = lm_program_create();
    FILE *tmp = capture_begin();
    CU_ASSERT_TRUE(read_text(p, "first.xml", empty_program));
    CU_ASSERT_TRUE(read_text(p, "second.xml", one));
    CU_ASSERT_FALSE(read_text(p, "third.xml", "<program><function/></program>"));
    char *messages = capture_end(tmp);
    CU_ASSERT_TRUE(contains(messages, "third.xml:1:1: error: "));
    CU_ASSERT_TRUE(contains(messages, "'name' is required"));
    free(messages);
    CU_ASSERT_EQUAL_FATAL(count_files(p), 2);
    CU_ASSERT_STRING_EQUAL(p->files->path, "first.xml");
    CU_ASSERT_PTR_NULL(p->files->functions);
    CU_ASSERT_STRING_EQUAL(p->files->next->path, "second.xml");
    CU_ASSERT_PTR_EQUAL(p->last_file, p->files->next);
    CU_ASSERT_STRING_EQUAL(p->files->next->functions->name, "g");
    CU_ASSERT_PTR_NULL(p->files->next->functions->loops);
    lm_program_free(&p);
}

/* ---- The examples of xml-schema/examples ---- */

/* The example's model, or NULL (and a failure) when it is missing or bad. */
static lm_program *read_example(const char *name)
{
    char *path = testutil_path(AITOOL_SCHEMA_DIR "/examples", name);
    if (access(path, R_OK) != 0) {
        CU_FAIL("an example of xml-schema/examples is missing");
        fprintf(stderr, "\nmissing example: %s\n", path);
        free(path);
        return NULL;
    }
    lm_program *p = lm_program_create();
    FILE *tmp = capture_begin();
    bool ok = xml_read_file(p, path);
    char *messages = capture_end(tmp);
    CU_ASSERT_TRUE(ok);
    CU_ASSERT_STRING_EQUAL(messages, "");
    free(messages);
    if (!ok || count_files(p) != 1) {
        CU_FAIL("an example was not read");
        lm_program_free(&p);
        free(path);
        return NULL;
    }
    CU_ASSERT_STRING_EQUAL(p->files->path, path);
    free(path);
    return p;
}

static void test_example_triad(void)
{
    lm_program *p = read_example("triad.xml");
    if (!p)
        return;
    const lm_function *fn = p->files->functions;
    CU_ASSERT_STRING_EQUAL(fn->name, "triad");
    CU_ASSERT_PTR_NULL(fn->next);
    CU_ASSERT_EQUAL(count_loops(fn), 1);
    const lm_loop *l = fn->loops;
    CU_ASSERT_EQUAL(l->loc.line, 5);
    CU_ASSERT_STRING_EQUAL(l->bounds.upper, "n-1");
    CU_ASSERT_EQUAL(l->own.n[LM_FP_PLUS], 1);
    CU_ASSERT_EQUAL(l->own.n[LM_FP_MULTIPLY], 1);
    const lm_array_ref *a = lm_loop_find_array_ref(l, "a");
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_EQUAL(a->access_type, LM_WRITEONLY);
    CU_ASSERT_PTR_NOT_NULL(lm_loop_find_array_ref(l, "c"));
    const lm_scalar *i = lm_loop_find_scalar(l, "i");
    CU_ASSERT_PTR_NOT_NULL_FATAL(i);
    CU_ASSERT_EQUAL(i->reads, 3);
    /* The STREAM triad: 2 flops, b and c read, a written: 2/24. */
    lm_program_finish(p);
    CU_ASSERT_EQUAL(l->loads.bytes, 16);
    CU_ASSERT_EQUAL(l->stores.bytes, 8);
    CU_ASSERT_DOUBLE_EQUAL(l->ai, 2.0 / 24.0, 1e-12);
    lm_program_free(&p);
}

static void test_example_stencil7(void)
{
    lm_program *p = read_example("stencil7.xml");
    if (!p)
        return;
    const lm_function *fn = p->files->functions;
    CU_ASSERT_STRING_EQUAL(fn->name, "stencil7");
    CU_ASSERT_EQUAL(count_loops(fn), 3);
    const lm_loop *k = fn->loops;
    const lm_loop *j = k->children;
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    const lm_loop *i = j->children;
    CU_ASSERT_PTR_NOT_NULL_FATAL(i);
    CU_ASSERT_EQUAL(i->depth, 3);
    CU_ASSERT_EQUAL(i->loc.line, 8);
    CU_ASSERT_STRING_EQUAL(i->bounds.loopvar, "i");
    CU_ASSERT_STRING_EQUAL(i->bounds.upper, "n-2");
    CU_ASSERT_EQUAL(i->own.n[LM_FP_PLUS], 6);
    CU_ASSERT_EQUAL(i->own.n[LM_FP_MULTIPLY], 2);
    CU_ASSERT_EQUAL(k->own.n[LM_FP_PLUS], 0);
    const lm_array_ref *in = lm_loop_find_array_ref(i, "in");
    CU_ASSERT_PTR_NOT_NULL_FATAL(in);
    CU_ASSERT_EQUAL(in->access_type, LM_READONLY);
    CU_ASSERT_EQUAL_FATAL(in->ghost.ndims, 3);
    for (unsigned d = 0; d < 3; d++) {
        CU_ASSERT_EQUAL(in->ghost.neg[d], -1);
        CU_ASSERT_EQUAL(in->ghost.pos[d], 1);
    }
    CU_ASSERT_EQUAL(count_accesses(in), 7);
    /* The sixth access is in[k-1][j][i]: (0,0,-1). */
    const lm_access *x = in->accesses;
    for (int n = 0; n < 5; n++)
        x = x->next;
    CU_ASSERT_EQUAL(x->index[0], 0);
    CU_ASSERT_EQUAL(x->index[1], 0);
    CU_ASSERT_EQUAL(x->index[2], -1);
    lm_program_finish(p);
    CU_ASSERT_EQUAL(lm_fp_total(&k->inclusive), 8);
    CU_ASSERT_EQUAL(k->loads.bytes, 8);
    CU_ASSERT_EQUAL(k->stores.bytes, 8);
    lm_program_free(&p);
}

static void test_example_reduction_comm(void)
{
    lm_program *p = read_example("reduction_comm.xml");
    if (!p)
        return;
    const lm_function *dot = p->files->functions;
    CU_ASSERT_STRING_EQUAL(dot->name, "dot");
    CU_ASSERT_PTR_NOT_NULL_FATAL(dot->comms);
    CU_ASSERT_STRING_EQUAL(dot->comms->commtype, "reduce");
    CU_ASSERT_STRING_EQUAL(dot->comms->interface, "MPI_Allreduce");
    CU_ASSERT_EQUAL(dot->comms->line, 12);
    CU_ASSERT_FALSE(dot->comms->vars->is_array);
    CU_ASSERT_STRING_EQUAL(dot->comms->vars->name, "sum");
    const lm_function *ex = dot->next;
    CU_ASSERT_PTR_NOT_NULL_FATAL(ex);
    CU_ASSERT_STRING_EQUAL(ex->name, "exchange");
    CU_ASSERT_PTR_NOT_NULL_FATAL(ex->calls);
    CU_ASSERT_STRING_EQUAL(ex->calls->name, "apply_bc");
    CU_ASSERT_EQUAL(ex->calls->line, 27);
    CU_ASSERT_TRUE(lm_function_has_var(ex, false, "down"));
    CU_ASSERT_TRUE(lm_function_has_var(ex, true, "j"));
    const lm_comm *c = ex->comms;
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT_EQUAL(c->line, 21);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c->next);
    CU_ASSERT_EQUAL(c->next->line, 24);
    const lm_comm_var *v = c->vars;
    CU_ASSERT_TRUE(v->is_array);
    CU_ASSERT_STRING_EQUAL(v->count, "nx");
    CU_ASSERT_EQUAL(v->components, 1);
    CU_ASSERT_EQUAL_FATAL(v->ghost.ndims, 2);
    CU_ASSERT_EQUAL(v->ghost.neg[1], -1);
    CU_ASSERT_EQUAL(v->ghost.pos[1], 1);
    const lm_loop *inner = ex->loops->children;
    CU_ASSERT_PTR_NOT_NULL_FATAL(inner);
    const lm_array_ref *u = lm_loop_find_array_ref(inner, "u");
    CU_ASSERT_PTR_NOT_NULL_FATAL(u);
    CU_ASSERT_EQUAL(count_accesses(u), 2);
    CU_ASSERT_EQUAL(u->accesses->index[1], -1);
    lm_program_free(&p);
}

/* ---- Documents that are refused ---- */

/* Read a document that must fail: nothing appended, and the diagnostics
 * (returned, free() them) name its line as "name:line:". */
static char *expect_refused(const char *name, const char *text, size_t len, unsigned line)
{
    lm_program *p = lm_program_create();
    FILE *tmp = capture_begin();
    CU_ASSERT_FALSE(xml_read_memory(p, name, text, len));
    char *messages = capture_end(tmp);
    CU_ASSERT_PTR_NULL(p->files);
    CU_ASSERT_PTR_NULL(p->last_file);
    strbuf where = STRBUF_INIT;
    strbuf_printf(&where, "%s:%u:", name, line);
    CU_ASSERT_TRUE(contains(messages, strbuf_cstr(&where)));
    CU_ASSERT_TRUE(contains(messages, " error: "));
    if (!contains(messages, strbuf_cstr(&where)))
        fprintf(stderr, "\nexpected %s in:\n%s", strbuf_cstr(&where), messages);
    strbuf_release(&where);
    lm_program_free(&p);
    return messages;
}

static char *expect_text_refused(const char *text, unsigned line)
{
    return expect_refused("bad.xml", text, strlen(text), line);
}

/* The line named by the comment on top of a bad_*.xml file: "error: line N". */
static unsigned commented_line(const char *text)
{
    const char *at = strstr(text, "error: line ");
    return at ? (unsigned)strtoul(at + strlen("error: line "), NULL, 10) : 0;
}

static void test_bad_files(void)
{
    static const char *const names[] = {
        "bad_not_wellformed", "bad_missing_attr",    "bad_tuple", "bad_bool",
        "bad_unknown_element", "bad_root",           "bad_negative", "bad_accesstype",
        "bad_elementbytes",
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        strbuf path = STRBUF_INIT;
        strbuf_printf(&path, "%s/%s.xml", AITOOL_XML_DIR, names[i]);
        char *text = testutil_read_file(strbuf_cstr(&path));
        if (!text) {
            CU_FAIL("a testsuite/xml/bad_*.xml file is missing");
            fprintf(stderr, "\nmissing: %s\n", strbuf_cstr(&path));
            strbuf_release(&path);
            continue;
        }
        unsigned line = commented_line(text);
        CU_ASSERT_NOT_EQUAL(line, 0);
        lm_program *p = lm_program_create();
        FILE *tmp = capture_begin();
        CU_ASSERT_FALSE(xml_read_file(p, strbuf_cstr(&path)));
        unsigned errors = diag_error_count();
        char *messages = capture_end(tmp);
        CU_ASSERT_PTR_NULL(p->files);
        CU_ASSERT_TRUE(errors >= 1);
        strbuf where = STRBUF_INIT;
        strbuf_printf(&where, "%s:%u:", strbuf_cstr(&path), line);
        CU_ASSERT_TRUE(contains(messages, strbuf_cstr(&where)));
        CU_ASSERT_TRUE(contains(messages, " error: "));
        /* The first message is the one at the commented line. */
        CU_ASSERT_EQUAL(strncmp(messages, strbuf_cstr(&where), where.len), 0);
        if (!contains(messages, strbuf_cstr(&where)))
            fprintf(stderr, "\n%s: expected line %u in:\n%s", names[i], line, messages);
        strbuf_release(&where);
        free(messages);
        lm_program_free(&p);
        free(text);
        strbuf_release(&path);
    }
}

/* libxml2's messages keep their text, lose the trailing newline, and parse
 * errors carry their column. */
static void test_parse_error_text_and_column(void)
{
    char *messages = expect_text_refused("<program>\n  <function name=\"f\">\n</program>\n", 3);
    CU_ASSERT_TRUE(contains(messages, "bad.xml:3:11: error: Opening and ending tag mismatch: "
                                      "function line 2 and program\n"));
    CU_ASSERT_FALSE(contains(messages, "\n\n"));
    free(messages);
}

/* Schema errors carry the line of the element in the document. */
static void test_schema_error_line(void)
{
    char *messages = expect_text_refused("<program>\n\n\n"
                                         "  <function name=\"f\">\n"
                                         "    <functioncall linenum=\"x\" name=\"g\"/>\n"
                                         "  </function>\n"
                                         "</program>\n",
                                         5);
    CU_ASSERT_TRUE(contains(messages, "bad.xml:5:1: error: Element 'functioncall', attribute "
                                      "'linenum': 'x' is not a valid value"));
    free(messages);
}

/* loop/@omp: the OpenMP directive of a loop, read back as its flags; text the schema does
 * not list is refused at its line. */
static void test_loop_omp(void)
{
    lm_program *p = lm_program_create();
    CU_ASSERT_TRUE_FATAL(read_text(
        p, "omp.xml",
        "<program><function name=\"f\">\n"
        "<loop linenum=\"3\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"9\""
        " adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\" omp=\"parallel for\">\n"
        "<loop linenum=\"4\" loopvar=\"j\" stride=\"1\" lowerbound=\"0\" upperbound=\"9\""
        " adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\" omp=\"for nowait\"/>\n"
        "</loop>\n<loop linenum=\"6\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\""
        " upperbound=\"9\" adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\"/>\n"
        "</function></program>\n"));
    const lm_loop *l = p->files->functions->loops;
    CU_ASSERT_EQUAL(l->omp, LM_OMP_FOR | LM_OMP_PARALLEL);
    CU_ASSERT_EQUAL(l->children->omp, LM_OMP_FOR | LM_OMP_NOWAIT);
    CU_ASSERT_EQUAL(l->next->omp, 0);
    lm_program_free(&p);
    char *messages = expect_text_refused(
        "<program>\n<function name=\"f\">\n"
        "<loop linenum=\"3\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"9\""
        " adds=\"0\" multiplies=\"0\" divides=\"0\" specials=\"0\" omp=\"simd\"/>\n"
        "</function>\n</program>\n",
        3);
    CU_ASSERT_TRUE(contains(messages, "bad.xml:3:1: error: Element 'loop', attribute 'omp': "));
    free(messages);
}

static const char loop_open[] =
    "<loop linenum=\"3\" loopvar=\"i\" stride=\"1\" lowerbound=\"0\" upperbound=\"9\""
    " adds=\"1\" multiplies=\"0\" divides=\"0\" specials=\"0\">\n";

/* A document with one loop (opened on line 3) holding `body` from line 4. */
static char *loop_document(const char *body)
{
    strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "<program>\n<function name=\"f\">\n%s%s</loop>\n</function>\n</program>\n",
                  loop_open, body);
    return strbuf_take(&sb);
}

static void test_indexorder_length_mismatch(void)
{
    char *doc = loop_document(
        "<array name=\"a\" component=\"\" datatype=\"double\" accesstype=\"readonly\""
        " ghost=\"((0,0),(0,0))\">\n"                                                   /* 4 */
        "<access index=\"(0,0)\" isRelative=\"true\" reads=\"1\" writes=\"0\"/>\n"     /* 5 */
        "<access index=\"(0,0)\" indexorder=\"(1)\" isRelative=\"true\" reads=\"1\""
        " writes=\"0\"/>\n"                                                             /* 6 */
        "</array>\n");
    char *messages = expect_text_refused(doc, 6);
    CU_ASSERT_TRUE(contains(messages, "bad.xml:6:1: error: <access> attribute indexorder=\"(1)\""
                                      " has 1 entries, index=\"(0,0)\" has 2\n"));
    CU_ASSERT_EQUAL(strchr(messages, '\n') - messages + 1, (long)strlen(messages));
    free(messages);
    free(doc);
}

static void test_count_too_large(void)
{
    char *doc = loop_document("");
    char *big = testutil_replace(doc, "adds=\"1\"", "adds=\"99999999999999999999999\"");
    char *messages = expect_text_refused(big, 3);
    CU_ASSERT_TRUE(contains(messages, "bad.xml:3:1: error: <loop> attribute "
                                      "adds=\"99999999999999999999999\": too large"));
    free(messages);
    free(big);
    free(doc);
}

/* linenum fits unsigned long but not unsigned. */
static void test_linenum_too_large(void)
{
    char *doc = loop_document("");
    char *big = testutil_replace(doc, "linenum=\"3\"", "linenum=\"4294967296\"");
    char *messages = expect_text_refused(big, 3);
    CU_ASSERT_TRUE(contains(messages, "<loop> attribute linenum=\"4294967296\": too large for "
                                      "a line number"));
    free(messages);
    free(big);
    free(doc);
}

/* Every value error is reported, each at its own line, and the read fails. */
static void test_tuple_entries_out_of_range(void)
{
    char *doc = loop_document(
        "<array name=\"a\" component=\"\" datatype=\"double\" accesstype=\"readonly\""
        " ghost=\"((0,99999999999999999999))\">\n"                                    /* 4 */
        "<access index=\"(-99999999999999999999)\" isRelative=\"true\" reads=\"1\""
        " writes=\"0\"/>\n"                                                             /* 5 */
        "<access index=\"(0)\" indexorder=\"(3000000000)\" isRelative=\"true\" reads=\"1\""
        " writes=\"0\"/>\n"                                                             /* 6 */
        "<access index=\"(0)\" indexorder=\"(-2)\" isRelative=\"true\" reads=\"1\""
        " writes=\"0\"/>\n"                                                             /* 7 */
        "</array>\n"                                                                    /* 8 */
        "<pininfo iters=\"18446744073709551616\"/>\n");                                /* 9 */
    lm_program *p = lm_program_create();
    FILE *tmp = capture_begin();
    CU_ASSERT_FALSE(read_text(p, "bad.xml", doc));
    CU_ASSERT_EQUAL(diag_error_count(), 5);
    char *messages = capture_end(tmp);
    CU_ASSERT_PTR_NULL(p->files);
    CU_ASSERT_STRING_EQUAL(
        messages,
        "bad.xml:4:1: error: <array> attribute ghost=\"((0,99999999999999999999))\": an entry "
        "does not fit a long\n"
        "bad.xml:5:1: error: <access> attribute index=\"(-99999999999999999999)\": an entry "
        "does not fit a long\n"
        "bad.xml:6:1: error: <access> attribute indexorder=\"(3000000000)\": an entry does not "
        "fit an int\n"
        "bad.xml:7:1: error: <access> attribute indexorder=\"(-2)\": a loop level is 0 or "
        "more, or -1 for none\n"
        "bad.xml:9:1: error: <pininfo> attribute iters=\"18446744073709551616\": too large for "
        "the model (unsigned long)\n");
    free(messages);
    lm_program_free(&p);
    free(doc);
}

/* The largest values that do fit are kept. */
static void test_largest_values_fit(void)
{
    char *doc = loop_document(
        "<array name=\"a\" component=\"\" datatype=\"double\" accesstype=\"readonly\""
        " ghost=\"((-9223372036854775808,9223372036854775807))\">\n"
        "<access index=\"(-9223372036854775808)\" indexorder=\"(2147483647)\" isRelative=\"true\""
        " reads=\"18446744073709551615\" writes=\"0\"/>\n"
        "</array>\n");
    char *big = testutil_replace(doc, "linenum=\"3\"", "linenum=\"4294967295\"");
    lm_program *p = lm_program_create();
    FILE *tmp = capture_begin();
    CU_ASSERT_TRUE(read_text(p, "big.xml", big));
    free(capture_end(tmp));
    CU_ASSERT_EQUAL_FATAL(count_files(p), 1);
    const lm_loop *l = p->files->functions->loops;
    CU_ASSERT_EQUAL(l->loc.line, 4294967295u);
    const lm_array_ref *a = l->array_refs;
    CU_ASSERT_EQUAL(a->ghost.neg[0], -9223372036854775807L - 1);
    CU_ASSERT_EQUAL(a->ghost.pos[0], 9223372036854775807L);
    CU_ASSERT_EQUAL(a->accesses->index[0], -9223372036854775807L - 1);
    CU_ASSERT_EQUAL(a->accesses->order[0], 2147483647);
    CU_ASSERT_EQUAL(a->accesses->reads, 18446744073709551615UL);
    lm_program_free(&p);
    free(big);
    free(doc);
}

static void test_two_pininfo_refused(void)
{
    char *doc = loop_document("<pininfo iters=\"1\"/>\n<pininfo iters=\"2\"/>\n");
    char *messages = expect_text_refused(doc, 5);
    CU_ASSERT_TRUE(contains(messages, "bad.xml:5:1: error: a loop has at most one <pininfo>"));
    free(messages);
    free(doc);
}

static void test_missing_file_and_directory(void)
{
    lm_program *p = lm_program_create();
    FILE *tmp = capture_begin();
    CU_ASSERT_FALSE(xml_read_file(p, "/nonexistent/dir/k.xml"));
    CU_ASSERT_FALSE(xml_read_file(p, AITOOL_XML_DIR));
    char *messages = capture_end(tmp);
    CU_ASSERT_PTR_NULL(p->files);
    CU_ASSERT_TRUE(contains(messages, "/nonexistent/dir/k.xml:1:1: error: cannot open XML file: "
                                      "No such file or directory\n"));
    strbuf dir = STRBUF_INIT;
    strbuf_printf(&dir, "%s:1:1: error: cannot open XML file: it is a directory\n", AITOOL_XML_DIR);
    CU_ASSERT_TRUE(contains(messages, strbuf_cstr(&dir)));
    strbuf_release(&dir);
    free(messages);
    lm_program_free(&p);
}

static void test_nul_byte_file(void)
{
    char *dir = testutil_make_tempdir();
    CU_ASSERT_PTR_NOT_NULL_FATAL(dir);
    char *path = testutil_path(dir, "nul.xml");
    FILE *f = fopen(path, "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fwrite("<program>\0</program>", 1, 20, f);
    fclose(f);
    lm_program *p = lm_program_create();
    FILE *tmp = capture_begin();
    CU_ASSERT_FALSE(xml_read_file(p, path));
    char *messages = capture_end(tmp);
    CU_ASSERT_PTR_NULL(p->files);
    CU_ASSERT_TRUE(contains(messages, ":1:1: error: XML file holds a NUL byte"));
    free(messages);
    lm_program_free(&p);
    testutil_remove_tree(dir);
    free(path);
    free(dir);
}

static void test_empty_documents(void)
{
    char *messages = expect_refused("empty.xml", "", 0, 1);
    CU_ASSERT_STRING_EQUAL(messages, "empty.xml:1:1: error: the document is empty\n");
    free(messages);
    messages = expect_refused("blank.xml", "\n\n  \n", 5, 4);
    CU_ASSERT_STRING_EQUAL(messages, "blank.xml:4:1: error: Start tag expected, '<' not found\n");
    free(messages);
    /* An empty file on disk goes the same way. */
    char *dir = testutil_make_tempdir();
    CU_ASSERT_PTR_NOT_NULL_FATAL(dir);
    char *path = testutil_path(dir, "empty.xml");
    CU_ASSERT_TRUE(testutil_write_file(path, ""));
    lm_program *p = lm_program_create();
    FILE *tmp = capture_begin();
    CU_ASSERT_FALSE(xml_read_file(p, path));
    messages = capture_end(tmp);
    CU_ASSERT_PTR_NULL(p->files);
    CU_ASSERT_TRUE(contains(messages, ":1:1: error: the document is empty\n"));
    free(messages);
    lm_program_free(&p);
    testutil_remove_tree(dir);
    free(path);
    free(dir);
}

/* No network and no external entities: an external entity is never
 * substituted, an external DTD never fetched. */
static void test_external_entities_not_loaded(void)
{
    char *messages = expect_text_refused(
        "<?xml version=\"1.0\"?>\n"
        "<!DOCTYPE program [<!ENTITY ext SYSTEM \"/etc/passwd\">]>\n"
        "<program><function name=\"&ext;\"/></program>\n",
        3);
    CU_ASSERT_TRUE(contains(messages, "bad.xml:3:31: error: Attribute references external "
                                      "entity 'ext'\n"));
    free(messages);
    messages = expect_text_refused("<?xml version=\"1.0\"?>\n"
                                   "<!DOCTYPE program [<!ENTITY ext SYSTEM \"/etc/hostname\">]>\n"
                                   "<program><function name=\"f\">&ext;</function></program>\n",
                                   3);
    free(messages);
    const char *remote = "<?xml version=\"1.0\"?>\n"
                         "<!DOCTYPE program SYSTEM \"http://127.0.0.1:9/exasat.dtd\">\n"
                         "<program><function name=\"f\"/></program>\n";
    lm_program *p = lm_program_create();
    FILE *tmp = capture_begin();
    CU_ASSERT_TRUE(read_text(p, "remote.xml", remote));
    messages = capture_end(tmp);
    CU_ASSERT_STRING_EQUAL(messages, "");
    CU_ASSERT_EQUAL(count_files(p), 1);
    free(messages);
    lm_program_free(&p);
}

/* "Billion laughs": ten levels of ten references would expand to 10^10
 * copies of "ha", 20 GB.  Read in a child process, whose peak memory the
 * parent then knows: refused at the reference, in under 64 MiB. */
static void test_billion_laughs_refused(void)
{
    strbuf doc = STRBUF_INIT;
    strbuf_append(&doc, "<?xml version=\"1.0\"?>\n<!DOCTYPE program [\n<!ENTITY l0 \"ha\">\n");
    for (int level = 1; level <= 10; level++) {
        strbuf_printf(&doc, "<!ENTITY l%d \"", level);
        for (int k = 0; k < 10; k++)
            strbuf_printf(&doc, "&l%d;", level - 1);
        strbuf_append(&doc, "\">\n");
    }
    strbuf_append(&doc, "]>\n");
    const char *uses[] = {"<program><function name=\"&l10;\"/></program>\n",
                          "<program><function name=\"f\">&l10;</function></program>\n"};
    for (size_t k = 0; k < 2; k++) {
        strbuf text = STRBUF_INIT;
        strbuf_append(&text, strbuf_cstr(&doc));
        strbuf_append(&text, uses[k]);
        FILE *messages = tmpfile();
        CU_ASSERT_PTR_NOT_NULL_FATAL(messages);
        fflush(NULL);
        pid_t child = fork();
        if (child == 0) {
            diag_set_stream(messages);
            lm_program *p = lm_program_create();
            bool read = xml_read_memory(p, "laughs.xml", strbuf_cstr(&text), text.len);
            fflush(messages);
            _exit(read || p->files ? 1 : 0);
        }
        int status = -1;
        CU_ASSERT_EQUAL_FATAL(waitpid(child, &status, 0), child);
        /* The largest of the waited-for children: this suite has no others. */
        struct rusage usage;
        CU_ASSERT_EQUAL(getrusage(RUSAGE_CHILDREN, &usage), 0);
        CU_ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        CU_ASSERT(usage.ru_maxrss < 64 * 1024); /* KiB */
        char *said = testutil_read_stream(messages);
        fclose(messages);
        CU_ASSERT_TRUE(contains(said, "laughs.xml:15:"));
        CU_ASSERT_TRUE(contains(said, ": error: Detected an entity reference loop\n"));
        free(said);
        strbuf_release(&text);
    }
    strbuf_release(&doc);
}

/* libxml2 prints nothing itself: everything goes through diag. */
static void test_nothing_printed_on_stderr(void)
{
    FILE *err = tmpfile();
    CU_ASSERT_PTR_NOT_NULL_FATAL(err);
    fflush(stderr);
    int saved = dup(2);
    dup2(fileno(err), 2);
    lm_program *p = lm_program_create();
    FILE *tmp = capture_begin();
    CU_ASSERT_FALSE(read_text(p, "a.xml", "<program><function name=\"f\"></program>"));
    CU_ASSERT_FALSE(read_text(p, "b.xml", "<kernel/>"));
    CU_ASSERT_FALSE(read_text(p, "c.xml", "<program xmlns:x=\"u\"><x:y/></program>"));
    CU_ASSERT_TRUE(read_text(p, "d.xml", "<program/>"));
    char *messages = capture_end(tmp);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    char *printed = testutil_read_stream(err);
    fclose(err);
    CU_ASSERT_STRING_EQUAL(printed, "");
    CU_ASSERT_TRUE(contains(messages, "a.xml:1:"));
    CU_ASSERT_TRUE(contains(messages, "b.xml:1:1: error: Element 'kernel'"));
    CU_ASSERT_TRUE(contains(messages, "c.xml:1:1: error: "));
    CU_ASSERT_FALSE(contains(messages, "d.xml"));
    CU_ASSERT_EQUAL(count_files(p), 1);
    free(printed);
    free(messages);
    lm_program_free(&p);
}

static const testutil_case reading_cases[] = {
    {"a two-level nest, every field", test_nest_every_field},
    {"a two-level nest after lm_program_finish", test_nest_finished},
    {"an unknown datatype makes the loop incomplete", test_unknown_datatype_makes_loop_incomplete},
    {"documents append files in order", test_documents_append_files_in_order},
    {"the largest values that fit", test_largest_values_fit},
    {NULL, NULL},
};

static const testutil_case example_cases[] = {
    {"triad.xml", test_example_triad},
    {"stencil7.xml", test_example_stencil7},
    {"reduction_comm.xml", test_example_reduction_comm},
    {NULL, NULL},
};

static const testutil_case refusal_cases[] = {
    {"testsuite/xml/bad_*.xml", test_bad_files},
    {"parse error text and column", test_parse_error_text_and_column},
    {"schema errors at the document's line", test_schema_error_line},
    {"a loop's OpenMP directive", test_loop_omp},
    {"indexorder length mismatch", test_indexorder_length_mismatch},
    {"count too large", test_count_too_large},
    {"linenum too large", test_linenum_too_large},
    {"tuple entries out of range, all reported", test_tuple_entries_out_of_range},
    {"two pininfo in a loop", test_two_pininfo_refused},
    {"missing file and directory", test_missing_file_and_directory},
    {"file with a NUL byte", test_nul_byte_file},
    {"empty documents", test_empty_documents},
    {"external entities are not loaded", test_external_entities_not_loaded},
    {"billion laughs refused in little memory", test_billion_laughs_refused},
    {"nothing printed on stderr", test_nothing_printed_on_stderr},
    {NULL, NULL},
};

int main(void)
{
    const testutil_suite suites[] = {
        {"xml reading", reading_cases},
        {"xml examples", example_cases},
        {"xml refusals", refusal_cases},
    };
    return testutil_run(suites, 3);
}
