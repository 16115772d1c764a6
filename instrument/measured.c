/* Reading a measurement (the JSON an -auto-instrument program writes at
 * exit), keyed by the loops of the analyzed program. */
#include "measured.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "diag.h"
#include "fileio.h"
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

static bool json_count(const cJSON *o, const char *key, unsigned long *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsNumber(v) || v->valuedouble < 0)
        return false;
    *out = (unsigned long)v->valuedouble;
    return true;
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

/* One entry of "loops"; false when it lacks a field. */
static bool read_entry(measured_set *s, const loop_index *ix, const char *path, const cJSON *e,
                       unsigned index)
{
    const cJSON *file = cJSON_GetObjectItemCaseSensitive(e, "file");
    unsigned long line = 0, col = 0;
    measured_loop m = {0};
    bool ok = cJSON_IsString(file) && json_count(e, "line", &line) &&
              json_count(e, "column", &col) && json_count(e, "entries", &m.entries) &&
              json_count(e, "iterations", &m.iterations) &&
              json_count(e, "load_bytes", &m.load_bytes) &&
              json_count(e, "store_bytes", &m.store_bytes);
    for (int k = 0; ok && k < LM_FP_NCLASSES; k++)
        ok = json_count(e, count_keys[k], &m.fp.n[k]);
    if (!ok) {
        diag_at(DIAG_ERROR, path, 1, 1, "loop %u of the measurement lacks a field (file, line, "
                                        "column, entries, iterations, fp_*, load_bytes, "
                                        "store_bytes)", index + 1);
        return false;
    }
    const lm_loop *l = find_loop(ix, file->valuestring, (unsigned)line, (unsigned)col);
    if (!l) {
        diag_at(DIAG_WARNING, file->valuestring, (unsigned)line, (unsigned)col,
                "the measurement in '%s' has a loop here that the analyzed files do not", path);
        return true;
    }
    m.ai = lm_intensity(lm_fp_total(&m.fp), m.load_bytes + m.store_bytes);
    if (!s->by_loop[l->index])
        s->by_loop[l->index] = mem_alloc(sizeof m);
    *s->by_loop[l->index] = m;
    return true;
}

measured_set *measured_read(const lm_program *p, const char *path)
{
    char *text = fileio_read_text(path, "the measurement");
    if (!text)
        return NULL;
    measured_set *s = mem_alloc(sizeof *s);
    s->nloops = p->nloops;
    s->by_loop = mem_alloc((p->nloops ? p->nloops : 1) * sizeof *s->by_loop);
    cJSON *root = cJSON_Parse(text);
    const cJSON *loops = root ? cJSON_GetObjectItemCaseSensitive(root, "loops") : NULL;
    bool ok = true;
    if (!root) {
        unsigned line, col;
        json_error_position(text, &line, &col);
        diag_at(DIAG_ERROR, path, line, col, "the measurement is not valid JSON");
        ok = false;
    } else if (!cJSON_IsArray(loops)) {
        diag_at(DIAG_ERROR, path, 1, 1, "the measurement has no \"loops\" array (it is written "
                                        "by programs instrumented with -auto-instrument)");
        ok = false;
    } else {
        loop_index ix = loop_index_build(p);
        unsigned i = 0;
        for (const cJSON *e = loops->child; e; e = e->next, i++)
            ok &= read_entry(s, &ix, path, e, i);
        free(ix.v);
    }
    cJSON_Delete(root);
    free(text);
    if (!ok)
        measured_free(&s);
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
