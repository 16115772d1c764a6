/* ---- measuretool -auto-instrument: the counting runtime ------------------
 * Appended to each instrumented file after its tables (aitool_loops,
 * aitool_rows, AITOOL_NCOUNTERS, AITOOL_NLOOPS, aitool_file,
 * AITOOL_DIGEST, AITOOL_UNIT).  Each thread adds to counters of its own,
 * allocated on first use and kept in a list that is never shrunk, so a
 * thread's counts outlive the thread.
 *
 * One measurement per process, whatever number of instrumented files the
 * program links: every copy of this code is static to its file, and the
 * copies meet in one registry, aitool_registry_1, a weak definition each
 * file carries (the linker keeps one, so several instrumented objects link
 * statically without a clash; the _1 is the layout's version, so copies of
 * another layout never share it).  Each file's constructor registers its
 * unit; the first to register also installs the one writer (atexit) and
 * the fork handler.  At exit the writer asks each unit to sum its threads'
 * counters, multiply them through its rows into per-loop counts and write
 * its loops, and writes the whole as JSON to $AITOOL_MEASURED (default
 * ai_measured.json; %p the process id, %r the MPI rank), through a
 * temporary renamed into place.  Without %p, only the process that started
 * the program (and, when the name has no %r, only rank 0) writes the name
 * itself; any other writes NAME.PID and says so, so that no process
 * overwrites another's.  A child made by fork starts from zero counts. */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* ---- this file's unit ---- */

/* fields: fp_plus, fp_minus, fp_multiply, fp_divide, fp_special, entries,
 * iterations; totals add load and store bytes (9 fields) */
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

/* This file's loops, each after ",\n" but the run's first (*first), and
 * their counts added to totals.  No bound is compared with a count that
 * may be 0 (the spare counter is summed, loops go from 1): the compiler
 * would warn of a test that is always false (-Wtype-limits, in -Wextra). */
static void aitool_write_unit(FILE *f, int *first, unsigned long *totals)
{
    static unsigned long counts[AITOOL_NCOUNTERS + 1];
    const struct aitool_thread *t;
    unsigned i, k;
    for (t = __atomic_load_n(&aitool_threads, __ATOMIC_ACQUIRE); t; t = t->next)
        for (k = 0; k < AITOOL_NCOUNTERS + 1; k++)
            counts[k] += t->c[k];
    for (i = 0; aitool_rows[i].loop >= -1; i++)
        aitool_sums[aitool_rows[i].loop + 1][aitool_rows[i].field] +=
            counts[aitool_rows[i].counter] * aitool_rows[i].amount;
    for (i = 0; i <= AITOOL_NLOOPS; i++)
        for (k = 0; k < 7; k++)
            totals[k] += aitool_sums[i][k];
    for (i = 1; i <= AITOOL_NLOOPS; i++) {
        const unsigned long *v = aitool_sums[i];
        const struct aitool_loop *l = &aitool_loops[i - 1];
        unsigned long load = v[6] * l->load, store = v[6] * l->store;
        totals[7] += load;
        totals[8] += store;
        fprintf(f, "%s\n    {\"file\": \"%s\", \"line\": %u, \"column\": %u, \"function\": \"%s\", ",
                *first ? "" : ",", aitool_file, l->line, l->column, l->function);
        aitool_print_counts(f, v, load, store);
        fputs("}", f);
        *first = 0;
    }
}

/* In a child made by fork: what the parent counted is the parent's. */
static void aitool_reset_unit(void)
{
    struct aitool_thread *t;
    for (t = __atomic_load_n(&aitool_threads, __ATOMIC_ACQUIRE); t; t = t->next)
        memset(t->c, 0, sizeof t->c);
}

/* ---- the registry the files of a process meet in ---- */

struct aitool_unit_1 {
    struct aitool_unit_1 *next;
    const char *file; /* as JSON string text */
    unsigned long long digest, id;
    void (*write)(FILE *f, int *first, unsigned long *totals);
    void (*reset)(void);
};

struct aitool_registry_1 {
    struct aitool_unit_1 *units; /* by file name */
    int lock, claimed;
    long pid; /* of the process that started the program */
};

extern struct aitool_registry_1 aitool_registry_1;
__attribute__((weak, visibility("default"))) struct aitool_registry_1 aitool_registry_1;

static struct aitool_unit_1 aitool_unit = {0, aitool_file, AITOOL_DIGEST, AITOOL_UNIT,
                                           aitool_write_unit, aitool_reset_unit};

static void aitool_lock(void)
{
    while (__atomic_exchange_n(&aitool_registry_1.lock, 1, __ATOMIC_ACQUIRE))
        ;
}

static void aitool_unlock(void)
{
    __atomic_store_n(&aitool_registry_1.lock, 0, __ATOMIC_RELEASE);
}

static void aitool_after_fork(void)
{
    const struct aitool_unit_1 *u;
    for (u = aitool_registry_1.units; u; u = u->next)
        u->reset();
    aitool_registry_1.lock = 0;
}

/* The MPI rank the launcher gave, or NULL. */
static const char *aitool_rank(void)
{
    static const char *const names[] = {"PMI_RANK", "OMPI_COMM_WORLD_RANK", "SLURM_PROCID"};
    unsigned i;
    for (i = 0; i < sizeof names / sizeof *names; i++) {
        const char *v = getenv(names[i]);
        if (v && *v)
            return v;
    }
    return NULL;
}

/* Appends text to out[*n], as far as it fits (aitool_path checks). */
static void aitool_append(char *out, size_t size, size_t *n, const char *text)
{
    size_t len = strlen(text);
    if (*n + len < size)
        memcpy(out + *n, text, len);
    *n += len;
}

/* $AITOOL_MEASURED with %p, %r and %% replaced, and ".PID" after it when
 * another process may write the same name: -1 when it does not fit, 1 when
 * ".PID" was added, else 0. */
static int aitool_path(char *out, size_t size)
{
    const char *name = getenv("AITOOL_MEASURED"), *rank = aitool_rank(), *c;
    char pid[32];
    size_t n = 0;
    int has_pid = 0, has_rank = 0, added = 0;
    snprintf(pid, sizeof pid, "%ld", (long)getpid());
    if (!name || !*name)
        name = "ai_measured.json";
    for (c = name; *c; c++) {
        char one[2] = {*c, '\0'};
        if (c[0] == '%' && (c[1] == 'p' || c[1] == 'r' || c[1] == '%')) {
            c++;
            has_pid |= *c == 'p';
            has_rank |= *c == 'r';
            aitool_append(out, size, &n, *c == 'p' ? pid : *c == 'r' ? (rank ? rank : "0") : "%");
        } else {
            aitool_append(out, size, &n, one);
        }
    }
    if (!has_pid && ((long)getpid() != aitool_registry_1.pid ||
                     (!has_rank && rank && strcmp(rank, "0")))) {
        aitool_append(out, size, &n, ".");
        aitool_append(out, size, &n, pid);
        added = 1;
    }
    if (n >= size)
        return -1;
    out[n] = '\0';
    return added;
}

static void aitool_write_json(FILE *f)
{
    unsigned long totals[9] = {0};
    unsigned long long build = 0;
    const struct aitool_unit_1 *u;
    int first = 1;
    for (u = aitool_registry_1.units; u; u = u->next)
        build += u->id;
    fprintf(f, "{\n  \"build\": \"%016llx\",\n  \"files\": [", build);
    for (u = aitool_registry_1.units; u; u = u->next)
        fprintf(f, "%s\n    {\"file\": \"%s\", \"digest\": \"%016llx\"}",
                u == aitool_registry_1.units ? "" : ",", u->file, u->digest);
    fputs("\n  ],\n  \"loops\": [", f);
    for (u = aitool_registry_1.units; u; u = u->next)
        u->write(f, &first, totals);
    fputs(first ? "],\n  \"totals\": {" : "\n  ],\n  \"totals\": {", f);
    aitool_print_counts(f, totals, totals[7], totals[8]);
    fputs("}\n}\n", f);
}

/* The one writer of the process, through a temporary renamed into place,
 * so that a reader never sees half a measurement. */
static void aitool_write(void)
{
    char path[4096], tmp[4200];
    FILE *f;
    int added = aitool_path(path, sizeof path);
    if (added < 0) {
        fputs("aitool: error: the measurement's name ($AITOOL_MEASURED) is too long\n", stderr);
        return;
    }
    snprintf(tmp, sizeof tmp, "%s.aitool-tmp.%ld", path, (long)getpid());
    f = fopen(tmp, "w");
    if (!f) {
        fprintf(stderr, "aitool: error: cannot write the measurement to %s: %s\n", path,
                strerror(errno));
        return;
    }
    aitool_write_json(f);
    if (fclose(f) != 0 || rename(tmp, path) != 0) {
        fprintf(stderr, "aitool: error: cannot write the measurement to %s: %s\n", path,
                strerror(errno));
        remove(tmp);
        return;
    }
    if (added)
        fprintf(stderr, "aitool: note: process %ld wrote its measurement to %s "
                        "($AITOOL_MEASURED has no %%p)\n", (long)getpid(), path);
}

/* This file's unit joins the registry, in the order of file names, so that
 * every process of a program writes its loops in one order. */
__attribute__((constructor)) static void aitool_start(void)
{
    struct aitool_unit_1 **at;
    int first;
    aitool_lock();
    for (at = &aitool_registry_1.units; *at && strcmp((*at)->file, aitool_unit.file) <= 0;
         at = &(*at)->next)
        ;
    aitool_unit.next = *at;
    *at = &aitool_unit;
    first = !aitool_registry_1.claimed;
    aitool_registry_1.claimed = 1;
    if (first)
        aitool_registry_1.pid = (long)getpid();
    aitool_unlock();
    if (first) {
        pthread_atfork(aitool_lock, aitool_unlock, aitool_after_fork);
        atexit(aitool_write);
    }
}
