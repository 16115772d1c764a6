/* instrument: instrumented copies of C files.
 *
 * INSTRUMENT_MARKERS is measureTool's protocol: the user declared the
 * counters chiterations, chloads, chstores and chflops and wrote
 * `chiterations = expr;` before each loop to count; each such loop gets its
 * own chiterations_N and, after it, statements that add its loads, stores
 * and flops to the counters (bottom-up: see manual.c).  INSTRUMENT_AUTO
 * needs no markers: the copy measures every loop exactly when it runs and
 * writes the measurement as JSON at exit (see auto.c and runtime.c).
 * INSTRUMENT_CLOCK makes a copy for the SIMON simulator: the same stretches
 * of code advance the task's clock by what their operations cost.
 *
 * The analysis of the input goes into the caller's program, as for
 * analyzer_analyze_file().  The input is never written; the output is
 * written atomically.  Problems are reported through diag; false when the
 * file could not be analyzed or instrumented, or the output not written.
 * Used by measuretool only; the two instrumenters and the clock share
 * instrument/internal/source.h. */
#ifndef AITOOL_INSTRUMENT_H
#define AITOOL_INSTRUMENT_H

#include <stdbool.h>

#include "analyzer.h"
#include "costs.h"
#include "loop_model.h"

typedef enum instrument_mode {
    INSTRUMENT_MARKERS,
    INSTRUMENT_AUTO,
    INSTRUMENT_CLOCK, /* -simon-clock: the task's clock advanced by what the code costs */
} instrument_mode;

/* costs: INSTRUMENT_CLOCK's, else NULL; u: the unit's own compiler
 * arguments (analyzer_analyze_unit), or NULL. */
bool instrument_file(analyzer *a, lm_program *p, instrument_mode mode, const op_costs *costs,
                     const char *input, const analyzer_unit *u, const char *output);

#endif
