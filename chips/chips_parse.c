/* chips_parse: recursive descent over the grammar of the seed's section 4
 * with the decisions of issue 15 (usual precedence, `loop V, E`, `step DEV`,
 * `if E then S [else S]`, link/option bodies separated by ',' or ';'). */
#include "chips_parse.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chips_ast.h"
#include "chips_lex.h"
#include "diag.h"
#include "mem.h"

typedef struct chp_parser {
    arena *a;
    const char *file;
    chips_token *toks;
    size_t at;
    unsigned stmt_depth, expr_depth; /* statements, and expressions, inside one another */
    int no_gt;    /* inside <is ...>: '>' closes the vector */
    int in_step;  /* a confdev belongs in a step, a step not in another */
    chips_object_kind kind;
    jmp_buf fail; /* the first error ends the parse */
} chp_parser;

/* Appends one element to an arena array, doubling its room. */
static void *chp_grow(chp_parser *p, void *arr, size_t n, size_t *cap, size_t elsize)
{
    if (n < *cap)
        return arr;
    size_t ncap = *cap ? 2 * *cap : 4;
    void *fresh = arena_alloc(p->a, ncap * elsize);
    if (n)
        memcpy(fresh, arr, n * elsize);
    *cap = ncap;
    return fresh;
}

#define CHP_PUSH(p, arr, n, cap, value)                                                    \
    do {                                                                                   \
        (arr) = chp_grow((p), (arr), (n), &(cap), sizeof *(arr));                          \
        (arr)[(n)++] = (value);                                                            \
    } while (0)

static _Noreturn void chp_error(chp_parser *p, const chips_token *t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static _Noreturn void chp_error(chp_parser *p, const chips_token *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vat(DIAG_ERROR, p->file, t->line, t->col, fmt, ap);
    va_end(ap);
    longjmp(p->fail, 1);
}

static chips_token *chp_peek(chp_parser *p)
{
    return &p->toks[p->at];
}

static int chp_is(chp_parser *p, int kind)
{
    return p->toks[p->at].kind == kind;
}

static chips_token *chp_next(chp_parser *p)
{
    chips_token *t = &p->toks[p->at];
    if (t->kind != CHT_EOF)
        p->at++;
    return t;
}

static _Noreturn void chp_unexpected(chp_parser *p, const char *wanted)
{
    char buf[64];
    chips_token *t = chp_peek(p);
    chp_error(p, t, "expected %s, found %s", wanted,
              t->kind == CHT_ID || t->kind == CHT_NUM
                  ? t->text
                  : chips_tok_describe(t->kind, buf, sizeof buf));
}

static chips_token *chp_expect(chp_parser *p, int kind)
{
    if (!chp_is(p, kind)) {
        char buf[64];
        chp_unexpected(p, chips_tok_describe(kind, buf, sizeof buf));
    }
    return chp_next(p);
}

static int chp_accept(chp_parser *p, int kind)
{
    if (!chp_is(p, kind))
        return 0;
    chp_next(p);
    return 1;
}

static chips_pos chp_pos(const chips_token *t)
{
    return (chips_pos){t->line, t->col};
}

/* Statements and expressions nest at most CHIPS_MAX_NESTING deep each,
 * counted apart: the expressions of a statement deep in loops start
 * afresh, so a loop nest measuretool -chips writes keeps all its depth. */
static void chp_enter(chp_parser *p, unsigned *depth, const char *what)
{
    if (++*depth > CHIPS_MAX_NESTING)
        chp_error(p, chp_peek(p), "%s nested deeper than %d", what, CHIPS_MAX_NESTING);
}

static void chp_enter_expr(chp_parser *p)
{
    chp_enter(p, &p->expr_depth, "expressions");
}

static void chp_enter_stmt(chp_parser *p)
{
    chp_enter(p, &p->stmt_depth, "statements");
}

/* ---- expressions --------------------------------------------------------- */

static chips_expr *chp_expr(chp_parser *p);

static chips_expr *chp_new_expr(chp_parser *p, chips_expr_kind kind, const chips_token *t)
{
    chips_expr *e = arena_alloc(p->a, sizeof *e);
    e->kind = kind;
    e->pos = chp_pos(t);
    return e;
}

/* expression_lst up to (not including) the closing token. */
static void chp_expr_list(chp_parser *p, chips_expr ***args, size_t *n)
{
    size_t cap = 0;
    do
        CHP_PUSH(p, *args, *n, cap, chp_expr(p));
    while (chp_accept(p, ','));
}

static chips_expr *chp_vector(chp_parser *p)
{
    chips_token *lt = chp_expect(p, '<');
    chips_expr *e = chp_new_expr(p, CHE_VECTOR, lt);
    if (chp_is(p, CHT_NUM)) {
        if (chp_peek(p)->num != 0)
            chp_error(p, chp_peek(p), "the empty vector is written <0>");
        chp_next(p);
        chp_expect(p, '>');
        return e;
    }
    chp_expect(p, CHT_IS);
    e->name = chp_expect(p, CHT_ID)->text;
    chp_expect(p, ',');
    int saved = p->no_gt;
    p->no_gt = 1;
    chp_expr_list(p, &e->args, &e->nargs);
    p->no_gt = saved;
    chp_expect(p, '>');
    return e;
}

static chips_expr *chp_primary(chp_parser *p)
{
    chips_token *t = chp_peek(p);
    if (t->kind == CHT_NUM) {
        chp_next(p);
        chips_expr *e = chp_new_expr(p, CHE_NUM, t);
        e->num = t->num;
        return e;
    }
    if (t->kind == CHT_STR) {
        chp_next(p);
        chips_expr *e = chp_new_expr(p, CHE_STR, t);
        e->name = t->text;
        return e;
    }
    if (t->kind == '<')
        return chp_vector(p);
    if (t->kind == '(') {
        chp_next(p);
        int saved = p->no_gt;
        p->no_gt = 0;
        chips_expr *e = chp_expr(p);
        p->no_gt = saved;
        chp_expect(p, ')');
        return e;
    }
    if (t->kind != CHT_ID)
        chp_unexpected(p, "an expression");
    chp_next(p);
    chips_expr *e = chp_new_expr(p, CHE_NAME, t);
    e->name = t->text;
    if (chp_accept(p, '(')) {
        e->kind = CHE_CALL;
        int saved = p->no_gt;
        p->no_gt = 0;
        if (!chp_is(p, ')'))
            chp_expr_list(p, &e->args, &e->nargs);
        p->no_gt = saved;
        chp_expect(p, ')');
    } else if (chp_accept(p, '[')) {
        e->kind = CHE_INDEX;
        int saved = p->no_gt;
        p->no_gt = 0;
        e->a = chp_expr(p);
        p->no_gt = saved;
        chp_expect(p, ']');
    } else if (chp_accept(p, '.')) {
        e->kind = CHE_MEMBER;
        e->member = chp_expect(p, CHT_ID)->text;
    }
    return e;
}

static chips_expr *chp_unary(chp_parser *p)
{
    chips_token *t = chp_peek(p);
    if (t->kind == '-' || t->kind == '+') {
        chp_enter_expr(p);
        chp_next(p);
        chips_expr *e = chp_new_expr(p, CHE_UNARY, t);
        e->op = t->kind;
        e->a = chp_unary(p);
        p->expr_depth--;
        return e;
    }
    return chp_primary(p);
}

/* The binary levels, loosest last: each is left-associative. */
static const int chp_levels[][5] = {
    {'*', '/', 0},
    {'+', '-', 0},
    {'<', '>', CHT_GE, CHT_LE, 0},
    {CHT_EQ, CHT_NE, 0},
};

static int chp_at_level(chp_parser *p, int level)
{
    int kind = chp_peek(p)->kind;
    if (kind == '>' && p->no_gt)
        return 0;
    for (const int *op = chp_levels[level]; *op; op++)
        if (*op == kind)
            return 1;
    return 0;
}

static chips_expr *chp_binary(chp_parser *p, int level)
{
    if (level < 0)
        return chp_unary(p);
    chips_expr *left = chp_binary(p, level - 1);
    while (chp_at_level(p, level)) {
        chips_token *t = chp_next(p);
        chips_expr *e = chp_new_expr(p, CHE_BINARY, t);
        e->op = t->kind;
        e->a = left;
        e->b = chp_binary(p, level - 1);
        left = e;
    }
    return left;
}

static chips_expr *chp_expr(chp_parser *p)
{
    chp_enter_expr(p);
    chips_expr *e = chp_binary(p, (int)(sizeof chp_levels / sizeof *chp_levels) - 1);
    p->expr_depth--;
    return e;
}

/* ---- declarations, links, options --------------------------------------- */

static chips_type chp_type(chp_parser *p)
{
    static const struct {
        int kind;
        chips_type type;
    } types[] = {
        {CHT_NUMERIC, CHIPS_NUMERIC}, {CHT_VECTOR, CHIPS_VECTOR}, {CHT_STRING, CHIPS_STRING}};
    for (size_t i = 0; i < sizeof types / sizeof *types; i++)
        if (chp_accept(p, types[i].kind))
            return types[i].type;
    chp_unexpected(p, "'numeric', 'vector' or 'string'");
}

/* var_lst ';' after the ':' */
static void chp_var_list(chp_parser *p, const char *group, chips_type type, chips_decl **decls,
                         size_t *n, size_t *cap)
{
    do {
        chips_token *t = chp_expect(p, CHT_ID);
        chips_decl d = {t->text, group, type, NULL, chp_pos(t)};
        if (chp_accept(p, '='))
            d.init = chp_expr(p);
        CHP_PUSH(p, *decls, *n, *cap, d);
    } while (chp_accept(p, ','));
    chp_expect(p, ';');
}

/* `a = e` items separated by ',' or ';' (a trailing one optional), until
 * the closing '}' or, in a link, the next `target:`. */
static void chp_assign_list(chp_parser *p, chips_assign **out, size_t *n)
{
    size_t cap = 0;
    while (chp_is(p, CHT_ID) && p->toks[p->at + 1].kind == '=') {
        chips_token *t = chp_next(p);
        chp_next(p);
        chips_assign as = {t->text, chp_expr(p), chp_pos(t)};
        CHP_PUSH(p, *out, *n, cap, as);
        if (!chp_accept(p, ',') && !chp_accept(p, ';'))
            break;
    }
}

static void chp_link(chp_parser *p, chips_ast *ast)
{
    chips_token *lt = chp_expect(p, CHT_LINK);
    if (ast->kind == CHIPS_PARTMP)
        chp_error(p, lt, "a partmp has no link statement");
    chp_expect(p, '{');
    size_t cap = 0;
    while (!chp_is(p, '}')) {
        chips_token *t = chp_expect(p, CHT_ID);
        chp_expect(p, ':');
        chips_link l = {t->text, chp_pos(t), NULL, 0};
        chp_assign_list(p, &l.assigns, &l.nassigns);
        if (!l.nassigns)
            chp_unexpected(p, "an assignment");
        CHP_PUSH(p, ast->links, ast->nlinks, cap, l);
    }
    chp_next(p);
}

static void chp_option(chp_parser *p, chips_ast *ast)
{
    chp_expect(p, CHT_OPTION);
    chp_expect(p, '{');
    chp_assign_list(p, &ast->options, &ast->noptions);
    chp_expect(p, '}');
}

/* ---- statements ---------------------------------------------------------- */

static chips_stmt *chp_exec_stmt(chp_parser *p);
static chips_stmt *chp_cflow_stmt(chp_parser *p);

static chips_stmt *chp_new_stmt(chp_parser *p, chips_stmt_kind kind, const chips_token *t)
{
    chips_stmt *s = arena_alloc(p->a, sizeof *s);
    s->kind = kind;
    s->pos = chp_pos(t);
    return s;
}

/* Statements until '}' (consumed). */
static void chp_stmt_block(chp_parser *p, int cflow, chips_stmt ***body, size_t *n)
{
    size_t cap = 0;
    while (!chp_accept(p, '}')) {
        if (chp_is(p, CHT_EOF))
            chp_unexpected(p, "'}'");
        CHP_PUSH(p, *body, *n, cap, cflow ? chp_cflow_stmt(p) : chp_exec_stmt(p));
    }
}

/* `call NAME;` or `call NAME(args);` */
static chips_stmt *chp_call(chp_parser *p, const chips_token *t)
{
    chips_stmt *s = chp_new_stmt(p, CHS_CALL, t);
    s->name = chp_expect(p, CHT_ID)->text;
    if (chp_accept(p, '(')) {
        if (!chp_is(p, ')'))
            chp_expr_list(p, &s->args, &s->nargs);
        chp_expect(p, ')');
    }
    chp_expect(p, ';');
    return s;
}

static chips_stmt *chp_case(chp_parser *p, const chips_token *t)
{
    chips_stmt *s = chp_new_stmt(p, CHS_CASE, t);
    s->a = chp_expr(p);
    chp_expect(p, '{');
    size_t cap = 0, ccap = 0, ncap = 0, nbodies = 0, ncounts = 0;
    do {
        chips_expr *prob = chp_expr(p);
        chp_expect(p, ':');
        chips_stmt **body = NULL;
        size_t nbody = 0, bcap = 0;
        /* A branch runs to the next `probability:` or the closing brace. */
        while (chp_is(p, CHT_COMPUTE) || chp_is(p, CHT_LOOP) || chp_is(p, CHT_CASE) ||
               chp_is(p, CHT_CALL))
            CHP_PUSH(p, body, nbody, bcap, chp_cflow_stmt(p));
        CHP_PUSH(p, s->args, s->nargs, cap, prob);
        CHP_PUSH(p, s->cases, nbodies, ccap, body);
        CHP_PUSH(p, s->ncases, ncounts, ncap, nbody);
    } while (!chp_accept(p, '}'));
    return s;
}

static chips_stmt *chp_cflow_stmt(chp_parser *p)
{
    chp_enter_stmt(p);
    size_t start = p->at;
    chips_token *t = chp_next(p);
    chips_stmt *s;
    switch (t->kind) {
    case CHT_COMPUTE:
        s = chp_new_stmt(p, CHS_COMPUTE, t);
        s->a = chp_expr(p);
        chp_expect(p, ';');
        break;
    case CHT_LOOP:
        s = chp_new_stmt(p, CHS_LOOP, t);
        s->a = chp_expr(p);
        chp_expect(p, ',');
        s->b = chp_expr(p);
        chp_expect(p, '{');
        chp_stmt_block(p, 1, &s->body, &s->nbody);
        break;
    case CHT_CASE:
        s = chp_case(p, t);
        break;
    case CHT_CALL:
        s = chp_call(p, t);
        break;
    default:
        p->at = start;
        chp_unexpected(p, "'compute', 'loop', 'case' or 'call'");
    }
    p->stmt_depth--;
    return s;
}

static chips_stmt *chp_assign_stmt(chp_parser *p, const chips_token *t)
{
    chips_stmt *s = chp_new_stmt(p, CHS_ASSIGN, t);
    s->name = t->text;
    if (chp_accept(p, '[')) {
        s->index = chp_expr(p);
        chp_expect(p, ']');
    }
    chp_expect(p, '=');
    s->a = chp_expr(p);
    chp_expect(p, ';');
    return s;
}

static chips_stmt *chp_step(chp_parser *p, const chips_token *t)
{
    if (p->kind != CHIPS_PARTMP)
        chp_error(p, t, "'step' is only for parallel templates (partmp)");
    if (p->in_step)
        chp_error(p, t, "a step inside a step");
    chips_stmt *s = chp_new_stmt(p, CHS_STEP, t);
    s->name = chp_expect(p, CHT_ID)->text;
    chp_expect(p, '{');
    p->in_step = 1;
    chp_stmt_block(p, 0, &s->body, &s->nbody);
    p->in_step = 0;
    return s;
}

static chips_stmt *chp_simple(chp_parser *p, chips_stmt_kind kind, const chips_token *t)
{
    chips_stmt *s = chp_new_stmt(p, kind, t);
    if (kind == CHS_RETURN && !chp_is(p, ';'))
        s->a = chp_expr(p);
    if (kind == CHS_PRINT || kind == CHS_CONFDEV)
        chp_expr_list(p, &s->args, &s->nargs);
    if (kind == CHS_DIM || kind == CHS_FREE)
        s->name = chp_expect(p, CHT_ID)->text;
    if (kind == CHS_DIM) {
        chp_expect(p, ',');
        s->a = chp_expr(p);
    }
    chp_expect(p, ';');
    return s;
}

static chips_stmt *chp_exec_kw(chp_parser *p, chips_token *t)
{
    static const struct {
        int tok;
        chips_stmt_kind kind;
    } simple[] = {{CHT_BREAK, CHS_BREAK},   {CHT_CONTINUE, CHS_CONTINUE}, {CHT_PRINT, CHS_PRINT},
                  {CHT_RETURN, CHS_RETURN}, {CHT_EXIT, CHS_EXIT},         {CHT_DIM, CHS_DIM},
                  {CHT_FREE, CHS_FREE},     {CHT_CONFDEV, CHS_CONFDEV}};
    if (t->kind == CHT_CONFDEV && !p->in_step)
        chp_error(p, t, "'confdev' outside a step");
    for (size_t i = 0; i < sizeof simple / sizeof *simple; i++)
        if (simple[i].tok == t->kind)
            return chp_simple(p, simple[i].kind, t);
    p->at = (size_t)(t - p->toks);
    chp_unexpected(p, "a statement");
}

static chips_stmt *chp_exec_stmt(chp_parser *p)
{
    chp_enter_stmt(p);
    chips_token *t = chp_next(p);
    chips_stmt *s;
    switch (t->kind) {
    case '{':
        s = chp_new_stmt(p, CHS_BLOCK, t);
        chp_stmt_block(p, 0, &s->body, &s->nbody);
        break;
    case CHT_ID:
        s = chp_assign_stmt(p, t);
        break;
    case CHT_IF:
        s = chp_new_stmt(p, CHS_IF, t);
        s->a = chp_expr(p);
        chp_expect(p, CHT_THEN);
        s->body = arena_alloc(p->a, 2 * sizeof *s->body);
        s->body[s->nbody++] = chp_exec_stmt(p);
        if (chp_accept(p, CHT_ELSE))
            s->body[s->nbody++] = chp_exec_stmt(p);
        break;
    case CHT_WHILE:
        s = chp_new_stmt(p, CHS_WHILE, t);
        chp_expect(p, '(');
        s->a = chp_expr(p);
        chp_expect(p, ')');
        s->body = arena_alloc(p->a, sizeof *s->body);
        s->body[s->nbody++] = chp_exec_stmt(p);
        break;
    case CHT_CALL:
        s = chp_call(p, t);
        break;
    case CHT_STEP:
        s = chp_step(p, t);
        break;
    default:
        s = chp_exec_kw(p, t);
    }
    p->stmt_depth--;
    return s;
}

/* ---- procedures and the object ------------------------------------------- */

static void chp_proc(chp_parser *p, chips_ast *ast, size_t *cap)
{
    chips_token *pt = chp_expect(p, CHT_PROC);
    chips_proc proc = {0};
    proc.pos = chp_pos(pt);
    if (chp_accept(p, CHT_CFLOW))
        proc.is_cflow = 1;
    else if (!chp_accept(p, CHT_EXEC))
        chp_unexpected(p, "'cflow' or 'exec'");
    proc.name = chp_expect(p, CHT_ID)->text;
    size_t pcap = 0, lcap = 0;
    while (chp_accept(p, CHT_VAR)) {
        do
            CHP_PUSH(p, proc.params, proc.nparams, pcap, chp_expect(p, CHT_ID)->text);
        while (chp_accept(p, ','));
        chp_expect(p, ';');
    }
    chp_expect(p, '{');
    while (chp_accept(p, CHT_VAR)) {
        chips_type type = chp_type(p);
        chp_expect(p, ':');
        chp_var_list(p, NULL, type, &proc.locals, &proc.nlocals, &lcap);
    }
    chp_stmt_block(p, proc.is_cflow, &proc.body, &proc.nbody);
    CHP_PUSH(p, ast->procs, ast->nprocs, *cap, proc);
}

static void chp_header(chp_parser *p, chips_ast *ast)
{
    size_t icap = 0, gcap = 0, vcap = 0;
    while (chp_is(p, CHT_INCLUDE)) {
        chp_next(p);
        chips_token *t = chp_expect(p, CHT_ID);
        chips_include inc = {t->text, chp_pos(t)};
        CHP_PUSH(p, ast->includes, ast->nincludes, icap, inc);
        chp_expect(p, ';');
    }
    for (;;) {
        if (chp_accept(p, CHT_DEFGROUP)) {
            CHP_PUSH(p, ast->groups, ast->ngroups, gcap, chp_expect(p, CHT_ID)->text);
            chp_expect(p, ';');
        } else if (chp_accept(p, CHT_VAR)) {
            const char *group = chp_expect(p, CHT_ID)->text;
            chips_type type = chp_type(p);
            chp_expect(p, ':');
            chp_var_list(p, group, type, &ast->vars, &ast->nvars, &vcap);
        } else {
            break;
        }
    }
    if (chp_is(p, CHT_LINK))
        chp_link(p, ast);
    if (chp_is(p, CHT_OPTION))
        chp_option(p, ast);
}

chips_ast *chips_parse(arena *a, const char *file, const char *text)
{
    size_t n;
    chips_token *toks = chips_lex(a, file, text, &n);
    if (!toks)
        return NULL;
    chp_parser p;
    memset(&p, 0, sizeof p);
    p.a = a;
    p.file = file;
    p.toks = toks;
    chips_ast *ast = arena_alloc(a, sizeof *ast);
    ast->file = file;
    if (setjmp(p.fail))
        return NULL;
    chips_token *t = chp_next(&p);
    if (t->kind == CHT_APPLICATION)
        ast->kind = CHIPS_APPLICATION;
    else if (t->kind == CHT_SUBTASK)
        ast->kind = CHIPS_SUBTASK;
    else if (t->kind == CHT_PARTMP)
        ast->kind = CHIPS_PARTMP;
    else {
        p.at = 0;
        chp_unexpected(&p, "'application', 'subtask' or 'partmp'");
    }
    p.kind = ast->kind;
    ast->pos = chp_pos(t);
    ast->name = chp_expect(&p, CHT_ID)->text;
    chp_expect(&p, '{');
    chp_header(&p, ast);
    size_t cap = 0;
    while (chp_is(&p, CHT_PROC))
        chp_proc(&p, ast, &cap);
    if (!chp_is(&p, '}'))
        chp_unexpected(&p, ast->nprocs ? "'proc' or '}'"
                                       : "'include', 'var', 'link', 'option', 'proc' or '}'");
    chp_next(&p);
    chp_expect(&p, CHT_EOF);
    return ast;
}

const char *chips_type_name(chips_type t)
{
    static const char *const names[] = {"numeric", "vector", "string"};
    return names[t];
}
