/* Calls: what a call does where it is made.
 *
 * Each function called is resolved once per translation unit (callee_info,
 * keyed by its canonical declaration), in this order:
 *   - a libm function is one fp_special and reads only its arguments; an
 *     annotation (frexp writes through its pointer) adds what it says, and
 *     one with a pointer parameter and no annotation is unknown;
 *   - C++: a lambda's body counts where the lambda is written (its loops
 *     are the enclosing function's), so calling it adds nothing more, and
 *     std::move, std::forward and the like are casts that do nothing;
 *   - a function defined in the unit is followed: its body is walked once
 *     into a summary (walk_summarize), whose FP operations count at every
 *     call site and whose array uses through parameters are renamed to the
 *     arrays passed, and a method's uses of its object's members to the
 *     members of the object it is called on (`domain.x(i)` reads the
 *     `m_x` of `domain`: "domain.m_x"); a call back into a function being
 *     summarized adds nothing (the recursion guard).  A summary is an
 *     estimate when the body has loops or branches, calls a function whose
 *     summary is one, or recurses; a body outside the main file (a header's)
 *     is never rewritten by the instrumenters, so the call is charged with
 *     what it does there (calls_charge), less what the main file's functions
 *     it calls do;
 *   - an accessor, a function whose body is one `return` of an element and
 *     whose result is an lvalue reference to it (`Real_t &x(Index_t i)
 *     { return m_x[i]; }`), is that element's access at the call site, a
 *     load or a store by the context of the call as a subscript is
 *     (`domain.x(i) = v` stores, `domain.x(i) += v` loads and stores,
 *     `&domain.x(0)` does neither);
 *   - an annotation says which arguments (and which globals) the function
 *     reads and modifies.  A user's annotation replaces what following the
 *     definition would say about bytes; the built-in set only speaks for
 *     functions the unit does not define;
 *   - anything else is unknown: its name goes into the loop's list, which
 *     marks the loop's bytes incomplete, and a call inside a loop of a
 *     reported function is warned about.
 * An argument moves array bytes only when it designates an array: an array
 * or pointer variable, a field of such a type, `&a[i]`, `a + k`.  Scalars
 * passed by value were already read where the argument was evaluated. */
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "annot.h"
#include "cx.h"
#include "cxx.h"
#include "diag.h"
#include "fp_ops.h"
#include "loop_model.h"
#include "mem.h"
#include "strbuf.h"
#include "tally.h"
#include "walk.h"
#include "walk_internal.h"

struct callee_info {
    callee_info *next;
    CXCursor decl; /* canonical */
    unsigned hash;
    const char *name;            /* interned */
    bool math;                   /* one fp_special per call */
    const annot_function *annot; /* the bytes come from this annotation */
    bool followed, in_progress;  /* defined in the unit; being summarized */
    bool unknown;                /* no definition, no annotation */
    bool outside_main;           /* followed: the body is not in the main file */
    bool estimated;              /* followed: the summary is not exact */
    lm_fp_counts in_main;        /* followed: of the summary, what main-file bodies do */
    tally summary;               /* followed: one execution of the body */
    const char *element;         /* an accessor's: its element's key in the summary */
};

static enum CXChildVisitResult find_control_flow(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    static const enum CXCursorKind kinds[] = {
        CXCursor_IfStmt,      CXCursor_SwitchStmt,          CXCursor_ForStmt,
        CXCursor_WhileStmt,   CXCursor_DoStmt,              CXCursor_CXXForRangeStmt,
        CXCursor_GotoStmt,    CXCursor_IndirectGotoStmt,    CXCursor_ConditionalOperator,
        CXCursor_CXXTryStmt,
    };
    enum CXCursorKind k = clang_getCursorKind(c);
    bool found = false;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        found |= k == kinds[i];
    if (k == CXCursor_BinaryOperator) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        found = op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr;
    }
    if (!found)
        return CXChildVisit_Recurse;
    *(bool *)data = true;
    return CXChildVisit_Break;
}

/* Whether a definition's body has loops or branches, so that what one
 * execution of it does is not always the same. */
static bool has_control_flow(CXCursor def)
{
    bool found = false;
    clang_visitChildren(def, find_control_flow, &found);
    return found;
}

static const annot_function *find_annotation(const walk_cache *wc, const char *name)
{
    static const char builtin[] = "__builtin_";
    if (!wc->annots)
        return NULL;
    const annot_function *a = annot_lookup(wc->annots, name);
    if (!a && !strncmp(name, builtin, sizeof builtin - 1))
        a = annot_lookup(wc->annots, name + sizeof builtin - 1);
    return a;
}

static bool has_pointer_parameter(CXCursor fn)
{
    CXType t = clang_getCursorType(fn);
    int n = clang_getNumArgTypes(t);
    for (int i = 0; i < n; i++)
        if (cx_type_is_pointer_or_array(clang_getArgType(t, (unsigned)i)))
            return true;
    return false;
}

static void resolve_callee(walk_cache *wc, callee_info *ci, CXCursor callee)
{
    if (wc->cxx && clang_Location_isFromMainFile(clang_getCursorLocation(callee)) &&
        !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(callee)))
        walk_note_instance(wc, callee);
    /* A lambda's body counts where it is written; std::move and its kin
     * are casts, which clang does not even instantiate. */
    if (wc->cxx && (cxx_is_lambda_call(callee) || cxx_is_std_cast(callee))) {
        ci->followed = true; /* with nothing */
        return;
    }
    const annot_function *a = find_annotation(wc, ci->name);
    if (fp_ops_is_math_function(ci->name)) {
        ci->math = true;
        ci->annot = a;
        ci->unknown = !a && has_pointer_parameter(callee);
        return;
    }
    CXCursor def = clang_getCursorDefinition(callee);
    if (!clang_Cursor_isNull(def) && cxx_is_function(clang_getCursorKind(def))) {
        ci->followed = ci->in_progress = true;
        ci->outside_main = !clang_Location_isFromMainFile(clang_getCursorLocation(def));
        ci->estimated = has_control_flow(def);
        callee_info *outer = wc->summarizing;
        wc->summarizing = ci;
        walk_summarize(wc, def, &ci->summary, &ci->element);
        wc->summarizing = outer;
        ci->in_progress = false;
    }
    if (a && (!a->builtin || !ci->followed))
        ci->annot = a;
    ci->unknown = !ci->followed && !ci->annot;
}

static callee_info *callee_lookup(walk_cache *wc, CXCursor callee)
{
    CXCursor canon = clang_getCanonicalCursor(callee);
    unsigned hash = clang_hashCursor(canon);
    callee_info **bucket = &wc->callees[hash % CALLEE_BUCKETS];
    for (callee_info *ci = *bucket; ci; ci = ci->next)
        if (ci->hash == hash && clang_equalCursors(ci->decl, canon))
            return ci;
    callee_info *ci = arena_alloc(wc->scratch, sizeof *ci);
    ci->decl = canon;
    ci->hash = hash;
    char *name = cx_copy_string(clang_getCursorSpelling(canon));
    ci->name = walk_intern(wc, name);
    free(name);
    /* In the table before its body is walked, so recursion finds it. */
    ci->next = *bucket;
    *bucket = ci;
    resolve_callee(wc, ci, callee);
    return ci;
}

void calls_cache_free(walk_cache *wc)
{
    for (size_t b = 0; b < CALLEE_BUCKETS; b++)
        for (callee_info *ci = wc->callees[b]; ci; ci = ci->next)
            tally_release(&ci->summary);
}

/* The expression naming the array an argument designates, or a null cursor. */
static CXCursor argument_base(CXCursor c)
{
    CXCursor root = cx_argument_root(c);
    return !clang_Cursor_isNull(root) && cx_type_is_pointer_or_array(clang_getCursorType(root))
               ? root
               : clang_getNullCursor();
}

/* The first array an annotated call moves whose element has no size: an
 * incomplete type (`void`, a struct only declared), so the bytes depend on
 * what the function does with it.  name is NULL while there is none. */
typedef struct unsized_array {
    const char *name, *elem_type;
} unsized_array;

/* Whether u's element has a size; if not, it is remembered in un. */
static bool sized_use(const use *u, const array_target *target, unsized_array *un)
{
    if (u->elem_size)
        return true;
    if (!un->name)
        *un = (unsized_array){target->name, u->elem_type};
    return false;
}

/* Note one access through argument i. */
static void note_argument(walker *w, size_t acc, CXCursor call, unsigned i, bool read, bool write,
                          unsized_array *un)
{
    CXCursor arg = clang_Cursor_getArgument(call, i);
    if (!cx_type_is_pointer_or_array(clang_getCursorType(arg)))
        return; /* a value, as converted for the call: no array behind it */
    CXCursor base = argument_base(arg);
    array_target target;
    if (clang_Cursor_isNull(base) || !walk_array_target(w, base, &target))
        return;
    use u = walk_element_use(w->cache, cx_innermost_element(clang_getCursorType(base)));
    if (!sized_use(&u, &target, un))
        return;
    u.key = target.key;
    u.name = target.name;
    u.param = target.param;
    u.suffix = target.suffix;
    tally_note(walk_tally(w, acc), &u, read, write, ++w->seq);
}

static void note_global(walker *w, size_t acc, const char *name, bool read, bool write,
                        unsized_array *un);

/* One clause (read or modify) of an annotation. */
static void apply_clause(walker *w, size_t acc, CXCursor call, const annot_function *a,
                         const annot_names *names, bool read, bool write, unsized_array *un)
{
    int nargs = clang_Cursor_getNumArguments(call);
    for (size_t k = 0; names->given && !names->none && k < names->n; k++) {
        const char *name = names->v[k];
        size_t p = 0;
        while (p < a->nparams && strcmp(a->params[p], name) != 0)
            p++;
        if (p == a->nparams) {
            note_global(w, acc, name, read, write, un);
            continue;
        }
        /* `...` stands for every argument from its position on. */
        unsigned last = !strcmp(name, "...") ? (unsigned)(nargs > 0 ? nargs : 0) : (unsigned)p + 1;
        for (unsigned i = (unsigned)p; i < last && (int)i < nargs; i++)
            note_argument(w, acc, call, i, read, write, un);
    }
}

static enum CXChildVisitResult collect_global(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    walk_cache *wc = data;
    if (clang_getCursorKind(c) != CXCursor_VarDecl)
        return CXChildVisit_Continue;
    wc->globals = mem_realloc(wc->globals, (wc->nglobals + 1) * sizeof *wc->globals);
    char *name = cx_copy_string(clang_getCursorSpelling(c));
    wc->globals[wc->nglobals++] = (global_var){walk_intern(wc, name), clang_getCanonicalCursor(c)};
    free(name);
    return CXChildVisit_Continue;
}

/* A name in an annotation that is not a parameter is a global of the program. */
static void note_global(walker *w, size_t acc, const char *name, bool read, bool write,
                        unsized_array *un)
{
    walk_cache *wc = w->cache;
    if (!wc->globals_read) {
        wc->globals_read = true;
        clang_visitChildren(clang_getTranslationUnitCursor(wc->tu), collect_global, wc);
    }
    const char *interned = walk_intern(wc, name);
    for (size_t i = 0; i < wc->nglobals; i++) {
        if (wc->globals[i].name != interned)
            continue;
        CXType t = clang_getCursorType(wc->globals[i].decl);
        if (!cx_type_is_pointer_or_array(t))
            return; /* a scalar: not counted */
        use u = walk_element_use(wc, cx_innermost_element(t));
        array_target target;
        if (!walk_decl_target(w, wc->globals[i].decl, &target) || !sized_use(&u, &target, un))
            return;
        u.key = target.key;
        u.name = target.name;
        tally_note(walk_tally(w, acc), &u, read, write, ++w->seq);
        return;
    }
}

/* `grid` and "->u" give "grid->u"; `&g` and "->u" give "g.u", as a caller
 * would write the access itself. */
static char *join_member_path(const char *arg, const char *suffix)
{
    strbuf sb = STRBUF_INIT;
    size_t n = strlen(arg);
    bool plain = n > 0;
    for (size_t i = 0; i < n; i++)
        plain &= arg[i] == '_' || (arg[i] >= 'a' && arg[i] <= 'z') ||
                 (arg[i] >= 'A' && arg[i] <= 'Z') || (arg[i] >= '0' && arg[i] <= '9');
    if (arg[0] == '&' && !strncmp(suffix, "->", 2))
        strbuf_printf(&sb, "%s.%s", arg + 1, suffix + 2);
    else if (plain)
        strbuf_printf(&sb, "%s%s", arg, suffix);
    else
        strbuf_printf(&sb, "(%s)%s", arg, suffix);
    return strbuf_take(&sb);
}

/* Where a use of member path `suffix` of a method's `this` lands at this
 * call: the same member of the object the method is called on. */
static void map_this_use(walker *w, CXCursor call, const char *suffix, array_target *target)
{
    CXCursor object = cxx_call_object(call);
    if (clang_Cursor_isNull(object) || clang_getCursorKind(object) == CXCursor_CXXThisExpr) {
        walk_this_target(w, suffix, target);
        return;
    }
    bool pointer = cx_type_is_pointer(clang_getCanonicalType(clang_getCursorType(object)));
    char *text = cx_path_text(w->cache->tu, object);
    strbuf path = STRBUF_INIT;
    strbuf_printf(&path, "%s%s%s", text, pointer ? "->" : ".", suffix + strspn(suffix, "->."));
    if (!walk_path_target(w, cx_root_declaration(object), strbuf_cstr(&path), target))
        target->key = NULL;
    strbuf_release(&path);
    free(text);
}

/* Where a summary's use through a parameter lands at this call. */
static bool map_summary_use(walker *w, CXCursor call, const use *u, use *out)
{
    *out = *u;
    if (u->param == WALK_PARAM_GLOBAL)
        return true;
    array_target target;
    if (u->param == WALK_PARAM_THIS) {
        map_this_use(w, call, u->suffix, &target);
        if (!target.key)
            return false;
        out->key = target.key;
        out->name = target.name;
        out->param = target.param;
        out->suffix = target.suffix;
        return true;
    }
    if (u->param >= clang_Cursor_getNumArguments(call))
        return false;
    CXCursor arg = clang_Cursor_getArgument(call, (unsigned)u->param);
    if (!*u->suffix) {
        CXCursor base = argument_base(arg);
        if (clang_Cursor_isNull(base) || !walk_array_target(w, base, &target))
            return false;
    } else {
        char *text = cx_expr_text(w->cache->tu, arg);
        char *path = join_member_path(text, u->suffix);
        bool ok = walk_path_target(w, cx_root_declaration(arg), path, &target);
        free(path);
        free(text);
        if (!ok)
            return false;
    }
    out->key = target.key;
    out->name = target.name;
    out->param = target.param;
    out->suffix = target.suffix;
    return true;
}

/* The summary's uses at this call; an accessor's element is read and
 * written as the call is used (mode). */
static void apply_summary(walker *w, size_t acc, CXCursor call, const callee_info *ci,
                          access_mode mode)
{
    const use_list *uses = &ci->summary.incl_uses;
    for (size_t i = 0; i < uses->n; i++) {
        use m;
        if (!map_summary_use(w, call, &uses->v[i], &m))
            continue;
        bool element = ci->element && uses->v[i].key == ci->element;
        bool read = element ? (mode & ACC_READ) != 0 : uses->v[i].first_read != 0;
        bool write = element ? (mode & ACC_WRITE) != 0 : uses->v[i].first_write != 0;
        if (read || write)
            tally_note(walk_tally(w, acc), &m, read, write, ++w->seq);
    }
    for (size_t i = 0; i < ci->summary.unknown.n; i++)
        tally_unknown(walk_tally(w, acc), ci->summary.unknown.v[i]);
}

/* A call in a loop whose bytes cannot all be known; `why` finishes the
 * sentence that starts with the callee.  Said once per place: the calls of
 * a chain (`std::cout << a << b`) are all at its start. */
static void warn_incomplete(walk_cache *wc, CXCursor call, const char *callee, const char *why)
{
    CXFile file = NULL;
    unsigned line = 0, col = 0;
    clang_getFileLocation(clang_getCursorLocation(call), &file, &line, &col, NULL);
    char *name = file ? cx_copy_string(clang_getFileName(file)) : mem_strdup("");
    strbuf key = STRBUF_INIT;
    strbuf_printf(&key, "warned:%s:%u:%u:'%s' %s", name, line, col, callee, why);
    if (walk_first_time(wc, strbuf_cstr(&key)))
        diag_at(DIAG_WARNING, name, line, col, "'%s' %s: the loop's bytes are incomplete", callee,
                why);
    strbuf_release(&key);
    free(name);
}

/* A call through a function pointer is named by its callee expression. */
static void apply_indirect(walker *w, size_t acc, CXCursor call)
{
    cx_kids kids = cx_children_of(call);
    char *name = kids.n ? cx_expr_text(w->cache->tu, kids.v[0]) : mem_strdup("<call>");
    tally_unknown(walk_tally(w, acc), walk_intern(w->cache, name));
    if (walk_in_reported_loop(w))
        warn_incomplete(w->cache, call, name, "is called through a pointer");
    free(name);
}

static void warn_callee(walk_cache *wc, CXCursor call, const callee_info *ci,
                        const unsized_array *un)
{
    if (ci->unknown) {
        warn_incomplete(wc, call, ci->name, "has no definition here and no annotation (see -annot)");
    } else if (un->name) {
        strbuf why = STRBUF_INIT;
        strbuf_printf(&why, "moves array '%s' of '%s', an incomplete type whose size is unknown",
                      un->name, un->elem_type);
        warn_incomplete(wc, call, ci->name, strbuf_cstr(&why));
        strbuf_release(&why);
    } else if (!ci->annot && ci->followed && ci->summary.unknown.n) {
        strbuf why = STRBUF_INIT;
        strbuf_printf(&why, "calls '%s', which has no definition here and no annotation",
                      ci->summary.unknown.v[0]);
        warn_incomplete(wc, call, ci->name, strbuf_cstr(&why));
        strbuf_release(&why);
    }
}

/* The function a call names: libclang's referenced cursor, or, for a
 * callee in parentheses (`(f)(x)`, `(std::max)(a, b)`), the one the
 * name inside refers to. */
static CXCursor calls_callee_of(CXCursor call)
{
    CXCursor callee = clang_getCursorReferenced(call);
    if (!clang_Cursor_isNull(callee))
        return callee;
    cx_kids kids = cx_children_of(call);
    if (!kids.n)
        return callee;
    CXCursor name = cx_strip(kids.v[0]);
    enum CXCursorKind k = clang_getCursorKind(name);
    return k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr
               ? clang_getCursorReferenced(name)
               : callee;
}

/* What a call into a body outside the main file does there, when it does
 * any FP operation: the functions of the main file it calls count in their
 * own segments. */
static void charge_outside(const callee_info *ci, calls_charge *charge)
{
    if (!ci->followed || !ci->outside_main)
        return;
    unsigned long n = 0;
    for (int k = 0; k < LM_FP_NCLASSES; k++) {
        unsigned long all = ci->summary.incl.n[k], in_main = ci->in_main.n[k];
        charge->fp.n[k] = all > in_main ? all - in_main : 0;
        n += charge->fp.n[k];
    }
    if (!n)
        return;
    charge->charged = true;
    charge->estimated = ci->estimated;
    charge->callee = ci->name;
}

bool calls_apply(walker *w, size_t acc, CXCursor call, access_mode mode, calls_charge *charge)
{
    *charge = (calls_charge){.charged = false};
    CXCursor callee = calls_callee_of(call);
    if (clang_Cursor_isNull(callee) || !cxx_is_function(clang_getCursorKind(callee))) {
        apply_indirect(w, acc, call);
        return false;
    }
    callee_info *ci = callee_lookup(w->cache, callee);
    callee_info *caller = w->cache->summarizing;
    if (ci->in_progress) {
        if (caller)
            caller->estimated = true; /* what the recursion does is left out */
        return true; /* recursion: the body is already being counted */
    }
    if (caller && ci->followed) {
        caller->estimated |= ci->estimated;
        lm_fp_add(&caller->in_main, ci->outside_main ? &ci->in_main : &ci->summary.incl);
    }
    charge_outside(ci, charge);
    tally *t = walk_tally(w, acc);
    if (ci->math)
        tally_count(t, LM_FP_SPECIAL, 1);
    if (ci->followed)
        tally_count_all(t, &ci->summary.incl);
    if (!walk_counts_bytes(w))
        return true;
    unsized_array un = {NULL, NULL};
    if (ci->annot) {
        apply_clause(w, acc, call, ci->annot, &ci->annot->read, true, false, &un);
        apply_clause(w, acc, call, ci->annot, &ci->annot->modify, false, true, &un);
    } else if (ci->followed) {
        apply_summary(w, acc, call, ci, mode);
    }
    if (ci->unknown || un.name)
        tally_unknown(walk_tally(w, acc), ci->name);
    if (walk_in_reported_loop(w))
        warn_callee(w->cache, call, ci, &un);
    return true;
}
