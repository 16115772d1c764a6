/* walk: the pass over one function body that fills the loop model (internal
 * to the analyzer).  The walks of one translation unit share a walk_cache
 * (what libclang was already asked, the summaries of called functions, and
 * scratch space), which the caller creates for the unit and frees with
 * walk_cache_free().  The walk borrows the program and the annotations. */
#ifndef AITOOL_WALK_H
#define AITOOL_WALK_H

#include <stdbool.h>

#include <clang-c/Index.h>

#include "annot.h"
#include "cx.h"
#include "loop_model.h"
#include "pragma.h"

typedef struct walk_options {
    const annot_set *annots; /* side effects of functions; may be NULL */
    bool flow_sensitive;     /* -use-algorithm-v2: the largest arm of a conditional */
    bool detail;             /* also the ExaSAT detail of each reported function (detail.h) */
    bool statements;         /* and its statement record (stmts.h) */
    bool cxx;                /* the unit is C++: its library's containers and complex */
} walk_options;

typedef struct walk_cache walk_cache;

/* pragmas (may be NULL) are claimed by the statements they stand before. */
walk_cache *walk_cache_create(CXTranslationUnit tu, const walk_options *opt,
                              pragma_set *pragmas);
void walk_cache_free(walk_cache **c);

/* Adds the body's loops, FP operations and array accesses to fn, and with
 * the detail on, the detail of fn's definition. */
void walk_function_body(lm_program *p, lm_function *fn, walk_cache *cache, CXCursor definition,
                        CXCursor body);

/* C++: the instances of the main file's templates that the walks so far
 * called, in the order first met; walking them may add more. */
size_t walk_instance_count(const walk_cache *cache);
CXCursor walk_instance(const walk_cache *cache, size_t i);

/* The counts of a body whose function is not reported (defined in a
 * header), walked for the pragmas in it; fills their checks. */
lm_fp_counts walk_function_checks(walk_cache *cache, CXCursor body);

#endif
