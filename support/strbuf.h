/* strbuf: a growable, always NUL-terminated string.
 *
 * A strbuf is a value the caller owns; strbuf_release() frees its storage and
 * leaves it empty and reusable.  strbuf_take() hands the string to the caller
 * (free() it) and leaves the buffer empty.
 *
 * Used by every part that builds text: the diagnostics, the reports, the
 * XML writer, the analyzer's texts, the instrumenters' edits, simon. */
#ifndef AITOOL_STRBUF_H
#define AITOOL_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct strbuf {
    char *s;      /* NULL until something is appended */
    size_t len, cap;
} strbuf;

#define STRBUF_INIT {NULL, 0, 0}

void strbuf_append(strbuf *b, const char *s);
void strbuf_appendn(strbuf *b, const char *s, size_t n);
void strbuf_printf(strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_vprintf(strbuf *b, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
const char *strbuf_cstr(const strbuf *b); /* "" when empty */
char *strbuf_take(strbuf *b);
void strbuf_release(strbuf *b);

#endif
