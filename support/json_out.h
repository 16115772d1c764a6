/* json_out: JSON written as it goes, in the layout cJSON_Print gives (an
 * object's members on lines of their own, indented by a tab per level,
 * `"key":<tab>value`; an array's items on one line, ", " between), so a
 * report can be written without building a tree first.  The writer appends
 * to a strbuf the caller owns; json_out_release() frees its own state.  Used by the JSON report,
 * chips' JSON output, simon's statistics and the benchmark validation. */
#ifndef AITOOL_JSON_OUT_H
#define AITOOL_JSON_OUT_H

#include <stdbool.h>
#include <stddef.h>

#include "strbuf.h"

typedef struct json_out {
    strbuf *text;
    unsigned char *open; /* per open container: 'o' or 'a', upper case once it has content */
    size_t depth, cap;
} json_out;

#define JSON_OUT_INIT(sb) {(sb), NULL, 0, 0}

void json_out_release(json_out *w);

/* Values: in an array, or after json_key() in an object. */
void json_object_begin(json_out *w);
void json_object_end(json_out *w);
void json_array_begin(json_out *w);
void json_array_end(json_out *w);
void json_string(json_out *w, const char *s); /* NULL writes null */
void json_number(json_out *w, double v);      /* as cJSON prints a number */
void json_bool(json_out *w, bool v);
void json_null(json_out *w);

/* The key of the next member of the innermost object. */
void json_key(json_out *w, const char *key);
/* A member whose value is a number: json_key, then json_number. */
void json_member_number(json_out *w, const char *key, double v);

#endif
