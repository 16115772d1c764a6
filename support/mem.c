#include "mem.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void mem_out_of_memory(size_t size)
{
    fprintf(stderr, "aitool: out of memory (asked for %zu bytes)\n", size);
    exit(3);
}

void *mem_alloc(size_t size)
{
    void *p = calloc(1, size ? size : 1);
    if (!p)
        mem_out_of_memory(size);
    return p;
}

void *mem_realloc(void *ptr, size_t size)
{
    void *p = realloc(ptr, size ? size : 1);
    if (!p)
        mem_out_of_memory(size);
    return p;
}

char *mem_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = mem_alloc(n);
    memcpy(p, s, n);
    return p;
}

/* The arena is a list of chunks; a request larger than the usual chunk gets
 * a chunk of its own, so nothing is ever too big for it. */
enum { ARENA_CHUNK = 64 * 1024 };

typedef struct arena_chunk {
    struct arena_chunk *next;
    size_t used, size;
    max_align_t data[];
} arena_chunk;

struct arena {
    arena_chunk *head;
};

arena *arena_create(void)
{
    return mem_alloc(sizeof(arena));
}

void arena_free(arena **ap)
{
    if (!ap || !*ap)
        return;
    arena_chunk *c = (*ap)->head;
    while (c) {
        arena_chunk *next = c->next;
        free(c);
        c = next;
    }
    free(*ap);
    *ap = NULL;
}

void *arena_alloc(arena *a, size_t size)
{
    const size_t align = sizeof(max_align_t);
    size = (size + align - 1) / align * align;
    arena_chunk *c = a->head;
    if (!c || c->size - c->used < size) {
        size_t cap = size > ARENA_CHUNK ? size : ARENA_CHUNK;
        /* Not zeroed here: each allocation is zeroed as it is handed out. */
        c = malloc(sizeof(arena_chunk) + cap);
        if (!c)
            mem_out_of_memory(sizeof(arena_chunk) + cap);
        c->used = 0;
        c->size = cap;
        c->next = a->head;
        a->head = c;
    }
    void *p = (char *)c->data + c->used;
    c->used += size;
    memset(p, 0, size);
    return p;
}

char *arena_strndup(arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *arena_strdup(arena *a, const char *s)
{
    return arena_strndup(a, s, strlen(s));
}

void arena_adopt(arena *into, arena **from)
{
    if (!from || !*from)
        return;
    arena_chunk *first = (*from)->head;
    free(*from);
    *from = NULL;
    if (!first)
        return;
    arena_chunk *last = first;
    while (last->next)
        last = last->next;
    /* Behind into's head, which new allocations keep filling. */
    if (into->head) {
        last->next = into->head->next;
        into->head->next = first;
    } else {
        into->head = first;
    }
}
