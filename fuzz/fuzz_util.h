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

/* The input in a file called `name` ("fuzz.la") in a directory of this
 * process's own; its path. */
static inline const char *fuzz_file(const uint8_t *data, size_t size, const char *name)
{
    static char dir[64], path[128];
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/aitool-fuzz-XXXXXX");
        if (!mkdtemp(dir))
            abort();
    }
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f)
        abort();
    fwrite(data, 1, size, f);
    fclose(f);
    return path;
}

#endif
