/* The CHIP3S emitter.
 *
 * Objects.  Each function becomes `subtask FUNC`, linked to the built-in
 * `sequential` template (Tx = Time()), so its time is its cflow procedure
 * Time: the FP operations of the function outside loops, then its loop
 * nests as written, each `loop <0>, COUNT { ... }` holding the loop's
 * own-level FP operations (`compute <is flop, ...>`) and bytes
 * (`compute <is mem, ...>`).  Own-level counts include what the functions a
 * loop calls do there, as the static counts follow calls; so the
 * application's init adds only the subtasks of the functions no other
 * function calls.
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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fileio.h"
#include "loop_model.h"
#include "mem.h"
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

static bool rc_is_reserved(const char *s)
{
    for (size_t i = 0; i < sizeof rc_reserved / sizeof *rc_reserved; i++)
        if (!strcmp(rc_reserved[i], s))
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

/* ---- a subtask ---- */

typedef struct rc_subtask {
    const lm_function *fn;
    char *name;
    strbuf body;          /* the statements of Time */
    rc_symbols symbols;
    bool uses_div;
} rc_subtask;

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

static void rc_bytes(strbuf *out, unsigned depth, const lm_array_use *arrays)
{
    unsigned long load = lm_arrays_byte_count(arrays, false);
    unsigned long store = lm_arrays_byte_count(arrays, true);
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
static bool rc_trip_count(rc_subtask *st, const lm_loop *l, strbuf *out)
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

static void rc_loop(rc_subtask *st, const lm_loop *l, unsigned depth)
{
    strbuf count = STRBUF_INIT;
    if (!rc_trip_count(st, l, &count)) {
        strbuf c_name = STRBUF_INIT;
        strbuf_printf(&c_name, "%s_L%u", st->fn->name, l->loc.line);
        char *name = rc_name(strbuf_cstr(&c_name));
        rc_symbols_add(&st->symbols, name, strbuf_cstr(&c_name));
        strbuf_append(&count, name);
        free(name);
        strbuf_release(&c_name);
    }
    rc_indent(&st->body, depth);
    strbuf_printf(&st->body, "loop <0>, %s { (* line %u *)\n", strbuf_cstr(&count), l->loc.line);
    strbuf_release(&count);
    rc_flops(&st->body, depth + 1, &l->own);
    rc_bytes(&st->body, depth + 1, l->own_arrays);
    for (const lm_loop *c = l->children; c; c = c->next)
        rc_loop(st, c, depth + 1);
    rc_indent(&st->body, depth);
    strbuf_append(&st->body, "}\n");
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

static char *rc_subtask_text(rc_subtask *st, const char *app, const bexpr_bindings *params)
{
    const lm_function *fn = st->fn;
    rc_flops(&st->body, 1, &fn->own);
    for (const lm_loop *l = fn->loops; l; l = l->next)
        rc_loop(st, l, 1);
    strbuf t = STRBUF_INIT;
    const char *file = fn->loc.file ? fn->loc.file : "?";
    const char *base = strrchr(file, '/');
    strbuf_printf(&t, "(* %s.la: %s() of ", st->name, fn->name);
    rc_comment_text(&t, base ? base + 1 : file);
    strbuf_printf(&t, ", for the application %s: written by measuretool -chips *)\n\n", app);
    strbuf_printf(&t, "subtask %s {\n\ninclude sequential;\n\n", st->name);
    rc_var_symbols(&t, &st->symbols, params);
    strbuf_append(&t, "link {\nsequential:\n    Tx = Time();\n}\n\n");
    if (st->uses_div)
        strbuf_append(&t, rc_div_procs);
    strbuf_append(&t, "(* The function's time: its work outside loops, then its loop nests *)\n");
    strbuf_append(&t, "proc cflow Time {\n");
    strbuf_append(&t, strbuf_cstr(&st->body));
    strbuf_append(&t, "}\n\n}\n");
    return strbuf_take(&t);
}

/* ---- the application ---- */

/* Is fn called by another function of the program? */
static bool rc_is_called(const lm_program *p, const lm_function *fn)
{
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *g = f->functions; g; g = g->next)
            for (const lm_call *c = g->calls; g != fn && c; c = c->next)
                if (!strcmp(c->name, fn->name))
                    return true;
    return false;
}

static char *rc_app_text(const char *app, const lm_program *p, rc_subtask *st, size_t n,
                         const bexpr_bindings *params)
{
    rc_symbols all = {NULL, 0, 0};
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < st[i].symbols.n; k++)
            rc_symbols_add(&all, st[i].symbols.v[k].name, st[i].symbols.v[k].c_name);
    strbuf t = STRBUF_INIT;
    strbuf_printf(&t, "(* %s.la: written by measuretool -chips; evaluate with chips (chips/README.md) *)\n\n",
                  app);
    strbuf_printf(&t, "application %s {\n\n", app);
    for (size_t i = 0; i < n; i++)
        strbuf_printf(&t, "include %s;\n", st[i].name);
    if (n)
        strbuf_append(&t, "\n");
    rc_var_symbols(&t, &all, params);
    bool any_link = false;
    for (size_t i = 0; i < n; i++)
        any_link |= st[i].symbols.n > 0;
    if (any_link) {
        strbuf_append(&t, "link {\n");
        for (size_t i = 0; i < n; i++) {
            if (!st[i].symbols.n)
                continue;
            strbuf_printf(&t, "%s:\n", st[i].name);
            for (size_t k = 0; k < st[i].symbols.n; k++)
                strbuf_printf(&t, "    %s = %s;\n", st[i].symbols.v[k].name,
                              st[i].symbols.v[k].name);
        }
        strbuf_append(&t, "}\n\n");
    }
    strbuf_append(&t, "(* The functions no other function calls: the others' work is in their "
                      "callers' counts *)\n");
    strbuf_append(&t, "proc exec init {\n    return ");
    bool first = true;
    for (size_t i = 0; i < n; i++) {
        if (rc_is_called(p, st[i].fn))
            continue;
        strbuf_printf(&t, "%s%s", first ? "" : " + ", st[i].name);
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
static void rc_name_subtasks(rc_subtask *st, size_t n, const char *app)
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

bool report_chips_write(const char *app_path, const lm_program *p, const bexpr_bindings *params)
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
    size_t n = 0;
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            n++;
    rc_subtask *st = mem_alloc((n ? n : 1) * sizeof *st);
    size_t i = 0;
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            st[i++] = (rc_subtask){fn, NULL, STRBUF_INIT, {NULL, 0, 0}, false};
    rc_name_subtasks(st, n, app);
    /* Each subtask's file is checked, like every output, before one is written. */
    bool ok = true;
    for (i = 0; i < n; i++) {
        char *path = rc_path_beside(app_path, st[i].name);
        ok &= fileio_claim_output("-chips' subtask", path);
        free(path);
    }
    for (i = 0; ok && i < n; i++) {
        char *text = rc_subtask_text(&st[i], app, params);
        char *path = rc_path_beside(app_path, st[i].name);
        ok &= fileio_write_atomic(path, rc_write_text, text);
        free(path);
        free(text);
    }
    if (ok) {
        char *text = rc_app_text(app, p, st, n, params);
        ok &= fileio_write_atomic(app_path, rc_write_text, text);
        free(text);
    }
    for (i = 0; i < n; i++) {
        free(st[i].name);
        strbuf_release(&st[i].body);
        rc_symbols_release(&st[i].symbols);
    }
    free(st);
    free(app);
    return ok;
}
