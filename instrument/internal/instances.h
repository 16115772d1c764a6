/* instances: how an -auto-instrument'ed copy tells the instances of a C++
 * template apart (instances.c says why this way): the key of an instance,
 * as the template's code names it and as file scope spells the instance.
 * Used by auto.c only; a key's strings are the caller's to release. */
#ifndef AITOOL_INSTANCES_H
#define AITOOL_INSTANCES_H

#include <stdbool.h>

#include <stddef.h>

#include "loop_model.h"
#include "strbuf.h"

typedef struct instance_key {
    char *in_code;  /* "T", "Grid, decltype(a), decltype(n)" */
    char *instance; /* "float", "Grid<double>, const double *, int" */
} instance_key;

/* Whether fn is an implicit instance of a template: its body is the
 * template's text. */
bool instances_is_implicit(const lm_function *fn);

/* The key of implicit instance fn; false, with why, when it cannot be
 * written (an argument with no name at file scope, an unnamed parameter,
 * a template template argument). */
bool instances_key(const lm_function *fn, instance_key *key, const char **why);

void instances_key_release(instance_key *key);

/* The text in template `group`'s code that adds its instance's offset to
 * a counter's number (`field` "c") or a loop's ("l"). */
char *instances_offset_text(unsigned group, const instance_key *key, const char *field);

/* The declarations of the copy's keys, before its text; after it, the
 * offsets of template `group`'s instances: instance i's counters and loops
 * are counter_offsets[i] and loop_offsets[i] after those its code names,
 * and an instance no analysis saw counts in the spare ones at
 * spare_counter and spare_loop after them. */
extern const char instances_prelude[];
void instances_write_group(strbuf *out, unsigned group, const instance_key *keys,
                           const unsigned *counter_offsets, const unsigned *loop_offsets,
                           size_t n, unsigned spare_counter, unsigned spare_loop);
/* The definitions every group's entries are read through. */
extern const char instances_epilogue[];

#endif
