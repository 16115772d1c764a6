/* incore: the in-core time of a source loop from the code the compiler really generates.
 *
 * One C file is compiled to assembly with the user's compiler command (`-S -g` added), the
 * innermost loop's body is found in it by the compiler's line information, llvm-mca
 * (Debian's llvm-19) measures that body's steady-state throughput, and the cycles are
 * divided among the source iterations one pass of the assembly loop covers (its vector
 * width times its unroll factor, read from the induction step).  Kerncraft's LLVM-MCA
 * in-core model works the same way.  Part of perfmodel/ (README.md, "perfmodel").
 *
 * The steps are public one by one (incore_compile, incore_find_loop, incore_mca_run,
 * incore_mca_parse) so that each can be checked on its own, and incore_analyze does them
 * all, through a cache of the process: the assembly per (file, content, compiler command)
 * and each analysis per (file, content, command, lines, element size, -mcpu), so that a
 * second query costs nothing; and through a cache on disk, so that a second run costs
 * no compile either (incore_disk_hits).  What incore_analyze returns belongs to that cache and lives
 * until incore_cache_clear(); an incore_loop is the caller's, released with
 * incore_loop_release().  Nothing is printed: a failure is a status and a reason in the
 * caller's strbuf, which the caller reports (a nest falls back to the model's estimate).
 * The cache is guarded by a mutex: threads may query at once, answered one at a time.
 *
 * No shell is ever involved: the compiler command is split into words at blanks (spaces
 * and tabs) and nothing else, so `;`, `|`, `$(...)`, `>`, quotes and `*` stay literal
 * characters of their words and reach the compiler as such. */
#ifndef AITOOL_INCORE_H
#define AITOOL_INCORE_H

#include <stdbool.h>

#include "strbuf.h"

/* The llvm-mca program run when the request names none, and the package providing it. */
#define INCORE_MCA_PROGRAM "llvm-mca-19"
#define INCORE_MCA_PACKAGE "llvm-19"
/* Iterations llvm-mca simulates: the pipeline's fill and drain (some tens of cycles) are
 * then about 1% of the total for a loop of a cycle or more a pass. */
#define INCORE_MCA_ITERATIONS 1000

typedef enum incore_status {
    INCORE_OK,
    INCORE_COMPILE_FAILED, /* the compiler could not be run or failed: its message in why */
    INCORE_NO_LOOP,        /* no loop of those lines in the assembly, or its step unknown */
    INCORE_MCA_MISSING,    /* llvm-mca is not installed: why names the package */
    INCORE_MCA_FAILED,     /* llvm-mca failed or printed what could not be read */
} incore_status;

/* The loop found in the assembly: its instructions as the compiler wrote them, one per
 * line, and what they tell of the source loop. */
typedef struct incore_loop {
    char *body;                /* the instructions, from the loop's label to its branch */
    unsigned instructions;
    char label[64];            /* the label the backward branch goes to */
    long long step_bytes;      /* bytes an address advances per pass (0: not found) */
    double source_iterations;  /* source iterations per pass of the assembly loop */
    bool vectorized;           /* packed floating-point instructions (..pd, ..ps) */
    unsigned vector_bits;      /* the widest register they use: 128, 256, 512; 0 scalar */
    unsigned lanes;            /* vector_bits over the element's bits; 1 scalar */
    double unroll;             /* source_iterations / lanes */
    /* bytes a pass stores, other than to the stack: what an enclosing loop's source
     * iterations a pass are read from when its inner loops were unrolled into it */
    double stored_bytes;
    /* a floating-point add or subtract among the instructions: only a chain of those runs
     * at the add latency (incore_chain_cycles is given 0 for a loop without); a fused
     * multiply-add's latency is not the add's */
    bool adds;
    /* scalar double divides (divsd, vdivsd) among the instructions: what the machine's
     * measured divide throughput rescales (perf_incore.c) */
    unsigned divides;
    /* elements the gather instructions (vgatherdpd, vpgatherdd, ...) among them load a
     * pass: each one's destination register over its element, one load each on the load
     * ports (perf_incore.c, "Gathers") */
    unsigned gathered;
} incore_loop;

/* What llvm-mca printed for one loop body. */
typedef struct incore_mca {
    unsigned iterations;
    double total_cycles;
    double cycles_per_iteration;   /* total_cycles / iterations */
    double block_rthroughput;
    char bottleneck[128];          /* the most loaded resources, ", " between equal ones */
    double bottleneck_cycles;      /* their pressure per iteration, in cycles */
    /* The pressure per iteration of the most loaded load/store resource (a load or store
     * port, address unit or load/store queue: incore_mca.c names them), in cycles. */
    double load_store_cycles;
    /* -bottleneck-analysis: the share of cycles with backend pressure increase, and of
     * those the shares due to resources and to data dependencies (-1: not printed) */
    double pressure_increase_pct, resource_pct, dependency_pct;
    /* The cycles a pass of a chain that llvm-mca underrates; 0: none.  A chain through a
     * register move it eliminates (incore_move_chain): llvm-mca lets the move's readers
     * start before the value it copies is ready.  And a chain through an instruction that
     * folds a load (incore_unfold_carried): llvm-mca 19's Zen 4 model reads its register
     * operand as late as the load is ready, which cancels maxsd's latency; the loop run
     * again with those loads unfolded gives the cycles. */
    double chain_floor_cycles;
    /* Micro-ops an iteration over the dispatch width (Total uOps over Iterations, over
     * Dispatch Width): the cycles the front end gives it; 0 when not printed. */
    double dispatch_cycles;
    /* The cycles per iteration of the body with its 512-bit registers named as 256-bit
     * ones (incore_zmm_as_ymm): the same instructions and dependencies on a model that
     * runs them at full rate, where its 512-bit ones are double pumped (llvm-mca 19's Zen
     * 4); 0 when the body has no zmm register, the loop is chain-bound (what the width
     * changes is no part of its pace: perf_incore.c) or llvm-mca takes no such body. */
    double ymm_cycles;
} incore_mca;

/* One question: the innermost loop of source at lines first_line..last_line (its header
 * and the last line of its body) compiled with compiler. */
typedef struct incore_request {
    const char *source;
    const char *compiler;   /* "cc -O2 -march=native" */
    unsigned first_line, last_line;
    unsigned element_size;  /* bytes of an element of the loop's main array */
    const char *mcpu;       /* llvm-mca's -mcpu; NULL: native */
    const char *mca;        /* the llvm-mca program; NULL: INCORE_MCA_PROGRAM */
} incore_request;

typedef struct incore_result {
    char *compiler;         /* the command as given */
    incore_loop loop;
    incore_mca mca;
    double cycles_per_source_iteration;
    /* The compiler's remainder loop of the same lines (fewer source iterations a pass than
     * the main loop, incore_find_remainder), measured the same way; when there is none,
     * has_remainder is false and the caller estimates the leftover iterations. */
    bool has_remainder;
    incore_loop remainder;
    incore_mca remainder_mca;
    double remainder_cycles_per_source_iteration;
    /* llvm-mca's latency of a scalar double add for the request's -mcpu (incore_mca_add_latency),
     * which a chain-bound loop's cycles are scaled by (incore_chain_cycles); 0: unknown. */
    double mca_add_latency;
    /* llvm-mca's reciprocal throughput of a scalar double divide (divsd) for the request's
     * -mcpu (incore_mca_divide_cycles), asked for a loop with divides; 0: none asked. */
    double mca_divide_cycles;
    /* llvm-mca's cycles per independent vaddpd on 256- and 512-bit registers for the
     * request's -mcpu (incore_mca_add_throughput), asked for a loop with zmm registers:
     * where a pass's cycles sit between its ymm_cycles and llvm-mca's (perf_incore.c,
     * "512-bit instructions at the machine's rate"); 0: none asked. */
    double mca_ymm_add_cycles, mca_zmm_add_cycles;
    /* The cycles of the code run once an entry of the loop (incore_find_entry_code):
     * its micro-ops at the dispatch width, never above llvm-mca's cycles for it alone
     * (perf_incore.c, "Code an entry"); 0: none found or measured */
    double entry_cycles;
    unsigned entry_instructions;
} incore_result;

/* Splits command into words at blanks; *words and each word are to free(), through
 * incore_words_free.  Returns the number of words. */
unsigned incore_split_words(const char *command, char ***words);
void incore_words_free(char **words, unsigned n);

/* Compiles source with command plus `-S -g -o TMP.s` in a private temporary directory;
 * the assembly into *assembly.  On failure why says what the compiler said. */
incore_status incore_compile(const char *command, const char *source, strbuf *assembly,
                             strbuf *why);

/* Finds in assembly the loop of source's lines first_line..last_line: a backward branch to
 * a label whose instructions up to the branch come, by the `.loc` lines of source, from
 * those lines only (other files' lines, inlined, are allowed) and hold no loop of their
 * own (lines that span a nest give its innermost loop; lines of a loop whose inner loops
 * were unrolled away give it); of several, the one whose pass advances the most bytes
 * (the main loop, not a remainder or epilogue loop), of equal steps the one with the most
 * instructions.  Then its step, its stored bytes and vector width
 * for elements of element_size bytes (the rule and its limits: loop_step_bytes in
 * incore_asm.c). */
incore_status incore_find_loop(const char *assembly, const char *source, unsigned first_line,
                               unsigned last_line, unsigned element_size, incore_loop *out,
                               strbuf *why);
void incore_loop_release(incore_loop *l);

/* The remainder loop of main_loop, found as incore_find_loop finds it: another loop of
 * those lines whose pass covers fewer source iterations (the scalar or narrower loop the
 * compiler runs the iterations left over after the whole passes); of several, the one
 * with the most instructions.  False when there is none (a remainder unrolled into
 * straight-line code, or none needed). */
bool incore_find_remainder(const char *assembly, const char *source, unsigned first_line,
                           unsigned last_line, unsigned element_size,
                           const incore_loop *main_loop, incore_loop *out);

/* The code the compiler runs once an entry of inner (a loop incore_find_loop found in
 * assembly): the instructions of the innermost assembly loop around it that lie outside
 * it and run on every entry, one per line into out, their number in *instructions.
 * Those are the enclosing loop's from its label to inner's, those from inner's backward
 * branch to the next jump (the test whether iterations are left over), and those from the
 * enclosing loop's last label to its backward branch (its own increment and test),
 * less any of a loop of their own.  The blocks between, which only some entries run (the
 * leftover iterations, peeled or unrolled: what the remainder rule charges), are not
 * taken.  False when there is no enclosing loop or no such instruction. */
bool incore_find_entry_code(const char *assembly, const char *source,
                            const incore_loop *inner, strbuf *out, unsigned *instructions);

/* Runs program (NULL: INCORE_MCA_PROGRAM) with -mcpu=mcpu (NULL: native), iterations and
 * -bottleneck-analysis on body; its report into *report. */
incore_status incore_mca_run(const char *program, const char *mcpu, unsigned iterations,
                             const char *body, strbuf *report, strbuf *why);
/* Reads llvm-mca's report; false (why says what is missing) when it is not one. */
bool incore_mca_parse(const char *report, incore_mca *out, strbuf *why);

/* The longest chain a pass through a register-to-register move of latency 0 (one llvm-mca
 * eliminates): from the move's destination, read in the next pass before any write to
 * it, through the instructions reading it, to the move's source, each at its latency
 * (llvm-mca's, latency[k] for insns[k]); 0 when there is none, or when it goes through an
 * instruction with a memory operand (whose latency counts the load).  GCC's -O2 vmax loop
 * (maxsd %xmm0, %xmm1; movapd %xmm1, %xmm0) is such a chain of maxsd's 2 cycles, which
 * llvm-mca 19 runs at 1 a pass. */
double incore_move_chain(char *const *insns, const double *latency, unsigned n);

/* The loop body with each arithmetic instruction that folds a load into a register
 * carried from pass to pass (maxsd (%rdx), %xmm0: add, sub, mul, div, min or max on
 * sd, ss, pd or ps, SSE's two-operand form or VEX's with the destination as its first
 * source, its register written by no other instruction of the body) split into the load,
 * to a vector register the body does not use, and the instruction on that register:
 * movsd (%rdx), %xmm15; maxsd %xmm15, %xmm0.  False, *out untouched, when there is none
 * (or no free register).  llvm-mca 19's Zen 4 model reads such an instruction's register
 * operand as late as its load is ready: the chain through maxsd (%rdx), %xmm0 costs
 * nothing there (1.01 cycles a pass) where the core takes maxsd's 2 cycles, as llvm-mca
 * does for the unfolded form. */
bool incore_unfold_carried(const char *body, strbuf *out);

/* The latency llvm-mca gives a scalar double add (addsd) on -mcpu=mcpu: the cycles per
 * iteration of a loop of one addsd that depends on the one before, as the difference of
 * two runs of INCORE_MCA_ITERATIONS and twice that many iterations, so that the
 * pipeline's fill and drain (3 cycles a run) cancel.  0 on failure. */
incore_status incore_mca_add_latency(const char *program, const char *mcpu, double *cycles,
                                     strbuf *why);

/* llvm-mca's cycles per instruction of a block of 8 independent vaddpd on registers of
 * bits (256 or 512) on -mcpu=mcpu: its Block RThroughput over 8 (one run of llvm-mca).
 * llvm-mca 19's Zen 4 model (-mcpu=native on Zen 5) gives 0.5 at 256 bits and 1.0 at 512
 * (double pumped).  0 on failure (znver3 has no 512-bit add). */
incore_status incore_mca_add_throughput(const char *program, const char *mcpu, unsigned bits,
                                        double *cycles, strbuf *why);

/* body with every 512-bit register (%zmmN) named as the 256-bit one (%ymmN) into out;
 * false, out untouched, when body has none.  An instruction with no 256-bit form
 * (vextractf64x4 from a zmm) makes a body llvm-mca rejects. */
bool incore_zmm_as_ymm(const char *body, strbuf *out);

/* The reciprocal throughput llvm-mca gives a scalar double divide (divsd) on -mcpu=mcpu:
 * the Block RThroughput of a block of one divsd (5 cycles on znver4, 4 on
 * skylake-avx512).  0 on failure. */
incore_status incore_mca_divide_cycles(const char *program, const char *mcpu, double *cycles,
                                       strbuf *why);

/* The cycles per pass of a loop whose llvm-mca report is mca, on a core whose measured add
 * latency is add_latency where llvm-mca's is mca_add_latency: when llvm-mca finds the loop
 * bound by data dependencies more than by resources and its cycles per iteration exceed
 * its resource bound (the larger of Block RThroughput and the most loaded resource's
 * pressure), the chain of adds sets its pace, and the cycles scale by add_latency /
 * mca_add_latency, never below the resource bound; else llvm-mca's cycles as they are.
 * llvm-mca 19 has no Zen 5 model and takes -mcpu=native on Zen 5 as Zen 4 (an add of 3
 * cycles, 2 measured).  A latency <= 0 (unknown) leaves the cycles as they are.  The
 * cycles are never below mca's chain_floor_cycles, and a loop whose chain floor exceeds
 * llvm-mca's cycles is chain-bound, scaled the same way. */
double incore_chain_cycles(const incore_mca *mca, double mca_add_latency, double add_latency);

/* A pass's resource bound in mca: the larger of Block RThroughput and the most loaded
 * resource's pressure, in cycles. */
double incore_resource_bound(const incore_mca *mca);
/* Whether mca's loop is bound by a chain through its passes (data dependencies more than
 * resources, or its chain through an eliminated move above llvm-mca's cycles), its
 * cycles above its resource bound: the loops incore_chain_cycles scales. */
bool incore_chain_bound(const incore_mca *mca);

/* The last line of the loop statement whose keyword (for, while, do) is at line and
 * column of the C text (column 1: the line's first loop keyword); 0 when the text holds
 * no whole loop there (the rule and its limit: incore_src.c). */
unsigned incore_loop_last_line(const char *text, unsigned line, unsigned column);

/* All the steps, through the cache; *out points into the cache (see the top). */
incore_status incore_analyze(const incore_request *req, const incore_result **out,
                             strbuf *why);
/* Queries answered from the cache of the process since the last incore_cache_clear, and
 * of the others those answered from the disk cache of earlier runs (its directory:
 * $AITOOL_CACHE_DIR, else $XDG_CACHE_HOME/aitool/incore, else ~/.cache/aitool/incore;
 * keyed by the file's path and content, the command, the lines, the element size, -mcpu
 * and the llvm-mca program; a header the file includes is not in the key). */
unsigned incore_cache_hits(void);
unsigned incore_disk_hits(void);
void incore_cache_clear(void);

#endif
