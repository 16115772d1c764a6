/* Reading a measurement (the JSON an -auto-instrument program writes at
 * exit), keyed by the loops of the analyzed program. */
#include "measured.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "diag.h"
#include "fileio.h"
#include "json_check.h"
#include "loop_model.h"
#include "mem.h"

struct measured_set {
    measured_loop **by_loop; /* by lm_loop.index; NULL: not measured */
    size_t nloops;
};

/* Where cJSON stopped, as a line and column of text. */
static void json_error_position(const char *text, unsigned *line, unsigned *col)
{
    const char *stop = cJSON_GetErrorPtr();
    *line = 1;
    *col = 1;
    for (const char *c = text; stop && c < stop && *c; c++) {
        if (*c == '\n') {
            ++*line;
            *col = 1;
        } else {
            ++*col;
        }
    }
}

/* ---- what a measurement holds ---- */

/* field, type, range, required, null too, one of, members, item (json_check.h) */
const json_check_field measured_count_fields[] = {
    {"entries", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {"iterations", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {"fp_plus", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {"fp_minus", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {"fp_multiply", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {"fp_divide", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {"fp_special", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {"load_bytes", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {"store_bytes", JSON_CHECK_INTEGER, &json_check_count, true, false, NULL, NULL, NULL},
    {0},
};

/* Seconds and rates, >= 0. */
static const json_check_range measured_time = {0, HUGE_VAL, false, 0, ">= 0"};

/* A timed loop's time (instrument/runtime.c): measurements of untimed
 * loops and those written before loops were timed have none. */
static const json_check_field measured_time_fields[] = {
    {"seconds", JSON_CHECK_NUMBER, &measured_time, false, false, NULL, NULL, NULL},
    {"thread_seconds", JSON_CHECK_NUMBER, &measured_time, false, false, NULL, NULL, NULL},
    {"gflops", JSON_CHECK_NUMBER, &measured_time, false, false, NULL, NULL, NULL},
    {"gbytes_per_s", JSON_CHECK_NUMBER, &measured_time, false, false, NULL, NULL, NULL},
    {0},
};

/* fp_total and ai follow from the counts (and are worked out again from
 * them), so a measurement written by hand may leave them out. */
static const json_check_field measured_loop_fields[] = {
    {"file", JSON_CHECK_STRING, &json_check_nonempty, true, false, NULL, NULL, NULL},
    {"line", JSON_CHECK_INTEGER, &json_check_position, true, false, NULL, NULL, NULL},
    {"column", JSON_CHECK_INTEGER, &json_check_position, true, false, NULL, NULL, NULL},
    {"function", JSON_CHECK_STRING, NULL, false, false, NULL, NULL, NULL},
    {"counts", JSON_CHECK_GROUP, NULL, false, false, NULL, measured_count_fields, NULL},
    {"fp_total", JSON_CHECK_INTEGER, &json_check_count, false, false, NULL, NULL, NULL},
    {"ai", JSON_CHECK_NUMBER, &json_check_intensity, false, false, NULL, NULL, NULL},
    {"time", JSON_CHECK_GROUP, NULL, false, false, NULL, measured_time_fields, NULL},
    {0},
};

static const json_check_field measured_totals_fields[] = {
    {"counts", JSON_CHECK_GROUP, NULL, false, false, NULL, measured_count_fields, NULL},
    {"fp_total", JSON_CHECK_INTEGER, &json_check_count, false, false, NULL, NULL, NULL},
    {"ai", JSON_CHECK_NUMBER, &json_check_intensity, false, false, NULL, NULL, NULL},
    {0},
};

static const json_check_field measured_loop_row = {"loop", JSON_CHECK_OBJECT,
                                                   .members = measured_loop_fields};

/* A digest as the runtime prints it (measured_digest). */
static const json_check_range measured_hex16 = {16, 16, false, 0, "16 hexadecimal digits"};

static const json_check_field measured_file_fields[] = {
    {"file", JSON_CHECK_STRING, &json_check_nonempty, true, false, NULL, NULL, NULL},
    {"digest", JSON_CHECK_STRING, &measured_hex16, true, false, NULL, NULL, NULL},
    {0},
};

static const json_check_field measured_file_row = {"file", JSON_CHECK_OBJECT,
                                                   .members = measured_file_fields};

/* "build" and "files" say which build measured: a measurement written by
 * hand may leave them out. */
static const json_check_field measured_top_fields[] = {
    {"build", JSON_CHECK_STRING, &measured_hex16, false, false, NULL, NULL, NULL},
    {"files", JSON_CHECK_ARRAY, NULL, false, false, NULL, NULL, &measured_file_row},
    {"loops", JSON_CHECK_ARRAY, NULL, true, false, NULL, NULL, &measured_loop_row},
    {"totals", JSON_CHECK_OBJECT, NULL, false, false, NULL, measured_totals_fields, NULL},
    {0},
};

const json_check_field measured_schema = {"the measurement", JSON_CHECK_OBJECT,
                                          .members = measured_top_fields};

/* FNV-1a, 64 bits: the same on every machine, cheap, and enough to tell
 * one version of a file from another (not an adversary). */
uint64_t measured_digest(const char *text, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)text[i]) * 0x100000001b3ull;
    return h;
}

uint64_t measured_unit_id(const char *path, uint64_t digest)
{
    return digest ^ (measured_digest(path, strlen(path)) * 0x9e3779b97f4a7c15ull);
}

/* A member the schema checked: a count. */
static unsigned long json_count(const cJSON *o, const char *key)
{
    return (unsigned long)cJSON_GetObjectItemCaseSensitive(o, key)->valuedouble;
}

/* The program's loops by (line, column, file name), so that each entry of a
 * measurement is found in log n: a search through every loop for each made a
 * measurement of many loops cost their number squared.  Equal keys keep the
 * program's order (`order`): the first loop of that name and place wins. */
typedef struct loop_key {
    unsigned line, col;
    const char *base;
    size_t order;
    const lm_loop *loop;
} loop_key;

typedef struct loop_index {
    loop_key *v;
    size_t n;
} loop_index;

static int loop_key_compare(const void *pa, const void *pb)
{
    const loop_key *a = pa, *b = pb;
    if (a->line != b->line)
        return a->line < b->line ? -1 : 1;
    if (a->col != b->col)
        return a->col < b->col ? -1 : 1;
    return strcmp(a->base, b->base);
}

static int loop_key_order(const void *pa, const void *pb)
{
    int c = loop_key_compare(pa, pb);
    if (c)
        return c;
    const loop_key *a = pa, *b = pb;
    return (a->order > b->order) - (a->order < b->order);
}

static loop_index loop_index_build(const lm_program *p)
{
    loop_index ix = {mem_alloc((p->nloops ? p->nloops : 1) * sizeof *ix.v), 0};
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            for (const lm_loop *l = fn->loops; l && ix.n < p->nloops; l = lm_loop_next_preorder(l))
                ix.v[ix.n++] = (loop_key){l->loc.line, l->loc.column, fileio_basename(f->path),
                                          ix.n, l};
    qsort(ix.v, ix.n, sizeof *ix.v, loop_key_order);
    return ix;
}

static const lm_loop *find_loop(const loop_index *ix, const char *file, unsigned line,
                                unsigned col)
{
    loop_key key = {line, col, fileio_basename(file), 0, NULL};
    const loop_key *hit = bsearch(&key, ix->v, ix->n, sizeof *ix->v, loop_key_compare);
    while (hit && hit > ix->v && loop_key_compare(hit - 1, &key) == 0)
        hit--;
    return hit ? hit->loop : NULL;
}

static const char *const count_keys[] = {"fp_plus", "fp_minus", "fp_multiply", "fp_divide",
                                         "fp_special"};

static double json_number_or_zero(const cJSON *e, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(e, key);
    return v ? v->valuedouble : 0.0;
}

void measured_time_of(const cJSON *e, measured_loop *m)
{
    m->timed = cJSON_GetObjectItemCaseSensitive(e, "seconds") != NULL;
    m->seconds = json_number_or_zero(e, "seconds");
    m->thread_seconds = json_number_or_zero(e, "thread_seconds");
    m->gflops = json_number_or_zero(e, "gflops");
    m->gbytes_per_s = json_number_or_zero(e, "gbytes_per_s");
}

/* What entry e measured, stored as loop l's. */
static void store_entry(measured_set *s, const lm_loop *l, const cJSON *e)
{
    measured_loop m = {0};
    m.entries = json_count(e, "entries");
    m.iterations = json_count(e, "iterations");
    m.load_bytes = json_count(e, "load_bytes");
    m.store_bytes = json_count(e, "store_bytes");
    for (int k = 0; k < LM_FP_NCLASSES; k++)
        m.fp.n[k] = json_count(e, count_keys[k]);
    m.ai = lm_intensity(lm_fp_total(&m.fp), m.load_bytes + m.store_bytes);
    measured_time_of(e, &m);
    if (!s->by_loop[l->index])
        s->by_loop[l->index] = mem_alloc(sizeof m);
    *s->by_loop[l->index] = m;
}

static void warn_unmatched(const char *path, const cJSON *e)
{
    diag_at(DIAG_WARNING, cJSON_GetObjectItemCaseSensitive(e, "file")->valuestring,
            (unsigned)json_count(e, "line"), (unsigned)json_count(e, "column"),
            "the measurement in '%s' has a loop here that the analyzed files do not", path);
}

/* One entry of "loops", as the schema checked it. */
static void read_entry(measured_set *s, const loop_index *ix, const char *path, const cJSON *e)
{
    const char *file = cJSON_GetObjectItemCaseSensitive(e, "file")->valuestring;
    unsigned line = (unsigned)json_count(e, "line"), col = (unsigned)json_count(e, "column");
    const lm_loop *l = find_loop(ix, file, line, col);
    if (l)
        store_entry(s, l, e);
    else
        warn_unmatched(path, e);
}

/* The digest of an analyzed file's text now, as text; false when it cannot
 * be read (reported). */
static bool digest_now(const lm_file *f, char now[17])
{
    char *text = fileio_read_text(f->path, "the source file");
    if (!text)
        return false;
    snprintf(now, 17, "%016llx", (unsigned long long)measured_digest(text, strlen(text)));
    free(text);
    return true;
}

/* A "files" entry of the measurement against the analyzed files of its
 * name (matched by name as loops are): one of them must be the text it
 * measured (two directories may hold files of one name), else the
 * measurement is of another build. */
static bool same_build(const lm_program *p, const char *path, const char *file,
                       const char *digest)
{
    const lm_file *changed = NULL;
    for (const lm_file *f = p->files; f; f = f->next) {
        char now[17];
        if (strcmp(fileio_basename(f->path), fileio_basename(file)))
            continue;
        if (!digest_now(f, now))
            return false;
        if (!strcmp(now, digest))
            return true;
        changed = f;
    }
    if (!changed)
        return true;
    diag_at(DIAG_ERROR, path, 1, 1,
            "the measurement is of another build: '%s' has changed since it was measured "
            "(build and run the program again)", changed->path);
    return false;
}

/* Every analyzed file the measurement names is the text it measured. */
static bool files_match(const lm_program *p, const char *path, const cJSON *root)
{
    const cJSON *files = cJSON_GetObjectItemCaseSensitive(root, "files");
    bool ok = true;
    for (const cJSON *e = files ? files->child : NULL; e; e = e->next)
        ok = same_build(p, path, cJSON_GetObjectItemCaseSensitive(e, "file")->valuestring,
                        cJSON_GetObjectItemCaseSensitive(e, "digest")->valuestring) && ok;
    return ok;
}

struct cJSON *measured_parse(const char *path)
{
    char *text = fileio_read_text(path, "the measurement");
    if (!text)
        return NULL;
    cJSON *root = cJSON_ParseWithOpts(text, NULL, true);
    if (!root) {
        unsigned line, col;
        json_error_position(text, &line, &col);
        diag_at(DIAG_ERROR, path, line, col, "the measurement is not valid JSON");
    } else if (json_check(path, text, &measured_schema)) {
        cJSON_Delete(root);
        root = NULL;
    }
    free(text);
    return root;
}

static measured_set *set_create(const lm_program *p)
{
    measured_set *s = mem_alloc(sizeof *s);
    s->nloops = p->nloops;
    s->by_loop = mem_alloc((p->nloops ? p->nloops : 1) * sizeof *s->by_loop);
    return s;
}

measured_set *measured_read(const lm_program *p, const char *path)
{
    cJSON *root = measured_parse(path);
    if (!root || !files_match(p, path, root)) {
        cJSON_Delete(root);
        return NULL;
    }
    measured_set *s = set_create(p);
    loop_index ix = loop_index_build(p);
    const cJSON *loops = cJSON_GetObjectItemCaseSensitive(root, "loops");
    for (const cJSON *e = loops->child; e; e = e->next)
        read_entry(s, &ix, path, e);
    free(ix.v);
    cJSON_Delete(root);
    return s;
}

/* ---- By function and line: a program read from ExaSAT XML ---- */

/* A loop, or an entry of the measurement, by its function's name and line; `order`
 * ranks the ones of one place (the loops in source order, the entries by column). */
typedef struct line_key {
    const char *function;
    unsigned line;
    unsigned long order;
    const void *item;
} line_key;

static int line_key_place(const void *pa, const void *pb)
{
    const line_key *a = pa, *b = pb;
    if (a->line != b->line)
        return a->line < b->line ? -1 : 1;
    return strcmp(a->function, b->function);
}

static int line_key_order(const void *pa, const void *pb)
{
    int c = line_key_place(pa, pb);
    if (c)
        return c;
    const line_key *a = pa, *b = pb;
    return (a->order > b->order) - (a->order < b->order);
}

static line_key *line_keys_of_loops(const lm_program *p, size_t *n)
{
    line_key *v = mem_alloc((p->nloops ? p->nloops : 1) * sizeof *v);
    *n = 0;
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            for (const lm_loop *l = fn->loops; l && *n < p->nloops; l = lm_loop_next_preorder(l))
                v[*n] = (line_key){fn->name, l->loc.line, *n, l}, (*n)++;
    qsort(v, *n, sizeof *v, line_key_order);
    return v;
}

/* The entries that name their function (the others cannot be matched: warned). */
static line_key *line_keys_of_entries(const cJSON *loops, const char *path, size_t *n)
{
    size_t cap = (size_t)cJSON_GetArraySize(loops);
    line_key *v = mem_alloc((cap ? cap : 1) * sizeof *v);
    *n = 0;
    for (const cJSON *e = loops->child; e; e = e->next) {
        const cJSON *fn = cJSON_GetObjectItemCaseSensitive(e, "function");
        if (cJSON_IsString(fn))
            v[(*n)++] = (line_key){fn->valuestring, (unsigned)json_count(e, "line"),
                                   json_count(e, "column"), e};
        else
            warn_unmatched(path, e);
    }
    qsort(v, *n, sizeof *v, line_key_order);
    return v;
}

measured_set *measured_read_lines(const lm_program *p, const char *path)
{
    cJSON *root = measured_parse(path);
    if (!root)
        return NULL;
    measured_set *s = set_create(p);
    size_t nloops, nentries;
    line_key *loops = line_keys_of_loops(p, &nloops);
    line_key *entries =
        line_keys_of_entries(cJSON_GetObjectItemCaseSensitive(root, "loops"), path, &nentries);
    /* Both sorted by place: the k-th entry of a place is the k-th loop of it. */
    size_t i = 0, k = 0;
    for (size_t at = 0; at < nentries; at++) {
        bool next_place = at > 0 && line_key_place(&entries[at - 1], &entries[at]);
        while (i < nloops && line_key_place(&loops[i], &entries[at]) < 0)
            i++;
        k = next_place || at == 0 ? 0 : k + 1;
        if (i + k < nloops && line_key_place(&loops[i + k], &entries[at]) == 0)
            store_entry(s, loops[i + k].item, entries[at].item);
        else
            warn_unmatched(path, entries[at].item);
    }
    free(loops);
    free(entries);
    cJSON_Delete(root);
    return s;
}

void measured_free(measured_set **sp)
{
    if (!sp || !*sp)
        return;
    for (size_t i = 0; i < (*sp)->nloops; i++)
        free((*sp)->by_loop[i]);
    free((*sp)->by_loop);
    free(*sp);
    *sp = NULL;
}

const measured_loop *measured_of(const measured_set *s, const lm_loop *l)
{
    return s && l->index < s->nloops ? s->by_loop[l->index] : NULL;
}

bool measured_counts_of(const void *set, const lm_loop *l, unsigned long long *entries,
                        unsigned long long *iterations)
{
    const measured_loop *m = measured_of(set, l);
    if (!m)
        return false;
    *entries = m->entries;
    *iterations = m->iterations;
    return true;
}

static void pin_set(lm_pininfo *pi, lm_pin_field f, unsigned long v)
{
    pi->present[f] = true;
    pi->value[f] = v;
}

void measured_pininfo(lm_pininfo *pi, const measured_loop *m)
{
    memset(pi, 0, sizeof *pi);
    pin_set(pi, LM_PIN_ENTRIES, m->entries);
    pin_set(pi, LM_PIN_ITERS, m->iterations);
    pin_set(pi, LM_PIN_BYTEREADS, m->load_bytes);
    pin_set(pi, LM_PIN_BYTEWRITES, m->store_bytes);
    pin_set(pi, LM_PIN_ADDS, m->fp.n[LM_FP_PLUS]);
    pin_set(pi, LM_PIN_SUBS, m->fp.n[LM_FP_MINUS]);
    pin_set(pi, LM_PIN_MULS, m->fp.n[LM_FP_MULTIPLY]);
    pin_set(pi, LM_PIN_DIVS, m->fp.n[LM_FP_DIVIDE]);
    pin_set(pi, LM_PIN_SPECIALS, m->fp.n[LM_FP_SPECIAL]);
}
