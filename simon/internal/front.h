/* front: what SIMON's two engines, the native core (lib/core.c) and the
 * SimGrid one (simgrid/sg_core.c), share above their schedulers: the
 * suspending calls' names, the checks of the API's arguments and the
 * misuse message they end in, the global areas' first contents (init),
 * and fifo array names (exparr, imparr over the engine's export, import).
 *
 * Each engine defines front_engine_misuse(), the end of a run on a
 * misuse.  The areas' table owns its copies until the process exits. */
#ifndef SIMON_FRONT_H
#define SIMON_FRONT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "strbuf.h"

/* The calls that suspend; their names are the seed's, for the messages. */
typedef enum front_call { CALL_GET, CALL_WAITF, CALL_SIZE, CALL_QLENGTH, CALL_OVERFL } front_call;
extern const char *const front_call_names[];

/* The engine's: says "task ID "NAME": FUNC: LINE" for the calling task and
 * ends the run with status 1. */
_Noreturn void front_engine_misuse(const char *func, const char *line);

/* front_engine_misuse() with the text of fmt. */
_Noreturn void front_misuse(const char *func, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* mktask's arguments, taken: whether a task has id already. */
void front_check_mktask(const char *name, void (*code)(void *), int id, bool taken,
                        const void *parm, size_t len);
/* export's or import's fifo name. */
void front_check_fifo_name(const char *func, const char *name);
/* import's maximum length. */
void front_check_maxlen(int maxlen);
/* simon_advance's time. */
void front_check_advance(int64_t ns);

/* init(glob, len): the area's contents before any task ran are put back
 * (or, at its first init, kept). */
void front_area_init(void *glob, size_t len);

/* "BASE[I]" in b (emptied first); returns b->s. */
const char *front_array_name(strbuf *b, const char *base, int i);

#endif
