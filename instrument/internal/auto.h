/* auto: automatic measurement (-auto-instrument), the edits that make a
 * copy of the file measure every loop exactly when it runs (auto.c says
 * how), and the runtime it appends (runtime.c, embedded as text). */
#ifndef AITOOL_AUTO_H
#define AITOOL_AUTO_H

#include <stdbool.h>

#include "costs.h"
#include "source.h"

/* The edits for one file, into s->edits; false after an error in the
 * user's input. */
bool auto_instrument(source *s);

/* -simon-clock: the same stretches of code (auto.c's segments), each
 * starting with simon_advance(N), N the cost of its operations in ns. */
bool auto_clock(source *s, const op_costs *costs);

/* runtime.c, which automatic instrumentation appends (generated). */
extern const char instrument_runtime_text[];

#endif
