/* machine: reading and writing the machine files of the performance model.
 *
 * A machine file is one JSON object:
 *
 *   {
 *     "name": "laptop",              required, a non-empty string
 *     "peak_gflops": 100.0,          required, 0.001 to 1e9 (the whole machine, all cores)
 *     "memory_bandwidth_gbs": 20.0,  required, 0.001 to 1e7
 *     "write_allocate": true,        required, true or false
 *     "cores": 4,                    optional, an integer from 1 to 2^20
 *     "caches": [                    required, an array of 1 to MACHINE_MAX_CACHES (8)
 *                                    caches:
 *       {"level": 1, "size_bytes": 49152, "bandwidth_gbs": 200.0},
 *                                    level: required, an integer >= 1, no two alike;
 *                                    size_bytes: required, an integer from 64 (a
 *                                    cache line) to 2^40 (1 TiB);
 *                                    bandwidth_gbs: optional, 0.001 to 1e7
 *       ...
 *     ],
 *     "flop_weights": {"add": 1, "multiply": 1, "divide": 4, "special": 20}
 *                                    required, all four required: add and multiply
 *                                    0.001 to 10000 (an operation is never free),
 *                                    divide and special 0 to 10000
 *     "chips": {                     optional, for the CHIP3S interpreter (chips/):
 *       "nproc": 16,                 optional, an integer from 1 to 2^20
 *       "costs": {                   optional, seconds per operation, 0 to 1e6 each:
 *         "flop": {"add": 1e-9},     any of add sub mul cmp div sqr exp sin other
 *         "mem": {"load": 1e-10},    any of load store (per byte)
 *         "hllc": {"IASG": 2e-9},    any of FOR IASG IADD IMUL ICMP FASG FADD FMUL VIDX CALL
 *         "icc": {"unit": 5e-10},    unit required (seconds per cycle)
 *         "gpu": {"launch": 5e-6}    any other key: a vector type of chips -vectors,
 *                                    its symbols' costs ("unit" for a numeric type);
 *                                    at most 64 in all, names of at most 64 bytes
 *       },
 *       "inpcom": {"L": 5e-6, "o": 1e-6, "g": 2e-6, "G": 1e-9},
 *                                    optional, LogGP in seconds, all four required
 *       "disk": {"seek": 4e-3, "byte": 5e-9}
 *                                    optional, seconds a seek and a byte, both required
 *     },
 *     "compile": "cc -O2 -march=native",
 *                                    optional, a non-empty string: the compiler command
 *                                    of the in-core time from the compiled code when
 *                                    the user gives no -compile (perf_options.compile)
 *     "mcpu": "znver3"               optional, a non-empty string without blanks:
 *                                    llvm-mca's -mcpu for this machine (default native)
 *   }
 *
 * The ranges hold every machine from a microcontroller to a whole
 * supercomputer; a value outside says the file cannot describe a machine
 * (1e308 GFLOP/s, a bandwidth of 1e-308, weights that make every flop free).
 * A UTF-8 byte-order mark at the start of the file is skipped.
 *
 * A key that is not listed (a typo) or given twice is an error, and so is a
 * number JSON can write but a double cannot hold (1e400).  The caches are
 * kept sorted by level.  Every problem is reported as FILE:LINE:COL: error:
 * and all of them are reported before machine_parse() gives NULL.
 *
 * cJSON parses the text but keeps no positions, so the messages find their
 * place in the text themselves: a small scanner walks the (by then known
 * valid) JSON text along the same path as the checks, to the key or the
 * value a message is about. */
#include "machine.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "diag.h"
#include "fileio.h"
#include "json_check.h"
#include "mem.h"

const machine_kernel_info machine_kernels[MACHINE_NKERNELS] = {
    [MACHINE_LOAD1] = {"load1", "s += a[i]", 1, 0, 0},
    [MACHINE_LOAD2] = {"load2", "s += a[i] * b[i]", 2, 0, 0},
    [MACHINE_LOAD4] = {"load4", "s += a[i] * b[i] + c[i] * d[i]", 4, 0, 0},
    [MACHINE_COPY] = {"copy", "a[i] = b[i]", 1, 1, 1},
    [MACHINE_UPDATE] = {"update", "a[i] = s * a[i]", 1, 1, 0},
    [MACHINE_DAXPY] = {"daxpy", "a[i] = a[i] + s * b[i]", 2, 1, 0},
    [MACHINE_TRIAD] = {"triad", "a[i] = b[i] + s * c[i]", 2, 1, 1},
    [MACHINE_SUM4] = {"sum4", "a[i] = b[i] + c[i] + d[i] + e[i]", 4, 1, 1},
};

const char *const machine_op_names[MACHINE_NOPS] = {"add", "multiply", "fma", "divide", "sqrt"};

/* ---- positions in the text --------------------------------------------- */

/* An offset for "not found": messages then point at 1:1. */
#define MACHINE_NOWHERE SIZE_MAX

/* The nth (0-based) member named key of the object that starts at obj:
 * where its key and its value start.  False when there is none. */
static bool machine_json_member(const char *text, size_t obj, const char *key, unsigned nth,
                                size_t *key_at, size_t *value_at)
{
    if (obj == MACHINE_NOWHERE || text[obj] != '{')
        return false;
    size_t at = json_check_space(text, obj + 1);
    size_t keylen = strlen(key);
    while (text[at] == '"') {
        size_t key_start = at;
        at = json_check_skip_string(text, at);
        bool same = at - key_start == keylen + 2 && !strncmp(text + key_start + 1, key, keylen);
        at = json_check_space(text, at);
        if (text[at] != ':')
            return false;
        at = json_check_space(text, at + 1);
        if (same && nth-- == 0) {
            *key_at = key_start;
            *value_at = at;
            return true;
        }
        at = json_check_space(text, json_check_skip_value(text, at));
        if (text[at] != ',')
            return false;
        at = json_check_space(text, at + 1);
    }
    return false;
}

/* Where the value of the index-th element of the array at arr starts. */
static size_t machine_json_element(const char *text, size_t arr, unsigned index)
{
    if (arr == MACHINE_NOWHERE || text[arr] != '[')
        return MACHINE_NOWHERE;
    size_t at = json_check_space(text, arr + 1);
    for (unsigned i = 0; text[at] && text[at] != ']'; i++) {
        if (i == index)
            return at;
        at = json_check_space(text, json_check_skip_value(text, at));
        if (text[at] != ',')
            return MACHINE_NOWHERE;
        at = json_check_space(text, at + 1);
    }
    return MACHINE_NOWHERE;
}

/* Line and column (1-based, in bytes) of an offset; 1:1 when unknown. */
static void machine_json_line_col(const char *text, size_t offset, unsigned *line, unsigned *col)
{
    *line = 1;
    *col = 1;
    if (offset == MACHINE_NOWHERE)
        return;
    for (size_t i = 0; i < offset && text[i]; i++) {
        if (text[i] == '\n') {
            ++*line;
            *col = 1;
        } else {
            ++*col;
        }
    }
}

/* ---- reporting ---------------------------------------------------------- */

typedef struct machine_reader {
    const char *name; /* of the file, in messages */
    const char *text;
    unsigned errors;
} machine_reader;

static void machine_error(machine_reader *r, size_t at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void machine_error(machine_reader *r, size_t at, const char *fmt, ...)
{
    unsigned line, col;
    machine_json_line_col(r->text, at, &line, &col);
    va_list ap;
    va_start(ap, fmt);
    diag_vat(DIAG_ERROR, r->name, line, col, fmt, ap);
    va_end(ap);
    r->errors++;
}

/* ---- the checks --------------------------------------------------------- */

/* An object of the file with where it starts and what to call it in
 * messages ("" for the top level, " in \"flop_weights\"", ...). */
typedef struct machine_object {
    const cJSON *json;
    size_t at;
    const char *where;
} machine_object;

/* Reports the keys of o that are not in allowed, and keys given twice. */
static void machine_check_keys(machine_reader *r, const machine_object *o,
                               const char *const *allowed, size_t nallowed)
{
    for (const cJSON *item = o->json->child; item; item = item->next) {
        unsigned earlier = 0;
        for (const cJSON *prev = o->json->child; prev != item; prev = prev->next)
            earlier += !strcmp(prev->string, item->string);
        size_t key_at = MACHINE_NOWHERE, value_at;
        if (!machine_json_member(r->text, o->at, item->string, earlier, &key_at, &value_at))
            key_at = o->at;
        bool known = false;
        for (size_t i = 0; i < nallowed && !known; i++)
            known = !strcmp(item->string, allowed[i]);
        if (!known)
            machine_error(r, key_at, "unknown key '%s'", item->string);
        else if (earlier)
            machine_error(r, key_at, "duplicate key '%s'", item->string);
    }
}

/* The member key of o and where its value starts; NULL (reported when
 * required) when o has none. */
static const cJSON *machine_member(machine_reader *r, const machine_object *o, const char *key,
                                   bool required, size_t *value_at)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(o->json, key);
    size_t key_at;
    if (!item) {
        if (required)
            machine_error(r, o->at, "missing \"%s\"%s", key, o->where);
        return NULL;
    }
    if (!machine_json_member(r->text, o->at, key, 0, &key_at, value_at))
        *value_at = o->at;
    return item;
}

/* A finite number, or false after a message. */
static bool machine_number(machine_reader *r, const cJSON *item, size_t at, const char *key,
                           double *out)
{
    if (!cJSON_IsNumber(item)) {
        machine_error(r, at, "\"%s\" must be a number", key);
        return false;
    }
    if (!isfinite(item->valuedouble)) {
        machine_error(r, at, "\"%s\" is out of range", key);
        return false;
    }
    *out = item->valuedouble;
    return true;
}

/* The sane ranges (see the top of the file). */
#define MACHINE_MIN_RATE 0.001
#define MACHINE_MAX_PEAK_GFLOPS 1e9
#define MACHINE_MAX_BANDWIDTH_GBS 1e7
#define MACHINE_MAX_CORES 1048576.0
#define MACHINE_MIN_CACHE_BYTES 64.0
#define MACHINE_MAX_CACHE_BYTES 1099511627776.0
#define MACHINE_MAX_WEIGHT 10000.0

/* A number in [lo, hi] into *out; reported when it is not. */
static void machine_read_range(machine_reader *r, const machine_object *o, const char *key,
                               bool required, double lo, double hi, double *out)
{
    size_t at;
    const cJSON *item = machine_member(r, o, key, required, &at);
    double v;
    if (!item || !machine_number(r, item, at, key, &v))
        return;
    if (v < lo || v > hi)
        machine_error(r, at, "\"%s\" must be from %g to %g", key, lo, hi);
    else
        *out = v;
}

/* An integer in [min, max]; false when absent or wrong (reported). */
static bool machine_read_count(machine_reader *r, const machine_object *o, const char *key,
                               bool required, double min, double max, unsigned long long *out,
                               size_t *where)
{
    size_t at;
    const cJSON *item = machine_member(r, o, key, required, &at);
    double v;
    if (!item || !machine_number(r, item, at, key, &v))
        return false;
    if (v < min || v > max || (double)(unsigned long long)v != v) {
        machine_error(r, at, "\"%s\" must be an integer from %.0f to %.0f", key, min, max);
        return false;
    }
    *out = (unsigned long long)v;
    if (where)
        *where = at;
    return true;
}

static void machine_read_name(machine_reader *r, const machine_object *o, machine *m)
{
    size_t at;
    const cJSON *item = machine_member(r, o, "name", true, &at);
    if (!item)
        return;
    if (!cJSON_IsString(item))
        machine_error(r, at, "\"name\" must be a string");
    else if (!item->valuestring[0])
        machine_error(r, at, "\"name\" must not be empty");
    else
        m->name = mem_strdup(item->valuestring);
}

/* An optional non-empty string; blanks refused when the value is one word. */
static void machine_read_text(machine_reader *r, const machine_object *o, const char *key,
                              bool one_word, char **out)
{
    size_t at;
    const cJSON *item = machine_member(r, o, key, false, &at);
    if (!item)
        return;
    if (!cJSON_IsString(item))
        machine_error(r, at, "\"%s\" must be a string", key);
    else if (!item->valuestring[strspn(item->valuestring, " \t")])
        machine_error(r, at, "\"%s\" must not be empty", key);
    else if (one_word && strpbrk(item->valuestring, " \t"))
        machine_error(r, at, "\"%s\" must be one word (llvm-mca -mcpu=NAME)", key);
    else
        *out = mem_strdup(item->valuestring);
}

static void machine_read_write_allocate(machine_reader *r, const machine_object *o, machine *m)
{
    size_t at;
    const cJSON *item = machine_member(r, o, "write_allocate", true, &at);
    if (!item)
        return;
    if (!cJSON_IsBool(item))
        machine_error(r, at, "\"write_allocate\" must be true or false");
    else
        m->write_allocate = cJSON_IsTrue(item);
}

/* One element of "caches"; false when it is wrong (reported). */
/* Entry index of the array called array, which must be an object with no
 * keys but keys: *o reads it, naming it in where (room for 64); *before is
 * the error count before its keys were checked.  False when it is not an
 * object. */
static bool machine_open_entry(machine_reader *r, const cJSON *item, size_t at, const char *array,
                               unsigned index, const char *const *keys, size_t nkeys,
                               char *where, machine_object *o, unsigned *before)
{
    if (!cJSON_IsObject(item)) {
        machine_error(r, at, "\"%s\"[%u] must be an object", array, index);
        return false;
    }
    snprintf(where, 64, " in \"%s\"[%u]", array, index);
    *o = (machine_object){item, at, where};
    *before = r->errors;
    machine_check_keys(r, o, keys, nkeys);
    return true;
}

static bool machine_read_cache(machine_reader *r, const cJSON *item, size_t at, unsigned index,
                               machine_cache *c, size_t *level_at)
{
    static const char *const keys[] = {"level", "size_bytes", "bandwidth_gbs"};
    char where[64];
    machine_object o;
    unsigned before;
    if (!machine_open_entry(r, item, at, "caches", index, keys, sizeof keys / sizeof *keys, where,
                            &o, &before))
        return false;
    unsigned long long level = 0, size = 0;
    machine_read_count(r, &o, "level", true, 1, (double)UINT32_MAX, &level, level_at);
    machine_read_count(r, &o, "size_bytes", true, MACHINE_MIN_CACHE_BYTES,
                       MACHINE_MAX_CACHE_BYTES, &size, NULL);
    machine_read_range(r, &o, "bandwidth_gbs", false, MACHINE_MIN_RATE, MACHINE_MAX_BANDWIDTH_GBS,
                       &c->bandwidth_gbs);
    c->level = (unsigned)level;
    c->size_bytes = size;
    return r->errors == before;
}

/* Stable insertion sort by level. */
static void machine_sort_caches(machine *m)
{
    for (unsigned i = 1; i < m->ncaches; i++) {
        machine_cache c = m->caches[i];
        unsigned j = i;
        for (; j > 0 && m->caches[j - 1].level > c.level; j--)
            m->caches[j] = m->caches[j - 1];
        m->caches[j] = c;
    }
}

static void machine_read_caches(machine_reader *r, const machine_object *top, machine *m)
{
    size_t at;
    const cJSON *caches = machine_member(r, top, "caches", true, &at);
    if (!caches)
        return;
    if (!cJSON_IsArray(caches)) {
        machine_error(r, at, "\"caches\" must be an array");
        return;
    }
    if (cJSON_GetArraySize(caches) > MACHINE_MAX_CACHES) {
        machine_error(r, at, "\"caches\" holds more than %d caches", MACHINE_MAX_CACHES);
        return;
    }
    /* The layer conditions need a cache to fit in. */
    if (cJSON_GetArraySize(caches) == 0) {
        machine_error(r, at, "\"caches\" must list at least one cache");
        return;
    }
    unsigned index = 0;
    for (const cJSON *item = caches->child; item; item = item->next, index++) {
        size_t item_at = machine_json_element(r->text, at, index), level_at = item_at;
        machine_cache c = {0};
        if (!machine_read_cache(r, item, item_at, index, &c, &level_at))
            continue;
        bool duplicate = false;
        for (unsigned i = 0; i < m->ncaches && !duplicate; i++)
            duplicate = m->caches[i].level == c.level;
        if (duplicate)
            machine_error(r, level_at, "duplicate cache level %u", c.level);
        else
            m->caches[m->ncaches++] = c;
    }
    machine_sort_caches(m);
}

static void machine_read_weights(machine_reader *r, const machine_object *top, machine *m)
{
    static const char *const keys[] = {"add", "multiply", "divide", "special"};
    size_t at;
    const cJSON *weights = machine_member(r, top, "flop_weights", true, &at);
    if (!weights)
        return;
    if (!cJSON_IsObject(weights)) {
        machine_error(r, at, "\"flop_weights\" must be an object");
        return;
    }
    machine_object o = {weights, at, " in \"flop_weights\""};
    machine_check_keys(r, &o, keys, sizeof keys / sizeof *keys);
    machine_read_range(r, &o, "add", true, MACHINE_MIN_RATE, MACHINE_MAX_WEIGHT, &m->weight_add);
    machine_read_range(r, &o, "multiply", true, MACHINE_MIN_RATE, MACHINE_MAX_WEIGHT,
                       &m->weight_multiply);
    machine_read_range(r, &o, "divide", true, 0, MACHINE_MAX_WEIGHT, &m->weight_divide);
    machine_read_range(r, &o, "special", true, 0, MACHINE_MAX_WEIGHT, &m->weight_special);
}

const char *const machine_chips_flop_names[MACHINE_CHIPS_NFLOP] = {
    "add", "sub", "mul", "cmp", "div", "sqr", "exp", "sin", "other"};
const char *const machine_chips_mem_names[MACHINE_CHIPS_NMEM] = {"load", "store"};
const char *const machine_chips_hllc_names[MACHINE_CHIPS_NHLLC] = {
    "FOR", "IASG", "IADD", "IMUL", "ICMP", "FASG", "FADD", "FMUL", "VIDX", "CALL"};

#define MACHINE_MAX_CHIPS_SECONDS 1e6

/* The member key of parent, which must be an object: its contents as a
 * machine_object (where names it in messages); false when absent or wrong. */
static bool machine_sub_object(machine_reader *r, const machine_object *parent, const char *key,
                               const char *where, machine_object *out)
{
    size_t at;
    const cJSON *item = machine_member(r, parent, key, false, &at);
    if (!item)
        return false;
    if (!cJSON_IsObject(item)) {
        machine_error(r, at, "\"%s\" must be an object", key);
        return false;
    }
    *out = (machine_object){item, at, where};
    return true;
}

/* Optional costs named by names, each 0 to MACHINE_MAX_CHIPS_SECONDS. */
static void machine_read_chips_costs(machine_reader *r, const machine_object *o,
                                     const char *const *names, size_t n, double *values,
                                     bool *has)
{
    machine_check_keys(r, o, names, n);
    for (size_t i = 0; i < n; i++) {
        if (!cJSON_GetObjectItemCaseSensitive(o->json, names[i]))
            continue;
        unsigned before = r->errors;
        machine_read_range(r, o, names[i], false, 0, MACHINE_MAX_CHIPS_SECONDS, &values[i]);
        has[i] = r->errors == before;
    }
}

/* The costs of a user vector type (the member type of "costs"). */
static void machine_read_chips_user(machine_reader *r, const machine_object *costs,
                                    const char *type, machine_chips *c)
{
    machine_object o;
    size_t type_at, value_at;
    if (!machine_sub_object(r, costs, type, " in a vector type's costs", &o))
        return;
    if (!machine_json_member(r->text, costs->at, type, 0, &type_at, &value_at))
        type_at = costs->at;
    if (!*type || strlen(type) > MACHINE_CHIPS_MAX_NAME) {
        machine_error(r, type_at, "a vector type's name has 1 to %d bytes",
                      MACHINE_CHIPS_MAX_NAME);
        return;
    }
    const char *names[MACHINE_CHIPS_MAX_USER];
    size_t n = 0;
    for (const cJSON *item = o.json->child; item && n < MACHINE_CHIPS_MAX_USER; item = item->next)
        names[n++] = item->string;
    machine_check_keys(r, &o, names, n);
    for (const cJSON *item = o.json->child; item; item = item->next) {
        size_t key_at = o.at;
        machine_json_member(r->text, o.at, item->string, 0, &key_at, &value_at);
        if (c->nuser == MACHINE_CHIPS_MAX_USER) {
            machine_error(r, key_at, "more than %d costs of user vector types",
                          MACHINE_CHIPS_MAX_USER);
            return;
        }
        if (!*item->string || strlen(item->string) > MACHINE_CHIPS_MAX_NAME) {
            machine_error(r, key_at, "a symbol's name has 1 to %d bytes", MACHINE_CHIPS_MAX_NAME);
            continue;
        }
        machine_chips_cost *u = &c->user[c->nuser];
        unsigned before = r->errors;
        machine_read_range(r, &o, item->string, true, 0, MACHINE_MAX_CHIPS_SECONDS, &u->seconds);
        if (r->errors != before)
            continue;
        snprintf(u->type, sizeof u->type, "%s", type);
        snprintf(u->element, sizeof u->element, "%s", item->string);
        machine_json_line_col(r->text, key_at, &u->line, &u->col);
        c->nuser++;
    }
}

/* "costs": the built-in classes, and any other key a user vector type. */
static void machine_read_chips_cost_classes(machine_reader *r, const machine_object *chips,
                                            machine_chips *c)
{
    static const char *const keys[] = {"flop", "mem", "hllc", "icc"};
    static const char *const icc_keys[] = {"unit"};
    machine_object costs, o;
    if (!machine_sub_object(r, chips, "costs", " in \"costs\"", &costs))
        return;
    const char *present[4 + MACHINE_CHIPS_MAX_USER];
    size_t npresent = 0;
    for (const cJSON *item = costs.json->child; item && npresent < 4 + MACHINE_CHIPS_MAX_USER;
         item = item->next)
        present[npresent++] = item->string;
    machine_check_keys(r, &costs, present, npresent);
    for (const cJSON *item = costs.json->child; item; item = item->next) {
        bool builtin = false;
        for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
            builtin |= !strcmp(item->string, keys[i]);
        bool first = cJSON_GetObjectItemCaseSensitive(costs.json, item->string) == item;
        if (!builtin && first)
            machine_read_chips_user(r, &costs, item->string, c);
    }
    if (machine_sub_object(r, &costs, "flop", " in \"flop\"", &o))
        machine_read_chips_costs(r, &o, machine_chips_flop_names, MACHINE_CHIPS_NFLOP, c->flop,
                                 c->has_flop);
    if (machine_sub_object(r, &costs, "mem", " in \"mem\"", &o))
        machine_read_chips_costs(r, &o, machine_chips_mem_names, MACHINE_CHIPS_NMEM, c->mem,
                                 c->has_mem);
    if (machine_sub_object(r, &costs, "hllc", " in \"hllc\"", &o))
        machine_read_chips_costs(r, &o, machine_chips_hllc_names, MACHINE_CHIPS_NHLLC, c->hllc,
                                 c->has_hllc);
    if (machine_sub_object(r, &costs, "icc", " in \"icc\"", &o)) {
        machine_check_keys(r, &o, icc_keys, 1);
        unsigned before = r->errors;
        machine_read_range(r, &o, "unit", true, 0, MACHINE_MAX_CHIPS_SECONDS, &c->icc_unit);
        c->has_icc = r->errors == before;
    }
}

static void machine_read_chips(machine_reader *r, const machine_object *top, machine *m)
{
    static const char *const keys[] = {"nproc", "costs", "inpcom", "disk"};
    static const char *const loggp[] = {"L", "o", "g", "G"};
    static const char *const disk[] = {"seek", "byte"};
    machine_chips *c = &m->chips;
    machine_object chips, o;
    if (!machine_sub_object(r, top, "chips", " in \"chips\"", &chips))
        return;
    c->present = true;
    machine_check_keys(r, &chips, keys, sizeof keys / sizeof *keys);
    unsigned long long nproc = 0;
    if (machine_read_count(r, &chips, "nproc", false, 1, MACHINE_MAX_CORES, &nproc, NULL))
        c->nproc = (unsigned)nproc;
    machine_read_chips_cost_classes(r, &chips, c);
    if (machine_sub_object(r, &chips, "inpcom", " in \"inpcom\"", &o)) {
        machine_check_keys(r, &o, loggp, 4);
        double *dest[] = {&c->L, &c->o, &c->g, &c->G};
        unsigned before = r->errors;
        for (size_t i = 0; i < 4; i++)
            machine_read_range(r, &o, loggp[i], true, 0, MACHINE_MAX_CHIPS_SECONDS, dest[i]);
        c->has_inpcom = r->errors == before;
    }
    if (machine_sub_object(r, &chips, "disk", " in \"disk\"", &o)) {
        machine_check_keys(r, &o, disk, 2);
        unsigned before = r->errors;
        machine_read_range(r, &o, "seek", true, 0, MACHINE_MAX_CHIPS_SECONDS, &c->disk_seek);
        machine_read_range(r, &o, "byte", true, 0, MACHINE_MAX_CHIPS_SECONDS, &c->disk_byte);
        c->has_disk = r->errors == before;
    }
}

/* ---- "benchmarks" --------------------------------------------------------- */

#define MACHINE_MAX_GHZ 1000.0
#define MACHINE_MAX_CYCLES 10000.0
#define MACHINE_MAX_BARRIER_CYCLES 1e7 /* a barrier of thousands of cores */
#define MACHINE_MAX_CHAIN_WINDOW 1e5   /* elements; a reorder buffer holds hundreds */
#define MACHINE_MAX_LANES 64.0
#define MACHINE_MAX_BYTES_PER_CYCLE 1e6

/* "L2" is 2 when the machine has a level-2 cache, "memory" is
 * MACHINE_LEVEL_MEMORY; 0 for anything else. */
static unsigned machine_level_of_name(const machine *m, const char *name, size_t len)
{
    if (len == 6 && !strncmp(name, "memory", 6))
        return MACHINE_LEVEL_MEMORY;
    if (len < 2 || name[0] != 'L')
        return 0;
    unsigned level = 0;
    for (size_t i = 1; i < len; i++) {
        if (name[i] < '0' || name[i] > '9' || level > 1000)
            return 0;
        level = level * 10 + (unsigned)(name[i] - '0');
    }
    for (unsigned i = 0; i < m->ncaches; i++)
        if (m->caches[i].level == level)
            return level;
    return 0;
}

/* The names of the machine's levels for messages: "L1, L2, L3, memory". */
static void machine_level_names(const machine *m, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < m->ncaches && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "L%u, ", m->caches[i].level);
    if (used < size)
        snprintf(buf + used, size - used, "memory");
}

/* Five per-operation numbers, all required. */
static void machine_read_op_cycles(machine_reader *r, const machine_object *in_core,
                                   const char *key, double *cycles)
{
    machine_object o;
    char where[64];
    snprintf(where, sizeof where, " in \"%s\"", key);
    if (!cJSON_GetObjectItemCaseSensitive(in_core->json, key)) {
        machine_error(r, in_core->at, "missing \"%s\"%s", key, in_core->where);
        return;
    }
    if (!machine_sub_object(r, in_core, key, where, &o))
        return;
    machine_check_keys(r, &o, machine_op_names, MACHINE_NOPS);
    for (unsigned i = 0; i < MACHINE_NOPS; i++)
        machine_read_range(r, &o, machine_op_names[i], true, MACHINE_MIN_RATE, MACHINE_MAX_CYCLES,
                           &cycles[i]);
}

static void machine_read_in_core(machine_reader *r, const machine_object *bench,
                                 machine_benchmarks *b)
{
    static const char *const keys[] = {"lanes", "vector_cycles", "scalar_cycles",
                                       "add_latency_cycles", "chain_window",
                                       "scalar_load_cycles", "scalar_store_cycles",
                                       "split_load_cycles", "gather_element_cycles",
                                       "paged_store_cycles"};
    machine_object o;
    if (!cJSON_GetObjectItemCaseSensitive(bench->json, "in_core")) {
        machine_error(r, bench->at, "missing \"in_core\"%s", bench->where);
        return;
    }
    if (!machine_sub_object(r, bench, "in_core", " in \"in_core\"", &o))
        return;
    machine_check_keys(r, &o, keys, sizeof keys / sizeof *keys);
    unsigned long long lanes = 0;
    if (machine_read_count(r, &o, "lanes", true, 1, MACHINE_MAX_LANES, &lanes, NULL))
        b->lanes = (unsigned)lanes;
    machine_read_op_cycles(r, &o, "vector_cycles", b->vector_cycles);
    machine_read_op_cycles(r, &o, "scalar_cycles", b->scalar_cycles);
    machine_read_range(r, &o, "add_latency_cycles", true, MACHINE_MIN_RATE, MACHINE_MAX_CYCLES,
                       &b->add_latency_cycles);
    machine_read_range(r, &o, "chain_window", false, 0, MACHINE_MAX_CHAIN_WINDOW,
                       &b->chain_window);
    machine_read_range(r, &o, "scalar_load_cycles", false, MACHINE_MIN_RATE, MACHINE_MAX_CYCLES,
                       &b->scalar_load_cycles);
    machine_read_range(r, &o, "scalar_store_cycles", false, MACHINE_MIN_RATE,
                       MACHINE_MAX_CYCLES, &b->scalar_store_cycles);
    machine_read_range(r, &o, "split_load_cycles", false, 0, MACHINE_MAX_CYCLES,
                       &b->split_load_cycles);
    machine_read_range(r, &o, "gather_element_cycles", false, 0, MACHINE_MAX_CYCLES,
                       &b->gather_element_cycles);
    machine_read_range(r, &o, "paged_store_cycles", false, 0, MACHINE_MAX_CYCLES,
                       &b->paged_store_cycles);
}

/* "L1-L2": the transfer out of cache 1 (index 0), when the next level of
 * the machine after L1 is L2 (or memory after the last cache). */
static int machine_transfer_index(const machine *m, const char *key)
{
    const char *dash = strchr(key, '-');
    if (!dash)
        return -1;
    unsigned from = machine_level_of_name(m, key, (size_t)(dash - key));
    unsigned to = machine_level_of_name(m, dash + 1, strlen(dash + 1));
    for (unsigned i = 0; i < m->ncaches && from && to; i++) {
        unsigned next = i + 1 < m->ncaches ? m->caches[i + 1].level : MACHINE_LEVEL_MEMORY;
        if (m->caches[i].level == from && next == to)
            return (int)i;
    }
    return -1;
}

static void machine_read_transfers(machine_reader *r, const machine_object *bench, machine *m)
{
    machine_object o;
    if (!machine_sub_object(r, bench, "transfer_bytes_per_cycle",
                            " in \"transfer_bytes_per_cycle\"", &o))
        return;
    unsigned index = 0;
    for (const cJSON *item = o.json->child; item; item = item->next, index++) {
        size_t key_at = o.at, value_at = o.at;
        unsigned earlier = 0;
        for (const cJSON *prev = o.json->child; prev != item; prev = prev->next)
            earlier += !strcmp(prev->string, item->string);
        machine_json_member(r->text, o.at, item->string, earlier, &key_at, &value_at);
        int k = machine_transfer_index(m, item->string);
        double v;
        if (earlier) {
            machine_error(r, key_at, "duplicate key '%s'", item->string);
        } else if (k < 0) {
            char levels[128];
            machine_level_names(m, levels, sizeof levels);
            machine_error(r, key_at,
                          "unknown transfer '%s': name two neighbouring levels of %s, as "
                          "\"L1-L2\"", item->string, levels);
        } else if (machine_number(r, item, value_at, item->string, &v)) {
            if (v < MACHINE_MIN_RATE || v > MACHINE_MAX_BYTES_PER_CYCLE)
                machine_error(r, value_at, "\"%s\" must be from %g to %g", item->string,
                              MACHINE_MIN_RATE, MACHINE_MAX_BYTES_PER_CYCLE);
            else
                m->benchmarks.transfer[k] = v;
        }
    }
}

static bool machine_read_kernel_name(machine_reader *r, const machine_object *o, unsigned *kernel)
{
    size_t at;
    const cJSON *item = machine_member(r, o, "kernel", true, &at);
    if (!item)
        return false;
    for (unsigned k = 0; cJSON_IsString(item) && k < MACHINE_NKERNELS; k++)
        if (!strcmp(item->valuestring, machine_kernels[k].name)) {
            *kernel = k;
            return true;
        }
    machine_error(r, at, "\"kernel\" must be one of load1, load2, load4, copy, update, daxpy, "
                         "triad, sum4");
    return false;
}

static bool machine_read_level_name(machine_reader *r, const machine_object *o, const machine *m,
                                    unsigned *level)
{
    size_t at;
    const cJSON *item = machine_member(r, o, "level", true, &at);
    if (!item)
        return false;
    if (cJSON_IsString(item))
        *level = machine_level_of_name(m, item->valuestring, strlen(item->valuestring));
    if (!cJSON_IsString(item) || !*level) {
        char levels[128];
        machine_level_names(m, levels, sizeof levels);
        machine_error(r, at, "\"level\" must name a level of the machine: one of %s", levels);
        return false;
    }
    return true;
}

/* One row of "bandwidths"; false when it is wrong (reported). */
static bool machine_read_bandwidth(machine_reader *r, const cJSON *item, size_t at,
                                   unsigned index, const machine *m, machine_bandwidth *bw)
{
    static const char *const keys[] = {"kernel", "level", "cores", "gbs"};
    char where[64];
    machine_object o;
    unsigned before;
    if (!machine_open_entry(r, item, at, "bandwidths", index, keys, sizeof keys / sizeof *keys,
                            where, &o, &before))
        return false;
    machine_read_kernel_name(r, &o, &bw->kernel);
    machine_read_level_name(r, &o, m, &bw->level);
    unsigned long long cores = 0;
    size_t cores_at = at;
    double most = m->cores ? (double)m->cores : MACHINE_MAX_CORES;
    if (machine_read_count(r, &o, "cores", true, 1, most, &cores, &cores_at))
        bw->cores = (unsigned)cores;
    machine_read_range(r, &o, "gbs", true, MACHINE_MIN_RATE, MACHINE_MAX_BANDWIDTH_GBS, &bw->gbs);
    return r->errors == before;
}

static void machine_read_bandwidths(machine_reader *r, const machine_object *bench, machine *m)
{
    size_t at;
    const cJSON *rows = machine_member(r, bench, "bandwidths", true, &at);
    if (!rows)
        return;
    if (!cJSON_IsArray(rows) || cJSON_GetArraySize(rows) == 0) {
        machine_error(r, at, "\"bandwidths\" must be an array of at least one measurement");
        return;
    }
    machine_benchmarks *b = &m->benchmarks;
    b->bandwidths = mem_alloc((size_t)cJSON_GetArraySize(rows) * sizeof *b->bandwidths);
    unsigned index = 0;
    for (const cJSON *item = rows->child; item; item = item->next, index++) {
        size_t item_at = machine_json_element(r->text, at, index);
        machine_bandwidth bw = {0};
        if (!machine_read_bandwidth(r, item, item_at, index, m, &bw))
            continue;
        bool duplicate = false;
        for (size_t i = 0; i < b->nbandwidths && !duplicate; i++)
            duplicate = b->bandwidths[i].kernel == bw.kernel &&
                        b->bandwidths[i].level == bw.level && b->bandwidths[i].cores == bw.cores;
        if (duplicate)
            machine_error(r, item_at, "\"bandwidths\"[%u] repeats the %s kernel's measurement "
                                      "at that level and core count", index,
                          machine_kernels[bw.kernel].name);
        else
            b->bandwidths[b->nbandwidths++] = bw;
    }
}

static void machine_read_benchmarks(machine_reader *r, const machine_object *top, machine *m)
{
    static const char *const keys[] = {"clock_ghz", "barrier_cycles", "in_core",
                                       "transfer_bytes_per_cycle", "bandwidths"};
    machine_object o;
    if (!machine_sub_object(r, top, "benchmarks", " in \"benchmarks\"", &o))
        return;
    machine_benchmarks *b = &m->benchmarks;
    b->present = true;
    machine_check_keys(r, &o, keys, sizeof keys / sizeof *keys);
    machine_read_range(r, &o, "clock_ghz", true, MACHINE_MIN_RATE, MACHINE_MAX_GHZ, &b->clock_ghz);
    machine_read_range(r, &o, "barrier_cycles", false, MACHINE_MIN_RATE, MACHINE_MAX_BARRIER_CYCLES,
                       &b->barrier_cycles);
    machine_read_in_core(r, &o, b);
    machine_read_transfers(r, &o, m);
    machine_read_bandwidths(r, &o, m);
}

static void machine_read_top(machine_reader *r, const machine_object *top, machine *m)
{
    static const char *const keys[] = {"name",           "peak_gflops", "memory_bandwidth_gbs",
                                       "write_allocate", "cores",       "caches",
                                       "flop_weights",   "chips",       "benchmarks",
                                       "compile",        "mcpu"};
    machine_check_keys(r, top, keys, sizeof keys / sizeof *keys);
    machine_read_name(r, top, m);
    machine_read_range(r, top, "peak_gflops", true, MACHINE_MIN_RATE, MACHINE_MAX_PEAK_GFLOPS,
                       &m->peak_gflops);
    machine_read_range(r, top, "memory_bandwidth_gbs", true, MACHINE_MIN_RATE,
                       MACHINE_MAX_BANDWIDTH_GBS, &m->memory_bandwidth_gbs);
    machine_read_write_allocate(r, top, m);
    unsigned long long cores = 0;
    if (machine_read_count(r, top, "cores", false, 1, MACHINE_MAX_CORES, &cores, NULL))
        m->cores = (unsigned)cores;
    machine_read_caches(r, top, m);
    machine_read_weights(r, top, m);
    machine_read_chips(r, top, m);
    machine_read_benchmarks(r, top, m);
    machine_read_text(r, top, "compile", false, &m->compile);
    machine_read_text(r, top, "mcpu", true, &m->mcpu);
}

machine *machine_parse(const char *name, const char *text)
{
    machine_reader r = {name ? name : "<machine>", text ? text : "", 0};
    /* Lines and columns count from after a byte-order mark, as an editor shows them. */
    if (!strncmp(r.text, "\xEF\xBB\xBF", 3))
        r.text += 3;
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithOpts(r.text, &end, true);
    if (!root) {
        size_t len = strlen(r.text);
        size_t at = end && end >= r.text && end <= r.text + len ? (size_t)(end - r.text) : len;
        machine_error(&r, at, "the machine file is not valid JSON");
        return NULL;
    }
    size_t root_at = json_check_space(r.text, 0);
    machine *m = mem_alloc(sizeof *m);
    if (!cJSON_IsObject(root)) {
        machine_error(&r, root_at, "the machine file must hold a JSON object");
    } else {
        machine_object top = {root, root_at, ""};
        machine_read_top(&r, &top, m);
    }
    cJSON_Delete(root);
    if (r.errors)
        machine_free(&m);
    return m;
}

machine *machine_load(const char *path)
{
    char *text = fileio_read_text(path, "machine file");
    if (!text)
        return NULL;
    machine *m = machine_parse(path, text);
    free(text);
    return m;
}

void machine_free(machine **m)
{
    if (!m || !*m)
        return;
    free((*m)->name);
    free((*m)->benchmarks.bandwidths);
    free((*m)->compile);
    free((*m)->mcpu);
    free(*m);
    *m = NULL;
}

/* ---- writing ------------------------------------------------------------ */

static cJSON *machine_cache_to_json(const machine_cache *c)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "level", c->level);
    cJSON_AddNumberToObject(o, "size_bytes", (double)c->size_bytes);
    if (c->bandwidth_gbs > 0)
        cJSON_AddNumberToObject(o, "bandwidth_gbs", c->bandwidth_gbs);
    return o;
}

unsigned long long machine_largest_cache(const machine *m)
{
    unsigned long long largest = 0;
    for (unsigned i = 0; i < m->ncaches; i++)
        if (m->caches[i].size_bytes > largest)
            largest = m->caches[i].size_bytes;
    return largest;
}

static void machine_chips_costs_to_json(cJSON *costs, const char *key, const char *const *names,
                                        size_t n, const double *values, const bool *has)
{
    cJSON *o = NULL;
    for (size_t i = 0; i < n; i++)
        if (has[i]) {
            if (!o)
                o = cJSON_AddObjectToObject(costs, key);
            cJSON_AddNumberToObject(o, names[i], values[i]);
        }
}

static void machine_chips_to_json(cJSON *top, const machine_chips *c)
{
    if (!c->present)
        return;
    cJSON *chips = cJSON_AddObjectToObject(top, "chips");
    if (c->nproc)
        cJSON_AddNumberToObject(chips, "nproc", c->nproc);
    cJSON *costs = cJSON_CreateObject();
    machine_chips_costs_to_json(costs, "flop", machine_chips_flop_names, MACHINE_CHIPS_NFLOP,
                                c->flop, c->has_flop);
    machine_chips_costs_to_json(costs, "mem", machine_chips_mem_names, MACHINE_CHIPS_NMEM, c->mem,
                                c->has_mem);
    machine_chips_costs_to_json(costs, "hllc", machine_chips_hllc_names, MACHINE_CHIPS_NHLLC,
                                c->hllc, c->has_hllc);
    if (c->has_icc)
        cJSON_AddNumberToObject(cJSON_AddObjectToObject(costs, "icc"), "unit", c->icc_unit);
    for (unsigned i = 0; i < c->nuser; i++) {
        cJSON *type = cJSON_GetObjectItemCaseSensitive(costs, c->user[i].type);
        if (!type)
            type = cJSON_AddObjectToObject(costs, c->user[i].type);
        cJSON_AddNumberToObject(type, c->user[i].element, c->user[i].seconds);
    }
    if (costs->child)
        cJSON_AddItemToObject(chips, "costs", costs);
    else
        cJSON_Delete(costs);
    if (c->has_inpcom) {
        cJSON *in = cJSON_AddObjectToObject(chips, "inpcom");
        cJSON_AddNumberToObject(in, "L", c->L);
        cJSON_AddNumberToObject(in, "o", c->o);
        cJSON_AddNumberToObject(in, "g", c->g);
        cJSON_AddNumberToObject(in, "G", c->G);
    }
    if (c->has_disk) {
        cJSON *d = cJSON_AddObjectToObject(chips, "disk");
        cJSON_AddNumberToObject(d, "seek", c->disk_seek);
        cJSON_AddNumberToObject(d, "byte", c->disk_byte);
    }
}

/* "L2", "memory". */
static void machine_level_name(unsigned level, char *buf, size_t size)
{
    if (level == MACHINE_LEVEL_MEMORY)
        snprintf(buf, size, "memory");
    else
        snprintf(buf, size, "L%u", level);
}

static void machine_op_cycles_to_json(cJSON *in_core, const char *key, const double *cycles)
{
    cJSON *o = cJSON_AddObjectToObject(in_core, key);
    for (unsigned i = 0; i < MACHINE_NOPS; i++)
        cJSON_AddNumberToObject(o, machine_op_names[i], cycles[i]);
}

static void machine_benchmarks_to_json(cJSON *top, const machine *m)
{
    const machine_benchmarks *b = &m->benchmarks;
    if (!b->present)
        return;
    cJSON *bench = cJSON_AddObjectToObject(top, "benchmarks");
    cJSON_AddNumberToObject(bench, "clock_ghz", b->clock_ghz);
    if (b->barrier_cycles > 0)
        cJSON_AddNumberToObject(bench, "barrier_cycles", b->barrier_cycles);
    cJSON *in_core = cJSON_AddObjectToObject(bench, "in_core");
    cJSON_AddNumberToObject(in_core, "lanes", b->lanes);
    machine_op_cycles_to_json(in_core, "vector_cycles", b->vector_cycles);
    machine_op_cycles_to_json(in_core, "scalar_cycles", b->scalar_cycles);
    cJSON_AddNumberToObject(in_core, "add_latency_cycles", b->add_latency_cycles);
    if (b->chain_window > 0)
        cJSON_AddNumberToObject(in_core, "chain_window", b->chain_window);
    if (b->scalar_load_cycles > 0)
        cJSON_AddNumberToObject(in_core, "scalar_load_cycles", b->scalar_load_cycles);
    if (b->scalar_store_cycles > 0)
        cJSON_AddNumberToObject(in_core, "scalar_store_cycles", b->scalar_store_cycles);
    if (b->split_load_cycles > 0)
        cJSON_AddNumberToObject(in_core, "split_load_cycles", b->split_load_cycles);
    if (b->gather_element_cycles > 0)
        cJSON_AddNumberToObject(in_core, "gather_element_cycles", b->gather_element_cycles);
    if (b->paged_store_cycles > 0)
        cJSON_AddNumberToObject(in_core, "paged_store_cycles", b->paged_store_cycles);
    cJSON *transfers = cJSON_CreateObject();
    for (unsigned i = 0; i < m->ncaches; i++) {
        if (b->transfer[i] <= 0)
            continue;
        char from[16], to[16], key[40];
        machine_level_name(m->caches[i].level, from, sizeof from);
        machine_level_name(i + 1 < m->ncaches ? m->caches[i + 1].level : MACHINE_LEVEL_MEMORY,
                           to, sizeof to);
        snprintf(key, sizeof key, "%s-%s", from, to);
        cJSON_AddNumberToObject(transfers, key, b->transfer[i]);
    }
    if (transfers->child)
        cJSON_AddItemToObject(bench, "transfer_bytes_per_cycle", transfers);
    else
        cJSON_Delete(transfers);
    cJSON *rows = cJSON_AddArrayToObject(bench, "bandwidths");
    for (size_t i = 0; i < b->nbandwidths; i++) {
        const machine_bandwidth *bw = &b->bandwidths[i];
        char level[16];
        machine_level_name(bw->level, level, sizeof level);
        cJSON *row = cJSON_CreateObject();
        cJSON_AddStringToObject(row, "kernel", machine_kernels[bw->kernel].name);
        cJSON_AddStringToObject(row, "level", level);
        cJSON_AddNumberToObject(row, "cores", bw->cores);
        cJSON_AddNumberToObject(row, "gbs", bw->gbs);
        cJSON_AddItemToArray(rows, row);
    }
}

char *machine_to_json(const machine *m)
{
    if (!m)
        return NULL;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", m->name ? m->name : "");
    cJSON_AddNumberToObject(o, "peak_gflops", m->peak_gflops);
    cJSON_AddNumberToObject(o, "memory_bandwidth_gbs", m->memory_bandwidth_gbs);
    cJSON_AddBoolToObject(o, "write_allocate", m->write_allocate);
    if (m->cores > 0)
        cJSON_AddNumberToObject(o, "cores", m->cores);
    cJSON *caches = cJSON_AddArrayToObject(o, "caches");
    for (unsigned i = 0; i < m->ncaches && i < MACHINE_MAX_CACHES; i++)
        cJSON_AddItemToArray(caches, machine_cache_to_json(&m->caches[i]));
    cJSON *weights = cJSON_AddObjectToObject(o, "flop_weights");
    cJSON_AddNumberToObject(weights, "add", m->weight_add);
    cJSON_AddNumberToObject(weights, "multiply", m->weight_multiply);
    cJSON_AddNumberToObject(weights, "divide", m->weight_divide);
    cJSON_AddNumberToObject(weights, "special", m->weight_special);
    machine_chips_to_json(o, &m->chips);
    machine_benchmarks_to_json(o, m);
    if (m->compile)
        cJSON_AddStringToObject(o, "compile", m->compile);
    if (m->mcpu)
        cJSON_AddStringToObject(o, "mcpu", m->mcpu);
    char *json = cJSON_Print(o);
    cJSON_Delete(o);
    return json;
}
