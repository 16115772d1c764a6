/* simon-cc: cc for SIMON programs (the modern simcc).
 *
 *   simon-cc [-T costs.txt] [-engine native|simgrid] [-platform cluster.xml]
 *            [cc options] prog.c... -o prog
 *
 * It runs cc with simon.h's directory on the include path and, unless only
 * compiling (-c, -S, -E), libsimon (which holds main) on the link line, or
 * with -engine simgrid the SimGrid engine (simon-simgrid, its own main)
 * and SimGrid; -platform makes that file the program's default platform
 * (a small C file, compiled beside the sources, names it).
 * With -T, each C file first goes through measuretool -simon-clock with
 * that cost table, into a temporary directory, and cc compiles the copy,
 * with the original's directory on the quoted include path; the copies
 * carry #line directives, so messages name the original files.  The
 * preprocessor options (-I, -D, -U, -std, -include) go to measuretool too.
 * The paths of cc, measuretool, simon.h and the libraries are the build
 * tree's (compiled in), or when simon-cc runs from an installation those
 * of the installation (support/layout.h). */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "diag.h"
#include "fileio.h"
#include "layout.h"
#include "mem.h"
#include "spawn_run.h"
#include "strbuf.h"

/* The libraries a program is linked with, in the build tree; an
 * installation has them under the same names. */
static const char *const cc_built_libs[] = {SIMON_CC_LIBS};
enum { CC_NLIBS = sizeof cc_built_libs / sizeof *cc_built_libs };
/* The SimGrid engine's, then the system libraries it needs; none when
 * SimGrid was not found at build time. */
static const char *const cc_sg_libs[] = {SIMON_CC_SG_LIBS};
static const char *const cc_sg_system[] = {"-lsimgrid", "-lstdc++"};
enum { CC_NSG_LIBS = sizeof cc_sg_libs / sizeof *cc_sg_libs - 1 };

typedef struct cc_engine {
    const char *name;
    const char *const *libs;
    size_t nlibs;
} cc_engine;

static const cc_engine cc_engines[] = {
    {"native", cc_built_libs, CC_NLIBS},
    {"simgrid", cc_sg_libs, CC_NSG_LIBS},
};

static const char *cc_lib(const cc_engine *e, size_t i)
{
    return layout_path(LAYOUT_LIB, fileio_basename(e->libs[i]), e->libs[i]);
}

static const char *cc_include_dir(void)
{
    return layout_path(LAYOUT_INCLUDE, NULL, SIMON_CC_INCLUDE);
}


/* Runs argv and waits; its exit status, 127 when it could not start. */
static int cc_run(const spawn_argv *a)
{
    int err = 0;
    int rc = spawn_run(a->v, NULL, &err);
    if (rc >= 0)
        return rc;
    if (err)
        diag_tool(DIAG_ERROR, "cannot run %s", a->v[0]);
    return 127;
}

static bool cc_is_source(const char *arg)
{
    size_t n = strlen(arg);
    return arg[0] != '-' && n > 2 && !strcmp(arg + n - 2, ".c");
}

/* dir of path ("." when it has none). */
static char *cc_dirname(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return mem_strdup(".");
    char *d = mem_strdup(path);
    d[slash - path] = '\0';
    return d;
}

static bool cc_write_text(FILE *out, void *ctx)
{
    return fileio_flush_text(out, ctx);
}

typedef struct cc_options {
    const char *costs;  /* -T */
    const char *engine_name, *platform; /* -engine, -platform */
    const cc_engine *engine;
    const char *output; /* -o, for the check that it names no input */
    bool link;         /* no -c, -S or -E */
    spawn_argv pass;      /* everything for cc but the sources */
    spawn_argv pp;        /* the preprocessor options, for measuretool */
    spawn_argv sources;
    spawn_argv copies;    /* -T: the clocked copies made, to remove at the end */
} cc_options;

/* simon-cc's own option; every other argument is cc's (cc_take_argument).
 * -help and --version are simon-cc's only as the first argument (cc_main):
 * later, they are cc's. */
static const args_option cc_option_table[] = {
    {.names = "-T", .kind = ARGS_VALUE, .value = "costs.txt", .dest = offsetof(cc_options, costs),
     .missing = "-T needs a cost table",
     .help = "each C file first goes through measuretool -simon-clock -T costs.txt"},
    {.names = "-engine", .kind = ARGS_VALUE, .value = "native|simgrid",
     .dest = offsetof(cc_options, engine_name), .missing = "-engine needs native or simgrid",
     .help = "the engine the program runs on: libsimon (the default) or SimGrid"},
    {.names = "-platform", .kind = ARGS_VALUE, .value = "cluster.xml",
     .dest = offsetof(cc_options, platform), .missing = "-platform needs a SimGrid platform file",
     .help = "with -engine simgrid: the program's default SimGrid platform"},
};

/* An argument for cc: a source, an option the preprocessor needs too (with
 * its separate value), or anything else, which cc reads as it is. */
static args_result cc_take_argument(int argc, char **argv, int *i, void *dest)
{
    cc_options *o = dest;
    const char *a = argv[*i];
    if (!strcmp(a, "-c") || !strcmp(a, "-S") || !strcmp(a, "-E"))
        o->link = false;
    if (!strcmp(a, "-o") && *i + 1 < argc)
        o->output = argv[*i + 1];
    else if (!strncmp(a, "-o", 2) && a[2])
        o->output = a + 2;
    if (cc_is_source(a)) {
        spawn_push(&o->sources, a);
        return ARGS_TAKEN;
    }
    bool preprocessor;
    args_cc_kind kind = args_compiler_option(a, &preprocessor);
    spawn_push(&o->pass, a);
    if (preprocessor)
        spawn_push(&o->pp, a);
    if (preprocessor && kind == ARGS_CC_SEPARATE && *i + 1 < argc) {
        spawn_push(&o->pass, argv[++*i]);
        spawn_push(&o->pp, argv[*i]);
    }
    return ARGS_TAKEN;
}

static const args_program cc_program = {
    .table = cc_option_table,
    .n = sizeof cc_option_table / sizeof *cc_option_table,
    .stop_at_error = true,
    .other = cc_take_argument,
};

/* The engine named by -engine (native when none is); NULL after the error. */
static const cc_engine *cc_find_engine(const char *name)
{
    if (!name)
        return &cc_engines[0];
    for (size_t i = 0; i < sizeof cc_engines / sizeof *cc_engines; i++)
        if (!strcmp(cc_engines[i].name, name)) {
            if (cc_engines[i].nlibs)
                return &cc_engines[i];
            diag_tool(DIAG_ERROR, "-engine %s: this simon-cc was built without SimGrid "
                                  "(install libsimgrid-dev and build again)", name);
            return NULL;
        }
    diag_tool(DIAG_ERROR, "-engine '%s': unknown engine (native or simgrid)", name);
    return NULL;
}

static bool cc_parse(int argc, char **argv, cc_options *o)
{
    o->link = true;
    if (!args_parse_all(&cc_program, argc, argv, o))
        return false;
    o->engine = cc_find_engine(o->engine_name);
    if (!o->engine)
        return false;
    if (o->platform && o->engine != &cc_engines[1]) {
        diag_tool(DIAG_ERROR, "-platform is the SimGrid engine's: give -engine simgrid");
        return false;
    }
    if (o->platform && !fileio_check_input(o->platform, "platform"))
        return false;
    if (!o->sources.n && o->costs) {
        diag_tool(DIAG_ERROR, "-T clocks C files, and none was given");
        return false;
    }
    return true;
}

/* measuretool -simon-clock -T costs for each source, into dir; the copies'
 * paths replace the sources. */
static int cc_clock(cc_options *o, const char *dir)
{
    for (size_t i = 0; i < o->sources.n; i++) {
        const char *src = o->sources.v[i];
        strbuf copy = STRBUF_INIT;
        strbuf_printf(&copy, "%s/%zu_%s", dir, i, fileio_basename(src));
        spawn_argv mt = SPAWN_ARGV_INIT;
        spawn_push(&mt, layout_path(LAYOUT_BIN, "measuretool", SIMON_CC_MEASURETOOL));
        spawn_push(&mt, "-simon-clock");
        spawn_push(&mt, "-T");
        spawn_push(&mt, o->costs);
        spawn_push(&mt, "-o");
        spawn_push(&mt, strbuf_cstr(&copy));
        for (size_t k = 0; k < o->pp.n; k++)
            spawn_push(&mt, o->pp.v[k]);
        spawn_push(&mt, "-I");
        spawn_push(&mt, cc_include_dir());
        spawn_push(&mt, src);
        int status = cc_run(&mt);
        spawn_argv_free(&mt);
        spawn_push(&o->copies, strbuf_cstr(&copy));
        if (status != 0) {
            strbuf_release(&copy);
            return status;
        }
        char *src_dir = cc_dirname(src);
        strbuf quote = STRBUF_INIT;
        strbuf_printf(&quote, "-iquote%s", src_dir);
        spawn_push(&o->pass, strbuf_cstr(&quote));
        strbuf_release(&quote);
        free(src_dir);
        free(o->sources.v[i]);
        o->sources.v[i] = strbuf_take(&copy);
    }
    return 0;
}

/* -platform: a C file in dir naming the platform by its absolute path, one
 * more source for cc. */
static int cc_platform_source(cc_options *o, const char *dir)
{
    char *abs = realpath(o->platform, NULL);
    strbuf text = STRBUF_INIT, path = STRBUF_INIT;
    strbuf_append(&text, "const char *const simon_sg_default_platform = \"");
    for (const char *p = abs; *p; p++)
        strbuf_printf(&text, *p == '"' || *p == '\\' ? "\\%c" : "%c", *p);
    strbuf_append(&text, "\";\n");
    free(abs);
    strbuf_printf(&path, "%s/simon_platform.c", dir);
    bool ok = fileio_write_atomic(strbuf_cstr(&path), cc_write_text, &text);
    strbuf_release(&text);
    spawn_push(&o->copies, strbuf_cstr(&path));
    spawn_push(&o->sources, strbuf_cstr(&path));
    strbuf_release(&path);
    return ok ? 0 : 1;
}

static int cc_compile(const cc_options *o)
{
    spawn_argv cc = SPAWN_ARGV_INIT;
    spawn_push(&cc, SIMON_CC_CC);
    spawn_push(&cc, "-I");
    spawn_push(&cc, cc_include_dir());
    for (size_t i = 0; i < o->pass.n; i++)
        spawn_push(&cc, o->pass.v[i]);
    for (size_t i = 0; i < o->sources.n; i++)
        spawn_push(&cc, o->sources.v[i]);
    if (o->link) {
        for (size_t i = 0; i < o->engine->nlibs; i++)
            spawn_push(&cc, cc_lib(o->engine, i));
        for (size_t i = 0; o->engine == &cc_engines[1] && i < 2; i++)
            spawn_push(&cc, cc_sg_system[i]);
        spawn_push(&cc, "-lm");
    }
    /* A library built with the sanitizers needs its programs built so too. */
    if (SIMON_CC_SANITIZE[0])
        spawn_push(&cc, SIMON_CC_SANITIZE);
    int status = cc_run(&cc);
    spawn_argv_free(&cc);
    return status;
}

/* The executable may not be a source, the cost table, a library linked or
 * simon-cc itself (what cc reads beyond those, it reports itself). */
static bool cc_output_apart(const cc_options *o)
{
    size_t n = o->sources.n + 2 + o->engine->nlibs;
    const char **inputs = mem_alloc(n * sizeof *inputs);
    size_t k = 0;
    for (size_t i = 0; i < o->sources.n; i++)
        inputs[k++] = o->sources.v[i];
    inputs[k++] = o->costs;
    inputs[k++] = o->platform;
    for (size_t i = 0; i < o->engine->nlibs; i++)
        inputs[k++] = cc_lib(o->engine, i);
    bool ok = fileio_output_not_input("-o", o->output, inputs, (int)k);
    free(inputs);
    return ok;
}

static int cc_main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "-help") || !strcmp(argv[1], "--help")) {
        printf("usage: simon-cc [-T costs.txt] [-engine native|simgrid] [-platform cluster.xml]\n"
               "                [cc options] prog.c... -o prog\n"
               "       simon-cc --version\n"
               "  cc with simon.h and libsimon; -T: each C file first goes through\n"
               "  measuretool -simon-clock -T costs.txt; -engine simgrid: the program\n"
               "  runs on SimGrid, -platform: its default platform (simon/README.md)\n");
        return argc < 2 ? 2 : 0;
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-version")) {
        args_print_version(stdout, "simon-cc", NULL);
        return 0;
    }
    cc_options o = {0};
    int status = 2;
    if (cc_parse(argc, argv, &o) && cc_output_apart(&o)) {
        char dir[] = "/tmp/simon-cc-XXXXXX";
        bool temp = o.costs || (o.platform && o.link);
        if (temp && !mkdtemp(dir)) {
            diag_tool(DIAG_ERROR, "cannot make a temporary directory");
            status = 1;
        } else {
            status = o.costs ? cc_clock(&o, dir) : 0;
            if (status == 0 && o.platform && o.link)
                status = cc_platform_source(&o, dir);
            if (status == 0)
                status = cc_compile(&o);
            for (size_t i = 0; i < o.copies.n; i++)
                unlink(o.copies.v[i]);
            if (temp)
                rmdir(dir);
        }
    }
    spawn_argv_free(&o.pass);
    spawn_argv_free(&o.pp);
    spawn_argv_free(&o.sources);
    spawn_argv_free(&o.copies);
    return status;
}

int main(int argc, char **argv)
{
    diag_set_program("simon-cc");
    fileio_program_begin();
    return fileio_program_end(cc_main(argc, argv), 2);
}
