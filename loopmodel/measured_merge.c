/* measuretool -merge-measured: the measurements of one run's processes
 * (AITOOL_MEASURED with %p or %r, or the NAME.PID files of fork's
 * children), summed into the one measurement of the run, in the layout the
 * runtime writes (instrument/runtime.c), so that every reader takes it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "diag.h"
#include "fileio.h"
#include "measured.h"
#include "mem.h"
#include "strbuf.h"

/* The counts of a loop, in the order the runtime prints them. */
enum { MM_ENTRIES, MM_ITERATIONS, MM_PLUS, MM_MINUS, MM_MULTIPLY, MM_DIVIDE, MM_SPECIAL,
       MM_LOAD, MM_STORE, MM_NCOUNTS };

static const char *const mm_keys[MM_NCOUNTS] = {
    "entries", "iterations", "fp_plus", "fp_minus", "fp_multiply", "fp_divide", "fp_special",
    "load_bytes", "store_bytes"};

typedef struct mm_loop {
    const char *file, *function; /* borrowed from the inputs' trees */
    unsigned line, column;
    size_t order; /* of first appearance */
    unsigned long v[MM_NCOUNTS];
    bool timed;
    /* summed: seconds, thread seconds, and the work the rates were of */
    double seconds, thread_seconds, flops, bytes;
} mm_loop;

typedef struct mm_merge {
    cJSON **trees;
    int ntrees;
    mm_loop *loops;
    size_t nloops, cap;
    unsigned long totals[MM_NCOUNTS];
    const cJSON *files, *build; /* the first input's */
    const char *first;          /* the first input read */
} mm_merge;

static void mm_counts(const cJSON *o, unsigned long *v)
{
    for (int k = 0; k < MM_NCOUNTS; k++)
        v[k] = (unsigned long)cJSON_GetObjectItemCaseSensitive(o, mm_keys[k])->valuedouble;
}

/* A timed loop's time; its rates as the work they were of, so that the
 * merged rates are the summed work over the summed time. */
static void mm_time(mm_loop *l, const cJSON *e)
{
    measured_loop t;
    measured_time_of(e, &t);
    l->timed = t.timed;
    l->seconds = t.seconds;
    l->thread_seconds = t.thread_seconds;
    l->flops = t.gflops * 1e9 * t.seconds;
    l->bytes = t.gbytes_per_s * 1e9 * t.seconds;
}

static void mm_add_loop(mm_merge *m, const cJSON *e)
{
    if (m->nloops == m->cap) {
        m->cap = m->cap ? 2 * m->cap : 64;
        m->loops = mem_realloc(m->loops, m->cap * sizeof *m->loops);
    }
    mm_loop *l = &m->loops[m->nloops];
    const cJSON *fn = cJSON_GetObjectItemCaseSensitive(e, "function");
    l->file = cJSON_GetObjectItemCaseSensitive(e, "file")->valuestring;
    l->function = fn ? fn->valuestring : "";
    l->line = (unsigned)cJSON_GetObjectItemCaseSensitive(e, "line")->valuedouble;
    l->column = (unsigned)cJSON_GetObjectItemCaseSensitive(e, "column")->valuedouble;
    l->order = m->nloops++;
    mm_counts(e, l->v);
    mm_time(l, e);
}

static const char *mm_build(const cJSON *root)
{
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(root, "build");
    return b ? b->valuestring : "none";
}

/* One input read, checked and added; false after its error. */
static bool mm_read(mm_merge *m, const char *path)
{
    cJSON *root = measured_parse(path);
    if (!root)
        return false;
    m->trees[m->ntrees++] = root;
    if (m->ntrees == 1) {
        m->first = path;
        m->build = cJSON_GetObjectItemCaseSensitive(root, "build");
        m->files = cJSON_GetObjectItemCaseSensitive(root, "files");
    } else if (strcmp(mm_build(root), mm_build(m->trees[0]))) {
        diag_at(DIAG_ERROR, path, 1, 1,
                "the measurement is of another build (%s) than '%s' (%s): refusing to merge it",
                mm_build(root), m->first, mm_build(m->trees[0]));
        return false;
    }
    const cJSON *loops = cJSON_GetObjectItemCaseSensitive(root, "loops");
    unsigned long sum[MM_NCOUNTS] = {0}, v[MM_NCOUNTS];
    for (const cJSON *e = loops->child; e; e = e->next) {
        mm_add_loop(m, e);
        for (int k = 0; k < MM_NCOUNTS; k++)
            sum[k] += m->loops[m->nloops - 1].v[k];
    }
    /* without totals, the loops' own sums stand for them */
    const cJSON *totals = cJSON_GetObjectItemCaseSensitive(root, "totals");
    if (totals && cJSON_GetObjectItemCaseSensitive(totals, "entries"))
        mm_counts(totals, v);
    else
        memcpy(v, sum, sizeof v);
    for (int k = 0; k < MM_NCOUNTS; k++)
        m->totals[k] += v[k];
    return true;
}

static int mm_key_compare(const void *pa, const void *pb)
{
    const mm_loop *a = pa, *b = pb;
    int c = strcmp(a->file, b->file);
    if (!c)
        c = (a->line > b->line) - (a->line < b->line);
    if (!c)
        c = (a->column > b->column) - (a->column < b->column);
    if (!c)
        c = strcmp(a->function, b->function);
    return c ? c : (a->order > b->order) - (a->order < b->order);
}

static int mm_order_compare(const void *pa, const void *pb)
{
    const mm_loop *a = pa, *b = pb;
    return (a->order > b->order) - (a->order < b->order);
}

/* Entries of one loop summed into its first, in the order loops first came. */
static void mm_combine(mm_merge *m)
{
    if (!m->nloops)
        return;
    qsort(m->loops, m->nloops, sizeof *m->loops, mm_key_compare);
    size_t kept = 0;
    for (size_t i = 1; i < m->nloops; i++) {
        mm_loop *k = &m->loops[kept], *l = &m->loops[i];
        if (!strcmp(k->file, l->file) && k->line == l->line && k->column == l->column &&
            !strcmp(k->function, l->function)) {
            for (int c = 0; c < MM_NCOUNTS; c++)
                k->v[c] += l->v[c];
            k->timed |= l->timed;
            k->seconds += l->seconds;
            k->thread_seconds += l->thread_seconds;
            k->flops += l->flops;
            k->bytes += l->bytes;
        } else {
            m->loops[++kept] = *l;
        }
    }
    m->nloops = kept + 1;
    qsort(m->loops, m->nloops, sizeof *m->loops, mm_order_compare);
}

/* A string as JSON text. */
static void mm_string(strbuf *t, const char *s)
{
    cJSON *item = cJSON_CreateStringReference(s);
    char *q = cJSON_PrintUnformatted(item);
    strbuf_append(t, q);
    cJSON_free(q);
    cJSON_Delete(item);
}

static void mm_print_counts(strbuf *t, const unsigned long *v)
{
    unsigned long total = v[MM_PLUS] + v[MM_MINUS] + v[MM_MULTIPLY] + v[MM_DIVIDE];
    double bytes = (double)v[MM_LOAD] + (double)v[MM_STORE];
    double ai = bytes > 0 ? (double)total / bytes : (total ? 9999.9 : 0.0);
    strbuf_printf(t, "\"entries\": %lu, \"iterations\": %lu, \"fp_plus\": %lu, \"fp_minus\": %lu, "
                     "\"fp_multiply\": %lu, \"fp_divide\": %lu, \"fp_total\": %lu, "
                     "\"fp_special\": %lu, \"load_bytes\": %lu, \"store_bytes\": %lu, \"ai\": %.6f",
                  v[MM_ENTRIES], v[MM_ITERATIONS], v[MM_PLUS], v[MM_MINUS], v[MM_MULTIPLY],
                  v[MM_DIVIDE], total, v[MM_SPECIAL], v[MM_LOAD], v[MM_STORE], ai);
}

/* As the runtime prints a timed loop's time. */
static void mm_print_time(strbuf *t, const mm_loop *l)
{
    if (!l->timed)
        return;
    strbuf_printf(t, ", \"seconds\": %.9g, \"thread_seconds\": %.9g", l->seconds,
                  l->thread_seconds);
    if (l->seconds > 0)
        strbuf_printf(t, ", \"gflops\": %.9g, \"gbytes_per_s\": %.9g",
                      l->flops / l->seconds / 1e9, l->bytes / l->seconds / 1e9);
}

static bool mm_write(FILE *out, void *ctx)
{
    const mm_merge *m = ctx;
    strbuf t = STRBUF_INIT;
    strbuf_append(&t, "{\n");
    if (m->build)
        strbuf_printf(&t, "  \"build\": \"%s\",\n", m->build->valuestring);
    if (m->files) {
        strbuf_append(&t, "  \"files\": [");
        for (const cJSON *f = m->files->child; f; f = f->next) {
            strbuf_printf(&t, "%s\n    {\"file\": ", f == m->files->child ? "" : ",");
            mm_string(&t, cJSON_GetObjectItemCaseSensitive(f, "file")->valuestring);
            strbuf_printf(&t, ", \"digest\": \"%s\"}",
                          cJSON_GetObjectItemCaseSensitive(f, "digest")->valuestring);
        }
        strbuf_append(&t, "\n  ],\n");
    }
    strbuf_append(&t, "  \"loops\": [");
    for (size_t i = 0; i < m->nloops; i++) {
        const mm_loop *l = &m->loops[i];
        strbuf_printf(&t, "%s\n    {\"file\": ", i ? "," : "");
        mm_string(&t, l->file);
        strbuf_printf(&t, ", \"line\": %u, \"column\": %u, \"function\": ", l->line, l->column);
        mm_string(&t, l->function);
        strbuf_append(&t, ", ");
        mm_print_counts(&t, l->v);
        mm_print_time(&t, l);
        strbuf_append(&t, "}");
    }
    strbuf_append(&t, m->nloops ? "\n  ],\n  \"totals\": {" : "],\n  \"totals\": {");
    mm_print_counts(&t, m->totals);
    strbuf_append(&t, "}\n}\n");
    bool ok = fileio_flush_text(out, &t);
    strbuf_release(&t);
    return ok;
}

bool measured_merge(const char *out, const char *const *inputs, int n)
{
    mm_merge m = {.trees = mem_alloc((size_t)(n > 0 ? n : 1) * sizeof *m.trees)};
    bool ok = true;
    for (int i = 0; i < n; i++)
        ok = mm_read(&m, inputs[i]) && ok;
    if (ok) {
        mm_combine(&m);
        ok = fileio_write_atomic(out, mm_write, &m);
    }
    for (int i = 0; i < m.ntrees; i++)
        cJSON_Delete(m.trees[i]);
    free(m.trees);
    free(m.loops);
    return ok;
}
