#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem.h"

static void strbuf_reserve(strbuf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap * 2 : 64;
    while (cap < b->len + extra + 1)
        cap *= 2;
    b->s = mem_realloc(b->s, cap);
    b->cap = cap;
}

void strbuf_appendn(strbuf *b, const char *s, size_t n)
{
    strbuf_reserve(b, n);
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void strbuf_append(strbuf *b, const char *s)
{
    strbuf_appendn(b, s, strlen(s));
}

void strbuf_vprintf(strbuf *b, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    if (n > 0) {
        strbuf_reserve(b, (size_t)n);
        vsnprintf(b->s + b->len, (size_t)n + 1, fmt, again);
        b->len += (size_t)n;
    }
    va_end(again);
}

void strbuf_printf(strbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    strbuf_vprintf(b, fmt, ap);
    va_end(ap);
}

const char *strbuf_cstr(const strbuf *b)
{
    return b->s ? b->s : "";
}

char *strbuf_take(strbuf *b)
{
    char *s = b->s ? b->s : mem_strdup("");
    b->s = NULL;
    b->len = b->cap = 0;
    return s;
}

void strbuf_release(strbuf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}
