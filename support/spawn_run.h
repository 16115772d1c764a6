/* spawn_run: running another program without a shell, for the programs that
 * drive a compiler (aitool-cc, simon-cc, perfmodel's in-core model).
 *
 * spawn_argv is a NULL-terminated argument vector that grows; it owns
 * copies of its strings, freed by spawn_argv_free.  spawn_run starts argv[0]
 * (searched in PATH) with the caller's environment and waits for it. */
#ifndef AITOOL_SPAWN_RUN_H
#define AITOOL_SPAWN_RUN_H

#include <stddef.h>

typedef struct spawn_argv {
    char **v; /* NULL-terminated once anything is pushed */
    size_t n, cap;
} spawn_argv;

#define SPAWN_ARGV_INIT {NULL, 0, 0}

/* Append a copy of s. */
void spawn_push(spawn_argv *a, const char *s);
/* Free the strings and the vector; *a is empty again. */
void spawn_argv_free(spawn_argv *a);

/* Where the child's standard streams go: NULL keeps the caller's; a path is
 * opened for it (standard input read-only, the others created or truncated,
 * mode 0600). */
typedef struct spawn_streams {
    const char *in, *out, *err;
} spawn_streams;

/* Runs argv (streams may be NULL) and waits, through EINTR: its exit status,
 * 128 + the signal's number when a signal ended it; -1 when it could not be
 * started (*error, when not NULL, gets posix_spawn's error number) or waited
 * for. */
int spawn_run(char *const *argv, const spawn_streams *streams, int *error);

#endif
