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
 * Tallies.  What the code does is added to a tally (tally.h): one for the
 * function body, one per loop body, and with the flow-sensitive algorithm
 * one per arm of a conditional.  A node counts in its parent's tally unless
 * it opens one of its own.  When a loop body ends, its tally fills the loop
 * and its inclusive part joins the level around it.  Without the
 * flow-sensitive algorithm the arms of a conditional count in the level they
 * are in, so both arms of an if are summed.  With it, the conditional keeps a
 * second tally, the largest of its arms so far (tally_max_into), above its
 * own level's; each arm is tallied on its own and folded into that maximum
 * when it ends, and the maximum joins the level when the conditional ends.
 * The condition itself always counts in the level.  The arms of a switch are
 * its runs of cases: a run starts at a case and ends after a top-level
 * `break`, `return`, `continue` or `goto`, so a case that falls through is
 * counted with the cases it falls into.
 *
 * FP operations.  An arithmetic operator is counted by fp_ops' rule
 * (fp_ops_decide) when its result type is floating.  libclang gives a binary
 * operator the type of its result after the usual arithmetic conversions, so
 * `int * double` is double and counts while `p + 1` on a double * is a
 * pointer and does not.  A compound assignment reports the type of its left
 * side, which hides the computation type of `i += 0.5`; there the right
 * side decides, and it is looked at when it is visited.  Calls are
 * calls.c's.  Operands of sizeof and _Alignof are not evaluated and skipped.
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
 * In C++ an element bound to a local reference (`auto &r = v[i];`) is no
 * access where it is bound: the reference's uses load and store it
 * (ref_binding).  A summary of a method names its members by a path from
 * `this`, which calls.c renames to the object called on; an accessor's
 * summary also notes which array its one `return` hands back.
 *
 * Loops.  A loop's header (init, condition, increment) belongs to the level
 * that contains the loop; its body is the loop's own level.  Children come in
 * source order, with absent for-parts left out, so the body is the last child
 * of a for/while and the first of a do.
 * In C++ a call the annotations make a loop (call_loops.h: RAJA::forall,
 * Kokkos::parallel_for, std::for_each) is a for whose body is its body
 * argument, found among the call's children by extent: a lambda's body is
 * walked where it is written; a functor's operator() body is walked there,
 * under the argument's frame, from a cursor its children may name by another
 * of the same extent (as the root's may).  libclang shows a lambda's
 * captures under a parent off the walk's path: they are passed over.
 *
 * The ExaSAT detail (detail.c), when asked for, is recorded in the same
 * pass: the walk tells it of loops and their bodies, variables named with
 * the mode they are used in, declarations, calls and finished chains, with
 * the subscripts of the chain's lowest run.  Those are kept, with the run
 * they are in and their place in it, in a list the chain's top truncates
 * when it ends; only the detail needs them.  Modes are handed down by one
 * rule for both: parentheses, implicit conversions and `.m` hand on the
 * mode they got, the pointer of `->m` is read. */
#include "walk.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "analyzer_tu.h"
#include "call_loops.h"
#include "cx.h"
#include "cxx.h"
#include "detail.h"
#include "fp_ops.h"
#include "loop_model.h"
#include "loop_stmt.h"
#include "omp.h"
#include "pragma.h"
#include "stmts.h"
#include "mem.h"
#include "strbuf.h"
#include "tally.h"
#include "walk_internal.h"

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
    unsigned nruns, run_len; /* runs of subscripts so far; subscripts in the last */
    size_t first_index;      /* with the detail: its subscripts in the walk's list */
} chain;

/* The element a range-based for reads each iteration, and its variable,
 * whose writes (through a non-const reference) store the element too. */
typedef struct range_element {
    CXCursor var; /* canonical */
    CXCursor range; /* the container or array */
    bool by_reference;
    use u;
    size_t tally; /* its body's, while the body is open */
} range_element;

/* The tally a node opened for itself, which it finishes when it ends. */
typedef enum opened_tally {
    OPENED_NONE,
    OPENED_BODY, /* a loop's body */
    OPENED_ARM,  /* an arm of a conditional (flow-sensitive only) */
} opened_tally;

struct frame {
    CXCursor cursor;
    enum CXCursorKind kind;
    size_t acc;          /* the tally this node counts in */
    opened_tally opened; /* acc is this node's own */
    long best;           /* flow-sensitive conditionals: the tally of their largest arms, or -1 */
    lm_loop *body_loop;  /* loop statements of a reported function: the loop of their body */
    lm_check *body_check; /* loop statements under a pragma: what their body's counts fill */
    bool stmt_tally;     /* a statement under a pragma: acc is its own tally */
    bool is_loop;
    unsigned body_index; /* loop statements: which child is the body */
    bool switch_body;    /* flow-sensitive: the compound body of a switch */
    bool run_open, run_ends; /* switch bodies: a run is open; it ends before the next child */
    access_mode first_mode, rest_mode; /* handed to the first child, to the others */
    bool has_init;       /* declarations: a child that is not their type */
    bool binds_reference; /* a local reference: an element it is bound to is ref_binding's */
    unsigned run, dim;   /* subscript steps: their run, their place in it (0: its top) */
    CXCursor loop_var;   /* loop statements, with the detail: the loop's variable */
    bool range_for;      /* a range-based for whose element is counted: range_elem */
    range_element range_elem;
    /* A call that is a loop (call_loops.h): the elements each iteration
     * of its body loads (begin, in) or stores (out). */
    use call_elems[CALL_LOOPS_MAX_ELEMS];
    bool call_elem_store[CALL_LOOPS_MAX_ELEMS];
    unsigned ncall_elems;
    CXCursor functor_body; /* a call-loop's functor: its operator()'s body, or null */
    bool by_extent;        /* its children may name it by another cursor of its extent */
    lm_stmt *node;       /* with the statement record: its node, or the nearest above */
    bool node_own;       /* node is this node's own */
    stmts_slots slots;   /* with the record: where its children stand */
    unsigned nchildren;  /* children visited so far */
    long chain_frame;    /* index of the frame whose chain this node continues, or -1 */
    chain_step step;
    int base_index;      /* subscripts: which child is the base, once child 0 was seen */
    bool chain_top;
    chain chain;         /* when chain_top */
    lm_fp_class pending; /* compound op to count if the right side is floating */
    lm_op pending_int;   /* with the record: its class if the right side is not */
};

/* Interned facts, so each declaration and type is asked of libclang once. */
struct decl_entry {
    decl_entry *next;
    CXCursor decl;
    unsigned hash;
    const char *key, *name;
};

struct method_entry {
    method_entry *next;
    CXCursor decl; /* canonical */
    unsigned hash;
    const annot_element *element; /* its class's element annotation, or NULL */
};

struct type_entry {
    CXType type;
    const char *spelling;
    unsigned long size;
    size_t next; /* the next entry of its bucket, plus one; 0: none */
};

struct string_entry {
    string_entry *next;
    const char *s;
};

static unsigned string_hash(const char *s)
{
    unsigned h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

const char *walk_intern(walk_cache *wc, const char *s)
{
    string_entry **bucket = &wc->strings[string_hash(s) % STRING_BUCKETS];
    for (string_entry *e = *bucket; e; e = e->next)
        if (!strcmp(e->s, s))
            return e->s;
    string_entry *e = arena_alloc(wc->scratch, sizeof *e);
    e->s = arena_strdup(wc->scratch, s);
    e->next = *bucket;
    *bucket = e;
    return e->s;
}

bool walk_first_time(walk_cache *wc, const char *s)
{
    string_entry **bucket = &wc->strings[string_hash(s) % STRING_BUCKETS];
    for (string_entry *e = *bucket; e; e = e->next)
        if (!strcmp(e->s, s))
            return false;
    walk_intern(wc, s);
    return true;
}

tally *walk_tally(walker *w, size_t acc)
{
    return &w->stack->tallies[acc];
}

/* The type as written inside sizeof(...), with its size; see cx_type_spelling. */
/* clang_equalTypes compares the two words a CXType carries: so does the
 * hash (a C++ unit has many types: its instances' and its library's). */
static unsigned type_hash(CXType t)
{
    uintptr_t h = (uintptr_t)t.data[0] ^ ((uintptr_t)t.data[1] * 31u);
    return (unsigned)((h >> 4) ^ (h >> 16)) % TYPE_BUCKETS;
}

static const type_entry *element_type(walk_cache *wc, CXType t)
{
    unsigned bucket = type_hash(t);
    for (size_t i = wc->type_buckets[bucket]; i; i = wc->types[i - 1].next)
        if (clang_equalTypes(wc->types[i - 1].type, t))
            return &wc->types[i - 1];
    char *s = cx_type_spelling(t);
    long long size = clang_Type_getSizeOf(t);
    if (wc->ntypes == wc->types_cap) {
        wc->types_cap = wc->types_cap ? wc->types_cap * 2 : 8;
        wc->types = mem_realloc(wc->types, wc->types_cap * sizeof *wc->types);
    }
    type_entry *e = &wc->types[wc->ntypes++];
    e->type = t;
    e->spelling = arena_strdup(wc->scratch, s);
    e->size = size > 0 ? (unsigned long)size : 0;
    e->next = wc->type_buckets[bucket];
    wc->type_buckets[bucket] = wc->ntypes;
    free(s);
    return e;
}

use walk_element_use(walk_cache *wc, CXType t)
{
    const type_entry *type = element_type(wc, t);
    return (use){.elem_type = type->spelling, .elem_size = type->size, .param = -1, .suffix = ""};
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
    char *name = cx_copy_string(clang_getCursorSpelling(decl));
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

static int param_index(const summary_params *sp, CXCursor decl)
{
    for (int i = 0; sp && i < sp->n; i++)
        if (clang_equalCursors(sp->decls[i], decl))
            return i;
    return -1;
}

/* A path from parameter k of a summarized function: keyed by k and what
 * follows the parameter's name ("" for the parameter itself, "->v"). */
static void param_target(walker *w, int k, const char *suffix, array_target *out)
{
    out->param = k;
    out->suffix = walk_intern(w->cache, suffix);
    strbuf key = STRBUF_INIT;
    strbuf_printf(&key, "param:%d:%s", k, out->suffix);
    out->key = walk_intern(w->cache, strbuf_cstr(&key));
    out->name = out->key;
    strbuf_release(&key);
}

/* In a summary walk only parameters and variables of static storage
 * outlive the call; the callee's locals are not the caller's business.
 * False when the path is not the caller's business. */
static bool summary_target(walker *w, CXCursor decl, const char *path, array_target *out)
{
    int k = param_index(w->params, decl);
    if (k < 0)
        return clang_Cursor_hasVarDeclGlobalStorage(decl) == 1;
    size_t len = strlen(w->params->names[k]);
    if (strncmp(path, w->params->names[k], len) != 0)
        return false; /* `(*p).v`: not a path a call site can rename */
    param_target(w, k, path + len, out);
    return true;
}

bool walk_decl_target(walker *w, CXCursor decl, array_target *out)
{
    out->param = -1;
    out->suffix = "";
    decl = clang_getCanonicalCursor(decl);
    if (w->params) {
        int k = param_index(w->params, decl);
        if (k >= 0) {
            param_target(w, k, "", out);
            return true;
        }
        if (clang_Cursor_hasVarDeclGlobalStorage(decl) != 1)
            return false;
    }
    const decl_entry *d = declared_array(w->cache, decl);
    out->key = d->key;
    out->name = d->name;
    return true;
}

bool walk_path_target(walker *w, CXCursor root, const char *path, array_target *out)
{
    out->param = -1;
    out->suffix = "";
    if (w->params) {
        if (clang_Cursor_isNull(root))
            return false;
        if (!summary_target(w, clang_getCanonicalCursor(root), path, out))
            return false;
        if (out->param >= 0)
            return true;
    }
    strbuf key = STRBUF_INIT;
    strbuf_printf(&key, "expr:%s", path);
    out->key = walk_intern(w->cache, strbuf_cstr(&key));
    out->name = walk_intern(w->cache, path);
    strbuf_release(&key);
    return true;
}

void walk_this_target(walker *w, const char *suffix, array_target *out)
{
    if (w->params && w->params->has_this) {
        param_target(w, WALK_PARAM_THIS, suffix, out);
        return;
    }
    /* The walk's own method: its members are named as it writes them. */
    walk_path_target(w, clang_getNullCursor(), suffix + strspn(suffix, "->."), out);
}

bool walk_array_target(walker *w, CXCursor base, array_target *out)
{
    if (w->cache->cxx)
        base = cxx_container_root(base); /* `v.data()[i]` is an access of v */
    if (w->params && w->params->has_this) {
        char *suffix = cxx_this_path(base);
        if (suffix) {
            walk_this_target(w, suffix, out);
            free(suffix);
            return true;
        }
    }
    if (clang_getCursorKind(base) == CXCursor_DeclRefExpr) {
        CXCursor decl = clang_getCursorReferenced(base);
        if (!clang_Cursor_isNull(decl))
            return walk_decl_target(w, decl, out);
    }
    char *text = cx_path_text(w->cache->tu, base);
    bool ok = walk_path_target(w, cx_root_declaration(base), text, out);
    free(text);
    return ok;
}

/* An accessor's summary: the element its one `return` hands back (a
 * node whose parent is that return statement) is the accessor's element. */
static void note_returned(walker *w, const frame *parent, const array_target *target)
{
    if (w->params && w->params->accessor && parent->kind == CXCursor_ReturnStmt)
        w->returned_key = target->key;
}

/* An element bound to a local reference (parent: the reference's
 * declaration): its accesses are the reference's uses (note_reference_use). */
static void bind_reference(walker *w, const frame *parent, const use *u)
{
    if (!parent->binds_reference)
        return;
    if (w->nrefs == w->refs_cap) {
        w->refs_cap = w->refs_cap ? 2 * w->refs_cap : 4;
        w->refs = mem_realloc(w->refs, w->refs_cap * sizeof *w->refs);
    }
    w->refs[w->nrefs++] = (ref_binding){clang_getCanonicalCursor(parent->cursor), *u};
}

/* A finished chain with a subscript is one access of one array (or, bound
 * to a reference, none yet). */
static void record_access(walker *w, size_t acc, const chain *ch)
{
    const frame *parent = &w->stack->frames[w->nframes - 1];
    if (!ch->seen_subscript || !((ch->mode & ACC_READWRITE) || parent->binds_reference))
        return;
    if (!walk_counts_bytes(w))
        return;
    CXType elem = clang_getCursorType(ch->element);
    if (cx_type_is_array(elem))
        return;
    array_target target;
    if (!walk_array_target(w, ch->array_base, &target))
        return;
    note_returned(w, parent, &target);
    use u = walk_element_use(w->cache, elem);
    u.key = target.key;
    u.name = target.name;
    u.param = target.param;
    u.suffix = target.suffix;
    bind_reference(w, parent, &u);
    if (ch->mode & ACC_READWRITE)
        tally_note(walk_tally(w, acc), &u, (ch->mode & ACC_READ) != 0,
                   (ch->mode & ACC_WRITE) != 0, ch->seq);
}

/* The detail's view of a finished chain: the subscripts of its lowest run,
 * fastest first, out of the walk's list. */
static void detail_chain(walker *w, const chain *ch)
{
    CXCursor subs[DETAIL_MAX_DIMS];
    if (!ch->seen_subscript || ch->run_len > DETAIL_MAX_DIMS)
        return;
    const type_entry *elem = element_type(w->cache, clang_getCursorType(ch->element));
    for (size_t i = ch->first_index; i < w->nindexes; i++) {
        const subscript_index *x = &w->indexes[i];
        if (x->run == ch->nruns)
            subs[x->dim] = x->cursor;
    }
    detail_access_chain dc = {
        .mode = ch->mode,
        .seq = ch->seq,
        .element = ch->element,
        .base = ch->array_base,
        .subs = subs,
        .nsubs = ch->run_len,
        .elem_type = elem->spelling,
        .elem_size = elem->size,
    };
    detail_access(w->dt, &dc);
}

/* With the record: the element access a finished chain makes. */
static void count_access(const frame *f)
{
    const chain *ch = &f->chain;
    if (!f->node || !ch->seen_subscript || cx_type_is_array(clang_getCursorType(ch->element)))
        return;
    if (ch->mode & ACC_READ)
        f->node->ops[LM_OP_LOAD]++;
    if (ch->mode & ACC_WRITE)
        f->node->ops[LM_OP_STORE]++;
}

/* The mode the detail records an access in: an element bound to a
 * reference is recorded read where it is bound (the detail does not follow
 * the reference's uses). */
static access_mode detail_mode(const frame *parent, access_mode mode)
{
    return parent->binds_reference ? ACC_READ : mode;
}

static void finish_chain(walker *w, const frame *f)
{
    count_access(f);
    if (w->dt) {
        chain ch = f->chain;
        ch.mode = detail_mode(&w->stack->frames[w->nframes - 1], ch.mode);
        detail_chain(w, &ch);
        w->nindexes = f->chain.first_index;
        if (--w->open_chains == 0)
            detail_flush_accesses(w->dt);
    }
    record_access(w, f->acc, &f->chain);
}

/* With the detail: an index of subscript step f, a step of chain ch. */
static void note_subscript_index(walker *w, const frame *f, CXCursor c)
{
    if (w->nindexes == w->indexes_cap) {
        w->indexes_cap = w->indexes_cap ? 2 * w->indexes_cap : 16;
        w->indexes = mem_realloc(w->indexes, w->indexes_cap * sizeof *w->indexes);
    }
    w->indexes[w->nindexes++] = (subscript_index){f->run, f->dim, c};
}

static tally *push_tally(walker *w)
{
    walk_stack *st = w->stack;
    if (w->ntallies == st->tallies_cap) {
        size_t cap = st->tallies_cap ? st->tallies_cap * 2 : 16;
        st->tallies = mem_realloc(st->tallies, cap * sizeof *st->tallies);
        memset(st->tallies + st->tallies_cap, 0, (cap - st->tallies_cap) * sizeof *st->tallies);
        st->tallies_cap = cap;
    }
    tally *t = &st->tallies[w->ntallies++];
    tally_reset(t);
    return t;
}

/* Copy a tally's uses into a loop's list, reads and writes in their order. */
static void fill_arrays(walker *w, lm_array_use **list, const use_list *uses)
{
    for (size_t i = 0; i < uses->n; i++) {
        const use *u = &uses->v[i];
        if (u->first_read)
            lm_arrays_note(w->prog, list, u->key, u->name, u->elem_type, u->elem_size, true,
                           false, u->first_read);
        if (u->first_write)
            lm_arrays_note(w->prog, list, u->key, u->name, u->elem_type, u->elem_size, false,
                           true, u->first_write);
    }
}

/* The loop a finished body belongs to takes its counts and arrays. */
static void fill_loop(walker *w, const tally *t)
{
    lm_loop *l = t->loop;
    l->own = t->own;
    l->inclusive = t->incl;
    fill_arrays(w, &l->own_arrays, &t->own_uses);
    fill_arrays(w, &l->arrays, &t->incl_uses);
    for (size_t i = 0; i < t->unknown.n; i++)
        lm_loop_note_unknown_call(w->prog, l, t->unknown.v[i]);
}

/* End the tally on top of the stack, folding it into the one below. */
static void finish_body(walker *w)
{
    tally *t = walk_tally(w, --w->ntallies);
    if (t->loop)
        fill_loop(w, t);
    if (t->check)
        t->check->counts = t->incl;
    tally_absorb_body(t - 1, t);
    w->loop_depth--;
    if (w->dt)
        detail_body_close(w->dt);
}

static void finish_arm(walker *w)
{
    tally *t = walk_tally(w, --w->ntallies);
    tally_max_into(t - 1, t);
}

static void finish_best(walker *w)
{
    tally *t = walk_tally(w, --w->ntallies);
    tally_absorb_all(t - 1, t);
}

/* A statement under a pragma: its counts, then the level it is in. */
static void finish_statement(walker *w)
{
    tally *t = walk_tally(w, --w->ntallies);
    t->check->counts = t->incl;
    tally_absorb_all(t - 1, t);
}

static void pop_frame(walker *w)
{
    frame *f = &w->stack->frames[--w->nframes];
    if (f->range_for)
        w->nranges--;
    if (f->switch_body && f->run_open)
        finish_arm(w);
    if (f->best >= 0)
        finish_best(w);
    if (f->chain_top)
        finish_chain(w, f);
    if (f->kind == CXCursor_VarDecl && w->dt)
        detail_declaration_end(w->dt, f->cursor, f->has_init);
    if (f->node_own)
        stmts_close(f->node);
    if (f->stmt_tally)
        finish_statement(w);
    if (f->opened == OPENED_BODY)
        finish_body(w);
    else if (f->opened == OPENED_ARM)
        finish_arm(w);
}

static frame *push_frame(walker *w, CXCursor c, size_t acc, opened_tally opened)
{
    walk_stack *st = w->stack;
    if (w->nframes == st->frames_cap) {
        st->frames_cap = st->frames_cap ? st->frames_cap * 2 : 64;
        st->frames = mem_realloc(st->frames, st->frames_cap * sizeof *st->frames);
    }
    /* Every field but the chain, which place_in_chain sets for a chain top. */
    frame *f = &st->frames[w->nframes++];
    f->cursor = c;
    f->kind = clang_getCursorKind(c);
    f->acc = acc;
    f->opened = opened;
    f->best = -1;
    f->body_loop = NULL;
    f->body_check = NULL;
    f->stmt_tally = false;
    f->is_loop = false;
    f->range_for = false;
    f->ncall_elems = 0;
    f->functor_body = clang_getNullCursor();
    f->by_extent = false;
    f->body_index = 0;
    f->switch_body = f->run_open = f->run_ends = false;
    f->first_mode = f->rest_mode = ACC_READ;
    f->has_init = false;
    f->binds_reference = false;
    f->node = NULL;
    f->node_own = false;
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
            parent->base_index = cx_type_is_pointer_or_array(clang_getCursorType(c)) ? 0 : 1;
        return (int)index == parent->base_index;
    case STEP_MEMBER: /* `.m` goes on to the struct, `->m` stops at the pointer */
        return !cx_type_is_pointer(clang_getCursorType(c));
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
        if (!ch->in_run) {
            ch->run_top = c;
            ch->nruns++;
            ch->run_len = 0;
        }
        f->run = ch->nruns;
        f->dim = ch->run_len++;
        ch->element = ch->run_top;
        ch->seen_subscript = true;
        ch->in_run = true;
    } else if (f->step == STEP_MEMBER) {
        ch->in_run = false;
    }
}

/* Place c in the chain it continues, or start one when it is a chain top;
 * returns the mode c is used in: the one its parent hands it, but the
 * pointer of `->m` is read. */
static access_mode place_in_chain(walker *w, frame *f, frame *parent, CXCursor c,
                                  unsigned index, access_mode mode)
{
    f->step = step_of(f->kind);
    if (continues_chain(parent, c, index)) {
        chain *ch = &w->stack->frames[parent->chain_frame].chain;
        chain_add_step(ch, f, c, parent->step == STEP_SUBSCRIPT);
        if (f->step != STEP_NONE)
            f->chain_frame = parent->chain_frame;
        return mode;
    }
    if (parent->step == STEP_MEMBER)
        mode = ACC_READ;
    else if (parent->step == STEP_SUBSCRIPT && w->dt)
        note_subscript_index(w, parent, c);
    if (f->step == STEP_SUBSCRIPT || f->step == STEP_MEMBER) {
        f->chain_top = true;
        memset(&f->chain, 0, sizeof f->chain);
        f->chain.mode = mode;
        f->chain.seq = ++w->seq;
        f->chain.first_index = w->nindexes;
        f->chain_frame = (long)(w->nframes - 1);
        chain_add_step(&f->chain, f, c, false);
        if (w->dt)
            w->open_chains++;
    }
    return mode;
}

/* The OpenMP directive before the loop c (omp.c), read from its file's text. */
static unsigned loop_omp_directive(CXTranslationUnit tu, CXCursor c)
{
    CXFile file = NULL;
    unsigned offset = 0;
    clang_getFileLocation(clang_getCursorLocation(c), &file, NULL, NULL, &offset);
    size_t size = 0;
    const char *text = file ? clang_getFileContents(tu, file, &size) : NULL;
    return text ? omp_loop_directive(text, size, offset) : 0;
}

/* The length of the macro name written at `offset` of file (0: none). */
static unsigned macro_name_length(CXTranslationUnit tu, CXFile file, unsigned offset)
{
    size_t size = 0;
    const char *text = file ? clang_getFileContents(tu, file, &size) : NULL;
    unsigned n = 0;
    while (text && offset + n < size &&
           (text[offset + n] == '_' || (text[offset + n] >= 'a' && text[offset + n] <= 'z') ||
            (text[offset + n] >= 'A' && text[offset + n] <= 'Z') ||
            (n > 0 && text[offset + n] >= '0' && text[offset + n] <= '9')))
        n++;
    return n;
}

/* The column a loop is reported at.  A loop whose keyword a macro's
 * definition writes is reported at the name of the macro's use; as one use
 * may write several, the k-th of them (in source order) is reported k
 * columns right of the name's start while that stays inside the name, where
 * no other loop can be reported, so that each has a key of its own (the
 * measurement of an -auto-instrument'ed copy names loops by it). */
static unsigned loop_column(walker *w, CXSourceLocation loc, const char *file, unsigned line,
                            unsigned col)
{
    CXFile at = NULL, spelled = NULL;
    unsigned offset = 0, spelled_offset = 0;
    clang_getFileLocation(loc, &at, NULL, NULL, &offset);
    clang_getSpellingLocation(loc, &spelled, NULL, NULL, &spelled_offset);
    if (!at || (spelled && clang_File_isEqual(at, spelled) && spelled_offset == offset))
        return col;
    unsigned width = macro_name_length(w->cache->tu, at, offset), k = 0;
    for (const lm_loop *l = w->fn->loops; l; l = lm_loop_next_preorder(l))
        k += l->loc.line == line && l->loc.column >= col && l->loc.column < col + width &&
             !strcmp(l->loc.file, file);
    return k < width ? col + k : col;
}

/* The element a range-based for over a built-in array or a standard
 * container reads each iteration (kids: the loop's children, the variable
 * first, the range before the body); false for any other range. */
static bool range_element_of(walker *w, const cx_kids *kids, range_element *out)
{
    if (kids->n < 3 || clang_getCursorKind(kids->v[0]) != CXCursor_VarDecl)
        return false;
    CXCursor range = cx_strip(kids->v[kids->n - 2]);
    CXType t = clang_getCanonicalType(clang_getCursorType(range));
    CXType elem;
    if (t.kind == CXType_ConstantArray)
        elem = clang_getArrayElementType(t);
    else if (cxx_type_is_container(t))
        elem = clang_Type_getTemplateArgumentAsType(t, 0);
    else
        return false;
    elem = clang_getCanonicalType(elem);
    array_target target;
    if (cx_type_is_array(elem) || !walk_array_target(w, range, &target))
        return false;
    CXType vt = clang_getCanonicalType(clang_getCursorType(kids->v[0]));
    out->var = clang_getCanonicalCursor(kids->v[0]);
    out->range = range;
    out->by_reference = (vt.kind == CXType_LValueReference || vt.kind == CXType_RValueReference) &&
                        !clang_isConstQualifiedType(clang_getPointeeType(vt));
    out->u = walk_element_use(w->cache, elem);
    out->u.key = target.key;
    out->u.name = target.name;
    out->u.param = target.param;
    out->u.suffix = target.suffix;
    return true;
}

static void open_range(walker *w, frame *f)
{
    if (w->nranges == w->ranges_cap) {
        w->ranges_cap = w->ranges_cap ? 2 * w->ranges_cap : 4;
        w->range_frames = mem_realloc(w->range_frames, w->ranges_cap * sizeof *w->range_frames);
    }
    w->range_frames[w->nranges++] = w->nframes - 1;
    f->range_for = true;
}

/* A range-based for's element, read or written, in tally acc and the
 * detail; loop is the range-based for's frame. */
static void range_access(walker *w, const frame *loop, size_t acc, access_mode mode)
{
    const range_element *r = &loop->range_elem;
    unsigned long seq = ++w->seq;
    tally_note(walk_tally(w, acc), &r->u, mode == ACC_READ, mode == ACC_WRITE, seq);
    if (!w->dt)
        return;
    detail_range_element(w->dt, loop->body_loop, r->range, mode, seq, r->u.elem_type,
                         r->u.elem_size);
    if (w->open_chains == 0)
        detail_flush_accesses(w->dt);
}

/* A use of a local reference bound to an element loads or stores the
 * element (by the mode it is used in), at the level the use is in. */
static void note_bound_use(walker *w, const frame *f, CXCursor decl, access_mode mode)
{
    for (size_t i = w->nrefs; i > 0; i--) {
        if (!clang_equalCursors(w->refs[i - 1].var, decl))
            continue;
        tally_note(walk_tally(w, f->acc), &w->refs[i - 1].u, (mode & ACC_READ) != 0,
                   (mode & ACC_WRITE) != 0, ++w->seq);
        return;
    }
}

/* A write through a range-based for's reference variable stores the
 * element, at the level the write is in; a local reference bound to an
 * element is read or written through. */
static void note_reference_use(walker *w, const frame *f, CXCursor ref, access_mode mode)
{
    if ((!w->nranges && !w->nrefs) || !(mode & ACC_READWRITE) || !walk_counts_bytes(w))
        return;
    CXCursor decl = clang_getCanonicalCursor(clang_getCursorReferenced(ref));
    if (w->nrefs)
        note_bound_use(w, f, decl, mode);
    if (!(mode & ACC_WRITE))
        return;
    for (size_t i = w->nranges; i > 0; i--) {
        const range_element *r = &w->stack->frames[w->range_frames[i - 1]].range_elem;
        if (r->by_reference && clang_equalCursors(r->var, decl)) {
            range_access(w, &w->stack->frames[w->range_frames[i - 1]], f->acc, ACC_WRITE);
            return;
        }
    }
}

/* The detail's view of an element call: an access of its container whose
 * subscripts, fastest first, are the last arguments of the call and of the
 * row calls below it (`m[i][j]`: j, then i). */
static void detail_element_call(walker *w, CXCursor call, CXCursor object, access_mode mode,
                                unsigned long seq)
{
    CXCursor subs[DETAIL_MAX_DIMS], next, c = call;
    unsigned nsubs = 0;
    for (;;) {
        int nargs = clang_Cursor_getNumArguments(c);
        if (nargs < 1 || nsubs == DETAIL_MAX_DIMS)
            return; /* none, or deeper than the detail records */
        subs[nsubs++] = clang_Cursor_getArgument(c, (unsigned)nargs - 1);
        object = cx_strip(object);
        if (cxx_container_call(object, &next) != CXX_CALL_ELEMENT)
            break;
        c = object;
        object = next;
    }
    const type_entry *elem = element_type(w->cache, clang_getCanonicalType(clang_getCursorType(call)));
    detail_access_chain dc = {
        .mode = mode,
        .seq = seq,
        .element = call,
        .base = cxx_container_root(object),
        .subs = subs,
        .nsubs = nsubs,
        .elem_type = elem->spelling,
        .elem_size = elem->size,
    };
    detail_access(w->dt, &dc);
    if (w->open_chains == 0)
        detail_flush_accesses(w->dt);
}

/* A standard container's element call: one access of one element, by the
 * mode it is used in, like a C subscript; a row of a container of
 * containers moves nothing by itself.  An annotated class's (el) is one
 * element of the annotation's type. */
static void record_element_call(walker *w, frame *f, CXCursor call, CXCursor object,
                                access_mode mode, const annot_element *el)
{
    CXType elem = clang_getCanonicalType(clang_getCursorType(call));
    if (cxx_type_is_container(elem))
        return;
    if (f->node && (mode & ACC_READ))
        f->node->ops[LM_OP_LOAD]++;
    if (f->node && (mode & ACC_WRITE))
        f->node->ops[LM_OP_STORE]++;
    unsigned long seq = ++w->seq;
    const frame *parent = &w->stack->frames[w->nframes - 2];
    if (w->dt)
        detail_element_call(w, call, object, detail_mode(parent, mode), seq);
    array_target target;
    if (!((mode & ACC_READWRITE) || parent->binds_reference) || !walk_counts_bytes(w) ||
        !walk_array_target(w, object, &target))
        return;
    note_returned(w, parent, &target);
    use u = walk_element_use(w->cache, elem);
    if (el && el->elem_type) {
        u.elem_type = walk_intern(w->cache, el->elem_type);
        u.elem_size = el->elem_size;
    }
    u.key = target.key;
    u.name = target.name;
    u.param = target.param;
    u.suffix = target.suffix;
    bind_reference(w, parent, &u);
    if (mode & ACC_READWRITE)
        tally_note(walk_tally(w, f->acc), &u, (mode & ACC_READ) != 0, (mode & ACC_WRITE) != 0,
                   seq);
}

/* The loop of a reported function that statement (or call) c makes. */
static void add_loop(walker *w, frame *f, CXCursor c, lm_loop_kind kind)
{
    unsigned line = 0, col = 0;
    char *file = cx_file_location(clang_getCursorLocation(c), &line, &col);
    col = loop_column(w, clang_getCursorLocation(c), file, line, col);
    lm_loop *around = walk_tally(w, f->acc)->loop;
    for (size_t i = f->acc; !around && i > 0; i--)
        around = walk_tally(w, i - 1)->loop;
    f->body_loop =
        lm_function_add_loop(w->prog, w->fn, around, kind, (lm_location){file, line, col});
    free(file);
    if (f->node_own)
        f->node->loop = f->body_loop;
}

static void start_loop(walker *w, frame *f, CXCursor c, lm_loop_kind kind)
{
    f->is_loop = true;
    if (w->fn) {
        add_loop(w, f, c, kind);
        if (kind == LM_LOOP_FOR)
            f->body_loop->omp = loop_omp_directive(w->cache->tu, c);
    }
    /* By position: a cursor from another visit never equals the one this
     * walk is handed, as libclang's cursors carry traversal state.  A loop
     * statement has at most four children. */
    cx_kids kids = cx_children_of(c);
    f->body_index = kind == LM_LOOP_DO || kids.n == 0 ? 0 : kids.n - 1;
    f->loop_var = clang_getNullCursor();
    if (f->kind == CXCursor_CXXForRangeStmt && range_element_of(w, &kids, &f->range_elem))
        open_range(w, f);
    if (!w->dt && !w->rec)
        return;
    cx_for_parts parts = {-1, -1, -1};
    if (f->kind == CXCursor_ForStmt)
        parts = cx_for_parts_of(w->cache->tu, c, &kids);
    f->slots = (stmts_slots){0, f->body_index, parts.init, parts.cond, parts.inc};
    if (f->kind == CXCursor_CXXForRangeStmt)
        f->slots.init = (int)f->body_index - 1; /* its variable and range (stmts.c) */
    if (w->dt)
        f->loop_var = detail_loop(w->dt, f->body_loop, f->kind, &kids, &parts);
}

/* An FP operation of node f: in its tally, and in the statement record. */
static void count_fp(walker *w, frame *f, lm_fp_class c)
{
    tally_count(walk_tally(w, f->acc), c, 1);
    if (f->node) {
        f->node->own.n[c]++;
        f->node->ops[lm_op_of_fp(c)]++;
    }
}

/* A call: its effect on f's tally and, with the detail, its call site with
 * what it added there (the tally's own counts and bytes after less before);
 * with the record, what it charges f's node with. */
static void apply_call(walker *w, frame *f, CXCursor c, access_mode mode)
{
    tally *t = walk_tally(w, f->acc);
    lm_fp_counts before = t->own;
    unsigned long loads = use_list_bytes(&t->own_uses, false);
    unsigned long stores = use_list_bytes(&t->own_uses, true);
    calls_charge charge;
    bool direct = calls_apply(w, f->acc, c, mode, &charge);
    if (f->node && charge.charged)
        stmts_charge_call(w->prog, f->node, c, charge.callee, &charge.fp, charge.estimated);
    if (!w->dt)
        return;
    detail_call_effect effect = {.indirect = !direct};
    for (int k = 0; k < LM_FP_NCLASSES; k++)
        effect.added.n[k] = t->own.n[k] - before.n[k];
    effect.load_bytes = use_list_bytes(&t->own_uses, false) - loads;
    effect.store_bytes = use_list_bytes(&t->own_uses, true) - stores;
    detail_call(w->dt, c, &effect);
}

typedef struct child_match {
    CXSourceRange extent;
    int index, seen;
} child_match;

static enum CXChildVisitResult match_child(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    child_match *m = data;
    if (clang_equalRanges(clang_getCursorExtent(c), m->extent)) {
        m->index = m->seen;
        return CXChildVisit_Break;
    }
    m->seen++;
    return CXChildVisit_Continue;
}

/* Which child of call c argument arg is, by its extent (cursors of another
 * visit never equal the walk's); -1 when none. */
static int call_child_index(CXCursor c, CXCursor arg)
{
    child_match m = {clang_getCursorExtent(arg), -1, 0};
    clang_visitChildren(c, match_child, &m);
    return m.index;
}

/* Whether inner is written inside outer, in one file. */
static bool written_within(CXCursor inner, CXCursor outer)
{
    CXSourceRange in = clang_getCursorExtent(inner), out = clang_getCursorExtent(outer);
    CXFile fi, fo, fe;
    unsigned b, e, ob, oe;
    clang_getFileLocation(clang_getRangeStart(in), &fi, NULL, NULL, &b);
    clang_getFileLocation(clang_getRangeEnd(in), &fe, NULL, NULL, &e);
    clang_getFileLocation(clang_getRangeStart(out), &fo, NULL, NULL, &ob);
    clang_getFileLocation(clang_getRangeEnd(out), NULL, NULL, NULL, &oe);
    return fi && fo && fe && clang_File_isEqual(fi, fo) && clang_File_isEqual(fe, fo) && b >= ob &&
           e <= oe;
}

/* The bounds of a call-loop, in the program's arena. */
static void call_loop_bounds(walker *w, CXCursor c, const call_loop *lc, lm_loop *l)
{
    char *var, *lower, *upper;
    if (call_loops_bounds(w->cache->tu, c, lc, &var, &lower, &upper)) {
        l->bounds.loopvar = arena_strdup(w->prog->arena, var);
        l->bounds.lower = arena_strdup(w->prog->arena, lower);
        l->bounds.upper = arena_strdup(w->prog->arena, upper);
        l->bounds.stride = "1";
    }
    free(var);
    free(lower);
    free(upper);
}

/* A call the annotations make a loop (RAJA::forall, Kokkos::parallel_for,
 * std::for_each, ...): a `for` at the call whose body is the body argument
 * (a lambda counts where it is written), each iteration moving one element
 * of its iterator arguments; the other arguments count outside it, as a
 * for's header. */
static bool start_call_loop(walker *w, frame *f, CXCursor c)
{
    call_loop lc;
    if (!call_loops_of(w->cache->annots, c, &lc))
        return false;
    int body = call_child_index(c, lc.body);
    if (body < 0)
        return false;
    f->is_loop = true;
    f->body_index = (unsigned)body;
    f->functor_body = call_loops_functor_body(lc.body);
    f->loop_var = clang_getNullCursor();
    f->slots = (stmts_slots){0, f->body_index, -1, -1, -1};
    /* The statement the call is (perhaps under implicit nodes) is the loop. */
    if (!f->node_own && f->node && f->node->kind == LM_STMT_EXPR &&
        f->node->role == LM_ROLE_STATEMENT && written_within(analyzer_stmt_cursor(f->node), c))
        f->node_own = true;
    if (f->node_own)
        f->node->kind = LM_STMT_CALL_LOOP;
    if (w->fn) {
        add_loop(w, f, c, LM_LOOP_FOR);
        call_loop_bounds(w, c, &lc, f->body_loop);
    }
    for (unsigned i = 0; i < lc.nelems; i++) {
        array_target target;
        if (!walk_array_target(w, lc.elems[i], &target))
            continue;
        use *u = &f->call_elems[f->ncall_elems];
        *u = walk_element_use(w->cache, call_loops_elem_type(lc.elems[i]));
        u->key = target.key;
        u->name = target.name;
        u->param = target.param;
        u->suffix = target.suffix;
        f->call_elem_store[f->ncall_elems++] = lc.elem_store[i];
    }
    return true;
}

/* The element annotation of the class of the method call c calls, asked
 * once per method: a C++ unit calls its library's methods everywhere, and
 * the question means the class's qualified name and a search of the set. */
static const annot_element *method_element(walk_cache *wc, CXCursor c)
{
    CXCursor callee = clang_getCursorReferenced(c);
    if (!wc->annots || clang_getCursorKind(callee) != CXCursor_CXXMethod)
        return NULL;
    CXCursor canon = clang_getCanonicalCursor(callee);
    unsigned hash = clang_hashCursor(canon);
    method_entry **bucket = &wc->methods[hash % METHOD_BUCKETS];
    for (method_entry *e = *bucket; e; e = e->next)
        if (e->hash == hash && clang_equalCursors(e->decl, canon))
            return e->element;
    method_entry *e = arena_alloc(wc->scratch, sizeof *e);
    *e = (method_entry){*bucket, canon, hash, call_loops_element(wc->annots, callee)};
    *bucket = e;
    return e->element;
}

/* A call: in C++ perhaps a loop, an element access of a standard container
 * or of an annotated class, or the arithmetic of std::complex, else a call
 * by calls.c's rules. */
static void start_call(walker *w, frame *f, CXCursor c, access_mode mode)
{
    if (w->cache->cxx) {
        if (start_call_loop(w, f, c))
            return;
        f->first_mode = cxx_assignment_mode(c);
        CXCursor object;
        lm_fp_counts ops = {{0}};
        const annot_element *el = method_element(w->cache, c);
        if (el && !clang_Cursor_isNull(object = cxx_call_object(c))) {
            record_element_call(w, f, c, object, mode, el);
            return;
        }
        switch (cxx_container_call(c, &object)) {
        case CXX_CALL_ELEMENT:
            record_element_call(w, f, c, object, mode, NULL);
            return;
        case CXX_CALL_DATA: /* an address: the subscript on it is the access */
            return;
        case CXX_CALL_OTHER:
            break;
        }
        if (cxx_complex_operation(c, &ops)) {
            for (int k = 0; k < LM_FP_NCLASSES; k++)
                for (unsigned long i = 0; i < ops.n[k]; i++)
                    count_fp(w, f, (lm_fp_class)k);
            return;
        }
    }
    apply_call(w, f, c, mode);
    if (f->node)
        stmts_count_call(f->node, c);
}

/* With the record: an operation of class k (LM_OP_NCLASSES: none) in f's node. */
static void count_op(frame *f, lm_op k)
{
    if (f->node && k < LM_OP_NCLASSES)
        f->node->ops[k]++;
}

static void start_binary(walker *w, frame *f, CXCursor c)
{
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    if (op == CXBinaryOperator_Assign)
        f->first_mode = ACC_WRITE;
    else if (fp_ops_is_assignment(op))
        f->first_mode = ACC_READWRITE;
    fp_binary_op fp = fp_ops_classify_binary(op);
    fp_decision d = fp_ops_decide(fp, clang_getCursorType(c));
    if (d == FP_COUNTED) {
        count_fp(w, f, fp.fp_class);
    } else if (d == FP_IF_RIGHT_FLOATING) {
        f->pending = fp.fp_class; /* decided when the right side is visited */
        f->pending_int = fp.int_op;
    } else {
        count_op(f, fp.int_op);
    }
}

/* With the record: ++ -- and negation add, ~ and ! are logic. */
static void count_unary(frame *f, CXCursor c, enum CXUnaryOperatorKind op)
{
    if (!f->node)
        return;
    switch (op) {
    case CXUnaryOperator_PostInc:
    case CXUnaryOperator_PostDec:
    case CXUnaryOperator_PreInc:
    case CXUnaryOperator_PreDec:
    case CXUnaryOperator_Minus:
        count_op(f, fp_ops_type_is_floating(clang_getCursorType(c)) ? LM_OP_FADD : LM_OP_IADD);
        break;
    case CXUnaryOperator_Not:
    case CXUnaryOperator_LNot:
        count_op(f, LM_OP_ILOGIC);
        break;
    default:
        break;
    }
}

static void start_unary(frame *f, CXCursor c)
{
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
    count_unary(f, c, op);
    switch (op) {
    case CXUnaryOperator_PostInc:
    case CXUnaryOperator_PostDec:
    case CXUnaryOperator_PreInc:
    case CXUnaryOperator_PreDec:
        f->first_mode = ACC_READWRITE;
        break;
    case CXUnaryOperator_AddrOf:
        f->first_mode = ACC_ADDRESS;
        break;
    default:
        break;
    }
}

/* The right side of a compound assignment decides whether it was floating. */
static void count_pending(walker *w, frame *parent, CXCursor c, unsigned index)
{
    if (parent->pending == LM_FP_NCLASSES || index != 1)
        return;
    if (fp_ops_type_is_floating(clang_getCursorType(c)))
        count_fp(w, parent, parent->pending);
    else
        count_op(parent, parent->pending_int);
    parent->pending = LM_FP_NCLASSES;
}

/* Whether the lambda under the top frame is the body argument of a
 * call-loop that is a statement (only expressions come between). */
static bool is_call_loop_body(const walker *w)
{
    for (size_t i = w->nframes - 1; i > 0; i--) {
        const frame *f = &w->stack->frames[i - 1];
        if (f->is_loop)
            return f->kind == CXCursor_CallExpr && f->node_own &&
                   f->node->kind == LM_STMT_CALL_LOOP &&
                   w->stack->frames[i].opened == OPENED_BODY;
        if (!clang_isExpression(f->kind))
            return false;
    }
    return false;
}

/* With the statement record: c's node, if it gets one. */
static void record_statement(walker *w, frame *f, const frame *parent, CXCursor c,
                             unsigned index)
{
    int role = stmts_role(parent->node_own ? parent->node : NULL, index, &parent->slots);
    /* A lambda's body runs when it is called, not where it is written; a
     * call-loop's, as its body. */
    if (parent->kind == CXCursor_LambdaExpr && f->kind == CXCursor_CompoundStmt && parent->node)
        role = is_call_loop_body(w) ? LM_ROLE_LOOP_BODY : LM_ROLE_LAMBDA_BODY;
    lm_stmt *own = stmts_add(w->rec, parent->node, c, f->kind, role);
    f->node = own ? own : parent->node;
    f->node_own = own != NULL;
    if (f->kind == CXCursor_SwitchStmt || f->kind == CXCursor_CaseStmt ||
        f->kind == CXCursor_CXXCatchStmt) {
        cx_kids k = cx_children_of(c);
        f->slots.last = k.n ? k.n - 1 : 0;
    }
}

/* A child of a declaration that is its type, not its initializer. */
static bool is_type_part(enum CXCursorKind k)
{
    return k == CXCursor_TypeRef || k == CXCursor_StructDecl || k == CXCursor_UnionDecl ||
           k == CXCursor_EnumDecl;
}

static bool is_nested_declaration(enum CXCursorKind k)
{
    return k == CXCursor_StructDecl || k == CXCursor_UnionDecl || k == CXCursor_ClassDecl ||
           k == CXCursor_ClassTemplate || k == CXCursor_ClassTemplatePartialSpecialization ||
           k == CXCursor_FunctionTemplate || k == CXCursor_FunctionDecl ||
           k == CXCursor_CXXMethod || k == CXCursor_Constructor || k == CXCursor_Destructor;
}

static bool is_conditional(enum CXCursorKind k)
{
    return k == CXCursor_IfStmt || k == CXCursor_ConditionalOperator ||
           k == CXCursor_SwitchStmt;
}

static bool is_label(enum CXCursorKind k)
{
    return k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt;
}

/* A jump at the top of a switch body, perhaps under case labels, ends the
 * run of cases it is in. */
static void note_jump(walker *w)
{
    for (size_t i = w->nframes - 1; i > 0; i--) {
        frame *f = &w->stack->frames[i - 1];
        if (f->switch_body) {
            f->run_ends = true;
            return;
        }
        if (!is_label(f->kind))
            return;
    }
}

/* A child of a switch body counts in the run it starts or continues. */
static size_t switch_child_tally(walker *w, frame *body)
{
    if (body->run_open && body->run_ends) {
        finish_arm(w);
        body->run_open = false;
    }
    body->run_ends = false;
    if (!body->run_open) {
        push_tally(w);
        body->run_open = true;
    }
    return w->ntallies - 1;
}

/* Flow-sensitive: the compound body of a switch, whose runs are the arms. */
static bool starts_switch_body(const frame *parent, unsigned index, enum CXCursorKind kind)
{
    return parent->best >= 0 && parent->kind == CXCursor_SwitchStmt && index == 1 &&
           kind == CXCursor_CompoundStmt;
}

/* The tally child number `index` counts in, opening one if it starts a loop
 * body or an arm. */
static size_t child_tally(walker *w, frame *parent, enum CXCursorKind kind, unsigned index,
                          opened_tally *opened)
{
    *opened = OPENED_NONE;
    if (parent->is_loop && index == parent->body_index) {
        tally *t = push_tally(w);
        t->loop = parent->body_loop;
        t->check = parent->body_check;
        w->loop_depth++;
        if (w->dt)
            detail_body_open(w->dt, parent->body_loop, parent->loop_var);
        if (parent->range_for)
            range_access(w, parent, w->ntallies - 1, ACC_READ);
        for (unsigned i = 0; i < parent->ncall_elems; i++)
            tally_note(walk_tally(w, w->ntallies - 1), &parent->call_elems[i],
                       !parent->call_elem_store[i], parent->call_elem_store[i], ++w->seq);
        *opened = OPENED_BODY;
        return w->ntallies - 1;
    }
    if (parent->switch_body)
        return switch_child_tally(w, parent);
    if (starts_switch_body(parent, index, kind))
        return parent->acc;
    if (parent->best >= 0 && index >= 1) {
        push_tally(w);
        *opened = OPENED_ARM;
        return w->ntallies - 1;
    }
    return parent->acc;
}

static const char *statement_name(enum CXCursorKind k)
{
    switch (k) {
    case CXCursor_ForStmt:
    case CXCursor_WhileStmt:
    case CXCursor_DoStmt:
        return "loop";
    case CXCursor_IfStmt:
        return "if";
    case CXCursor_SwitchStmt:
        return "switch";
    case CXCursor_CompoundStmt:
        return "block";
    default:
        return "statement";
    }
}

/* A statement a pragma stands before: a loop's body fills the pragma's
 * check per iteration; any other statement counts in a tally of its own,
 * which fills the check and then joins the level the statement is in. */
static void claim_statement(walker *w, frame *f, CXCursor c)
{
    const char *what = statement_name(f->kind);
    lm_check *check = pragma_claim(w->cache->pragmas, c, what);
    if (!check)
        return;
    if (f->kind == CXCursor_ForStmt || f->kind == CXCursor_WhileStmt ||
        f->kind == CXCursor_DoStmt) {
        f->body_check = check;
        return;
    }
    tally *t = push_tally(w);
    t->check = check;
    f->acc = w->ntallies - 1;
    f->stmt_tally = true;
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent_cursor, CXClientData data);

/* A call-loop's functor body: its operator()'s body walked as the loop's
 * body, under the functor argument's frame (the functor's construction is
 * not walked: it happens once, before the loop). */
static void walk_functor(walker *w, CXCursor arg, CXCursor body, size_t acc, opened_tally opened)
{
    push_frame(w, arg, acc, opened);
    size_t level = w->nframes;
    push_frame(w, body, acc, OPENED_NONE)->by_extent = true;
    clang_visitChildren(body, visit, w);
    while (w->nframes > level)
        pop_frame(w);
}

/* Whether frame f is node c.  A body walked from its own cursor (the
 * root, a functor's) may be named by its children with another cursor of
 * the same extent. */
static bool frame_is(const frame *f, CXCursor c)
{
    return clang_equalCursors(f->cursor, c) ||
           (f->by_extent &&
            clang_equalRanges(clang_getCursorExtent(f->cursor), clang_getCursorExtent(c)));
}

/* Whether c is a node of the walk's path. */
static bool on_stack(const walker *w, CXCursor c)
{
    for (size_t i = w->nframes; i > 0; i--)
        if (frame_is(&w->stack->frames[i - 1], c))
            return true;
    return false;
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent_cursor, CXClientData data)
{
    walker *w = data;
    /* libclang visits a lambda's captures as children of a parent that is
     * not on the walk's path: their copies are made where the lambda is,
     * not in its body, and are passed over. */
    if (!on_stack(w, parent_cursor))
        return CXChildVisit_Continue;
    while (w->nframes > 1 && !frame_is(&w->stack->frames[w->nframes - 1], parent_cursor))
        pop_frame(w);
    frame *parent = &w->stack->frames[w->nframes - 1];
    unsigned index = parent->nchildren++;
    count_pending(w, parent, c, index);
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind == CXCursor_UnaryExpr) /* sizeof, _Alignof: not evaluated */
        return CXChildVisit_Continue;
    if (parent->kind == CXCursor_VarDecl && !is_type_part(kind))
        parent->has_init = true;
    /* A class or function declared in a body is not the body's code (and
     * libclang shows a class in an implicit member's cast in full). */
    if (is_nested_declaration(kind))
        return CXChildVisit_Continue;
    /* A generic lambda's body has unknown types where it is written: it is
     * counted per instance, as any template (analyzer.c). */
    if (kind == CXCursor_LambdaExpr && w->cache->cxx && cxx_is_generic_lambda(c))
        return CXChildVisit_Continue;

    access_mode mode = index == 0 ? parent->first_mode : parent->rest_mode;
    opened_tally opened;
    CXCursor functor = parent->is_loop && index == parent->body_index ? parent->functor_body
                                                                      : clang_getNullCursor();
    size_t acc = child_tally(w, parent, kind, index, &opened);
    if (!clang_Cursor_isNull(functor)) {
        walk_functor(w, c, functor, acc, opened);
        return CXChildVisit_Continue;
    }
    bool in_switch = starts_switch_body(parent, index, kind);
    frame *f = push_frame(w, c, acc, opened);
    parent = &w->stack->frames[w->nframes - 2]; /* push_frame may have moved the stack */
    mode = place_in_chain(w, f, parent, c, index, mode);
    if (w->rec)
        record_statement(w, f, parent, c, index);
    /* Parentheses, conversions and `.m` hand on how they are used: `(a[i]) = x` writes a. */
    if (kind == CXCursor_ParenExpr || kind == CXCursor_UnexposedExpr ||
        kind == CXCursor_MemberRefExpr)
        f->first_mode = mode;
    f->switch_body = in_switch;
    /* The body of a switch holds its runs of cases, not a statement's count. */
    if (w->claims && !in_switch && pragma_set_pending(w->cache->pragmas))
        claim_statement(w, f, c);
    if (w->cache->flow_sensitive && is_conditional(kind)) {
        push_tally(w);
        f->best = (long)(w->ntallies - 1);
    }

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
        start_call(w, f, c, mode);
        break;
    case CXCursor_CXXForRangeStmt:
        start_loop(w, f, c, LM_LOOP_FOR);
        break;
    case CXCursor_VarDecl:
        if (w->dt)
            detail_declaration_begin(w->dt, c);
        /* A range-based for's variable is initialized by the iterator's
         * implicit calls: the element's load is the loop's (child_tally). */
        if (parent->kind == CXCursor_CXXForRangeStmt)
            return CXChildVisit_Continue;
        /* Binding a reference moves nothing: its uses do. */
        if (w->cache->cxx &&
            clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_LValueReference) {
            f->binds_reference = true;
            f->first_mode = f->rest_mode = ACC_ADDRESS;
        }
        break;
    case CXCursor_BreakStmt:
    case CXCursor_ContinueStmt:
    case CXCursor_ReturnStmt:
    case CXCursor_GotoStmt:
        note_jump(w);
        break;
    case CXCursor_DeclRefExpr:
        note_reference_use(w, f, c, mode);
        if (w->dt)
            detail_reference(w->dt, c, mode);
        pop_frame(w);
        return CXChildVisit_Continue;
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

walk_cache *walk_cache_create(CXTranslationUnit tu, const walk_options *opt,
                              pragma_set *pragmas)
{
    walk_cache *wc = mem_alloc(sizeof *wc);
    wc->tu = tu;
    wc->pragmas = pragmas;
    wc->annots = opt->annots;
    wc->flow_sensitive = opt->flow_sensitive;
    wc->detail = opt->detail;
    wc->statements = opt->statements;
    wc->cxx = opt->cxx;
    wc->scratch = arena_create();
    return wc;
}

void walk_cache_free(walk_cache **wcp)
{
    if (!wcp || !*wcp)
        return;
    walk_cache *wc = *wcp;
    calls_cache_free(wc);
    for (size_t i = 0; i < wc->nstacks; i++) {
        walk_stack *st = wc->stacks[i];
        for (size_t k = 0; k < st->tallies_cap; k++)
            tally_release(&st->tallies[k]);
        free(st->tallies);
        free(st->frames);
        free(st);
    }
    free(wc->stacks);
    free(wc->globals);
    free(wc->instances);
    arena_free(&wc->scratch);
    free(wc->types);
    free(wc);
    *wcp = NULL;
}

/* Walk a body on the stack of the current nesting depth; the body's tally is
 * left on that stack (number 0) for the caller. */
static void walk_body(walker *w, CXCursor body)
{
    walk_cache *wc = w->cache;
    if (wc->depth == wc->nstacks) {
        wc->stacks = mem_realloc(wc->stacks, (wc->nstacks + 1) * sizeof *wc->stacks);
        wc->stacks[wc->nstacks] = mem_alloc(sizeof **wc->stacks);
        memset(wc->stacks[wc->nstacks++], 0, sizeof **wc->stacks);
    }
    w->stack = wc->stacks[wc->depth];
    push_tally(w);
    frame *root = push_frame(w, body, 0, OPENED_NONE);
    root->by_extent = true;
    if (w->rec) {
        root->node = stmts_root(w->rec);
        root->node_own = true;
    }
    wc->depth++;
    clang_visitChildren(body, visit, w);
    while (w->nframes > 0)
        pop_frame(w);
    wc->depth--;
}

void walk_function_body(lm_program *p, lm_function *fn, walk_cache *cache, CXCursor definition,
                        CXCursor body)
{
    walker w = {.prog = p, .fn = fn, .cache = cache, .claims = true};
    if (cache->detail)
        w.dt = detail_begin(p, fn, cache->tu, definition);
    if (cache->statements)
        w.rec = stmts_begin(p, fn, body);
    walk_body(&w, body);
    detail_end(&w.dt);
    stmts_end(&w.rec);
    free(w.indexes);
    free(w.range_frames);
    free(w.refs);
    const tally *t = walk_tally(&w, 0);
    fn->own = t->own;
    fn->inclusive = t->incl;
    fn->inclusive_given = true;
}

lm_fp_counts walk_function_checks(walk_cache *cache, CXCursor body)
{
    walker w = {.cache = cache, .claims = true};
    walk_body(&w, body);
    free(w.range_frames);
    free(w.refs);
    return walk_tally(&w, 0)->incl;
}

/* A body that is one `return` of a function returning an lvalue reference. */
static bool is_accessor(CXCursor definition, CXCursor body)
{
    CXType r = clang_getCursorResultType(definition);
    if (r.kind != CXType_LValueReference)
        return false;
    cx_kids kids = cx_children_of(body);
    return kids.n == 1 && clang_getCursorKind(kids.v[0]) == CXCursor_ReturnStmt;
}

void walk_summarize(walk_cache *wc, CXCursor definition, tally *out, const char **element)
{
    tally_reset(out);
    *element = NULL;
    CXCursor body = cx_function_body_of(definition);
    if (clang_Cursor_isNull(body))
        return;
    int n = clang_Cursor_getNumArguments(definition);
    summary_params sp = {NULL, NULL, n > 0 ? n : 0,
                         .has_this = clang_getCursorKind(definition) == CXCursor_CXXMethod &&
                                     !clang_CXXMethod_isStatic(definition),
                         .accessor = is_accessor(definition, body)};
    if (sp.n) {
        sp.decls = mem_alloc((size_t)sp.n * sizeof *sp.decls);
        sp.names = mem_alloc((size_t)sp.n * sizeof *sp.names);
    }
    for (int i = 0; i < sp.n; i++) {
        sp.decls[i] = clang_Cursor_getArgument(definition, (unsigned)i);
        char *name = cx_copy_string(clang_getCursorSpelling(sp.decls[i]));
        sp.names[i] = walk_intern(wc, name);
        free(name);
    }
    walker w = {.cache = wc, .params = &sp};
    walk_body(&w, body);
    free(w.range_frames);
    free(w.refs);
    tally_absorb_all(out, walk_tally(&w, 0));
    *element = w.returned_key;
    free(sp.decls);
    free(sp.names);
}

void walk_note_instance(walk_cache *wc, CXCursor callee)
{
    if (wc->ninstances == wc->instances_cap) {
        wc->instances_cap = wc->instances_cap ? 2 * wc->instances_cap : 8;
        wc->instances = mem_realloc(wc->instances, wc->instances_cap * sizeof *wc->instances);
    }
    wc->instances[wc->ninstances++] = callee;
}

size_t walk_instance_count(const walk_cache *cache)
{
    return cache->ninstances;
}

CXCursor walk_instance(const walk_cache *cache, size_t i)
{
    return cache->instances[i];
}
