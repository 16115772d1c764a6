/* bench_driver: measures measuretool against `clang -fsyntax-only` on one
 * large generated C file and reports the time and peak-memory ratios
 * against the targets (1.2x time, 1.5x memory).
 *
 * The workload comes from gen_kernels (its path is compiled in as
 * GEN_KERNELS_PATH).  Both tools run once to warm the page cache and check
 * that they succeed, then K times each, alternating, so that load from other
 * processes hits both alike.  Each run is timed with CLOCK_MONOTONIC around
 * fork/exec/wait and its peak RSS taken from wait4's rusage.  Medians decide
 * the ratios because they shrug off a run slowed by a busy machine.
 *
 * Exit status: 0 both targets met, 1 a target missed, 2 a usage or setup
 * error (a tool that fails, a file that cannot be made). */
#define _DEFAULT_SOURCE /* wait4 is a BSD call, hidden by _XOPEN_SOURCE alone */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef GEN_KERNELS_PATH
#error "GEN_KERNELS_PATH must name the gen_kernels executable (bench/CMakeLists.txt sets it)"
#endif

enum { EXIT_MET = 0, EXIT_MISSED = 1, EXIT_SETUP = 2 };
enum { MAX_RUNS = 100, PATH_SIZE = 4096 };

static const double time_target = 1.2;
static const double memory_target = 1.5;
static const char loop_header[] = "----------Floating Point Operation Counts";

/* The files the driver makes in its directory, removed at the end unless
 * -keep names the directory. */
static const char *const work_files[] = {"kernels.c", "report.txt", "gen_kernels.log",
                                         "clang.log", "measuretool.log"};

typedef struct options {
    const char *measuretool, *clang, *keep;
    unsigned long runs, functions;
} options;

typedef struct workdir {
    char dir[PATH_SIZE];
    char source[PATH_SIZE], report[PATH_SIZE];
    char gen_log[PATH_SIZE], clang_log[PATH_SIZE], measuretool_log[PATH_SIZE];
} workdir;

typedef struct sample {
    double seconds;
    double rss_mib;
} sample;

/* The samples of one tool; sorted in place when summarized. */
typedef struct series {
    double seconds[MAX_RUNS];
    double rss_mib[MAX_RUNS];
    size_t n;
} series;

typedef struct summary {
    double min, median;
} summary;

static void bench_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void bench_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("bench_driver: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static void usage(void)
{
    fputs("usage: bench_driver -measuretool PATH -clang PATH [-runs K] [-functions N] [-keep DIR]\n"
          "  -runs K        timed runs of each tool (default 5, at most 100)\n"
          "  -functions N   functions in the generated file (default 4000)\n"
          "  -keep DIR      work in DIR and keep the generated file, report and logs\n",
          stderr);
}

static bool parse_count(const char *opt, const char *text, unsigned long max, unsigned long *value)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(text, &end, 10);
    if (errno || end == text || *end || text[0] == '-' || v == 0 || v > max) {
        bench_error("%s needs a number from 1 to %lu, not '%s'", opt, max, text);
        return false;
    }
    *value = v;
    return true;
}

static bool parse_option(options *o, const char *opt, const char *value)
{
    if (!strcmp(opt, "-measuretool"))
        o->measuretool = value;
    else if (!strcmp(opt, "-clang"))
        o->clang = value;
    else if (!strcmp(opt, "-keep"))
        o->keep = value;
    else if (!strcmp(opt, "-runs"))
        return parse_count(opt, value, MAX_RUNS, &o->runs);
    else if (!strcmp(opt, "-functions"))
        return parse_count(opt, value, 1000000, &o->functions);
    else {
        bench_error("unknown option '%s'", opt);
        return false;
    }
    return true;
}

static bool parse_args(int argc, char **argv, options *o)
{
    *o = (options){.runs = 5, .functions = 4000};
    for (int i = 1; i < argc; i += 2) {
        if (i + 1 >= argc) {
            bench_error("option '%s' needs a value", argv[i]);
            return false;
        }
        if (!parse_option(o, argv[i], argv[i + 1]))
            return false;
    }
    if (!o->measuretool || !o->clang) {
        bench_error("both -measuretool and -clang are required");
        return false;
    }
    return true;
}

static bool check_executable(const char *what, const char *path)
{
    if (access(path, X_OK) != 0) {
        bench_error("%s '%s' is not an executable file: %s", what, path, strerror(errno));
        return false;
    }
    return true;
}

static bool join_path(char *buf, const char *dir, const char *name)
{
    int n = snprintf(buf, PATH_SIZE, "%s/%s", dir, name);
    if (n < 0 || n >= PATH_SIZE) {
        bench_error("path '%s/%s' is too long", dir, name);
        return false;
    }
    return true;
}

static bool make_dir(workdir *w, const char *keep)
{
    if (keep) {
        if (mkdir(keep, 0777) != 0 && errno != EEXIST) {
            bench_error("cannot create directory '%s': %s", keep, strerror(errno));
            return false;
        }
        int n = snprintf(w->dir, sizeof w->dir, "%s", keep);
        if (n < 0 || (size_t)n >= sizeof w->dir) {
            bench_error("path '%s' is too long", keep);
            return false;
        }
        return true;
    }
    const char *tmp = getenv("TMPDIR");
    if (!join_path(w->dir, tmp && *tmp ? tmp : "/tmp", "measuretool-bench.XXXXXX"))
        return false;
    if (!mkdtemp(w->dir)) {
        bench_error("cannot create a temporary directory '%s': %s", w->dir, strerror(errno));
        return false;
    }
    return true;
}

static bool make_workdir(workdir *w, const char *keep)
{
    return make_dir(w, keep) && join_path(w->source, w->dir, work_files[0]) &&
           join_path(w->report, w->dir, work_files[1]) &&
           join_path(w->gen_log, w->dir, work_files[2]) &&
           join_path(w->clang_log, w->dir, work_files[3]) &&
           join_path(w->measuretool_log, w->dir, work_files[4]);
}

static void remove_workdir(const workdir *w)
{
    for (size_t i = 0; i < sizeof work_files / sizeof work_files[0]; i++) {
        char path[PATH_SIZE];
        if (join_path(path, w->dir, work_files[i]) && unlink(path) != 0 && errno != ENOENT)
            bench_error("cannot remove '%s': %s", path, strerror(errno));
    }
    if (rmdir(w->dir) != 0)
        bench_error("cannot remove directory '%s': %s", w->dir, strerror(errno));
}

static double seconds_between(const struct timespec *a, const struct timespec *b)
{
    return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

/* In the child: output to the log, then the tool.  The message of a failed
 * exec lands in the log, which the parent names. */
static _Noreturn void exec_child(char *const argv[], int log)
{
    if (dup2(log, STDOUT_FILENO) < 0 || dup2(log, STDERR_FILENO) < 0)
        _exit(127);
    execv(argv[0], argv);
    fprintf(stderr, "bench_driver: error: cannot run '%s': %s\n", argv[0], strerror(errno));
    _exit(127);
}

static bool wait_child(pid_t pid, int *status, struct rusage *ru)
{
    while (wait4(pid, status, 0, ru) < 0) {
        if (errno != EINTR) {
            bench_error("wait4 failed: %s", strerror(errno));
            return false;
        }
    }
    return true;
}

static bool child_succeeded(const char *what, int status, const char *log_path)
{
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return true;
    if (WIFEXITED(status))
        bench_error("%s exited with status %d; its output is in %s", what, WEXITSTATUS(status),
              log_path);
    else
        bench_error("%s was killed by signal %d; its output is in %s", what, WTERMSIG(status),
              log_path);
    return false;
}

/* One run of a tool, its output going to log_path. */
static bool run_tool(const char *what, char *const argv[], const char *log_path, sample *s)
{
    int log = open(log_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (log < 0) {
        bench_error("cannot create '%s': %s", log_path, strerror(errno));
        return false;
    }
    struct timespec start, end;
    if (clock_gettime(CLOCK_MONOTONIC, &start) != 0) {
        bench_error("clock_gettime failed: %s", strerror(errno));
        close(log);
        return false;
    }
    pid_t pid = fork();
    if (pid == 0)
        exec_child(argv, log);
    int fork_errno = errno;
    if (close(log) != 0) {
        bench_error("cannot close '%s': %s", log_path, strerror(errno));
        return false;
    }
    if (pid < 0) {
        bench_error("cannot fork to run %s: %s", what, strerror(fork_errno));
        return false;
    }
    int status;
    struct rusage ru;
    if (!wait_child(pid, &status, &ru))
        return false;
    if (clock_gettime(CLOCK_MONOTONIC, &end) != 0) {
        bench_error("clock_gettime failed: %s", strerror(errno));
        return false;
    }
    if (!child_succeeded(what, status, log_path))
        return false;
    s->seconds = seconds_between(&start, &end);
    s->rss_mib = (double)ru.ru_maxrss / 1024.0; /* Linux counts ru_maxrss in KiB */
    return true;
}

static bool generate(const options *o, const workdir *w)
{
    char functions[32];
    snprintf(functions, sizeof functions, "%lu", o->functions);
    char *argv[] = {GEN_KERNELS_PATH, "-functions", functions, "-o", (char *)w->source, NULL};
    sample ignored;
    return check_executable("gen_kernels", argv[0]) &&
           run_tool("gen_kernels", argv, w->gen_log, &ignored);
}

static bool run_clang(const options *o, const workdir *w, sample *s)
{
    char *argv[] = {(char *)o->clang, "-fsyntax-only", (char *)w->source, NULL};
    return run_tool("clang -fsyntax-only", argv, w->clang_log, s);
}

static bool run_measuretool(const options *o, const workdir *w, sample *s)
{
    char *argv[] = {(char *)o->measuretool, "-static-counting-only", "-report-file",
                    (char *)w->report, (char *)w->source, NULL};
    return run_tool("measuretool", argv, w->measuretool_log, s);
}

static bool file_size(const char *path, unsigned long *lines, unsigned long *bytes)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        bench_error("cannot read '%s': %s", path, strerror(errno));
        return false;
    }
    char buf[65536];
    size_t n;
    *lines = *bytes = 0;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        *bytes += n;
        for (const char *p = buf; (p = memchr(p, '\n', n - (size_t)(p - buf))) != NULL; p++)
            ++*lines;
    }
    bool ok = !ferror(f);
    if (!ok)
        bench_error("failed while reading '%s'", path);
    fclose(f);
    return ok;
}

static bool count_loops(const char *report, unsigned long *loops)
{
    FILE *f = fopen(report, "r");
    if (!f) {
        bench_error("cannot read the report '%s': %s", report, strerror(errno));
        return false;
    }
    char *text = NULL;
    size_t cap = 0;
    *loops = 0;
    while (getline(&text, &cap, f) >= 0)
        if (!strncmp(text, loop_header, sizeof loop_header - 1))
            ++*loops;
    bool ok = !ferror(f);
    if (!ok)
        bench_error("failed while reading the report '%s'", report);
    free(text);
    fclose(f);
    return ok;
}

/* Generate the file, show its size, and run each tool once untimed. */
static bool prepare(const options *o, const workdir *w)
{
    unsigned long lines, bytes, loops;
    sample ignored;
    if (!generate(o, w) || !file_size(w->source, &lines, &bytes))
        return false;
    printf("bench: workload %s: %lu functions, %lu lines, %lu bytes\n", w->source, o->functions,
           lines, bytes);
    fflush(stdout);
    if (!run_clang(o, w, &ignored) || !run_measuretool(o, w, &ignored) ||
        !count_loops(w->report, &loops))
        return false;
    printf("bench: measuretool reported %lu loops\n", loops);
    printf("bench: %lu timed runs of each tool, alternating, after one warm-up run each\n",
           o->runs);
    fflush(stdout);
    return true;
}

static void add_sample(series *s, const sample *x)
{
    s->seconds[s->n] = x->seconds;
    s->rss_mib[s->n] = x->rss_mib;
    s->n++;
}

static bool measure(const options *o, const workdir *w, series *clang, series *tool)
{
    for (unsigned long r = 0; r < o->runs; r++) {
        sample s;
        if (!run_clang(o, w, &s))
            return false;
        add_sample(clang, &s);
        if (!run_measuretool(o, w, &s))
            return false;
        add_sample(tool, &s);
    }
    return true;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static summary summarize(double *v, size_t n)
{
    qsort(v, n, sizeof *v, compare_doubles);
    double median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
    return (summary){v[0], median};
}

static void print_row(const char *name, summary t, summary m)
{
    printf("%-22s %8.3f s %10.3f s %11.1f MiB %12.1f MiB\n", name, t.min, t.median, m.min,
           m.median);
}

static bool print_ratio(const char *what, double ratio, double target)
{
    bool met = ratio <= target;
    printf("%-6s (median) measuretool/clang = %.2fx   target <= %.1fx   %s\n", what, ratio, target,
           met ? "PASS" : "FAIL");
    return met;
}

/* The table and the verdict; true when both targets are met. */
static bool report(series *clang, series *tool)
{
    summary ct = summarize(clang->seconds, clang->n), cm = summarize(clang->rss_mib, clang->n);
    summary mt = summarize(tool->seconds, tool->n), mm = summarize(tool->rss_mib, tool->n);
    printf("\n%-22s %10s %12s %15s %16s\n", "tool", "time min", "time median", "peak RSS min",
           "peak RSS median");
    print_row("clang -fsyntax-only", ct, cm);
    print_row("measuretool", mt, mm);
    putchar('\n');
    bool time_met = print_ratio("time", mt.median / ct.median, time_target);
    bool memory_met = print_ratio("memory", mm.median / cm.median, memory_target);
    return time_met && memory_met;
}

int main(int argc, char **argv)
{
    options o;
    if (!parse_args(argc, argv, &o)) {
        usage();
        return EXIT_SETUP;
    }
    if (!check_executable("measuretool", o.measuretool) || !check_executable("clang", o.clang))
        return EXIT_SETUP;
    static workdir w;
    static series clang, tool;
    if (!make_workdir(&w, o.keep))
        return EXIT_SETUP;
    if (!prepare(&o, &w) || !measure(&o, &w, &clang, &tool)) {
        bench_error("the work directory %s is kept for inspection", w.dir);
        return EXIT_SETUP;
    }
    bool met = report(&clang, &tool);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        bench_error("cannot write the results to standard output");
        return EXIT_SETUP;
    }
    if (!o.keep)
        remove_workdir(&w);
    return met ? EXIT_MET : EXIT_MISSED;
}
