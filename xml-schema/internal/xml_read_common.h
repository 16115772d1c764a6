/* xml_read_common: what the readers of the two ExaSAT XML dialects share
 * (private to xml-schema/; used by xml_read.c and xml_read_orig.c):
 * loading a document (parsing, validating it against the compiled-in
 * schema of the dialect the caller's test picks, every libxml2 error
 * through diag; the caller frees the document) and the helpers that walk
 * its elements into the loop model.  It calls neither reader.  Strings read
 * are copied into the program's arena. */
#ifndef AITOOL_XML_READ_COMMON_H
#define AITOOL_XML_READ_COMMON_H

#include <stdbool.h>
#include <stddef.h>

#include <libxml/tree.h>

#include "exasat_xml.h"

/* Whether a parsed document is in the ExaSAT tools' own dialect. */
typedef bool (*xml_dialect_test)(const xmlDoc *doc);

/* The parsed and validated document (xmlFreeDoc() it), or NULL after
 * reported errors.  *original tells which dialect it was validated as: the
 * ExaSAT tools' own when forced, or when XML_DIALECT_AUTO and is_original
 * (the reader's detection, xml_read.c) says so. */
xmlDoc *xml_load(const char *name, const char *text, size_t len, xml_dialect dialect,
                 xml_dialect_test is_original, bool *original);

/* ---- Walking the elements ---- */

typedef struct xml_reader {
    lm_program *p;
    const char *name;    /* the document: messages and the model's locations */
    unsigned long seq;   /* order of the arrays in the document, for own_arrays */
    bool ok;             /* false once a value the model cannot hold was reported */
} xml_reader;

/* Where an element is read into: what its ancestors made. */
typedef struct xml_scope {
    lm_file *file;
    lm_function *fn;
    lm_loop *loop;        /* the enclosing loop, NULL at function level */
    lm_comm *comm;
    lm_array_ref *array;
} xml_scope;

typedef void (*xml_reader_fn)(xml_reader *r, const xml_scope *at, const xmlNode *node);

/* A child element a parent may have, and how to read it; tables end with {NULL, NULL}. */
typedef struct xml_child {
    const char *element;
    xml_reader_fn read;
} xml_child;

/* Each element child of node that the table names, in document order. */
void xml_read_children(xml_reader *r, const xml_scope *at, const xmlNode *node,
                       const xml_child *table);
unsigned xml_line(const xmlNode *node);
/* An attribute of the element itself, copied into the arena; NULL when absent. */
const char *xml_attr(xml_reader *r, const xmlNode *node, const char *attr);
/* The same, with an empty (or absent) value as NULL. */
const char *xml_attr_or_null(xml_reader *r, const xmlNode *node, const char *attr);
/* A required text attribute; "" when absent (the schema rules that out). */
const char *xml_text(xml_reader *r, const xmlNode *node, const char *attr);
/* "FILE:LINE:1: error: <element> attribute attr="value": problem"; r->ok false. */
void xml_bad_value(xml_reader *r, const xmlNode *node, const char *attr, const char *value,
                   const char *problem);
const char *xml_skip_space(const char *s);
/* "true" (else false: the schemas allow exactly "true" or "false"). */
bool xml_bool(xml_reader *r, const xmlNode *node, const char *attr);
/* A non-negative integer no larger than max; 0 after a reported error. */
unsigned long xml_parse_count(xml_reader *r, const xmlNode *node, const char *attr,
                              const char *value, unsigned long max);
/* A required count attribute; 0 when absent. */
unsigned long xml_count(xml_reader *r, const xmlNode *node, const char *attr,
                        unsigned long max);
/* The operation counts adds, multiplies, divides and specials (each 0 when
 * absent) of a loop, or in the tools' dialect of an if, else or function. */
void xml_read_counts(xml_reader *r, const xmlNode *node, lm_fp_counts *c);
/* An optional probability attribute (the schemas check it is 0 to 1); 1 when absent. */
double xml_probability(xml_reader *r, const xmlNode *node, const char *attr);

/* ---- Elements both dialects write alike (xml_read.c) ---- */

void xml_read_scalar(xml_reader *r, const xml_scope *at, const xmlNode *node);
void xml_read_pininfo(xml_reader *r, const xml_scope *at, const xmlNode *node);
void xml_read_local(xml_reader *r, const xml_scope *at, const xmlNode *node);
void xml_read_nonlocal(xml_reader *r, const xml_scope *at, const xmlNode *node);
/* functioncall */
void xml_read_call(xml_reader *r, const xml_scope *at, const xmlNode *node);
void xml_read_comm(xml_reader *r, const xml_scope *at, const xmlNode *node);

/* ---- The ExaSAT tools' own dialect (xml_read_orig.c) ---- */

/* The model of a valid document, appended to p only when every value fit. */
bool xml_orig_read_program(lm_program *p, const char *name, const xmlDoc *doc);
/* exasat-orig.xsd, as compiled in (NUL-terminated). */
extern const char xml_orig_schema_text[];

#endif
