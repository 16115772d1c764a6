/* The analyzer against kernels whose counts were worked out by hand (the
 * derivations are comments in testsuite/kernels/). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer.h"
#include "analyzer_tu.h"
#include "annot.h"
#include "diag.h"
#include "loop_model.h"
#include "loop_stmt.h"
#include "omp.h"
#include "strbuf.h"
#include "tally.h"
#include "testutil.h"

typedef struct expected_loop {
    const char *function;
    unsigned line, column;
    lm_loop_kind kind;
    unsigned depth;
    unsigned long plus, minus, multiply, divide, special;
    const char *loads;
    unsigned long load_bytes;
    const char *stores;
    unsigned long store_bytes;
    const char *unknown_calls; /* "a, b", or NULL when the loop is complete */
} expected_loop;

/* The tables leave unknown_calls out for the loops that are complete. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

/* How a kernel is analyzed: as measuretool does by default unless said. */
typedef struct setup {
    const char *const *args;
    int nargs;
    const char *annot_file; /* in the kernel directory, or NULL */
    bool no_default_annots, flow_sensitive;
} setup;

static char *kernel_path(const char *name)
{
    strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "%s/%s", AITOOL_KERNEL_DIR, name);
    return strbuf_take(&sb);
}

/* Analyze one kernel; NULL when the analyzer refused it. */
static lm_program *analyze_with(const char *name, const setup *su)
{
    char *path = kernel_path(name);
    annot_set *annots = annot_set_create();
    if (!su->no_default_annots)
        annot_load_defaults(annots);
    if (su->annot_file) {
        char *annot_path = kernel_path(su->annot_file);
        CU_ASSERT_TRUE(annot_parse_file(annots, annot_path));
        free(annot_path);
    }
    analyzer_options opt = {su->args, su->nargs, false, annots, su->flow_sensitive, false};
    analyzer *a = analyzer_create(&opt);
    lm_program *p = lm_program_create();
    bool ok = analyzer_analyze_file(a, p, path);
    analyzer_free(&a);
    annot_set_free(&annots);
    free(path);
    if (!ok) {
        lm_program_free(&p);
        return NULL;
    }
    lm_program_finish(p);
    return p;
}

static lm_program *analyze(const char *name, const char *const *args, int nargs)
{
    setup su = {args, nargs, NULL, false, false};
    return analyze_with(name, &su);
}

static size_t analyze_loop_count(const char *name)
{
    lm_program *p = analyze(name, NULL, 0);
    size_t n = 0;
    if (p)
        for (const lm_loop *l = p->files->functions->loops; l; l = lm_loop_next_preorder(l))
            n++;
    lm_program_free(&p);
    return n;
}

static void check_loop(const lm_loop *l, const expected_loop *e)
{
    char where[128];
    snprintf(where, sizeof where, "%s line %u", e->function, e->line);
    CU_ASSERT_STRING_EQUAL(l->function->name, e->function);
    CU_ASSERT_EQUAL(l->loc.line, e->line);
    CU_ASSERT_EQUAL(l->loc.column, e->column);
    CU_ASSERT_EQUAL(l->kind, e->kind);
    CU_ASSERT_EQUAL(l->depth, e->depth);
    const unsigned long want[LM_FP_NCLASSES] = {e->plus, e->minus, e->multiply, e->divide,
                                                e->special};
    for (int k = 0; k < LM_FP_NCLASSES; k++) {
        if (l->inclusive.n[k] != want[k]) {
            fprintf(stderr, "\n  %s: %s is %lu, expected %lu", where, lm_fp_class_name(k),
                    l->inclusive.n[k], want[k]);
        }
        CU_ASSERT_EQUAL(l->inclusive.n[k], want[k]);
    }
    CU_ASSERT_STRING_EQUAL(l->loads.formula ? l->loads.formula : "NULL", e->loads ? e->loads : "NULL");
    CU_ASSERT_STRING_EQUAL(l->stores.formula ? l->stores.formula : "NULL",
                           e->stores ? e->stores : "NULL");
    CU_ASSERT_EQUAL(l->loads.bytes, e->load_bytes);
    CU_ASSERT_EQUAL(l->stores.bytes, e->store_bytes);
    unsigned long total = e->plus + e->minus + e->multiply + e->divide;
    CU_ASSERT_DOUBLE_EQUAL(l->ai, lm_intensity(total, e->load_bytes + e->store_bytes), 1e-12);
    strbuf unknown = STRBUF_INIT;
    for (size_t i = 0; i < l->nunknown_calls; i++)
        strbuf_printf(&unknown, "%s%s", i ? ", " : "", l->unknown_calls[i]);
    CU_ASSERT_STRING_EQUAL(strbuf_cstr(&unknown), e->unknown_calls ? e->unknown_calls : "");
    CU_ASSERT_EQUAL(l->complete, e->unknown_calls == NULL);
    strbuf_release(&unknown);
}

/* Analyze with the diagnostics kept out of the log. */
static lm_program *analyze_quietly(const char *name, const setup *su)
{
    FILE *quiet = tmpfile();
    diag_set_stream(quiet);
    lm_program *p = analyze_with(name, su);
    diag_set_stream(NULL);
    fclose(quiet);
    return p;
}

/* Every loop of the kernel, in source order, and no other.  Calls the
 * kernels make to unknown functions are warned about: kept out of the log. */
static void check_kernel_with(const char *name, const setup *su, const expected_loop *expected,
                              size_t n)
{
    lm_program *p = analyze_quietly(name, su);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    size_t seen = 0;
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            for (const lm_loop *l = fn->loops; l; l = lm_loop_next_preorder(l)) {
                if (seen < n)
                    check_loop(l, &expected[seen]);
                seen++;
            }
    CU_ASSERT_EQUAL(seen, n);
    lm_program_free(&p);
}

static void check_kernel(const char *name, const char *const *args, int nargs,
                         const expected_loop *expected, size_t n)
{
    setup su = {args, nargs, NULL, false, false};
    check_kernel_with(name, &su, expected, n);
}

#define CHECK_KERNEL(name, args, nargs, table) \
    check_kernel(name, args, nargs, table, sizeof table / sizeof table[0])
#define CHECK_KERNEL_WITH(name, setup, table) \
    check_kernel_with(name, setup, table, sizeof table / sizeof table[0])

static void test_mixed_int_and_float(void)
{
    static const expected_loop loops[] = {
        {"mixed", 8, 5, LM_LOOP_FOR, 1, 3, 2, 3, 1, 0,
         "1 * sizeof(double ) + 1 * sizeof(int ) + 1 * sizeof(long double )", 28,
         "1 * sizeof(double ) + 1 * sizeof(float ) + 1 * sizeof(long double )", 28},
        {"headers", 32, 5, LM_LOOP_WHILE, 1, 3, 0, 0, 0, 0, "1 * sizeof(double )", 8, NULL, 0},
        {"headers", 33, 9, LM_LOOP_FOR, 2, 1, 0, 0, 0, 0, NULL, 0, NULL, 0},
    };
    CHECK_KERNEL("mixed.c", NULL, 0, loops);
}

static void test_function_level_counts(void)
{
    lm_program *p = analyze("mixed.c", NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    const lm_function *headers = p->files->functions->next;
    CU_ASSERT_STRING_EQUAL(headers->name, "headers");
    /* The while condition's multiply and the return's divide. */
    CU_ASSERT_EQUAL(headers->own.n[LM_FP_MULTIPLY], 1);
    CU_ASSERT_EQUAL(headers->own.n[LM_FP_DIVIDE], 1);
    CU_ASSERT_EQUAL(lm_fp_total(&headers->own), 2);
    CU_ASSERT_EQUAL(lm_fp_total(&headers->inclusive), 5);
    /* The nested for header belongs to the while loop's own level. */
    CU_ASSERT_EQUAL(headers->loops->own.n[LM_FP_PLUS], 2);
    CU_ASSERT_EQUAL(headers->loops->children->own.n[LM_FP_PLUS], 1);
    lm_program_free(&p);
}

static void test_nested_loops(void)
{
    static const expected_loop loops[] = {
        {"nest", 8, 5, LM_LOOP_FOR, 1, 4, 2, 2, 1, 0,
         "3 * sizeof(double ) + 1 * sizeof(float )", 28,
         "2 * sizeof(double ) + 1 * sizeof(float )", 20},
        {"nest", 11, 9, LM_LOOP_FOR, 2, 4, 0, 1, 0, 0, "2 * sizeof(double )", 16,
         "1 * sizeof(double )", 8},
        {"nest", 16, 9, LM_LOOP_DO, 2, 0, 1, 0, 1, 0, "1 * sizeof(float )", 4,
         "1 * sizeof(float )", 4},
        {"triple", 27, 5, LM_LOOP_WHILE, 1, 1, 0, 1, 0, 0, "1 * sizeof(double )", 8,
         "1 * sizeof(double )", 8},
        {"triple", 28, 9, LM_LOOP_FOR, 2, 1, 0, 1, 0, 0, "1 * sizeof(double )", 8,
         "1 * sizeof(double )", 8},
        {"triple", 29, 13, LM_LOOP_FOR, 3, 1, 0, 1, 0, 0, "1 * sizeof(double )", 8,
         "1 * sizeof(double )", 8},
    };
    CHECK_KERNEL("nested.c", NULL, 0, loops);
}

static void test_every_element_type(void)
{
    static const expected_loop loops[] = {
        {"integers", 8, 5, LM_LOOP_FOR, 1, 0, 0, 0, 0, 0,
         "1 * sizeof(signed char ) + 1 * sizeof(unsigned char ) + 1 * sizeof(short ) + "
         "1 * sizeof(unsigned short )", 6,
         "1 * sizeof(char )", 1},
        {"wide", 15, 5, LM_LOOP_FOR, 1, 0, 0, 0, 0, 0,
         "1 * sizeof(unsigned int ) + 1 * sizeof(long ) + 1 * sizeof(unsigned long ) + "
         "1 * sizeof(long long ) + 1 * sizeof(unsigned long long ) + 1 * sizeof(_Bool )", 37,
         "1 * sizeof(int )", 4},
        {"floating", 21, 5, LM_LOOP_FOR, 1, 2, 0, 1, 0, 0,
         "1 * sizeof(float ) + 1 * sizeof(long double ) + 2 * sizeof(double )", 36,
         "1 * sizeof(double )", 8},
        {"records", 27, 5, LM_LOOP_FOR, 1, 0, 0, 1, 0, 0,
         "1 * sizeof(struct particle ) + 1 * sizeof(anon_t ) + 1 * sizeof(double * )", 48,
         "1 * sizeof(struct particle ) + 1 * sizeof(anon_t ) + 1 * sizeof(double )", 48},
    };
    CHECK_KERNEL("types.c", NULL, 0, loops);
}

static void test_pointers_and_fields(void)
{
    static const expected_loop loops[] = {
        {"pointers", 7, 5, LM_LOOP_FOR, 1, 1, 0, 1, 0, 0,
         "1 * sizeof(int ) + 2 * sizeof(double )", 20,
         "1 * sizeof(int ) + 1 * sizeof(double )", 12},
        {"fields", 17, 5, LM_LOOP_FOR, 1, 1, 0, 0, 0, 0, "2 * sizeof(double )", 16,
         "1 * sizeof(double )", 8},
    };
    CHECK_KERNEL("pointers.c", NULL, 0, loops);
}

static void test_field_arrays_are_named_by_path(void)
{
    lm_program *p = analyze("pointers.c", NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    const lm_loop *l = p->files->functions->next->loops;
    const char *names[] = {"g->u", "h.u", "g->v"};
    const lm_array_use *a = l->arrays;
    for (size_t i = 0; i < 3; i++, a = a->next) {
        CU_ASSERT_PTR_NOT_NULL_FATAL(a);
        CU_ASSERT_STRING_EQUAL(a->name, names[i]);
    }
    CU_ASSERT_PTR_NULL(a);
    lm_program_free(&p);
}

static void test_loops_from_macros(void)
{
    static const expected_loop loops[] = {
        {"macros", 11, 5, LM_LOOP_FOR, 1, 0, 0, 1, 0, 0, "1 * sizeof(double )", 8,
         "1 * sizeof(double )", 8},
        {"macros", 13, 5, LM_LOOP_FOR, 1, 1, 0, 1, 0, 0, "2 * sizeof(double )", 16,
         "1 * sizeof(double )", 8},
        {"macros", 15, 5, LM_LOOP_FOR, 1, 1, 0, 1, 0, 0, "2 * sizeof(double )", 16,
         "1 * sizeof(double )", 8},
        {"macros", 16, 5, LM_LOOP_FOR, 1, 0, 0, 1, 0, 0, "1 * sizeof(double )", 8,
         "1 * sizeof(double )", 8},
    };
    CHECK_KERNEL("macros.c", NULL, 0, loops);
}

/* kernels/instr_macro_stmts.c: the loops one macro's use writes are
 * reported at the columns of the macro's name, one each in source order,
 * also two uses on one line, one inside another's arguments, two statements
 * from one use; a loop written in the file keeps its keyword's place. */
static void test_loop_keys_from_macros(void)
{
    static const unsigned want[][2] = {
        {39, 5}, {39, 6}, {47, 5}, {49, 5}, {49, 6}, {49, 18}, {49, 19}, {50, 5}, {51, 5},
        {52, 9}, {52, 10}, {52, 11}, {53, 5}, {53, 6}, {54, 5}, {56, 5}, {56, 11}, {56, 12},
    };
    lm_program *p = analyze("instr_macro_stmts.c", NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    size_t n = 0;
    for (const lm_function *fn = p->files->functions; fn; fn = fn->next)
        for (const lm_loop *l = fn->loops; l; l = lm_loop_next_preorder(l), n++)
            if (n < sizeof want / sizeof *want) {
                CU_ASSERT_EQUAL(l->loc.line, want[n][0]);
                CU_ASSERT_EQUAL(l->loc.column, want[n][1]);
            }
    CU_ASSERT_EQUAL(n, sizeof want / sizeof *want);
    lm_program_free(&p);
}

/* kernels/macro_paths.c: member paths inside same-file macro bodies are
 * keyed as written expanded, one array per path. */
static void test_member_paths_in_macros(void)
{
    static const expected_loop loops[] = {
        {"macro_paths", 24, 5, LM_LOOP_FOR, 1, 1, 0, 0, 0, 0, "2 * sizeof(double )", 16,
         "1 * sizeof(double )", 8},
        {"macro_paths", 27, 5, LM_LOOP_FOR, 1, 1, 0, 0, 0, 0,
         "1 * sizeof(double ) + 1 * sizeof(int )", 12, NULL, 0},
    };
    CHECK_KERNEL("macro_paths.c", NULL, 0, loops);
}

static void test_math_calls_are_special(void)
{
    static const expected_loop loops[] = {
        {"maths", 8, 5, LM_LOOP_FOR, 1, 2, 1, 1, 1, 7,
         "1 * sizeof(double ) + 1 * sizeof(float ) + 1 * sizeof(long double )", 28,
         "1 * sizeof(double ) + 1 * sizeof(float ) + 1 * sizeof(long double )", 28, "user_fn"},
    };
    CHECK_KERNEL("math.c", NULL, 0, loops);
}

static void test_math_macros_are_known(void)
{
    static const expected_loop loops[] = {
        {"classify", 9, 5, LM_LOOP_FOR, 1, 2, 0, 0, 0, 2, "1 * sizeof(double )", 8,
         "3 * sizeof(double ) + 1 * sizeof(int )", 28},
    };
    CHECK_KERNEL("math_macros.c", NULL, 0, loops);
}

#define D1 "1 * sizeof(double )"
#define D2 "2 * sizeof(double )"
#define D3 "3 * sizeof(double )"

/* kernels/calls.c, with the annotations of kernels/calls.annot. */
static void test_calls(void)
{
    static const expected_loop loops[] = {
        {"scale_grid", 47, 5, LM_LOOP_FOR, 1, 0, 0, 1, 0, 0, D1, 8, D1, 8},
        {"kernel", 67, 5, LM_LOOP_FOR, 1, 1, 0, 1, 0, 0, D2, 16, D1, 8},
        {"kernel", 70, 5, LM_LOOP_FOR, 1, 4, 2, 2, 2, 0, D1, 8, D1, 8},
        {"kernel", 73, 5, LM_LOOP_FOR, 1, 0, 0, 1, 0, 0, NULL, 0, D1, 8},
        {"kernel", 76, 5, LM_LOOP_FOR, 1, 0, 0, 1, 0, 0, D1, 8, D1, 8},
        {"kernel", 80, 5, LM_LOOP_FOR, 1, 1, 0, 1, 0, 0, D2, 16, D1, 8},
        {"kernel", 85, 5, LM_LOOP_FOR, 1, 1, 0, 0, 0, 0, D1, 8, D1, 8},
        {"kernel", 88, 5, LM_LOOP_FOR, 1, 0, 0, 0, 0, 0,
         "2 * sizeof(double ) + 1 * sizeof(float )", 20, D1, 8},
        {"kernel", 93, 5, LM_LOOP_FOR, 1, 0, 0, 1, 0, 0, D1, 8, D1, 8, "ext_unknown"},
        {"kernel", 99, 5, LM_LOOP_FOR, 1, 0, 0, 0, 0, 0, D1, 8, D1, 8, "fp"},
        {"kernel", 102, 5, LM_LOOP_FOR, 1, 0, 0, 0, 0, 0, NULL, 0, D1, 8, "ext_unknown"},
        {"kernel", 105, 5, LM_LOOP_FOR, 1, 0, 0, 0, 0, 1, D1, 8,
         "1 * sizeof(double ) + 1 * sizeof(int )", 12},
        {"kernel", 108, 5, LM_LOOP_FOR, 1, 0, 0, 0, 0, 0, D1, 8, D1, 8},
        {"kernel", 111, 5, LM_LOOP_FOR, 1, 0, 0, 0, 0, 0, NULL, 0, NULL, 0, "memset"},
    };
    setup su = {NULL, 0, "calls.annot", false, false};
    CHECK_KERNEL_WITH("calls.c", &su, loops);
}

/* Which loops of calls.c change with other annotations. */
static const lm_loop *loop_at(const lm_program *p, unsigned line)
{
    for (const lm_function *fn = p->files->functions; fn; fn = fn->next)
        for (const lm_loop *l = fn->loops; l; l = lm_loop_next_preorder(l))
            if (l->loc.line == line)
                return l;
    return NULL;
}

static void test_calls_without_annotations(void)
{
    setup su = {NULL, 0, NULL, false, false};
    lm_program *p = analyze_quietly("calls.c", &su);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    /* ext_reads and ext_fill unknown: no bytes, both named. */
    const lm_loop *l = loop_at(p, 88);
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    CU_ASSERT_FALSE(l->complete);
    CU_ASSERT_EQUAL(l->nunknown_calls, 2);
    CU_ASSERT_STRING_EQUAL(l->unknown_calls[0], "ext_reads");
    CU_ASSERT_STRING_EQUAL(l->unknown_calls[1], "ext_fill");
    CU_ASSERT_EQUAL(l->loads.bytes + l->stores.bytes, 0);
    lm_program_free(&p);

    /* Without the built-in set frexp writes through a pointer nobody
     * describes, memcpy is unknown, and libm stays special. */
    setup bare = {NULL, 0, NULL, true, false};
    p = analyze_quietly("calls.c", &bare);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    l = loop_at(p, 105);
    CU_ASSERT_FALSE(l->complete);
    CU_ASSERT_STRING_EQUAL(l->unknown_calls[0], "frexp");
    CU_ASSERT_EQUAL(l->inclusive.n[LM_FP_SPECIAL], 1);
    CU_ASSERT_EQUAL(l->stores.bytes, 8);
    l = loop_at(p, 108);
    CU_ASSERT_FALSE(l->complete);
    CU_ASSERT_STRING_EQUAL(l->unknown_calls[0], "memcpy");
    lm_program_free(&p);
}

static void test_user_annotation_overrides_definition(void)
{
    setup su = {NULL, 0, "calls_override.annot", false, false};
    lm_program *p = analyze_quietly("calls.c", &su);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    /* axpy1 is still followed for its FP operations, but only reads x now. */
    const lm_loop *l = loop_at(p, 67);
    CU_ASSERT_EQUAL(l->inclusive.n[LM_FP_PLUS], 1);
    CU_ASSERT_EQUAL(l->inclusive.n[LM_FP_MULTIPLY], 1);
    CU_ASSERT_EQUAL(l->loads.bytes, 8);
    CU_ASSERT_EQUAL(l->stores.bytes, 8);
    CU_ASSERT_TRUE(l->complete);
    lm_program_free(&p);
}

/* kernels/branches.c: the default algorithm sums the arms. */
static const expected_loop branch_sums[] = {
    {"branches", 8, 5, LM_LOOP_FOR, 1, 1, 0, 1, 1, 0, D1, 8, D1, 8},
    {"branches", 17, 5, LM_LOOP_FOR, 1, 1, 1, 1, 0, 0, "2 * sizeof(double ) + 1 * sizeof(float )",
     20, D1, 8},
    {"branches", 23, 5, LM_LOOP_FOR, 1, 2, 1, 2, 0, 0, D3, 24,
     "1 * sizeof(double ) + 1 * sizeof(float )", 12},
    {"branches", 42, 5, LM_LOOP_FOR, 1, 1, 0, 1, 3, 0, D3, 24, D2, 16},
    {"branches", 45, 13, LM_LOOP_FOR, 2, 1, 0, 1, 0, 0, D3, 24, D1, 8},
};

/* -use-algorithm-v2: the largest arm, chosen for FP, loads and stores apart. */
static const expected_loop branch_maxima[] = {
    {"branches", 8, 5, LM_LOOP_FOR, 1, 1, 0, 1, 0, 0, D1, 8, D1, 8},
    {"branches", 17, 5, LM_LOOP_FOR, 1, 1, 1, 0, 0, 0, D2, 16, D1, 8},
    {"branches", 23, 5, LM_LOOP_FOR, 1, 1, 1, 2, 0, 0, D3, 24, D1, 8},
    {"branches", 42, 5, LM_LOOP_FOR, 1, 0, 0, 0, 3, 0, D3, 24, D1, 8},
    {"branches", 45, 13, LM_LOOP_FOR, 2, 1, 0, 1, 0, 0, D3, 24, D1, 8},
};

static void test_branches_summed(void)
{
    CHECK_KERNEL("branches.c", NULL, 0, branch_sums);
    lm_program *p = analyze("branches.c", NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    const lm_function *pick = p->files->functions->next;
    CU_ASSERT_EQUAL(pick->inclusive.n[LM_FP_PLUS], 2);
    CU_ASSERT_EQUAL(pick->inclusive.n[LM_FP_MULTIPLY], 1);
    lm_program_free(&p);
}

static void test_branches_flow_sensitive(void)
{
    setup su = {NULL, 0, NULL, false, true};
    CHECK_KERNEL_WITH("branches.c", &su, branch_maxima);
    lm_program *p = analyze_quietly("branches.c", &su);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    const lm_function *pick = p->files->functions->next;
    CU_ASSERT_STRING_EQUAL(pick->name, "pick");
    CU_ASSERT_EQUAL(pick->inclusive.n[LM_FP_PLUS], 1);
    CU_ASSERT_EQUAL(pick->inclusive.n[LM_FP_MULTIPLY], 1);
    /* The pragmas of branches.c state these counts. */
    FILE *quiet = tmpfile();
    diag_set_stream(quiet);
    CU_ASSERT_EQUAL(lm_verify_pragmas(p, false), 0);
    diag_set_stream(NULL);
    fclose(quiet);
    lm_program_free(&p);
}

static void test_sizes_follow_the_target(void)
{
    static const expected_loop x86_64[] = {
        {"sizes", 4, 5, LM_LOOP_FOR, 1, 2, 0, 0, 0, 0,
         "1 * sizeof(long ) + 1 * sizeof(long double ) + 1 * sizeof(double * )", 32,
         "1 * sizeof(double )", 8},
    };
    static const expected_loop i386[] = {
        {"sizes", 4, 5, LM_LOOP_FOR, 1, 2, 0, 0, 0, 0,
         "1 * sizeof(long ) + 1 * sizeof(long double ) + 1 * sizeof(double * )", 20,
         "1 * sizeof(double )", 8},
    };
    static const char *const x86_64_args[] = {"--target=x86_64-pc-linux-gnu"};
    static const char *const i386_args[] = {"--target=i386-pc-linux-gnu"};
    CHECK_KERNEL("target.c", x86_64_args, 1, x86_64);
    CHECK_KERNEL("target.c", i386_args, 1, i386);
}

static void test_openmp_loops(void)
{
    static const expected_loop loops[] = {
        {"omp_dot", 7, 5, LM_LOOP_FOR, 1, 1, 0, 1, 0, 0, "2 * sizeof(double )", 16, NULL, 0},
        {"omp_dot", 13, 9, LM_LOOP_FOR, 1, 0, 1, 0, 0, 0, "1 * sizeof(double )", 8, NULL, 0},
    };
    static const char *const args[] = {"-fopenmp"};
    CHECK_KERNEL("openmp.c", args, 1, loops);
    /* The reduction clause's implicit combiner is no FP operation of the user's. */
    lm_program *p = analyze("openmp.c", args, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_EQUAL(lm_fp_total(&p->files->functions->own), 0);
    /* parallel for: a team of its own; the omp for inside a parallel block: shared out */
    const lm_loop *first = p->files->functions->loops;
    CU_ASSERT_EQUAL(first->omp, LM_OMP_FOR | LM_OMP_PARALLEL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(first->next);
    CU_ASSERT_EQUAL(first->next->omp, LM_OMP_FOR);
    lm_program_free(&p);
    /* Without -fopenmp the #ifdef _OPENMP part is not compiled. */
    CU_ASSERT_EQUAL(analyze_loop_count("openmp.c"), 1);
    /* The <omp.h> wrapper never names the pragma: a unit including a
     * header that does is parsed twice (analyzer_parse). */
    char *wrapper = testutil_read_file(AITOOL_SOURCE_DIR "/analyzer/include/omp.h");
    CU_ASSERT_PTR_NOT_NULL_FATAL(wrapper);
    CU_ASSERT_PTR_NULL(strstr(wrapper, "aitool"));
    free(wrapper);
}

/* The directive before a loop, from text: `for` at the end of each text. */
static unsigned omp_before_for(const char *text)
{
    size_t n = strlen(text);
    CU_ASSERT_FATAL(n >= 3 && !strcmp(text + n - 3, "for"));
    return omp_loop_directive(text, n, n - 3);
}

static void test_omp_directive_text(void)
{
    CU_ASSERT_EQUAL(omp_before_for("#pragma omp for\nfor"), LM_OMP_FOR);
    CU_ASSERT_EQUAL(omp_before_for("  #  pragma   omp   for\n    for"), LM_OMP_FOR);
    CU_ASSERT_EQUAL(omp_before_for("#pragma omp parallel for reduction(+:s)\n    for"),
                    LM_OMP_FOR | LM_OMP_PARALLEL);
    /* past comments, blank lines and other pragmas */
    CU_ASSERT_EQUAL(omp_before_for("#pragma omp for schedule(static) nowait\n  // why\n\n"
                                   "  /* a block\n     comment */\n#pragma GCC ivdep\n  for"),
                    LM_OMP_FOR | LM_OMP_NOWAIT);
    /* a directive continued over two lines */
    CU_ASSERT_EQUAL(omp_before_for("#pragma omp for \\\n    nowait\nfor"),
                    LM_OMP_FOR | LM_OMP_NOWAIT);
    /* a team, then the worksharing directive: as parallel for */
    CU_ASSERT_EQUAL(omp_before_for("#pragma omp parallel\n#pragma omp for\nfor"),
                    LM_OMP_FOR | LM_OMP_PARALLEL);
    /* words in clause arguments are no constructs */
    CU_ASSERT_EQUAL(omp_before_for("#pragma omp for firstprivate(nowait) if(parallel: c)\nfor"),
                    LM_OMP_FOR);
    /* a comment closing the directive's line */
    CU_ASSERT_EQUAL(omp_before_for("#pragma omp for /* shared out */\nfor"), LM_OMP_FOR);
    CU_ASSERT_EQUAL(omp_before_for("#pragma omp parallel for /* over\n   rows */\nfor"),
                    LM_OMP_FOR | LM_OMP_PARALLEL);
    /* a team alone before a comment shares nothing */
    CU_ASSERT_EQUAL(omp_before_for("#pragma omp parallel\nx; /* c */\nfor"), 0);
    /* nor words in comments */
    CU_ASSERT_EQUAL(omp_before_for("#pragma omp for /* nowait */ schedule(static) // parallel\n"
                                   "for"),
                    LM_OMP_FOR);
    /* shares nothing out: simd alone, a parallel region alone */
    CU_ASSERT_EQUAL(omp_before_for("#pragma omp simd\nfor"), 0);
    CU_ASSERT_EQUAL(omp_before_for("#pragma omp parallel\nfor"), 0);
    /* not directly before the loop: code, a conditional directive, code on the loop's line */
    CU_ASSERT_EQUAL(omp_before_for("#pragma omp for\nx = 1;\nfor"), 0);
    CU_ASSERT_EQUAL(omp_before_for("#pragma omp for\n#endif\nfor"), 0);
    CU_ASSERT_EQUAL(omp_before_for("#pragma omp for\n{ for"), 0);
    CU_ASSERT_EQUAL(omp_before_for("#pragma omp for\nx; /* c\n */\nfor"), 0);
    CU_ASSERT_EQUAL(omp_before_for("for"), 0);
    CU_ASSERT_EQUAL(omp_loop_directive(NULL, 0, 0), 0);
}

static void test_broken_file_adds_nothing(void)
{
    FILE *quiet = tmpfile();
    diag_set_stream(quiet);
    diag_reset_counts();
    CU_ASSERT_PTR_NULL(analyze("broken.c", NULL, 0));
    CU_ASSERT(diag_error_count() >= 1);
    char *messages = testutil_read_stream(quiet);
    CU_ASSERT_PTR_NOT_NULL(strstr(messages, "kernels/broken.c:5:26: error: expected ';'"));
    free(messages);
    diag_set_stream(NULL);
    diag_reset_counts();
    fclose(quiet);
}

static void test_missing_file_is_an_error(void)
{
    FILE *quiet = tmpfile();
    diag_set_stream(quiet);
    diag_reset_counts();
    CU_ASSERT_PTR_NULL(analyze("no-such-kernel.c", NULL, 0));
    CU_ASSERT_EQUAL(diag_error_count(), 1);
    diag_set_stream(NULL);
    diag_reset_counts();
    fclose(quiet);
}

/* The running maximum of a conditional's arms, measure by measure. */
static void test_tally_largest_arm(void)
{
    static const char x_key[] = "x", y_key[] = "y", f_key[] = "f", ext[] = "ext";
    const use x = {x_key, "x", "double", 8, 0, 0, -1, ""};
    const use y = {y_key, "y", "double", 8, 0, 0, -1, ""};
    const use f = {f_key, "f", "float", 4, 0, 0, -1, ""};
    tally best = {0}, arm = {0};
    tally_reset(&best);

    tally_reset(&arm); /* plus 1; reads x, writes y */
    tally_count(&arm, LM_FP_PLUS, 1);
    tally_note(&arm, &x, true, false, 1);
    tally_note(&arm, &y, false, true, 2);
    tally_max_into(&best, &arm);

    tally_reset(&arm); /* more FP, fewer bytes read, none written, an unknown call */
    tally_count(&arm, LM_FP_MULTIPLY, 1);
    tally_count(&arm, LM_FP_DIVIDE, 1);
    tally_note(&arm, &f, true, false, 3);
    tally_unknown(&arm, ext);
    tally_max_into(&best, &arm);
    CU_ASSERT_EQUAL(best.incl.n[LM_FP_PLUS], 0);
    CU_ASSERT_EQUAL(best.incl.n[LM_FP_MULTIPLY], 1);
    CU_ASSERT_EQUAL(use_list_bytes(&best.incl_uses, false), 8); /* still x */
    CU_ASSERT_EQUAL(use_list_bytes(&best.incl_uses, true), 8);  /* still y */

    tally_reset(&arm); /* the same fp_total, one special more; reads x and y */
    tally_count(&arm, LM_FP_MINUS, 2);
    tally_count(&arm, LM_FP_SPECIAL, 1);
    tally_note(&arm, &x, true, false, 4);
    tally_note(&arm, &y, true, false, 5);
    tally_max_into(&best, &arm);
    CU_ASSERT_EQUAL(best.incl.n[LM_FP_MINUS], 2);
    CU_ASSERT_EQUAL(best.incl.n[LM_FP_MULTIPLY], 0);
    CU_ASSERT_EQUAL(best.own.n[LM_FP_SPECIAL], 1);
    CU_ASSERT_EQUAL(use_list_bytes(&best.incl_uses, false), 16);
    CU_ASSERT_EQUAL(use_list_bytes(&best.incl_uses, true), 8);
    CU_ASSERT_EQUAL(best.unknown.n, 1);
    CU_ASSERT_PTR_EQUAL(best.unknown.v[0], ext);

    tally_release(&arm);
    tally_release(&best);
}

/* ---- the statement record ---- */

/* A node as "role:KIND[fp][!][^escapes]" and its children in parentheses
 * (role l: a lambda's body);
 * fp lists the FP operations written in it (+ - * / s), ! marks a call to
 * exit(), escapes are the LM_ESCAPE_* bits of the jumps that leave it. */
static void shape_of(strbuf *sb, const lm_stmt *s)
{
    static const char *const kinds[] = {
        "COMPOUND", "FOR",  "WHILE",    "DO",     "IF",   "SWITCH", "CASE",
        "DEFAULT",  "LABEL", "BREAK",   "CONTINUE", "RETURN", "GOTO", "IGOTO",
        "DECL",     "NULL", "OTHER",    "EXPR",   "COND", "LOGICAL", "STMTEXPR",
        "CALLLOOP", "TRY",   "CATCH",
    };
    static const char roles[] = "sabLntpcvoil";
    static const char classes[] = "+-*/s";
    strbuf_printf(sb, "%c:%s", roles[s->role], kinds[s->kind]);
    for (int k = 0; k < LM_FP_NCLASSES; k++)
        for (unsigned long n = 0; n < s->own.n[k]; n++)
            strbuf_printf(sb, "%c", classes[k]);
    if (s->exits)
        strbuf_append(sb, "!");
    if (s->escapes)
        strbuf_printf(sb, "^%u", s->escapes);
    if (s->children) {
        strbuf_append(sb, "(");
        for (const lm_stmt *c = s->children; c; c = c->next) {
            shape_of(sb, c);
            if (c->next)
                strbuf_append(sb, " ");
        }
        strbuf_append(sb, ")");
    }
}

typedef struct record_seen {
    char *shape;
    bool loops_linked, goto_known, all_editable;
    size_t decl_begin, decl_end;
} record_seen;

static void record_check_nodes(const lm_stmt *s, record_seen *seen, size_t *label_at)
{
    if (lm_stmt_is_loop(s) && !s->loop)
        seen->loops_linked = false;
    if (!s->editable)
        seen->all_editable = false;
    if (s->kind == LM_STMT_LABEL)
        *label_at = s->begin;
    for (const lm_stmt *c = s->children; c; c = c->next)
        record_check_nodes(c, seen, label_at);
}

static const lm_stmt *record_find(const lm_stmt *s, lm_stmt_kind kind)
{
    if (s->kind == kind)
        return s;
    for (const lm_stmt *c = s->children; c; c = c->next) {
        const lm_stmt *f = record_find(c, kind);
        if (f)
            return f;
    }
    return NULL;
}

static bool record_hook(void *ctx, CXTranslationUnit tu, lm_program *p, lm_file *file)
{
    (void)tu;
    (void)p;
    record_seen *seen = ctx;
    const lm_stmt *body = file->functions ? file->functions->body : NULL;
    if (!body)
        return false;
    strbuf sb = STRBUF_INIT;
    shape_of(&sb, body);
    seen->shape = strbuf_take(&sb);
    seen->loops_linked = seen->all_editable = true;
    size_t label_at = 0;
    record_check_nodes(body, seen, &label_at);
    const lm_stmt *go = record_find(body, LM_STMT_GOTO);
    seen->goto_known = go && go->target_known && go->target == label_at && label_at > 0;
    const lm_stmt *decl = record_find(body, LM_STMT_DECL);
    seen->decl_begin = decl ? decl->begin : 0;
    seen->decl_end = decl ? decl->end : 0;
    /* The cursor a node was made from is there while the unit is open. */
    return decl && clang_getCursorKind(analyzer_stmt_cursor(decl)) == CXCursor_DeclStmt;
}

static void test_statement_record(void)
{
    char *path = kernel_path("stmt_record.c");
    analyzer_options opt = {NULL, 0, false, NULL, false, false};
    analyzer *a = analyzer_create(&opt);
    lm_program *p = lm_program_create();
    record_seen seen = {0};
    CU_ASSERT_TRUE(analyzer_analyze_file_then(a, p, path, record_hook, &seen));
    CU_ASSERT_PTR_NOT_NULL_FATAL(seen.shape);
    CU_ASSERT_STRING_EQUAL(
        seen.shape,
        "s:COMPOUND^4(s:DECL "
        "s:FOR(n:EXPR t:EXPR p:EXPR L:COMPOUND("
        "s:IF(c:EXPR a:EXPR+* a:EXPR(i:COND(o:EXPR- o:EXPR*))))) "
        "s:WHILE(t:LOGICAL(o:EXPR) L:EXPR/) "
        "s:SWITCH^4(c:EXPR b:COMPOUND^5(s:CASE(v:EXPR s:EXPRs) s:BREAK^1 "
        "s:DEFAULT^4(s:EXPR!^4))) "
        "s:GOTO^4 s:LABEL^4(s:RETURN^4(c:EXPR+)))");
    CU_ASSERT_TRUE(seen.loops_linked);
    CU_ASSERT_TRUE(seen.all_editable);
    CU_ASSERT_TRUE(seen.goto_known);
    /* `int i;`: its offsets are those of the text. */
    FILE *f = fopen(path, "rb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    char text[4096];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    const char *decl = strstr(text, "    int i;");
    CU_ASSERT_PTR_NOT_NULL_FATAL(decl);
    CU_ASSERT_EQUAL(seen.decl_begin, (size_t)(decl - text) + 4);
    CU_ASSERT_EQUAL(seen.decl_end, (size_t)(decl - text) + 10);
    /* Without a hook there is no record: plain analysis does not pay for it. */
    lm_program *q = lm_program_create();
    CU_ASSERT_TRUE(analyzer_analyze_file(a, q, path));
    CU_ASSERT_PTR_NULL(q->files->functions->body);
    lm_program_free(&q);
    free(seen.shape);
    lm_program_free(&p);
    analyzer_free(&a);
    free(path);
}

/* One call site as call_sites.c's comment works it out. */
typedef struct expected_call {
    unsigned line;
    const char *name, *args; /* args joined by "|" */
    unsigned loop_line;      /* 0: at function level */
    unsigned long plus, multiply, divide, load_bytes, store_bytes;
    bool indirect, recursive;
    const char *callee; /* NULL: none resolved */
} expected_call;

static void check_call(const lm_call *c, const expected_call *e)
{
    CU_ASSERT_EQUAL(c->line, e->line);
    CU_ASSERT_STRING_EQUAL(c->name, e->name);
    strbuf args = STRBUF_INIT;
    for (size_t i = 0; i < c->nargs; i++)
        strbuf_printf(&args, "%s%s", i ? "|" : "", c->args[i]);
    CU_ASSERT_STRING_EQUAL(strbuf_cstr(&args), e->args);
    strbuf_release(&args);
    CU_ASSERT_EQUAL(c->loop ? c->loop->loc.line : 0, e->loop_line);
    CU_ASSERT_EQUAL(c->added.n[LM_FP_PLUS], e->plus);
    CU_ASSERT_EQUAL(c->added.n[LM_FP_MINUS], 0);
    CU_ASSERT_EQUAL(c->added.n[LM_FP_MULTIPLY], e->multiply);
    CU_ASSERT_EQUAL(c->added.n[LM_FP_DIVIDE], e->divide);
    CU_ASSERT_EQUAL(c->added_load_bytes, e->load_bytes);
    CU_ASSERT_EQUAL(c->added_store_bytes, e->store_bytes);
    CU_ASSERT_EQUAL(c->indirect, e->indirect);
    CU_ASSERT_EQUAL(c->recursive, e->recursive);
    CU_ASSERT_STRING_EQUAL(c->callee ? c->callee->name : "NULL", e->callee ? e->callee : "NULL");
}

static void test_call_sites(void)
{
    static const expected_call calls[] = {
        {27, "f", "m", 0, 1, 0, 0, 0, 0, false, false, "f"},
        {33, "fact", "k-1", 0, 0, 1, 0, 0, 0, false, true, "fact"},
        {41, "f", "1000", 40, 1, 0, 0, 8, 8, false, false, "f"},
        {42, "g", "n|2.0", 0, 2, 1, 1, 0, 0, false, false, "g"},
        {44, "op", "k", 43, 0, 0, 0, 0, 0, true, false, NULL},
        {45, "fact", "5", 0, 0, 1, 0, 0, 0, false, false, "fact"},
    };
    static const char *const params[] = {"n", "m|s", "k", ""};
    char *path = kernel_path("call_sites.c");
    analyzer_options opt = {NULL, 0, false, NULL, false, true};
    analyzer *a = analyzer_create(&opt);
    lm_program *p = lm_program_create();
    CU_ASSERT_TRUE_FATAL(analyzer_analyze_file(a, p, path));
    lm_program_finish(p);
    size_t seen = 0, nfn = 0;
    for (const lm_function *fn = p->files->functions; fn; fn = fn->next, nfn++) {
        strbuf names = STRBUF_INIT;
        for (size_t i = 0; i < fn->nparams; i++)
            strbuf_printf(&names, "%s%s", i ? "|" : "", fn->params[i]);
        if (nfn < 4)
            CU_ASSERT_STRING_EQUAL(strbuf_cstr(&names), params[nfn]);
        strbuf_release(&names);
        for (const lm_call *c = fn->calls; c; c = c->next, seen++)
            if (seen < sizeof calls / sizeof *calls)
                check_call(c, &calls[seen]);
    }
    CU_ASSERT_EQUAL(nfn, 4);
    CU_ASSERT_EQUAL(seen, sizeof calls / sizeof *calls);
    lm_program_free(&p);
    analyzer_free(&a);
    free(path);
}

static const testutil_case counting_cases[] = {
    {"mixed int and float", test_mixed_int_and_float},
    {"function level counts", test_function_level_counts},
    {"nested loops", test_nested_loops},
    {"every element type", test_every_element_type},
    {"pointers and fields", test_pointers_and_fields},
    {"field arrays are named by path", test_field_arrays_are_named_by_path},
    {"loops from macros", test_loops_from_macros},
    {"the keys of loops from macros", test_loop_keys_from_macros},
    {"member paths in macro bodies", test_member_paths_in_macros},
    {"math calls are special", test_math_calls_are_special},
    {"sizes follow the target", test_sizes_follow_the_target},
    {"openmp loops", test_openmp_loops},
    {"the OpenMP directive before a loop, from text", test_omp_directive_text},
    {"math macros are known", test_math_macros_are_known},
    {"tally: largest arm", test_tally_largest_arm},
    {"calls", test_calls},
    {"call sites: where, arguments, what they add, recursion", test_call_sites},
    {"calls without annotations", test_calls_without_annotations},
    {"user annotation overrides definition", test_user_annotation_overrides_definition},
    {"branches summed", test_branches_summed},
    {"branches flow-sensitive", test_branches_flow_sensitive},
    {"statement record", test_statement_record},
    {NULL, NULL},
};

static const testutil_case input_cases[] = {
    {"broken file adds nothing", test_broken_file_adds_nothing},
    {"missing file is an error", test_missing_file_is_an_error},
    {NULL, NULL},
};

/* ---- C++ (the derivations are in the kernels' comments) ---- */

/* The kernel's diagnostics, with the program (NULL when refused). */
static lm_program *analyze_capturing(const char *name, const char *const *args, int nargs,
                                     char **messages)
{
    FILE *log = tmpfile();
    diag_set_stream(log);
    diag_reset_counts();
    lm_program *p = analyze(name, args, nargs);
    *messages = testutil_read_stream(log);
    diag_set_stream(NULL);
    diag_reset_counts();
    fclose(log);
    return p;
}

static void test_cxx_templates_per_instance(void)
{
    static const expected_loop loops[] = {
        {"axpy<int>", 65, 5, LM_LOOP_FOR, 1, 0, 0, 0, 0, 0, "2 * sizeof(int )", 8,
         "1 * sizeof(int )", 4},
        {"axpy<float>", 15, 5, LM_LOOP_FOR, 1, 1, 0, 1, 0, 0, "2 * sizeof(float )", 8,
         "1 * sizeof(float )", 4},
        {"axpy<double>", 15, 5, LM_LOOP_FOR, 1, 1, 0, 1, 0, 0, "2 * sizeof(double )", 16,
         "1 * sizeof(double )", 8},
        {"Grid<double>::smooth", 25, 9, LM_LOOP_FOR, 1, 2, 0, 0, 1, 0, "1 * sizeof(double )", 8,
         "1 * sizeof(double )", 8},
        {"dot<double>", 34, 5, LM_LOOP_FOR, 1, 1, 0, 1, 0, 0, "2 * sizeof(double )", 16, NULL,
         0},
        {"Sum::of<>(const float *, int)", 82, 9, LM_LOOP_FOR, 1, 1, 0, 0, 0, 0,
         "1 * sizeof(float )", 4, NULL, 0},
        {"Sum::of<>(const double *, int)", 82, 9, LM_LOOP_FOR, 1, 1, 0, 0, 0, 0,
         "1 * sizeof(double )", 8, NULL, 0},
    };
    static const char *const functions[] = {"run",
                                            "axpy<int>",
                                            "run_int",
                                            "sums",
                                            "axpy<float>",
                                            "axpy<double>",
                                            "Grid<double>::smooth",
                                            "norm2<double>",
                                            "dot<double>",
                                            "Sum::of<>(const float *, int)",
                                            "Sum::of<>(const double *, int)",
                                            "unused<T>"};
    char *messages = NULL;
    lm_program *p = analyze_capturing("cxx_templates.cpp", NULL, 0, &messages);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    size_t nfn = 0, nloops = 0;
    for (const lm_function *fn = p->files->functions; fn; fn = fn->next, nfn++) {
        if (nfn < sizeof functions / sizeof *functions)
            CU_ASSERT_STRING_EQUAL(fn->name, functions[nfn]);
        CU_ASSERT_EQUAL(fn->instance, nfn == 1 || (nfn >= 4 && nfn <= 10));
        CU_ASSERT_EQUAL(fn->uncounted, nfn == 11);
        for (const lm_loop *l = fn->loops; l; l = lm_loop_next_preorder(l), nloops++)
            if (nloops < sizeof loops / sizeof *loops)
                check_loop(l, &loops[nloops]);
    }
    CU_ASSERT_EQUAL(nfn, sizeof functions / sizeof *functions);
    CU_ASSERT_EQUAL(nloops, sizeof loops / sizeof *loops + 1);
    /* The template nothing instantiates: listed, uncounted, with a note. */
    const lm_function *unused = p->files->functions;
    while (unused->next)
        unused = unused->next;
    const lm_loop *l = unused->loops;
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    CU_ASSERT_EQUAL(l->loc.line, 48);
    CU_ASSERT_EQUAL(lm_fp_total(&l->inclusive), 0);
    CU_ASSERT_FALSE(l->complete);
    CU_ASSERT_DOUBLE_EQUAL(l->ai, -1.0, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(messages, "cxx_templates.cpp:46:6: note: template 'unused<T>' "
                                            "is never instantiated in this file: its 1 loop "
                                            "is listed, uncounted"));
    free(messages);
    lm_program_free(&p);
}

static void test_cxx_containers(void)
{
    static const expected_loop loops[] = {
        {"containers", 21, 5, LM_LOOP_FOR, 1, 0, 0, 1, 0, 0,
         "1 * sizeof(double ) + 1 * sizeof(float )", 12, "1 * sizeof(double )", 8},
        {"containers", 23, 5, LM_LOOP_FOR, 1, 0, 0, 0, 1, 0, "1 * sizeof(double )", 8,
         "1 * sizeof(double )", 8},
        {"containers", 25, 5, LM_LOOP_FOR, 1, 1, 0, 0, 0, 0, "2 * sizeof(double )", 16,
         "1 * sizeof(double )", 8},
        {"containers", 27, 5, LM_LOOP_FOR, 1, 0, 1, 0, 0, 0,
         "1 * sizeof(double ) + 1 * sizeof(float )", 12, "1 * sizeof(float )", 4},
        {"containers", 29, 5, LM_LOOP_FOR, 1, 1, 0, 0, 0, 0,
         "1 * sizeof(std::vector<double> ) + 2 * sizeof(double )", 40, "1 * sizeof(double )", 8},
        {"containers", 30, 9, LM_LOOP_FOR, 2, 1, 0, 0, 0, 0, "2 * sizeof(double )", 16,
         "1 * sizeof(double )", 8},
        {"containers", 32, 5, LM_LOOP_FOR, 1, 0, 0, 0, 0, 0, "1 * sizeof(double )", 8,
         "1 * sizeof(double )", 8},
    };
    CHECK_KERNEL("cxx_containers.cpp", NULL, 0, loops);
}

static void test_cxx_span(void)
{
    static const char *const cxx20[] = {"-std=c++20"};
    static const expected_loop loops[] = {
        {"spans", 9, 5, LM_LOOP_FOR, 1, 0, 0, 0, 1, 0, "1 * sizeof(float )", 4,
         "1 * sizeof(float )", 4},
        {"spans", 11, 5, LM_LOOP_FOR, 1, 1, 0, 0, 0, 0, "1 * sizeof(double ) + 1 * sizeof(float )",
         12, "1 * sizeof(double )", 8},
    };
    CHECK_KERNEL("cxx_span.cpp", cxx20, 1, loops);
}

/* The ExaSAT detail of C++ loops: a range-based for runs from 0 to the
 * container's size less one (a number for an array and std::array, else
 * the symbol v.size) and reads its element at its own index; an element
 * call is an access of its container with the call's argument as index. */
static void test_cxx_detail(void)
{
    static const struct {
        unsigned line;
        const char *loopvar, *upper, *first_array, *first_type;
        lm_access_type first_access;
        unsigned long reads, writes;
    } want[] = {
        {21, "i", "n-1", "v", "double", LM_READWRITE, 1, 1},
        {23, "e", "v.size-1", "v", "double", LM_READWRITE, 1, 1},
        {25, "e", "3", "a", "double", LM_READONLY, 1, 0},
        {27, "x", "7", "b", "double", LM_READONLY, 1, 0},
        {29, "row", "m.size-1", "m", "std::vector<double>", LM_READONLY, 1, 0},
        {30, "x", "row.size-1", "row", "double", LM_READONLY, 1, 0},
        {32, "i", "n-1", "v", "double", LM_WRITEONLY, 0, 1},
    };
    char *path = kernel_path("cxx_containers.cpp");
    analyzer_options opt = {NULL, 0, false, NULL, false, true};
    analyzer *a = analyzer_create(&opt);
    lm_program *p = lm_program_create();
    CU_ASSERT_TRUE_FATAL(analyzer_analyze_file(a, p, path));
    lm_program_finish(p);
    size_t n = 0;
    for (const lm_loop *l = p->files->functions->loops; l; l = lm_loop_next_preorder(l), n++) {
        if (n >= sizeof want / sizeof *want)
            break;
        CU_ASSERT_EQUAL(l->loc.line, want[n].line);
        CU_ASSERT_STRING_EQUAL(l->bounds.loopvar, want[n].loopvar);
        CU_ASSERT_STRING_EQUAL(l->bounds.lower, "0");
        CU_ASSERT_STRING_EQUAL(l->bounds.upper, want[n].upper);
        const lm_array_ref *r = l->array_refs;
        CU_ASSERT_PTR_NOT_NULL_FATAL(r);
        CU_ASSERT_STRING_EQUAL(r->name, want[n].first_array);
        CU_ASSERT_STRING_EQUAL(r->datatype, want[n].first_type);
        CU_ASSERT_EQUAL(r->access_type, want[n].first_access);
        CU_ASSERT_TRUE(r->accesses->relative);
        CU_ASSERT_EQUAL(r->accesses->reads, want[n].reads);
        CU_ASSERT_EQUAL(r->accesses->writes, want[n].writes);
    }
    /* m[i][i + 1]: two subscripts, i + 1 the fastest, as a C array's */
    const lm_loop *last = p->files->functions->last_loop;
    const lm_array_ref *m = last->array_refs->next;
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_STRING_EQUAL(m->name, "m");
    CU_ASSERT_EQUAL(m->accesses->ndims, 2);
    CU_ASSERT_EQUAL(m->accesses->index[0], 1);
    CU_ASSERT_EQUAL(m->accesses->index[1], 0);
    CU_ASSERT_EQUAL(n, sizeof want / sizeof *want);
    lm_program_free(&p);
    analyzer_free(&a);
    free(path);
}

static void test_cxx_complex(void)
{
    static const expected_loop loops[] = {
        {"complex_ops", 18, 5, LM_LOOP_FOR, 1, 2, 2, 0, 0, 0,
         "2 * sizeof(std::complex<double> )", 32, "1 * sizeof(std::complex<double> )", 16},
        {"complex_ops", 20, 5, LM_LOOP_FOR, 1, 1, 1, 4, 0, 0,
         "2 * sizeof(std::complex<double> )", 32, "1 * sizeof(std::complex<double> )", 16},
        {"complex_ops", 22, 5, LM_LOOP_FOR, 1, 2, 1, 3, 3, 0,
         "2 * sizeof(std::complex<double> )", 32, "1 * sizeof(std::complex<double> )", 16},
        {"complex_ops", 24, 5, LM_LOOP_FOR, 1, 4, 0, 2, 2, 0,
         "3 * sizeof(std::complex<double> )", 48, "1 * sizeof(std::complex<double> )", 16},
        {"complex_ops", 26, 5, LM_LOOP_FOR, 1, 1, 1, 4, 0, 0, "1 * sizeof(std::complex<float> )",
         8, "1 * sizeof(std::complex<float> )", 8},
    };
    CHECK_KERNEL("cxx_complex.cpp", NULL, 0, loops);
}

static void test_cxx_functions_lambdas_operators(void)
{
    static const expected_loop loops[] = {
        {"Field::energy", 37, 5, LM_LOOP_FOR, 1, 1, 0, 2, 0, 0, "1 * sizeof(double )", 8, NULL,
         0},
        {"update", 44, 5, LM_LOOP_FOR, 1, 2, 0, 2, 0, 0, "2 * sizeof(Vec2 )", 32,
         "1 * sizeof(Vec2 )", 16},
        {"update", 48, 9, LM_LOOP_FOR, 1, 0, 0, 1, 0, 0, "1 * sizeof(float )", 4,
         "1 * sizeof(float )", 4},
        {"update", 53, 5, LM_LOOP_WHILE, 1, 1, 0, 1, 0, 3, "1 * sizeof(float )", 4,
         "1 * sizeof(float )", 4},
        {"update", 58, 5, LM_LOOP_DO, 1, 0, 0, 1, 0, 0, "1 * sizeof(Vec2 )", 16,
         "1 * sizeof(Vec2 )", 16},
    };
    CHECK_KERNEL("cxx_functions.cpp", NULL, 0, loops);
    /* update's whole body: its loops' operations, the lambda's once (where
     * it is written; the call scale(n) adds nothing). */
    setup su = {NULL, 0, NULL, false, false};
    lm_program *p = analyze_quietly("cxx_functions.cpp", &su);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    const lm_function *update = p->files->functions;
    while (update && strcmp(update->name, "update") != 0)
        update = update->next;
    CU_ASSERT_PTR_NOT_NULL_FATAL(update);
    CU_ASSERT_EQUAL(update->inclusive.n[LM_FP_PLUS], 3);
    CU_ASSERT_EQUAL(update->inclusive.n[LM_FP_MULTIPLY], 5);
    CU_ASSERT_EQUAL(update->inclusive.n[LM_FP_SPECIAL], 3);
    lm_program_free(&p);
}

static const lm_function *function_named(const lm_program *p, const char *name)
{
    const lm_function *f = p->files->functions;
    while (f && strcmp(f->name, name) != 0)
        f = f->next;
    return f;
}

/* The arrays a loop moves, by name: "a r, b rw" (read, written). */
static char *array_names(const lm_loop *l)
{
    strbuf sb = STRBUF_INIT;
    for (const lm_array_use *a = l->arrays; a; a = a->next)
        strbuf_printf(&sb, "%s%s %s%s", a == l->arrays ? "" : ", ", a->name,
                      a->first_read ? "r" : "", a->first_write ? "w" : "");
    return strbuf_take(&sb);
}

/* Accessors returning a reference to an element (LULESH's
 * `domain.x(i)`), members of the object a method is called on, and
 * references bound to elements. */
static void test_cxx_accessors(void)
{
    static const expected_loop loops[] = {
        {"Mesh::damp", 38, 9, LM_LOOP_FOR, 1, 0, 0, 1, 0, 0, "1 * sizeof(double )", 8,
         "1 * sizeof(double )", 8},
        {"advance", 49, 5, LM_LOOP_FOR, 1, 2, 0, 2, 0, 2, "4 * sizeof(double )", 32,
         "2 * sizeof(double )", 16},
        {"move", 63, 5, LM_LOOP_FOR, 1, 1, 0, 1, 0, 0, "2 * sizeof(double )", 16,
         "1 * sizeof(double )", 8},
        {"gather", 69, 5, LM_LOOP_FOR, 1, 0, 0, 0, 0, 0,
         "1 * sizeof(int ) + 1 * sizeof(double )", 12, "1 * sizeof(double )", 8},
        {"scale", 77, 5, LM_LOOP_FOR, 1, 1, 0, 1, 0, 0, "1 * sizeof(double )", 8,
         "1 * sizeof(double )", 8},
        {"construct", 97, 5, LM_LOOP_FOR, 1, 0, 0, 1, 0, 0, "2 * sizeof(double )", 16,
         "1 * sizeof(double )", 8},
    };
    CHECK_KERNEL("cxx_accessors.cpp", NULL, 0, loops);
    static const char *const names[] = {
        "m_vel rw",
        "mesh.m_vel rw, mesh.m_acc r, mesh.m_velz rw, mesh.m_accz r",
        "m->m_pos rw, m->m_vel r",
        "mesh.m_node r, out w, mesh.m_e r",
        "w rw",
        "w r, out w, t.v r",
    };
    setup su = {NULL, 0, NULL, false, false};
    lm_program *p = analyze_quietly("cxx_accessors.cpp", &su);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    size_t n = 0;
    for (const lm_function *fn = p->files->functions; fn; fn = fn->next)
        for (const lm_loop *l = fn->loops; l && n < 6; l = lm_loop_next_preorder(l), n++) {
            char *got = array_names(l);
            CU_ASSERT_STRING_EQUAL(got, names[n]);
            free(got);
        }
    CU_ASSERT_EQUAL(n, 6);
    lm_program_free(&p);
}

/* RAJA, Kokkos and <algorithm> loops written as calls, and element
 * operators of Kokkos Views and of a Matrix annotated by the test. */
static void test_cxx_loop_calls(void)
{
    static const expected_loop loops[] = {
        {"calls", 41, 5, LM_LOOP_FOR, 1, 1, 0, 1, 0, 0, "2 * sizeof(double )", 16,
         "1 * sizeof(double )", 8},
        {"calls", 42, 5, LM_LOOP_FOR, 1, 0, 1, 0, 0, 0, "1 * sizeof(double )", 8,
         "1 * sizeof(double )", 8},
        {"calls", 45, 5, LM_LOOP_FOR, 1, 1, 0, 1, 0, 0, "2 * sizeof(double )", 16,
         "1 * sizeof(double )", 8},
        {"calls", 46, 5, LM_LOOP_FOR, 1, 0, 0, 0, 1, 0, "1 * sizeof(double )", 8,
         "1 * sizeof(double )", 8},
        {"calls", 48, 5, LM_LOOP_FOR, 1, 1, 0, 1, 0, 0, "1 * sizeof(double )", 8, NULL, 0},
        {"calls", 49, 5, LM_LOOP_FOR, 1, 1, 0, 1, 0, 0, "1 * sizeof(double )", 8, NULL, 0},
        {"calls", 50, 5, LM_LOOP_FOR, 1, 0, 0, 1, 0, 1, "1 * sizeof(double )", 8,
         "1 * sizeof(float )", 4},
        {"calls", 52, 5, LM_LOOP_FOR, 1, 0, 1, 0, 0, 0,
         "1 * sizeof(double ) + 1 * sizeof(float )", 12, "1 * sizeof(double )", 8},
        {"calls", 54, 5, LM_LOOP_FOR, 1, 1, 0, 0, 0, 0, "1 * sizeof(double )", 8,
         "1 * sizeof(double )", 8},
        {"calls", 55, 9, LM_LOOP_FOR, 2, 1, 0, 0, 0, 0, "1 * sizeof(double )", 8,
         "1 * sizeof(double )", 8},
        {"functor", 71, 5, LM_LOOP_FOR, 1, 1, 0, 1, 0, 0, "2 * sizeof(double )", 16,
         "1 * sizeof(double )", 8},
        {"held", 81, 5, LM_LOOP_FOR, 1, 0, 0, 1, 0, 0, "1 * sizeof(double )", 8,
         "1 * sizeof(double )", 8},
        {"held", 82, 5, LM_LOOP_FOR, 1, 0, 0, 1, 0, 0, "1 * sizeof(double )", 8,
         "1 * sizeof(double )", 8},
    };
    setup su = {NULL, 0, "cxx_loop_calls.annot", false, false};
    CHECK_KERNEL_WITH("cxx_loop_calls.cpp", &su, loops);
    /* The bounds: the range's, as numbers or symbols, the lambda's variable. */
    static const struct {
        const char *var, *lower, *upper;
    } want[] = {
        {"i", "0", "n-1"}, {"i", "1", "99"},         {"i", "0", "n-1"},        {"i", "2", "n-1"},
        {"i", "0", "n-1"}, {"e", "0", "v.size-1"},   {"e", "0", "v.size-1"},   {"p", "0", "v.size-1"},
    };
    lm_program *p = analyze_quietly("cxx_loop_calls.cpp", &su);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    const lm_function *calls = function_named(p, "calls");
    CU_ASSERT_PTR_NOT_NULL_FATAL(calls);
    size_t n = 0;
    for (const lm_loop *l = calls->loops; l && n < 8; l = l->next, n++) {
        CU_ASSERT_STRING_EQUAL(l->bounds.loopvar ? l->bounds.loopvar : "NULL", want[n].var);
        CU_ASSERT_STRING_EQUAL(l->bounds.lower ? l->bounds.lower : "NULL", want[n].lower);
        CU_ASSERT_STRING_EQUAL(l->bounds.upper ? l->bounds.upper : "NULL", want[n].upper);
    }
    CU_ASSERT_EQUAL(n, 8);
    /* A range held in a variable: its initializer's bounds. */
    const lm_function *held = function_named(p, "held");
    CU_ASSERT_PTR_NOT_NULL_FATAL(held);
    CU_ASSERT_PTR_NOT_NULL_FATAL(held->loops);
    CU_ASSERT_PTR_NOT_NULL_FATAL(held->loops->next);
    const lm_loop *r = held->loops, *s = held->loops->next;
    CU_ASSERT_STRING_EQUAL(r->bounds.lower ? r->bounds.lower : "NULL", "0");
    CU_ASSERT_STRING_EQUAL(r->bounds.upper ? r->bounds.upper : "NULL", "n-1");
    CU_ASSERT_STRING_EQUAL(s->bounds.lower ? s->bounds.lower : "NULL", "2");
    CU_ASSERT_STRING_EQUAL(s->bounds.upper ? s->bounds.upper : "NULL", "9");
    lm_program_free(&p);
    /* Without the built-in set, a RAJA loop is no loop: its lambda counts
     * where it is written, at the function's level. */
    setup bare = {NULL, 0, "cxx_loop_calls.annot", true, false};
    p = analyze_quietly("cxx_loop_calls.cpp", &bare);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    calls = function_named(p, "calls");
    CU_ASSERT_PTR_NOT_NULL_FATAL(calls);
    CU_ASSERT_PTR_NOT_NULL_FATAL(calls->loops);
    CU_ASSERT_EQUAL(calls->loops->loc.line, 54);
    lm_program_free(&p);
}

static void test_cxx_std_calls(void)
{
    static const expected_loop loops[] = {
        {"calls", 13, 5, LM_LOOP_FOR, 1, 1, 0, 1, 0, 0, "2 * sizeof(double )", 16,
         "1 * sizeof(double )", 8},
    };
    CHECK_KERNEL("cxx_std_calls.cpp", NULL, 0, loops);
}

static void test_cxx_generic_lambda(void)
{
    setup su = {NULL, 0, NULL, false, false};
    lm_program *p = analyze_quietly("cxx_generic_lambda.cpp", &su);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    const lm_function *twice = p->files->functions, *instance = twice->next;
    CU_ASSERT_STRING_EQUAL(twice->name, "twice");
    CU_ASSERT_PTR_NULL(twice->loops);
    CU_ASSERT_PTR_NOT_NULL_FATAL(instance);
    char *path = kernel_path("cxx_generic_lambda.cpp");
    strbuf want = STRBUF_INIT;
    strbuf_printf(&want, "(lambda at %s:6:14)::operator()<>(double)", path);
    CU_ASSERT_STRING_EQUAL(instance->name, strbuf_cstr(&want));
    strbuf_release(&want);
    free(path);
    const lm_loop *l = instance->loops;
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    CU_ASSERT_EQUAL(l->loc.line, 7);
    CU_ASSERT_EQUAL(l->inclusive.n[LM_FP_MULTIPLY], 1);
    CU_ASSERT_EQUAL(lm_fp_total(&l->inclusive), 1);
    CU_ASSERT_PTR_NULL(instance->next);
    lm_program_free(&p);
}

/* The file's pragmas state the counts: none differs, and all are claimed
 * (an unclaimed one would fail the analysis). */
static void test_cxx_pragmas(void)
{
    char *messages = NULL;
    lm_program *p = analyze_capturing("cxx_pragmas.cpp", NULL, 0, &messages);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    FILE *quiet = tmpfile();
    diag_set_stream(quiet);
    CU_ASSERT_EQUAL(lm_verify_pragmas(p, false), 0);
    diag_set_stream(NULL);
    fclose(quiet);
    CU_ASSERT_STRING_EQUAL(messages, "");
    free(messages);
    lm_program_free(&p);
}

static void test_cxx_language_by_file(void)
{
    /* C++ by -x, whatever the suffix; C by -x c, even for a .cpp. */
    static const char *const as_cxx[] = {"-x", "c++"};
    static const char *const as_c[] = {"-xc"};
    char *messages = NULL;
    lm_program *p = analyze_capturing("cxx_complex.cpp", as_c, 1, &messages);
    CU_ASSERT_PTR_NULL(p);
    CU_ASSERT_PTR_NOT_NULL(strstr(messages, "error: 'complex' file not found"));
    free(messages);
    p = analyze_capturing("cxx_complex.cpp", as_cxx, 2, &messages);
    CU_ASSERT_PTR_NOT_NULL(p);
    lm_program_free(&p);
    free(messages);
}

static void test_cxx_standard_of_the_other_language(void)
{
    static const char *const c11[] = {"-std=c11"};
    static const char *const cxx17[] = {"-std=c++17"};
    char *messages = NULL;
    CU_ASSERT_PTR_NULL(analyze_capturing("cxx_complex.cpp", c11, 1, &messages));
    CU_ASSERT_PTR_NOT_NULL(strstr(messages, "cxx_complex.cpp:1:1: error: '-std=c11' is a C "
                                            "standard, but this file is C++"));
    free(messages);
    CU_ASSERT_PTR_NULL(analyze_capturing("branches.c", cxx17, 1, &messages));
    CU_ASSERT_PTR_NOT_NULL(strstr(messages, "branches.c:1:1: error: '-std=c++17' is a C++ "
                                            "standard, but this file is C"));
    free(messages);
}

static void test_cxx_broken_file(void)
{
    char *messages = NULL;
    CU_ASSERT_PTR_NULL(analyze_capturing("cxx_broken.cpp", NULL, 0, &messages));
    CU_ASSERT_PTR_NOT_NULL(strstr(messages, "kernels/cxx_broken.cpp:7:14: error: use of "
                                            "undeclared identifier 'undeclared_name'"));
    free(messages);
}

/* C++'s statement record (kernels/cxx_stmt_record.cpp): the range-based
 * for's variable and range are its init; the lambda's body stands apart,
 * its return escaping nothing; the RAJA call is a loop whose body is the
 * lambda's. */
static void test_cxx_statement_record(void)
{
    char *path = kernel_path("cxx_stmt_record.cpp");
    annot_set *annots = annot_set_create();
    annot_load_defaults(annots);
    analyzer_options opt = {NULL, 0, false, annots, false, false};
    analyzer *a = analyzer_create(&opt);
    lm_program *p = lm_program_create();
    record_seen seen = {0};
    CU_ASSERT_TRUE(analyzer_analyze_file_then(a, p, path, record_hook, &seen));
    CU_ASSERT_PTR_NOT_NULL_FATAL(seen.shape);
    CU_ASSERT_STRING_EQUAL(seen.shape,
                           "s:COMPOUND^4(s:DECL s:FOR(n:EXPR n:EXPR L:EXPR+) "
                           "s:DECL(l:COMPOUND^4(s:FOR(n:DECL t:EXPR p:EXPR L:EXPR*) "
                           "s:RETURN^4(c:EXPR))) "
                           "s:CALLLOOP(L:COMPOUND(s:EXPR+)) s:RETURN^4(c:EXPR))");
    CU_ASSERT_TRUE(seen.loops_linked);
    free(seen.shape);
    lm_program_free(&p);
    analyzer_free(&a);
    annot_set_free(&annots);
    free(path);
}

static const testutil_case cxx_cases[] = {
    {"statement record", test_cxx_statement_record},
    {"templates per instance", test_cxx_templates_per_instance},
    {"containers and range-for", test_cxx_containers},
    {"std::span", test_cxx_span},
    {"the ExaSAT detail of C++ loops", test_cxx_detail},
    {"std::complex", test_cxx_complex},
    {"members, operators, lambdas, std math", test_cxx_functions_lambdas_operators},
    {"a generic lambda, per instance", test_cxx_generic_lambda},
    {"std::move, a callee in parentheses", test_cxx_std_calls},
    {"loops written as calls, element operators", test_cxx_loop_calls},
    {"accessors, members through methods, bound references", test_cxx_accessors},
    {"pragmas", test_cxx_pragmas},
    {"language by file", test_cxx_language_by_file},
    {"a standard of the other language", test_cxx_standard_of_the_other_language},
    {"a file that does not compile", test_cxx_broken_file},
    {NULL, NULL},
};

int main(void)
{
    const testutil_suite suites[] = {
        {"counting", counting_cases}, {"bad input", input_cases}, {"C++", cxx_cases}};
    return testutil_run(suites, 3);
}
