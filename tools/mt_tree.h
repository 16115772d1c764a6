/* mt_tree: measuretool's -o DIR with several units (-p, or files named): the
 * instrumented copies as a tree that mirrors the sources under their common
 * root, with the project's headers libclang read there and, with -p, a
 * compile_commands.json pointed into it (README.md, "Whole projects").  Also
 * the run's plan, which the driver (mt_driver.c) makes and both read; the
 * plan's strings live in its arena.  Private to tools/. */
#ifndef AITOOL_MT_TREE_H
#define AITOOL_MT_TREE_H

#include <stdbool.h>
#include <stddef.h>

#include "compdb.h"
#include "mem.h"
#include "mt_batch.h"
#include "mt_driver.h"

/* The run's translation units, in order: the files named, or the
 * database's (-p); with -shard, only the slice's.  Everything the plan
 * makes lives in its arena. */
typedef struct mt_plan {
    arena *arena;
    compdb *db;        /* -p, or NULL */
    mt_unit *units;    /* the slice's */
    size_t nunits;
    const char *shard; /* the slice's line (shard.h), or NULL */
    const char *tree;  /* -o DIR's absolute path when the copies make a tree, or NULL */
    const char *root;  /* the tree's: the deepest directory of every unit's source */
    bool failed;       /* a named file had no place in the database (reported) */
} mt_plan;

/* Whether -o names a tree: with -p always; with several files named when it is a
 * directory or ends in '/'. */
bool mt_tree_mode(const mt_options *o);
/* Each unit's copy at DIR/<its path under the root>, checked before anything is
 * written (the root, an input inside DIR, a DIR that cannot be written, -shard:
 * errors naming it); false after one. */
bool mt_tree_plan(const mt_options *o, mt_plan *pl);
/* The copies' directories, made before the copies are written. */
bool mt_tree_make_dirs(const mt_plan *pl);
/* What the tree holds beside the copies: the headers, and the database. */
bool mt_tree_finish(const mt_plan *pl);

#endif
