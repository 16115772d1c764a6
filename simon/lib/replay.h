/* replay: messages through a switch model with no tasks, for chips
 * -network (a CHIP3S inpcom step's messages on a SIMON network instead of
 * LogGP).  The messages are sent in order at their times; the model's own
 * events run as the core would run them (after the sends of their time);
 * the answer is when the last copy arrives.  Nothing outlives the call.
 * Used by chips' evaluator. */
#ifndef SIMON_REPLAY_H
#define SIMON_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sw.h"

typedef struct simon_replay_msg {
    int src, dst; /* task ids, > 0 */
    size_t bytes;
    int64_t time; /* when it is sent, ns */
} simon_replay_msg;

/* False when a task cannot be placed on the network (the model's message
 * reported through diag). */
bool simon_replay(const sw_config *cfg, const simon_replay_msg *msgs, size_t n, int64_t *last);

#endif
