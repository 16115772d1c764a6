/* report: the measureTool text report and the JSON report, from a finished
 * loop model (lm_program_finish must have run).
 *
 * The *_write functions stream to a FILE the caller owns and return false on
 * an output error.  report_json_render() returns a string the caller frees.
 * report_*_file() write PATH atomically ("-" is standard output). */
#ifndef AITOOL_REPORT_H
#define AITOOL_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "loop_model.h"

bool report_text_write(FILE *out, const lm_program *p);
bool report_text_file(const char *path, const lm_program *p);

/* {"loops": [...]}, keys as documented in README.md. */
char *report_json_render(const lm_program *p);
bool report_json_file(const char *path, const lm_program *p);

/* Per-loop internals for -debug: own and inclusive counts, every array. */
void report_debug_write(FILE *out, const lm_program *p);

/* Attach the measurement an automatically instrumented program wrote
 * (its JSON, see README.md) to the loops of a finished program, matched by
 * file name, line and column.  Errors and unmatched entries are reported
 * through diag; false when the file could not be read or parsed. */
bool report_attach_measured(lm_program *p, const char *path);

#endif
