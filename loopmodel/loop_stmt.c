/* The statement record's constructor and the questions its readers share. */
#include "loop_stmt.h"

lm_stmt *lm_stmt_add(lm_program *p, lm_stmt *parent, lm_stmt_kind kind, lm_stmt_role role)
{
    lm_stmt *s = arena_alloc(p->arena, sizeof *s); /* zero-filled */
    s->kind = kind;
    s->role = role;
    s->parent = parent;
    if (parent) {
        if (parent->last_child)
            parent->last_child->next = s;
        else
            parent->children = s;
        parent->last_child = s;
    }
    return s;
}

bool lm_stmt_is_loop(const lm_stmt *s)
{
    return s->kind == LM_STMT_FOR || s->kind == LM_STMT_WHILE || s->kind == LM_STMT_DO;
}

const lm_stmt *lm_stmt_loop_body(const lm_stmt *loop)
{
    for (const lm_stmt *c = loop->children; c; c = c->next)
        if (c->role == LM_ROLE_LOOP_BODY)
            return c;
    return NULL;
}

void lm_stmt_subtree_counts(const lm_stmt *s, lm_fp_counts *out)
{
    for (int k = 0; k < LM_FP_NCLASSES; k++)
        out->n[k] += s->own.n[k];
    for (const lm_stmt *c = s->children; c; c = c->next)
        lm_stmt_subtree_counts(c, out);
}
