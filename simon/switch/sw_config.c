/* The switch file: `key = value` lines, `#` comments, `model` first. */
#include "sw.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fileio.h"
#include "mem.h"

static const sw_model *const sw_models[] = {&sw_null, &sw_p2p, &sw_bus, &sw_crossbar,
                                              &sw_mesh, &sw_torus, &sw_hypercube, &sw_fattree,
                                              &sw_dragonfly};

const sw_model *sw_find(const char *name)
{
    for (size_t i = 0; i < sizeof sw_models / sizeof *sw_models; i++)
        if (strcmp(sw_models[i]->name, name) == 0)
            return sw_models[i];
    return NULL;
}

int64_t sw_tx_ns(size_t bytes, int64_t bandwidth)
{
    /* bytes * 10^9 fits in 128 bits for any size_t. */
    unsigned __int128 num = (unsigned __int128)bytes * 1000000000u;
    unsigned __int128 tx = (num + (unsigned __int128)bandwidth - 1) / (unsigned __int128)bandwidth;
    return tx > (unsigned __int128)INT64_MAX ? INT64_MAX : (int64_t)tx;
}

typedef struct sw_unit {
    const char *name;
    uint64_t scale;
} sw_unit;

static const sw_unit sw_time_units[] = {
    {"ns", 1}, {"us", 1000}, {"ms", 1000000}, {"s", 1000000000}, {"", 1}, {NULL, 0}};
static const sw_unit sw_bandwidth_units[] = {
    {"B/s", 1},          {"KB/s", 1000},          {"MB/s", 1000000},
    {"GB/s", 1000000000}, {"KiB/s", 1024},         {"MiB/s", 1048576},
    {"GiB/s", 1073741824}, {"", 1},                {NULL, 0}};

/* A decimal with an optional unit of kind, scaled to whole ns or B/s: NULL
 * on success, else what is wrong. */
static const char *sw_parse_value(const char *text, sw_value_kind kind, int64_t *out)
{
    const sw_unit *units = kind == SW_TIME ? sw_time_units : sw_bandwidth_units;
    const char *p = text;
    unsigned __int128 mant = 0, div = 1;
    bool digits = false, point = false;
    for (; isdigit((unsigned char)*p) || (*p == '.' && !point); p++) {
        if (*p == '.') {
            point = true;
            continue;
        }
        digits = true;
        mant = mant * 10 + (unsigned)(*p - '0');
        if (point)
            div *= 10;
        if (mant > (unsigned __int128)INT64_MAX * 1000 || div > 1000000000000000000u)
            return "number too large";
    }
    if (!digits)
        return kind == SW_TIME
                   ? "expected a time (ns, us, ms or s)"
                   : "expected a bandwidth (B/s, KB/s, MB/s, GB/s, KiB/s, MiB/s, GiB/s)";
    while (*p == ' ' || *p == '\t')
        p++;
    const sw_unit *u = units;
    while (u->name && strcmp(u->name, p) != 0)
        u++;
    if (!u->name)
        return kind == SW_TIME ? "unknown time unit (ns, us, ms, s)"
                               : "unknown bandwidth unit (B/s, KB/s, MB/s, GB/s, KiB/s, MiB/s, "
                                 "GiB/s)";
    unsigned __int128 v = mant * u->scale;
    if (v % div)
        return kind == SW_TIME ? "not a whole number of ns" : "not a whole number of B/s";
    v /= div;
    if (v > (unsigned __int128)INT64_MAX)
        return "number too large";
    *out = (int64_t)v;
    return NULL;
}

/* A positive whole number at *p, moved past it; 0 when there is none. */
static long sw_whole(const char **p, long max)
{
    long v = 0;
    if (!isdigit((unsigned char)**p))
        return 0;
    for (; isdigit((unsigned char)**p); ++*p)
        if ((v = v * 10 + (**p - '0')) > max)
            return 0;
    return v;
}


static const char *sw_parse_dims(const char *text, sw_config *cfg)
{
    const char *p = text;
    long nodes = 1;
    cfg->ndims = 0;
    do {
        if (cfg->ndims == SW_MAX_DIMS)
            return "more than 8 dimensions";
        long d = sw_whole(&p, SW_MAX_NODES);
        if (d < 1)
            return "expected dimension sizes like 4x4";
        if ((nodes *= d) > SW_MAX_NODES)
            return "more than 32768 nodes";
        cfg->dims[cfg->ndims++] = (int)d;
    } while (*p++ == 'x');
    return p[-1] ? "expected dimension sizes like 4x4" : NULL;
}

static const char *sw_parse_cube(const char *text, sw_config *cfg)
{
    const char *p = text;
    long d = sw_whole(&p, 15);
    if (d < 1 || *p)
        return "expected the number of dimensions, 1 to 15";
    cfg->ndims = (int)d;
    for (int i = 0; i < cfg->ndims; i++)
        cfg->dims[i] = 2;
    return NULL;
}

static const char *sw_parse_place(const char *text, sw_config *cfg)
{
    const char *p = text;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        long id = sw_whole(&p, 0x7fffffff);
        while (*p == ' ' || *p == '\t')
            p++;
        if (id < 1 || *p++ != ':')
            return "expected ID:NODE pairs, ID > 0";
        while (*p == ' ' || *p == '\t')
            p++;
        if (!isdigit((unsigned char)*p))
            return "expected ID:NODE pairs, ID > 0";
        long node = *p == '0' ? (p++, 0) : sw_whole(&p, SW_MAX_NODES);
        for (size_t i = 0; i < cfg->nplace; i++)
            if (cfg->place[i].id == id)
                return "a task placed twice";
        cfg->place = mem_realloc(cfg->place, (cfg->nplace + 1) * sizeof *cfg->place);
        cfg->place[cfg->nplace++] = (sw_place){(int)id, (int)node};
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            return NULL;
        if (*p++ != ',')
            return "expected ID:NODE pairs, ID > 0";
    }
}

static const char *sw_store(const sw_key *k, const char *text, sw_config *cfg)
{
    int64_t v;
    const char *why;
    switch (k->kind) {
    case SW_DIMS:
        return sw_parse_dims(text, cfg);
    case SW_CUBE_DIMS:
        return sw_parse_cube(text, cfg);
    case SW_PLACE:
        return sw_parse_place(text, cfg);
    case SW_ON_OFF:
        if (strcmp(text, "on") != 0 && strcmp(text, "off") != 0)
            return "expected on or off";
        v = strcmp(text, "on") == 0;
        *(int64_t *)((char *)cfg + k->offset) = v;
        return NULL;
    case SW_INTEGER: {
        const char *p = text;
        v = *p == '0' && !p[1] ? 0 : sw_whole(&p, 0x7fffffff);
        if ((v == 0 && strcmp(text, "0") != 0) || (v && *p))
            return "expected a whole number";
        *(int64_t *)((char *)cfg + k->offset) = v;
        return NULL;
    }
    case SW_BYTES: {
        const char *p = text;
        v = sw_whole(&p, 0x7fffffff);
        if (v < 1 || *p)
            return "expected a whole number of bytes, at least 1";
        *(int64_t *)((char *)cfg + k->offset) = v;
        return NULL;
    }
    case SW_TIME:
    case SW_BANDWIDTH:
        break;
    }
    why = sw_parse_value(text, k->kind, &v);
    if (!why && k->kind == SW_BANDWIDTH && v == 0)
        why = "bandwidth must be positive";
    if (!why)
        *(int64_t *)((char *)cfg + k->offset) = v;
    return why;
}

/* One line's key and value, trimmed, with their 1-based columns. */
typedef struct sw_line {
    const char *file;
    unsigned line;
    char *key, *value;
    unsigned key_col, value_col;
} sw_line;

static char *sw_trim(char *s, char *end)
{
    while (end > s && isspace((unsigned char)end[-1]))
        end--;
    *end = '\0';
    return s;
}

/* Splits text (one line, comment removed) into l; false after an error. */
static bool sw_split(char *text, sw_line *l)
{
    char *p = text;
    while (isspace((unsigned char)*p))
        p++;
    char *eq = strchr(p, '=');
    if (!eq) {
        diag_at(DIAG_ERROR, l->file, l->line, (unsigned)(p - text) + 1, "expected 'key = value'");
        return false;
    }
    l->key_col = (unsigned)(p - text) + 1;
    l->key = sw_trim(p, eq);
    char *v = eq + 1;
    while (isspace((unsigned char)*v))
        v++;
    l->value_col = (unsigned)(v - text) + 1;
    l->value = sw_trim(v, v + strlen(v));
    if (!*l->key) {
        diag_at(DIAG_ERROR, l->file, l->line, l->key_col, "missing key before '='");
        return false;
    }
    if (!*l->value) {
        diag_at(DIAG_ERROR, l->file, l->line, l->value_col, "missing value for '%s'", l->key);
        return false;
    }
    return true;
}

static bool sw_set_model(const sw_line *l, sw_config *cfg)
{
    if (strcmp(l->key, "model") != 0) {
        diag_at(DIAG_ERROR, l->file, l->line, l->key_col, "the first key must be 'model', not '%s'",
                l->key);
        return false;
    }
    cfg->model = sw_find(l->value);
    if (!cfg->model) {
        diag_at(DIAG_ERROR, l->file, l->line, l->value_col,
                "unknown model '%s' (null, p2p, bus, crossbar, mesh, torus, hypercube, "
                "fattree, dragonfly)",
                l->value);
        return false;
    }
    return true;
}

/* Where each key of the model was set, by its index in the key table. */
typedef struct sw_key_at {
    unsigned line, col;
} sw_key_at;

#define SW_MAX_KEYS 32

static bool sw_set_key(const sw_line *l, sw_config *cfg, unsigned *seen, sw_key_at *at)
{
    const sw_key *k = cfg->model->keys;
    size_t i = 0;
    while (k[i].name && strcmp(k[i].name, l->key) != 0)
        i++;
    if (!k[i].name) {
        diag_at(DIAG_ERROR, l->file, l->line, l->key_col, "model %s has no key '%s'",
                cfg->model->name, l->key);
        return false;
    }
    if (*seen & (1u << i)) {
        diag_at(DIAG_ERROR, l->file, l->line, l->key_col, "'%s' is set twice", l->key);
        return false;
    }
    *seen |= 1u << i;
    at[i] = (sw_key_at){l->line, l->value_col};
    const char *why = sw_store(&k[i], l->value, cfg);
    if (why) {
        diag_at(DIAG_ERROR, l->file, l->line, l->value_col, "%s: '%s'", why, l->value);
        return false;
    }
    return true;
}

static bool sw_check_required(const char *file, unsigned model_line, const sw_config *cfg,
                              unsigned seen)
{
    for (size_t i = 0; cfg->model->keys[i].name; i++) {
        if (cfg->model->keys[i].required && !(seen & (1u << i))) {
            diag_at(DIAG_ERROR, file, model_line, 1, "model %s needs '%s'", cfg->model->name,
                    cfg->model->keys[i].name);
            return false;
        }
    }
    return true;
}

/* The model's rule for its settings together; an error points at the
 * value of the key it names (one that was set: the rule checks required
 * keys, and others only when set). */
static bool sw_check_model(const char *file, sw_config *cfg, const sw_key_at *at)
{
    const char *key = NULL;
    const char *why = cfg->model->check ? cfg->model->check(cfg, &key) : NULL;
    if (!why)
        return true;
    size_t i = 0;
    while (cfg->model->keys[i].name && strcmp(cfg->model->keys[i].name, key) != 0)
        i++;
    diag_at(DIAG_ERROR, file, at[i].line, at[i].col, "%s", why);
    return false;
}

/* Every placed task on a node of the network; an error points at the
 * place value (place_line, place_col). */
static bool sw_check_place(const char *file, unsigned place_line, unsigned place_col,
                           const sw_config *cfg)
{
    long nodes = 1;
    for (int i = 0; i < cfg->ndims; i++)
        nodes *= cfg->dims[i];
    for (size_t i = 0; i < cfg->nplace; i++) {
        if (cfg->place[i].node >= nodes) {
            diag_at(DIAG_ERROR, file, place_line, place_col, "task %d is placed on node %d of %ld",
                    cfg->place[i].id, cfg->place[i].node, nodes);
            return false;
        }
    }
    return true;
}

static bool sw_parse_text(const char *file, char *text, sw_config *cfg)
{
    sw_line l = {.file = file};
    unsigned seen = 0, model_line = 0, place_line = 0, place_col = 0;
    sw_key_at at[SW_MAX_KEYS] = {{0, 0}};
    char *next;
    for (char *line = text; line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        l.line++;
        line[strcspn(line, "#\r")] = '\0';
        if (!*sw_trim(line, line + strlen(line)))
            continue;
        if (!sw_split(line, &l))
            return false;
        if (!cfg->model) {
            if (!sw_set_model(&l, cfg))
                return false;
            model_line = l.line;
        } else if (!sw_set_key(&l, cfg, &seen, at)) {
            return false;
        } else if (strcmp(l.key, "place") == 0) {
            place_line = l.line;
            place_col = l.value_col;
        }
    }
    if (!cfg->model) {
        diag_at(DIAG_ERROR, file, 1, 1, "no 'model = NAME' line");
        return false;
    }
    return sw_check_required(file, model_line, cfg, seen) && sw_check_model(file, cfg, at) &&
           sw_check_place(file, place_line, place_col, cfg);
}

void sw_config_release(sw_config *cfg)
{
    free(cfg->place);
    cfg->place = NULL;
    cfg->nplace = 0;
}

bool sw_config_read(const char *path, sw_config *cfg)
{
    *cfg = (sw_config){.hosts = -1};
    char *text = fileio_read_text(path, "switch file");
    if (!text)
        return false;
    bool ok = sw_parse_text(path, text, cfg);
    free(text);
    if (!ok)
        sw_config_release(cfg);
    return ok;
}
