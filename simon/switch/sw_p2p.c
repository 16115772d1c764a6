/* p2p: one output port per sending task.  The copies of a message leave
 * in ascending destination id, each a transmission of its own; a copy
 * arrives latency after its transmission ends. */
#include "sw.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "core.h"
#include "mem.h"

typedef struct p2p {
    int64_t latency, bandwidth;
    sw_ports out;
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

static void p2p_send(void *sw, struct simon_msg *msg, int src, const int *dsts, int n, int64_t time,
                     size_t bytes)
{
    p2p *s = sw;
    sw_link *port = sw_ports_get(&s->out, src);
    for (int i = 0; i < n; i++) {
        int64_t end = sw_link_transmit(port, time, bytes, s->bandwidth);
        simon_core_arrive(end + s->latency, msg, dsts[i]);
    }
}

static void p2p_links(void *sw, sw_link_fn fn, void *ctx)
{
    p2p *s = sw;
    sw_ports_report(&s->out, "port", fn, ctx);
}

static void p2p_free(void *sw)
{
    p2p *s = sw;
    sw_ports_release(&s->out);
    free(s);
}

const sw_model sw_p2p = {"p2p", p2p_keys, p2p_init, p2p_send, NULL, p2p_links, p2p_free, NULL,
                          NULL};
