/* mem: allocation helpers every part uses.
 *
 * mem_alloc/mem_realloc/mem_strdup never return NULL: running out of memory
 * prints one line and exits with status 3 (it is not the user's input that is
 * wrong, so it is not reported as a diagnostic).  Their results are freed with
 * free().
 *
 * An arena owns many small objects that die together (the loop model of a
 * run).  arena_create() makes one, arena_free() releases everything allocated
 * from it and sets the caller's pointer to NULL; arena_adopt() hands all of
 * one arena's objects to another (they then die with it).
 *
 * Used by every part. */
#ifndef AITOOL_MEM_H
#define AITOOL_MEM_H

#include <stddef.h>

void *mem_alloc(size_t size);            /* zero-filled */
void *mem_realloc(void *ptr, size_t size);
char *mem_strdup(const char *s);

typedef struct arena arena;

arena *arena_create(void);
void arena_free(arena **a);
void *arena_alloc(arena *a, size_t size); /* zero-filled, aligned for any type */
char *arena_strdup(arena *a, const char *s);
char *arena_strndup(arena *a, const char *s, size_t n);
/* Everything allocated from *from now belongs to into; *from is freed and NULL. */
void arena_adopt(arena *into, arena **from);

#endif
