/* null: every copy arrives when it is sent; no links. */
#include "sw.h"

#include "core.h"

static const sw_key sw_null_keys[] = {{NULL, SW_TIME, 0, false}};

static void *sw_null_init(const sw_config *cfg)
{
    (void)cfg;
    return NULL;
}

static void sw_null_send(void *sw, struct simon_msg *msg, int src, const int *dsts, int n,
                         int64_t time, size_t bytes)
{
    (void)sw, (void)src, (void)bytes;
    for (int i = 0; i < n; i++)
        simon_core_arrive(time, msg, dsts[i]);
}

static void sw_null_event(void *sw, int64_t time, void *event)
{
    (void)sw, (void)time, (void)event;
}

static void sw_null_links(void *sw, sw_link_fn fn, void *ctx)
{
    (void)sw, (void)fn, (void)ctx;
}

static void sw_null_free(void *sw)
{
    (void)sw;
}

const sw_model sw_null = {"null", sw_null_keys, sw_null_init, sw_null_send, sw_null_event,
                          sw_null_links, sw_null_free, NULL};
