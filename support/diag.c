#include "diag.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>

#include "strbuf.h"

static const char *diag_program = "aitool";
static FILE *diag_stream;
static atomic_uint diag_errors, diag_warnings;
static _Thread_local strbuf *diag_buffer;

void diag_set_program(const char *name)
{
    diag_program = name;
}

void diag_set_stream(FILE *out)
{
    diag_stream = out;
}

void diag_reset_counts(void)
{
    diag_errors = diag_warnings = 0;
}

unsigned diag_error_count(void)
{
    return diag_errors;
}

unsigned diag_warning_count(void)
{
    return diag_warnings;
}

static const char *diag_severity_name(diag_severity sev)
{
    switch (sev) {
    case DIAG_NOTE:
        return "note";
    case DIAG_WARNING:
        return "warning";
    case DIAG_ERROR:
        return "error";
    }
    return "error";
}

static void diag_count(diag_severity sev)
{
    if (sev == DIAG_ERROR)
        diag_errors++;
    else if (sev == DIAG_WARNING)
        diag_warnings++;
}

static FILE *diag_out(void)
{
    return diag_stream ? diag_stream : stderr;
}

static void diag_emit(diag_severity sev, const char *prefix, const char *fmt, va_list ap)
{
    diag_count(sev);
    if (diag_buffer) {
        strbuf_printf(diag_buffer, "%s: %s: ", prefix, diag_severity_name(sev));
        strbuf_vprintf(diag_buffer, fmt, ap);
        strbuf_appendn(diag_buffer, "\n", 1);
        return;
    }
    FILE *out = diag_out();
    fprintf(out, "%s: %s: ", prefix, diag_severity_name(sev));
    vfprintf(out, fmt, ap);
    fputc('\n', out);
    fflush(out);
}

strbuf *diag_capture(strbuf *into)
{
    strbuf *before = diag_buffer;
    diag_buffer = into;
    return before;
}

strbuf *diag_captured(void)
{
    return diag_buffer;
}

void diag_flush_captured(strbuf *captured)
{
    if (!captured->len)
        return;
    FILE *out = diag_out();
    fwrite(captured->s, 1, captured->len, out);
    fflush(out);
    strbuf_release(captured);
}

void diag_vat(diag_severity sev, const char *file, unsigned line, unsigned col, const char *fmt,
              va_list ap)
{
    char prefix[4096];
    snprintf(prefix, sizeof prefix, "%s:%u:%u", file, line ? line : 1, col ? col : 1);
    diag_emit(sev, prefix, fmt, ap);
}

void diag_at(diag_severity sev, const char *file, unsigned line, unsigned col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vat(sev, file, line, col, fmt, ap);
    va_end(ap);
}

void diag_tool(diag_severity sev, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_emit(sev, diag_program, fmt, ap);
    va_end(ap);
}
