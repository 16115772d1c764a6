/* manual: measureTool's protocol, the edits that give each loop marked
 * with `chiterations = expr;` its own counter and the statements that add
 * its loads, stores and flops after it (manual.c says how). */
#ifndef AITOOL_MANUAL_H
#define AITOOL_MANUAL_H

#include <stdbool.h>

#include "source.h"

/* The edits for one file, into s->edits; false after an error in the
 * user's input. */
bool manual_instrument(source *s);

#endif
