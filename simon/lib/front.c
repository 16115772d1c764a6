#include "front.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem.h"
#define SIMON_NO_SEED_NAMES
#include "simon.h"

const char *const front_call_names[] = {"get", "waitf", "size", "qlength", "overfl"};

_Noreturn void front_misuse(const char *func, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    front_engine_misuse(func, line);
}

void front_check_mktask(const char *name, void (*code)(void *), int id, bool taken,
                        const void *parm, size_t len)
{
    if (!name || !code)
        front_misuse("mktask", "the name and the code must not be NULL");
    if (id <= 0)
        front_misuse("mktask", "task id %d is not positive", id);
    if (taken)
        front_misuse("mktask", "task id %d already exists", id);
    if ((len == 0) != (parm == NULL))
        front_misuse("mktask", "parm must be NULL exactly when its length is 0");
}

void front_check_fifo_name(const char *func, const char *name)
{
    if (!name || !*name)
        front_misuse(func, "the fifo name is empty");
}

void front_check_maxlen(int maxlen)
{
    if (maxlen < 0)
        front_misuse("import", "maximum length %d is negative", maxlen);
}

/* A global area's contents before any task ran. */
typedef struct front_area {
    void *glob;
    size_t len;
    unsigned char *bytes;
} front_area;

static struct {
    front_area *all;
    size_t n;
} front_areas;

static front_area *front_area_of(const void *glob)
{
    for (size_t i = 0; i < front_areas.n; i++)
        if (front_areas.all[i].glob == glob)
            return &front_areas.all[i];
    return NULL;
}

void front_area_init(void *glob, size_t len)
{
    if (!glob || !len)
        front_misuse("init", "the global area is empty");
    front_area *a = front_area_of(glob);
    if (a && a->len != len)
        front_misuse("init", "the area at this address was %zu bytes, not %zu", a->len, len);
    if (a) {
        memcpy(glob, a->bytes, len);
        return;
    }
    front_areas.all = mem_realloc(front_areas.all, (front_areas.n + 1) * sizeof *a);
    a = &front_areas.all[front_areas.n++];
    *a = (front_area){glob, len, mem_alloc(len)};
    memcpy(a->bytes, glob, len);
}

void front_fifo_grow(front_fifo *f)
{
    size_t cap = f->cap ? 2 * f->cap : 4;
    void **ring = mem_alloc(cap * sizeof *ring);
    for (size_t i = 0; i < f->count; i++)
        ring[i] = f->ring[(f->head + i) % f->cap];
    free(f->ring);
    f->ring = ring;
    f->cap = cap;
    f->head = 0;
}

static uint64_t front_name_hash(const char *s)
{
    uint64_t h = 1469598103934665603u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

static const char *front_name_of(const front_names *t, const void *record)
{
    return (const char *)record + t->offset;
}

static void **front_name_slot(const front_names *t, void **slots, size_t nslots,
                              const char *name)
{
    size_t i = front_name_hash(name) & (nslots - 1);
    while (slots[i] && strcmp(front_name_of(t, slots[i]), name) != 0)
        i = (i + 1) & (nslots - 1);
    return &slots[i];
}

void *front_name_find(const front_names *t, const char *name)
{
    return t->nslots ? *front_name_slot(t, t->slots, t->nslots, name) : NULL;
}

static void front_names_grow(front_names *t)
{
    size_t n = t->nslots ? 2 * t->nslots : 64;
    void **slots = mem_alloc(n * sizeof *slots);
    for (size_t i = 0; i < t->nslots; i++)
        if (t->slots[i])
            *front_name_slot(t, slots, n, front_name_of(t, t->slots[i])) = t->slots[i];
    free(t->slots);
    t->slots = slots;
    t->nslots = n;
}

void *front_name_add(front_names *t, const char *name)
{
    if (2 * (t->n + 1) > t->nslots)
        front_names_grow(t);
    size_t len = strlen(name) + 1;
    char *record = mem_alloc(t->size + len);
    memcpy(record + t->offset, name, len);
    *front_name_slot(t, t->slots, t->nslots, name) = record;
    t->n++;
    return record;
}

void front_task_view(simon_task_view *v, int id, const char *name, bool done, bool deadlocked,
                     int64_t finish_ns, const front_counts *c)
{
    *v = (simon_task_view){
        .id = id,
        .name = name,
        .state = done ? "done" : deadlocked ? "blocked" : "starved",
        .finish_ns = finish_ns,
        .run_ns = c->run_ns,
        .wait_ns = c->wait_ns,
        .sent = c->sent,
        .sent_bytes = c->sent_bytes,
        .recv = c->recv,
        .recv_bytes = c->recv_bytes,
    };
}

void front_deadlock_lines(FILE *err, int64_t at, size_t n, front_waiter_fn *view)
{
    strbuf fifos = STRBUF_INIT;
    fflush(stdout);
    fprintf(err, "simon: deadlock at %lld ns\n", (long long)at);
    for (int starved = 0; starved < 2; starved++) {
        for (size_t i = 0; i < n; i++) {
            front_waiter w;
            fifos.len = 0;
            view(i, &w, &fifos);
            if (!w.blocked || w.deadlocked == starved)
                continue;
            fprintf(err, "simon: task %d \"%s\" %s in %s on%s%s", w.id, w.name,
                    starved ? "starved" : "blocked", front_call_names[w.call],
                    fifos.len ? fifos.s : "",
                    starved ? " (every other exporter has ended)\n" : "\n");
        }
    }
    strbuf_release(&fifos);
}

int front_circuit_order(const void *a, const void *b)
{
    const simon_circuit_view *x = a, *y = b;
    int c = strcmp(x->fifo, y->fifo);
    if (c)
        return c;
    if (x->src != y->src)
        return (x->src > y->src) - (x->src < y->src);
    return (x->dst > y->dst) - (x->dst < y->dst);
}

const char *front_array_name(strbuf *b, const char *base, int i)
{
    b->len = 0;
    strbuf_printf(b, "%s[%d]", base ? base : "", i);
    return b->s;
}

void simon_exparr(const char *base, int n)
{
    strbuf b = STRBUF_INIT;
    for (int i = 0; i < n; i++)
        simon_export(front_array_name(&b, base, i));
    strbuf_release(&b);
}

void simon_imparr(const char *base, int n, int maxlen)
{
    strbuf b = STRBUF_INIT;
    for (int i = 0; i < n; i++)
        simon_import(front_array_name(&b, base, i), maxlen);
    strbuf_release(&b);
}
