/* mesh, torus, hypercube: tasks on the nodes of a grid (dims = 4x4; a
 * hypercube of D dimensions is the grid 2x...x2), node = ID-1 unless
 * placed.  A copy is routed in dimension order (lowest dimension first;
 * on a torus the shorter way round, forward on a tie) as one packet, or
 * as packets of packet_size bytes (the last one shorter), all on its route
 * in order.  Each hop of a packet, taken in event order as a
 * switch-internal event, waits for its directed link n<A>-n<B> and holds
 * it for tx(packet).  Store and forward: the next node has the packet
 * hop_latency after its transmission ends.  Cut-through: the header is
 * there hop_latency after the transmission starts, and the packet goes on
 * at once if the next link is free (its tail follows on every link, all
 * of one bandwidth); else it waits there whole.  A copy arrives when the
 * tail of its last packet reaches the destination.  Tasks on one node
 * exchange copies at the send time.
 *
 * fattree: a k-ary n-tree, hosts h0..h<k^n - 1> (the tasks' nodes) under
 * n levels of k^(n-1) switches s<L>.<W>.  A host's digits in base k are
 * d0 (lowest) .. d<n-1>; host h hangs off s0.<h / k>.  Switch s<L>.<W>
 * (W's digits w0..w<n-2>) reaches, for each j < k, s<L+1>.<W with digit L
 * set to j>, so its subtree is the hosts whose digits L+1.. equal W's
 * digits L...  A copy climbs to the nearest common ancestor, the level of
 * the highest digit where source and destination differ, and goes down
 * its one path: 2 x (that level + 1) hops.  Going up from level L it takes
 * the destination's digit L as its port (destination mod k), so the route
 * depends on the two hosts only and copies to different hosts spread over
 * the upper levels.  Hops, links and packets as on a mesh.
 *
 * dragonfly: groups of a routers r<G>.<R>, all-to-all within a group,
 * each with p hosts (host h on router h / p) and h global links; global
 * port q = R * h + j of group G leads to the q-th other group (q < G: group
 * q, else q + 1), so groups = a * h + 1 and each pair of groups has one
 * global link.  Minimal routing: to the router of the destination group's
 * link, over it, then to the destination's router: at most 5 hops (host,
 * local, global, local, host). */
#include "sw.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "core.h"
#include "diag.h"
#include "mem.h"

typedef struct mesh mesh;
/* The next node from at toward to (at != to). */
typedef int (*mesh_next_fn)(const mesh *s, int at, int to);

struct mesh {
    int64_t latency, bandwidth;
    int dims[SW_MAX_DIMS], ndims;
    int hosts, nodes;   /* tasks' nodes; all nodes, switches too */
    mesh_next_fn next;
    int arity, levels, per_level; /* fattree: k, n, k^(n-1) switches a level */
    int group_routers, router_hosts, global_links; /* dragonfly: a, p, h */
    bool wrap;          /* torus */
    bool cut_through;
    int64_t packet_size; /* 0: one packet per copy */
    sw_place *place;    /* copied from the config, by id (the first of an id's entries first) */
    size_t nplace;
    sw_ports links;     /* keyed by A * nodes + B */
};

/* A copy on its way: where it goes and its packets still on the way. */
typedef struct mesh_copy {
    struct simon_msg *msg;
    int dst, to;
    size_t left;
    int64_t last; /* the latest tail of its packets delivered */
} mesh_copy;

/* A packet of a copy: where it is (its header, with cut-through) and when
 * its tail gets there. */
typedef struct mesh_packet {
    mesh_copy *copy;
    int at;
    size_t bytes;
    int64_t tail;
} mesh_packet;

/* The keys every routed network shares: its hops' latency and bandwidth, the placement
 * of tasks, packets; then the table's end. */
#define MESH_LINK_KEYS                                                        \
    {"hop_latency", SW_TIME, offsetof(sw_config, latency_ns), false},         \
        {"link_bandwidth", SW_BANDWIDTH, offsetof(sw_config, bandwidth), true}, \
        {"place", SW_PLACE, 0, false},                                        \
        {"packet_size", SW_BYTES, offsetof(sw_config, packet_size), false},   \
        {"cut_through", SW_ON_OFF, offsetof(sw_config, cut_through), false},  \
        {NULL, SW_TIME, 0, false}

static const sw_key mesh_keys[] = {{"dims", SW_DIMS, 0, true}, MESH_LINK_KEYS};
static const sw_key cube_keys[] = {{"dims", SW_CUBE_DIMS, 0, true}, MESH_LINK_KEYS};
static const sw_key fattree_keys[] = {
    {"k", SW_INTEGER, offsetof(sw_config, arity), true},
    {"n", SW_INTEGER, offsetof(sw_config, levels), true},
    {"hosts", SW_INTEGER, offsetof(sw_config, hosts), false},
    MESH_LINK_KEYS};
static const sw_key dragonfly_keys[] = {
    {"groups", SW_INTEGER, offsetof(sw_config, groups), true},
    {"routers", SW_INTEGER, offsetof(sw_config, routers), true},
    {"hosts_per_router", SW_INTEGER, offsetof(sw_config, router_hosts), true},
    {"global_links", SW_INTEGER, offsetof(sw_config, global_links), true},
    MESH_LINK_KEYS};

typedef struct mesh_place_rank {
    sw_place place;
    size_t pos;
} mesh_place_rank;

static int mesh_place_cmp(const void *a, const void *b)
{
    const mesh_place_rank *x = a, *y = b;
    if (x->place.id != y->place.id)
        return (x->place.id > y->place.id) - (x->place.id < y->place.id);
    return (x->pos > y->pos) - (x->pos < y->pos);
}

/* The next node from `at` toward `to`: the lowest dimension that differs. */
static int mesh_next(const mesh *s, int at, int to)
{
    int stride = 1;
    for (int i = 0; i < s->ndims; i++) {
        int k = s->dims[i];
        int a = at / stride % k, b = to / stride % k;
        if (a != b) {
            int step = b > a ? 1 : -1;
            if (s->wrap) {
                int forward = (b - a + k) % k;
                step = forward <= k - forward ? 1 : -1;
            }
            return at + ((a + step + k) % k - a) * stride;
        }
        stride *= k;
    }
    return at;
}

/* The next node from at toward to on a fat tree: up to the nearest common
 * ancestor by the destination's digits, then down its one path. */
static int fattree_next(const mesh *s, int at, int to)
{
    int k = s->arity;
    if (at < s->hosts)
        return s->hosts + at / k;
    int level = (at - s->hosts) / s->per_level, w = (at - s->hosts) % s->per_level;
    int below = 1; /* k^level: the unit of W's digit `level` */
    for (int i = 0; i < level; i++)
        below *= k;
    int digit = to / below % k; /* the destination's digit `level` */
    if (to / (below * k) == w / below) {
        if (level == 0)
            return to;
        int unit = below / k; /* down: W's digit level-1 becomes it */
        return s->hosts + (level - 1) * s->per_level + w - w / unit % k * unit + digit * unit;
    }
    return s->hosts + (level + 1) * s->per_level + w - w / below % k * below + digit * below;
}

/* A fat tree's k >= 2, n >= 1, hosts (when given) k^n, and all its nodes
 * within a link key's range; its dims are its hosts. */
static const char *fattree_check(sw_config *cfg, const char **key)
{
    if (cfg->arity < 2) {
        *key = "k";
        return "a k-ary n-tree needs k >= 2";
    }
    if (cfg->levels < 1) {
        *key = "n";
        return "a k-ary n-tree needs n >= 1";
    }
    int64_t hosts = 1;
    for (int64_t i = 0; i < cfg->levels && hosts <= SW_MAX_NODES; i++)
        hosts *= cfg->arity;
    if (hosts > SW_MAX_NODES || hosts + cfg->levels * (hosts / cfg->arity) > SW_MAX_NODES) {
        *key = "n";
        return "more than 32768 hosts and switches";
    }
    if (cfg->hosts >= 0 && cfg->hosts != hosts) {
        *key = "hosts";
        return "hosts is not k^n";
    }
    cfg->ndims = 1;
    cfg->dims[0] = (int)hosts;
    return NULL;
}

/* A router's end of the global link from group `from` toward group `to`. */
static int dragonfly_gateway(const mesh *s, int from, int to)
{
    int q = to < from ? to : to - 1;
    return from * s->group_routers + q / s->global_links;
}

/* The next node from at toward to on a dragonfly: minimal routing. */
static int dragonfly_next(const mesh *s, int at, int to)
{
    int a = s->group_routers, dst = to / s->router_hosts;
    if (at < s->hosts)
        return s->hosts + at / s->router_hosts;
    int router = at - s->hosts, group = router / a, dst_group = dst / a;
    if (router == dst)
        return to;
    if (group == dst_group)
        return s->hosts + dst;
    int out = dragonfly_gateway(s, group, dst_group);
    return s->hosts + (router != out ? out : dragonfly_gateway(s, dst_group, group));
}

/* A dragonfly's counts at least 1, groups = routers x global_links + 1,
 * all its nodes within a link key's range; its dims are its hosts. */
static const char *dragonfly_check(sw_config *cfg, const char **key)
{
    static const struct {
        const char *key;
        size_t offset;
    } counts[] = {{"routers", offsetof(sw_config, routers)},
                  {"hosts_per_router", offsetof(sw_config, router_hosts)},
                  {"global_links", offsetof(sw_config, global_links)},
                  {"groups", offsetof(sw_config, groups)}};
    for (size_t i = 0; i < sizeof counts / sizeof *counts; i++) {
        if (*(const int64_t *)((const char *)cfg + counts[i].offset) < 1) {
            *key = counts[i].key;
            return "must be at least 1";
        }
    }
    if (cfg->routers > SW_MAX_NODES || cfg->global_links > SW_MAX_NODES ||
        cfg->groups != cfg->routers * cfg->global_links + 1) {
        *key = "groups";
        return "groups is not routers x global_links + 1 (one global link between each pair)";
    }
    int64_t routers = cfg->groups * cfg->routers;
    if (cfg->router_hosts > SW_MAX_NODES || routers * (cfg->router_hosts + 1) > SW_MAX_NODES) {
        *key = "groups";
        return "more than 32768 hosts and routers";
    }
    cfg->ndims = 1;
    cfg->dims[0] = (int)(routers * cfg->router_hosts);
    return NULL;
}

static void *mesh_init(const sw_config *cfg)
{
    mesh *s = mem_alloc(sizeof *s);
    s->latency = cfg->latency_ns;
    s->bandwidth = cfg->bandwidth;
    s->ndims = cfg->ndims;
    s->hosts = 1;
    for (int i = 0; i < cfg->ndims; i++) {
        s->dims[i] = cfg->dims[i];
        s->hosts *= cfg->dims[i];
    }
    s->nodes = s->hosts;
    s->next = mesh_next;
    if (cfg->model == &sw_fattree) {
        s->arity = (int)cfg->arity;
        s->levels = (int)cfg->levels;
        s->per_level = s->hosts / s->arity;
        s->nodes += s->levels * s->per_level;
        s->next = fattree_next;
    } else if (cfg->model == &sw_dragonfly) {
        s->group_routers = (int)cfg->routers;
        s->router_hosts = (int)cfg->router_hosts;
        s->global_links = (int)cfg->global_links;
        s->nodes += s->hosts / s->router_hosts;
        s->next = dragonfly_next;
    }
    s->wrap = cfg->model == &sw_torus;
    s->cut_through = cfg->cut_through;
    s->packet_size = cfg->packet_size;
    s->nplace = cfg->nplace;
    s->place = mem_alloc((cfg->nplace + 1) * sizeof *s->place);
    /* by id, then by position in the file: a task's first entry stays first */
    mesh_place_rank *rank = mem_alloc((cfg->nplace + 1) * sizeof *rank);
    for (size_t i = 0; i < cfg->nplace; i++)
        rank[i] = (mesh_place_rank){cfg->place[i], i};
    qsort(rank, cfg->nplace, sizeof *rank, mesh_place_cmp);
    for (size_t i = 0; i < cfg->nplace; i++)
        s->place[i] = rank[i].place;
    free(rank);
    return s;
}

/* A binary search of the placement: no scan per message. */
static int mesh_node(const mesh *s, int id)
{
    size_t lo = 0, hi = s->nplace;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->place[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < s->nplace && s->place[lo].id == id ? s->place[lo].node : id - 1;
}

static bool mesh_admit(void *sw, int id)
{
    const mesh *s = sw;
    int node = mesh_node(s, id);
    if (node < s->hosts)
        return true;
    diag_tool(DIAG_ERROR, "switch: task %d would run on node %d, but the network has %d nodes "
              "(place it with place = ID:NODE)", id, node, s->hosts);
    return false;
}

/* A packet's tail is at its copy's destination: the copy arrives with
 * its last packet. */
static void mesh_deliver(mesh_packet *p)
{
    mesh_copy *c = p->copy;
    if (p->tail > c->last)
        c->last = p->tail;
    free(p);
    if (--c->left)
        return;
    simon_core_arrive(c->last, c->msg, c->dst);
    free(c);
}

/* The packet can leave its node at `time`: deliver it, or send it one hop. */
static void mesh_hop(mesh *s, mesh_packet *p, int64_t time)
{
    if (p->at == p->copy->to) {
        mesh_deliver(p);
        return;
    }
    int next = s->next(s, p->at, p->copy->to);
    sw_link *l = sw_ports_get(&s->links, p->at * s->nodes + next);
    int64_t end = sw_link_transmit(l, time, p->bytes, s->bandwidth);
    p->at = next;
    p->tail = end + s->latency;
    int64_t start = end - sw_tx_ns(p->bytes, s->bandwidth);
    simon_core_switch_event(s->cut_through ? start + s->latency : p->tail, p);
}

/* One copy to dst's node, as its packets in order. */
static void mesh_send_copy(mesh *s, struct simon_msg *msg, int from, int dst, int64_t time,
                           size_t bytes)
{
    size_t size = s->packet_size ? (size_t)s->packet_size : bytes;
    size_t n = size && bytes > size ? (bytes + size - 1) / size : 1;
    mesh_copy *c = mem_alloc(sizeof *c);
    *c = (mesh_copy){msg, dst, mesh_node(s, dst), n, time};
    for (size_t k = 0; k < n; k++) {
        mesh_packet *p = mem_alloc(sizeof *p);
        *p = (mesh_packet){c, from, k + 1 < n ? size : bytes - k * size, time};
        mesh_hop(s, p, time);
    }
}

static void mesh_send(void *sw, struct simon_msg *msg, int src, const int *dsts, int n,
                      int64_t time, size_t bytes)
{
    mesh *s = sw;
    for (int i = 0; i < n; i++)
        mesh_send_copy(s, msg, mesh_node(s, src), dsts[i], time, bytes);
}

static void mesh_event(void *sw, int64_t time, void *event)
{
    mesh_hop(sw, event, time);
}

/* A node's name in the link report: n<N>; on a fat tree h<N> or s<L>.<W>,
 * on a dragonfly h<N> or r<G>.<R>. */
static int mesh_node_name(const mesh *s, int node, char *buf, size_t size)
{
    if (s->next == mesh_next)
        return snprintf(buf, size, "n%d", node);
    if (node < s->hosts)
        return snprintf(buf, size, "h%d", node);
    node -= s->hosts;
    if (s->next == dragonfly_next)
        return snprintf(buf, size, "r%d.%d", node / s->group_routers, node % s->group_routers);
    return snprintf(buf, size, "s%d.%d", node / s->per_level, node % s->per_level);
}

static void mesh_links(void *sw, sw_link_fn fn, void *ctx)
{
    const mesh *s = sw;
    for (size_t i = 0; i < s->links.n; i++) {
        const sw_port *p = &s->links.ports[i];
        char name[48];
        int len = mesh_node_name(s, p->id / s->nodes, name, sizeof name / 2);
        name[len] = '-';
        mesh_node_name(s, p->id % s->nodes, name + len + 1, sizeof name / 2);
        fn(ctx, name, &p->link);
    }
}

static void mesh_free(void *sw)
{
    mesh *s = sw;
    sw_ports_release(&s->links);
    free(s->place);
    free(s);
}

const sw_model sw_mesh = {"mesh", mesh_keys, mesh_init, mesh_send, mesh_event, mesh_links,
                          mesh_free, mesh_admit, NULL};
const sw_model sw_torus = {"torus", mesh_keys, mesh_init, mesh_send, mesh_event, mesh_links,
                           mesh_free, mesh_admit, NULL};
const sw_model sw_hypercube = {"hypercube", cube_keys, mesh_init, mesh_send, mesh_event,
                               mesh_links, mesh_free, mesh_admit, NULL};
const sw_model sw_fattree = {"fattree", fattree_keys, mesh_init, mesh_send, mesh_event,
                             mesh_links, mesh_free, mesh_admit, fattree_check};
const sw_model sw_dragonfly = {"dragonfly", dragonfly_keys, mesh_init, mesh_send, mesh_event,
                               mesh_links, mesh_free, mesh_admit, dragonfly_check};
