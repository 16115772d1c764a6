/* aitool-cc: a three-file program built by make and by CMake through it,
 * its measurement against counts worked out by hand; configure's probes
 * answered as cc answers them; a real compiler that is missing; a file
 * libclang cannot take, compiled as it is.  aitool-c++: a CMake C++
 * project with a class template, measured per instance against the static
 * counts times the turns; which sources each name instruments. */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "strbuf.h"
#include "testutil.h"

static char *tmpdir;

/* dir/name inside the temporary directory (dir NULL: the directory). */
static char *at(const char *dir, const char *name)
{
    strbuf p = STRBUF_INIT;
    strbuf_printf(&p, "%s%s%s%s%s", tmpdir, dir ? "/" : "", dir ? dir : "", name ? "/" : "",
                  name ? name : "");
    return strbuf_take(&p);
}

static void write_in(const char *dir, const char *name, const char *text)
{
    char *path = at(dir, name);
    CU_ASSERT_FATAL(testutil_write_file(path, text));
    free(path);
}

static void make_dir(const char *dir)
{
    char *path = at(dir, NULL);
    mkdir(path, 0755);
    free(path);
}

/* ---- a three-file program ---- */

static const char prog_main[] =
    "#include <stdio.h>\n"
    "#include \"local.h\"\n"
    "#include \"vec.h\"\n"
    "static double x[N], y[N];\n"
    "int main(void)\n"
    "{\n"
    "    for (int i = 0; i < N; i++) {\n"
    "        x[i] = i;\n"
    "        y[i] = 2.0 * i;\n"
    "    }\n"
    "    axpy(0.5, x, y, N);\n"
    "    printf(\"%.1f %.1f\\n\", dot(x, y, N), tri(x, N));\n"
    "    return 0;\n"
    "}\n";

static const char prog_dot[] =
    "#include \"vec.h\"\n"
    "double dot(const double *x, const double *y, int n)\n"
    "{\n"
    "    double s = 0.0;\n"
    "    for (int i = 0; i < n; i++)\n"
    "        s += x[i] * y[i];\n"
    "    return s;\n"
    "}\n"
    "\n"
    "double tri(const double *x, int n)\n"
    "{\n"
    "    double t = 0.0;\n"
    "    for (int i = 1; i < n; i++)\n"
    "        for (int j = 0; j < i; j++)\n"
    "            t += x[j] * 0.5;\n"
    "    return t;\n"
    "}\n";

static const char prog_axpy[] =
    "#include \"vec.h\"\n"
    "void axpy(double a, const double *x, double *y, int n)\n"
    "{\n"
    "    for (int i = 0; i < n; i++)\n"
    "        y[i] = y[i] + a * x[i];\n"
    "}\n";

static const char prog_makefile[] =
    "CFLAGS = -O2 -Wall -Iinc -MMD\n"
    "OBJS = src/main.o src/dot.o src/axpy.o\n"
    "prog: $(OBJS)\n"
    "\t$(CC) $(CFLAGS) $(OBJS) -o $@\n"
    "-include $(OBJS:.o=.d)\n";

static const char prog_cmake[] =
    "cmake_minimum_required(VERSION 3.13)\n"
    "project(vec C)\n"
    "add_executable(prog src/main.c src/dot.c src/axpy.c)\n"
    "target_include_directories(prog PRIVATE inc)\n";

/* The program in dir: its sources in src/ (local.h beside them, found by
 * "" from the source's directory), vec.h in inc/ (found by -I). */
static void write_program(const char *dir)
{
    strbuf src = STRBUF_INIT, inc = STRBUF_INIT;
    strbuf_printf(&src, "%s/src", dir);
    strbuf_printf(&inc, "%s/inc", dir);
    make_dir(dir);
    make_dir(strbuf_cstr(&src));
    make_dir(strbuf_cstr(&inc));
    write_in(strbuf_cstr(&src), "local.h", "#define N 100\n");
    write_in(strbuf_cstr(&inc), "vec.h",
             "double dot(const double *x, const double *y, int n);\n"
             "double tri(const double *x, int n);\n"
             "void axpy(double a, const double *x, double *y, int n);\n");
    write_in(strbuf_cstr(&src), "main.c", prog_main);
    write_in(strbuf_cstr(&src), "dot.c", prog_dot);
    write_in(strbuf_cstr(&src), "axpy.c", prog_axpy);
    write_in(dir, "Makefile", prog_makefile);
    write_in(dir, "CMakeLists.txt", prog_cmake);
    strbuf_release(&src);
    strbuf_release(&inc);
}

typedef struct want_loop {
    const char *file;
    int line;
    long entries, iterations, plus, multiply, load, store;
} want_loop;

/* By hand, N = 100: main's loop stores x and y (2 x 8 bytes), one multiply
 * a turn; axpy reads x and y, writes y, a plus and a multiply; dot reads x
 * and y, a plus and a multiply; tri's outer loop runs 99 times and has no
 * operations of its own level, its inner one sum(i, i = 1..99) = 99 x 100 / 2
 * = 4950 times, reading x, a plus and a multiply. */
static const want_loop prog_loops[] = {
    {"src/axpy.c", 4, 1, 100, 100, 100, 1600, 800},
    {"src/dot.c", 5, 1, 100, 100, 100, 1600, 0},
    {"src/dot.c", 13, 1, 99, 0, 0, 0, 0},
    {"src/dot.c", 14, 99, 4950, 4950, 4950, 39600, 0},
    {"src/main.c", 7, 1, 100, 0, 100, 0, 1600},
};
enum { PROG_NLOOPS = sizeof prog_loops / sizeof *prog_loops };

static long count(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return v ? (long)v->valuedouble : -1;
}

/* The measurement at path holds the n loops of want, counted exactly, of
 * nfiles files; file names end as the table's (CMake names them by
 * absolute paths). */
static void check_loops(const char *path, const want_loop *want, int n_want, int nfiles)
{
    char *text = testutil_read_file(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    cJSON *m = cJSON_Parse(text);
    free(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    const cJSON *loops = cJSON_GetObjectItem(m, "loops");
    CU_ASSERT_EQUAL_FATAL(cJSON_GetArraySize(loops), n_want);
    for (int i = 0; i < n_want; i++) {
        const cJSON *l = cJSON_GetArrayItem(loops, i);
        const want_loop *w = &want[i];
        const char *file = cJSON_GetObjectItem(l, "file")->valuestring;
        size_t n = strlen(file), k = strlen(w->file);
        CU_ASSERT(n >= k && !strcmp(file + n - k, w->file));
        CU_ASSERT_EQUAL(count(l, "line"), w->line);
        CU_ASSERT_EQUAL(count(l, "entries"), w->entries);
        CU_ASSERT_EQUAL(count(l, "iterations"), w->iterations);
        CU_ASSERT_EQUAL(count(l, "fp_plus"), w->plus);
        CU_ASSERT_EQUAL(count(l, "fp_multiply"), w->multiply);
        CU_ASSERT_EQUAL(count(l, "fp_minus") + count(l, "fp_divide") + count(l, "fp_special"), 0);
        CU_ASSERT_EQUAL(count(l, "load_bytes"), w->load);
        CU_ASSERT_EQUAL(count(l, "store_bytes"), w->store);
    }
    CU_ASSERT_EQUAL(cJSON_GetArraySize(cJSON_GetObjectItem(m, "files")), nfiles);
    cJSON_Delete(m);
}

static void check_measurement(const char *path)
{
    check_loops(path, prog_loops, PROG_NLOOPS, 3);
}

/* The program built in dir runs and prints what the plain build prints. */
static void check_runs(const char *exe_path, const char *measured)
{
    setenv("AITOOL_MEASURED", measured, 1);
    const char *argv[] = {exe_path, NULL};
    testutil_proc r = testutil_exec(tmpdir, argv);
    unsetenv("AITOOL_MEASURED");
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "820875.0 80850.0\n");
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
}

/* Nothing is left in the private temporary directories' parent. */
static void check_no_leftovers(const char *tmp)
{
    DIR *d = opendir(tmp);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    CU_ASSERT_EQUAL(n, 0);
}

/* The dependency file measured/name, its lines joined and blanks
 * squeezed, is want. */
static void check_deps(const char *name, const char *want)
{
    char *path = at("measured", name);
    char *text = testutil_read_file(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    strbuf flat = STRBUF_INIT;
    for (const char *t = text; *t; t++) {
        bool blank = *t == ' ' || *t == '\n' || (*t == '\\' && t[1] == '\n');
        if (!blank)
            strbuf_appendn(&flat, t, 1);
        else if (flat.len && strbuf_cstr(&flat)[flat.len - 1] != ' ')
            strbuf_append(&flat, " ");
    }
    char *got = strbuf_take(&flat);
    size_t n = strlen(got);
    if (n && got[n - 1] == ' ')
        got[n - 1] = '\0';
    CU_ASSERT_STRING_EQUAL(got, want);
    free(got);
    free(text);
    free(path);
}

static testutil_proc run_make(const char *dir, const char *cc)
{
    char *path = at(dir, NULL);
    strbuf var = STRBUF_INIT;
    strbuf_printf(&var, "CC=%s", cc);
    const char *argv[] = {"make", "-s", strbuf_cstr(&var), NULL};
    testutil_proc r = testutil_exec(path, argv);
    strbuf_release(&var);
    free(path);
    return r;
}

static void test_make(void)
{
    write_program("plain");
    write_program("measured");
    make_dir("cctmp");
    char *cctmp = at("cctmp", NULL);
    setenv("TMPDIR", cctmp, 1);
    testutil_proc plain = run_make("plain", "cc"), measured = run_make("measured", AITOOL_CC);
    unsetenv("TMPDIR");
    CU_ASSERT_EQUAL(plain.status, 0);
    CU_ASSERT_EQUAL(measured.status, 0);
    CU_ASSERT_STRING_EQUAL(measured.err, plain.err);
    testutil_proc_release(&plain);
    testutil_proc_release(&measured);
    check_no_leftovers(cctmp);
    free(cctmp);
    char *plain_exe = at("plain", "prog"), *exe = at("measured", "prog");
    char *json = at(NULL, "make.json"), *unused = at(NULL, "plain.json");
    check_runs(plain_exe, unused);
    char *none = testutil_read_file(unused);
    CU_ASSERT_PTR_NULL(none);
    check_runs(exe, json);
    check_measurement(json);
    /* make's dependency files name the user's sources, as cc's do (lines
     * may break elsewhere: the compiler breaks them by the copy's name) */
    check_deps("src/dot.d", "src/dot.o: src/dot.c inc/vec.h");
    check_deps("src/main.d", "src/main.o: src/main.c src/local.h inc/vec.h");
    free(plain_exe);
    free(exe);
    free(json);
    free(unused);
}

static void test_cmake(void)
{
    write_program("cm");
    char *src = at("cm", NULL), *build = at("cm", "build");
    strbuf compiler = STRBUF_INIT;
    strbuf_printf(&compiler, "-DCMAKE_C_COMPILER=%s", AITOOL_CC);
    const char *configure[] = {AITOOL_CMAKE, "-S", src, "-B", build, strbuf_cstr(&compiler), NULL};
    testutil_proc r = testutil_exec(tmpdir, configure);
    CU_ASSERT_EQUAL(r.status, 0);
    if (r.status)
        fprintf(stderr, "%s\n%s\n", r.out, r.err);
    testutil_proc_release(&r);
    const char *make[] = {AITOOL_CMAKE, "--build", build, NULL};
    r = testutil_exec(tmpdir, make);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *exe = at("cm", "build/prog"), *json = at(NULL, "cmake.json");
    check_runs(exe, json);
    check_measurement(json);
    strbuf_release(&compiler);
    free(src);
    free(build);
    free(exe);
    free(json);
}

/* ---- configure's probes ---- */

/* As configure asks: a test compile that fails, the preprocessor, make's
 * dependencies, a compile that works, a program linked and run; answers
 * on stdout, the compiler's messages in probe.log. */
static const char probe_script[] =
    "CC=${CC-cc}\n"
    "exec 3>probe.log\n"
    "printf 'int main(void) { return missing_symbol; }\\n' > conftest1.c\n"
    "if $CC -c conftest1.c -o conftest1.o 2>&3; then echo 'missing: yes'; "
    "else echo \"missing: no $?\"; fi\n"
    "test -f conftest1.o && echo 'missing: object'\n"
    "printf '#include <stdio.h>\\n#ifdef EOF\\nfound_eof\\n#endif\\n' > conftest2.c\n"
    "$CC -E conftest2.c 2>&3 | grep found_eof\n"
    "printf '#include \"conf.h\"\\nint v;\\n' > conftest3.c\n"
    "echo '#define X 1' > conf.h\n"
    "$CC -M conftest3.c 2>&3\n"
    "$CC -MM -MF conftest3.dep conftest3.c 2>&3 && cat conftest3.dep\n"
    "printf 'void f(double *a, int n) { for (int i = 0; i < n; i++) a[i] *= 2.0; }\\n'"
    " > conftest4.c\n"
    "$CC -c conftest4.c 2>&3 && test -f conftest4.o && echo 'compile: yes'\n"
    "printf 'int main(void) { return 0; }\\n' > conftest5.c\n"
    "$CC conftest5.c -o conftest5 2>&3 && ./conftest5 && echo 'link: yes'\n"
    "$CC -x c -c conftest4.c -o conftest6.o 2>&3 && echo 'x c: yes'\n"
    "ls\n";

/* The probes in dir; a probe program that aitool-cc built and the script
 * ran writes its measurement to dir.json, beside dir (not in the ls). */
static testutil_proc run_probes(const char *dir, const char *cc)
{
    make_dir(dir);
    write_in(dir, "probe.sh", probe_script);
    char *cwd = at(dir, NULL);
    strbuf var = STRBUF_INIT, measured = STRBUF_INIT;
    strbuf_printf(&var, "CC=%s", cc);
    strbuf_printf(&measured, "AITOOL_MEASURED=%s.json", cwd);
    const char *argv[] = {"env", strbuf_cstr(&var), strbuf_cstr(&measured), "sh", "probe.sh",
                          NULL};
    testutil_proc r = testutil_exec(cwd, argv);
    strbuf_release(&var);
    strbuf_release(&measured);
    free(cwd);
    return r;
}

static void test_configure_probes(void)
{
    testutil_proc plain = run_probes("probe_cc", "cc"), wrapped = run_probes("probe_ai", AITOOL_CC);
    CU_ASSERT_EQUAL(wrapped.status, plain.status);
    CU_ASSERT_STRING_EQUAL(wrapped.out, plain.out);
    CU_ASSERT_PTR_NOT_NULL(strstr(plain.out, "missing: no 1\nfound_eof\nconftest3.o: conftest3.c"));
    CU_ASSERT_PTR_NOT_NULL(strstr(plain.out, "compile: yes\nlink: yes\nx c: yes\n"));
    testutil_proc_release(&plain);
    testutil_proc_release(&wrapped);
    char *log_cc = at("probe_cc", "probe.log"), *log_ai = at("probe_ai", "probe.log");
    char *a = testutil_read_file(log_cc), *b = testutil_read_file(log_ai);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    CU_ASSERT_STRING_EQUAL(b, a);
    CU_ASSERT_PTR_NOT_NULL(strstr(a, "missing_symbol"));
    free(a);
    free(b);
    free(log_cc);
    free(log_ai);
    /* the link probe (compiled and linked in one) is a measured program */
    char *json_cc = at(NULL, "probe_cc.json"), *json_ai = at(NULL, "probe_ai.json");
    a = testutil_read_file(json_cc);
    b = testutil_read_file(json_ai);
    CU_ASSERT_PTR_NULL(a);
    CU_ASSERT_PTR_NOT_NULL(b);
    CU_ASSERT_PTR_NOT_NULL(b && strstr(b, "{\"file\": \"conftest5.c\", \"digest\": "));
    free(a);
    free(b);
    free(json_cc);
    free(json_ai);
}

/* ---- compiling and linking in one command ---- */

static const char link_main[] =
    "#include <stdio.h>\n"
    "double norm(const double *x, int n);\n"
    "void scale(double *x, int n, double a);\n"
    "static double x[64];\n"
    "int main(void)\n"
    "{\n"
    "    for (int i = 0; i < 64; i++)\n"
    "        x[i] = i + 1.0;\n"
    "    scale(x, 64, 0.5);\n"
    "    printf(\"%.6f\\n\", norm(x, 64));\n"
    "    return 0;\n"
    "}\n";

static const char link_vec[] =
    "#include <math.h>\n"
    "double norm(const double *x, int n)\n"
    "{\n"
    "    double s = 0.0;\n"
    "    for (int i = 0; i < n; i++)\n"
    "        s += x[i] * x[i];\n"
    "    return sqrt(s);\n"
    "}\n"
    "\n"
    "void scale(double *x, int n, double a)\n"
    "{\n"
    "    for (int i = 0; i < n; i++)\n"
    "        x[i] = x[i] * a;\n"
    "}\n";

/* By hand, 64 turns each: main's loop adds (int + double), stores x (8
 * bytes a turn); norm's reads x, a plus and a multiply; scale's reads and
 * writes x, a multiply.  The files in the order of their names. */
static const want_loop link_loops[] = {
    {"lk_main.c", 7, 1, 64, 64, 0, 0, 512},
    {"lk_vec.c", 5, 1, 64, 64, 64, 512, 0},
    {"lk_vec.c", 12, 1, 64, 0, 64, 512, 512},
};

/* x[i] = (i + 1) / 2: the root of sum(k^2, k = 1..64) / 4 = 22360. */
static const char link_out[] = "149.532605\n";

static void write_link_program(const char *dir)
{
    make_dir(dir);
    write_in(dir, "lk_main.c", link_main);
    write_in(dir, "lk_vec.c", link_vec);
}

/* argv (NULL-terminated, the compiler first) run in dir with TMPDIR an
 * empty directory of the test, checked empty afterwards. */
static testutil_proc run_in(const char *dir, const char *const *argv)
{
    make_dir("linktmp");
    char *cwd = at(dir, NULL), *tmp = at("linktmp", NULL);
    setenv("TMPDIR", tmp, 1);
    testutil_proc r = testutil_exec(cwd, argv);
    unsetenv("TMPDIR");
    check_no_leftovers(tmp);
    free(cwd);
    free(tmp);
    return r;
}

/* The program dir/exe runs, prints link_out, and its measurement (dir's
 * name with .json) holds the n loops of want, of nfiles files. */
static void check_link_run(const char *dir, const char *exe, const want_loop *want, int n,
                           int nfiles)
{
    char *path = at(dir, exe);
    strbuf json = STRBUF_INIT;
    strbuf_printf(&json, "%s/%s.json", tmpdir, dir);
    setenv("AITOOL_MEASURED", strbuf_cstr(&json), 1);
    const char *argv[] = {path, NULL};
    testutil_proc r = testutil_exec(tmpdir, argv);
    unsetenv("AITOOL_MEASURED");
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, link_out);
    testutil_proc_release(&r);
    check_loops(strbuf_cstr(&json), want, n, nfiles);
    strbuf_release(&json);
    free(path);
}

static void test_link_in_one(void)
{
    write_link_program("link");
    const char *build[] = {AITOOL_CC, "-O2", "-o", "prog", "lk_main.c", "lk_vec.c", "-lm", NULL};
    testutil_proc r = run_in("link", build);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    check_link_run("link", "prog", link_loops, 3, 2);
    char *json = at(NULL, "link.json"), *text = testutil_read_file(json);
    CU_ASSERT_PTR_NOT_NULL(text && strstr(text, "\"fp_special\": 1,")); /* norm's sqrt */
    free(text);
    free(json);
}

/* An object compiled by cc, its place in the link kept: the source is
 * measured, the object linked as it is (its loops not measured). */
static void test_link_with_object(void)
{
    write_link_program("mix");
    const char *prebuild[] = {"cc", "-O2", "-c", "lk_vec.c", "-o", "vec_cc.o", NULL};
    testutil_proc r = run_in("mix", prebuild);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    const char *build[] = {AITOOL_CC, "-O2", "-o", "prog", "lk_main.c", "vec_cc.o", "-lm", NULL};
    r = run_in("mix", build);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    check_link_run("mix", "prog", link_loops, 1, 1);
}

/* No -o: the program is a.out, as cc names it. */
static void test_link_a_out(void)
{
    write_link_program("aout");
    const char *build[] = {AITOOL_CC, "lk_vec.c", "lk_main.c", "-lm", NULL};
    testutil_proc r = run_in("aout", build);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    check_link_run("aout", "a.out", link_loops, 3, 2);
}

/* A source that does not compile: cc's messages and status, no program,
 * nothing left in TMPDIR. */
static void test_link_compile_error(void)
{
    write_link_program("bad");
    write_in("bad", "broken.c", "int broken(void)\n{\n    return missing;\n}\n");
    const char *plain[] = {"cc", "-O2", "-o", "prog_cc", "lk_main.c", "broken.c", "lk_vec.c",
                           "-lm", NULL};
    const char *wrapped[] = {AITOOL_CC, "-O2", "-o", "prog", "lk_main.c", "broken.c", "lk_vec.c",
                             "-lm", NULL};
    testutil_proc p = run_in("bad", plain), r = run_in("bad", wrapped);
    CU_ASSERT_NOT_EQUAL(p.status, 0);
    CU_ASSERT_EQUAL(r.status, p.status);
    CU_ASSERT_STRING_EQUAL(r.err, p.err);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "broken.c:3:12: error: 'missing' undeclared") ||
                           strstr(r.err, "broken.c:3:12: error: \xe2\x80\x98missing\xe2\x80\x99"
                                         " undeclared") ||
                           strstr(r.err, "broken.c:3:12: error: use of undeclared identifier"));
    testutil_proc_release(&p);
    testutil_proc_release(&r);
    char *exe = at("bad", "prog");
    struct stat st;
    CU_ASSERT_NOT_EQUAL(stat(exe, &st), 0);
    free(exe);
    /* a link that fails: the linker's status, its message (naming the
     * temporary object as cc's names its own), nothing left in TMPDIR */
    write_in("bad", "undef.c", "int undefined_f(void);\nint main(void)\n{\n"
                               "    return undefined_f();\n}\n");
    const char *plain_link[] = {"cc", "-o", "undef_cc", "undef.c", NULL};
    const char *link[] = {AITOOL_CC, "-o", "undef", "undef.c", NULL};
    p = run_in("bad", plain_link);
    r = run_in("bad", link);
    CU_ASSERT_NOT_EQUAL(p.status, 0);
    CU_ASSERT_EQUAL(r.status, p.status);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "undefined reference to `undefined_f'"));
    testutil_proc_release(&p);
    testutil_proc_release(&r);
}

/* The preprocessor, the version and -MMD with a link go to cc as they
 * are (the last with a warning): the same output. */
static void test_link_pass_through(void)
{
    write_link_program("pass");
    const char *const commands[][5] = {{"-E", "lk_main.c", "lk_vec.c", NULL},
                                       {"--version", NULL}};
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++) {
        const char *plain[6] = {"cc"}, *wrapped[6] = {AITOOL_CC};
        for (size_t k = 0; commands[i][k]; k++)
            plain[k + 1] = wrapped[k + 1] = commands[i][k];
        testutil_proc p = run_in("pass", plain), r = run_in("pass", wrapped);
        CU_ASSERT_EQUAL(p.status, 0);
        CU_ASSERT_EQUAL(r.status, 0);
        CU_ASSERT_STRING_EQUAL(r.out, p.out);
        CU_ASSERT_STRING_EQUAL(r.err, p.err);
        testutil_proc_release(&p);
        testutil_proc_release(&r);
    }
    const char *deps[] = {AITOOL_CC, "-MMD", "-o", "prog", "lk_main.c", "lk_vec.c", "-lm", NULL};
    testutil_proc r = run_in("pass", deps);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "aitool-cc: warning: -MD/-MMD/-MF with compiling and linking "
                                  "in one command: passed to the compiler as it is, not "
                                  "measured\n");
    testutil_proc_release(&r);
    char *exe = at("pass", "prog"), *json = at(NULL, "pass.json");
    setenv("AITOOL_MEASURED", json, 1);
    const char *run[] = {exe, NULL};
    r = testutil_exec(tmpdir, run);
    unsetenv("AITOOL_MEASURED");
    CU_ASSERT_STRING_EQUAL(r.out, link_out);
    testutil_proc_release(&r);
    char *text = testutil_read_file(json);
    CU_ASSERT_PTR_NULL(text); /* not instrumented: no measurement */
    free(text);
    free(exe);
    free(json);
}

/* ---- bad input ---- */

static testutil_proc run_wrapper(const char *arg1, const char *arg2, const char *arg3)
{
    const char *argv[] = {AITOOL_CC, arg1, arg2, arg3, NULL};
    return testutil_exec(tmpdir, argv);
}

static void test_missing_compiler(void)
{
    write_in(NULL, "one.c", "double one(double x) { return x * 2.0; }\n");
    setenv("AITOOL_CC", "/nonexistent/cc", 1);
    testutil_proc r = run_wrapper("-c", "one.c", NULL);
    CU_ASSERT_EQUAL(r.status, 127);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "aitool-cc: error: cannot run the compiler "
                                         "'/nonexistent/cc' (AITOOL_CC names it"));
    testutil_proc_release(&r);
    r = run_wrapper("--version", NULL, NULL); /* passed through */
    CU_ASSERT_EQUAL(r.status, 127);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "'/nonexistent/cc' (AITOOL_CC"));
    testutil_proc_release(&r);
    setenv("AITOOL_CC", AITOOL_CC, 1);
    r = run_wrapper("-c", "one.c", NULL);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "aitool-cc: error: AITOOL_CC names aitool-cc itself"));
    testutil_proc_release(&r);
    unsetenv("AITOOL_CC");
    setenv("TMPDIR", "/nonexistent/tmp", 1);
    r = run_wrapper("-c", "one.c", NULL);
    unsetenv("TMPDIR");
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "aitool-cc: error: cannot make a temporary directory in "
                                         "'/nonexistent/tmp' (TMPDIR)"));
    testutil_proc_release(&r);
    r = run_wrapper("--aitool-version", NULL, NULL);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "aitool-cc " AITOOL_VERSION "\n");
    testutil_proc_release(&r);
}

/* GNU C's nested functions: cc takes them, libclang does not. */
static void test_not_instrumented(void)
{
    write_in(NULL, "nested.c", "int twice(int n)\n{\n    int g(int x) { return x * 2; }\n"
                               "    return g(n);\n}\n");
    const char *plain[] = {"cc", "-c", "nested.c", "-o", "nested_cc.o", NULL};
    testutil_proc r = testutil_exec(tmpdir, plain);
    int cc_takes = r.status == 0;
    testutil_proc_release(&r);
    if (!cc_takes)
        return; /* a cc that is clang refuses it too */
    r = run_wrapper("-c", "nested.c", NULL);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "aitool-cc: warning: 'nested.c' could not be instrumented "
                                  "(nested.c:3:18: error: function definition is not allowed "
                                  "here); compiled as it is\n");
    testutil_proc_release(&r);
    char *obj = at(NULL, "nested.o");
    struct stat st;
    CU_ASSERT_EQUAL(stat(obj, &st), 0);
    free(obj);
}

/* A file without loops, under -Wall -Wextra -Werror: the runtime in the
 * copy warns of nothing (no test against a count of 0), and the program
 * still writes its measurement. */
static void test_no_loops_strict(void)
{
    write_in(NULL, "noloop.c", "double one(double x) { return x * 2.0; }\n"
                               "int main(void) { return one(1.0) > 1.0 ? 0 : 1; }\n");
    const char *compile[] = {AITOOL_CC, "-Wall", "-Wextra", "-Werror", "-c", "noloop.c", NULL};
    testutil_proc r = testutil_exec(tmpdir, compile);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    r = run_wrapper("noloop.o", "-o", "noloop");
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *exe = at(NULL, "noloop"), *json = at(NULL, "noloop.json");
    setenv("AITOOL_MEASURED", json, 1);
    const char *run[] = {exe, NULL};
    r = testutil_exec(tmpdir, run);
    unsetenv("AITOOL_MEASURED");
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *text = testutil_read_file(json);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "{\"file\": \"noloop.c\", \"digest\": "));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"loops\": [],\n  \"totals\": {\"entries\": 0, "
                                        "\"iterations\": 0, \"fp_plus\": 0, \"fp_minus\": 0, "
                                        "\"fp_multiply\": 1,"));
    free(text);
    free(exe);
    free(json);
}

/* ---- where the copy's loops are placed ---- */

/* The 64-byte alignments (.p2align 6) in the assembly of function fn
 * (from its label to its .cfi_endproc) of the file name in tmpdir. */
static int align64_in(const char *name, const char *fn)
{
    char *path = at(NULL, name), *text = testutil_read_file(path);
    free(path);
    if (!text)
        return -1;
    strbuf label = STRBUF_INIT;
    strbuf_printf(&label, "\n%s:\n", fn);
    int n = 0;
    const char *s = strstr(text, strbuf_cstr(&label));
    const char *end = s ? strstr(s, ".cfi_endproc") : NULL;
    for (const char *p = s; p && p < end; p = strchr(p + 1, '\n')) {
        p += strspn(p, "\n \t");
        if (!strncmp(p, ".p2align", 8)) {
            const char *v = p + 8 + strspn(p + 8, " \t");
            n += v[0] == '6' && (v[1] < '0' || v[1] > '9');
        }
    }
    strbuf_release(&label);
    free(text);
    return s && end ? n : -1;
}

/* The copy's loops start a 64-byte line at -O2 (what the instrumentation
 * adds before a nest must not move the hot loop across a line), where the
 * compiler alone aligns them to 16 bytes at most; not at -Os, and the
 * user's own -falign-loops wins. */
static void test_loops_aligned(void)
{
    write_in(NULL, "place.c", "void scale(double *a, const double *b, double s, int n)\n{\n"
                              "    for (int i = 0; i < n; i++)\n"
                              "        a[i] = s * b[i];\n}\n");
    static const struct {
        const char *cc, *level, *user, *out;
        bool aligned;
    } runs[] = {
        {AITOOL_CC, "-O2", NULL, "place_ai.s", true},
        {AITOOL_CC, "-O3", NULL, "place_ai3.s", true},
        {"cc", "-O2", NULL, "place_cc.s", false},
        {AITOOL_CC, "-Os", NULL, "place_os.s", false},
        {AITOOL_CC, "-O2", "-falign-loops=16", "place_16.s", false},
    };
    for (size_t k = 0; k < sizeof runs / sizeof *runs; k++) {
        const char *argv[] = {runs[k].cc, runs[k].level, "-S", "-o", runs[k].out, "place.c",
                              runs[k].user, NULL};
        testutil_proc r = testutil_exec(tmpdir, argv);
        CU_ASSERT_EQUAL(r.status, 0);
        CU_ASSERT_STRING_EQUAL(r.err, "");
        testutil_proc_release(&r);
        int n = align64_in(runs[k].out, "scale");
        CU_ASSERT_TRUE(runs[k].aligned ? n >= 1 : n == 0);
    }
}

/* A body that opens with a declaration whose type a macro names (Lua's
 * `SRand64 sx = ...` in lmathlib.c), and an arm that opens with one in a
 * macro's use the copy writes out (Lua's op_arith in lvm.c): their
 * counters go after the declarations, so that a
 * -Wdeclaration-after-statement -Werror build compiles the copy, not the
 * original, and the counts are the run's: half(-4), one multiply and the
 * add of the arm taken; pos(4.0), the arm's multiply and add. */
static void test_macro_typed_declaration(void)
{
    write_in(NULL, "decl.c", "#define SLONG long\n"
                             "double half(long x)\n{\n"
                             "    SLONG s = x >> 1;\n"
                             "    double r = (double)s * 0.5;\n"
                             "    if (s < 0)\n"
                             "        r += 1.0;\n"
                             "    return r;\n}\n"
                             "#define HALVE_POS(acc, v) if ((v) > 0.0) "
                             "{ double h_ = (v) * 0.5; acc += h_; }\n"
                             "double pos(double x)\n{\n"
                             "    double r = 0.0;\n"
                             "    HALVE_POS(r, x);\n"
                             "    return r;\n}\n"
                             "int main(void)\n"
                             "{\n    return half(-4) == 0.0 && pos(4.0) == 2.0 ? 0 : 1;\n}\n");
    const char *compile[] = {AITOOL_CC, "-std=c99", "-Wdeclaration-after-statement", "-Werror",
                             "-c", "decl.c", NULL};
    testutil_proc r = testutil_exec(tmpdir, compile);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    r = run_wrapper("decl.o", "-o", "decl");
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *exe = at(NULL, "decl"), *json = at(NULL, "decl.json");
    setenv("AITOOL_MEASURED", json, 1);
    const char *run[] = {exe, NULL};
    r = testutil_exec(tmpdir, run);
    unsetenv("AITOOL_MEASURED");
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *text = testutil_read_file(json);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"totals\": {\"entries\": 0, \"iterations\": 0, "
                                        "\"fp_plus\": 2, \"fp_minus\": 0, "
                                        "\"fp_multiply\": 2,"));
    free(text);
    free(exe);
    free(json);
}

/* ---- aitool-c++ ---- */

static const char cxx_grid_hpp[] =
    "#include <vector>\n"
    "template <typename T> struct Grid {\n"
    "    std::vector<T> u;\n"
    "    T smooth();\n"
    "};\n"
    "double run_grids(int n, int steps);\n";

/* Grid<T>::smooth, defined outside its class: line 6, 100 turns for n =
 * 102, each 3 plus and 1 divide, loads and stores one T of u; run_grids's
 * loop, line 18, 5 turns of 2 plus (the calls' operations count in smooth);
 * its bytes a turn are its static ones, as in C: a call's callee body read
 * once with the members of the objects called on, f.u and d.u (a float and a
 * double, loaded and stored). */
static const char cxx_grid_cpp[] =
    "#include \"grid.hpp\"\n"
    "\n"
    "template <typename T> T Grid<T>::smooth()\n"
    "{\n"
    "    T s = 0;\n"
    "    for (std::size_t i = 1; i + 1 < u.size(); i++) {\n"
    "        u[i] = (u[i - 1] + u[i] + u[i + 1]) / 3;\n"
    "        s += u[i];\n"
    "    }\n"
    "    return s;\n"
    "}\n"
    "\n"
    "double run_grids(int n, int steps)\n"
    "{\n"
    "    Grid<float> f{std::vector<float>(n, 1.0f)};\n"
    "    Grid<double> d{std::vector<double>(n, 2.0)};\n"
    "    double s = 0;\n"
    "    for (int k = 0; k < steps; k++)\n"
    "        s += f.smooth() + d.smooth();\n"
    "    return s;\n"
    "}\n";

static const char cxx_main_cpp[] =
    "#include <cstdio>\n"
    "#include \"grid.hpp\"\n"
    "int main()\n"
    "{\n"
    "    std::printf(\"%g\\n\", run_grids(102, 5));\n"
    "    return 0;\n"
    "}\n";

static const char cxx_cmake[] =
    "cmake_minimum_required(VERSION 3.13)\n"
    "project(grids CXX)\n"
    "set(CMAKE_EXPORT_COMPILE_COMMANDS ON)\n"
    "add_executable(grids main.cpp grid.cpp)\n";

/* The static loop of a -json report at file, line and function. */
static const cJSON *static_loop(const cJSON *report, int line, const char *function)
{
    const cJSON *l;
    cJSON_ArrayForEach(l, cJSON_GetObjectItem(report, "loops"))
    {
        if (count(l, "line") == line &&
            !strcmp(cJSON_GetObjectItem(l, "function")->valuestring, function))
            return l;
    }
    return NULL;
}

/* A measured loop's counts are its static ones times its turns. */
static void check_static_times_turns(const cJSON *report, const cJSON *measured)
{
    const char *function = cJSON_GetObjectItem(measured, "function")->valuestring;
    const cJSON *s = static_loop(report, (int)count(measured, "line"), function);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    const char *keys[] = {"fp_plus", "fp_minus", "fp_multiply", "fp_divide", "fp_special",
                          "load_bytes", "store_bytes"};
    for (size_t k = 0; k < sizeof keys / sizeof *keys; k++)
        CU_ASSERT_EQUAL(count(measured, keys[k]),
                        count(s, keys[k]) * count(measured, "iterations"));
}

static void test_cxx_cmake(void)
{
    make_dir("cxx");
    write_in("cxx", "grid.hpp", cxx_grid_hpp);
    write_in("cxx", "grid.cpp", cxx_grid_cpp);
    write_in("cxx", "main.cpp", cxx_main_cpp);
    write_in("cxx", "CMakeLists.txt", cxx_cmake);
    char *src = at("cxx", NULL), *build = at("cxx", "build");
    const char *configure[] = {AITOOL_CMAKE, "-S", src, "-B", build,
                               "-DCMAKE_CXX_COMPILER=" AITOOL_CXX, NULL};
    testutil_proc r = testutil_exec(tmpdir, configure);
    CU_ASSERT_EQUAL(r.status, 0);
    if (r.status)
        fprintf(stderr, "%s\n%s\n", r.out, r.err);
    testutil_proc_release(&r);
    const char *make[] = {AITOOL_CMAKE, "--build", build, NULL};
    r = testutil_exec(tmpdir, make);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *exe = at("cxx", "build/grids"), *json = at(NULL, "cxx.json");
    setenv("AITOOL_MEASURED", json, 1);
    const char *run[] = {exe, NULL};
    r = testutil_exec(tmpdir, run);
    unsetenv("AITOOL_MEASURED");
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "1500\n");
    testutil_proc_release(&r);
    const char *analyze[] = {AITOOL_MEASURETOOL, "-p", build, "-static-counting-only", "-json",
                             "static.json", "-report-file", "static.txt", NULL};
    r = testutil_exec(tmpdir, analyze);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *static_path = at(NULL, "static.json");
    char *st = testutil_read_file(static_path), *me = testutil_read_file(json);
    cJSON *report = st ? cJSON_Parse(st) : NULL, *m = me ? cJSON_Parse(me) : NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(report);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    static const struct {
        int line;
        const char *function;
        long entries, iterations, plus, divide, load, store;
    } want[] = {
        {18, "run_grids", 1, 5, 10, 0, 60, 60},
        {6, "Grid<float>::smooth", 5, 500, 1500, 500, 2000, 2000},
        {6, "Grid<double>::smooth", 5, 500, 1500, 500, 4000, 4000},
    };
    const cJSON *loops = cJSON_GetObjectItem(m, "loops");
    CU_ASSERT_EQUAL_FATAL(cJSON_GetArraySize(loops), 3);
    for (int i = 0; i < 3; i++) {
        const cJSON *l = cJSON_GetArrayItem(loops, i);
        CU_ASSERT_EQUAL(count(l, "line"), want[i].line);
        CU_ASSERT_STRING_EQUAL(cJSON_GetObjectItem(l, "function")->valuestring, want[i].function);
        CU_ASSERT_EQUAL(count(l, "entries"), want[i].entries);
        CU_ASSERT_EQUAL(count(l, "iterations"), want[i].iterations);
        CU_ASSERT_EQUAL(count(l, "fp_plus"), want[i].plus);
        CU_ASSERT_EQUAL(count(l, "fp_divide"), want[i].divide);
        CU_ASSERT_EQUAL(count(l, "load_bytes"), want[i].load);
        CU_ASSERT_EQUAL(count(l, "store_bytes"), want[i].store);
        if (want[i].line == 6) /* no calls: the static counts are all of its turn */
            check_static_times_turns(report, l);
    }
    cJSON_Delete(report);
    cJSON_Delete(m);
    free(st);
    free(me);
    free(static_path);
    free(src);
    free(build);
    free(exe);
    free(json);
}

/* A stand-in compiler that logs its arguments, one line a run. */
static char *write_logging_compiler(void)
{
    write_in(NULL, "logcc.sh", "#!/bin/sh\necho \"$@\" >> args.log\n");
    char *path = at(NULL, "logcc.sh");
    chmod(path, 0755);
    char *log = at(NULL, "args.log");
    unlink(log);
    free(log);
    return path;
}

static char *last_logged(void)
{
    char *log = at(NULL, "args.log");
    char *text = testutil_read_file(log);
    free(log);
    if (!text)
        return NULL;
    size_t n = strlen(text);
    while (n && text[n - 1] == '\n')
        text[--n] = '\0';
    char *line = strrchr(text, '\n');
    char *last = strdup(line ? line + 1 : text);
    free(text);
    return last;
}

/* aitool-c++ instruments .cpp .cc .cxx .C .c++ and passes a .c file
 * (which g++ reads as C++) to $AITOOL_CXX as it is; aitool-cc passes C++
 * through to $AITOOL_CC. */
static void test_cxx_sources(void)
{
    char *fake = write_logging_compiler();
    static const char *const cxx_names[] = {"k.cpp", "k.cc", "k.cxx", "k.C", "k.c++"};
    setenv("AITOOL_CXX", fake, 1);
    for (size_t i = 0; i < sizeof cxx_names / sizeof *cxx_names; i++) {
        write_in(NULL, cxx_names[i], "double k(const double *x) { double s = 0;\n"
                                     "  for (int i = 0; i < 3; i++) s += x[i]; return s; }\n");
        const char *argv[] = {AITOOL_CXX, "-c", cxx_names[i], NULL};
        testutil_proc r = testutil_exec(tmpdir, argv);
        CU_ASSERT_EQUAL(r.status, 0);
        testutil_proc_release(&r);
        char *args = last_logged();
        CU_ASSERT_PTR_NOT_NULL_FATAL(args);
        CU_ASSERT_PTR_NOT_NULL(strstr(args, "-ffile-prefix-map="));
        CU_ASSERT_PTR_NOT_NULL(strstr(args, "/0/k."));
        free(args);
    }
    write_in(NULL, "plain.c", "int plain(void) { return 1; }\n");
    const char *c_file[] = {AITOOL_CXX, "-c", "plain.c", NULL};
    testutil_proc r = testutil_exec(tmpdir, c_file);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *args = last_logged();
    CU_ASSERT_STRING_EQUAL(args ? args : "", "-c plain.c");
    free(args);
    unsetenv("AITOOL_CXX");
    setenv("AITOOL_CC", fake, 1);
    const char *cxx_to_cc[] = {AITOOL_CC, "-c", "k.cpp", NULL};
    r = testutil_exec(tmpdir, cxx_to_cc);
    unsetenv("AITOOL_CC");
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    args = last_logged();
    CU_ASSERT_STRING_EQUAL(args ? args : "", "-c k.cpp");
    free(args);
    const char *version[] = {AITOOL_CXX, "--aitool-version", NULL};
    r = testutil_exec(tmpdir, version);
    CU_ASSERT_STRING_EQUAL(r.out, "aitool-c++ " AITOOL_VERSION "\n");
    testutil_proc_release(&r);
    setenv("AITOOL_CXX", "/nonexistent/g++", 1);
    const char *missing[] = {AITOOL_CXX, "-c", "k.cpp", NULL};
    r = testutil_exec(tmpdir, missing);
    unsetenv("AITOOL_CXX");
    CU_ASSERT_EQUAL(r.status, 127);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "aitool-c++: error: cannot run the compiler "
                                         "'/nonexistent/g++' (AITOOL_CXX names it; default g++)"));
    testutil_proc_release(&r);
    free(fake);
}

static const testutil_case cxx_cases[] = {
    {"cmake -DCMAKE_CXX_COMPILER=aitool-c++: per instance", test_cxx_cmake},
    {"which sources each name instruments", test_cxx_sources},
    {NULL, NULL},
};

static const testutil_case cc_cases[] = {
    {"make CC=aitool-cc: three files, exact counts", test_make},
    {"cmake -DCMAKE_C_COMPILER=aitool-cc", test_cmake},
    {"configure's probes answered as cc answers", test_configure_probes},
    {"cc -o prog a.c b.c -lm: exact counts of both", test_link_in_one},
    {"a link with an object cc compiled", test_link_with_object},
    {"cc a.c b.c: a.out", test_link_a_out},
    {"a link whose source does not compile", test_link_compile_error},
    {"-E, --version, -MMD with a link: passed through", test_link_pass_through},
    {"a missing compiler, an unusable TMPDIR", test_missing_compiler},
    {"a file libclang cannot take", test_not_instrumented},
    {"no loops, -Wextra -Werror", test_no_loops_strict},
    {"a declaration of a macro's type first in a body", test_macro_typed_declaration},
    {"the copy's loops start a 64-byte line at -O2", test_loops_aligned},
    {NULL, NULL},
};

int main(void)
{
    tmpdir = testutil_make_tempdir();
    if (!tmpdir)
        return 2;
    unsetenv("AITOOL_CC");
    unsetenv("AITOOL_CXX");
    unsetenv("AITOOL_MEASURED");
    const testutil_suite suites[] = {{"aitool-cc", cc_cases}, {"aitool-c++", cxx_cases}};
    int status = testutil_run(suites, 2);
    testutil_remove_tree(tmpdir);
    free(tmpdir);
    return status;
}
