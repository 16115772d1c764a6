/* chips_vct: the set of vector types and the reader of specification files
 * (chips_vct.h).  A specification is the magic line, then a line per type:
 *
 *   vector NAME ARGS KIND [SYMBOL ...]
 *
 * ARGS `variable` or a whole number of elements, KIND numeric, symbol or
 * combination (symbols for the last two only).  vctdef writes it; it is
 * checked again here because a file can be edited or be something else. */
#include "chips_vct.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chips_lex.h"
#include "diag.h"
#include "fileio.h"
#include "mem.h"

/* The built-in types' specification (generated at build time by vctdef from
 * chips/vectors/builtin.vdef). */
extern const char chips_vct_builtin_spec[];

typedef struct cv_entry {
    chips_vtype t;
    const char *origin; /* the file that defined it */
} cv_entry;

struct chips_vtypes {
    arena *a;
    cv_entry *types;
    size_t n;
};

/* One whitespace-separated word of a line and its column. */
typedef struct cv_word {
    const char *s;
    size_t len;
    unsigned col;
} cv_word;

typedef struct cv_reader {
    chips_vtypes *set;
    const char *file;
    unsigned line;
    size_t first; /* the set's size before this file */
} cv_reader;

static bool cv_fail(const cv_reader *r, unsigned col, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool cv_fail(const cv_reader *r, unsigned col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vat(DIAG_ERROR, r->file, r->line, col, fmt, ap);
    va_end(ap);
    return false;
}

static bool cv_is(const cv_word *w, const char *s)
{
    return w->len == strlen(s) && !strncmp(w->s, s, w->len);
}

/* A name a .la file can write as a plain identifier (not a keyword). */
static bool cv_identifier(arena *a, const cv_word *w)
{
    if (!w->len || w->len > CHIPS_VCT_MAX_NAME || !(isalpha((unsigned char)w->s[0]) || w->s[0] == '_'))
        return false;
    for (size_t i = 1; i < w->len; i++)
        if (!isalnum((unsigned char)w->s[i]) && w->s[i] != '_')
            return false;
    size_t n;
    chips_token *t = chips_lex(a, "", arena_strndup(a, w->s, w->len), &n);
    return t && t[0].kind == CHT_ID;
}

/* Splits a line (up to its end or a newline) into at most max words. */
static size_t cv_split(const char *line, cv_word *words, size_t max, size_t *count)
{
    size_t i = 0, n = 0;
    *count = 0;
    while (line[i] && line[i] != '\n') {
        if (line[i] == ' ' || line[i] == '\t' || line[i] == '\r') {
            i++;
            continue;
        }
        size_t start = i;
        while (line[i] && line[i] != '\n' && line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
            i++;
        if (n < max)
            words[n++] = (cv_word){line + start, i - start, (unsigned)start + 1};
        ++*count;
    }
    return i;
}

static const cv_entry *cv_find(const chips_vtypes *t, const char *s, size_t len)
{
    for (size_t i = 0; i < t->n; i++)
        if (strlen(t->types[i].t.name) == len && !strncmp(t->types[i].t.name, s, len))
            return &t->types[i];
    return NULL;
}

/* ARGS: `variable`, or a whole number 1..CHIPS_VCT_MAX_ARGS. */
static bool cv_args(const cv_reader *r, const cv_word *w, long *nargs)
{
    if (cv_is(w, "variable")) {
        *nargs = -1;
        return true;
    }
    char buf[16];
    char *end;
    snprintf(buf, sizeof buf, "%.*s", (int)(w->len < 15 ? w->len : 15), w->s);
    errno = 0;
    long v = strtol(buf, &end, 10);
    if (w->len < 15 && *end == 0 && isdigit((unsigned char)buf[0]) && v >= 1 &&
        v <= CHIPS_VCT_MAX_ARGS && !errno) {
        *nargs = v;
        return true;
    }
    return cv_fail(r, w->col, "expected 'variable' or a number of elements from 1 to %d, not "
                              "'%.*s'", CHIPS_VCT_MAX_ARGS, (int)w->len, w->s);
}

/* One `vector ...` line, added to the set. */
static bool cv_line(cv_reader *r, const cv_word *w, size_t nwords)
{
    chips_vtypes *set = r->set;
    if (!cv_is(&w[0], "vector"))
        return cv_fail(r, w[0].col, "expected 'vector NAME ARGS KIND [SYMBOL ...]'");
    if (nwords < 4)
        return cv_fail(r, w[0].col, "a vector line is 'vector NAME ARGS KIND [SYMBOL ...]'");
    if (!cv_identifier(set->a, &w[1]))
        return cv_fail(r, w[1].col, "'%.*s' is not a name", (int)w[1].len, w[1].s);
    const cv_entry *twin = cv_find(set, w[1].s, w[1].len);
    if (twin)
        return cv_fail(r, w[1].col, "vector type '%.*s' is already defined (by %s)",
                       (int)w[1].len, w[1].s, twin->origin);
    cv_entry e = {.origin = r->file};
    if (!cv_args(r, &w[2], &e.t.nargs))
        return false;
    int kind = -1;
    for (int k = CHIPS_VK_NUMERIC; k <= CHIPS_VK_COMBINATION; k++)
        if (cv_is(&w[3], chips_vkind_name((chips_vkind)k)))
            kind = k;
    if (kind < 0)
        return cv_fail(r, w[3].col, "expected 'numeric', 'symbol' or 'combination'");
    e.t.kind = (chips_vkind)kind;
    size_t nsyms = nwords - 4;
    if ((nsyms == 0) != (e.t.kind == CHIPS_VK_NUMERIC))
        return cv_fail(r, w[3].col, e.t.kind == CHIPS_VK_NUMERIC
                                        ? "a numeric type has no symbols"
                                        : "a symbol or combination type lists its symbols");
    const char **syms = arena_alloc(set->a, (nsyms + 1) * sizeof *syms);
    for (size_t i = 0; i < nsyms; i++) {
        const cv_word *s = &w[4 + i];
        if (!cv_identifier(set->a, s))
            return cv_fail(r, s->col, "'%.*s' is not a name", (int)s->len, s->s);
        for (size_t j = 0; j < i; j++)
            if (strlen(syms[j]) == s->len && !strncmp(syms[j], s->s, s->len))
                return cv_fail(r, s->col, "symbol '%s' listed twice", syms[j]);
        syms[i] = arena_strndup(set->a, s->s, s->len);
    }
    e.t.name = arena_strndup(set->a, w[1].s, w[1].len);
    e.t.symbols = syms;
    e.t.nsymbols = nsyms;
    set->types = mem_realloc(set->types, (set->n + 1) * sizeof *set->types);
    set->types[set->n++] = e;
    return true;
}

/* The types of a specification text; on an error the set is as before. */
static bool cv_add_text(chips_vtypes *set, const char *file, const char *text)
{
    cv_reader r = {set, arena_strdup(set->a, file), 1, set->n};
    size_t magic = strlen(CHIPS_VCT_MAGIC);
    if (strncmp(text, CHIPS_VCT_MAGIC, magic) || (text[magic] != '\n' && text[magic] != 0))
        return cv_fail(&r, 1, "not a vector specification (its first line is '%s'; vctdef "
                              "writes one from a definition file)", CHIPS_VCT_MAGIC);
    const char *at = text + magic;
    bool ok = true;
    while (ok && *at == '\n') {
        at++;
        r.line++;
        cv_word words[4 + CHIPS_VCT_MAX_SYMBOLS];
        size_t n;
        size_t len = cv_split(at, words, sizeof words / sizeof *words, &n);
        if (n > sizeof words / sizeof *words)
            ok = cv_fail(&r, 1, "more than %d symbols", CHIPS_VCT_MAX_SYMBOLS);
        else if (n)
            ok = cv_line(&r, words, n);
        at += len;
    }
    if (!ok)
        set->n = r.first;
    return ok;
}

chips_vtypes *chips_vtypes_create(void)
{
    chips_vtypes *t = mem_alloc(sizeof *t);
    t->a = arena_create();
    if (!cv_add_text(t, "built-in", chips_vct_builtin_spec))
        abort(); /* the build compiled it with vctdef: it cannot be wrong */
    return t;
}

void chips_vtypes_free(chips_vtypes **t)
{
    if (!*t)
        return;
    arena_free(&(*t)->a);
    free((*t)->types);
    free(*t);
    *t = NULL;
}

bool chips_vtypes_add_file(chips_vtypes *t, const char *path)
{
    char *text = fileio_read_text(path, "vector specification");
    if (!text)
        return false;
    bool ok = cv_add_text(t, path, text);
    free(text);
    return ok;
}

const chips_vtype *chips_vtypes_find(const chips_vtypes *t, const char *name)
{
    const cv_entry *e = cv_find(t, name, strlen(name));
    return e ? &e->t : NULL;
}

size_t chips_vtypes_count(const chips_vtypes *t)
{
    return t->n;
}

const chips_vtype *chips_vtypes_get(const chips_vtypes *t, size_t i)
{
    return &t->types[i].t;
}
