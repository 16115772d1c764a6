/* fuzz_util: what the libFuzzer targets share.  A target's diagnostics go
 * to /dev/null (they are expected: the inputs are mostly wrong); a parser
 * that reads a file gets the input written to one temporary file per
 * process, rewritten for each input. */
#ifndef AITOOL_FUZZ_UTIL_H
#define AITOOL_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static inline void fuzz_quiet(void)
{
    static FILE *null;
    if (!null) {
        null = fopen("/dev/null", "w");
        diag_set_stream(null);
    }
}

/* The input as a string (free() it). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

/* The directory of fuzz_file and the names written in it, removed at exit (a run of the
 * fuzzers must leave nothing in /tmp). */
enum { FUZZ_MAX_NAMES = 8 };
static char fuzz_dir[64];
static const char *fuzz_names[FUZZ_MAX_NAMES];

static inline void fuzz_remove_dir(void)
{
    char path[128];
    for (int i = 0; i < FUZZ_MAX_NAMES && fuzz_names[i]; i++) {
        snprintf(path, sizeof path, "%s/%s", fuzz_dir, fuzz_names[i]);
        remove(path);
    }
    rmdir(fuzz_dir);
}

/* The input in a file called `name` ("fuzz.la", a literal) in a directory of this
 * process's own; its path. */
static inline const char *fuzz_file(const uint8_t *data, size_t size, const char *name)
{
    static char path[128];
    if (!fuzz_dir[0]) {
        snprintf(fuzz_dir, sizeof fuzz_dir, "/tmp/aitool-fuzz-XXXXXX");
        if (!mkdtemp(fuzz_dir))
            abort();
        atexit(fuzz_remove_dir);
    }
    int i = 0;
    while (i < FUZZ_MAX_NAMES && fuzz_names[i] && strcmp(fuzz_names[i], name))
        i++;
    if (i == FUZZ_MAX_NAMES)
        abort();
    fuzz_names[i] = name;
    snprintf(path, sizeof path, "%s/%s", fuzz_dir, name);
    FILE *f = fopen(path, "wb");
    if (!f)
        abort();
    fwrite(data, 1, size, f);
    fclose(f);
    return path;
}

#endif
