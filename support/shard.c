#include "shard.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "mem.h"
#include "strbuf.h"

/* A whole number of at most max, all of [s, end). */
static bool shard_number(const char *s, const char *end, unsigned long max, unsigned long *v)
{
    if (s == end || end - s > 20)
        return false;
    unsigned long n = 0;
    for (; s < end; s++) {
        if (*s < '0' || *s > '9' || n > (max - (unsigned long)(*s - '0')) / 10)
            return false;
        n = n * 10 + (unsigned long)(*s - '0');
    }
    *v = n;
    return true;
}

bool shard_parse_spec(const char *spec, unsigned *slice, unsigned *slices)
{
    const char *slash = strchr(spec, '/');
    unsigned long k, n;
    if (!slash || !shard_number(spec, slash, SHARD_MAX_SLICES, &k) ||
        !shard_number(slash + 1, slash + strlen(slash), SHARD_MAX_SLICES, &n) || k < 1 || k > n)
        return false;
    *slice = (unsigned)k;
    *slices = (unsigned)n;
    return true;
}

void shard_range(size_t total, unsigned slice, unsigned slices, size_t *lo, size_t *hi)
{
    /* total * slice stays far below 2^64: at most a million slices of
     * files a database can list. */
    *lo = (size_t)((unsigned long long)total * (slice - 1) / slices);
    *hi = (size_t)((unsigned long long)total * slice / slices);
}

uint64_t shard_hash_add(uint64_t h, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    do {
        h ^= *p;
        h *= 1099511628211ull;
    } while (*p++);
    return h;
}

void shard_format(strbuf *out, const shard_info *s)
{
    strbuf_printf(out, "%s, slice %u/%u, %lu files, database %016" PRIx64, s->tool, s->slice,
                  s->slices, s->files, s->database);
}

bool shard_parse_text(const char *text, shard_info *s)
{
    memset(s, 0, sizeof *s);
    const char *comma = strstr(text, ", slice ");
    if (!comma || comma == text || (size_t)(comma - text) >= SHARD_TOOL_MAX)
        return false;
    memcpy(s->tool, text, (size_t)(comma - text));
    unsigned long files;
    char hex[17];
    if (sscanf(comma, ", slice %u/%u, %lu files, database %16[0-9a-f]", &s->slice, &s->slices,
               &files, hex) != 4 ||
        s->slice < 1 || s->slice > s->slices || s->slices > SHARD_MAX_SLICES)
        return false;
    s->files = files;
    s->database = strtoull(hex, NULL, 16);
    /* Only the line shard_format writes: no signs, spaces or leading zeros
     * that sscanf lets through, nothing after it. */
    strbuf again = STRBUF_INIT;
    shard_format(&again, s);
    bool same = !strcmp(strbuf_cstr(&again), text);
    strbuf_release(&again);
    return same;
}

/* Every input is of the first one's tool, number of slices and run. */
static bool shard_same_run(const shard_info *s, const char *const *names, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        if (strcmp(s[i].tool, s[0].tool) != 0) {
            diag_tool(DIAG_ERROR, "cannot merge '%s' (%s) with '%s' (%s): reports of different "
                                  "versions of the tool",
                      names[i], s[i].tool, names[0], s[0].tool);
            return false;
        }
        if (s[i].slices != s[0].slices) {
            diag_tool(DIAG_ERROR, "cannot merge '%s' (slice %u/%u) with '%s' (slice %u/%u): "
                                  "different numbers of slices",
                      names[i], s[i].slice, s[i].slices, names[0], s[0].slice, s[0].slices);
            return false;
        }
        if (s[i].files != s[0].files || s[i].database != s[0].database) {
            diag_tool(DIAG_ERROR, "cannot merge '%s' with '%s': slices of different runs "
                                  "(other files or flags)",
                      names[i], names[0]);
            return false;
        }
    }
    return true;
}

bool shard_check_whole(const shard_info *s, const char *const *names, size_t n)
{
    if (n == 0 || !shard_same_run(s, names, n))
        return false;
    unsigned slices = s[0].slices;
    size_t *seen = mem_alloc((size_t)slices * sizeof *seen); /* index + 1 of the input */
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        size_t *at = &seen[s[i].slice - 1];
        if (*at) {
            diag_tool(DIAG_ERROR, "cannot merge: '%s' and '%s' are both slice %u/%u (overlapping "
                                  "slices)",
                      names[*at - 1], names[i], s[i].slice, slices);
            ok = false;
        }
        *at = i + 1;
    }
    for (unsigned k = 0; k < slices && ok; k++) {
        if (!seen[k]) {
            diag_tool(DIAG_ERROR, "cannot merge: slice %u/%u is missing (%zu of %u slices given)",
                      k + 1, slices, n, slices);
            ok = false;
        }
    }
    free(seen);
    return ok;
}
