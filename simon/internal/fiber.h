/* fiber: the coroutines the tasks run on.  A fiber owns an mmap'd stack
 * with a PROT_NONE guard page below it; fiber_create() makes one that will
 * call fn(arg) on its first resume, fiber_free() unmaps it.  Switches go
 * between the one scheduler context (the thread's own stack) and a fiber:
 * fiber_resume() from the scheduler, fiber_yield()/fiber_exit() from the
 * fiber.  A SIGSEGV handler on its own signal stack turns a fault in the
 * running fiber's guard page into a message and exit status 1.  x86-64
 * uses a hand-written switch (callee-saved registers and the stack
 * pointer); other machines, or SIMON_FIBER_UCONTEXT, use ucontext.  Under AddressSanitizer every
 * switch is announced to it, and each stack is a LeakSanitizer root while it
 * is mapped (a blocked task's locals still point at its memory). */
#ifndef SIMON_FIBER_H
#define SIMON_FIBER_H

#include <stddef.h>

typedef struct fiber fiber;

/* NULL when the stack cannot be mapped. */
fiber *fiber_create(size_t stack_bytes, void (*fn)(void *arg), void *arg);
void fiber_free(fiber *f);

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
