/* stmts: the statement record of one reported function (internal to the
 * analyzer; loopmodel/loop_stmt.h says what it holds).  Like the detail it
 * walks nothing: the walk hands it each node with where it stands, and adds
 * the FP operations it counts to the node they are written in.
 * stmts_begin() makes the record's root, the function's body; stmts_end()
 * frees the recorder (the record belongs to the program). */
#ifndef AITOOL_STMTS_H
#define AITOOL_STMTS_H

#include <clang-c/Index.h>

#include "loop_stmt.h"

typedef struct stmts stmts;

stmts *stmts_begin(lm_program *p, lm_function *fn, CXCursor body);
void stmts_end(stmts **r);
lm_stmt *stmts_root(const stmts *r);

/* Which of a node's children stand where: its last (switches and cases),
 * a loop's body, a for statement's header parts (-1: absent, or unknown). */
typedef struct stmts_slots {
    unsigned last, body;
    int init, test, step;
} stmts_slots;

/* Where child number `index` of a node stands: parent is the parent's own
 * node (NULL when it has none), slots its children's places.  -1: nowhere
 * in particular. */
int stmts_role(const lm_stmt *parent, unsigned index, const stmts_slots *slots);

/* The node for cursor c (of kind k) under parent, standing where role says
 * (-1: it gets one only when it has control flow of its own); NULL when c
 * gets none. */
lm_stmt *stmts_add(stmts *r, lm_stmt *parent, CXCursor c, enum CXCursorKind k, int role);

/* The end of node s, whose children have ended: the jumps that leave it. */
void stmts_close(lm_stmt *s);

/* A call written in node s: libm's functions are FP operations. */
void stmts_count_call(lm_stmt *s, CXCursor call);
/* A call in node s whose callee's body the instrumenters do not rewrite:
 * fp, one execution of it, counts in s; an estimate is listed in s. */
void stmts_charge_call(lm_program *p, lm_stmt *s, CXCursor call, const char *callee,
                       const lm_fp_counts *fp, bool estimated);

#endif
