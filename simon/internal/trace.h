/* trace: SIMON's -trace FILE.  During a run the core records its events
 * here, a fixed-size record each, up to a limit (the rest are counted and
 * dropped); at the end the caller names the rows (each task, then each link
 * of the switch model) and trace_write() writes Chrome trace-event JSON
 * (Perfetto, chrome://tracing) through support/json_out, atomically.
 *
 * Rows: pid 1 holds the tasks (tid = the task's id), pid 2 the links (tid =
 * their order in the model's link report).  Each copy of a message is an
 * arrow (flow events) from its put to its arrival and the get that took it,
 * joined by the message's id, which the core passes to each hook.  Times go
 * in as virtual ns and out as microseconds; nothing depends on the host, so
 * a run traced twice gives the same bytes.
 *
 * The trace owns its records and copies every text it keeps, except fifo
 * names, which are the core's and live until the process exits.
 * trace_free() frees it all.  Used by the core (the records) and main.c
 * (the options, the names, the write). */
#ifndef SIMON_TRACE_H
#define SIMON_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sw.h"

typedef struct simon_trace simon_trace;

/* At most limit events (limit >= 1); the metadata naming rows is extra. */
simon_trace *trace_create(size_t limit);
void trace_free(simon_trace **tr);

/* Message msg (the core's id, never 0) put (puts when to_self) by task:
 * bytes to fifo, copies destinations. */
void trace_put(simon_trace *tr, int64_t ts, int task, const char *fifo, size_t bytes, int copies,
               bool to_self, uint64_t msg);
/* task's copy of message msg, from task src, reaching its import fifo. */
void trace_arrive(simon_trace *tr, int64_t ts, int task, const char *fifo, size_t bytes, int src,
                  uint64_t msg);
/* task's get took its copy of message msg (bytes, from src) out of fifo. */
void trace_get(simon_trace *tr, int64_t ts, int task, const char *fifo, size_t bytes, int src,
               uint64_t msg);
/* task's code advanced its clock from start to end. */
void trace_run(simon_trace *tr, int64_t start, int64_t end, int task);
/* task was blocked from start to end; what is "blocked in CALL on FIFO..."
 * (copied).  Woken by a message from woken_by on fifo, or, with woken_by
 * < 0, still blocked when the run ended, fifo then being its state
 * ("starved", "deadlocked"). */
void trace_blocked(simon_trace *tr, int64_t start, int64_t end, int task, const char *what,
                   int woken_by, const char *fifo);
/* link carried bytes from start to end (gives the link its trace row). */
void trace_busy(simon_trace *tr, sw_link *link, int64_t start, int64_t end, size_t bytes);

/* The row of task id, shown as "NAME (ID)". */
void trace_name_task(simon_trace *tr, int id, const char *name);
/* The rows of the links model reports, in its order. */
void trace_name_links(simon_trace *tr, const sw_model *model, void *sw);

/* Writes the JSON to path atomically; false after the error is reported. */
bool trace_write(simon_trace *tr, const char *path);

#endif
