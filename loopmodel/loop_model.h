/* loop_model: the program -> files -> functions -> nested loops that the
 * analyzer builds and every output reads.
 *
 * Counting rules (README.md, "What is counted"): FP operations are counted
 * per single iteration; a loop's `own` counts are those of its body outside
 * nested loop bodies (nested loop headers included), its `inclusive` counts
 * add the inclusive counts of its nested loops.  Arrays: each distinct array
 * counts once as a load if read and once as a store if written, per loop,
 * inclusive of its nested loops; bytes are grouped by element type into a
 * formula.
 *
 * Ownership: an lm_program owns everything reachable from it (one arena);
 * strings passed in are copied.  lm_program_free() releases it all.
 *
 * Built by the analyzer (or read from ExaSAT XML by xml-schema/) and read,
 * never walked again, by every stage after it: the reports, the XML writer,
 * the instrumenters, the performance model and the CHIP3S emitter. */
#ifndef AITOOL_LOOP_MODEL_H
#define AITOOL_LOOP_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "mem.h"

typedef enum lm_loop_kind {
    LM_LOOP_FOR,
    LM_LOOP_WHILE,
    LM_LOOP_DO,
} lm_loop_kind;

/* An OpenMP directive on a loop (lm_loop.omp): LM_OMP_FOR shares its iterations out among
 * the threads (omp for, parallel for); with LM_OMP_PARALLEL it starts a team of its own
 * (parallel for); with LM_OMP_NOWAIT no barrier ends it. */
enum { LM_OMP_FOR = 1, LM_OMP_PARALLEL = 2, LM_OMP_NOWAIT = 4 };

typedef enum lm_fp_class {
    LM_FP_PLUS,
    LM_FP_MINUS,
    LM_FP_MULTIPLY,
    LM_FP_DIVIDE,
    LM_FP_SPECIAL, /* libm calls: reported, but not part of fp_total */
    LM_FP_NCLASSES,
} lm_fp_class;

typedef struct lm_fp_counts {
    unsigned long n[LM_FP_NCLASSES];
} lm_fp_counts;

/* The clauses of `#pragma aitool`: one per class, then fp_total. */
enum { LM_CLAUSE_TOTAL = LM_FP_NCLASSES, LM_NCLAUSES };

typedef struct lm_location {
    const char *file; /* absolute path */
    unsigned line, column;
} lm_location;

/* What the user wrote in a `#pragma aitool` (or `_Pragma("aitool ...")`)
 * before a statement or a function definition. */
typedef struct lm_pragma {
    lm_location loc; /* the file as the user (or clang, for a header) named it */
    bool present[LM_NCLAUSES];
    unsigned long expected[LM_NCLAUSES];
} lm_pragma;

/* One pragma and the counts of what it stands before: a loop's per
 * iteration, a function's whole body, any other statement's one execution.
 * `what` names that ("loop", "function", "switch", "if", "block",
 * "statement"); it stays NULL when the pragma stood before nothing it can
 * apply to (an error reported where it was found). */
typedef struct lm_check {
    struct lm_check *next;
    lm_pragma pragma;
    const char *what;
    lm_fp_counts counts;
} lm_check;


/* One array used in one loop (own level, or inclusive after lm_program_finish). */
typedef struct lm_array_use {
    struct lm_array_use *next;
    const char *key;       /* same key, same array */
    const char *name;      /* as written: "a", "grid->u" */
    const char *elem_type; /* the type as it appears in sizeof(...) */
    unsigned long elem_size;
    /* Source-order sequence numbers of the first read and first write; 0 = none. */
    unsigned long first_read, first_write;
} lm_array_use;

/* Bytes moved per iteration: formula "1 * sizeof(double ) + ..." or NULL when none. */
typedef struct lm_bytes {
    const char *formula;
    unsigned long bytes;
} lm_bytes;

/* ---- The ExaSAT detail (spec draft 0.3.1, xml-schema/README.md) ----
 * What an ExaSAT XML file says beyond the counts: filled by the analyzer when
 * asked for it (analyzer_options.detail) and by the XML reader.  Everything
 * lives in the program's arena; lists are in order of first appearance. */

/* A loop's header as ExaSAT gives it; NULL when unknown (a while loop, a
 * for loop that is not `v = lo; v < hi; v += s`).  lower is v's first value,
 * upper the inclusive bound of its last (`v < n - 1` gives "n-2"), stride is
 * signed; all are C expressions over the program's symbols. */
typedef struct lm_bounds {
    const char *loopvar, *lower, *upper, *stride;
} lm_bounds;

/* A scalar variable used at one loop level (own level, header excluded). */
typedef struct lm_scalar {
    struct lm_scalar *next;
    const char *name, *datatype;
    bool is_constant; /* const-qualified, or never written in the function */
    /* Declared in this loop's body: a new variable every iteration, so nothing is carried
     * in it from one iteration to the next (ExaSAT XML's declared="true", ours). */
    bool declared;
    unsigned long reads, writes; /* references per iteration */
    /* The struct type the scalar is a member of (ExaSAT's own
     * <scalar struct="::eos_type_module::eos_t">), or NULL. */
    const char *structure;
} lm_scalar;

typedef enum lm_access_type {
    LM_READONLY,
    LM_WRITEONLY,
    LM_READWRITE,
} lm_access_type;

/* Per-dimension extents ((neg0,pos0),(neg1,pos1),...), dimension 0 the one
 * that varies fastest in memory (the last C subscript). */
typedef struct lm_ghost {
    unsigned ndims;
    long *neg, *pos;
} lm_ghost;

/* One distinct subscript of an array at one loop level.  index[d] is the
 * constant offset in dimension d (fastest first); order[d], when order is
 * not NULL, the loop level whose variable dimension d follows (0 = the loop
 * the access is in, 1 = its parent, ...); NULL is the default 0, 1, 2, ...
 * A subscript that is not a loop variable plus a constant in some dimension
 * makes the access not relative: index then holds the integer constants of
 * the subscripts (0 where there is none) and `subscript` the C text.
 * scale[d], when scale is not NULL, is how many elements dimension d
 * advances per iteration of the loop it follows (ExaSAT's own
 * dependentloopvar="(2 * k)": 2); NULL is 1 in every dimension. */
typedef struct lm_access {
    struct lm_access *next;
    unsigned ndims, norder;
    long *index;
    int *order;
    long *scale;
    bool relative;
    const char *subscript; /* "[m][i+1]": non-relative accesses, else NULL */
    unsigned long reads, writes;
} lm_access;

typedef struct lm_array_ref {
    struct lm_array_ref *next;
    const char *name, *component, *datatype;
    const char *structure; /* the struct it is a member of, as lm_scalar's; or NULL */
    /* The bytes of one element (our extension, XML's elementbytes): what the
     * target says of a struct, union or typedef that datatype only names;
     * 0 when unknown (then lm_datatype_size(datatype) is all there is). */
    unsigned long elem_bytes;
    lm_access_type access_type;
    lm_ghost ghost;
    lm_access *accesses, *last_access;
} lm_array_ref;

/* The counters of an ExaSAT pininfo element, in the spec's order (specials
 * is ours); a field is written only when present. */
typedef enum lm_pin_field {
    LM_PIN_ENTRIES,
    LM_PIN_ITERS,
    LM_PIN_OPS,
    LM_PIN_READS,
    LM_PIN_WRITES,
    LM_PIN_BYTEREADS,
    LM_PIN_BYTEWRITES,
    LM_PIN_UNIQUEREADS,
    LM_PIN_UNIQUEWRITES,
    LM_PIN_ADDS,
    LM_PIN_SUBS,
    LM_PIN_MULS,
    LM_PIN_DIVS,
    LM_PIN_SPECIALS,
    LM_PIN_CACHEHITS,
    LM_PIN_CACHEMISSES,
    LM_PIN_NFIELDS,
} lm_pin_field;

typedef struct lm_pininfo {
    bool present[LM_PIN_NFIELDS];
    unsigned long value[LM_PIN_NFIELDS];
} lm_pininfo;

/* A variable of a function: ExaSAT's local and nonlocal elements. */
typedef struct lm_var {
    struct lm_var *next;
    const char *name;
} lm_var;

typedef struct lm_loop lm_loop;

/* A call made in a function (communications excluded), in source order.
 * The analyzer fills every field; the XML reader what the document says.
 * A call of a function defined in the program is a call site: `added` and
 * the added bytes are what the call put into the counts of `loop` (or of
 * the function, outside loops) when the callee's body was followed there
 * (README.md, "Calls and annotation files"): FP operations of one execution
 * of its body, and the bytes of the arrays the call was the first at that
 * level to read or write.  A consumer that models the call itself (a CHIP3S
 * study calling the callee's procedure, a whole-program total following the
 * call graph) takes them off the caller's counts so that nothing counts
 * twice.  Strings live in the program's arena. */
struct lm_call {
    struct lm_call *next;
    unsigned line;
    unsigned column;          /* 0 when unknown (read from XML) */
    const char *name;         /* the callee, or the callee expression's text */
    lm_loop *loop;            /* the innermost loop around the call; NULL: function level */
    const char **args;        /* the actual arguments' C text, in order */
    size_t nargs;
    lm_fp_counts added;
    unsigned long added_load_bytes, added_store_bytes;
    bool indirect;            /* through a function pointer: no callee known */
    /* Set by lm_program_finish: the function of the program called (one of
     * the caller's file first, then the first of that name), or NULL; and
     * whether the callee can reach the caller again through calls (the two
     * are in one cycle of the call graph: recursion). */
    struct lm_function *callee;
    bool recursive;
};
typedef struct lm_call lm_call;

/* A commscalar (is_array false) or commarray of a communication. */
typedef struct lm_comm_var {
    struct lm_comm_var *next;
    bool is_array;
    const char *name, *datatype;
    unsigned long components; /* commarray: numofcomponents */
    lm_ghost ghost;           /* commarray */
    const char *count;        /* commarray: the message's element count as written, or NULL */
} lm_comm_var;

typedef struct lm_comm {
    struct lm_comm *next;
    unsigned line;
    const char *commtype, *interface; /* "reduce"/"ghost", "MPI_Allreduce" */
    lm_comm_var *vars, *last_var;
} lm_comm;

typedef struct lm_function lm_function;

struct lm_loop {
    struct lm_loop *next;     /* next sibling, in source order */
    struct lm_loop *children; /* first nested loop */
    struct lm_loop *last_child;
    struct lm_loop *parent;   /* NULL for a loop at function level */
    lm_function *function;
    lm_loop_kind kind;
    lm_location loc; /* the loop keyword */
    size_t index;    /* the program's loops are numbered 0, 1, ... as made: stages key
                        what they find out about a loop by it */
    unsigned depth;  /* 1 for a loop at function level */
    lm_fp_counts own, inclusive;
    lm_array_use *own_arrays; /* in order of first use */
    lm_array_use *arrays;     /* inclusive, filled by lm_program_finish */
    lm_bytes loads, stores;   /* from `arrays` */
    double ai;                /* -1.0 until computed */
    bool complete;            /* false when some bytes could not be known */
    /* The called functions whose effects are unknown (no annotation and no
     * definition), inclusive of nested loops; complete is false when any. */
    const char **unknown_calls;
    size_t nunknown_calls;
    /* The ExaSAT detail of the own level. */
    lm_bounds bounds;
    lm_scalar *scalars, *last_scalar;
    lm_array_ref *array_refs, *last_array_ref;
    const lm_pininfo *pininfo; /* read from XML, or NULL (then from measured) */
    /* The chance that the body runs when its enclosing level does: 1 for a
     * loop from C; an ExaSAT `if` block read from XML is a loop of one
     * iteration with the if's probability (xml-schema/README.md). */
    double probability;
    unsigned omp; /* LM_OMP_* flags, 0: no worksharing directive */
};

struct lm_function {
    lm_function *next;
    const char *name;
    lm_location loc;          /* the name */
    lm_location start;        /* the first token of the definition */
    lm_fp_counts own;       /* operations outside every loop body */
    lm_fp_counts inclusive; /* the whole body */
    lm_loop *loops, *last_loop;
    /* Set by a producer that filled every inclusive count and array list
     * itself (the analyzer, whose flow-sensitive rule is not a sum);
     * otherwise lm_program_finish sums them from the own levels. */
    bool inclusive_given;
    /* The ExaSAT detail: variables, calls (communications excluded) and
     * communications, in source order. */
    lm_var *locals, *last_local, *nonlocals, *last_nonlocal;
    lm_call *calls, *last_call;
    lm_comm *comms, *last_comm;
    /* The parameters' names in order ("" for an unnamed one): what a call's
     * arguments bind. */
    const char **params;
    size_t nparams;
    struct lm_stmt *body; /* its statement record (loop_stmt.h), when asked for */
    /* C++: one instance of a template (its name says which, "axpy<float>"),
     * whose loops carry the template's locations; or a template the unit
     * never instantiates, whose loops are listed but not counted (their
     * intensity stays -1). */
    bool instance, uncounted;
    /* C++: no exception can leave it (noexcept, throw(), a destructor). */
    bool nothrow;
};

typedef struct lm_file {
    struct lm_file *next;
    const char *path;
    lm_function *functions, *last_function;
    lm_check *checks, *last_check; /* the pragmas of the file and its headers, in order */
    bool cxx;                      /* read as C++ */
} lm_file;

typedef struct lm_program {
    arena *arena;
    lm_file *files, *last_file;
    size_t nloops; /* loops made so far: each lm_loop's index is below it */
} lm_program;

lm_program *lm_program_create(void);
void lm_program_free(lm_program **p);

/* A file owned by p's arena but not yet part of it: the analyzer appends a
 * file only once all of it was analyzed. */
lm_file *lm_file_create(lm_program *p, const char *path);
void lm_program_append_file(lm_program *p, lm_file *f);
/* Move all of *from (files, functions, loops, its arena) to the end of
 * into, numbering its loops on after into's; *from is freed and NULL.  A
 * parallel run analyzes each file into a program of its own and joins them
 * in order, which gives what analyzing them one after another into one
 * program gives. */
void lm_program_absorb(lm_program *into, lm_program **from);
lm_function *lm_file_add_function(lm_program *p, lm_file *f, const char *name, lm_location loc);
/* A new loop inside `parent`, or at function level when parent is NULL. */
lm_loop *lm_function_add_loop(lm_program *p, lm_function *fn, lm_loop *parent,
                              lm_loop_kind kind, lm_location loc);

/* Record a read and/or write of an array in a list (a loop's own_arrays, or
 * its inclusive arrays when the producer fills them). */
void lm_arrays_note(lm_program *p, lm_array_use **list, const char *key, const char *name,
                    const char *elem_type, unsigned long elem_size,
                    bool read, bool write, unsigned long seq);

/* The earlier of two sequence numbers of first use, 0 meaning "never". */
unsigned long lm_first_seq(unsigned long a, unsigned long b);

/* Record that `loop` calls a function with unknown effects (once per name). */
void lm_loop_note_unknown_call(lm_program *p, lm_loop *loop, const char *name);

/* Fill every derived field: inclusive counts and arrays (unless given),
 * loads, stores, ai, and each call's callee and recursive flag. */
void lm_program_finish(lm_program *p);
/* The calls' callee and recursive fields from the whole program's call
 * graph (loop_calls.c); lm_program_finish does it, and again gives the same. */
void lm_program_link_calls(lm_program *p);

/* The name a loop's iterations per entry are given by when its bounds do not give them
 * (perfmodel -D, measuretool -param, a CHIP3S study's variable): FUNC_L<line>, or
 * FUNC_L<line>c<column> when another loop of the function starts on that line (two loops
 * one macro's use writes). */
void lm_loop_count_name(const lm_loop *l, char *buf, size_t size);

/* Loops of a function in source order (pre-order): start with fn->loops. */
lm_loop *lm_loop_next_preorder(const lm_loop *l);

/* For the writers of formats whose readers nest only so deep (ExaSAT XML,
 * CHIP3S studies): each loop of p nested max + 1 deep, the outermost too
 * deep of its nest, reported as an error at the loop naming the format,
 * the limit and its reason.  False when there was one. */
bool lm_check_depth(const lm_program *p, unsigned max, const char *format, const char *why);

unsigned long lm_fp_total(const lm_fp_counts *c);
void lm_fp_add(lm_fp_counts *dst, const lm_fp_counts *src);
const char *lm_fp_class_name(lm_fp_class c); /* "fp_plus", ... */
const char *lm_clause_name(int clause);      /* lm_fp_class_name, and "fp_total" */

/* A new check of pragma `pr` (copied, its file name too) at the end of f's. */
lm_check *lm_file_add_check(lm_program *p, lm_file *f, const lm_pragma *pr);

/* Check every pragma that stands before something against its counts: one
 * error per differing clause, and with report_matches a note per matching
 * one.  Returns the number of differing clauses. */
unsigned lm_verify_pragmas(const lm_program *p, bool report_matches);
/* The count a clause of a pragma is checked against: fp_total, or one class's. */
unsigned long lm_clause_count(const lm_fp_counts *c, int clause);
/* Whether c stands before something and every clause it gives matches. */
bool lm_check_matches(const lm_check *c);
const char *lm_loop_kind_name(lm_loop_kind k); /* "for", "while", "do" */

/* The bytes of the arrays read (stores: written), grouped by element type in
 * order of first appearance.  The formula is allocated in p's arena. */
lm_bytes lm_arrays_bytes(lm_program *p, const lm_array_use *arrays, bool stores);
/* The same number of bytes, without the formula. */
unsigned long lm_arrays_byte_count(const lm_array_use *arrays, bool stores);

/* fp_total / bytes; 9999.9 when bytes are 0 and flops are not; 0 when both are. */
double lm_intensity(unsigned long fp_total, unsigned long bytes);

/* ---- Building the ExaSAT detail (loop_detail.c); strings are copied. ---- */

lm_scalar *lm_loop_add_scalar(lm_program *p, lm_loop *l, const char *name, const char *datatype);
lm_scalar *lm_loop_find_scalar(const lm_loop *l, const char *name);
/* ghost gets ndims dimensions of (0,0). */
lm_array_ref *lm_loop_add_array_ref(lm_program *p, lm_loop *l, const char *name,
                                    const char *component, const char *datatype,
                                    unsigned ndims);
lm_array_ref *lm_loop_find_array_ref(const lm_loop *l, const char *name);
/* An access with ndims zero offsets and, when norder > 0, an order of
 * norder zeros. */
lm_access *lm_array_ref_add_access(lm_program *p, lm_array_ref *a, unsigned ndims,
                                   unsigned norder);
/* The access's scale, allocated with 1 in each of its dimensions. */
long *lm_access_add_scale(lm_program *p, const lm_access *x);
void lm_ghost_init(lm_program *p, lm_ghost *g, unsigned ndims);
void lm_function_add_var(lm_program *p, lm_function *fn, bool local, const char *name);
bool lm_function_has_var(const lm_function *fn, bool local, const char *name);
/* A call at `line` inside `loop` (NULL: at function level), all else zero. */
lm_call *lm_function_add_call(lm_program *p, lm_function *fn, lm_loop *loop, unsigned line,
                              const char *name);
/* Append the C text of the call's next actual argument. */
void lm_call_add_arg(lm_program *p, lm_call *c, const char *text);
/* Append a parameter's name. */
void lm_function_add_param(lm_program *p, lm_function *fn, const char *name);
lm_comm *lm_function_add_comm(lm_program *p, lm_function *fn, unsigned line,
                              const char *commtype, const char *interface);
lm_comm_var *lm_comm_add_var(lm_program *p, lm_comm *c, bool is_array, const char *name,
                             const char *datatype);

const char *lm_access_type_name(lm_access_type t); /* "readonly", ... */
/* The attribute name of a pininfo field ("entries", "iters", ...). */
const char *lm_pin_field_name(lm_pin_field f);
/* A loop's LM_OMP_* flags as ExaSAT XML's loop/@omp spells them ("for", "for nowait",
 * "parallel for", "parallel for nowait"; NULL for 0), and back (0 for any other text). */
const char *lm_omp_name(unsigned omp);
unsigned lm_omp_parse(const char *name);
/* The size in bytes of a C arithmetic type named in XML ("double",
 * "unsigned long"), 0 when unknown; the sizes of the x86-64 Linux ABI. */
unsigned long lm_datatype_size(const char *datatype);

/* Append node n to a list kept as first/last pointers (each node's `next`
 * links it): how loopmodel's own files grow the model's lists. */
#define LM_APPEND(first, last, n)                                                                 \
    do {                                                                                          \
        if (last)                                                                                 \
            (last)->next = (n);                                                                   \
        else                                                                                      \
            (first) = (n);                                                                        \
        (last) = (n);                                                                             \
    } while (0)

#endif
