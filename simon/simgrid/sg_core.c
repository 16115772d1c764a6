/* SIMON's API on SimGrid's C API.  Each task is an actor on a host; a put
 * sends each copy as a detached SimGrid communication from the sender's
 * host to the receiver's, where a courier actor, created with it, takes it
 * from the pair's mailbox when the network has carried it and appends it to
 * the receiver's import.  The copies of one virtual circuit are numbered
 * at the put and appended in that order (SimGrid shares bandwidth, so a
 * short copy may overtake a long one on the wire; SIMON's fifos never
 * reorder a circuit).  simon_advance() is collected and spent as one exec
 * of that many nanoseconds at the host's speed before the task next talks
 * to the network or ends.  A controller actor ends the simulation once
 * every task has ended or is blocked and no copy is in flight, so a
 * deadlock is classified here, as the native core does, not by SimGrid. */
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <simgrid/actor.h>
#include <simgrid/comm.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>
#include <simgrid/semaphore.h>

#include "core.h"
#include "diag.h"
#include "front.h"
#include "mem.h"
#include "sg_engine.h"
#define SIMON_NO_SEED_NAMES
#include "simon.h"
#include "strbuf.h"

typedef struct sg_task sg_task;
typedef struct sg_name sg_name;

/* One message: one copy of the data for all its destinations. */
typedef struct sg_msg {
    int refs; /* copies not yet taken or dropped */
    int src;
    size_t len;
    unsigned char data[];
} sg_msg;

typedef struct sg_import {
    sg_name *name;
    sg_task *task;
    front_fifo q; /* of sg_msg */
    bool waited; /* its task's current call waits on it */
} sg_import;

struct sg_name {
    sg_import **importers; /* ascending task id */
    size_t nimp, capimp;
    sg_task **exporters;
    size_t nexp, capexp;
    char name[];
};

struct sg_copy;

/* A virtual circuit (sender, fifo, receiver): its copies are numbered when
 * put and appended in that order; those that came early wait in held. */
typedef struct sg_circuit {
    sg_import *imp;
    int src;
    uint64_t sent, appended;
    struct sg_copy **held;
    size_t nheld, capheld;
    int64_t msgs, bytes;
    struct sg_circuit *next; /* the hash chain */
} sg_circuit;

typedef struct sg_copy {
    sg_msg *msg;
    sg_circuit *circuit;
    uint64_t seq;
} sg_copy;

typedef enum sg_state { SG_NEW, SG_RUNNING, SG_BLOCKED, SG_DONE } sg_state;

struct sg_task {
    int id;
    char *name;
    void (*code)(void *parm);
    void *parm;
    sg_host_t host;
    sg_sem_t wake; /* released by the copy that unblocks it */
    sg_state state;
    bool suspended; /* once: no more fifo creation */
    bool deadlocked;
    int64_t clock;   /* SimGrid's clock when the task last came back from it */
    int64_t pending; /* advanced, not yet spent */
    front_counts counts;
    front_call call;
    sg_import **wait;
    size_t nwait, capwait;
    sg_import **imports;
    size_t nimports, capimports;
    void *glob; /* init(): the shared area and this task's image of it */
    size_t glob_len;
    unsigned char *image;
    bool has_init;
    strbuf cnv;
};

#define SG_CIRCUIT_BUCKETS 4096

static struct {
    sg_task **tasks; /* mktask order */
    size_t ntasks, captasks;
    sg_task boot;
    bool booting, network;
    front_names names; /* of sg_name */
    sg_circuit *circuits[SG_CIRCUIT_BUCKETS];
    size_t ncircuits;
    arena *strings;                 /* cnvarrsv */
    size_t ndone, nblocked, flying; /* tasks ended, blocked; copies in flight */
    size_t unsettled;               /* tasks before their first suspension or end */
    uint64_t changes;               /* fifos created, copies sent and appended */
    sg_sem_t quiet;                 /* released when none can go on */
    int64_t activities;             /* execs and communications started */
} sg = {.names = {.size = sizeof(sg_name), .offset = offsetof(sg_name, name)}};

#define GROW(ptr, n, cap)                                                  \
    do {                                                                   \
        if ((n) == (cap)) {                                                \
            (cap) = (cap) ? 2 * (cap) : 8;                                 \
            (ptr) = mem_realloc((ptr), (cap) * sizeof *(ptr));             \
        }                                                                  \
    } while (0)

static sg_task *sg_current(void)
{
    return sg.booting ? &sg.boot : sg_actor_self_get_data();
}

_Noreturn void front_engine_misuse(const char *func, const char *line)
{
    const sg_task *t = sg_current();
    if (!t)
        t = &sg.boot;
    fflush(stdout);
    diag_tool(DIAG_ERROR, "task %d \"%s\": %s: %s", t->id, t->name, func, line);
    fflush(NULL);
    /* exit() from an actor runs SimGrid's exit handlers, which abort */
    _exit(1);
}

static int64_t sg_now_ns(void)
{
    return llround(simgrid_get_clock() * 1e9);
}

/* Around every SimGrid call from a task: another actor may run meanwhile,
 * so the task's image of its global area goes out and comes back. */
static void sg_leave(sg_task *t)
{
    if (t->has_init)
        memcpy(t->image, t->glob, t->glob_len);
}

static void sg_back(sg_task *t)
{
    if (t->has_init)
        memcpy(t->glob, t->image, t->glob_len);
    t->clock = sg_now_ns();
}

/* The time advanced since the task last talked to SimGrid, as one exec. */
static void sg_spend(sg_task *t)
{
    if (!t->pending)
        return;
    double flops = (double)t->pending * 1e-9 * sg_host_get_speed(t->host);
    int64_t from = t->clock;
    t->pending = 0;
    sg.activities++;
    sg_leave(t);
    sg_actor_execute(flops);
    sg_back(t);
    t->counts.run_ns += t->clock - from;
}

/* The controller is told once no task can go on. */
static void sg_check_quiet(void)
{
    if (sg.ndone + sg.nblocked == sg.ntasks && sg.flying == 0)
        sg_sem_release(sg.quiet);
}

/* ---- fifo names and circuits ---- */

static sg_name *sg_name_find(const char *name)
{
    return front_name_find(&sg.names, name);
}

static sg_name *sg_name_get(const char *name)
{
    sg_name *found = sg_name_find(name);
    return found ? found : front_name_add(&sg.names, name);
}

static sg_import *sg_import_of(const sg_name *n, const sg_task *t)
{
    for (size_t i = 0; n && i < n->nimp; i++)
        if (n->importers[i]->task == t)
            return n->importers[i];
    return NULL;
}

static bool sg_exports(const sg_name *n, const sg_task *t)
{
    for (size_t i = 0; n && i < n->nexp; i++)
        if (n->exporters[i] == t)
            return true;
    return false;
}

static sg_circuit *sg_circuit_get(sg_import *imp, int src)
{
    size_t b = (size_t)((((uintptr_t)imp >> 4) * 31u + (unsigned)src) % SG_CIRCUIT_BUCKETS);
    for (sg_circuit *c = sg.circuits[b]; c; c = c->next)
        if (c->imp == imp && c->src == src)
            return c;
    sg_circuit *c = mem_alloc(sizeof *c);
    c->imp = imp;
    c->src = src;
    c->next = sg.circuits[b];
    sg.circuits[b] = c;
    sg.ncircuits++;
    return c;
}

/* ---- imports ---- */

static void sg_msg_release(sg_msg *m)
{
    if (--m->refs == 0)
        free(m);
}

static sg_msg *sg_fifo_pop(sg_import *imp)
{
    return front_fifo_pop(&imp->q);
}

static void sg_fifo_push(sg_import *imp, sg_msg *m)
{
    sg_msg *dropped = front_fifo_push(&imp->q, m);
    if (dropped)
        sg_msg_release(dropped);
}

/* m is in imp now: its task goes on if it was blocked waiting on imp. */
static void sg_append(sg_import *imp, sg_msg *m)
{
    sg.changes++;
    sg_fifo_push(imp, m);
    sg_task *t = imp->task;
    if (t->state == SG_BLOCKED && imp->waited) {
        t->state = SG_RUNNING;
        sg.nblocked--;
        sg_sem_release(t->wake);
    }
}

/* A copy the network delivered: appended in its circuit's order. */
static void sg_deliver(sg_copy *cp)
{
    sg_circuit *c = cp->circuit;
    if (cp->seq != c->appended) {
        GROW(c->held, c->nheld, c->capheld);
        c->held[c->nheld++] = cp;
        return;
    }
    for (;;) {
        c->appended++;
        c->msgs++;
        c->bytes += (int64_t)cp->msg->len;
        sg_append(c->imp, cp->msg);
        free(cp);
        cp = NULL;
        for (size_t i = 0; i < c->nheld && !cp; i++)
            if (c->held[i]->seq == c->appended) {
                cp = c->held[i];
                c->held[i] = c->held[--c->nheld];
            }
        if (!cp)
            return;
    }
}

/* ---- actors ---- */

static void sg_courier(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    sg_actor_daemonize(sg_actor_self());
    sg_copy *cp = sg_mailbox_get(sg_actor_self_get_data());
    sg.flying--;
    sg_deliver(cp);
    sg_check_quiet();
}

/* The caller gives way to every actor that can run at this instant, until
 * one round of them changed nothing (so two callers at one instant do not
 * give way to each other for ever). */
static void sg_quiesce(sg_task *t)
{
    uint64_t seen;
    sg_leave(t);
    do {
        seen = sg.changes;
        sg_actor_yield();
    } while (sg.changes != seen);
    sg_back(t);
}

/* The task can create no more fifos. */
static void sg_settle(sg_task *t)
{
    if (!t->suspended)
        sg.unsettled--;
    t->suspended = true;
}

static void sg_task_end(sg_task *t)
{
    sg_spend(t);
    sg_settle(t);
    t->state = SG_DONE;
    sg.ndone++;
    sg_check_quiet();
}

static void sg_task_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    sg_task *t = sg_actor_self_get_data();
    sg_actor_daemonize(sg_actor_self());
    t->state = SG_RUNNING;
    t->code(t->parm);
    sg_task_end(t);
}

static void sg_controller(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    if (sg.ndone + sg.nblocked != sg.ntasks || sg.flying)
        sg_sem_acquire(sg.quiet);
}

static void sg_start(const char *name, sg_host_t host, void (*code)(int, char **), void *data)
{
    sg_actor_t a = sg_actor_init(name, host);
    sg_actor_set_data(a, data);
    sg_actor_start_(a, code, 0, NULL);
}

/* One copy of m from t to imp's task through the network. */
static void sg_send_copy(sg_task *t, sg_import *imp, sg_msg *m)
{
    sg_copy *cp = mem_alloc(sizeof *cp);
    cp->msg = m;
    cp->circuit = sg_circuit_get(imp, t->id);
    cp->seq = cp->circuit->sent++;
    if (!sg.network) {
        sg_deliver(cp);
        return;
    }
    char box[64];
    snprintf(box, sizeof box, "%d>%d", t->id, imp->task->id);
    sg_mailbox_t mb = sg_mailbox_by_name(box);
    sg.flying++;
    sg.activities++;
    sg_comm_detach(sg_mailbox_put_init(mb, cp, (long)m->len), NULL);
    sg_start("courier", imp->task->host, sg_courier, mb);
}

/* ---- the engine's entry points ---- */

void simon_sg_boot(int argc, char **argv)
{
    sg.boot.name = "bootstrap";
    sg.strings = arena_create();
    sg.booting = true;
    bootstrap(argc, argv);
    sg.booting = false;
}

/* SimGrid aborts a run its platform cannot carry (two hosts without a
 * route between them, ...) after saying why: the run ends as one on a bad
 * platform does, exit 3, not as a crash. */
static void sg_aborted(int sig)
{
    (void)sig;
    static const char text[] = "simon: error: the run was aborted: by SimGrid, on a platform "
                               "it cannot carry, or by the program (the message above)\n";
    ssize_t n = write(STDERR_FILENO, text, sizeof text - 1);
    (void)n;
    _exit(3);
}

void simon_sg_run(bool network)
{
    signal(SIGABRT, sg_aborted);
    sg.network = network;
    sg_host_t *hosts = sg_host_list();
    size_t nhosts = sg_host_count();
    sg.quiet = sg_sem_init(0);
    sg.unsettled = sg.ntasks;
    for (size_t i = 0; i < sg.ntasks; i++) {
        sg_task *t = sg.tasks[i];
        t->host = hosts[i % nhosts];
        t->wake = sg_sem_init(0);
        sg_start(t->name, t->host, sg_task_main, t);
    }
    sg_start("controller", hosts[0], sg_controller, NULL);
    free(hosts);
    simgrid_run();
}

static bool sg_blocked_by_other(const sg_task *t)
{
    for (size_t i = 0; i < t->nwait; i++) {
        const sg_name *n = t->wait[i]->name;
        for (size_t k = 0; k < n->nexp; k++)
            if (n->exporters[k] != t && n->exporters[k]->state == SG_BLOCKED)
                return true;
    }
    return false;
}

static void sg_waiter(size_t i, front_waiter *w, strbuf *fifos)
{
    const sg_task *t = sg.tasks[i];
    *w = (front_waiter){t->state == SG_BLOCKED, t->deadlocked, t->id, t->name, t->call};
    for (size_t k = 0; k < t->nwait; k++)
        strbuf_printf(fifos, " %s", t->wait[k]->name->name);
}

int simon_sg_finish(FILE *err)
{
    bool deadlock = false;
    int64_t at = 0;
    for (size_t i = 0; i < sg.ntasks; i++) {
        sg_task *t = sg.tasks[i];
        if (t->state == SG_BLOCKED && sg_blocked_by_other(t)) {
            t->deadlocked = deadlock = true;
            if (t->clock > at)
                at = t->clock;
        }
    }
    if (!deadlock)
        return 0;
    front_deadlock_lines(err, at, sg.ntasks, sg_waiter);
    return 4;
}

/* ---- the report's views (core.h) ---- */

int simon_core_task_count(void)
{
    return (int)sg.ntasks;
}

void simon_core_task_view(int i, simon_task_view *v)
{
    const sg_task *t = sg.tasks[i];
    front_task_view(v, t->id, t->name, t->state == SG_DONE, t->deadlocked, t->clock, &t->counts);
}

int64_t simon_core_events(void)
{
    return sg.activities;
}

simon_circuit_view *simon_core_circuits(size_t *n)
{
    simon_circuit_view *all = mem_alloc((sg.ncircuits + 1) * sizeof *all);
    size_t count = 0;
    for (size_t b = 0; b < SG_CIRCUIT_BUCKETS; b++)
        for (const sg_circuit *c = sg.circuits[b]; c; c = c->next)
            if (c->msgs)
                all[count++] = (simon_circuit_view){c->imp->name->name, c->src, c->imp->task->id,
                                                    c->msgs, c->bytes};
    if (count)
        qsort(all, count, sizeof *all, front_circuit_order);
    *n = count;
    return all;
}

/* ---- the user API ---- */

static sg_task *sg_task_by_id(int id)
{
    for (size_t i = 0; i < sg.ntasks; i++)
        if (sg.tasks[i]->id == id)
            return sg.tasks[i];
    return id == 0 ? &sg.boot : NULL;
}

static sg_task *sg_caller(const char *func, bool communicates)
{
    sg_task *t = sg_current();
    if (!t)
        front_misuse(func, "called outside the simulation");
    if (communicates && t == &sg.boot)
        front_misuse(func, "bootstrap cannot communicate");
    return t;
}

int simon_mktask(const char *name, void (*code)(void *parm), int id, const void *parm, size_t len)
{
    if (!sg.booting)
        front_misuse("mktask", "only bootstrap creates tasks");
    front_check_mktask(name, code, id, sg_task_by_id(id) != NULL, parm, len);
    sg_task *t = mem_alloc(sizeof *t);
    t->id = id;
    t->name = mem_strdup(name);
    t->code = code;
    if (len) {
        t->parm = mem_alloc(len);
        memcpy(t->parm, parm, len);
    }
    GROW(sg.tasks, sg.ntasks, sg.captasks);
    sg.tasks[sg.ntasks++] = t;
    return id;
}

void simon_init(void *glob, size_t len)
{
    sg_task *t = sg_caller("init", true);
    if (t->has_init)
        front_misuse("init", "called twice");
    front_area_init(glob, len);
    t->glob = glob;
    t->glob_len = len;
    t->image = mem_alloc(len);
    t->has_init = true;
}

static sg_task *sg_creating(const char *func, const char *name)
{
    sg_task *t = sg_caller(func, true);
    if (t->suspended)
        front_misuse(func, "fifos are created before the task's first suspension");
    front_check_fifo_name(func, name);
    return t;
}

void simon_export(const char *name)
{
    sg_task *t = sg_creating("export", name);
    sg_name *n = sg_name_get(name);
    if (sg_exports(n, t))
        front_misuse("export", "\"%s\" is already an export fifo of this task", name);
    GROW(n->exporters, n->nexp, n->capexp);
    n->exporters[n->nexp++] = t;
    sg.changes++;
}

void simon_import(const char *name, int maxlen)
{
    sg_task *t = sg_creating("import", name);
    front_check_maxlen(maxlen);
    sg_name *n = sg_name_get(name);
    if (sg_import_of(n, t))
        front_misuse("import", "\"%s\" is already an import fifo of this task", name);
    sg_import *imp = mem_alloc(sizeof *imp);
    imp->name = n;
    imp->task = t;
    imp->q.maxlen = maxlen;
    GROW(n->importers, n->nimp, n->capimp);
    size_t at = n->nimp;
    while (at > 0 && n->importers[at - 1]->task->id > t->id)
        at--;
    memmove(n->importers + at + 1, n->importers + at, (n->nimp - at) * sizeof *n->importers);
    n->importers[at] = imp;
    n->nimp++;
    GROW(t->imports, t->nimports, t->capimports);
    t->imports[t->nimports++] = imp;
    sg.changes++;
}

char *simon_cnvarr(const char *base, int i)
{
    sg_task *t = sg_caller("cnvarr", false);
    front_array_name(&t->cnv, base, i);
    return t->cnv.s;
}

char *simon_cnvarrsv(const char *base, int i)
{
    strbuf b = STRBUF_INIT;
    sg_caller("cnvarrsv", false);
    char *s = arena_strdup(sg.strings, front_array_name(&b, base, i));
    strbuf_release(&b);
    return s;
}

static void sg_send(const char *func, const char *name, const void *data, size_t len,
                    bool to_self)
{
    sg_task *t = sg_caller(func, true);
    if (!name)
        front_misuse(func, "fifo name is NULL");
    sg_name *n = sg_name_find(name);
    if (!sg_exports(n, t))
        front_misuse(func, "\"%s\" is not an export fifo of this task", name);
    sg_import *own = sg_import_of(n, t);
    if (to_self && !own)
        front_misuse(func, "\"%s\" is not also an import fifo of this task", name);
    if (len && !data)
        front_misuse(func, "data is NULL");
    sg_spend(t);
    /* The native core takes every send after all the tasks' first runs,
     * in which they create their fifos: those started at this instant run
     * up to their first SimGrid call before the copies are addressed. */
    if (sg.unsettled)
        sg_quiesce(t);
    sg.changes++;
    front_count_put(&t->counts, len);
    int others = (int)n->nimp - (own != NULL);
    if (others + to_self == 0)
        return;
    sg_msg *m = mem_alloc(sizeof *m + len);
    m->refs = others + to_self;
    m->src = t->id;
    m->len = len;
    if (len)
        memcpy(m->data, data, len);
    /* puts's copy to the sender never enters the network */
    if (to_self)
        sg_append(own, m);
    sg_leave(t);
    for (size_t i = 0; i < n->nimp; i++)
        if (n->importers[i] != own)
            sg_send_copy(t, n->importers[i], m);
    sg_back(t);
}

void simon_put(const char *name, const void *data, size_t len)
{
    sg_send("put", name, data, len, false);
}

void simon_puts(const char *name, const void *data, size_t len)
{
    sg_send("puts", name, data, len, true);
}

static sg_import *sg_own_import(const char *func, sg_task *t, const char *name)
{
    if (!name)
        front_misuse(func, "fifo name is NULL");
    for (size_t i = 0; i < t->nimports; i++)
        if (strcmp(t->imports[i]->name->name, name) == 0)
            return t->imports[i];
    front_misuse(func, "\"%s\" is not an import fifo of this task", name);
}

static void sg_wait_clear(sg_task *t)
{
    for (size_t i = 0; i < t->nwait; i++)
        t->wait[i]->waited = false;
    t->nwait = 0;
}

static void sg_wait_on(sg_task *t, sg_import *imp)
{
    GROW(t->wait, t->nwait, t->capwait);
    t->wait[t->nwait++] = imp;
    imp->waited = true;
}

static bool sg_any_nonempty(const sg_task *t)
{
    for (size_t i = 0; i < t->nwait; i++)
        if (t->wait[i]->q.count)
            return true;
    return false;
}

/* The native core's get event: the caller gives way until the others
 * have nothing more to do at this instant, so every copy sent and
 * delivered now is in its fifos before it looks. */
static void sg_suspend(sg_task *t, front_call call)
{
    t->call = call;
    sg_settle(t);
    sg_quiesce(t);
}

/* get and waitf: blocked until a copy comes to a fifo waited on. */
static void sg_block(sg_task *t)
{
    while (!sg_any_nonempty(t)) {
        int64_t from = t->clock;
        t->state = SG_BLOCKED;
        sg.nblocked++;
        sg_check_quiet();
        sg_leave(t);
        sg_sem_acquire(t->wake);
        sg_back(t);
        t->counts.wait_ns += t->clock - from;
    }
}

/* The caller, waiting on imp alone, has news of it for call. */
static void sg_wait_only_on(sg_task *t, sg_import *imp, front_call call)
{
    sg_spend(t);
    sg_wait_clear(t);
    sg_wait_on(t, imp);
    sg_suspend(t, call);
}

size_t simon_get(const char *name, void *data)
{
    sg_task *t = sg_caller("get", true);
    sg_import *imp = sg_own_import("get", t, name);
    if (!imp->q.count) {
        sg_wait_only_on(t, imp, CALL_GET);
        sg_block(t);
    }
    sg_msg *m = sg_fifo_pop(imp);
    size_t len = m->len;
    front_take(&t->counts, data, m->data, len);
    sg_msg_release(m);
    return len;
}

void simon_waitf(char *const *names, int n)
{
    sg_task *t = sg_caller("waitf", true);
    if (n <= 0 || !names)
        front_misuse("waitf", "no fifos to wait on");
    sg_wait_clear(t);
    for (int i = 0; i < n; i++)
        sg_wait_on(t, sg_own_import("waitf", t, names[i]));
    if (sg_any_nonempty(t))
        return;
    sg_spend(t);
    sg_suspend(t, CALL_WAITF);
    sg_block(t);
}

size_t simon_size(const char *name)
{
    sg_task *t = sg_caller("size", true);
    sg_import *imp = sg_own_import("size", t, name);
    if (!imp->q.count)
        sg_wait_only_on(t, imp, CALL_SIZE);
    return imp->q.count ? ((const sg_msg *)front_fifo_front(&imp->q))->len : 0;
}

int simon_qlength(const char *name)
{
    sg_task *t = sg_caller("qlength", true);
    sg_import *imp = sg_own_import("qlength", t, name);
    sg_wait_only_on(t, imp, CALL_QLENGTH);
    return (int)imp->q.count;
}

int simon_overfl(const char *name)
{
    sg_task *t = sg_caller("overfl", true);
    sg_import *imp = sg_own_import("overfl", t, name);
    sg_wait_only_on(t, imp, CALL_OVERFL);
    return front_fifo_take_overfl(&imp->q);
}

int64_t simon_getclk(int id)
{
    sg_task *t = sg_caller("getclk", false);
    if (id != t->id)
        front_misuse("getclk", "id %d is not the caller's (%d): only a task's own clock is defined",
                  id, t->id);
    return t->clock + t->pending;
}

int simon_task(void)
{
    return sg_caller("task", false)->id;
}

const char *simon_taskname(int id)
{
    sg_caller("taskname", false);
    sg_task *t = sg_task_by_id(id);
    if (!t)
        front_misuse("taskname", "no task has id %d", id);
    return t->name;
}

_Noreturn void simon_stop(void)
{
    sg_task_end(sg_caller("stop", true));
    sg_actor_exit();
}

void simon_advance(int64_t ns)
{
    sg_task *t = sg_caller("simon_advance", false);
    front_check_advance(ns);
    t->pending += ns;
}
