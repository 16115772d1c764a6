/* The in-core time of a nest from its compiled innermost loops.
 *
 * Which lines.  An innermost loop is compiled from its file (lm_loop.loc.file) and found
 * in the assembly by the lines of its statement, from its keyword's to the last, read
 * from the source (incore_loop_last_line: the loop model keeps only where a loop starts).
 * The element size that turns the induction step into source iterations is that of the
 * loop's first array.  A loop read from ExaSAT XML has the XML as its file, which names no
 * source: its source is the file of the same name with .c (then .cc, .cpp, .cxx) in
 * perf_options.source_dir, else beside the XML, as `measuretool -xml k.xml k.c` leaves
 * them.
 *
 * Iterations.  A loop of trip t an entry (its mean, perf.c) runs t mod P of them outside
 * its main loop, P the source iterations of a pass (lanes x unroll): at the remainder
 * loop's cycles per source iteration when the assembly has one, else at the main loop's
 * pass over its unroll (one vector iteration's instructions, done one element at a time),
 * or, when llvm-mca finds the loop bound by data dependencies more than by resources (a
 * chain of adds kept in order), at its cycles per source iteration: a step of the chain.
 * The load/store ports' cycles (ECM's T_nOL) are divided the same way.
 *
 * Unrolled inner loops.  An inner loop of a short known trip is often unrolled whole
 * (GCC's 3-iteration loops at -O2 and -O3), so its lines are no loop of their own in the
 * assembly.  Then the nearest enclosing loop of the nest whose lines are one takes its
 * place: that assembly loop's body holds the unrolled iterations, its cycles a pass
 * (llvm-mca) are the in-core time of the whole subtree, and the loops it swallowed add no
 * cycles of their own (perf_incore.enclosing, `used` with none).  Its source iterations
 * a pass are not its step over an element: the step of a row-walking register (a[i][c]:
 * 3 doubles an i) says bytes, not rows.  They are the bytes a pass stores (other than to
 * the stack) over the bytes a source iteration of the enclosing loop stores (each write
 * of its subtree's arrays times how often that loop runs per iteration of it), a whole
 * number: a vector loop over 8 rows stores 8 rows' results.  As lines that hold an inner
 * loop's body may be all the assembly loop has (the outer header's increment folded into
 * the inner body's), the loop taken is the outermost from there up whose lines give the
 * same assembly loop and whose stores are a whole number of its iterations; a loop whose
 * pass stores a fraction of its parent's iteration (an r loop still a loop, of 3 out[i][r]
 * an i) is the loop.  No stores in the subtree, a fraction, or no enclosing loop that is
 * a loop: the nest falls back, the reason said.
 *
 * Code an entry.  Around a loop the compiler writes code it runs once each time the loop
 * starts: the enclosing loop's own instructions (its increment, its test, the inner loop's
 * bounds and pointers set up again) and the test whether iterations are left over after
 * the vector passes.  Those instructions of the innermost assembly loop around the loop
 * (incore_find_entry_code: from its label to the loop's, from the loop's branch to the
 * next jump, and its last block) are run through llvm-mca once.  Out of order, the core
 * runs that integer work beside the loop's passes, on the ALUs and address units they
 * leave idle, but each of its micro-ops still takes a dispatch slot: an entry costs its
 * micro-ops over the dispatch width (llvm-mca's Total uOps an iteration over its Dispatch
 * Width), never more than llvm-mca's cycles for the code alone.  Those cycles are added
 * per entry of the loop (its enclosing loops' iterations, pl->entries), in the roofline's
 * compute time and ECM's T_OL.  The blocks only some entries run, the leftover
 * iterations peeled or unrolled into straight-line code, are not: the remainder rule
 * above charges them.  Measured on this project's Zen 5 (bench/README.md, "Code an
 * entry"): stencil3d at -O3 -march=native in L1 ran 5.9 cycles an entry beyond the
 * model's passes and remainder; its 38 such micro-ops are 6.3 cycles at 6 a cycle, where
 * llvm-mca's Zen 4 model, alone, takes 15.0 (its vmovq between general and vector
 * registers on two pipes).
 *
 * Chains at the machine's latency.  llvm-mca knows a core by its scheduling model, and
 * version 19 has none for Zen 5: -mcpu=native there is Zen 4, whose floating-point add
 * takes 3 cycles where this project's Zen 5 measures 2.  A loop that is a chain of such
 * adds (a reduction the compiler must keep in order: a dot product without -ffast-math)
 * runs at that latency, so its cycles would be 1.5x too many.  The machine's calibrated
 * add_latency_cycles is a chain of scalar double adds on the real core, and llvm-mca's is
 * the same chain on its model (incore_mca_add_latency, asked once per -mcpu and kept in
 * the caches): where llvm-mca says data dependencies bound a loop more than resources and
 * its cycles per pass exceed its resource bound (Block RThroughput, the most loaded
 * resource), those cycles are scaled by the machine's latency over llvm-mca's, never
 * below the resource bound (incore_chain_cycles).  Loops bound by their resources keep
 * llvm-mca's cycles, and so do loops with no floating-point add or subtract
 * (incore_loop.adds): their chain is of other instructions (vmax's maxsd, 2 cycles in
 * llvm-mca's Zen 4 model and 2 measured on Zen 5; norm_fast's vfmadd231pd at -O3, 4 in
 * both, measured 3.93 to 4.12), whose latency the add's says nothing of.  A machine without a measured add latency scales nothing.
 *
 * 512-bit instructions at the machine's rate.  llvm-mca 19 has no Zen 5 model: its Zen 4
 * (-mcpu=native on Zen 5) double pumps every 512-bit instruction, a zmm vaddpd a cycle
 * where a ymm one takes half, while this project's Zen 5 runs zmm at full rate (its
 * calibrated vector add of 8 doubles: 0.49 cycles).  A body with zmm registers is run
 * through llvm-mca again with them named as ymm (incore_zmm_as_ymm): the same
 * instructions, memory operands and dependencies, at the model's 256-bit rates.  The
 * machine's 512-bit add (vector_cycles add, measured on 8 lanes) says where the core lies
 * between llvm-mca's 256-bit add (rate 0) and its 512-bit one (rate 1), both asked once
 * per -mcpu (incore_mca_add_throughput); a pass bound by resources takes
 * ymm + (zmm - ymm) x rate cycles (incore_zmm_rate, incore_zmm_cycles), then every floor
 * below (its load ports, split loads, a taken branch).  Not a fit to kernels: the ymm run
 * keeps whatever the zmm run is bound by that is not the width (FP45, the Zen 4 model's
 * load and store data pipes, alike at both widths; a stencil's loads, which the load
 * ports' floor keeps), and chain-bound loops keep their chain.  Where llvm-mca runs both
 * widths alike (skylake-avx512) or the machine measured no 512-bit add, nothing changes;
 * an instruction with no 256-bit form (vextractf64x4 from a zmm) makes llvm-mca refuse
 * the body, and the loop keeps its cycles.  Measured on this project's Zen 5
 * (bench/README.md, "512-bit instructions at the machine's rate"): cmul at -O3
 * -march=native, 4.02 cycles a pass in llvm-mca, 2.5 as ymm, about 2.3 measured.
 *
 * Gathers.  llvm-mca 19's Zen 4 model issues a zmm vgatherdpd as one micro-op of 0.33
 * cycles and 5 of latency; this project's Zen 5 loads its 8 elements one at a time on the
 * load ports: 0.93 cycles an element for gathers in flight together (the machine's
 * calibrated gather_element_cycles, CALIB_GATHERS: 7.0 to 7.5 cycles a zmm gather).  The
 * elements the gathers of a pass load (incore_loop.gathered, read from the assembly: each
 * gather's destination over its element) take the load ports that many times those
 * cycles, beside the pass's vector loads at scalar_load_cycles: part of the load ports'
 * floor below and of ECM's T_nOL.  A machine without the key charges llvm-mca's cost.
 * bench/validate's gather at -O3 -march=native: two gathers of 8 a pass and two index
 * loads, 5.0 cycles in llvm-mca, 16 x 0.93 + 2 x 0.51 = 15.9 by the rule, 17.4 measured.
 *
 * Chains through an eliminated move.  llvm-mca 19 lets the readers of a register move it
 * eliminates (latency 0: movapd %xmm1, %xmm0) start before the value the move copies is
 * ready, so a chain carried through such a move costs it nothing: GCC's -O2 vmax loop
 * (maxsd %xmm0, %xmm1; movapd %xmm1, %xmm0) runs at 1.01 cycles a pass in llvm-mca and 2
 * on the core, maxsd's latency.  The chain's cycles at llvm-mca's latencies
 * (incore_move_chain, read from its report) are a floor for the pass, and a loop at that
 * floor is chain-bound, its leftover iterations a step of the chain each.
 *
 * Chains through a folded load.  llvm-mca 19's Zen 4 model reads the register operand of
 * maxsd (%rsi), %xmm0 as late as its load, so the chain through %xmm0 costs nothing there
 * (1.01 cycles a pass; 2 on the core): the loop with such loads unfolded
 * (incore_unfold_carried) is run too, and its cycles are the chain's floor as above
 * (incore.c, analysis_mca).
 *
 * Chains that restart.  llvm-mca runs one loop for ever; a chain that starts afresh at
 * each entry of the loop (double sum = 0 in the enclosing loop's body: matvec's rows,
 * spmv's 8 nonzeros) is independent of the one before, and the core overlaps the two as
 * far as its window of instructions in flight reaches: the estimate's rule (perf_time.c,
 * perf_chain_step_cycles), with the machine's calibrated chain_window.  A chain-bound
 * pass (incore_chain_bound) of a loop whose chain is L steps long takes the share
 * L / (L + W) of its chain's cycles, W the window in iterations of the loop (chain_window
 * elements of a load and an add, scaled by the loop's operations an iteration), never
 * below its resource bound.  Measured on this project's Zen 5: matvec at -O2 with rows of
 * 48 runs 1.0 cycles an element where the chain alone gives 2.0 (the share, 0.54, gives
 * 1.05), rows of 227 1.5 (0.85: 1.66); spmv's rows of 8, 1.2, its resource bound.
 *
 * Divides at the machine's rate.  llvm-mca's Zen 4 model issues a scalar divsd every 5
 * cycles; this project's Zen 5 every 3.9 (the calibration's scalar divide, measured the
 * same way).  A loop bound by its resources whose bound is no more than its scalar double
 * divides at llvm-mca's throughput (incore_mca_divide_cycles, asked once a loop with
 * divides and kept with it) has its pass scaled by the machine's scalar_cycles divide
 * over llvm-mca's, never below its load/store ports' pressure: divsum at -O2 (a divsd
 * and a chain of addsd the divides outlast) runs 4.0 cycles an element, llvm-mca 5.02.
 * Vector divides keep llvm-mca's cycles (the calibration's vector divide is of its own
 * width, not the loop's).
 *
 * A taken branch a cycle.  llvm-mca models no front end: a loop of 4 instructions on 4
 * ALUs is 0.7 cycles a pass on its Zen 4 model.  The core takes one taken branch a cycle,
 * so a pass is never under a cycle (INCORE_TAKEN_BRANCH_CYCLES; measured on this
 * project's Zen 5: loops of 2, 4 and 6 independent instructions, 0.96 to 0.98 cycles a
 * pass; blur5's -O2 window loop, addss and three of the loop's, 1.03).
 *
 * Split vector loads.  A vector load whose bytes cross a 64-byte cache line takes the
 * load ports twice, which llvm-mca does not model: measured on this project's Zen 5 in
 * L1, a pass of 4 zmm loads and a store takes 2.08, 2.52, 3.01, 3.52, 4.13 cycles with
 * 0, 1, 2, 3, 4 of the loads 8 bytes off a line (0.50 a split load; a split store alone
 * 0.7 more, nothing beside split loads: not charged); a ymm load advancing 32 bytes a
 * pass crosses a line on every other pass (0.77 cycles a load against 0.52).  The
 * machine's split_load_cycles is that cost.  An aligned zmm load takes the ports 0.503
 * cycles there, as a scalar one does (the calibration's scalar_load_cycles, 0.509: two
 * loads a cycle at any width), where llvm-mca's Zen 4 model spreads them on three pipes
 * (stencil2d's 4 loads and a store: 1.67 cycles, 2.0 measured).  The load ports' cycles
 * of a pass are the larger of llvm-mca's pressure on them and its vector loads at
 * scalar_load_cycles each, plus split_load_cycles for each split load: a floor of the
 * pass (never below llvm-mca's own cycles) and its ECM T_nOL.  Which loads split is read from the
 * source, not the assembly (whose base registers say nothing of alignment): each access
 * an innermost vectorized loop reads element by element in its fastest dimension is one
 * vector load per vector iteration (unroll of them a pass).  Its array is taken to start
 * on a line (the validation kernels' arrays come from aligned_alloc(64); glibc's malloc
 * gives 16 bytes past one, which this rule does not know), its first address in a row is
 * (lower bound + offset) elements in, a constant lower bound given, and rows are the
 * loop's trip plus the array's ghost cells in that dimension long (stencil2d's in[i][j+1]:
 * j from 1 to n - 2 and a ghost of 1 each side: rows of n).  A W-byte load then crosses a
 * line on W / 64 of the passes of each row whose residue of the first address modulo 64
 * is no multiple of W; the rows take each residue of the lattice their pitch spans modulo
 * 64 equally often.  A 1-D array with a constant offset is one row: x[i+1] from i = 0 is
 * split on every zmm pass, x[i+8] on none.  Rows of 35 doubles (280 bytes: residues every
 * 8 bytes) leave 1 row in 8 aligned; rows of 32 doubles all; an unknown lower bound or row
 * length is taken as every element's residue alike (7 in 8 zmm passes split for
 * doubles). */
#include "perf_incore.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "fileio.h"
#include "incore.h"
#include "incore_run.h"
#include "mem.h"
#include "strbuf.h"

/* The last line of l's statement in source (see the top); 0 with why when not found. */
static unsigned incore_last_line(const lm_loop *l, const char *source, strbuf *why)
{
    strbuf text = STRBUF_INIT;
    unsigned last = incore_run_read(source, &text)
                        ? incore_loop_last_line(strbuf_cstr(&text), l->loc.line, l->loc.column)
                        : 0;
    if (last == 0)
        strbuf_printf(why, "no whole loop statement at %s:%u to compile",
                      fileio_basename(source), l->loc.line);
    strbuf_release(&text);
    return last;
}

/* The C or C++ file of a loop's file (see the top; free() it), or NULL with why. */
static char *incore_source_of(const char *file, const char *source_dir, strbuf *why)
{
    size_t len = strlen(file);
    if (len < 4 || strcmp(file + len - 4, ".xml"))
        return mem_strdup(file);
    const char *base = fileio_basename(file);
    /* the stem with its directory: the XML's own, or source_dir */
    strbuf stem = STRBUF_INIT;
    if (source_dir)
        strbuf_printf(&stem, "%s/%.*s", source_dir, (int)(strlen(base) - 4), base);
    else
        strbuf_appendn(&stem, file, len - 4);
    static const char *const extensions[] = {".c", ".cc", ".cpp", ".cxx"};
    for (size_t k = 0; k < sizeof extensions / sizeof *extensions; k++) {
        strbuf sb = STRBUF_INIT;
        strbuf_printf(&sb, "%s%s", strbuf_cstr(&stem), extensions[k]);
        if (access(sb.s, R_OK) == 0) {
            strbuf_release(&stem);
            return strbuf_take(&sb);
        }
        strbuf_release(&sb);
    }
    strbuf_printf(why, "%s names no source file, and there is no %s.c (or .cc, .cpp, .cxx) "
                       "to compile",
                  base, strbuf_cstr(&stem));
    strbuf_release(&stem);
    return NULL;
}

static unsigned incore_element_size(const lm_loop *l)
{
    const lm_array_ref *a = l->array_refs;
    if (!a)
        return 0;
    return (unsigned)(a->elem_bytes ? a->elem_bytes : lm_datatype_size(a->datatype));
}

/* The fewest cycles a pass of a loop takes: its backward branch is taken, and a core
 * takes one taken branch a cycle (see the top). */
#define INCORE_TAKEN_BRANCH_CYCLES 1.0

/* The operations of an element of the calibration's chain_window loop: a load and an add. */
static const double incore_window_operations = 2;

/* The share of a restarting chain's cycles the core does not overlap with the next chain
 * (see the top): L / (L + W), W the machine's chain_window scaled by the operations of
 * pl's iterations; 1 for a chain through the whole nest, or no window measured. */
static double incore_chain_share(const perf_loop *pl, const machine_benchmarks *b)
{
    if (pl->chain_length <= 0 || b->chain_window <= 0)
        return 1;
    double window = b->chain_window * incore_window_operations / fmax(pl->operations, 1);
    return pl->chain_length / (pl->chain_length + window);
}

/* A pass of cycles (incore_chain_cycles of mca) of a chain the core overlaps with the
 * next one but for share of it: never below the pass's resource bound. */
static double incore_overlapped(const incore_mca *mca, double cycles, double share)
{
    if (share >= 1 || !incore_chain_bound(mca))
        return cycles;
    return fmax(incore_resource_bound(mca), cycles * share);
}

/* The precision of the pressures llvm-mca prints (two decimals), in cycles. */
#define INCORE_MCA_PRINTED 0.01

/* The resource bound of a pass of loop lp whose llvm-mca report is mca, with its scalar
 * double divides at the machine's divide cycles where they are the bound (see the top):
 * the bound scaled by divide over llvm-mca's mca_divide, never below the load/store
 * ports' pressure; else the bound as it is. */
static double incore_divided_bound(const incore_mca *mca, const incore_loop *lp,
                                   double mca_divide, double divide)
{
    double bound = incore_resource_bound(mca);
    if (!lp->divides || mca_divide <= 0 || divide <= 0 ||
        bound > lp->divides * mca_divide + INCORE_MCA_PRINTED)
        return bound;
    return fmin(bound, fmax(bound * divide / mca_divide, mca->load_store_cycles));
}

/* ---- split vector loads (see the top) ---- */

/* The bytes of a cache line, which a vector load crossing pays twice for. */
#define INCORE_LINE_BYTES 64.0

/* l's lower bound when it is an integer constant, into *lower. */
static bool incore_constant_lower(const lm_loop *l, long *lower)
{
    const char *text = l->bounds.lower;
    if (!text || !*text)
        return false;
    char *end;
    *lower = strtol(text, &end, 10);
    while (*end == ' ')
        end++;
    return *end == '\0';
}

/* The share of passes on which access x, a vector load of width bytes advancing width
 * bytes a pass over elements of elem bytes, crosses a line (see the top).  Its first
 * address in a row is offset bytes after the row's start ((lower + x's offset) elements;
 * unknown without a constant lower bound), and rows start pitch bytes apart from a
 * line-aligned array (0: unknown, or one row): the rows' starts take each residue
 * modulo a line of the lattice the pitch's residue spans equally often (each multiple of
 * an element when the pitch or the offset is unknown), and a pass crosses a line where
 * its residue is no multiple of width, one pass in 64 / width. */
static double incore_split_share(double elem, double width, bool known, double offset,
                                 double pitch)
{
    double step = known && pitch > 0 ? fmod(pitch, INCORE_LINE_BYTES) : elem;
    double lattice = step > 0 ? step : INCORE_LINE_BYTES; /* gcd(step, 64) */
    for (double b = INCORE_LINE_BYTES; fmod(b, lattice) != 0;) {
        double r = fmod(b, lattice);
        b = lattice;
        lattice = r;
    }
    if (!known)
        offset = 0;
    double rows = INCORE_LINE_BYTES / lattice, split = 0;
    for (double k = 0; k < rows; k++)
        split += fmod(fmod(offset + k * lattice, INCORE_LINE_BYTES), width) != 0;
    return split / rows * width / INCORE_LINE_BYTES;
}

/* The split vector loads of a pass of pl's assembly loop lp (see the top), and all its
 * vector loads into *loads: each access pl reads element by element in its fastest
 * dimension is a vector load an iteration of the vector loop, unroll of them a pass,
 * split on its incore_split_share of the passes; its rows are pl's trip and the array's
 * ghost cells in that dimension long. */
static double incore_split_loads(const perf_loop *pl, const incore_loop *lp, double *loads)
{
    const lm_loop *l = pl->loop;
    *loads = 0;
    if (l->children || !lp->vectorized || lp->vector_bits < 128 || lp->lanes < 2)
        return 0;
    double width = lp->vector_bits / 8.0, split = 0;
    long lower = 0;
    bool known = incore_constant_lower(l, &lower);
    for (const lm_array_ref *a = l->array_refs; a; a = a->next) {
        double elem = (double)(a->elem_bytes ? a->elem_bytes : lm_datatype_size(a->datatype));
        if (elem <= 0 || elem >= width)
            continue;
        double halo = a->ghost.ndims > 0 ? (double)(a->ghost.neg[0] + a->ghost.pos[0]) : 0;
        for (const lm_access *x = a->accesses; x; x = x->next) {
            if (!x->reads || !x->relative || x->ndims == 0 ||
                (x->order && x->norder > 0 && x->order[0] != 0) || (x->scale && x->scale[0] != 1))
                continue;
            double pitch = x->ndims > 1 ? (pl->trip > 0 ? ((double)pl->trip + halo) * elem : 0)
                                        : INCORE_LINE_BYTES;
            split += incore_split_share(elem, width, known && (x->ndims == 1 || pitch > 0),
                                        (double)(lower + x->index[0]) * elem, pitch);
            *loads += lp->unroll;
        }
    }
    return split * lp->unroll;
}

/* The load ports' cycles of a pass of pl's loop lp whose llvm-mca report is mca (see the
 * top): its pressure or its vector loads at the machine's load cycles and its gathered
 * elements at the machine's gather cycles, the larger, and the machine's split cycles for
 * each split load. */
static double incore_load_port_cycles(const perf_loop *pl, const incore_mca *mca,
                                      const incore_loop *lp, const machine_benchmarks *b)
{
    double loads, split = incore_split_loads(pl, lp, &loads);
    return fmax(mca->load_store_cycles,
                loads * b->scalar_load_cycles + lp->gathered * b->gather_element_cycles) +
           split * b->split_load_cycles;
}

/* The doubles of a 512-bit vector: a machine whose vector_cycles are of 8 lanes measured
 * its 512-bit instructions. */
#define INCORE_ZMM_LANES 8

/* Where the machine's 512-bit add lies between llvm-mca's 256-bit add (0) and its 512-bit
 * add (1), from r's throughputs and b's calibrated vector add (see the top); 1 (llvm-mca's
 * own cycles) when either is unknown or llvm-mca runs both widths alike. */
static double incore_zmm_rate(const incore_result *r, const machine_benchmarks *b)
{
    double rate = b->vector_cycles[MACHINE_OP_ADD], ymm = r->mca_ymm_add_cycles,
           zmm = r->mca_zmm_add_cycles;
    if (b->lanes != INCORE_ZMM_LANES || rate <= 0 || ymm <= 0 || zmm <= ymm + INCORE_MCA_PRINTED)
        return 1;
    return fmin(1, fmax(0, (rate - ymm) / (zmm - ymm)));
}

/* llvm-mca's cycles a pass of a loop whose report is mca, its 512-bit instructions at
 * the machine's rate (see the top): between the cycles of its body as 256-bit registers
 * and its own, at rate. */
static double incore_zmm_cycles(const incore_mca *mca, double rate)
{
    double cycles = mca->cycles_per_iteration;
    if (mca->ymm_cycles <= 0 || mca->ymm_cycles >= cycles)
        return cycles;
    return mca->ymm_cycles + (cycles - mca->ymm_cycles) * rate;
}

/* The cycles of a pass of loop lp whose llvm-mca report is mca (see the top): its
 * resource bound with divides at the machine's rate; a chain at the machine's add
 * latency, overlapped with the next chain but for share of it, never below that bound;
 * a pass bound by resources with its 512-bit instructions at the machine's rate, scaled
 * with its bound; never under a taken branch's cycle. */
static double incore_pass_cycles(const incore_mca *mca, const incore_loop *lp,
                                 const incore_result *r, const machine_benchmarks *b,
                                 double share, double ports)
{
    double bound = incore_resource_bound(mca);
    double divided = incore_divided_bound(mca, lp, r->mca_divide_cycles,
                                          b->scalar_cycles[MACHINE_OP_DIVIDE]);
    incore_mca m = *mca;
    m.block_rthroughput = fmin(m.block_rthroughput, divided);
    m.bottleneck_cycles = fmin(m.bottleneck_cycles, divided);
    double cycles;
    if (incore_chain_bound(&m))
        cycles = incore_overlapped(&m,
                                   incore_chain_cycles(&m, lp->adds ? r->mca_add_latency : 0,
                                                       b->add_latency_cycles),
                                   share);
    else
        cycles = fmax(incore_zmm_cycles(mca, incore_zmm_rate(r, b)), mca->chain_floor_cycles) *
                 (bound > 0 ? divided / bound : 1);
    return fmax(fmax(cycles, ports), INCORE_TAKEN_BRANCH_CYCLES);
}

/* r's numbers into pl's incore, over pl's iterations, a pass at incore_pass_cycles. */
static void incore_fill(perf_loop *pl, const incore_result *r, const char *compiler,
                        const machine_benchmarks *b)
{
    perf_incore *c = &pl->incore;
    const incore_loop *lp = &r->loop;
    double per_pass = lp->source_iterations;
    double share = incore_chain_share(pl, b);
    double ports = incore_load_port_cycles(pl, &r->mca, lp, b);
    double pass = incore_pass_cycles(&r->mca, lp, r, b, share, ports);
    *c = (perf_incore){.used = true,
                       .compiler = compiler,
                       .vectorized = lp->vectorized,
                       .vector_bits = lp->vector_bits,
                       .lanes = lp->lanes,
                       .unroll = lp->unroll,
                       .cycles_per_iteration = pass / per_pass,
                       .remainder_loop = r->has_remainder};
    snprintf(c->bottleneck, sizeof c->bottleneck, "%s", r->mca.bottleneck);
    double ls = ports / per_pass, rem_ls;
    if (r->has_remainder) {
        double rem_ports = incore_load_port_cycles(pl, &r->remainder_mca, &r->remainder, b);
        c->remainder_cycles_per_iteration =
            incore_pass_cycles(&r->remainder_mca, &r->remainder, r, b, share, rem_ports) /
            r->remainder.source_iterations;
        rem_ls = rem_ports / r->remainder.source_iterations;
    } else if (r->mca.dependency_pct > r->mca.resource_pct ||
               r->mca.chain_floor_cycles > r->mca.cycles_per_iteration) {
        /* a chain through the iterations: a leftover one is a step of it */
        c->remainder_cycles_per_iteration = c->cycles_per_iteration;
        rem_ls = ls;
    } else {
        c->remainder_cycles_per_iteration = r->mca.cycles_per_iteration / lp->unroll;
        rem_ls = r->mca.load_store_cycles / lp->unroll;
    }
    double left = pl->trip > 0 ? fmod((double)pl->trip, per_pass) : 0;
    c->remainder_iterations = fmin(pl->entries * left, pl->executions);
    double main_iterations = pl->executions - c->remainder_iterations;
    c->entry_cycles = r->entry_cycles;
    c->cycles = main_iterations * c->cycles_per_iteration +
                c->remainder_iterations * c->remainder_cycles_per_iteration +
                pl->entries * c->entry_cycles;
    c->load_store_cycles = main_iterations * ls + c->remainder_iterations * rem_ls;
}

/* The assembly loop of l's lines, read with elements of element bytes, into *r. */
static incore_status incore_query(const lm_loop *l, unsigned element, const machine *m,
                                  const perf_options *opt, const incore_result **r,
                                  strbuf *why)
{
    char *source = incore_source_of(l->loc.file, opt->source_dir, why);
    if (!source)
        return INCORE_COMPILE_FAILED;
    unsigned last = incore_last_line(l, source, why);
    incore_request req = {source, opt->compile, l->loc.line, last,
                          element, opt->mcpu ? opt->mcpu : m->mcpu, opt->mca};
    incore_status s = last ? incore_analyze(&req, r, why) : INCORE_NO_LOOP;
    free(source);
    return s;
}

/* ---- unrolled inner loops: the enclosing loop's assembly (see the top) ---- */

static bool incore_within(const lm_loop *l, const lm_loop *e)
{
    for (; l; l = l->parent)
        if (l == e)
            return true;
    return false;
}

static perf_loop *incore_perf_loop(perf_nest *n, const lm_loop *l)
{
    for (size_t i = 0; i < n->nloops; i++)
        if (n->loops[i].loop == l)
            return &n->loops[i];
    return NULL;
}

/* Bytes the source stores per iteration of e: each write of an array in a loop of e's
 * subtree, times that loop's executions per execution of e. */
static double incore_stored_per_iteration(const perf_nest *n, const perf_loop *e)
{
    double bytes = 0;
    for (size_t i = 0; i < n->nloops && e->executions > 0; i++) {
        const perf_loop *pl = &n->loops[i];
        if (!incore_within(pl->loop, e->loop))
            continue;
        for (const lm_array_ref *a = pl->loop->array_refs; a; a = a->next) {
            double elem = (double)(a->elem_bytes ? a->elem_bytes : lm_datatype_size(a->datatype));
            for (const lm_access *x = a->accesses; x; x = x->next)
                bytes += (double)x->writes * elem * pl->executions / e->executions;
        }
    }
    return bytes;
}

/* The source iterations of a pass of loop lp that stores per_iteration bytes each: a
 * whole number of them, else 0. */
static double incore_passes_of(const incore_loop *lp, double per_iteration)
{
    double k = per_iteration > 0 ? lp->stored_bytes / per_iteration : 0;
    return k >= 1 && fabs(k - round(k)) <= 1e-6 * k ? round(k) : 0;
}

/* r re-read with the source iterations a pass its stores give, stored bytes a source
 * iteration (see the top), into *re; false when they are no whole number. */
static bool incore_by_stores(const incore_result *r, double stored, incore_result *re)
{
    *re = *r;
    re->loop.source_iterations = incore_passes_of(&r->loop, stored);
    if (re->loop.source_iterations == 0)
        return false;
    re->loop.unroll = re->loop.source_iterations / re->loop.lanes;
    re->cycles_per_source_iteration = r->mca.cycles_per_iteration / re->loop.source_iterations;
    re->remainder.source_iterations = incore_passes_of(&r->remainder, stored);
    re->has_remainder = r->has_remainder && re->remainder.source_iterations > 0 &&
                        re->remainder.source_iterations < re->loop.source_iterations;
    if (re->has_remainder)
        re->remainder_cycles_per_source_iteration =
            r->remainder_mca.cycles_per_iteration / re->remainder.source_iterations;
    return true;
}

/* r, found for e's lines, re-read with e's source iterations a pass (see the top) into
 * e's incore, and each loop of e's subtree marked as swallowed; false with why when the
 * stores do not say how many source iterations a pass covers. */
static bool incore_enclosing_fill(perf_nest *n, perf_loop *e, const incore_result *r,
                                  const machine_benchmarks *b, const char *compiler,
                                  strbuf *why)
{
    double stored = incore_stored_per_iteration(n, e);
    incore_result re;
    if (!incore_by_stores(r, stored, &re)) {
        strbuf_printf(why, "; the enclosing loop at %s:%u is one (%s), but its %g bytes "
                           "stored a pass are no whole number of its source iterations' %g",
                      fileio_basename(e->loop->loc.file), e->loop->loc.line, r->loop.label,
                      r->loop.stored_bytes, stored);
        return false;
    }
    for (size_t i = 0; i < n->nloops; i++)
        if (n->loops[i].loop != e->loop && incore_within(n->loops[i].loop, e->loop))
            n->loops[i].incore = (perf_incore){.used = true, .compiler = compiler,
                                               .enclosing = e->loop};
    incore_fill(e, &re, compiler, b);
    e->incore.enclosing = e->loop;
    return true;
}

/* Whether an array of l is walked one element an iteration of l in its fastest
 * dimension (a relative access whose dimension 0 follows l at scale 1): then the
 * assembly's step over the element is l's source iterations.  x[i][0] of double x[][2]
 * steps 16 bytes an i, which the element (8) would read as 2 iterations. */
static bool incore_walks_elements(const lm_loop *l)
{
    for (const lm_array_ref *a = l->array_refs; a; a = a->next)
        for (const lm_access *x = a->accesses; x; x = x->next)
            if (x->relative && x->ndims > 0 && (!x->order || x->norder == 0 || x->order[0] == 0) &&
                (!x->scale || x->scale[0] == 1))
                return true;
    return false;
}

/* One innermost loop analysed into pl->incore; the status, and why when not INCORE_OK.
 * A loop that walks no array element by element takes its source iterations a pass from
 * its stores, as an enclosing loop does (see the top); one that stores nothing keeps the
 * step's reading, the only one there is. */
static incore_status incore_loop_of(perf_nest *n, perf_loop *pl, const machine *m,
                                    const perf_options *opt, strbuf *why)
{
    unsigned element = incore_element_size(pl->loop);
    if (element == 0) {
        strbuf_printf(why, "the loop has no array of known element size, so the assembly's "
                           "induction step cannot be read as iterations");
        return INCORE_NO_LOOP;
    }
    const incore_result *r;
    incore_status s = incore_query(pl->loop, element, m, opt, &r, why);
    if (s != INCORE_OK)
        return s;
    incore_result re = *r;
    double stored = incore_stored_per_iteration(n, pl);
    if (!incore_walks_elements(pl->loop) && stored > 0 && !incore_by_stores(r, stored, &re)) {
        strbuf_printf(why, "the loop walks no array element by element, and the %g bytes "
                           "its assembly loop (%s) stores a pass are no whole number of its "
                           "source iterations' %g",
                      r->loop.stored_bytes, r->loop.label, stored);
        return INCORE_NO_LOOP;
    }
    incore_fill(pl, &re, opt->compile, &m->benchmarks);
    return INCORE_OK;
}

/* The outermost loop from e up whose lines give the same assembly loop as e's, r, and
 * whose source iterations a pass are whole (see the top); its result into *out. */
static perf_loop *incore_outermost_of(perf_nest *n, perf_loop *e, const incore_result *r,
                                      unsigned element, const machine *m,
                                      const perf_options *opt, const incore_result **out)
{
    *out = r;
    for (const lm_loop *l = e->loop; l != n->top && l->parent; l = l->parent) {
        perf_loop *p = incore_perf_loop(n, l->parent);
        strbuf tried = STRBUF_INIT;
        const incore_result *pr;
        bool same = p && incore_query(p->loop, element, m, opt, &pr, &tried) == INCORE_OK &&
                    !strcmp(pr->loop.label, r->loop.label) &&
                    incore_passes_of(&pr->loop, incore_stored_per_iteration(n, p)) > 0;
        strbuf_release(&tried);
        if (!same)
            break;
        e = p;
        *out = pr;
    }
    return e;
}

/* The innermost loop pl is no loop in the assembly (why says so): the nearest enclosing
 * loop of the nest that is one takes its place, with the loops between. */
static incore_status incore_enclosing_of(perf_nest *n, perf_loop *pl, const machine *m,
                                         const perf_options *opt, strbuf *why)
{
    unsigned element = incore_element_size(pl->loop);
    if (element == 0)
        return INCORE_NO_LOOP; /* why says so: no step is read without it */
    for (const lm_loop *l = pl->loop; l != n->top && l->parent; l = l->parent) {
        perf_loop *e = incore_perf_loop(n, l->parent);
        if (!e)
            break;
        strbuf tried = STRBUF_INIT;
        const incore_result *r;
        incore_status s = incore_query(e->loop, element, m, opt, &r, &tried);
        if (s != INCORE_OK && s != INCORE_NO_LOOP) {
            strbuf_release(why); /* llvm-mca missing or failing: that is the reason */
            strbuf_append(why, strbuf_cstr(&tried));
        }
        strbuf_release(&tried);
        if (s == INCORE_NO_LOOP)
            continue;
        if (s != INCORE_OK)
            return s;
        e = incore_outermost_of(n, e, r, element, m, opt, &r);
        if (!incore_enclosing_fill(n, e, r, &m->benchmarks, opt->compile, why))
            return INCORE_NO_LOOP;
        strbuf_release(why); /* the inner loop's reason no longer holds */
        return INCORE_OK;
    }
    strbuf_printf(why, "; nor is any loop enclosing it in the nest");
    return INCORE_NO_LOOP;
}

/* Whether an enclosing loop's assembly already covers l (its incore is used). */
static bool incore_swallowed(const perf_nest *n, const lm_loop *l)
{
    for (size_t i = 0; i < n->nloops; i++)
        if (n->loops[i].incore.used && n->loops[i].loop != l &&
            incore_within(l, n->loops[i].loop))
            return true;
    return false;
}

/* The nest's summary: the sums, and the description of its innermost loop with the most
 * cycles. */
static void incore_summarize(perf_nest *n)
{
    const perf_incore *most = NULL;
    double cycles = 0, ls = 0, left = 0;
    for (size_t i = 0; i < n->nloops; i++) {
        const perf_incore *c = &n->loops[i].incore;
        if (!c->used)
            continue;
        cycles += c->cycles;
        ls += c->load_store_cycles;
        left += c->remainder_iterations;
        if (!most || c->cycles > most->cycles)
            most = c;
    }
    n->incore = *most;
    n->incore.cycles = cycles;
    n->incore.load_store_cycles = ls;
    n->incore.remainder_iterations = left;
}

/* The nest keeps its estimate: why, said once at the loop (not at all where the caller
 * quiets what its first evaluation said: a sweep's later points). */
static void incore_fall_back(perf_nest *n, const lm_loop *at, const perf_options *opt,
                             const char *why)
{
    for (size_t i = 0; i < n->nloops; i++)
        n->loops[i].incore = (perf_incore){.compiler = opt->compile};
    n->incore = (perf_incore){.compiler = opt->compile, .fallback = mem_strdup(why)};
    if (opt->say != PERF_UNPREDICTED_QUIET)
        diag_at(DIAG_WARNING, at->loc.file, at->loc.line, at->loc.column,
                "the in-core time of this nest is the estimate from its counts, not from the "
                "compiled code: %s", why);
}

bool perf_incore_nest(perf_nest *n, const machine *m, const perf_options *opt, bool *mca_said)
{
    if (!opt->compile || n->nloops == 0)
        return true;
    strbuf why = STRBUF_INIT;
    const lm_loop *failed = NULL;
    bool ok = true, any = false;
    if (!m->benchmarks.present || m->benchmarks.clock_ghz <= 0) {
        strbuf_printf(&why, "the machine file has no clock (its benchmarks table's "
                            "clock_ghz) to turn cycles into seconds");
        failed = n->top;
    }
    for (size_t i = 0; i < n->nloops && !failed; i++) {
        perf_loop *pl = &n->loops[i];
        if (pl->loop->children || pl->did_not_run || incore_swallowed(n, pl->loop))
            continue;
        any = true;
        incore_status s = incore_loop_of(n, pl, m, opt, &why);
        if (s == INCORE_NO_LOOP)
            s = incore_enclosing_of(n, pl, m, opt, &why);
        if (s == INCORE_MCA_MISSING && !*mca_said) {
            diag_tool(DIAG_ERROR, "-compile: %s", strbuf_cstr(&why));
            *mca_said = true;
        }
        ok &= s != INCORE_MCA_MISSING;
        if (s != INCORE_OK)
            failed = pl->loop;
    }
    if (failed)
        incore_fall_back(n, failed, opt, strbuf_cstr(&why));
    else if (any)
        incore_summarize(n);
    strbuf_release(&why);
    return ok;
}

void perf_incore_share(perf_nest *n, const machine *m, unsigned cores)
{
    if (!n->incore.used)
        return;
    n->incore.seconds = n->incore.cycles / (m->benchmarks.clock_ghz * 1e9) / cores;
    n->incore.share = n->runtime_s > 0 ? fmin(1, n->incore.seconds / n->runtime_s) : 0;
}

void perf_incore_release(perf_incore *c)
{
    free(c->fallback);
    c->fallback = NULL;
}
