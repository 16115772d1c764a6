/* sw: the switch models behind the seed's interface (section 7.6).  A model
 * is a table entry: initsw() builds its state from the switch file's
 * settings, sendev() takes one message sent at `time` to the n destination
 * task ids (ascending) and schedules its arrivals (simon_core_arrive) and
 * its own events (simon_core_switch_event), switchev() handles those,
 * links() reports the traffic of each link in a fixed order, and
 * freesw() releases the state.  Only sendev is required: a model without
 * state, events of its own or links leaves the others NULL.  Models never
 * free messages; the core does.
 *
 * sw_config_read() parses a switch file (`key = value`, `#` comments, `model`
 * first); the config holds no pointers into the file's text, and its
 * placement is freed by sw_config_release() (the models copy what they
 * keep).
 *
 * Used by the SIMON core and the replay of chips -network (both link the
 * models), chips' command line (-network reads a switch file) and the
 * fuzz target of switch files. */
#ifndef SIMON_SW_H
#define SIMON_SW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct simon_msg;

#define SW_MAX_DIMS 8
/* A link is keyed by A * nodes + B, which must fit an int. */
#define SW_MAX_NODES (1 << 15)

/* place = ID:NODE: task ID runs on NODE (else on node ID-1). */
typedef struct sw_place {
    int id, node;
} sw_place;

typedef struct sw_config {
    const struct sw_model *model;
    int64_t latency_ns; /* latency, or hop_latency */
    int64_t bandwidth;  /* bytes per second: bandwidth, or link_bandwidth */
    int64_t collisions; /* bus: 1 for collisions = on */
    int64_t seed;       /* bus: the backoff's random sequence */
    int64_t packet_size; /* mesh, torus, hypercube, fattree: bytes per packet; 0: whole */
    int64_t cut_through; /* mesh, torus, hypercube, fattree: 1 cut-through */
    int64_t arity, levels, hosts; /* fattree: k, n and (to check) k^n, -1 unset */
    int64_t groups, routers, router_hosts, global_links; /* dragonfly: g, a, p, h */
    int dims[SW_MAX_DIMS], ndims; /* the network's shape: 4x4 (a hypercube's 2x2x...; a
                                   * fat tree's or dragonfly's hosts) */
    sw_place *place;    /* owned: sw_config_release() */
    size_t nplace;
} sw_config;

struct sw_link;
/* One link of the report, by name; its counts are in *link. */
typedef void (*sw_link_fn)(void *ctx, const char *name, const struct sw_link *link);

typedef enum sw_value_kind {
    SW_TIME,      /* ns|us|ms|s, default ns */
    SW_BANDWIDTH, /* B/s|KB/s|MB/s|GB/s|KiB/s|MiB/s|GiB/s */
    SW_DIMS,      /* 4x4: sizes of the dimensions */
    SW_CUBE_DIMS, /* 4: the number of dimensions of size 2 */
    SW_PLACE,     /* ID:NODE,... */
    SW_ON_OFF,    /* on|off, stored as 1|0 */
    SW_INTEGER,   /* a whole number >= 0 */
    SW_BYTES,     /* a whole number of bytes >= 1 */
} sw_value_kind;

typedef struct sw_key {
    const char *name;
    sw_value_kind kind;
    size_t offset;  /* SW_TIME, SW_BANDWIDTH, SW_ON_OFF, SW_INTEGER, SW_BYTES: offsetof the int64_t */
    bool required;
} sw_key;

typedef struct sw_model {
    const char *name;
    const sw_key *keys; /* ends with {NULL} */
    void *(*initsw)(const sw_config *cfg);
    void (*sendev)(void *sw, struct simon_msg *msg, int src, const int *dsts, int n, int64_t time,
                   size_t bytes);
    void (*switchev)(void *sw, int64_t time, void *event);
    void (*links)(void *sw, sw_link_fn fn, void *ctx);
    void (*freesw)(void *sw);
    /* After bootstrap, before any task runs: false after an error when the
     * task cannot be placed (NULL: every task can). */
    bool (*admit)(void *sw, int id);
    /* After every key is read: NULL, or what is wrong with the settings
     * together and *key, the key to point at; may derive dims (NULL: no
     * such rule). */
    const char *(*check)(sw_config *cfg, const char **key);
} sw_model;

extern const sw_model sw_null, sw_p2p, sw_bus, sw_crossbar, sw_mesh, sw_torus, sw_hypercube,
    sw_fattree, sw_dragonfly;

/* The model called name, or NULL. */
const sw_model *sw_find(const char *name);

/* tx(S) = ceil(S * 10^9 / B) ns. */
int64_t sw_tx_ns(size_t bytes, int64_t bandwidth);

/* A link that carries one transmission at a time, first come first served. */
typedef struct sw_link {
    int64_t free_at; /* when the current transmission ends */
    int64_t msgs, bytes, busy_ns;
    int trace_row;   /* the tracer's number for it, 0 until it has one */
} sw_link;

/* A transmission of bytes offered at time t: it starts at max(t, free_at)
 * and takes tx(bytes); returns when it ends. */
int64_t sw_link_transmit(sw_link *l, int64_t t, size_t bytes, int64_t bandwidth);
/* Counts a transmission of bytes on l from start to end (the bus with
 * collisions, which schedules its own). */
void sw_link_carried(sw_link *l, int64_t start, int64_t end, size_t bytes);

/* Told of every transmission sw_link_carried() counts when set (simon's
 * -trace); NULL otherwise, the default. */
typedef void (*sw_link_observer_fn)(sw_link *l, int64_t start, int64_t end, size_t bytes);
extern sw_link_observer_fn sw_link_observer;

/* Links keyed by task id (a port per task), kept in ascending id. */
typedef struct sw_port {
    int id;
    sw_link link;
} sw_port;

typedef struct sw_ports {
    sw_port *ports;
    size_t n, cap;
} sw_ports;

/* The link of task id, created idle on first use. */
sw_link *sw_ports_get(sw_ports *p, int id);
/* fn for each port in ascending id, named PREFIX<ID>. */
void sw_ports_report(const sw_ports *p, const char *prefix, sw_link_fn fn, void *ctx);
void sw_ports_release(sw_ports *p);

/* False after `FILE:LINE:COL: error: text` through diag. */
bool sw_config_read(const char *path, sw_config *cfg);
void sw_config_release(sw_config *cfg);

#endif
