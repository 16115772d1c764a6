/* exasat_xml: the ExaSAT XML format (spec draft 0.3.1, README.md here) to and
 * from the loop model.  The only part of the project that includes libxml2.
 *
 * The writer reads a finished loop model and its ExaSAT detail (the analyzer
 * fills it with analyzer_options.detail) and writes one `program` element for
 * all its files.  The reader validates a document against exasat.xsd, or
 * exasat-orig.xsd for the dialect the ExaSAT tools wrote (both compiled in),
 * and appends its functions to a program as one lm_file named after the
 * document; everything it allocates belongs to the program's arena.  Errors
 * go through diag as FILE:LINE:COL: error: ...
 *
 * Used by measuretool (-xml, -merge-xml, .xml inputs), perfmodel (its
 * input), the benchmark validation and the tests. */
#ifndef AITOOL_EXASAT_XML_H
#define AITOOL_EXASAT_XML_H

#include <stdbool.h>
#include <stddef.h>

#include "loop_model.h"
#include "measured.h"

/* How deep a document nests.  libxml2 reads an element with at most
 * XML_MAX_ANCESTORS ancestors (with XML_PARSE_HUGE: its fixed limit since
 * 2.12, and the limit the readers set before that), and the writer nests
 * program, function, the loops, then an array and its access below the
 * innermost loop.  So the writer refuses, at the loop, a loop nested deeper
 * than XML_MAX_LOOP_DEPTH, and whatever it writes is read back. */
enum { XML_MAX_ANCESTORS = 2048, XML_MAX_LOOP_DEPTH = XML_MAX_ANCESTORS - 3 };

/* The document for p (free() it), or NULL after an error (a loop nested too
 * deep); a loop that has no pininfo of its own gets what `measured` (may be
 * NULL) measured of it. */
char *xml_render(const lm_program *p, const measured_set *measured);
/* Written atomically ("-" is standard output); false after a reported error,
 * nothing written. */
bool xml_write_file(const char *path, const lm_program *p, const measured_set *measured);
/* The same for a slice of a run (-shard K/N): its shard line (shard.h) is
 * written after the declaration as the processing instruction
 * <?aitool-shard LINE?>, which validation ignores and -merge-xml reads. */
#define XML_SHARD_TARGET "aitool-shard"
bool xml_write_file_shard(const char *path, const lm_program *p, const measured_set *measured,
                          const char *shard);

/* The dialect a document is read in: the specification's or, detected per
 * document, the one the ExaSAT tools themselves wrote (README.md here,
 * "The ExaSAT tools' own dialect"); or that one, forced. */
typedef enum xml_dialect {
    XML_DIALECT_AUTO,
    XML_DIALECT_ORIGINAL,
} xml_dialect;

/* Validate and read one document; false (and nothing appended) when it could
 * not be read, is not well-formed XML, breaks the schema or holds a value
 * the model cannot hold. */
bool xml_read_file(lm_program *p, const char *path);
bool xml_read_file_as(lm_program *p, const char *path, xml_dialect dialect);
/* The same for a document in memory; `name` is used in messages and as the
 * lm_file's path. */
bool xml_read_memory(lm_program *p, const char *name, const char *text, size_t len);

/* -merge-xml: the ExaSAT XML of all the slices of one run (in any order)
 * into the document the whole run writes, at out (atomically).  False after
 * an error naming the input at fault (as report_json_merge). */
bool xml_merge_files(const char *out, const char *const *inputs, int n);

/* exasat.xsd, as compiled in (NUL-terminated). */
extern const char xml_schema_text[];

#endif
