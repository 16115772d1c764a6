#include "json_check.h"

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "strbuf.h"

/* 18446744073709549568 is the largest double below 2^64: every count up to
 * it converts to an unsigned long exactly as written. */
const json_check_range json_check_count = {0, 18446744073709549568.0, false, 0,
                                           "from 0 to 2^64-1"};
const json_check_range json_check_position = {1, 4294967295.0, false, 0, "from 1 to 2^32-1"};
const json_check_range json_check_nonempty = {1, HUGE_VAL, false, 0, "non-empty"};
const json_check_range json_check_intensity = {0, HUGE_VAL, true, -1, ">= 0 or -1 (not computed)"};

/* Longest text of a value quoted in a message. */
enum { JC_QUOTE_MAX = 40 };

typedef struct jc_walk {
    const char *name, *text;
    unsigned faults;
    size_t seen_at; /* the last offset turned into a line and column, and where it is */
    unsigned seen_line, seen_col;
} jc_walk;

typedef enum jc_kind { JC_OBJECT, JC_ARRAY, JC_STRING, JC_NUMBER, JC_BOOL, JC_NULL } jc_kind;

/* ---- the text (known to parse) ---- */

/* cJSON skips every byte up to the space as white space; so does the walk,
 * or it would lose step with what cJSON read. */
size_t json_check_space(const char *t, size_t at)
{
    while (t[at] && (unsigned char)t[at] <= ' ')
        at++;
    return at;
}

/* From the opening quote of a string to just after its closing quote. */
size_t json_check_skip_string(const char *t, size_t at)
{
    for (at++; t[at] && t[at] != '"'; at++)
        if (t[at] == '\\' && t[at + 1])
            at++;
    return t[at] ? at + 1 : at;
}

/* From the start of a value to just after it, however deep it nests. */
size_t json_check_skip_value(const char *t, size_t at)
{
    if (t[at] == '"')
        return json_check_skip_string(t, at);
    if (t[at] != '{' && t[at] != '[') {
        while (t[at] && (unsigned char)t[at] > ' ' && t[at] != ',' && t[at] != ']' &&
               t[at] != '}')
            at++;
        return at;
    }
    size_t depth = 0;
    while (t[at]) {
        if (t[at] == '"') {
            at = json_check_skip_string(t, at);
            continue;
        }
        if (t[at] == '{' || t[at] == '[')
            depth++;
        else if ((t[at] == '}' || t[at] == ']') && --depth == 0)
            return at + 1;
        at++;
    }
    return at;
}

/* Past the ',' after a member or an item, if there is one. */
static size_t jc_next(const char *t, size_t at)
{
    at = json_check_space(t, at);
    return t[at] == ',' ? json_check_space(t, at + 1) : at;
}

static jc_kind jc_kind_at(const char *t, size_t at)
{
    switch (t[at]) {
    case '{':
        return JC_OBJECT;
    case '[':
        return JC_ARRAY;
    case '"':
        return JC_STRING;
    case 't':
    case 'f':
        return JC_BOOL;
    case 'n':
        return JC_NULL;
    default:
        return JC_NUMBER;
    }
}

/* ---- messages ---- */

/* Line and column (1-based, in bytes) of an offset.  Faults come mostly in
 * the order of the text, so counting goes on from the last one. */
static void jc_line_col(jc_walk *w, size_t at, unsigned *line, unsigned *col)
{
    if (at < w->seen_at) {
        w->seen_at = 0;
        w->seen_line = 1;
        w->seen_col = 1;
    }
    for (size_t i = w->seen_at; i < at && w->text[i]; i++) {
        if (w->text[i] == '\n') {
            w->seen_line++;
            w->seen_col = 1;
        } else {
            w->seen_col++;
        }
    }
    w->seen_at = at;
    *line = w->seen_line;
    *col = w->seen_col;
}

static void jc_fault(jc_walk *w, size_t at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void jc_fault(jc_walk *w, size_t at, const char *fmt, ...)
{
    strbuf msg = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    strbuf_vprintf(&msg, fmt, ap);
    va_end(ap);
    unsigned line, col;
    jc_line_col(w, at, &line, &col);
    diag_at(DIAG_ERROR, w->name, line, col, "%s", strbuf_cstr(&msg));
    strbuf_release(&msg);
    w->faults++;
}

/* What a row asks for: "an integer from 1 to 2^32-1", "a non-empty string". */
static void jc_expected(strbuf *out, const json_check_field *f)
{
    static const char *const types[] = {
        [JSON_CHECK_NUMBER] = "a number", [JSON_CHECK_INTEGER] = "an integer",
        [JSON_CHECK_STRING] = "a string", [JSON_CHECK_BOOL] = "true or false",
        [JSON_CHECK_OBJECT] = "an object", [JSON_CHECK_ARRAY] = "an array",
        [JSON_CHECK_GROUP] = "",
    };
    if (f->type == JSON_CHECK_STRING && f->one_of) {
        for (const char *const *s = f->one_of; *s; s++)
            strbuf_printf(out, "%s\"%s\"", s == f->one_of ? "" : s[1] ? ", " : " or ", *s);
    } else if (f->type == JSON_CHECK_STRING && f->range) {
        strbuf_printf(out, "a %s string", f->range->text);
    } else {
        strbuf_append(out, types[f->type]);
        if (f->range)
            strbuf_printf(out, " %s", f->range->text);
    }
    if (f->nullable)
        strbuf_append(out, " or null");
}

/* What a value is, for "must be ..., not X": a short value as written. */
static void jc_describe(strbuf *out, const char *t, size_t at)
{
    jc_kind k = jc_kind_at(t, at);
    if (k == JC_OBJECT || k == JC_ARRAY) {
        strbuf_append(out, k == JC_OBJECT ? "an object" : "an array");
        return;
    }
    size_t len = json_check_skip_value(t, at) - at;
    size_t shown = len > JC_QUOTE_MAX ? JC_QUOTE_MAX - 4 : len;
    for (size_t i = 0; i < shown; i++)
        strbuf_appendn(out, (unsigned char)t[at + i] < ' ' ? "?" : &t[at + i], 1);
    if (shown < len)
        strbuf_append(out, k == JC_STRING ? "...\"" : "...");
}

static void jc_wrong(jc_walk *w, const json_check_field *f, size_t at, const char *name,
                     const char *subject)
{
    strbuf want = STRBUF_INIT, got = STRBUF_INIT;
    jc_expected(&want, f);
    jc_describe(&got, w->text, at);
    jc_fault(w, at, "%s%s%s must be %s, not %s", name, *name ? ": " : "", subject,
             strbuf_cstr(&want), strbuf_cstr(&got));
    strbuf_release(&want);
    strbuf_release(&got);
}

/* "a, b", or "b" when a is empty. */
static char *jc_join(const char *a, const char *b)
{
    strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "%s%s%s", a, *a ? ", " : "", b);
    return strbuf_take(&sb);
}

/* ---- the checks ---- */

static size_t jc_value(jc_walk *w, const json_check_field *f, size_t at, const char *name,
                       const char *subject);

static bool jc_type_fits(json_check_type type, jc_kind k)
{
    switch (type) {
    case JSON_CHECK_NUMBER:
    case JSON_CHECK_INTEGER:
        return k == JC_NUMBER;
    case JSON_CHECK_STRING:
        return k == JC_STRING;
    case JSON_CHECK_BOOL:
        return k == JC_BOOL;
    case JSON_CHECK_OBJECT:
        return k == JC_OBJECT;
    case JSON_CHECK_ARRAY:
        return k == JC_ARRAY;
    case JSON_CHECK_GROUP:
        break;
    }
    return false;
}

/* strtod reads the number as cJSON read it: the text parsed, so the number
 * ends where cJSON's did. */
static bool jc_number_fits(const json_check_field *f, const char *t, size_t at)
{
    double v = strtod(t + at, NULL);
    if (!isfinite(v) || (f->type == JSON_CHECK_INTEGER && v != floor(v)))
        return false;
    const json_check_range *r = f->range;
    return !r || (v >= r->min && v <= r->max) || (r->has_also && v == r->also);
}

/* Strings are compared as written, between the quotes. */
static bool jc_string_fits(const json_check_field *f, const char *t, size_t at)
{
    const char *s = t + at + 1;
    size_t len = json_check_skip_string(t, at) - at - 2;
    if (f->range && (len < f->range->min || len > f->range->max))
        return false;
    if (!f->one_of)
        return true;
    for (const char *const *v = f->one_of; *v; v++)
        if (strlen(*v) == len && !memcmp(*v, s, len))
            return true;
    return false;
}

/* A row's bit among those seen in an object; none past the limit. */
static uint64_t jc_bit(unsigned index)
{
    return index < JSON_CHECK_MAX_ROWS ? (uint64_t)1 << index : 0;
}

/* The row of table for key[0..len) (groups opened), and its place among
 * the rows in *index; NULL when there is none. */
static const json_check_field *jc_row(const json_check_field *table, const char *key, size_t len,
                                      unsigned *index)
{
    for (const json_check_field *f = table; f->key; f++) {
        if (f->type == JSON_CHECK_GROUP) {
            const json_check_field *in = jc_row(f->members, key, len, index);
            if (in)
                return in;
            continue;
        }
        if (strlen(f->key) == len && !memcmp(f->key, key, len))
            return f;
        ++*index;
    }
    return NULL;
}

/* The required rows of table that are not in seen, each a fault at open. */
static void jc_missing(jc_walk *w, const json_check_field *table, uint64_t seen, unsigned *index,
                       size_t open, const char *title)
{
    for (const json_check_field *f = table; f->key; f++) {
        if (f->type == JSON_CHECK_GROUP) {
            jc_missing(w, f->members, seen, index, open, title);
            continue;
        }
        if (f->required && jc_bit(*index) && !(seen & jc_bit(*index))) {
            strbuf want = STRBUF_INIT;
            jc_expected(&want, f);
            jc_fault(w, open, "%s has no \"%s\" (%s)", title, f->key, strbuf_cstr(&want));
            strbuf_release(&want);
        }
        ++*index;
    }
}

/* One member at key_at; past it. */
static size_t jc_member(jc_walk *w, const json_check_field *table, size_t key_at, uint64_t *seen,
                        const char *name, const char *title)
{
    const char *t = w->text;
    size_t key_end = json_check_skip_string(t, key_at);
    size_t at = json_check_space(t, json_check_space(t, key_end) + 1); /* past the ':' */
    const char *key = t + key_at + 1;
    int len = (int)(key_end - key_at - 2);
    unsigned index = 0;
    const json_check_field *f = jc_row(table, key, (size_t)len, &index);
    if (!f) {
        jc_fault(w, key_at, "%s has an unknown member \"%.*s\"", title, len, key);
        return json_check_skip_value(t, at);
    }
    uint64_t bit = jc_bit(index);
    if (*seen & bit) {
        jc_fault(w, key_at, "%s has \"%.*s\" twice", title, len, key);
        return json_check_skip_value(t, at);
    }
    *seen |= bit;
    strbuf subject = STRBUF_INIT;
    strbuf_printf(&subject, "\"%.*s\"", len, key);
    at = jc_value(w, f, at, name, strbuf_cstr(&subject));
    strbuf_release(&subject);
    return at;
}

/* The object at open: name prefixes the messages about its members, title
 * is the object in "... has no" messages.  Past its '}'. */
static size_t jc_object(jc_walk *w, const json_check_field *table, size_t open, const char *name,
                        const char *title)
{
    const char *t = w->text;
    uint64_t seen = 0;
    size_t at = json_check_space(t, open + 1);
    while (t[at] == '"')
        at = jc_next(t, jc_member(w, table, at, &seen, name, title));
    unsigned index = 0;
    jc_missing(w, table, seen, &index, open, title);
    return t[at] == '}' ? at + 1 : at;
}

/* The array at open, of which subject is the member; past its ']'. */
static size_t jc_array(jc_walk *w, const json_check_field *f, size_t open, const char *name,
                       const char *subject)
{
    const char *t = w->text;
    size_t at = json_check_space(t, open + 1);
    for (unsigned long i = 1; t[at] && t[at] != ']'; i++) {
        strbuf item = STRBUF_INIT;
        if (f->item->key)
            strbuf_printf(&item, "%s %lu", f->item->key, i);
        else
            strbuf_printf(&item, "item %lu of %s", i, subject);
        size_t end = jc_value(w, f->item, at, name, strbuf_cstr(&item));
        strbuf_release(&item);
        if (end <= at)
            break;
        at = jc_next(t, end);
    }
    return t[at] == ']' ? at + 1 : at;
}

/* The value at `at` against row f; past it. */
static size_t jc_value(jc_walk *w, const json_check_field *f, size_t at, const char *name,
                       const char *subject)
{
    const char *t = w->text;
    jc_kind k = jc_kind_at(t, at);
    if (k == JC_NULL && f->nullable)
        return json_check_skip_value(t, at);
    bool fits = jc_type_fits(f->type, k);
    if (fits && k == JC_NUMBER)
        fits = jc_number_fits(f, t, at);
    else if (fits && k == JC_STRING)
        fits = jc_string_fits(f, t, at);
    if (!fits) {
        jc_wrong(w, f, at, name, subject);
        return json_check_skip_value(t, at);
    }
    if (k == JC_ARRAY)
        return jc_array(w, f, at, name, subject);
    if (k != JC_OBJECT)
        return json_check_skip_value(t, at);
    char *inner = jc_join(name, subject);
    size_t end = jc_object(w, f->members, at, inner, inner);
    free(inner);
    return end;
}

unsigned json_check(const char *name, const char *text, const json_check_field *top)
{
    /* Lines and columns count from after a byte-order mark, as an editor shows them. */
    if (!strncmp(text, "\xEF\xBB\xBF", 3))
        text += 3;
    jc_walk w = {name, text, 0, 0, 1, 1};
    size_t at = json_check_space(text, 0);
    if (top->type == JSON_CHECK_OBJECT && jc_kind_at(text, at) == JC_OBJECT)
        jc_object(&w, top->members, at, "", top->key);
    else
        jc_value(&w, top, at, "", top->key);
    return w.faults;
}
