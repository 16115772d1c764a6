#include "core.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fiber.h"
#include "front.h"
#include "mem.h"
#define SIMON_NO_SEED_NAMES
#include "simon.h"
#include "strbuf.h"
#include "sw.h"
#include "trace.h"

typedef struct core_task core_task;

/* A hash table from a pair of keys to two values, open addressing with
 * linear probing, at most half full: the tasks by id and the circuits'
 * counts, so no event searches a list.  k1 == 0 marks an empty entry. */
typedef union core_val {
    void *p;
    int64_t n;
} core_val;

typedef struct core_entry {
    uint64_t k1, k2;
    core_val v[2];
} core_entry;

typedef struct core_table {
    core_entry *e;
    size_t cap, count;
} core_table;

/* A set of pointers, the same way: a task's exports, which a burst of puts
 * finds in the task's own small table (one big table would miss the cache
 * at every put of an all-to-all). */
typedef struct core_set {
    const void **slots;
    size_t cap, count;
} core_set;

/* One task's import fifo: a ring of messages. */
typedef struct core_import {
    struct core_name *name;
    core_task *task;
    front_fifo q; /* of simon_msg */
    bool waited; /* its task's current call waits on it (no scan per arrival) */
} core_import;

typedef struct core_name {
    core_task **exporters;
    size_t nexp, capexp;
    core_import **importers; /* ascending task id */
    int *importer_ids;       /* theirs, searched without touching each import */
    size_t nimp, capimp;
    char name[]; /* in the same block: one cache miss less per lookup */
} core_name;

/* NEW until its inittask event; WAITING for its get event; BLOCKED until an
 * arrival on a fifo it waits on. */
typedef enum task_state {
    TASK_NEW,
    TASK_RUNNING,
    TASK_WAITING,
    TASK_BLOCKED,
    TASK_DONE,
} task_state;


struct core_task {
    int id;
    char *name;
    void (*code)(void *parm);
    void *parm;
    fiber *fib;
    task_state state;
    bool suspended;   /* once: no more fifo creation */
    bool deadlocked;
    int64_t clock;
    front_counts counts;
    front_call call;   /* while waiting or blocked */
    core_import **wait;
    size_t nwait, capwait;
    void *glob;       /* init(): the shared area and this task's image of it */
    size_t glob_len;
    unsigned char *image;
    bool has_init;
    strbuf cnv;       /* cnvarr's buffer */
    core_set exports;
    core_import *last_in; /* the fifo of the last get, size, ... */
    core_name *last_out;  /* and of the last put */
};

typedef enum ev_class { EV_INITTASK, EV_SEND, EV_SWITCH, EV_ARRIVE, EV_GET } ev_class;
#define EV_CLASSES (EV_GET + 1)

typedef struct event {
    int64_t time;
    uint64_t seq;
    ev_class cls;
    int arg;    /* arrive: destination id; send: 1 for puts */
    void *ptr;  /* task, message or the model's event */
    void *src;  /* send: the sending task */
} event;

/* A global area's contents before any task ran, so every task that calls
 * init() on it starts from the same values. */
static struct {
    core_task **tasks; /* mktask order */
    size_t ntasks, captasks;
    core_task boot;
    core_task *current;
    bool booting;
    front_names names; /* of core_name */
    event *heap;          /* events later than now */
    size_t nheap, capheap;
    int64_t now;          /* the time of the last event taken */
    struct ev_fifo {      /* per class, events at now, in sequence order */
        event *ring;
        size_t head, count, cap;
    } fifo[EV_CLASSES];
    size_t pending;       /* in the heap and the fifos */
    uint64_t seq, events;
    uint64_t msg_ids; /* messages given an id */
    const sw_model *model;
    void *sw;
    size_t stack_bytes;
    simon_limits limits;
    long live_msgs, nimports, nexports;
    arena *strings; /* cnvarrsv */
    core_table ids;      /* id -> task */
    core_table circuits; /* (import, source id) -> msgs, bytes */
    bool count_circuits; /* -t */
    int *dsts;           /* a send's destinations */
    size_t capdsts;
    simon_trace *trace;  /* -trace, else NULL */
} core = {.names = {.size = sizeof(core_name), .offset = offsetof(core_name, name)}};

#define GROW(ptr, n, cap)                                                  \
    do {                                                                   \
        if ((n) == (cap)) {                                                \
            (cap) = (cap) ? 2 * (cap) : 8;                                 \
            (ptr) = mem_realloc((ptr), (cap) * sizeof *(ptr));             \
        }                                                                  \
    } while (0)

_Noreturn void front_engine_misuse(const char *func, const char *line)
{
    core_task *t = core.current ? core.current : &core.boot;
    fflush(stdout);
    diag_tool(DIAG_ERROR, "task %d \"%s\": %s: %s", t->id, t->name, func, line);
    exit(1);
}

/* ---- hash tables ---- */

/* splitmix64's finalizer: every key bit reaches the low bits kept */
static uint64_t mix64(uint64_t h)
{
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9u;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebu;
    return h ^ (h >> 31);
}

static size_t table_index(const core_table *t, uint64_t k1, uint64_t k2)
{
    return (size_t)(mix64(k1 ^ (k2 * 0x9e3779b97f4a7c15u)) & (t->cap - 1));
}

/* The entry of (k1, k2) or, if there is none, the empty one it would take. */
static core_entry *table_slot(const core_table *t, uint64_t k1, uint64_t k2)
{
    size_t i = table_index(t, k1, k2);
    while (t->e[i].k1 && (t->e[i].k1 != k1 || t->e[i].k2 != k2))
        i = (i + 1) & (t->cap - 1);
    return &t->e[i];
}

static core_entry *table_find(const core_table *t, uint64_t k1, uint64_t k2)
{
    if (!t->cap)
        return NULL;
    core_entry *e = table_slot(t, k1, k2);
    return e->k1 ? e : NULL;
}

/* The entry of (k1, k2), k1 nonzero, created with zero values if new. */
static core_entry *table_add(core_table *t, uint64_t k1, uint64_t k2)
{
    if (2 * (t->count + 1) > t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 64;
        core_table grown = {mem_alloc(cap * sizeof *t->e), cap, t->count}; /* zeroed: empty */
        for (size_t i = 0; i < t->cap; i++)
            if (t->e[i].k1)
                *table_slot(&grown, t->e[i].k1, t->e[i].k2) = t->e[i];
        free(t->e);
        *t = grown;
    }
    core_entry *e = table_slot(t, k1, k2);
    if (!e->k1) {
        *e = (core_entry){k1, k2, {{NULL}, {NULL}}};
        t->count++;
    }
    return e;
}

static size_t set_index(const core_set *set, const void *p)
{
    return (size_t)(mix64((uint64_t)(uintptr_t)p) & (set->cap - 1));
}

static const void **set_slot(const core_set *set, const void *p)
{
    size_t i = set_index(set, p);
    while (set->slots[i] && set->slots[i] != p)
        i = (i + 1) & (set->cap - 1);
    return &set->slots[i];
}

static bool set_has(const core_set *set, const void *p)
{
    return set->cap && *set_slot(set, p);
}

/* False when p was there already. */
static bool set_add(core_set *set, const void *p)
{
    if (2 * (set->count + 1) > set->cap) {
        core_set grown = {NULL, set->cap ? 2 * set->cap : 8, set->count};
        grown.slots = mem_alloc(grown.cap * sizeof *grown.slots); /* zeroed: empty */
        for (size_t i = 0; i < set->cap; i++)
            if (set->slots[i])
                *set_slot(&grown, set->slots[i]) = set->slots[i];
        free(set->slots);
        *set = grown;
    }
    const void **slot = set_slot(set, p);
    if (*slot)
        return false;
    *slot = p;
    set->count++;
    return true;
}

/* ---- the event queue: a binary heap, and a fifo per class for the events
 * at the current time (most of them: a send, an arrival on the null switch,
 * a get), which need no heap traffic: within one (time, class) the sequence
 * is the order of insertion.  The next event is the least of the heap's top
 * and the fifos' heads, so the order is the one a heap alone would give. ---- */

static bool ev_before(const event *a, const event *b)
{
    if (a->time != b->time)
        return a->time < b->time;
    if (a->cls != b->cls)
        return a->cls < b->cls;
    return a->seq < b->seq;
}

static void ev_fifo_push(struct ev_fifo *q, const event *e)
{
    if (q->count == q->cap) {
        size_t cap = q->cap ? 2 * q->cap : 64;
        event *ring = mem_alloc(cap * sizeof *ring);
        for (size_t i = 0; i < q->count; i++)
            ring[i] = q->ring[(q->head + i) & (q->cap - 1)];
        free(q->ring);
        q->ring = ring;
        q->cap = cap;
        q->head = 0;
    }
    q->ring[(q->head + q->count++) & (q->cap - 1)] = *e;
}

static void ev_push(int64_t time, ev_class cls, int arg, void *ptr, void *src)
{
    event e = {time, core.seq++, cls, arg, ptr, src};
    core.pending++;
    if (time == core.now) {
        ev_fifo_push(&core.fifo[cls], &e);
        return;
    }
    GROW(core.heap, core.nheap, core.capheap);
    size_t i = core.nheap++;
    while (i > 0 && ev_before(&e, &core.heap[(i - 1) / 2])) {
        core.heap[i] = core.heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    core.heap[i] = e;
}

static event ev_heap_pop(void)
{
    event top = core.heap[0];
    event last = core.heap[--core.nheap];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= core.nheap)
            break;
        if (c + 1 < core.nheap && ev_before(&core.heap[c + 1], &core.heap[c]))
            c++;
        if (!ev_before(&core.heap[c], &last))
            break;
        core.heap[i] = core.heap[c];
        i = c;
    }
    if (core.nheap)
        core.heap[i] = last;
    return top;
}

/* The next event; there is one. */
static event ev_pop(void)
{
    struct ev_fifo *best = NULL;
    for (int c = 0; c < EV_CLASSES; c++) {
        struct ev_fifo *q = &core.fifo[c];
        if (q->count && (!best || ev_before(&q->ring[q->head], &best->ring[best->head])))
            best = q;
    }
    event e;
    if (best && (!core.nheap || ev_before(&best->ring[best->head], &core.heap[0]))) {
        e = best->ring[best->head];
        best->head = (best->head + 1) & (best->cap - 1);
        best->count--;
    } else {
        e = ev_heap_pop();
    }
    core.pending--;
    core.now = e.time;
    return e;
}

/* ---- fifo names ---- */

static core_name *name_find(const char *name)
{
    return front_name_find(&core.names, name);
}

static core_name *name_get(const char *func, const char *name)
{
    core_name *found = name_find(name);
    if (found)
        return found;
    if (core.limits.names && (long)core.names.n >= core.limits.names)
        front_misuse(func, "more than %ld fifo names (-nn)", core.limits.names);
    return front_name_add(&core.names, name);
}

/* A binary search of the importers, in ascending id. */
static core_import *import_of_id(const core_name *n, int id)
{
    size_t lo = 0, hi = n ? n->nimp : 0;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int at = n->importer_ids[mid];
        if (at == id)
            return n->importers[mid];
        if (at < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

static core_import *import_of(const core_name *n, const core_task *t)
{
    return import_of_id(n, t->id);
}

static bool exports(const core_name *n, const core_task *t)
{
    return n && set_has(&t->exports, n);
}

/* ---- tasks ---- */

static core_task *task_by_id(int id)
{
    if (id == 0)
        return &core.boot;
    const core_entry *e = id > 0 ? table_find(&core.ids, (uint64_t)id, 0) : NULL;
    return e ? e->v[0].p : NULL;
}

static core_task *current_task(const char *func, bool communicates)
{
    if (!core.current)
        front_misuse(func, "called outside the simulation");
    if (communicates && core.current == &core.boot)
        front_misuse(func, "bootstrap cannot communicate");
    return core.current;
}

static void task_body(void *arg)
{
    core_task *t = arg;
    t->code(t->parm);
    t->state = TASK_DONE;
}

/* Runs t from where it stopped until it suspends, blocks or ends, with its
 * global-area image in place meanwhile. */
static void task_run(core_task *t)
{
    if (t->has_init)
        memcpy(t->glob, t->image, t->glob_len);
    core.current = t;
    t->state = TASK_RUNNING;
    int64_t from = t->clock;
    fiber_resume(t->fib);
    core.current = NULL;
    if (core.trace && t->clock > from)
        trace_run(core.trace, from, t->clock, t->id);
    if (t->state == TASK_DONE) /* its stack goes to the next task created */
        fiber_free(&t->fib);
    t->suspended = true;
    if (t->has_init)
        memcpy(t->image, t->glob, t->glob_len);
}

/* From the running task: a get event at its clock, then wait for the core. */
static void task_suspend(core_task *t, front_call call)
{
    t->call = call;
    t->state = TASK_WAITING;
    ev_push(t->clock, EV_GET, 0, t, NULL);
    fiber_yield();
}

static core_import *own_import(const char *func, core_task *t, const char *name)
{
    if (!name)
        front_misuse(func, "fifo name is NULL");
    /* a task mostly gets from the fifo it got from last */
    if (t->last_in && strcmp(t->last_in->name->name, name) == 0)
        return t->last_in;
    core_import *imp = import_of(name_find(name), t);
    t->last_in = imp;
    if (!imp)
        front_misuse(func, "\"%s\" is not an import fifo of this task", name);
    return imp;
}

static void wait_on(core_task *t, core_import *imp)
{
    GROW(t->wait, t->nwait, t->capwait);
    t->wait[t->nwait++] = imp;
    imp->waited = true;
}

/* Before a call names the fifos it waits on. */
static void wait_clear(core_task *t)
{
    for (size_t i = 0; i < t->nwait; i++)
        t->wait[i]->waited = false;
    t->nwait = 0;
}

/* t waits on imp alone until it has news for the call. */
static void wait_only_on(core_task *t, core_import *imp, front_call call)
{
    wait_clear(t);
    wait_on(t, imp);
    task_suspend(t, call);
}

/* ---- messages and fifos ---- */

static void msg_release(simon_msg *m)
{
    if (--m->refs == 0) {
        core.live_msgs--;
        free(m);
    }
}

static simon_msg *fifo_front(const core_import *imp)
{
    return front_fifo_front(&imp->q);
}

static simon_msg *fifo_pop(core_import *imp)
{
    return front_fifo_pop(&imp->q);
}

static void fifo_push(core_import *imp, simon_msg *m)
{
    simon_msg *dropped = front_fifo_push(&imp->q, m);
    if (dropped)
        msg_release(dropped);
}

static void circuit_count_add(core_import *imp, const simon_msg *m)
{
    core_entry *e = table_add(&core.circuits, (uint64_t)(uintptr_t)imp, (uint64_t)m->src);
    e->v[0].n++;
    e->v[1].n += (int64_t)m->len;
}

/* ---- the event handlers ---- */

static bool any_nonempty(const core_task *t)
{
    for (size_t i = 0; i < t->nwait; i++)
        if (t->wait[i]->q.count)
            return true;
    return false;
}

static void on_inittask(core_task *t)
{
    t->fib = fiber_create(core.stack_bytes, task_body, t);
    if (!t->fib) {
        core.current = t;
        front_misuse("mktask", "cannot map a stack of %zu bytes", core.stack_bytes);
    }
    char message[512];
    snprintf(message, sizeof message,
             "simon: error: task %d \"%s\": stack overflow: its stack of %zu bytes is full "
             "(raise -stack)\n", t->id, t->name, core.stack_bytes);
    fiber_set_overflow_message(t->fib, message);
    task_run(t);
}

static void on_send(int64_t time, simon_msg *m, core_task *src, bool to_self)
{
    core_name *n = m->name;
    if (n->nimp > core.capdsts) {
        core.capdsts = n->nimp;
        core.dsts = mem_realloc(core.dsts, core.capdsts * sizeof *core.dsts);
    }
    /* puts's copy to the sender itself never enters the network: it
     * arrives at the send time on every model, as on one mesh node */
    int nd = 0;
    for (size_t i = 0; i < n->nimp; i++)
        if (n->importer_ids[i] != src->id)
            core.dsts[nd++] = n->importer_ids[i];
    m->refs = nd + to_self;
    if (core.trace)
        trace_put(core.trace, time, src->id, n->name, m->len, m->refs, to_self, m->id);
    if (m->refs == 0) {
        core.live_msgs--;
        free(m);
        return;
    }
    if (to_self)
        simon_core_arrive(time, m, src->id);
    if (nd)
        core.model->sendev(core.sw, m, src->id, core.dsts, nd, time, m->len);
}

/* "blocked in CALL on FIFO..." */
static void blocked_text(strbuf *b, const core_task *t)
{
    b->len = 0;
    strbuf_printf(b, "blocked in %s on", front_call_names[t->call]);
    for (size_t k = 0; k < t->nwait; k++)
        strbuf_printf(b, " %s", t->wait[k]->name->name);
}

/* Blocked t's interval, ended at time by m or (m NULL) by the end of the run. */
static void note_blocked(const core_task *t, int64_t time, const simon_msg *m)
{
    strbuf what = STRBUF_INIT;
    blocked_text(&what, t);
    trace_blocked(core.trace, t->clock, time, t->id, what.s, m ? m->src : -1,
                  m ? m->name->name : t->deadlocked ? "deadlocked" : "starved");
    strbuf_release(&what);
}

static void on_arrive(int64_t time, simon_msg *m, int dst)
{
    core_import *imp = import_of_id(m->name, dst);
    fifo_push(imp, m);
    if (core.count_circuits)
        circuit_count_add(imp, m);
    core_task *t = imp->task;
    if (core.trace)
        trace_arrive(core.trace, time, dst, m->name->name, m->len, m->src, m->id);
    if (t->state == TASK_BLOCKED && imp->waited) {
        if (core.trace)
            note_blocked(t, time, m);
        t->counts.wait_ns += time - t->clock;
        t->clock = time;
        task_run(t);
    }
}

static void on_get(core_task *t)
{
    if ((t->call == CALL_GET || t->call == CALL_WAITF) && !any_nonempty(t))
        t->state = TASK_BLOCKED;
    else
        task_run(t);
}

static void dispatch(const event *e)
{
    switch (e->cls) {
    case EV_INITTASK:
        on_inittask(e->ptr);
        break;
    case EV_SEND:
        on_send(e->time, e->ptr, e->src, e->arg);
        break;
    case EV_SWITCH:
        core.model->switchev(core.sw, e->time, e->ptr);
        break;
    case EV_ARRIVE:
        on_arrive(e->time, e->ptr, e->arg);
        break;
    case EV_GET:
        on_get(e->ptr);
        break;
    }
}

void simon_core_arrive(int64_t time, simon_msg *msg, int dst)
{
    ev_push(time, EV_ARRIVE, dst, msg, NULL);
}

void simon_core_switch_event(int64_t time, void *data)
{
    ev_push(time, EV_SWITCH, 0, data, NULL);
}

void simon_core_setup(const sw_model *model, void *sw, size_t stack_bytes,
                      const simon_limits *limits, bool count_circuits)
{
    core.count_circuits = count_circuits;
    core.model = model;
    core.sw = sw;
    core.stack_bytes = stack_bytes;
    core.limits = *limits;
    core.boot.name = "bootstrap";
    core.strings = arena_create();
}

static void core_link_busy(sw_link *l, int64_t start, int64_t end, size_t bytes)
{
    trace_busy(core.trace, l, start, end, bytes);
}

void simon_core_trace(simon_trace *tr)
{
    core.trace = tr;
    sw_link_observer = tr ? core_link_busy : NULL;
}

void simon_core_boot(int argc, char **argv)
{
    core.current = &core.boot;
    core.booting = true;
    bootstrap(argc, argv);
    core.booting = false;
    core.current = NULL;
}

void simon_core_loop(void)
{
    for (size_t i = 0; i < core.ntasks; i++)
        ev_push(0, EV_INITTASK, 0, core.tasks[i], NULL);
    while (core.pending) {
        event e = ev_pop();
        core.events++;
        dispatch(&e);
    }
}

/* ---- the end of the run ---- */

static bool blocked_by_other(const core_task *t)
{
    for (size_t i = 0; i < t->nwait; i++) {
        const core_name *n = t->wait[i]->name;
        for (size_t k = 0; k < n->nexp; k++)
            if (n->exporters[k] != t && n->exporters[k]->state == TASK_BLOCKED)
                return true;
    }
    return false;
}

/* The tasks blocked at the end, each until the end of the run. */
static void note_still_blocked(void)
{
    int64_t end = 0;
    for (size_t i = 0; i < core.ntasks; i++)
        if (core.tasks[i]->clock > end)
            end = core.tasks[i]->clock;
    for (size_t i = 0; i < core.ntasks; i++)
        if (core.tasks[i]->state == TASK_BLOCKED)
            note_blocked(core.tasks[i], end, NULL);
}

static void core_waiter(size_t i, front_waiter *w, strbuf *fifos)
{
    const core_task *t = core.tasks[i];
    *w = (front_waiter){t->state == TASK_BLOCKED, t->deadlocked, t->id, t->name, t->call};
    for (size_t k = 0; k < t->nwait; k++)
        strbuf_printf(fifos, " %s", t->wait[k]->name->name);
}

int simon_core_finish(FILE *err)
{
    bool deadlock = false;
    int64_t at = 0;
    for (size_t i = 0; i < core.ntasks; i++) {
        core_task *t = core.tasks[i];
        if (t->state == TASK_BLOCKED && blocked_by_other(t)) {
            t->deadlocked = deadlock = true;
            if (t->clock > at)
                at = t->clock;
        }
    }
    if (core.trace)
        note_still_blocked();
    if (!deadlock)
        return 0;
    front_deadlock_lines(err, at, core.ntasks, core_waiter);
    return 4;
}

int simon_core_task_count(void)
{
    return (int)core.ntasks;
}

void simon_core_task_view(int i, simon_task_view *v)
{
    const core_task *t = core.tasks[i];
    front_task_view(v, t->id, t->name, t->state == TASK_DONE, t->deadlocked, t->clock, &t->counts);
}

int64_t simon_core_events(void)
{
    return (int64_t)core.events;
}

simon_circuit_view *simon_core_circuits(size_t *n)
{
    simon_circuit_view *all = mem_alloc((core.circuits.count + 1) * sizeof *all);
    size_t count = 0;
    for (size_t i = 0; i < core.circuits.cap; i++) {
        const core_entry *e = &core.circuits.e[i];
        if (!e->k1)
            continue;
        const core_import *imp = (const core_import *)(uintptr_t)e->k1;
        all[count++] = (simon_circuit_view){imp->name->name, (int)e->k2, imp->task->id,
                                            e->v[0].n, e->v[1].n};
    }
    if (count)
        qsort(all, count, sizeof *all, front_circuit_order);
    *n = count;
    return all;
}

/* ---- the user API ---- */

int simon_mktask(const char *name, void (*code)(void *parm), int id, const void *parm, size_t len)
{
    if (!core.booting || core.current != &core.boot)
        front_misuse("mktask", "only bootstrap creates tasks");
    front_check_mktask(name, code, id, task_by_id(id) != NULL, parm, len);
    if (core.limits.tasks && (long)core.ntasks >= core.limits.tasks)
        front_misuse("mktask", "more than %ld tasks (-nt)", core.limits.tasks);
    core_task *t = mem_alloc(sizeof *t);
    t->id = id;
    t->name = mem_strdup(name);
    t->code = code;
    if (len) {
        t->parm = mem_alloc(len);
        memcpy(t->parm, parm, len);
    }
    GROW(core.tasks, core.ntasks, core.captasks);
    core.tasks[core.ntasks++] = t;
    table_add(&core.ids, (uint64_t)id, 0)->v[0].p = t;
    return id;
}

void simon_init(void *glob, size_t len)
{
    core_task *t = current_task("init", true);
    if (t->has_init)
        front_misuse("init", "called twice");
    front_area_init(glob, len);
    t->glob = glob;
    t->glob_len = len;
    t->image = mem_alloc(len);
    t->has_init = true;
}

static core_task *creating_task(const char *func, const char *name)
{
    core_task *t = current_task(func, true);
    if (t->suspended)
        front_misuse(func, "fifos are created before the task's first suspension");
    front_check_fifo_name(func, name);
    return t;
}

void simon_export(const char *name)
{
    core_task *t = creating_task("export", name);
    core_name *n = name_get("export", name);
    if (!set_add(&t->exports, n))
        front_misuse("export", "\"%s\" is already an export fifo of this task", name);
    if (core.limits.exports && core.nexports >= core.limits.exports)
        front_misuse("export", "more than %ld export fifos (-ne)", core.limits.exports);
    core.nexports++;
    GROW(n->exporters, n->nexp, n->capexp);
    n->exporters[n->nexp++] = t;
}

void simon_import(const char *name, int maxlen)
{
    core_task *t = creating_task("import", name);
    front_check_maxlen(maxlen);
    core_name *n = name_get("import", name);
    if (import_of(n, t))
        front_misuse("import", "\"%s\" is already an import fifo of this task", name);
    if (core.limits.imports && core.nimports >= core.limits.imports)
        front_misuse("import", "more than %ld import fifos (-ni)", core.limits.imports);
    core.nimports++;
    core_import *imp = mem_alloc(sizeof *imp);
    imp->name = n;
    imp->task = t;
    imp->q.maxlen = maxlen;
    if (n->nimp == n->capimp) {
        n->capimp = n->capimp ? 2 * n->capimp : 4;
        n->importers = mem_realloc(n->importers, n->capimp * sizeof *n->importers);
        n->importer_ids = mem_realloc(n->importer_ids, n->capimp * sizeof *n->importer_ids);
    }
    size_t at = n->nimp;
    while (at > 0 && n->importer_ids[at - 1] > t->id)
        at--;
    memmove(n->importers + at + 1, n->importers + at, (n->nimp - at) * sizeof *n->importers);
    memmove(n->importer_ids + at + 1, n->importer_ids + at,
            (n->nimp - at) * sizeof *n->importer_ids);
    n->importers[at] = imp;
    n->importer_ids[at] = t->id;
    n->nimp++;
}

char *simon_cnvarr(const char *base, int i)
{
    core_task *t = current_task("cnvarr", false);
    front_array_name(&t->cnv, base, i);
    return t->cnv.s;
}

char *simon_cnvarrsv(const char *base, int i)
{
    strbuf b = STRBUF_INIT;
    current_task("cnvarrsv", false);
    char *s = arena_strdup(core.strings, front_array_name(&b, base, i));
    strbuf_release(&b);
    return s;
}

static void send(const char *func, const char *name, const void *data, size_t len, bool to_self)
{
    core_task *t = current_task(func, true);
    if (!name)
        front_misuse(func, "fifo name is NULL");
    /* a task mostly puts to the fifo it put to last (an export, then) */
    core_name *n = t->last_out;
    if (!n || strcmp(n->name, name) != 0) {
        n = name_find(name);
        if (!exports(n, t))
            front_misuse(func, "\"%s\" is not an export fifo of this task", name);
    }
    if (to_self && !import_of(n, t))
        front_misuse(func, "\"%s\" is not also an import fifo of this task", name);
    if (len && !data)
        front_misuse(func, "data is NULL");
    if (core.limits.msgs && core.live_msgs >= core.limits.msgs)
        front_misuse(func, "more than %ld messages at one time (-nm)", core.limits.msgs);
    t->last_out = n;
    simon_msg *m = mem_alloc(sizeof *m + len);
    m->src = t->id;
    m->name = n;
    m->id = ++core.msg_ids;
    m->len = len;
    if (len)
        memcpy(m->data, data, len);
    core.live_msgs++;
    front_count_put(&t->counts, len);
    ev_push(t->clock, EV_SEND, to_self, m, t);
}

void simon_put(const char *name, const void *data, size_t len)
{
    send("put", name, data, len, false);
}

void simon_puts(const char *name, const void *data, size_t len)
{
    send("puts", name, data, len, true);
}

size_t simon_get(const char *name, void *data)
{
    core_task *t = current_task("get", true);
    core_import *imp = own_import("get", t, name);
    if (!imp->q.count)
        wait_only_on(t, imp, CALL_GET);
    simon_msg *m = fifo_pop(imp);
    size_t len = m->len;
    front_take(&t->counts, data, m->data, len);
    if (core.trace)
        trace_get(core.trace, t->clock, t->id, imp->name->name, len, m->src, m->id);
    msg_release(m);
    return len;
}

void simon_waitf(char *const *names, int n)
{
    core_task *t = current_task("waitf", true);
    if (n <= 0 || !names)
        front_misuse("waitf", "no fifos to wait on");
    wait_clear(t);
    for (int i = 0; i < n; i++)
        wait_on(t, own_import("waitf", t, names[i]));
    if (!any_nonempty(t))
        task_suspend(t, CALL_WAITF);
}

size_t simon_size(const char *name)
{
    core_task *t = current_task("size", true);
    core_import *imp = own_import("size", t, name);
    if (!imp->q.count)
        wait_only_on(t, imp, CALL_SIZE);
    return imp->q.count ? fifo_front(imp)->len : 0;
}

int simon_qlength(const char *name)
{
    core_task *t = current_task("qlength", true);
    core_import *imp = own_import("qlength", t, name);
    wait_only_on(t, imp, CALL_QLENGTH);
    return (int)imp->q.count;
}

int simon_overfl(const char *name)
{
    core_task *t = current_task("overfl", true);
    core_import *imp = own_import("overfl", t, name);
    wait_only_on(t, imp, CALL_OVERFL);
    return front_fifo_take_overfl(&imp->q);
}

int64_t simon_getclk(int id)
{
    core_task *t = current_task("getclk", false);
    if (id != t->id)
        front_misuse("getclk", "id %d is not the caller's (%d): only a task's own clock is defined",
                    id, t->id);
    return t->clock;
}

int simon_task(void)
{
    return current_task("task", false)->id;
}

const char *simon_taskname(int id)
{
    current_task("taskname", false);
    core_task *t = task_by_id(id);
    if (!t)
        front_misuse("taskname", "no task has id %d", id);
    return t->name;
}

_Noreturn void simon_stop(void)
{
    core_task *t = current_task("stop", true);
    t->state = TASK_DONE;
    fiber_exit();
}

void simon_advance(int64_t ns)
{
    core_task *t = current_task("simon_advance", false);
    front_check_advance(ns);
    t->clock += ns;
    t->counts.run_ns += ns;
}
