/* test_incore: the in-core model of compiled loops (perfmodel/incore*.c).
 *
 * The fixtures in testsuite/incore/ are assembly GCC 12.2 and clang 19 (Debian 12) wrote
 * for small loops of ours, checked in so that finding the loop and reading its step do
 * not depend on the compiler installed; how each was made is at the top of its .c file.
 * The expected numbers were worked out by hand from the instructions (listed in the
 * comments) and, for cycles, from llvm-mca's own printed Total Cycles (llvm-mca 19.1.7):
 * what is checked is the parsing and the division, not llvm-mca's scheduling model.
 *
 * The cases that run llvm-mca-19 need Debian's llvm-19: without it they print that they
 * were skipped and the program exits 77, which CTest reports as skipped, not passed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "incore.h"
#include "testutil.h"

#define FIXTURES AITOOL_SOURCE_DIR "/testsuite/incore/"

static bool have_mca;
static unsigned skipped;

static bool program_in_path(const char *name)
{
    const char *path = getenv("PATH");
    if (!path)
        return false;
    char *copy = strdup(path);
    bool found = false;
    for (char *dir = strtok(copy, ":"); dir && !found; dir = strtok(NULL, ":")) {
        char *full = testutil_path(dir, name);
        found = access(full, X_OK) == 0;
        free(full);
    }
    free(copy);
    return found;
}

/* False, after saying so, when llvm-mca is missing. */
static bool need_mca(const char *what)
{
    if (!have_mca) {
        printf("\n  SKIPPED (%s): %s is not installed (Debian's %s)\n", what,
               INCORE_MCA_PROGRAM, INCORE_MCA_PACKAGE);
        skipped++;
    }
    return have_mca;
}

typedef struct fixture {
    const char *asm_file, *source;
    unsigned first, last;
    const char *label;
    unsigned instructions;
    double source_iterations;
    unsigned vector_bits, lanes;
    double unroll;
    double total_cycles; /* llvm-mca -mcpu=skylake-avx512 -iterations=1000, as printed */
    const char *bottleneck;
    double bottleneck_cycles;
    double stored_bytes; /* the stores' bytes a pass */
} fixture;

/* Worked out by hand:
 * - axpy_scalar (gcc -O2): movsd, mulsd, addsd, movsd, addq $1 %rax, cmpq, jne: 7
 *   instructions; %rax indexes with scale 8 = sizeof(double), +1 a pass: 1 iteration.
 *   1517 cycles / 1000 = 1.517 a source iteration.
 * - axpy_avx2 (gcc -O3 -mavx2 -mfma): vmovupd, vfmadd213pd, vmovupd on %ymm, addq $32,
 *   cmpq, jne: 6; %rax a byte offset (scale 1), 32 bytes = 4 doubles, 4 lanes of 256
 *   bits, unroll 1.  1347 / 1000 / 4 = 0.33675.
 * - axpy_avx512 (gcc -O3 -march=skylake-avx512 -mprefer-vector-width=512): the same on
 *   %zmm, addq $64: 8 doubles, 8 lanes.  1681 / 1000 / 8 = 0.210125.
 * - axpy_clang_avx2 (clang-19 -O3 -mavx2 -mfma): 4 loads, 4 FMAs, 4 stores on %ymm, addq
 *   $16 %rcx (scale 8), cmpq, jne: 15; 16 iterations = 4 lanes x unroll 4; the scalar
 *   remainder loop after it is smaller and not kept.  4016 / 1000 / 16 = 0.251.
 * - unroll4 (gcc -O2, #pragma GCC unroll 4): 4 x (movsd, mulsd, addsd, movsd), leaq
 *   1(%rax) %rcx, addq $2 %rax, leaq 3(%rcx) %rax, cmpq, jne: 21; %rax ends at
 *   %rax + 1 + 3 = +4: 4 iterations, scalar, unroll 4; the remainder iterations run
 *   before the loop, straight-line.  5017 / 1000 / 4 = 1.25425.
 * Stored bytes a pass: one movsd, 8; one vmovupd of a ymm, 32, of a zmm, 64; clang's four
 * ymm stores, 128; unroll4's four movsd, 32. */
static const fixture fixtures[] = {
    {"axpy_scalar.s", "axpy.c", 3, 4, ".L3", 7, 1, 0, 1, 1, 1517,
     "SKXPort0, SKXPort1, SKXPort5, SKXPort6", 1.25, 8},
    {"axpy_avx2.s", "axpy.c", 3, 4, ".L4", 6, 4, 256, 4, 1, 1347,
     "SKXPort0, SKXPort1, SKXPort2, SKXPort3, SKXPort4, SKXPort5, SKXPort6, SKXPort7", 1, 32},
    {"axpy_avx512.s", "axpy.c", 3, 4, ".L4", 6, 8, 512, 8, 1, 1681,
     "SKXPort0, SKXPort1, SKXPort5, SKXPort6", 1.25, 64},
    {"axpy_clang_avx2.s", "axpy.c", 3, 4, ".LBB0_4", 15, 16, 256, 4, 4, 4016,
     "SKXPort2, SKXPort3, SKXPort4", 4, 128},
    {"unroll4.s", "unroll4.c", 4, 5, ".L3", 21, 4, 0, 1, 4, 5017,
     "SKXPort0, SKXPort1, SKXPort2, SKXPort3, SKXPort4", 4, 32},
};
#define NFIXTURES (sizeof fixtures / sizeof *fixtures)

/* The fixture's loop, found in its assembly. */
static incore_status fixture_loop(const fixture *f, incore_loop *l, strbuf *why)
{
    char *path = testutil_path(FIXTURES, f->asm_file);
    char *text = testutil_read_file(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    incore_status s = incore_find_loop(text, f->source, f->first, f->last, 8, l, why);
    free(text);
    free(path);
    return s;
}

static void test_fixture_loops(void)
{
    for (size_t k = 0; k < NFIXTURES; k++) {
        const fixture *f = &fixtures[k];
        incore_loop l;
        strbuf why = STRBUF_INIT;
        CU_ASSERT_EQUAL_FATAL(fixture_loop(f, &l, &why), INCORE_OK);
        CU_ASSERT_STRING_EQUAL(l.label, f->label);
        CU_ASSERT_EQUAL(l.instructions, f->instructions);
        CU_ASSERT_EQUAL(l.source_iterations, f->source_iterations);
        CU_ASSERT_EQUAL(l.step_bytes, (long long)f->source_iterations * 8);
        CU_ASSERT_EQUAL(l.vectorized, f->vector_bits > 0);
        CU_ASSERT_EQUAL(l.vector_bits, f->vector_bits);
        CU_ASSERT_EQUAL(l.lanes, f->lanes);
        CU_ASSERT_EQUAL(l.unroll, f->unroll);
        CU_ASSERT_EQUAL(l.stored_bytes, f->stored_bytes);
        if (l.instructions != f->instructions)
            printf("\n%s: %u instructions kept:\n%s", f->asm_file, l.instructions, l.body);
        incore_loop_release(&l);
        strbuf_release(&why);
    }
}

/* Gathers (gather.c, lines 5-6: y[i] = s * x[idx[i]], ints indexing doubles):
 * - gather_avx512.s (gcc -O3 -march=skylake-avx512 -mprefer-vector-width=512): two
 *   vgatherdpd of 8 doubles into zmm a pass, 16 elements; %rax steps 64 bytes, the ints'
 *   loads (%rsi,%rax) scale 1, the stores (%rcx,%rax,2) 128 bytes: no index scaled by 8,
 *   so the store's 128 bytes say the step, 16 doubles (the first access's 64 would say 8);
 *   two zmm stores, 128 bytes; 8 lanes, unroll 2.
 * - gather_avx2.s (gcc -O3 -march=skylake): AVX2's vgatherdpd %ymm6, (%rdx,%xmm0,8),
 *   %ymm2 twice, 4 doubles each, 8 a pass; the stores (%rcx,%rax,2), %rax +32: 64 bytes,
 *   8 doubles; 4 lanes, unroll 2. */
static void test_gathers(void)
{
    static const struct {
        const char *asm_file;
        unsigned gathered, lanes;
        double source_iterations, unroll, stored_bytes;
    } cases[] = {{"gather_avx512.s", 16, 8, 16, 2, 128}, {"gather_avx2.s", 8, 4, 8, 2, 64}};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char *path = testutil_path(FIXTURES, cases[k].asm_file);
        char *text = testutil_read_file(path);
        CU_ASSERT_PTR_NOT_NULL_FATAL(text);
        incore_loop l;
        strbuf why = STRBUF_INIT;
        CU_ASSERT_EQUAL_FATAL(incore_find_loop(text, "gather.c", 5, 6, 8, &l, &why), INCORE_OK);
        CU_ASSERT_EQUAL(l.gathered, cases[k].gathered);
        CU_ASSERT_EQUAL(l.step_bytes, (long long)cases[k].source_iterations * 8);
        CU_ASSERT_DOUBLE_EQUAL(l.source_iterations, cases[k].source_iterations, 0);
        CU_ASSERT_EQUAL(l.lanes, cases[k].lanes);
        CU_ASSERT_DOUBLE_EQUAL(l.unroll, cases[k].unroll, 0);
        CU_ASSERT_DOUBLE_EQUAL(l.stored_bytes, cases[k].stored_bytes, 0);
        incore_loop_release(&l);
        strbuf_release(&why);
        free(text);
        free(path);
    }
    /* no gather: none counted */
    incore_loop l;
    strbuf why = STRBUF_INIT;
    CU_ASSERT_EQUAL_FATAL(fixture_loop(&fixtures[2], &l, &why), INCORE_OK);
    CU_ASSERT_EQUAL(l.gathered, 0);
    incore_loop_release(&l);
    strbuf_release(&why);
}

/* Of a 4-byte element, the same loop is twice as many source iterations. */
static void test_element_size(void)
{
    incore_loop l;
    strbuf why = STRBUF_INIT;
    char *text = testutil_read_file(FIXTURES "axpy_avx2.s");
    CU_ASSERT_EQUAL_FATAL(incore_find_loop(text, "axpy.c", 3, 4, 4, &l, &why), INCORE_OK);
    CU_ASSERT_EQUAL(l.source_iterations, 8);
    CU_ASSERT_EQUAL(l.lanes, 8);
    incore_loop_release(&l);
    CU_ASSERT_EQUAL(incore_find_loop(text, "axpy.c", 3, 4, 0, &l, &why), INCORE_NO_LOOP);
    free(text);
    strbuf_release(&why);
}

/* The remainder loops.  clang's, after its main loop (axpy_clang_avx2.s, .LBB0_6): vmovsd,
 * vfmadd213sd, vmovsd on %xmm, incq %rax (scale 8), cmpq, jne: 6 instructions, 1 source
 * iteration a pass, scalar (..sd is no packed instruction).  GCC's unroll4.s runs its 1-3
 * leftover iterations before the loop as straight-line code: no remainder loop. */
static void test_remainder(void)
{
    const fixture *clang = &fixtures[3], *unroll4 = &fixtures[4];
    incore_loop main_loop, rem;
    strbuf why = STRBUF_INIT;
    char *text = testutil_read_file(FIXTURES "axpy_clang_avx2.s");
    CU_ASSERT_EQUAL_FATAL(fixture_loop(clang, &main_loop, &why), INCORE_OK);
    CU_ASSERT_TRUE_FATAL(incore_find_remainder(text, "axpy.c", 3, 4, 8, &main_loop, &rem));
    CU_ASSERT_STRING_EQUAL(rem.label, ".LBB0_6");
    CU_ASSERT_EQUAL(rem.instructions, 6);
    CU_ASSERT_EQUAL(rem.source_iterations, 1);
    CU_ASSERT_FALSE(rem.vectorized);
    CU_ASSERT_EQUAL(rem.lanes, 1);
    incore_loop_release(&rem);
    incore_loop_release(&main_loop);
    free(text);
    text = testutil_read_file(FIXTURES "unroll4.s");
    CU_ASSERT_EQUAL_FATAL(fixture_loop(unroll4, &main_loop, &why), INCORE_OK);
    CU_ASSERT_FALSE(incore_find_remainder(text, "unroll4.c", 4, 5, 8, &main_loop, &rem));
    CU_ASSERT_EQUAL(rem.instructions, 0);
    incore_loop_release(&main_loop);
    free(text);
    strbuf_release(&why);
}

/* The code run once a row around stencil2d's vector loop (stencil2d_avx512.s, by hand):
 * from the i loop's label .L10 to the j loop's .L8, 11 instructions (the short-row test
 * jbe .L15 among them); after .L8's jne, up to the test for leftover iterations (cmpq,
 * movq, je .L11), 3; the i loop's last block .L11, 7.  Not the leftover iterations'
 * ymm, xmm and scalar code between (.L5 to .L11).  cmul_scalar.s's jmp .L2 after its
 * loop comes back from the schedule's side path past the loop's jmp to GOMP_barrier: no
 * loop around it. */
static const char stencil2d_entry[] =
    "\tmovq\t120(%rsp), %rdx\n\taddq\t$1, 112(%rsp)\n\tmovq\t%r11, %rax\n"
    "\taddq\t%rdx, %r11\n\tcmpq\t$6, 88(%rsp)\n\tleaq\t-16(%r8), %rdx\n\tjbe\t.L15\n"
    "\tmovq\t96(%rsp), %r10\n\tleaq\t8(%r13), %r14\n\txorl\t%ecx, %ecx\n"
    "\txorl\t%r9d, %r9d\n"
    "\tcmpq\t$0, 64(%rsp)\n\tmovq\t%r10, 96(%rsp)\n\tje\t.L11\n"
    "\tmovq\t80(%rsp), %rdx\n\taddq\t%r12, %rdi\n\taddq\t%r12, %rsi\n"
    "\taddq\t%r12, %r8\n\taddq\t%r12, %r13\n\tcmpq\t%rdx, 112(%rsp)\n\tjne\t.L10\n";

static void test_entry_code(void)
{
    incore_loop l;
    strbuf why = STRBUF_INIT, body = STRBUF_INIT;
    unsigned n;
    char *text = testutil_read_file(FIXTURES "stencil2d_avx512.s");
    CU_ASSERT_EQUAL_FATAL(incore_find_loop(text, "stencil2d.c", 7, 8, 8, &l, &why), INCORE_OK);
    CU_ASSERT_STRING_EQUAL(l.label, ".L8");
    CU_ASSERT_TRUE(incore_find_entry_code(text, "stencil2d.c", &l, &body, &n));
    CU_ASSERT_EQUAL(n, 21);
    CU_ASSERT_STRING_EQUAL(strbuf_cstr(&body), stencil2d_entry);
    incore_loop_release(&l);
    free(text);
    strbuf_release(&body);
    text = testutil_read_file(FIXTURES "cmul_scalar.s");
    CU_ASSERT_EQUAL_FATAL(incore_find_loop(text, "cmul.c", 7, 10, 8, &l, &why), INCORE_OK);
    CU_ASSERT_FALSE(incore_find_entry_code(text, "cmul.c", &l, &body, &n));
    CU_ASSERT_EQUAL(n, 0);
    incore_loop_release(&l);
    free(text);
    strbuf_release(&body);
    strbuf_release(&why);
}

/* That code through llvm-mca (znver4, 1000 iterations): 3677 cycles as printed, 3.677 an
 * iteration; 21000 micro-ops at a dispatch width of 6: 3.5 cycles an iteration. */
static void test_entry_cycles(void)
{
    if (!need_mca("the code an entry"))
        return;
    strbuf report = STRBUF_INIT, why = STRBUF_INIT;
    incore_mca mca;
    CU_ASSERT_EQUAL_FATAL(incore_mca_run(NULL, "znver4", INCORE_MCA_ITERATIONS, stencil2d_entry,
                                         &report, &why),
                          INCORE_OK);
    CU_ASSERT_TRUE_FATAL(incore_mca_parse(strbuf_cstr(&report), &mca, &why));
    CU_ASSERT_DOUBLE_EQUAL(mca.cycles_per_iteration, 3.677, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(mca.dispatch_cycles, 3.5, 1e-12);
    strbuf_release(&report);
    strbuf_release(&why);
}

/* The last line of a loop statement, read from the C text. */
static void test_last_line(void)
{
    const char *text = "void f(double *a, int n)\n"             /* 1 */
                       "{\n"                                    /* 2 */
                       "    for (int i = 0; i < n; i++) {\n"    /* 3 */
                       "        a[i] = 1; /* } */ // }\n"       /* 4 */
                       "        a[i] += '}' + \"}\"[0];\n"      /* 5 */
                       "    }\n"                                /* 6 */
                       "    for (int i = 0;\n"                  /* 7 */
                       "         i < n; i++)\n"                 /* 8 */
                       "        for (int j = 0; j < n; j++)\n"  /* 9 */
                       "            a[j] = (a[j] + 1);\n"       /* 10 */
                       "    int k = 0;\n"                       /* 11 */
                       "    do {\n"                             /* 12 */
                       "        k++;\n"                         /* 13 */
                       "    } while (k < n\n"                   /* 14 */
                       "             );\n"                      /* 15 */
                       "    while (k--) a[k] = 0;\n"            /* 16 */
                       "}\n";
    CU_ASSERT_EQUAL(incore_loop_last_line(text, 3, 5), 6);
    CU_ASSERT_EQUAL(incore_loop_last_line(text, 3, 1), 6); /* column unknown (XML) */
    CU_ASSERT_EQUAL(incore_loop_last_line(text, 7, 5), 10);
    CU_ASSERT_EQUAL(incore_loop_last_line(text, 9, 9), 10);
    CU_ASSERT_EQUAL(incore_loop_last_line(text, 12, 5), 15);
    CU_ASSERT_EQUAL(incore_loop_last_line(text, 16, 5), 16);
    CU_ASSERT_EQUAL(incore_loop_last_line(text, 1, 1), 0);  /* no loop on the line */
    CU_ASSERT_EQUAL(incore_loop_last_line(text, 11, 1), 0);
    CU_ASSERT_EQUAL(incore_loop_last_line("for (i = 0; i < n; i++) {\n a[i] = 0;\n", 1, 1),
                    0); /* the text ends inside the body */
    /* a braceless body that is a loop with braces ends at its brace, not at a later `;` */
    const char *nest = "for (i = 0; i < n; i++)\n"   /* 1 */
                       "    for (j = 0; j < 3; j++) {\n" /* 2 */
                       "        s += a[i][j];\n"     /* 3 */
                       "    }\n"                     /* 4 */
                       "x = s;\n";                   /* 5 */
    CU_ASSERT_EQUAL(incore_loop_last_line(nest, 1, 1), 4);
    CU_ASSERT_EQUAL(incore_loop_last_line("while (k)\n while (j) {\n j--;\n }\ny = 0;\n", 1, 1),
                    4);
}

/* Lines that hold no loop, a file that is not the one compiled: no loop, and why. */
static void test_no_loop(void)
{
    incore_loop l;
    strbuf why = STRBUF_INIT;
    char *text = testutil_read_file(FIXTURES "axpy_scalar.s");
    CU_ASSERT_EQUAL(incore_find_loop(text, "axpy.c", 1, 2, 8, &l, &why), INCORE_NO_LOOP);
    CU_ASSERT_STRING_EQUAL(strbuf_cstr(&why),
                           "no loop of axpy.c:1-2 in the assembly (its lines are not a loop "
                           "of their own there: inlined, fused or unrolled away)");
    strbuf_release(&why);
    CU_ASSERT_EQUAL(incore_find_loop(text, "other.c", 3, 4, 8, &l, &why), INCORE_NO_LOOP);
    /* a body line only: the header line's compare is outside, so the loop is not of them */
    CU_ASSERT_EQUAL(incore_find_loop(text, "axpy.c", 4, 4, 8, &l, &why), INCORE_NO_LOOP);
    free(text);
    strbuf_release(&why);
}

/* Lines that span a nest give its innermost loop (the outer one holds its branch). */
static void test_innermost(void)
{
    const char *nest = "\t.file 1 \"nest.c\"\n"
                       ".L2:\n"
                       "\t.loc 1 3 5\n"
                       "\txorl\t%ecx, %ecx\n"
                       ".L3:\n"
                       "\t.loc 1 5 9\n"
                       "\tvmovsd\t(%rsi,%rcx,8), %xmm1\n"
                       "\tvaddsd\t%xmm1, %xmm0, %xmm0\n"
                       "\t.loc 1 4 9\n"
                       "\taddq\t$1, %rcx\n"
                       "\tcmpq\t%rcx, %rdx\n"
                       "\tjne\t.L3\n"
                       "\t.loc 1 3 5\n"
                       "\taddq\t%rdx, %rsi\n"
                       "\tsubq\t$1, %rdi\n"
                       "\tjne\t.L2\n";
    incore_loop l;
    strbuf why = STRBUF_INIT;
    CU_ASSERT_EQUAL_FATAL(incore_find_loop(nest, "src/nest.c", 3, 5, 8, &l, &why), INCORE_OK);
    CU_ASSERT_STRING_EQUAL(l.label, ".L3");
    CU_ASSERT_EQUAL(l.instructions, 5);
    CU_ASSERT_EQUAL(l.source_iterations, 1);
    CU_ASSERT_FALSE(l.vectorized);
    incore_loop_release(&l);
    strbuf_release(&why);
}

/* sum3.c (sum3_avx512.s, gcc -O3 -march=skylake-avx512 -mprefer-vector-width=512): the
 * inner loop of 3 (lines 5-6) is unrolled away, and the outer one (lines 3-8) is the loop
 * .L4, vectorized over i: 3 loads of a zmm from %rax (+192 a pass: 8 rows of 3 doubles),
 * 6 vpermt2pd, 3 vmovapd, 3 vaddpd, one store of a zmm through %rdx (+64), the two adds,
 * cmpq, jne: 19 instructions, 64 bytes stored a pass.  No index is scaled by 8, so its
 * step is the store's 64 bytes (%rdx), not %rax's 192 (the first access, which would say
 * 24 "source iterations" of 8 bytes); the model reads the enclosing loop's source
 * iterations from the stores either way (perf_incore.c). */
static void test_unrolled_inner(void)
{
    incore_loop l;
    strbuf why = STRBUF_INIT;
    char *text = testutil_read_file(FIXTURES "sum3_avx512.s");
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_EQUAL(incore_find_loop(text, "sum3.c", 5, 6, 8, &l, &why), INCORE_NO_LOOP);
    strbuf_release(&why);
    CU_ASSERT_EQUAL_FATAL(incore_find_loop(text, "sum3.c", 3, 8, 8, &l, &why), INCORE_OK);
    CU_ASSERT_STRING_EQUAL(l.label, ".L4");
    CU_ASSERT_EQUAL(l.instructions, 19);
    CU_ASSERT_EQUAL(l.step_bytes, 64);
    CU_ASSERT_EQUAL(l.stored_bytes, 64);
    CU_ASSERT_EQUAL(l.vector_bits, 512);
    CU_ASSERT_EQUAL(l.lanes, 8);
    incore_loop_release(&l);
    /* sum3_fixed (lines 13-18): both loops unrolled, no loop of either */
    CU_ASSERT_EQUAL(incore_find_loop(text, "sum3.c", 13, 18, 8, &l, &why), INCORE_NO_LOOP);
    free(text);
    strbuf_release(&why);
}

/* Of two loops of the same lines, the main one is the one whose pass advances the most
 * bytes (a vector loop of 16 bytes a pass), not the one of the most instructions (an
 * epilogue of 8 bytes a pass, longer here); stack spills are no stores; the bytes of
 * integer stores. */
static void test_main_by_step(void)
{
    const char *two = "\t.file 1 \"k.c\"\n"
                      ".L2:\n"
                      "\t.loc 1 3 5\n"
                      "\tmovsd\t(%rsi,%rax,8), %xmm0\n"
                      "\tmovsd\t%xmm0, -8(%rsp)\n"
                      "\taddsd\t%xmm1, %xmm0\n"
                      "\taddsd\t%xmm1, %xmm0\n"
                      "\tmovsd\t%xmm0, (%rdi,%rax,8)\n"
                      "\taddq\t$1, %rax\n"
                      "\tcmpq\t%rax, %rdx\n"
                      "\tjne\t.L2\n"
                      ".L3:\n"
                      "\t.loc 1 4 9\n"
                      "\tmovupd\t(%rsi,%rax,8), %xmm0\n"
                      "\taddpd\t%xmm2, %xmm0\n"
                      "\tmovups\t%xmm0, (%rdi,%rax,8)\n"
                      "\taddq\t$2, %rax\n"
                      "\tcmpq\t%rax, %rdx\n"
                      "\tjne\t.L3\n";
    incore_loop l;
    strbuf why = STRBUF_INIT;
    CU_ASSERT_EQUAL_FATAL(incore_find_loop(two, "k.c", 3, 4, 8, &l, &why), INCORE_OK);
    CU_ASSERT_STRING_EQUAL(l.label, ".L3");
    CU_ASSERT_EQUAL(l.step_bytes, 16);
    CU_ASSERT_EQUAL(l.stored_bytes, 16);
    incore_loop_release(&l);
    CU_ASSERT_EQUAL_FATAL(incore_find_loop(two, "k.c", 3, 3, 8, &l, &why), INCORE_OK);
    CU_ASSERT_STRING_EQUAL(l.label, ".L2");
    CU_ASSERT_EQUAL(l.stored_bytes, 8);
    incore_loop_release(&l);
    /* integer stores: movq 8, movl 4, an add into memory by its register (rax, 8), movb 1,
     * mov of r9d 4; the spill through %rbp, the frame pointer f sets up, is none: 25
     * bytes.  Without that prologue %rbp is a pointer, its vmovsd 8 more: 33. */
    const char *ints = "\t.file 1 \"k.c\"\n"
                       "f:\n"
                       "\tpushq\t%rbp\n"
                       "\tmovq\t%rsp, %rbp\n"
                       ".L5:\n"
                       "\t.loc 1 3 5\n"
                       "\tmovq\t%rax, (%rdi,%rcx,8)\n"
                       "\tmovl\t%r9d, 8(%rdi)\n"
                       "\taddq\t%rax, (%rdx)\n"
                       "\tmovb\t%al, (%rsi)\n"
                       "\tmov\t%r9d, 4(%rsi)\n"
                       "\tvmovsd\t%xmm0, -8(%rbp)\n"
                       "\tcmpq\t%rcx, (%r8)\n"
                       "\taddq\t$1, %rcx\n"
                       "\tjne\t.L5\n";
    CU_ASSERT_EQUAL_FATAL(incore_find_loop(ints, "k.c", 3, 3, 8, &l, &why), INCORE_OK);
    CU_ASSERT_EQUAL(l.stored_bytes, 25);
    incore_loop_release(&l);
    const char *no_frame = strstr(ints, ".L5:");
    strbuf body = STRBUF_INIT;
    strbuf_printf(&body, "\t.file 1 \"k.c\"\ng:\n%s", no_frame);
    CU_ASSERT_EQUAL_FATAL(incore_find_loop(strbuf_cstr(&body), "k.c", 3, 3, 8, &l, &why),
                          INCORE_OK);
    CU_ASSERT_EQUAL(l.stored_bytes, 33);
    incore_loop_release(&l);
    strbuf_release(&body);
    strbuf_release(&why);
}

/* A checked-in report of llvm-mca on dot_scalar.s's loop (znver3): a carried add chain.
 * By hand: 3014 / 1000 = 3.014 cycles a pass; Block RThroughput 1.0; the two copies of
 * Zn3FP45 carry 1.00 each, the most (named once); 95.89% of the cycles see backend
 * pressure, all of it from data dependencies. */
static void test_parse_report(void)
{
    char *report = testutil_read_file(FIXTURES "dot_znver3.mca");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    incore_mca m;
    strbuf why = STRBUF_INIT;
    CU_ASSERT_TRUE_FATAL(incore_mca_parse(report, &m, &why));
    CU_ASSERT_EQUAL(m.iterations, 1000);
    CU_ASSERT_EQUAL(m.total_cycles, 3014);
    CU_ASSERT_DOUBLE_EQUAL(m.cycles_per_iteration, 3.014, 1e-12);
    CU_ASSERT_EQUAL(m.block_rthroughput, 1.0);
    CU_ASSERT_STRING_EQUAL(m.bottleneck, "Zn3FP45");
    CU_ASSERT_EQUAL(m.bottleneck_cycles, 1.0);
    CU_ASSERT_DOUBLE_EQUAL(m.pressure_increase_pct, 95.89, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(m.resource_pct, 0, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(m.dependency_pct, 95.89, 1e-9);
    /* two loads a pass over three load pipes: Zn3LSU and Zn3Load at 0.67 each, the most of
     * the load/store resources (Zn3AGU, Zn3Store and Zn3FPSt carry none) */
    CU_ASSERT_DOUBLE_EQUAL(m.load_store_cycles, 0.67, 1e-12);
    CU_ASSERT_FALSE(incore_mca_parse("Iterations: 100\n", &m, &why));
    CU_ASSERT_STRING_EQUAL(strbuf_cstr(&why), "llvm-mca's report has no Total Cycles");
    free(report);
    strbuf_release(&why);
}

/* A chain's cycles at the machine's add latency (incore_chain_cycles), on the checked-in
 * report of dot_scalar.s on znver3 (3.014 cycles a pass; data dependencies 95.89%,
 * resources 0%; its resource bound 1.0: Block RThroughput and Zn3FP45's pressure), whose
 * add llvm-mca takes as 3 cycles.  By hand:
 * - a core measuring 2: 3.014 x 2 / 3 = 2.009333..., above the bound;
 * - a core measuring 0.5: 3.014 x 0.5 / 3 = 0.502333..., below the bound: 1.0;
 * - a core measuring 4: 3.014 x 4 / 3 = 4.018666...;
 * - latency unknown (0) on either side: 3.014 as llvm-mca said;
 * - the same report read as bound by its resources (resource share above the dependency
 *   share): 3.014 as llvm-mca said;
 * - a pass at its resource bound (cycles 1.0): 1.0 whatever the latencies.
 * The same report's resource bound (incore_resource_bound) is 1.0, and it is chain-bound
 * (incore_chain_bound); read as bound by its resources, or at its bound, it is not. */
static void test_chain_cycles(void)
{
    char *report = testutil_read_file(FIXTURES "dot_znver3.mca");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    incore_mca m;
    strbuf why = STRBUF_INIT;
    CU_ASSERT_TRUE_FATAL(incore_mca_parse(report, &m, &why));
    CU_ASSERT_DOUBLE_EQUAL(incore_chain_cycles(&m, 3, 2), 3.014 * 2 / 3, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(incore_chain_cycles(&m, 3, 2), 2.0093333333333333, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(incore_chain_cycles(&m, 3, 0.5), 1.0, 0);
    CU_ASSERT_DOUBLE_EQUAL(incore_chain_cycles(&m, 3, 4), 4.0186666666666666, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(incore_chain_cycles(&m, 0, 2), 3.014, 0);
    CU_ASSERT_DOUBLE_EQUAL(incore_chain_cycles(&m, 3, 0), 3.014, 0);
    incore_mca resources = m;
    resources.resource_pct = 96;
    CU_ASSERT_DOUBLE_EQUAL(incore_chain_cycles(&resources, 3, 2), 3.014, 0);
    incore_mca at_bound = m;
    at_bound.cycles_per_iteration = 1.0;
    CU_ASSERT_DOUBLE_EQUAL(incore_chain_cycles(&at_bound, 3, 2), 1.0, 0);
    CU_ASSERT_DOUBLE_EQUAL(incore_resource_bound(&m), 1.0, 0);
    CU_ASSERT_TRUE(incore_chain_bound(&m));
    CU_ASSERT_FALSE(incore_chain_bound(&resources));
    CU_ASSERT_FALSE(incore_chain_bound(&at_bound));
    free(report);
    strbuf_release(&why);
}

/* The loop of a fixture's lines (element 8), or fails the test. */
static void fixture_lines(const char *asm_file, const char *source, unsigned first,
                          unsigned last, incore_loop *l)
{
    char *path = testutil_path(FIXTURES, asm_file);
    char *text = testutil_read_file(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    strbuf why = STRBUF_INIT;
    CU_ASSERT_EQUAL_FATAL(incore_find_loop(text, source, first, last, 8, l, &why), INCORE_OK);
    strbuf_release(&why);
    free(text);
    free(path);
}

/* A chain of no adds keeps llvm-mca's cycles.  vmax_avx512.s (vmax.c at -O3
 * -march=x86-64-v4) is vmovsd, addq, vmaxsd, cmpq, jne: no floating-point add, subtract or
 * FMA (its addq is an integer add), so `adds` is false, and the perf model gives
 * incore_chain_cycles an unknown llvm-mca add latency (0): on vmax_znver4.mca (the same
 * loop, 2011 cycles for 1000 passes, data dependencies 49.68%, resources 0%, Block
 * RThroughput 1.0) the pass stays 2011 / 1000 = 2.011 cycles (Zen 5 measures 1.97),
 * where scaling it as adds (2 / 3) would give 1.3406666....  dot_scalar.s's loop has its
 * addsd, cmul_scalar.s's its subpd and addpd: `adds` true; axpy_avx512.s's has only
 * vfmadd213pd, an FMA, whose latency is not the add's: false. */
static void test_chain_of_no_adds(void)
{
    incore_loop l;
    fixture_lines("vmax_avx512.s", "vmax.c", 4, 5, &l);
    CU_ASSERT_EQUAL(l.instructions, 5);
    CU_ASSERT_FALSE(l.adds);
    incore_loop_release(&l);
    fixture_lines("dot_scalar.s", "dot.c", 8, 9, &l);
    CU_ASSERT_TRUE(l.adds);
    incore_loop_release(&l);
    fixture_lines("cmul_scalar.s", "cmul.c", 7, 10, &l);
    CU_ASSERT_TRUE(l.adds);
    incore_loop_release(&l);
    fixture_lines("axpy_avx512.s", "axpy.c", 3, 4, &l);
    CU_ASSERT_FALSE(l.adds);
    incore_loop_release(&l);
    char *report = testutil_read_file(FIXTURES "vmax_znver4.mca");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    incore_mca m;
    strbuf why = STRBUF_INIT;
    CU_ASSERT_TRUE_FATAL(incore_mca_parse(report, &m, &why));
    CU_ASSERT_DOUBLE_EQUAL(incore_chain_cycles(&m, 0, 2), 2.011, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(incore_chain_cycles(&m, 3, 2), 1.3406666666666667, 1e-12);
    free(report);
    strbuf_release(&why);
}

/* Stores through %rbp are the stack's only where %rbp is the frame pointer.
 * cmul_scalar.s (cmul.c at -O2 -fopenmp) keeps z in %rbp with no frame pointer (no `movq
 * %rsp, %rbp`): its loop's one movups of an xmm stores 16 bytes a pass, one source
 * iteration (z[i][0], z[i][1]: 2 doubles), though the step, 16 bytes, is 2 elements. */
static void test_rbp_stores(void)
{
    incore_loop l;
    fixture_lines("cmul_scalar.s", "cmul.c", 7, 10, &l);
    CU_ASSERT_EQUAL(l.stored_bytes, 16);
    CU_ASSERT_EQUAL(l.step_bytes, 16);
    CU_ASSERT_EQUAL(l.source_iterations, 2);
    incore_loop_release(&l);
}

/* A chain through a move llvm-mca eliminates (incore_move_chain), by hand from the
 * latencies given:
 * - vmax at -O2 (vmax_scalar.s): movsd (%rsi) %xmm1 8, addq 1, maxsd %xmm0 %xmm1 2, movapd
 *   %xmm1 %xmm0 0, cmpq 1, jne 1: %xmm0 read by maxsd, whose %xmm1 the move copies: 2;
 * - movapd %xmm0 %xmm1 0, mulsd %xmm2 %xmm1 3, addsd %xmm3 %xmm1 3, movapd %xmm1 %xmm0 0:
 *   0 + 3 + 3 = 6 (the first move's destination is written again after it: not a carrier);
 * - the same chain through addsd 8(%rdx) %xmm1 (its latency counts a load): 0, none said;
 * - maxsd (%rdx) %xmm0 with no move: 0.
 * On vmax_scalar_znver4.mca (llvm-mca on vmax_scalar.s's loop, -mcpu=znver4: 1012 cycles
 * for 1000 passes, no bottleneck found, Block RThroughput 1.0, Zn4FP0 and Zn4FP1 at 1.0)
 * the table read back gives the chain 2; the pass is then 2 (no adds: unknown llvm-mca add
 * latency), or scaled as adds would be, 2 x 2 / 3 = 1.3333..., above the bound 1.0. */
static void test_move_chain(void)
{
    char *vmax[] = {"movsd\t(%rsi), %xmm1", "addq\t$8, %rsi", "maxsd\t%xmm0, %xmm1",
                    "movapd\t%xmm1, %xmm0", "cmpq\t%rsi, %rax", "jne\t.L5"};
    const double vmax_latency[] = {8, 1, 2, 0, 1, 1};
    CU_ASSERT_DOUBLE_EQUAL(incore_move_chain(vmax, vmax_latency, 6), 2, 0);
    char *two[] = {"movapd\t%xmm0, %xmm1", "mulsd\t%xmm2, %xmm1", "addsd\t%xmm3, %xmm1",
                   "movapd\t%xmm1, %xmm0"};
    const double two_latency[] = {0, 3, 3, 0};
    CU_ASSERT_DOUBLE_EQUAL(incore_move_chain(two, two_latency, 4), 6, 0);
    char *memory[] = {"movapd\t%xmm0, %xmm1", "mulsd\t%xmm2, %xmm1", "addsd\t8(%rdx), %xmm1",
                      "movapd\t%xmm1, %xmm0"};
    const double memory_latency[] = {0, 3, 10, 0};
    CU_ASSERT_DOUBLE_EQUAL(incore_move_chain(memory, memory_latency, 4), 0, 0);
    char *none[] = {"maxsd\t(%rdx), %xmm0", "addq\t$8, %rdx", "cmpq\t%rax, %rdx", "jne\t.L4"};
    const double none_latency[] = {8, 1, 1, 1};
    CU_ASSERT_DOUBLE_EQUAL(incore_move_chain(none, none_latency, 4), 0, 0);
    char *report = testutil_read_file(FIXTURES "vmax_scalar_znver4.mca");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    incore_mca m;
    strbuf why = STRBUF_INIT;
    CU_ASSERT_TRUE_FATAL(incore_mca_parse(report, &m, &why));
    CU_ASSERT_DOUBLE_EQUAL(m.cycles_per_iteration, 1.012, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(m.chain_floor_cycles, 2, 0);
    CU_ASSERT_DOUBLE_EQUAL(incore_chain_cycles(&m, 0, 2), 2, 0);
    CU_ASSERT_DOUBLE_EQUAL(incore_chain_cycles(&m, 3, 2), 1.3333333333333333, 1e-12);
    free(report);
    strbuf_release(&why);
}

/* Loads folded into a carried register, unfolded (incore_unfold_carried):
 * - vmax.c at -O2 -ffast-math: maxsd (%rsi), %xmm0 carries %xmm0 and no other
 *   instruction writes it: the load to %xmm15 (the highest register the body does not
 *   name), then maxsd on it; the rest as it was;
 * - VEX, the destination its first source: vaddpd 64(%rax,%rdx), %zmm3, %zmm3 becomes
 *   vmovupd into %zmm15 and vaddpd %zmm15, %zmm3, %zmm3; with %xmm15 named in the body,
 *   %zmm14;
 * - a destination another instruction writes (a stencil's sum in a pass, begun by a
 *   load): none; a VEX destination other than its source: none; a store, an FMA, an
 *   integer add of memory, a memory operand without its parenthesis: none. */
static void test_unfold(void)
{
    strbuf out = STRBUF_INIT;
    CU_ASSERT_TRUE(incore_unfold_carried("\tmaxsd\t(%rsi), %xmm0\n\taddq\t$8, %rsi\n"
                                         "\tcmpq\t%rax, %rsi\n\tjne\t.L3\n",
                                         &out));
    CU_ASSERT_STRING_EQUAL(strbuf_cstr(&out), "\tmovsd\t(%rsi), %xmm15\n\tmaxsd\t%xmm15, %xmm0\n"
                                              "\taddq\t$8, %rsi\n\tcmpq\t%rax, %rsi\n"
                                              "\tjne\t.L3\n");
    strbuf_release(&out);
    CU_ASSERT_TRUE(incore_unfold_carried("\tvaddpd\t64(%rax,%rdx), %zmm3, %zmm3\n"
                                         "\tvmovsd\t%xmm15, (%rcx)\n\tjne\t.L3\n",
                                         &out));
    CU_ASSERT_STRING_EQUAL(strbuf_cstr(&out),
                           "\tvmovupd\t64(%rax,%rdx), %zmm14\n\tvaddpd\t%zmm14, %zmm3, %zmm3\n"
                           "\tvmovsd\t%xmm15, (%rcx)\n\tjne\t.L3\n");
    strbuf_release(&out);
    static const char *const none[] = {
        "\tvmovupd\t(%rax), %zmm0\n\tvaddpd\t8(%rax), %zmm0, %zmm0\n\tjne\t.L3\n",
        "\tvaddpd\t(%rax), %zmm1, %zmm0\n\tjne\t.L3\n",
        "\tmovsd\t%xmm0, (%rax)\n\tvfmadd231pd\t(%rax), %zmm1, %zmm0\n"
        "\taddq\t(%rdx), %rcx\n\tjne\t.L3\n",
        "\tmaxsd\t(%rsi, %xmm0\n\tjne\t.L3\n"};
    for (size_t k = 0; k < sizeof none / sizeof *none; k++) {
        CU_ASSERT_FALSE(incore_unfold_carried(none[k], &out));
        CU_ASSERT_STRING_EQUAL(strbuf_cstr(&out), "");
    }
    strbuf_release(&out);
}

/* 512-bit registers named as 256-bit ones (incore_zmm_as_ymm): each %zmmN becomes %ymmN,
 * masks, memory operands and other registers as they were; a body without zmm: false,
 * out untouched. */
static void test_zmm_as_ymm(void)
{
    strbuf out = STRBUF_INIT;
    CU_ASSERT_TRUE(incore_zmm_as_ymm("\tvmovupd\t(%rsi,%rax), %zmm0\n"
                                     "\tvfmaddsub231pd\t%zmm2, %zmm31, %zmm0{%k1}\n"
                                     "\tvmovsd\t%xmm3, (%rcx)\n\tjne\t.L4\n",
                                     &out));
    CU_ASSERT_STRING_EQUAL(strbuf_cstr(&out), "\tvmovupd\t(%rsi,%rax), %ymm0\n"
                                              "\tvfmaddsub231pd\t%ymm2, %ymm31, %ymm0{%k1}\n"
                                              "\tvmovsd\t%xmm3, (%rcx)\n\tjne\t.L4\n");
    strbuf_release(&out);
    CU_ASSERT_FALSE(incore_zmm_as_ymm("\tvaddpd\t%ymm1, %ymm0, %ymm0\n\tjne\t.L4\n", &out));
    CU_ASSERT_STRING_EQUAL(strbuf_cstr(&out), "");
}

/* llvm-mca's add throughput, a block of 8 independent vaddpd: on znver4 0.5 cycles each
 * at 256 bits and 1.0 at 512 (its two FP add pipes, 512 bits double pumped); on
 * skylake-avx512 0.5 at both (ports 0 and 5 at 256 bits, ports 0+1 and 5 at 512); an
 * -mcpu llvm-mca does not know is a failure, 0. */
static void test_mca_add_throughput(void)
{
    if (!need_mca("llvm-mca's add throughput"))
        return;
    static const struct {
        const char *mcpu;
        unsigned bits;
        double cycles;
    } cases[] = {{"znver4", 256, 0.5}, {"znver4", 512, 1.0},
                 {"skylake-avx512", 256, 0.5}, {"skylake-avx512", 512, 0.5}};
    strbuf why = STRBUF_INIT;
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        double cycles = -1;
        CU_ASSERT_EQUAL(incore_mca_add_throughput(NULL, cases[k].mcpu, cases[k].bits, &cycles,
                                                  &why),
                        INCORE_OK);
        CU_ASSERT_DOUBLE_EQUAL(cycles, cases[k].cycles, 0);
    }
    double cycles = -1;
    CU_ASSERT_EQUAL(incore_mca_add_throughput(NULL, "no-such-cpu", 512, &cycles, &why),
                    INCORE_MCA_FAILED);
    CU_ASSERT_EQUAL(cycles, 0);
    strbuf_release(&why);
}

/* llvm-mca's add latency, from two runs of a dependent addsd: 3 cycles on znver3 and
 * znver4 (their scheduling models' FP add), 4 on skylake-avx512 (Skylake's FMA units do
 * the adds); an -mcpu llvm-mca does not know is a failure, 0. */
static void test_mca_add_latency(void)
{
    if (!need_mca("llvm-mca's add latency"))
        return;
    static const struct {
        const char *mcpu;
        double cycles;
    } cases[] = {{"znver3", 3}, {"znver4", 3}, {"skylake-avx512", 4}};
    strbuf why = STRBUF_INIT;
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        double cycles = -1;
        CU_ASSERT_EQUAL(incore_mca_add_latency(NULL, cases[k].mcpu, &cycles, &why), INCORE_OK);
        CU_ASSERT_DOUBLE_EQUAL(cycles, cases[k].cycles, 0);
    }
    double cycles = -1;
    CU_ASSERT_EQUAL(incore_mca_add_latency(NULL, "no-such-cpu", &cycles, &why),
                    INCORE_MCA_FAILED);
    CU_ASSERT_EQUAL(cycles, 0);
    strbuf_release(&why);
}

/* llvm-mca's divide throughput, the Block RThroughput of one divsd: 5 cycles on znver4, 4
 * on skylake-avx512; an -mcpu llvm-mca does not know is a failure, 0. */
static void test_mca_divide_cycles(void)
{
    if (!need_mca("llvm-mca's divide throughput"))
        return;
    strbuf why = STRBUF_INIT;
    double cycles = -1;
    CU_ASSERT_EQUAL(incore_mca_divide_cycles(NULL, "znver4", &cycles, &why), INCORE_OK);
    CU_ASSERT_DOUBLE_EQUAL(cycles, 5, 0);
    CU_ASSERT_EQUAL(incore_mca_divide_cycles(NULL, "skylake-avx512", &cycles, &why), INCORE_OK);
    CU_ASSERT_DOUBLE_EQUAL(cycles, 4, 0);
    CU_ASSERT_EQUAL(incore_mca_divide_cycles(NULL, "no-such-cpu", &cycles, &why),
                    INCORE_MCA_FAILED);
    CU_ASSERT_EQUAL(cycles, 0);
    strbuf_release(&why);
}

/* The dot product's loop found, and llvm-mca run on it: the checked-in report again. */
static void test_dot_fixture(void)
{
    if (!need_mca("the dot product on znver3"))
        return;
    const fixture dot = {"dot_scalar.s", "dot.c", 8, 9, ".L3", 6, 1, 0, 1, 1, 0, "", 0, 0};
    incore_loop l;
    strbuf why = STRBUF_INIT, report = STRBUF_INIT;
    CU_ASSERT_EQUAL_FATAL(fixture_loop(&dot, &l, &why), INCORE_OK);
    CU_ASSERT_EQUAL(l.instructions, 6);
    CU_ASSERT_EQUAL(incore_mca_run(NULL, "znver3", 1000, l.body, &report, &why), INCORE_OK);
    char *want = testutil_read_file(FIXTURES "dot_znver3.mca");
    CU_ASSERT_STRING_EQUAL(strbuf_cstr(&report), want);
    free(want);
    incore_loop_release(&l);
    strbuf_release(&why);
    strbuf_release(&report);
}

/* Each fixture through llvm-mca on skylake-avx512: cycles per source iteration. */
static void test_fixture_cycles(void)
{
    if (!need_mca("the fixtures' cycles on skylake-avx512"))
        return;
    for (size_t k = 0; k < NFIXTURES; k++) {
        const fixture *f = &fixtures[k];
        incore_loop l;
        incore_mca m;
        strbuf why = STRBUF_INIT, report = STRBUF_INIT;
        CU_ASSERT_EQUAL_FATAL(fixture_loop(f, &l, &why), INCORE_OK);
        CU_ASSERT_EQUAL_FATAL(incore_mca_run(NULL, "skylake-avx512", 1000, l.body, &report,
                                             &why), INCORE_OK);
        CU_ASSERT_TRUE_FATAL(incore_mca_parse(strbuf_cstr(&report), &m, &why));
        CU_ASSERT_EQUAL(m.iterations, 1000);
        CU_ASSERT_EQUAL(m.total_cycles, f->total_cycles);
        CU_ASSERT_STRING_EQUAL(m.bottleneck, f->bottleneck);
        CU_ASSERT_EQUAL(m.bottleneck_cycles, f->bottleneck_cycles);
        CU_ASSERT_DOUBLE_EQUAL(m.cycles_per_iteration / l.source_iterations,
                               f->total_cycles / 1000 / f->source_iterations, 1e-12);
        incore_loop_release(&l);
        strbuf_release(&why);
        strbuf_release(&report);
    }
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (t1.tv_nsec - t0->tv_nsec) / 1e9;
}

static const incore_result *analyze(const char *compiler, strbuf *why)
{
    incore_request req = {FIXTURES "axpy.c", compiler, 3, 4, 8, "skylake-avx512", NULL};
    const incore_result *r;
    incore_status s = incore_analyze(&req, &r, why);
    CU_ASSERT_EQUAL(s, INCORE_OK);
    if (s != INCORE_OK)
        printf("\n%s: %s\n", compiler, strbuf_cstr(why));
    return r;
}

/* axpy.c compiled here: GCC 12 at -O2 does not vectorize it (the very-cheap cost model
 * refuses the epilogue), at -O3 -march=x86-64-v4 it does, 8 doubles to a zmm register;
 * the cycles per source iteration differ by about that width (the wider loop's stores
 * cost a little more: 1.517 against 8 x 0.210 on skylake-avx512). */
static void test_compile_widths(void)
{
    if (!need_mca("a kernel compiled at -O2 and -O3"))
        return;
    incore_cache_clear();
    strbuf why = STRBUF_INIT;
    const incore_result *o2 = analyze("gcc -O2", &why);
    const incore_result *o3 = analyze("gcc -O3 -march=x86-64-v4", &why);
    CU_ASSERT_PTR_NOT_NULL_FATAL(o2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(o3);
    CU_ASSERT_STRING_EQUAL(o2->compiler, "gcc -O2");
    CU_ASSERT_FALSE(o2->loop.vectorized);
    CU_ASSERT_EQUAL(o2->loop.lanes, 1);
    CU_ASSERT_TRUE(o3->loop.vectorized);
    CU_ASSERT_EQUAL(o3->loop.lanes, 8);
    double ratio = o2->cycles_per_source_iteration / o3->cycles_per_source_iteration;
    CU_ASSERT_TRUE(ratio > 0.5 * o3->loop.lanes && ratio < 1.5 * o3->loop.lanes);
    CU_ASSERT_DOUBLE_EQUAL(o2->cycles_per_source_iteration,
                           o2->mca.total_cycles / o2->mca.iterations, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(o3->cycles_per_source_iteration,
                           o3->mca.total_cycles / o3->mca.iterations / 8, 1e-12);
    /* asked again: the same result from the cache, no compile, no llvm-mca */
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    CU_ASSERT_PTR_EQUAL(analyze("gcc -O2", &why), o2);
    CU_ASSERT_TRUE(seconds_since(&t0) < 0.01);
    CU_ASSERT_EQUAL(incore_cache_hits(), 1);
    strbuf_release(&why);
    incore_cache_clear();
}

/* A second run (the process cache cleared): the analysis from the disk cache, the same
 * numbers, no compile and no llvm-mca.  An edited file is another key: compiled again. */
static void test_disk_cache(void)
{
    if (!need_mca("the disk cache"))
        return;
    char *dir = testutil_make_tempdir();
    char *source = testutil_path(dir, "axpy.c");
    char *text = testutil_read_file(FIXTURES "axpy.c");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(source, text));
    incore_request req = {source, "gcc -O3 -mavx2 -mfma", 3, 4, 8, "skylake-avx512", NULL};
    const incore_result *r;
    strbuf why = STRBUF_INIT;
    incore_cache_clear();
    CU_ASSERT_EQUAL_FATAL(incore_analyze(&req, &r, &why), INCORE_OK);
    CU_ASSERT_EQUAL(incore_disk_hits(), 0);
    incore_result first = *r;
    incore_cache_clear();
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    CU_ASSERT_EQUAL_FATAL(incore_analyze(&req, &r, &why), INCORE_OK);
    CU_ASSERT_TRUE(seconds_since(&t0) < 0.01);
    CU_ASSERT_EQUAL(incore_disk_hits(), 1);
    CU_ASSERT_STRING_EQUAL(r->compiler, "gcc -O3 -mavx2 -mfma");
    CU_ASSERT_EQUAL(r->cycles_per_source_iteration, first.cycles_per_source_iteration);
    CU_ASSERT_EQUAL(r->loop.lanes, 4);
    CU_ASSERT_EQUAL(r->loop.vector_bits, 256);
    CU_ASSERT_STRING_EQUAL(r->loop.label, first.loop.label);
    CU_ASSERT_STRING_EQUAL(r->mca.bottleneck, first.mca.bottleneck);
    CU_ASSERT_EQUAL(r->mca.load_store_cycles, first.mca.load_store_cycles);
    CU_ASSERT_EQUAL(r->has_remainder, first.has_remainder);
    /* edited: one more comment line moves nothing but the content hash */
    strbuf edited = STRBUF_INIT;
    strbuf_printf(&edited, "%s/* edited */\n", text);
    CU_ASSERT_TRUE_FATAL(testutil_write_file(source, edited.s));
    incore_cache_clear();
    CU_ASSERT_EQUAL(incore_analyze(&req, &r, &why), INCORE_OK);
    CU_ASSERT_EQUAL(incore_disk_hits(), 0);
    incore_cache_clear();
    strbuf_release(&edited);
    strbuf_release(&why);
    free(text);
    free(source);
    testutil_remove_tree(dir);
    free(dir);
}

/* A compiler that fails: its message, a status to fall back from, and the same again from
 * the cache. */
static void test_compile_fails(void)
{
    strbuf why = STRBUF_INIT, assembly = STRBUF_INIT;
    CU_ASSERT_EQUAL(incore_compile("gcc -O2 -mno-such-flag", FIXTURES "axpy.c", &assembly,
                                   &why), INCORE_COMPILE_FAILED);
    CU_ASSERT_PTR_NOT_NULL(strstr(strbuf_cstr(&why), "'gcc -O2 -mno-such-flag' failed on "));
    CU_ASSERT_PTR_NOT_NULL(strstr(strbuf_cstr(&why), "(exit status 1): gcc: error: "
                                                     "unrecognized command-line option"));
    CU_ASSERT_PTR_NOT_NULL(strstr(strbuf_cstr(&why), "-mno-such-flag"));
    CU_ASSERT_EQUAL(assembly.len, 0);
    strbuf_release(&why);
    CU_ASSERT_EQUAL(incore_compile("no-such-compiler-here -O2", FIXTURES "axpy.c", &assembly,
                                   &why), INCORE_COMPILE_FAILED);
    CU_ASSERT_STRING_EQUAL(strbuf_cstr(&why), "cannot run the compiler 'no-such-compiler-here': "
                                              "No such file or directory");
    strbuf_release(&why);
    CU_ASSERT_EQUAL(incore_compile("  ", FIXTURES "axpy.c", &assembly, &why),
                    INCORE_COMPILE_FAILED);
    CU_ASSERT_STRING_EQUAL(strbuf_cstr(&why), "the compiler command is empty");
    strbuf_release(&why);
    incore_request req = {FIXTURES "axpy.c", "gcc -mno-such-flag", 3, 4, 8, NULL, NULL};
    const incore_result *r;
    for (int k = 0; k < 2; k++) {
        CU_ASSERT_EQUAL(incore_analyze(&req, &r, &why), INCORE_COMPILE_FAILED);
        CU_ASSERT_PTR_NULL(r);
        CU_ASSERT_PTR_NOT_NULL(strstr(strbuf_cstr(&why), "unrecognized command-line option"));
        strbuf_release(&why);
    }
    CU_ASSERT_EQUAL(incore_cache_hits(), 1);
    incore_cache_clear();
}

/* Shell metacharacters are characters: `; touch FILE` is three more words for the
 * compiler (which refuses them as inputs) and FILE is never made; a -D whose value holds
 * $(...), ;, |, > and quotes reaches the compiler as written, quotes included, so the
 * string it defines is in the assembly. */
static void test_metacharacters(void)
{
    char *dir = testutil_make_tempdir();
    char *marker = testutil_path(dir, "made-by-a-shell");
    strbuf cmd = STRBUF_INIT, why = STRBUF_INIT, assembly = STRBUF_INIT;
    strbuf_printf(&cmd, "gcc -O2 ; touch %s", marker);
    CU_ASSERT_EQUAL(incore_compile(cmd.s, FIXTURES "axpy.c", &assembly, &why),
                    INCORE_COMPILE_FAILED);
    CU_ASSERT_PTR_NOT_NULL(strstr(strbuf_cstr(&why), "gcc: error: ;: "));
    struct stat st;
    CU_ASSERT_NOT_EQUAL(stat(marker, &st), 0);
    strbuf_release(&why);

    char *source = testutil_path(dir, "mark.c");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(source, "const char mark[] = MARK;\n"));
    CU_ASSERT_EQUAL(incore_compile("gcc -O2 -DMARK=\"$(id);|>*\"", source, &assembly, &why),
                    INCORE_OK);
    CU_ASSERT_PTR_NOT_NULL(strstr(strbuf_cstr(&assembly), ".string\t\"$(id);|>*\""));
    strbuf_release(&cmd);
    strbuf_release(&why);
    strbuf_release(&assembly);
    free(source);
    free(marker);
    testutil_remove_tree(dir);
    free(dir);
}

/* llvm-mca missing: the package that provides it is named. */
static void test_mca_missing(void)
{
    strbuf why = STRBUF_INIT, report = STRBUF_INIT;
    CU_ASSERT_EQUAL(incore_mca_run("llvm-mca-not-installed", NULL, 100, "\tnop\n", &report,
                                   &why), INCORE_MCA_MISSING);
    CU_ASSERT_STRING_EQUAL(strbuf_cstr(&why),
                           "cannot run llvm-mca-not-installed: No such file or directory "
                           "(Debian's llvm-19 provides it; scripts/install-deps.sh installs it)");
    strbuf_release(&why);
    incore_request req = {FIXTURES "axpy.c", "gcc -O2", 3, 4, 8, NULL,
                          "llvm-mca-not-installed"};
    const incore_result *r;
    CU_ASSERT_EQUAL(incore_analyze(&req, &r, &why), INCORE_MCA_MISSING);
    CU_ASSERT_PTR_NOT_NULL(strstr(strbuf_cstr(&why), "Debian's llvm-19 provides it"));
    strbuf_release(&why);
    strbuf_release(&report);
    incore_cache_clear();
}

/* An -mcpu llvm-mca does not know: its message. */
static void test_mca_fails(void)
{
    if (!need_mca("an unknown -mcpu"))
        return;
    strbuf why = STRBUF_INIT, report = STRBUF_INIT;
    CU_ASSERT_EQUAL(incore_mca_run(NULL, "no-such-cpu", 100, "\tnop\n", &report, &why),
                    INCORE_MCA_FAILED);
    CU_ASSERT_PTR_NOT_NULL(strstr(strbuf_cstr(&why), "llvm-mca-19 -mcpu=no-such-cpu failed"));
    strbuf_release(&why);
    strbuf_release(&report);
}

static void test_split_words(void)
{
    char **w;
    unsigned n = incore_split_words("  cc\t-O2  -DX='a b' $(id);|> \"q\" ", &w);
    CU_ASSERT_EQUAL_FATAL(n, 6);
    const char *want[] = {"cc", "-O2", "-DX='a", "b'", "$(id);|>", "\"q\""};
    for (unsigned k = 0; k < n; k++)
        CU_ASSERT_STRING_EQUAL(w[k], want[k]);
    incore_words_free(w, n);
    CU_ASSERT_EQUAL(incore_split_words(" \t ", &w), 0);
    incore_words_free(w, 0);
}

int main(void)
{
    have_mca = program_in_path(INCORE_MCA_PROGRAM);
    /* the disk cache of these runs is theirs, removed after */
    char *cache = testutil_make_tempdir();
    setenv("AITOOL_CACHE_DIR", cache, 1);
    static const testutil_case assembly[] = {
        {"the command split at blanks only", test_split_words},
        {"fixtures: the loop, its step, its width", test_fixture_loops},
        {"the element size divides the step", test_element_size},
        {"lines that are no loop", test_no_loop},
        {"a nest's lines: its innermost loop", test_innermost},
        {"an inner loop unrolled away: the outer loop", test_unrolled_inner},
        {"the main loop: the widest step", test_main_by_step},
        {"the remainder loop", test_remainder},
        {"the code run once an entry", test_entry_code},
        {"a loop statement's last line", test_last_line},
        {"llvm-mca's report read back", test_parse_report},
        {"a chain's cycles at the machine's add latency", test_chain_cycles},
        {"a chain of no adds keeps llvm-mca's cycles", test_chain_of_no_adds},
        {"stores through %rbp without a frame pointer", test_rbp_stores},
        {"a chain through an eliminated move", test_move_chain},
        {"loads folded into a carried register, unfolded", test_unfold},
        {"512-bit registers named as 256-bit ones", test_zmm_as_ymm},
        {"gathers: their elements, the step by the stores", test_gathers},
        {NULL, NULL},
    };
    static const testutil_case running[] = {
        {"the dot product through llvm-mca", test_dot_fixture},
        {"llvm-mca's add latency", test_mca_add_latency},
        {"llvm-mca's divide throughput", test_mca_divide_cycles},
        {"llvm-mca's add throughput at 256 and 512 bits", test_mca_add_throughput},
        {"fixtures: cycles per source iteration", test_fixture_cycles},
        {"the code an entry through llvm-mca", test_entry_cycles},
        {"-O2 against -O3 -march=x86-64-v4, and the cache", test_compile_widths},
        {"the disk cache across runs", test_disk_cache},
        {"a compiler that fails", test_compile_fails},
        {"metacharacters are not interpreted", test_metacharacters},
        {"llvm-mca missing", test_mca_missing},
        {"llvm-mca failing", test_mca_fails},
        {NULL, NULL},
    };
    static const testutil_suite suites[] = {{"loops in assembly", assembly},
                                            {"compiling and llvm-mca", running}};
    int status = testutil_run(suites, 2);
    testutil_remove_tree(cache);
    free(cache);
    if (status == 0 && skipped) {
        printf("test_incore: %u cases SKIPPED: %s is not installed (Debian's %s)\n", skipped,
               INCORE_MCA_PROGRAM, INCORE_MCA_PACKAGE);
        return 77;
    }
    return status;
}
