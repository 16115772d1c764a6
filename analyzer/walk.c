/* The walk over a function body.
 *
 * One pass.  libclang visits a body cheaply in a single data-recursive
 * clang_visitChildren(..., CXChildVisit_Recurse), but every separate call
 * costs a visitor set-up, so the walk is that one pass and keeps its own
 * stack of frames: a node's frame stays on the stack while its subtree is
 * visited, and when the next node's parent is not the top frame, the frames
 * above that parent are finished and popped.  Nothing recurses on the C
 * stack, so any nesting clang can parse can be walked.
 *
 * FP operations.  An arithmetic operator is counted by the table in fp_ops
 * when its result type is floating.  libclang gives a binary operator the type
 * of its result after the usual arithmetic conversions, so `int * double` is
 * double and counts while `p + 1` on a double * is a pointer and does not.  A
 * compound assignment reports the type of its left side, which hides the
 * computation type of `i += 0.5`; there the operation is floating when either
 * side is, so the right side is looked at when it is visited.  libm calls are
 * specials.  Operands of sizeof and _Alignof are not evaluated and skipped.
 *
 * Array accesses.  An access is a chain of lvalue steps read from the top
 * down: subscripts, `.member` steps, parentheses and implicit casts, e.g.
 * `pts[i].x`, `B[i][j+1]`, `s.a[k]`, `p->v[1]`.  The array is the base of
 * the lowest subscript (`pts`, `B`, `s.a`, `p->v`); the element is the
 * value the run of subscripts above it selects (`pts[i]`, `B[i][j+1]`), so
 * its type is what one access moves.  A chain whose value is itself an array
 * (`B[i]` passed on) only computes an address and moves nothing.  Whether the
 * access reads, writes or both is decided by the chain's parent, which hands
 * an access mode to its children: the left side of `=` writes, of `op=` and
 * `++`/`--` reads and writes, an `&` operand does neither, anything else
 * reads.  The chain's state lives in the frame of its top; the frames of its
 * base steps update it as the descent goes down, and the access is recorded
 * when the top is finished, in source order by a number taken at the top.
 *
 * Loops.  A loop's header (init, condition, increment) belongs to the level
 * that contains the loop; its body is the loop's own level.  Children come in
 * source order, with absent for-parts left out, so the body is the last child
 * of a for/while and the first of a do. */
#include "walk.h"

#include <stdlib.h>
#include <string.h>

#include "fp_ops.h"
#include "mem.h"
#include "strbuf.h"

typedef enum access_mode {
    ACC_NONE = 0,
    ACC_READ = 1,
    ACC_WRITE = 2,
    ACC_READWRITE = 3,
} access_mode;

/* How a node continues the lvalue chain it is the base of. */
typedef enum chain_step {
    STEP_NONE,        /* not a chain step: the bottom of a chain, or no chain */
    STEP_SUBSCRIPT,
    STEP_MEMBER,      /* `.m` continues; `->m` is found out at its child and ends it */
    STEP_TRANSPARENT, /* parentheses and implicit casts */
} chain_step;

typedef struct chain {
    access_mode mode;
    unsigned long seq;
    CXCursor run_top;    /* top of the current run of subscripts */
    CXCursor element;    /* run top of the lowest subscript so far */
    CXCursor array_base; /* base of the lowest subscript so far */
    bool seen_subscript, in_run, want_base;
} chain;

typedef struct frame {
    CXCursor cursor;
    enum CXCursorKind kind;
    lm_loop *loop;       /* the level this node is counted in */
    lm_loop *body_loop;  /* loop statements: the loop their body is counted in */
    unsigned body_index; /* loop statements: which child is the body */
    access_mode first_mode, rest_mode; /* handed to the first child, to the others */
    unsigned nchildren;  /* children visited so far */
    long chain_frame;    /* index of the frame whose chain this node continues, or -1 */
    chain_step step;
    int base_index;      /* subscripts: which child is the base, once child 0 was seen */
    bool chain_top;
    chain chain;         /* when chain_top */
    lm_fp_class pending; /* compound op to count if the right side is floating */
} frame;

/* Interned facts, so each declaration and type is asked of libclang once. */
typedef struct decl_entry {
    struct decl_entry *next;
    CXCursor decl;
    unsigned hash;
    char *key, *name;
} decl_entry;

typedef struct type_entry {
    CXType type;
    char *spelling;
    unsigned long size;
} type_entry;

enum { DECL_BUCKETS = 1024 };

struct walk_cache {
    CXTranslationUnit tu;
    arena *scratch; /* interned entries */
    decl_entry *decls[DECL_BUCKETS];
    unsigned ndecls;
    type_entry *types;
    size_t ntypes, types_cap;
    frame *frames; /* the frame stack, reused by every walk */
    size_t cap;
};

typedef struct walker {
    lm_program *prog;
    lm_function *fn;
    walk_cache *cache;
    unsigned long seq; /* source order of array accesses */
    frame *frames;     /* cache->frames, while the walk runs */
    size_t nframes;
} walker;

static enum CXChildVisitResult count_child(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)c;
    (void)parent;
    ++*(unsigned *)data;
    return CXChildVisit_Continue;
}

char *walk_file_location(CXSourceLocation loc, unsigned *line, unsigned *col)
{
    CXFile file = NULL;
    clang_getFileLocation(loc, &file, line, col, NULL);
    if (!file)
        return mem_strdup("");
    CXString real = clang_File_tryGetRealPathName(file);
    const char *s = clang_getCString(real);
    char *path = NULL;
    if (s && *s) {
        path = mem_strdup(s);
    } else {
        CXString name = clang_getFileName(file);
        const char *n = clang_getCString(name);
        char *resolved = n ? realpath(n, NULL) : NULL;
        path = resolved ? resolved : mem_strdup(n ? n : "");
        clang_disposeString(name);
    }
    clang_disposeString(real);
    return path;
}

static bool type_is_floating(CXType t)
{
    switch (clang_getCanonicalType(t).kind) {
    case CXType_Float:
    case CXType_Double:
    case CXType_LongDouble:
    case CXType_Half:
    case CXType_Float16:
    case CXType_BFloat16:
    case CXType_Float128:
    case CXType_Ibm128:
        return true;
    default:
        return false;
    }
}

static bool kind_is_array(enum CXTypeKind k)
{
    return k == CXType_ConstantArray || k == CXType_IncompleteArray ||
           k == CXType_VariableArray || k == CXType_DependentSizedArray;
}

static bool type_is_array(CXType t)
{
    return kind_is_array(clang_getCanonicalType(t).kind);
}

static bool type_is_pointer(CXType t)
{
    return clang_getCanonicalType(t).kind == CXType_Pointer;
}

static bool type_is_pointer_or_array(CXType t)
{
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    return k == CXType_Pointer || kind_is_array(k);
}

static char *copy_string(CXString s)
{
    const char *c = clang_getCString(s);
    char *copy = mem_strdup(c ? c : "");
    clang_disposeString(s);
    return copy;
}

static void count_fp(walker *w, lm_loop *loop, lm_fp_class c)
{
    if (loop)
        loop->own.n[c]++;
    else
        w->fn->own.n[c]++;
}

/* The type as written inside sizeof(...): canonical and unqualified, so
 * typedefs of one type share a group, unless the canonical spelling names an
 * anonymous record, where only the typedef name is valid C. */
static const type_entry *element_type(walk_cache *wc, CXType t)
{
    for (size_t i = 0; i < wc->ntypes; i++)
        if (clang_equalTypes(wc->types[i].type, t))
            return &wc->types[i];
    char *s = copy_string(clang_getTypeSpelling(clang_getUnqualifiedType(clang_getCanonicalType(t))));
    if (strstr(s, "(unnamed") || strstr(s, "(anonymous")) {
        free(s);
        s = copy_string(clang_getTypeSpelling(clang_getUnqualifiedType(t)));
    }
    long long size = clang_Type_getSizeOf(t);
    if (wc->ntypes == wc->types_cap) {
        wc->types_cap = wc->types_cap ? wc->types_cap * 2 : 8;
        wc->types = mem_realloc(wc->types, wc->types_cap * sizeof *wc->types);
    }
    type_entry *e = &wc->types[wc->ntypes++];
    e->type = t;
    e->spelling = arena_strdup(wc->scratch, s);
    e->size = size > 0 ? (unsigned long)size : 0;
    free(s);
    return e;
}

/* A variable's key: its name and a number unique within the unit.  Cursors
 * of one declaration met in different walks compare equal: declaration
 * cursors carry no traversal state. */
static const decl_entry *declared_array(walk_cache *wc, CXCursor decl)
{
    unsigned hash = clang_hashCursor(decl);
    decl_entry **bucket = &wc->decls[hash % DECL_BUCKETS];
    for (decl_entry *e = *bucket; e; e = e->next)
        if (e->hash == hash && clang_equalCursors(e->decl, decl))
            return e;
    decl_entry *e = arena_alloc(wc->scratch, sizeof *e);
    e->decl = decl;
    e->hash = hash;
    char *name = copy_string(clang_getCursorSpelling(decl));
    e->name = arena_strdup(wc->scratch, name);
    strbuf key = STRBUF_INIT;
    strbuf_printf(&key, "%s#%u", name, ++wc->ndecls);
    e->key = arena_strdup(wc->scratch, strbuf_cstr(&key));
    strbuf_release(&key);
    free(name);
    e->next = *bucket;
    *bucket = e;
    return e;
}

/* The source text of an expression, tokens joined without spaces. */
static char *expr_text(CXTranslationUnit tu, CXCursor c)
{
    CXToken *tokens = NULL;
    unsigned n = 0;
    clang_tokenize(tu, clang_getCursorExtent(c), &tokens, &n);
    strbuf sb = STRBUF_INIT;
    for (unsigned i = 0; i < n; i++) {
        CXString s = clang_getTokenSpelling(tu, tokens[i]);
        strbuf_append(&sb, clang_getCString(s));
        clang_disposeString(s);
    }
    clang_disposeTokens(tu, tokens, n);
    if (sb.len == 0)
        strbuf_append(&sb, "<expr>");
    return strbuf_take(&sb);
}

/* A finished chain with a subscript is one access of one array. */
static void record_access(walker *w, lm_loop *loop, const chain *ch)
{
    if (!loop || !ch->seen_subscript || ch->mode == ACC_NONE)
        return;
    CXType elem = clang_getCursorType(ch->element);
    if (type_is_array(elem))
        return;
    const type_entry *type = element_type(w->cache, elem);
    bool read = (ch->mode & ACC_READ) != 0, write = (ch->mode & ACC_WRITE) != 0;
    CXCursor decl = clang_getNullCursor();
    if (clang_getCursorKind(ch->array_base) == CXCursor_DeclRefExpr)
        decl = clang_getCursorReferenced(ch->array_base);
    if (!clang_Cursor_isNull(decl)) {
        const decl_entry *d = declared_array(w->cache, decl);
        lm_loop_note_array(w->prog, loop, d->key, d->name, type->spelling, type->size, read,
                           write, ch->seq);
        return;
    }
    char *name = expr_text(w->cache->tu, ch->array_base);
    strbuf key = STRBUF_INIT;
    strbuf_printf(&key, "expr:%s", name);
    lm_loop_note_array(w->prog, loop, strbuf_cstr(&key), name, type->spelling, type->size, read,
                       write, ch->seq);
    strbuf_release(&key);
    free(name);
}

static void pop_frame(walker *w)
{
    frame *f = &w->frames[--w->nframes];
    if (f->chain_top)
        record_access(w, f->loop, &f->chain);
}

static frame *push_frame(walker *w, CXCursor c, lm_loop *loop)
{
    walk_cache *wc = w->cache;
    if (w->nframes == wc->cap) {
        wc->cap = wc->cap ? wc->cap * 2 : 64;
        wc->frames = w->frames = mem_realloc(wc->frames, wc->cap * sizeof *wc->frames);
    }
    /* Every field but the chain, which place_in_chain sets for a chain top. */
    frame *f = &w->frames[w->nframes++];
    f->cursor = c;
    f->kind = clang_getCursorKind(c);
    f->loop = loop;
    f->body_loop = NULL;
    f->body_index = 0;
    f->first_mode = f->rest_mode = ACC_READ;
    f->nchildren = 0;
    f->chain_frame = -1;
    f->step = STEP_NONE;
    f->base_index = -1;
    f->chain_top = false;
    f->pending = LM_FP_NCLASSES;
    return f;
}

static chain_step step_of(enum CXCursorKind k)
{
    switch (k) {
    case CXCursor_ArraySubscriptExpr:
        return STEP_SUBSCRIPT;
    case CXCursor_MemberRefExpr:
        return STEP_MEMBER;
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr:
        return STEP_TRANSPARENT;
    default:
        return STEP_NONE;
    }
}

/* Does child c (number `index`) of chain step `parent` continue its chain? */
static bool continues_chain(frame *parent, CXCursor c, unsigned index)
{
    if (parent->chain_frame < 0)
        return false;
    switch (parent->step) {
    case STEP_SUBSCRIPT: /* the base is the pointer operand: `i[a]` is legal C */
        if (parent->base_index < 0)
            parent->base_index = type_is_pointer_or_array(clang_getCursorType(c)) ? 0 : 1;
        return (int)index == parent->base_index;
    case STEP_MEMBER: /* `.m` goes on to the struct, `->m` stops at the pointer */
        return !type_is_pointer(clang_getCursorType(c));
    case STEP_TRANSPARENT:
        return index == 0;
    case STEP_NONE:
        break;
    }
    return false;
}

/* Update chain `ch` with node c, a step of it; c's frame is f. */
static void chain_add_step(chain *ch, frame *f, CXCursor c, bool base_of_subscript)
{
    if (base_of_subscript)
        ch->want_base = true;
    if (f->step != STEP_TRANSPARENT && ch->want_base) {
        ch->array_base = c;
        ch->want_base = false;
    }
    if (f->step == STEP_SUBSCRIPT) {
        if (!ch->in_run)
            ch->run_top = c;
        ch->element = ch->run_top;
        ch->seen_subscript = true;
        ch->in_run = true;
    } else if (f->step == STEP_MEMBER) {
        ch->in_run = false;
    }
}

/* Place c in the chain it continues, or start one when it is a chain top. */
static void place_in_chain(walker *w, frame *f, frame *parent, CXCursor c, unsigned index,
                           access_mode mode)
{
    f->step = step_of(f->kind);
    if (continues_chain(parent, c, index)) {
        chain *ch = &w->frames[parent->chain_frame].chain;
        chain_add_step(ch, f, c, parent->step == STEP_SUBSCRIPT);
        if (f->step != STEP_NONE)
            f->chain_frame = parent->chain_frame;
        return;
    }
    if (f->step == STEP_SUBSCRIPT || f->step == STEP_MEMBER) {
        f->chain_top = true;
        memset(&f->chain, 0, sizeof f->chain);
        f->chain.mode = mode;
        f->chain.seq = ++w->seq;
        f->chain_frame = (long)(w->nframes - 1);
        chain_add_step(&f->chain, f, c, false);
    } else if (f->kind == CXCursor_ParenExpr) {
        f->first_mode = f->rest_mode = mode; /* `(a[i]) = x` writes a */
    }
}

static void start_loop(walker *w, frame *f, CXCursor c, lm_loop_kind kind)
{
    unsigned line = 0, col = 0;
    char *file = walk_file_location(clang_getCursorLocation(c), &line, &col);
    f->body_loop = lm_function_add_loop(w->prog, w->fn, f->loop, kind,
                                        (lm_location){file, line, col});
    free(file);
    /* By position: a cursor from another visit never equals the one this
     * walk is handed, as libclang's cursors carry traversal state. */
    unsigned nchildren = 0;
    clang_visitChildren(c, count_child, &nchildren);
    f->body_index = kind == LM_LOOP_DO || nchildren == 0 ? 0 : nchildren - 1;
}

static void start_binary(walker *w, frame *f, CXCursor c)
{
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    if (op == CXBinaryOperator_Assign)
        f->first_mode = ACC_WRITE;
    else if (fp_ops_is_assignment(op))
        f->first_mode = ACC_READWRITE;
    fp_binary_op fp = fp_ops_classify_binary(op);
    if (fp.fp_class == LM_FP_NCLASSES)
        return;
    if (type_is_floating(clang_getCursorType(c)))
        count_fp(w, f->loop, fp.fp_class);
    else if (fp.compound)
        f->pending = fp.fp_class; /* the right side decides: see the top */
}

static void start_unary(frame *f, CXCursor c)
{
    switch (clang_getCursorUnaryOperatorKind(c)) {
    case CXUnaryOperator_PostInc:
    case CXUnaryOperator_PostDec:
    case CXUnaryOperator_PreInc:
    case CXUnaryOperator_PreDec:
        f->first_mode = ACC_READWRITE;
        break;
    case CXUnaryOperator_AddrOf:
        f->first_mode = ACC_NONE;
        break;
    default:
        break;
    }
}

static void start_call(walker *w, frame *f, CXCursor c)
{
    CXCursor callee = clang_getCursorReferenced(c);
    if (clang_Cursor_isNull(callee) || clang_getCursorKind(callee) != CXCursor_FunctionDecl)
        return;
    char *name = copy_string(clang_getCursorSpelling(callee));
    if (fp_ops_is_math_function(name))
        count_fp(w, f->loop, LM_FP_SPECIAL);
    free(name);
}

/* The right side of a compound assignment decides whether it was floating. */
static void count_pending(walker *w, frame *parent, CXCursor c, unsigned index)
{
    if (parent->pending == LM_FP_NCLASSES || index != 1)
        return;
    if (type_is_floating(clang_getCursorType(c)))
        count_fp(w, parent->loop, parent->pending);
    parent->pending = LM_FP_NCLASSES;
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent_cursor, CXClientData data)
{
    walker *w = data;
    while (w->nframes > 1 && !clang_equalCursors(w->frames[w->nframes - 1].cursor, parent_cursor))
        pop_frame(w);
    frame *parent = &w->frames[w->nframes - 1];
    unsigned index = parent->nchildren++;
    count_pending(w, parent, c, index);
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind == CXCursor_UnaryExpr) /* sizeof, _Alignof: not evaluated */
        return CXChildVisit_Continue;

    lm_loop *loop = parent->loop;
    if (parent->body_loop && index == parent->body_index)
        loop = parent->body_loop;
    access_mode mode = index == 0 ? parent->first_mode : parent->rest_mode;
    frame *f = push_frame(w, c, loop);
    parent = &w->frames[w->nframes - 2]; /* push_frame may have moved the stack */
    place_in_chain(w, f, parent, c, index, mode);

    switch (kind) {
    case CXCursor_ForStmt:
        start_loop(w, f, c, LM_LOOP_FOR);
        break;
    case CXCursor_WhileStmt:
        start_loop(w, f, c, LM_LOOP_WHILE);
        break;
    case CXCursor_DoStmt:
        start_loop(w, f, c, LM_LOOP_DO);
        break;
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator:
        start_binary(w, f, c);
        break;
    case CXCursor_UnaryOperator:
        start_unary(f, c);
        break;
    case CXCursor_CallExpr:
        start_call(w, f, c);
        break;
    case CXCursor_DeclRefExpr:
    case CXCursor_IntegerLiteral:
    case CXCursor_FloatingLiteral:
    case CXCursor_CharacterLiteral:
    case CXCursor_StringLiteral:
    case CXCursor_TypeRef:
        /* Leaves in C: finished at once, so the next node finds its parent on top. */
        pop_frame(w);
        return CXChildVisit_Continue;
    default:
        break;
    }
    return CXChildVisit_Recurse;
}

walk_cache *walk_cache_create(CXTranslationUnit tu)
{
    walk_cache *wc = mem_alloc(sizeof *wc);
    wc->tu = tu;
    wc->scratch = arena_create();
    return wc;
}

void walk_cache_free(walk_cache **wcp)
{
    if (!wcp || !*wcp)
        return;
    walk_cache *wc = *wcp;
    arena_free(&wc->scratch);
    free(wc->types);
    free(wc->frames);
    free(wc);
    *wcp = NULL;
}

void walk_function_body(lm_program *p, lm_function *fn, walk_cache *cache, CXCursor body)
{
    walker w = {.prog = p, .fn = fn, .cache = cache, .frames = cache->frames};
    push_frame(&w, body, NULL);
    clang_visitChildren(body, visit, &w);
    while (w.nframes > 0)
        pop_frame(&w);
}
