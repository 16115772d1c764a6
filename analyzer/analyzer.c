#include "analyzer.h"
#include "analyzer_tu.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "cx.h"
#include "cxdiag.h"
#include "cxx.h"
#include "diag.h"
#include "fileio.h"
#include "lang.h"
#include "layout.h"
#include "loop_model.h"
#include "loop_stmt.h"
#include "mem.h"
#include "parse_guard.h"
#include "pragma.h"
#include "strbuf.h"
#include "walk.h"

/* The arguments clang is given for one file (analyzer_args_build).  The
 * strings are borrowed, but for `owned`, the working directory's option. */
typedef struct analyzer_args {
    const char **v;
    int n;
    char *owned;
    lang_kind lang;
} analyzer_args;

struct analyzer {
    CXIndex index;
    bool debug;
    walk_options walk;
    analyzer_options options; /* the command line's compiler arguments, borrowed */
};

/* libclang shows the captured body of an OpenMP directive to no visitor, so
 * OpenMP code is parsed as the sequential program it also is: -fopenmp is
 * replaced by the _OPENMP macro clang 19 would define, which keeps the
 * preprocessing the same.  The counts do not depend on the threading. */
static bool analyzer_is_openmp_flag(const char *arg)
{
    return !strcmp(arg, "-fopenmp") || !strncmp(arg, "-fopenmp=", 9) ||
           !strcmp(arg, "-fopenmp-simd");
}

/* C as `cc` (gcc 12) takes it: what C99 removed but gcc still accepts with a warning
 * (clang 16 and later make these errors).  They come before the user's
 * options, so a -Werror=... given there still wins. */
static const char *const analyzer_gcc_leniency[] = {
    "-Wno-error=implicit-function-declaration",
    "-Wno-error=implicit-int",
    "-Wno-error=int-conversion",
    "-Wno-error=incompatible-function-pointer-types",
};
enum { ANALYZER_NLENIENCY = sizeof analyzer_gcc_leniency / sizeof *analyzer_gcc_leniency };

/* The standard the arguments ask for, checked against the file's
 * language: a C standard for a C++ file (or the reverse) is an error that
 * says so, as g++ and gcc refuse it.  *given: some standard (or -ansi) is. */
static bool analyzer_check_standard(const char *const *v, int n, lang_kind k, const char *path,
                                    bool *given)
{
    for (int i = 0; i < n; i++) {
        lang_kind of;
        *given |= !strcmp(v[i], "-ansi");
        if (!lang_of_standard(v[i], &of))
            continue;
        *given = true;
        if (of != k) {
            diag_at(DIAG_ERROR, path, 1, 1, "'%s' is a %s standard, but this file is %s", v[i],
                    lang_name(of), lang_name(k));
            return false;
        }
    }
    return true;
}

static void analyzer_args_add(analyzer_args *args, const char *const *from, int n, bool *openmp)
{
    for (int i = 0; i < n; i++) {
        if (analyzer_is_openmp_flag(from[i]))
            *openmp = true;
        else
            args->v[args->n++] = from[i];
    }
}

static bool analyzer_has_x(const char *const *v, int n)
{
    for (int i = 0; i < n; i++)
        if (!strncmp(v[i], "-x", 2))
            return true;
    return false;
}

/* For file `path`: C's leniency, the unit's own arguments (a compilation
 * database entry's, run in its directory) and the command line's, with
 * -fopenmp replaced, the language's standard unless one was given (C++ said
 * with -x when the suffix alone said it), and -w unless the command line
 * asked for warnings: an entry's -Wall is the build's, not a request to see
 * clang's warnings here.  False (nothing built) when a standard is of the
 * other language. */
static bool analyzer_args_build(const analyzer_options *opt, const analyzer_unit *u,
                                const char *path, analyzer_args *out)
{
    int nunit = u ? u->nargs : 0;
    const char *const *uargs = u ? u->args : NULL;
    /* The command line's -x comes after the entry's, so it wins. */
    lang_kind lang = analyzer_has_x(opt->clang_args, opt->nclang_args)
                         ? lang_of_file(path, opt->clang_args, opt->nclang_args)
                         : lang_of_file(path, uargs, nunit);
    bool standard = false;
    if (!analyzer_check_standard(uargs, nunit, lang, path, &standard) ||
        !analyzer_check_standard(opt->clang_args, opt->nclang_args, lang, path, &standard))
        return false;
    analyzer_args args = {mem_alloc(((size_t)nunit + (size_t)opt->nclang_args + 8 +
                                     ANALYZER_NLENIENCY) * sizeof *args.v),
                          0, NULL, lang};
    for (int i = 0; lang == LANG_C && i < ANALYZER_NLENIENCY; i++)
        args.v[args.n++] = analyzer_gcc_leniency[i];
    if (lang == LANG_CXX && !analyzer_has_x(uargs, nunit) &&
        !analyzer_has_x(opt->clang_args, opt->nclang_args)) {
        args.v[args.n++] = "-x";
        args.v[args.n++] = "c++";
    }
    if (u && u->directory) {
        strbuf sb = STRBUF_INIT;
        strbuf_printf(&sb, "-working-directory=%s", u->directory);
        args.owned = strbuf_take(&sb);
        args.v[args.n++] = args.owned;
    }
    bool openmp = false, warnings = false;
    if (u)
        analyzer_args_add(&args, u->args, u->nargs, &openmp);
    analyzer_args_add(&args, opt->clang_args, opt->nclang_args, &openmp);
    for (int i = 0; i < opt->nclang_args; i++)
        warnings |= !strncmp(opt->clang_args[i], "-W", 2) || !strcmp(opt->clang_args[i], "-w");
    if (openmp) {
        args.v[args.n++] = "-D_OPENMP=202011";
        /* After the user's directories, before clang's: see include/omp.h. */
        args.v[args.n++] = "-isystem";
        args.v[args.n++] = layout_path(LAYOUT_DATA, "include", AITOOL_OMP_INCLUDE_DIR);
    }
    if (!standard)
        args.v[args.n++] = lang_default_standard(lang);
    /* measuretool is not the user's compiler: clang's warnings (and the
     * analyses behind them, 6% of a parse) only when asked for with -W. */
    if (!warnings)
        args.v[args.n++] = "-w";
    *out = args;
    return true;
}

static void analyzer_args_release(analyzer_args *args)
{
    free(args->v);
    free(args->owned);
    *args = (analyzer_args){NULL, 0, NULL, LANG_C};
}

analyzer *analyzer_create(const analyzer_options *opt)
{
    analyzer *a = mem_alloc(sizeof *a);
    setenv("LIBCLANG_NOTHREADS", "1", 1); /* see analyzer_analyze_file */
    a->index = clang_createIndex(0, 0);
    a->debug = opt->debug;
    a->walk = (walk_options){opt->annots, opt->flow_sensitive, opt->detail, false, false};
    a->options = *opt;
    return a;
}

char *analyzer_clang_version(void)
{
    return cx_copy_string(clang_getClangVersion());
}

void analyzer_free(analyzer **ap)
{
    if (!ap || !*ap)
        return;
    clang_disposeIndex((*ap)->index);
    free(*ap);
    *ap = NULL;
}

typedef struct tu_walk {
    analyzer *a;
    CXTranslationUnit tu;
    lm_program *prog;
    lm_file *file;
    walk_cache *cache;
    pragma_set *pragmas;
    bool cxx;
    CXCursor *patterns; /* C++: the main file's templates, canonical */
    size_t npatterns;
    CXCursor *explicit_instances; /* its explicit specializations, reported as written */
    size_t nexplicit;
} tu_walk;

/* A reported function of the main file, at its name, starting at the
 * definition's first token (in the same file as its name); C++ names it
 * with its class and template arguments. */
static lm_function *analyzer_add_function(tu_walk *tw, CXCursor c)
{
    unsigned line = 0, col = 0;
    char *file = cx_file_location(clang_getCursorLocation(c), &line, &col);
    char *name = tw->cxx ? cxx_function_name(c) : cx_copy_string(clang_getCursorSpelling(c));
    lm_function *fn = lm_file_add_function(tw->prog, tw->file, name,
                                           (lm_location){file, line, col});
    free(name);
    free(file);
    clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(c)), NULL, &line, &col, NULL);
    fn->start = (lm_location){fn->loc.file, line, col};
    return fn;
}

static void analyze_function(tu_walk *tw, CXCursor c)
{
    CXCursor body = cx_function_body_of(c);
    if (clang_Cursor_isNull(body))
        return;
    lm_function *fn = analyzer_add_function(tw, c);
    fn->instance = tw->cxx && !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(c));
    fn->nothrow = tw->cxx && cxx_function_cannot_throw(c);
    lm_check *check = pragma_claim(tw->pragmas, c, "function");
    walk_function_body(tw->prog, fn, tw->cache, c, body);
    if (check)
        check->counts = fn->inclusive;
    if (tw->a->debug)
        diag_at(DIAG_NOTE, fn->loc.file, fn->loc.line, fn->loc.column, "analyzed function '%s'",
                fn->name);
}

/* A function defined in a header is not reported, but the pragmas in it
 * are checked where they stand. */
static void check_header_function(tu_walk *tw, CXCursor c)
{
    CXCursor body = cx_function_body_of(c);
    if (clang_Cursor_isNull(body))
        return;
    lm_check *check = pragma_claim(tw->pragmas, c, "function");
    lm_fp_counts counts = walk_function_checks(tw->cache, body);
    if (check)
        check->counts = counts;
}

/* A function of the main file; an explicit specialization (`template <>
 * int sum<int>(...)`) is one too, and is remembered so that the calls that
 * name it do not report it again as an instance. */
static void analyze_top_function(tu_walk *tw, CXCursor c)
{
    if (tw->cxx && !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(c))) {
        tw->explicit_instances = mem_realloc(tw->explicit_instances,
                                             (tw->nexplicit + 1) * sizeof *tw->explicit_instances);
        tw->explicit_instances[tw->nexplicit++] = clang_getCanonicalCursor(c);
    }
    analyze_function(tw, c);
}

static bool analyzer_is_explicit(const tu_walk *tw, CXCursor instance)
{
    CXCursor canonical = clang_getCanonicalCursor(instance);
    for (size_t i = 0; i < tw->nexplicit; i++)
        if (clang_equalCursors(tw->explicit_instances[i], canonical))
            return true;
    return false;
}

/* C++ scopes whose functions are reported as the file's own. */
static bool analyzer_is_scope(enum CXCursorKind k)
{
    return k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_StructDecl ||
           k == CXCursor_ClassDecl || k == CXCursor_UnionDecl || k == CXCursor_ClassTemplate ||
           k == CXCursor_ClassTemplatePartialSpecialization;
}

static void note_pattern(tu_walk *tw, CXCursor c)
{
    tw->patterns = mem_realloc(tw->patterns, (tw->npatterns + 1) * sizeof *tw->patterns);
    tw->patterns[tw->npatterns++] = clang_getCanonicalCursor(c);
}

static enum CXChildVisitResult visit_top_level(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    tu_walk *tw = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    bool main = clang_Location_isFromMainFile(clang_getCursorLocation(c));
    /* A header's scopes (the standard library's) are entered only for a
     * pragma in them. */
    if (tw->cxx && analyzer_is_scope(k))
        return main || pragma_pending_within(tw->pragmas, c) ? CXChildVisit_Recurse
                                                             : CXChildVisit_Continue;
    if ((!cxx_is_function(k) && k != CXCursor_FunctionTemplate) || !clang_isCursorDefinition(c))
        return CXChildVisit_Continue;
    if (main && tw->cxx && (k == CXCursor_FunctionTemplate || cxx_is_template_pattern(c)))
        note_pattern(tw, c); /* counted per instance, when the walks have found them */
    else if (main)
        analyze_top_function(tw, c);
    else if (pragma_pending_within(tw->pragmas, c))
        check_header_function(tw, c);
    return CXChildVisit_Continue;
}

/* Loops of a template never instantiated, listed in their nesting. */
typedef struct loop_scan {
    tu_walk *tw;
    lm_function *fn;
    lm_loop *parent;
    unsigned n;
} loop_scan;

static const struct {
    enum CXCursorKind cursor;
    lm_loop_kind kind;
} analyzer_loop_kinds[] = {
    {CXCursor_ForStmt, LM_LOOP_FOR},
    {CXCursor_CXXForRangeStmt, LM_LOOP_FOR},
    {CXCursor_WhileStmt, LM_LOOP_WHILE},
    {CXCursor_DoStmt, LM_LOOP_DO},
};

static enum CXChildVisitResult scan_loops(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    loop_scan *s = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    size_t i = 0, n = sizeof analyzer_loop_kinds / sizeof *analyzer_loop_kinds;
    while (i < n && analyzer_loop_kinds[i].cursor != k)
        i++;
    if (i == n)
        return CXChildVisit_Recurse;
    unsigned line = 0, col = 0;
    char *file = cx_file_location(clang_getCursorLocation(c), &line, &col);
    lm_loop *l = lm_function_add_loop(s->tw->prog, s->fn, s->parent, analyzer_loop_kinds[i].kind,
                                      (lm_location){file, line, col});
    free(file);
    l->complete = false;
    s->n++;
    loop_scan inner = {s->tw, s->fn, l, 0};
    clang_visitChildren(c, scan_loops, &inner);
    s->n += inner.n;
    return CXChildVisit_Continue;
}

/* A template no walk found an instance of: its types are unknown, so its
 * loops are listed, uncounted, with a note. */
static void report_uninstantiated(tu_walk *tw, CXCursor pattern)
{
    CXCursor body = cx_function_body_of(pattern);
    if (clang_Cursor_isNull(body))
        return;
    lm_function *fn = analyzer_add_function(tw, pattern);
    fn->uncounted = true;
    fn->inclusive_given = true;
    loop_scan scan = {tw, fn, NULL, 0};
    clang_visitChildren(body, scan_loops, &scan);
    if (scan.n)
        diag_at(DIAG_NOTE, fn->loc.file, fn->loc.line, fn->loc.column,
                "template '%s' is never instantiated in this file: its %u loop%s listed, "
                "uncounted",
                fn->name, scan.n, scan.n == 1 ? " is" : "s are");
}

/* Which templates have an instance: the canonical templates of the
 * instances, with their hashes to compare first. */
typedef struct instance_templates {
    CXCursor *v;
    unsigned *hash;
    size_t n;
} instance_templates;

static instance_templates analyzer_instance_templates(const walk_cache *wc)
{
    size_t n = walk_instance_count(wc);
    instance_templates it = {mem_alloc((n ? n : 1) * sizeof *it.v),
                             mem_alloc((n ? n : 1) * sizeof *it.hash), n};
    for (size_t i = 0; i < n; i++) {
        it.v[i] = clang_getCanonicalCursor(clang_getSpecializedCursorTemplate(walk_instance(wc, i)));
        it.hash[i] = clang_hashCursor(it.v[i]);
    }
    return it;
}

static bool analyzer_was_instantiated(const instance_templates *it, CXCursor pattern)
{
    unsigned hash = clang_hashCursor(pattern);
    for (size_t i = 0; i < it->n; i++)
        if (it->hash[i] == hash && clang_equalCursors(it->v[i], pattern))
            return true;
    return false;
}

/* C++: each instance the walks met is reported as a function of its own
 * (walking it may meet more), then the templates that had none.
 *
 * Why instances.  A template's body says `a * x[i]` with T unknown: which
 * operations are FP and how many bytes an element has depend on T.  clang
 * instantiates every template the unit uses (at the end of the unit, as a
 * compiler must), and an instance's FunctionDecl carries the instantiated
 * body: the same statements at the template's locations, with the types
 * substituted.  libclang does not list instances among the unit's children,
 * but a call's referenced cursor is the instance called, and visiting its
 * children visits that instantiated body.  So the walks note the instances
 * of the main file's templates that calls name (calls.c), and each is
 * walked like any function: counted by its own types, reported by a name
 * with its arguments, its loops at the template's lines.  Instances called
 * only from other instances are found when those are walked, so the list
 * is read until it stops growing.  A template no call reaches keeps its
 * types unknown: its loops are listed, not counted (report_uninstantiated). */
static void analyze_instances(tu_walk *tw)
{
    for (size_t i = 0; i < walk_instance_count(tw->cache); i++)
        if (!analyzer_is_explicit(tw, walk_instance(tw->cache, i)))
            analyze_function(tw, walk_instance(tw->cache, i));
    instance_templates it = analyzer_instance_templates(tw->cache);
    for (size_t i = 0; i < tw->npatterns; i++)
        if (!analyzer_was_instantiated(&it, tw->patterns[i]))
            report_uninstantiated(tw, tw->patterns[i]);
    free(it.v);
    free(it.hash);
}

/* Pragmas are found only in code the preprocessor kept, and which code it
 * skipped is recorded only with the detailed preprocessing record (a few
 * percent of a parse): asked for when the file mentions aitool, and a unit
 * whose headers alone do is parsed again with it.  *mentions says whether
 * the unit has pragmas to look for at all.  A file to rewrite (`record`) has
 * it too: the instrumenter writes out what macro uses expand to. */
static CXTranslationUnit analyzer_parse(analyzer *a, const char *path, const analyzer_args *args,
                                        bool record, enum CXErrorCode *err, bool *mentions)
{
    *mentions = pragma_path_mentions(path);
    unsigned flags = *mentions || record ? CXTranslationUnit_DetailedPreprocessingRecord
                                         : CXTranslationUnit_None;
    CXTranslationUnit tu = NULL;
    *err = clang_parseTranslationUnit2(a->index, path, args->v, args->n, NULL, 0, flags, &tu);
    if (*err != CXError_Success || !tu || *mentions)
        return tu;
    *mentions = pragma_unit_mentions(tu);
    if (!*mentions || flags)
        return tu;
    clang_disposeTranslationUnit(tu);
    tu = NULL;
    *err = clang_parseTranslationUnit2(a->index, path, args->v, args->n, NULL, 0,
                                       CXTranslationUnit_DetailedPreprocessingRecord, &tu);
    return tu;
}

static void analyzer_note_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth,
                                    CXClientData data)
{
    (void)stack;
    (void)depth;
    (void)data;
    CXString name = clang_getFileName(file);
    fileio_note_input(clang_getCString(name));
    clang_disposeString(name);
}

/* Parse, report and walk one file on the calling thread. */
static bool analyze_file_here(analyzer *a, lm_program *p, const char *path,
                              const analyzer_args *args, analyzer_tu_hook hook, void *ctx)
{
    if (!fileio_check_input(path, "input file"))
        return false;
    if (a->debug)
        diag_tool(DIAG_NOTE, "parsing '%s'", path);
    enum CXErrorCode err;
    bool mentions;
    /* What clang reads is bounded like every input: see parse_guard.c. */
    parse_guard_begin();
    CXTranslationUnit tu = analyzer_parse(a, path, args, hook != NULL, &err, &mentions);
    parse_guard_end();
    if (err != CXError_Success || !tu) {
        diag_at(DIAG_ERROR, path, 1, 1, "libclang could not parse the file (error %d)", (int)err);
        return false;
    }
    /* The headers read are inputs of the run: no output may overwrite one. */
    clang_getInclusions(tu, analyzer_note_inclusion, NULL);
    bool ok = !cxdiag_report(tu, path);
    if (ok) {
        char *real = realpath(path, NULL);
        tu_walk tw = {a,    tu,   p, lm_file_create(p, real ? real : path), NULL, NULL,
                      args->lang == LANG_CXX, NULL, 0, NULL, 0};
        free(real);
        tw.file->cxx = tw.cxx;
        /* A malformed pragma is the user's error, but the counts still stand. */
        if (mentions)
            tw.pragmas = pragma_scan(p, tw.file, tu, path, &ok);
        /* The hook rewrites the file: it reads the statement record. */
        walk_options wo = a->walk;
        wo.statements = hook != NULL;
        wo.cxx = tw.cxx;
        tw.cache = walk_cache_create(tu, &wo, tw.pragmas);
        clang_visitChildren(clang_getTranslationUnitCursor(tu), visit_top_level, &tw);
        analyze_instances(&tw);
        free(tw.patterns);
        free(tw.explicit_instances);
        walk_cache_free(&tw.cache);
        ok &= pragma_report_unclaimed(tw.pragmas);
        pragma_set_free(&tw.pragmas);
        lm_program_append_file(p, tw.file);
        if (hook)
            ok &= hook(ctx, tu, p, tw.file);
    }
    clang_disposeTranslationUnit(tu);
    return ok;
}

typedef struct file_job {
    analyzer *a;
    lm_program *p;
    const char *path;
    const analyzer_args *args;
    analyzer_tu_hook hook;
    void *ctx;
    strbuf *diag_buffer; /* where the calling thread's messages go, or NULL */
    bool ok;
} file_job;

static void *analyze_file_job(void *data)
{
    file_job *job = data;
    diag_capture(job->diag_buffer);
    job->ok = analyze_file_here(job->a, job->p, job->path, job->args, job->hook, job->ctx);
    return NULL;
}

/* clang's checks of a deeply nested expression recurse once per level, and
 * on libclang's own 8 MiB parsing thread a long enough expression (100000
 * terms) overflows it where the clang compiler does not.  So each file is
 * analyzed on a thread of ours with a large stack (its pages are committed
 * only as they are used), and libclang is told (LIBCLANG_NOTHREADS, in
 * analyzer_create) to parse on the calling thread. */
#define ANALYZER_STACK_BYTES ((size_t)1 << 30)

bool analyzer_analyze_file(analyzer *a, lm_program *p, const char *path)
{
    return analyzer_analyze_unit_then(a, p, path, NULL, NULL, NULL);
}

bool analyzer_analyze_unit(analyzer *a, lm_program *p, const char *path, const analyzer_unit *u)
{
    return analyzer_analyze_unit_then(a, p, path, u, NULL, NULL);
}

bool analyzer_analyze_file_then(analyzer *a, lm_program *p, const char *path,
                                analyzer_tu_hook hook, void *ctx)
{
    return analyzer_analyze_unit_then(a, p, path, NULL, hook, ctx);
}

bool analyzer_analyze_unit_then(analyzer *a, lm_program *p, const char *path,
                                const analyzer_unit *u, analyzer_tu_hook hook, void *ctx)
{
    analyzer_args own = {NULL, 0, NULL, LANG_C};
    if (!analyzer_args_build(&a->options, u, path, &own))
        return false;
    file_job job = {a, p, path, &own, hook, ctx, diag_captured(), false};
    pthread_attr_t attr;
    pthread_t thread;
    int err = pthread_attr_init(&attr);
    if (!err)
        err = pthread_attr_setstacksize(&attr, ANALYZER_STACK_BYTES);
    if (!err)
        err = pthread_create(&thread, &attr, analyze_file_job, &job);
    if (!err)
        err = pthread_join(thread, NULL);
    pthread_attr_destroy(&attr);
    analyzer_args_release(&own);
    if (err) {
        diag_at(DIAG_ERROR, path, 1, 1, "cannot start the analysis thread: %s", strerror(err));
        return false;
    }
    return job.ok;
}

CXCursor analyzer_stmt_cursor(const lm_stmt *s)
{
    return *(const CXCursor *)s->origin;
}
