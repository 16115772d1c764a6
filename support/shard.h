/* shard: one slice of a run's translation units (-shard K/N), the line a
 * slice's reports carry about it, and the checks that the slices given to a
 * merge (-merge, -merge-xml) make up exactly one whole run.
 *
 * A run of T units cut into N slices gives slice K the units
 * [(K-1)*T/N, K*T/N), so the slices in order are the units in order.  The
 * line reads
 *     measuretool 0.1.0, slice 2/4, 203 files, database 0123456789abcdef
 * the tool and its version, the slice, the units of the whole run and a
 * hash (shard_hash_*) of their paths and arguments in order and of the
 * options that change the counts, so slices of different tools, runs or
 * databases are told apart.  Plain values; nothing to free.  Used by
 * measuretool (-shard, -merge), the JSON report and its merge, and the
 * XML reader (-merge-xml). */
#ifndef AITOOL_SHARD_H
#define AITOOL_SHARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "strbuf.h"

enum { SHARD_TOOL_MAX = 64 };

typedef struct shard_info {
    char tool[SHARD_TOOL_MAX]; /* "measuretool 0.1.0" */
    unsigned slice, slices;    /* slice is 1-based */
    unsigned long files;       /* the units of the whole run */
    uint64_t database;         /* shard_hash of the units and the run's options */
} shard_info;

/* "K/N" with 1 <= K <= N <= SHARD_MAX_SLICES; false for anything else. */
enum { SHARD_MAX_SLICES = 1000000 };
bool shard_parse_spec(const char *spec, unsigned *slice, unsigned *slices);

/* The units [*lo, *hi) of slice `slice` (1-based) of `slices`. */
void shard_range(size_t total, unsigned slice, unsigned slices, size_t *lo, size_t *hi);

/* FNV-1a, 64 bits: start with SHARD_HASH_INIT, add each string (its NUL too). */
#define SHARD_HASH_INIT 14695981039346656037ull
uint64_t shard_hash_add(uint64_t h, const char *s);

/* The line, appended to out; and back (false when it is not one). */
void shard_format(strbuf *out, const shard_info *s);
bool shard_parse_text(const char *text, shard_info *s);

/* True when the n slices (names[i] read from s[i]) are of one tool, one
 * run, each slice once and none missing; otherwise false after an error
 * through diag naming the inputs at fault. */
bool shard_check_whole(const shard_info *s, const char *const *names, size_t n);

#endif
