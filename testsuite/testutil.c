#include "testutil.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CUnit/Basic.h>

#include "mem.h"
#include "strbuf.h"

int testutil_run(const testutil_suite *suites, int nsuites)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    for (int s = 0; s < nsuites; s++) {
        CU_pSuite suite = CU_add_suite(suites[s].name, NULL, NULL);
        if (!suite)
            return 2;
        for (const testutil_case *c = suites[s].cases; c->name; c++)
            if (!CU_add_test(suite, c->name, c->fn))
                return 2;
    }
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    unsigned failures = CU_get_number_of_failures();
    unsigned ran = CU_get_number_of_tests_run();
    CU_cleanup_registry();
    return failures == 0 && ran > 0 ? 0 : 1;
}

char *testutil_read_stream(FILE *f)
{
    strbuf sb = STRBUF_INIT;
    char buf[4096];
    size_t n;
    rewind(f);
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        strbuf_appendn(&sb, buf, n);
    return strbuf_take(&sb);
}

char *testutil_read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *text = testutil_read_stream(f);
    fclose(f);
    return text;
}

bool testutil_write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    bool ok = fputs(text, f) >= 0;
    return fclose(f) == 0 && ok;
}

char *testutil_make_tempdir(void)
{
    const char *base = getenv("TMPDIR");
    strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "%s/aitool-test-XXXXXX", base && *base ? base : "/tmp");
    char *dir = strbuf_take(&sb);
    if (!mkdtemp(dir)) {
        free(dir);
        return NULL;
    }
    return dir;
}

void testutil_remove_tree(const char *dir)
{
    if (!dir)
        return;
    const char *argv[] = {"rm", "-rf", dir, NULL};
    testutil_proc p = testutil_exec(NULL, argv);
    testutil_proc_release(&p);
}

char *testutil_replace(const char *text, const char *from, const char *to)
{
    strbuf sb = STRBUF_INIT;
    size_t n = strlen(from);
    const char *hit;
    while ((hit = strstr(text, from)) != NULL) {
        strbuf_appendn(&sb, text, (size_t)(hit - text));
        strbuf_append(&sb, to);
        text = hit + n;
    }
    strbuf_append(&sb, text);
    return strbuf_take(&sb);
}

static char *testutil_slurp_fd(int fd)
{
    strbuf sb = STRBUF_INIT;
    char buf[4096];
    ssize_t n;
    lseek(fd, 0, SEEK_SET);
    while ((n = read(fd, buf, sizeof buf)) > 0)
        strbuf_appendn(&sb, buf, (size_t)n);
    close(fd);
    return strbuf_take(&sb);
}

/* Output goes to unlinked temporary files, so a chatty child cannot block
 * on a full pipe. */
static int testutil_anon_file(void)
{
    char name[] = "/tmp/aitool-out-XXXXXX";
    int fd = mkstemp(name);
    if (fd >= 0)
        unlink(name);
    return fd;
}

/* Runs argv with its standard output into a temporary file, or into
 * /dev/full when full (what it printed is then ""). */
static testutil_proc testutil_exec_into(const char *cwd, const char *const *argv, bool full)
{
    testutil_proc r = {-1, NULL, NULL};
    int out = full ? open("/dev/full", O_WRONLY) : testutil_anon_file();
    int err = testutil_anon_file();
    if (out < 0 || err < 0) {
        r.out = mem_strdup("");
        r.err = mem_strdup("testutil: cannot create temporary files");
        return r;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        int devnull = open("/dev/null", O_RDONLY);
        dup2(devnull, 0);
        dup2(out, 1);
        dup2(err, 2);
        if (cwd && chdir(cwd) != 0)
            _exit(126);
        execvp(argv[0], (char *const *)argv);
        _exit(127);
    }
    int wstatus = 0;
    if (pid > 0 && waitpid(pid, &wstatus, 0) == pid && WIFEXITED(wstatus))
        r.status = WEXITSTATUS(wstatus);
    if (full) {
        close(out);
        r.out = mem_strdup("");
    } else {
        r.out = testutil_slurp_fd(out);
    }
    r.err = testutil_slurp_fd(err);
    return r;
}

testutil_proc testutil_exec(const char *cwd, const char *const *argv)
{
    return testutil_exec_into(cwd, argv, false);
}

testutil_proc testutil_exec_full(const char *cwd, const char *const *argv)
{
    return testutil_exec_into(cwd, argv, true);
}

void testutil_proc_release(testutil_proc *p)
{
    free(p->out);
    free(p->err);
    p->out = p->err = NULL;
}

testutil_proc testutil_exec_program(const char *cwd, const char *program,
                                    const char *const *args)
{
    const char *argv[32] = {program};
    int n = 1;
    for (; args[n - 1] && n < 31; n++)
        argv[n] = args[n - 1];
    argv[n] = NULL;
    return testutil_exec(cwd, argv);
}

char *testutil_path(const char *dir, const char *name)
{
    strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "%s/%s", dir, name);
    return strbuf_take(&sb);
}

void testutil_expect_version(const char *program, const char *name, bool libclang)
{
    const char *version[] = {"--version", NULL};
    testutil_proc r = testutil_exec_program("/", program, version);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    strbuf expected = STRBUF_INIT;
    strbuf_printf(&expected, "%s %s%s", name, AITOOL_VERSION, libclang ? " (libclang: " : "\n");
    size_t n = strlen(strbuf_cstr(&expected));
    CU_ASSERT_NSTRING_EQUAL(r.out, strbuf_cstr(&expected), n);
    CU_ASSERT_PTR_EQUAL(strchr(r.out, '\n'), r.out + strlen(r.out) - 1);
    if (libclang) {
        CU_ASSERT_PTR_NOT_NULL(strstr(r.out + n, "clang version"));
        CU_ASSERT_PTR_NOT_NULL(strstr(r.out, ")\n"));
    }
    strbuf_release(&expected);
    testutil_proc_release(&r);
    const char *help[] = {"-help", NULL};
    r = testutil_exec_program("/", program, help);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "--version"));
    testutil_proc_release(&r);
}
