/* simon-bench: how many events a second SIMON's core processes, on the
 * null switch, for token rings and all-to-all exchanges of a few sizes
 * (the programs are built beside it), and the memory a task and a pending
 * message take.  Each program runs once as a warm-up, then RUNS times; the
 * rate is the events the run's JSON statistics count over the best
 * (shortest) wall time, the fairest figure on a machine shared with other
 * work (the load average is printed beside it, and the run's processor
 * time, which other work disturbs less).  Memory is the peak
 * resident size: per task, the ring of 100,000 tasks less the ring of 64,
 * over the difference in tasks; per pending message, N messages in
 * existence at once less none, over N (8 bytes to one receiver, and 1000
 * bytes to 100 receivers, which share one copy of the payload).
 *
 *   simon-bench [-runs K] DIR   (DIR holds simon_token_ring, simon_all_to_all
 *                                and simon_pending)
 */
#define _DEFAULT_SOURCE /* wait4, getloadavg */
#include <fcntl.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

typedef struct bench_case {
    const char *program, *tasks, *length; /* length: hops or rounds */
    double target;                        /* events a second */
} bench_case;

static const bench_case bench_cases[] = {
    {"simon_token_ring", "64", "1000000", 10e6},
    {"simon_all_to_all", "64", "500", 10e6},
    {"simon_all_to_all", "1000", "5", 5e6},
    {"simon_token_ring", "100000", "3000000", 5e6},
};

enum { BENCH_PENDING = 1000000, BENCH_BROADCAST = 20000 };

typedef struct bench_result {
    double seconds; /* negative: the run failed */
    double cpu;     /* user + system seconds of that run */
    long max_rss_kb;
} bench_result;

static double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs argv with stdout to /dev/null: its wall time and peak resident size. */
static bench_result bench_run(char *const argv[])
{
    bench_result r = {-1, 0, 0};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    double start = bench_now();
    int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0)
        return r;
    int status;
    struct rusage use;
    if (wait4(pid, &status, 0, &use) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return r;
    r.seconds = bench_now() - start;
    r.cpu = (double)(use.ru_utime.tv_sec + use.ru_stime.tv_sec) +
            (double)(use.ru_utime.tv_usec + use.ru_stime.tv_usec) * 1e-6;
    r.max_rss_kb = use.ru_maxrss;
    return r;
}

/* The "events" count of a statistics file, or -1. */
static long long bench_events(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char buf[4096];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    const char *e = strstr(buf, "\"events\":");
    return e ? atoll(e + strlen("\"events\":")) : -1;
}

/* The best of a warm-up and `runs` runs of DIR/program ARGS (up to three);
 * its seconds negative on a failure, events through *events when asked. */
static bench_result bench_best(const char *dir, const char *program, char *arg1, char *arg2,
                               char *arg3, int runs, long long *events)
{
    bench_result best = {-1, 0, 0};
    char prog[4096], stats[] = "/tmp/simon-bench-XXXXXX";
    int fd = mkstemp(stats);
    if (fd < 0)
        return best;
    close(fd);
    snprintf(prog, sizeof prog, "%s/%s", dir, program);
    char *argv[] = {prog, "-json", stats, "--", arg1, arg2, arg3, NULL};
    bool ok = bench_run(argv).seconds >= 0;
    for (int r = 0; ok && r < runs; r++) {
        bench_result one = bench_run(argv);
        ok = one.seconds >= 0;
        if (ok && (best.seconds < 0 || one.seconds < best.seconds)) {
            best.seconds = one.seconds;
            best.cpu = one.cpu;
        }
        if (one.max_rss_kb > best.max_rss_kb)
            best.max_rss_kb = one.max_rss_kb;
    }
    if (events)
        *events = ok ? bench_events(stats) : -1;
    unlink(stats);
    if (!ok) {
        fprintf(stderr, "simon-bench: error: %s did not run\n", prog);
        best.seconds = -1;
    }
    return best;
}

int main(int argc, char **argv)
{
    int runs = 5, i = 1;
    if (i + 1 < argc && !strcmp(argv[i], "-runs")) {
        runs = atoi(argv[i + 1]);
        i += 2;
    }
    if (i + 1 != argc || runs < 1 || runs > 64) {
        fprintf(stderr, "usage: simon-bench [-runs K (1-64)] DIR\n");
        return 2;
    }
    const char *dir = argv[i];
    double load[1] = {0};
    if (getloadavg(load, 1) != 1)
        load[0] = -1;
    printf("load average %.2f; best of %d runs\n", load[0], runs);
    printf("%-18s %7s %9s %12s %9s %8s %12s\n", "program", "tasks", "length", "events", "best s",
           "cpu s", "events/s");
    bool met = true;
    long ring_rss[2] = {0, 0};
    for (size_t c = 0; c < sizeof bench_cases / sizeof *bench_cases; c++) {
        const bench_case *b = &bench_cases[c];
        long long events;
        bench_result r = bench_best(dir, b->program, (char *)b->tasks, (char *)b->length, NULL,
                                    runs, &events);
        if (r.seconds < 0 || events <= 0)
            return 2;
        double rate = (double)events / r.seconds;
        printf("%-18s %7s %9s %12lld %9.4f %8.4f %12.0f   %s (target >= %.0f)\n", b->program,
               b->tasks, b->length, events, r.seconds, r.cpu, rate,
               rate >= b->target ? "met" : "MISSED", b->target);
        met = met && rate >= b->target;
        if (!strcmp(b->program, "simon_token_ring"))
            ring_rss[strcmp(b->tasks, "64") != 0] = r.max_rss_kb;
    }
    char many[24], fewer[24];
    snprintf(many, sizeof many, "%d", BENCH_PENDING);
    snprintf(fewer, sizeof fewer, "%d", BENCH_BROADCAST);
    bench_result none = bench_best(dir, "simon_pending", "0", NULL, NULL, 1, NULL);
    bench_result full = bench_best(dir, "simon_pending", many, NULL, NULL, 1, NULL);
    bench_result bnone = bench_best(dir, "simon_pending", "0", "100", "1000", 1, NULL);
    bench_result bfull = bench_best(dir, "simon_pending", fewer, "100", "1000", 1, NULL);
    if (none.seconds < 0 || full.seconds < 0 || bnone.seconds < 0 || bfull.seconds < 0)
        return 2;
    printf("memory per task:            %.0f bytes (peak resident size, ring of 100000 less "
           "ring of 64)\n", (double)(ring_rss[1] - ring_rss[0]) * 1024.0 / (100000 - 64));
    printf("memory per pending message: %.0f bytes (8-byte payload, %d pending less none)\n",
           (double)(full.max_rss_kb - none.max_rss_kb) * 1024.0 / BENCH_PENDING, BENCH_PENDING);
    printf("memory per pending broadcast: %.0f bytes (1000-byte payload to 100 receivers, one "
           "payload shared; %d pending less none)\n",
           (double)(bfull.max_rss_kb - bnone.max_rss_kb) * 1024.0 / BENCH_BROADCAST,
           BENCH_BROADCAST);
    return met ? 0 : 1;
}
