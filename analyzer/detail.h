/* detail: the ExaSAT detail of one function (internal to the analyzer): loop
 * headers as bounds, the scalars and array subscripts of each loop level,
 * the function's variables, calls and MPI communications.  It runs after the
 * walk filled the function's loops, and finds them again by position. */
#ifndef AITOOL_DETAIL_H
#define AITOOL_DETAIL_H

#include <clang-c/Index.h>

#include "loop_model.h"

void detail_function(lm_program *p, lm_function *fn, CXTranslationUnit tu, CXCursor definition,
                     CXCursor body);

#endif
