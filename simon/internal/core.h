/* core: the deterministic event core of SIMON.  It owns the tasks (their
 * fibers, parameter blocks, global-area images), the fifo names and import
 * queues, the messages and the event queue, all until the process exits.
 *
 * Events are ordered by (time, class, sequence), class inittask < send <
 * switch-internal < arrive < get, sequence the insertion counter.  A task
 * runs on its fiber from the event that starts or restarts it until it
 * suspends (a get event at its own clock), blocks or ends.  The switch
 * model schedules arrivals and its own events through this header. */
#ifndef SIMON_CORE_H
#define SIMON_CORE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "sw.h"

/* A message: one copy of the data for all its destinations. */
typedef struct simon_msg {
    int refs;             /* copies not yet taken or dropped */
    int src;              /* sending task id */
    struct core_name *name;
    uint64_t id;          /* 1, 2, ... in put order: which message a copy is */
    size_t len;
    unsigned char data[];
} simon_msg;

/* Limits of appendix III; 0 is unlimited. */
typedef struct simon_limits {
    long tasks, msgs, names, imports, exports;
} simon_limits;

/* count_circuits: keep the circuits' counts (-t); without it
 * simon_core_circuits() finds none. */
void simon_core_setup(const sw_model *model, void *sw, size_t stack_bytes,
                      const simon_limits *limits, bool count_circuits);
/* Records the run's events in tr (NULL: none, the default); the caller
 * keeps tr and frees it after the run. */
struct simon_trace;
void simon_core_trace(struct simon_trace *tr);
/* Runs bootstrap as task 0: the tasks exist, none has run. */
void simon_core_boot(int argc, char **argv);
/* Starts every task at time 0 and runs the events until there are none. */
void simon_core_loop(void);
/* Classifies the tasks left blocked; 4 after the deadlock lines on err when
 * one waits on a fifo another blocked task exports, else 0. */
int simon_core_finish(FILE *err);

/* For the switch models. */
void simon_core_arrive(int64_t time, simon_msg *msg, int dst);
void simon_core_switch_event(int64_t time, void *event);

/* For the report. */
typedef struct simon_task_view {
    int id;
    const char *name, *state;
    int64_t finish_ns, run_ns, wait_ns, sent, sent_bytes, recv, recv_bytes;
} simon_task_view;

typedef struct simon_circuit_view {
    const char *fifo;
    int src, dst;
    int64_t msgs, bytes;
} simon_circuit_view;

int simon_core_task_count(void);
void simon_core_task_view(int i, simon_task_view *v); /* in mktask order */
int64_t simon_core_events(void);
/* Every circuit that carried a message, by fifo name, source, destination;
 * free() the array. */
simon_circuit_view *simon_core_circuits(size_t *n);

#endif
