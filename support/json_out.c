/* The JSON writer.  Its layout and number and string forms are cJSON's
 * (cJSON_Print in cJSON 1.7), which the reports were written with before:
 * the bytes stay the same. */
#include "json_out.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "mem.h"
#include "strbuf.h"

void json_out_release(json_out *w)
{
    free(w->open);
    w->open = NULL;
    w->depth = w->cap = 0;
}

static void json_tabs(json_out *w, size_t n)
{
    static const char tabs[] = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";
    for (; n > sizeof tabs - 1; n -= sizeof tabs - 1)
        strbuf_appendn(w->text, tabs, sizeof tabs - 1);
    strbuf_appendn(w->text, tabs, n);
}

/* Before a value: the separator after the previous item of an array. */
static void json_value_begin(json_out *w)
{
    if (w->depth == 0)
        return;
    unsigned char *top = &w->open[w->depth - 1];
    if (*top == 'A')
        strbuf_appendn(w->text, ", ", 2);
    else if (*top == 'a')
        *top = 'A';
}

static void json_push(json_out *w, unsigned char kind)
{
    if (w->depth == w->cap) {
        w->cap = w->cap ? 2 * w->cap : 8;
        w->open = mem_realloc(w->open, w->cap);
    }
    w->open[w->depth++] = kind;
}

void json_key(json_out *w, const char *key)
{
    unsigned char *top = &w->open[w->depth - 1];
    if (*top == 'O')
        strbuf_appendn(w->text, ",\n", 2);
    *top = 'O';
    json_tabs(w, w->depth);
    json_string(w, key);
    strbuf_appendn(w->text, ":\t", 2);
}

void json_object_begin(json_out *w)
{
    json_value_begin(w);
    strbuf_appendn(w->text, "{\n", 2);
    json_push(w, 'o');
}

void json_object_end(json_out *w)
{
    if (w->open[--w->depth] == 'O')
        strbuf_appendn(w->text, "\n", 1);
    json_tabs(w, w->depth);
    strbuf_appendn(w->text, "}", 1);
}

void json_array_begin(json_out *w)
{
    json_value_begin(w);
    strbuf_appendn(w->text, "[", 1);
    json_push(w, 'a');
}

void json_array_end(json_out *w)
{
    w->depth--;
    strbuf_appendn(w->text, "]", 1);
}

/* A string with `"`, `\` and the control characters escaped; other bytes
 * as they are. */
static void json_quote(strbuf *out, const char *s)
{
    strbuf_appendn(out, "\"", 1);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        size_t run = 0;
        while (p[run] >= 32 && p[run] != '"' && p[run] != '\\')
            run++;
        strbuf_appendn(out, (const char *)p, run);
        p += run;
        if (!*p)
            break;
        switch (*p) {
        case '"':
            strbuf_append(out, "\\\"");
            break;
        case '\\':
            strbuf_append(out, "\\\\");
            break;
        case '\b':
            strbuf_append(out, "\\b");
            break;
        case '\f':
            strbuf_append(out, "\\f");
            break;
        case '\n':
            strbuf_append(out, "\\n");
            break;
        case '\r':
            strbuf_append(out, "\\r");
            break;
        case '\t':
            strbuf_append(out, "\\t");
            break;
        default:
            strbuf_printf(out, "\\u%04x", *p);
            break;
        }
    }
    strbuf_appendn(out, "\"", 1);
}

void json_string(json_out *w, const char *s)
{
    if (!s) {
        json_null(w);
        return;
    }
    json_value_begin(w);
    json_quote(w->text, s);
}

/* cJSON's: a whole number that fits an int as one, else the shortest of 15
 * or 17 significant digits that reads back as v (within an epsilon). */
void json_number(json_out *w, double v)
{
    char text[40];
    if (isnan(v) || isinf(v)) {
        json_null(w);
        return;
    }
    int whole = v >= INT_MAX ? INT_MAX : v <= (double)INT_MIN ? INT_MIN : (int)v;
    if (v == (double)whole) {
        snprintf(text, sizeof text, "%d", whole);
    } else {
        snprintf(text, sizeof text, "%1.15g", v);
        double back = strtod(text, NULL);
        double most = fabs(back) > fabs(v) ? fabs(back) : fabs(v);
        if (!(fabs(back - v) <= most * DBL_EPSILON))
            snprintf(text, sizeof text, "%1.17g", v);
    }
    json_value_begin(w);
    strbuf_append(w->text, text);
}

void json_bool(json_out *w, bool v)
{
    json_value_begin(w);
    strbuf_append(w->text, v ? "true" : "false");
}

void json_null(json_out *w)
{
    json_value_begin(w);
    strbuf_append(w->text, "null");
}

void json_member_number(json_out *w, const char *key, double v)
{
    json_key(w, key);
    json_number(w, v);
}
