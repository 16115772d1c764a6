/* json_check: a JSON document checked against a table of what it may hold,
 * member by member: key, type, range, required or not.  Every fault is
 * reported through diag as FILE:LINE:COL: error: at the value (or the key,
 * or the object without a required member) at fault, and all of them are
 * reported before json_check() returns their number.
 *
 * The text must already be known to parse (cJSON parsed it): cJSON keeps no
 * positions, so the check walks the text itself, in one pass and in
 * document order, and needs no tree.  Pure C, so the tables can sit beside
 * the writers and readers of each format: the JSON report's
 * (report/report_json.c) and the measurement's (loopmodel/measured.c) use
 * it, and the tests check their documents with it; perfmodel/machine.c
 * walks machine files with its text walkers.  Tables and ranges are
 * static data the caller owns; nothing is allocated that outlives a call. */
#ifndef AITOOL_JSON_CHECK_H
#define AITOOL_JSON_CHECK_H

#include <stdbool.h>
#include <stddef.h>

typedef enum json_check_type {
    JSON_CHECK_NUMBER,  /* a finite number, within range */
    JSON_CHECK_INTEGER, /* a whole number, within range */
    JSON_CHECK_STRING,  /* its length in bytes within range, one of one_of when given */
    JSON_CHECK_BOOL,
    JSON_CHECK_OBJECT,  /* its members as members[] says; any other member is a fault */
    JSON_CHECK_ARRAY,   /* each item as *item says */
    JSON_CHECK_GROUP,   /* not a member: the rows of members[] belong to the table it is in */
} json_check_type;

/* [min, max], and one value outside it that is allowed too (when has_also:
 * the -1 of "not computed"), as messages say it ("from 1 to 2^32-1"). */
typedef struct json_check_range {
    double min, max;
    bool has_also;
    double also;
    const char *text;
} json_check_range;

/* A row of a table: field, type, range, required, then what the type
 * needs.  Tables end with a row whose key is NULL and hold at most
 * JSON_CHECK_MAX_ROWS rows, their groups' included (rows past that are
 * never missing nor twice). */
typedef struct json_check_field {
    /* The member's key; a group's name (not a key); for an array's item,
     * what an item is called in messages ("loop": "loop 3"), or NULL
     * ("item 3 of \"unknown_calls\""). */
    const char *key;
    json_check_type type;
    const json_check_range *range;           /* NULL: any */
    bool required;
    bool nullable;                           /* null is allowed too */
    const char *const *one_of;               /* strings: the values allowed, NULL-ended */
    const struct json_check_field *members;  /* objects and groups */
    const struct json_check_field *item;     /* arrays */
} json_check_field;

enum { JSON_CHECK_MAX_ROWS = 64 };

/* Counts held in an unsigned 64-bit integer; lines, columns and depths (an
 * unsigned int, from 1); strings that are not empty; arithmetic
 * intensities (>= 0, 9999.9 when there are no bytes, or -1: not computed). */
extern const json_check_range json_check_count;
extern const json_check_range json_check_position;
extern const json_check_range json_check_nonempty;
extern const json_check_range json_check_intensity;

/* Walking a JSON text that cJSON has parsed, for the positions cJSON does
 * not keep (json_check itself, and machine files' messages): each returns
 * the offset just past white space as cJSON reads it (every byte up to the
 * space), past a string from its opening quote, or past a value from its
 * start, however deep it nests. */
size_t json_check_space(const char *t, size_t at);
size_t json_check_skip_string(const char *t, size_t at);
size_t json_check_skip_value(const char *t, size_t at);

/* The faults of text (the whole of the file `name`) against top, the row of
 * its top value (top->key names the document in messages: "the
 * measurement"); 0 when it holds what the table says. */
unsigned json_check(const char *name, const char *text, const json_check_field *top);

#endif
