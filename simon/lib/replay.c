/* Replaying messages through a switch model.  The model calls back into
 * the core (simon_core_arrive, simon_core_switch_event); here those are
 * defined to record the last arrival and to queue the model's events in a
 * heap ordered as the core orders events: (time, class, sequence), sends
 * before the model's own events of the same time. */
#include "replay.h"

#include <stdint.h>
#include <stdlib.h>

#include "core.h"
#include "mem.h"
#include "sw.h"

typedef struct replay_event {
    int64_t time;
    int cls; /* 0: a send, 1: the model's */
    uint64_t seq;
    size_t msg; /* a send: its index */
    void *data; /* the model's */
} replay_event;

typedef struct replay {
    replay_event *heap;
    size_t n, cap;
    uint64_t seq;
    int64_t last;
} replay;

/* The replay running now: the model's callbacks carry no context. */
static replay *replay_now;

static bool replay_before(const replay_event *a, const replay_event *b)
{
    if (a->time != b->time)
        return a->time < b->time;
    if (a->cls != b->cls)
        return a->cls < b->cls;
    return a->seq < b->seq;
}

static void replay_push(replay *r, replay_event e)
{
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 64;
        r->heap = mem_realloc(r->heap, r->cap * sizeof *r->heap);
    }
    e.seq = r->seq++;
    size_t i = r->n++;
    for (; i > 0 && replay_before(&e, &r->heap[(i - 1) / 2]); i = (i - 1) / 2)
        r->heap[i] = r->heap[(i - 1) / 2];
    r->heap[i] = e;
}

static replay_event replay_pop(replay *r)
{
    replay_event top = r->heap[0], last = r->heap[--r->n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= r->n)
            break;
        if (c + 1 < r->n && replay_before(&r->heap[c + 1], &r->heap[c]))
            c++;
        if (!replay_before(&r->heap[c], &last))
            break;
        r->heap[i] = r->heap[c];
        i = c;
    }
    if (r->n)
        r->heap[i] = last;
    return top;
}

void simon_core_arrive(int64_t time, simon_msg *msg, int dst)
{
    (void)msg, (void)dst;
    if (time > replay_now->last)
        replay_now->last = time;
}

void simon_core_switch_event(int64_t time, void *event)
{
    replay_push(replay_now, (replay_event){time, 1, 0, 0, event});
}

static int replay_id_compare(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Every task the messages name, placed once each, in ascending id. */
static bool replay_admit(const sw_model *model, void *sw, const simon_replay_msg *msgs, size_t n)
{
    if (!model->admit)
        return true;
    int *ids = mem_alloc((2 * n + 1) * sizeof *ids);
    for (size_t i = 0; i < n; i++) {
        ids[2 * i] = msgs[i].src;
        ids[2 * i + 1] = msgs[i].dst;
    }
    qsort(ids, 2 * n, sizeof *ids, replay_id_compare);
    bool ok = true;
    for (size_t i = 0; ok && i < 2 * n; i++)
        if (i == 0 || ids[i] != ids[i - 1])
            ok = model->admit(sw, ids[i]);
    free(ids);
    return ok;
}

bool simon_replay(const sw_config *cfg, const simon_replay_msg *msgs, size_t n, int64_t *last)
{
    const sw_model *model = cfg->model;
    void *sw = model->initsw ? model->initsw(cfg) : NULL;
    replay r = {0};
    replay_now = &r;
    bool ok = replay_admit(model, sw, msgs, n);
    simon_msg **sent = mem_alloc((n ? n : 1) * sizeof *sent);
    for (size_t i = 0; ok && i < n; i++)
        replay_push(&r, (replay_event){msgs[i].time, 0, 0, i, NULL});
    size_t nsent = 0;
    while (ok && r.n) {
        replay_event e = replay_pop(&r);
        if (e.cls == 1) {
            model->switchev(sw, e.time, e.data);
            continue;
        }
        const simon_replay_msg *m = &msgs[e.msg];
        simon_msg *msg = mem_alloc(sizeof *msg);
        *msg = (simon_msg){.refs = 1, .src = m->src, .len = m->bytes};
        sent[nsent++] = msg;
        model->sendev(sw, msg, m->src, &m->dst, 1, e.time, m->bytes);
    }
    for (size_t i = 0; i < nsent; i++)
        free(sent[i]);
    free(sent);
    free(r.heap);
    if (model->freesw)
        model->freesw(sw);
    replay_now = NULL;
    *last = r.last;
    return ok;
}
