/* bus: one shared medium, first come first served in event order; one
 * transmission reaches every destination of a message, latency after it
 * ends.  Collisions (CSMA/CD) are not modelled. */
#include "sw.h"

#include <stdlib.h>

#include "core.h"
#include "mem.h"

typedef struct bus {
    int64_t latency, bandwidth;
    sw_link medium;
} bus;

static const sw_key bus_keys[] = {
    {"latency", SW_TIME, offsetof(sw_config, latency_ns), false},
    {"bandwidth", SW_BANDWIDTH, offsetof(sw_config, bandwidth), true},
    {NULL, SW_TIME, 0, false}};

static void *bus_init(const sw_config *cfg)
{
    bus *s = mem_alloc(sizeof *s);
    s->latency = cfg->latency_ns;
    s->bandwidth = cfg->bandwidth;
    return s;
}

static void bus_send(void *sw, struct simon_msg *msg, int src, const int *dsts, int n, int64_t time,
                     size_t bytes)
{
    bus *s = sw;
    (void)src;
    int64_t end = sw_link_transmit(&s->medium, time, bytes, s->bandwidth);
    for (int i = 0; i < n; i++)
        simon_core_arrive(end + s->latency, msg, dsts[i]);
}

static void bus_event(void *sw, int64_t time, void *event)
{
    (void)sw, (void)time, (void)event;
}

static void bus_links(void *sw, sw_link_fn fn, void *ctx)
{
    bus *s = sw;
    fn(ctx, "bus", s->medium.msgs, s->medium.bytes, s->medium.busy_ns);
}

static void bus_free(void *sw)
{
    free(sw);
}

const sw_model sw_bus = {"bus", bus_keys, bus_init, bus_send, bus_event, bus_links, bus_free, NULL};
