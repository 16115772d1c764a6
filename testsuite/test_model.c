/* The loop model, the diagnostics and the helpers under it, without clang. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "diag.h"
#include "fileio.h"
#include "loop_model.h"
#include "mem.h"
#include "strbuf.h"
#include "testutil.h"

static lm_location at(unsigned line)
{
    return (lm_location){"/src/k.c", line, 3};
}

static void test_intensity_rules(void)
{
    CU_ASSERT_DOUBLE_EQUAL(lm_intensity(4, 8), 0.5, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(lm_intensity(3, 0), 9999.9, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(lm_intensity(0, 0), 0.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(lm_intensity(0, 24), 0.0, 1e-12);
}

static void test_fp_total_leaves_out_specials(void)
{
    lm_fp_counts c = {{1, 2, 3, 4, 5}};
    CU_ASSERT_EQUAL(lm_fp_total(&c), 10);
    lm_fp_counts d = {{1, 1, 1, 1, 1}};
    lm_fp_add(&c, &d);
    CU_ASSERT_EQUAL(c.n[LM_FP_SPECIAL], 6);
    CU_ASSERT_EQUAL(lm_fp_total(&c), 14);
    CU_ASSERT_STRING_EQUAL(lm_fp_class_name(LM_FP_MULTIPLY), "fp_multiply");
    CU_ASSERT_STRING_EQUAL(lm_loop_kind_name(LM_LOOP_DO), "do");
}

/* Arrays of two types, read in the order b(double), c(float), a(double):
 * the double term comes first because a double array was read first. */
static void test_formula_groups_by_type_in_order(void)
{
    lm_program *p = lm_program_create();
    lm_file *f = lm_file_create(p, "/src/k.c");
    lm_program_append_file(p, f);
    lm_function *fn = lm_file_add_function(p, f, "k", at(1));
    lm_loop *l = lm_function_add_loop(p, fn, NULL, LM_LOOP_FOR, at(2));
    lm_arrays_note(p, &l->own_arrays, "a", "a", "double", 8, false, true, 1);
    lm_arrays_note(p, &l->own_arrays, "b", "b", "double", 8, true, false, 2);
    lm_arrays_note(p, &l->own_arrays, "c", "c", "float", 4, true, false, 3);
    lm_arrays_note(p, &l->own_arrays, "a", "a", "double", 8, true, false, 4);
    lm_arrays_note(p, &l->own_arrays, "b", "b", "double", 8, true, false, 5);
    l->own.n[LM_FP_PLUS] = 5;
    lm_program_finish(p);
    CU_ASSERT_STRING_EQUAL(l->loads.formula, "2 * sizeof(double ) + 1 * sizeof(float )");
    CU_ASSERT_EQUAL(l->loads.bytes, 20);
    CU_ASSERT_STRING_EQUAL(l->stores.formula, "1 * sizeof(double )");
    CU_ASSERT_EQUAL(l->stores.bytes, 8);
    CU_ASSERT_DOUBLE_EQUAL(l->ai, 5.0 / 28.0, 1e-12);
    lm_program_free(&p);
    CU_ASSERT_PTR_NULL(p);
}

static void test_no_arrays_gives_null_formulas(void)
{
    lm_program *p = lm_program_create();
    lm_file *f = lm_file_create(p, "/src/k.c");
    lm_program_append_file(p, f);
    lm_function *fn = lm_file_add_function(p, f, "k", at(1));
    lm_loop *l = lm_function_add_loop(p, fn, NULL, LM_LOOP_WHILE, at(2));
    l->own.n[LM_FP_MULTIPLY] = 1;
    lm_program_finish(p);
    CU_ASSERT_PTR_NULL(l->loads.formula);
    CU_ASSERT_PTR_NULL(l->stores.formula);
    CU_ASSERT_EQUAL(l->loads.bytes + l->stores.bytes, 0);
    CU_ASSERT_DOUBLE_EQUAL(l->ai, 9999.9, 1e-12);
    lm_program_free(&p);
}

/* outer { x[]=..  inner { y[] read, x[] read } } z[] written after the inner
 * loop: the outer loop counts x, y, z once each, in source order. */
static void test_inclusive_counts_and_arrays(void)
{
    lm_program *p = lm_program_create();
    lm_file *f = lm_file_create(p, "/src/k.c");
    lm_program_append_file(p, f);
    lm_function *fn = lm_file_add_function(p, f, "k", at(1));
    fn->own.n[LM_FP_DIVIDE] = 1;
    lm_loop *outer = lm_function_add_loop(p, fn, NULL, LM_LOOP_FOR, at(2));
    lm_loop *inner = lm_function_add_loop(p, fn, outer, LM_LOOP_FOR, at(3));
    lm_loop *inner2 = lm_function_add_loop(p, fn, outer, LM_LOOP_DO, at(6));
    lm_loop *second = lm_function_add_loop(p, fn, NULL, LM_LOOP_WHILE, at(9));
    outer->own.n[LM_FP_PLUS] = 1;
    inner->own.n[LM_FP_MULTIPLY] = 2;
    inner2->own.n[LM_FP_SPECIAL] = 1;
    second->own.n[LM_FP_MINUS] = 3;
    lm_arrays_note(p, &outer->own_arrays, "x", "x", "double", 8, false, true, 1);
    lm_arrays_note(p, &inner->own_arrays, "y", "y", "float", 4, true, false, 2);
    lm_arrays_note(p, &inner->own_arrays, "x", "x", "double", 8, true, false, 3);
    lm_arrays_note(p, &outer->own_arrays, "z", "z", "int", 4, false, true, 4);
    lm_program_finish(p);

    CU_ASSERT_EQUAL(outer->depth, 1);
    CU_ASSERT_EQUAL(inner->depth, 2);
    CU_ASSERT_EQUAL(outer->inclusive.n[LM_FP_PLUS], 1);
    CU_ASSERT_EQUAL(outer->inclusive.n[LM_FP_MULTIPLY], 2);
    CU_ASSERT_EQUAL(outer->inclusive.n[LM_FP_SPECIAL], 1);
    CU_ASSERT_EQUAL(lm_fp_total(&outer->inclusive), 3);
    CU_ASSERT_EQUAL(fn->inclusive.n[LM_FP_DIVIDE], 1);
    CU_ASSERT_EQUAL(lm_fp_total(&fn->inclusive), 7);
    CU_ASSERT_STRING_EQUAL(outer->loads.formula, "1 * sizeof(float ) + 1 * sizeof(double )");
    CU_ASSERT_EQUAL(outer->loads.bytes, 12);
    CU_ASSERT_STRING_EQUAL(outer->stores.formula, "1 * sizeof(double ) + 1 * sizeof(int )");
    CU_ASSERT_EQUAL(outer->stores.bytes, 12);
    CU_ASSERT_PTR_NULL(inner->stores.formula);

    /* Source order: outer, inner, inner2, second. */
    const lm_loop *order[] = {outer, inner, inner2, second};
    const lm_loop *l = fn->loops;
    for (size_t i = 0; i < 4; i++, l = lm_loop_next_preorder(l))
        CU_ASSERT_PTR_EQUAL(l, order[i]);
    CU_ASSERT_PTR_NULL(l);
    lm_program_free(&p);
}

static void test_arena_and_strbuf(void)
{
    arena *a = arena_create();
    char *big = arena_alloc(a, 200000);
    big[199999] = 'x';
    CU_ASSERT_EQUAL(big[0], 0);
    CU_ASSERT_STRING_EQUAL(arena_strndup(a, "double *x", 8), "double *");
    arena_free(&a);
    CU_ASSERT_PTR_NULL(a);

    strbuf sb = STRBUF_INIT;
    CU_ASSERT_STRING_EQUAL(strbuf_cstr(&sb), "");
    for (int i = 0; i < 100; i++)
        strbuf_printf(&sb, "%d,", i);
    CU_ASSERT_EQUAL(sb.len, 290);
    char *s = strbuf_take(&sb);
    CU_ASSERT_EQUAL(strncmp(s, "0,1,2,", 6), 0);
    CU_ASSERT_PTR_NULL(sb.s);
    free(s);
}

static void test_diag_format_and_counts(void)
{
    FILE *tmp = tmpfile();
    CU_ASSERT_PTR_NOT_NULL_FATAL(tmp);
    diag_set_stream(tmp);
    diag_set_program("prog");
    diag_reset_counts();
    diag_at(DIAG_ERROR, "k.c", 41, 3, "fp_multiply is %d", 3);
    diag_at(DIAG_WARNING, "k.c", 2, 7, "careful");
    diag_tool(DIAG_ERROR, "no input files");
    CU_ASSERT_EQUAL(diag_error_count(), 2);
    CU_ASSERT_EQUAL(diag_warning_count(), 1);
    char *messages = testutil_read_stream(tmp);
    CU_ASSERT_STRING_EQUAL(messages, "k.c:41:3: error: fp_multiply is 3\n"
                                "k.c:2:7: warning: careful\n"
                                "prog: error: no input files\n");
    free(messages);
    diag_set_stream(NULL);
    diag_reset_counts();
    fclose(tmp);
}

static bool write_hello(FILE *out, void *ctx)
{
    return fputs(ctx, out) >= 0;
}

static bool write_then_fail(FILE *out, void *ctx)
{
    fputs(ctx, out);
    return false;
}

static void test_atomic_write_keeps_old_file_on_failure(void)
{
    char *dir = testutil_make_tempdir();
    CU_ASSERT_PTR_NOT_NULL_FATAL(dir);
    strbuf path = STRBUF_INIT;
    strbuf_printf(&path, "%s/out.txt", dir);
    FILE *quiet = tmpfile();
    diag_set_stream(quiet);
    CU_ASSERT_TRUE(fileio_write_atomic(path.s, write_hello, "first\n"));
    CU_ASSERT_FALSE(fileio_write_atomic(path.s, write_then_fail, "second\n"));
    diag_set_stream(NULL);
    fclose(quiet);
    char *text = testutil_read_file(path.s);
    CU_ASSERT_STRING_EQUAL(text, "first\n");
    free(text);
    /* No temporary is left behind. */
    const char *argv[] = {"ls", "-A", dir, NULL};
    testutil_proc pr = testutil_exec(NULL, argv);
    CU_ASSERT_STRING_EQUAL(pr.out, "out.txt\n");
    testutil_proc_release(&pr);
    CU_ASSERT_TRUE(fileio_same_file(path.s, path.s));
    CU_ASSERT_FALSE(fileio_same_file(path.s, dir));
    strbuf_release(&path);
    testutil_remove_tree(dir);
    free(dir);
}

/* A link stays a link (its target is replaced); a FIFO stays a FIFO and gets
 * the output, as /dev/null would: renaming over either would replace it. */
static void test_atomic_write_keeps_links_and_fifos(void)
{
    char *dir = testutil_make_tempdir();
    CU_ASSERT_PTR_NOT_NULL_FATAL(dir);
    strbuf target = STRBUF_INIT, link = STRBUF_INIT, fifo = STRBUF_INIT, copy = STRBUF_INIT;
    strbuf_printf(&target, "%s/target.txt", dir);
    strbuf_printf(&link, "%s/link.txt", dir);
    strbuf_printf(&fifo, "%s/fifo", dir);
    strbuf_printf(&copy, "%s/copy.txt", dir);

    CU_ASSERT_EQUAL_FATAL(symlink(target.s, link.s), 0);
    CU_ASSERT_TRUE(fileio_write_atomic(link.s, write_hello, "through a dangling link\n"));
    CU_ASSERT_TRUE(fileio_write_atomic(link.s, write_hello, "through the link\n"));
    struct stat st;
    CU_ASSERT_EQUAL(lstat(link.s, &st), 0);
    CU_ASSERT_TRUE(S_ISLNK(st.st_mode));
    char *text = testutil_read_file(target.s);
    CU_ASSERT_STRING_EQUAL(text, "through the link\n");
    free(text);

    CU_ASSERT_EQUAL_FATAL(mkfifo(fifo.s, 0600), 0);
    pid_t reader = fork();
    if (reader == 0) {
        const char *argv[] = {"cp", fifo.s, copy.s, NULL};
        execvp(argv[0], (char *const *)argv);
        _exit(127);
    }
    CU_ASSERT_TRUE(fileio_write_atomic(fifo.s, write_hello, "into the pipe\n"));
    int status = 0;
    CU_ASSERT_EQUAL(waitpid(reader, &status, 0), reader);
    CU_ASSERT_EQUAL(lstat(fifo.s, &st), 0);
    CU_ASSERT_TRUE(S_ISFIFO(st.st_mode));
    text = testutil_read_file(copy.s);
    CU_ASSERT_STRING_EQUAL(text, "into the pipe\n");
    free(text);

    strbuf_release(&target);
    strbuf_release(&link);
    strbuf_release(&fifo);
    strbuf_release(&copy);
    testutil_remove_tree(dir);
    free(dir);
}

/* What `ls -A dir` prints, to free(). */
static char *list_dir(const char *dir)
{
    const char *argv[] = {"ls", "-A", dir, NULL};
    testutil_proc pr = testutil_exec(NULL, argv);
    char *out = pr.out;
    pr.out = NULL;
    testutil_proc_release(&pr);
    return out;
}

/* Issue 13: a run's outputs are renamed into place together at its end, and
 * none when one failed; a killed run's temporary (dead PID) is removed by the
 * next write, a running process's is kept. */
static void test_run_replaces_all_outputs_or_none(void)
{
    char *dir = testutil_make_tempdir();
    CU_ASSERT_PTR_NOT_NULL_FATAL(dir);
    strbuf a = STRBUF_INIT, b = STRBUF_INIT, stale = STRBUF_INIT, live = STRBUF_INIT;
    strbuf_printf(&a, "%s/a.txt", dir);
    strbuf_printf(&b, "%s/b.txt", dir);
    strbuf_printf(&stale, "%s/.a.txt.aitool-tmp.999999999", dir);
    strbuf_printf(&live, "%s/.b.txt.aitool-tmp.%ld", dir, (long)getppid());
    CU_ASSERT_TRUE_FATAL(testutil_write_file(a.s, "old a\n"));
    CU_ASSERT_TRUE_FATAL(testutil_write_file(stale.s, "half"));
    CU_ASSERT_TRUE_FATAL(testutil_write_file(live.s, "busy"));
    FILE *quiet = tmpfile();
    diag_set_stream(quiet);

    fileio_run_begin();
    CU_ASSERT_TRUE(fileio_write_atomic(a.s, write_hello, "new a\n"));
    CU_ASSERT_FALSE(fileio_write_atomic(b.s, write_then_fail, "new b\n"));
    CU_ASSERT_FALSE(fileio_run_end());
    char *text = testutil_read_file(a.s);
    CU_ASSERT_STRING_EQUAL(text, "old a\n");
    free(text);
    char *listing = list_dir(dir);
    strbuf want = STRBUF_INIT;
    strbuf_printf(&want, ".b.txt.aitool-tmp.%ld\na.txt\n", (long)getppid());
    CU_ASSERT_STRING_EQUAL(listing, want.s);
    free(listing);

    fileio_run_begin();
    CU_ASSERT_TRUE(fileio_write_atomic(a.s, write_hello, "new a\n"));
    CU_ASSERT_TRUE(fileio_write_atomic(b.s, write_hello, "new b\n"));
    text = testutil_read_file(a.s);
    CU_ASSERT_STRING_EQUAL(text, "old a\n"); /* not before the run's end */
    free(text);
    CU_ASSERT_PTR_NULL(testutil_read_file(b.s));
    CU_ASSERT_TRUE(fileio_run_end());
    text = testutil_read_file(a.s);
    CU_ASSERT_STRING_EQUAL(text, "new a\n");
    free(text);
    text = testutil_read_file(b.s);
    CU_ASSERT_STRING_EQUAL(text, "new b\n");
    free(text);
    listing = list_dir(dir);
    strbuf_release(&want);
    strbuf_printf(&want, ".b.txt.aitool-tmp.%ld\na.txt\nb.txt\n", (long)getppid());
    CU_ASSERT_STRING_EQUAL(listing, want.s);
    free(listing);

    diag_set_stream(NULL);
    rewind(quiet);
    char *messages = testutil_read_stream(quiet);
    fclose(quiet);
    strbuf note = STRBUF_INIT;
    strbuf_printf(&note, "note: removed '%s/.a.txt.aitool-tmp.999999999', left by an interrupted "
                         "run\n", dir);
    CU_ASSERT_PTR_NOT_NULL(strstr(messages, note.s));
    strbuf_release(&note);
    strbuf_printf(&note, "note: '%s' was not written, since another output of the run failed\n",
                  a.s);
    CU_ASSERT_PTR_NOT_NULL(strstr(messages, note.s));
    free(messages);
    strbuf_release(&note);
    strbuf_release(&want);
    strbuf_release(&a);
    strbuf_release(&b);
    strbuf_release(&stale);
    strbuf_release(&live);
    testutil_remove_tree(dir);
    free(dir);
}

/* What the messages of a guarded program said, from its start (to free()). */
static char *guard_messages(FILE *quiet)
{
    rewind(quiet);
    return testutil_read_stream(quiet);
}

/* Issue 26: the one rule of every output.  Each way of naming an input
 * (the path, a ./ prefix, a symbolic link, a hard link) and a second output
 * is a clash; standard output and devices are not; a clash is the usage
 * status at the program's end; a write over an input read later in a run
 * is caught before the renames. */
static void test_guard_refuses_outputs_over_inputs(void)
{
    char *dir = testutil_make_tempdir();
    CU_ASSERT_PTR_NOT_NULL_FATAL(dir);
    char *in = testutil_path(dir, "in.txt"), *sym = testutil_path(dir, "link.txt");
    char *hard = testutil_path(dir, "hard.txt"), *out = testutil_path(dir, "out.txt");
    char *late = testutil_path(dir, "late.txt");
    CU_ASSERT_TRUE_FATAL(testutil_write_file(in, "input\n"));
    CU_ASSERT_TRUE_FATAL(testutil_write_file(late, "read late\n"));
    CU_ASSERT_EQUAL_FATAL(symlink(in, sym), 0);
    CU_ASSERT_EQUAL_FATAL(link(in, hard), 0);
    strbuf dotted = STRBUF_INIT;
    strbuf_printf(&dotted, "%s/./in.txt", dir);
    FILE *quiet = tmpfile();
    diag_set_stream(quiet);

    fileio_program_begin();
    char *text = fileio_read_text(in, "input");
    free(text);
    CU_ASSERT_FALSE(fileio_claim_output("-a", in));
    CU_ASSERT_FALSE(fileio_claim_output("-b", dotted.s));
    CU_ASSERT_FALSE(fileio_claim_output("-c", sym));
    CU_ASSERT_FALSE(fileio_claim_output("-d", hard));
    CU_ASSERT_TRUE(fileio_claim_output("-e", out));
    CU_ASSERT_TRUE(fileio_claim_output("-e", out)); /* the same claim again */
    CU_ASSERT_FALSE(fileio_claim_output("-f", out));
    CU_ASSERT_TRUE(fileio_claim_output("-g", "-"));
    CU_ASSERT_TRUE(fileio_claim_output("-h", "/dev/null"));
    CU_ASSERT_TRUE(fileio_claim_output("-i", "/dev/null"));
    CU_ASSERT_FALSE(fileio_write_atomic(hard, write_hello, "over the input\n"));
    /* A write no option claimed, over a file the run reads after it. */
    fileio_run_begin();
    CU_ASSERT_TRUE(fileio_write_atomic(late, write_hello, "written\n"));
    fileio_note_input(late);
    CU_ASSERT_FALSE(fileio_run_end());
    CU_ASSERT_EQUAL(fileio_program_end(0, 2), 2);
    /* Outside a program nothing is noted: a library writes where it is told. */
    CU_ASSERT_TRUE(fileio_claim_output("-a", in));

    char *messages = guard_messages(quiet);
    diag_set_stream(NULL);
    fclose(quiet);
    strbuf want = STRBUF_INIT;
    strbuf_printf(&want, "error: -a '%s' is the input '%s': refusing to overwrite it\n", in, in);
    strbuf_printf(&want, "error: -b '%s' is the input '%s': refusing to overwrite it\n",
                  dotted.s, in);
    strbuf_printf(&want, "error: -c '%s' is the input '%s': refusing to overwrite it\n", sym, in);
    strbuf_printf(&want, "error: -d '%s' is the input '%s': refusing to overwrite it\n", hard, in);
    strbuf_printf(&want, "error: -f '%s' is also -e '%s': refusing to write one file twice\n", out,
                  out);
    strbuf_printf(&want, "error: the output '%s' is the input '%s': refusing to overwrite it\n",
                  hard, in);
    strbuf_printf(&want, "error: the output '%s' is the input '%s': refusing to overwrite it\n",
                  late, late);
    /* Each message is prefixed by the program's name. */
    strbuf got = STRBUF_INIT;
    for (const char *line = messages; *line;) {
        const char *end = strchr(line, '\n');
        const char *colon = strstr(line, ": error: ");
        if (colon && colon < end)
            strbuf_appendn(&got, colon + 2, (size_t)(end - colon - 1));
        line = end + 1;
    }
    CU_ASSERT_STRING_EQUAL(got.s, want.s);
    text = testutil_read_file(late);
    CU_ASSERT_STRING_EQUAL(text, "read late\n");
    free(text);
    text = testutil_read_file(in);
    CU_ASSERT_STRING_EQUAL(text, "input\n");
    free(text);
    free(messages);
    strbuf_release(&got);
    strbuf_release(&want);
    strbuf_release(&dotted);
    free(in);
    free(sym);
    free(hard);
    free(out);
    free(late);
    testutil_remove_tree(dir);
    free(dir);
}

/* Inputs are regular files: a FIFO or a device is refused before it is
 * opened (it could block or never end); "-" is standard input. */
static void test_inputs_are_regular_files(void)
{
    char *dir = testutil_make_tempdir();
    CU_ASSERT_PTR_NOT_NULL_FATAL(dir);
    char *fifo = testutil_path(dir, "fifo");
    CU_ASSERT_EQUAL_FATAL(mkfifo(fifo, 0600), 0);
    FILE *quiet = tmpfile();
    diag_set_stream(quiet);
    CU_ASSERT_PTR_NULL(fileio_read_text(fifo, "machine file"));
    CU_ASSERT_PTR_NULL(fileio_read_text("/dev/zero", "machine file"));
    char *messages = guard_messages(quiet);
    diag_set_stream(NULL);
    fclose(quiet);
    strbuf want = STRBUF_INIT;
    strbuf_printf(&want, "%s:1:1: error: cannot open machine file: it is a FIFO, not a file\n"
                         "/dev/zero:1:1: error: cannot open machine file: it is a device, not a "
                         "file\n", fifo);
    CU_ASSERT_STRING_EQUAL(messages, want.s);
    strbuf_release(&want);
    free(messages);
    free(fifo);
    testutil_remove_tree(dir);
    free(dir);
}

static void test_unknown_calls_sum_up_and_given_inclusive_stays(void)
{
    lm_program *p = lm_program_create();
    lm_file *f = lm_file_create(p, "/src/k.c");
    lm_program_append_file(p, f);
    lm_function *fn = lm_file_add_function(p, f, "k", at(1));
    lm_loop *outer = lm_function_add_loop(p, fn, NULL, LM_LOOP_FOR, at(2));
    lm_loop *inner = lm_function_add_loop(p, fn, outer, LM_LOOP_FOR, at(3));
    CU_ASSERT_TRUE(inner->complete);
    lm_loop_note_unknown_call(p, inner, "ext");
    lm_loop_note_unknown_call(p, inner, "ext");
    lm_loop_note_unknown_call(p, inner, "other");
    CU_ASSERT_FALSE(inner->complete);
    CU_ASSERT_EQUAL(inner->nunknown_calls, 2);
    lm_program_finish(p);
    /* Summed from the nested loop: the outer loop's bytes include the inner's. */
    CU_ASSERT_FALSE(outer->complete);
    CU_ASSERT_EQUAL(outer->nunknown_calls, 2);
    CU_ASSERT_STRING_EQUAL(outer->unknown_calls[1], "other");

    /* A producer that gives inclusive counts and arrays keeps them. */
    lm_function *given = lm_file_add_function(p, f, "g", at(10));
    given->inclusive_given = true;
    given->inclusive.n[LM_FP_PLUS] = 2;
    lm_loop *l = lm_function_add_loop(p, given, NULL, LM_LOOP_WHILE, at(11));
    l->own.n[LM_FP_PLUS] = 5; /* not summed into the inclusive counts */
    l->inclusive.n[LM_FP_PLUS] = 2;
    lm_arrays_note(p, &l->arrays, "a", "a", "double", 8, true, false, 1);
    lm_program_finish(p);
    CU_ASSERT_EQUAL(l->inclusive.n[LM_FP_PLUS], 2);
    CU_ASSERT_EQUAL(given->inclusive.n[LM_FP_PLUS], 2);
    CU_ASSERT_EQUAL(l->loads.bytes, 8);
    CU_ASSERT_DOUBLE_EQUAL(l->ai, 0.25, 1e-12);
    lm_program_free(&p);
}

static const testutil_case model_cases[] = {
    {"intensity rules", test_intensity_rules},
    {"fp_total leaves out specials", test_fp_total_leaves_out_specials},
    {"formula groups by type in order", test_formula_groups_by_type_in_order},
    {"no arrays gives NULL formulas", test_no_arrays_gives_null_formulas},
    {"inclusive counts and arrays", test_inclusive_counts_and_arrays},
    {"unknown calls sum up; given inclusive stays",
     test_unknown_calls_sum_up_and_given_inclusive_stays},
    {NULL, NULL},
};

static const testutil_case support_cases[] = {
    {"arena and strbuf", test_arena_and_strbuf},
    {"diag format and counts", test_diag_format_and_counts},
    {"atomic write keeps old file on failure", test_atomic_write_keeps_old_file_on_failure},
    {"atomic write keeps links and fifos", test_atomic_write_keeps_links_and_fifos},
    {"a run replaces all outputs or none", test_run_replaces_all_outputs_or_none},
    {"the guard refuses outputs over inputs", test_guard_refuses_outputs_over_inputs},
    {"inputs are regular files", test_inputs_are_regular_files},
    {NULL, NULL},
};

int main(void)
{
    const testutil_suite suites[] = {{"loop model", model_cases}, {"support", support_cases}};
    return testutil_run(suites, 2);
}
