/* simon-bench: how many events a second SIMON's core processes, on the
 * null switch, for a token ring and an all-to-all exchange (built beside
 * it).  Each program runs once as a warm-up, then RUNS times; the rate is
 * the events the run's JSON statistics count over the median wall time.
 * Target: 10 million events a second on one core.
 *
 *   simon-bench [-runs K] DIR   (DIR holds simon_token_ring and simon_all_to_all)
 */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static const double bench_target = 10e6;

static double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs argv with stdout to /dev/null; its wall time, or a negative value when it failed. */
static double bench_run(char *const argv[])
{
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    double start = bench_now();
    int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0)
        return -1;
    int status;
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return -1;
    return bench_now() - start;
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

static int bench_compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One program: the median of runs; false on a failure. */
static int bench_program(const char *dir, const char *name, char *arg1, char *arg2, int runs)
{
    char prog[4096], stats[] = "/tmp/simon-bench-XXXXXX";
    int fd = mkstemp(stats);
    if (fd < 0)
        return 0;
    close(fd);
    snprintf(prog, sizeof prog, "%s/%s", dir, name);
    char *argv[] = {prog, "-json", stats, "--", arg1, arg2, NULL};
    double times[64];
    int ok = bench_run(argv) >= 0;
    for (int r = 0; ok && r < runs; r++)
        ok = (times[r] = bench_run(argv)) >= 0;
    long long events = ok ? bench_events(stats) : -1;
    unlink(stats);
    if (!ok || events <= 0) {
        fprintf(stderr, "simon-bench: error: %s did not run\n", prog);
        return -1;
    }
    qsort(times, (size_t)runs, sizeof *times, bench_compare);
    double median = times[runs / 2], rate = (double)events / median;
    printf("%-18s %-10s %12lld %10.4f %14.0f   %s (target >= %.0f)\n", name, arg2, events, median,
           rate, rate >= bench_target ? "met" : "MISSED", bench_target);
    return rate >= bench_target;
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
    printf("%-18s %-10s %12s %10s %14s\n", "program", "size", "events", "median s", "events/s");
    int ring = bench_program(argv[i], "simon_token_ring", "64", "1000000", runs);
    int a2a = bench_program(argv[i], "simon_all_to_all", "32", "2000", runs);
    if (ring < 0 || a2a < 0)
        return 2;
    return ring && a2a ? 0 : 1;
}
