/* The ExaSAT detail of a function.
 *
 * One recursive pass over the body, separate from the counting walk: it is
 * only needed for -xml, and it has to know more of each node (which side of
 * an assignment it is on, which part of a for header) than the counting walk
 * keeps.  Each node is visited with the access mode its parent hands it:
 * the left side of `=` is written, of `op=` and `++`/`--` read and written,
 * an `&` operand is neither (but its variable may be written through the
 * address), everything else is read.
 *
 * Levels.  A stack of open loop bodies; the function body is the bottom,
 * where nothing is recorded.  A loop's header (init, condition, increment)
 * is visited in the level around the loop, as the counting rules say; its
 * body opens a level holding the loop and its variable.
 *
 * Subscripts.  At the top of a run of subscripts the chain is read downwards
 * (`A[k][j][i]` gives i, then j, then k: fastest dimension first), through
 * parentheses, implicit casts and `.member` steps, as the counting walk does;
 * the array is the base of the lowest run and its dimensions are that run's
 * subscripts.  A subscript that is the variable of an open loop plus a
 * constant is relative to that loop's level (0 = the innermost open loop).
 *
 * What can only be known at the end (whether a scalar is ever written in the
 * function, the ghost extents, the halo a communicated array has) is settled
 * in detail_finish. */
#include "detail.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fp_ops.h"
#include "linear.h"
#include "mem.h"
#include "strbuf.h"
#include "walk.h"
#include "walk_internal.h"

typedef enum dt_mode {
    DT_NONE = 0,
    DT_READ = 1,
    DT_WRITE = 2,
    DT_READWRITE = 3,
    DT_ADDRESS = 4, /* `&x`: no access, but x may be written through it */
} dt_mode;

typedef struct dt_level {
    lm_loop *loop;
    CXCursor var; /* the loop variable's canonical declaration, or a null cursor */
} dt_level;

typedef struct dt_scalar_decl {
    lm_scalar *scalar;
    CXCursor decl;
} dt_scalar_decl;

/* A set of declaration cursors, open addressing by libclang's cursor hash:
 * a function of many loops writes as many loop variables, and a list would
 * make every write and every scalar's check cost as many comparisons. */
typedef struct dt_cursor_slot {
    CXCursor cursor;
    unsigned hash;
    bool used;
} dt_cursor_slot;

typedef struct dt_cursor_set {
    dt_cursor_slot *slots;
    size_t n, cap; /* cap: 0 or a power of two */
} dt_cursor_set;

/* A set of names, open addressing; the names belong to the program's arena.
 * A function's locals and nonlocals are checked at every declaration and
 * every reference to a global: as lists, a function of many loops with
 * their own variables cost their number squared in string comparisons. */
typedef struct dt_name_set {
    const char **slots;
    size_t n, cap; /* cap: 0 or a power of two */
} dt_name_set;

typedef struct detail {
    lm_program *p;
    lm_function *fn;
    CXTranslationUnit tu;
    lm_loop *next_loop; /* the walk's loops in source order */
    dt_level *levels;
    size_t nlevels, levels_cap;
    dt_scalar_decl *sdecls;
    size_t nsdecls, sdecls_cap;
    dt_cursor_set written; /* declarations written somewhere in the function */
    dt_name_set locals, nonlocals; /* the names fn->locals and fn->nonlocals hold */
    lm_comm_var **commarrays; /* their ghost is the function's halo of the array */
    size_t ncommarrays, commarrays_cap;
} detail;

#define DT_PUSH(vec, n, cap, value)                                                               \
    do {                                                                                          \
        if ((n) == (cap)) {                                                                       \
            (cap) = (cap) ? 2 * (cap) : 8;                                                        \
            (vec) = mem_realloc((vec), (cap) * sizeof *(vec));                                    \
        }                                                                                         \
        (vec)[(n)++] = (value);                                                                   \
    } while (0)

/* ---- children ---- */

typedef struct dt_kids {
    CXCursor *v;
    size_t n, cap;
} dt_kids;

static enum CXChildVisitResult dt_collect(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    dt_kids *k = data;
    DT_PUSH(k->v, k->n, k->cap, c);
    return CXChildVisit_Continue;
}

static dt_kids dt_children(CXCursor c)
{
    dt_kids k = {NULL, 0, 0};
    clang_visitChildren(c, dt_collect, &k);
    return k;
}

static void dt_visit(detail *d, CXCursor c, dt_mode mode);

static void dt_visit_all(detail *d, const dt_kids *k, size_t from, dt_mode mode)
{
    for (size_t i = from; i < k->n; i++)
        dt_visit(d, k->v[i], mode);
}

/* ---- small facts ---- */

static dt_level *dt_top(detail *d)
{
    return &d->levels[d->nlevels - 1];
}

static unsigned dt_line_of(CXCursor c)
{
    unsigned line = 0;
    clang_getFileLocation(clang_getCursorLocation(c), NULL, &line, NULL, NULL);
    return line;
}

static unsigned dt_offset_of(CXSourceLocation loc)
{
    unsigned off = 0;
    clang_getFileLocation(loc, NULL, NULL, NULL, &off);
    return off;
}

static bool dt_type_is_arithmetic(CXType t)
{
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    return (k >= CXType_Bool && k <= CXType_LongDouble) || k == CXType_Enum ||
           fp_ops_type_is_floating(t);
}

static bool dt_is_variable(CXCursor decl)
{
    enum CXCursorKind k = clang_getCursorKind(decl);
    return k == CXCursor_VarDecl || k == CXCursor_ParmDecl;
}

/* The slot of c, or the empty slot where it would go. */
static dt_cursor_slot *dt_cursor_set_slot(const dt_cursor_set *set, CXCursor c, unsigned hash)
{
    size_t mask = set->cap - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
        dt_cursor_slot *s = &set->slots[i];
        if (!s->used || (s->hash == hash && clang_equalCursors(s->cursor, c)))
            return s;
    }
}

static bool dt_cursor_set_has(const dt_cursor_set *set, CXCursor c)
{
    return set->cap && dt_cursor_set_slot(set, c, clang_hashCursor(c))->used;
}

static void dt_cursor_set_grow(dt_cursor_set *set)
{
    dt_cursor_set bigger = {NULL, set->n, set->cap ? 2 * set->cap : 64};
    bigger.slots = mem_alloc(bigger.cap * sizeof *bigger.slots);
    for (size_t i = 0; i < set->cap; i++)
        if (set->slots[i].used)
            *dt_cursor_set_slot(&bigger, set->slots[i].cursor, set->slots[i].hash) = set->slots[i];
    free(set->slots);
    *set = bigger;
}

static void dt_cursor_set_add(dt_cursor_set *set, CXCursor c)
{
    if (2 * (set->n + 1) > set->cap)
        dt_cursor_set_grow(set);
    unsigned hash = clang_hashCursor(c);
    dt_cursor_slot *s = dt_cursor_set_slot(set, c, hash);
    if (!s->used) {
        *s = (dt_cursor_slot){c, hash, true};
        set->n++;
    }
}

static bool dt_was_written(const detail *d, CXCursor decl)
{
    return dt_cursor_set_has(&d->written, decl);
}

static void dt_note_written(detail *d, CXCursor decl)
{
    dt_cursor_set_add(&d->written, decl);
}

/* ---- variables ---- */

static uint32_t dt_name_hash(const char *s)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* The slot of name, or the empty slot where it would go. */
static const char **dt_name_set_slot(const dt_name_set *set, const char *name)
{
    size_t mask = set->cap - 1;
    for (size_t i = dt_name_hash(name) & mask;; i = (i + 1) & mask)
        if (!set->slots[i] || !strcmp(set->slots[i], name))
            return &set->slots[i];
}

static bool dt_name_set_has(const dt_name_set *set, const char *name)
{
    return set->cap && *dt_name_set_slot(set, name);
}

static void dt_name_set_add(dt_name_set *set, const char *name)
{
    if (2 * (set->n + 1) > set->cap) {
        dt_name_set bigger = {NULL, set->n, set->cap ? 2 * set->cap : 64};
        bigger.slots = mem_alloc(bigger.cap * sizeof *bigger.slots);
        for (size_t i = 0; i < set->cap; i++)
            if (set->slots[i])
                *dt_name_set_slot(&bigger, set->slots[i]) = set->slots[i];
        free(set->slots);
        *set = bigger;
    }
    const char **slot = dt_name_set_slot(set, name);
    if (!*slot) {
        *slot = name;
        set->n++;
    }
}

/* Name the function's local (or nonlocal) variable once. */
static void dt_add_var(detail *d, bool local, const char *name)
{
    dt_name_set *set = local ? &d->locals : &d->nonlocals;
    if (dt_name_set_has(set, name))
        return;
    lm_function_add_var(d->p, d->fn, local, name);
    dt_name_set_add(set, (local ? d->fn->last_local : d->fn->last_nonlocal)->name);
}


static void dt_note_nonlocal(detail *d, CXCursor decl)
{
    if (clang_getCursorKind(decl) != CXCursor_VarDecl ||
        clang_Cursor_hasVarDeclGlobalStorage(decl) != 1)
        return;
    char *name = cx_copy_string(clang_getCursorSpelling(decl));
    if (*name)
        dt_add_var(d, false, name);
    free(name);
}

/* A reference to a scalar at the current level. */
static void dt_note_scalar(detail *d, CXCursor decl, dt_mode mode)
{
    lm_loop *l = dt_top(d)->loop;
    if (!l || !(mode & (DT_READ | DT_WRITE)))
        return;
    char *name = cx_copy_string(clang_getCursorSpelling(decl));
    lm_scalar *s = lm_loop_find_scalar(l, name);
    if (!s) {
        char *type = cx_type_spelling(clang_getCursorType(decl));
        s = lm_loop_add_scalar(d->p, l, name, type);
        s->is_constant = true;
        free(type);
    }
    free(name);
    if (mode & DT_READ)
        s->reads++;
    if (mode & DT_WRITE)
        s->writes++;
    dt_scalar_decl sd = {s, decl};
    DT_PUSH(d->sdecls, d->nsdecls, d->sdecls_cap, sd);
}

static void dt_decl_ref(detail *d, CXCursor c, dt_mode mode)
{
    CXCursor decl = clang_getCursorReferenced(c);
    if (clang_Cursor_isNull(decl) || !dt_is_variable(decl))
        return;
    decl = clang_getCanonicalCursor(decl);
    if (mode & (DT_WRITE | DT_ADDRESS))
        dt_note_written(d, decl);
    dt_note_nonlocal(d, decl);
    if (dt_type_is_arithmetic(clang_getCursorType(decl)))
        dt_note_scalar(d, decl, mode);
}

/* A declaration in the body: a local (or a static, which is nonlocal), whose
 * initializer writes it. */
static void dt_var_decl(detail *d, CXCursor c)
{
    enum CX_StorageClass sc = clang_Cursor_getStorageClass(c);
    char *name = cx_copy_string(clang_getCursorSpelling(c));
    if (*name && sc != CX_SC_Static && sc != CX_SC_Extern)
        dt_add_var(d, true, name);
    free(name);
    dt_kids k = dt_children(c);
    bool has_init = false;
    for (size_t i = 0; i < k.n; i++) {
        enum CXCursorKind kind = clang_getCursorKind(k.v[i]);
        if (kind == CXCursor_TypeRef || kind == CXCursor_StructDecl || kind == CXCursor_UnionDecl ||
            kind == CXCursor_EnumDecl)
            continue;
        has_init = true;
        dt_visit(d, k.v[i], DT_READ);
    }
    free(k.v);
    /* Inside a loop an initialization changes the variable each iteration;
     * outside loops it only gives the value the loops then use. */
    if (has_init && sc != CX_SC_Static && dt_top(d)->loop &&
        dt_type_is_arithmetic(clang_getCursorType(c))) {
        CXCursor decl = clang_getCanonicalCursor(c);
        dt_note_written(d, decl);
        dt_note_scalar(d, decl, DT_WRITE);
    }
}

/* ---- subscripts ---- */

enum { DT_MAX_DIMS = 16 };

/* A subscript chain read from its top down. */
typedef struct dt_chain {
    CXCursor subs[DT_MAX_DIMS]; /* the lowest run's subscripts, fastest first */
    unsigned nsubs;
    CXCursor element; /* the top of the lowest run: what one access moves */
    CXCursor base;    /* the array: the lowest run's base */
    CXCursor others[DT_MAX_DIMS]; /* subscripts of the runs above */
    unsigned nothers;
    bool too_deep;
} dt_chain;

/* The base and the index of a subscript: the base is the pointer operand
 * (`i[a]` is C too). */
static bool dt_subscript_parts(CXCursor c, CXCursor *base, CXCursor *index)
{
    cx_kids k = cx_children_of(c);
    if (k.n != 2)
        return false;
    int b = cx_type_is_pointer_or_array(clang_getCursorType(k.v[0])) ? 0 : 1;
    *base = k.v[b];
    *index = k.v[1 - b];
    return true;
}

/* `.m` continues a chain; `->m` starts a new one at the pointer. */
static bool dt_member_parent(CXCursor c, CXCursor *inner)
{
    cx_kids k = cx_children_of(c);
    if (k.n != 1 || clang_getCanonicalType(clang_getCursorType(k.v[0])).kind == CXType_Pointer)
        return false;
    *inner = k.v[0];
    return true;
}

static void dt_read_chain(CXCursor top, dt_chain *ch)
{
    memset(ch, 0, sizeof *ch);
    CXCursor node = top;
    bool in_run = false;
    for (;;) {
        node = lin_strip(node);
        enum CXCursorKind k = clang_getCursorKind(node);
        CXCursor base, index;
        if (k == CXCursor_ArraySubscriptExpr && dt_subscript_parts(node, &base, &index)) {
            if (!in_run) { /* a new, lower run: the ones seen so far are above it */
                for (unsigned i = 0; i < ch->nsubs && ch->nothers < DT_MAX_DIMS; i++)
                    ch->others[ch->nothers++] = ch->subs[i];
                ch->nsubs = 0;
                ch->element = node;
                in_run = true;
            }
            if (ch->nsubs == DT_MAX_DIMS) {
                ch->too_deep = true;
                return;
            }
            ch->subs[ch->nsubs++] = index;
            ch->base = base;
            node = base;
        } else if (k == CXCursor_MemberRefExpr && dt_member_parent(node, &base)) {
            in_run = false;
            node = base;
        } else {
            return;
        }
    }
}

/* The open level whose loop variable decl is, counted from the innermost
 * (0); -1 when none. */
static int dt_loop_level_of(const detail *d, CXCursor var)
{
    for (size_t i = d->nlevels; i > 1; i--) {
        const dt_level *lv = &d->levels[i - 1];
        if (!clang_Cursor_isNull(lv->var) && clang_equalCursors(lv->var, var))
            return (int)(d->nlevels - i);
    }
    return -1;
}

/* The access a chain's subscripts make: relative to the open loops, or not. */
typedef struct dt_subscripts {
    unsigned n;
    long index[DT_MAX_DIMS];
    int order[DT_MAX_DIMS];
    bool relative, default_order;
} dt_subscripts;

static void dt_classify_subscripts(detail *d, const dt_chain *ch, dt_subscripts *out)
{
    out->n = ch->nsubs;
    out->relative = true;
    out->default_order = true;
    for (unsigned i = 0; i < ch->nsubs; i++) {
        lin l;
        lin_of_expr(d->tu, ch->subs[i], &l);
        int level = lin_is_var_plus_const(&l) ? dt_loop_level_of(d, l.t[0].var) : -1;
        for (unsigned j = 0; j < i && level >= 0; j++)
            if (out->order[j] == level)
                level = -1; /* `a[i][i]`: one loop variable twice */
        if (level < 0)
            out->relative = false;
        out->index[i] = level >= 0 || lin_is_const(&l) ? l.c : 0;
        out->order[i] = level;
        out->default_order &= level == (int)i;
        lin_release(&l);
    }
}

/* "[k][j+1][i]": the subscripts as written, in C order. */
static char *dt_subscript_text(detail *d, const dt_chain *ch)
{
    strbuf sb = STRBUF_INIT;
    for (unsigned i = ch->nsubs; i > 0; i--) {
        char *t = cx_path_text(d->tu, ch->subs[i - 1]);
        strbuf_printf(&sb, "[%s]", t);
        free(t);
    }
    return strbuf_take(&sb);
}

static bool dt_same_access(const lm_access *a, const dt_subscripts *s, const char *text)
{
    if (a->ndims != s->n || a->relative != s->relative)
        return false;
    if (!a->relative)
        return !strcmp(a->subscript, text);
    if ((a->order == NULL) != s->default_order)
        return false;
    for (unsigned i = 0; i < s->n; i++)
        if (a->index[i] != s->index[i] || (a->order && a->order[i] != s->order[i]))
            return false;
    return true;
}

static lm_access *dt_find_or_add_access(detail *d, lm_array_ref *a, const dt_subscripts *s,
                                        const char *text)
{
    for (lm_access *x = a->accesses; x; x = x->next)
        if (dt_same_access(x, s, text))
            return x;
    bool ordered = s->relative && !s->default_order;
    lm_access *x = lm_array_ref_add_access(d->p, a, s->n, ordered ? s->n : 0);
    x->relative = s->relative;
    for (unsigned i = 0; i < s->n; i++) {
        x->index[i] = s->index[i];
        if (ordered)
            x->order[i] = s->order[i];
    }
    if (!s->relative)
        x->subscript = arena_strdup(d->p->arena, text);
    return x;
}

static char *dt_base_name(detail *d, CXCursor base)
{
    base = lin_strip(base);
    if (clang_getCursorKind(base) == CXCursor_DeclRefExpr)
        return cx_copy_string(clang_getCursorSpelling(base));
    return cx_path_text(d->tu, base);
}

static void dt_record_access(detail *d, const dt_chain *ch, dt_mode mode)
{
    lm_loop *l = dt_top(d)->loop;
    if (!l || !(mode & (DT_READ | DT_WRITE)))
        return;
    CXType elem = clang_getCursorType(ch->element);
    enum CXTypeKind ek = clang_getCanonicalType(elem).kind;
    if (ek == CXType_ConstantArray || ek == CXType_IncompleteArray || ek == CXType_VariableArray)
        return; /* `B[i]` passed on: an address, no access */
    dt_subscripts s;
    dt_classify_subscripts(d, ch, &s);
    char *name = dt_base_name(d, ch->base);
    lm_array_ref *a = lm_loop_find_array_ref(l, name);
    if (!a) {
        char *type = cx_type_spelling(elem);
        a = lm_loop_add_array_ref(d->p, l, name, "", type, s.n);
        a->access_type = mode == DT_WRITE ? LM_WRITEONLY : LM_READONLY;
        free(type);
    }
    free(name);
    if ((mode & DT_READ && a->access_type == LM_WRITEONLY) ||
        (mode & DT_WRITE && a->access_type == LM_READONLY))
        a->access_type = LM_READWRITE;
    char *text = s.relative ? NULL : dt_subscript_text(d, ch);
    lm_access *x = dt_find_or_add_access(d, a, &s, text);
    free(text);
    if (mode & DT_READ)
        x->reads++;
    if (mode & DT_WRITE)
        x->writes++;
}

static void dt_subscript(detail *d, CXCursor c, dt_mode mode)
{
    dt_chain ch;
    dt_read_chain(c, &ch);
    if (ch.too_deep || ch.nsubs == 0) {
        dt_kids k = dt_children(c);
        dt_visit_all(d, &k, 0, DT_READ);
        free(k.v);
        return;
    }
    dt_record_access(d, &ch, mode);
    /* The parts: the array expression (a pointer read: `p->v` reads p) and
     * every subscript. */
    dt_visit(d, ch.base, DT_READ);
    for (unsigned i = ch.nsubs; i > 0; i--) /* in source order */
        dt_visit(d, ch.subs[i - 1], DT_READ);
    for (unsigned i = ch.nothers; i > 0; i--)
        dt_visit(d, ch.others[i - 1], DT_READ);
}

/* ---- loops ---- */

/* The loop the counting walk made for statement c: the next in source order,
 * or found by position if the walks ever disagree. */
static lm_loop *dt_model_loop(detail *d, CXCursor c)
{
    unsigned line = 0, col = 0;
    clang_getFileLocation(clang_getCursorLocation(c), NULL, &line, &col, NULL);
    lm_loop *l = d->next_loop;
    if (!l || l->loc.line != line || l->loc.column != col) {
        for (l = d->fn->loops; l; l = lm_loop_next_preorder(l))
            if (l->loc.line == line && l->loc.column == col)
                break;
    }
    if (l)
        d->next_loop = lm_loop_next_preorder(l);
    return l;
}

static void dt_body(detail *d, lm_loop *l, CXCursor var, CXCursor body)
{
    dt_level lv = {l, var};
    DT_PUSH(d->levels, d->nlevels, d->levels_cap, lv);
    dt_visit(d, body, DT_READ);
    d->nlevels--;
}

/* Which of a for statement's header children is init, condition and
 * increment: libclang leaves absent parts out, so the children are placed
 * by the header's two semicolons and its closing parenthesis. */
typedef struct dt_for_parts {
    CXCursor init, cond, inc;
} dt_for_parts;

static bool dt_header_marks(detail *d, CXCursor loop, CXCursor body, unsigned marks[3])
{
    CXSourceRange r = clang_getRange(clang_getRangeStart(clang_getCursorExtent(loop)),
                                     clang_getRangeStart(clang_getCursorExtent(body)));
    CXToken *toks = NULL;
    unsigned n = 0, nmarks = 0;
    clang_tokenize(d->tu, r, &toks, &n);
    int depth = 0;
    for (unsigned i = 0; i < n && nmarks < 3; i++) {
        if (clang_getTokenKind(toks[i]) != CXToken_Punctuation)
            continue;
        CXString s = clang_getTokenSpelling(d->tu, toks[i]);
        const char *p = clang_getCString(s);
        if (!strcmp(p, "(") || !strcmp(p, "[") || !strcmp(p, "{"))
            depth++;
        else if (!strcmp(p, ")") && depth == 1)
            marks[nmarks++] = dt_offset_of(clang_getTokenLocation(d->tu, toks[i])), depth--;
        else if (!strcmp(p, ")") || !strcmp(p, "]") || !strcmp(p, "}"))
            depth--;
        else if (!strcmp(p, ";") && depth == 1)
            marks[nmarks++] = dt_offset_of(clang_getTokenLocation(d->tu, toks[i]));
        clang_disposeString(s);
    }
    clang_disposeTokens(d->tu, toks, n);
    return nmarks == 3;
}

static dt_for_parts dt_for_parts_of(detail *d, CXCursor loop, const dt_kids *k)
{
    dt_for_parts parts = {clang_getNullCursor(), clang_getNullCursor(), clang_getNullCursor()};
    if (k->n == 4) /* all there: no need to look at the tokens (a macro's loop has none) */
        return (dt_for_parts){k->v[0], k->v[1], k->v[2]};
    unsigned marks[3];
    if (k->n == 0 || !dt_header_marks(d, loop, k->v[k->n - 1], marks))
        return parts;
    CXCursor *slot[3] = {&parts.init, &parts.cond, &parts.inc};
    for (size_t i = 0; i + 1 < k->n; i++) {
        unsigned off = dt_offset_of(clang_getRangeStart(clang_getCursorExtent(k->v[i])));
        unsigned part = off < marks[0] ? 0 : off < marks[1] ? 1 : 2;
        if (!clang_Cursor_isNull(*slot[part]))
            return (dt_for_parts){clang_getNullCursor(), clang_getNullCursor(),
                                  clang_getNullCursor()};
        *slot[part] = k->v[i];
    }
    return parts;
}

/* The variable an expression names (through parentheses and casts), as its
 * canonical declaration, or a null cursor. */
static CXCursor dt_var_of(CXCursor e)
{
    e = lin_strip(e);
    if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
        return clang_getNullCursor();
    CXCursor decl = clang_getCursorReferenced(e);
    return !clang_Cursor_isNull(decl) && dt_is_variable(decl) ? clang_getCanonicalCursor(decl)
                                                              : clang_getNullCursor();
}

static bool dt_is_var(CXCursor e, CXCursor var)
{
    CXCursor v = dt_var_of(e);
    return !clang_Cursor_isNull(v) && clang_equalCursors(v, var);
}

/* The increment: its variable and signed step (`i++`, `i -= 2`, `i = i + s`).
 * step is set (and owned by the caller) only when true is returned. */
static bool dt_increment(detail *d, CXCursor inc, CXCursor *var, lin *step)
{
    inc = lin_strip(inc);
    enum CXCursorKind k = clang_getCursorKind(inc);
    dt_kids ch = dt_children(inc);
    memset(step, 0, sizeof *step);
    bool ok = false;
    if (k == CXCursor_UnaryOperator && ch.n == 1) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(inc);
        bool up = op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PreInc;
        bool down = op == CXUnaryOperator_PostDec || op == CXUnaryOperator_PreDec;
        *var = dt_var_of(ch.v[0]);
        ok = (up || down) && !clang_Cursor_isNull(*var);
        step->c = up ? 1 : -1;
    } else if ((k == CXCursor_CompoundAssignOperator || k == CXCursor_BinaryOperator) &&
               ch.n == 2 && !clang_Cursor_isNull(*var = dt_var_of(ch.v[0]))) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(inc);
        if (op == CXBinaryOperator_AddAssign || op == CXBinaryOperator_SubAssign) {
            lin_of_expr(d->tu, ch.v[1], step);
            ok = op == CXBinaryOperator_AddAssign || lin_scale(step, -1);
        } else if (op == CXBinaryOperator_Assign) {
            lin_of_expr(d->tu, ch.v[1], step); /* v = v + s: the step is the rest */
            ok = lin_remove_var(step, *var);
            for (unsigned i = 0; ok && i < step->n; i++)
                ok = clang_Cursor_isNull(step->t[i].var) ||
                     !clang_equalCursors(step->t[i].var, *var);
        }
        if (!ok)
            lin_release(step);
    }
    free(ch.v);
    return ok;
}

/* The init: the variable it sets and the value (`i = lo`, `int i = lo`).
 * value is set (and owned by the caller) only when true is returned. */
static bool dt_init(detail *d, CXCursor init, CXCursor *var, lin *value)
{
    CXCursor target = clang_getNullCursor(), expr = clang_getNullCursor();
    dt_kids ch = dt_children(init);
    enum CXCursorKind k = clang_getCursorKind(lin_strip(init));
    if (k == CXCursor_BinaryOperator && ch.n == 2 &&
        clang_getCursorBinaryOperatorKind(init) == CXBinaryOperator_Assign) {
        target = dt_var_of(ch.v[0]);
        expr = ch.v[1];
    } else if (k == CXCursor_DeclStmt && ch.n == 1 &&
               clang_getCursorKind(ch.v[0]) == CXCursor_VarDecl) {
        dt_kids vk = dt_children(ch.v[0]);
        if (vk.n > 0 && clang_getCursorKind(vk.v[vk.n - 1]) != CXCursor_TypeRef) {
            target = clang_getCanonicalCursor(ch.v[0]);
            expr = vk.v[vk.n - 1];
        }
        free(vk.v);
    }
    free(ch.v);
    if (clang_Cursor_isNull(target) || clang_Cursor_isNull(expr))
        return false;
    *var = target;
    lin_of_expr(d->tu, expr, value);
    return true;
}

/* The condition `var OP bound` (or `bound OP var`), with OP as if var were
 * on the left.  bound is set only when true is returned. */
static bool dt_condition(detail *d, CXCursor cond, CXCursor var, enum CXBinaryOperatorKind *op,
                         lin *bound)
{
    cond = lin_strip(cond);
    if (clang_getCursorKind(cond) != CXCursor_BinaryOperator)
        return false;
    enum CXBinaryOperatorKind o = clang_getCursorBinaryOperatorKind(cond);
    static const struct {
        enum CXBinaryOperatorKind op, flipped;
    } comparisons[] = {
        {CXBinaryOperator_LT, CXBinaryOperator_GT}, {CXBinaryOperator_LE, CXBinaryOperator_GE},
        {CXBinaryOperator_GT, CXBinaryOperator_LT}, {CXBinaryOperator_GE, CXBinaryOperator_LE},
        {CXBinaryOperator_NE, CXBinaryOperator_NE},
    };
    size_t i = 0, n = sizeof comparisons / sizeof *comparisons;
    while (i < n && comparisons[i].op != o)
        i++;
    dt_kids ch = dt_children(cond);
    bool ok = i < n && ch.n == 2;
    if (ok && dt_is_var(ch.v[0], var)) {
        *op = o;
        lin_of_expr(d->tu, ch.v[1], bound);
    } else if (ok && dt_is_var(ch.v[1], var)) {
        *op = comparisons[i].flipped;
        lin_of_expr(d->tu, ch.v[0], bound);
    } else {
        ok = false;
    }
    free(ch.v);
    return ok;
}

static const char *dt_format(detail *d, const lin *l)
{
    strbuf sb = STRBUF_INIT;
    lin_format(&sb, l);
    const char *s = arena_strdup(d->p->arena, strbuf_cstr(&sb));
    strbuf_release(&sb);
    return s;
}

/* The inclusive bound of the last value: `v < E` counting up ends at E-1,
 * `v > E` counting down at E+1; `!=` goes the way the step does. */
static long dt_inclusive_adjust(enum CXBinaryOperatorKind op, int direction)
{
    switch (op) {
    case CXBinaryOperator_LT:
        return -1;
    case CXBinaryOperator_GT:
        return 1;
    case CXBinaryOperator_NE:
        return direction < 0 ? 1 : -1;
    default:
        return 0;
    }
}

/* Fill l's bounds from its header parts; the loop variable, or a null cursor. */
static CXCursor dt_bounds(detail *d, lm_loop *l, const dt_for_parts *parts)
{
    CXCursor var = clang_getNullCursor(), init_var = clang_getNullCursor();
    lin step, lower, bound;
    bool has_step = !clang_Cursor_isNull(parts->inc) && dt_increment(d, parts->inc, &var, &step);
    bool has_lower = !clang_Cursor_isNull(parts->init) && dt_init(d, parts->init, &init_var, &lower);
    if (clang_Cursor_isNull(var))
        var = init_var;
    if (has_lower && !clang_equalCursors(var, init_var)) {
        lin_release(&lower);
        has_lower = false;
    }
    if (clang_Cursor_isNull(var))
        return var;
    char *name = cx_copy_string(clang_getCursorSpelling(var));
    l->bounds.loopvar = arena_strdup(d->p->arena, name);
    free(name);
    if (has_step)
        l->bounds.stride = dt_format(d, &step);
    if (has_lower)
        l->bounds.lower = dt_format(d, &lower);
    enum CXBinaryOperatorKind op;
    if (!clang_Cursor_isNull(parts->cond) && dt_condition(d, parts->cond, var, &op, &bound)) {
        int direction = op == CXBinaryOperator_GT || op == CXBinaryOperator_GE ? -1 : 1;
        if (has_step && lin_is_const(&step) && step.c != 0)
            direction = step.c < 0 ? -1 : 1;
        long adjust = dt_inclusive_adjust(op, direction);
        if (!__builtin_add_overflow(bound.c, adjust, &bound.c))
            l->bounds.upper = dt_format(d, &bound);
        lin_release(&bound);
    }
    if (has_step)
        lin_release(&step);
    if (has_lower)
        lin_release(&lower);
    return var;
}

static void dt_for(detail *d, CXCursor c)
{
    lm_loop *l = dt_model_loop(d, c);
    dt_kids k = dt_children(c);
    if (k.n > 0) {
        CXCursor var = clang_getNullCursor();
        if (l) {
            dt_for_parts parts = dt_for_parts_of(d, c, &k);
            var = dt_bounds(d, l, &parts);
        }
        for (size_t i = 0; i + 1 < k.n; i++)
            dt_visit(d, k.v[i], DT_READ);
        dt_body(d, l, var, k.v[k.n - 1]);
    }
    free(k.v);
}

/* A while loop's body is its last child, a do loop's its first; the rest is
 * the condition, which belongs to the level around. */
static void dt_while_or_do(detail *d, CXCursor c, bool is_do)
{
    lm_loop *l = dt_model_loop(d, c);
    dt_kids k = dt_children(c);
    if (k.n > 0) {
        size_t body = is_do ? 0 : k.n - 1;
        if (is_do)
            dt_body(d, l, clang_getNullCursor(), k.v[body]);
        for (size_t i = 0; i < k.n; i++)
            if (i != body)
                dt_visit(d, k.v[i], DT_READ);
        if (!is_do)
            dt_body(d, l, clang_getNullCursor(), k.v[body]);
    }
    free(k.v);
}

/* ---- calls and communication ---- */

typedef struct dt_comm_kind {
    const char *name, *commtype;
    bool reduce;        /* one commscalar; else a commarray per buffer */
    int bufs[2], counts[2]; /* argument positions, -1 for none */
} dt_comm_kind;

static const dt_comm_kind dt_comm_kinds[] = {
    {"MPI_Allreduce", "reduce", true, {0, 1}, {2, -1}},
    {"MPI_Reduce", "reduce", true, {0, 1}, {2, -1}},
    {"MPI_Iallreduce", "reduce", true, {0, 1}, {2, -1}},
    {"MPI_Ireduce", "reduce", true, {0, 1}, {2, -1}},
    {"MPI_Send", "ghost", false, {0, -1}, {1, -1}},
    {"MPI_Isend", "ghost", false, {0, -1}, {1, -1}},
    {"MPI_Ssend", "ghost", false, {0, -1}, {1, -1}},
    {"MPI_Bsend", "ghost", false, {0, -1}, {1, -1}},
    {"MPI_Rsend", "ghost", false, {0, -1}, {1, -1}},
    {"MPI_Recv", "ghost", false, {0, -1}, {1, -1}},
    {"MPI_Irecv", "ghost", false, {0, -1}, {1, -1}},
    {"MPI_Sendrecv", "ghost", false, {0, 5}, {1, 6}},
};

static const dt_comm_kind *dt_comm_kind_of(const char *name)
{
    for (size_t i = 0; i < sizeof dt_comm_kinds / sizeof *dt_comm_kinds; i++)
        if (!strcmp(dt_comm_kinds[i].name, name))
            return &dt_comm_kinds[i];
    return NULL;
}

/* Dimensions of a type as subscripts see them: `double *` 1, `double[4][5]` 2. */
static unsigned dt_rank(CXType t)
{
    unsigned rank = 0;
    t = clang_getCanonicalType(t);
    if (t.kind == CXType_Pointer) {
        rank++;
        t = clang_getCanonicalType(clang_getPointeeType(t));
    }
    while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
           t.kind == CXType_VariableArray) {
        rank++;
        t = clang_getCanonicalType(clang_getArrayElementType(t));
    }
    return rank;
}

/* A buffer that designates no variable (a literal address) is skipped. */
static void dt_comm_var(detail *d, lm_comm *comm, CXCursor arg, bool is_array, CXCursor count)
{
    CXCursor root = cx_argument_root(arg);
    if (clang_Cursor_isNull(root))
        return;
    CXType t = clang_getCursorType(root);
    bool indirect = cx_type_is_pointer_or_array(t);
    char *name = dt_base_name(d, root);
    char *type = cx_type_spelling(indirect ? cx_innermost_element(t) : t);
    lm_comm_var *v = lm_comm_add_var(d->p, comm, is_array, name, type);
    free(name);
    free(type);
    if (is_array) {
        unsigned rank = dt_rank(t);
        lm_ghost_init(d->p, &v->ghost, rank ? rank : 1);
        DT_PUSH(d->commarrays, d->ncommarrays, d->commarrays_cap, v);
    }
    if (!clang_Cursor_isNull(count)) {
        char *text = cx_expr_text(d->tu, count);
        v->count = arena_strdup(d->p->arena, text);
        free(text);
    }
}

static CXCursor dt_argument(CXCursor call, int i)
{
    return i >= 0 && i < clang_Cursor_getNumArguments(call)
               ? clang_Cursor_getArgument(call, (unsigned)i)
               : clang_getNullCursor();
}

static void dt_comm(detail *d, CXCursor call, const dt_comm_kind *ck)
{
    lm_comm *comm = lm_function_add_comm(d->p, d->fn, dt_line_of(call), ck->commtype, ck->name);
    if (ck->reduce) {
        /* MPI_IN_PLACE is a constant address, no variable: the data is then
         * in the receive buffer. */
        CXCursor buf = dt_argument(call, ck->bufs[0]);
        if (clang_Cursor_isNull(cx_argument_root(buf)))
            buf = dt_argument(call, ck->bufs[1]);
        dt_comm_var(d, comm, buf, false, clang_getNullCursor());
        return;
    }
    for (int i = 0; i < 2; i++)
        if (ck->bufs[i] >= 0)
            dt_comm_var(d, comm, dt_argument(call, ck->bufs[i]), true,
                        dt_argument(call, ck->counts[i]));
}

static void dt_call(detail *d, CXCursor c)
{
    char *name = cx_copy_string(clang_getCursorSpelling(c));
    dt_kids k = dt_children(c);
    if (!*name && k.n > 0) {
        free(name);
        name = cx_expr_text(d->tu, k.v[0]);
    }
    const dt_comm_kind *ck = dt_comm_kind_of(name);
    if (ck)
        dt_comm(d, c, ck);
    else
        lm_function_add_call(d->p, d->fn, dt_line_of(c), name);
    free(name);
    dt_visit_all(d, &k, 0, DT_READ);
    free(k.v);
}

/* ---- the visit ---- */

static void dt_binary(detail *d, CXCursor c)
{
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    dt_kids k = dt_children(c);
    dt_mode first = op == CXBinaryOperator_Assign ? DT_WRITE
                    : fp_ops_is_assignment(op)     ? DT_READWRITE
                                                   : DT_READ;
    if (k.n > 0)
        dt_visit(d, k.v[0], first);
    dt_visit_all(d, &k, 1, DT_READ);
    free(k.v);
}

static void dt_unary(detail *d, CXCursor c)
{
    dt_mode mode = DT_READ;
    switch (clang_getCursorUnaryOperatorKind(c)) {
    case CXUnaryOperator_PostInc:
    case CXUnaryOperator_PostDec:
    case CXUnaryOperator_PreInc:
    case CXUnaryOperator_PreDec:
        mode = DT_READWRITE;
        break;
    case CXUnaryOperator_AddrOf:
        mode = DT_ADDRESS;
        break;
    default:
        break;
    }
    dt_kids k = dt_children(c);
    dt_visit_all(d, &k, 0, mode);
    free(k.v);
}

/* Parentheses, implicit conversions and `.member` hand their mode on; `->m`
 * reads its pointer. */
static void dt_pass_through(detail *d, CXCursor c, dt_mode mode)
{
    dt_kids k = dt_children(c);
    if (k.n > 0) {
        bool arrow = clang_getCursorKind(c) == CXCursor_MemberRefExpr &&
                     clang_getCanonicalType(clang_getCursorType(k.v[0])).kind == CXType_Pointer;
        dt_visit(d, k.v[0], arrow ? DT_READ : mode);
    }
    dt_visit_all(d, &k, 1, DT_READ);
    free(k.v);
}

static void dt_visit(detail *d, CXCursor c, dt_mode mode)
{
    switch (clang_getCursorKind(c)) {
    case CXCursor_ForStmt:
        dt_for(d, c);
        return;
    case CXCursor_WhileStmt:
        dt_while_or_do(d, c, false);
        return;
    case CXCursor_DoStmt:
        dt_while_or_do(d, c, true);
        return;
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator:
        dt_binary(d, c);
        return;
    case CXCursor_UnaryOperator:
        dt_unary(d, c);
        return;
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr:
    case CXCursor_MemberRefExpr:
        dt_pass_through(d, c, mode);
        return;
    case CXCursor_ArraySubscriptExpr:
        dt_subscript(d, c, mode);
        return;
    case CXCursor_DeclRefExpr:
        dt_decl_ref(d, c, mode);
        return;
    case CXCursor_VarDecl:
        dt_var_decl(d, c);
        return;
    case CXCursor_CallExpr:
        dt_call(d, c);
        return;
    case CXCursor_UnaryExpr: /* sizeof, _Alignof: not evaluated */
        return;
    default: {
        dt_kids k = dt_children(c);
        dt_visit_all(d, &k, 0, DT_READ);
        free(k.v);
        return;
    }
    }
}

/* ---- what is known at the end ---- */

static void dt_finish_constants(detail *d)
{
    for (size_t i = 0; i < d->nsdecls; i++) {
        CXCursor decl = d->sdecls[i].decl;
        if (dt_was_written(d, decl) && !clang_isConstQualifiedType(clang_getCursorType(decl)))
            d->sdecls[i].scalar->is_constant = false;
    }
}

/* Per dimension, the smallest and largest offset of the relative accesses;
 * (0,0) where there is none. */
static void dt_finish_ghost(detail *d, lm_array_ref *a)
{
    unsigned nd = a->ghost.ndims;
    for (const lm_access *x = a->accesses; x; x = x->next)
        if (x->ndims > nd)
            nd = x->ndims;
    if (nd != a->ghost.ndims)
        lm_ghost_init(d->p, &a->ghost, nd);
    for (unsigned k = 0; k < nd; k++) {
        bool seen = false;
        for (const lm_access *x = a->accesses; x; x = x->next) {
            if (!x->relative || k >= x->ndims)
                continue;
            long v = x->index[k];
            a->ghost.neg[k] = seen && a->ghost.neg[k] < v ? a->ghost.neg[k] : v;
            a->ghost.pos[k] = seen && a->ghost.pos[k] > v ? a->ghost.pos[k] : v;
            seen = true;
        }
        if (!seen)
            a->ghost.neg[k] = a->ghost.pos[k] = 0;
    }
}

/* A communicated array's halo: the union of its ghosts in the function's loops. */
static void dt_finish_commarray(detail *d, lm_comm_var *v)
{
    lm_ghost *g = &v->ghost;
    bool seen = false;
    for (lm_loop *l = d->fn->loops; l; l = lm_loop_next_preorder(l)) {
        lm_array_ref *a = lm_loop_find_array_ref(l, v->name);
        if (!a)
            continue;
        if (a->ghost.ndims > g->ndims) {
            lm_ghost wider;
            lm_ghost_init(d->p, &wider, a->ghost.ndims);
            for (unsigned k = 0; k < g->ndims; k++) {
                wider.neg[k] = g->neg[k];
                wider.pos[k] = g->pos[k];
            }
            *g = wider;
        }
        for (unsigned k = 0; k < a->ghost.ndims; k++) {
            if (!seen || a->ghost.neg[k] < g->neg[k])
                g->neg[k] = a->ghost.neg[k];
            if (!seen || a->ghost.pos[k] > g->pos[k])
                g->pos[k] = a->ghost.pos[k];
        }
        seen = true;
    }
}

static void dt_finish(detail *d)
{
    dt_finish_constants(d);
    for (lm_loop *l = d->fn->loops; l; l = lm_loop_next_preorder(l))
        for (lm_array_ref *a = l->array_refs; a; a = a->next)
            dt_finish_ghost(d, a);
    for (size_t i = 0; i < d->ncommarrays; i++)
        dt_finish_commarray(d, d->commarrays[i]);
}

void detail_function(lm_program *p, lm_function *fn, CXTranslationUnit tu, CXCursor definition,
                     CXCursor body)
{
    detail d = {.p = p, .fn = fn, .tu = tu, .next_loop = fn->loops};
    int nargs = clang_Cursor_getNumArguments(definition);
    for (int i = 0; i < nargs; i++) {
        char *name = cx_copy_string(
            clang_getCursorSpelling(clang_Cursor_getArgument(definition, (unsigned)i)));
        if (*name)
            dt_add_var(&d, false, name);
        free(name);
    }
    dt_level bottom = {NULL, clang_getNullCursor()};
    DT_PUSH(d.levels, d.nlevels, d.levels_cap, bottom);
    dt_visit(&d, body, DT_READ);
    dt_finish(&d);
    free(d.levels);
    free(d.sdecls);
    free(d.written.slots);
    free(d.locals.slots);
    free(d.nonlocals.slots);
    free(d.commarrays);
}
