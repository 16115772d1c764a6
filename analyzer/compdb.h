/* compdb: a build's compile_commands.json, read through libclang's
 * compilation-database API (as clang-tidy and clangd read it), with each
 * entry's command reduced to what clang's front end needs to parse the file.
 *
 * An entry keeps its file (made absolute against its directory), its
 * directory, and its arguments without the compiler (argv[0]), the input
 * file and what only a compiler driver or a build needs: -c, -S, -E, -o X,
 * optimization (-O*), dependency files (-M, -MM, -MD, -MMD, -MP, -MG, -MF X,
 * -MT X, -MQ X, -Wp,-M...) and -fsyntax-only.  Everything else (-I, -D, -U,
 * -std=, -include, -isystem, -W, -f, -m, --target, ...) is kept, in order;
 * relative paths in it are relative to the entry's directory.  The whole
 * command is kept as well (measuretool -o DIR writes it into the tree's
 * database).
 *
 * The database owns its entries and their strings (one arena);
 * compdb_free() releases it all.  Used by measuretool (-p BUILD_DIR). */
#ifndef AITOOL_COMPDB_H
#define AITOOL_COMPDB_H

#include <stddef.h>

#include "mem.h"

typedef struct compdb_entry {
    const char *file;      /* absolute */
    const char *directory; /* absolute, as the database gives it */
    const char **args;
    int nargs;
    const char *given;    /* the file as the database names it */
    const char **command; /* the whole command, compiler first, as the database gives it */
    int ncommand;
} compdb_entry;

typedef struct compdb {
    const char *path; /* BUILD_DIR/compile_commands.json, as messages name it */
    compdb_entry *entries; /* in the database's order */
    size_t nentries;
    arena *arena;
} compdb;

/* BUILD_DIR/compile_commands.json, or NULL after an error naming it (its
 * line and column when libclang gives them): missing, unreadable, larger
 * than fileio's input limit, malformed, or without entries. */
compdb *compdb_load(const char *build_dir);
void compdb_free(compdb **db);

/* The first entry of the same file as path (compared as files), or NULL. */
const compdb_entry *compdb_find(const compdb *db, const char *path);
/* The first entry of a file in the same directory as path, or NULL. */
const compdb_entry *compdb_nearest(const compdb *db, const char *path);

/* argv of a command for file (as the database names it, relative to dir)
 * without what clang's front end does not need; the kept strings are
 * argv's, stored into out (room for argc), and their number returned. */
int compdb_filter_args(const char *const *argv, int argc, const char *file, const char *dir,
                       const char **out);

#endif
