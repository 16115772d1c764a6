/* incore_run: running the in-core model's programs (the compiler, llvm-mca) without a
 * shell, in a private temporary directory; shared by incore.c and incore_mca.c.  The
 * directory's name is the caller's to free() after incore_run_remove_dir. */
#ifndef AITOOL_INCORE_RUN_H
#define AITOOL_INCORE_RUN_H

#include <stdbool.h>

#include "strbuf.h"

/* A fresh directory under $TMPDIR (or /tmp), or NULL with the reason in why. */
char *incore_run_make_dir(const char *purpose, strbuf *why);
/* Removes the directory and the files in it. */
void incore_run_remove_dir(const char *dir);

/* dir/name, to free(). */
char *incore_run_path(const char *dir, const char *name);

/* Runs argv[0] (looked up in PATH) with argv, standard input /dev/null, standard output
 * and error into the files out and err.  Returns its exit status (128 + the signal when
 * killed), or -1 when it could not be started, *spawn_error then the errno. */
int incore_run(char *const *argv, const char *out, const char *err, int *spawn_error);

/* The whole of a file into *text (appended); false when it cannot be read. */
bool incore_run_read(const char *path, strbuf *text);
/* A program's messages (the file err) appended to why, trailing blank lines dropped. */
void incore_run_messages(const char *err, strbuf *why);

#endif
