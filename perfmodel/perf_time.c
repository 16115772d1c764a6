/* Time from counts, with the machine's measured benchmarks.
 *
 * The steady state.  A nest is taken to run again and again (a time step, a
 * solver iteration), so data that fits in a cache stays there: with its
 * footprint (all the data it touches) within PERF_CACHE_SHARE of cache k, the
 * levels beyond cache k serve nothing, and the nest's traffic is what the
 * layer conditions of the caches up to k give.  Level 0 (L1) serves every
 * load and store; level j the lines that cache j-1 misses.
 *
 * Which benchmark.  The traffic a level serves is carried by some read
 * streams (write-allocations count as reads, as the bus sees them) and write
 * streams: those of the nest's loop that moves the most of it, each counted
 * by the elements it moves against that level's busiest stream (perf.c).  The
 * benchmark for the level is the kernel, measured at that level on that
 * many cores, whose own streams (reads + write-only arrays when the machine
 * write-allocates, beyond L1, writes) are nearest: the smallest |r - R| +
 * |w - W|; on a tie the one whose writes match, then the first in
 * machine_kernels order.  A level or core count the table
 * lacks takes the nearest one it has, and that is said once.
 *
 * Roofline.  time = max(weighted flops / peak of the cores used, the
 * carried chains' adds at perf_chain_step_cycles over the cores, and for each
 * level its bytes / the chosen benchmark's bandwidth); L1's time adds the
 * accesses issued one element at a time (perf.c) at the machine's cycles per
 * scalar load and store, over the cores (perf_scalar_seconds).
 *
 * ECM (Hager, Treibig, Stengel, Wellein).  On one core, T_OL is the
 * arithmetic: the FP operations at the in-core costs (multiplies paired
 * with adds as FMAs, the rest alone; vector costs over the lanes), and no
 * less than its carried chains at perf_chain_step_cycles (the add latency,
 * less where independent chains overlap).
 * T_nOL is the loads and stores: the L1 traffic at the single-core L1
 * bandwidth of the nearest benchmark, and the accesses issued one element at a
 * time at the cycles per scalar load and store.  Each transfer T_j is level j's bytes
 * at what its benchmark, on one core, takes per byte at level j over what
 * it takes at level j-1 (perf_transfer_seconds).
 * Loads and transfers do not overlap each other, arithmetic overlaps them:
 * T_ECM = max(T_OL, T_nOL + sum T_j), with the in-core time from the assembly too
 * (perf_incore.c: T_OL llvm-mca's cycles, T_nOL its load/store ports').  On n cores the work divides until a
 * level's bandwidth (its benchmark on n cores) limits it:
 * time = max(T_ECM / n, max_j bytes_j / bandwidth_j), and the cores at which
 * that happens are T_ECM / (the slowest level's time).
 *
 * Either model, on more than one core, adds the machine's barrier_cycles
 * for each barrier a run of the nest waits at (perf_barriers). */
#include "perf_time.h"

#include <math.h>
#include <stdio.h>

#include "diag.h"
#include "loop_model.h"
#include "machine.h"
#include "perf.h"
#include "perf_incore.h"

/* "L2", "memory": static, so results can point at them. */
static const char *perf_level_name(const machine *m, unsigned j)
{
    static const char *const caches[] = {"L1", "L2", "L3", "L4", "L5", "L6", "L7", "L8"};
    if (j >= m->ncaches)
        return "memory";
    unsigned level = m->caches[j].level;
    return level >= 1 && level <= 8 ? caches[level - 1] : "a cache";
}

/* The index j of a level number among the machine's levels. */
static unsigned perf_level_index(const machine *m, unsigned level)
{
    for (unsigned j = 0; j < m->ncaches; j++)
        if (m->caches[j].level == level)
            return j;
    return m->ncaches;
}

/* Whether a benchmark's write-allocations count at level j as the model counts that level's
 * traffic: beyond L1, where a store's miss reads the line; not in L1 (j = 0), which serves
 * the core's loads and stores only. */
static bool perf_allocates_at(const machine *m, unsigned j)
{
    return m->write_allocate && j > 0;
}

static double perf_kernel_distance(const machine *m, unsigned j, unsigned kernel, double reads,
                                   double writes)
{
    const machine_kernel_info *k = &machine_kernels[kernel];
    double r = k->reads + (perf_allocates_at(m, j) ? k->write_only : 0), w = k->writes;
    return fabs(reads - r) + fabs(writes - w);
}

/* A row's bandwidth in the bytes the model counts at level j: a table's rows count the
 * write-allocations of a write-allocate machine at every level (machine.h), L1's traffic
 * does not, so in L1 a kernel with arrays only written moves fewer of the model's bytes in
 * the same time. */
static double perf_row_gbs(const machine *m, unsigned j, const machine_bandwidth *bw)
{
    const machine_kernel_info *k = &machine_kernels[bw->kernel];
    if (!m->write_allocate || perf_allocates_at(m, j))
        return bw->gbs;
    double counted = k->reads + k->writes + k->write_only;
    return bw->gbs * (k->reads + k->writes) / counted;
}

/* Of two kernels as near the streams, whether a beats b: the one whose writes match them
 * (a kernel that writes meets the memory's write-backs and read-write turnarounds as the
 * nest does, one that only reads does not), then the first in machine_kernels order. */
static bool perf_breaks_tie(const machine_bandwidth *a, const machine_bandwidth *b,
                            double writes)
{
    double wa = fabs(writes - machine_kernels[a->kernel].writes);
    double wb = fabs(writes - machine_kernels[b->kernel].writes);
    return wa < wb || (wa == wb && a->kernel < b->kernel);
}

/* How far a row is from the level and core count wanted: the level first. */
static double perf_row_distance(const machine *m, const machine_bandwidth *bw, unsigned j,
                                unsigned cores)
{
    double levels = fabs((double)perf_level_index(m, bw->level) - (double)j);
    double apart = fabs((double)bw->cores - (double)cores);
    return levels * 1e7 + apart;
}

/* The benchmark for level j on `cores` cores and these streams, or NULL
 * when the table has none; *exact is false when it is from another level
 * or core count. */
static const machine_bandwidth *perf_pick(const machine *m, unsigned j, unsigned cores,
                                          double reads, double writes, bool *exact)
{
    const machine_benchmarks *b = &m->benchmarks;
    double nearest = INFINITY;
    for (size_t i = 0; i < b->nbandwidths; i++) {
        double d = perf_row_distance(m, &b->bandwidths[i], j, cores);
        if (d < nearest)
            nearest = d;
    }
    const machine_bandwidth *best = NULL;
    double best_d = INFINITY;
    for (size_t i = 0; i < b->nbandwidths; i++) {
        const machine_bandwidth *bw = &b->bandwidths[i];
        if (perf_row_distance(m, bw, j, cores) != nearest)
            continue;
        double d = perf_kernel_distance(m, j, bw->kernel, reads, writes);
        if (d < best_d || (d == best_d && best && perf_breaks_tie(bw, best, writes))) {
            best = bw;
            best_d = d;
        }
    }
    *exact = nearest == 0;
    return best;
}

static void perf_say_fallback(const machine *m, unsigned j, unsigned cores,
                              const machine_bandwidth *bw, bool *warned)
{
    if (*warned)
        return;
    *warned = true;
    diag_tool(DIAG_WARNING, "the machine's benchmarks have no measurement in %s on %u core%s: "
                            "using the nearest, %s on %u (said once)",
              perf_level_name(m, j), cores, cores == 1 ? "" : "s",
              perf_level_name(m, perf_level_index(m, bw->level)), bw->cores);
}

/* The levels' bytes in the steady state and their streams. */
static void perf_fill_levels(perf_nest *n, const machine *m)
{
    unsigned served = m->ncaches + 1;
    for (unsigned k = 0; k < m->ncaches; k++)
        if (n->footprint <= (double)m->caches[k].size_bytes * PERF_CACHE_SHARE) {
            served = k + 1;
            break;
        }
    n->nlevels = m->ncaches + 1;
    for (unsigned j = 0; j < n->nlevels; j++) {
        perf_level *lv = &n->levels[j];
        lv->name = perf_level_name(m, j);
        lv->kernel = -1;
        if (j >= served)
            continue;
        double most = -1;
        for (size_t i = 0; i < n->nloops; i++) {
            const perf_loop *pl = &n->loops[i];
            lv->bytes += pl->level_bytes[j];
            if (j == m->ncaches) {
                lv->paged_bytes += pl->paged_bytes;
                lv->paged_lines += pl->paged_lines;
            }
            if (pl->level_bytes[j] > most) {
                most = pl->level_bytes[j];
                lv->reads = pl->level_reads[j];
                lv->writes = pl->level_writes[j];
            }
        }
    }
}

/* Chooses each level's benchmark on `cores` cores; the bandwidth in lv->gbs. */
static void perf_choose_benchmarks(perf_nest *n, const machine *m, unsigned cores, bool *warned)
{
    for (unsigned j = 0; j < n->nlevels; j++) {
        perf_level *lv = &n->levels[j];
        if (lv->bytes <= 0)
            continue;
        bool exact;
        const machine_bandwidth *bw = perf_pick(m, j, cores, lv->reads, lv->writes, &exact);
        if (!exact)
            perf_say_fallback(m, j, cores, bw, warned);
        lv->kernel = (int)bw->kernel;
        lv->gbs = perf_row_gbs(m, j, bw);
    }
}

static double perf_machine_fraction(const machine *m, unsigned cores)
{
    return m->cores ? (double)cores / m->cores : 1.0;
}

/* The operations of an iteration of the calibration's chain_window loop: a load and an add. */
static const double perf_window_operations = 2;

/* Cycles of one core per step of the loop's carried chains: an add's latency, less where
 * each iteration of an enclosing loop starts a new, independent chain of L steps.  The
 * core keeps W steps' worth of a loop in flight beyond the oldest unfinished one (the
 * machine's chain_window, in elements of a loop of a load and an add, scaled by the
 * operations of this loop's iterations), so while one chain finishes the next has begun:
 * 1 + W / L chains run at once, a step costs the latency over that. */
static double perf_chain_step_cycles(const perf_loop *pl, const machine_benchmarks *b)
{
    double latency = b->add_latency_cycles;
    if (pl->chain_length <= 0 || b->chain_window <= 0)
        return latency;
    double window = b->chain_window * perf_window_operations / fmax(pl->operations, 1);
    return latency * pl->chain_length / (pl->chain_length + window);
}

/* Cycles of one core for the loop's arithmetic: its operations at vector
 * throughput, and no less than its carried chain at perf_chain_step_cycles
 * (the rest of the loop, the divides of s += a[i] / b[i], still vectorizes
 * and overlaps the chain). */
static double perf_loop_in_core_cycles(const perf_loop *pl, const machine_benchmarks *b)
{
    const double *c = b->vector_cycles;
    double fma = fmin(pl->adds, pl->multiplies);
    double cycles = fma * c[MACHINE_OP_FMA] + (pl->adds - fma) * c[MACHINE_OP_ADD] +
                    (pl->multiplies - fma) * c[MACHINE_OP_MULTIPLY] +
                    pl->divides * c[MACHINE_OP_DIVIDE] + pl->specials * c[MACHINE_OP_SQRT];
    return fmax(cycles / b->lanes, pl->chain_steps * pl->chain_step_cycles);
}

/* Seconds of one core spent waiting on the nest's carried chains. */
static double perf_chain_seconds(const perf_nest *n, const machine_benchmarks *b)
{
    double cycles = 0;
    for (size_t i = 0; i < n->nloops; i++)
        cycles += n->loops[i].chain_steps * n->loops[i].chain_step_cycles;
    return cycles / (b->clock_ghz * 1e9);
}

/* Seconds of one core for the nest's loads and stores issued one element at a time: each
 * kind at its measured rate, the two overlapping (a core loads and stores through ports of
 * their own: a scalar triad's store costs nothing beside its two loads), so the slower
 * decides. */
static double perf_scalar_seconds(const perf_nest *n, const machine_benchmarks *b)
{
    double loads = 0, stores = 0;
    for (size_t i = 0; i < n->nloops; i++) {
        if (n->loops[i].incore.used)
            continue; /* in its cycles from the assembly */
        loads += n->loops[i].scalar_loads;
        stores += n->loops[i].scalar_stores;
    }
    return fmax(loads * b->scalar_load_cycles, stores * b->scalar_store_cycles) /
           (b->clock_ghz * 1e9);
}

/* With the in-core time from the assembly: its cycles for the innermost loops, and the
 * other loops' own operations at the peak (their chains are rare, and not counted). */
static double perf_incore_compute_seconds(const perf_nest *n, const machine *m, unsigned cores)
{
    double outer = 0;
    for (size_t i = 0; i < n->nloops; i++)
        if (!n->loops[i].incore.used)
            outer += perf_loop_weighted_flops(&n->loops[i], m);
    return n->incore.cycles / (m->benchmarks.clock_ghz * 1e9) / cores +
           outer / (m->peak_gflops * 1e9 * perf_machine_fraction(m, cores));
}

/* Seconds of level lv, which take `seconds` for its bytes at its bandwidth, with its store
 * streams a page apart at the machine's paged_store_cycles a line, each core its own
 * lines, where that is longer (perf.c, "Stores a page apart"); without the key, seconds. */
static double perf_paged_seconds(const perf_level *lv, double seconds,
                                 const machine_benchmarks *b, unsigned cores)
{
    if (b->paged_store_cycles <= 0 || lv->paged_lines <= 0 || lv->bytes <= 0)
        return seconds;
    double rest = seconds * (1 - lv->paged_bytes / lv->bytes);
    return fmax(seconds,
                rest + lv->paged_lines * b->paged_store_cycles / (b->clock_ghz * 1e9) / cores);
}

static void perf_time_roofline(perf_nest *n, const machine *m, unsigned cores)
{
    n->levels[0].scalar_s = perf_scalar_seconds(n, &m->benchmarks) / cores;
    if (n->incore.used)
        n->compute_s = perf_incore_compute_seconds(n, m, cores);
    else
        n->compute_s =
            fmax(n->weighted_flops / (m->peak_gflops * 1e9 * perf_machine_fraction(m, cores)),
                 perf_chain_seconds(n, &m->benchmarks) / cores);
    n->memory_s = 0;
    const char *slowest = "memory";
    for (unsigned j = 0; j < n->nlevels; j++) {
        perf_level *lv = &n->levels[j];
        lv->seconds = perf_paged_seconds(lv, lv->bytes > 0 ? lv->bytes / (lv->gbs * 1e9) : 0,
                                         &m->benchmarks, cores) +
                      lv->scalar_s;
        if (lv->seconds > n->memory_s) {
            n->memory_s = lv->seconds;
            slowest = lv->name;
        }
    }
    n->runtime_s = fmax(n->compute_s, n->memory_s);
    n->bottleneck = n->memory_s >= n->compute_s ? slowest : "compute";
}

/* The machine's level number of level index j (MACHINE_LEVEL_MEMORY beyond the caches). */
static unsigned perf_level_number(const machine *m, unsigned j)
{
    return j < m->ncaches ? m->caches[j].level : MACHINE_LEVEL_MEMORY;
}

/* The single-core row of `kernel` at level index j; NULL when not measured. */
static const machine_bandwidth *perf_single_core_row(const machine *m, unsigned kernel, unsigned j)
{
    const machine_benchmarks *b = &m->benchmarks;
    for (size_t i = 0; i < b->nbandwidths; i++) {
        const machine_bandwidth *bw = &b->bandwidths[i];
        if (bw->kernel == kernel && bw->cores == 1 && bw->level == perf_level_number(m, j))
            return bw;
    }
    return NULL;
}

/* Seconds of one core to move level j's bytes in from the level beyond.  What level j adds
 * to level j-1, per byte, for the nest's streams: the difference between the single-core
 * rows, at the two levels, of the benchmark nearest to them.  A write stream's evictions
 * and the overlap of a core's transfers are in that difference, as they are not in
 * load2's transfer rate; for a nest whose bytes are the same at every level the transfers
 * then add up to that benchmark's single-core time at the last.  Without both rows, the
 * transfer rate (bytes per cycle); without that, the level's own single-core bandwidth. */
static double perf_transfer_seconds(perf_nest *n, const machine *m, unsigned j, bool *warned)
{
    const machine_benchmarks *b = &m->benchmarks;
    perf_level *lv = &n->levels[j];
    if (lv->bytes <= 0)
        return 0;
    bool exact;
    const machine_bandwidth *bw = perf_pick(m, j, 1, lv->reads, lv->writes, &exact);
    const machine_bandwidth *here = exact ? bw : NULL;
    const machine_bandwidth *before = here ? perf_single_core_row(m, bw->kernel, j - 1) : NULL;
    if (here && before)
        return lv->bytes * fmax(0, 1 / (here->gbs * 1e9) - 1 / (before->gbs * 1e9));
    if (b->transfer[j - 1] > 0)
        return lv->bytes / (b->transfer[j - 1] * b->clock_ghz * 1e9);
    if (!*warned) {
        *warned = true;
        diag_tool(DIAG_WARNING, "the machine's benchmarks give no transfer rate %s-%s: using "
                                "the single-core bandwidth of %s (said once)",
                  perf_level_name(m, j - 1), lv->name, lv->name);
    }
    return lv->bytes / (bw->gbs * 1e9);
}

/* The L1 bytes of the loops whose time is estimated from the counts (not the assembly). */
static double perf_estimated_l1_bytes(const perf_nest *n)
{
    double bytes = 0;
    for (size_t i = 0; i < n->nloops; i++)
        if (!n->loops[i].incore.used)
            bytes += n->loops[i].level_bytes[0];
    return bytes;
}

static void perf_time_ecm(perf_nest *n, const machine *m, unsigned cores, bool *warned)
{
    const machine_benchmarks *b = &m->benchmarks;
    double hz = b->clock_ghz * 1e9, cycles = 0;
    for (size_t i = 0; i < n->nloops; i++) {
        const perf_loop *pl = &n->loops[i];
        cycles += pl->incore.used ? pl->incore.cycles : perf_loop_in_core_cycles(pl, b);
    }
    perf_ecm *e = &n->ecm;
    e->overlapping_s = cycles / hz;
    perf_level *l1 = &n->levels[0];
    bool exact;
    const machine_bandwidth *bw = perf_pick(m, 0, 1, l1->reads, l1->writes, &exact);
    if (!exact)
        perf_say_fallback(m, 0, 1, bw, warned);
    l1->scalar_s = perf_scalar_seconds(n, b);
    double l1_bytes = perf_estimated_l1_bytes(n);
    e->non_overlapping_s = (l1_bytes > 0 ? l1_bytes / (perf_row_gbs(m, 0, bw) * 1e9) : 0) +
                           l1->scalar_s + n->incore.load_store_cycles / hz;
    l1->seconds = e->non_overlapping_s;
    double transfers_s = 0;
    for (unsigned j = 1; j < n->nlevels; j++) {
        n->levels[j].seconds =
            perf_paged_seconds(&n->levels[j], perf_transfer_seconds(n, m, j, warned), b, 1);
        transfers_s += n->levels[j].seconds;
    }
    /* The loads and stores do not overlap the transfers, with the assembly's T_nOL (port
     * cycles) as with the estimate's (the L1 time of a benchmark whose steps the
     * transfers are): measured on the validation kernels at L2 and memory size (README.md,
     * "In-core time from the compiled code"), the load-heavy loops (stencils, matmul, a
     * gather) run as long as their loads plus their transfers, the arithmetic overlaps. */
    double data_s = e->non_overlapping_s + transfers_s;
    e->single_core_s = fmax(e->overlapping_s, data_s);
    /* The limit of each shared level's bandwidth on the cores used. */
    double limit_s = 0;
    const char *limit = NULL;
    for (unsigned j = 1; j < n->nlevels; j++) {
        const perf_level *lv = &n->levels[j];
        double s = lv->bytes > 0 ? lv->bytes / (lv->gbs * 1e9) : 0;
        if (s > limit_s) {
            limit_s = s;
            limit = lv->name;
        }
    }
    double scaled = e->single_core_s / cores;
    e->saturation_cores = limit_s > 0 ? e->single_core_s / limit_s : 0;
    n->compute_s = e->overlapping_s / cores;
    n->memory_s = fmax(data_s / cores, limit_s);
    n->runtime_s = fmax(scaled, limit_s);
    if (limit && limit_s >= scaled)
        n->bottleneck = limit;
    else if (e->overlapping_s >= data_s)
        n->bottleneck = "compute";
    else
        n->bottleneck = "data transfers";
}

/* The barriers one run of the nest waits at.  Its XML names the loops an OpenMP directive
 * shares out (loop/@omp): each ends with a barrier every time it runs, unless `nowait` drops
 * it (a parallel for always joins its team), so an `omp for` inside a time loop waits once a
 * step, and a nest whose only one is nowait waits at none.  Without such a name the nest is
 * taken as one parallel loop: one barrier a run. */
static double perf_barriers(const perf_nest *n)
{
    bool named = false;
    double count = 0;
    for (size_t i = 0; i < n->nloops; i++) {
        unsigned omp = n->loops[i].loop->omp;
        if (!(omp & LM_OMP_FOR))
            continue;
        named = true;
        if (!(omp & LM_OMP_NOWAIT) || (omp & LM_OMP_PARALLEL))
            count += n->loops[i].entries;
    }
    return named ? count : 1;
}

/* On more than one core a parallel loop costs its schedule and the barrier that ends it
 * beyond its work: nothing for a nest that runs for milliseconds, most of the time of one
 * whose data sits in L1. */
static void perf_add_barrier(perf_nest *n, const machine *m, unsigned cores)
{
    const machine_benchmarks *b = &m->benchmarks;
    if (cores < 2 || b->barrier_cycles <= 0)
        return;
    n->barriers = perf_barriers(n);
    n->barrier_s = n->barriers * b->barrier_cycles / (b->clock_ghz * 1e9);
    if (n->barrier_s > n->runtime_s)
        n->bottleneck = "barrier";
    n->runtime_s += n->barrier_s;
}

void perf_time_nest(perf_nest *n, const machine *m, perf_model model, unsigned cores,
                    bool *warned)
{
    for (size_t i = 0; i < n->nloops; i++)
        n->loops[i].chain_step_cycles = perf_chain_step_cycles(&n->loops[i], &m->benchmarks);
    perf_fill_levels(n, m);
    perf_choose_benchmarks(n, m, cores, warned);
    if (model == PERF_ECM)
        perf_time_ecm(n, m, cores, warned);
    else
        perf_time_roofline(n, m, cores);
    perf_add_barrier(n, m, cores);
    perf_incore_share(n, m, cores);
}
