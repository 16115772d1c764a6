/* stats: the end-of-run statistics, as text (the report) and as JSON, from
 * the core's task and circuit views and the switch model's links.  Both
 * are appended to a strbuf the caller owns; they hold no host times or
 * addresses, so a run repeated gives the same bytes. */
#ifndef SIMON_STATS_H
#define SIMON_STATS_H

#include <stdbool.h>

#include "strbuf.h"
#include "sw.h"

typedef struct stats_source {
    const sw_model *model;
    void *sw;
    bool traffic; /* -t: links and circuits too */
} stats_source;

void stats_text(strbuf *out, const stats_source *src);
void stats_json(strbuf *out, const stats_source *src);
/* The report to report (NULL: standard output, after the program's own)
 * and the JSON to json (NULL: none), each atomically; false when one could
 * not be written.  Both engines' main() end with it. */
bool stats_write(const char *report, const char *json, const stats_source *src);

#endif
