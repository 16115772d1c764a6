/* auto: automatic measurement (-auto-instrument), the edits that make a
 * copy of the file measure every loop exactly when it runs (auto.c says
 * how), and the runtime it appends (runtime.c, embedded as text). */
#ifndef AITOOL_AUTO_H
#define AITOOL_AUTO_H

#include <stdbool.h>

#include "source.h"

/* The edits for one file, into s->edits; false after an error in the
 * user's input. */
bool auto_instrument(source *s);

/* runtime.c, which automatic instrumentation appends (generated). */
extern const char instrument_runtime_text[];

#endif
