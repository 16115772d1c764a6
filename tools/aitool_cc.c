/* aitool-cc: a C compiler that measures every loop of what it compiles;
 * aitool-c++, the same program under a name that ends in ++, the C++ one.
 *
 *   make CC=aitool-cc   |   cmake -DCMAKE_C_COMPILER=aitool-cc   |   CC=aitool-cc ./configure
 *   make CXX=aitool-c++ |   cmake -DCMAKE_CXX_COMPILER=aitool-c++
 *
 * The language is the name's (aicc_languages): aitool-cc's sources are .c
 * files and its compiler $AITOOL_CC (default cc); aitool-c++'s are .cpp
 * .cc .cxx .C .c++ and its compiler $AITOOL_CXX (default g++).  Each
 * passes the other language's sources through (a C++ source is foreign to
 * aitool-cc, a .c file, which g++ reads as C++, to aitool-c++).  Below,
 * "C source" and "cc" stand for the language's.
 *
 * A command that compiles C sources to objects (-c, or -S) compiles an
 * instrumented copy of each instead: measuretool -auto-instrument (found
 * beside aitool-cc, support/layout.h) writes it into a private temporary
 * directory, removed afterwards, and the real compiler ($AITOOL_CC,
 * default cc; its words split at blanks) compiles it with the user's
 * arguments, the source's directory first on the quoted include path (the
 * copy is elsewhere), -ffile-prefix-map so that debug information names
 * the source's directory, and at -O2 and above -falign-loops=64 (the
 * loops' placement, aicc_align_loops); the copy's #line directives point
 * messages at the user's file.  Each object carries the counting runtime,
 * so linking needs nothing more, and the program writes one measurement
 * per process (instrument/runtime.c).  A dependency file (-MD, -MMD) names
 * the user's source: the copy's is written to the temporary directory and
 * rewritten.
 *
 * A command that compiles and links in one (cc -o prog a.c b.o -lm, or
 * cc a.c for a.out) compiles each .c source the same way, with -c, to an
 * object in the temporary directory (the link's inputs, -o and the
 * linker's options left out), and then runs ONE link: the user's command
 * with each source replaced by its object in its place, so that the link
 * order is kept.  Its other inputs are objects, archives and shared
 * libraries (.o, .a, .so, .so.N); with -MD, -MMD or -MF it goes to the
 * compiler as it is, with a warning (gcc names a link's dependency files
 * by a rule that changed between its versions).
 *
 * Every other command goes to the real compiler untouched (exec): no C
 * source, linking only, -E, -M or -MM, -fsyntax-only, -x, -v, --version and
 * the like, an input that is neither a .c file nor one for the linker
 * (assembly, C++, @file), with -c an input that is not a .c file, several
 * sources with -c and -o or -MF.  A source measuretool cannot instrument,
 * or whose copy does not compile, is compiled as it is (the real
 * compiler's messages and status are then the original's), with a warning
 * naming it when that compiles; a link runs only when every source
 * compiled.  The user's files are never written, but for the outputs the
 * command asks for. */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "args.h"
#include "diag.h"
#include "fileio.h"
#include "layout.h"
#include "mem.h"
#include "spawn_run.h"
#include "strbuf.h"


/* A signal that stops the build (make's ^C, a timeout's SIGTERM) is
 * recorded: the compiler, which gets it too, ends; aitool-cc removes its
 * temporary directory, compiles nothing more and dies of the same signal,
 * so that nothing is left under TMPDIR.  Children get the default
 * handling back when they exec. */
static volatile sig_atomic_t aicc_stopped;

static void aicc_on_signal(int sig)
{
    aicc_stopped = sig;
}

static const int aicc_stop_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

static void aicc_catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = aicc_on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof aicc_stop_signals / sizeof *aicc_stop_signals; i++)
        sigaction(aicc_stop_signals[i], &sa, NULL);
}

static void aicc_die_if_stopped(void)
{
    if (!aicc_stopped)
        return;
    signal(aicc_stopped, SIG_DFL);
    raise(aicc_stopped);
}

/* ---- the language ---- */

typedef struct aicc_language {
    const char *name;           /* the program's */
    const char *compiler_env;   /* the real compiler's variable */
    const char *compiler;       /* its default */
    const char *const *sources; /* how the sources' names end */
    size_t nsources;
} aicc_language;

static const char *const aicc_c_sources[] = {".c"};
static const char *const aicc_cxx_sources[] = {".cpp", ".cc", ".cxx", ".C", ".c++"};

static const aicc_language aicc_languages[] = {
    {"aitool-cc", "AITOOL_CC", "cc", aicc_c_sources, 1},
    {"aitool-c++", "AITOOL_CXX", "g++", aicc_cxx_sources,
     sizeof aicc_cxx_sources / sizeof *aicc_cxx_sources},
};

/* C++ when the program's name ends in ++ (aitool-c++, a link to it). */
static const aicc_language *aicc_lang = &aicc_languages[0];

static void aicc_choose_language(const char *argv0)
{
    size_t n = strlen(argv0);
    aicc_lang = &aicc_languages[n >= 2 && !strcmp(argv0 + n - 2, "++")];
}

/* ---- the real compiler ---- */

/* $AITOOL_CC's words (default cc): "gcc -m32" and "ccache cc" work. */
static void aicc_real_compiler(spawn_argv *cc)
{
    const char *env = getenv(aicc_lang->compiler_env);
    char *words = mem_strdup(env && *env ? env : aicc_lang->compiler);
    for (char *w = strtok(words, " \t"); w; w = strtok(NULL, " \t"))
        spawn_push(cc, w);
    if (!cc->n)
        spawn_push(cc, aicc_lang->compiler);
    free(words);
}

static void aicc_cannot_run(const char *program, int err)
{
    diag_tool(DIAG_ERROR, "cannot run the compiler '%s' (%s names it; default %s): %s", program,
              aicc_lang->compiler_env, aicc_lang->compiler, strerror(err));
}

/* Runs argv, standard error to err_path when not NULL (standard output to
 * /dev/null with it); its exit status, 127 when it could not start. */
static int aicc_run(const spawn_argv *a, const char *err_path, bool is_compiler)
{
    int err = 0;
    spawn_streams streams = {NULL, err_path ? "/dev/null" : NULL, err_path};
    int rc = spawn_run(a->v, &streams, &err);
    if (rc >= 0)
        return rc;
    if (err && is_compiler)
        aicc_cannot_run(a->v[0], err);
    else if (err)
        diag_tool(DIAG_ERROR, "cannot run %s: %s", a->v[0], strerror(err));
    return 127;
}

/* ---- the command ---- */

/* Options whose value is the next argument when not joined, beside those
 * args_compiler_option() knows: outputs, the linker's and the driver's. */
static const char *const aicc_separate[] = {
    "-o", "-MF", "-MT", "-MQ", "-Xlinker", "-Xassembler", "-Xpreprocessor", "-L", "-l", "-u",
    "-z", "-T", "--param", "-aux-info", "-dumpbase", "-dumpdir", "-B", "-iprefix",
    "-iwithprefix", "-iwithprefixbefore", "-e"};

/* Options that make the command one to pass through whole. */
static const char *const aicc_pass_options[] = {
    "-E", "-M", "-MM", "-fsyntax-only", "-v", "-###", "--version", "--help", "-", "-dumpversion",
    "-dumpmachine", "-dumpspecs", "--target-help"};

/* Inputs the link takes as they are, by how their names end (".so."
 * too: a versioned library). */
static const char *const aicc_linker_suffixes[] = {".o", ".a", ".so"};

/* Options for the link only, by prefix: left out of the compiles (an -l
 * is an input, placed in the link order). */
static const char *const aicc_link_only[] = {"-l", "-Wl,", "-Xlinker"};

typedef struct aicc_cmd {
    int argc;
    char **argv;       /* the user's arguments, argv[0] the first */
    bool compile_only; /* -c or -S */
    bool link;         /* compiles its sources and links them, in one */
    bool pass;         /* go to the real compiler untouched */
    bool deps;         /* -MD or -MMD */
    bool foreign;      /* an input neither a .c source nor one for the linker */
    size_t nlinker;    /* objects, archives, libraries */
    int output_at;     /* the -o option's index, or -1 */
    int mf_at;         /* the -MF option's index, or -1 */
    int *sources;      /* indexes of the .c sources */
    size_t nsources;
} aicc_cmd;

static bool aicc_in(const char *arg, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(arg, list[i]))
            return true;
    return false;
}

/* Whether argv[i] takes the next argument as its value. */
static bool aicc_takes_next(const char *arg)
{
    return aicc_in(arg, aicc_separate, sizeof aicc_separate / sizeof *aicc_separate) ||
           args_compiler_option(arg, NULL) == ARGS_CC_SEPARATE;
}

static bool aicc_ends_with(const char *arg, const char *suffix)
{
    size_t n = strlen(arg), k = strlen(suffix);
    return n > k && !strcmp(arg + n - k, suffix);
}

static bool aicc_is_c_source(const char *arg)
{
    for (size_t i = 0; i < aicc_lang->nsources; i++)
        if (aicc_ends_with(arg, aicc_lang->sources[i]))
            return true;
    return false;
}

static bool aicc_is_linker_input(const char *arg)
{
    for (size_t i = 0; i < sizeof aicc_linker_suffixes / sizeof *aicc_linker_suffixes; i++)
        if (aicc_ends_with(arg, aicc_linker_suffixes[i]))
            return true;
    return strstr(fileio_basename(arg), ".so.") != NULL;
}

static bool aicc_is_link_only(const char *arg)
{
    for (size_t i = 0; i < sizeof aicc_link_only / sizeof *aicc_link_only; i++)
        if (!strncmp(arg, aicc_link_only[i], strlen(aicc_link_only[i])))
            return true;
    return false;
}

/* One argument of the user's, i its index (moved onto a separate value). */
static void aicc_classify(aicc_cmd *c, int *i)
{
    const char *a = c->argv[*i];
    if (aicc_in(a, aicc_pass_options, sizeof aicc_pass_options / sizeof *aicc_pass_options) ||
        !strncmp(a, "-x", 2) || !strncmp(a, "-print-", 7))
        c->pass = true;
    else if (!strcmp(a, "-c") || !strcmp(a, "-S"))
        c->compile_only = true;
    else if (!strcmp(a, "-MD") || !strcmp(a, "-MMD"))
        c->deps = true;
    if (!strncmp(a, "-o", 2))
        c->output_at = *i;
    if (!strncmp(a, "-MF", 3))
        c->mf_at = *i;
    if (a[0] == '-') {
        if (aicc_takes_next(a) && *i + 1 < c->argc)
            ++*i;
    } else if (aicc_is_c_source(a)) {
        c->sources[c->nsources++] = *i;
    } else if (aicc_is_linker_input(a)) {
        c->nlinker++;
    } else {
        c->foreign = true; /* assembly, the other language's source, a linker script */
    }
}

/* What the command is: a compile to objects (no other input), a compile
 * and link of .c sources and the linker's inputs, or a pass-through. */
static void aicc_parse(aicc_cmd *c, int argc, char **argv)
{
    *c = (aicc_cmd){.argc = argc, .argv = argv, .output_at = -1, .mf_at = -1,
                    .sources = mem_alloc((size_t)argc * sizeof *c->sources)};
    for (int i = 0; i < argc; i++)
        aicc_classify(c, &i);
    if (c->foreign || !c->nsources)
        c->pass = true;
    else if (c->compile_only)
        c->pass = c->pass || c->nlinker ||
                  (c->nsources > 1 && (c->output_at >= 0 || c->mf_at >= 0));
    else
        c->link = !c->pass;
    /* gcc names a link's dependency files by its version's rule */
    if (c->link && (c->deps || c->mf_at >= 0)) {
        diag_tool(DIAG_WARNING, "-MD/-MMD/-MF with compiling and linking in one command: "
                                "passed to the compiler as it is, not measured");
        c->pass = true;
        c->link = false;
    }
}

/* The value of the option at index at: joined, or the next argument. */
static const char *aicc_value(const aicc_cmd *c, int at, size_t name_len)
{
    const char *a = c->argv[at];
    return a[name_len] ? a + name_len : at + 1 < c->argc ? c->argv[at + 1] : "";
}

/* ---- one source ---- */

/* The temporary directory, and what was made in it, removed at the end. */
typedef struct aicc_tmp {
    char dir[4096];
    spawn_argv files, dirs;
} aicc_tmp;

static char *aicc_dirname(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return mem_strdup(".");
    if (slash == path)
        return mem_strdup("/");
    char *d = mem_strdup(path);
    d[slash - path] = '\0';
    return d;
}

/* Is the option at argv[i] one measuretool needs to parse the file as the
 * compiler will (macros, include paths, the language, the target)? */
static bool aicc_for_measuretool(const char *a)
{
    bool preprocessor = false;
    args_compiler_option(a, &preprocessor);
    return preprocessor || !strncmp(a, "-std=", 5) || !strncmp(a, "-fopenmp", 8) ||
           (!strncmp(a, "-m", 2) && strcmp(a, "-m")) || !strcmp(a, "-target") ||
           !strncmp(a, "--target=", 9) || !strcmp(a, "-pthread") || !strcmp(a, "-ansi") ||
           !strncmp(a, "-nostdinc", 9) || !strcmp(a, "-isysroot") || !strcmp(a, "-idirafter") ||
           !strncmp(a, "--sysroot=", 10);
}

/* measuretool -auto-instrument -o copy [options] src; its messages into
 * err_path.  True when the copy was written. */
static bool aicc_instrument(const aicc_cmd *c, const char *src, const char *copy,
                            const char *err_path)
{
    spawn_argv mt = SPAWN_ARGV_INIT;
    spawn_push(&mt, layout_path(LAYOUT_BIN, "measuretool", AITOOL_CC_MEASURETOOL));
    spawn_push(&mt, "-auto-instrument");
    spawn_push(&mt, "-o");
    spawn_push(&mt, copy);
    for (int i = 0; i < c->argc; i++) {
        const char *a = c->argv[i];
        bool next = a[0] == '-' && aicc_takes_next(a) && i + 1 < c->argc;
        if (a[0] == '-' && aicc_for_measuretool(a)) {
            spawn_push(&mt, a);
            if (next)
                spawn_push(&mt, c->argv[i + 1]);
        }
        i += next;
    }
    spawn_push(&mt, src);
    int status = aicc_run(&mt, err_path, false);
    spawn_argv_free(&mt);
    return status == 0;
}

/* The instrumented copy's loops start a 64-byte line: the code the copy
 * adds before a loop nest moves the loops after it by some bytes, and
 * where a hot loop then falls against the lines (and the front end's fetch
 * windows) can cost a memory-bound loop 10% (bench/README.md, "Code
 * alignment").  The copy asks for a placement that does not depend on the
 * bytes added: at the levels where the compiler aligns loops itself
 * (to 16 bytes or less); before the user's arguments, so that the user's
 * own -falign-loops or -fno-align-loops wins. */
static const char aicc_align_loops[] = "-falign-loops=64";
static const char *const aicc_aligning_levels[] = {"-O2", "-O3", "-Ofast"};

/* Whether the command's optimization level (its last -O) is one that
 * aligns loops. */
static bool aicc_aligns_loops(const aicc_cmd *c)
{
    const char *level = NULL;
    for (int i = 0; i < c->argc; i++) {
        const char *a = c->argv[i];
        if (!strncmp(a, "-O", 2))
            level = a;
        i += a[0] == '-' && aicc_takes_next(a) && i + 1 < c->argc;
    }
    return level && aicc_in(level, aicc_aligning_levels,
                            sizeof aicc_aligning_levels / sizeof *aicc_aligning_levels);
}

/* One compile of a source: its index in the user's arguments, the file
 * the compiler reads (the copy or the source), the copy's directory (NULL
 * for the source as it is), the copy's dependency file (NULL: none) and,
 * in a link, the object it writes in the temporary directory. */
typedef struct aicc_unit {
    int at;
    const char *file, *copy_dir, *dep_tmp, *object;
} aicc_unit;

/* Whether the compile of one source of a link leaves out argv[i]: the
 * other inputs, -o (the link's output), options for the linker only. */
static bool aicc_link_leaves_out(const aicc_cmd *c, int i)
{
    const char *a = c->argv[i];
    return i == c->output_at || a[0] != '-' || aicc_is_link_only(a);
}

/* The real compiler's command for one source: the user's arguments with
 * the other sources left out and this one as u->file; with a copy, its
 * quoted include path, prefix map and dependency file; in a link, -c to
 * u->object and without the link's inputs and options. */
static void aicc_compile_args(const aicc_cmd *c, const aicc_unit *u, spawn_argv *cc)
{
    const char *copy_dir = u->copy_dir;
    char *src_dir = aicc_dirname(c->argv[u->at]);
    if (copy_dir) {
        spawn_push(cc, "-iquote");
        spawn_push(cc, src_dir);
    }
    for (int i = 0; i < c->argc; i++) {
        const char *a = c->argv[i];
        bool next = a[0] == '-' && aicc_takes_next(a) && i + 1 < c->argc;
        if (i == u->at)
            spawn_push(cc, u->file);
        else if (copy_dir && u->dep_tmp && i == c->mf_at)
            ; /* the copy's dependency file goes to the temporary directory */
        else if (c->link && aicc_link_leaves_out(c, i))
            ;
        else if (a[0] == '-' || !aicc_is_c_source(a)) {
            spawn_push(cc, a);
            if (next)
                spawn_push(cc, c->argv[i + 1]);
        }
        i += next;
    }
    if (u->object) {
        spawn_push(cc, "-c");
        spawn_push(cc, "-o");
        spawn_push(cc, u->object);
    }
    if (copy_dir) {
        strbuf map = STRBUF_INIT;
        bool plain = !strchr(c->argv[u->at], '/');
        strbuf_printf(&map, "-ffile-prefix-map=%s/=%s%s", copy_dir, plain ? "" : src_dir,
                      plain ? "" : "/");
        spawn_push(cc, strbuf_cstr(&map));
        strbuf_release(&map);
        if (u->dep_tmp) {
            spawn_push(cc, "-MF");
            spawn_push(cc, u->dep_tmp);
        }
    }
    free(src_dir);
}

/* Where the compiler writes the dependency file of the source at `at`:
 * -MF's value, else -o's with its suffix made .d, else the source's name
 * without its directory, with .d for .c (the compiler's own rule). */
static char *aicc_dep_path(const aicc_cmd *c, int at)
{
    if (c->mf_at >= 0)
        return mem_strdup(aicc_value(c, c->mf_at, 3));
    const char *base = c->output_at >= 0 ? aicc_value(c, c->output_at, 2)
                                         : fileio_basename(c->argv[at]);
    char *d = mem_alloc(strlen(base) + 3);
    strcpy(d, base);
    char *dot = strrchr(d, '.');
    if (dot && dot > fileio_basename(d))
        *dot = '\0';
    strcat(d, ".d");
    return d;
}

typedef struct aicc_text {
    const char *text;
} aicc_text;

static bool aicc_write_text(FILE *out, void *ctx)
{
    const aicc_text *t = ctx;
    return fputs(t->text, out) >= 0;
}

/* The copy's dependency file with the copy's name made the source's (its
 * spaces escaped as the compiler escapes them), written where the user's
 * command would have written it. */
static bool aicc_rewrite_deps(const aicc_cmd *c, int at, const char *dep_tmp, const char *copy)
{
    char *text = fileio_read_text(dep_tmp, "the dependency file");
    if (!text)
        return false;
    strbuf src = STRBUF_INIT, out = STRBUF_INIT;
    for (const char *s = c->argv[at]; *s; s++)
        strbuf_printf(&src, "%s%c", *s == ' ' ? "\\" : "", *s);
    size_t n = strlen(copy);
    for (const char *t = text; *t;) {
        if (!strncmp(t, copy, n)) {
            strbuf_append(&out, strbuf_cstr(&src));
            t += n;
        } else {
            strbuf_appendn(&out, t++, 1);
        }
    }
    char *dep = aicc_dep_path(c, at);
    aicc_text w = {strbuf_cstr(&out)};
    bool ok = fileio_write_atomic(dep, aicc_write_text, &w);
    free(dep);
    free(text);
    strbuf_release(&src);
    strbuf_release(&out);
    return ok;
}

/* A file's text on standard error. */
static void aicc_show(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, n, stderr);
    fclose(f);
}

/* measuretool's warnings (loops not measured, calls without annotations)
 * are many on real code and not about the build: shown with
 * AITOOL_CC_VERBOSE only, so that a build prints what it prints with cc. */
static bool aicc_verbose(void)
{
    const char *v = getenv("AITOOL_CC_VERBOSE");
    return v && *v && strcmp(v, "0");
}

/* The first error measuretool reported, for the warning. */
static char *aicc_first_error(const char *err_path)
{
    FILE *f = fopen(err_path, "r");
    char line[1024];
    char *found = NULL;
    while (f && !found && fgets(line, sizeof line, f))
        if (strstr(line, "error:")) {
            line[strcspn(line, "\n")] = '\0';
            found = mem_strdup(line);
        }
    if (f)
        fclose(f);
    return found ? found : mem_strdup("measuretool failed");
}

static void aicc_note_file(aicc_tmp *t, const char *path)
{
    spawn_push(&t->files, path);
}

/* The object of the k-th source of a link: its name with .o for its
 * suffix, in the source's directory of the temporary directory. */
static char *aicc_object_path(const aicc_tmp *t, const aicc_cmd *c, size_t k)
{
    strbuf obj = STRBUF_INIT;
    const char *base = fileio_basename(c->argv[c->sources[k]]);
    strbuf_printf(&obj, "%s/%zu/%.*s.o", t->dir, k, (int)(strrchr(base, '.') - base), base);
    return strbuf_take(&obj);
}

/* The k-th source, instrumented and compiled (in a link, to its object);
 * its exit status, the original's when the copy could not be made or
 * compiled. */
static int aicc_compile_source(const aicc_cmd *c, const spawn_argv *real, aicc_tmp *t, size_t k)
{
    int at = c->sources[k];
    const char *src = c->argv[at];
    char *object = c->link ? aicc_object_path(t, c, k) : NULL;
    strbuf dir = STRBUF_INIT, copy = STRBUF_INIT, mt_err = STRBUF_INIT, cc_err = STRBUF_INIT,
           dep = STRBUF_INIT;
    strbuf_printf(&dir, "%s/%zu", t->dir, k);
    strbuf_printf(&copy, "%s/%s", strbuf_cstr(&dir), fileio_basename(src));
    strbuf_printf(&mt_err, "%s/measuretool.err", strbuf_cstr(&dir));
    strbuf_printf(&cc_err, "%s/cc.err", strbuf_cstr(&dir));
    strbuf_printf(&dep, "%s/deps.d", strbuf_cstr(&dir));
    int status = -1;
    char *why = NULL;
    if (mkdir(strbuf_cstr(&dir), 0700) == 0) {
        spawn_push(&t->dirs, strbuf_cstr(&dir));
        aicc_note_file(t, strbuf_cstr(&mt_err));
        aicc_note_file(t, strbuf_cstr(&copy));
        aicc_note_file(t, strbuf_cstr(&cc_err));
        aicc_note_file(t, strbuf_cstr(&dep));
        if (object)
            aicc_note_file(t, object);
        if (aicc_instrument(c, src, strbuf_cstr(&copy), strbuf_cstr(&mt_err))) {
            if (aicc_verbose())
                aicc_show(strbuf_cstr(&mt_err));
            spawn_argv cc = SPAWN_ARGV_INIT;
            for (size_t i = 0; i < real->n; i++)
                spawn_push(&cc, real->v[i]);
            if (aicc_aligns_loops(c))
                spawn_push(&cc, aicc_align_loops);
            aicc_unit u = {at, strbuf_cstr(&copy), strbuf_cstr(&dir),
                           c->deps ? strbuf_cstr(&dep) : NULL, object};
            aicc_compile_args(c, &u, &cc);
            status = aicc_run(&cc, strbuf_cstr(&cc_err), true);
            spawn_argv_free(&cc);
            if (status == 0)
                aicc_show(strbuf_cstr(&cc_err));
            if (status == 0 && c->deps && !aicc_rewrite_deps(c, at, strbuf_cstr(&dep),
                                                             strbuf_cstr(&copy)))
                status = 1;
            if (status != 0)
                why = mem_strdup("its instrumented copy did not compile");
        } else {
            why = aicc_first_error(strbuf_cstr(&mt_err));
        }
    } else {
        why = mem_strdup(strerror(errno));
    }
    if (status != 0 && status != 127 && !aicc_stopped) {
        /* as it is: the real compiler's messages and status are the original's */
        spawn_argv cc = SPAWN_ARGV_INIT;
        for (size_t i = 0; i < real->n; i++)
            spawn_push(&cc, real->v[i]);
        aicc_unit u = {at, src, NULL, NULL, object};
        aicc_compile_args(c, &u, &cc);
        status = aicc_run(&cc, NULL, true);
        spawn_argv_free(&cc);
        if (status == 0)
            diag_tool(DIAG_WARNING, "'%s' could not be instrumented (%s); compiled as it is", src,
                      why);
    }
    free(why);
    free(object);
    strbuf_release(&dir);
    strbuf_release(&copy);
    strbuf_release(&mt_err);
    strbuf_release(&cc_err);
    strbuf_release(&dep);
    return status;
}

/* ---- the whole command ---- */

static void aicc_tmp_remove(aicc_tmp *t)
{
    for (size_t i = 0; i < t->files.n; i++)
        unlink(t->files.v[i]);
    for (size_t i = 0; i < t->dirs.n; i++)
        rmdir(t->dirs.v[i]);
    rmdir(t->dir);
    spawn_argv_free(&t->files);
    spawn_argv_free(&t->dirs);
}

static bool aicc_tmp_make(aicc_tmp *t)
{
    const char *base = getenv("TMPDIR");
    if (!base || !*base)
        base = "/tmp";
    snprintf(t->dir, sizeof t->dir, "%s/aitool-cc-XXXXXX", base);
    if (mkdtemp(t->dir))
        return true;
    diag_tool(DIAG_ERROR, "cannot make a temporary directory in '%s' (TMPDIR): %s", base,
              strerror(errno));
    return false;
}

/* The command as the user gave it, to the real compiler; never returns
 * but when the compiler cannot be run. */
static int aicc_pass_through(const spawn_argv *real, int argc, char **argv)
{
    spawn_argv cc = SPAWN_ARGV_INIT;
    for (size_t i = 0; i < real->n; i++)
        spawn_push(&cc, real->v[i]);
    for (int i = 0; i < argc; i++)
        spawn_push(&cc, argv[i]);
    fflush(NULL);
    execvp(cc.v[0], cc.v);
    aicc_cannot_run(cc.v[0], errno);
    spawn_argv_free(&cc);
    return 127;
}

/* The user's command with each source replaced by its object, in its
 * place (the link order kept): the link. */
static int aicc_link(const aicc_cmd *c, const spawn_argv *real, const aicc_tmp *t)
{
    spawn_argv cc = SPAWN_ARGV_INIT;
    for (size_t i = 0; i < real->n; i++)
        spawn_push(&cc, real->v[i]);
    for (int i = 0, k = 0; i < c->argc; i++) {
        if ((size_t)k < c->nsources && i == c->sources[k]) {
            char *object = aicc_object_path(t, c, (size_t)k++);
            spawn_push(&cc, object);
            free(object);
        } else {
            spawn_push(&cc, c->argv[i]);
        }
    }
    int status = aicc_run(&cc, NULL, true);
    spawn_argv_free(&cc);
    return status;
}

static int aicc_compile(const aicc_cmd *c, const spawn_argv *real)
{
    aicc_catch_signals();
    aicc_tmp t = {.files = SPAWN_ARGV_INIT, .dirs = SPAWN_ARGV_INIT};
    if (!aicc_tmp_make(&t))
        return 1;
    int status = 0;
    for (size_t k = 0; k < c->nsources && !aicc_stopped; k++) {
        int s = aicc_compile_source(c, real, &t, k);
        if (!status)
            status = s;
    }
    if (c->link && !status && !aicc_stopped)
        status = aicc_link(c, real, &t);
    aicc_tmp_remove(&t);
    aicc_die_if_stopped();
    return status;
}

static int aicc_main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "--aitool-version")) {
        args_print_version(stdout, aicc_lang->name, NULL);
        return 0;
    }
    bool cxx = aicc_lang != &aicc_languages[0];
    if (argc == 2 && !strcmp(argv[1], "--aitool-help")) {
        printf("usage: %s [%s options] file%s...   (as %s for make, CMake, configure)\n"
               "       %s --aitool-version | --aitool-help\n"
               "  compiles each %s source to an object through measuretool -auto-instrument\n"
               "  (and links them when the command links);\n"
               "  the real compiler is $%s (default %s); see aitool-cc(1)\n",
               aicc_lang->name, aicc_lang->compiler, cxx ? ".cpp" : ".c", cxx ? "CXX" : "CC",
               aicc_lang->name, cxx ? "C++" : "C", aicc_lang->compiler_env,
               aicc_lang->compiler);
        return 0;
    }
    /* AITOOL_CC=aitool-cc would call itself for ever */
    if (getenv("AITOOL_CC_RUNNING")) {
        diag_tool(DIAG_ERROR, "%s names %s itself: name the real compiler",
                  aicc_lang->compiler_env, aicc_lang->name);
        return 2;
    }
    setenv("AITOOL_CC_RUNNING", "1", 1);
    spawn_argv real = SPAWN_ARGV_INIT;
    aicc_real_compiler(&real);
    aicc_cmd c;
    aicc_parse(&c, argc - 1, argv + 1);
    int status = c.pass ? aicc_pass_through(&real, argc - 1, argv + 1) : aicc_compile(&c, &real);
    free(c.sources);
    spawn_argv_free(&real);
    return status;
}

int main(int argc, char **argv)
{
    aicc_choose_language(argc > 0 ? argv[0] : "aitool-cc");
    diag_set_program(aicc_lang->name);
    fileio_program_begin();
    return fileio_program_end(aicc_main(argc, argv), 2);
}
