/* mt_tree: the instrumented copies of a run as a tree (mt_tree.h). */
#include "mt_tree.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compdb.h"
#include "diag.h"
#include "fileio.h"
#include "json_out.h"
#include "mem.h"
#include "strbuf.h"

/* With -p, -o names a directory: the copies' tree.  With several inputs it
 * does when it says so (a directory, or a name ending in '/'), since
 * `-o x.c a.c b.c` is more likely a slip than a tree named x.c. */
bool mt_tree_mode(const mt_options *o)
{
    if (!o->output || o->static_only || (!o->build_dir && o->ninputs < 2))
        return false;
    size_t n = strlen(o->output);
    struct stat st;
    return o->build_dir || (n && o->output[n - 1] == '/') ||
           (stat(o->output, &st) == 0 && S_ISDIR(st.st_mode));
}

/* path made absolute, the part of it that exists resolved (links, ..) and
 * the rest kept as given, since the tree need not exist yet; NULL when no
 * part resolves (malloc'd). */
static char *mt_resolve(const char *path)
{
    char *real = realpath(path, NULL);
    if (real || errno != ENOENT)
        return real;
    char *copy = mem_strdup(path);
    for (size_t n = strlen(copy); n > 1 && copy[n - 1] == '/'; n--)
        copy[n - 1] = '\0';
    char *slash = strrchr(copy, '/');
    const char *base = slash ? slash + 1 : copy;
    if (slash)
        *slash = '\0';
    char *parent = mt_resolve(!slash ? "." : slash == copy ? "/" : copy);
    char *out = NULL;
    if (parent) {
        strbuf sb = STRBUF_INIT;
        strbuf_printf(&sb, "%s/%s", strcmp(parent, "/") ? parent : "", base);
        out = strbuf_take(&sb);
    }
    free(parent);
    free(copy);
    return out;
}

/* root cut to the directories it shares with dir ("" when only /). */
static void mt_common_dir(char *root, const char *dir)
{
    size_t i = 0;
    while (root[i] && root[i] == dir[i])
        i++;
    bool whole = (root[i] == '\0' || root[i] == '/') && (dir[i] == '\0' || dir[i] == '/');
    if (!whole)
        do
            i--;
        while (i > 0 && root[i] != '/');
    root[i] = '\0';
}

/* True when path lies in dir or is dir itself. */
static bool mt_under(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    return !strncmp(path, dir, n) && (path[n] == '\0' || path[n] == '/');
}

/* The root: the deepest directory holding every unit's source; each
 * unit's resolved path into real.  False after an error naming the file. */
static bool mt_tree_root(mt_plan *pl, char **real)
{
    char *root = NULL;
    for (size_t i = 0; i < pl->nunits; i++) {
        real[i] = realpath(pl->units[i].path, NULL);
        if (!real[i]) {
            diag_at(DIAG_ERROR, pl->units[i].path, 1, 1, "cannot open input file: %s",
                    strerror(errno));
            free(root);
            return false;
        }
        char *dir = mem_strdup(real[i]);
        *strrchr(dir, '/') = '\0';
        if (root) {
            mt_common_dir(root, dir);
            free(dir);
        } else {
            root = dir;
        }
    }
    pl->root = arena_strdup(pl->arena, root ? root : "");
    free(root);
    /* Under / the headers to copy would be the system's. */
    if (pl->nunits && !*pl->root) {
        diag_tool(DIAG_ERROR, "-o: '%s' and the other sources share no directory but '/', "
                              "which cannot be the root of a tree",
                  pl->units[0].path);
        return false;
    }
    return true;
}

/* The tree may hold no input (DIR = the root would overwrite the sources)
 * and must be a directory that can be made and written. */
static bool mt_tree_dir_ok(const mt_options *o, const mt_plan *pl, char **real)
{
    if (mt_under(pl->root, pl->tree)) {
        diag_tool(DIAG_ERROR, "-o '%s' %s the project's root '%s': the tree would overwrite "
                              "its sources",
                  o->output, strcmp(pl->root, pl->tree) ? "holds" : "is", pl->root);
        return false;
    }
    char *db = pl->db ? realpath(pl->db->path, NULL) : NULL;
    const char *input = db && mt_under(db, pl->tree) ? pl->db->path : NULL;
    for (size_t i = 0; i < pl->nunits && !input; i++)
        if (mt_under(real[i], pl->tree))
            input = pl->units[i].path;
    if (input)
        diag_tool(DIAG_ERROR, "-o '%s' holds the input '%s': the tree would overwrite it",
                  o->output, input);
    free(db);
    if (input)
        return false;
    /* The nearest part of DIR that exists is where it is made. */
    char *at = mem_strdup(pl->tree);
    struct stat st;
    while (stat(at, &st) != 0 && strrchr(at, '/') != at)
        *strrchr(at, '/') = '\0';
    if (stat(at, &st) != 0) {
        at[1] = '\0';
        stat(at, &st);
    }
    bool ok = S_ISDIR(st.st_mode) && access(at, W_OK | X_OK) == 0;
    if (!ok)
        diag_tool(DIAG_ERROR, "-o '%s': cannot write the tree in '%s': %s", o->output, at,
                  S_ISDIR(st.st_mode) ? strerror(errno) : "it is not a directory");
    free(at);
    return ok;
}

/* Each copy at DIR/<its path under the root>, all checked before anything
 * is written. */
bool mt_tree_plan(const mt_options *o, mt_plan *pl)
{
    if (pl->shard) {
        diag_tool(DIAG_ERROR, "-o '%s' makes one tree of every unit: it cannot go with "
                              "-shard",
                  o->output);
        return false;
    }
    char *tree = mt_resolve(o->output);
    if (!tree) {
        diag_tool(DIAG_ERROR, "-o '%s': cannot make the tree there: %s", o->output,
                  strerror(errno));
        return false;
    }
    pl->tree = arena_strdup(pl->arena, tree);
    free(tree);
    char **real = mem_alloc((pl->nunits ? pl->nunits : 1) * sizeof *real);
    memset(real, 0, (pl->nunits ? pl->nunits : 1) * sizeof *real);
    bool ok = mt_tree_root(pl, real) && mt_tree_dir_ok(o, pl, real);
    for (size_t i = 0; i < pl->nunits; i++) {
        if (ok) {
            strbuf sb = STRBUF_INIT;
            strbuf_printf(&sb, "%s%s", pl->tree, real[i] + strlen(pl->root));
            pl->units[i].output = arena_strdup(pl->arena, strbuf_cstr(&sb));
            strbuf_release(&sb);
        }
        free(real[i]);
    }
    free(real);
    return ok;
}

/* path's place in the tree when it lies under the root, else NULL (malloc'd). */
static char *mt_tree_place(const mt_plan *pl, const char *path)
{
    char *real = realpath(path, NULL);
    char *out = NULL;
    if (real && mt_under(real, pl->root)) {
        strbuf sb = STRBUF_INIT;
        strbuf_printf(&sb, "%s%s", pl->tree, real + strlen(pl->root));
        out = strbuf_take(&sb);
    }
    free(real);
    return out;
}

/* The directory a file of the tree goes in, made. */
static bool mt_tree_make_parent(const char *file)
{
    char *dir = mem_strdup(file);
    *strrchr(dir, '/') = '\0';
    bool ok = fileio_make_dirs("-o", dir);
    free(dir);
    return ok;
}

static bool mt_write_text(FILE *out, void *ctx)
{
    return fputs(ctx, out) != EOF;
}

/* The files under the root that libclang read and that are neither units
 * nor the database (the project's headers), copied byte for byte: the copies' quoted #includes
 * find them beside them, as the sources find the originals. */
static bool mt_tree_copy_headers(const mt_plan *pl)
{
    size_t n;
    char **noted = fileio_noted_under(pl->root, &n);
    bool ok = true;
    for (size_t i = 0; i < n; i++) {
        /* The database is read through libclang, which notes it too. */
        bool unit = mt_under(noted[i], pl->tree) ||
                    (pl->db && fileio_same_file(noted[i], pl->db->path));
        for (size_t k = 0; k < pl->nunits && !unit; k++)
            unit = fileio_same_file(noted[i], pl->units[k].path);
        char *place = unit ? NULL : mt_tree_place(pl, noted[i]);
        char *text = place ? fileio_read_text(noted[i], "header") : NULL;
        if (place)
            ok &= text && mt_tree_make_parent(place) &&
                  fileio_write_atomic(place, mt_write_text, text);
        free(text);
        free(place);
        free(noted[i]);
    }
    free(noted);
    return ok;
}

/* An entry of DIR/compile_commands.json: the unit's command with its source
 * and its directory (when under the root) pointed into the tree. */
static bool mt_tree_entry(const mt_plan *pl, const mt_unit *u, json_out *w)
{
    const compdb_entry *e = compdb_find(pl->db, u->path);
    if (!e)
        e = compdb_nearest(pl->db, u->path);
    char *dir = mt_tree_place(pl, e->directory);
    bool ok = !dir || fileio_make_dirs("-o", dir);
    json_object_begin(w);
    json_key(w, "directory");
    json_string(w, dir ? dir : e->directory);
    json_key(w, "file");
    json_string(w, u->output);
    json_key(w, "arguments");
    json_array_begin(w);
    for (int i = 0; i < e->ncommand; i++) {
        const char *arg = e->command[i];
        bool source = i > 0 && (!strcmp(arg, e->given) || !strcmp(arg, e->file));
        json_string(w, source ? u->output : arg);
    }
    json_array_end(w);
    json_object_end(w);
    free(dir);
    return ok;
}

/* DIR/compile_commands.json, so that a build or a tool reads the tree. */
static bool mt_tree_database(const mt_plan *pl)
{
    strbuf text = STRBUF_INIT;
    json_out w = JSON_OUT_INIT(&text);
    bool ok = true;
    json_array_begin(&w);
    for (size_t i = 0; i < pl->nunits; i++)
        ok &= mt_tree_entry(pl, &pl->units[i], &w);
    json_array_end(&w);
    json_out_release(&w);
    strbuf_printf(&text, "\n");
    strbuf path = STRBUF_INIT;
    strbuf_printf(&path, "%s/compile_commands.json", pl->tree);
    ok = ok && fileio_write_atomic(strbuf_cstr(&path), mt_write_text, (void *)strbuf_cstr(&text));
    strbuf_release(&path);
    strbuf_release(&text);
    return ok;
}

/* The copies' directories, made before the copies are written. */
bool mt_tree_make_dirs(const mt_plan *pl)
{
    bool ok = fileio_make_dirs("-o", pl->tree);
    for (size_t i = 0; i < pl->nunits && ok; i++)
        ok = mt_tree_make_parent(pl->units[i].output);
    return ok;
}

/* What the tree holds beside the copies: the headers, and the database. */
bool mt_tree_finish(const mt_plan *pl)
{
    bool ok = mt_tree_copy_headers(pl);
    return (!pl->db || mt_tree_database(pl)) && ok;
}

