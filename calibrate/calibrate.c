/* calibrate: measure the machine this runs on and describe it as a machine file.
 *
 * Memory bandwidth.  The STREAM triad a[i] = b[i] + s*c[i] on every core
 * (OpenMP, static schedule; each thread first touches the part of the arrays
 * it later streams, so the pages sit on its memory node), over arrays of at
 * least 4x the largest cache and 256 MiB each, best of 5.  Each element moves
 * 32 bytes, not the 24 STREAM counts: besides reading b and c and writing a,
 * a write-allocate cache reads a's line before a store can fill it, and x86-64
 * caches write-allocate (the triad uses ordinary stores, not streaming ones).
 * We report the bytes the memory system actually moves, which is how the
 * model counts traffic on a machine with write_allocate set.
 *
 * Peak FP rate.  Every core steps independent chains acc = acc*c + c, one
 * fused multiply-add (2 flops) per step and vector lane.  A single chain
 * would measure the FMA's latency (about 4 cycles) instead of its throughput
 * (up to two per cycle), so there are as many chains as the vector registers
 * hold (16 of AVX-512's 32, 12 of AVX2's and SSE2's 16), more than latency x
 * units.  The kernels are compiled for AVX-512, AVX2+FMA and SSE2 and the best
 * the CPU has is chosen at run time; the FMA is an intrinsic, so the compiler
 * neither contracts nor splits anything by itself (ISO C mode turns
 * contraction off; SSE2 has no FMA and does a multiply and an add).  The
 * chains end in a volatile sink, so none of them is dead.
 *
 * Operation weights.  The same chains on one core with acc + c, c / acc and
 * sqrt(acc + c): the throughput cost of a divide and of a square root (the
 * "special" class) per vector lane, in adds.  The add in the square-root chain
 * does not change its throughput, which the unpipelined square-root unit sets.
 * Add and multiply weigh 1 by definition.
 *
 * Caches come from /sys, else CPUID, else sysconf (sizes only: their
 * bandwidth is left unknown); the last one's size is then measured (see
 * calib_measure_last_cache).  The CPU's name comes from /proc/cpuinfo.
 *
 * Benchmarks (the machine's "benchmarks" table: what the model charges per
 * level and per instruction).  Everything in it is in cycles or per cycle, so
 * first the clock: the core's own, measured with a chain of dependent integer
 * adds (one cycle each), not the nominal one of /proc/cpuinfo or CPUID (logged
 * beside it), which a boosting core outruns (calib_core_clock_ghz).  llvm-mca's
 * cycles are the core's, and so are the table's: seconds x this clock.
 *
 * In-core costs: the chains above on one core, as vectors and as scalars, for
 * add, multiply (by 1, so the chain neither overflows nor goes subnormal),
 * fma, divide and square root, give each instruction's reciprocal throughput;
 * one chain of scalar adds alone gives the add's latency (ISO C forbids the
 * compiler to reassociate it into several).  Scalar loads and stores in L1,
 * one double each, give what a loop the compiler leaves scalar pays per
 * access (calib_scalar_accesses).
 *
 * The cost of a parallel loop: worksharing loops of no work, one after the
 * other in one parallel region on every core; each costs its schedule and
 * the barrier that ends it (barrier_cycles).
 *
 * Streaming kernels: the eight of machine_kernels[], with all their arrays
 * together in L1, L2, L3 and memory, on one thread and on one per core.  In a
 * cache they take three eighths of it: of each instance, shared by the threads
 * that share it (sysfs's shared_cpu_list; without it L1 and L2 are private and
 * the rest shared by all), so a private L1 or L2 holds one thread's part and
 * a shared L3 all threads' parts together.  In memory they take
 * what the triad's arrays take (4x the largest cache, at least 256 MiB, at
 * most a quarter of MemAvailable) in all.  Each thread first touches, then
 * streams, its own contiguous part (a static schedule), in passes repeated
 * inside one parallel region until a run lasts 5 ms.  The reductions keep
 * eight vectors of partial sums: with one, every add would wait for the one
 * before.  The other kernels are plain loops that the compiler vectorizes
 * (omp simd), with ordinary stores.  Bytes are counted as the model counts
 * them: 8 per array read or written and element, plus 8 per array only
 * written on a write-allocate machine.  The transfer rate between a cache and
 * the level beyond follows the ECM model: single-core load2's cycles per
 * 64-byte line with the data beyond the cache, less those with it inside (0
 * when that is under a tenth of the latter: noise).
 *
 * Every benchmark is the best of 5 to 15 runs: more while no second run comes
 * within 1% of the best, which a busy machine needs and a quiet one does not,
 * but only 5 once the benchmarks have taken 30 s, so that the calibration
 * stays within a minute; the log says how far the median run strayed from the
 * best.  The streaming rows are measured in CALIB_PASSES passes over all of
 * them, each keeping its best (calib_bandwidths). */
#define _DEFAULT_SOURCE /* madvise's MADV_HUGEPAGE is Linux's, hidden by _XOPEN_SOURCE alone */
#include "calibrate.h"

#include <cpuid.h>
#include <immintrin.h>
#include <math.h>
#include <omp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "diag.h"
#include "mem.h"

#if !defined(__x86_64__)
#error "calibrate measures x86-64 machines only"
#endif

enum { CALIB_REPEATS = 5 };

static const double calib_peak_seconds = 0.2;    /* one run of the peak kernel */
static const double calib_weight_seconds = 0.05; /* one run of a weight kernel */
static const double calib_chain_constant = 0.5;  /* keeps every chain finite and normal */

static const unsigned long long calib_kib = 1ull << 10;
static const unsigned long long calib_mib = 1ull << 20;
static const unsigned long long calib_gib = 1ull << 30;

static const char calib_cache_dir[] = "/sys/devices/system/cpu/cpu0/cache";

/* Where results go so that the compiler cannot drop the work producing them. */
static volatile double calib_sink;

__attribute__((format(printf, 2, 3))) static void calib_log(FILE *log, const char *fmt, ...)
{
    if (!log)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(log, fmt, ap);
    va_end(ap);
    fflush(log);
}

static double calib_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- Caches, cores, name ---- */

/* The first line of a small file, without its newline; false when it cannot be read. */
static bool calib_read_line(const char *path, char *buf, size_t size)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    bool ok = fgets(buf, (int)size, f) != NULL;
    fclose(f);
    if (ok)
        buf[strcspn(buf, "\n")] = '\0';
    return ok;
}

/* The first line of index<index>/<name> in the cache directory dir. */
static bool calib_read_cache_file(const char *dir, unsigned index, const char *name, char *buf,
                                  size_t size)
{
    char path[512];
    snprintf(path, sizeof path, "%s/index%u/%s", dir, index, name);
    return calib_read_line(path, buf, size);
}

static bool calib_cache_index_exists(const char *dir, unsigned index)
{
    char path[512];
    snprintf(path, sizeof path, "%s/index%u", dir, index);
    return access(path, F_OK) == 0;
}

/* "48K", "2048K", "32M" in bytes; 0 when the text is not a size. */
static unsigned long long calib_parse_size(const char *text)
{
    char *end;
    unsigned long long n = strtoull(text, &end, 10);
    if (end == text)
        return 0;
    switch (*end) {
    case 'K':
        return n * calib_kib;
    case 'M':
        return n * calib_mib;
    case 'G':
        return n * calib_gib;
    case '\0':
        return n;
    default:
        return 0;
    }
}

/* Fills *cache from index<index>; false unless it is a data or unified cache with a level and size. */
static bool calib_read_data_cache(const char *dir, unsigned index, machine_cache *cache)
{
    char level[16], type[32], size[32];
    if (!calib_read_cache_file(dir, index, "level", level, sizeof level) ||
        !calib_read_cache_file(dir, index, "type", type, sizeof type) ||
        !calib_read_cache_file(dir, index, "size", size, sizeof size))
        return false;
    if (strcmp(type, "Data") != 0 && strcmp(type, "Unified") != 0)
        return false;
    cache->level = (unsigned)strtoul(level, NULL, 10);
    cache->size_bytes = calib_parse_size(size);
    cache->bandwidth_gbs = 0;
    return cache->level > 0 && cache->size_bytes > 0;
}

/* Adds cache to m->caches, which stay sorted by level. */
static void calib_insert_cache(machine *m, machine_cache cache)
{
    if (m->ncaches == MACHINE_MAX_CACHES)
        return;
    unsigned i = m->ncaches++;
    for (; i > 0 && m->caches[i - 1].level > cache.level; i--)
        m->caches[i] = m->caches[i - 1];
    m->caches[i] = cache;
}

static bool calib_caches_from_sysfs(machine *m, const char *dir)
{
    for (unsigned i = 0; calib_cache_index_exists(dir, i) && i < 64; i++) {
        machine_cache cache;
        if (calib_read_data_cache(dir, i, &cache))
            calib_insert_cache(m, cache);
    }
    return m->ncaches > 0;
}

/* The deterministic cache parameters of CPUID (Intel's leaf 4, AMD's
 * 0x8000001D: the same layout): per subleaf a type (0 ends the list, 2 is
 * instructions), a level, and ways * partitions * line size * sets. */
static bool calib_caches_from_cpuid_leaf(machine *m, unsigned leaf)
{
    for (unsigned sub = 0; sub < 16; sub++) {
        unsigned a, b, c, d;
        if (!__get_cpuid_count(leaf, sub, &a, &b, &c, &d) || (a & 0x1f) == 0)
            break;
        if ((a & 0x1f) == 2)
            continue;
        unsigned long long ways = ((b >> 22) & 0x3ff) + 1, parts = ((b >> 12) & 0x3ff) + 1;
        unsigned long long line = (b & 0xfff) + 1, sets = (unsigned long long)c + 1;
        calib_insert_cache(m, (machine_cache){(a >> 5) & 7, ways * parts * line * sets, 0});
    }
    return m->ncaches > 0;
}

/* Which leaf describes the caches: Intel's 4, or AMD's 0x8000001D when the
 * processor says it has it (topology extensions); 0 for neither. */
static unsigned calib_cpuid_cache_leaf(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d))
        return 0;
    char vendor[13];
    memcpy(vendor, &b, 4);
    memcpy(vendor + 4, &d, 4);
    memcpy(vendor + 8, &c, 4);
    vendor[12] = '\0';
    if (!strcmp(vendor, "GenuineIntel"))
        return 4;
    if ((!strcmp(vendor, "AuthenticAMD") || !strcmp(vendor, "HygonGenuine")) &&
        __get_cpuid(0x80000001, &a, &b, &c, &d) && (c & (1u << 22)))
        return 0x8000001D;
    return 0;
}

static bool calib_caches_from_sysconf(machine *m)
{
    static const int names[] = {_SC_LEVEL1_DCACHE_SIZE, _SC_LEVEL2_CACHE_SIZE,
                                _SC_LEVEL3_CACHE_SIZE, _SC_LEVEL4_CACHE_SIZE};
    for (unsigned i = 0; i < sizeof names / sizeof *names; i++) {
        long size = sysconf(names[i]);
        if (size > 0)
            calib_insert_cache(m, (machine_cache){i + 1, (unsigned long long)size, 0});
    }
    return m->ncaches > 0;
}

const char *calib_read_caches(machine *m, const char *sysfs_dir, unsigned sources)
{
    m->ncaches = 0;
    if ((sources & CALIB_CACHES_SYSFS) && calib_caches_from_sysfs(m, sysfs_dir))
        return "sysfs";
    m->ncaches = 0;
    unsigned leaf = sources & CALIB_CACHES_CPUID ? calib_cpuid_cache_leaf() : 0;
    if (leaf && calib_caches_from_cpuid_leaf(m, leaf))
        return leaf == 4 ? "CPUID leaf 4" : "CPUID leaf 0x8000001D";
    m->ncaches = 0;
    if ((sources & CALIB_CACHES_SYSCONF) && calib_caches_from_sysconf(m))
        return "sysconf";
    m->ncaches = 0;
    return NULL;
}

/* The data and unified caches of cpu0, from the first source that tells:
 * the kernel's sysfs, CPUID, glibc's sysconf; none, with a warning, when
 * none does. */
static const char *calib_read_cpu0_caches(machine *m)
{
    const char *source = calib_read_caches(m, calib_cache_dir, CALIB_CACHES_ALL);
    if (!source)
        diag_tool(DIAG_WARNING, "cannot read the cache sizes (not from %s, CPUID or sysconf); "
                                "the description lists no caches: add them by hand before "
                                "perfmodel can read it", calib_cache_dir);
    return source;
}

static unsigned calib_online_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 1;
}

/* "48 KiB", "32 MiB": whole MiB as MiB, the rest in KiB. */
static void calib_format_size(char *buf, size_t size, unsigned long long bytes)
{
    bool mib = bytes >= calib_mib && bytes % calib_mib == 0;
    snprintf(buf, size, "%llu %s", mib ? bytes / calib_mib : bytes / calib_kib, mib ? "MiB" : "KiB");
}

static void calib_log_caches(const machine *m, const char *source, FILE *log)
{
    calib_log(log, "calibrate: %u cores, caches", m->cores);
    if (m->ncaches == 0)
        calib_log(log, " unknown");
    for (unsigned i = 0; i < m->ncaches; i++) {
        char size[32];
        calib_format_size(size, sizeof size, m->caches[i].size_bytes);
        calib_log(log, "%s L%u %s", i ? "," : "", m->caches[i].level, size);
    }
    if (source)
        calib_log(log, " (from %s)", source);
    calib_log(log, "\n");
}

/* The value of the first /proc/cpuinfo line starting with key ("model name",
 * "cpu MHz") into buf, without surrounding blanks; false when there is none. */
static bool calib_cpuinfo_value(const char *key, char *buf, size_t size)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return false;
    char line[512];
    bool found = false;
    while (!found && fgets(line, sizeof line, f)) {
        const char *colon = strchr(line, ':');
        if (strncmp(line, key, strlen(key)) != 0 || !colon)
            continue;
        const char *start = colon + 1 + strspn(colon + 1, " \t");
        size_t len = strcspn(start, "\n");
        while (len > 0 && (start[len - 1] == ' ' || start[len - 1] == '\t'))
            len--;
        snprintf(buf, size, "%.*s", (int)len, start);
        found = true;
    }
    fclose(f);
    return found;
}

/* The "model name" of /proc/cpuinfo into buf; "unknown CPU" when there is none. */
static void calib_cpu_model(char *buf, size_t size)
{
    if (!calib_cpuinfo_value("model name", buf, size))
        snprintf(buf, size, "unknown CPU");
}

/* "calibrated: <model name>, <cores> cores" on the heap. */
static char *calib_machine_name(unsigned cores)
{
    char model[256], name[320];
    calib_cpu_model(model, sizeof model);
    snprintf(name, sizeof name, "calibrated: %s, %u cores", model, cores);
    return mem_strdup(name);
}

/* ---- Memory bandwidth ---- */

/* Bytes the memory system moves per triad element: b and c read, a read (write-allocate) and written. */
static const double calib_triad_bytes_per_element = 4 * sizeof(double);
static const double calib_triad_scalar = 3.0;

enum { CALIB_HUGE_PAGE = 2 * 1024 * 1024 };

void *calib_alloc_array(size_t bytes)
{
    size_t align = bytes >= CALIB_HUGE_PAGE ? CALIB_HUGE_PAGE : 64;
    bytes = (bytes + align - 1) / align * align;
    void *p = aligned_alloc(align, bytes ? bytes : align);
    if (p && align == CALIB_HUGE_PAGE)
        madvise(p, bytes, MADV_HUGEPAGE); /* advice: without it, 4 KiB pages */
    return p;
}

unsigned long long calib_available_memory(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    if (!f)
        return 0;
    char line[256];
    unsigned long long kib = 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "MemAvailable: %llu kB", &kib) == 1)
            break;
    fclose(f);
    return kib * calib_kib;
}

/* The size of each triad array: 4x the largest cache, at least 256 MiB, at most 1 GiB, and the
 * three together at most a quarter of the available memory. */
static size_t calib_triad_array_bytes(const machine *m, unsigned long long available)
{
    unsigned long long bytes = 4 * machine_largest_cache(m);
    if (bytes < 256 * calib_mib)
        bytes = 256 * calib_mib;
    if (bytes > calib_gib)
        bytes = calib_gib;
    if (bytes > available / 4 / 3)
        bytes = available / 4 / 3;
    return (size_t)(bytes / calib_mib * calib_mib);
}

/* Gives the arrays their values on the threads that run the triad, so each page is placed near its user. */
static void calib_triad_first_touch(double *a, double *b, double *c, size_t n, unsigned threads)
{
#pragma omp parallel for schedule(static) num_threads(threads)
    for (size_t i = 0; i < n; i++) {
        a[i] = 0.0;
        b[i] = 1.0;
        c[i] = 2.0;
    }
}

/* Seconds for one triad over the arrays. */
static double calib_triad_seconds(double *restrict a, const double *restrict b, const double *restrict c,
                                  size_t n, unsigned threads)
{
    const double s = calib_triad_scalar;
    double start = calib_now();
#pragma omp parallel for schedule(static) num_threads(threads)
    for (size_t i = 0; i < n; i++)
        a[i] = b[i] + s * c[i];
    return calib_now() - start;
}

static double calib_triad_best_seconds(double *a, const double *b, const double *c, size_t n, unsigned threads)
{
    double best = 0;
    for (unsigned r = 0; r < CALIB_REPEATS; r++) {
        double seconds = calib_triad_seconds(a, b, c, n, threads);
        if (r == 0 || seconds < best)
            best = seconds;
    }
    calib_sink = a[n / 2];
    return best;
}

/* Bytes per second of the triad over the first n elements of the arrays,
 * repeated to move at least calib_sweep_bytes a run, best of a few. */
static double calib_triad_rate(double *a, const double *b, const double *c, size_t n,
                               unsigned threads)
{
    static const double calib_sweep_bytes = 64.0 * 1024 * 1024;
    double moved = calib_triad_bytes_per_element * (double)n;
    unsigned passes = moved >= calib_sweep_bytes ? 1 : (unsigned)(calib_sweep_bytes / moved) + 1;
    double best = 0;
    for (unsigned r = 0; r < CALIB_REPEATS; r++) {
        double seconds = 0;
        for (unsigned p = 0; p < passes; p++)
            seconds += calib_triad_seconds(a, b, c, n, threads);
        if (r == 0 || seconds < best)
            best = seconds;
    }
    calib_sink = a[n / 2];
    return moved * passes / best;
}

/* The last cache a VM reports may be its host's, shared with other guests:
 * measured, not trusted.  The triad runs over working sets growing by half
 * from well inside the last cache to 4 times it; the cache ends where the rate
 * falls below the geometric middle of the in-cache and memory rates.  A size
 * under half the reported one replaces it. */
static void calib_measure_last_cache(machine *m, double *a, const double *b, const double *c,
                                     size_t max_n, FILE *log)
{
    machine_cache *last = m->ncaches ? &m->caches[m->ncaches - 1] : NULL;
    if (!last || last->level < 2)
        return;
    double reported = (double)last->size_bytes, memory = m->memory_bandwidth_gbs * 1e9;
    size_t n = (size_t)(reported / 16 / calib_triad_bytes_per_element);
    double in_cache = 0, edge = 0;
    for (; n <= max_n && calib_triad_bytes_per_element * (double)n <= 4 * reported; n += n / 2) {
        double rate = calib_triad_rate(a, b, c, n, m->cores);
        if (in_cache == 0)
            in_cache = rate;
        if (rate >= sqrt(in_cache * memory))
            edge = calib_triad_bytes_per_element * (double)n;
    }
    if (in_cache < 1.5 * memory || edge == 0) {
        calib_log(log, "calibrate: L%u: no clear edge in the triad's rate; keeping %.0f MiB\n",
                  last->level, reported / (double)calib_mib);
        return;
    }
    calib_log(log, "calibrate: L%u: reported %.0f MiB, the triad's rate falls after %.0f MiB",
              last->level, reported / (double)calib_mib, edge / (double)calib_mib);
    if (edge < reported / 2) {
        last->size_bytes = (unsigned long long)edge;
        calib_log(log, ": using the measured size");
    }
    calib_log(log, "\n");
}

static bool calib_memory_bandwidth(machine *m, FILE *log)
{
    unsigned long long available = calib_available_memory();
    if (available == 0) {
        diag_tool(DIAG_ERROR, "cannot read MemAvailable from /proc/meminfo to size the bandwidth arrays");
        return false;
    }
    size_t bytes = calib_triad_array_bytes(m, available), array_mib = (size_t)(bytes / calib_mib);
    if (array_mib < 256)
        diag_tool(DIAG_WARNING, "only %zu MiB of memory per bandwidth array; caches may inflate the result",
                  array_mib);
    double *a = calib_alloc_array(bytes), *b = calib_alloc_array(bytes);
    double *c = calib_alloc_array(bytes);
    bool ok = a && b && c && bytes > 0;
    if (ok) {
        size_t n = bytes / sizeof(double);
        calib_triad_first_touch(a, b, c, n, m->cores);
        double seconds = calib_triad_best_seconds(a, b, c, n, m->cores);
        m->memory_bandwidth_gbs = calib_triad_bytes_per_element * (double)n / seconds / 1e9;
        m->write_allocate = true;
        calib_log(log, "calibrate: memory bandwidth %.1f GB/s (triad, 3 x %zu MiB, best of %d)\n",
                  m->memory_bandwidth_gbs, array_mib, CALIB_REPEATS);
        calib_measure_last_cache(m, a, b, c, n, log);
    } else {
        diag_tool(DIAG_ERROR, "cannot allocate 3 x %zu MiB for the memory bandwidth measurement", array_mib);
    }
    free(a);
    free(b);
    free(c);
    return ok;
}

/* ---- Chain kernels ---- */

/* Runs every chain `steps` steps from c; returns the sum of the chains' lanes. */
typedef double calib_kernel(long steps, double c);

/* Defines a calib_kernel NAME compiled for TARGET: CHAINS independent chains of register type VEC,
 * each step acc = STEP(acc, c).  The inner loop is unrolled so the chains live in registers.  Not
 * sanitized: the instrumentation would keep the chains on the stack, and they touch no memory. */
#define CALIB_KERNEL(NAME, TARGET, VEC, CHAINS, STEP)                                \
    __attribute__((target(TARGET), no_sanitize("address,undefined")))                \
    static double NAME(long steps, double c)                                         \
    {                                                                                \
        VEC vc = (VEC){0} + c, acc[CHAINS];                                          \
        for (unsigned j = 0; j < CHAINS; j++)                                        \
            acc[j] = (VEC){0} + (1.0 + j / 64.0);                                    \
        for (long i = 0; i < steps; i++) {                                           \
            _Pragma("GCC unroll 16") for (unsigned j = 0; j < CHAINS; j++)           \
                acc[j] = STEP(acc[j], vc);                                           \
        }                                                                            \
        double sum = 0;                                                              \
        for (unsigned j = 0; j < CHAINS; j++)                                        \
            for (unsigned k = 0; k < sizeof(VEC) / sizeof(double); k++)              \
                sum += acc[j][k];                                                    \
        return sum;                                                                  \
    }

#define CALIB_ADD(acc, c) ((acc) + (c))
/* Times 1 (c is 0.5), so the chain stays where it started, neither overflowing nor going
 * subnormal; c + c does not depend on the chain and is computed once, before the loop. */
#define CALIB_MUL(acc, c) ((acc) * ((c) + (c)))
#define CALIB_DIV(acc, c) ((c) / (acc))
#define CALIB_FMA_512(acc, c) _mm512_fmadd_pd((acc), (c), (c))
#define CALIB_SQRT_512(acc, c) _mm512_sqrt_pd((acc) + (c))
#define CALIB_FMA_256(acc, c) _mm256_fmadd_pd((acc), (c), (c))
#define CALIB_SQRT_256(acc, c) _mm256_sqrt_pd((acc) + (c))
#define CALIB_MUL_ADD_128(acc, c) ((acc) * (c) + (c))
#define CALIB_SQRT_128(acc, c) _mm_sqrt_pd((acc) + (c))

/* The same on one double: the scalar instructions (the _sd intrinsics work on the low lane
 * only and carry the high one through). */
#define CALIB_ADD_SD(acc, c) _mm_add_sd((acc), (c))
#define CALIB_MUL_SD(acc, c) _mm_mul_sd((acc), _mm_add_sd((c), (c)))
#define CALIB_FMA_SD(acc, c) _mm_fmadd_sd((acc), (c), (c))
#define CALIB_MUL_ADD_SD(acc, c) _mm_add_sd(_mm_mul_sd((acc), (c)), (c))
#define CALIB_DIV_SD(acc, c) _mm_div_sd((c), (acc))
#define CALIB_SQRT_SD(acc, c) _mm_sqrt_sd((acc), _mm_add_sd((acc), (c)))

/* ---- Streaming kernels ---- */

/* Elements of each array a thread streams: always a multiple of CALIB_BLOCK, which every
 * reduction's unrolled step divides, so no kernel needs a remainder loop. */
enum { CALIB_BLOCK = 64, CALIB_ACCUMULATORS = 8, CALIB_MAX_STREAMS = 5 };

/* `passes` passes of a streaming kernel over elements [lo, hi) of its arrays x[0..4] (a, b, c,
 * d, e: the first few it uses), hi - lo a multiple of CALIB_BLOCK.  Returns what keeps the
 * passes from being dead: the reduction's sum, or an element it wrote.  The passes are the
 * kernel's own loop, so that what a pass over an L1-sized part costs is its loads and stores
 * alone: a call, and a reduction's final sum of its accumulators (64 dependent adds, as long
 * as the pass itself), once a pass, made the load kernels in L1 seem half as fast. */
typedef double calib_stream_kernel(double *const *x, size_t lo, size_t hi, double s,
                                   unsigned passes);

/* Loads a vector of type VEC from p, which need not be aligned. */
#define CALIB_VECTOR_LOAD(ISA, TARGET, VEC)                                          \
    __attribute__((target(TARGET))) static inline VEC calib_vload_##ISA(const double *p) \
    {                                                                                \
        VEC v;                                                                       \
        memcpy(&v, p, sizeof v);                                                     \
        return v;                                                                    \
    }

/* The arrays of a kernel's x, by name; each kernel uses the first few. */
#define CALIB_ARRAYS(x)                                                              \
    double *restrict a = (x)[0];                                                     \
    const double *restrict b = (x)[1], *restrict c = (x)[2], *restrict d = (x)[3];   \
    const double *restrict e = (x)[4];                                               \
    (void)b, (void)c, (void)d, (void)e

/* A reduction s += TERM.  One accumulator would make every add wait for the one before (a
 * few cycles each, while the core can start two a cycle), so CALIB_ACCUMULATORS vectors of
 * partial sums take the elements in turn.  ISO C forbids the compiler to reassociate the
 * sum itself, hence the explicit vectors. */
#define CALIB_REDUCTION(NAME, ISA, TARGET, VEC, TERM)                                \
    __attribute__((target(TARGET))) static double NAME(double *const *x, size_t lo,  \
                                                       size_t hi, double s,         \
                                                       unsigned passes)             \
    {                                                                                \
        enum { LANES = sizeof(VEC) / sizeof(double), STEP = CALIB_ACCUMULATORS * LANES }; \
        _Static_assert(CALIB_BLOCK % STEP == 0, "a block is whole steps");           \
        CALIB_ARRAYS(x);                                                             \
        (void)s;                                                                     \
        VEC acc[CALIB_ACCUMULATORS];                                                 \
        for (unsigned k = 0; k < CALIB_ACCUMULATORS; k++)                            \
            acc[k] = (VEC){0};                                                       \
        for (unsigned p = 0; p < passes; p++)                                        \
            for (size_t i = lo; i < hi; i += STEP) {                                 \
                _Pragma("GCC unroll 8") for (unsigned k = 0; k < CALIB_ACCUMULATORS; k++) \
                    acc[k] += TERM(calib_vload_##ISA, i + k * LANES);                \
            }                                                                        \
        double sum = 0;                                                              \
        for (unsigned k = 0; k < CALIB_ACCUMULATORS; k++)                            \
            for (unsigned l = 0; l < LANES; l++)                                     \
                sum += acc[k][l];                                                    \
        return sum;                                                                  \
    }

#define CALIB_LOAD1_TERM(LOAD, i) LOAD(a + (i))
#define CALIB_LOAD2_TERM(LOAD, i) LOAD(a + (i)) * LOAD(b + (i))
#define CALIB_LOAD4_TERM(LOAD, i) (LOAD(a + (i)) * LOAD(b + (i)) + LOAD(c + (i)) * LOAD(d + (i)))

/* A kernel that stores: an ordinary loop the compiler vectorizes (omp simd says the
 * iterations are independent), with ordinary stores, so a write-allocate cache reads each
 * line of a before it is written.  The empty asm between passes tells the compiler that
 * memory may have changed, so it cannot find a pass of copy or triad, which write what
 * they wrote before, redundant. */
#define CALIB_STORE(NAME, TARGET, BODY)                                              \
    __attribute__((target(TARGET))) static double NAME(double *const *x, size_t lo,  \
                                                       size_t hi, double s,         \
                                                       unsigned passes)             \
    {                                                                                \
        CALIB_ARRAYS(x);                                                             \
        (void)s;                                                                     \
        for (unsigned p = 0; p < passes; p++) {                                      \
            __asm__ volatile("" ::: "memory");                                       \
            _Pragma("omp simd") for (size_t i = lo; i < hi; i++)                     \
                BODY;                                                                \
        }                                                                            \
        return a[lo];                                                                \
    }

#define CALIB_COPY_BODY a[i] = b[i]
#define CALIB_UPDATE_BODY a[i] = s * a[i]
#define CALIB_DAXPY_BODY a[i] = a[i] + s * b[i]
#define CALIB_TRIAD_BODY a[i] = b[i] + s * c[i]
#define CALIB_SUM4_BODY a[i] = b[i] + c[i] + d[i] + e[i]

/* The eight of machine_kernels[], in its order, for one instruction set. */
#define CALIB_STREAM_KERNELS(ISA, TARGET, VEC)                                       \
    CALIB_VECTOR_LOAD(ISA, TARGET, VEC)                                              \
    CALIB_REDUCTION(calib_load1_##ISA, ISA, TARGET, VEC, CALIB_LOAD1_TERM)           \
    CALIB_REDUCTION(calib_load2_##ISA, ISA, TARGET, VEC, CALIB_LOAD2_TERM)           \
    CALIB_REDUCTION(calib_load4_##ISA, ISA, TARGET, VEC, CALIB_LOAD4_TERM)           \
    CALIB_STORE(calib_copy_##ISA, TARGET, CALIB_COPY_BODY)                           \
    CALIB_STORE(calib_update_##ISA, TARGET, CALIB_UPDATE_BODY)                       \
    CALIB_STORE(calib_daxpy_##ISA, TARGET, CALIB_DAXPY_BODY)                         \
    CALIB_STORE(calib_triad_##ISA, TARGET, CALIB_TRIAD_BODY)                         \
    CALIB_STORE(calib_sum4_##ISA, TARGET, CALIB_SUM4_BODY)

/* Scalar loads and stores: what a loop the compiler leaves scalar (a reduction it may not
 * reorder, a gather) pays per access, where a vectorized one pays per byte.  `passes` passes
 * over n doubles (n a multiple of CALIB_ACCUMULATORS) in L1.  The loads go one double each
 * into CALIB_ACCUMULATORS independent chains of bitwise ORs, one cycle each on more units
 * than there are load ports, so that the loads alone set the pace.  The stores are
 * volatile, so the compiler can neither merge neighbours into a vector store nor drop a
 * pass that stores what the last one did. */
typedef double calib_access_kernel(double *a, size_t n, unsigned passes);

#define CALIB_SCALAR_LOADS(NAME, TARGET)                                             \
    __attribute__((target(TARGET))) static double NAME(double *a, size_t n,          \
                                                       unsigned passes)              \
    {                                                                                \
        __m128d acc[CALIB_ACCUMULATORS];                                             \
        for (unsigned k = 0; k < CALIB_ACCUMULATORS; k++)                            \
            acc[k] = _mm_setzero_pd();                                               \
        for (unsigned p = 0; p < passes; p++) {                                      \
            __asm__ volatile("" ::: "memory");                                       \
            for (size_t i = 0; i < n; i += CALIB_ACCUMULATORS)                       \
                _Pragma("GCC unroll 8") for (unsigned k = 0; k < CALIB_ACCUMULATORS; k++) \
                    acc[k] = _mm_or_pd(acc[k], _mm_load_sd(a + i + k));              \
        }                                                                            \
        for (unsigned k = 1; k < CALIB_ACCUMULATORS; k++)                            \
            acc[0] = _mm_or_pd(acc[0], acc[k]);                                      \
        return _mm_cvtsd_f64(acc[0]);                                                \
    }

/* Whole-vector loads, one into each of CALIB_ACCUMULATORS chains of integer ORs (one cycle
 * each, on more units than there are load ports): the loads alone set the pace.  Over a
 * line-aligned array every load stays in a line; over the same array from its second
 * double, loads cross lines (all of them for 64-byte vectors, one in 64/W for W-byte
 * ones), which is what a stencil's neighbour x[i+1] does at -O3 (perf_incore.c,
 * split_load_cycles).  n is a multiple of CALIB_ACCUMULATORS vectors. */
#define CALIB_VECTOR_LOADS(NAME, TARGET, VEC)                                        \
    __attribute__((target(TARGET))) static double NAME(double *a, size_t n,          \
                                                       unsigned passes)              \
    {                                                                                \
        typedef long long bits __attribute__((vector_size(sizeof(VEC))));           \
        enum { LANES = sizeof(VEC) / sizeof(double), STEP = CALIB_ACCUMULATORS * LANES }; \
        bits acc[CALIB_ACCUMULATORS];                                                \
        for (unsigned k = 0; k < CALIB_ACCUMULATORS; k++)                            \
            acc[k] = (bits){0};                                                      \
        for (unsigned p = 0; p < passes; p++) {                                      \
            __asm__ volatile("" ::: "memory");                                       \
            for (size_t i = 0; i + STEP <= n; i += STEP)                             \
                _Pragma("GCC unroll 8") for (unsigned k = 0; k < CALIB_ACCUMULATORS; k++) { \
                    bits v;                                                          \
                    memcpy(&v, a + i + k * LANES, sizeof v);                         \
                    acc[k] |= v;                                                     \
                }                                                                    \
        }                                                                            \
        for (unsigned k = 1; k < CALIB_ACCUMULATORS; k++)                            \
            acc[0] |= acc[k];                                                        \
        return (double)acc[0][0];                                                    \
    }

/* Gathers: CALIB_ACCUMULATORS vector gathers of doubles a block of a, each from its own
 * index vector, all in flight at once (each result ORed into a chain of its own, so that
 * no gather waits for one before: a gather's destination is also its input where masked,
 * and the core chains gathers through it), the index vectors kept in registers so that no
 * index load shares the load ports with them.  The indices run through a block of
 * CALIB_GATHER_SPAN doubles by CALIB_GATHER_STRIDE, each element of a gather on a line of
 * its own, as bench/validate's gather kernel walks x; the block advances by
 * CALIB_ACCUMULATORS vectors a step, over n doubles (a has n + CALIB_GATHER_SPAN). */
enum { CALIB_GATHER_SPAN = 512, CALIB_GATHER_STRIDE = 37 };

#define CALIB_GATHERS(NAME, TARGET, VEC, IVEC, SETIDX, GATHER)                       \
    __attribute__((target(TARGET))) static double NAME(double *a, size_t n,          \
                                                       unsigned passes)              \
    {                                                                                \
        typedef long long bits __attribute__((vector_size(sizeof(VEC))));           \
        enum { LANES = sizeof(VEC) / sizeof(double), STEP = CALIB_ACCUMULATORS * LANES }; \
        int lane[STEP];                                                              \
        for (int k = 0; k < STEP; k++)                                               \
            lane[k] = k * CALIB_GATHER_STRIDE % CALIB_GATHER_SPAN;                   \
        IVEC index[CALIB_ACCUMULATORS];                                              \
        bits acc[CALIB_ACCUMULATORS];                                                \
        for (unsigned k = 0; k < CALIB_ACCUMULATORS; k++) {                          \
            index[k] = SETIDX(lane + k * LANES);                                     \
            acc[k] = (bits){0};                                                      \
        }                                                                            \
        for (unsigned p = 0; p < passes; p++) {                                      \
            __asm__ volatile("" ::: "memory");                                       \
            for (size_t i = 0; i + STEP <= n; i += STEP) {                           \
                VEC g[CALIB_ACCUMULATORS];                                           \
                _Pragma("GCC unroll 8") for (unsigned k = 0; k < CALIB_ACCUMULATORS; k++) \
                    g[k] = GATHER(index[k], a + i);                                  \
                _Pragma("GCC unroll 8") for (unsigned k = 0; k < CALIB_ACCUMULATORS; k++) { \
                    bits v;                                                          \
                    memcpy(&v, &g[k], sizeof v);                                     \
                    acc[k] |= v;                                                     \
                }                                                                    \
            }                                                                        \
        }                                                                            \
        for (unsigned k = 1; k < CALIB_ACCUMULATORS; k++)                            \
            acc[0] |= acc[k];                                                        \
        return (double)acc[0][0];                                                    \
    }

#define CALIB_IDX_256(p) _mm256_loadu_si256((const __m256i *)(p))
#define CALIB_IDX_128(p) _mm_loadu_si128((const __m128i *)(p))
#define CALIB_GATHER_512(index, base) _mm512_i32gather_pd(index, base, 8)
#define CALIB_GATHER_256(index, base) _mm256_i32gather_pd(base, index, 8)
CALIB_GATHERS(calib_gathers_avx512, "avx512f", __m512d, __m256i, CALIB_IDX_256, CALIB_GATHER_512)
CALIB_GATHERS(calib_gathers_avx2, "avx2", __m256d, __m128i, CALIB_IDX_128, CALIB_GATHER_256)

#define CALIB_SCALAR_STORES(NAME, TARGET)                                            \
    __attribute__((target(TARGET))) static double NAME(double *a, size_t n,          \
                                                       unsigned passes)              \
    {                                                                                \
        volatile double *v = a;                                                      \
        for (unsigned p = 0; p < passes; p++) {                                      \
            double x = (double)p;                                                    \
            for (size_t i = 0; i < n; i += CALIB_ACCUMULATORS)                       \
                _Pragma("GCC unroll 8") for (unsigned k = 0; k < CALIB_ACCUMULATORS; k++) \
                    v[i + k] = x;                                                    \
        }                                                                            \
        return a[0];                                                                 \
    }

/* Every kernel of one instruction set: the vector and scalar chains of each operation,
 * one scalar add chain alone (its latency), the scalar loads and stores, and the
 * streaming kernels. */
#define CALIB_ISA_KERNELS(ISA, TARGET, VEC, CHAINS, FMA, SQRT, FMA_SD)           \
    CALIB_KERNEL(calib_add_##ISA, TARGET, VEC, CHAINS, CALIB_ADD)                \
    CALIB_KERNEL(calib_mul_##ISA, TARGET, VEC, CHAINS, CALIB_MUL)                \
    CALIB_KERNEL(calib_fma_##ISA, TARGET, VEC, CHAINS, FMA)                      \
    CALIB_KERNEL(calib_div_##ISA, TARGET, VEC, CHAINS, CALIB_DIV)                \
    CALIB_KERNEL(calib_sqrt_##ISA, TARGET, VEC, CHAINS, SQRT)                    \
    CALIB_KERNEL(calib_add_sd_##ISA, TARGET, __m128d, CHAINS, CALIB_ADD_SD)      \
    CALIB_KERNEL(calib_mul_sd_##ISA, TARGET, __m128d, CHAINS, CALIB_MUL_SD)      \
    CALIB_KERNEL(calib_fma_sd_##ISA, TARGET, __m128d, CHAINS, FMA_SD)            \
    CALIB_KERNEL(calib_div_sd_##ISA, TARGET, __m128d, CHAINS, CALIB_DIV_SD)      \
    CALIB_KERNEL(calib_sqrt_sd_##ISA, TARGET, __m128d, CHAINS, CALIB_SQRT_SD)    \
    CALIB_KERNEL(calib_add_latency_##ISA, TARGET, __m128d, 1, CALIB_ADD_SD)      \
    CALIB_SCALAR_LOADS(calib_scalar_loads_##ISA, TARGET)                         \
    CALIB_SCALAR_STORES(calib_scalar_stores_##ISA, TARGET)                       \
    CALIB_VECTOR_LOADS(calib_vector_loads_##ISA, TARGET, VEC)                    \
    CALIB_STREAM_KERNELS(ISA, TARGET, VEC)

enum { CALIB_CHAINS_512 = 16, CALIB_CHAINS_256 = 12, CALIB_CHAINS_128 = 12 };

/* AVX-512 implies neither the scalar FMA nor, with generic tuning, 512-bit vectors in the
 * loops the compiler vectorizes: both are asked for. */
CALIB_ISA_KERNELS(avx512, "avx512f,fma,prefer-vector-width=512", __m512d, CALIB_CHAINS_512,
                  CALIB_FMA_512, CALIB_SQRT_512, CALIB_FMA_SD)
CALIB_ISA_KERNELS(avx2, "avx2,fma", __m256d, CALIB_CHAINS_256, CALIB_FMA_256, CALIB_SQRT_256,
                  CALIB_FMA_SD)
CALIB_ISA_KERNELS(sse2, "sse2", __m128d, CALIB_CHAINS_128, CALIB_MUL_ADD_128, CALIB_SQRT_128,
                  CALIB_MUL_ADD_SD)

typedef struct calib_isa {
    const char *name;
    unsigned lanes;  /* doubles per register */
    unsigned chains;
    calib_kernel *vector[MACHINE_NOPS], *scalar[MACHINE_NOPS]; /* by enum machine_op */
    calib_kernel *add_latency;                                 /* one scalar chain */
    calib_access_kernel *scalar_loads, *scalar_stores, *vector_loads;
    calib_access_kernel *gathers;                              /* NULL: no gather */
    calib_stream_kernel *stream[MACHINE_NKERNELS];             /* by enum machine_kernel */
} calib_isa;

#define CALIB_ISA(ISA, NAME, LANES, CHAINS, GATHERS)                                        \
    {NAME, LANES, CHAINS,                                                                   \
     {[MACHINE_OP_ADD] = calib_add_##ISA, [MACHINE_OP_MULTIPLY] = calib_mul_##ISA,          \
      [MACHINE_OP_FMA] = calib_fma_##ISA, [MACHINE_OP_DIVIDE] = calib_div_##ISA,            \
      [MACHINE_OP_SQRT] = calib_sqrt_##ISA},                                                \
     {[MACHINE_OP_ADD] = calib_add_sd_##ISA, [MACHINE_OP_MULTIPLY] = calib_mul_sd_##ISA,    \
      [MACHINE_OP_FMA] = calib_fma_sd_##ISA, [MACHINE_OP_DIVIDE] = calib_div_sd_##ISA,      \
      [MACHINE_OP_SQRT] = calib_sqrt_sd_##ISA},                                             \
     calib_add_latency_##ISA, calib_scalar_loads_##ISA, calib_scalar_stores_##ISA,          \
     calib_vector_loads_##ISA, GATHERS,                                                     \
     {[MACHINE_LOAD1] = calib_load1_##ISA, [MACHINE_LOAD2] = calib_load2_##ISA,             \
      [MACHINE_LOAD4] = calib_load4_##ISA, [MACHINE_COPY] = calib_copy_##ISA,               \
      [MACHINE_UPDATE] = calib_update_##ISA, [MACHINE_DAXPY] = calib_daxpy_##ISA,           \
      [MACHINE_TRIAD] = calib_triad_##ISA, [MACHINE_SUM4] = calib_sum4_##ISA}}

static const calib_isa calib_avx512 =
    CALIB_ISA(avx512, "AVX-512", 8, CALIB_CHAINS_512, calib_gathers_avx512);
static const calib_isa calib_avx2 =
    CALIB_ISA(avx2, "AVX2+FMA", 4, CALIB_CHAINS_256, calib_gathers_avx2);
static const calib_isa calib_sse2 = CALIB_ISA(sse2, "SSE2", 2, CALIB_CHAINS_128, NULL);

static const calib_isa *calib_best_isa(void)
{
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f"))
        return &calib_avx512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return &calib_avx2;
    return &calib_sse2;
}

/* Wall seconds for `threads` threads each running kernel(steps); *ran is how many threads did. */
static double calib_run_kernel(calib_kernel *kernel, long steps, unsigned threads, unsigned *ran)
{
    double sum = 0;
    unsigned count = 0;
    double start = calib_now();
#pragma omp parallel num_threads(threads) reduction(+ : sum, count)
    {
        sum += kernel(steps, calib_chain_constant);
        count++;
    }
    double seconds = calib_now() - start;
    calib_sink = sum;
    *ran = count;
    return seconds;
}

/* The steps that make one run last about `seconds`: doubled until a run takes an eighth of that,
 * then scaled.  The runs also warm the cores up. */
static long calib_steps_for(calib_kernel *kernel, unsigned threads, double seconds)
{
    unsigned ran;
    long steps = 1000;
    double t;
    while ((t = calib_run_kernel(kernel, steps, threads, &ran)) < seconds / 8)
        steps *= 2;
    return (long)((double)steps * seconds / t) + 1;
}

/* The shortest of CALIB_REPEATS runs, in seconds. */
static double calib_best_run(calib_kernel *kernel, long steps, unsigned threads, unsigned *ran)
{
    double best = 0;
    for (unsigned r = 0; r < CALIB_REPEATS; r++) {
        double seconds = calib_run_kernel(kernel, steps, threads, ran);
        if (r == 0 || seconds < best)
            best = seconds;
    }
    return best;
}

static void calib_peak(machine *m, const calib_isa *isa, FILE *log)
{
    long steps = calib_steps_for(isa->vector[MACHINE_OP_FMA], m->cores, calib_peak_seconds);
    unsigned ran;
    double seconds = calib_best_run(isa->vector[MACHINE_OP_FMA], steps, m->cores, &ran);
    double flops = 2.0 * ran * (double)steps * isa->chains * isa->lanes;
    m->peak_gflops = flops / seconds / 1e9;
    calib_log(log, "calibrate: peak %.1f GFLOP/s (%s, %u threads x %u multiply-add chains, best of %d)\n",
              m->peak_gflops, isa->name, ran, isa->chains, CALIB_REPEATS);
}

/* Seconds per step of kernel on one core. */
static double calib_seconds_per_step(calib_kernel *kernel)
{
    long steps = calib_steps_for(kernel, 1, calib_weight_seconds);
    unsigned ran;
    return calib_best_run(kernel, steps, 1, &ran) / (double)steps;
}

/* seconds / add_seconds rounded to a tenth, at least 1. */
static double calib_weight(double seconds, double add_seconds)
{
    double tenths = (double)(long)(seconds / add_seconds * 10 + 0.5);
    return tenths < 10 ? 1.0 : tenths / 10;
}

static void calib_weights(machine *m, const calib_isa *isa, FILE *log)
{
    double add = calib_seconds_per_step(isa->vector[MACHINE_OP_ADD]);
    m->weight_add = 1;
    m->weight_multiply = 1;
    m->weight_divide = calib_weight(calib_seconds_per_step(isa->vector[MACHINE_OP_DIVIDE]), add);
    m->weight_special = calib_weight(calib_seconds_per_step(isa->vector[MACHINE_OP_SQRT]), add);
    calib_log(log, "calibrate: divide %.1f adds, square root %.1f adds (%s, 1 thread, best of %d)\n",
              m->weight_divide, m->weight_special, isa->name, CALIB_REPEATS);
}

/* ---- Clock ---- */

/* The "cpu MHz" of /proc/cpuinfo (cpu0's clock as the kernel last saw it) in GHz; 0 when
 * there is none. */
static double calib_cpuinfo_ghz(void)
{
    char text[64], *end;
    if (!calib_cpuinfo_value("cpu MHz", text, sizeof text))
        return 0;
    double mhz = strtod(text, &end);
    return end != text && mhz > 0 ? mhz / 1000 : 0;
}

/* The base frequency of CPUID leaf 0x16 (Intel's since Skylake) in GHz; 0 when the CPU
 * has no such leaf or leaves it empty. */
static double calib_cpuid_ghz(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(0x16, &a, &b, &c, &d))
        return 0;
    return (double)(a & 0xffff) / 1000;
}

/* The core's clock, measured: a chain of dependent integer adds of a register to a
 * register, one cycle each on every x86-64 core (a register source, not an immediate, which
 * some cores add at renaming, in no cycle), CALIB_CLOCK_ADDS a loop step; the loop's own
 * counter and branch run beside the chain on the other units.  First calib_clock_warm_s of
 * it wakes the core up to its working clock, then the best of CALIB_CLOCK_RUNS runs of
 * about calib_clock_run_s each: short, so that on a core shared with other work most runs
 * fall between two of its time slices (runs of 20 ms, longer than a slice, came out at 3.3
 * GHz of 4.1 on this loaded VM), and many, so that enough of them do.  The clock a VM or
 * /proc/cpuinfo states is the nominal (TSC) one, which a boosting core outruns: this
 * project's Zen 5 VM says 2.596 GHz and runs 4.1.  The cycles llvm-mca counts and those
 * the calibration states are the core's, so seconds become cycles at this clock. */
enum { CALIB_CLOCK_ADDS = 16, CALIB_CLOCK_RUNS = 200 };
static const double calib_clock_warm_s = 0.05;
static const double calib_clock_run_s = 0.0005;

#define CALIB_ADD4 "add %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\t"

/* Seconds for steps (at least 1) x CALIB_CLOCK_ADDS dependent adds.  The loop is in the
 * assembly too, so that no build (-O0 keeps a C loop's variables in memory, a store and a
 * load in the chain each step) puts anything but the adds into the chain. */
static double calib_add_chain_seconds(unsigned long steps)
{
    unsigned long x = 0, one = 1, left = steps;
    double start = calib_now();
    __asm__ volatile("1:\n\t" CALIB_ADD4 CALIB_ADD4 CALIB_ADD4 CALIB_ADD4 "dec %1\n\tjnz 1b"
                     : "+r"(x), "+r"(left)
                     : "r"(one)
                     : "cc");
    double seconds = calib_now() - start;
    calib_sink = (double)x;
    return seconds;
}

double calib_core_clock_ghz(void)
{
    /* doubled until a run lasts calib_clock_warm_s: the warm-up, and a first rate */
    unsigned long steps = 1ul << 10;
    double t;
    while ((t = calib_add_chain_seconds(steps)) < calib_clock_warm_s && steps < (1ul << 40))
        steps *= 2;
    steps = (unsigned long)((double)steps * calib_clock_run_s / t) + 1;
    double best = calib_add_chain_seconds(steps);
    for (unsigned r = 1; r < CALIB_CLOCK_RUNS; r++)
        best = fmin(best, calib_add_chain_seconds(steps));
    return (double)steps * CALIB_CLOCK_ADDS / best / 1e9;
}

/* The clock that turns seconds into cycles (calib_core_clock_ghz), logged beside the
 * nominal one of /proc/cpuinfo, else of CPUID. */
static double calib_clock_ghz(FILE *log)
{
    double ghz = calib_core_clock_ghz(), nominal = calib_cpuinfo_ghz();
    const char *source = "/proc/cpuinfo's \"cpu MHz\"";
    if (nominal == 0) {
        nominal = calib_cpuid_ghz();
        source = "CPUID leaf 0x16";
    }
    calib_log(log, "calibrate: clock %.3f GHz (a chain of dependent adds, 1 cycle each, best "
                   "of %d runs)", ghz, CALIB_CLOCK_RUNS);
    if (nominal > 0)
        calib_log(log, "; %s says %.3f GHz\n", source, nominal);
    else
        calib_log(log, "; neither /proc/cpuinfo nor CPUID states one\n");
    return ghz;
}

/* ---- Repetitions ---- */

/* A benchmark row is timed at least CALIB_MIN_RUNS times and until a second run comes
 * within calib_confirm of the best, at most CALIB_MAX_RUNS times: a quiet machine is not
 * kept waiting, a busy one gets more chances at an undisturbed run.  Past
 * calib_budget_seconds of benchmarks (only a very busy machine gets there) rows take
 * CALIB_MIN_RUNS runs, so that the calibration stays within a minute. */
enum { CALIB_MIN_RUNS = 5, CALIB_MAX_RUNS = 15 };
static const double calib_confirm = 0.01;
static const double calib_budget_seconds = 30;

/* One timed run of a measurement, in seconds. */
typedef double calib_timed(void *ctx);

/* The streaming rows in every pass, the in-core ones (with the add latency, the two row
 * sums, the scalar loads and the scalar stores), the parallel loop before and after the
 * streaming rows. */
enum { CALIB_PASSES = 2 };
enum { CALIB_MAX_ROWS = MACHINE_NKERNELS * (MACHINE_MAX_CACHES + 1) * 2 * CALIB_PASSES +
                        2 * MACHINE_NOPS + 7 };

/* The runs of every benchmark row so far: how many, how they scattered. */
typedef struct calib_runs {
    double deadline; /* calib_now() past which rows take CALIB_MIN_RUNS runs */
    double spread[CALIB_MAX_ROWS]; /* per row, how much longer than its best its median run took */
    unsigned rows, min_runs, max_runs;
    double worst_spread;
    char worst[64]; /* the row whose median run strayed furthest from its best */
} calib_runs;

static int calib_compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Whether two of the n runs lie within calib_confirm of the shortest. */
static bool calib_confirmed(const double *seconds, unsigned n)
{
    double best = seconds[0];
    for (unsigned i = 1; i < n; i++)
        best = fmin(best, seconds[i]);
    unsigned close = 0;
    for (unsigned i = 0; i < n; i++)
        close += seconds[i] <= best * (1 + calib_confirm);
    return close >= 2;
}

static void calib_runs_add(calib_runs *r, unsigned runs, double spread, const char *what)
{
    if (r->rows == CALIB_MAX_ROWS)
        return;
    if (r->rows == 0 || runs < r->min_runs)
        r->min_runs = runs;
    if (runs > r->max_runs)
        r->max_runs = runs;
    if (r->rows == 0 || spread > r->worst_spread) {
        r->worst_spread = spread;
        snprintf(r->worst, sizeof r->worst, "%s", what);
    }
    r->spread[r->rows++] = spread;
}

/* The shortest of the runs of the row `what`, in seconds. */
static double calib_best_of(calib_runs *r, calib_timed *run, void *ctx, const char *what)
{
    double seconds[CALIB_MAX_RUNS];
    unsigned n = 0, most = calib_now() < r->deadline ? CALIB_MAX_RUNS : CALIB_MIN_RUNS;
    while (n < most && (n < CALIB_MIN_RUNS || !calib_confirmed(seconds, n)))
        seconds[n++] = run(ctx);
    qsort(seconds, n, sizeof *seconds, calib_compare_doubles);
    calib_runs_add(r, n, seconds[n / 2] / seconds[0] - 1, what);
    return seconds[0];
}

static void calib_runs_log(calib_runs *r, FILE *log)
{
    if (r->rows == 0)
        return;
    qsort(r->spread, r->rows, sizeof *r->spread, calib_compare_doubles);
    calib_log(log, "calibrate: %u rows, each the best of %u to %u runs; the median run within "
                   "%.1f%% of the best (median over the rows), %.1f%% at worst (%s)\n",
              r->rows, r->min_runs, r->max_runs, 100 * r->spread[r->rows / 2],
              100 * r->worst_spread, r->worst);
}

/* ---- In-core costs ---- */

/* One run of an in-core kernel: short, so that on a core shared with other work some runs
 * fall between two of its time slices. */
static const double calib_in_core_seconds = 0.005;

typedef struct calib_chain_run {
    calib_kernel *kernel;
    long steps;
} calib_chain_run;

static double calib_chain_timed(void *ctx)
{
    const calib_chain_run *r = ctx;
    unsigned ran;
    return calib_run_kernel(r->kernel, r->steps, 1, &ran);
}

/* Seconds per instruction of kernel's `chains` chains on one core. */
static double calib_instruction_seconds(calib_kernel *kernel, unsigned chains, calib_runs *runs,
                                        const char *what)
{
    calib_chain_run r = {kernel, calib_steps_for(kernel, 1, calib_in_core_seconds)};
    return calib_best_of(runs, calib_chain_timed, &r, what) / ((double)r.steps * chains);
}

/* Cycles per instruction of each of the kernels, logged as they come. */
static void calib_op_cycles(double *cycles, calib_kernel *const *kernels, unsigned chains,
                            const char *kind, double hz, calib_runs *runs, FILE *log)
{
    for (unsigned op = 0; op < MACHINE_NOPS; op++) {
        char what[64];
        snprintf(what, sizeof what, "%s %s", kind, machine_op_names[op]);
        cycles[op] = hz * calib_instruction_seconds(kernels[op], chains, runs, what);
        calib_log(log, " %s %.2f", machine_op_names[op], cycles[op]);
    }
}

/* ---- How far the core runs ahead of a chain ---- */

/* Elements of the row sums' array, and of the scalar loads' and stores': 16 KiB, in any L1. */
enum { CALIB_ROW_SUM_ELEMENTS = 2048 };

/* Row lengths: long enough that the chains, not the loads and adds, set the pace. */
static const size_t calib_row_sum_lengths[] = {128, 256};

/* Doubles *passes (a field of ctx) until one run of `run` lasts calib_in_core_seconds. */
static void calib_grow_passes(calib_timed *run, void *ctx, unsigned *passes)
{
    while (run(ctx) < calib_in_core_seconds && *passes < (1u << 30))
        *passes *= 2;
}

typedef struct calib_row_sums_run {
    const double *a;
    double *y;
    size_t len;
    unsigned passes;
} calib_row_sums_run;

/* The sum of each row of len elements, a new variable every row (a chain of adds that
 * starts afresh, as `double s = 0` in a loop's body makes it), `passes` times.  Plain C:
 * without -ffast-math the compiler keeps each row's adds in order, and nothing here lets
 * it interleave rows, so only the core can overlap one row's chain with the next. */
static double calib_row_sums_timed(void *ctx)
{
    const calib_row_sums_run *r = ctx;
    size_t rows = CALIB_ROW_SUM_ELEMENTS / r->len;
    double start = calib_now();
    for (unsigned p = 0; p < r->passes; p++) {
        __asm__ volatile("" ::: "memory");
        for (size_t i = 0; i < rows; i++) {
            double s = 0;
            for (size_t j = 0; j < r->len; j++)
                s = s + r->a[i * r->len + j];
            r->y[i] = s;
        }
    }
    double seconds = calib_now() - start;
    calib_sink = r->y[0];
    return seconds;
}

/* chain_window: on one core, a chain of L adds that overlaps the next row's by W elements
 * takes L / (1 + W / L) latencies a row (perf_time.c), so a measured c cycles per element
 * gives W = L (latency / c - 1); the mean over calib_row_sum_lengths. */
static void calib_chain_window(machine_benchmarks *b, calib_runs *runs)
{
    double *a = calib_alloc_array(CALIB_ROW_SUM_ELEMENTS * sizeof *a);
    double *y = calib_alloc_array(CALIB_ROW_SUM_ELEMENTS * sizeof *y);
    if (!a || !y) {
        free(a);
        free(y);
        return;
    }
    for (size_t i = 0; i < CALIB_ROW_SUM_ELEMENTS; i++)
        a[i] = 1.0;
    double hz = b->clock_ghz * 1e9, sum = 0;
    size_t nlengths = sizeof calib_row_sum_lengths / sizeof *calib_row_sum_lengths;
    for (size_t k = 0; k < nlengths; k++) {
        calib_row_sums_run r = {a, y, calib_row_sum_lengths[k], 1};
        calib_grow_passes(calib_row_sums_timed, &r, &r.passes);
        char what[64];
        snprintf(what, sizeof what, "row sums of %zu", r.len);
        double cycles = hz * calib_best_of(runs, calib_row_sums_timed, &r, what) /
                        ((double)CALIB_ROW_SUM_ELEMENTS * r.passes);
        sum += fmax(0, (double)r.len * (b->add_latency_cycles / cycles - 1));
    }
    free(a);
    free(y);
    b->chain_window = sum / (double)nlengths;
}

/* ---- Scalar loads and stores ---- */

typedef struct calib_access_run {
    calib_access_kernel *kernel;
    double *a;
    size_t n;
    unsigned passes;
} calib_access_run;

static double calib_access_timed(void *ctx)
{
    const calib_access_run *r = ctx;
    double start = calib_now();
    calib_sink = r->kernel(r->a, r->n, r->passes);
    return calib_now() - start;
}

/* One core's cycles per access of kernel over the CALIB_ROW_SUM_ELEMENTS doubles of a (in L1). */
static double calib_access_cycles(calib_access_kernel *kernel, double *a, double hz,
                                  calib_runs *runs, const char *what)
{
    calib_access_run r = {kernel, a, CALIB_ROW_SUM_ELEMENTS, 1};
    calib_grow_passes(calib_access_timed, &r, &r.passes);
    return hz * calib_best_of(runs, calib_access_timed, &r, what) / ((double)r.n * r.passes);
}

/* Cycles a vector load of `lanes` doubles over a[0, n): the kernel's time per load. */
static double calib_vector_load_cycles(calib_access_kernel *kernel, double *a, size_t n,
                                       unsigned lanes, double hz, calib_runs *runs,
                                       const char *what)
{
    calib_access_run r = {kernel, a, n, 1};
    calib_grow_passes(calib_access_timed, &r, &r.passes);
    return hz * calib_best_of(runs, calib_access_timed, &r, what) /
           ((double)n / lanes * r.passes);
}

/* split_load_cycles: what a vector load that crosses a 64-byte line costs beyond one that
 * does not, from the same loads over a line-aligned array and over it from its second
 * double, divided by the share of those loads that cross (W/64 of W-byte ones); 0 when
 * crossing costs nothing measurable, or the array cannot be had. */
static void calib_split_loads(machine_benchmarks *b, const calib_isa *isa, calib_runs *runs)
{
    size_t n = CALIB_ROW_SUM_ELEMENTS;
    double *a = calib_alloc_array((n + 8) * sizeof *a);
    if (!a)
        return;
    for (size_t i = 0; i < n + 8; i++)
        a[i] = 1.0;
    double hz = b->clock_ghz * 1e9;
    double aligned = calib_vector_load_cycles(isa->vector_loads, a, n, isa->lanes, hz, runs,
                                              "aligned vector loads");
    double split = calib_vector_load_cycles(isa->vector_loads, a + 1, n, isa->lanes, hz, runs,
                                            "line-crossing vector loads");
    double share = isa->lanes * sizeof(double) / 64.0;
    b->split_load_cycles = fmax(0, (split - aligned) / share);
    free(a);
}

/* gather_element_cycles: the cycles of a vector gather (CALIB_GATHERS) over its lanes;
 * left 0 (not measured) without gathers in the instruction set or without the array. */
static void calib_gather_elements(machine_benchmarks *b, const calib_isa *isa, calib_runs *runs)
{
    size_t n = CALIB_ROW_SUM_ELEMENTS;
    double *a = isa->gathers ? calib_alloc_array((n + CALIB_GATHER_SPAN) * sizeof *a) : NULL;
    if (!a)
        return;
    for (size_t i = 0; i < n + CALIB_GATHER_SPAN; i++)
        a[i] = 1.0;
    b->gather_element_cycles = calib_vector_load_cycles(isa->gathers, a, n, isa->lanes,
                                                        b->clock_ghz * 1e9, runs, "gathers") /
                               isa->lanes;
    free(a);
}

/* scalar_load_cycles and scalar_store_cycles; left 0 (not measured) when the array cannot
 * be had. */
static void calib_scalar_accesses(machine_benchmarks *b, const calib_isa *isa, calib_runs *runs)
{
    double *a = calib_alloc_array(CALIB_ROW_SUM_ELEMENTS * sizeof *a);
    if (!a)
        return;
    for (size_t i = 0; i < CALIB_ROW_SUM_ELEMENTS; i++)
        a[i] = 1.0;
    double hz = b->clock_ghz * 1e9;
    b->scalar_load_cycles = calib_access_cycles(isa->scalar_loads, a, hz, runs, "scalar loads");
    b->scalar_store_cycles = calib_access_cycles(isa->scalar_stores, a, hz, runs, "scalar stores");
    free(a);
}

/* Cycles per instruction of each operation, vector and scalar, from as many independent
 * chains as the peak uses (throughput), and of one chain of scalar adds (latency); how far
 * the core runs ahead of such a chain into the next. */
static void calib_in_core(machine_benchmarks *b, const calib_isa *isa, calib_runs *runs, FILE *log)
{
    double hz = b->clock_ghz * 1e9;
    b->lanes = isa->lanes;
    calib_log(log, "calibrate: cycles per instruction, 1 thread, %s (%u lanes):", isa->name, isa->lanes);
    calib_op_cycles(b->vector_cycles, isa->vector, isa->chains, "vector", hz, runs, log);
    calib_log(log, "; scalar");
    calib_op_cycles(b->scalar_cycles, isa->scalar, isa->chains, "scalar", hz, runs, log);
    b->add_latency_cycles = hz * calib_instruction_seconds(isa->add_latency, 1, runs, "add latency");
    calib_chain_window(b, runs);
    calib_scalar_accesses(b, isa, runs);
    calib_split_loads(b, isa, runs);
    calib_gather_elements(b, isa, runs);
    calib_log(log, "; add latency %.2f; the next chain begins %.0f elements ahead; a scalar "
                   "load %.2f, a scalar store %.2f, a vector load across a line %.2f more, "
                   "a gathered element %.2f (in L1)%s\n",
              b->add_latency_cycles, b->chain_window, b->scalar_load_cycles,
              b->scalar_store_cycles, b->split_load_cycles, b->gather_element_cycles,
              isa == &calib_sse2 ? " (SSE2 has no FMA: fma is a multiply and an add)" : "");
}

/* ---- The cost of a parallel loop ---- */

enum { CALIB_PARALLEL_LOOPS = 10000 }; /* per timed run: a few ms at a few hundred ns each */

/* Seconds for CALIB_PARALLEL_LOOPS worksharing loops of one iteration per thread, on *ctx
 * threads inside one parallel region: what a parallel loop costs beyond its work (its
 * static schedule and the barrier that ends it), as the loops of a program's time step pay
 * it.  The region is started once, outside the timing. */
static double calib_parallel_loops_timed(void *ctx)
{
    const unsigned threads = *(const unsigned *)ctx;
    double start = 0, seconds = 0;
    unsigned long sum = 0;
#pragma omp parallel num_threads(threads) reduction(+ : sum)
    {
#pragma omp single
        start = calib_now();
        for (unsigned r = 0; r < CALIB_PARALLEL_LOOPS; r++) {
#pragma omp for schedule(static)
            for (unsigned i = 0; i < threads; i++)
                sum += i;
        }
#pragma omp single
        seconds = calib_now() - start;
    }
    calib_sink = (double)sum;
    return seconds;
}

/* The fewer cycles of two measurements, 0 (not measured) losing to any. */
static double calib_fewer(double a, double b)
{
    return a <= 0 ? b : b <= 0 ? a : fmin(a, b);
}

/* barrier_cycles: a parallel loop on every core; nothing to measure on one.  Called before
 * and after the streaming rows, it keeps the least: the same loops came out at 640 cycles
 * in some calibrations and at twice that in others on a quiet machine (the threads are not
 * pinned, and how they sit for a while decides), while the kernels paid 640. */
static void calib_barrier(machine_benchmarks *b, unsigned cores, calib_runs *runs, FILE *log)
{
    if (cores < 2)
        return;
    double seconds = calib_best_of(runs, calib_parallel_loops_timed, &cores, "parallel loop");
    double cycles = fmax(b->clock_ghz * 1e9 * seconds / CALIB_PARALLEL_LOOPS, 0.001);
    b->barrier_cycles = calib_fewer(b->barrier_cycles, cycles);
    calib_log(log, "calibrate: a parallel loop on %u threads costs %.0f cycles beyond its work "
                   "(its schedule and closing barrier; the least so far: %.0f)\n", cores, cycles,
              b->barrier_cycles);
}

/* ---- Streaming bandwidths ---- */

static const double calib_stream_seconds = 0.005; /* one timed run of a row at least */

/* Array k starts k * CALIB_PAD elements past a multiple of the array length: arrays
 * otherwise all start on a page boundary, where the same elements share their low 12
 * address bits and Intel cores make a load wait for an unrelated store (4K aliasing). */
enum { CALIB_PAD = 72 };

/* The scalar s of update, daxpy and triad: 1, so that many passes of update neither
 * overflow nor go subnormal; volatile, so the compiler cannot know it and drop the multiply. */
static volatile double calib_stream_scalar = 1.0;

/* One benchmark row being measured. */
typedef struct calib_stream {
    calib_stream_kernel *kernel;
    double *buffer; /* every array, one allocation */
    double *arrays[CALIB_MAX_STREAMS];
    unsigned streams; /* arrays the kernel uses */
    unsigned threads;
    size_t n;         /* elements of each array, a multiple of CALIB_BLOCK * threads */
    unsigned passes;  /* over all arrays per timed run */
} calib_stream;

/* Where thread t of nt starts in an array of n elements: whole blocks, as equal as they
 * come.  OpenMP's static schedule in our hands: the same thread always gets the same part,
 * the part it touched first. */
static size_t calib_part_start(size_t n, unsigned t, unsigned nt)
{
    return n / CALIB_BLOCK * t / nt * CALIB_BLOCK;
}

static bool calib_stream_alloc(calib_stream *st)
{
    size_t stride = st->n + CALIB_PAD, bytes = st->streams * stride * sizeof(double);
    st->buffer = calib_alloc_array(bytes);
    if (!st->buffer)
        return false;
    for (unsigned k = 0; k < CALIB_MAX_STREAMS; k++)
        st->arrays[k] = k < st->streams ? st->buffer + k * stride : NULL;
    return true;
}

/* Each thread writes its parts of the arrays first: the kernel places a page on the memory
 * node of the thread that first touches it, and a cache line in that thread's cache. */
static void calib_stream_first_touch(calib_stream *st)
{
#pragma omp parallel num_threads(st->threads)
    {
        unsigned t = (unsigned)omp_get_thread_num(), nt = (unsigned)omp_get_num_threads();
        size_t lo = calib_part_start(st->n, t, nt), hi = calib_part_start(st->n, t + 1, nt);
        for (unsigned k = 0; k < st->streams; k++)
            for (size_t i = lo; i < hi; i++)
                st->arrays[k][i] = 1.0;
    }
}

/* Seconds for st->passes passes, every thread over its own part, from when all threads
 * are ready to when the last is done.  The passes repeat inside one parallel region: a
 * fork and join per pass would cost more than a pass over an L1-sized part. */
static double calib_stream_timed(void *ctx)
{
    const calib_stream *st = ctx;
    const double s = calib_stream_scalar;
    double start = 0, seconds = 0, sum = 0;
#pragma omp parallel num_threads(st->threads) reduction(+ : sum)
    {
        unsigned t = (unsigned)omp_get_thread_num(), nt = (unsigned)omp_get_num_threads();
        size_t lo = calib_part_start(st->n, t, nt), hi = calib_part_start(st->n, t + 1, nt);
#pragma omp barrier
#pragma omp single
        start = calib_now();
        sum += st->kernel(st->arrays, lo, hi, s, st->passes);
#pragma omp barrier
#pragma omp single
        seconds = calib_now() - start;
    }
    calib_sink = sum;
    return seconds;
}

/* Seconds for st->passes passes over thread 0's part on the calling thread alone (thread 0
 * of every team, which touched that part first): what a pass costs without waiting for the
 * other threads, which a busy system may keep waiting for whole time slices. */
static double calib_stream_part_timed(const calib_stream *st)
{
    const double s = calib_stream_scalar;
    size_t hi = calib_part_start(st->n, 1, st->threads);
    double sum = 0, start = calib_now();
    sum += st->kernel(st->arrays, 0, hi, s, st->passes);
    double seconds = calib_now() - start;
    calib_sink = sum;
    return seconds;
}

/* The shortest of three calib_stream_part_timed runs: a run the system interrupted would
 * make the passes too few. */
static double calib_stream_part_best(const calib_stream *st)
{
    double t = calib_stream_part_timed(st);
    for (unsigned r = 1; r < 3; r++)
        t = fmin(t, calib_stream_part_timed(st));
    return t;
}

/* The passes that make a timed run last calib_stream_seconds: doubled until a run over one
 * thread's part takes a quarter of that, then scaled.  These runs also bring the data into
 * its cache. */
static void calib_stream_set_passes(calib_stream *st)
{
    double t;
    st->passes = 1;
    while ((t = calib_stream_part_best(st)) < calib_stream_seconds / 4)
        st->passes *= 2;
    double passes = st->passes * calib_stream_seconds / t;
    st->passes = passes > 1 ? (unsigned)passes : 1;
}

/* Bytes per element as the model counts them (README.md, "Machine files"). */
static double calib_kernel_bytes(const machine_kernel_info *info, bool write_allocate)
{
    return 8.0 * (info->reads + info->writes + (write_allocate ? info->write_only : 0));
}

/* Bytes per second of the kernel over n elements per array on `threads` threads, best of
 * calib_best_of's runs; 0 when the arrays cannot be allocated. */
static double calib_stream_rate(unsigned kernel, const calib_isa *isa, size_t n, unsigned threads,
                                bool write_allocate, calib_runs *runs, const char *what)
{
    const machine_kernel_info *info = &machine_kernels[kernel];
    calib_stream st = {.kernel = isa->stream[kernel], .streams = info->reads + info->write_only,
                       .threads = threads, .n = n};
    if (!calib_stream_alloc(&st))
        return 0;
    calib_stream_first_touch(&st);
    calib_stream_set_passes(&st);
    double best = calib_best_of(runs, calib_stream_timed, &st, what);
    free(st.buffer);
    return calib_kernel_bytes(info, write_allocate) * (double)n * st.passes / best;
}

/* CPUs in a kernel's CPU list such as "0-7,64-71"; 0 when it is not one. */
static unsigned calib_count_cpus(const char *list)
{
    unsigned n = 0;
    const char *p = list;
    while (*p) {
        char *end;
        unsigned long first = strtoul(p, &end, 10), last = first;
        if (end == p)
            return 0;
        if (*end == '-') {
            p = end + 1;
            last = strtoul(p, &end, 10);
            if (end == p || last < first)
                return 0;
        }
        n += (unsigned)(last - first + 1);
        if (*end != ',' && *end != '\0')
            return 0;
        p = *end ? end + 1 : end;
    }
    return n;
}

/* How many CPUs share one of the caches of `level`, from the kernel's shared_cpu_list;
 * 0 when sysfs does not say. */
static unsigned calib_sysfs_sharing(unsigned level)
{
    for (unsigned i = 0; calib_cache_index_exists(calib_cache_dir, i) && i < 64; i++) {
        machine_cache cache;
        char list[1024];
        if (calib_read_data_cache(calib_cache_dir, i, &cache) && cache.level == level &&
            calib_read_cache_file(calib_cache_dir, i, "shared_cpu_list", list, sizeof list))
            return calib_count_cpus(list);
    }
    return 0;
}

/* How many CPUs share one instance of caches[i] (its size is one instance's): as sysfs
 * says, else as on every x86-64 of the last decade without SMT, levels 1 and 2 private and
 * the ones beyond shared by all. */
static unsigned calib_cache_sharing(const machine *m, unsigned i)
{
    unsigned level = m->caches[i].level, sharing = calib_sysfs_sharing(level);
    if (sharing == 0)
        sharing = level >= 3 && m->cores > 1 ? m->cores : 1;
    return sharing;
}

/* The bytes of one thread's part of a row's arrays, with the data in caches[i] (i ==
 * ncaches: memory) and `threads` threads running.  Three eighths of a cache: between a
 * third and a half, leaving room for the stack and for what the replacement policy keeps
 * of other data.  Threads that share one cache share its three eighths; on a private
 * cache a thread's part is all of them. */
static unsigned long long calib_part_bytes(const machine *m, unsigned i, unsigned threads,
                                           unsigned long long memory_bytes)
{
    if (i == m->ncaches)
        return memory_bytes / threads;
    unsigned sharing = calib_cache_sharing(m, i);
    return m->caches[i].size_bytes * 3 / 8 / (sharing < threads ? sharing : threads);
}

/* The working set of the memory rows: 4x the largest cache and at least 256 MiB, at most a
 * quarter of the available memory (with a warning when that is less); 0 when MemAvailable
 * cannot be read. */
static unsigned long long calib_memory_bytes(const machine *m)
{
    unsigned long long largest = machine_largest_cache(m), bytes = 4 * largest;
    unsigned long long available = calib_available_memory() / 4;
    if (bytes < 256 * calib_mib)
        bytes = 256 * calib_mib;
    if (bytes > available)
        bytes = available;
    if (bytes > 0 && bytes < 4 * largest)
        diag_tool(DIAG_WARNING, "only %llu MiB of memory for the streaming kernels' memory rows; "
                                "caches may inflate them", bytes / calib_mib);
    return bytes;
}

/* Elements per array of a row: a thread's part over the kernel's arrays, in whole blocks,
 * at least one, times the threads. */
static size_t calib_row_elements(unsigned long long part_bytes, unsigned streams, unsigned threads)
{
    size_t blocks = (size_t)(part_bytes / sizeof(double) / streams / CALIB_BLOCK);
    return (blocks > 1 ? blocks : 1) * CALIB_BLOCK * threads;
}

static void calib_level_name(char *buf, size_t size, unsigned level)
{
    if (level == MACHINE_LEVEL_MEMORY)
        snprintf(buf, size, "memory");
    else
        snprintf(buf, size, "L%u", level);
}

/* The rows of every kernel with the data in caches[i] (i == ncaches: memory) on `threads`
 * threads, appended to m->benchmarks; false after an error. */
static bool calib_bandwidth_group(machine *m, const calib_isa *isa, unsigned i, unsigned threads,
                                  unsigned long long memory_bytes, machine_bandwidth *rows,
                                  bool last, calib_runs *runs, FILE *log)
{
    unsigned level = i < m->ncaches ? m->caches[i].level : MACHINE_LEVEL_MEMORY;
    unsigned long long part = calib_part_bytes(m, i, threads, memory_bytes);
    char where[16], size[32];
    calib_level_name(where, sizeof where, level);
    calib_format_size(size, sizeof size, part);
    if (last && threads > 1)
        calib_log(log, "calibrate: %s, %u threads x %s:", where, threads, size);
    else if (last)
        calib_log(log, "calibrate: %s, 1 thread, %s:", where, size);
    for (unsigned k = 0; k < MACHINE_NKERNELS; k++) {
        const machine_kernel_info *info = &machine_kernels[k];
        size_t n = calib_row_elements(part, info->reads + info->write_only, threads);
        char what[64];
        snprintf(what, sizeof what, "%s, %s, %u thread%s", info->name, where, threads,
                 threads > 1 ? "s" : "");
        double rate = calib_stream_rate(k, isa, n, threads, m->write_allocate, runs, what);
        if (rate == 0) {
            if (last)
                calib_log(log, "\n");
            diag_tool(DIAG_ERROR, "cannot allocate %.1f MiB for the %s kernel's arrays",
                      (double)(n * sizeof(double)) * (info->reads + info->write_only) / (double)calib_mib,
                      info->name);
            return false;
        }
        rows[k] = (machine_bandwidth){k, level, threads, fmax(rows[k].gbs, rate / 1e9)};
        if (last)
            calib_log(log, " %s %.1f", info->name, rows[k].gbs);
    }
    if (last)
        calib_log(log, " GB/s\n");
    return true;
}

/* Every kernel in every cache and in memory, on one core and on all, in CALIB_PASSES passes
 * over all of them, each row keeping its best: a VM's host can slow it for a second or more,
 * longer than the runs of a row last, and the passes put seconds between a row's runs. */
static bool calib_bandwidths(machine *m, const calib_isa *isa, calib_runs *runs, FILE *log)
{
    unsigned long long memory_bytes = calib_memory_bytes(m);
    if (memory_bytes == 0) {
        diag_tool(DIAG_ERROR, "cannot read MemAvailable from /proc/meminfo to size the "
                              "streaming kernels' arrays");
        return false;
    }
    unsigned counts[2] = {1, m->cores}, ncounts = m->cores > 1 ? 2 : 1;
    machine_benchmarks *b = &m->benchmarks;
    b->nbandwidths = (m->ncaches + 1) * ncounts * MACHINE_NKERNELS;
    b->bandwidths = mem_alloc(sizeof *b->bandwidths * b->nbandwidths);
    calib_log(log, "calibrate: streaming kernels, GB/s as the model counts bytes%s, the best "
                   "of %d passes:\n", m->write_allocate ? " (write-allocate)" : "", CALIB_PASSES);
    for (unsigned pass = 0; pass < CALIB_PASSES; pass++)
        for (unsigned i = 0; i <= m->ncaches; i++)
            for (unsigned c = 0; c < ncounts; c++) {
                machine_bandwidth *rows = &b->bandwidths[(i * ncounts + c) * MACHINE_NKERNELS];
                if (!calib_bandwidth_group(m, isa, i, counts[c], memory_bytes, rows,
                                           pass + 1 == CALIB_PASSES, runs, log))
                    return false;
            }
    return true;
}

/* One core's cycles per 64-byte line of load2 with its data in `level`; 0 when not measured. */
static double calib_line_cycles(const machine_benchmarks *b, unsigned level)
{
    for (size_t i = 0; i < b->nbandwidths; i++) {
        const machine_bandwidth *r = &b->bandwidths[i];
        if (r->kernel == MACHINE_LOAD2 && r->level == level && r->cores == 1)
            return 64 * b->clock_ghz / r->gbs;
    }
    return 0;
}

/* The level beyond a cache must take this much longer per line than the cache itself for
 * the difference to mean more than the noise of the two rows: a disturbed row could
 * otherwise make a difference of almost nothing, and its rate nearly infinite. */
static const double calib_transfer_margin = 0.1;

/* The transfer rates as the ECM model measures them: load2 on one core takes T(k) cycles
 * per line with its data in level k; T(k+1) - T(k) is what bringing the line from the level
 * beyond cache k costs, and 64 / that the bytes per cycle between the two. */
static void calib_transfers(const machine *m, machine_benchmarks *b, FILE *log)
{
    calib_log(log, "calibrate: transfer, 1 core, bytes per cycle (load2):");
    for (unsigned i = 0; i < m->ncaches; i++) {
        unsigned level = m->caches[i].level;
        unsigned beyond = i + 1 < m->ncaches ? m->caches[i + 1].level : MACHINE_LEVEL_MEMORY;
        if (level > MACHINE_MAX_CACHES)
            continue;
        char here[16], there[16];
        calib_level_name(here, sizeof here, level);
        calib_level_name(there, sizeof there, beyond);
        double near = calib_line_cycles(b, level), far = calib_line_cycles(b, beyond);
        if (far > near * (1 + calib_transfer_margin)) {
            b->transfer[level - 1] = 64 / (far - near);
            calib_log(log, " %s-%s %.1f", here, there, b->transfer[level - 1]);
        } else {
            calib_log(log, " %s-%s not measured (%.2f cycles per line in %s, %.2f in %s: no "
                           "clear difference)", here, there, near, here, far, there);
        }
    }
    calib_log(log, "\n");
}

/* ---- Stores a page apart ---- */

/* The distance between consecutive stores of the paged walk: a page and a line, so that
 * they fall in different sets of the caches, as a matrix's rows do (bench/validate's
 * transpose: 46336 bytes). */
enum { CALIB_PAGED_PITCH = 4096 + 64, CALIB_LINE_DOUBLES = 8 };

typedef struct calib_paged_run {
    double *a;
    size_t rows; /* lines a column of the walk */
} calib_paged_run;

/* One walk: every line of a written once, whole, column by column, each store a
 * CALIB_PAGED_PITCH after the one before. */
static double calib_paged_timed(void *ctx)
{
    const calib_paged_run *r = ctx;
    const size_t pitch = CALIB_PAGED_PITCH / sizeof(double);
    double start = calib_now();
    for (size_t col = 0; col < pitch; col += CALIB_LINE_DOUBLES) {
        __asm__ volatile("" ::: "memory");
        for (size_t row = 0; row < r->rows; row++)
            for (unsigned k = 0; k < CALIB_LINE_DOUBLES; k++)
                r->a[row * pitch + col + k] = (double)col;
    }
    return calib_now() - start;
}

/* paged_store_cycles: the cycles a line costs a store stream whose consecutive stores are
 * a page or more apart, over the memory rows' working set (every line a demand miss the
 * prefetchers do not follow; perf.c, "Stores a page apart"); left 0 when the memory cannot
 * be had. */
static void calib_paged_stores(const machine *m, machine_benchmarks *b, calib_runs *runs,
                               FILE *log)
{
    unsigned long long bytes = calib_memory_bytes(m);
    calib_paged_run r = {bytes ? calib_alloc_array(bytes) : NULL,
                         bytes / CALIB_PAGED_PITCH};
    if (!r.a)
        return;
    memset(r.a, 0, r.rows * CALIB_PAGED_PITCH);
    double lines = (double)r.rows * (CALIB_PAGED_PITCH / 64);
    b->paged_store_cycles =
        calib_best_of(runs, calib_paged_timed, &r, "stores a page apart") * b->clock_ghz * 1e9 /
        lines;
    calib_log(log, "calibrate: stores a page apart, 1 thread, %llu MiB: %.1f cycles a line\n",
              bytes / calib_mib, b->paged_store_cycles);
    free(r.a);
}

bool calib_benchmarks(machine *m, FILE *log)
{
    double start = calib_now();
    machine_benchmarks *b = &m->benchmarks;
    *b = (machine_benchmarks){0};
    b->clock_ghz = calib_clock_ghz(log);
    const calib_isa *isa = calib_best_isa();
    calib_runs runs = {.deadline = start + calib_budget_seconds};
    calib_in_core(b, isa, &runs, log);
    calib_barrier(b, m->cores, &runs, log);
    if (!calib_bandwidths(m, isa, &runs, log)) {
        free(b->bandwidths);
        *b = (machine_benchmarks){0};
        return false;
    }
    calib_barrier(b, m->cores, &runs, log);
    calib_transfers(m, b, log);
    calib_paged_stores(m, b, &runs, log);
    calib_runs_log(&runs, log);
    calib_log(log, "calibrate: benchmarks in %.1f s\n", calib_now() - start);
    b->present = true;
    return true;
}

/* Cycles measured at clock `from` restated at clock `to` (the same seconds). */
static double calib_at_clock(double cycles, double from, double to)
{
    return cycles * to / from;
}

void calib_keep_best(machine_benchmarks *into, const machine_benchmarks *from)
{
    if (!into->present || !from->present)
        return;
    /* The faster clock is the better measurement of it (a disturbed run only reads
     * slower); both tables' cycles are restated at it, so that the shorter time wins, not
     * the fewer cycles of a slower-read clock. */
    double ca = into->clock_ghz, cb = from->clock_ghz, c = fmax(ca, cb);
    for (unsigned op = 0; op < MACHINE_NOPS; op++) {
        into->vector_cycles[op] = calib_fewer(calib_at_clock(into->vector_cycles[op], ca, c),
                                              calib_at_clock(from->vector_cycles[op], cb, c));
        into->scalar_cycles[op] = calib_fewer(calib_at_clock(into->scalar_cycles[op], ca, c),
                                              calib_at_clock(from->scalar_cycles[op], cb, c));
    }
    into->add_latency_cycles = calib_fewer(calib_at_clock(into->add_latency_cycles, ca, c),
                                           calib_at_clock(from->add_latency_cycles, cb, c));
    into->scalar_load_cycles = calib_fewer(calib_at_clock(into->scalar_load_cycles, ca, c),
                                           calib_at_clock(from->scalar_load_cycles, cb, c));
    into->scalar_store_cycles = calib_fewer(calib_at_clock(into->scalar_store_cycles, ca, c),
                                            calib_at_clock(from->scalar_store_cycles, cb, c));
    into->split_load_cycles = calib_fewer(calib_at_clock(into->split_load_cycles, ca, c),
                                          calib_at_clock(from->split_load_cycles, cb, c));
    into->gather_element_cycles =
        calib_fewer(calib_at_clock(into->gather_element_cycles, ca, c),
                    calib_at_clock(from->gather_element_cycles, cb, c));
    into->paged_store_cycles = calib_fewer(calib_at_clock(into->paged_store_cycles, ca, c),
                                           calib_at_clock(from->paged_store_cycles, cb, c));
    into->barrier_cycles = calib_fewer(calib_at_clock(into->barrier_cycles, ca, c),
                                       calib_at_clock(from->barrier_cycles, cb, c));
    into->clock_ghz = c;
    into->chain_window = fmax(into->chain_window, from->chain_window);
    /* bytes per cycle the other way: x their own clock / c */
    for (unsigned k = 0; k < MACHINE_MAX_CACHES; k++)
        into->transfer[k] = fmax(calib_at_clock(into->transfer[k], c, ca),
                                 calib_at_clock(from->transfer[k], c, cb));
    for (size_t i = 0; i < into->nbandwidths; i++) {
        machine_bandwidth *a = &into->bandwidths[i];
        for (size_t j = 0; j < from->nbandwidths; j++) {
            const machine_bandwidth *b = &from->bandwidths[j];
            if (b->kernel == a->kernel && b->level == a->level && b->cores == a->cores)
                a->gbs = fmax(a->gbs, b->gbs);
        }
    }
}

/* The header's memory bandwidth and the table's triad in memory on all cores measure one thing
 * seconds apart; on a host whose memory bandwidth drifts they differ, and a machine file
 * should not give two numbers for it.  The table's is kept: it was measured beside the other
 * kernels of the table, in whatever state the host was then (a better of the two, taken from
 * the other moment, made one row of the table disagree with all the others). */
static void calib_agree_memory_bandwidth(machine *m, FILE *log)
{
    const machine_benchmarks *b = &m->benchmarks;
    for (size_t i = 0; i < b->nbandwidths; i++) {
        const machine_bandwidth *row = &b->bandwidths[i];
        if (row->kernel != MACHINE_TRIAD || row->level != MACHINE_LEVEL_MEMORY ||
            row->cores != m->cores || row->gbs == m->memory_bandwidth_gbs)
            continue;
        calib_log(log, "calibrate: memory bandwidth %.1f GB/s (the table's triad on all cores; "
                       "%.1f in the first measurement)\n",
                  row->gbs, m->memory_bandwidth_gbs);
        m->memory_bandwidth_gbs = row->gbs;
    }
}

bool calib_machine(machine *m, FILE *log)
{
    double start = calib_now();
    *m = (machine){0};
    m->cores = calib_online_cores();
    const char *source = calib_read_cpu0_caches(m);
    calib_log_caches(m, source, log);
    if (!calib_memory_bandwidth(m, log))
        return false;
    const calib_isa *isa = calib_best_isa();
    calib_peak(m, isa, log);
    calib_weights(m, isa, log);
    if (!calib_benchmarks(m, log))
        return false;
    calib_agree_memory_bandwidth(m, log);
    m->name = calib_machine_name(m->cores);
    calib_log(log, "calibrate: done in %.1f s\n", calib_now() - start);
    return true;
}
