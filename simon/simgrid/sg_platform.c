#include "sg_platform.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* One writer per switch model: the links and routes between n hosts. */
typedef struct sg_writer {
    const char *model;
    void (*write)(strbuf *out, const sw_config *cfg, int n, int width);
} sg_writer;

static void sg_link(strbuf *out, const char *id, const sw_config *cfg, int64_t latency_ns,
                    const char *sharing)
{
    strbuf_printf(out,
                  "    <link id=\"%s\" bandwidth=\"%" PRId64 "Bps\" latency=\"%" PRId64
                  "ns\" sharing_policy=\"%s\"/>\n",
                  id, cfg->bandwidth, latency_ns, sharing);
}

/* A route from host a to host b through the given links (id, direction
 * or NULL). */
static void sg_route(strbuf *out, int width, int a, int b, const char *const *links,
                     const char *const *dirs, int nlinks)
{
    strbuf_printf(out, "    <route src=\"h%0*d\" dst=\"h%0*d\" symmetrical=\"NO\">", width, a,
                  width, b);
    for (int i = 0; i < nlinks; i++) {
        if (dirs[i])
            strbuf_printf(out, "<link_ctn id=\"%s\" direction=\"%s\"/>", links[i], dirs[i]);
        else
            strbuf_printf(out, "<link_ctn id=\"%s\"/>", links[i]);
    }
    strbuf_append(out, "</route>\n");
}

static void sg_write_null(strbuf *out, const sw_config *cfg, int n, int width)
{
    (void)out;
    (void)cfg;
    (void)n;
    (void)width;
}

static void sg_write_p2p(strbuf *out, const sw_config *cfg, int n, int width)
{
    char id[64];
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            snprintf(id, sizeof id, "l%d-%d", a, b);
            sg_link(out, id, cfg, cfg->latency_ns, "SPLITDUPLEX");
        }
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++) {
            if (a == b)
                continue;
            snprintf(id, sizeof id, "l%d-%d", a < b ? a : b, a < b ? b : a);
            const char *links[] = {id};
            const char *dirs[] = {a < b ? "UP" : "DOWN"};
            sg_route(out, width, a, b, links, dirs, 1);
        }
}

static void sg_write_crossbar(strbuf *out, const sw_config *cfg, int n, int width)
{
    char up[32], down[32];
    for (int a = 0; a < n; a++) {
        snprintf(up, sizeof up, "up%d", a);
        snprintf(down, sizeof down, "down%d", a);
        sg_link(out, up, cfg, cfg->latency_ns, "SHARED");
        sg_link(out, down, cfg, 0, "SHARED");
    }
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++) {
            if (a == b)
                continue;
            snprintf(up, sizeof up, "up%d", a);
            snprintf(down, sizeof down, "down%d", b);
            const char *links[] = {up, down};
            const char *dirs[] = {NULL, NULL};
            sg_route(out, width, a, b, links, dirs, 2);
        }
}

static void sg_write_bus(strbuf *out, const sw_config *cfg, int n, int width)
{
    sg_link(out, "bus", cfg, cfg->latency_ns, "SHARED");
    const char *links[] = {"bus"};
    const char *dirs[] = {NULL};
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            if (a != b)
                sg_route(out, width, a, b, links, dirs, 1);
}

static const sg_writer sg_writers[] = {
    {"null", sg_write_null},
    {"p2p", sg_write_p2p},
    {"crossbar", sg_write_crossbar},
    {"bus", sg_write_bus},
};

bool sg_platform_xml(strbuf *out, const sw_config *cfg, int n, const char **why)
{
    const char *model = cfg ? cfg->model->name : "null";
    const sg_writer *w = NULL;
    for (size_t i = 0; i < sizeof sg_writers / sizeof *sg_writers; i++)
        if (!strcmp(sg_writers[i].model, model))
            w = &sg_writers[i];
    if (!w) {
        *why = "this switch model has no SimGrid translation (give a platform with -platform)";
        return false;
    }
    if (cfg && cfg->collisions) {
        *why = "the bus's collisions have no SimGrid translation (SimGrid shares the link)";
        return false;
    }
    int width = 1;
    for (int k = n - 1; k >= 10; k /= 10)
        width++;
    strbuf_printf(out, "<?xml version='1.0'?>\n"
                       "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                       "<!-- SIMON switch model %s on %d hosts -->\n"
                       "<platform version=\"4.1\">\n"
                       "  <zone id=\"simon\" routing=\"Full\">\n",
                  model, n);
    for (int i = 0; i < n; i++)
        strbuf_printf(out, "    <host id=\"h%0*d\" speed=\"1Gf\"/>\n", width, i);
    w->write(out, cfg, n, width);
    strbuf_append(out, "  </zone>\n</platform>\n");
    return true;
}
