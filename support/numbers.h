/* numbers: whole numbers read from text, one way for every reader: the
 * values of -D and -param bindings (loopmodel's bound_expr.c), -sweep's
 * bounds (tools/perfmodel_cli.c), the whole-number options of every
 * option table (support/args.c: -j, -cores, -runs, SIMON's limits...) and
 * the nanoseconds of a -simon-clock cost table (instrument/costs.c).  What
 * the number means (its range, the message that names the option) is the
 * caller's.
 *
 * Pure C; owns nothing: the messages returned are static strings. */
#ifndef AITOOL_NUMBERS_H
#define AITOOL_NUMBERS_H

#include <stddef.h>

/* text[0..len) as a whole decimal number: digits with at most one sign, spaces
 * around them allowed.  NULL with *value set, or a static message saying why
 * not (not a whole number, out of range); `--1`, `2*4` and `1.5` are not. */
const char *num_parse_whole(const char *text, size_t len, long long *value);

#endif
