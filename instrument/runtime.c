/* ---- measuretool -auto-instrument: the counting runtime ------------------
 * Appended to each instrumented file after its tables (aitool_loops,
 * aitool_rows, AITOOL_NCOUNTERS, AITOOL_NLOOPS, aitool_file).  Each thread
 * adds to counters of its own, allocated on first use and kept in a list
 * that is never shrunk, so a thread's counts outlive the thread.  At exit
 * the counters are summed, multiplied through the rows into per-loop counts
 * and written as JSON to $AITOOL_MEASURED (default ai_measured.json). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

struct aitool_thread {
    struct aitool_thread *next;
    unsigned long c[AITOOL_NCOUNTERS + 1];
};

static struct aitool_thread *aitool_threads;
static __thread unsigned long *aitool_mine;

static unsigned long *aitool_here(void)
{
    struct aitool_thread *t;
    if (aitool_mine)
        return aitool_mine;
    t = (struct aitool_thread *)calloc(1, sizeof *t);
    if (!t) {
        fputs("aitool: no memory for the loop counters\n", stderr);
        abort();
    }
    t->next = __atomic_load_n(&aitool_threads, __ATOMIC_ACQUIRE);
    while (!__atomic_compare_exchange_n(&aitool_threads, &t->next, t, 0, __ATOMIC_RELEASE,
                                        __ATOMIC_ACQUIRE))
        ;
    aitool_mine = t->c;
    return aitool_mine;
}

static void aitool_add(unsigned first, unsigned n, ...)
{
    unsigned long *c = aitool_here() + first;
    unsigned i;
    va_list ap;
    va_start(ap, n);
    for (i = 0; i < n; i++)
        c[i] += va_arg(ap, unsigned long);
    va_end(ap);
}

/* fields: fp_plus, fp_minus, fp_multiply, fp_divide, fp_special, entries, iterations */
static unsigned long aitool_sums[AITOOL_NLOOPS + 1][7];

static void aitool_print_counts(FILE *f, const unsigned long *v, unsigned long load,
                                unsigned long store)
{
    unsigned long total = v[0] + v[1] + v[2] + v[3];
    double bytes = (double)load + (double)store;
    double ai = bytes > 0 ? (double)total / bytes : (total ? 9999.9 : 0.0);
    fprintf(f, "\"entries\": %lu, \"iterations\": %lu, \"fp_plus\": %lu, \"fp_minus\": %lu, "
               "\"fp_multiply\": %lu, \"fp_divide\": %lu, \"fp_total\": %lu, "
               "\"fp_special\": %lu, \"load_bytes\": %lu, \"store_bytes\": %lu, \"ai\": %.6f",
            v[5], v[6], v[0], v[1], v[2], v[3], total, v[4], load, store, ai);
}

static void aitool_write(void)
{
    static unsigned long counts[AITOOL_NCOUNTERS + 1], totals[7];
    unsigned long load_total = 0, store_total = 0;
    const struct aitool_thread *t;
    const char *path = getenv("AITOOL_MEASURED");
    FILE *f;
    unsigned i, k;
    for (t = __atomic_load_n(&aitool_threads, __ATOMIC_ACQUIRE); t; t = t->next)
        for (k = 0; k < AITOOL_NCOUNTERS; k++)
            counts[k] += t->c[k];
    for (i = 0; aitool_rows[i].loop >= -1; i++)
        aitool_sums[aitool_rows[i].loop + 1][aitool_rows[i].field] +=
            counts[aitool_rows[i].counter] * aitool_rows[i].amount;
    if (!path || !*path)
        path = "ai_measured.json";
    f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "aitool: cannot write the measurement to %s\n", path);
        return;
    }
    fputs("{\n  \"loops\": [", f);
    for (i = 0; i <= AITOOL_NLOOPS; i++)
        for (k = 0; k < 7; k++)
            totals[k] += aitool_sums[i][k];
    /* To the table's end mark: `i < AITOOL_NLOOPS` warns (-Wtype-limits)
     * in a file without loops. */
    for (i = 0; aitool_loops[i].line; i++) {
        const unsigned long *v = aitool_sums[i + 1];
        unsigned long load = v[6] * aitool_loops[i].load, store = v[6] * aitool_loops[i].store;
        load_total += load;
        store_total += store;
        fprintf(f, "%s\n    {\"file\": \"%s\", \"line\": %u, \"column\": %u, \"function\": \"%s\", ",
                i ? "," : "", aitool_file, aitool_loops[i].line, aitool_loops[i].column,
                aitool_loops[i].function);
        aitool_print_counts(f, v, load, store);
        fputs("}", f);
    }
    fputs(AITOOL_NLOOPS ? "\n  ],\n  \"totals\": {" : "],\n  \"totals\": {", f);
    aitool_print_counts(f, totals, load_total, store_total);
    fputs("}\n}\n", f);
    if (fclose(f) != 0)
        fprintf(stderr, "aitool: cannot write the measurement to %s\n", path);
}

__attribute__((constructor)) static void aitool_start(void)
{
    atexit(aitool_write);
}
