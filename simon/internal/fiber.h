/* fiber: the coroutines the tasks run on.  fiber_create() makes one that
 * will call fn(arg) on its first resume, on a stack from a pool of large
 * mappings (a guard page below each chunk of stacks; every stack has the
 * size of the first one created); fiber_free() returns the stack to the
 * pool and frees the fiber.  Switches go between the one scheduler context
 * (the thread's own stack) and a fiber: fiber_resume() from the scheduler,
 * fiber_yield()/fiber_exit() from the fiber.  A stack that overflowed is
 * caught when its fiber switches back (its lowest bytes, zero until
 * written, are checked) or when it reaches the chunk's guard page (a
 * SIGSEGV handler on its own signal stack): either prints the fiber's
 * overflow message and exits 1.  x86-64 and aarch64 use a hand-written
 * switch (callee-saved registers and the stack pointer); other machines,
 * or SIMON_FIBER_UCONTEXT, use ucontext.  Under AddressSanitizer every
 * switch is announced to it, and each chunk of stacks is a LeakSanitizer
 * root (a blocked task's locals still point at its memory). */
#ifndef SIMON_FIBER_H
#define SIMON_FIBER_H

#include <stddef.h>

typedef struct fiber fiber;

/* NULL when the stack cannot be mapped, or stack_bytes differs from the
 * first fiber's. */
fiber *fiber_create(size_t stack_bytes, void (*fn)(void *arg), void *arg);
/* Not the running fiber; sets *f to NULL. */
void fiber_free(fiber **f);

/* What to print (then exit 1) when f's stack overflows into its guard page;
 * copied.  Without it the process dies of the SIGSEGV. */
void fiber_set_overflow_message(fiber *f, const char *message);

/* Runs f until it yields or exits. */
void fiber_resume(fiber *f);
/* From inside the running fiber: back to the scheduler. */
void fiber_yield(void);
/* From inside the running fiber, which is never resumed again. */
_Noreturn void fiber_exit(void);

#endif
