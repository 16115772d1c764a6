/* ---- measuretool -auto-instrument: the counting runtime ------------------
 * Appended to each instrumented file after its tables (aitool_loops,
 * aitool_rows, AITOOL_NCOUNTERS, AITOOL_NLOOPS, aitool_file,
 * AITOOL_DIGEST, AITOOL_UNIT).  Each thread adds to counters of its own,
 * allocated on first use and kept in a list that is never shrunk, so a
 * thread's counts outlive the thread.
 *
 * One measurement per process, whatever number of instrumented files the
 * program links: every copy of this code is static to its file, and the
 * copies meet in one registry, aitool_registry_2, a weak definition each
 * file carries (the linker keeps one, so several instrumented objects link
 * statically without a clash; the _2 is the layout's version, so copies of
 * another layout never share it).  Each file's constructor registers its
 * unit; the first to register also installs the one writer (atexit) and
 * the fork handler.  At exit the writer asks each unit to sum its threads'
 * counters, multiply them through its rows into per-loop counts and write
 * its loops, and writes the whole as JSON to $AITOOL_MEASURED (default
 * ai_measured.json; %p the process id, %r the MPI rank), through a
 * temporary renamed into place.  Without %p, only the process that started
 * the program (and, when the name has no %r, only rank 0) writes the name
 * itself; any other writes NAME.PID and says so, so that no process
 * overwrites another's.  A child made by fork starts from zero counts.
 *
 * Time.  Each nest reads the clock where it starts (aitool_clock_nest) and
 * adds the ticks since to its loop's slot of the thread (aitool_time_nest)
 * wherever it hands its counters over, less the ticks of one clock read
 * (what its own reads add).  A nest whose entries are short next to the
 * clock (an interpreter's call setup, entered millions of times) is timed
 * at one entry in m on average, m = 200 clock reads' ticks over the last
 * timed entry's (at most 1024); the entries between are drawn at random,
 * so that no period in the entries lines up with the sampling, and the
 * timed one counts for all of its draw: the sum estimates the nest's
 * time from a sample of its entries; an entry as
 * long as 200 clock reads is timed every time, so long nests are timed
 * exactly.  With AITOOL_TIME=all each loop inside a nest
 * does the same (aitool_clock_all, aitool_time_all), else those two cost a
 * test.  The clock is the TSC where the CPU says it runs at one rate in
 * every state (invariant), else CLOCK_MONOTONIC in ns; the first unit's
 * constructor chooses it for the process (the registry holds the choice)
 * and reads both clocks, and the writer calibrates the TSC against
 * CLOCK_MONOTONIC over the whole run, waiting for 5 ms to have passed
 * when the run was shorter: the start-up pays no calibration, and the
 * longer the run, the closer the rate. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <x86intrin.h>
#endif

struct aitool_thread {
    struct aitool_thread *next;
    /* Each array ends with the spare slots of the C++ template instances
     * no analysis saw (instances.c), never reported. */
    unsigned long c[AITOOL_NCOUNTERS + 1 + AITOOL_NSPARE_COUNTERS];
    /* by loop number + 1: */
    unsigned long long ticks[AITOOL_NLOOPS + 1 + AITOOL_NSPARE_LOOPS];
    unsigned skip[AITOOL_NLOOPS + 1 + AITOOL_NSPARE_LOOPS];   /* nest entries before a timed one */
    unsigned weight[AITOOL_NLOOPS + 1 + AITOOL_NSPARE_LOOPS]; /* the next timed one stands for */
    unsigned draw;                      /* xorshift state, never 0 */
};

static struct aitool_thread *aitool_threads;
static __thread struct aitool_thread *aitool_mine;

/* The thread's counters, made at its first count: apart, so that the
 * test every count makes is all that is inlined. */
static __attribute__((noinline)) struct aitool_thread *aitool_thread_new(void)
{
    struct aitool_thread *t = (struct aitool_thread *)calloc(1, sizeof *t);
    if (!t) {
        fputs("aitool: no memory for the loop counters\n", stderr);
        abort();
    }
    t->draw = 2463534242u ^ (unsigned)(size_t)t;
    t->draw |= 1;
    t->next = __atomic_load_n(&aitool_threads, __ATOMIC_ACQUIRE);
    while (!__atomic_compare_exchange_n(&aitool_threads, &t->next, t, 0, __ATOMIC_RELEASE,
                                        __ATOMIC_ACQUIRE))
        ;
    aitool_mine = t;
    return t;
}

static struct aitool_thread *aitool_thread_here(void)
{
    return aitool_mine ? aitool_mine : aitool_thread_new();
}

static unsigned long *aitool_here(void)
{
    return aitool_thread_here()->c;
}

/* ---- the clock ---- */

#if defined(CLOCK_MONOTONIC)
static unsigned long long aitool_monotonic_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (unsigned long long)ts.tv_sec * 1000000000ULL + (unsigned long long)ts.tv_nsec;
}
#elif defined(__linux__)
/* A strict ISO mode (-std=c11) hides POSIX's clock_gettime: Linux's, by
 * its ABI (clockid_t an int, CLOCK_MONOTONIC 1, two longs a time). */
struct aitool_timespec {
    long sec, nsec;
};
int clock_gettime(int clock, struct aitool_timespec *ts);

static unsigned long long aitool_monotonic_ns(void)
{
    struct aitool_timespec ts;
    clock_gettime(1, &ts);
    return (unsigned long long)ts.sec * 1000000000ULL + (unsigned long long)ts.nsec;
}
#else
/* A strict ISO mode elsewhere: the processor time of ISO C, the one clock
 * it has, for want of a monotonic one. */
static unsigned long long aitool_monotonic_ns(void)
{
    return (unsigned long long)((double)clock() * (1e9 / CLOCKS_PER_SEC));
}
#endif

/* The TSC when it is invariant (CPUID 0x80000007, EDX bit 8). */
static int aitool_tsc_invariant(void)
{
#if defined(__x86_64__) || defined(__i386__)
    unsigned a, b, c, d;
    return __get_cpuid(0x80000007, &a, &b, &c, &d) && (d >> 8 & 1);
#else
    return 0;
#endif
}

static unsigned long long aitool_tsc(void)
{
#if defined(__x86_64__) || defined(__i386__)
    return __rdtsc();
#else
    return 0;
#endif
}

struct aitool_registry_2;
extern struct aitool_registry_2 aitool_registry_2;
static int aitool_use_tsc(void);
static int aitool_time_all_on(void);

static unsigned long long aitool_clock(void)
{
    return aitool_use_tsc() ? aitool_tsc() : aitool_monotonic_ns();
}

static void aitool_time(unsigned loop, unsigned long long start)
{
    aitool_thread_here()->ticks[loop + 1] += aitool_clock() - start;
}

/* The ticks a clock read takes, at least 1: measured when first needed,
 * over runs of reads (the ticks between two reads alone can be 1 in a
 * virtual machine). */
static unsigned long long aitool_read_cost;

static unsigned long long aitool_read_ticks(void)
{
    unsigned long long v = __atomic_load_n(&aitool_read_cost, __ATOMIC_RELAXED), a, b;
    int i, k;
    if (v)
        return v;
    v = ~0ULL;
    for (k = 0; k < 3; k++) {
        a = b = aitool_clock();
        for (i = 0; i < 32; i++)
            b = aitool_clock();
        if ((b - a) / 32 < v)
            v = (b - a) / 32;
    }
    v = v ? v : 1;
    __atomic_store_n(&aitool_read_cost, v, __ATOMIC_RELAXED);
    return v;
}

/* Inlined, as it runs at every entry of every nest. */
static __inline__ __attribute__((always_inline)) unsigned long long
aitool_clock_nest(unsigned loop)
{
    struct aitool_thread *t = aitool_thread_here();
    if (t->skip[loop + 1]) {
        t->skip[loop + 1]--;
        return 0;
    }
    return aitool_clock();
}

/* start 0: an entry not timed.  A timed one's ticks, less one clock read
 * (what the nest's own reads add to it), count for the entries its draw
 * stands for; then the entries until the next: none when it took 200
 * clock reads or more (those cost it 1%), else a draw from 1 .. 2m - 1, m
 * the times it would take 200 reads to be as long. */
static void aitool_time_nest(unsigned loop, unsigned long long start)
{
    struct aitool_thread *t;
    unsigned long long ticks, m, read;
    unsigned *w;
    if (!start)
        return;
    ticks = aitool_clock() - start;
    read = aitool_read_ticks();
    t = aitool_thread_here();
    w = &t->weight[loop + 1];
    ticks = ticks > read ? ticks - read : 0;
    t->ticks[loop + 1] += ticks * (*w ? *w : 1);
    m = 200 * read / (ticks + 1);
    if (m <= 1) {
        *w = 1;
        return;
    }
    if (m > 1024)
        m = 1024;
    t->draw ^= t->draw << 13;
    t->draw ^= t->draw >> 17;
    t->draw ^= t->draw << 5;
    *w = 1 + (unsigned)(t->draw % (2 * m - 1));
    t->skip[loop + 1] = *w - 1;
}

static unsigned long long aitool_clock_all(void)
{
    return aitool_time_all_on() ? aitool_clock() : 0;
}

static void aitool_time_all(unsigned loop, unsigned long long start)
{
    if (aitool_time_all_on())
        aitool_time(loop, start);
}

/* ---- this file's unit ---- */

/* fields: fp_plus, fp_minus, fp_multiply, fp_divide, fp_special, entries,
 * iterations; totals add load and store bytes (9 fields) */
static unsigned long aitool_sums[AITOOL_NLOOPS + 1][7];

static double aitool_tick_seconds(void);

/* A timed loop's seconds (the largest thread's sum: the wall time when its
 * threads ran it side by side), its threads' sum, and the rates over the
 * wall time of the work it did with the loops inside it, as its time
 * holds theirs. */
static void aitool_print_time(FILE *f, unsigned loop, unsigned inside)
{
    const struct aitool_thread *t;
    unsigned long long most = 0, sum = 0;
    unsigned long flops = 0, bytes = 0;
    unsigned i;
    double seconds;
    for (i = loop; i <= loop + inside; i++) {
        const unsigned long *v = aitool_sums[i];
        flops += v[0] + v[1] + v[2] + v[3];
        bytes += v[6] * (aitool_loops[i - 1].load + aitool_loops[i - 1].store);
    }
    for (t = __atomic_load_n(&aitool_threads, __ATOMIC_ACQUIRE); t; t = t->next) {
        sum += t->ticks[loop];
        if (t->ticks[loop] > most)
            most = t->ticks[loop];
    }
    seconds = (double)most * aitool_tick_seconds();
    fprintf(f, ", \"seconds\": %.9g, \"thread_seconds\": %.9g", seconds,
            (double)sum * aitool_tick_seconds());
    if (seconds > 0)
        fprintf(f, ", \"gflops\": %.9g, \"gbytes_per_s\": %.9g", (double)flops / seconds / 1e9,
                (double)bytes / seconds / 1e9);
}

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
        if (l->timed == 1 || (l->timed == 2 && aitool_time_all_on()))
            aitool_print_time(f, i, l->inside);
        fputs("}", f);
        *first = 0;
    }
}

/* In a child made by fork: what the parent counted is the parent's. */
static void aitool_reset_unit(void)
{
    struct aitool_thread *t;
    for (t = __atomic_load_n(&aitool_threads, __ATOMIC_ACQUIRE); t; t = t->next) {
        memset(t->c, 0, sizeof t->c);
        memset(t->ticks, 0, sizeof t->ticks);
    }
}

/* ---- the registry the files of a process meet in ---- */

struct aitool_unit_2 {
    struct aitool_unit_2 *next;
    const char *file; /* as JSON string text */
    unsigned long long digest, id;
    void (*write)(FILE *f, int *first, unsigned long *totals);
    void (*reset)(void);
};

struct aitool_registry_2 {
    struct aitool_unit_2 *units; /* by file name */
    int lock, claimed;
    long pid; /* of the process that started the program */
    int tsc, time_all; /* the clock is the TSC; AITOOL_TIME=all */
    unsigned long long tsc0, ns0; /* both clocks at the start */
    double tick_seconds; /* 0 until the writer calibrates */
};

__attribute__((weak, visibility("default"))) struct aitool_registry_2 aitool_registry_2;

static int aitool_use_tsc(void)
{
    return aitool_registry_2.tsc;
}

static int aitool_time_all_on(void)
{
    return aitool_registry_2.time_all;
}

/* Seconds a tick: the TSC's rate over the run (at least 5 ms of it). */
static double aitool_tick_seconds(void)
{
    unsigned long long ns, tsc;
    if (!aitool_registry_2.tsc)
        return 1e-9;
    if (aitool_registry_2.tick_seconds > 0)
        return aitool_registry_2.tick_seconds;
    do {
        ns = aitool_monotonic_ns();
        tsc = aitool_tsc();
    } while (ns - aitool_registry_2.ns0 < 5000000ULL);
    aitool_registry_2.tick_seconds = tsc > aitool_registry_2.tsc0
                                         ? (double)(ns - aitool_registry_2.ns0) * 1e-9 /
                                               (double)(tsc - aitool_registry_2.tsc0)
                                         : 1e-9;
    return aitool_registry_2.tick_seconds;
}

/* The clock's choice, and both clocks' start for the TSC's calibration. */
static void aitool_clock_start(void)
{
    const char *all = getenv("AITOOL_TIME");
    aitool_registry_2.time_all = all && !strcmp(all, "all");
    aitool_registry_2.tsc = aitool_tsc_invariant();
    aitool_registry_2.ns0 = aitool_monotonic_ns();
    aitool_registry_2.tsc0 = aitool_tsc();
}

static struct aitool_unit_2 aitool_unit = {0, aitool_file, AITOOL_DIGEST, AITOOL_UNIT,
                                           aitool_write_unit, aitool_reset_unit};

static void aitool_lock(void)
{
    while (__atomic_exchange_n(&aitool_registry_2.lock, 1, __ATOMIC_ACQUIRE))
        ;
}

static void aitool_unlock(void)
{
    __atomic_store_n(&aitool_registry_2.lock, 0, __ATOMIC_RELEASE);
}

static void aitool_after_fork(void)
{
    const struct aitool_unit_2 *u;
    for (u = aitool_registry_2.units; u; u = u->next)
        u->reset();
    aitool_registry_2.lock = 0;
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
    if (!has_pid && ((long)getpid() != aitool_registry_2.pid ||
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
    const struct aitool_unit_2 *u;
    int first = 1;
    for (u = aitool_registry_2.units; u; u = u->next)
        build += u->id;
    fprintf(f, "{\n  \"build\": \"%016llx\",\n  \"files\": [", build);
    for (u = aitool_registry_2.units; u; u = u->next)
        fprintf(f, "%s\n    {\"file\": \"%s\", \"digest\": \"%016llx\"}",
                u == aitool_registry_2.units ? "" : ",", u->file, u->digest);
    fputs("\n  ],\n  \"loops\": [", f);
    for (u = aitool_registry_2.units; u; u = u->next)
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
    struct aitool_unit_2 **at;
    int first;
    aitool_lock();
    for (at = &aitool_registry_2.units; *at && strcmp((*at)->file, aitool_unit.file) <= 0;
         at = &(*at)->next)
        ;
    aitool_unit.next = *at;
    *at = &aitool_unit;
    first = !aitool_registry_2.claimed;
    aitool_registry_2.claimed = 1;
    if (first) {
        aitool_registry_2.pid = (long)getpid();
        aitool_clock_start();
    }
    aitool_unlock();
    if (first) {
        pthread_atfork(aitool_lock, aitool_unlock, aitool_after_fork);
        atexit(aitool_write);
    }
}
