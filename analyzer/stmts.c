/* The statement record of a function, filled as the walk goes.
 *
 * A node is made for every statement and for every expression that stands
 * somewhere control flow cares about: a condition, a loop header's part, an
 * operand that may not be evaluated, and wherever they are, ?:, && and ||
 * and GNU statement expressions.  Everything else (the rest of an
 * expression) belongs to the nearest node above it, which is where the walk
 * counts its FP operations.  Where a node is written is taken as the
 * instrumenters need it: both ends of its extent in the function's file and
 * not produced by a macro, else not editable. */
#include "stmts.h"

#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "cx.h"
#include "fp_ops.h"
#include "loop_model.h"
#include "loop_stmt.h"
#include "mem.h"

struct stmts {
    lm_program *p;
    CXFile file; /* the function's */
    lm_stmt *root;
};

/* Statement kinds libclang names, and what the record calls them. */
static const struct {
    enum CXCursorKind cursor;
    lm_stmt_kind kind;
} stmt_kinds[] = {
    {CXCursor_CompoundStmt, LM_STMT_COMPOUND}, {CXCursor_ForStmt, LM_STMT_FOR},
    {CXCursor_WhileStmt, LM_STMT_WHILE},       {CXCursor_DoStmt, LM_STMT_DO},
    {CXCursor_IfStmt, LM_STMT_IF},             {CXCursor_SwitchStmt, LM_STMT_SWITCH},
    {CXCursor_CaseStmt, LM_STMT_CASE},         {CXCursor_DefaultStmt, LM_STMT_DEFAULT},
    {CXCursor_LabelStmt, LM_STMT_LABEL},       {CXCursor_BreakStmt, LM_STMT_BREAK},
    {CXCursor_ContinueStmt, LM_STMT_CONTINUE}, {CXCursor_ReturnStmt, LM_STMT_RETURN},
    {CXCursor_GotoStmt, LM_STMT_GOTO},         {CXCursor_IndirectGotoStmt, LM_STMT_INDIRECT_GOTO},
    {CXCursor_DeclStmt, LM_STMT_DECL},         {CXCursor_NullStmt, LM_STMT_NULL},
    {CXCursor_ConditionalOperator, LM_STMT_CONDITIONAL}, {CXCursor_StmtExpr, LM_STMT_STMT_EXPR},
    {CXCursor_CXXForRangeStmt, LM_STMT_FOR},  {CXCursor_CXXTryStmt, LM_STMT_TRY},
    {CXCursor_CXXCatchStmt, LM_STMT_CATCH},
};

static bool is_logical(CXCursor c, enum CXCursorKind k)
{
    if (k != CXCursor_BinaryOperator)
        return false;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    return op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr;
}

static lm_stmt_kind kind_of(CXCursor c, enum CXCursorKind k)
{
    for (size_t i = 0; i < sizeof stmt_kinds / sizeof *stmt_kinds; i++)
        if (stmt_kinds[i].cursor == k)
            return stmt_kinds[i].kind;
    if (is_logical(c, k))
        return LM_STMT_LOGICAL;
    return clang_isStatement(k) ? LM_STMT_OTHER : LM_STMT_EXPR;
}

/* A child of a loop that is not its body: a for statement's parts by the
 * header's semicolons (a range-based for's, its variable and range, all
 * init: the range is evaluated once per entry); a while's or do's
 * condition. */
static int header_role(unsigned index, const stmts_slots *slots)
{
    if ((int)index <= slots->init)
        return LM_ROLE_INIT;
    if ((int)index == slots->step)
        return LM_ROLE_STEP;
    return LM_ROLE_TEST;
}

int stmts_role(const lm_stmt *parent, unsigned index, const stmts_slots *slots)
{
    if (!parent)
        return -1;
    switch (parent->kind) {
    case LM_STMT_COMPOUND:
    case LM_STMT_LABEL:
    case LM_STMT_DEFAULT:
    case LM_STMT_STMT_EXPR:
        return LM_ROLE_STATEMENT;
    case LM_STMT_CASE:
        return index == slots->last ? LM_ROLE_STATEMENT : LM_ROLE_CASE_VALUE;
    case LM_STMT_IF:
        return index == 0 ? LM_ROLE_CONDITION : LM_ROLE_ARM;
    case LM_STMT_SWITCH:
        return index == slots->last ? LM_ROLE_SWITCH_BODY : LM_ROLE_CONDITION;
    case LM_STMT_FOR:
    case LM_STMT_WHILE:
    case LM_STMT_DO:
        return index == slots->body ? LM_ROLE_LOOP_BODY : header_role(index, slots);
    case LM_STMT_CALL_LOOP: /* its body, a lambda's, is placed by walk.c (is_call_loop_body) */
        return -1;
    case LM_STMT_TRY:
        return LM_ROLE_STATEMENT;
    case LM_STMT_CATCH: /* a handler runs only when something is caught */
        return index == slots->last ? LM_ROLE_ARM : LM_ROLE_CASE_VALUE;
    case LM_STMT_RETURN:
        return LM_ROLE_CONDITION;
    case LM_STMT_CONDITIONAL:
        return index >= 1 ? LM_ROLE_OPERAND : -1;
    case LM_STMT_LOGICAL:
        return index == 1 ? LM_ROLE_OPERAND : -1;
    default:
        return -1;
    }
}

/* Where s is written: see loop_stmt.h. */
static void place(const stmts *r, lm_stmt *s, CXCursor c)
{
    CXSourceRange range = clang_getCursorExtent(c);
    size_t begin, end;
    s->editable = cx_file_offset(clang_getRangeStart(range), r->file, &begin) &&
                  cx_file_offset(clang_getRangeEnd(range), r->file, &end) && begin <= end;
    if (s->editable) {
        s->begin = begin;
        s->end = end;
    }
}

/* Written inside a macro's definition, not in the file. */
static bool in_macro_expansion(CXCursor c)
{
    CXSourceLocation loc = clang_getCursorLocation(c);
    CXFile ef = NULL, sf = NULL;
    unsigned eoff = 0, soff = 0;
    clang_getExpansionLocation(loc, &ef, NULL, NULL, &eoff);
    clang_getSpellingLocation(loc, &sf, NULL, NULL, &soff);
    return !ef || !sf || !clang_File_isEqual(ef, sf) || eoff != soff;
}

static bool calls_exit(CXCursor c)
{
    c = cx_strip(c);
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return false;
    char *name = cx_copy_string(clang_getCursorSpelling(c));
    bool exits = !strcmp(name, "exit") || !strcmp(name, "_Exit") || !strcmp(name, "quick_exit");
    free(name);
    return exits;
}

/* Where the label of a goto is written, when both its ends are in the file. */
static void goto_target(stmts *r, lm_stmt *s, CXCursor c)
{
    cx_kids k = cx_children_of(c);
    if (k.n != 1)
        return;
    CXSourceRange range = clang_getCursorExtent(clang_getCursorReferenced(k.v[0]));
    size_t end;
    s->target_known = cx_file_offset(clang_getRangeStart(range), r->file, &s->target) &&
                      cx_file_offset(clang_getRangeEnd(range), r->file, &end) && s->target <= end;
}

lm_stmt *stmts_add(stmts *r, lm_stmt *parent, CXCursor c, enum CXCursorKind k, int role)
{
    lm_stmt_kind kind = kind_of(c, k);
    bool flow = kind == LM_STMT_CONDITIONAL || kind == LM_STMT_LOGICAL ||
                kind == LM_STMT_STMT_EXPR;
    if (role < 0 && !flow)
        return NULL;
    lm_stmt *s = lm_stmt_add(r->p, parent, kind, role < 0 ? LM_ROLE_INLINE : (lm_stmt_role)role);
    place(r, s, c);
    clang_getFileLocation(clang_getCursorLocation(c), NULL, &s->line, &s->col, NULL);
    CXCursor *origin = arena_alloc(r->p->arena, sizeof *origin);
    *origin = c;
    s->origin = origin;
    /* A decision is taken each time these run: its cost is theirs. */
    if (kind == LM_STMT_IF || kind == LM_STMT_SWITCH || kind == LM_STMT_CONDITIONAL ||
        kind == LM_STMT_LOGICAL || s->role == LM_ROLE_TEST)
        s->ops[LM_OP_BRANCH]++;
    if (kind == LM_STMT_CONDITIONAL || kind == LM_STMT_LOGICAL)
        s->from_macro = in_macro_expansion(c);
    else if (kind == LM_STMT_GOTO)
        goto_target(r, s, c);
    else if (kind == LM_STMT_EXPR && (s->role == LM_ROLE_STATEMENT || s->role == LM_ROLE_ARM ||
                                      s->role == LM_ROLE_LOOP_BODY ||
                                      s->role == LM_ROLE_SWITCH_BODY)) {
        s->exits = calls_exit(c);
        s->throws = clang_getCursorKind(cx_strip(c)) == CXCursor_CXXThrowExpr;
    }
    return s;
}

void stmts_close(lm_stmt *s)
{
    unsigned esc = 0;
    /* A lambda's return leaves the lambda: nothing of its body escapes. */
    for (const lm_stmt *c = s->children; c; c = c->next)
        if (c->role != LM_ROLE_LAMBDA_BODY &&
            !(s->kind == LM_STMT_CALL_LOOP && c->role == LM_ROLE_LOOP_BODY))
            esc |= c->role == LM_ROLE_SWITCH_BODY ? c->escapes & ~(unsigned)LM_ESCAPE_BREAK
                                                  : c->escapes;
    switch (s->kind) {
    case LM_STMT_BREAK:
        esc |= LM_ESCAPE_BREAK;
        break;
    case LM_STMT_CONTINUE:
        esc |= LM_ESCAPE_CONTINUE;
        break;
    case LM_STMT_RETURN:
    case LM_STMT_GOTO:
    case LM_STMT_INDIRECT_GOTO:
        esc |= LM_ESCAPE_LEAVE;
        break;
    case LM_STMT_FOR:
    case LM_STMT_WHILE:
    case LM_STMT_DO:
        esc &= ~(unsigned)(LM_ESCAPE_BREAK | LM_ESCAPE_CONTINUE);
        break;
    default:
        if (s->exits || s->throws)
            esc |= LM_ESCAPE_LEAVE;
        break;
    }
    s->escapes = esc;
}

void stmts_count_call(lm_stmt *s, CXCursor call)
{
    s->ops[LM_OP_CALL]++;
    char *name = cx_copy_string(clang_getCursorSpelling(call));
    if (fp_ops_is_math_function(name))
        s->own.n[LM_FP_SPECIAL]++;
    free(name);
}

void stmts_charge_call(lm_program *p, lm_stmt *s, CXCursor call, const char *callee,
                       const lm_fp_counts *fp, bool estimated)
{
    lm_fp_add(&s->own, fp);
    if (!estimated)
        return;
    unsigned line = 0, col = 0;
    clang_getFileLocation(clang_getCursorLocation(call), NULL, &line, &col, NULL);
    lm_stmt_note_estimated_call(p, s, callee, line, col);
}

stmts *stmts_begin(lm_program *p, lm_function *fn, CXCursor body)
{
    stmts *r = mem_alloc(sizeof *r);
    r->p = p;
    clang_getExpansionLocation(clang_getCursorLocation(body), &r->file, NULL, NULL, NULL);
    r->root = stmts_add(r, NULL, body, CXCursor_CompoundStmt, LM_ROLE_STATEMENT);
    fn->body = r->root;
    return r;
}

void stmts_end(stmts **r)
{
    if (!r || !*r)
        return;
    free(*r);
    *r = NULL;
}

lm_stmt *stmts_root(const stmts *r)
{
    return r->root;
}
