/* The analyzer against kernels whose counts were worked out by hand (the
 * derivations are comments in testsuite/kernels/). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer.h"
#include "diag.h"
#include "loop_model.h"
#include "strbuf.h"
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
} expected_loop;

static char *kernel_path(const char *name)
{
    strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "%s/%s", AITOOL_KERNEL_DIR, name);
    return strbuf_take(&sb);
}

/* Analyze one kernel; NULL when the analyzer refused it. */
static lm_program *analyze(const char *name, const char *const *args, int nargs)
{
    char *path = kernel_path(name);
    analyzer_options opt = {args, nargs, false, NULL, false};
    analyzer *a = analyzer_create(&opt);
    lm_program *p = lm_program_create();
    bool ok = analyzer_analyze_file(a, p, path);
    analyzer_free(&a);
    free(path);
    if (!ok) {
        lm_program_free(&p);
        return NULL;
    }
    lm_program_finish(p);
    return p;
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
}

/* Every loop of the kernel, in source order, and no other. */
static void check_kernel(const char *name, const char *const *args, int nargs,
                         const expected_loop *expected, size_t n)
{
    lm_program *p = analyze(name, args, nargs);
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

#define CHECK_KERNEL(name, args, nargs, table) \
    check_kernel(name, args, nargs, table, sizeof table / sizeof table[0])

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

static void test_math_calls_are_special(void)
{
    static const expected_loop loops[] = {
        {"maths", 8, 5, LM_LOOP_FOR, 1, 2, 1, 1, 1, 7,
         "1 * sizeof(double ) + 1 * sizeof(float ) + 1 * sizeof(long double )", 28,
         "1 * sizeof(double ) + 1 * sizeof(float ) + 1 * sizeof(long double )", 28},
    };
    CHECK_KERNEL("math.c", NULL, 0, loops);
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
    lm_program_free(&p);
    /* Without -fopenmp the #ifdef _OPENMP part is not compiled. */
    CU_ASSERT_EQUAL(analyze_loop_count("openmp.c"), 1);
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

static const testutil_case counting_cases[] = {
    {"mixed int and float", test_mixed_int_and_float},
    {"function level counts", test_function_level_counts},
    {"nested loops", test_nested_loops},
    {"every element type", test_every_element_type},
    {"pointers and fields", test_pointers_and_fields},
    {"field arrays are named by path", test_field_arrays_are_named_by_path},
    {"loops from macros", test_loops_from_macros},
    {"math calls are special", test_math_calls_are_special},
    {"sizes follow the target", test_sizes_follow_the_target},
    {"openmp loops", test_openmp_loops},
    {NULL, NULL},
};

static const testutil_case input_cases[] = {
    {"broken file adds nothing", test_broken_file_adds_nothing},
    {"missing file is an error", test_missing_file_is_an_error},
    {NULL, NULL},
};

int main(void)
{
    const testutil_suite suites[] = {{"counting", counting_cases}, {"bad input", input_cases}};
    return testutil_run(suites, 2);
}
