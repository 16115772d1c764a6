/* crossbar: every task has an input port (into the crossbar, as sender)
 * and an output port (out of it, as destination).  A copy, taken in
 * ascending destination id, starts when both the sender's input and the
 * destination's output are free, holds both for tx, and arrives latency
 * after it ends. */
#include "sw.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "core.h"
#include "mem.h"

typedef struct crossbar {
    int64_t latency, bandwidth;
    sw_ports in, out;
} crossbar;

static const sw_key crossbar_keys[] = {
    {"latency", SW_TIME, offsetof(sw_config, latency_ns), false},
    {"bandwidth", SW_BANDWIDTH, offsetof(sw_config, bandwidth), true},
    {NULL, SW_TIME, 0, false}};

static void *crossbar_init(const sw_config *cfg)
{
    crossbar *s = mem_alloc(sizeof *s);
    s->latency = cfg->latency_ns;
    s->bandwidth = cfg->bandwidth;
    return s;
}

static void crossbar_send(void *sw, struct simon_msg *msg, int src, const int *dsts, int n,
                          int64_t time, size_t bytes)
{
    crossbar *s = sw;
    for (int i = 0; i < n; i++) {
        sw_link *in = sw_ports_get(&s->in, src);
        sw_link *out = sw_ports_get(&s->out, dsts[i]);
        int64_t start = time > in->free_at ? time : in->free_at;
        if (out->free_at > start)
            start = out->free_at;
        sw_link_transmit(in, start, bytes, s->bandwidth);
        int64_t end = sw_link_transmit(out, start, bytes, s->bandwidth);
        simon_core_arrive(end + s->latency, msg, dsts[i]);
    }
}

static void crossbar_links(void *sw, sw_link_fn fn, void *ctx)
{
    crossbar *s = sw;
    sw_ports_report(&s->in, "in", fn, ctx);
    sw_ports_report(&s->out, "out", fn, ctx);
}

static void crossbar_free(void *sw)
{
    crossbar *s = sw;
    sw_ports_release(&s->in);
    sw_ports_release(&s->out);
    free(s);
}

const sw_model sw_crossbar = {"crossbar",     crossbar_keys, crossbar_init, crossbar_send, NULL,
                              crossbar_links, crossbar_free, NULL, NULL};
