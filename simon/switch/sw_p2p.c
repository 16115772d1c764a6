/* p2p: one output port per sending task.  The copies of a message leave
 * in ascending destination id, each a transmission of its own; a copy
 * arrives latency after its transmission ends. */
#include "sw.h"

#include <stdio.h>
#include <stdlib.h>

#include "core.h"
#include "mem.h"

typedef struct p2p_port {
    int id;
    sw_link link;
} p2p_port;

typedef struct p2p {
    int64_t latency, bandwidth;
    p2p_port *ports; /* ascending id */
    size_t n, cap;
} p2p;

static const sw_key p2p_keys[] = {
    {"latency", SW_TIME, offsetof(sw_config, latency_ns), false},
    {"bandwidth", SW_BANDWIDTH, offsetof(sw_config, bandwidth), true},
    {NULL, SW_TIME, 0, false}};

static void *p2p_init(const sw_config *cfg)
{
    p2p *s = mem_alloc(sizeof *s);
    s->latency = cfg->latency_ns;
    s->bandwidth = cfg->bandwidth;
    return s;
}

static sw_link *p2p_port_of(p2p *s, int id)
{
    size_t lo = 0, hi = s->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (s->ports[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == s->n || s->ports[lo].id != id) {
        if (s->n == s->cap) {
            s->cap = s->cap ? 2 * s->cap : 8;
            s->ports = mem_realloc(s->ports, s->cap * sizeof *s->ports);
        }
        for (size_t i = s->n; i > lo; i--)
            s->ports[i] = s->ports[i - 1];
        s->ports[lo] = (p2p_port){id, {0, 0, 0, 0}};
        s->n++;
    }
    return &s->ports[lo].link;
}

static void p2p_send(void *sw, struct simon_msg *msg, int src, const int *dsts, int n, int64_t time,
                     size_t bytes)
{
    p2p *s = sw;
    sw_link *port = p2p_port_of(s, src);
    for (int i = 0; i < n; i++) {
        int64_t end = sw_link_transmit(port, time, bytes, s->bandwidth);
        simon_core_arrive(end + s->latency, msg, dsts[i]);
    }
}

static void p2p_event(void *sw, int64_t time, void *event)
{
    (void)sw, (void)time, (void)event;
}

static void p2p_links(void *sw, sw_link_fn fn, void *ctx)
{
    p2p *s = sw;
    for (size_t i = 0; i < s->n; i++) {
        char name[32];
        snprintf(name, sizeof name, "port%d", s->ports[i].id);
        const sw_link *l = &s->ports[i].link;
        fn(ctx, name, l->msgs, l->bytes, l->busy_ns);
    }
}

static void p2p_free(void *sw)
{
    p2p *s = sw;
    free(s->ports);
    free(s);
}

const sw_model sw_p2p = {"p2p", p2p_keys, p2p_init, p2p_send, p2p_event, p2p_links, p2p_free};
