#include "loop_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "mem.h"
#include "strbuf.h"

lm_program *lm_program_create(void)
{
    lm_program *p = mem_alloc(sizeof *p);
    p->arena = arena_create();
    return p;
}

void lm_program_free(lm_program **pp)
{
    if (!pp || !*pp)
        return;
    arena_free(&(*pp)->arena);
    free(*pp);
    *pp = NULL;
}

lm_file *lm_file_create(lm_program *p, const char *path)
{
    lm_file *f = arena_alloc(p->arena, sizeof *f);
    f->path = arena_strdup(p->arena, path);
    return f;
}

void lm_program_append_file(lm_program *p, lm_file *f)
{
    LM_APPEND(p->files, p->last_file, f);
}

void lm_program_absorb(lm_program *into, lm_program **from)
{
    if (!from || !*from)
        return;
    lm_program *src = *from;
    for (lm_file *f = src->files; f; f = f->next)
        for (lm_function *fn = f->functions; fn; fn = fn->next)
            for (lm_loop *l = fn->loops; l; l = lm_loop_next_preorder(l))
                l->index += into->nloops;
    if (src->files) {
        if (into->last_file)
            into->last_file->next = src->files;
        else
            into->files = src->files;
        into->last_file = src->last_file;
    }
    into->nloops += src->nloops;
    arena_adopt(into->arena, &src->arena);
    free(src);
    *from = NULL;
}

lm_function *lm_file_add_function(lm_program *p, lm_file *f, const char *name, lm_location loc)
{
    lm_function *fn = arena_alloc(p->arena, sizeof *fn);
    fn->name = arena_strdup(p->arena, name);
    fn->loc = loc;
    fn->loc.file = arena_strdup(p->arena, loc.file);
    LM_APPEND(f->functions, f->last_function, fn);
    return fn;
}

lm_loop *lm_function_add_loop(lm_program *p, lm_function *fn, lm_loop *parent,
                              lm_loop_kind kind, lm_location loc)
{
    lm_loop *l = arena_alloc(p->arena, sizeof *l);
    l->index = p->nloops++;
    l->kind = kind;
    l->loc = loc;
    l->loc.file = arena_strdup(p->arena, loc.file);
    l->function = fn;
    l->parent = parent;
    l->depth = parent ? parent->depth + 1 : 1;
    l->ai = -1.0;
    l->complete = true;
    l->probability = 1.0;
    lm_loop **first = parent ? &parent->children : &fn->loops;
    lm_loop **last = parent ? &parent->last_child : &fn->last_loop;
    LM_APPEND(*first, *last, l);
    return l;
}

static lm_array_use *lm_find_array(lm_array_use *list, const char *key)
{
    for (; list; list = list->next)
        if (strcmp(list->key, key) == 0)
            return list;
    return NULL;
}

static lm_array_use *lm_append_array(lm_program *p, lm_array_use **list, const lm_array_use *src)
{
    lm_array_use *a = arena_alloc(p->arena, sizeof *a);
    *a = *src;
    a->next = NULL;
    while (*list)
        list = &(*list)->next;
    *list = a;
    return a;
}

unsigned long lm_first_seq(unsigned long a, unsigned long b)
{
    if (!a)
        return b;
    if (!b)
        return a;
    return a < b ? a : b;
}

void lm_arrays_note(lm_program *p, lm_array_use **list, const char *key, const char *name,
                    const char *elem_type, unsigned long elem_size,
                    bool read, bool write, unsigned long seq)
{
    lm_array_use *a = lm_find_array(*list, key);
    if (!a) {
        lm_array_use fresh = {
            .key = arena_strdup(p->arena, key),
            .name = arena_strdup(p->arena, name),
            .elem_type = arena_strdup(p->arena, elem_type),
            .elem_size = elem_size,
        };
        a = lm_append_array(p, list, &fresh);
    }
    if (read)
        a->first_read = lm_first_seq(a->first_read, seq);
    if (write)
        a->first_write = lm_first_seq(a->first_write, seq);
}

void lm_loop_note_unknown_call(lm_program *p, lm_loop *loop, const char *name)
{
    for (size_t i = 0; i < loop->nunknown_calls; i++)
        if (!strcmp(loop->unknown_calls[i], name))
            return;
    const char **v = arena_alloc(p->arena, (loop->nunknown_calls + 1) * sizeof *v);
    if (loop->nunknown_calls)
        memcpy(v, loop->unknown_calls, loop->nunknown_calls * sizeof *v);
    v[loop->nunknown_calls++] = arena_strdup(p->arena, name);
    loop->unknown_calls = v;
    loop->complete = false;
}

static void lm_merge_arrays(lm_program *p, lm_array_use **into, const lm_array_use *from)
{
    for (; from; from = from->next) {
        lm_array_use *a = lm_find_array(*into, from->key);
        if (!a) {
            lm_append_array(p, into, from);
            continue;
        }
        a->first_read = lm_first_seq(a->first_read, from->first_read);
        a->first_write = lm_first_seq(a->first_write, from->first_write);
    }
}

unsigned long lm_fp_total(const lm_fp_counts *c)
{
    return c->n[LM_FP_PLUS] + c->n[LM_FP_MINUS] + c->n[LM_FP_MULTIPLY] + c->n[LM_FP_DIVIDE];
}

void lm_fp_add(lm_fp_counts *dst, const lm_fp_counts *src)
{
    for (int i = 0; i < LM_FP_NCLASSES; i++)
        dst->n[i] += src->n[i];
}

const char *lm_fp_class_name(lm_fp_class c)
{
    static const char *const names[LM_FP_NCLASSES] = {
        [LM_FP_PLUS] = "fp_plus",         [LM_FP_MINUS] = "fp_minus",
        [LM_FP_MULTIPLY] = "fp_multiply", [LM_FP_DIVIDE] = "fp_divide",
        [LM_FP_SPECIAL] = "fp_special",
    };
    return (unsigned)c < LM_FP_NCLASSES ? names[c] : "fp_unknown";
}

const char *lm_loop_kind_name(lm_loop_kind k)
{
    switch (k) {
    case LM_LOOP_FOR:
        return "for";
    case LM_LOOP_WHILE:
        return "while";
    case LM_LOOP_DO:
        return "do";
    }
    return "for";
}

double lm_intensity(unsigned long fp_total, unsigned long bytes)
{
    if (bytes == 0)
        return fp_total ? 9999.9 : 0.0;
    return (double)fp_total / (double)bytes;
}

typedef struct lm_type_group {
    const char *type;
    unsigned long size, count;
} lm_type_group;

static unsigned long lm_use_seq(const lm_array_use *a, bool stores)
{
    return stores ? a->first_write : a->first_read;
}

/* Types are ordered by the first access of any array of that type. */
unsigned long lm_arrays_byte_count(const lm_array_use *arrays, bool stores)
{
    unsigned long bytes = 0;
    for (const lm_array_use *a = arrays; a; a = a->next)
        if (lm_use_seq(a, stores))
            bytes += a->elem_size;
    return bytes;
}

lm_bytes lm_arrays_bytes(lm_program *p, const lm_array_use *arrays, bool stores)
{
    size_t n = 0;
    for (const lm_array_use *a = arrays; a; a = a->next)
        n++;
    lm_type_group *groups = mem_alloc((n ? n : 1) * sizeof *groups);
    unsigned long *first = mem_alloc((n ? n : 1) * sizeof *first);
    size_t ngroups = 0;
    for (const lm_array_use *a = arrays; a; a = a->next) {
        unsigned long seq = lm_use_seq(a, stores);
        if (!seq)
            continue;
        size_t g = 0;
        while (g < ngroups && strcmp(groups[g].type, a->elem_type) != 0)
            g++;
        if (g == ngroups) {
            groups[g] = (lm_type_group){a->elem_type, a->elem_size, 0};
            first[g] = seq;
            ngroups++;
        }
        groups[g].count++;
        if (seq < first[g])
            first[g] = seq;
    }
    /* Insertion sort by first appearance: there are only a few types. */
    for (size_t i = 1; i < ngroups; i++) {
        for (size_t j = i; j > 0 && first[j] < first[j - 1]; j--) {
            lm_type_group tg = groups[j];
            groups[j] = groups[j - 1];
            groups[j - 1] = tg;
            unsigned long ts = first[j];
            first[j] = first[j - 1];
            first[j - 1] = ts;
        }
    }
    lm_bytes result = {NULL, 0};
    strbuf sb = STRBUF_INIT;
    for (size_t g = 0; g < ngroups; g++) {
        strbuf_printf(&sb, "%s%lu * sizeof(%s )", g ? " + " : "", groups[g].count, groups[g].type);
        result.bytes += groups[g].count * groups[g].size;
    }
    if (ngroups)
        result.formula = arena_strdup(p->arena, strbuf_cstr(&sb));
    strbuf_release(&sb);
    free(groups);
    free(first);
    return result;
}

static void lm_sum_loop(lm_program *p, lm_loop *l)
{
    l->inclusive = l->own;
    l->arrays = NULL;
    lm_merge_arrays(p, &l->arrays, l->own_arrays);
    for (lm_loop *c = l->children; c; c = c->next) {
        lm_sum_loop(p, c);
        lm_fp_add(&l->inclusive, &c->inclusive);
        lm_merge_arrays(p, &l->arrays, c->arrays);
        for (size_t i = 0; i < c->nunknown_calls; i++)
            lm_loop_note_unknown_call(p, l, c->unknown_calls[i]);
    }
}

static void lm_finish_loop(lm_program *p, lm_loop *l)
{
    l->loads = lm_arrays_bytes(p, l->arrays, false);
    l->stores = lm_arrays_bytes(p, l->arrays, true);
    l->ai = lm_intensity(lm_fp_total(&l->inclusive), l->loads.bytes + l->stores.bytes);
}

void lm_program_finish(lm_program *p)
{
    for (lm_file *f = p->files; f; f = f->next) {
        for (lm_function *fn = f->functions; fn; fn = fn->next) {
            if (!fn->inclusive_given) {
                fn->inclusive = fn->own;
                for (lm_loop *l = fn->loops; l; l = l->next) {
                    lm_sum_loop(p, l);
                    lm_fp_add(&fn->inclusive, &l->inclusive);
                }
            }
            for (lm_loop *l = fn->loops; l && !fn->uncounted; l = lm_loop_next_preorder(l))
                lm_finish_loop(p, l);
        }
    }
    lm_program_link_calls(p);
}

lm_loop *lm_loop_next_preorder(const lm_loop *l)
{
    if (l->children)
        return l->children;
    for (; l; l = l->parent)
        if (l->next)
            return l->next;
    return NULL;
}

void lm_loop_count_name(const lm_loop *l, char *buf, size_t size)
{
    const char *fn = l->function ? l->function->name : "loop";
    bool shared = false;
    for (const lm_loop *o = l->function ? l->function->loops : NULL; o && !shared;
         o = lm_loop_next_preorder(o))
        shared = o != l && o->loc.line == l->loc.line && !strcmp(o->loc.file, l->loc.file);
    if (shared)
        snprintf(buf, size, "%s_L%uc%u", fn, l->loc.line, l->loc.column);
    else
        snprintf(buf, size, "%s_L%u", fn, l->loc.line);
}

bool lm_check_depth(const lm_program *p, unsigned max, const char *format, const char *why)
{
    bool ok = true;
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            for (const lm_loop *l = fn->loops; l; l = lm_loop_next_preorder(l)) {
                if (l->depth != max + 1)
                    continue;
                diag_at(DIAG_ERROR, l->loc.file, l->loc.line, l->loc.column,
                        "loop nested %u deep: %s holds loops nested at most %u deep (%s)",
                        l->depth, format, max, why);
                ok = false;
            }
    return ok;
}

const char *lm_clause_name(int clause)
{
    return clause == LM_CLAUSE_TOTAL ? "fp_total" : lm_fp_class_name((lm_fp_class)clause);
}

unsigned long lm_clause_count(const lm_fp_counts *c, int clause)
{
    return clause == LM_CLAUSE_TOTAL ? lm_fp_total(c) : c->n[clause];
}

lm_check *lm_file_add_check(lm_program *p, lm_file *f, const lm_pragma *pr)
{
    lm_check *c = arena_alloc(p->arena, sizeof *c);
    memset(c, 0, sizeof *c);
    c->pragma = *pr;
    c->pragma.loc.file = arena_strdup(p->arena, pr->loc.file);
    LM_APPEND(f->checks, f->last_check, c);
    return c;
}

static unsigned lm_verify_one(const lm_pragma *pr, const lm_fp_counts *counts, const char *what,
                              bool report_matches)
{
    unsigned mismatches = 0;
    for (int k = 0; k < LM_NCLAUSES; k++) {
        if (!pr->present[k])
            continue;
        unsigned long have = lm_clause_count(counts, k);
        if (have != pr->expected[k]) {
            diag_at(DIAG_ERROR, pr->loc.file, pr->loc.line, pr->loc.column,
                    "aitool pragma: %s is %lu, the %s has %lu", lm_clause_name(k), pr->expected[k],
                    what, have);
            mismatches++;
        } else if (report_matches) {
            diag_at(DIAG_NOTE, pr->loc.file, pr->loc.line, pr->loc.column,
                    "aitool pragma: %s(%lu) matches the %s", lm_clause_name(k), have, what);
        }
    }
    return mismatches;
}

bool lm_check_matches(const lm_check *c)
{
    for (int k = 0; c->what && k < LM_NCLAUSES; k++)
        if (c->pragma.present[k] && lm_clause_count(&c->counts, k) != c->pragma.expected[k])
            return false;
    return c->what != NULL;
}

unsigned lm_verify_pragmas(const lm_program *p, bool report_matches)
{
    unsigned mismatches = 0;
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_check *c = f->checks; c; c = c->next)
            if (c->what)
                mismatches += lm_verify_one(&c->pragma, &c->counts, c->what, report_matches);
    return mismatches;
}
