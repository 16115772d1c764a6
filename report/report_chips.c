/* The CHIP3S emitter.
 *
 * Objects.  Each function becomes `subtask FUNC`, linked to the built-in
 * `sequential` template (Tx = Time()), so its time is its cflow procedure
 * Time: the FP operations of the function outside loops, then its loop
 * nests as written, each `loop <0>, COUNT { ... }` holding the loop's
 * own-level FP operations (`compute <is flop, ...>`) and bytes
 * (`compute <is mem, ...>`).  The application's init evaluates the entry
 * (-chips-entry, else main; without one, the functions no other function
 * calls).
 *
 * Calls.  A call of a function of the program that is neither recursive nor
 * through a pointer becomes `call Time_G(args)` where it is made, and every
 * subtask defines Time_G for each function G it reaches: G's statements
 * taking as arguments the parameters they read, bound to the call's actual
 * arguments.  The static counts follow calls into the caller's level, so
 * what each such call added there (lm_call.added) is taken off.  Recursive
 * calls keep what they added (one execution of the callee) and calls
 * through pointers count nothing; both are warned about at the call.
 *
 * Machine.  With -machine's predictions each nest becomes Nest_FUNC_K, an
 * exec procedure that returns perfmodel's roofline of it from cflow parts
 * with the nest's loops: the largest of its flops (shared among the cores
 * perfmodel used), its chains' waits and the bytes each level serves at the
 * seconds per byte perfmodel found, then its barriers and calls.
 *
 * Counts.  COUNT is perfmodel's trip count, (upper - lower) / stride + 1
 * or 0 when the bounds are crossed, as an expression of the bounds' symbols,
 * which become dtdp variables of the subtask and of the application (which
 * links them), valued by -param or left unset.  The bounds are C integer
 * expressions: their `/` and `%` truncate, which CHIP3S's `/` does not, so
 * they are written as calls of the procedures c_div and c_mod the subtask
 * then defines.  A loop without bounds the model knows (a while loop, a
 * bound that is not + - * / % of symbols and numbers, or one that would
 * nest deeper than chips reads) gets a variable FUNC_L<line> for its count
 * instead.
 *
 * Depth.  A loop nested deeper than chips reads (report_chips.h) is an
 * error at the loop, and nothing is written.
 *
 * Names.  CHIP3S identifiers start with a letter and cannot be its
 * keywords, its built-in objects and functions, or the names the emitter
 * uses: such a C name gets the prefix c_, a member path `grid->n` becomes
 * grid_n, and a second function of the same name (a static one in another
 * file), or one named as the application, gets _2, _3, ... */
#include "report_chips.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fileio.h"
#include "loop_model.h"
#include "mem.h"
#include "perf.h"
#include "strbuf.h"

static const char *const rc_reserved[] = {
    /* keywords (the seed's lexer, and defgroup) */
    "application", "subtask", "partmp", "include", "var", "link", "option", "proc", "cflow",
    "compute", "loop", "call", "case", "exec", "if", "then", "else", "while", "break",
    "continue", "print", "return", "exit", "dim", "free", "step", "confdev", "numeric",
    "vector", "string", "is", "array", "defgroup",
    /* variable groups, built-in objects and functions */
    "dtdp", "rsus", "hrddev", "scope", "local", "sysd", "hardware", "la", "sequential",
    "Log2", "Log", "Exp", "Sqrt", "Power", "Floor", "Ceiling", "Round", "Abs", "Max", "Min",
    "log2", "log", "exp", "sqrt", "power", "floor", "ceil", "ceiling", "round", "abs", "max",
    "min",
    /* the emitter's own */
    "init", "Time", "Tx", "c_div", "c_mod",
};

/* The emitter's procedures: Time_FUNC for a function's body, Nest_FUNC_K and its
 * parts for a nest on a machine. */
static const char *const rc_reserved_prefixes[] = {"Time_", "Nest_"};

static bool rc_is_reserved(const char *s)
{
    for (size_t i = 0; i < sizeof rc_reserved / sizeof *rc_reserved; i++)
        if (!strcmp(rc_reserved[i], s))
            return true;
    for (size_t i = 0; i < sizeof rc_reserved_prefixes / sizeof *rc_reserved_prefixes; i++)
        if (!strncmp(rc_reserved_prefixes[i], s, strlen(rc_reserved_prefixes[i])))
            return true;
    return false;
}

static bool rc_is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool rc_is_ident_char(char c)
{
    return rc_is_letter(c) || (c >= '0' && c <= '9') || c == '_';
}

/* A CHIP3S identifier for text[0..len): `->` and other characters as `_`,
 * and c_ before one that would not start with a letter or is reserved. */
static void rc_name_into(strbuf *out, const char *text, size_t len)
{
    strbuf name = STRBUF_INIT;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '-' && i + 1 < len && text[i + 1] == '>')
            i++;
        strbuf_appendn(&name, rc_is_ident_char(text[i]) ? &text[i] : "_", 1);
    }
    const char *s = strbuf_cstr(&name);
    if (!rc_is_letter(s[0]) || rc_is_reserved(s))
        strbuf_append(out, "c_");
    strbuf_append(out, s);
    strbuf_release(&name);
}

static char *rc_name(const char *text)
{
    strbuf sb = STRBUF_INIT;
    rc_name_into(&sb, text, strlen(text));
    return strbuf_take(&sb);
}

/* ---- symbols: the dtdp variables of a subtask ---- */

typedef struct rc_symbol {
    char *name;   /* as CHIP3S names it */
    char *c_name; /* as -param names it */
} rc_symbol;

typedef struct rc_symbols {
    rc_symbol *v;
    size_t n, cap;
} rc_symbols;

static void rc_symbols_add(rc_symbols *s, const char *name, const char *c_name)
{
    for (size_t i = 0; i < s->n; i++)
        if (!strcmp(s->v[i].name, name))
            return;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 8;
        s->v = mem_realloc(s->v, s->cap * sizeof *s->v);
    }
    s->v[s->n++] = (rc_symbol){mem_strdup(name), mem_strdup(c_name)};
}

static void rc_symbols_release(rc_symbols *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->v[i].name);
        free(s->v[i].c_name);
    }
    free(s->v);
    *s = (rc_symbols){NULL, 0, 0};
}

/* ---- bounds: C integer expressions as CHIP3S expressions ---- */

typedef struct rc_expr {
    const char *text;
    size_t pos;
    bool ok;
    bool uses_div; /* c_div or c_mod is called */
    rc_symbols *symbols;
    unsigned depth; /* of the C text being read: bounded as chips bounds what it reads */
} rc_expr;

/* The translators below return how deep what they wrote nests, as chips
 * counts it: expressions inside one another (a parenthesis, a sign, the
 * arguments of a call). */
static unsigned rc_nest_max(unsigned a, unsigned b)
{
    return a > b ? a : b;
}

static char rc_expr_peek(rc_expr *e)
{
    while (e->text[e->pos] == ' ' || e->text[e->pos] == '\t')
        e->pos++;
    return e->text[e->pos];
}

static unsigned rc_expr_additive(rc_expr *e, strbuf *out);

/* A decimal or hexadecimal integer, its suffix (u, l, ul, ...) dropped. */
static void rc_expr_number(rc_expr *e, strbuf *out)
{
    char *end;
    unsigned long long v = strtoull(e->text + e->pos, &end, 0);
    e->pos = (size_t)(end - e->text);
    while (e->text[e->pos] && strchr("uUlL", e->text[e->pos]))
        e->pos++;
    if (rc_is_ident_char(e->text[e->pos]) || e->text[e->pos] == '.')
        e->ok = false;
    strbuf_printf(out, "%llu", v);
}

/* A variable or member path (`n`, `grid->n`, `s.len`): a symbol. */
static void rc_expr_symbol(rc_expr *e, strbuf *out)
{
    size_t start = e->pos;
    for (;;) {
        while (rc_is_ident_char(e->text[e->pos]))
            e->pos++;
        if (e->text[e->pos] == '.' && rc_is_letter(e->text[e->pos + 1]))
            e->pos++;
        else if (e->text[e->pos] == '-' && e->text[e->pos + 1] == '>')
            e->pos += 2;
        else
            break;
    }
    strbuf c_name = STRBUF_INIT, name = STRBUF_INIT;
    strbuf_appendn(&c_name, e->text + start, e->pos - start);
    rc_name_into(&name, e->text + start, e->pos - start);
    rc_symbols_add(e->symbols, strbuf_cstr(&name), strbuf_cstr(&c_name));
    strbuf_append(out, strbuf_cstr(&name));
    strbuf_release(&c_name);
    strbuf_release(&name);
}

static unsigned rc_expr_primary(rc_expr *e, strbuf *out)
{
    unsigned n = 0;
    char c = rc_expr_peek(e);
    if (c >= '0' && c <= '9') {
        rc_expr_number(e, out);
    } else if (rc_is_letter(c) || c == '_') {
        rc_expr_symbol(e, out);
    } else if (c == '(' && e->depth < REPORT_CHIPS_MAX_NESTING) {
        e->pos++;
        e->depth++;
        strbuf_append(out, "(");
        n = rc_expr_additive(e, out) + 1;
        strbuf_append(out, ")");
        e->depth--;
        if (rc_expr_peek(e) == ')')
            e->pos++;
        else
            e->ok = false;
    } else {
        e->ok = false;
    }
    return n;
}

static unsigned rc_expr_unary(rc_expr *e, strbuf *out)
{
    char c = rc_expr_peek(e);
    if ((c == '-' || c == '+') && e->depth < REPORT_CHIPS_MAX_NESTING) {
        e->pos++;
        e->depth++;
        strbuf_appendn(out, &c, 1);
        unsigned n = rc_expr_unary(e, out) + 1;
        e->depth--;
        return n;
    }
    return rc_expr_primary(e, out);
}

/* Operands of * / %: C's `/` and `%` truncate, as c_div and c_mod do. */
static unsigned rc_expr_multiplicative(rc_expr *e, strbuf *out)
{
    strbuf left = STRBUF_INIT;
    unsigned n = rc_expr_unary(e, &left);
    for (char c = rc_expr_peek(e); e->ok && (c == '*' || c == '/' || c == '%');
         c = rc_expr_peek(e)) {
        e->pos++;
        strbuf right = STRBUF_INIT, joined = STRBUF_INIT;
        n = rc_nest_max(n, rc_expr_unary(e, &right));
        if (c == '*') {
            strbuf_printf(&joined, "%s * %s", strbuf_cstr(&left), strbuf_cstr(&right));
        } else {
            strbuf_printf(&joined, "%s(%s, %s)", c == '/' ? "c_div" : "c_mod",
                          strbuf_cstr(&left), strbuf_cstr(&right));
            e->uses_div = true;
            n++;
        }
        strbuf_release(&left);
        strbuf_release(&right);
        left = joined;
    }
    strbuf_append(out, strbuf_cstr(&left));
    strbuf_release(&left);
    return n;
}

static unsigned rc_expr_additive(rc_expr *e, strbuf *out)
{
    unsigned n = rc_expr_multiplicative(e, out);
    for (char c = rc_expr_peek(e); e->ok && (c == '+' || c == '-'); c = rc_expr_peek(e)) {
        e->pos++;
        strbuf_printf(out, " %c ", c);
        n = rc_nest_max(n, rc_expr_multiplicative(e, out));
    }
    return n;
}

/* A trip count wraps its bounds in at most five levels:
 * Max(0, Floor(((hi) - (lo)) / (step)) + 1). */
enum { RC_COUNT_WRAP = 5 };

/* text as CHIP3S into out; false when it is not an expression of the kind
 * above, or when it would nest too deep inside a trip count (symbols seen
 * are still added: the caller drops them then). */
static bool rc_translate(const char *text, strbuf *out, rc_symbols *symbols, bool *uses_div)
{
    rc_expr e = {text, 0, true, false, symbols, 0};
    unsigned nest = rc_expr_additive(&e, out);
    if (rc_expr_peek(&e) != '\0' || nest + RC_COUNT_WRAP > REPORT_CHIPS_MAX_NESTING)
        e.ok = false;
    if (e.ok && e.uses_div)
        *uses_div = true;
    return e.ok;
}

/* ---- bodies: a function's work as cflow statements ---- */

typedef enum rc_state { RC_TODO, RC_BUSY, RC_DONE } rc_state;

typedef struct rc_body {
    const lm_function *fn;
    char *name;           /* its subtask's */
    strbuf text;          /* its statements, one level in */
    strbuf nests;         /* with a machine: the procedures of its nests */
    rc_symbols symbols;   /* what the statements read: parameters and free symbols */
    size_t *used;         /* the parameters the statements read, by position */
    size_t nused;
    bool uses_div;
    rc_state state;
} rc_body;

typedef struct rc_slot {
    const lm_function *fn;
    size_t body;
} rc_slot;

typedef struct rc_study {
    rc_body *bodies;
    size_t n;
    rc_slot *slots; /* by function, sorted for rc_body_of */
    const report_chips_options *opt;
} rc_study;

static void rc_indent(strbuf *out, unsigned depth)
{
    for (unsigned i = 0; i < depth; i++)
        strbuf_append(out, "    ");
}

/* compute <is flop, ...> of one level's counts; nothing when it has none. */
static void rc_flops(strbuf *out, unsigned depth, const lm_fp_counts *fp)
{
    static const char *const elements[LM_FP_NCLASSES] = {"add", "sub", "mul", "div", "other"};
    strbuf v = STRBUF_INIT;
    for (int k = 0; k < LM_FP_NCLASSES; k++)
        if (fp->n[k])
            strbuf_printf(&v, ", %lu*%s", fp->n[k], elements[k]);
    if (v.len) {
        rc_indent(out, depth);
        strbuf_printf(out, "compute <is flop%s>;\n", strbuf_cstr(&v));
    }
    strbuf_release(&v);
}

/* compute <is mem, ...> of one level's bytes; nothing when there are none. */
static void rc_bytes(strbuf *out, unsigned depth, unsigned long load, unsigned long store)
{
    if (!load && !store)
        return;
    rc_indent(out, depth);
    strbuf_append(out, "compute <is mem");
    if (load)
        strbuf_printf(out, ", %lu*load", load);
    if (store)
        strbuf_printf(out, ", %lu*store", store);
    strbuf_append(out, ">;\n");
}

/* A translated bound that is a number. */
static bool rc_constant(const strbuf *text, long long *v)
{
    char *end;
    const char *s = strbuf_cstr(text);
    *v = strtoll(s, &end, 10);
    return *s && !*end;
}

/* Whether a symbol of l's bounds is the variable of a loop around it (a triangle's
 * j < i): CHIP3S's loop has no variable, and a dtdp variable of that name would hold one
 * value for every iteration. */
static bool rc_names_loop_variable(const lm_loop *l, const rc_symbols *symbols)
{
    for (const lm_loop *a = l->parent; a; a = a->parent)
        for (size_t i = 0; a->bounds.loopvar && i < symbols->n; i++)
            if (!strcmp(symbols->v[i].c_name, a->bounds.loopvar))
                return true;
    return false;
}

/* perfmodel's trip count of l, or false when its bounds are unknown, name the variable
 * of an enclosing loop or cannot be written in CHIP3S.  Numbers give a number, as
 * perfmodel computes it. */
static bool rc_trip_count(rc_body *st, const lm_loop *l, strbuf *out)
{
    const lm_bounds *b = &l->bounds;
    if (!b->lower || !b->upper || !b->stride)
        return false;
    rc_symbols symbols = {NULL, 0, 0};
    strbuf lo = STRBUF_INIT, hi = STRBUF_INIT, step = STRBUF_INIT;
    bool uses_div = false;
    bool ok = rc_translate(b->lower, &lo, &symbols, &uses_div) &&
              rc_translate(b->upper, &hi, &symbols, &uses_div) &&
              rc_translate(b->stride, &step, &symbols, &uses_div) &&
              !rc_names_loop_variable(l, &symbols);
    long long clo, chi, cstep;
    if (ok && rc_constant(&lo, &clo) && rc_constant(&hi, &chi) &&
        rc_constant(&step, &cstep) && cstep != 0) {
        long double span = cstep > 0 ? (long double)chi - clo : (long double)clo - chi;
        long double mag = cstep > 0 ? (long double)cstep : -(long double)cstep;
        strbuf_printf(out, "%lld", span < 0 ? 0LL : (long long)(span / mag) + 1);
    } else if (ok) {
        strbuf span = STRBUF_INIT;
        if (!strcmp(strbuf_cstr(&lo), "0"))
            strbuf_printf(&span, "%s", strbuf_cstr(&hi));
        else
            strbuf_printf(&span, "(%s) - (%s)", strbuf_cstr(&hi), strbuf_cstr(&lo));
        if (!strcmp(strbuf_cstr(&step), "1"))
            strbuf_printf(out, "Max(0, %s + 1)", strbuf_cstr(&span));
        else
            strbuf_printf(out, "Max(0, Floor((%s) / (%s)) + 1)", strbuf_cstr(&span),
                          strbuf_cstr(&step));
        strbuf_release(&span);
        for (size_t i = 0; i < symbols.n; i++)
            rc_symbols_add(&st->symbols, symbols.v[i].name, symbols.v[i].c_name);
        st->uses_div |= uses_div;
    }
    rc_symbols_release(&symbols);
    strbuf_release(&lo);
    strbuf_release(&hi);
    strbuf_release(&step);
    return ok;
}

/* `var dtdp numeric: a = 1, b;` for the symbols, each valued by -param. */
static void rc_var_symbols(strbuf *out, const rc_symbols *s, const bexpr_bindings *params)
{
    if (!s->n)
        return;
    strbuf_append(out, "var dtdp numeric:\n");
    for (size_t i = 0; i < s->n; i++) {
        long long v;
        strbuf_printf(out, "    %s", s->v[i].name);
        if (params && bexpr_bindings_get(params, s->v[i].c_name, &v))
            strbuf_printf(out, " = %lld", v);
        strbuf_append(out, i + 1 < s->n ? ",\n" : ";\n");
    }
    strbuf_append(out, "\n");
}

/* Text inside a (* *) comment, which `*)` would end. */
static void rc_comment_text(strbuf *out, const char *s)
{
    for (; *s; s++) {
        if (*s == ')' && out->len && out->s[out->len - 1] == '*')
            strbuf_append(out, " ");
        strbuf_appendn(out, s, 1);
    }
}

static const char rc_div_procs[] =
    "(* C's integer division and remainder: the quotient truncated toward zero *)\n"
    "proc exec c_div var a, b; {\n"
    "    if a / b < 0 then\n"
    "        return Ceiling(a / b);\n"
    "    return Floor(a / b);\n"
    "}\n"
    "\n"
    "proc exec c_mod var a, b; {\n"
    "    return a - b * c_div(a, b);\n"
    "}\n"
    "\n";

/* ---- calls ---- */

static int rc_slot_cmp(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const rc_slot *)a)->fn, y = (uintptr_t)((const rc_slot *)b)->fn;
    return (x > y) - (x < y);
}

static rc_body *rc_body_of(const rc_study *s, const lm_function *fn)
{
    rc_slot key = {fn, 0};
    const rc_slot *hit = bsearch(&key, s->slots, s->n, sizeof *s->slots, rc_slot_cmp);
    return hit ? &s->bodies[hit->body] : NULL;
}

/* A call the study makes a `call` of its callee's procedure: one of a
 * function of the program, neither through a pointer nor on a cycle. */
static bool rc_follows(const lm_call *c)
{
    return c->callee && !c->recursive && !c->indirect;
}

/* What the followed calls at one level (loop l, or the function's own when
 * NULL) added to its counts: taken off, as the callee's procedure counts it. */
static void rc_level_less_calls(const lm_function *fn, const lm_loop *l, lm_fp_counts *fp,
                                unsigned long *load, unsigned long *store)
{
    for (const lm_call *c = fn->calls; c; c = c->next) {
        if (c->loop != l || !rc_follows(c))
            continue;
        for (int k = 0; k < LM_FP_NCLASSES; k++)
            fp->n[k] -= fp->n[k] < c->added.n[k] ? fp->n[k] : c->added.n[k];
        *load -= *load < c->added_load_bytes ? *load : c->added_load_bytes;
        *store -= *store < c->added_store_bytes ? *store : c->added_store_bytes;
    }
}

/* The argument for the callee's parameter k at call c: its C text as
 * CHIP3S, else (not an integer expression, or missing) the variable
 * CALLER_L<line>_PARAM, left for -param or chips -D. */
static void rc_argument(rc_body *b, const lm_call *c, const char *param, size_t k, strbuf *out)
{
    rc_symbols symbols = {NULL, 0, 0};
    strbuf text = STRBUF_INIT;
    bool uses_div = false;
    if (k < c->nargs && rc_translate(c->args[k], &text, &symbols, &uses_div)) {
        strbuf_append(out, strbuf_cstr(&text));
        for (size_t i = 0; i < symbols.n; i++)
            rc_symbols_add(&b->symbols, symbols.v[i].name, symbols.v[i].c_name);
        b->uses_div |= uses_div;
    } else {
        strbuf c_name = STRBUF_INIT;
        strbuf_printf(&c_name, "%s_L%u_%s", b->fn->name, c->line, param);
        char *name = rc_name(strbuf_cstr(&c_name));
        rc_symbols_add(&b->symbols, name, strbuf_cstr(&c_name));
        strbuf_append(out, name);
        free(name);
        strbuf_release(&c_name);
    }
    rc_symbols_release(&symbols);
    strbuf_release(&text);
}

/* `call Time_G(args);` for a followed call: the callee's body is written
 * first, so that the parameters it reads are known. */
static void rc_body_emit(rc_study *s, rc_body *b);

static void rc_call(rc_study *s, rc_body *b, const lm_call *c, unsigned depth, strbuf *out)
{
    rc_body *callee = rc_body_of(s, c->callee);
    rc_body_emit(s, callee);
    rc_indent(out, depth);
    strbuf_printf(out, "call Time_%s", callee->name);
    for (size_t i = 0; i < callee->nused; i++) {
        size_t k = callee->used[i];
        strbuf_append(out, i ? ", " : "(");
        rc_argument(b, c, callee->fn->params[k], k, out);
    }
    strbuf_printf(out, "%s; (* line %u: %s *)\n", callee->nused ? ")" : "", c->line, c->name);
}

static void rc_calls_at(rc_study *s, rc_body *b, const lm_loop *l, unsigned depth, strbuf *out)
{
    for (const lm_call *c = b->fn->calls; c; c = c->next)
        if (c->loop == l && rc_follows(c))
            rc_call(s, b, c, depth, out);
}

/* The count of loop l: its trip count, or FUNC_L<line>. */
static void rc_count(rc_body *b, const lm_loop *l, strbuf *count)
{
    if (rc_trip_count(b, l, count))
        return;
    char c_name[320];
    lm_loop_count_name(l, c_name, sizeof c_name);
    char *name = rc_name(c_name);
    rc_symbols_add(&b->symbols, name, c_name);
    strbuf_append(count, name);
    free(name);
}

/* A loop and its nest with all their work: own-level FP operations and
 * bytes less what followed calls added, then those calls, then the loops
 * nested in it. */
static void rc_loop(rc_study *s, rc_body *b, const lm_loop *l, unsigned depth, strbuf *out)
{
    strbuf count = STRBUF_INIT;
    rc_count(b, l, &count);
    rc_indent(out, depth);
    strbuf_printf(out, "loop <0>, %s { (* line %u *)\n", strbuf_cstr(&count), l->loc.line);
    strbuf_release(&count);
    lm_fp_counts fp = l->own;
    unsigned long load = lm_arrays_byte_count(l->own_arrays, false);
    unsigned long store = lm_arrays_byte_count(l->own_arrays, true);
    rc_level_less_calls(b->fn, l, &fp, &load, &store);
    rc_flops(out, depth + 1, &fp);
    rc_bytes(out, depth + 1, load, store);
    rc_calls_at(s, b, l, depth + 1, out);
    for (const lm_loop *c = l->children; c; c = c->next)
        rc_loop(s, b, c, depth + 1, out);
    rc_indent(out, depth);
    strbuf_append(out, "}\n");
}

/* ---- nests on a machine: perfmodel's roofline as procedures ---- */

/* One part of a nest's time: its FP operations, the waits of its carried
 * chains (reductions), the traffic one level serves, or the calls it makes. */
typedef enum rc_part_kind { RC_PART_FLOP, RC_PART_CHAIN, RC_PART_LEVEL, RC_PART_CALLS } rc_part_kind;

typedef struct rc_part {
    rc_part_kind kind;
    const perf_nest *nest;
    int level;             /* RC_PART_LEVEL: the serving level; -1: perfmodel's one memory */
    /* A level: seconds a byte; a chain: seconds a cycle of one core, over the cores. */
    double seconds_per_unit;
    const char *name;      /* of its procedure: flop, chain, calls, or the level's */
} rc_part;

static const perf_loop *rc_perf_loop(const perf_nest *n, const lm_loop *l)
{
    for (size_t i = 0; i < n->nloops; i++)
        if (n->loops[i].loop == l)
            return &n->loops[i];
    return NULL;
}

/* Per iteration of l: the bytes the part's level serves, or the cycles its
 * chains wait; 0 for a loop that does not run. */
static double rc_part_units(const rc_part *part, const lm_loop *l)
{
    const perf_loop *pl = rc_perf_loop(part->nest, l);
    if (!pl || pl->executions <= 0)
        return 0;
    if (part->kind == RC_PART_CHAIN)
        return pl->chain_steps * pl->chain_step_cycles / pl->executions;
    return (part->level < 0 ? pl->bytes : pl->level_bytes[part->level]) / pl->executions;
}

/* l's loop with the part's work in it into out; false (nothing written)
 * when neither l nor a loop in it has any. */
static bool rc_part_loop(rc_study *s, rc_body *b, const rc_part *part, const lm_loop *l,
                         unsigned depth, strbuf *out)
{
    strbuf inner = STRBUF_INIT;
    if (part->kind == RC_PART_FLOP) {
        lm_fp_counts fp = l->own;
        unsigned long load = 0, store = 0;
        rc_level_less_calls(b->fn, l, &fp, &load, &store);
        rc_flops(&inner, depth + 1, &fp);
    } else if (part->kind != RC_PART_CALLS) {
        double units = rc_part_units(part, l);
        if (units > 0) {
            rc_indent(&inner, depth + 1);
            strbuf_printf(&inner, "compute <is time, %.9g * %.9g>; (* %s *)\n", units,
                          part->seconds_per_unit,
                          part->kind == RC_PART_CHAIN ? "cycles waiting on carried chains"
                                                      : "bytes served at this level");
        }
    } else {
        rc_calls_at(s, b, l, depth + 1, &inner);
    }
    for (const lm_loop *c = l->children; c; c = c->next)
        rc_part_loop(s, b, part, c, depth + 1, &inner);
    bool any = inner.len > 0;
    if (any) {
        strbuf count = STRBUF_INIT;
        rc_count(b, l, &count);
        rc_indent(out, depth);
        strbuf_printf(out, "loop <0>, %s { (* line %u *)\n", strbuf_cstr(&count), l->loc.line);
        strbuf_append(out, strbuf_cstr(&inner));
        rc_indent(out, depth);
        strbuf_append(out, "}\n");
        strbuf_release(&count);
    }
    strbuf_release(&inner);
    return any;
}

/* `var a, b; ` of a procedure taking the body's parameters, or "". */
static void rc_proc_params(const rc_body *b, strbuf *out)
{
    for (size_t i = 0; i < b->nused; i++) {
        char *name = rc_name(b->fn->params[b->used[i]]);
        strbuf_printf(out, "%s%s", i ? ", " : "var ", name);
        free(name);
    }
    if (b->nused)
        strbuf_append(out, "; ");
}

/* "(a, b)" passing them on, or "". */
static void rc_proc_args(const rc_body *b, strbuf *out)
{
    for (size_t i = 0; i < b->nused; i++) {
        char *name = rc_name(b->fn->params[b->used[i]]);
        strbuf_printf(out, "%s%s", i ? ", " : "(", name);
        free(name);
    }
    if (b->nused)
        strbuf_append(out, ")");
}

/* The parts of a nest's time: its FP operations; with the machine's
 * benchmarks, the waits of its carried chains; each level that serves it
 * bytes (with the benchmarks, perfmodel's levels at the seconds per byte it
 * found for this nest, accesses issued one at a time included; else the
 * machine's one memory bandwidth); its calls. */
static size_t rc_nest_parts(const perf_nest *n, const machine *m, unsigned cores, rc_part *parts)
{
    size_t k = 0;
    parts[k++] = (rc_part){RC_PART_FLOP, n, 0, 0, "flop"};
    const machine_benchmarks *b = &m->benchmarks;
    if (b->present && b->clock_ghz > 0)
        parts[k++] = (rc_part){RC_PART_CHAIN, n, 0, 1 / (b->clock_ghz * 1e9 * cores), "chain"};
    if (!n->nlevels && n->bytes > 0)
        parts[k++] = (rc_part){RC_PART_LEVEL, n, -1, 1 / (m->memory_bandwidth_gbs * 1e9),
                               "memory"};
    for (unsigned j = 0; j < n->nlevels; j++)
        if (n->levels[j].bytes > 0)
            parts[k++] = (rc_part){RC_PART_LEVEL, n, (int)j,
                                   n->levels[j].seconds / n->levels[j].bytes, n->levels[j].name};
    parts[k++] = (rc_part){RC_PART_CALLS, n, 0, 0, "calls"};
    return k;
}

/* Nest_NAME_K: the nest's roofline time, the largest of its parts but the
 * calls (the FP operations, which chips costs on one core, shared among the
 * cores perfmodel runs the nest on), then its barriers and its calls' time;
 * the parts are cflow procedures. */
static void rc_nest(rc_study *s, rc_body *b, const lm_loop *l, size_t k, unsigned depth,
                    strbuf *out)
{
    const report_chips_options *o = s->opt;
    const perf_nest *n = perf_nest_of(o->predicted, l);
    unsigned cores = n->cores ? n->cores : 1;
    rc_part parts[PERF_MAX_LEVELS + 3];
    size_t nparts = rc_nest_parts(n, o->machine, cores, parts);
    strbuf params = STRBUF_INIT, args = STRBUF_INIT, max = STRBUF_INIT, calls = STRBUF_INIT;
    rc_proc_params(b, &params);
    rc_proc_args(b, &args);
    for (size_t i = 0; i < nparts; i++) {
        strbuf proc = STRBUF_INIT, name = STRBUF_INIT;
        strbuf_printf(&name, "Nest_%s_%zu_%s", b->name, k, parts[i].name);
        if (rc_part_loop(s, b, &parts[i], l, 1, &proc)) {
            strbuf_printf(&b->nests, "proc cflow %s %s{\n%s}\n\n", strbuf_cstr(&name),
                          strbuf_cstr(&params), strbuf_cstr(&proc));
            strbuf *into = parts[i].kind == RC_PART_CALLS ? &calls : &max;
            strbuf_printf(into, "%s%s%s", into->len ? ", " : "", strbuf_cstr(&name),
                          strbuf_cstr(&args));
            if (parts[i].kind == RC_PART_FLOP && cores > 1)
                strbuf_printf(into, " / %u", cores);
        }
        strbuf_release(&proc);
        strbuf_release(&name);
    }
    strbuf_printf(&b->nests,
                  "(* The nest at line %u on %s, as perfmodel's roofline on %u core%s: the "
                  "largest of its compute and the time of each level's traffic, then its "
                  "barriers and its calls *)\n"
                  "proc exec Nest_%s_%zu %s{\n    return ",
                  l->loc.line, o->machine->name, cores, cores == 1 ? "" : "s", b->name, k,
                  strbuf_cstr(&params));
    strbuf_printf(&b->nests, max.len ? "Max(%s)" : "0", strbuf_cstr(&max));
    /* perfmodel's barriers are over all the nest's runs; the procedure is one run. */
    if (n->barrier_s > 0 && n->runs > 0)
        strbuf_printf(&b->nests, " + %.9g", n->barrier_s / n->runs);
    if (calls.len)
        strbuf_printf(&b->nests, " + %s", strbuf_cstr(&calls));
    strbuf_append(&b->nests, ";\n}\n\n");
    rc_indent(out, depth);
    strbuf_printf(out, "call Nest_%s_%zu%s; (* line %u *)\n", b->name, k, strbuf_cstr(&args),
                  l->loc.line);
    strbuf_release(&params);
    strbuf_release(&args);
    strbuf_release(&max);
    strbuf_release(&calls);
}

/* ---- a function's body ---- */

/* A call the study cannot follow is named where it is made. */
static void rc_warn_calls(const lm_function *fn)
{
    const char *file = fn->loc.file ? fn->loc.file : "?";
    for (const lm_call *c = fn->calls; c; c = c->next) {
        if (c->indirect)
            diag_at(DIAG_WARNING, file, c->line, c->column,
                    "'%s' is a call through a pointer: the CHIP3S study cannot follow it and "
                    "counts nothing for it",
                    c->name);
        else if (c->callee && c->recursive)
            diag_at(DIAG_WARNING, file, c->line, c->column,
                    "'%s' calls '%s' recursively: the CHIP3S study counts one execution of "
                    "'%s' here, as the static counts do",
                    fn->name, c->name, c->name);
    }
}

/* The body's statements: its work outside loops (less what followed calls
 * added there), those calls, then its loop nests. */
static void rc_statements(rc_study *s, rc_body *b, bool with_machine, strbuf *out)
{
    const lm_function *fn = b->fn;
    lm_fp_counts fp = fn->own;
    unsigned long load = 0, store = 0;
    rc_level_less_calls(fn, NULL, &fp, &load, &store);
    rc_flops(out, 1, &fp);
    rc_calls_at(s, b, NULL, 1, out);
    size_t k = 0;
    for (const lm_loop *l = fn->loops; l; l = l->next) {
        const perf_nest *n = with_machine ? perf_nest_of(s->opt->predicted, l) : NULL;
        if (n && n->did_not_run) {
            rc_indent(out, 1);
            strbuf_printf(out, "(* the nest at line %u did not run (measured: 0 entries) *)\n",
                          l->loc.line);
        } else if (n && !n->unpredicted) {
            rc_nest(s, b, l, ++k, 1, out);
        } else {
            rc_loop(s, b, l, 1, out);
        }
    }
}

/* The parameters the statements read: those with a symbol of their name. */
static void rc_find_used(rc_body *b)
{
    b->used = mem_alloc((b->fn->nparams ? b->fn->nparams : 1) * sizeof *b->used);
    for (size_t k = 0; k < b->fn->nparams; k++)
        for (size_t i = 0; i < b->symbols.n; i++)
            if (*b->fn->params[k] && !strcmp(b->symbols.v[i].c_name, b->fn->params[k])) {
                b->used[b->nused++] = k;
                break;
            }
}

/* Once per function: its statements are the same in its own subtask and
 * in each that calls it.  With a machine they are written twice: plainly,
 * to learn the parameters they read, then with the nests as procedures
 * that take those parameters. */
static void rc_body_emit(rc_study *s, rc_body *b)
{
    if (b->state != RC_TODO)
        return;
    b->state = RC_BUSY;
    rc_statements(s, b, false, &b->text);
    rc_find_used(b);
    if (s->opt->predicted && s->opt->machine) {
        strbuf_release(&b->text);
        rc_statements(s, b, true, &b->text);
    }
    rc_warn_calls(b->fn);
    b->state = RC_DONE;
}

/* ---- a subtask ---- */

/* The bodies b calls, directly or not, each once, callees first. */
static void rc_reached(const rc_study *s, const rc_body *b, bool *seen, size_t *order, size_t *n)
{
    for (const lm_call *c = b->fn->calls; c; c = c->next) {
        if (!rc_follows(c))
            continue;
        const rc_body *callee = rc_body_of(s, c->callee);
        size_t i = (size_t)(callee - s->bodies);
        if (seen[i])
            continue;
        seen[i] = true;
        rc_reached(s, callee, seen, order, n);
        order[(*n)++] = i;
    }
}

/* Whether symbol `name` is one of b's parameters (its procedure's argument). */
static bool rc_is_param(const rc_body *b, const char *c_name)
{
    for (size_t i = 0; i < b->nused; i++)
        if (!strcmp(b->fn->params[b->used[i]], c_name))
            return true;
    return false;
}

/* The subtask's variables: its own body's symbols, and those of the bodies
 * it reaches that are not their parameters. */
static void rc_subtask_symbols(const rc_study *s, const rc_body *b, const size_t *order,
                               size_t n, rc_symbols *out)
{
    for (size_t i = 0; i < b->symbols.n; i++)
        rc_symbols_add(out, b->symbols.v[i].name, b->symbols.v[i].c_name);
    for (size_t r = 0; r < n; r++) {
        const rc_body *c = &s->bodies[order[r]];
        for (size_t i = 0; i < c->symbols.n; i++)
            if (!rc_is_param(c, c->symbols.v[i].c_name))
                rc_symbols_add(out, c->symbols.v[i].name, c->symbols.v[i].c_name);
    }
}

static char *rc_subtask_text(const rc_study *s, const rc_body *b, const char *app,
                             rc_symbols *symbols)
{
    bool *seen = mem_alloc(s->n * sizeof *seen);
    size_t *order = mem_alloc(s->n * sizeof *order), n = 0;
    seen[b - s->bodies] = true;
    rc_reached(s, b, seen, order, &n);
    rc_subtask_symbols(s, b, order, n, symbols);
    bool uses_div = b->uses_div;
    for (size_t r = 0; r < n; r++)
        uses_div |= s->bodies[order[r]].uses_div;
    const lm_function *fn = b->fn;
    strbuf t = STRBUF_INIT;
    const char *file = fn->loc.file ? fn->loc.file : "?";
    const char *base = strrchr(file, '/');
    strbuf_printf(&t, "(* %s.la: %s() of ", b->name, fn->name);
    rc_comment_text(&t, base ? base + 1 : file);
    strbuf_printf(&t, ", for the application %s: written by measuretool -chips *)\n\n", app);
    strbuf_printf(&t, "subtask %s {\n\ninclude sequential;\n\n", b->name);
    rc_var_symbols(&t, symbols, s->opt->params);
    strbuf_append(&t, "link {\nsequential:\n    Tx = Time();\n}\n\n");
    if (uses_div)
        strbuf_append(&t, rc_div_procs);
    for (size_t r = 0; r < n; r++) {
        const rc_body *c = &s->bodies[order[r]];
        strbuf params = STRBUF_INIT;
        rc_proc_params(c, &params);
        strbuf_printf(&t, "(* %s(), which this function calls: its time *)\n", c->fn->name);
        strbuf_printf(&t, "proc cflow Time_%s %s{\n%s}\n\n", c->name, strbuf_cstr(&params),
                      strbuf_cstr(&c->text));
        strbuf_append(&t, strbuf_cstr(&c->nests));
        strbuf_release(&params);
    }
    strbuf_append(&t, strbuf_cstr(&b->nests));
    strbuf_append(&t, "(* The function's time: its work outside loops and the calls made there, "
                      "then its loop nests *)\n");
    strbuf_printf(&t, "proc cflow Time {\n%s}\n\n}\n", strbuf_cstr(&b->text));
    free(seen);
    free(order);
    return strbuf_take(&t);
}

/* ---- the application ---- */

/* Is fn the callee of a followed call of another function? */
static bool rc_is_called(const lm_program *p, const lm_function *fn)
{
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *g = f->functions; g; g = g->next)
            for (const lm_call *c = g->calls; g != fn && c; c = c->next)
                if (c->callee == fn && rc_follows(c))
                    return true;
    return false;
}

/* The bodies init evaluates: the entry (-chips-entry, else main), or with
 * neither the functions no other calls.  False after an error: -chips-entry
 * names no function. */
static bool rc_entries(const rc_study *s, const lm_program *p, bool *evaluated)
{
    const char *entry = s->opt->entry ? s->opt->entry : "main";
    for (size_t i = 0; i < s->n; i++)
        if (!strcmp(s->bodies[i].fn->name, entry)) {
            evaluated[i] = true;
            return true;
        }
    if (s->opt->entry) {
        diag_tool(DIAG_ERROR, "-chips-entry %s: the program defines no function '%s'",
                  s->opt->entry, s->opt->entry);
        return false;
    }
    for (size_t i = 0; i < s->n; i++)
        evaluated[i] = !rc_is_called(p, s->bodies[i].fn);
    return true;
}

static char *rc_app_text(const char *app, const rc_study *s, const rc_symbols *symbols,
                         const bool *evaluated)
{
    rc_symbols all = {NULL, 0, 0};
    for (size_t i = 0; i < s->n; i++)
        for (size_t k = 0; evaluated[i] && k < symbols[i].n; k++)
            rc_symbols_add(&all, symbols[i].v[k].name, symbols[i].v[k].c_name);
    strbuf t = STRBUF_INIT;
    strbuf_printf(&t, "(* %s.la: written by measuretool -chips; evaluate with chips (chips/README.md) *)\n\n",
                  app);
    strbuf_printf(&t, "application %s {\n\n", app);
    for (size_t i = 0; i < s->n; i++)
        if (evaluated[i])
            strbuf_printf(&t, "include %s;\n", s->bodies[i].name);
    strbuf_append(&t, "\n");
    rc_var_symbols(&t, &all, s->opt->params);
    bool any_link = false;
    for (size_t i = 0; i < s->n; i++)
        any_link |= evaluated[i] && symbols[i].n > 0;
    if (any_link) {
        strbuf_append(&t, "link {\n");
        for (size_t i = 0; i < s->n; i++) {
            if (!evaluated[i] || !symbols[i].n)
                continue;
            strbuf_printf(&t, "%s:\n", s->bodies[i].name);
            for (size_t k = 0; k < symbols[i].n; k++)
                strbuf_printf(&t, "    %s = %s;\n", symbols[i].v[k].name, symbols[i].v[k].name);
        }
        strbuf_append(&t, "}\n\n");
    }
    strbuf_append(&t, "(* The entry function, with every function it calls; without one, the "
                      "functions no other function calls *)\n");
    strbuf_append(&t, "proc exec init {\n    return ");
    bool first = true;
    for (size_t i = 0; i < s->n; i++) {
        if (!evaluated[i])
            continue;
        strbuf_printf(&t, "%s%s", first ? "" : " + ", s->bodies[i].name);
        first = false;
    }
    strbuf_append(&t, first ? "0;\n}\n\n}\n" : ";\n}\n\n}\n");
    rc_symbols_release(&all);
    return strbuf_take(&t);
}

char *report_chips_app_name(const char *app_path, const char **why)
{
    const char *base = strrchr(app_path, '/');
    base = base ? base + 1 : app_path;
    size_t len = strlen(base);
    if (len <= 3 || strcmp(base + len - 3, ".la") != 0) {
        *why = "the application's file must be named NAME.la";
        return NULL;
    }
    strbuf sb = STRBUF_INIT;
    rc_name_into(&sb, base, len - 3);
    return strbuf_take(&sb);
}

/* The subtasks' names: the functions', unique, and none the application's
 * (dot() of dot.la becomes dot_2: the two files would be one). */
static void rc_name_subtasks(rc_body *st, size_t n, const char *app)
{
    for (size_t i = 0; i < n; i++) {
        char *base = rc_name(st[i].fn->name);
        st[i].name = mem_strdup(base);
        for (unsigned k = 2;; k++) {
            size_t j = 0;
            while (j < i && strcmp(st[j].name, st[i].name) != 0)
                j++;
            if (j == i && strcmp(st[i].name, app) != 0)
                break;
            free(st[i].name);
            strbuf sb = STRBUF_INIT;
            strbuf_printf(&sb, "%s_%u", base, k);
            st[i].name = strbuf_take(&sb);
        }
        free(base);
    }
}

static bool rc_write_text(FILE *out, void *ctx)
{
    const char *text = ctx;
    return fputs(text, out) >= 0;
}

/* dir/NAME.la beside the application's file. */
static char *rc_path_beside(const char *app_path, const char *name)
{
    const char *slash = strrchr(app_path, '/');
    strbuf sb = STRBUF_INIT;
    if (slash)
        strbuf_appendn(&sb, app_path, (size_t)(slash - app_path) + 1);
    strbuf_printf(&sb, "%s.la", name);
    return strbuf_take(&sb);
}

/* A body per function, in program order, and the index that finds them. */
static void rc_study_init(rc_study *s, const lm_program *p, const report_chips_options *opt,
                          const char *app)
{
    s->opt = opt;
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            s->n++;
    s->bodies = mem_alloc((s->n ? s->n : 1) * sizeof *s->bodies);
    s->slots = mem_alloc((s->n ? s->n : 1) * sizeof *s->slots);
    size_t i = 0;
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next, i++) {
            s->bodies[i] = (rc_body){.fn = fn, .text = STRBUF_INIT, .nests = STRBUF_INIT};
            s->slots[i] = (rc_slot){fn, i};
        }
    qsort(s->slots, s->n, sizeof *s->slots, rc_slot_cmp);
    rc_name_subtasks(s->bodies, s->n, app);
}

static void rc_study_release(rc_study *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->bodies[i].name);
        free(s->bodies[i].used);
        strbuf_release(&s->bodies[i].text);
        strbuf_release(&s->bodies[i].nests);
        rc_symbols_release(&s->bodies[i].symbols);
    }
    free(s->bodies);
    free(s->slots);
}

/* Each subtask's file, then the application's; all checked, like every
 * output, before one is written. */
static bool rc_write_files(const char *app_path, const char *app, rc_study *s,
                           const bool *evaluated)
{
    bool ok = true;
    for (size_t i = 0; i < s->n; i++) {
        char *path = rc_path_beside(app_path, s->bodies[i].name);
        ok &= fileio_claim_output("-chips' subtask", path);
        free(path);
    }
    rc_symbols *symbols = mem_alloc((s->n ? s->n : 1) * sizeof *symbols);
    for (size_t i = 0; ok && i < s->n; i++) {
        char *text = rc_subtask_text(s, &s->bodies[i], app, &symbols[i]);
        char *path = rc_path_beside(app_path, s->bodies[i].name);
        ok &= fileio_write_atomic(path, rc_write_text, text);
        free(path);
        free(text);
    }
    if (ok) {
        char *text = rc_app_text(app, s, symbols, evaluated);
        ok &= fileio_write_atomic(app_path, rc_write_text, text);
        free(text);
    }
    for (size_t i = 0; i < s->n; i++)
        rc_symbols_release(&symbols[i]);
    free(symbols);
    return ok;
}

bool report_chips_write(const char *app_path, const lm_program *p,
                        const report_chips_options *opt)
{
    const char *why = NULL;
    char *app = report_chips_app_name(app_path, &why);
    if (!app) {
        diag_tool(DIAG_ERROR, "-chips %s: %s", app_path, why);
        return false;
    }
    char limit[64];
    snprintf(limit, sizeof limit, "chips reads statements nested %d deep",
             REPORT_CHIPS_MAX_NESTING);
    if (!lm_check_depth(p, REPORT_CHIPS_MAX_LOOP_DEPTH, "a CHIP3S study", limit)) {
        free(app);
        return false;
    }
    rc_study s = {0};
    rc_study_init(&s, p, opt, app);
    bool *evaluated = mem_alloc((s.n ? s.n : 1) * sizeof *evaluated);
    bool ok = rc_entries(&s, p, evaluated);
    for (size_t i = 0; ok && i < s.n; i++)
        rc_body_emit(&s, &s.bodies[i]);
    if (ok)
        ok = rc_write_files(app_path, app, &s, evaluated);
    free(evaluated);
    rc_study_release(&s);
    free(app);
    return ok;
}
