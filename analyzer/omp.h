/* omp: the OpenMP loop directive that stands before a `for` loop.
 *
 * The analyzer parses without -fopenmp, so `#pragma omp` lines are unknown pragmas, not
 * cursors; this reads them from the file's text.  Pure text in, flags out: nothing is
 * allocated.  Used by the analyzer's walk
 * (walk.c) and its unit tests. */
#ifndef AITOOL_OMP_H
#define AITOOL_OMP_H

#include <stddef.h>

#include "loop_model.h"

/* The LM_OMP_* flags of the directives directly before the loop keyword at `offset` of
 * text[0..size): reading back from the keyword's line, past blank lines, comments and
 * pragmas, up to the first line that is none of these.  0 when the keyword is not the first
 * thing on its line, or no such directive shares out its iterations. */
unsigned omp_loop_directive(const char *text, size_t size, size_t offset);

#endif
