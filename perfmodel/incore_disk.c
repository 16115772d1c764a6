/* The in-core cache across runs: one text file a result, `name value` a line, the
 * fields listed in tables below so that writing and reading cannot disagree. */
#include "incore_disk.h"

#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "incore_run.h"
#include "measured.h"
#include "mem.h"
#include "strbuf.h"

/* The first line of a cache file: a change of the format is a change of this line. */
#define DISK_MAGIC "aitool-incore 10"

typedef enum field_kind { FIELD_DOUBLE, FIELD_UNSIGNED, FIELD_LONG, FIELD_BOOL, FIELD_TEXT } field_kind;

typedef struct field {
    const char *name;
    size_t offset;
    field_kind kind;
    size_t size; /* FIELD_TEXT: the array's size */
} field;

#define F(type, member, kind) {#member, offsetof(type, member), kind, sizeof(((type *)0)->member)}

static const field loop_fields[] = {
    F(incore_loop, label, FIELD_TEXT),
    F(incore_loop, instructions, FIELD_UNSIGNED),
    F(incore_loop, step_bytes, FIELD_LONG),
    F(incore_loop, source_iterations, FIELD_DOUBLE),
    F(incore_loop, vectorized, FIELD_BOOL),
    F(incore_loop, vector_bits, FIELD_UNSIGNED),
    F(incore_loop, lanes, FIELD_UNSIGNED),
    F(incore_loop, unroll, FIELD_DOUBLE),
    F(incore_loop, stored_bytes, FIELD_DOUBLE),
    F(incore_loop, adds, FIELD_BOOL),
    F(incore_loop, divides, FIELD_UNSIGNED),
    F(incore_loop, gathered, FIELD_UNSIGNED),
};

static const field mca_fields[] = {
    F(incore_mca, iterations, FIELD_UNSIGNED),
    F(incore_mca, total_cycles, FIELD_DOUBLE),
    F(incore_mca, cycles_per_iteration, FIELD_DOUBLE),
    F(incore_mca, block_rthroughput, FIELD_DOUBLE),
    F(incore_mca, bottleneck, FIELD_TEXT),
    F(incore_mca, bottleneck_cycles, FIELD_DOUBLE),
    F(incore_mca, load_store_cycles, FIELD_DOUBLE),
    F(incore_mca, pressure_increase_pct, FIELD_DOUBLE),
    F(incore_mca, resource_pct, FIELD_DOUBLE),
    F(incore_mca, dependency_pct, FIELD_DOUBLE),
    F(incore_mca, chain_floor_cycles, FIELD_DOUBLE),
    F(incore_mca, dispatch_cycles, FIELD_DOUBLE),
    F(incore_mca, ymm_cycles, FIELD_DOUBLE),
};

static const field result_fields[] = {
    F(incore_result, cycles_per_source_iteration, FIELD_DOUBLE),
    F(incore_result, has_remainder, FIELD_BOOL),
    F(incore_result, remainder_cycles_per_source_iteration, FIELD_DOUBLE),
    F(incore_result, mca_add_latency, FIELD_DOUBLE),
    F(incore_result, mca_divide_cycles, FIELD_DOUBLE),
    F(incore_result, mca_ymm_add_cycles, FIELD_DOUBLE),
    F(incore_result, mca_zmm_add_cycles, FIELD_DOUBLE),
    F(incore_result, entry_cycles, FIELD_DOUBLE),
    F(incore_result, entry_instructions, FIELD_UNSIGNED),
};

/* The parts of a result, each a table of fields under a prefix of their names. */
typedef struct section {
    const char *prefix;
    size_t offset;
    const field *fields;
    size_t nfields;
} section;

#define S(prefix, member, table) {prefix, offsetof(incore_result, member), table, sizeof table / sizeof *table}

static const section sections[] = {
    {"", 0, result_fields, sizeof result_fields / sizeof *result_fields},
    S("loop.", loop, loop_fields),
    S("mca.", mca, mca_fields),
    S("remainder.", remainder, loop_fields),
    S("remainder_mca.", remainder_mca, mca_fields),
};

static void field_write(strbuf *out, const char *prefix, const field *f, const char *base)
{
    const void *p = base + f->offset;
    strbuf_printf(out, "%s%s ", prefix, f->name);
    switch (f->kind) {
    case FIELD_DOUBLE: strbuf_printf(out, "%.17g\n", *(const double *)p); break;
    case FIELD_UNSIGNED: strbuf_printf(out, "%u\n", *(const unsigned *)p); break;
    case FIELD_LONG: strbuf_printf(out, "%lld\n", *(const long long *)p); break;
    case FIELD_BOOL: strbuf_printf(out, "%d\n", *(const bool *)p ? 1 : 0); break;
    case FIELD_TEXT: strbuf_printf(out, "%s\n", (const char *)p); break;
    }
}

/* A value into its field; false when it does not read as one. */
static bool field_read(const field *f, char *base, const char *value)
{
    void *p = base + f->offset;
    char *end;
    errno = 0;
    switch (f->kind) {
    case FIELD_DOUBLE: *(double *)p = strtod(value, &end); break;
    case FIELD_UNSIGNED: *(unsigned *)p = (unsigned)strtoul(value, &end, 10); break;
    case FIELD_LONG: *(long long *)p = strtoll(value, &end, 10); break;
    case FIELD_BOOL: *(bool *)p = strtol(value, &end, 10) != 0; break;
    case FIELD_TEXT:
        snprintf(p, f->size, "%s", value);
        return strlen(value) < f->size;
    }
    return end != value && *end == '\0' && errno == 0;
}

/* Reads `name value` into the field of that name; false when none has it. */
static bool result_read_line(incore_result *r, const char *name, const char *value)
{
    for (size_t s = 0; s < sizeof sections / sizeof *sections; s++) {
        size_t plen = strlen(sections[s].prefix);
        if (strncmp(name, sections[s].prefix, plen) != 0)
            continue;
        for (size_t k = 0; k < sections[s].nfields; k++)
            if (!strcmp(name + plen, sections[s].fields[k].name))
                return field_read(&sections[s].fields[k], (char *)r + sections[s].offset, value);
    }
    return false;
}

/* The directory of the cache (free() it), or NULL when no variable names one. */
static char *disk_dir(void)
{
    const char *own = getenv("AITOOL_CACHE_DIR"), *xdg = getenv("XDG_CACHE_HOME"),
               *home = getenv("HOME");
    strbuf sb = STRBUF_INIT;
    if (own && *own)
        strbuf_append(&sb, own);
    else if (xdg && *xdg)
        strbuf_printf(&sb, "%s/aitool/incore", xdg);
    else if (home && *home)
        strbuf_printf(&sb, "%s/.cache/aitool/incore", home);
    else
        return NULL;
    return strbuf_take(&sb);
}

/* The file of key in the cache (free() it), or NULL. */
static char *disk_path(const char *key)
{
    char *dir = disk_dir();
    if (!dir)
        return NULL;
    strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "%s/%016" PRIx64, dir, measured_digest(key, strlen(key)));
    free(dir);
    return strbuf_take(&sb);
}

/* Where program is run from: itself when it names a directory, else its first
 * executable in PATH (free() it); NULL when there is none. */
static char *program_path(const char *program)
{
    if (strchr(program, '/'))
        return access(program, X_OK) == 0 ? mem_strdup(program) : NULL;
    const char *path = getenv("PATH");
    for (const char *p = path ? path : ""; *p;) {
        size_t len = strcspn(p, ":");
        strbuf sb = STRBUF_INIT;
        strbuf_printf(&sb, "%.*s/%s", (int)len, p, program);
        if (len > 0 && access(sb.s, X_OK) == 0)
            return strbuf_take(&sb);
        strbuf_release(&sb);
        p += len + (p[len] == ':');
    }
    return NULL;
}

char *incore_disk_key(const incore_request *req, uint64_t content_hash)
{
    if (strchr(req->compiler, '\n') || strchr(req->source, '\n') ||
        (req->mcpu && strchr(req->mcpu, '\n')))
        return NULL;
    char *mca = program_path(req->mca ? req->mca : INCORE_MCA_PROGRAM);
    struct stat st;
    if (!mca || stat(mca, &st) != 0) {
        free(mca);
        return NULL;
    }
    strbuf key = STRBUF_INIT;
    strbuf_printf(&key, "%s %016" PRIx64 " lines %u-%u element %u mcpu %s mca %s %lld %lld "
                        "command %s",
                  req->source, content_hash, req->first_line, req->last_line,
                  req->element_size, req->mcpu ? req->mcpu : "native", mca,
                  (long long)st.st_size, (long long)st.st_mtime, req->compiler);
    free(mca);
    return strbuf_take(&key);
}

bool incore_disk_load(const char *key, incore_result *out)
{
    memset(out, 0, sizeof *out);
    char *path = disk_path(key);
    strbuf text = STRBUF_INIT;
    bool ok = path && incore_run_read(path, &text);
    free(path);
    char *line = ok ? text.s : NULL;
    unsigned nread = 0;
    for (unsigned n = 0; ok && line && *line; n++) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        if (n == 0)
            ok = !strcmp(line, DISK_MAGIC);
        else if (n == 1)
            ok = !strncmp(line, "key ", 4) && !strcmp(line + 4, key);
        else {
            char *space = strchr(line, ' ');
            ok = space != NULL;
            if (ok) {
                *space = '\0';
                ok = result_read_line(out, line, space + 1);
                nread++;
            }
        }
        line = nl ? nl + 1 : NULL;
    }
    strbuf_release(&text);
    size_t expected = 0;
    for (size_t s = 0; s < sizeof sections / sizeof *sections; s++)
        expected += sections[s].nfields;
    return ok && nread == expected && out->cycles_per_source_iteration > 0;
}

/* The file is written beside its final name and renamed over it, so a reader sees the
 * old entry or the new one, never a part.  Not fileio_write_atomic: that one counts a
 * write as an output of the program's run (its clash checks, its failure status), and a
 * cache that cannot be written is no failure of the run. */
void incore_disk_store(const char *key, const incore_result *r)
{
    char *dir = disk_dir(), *path = disk_path(key);
    if (!dir || !path) {
        free(dir);
        free(path);
        return;
    }
    strbuf text = STRBUF_INIT, tmp = STRBUF_INIT;
    strbuf_printf(&text, "%s\nkey %s\n", DISK_MAGIC, key);
    for (size_t s = 0; s < sizeof sections / sizeof *sections; s++)
        for (size_t k = 0; k < sections[s].nfields; k++)
            field_write(&text, sections[s].prefix, &sections[s].fields[k],
                        (const char *)r + sections[s].offset);
    strbuf_printf(&tmp, "%s.tmp.%ld", path, (long)getpid());
    /* mkdir -p, quietly: a directory that cannot be made fails the fopen below */
    for (char *p = dir + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(dir, 0777);
            *p = '/';
        }
    mkdir(dir, 0777);
    FILE *f = fopen(tmp.s, "w");
    bool ok = f && fwrite(text.s, 1, text.len, f) == text.len;
    if (f)
        ok &= fclose(f) == 0;
    if (!ok || rename(tmp.s, path) != 0)
        unlink(tmp.s);
    strbuf_release(&text);
    strbuf_release(&tmp);
    free(dir);
    free(path);
}
