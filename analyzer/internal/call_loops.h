/* call_loops: the C++ calls the annotations make loops of (`loop` entries:
 * RAJA::forall, Kokkos::parallel_for, std::for_each, ...) and the classes
 * whose operator() and operator[] are element accesses (`element` entries:
 * Kokkos::View, a user's Matrix).  Finds which argument of a call is its
 * range and which its body, and says the loop's bounds as text; the walk
 * (walk.c) counts the body.  Strings returned are the caller's to free;
 * cursors are libclang's, valid while the unit lives. */
#ifndef AITOOL_CALL_LOOPS_H
#define AITOOL_CALL_LOOPS_H

#include <stdbool.h>

#include <clang-c/Index.h>

#include "annot.h"

/* A declaration's name with its namespaces and classes, as the annotations
 * write it: "RAJA::forall", "Kokkos::View" (inline namespaces such as
 * std::__cxx11 and template arguments left out). */
char *call_loops_qualified_name(CXCursor decl);

enum { CALL_LOOPS_MAX_ELEMS = 3 };

/* A call that is a loop. */
typedef struct call_loop {
    const annot_loop *annot;
    CXCursor body; /* the body argument, as written */
    /* Arguments whose element each iteration moves (begin, in: loaded;
     * out: stored), the expression naming the array or container. */
    CXCursor elems[CALL_LOOPS_MAX_ELEMS];
    bool elem_store[CALL_LOOPS_MAX_ELEMS];
    unsigned nelems;
} call_loop;

/* The body of the call operator of a functor passed as a loop's body
 * (not a lambda, which counts where it is written), or a null cursor when
 * body is a lambda or its operator() has no definition in the unit. */
CXCursor call_loops_functor_body(CXCursor body);

/* Whether call c is a loop by an annotation of s. */
bool call_loops_of(const annot_set *s, CXCursor c, call_loop *out);

/* The loop's variable (the body lambda's first parameter, or "i") and its
 * bounds, lower and upper inclusive, as C text: a count n gives 0 and n-1,
 * a range object made of (b, e) gives b and e-1, an iterator pair over a
 * container v gives 0 and v.size-1 (a symbol), numbers when the text is
 * one; a range held in a variable is read from its declaration's
 * initializer (`auto r = RangeSegment(0, n);`).  False when the range
 * cannot be read. */
bool call_loops_bounds(CXTranslationUnit tu, CXCursor c, const call_loop *lc, char **var,
                      char **lower, char **upper);

/* The element type of the array or container an element argument names,
 * or an invalid type. */
CXType call_loops_elem_type(CXCursor arg);

/* The element annotation of the class whose operator() or operator[]
 * callee is; NULL when none (or callee is another function). */
const annot_element *call_loops_element(const annot_set *s, CXCursor callee);

#endif
