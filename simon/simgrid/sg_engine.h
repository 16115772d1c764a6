/* sg_engine: SIMON's API (simon.h) on SimGrid, the second engine.  It owns
 * the tasks, fifo names, imports, circuits and messages until the process
 * exits, as the native core does; sg_main.c drives it: boot (bootstrap as
 * task 0), then, once a platform is loaded, run (an actor per task, a
 * courier actor per copy in flight, a controller that ends the simulation
 * when no task can go on), then finish (the deadlock lines).  The report's
 * views are core.h's (simon_core_task_view, ...), so stats.c serves both
 * engines. */
#ifndef SIMON_SG_ENGINE_H
#define SIMON_SG_ENGINE_H

#include <stdbool.h>
#include <stdio.h>

/* Runs bootstrap as task 0: the tasks exist, none has run. */
void simon_sg_boot(int argc, char **argv);
/* Every task on a host of the loaded platform (the k-th task created on
 * host k mod H, hosts in name order) and the run until no task can go on;
 * network false: no platform link carries anything, every copy arrives at
 * its send time (the null switch). */
void simon_sg_run(bool network);
/* As simon_core_finish: 4 after the deadlock lines on err, else 0. */
int simon_sg_finish(FILE *err);

#endif
