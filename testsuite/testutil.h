/* testutil: what the CUnit suites share.
 *
 * testutil_run() registers the suites, runs them verbosely and turns the
 * result into an exit status for CTest.  The file helpers return memory the
 * caller frees with free(). */
#ifndef AITOOL_TESTUTIL_H
#define AITOOL_TESTUTIL_H

#include <stdbool.h>
#include <stdio.h>

#include <CUnit/CUnit.h>

typedef struct testutil_case {
    const char *name;
    CU_TestFunc fn;
} testutil_case;

typedef struct testutil_suite {
    const char *name;
    const testutil_case *cases; /* ends with {NULL, NULL} */
} testutil_suite;

int testutil_run(const testutil_suite *suites, int nsuites);

char *testutil_read_file(const char *path);  /* NULL if it cannot be read */
char *testutil_read_stream(FILE *f);         /* from the start of f to its end */
bool testutil_write_file(const char *path, const char *text);
char *testutil_make_tempdir(void);           /* removed with testutil_remove_tree */
void testutil_remove_tree(const char *dir);
/* A copy of text with every occurrence of from replaced by to. */
char *testutil_replace(const char *text, const char *from, const char *to);

/* The result of running a program: exit status (-1 if it did not exit
 * normally), and what it printed. */
typedef struct testutil_proc {
    int status;
    char *out, *err;
} testutil_proc;

/* Runs argv (NULL-terminated) in directory cwd, with no standard input. */
testutil_proc testutil_exec(const char *cwd, const char *const *argv);
/* The same with standard output on /dev/full, where every write fails. */
testutil_proc testutil_exec_full(const char *cwd, const char *const *argv);
void testutil_proc_release(testutil_proc *p);
/* Runs program with the NULL-terminated args (at most 30) in directory cwd. */
testutil_proc testutil_exec_program(const char *cwd, const char *program,
                                    const char *const *args);
/* dir/name, to free(). */
char *testutil_path(const char *dir, const char *name);

/* `program --version` prints one line, "NAME VERSION" (the project's), with
 * " (libclang: ... clang version ...)" after it when libclang is true, and
 * exits 0; and -help names the option. */
void testutil_expect_version(const char *program, const char *name, bool libclang);

#endif
