/* The statement record's constructor and the questions its readers share. */
#include "loop_stmt.h"

#include <string.h>

#include "loop_model.h"
#include "mem.h"

lm_stmt *lm_stmt_add(lm_program *p, lm_stmt *parent, lm_stmt_kind kind, lm_stmt_role role)
{
    lm_stmt *s = arena_alloc(p->arena, sizeof *s); /* zero-filled */
    s->kind = kind;
    s->role = role;
    s->parent = parent;
    if (parent)
        LM_APPEND(parent->children, parent->last_child, s);
    return s;
}

void lm_stmt_note_estimated_call(lm_program *p, lm_stmt *s, const char *callee, unsigned line,
                                 unsigned col)
{
    lm_estimated_call *e = arena_alloc(p->arena, sizeof *e);
    e->callee = arena_strdup(p->arena, callee);
    e->line = line;
    e->col = col;
    lm_estimated_call **end = &s->estimated_calls;
    while (*end)
        end = &(*end)->next;
    *end = e;
}

bool lm_stmt_is_loop(const lm_stmt *s)
{
    return s->kind == LM_STMT_FOR || s->kind == LM_STMT_WHILE || s->kind == LM_STMT_DO ||
           s->kind == LM_STMT_CALL_LOOP;
}

const lm_stmt *lm_stmt_loop_body(const lm_stmt *loop)
{
    for (const lm_stmt *c = loop->children; c; c = c->next)
        if (c->role == LM_ROLE_LOOP_BODY)
            return c;
    return NULL;
}

void lm_stmt_subtree_counts(const lm_stmt *s, lm_fp_counts *fp, unsigned long *ops)
{
    for (int k = 0; k < LM_FP_NCLASSES; k++)
        fp->n[k] += s->own.n[k];
    for (int k = 0; k < LM_OP_NCLASSES; k++)
        ops[k] += s->ops[k];
    for (const lm_stmt *c = s->children; c; c = c->next)
        lm_stmt_subtree_counts(c, fp, ops);
}

static const char *const lm_op_names[LM_OP_NCLASSES] = {
    "iadd", "imul", "idiv", "ilogic", "cmp", "fadd", "fmul", "fdiv", "load", "store", "call",
    "branch",
};

const char *lm_op_name(lm_op k)
{
    return k < LM_OP_NCLASSES ? lm_op_names[k] : "?";
}

lm_op lm_op_by_name(const char *name)
{
    for (int k = 0; k < LM_OP_NCLASSES; k++)
        if (!strcmp(lm_op_names[k], name))
            return (lm_op)k;
    return LM_OP_NCLASSES;
}

lm_op lm_op_of_fp(lm_fp_class c)
{
    static const lm_op of[LM_FP_NCLASSES] = {LM_OP_FADD, LM_OP_FADD, LM_OP_FMUL, LM_OP_FDIV,
                                             LM_OP_CALL};
    return c < LM_FP_NCLASSES ? of[c] : LM_OP_NCLASSES;
}
