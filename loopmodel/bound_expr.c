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
 * name or a division by zero there is no error. */
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
    return too_big ? bexpr_overflow(st) : value;
}

/* A Fortran array element's subscripts `(e1, e2, ...)` after a symbol (the
 * ExaSAT tools write bounds such as `lo(3)`): appended to name as their
 * values, `(3)` or `(1,-2)`, so that `lo( 1+2 )` is the symbol `lo(3)`. */
static bool bexpr_read_subscripts(bexpr_state *st, strbuf *name)
{
    st->pos++;
    strbuf_append(name, "(");
    for (bool first = true;; first = false) {
        if (!first)
            strbuf_append(name, ",");
        long long value = bexpr_conditional(st);
        if (bexpr_failed(st))
            return false;
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

static long long bexpr_symbol(bexpr_state *st)
{
    strbuf name = STRBUF_INIT;
    long long value = 0;
    if (bexpr_read_symbol(st, &name) && st->evaluating &&
        !bexpr_bindings_get(st->bindings, name.s, &value))
        bexpr_fail(st, "unbound parameter '%s'", name.s);
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
        long long value = 0;
        st->pos = past;
        if (st->evaluating && !bexpr_bindings_get(st->bindings, path.s, &value))
            bexpr_fail(st, "unbound parameter '%s'", path.s);
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
    while (!bexpr_failed(st)) {
        char op = bexpr_peek(st);
        if (op != '*' && op != '/' && op != '%')
            break;
        st->pos++;
        long long rhs = bexpr_unary(st);
        if (bexpr_failed(st))
            break;
        value = op == '*' ? bexpr_multiply(st, value, rhs)
                          : bexpr_divide(st, op, value, rhs);
    }
    return value;
}

static long long bexpr_additive(bexpr_state *st)
{
    long long value = bexpr_multiplicative(st);
    while (!bexpr_failed(st)) {
        bool plus = bexpr_accept(st, "+");
        if (!plus && !bexpr_accept(st, "-"))
            break;
        long long rhs = bexpr_multiplicative(st);
        if (bexpr_failed(st))
            break;
        value = plus ? bexpr_add(st, value, rhs) : bexpr_subtract(st, value, rhs);
    }
    return value;
}

static long long bexpr_relational(bexpr_state *st)
{
    long long value = bexpr_additive(st);
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
    return value;
}

static long long bexpr_equality(bexpr_state *st)
{
    long long value = bexpr_relational(st);
    while (!bexpr_failed(st)) {
        bool equal = bexpr_accept(st, "==");
        if (!equal && !bexpr_accept(st, "!="))
            break;
        long long rhs = bexpr_relational(st);
        if (bexpr_failed(st))
            break;
        value = equal ? value == rhs : value != rhs;
    }
    return value;
}

/* The right operand of && and || is evaluated only when it decides. */
static long long bexpr_logical_and(bexpr_state *st)
{
    long long value = bexpr_equality(st);
    while (!bexpr_failed(st) && bexpr_accept(st, "&&")) {
        bool was_evaluating = st->evaluating;
        st->evaluating = was_evaluating && value != 0;
        long long rhs = bexpr_equality(st);
        st->evaluating = was_evaluating;
        value = value != 0 && rhs != 0;
    }
    return value;
}

static long long bexpr_logical_or(bexpr_state *st)
{
    long long value = bexpr_logical_and(st);
    while (!bexpr_failed(st) && bexpr_accept(st, "||")) {
        bool was_evaluating = st->evaluating;
        st->evaluating = was_evaluating && value == 0;
        long long rhs = bexpr_logical_and(st);
        st->evaluating = was_evaluating;
        value = value != 0 || rhs != 0;
    }
    return value;
}

static long long bexpr_conditional_unchecked(bexpr_state *st)
{
    long long test = bexpr_logical_or(st);
    if (bexpr_failed(st) || !bexpr_accept(st, "?"))
        return test;
    bool was_evaluating = st->evaluating;
    st->evaluating = was_evaluating && test != 0;
    long long when_true = bexpr_conditional(st);
    st->evaluating = was_evaluating;
    if (bexpr_failed(st))
        return 0;
    if (!bexpr_accept(st, ":")) {
        bexpr_fail_unexpected(st);
        return 0;
    }
    st->evaluating = was_evaluating && test == 0;
    long long when_false = bexpr_conditional(st);
    st->evaluating = was_evaluating;
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

bexpr_result bexpr_eval(const char *text, const bexpr_bindings *b)
{
    bexpr_result result = {.ok = true};
    if (!text || text[bexpr_skip_space(text, 0)] == '\0') {
        result.ok = false;
        snprintf(result.message, sizeof result.message, "empty expression");
        return result;
    }
    bexpr_state st = {text, 0, b, false, 0, &result};
    bexpr_whole(&st);
    if (!result.ok)
        return result;
    st.pos = 0;
    st.depth = 0;
    st.evaluating = true;
    result.value = bexpr_whole(&st);
    if (!result.ok)
        result.value = 0;
    return result;
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
    bexpr_state st = {copy, 0, NULL, true, 0, &scratch};
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
