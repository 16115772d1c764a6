#include "trace.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fileio.h"
#include "json_out.h"
#include "mem.h"
#include "strbuf.h"

typedef enum trace_kind {
    TRACE_PUT,
    TRACE_PUTS,
    TRACE_ARRIVE,
    TRACE_GET,
    TRACE_RUN,
    TRACE_BLOCKED,
    TRACE_BUSY,
} trace_kind;

/* How each kind is written: its name's prefix (the fifo follows), its
 * category, its phase (i: instant, X: complete), its pid, and the names of
 * the two numbers in its args (NULL: none). */
static const struct trace_form {
    const char *prefix, *cat, *ph;
    int pid;
    const char *peer, *bytes;
} trace_forms[] = {
    [TRACE_PUT] = {"put ", "send", "i", 1, "copies", "bytes"},
    [TRACE_PUTS] = {"puts ", "send", "i", 1, "copies", "bytes"},
    [TRACE_ARRIVE] = {"arrive ", "arrive", "i", 1, "from", "bytes"},
    [TRACE_GET] = {"get ", "get", "i", 1, "from", "bytes"},
    [TRACE_RUN] = {"run", "run", "X", 1, NULL, NULL},
    [TRACE_BLOCKED] = {"", "blocked", "X", 1, "woken_by", NULL},
    [TRACE_BUSY] = {"busy", "link", "X", 2, NULL, "bytes"},
};

typedef struct trace_record {
    int64_t ts;
    int64_t dur;      /* X events; an arrival with a flow: its put's time */
    int64_t bytes;
    int64_t flow;     /* arrival, get: the message's flow id (its arrow), 0: none */
    const char *fifo; /* the fifo (the core's); blocked: the woken fifo or the state */
    const char *what; /* blocked: its text (the arena's) */
    int row;          /* the task's id; busy: the link's trace row */
    int peer;
    trace_kind kind;
    bool got;         /* an arrival a traced get took */
} trace_record;

/* The flows (arrows) join a put to each arrival of its copies, and an
 * arrival to the get that takes it, by the message's identity (the core's
 * id): the copies index maps (message, -1) to its put's record while
 * copies are on the way, and (message, receiver) to that copy's arrival
 * until a get takes it.  Only kept records enter. */
typedef struct trace_copy {
    uint64_t msg; /* 0: an empty slot */
    size_t rec;
    int task;     /* the receiver; -1: the put */
    int left;     /* the put's copies not yet arrived */
} trace_copy;

typedef struct trace_row_name {
    int tid;
    char *name;
} trace_row_name;

struct simon_trace {
    trace_record *recs;
    size_t n, cap, limit;
    int64_t dropped, first_dropped_ts;
    arena *texts;
    trace_row_name *tasks; /* tid = task id, in the order named */
    size_t ntasks, captasks;
    trace_row_name *links; /* by trace row - 1 */
    int nlinks;            /* trace rows given */
    trace_copy *copies;    /* open addressing; msg and task the key */
    size_t ncopies, capcopies;
    int64_t flows;         /* flow ids given */
};

simon_trace *trace_create(size_t limit)
{
    simon_trace *tr = mem_alloc(sizeof *tr);
    tr->limit = limit;
    tr->texts = arena_create();
    return tr;
}

void trace_free(simon_trace **trp)
{
    simon_trace *tr = *trp;
    if (!tr)
        return;
    free(tr->recs);
    arena_free(&tr->texts);
    free(tr->tasks);
    free(tr->links);
    free(tr->copies);
    free(tr);
    *trp = NULL;
}

/* The next record, or NULL past the limit (counted as dropped). */
static trace_record *trace_add(simon_trace *tr, trace_kind kind, int64_t ts)
{
    if (tr->n == tr->limit) {
        if (!tr->dropped++)
            tr->first_dropped_ts = ts;
        return NULL;
    }
    if (tr->n == tr->cap) {
        tr->cap = tr->cap ? 2 * tr->cap : 1024;
        if (tr->cap > tr->limit)
            tr->cap = tr->limit;
        tr->recs = mem_realloc(tr->recs, tr->cap * sizeof *tr->recs);
    }
    trace_record *r = &tr->recs[tr->n++];
    *r = (trace_record){.ts = ts, .kind = kind};
    return r;
}

static trace_record *trace_message(simon_trace *tr, trace_kind kind, int64_t ts, int task,
                                   const char *fifo, size_t bytes, int peer)
{
    trace_record *r = trace_add(tr, kind, ts);
    if (!r)
        return NULL;
    r->row = task;
    r->fifo = fifo;
    r->bytes = (int64_t)bytes;
    r->peer = peer;
    return r;
}

/* ---- the copies' index ---- */

static size_t trace_copy_hash(uint64_t msg, int task)
{
    uint64_t h = msg * 0x9E3779B97F4A7C15ull ^ (uint64_t)(uint32_t)task;
    h ^= h >> 29;
    h *= 0x94D049BB133111EBull;
    return (size_t)(h ^ (h >> 32));
}

/* The slot of (msg, task): its entry, or the empty slot where it goes. */
static trace_copy *trace_copy_slot(const simon_trace *tr, uint64_t msg, int task)
{
    size_t mask = tr->capcopies - 1;
    for (size_t at = trace_copy_hash(msg, task);; at++) {
        trace_copy *c = &tr->copies[at & mask];
        if (!c->msg || (c->msg == msg && c->task == task))
            return c;
    }
}

static void trace_copies_grow(simon_trace *tr)
{
    trace_copy *old = tr->copies;
    size_t oldcap = tr->capcopies;
    tr->capcopies = oldcap ? 2 * oldcap : 64;
    tr->copies = mem_alloc(tr->capcopies * sizeof *tr->copies);
    for (size_t i = 0; i < oldcap; i++)
        if (old[i].msg)
            *trace_copy_slot(tr, old[i].msg, old[i].task) = old[i];
    free(old);
}

/* Record r is (msg, task)'s, with left copies to come for a put. */
static void trace_copy_add(simon_trace *tr, uint64_t msg, int task, const trace_record *r,
                           int left)
{
    if (2 * (tr->ncopies + 1) > tr->capcopies)
        trace_copies_grow(tr);
    tr->ncopies++;
    *trace_copy_slot(tr, msg, task) = (trace_copy){msg, (size_t)(r - tr->recs), task, left};
}

/* The entry of (msg, task), NULL when none was kept. */
static trace_copy *trace_copy_find(const simon_trace *tr, uint64_t msg, int task)
{
    if (!tr->ncopies)
        return NULL;
    trace_copy *c = trace_copy_slot(tr, msg, task);
    return c->msg ? c : NULL;
}

/* Empties c's slot, moving back the entries after it that may take it,
 * so that every entry stays reachable from its hash. */
static void trace_copy_remove(simon_trace *tr, trace_copy *c)
{
    size_t mask = tr->capcopies - 1, hole = (size_t)(c - tr->copies);
    for (size_t at = (hole + 1) & mask; tr->copies[at].msg; at = (at + 1) & mask) {
        size_t home = trace_copy_hash(tr->copies[at].msg, tr->copies[at].task) & mask;
        if (((at - home) & mask) >= ((at - hole) & mask)) {
            tr->copies[hole] = tr->copies[at];
            hole = at;
        }
    }
    tr->copies[hole].msg = 0;
    tr->ncopies--;
}

void trace_put(simon_trace *tr, int64_t ts, int task, const char *fifo, size_t bytes, int copies,
               bool to_self, uint64_t msg)
{
    trace_record *r =
        trace_message(tr, to_self ? TRACE_PUTS : TRACE_PUT, ts, task, fifo, bytes, copies);
    if (r && copies > 0)
        trace_copy_add(tr, msg, -1, r, copies);
}

void trace_arrive(simon_trace *tr, int64_t ts, int task, const char *fifo, size_t bytes, int src,
                  uint64_t msg)
{
    trace_record *r = trace_message(tr, TRACE_ARRIVE, ts, task, fifo, bytes, src);
    if (!r)
        return;
    trace_copy *put = trace_copy_find(tr, msg, -1);
    if (!put)
        return;
    r->flow = ++tr->flows;
    r->dur = tr->recs[put->rec].ts;
    if (--put->left == 0)
        trace_copy_remove(tr, put);
    trace_copy_add(tr, msg, task, r, 0);
}

void trace_get(simon_trace *tr, int64_t ts, int task, const char *fifo, size_t bytes, int src,
               uint64_t msg)
{
    trace_record *r = trace_message(tr, TRACE_GET, ts, task, fifo, bytes, src);
    if (!r)
        return;
    trace_copy *c = trace_copy_find(tr, msg, task);
    if (!c)
        return;
    trace_record *a = &tr->recs[c->rec];
    a->got = true;
    r->flow = a->flow;
    trace_copy_remove(tr, c);
}

void trace_run(simon_trace *tr, int64_t start, int64_t end, int task)
{
    trace_record *r = trace_add(tr, TRACE_RUN, start);
    if (r) {
        r->dur = end - start;
        r->row = task;
    }
}

void trace_blocked(simon_trace *tr, int64_t start, int64_t end, int task, const char *what,
                   int woken_by, const char *fifo)
{
    trace_record *r = trace_add(tr, TRACE_BLOCKED, start);
    if (!r)
        return;
    r->dur = end - start;
    r->row = task;
    r->what = arena_strdup(tr->texts, what);
    r->peer = woken_by;
    r->fifo = fifo;
}

void trace_busy(simon_trace *tr, sw_link *link, int64_t start, int64_t end, size_t bytes)
{
    trace_record *r = trace_add(tr, TRACE_BUSY, start);
    if (!r)
        return;
    if (!link->trace_row)
        link->trace_row = ++tr->nlinks;
    r->dur = end - start;
    r->row = link->trace_row;
    r->bytes = (int64_t)bytes;
}

void trace_name_task(simon_trace *tr, int id, const char *name)
{
    if (tr->ntasks == tr->captasks) {
        tr->captasks = tr->captasks ? 2 * tr->captasks : 16;
        tr->tasks = mem_realloc(tr->tasks, tr->captasks * sizeof *tr->tasks);
    }
    /* tasks may share a name (a ring of "ring"s): the id tells them apart */
    strbuf row = STRBUF_INIT;
    strbuf_printf(&row, "%s (%d)", name, id);
    tr->tasks[tr->ntasks++] = (trace_row_name){id, arena_strdup(tr->texts, row.s)};
    strbuf_release(&row);
}

typedef struct trace_link_walk {
    simon_trace *tr;
    int order;
} trace_link_walk;

static void trace_link_named(void *ctx, const char *name, const sw_link *link)
{
    trace_link_walk *walk = ctx;
    walk->order++;
    if (link->trace_row) /* a link that never carried anything gets no row */
        walk->tr->links[link->trace_row - 1] =
            (trace_row_name){walk->order, arena_strdup(walk->tr->texts, name)};
}

void trace_name_links(simon_trace *tr, const sw_model *model, void *sw)
{
    if (!tr->nlinks || !model->links)
        return;
    tr->links = mem_alloc((size_t)tr->nlinks * sizeof *tr->links);
    trace_link_walk walk = {tr, 0};
    model->links(sw, trace_link_named, &walk);
}

/* ---- the JSON ---- */

static void trace_number(json_out *w, const char *key, int64_t v)
{
    json_key(w, key);
    json_number(w, (double)v);
}

/* Virtual ns as the format's microseconds. */
static void trace_time(json_out *w, const char *key, int64_t ns)
{
    json_key(w, key);
    json_number(w, (double)ns / 1000.0);
}

static void trace_string(json_out *w, const char *key, const char *s)
{
    json_key(w, key);
    json_string(w, s);
}

/* An "M" event: the name of process pid, or of its row tid (tid >= 0). */
static void trace_meta(json_out *w, int pid, int tid, const char *name)
{
    json_object_begin(w);
    trace_string(w, "name", tid < 0 ? "process_name" : "thread_name");
    trace_string(w, "ph", "M");
    trace_number(w, "pid", pid);
    if (tid >= 0)
        trace_number(w, "tid", tid);
    json_key(w, "args");
    json_object_begin(w);
    trace_string(w, "name", name);
    json_object_end(w);
    json_object_end(w);
}

static void trace_metadata(json_out *w, const simon_trace *tr)
{
    trace_meta(w, 1, -1, "tasks");
    for (size_t i = 0; i < tr->ntasks; i++)
        trace_meta(w, 1, tr->tasks[i].tid, tr->tasks[i].name);
    if (!tr->links)
        return;
    trace_meta(w, 2, -1, "network");
    for (int i = 0; i < tr->nlinks; i++)
        if (tr->links[i].name)
            trace_meta(w, 2, tr->links[i].tid, tr->links[i].name);
}

static void trace_args(json_out *w, const trace_record *r, const struct trace_form *f)
{
    json_key(w, "args");
    json_object_begin(w);
    if (r->kind == TRACE_BLOCKED && r->peer < 0) {
        trace_string(w, "state", r->fifo);
    } else {
        if (f->peer)
            trace_number(w, f->peer, r->peer);
        if (r->kind == TRACE_BLOCKED)
            trace_string(w, "fifo", r->fifo);
    }
    if (f->bytes)
        trace_number(w, f->bytes, r->bytes);
    json_object_end(w);
}

static void trace_event(json_out *w, const simon_trace *tr, const trace_record *r, strbuf *name)
{
    const struct trace_form *f = &trace_forms[r->kind];
    name->len = 0;
    strbuf_append(name, f->prefix);
    if (r->kind == TRACE_BLOCKED)
        strbuf_append(name, r->what);
    else if (r->fifo)
        strbuf_append(name, r->fifo);
    json_object_begin(w);
    trace_string(w, "name", name->s);
    trace_string(w, "cat", f->cat);
    trace_string(w, "ph", f->ph);
    trace_time(w, "ts", r->ts);
    if (f->ph[0] == 'X')
        trace_time(w, "dur", r->dur);
    else
        trace_string(w, "s", "t");
    trace_number(w, "pid", f->pid);
    trace_number(w, "tid", f->pid == 2 && tr->links ? tr->links[r->row - 1].tid : r->row);
    if (f->peer || f->bytes)
        trace_args(w, r, f);
    json_object_end(w);
}

/* One end of a message's arrow: ph s (the put), t (its arrival, when a
 * get took it) or f (the last), on the row of task at ts. */
static void trace_flow(json_out *w, const trace_record *r, const char *ph, int64_t ts, int task,
                       strbuf *name)
{
    name->len = 0;
    strbuf_printf(name, "message %s", r->fifo);
    json_object_begin(w);
    trace_string(w, "name", name->s);
    trace_string(w, "cat", "message");
    trace_string(w, "ph", ph);
    trace_number(w, "id", r->flow);
    trace_time(w, "ts", ts);
    trace_number(w, "pid", 1);
    trace_number(w, "tid", task);
    if (ph[0] != 's')
        trace_string(w, "bp", "e");
    json_object_end(w);
}

/* The arrows of record r, if it is an arrival or a get with a flow. */
static void trace_flows_of(json_out *w, const trace_record *r, strbuf *name)
{
    if (!r->flow)
        return;
    if (r->kind == TRACE_GET) {
        trace_flow(w, r, "f", r->ts, r->row, name);
        return;
    }
    trace_flow(w, r, "s", r->dur, r->peer, name);
    trace_flow(w, r, r->got ? "t" : "f", r->ts, r->row, name);
}

/* The last event of a trace that reached its limit: global, at the time of
 * the first event left out. */
static void trace_cut(json_out *w, const simon_trace *tr)
{
    char name[96];
    snprintf(name, sizeof name, "trace cut: limit of %zu events reached", tr->limit);
    json_object_begin(w);
    trace_string(w, "name", name);
    trace_string(w, "cat", "trace");
    trace_string(w, "ph", "i");
    trace_time(w, "ts", tr->first_dropped_ts);
    trace_string(w, "s", "g");
    trace_number(w, "pid", 1);
    trace_number(w, "tid", 0);
    json_key(w, "args");
    json_object_begin(w);
    trace_number(w, "dropped", tr->dropped);
    json_object_end(w);
    json_object_end(w);
}

/* Events are written in blocks, so the text never holds the whole trace. */
enum { TRACE_BLOCK = 4096 };

static bool trace_writer(FILE *out, void *ctx)
{
    const simon_trace *tr = ctx;
    strbuf text = STRBUF_INIT, name = STRBUF_INIT;
    json_out w = JSON_OUT_INIT(&text);
    bool ok = true;
    json_object_begin(&w);
    json_key(&w, "traceEvents");
    json_array_begin(&w);
    trace_metadata(&w, tr);
    for (size_t i = 0; i < tr->n && ok; i++) {
        trace_event(&w, tr, &tr->recs[i], &name);
        if (i % TRACE_BLOCK == TRACE_BLOCK - 1)
            ok = fileio_flush_text(out, &text);
    }
    for (size_t i = 0; i < tr->n && ok; i++) {
        trace_flows_of(&w, &tr->recs[i], &name);
        if (i % TRACE_BLOCK == TRACE_BLOCK - 1)
            ok = fileio_flush_text(out, &text);
    }
    if (tr->dropped)
        trace_cut(&w, tr);
    json_array_end(&w);
    trace_string(&w, "displayTimeUnit", "ns");
    json_object_end(&w);
    strbuf_append(&text, "\n");
    ok = ok && fileio_flush_text(out, &text);
    json_out_release(&w);
    strbuf_release(&text);
    strbuf_release(&name);
    return ok;
}

bool trace_write(simon_trace *tr, const char *path)
{
    return fileio_write_atomic(path, trace_writer, tr);
}
