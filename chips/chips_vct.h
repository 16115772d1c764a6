/* chips_vct: CHIP3S vector types (the seed's vctdef, issue 32).
 *
 * A definition file (NAME.vdef) holds the user's vector types in the seed's
 * syntax, `def NAME { args variable|N; type numeric|symbol|combination;
 * { sym, ... } }`; chips_vct_compile() checks it and writes the vector
 * specification text that the vctdef program saves (NAME.vspec) and chips
 * reads (-vectors).  A chips_vtypes is a set of types: it starts with the
 * built-in ones (chips/vectors/builtin.vdef, compiled by vctdef at build
 * time) and chips_vtypes_add_file() adds a specification file's.  The set
 * owns every type and name in it; chips_vtypes_free() releases them.
 * Problems are reported through diag as FILE:LINE:COL: error:. */
#ifndef AITOOL_CHIPS_VCT_H
#define AITOOL_CHIPS_VCT_H

#include <stdbool.h>
#include <stddef.h>

#include "strbuf.h"

/* What an element of a vector is: a number (its count of the type's unit),
 * one symbol alone, or an expression with exactly one symbol factor. */
typedef enum chips_vkind {
    CHIPS_VK_NUMERIC,
    CHIPS_VK_SYMBOL,
    CHIPS_VK_COMBINATION,
} chips_vkind;

/* The first line of every specification file. */
#define CHIPS_VCT_MAGIC "CHIP3S vector specification 1"

/* The most elements a fixed-size type may have, symbols a type may list,
 * and bytes in a name (a type's or a symbol's; the machine file's limit). */
enum { CHIPS_VCT_MAX_ARGS = 1000000, CHIPS_VCT_MAX_SYMBOLS = 1000, CHIPS_VCT_MAX_NAME = 64 };

typedef struct chips_vtype {
    const char *name;
    long nargs; /* elements of every vector of the type; -1: any number */
    chips_vkind kind;
    const char *const *symbols; /* none for a numeric type */
    size_t nsymbols;
} chips_vtype;

typedef struct chips_vtypes chips_vtypes;

/* The built-in types: data, time, icc, flop, mem, hllc. */
chips_vtypes *chips_vtypes_create(void);
void chips_vtypes_free(chips_vtypes **t);

/* Adds the types of a specification file; false (nothing added) after an
 * error: not a specification, a bad line, a type already in the set. */
bool chips_vtypes_add_file(chips_vtypes *t, const char *path);

const chips_vtype *chips_vtypes_find(const chips_vtypes *t, const char *name);
size_t chips_vtypes_count(const chips_vtypes *t);
const chips_vtype *chips_vtypes_get(const chips_vtypes *t, size_t i);

/* "numeric", "symbol", "combination". */
const char *chips_vkind_name(chips_vkind k);

/* The specification of the definitions in text (named file in messages)
 * appended to spec; false after an error. */
bool chips_vct_compile(const char *file, const char *text, strbuf *spec);

#endif
