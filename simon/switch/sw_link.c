#include "sw.h"

int64_t sw_link_transmit(sw_link *l, int64_t t, size_t bytes, int64_t bandwidth)
{
    int64_t tx = sw_tx_ns(bytes, bandwidth);
    int64_t start = t > l->free_at ? t : l->free_at;
    l->free_at = start + tx;
    l->msgs++;
    l->bytes += (int64_t)bytes;
    l->busy_ns += tx;
    return l->free_at;
}
