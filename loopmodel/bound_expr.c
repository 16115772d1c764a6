/* perf_expr: a recursive-descent evaluator for the integer expressions of
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

typedef struct perf_binding {
    char *name;
    long long value;
} perf_binding;

struct perf_bindings {
    perf_binding *items;
    size_t n, cap;
};

perf_bindings *perf_bindings_create(void)
{
    return mem_alloc(sizeof(perf_bindings));
}

void perf_bindings_free(perf_bindings **b)
{
    if (!b || !*b)
        return;
    for (size_t i = 0; i < (*b)->n; i++)
        free((*b)->items[i].name);
    free((*b)->items);
    free(*b);
    *b = NULL;
}

static perf_binding *perf_bindings_find(const perf_bindings *b, const char *name)
{
    if (!b || !name)
        return NULL;
    for (size_t i = 0; i < b->n; i++)
        if (!strcmp(b->items[i].name, name))
            return &b->items[i];
    return NULL;
}

void perf_bindings_set(perf_bindings *b, const char *name, long long value)
{
    if (!b || !name)
        return;
    perf_binding *old = perf_bindings_find(b, name);
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

bool perf_bindings_get(const perf_bindings *b, const char *name, long long *value)
{
    const perf_binding *found = perf_bindings_find(b, name);
    if (found && value)
        *value = found->value;
    return found != NULL;
}

/* ---- the scanner ------------------------------------------------------- */

typedef struct perf_expr_state {
    const char *text;
    size_t pos;
    const perf_bindings *bindings;
    bool evaluating; /* false: syntax only, or an operand C would not evaluate */
    unsigned depth;  /* of nested parentheses, ?: arms and unary operators */
    perf_expr_result *result;
} perf_expr_state;

static bool perf_expr_is_ident_start(char c)
{
    return isalpha((unsigned char)c) || c == '_';
}

static bool perf_expr_is_ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static size_t perf_expr_skip_space(const char *text, size_t pos)
{
    while (text[pos] && isspace((unsigned char)text[pos]))
        pos++;
    return pos;
}

static char perf_expr_peek(perf_expr_state *st)
{
    st->pos = perf_expr_skip_space(st->text, st->pos);
    return st->text[st->pos];
}

static bool perf_expr_failed(const perf_expr_state *st)
{
    return !st->result->ok;
}

/* The first error wins; later ones are consequences. */
static void perf_expr_fail(perf_expr_state *st, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void perf_expr_fail(perf_expr_state *st, const char *fmt, ...)
{
    if (perf_expr_failed(st))
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
static size_t perf_expr_token_length(const char *text, size_t pos)
{
    size_t end = pos;
    while (perf_expr_is_ident_char(text[end]))
        end++;
    return end > pos ? end - pos : 1;
}

static void perf_expr_fail_unexpected_at(perf_expr_state *st, size_t pos)
{
    if (!st->text[pos]) {
        perf_expr_fail(st, "unexpected end of expression");
        return;
    }
    size_t len = perf_expr_token_length(st->text, pos);
    if (len > 40)
        len = 40;
    perf_expr_fail(st, "unexpected '%.*s' at column %zu", (int)len, st->text + pos, pos + 1);
}

static void perf_expr_fail_unexpected(perf_expr_state *st)
{
    perf_expr_peek(st);
    perf_expr_fail_unexpected_at(st, st->pos);
}

/* Consumes op when the text goes on with it (and not with a longer operator
 * that starts the same way: `<` is not the start of `<=`). */
static bool perf_expr_accept(perf_expr_state *st, const char *op)
{
    perf_expr_peek(st);
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
enum { PERF_EXPR_MAX_DEPTH = 256 };

static bool perf_expr_enter(perf_expr_state *st)
{
    if (++st->depth <= PERF_EXPR_MAX_DEPTH)
        return true;
    perf_expr_fail(st, "expression nested too deeply");
    return false;
}

static void perf_expr_leave(perf_expr_state *st)
{
    st->depth--;
}

/* ---- checked arithmetic ------------------------------------------------ */

static long long perf_expr_overflow(perf_expr_state *st)
{
    if (st->evaluating)
        perf_expr_fail(st, "integer overflow");
    return 0;
}

static long long perf_expr_add(perf_expr_state *st, long long a, long long b)
{
    long long r;
    return __builtin_add_overflow(a, b, &r) ? perf_expr_overflow(st) : r;
}

static long long perf_expr_subtract(perf_expr_state *st, long long a, long long b)
{
    long long r;
    return __builtin_sub_overflow(a, b, &r) ? perf_expr_overflow(st) : r;
}

static long long perf_expr_multiply(perf_expr_state *st, long long a, long long b)
{
    long long r;
    return __builtin_mul_overflow(a, b, &r) ? perf_expr_overflow(st) : r;
}

/* Division and remainder truncate toward zero, as C does.  LLONG_MIN / -1
 * overflows; C leaves LLONG_MIN % -1 undefined too, so it is an overflow. */
static long long perf_expr_divide(perf_expr_state *st, char op, long long a, long long b)
{
    if (!st->evaluating)
        return 0;
    if (b == 0) {
        perf_expr_fail(st, "division by zero");
        return 0;
    }
    if (a == LLONG_MIN && b == -1)
        return perf_expr_overflow(st);
    return op == '/' ? a / b : a % b;
}

/* ---- the parser -------------------------------------------------------- */

static long long perf_expr_conditional(perf_expr_state *st);

/* A C integer suffix: u, l, ll, ul, ull, lu, llu in either case (but not
 * `lL`). */
static bool perf_expr_is_integer_suffix(const char *s, size_t len)
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

static long long perf_expr_number(perf_expr_state *st)
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
        perf_expr_fail_unexpected_at(st, start);
        return 0;
    }
    size_t suffix = end;
    while (perf_expr_is_ident_char(st->text[end]))
        end++;
    if (!perf_expr_is_integer_suffix(st->text + suffix, end - suffix)) {
        perf_expr_fail_unexpected_at(st, suffix);
        return 0;
    }
    st->pos = end;
    return too_big ? perf_expr_overflow(st) : value;
}

/* A Fortran array element's subscripts `(e1, e2, ...)` after a symbol (the
 * ExaSAT tools write bounds such as `lo(3)`): appended to name as their
 * values, `(3)` or `(1,-2)`, so that `lo( 1+2 )` is the symbol `lo(3)`. */
static bool perf_expr_read_subscripts(perf_expr_state *st, strbuf *name)
{
    st->pos++;
    strbuf_append(name, "(");
    for (bool first = true;; first = false) {
        if (!first)
            strbuf_append(name, ",");
        long long value = perf_expr_conditional(st);
        if (perf_expr_failed(st))
            return false;
        char digits[24];
        snprintf(digits, sizeof digits, "%lld", value);
        strbuf_append(name, digits);
        if (perf_expr_accept(st, ")"))
            break;
        if (!perf_expr_accept(st, ",")) {
            perf_expr_fail_unexpected(st);
            return false;
        }
    }
    strbuf_append(name, ")");
    return true;
}

/* Reads `name ( . name | -> name )* [ ( subscripts ) ]` into name, without
 * the spaces. */
static bool perf_expr_read_symbol(perf_expr_state *st, strbuf *name)
{
    size_t start = st->pos;
    while (perf_expr_is_ident_char(st->text[st->pos]))
        st->pos++;
    strbuf_appendn(name, st->text + start, st->pos - start);
    for (;;) {
        size_t save = st->pos;
        const char *step = NULL;
        if (perf_expr_accept(st, "->"))
            step = "->";
        else if (perf_expr_accept(st, "."))
            step = ".";
        if (!step) {
            st->pos = save;
            return perf_expr_peek(st) != '(' || perf_expr_read_subscripts(st, name);
        }
        perf_expr_peek(st);
        if (!perf_expr_is_ident_start(st->text[st->pos])) {
            perf_expr_fail_unexpected(st);
            return false;
        }
        strbuf_append(name, step);
        start = st->pos;
        while (perf_expr_is_ident_char(st->text[st->pos]))
            st->pos++;
        strbuf_appendn(name, st->text + start, st->pos - start);
    }
}

static long long perf_expr_symbol(perf_expr_state *st)
{
    strbuf name = STRBUF_INIT;
    long long value = 0;
    if (perf_expr_read_symbol(st, &name) && st->evaluating &&
        !perf_bindings_get(st->bindings, name.s, &value))
        perf_expr_fail(st, "unbound parameter '%s'", name.s);
    strbuf_release(&name);
    return value;
}

/* Past the `.name` / `->name` steps at pos (none is fine; spaces allowed around them),
 * appending them to name without the spaces; 0 when a step lacks its name. */
static size_t perf_expr_scan_steps(const char *text, size_t pos, strbuf *name)
{
    for (;;) {
        size_t at = perf_expr_skip_space(text, pos);
        const char *step = !strncmp(text + at, "->", 2) ? "->" : text[at] == '.' ? "." : NULL;
        if (!step)
            return pos;
        at = perf_expr_skip_space(text, at + strlen(step));
        if (!perf_expr_is_ident_start(text[at]))
            return 0;
        size_t end = at + perf_expr_token_length(text, at);
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
static size_t perf_expr_scan_parenthesized_path(const char *text, size_t open, strbuf *name,
                                                unsigned depth)
{
    size_t at = perf_expr_skip_space(text, open + 1);
    if (depth >= PERF_EXPR_MAX_DEPTH)
        return 0;
    if (text[at] == '(') {
        at = perf_expr_scan_parenthesized_path(text, at, name, depth + 1);
    } else if (perf_expr_is_ident_start(text[at])) {
        size_t end = at + perf_expr_token_length(text, at);
        strbuf_appendn(name, text + at, end - at);
        at = perf_expr_scan_steps(text, end, name);
    } else {
        return 0;
    }
    if (at == 0)
        return 0;
    at = perf_expr_skip_space(text, at);
    return text[at] == ')' ? perf_expr_scan_steps(text, at + 1, name) : 0;
}

static long long perf_expr_primary(perf_expr_state *st)
{
    char c = perf_expr_peek(st);
    if (isdigit((unsigned char)c))
        return perf_expr_number(st);
    if (perf_expr_is_ident_start(c))
        return perf_expr_symbol(st);
    strbuf path = STRBUF_INIT;
    size_t past = c == '(' ? perf_expr_scan_parenthesized_path(st->text, st->pos, &path, st->depth) : 0;
    if (past) {
        long long value = 0;
        st->pos = past;
        if (st->evaluating && !perf_bindings_get(st->bindings, path.s, &value))
            perf_expr_fail(st, "unbound parameter '%s'", path.s);
        strbuf_release(&path);
        return value;
    }
    strbuf_release(&path);
    if (c == '(') {
        st->pos++;
        long long value = perf_expr_conditional(st);
        if (perf_expr_failed(st))
            return 0;
        if (!perf_expr_accept(st, ")"))
            perf_expr_fail_unexpected(st);
        return value;
    }
    perf_expr_fail_unexpected(st);
    return 0;
}

static long long perf_expr_unary(perf_expr_state *st)
{
    bool plus = perf_expr_accept(st, "+");
    if (!plus && !perf_expr_accept(st, "-"))
        return perf_expr_primary(st);
    if (!perf_expr_enter(st))
        return 0;
    long long value = perf_expr_unary(st);
    perf_expr_leave(st);
    if (perf_expr_failed(st))
        return 0;
    return plus ? value : perf_expr_subtract(st, 0, value);
}

static long long perf_expr_multiplicative(perf_expr_state *st)
{
    long long value = perf_expr_unary(st);
    while (!perf_expr_failed(st)) {
        char op = perf_expr_peek(st);
        if (op != '*' && op != '/' && op != '%')
            break;
        st->pos++;
        long long rhs = perf_expr_unary(st);
        if (perf_expr_failed(st))
            break;
        value = op == '*' ? perf_expr_multiply(st, value, rhs)
                          : perf_expr_divide(st, op, value, rhs);
    }
    return value;
}

static long long perf_expr_additive(perf_expr_state *st)
{
    long long value = perf_expr_multiplicative(st);
    while (!perf_expr_failed(st)) {
        bool plus = perf_expr_accept(st, "+");
        if (!plus && !perf_expr_accept(st, "-"))
            break;
        long long rhs = perf_expr_multiplicative(st);
        if (perf_expr_failed(st))
            break;
        value = plus ? perf_expr_add(st, value, rhs) : perf_expr_subtract(st, value, rhs);
    }
    return value;
}

static long long perf_expr_relational(perf_expr_state *st)
{
    long long value = perf_expr_additive(st);
    while (!perf_expr_failed(st)) {
        int op; /* 0 <, 1 <=, 2 >, 3 >= */
        if (perf_expr_accept(st, "<="))
            op = 1;
        else if (perf_expr_accept(st, ">="))
            op = 3;
        else if (perf_expr_accept(st, "<"))
            op = 0;
        else if (perf_expr_accept(st, ">"))
            op = 2;
        else
            break;
        long long rhs = perf_expr_additive(st);
        if (perf_expr_failed(st))
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

static long long perf_expr_equality(perf_expr_state *st)
{
    long long value = perf_expr_relational(st);
    while (!perf_expr_failed(st)) {
        bool equal = perf_expr_accept(st, "==");
        if (!equal && !perf_expr_accept(st, "!="))
            break;
        long long rhs = perf_expr_relational(st);
        if (perf_expr_failed(st))
            break;
        value = equal ? value == rhs : value != rhs;
    }
    return value;
}

/* The right operand of && and || is evaluated only when it decides. */
static long long perf_expr_logical_and(perf_expr_state *st)
{
    long long value = perf_expr_equality(st);
    while (!perf_expr_failed(st) && perf_expr_accept(st, "&&")) {
        bool was_evaluating = st->evaluating;
        st->evaluating = was_evaluating && value != 0;
        long long rhs = perf_expr_equality(st);
        st->evaluating = was_evaluating;
        value = value != 0 && rhs != 0;
    }
    return value;
}

static long long perf_expr_logical_or(perf_expr_state *st)
{
    long long value = perf_expr_logical_and(st);
    while (!perf_expr_failed(st) && perf_expr_accept(st, "||")) {
        bool was_evaluating = st->evaluating;
        st->evaluating = was_evaluating && value == 0;
        long long rhs = perf_expr_logical_and(st);
        st->evaluating = was_evaluating;
        value = value != 0 || rhs != 0;
    }
    return value;
}

static long long perf_expr_conditional_unchecked(perf_expr_state *st)
{
    long long test = perf_expr_logical_or(st);
    if (perf_expr_failed(st) || !perf_expr_accept(st, "?"))
        return test;
    bool was_evaluating = st->evaluating;
    st->evaluating = was_evaluating && test != 0;
    long long when_true = perf_expr_conditional(st);
    st->evaluating = was_evaluating;
    if (perf_expr_failed(st))
        return 0;
    if (!perf_expr_accept(st, ":")) {
        perf_expr_fail_unexpected(st);
        return 0;
    }
    st->evaluating = was_evaluating && test == 0;
    long long when_false = perf_expr_conditional(st);
    st->evaluating = was_evaluating;
    return test ? when_true : when_false;
}

static long long perf_expr_conditional(perf_expr_state *st)
{
    if (!perf_expr_enter(st))
        return 0;
    long long value = perf_expr_conditional_unchecked(st);
    perf_expr_leave(st);
    return value;
}

/* One pass over the whole text: an expression and nothing after it. */
static long long perf_expr_whole(perf_expr_state *st)
{
    long long value = perf_expr_conditional(st);
    if (!perf_expr_failed(st) && perf_expr_peek(st) != '\0')
        perf_expr_fail_unexpected(st);
    return value;
}

perf_expr_result perf_expr_eval(const char *text, const perf_bindings *b)
{
    perf_expr_result result = {.ok = true};
    if (!text || text[perf_expr_skip_space(text, 0)] == '\0') {
        result.ok = false;
        snprintf(result.message, sizeof result.message, "empty expression");
        return result;
    }
    perf_expr_state st = {text, 0, b, false, 0, &result};
    perf_expr_whole(&st);
    if (!result.ok)
        return result;
    st.pos = 0;
    st.depth = 0;
    st.evaluating = true;
    result.value = perf_expr_whole(&st);
    if (!result.ok)
        result.value = 0;
    return result;
}

/* ---- "name=value" ------------------------------------------------------ */

/* The symbol that is the whole of text[0..len) apart from spaces around it,
 * without its inner spaces; NULL when it is not one (free() it). */
static char *perf_bindings_parse_name(const char *text, size_t len)
{
    char *copy = mem_alloc(len + 1);
    memcpy(copy, text, len);
    perf_expr_result scratch = {.ok = true};
    /* Evaluating, with no bindings: subscripts must be constants. */
    perf_expr_state st = {copy, 0, NULL, true, 0, &scratch};
    strbuf name = STRBUF_INIT;
    bool ok = perf_expr_is_ident_start(perf_expr_peek(&st)) && perf_expr_read_symbol(&st, &name) &&
              perf_expr_peek(&st) == '\0';
    free(copy);
    if (!ok) {
        strbuf_release(&name);
        return NULL;
    }
    return strbuf_take(&name);
}

bool perf_bindings_parse(perf_bindings *b, const char *assignment, const char **error)
{
    const char *dummy;
    if (!error)
        error = &dummy;
    const char *eq = assignment ? strchr(assignment, '=') : NULL;
    if (!eq || perf_expr_skip_space(assignment, 0) == (size_t)(eq - assignment) ||
        eq[1 + perf_expr_skip_space(eq + 1, 0)] == '\0') {
        *error = "expected NAME=VALUE";
        return false;
    }
    char *name = perf_bindings_parse_name(assignment, (size_t)(eq - assignment));
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
    perf_bindings_set(b, name, value);
    free(name);
    *error = NULL;
    return true;
}

bool perf_bindings_parse_all(perf_bindings *b, const char *const *assignments, int n,
                             const char *option)
{
    bool ok = true;
    for (int i = 0; i < n; i++) {
        const char *error = NULL;
        if (!perf_bindings_parse(b, assignments[i], &error)) {
            diag_tool(DIAG_ERROR, "%s %s: %s", option, assignments[i], error);
            ok = false;
        }
    }
    return ok;
}
