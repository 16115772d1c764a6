/* report_perf: the performance model's predictions as a readable table, as
 * CSV and as JSON (README.md, "perfmodel").  The *_write functions stream to
 * a FILE the caller owns and return false on an output error.  Used by perfmodel. */
#ifndef AITOOL_REPORT_PERF_H
#define AITOOL_REPORT_PERF_H

#include <stdbool.h>
#include <stdio.h>

#include "machine.h"
#include "perf.h"

bool report_perf_text_write(FILE *out, const perf_result *r, const machine *m);
bool report_perf_csv_write(FILE *out, const perf_result *r);
bool report_perf_json_file(const char *path, const perf_result *r, const machine *m);

#endif
