/* detail: the ExaSAT detail of one reported function (internal to the
 * analyzer): loop headers as bounds, the scalars and array subscripts of
 * each loop level, the function's variables, calls and MPI communications.
 * It walks nothing: the walk (walk.c) calls it at the nodes it visits, with
 * the access mode and the lvalue chain it has already worked out, and the
 * detail writes into the walk's loops.  detail_begin() allocates it;
 * detail_end() settles what is known only at the end and frees it. */
#ifndef AITOOL_DETAIL_H
#define AITOOL_DETAIL_H

#include <stdbool.h>

#include <clang-c/Index.h>

#include "cx.h"
#include "loop_model.h"

/* How an expression is used: handed from a node to its children. */
typedef enum access_mode {
    ACC_NONE = 0,
    ACC_READ = 1,
    ACC_WRITE = 2,
    ACC_READWRITE = 3,
    ACC_ADDRESS = 4, /* `&x`: no access, but x may be written through it */
} access_mode;

typedef struct detail detail;

detail *detail_begin(lm_program *p, lm_function *fn, CXTranslationUnit tu, CXCursor definition);
void detail_end(detail **d);

/* A loop statement of kind k with children kids (a for statement's header
 * parts in parts): fills l's bounds; returns the loop variable's canonical
 * declaration, or a null cursor. */
CXCursor detail_loop(detail *d, lm_loop *l, enum CXCursorKind k, const cx_kids *kids,
                     const cx_for_parts *parts);
/* The element a range-based for (its loop range_loop, over the container
 * or array `range`) reads or writes: an access of one element at the range
 * loop's own index, held like detail_access's. */
void detail_range_element(detail *d, const lm_loop *range_loop, CXCursor range,
                          access_mode mode, unsigned long seq, const char *type,
                          unsigned long size);

/* A loop body opens the level of its loop; what is recorded inside belongs
 * to it until it closes. */
void detail_body_open(detail *d, lm_loop *l, CXCursor var);
void detail_body_close(detail *d);

/* A variable named, with the mode it is used in. */
void detail_reference(detail *d, CXCursor ref, access_mode mode);
/* A declaration in the body, before and after its children; has_init: it
 * has an initializer. */
void detail_declaration_begin(detail *d, CXCursor decl);
void detail_declaration_end(detail *d, CXCursor decl, bool has_init);
/* What a call added to the counts of the level it is in (walk.c measures
 * it around calls_apply), and whether it went through a pointer. */
typedef struct detail_call_effect {
    lm_fp_counts added;
    unsigned long load_bytes, store_bytes;
    bool indirect;
} detail_call_effect;
void detail_call(detail *d, CXCursor call, const detail_call_effect *effect);

enum { DETAIL_MAX_DIMS = 16 };

/* An access to an array, as the walk's lvalue chain found it. */
typedef struct detail_access_chain {
    access_mode mode;
    unsigned long seq;  /* source order, taken at the chain's top */
    CXCursor element;   /* what one access moves */
    CXCursor base;      /* the array: the base of the lowest run of subscripts */
    const CXCursor *subs; /* that run's subscripts, fastest first */
    unsigned nsubs;
    const char *elem_type; /* the element type's spelling */
    unsigned long elem_size; /* its bytes on the target; 0 when incomplete */
} detail_access_chain;

/* Chains end bottom up, so an access inside another's subscript ends first;
 * accesses are held until detail_flush_accesses() records them in the order
 * of their tops. */
void detail_access(detail *d, const detail_access_chain *ch);
void detail_flush_accesses(detail *d);

#endif
