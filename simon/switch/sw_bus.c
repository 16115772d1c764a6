/* bus: one shared medium; one transmission reaches every destination of a
 * message, latency after it ends.
 *
 * collisions = off (the default): first come first served in event order.
 *
 * collisions = on: CSMA/CD.  Each task is a station sending its messages
 * one at a time, in order.  A station that tries at t senses the medium:
 * idle, it transmits; carrying a signal that began at least latency ago,
 * it waits for its end and tries again then (1-persistent); carrying one
 * that began less than latency ago (the signal has not reached it yet),
 * the two collide: the transmission is abandoned, the medium is jammed
 * until t + latency, and both stations back off, the n-th time for k slots
 * of 2 * latency, k drawn uniformly from 0 .. 2^min(n, 10) - 1 by a
 * xorshift64 generator started from `seed` (never give up).  Only
 * completed transmissions count on the link. */
#include "sw.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "mem.h"

/* A message waiting at, or being sent by, its station. */
typedef struct bus_frame {
    struct bus_frame *next;
    struct simon_msg *msg;
    int *dsts;
    int n;
    size_t bytes;
} bus_frame;

typedef struct bus_station {
    int id;
    bus_frame *head, *tail;
    int attempts;   /* collisions of the head frame */
    bool trying;    /* an attempt or an end event is scheduled */
} bus_station;

typedef enum bus_event_kind { BUS_ATTEMPT, BUS_END } bus_event_kind;

/* BUS_END is also the transmission's own state: a collision marks the one
 * it interrupts, so a transmission that ended (even at the instant another
 * collision starts) is delivered and an interrupted one never is. */
typedef struct bus_event {
    bus_event_kind kind;
    bus_station *station;
    bool aborted; /* BUS_END: its transmission collided */
} bus_event;

typedef struct bus {
    int64_t latency, bandwidth;
    bool collisions;
    uint64_t random;
    sw_link medium;
    /* CSMA/CD: the signal on the medium. */
    int64_t signal_start, busy_until;
    bus_event *sending; /* the transmission in flight; NULL while idle or jammed */
    bus_station **stations; /* ascending id */
    size_t nstations, capstations;
} bus;

static const sw_key bus_keys[] = {
    {"latency", SW_TIME, offsetof(sw_config, latency_ns), false},
    {"bandwidth", SW_BANDWIDTH, offsetof(sw_config, bandwidth), true},
    {"collisions", SW_ON_OFF, offsetof(sw_config, collisions), false},
    {"seed", SW_INTEGER, offsetof(sw_config, seed), false},
    {NULL, SW_TIME, 0, false}};

static void *bus_init(const sw_config *cfg)
{
    bus *s = mem_alloc(sizeof *s);
    s->latency = cfg->latency_ns;
    s->bandwidth = cfg->bandwidth;
    s->collisions = cfg->collisions;
    s->random = (uint64_t)cfg->seed * 2654435769u + 1; /* xorshift needs a nonzero state */
    return s;
}

static uint64_t bus_draw(bus *s)
{
    s->random ^= s->random << 13;
    s->random ^= s->random >> 7;
    s->random ^= s->random << 17;
    return s->random;
}

static bus_station *bus_station_of(bus *s, int id)
{
    size_t lo = 0, hi = s->nstations;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (s->stations[mid]->id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < s->nstations && s->stations[lo]->id == id)
        return s->stations[lo];
    if (s->nstations == s->capstations) {
        s->capstations = s->capstations ? 2 * s->capstations : 8;
        s->stations = mem_realloc(s->stations, s->capstations * sizeof *s->stations);
    }
    memmove(s->stations + lo + 1, s->stations + lo, (s->nstations - lo) * sizeof *s->stations);
    bus_station *st = mem_alloc(sizeof *st);
    st->id = id;
    s->stations[lo] = st;
    s->nstations++;
    return st;
}

static bus_event *bus_schedule(bus_event_kind kind, bus_station *st, int64_t time)
{
    bus_event *e = mem_alloc(sizeof *e);
    *e = (bus_event){kind, st, false};
    st->trying = true;
    simon_core_switch_event(time, e);
    return e;
}

static void bus_deliver(bus *s, const bus_frame *f, int64_t end)
{
    for (int i = 0; i < f->n; i++)
        simon_core_arrive(end + s->latency, f->msg, f->dsts[i]);
}

static void bus_backoff(bus *s, bus_station *st, int64_t from)
{
    st->attempts++;
    int exp = st->attempts < 10 ? st->attempts : 10;
    uint64_t k = bus_draw(s) % ((uint64_t)1 << exp);
    bus_schedule(BUS_ATTEMPT, st, from + (int64_t)k * 2 * s->latency);
}

static void bus_attempt(bus *s, bus_station *st, int64_t t)
{
    bus_frame *f = st->head;
    if (t >= s->busy_until) {
        int64_t tx = sw_tx_ns(f->bytes, s->bandwidth);
        s->signal_start = t;
        s->busy_until = t + tx;
        s->sending = bus_schedule(BUS_END, st, t + tx);
    } else if (t >= s->signal_start + s->latency) {
        bus_schedule(BUS_ATTEMPT, st, s->busy_until);
    } else {
        bus_event *other = s->sending;
        s->sending = NULL;
        s->busy_until = t + s->latency;
        if (other) {
            other->aborted = true;
            bus_backoff(s, other->station, s->busy_until);
        }
        bus_backoff(s, st, s->busy_until);
    }
}

static void bus_end(bus *s, bus_event *e, int64_t t)
{
    bus_station *st = e->station;
    bus_frame *f = st->head;
    if (s->sending == e) /* another may have started at this very time */
        s->sending = NULL;
    sw_link_carried(&s->medium, t - sw_tx_ns(f->bytes, s->bandwidth), t, f->bytes);
    bus_deliver(s, f, t);
    st->head = f->next;
    if (!st->head)
        st->tail = NULL;
    free(f->dsts);
    free(f);
    st->attempts = 0;
    st->trying = false;
    if (st->head)
        bus_attempt(s, st, t);
}

static void bus_send(void *sw, struct simon_msg *msg, int src, const int *dsts, int n, int64_t time,
                     size_t bytes)
{
    bus *s = sw;
    if (!s->collisions) {
        int64_t end = sw_link_transmit(&s->medium, time, bytes, s->bandwidth);
        bus_frame f = {NULL, msg, (int *)dsts, n, bytes};
        bus_deliver(s, &f, end);
        return;
    }
    bus_station *st = bus_station_of(s, src);
    bus_frame *f = mem_alloc(sizeof *f);
    *f = (bus_frame){NULL, msg, mem_alloc((size_t)n * sizeof *dsts), n, bytes};
    memcpy(f->dsts, dsts, (size_t)n * sizeof *dsts);
    if (st->tail)
        st->tail->next = f;
    else
        st->head = f;
    st->tail = f;
    if (!st->trying)
        bus_attempt(s, st, time);
}

static void bus_event_fn(void *sw, int64_t time, void *event)
{
    bus *s = sw;
    bus_event *e = event;
    if (e->kind == BUS_ATTEMPT)
        bus_attempt(s, e->station, time);
    else if (!e->aborted)
        bus_end(s, e, time);
    free(e);
}

static void bus_links(void *sw, sw_link_fn fn, void *ctx)
{
    bus *s = sw;
    fn(ctx, "bus", &s->medium);
}

static void bus_free(void *sw)
{
    bus *s = sw;
    for (size_t i = 0; i < s->nstations; i++)
        free(s->stations[i]);
    free(s->stations);
    free(s);
}

const sw_model sw_bus = {"bus",        bus_keys,  bus_init, bus_send, bus_event_fn,
                         bus_links,    bus_free,  NULL, NULL};
