/* The ExaSAT detail of a function, recorded as the walk goes.
 *
 * The walk (walk.c) visits every node once and calls in here where the
 * detail needs something: a variable named (with the access mode the walk
 * handed it: the left side of `=` is written, of `op=` and `++`/`--` read
 * and written, an `&` operand neither but its variable may be written
 * through the address, everything else read), a declaration, a call, a loop
 * statement and its body, and the end of an lvalue chain with a subscript.
 *
 * Levels.  A stack of open loop bodies; the function body is the bottom,
 * where nothing is recorded.  A loop's header (init, condition, increment)
 * is visited in the level around the loop, as the counting rules say; its
 * body opens a level holding the loop and its variable.
 *
 * Subscripts.  The walk reads each chain (`A[k][j][i]`, `s.a[k]`,
 * `pts[i].x`) and hands over the lowest run of subscripts, fastest
 * dimension first, and the array, its base.  A subscript that is the
 * variable of an open loop plus a constant is relative to that loop's level
 * (0 = the innermost open loop).  A chain ends after the chains inside its
 * subscripts, but is recorded before them, in the order of the chains' tops:
 * the walk holds them until the outermost ends.
 *
 * What can only be known at the end (whether a scalar is ever written in the
 * function, the ghost extents, the halo a communicated array has) is settled
 * in detail_end. */
#include "detail.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "cx.h"
#include "cxx.h"
#include "fp_ops.h"
#include "linear.h"
#include "loop_model.h"
#include "mem.h"
#include "strbuf.h"

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

typedef struct dt_level {
    lm_loop *loop;
    CXCursor var; /* the loop variable's canonical declaration, or a null cursor */
    dt_cursor_set declared; /* the variables declared in the loop's body */
} dt_level;

/* A set of names, open addressing; the names belong to the program's arena.
 * A function's locals and nonlocals are checked at every declaration and
 * every reference to a global: as lists, a function of many loops with
 * their own variables cost their number squared in string comparisons. */
typedef struct dt_name_set {
    const char **slots;
    size_t n, cap; /* cap: 0 or a power of two */
} dt_name_set;

/* An access whose chain has ended, held until it is recorded. */
typedef struct dt_pending {
    unsigned long seq;
    lm_loop *loop;
    access_mode mode;
    char *name, *text; /* text: the subscripts as written, for an access not relative */
    const char *type;
    unsigned long size;
    unsigned n;
    long index[DETAIL_MAX_DIMS];
    int order[DETAIL_MAX_DIMS];
    bool relative, default_order;
} dt_pending;

typedef struct detail {
    lm_program *p;
    lm_function *fn;
    CXTranslationUnit tu;
    dt_level *levels;
    size_t nlevels, levels_cap;
    dt_scalar_decl *sdecls;
    size_t nsdecls, sdecls_cap;
    dt_cursor_set written; /* declarations written somewhere in the function */
    dt_name_set locals, nonlocals; /* the names fn->locals and fn->nonlocals hold */
    lm_comm_var **commarrays; /* their ghost is the function's halo of the array */
    size_t ncommarrays, commarrays_cap;
    dt_pending *pending; /* in the order their chains ended */
    size_t npending, pending_cap;
} detail;

#define DT_PUSH(vec, n, cap, value)                                                               \
    do {                                                                                          \
        if ((n) == (cap)) {                                                                       \
            (cap) = (cap) ? 2 * (cap) : 8;                                                        \
            (vec) = mem_realloc((vec), (cap) * sizeof *(vec));                                    \
        }                                                                                         \
        (vec)[(n)++] = (value);                                                                   \
    } while (0)

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

/* A reference to a scalar at the current level; a variable declared in the level's body is
 * marked so (a new one every iteration: nothing carried from one to the next). */
static void dt_note_scalar(detail *d, CXCursor decl, access_mode mode)
{
    dt_level *top = dt_top(d);
    lm_loop *l = top->loop;
    if (!l || !(mode & (ACC_READ | ACC_WRITE)))
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
    if (dt_cursor_set_has(&top->declared, decl))
        s->declared = true;
    if (mode & ACC_READ)
        s->reads++;
    if (mode & ACC_WRITE)
        s->writes++;
    dt_scalar_decl sd = {s, decl};
    DT_PUSH(d->sdecls, d->nsdecls, d->sdecls_cap, sd);
}

void detail_reference(detail *d, CXCursor c, access_mode mode)
{
    CXCursor decl = clang_getCursorReferenced(c);
    if (clang_Cursor_isNull(decl) || !dt_is_variable(decl))
        return;
    decl = clang_getCanonicalCursor(decl);
    if (mode & (ACC_WRITE | ACC_ADDRESS))
        dt_note_written(d, decl);
    dt_note_nonlocal(d, decl);
    if (dt_type_is_arithmetic(clang_getCursorType(decl)))
        dt_note_scalar(d, decl, mode);
}

/* A declaration in the body: a local (or a static, which is nonlocal), whose
 * initializer writes it. */
void detail_declaration_begin(detail *d, CXCursor c)
{
    enum CX_StorageClass sc = clang_Cursor_getStorageClass(c);
    char *name = cx_copy_string(clang_getCursorSpelling(c));
    if (*name && sc != CX_SC_Static && sc != CX_SC_Extern) {
        dt_add_var(d, true, name);
        if (dt_top(d)->loop)
            dt_cursor_set_add(&dt_top(d)->declared, clang_getCanonicalCursor(c));
    }
    free(name);
}

void detail_declaration_end(detail *d, CXCursor c, bool has_init)
{
    /* Inside a loop an initialization changes the variable each iteration;
     * outside loops it only gives the value the loops then use. */
    if (has_init && clang_Cursor_getStorageClass(c) != CX_SC_Static && dt_top(d)->loop &&
        dt_type_is_arithmetic(clang_getCursorType(c))) {
        CXCursor decl = clang_getCanonicalCursor(c);
        dt_note_written(d, decl);
        dt_note_scalar(d, decl, ACC_WRITE);
    }
}

/* ---- subscripts ---- */

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

/* How a chain's subscripts access the array: relative to the open loops, or not. */
static void dt_classify_subscripts(detail *d, const detail_access_chain *ch, dt_pending *out)
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
static char *dt_subscript_text(detail *d, const detail_access_chain *ch)
{
    strbuf sb = STRBUF_INIT;
    for (unsigned i = ch->nsubs; i > 0; i--) {
        char *t = cx_path_text(d->tu, ch->subs[i - 1]);
        strbuf_printf(&sb, "[%s]", t);
        free(t);
    }
    return strbuf_take(&sb);
}

static bool dt_same_access(const lm_access *a, const dt_pending *s)
{
    if (a->ndims != s->n || a->relative != s->relative)
        return false;
    if (!a->relative)
        return !strcmp(a->subscript, s->text);
    if ((a->order == NULL) != s->default_order)
        return false;
    for (unsigned i = 0; i < s->n; i++)
        if (a->index[i] != s->index[i] || (a->order && a->order[i] != s->order[i]))
            return false;
    return true;
}

static lm_access *dt_find_or_add_access(detail *d, lm_array_ref *a, const dt_pending *s)
{
    for (lm_access *x = a->accesses; x; x = x->next)
        if (dt_same_access(x, s))
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
        x->subscript = arena_strdup(d->p->arena, s->text);
    return x;
}

static char *dt_base_name(detail *d, CXCursor base)
{
    base = lin_strip(cxx_container_root(base)); /* `v.data()[i]` is of v */
    if (clang_getCursorKind(base) == CXCursor_DeclRefExpr)
        return cx_copy_string(clang_getCursorSpelling(base));
    return cx_path_text(d->tu, base);
}

void detail_access(detail *d, const detail_access_chain *ch)
{
    lm_loop *l = dt_top(d)->loop;
    if (!l || !(ch->mode & (ACC_READ | ACC_WRITE)) || ch->nsubs == 0)
        return;
    if (cx_type_is_array(clang_getCursorType(ch->element)))
        return; /* `B[i]` passed on: an address, no access */
    dt_pending pa = {.seq = ch->seq, .loop = l, .mode = ch->mode, .type = ch->elem_type,
                     .size = ch->elem_size};
    dt_classify_subscripts(d, ch, &pa);
    pa.name = dt_base_name(d, ch->base);
    pa.text = pa.relative ? NULL : dt_subscript_text(d, ch);
    DT_PUSH(d->pending, d->npending, d->pending_cap, pa);
}

static void dt_record_access(detail *d, const dt_pending *pa)
{
    lm_array_ref *a = lm_loop_find_array_ref(pa->loop, pa->name);
    if (!a) {
        a = lm_loop_add_array_ref(d->p, pa->loop, pa->name, "", pa->type, pa->n);
        a->elem_bytes = pa->size;
        a->access_type = pa->mode == ACC_WRITE ? LM_WRITEONLY : LM_READONLY;
    }
    if ((pa->mode & ACC_READ && a->access_type == LM_WRITEONLY) ||
        (pa->mode & ACC_WRITE && a->access_type == LM_READONLY))
        a->access_type = LM_READWRITE;
    lm_access *x = dt_find_or_add_access(d, a, pa);
    if (pa->mode & ACC_READ)
        x->reads++;
    if (pa->mode & ACC_WRITE)
        x->writes++;
}

static int dt_pending_order(const void *a, const void *b)
{
    unsigned long x = ((const dt_pending *)a)->seq, y = ((const dt_pending *)b)->seq;
    return (x > y) - (x < y);
}

void detail_flush_accesses(detail *d)
{
    if (d->npending > 1)
        qsort(d->pending, d->npending, sizeof *d->pending, dt_pending_order);
    for (size_t i = 0; i < d->npending; i++) {
        dt_record_access(d, &d->pending[i]);
        free(d->pending[i].name);
        free(d->pending[i].text);
    }
    d->npending = 0;
}

/* ---- loops ---- */

void detail_range_element(detail *d, const lm_loop *range_loop, CXCursor range,
                          access_mode mode, unsigned long seq, const char *type,
                          unsigned long size)
{
    lm_loop *l = dt_top(d)->loop;
    int level = -1;
    for (size_t i = d->nlevels; i > 1 && level < 0; i--)
        if (d->levels[i - 1].loop == range_loop)
            level = (int)(d->nlevels - i);
    if (!l || level < 0)
        return;
    dt_pending pa = {.seq = seq, .loop = l, .mode = mode, .type = type, .size = size, .n = 1,
                     .relative = true, .default_order = level == 0};
    pa.index[0] = 0;
    pa.order[0] = level;
    pa.name = dt_base_name(d, range);
    DT_PUSH(d->pending, d->npending, d->pending_cap, pa);
}

void detail_body_open(detail *d, lm_loop *l, CXCursor var)
{
    dt_level lv = {l, var, {NULL, 0, 0}};
    DT_PUSH(d->levels, d->nlevels, d->levels_cap, lv);
}

void detail_body_close(detail *d)
{
    free(dt_top(d)->declared.slots);
    d->nlevels--;
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
    cx_kids ch = cx_children_of(inc);
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
    return ok;
}

/* The init: the variable it sets and the value (`i = lo`, `int i = lo`).
 * value is set (and owned by the caller) only when true is returned. */
static bool dt_init(detail *d, CXCursor init, CXCursor *var, lin *value)
{
    CXCursor target = clang_getNullCursor(), expr = clang_getNullCursor();
    cx_kids ch = cx_children_of(init);
    enum CXCursorKind k = clang_getCursorKind(lin_strip(init));
    if (k == CXCursor_BinaryOperator && ch.n == 2 &&
        clang_getCursorBinaryOperatorKind(init) == CXBinaryOperator_Assign) {
        target = dt_var_of(ch.v[0]);
        expr = ch.v[1];
    } else if (k == CXCursor_DeclStmt && ch.n == 1 &&
               clang_getCursorKind(ch.v[0]) == CXCursor_VarDecl) {
        cx_kids vk = cx_children_of(ch.v[0]);
        if (vk.n > 0 && clang_getCursorKind(vk.v[vk.n - 1]) != CXCursor_TypeRef) {
            target = clang_getCanonicalCursor(ch.v[0]);
            expr = vk.v[vk.n - 1];
        }
    }
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
    cx_kids ch = cx_children_of(cond);
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

/* A for statement's header parts; null cursors for those absent. */
typedef struct dt_for_parts {
    CXCursor init, cond, inc;
} dt_for_parts;

static CXCursor dt_part(const cx_kids *kids, int i)
{
    return i >= 0 ? kids->v[i] : clang_getNullCursor();
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

/* A range-based for over a built-in array or a standard container runs
 * once per element: from 0 to its size less one, a constant for an array
 * and std::array, else the symbol `v.size` (bound with -D for the model). */
static void dt_range_bounds(detail *d, lm_loop *l, const cx_kids *kids)
{
    if (kids->n < 3 || clang_getCursorKind(kids->v[0]) != CXCursor_VarDecl)
        return;
    CXCursor range = cx_strip(kids->v[kids->n - 2]);
    CXType t = clang_getCanonicalType(clang_getCursorType(range));
    strbuf upper = STRBUF_INIT;
    if (t.kind == CXType_ConstantArray) {
        strbuf_printf(&upper, "%lld", clang_getArraySize(t) - 1);
    } else if (cxx_type_is_container(t)) {
        long long whole = clang_Type_getSizeOf(t);
        long long one = clang_Type_getSizeOf(clang_Type_getTemplateArgumentAsType(t, 0));
        char *name = cx_path_text(d->tu, cxx_container_root(range));
        if (cxx_type_is_fixed_container(t) && whole > 0 && one > 0)
            strbuf_printf(&upper, "%lld", whole / one - 1);
        else if (name && *name)
            strbuf_printf(&upper, "%s.size-1", name);
        free(name);
    }
    if (!*strbuf_cstr(&upper)) {
        strbuf_release(&upper);
        return;
    }
    char *var = cx_copy_string(clang_getCursorSpelling(kids->v[0]));
    l->bounds.loopvar = arena_strdup(d->p->arena, var);
    l->bounds.lower = "0";
    l->bounds.stride = "1";
    l->bounds.upper = arena_strdup(d->p->arena, strbuf_cstr(&upper));
    free(var);
    strbuf_release(&upper);
}

CXCursor detail_loop(detail *d, lm_loop *l, enum CXCursorKind k, const cx_kids *kids,
                     const cx_for_parts *parts)
{
    if (k == CXCursor_CXXForRangeStmt) {
        dt_range_bounds(d, l, kids);
        return clang_getNullCursor(); /* its variable is an element, not an index */
    }
    if (k != CXCursor_ForStmt || kids->n == 0)
        return clang_getNullCursor();
    dt_for_parts p = {dt_part(kids, parts->init), dt_part(kids, parts->cond),
                      dt_part(kids, parts->inc)};
    return dt_bounds(d, l, &p);
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

/* A call site: where it is, its arguments as written and what it added. */
static void dt_call_site(detail *d, CXCursor c, const char *name,
                         const detail_call_effect *effect)
{
    lm_call *call = lm_function_add_call(d->p, d->fn, d->levels[d->nlevels - 1].loop,
                                         dt_line_of(c), name);
    call->added = effect->added;
    call->added_load_bytes = effect->load_bytes;
    call->added_store_bytes = effect->store_bytes;
    call->indirect = effect->indirect;
    clang_getFileLocation(clang_getCursorLocation(c), NULL, NULL, &call->column, NULL);
    int nargs = clang_Cursor_getNumArguments(c);
    for (int i = 0; i < nargs; i++) {
        char *text = cx_expr_text(d->tu, clang_Cursor_getArgument(c, (unsigned)i));
        lm_call_add_arg(d->p, call, text);
        free(text);
    }
}

void detail_call(detail *d, CXCursor c, const detail_call_effect *effect)
{
    char *name = cx_copy_string(clang_getCursorSpelling(c));
    if (!*name) {
        cx_kids k = cx_children_of(c);
        if (k.n > 0) {
            free(name);
            name = cx_expr_text(d->tu, k.v[0]);
        }
    }
    const dt_comm_kind *ck = dt_comm_kind_of(name);
    if (ck)
        dt_comm(d, c, ck);
    else
        dt_call_site(d, c, name, effect);
    free(name);
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

detail *detail_begin(lm_program *p, lm_function *fn, CXTranslationUnit tu, CXCursor definition)
{
    detail *d = mem_alloc(sizeof *d);
    memset(d, 0, sizeof *d);
    d->p = p;
    d->fn = fn;
    d->tu = tu;
    int nargs = clang_Cursor_getNumArguments(definition);
    for (int i = 0; i < nargs; i++) {
        char *name = cx_copy_string(
            clang_getCursorSpelling(clang_Cursor_getArgument(definition, (unsigned)i)));
        if (*name)
            dt_add_var(d, false, name);
        lm_function_add_param(p, fn, name);
        free(name);
    }
    dt_level bottom = {NULL, clang_getNullCursor(), {NULL, 0, 0}};
    DT_PUSH(d->levels, d->nlevels, d->levels_cap, bottom);
    return d;
}

void detail_end(detail **dp)
{
    if (!dp || !*dp)
        return;
    detail *d = *dp;
    detail_flush_accesses(d);
    dt_finish(d);
    for (size_t i = 0; i < d->nlevels; i++)
        free(d->levels[i].declared.slots);
    free(d->levels);
    free(d->sdecls);
    free(d->written.slots);
    free(d->locals.slots);
    free(d->nonlocals.slots);
    free(d->commarrays);
    free(d->pending);
    free(d);
    *dp = NULL;
}
