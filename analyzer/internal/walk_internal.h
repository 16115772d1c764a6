/* walk_internal: what the walker (walk.c) and the call semantics (calls.c)
 * share.  Everything here belongs to one translation unit's walk_cache and
 * lives until walk_cache_free(); strings are interned in its arena. */
#ifndef AITOOL_WALK_INTERNAL_H
#define AITOOL_WALK_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include <clang-c/Index.h>

#include "annot.h"
#include "detail.h"
#include "stmts.h"
#include "loop_model.h"
#include "mem.h"
#include "pragma.h"
#include "tally.h"
#include "walk.h"

typedef struct frame frame;
typedef struct callee_info callee_info;

/* Frames and tallies of one walk; a summary walk started inside another walk
 * uses the next stack, so the walks never move each other's memory (each
 * stack is allocated on its own and stays where it is). */
typedef struct walk_stack {
    frame *frames;
    size_t frames_cap;
    tally *tallies;
    size_t tallies_cap;
} walk_stack;

typedef struct decl_entry decl_entry;
typedef struct method_entry method_entry;
typedef struct type_entry type_entry;
typedef struct string_entry string_entry;

enum {
    DECL_BUCKETS = 1024,
    STRING_BUCKETS = 256,
    CALLEE_BUCKETS = 256,
    TYPE_BUCKETS = 256,
    METHOD_BUCKETS = 256
};

typedef struct global_var {
    const char *name;
    CXCursor decl;
} global_var;

struct walk_cache {
    CXTranslationUnit tu;
    const annot_set *annots; /* may be NULL */
    bool flow_sensitive;
    bool detail;             /* reported functions get their ExaSAT detail */
    bool statements;         /* and their statement record */
    bool cxx;                /* the unit is C++ */
    pragma_set *pragmas;     /* the unit's aitool pragmas; may be NULL */
    arena *scratch; /* interned entries and strings */
    decl_entry *decls[DECL_BUCKETS];
    unsigned ndecls;
    type_entry *types;
    size_t ntypes, types_cap;
    size_t type_buckets[TYPE_BUCKETS]; /* the first entry of each, plus one */
    string_entry *strings[STRING_BUCKETS];
    callee_info *callees[CALLEE_BUCKETS];
    method_entry *methods[METHOD_BUCKETS]; /* the element annotation of each method called */
    callee_info *summarizing; /* the callee whose body is being summarized, or NULL */
    global_var *globals; /* the unit's file-scope variables, read on first need */
    size_t nglobals;
    bool globals_read;
    CXCursor *instances; /* walk_note_instance's, in the order first met */
    size_t ninstances, instances_cap;
    walk_stack **stacks;
    size_t nstacks, depth; /* depth: walks in progress */
};

/* A use's param when it is no parameter's: a global's, or one reached
 * through the `this` of the method summarized (its suffix the member path,
 * "->m_x"). */
enum { WALK_PARAM_GLOBAL = -1, WALK_PARAM_THIS = -2 };

/* A summary walk: the parameters of the function being summarized. */
typedef struct summary_params {
    CXCursor *decls;
    const char **names;
    int n;
    bool has_this;   /* a method's (not a constructor's): its members are the caller's object's */
    bool accessor;   /* its body is one `return` of a reference to an element */
} summary_params;

/* A subscript of a chain the detail is told of: its run, its place in it. */
typedef struct subscript_index {
    unsigned run, dim;
    CXCursor cursor;
} subscript_index;

/* A local reference bound to an element (`auto &r = v[i];`): reading r
 * loads the element, writing it stores the element. */
typedef struct ref_binding {
    CXCursor var; /* canonical */
    use u;
} ref_binding;

typedef struct walker {
    lm_program *prog;
    lm_function *fn; /* the reported function; NULL in a summary walk */
    walk_cache *cache;
    walk_stack *stack;
    size_t nframes, ntallies;
    unsigned long seq;       /* source order of array accesses */
    unsigned loop_depth;     /* loop bodies open */
    const summary_params *params; /* summary walks only */
    bool claims;             /* statements may take pragmas (not in summaries) */
    detail *dt;              /* the ExaSAT detail being recorded, or NULL */
    stmts *rec;              /* the statement record being made, or NULL */
    unsigned open_chains;    /* with dt: chains begun and not ended */
    subscript_index *indexes; /* with dt: subscripts of the open chains */
    size_t nindexes, indexes_cap;
    const char *returned_key; /* an accessor's summary: the returned element's array */
    size_t *range_frames;     /* frames of the range-based fors whose body is open */
    size_t nranges, ranges_cap;
    ref_binding *refs;        /* the references bound to elements so far */
    size_t nrefs, refs_cap;
} walker;

/* Where an array access or an argument leads: one array, keyed. */
typedef struct array_target {
    const char *key, *name; /* interned */
    int param;              /* summary walks: through this parameter, or -1 */
    const char *suffix;     /* with param: the member path after it */
} array_target;

const char *walk_intern(walk_cache *wc, const char *s);
/* Whether s was never interned before (it is now): a warning said once. */
bool walk_first_time(walk_cache *wc, const char *s);

/* The element an array of type t is made of, as a use (key and name unset). */
use walk_element_use(walk_cache *wc, CXType t);

/* The array an expression designates (the base of a subscript, an argument
 * passed on): false when it is none this walk counts (a local of a
 * summarized function).  By a variable's declaration, or by a member path
 * (`p->v`, "g.u") and the variable it starts from. */
bool walk_array_target(walker *w, CXCursor base, array_target *out);
bool walk_decl_target(walker *w, CXCursor decl, array_target *out);
bool walk_path_target(walker *w, CXCursor root, const char *path, array_target *out);
/* A member path of the object a method is called on (`this` of the walk's
 * own method when it is a summary), suffix "->m_x". */
void walk_this_target(walker *w, const char *suffix, array_target *out);

/* Array bytes are what loops report, and what summaries carry to call
 * sites; outside loops of a reported function only FP operations matter. */
static inline bool walk_counts_bytes(const walker *w)
{
    return w->params || w->loop_depth > 0;
}

/* Inside a loop of a reported function, where unknown effects are warned of. */
static inline bool walk_in_reported_loop(const walker *w)
{
    return w->fn && w->loop_depth > 0;
}

/* The tally a node at `acc` counts in. */
tally *walk_tally(walker *w, size_t acc);

/* Summarize a function defined in the unit: everything its body does per
 * call, with array uses through parameters (and a method's `this`) marked
 * by parameter.  For an accessor, a function whose body is one `return` of
 * an element (`Real_t &x(int i) { return m_x[i]; }`) and returns an lvalue
 * reference to it, *element is the key of the returned element's array
 * (interned), whose access the call's context decides; else NULL. */
void walk_summarize(walk_cache *wc, CXCursor definition, tally *out, const char **element);

/* C++: a function called is an instance of a template of the main file:
 * it is reported after the functions that are not (analyzer.c).  Told once
 * per instance: calls.c resolves each callee once. */
void walk_note_instance(walk_cache *wc, CXCursor callee);

/* A call whose callee's body is outside the main file, which the
 * instrumenters do not rewrite: the FP operations of one execution of it
 * (its summary), which the call's node is charged with, and whether they
 * are an estimate.  callee is interned. */
typedef struct calls_charge {
    bool charged, estimated;
    lm_fp_counts fp;
    const char *callee;
} calls_charge;

/* calls.c: what a call expression does, added to tally `acc`, the call
 * used in `mode` (an accessor's element is read or written by it), and its
 * charge; false for a call through a function pointer. */
bool calls_apply(walker *w, size_t acc, CXCursor call, access_mode mode, calls_charge *charge);
void calls_cache_free(walk_cache *wc);

#endif
