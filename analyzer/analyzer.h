/* analyzer: C source -> loop model, through libclang.
 *
 * An analyzer holds one libclang index and the compiler arguments of the
 * command line.  analyzer_analyze_file() parses one file with them and
 * appends its functions and loops (main file only) to a program;
 * analyzer_analyze_unit() parses it with arguments of its own first (a
 * compilation database entry's, compdb.h).  clang's own diagnostics are
 * passed on through diag (into the calling thread's diag_capture buffer,
 * when it has one).  The caller owns the analyzer (analyzer_free) and the
 * program; nothing the analyzer returns points into libclang.
 *
 * Threads: one analyzer per thread (each has its own libclang index), all
 * created by one thread before any of them analyzes: creating one sets
 * libclang's environment.
 *
 * Used by measuretool's driver and by the instrumenters, which analyze the
 * file they rewrite (through analyzer_tu.h). */
#ifndef AITOOL_ANALYZER_H
#define AITOOL_ANALYZER_H

#include <stdbool.h>

#include "annot.h"
#include "loop_model.h"

typedef struct analyzer_options {
    /* -I, -D, -std=... as given on the command line.  clang's warnings are
     * reported only when some -W option is among them; errors always are. */
    const char *const *clang_args;
    int nclang_args;
    bool debug; /* progress on stderr */
    /* Side effects of called functions (borrowed; may be NULL): see calls.c. */
    const annot_set *annots;
    bool flow_sensitive; /* -use-algorithm-v2: the largest arm of if/?:/switch */
    /* Also fill the ExaSAT detail of each function and loop (bounds, scalars,
     * subscripts, variables, calls, communication): for -xml. */
    bool detail;
} analyzer_options;

typedef struct analyzer analyzer;

analyzer *analyzer_create(const analyzer_options *opt);
void analyzer_free(analyzer **a);

/* False when the file could not be read or did not compile; nothing is added
 * to the program for it then. */
bool analyzer_analyze_file(analyzer *a, lm_program *p, const char *path);

/* A translation unit's own compiler arguments (borrowed), given to clang
 * before the command line's, and the directory its relative paths are
 * relative to (NULL: the current one).  Whether clang's warnings are shown
 * is still decided by the command line's -W options alone. */
typedef struct analyzer_unit {
    const char *const *args;
    int nargs;
    const char *directory;
} analyzer_unit;

bool analyzer_analyze_unit(analyzer *a, lm_program *p, const char *path, const analyzer_unit *u);

/* The libclang in use, as clang_getClangVersion says ("Debian clang version
 * 19.1.7 (3+b1)"), for --version; the caller frees it. */
char *analyzer_clang_version(void);

#endif
