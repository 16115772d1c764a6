/* loop_stmt: the statement record of a function, as the analyzer's walk
 * found it: every statement, the expressions that decide control flow (the
 * operands of ?:, && and ||, the parts of a loop header), where each is
 * written, and the FP operations written directly in it.  What rewrites the
 * source (instrument/: the counters, the automatic measurement, the
 * -simon-clock costs of each operation class) reads this record instead of
 * walking the AST again.
 *
 * The analyzer fills it only when asked: for a file analyzed with a hook
 * (analyzer_tu.h), as the instrumenters analyze theirs.
 * Nodes live in the program's arena, like the rest of the model. */
#ifndef AITOOL_LOOP_STMT_H
#define AITOOL_LOOP_STMT_H

#include <stdbool.h>
#include <stddef.h>

#include "loop_model.h"

typedef enum lm_stmt_kind {
    LM_STMT_COMPOUND,
    LM_STMT_FOR,
    LM_STMT_WHILE,
    LM_STMT_DO,
    LM_STMT_IF,
    LM_STMT_SWITCH,
    LM_STMT_CASE,
    LM_STMT_DEFAULT,
    LM_STMT_LABEL,
    LM_STMT_BREAK,
    LM_STMT_CONTINUE,
    LM_STMT_RETURN,
    LM_STMT_GOTO,
    LM_STMT_INDIRECT_GOTO, /* goto *p; */
    LM_STMT_DECL,
    LM_STMT_NULL,
    LM_STMT_OTHER,       /* any other statement (asm, ...) */
    LM_STMT_EXPR,        /* an expression with no control flow of its own */
    LM_STMT_CONDITIONAL, /* c ? a : b */
    LM_STMT_LOGICAL,     /* a && b, a || b */
    LM_STMT_STMT_EXPR,   /* ({ ... }), a GNU extension */
    LM_STMT_CALL_LOOP,   /* C++: a call the annotations make a loop; its body a lambda's */
    LM_STMT_TRY,         /* C++: try { } and its handlers */
    LM_STMT_CATCH,       /* C++: a handler: its declaration, then its body (an arm) */
} lm_stmt_kind;

/* Basic blocks.  A stretch of code that always runs the same number of
 * times starts at a function's body, a loop's body, test and step, an arm
 * of if/else, a switch's body, the statement under a label or case, an
 * operand of ?:, && or || that may not run, and the statement after one
 * that escapes; everything else runs as often as the node it is in.  The
 * record holds what that takes (roles, escapes); the instrumenters' counters
 * sit at the starts. */

/* Where a node stands in its parent. */
typedef enum lm_stmt_role {
    LM_ROLE_STATEMENT,   /* in a block, under a label, the body of a function or ({ }) */
    LM_ROLE_ARM,         /* the then or else of an if */
    LM_ROLE_SWITCH_BODY,
    LM_ROLE_LOOP_BODY,
    LM_ROLE_INIT,        /* a for statement's init: runs once per entry */
    LM_ROLE_TEST,        /* a loop's condition */
    LM_ROLE_STEP,        /* a for statement's increment */
    LM_ROLE_CONDITION,   /* of an if or a switch; the value of a return */
    LM_ROLE_CASE_VALUE,  /* not evaluated when the program runs */
    LM_ROLE_OPERAND,     /* an operand of ?: after the first, the right one of && and || */
    LM_ROLE_INLINE,      /* ?:, &&, || or ({ }) inside some other expression */
    LM_ROLE_LAMBDA_BODY, /* C++: a lambda's body, which runs when the lambda is called */
} lm_stmt_role;

/* The classes of C operations a node's code does, what -simon-clock
 * charges time for (loop_stmt.c names them). */
typedef enum lm_op {
    LM_OP_IADD,   /* integer or pointer + - ++ --, negation */
    LM_OP_IMUL,   /* integer * */
    LM_OP_IDIV,   /* integer / % */
    LM_OP_ILOGIC, /* & | ^ << >> ~ ! */
    LM_OP_CMP,    /* == != < > <= >= */
    LM_OP_FADD,   /* floating + - ++ --, negation */
    LM_OP_FMUL,   /* floating * */
    LM_OP_FDIV,   /* floating / */
    LM_OP_LOAD,   /* a read of an array element (the counting rules' accesses) */
    LM_OP_STORE,  /* a write of one */
    LM_OP_CALL,   /* a call, libm's included */
    LM_OP_BRANCH, /* a decision: if, switch, ?:, && or ||, a loop's test */
    LM_OP_NCLASSES,
} lm_op;

/* Jumps that leave a node (lm_stmt.escapes). */
enum {
    LM_ESCAPE_BREAK = 1,    /* out of the loop or switch around it */
    LM_ESCAPE_CONTINUE = 2, /* to the next turn of the loop around it */
    LM_ESCAPE_LEAVE = 4,    /* return, goto, exit() */
};

/* A call whose callee's body is not in the function's file (a header's
 * inline function, a C++ class's member): the instrumenters never rewrite
 * it, so the node's `own` holds the static count's summary of one
 * execution of it.  Listed when that summary is an estimate: the callee
 * has loops or branches (or calls one that has). */
typedef struct lm_estimated_call {
    struct lm_estimated_call *next;
    const char *callee; /* in the program's arena */
    unsigned line, col;
} lm_estimated_call;

typedef struct lm_stmt lm_stmt;
struct lm_stmt {
    lm_stmt *parent, *children, *last_child, *next; /* children in source order */
    lm_stmt_kind kind;
    lm_stmt_role role;
    /* begin, end: its extent in the function's file, when both ends are
     * written there and not produced by a macro (editable). */
    bool editable;
    size_t begin, end;
    unsigned line, col; /* where it is reported */
    bool from_macro;    /* ?: and && ||: written in a macro's expansion */
    /* FP operations written in it and not in a child node: operators, libm
     * calls, and what one execution of a called function does when its body
     * is not in this file (lm_estimated_call); a callee in this file counts
     * in its own record. */
    lm_fp_counts own;
    lm_estimated_call *estimated_calls; /* those calls charged by an estimate */
    unsigned long ops[LM_OP_NCLASSES]; /* the operations written in it, likewise */
    lm_loop *loop;      /* loop statements: the loop */
    bool target_known;  /* goto: target is the offset of its label */
    size_t target;
    bool exits;         /* a statement that calls exit, _Exit or quick_exit */
    bool throws;        /* C++: a statement that is a throw expression */
    /* The jumps in it that leave it (LM_ESCAPE_*): a break or continue of
     * a loop or switch inside it does not. */
    unsigned escapes;
    const void *origin; /* the analyzer's handle while its unit is open (analyzer_tu.h) */
};

lm_stmt *lm_stmt_add(lm_program *p, lm_stmt *parent, lm_stmt_kind kind, lm_stmt_role role);

/* Append to s's estimated calls; callee is copied into p's arena. */
void lm_stmt_note_estimated_call(lm_program *p, lm_stmt *s, const char *callee, unsigned line,
                                 unsigned col);

bool lm_stmt_is_loop(const lm_stmt *s);
/* A loop's body, or NULL. */
const lm_stmt *lm_stmt_loop_body(const lm_stmt *loop);
/* The FP operations and the operations of s and every node under it,
 * added to fp and ops. */
void lm_stmt_subtree_counts(const lm_stmt *s, lm_fp_counts *fp, unsigned long *ops);

/* "iadd", ...; and the class of a name, or LM_OP_NCLASSES. */
const char *lm_op_name(lm_op k);
lm_op lm_op_by_name(const char *name);
/* The operation class of an FP operation (libm's specials: calls). */
lm_op lm_op_of_fp(lm_fp_class c);

#endif
