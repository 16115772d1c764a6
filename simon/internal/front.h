/* front: what SIMON's two engines, the native core (lib/core.c) and the
 * SimGrid one (simgrid/sg_core.c), share above their schedulers and
 * transports: the suspending calls' names, the checks of the API's
 * arguments and the misuse message they end in, the global areas' first
 * contents (init), fifo array names (exparr and imparr, over the engine's
 * export and import), the fifo names' table, an import's queue of messages
 * (front_fifo), a task's counts and report view, get's copy to the
 * caller, the deadlock lines and the order of the circuits' report.
 *
 * Each engine defines front_engine_misuse(), the end of a run on a misuse.
 * The areas' and the names' tables own their records, and a fifo its ring,
 * until the process exits, as the engines' tasks and imports do. */
#ifndef SIMON_FRONT_H
#define SIMON_FRONT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core.h"
#include "strbuf.h"

/* The calls that suspend; their names are the seed's, for the messages. */
typedef enum front_call { CALL_GET, CALL_WAITF, CALL_SIZE, CALL_QLENGTH, CALL_OVERFL } front_call;
extern const char *const front_call_names[];

/* The engine's: says "task ID "NAME": FUNC: LINE" for the calling task and
 * ends the run with status 1. */
_Noreturn void front_engine_misuse(const char *func, const char *line);

/* front_engine_misuse() with the text of fmt. */
_Noreturn void front_misuse(const char *func, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* mktask's arguments, taken: whether a task has id already. */
void front_check_mktask(const char *name, void (*code)(void *), int id, bool taken,
                        const void *parm, size_t len);
/* export's or import's fifo name. */
void front_check_fifo_name(const char *func, const char *name);
/* import's maximum length. */
void front_check_maxlen(int maxlen);
/* simon_advance's time (inline: a task may advance between any two calls). */
static inline void front_check_advance(int64_t ns)
{
    if (ns < 0)
        front_misuse("simon_advance", "negative time %lld", (long long)ns);
}

/* init(glob, len): the area's contents before any task ran are put back
 * (or, at its first init, kept). */
void front_area_init(void *glob, size_t len);

/* An import's messages in arrival order, at most maxlen (0: no bound):
 * a full one drops its oldest and raises overfl.  The messages are the
 * engine's (front_fifo_push hands back the one dropped); the ring is the
 * fifo's.  Inline, as every arrival and get goes through it. */
typedef struct front_fifo {
    void **ring;
    size_t head, count, cap;
    int maxlen;
    bool overfl;
} front_fifo;

/* Doubles a full ring. */
void front_fifo_grow(front_fifo *f);

static inline void *front_fifo_front(const front_fifo *f)
{
    return f->ring[f->head];
}

static inline void *front_fifo_pop(front_fifo *f)
{
    void *m = f->ring[f->head];
    f->head = (f->head + 1) % f->cap;
    f->count--;
    return m;
}

/* Appends m; returns the message a full bounded fifo dropped, else NULL. */
static inline void *front_fifo_push(front_fifo *f, void *m)
{
    void *dropped = NULL;
    if (f->maxlen && f->count == (size_t)f->maxlen) {
        dropped = front_fifo_pop(f);
        f->overfl = true;
    }
    if (f->count == f->cap)
        front_fifo_grow(f);
    f->ring[(f->head + f->count) % f->cap] = m;
    f->count++;
    return dropped;
}

/* The overflow flag, cleared. */
static inline bool front_fifo_take_overfl(front_fifo *f)
{
    bool flag = f->overfl;
    f->overfl = false;
    return flag;
}

/* The fifo names, found by hash: a record per name, the engine's struct
 * of size bytes ending in the name (char name[] at offset), zeroed when
 * added.  The table owns the records until the process exits. */
typedef struct front_names {
    void **slots; /* open addressing */
    size_t nslots, n;
    size_t size, offset;
} front_names;

/* name's record, or NULL. */
void *front_name_find(const front_names *t, const char *name);
/* A new record for name, which must not be in t yet. */
void *front_name_add(front_names *t, const char *name);

/* A task's counts for the report. */
typedef struct front_counts {
    int64_t run_ns, wait_ns, sent, sent_bytes, recv, recv_bytes;
} front_counts;

/* A put of len bytes, counted. */
static inline void front_count_put(front_counts *c, size_t len)
{
    c->sent++;
    c->sent_bytes += (int64_t)len;
}

/* get's end: the message's len bytes at payload copied to the caller's
 * data (a misuse when NULL) and counted. */
static inline void front_take(front_counts *c, void *data, const void *payload, size_t len)
{
    if (len && !data)
        front_misuse("get", "data is NULL");
    if (len)
        memcpy(data, payload, len);
    c->recv++;
    c->recv_bytes += (int64_t)len;
}

/* The report's view of a task that ended (done) or stayed blocked,
 * deadlocked or starved, its clock at finish. */
void front_task_view(simon_task_view *v, int id, const char *name, bool done, bool deadlocked,
                     int64_t finish_ns, const front_counts *c);

/* A task at the end of a run, as the deadlock lines see it. */
typedef struct front_waiter {
    bool blocked, deadlocked;
    int id;
    const char *name;
    front_call call;
} front_waiter;
/* Task i in mktask order into *w, with the names of the fifos it waits on
 * appended to fifos, each after a space. */
typedef void front_waiter_fn(size_t i, front_waiter *w, strbuf *fifos);

/* "simon: deadlock at AT ns" on err, then a line for each of the n tasks
 * left blocked, the deadlocked ones first, then the starved ones. */
void front_deadlock_lines(FILE *err, int64_t at, size_t n, front_waiter_fn *view);

/* qsort's order of simon_circuit_views: by fifo name, source, destination. */
int front_circuit_order(const void *a, const void *b);

/* "BASE[I]" in b (emptied first); returns b->s. */
const char *front_array_name(strbuf *b, const char *base, int i);

#endif
