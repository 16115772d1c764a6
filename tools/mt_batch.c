#include "mt_batch.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analyzer.h"
#include "diag.h"
#include "loop_model.h"
#include "mem.h"
#include "strbuf.h"

/* A unit a worker ran: what it made, for the calling thread to take. */
typedef struct mt_slot {
    lm_program *program;
    strbuf messages;
    bool done, ok;
} mt_slot;

typedef struct mt_shared {
    const mt_batch *b;
    const mt_unit *units;
    size_t n;
    mt_slot *slots;
    pthread_mutex_t lock;
    pthread_cond_t finished; /* a worker finished a unit */
    size_t next;             /* the first unit no worker took */
    size_t ndone, nloops;    /* units the workers finished, and their loops */
} mt_shared;

typedef struct mt_worker {
    mt_shared *sh;
    analyzer *a;
    pthread_t thread;
} mt_worker;

/* The next unit for a worker, or n when there is none left. */
static size_t mt_take(mt_shared *sh)
{
    pthread_mutex_lock(&sh->lock);
    size_t i = sh->next;
    while (i < sh->n && sh->units[i].on_main)
        i++;
    sh->next = i < sh->n ? i + 1 : sh->n;
    pthread_mutex_unlock(&sh->lock);
    return i;
}

static void *mt_worker_main(void *data)
{
    mt_worker *w = data;
    mt_shared *sh = w->sh;
    size_t i;
    while ((i = mt_take(sh)) < sh->n) {
        mt_slot *s = &sh->slots[i];
        lm_program *p = lm_program_create();
        strbuf *before = diag_capture(&s->messages);
        bool ok = sh->b->run(sh->b->ctx, w->a, p, &sh->units[i]);
        diag_capture(before);
        pthread_mutex_lock(&sh->lock);
        s->program = p;
        s->ok = ok;
        s->done = true;
        sh->ndone++;
        sh->nloops += p->nloops;
        pthread_cond_broadcast(&sh->finished);
        pthread_mutex_unlock(&sh->lock);
    }
    return NULL;
}

/* ---- The progress line ---- */

typedef struct mt_progress {
    const mt_batch *b;
    size_t total;
    struct timespec start;
    double last; /* when the line was last drawn */
    bool shown;  /* a line is on the terminal */
} mt_progress;

static double mt_seconds_since(const struct timespec *t)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t->tv_sec) + (double)(now.tv_nsec - t->tv_nsec) / 1e9;
}

/* Off the terminal before messages are written over it. */
static void mt_progress_clear(mt_progress *pr)
{
    if (pr->shown) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
        pr->shown = false;
    }
}

static void mt_progress_draw(mt_progress *pr, size_t done, size_t loops, bool last)
{
    if (!pr->b->progress)
        return;
    /* In place ten times a second at most, else once a second. */
    double elapsed = mt_seconds_since(&pr->start);
    if (!last && elapsed - pr->last < (pr->b->in_place ? 0.1 : 1.0))
        return;
    pr->last = elapsed;
    char left[64] = "";
    if (done > 0 && done < pr->total)
        snprintf(left, sizeof left, ", about %.0f s left",
                 elapsed * (double)(pr->total - done) / (double)done);
    fprintf(stderr, "%smeasuretool: %zu/%zu files, %zu loops, %u errors, %.1f s%s%s",
            pr->b->in_place ? "\r" : "", done, pr->total, loops, diag_error_count(), elapsed,
            left, pr->b->in_place ? "\033[K" : "\n");
    fflush(stderr);
    pr->shown = pr->b->in_place;
}

/* ---- The run ---- */

/* Wait until unit i is done, redrawing the progress line meanwhile. */
static void mt_wait(mt_shared *sh, size_t i, mt_progress *pr, size_t main_done,
                    size_t main_loops)
{
    pthread_mutex_lock(&sh->lock);
    while (!sh->slots[i].done) {
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += 200 * 1000 * 1000;
        if (until.tv_nsec >= 1000 * 1000 * 1000) {
            until.tv_sec++;
            until.tv_nsec -= 1000 * 1000 * 1000;
        }
        pthread_cond_timedwait(&sh->finished, &sh->lock, &until);
        size_t done = sh->ndone + main_done, loops = sh->nloops + main_loops;
        pthread_mutex_unlock(&sh->lock);
        mt_progress_draw(pr, done, loops, false);
        pthread_mutex_lock(&sh->lock);
    }
    pthread_mutex_unlock(&sh->lock);
}

/* Workers for the units that are not the calling thread's; how many started. */
static size_t mt_start_workers(mt_shared *sh, mt_worker *w, size_t want)
{
    for (size_t k = 0; k < want; k++)
        w[k] = (mt_worker){sh, analyzer_create(sh->b->analyzer), 0};
    size_t started = 0;
    while (started < want && pthread_create(&w[started].thread, NULL, mt_worker_main,
                                            &w[started]) == 0)
        started++;
    for (size_t k = started; k < want; k++)
        analyzer_free(&w[k].a);
    return started;
}

static void mt_shared_init(mt_shared *sh, const mt_batch *b, const mt_unit *units, size_t n)
{
    *sh = (mt_shared){.b = b, .units = units, .n = n};
    sh->slots = mem_alloc((n ? n : 1) * sizeof *sh->slots);
    pthread_mutex_init(&sh->lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&sh->finished, &attr);
    pthread_condattr_destroy(&attr);
}

static void mt_shared_release(mt_shared *sh)
{
    for (size_t i = 0; i < sh->n; i++) {
        lm_program_free(&sh->slots[i].program);
        strbuf_release(&sh->slots[i].messages);
    }
    free(sh->slots);
    pthread_mutex_destroy(&sh->lock);
    pthread_cond_destroy(&sh->finished);
}

bool mt_batch_run(const mt_batch *b, const mt_unit *units, size_t n, lm_program *into)
{
    mt_shared sh;
    mt_shared_init(&sh, b, units, n);
    mt_progress pr = {b, n, {0, 0}, 0.0, false};
    clock_gettime(CLOCK_MONOTONIC, &pr.start);
    size_t for_workers = 0;
    for (size_t i = 0; i < n; i++)
        for_workers += !units[i].on_main;
    size_t want = for_workers < b->jobs ? for_workers : b->jobs;
    mt_worker *workers = mem_alloc((want ? want : 1) * sizeof *workers);
    size_t started = mt_start_workers(&sh, workers, want);
    /* No thread could start: the calling thread does all the work. */
    analyzer *own = started == 0 && for_workers ? analyzer_create(b->analyzer) : NULL;
    bool ok = true;
    size_t main_done = 0, main_loops = 0;
    for (size_t i = 0; i < n; i++) {
        if (units[i].on_main || own) {
            size_t before = into->nloops;
            mt_progress_clear(&pr);
            ok &= b->run(b->ctx, own, into, &units[i]);
            main_done++;
            main_loops += into->nloops - before;
        } else {
            mt_wait(&sh, i, &pr, main_done, main_loops);
            if (sh.slots[i].messages.len)
                mt_progress_clear(&pr);
            diag_flush_captured(&sh.slots[i].messages);
            lm_program_absorb(into, &sh.slots[i].program);
            ok &= sh.slots[i].ok;
        }
        pthread_mutex_lock(&sh.lock);
        size_t done = sh.ndone + main_done, loops = sh.nloops + main_loops;
        pthread_mutex_unlock(&sh.lock);
        mt_progress_draw(&pr, done, loops, i + 1 == n);
    }
    for (size_t k = 0; k < started; k++) {
        pthread_join(workers[k].thread, NULL);
        analyzer_free(&workers[k].a);
    }
    analyzer_free(&own);
    mt_progress_clear(&pr);
    free(workers);
    mt_shared_release(&sh);
    return ok;
}
