#include "sw.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "mem.h"

sw_link_observer_fn sw_link_observer;

void sw_link_carried(sw_link *l, int64_t start, int64_t end, size_t bytes)
{
    l->msgs++;
    l->bytes += (int64_t)bytes;
    l->busy_ns += end - start;
    if (sw_link_observer)
        sw_link_observer(l, start, end, bytes);
}

int64_t sw_link_transmit(sw_link *l, int64_t t, size_t bytes, int64_t bandwidth)
{
    int64_t start = t > l->free_at ? t : l->free_at;
    l->free_at = start + sw_tx_ns(bytes, bandwidth);
    sw_link_carried(l, start, l->free_at, bytes);
    return l->free_at;
}

sw_link *sw_ports_get(sw_ports *p, int id)
{
    size_t lo = 0, hi = p->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (p->ports[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == p->n || p->ports[lo].id != id) {
        if (p->n == p->cap) {
            p->cap = p->cap ? 2 * p->cap : 8;
            p->ports = mem_realloc(p->ports, p->cap * sizeof *p->ports);
        }
        for (size_t i = p->n; i > lo; i--)
            p->ports[i] = p->ports[i - 1];
        p->ports[lo] = (sw_port){.id = id};
        p->n++;
    }
    return &p->ports[lo].link;
}

void sw_ports_report(const sw_ports *p, const char *prefix, sw_link_fn fn, void *ctx)
{
    for (size_t i = 0; i < p->n; i++) {
        char name[64];
        snprintf(name, sizeof name, "%s%d", prefix, p->ports[i].id);
        fn(ctx, name, &p->ports[i].link);
    }
}

void sw_ports_release(sw_ports *p)
{
    free(p->ports);
    *p = (sw_ports){0};
}
