/* tally: what one stretch of code does per execution (the analyzer's own;
 * its unit tests read it too): FP operations and array uses, both for its
 * own level (outside nested loop bodies) and inclusive, and the called functions whose effects
 * are unknown.  The walker keeps a stack of tallies (the function body, each
 * loop body, each arm of a conditional) and folds each into the one below it
 * when it ends.  Strings in a tally are interned by the walker, so equal keys
 * are equal pointers.  A tally owns its vectors: tally_reset() keeps their
 * memory for reuse, tally_release() frees it. */
#ifndef AITOOL_TALLY_H
#define AITOOL_TALLY_H

#include <stdbool.h>
#include <stddef.h>

#include "loop_model.h"

typedef struct use {
    const char *key;       /* interned: one key, one array */
    const char *name;      /* as written */
    const char *elem_type; /* as in sizeof(...) */
    unsigned long elem_size;
    unsigned long first_read, first_write; /* source order; 0 = never */
    /* Function summaries: the array was reached through this parameter
     * (-1: a global), with `suffix` the member path after it ("->u"). */
    int param;
    const char *suffix;
} use;

typedef struct use_list {
    use *v;
    size_t n, cap;
} use_list;

typedef struct name_set {
    const char **v; /* interned */
    size_t n, cap;
} name_set;

typedef struct tally {
    lm_fp_counts own, incl;
    use_list own_uses, incl_uses;
    name_set unknown; /* inclusive */
    lm_loop *loop;    /* a loop body of a reported function: the loop it fills */
    lm_check *check;  /* a loop body or a statement under a pragma: its counts go there */
} tally;

void tally_reset(tally *t);
void tally_release(tally *t);

void tally_count(tally *t, lm_fp_class c, unsigned long n);
void tally_count_all(tally *t, const lm_fp_counts *c);
/* Note a read and/or write of u's array (u's own flags are ignored). */
void tally_note(tally *t, const use *u, bool read, bool write, unsigned long seq);
void tally_unknown(tally *t, const char *name);

/* A finished loop body into the level that contains it: inclusive parts only. */
void tally_absorb_body(tally *dst, const tally *body);
/* A finished conditional (its largest arms) into the level it is in. */
void tally_absorb_all(tally *dst, const tally *src);
/* One arm into the running maximum of a conditional's arms: FP counts from
 * the arm with the larger fp_total (then fp_special), loads from the arm
 * reading more bytes, stores from the arm writing more; unknown calls of
 * every arm are kept. */
void tally_max_into(tally *best, const tally *arm);

/* Bytes read (writes: written) by the arrays of a list. */
unsigned long use_list_bytes(const use_list *l, bool writes);

#endif
