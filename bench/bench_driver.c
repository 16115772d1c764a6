/* bench_driver: measures measuretool against `clang -fsyntax-only`, file by
 * file, and reports the time and peak-memory ratios against the targets.
 *
 * The files: the large one gen_kernels generates (its path is compiled in
 * as GEN_KERNELS_PATH), its template-heavy C++ one (-templates, a quarter
 * as many templates as the C file has functions), every .c file of the corpus directory (real-style
 * code of our own), and two of sequential loops in one function (gen_kernels
 * -loops, 5000 and -loops N), whose time per loop shows whether a run grows
 * linearly with the loops.  On each file clang, measuretool
 * -static-counting-only, and the same with -xml and -json run once to warm
 * the page cache and check that they succeed, then K times each,
 * alternating, so that load from other processes hits them alike.  Each run
 * is timed with CLOCK_MONOTONIC around fork/exec/wait and its peak RSS taken
 * from wait4's rusage.  Medians decide the ratios because they shrug off a
 * run slowed by a busy machine.
 *
 * The last line sums the verdicts up: "bench: all N targets met", or
 * "bench: M of N targets MISSED: " and each missed one with its ratio.
 *
 * Exit status: 0 every target met, 1 a target missed, 2 a usage or setup
 * error (a tool that fails, a file that cannot be made).  The bench target
 * runs it through bench/run.sh, which turns a miss into success and
 * bench-check does not. */
#define _DEFAULT_SOURCE /* wait4 is a BSD call, hidden by _XOPEN_SOURCE alone */

#include <dirent.h>
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
enum { MAX_RUNS = 100, PATH_SIZE = 4096, MAX_CORPUS = 32, SMALL_LOOPS = 5000 };

/* The targets: time without and with -xml -json, and peak memory, as
 * ratios to clang's medians. */
typedef struct targets {
    double plain, xml, memory;
} targets;

static const targets generated_targets = {1.2, 1.4, 1.5};
static const targets corpus_targets = {1.3, 1.4, 1.2};
static const targets cxx_targets = {1.3, 1.4, 1.5};
/* Time per loop at -loops N over time per loop at 5000 loops. */
static const double linearity_target = 1.5;
static const char loop_header[] = "----------Floating Point Operation Counts";

/* The files the driver makes in its directory, removed at the end unless
 * -keep names the directory. */
enum { F_KERNELS, F_KERNELS_CXX, F_SMALL_LOOPS, F_LOOPS, F_REPORT, F_XML, F_JSON, F_GEN_LOG, F_CLANG_LOG,
       F_TOOL_LOG, F_COUNT };
static const char *const work_files[F_COUNT] = {
    "kernels.c", "kernels.cpp", "loops-small.c", "loops.c", "report.txt", "report.xml", "report.json",
    "gen_kernels.log", "clang.log", "measuretool.log"};

typedef struct options {
    const char *measuretool, *clang, *keep, *corpus;
    unsigned long runs, functions, loops;
} options;

typedef struct workdir {
    char dir[PATH_SIZE];
    char path[F_COUNT][PATH_SIZE];
} workdir;

typedef struct sample {
    double seconds;
    double rss_mib;
} sample;

/* The samples of one tool on one file; sorted in place when summarized. */
typedef struct series {
    double seconds[MAX_RUNS];
    double rss_mib[MAX_RUNS];
    size_t n;
} series;

typedef enum tool { TOOL_CLANG, TOOL_PLAIN, TOOL_XML, TOOL_COUNT } tool;

/* One file and its measurements. */
typedef struct workload {
    char name[64];
    char source[PATH_SIZE];
    const targets *targets; /* NULL for the linearity files */
    unsigned long lines, loops;
    series runs[TOOL_COUNT];
} workload;

typedef struct medians {
    double seconds[TOOL_COUNT], rss_mib[TOOL_COUNT];
} medians;

/* The targets checked, and the missed ones with their ratios, for the
 * summary line. */
typedef struct tally {
    unsigned checked, missed;
    char names[8192];
} tally;

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
    fputs("usage: bench_driver -measuretool PATH -clang PATH -corpus DIR [-runs K] [-functions N]\n"
          "                    [-loops N] [-keep DIR]\n"
          "  -corpus DIR    time every .c file of DIR too\n"
          "  -runs K        timed runs of each tool on each file (default 5, at most 100)\n"
          "  -functions N   functions in the generated file (default 4000)\n"
          "  -loops N       loops of the large linearity file (default 60000; the small has 5000)\n"
          "  -keep DIR      work in DIR and keep the generated files, reports and logs\n",
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
    else if (!strcmp(opt, "-corpus"))
        o->corpus = value;
    else if (!strcmp(opt, "-loops"))
        return parse_count(opt, value, 10000000, &o->loops);
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
    *o = (options){.runs = 5, .functions = 4000, .loops = 60000};
    for (int i = 1; i < argc; i += 2) {
        if (i + 1 >= argc) {
            bench_error("option '%s' needs a value", argv[i]);
            return false;
        }
        if (!parse_option(o, argv[i], argv[i + 1]))
            return false;
    }
    if (!o->measuretool || !o->clang || !o->corpus) {
        bench_error("-measuretool, -clang and -corpus are required");
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
    if (!make_dir(w, keep))
        return false;
    for (int f = 0; f < F_COUNT; f++)
        if (!join_path(w->path[f], w->dir, work_files[f]))
            return false;
    return true;
}

static void remove_workdir(const workdir *w)
{
    for (int f = 0; f < F_COUNT; f++)
        if (unlink(w->path[f]) != 0 && errno != ENOENT)
            bench_error("cannot remove '%s': %s", w->path[f], strerror(errno));
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

static bool generate(const workdir *w, const char *mode, unsigned long count, const char *out)
{
    char number[32];
    snprintf(number, sizeof number, "%lu", count);
    char *argv[] = {GEN_KERNELS_PATH, (char *)mode, number, "-o", (char *)out, NULL};
    sample ignored;
    return run_tool("gen_kernels", argv, w->path[F_GEN_LOG], &ignored);
}

static bool run_once(const options *o, const workdir *w, tool t, const char *source, sample *s)
{
    if (t == TOOL_CLANG) {
        char *argv[] = {(char *)o->clang, "-fsyntax-only", (char *)source, NULL};
        return run_tool("clang -fsyntax-only", argv, w->path[F_CLANG_LOG], s);
    }
    char *argv[] = {(char *)o->measuretool, "-static-counting-only", "-report-file",
                    (char *)w->path[F_REPORT], (char *)source, NULL, NULL, NULL, NULL, NULL};
    if (t == TOOL_XML) {
        argv[4] = "-xml";
        argv[5] = (char *)w->path[F_XML];
        argv[6] = "-json";
        argv[7] = (char *)w->path[F_JSON];
        argv[8] = (char *)source;
    }
    return run_tool("measuretool", argv, w->path[F_TOOL_LOG], s);
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

static bool add_workload(workload *wl, size_t *n, const char *name, const char *source,
                         const targets *t)
{
    workload *x = &wl[(*n)++];
    int a = snprintf(x->name, sizeof x->name, "%s", name);
    int b = snprintf(x->source, sizeof x->source, "%s", source);
    if (a < 0 || (size_t)a >= sizeof x->name || b < 0 || (size_t)b >= sizeof x->source) {
        bench_error("the name '%s' is too long", source);
        return false;
    }
    x->targets = t;
    return true;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The corpus's .c files, in name order. */
static bool add_corpus(const options *o, workload *wl, size_t *n)
{
    DIR *dir = opendir(o->corpus);
    if (!dir) {
        bench_error("cannot read the corpus directory '%s': %s", o->corpus, strerror(errno));
        return false;
    }
    char *names[MAX_CORPUS];
    size_t count = 0;
    bool ok = true;
    for (struct dirent *e; ok && (e = readdir(dir)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (len < 3 || strcmp(e->d_name + len - 2, ".c"))
            continue;
        if (count == MAX_CORPUS) {
            bench_error("the corpus has more than %d files", MAX_CORPUS);
            ok = false;
        } else {
            names[count++] = strdup(e->d_name);
        }
    }
    closedir(dir);
    qsort(names, count, sizeof *names, compare_names);
    for (size_t i = 0; i < count; i++) {
        char path[PATH_SIZE];
        ok = ok && join_path(path, o->corpus, names[i]) &&
             add_workload(wl, n, names[i], path, &corpus_targets);
        free(names[i]);
    }
    if (ok && count == 0) {
        bench_error("the corpus directory '%s' holds no .c file", o->corpus);
        ok = false;
    }
    return ok;
}

/* Generate the files and list every workload: the generated files, the
 * corpus, then the two linearity files (small first). */
static bool make_workloads(const options *o, const workdir *w, workload *wl, size_t *n)
{
    char name[64];
    if (!generate(w, "-functions", o->functions, w->path[F_KERNELS]) ||
        !generate(w, "-templates", o->functions / 4 ? o->functions / 4 : 1,
                  w->path[F_KERNELS_CXX]) ||
        !generate(w, "-loops", SMALL_LOOPS, w->path[F_SMALL_LOOPS]) ||
        !generate(w, "-loops", o->loops, w->path[F_LOOPS]))
        return false;
    if (!add_workload(wl, n, work_files[F_KERNELS], w->path[F_KERNELS], &generated_targets) ||
        !add_workload(wl, n, work_files[F_KERNELS_CXX], w->path[F_KERNELS_CXX], &cxx_targets) ||
        !add_corpus(o, wl, n))
        return false;
    snprintf(name, sizeof name, "loops-%d", SMALL_LOOPS);
    if (!add_workload(wl, n, name, w->path[F_SMALL_LOOPS], NULL))
        return false;
    snprintf(name, sizeof name, "loops-%lu", o->loops);
    return add_workload(wl, n, name, w->path[F_LOOPS], NULL);
}

/* Each tool once untimed on every file; the file's size and loops. */
static bool warm_up(const options *o, const workdir *w, workload *wl, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned long bytes;
        sample ignored;
        if (!file_size(wl[i].source, &wl[i].lines, &bytes))
            return false;
        for (tool t = 0; t < TOOL_COUNT; t++)
            if (!run_once(o, w, t, wl[i].source, &ignored))
                return false;
        if (!count_loops(w->path[F_REPORT], &wl[i].loops))
            return false;
    }
    return true;
}

static void add_sample(series *s, const sample *x)
{
    s->seconds[s->n] = x->seconds;
    s->rss_mib[s->n] = x->rss_mib;
    s->n++;
}

static bool measure(const options *o, const workdir *w, workload *wl, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        for (unsigned long r = 0; r < o->runs; r++) {
            for (tool t = 0; t < TOOL_COUNT; t++) {
                sample s;
                if (!run_once(o, w, t, wl[i].source, &s))
                    return false;
                add_sample(&wl[i].runs[t], &s);
            }
        }
    }
    return true;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_of(double *v, size_t n)
{
    qsort(v, n, sizeof *v, compare_doubles);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

static medians medians_of(workload *x)
{
    medians m;
    for (tool t = 0; t < TOOL_COUNT; t++) {
        m.seconds[t] = median_of(x->runs[t].seconds, x->runs[t].n);
        m.rss_mib[t] = median_of(x->runs[t].rss_mib, x->runs[t].n);
    }
    return m;
}

/* "1.16x <= 1.2 met" into cell, and the verdict on `what` into the tally. */
static void verdict(tally *t, const char *what, char *cell, size_t size, double ratio,
                    double target)
{
    bool met = ratio <= target;
    snprintf(cell, size, "%5.2fx <= %.1f %s", ratio, target, met ? "met" : "MISSED");
    t->checked++;
    if (met)
        return;
    size_t used = strlen(t->names);
    snprintf(t->names + used, sizeof t->names - used, "%s%s %.2fx > %.1f", t->missed ? ", " : "",
             what, ratio, target);
    t->missed++;
}

/* The verdict on a ratio of one file's medians to clang's. */
static void file_verdict(tally *t, const workload *x, const char *ratio_name, char *cell,
                         size_t size, double ratio, double target)
{
    char what[128];
    snprintf(what, sizeof what, "%.63s %s", x->name, ratio_name); /* name is char[64] */
    verdict(t, what, cell, size, ratio, target);
}

/* The table of the generated file and the corpus. */
static void report_files(workload *wl, size_t n, tally *t)
{
    printf("\n%-14s %6s %6s %8s %8s  %-20s %8s  %-20s %8s %8s  %s\n", "file", "lines", "loops",
           "clang s", "plain s", "plain/clang", "xml s", "xml/clang", "clang MB", "peak MB",
           "peak/clang");
    for (size_t i = 0; i < n; i++) {
        if (!wl[i].targets)
            continue;
        medians m = medians_of(&wl[i]);
        const targets *target = wl[i].targets;
        double peak = m.rss_mib[TOOL_PLAIN] > m.rss_mib[TOOL_XML] ? m.rss_mib[TOOL_PLAIN]
                                                                 : m.rss_mib[TOOL_XML];
        char plain[32], xml[32], memory[32];
        file_verdict(t, &wl[i], "plain/clang", plain, sizeof plain,
                     m.seconds[TOOL_PLAIN] / m.seconds[TOOL_CLANG], target->plain);
        file_verdict(t, &wl[i], "xml/clang", xml, sizeof xml,
                     m.seconds[TOOL_XML] / m.seconds[TOOL_CLANG], target->xml);
        file_verdict(t, &wl[i], "peak/clang", memory, sizeof memory,
                     peak / m.rss_mib[TOOL_CLANG], target->memory);
        printf("%-14s %6lu %6lu %8.3f %8.3f  %-20s %8.3f  %-20s %8.1f %8.1f  %s\n", wl[i].name,
               wl[i].lines, wl[i].loops, m.seconds[TOOL_CLANG], m.seconds[TOOL_PLAIN], plain,
               m.seconds[TOOL_XML], xml, m.rss_mib[TOOL_CLANG], peak, memory);
    }
}

/* Time per loop of the two loop files; met when measuretool's grows by at
 * most the target from the small file to the large one. */
static void report_linearity(workload *wl, size_t n, tally *t)
{
    workload *small = &wl[n - 2], *large = &wl[n - 1];
    medians ms = medians_of(small), ml = medians_of(large);
    printf("\n%-14s %6s %16s %16s %16s\n", "one function", "loops", "clang us/loop",
           "plain us/loop", "xml us/loop");
    for (int i = 0; i < 2; i++) {
        const workload *x = i ? large : small;
        const medians *m = i ? &ml : &ms;
        double per = 1e6 / (double)(x->loops ? x->loops : 1);
        printf("%-14s %6lu %16.1f %16.1f %16.1f\n", x->name, x->loops,
               m->seconds[TOOL_CLANG] * per, m->seconds[TOOL_PLAIN] * per,
               m->seconds[TOOL_XML] * per);
    }
    double scale = (double)small->loops / (double)(large->loops ? large->loops : 1);
    char plain[32], xml[32];
    verdict(t, "time per loop plain", plain, sizeof plain,
            ml.seconds[TOOL_PLAIN] / ms.seconds[TOOL_PLAIN] * scale, linearity_target);
    verdict(t, "time per loop xml", xml, sizeof xml,
            ml.seconds[TOOL_XML] / ms.seconds[TOOL_XML] * scale, linearity_target);
    printf("time per loop, %s over %s: clang %.2fx, plain %s, xml %s\n", large->name,
           small->name, ml.seconds[TOOL_CLANG] / ms.seconds[TOOL_CLANG] * scale, plain, xml);
}

static void report_summary(const tally *t)
{
    if (t->missed)
        printf("\nbench: %u of %u targets MISSED: %s\n", t->missed, t->checked, t->names);
    else
        printf("\nbench: all %u targets met\n", t->checked);
}

int main(int argc, char **argv)
{
    options o;
    if (!parse_args(argc, argv, &o)) {
        usage();
        return EXIT_SETUP;
    }
    if (!check_executable("measuretool", o.measuretool) || !check_executable("clang", o.clang) ||
        !check_executable("gen_kernels", GEN_KERNELS_PATH))
        return EXIT_SETUP;
    static workdir w;
    static workload wl[MAX_CORPUS + 4];
    size_t n = 0;
    if (!make_workdir(&w, o.keep))
        return EXIT_SETUP;
    if (!make_workloads(&o, &w, wl, &n) || !warm_up(&o, &w, wl, n)) {
        bench_error("the work directory %s is kept for inspection", w.dir);
        return EXIT_SETUP;
    }
    printf("bench: %zu files (work directory %s); %lu timed runs of each tool on each file,\n"
           "bench: alternating, after one warm-up run each; plain is measuretool "
           "-static-counting-only,\nbench: xml the same with -xml and -json; medians\n",
           n, w.dir, o.runs);
    fflush(stdout);
    if (!measure(&o, &w, wl, n)) {
        bench_error("the work directory %s is kept for inspection", w.dir);
        return EXIT_SETUP;
    }
    static tally t;
    report_files(wl, n, &t);
    report_linearity(wl, n, &t);
    report_summary(&t);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        bench_error("cannot write the results to standard output");
        return EXIT_SETUP;
    }
    if (!o.keep)
        remove_workdir(&w);
    return t.missed ? EXIT_MISSED : EXIT_MET;
}
