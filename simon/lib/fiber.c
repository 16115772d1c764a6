/* mmap's MAP_ANONYMOUS and ucontext need more than _XOPEN_SOURCE=700 gives. */
#define _DEFAULT_SOURCE
#define _GNU_SOURCE
#include "fiber.h"

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "mem.h"

#if (defined(__x86_64__) || defined(__aarch64__)) && !defined(SIMON_FIBER_UCONTEXT)
#define FIBER_ASM 1
#else
#define FIBER_ASM 0
#include <ucontext.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
#define FIBER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FIBER_ASAN 1
#endif
#endif
#ifndef FIBER_ASAN
#define FIBER_ASAN 0
#endif
#if FIBER_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/lsan_interface.h>
#endif

struct fiber {
    void *map;        /* its chunk's guard page: below it, every lower stack of the chunk */
    char *stack;      /* lowest usable byte */
    size_t stack_bytes;
    void (*fn)(void *arg);
    void *arg;
    char *overflow; /* the message for a fault in the guard page */
#if FIBER_ASM
    void *sp;         /* saved stack pointer while switched out */
#else
    ucontext_t ctx;
#endif
};

/* The scheduler's side of the switch, and the fiber running now. */
static struct {
#if FIBER_ASM
    void *sp;
#else
    ucontext_t ctx;
#endif
    const void *stack; /* the scheduler's stack, as ASan reported it */
    size_t stack_bytes;
    fiber *current;
} fiber_sched;

/* Stacks come from chunks: one mapping of a guard page and then as many
 * stacks as fit in FIBER_CHUNK_BYTES, so a chunk is two kernel mappings
 * (not two per stack: 100,000 tasks stay far below vm.max_map_count).  A
 * stack that overflows runs into the one below it; the canary (the
 * stack's lowest FIBER_CANARY_BYTES, zero until written) is checked at
 * every switch back to the scheduler, and endless recursion reaches the
 * chunk's guard page.  Freed stacks are kept for reuse. */
enum { FIBER_CHUNK_BYTES = 64 << 20, FIBER_CANARY_BYTES = 32 };

/* Cache lines fetched below and above a fiber's saved stack pointer as it
 * resumes. */
enum { FIBER_PREFETCH_BELOW = 8, FIBER_PREFETCH_ABOVE = 4 };

typedef struct fiber_stack_pool {
    size_t stack_bytes; /* of every stack; the first fiber_create fixes it */
    char *guard;        /* the current chunk's guard page */
    char *next;         /* its next unused stack */
    size_t left;        /* stacks left in it */
    struct fiber_freed {
        char *guard, *stack;
    } *free;            /* freed stacks */
    size_t nfree, capfree;
} fiber_stack_pool;

static fiber_stack_pool fiber_pool;

#if FIBER_ASM
/* fiber_switch(save, to): push the callee-saved registers, store the stack
 * pointer in *save, load `to`, pop and return on the other stack. */
void fiber_switch(void **save, void *to);
#if defined(__aarch64__)
/* The AAPCS64 callee-saved registers: x19-x28, the frame pointer x29, the
 * link register x30 (where ret goes) and the low halves of v8-v15, in a
 * 160-byte frame (16-byte aligned, as sp must be). */
__asm__(".text\n"
        ".globl fiber_switch\n"
        ".type fiber_switch,%function\n"
        "fiber_switch:\n"
        "  sub sp, sp, #160\n"
        "  stp x19, x20, [sp, #0]\n  stp x21, x22, [sp, #16]\n  stp x23, x24, [sp, #32]\n"
        "  stp x25, x26, [sp, #48]\n  stp x27, x28, [sp, #64]\n  stp x29, x30, [sp, #80]\n"
        "  stp d8, d9, [sp, #96]\n  stp d10, d11, [sp, #112]\n  stp d12, d13, [sp, #128]\n"
        "  stp d14, d15, [sp, #144]\n"
        "  mov x2, sp\n  str x2, [x0]\n"
        "  mov sp, x1\n"
        "  ldp x19, x20, [sp, #0]\n  ldp x21, x22, [sp, #16]\n  ldp x23, x24, [sp, #32]\n"
        "  ldp x25, x26, [sp, #48]\n  ldp x27, x28, [sp, #64]\n  ldp x29, x30, [sp, #80]\n"
        "  ldp d8, d9, [sp, #96]\n  ldp d10, d11, [sp, #112]\n  ldp d12, d13, [sp, #128]\n"
        "  ldp d14, d15, [sp, #144]\n"
        "  add sp, sp, #160\n"
        "  ret\n"
        ".size fiber_switch,.-fiber_switch\n");
#else
__asm__(".text\n"
        ".globl fiber_switch\n"
        ".type fiber_switch,@function\n"
        "fiber_switch:\n"
        "  pushq %rbp\n  pushq %rbx\n  pushq %r12\n  pushq %r13\n  pushq %r14\n  pushq %r15\n"
        "  movq %rsp, (%rdi)\n"
        "  movq %rsi, %rsp\n"
        "  popq %r15\n  popq %r14\n  popq %r13\n  popq %r12\n  popq %rbx\n  popq %rbp\n"
        "  ret\n"
        ".size fiber_switch,.-fiber_switch\n");
#endif
#endif

static void fiber_asan_start(void **fake, const void *bottom, size_t bytes)
{
#if FIBER_ASAN
    __sanitizer_start_switch_fiber(fake, bottom, bytes);
#else
    (void)fake, (void)bottom, (void)bytes;
#endif
}

static void fiber_asan_finish(void *fake, const void **bottom, size_t *bytes)
{
#if FIBER_ASAN
    __sanitizer_finish_switch_fiber(fake, bottom, bytes);
#else
    (void)fake, (void)bottom, (void)bytes;
#endif
}

/* Where every fiber starts: its function, then the exit switch. */
static void fiber_entry(void)
{
    fiber_asan_finish(NULL, &fiber_sched.stack, &fiber_sched.stack_bytes);
    fiber *f = fiber_sched.current;
    f->fn(f->arg);
    fiber_exit();
}

#if FIBER_ASM && defined(__aarch64__)
/* A frame as fiber_switch leaves one, every register 0 but x30, the link
 * register its ret jumps to. */
static void fiber_prepare(fiber *f)
{
    uintptr_t top = ((uintptr_t)f->stack + f->stack_bytes) & ~(uintptr_t)15;
    void **sp = (void **)(top - 160);
    memset(sp, 0, 160);
    sp[11] = (void *)fiber_entry; /* x30, at sp + 88 */
    f->sp = sp;
}
#elif FIBER_ASM
static void fiber_prepare(fiber *f)
{
    uintptr_t top = ((uintptr_t)f->stack + f->stack_bytes) & ~(uintptr_t)15;
    void **sp = (void **)top;
    *--sp = NULL;                 /* fiber_entry's return address: never used */
    *--sp = (void *)fiber_entry;  /* where fiber_switch's ret goes */
    for (int i = 0; i < 6; i++)
        *--sp = NULL;             /* rbp rbx r12 r13 r14 r15 */
    f->sp = sp;
}
#else
static void fiber_prepare(fiber *f)
{
    getcontext(&f->ctx);
    f->ctx.uc_stack.ss_sp = f->stack;
    f->ctx.uc_stack.ss_size = f->stack_bytes;
    f->ctx.uc_link = NULL;
    makecontext(&f->ctx, fiber_entry, 0);
}
#endif

/* Ends the run with f's overflow message (async-signal-safe). */
_Noreturn static void fiber_overflowed(const fiber *f)
{
    ssize_t ignored = write(STDERR_FILENO, f->overflow, strlen(f->overflow));
    (void)ignored;
    _exit(1);
}

/* A fault below the running fiber's stack, down to its chunk's guard page,
 * ends the run with its message; any other fault gets the default action
 * once the handler returns. */
static void fiber_on_segv(int sig, siginfo_t *info, void *uctx)
{
    (void)uctx;
    const fiber *f = fiber_sched.current;
    const char *addr = info->si_addr;
    if (f && f->overflow && addr >= (const char *)f->map && addr < f->stack)
        fiber_overflowed(f);
    signal(sig, SIG_DFL);
}

/* The handler runs on a stack of its own: the fiber's is full. */
static void fiber_install_segv(void)
{
    static bool installed;
    static char *alt;
    if (installed)
        return;
    installed = true;
    enum { ALT_BYTES = 64 * 1024 };
    alt = mem_alloc(ALT_BYTES);
    stack_t ss = {.ss_sp = alt, .ss_size = ALT_BYTES, .ss_flags = 0};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = fiber_on_segv;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    if (sigaltstack(&ss, NULL) == 0)
        sigaction(SIGSEGV, &sa, NULL);
}

void fiber_set_overflow_message(fiber *f, const char *message)
{
    free(f->overflow);
    f->overflow = mem_strdup(message);
}

/* A new chunk for the pool's stacks; false when it cannot be mapped. */
static bool fiber_pool_grow(size_t page)
{
    fiber_stack_pool *p = &fiber_pool;
    size_t count = FIBER_CHUNK_BYTES / p->stack_bytes;
    if (count == 0)
        count = 1;
    size_t bytes = page + count * p->stack_bytes;
    char *map = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (map == MAP_FAILED)
        return false;
    if (mprotect(map, page, PROT_NONE) != 0) {
        munmap(map, bytes);
        return false;
    }
#if FIBER_ASAN
    __lsan_register_root_region(map + page, bytes - page);
#endif
    p->guard = map;
    p->next = map + page;
    p->left = count;
    return true;
}

/* A stack of the pool's size, its canary zero; NULL when none can be mapped. */
static char *fiber_stack_take(size_t stack_bytes, char **guard)
{
    fiber_stack_pool *p = &fiber_pool;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    stack_bytes = (stack_bytes + page - 1) / page * page;
    if (!p->stack_bytes)
        p->stack_bytes = stack_bytes;
    if (stack_bytes != p->stack_bytes)
        return NULL;
    if (p->nfree) {
        struct fiber_freed *freed = &p->free[--p->nfree];
        *guard = freed->guard;
#if FIBER_ASAN
        /* the last owner's frames left their redzones poisoned */
        __asan_unpoison_memory_region(freed->stack, p->stack_bytes);
#endif
        memset(freed->stack, 0, FIBER_CANARY_BYTES);
        return freed->stack;
    }
    if (!p->left && !fiber_pool_grow(page))
        return NULL;
    char *stack = p->next;
    *guard = p->guard;
    p->next += p->stack_bytes;
    p->left--;
    return stack;
}

static bool fiber_canary_intact(const fiber *f)
{
    for (size_t i = 0; i < FIBER_CANARY_BYTES; i++)
        if (f->stack[i])
            return false;
    return true;
}

fiber *fiber_create(size_t stack_bytes, void (*fn)(void *arg), void *arg)
{
    char *guard;
    char *stack = fiber_stack_take(stack_bytes, &guard);
    if (!stack)
        return NULL;
    fiber_install_segv();
    /* The fiber sits at the top of its own stack, beside its first frames:
     * resuming it touches one page, not two. */
    size_t own = (sizeof(fiber) + 63) & ~(size_t)63;
    fiber *f = (fiber *)(stack + fiber_pool.stack_bytes - own);
    memset(f, 0, sizeof *f);
    f->map = guard;
    f->stack = stack;
    f->stack_bytes = fiber_pool.stack_bytes - own;
    f->fn = fn;
    f->arg = arg;
    fiber_prepare(f);
    return f;
}

void fiber_free(fiber **fp)
{
    fiber *f = *fp;
    if (!f)
        return;
    fiber_stack_pool *p = &fiber_pool;
    if (p->nfree == p->capfree) {
        p->capfree = p->capfree ? 2 * p->capfree : 16;
        p->free = mem_realloc(p->free, p->capfree * sizeof *p->free);
    }
    p->free[p->nfree++] = (struct fiber_freed){f->map, f->stack};
    free(f->overflow);
    *fp = NULL;
}

void fiber_resume(fiber *f)
{
    void *fake = NULL;
    fiber_sched.current = f;
    fiber_asan_start(&fake, f->stack, f->stack_bytes);
#if FIBER_ASM
    /* With thousands of tasks the lines around a fiber's saved stack
     * pointer are cold: fetch them together rather than one miss at a time
     * (above it the saved registers and the frames it returns into, below
     * it the frames of what it calls next). */
    for (int line = -FIBER_PREFETCH_BELOW; line < FIBER_PREFETCH_ABOVE; line++)
        __builtin_prefetch((char *)f->sp + 64 * line, 1);
    fiber_switch(&fiber_sched.sp, f->sp);
#else
    swapcontext(&fiber_sched.ctx, &f->ctx);
#endif
    fiber_asan_finish(fake, NULL, NULL);
    fiber_sched.current = NULL;
    if (f->overflow && !fiber_canary_intact(f))
        fiber_overflowed(f);
}

/* Back to the scheduler; `fake` NULL tells ASan this stack is finished. */
static void fiber_leave(void **fake)
{
    fiber *f = fiber_sched.current;
    fiber_asan_start(fake, fiber_sched.stack, fiber_sched.stack_bytes);
#if FIBER_ASM
    fiber_switch(&f->sp, fiber_sched.sp);
#else
    swapcontext(&f->ctx, &fiber_sched.ctx);
#endif
}

void fiber_yield(void)
{
    void *fake = NULL;
    fiber_leave(&fake);
    fiber_asan_finish(fake, &fiber_sched.stack, &fiber_sched.stack_bytes);
}

_Noreturn void fiber_exit(void)
{
    fiber_leave(NULL);
    abort(); /* an exited fiber is never resumed */
}
