#include "tally.h"

#include <stdlib.h>
#include <string.h>

#include "loop_model.h"
#include "mem.h"

void tally_reset(tally *t)
{
    memset(&t->own, 0, sizeof t->own);
    memset(&t->incl, 0, sizeof t->incl);
    t->own_uses.n = t->incl_uses.n = 0;
    t->unknown.n = 0;
    t->loop = NULL;
    t->check = NULL;
}

void tally_release(tally *t)
{
    free(t->own_uses.v);
    free(t->incl_uses.v);
    free(t->unknown.v);
    memset(t, 0, sizeof *t);
}

void tally_count(tally *t, lm_fp_class c, unsigned long n)
{
    t->own.n[c] += n;
    t->incl.n[c] += n;
}

void tally_count_all(tally *t, const lm_fp_counts *c)
{
    lm_fp_add(&t->own, c);
    lm_fp_add(&t->incl, c);
}

static void use_list_note(use_list *l, const use *u, bool read, bool write, unsigned long seq)
{
    use *e = NULL;
    for (size_t i = 0; i < l->n; i++) {
        if (l->v[i].key == u->key) {
            e = &l->v[i];
            break;
        }
    }
    if (!e) {
        if (l->n == l->cap) {
            l->cap = l->cap ? l->cap * 2 : 8;
            l->v = mem_realloc(l->v, l->cap * sizeof *l->v);
        }
        e = &l->v[l->n++];
        *e = *u;
        e->first_read = e->first_write = 0;
    }
    if (read)
        e->first_read = lm_first_seq(e->first_read, seq);
    if (write)
        e->first_write = lm_first_seq(e->first_write, seq);
}

void tally_note(tally *t, const use *u, bool read, bool write, unsigned long seq)
{
    use_list_note(&t->own_uses, u, read, write, seq);
    use_list_note(&t->incl_uses, u, read, write, seq);
}

static void name_set_add(name_set *s, const char *name)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->v[i] == name)
            return;
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 4;
        s->v = mem_realloc(s->v, s->cap * sizeof *s->v);
    }
    s->v[s->n++] = name;
}

void tally_unknown(tally *t, const char *name)
{
    name_set_add(&t->unknown, name);
}

static void use_list_merge(use_list *dst, const use_list *src)
{
    for (size_t i = 0; i < src->n; i++) {
        const use *u = &src->v[i];
        if (u->first_read)
            use_list_note(dst, u, true, false, u->first_read);
        if (u->first_write)
            use_list_note(dst, u, false, true, u->first_write);
    }
}

static void name_set_merge(name_set *dst, const name_set *src)
{
    for (size_t i = 0; i < src->n; i++)
        name_set_add(dst, src->v[i]);
}

void tally_absorb_body(tally *dst, const tally *body)
{
    lm_fp_add(&dst->incl, &body->incl);
    use_list_merge(&dst->incl_uses, &body->incl_uses);
    name_set_merge(&dst->unknown, &body->unknown);
}

void tally_absorb_all(tally *dst, const tally *src)
{
    lm_fp_add(&dst->own, &src->own);
    use_list_merge(&dst->own_uses, &src->own_uses);
    tally_absorb_body(dst, src);
}

unsigned long use_list_bytes(const use_list *l, bool writes)
{
    unsigned long bytes = 0;
    for (size_t i = 0; i < l->n; i++)
        if (writes ? l->v[i].first_write : l->v[i].first_read)
            bytes += l->v[i].elem_size;
    return bytes;
}

/* Replace the reads (writes) of dst by those of src. */
static void use_list_take(use_list *dst, const use_list *src, bool writes)
{
    for (size_t i = 0; i < dst->n; i++) {
        if (writes)
            dst->v[i].first_write = 0;
        else
            dst->v[i].first_read = 0;
    }
    for (size_t i = 0; i < src->n; i++) {
        unsigned long seq = writes ? src->v[i].first_write : src->v[i].first_read;
        if (seq)
            use_list_note(dst, &src->v[i], !writes, writes, seq);
    }
}

static bool fp_larger(const lm_fp_counts *a, const lm_fp_counts *b)
{
    unsigned long ta = lm_fp_total(a), tb = lm_fp_total(b);
    if (ta != tb)
        return ta > tb;
    return a->n[LM_FP_SPECIAL] > b->n[LM_FP_SPECIAL];
}

void tally_max_into(tally *best, const tally *arm)
{
    if (fp_larger(&arm->incl, &best->incl)) {
        best->own = arm->own;
        best->incl = arm->incl;
    }
    for (int writes = 0; writes <= 1; writes++) {
        if (use_list_bytes(&arm->incl_uses, writes) > use_list_bytes(&best->incl_uses, writes)) {
            use_list_take(&best->own_uses, &arm->own_uses, writes);
            use_list_take(&best->incl_uses, &arm->incl_uses, writes);
        }
    }
    name_set_merge(&best->unknown, &arm->unknown);
}
