/* measuretool over whole projects: -p BUILD_DIR with the compile_commands.json
 * of testsuite/project (configured by CTest before this suite runs, so it
 * holds this machine's paths), -j, -shard and -merge, the progress and
 * summary lines, and every bad input of the compilation database. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compdb.h"
#include "diag.h"
#include "mt_driver.h"
#include "shard.h"
#include "strbuf.h"
#include "testutil.h"

static char *tmpdir;

#define BUILD AITOOL_PROJECT_BUILD
#define SRC AITOOL_SOURCE_DIR "/testsuite/project"
#define SCALED SRC "/src/scaled.c"

static testutil_proc run(const char *const *args)
{
    return testutil_exec_program(tmpdir, AITOOL_MEASURETOOL, args);
}

static char *read_in_tmp(const char *name)
{
    char *path = testutil_path(tmpdir, name);
    char *text = testutil_read_file(path);
    free(path);
    return text;
}

static bool write_in_tmp(const char *name, const char *text)
{
    char *path = testutil_path(tmpdir, name);
    bool ok = testutil_write_file(path, text);
    free(path);
    return ok;
}

/* A directory of tmpdir holding compile_commands.json with `text`; its path. */
static char *database_in_tmp(const char *dir, const char *text)
{
    char *path = testutil_path(tmpdir, dir);
    mkdir(path, 0777);
    char *file = testutil_path(path, "compile_commands.json");
    CU_ASSERT_TRUE(testutil_write_file(file, text));
    free(file);
    return path;
}

static bool starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* ---- The database ---- */

/* What clang tools drop, dropped; the rest kept in order. */
static void test_filter_args(void)
{
    const char *argv[] = {"/usr/bin/cc", "-DN=3", "-I", "inc", "-O2", "-MD", "-MF", "x.d",
                          "-MT", "x.o", "-MQ", "y", "-MMD", "-MP", "-Wp,-MD,z.d", "-o", "a.o",
                          "-oother.o", "-c", "a.c", "-std=c99", "-fsyntax-only", "-Wall",
                          "-include", "pre.h", "--target=x86_64-linux-gnu", "-MFdep.d"};
    int argc = (int)(sizeof argv / sizeof *argv);
    const char *out[32];
    int n = compdb_filter_args(argv, argc, "a.c", "/work", out);
    const char *want[] = {"-DN=3", "-I", "inc", "-std=c99", "-Wall", "-include", "pre.h",
                          "--target=x86_64-linux-gnu"};
    CU_ASSERT_EQUAL_FATAL(n, (int)(sizeof want / sizeof *want));
    for (int i = 0; i < n; i++)
        CU_ASSERT_STRING_EQUAL(out[i], want[i]);
    /* The input named by its absolute path is the input too. */
    const char *abs[] = {"cc", "-c", "/work/a.c", "-DX"};
    n = compdb_filter_args(abs, 4, "a.c", "/work", out);
    CU_ASSERT_EQUAL_FATAL(n, 1);
    CU_ASSERT_STRING_EQUAL(out[0], "-DX");
}

/* The generated database: five entries in the order CMake wrote them, the
 * file that needs them with its -D and -I. */
static void test_load_generated(void)
{
    compdb *db = compdb_load(BUILD);
    CU_ASSERT_PTR_NOT_NULL_FATAL(db);
    CU_ASSERT_EQUAL(db->nentries, 5);
    CU_ASSERT_STRING_EQUAL(db->path, BUILD "/compile_commands.json");
    CU_ASSERT_STRING_EQUAL(db->entries[0].file, SRC "/src/axpy.c");
    CU_ASSERT_STRING_EQUAL(db->entries[4].file, SRC "/src/reduce.c");
    const compdb_entry *e = compdb_find(db, SCALED);
    CU_ASSERT_PTR_EQUAL_FATAL(e, &db->entries[1]);
    CU_ASSERT_STRING_EQUAL(e->directory, BUILD);
    const char *want[] = {"-DSCALE_N=4", "-DWITH_SQUARE", "-I" SRC "/include", "-Wall"};
    CU_ASSERT_EQUAL_FATAL(e->nargs, 4);
    for (int i = 0; i < 4; i++)
        CU_ASSERT_STRING_EQUAL(e->args[i], want[i]);
    CU_ASSERT_PTR_NULL(compdb_find(db, SRC "/src/orphan.c"));
    CU_ASSERT_PTR_EQUAL(compdb_nearest(db, SRC "/src/orphan.c"), &db->entries[0]);
    CU_ASSERT_PTR_NULL(compdb_nearest(db, AITOOL_SOURCE_DIR "/examples/dot.c"));
    compdb_free(&db);
    CU_ASSERT_PTR_NULL(db);
}

/* Slices: the spec, the ranges (in order, covering all, some empty), the
 * line and nothing but the line. */
static void test_shard_basics(void)
{
    unsigned k, n;
    CU_ASSERT_TRUE(shard_parse_spec("2/8", &k, &n));
    CU_ASSERT_EQUAL(k, 2);
    CU_ASSERT_EQUAL(n, 8);
    const char *bad[] = {"0/2", "3/2", "1/0", "1", "/2", "1/", "-1/2", "+1/2", "1/2x", "a/b",
                         "1/1000001", ""};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        CU_ASSERT_FALSE(shard_parse_spec(bad[i], &k, &n));
    size_t lo, hi, next = 0, sizes[7];
    for (unsigned slice = 1; slice <= 7; slice++) {
        shard_range(5, slice, 7, &lo, &hi);
        CU_ASSERT_EQUAL(lo, next);
        sizes[slice - 1] = hi - lo;
        next = hi;
    }
    CU_ASSERT_EQUAL(next, 5);
    CU_ASSERT_EQUAL(sizes[0], 0);
    CU_ASSERT_EQUAL(sizes[6], 1);
    shard_info s = {"measuretool 9.9", 3, 4, 203, 0x0f1e2d3c4b5a6978ull}, back;
    strbuf line = STRBUF_INIT;
    shard_format(&line, &s);
    CU_ASSERT_STRING_EQUAL(strbuf_cstr(&line), "measuretool 9.9, slice 3/4, 203 files, "
                                               "database 0f1e2d3c4b5a6978");
    CU_ASSERT_TRUE(shard_parse_text(strbuf_cstr(&line), &back));
    CU_ASSERT_EQUAL(memcmp(&s, &back, sizeof s), 0);
    strbuf_release(&line);
    const char *not_lines[] = {
        "measuretool 9.9, slice 3/4, 203 files, database 0f1e2d3c4b5a6978 ",
        "measuretool 9.9, slice 03/4, 203 files, database 0f1e2d3c4b5a6978",
        "measuretool 9.9, slice +3/4, 203 files, database 0f1e2d3c4b5a6978",
        "measuretool 9.9, slice 5/4, 203 files, database 0f1e2d3c4b5a6978",
        "measuretool 9.9, slice 3/4, 203 files, database 0f1e2d3c4b5a697",
        ", slice 3/4, 203 files, database 0f1e2d3c4b5a6978",
        "measuretool 9.9"};
    for (size_t i = 0; i < sizeof not_lines / sizeof *not_lines; i++)
        CU_ASSERT_FALSE(shard_parse_text(not_lines[i], &back));
}

static const testutil_case database_cases[] = {
    {"compile flags filtered as clang tools do", test_filter_args},
    {"the generated compile_commands.json", test_load_generated},
    {"slices and their line", test_shard_basics},
    {NULL, NULL},
};

/* ---- Whole projects ---- */

/* Every unit with its own flags; the same bytes at -j1 and -j4; the
 * summary line at the end. */
static void test_project_j1_j4(void)
{
    const char *j1[] = {"-static-counting-only", "-p", BUILD, "-j1", "-report-file", "r1.txt",
                        "-json", "r1.json", "-xml", "r1.xml", NULL};
    const char *j4[] = {"-static-counting-only", "-p", BUILD, "-j", "4", "-report-file", "r4.txt",
                        "-json", "r4.json", "-xml", "r4.xml", NULL};
    testutil_proc r = run(j1);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_TRUE(starts_with(r.err, "measuretool: 5 files, 6 loops, 0 errors, 0 warnings, "));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, " s\n"));
    testutil_proc_release(&r);
    r = run(j4);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    const char *names[][2] = {{"r1.txt", "r4.txt"}, {"r1.json", "r4.json"}, {"r1.xml", "r4.xml"}};
    for (size_t k = 0; k < 3; k++) {
        char *a = read_in_tmp(names[k][0]), *b = read_in_tmp(names[k][1]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(a);
        CU_ASSERT_PTR_NOT_NULL_FATAL(b);
        CU_ASSERT_STRING_EQUAL(a, b);
        free(a);
        free(b);
    }
    char *report = read_in_tmp("r1.txt");
    /* -DWITH_SQUARE doubles the operations; -I found scale.h. */
    CU_ASSERT_PTR_NOT_NULL(strstr(report, "ForStatement@ " SCALED ":14:5\nfp_plus:2\nfp_minus:0\n"
                                          "fp_multiply:2\nfp_divide:0\nfp_total:4\nfp_special:0\n"
                                          "----------Memory Operation Counts---------------------\n"
                                          "Loads:2 * sizeof(double )\nLoads int: 16\n"
                                          "Stores:1 * sizeof(double )\nStore int: 8\n"));
    /* Files in the database's order, loops in source order. */
    const char *order[] = {"/src/axpy.c:4:5", "/src/scaled.c:14:5", "/src/grid/stencil.c:4:5",
                           "/src/grid/stencil.c:5:9", "/src/grid/relax.c:5:5",
                           "/src/reduce.c:5:5"};
    const char *at = report;
    for (size_t k = 0; k < 6; k++) {
        at = strstr(at, order[k]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(at);
    }
    free(report);
}

/* -p gives what the same flags by hand give, byte for byte. */
static void test_project_as_by_hand(void)
{
    const char *p[] = {"-static-counting-only", "-p", BUILD, "-report-file", "p.txt", "-json",
                       "p.json", SCALED, NULL};
    const char *hand[] = {"-static-counting-only", "-DSCALE_N=4", "-DWITH_SQUARE",
                          "-I", SRC "/include", "-report-file", "h.txt", "-json", "h.json",
                          SCALED, NULL};
    testutil_proc r = run(p);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    r = run(hand);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    const char *names[][2] = {{"p.txt", "h.txt"}, {"p.json", "h.json"}};
    for (size_t k = 0; k < 2; k++) {
        char *a = read_in_tmp(names[k][0]), *b = read_in_tmp(names[k][1]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(a);
        CU_ASSERT_PTR_NOT_NULL_FATAL(b);
        CU_ASSERT_STRING_EQUAL(a, b);
        free(a);
        free(b);
    }
    /* Without its flags the file does not compile. */
    const char *bare[] = {"-static-counting-only", "-report-file", "b.txt", SCALED, NULL};
    r = run(bare);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, SCALED ":6:10: error: 'scale.h' file not found\n"));
    testutil_proc_release(&r);
}

/* A named file not in the database takes its directory's first entry's
 * flags, with a warning; one with no entry in its directory is an error,
 * and the others still go on. */
static void test_named_files(void)
{
    const char *args[] = {"-static-counting-only", "-p", BUILD, "-report-file", "n.txt",
                          SRC "/src/orphan.c", AITOOL_SOURCE_DIR "/examples/dot.c", SCALED, NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, SRC "/src/orphan.c:1:1: warning: not in " BUILD
                                         "/compile_commands.json: analyzed with the flags of '"
                                         SRC "/src/axpy.c', in the same directory\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, AITOOL_SOURCE_DIR "/examples/dot.c:1:1: error: not in "
                                         BUILD "/compile_commands.json, which has no file of its "
                                         "directory either, to take the flags of\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "measuretool: 2 files, 2 loops, 1 errors, 1 warnings, "));
    testutil_proc_release(&r);
    char *report = read_in_tmp("n.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    const char *orphan = strstr(report, "orphan.c:7:5\nfp_plus:0\nfp_minus:0\nfp_multiply:1\n");
    const char *scaled = strstr(report, "scaled.c:14:5\nfp_plus:2\n");
    CU_ASSERT_PTR_NOT_NULL(orphan);
    CU_ASSERT_TRUE(scaled && orphan && orphan < scaled);
    CU_ASSERT_PTR_NULL(strstr(report, "dot.c"));
    free(report);
}

/* Relative -I and file names resolve against the entry's directory; a unit
 * that does not compile is reported and the others go on (exit 1). */
static void test_relative_and_broken(void)
{
    char *db = database_in_tmp(
        "rel", "[{\"directory\": \"" SRC "\", \"file\": \"src/scaled.c\",\n"
               "  \"arguments\": [\"gcc\", \"-Iinclude\", \"-DSCALE_N=1\", \"-c\", "
               "\"src/scaled.c\", \"-o\", \"scaled.o\"]},\n"
               " {\"directory\": \"" AITOOL_KERNEL_DIR "\", \"file\": \"broken.c\",\n"
               "  \"command\": \"cc -c broken.c\"},\n"
               " {\"directory\": \"" SRC "/src\", \"file\": \"reduce.c\",\n"
               "  \"command\": \"cc -O3 -c reduce.c\"}]\n");
    const char *args[] = {"-static-counting-only", "-p", db, "-j2", "-report-file", "x.txt", NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_TRUE(starts_with(r.err, AITOOL_KERNEL_DIR "/broken.c:"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, ": error: "));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "measuretool: 3 files, 2 loops, "));
    /* The messages too are the same at any -j, up to the summary's time. */
    const char *one[] = {"-static-counting-only", "-p", db, "-j1", "-report-file", "x.txt", NULL};
    testutil_proc r1 = run(one);
    CU_ASSERT_EQUAL(r1.status, 1);
    const char *summary = "measuretool: 3 files";
    char *end = strstr(r.err, summary), *end1 = strstr(r1.err, summary);
    CU_ASSERT_TRUE(end && end1 && end - r.err == end1 - r1.err &&
                   !strncmp(r.err, r1.err, (size_t)(end - r.err)));
    testutil_proc_release(&r1);
    testutil_proc_release(&r);
    char *report = read_in_tmp("x.txt");
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    /* Without WITH_SQUARE: one multiply, one plus. */
    CU_ASSERT_PTR_NOT_NULL(strstr(report, SCALED ":14:5\nfp_plus:1\nfp_minus:0\nfp_multiply:1\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(report, SRC "/src/reduce.c:5:5\nfp_plus:1\n"));
    free(report);
    free(db);
}

/* -p in the instrumentation modes: a copy of every unit, here. */
static void test_project_instrumented(void)
{
    char *dir = testutil_path(tmpdir, "instr");
    mkdir(dir, 0777);
    const char *args[] = {"-auto-instrument", "-p", BUILD, NULL};
    testutil_proc r = testutil_exec_program(dir, AITOOL_MEASURETOOL, args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_TRUE(starts_with(r.err, "measuretool: 5 files, 6 loops, 0 errors, 0 warnings, "));
    testutil_proc_release(&r);
    const char *copies[] = {"ai_axpy.c", "ai_scaled.c", "ai_stencil.c", "ai_relax.c",
                            "ai_reduce.c"};
    for (size_t k = 0; k < 5; k++) {
        char *path = testutil_path(dir, copies[k]);
        char *text = testutil_read_file(path);
        CU_ASSERT_PTR_NOT_NULL(text);
        CU_ASSERT_PTR_NOT_NULL(text ? strstr(text, "aitool") : NULL);
        free(text);
        free(path);
    }
    testutil_remove_tree(dir);
    free(dir);
}

/* ---- -p with -o DIR: a tree of copies ---- */

/* A three-file project of tmpdir/tsrc, its header in a subdirectory, its
 * database in tsrc/build (one entry relative, one a "command" string). */
static void write_tree_project(void)
{
    static const char *const files[][2] = {
        {"tsrc/ops/ops.h", "#ifndef OPS_H\n#define OPS_H\nvoid scale(double *v, int n, double s);\n"
                           "double sum(const double *v, int n);\n#endif\n"},
        {"tsrc/ops/scale.c", "#include \"ops.h\"\n\nvoid scale(double *v, int n, double s)\n{\n"
                             "    for (int i = 0; i < n; i++)\n        v[i] = v[i] * s;\n}\n"},
        {"tsrc/ops/sum.c", "#include \"ops.h\"\n\ndouble sum(const double *v, int n)\n{\n"
                           "    double t = 0.0;\n    for (int i = 0; i < n; i++)\n"
                           "        t += v[i];\n    return t;\n}\n"},
        {"tsrc/main.c", "#include <stdio.h>\n\n#include \"ops/ops.h\"\n\nint main(void)\n{\n"
                        "    double v[16];\n    for (int i = 0; i < 16; i++)\n        v[i] = i;\n"
                        "    scale(v, 16, 2.0);\n    printf(\"%g\\n\", sum(v, 16));\n"
                        "    return 0;\n}\n"},
    };
    const char *dirs[] = {"tsrc", "tsrc/ops", "tsrc/build"};
    for (size_t k = 0; k < 3; k++) {
        char *d = testutil_path(tmpdir, dirs[k]);
        mkdir(d, 0777);
        free(d);
    }
    for (size_t k = 0; k < 4; k++)
        CU_ASSERT_FATAL(write_in_tmp(files[k][0], files[k][1]));
    strbuf db = STRBUF_INIT;
    strbuf_printf(&db,
                  "[{\"directory\": \"%1$s/tsrc/build\", \"file\": \"%1$s/tsrc/main.c\", "
                  "\"arguments\": [\"cc\", \"-O2\", \"-c\", \"%1$s/tsrc/main.c\", \"-o\", "
                  "\"main.o\"]},\n"
                  "{\"directory\": \"%1$s/tsrc/build\", \"file\": \"../ops/scale.c\", "
                  "\"arguments\": [\"cc\", \"-O2\", \"-c\", \"../ops/scale.c\", \"-o\", "
                  "\"scale.o\"]},\n"
                  "{\"directory\": \"%1$s/tsrc/build\", \"file\": \"%1$s/tsrc/ops/sum.c\", "
                  "\"command\": \"cc -O2 -c %1$s/tsrc/ops/sum.c -o sum.o\"}]\n",
                  tmpdir);
    CU_ASSERT_FATAL(write_in_tmp("tsrc/build/compile_commands.json", strbuf_cstr(&db)));
    strbuf_release(&db);
}

/* Each command of dir/compile_commands.json run in its directory, then the
 * objects linked into dir/build/prog; true when all succeeded. */
static bool build_from_database(const char *dir)
{
    compdb *db = compdb_load(dir);
    bool ok = db && db->nentries == 3;
    for (size_t i = 0; ok && i < db->nentries; i++) {
        const compdb_entry *e = &db->entries[i];
        const char *argv[16];
        int n = 0;
        for (; n < e->ncommand && n < 15; n++)
            argv[n] = e->command[n];
        argv[n] = NULL;
        testutil_proc r = testutil_exec(e->directory, argv);
        ok = r.status == 0;
        testutil_proc_release(&r);
    }
    compdb_free(&db);
    char *build = testutil_path(dir, "build");
    const char *link[] = {"cc", "main.o", "scale.o", "sum.o", "-o", "prog", NULL};
    testutil_proc r = testutil_exec(build, link);
    ok = ok && r.status == 0;
    testutil_proc_release(&r);
    free(build);
    return ok;
}

/* By hand: main's loop stores v (8 bytes) 16 times; scale's loads and
 * stores v with a multiply, sum's loads v with a plus, 16 times each. */
static const char *const tree_loops[] = {
    "/tsrc/main.c\", \"line\": 8, \"column\": 5, \"function\": \"main\", \"entries\": 1, "
    "\"iterations\": 16, \"fp_plus\": 0, \"fp_minus\": 0, \"fp_multiply\": 0, \"fp_divide\": 0, "
    "\"fp_total\": 0, \"fp_special\": 0, \"load_bytes\": 0, \"store_bytes\": 128,",
    "/ops/scale.c\", \"line\": 5, \"column\": 5, \"function\": \"scale\", \"entries\": 1, "
    "\"iterations\": 16, \"fp_plus\": 0, \"fp_minus\": 0, \"fp_multiply\": 16, \"fp_divide\": 0, "
    "\"fp_total\": 16, \"fp_special\": 0, \"load_bytes\": 128, \"store_bytes\": 128,",
    "/ops/sum.c\", \"line\": 6, \"column\": 5, \"function\": \"sum\", \"entries\": 1, "
    "\"iterations\": 16, \"fp_plus\": 16, \"fp_minus\": 0, \"fp_multiply\": 0, \"fp_divide\": 0, "
    "\"fp_total\": 16, \"fp_special\": 0, \"load_bytes\": 128, \"store_bytes\": 0,",
};

/* The tree mirrors the sources, holds the header and a database whose
 * commands build a program that prints what the original prints and
 * measures every file's loops. */
static void test_project_tree(void)
{
    write_tree_project();
    const char *args[] = {"-auto-instrument", "-p", "tsrc/build", "-o", "tree", NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_TRUE(starts_with(r.err, "measuretool: 3 files, 3 loops, 0 errors, 0 warnings, "));
    testutil_proc_release(&r);
    char *header = read_in_tmp("tree/ops/ops.h"), *orig = read_in_tmp("tsrc/ops/ops.h");
    CU_ASSERT_TRUE(header && orig && !strcmp(header, orig));
    free(header);
    free(orig);
    char *copy = read_in_tmp("tree/ops/scale.c");
    CU_ASSERT_PTR_NOT_NULL(copy ? strstr(copy, "aitool") : NULL);
    free(copy);
    char *db_copy = read_in_tmp("tree/build/compile_commands.json");
    CU_ASSERT_PTR_NULL(db_copy);
    free(db_copy);
    const char *plain[] = {"cc", "-O2", "tsrc/main.c", "tsrc/ops/scale.c", "tsrc/ops/sum.c",
                           "-o", "tsrc_prog", NULL};
    r = testutil_exec(tmpdir, plain);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *tree = testutil_path(tmpdir, "tree");
    CU_ASSERT_TRUE(build_from_database(tree));
    free(tree);
    char *prog = testutil_path(tmpdir, "tree/build/prog");
    char *orig_prog = testutil_path(tmpdir, "tsrc_prog");
    const char *run_orig[] = {orig_prog, NULL}, *run_copy[] = {prog, NULL};
    testutil_proc o = testutil_exec(tmpdir, run_orig);
    setenv("AITOOL_MEASURED", "tree.json", 1);
    r = testutil_exec(tmpdir, run_copy);
    unsetenv("AITOOL_MEASURED");
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(o.out, "240\n");
    CU_ASSERT_STRING_EQUAL(r.out, o.out);
    testutil_proc_release(&o);
    testutil_proc_release(&r);
    free(prog);
    free(orig_prog);
    char *m = read_in_tmp("tree.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    for (size_t k = 0; k < 3; k++)
        CU_ASSERT_PTR_NOT_NULL(strstr(m, tree_loops[k]));
    free(m);
}

/* Files named without -p make a tree when -o ends in '/': the root is
 * theirs, the header is copied, there is no database to write. */
static void test_files_tree(void)
{
    write_tree_project();
    const char *args[] = {"-auto-instrument", "-o", "t2/", "tsrc/main.c", "tsrc/ops/sum.c",
                          NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    const char *present[] = {"t2/main.c", "t2/ops/sum.c", "t2/ops/ops.h"};
    for (size_t k = 0; k < 3; k++) {
        char *text = read_in_tmp(present[k]);
        CU_ASSERT_PTR_NOT_NULL(text);
        free(text);
    }
    char *db = read_in_tmp("t2/compile_commands.json"), *scale = read_in_tmp("t2/ops/scale.c");
    CU_ASSERT_PTR_NULL(db);
    CU_ASSERT_PTR_NULL(scale);
    free(db);
    free(scale);
}

/* A bad DIR is refused before anything is written, and named. */
static void assert_tree_refused(const char *dir, const char *message)
{
    const char *args[] = {"-auto-instrument", "-p", "tsrc/build", "-o", dir, NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, message));
    if (!strstr(r.err, message))
        fprintf(stderr, "wanted '%s' in:\n%s", message, r.err);
    testutil_proc_release(&r);
    char *copy = read_in_tmp("tsrc/ops/ops.h");
    CU_ASSERT_PTR_NOT_NULL(copy ? strstr(copy, "#ifndef OPS_H\n") : NULL);
    free(copy);
    char *scale = read_in_tmp("tsrc/ops/scale.c");
    CU_ASSERT_PTR_NULL(scale ? strstr(scale, "aitool") : "");
    free(scale);
}

static void test_project_tree_refused(void)
{
    write_tree_project();
    strbuf want = STRBUF_INIT;
    strbuf_printf(&want, "error: -o 'tsrc' is the project's root '%s/tsrc': the tree would "
                         "overwrite its sources\n",
                  tmpdir);
    assert_tree_refused("tsrc", strbuf_cstr(&want));
    strbuf_release(&want);
    assert_tree_refused(".", "error: -o '.' holds the project's root '");
    assert_tree_refused("tsrc/build", "error: -o 'tsrc/build' holds the input "
                                      "'tsrc/build/compile_commands.json': the tree would "
                                      "overwrite it\n");
    CU_ASSERT_FATAL(write_in_tmp("plain", "a file\n"));
    assert_tree_refused("plain/tree", "error: -o 'plain/tree': cannot make the tree there: Not a "
                                      "directory\n");
    struct stat st;
    char *ops = testutil_path(tmpdir, "tsrc/build/ops");
    CU_ASSERT_NOT_EQUAL(stat(ops, &st), 0);
    free(ops);
}

/* -progress off a terminal: lines of files done, then the summary. */
static void test_progress(void)
{
    const char *args[] = {"-static-counting-only", "-p", BUILD, "-progress", "-report-file",
                          "g.txt", NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "measuretool: 5/5 files, 6 loops, 0 errors, "));
    CU_ASSERT_PTR_NULL(strchr(r.err, '\r'));
    CU_ASSERT_PTR_NOT_NULL(
        strstr(r.err, "\nmeasuretool: 5 files, 6 loops, 0 errors, 0 warnings, "));
    testutil_proc_release(&r);
    /* Without -p or -progress, off a terminal: nothing. */
    const char *plain[] = {"-static-counting-only", "-report-file", "g.txt", "-j2", SCALED,
                           AITOOL_SOURCE_DIR "/examples/dot.c", NULL};
    r = run(plain);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_TRUE(starts_with(r.err, SCALED ":6:10: error: 'scale.h' file not found\n"));
    CU_ASSERT_PTR_NULL(strstr(r.err, "files,"));
    testutil_proc_release(&r);
}

/* On a terminal (script(1) gives it one): the line redrawn in place, taken
 * off before the summary. */
static void test_progress_on_terminal(void)
{
    const char *cmd = "'" AITOOL_MEASURETOOL "' -static-counting-only -p '" BUILD
                      "' -report-file /dev/null";
    const char *argv[] = {"script", "-q", "-e", "-c", cmd, "/dev/null", NULL};
    testutil_proc r = testutil_exec(tmpdir, argv);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\rmeasuretool: 5/5 files, 6 loops, 0 errors, "));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\033[K\r\033[Kmeasuretool: 5 files, 6 loops, 0 errors, "
                                         "0 warnings, "));
    testutil_proc_release(&r);
}

/* The run planner called with options of its own plans what the command
 * line does: the same slice of the database, the same reports. */
static void test_driver_as_command_line(void)
{
    const char *args[] = {"-static-counting-only", "-p", BUILD, "-j", "2", "-shard", "2/3",
                          "-report-file", "cli.txt", "-json", "cli.json", NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *txt = testutil_path(tmpdir, "drv.txt"), *json = testutil_path(tmpdir, "drv.json");
    const char *none[1] = {NULL};
    mt_options o = {.static_only = true, .build_dir = BUILD, .jobs = 2, .shard = "2/3",
                    .report_file = txt, .report_file_given = true, .json_file = json,
                    .inputs = none, .clang_args = none};
    CU_ASSERT_EQUAL(mt_driver_run(&o), MT_EXIT_OK);
    const char *names[][2] = {{"cli.txt", "drv.txt"}, {"cli.json", "drv.json"}};
    for (size_t k = 0; k < 2; k++) {
        char *a = read_in_tmp(names[k][0]), *b = read_in_tmp(names[k][1]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(a);
        CU_ASSERT_PTR_NOT_NULL_FATAL(b);
        CU_ASSERT_STRING_EQUAL(a, b);
        free(a);
        free(b);
    }
    o = (mt_options){.static_only = true, .inputs = none, .clang_args = none};
    CU_ASSERT_EQUAL(mt_driver_run(&o), MT_EXIT_USAGE);
    free(txt);
    free(json);
}

static const testutil_case project_cases[] = {
    {"-p at -j1 and -j4: same bytes", test_project_j1_j4},
    {"-p equals the flags by hand", test_project_as_by_hand},
    {"files named with -p", test_named_files},
    {"relative paths, a unit that does not compile", test_relative_and_broken},
    {"-p with -auto-instrument", test_project_instrumented},
    {"-p -auto-instrument -o DIR: a tree that builds", test_project_tree},
    {"files named with -o DIR/: a tree", test_files_tree},
    {"-o DIR that is the root, holds an input or cannot be written", test_project_tree_refused},
    {"progress and summary", test_progress},
    {"progress on a terminal", test_progress_on_terminal},
    {"the run planner called as the command line runs it", test_driver_as_command_line},
    {NULL, NULL},
};

/* ---- Slices and merging ---- */

static void run_slices(const char *stem, int n)
{
    for (int k = 1; k <= n; k++) {
        char spec[32], json[64], xml[64];
        snprintf(spec, sizeof spec, "%d/%d", k, n);
        snprintf(json, sizeof json, "%s%d.json", stem, k);
        snprintf(xml, sizeof xml, "%s%d.xml", stem, k);
        const char *args[] = {"-static-counting-only", "-p", BUILD, "-shard", spec,
                              "-report-file", "-", "-json", json, "-xml", xml, NULL};
        testutil_proc r = run(args);
        CU_ASSERT_EQUAL(r.status, 0);
        testutil_proc_release(&r);
    }
}

static void assert_same_files(const char *a_name, const char *b_name)
{
    char *a = read_in_tmp(a_name), *b = read_in_tmp(b_name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    CU_ASSERT_STRING_EQUAL(a, b);
    free(a);
    free(b);
}

/* Slices merged, in any order, are the whole run's reports byte for byte;
 * 7 slices of 5 files leave some empty. */
static void test_shards_merged(void)
{
    const char *whole[] = {"-static-counting-only", "-p", BUILD, "-report-file", "-", "-json",
                           "whole.json", "-xml", "whole.xml", NULL};
    testutil_proc r = run(whole);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    run_slices("s", 3);
    char *slice = read_in_tmp("s2.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(slice);
    CU_ASSERT_TRUE(starts_with(slice, "{\n\t\"shard\":\t\"measuretool " AITOOL_VERSION
                                      ", slice 2/3, 5 files, database "));
    free(slice);
    const char *merge[] = {"-merge", "m.json", "s3.json", "s1.json", "s2.json", NULL};
    r = run(merge);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    assert_same_files("m.json", "whole.json");
    const char *merge_xml[] = {"-merge-xml", "m.xml", "s1.xml", "s2.xml", "s3.xml", NULL};
    r = run(merge_xml);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    assert_same_files("m.xml", "whole.xml");
    run_slices("t", 7);
    const char *seven[] = {"-merge", "m7.json", "t1.json", "t2.json", "t3.json", "t4.json",
                           "t5.json", "t6.json", "t7.json", NULL};
    r = run(seven);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    assert_same_files("m7.json", "whole.json");
}

static void expect_merge_refused(const char *const *args, const char *message)
{
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, message));
    if (!strstr(r.err, message))
        fprintf(stderr, "expected '%s' in:\n%s", message, r.err);
    testutil_proc_release(&r);
}

/* Overlapping or missing slices, another version, another run, a report
 * that is no slice's, broken JSON: refused, nothing written. */
static void test_merge_refused(void)
{
    run_slices("s", 3);
    run_slices("u", 2);
    char *s2 = read_in_tmp("s2.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(s2);
    char *old = testutil_replace(s2, "measuretool " AITOOL_VERSION, "measuretool 0.0.1");
    CU_ASSERT_TRUE(write_in_tmp("old2.json", old));
    CU_ASSERT_TRUE(write_in_tmp("broken.json", "{\"loops\": [\n  1,,\n"));
    free(old);
    free(s2);
    const char *twice[] = {"-merge", "o.json", "s1.json", "s1.json", "s2.json", NULL};
    expect_merge_refused(twice, "measuretool: error: cannot merge: 's1.json' and 's1.json' are "
                                "both slice 1/3 (overlapping slices)\n");
    const char *missing[] = {"-merge", "o.json", "s1.json", "s3.json", NULL};
    expect_merge_refused(missing, "measuretool: error: cannot merge: slice 2/3 is missing "
                                  "(2 of 3 slices given)\n");
    const char *version[] = {"-merge", "o.json", "s1.json", "old2.json", "s3.json", NULL};
    expect_merge_refused(version, "measuretool: error: cannot merge 'old2.json' (measuretool "
                                  "0.0.1) with 's1.json' (measuretool " AITOOL_VERSION
                                  "): reports of different versions of the tool\n");
    const char *mixed[] = {"-merge", "o.json", "s1.json", "u2.json", NULL};
    expect_merge_refused(mixed, "measuretool: error: cannot merge 'u2.json' (slice 2/2) with "
                                "'s1.json' (slice 1/3): different numbers of slices\n");
    /* Counted another way: another run. */
    const char *v2[] = {"-static-counting-only", "-p", BUILD, "-shard", "2/3", "-use-algorithm-v2",
                        "-report-file", "-", "-json", "v2.json", NULL};
    testutil_proc v = run(v2);
    CU_ASSERT_EQUAL(v.status, 0);
    testutil_proc_release(&v);
    const char *other_run[] = {"-merge", "o.json", "s1.json", "v2.json", "s3.json", NULL};
    expect_merge_refused(other_run, "measuretool: error: cannot merge 'v2.json' with 's1.json': "
                                    "slices of different runs (other files or flags)\n");
    const char *whole[] = {"-merge", "o.json", "whole.json", NULL};
    expect_merge_refused(whole, "whole.json:1:1: error: not the JSON report of a slice: it has "
                                "no \"shard\" (write it with -shard K/N)\n");
    const char *broken[] = {"-merge", "o.json", "broken.json", "s1.json", NULL};
    expect_merge_refused(broken, "broken.json:2:5: error: not valid JSON\n");
    const char *xml[] = {"-merge-xml", "o.xml", "s1.xml", "s1.xml", "s2.xml", "s3.xml", NULL};
    expect_merge_refused(xml, "are both slice 1/3 (overlapping slices)\n");
    const char *whole_xml[] = {"-merge-xml", "o.xml", "whole.xml", NULL};
    expect_merge_refused(whole_xml, "whole.xml:1:1: error: not the ExaSAT XML of a slice: it has "
                                    "no <?aitool-shard?> (write it with -shard K/N)\n");
    char *o = read_in_tmp("o.json");
    CU_ASSERT_PTR_NULL(o);
    free(o);
}

/* ---- Corrupted slices ---- */

/* A slice's report of one loop, as measuretool writes it; each case below
 * breaks one thing of it. */
static const char good_slice[] =
    "{\n"
    "\t\"shard\":\t\"measuretool " AITOOL_VERSION ", slice 1/1, 1 files, database "
    "0123456789abcdef\",\n"
    "\t\"loops\":\t[{\n"
    "\t\t\t\"file\":\t\"/src/k.c\",\n"
    "\t\t\t\"line\":\t4,\n"
    "\t\t\t\"column\":\t3,\n"
    "\t\t\t\"kind\":\t\"for\",\n"
    "\t\t\t\"function\":\t\"k\",\n"
    "\t\t\t\"depth\":\t1,\n"
    "\t\t\t\"fp_plus\":\t1,\n"
    "\t\t\t\"fp_minus\":\t0,\n"
    "\t\t\t\"fp_multiply\":\t0,\n"
    "\t\t\t\"fp_divide\":\t0,\n"
    "\t\t\t\"fp_total\":\t1,\n"
    "\t\t\t\"fp_special\":\t0,\n"
    "\t\t\t\"load_formula\":\tnull,\n"
    "\t\t\t\"load_bytes\":\t0,\n"
    "\t\t\t\"store_formula\":\tnull,\n"
    "\t\t\t\"store_bytes\":\t0,\n"
    "\t\t\t\"ai\":\t9999.9,\n"
    "\t\t\t\"complete\":\ttrue,\n"
    "\t\t\t\"unknown_calls\":\t[]\n"
    "\t\t}]\n"
    "}\n";

/* The slice merged alone: exit status 1, exactly `message` on stderr, no
 * OUT written. */
static void expect_slice_refused(const char *slice, const char *message)
{
    CU_ASSERT_TRUE_FATAL(write_in_tmp("bad.json", slice));
    const char *args[] = {"-merge", "out.json", "bad.json", NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.err, message);
    if (strcmp(r.err, message) != 0)
        fprintf(stderr, "expected '%s', got:\n%s", message, r.err);
    testutil_proc_release(&r);
    char *out = read_in_tmp("out.json");
    CU_ASSERT_PTR_NULL(out);
    free(out);
}

/* A wrong type, a negative line, no "file", a member the writer never
 * writes, garbage after the report, a cut report: each refused at the value
 * at fault, nothing written; the slice as written merges into the report of
 * the whole run (itself without its shard line). */
static void test_corrupted_slices_refused(void)
{
    static const struct {
        const char *from, *to, *message;
    } cases[] = {
        {"\"fp_total\":\t1,", "\"fp_total\":\t\"lots\",",
         "bad.json:14:16: error: loop 1: \"fp_total\" must be an integer from 0 to 2^64-1, "
         "not \"lots\"\n"},
        {"\"line\":\t4,", "\"line\":\t-5,",
         "bad.json:5:12: error: loop 1: \"line\" must be an integer from 1 to 2^32-1, not -5\n"},
        {"\t\t\t\"file\":\t\"/src/k.c\",\n", "",
         "bad.json:3:12: error: loop 1 has no \"file\" (a non-empty string)\n"},
        {"\"complete\":\ttrue,", "\"complete\":\ttrue,\n\t\t\t\"garbage\":\t[1, 2],",
         "bad.json:22:4: error: loop 1 has an unknown member \"garbage\"\n"},
        {"\t\t}]\n}\n", "\t\t}]\n}\n}\n", "bad.json:25:1: error: not valid JSON\n"},
        {"\"depth\":\t1,", "\"depth\":\t0.5,",
         "bad.json:9:13: error: loop 1: \"depth\" must be an integer from 1 to 2^32-1, not 0.5\n"},
        {"\"kind\":\t\"for\",", "\"kind\":\t\"loop\",",
         "bad.json:7:12: error: loop 1: \"kind\" must be \"for\", \"while\" or \"do\", not "
         "\"loop\"\n"},
        {"\"ai\":\t9999.9,", "\"ai\":\t-0.5,",
         "bad.json:20:10: error: loop 1: \"ai\" must be a number >= 0 or -1 (not computed), not "
         "-0.5\n"},
        {"\"column\":\t3,", "\"column\":\t3,\n\t\t\t\"column\":\t3,",
         "bad.json:7:4: error: loop 1 has \"column\" twice\n"},
        {"\"unknown_calls\":\t[]", "\"unknown_calls\":\t[\"g\", 7]",
         "bad.json:22:27: error: loop 1: item 2 of \"unknown_calls\" must be a non-empty string, "
         "not 7\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *bad = testutil_replace(good_slice, cases[i].from, cases[i].to);
        CU_ASSERT_STRING_NOT_EQUAL(bad, good_slice);
        expect_slice_refused(bad, cases[i].message);
        free(bad);
    }
    /* Cut short after "fp_total": refused at the end. */
    const char *cut = strstr(good_slice, "\t\t\t\"fp_special\"");
    char *truncated = strndup(good_slice, (size_t)(cut - good_slice));
    expect_slice_refused(truncated, "bad.json:15:1: error: not valid JSON\n");
    free(truncated);

    CU_ASSERT_TRUE_FATAL(write_in_tmp("good.json", good_slice));
    const char *args[] = {"-merge", "out.json", "good.json", NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    char *merged = read_in_tmp("out.json");
    const char *shard_end = strstr(good_slice, "\t\"loops\"");
    strbuf whole = STRBUF_INIT;
    strbuf_printf(&whole, "{\n%s", shard_end);
    CU_ASSERT_PTR_NOT_NULL_FATAL(merged);
    CU_ASSERT_STRING_EQUAL(merged, strbuf_cstr(&whole));
    strbuf_release(&whole);
    free(merged);
}

static const testutil_case shard_cases[] = {
    {"slices merged equal the whole", test_shards_merged},
    {"bad merges refused", test_merge_refused},
    {"corrupted slices refused at the value at fault", test_corrupted_slices_refused},
    {NULL, NULL},
};

/* ---- Bad input ---- */

static void expect_status(const char *const *args, int status, const char *message)
{
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, status);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, message));
    if (!strstr(r.err, message))
        fprintf(stderr, "expected '%s' in:\n%s", message, r.err);
    testutil_proc_release(&r);
}

/* A missing or malformed compile_commands.json names the file, at the
 * line and column libclang gives; exit 1. */
static void test_bad_databases(void)
{
    char *none = testutil_path(tmpdir, "none");
    mkdir(none, 0777);
    const char *missing[] = {"-static-counting-only", "-p", none, NULL};
    strbuf want = STRBUF_INIT;
    strbuf_printf(&want, "%s/compile_commands.json:1:1: error: cannot open compilation "
                         "database: No such file or directory\n", none);
    expect_status(missing, 1, strbuf_cstr(&want));
    strbuf_release(&want);
    free(none);
    struct {
        const char *dir, *text, *message;
    } bad[] = {
        {"syntax",
         "[\n{\"directory\": \"/tmp\", \"file\": \"a.c\",\n \"command\": \"cc a.c\"\n ,,]\n",
         "/syntax/compile_commands.json:4:4: error: Unexpected token. Expected Key, Flow Entry, "
         "or Flow Mapping End.\n"},
        {"nofile", "[{\"directory\": \"/tmp\", \"command\": \"cc a.c\"}]\n",
         "/nofile/compile_commands.json:1:1: error: Missing key: \"file\".\n"},
        {"object", "{\"directory\": \"/tmp\"}\n",
         "/object/compile_commands.json:1:1: error: Expected array.\n"},
        {"empty", "[]\n", "/empty/compile_commands.json:1:1: error: the compilation database "
                          "has no entries\n"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        char *db = database_in_tmp(bad[k].dir, bad[k].text);
        const char *args[] = {"-static-counting-only", "-p", db, "-report-file", "-", NULL};
        expect_status(args, 1, bad[k].message);
        free(db);
    }
}

/* -j 0, a slice that does not exist, -merge with analysis options: usage
 * errors (exit 2) before anything is read. */
static void test_usage_errors(void)
{
    struct {
        const char *option, *value, *message;
    } bad[] = {
        {"-j", "0", "measuretool: error: -j '0': the number of translation units analyzed at "
                    "once is a whole number from 1 to 1024\n"},
        {"-j", "x", "-j 'x': "},
        {"-j", "-3", "-j '-3': "},
        {"-j", "5000", "-j '5000': "},
        {"-shard", "3/2", "measuretool: error: -shard '3/2': give K/N, the K-th of N slices, "
                          "1 <= K <= N <= 1000000\n"},
        {"-shard", "0/2", "-shard '0/2': "},
        {"-shard", "1/0", "-shard '1/0': "},
        {"-shard", "1", "-shard '1': "},
        {"-shard", "1/2/3", "-shard '1/2/3': "},
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        const char *args[] = {"-static-counting-only", "-p", BUILD, bad[k].option, bad[k].value,
                              NULL};
        expect_status(args, 2, bad[k].message);
    }
    const char *merge_p[] = {"-merge", "o.json", "-p", BUILD, "a.json", NULL};
    expect_status(merge_p, 2, "measuretool: error: -merge merges reports and analyzes nothing: "
                              "'-p' cannot go with it\n");
    const char *merge_none[] = {"-merge-xml", "o.xml", NULL};
    expect_status(merge_none, 2, "measuretool: error: -merge-xml o.xml: name the reports of the "
                                 "slices to merge\n");
    const char *merge_self[] = {"-merge", "whole.json", "whole.json", NULL};
    expect_status(merge_self, 2, "measuretool: error: -merge 'whole.json' is the input "
                                 "'whole.json': refusing to overwrite it\n");
    const char *xml_p[] = {"-static-counting-only", "-p", BUILD, "k.xml", NULL};
    expect_status(xml_p, 2, "'k.xml' is ExaSAT XML: with -p, name C files of the database\n");
    const char *over_db[] = {"-static-counting-only", "-p", BUILD, "-json",
                             BUILD "/compile_commands.json", NULL};
    expect_status(over_db, 2, "-json '" BUILD "/compile_commands.json' is the input '" BUILD
                              "/compile_commands.json': refusing to overwrite it\n");
}

/* Inputs beyond 256 MiB are refused before they are read (a sparse file:
 * nothing is written to disk). */
static void test_input_limit(void)
{
    const char *names[] = {"big.xml", "big.json"};
    for (size_t k = 0; k < 2; k++) {
        char *path = testutil_path(tmpdir, names[k]);
        FILE *f = fopen(path, "w");
        CU_ASSERT_PTR_NOT_NULL_FATAL(f);
        CU_ASSERT_EQUAL(ftruncate(fileno(f), (off_t)300 << 20), 0);
        fclose(f);
        free(path);
    }
    const char *xml[] = {"-static-counting-only", "-report-file", "-", "big.xml", NULL};
    expect_status(xml, 1, "big.xml:1:1: error: cannot read XML file: it is larger than the limit "
                          "of 256 MiB\n");
    const char *machine[] = {"-static-counting-only", "-report-file", "-", "-machine", "big.json",
                             SRC "/src/axpy.c", NULL};
    expect_status(machine, 1, "big.json:1:1: error: cannot read machine file: it is larger than "
                              "the limit of 256 MiB\n");
    const char *measured[] = {"-static-counting-only", "-report-file", "-", "-measured",
                              "big.json", SRC "/src/axpy.c", NULL};
    expect_status(measured, 1, "big.json:1:1: error: cannot read the measurement: it is larger "
                               "than the limit of 256 MiB\n");
    const char *merge[] = {"-merge", "o.json", "big.json", NULL};
    expect_status(merge, 1, "big.json:1:1: error: cannot read JSON report: it is larger than the "
                            "limit of 256 MiB\n");
    const char *merge_xml[] = {"-merge-xml", "o.xml", "big.xml", NULL};
    expect_status(merge_xml, 1, "big.xml:1:1: error: cannot read XML file: it is larger than the "
                                "limit of 256 MiB\n");
}

static const testutil_case bad_input_cases[] = {
    {"missing and malformed databases", test_bad_databases},
    {"usage errors", test_usage_errors},
    {"inputs above the size limit", test_input_limit},
    {NULL, NULL},
};

/* ---- Files named with -p, and headers the units share ---- */

/* A named file that does not exist is reported as without -p, not as a
 * file missing from the database; the others go on. */
static void test_named_file_missing(void)
{
    const char *args[] = {"-static-counting-only", "-p", BUILD, "-report-file", "-",
                          "missing.c", SCALED, NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "missing.c:1:1: error: cannot open input file: No such "
                                         "file or directory\n"));
    CU_ASSERT_PTR_NULL(strstr(r.err, "not in"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "scaled.c:14:5\nfp_plus:2\n"));
    testutil_proc_release(&r);
}

/* An error in a header two units include names the unit it came from. */
static void test_error_in_a_shared_header(void)
{
    char *dir = testutil_path(tmpdir, "shared");
    CU_ASSERT_EQUAL_FATAL(mkdir(dir, 0777), 0);
    CU_ASSERT_TRUE(write_in_tmp("shared/shared.h", "/* shared */\n#ifdef BROKEN\n"
                                                   "int broken = undefined_name;\n#endif\n"));
    CU_ASSERT_TRUE(write_in_tmp("shared/a.c", "#include \"shared.h\"\nint a;\n"));
    CU_ASSERT_TRUE(write_in_tmp("shared/b.c", "int b;\n#include \"shared.h\"\n"));
    strbuf db = STRBUF_INIT;
    strbuf_printf(&db, "[{\"directory\": \"%s\", \"command\": \"cc -c a.c\", \"file\": \"a.c\"},\n"
                       " {\"directory\": \"%s\", \"command\": \"cc -DBROKEN -c b.c\", "
                       "\"file\": \"b.c\"}]\n", dir, dir);
    CU_ASSERT_TRUE(write_in_tmp("shared/compile_commands.json", strbuf_cstr(&db)));
    strbuf_release(&db);
    const char *args[] = {"-static-counting-only", "-p", dir, "-report-file", "-", NULL};
    testutil_proc r = run(args);
    CU_ASSERT_EQUAL(r.status, 1);
    strbuf want = STRBUF_INIT;
    strbuf_printf(&want, "%s/shared.h:3:14: error: use of undeclared identifier 'undefined_name'\n"
                         "%s/b.c:2:10: note: in file included from here\n", dir, dir);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, strbuf_cstr(&want)));
    strbuf_release(&want);
    testutil_proc_release(&r);
    free(dir);
}

static const testutil_case named_cases[] = {
    {"a named file that does not exist", test_named_file_missing},
    {"an error in a shared header", test_error_in_a_shared_header},
    {NULL, NULL},
};

int main(void)
{
    diag_set_stream(stderr);
    tmpdir = testutil_make_tempdir();
    if (!tmpdir)
        return 2;
    const testutil_suite suites[] = {{"database", database_cases},
                                     {"projects", project_cases},
                                     {"slices", shard_cases},
                                     {"bad input", bad_input_cases},
                                     {"named files and shared headers", named_cases}};
    int status = testutil_run(suites, 5);
    testutil_remove_tree(tmpdir);
    free(tmpdir);
    return status;
}
