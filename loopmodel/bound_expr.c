/* bound_expr: a recursive-descent evaluator for the integer expressions of
 * loop bounds, over long long, and the parameter bindings they read.
 *
 * Grammar (C's precedence, binary operators left-associative, `?:` right):
 *   cond    := or ( '?' cond ':' cond )?
 *   or      := and ( '||' and )*
 *   and     := eq ( '&&' eq )*
 *   eq      := rel ( ('==' | '!=') rel )*
 *   rel     := add ( ('<' | '<=' | '>' | '>=') add )*
 *   add     := mul ( ('+' | '-') mul )*
 *   mul     := unary ( ('*' | '/' | '%') unary )*
 *   unary   := ('+' | '-') unary | primary
 *   primary := NUMBER | SYMBOL | '(' PATH ')' STEPS | '(' cond ')'
 * NUMBER is decimal with an optional C suffix (u, l, ll and their mixes);
 * SYMBOL is an identifier followed by `.name` / `->name` steps and, last,
 * optionally a Fortran array element's subscripts `( cond (, cond)* )`,
 * looked up with the spaces removed and the subscripts evaluated
 * ("grid -> n" is "grid->n", "lo( 1+2 )" is "lo(3)").  A PATH in parentheses
 * (an identifier and its steps, or another parenthesized PATH) followed by more
 * STEPS is one symbol: `((blk)->nk)` is `blk->nk`, as macros write members.
 *
 * The text is read twice: once only for its syntax, so that a syntax error
 * wins over any evaluation error, then to evaluate it.  Evaluation follows
 * C: `&&`, `||` and `?:` skip the operand they do not need, so an unbound
 * name or a division by zero there is no error.
 *
 * Loop variables (bexpr_vars: those of the loops around a bound) are looked up
 * before the bindings, the innermost of a name first.  Each value carries
 * whether it depends on one (bexpr_state.dep); an operator that is not affine
 * in such a value (a product of two, a quotient, a comparison, a logical
 * operator, a ?: test, a subscript) marks the text not affine, which is how
 * bexpr_affine tells a triangle's `i - 1` from `n / i`. */
#include "bound_expr.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "mem.h"
#include "numbers.h"
#include "strbuf.h"

/* ---- bindings ---------------------------------------------------------- */

typedef struct bexpr_binding {
    char *name;
    long long value;
} bexpr_binding;

struct bexpr_bindings {
    bexpr_binding *items;
    size_t n, cap;
};

bexpr_bindings *bexpr_bindings_create(void)
{
    return mem_alloc(sizeof(bexpr_bindings));
}

void bexpr_bindings_free(bexpr_bindings **b)
{
    if (!b || !*b)
        return;
    for (size_t i = 0; i < (*b)->n; i++)
        free((*b)->items[i].name);
    free((*b)->items);
    free(*b);
    *b = NULL;
}

static bexpr_binding *bexpr_bindings_find(const bexpr_bindings *b, const char *name)
{
    if (!b || !name)
        return NULL;
    for (size_t i = 0; i < b->n; i++)
        if (!strcmp(b->items[i].name, name))
            return &b->items[i];
    return NULL;
}

void bexpr_bindings_set(bexpr_bindings *b, const char *name, long long value)
{
    if (!b || !name)
        return;
    bexpr_binding *old = bexpr_bindings_find(b, name);
    if (old) {
        old->value = value;
        return;
    }
    if (b->n == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 8;
        b->items = mem_realloc(b->items, b->cap * sizeof *b->items);
    }
    b->items[b->n].name = mem_strdup(name);
    b->items[b->n].value = value;
    b->n++;
}

bool bexpr_bindings_get(const bexpr_bindings *b, const char *name, long long *value)
{
    const bexpr_binding *found = bexpr_bindings_find(b, name);
    if (found && value)
        *value = found->value;
    return found != NULL;
}

/* ---- the scanner ------------------------------------------------------- */

typedef struct bexpr_state {
    const char *text;
    size_t pos;
    const bexpr_bindings *bindings;
    bool evaluating; /* false: syntax only, or an operand C would not evaluate */
    unsigned depth;  /* of nested parentheses, ?: arms and unary operators */
    bexpr_result *result;
    /* The loop variables in scope (NULL: none), looked up before the bindings. */
    const bexpr_vars *vars;
    /* Whether the value just read depends on a loop variable: each parsing function leaves
     * its result's here as it returns, so that an operator combines its operands'. */
    bool dep;
    /* A loop variable's value went through an operation that is not affine (set while
     * evaluating only: an arm C skips decides nothing). */
    bool nonaffine;
    /* Probing affinity at made-up values: a division by a loop variable that is 0 there is
     * no error, only not affine. */
    bool probing;
    bool *named; /* by vars' index: the text names it (any arm); NULL: not asked */
} bexpr_state;

static bool bexpr_is_ident_start(char c)
{
    return isalpha((unsigned char)c) || c == '_';
}

static bool bexpr_is_ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static size_t bexpr_skip_space(const char *text, size_t pos)
{
    while (text[pos] && isspace((unsigned char)text[pos]))
        pos++;
    return pos;
}

static char bexpr_peek(bexpr_state *st)
{
    st->pos = bexpr_skip_space(st->text, st->pos);
    return st->text[st->pos];
}

static bool bexpr_failed(const bexpr_state *st)
{
    return !st->result->ok;
}

/* The first error wins; later ones are consequences. */
static void bexpr_fail(bexpr_state *st, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void bexpr_fail(bexpr_state *st, const char *fmt, ...)
{
    if (bexpr_failed(st))
        return;
    st->result->ok = false;
    st->result->value = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->result->message, sizeof st->result->message, fmt, ap);
    va_end(ap);
}

/* The length of the token at pos, for messages: a word, a number, or one
 * character. */
static size_t bexpr_token_length(const char *text, size_t pos)
{
    size_t end = pos;
    while (bexpr_is_ident_char(text[end]))
        end++;
    return end > pos ? end - pos : 1;
}

static void bexpr_fail_unexpected_at(bexpr_state *st, size_t pos)
{
    if (!st->text[pos]) {
        bexpr_fail(st, "unexpected end of expression");
        return;
    }
    size_t len = bexpr_token_length(st->text, pos);
    if (len > 40)
        len = 40;
    bexpr_fail(st, "unexpected '%.*s' at column %zu", (int)len, st->text + pos, pos + 1);
}

static void bexpr_fail_unexpected(bexpr_state *st)
{
    bexpr_peek(st);
    bexpr_fail_unexpected_at(st, st->pos);
}

/* Consumes op when the text goes on with it (and not with a longer operator
 * that starts the same way: `<` is not the start of `<=`). */
static bool bexpr_accept(bexpr_state *st, const char *op)
{
    bexpr_peek(st);
    size_t len = strlen(op);
    if (strncmp(st->text + st->pos, op, len) != 0)
        return false;
    char next = st->text[st->pos + len];
    if (len == 1 && (op[0] == '<' || op[0] == '>') && (next == '=' || next == op[0]))
        return false;
    if (len == 1 && (op[0] == '&' || op[0] == '|') && next == op[0])
        return false;
    st->pos += len;
    return true;
}

/* Deep nesting is refused before it could exhaust the stack. */
enum { BEXPR_MAX_DEPTH = 256 };

static bool bexpr_enter(bexpr_state *st)
{
    if (++st->depth <= BEXPR_MAX_DEPTH)
        return true;
    bexpr_fail(st, "expression nested too deeply");
    return false;
}

static void bexpr_leave(bexpr_state *st)
{
    st->depth--;
}

/* ---- checked arithmetic ------------------------------------------------ */

static long long bexpr_overflow(bexpr_state *st)
{
    if (st->evaluating)
        bexpr_fail(st, "integer overflow");
    return 0;
}

static long long bexpr_add(bexpr_state *st, long long a, long long b)
{
    long long r;
    return __builtin_add_overflow(a, b, &r) ? bexpr_overflow(st) : r;
}

static long long bexpr_subtract(bexpr_state *st, long long a, long long b)
{
    long long r;
    return __builtin_sub_overflow(a, b, &r) ? bexpr_overflow(st) : r;
}

static long long bexpr_multiply(bexpr_state *st, long long a, long long b)
{
    long long r;
    return __builtin_mul_overflow(a, b, &r) ? bexpr_overflow(st) : r;
}

/* Division and remainder truncate toward zero, as C does.  LLONG_MIN / -1
 * overflows; C leaves LLONG_MIN % -1 undefined too, so it is an overflow. */
static long long bexpr_divide(bexpr_state *st, char op, long long a, long long b)
{
    if (!st->evaluating)
        return 0;
    if (b == 0) {
        bexpr_fail(st, "division by zero");
        return 0;
    }
    if (a == LLONG_MIN && b == -1)
        return bexpr_overflow(st);
    return op == '/' ? a / b : a % b;
}

/* ---- the parser -------------------------------------------------------- */

/* A comparison, a logical operator or a ?: test of a value that depends on a loop
 * variable is not affine in it; returns whether the result depends on one. */
static bool bexpr_not_affine(bexpr_state *st, bool lhs_dep, bool rhs_dep)
{
    st->nonaffine |= (lhs_dep || rhs_dep) && st->evaluating;
    return lhs_dep || rhs_dep;
}

static long long bexpr_conditional(bexpr_state *st);

/* A C integer suffix: u, l, ll, ul, ull, lu, llu in either case (but not
 * `lL`). */
static bool bexpr_is_integer_suffix(const char *s, size_t len)
{
    size_t i = 0;
    bool has_u = false;
    if (i < len && (s[i] == 'u' || s[i] == 'U')) {
        has_u = true;
        i++;
    }
    if (i < len && (s[i] == 'l' || s[i] == 'L')) {
        if (i + 1 < len && s[i + 1] == s[i])
            i++;
        i++;
    }
    if (!has_u && i < len && (s[i] == 'u' || s[i] == 'U'))
        i++;
    return i == len;
}

static long long bexpr_number(bexpr_state *st)
{
    size_t start = st->pos, end = start;
    long long value = 0;
    bool too_big = false;
    while (isdigit((unsigned char)st->text[end])) {
        int digit = st->text[end] - '0';
        if (__builtin_mul_overflow(value, 10, &value) ||
            __builtin_add_overflow(value, digit, &value))
            too_big = true;
        end++;
    }
    /* A leading 0 makes an octal constant in C: not read as decimal. */
    if (st->text[start] == '0' && end - start > 1) {
        bexpr_fail_unexpected_at(st, start);
        return 0;
    }
    size_t suffix = end;
    while (bexpr_is_ident_char(st->text[end]))
        end++;
    if (!bexpr_is_integer_suffix(st->text + suffix, end - suffix)) {
        bexpr_fail_unexpected_at(st, suffix);
        return 0;
    }
    st->pos = end;
    st->dep = false;
    return too_big ? bexpr_overflow(st) : value;
}

/* A Fortran array element's subscripts `(e1, e2, ...)` after a symbol (the
 * ExaSAT tools write bounds such as `lo(3)`): appended to name as their
 * values, `(3)` or `(1,-2)`, so that `lo( 1+2 )` is the symbol `lo(3)`. */
static bool bexpr_read_subscripts(bexpr_state *st, strbuf *name)
{
    st->pos++;
    strbuf_append(name, "(");
    bool dep = false;
    for (bool first = true;; first = false) {
        if (!first)
            strbuf_append(name, ",");
        long long value = bexpr_conditional(st);
        if (bexpr_failed(st))
            return false;
        dep |= st->dep;
        char digits[24];
        snprintf(digits, sizeof digits, "%lld", value);
        strbuf_append(name, digits);
        if (bexpr_accept(st, ")"))
            break;
        if (!bexpr_accept(st, ",")) {
            bexpr_fail_unexpected(st);
            return false;
        }
    }
    strbuf_append(name, ")");
    /* lo(i): which element depends on i, its value in no affine way */
    st->nonaffine |= dep && st->evaluating;
    st->dep = dep;
    return true;
}

/* Reads `name ( . name | -> name )* [ ( subscripts ) ]` into name, without
 * the spaces. */
static bool bexpr_read_symbol(bexpr_state *st, strbuf *name)
{
    size_t start = st->pos;
    while (bexpr_is_ident_char(st->text[st->pos]))
        st->pos++;
    strbuf_appendn(name, st->text + start, st->pos - start);
    for (;;) {
        size_t save = st->pos;
        const char *step = NULL;
        if (bexpr_accept(st, "->"))
            step = "->";
        else if (bexpr_accept(st, "."))
            step = ".";
        if (!step) {
            st->pos = save;
            return bexpr_peek(st) != '(' || bexpr_read_subscripts(st, name);
        }
        bexpr_peek(st);
        if (!bexpr_is_ident_start(st->text[st->pos])) {
            bexpr_fail_unexpected(st);
            return false;
        }
        strbuf_append(name, step);
        start = st->pos;
        while (bexpr_is_ident_char(st->text[st->pos]))
            st->pos++;
        strbuf_appendn(name, st->text + start, st->pos - start);
    }
}

/* The loop variable in scope named name: the innermost of that name; -1 when none is. */
static int bexpr_var_index(const bexpr_state *st, const char *name)
{
    if (!st->vars)
        return -1;
    for (unsigned k = st->vars->n; k > 0; k--)
        if (st->vars->names[k - 1] && !strcmp(st->vars->names[k - 1], name))
            return (int)(k - 1);
    return -1;
}

/* The value of the symbol name: a loop variable in scope, else a binding.  Names are
 * noted in any arm; values are read only where C evaluates. */
static long long bexpr_lookup(bexpr_state *st, const char *name)
{
    int k = bexpr_var_index(st, name);
    long long value = 0;
    if (k >= 0 && st->named)
        st->named[k] = true;
    if (k >= 0 && st->evaluating)
        value = st->vars->values[k];
    else if (k < 0 && st->evaluating && !bexpr_bindings_get(st->bindings, name, &value))
        bexpr_fail(st, "unbound parameter '%s'", name);
    st->dep = k >= 0;
    return value;
}

static long long bexpr_symbol(bexpr_state *st)
{
    strbuf name = STRBUF_INIT;
    long long value = 0;
    st->dep = false;
    if (bexpr_read_symbol(st, &name)) {
        bool subscript_dep = st->dep && strchr(name.s, '(');
        /* f(i) probed at made-up values of i names an element that need not exist: it is
         * looked up when the bound is evaluated at the loop's own values */
        if (!(subscript_dep && st->probing))
            value = bexpr_lookup(st, name.s);
        st->dep |= subscript_dep;
    }
    strbuf_release(&name);
    return value;
}

/* Past the `.name` / `->name` steps at pos (none is fine; spaces allowed around them),
 * appending them to name without the spaces; 0 when a step lacks its name. */
static size_t bexpr_scan_steps(const char *text, size_t pos, strbuf *name)
{
    for (;;) {
        size_t at = bexpr_skip_space(text, pos);
        const char *step = !strncmp(text + at, "->", 2) ? "->" : text[at] == '.' ? "." : NULL;
        if (!step)
            return pos;
        at = bexpr_skip_space(text, at + strlen(step));
        if (!bexpr_is_ident_start(text[at]))
            return 0;
        size_t end = at + bexpr_token_length(text, at);
        strbuf_append(name, step);
        strbuf_appendn(name, text + at, end - at);
        pos = end;
    }
}

/* `(blk)->nk`, `((blk)->nk)`: a member path in parentheses, as a macro writes it
 * (#define NK(b) ((b)->nk)), with the steps after them, read as the symbol `blk->nk`.  open
 * is the position of a '(' inside `depth` others; returns the position past it all, or 0
 * (name then holds junk) when the parentheses hold anything but a path or nest deeper than
 * an expression may. */
static size_t bexpr_scan_parenthesized_path(const char *text, size_t open, strbuf *name,
                                            unsigned depth)
{
    size_t at = bexpr_skip_space(text, open + 1);
    if (depth >= BEXPR_MAX_DEPTH)
        return 0;
    if (text[at] == '(') {
        at = bexpr_scan_parenthesized_path(text, at, name, depth + 1);
    } else if (bexpr_is_ident_start(text[at])) {
        size_t end = at + bexpr_token_length(text, at);
        strbuf_appendn(name, text + at, end - at);
        at = bexpr_scan_steps(text, end, name);
    } else {
        return 0;
    }
    if (at == 0)
        return 0;
    at = bexpr_skip_space(text, at);
    return text[at] == ')' ? bexpr_scan_steps(text, at + 1, name) : 0;
}

static long long bexpr_primary(bexpr_state *st)
{
    char c = bexpr_peek(st);
    if (isdigit((unsigned char)c))
        return bexpr_number(st);
    if (bexpr_is_ident_start(c))
        return bexpr_symbol(st);
    strbuf path = STRBUF_INIT;
    size_t past = c == '(' ? bexpr_scan_parenthesized_path(st->text, st->pos, &path, st->depth) : 0;
    if (past) {
        st->pos = past;
        long long value = bexpr_lookup(st, path.s);
        strbuf_release(&path);
        return value;
    }
    strbuf_release(&path);
    if (c == '(') {
        st->pos++;
        long long value = bexpr_conditional(st);
        if (bexpr_failed(st))
            return 0;
        if (!bexpr_accept(st, ")"))
            bexpr_fail_unexpected(st);
        return value;
    }
    bexpr_fail_unexpected(st);
    return 0;
}

static long long bexpr_unary(bexpr_state *st)
{
    bool plus = bexpr_accept(st, "+");
    if (!plus && !bexpr_accept(st, "-"))
        return bexpr_primary(st);
    if (!bexpr_enter(st))
        return 0;
    long long value = bexpr_unary(st);
    bexpr_leave(st);
    if (bexpr_failed(st))
        return 0;
    return plus ? value : bexpr_subtract(st, 0, value);
}

static long long bexpr_multiplicative(bexpr_state *st)
{
    long long value = bexpr_unary(st);
    bool dep = st->dep;
    while (!bexpr_failed(st)) {
        char op = bexpr_peek(st);
        if (op != '*' && op != '/' && op != '%')
            break;
        st->pos++;
        long long rhs = bexpr_unary(st);
        if (bexpr_failed(st))
            break;
        /* affine: a product with one factor free of loop variables; no quotient */
        bool nonaffine = op == '*' ? dep && st->dep : dep || st->dep;
        st->nonaffine |= nonaffine && st->evaluating;
        if (op != '*' && rhs == 0 && st->dep && st->probing)
            value = 0;
        else
            value = op == '*' ? bexpr_multiply(st, value, rhs) : bexpr_divide(st, op, value, rhs);
        dep |= st->dep;
    }
    st->dep = dep;
    return value;
}

static long long bexpr_additive(bexpr_state *st)
{
    long long value = bexpr_multiplicative(st);
    bool dep = st->dep;
    while (!bexpr_failed(st)) {
        bool plus = bexpr_accept(st, "+");
        if (!plus && !bexpr_accept(st, "-"))
            break;
        long long rhs = bexpr_multiplicative(st);
        if (bexpr_failed(st))
            break;
        value = plus ? bexpr_add(st, value, rhs) : bexpr_subtract(st, value, rhs);
        dep |= st->dep;
    }
    st->dep = dep;
    return value;
}

static long long bexpr_relational(bexpr_state *st)
{
    long long value = bexpr_additive(st);
    bool dep = st->dep;
    while (!bexpr_failed(st)) {
        int op; /* 0 <, 1 <=, 2 >, 3 >= */
        if (bexpr_accept(st, "<="))
            op = 1;
        else if (bexpr_accept(st, ">="))
            op = 3;
        else if (bexpr_accept(st, "<"))
            op = 0;
        else if (bexpr_accept(st, ">"))
            op = 2;
        else
            break;
        long long rhs = bexpr_additive(st);
        if (bexpr_failed(st))
            break;
        dep = bexpr_not_affine(st, dep, st->dep);
        switch (op) {
        case 0:
            value = value < rhs;
            break;
        case 1:
            value = value <= rhs;
            break;
        case 2:
            value = value > rhs;
            break;
        default:
            value = value >= rhs;
            break;
        }
    }
    st->dep = dep;
    return value;
}

static long long bexpr_equality(bexpr_state *st)
{
    long long value = bexpr_relational(st);
    bool dep = st->dep;
    while (!bexpr_failed(st)) {
        bool equal = bexpr_accept(st, "==");
        if (!equal && !bexpr_accept(st, "!="))
            break;
        long long rhs = bexpr_relational(st);
        if (bexpr_failed(st))
            break;
        dep = bexpr_not_affine(st, dep, st->dep);
        value = equal ? value == rhs : value != rhs;
    }
    st->dep = dep;
    return value;
}

/* The right operand of && and || is evaluated only when it decides. */
static long long bexpr_logical_and(bexpr_state *st)
{
    long long value = bexpr_equality(st);
    bool dep = st->dep;
    while (!bexpr_failed(st) && bexpr_accept(st, "&&")) {
        bool was_evaluating = st->evaluating;
        st->evaluating = was_evaluating && value != 0;
        long long rhs = bexpr_equality(st);
        st->evaluating = was_evaluating;
        dep = bexpr_not_affine(st, dep, st->dep);
        value = value != 0 && rhs != 0;
    }
    st->dep = dep;
    return value;
}

static long long bexpr_logical_or(bexpr_state *st)
{
    long long value = bexpr_logical_and(st);
    bool dep = st->dep;
    while (!bexpr_failed(st) && bexpr_accept(st, "||")) {
        bool was_evaluating = st->evaluating;
        st->evaluating = was_evaluating && value == 0;
        long long rhs = bexpr_logical_and(st);
        st->evaluating = was_evaluating;
        dep = bexpr_not_affine(st, dep, st->dep);
        value = value != 0 || rhs != 0;
    }
    st->dep = dep;
    return value;
}

static long long bexpr_conditional_unchecked(bexpr_state *st)
{
    long long test = bexpr_logical_or(st);
    if (bexpr_failed(st) || !bexpr_accept(st, "?"))
        return test;
    bool dep = bexpr_not_affine(st, st->dep, false);
    bool was_evaluating = st->evaluating;
    st->evaluating = was_evaluating && test != 0;
    long long when_true = bexpr_conditional(st);
    st->evaluating = was_evaluating;
    if (bexpr_failed(st))
        return 0;
    dep |= st->dep;
    if (!bexpr_accept(st, ":")) {
        bexpr_fail_unexpected(st);
        return 0;
    }
    st->evaluating = was_evaluating && test == 0;
    long long when_false = bexpr_conditional(st);
    st->evaluating = was_evaluating;
    st->dep |= dep;
    return test ? when_true : when_false;
}

static long long bexpr_conditional(bexpr_state *st)
{
    if (!bexpr_enter(st))
        return 0;
    long long value = bexpr_conditional_unchecked(st);
    bexpr_leave(st);
    return value;
}

/* One pass over the whole text: an expression and nothing after it. */
static long long bexpr_whole(bexpr_state *st)
{
    long long value = bexpr_conditional(st);
    if (!bexpr_failed(st) && bexpr_peek(st) != '\0')
        bexpr_fail_unexpected(st);
    return value;
}

/* Both passes over text with the state's vars, named and probing as st gives them. */
static bexpr_result bexpr_run(const char *text, bexpr_state st)
{
    bexpr_result result = {.ok = true};
    if (!text || text[bexpr_skip_space(text, 0)] == '\0') {
        result.ok = false;
        snprintf(result.message, sizeof result.message, "empty expression");
        return result;
    }
    st.text = text;
    st.result = &result;
    bexpr_whole(&st);
    if (!result.ok)
        return result;
    st.pos = 0;
    st.depth = 0;
    st.evaluating = true;
    st.nonaffine = false;
    result.value = bexpr_whole(&st);
    if (!result.ok)
        result.value = 0;
    result.affine = !st.nonaffine;
    return result;
}

bexpr_result bexpr_eval(const char *text, const bexpr_bindings *b)
{
    return bexpr_run(text, (bexpr_state){.bindings = b});
}

bexpr_result bexpr_eval_vars(const char *text, const bexpr_bindings *b, const bexpr_vars *v)
{
    return bexpr_run(text, (bexpr_state){.bindings = b, .vars = v});
}

/* Affinity is read from how the loop variables' values flow through the operators
 * (bexpr_state.dep), evaluating at 0 for all of them; an affine text's coefficients are
 * then its differences at each unit vector, exact in integers. */
bexpr_result bexpr_affine(const char *text, const bexpr_bindings *b, const bexpr_vars *v,
                          bool *named, long long *coef)
{
    long long *at = mem_alloc((v->n ? v->n : 1) * sizeof *at);
    bexpr_vars probe = {v->names, at, v->n};
    memset(named, 0, v->n * sizeof *named);
    bexpr_result r = bexpr_run(text, (bexpr_state){.bindings = b, .vars = &probe,
                                                   .probing = true, .named = named});
    coef[0] = r.value;
    for (unsigned k = 0; k < v->n && r.ok && r.affine; k++) {
        coef[k + 1] = 0;
        if (!named[k])
            continue;
        at[k] = 1;
        bexpr_result unit = bexpr_run(text, (bexpr_state){.bindings = b, .vars = &probe,
                                                          .probing = true});
        at[k] = 0;
        if (!unit.ok) {
            r = unit;
            break;
        }
        coef[k + 1] = unit.value - r.value;
    }
    free(at);
    return r;
}

/* ---- "name=value" ------------------------------------------------------ */

/* The symbol that is the whole of text[0..len) apart from spaces around it,
 * without its inner spaces; NULL when it is not one (free() it). */
static char *bexpr_bindings_parse_name(const char *text, size_t len)
{
    char *copy = mem_alloc(len + 1);
    memcpy(copy, text, len);
    bexpr_result scratch = {.ok = true};
    /* Evaluating, with no bindings: subscripts must be constants. */
    bexpr_state st = {.text = copy, .evaluating = true, .result = &scratch};
    strbuf name = STRBUF_INIT;
    bool ok = bexpr_is_ident_start(bexpr_peek(&st)) && bexpr_read_symbol(&st, &name) &&
              bexpr_peek(&st) == '\0';
    free(copy);
    if (!ok) {
        strbuf_release(&name);
        return NULL;
    }
    return strbuf_take(&name);
}

bool bexpr_bindings_parse(bexpr_bindings *b, const char *assignment, const char **error)
{
    const char *dummy;
    if (!error)
        error = &dummy;
    const char *eq = assignment ? strchr(assignment, '=') : NULL;
    if (!eq || bexpr_skip_space(assignment, 0) == (size_t)(eq - assignment) ||
        eq[1 + bexpr_skip_space(eq + 1, 0)] == '\0') {
        *error = "expected NAME=VALUE";
        return false;
    }
    char *name = bexpr_bindings_parse_name(assignment, (size_t)(eq - assignment));
    if (!name) {
        *error = "the name is not an identifier";
        return false;
    }
    long long value;
    const char *value_error = num_parse_whole(eq + 1, strlen(eq + 1), &value);
    if (value_error) {
        *error = value_error;
        free(name);
        return false;
    }
    bexpr_bindings_set(b, name, value);
    free(name);
    *error = NULL;
    return true;
}

bool bexpr_bindings_parse_all(bexpr_bindings *b, const char *const *assignments, int n,
                              const char *option)
{
    bool ok = true;
    for (int i = 0; i < n; i++) {
        const char *error = NULL;
        if (!bexpr_bindings_parse(b, assignments[i], &error)) {
            diag_tool(DIAG_ERROR, "%s %s: %s", option, assignments[i], error);
            ok = false;
        }
    }
    return ok;
}
