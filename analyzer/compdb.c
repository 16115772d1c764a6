#include "compdb.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <clang-c/CXCompilationDatabase.h>
#include <clang-c/CXString.h>

#include "diag.h"
#include "fileio.h"
#include "mem.h"
#include "strbuf.h"

/* What clang tools drop from a compile command before they parse: the
 * build's outputs, dependency files and optimization, none of which
 * changes what the front end reads. */
static const char *const compdb_drop_with_value[] = {"-o", "-MF", "-MT", "-MQ"};
static const char *const compdb_drop_exact[] = {"-c", "-S", "-E", "-M", "-MM", "-MD",
                                                "-MMD", "-MP", "-MG", "-fsyntax-only"};
static const char *const compdb_drop_prefix[] = {"-O", "-Wp,-M"};

#define COMPDB_COUNT(table) (sizeof table / sizeof *table)

/* 0: kept; 1: dropped; 2: dropped with the argument after it. */
static int compdb_drop(const char *arg)
{
    for (size_t i = 0; i < COMPDB_COUNT(compdb_drop_with_value); i++) {
        size_t n = strlen(compdb_drop_with_value[i]);
        if (!strncmp(arg, compdb_drop_with_value[i], n))
            return arg[n] ? 1 : 2;
    }
    for (size_t i = 0; i < COMPDB_COUNT(compdb_drop_exact); i++)
        if (!strcmp(arg, compdb_drop_exact[i]))
            return 1;
    for (size_t i = 0; i < COMPDB_COUNT(compdb_drop_prefix); i++)
        if (!strncmp(arg, compdb_drop_prefix[i], strlen(compdb_drop_prefix[i])))
            return 1;
    return 0;
}

/* dir/path, or path when it is absolute (free() it). */
static char *compdb_absolute(const char *dir, const char *path)
{
    if (path[0] == '/' || !dir)
        return mem_strdup(path);
    strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "%s/%s", dir, path);
    return strbuf_take(&sb);
}

static bool compdb_is_input(const char *arg, const char *file, const char *dir)
{
    if (arg[0] == '-')
        return false;
    if (!strcmp(arg, file))
        return true;
    char *a = compdb_absolute(dir, arg), *f = compdb_absolute(dir, file);
    bool same = !strcmp(a, f) || fileio_same_file(a, f);
    free(a);
    free(f);
    return same;
}

int compdb_filter_args(const char *const *argv, int argc, const char *file, const char *dir,
                       const char **out)
{
    int n = 0;
    for (int i = 1; i < argc; i++) {
        int drop = compdb_drop(argv[i]);
        if (drop == 2)
            i++;
        else if (!drop && !compdb_is_input(argv[i], file, dir))
            out[n++] = argv[i];
    }
    return n;
}

/* ---- Loading ---- */

/* libclang prints why it refused a database on stderr itself: its YAML
 * parser's "YAML:LINE:COL: error: ..." and the JSON reader's
 * "json-compilation-database: ...".  Those become errors at the file;
 * the other lines (the source line and caret, the plugins that did not
 * apply) are dropped.  Returns the number of errors reported. */
static unsigned compdb_report_libclang(const char *path, const char *text)
{
    unsigned errors = 0;
    for (const char *line = text; *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        char *l = mem_alloc(len + 1);
        memcpy(l, line, len);
        unsigned row, col;
        int at = 0;
        const char *json = "json-compilation-database: ";
        if (sscanf(l, "YAML:%u:%u: error: %n", &row, &col, &at) == 2 && at > 0) {
            diag_at(DIAG_ERROR, path, row, col, "%s", l + at);
            errors++;
        } else if (!strncmp(l, json, strlen(json))) {
            diag_at(DIAG_ERROR, path, 1, 1, "%s", l + strlen(json));
            errors++;
        }
        free(l);
        line += len + (end != NULL);
    }
    return errors;
}

/* clang_CompilationDatabase_fromDirectory(), with what libclang prints on
 * stderr caught (into *printed, to free()) rather than shown. */
static CXCompilationDatabase compdb_open(const char *build_dir, char **printed)
{
    CXCompilationDatabase_Error err;
    *printed = NULL;
    FILE *caught = tmpfile();
    fflush(stderr);
    int saved = caught ? dup(2) : -1;
    if (saved < 0 || dup2(fileno(caught), 2) < 0) {
        if (saved >= 0)
            close(saved);
        if (caught)
            fclose(caught);
        return clang_CompilationDatabase_fromDirectory(build_dir, &err);
    }
    CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(build_dir, &err);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(caught);
    strbuf text = STRBUF_INIT;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, caught)) > 0)
        strbuf_appendn(&text, buf, n);
    fclose(caught);
    *printed = strbuf_take(&text);
    return db;
}

/* A CXString copied into the arena and disposed of. */
static const char *compdb_string(arena *a, CXString s)
{
    const char *c = clang_getCString(s);
    const char *copy = arena_strdup(a, c ? c : "");
    clang_disposeString(s);
    return copy;
}

static void compdb_read_entry(compdb *db, compdb_entry *e, CXCompileCommand cmd)
{
    e->directory = compdb_string(db->arena, clang_CompileCommand_getDirectory(cmd));
    const char *file = compdb_string(db->arena, clang_CompileCommand_getFilename(cmd));
    e->given = file;
    char *abs = compdb_absolute(e->directory, file);
    e->file = arena_strdup(db->arena, abs);
    free(abs);
    unsigned argc = clang_CompileCommand_getNumArgs(cmd);
    /* The whole command is kept too: -o DIR writes it again, for the tree. */
    const char **argv = arena_alloc(db->arena, (argc ? argc : 1) * sizeof *argv);
    for (unsigned i = 0; i < argc && i < INT_MAX; i++)
        argv[i] = compdb_string(db->arena, clang_CompileCommand_getArg(cmd, i));
    e->command = argv;
    e->ncommand = (int)argc;
    e->args = arena_alloc(db->arena, (argc ? argc : 1) * sizeof *e->args);
    e->nargs = compdb_filter_args(argv, (int)argc, file, e->directory, e->args);
}

static void compdb_read_entries(compdb *db, CXCompilationDatabase cdb)
{
    CXCompileCommands cmds = clang_CompilationDatabase_getAllCompileCommands(cdb);
    unsigned n = cmds ? clang_CompileCommands_getSize(cmds) : 0;
    db->entries = arena_alloc(db->arena, (n ? n : 1) * sizeof *db->entries);
    for (unsigned i = 0; i < n; i++)
        compdb_read_entry(db, &db->entries[db->nentries++],
                          clang_CompileCommands_getCommand(cmds, i));
    if (cmds)
        clang_CompileCommands_dispose(cmds);
}

compdb *compdb_load(const char *build_dir)
{
    strbuf sb = STRBUF_INIT;
    size_t len = strlen(build_dir);
    while (len > 1 && build_dir[len - 1] == '/')
        len--;
    strbuf_printf(&sb, "%.*s/compile_commands.json", (int)len, build_dir);
    char *path = strbuf_take(&sb);
    compdb *db = NULL;
    if (fileio_check_input(path, "compilation database")) {
        char *printed;
        CXCompilationDatabase cdb = compdb_open(build_dir, &printed);
        unsigned errors = compdb_report_libclang(path, printed);
        free(printed);
        if (!cdb && !errors)
            diag_at(DIAG_ERROR, path, 1, 1, "libclang could not read the compilation database");
        if (cdb && !errors) {
            db = mem_alloc(sizeof *db);
            db->arena = arena_create();
            db->path = arena_strdup(db->arena, path);
            compdb_read_entries(db, cdb);
            if (!db->nentries) {
                diag_at(DIAG_ERROR, path, 1, 1, "the compilation database has no entries");
                compdb_free(&db);
            }
        }
        if (cdb)
            clang_CompilationDatabase_dispose(cdb);
    }
    free(path);
    return db;
}

void compdb_free(compdb **db)
{
    if (!db || !*db)
        return;
    arena_free(&(*db)->arena);
    free(*db);
    *db = NULL;
}

const compdb_entry *compdb_find(const compdb *db, const char *path)
{
    char *real = realpath(path, NULL);
    const compdb_entry *found = NULL;
    for (size_t i = 0; i < db->nentries && !found; i++) {
        const compdb_entry *e = &db->entries[i];
        if ((real && !strcmp(e->file, real)) || fileio_same_file(e->file, path))
            found = e;
    }
    free(real);
    return found;
}

/* The directory part of a file's real path (or of path as given), to free(). */
static char *compdb_real_dir(const char *path)
{
    char *real = realpath(path, NULL);
    char *dir = real ? real : mem_strdup(path);
    char *slash = strrchr(dir, '/');
    if (slash) {
        *slash = '\0';
        return dir;
    }
    free(dir);
    return mem_strdup(".");
}

const compdb_entry *compdb_nearest(const compdb *db, const char *path)
{
    char *want = compdb_real_dir(path);
    const compdb_entry *found = NULL;
    for (size_t i = 0; i < db->nentries && !found; i++) {
        char *dir = compdb_real_dir(db->entries[i].file);
        if (!strcmp(dir, want))
            found = &db->entries[i];
        free(dir);
    }
    free(want);
    return found;
}
