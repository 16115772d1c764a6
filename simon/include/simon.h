/* simon.h: the user API of SIMON, the simulator of message-passing tasks
 * (Fujimoto's 1983 SIMON, in C11).  A simulated program defines
 * bootstrap(); libsimon holds main(), which runs bootstrap as task 0, then
 * every task it created as a coroutine with its own virtual clock.
 *
 * Time is int64_t nanoseconds.  Every symbol is simon_-prefixed; the seed's
 * names (mktask, put, get, ...) are function-like macros over them, so a
 * variable called `size` or `task` is left alone.  Define
 * SIMON_NO_SEED_NAMES before including this header to get only the
 * prefixed names.  `puts` picks by its argument count: puts("x") is stdio's,
 * puts(name, data, len) is SIMON's put-to-self.
 *
 * Ownership: mktask copies name and parm; the parameter block is the task's
 * until the end of the run.  taskname() strings belong to SIMON.  cnvarr()
 * returns the caller's one buffer (overwritten by its next cnvarr);
 * cnvarrsv() strings live until the end of the run and must not be freed. */
#ifndef SIMON_H
#define SIMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* User-written: task 0, given the arguments after `--`. */
void bootstrap(int argc, char **argv);

int simon_mktask(const char *name, void (*code)(void *parm), int id, const void *parm, size_t len);
void simon_init(void *glob, size_t len);
void simon_export(const char *name);
void simon_import(const char *name, int maxlen);
void simon_exparr(const char *base, int n);
void simon_imparr(const char *base, int n, int maxlen);
char *simon_cnvarr(const char *base, int i);
char *simon_cnvarrsv(const char *base, int i);
void simon_put(const char *name, const void *data, size_t len);
void simon_puts(const char *name, const void *data, size_t len);
size_t simon_get(const char *name, void *data);
void simon_waitf(char *const *names, int n);
size_t simon_size(const char *name);
int simon_qlength(const char *name);
int simon_overfl(const char *name);
int64_t simon_getclk(int id);
int simon_task(void);
const char *simon_taskname(int id);
_Noreturn void simon_stop(void);
void simon_advance(int64_t ns);

/* stdio's puts under its own name, for the one-argument form of the macro. */
static inline int simon_stdio_puts(const char *s)
{
    return (puts)(s);
}

#ifndef SIMON_NO_SEED_NAMES
#define mktask(name, code, id, parm, len) simon_mktask(name, code, id, parm, len)
#define init(glob, len) simon_init(glob, len)
#define export(name) simon_export(name)
#define import(name, maxlen) simon_import(name, maxlen)
#define exparr(base, n) simon_exparr(base, n)
#define imparr(base, n, maxlen) simon_imparr(base, n, maxlen)
#define cnvarr(base, i) simon_cnvarr(base, i)
#define cnvarrsv(base, i) simon_cnvarrsv(base, i)
#define put(name, data, len) simon_put(name, data, len)
#define get(name, data) simon_get(name, data)
#define waitf(names, n) simon_waitf(names, n)
#define size(name) simon_size(name)
#define qlength(name) simon_qlength(name)
#define overfl(name) simon_overfl(name)
#define getclk(id) simon_getclk(id)
#define task() simon_task()
#define taskname(id) simon_taskname(id)
#define stop() simon_stop()
/* The fourth argument of SIMON_PICK_ is the function for 3, 2 or 1
 * arguments; two arguments name no function, so the call fails to compile. */
#define SIMON_PICK_(a, b, c, f, ...) f
#define puts(...) SIMON_PICK_(__VA_ARGS__, simon_puts, simon_puts_takes_1_or_3_arguments, \
                              simon_stdio_puts, 0)(__VA_ARGS__)
#endif

#endif
