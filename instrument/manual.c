/* measureTool's instrumentation protocol (the seed's "Execution mode 2").
 *
 * The user declared the counters at file scope and wrote `chiterations =
 * expr;` directly before each loop to count, expr being the number of
 * iterations of the loop nest it starts.  For each such marker, numbered
 * bottom-up (an inner counted loop before the loops around it, as the
 * seed's example numbers them):
 *   - `chiterations` in the marker becomes `chiterations_N`, declared at the
 *     start of the block the marker is in (valid C89 and C99, and private to
 *     a thread when the block is in an OpenMP parallel region);
 *   - after the loop come the seed's comment and statement for each of
 *     loads, stores and flops that is not empty:
 *         chloads = chloads + chiterations_N * (1 * sizeof(double ));
 *     prefixed by AITOOL_ATOMIC, which is `#pragma omp atomic` under
 *     OpenMP and nothing otherwise (defined at the top of the file).
 *
 * What a counted loop counts is one iteration of the static model
 * (flow-insensitive, inclusive of nested loops), minus what counted loops
 * inside it count already: an FP operation is counted by the innermost
 * counted loop that contains it only, and an array counted as a load
 * (store) by a counted loop inside is not counted as a load (store) again,
 * whole, not reference by reference.  The model's per-level counts make the
 * first a sum over the loop tree that stops at counted loops.
 *
 * The markers are found in the statement record (loop_stmt.h); the loop a
 * marker stands before is the record's, with its loop in the model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "analyzer_tu.h"
#include "diag.h"
#include "edits.h"
#include "instances.h"
#include "loop_model.h"
#include "loop_stmt.h"
#include "manual.h"
#include "mem.h"
#include "source.h"
#include "strbuf.h"
#include "cx.h"

#define MANUAL_MARKER "chiterations"

typedef struct marker {
    size_t ref_begin;  /* the `chiterations` to rename */
    size_t block_open; /* just after the `{` of the block the marker is in */
    size_t loop_end;   /* where the counting statements go */
    unsigned line, col;
    char *type;        /* chiterations's type, for chiterations_N */
    char indent[64];   /* the blanks before the loop on its line */
    lm_loop *loop;
    unsigned number;
} marker;

typedef struct manual {
    source *s;
    marker *v;
    size_t n, cap;
    bool ok;
} manual;

/* The counters the inserted statements add to. */
enum { COUNTER_LOADS, COUNTER_STORES, COUNTER_FLOPS, NCOUNTERS };
static const char *const counter_names[NCOUNTERS] = {"chloads", "chstores", "chflops"};
static const char *const counter_comments[NCOUNTERS] = {"Loads", "Stores", "FLOPS"};

static void manual_error(manual *m, unsigned line, unsigned col, const char *msg)
{
    diag_at(DIAG_ERROR, m->s->path, line, col, "%s", msg);
    m->ok = false;
}

/* `chiterations = expr`: the reference to rename, or a null cursor. */
static CXCursor marker_reference(CXCursor c)
{
    if (clang_getCursorKind(c) != CXCursor_BinaryOperator ||
        clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign)
        return clang_getNullCursor();
    cx_kids kids = cx_children_of(c);
    CXCursor lhs = kids.n == 2 ? cx_strip(kids.v[0]) : clang_getNullCursor();
    if (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr ||
        clang_getCursorKind(clang_getCursorReferenced(lhs)) != CXCursor_VarDecl)
        return clang_getNullCursor();
    char *name = cx_copy_string(clang_getCursorSpelling(lhs));
    bool is_marker = !strcmp(name, MANUAL_MARKER);
    free(name);
    return is_marker ? lhs : clang_getNullCursor();
}

static marker *manual_push(manual *m)
{
    if (m->n == m->cap) {
        m->cap = m->cap ? m->cap * 2 : 8;
        m->v = mem_realloc(m->v, m->cap * sizeof *m->v);
    }
    marker *mk = &m->v[m->n++];
    memset(mk, 0, sizeof *mk);
    return mk;
}

/* Marker `stmt` of a block: it must be followed by a loop. */
static void manual_take(manual *m, const lm_stmt *block, const lm_stmt *stmt, CXCursor ref)
{
    unsigned line = stmt->line, col = stmt->col;
    size_t ref_begin, ref_end;
    if (!source_range(m->s, ref, &ref_begin, &ref_end) || !block->editable ||
        m->s->text[block->begin] != '{') {
        manual_error(m, line, col, "'" MANUAL_MARKER " = ...' comes from a macro expansion and "
                                   "cannot be renamed; write it in the source");
        return;
    }
    const lm_stmt *loop = stmt->next;
    if (!loop || !lm_stmt_is_loop(loop)) {
        manual_error(m, line, col, "'" MANUAL_MARKER " = ...' must be followed directly by the "
                                   "for, while or do loop whose iterations it gives");
        return;
    }
    lm_loop *l = loop->loop;
    size_t loop_begin, loop_end;
    if (!l || !source_node_range(m->s, loop, &loop_begin, &loop_end)) {
        manual_error(m, line, col, "the loop after '" MANUAL_MARKER " = ...' comes from a macro "
                                   "expansion; its counting statements cannot be inserted");
        return;
    }
    marker *mk = manual_push(m);
    size_t line_start = loop_begin, n = 0;
    while (line_start > 0 && m->s->text[line_start - 1] != '\n')
        line_start--;
    while (n + 1 < sizeof mk->indent && line_start + n < loop_begin &&
           (m->s->text[line_start + n] == ' ' || m->s->text[line_start + n] == '\t')) {
        mk->indent[n] = m->s->text[line_start + n];
        n++;
    }
    mk->ref_begin = ref_begin;
    mk->block_open = block->begin + 1;
    mk->loop_end = source_statement_end(m->s, loop_end);
    mk->line = line;
    mk->col = col;
    mk->loop = l;
    CXType t = clang_getCursorType(clang_getCursorReferenced(ref));
    mk->type = cx_copy_string(clang_getTypeSpelling(clang_getUnqualifiedType(t)));
}

static void manual_scan(manual *m, const lm_stmt *c);

/* A marker anywhere but in a block (an if's arm, a for's header) is an error. */
static void manual_scan_child(manual *m, const lm_stmt *kid)
{
    if (!clang_Cursor_isNull(marker_reference(analyzer_stmt_cursor(kid)))) {
        manual_error(m, kid->line, kid->col, "'" MANUAL_MARKER " = ...' must be a statement of "
                                             "its own in a block, directly before the loop it "
                                             "counts");
        return;
    }
    manual_scan(m, kid);
}

/* Statements only: markers are statements, so expressions are not entered
 * (nor the control flow inside them, which the record holds too). */
static void manual_scan(manual *m, const lm_stmt *c)
{
    if (c->kind == LM_STMT_EXPR || c->kind == LM_STMT_CONDITIONAL || c->kind == LM_STMT_LOGICAL)
        return;
    for (const lm_stmt *k = c->children; k; k = k->next) {
        if (k->role == LM_ROLE_INLINE)
            continue;
        CXCursor ref = c->kind == LM_STMT_COMPOUND ? marker_reference(analyzer_stmt_cursor(k))
                                                   : clang_getNullCursor();
        if (!clang_Cursor_isNull(ref))
            manual_take(m, c, k, ref);
        else
            manual_scan_child(m, k);
    }
}

static marker *manual_marker_of(manual *m, const lm_loop *l)
{
    for (size_t i = 0; i < m->n; i++)
        if (m->v[i].loop == l)
            return &m->v[i];
    return NULL;
}

/* Bottom-up numbering: children first. */
static void manual_number(manual *m, lm_loop *l, unsigned *next)
{
    for (lm_loop *c = l->children; c; c = c->next)
        manual_number(m, c, next);
    marker *mk = manual_marker_of(m, l);
    if (mk && !mk->number)
        mk->number = ++*next;
}

/* FP operations of one iteration of l that no counted loop inside counts. */
static unsigned long manual_flops(manual *m, const lm_loop *l)
{
    unsigned long n = lm_fp_total(&l->own);
    for (const lm_loop *c = l->children; c; c = c->next)
        if (!manual_marker_of(m, c))
            n += manual_flops(m, c);
    return n;
}

typedef struct key_set {
    const char **v;
    size_t n, cap;
} key_set;

static bool key_set_has(const key_set *k, const char *key)
{
    for (size_t i = 0; i < k->n; i++)
        if (!strcmp(k->v[i], key))
            return true;
    return false;
}

static void key_set_add(key_set *k, const char *key)
{
    if (key_set_has(k, key))
        return;
    if (k->n == k->cap) {
        k->cap = k->cap ? k->cap * 2 : 8;
        k->v = mem_realloc(k->v, k->cap * sizeof *k->v);
    }
    k->v[k->n++] = key;
}

/* The arrays counted loops strictly inside l read (loads) or write. */
static void manual_counted_inside(manual *m, const lm_loop *l, key_set *loads, key_set *stores)
{
    for (const lm_loop *c = l->children; c; c = c->next) {
        if (manual_marker_of(m, c)) {
            for (const lm_array_use *a = c->arrays; a; a = a->next) {
                if (a->first_read)
                    key_set_add(loads, a->key);
                if (a->first_write)
                    key_set_add(stores, a->key);
            }
        }
        manual_counted_inside(m, c, loads, stores);
    }
}

/* The bytes of l's arrays that no counted loop inside counts already (the
 * keys in `skip`). */
static lm_bytes manual_bytes(manual *m, const lm_loop *l, const key_set *skip, bool stores)
{
    lm_array_use *left = NULL;
    for (const lm_array_use *a = l->arrays; a; a = a->next) {
        unsigned long seq = stores ? a->first_write : a->first_read;
        if (seq && !key_set_has(skip, a->key))
            lm_arrays_note(m->s->prog, &left, a->key, a->name, a->elem_type, a->elem_size,
                           !stores, stores, seq);
    }
    return lm_arrays_bytes(m->s->prog, left, stores);
}

/* The counters the file declares at file scope, and where. */
typedef struct counter_decls {
    bool declared[NCOUNTERS];
} counter_decls;

static enum CXChildVisitResult find_counter(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    counter_decls *d = data;
    if (clang_getCursorKind(c) != CXCursor_VarDecl)
        return CXChildVisit_Continue;
    char *name = cx_copy_string(clang_getCursorSpelling(c));
    for (int k = 0; k < NCOUNTERS; k++)
        if (!strcmp(name, counter_names[k]))
            d->declared[k] = true;
    free(name);
    return CXChildVisit_Continue;
}

/* The statements go on lines of their own after the loop, indented as the
 * loop is: after the loop's line when nothing else is on the rest of it. */
static void manual_insert_after(manual *m, const marker *mk, strbuf *text)
{
    const source *s = m->s;
    size_t at = mk->loop_end, i = at;
    while (i < s->len && (s->text[i] == ' ' || s->text[i] == '\t' || s->text[i] == '\r'))
        i++;
    if (i < s->len && s->text[i] == '\n') {
        edits_insert(&m->s->edits, i + 1, EDIT_CLOSE, strbuf_cstr(text));
        return;
    }
    strbuf moved = STRBUF_INIT;
    strbuf_append(&moved, "\n");
    strbuf_append(&moved, strbuf_cstr(text));
    edits_insert(&m->s->edits, at, EDIT_CLOSE, strbuf_cstr(&moved));
    strbuf_release(&moved);
}

static void manual_emit(manual *m, const marker *mk, const counter_decls *decls)
{
    strbuf name = STRBUF_INIT, decl = STRBUF_INIT, after = STRBUF_INIT;
    strbuf_printf(&name, "%s_%u", MANUAL_MARKER, mk->number);
    strbuf_printf(&decl, " %s %s;", mk->type, strbuf_cstr(&name));
    edits_replace(&m->s->edits, mk->ref_begin, strlen(MANUAL_MARKER), strbuf_cstr(&name));
    edits_insert(&m->s->edits, mk->block_open, EDIT_OPEN, strbuf_cstr(&decl));

    key_set in_loads = {0}, in_stores = {0};
    manual_counted_inside(m, mk->loop, &in_loads, &in_stores);
    lm_bytes loads = manual_bytes(m, mk->loop, &in_loads, false);
    lm_bytes stores = manual_bytes(m, mk->loop, &in_stores, true);
    free(in_loads.v);
    free(in_stores.v);
    unsigned long flops = manual_flops(m, mk->loop);
    char flop_text[32];
    snprintf(flop_text, sizeof flop_text, "%lu", flops);
    const char *amount[NCOUNTERS] = {loads.formula, stores.formula, flops ? flop_text : NULL};
    for (int k = 0; k < NCOUNTERS; k++) {
        if (!amount[k])
            continue;
        if (!decls->declared[k]) {
            diag_at(DIAG_ERROR, m->s->path, mk->line, mk->col,
                    "the counter '%s' is not declared: declare 'unsigned long %s = 0;' at file "
                    "scope, before the functions that count", counter_names[k], counter_names[k]);
            m->ok = false;
        }
        strbuf_printf(&after, "%s/* aitool generated %s counting statement ... */\n"
                              "%sAITOOL_ATOMIC %s = %s + %s * %s%s%s;\n",
                      mk->indent, counter_comments[k], mk->indent, counter_names[k],
                      counter_names[k], strbuf_cstr(&name), k == COUNTER_FLOPS ? "" : "(",
                      amount[k], k == COUNTER_FLOPS ? "" : ")");
    }
    if (after.len)
        manual_insert_after(m, mk, &after);
    strbuf_release(&name);
    strbuf_release(&decl);
    strbuf_release(&after);
}

/* A C++ template's markers: one counting statement would be written for
 * all its instances, whose costs differ; an error at each, once per
 * template (its first instance). */
static void manual_refuse_template(manual *m, const lm_function *fn)
{
    for (const lm_function *g = m->s->model->functions; g != fn; g = g->next)
        if (g->body && g->body->begin == fn->body->begin && instances_is_implicit(g))
            return;
    manual t = {.s = m->s, .ok = true};
    manual_scan(&t, fn->body);
    for (size_t i = 0; i < t.n; i++) {
        manual_error(m, t.v[i].line, t.v[i].col,
                     "'" MANUAL_MARKER " = ...' in a template: its instances count differently "
                     "(-auto-instrument counts each)");
        free(t.v[i].type);
    }
    free(t.v);
    m->ok &= t.ok;
}

static const char manual_prelude[] =
    "/* measuretool: counters added to by the aitool generated statements below;\n"
    "   under OpenMP each addition is atomic. */\n"
    "#ifdef _OPENMP\n"
    "#define AITOOL_ATOMIC _Pragma(\"omp atomic\")\n"
    "#else\n"
    "#define AITOOL_ATOMIC\n"
    "#endif\n";

bool manual_instrument(source *s)
{
    manual m = {.s = s, .ok = true};
    CXCursor unit = clang_getTranslationUnitCursor(s->tu);
    for (const lm_function *fn = s->model->functions; fn; fn = fn->next)
        if (fn->body && instances_is_implicit(fn))
            manual_refuse_template(&m, fn);
        else if (fn->body)
            manual_scan(&m, fn->body);
    if (m.ok && m.n == 0)
        diag_at(DIAG_WARNING, s->path, 1, 1,
                "no '" MANUAL_MARKER " = ...;' before any loop: the copy is unchanged "
                "(-auto-instrument measures every loop without markers)");
    if (m.ok && m.n > 0) {
        unsigned next = 0;
        for (lm_function *fn = s->model->functions; fn; fn = fn->next)
            for (lm_loop *l = fn->loops; l; l = l->next)
                manual_number(&m, l, &next);
        counter_decls decls = {0};
        clang_visitChildren(unit, find_counter, &decls);
        edits_insert(&s->edits, 0, EDIT_OPEN, manual_prelude);
        for (size_t i = 0; i < m.n; i++)
            manual_emit(&m, &m.v[i], &decls);
    }
    for (size_t i = 0; i < m.n; i++)
        free(m.v[i].type);
    free(m.v);
    return m.ok;
}
