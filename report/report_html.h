/* report_html: the report as one self-contained HTML page (-html FILE of
 * measuretool and perfmodel): a summary, the loop table (sorted and
 * filtered in the page), each analyzed file's source with its loops'
 * numbers and `#pragma aitool` results beside their lines, and with a
 * machine the roofline (each nest's predicted point, and its measured one
 * when measured) and a predicted-against-measured chart.
 *
 * The page needs nothing beyond itself: its style sheet, script and
 * charts are inline, and its Content-Security-Policy allows no network
 * access and no script but its own (named by its SHA-256).  Everything it
 * shows of the input (source text, file and function names, annotation
 * text) is escaped: the C side writes text as HTML text and the data as a
 * JSON block the script reads and shows through textContent.  The same
 * input gives the same bytes.
 *
 * report_html_file() writes PATH atomically; the caller owns everything it
 * passes.  Used by measuretool and perfmodel. */
#ifndef AITOOL_REPORT_HTML_H
#define AITOOL_REPORT_HTML_H

#include <stdbool.h>

#include "machine.h"
#include "report.h"

typedef struct report_html_options {
    const char *tool;          /* "measuretool" or "perfmodel": the page's title */
    const machine *machine;    /* the predictions' (j->predicted): the roofline's ceilings */
    const char *model;         /* the model's name ("roofline", "ecm"); NULL: no predictions */
    const char *measured_path; /* -measured's file, or NULL */
    /* Read each file's source to show it; false for loops read from ExaSAT XML, which
     * has no source. */
    bool sources;
} report_html_options;

/* The page of p with what j joins in, at path (atomically; "-" is standard output).
 * False after an output error, reported through diag. */
bool report_html_file(const char *path, const lm_program *p, const report_joins *j,
                      const report_html_options *o);

#endif
