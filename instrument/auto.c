/* Automatic instrumentation: every loop measured exactly, no markers.
 *
 * It walks no AST: it goes over each function's statement record, which the
 * analyzer's walk made (loop_stmt.h): the statements, conditions, loop
 * header parts and operands of ?:, && and ||, where each is written, the
 * loop of each loop statement, and the FP operations written in each node.
 *
 * Segments.  An FP operation runs as many times as the straight-line stretch
 * of code it is in, so the copy counts stretches, not operations.  A segment
 * is code that always runs the same number of times: it starts where control
 * can arrive other than by falling through (a loop body, an arm of if/else,
 * a case or label, the statement after one that can jump away, the operand
 * of ?:, && or || that may not be evaluated, a loop condition or increment,
 * a statement under an OpenMP directive) and gets a counter incremented at
 * its start when it has anything to count.  At exit each counter is
 * multiplied by what its segment holds: FP operations by kind for the level
 * they belong to (the innermost loop whose body they are in, or outside
 * loops), the iterations of a loop (a loop body's first segment runs once
 * per iteration), the entries of the loops whose statements it contains.
 * A `break`, `continue`, `return` or `goto` only ends segments, so every
 * count is exact whatever the control flow.  Calls count where the callee's
 * code is, as the callee's own segments, when that code is in this file.
 * A callee whose body is elsewhere in the unit (a header's inline function,
 * a C++ member defined in its class, a template instance of a header) is
 * never rewritten: the call's node holds the static count's summary of one
 * execution of it (loop_stmt.h), less what the functions of this file it
 * calls do in their own segments, so its segment counts it once per call.
 * The summary is exact for straight-line code; for a callee with loops or
 * branches it is the static estimate, and a warning at the call says so.
 *
 * Where counters live.  Counters of the code in a loop nest (a loop outside
 * any loop, with everything inside it and its own header) are locals of a
 * block the copy wraps around the nest; the compiler keeps them in
 * registers, so a hot loop pays an increment and nothing else.  When the nest
 * ends, and before a `return`, a `goto` out of it or a call to exit(), they
 * are added to the thread's counters (aitool_here).  Counters outside loops
 * are added to the thread's counters directly (AITOOL_HIT).  Each thread has
 * its own counters, summed at exit, so nothing is shared but the list of
 * them.
 *
 * OpenMP.  The wrapper block goes before a loop's `#pragma omp` lines, so
 * that the directive still stands directly before its loop, also across
 * #if lines between them (NPB's LU), and before an `#ifdef _OPENMP` whose
 * group holds the directive, so that it opens with or without -fopenmp.  A
 * directive that runs code in several threads or SIMD lanes (parallel,
 * simd, taskloop, teams) inside a nest gets `reduction(+: ...)` for the
 * nest's counters used under it, so each thread counts privately and the
 * sums meet at its end; a worksharing `for` in a parallel region needs
 * nothing, as the nest's block is inside the region then and private.
 * Nests that cannot be instrumented are left as written, with a warning:
 * `collapse`d or `ordered(n)` loops (nothing may come between them), a
 * computed goto.
 *
 * Time.  The nest's block also reads the clock where it starts and adds
 * the time since to its first loop (aitool_time) wherever it hands the
 * counters over, so that no clock is read inside a loop of the nest.  When
 * the copy is made with AITOOL_TIME=all in the environment, each loop
 * inside it gets a block of its own that does the same through
 * aitool_clock_all and aitool_time_all, which only read the clock under
 * AITOOL_TIME=all at run time; a `break` leaves the loop into its block, and
 * a return, goto or exit() leaving such loops hands their times over first.
 * Without it those blocks are not written: even untaken, they around an
 * inner loop cost a memory-bound triad 11% (bench/README.md).  A nest a jump
 * enters is not timed: the jump would skip the clock's read.
 *
 * Jumps into loops.  A goto to a label inside a loop from outside it, or a
 * case label inside a loop whose switch is outside it (a coroutine's
 * resumption), enters the loop in the middle: an entry of each loop it
 * comes into, counted in the goto's segment or in the one the case label
 * starts (a fall into the label goes around an increment of its own
 * there); an iteration is still a start of the body from its top.  A nest
 * a jump enters from outside counts in the thread's counters directly, as
 * the jump would skip the initialization of its locals.
 *
 * Macros.  A use that makes whole statements with loops or branches in
 * them is written out in the copy first (expand.c), before the function is
 * visited, so that its statements have places like any other.  Other code
 * a macro produced cannot be edited, but a statement or
 * operand that only starts or ends in a macro's use (`A[i] = x / SV(9.0)`,
 * `i < _PB_NI`) is edited at the ends of the use as any other
 * (source_node_range), and a statement one use makes whole (`CHECK(x);` as
 * a loop's body) gets its segment around the use (source_macro_statement).
 * A statement from a macro counts in the segment around it as if it ran
 * once per segment (exact for the usual do { } while (0)); a conditional
 * inside it is counted as if all of it ran, and a loop test or step that
 * ends inside one in any other way counts once per entry; a warning says so
 * when that changes a count.  A jump inside one
 * (bzip2's GET_BITS returns through a goto) ends its segment like any
 * other: what follows the macro gets a counter of its own. */
#include "auto.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "costs.h"
#include "diag.h"
#include "edits.h"
#include "expand.h"
#include "instances.h"
#include "loop_model.h"
#include "loop_stmt.h"
#include "measured.h"
#include "mem.h"
#include "source.h"
#include "strbuf.h"

/* What a counter's value is multiplied into (the columns of aitool_rows). */
enum { FIELD_ENTRIES = LM_FP_NCLASSES, FIELD_ITERATIONS, NFIELDS };

typedef struct row {
    unsigned counter;
    int loop; /* -1: outside loops */
    int field;
    unsigned long amount;
} row;

typedef struct omp_pragma {
    size_t hash, end; /* the '#', and the end of the directive's last line */
    bool parallel;    /* runs code in several threads or lanes: needs reduction */
    bool nested_form; /* collapse(n > 1) or ordered(n): the loops must stay as written */
    bool binds_loop;  /* for, simd, taskloop, distribute, loop: its loop's header too */
    bool atomic;      /* its statement must follow it directly */
} omp_pragma;

typedef struct segment segment;
struct segment {
    segment *parent; /* where a segment that cannot be placed counts instead */
    int level;
    bool local;      /* a nest counter, or a thread counter outside loops */
    bool expr;       /* an operand: `(inc, e)` */
    bool placed;     /* its edits exist */
    size_t open_edit, close_edit; /* SIZE_MAX: none */
    bool wrap;       /* a lone statement, braced */
    bool at_line_start;
    bool after_brace; /* placed after `{` or a declaration, not before a statement */
    lm_fp_counts fp;
    unsigned long ops[LM_OP_NCLASSES]; /* -simon-clock: the operations it holds */
    int iterations_of;
    int *entries;
    size_t nentries;
    const lm_stmt **jumps_into; /* loops a jump at its end enters (by statement) */
    size_t njumps_into;
};

typedef struct nest {
    unsigned first;        /* its counters are first .. ncounters - 1 */
    size_t begin, end;     /* its extent */
    size_t *flush_edits;   /* placeholders for the additions before leaving */
    size_t nflush;
    size_t *reduce_edits;  /* placeholders for reduction clauses, and their ranges */
    unsigned *reduce_from, *reduce_to;
    size_t nreduce;
    size_t wrap_open, wrap_close;
    bool root_pending;     /* its loop statement is yet to be visited */
    bool direct;           /* a jump enters it: counters are the thread's */
    bool reentered;        /* its block opens at a label a goto in it goes back to */
    const char *problem;   /* why it cannot be instrumented */
    unsigned problem_line, problem_col;
} nest;

/* A goto or a case label and the loops a jump to its label enters. */
typedef struct jump {
    const lm_stmt *at;
    const lm_stmt **into;
    size_t ninto;
} jump;

/* A counter whose every increment enters a loop known by its statement:
 * a row once the loop has its number (the function's end). */
typedef struct entry_by_jump {
    unsigned counter;
    const lm_stmt *loop;
} entry_by_jump;

/* A C++ template's instances (instances.c): their keys, and where each
 * one's counters and loops are from the first's. */
typedef struct template_group {
    instance_key *keys;
    unsigned *counter_offsets, *loop_offsets;
    size_t n;
    unsigned first_counter, ncounters; /* the first instance's */
    size_t first_loop, nloops;
} template_group;

typedef struct autoi {
    source *s;
    const char *function;
    lm_loop **loops;      /* the measured loops, numbered as the runtime's table */
    const lm_stmt **loop_stmts; /* their statements, likewise */
    size_t nloops, loops_cap, function_loops; /* the function's first loop */
    row *rows;
    size_t nrows, rows_cap;
    unsigned ncounters;
    omp_pragma *pragmas;
    size_t npragmas;
    jump *jumps;          /* the function's jumps that enter loops */
    size_t njumps;
    entry_by_jump *by_jump;
    size_t nby_jump;
    size_t *kept_uses;     /* macro uses left as written, warned of at the use */
    size_t nkept;
    nest *nest;            /* the nest being visited, or NULL */
    const lm_stmt *body;   /* the function's being visited */
    const op_costs *clock; /* -simon-clock: each segment advances the clock by its cost */
    bool time_all;         /* AITOOL_TIME=all when the copy is made: each loop's block */
    unsigned char *timed;  /* by loop: 1 a nest's own, 2 under AITOOL_TIME=all, 0 never */
    size_t *inside;        /* by loop: how many loops inside it follow it in the table */
    int *open_timed;       /* the loops of the nest being visited whose times run */
    size_t nopen_timed;
    bool cxx;              /* C++: a nest's counters are handed over when an exception leaves it */
    bool nothrow;          /* the function visited cannot throw: its nests need no handler */
    /* In a template's code, added to each counter's and loop's number: the
     * offsets of the instance that runs it (instances.c); else "". */
    const char *counter_offset, *loop_offset;
    /* A template's code (instances.c): a segment has a counter when it has
     * work in any instance.  Segments are numbered as they end, the same in
     * every instance's visit; the first visits collect which have work. */
    enum { WORK_OWN, WORK_COLLECT, WORK_ANY } work_mode;
    bool *work;
    size_t nwork, segment_no;
    template_group *groups;
    size_t ngroups;
} autoi;

static const char *edit_text_empty = "";

static void auto_warn(autoi *ai, const lm_stmt *c, const char *msg)
{
    diag_at(DIAG_WARNING, ai->s->path, c->line, c->col, "%s", msg);
}

static void set_edit_text(autoi *ai, size_t index, const char *text)
{
    edit *e = &ai->s->edits.v[index];
    free(e->text);
    e->text = mem_strdup(text);
}

static size_t placeholder(autoi *ai, size_t offset, edit_kind kind)
{
    edits_insert(&ai->s->edits, offset, kind, edit_text_empty);
    return ai->s->edits.n - 1;
}

/* ---- OpenMP directives ------------------------------------------------ */

static bool word_at(const char *s, size_t len, size_t i, const char *w)
{
    size_t n = strlen(w);
    return i + n <= len && !strncmp(s + i, w, n);
}

static size_t skip_blanks(const char *s, size_t len, size_t i)
{
    while (i < len && (s[i] == ' ' || s[i] == '\t'))
        i++;
    return i;
}

static bool directive_has_word(const char *s, size_t from, size_t to, const char *w)
{
    size_t n = strlen(w);
    for (size_t i = from; i + n <= to; i++) {
        bool start = i == from || !(s[i - 1] == '_' || (s[i - 1] >= 'a' && s[i - 1] <= 'z'));
        bool stop = i + n == to || !(s[i + n] == '_' || (s[i + n] >= 'a' && s[i + n] <= 'z'));
        if (start && stop && !strncmp(s + i, w, n))
            return true;
    }
    return false;
}

/* collapse(n) with n > 1, or ordered(n): the loop nest is one construct. */
static bool directive_binds_loops(const char *s, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++) {
        if (word_at(s, to, i, "collapse")) {
            size_t k = skip_blanks(s, to, i + 8);
            if (k < to && s[k] == '(') {
                long n = strtol(s + k + 1, NULL, 10);
                if (n != 1)
                    return true;
            }
        }
        if (word_at(s, to, i, "ordered")) {
            size_t k = skip_blanks(s, to, i + 7);
            if (k < to && s[k] == '(')
                return true;
        }
    }
    return false;
}

static void scan_pragmas(autoi *ai)
{
    const source *s = ai->s;
    size_t cap = 0;
    for (size_t line = 0; line < s->len;) {
        size_t i = skip_blanks(s->text, s->len, line), end = line;
        while (end < s->len && (s->text[end] != '\n' || (end > 0 && s->text[end - 1] == '\\')))
            end++;
        if (i < s->len && s->text[i] == '#') {
            size_t k = skip_blanks(s->text, s->len, i + 1);
            if (word_at(s->text, s->len, k, "pragma")) {
                k = skip_blanks(s->text, s->len, k + 6);
                if (word_at(s->text, s->len, k, "omp") && k + 3 < s->len &&
                    (s->text[k + 3] == ' ' || s->text[k + 3] == '\t')) {
                    if (ai->npragmas == cap) {
                        cap = cap ? cap * 2 : 8;
                        ai->pragmas = mem_realloc(ai->pragmas, cap * sizeof *ai->pragmas);
                    }
                    size_t stop = end > 0 && s->text[end - 1] == '\r' ? end - 1 : end;
                    bool threads = directive_has_word(s->text, k, stop, "parallel") ||
                                   directive_has_word(s->text, k, stop, "taskloop") ||
                                   directive_has_word(s->text, k, stop, "teams");
                    bool simd_alone = directive_has_word(s->text, k, stop, "simd") &&
                                      !directive_has_word(s->text, k, stop, "for") &&
                                      !directive_has_word(s->text, k, stop, "distribute");
                    ai->pragmas[ai->npragmas++] = (omp_pragma){
                        .hash = i, .end = stop, .parallel = threads || simd_alone,
                        .nested_form = directive_binds_loops(s->text, k, stop),
                        .binds_loop = directive_has_word(s->text, k, stop, "for") ||
                                      directive_has_word(s->text, k, stop, "simd") ||
                                      directive_has_word(s->text, k, stop, "taskloop") ||
                                      directive_has_word(s->text, k, stop, "distribute") ||
                                      directive_has_word(s->text, k, stop, "loop"),
                        .atomic = directive_has_word(s->text, k, stop, "atomic")};
                }
            }
        }
        line = end + 1;
    }
}

/* The directive written directly before offset `at` (the last one before
 * it, when only preprocessor lines come between), or -1. */
static long pragma_before(const autoi *ai, size_t at)
{
    size_t lo = 0, hi = ai->npragmas;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (ai->pragmas[mid].end <= at)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0 || !source_directive_reaches(ai->s, ai->pragmas[lo - 1].end, at))
        return -1;
    return (long)(lo - 1);
}

/* Where a statement starts, with the directives written over it and the
 * conditionals they are in. */
static size_t stmt_begin(const autoi *ai, size_t begin)
{
    size_t first = begin;
    for (long p = pragma_before(ai, begin); p >= 0; p = pragma_before(ai, first))
        first = ai->pragmas[p].hash;
    return first == begin ? begin : source_directives_start(ai->s, first, begin);
}

/* ---- counters and rows -------------------------------------------------- */

static void add_row(autoi *ai, unsigned counter, int loop, int field, unsigned long amount)
{
    if (ai->nrows == ai->rows_cap) {
        ai->rows_cap = ai->rows_cap ? ai->rows_cap * 2 : 64;
        ai->rows = mem_realloc(ai->rows, ai->rows_cap * sizeof *ai->rows);
    }
    ai->rows[ai->nrows++] = (row){counter, loop, field, amount};
}

/* -simon-clock: the nanoseconds of a segment's operations. */
static unsigned long long segment_cost(const autoi *ai, const segment *g)
{
    unsigned long long ns = 0;
    for (int k = 0; k < LM_OP_NCLASSES; k++)
        ns += g->ops[k] * ai->clock->ns[k];
    return ns;
}

static bool segment_has_work(const autoi *ai, const segment *g)
{
    if (ai->clock)
        return segment_cost(ai, g) > 0;
    for (int k = 0; k < LM_FP_NCLASSES; k++)
        if (g->fp.n[k])
            return true;
    return g->iterations_of >= 0 || g->nentries > 0 || g->njumps_into > 0;
}

static void segment_note_entry(segment *g, int loop)
{
    g->entries = mem_realloc(g->entries, (g->nentries + 1) * sizeof *g->entries);
    g->entries[g->nentries++] = loop;
}

/* An entry into the loop of statement `loop` each time g runs; the loop
 * may not have its number yet (a goto before it) or lose it (its nest
 * left as written), so it is named by its statement until the end. */
static void segment_note_jump(segment *g, const lm_stmt *loop)
{
    g->jumps_into = mem_realloc(g->jumps_into, (g->njumps_into + 1) * sizeof *g->jumps_into);
    g->jumps_into[g->njumps_into++] = loop;
}

/* A segment whose counter could not be placed counts in the one around it. */
static segment *segment_host(segment *g)
{
    while (g && !g->placed)
        g = g->parent;
    return g;
}

/* What code written in a node does, counted where it runs. */
static void segment_count(segment *g, const lm_fp_counts *fp, const unsigned long *ops)
{
    segment *h = segment_host(g);
    if (!h)
        return;
    for (int k = 0; k < LM_FP_NCLASSES; k++)
        h->fp.n[k] += fp->n[k];
    for (int k = 0; k < LM_OP_NCLASSES; k++)
        h->ops[k] += ops[k];
}

/* Inside a nest every counter is one of its locals, unless a jump enters
 * the nest: a local's initialization would be skipped by the jump. */
static bool counts_locally(const autoi *ai)
{
    return ai->nest && !ai->nest->direct;
}

static void segment_init(segment *g, segment *parent, int level, bool local)
{
    memset(g, 0, sizeof *g);
    g->parent = parent;
    g->level = level;
    g->local = local;
    g->iterations_of = -1;
    g->open_edit = g->close_edit = SIZE_MAX;
}

/* A segment that starts before the statement at [begin, end), and before
 * the directives written over it unless it is to run under them. */
static void segment_place_stmt(autoi *ai, segment *g, size_t begin, size_t end, bool wrap,
                               bool under_pragmas)
{
    if (!under_pragmas) {
        size_t first = stmt_begin(ai, begin);
        g->at_line_start = first != begin;
        begin = first;
    }
    g->open_edit = placeholder(ai, begin, EDIT_OPEN);
    if (wrap)
        g->close_edit = placeholder(ai, end, EDIT_CLOSE);
    g->wrap = wrap;
    g->placed = true;
}

static void segment_place_expr(autoi *ai, segment *g, const lm_stmt *e)
{
    size_t begin, end;
    if (!source_node_range(ai->s, e, &begin, &end))
        return;
    g->expr = true;
    g->open_edit = placeholder(ai, begin, EDIT_OPEN);
    g->close_edit = placeholder(ai, end, EDIT_CLOSE);
    g->placed = true;
}

static unsigned new_counter(autoi *ai)
{
    return ai->ncounters++;
}

/* The end of a segment: its counter and rows if it has work, its edits. */
/* -simon-clock: the segment advances the task's clock by its cost. */
/* The placed segment's start does `inc` (a counter's increment, the
 * clock's advance): a statement, or `(inc, e)` around an operand. */
static void segment_write(autoi *ai, const segment *g, const char *inc)
{
    strbuf open = STRBUF_INIT;
    if (g->expr)
        strbuf_printf(&open, "(%s, ", inc);
    else
        strbuf_printf(&open, "%s%s%s;%s", g->wrap ? "{ " : "", g->after_brace ? " " : "", inc,
                      g->at_line_start ? "\n" : g->after_brace ? "" : " ");
    set_edit_text(ai, g->open_edit, strbuf_cstr(&open));
    if (g->close_edit != SIZE_MAX)
        set_edit_text(ai, g->close_edit, g->expr ? ")" : " }");
    strbuf_release(&open);
}

static void segment_finish_clock(autoi *ai, segment *g)
{
    if (!g->placed || !segment_has_work(ai, g))
        return;
    char inc[48];
    snprintf(inc, sizeof inc, "simon_advance(%llu)", segment_cost(ai, g));
    segment_write(ai, g, inc);
}

/* Whether placed segment g gets a counter: its work, or in a template's
 * code any instance's (work_mode). */
static bool segment_works(autoi *ai, const segment *g)
{
    bool work = segment_has_work(ai, g);
    if (ai->work_mode == WORK_OWN)
        return work;
    size_t k = ai->segment_no++;
    if (ai->work_mode == WORK_ANY)
        return k < ai->nwork && ai->work[k];
    if (k >= ai->nwork) {
        ai->work = mem_realloc(ai->work, (k + 1) * sizeof *ai->work);
        memset(ai->work + ai->nwork, 0, (k + 1 - ai->nwork) * sizeof *ai->work);
        ai->nwork = k + 1;
    }
    ai->work[k] |= work;
    return work;
}

static void segment_finish(autoi *ai, segment *g)
{
    if (ai->clock) {
        segment_finish_clock(ai, g);
    } else if (g->placed && segment_works(ai, g)) {
        unsigned k = new_counter(ai);
        for (int c = 0; c < LM_FP_NCLASSES; c++)
            if (g->fp.n[c])
                add_row(ai, k, g->level, c, g->fp.n[c]);
        if (g->iterations_of >= 0)
            add_row(ai, k, g->iterations_of, FIELD_ITERATIONS, 1);
        for (size_t i = 0; i < g->nentries; i++)
            add_row(ai, k, g->entries[i], FIELD_ENTRIES, 1);
        for (size_t i = 0; i < g->njumps_into; i++) {
            ai->by_jump = mem_realloc(ai->by_jump, (ai->nby_jump + 1) * sizeof *ai->by_jump);
            ai->by_jump[ai->nby_jump++] = (entry_by_jump){k, g->jumps_into[i]};
        }
        strbuf inc = STRBUF_INIT;
        if (g->local)
            strbuf_printf(&inc, "aitool_c%u++", k);
        else
            strbuf_printf(&inc, "AITOOL_HIT(%u%s)", k, ai->counter_offset);
        segment_write(ai, g, strbuf_cstr(&inc));
        strbuf_release(&inc);
    } else if (!g->placed) {
        segment *h = segment_host(g->parent);
        for (size_t i = 0; h && i < g->nentries; i++)
            segment_note_entry(h, g->entries[i]);
        for (size_t i = 0; h && i < g->njumps_into; i++)
            segment_note_jump(h, g->jumps_into[i]);
    }
    free(g->entries);
    g->entries = NULL;
    g->nentries = 0;
    free(g->jumps_into);
    g->jumps_into = NULL;
    g->njumps_into = 0;
}

/* ---- expressions ----------------------------------------------------------- */

static void visit_stmt(autoi *ai, const lm_stmt *c, segment *cur);
static void visit_expr(autoi *ai, const lm_stmt *e, segment *cur);
static void visit_lambda(autoi *ai, const lm_stmt *body);

/* What a segment has counted so far: operations and loop entries (for
 * -simon-clock, its cost). */
static unsigned long long segment_tally(const autoi *ai, const segment *g)
{
    if (!g)
        return 0;
    if (ai->clock)
        return segment_cost(ai, g);
    unsigned long long n = g->nentries + g->njumps_into;
    for (int k = 0; k < LM_FP_NCLASSES; k++)
        n += g->fp.n[k];
    return n;
}

/* A node's operations in g; a call in it charged by the static estimate of
 * its callee is warned of, as its measured count is not exact. */
static void segment_count_node(autoi *ai, segment *g, const lm_stmt *s)
{
    segment_count(g, &s->own, s->ops);
    if (ai->clock)
        return;
    for (const lm_estimated_call *e = s->estimated_calls; e; e = e->next)
        diag_at(DIAG_WARNING, ai->s->path, e->line, e->col,
                "'%s' has loops or branches in code this copy does not rewrite (a header): "
                "this call's measured FP operations are the static estimate of one call",
                e->callee);
}

/* An operand that may not be evaluated (of the conditional `owner`, or the
 * test or step of the loop `owner`): its own segment.  One that cannot be
 * wrapped, as it ends inside a macro expansion (`i < _PB_NI`), counts in the
 * segment around it, which is only wrong when it has operations or loops:
 * then a warning says so, once per owner (*warned). */
static void visit_operand(autoi *ai, const lm_stmt *e, segment *cur, const lm_stmt *owner,
                              bool *warned)
{
    segment g;
    segment_init(&g, cur, cur->level, counts_locally(ai));
    segment_place_expr(ai, &g, e);
    unsigned long long before = segment_tally(ai, segment_host(cur));
    visit_expr(ai, e, &g);
    segment_finish(ai, &g);
    if (!g.placed && !*warned && segment_tally(ai, segment_host(cur)) != before) {
        *warned = true;
        if (lm_stmt_is_loop(owner))
            auto_warn(ai, e, "this loop test or step ends inside a macro expansion: its "
                             "operations are counted once per entry into the loop");
        else if (owner->from_macro)
            auto_warn(ai, e, "a conditionally evaluated operand inside a macro expansion is "
                             "counted as if it always ran");
        else
            auto_warn(ai, e, "this conditionally evaluated operand ends inside a macro "
                             "expansion: it is counted as if it always ran");
    }
}

/* An expression counts its operations where it runs; the operands of ?:,
 * && and || that may not run are segments of their own.  A statement
 * expression's statements run where it does. */
static void visit_expr(autoi *ai, const lm_stmt *e, segment *cur)
{
    segment_count_node(ai, cur, e);
    bool warned = false;
    for (const lm_stmt *k = e->children; k; k = k->next) {
        if (k->role == LM_ROLE_LAMBDA_BODY)
            visit_lambda(ai, k);
        else if (k->role == LM_ROLE_OPERAND)
            visit_operand(ai, k, cur, e, &warned);
        else if (k->role == LM_ROLE_STATEMENT)
            visit_stmt(ai, k, cur);
        else
            visit_expr(ai, k, cur);
    }
}

/* ---- statements ------------------------------------------------------------ */

/* Where code can go around statement c: where it is written, or the use of
 * the macro that produces it whole. */
static bool stmt_place(const autoi *ai, const lm_stmt *c, size_t *begin, size_t *end)
{
    return source_node_range(ai->s, c, begin, end) ||
           source_macro_statement(ai->s, c, begin, end);
}

/* A segment for the start of a body or arm: after the opening brace and the
 * declarations that follow it (C89), or around a lone statement or the
 * macro that makes it. */
static void segment_place_body(autoi *ai, segment *g, const lm_stmt *body)
{
    size_t begin, end;
    bool written = source_node_range(ai->s, body, &begin, &end);
    if (!written && !source_macro_statement(ai->s, body, &begin, &end))
        return;
    if (body->kind != LM_STMT_COMPOUND || !written) {
        segment_place_stmt(ai, g, begin, source_statement_end(ai->s, end), true, false);
        return;
    }
    if (ai->s->text[begin] != '{')
        return;
    size_t at = begin + 1;
    for (const lm_stmt *k = body->children; k && k->kind == LM_STMT_DECL; k = k->next) {
        if (!source_node_after(ai->s, k, &end))
            break;
        at = source_statement_end(ai->s, end);
    }
    g->open_edit = placeholder(ai, at, EDIT_OPEN);
    g->placed = true;
    g->after_brace = true;
}

static void nest_problem(autoi *ai, const lm_stmt *c, const char *why)
{
    if (!ai->nest || ai->nest->problem)
        return;
    ai->nest->problem = why;
    ai->nest->problem_line = c->line;
    ai->nest->problem_col = c->col;
}

/* Code a macro produced: counted as if all of it ran once. */
static void visit_opaque(const lm_stmt *c, segment *cur)
{
    lm_fp_counts fp = {{0}};
    unsigned long ops[LM_OP_NCLASSES] = {0};
    lm_stmt_subtree_counts(c, &fp, ops);
    segment_count(cur, &fp, ops);
}

static void add_flush(autoi *ai, size_t begin, size_t end)
{
    nest *n = ai->nest;
    n->flush_edits = mem_realloc(n->flush_edits, (n->nflush + 2) * sizeof *n->flush_edits);
    n->flush_edits[n->nflush++] = placeholder(ai, begin, EDIT_OPEN);
    n->flush_edits[n->nflush++] = placeholder(ai, end, EDIT_CLOSE);
}

/* The times of the loops a jump at [begin, end) leaves, innermost first:
 * the open timed loops from the (from + 1)th on. */
static void time_leaving(autoi *ai, size_t from, size_t begin, size_t end)
{
    if (from >= ai->nopen_timed)
        return;
    strbuf open = STRBUF_INIT;
    strbuf_append(&open, "{");
    for (size_t i = ai->nopen_timed; i-- > from;)
        strbuf_printf(&open, " aitool_time_all(%d%s, aitool_t%d);", ai->open_timed[i],
                      ai->loop_offset, ai->open_timed[i]);
    strbuf_append(&open, " ");
    set_edit_text(ai, placeholder(ai, begin, EDIT_OPEN), strbuf_cstr(&open));
    set_edit_text(ai, placeholder(ai, end, EDIT_CLOSE), " }");
    strbuf_release(&open);
}

/* return, a goto out of the nest, exit(): the nest's counters go first,
 * and the times of the loops left. */
static void flush_before(autoi *ai, const lm_stmt *c)
{
    if (!ai->nest || ai->nest->direct)
        return;
    size_t begin, end;
    if (!source_node_range(ai->s, c, &begin, &end)) {
        nest_problem(ai, c, "a jump out of it comes from a macro expansion");
        return;
    }
    end = source_statement_end(ai->s, end);
    add_flush(ai, begin, end);
    time_leaving(ai, 0, begin, end);
}

/* A goto inside the nest: the times of the timed loops its target is
 * outside of. */
static void time_goto_within(autoi *ai, const lm_stmt *c)
{
    size_t begin, end, from = ai->nopen_timed;
    if (!c->target_known || !source_node_range(ai->s, c, &begin, &end))
        return;
    while (from > 0) {
        const lm_stmt *l = ai->loop_stmts[ai->open_timed[from - 1]];
        size_t lb, le;
        if (!source_node_range(ai->s, l, &lb, &le) || (c->target >= lb && c->target < le))
            break;
        from--;
    }
    time_leaving(ai, from, begin, source_statement_end(ai->s, end));
}

static void visit_loop(autoi *ai, const lm_stmt *c, segment *cur);
static void visit_nest(autoi *ai, const lm_stmt *c, size_t begin, size_t end, segment *cur);
static const lm_stmt *reentered_loop(const autoi *ai, const lm_stmt *label);
static void visit_reentered_nest(autoi *ai, const lm_stmt *first, const lm_stmt *loop,
                                 segment *cur);
static void visit_stmt_undirected(autoi *ai, const lm_stmt *c, segment *cur);

/* The loops a jump at goto or case label c enters, or NULL. */
static const jump *jump_at(const autoi *ai, const lm_stmt *c)
{
    for (size_t i = 0; i < ai->njumps; i++)
        if (ai->jumps[i].at == c)
            return &ai->jumps[i];
    return NULL;
}

static bool jumps_into(const autoi *ai, const lm_stmt *loop)
{
    for (size_t i = 0; i < ai->njumps; i++)
        for (size_t k = 0; k < ai->jumps[i].ninto; k++)
            if (ai->jumps[i].into[k] == loop)
                return true;
    return false;
}

/* A goto counts the loops it enters in its own segment, which runs once
 * per jump as the goto ends it. */
static void visit_goto(autoi *ai, const lm_stmt *c, segment *cur)
{
    if (c->kind == LM_STMT_INDIRECT_GOTO) {
        nest_problem(ai, c, "it contains a computed goto");
        return;
    }
    const jump *j = jump_at(ai, c);
    if (j && !cur->placed)
        nest_problem(ai, c, "a goto from a macro expansion jumps into a loop of it");
    for (size_t k = 0; j && cur->placed && k < j->ninto; k++)
        segment_note_jump(cur, j->into[k]);
    if (ai->nest && (!c->target_known || c->target < ai->nest->begin ||
                     c->target >= ai->nest->end))
        flush_before(ai, c);
    else if (ai->nest && !ai->nest->direct)
        time_goto_within(ai, c);
}

/* A statement under `#pragma omp`: a segment of its own, as it may run in
 * several threads, and a reduction clause when it does inside a nest. */
static void visit_directed(autoi *ai, const lm_stmt *c, long pragma, segment *cur)
{
    omp_pragma *p = &ai->pragmas[pragma];
    size_t clause = SIZE_MAX;
    if (ai->nest && p->parallel)
        clause = placeholder(ai, p->end, EDIT_CLOSE);
    unsigned from = ai->ncounters;
    if (lm_stmt_is_loop(c)) {
        visit_loop(ai, c, cur);
    } else {
        /* Counted where the directive runs it: inside the block, or in braces
         * under the directive, except that atomic wants its statement bare. */
        segment g;
        size_t begin, end;
        segment_init(&g, cur, cur->level, counts_locally(ai));
        if (c->kind == LM_STMT_COMPOUND)
            segment_place_body(ai, &g, c);
        else if (stmt_place(ai, c, &begin, &end))
            segment_place_stmt(ai, &g, begin, source_statement_end(ai->s, end), true,
                               !p->atomic);
        visit_stmt_undirected(ai, c, &g);
        segment_finish(ai, &g);
    }
    if (clause != SIZE_MAX) {
        nest *n = ai->nest;
        size_t k = n->nreduce++;
        n->reduce_edits = mem_realloc(n->reduce_edits, n->nreduce * sizeof *n->reduce_edits);
        n->reduce_from = mem_realloc(n->reduce_from, n->nreduce * sizeof *n->reduce_from);
        n->reduce_to = mem_realloc(n->reduce_to, n->nreduce * sizeof *n->reduce_to);
        n->reduce_edits[k] = clause;
        n->reduce_from[k] = from;
        n->reduce_to[k] = ai->ncounters;
    }
}

/* The statement under a label: its last child (a case's value comes first). */
static const lm_stmt *labelled_statement(const lm_stmt *c)
{
    const lm_stmt *sub = NULL;
    for (const lm_stmt *k = c->children; k; k = k->next)
        if (k->role == LM_ROLE_STATEMENT)
            sub = k;
    return sub;
}

/* Whether statement c never ends by falling through to what follows it. */
static bool always_jumps(const lm_stmt *c)
{
    switch (c->kind) {
    case LM_STMT_GOTO:
    case LM_STMT_INDIRECT_GOTO:
    case LM_STMT_RETURN:
    case LM_STMT_BREAK:
    case LM_STMT_CONTINUE:
        return true;
    case LM_STMT_COMPOUND:
        return c->last_child && always_jumps(c->last_child);
    case LM_STMT_CASE:
    case LM_STMT_DEFAULT:
    case LM_STMT_LABEL:
        return labelled_statement(c) && always_jumps(labelled_statement(c));
    default:
        return c->exits || c->throws;
    }
}

/* The first of the case labels written one after the other that c ends. */
static const lm_stmt *case_chain_head(const lm_stmt *c)
{
    while (c->parent && (c->parent->kind == LM_STMT_CASE || c->parent->kind == LM_STMT_DEFAULT))
        c = c->parent;
    return c;
}

/* Whether the statement under the case labels from `head` on can be
 * reached other than by the switch's jump: by falling into them (or
 * through a named label before them, which a goto may reach). */
static bool fallen_into(const lm_stmt *head)
{
    if (!head->parent || head->parent->kind == LM_STMT_LABEL)
        return true;
    if (head->parent->role == LM_ROLE_SWITCH_BODY && head->parent->children == head)
        return false;
    for (const lm_stmt *k = head->parent->children; k; k = k->next)
        if (k->next == head)
            return !always_jumps(k);
    return true;
}

/* Case labels that are also fallen into, before statement `at`: the fall
 * goes around an increment only the switch's jumps run,
 * `goto aitool_fK; case v: aitool_cK++; aitool_fK: ...`, which counts the
 * loops the jumps enter.  Where the goto can go between statements of a
 * block only; false otherwise. */
static bool count_case_jumps_apart(autoi *ai, const lm_stmt *head, const jump *j, size_t at)
{
    const lm_stmt *block = head->parent;
    while (block && block->kind == LM_STMT_LABEL)
        block = block->parent;
    size_t begin, end;
    if (!block || block->kind != LM_STMT_COMPOUND || !source_node_range(ai->s, head, &begin, &end))
        return false;
    unsigned k = new_counter(ai);
    strbuf text = STRBUF_INIT;
    strbuf_printf(&text, "goto aitool_f%u; ", k);
    edits_insert(&ai->s->edits, begin, EDIT_OPEN, strbuf_cstr(&text));
    strbuf_release(&text);
    if (counts_locally(ai))
        strbuf_printf(&text, "aitool_c%u++; aitool_f%u: ", k, k);
    else
        strbuf_printf(&text, "AITOOL_HIT(%u%s); aitool_f%u: ", k, ai->counter_offset, k);
    edits_insert(&ai->s->edits, at, EDIT_OPEN, strbuf_cstr(&text));
    strbuf_release(&text);
    for (size_t i = 0; i < j->ninto; i++) {
        ai->by_jump = mem_realloc(ai->by_jump, (ai->nby_jump + 1) * sizeof *ai->by_jump);
        ai->by_jump[ai->nby_jump++] = (entry_by_jump){k, j->into[i]};
    }
    return true;
}

/* The last of case labels c inside loops of their switch's body, before
 * statement `sub` (placed at `at` when `placed`): the switch's jumps to
 * them enter the loops, counted in the segment the label starts when
 * only those jumps reach it, else apart.  Before the segment is placed,
 * whose increment must follow what counts apart. */
static void count_case_entries(autoi *ai, const lm_stmt *c, bool placed, size_t at,
                               bool *in_segment)
{
    const jump *j = ai->clock ? NULL : jump_at(ai, c);
    *in_segment = false;
    if (!j)
        return;
    const lm_stmt *head = case_chain_head(c);
    if (!fallen_into(head))
        *in_segment = placed;
    else if (placed && count_case_jumps_apart(ai, head, j, at))
        return;
    if (!*in_segment)
        nest_problem(ai, c, "a case label inside it that a switch around it jumps to cannot "
                            "be told apart from code falling into it");
}

static void visit_label(autoi *ai, const lm_stmt *c, segment *cur)
{
    const lm_stmt *sub = labelled_statement(c);
    if (!sub)
        return;
    segment_finish(ai, cur);
    segment_init(cur, cur->parent, cur->level, cur->local);
    size_t begin, end;
    bool placed = stmt_place(ai, sub, &begin, &end), in_segment = false;
    /* Chained labels: the jumps to each reach the last one's statement. */
    if (c->kind != LM_STMT_LABEL && sub->kind != LM_STMT_CASE && sub->kind != LM_STMT_DEFAULT)
        count_case_entries(ai, c, placed, begin, &in_segment);
    if (placed)
        segment_place_stmt(ai, cur, begin, end, false, false);
    if (!cur->placed)
        auto_warn(ai, c, "the statement after this label comes from a macro expansion: "
                         "its operations are not counted");
    const jump *j = in_segment ? jump_at(ai, c) : NULL;
    for (size_t k = 0; j && k < j->ninto; k++)
        segment_note_jump(cur, j->into[k]);
    visit_stmt(ai, sub, cur);
}

static void visit_compound(autoi *ai, const lm_stmt *c, segment *cur)
{
    for (const lm_stmt *k = c->children; k; k = k->next) {
        const lm_stmt *loop = reentered_loop(ai, k);
        if (loop) {
            visit_reentered_nest(ai, k, loop, cur);
            k = loop;
        } else {
            visit_stmt(ai, k, cur);
        }
        if (k->escapes && k->next) {
            /* What follows a statement that can jump away runs less often. */
            segment_finish(ai, cur);
            segment_init(cur, cur->parent, cur->level, cur->local);
            size_t begin, end;
            if (stmt_place(ai, k->next, &begin, &end))
                segment_place_stmt(ai, cur, begin, end, false, false);
        }
    }
}

/* C++: an arm of `if constexpr`, which an instance may have discarded
 * (then it has no place, and nothing runs). */
static bool discarded(const autoi *ai, const lm_stmt *arm)
{
    const lm_stmt *c = arm->parent;
    if (!ai->cxx || !c || c->kind != LM_STMT_IF || !c->editable)
        return false;
    size_t i = source_skip_space(ai->s, c->begin + 2);
    return i + 9 <= ai->s->len && !strncmp(ai->s->text + i, "constexpr", 9);
}

/* An arm of if/else: its own segment.  A switch's body that a macro
 * opens needs none: only its labels' statements run. */
static void visit_arm(autoi *ai, const lm_stmt *arm, segment *cur)
{
    segment g;
    segment_init(&g, cur, cur->level, counts_locally(ai));
    segment_place_body(ai, &g, arm);
    if (!g.placed && arm->role != LM_ROLE_SWITCH_BODY && !discarded(ai, arm))
        auto_warn(ai, arm, "this branch comes from a macro expansion: its operations are "
                           "counted as if it always ran");
    visit_stmt(ai, arm, &g);
    segment_finish(ai, &g);
}

/* if and switch: the condition where the statement runs, each arm on its
 * own.  The body of a switch is an arm whose start the jump to a case
 * skips: code before the first label counts zero times, as it runs. */
static void visit_branch(autoi *ai, const lm_stmt *c, segment *cur)
{
    segment_count_node(ai, cur, c);
    for (const lm_stmt *k = c->children; k; k = k->next) {
        if (k->role == LM_ROLE_ARM || k->role == LM_ROLE_SWITCH_BODY) {
            visit_arm(ai, k, cur);
        } else {
            visit_expr(ai, k, cur);
        }
    }
}

/* C++: the try block runs where the statement does, each handler's body
 * is an arm (the nest's handler in the copy hands the counters over when
 * nothing here catches). */
static void visit_try(autoi *ai, const lm_stmt *c, segment *cur)
{
    segment_count_node(ai, cur, c);
    for (const lm_stmt *k = c->children; k; k = k->next) {
        if (k->kind != LM_STMT_CATCH) {
            visit_stmt(ai, k, cur);
            continue;
        }
        segment_count_node(ai, cur, k);
        for (const lm_stmt *h = k->children; h; h = h->next)
            if (h->role == LM_ROLE_ARM)
                visit_arm(ai, h, cur);
    }
}

/* Whether c comes from a macro's use that was warned of as left written. */
static bool use_kept(const autoi *ai, const lm_stmt *c)
{
    size_t use;
    if (!ai->nkept || !source_use_of(ai->s, c, &use))
        return false;
    for (size_t k = 0; k < ai->nkept; k++)
        if (ai->kept_uses[k] == use)
            return true;
    return false;
}

/* Whether a switch's body holds statements written in the file. */
static bool switch_body_written(const autoi *ai, const lm_stmt *body)
{
    size_t begin, end;
    for (const lm_stmt *k = body->children; k; k = k->next) {
        const lm_stmt *under = k;
        while (under && (under->kind == LM_STMT_CASE || under->kind == LM_STMT_DEFAULT))
            under = labelled_statement(under);
        if (under && source_node_range(ai->s, under, &begin, &end))
            return true;
    }
    return false;
}

/* A switch a macro opens and its body, whose statements are written in
 * the file (a coroutine's `switch (state) { case 0:` and its closing
 * brace), and a label a macro writes before a statement of the file:
 * visited as any other, their code is the file's. */
static bool opened_by_macro(const autoi *ai, const lm_stmt *c)
{
    size_t begin, end;
    if (c->kind == LM_STMT_CASE || c->kind == LM_STMT_DEFAULT || c->kind == LM_STMT_LABEL)
        return labelled_statement(c) && stmt_place(ai, labelled_statement(c), &begin, &end);
    if (c->role == LM_ROLE_SWITCH_BODY)
        return c->kind == LM_STMT_COMPOUND && switch_body_written(ai, c);
    if (c->kind != LM_STMT_SWITCH)
        return false;
    for (const lm_stmt *k = c->children; k; k = k->next)
        if (k->role == LM_ROLE_SWITCH_BODY)
            return opened_by_macro(ai, k);
    return false;
}

static void visit_stmt(autoi *ai, const lm_stmt *c, segment *cur)
{
    size_t begin, end;
    bool placed = source_node_range(ai->s, c, &begin, &end);
    if (!placed && opened_by_macro(ai, c)) {
        visit_stmt_undirected(ai, c, cur);
        return;
    }
    if (!placed && c->kind != LM_STMT_NULL) {
        if ((lm_stmt_is_loop(c) || c->kind == LM_STMT_IF || c->kind == LM_STMT_SWITCH) &&
            !use_kept(ai, c))
            auto_warn(ai, c, "a loop or branch produced by a macro is not measured: its "
                             "operations count as if its code ran once");
        visit_opaque(c, cur);
        return;
    }
    long pragma = placed ? pragma_before(ai, begin) : -1;
    if (lm_stmt_is_loop(c) && !ai->nest && !ai->clock)
        visit_nest(ai, c, begin, end, cur);
    else if (pragma >= 0 && c->kind != LM_STMT_NULL)
        visit_directed(ai, c, pragma, cur);
    else
        visit_stmt_undirected(ai, c, cur);
}

static void visit_stmt_undirected(autoi *ai, const lm_stmt *c, segment *cur)
{
    switch (c->kind) {
    case LM_STMT_COMPOUND:
        visit_compound(ai, c, cur);
        break;
    case LM_STMT_FOR:
    case LM_STMT_WHILE:
    case LM_STMT_DO:
    case LM_STMT_CALL_LOOP:
        visit_loop(ai, c, cur);
        break;
    case LM_STMT_IF:
    case LM_STMT_SWITCH:
        visit_branch(ai, c, cur);
        break;
    case LM_STMT_LABEL:
    case LM_STMT_CASE:
    case LM_STMT_DEFAULT:
        visit_label(ai, c, cur);
        break;
    case LM_STMT_BREAK:
    case LM_STMT_CONTINUE:
        break;
    case LM_STMT_GOTO:
    case LM_STMT_INDIRECT_GOTO:
        visit_goto(ai, c, cur);
        break;
    case LM_STMT_TRY:
        visit_try(ai, c, cur);
        break;
    default:
        /* return and exit() hand the nest's counters on before they leave */
        if (c->kind == LM_STMT_RETURN || c->exits)
            flush_before(ai, c);
        visit_expr(ai, c, cur);
        break;
    }
}

/* ---- loops ----------------------------------------------------------------- */

/* C++: code that runs when a lambda is called, which is not where it is
 * written, is visited apart from the nest around it, as a function's code:
 * it cannot reach the nest's counters (a lambda may capture them by copy),
 * and a return in it leaves the lambda only. */
typedef struct apart {
    nest *nest;
    int *open_timed;
    size_t nopen_timed;
} apart;

static apart apart_enter(autoi *ai)
{
    apart a = {ai->nest, ai->open_timed, ai->nopen_timed};
    ai->nest = NULL;
    ai->open_timed = NULL;
    ai->nopen_timed = 0;
    return a;
}

static void apart_leave(autoi *ai, apart *a)
{
    free(ai->open_timed);
    ai->nest = a->nest;
    ai->open_timed = a->open_timed;
    ai->nopen_timed = a->nopen_timed;
}

/* A lambda's body: its code outside its loops counts outside loops, as a
 * function's. */
static void visit_lambda(autoi *ai, const lm_stmt *body)
{
    apart outside = apart_enter(ai);
    segment g;
    segment_init(&g, NULL, -1, false);
    segment_place_body(ai, &g, body);
    visit_stmt(ai, body, &g);
    segment_finish(ai, &g);
    apart_leave(ai, &outside);
}

static int add_loop(autoi *ai, const lm_stmt *c)
{
    if (ai->nloops == ai->loops_cap) {
        ai->loops_cap = ai->loops_cap ? ai->loops_cap * 2 : 16;
        ai->loops = mem_realloc(ai->loops, ai->loops_cap * sizeof *ai->loops);
        ai->loop_stmts = mem_realloc(ai->loop_stmts, ai->loops_cap * sizeof *ai->loop_stmts);
        ai->timed = mem_realloc(ai->timed, ai->loops_cap * sizeof *ai->timed);
        ai->inside = mem_realloc(ai->inside, ai->loops_cap * sizeof *ai->inside);
    }
    ai->timed[ai->nloops] = 0;
    ai->inside[ai->nloops] = 0;
    ai->loops[ai->nloops] = c->loop;
    ai->loop_stmts[ai->nloops] = c;
    return (int)ai->nloops++;
}

/* A loop inside a nest, written at [begin, end): its block, which times
 * it under AITOOL_TIME=all, and its place among the open timed loops. */
static void time_loop_open(autoi *ai, int index, size_t begin, size_t end)
{
    size_t open_at = stmt_begin(ai, begin);
    strbuf open = STRBUF_INIT, close = STRBUF_INIT;
    strbuf_printf(&open, "{ unsigned long long aitool_t%d = aitool_clock_all();%s", index,
                  open_at != begin ? "\n" : " ");
    strbuf_printf(&close, " aitool_time_all(%d%s, aitool_t%d); }", index, ai->loop_offset, index);
    set_edit_text(ai, placeholder(ai, open_at, EDIT_OPEN), strbuf_cstr(&open));
    set_edit_text(ai, placeholder(ai, source_statement_end(ai->s, end), EDIT_CLOSE),
                  strbuf_cstr(&close));
    strbuf_release(&open);
    strbuf_release(&close);
    ai->timed[index] = 2;
    ai->open_timed = mem_realloc(ai->open_timed, (ai->nopen_timed + 1) * sizeof *ai->open_timed);
    ai->open_timed[ai->nopen_timed++] = index;
}

static void visit_loop(autoi *ai, const lm_stmt *c, segment *cur)
{
    const lm_stmt *body = lm_stmt_loop_body(c);
    size_t begin, end;
    if (!body && c->kind == LM_STMT_CALL_LOOP)
        auto_warn(ai, c, "this loop's body is a functor's operator(), measured as the function "
                         "it is: the loop itself is not measured");
    if (!c->loop || !body || !source_node_range(ai->s, c, &begin, &end)) {
        visit_opaque(c, cur);
        return;
    }
    long pragma = pragma_before(ai, begin);
    if (pragma >= 0 && ai->pragmas[pragma].nested_form) {
        nest_problem(ai, c, "its OpenMP directive binds nested loops (collapse or ordered)");
        if (ai->clock) {
            auto_warn(ai, c, "a loop nest under collapse or ordered is not clocked: its code "
                             "costs as if it ran once");
            visit_opaque(c, cur);
            return;
        }
    }
    /* A loop an OpenMP directive binds keeps its header as written: the
     * runtime works out its iterations from the test and step once, so
     * their FP operations count once per entry; with -simon-clock they cost
     * in its body, once an iteration, as the loop control does. */
    bool bound = pragma >= 0 && ai->pragmas[pragma].binds_loop;
    int index = add_loop(ai, c);
    bool timed = false;
    if (ai->nest && ai->nest->root_pending) {
        ai->nest->root_pending = false; /* the nest counts its own entries */
        if (ai->nest->reentered && segment_host(cur))
            segment_note_entry(segment_host(cur), index); /* a goto enters it again */
    } else {
        if (segment_host(cur))
            segment_note_entry(segment_host(cur), index);
        timed = ai->time_all && ai->nest && !ai->nest->direct && !jumps_into(ai, c);
    }
    if (timed)
        time_loop_open(ai, index, begin, end);

    /* A call-loop's arguments run once per entry; its body is a lambda's,
     * which runs apart from the nest around it (visit_lambda). */
    bool call = c->kind == LM_STMT_CALL_LOOP;
    bool warned = false;
    segment_count_node(ai, cur, c);
    for (const lm_stmt *k = c->children; k; k = k->next) {
        if (k == body || (bound && ai->clock && k->role != LM_ROLE_INIT))
            continue;
        if (k->role == LM_ROLE_INIT || bound || call)
            visit_expr(ai, k, cur); /* once per entry */
        else
            visit_operand(ai, k, cur, c, &warned); /* once per test or step */
    }
    segment g;
    segment_init(&g, cur, index, counts_locally(ai) && !call);
    segment_place_body(ai, &g, body);
    g.iterations_of = index;
    if (!g.placed)
        nest_problem(ai, c, "its body comes from a macro expansion");
    for (const lm_stmt *k = c->children; bound && ai->clock && k; k = k->next)
        if (k != body && k->role != LM_ROLE_INIT)
            visit_expr(ai, k, &g);
    apart outside = {0};
    if (call)
        outside = apart_enter(ai);
    visit_stmt(ai, body, &g);
    segment_finish(ai, &g);
    if (call)
        apart_leave(ai, &outside);
    ai->inside[index] = ai->nloops - (size_t)index - 1;
    if (timed)
        ai->nopen_timed--;
}

/* What a nest's visit adds, to be taken back when it is left as written. */
typedef struct visit_marks {
    size_t edits, rows, loops, by_jump;
    unsigned counters;
} visit_marks;

static visit_marks marks_take(const autoi *ai)
{
    return (visit_marks){ai->s->edits.n, ai->nrows, ai->nloops, ai->nby_jump, ai->ncounters};
}

/* What a nest's visit allocated. */
static void nest_release(nest *n)
{
    free(n->flush_edits);
    free(n->reduce_edits);
    free(n->reduce_from);
    free(n->reduce_to);
}

/* A nest with a problem is left as written: what its visit added goes. */
static void nest_give_up(autoi *ai, const nest *n, const visit_marks *m)
{
    diag_at(DIAG_WARNING, ai->s->path, n->problem_line, n->problem_col,
            "this loop nest is not instrumented: %s", n->problem);
    for (size_t i = m->edits; i < ai->s->edits.n; i++)
        free(ai->s->edits.v[i].text);
    ai->s->edits.n = m->edits;
    ai->nrows = m->rows;
    ai->nloops = m->loops;
    ai->nby_jump = m->by_jump;
    ai->ncounters = m->counters;
}

/* A nest a jump enters (a goto from outside, a case label of a switch
 * around it) counts in the thread's counters, whose increments no jump
 * skips; its entries are counted where it starts (in the segment around
 * it) and at each jump into it, as are those of its loops jumps enter.
 * It needs no block, no hand-over before leaving and no reduction clause
 * (each thread counts on its own): those placeholders stay empty. */
static void visit_direct_nest(autoi *ai, const lm_stmt *c, nest *n, segment *cur)
{
    visit_marks m = marks_take(ai);
    ai->nest = n;
    if (!cur->placed)
        nest_problem(ai, c, "a jump enters it and the code before it comes from a macro "
                            "expansion, where its entries cannot be counted");
    visit_stmt(ai, c, cur);
    ai->nest = NULL;
    if (n->problem)
        nest_give_up(ai, n, &m);
    else
        segment_note_jump(cur, c);
}

static void nest_write(autoi *ai, const nest *n, const visit_marks *m, bool line_start);

/* A loop outside every loop, written at [begin, end): the block with its
 * counters around it. */
static void visit_nest(autoi *ai, const lm_stmt *c, size_t begin, size_t end, segment *cur)
{
    nest n = {.begin = begin, .end = source_statement_end(ai->s, end), .root_pending = true,
              .direct = jumps_into(ai, c)};
    if (n.direct) {
        visit_direct_nest(ai, c, &n, cur);
        nest_release(&n);
        return;
    }
    visit_marks m = marks_take(ai);
    size_t open_at = stmt_begin(ai, begin);
    n.wrap_open = placeholder(ai, open_at, EDIT_OPEN);
    n.wrap_close = placeholder(ai, n.end, EDIT_CLOSE);
    n.first = new_counter(ai);
    ai->nest = &n;
    visit_stmt(ai, c, cur);
    ai->nest = NULL;
    nest_write(ai, &n, &m, open_at != begin);
    nest_release(&n);
}

/* The nest's block, its hand-overs and reduction clauses, now that its
 * counters are known; or, with a problem, the nest as written.  The hand-
 * overs count its entries (counter n->first), but for a nest a goto
 * re-enters, whose entries its code counts. */
static void nest_write(autoi *ai, const nest *n, const visit_marks *m, bool line_start)
{
    if (n->problem) {
        nest_give_up(ai, n, m);
    } else {
        if (!n->reentered)
            add_row(ai, n->first, ai->nloops > m->loops ? (int)m->loops : -1, FIELD_ENTRIES, 1);
        strbuf decl = STRBUF_INIT, flush = STRBUF_INIT;
        bool timed = ai->nloops > m->loops;
        strbuf_append(&decl, "{ ");
        if (timed)
            strbuf_printf(&decl, "unsigned long long aitool_t = aitool_clock_nest(%zu%s); ",
                          m->loops, ai->loop_offset);
        for (unsigned k = n->first + 1; k < ai->ncounters; k++)
            strbuf_printf(&decl, "%s aitool_c%u = 0", k == n->first + 1 ? "unsigned long" : ",", k);
        if (ai->ncounters > n->first + 1)
            strbuf_append(&decl, ";");
        bool handler = ai->cxx && !ai->nothrow;
        if (handler)
            strbuf_append(&decl, " AITOOL_TRY {");
        strbuf_append(&decl, line_start ? "\n" : " ");
        strbuf_append(&flush, "{ unsigned long *aitool_h = aitool_here();");
        if (!n->reentered)
            strbuf_printf(&flush, " aitool_h[%u%s] += 1;", n->first, ai->counter_offset);
        for (unsigned k = n->first + 1; k < ai->ncounters; k++)
            strbuf_printf(&flush, " aitool_h[%u%s] += aitool_c%u;", k, ai->counter_offset, k);
        strbuf_append(&flush, " }");
        if (timed) {
            strbuf_printf(&flush, " aitool_time_nest(%zu%s, aitool_t);", m->loops,
                          ai->loop_offset);
            ai->timed[m->loops] = 1;
        }
        set_edit_text(ai, n->wrap_open, strbuf_cstr(&decl));
        strbuf close = STRBUF_INIT;
        if (handler) /* an exception leaving the nest hands its counters over too */
            strbuf_printf(&close, " } AITOOL_UNWIND(%s) %s }", strbuf_cstr(&flush),
                          strbuf_cstr(&flush));
        else
            strbuf_printf(&close, " %s }", strbuf_cstr(&flush));
        set_edit_text(ai, n->wrap_close, strbuf_cstr(&close));
        strbuf_release(&close);
        for (size_t i = 0; i < n->nflush; i += 2) {
            strbuf open = STRBUF_INIT;
            strbuf_printf(&open, "{ %s ", strbuf_cstr(&flush));
            set_edit_text(ai, n->flush_edits[i], strbuf_cstr(&open));
            set_edit_text(ai, n->flush_edits[i + 1], " }");
            strbuf_release(&open);
        }
        for (size_t i = 0; i < n->nreduce; i++) {
            strbuf clause = STRBUF_INIT;
            for (unsigned k = n->reduce_from[i]; k < n->reduce_to[i]; k++)
                if (k != n->first)
                    strbuf_printf(&clause, "%saitool_c%u", clause.len ? "," : " reduction(+:", k);
            if (clause.len)
                strbuf_append(&clause, ")");
            set_edit_text(ai, n->reduce_edits[i], strbuf_cstr(&clause));
            strbuf_release(&clause);
        }
        strbuf_release(&decl);
        strbuf_release(&flush);
    }
}

/* ---- functions and the file ------------------------------------------------ */

static bool stmt_within(const lm_stmt *c, const lm_stmt *outer)
{
    for (; c; c = c->parent)
        if (c == outer)
            return true;
    return false;
}

/* ---- nests a goto re-enters ------------------------------------------------ */

/* Whether c is one of the statements first .. last of a block, or in one. */
static bool stmt_within_run(const lm_stmt *c, const lm_stmt *first, const lm_stmt *last)
{
    for (const lm_stmt *k = first; k; k = k->next) {
        if (stmt_within(c, k))
            return true;
        if (k == last)
            break;
    }
    return false;
}

static bool holds_loop(const lm_stmt *c)
{
    if (lm_stmt_is_loop(c))
        return true;
    for (const lm_stmt *k = c->children; k; k = k->next)
        if (holds_loop(k))
            return true;
    return false;
}

/* Whether a goto in c goes to offset [begin, end). */
static bool goes_back_into(const lm_stmt *c, size_t begin, size_t end)
{
    if (c->kind == LM_STMT_GOTO && c->target_known && c->target >= begin && c->target < end)
        return true;
    for (const lm_stmt *k = c->children; k; k = k->next)
        if (goes_back_into(k, begin, end))
            return true;
    return false;
}

/* Whether a jump from outside first .. loop may land in [begin, end): a
 * goto there or of an unknown target, a computed goto, a case label in the
 * run whose switch is outside it. */
static bool entered_from_outside(const lm_stmt *c, const lm_stmt *first, const lm_stmt *loop,
                                 size_t begin, size_t end)
{
    bool outside = !stmt_within_run(c, first, loop);
    if (outside && c->kind == LM_STMT_GOTO &&
        (!c->target_known || (c->target >= begin && c->target < end)))
        return true;
    if (outside && c->kind == LM_STMT_INDIRECT_GOTO)
        return true;
    if (!outside && (c->kind == LM_STMT_CASE || c->kind == LM_STMT_DEFAULT)) {
        const lm_stmt *sw = c->parent;
        while (sw && sw->kind != LM_STMT_SWITCH)
            sw = sw->parent;
        if (!sw || !stmt_within_run(sw, first, loop))
            return true;
    }
    for (const lm_stmt *k = c->children; k; k = k->next)
        if (entered_from_outside(k, first, loop, begin, end))
            return true;
    return false;
}

/* An interpreter's `startfunc: ... for (;;) { ... goto startfunc; }`
 * leaves its nest and enters it again at every call it runs: handing the
 * counters over and reading the clock each time cost more than the work
 * between.  When statement `label` is a label of a block whose later
 * statement is a loop a goto in which goes back to it (or to a label
 * after it), the nest's block opens at the label, so that the goto stays
 * inside it: the loop, with straight code before it (no declaration,
 * nothing that leaves, no other loop) that no jump from outside enters.
 * The loop, or NULL. */
static const lm_stmt *reentered_loop(const autoi *ai, const lm_stmt *label)
{
    size_t begin, end;
    if (ai->nest || ai->clock || label->kind != LM_STMT_LABEL || !label->editable ||
        !label->parent || label->parent->kind != LM_STMT_COMPOUND)
        return NULL;
    const lm_stmt *loop = label;
    while (loop && !lm_stmt_is_loop(loop)) {
        if (loop->kind == LM_STMT_DECL || loop->escapes || holds_loop(loop))
            return NULL;
        loop = loop->next;
    }
    if (!loop || !source_node_range(ai->s, loop, &begin, &end) || pragma_before(ai, begin) >= 0 ||
        jumps_into(ai, loop) || !goes_back_into(loop, label->begin, begin) ||
        entered_from_outside(ai->body, label, loop, label->begin, begin))
        return NULL;
    return loop;
}

/* The nest of `loop` in a block that opens at statement `first`
 * (reentered_loop): the code from there to the loop counts in the nest's
 * locals, outside its loops, and the loop's entries where it starts. */
static void visit_reentered_nest(autoi *ai, const lm_stmt *first, const lm_stmt *loop,
                                 segment *cur)
{
    size_t begin, end;
    source_node_range(ai->s, loop, &begin, &end);
    nest n = {.begin = first->begin, .end = source_statement_end(ai->s, end),
              .root_pending = true, .reentered = true};
    visit_marks m = marks_take(ai);
    n.wrap_open = placeholder(ai, first->begin, EDIT_OPEN);
    n.wrap_close = placeholder(ai, n.end, EDIT_CLOSE);
    n.first = new_counter(ai);
    ai->nest = &n;
    segment g;
    segment_init(&g, cur, cur->level, true);
    for (const lm_stmt *k = first;; k = k->next) {
        visit_stmt(ai, k, &g);
        if (k == loop)
            break;
    }
    segment_finish(ai, &g);
    ai->nest = NULL;
    nest_write(ai, &n, &m, false);
    nest_release(&n);
}

/* The named label a goto's target offset is, in the function's body. */
static const lm_stmt *label_at(const lm_stmt *body, size_t offset)
{
    if (body->kind == LM_STMT_LABEL && body->editable && body->begin == offset)
        return body;
    for (const lm_stmt *k = body->children; k; k = k->next) {
        const lm_stmt *l = label_at(k, offset);
        if (l)
            return l;
    }
    return NULL;
}

/* The jump from `from` (a goto, or the switch of case label `at`) to label
 * `to` enters the loops around `to` that are not around `from`. */
static void add_jump(autoi *ai, const lm_stmt *at, const lm_stmt *from, const lm_stmt *to)
{
    jump j = {.at = at};
    for (const lm_stmt *k = to->parent; k; k = k->parent)
        if (lm_stmt_is_loop(k) && !stmt_within(from, k)) {
            j.into = mem_realloc(j.into, (j.ninto + 1) * sizeof *j.into);
            j.into[j.ninto++] = k;
        }
    if (!j.ninto)
        return;
    ai->jumps = mem_realloc(ai->jumps, (ai->njumps + 1) * sizeof *ai->jumps);
    ai->jumps[ai->njumps++] = j;
}

/* Every goto and case label of the function that enters loops, before the
 * visit: a nest a jump enters counts otherwise (visit_direct_nest). */
static void collect_jumps(autoi *ai, const lm_stmt *body, const lm_stmt *c)
{
    if (c->kind == LM_STMT_GOTO && c->target_known) {
        const lm_stmt *label = label_at(body, c->target);
        if (label)
            add_jump(ai, c, c, label);
    } else if (c->kind == LM_STMT_CASE || c->kind == LM_STMT_DEFAULT) {
        const lm_stmt *sw = c->parent;
        while (sw && sw->kind != LM_STMT_SWITCH)
            sw = sw->parent;
        if (sw)
            add_jump(ai, c, sw, c);
    }
    for (const lm_stmt *k = c->children; k; k = k->next)
        collect_jumps(ai, body, k);
}

/* The entries counted by jumps become rows, now that the loops they enter
 * have their numbers; a loop left as written has none and no row. */
static void rows_of_jumps(autoi *ai)
{
    for (size_t i = 0; i < ai->nby_jump; i++)
        for (size_t k = ai->function_loops; k < ai->nloops; k++)
            if (ai->loop_stmts[k] == ai->by_jump[i].loop)
                add_row(ai, ai->by_jump[i].counter, (int)k, FIELD_ENTRIES, 1);
    ai->nby_jump = 0;
}

static void forget_jumps(autoi *ai)
{
    for (size_t i = 0; i < ai->njumps; i++)
        free(ai->jumps[i].into);
    ai->njumps = 0;
}

/* Whether c is or holds a loop or a branch, which only code written in the
 * copy can measure. */
static bool has_control(const lm_stmt *c)
{
    if (lm_stmt_is_loop(c) || c->kind == LM_STMT_IF || c->kind == LM_STMT_SWITCH)
        return true;
    for (const lm_stmt *k = c->children; k; k = k->next)
        if (has_control(k))
            return true;
    return false;
}

static bool is_statement(const lm_stmt *c)
{
    return c->role == LM_ROLE_STATEMENT || c->role == LM_ROLE_ARM ||
           c->role == LM_ROLE_LOOP_BODY || c->role == LM_ROLE_SWITCH_BODY;
}

/* A use whose loops and branches stay as written: warned of once, with why. */
static void keep_use(autoi *ai, const lm_stmt *first, size_t use, const char *why)
{
    diag_at(DIAG_WARNING, ai->s->path, first->line, first->col,
            "the loops and branches this macro's use makes are not measured, as %s: their "
            "operations count as if its code ran once", why);
    ai->kept_uses = mem_realloc(ai->kept_uses, (ai->nkept + 1) * sizeof *ai->kept_uses);
    ai->kept_uses[ai->nkept++] = use;
}

/* Statements from `first` on that one macro's use makes whole and that
 * hold loops or branches are written out in the copy (expand.c), to be
 * measured as any other: the last of them, or NULL.  Not a use that a
 * directive stands before, as the block around a nest would come between
 * them. */
static const lm_stmt *write_out_run(autoi *ai, const lm_stmt *first)
{
    size_t begin, end, use, last_use;
    bool control = false;
    if (!is_statement(first) || !source_use_of(ai->s, first, &use))
        return NULL;
    for (const lm_stmt *last = first; last && !source_node_range(ai->s, last, &begin, &end) &&
                                      source_use_of(ai->s, last, &last_use) && last_use == use;
         last = last->role == LM_ROLE_STATEMENT ? last->next : NULL) {
        control |= has_control(last);
        if (!source_macro_statements(ai->s, first, last, &begin, &end))
            continue;
        if (!control)
            return NULL;
        const char *why = "an OpenMP directive stands before it";
        if (pragma_before(ai, begin) < 0 && expand_statements(ai->s, first, last, &why))
            return last;
        keep_use(ai, first, begin, why);
        return NULL;
    }
    return NULL;
}

static void write_out_macros(autoi *ai, const lm_stmt *c)
{
    for (const lm_stmt *k = c->children; k;) {
        const lm_stmt *last = write_out_run(ai, k);
        if (!last)
            write_out_macros(ai, k);
        k = (last ? last : k)->next;
    }
}

static void visit_function(autoi *ai, const lm_function *fn)
{
    const lm_stmt *body = fn->body;
    ai->body = body;
    ai->nothrow = fn->nothrow;
    write_out_macros(ai, body);
    collect_jumps(ai, body, body);
    ai->function_loops = ai->nloops;
    segment g;
    segment_init(&g, NULL, -1, false);
    segment_place_body(ai, &g, body);
    visit_stmt(ai, body, &g);
    segment_finish(ai, &g);
    rows_of_jumps(ai);
    forget_jumps(ai);
}

/* ---- template instances (instances.c) ------------------------------------ */

/* The instances of the file's templates, in the model's order. */
static const lm_function **template_instances(const autoi *ai, size_t *n)
{
    const lm_function **v = NULL;
    *n = 0;
    for (const lm_function *fn = ai->s->model->functions; fn; fn = fn->next)
        if (fn->body && fn->instance) {
            v = mem_realloc(v, (*n + 1) * sizeof *v);
            v[(*n)++] = fn;
        }
    return v;
}

static bool same_text(const lm_function *a, const lm_function *b)
{
    return a->body->editable && b->body->editable && a->body->begin == b->body->begin;
}

static void group_release(template_group *g)
{
    for (size_t i = 0; i < g->n; i++)
        instances_key_release(&g->keys[i]);
    free(g->keys);
    free(g->counter_offsets);
    free(g->loop_offsets);
}

/* The keys of a template's instances v[0..n), all different; false with
 * why when one cannot be written. */
static bool group_keys(template_group *g, const lm_function **v, size_t n, const char **why)
{
    g->keys = mem_alloc(n * sizeof *g->keys);
    for (g->n = 0; g->n < n; g->n++)
        if (!instances_key(v[g->n], &g->keys[g->n], why))
            return false;
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < i; k++)
            if (!strcmp(g->keys[i].instance, g->keys[k].instance)) {
                *why = "two of its instances have the same parameters";
                return false;
            }
    return true;
}

/* What a visit added since m goes, but its counters, loops and rows when
 * `keep` (another instance of the text the first visit edited). */
static void take_back(autoi *ai, const visit_marks *m, bool keep)
{
    for (size_t i = m->edits; i < ai->s->edits.n; i++)
        free(ai->s->edits.v[i].text);
    ai->s->edits.n = m->edits;
    if (keep)
        return;
    ai->nrows = m->rows;
    ai->nloops = m->loops;
    ai->nby_jump = m->by_jump;
    ai->ncounters = m->counters;
}

/* The visit of an instance whose edits are not kept: its messages are
 * the first instance's too. */
static void visit_quietly(autoi *ai, const lm_function *fn)
{
    strbuf quiet = STRBUF_INIT;
    strbuf *before = diag_capture(&quiet);
    ai->segment_no = 0;
    visit_function(ai, fn);
    diag_capture(before);
    strbuf_release(&quiet);
}

/* Which segments have work in some instance (work_mode). */
static void collect_work(autoi *ai, const lm_function **v, size_t n)
{
    ai->work_mode = WORK_COLLECT;
    ai->nwork = 0;
    for (size_t i = 0; i < n; i++) {
        visit_marks m = marks_take(ai);
        visit_quietly(ai, v[i]);
        take_back(ai, &m, false);
    }
    ai->work_mode = WORK_ANY;
}

/* Whether the n edits from `from` on go where those from `first` on go,
 * filled or empty alike: another instance's statements are the first's. */
static bool same_places(const edit_list *l, size_t first, size_t n, size_t from)
{
    if (l->n - from != n)
        return false;
    for (size_t i = 0; i < n; i++) {
        const edit *a = &l->v[first + i], *b = &l->v[from + i];
        if (a->offset != b->offset || a->len != b->len || a->kind != b->kind ||
            !*a->text != !*b->text)
            return false;
    }
    return true;
}

/* Each instance visited as the first was, into counters and loops of its
 * own; false when one came out otherwise (an `if constexpr` that keeps
 * other statements, a macro's use written out). */
static bool visit_instances(autoi *ai, template_group *g, const lm_function **v)
{
    size_t expansions = ai->s->nexpansions, first_edit = ai->s->edits.n;
    g->first_counter = ai->ncounters;
    g->first_loop = ai->nloops;
    ai->segment_no = 0;
    visit_function(ai, v[0]);
    size_t nedits = ai->s->edits.n - first_edit;
    g->ncounters = ai->ncounters - g->first_counter;
    g->nloops = ai->nloops - g->first_loop;
    g->counter_offsets = mem_alloc(g->n * sizeof *g->counter_offsets);
    g->loop_offsets = mem_alloc(g->n * sizeof *g->loop_offsets);
    g->counter_offsets[0] = g->loop_offsets[0] = 0;
    for (size_t i = 1; i < g->n; i++) {
        visit_marks m = marks_take(ai);
        visit_quietly(ai, v[i]);
        bool same = same_places(&ai->s->edits, first_edit, nedits, m.edits);
        take_back(ai, &m, true);
        g->counter_offsets[i] = m.counters - g->first_counter;
        g->loop_offsets[i] = (unsigned)(m.loops - g->first_loop);
        if (!same || ai->ncounters - m.counters != g->ncounters ||
            ai->nloops - m.loops != g->nloops)
            return false;
    }
    return ai->s->nexpansions == expansions;
}

/* A template's implicit instances v[0..n): one text that counts per
 * instance, or the text as written, with a warning, when the instances
 * cannot be told apart (instances.c) or -simon-clock would charge one
 * instance's costs for all. */
static void visit_template(autoi *ai, const lm_function **v, size_t n)
{
    template_group g = {0};
    const char *why = "-simon-clock charges one cost per statement, and its instances differ";
    visit_marks before = marks_take(ai);
    /* the visit's messages stand only if its edits do */
    strbuf messages = STRBUF_INIT;
    strbuf *outer = diag_capture(&messages);
    bool ok = !ai->clock && group_keys(&g, v, n, &why);
    if (ok) {
        unsigned number = (unsigned)ai->ngroups;
        char *counter_offset = instances_offset_text(number, &g.keys[0], "c");
        char *loop_offset = instances_offset_text(number, &g.keys[0], "l");
        ai->counter_offset = counter_offset;
        ai->loop_offset = loop_offset;
        collect_work(ai, v, n);
        ok = visit_instances(ai, &g, v);
        ai->counter_offset = ai->loop_offset = "";
        ai->work_mode = WORK_OWN;
        free(counter_offset);
        free(loop_offset);
        if (!ok) {
            why = "its instances have different statements (if constexpr, or a macro's use "
                  "written out)";
            take_back(ai, &before, false);
        }
    }
    diag_capture(outer);
    if (ok && outer)
        strbuf_append(outer, strbuf_cstr(&messages));
    else if (ok)
        diag_flush_captured(&messages);
    strbuf_release(&messages);
    if (!ok) {
        diag_at(DIAG_WARNING, v[0]->loc.file, v[0]->loc.line, v[0]->loc.column,
                "the instances of this template are left as written: %s", why);
        group_release(&g);
        return;
    }
    ai->groups = mem_realloc(ai->groups, (ai->ngroups + 1) * sizeof *ai->groups);
    ai->groups[ai->ngroups++] = g;
}

/* The offsets of each template's instances, and of those the analysis did
 * not see (the spare counters and loops after the reported ones). */
static void write_groups(const autoi *ai, strbuf *t)
{
    unsigned spare_counters = 0;
    size_t spare_loops = 0;
    for (size_t i = 0; i < ai->ngroups; i++) {
        if (ai->groups[i].ncounters > spare_counters)
            spare_counters = ai->groups[i].ncounters;
        if (ai->groups[i].nloops > spare_loops)
            spare_loops = ai->groups[i].nloops;
    }
    strbuf_printf(t, "#define AITOOL_NSPARE_COUNTERS %u\n#define AITOOL_NSPARE_LOOPS %zu\n",
                  spare_counters, spare_loops);
    if (!ai->ngroups)
        return;
    strbuf_append(t, "namespace {\n");
    for (size_t i = 0; i < ai->ngroups; i++) {
        const template_group *g = &ai->groups[i];
        instances_write_group(t, (unsigned)i, g->keys, g->counter_offsets, g->loop_offsets, g->n,
                              ai->ncounters + 1 - g->first_counter,
                              (unsigned)(ai->nloops - g->first_loop));
    }
    strbuf_append(t, instances_epilogue);
    strbuf_append(t, "}\n");
}

/* A string for the JSON the runtime prints, as a C string literal's body. */
static void append_json_in_c(strbuf *out, const char *s)
{
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            strbuf_append(out, ch == '"' ? "\\\\\\\"" : "\\\\\\\\");
        else if (ch < 0x20)
            strbuf_printf(out, "\\\\u%04x", ch);
        else
            strbuf_appendn(out, s, 1);
    }
}

static const char auto_prelude[] =
    "/* measuretool -auto-instrument: every loop of this file counts its entries,\n"
    "   iterations and FP operations, written at exit to $AITOOL_MEASURED\n"
    "   (default ai_measured.json); the counting code is at the end of the file.\n"
    "   At -O2 and above compile it with -falign-loops=64, as aitool-cc does, so\n"
    "   that the code added before a loop nest cannot move a hot loop across a\n"
    "   64-byte line. */\n"
    "static unsigned long *aitool_here(void) __attribute__((unused));\n"
    "static unsigned long long aitool_clock(void) __attribute__((unused));\n"
    "static void aitool_time(unsigned loop, unsigned long long start) __attribute__((unused));\n"
    "static unsigned long long aitool_clock_nest(unsigned loop) __attribute__((unused));\n"
    "static void aitool_time_nest(unsigned loop, unsigned long long start) "
    "__attribute__((unused));\n"
    "static unsigned long long aitool_clock_all(void) __attribute__((unused));\n"
    "static void aitool_time_all(unsigned loop, unsigned long long start) "
    "__attribute__((unused));\n"
    "#define AITOOL_HIT(k) (aitool_here()[k]++)\n";

/* C++: a counter's number may hold a template's key, with commas; a nest
 * is a try block whose handler hands its counters over before the
 * exception goes on, as a return does (without exceptions, a block; in a
 * function no exception can leave, a destructor or one declared noexcept,
 * a block too, as a rethrow there would only terminate and g++ warns of
 * it); and the keys of template instances (instances.c). */
static const char auto_prelude_cxx[] =
    "#undef AITOOL_HIT\n"
    "#define AITOOL_HIT(...) (aitool_here()[__VA_ARGS__]++)\n"
    "#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)\n"
    "#define AITOOL_TRY try\n"
    "#define AITOOL_UNWIND(...) catch (...) { __VA_ARGS__ throw; }\n"
    "#else\n"
    "#define AITOOL_TRY\n"
    "#define AITOOL_UNWIND(...)\n"
    "#endif\n";

/* The tables the runtime reads, then the runtime. */
static char *auto_epilogue(autoi *ai)
{
    strbuf t = STRBUF_INIT;
    strbuf_printf(&t, "\n\n#define AITOOL_NCOUNTERS %u\n#define AITOOL_NLOOPS %zu\n",
                  ai->ncounters, ai->nloops);
    write_groups(ai, &t);
    strbuf_append(&t, "static const char aitool_file[] = \"");
    append_json_in_c(&t, ai->s->path);
    /* the build identity of the measurement (measured.h) */
    uint64_t digest = measured_digest(ai->s->text, ai->s->len);
    strbuf_printf(&t, "\";\n#define AITOOL_DIGEST 0x%016llxULL\n#define AITOOL_UNIT 0x%016llxULL\n",
                  (unsigned long long)digest,
                  (unsigned long long)measured_unit_id(ai->s->path, digest));
    strbuf_append(&t, "static const struct aitool_loop {\n"
                      "    unsigned line, column;\n    const char *function;\n"
                      "    unsigned long load, store; /* bytes per iteration */\n"
                      "    int timed; /* 1 a nest's own loop, 2 timed under AITOOL_TIME=all */\n"
                      "    unsigned inside; /* the loops inside it, the table's next */\n"
                      "} aitool_loops[] = {\n");
    for (size_t i = 0; i < ai->nloops; i++) {
        const lm_loop *l = ai->loops[i];
        lm_bytes load = lm_arrays_bytes(ai->s->prog, l->own_arrays, false);
        lm_bytes store = lm_arrays_bytes(ai->s->prog, l->own_arrays, true);
        strbuf_printf(&t, "    {%u, %u, \"", l->loc.line, l->loc.column);
        append_json_in_c(&t, l->function->name);
        strbuf_printf(&t, "\", %s, %s, %d, %zu},\n", load.formula ? load.formula : "0",
                      store.formula ? store.formula : "0", ai->timed[i], ai->inside[i]);
    }
    strbuf_append(&t, "    {0, 0, 0, 0, 0, 0, 0}\n};\n"
                      "static const struct aitool_row {\n"
                      "    unsigned counter;\n    int loop, field;\n    unsigned long amount;\n"
                      "} aitool_rows[] = {\n");
    for (size_t i = 0; i < ai->nrows; i++)
        strbuf_printf(&t, "    {%u, %d, %d, %lu},\n", ai->rows[i].counter, ai->rows[i].loop,
                      ai->rows[i].field, ai->rows[i].amount);
    strbuf_append(&t, "    {0, -2, 0, 0}\n};\n\n");
    strbuf_append(&t, instrument_runtime_text);
    return strbuf_take(&t);
}

/* Each function; each template's instances once, together, at its first
 * (the functions of one text); an explicit specialization (its own text,
 * not the template's) as any function. */
static void auto_visit_file(autoi *ai)
{
    scan_pragmas(ai);
    size_t n;
    const lm_function **instances = template_instances(ai, &n);
    const lm_function **group = mem_alloc((n ? n : 1) * sizeof *group);
    size_t next = 0; /* the next implicit instance in the model's order */
    for (const lm_function *fn = ai->s->model->functions; fn; fn = fn->next) {
        if (!fn->body)
            continue;
        if (next == n || instances[next] != fn) {
            visit_function(ai, fn);
            continue;
        }
        next++;
        bool first = true;
        for (size_t k = 0; k + 1 < next && first; k++)
            first = !same_text(instances[k], fn);
        if (!first)
            continue;
        size_t ng = 0;
        for (size_t k = next - 1; k < n; k++)
            if (same_text(instances[k], fn))
                group[ng++] = instances[k];
        if (ng == 1 && !instances_is_implicit(fn))
            visit_function(ai, fn);
        else
            visit_template(ai, group, ng);
    }
    free(group);
    free(instances);
}

static void auto_release(autoi *ai)
{
    free(ai->loops);
    free(ai->rows);
    free(ai->pragmas);
    free(ai->jumps);
    free(ai->by_jump);
    free(ai->loop_stmts);
    free(ai->kept_uses);
    free(ai->timed);
    free(ai->inside);
    free(ai->open_timed);
    for (size_t i = 0; i < ai->ngroups; i++)
        group_release(&ai->groups[i]);
    free(ai->groups);
    free(ai->work);
}

bool auto_instrument(source *s)
{
    const char *time = getenv("AITOOL_TIME");
    autoi ai = {.s = s, .time_all = time && !strcmp(time, "all"), .cxx = s->model->cxx,
                .counter_offset = "", .loop_offset = ""};
    auto_visit_file(&ai);
    strbuf prelude = STRBUF_INIT;
    strbuf_append(&prelude, auto_prelude);
    if (ai.cxx) {
        strbuf_append(&prelude, auto_prelude_cxx);
        strbuf_append(&prelude, instances_prelude);
    }
    edits_insert(&s->edits, 0, EDIT_OPEN, strbuf_cstr(&prelude));
    strbuf_release(&prelude);
    char *epilogue = auto_epilogue(&ai);
    edits_insert(&s->edits, s->len, EDIT_CLOSE, epilogue);
    free(epilogue);
    auto_release(&ai);
    return true; /* what cannot be instrumented is left as written, with a warning */
}

static const char clock_prelude[] =
    "/* measuretool -simon-clock: simon_advance(N) at the start of each stretch of code\n"
    "   that always runs as a whole advances the task's clock by the N ns its operations\n"
    "   cost (simon/README.md) */\n"
    "#include <stdint.h>\n";

bool auto_clock(source *s, const op_costs *costs)
{
    autoi ai = {.s = s, .clock = costs, .cxx = s->model->cxx, .counter_offset = "",
                .loop_offset = ""};
    auto_visit_file(&ai);
    strbuf prelude = STRBUF_INIT;
    strbuf_printf(&prelude, "%s%svoid simon_advance(int64_t ns);\n", clock_prelude,
                  ai.cxx ? "extern \"C\" " : "");
    edits_insert(&s->edits, 0, EDIT_OPEN, strbuf_cstr(&prelude));
    strbuf_release(&prelude);
    auto_release(&ai);
    return true;
}
