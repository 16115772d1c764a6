/* diag: the one place every message a user sees is formatted.
 *
 * Messages about a place in an input are "file:line:col: severity: text";
 * messages about the command itself are "program: severity: text".  Both go to
 * the diagnostic stream (stderr unless diag_set_stream() says otherwise) and
 * are counted, so a program can finish its work and then turn the counts into
 * an exit status.
 *
 * Threads: the counts are shared and atomic.  A thread that analyzes one
 * unit of a parallel run captures its messages in a strbuf of its own
 * (diag_capture), which the main thread later writes out whole and in order
 * (diag_flush_captured), so messages never interleave mid-line.  The
 * buffers belong to the caller; the module owns no heap memory.
 *
 * Used by every part and every program: nothing else writes a message a
 * user sees.  diag_set_program() borrows the name it is given. */
#ifndef AITOOL_DIAG_H
#define AITOOL_DIAG_H

#include <stdarg.h>
#include <stdio.h>

#include "strbuf.h"

typedef enum diag_severity {
    DIAG_NOTE,
    DIAG_WARNING,
    DIAG_ERROR,
} diag_severity;

void diag_set_program(const char *name);
void diag_set_stream(FILE *out);
void diag_reset_counts(void);
unsigned diag_error_count(void);
unsigned diag_warning_count(void);

/* A message about line:col of file (line and col are 1-based). */
void diag_at(diag_severity sev, const char *file, unsigned line, unsigned col,
             const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* The same with the arguments of a caller's own variadic reporter. */
void diag_vat(diag_severity sev, const char *file, unsigned line, unsigned col,
              const char *fmt, va_list ap) __attribute__((format(printf, 5, 0)));
/* A message about the command line or the run, prefixed by the program name. */
void diag_tool(diag_severity sev, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* From now on this thread's messages are appended to `into` instead of
 * written (NULL: written again); returns the buffer captured into before. */
strbuf *diag_capture(strbuf *into);
/* The buffer this thread captures into, or NULL. */
strbuf *diag_captured(void);
/* Write captured messages to the diagnostic stream and empty the buffer. */
void diag_flush_captured(strbuf *captured);


#endif
