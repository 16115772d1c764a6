/* perf_calibrate: measure the machine this runs on and describe it as a machine file.
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
 * calib_measure_last_cache).  The CPU's name comes from /proc/cpuinfo. */
#include "perf_calibrate.h"

#include <cpuid.h>
#include <immintrin.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "diag.h"
#include "mem.h"

#if !defined(__x86_64__)
#error "perf_calibrate measures x86-64 machines only"
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

const char *perf_calibrate_read_caches(machine *m, const char *sysfs_dir, unsigned sources)
{
    m->ncaches = 0;
    if ((sources & PERF_CACHES_SYSFS) && calib_caches_from_sysfs(m, sysfs_dir))
        return "sysfs";
    m->ncaches = 0;
    unsigned leaf = sources & PERF_CACHES_CPUID ? calib_cpuid_cache_leaf() : 0;
    if (leaf && calib_caches_from_cpuid_leaf(m, leaf))
        return leaf == 4 ? "CPUID leaf 4" : "CPUID leaf 0x8000001D";
    m->ncaches = 0;
    if ((sources & PERF_CACHES_SYSCONF) && calib_caches_from_sysconf(m))
        return "sysconf";
    m->ncaches = 0;
    return NULL;
}

/* The data and unified caches of cpu0, from the first source that tells:
 * the kernel's sysfs, CPUID, glibc's sysconf; none, with a warning, when
 * none does. */
static const char *calib_read_caches(machine *m)
{
    const char *source = perf_calibrate_read_caches(m, calib_cache_dir, PERF_CACHES_ALL);
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

static void calib_log_caches(const machine *m, const char *source, FILE *log)
{
    calib_log(log, "calibrate: %u cores, caches", m->cores);
    if (m->ncaches == 0)
        calib_log(log, " unknown");
    for (unsigned i = 0; i < m->ncaches; i++) {
        unsigned long long size = m->caches[i].size_bytes;
        bool mib = size >= calib_mib && size % calib_mib == 0;
        calib_log(log, "%s L%u %llu %s", i ? "," : "", m->caches[i].level,
                  mib ? size / calib_mib : size / calib_kib, mib ? "MiB" : "KiB");
    }
    if (source)
        calib_log(log, " (from %s)", source);
    calib_log(log, "\n");
}

/* The "model name" of /proc/cpuinfo into buf; "unknown CPU" when there is none. */
static void calib_cpu_model(char *buf, size_t size)
{
    snprintf(buf, size, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        const char *colon = strchr(line, ':');
        if (strncmp(line, "model name", strlen("model name")) != 0 || !colon)
            continue;
        const char *start = colon + 1 + strspn(colon + 1, " \t");
        size_t len = strcspn(start, "\n");
        while (len > 0 && (start[len - 1] == ' ' || start[len - 1] == '\t'))
            len--;
        snprintf(buf, size, "%.*s", (int)len, start);
        break;
    }
    fclose(f);
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

unsigned long long perf_calibrate_available_memory(void)
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
    unsigned long long available = perf_calibrate_available_memory();
    if (available == 0) {
        diag_tool(DIAG_ERROR, "cannot read MemAvailable from /proc/meminfo to size the bandwidth arrays");
        return false;
    }
    size_t bytes = calib_triad_array_bytes(m, available), array_mib = (size_t)(bytes / calib_mib);
    if (array_mib < 256)
        diag_tool(DIAG_WARNING, "only %zu MiB of memory per bandwidth array; caches may inflate the result",
                  array_mib);
    double *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
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
#define CALIB_DIV(acc, c) ((c) / (acc))
#define CALIB_FMA_512(acc, c) _mm512_fmadd_pd((acc), (c), (c))
#define CALIB_SQRT_512(acc, c) _mm512_sqrt_pd((acc) + (c))
#define CALIB_FMA_256(acc, c) _mm256_fmadd_pd((acc), (c), (c))
#define CALIB_SQRT_256(acc, c) _mm256_sqrt_pd((acc) + (c))
#define CALIB_MUL_ADD_128(acc, c) ((acc) * (c) + (c))
#define CALIB_SQRT_128(acc, c) _mm_sqrt_pd((acc) + (c))

/* The four kernels of one instruction set. */
#define CALIB_ISA_KERNELS(ISA, TARGET, VEC, CHAINS, FMA, SQRT)        \
    CALIB_KERNEL(calib_fma_##ISA, TARGET, VEC, CHAINS, FMA)           \
    CALIB_KERNEL(calib_add_##ISA, TARGET, VEC, CHAINS, CALIB_ADD)     \
    CALIB_KERNEL(calib_div_##ISA, TARGET, VEC, CHAINS, CALIB_DIV)     \
    CALIB_KERNEL(calib_sqrt_##ISA, TARGET, VEC, CHAINS, SQRT)

enum { CALIB_CHAINS_512 = 16, CALIB_CHAINS_256 = 12, CALIB_CHAINS_128 = 12 };

CALIB_ISA_KERNELS(avx512, "avx512f", __m512d, CALIB_CHAINS_512, CALIB_FMA_512, CALIB_SQRT_512)
CALIB_ISA_KERNELS(avx2, "avx2,fma", __m256d, CALIB_CHAINS_256, CALIB_FMA_256, CALIB_SQRT_256)
CALIB_ISA_KERNELS(sse2, "sse2", __m128d, CALIB_CHAINS_128, CALIB_MUL_ADD_128, CALIB_SQRT_128)

typedef struct calib_isa {
    const char *name;
    unsigned lanes;  /* doubles per register */
    unsigned chains;
    calib_kernel *fma, *add, *div, *sqrt;
} calib_isa;

static const calib_isa calib_avx512 = {"AVX-512", 8, CALIB_CHAINS_512,
                                       calib_fma_avx512, calib_add_avx512, calib_div_avx512, calib_sqrt_avx512};
static const calib_isa calib_avx2 = {"AVX2+FMA", 4, CALIB_CHAINS_256,
                                     calib_fma_avx2, calib_add_avx2, calib_div_avx2, calib_sqrt_avx2};
static const calib_isa calib_sse2 = {"SSE2", 2, CALIB_CHAINS_128,
                                     calib_fma_sse2, calib_add_sse2, calib_div_sse2, calib_sqrt_sse2};

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
    long steps = calib_steps_for(isa->fma, m->cores, calib_peak_seconds);
    unsigned ran;
    double seconds = calib_best_run(isa->fma, steps, m->cores, &ran);
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
    double add = calib_seconds_per_step(isa->add);
    m->weight_add = 1;
    m->weight_multiply = 1;
    m->weight_divide = calib_weight(calib_seconds_per_step(isa->div), add);
    m->weight_special = calib_weight(calib_seconds_per_step(isa->sqrt), add);
    calib_log(log, "calibrate: divide %.1f adds, square root %.1f adds (%s, 1 thread, best of %d)\n",
              m->weight_divide, m->weight_special, isa->name, CALIB_REPEATS);
}

bool perf_calibrate(machine *m, FILE *log)
{
    double start = calib_now();
    *m = (machine){0};
    m->cores = calib_online_cores();
    const char *source = calib_read_caches(m);
    calib_log_caches(m, source, log);
    if (!calib_memory_bandwidth(m, log))
        return false;
    const calib_isa *isa = calib_best_isa();
    calib_peak(m, isa, log);
    calib_weights(m, isa, log);
    m->name = calib_machine_name(m->cores);
    calib_log(log, "calibrate: done in %.1f s\n", calib_now() - start);
    return true;
}
