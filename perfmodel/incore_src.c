/* The source side of the in-core model: the last line of a loop statement, read from the
 * C text by its tokens' nesting (the loop model keeps only where a loop starts).
 *
 * From the keyword: `for`/`while` have a parenthesized header, then the body; `do` has
 * the body, then `while (...)` and `;`.  A body is a braced block (to its matching
 * brace) or one statement: a nested for or while loop, its header and then its own body
 * (so `for (...) for (...) { ... }` ends at the inner brace), else to its first `;`
 * outside parentheses and braces, an if's header included.  Comments,
 * strings and character literals are skipped.  Limit: a braceless body that is an
 * if/else ends at the first `;`, before its else: the lines asked for are then too few
 * and the loop is not found (a fallback, never a wrong loop). */
#include "incore.h"

#include <ctype.h>
#include <string.h>

typedef struct src_cursor {
    const char *s;
    unsigned line;
} src_cursor;

static void src_advance(src_cursor *c)
{
    if (*c->s == '\n')
        c->line++;
    c->s++;
}

/* Past blanks and comments. */
static void src_skip_space(src_cursor *c)
{
    for (;;) {
        if (isspace((unsigned char)*c->s)) {
            src_advance(c);
        } else if (c->s[0] == '/' && c->s[1] == '/') {
            while (*c->s && *c->s != '\n')
                src_advance(c);
        } else if (c->s[0] == '/' && c->s[1] == '*') {
            src_advance(c);
            src_advance(c);
            while (*c->s && !(c->s[0] == '*' && c->s[1] == '/'))
                src_advance(c);
            if (*c->s) {
                src_advance(c);
                src_advance(c);
            }
        } else {
            return;
        }
    }
}

/* Past a string or character literal at c. */
static void src_skip_literal(src_cursor *c)
{
    char quote = *c->s;
    src_advance(c);
    while (*c->s && *c->s != quote && *c->s != '\n') {
        if (*c->s == '\\' && c->s[1])
            src_advance(c);
        src_advance(c);
    }
    if (*c->s == quote)
        src_advance(c);
}

/* Past one token-level character, a literal or a comment; false at the end. */
static bool src_step(src_cursor *c)
{
    src_skip_space(c);
    if (!*c->s)
        return false;
    if (*c->s == '"' || *c->s == '\'')
        src_skip_literal(c);
    else
        src_advance(c);
    return true;
}

/* From an opening bracket at c past its match; false when the text ends first. */
static bool src_skip_group(src_cursor *c, char open, char close)
{
    int depth = 0;
    do {
        src_skip_space(c);
        char ch = *c->s;
        if (ch == open)
            depth++;
        else if (ch == close)
            depth--;
        if (!src_step(c))
            return false;
    } while (depth > 0);
    return true;
}

static bool src_keyword(const char *s, const char *word);

/* Past one statement (see the top); its last character's line in *last. */
static bool src_skip_statement(src_cursor *c, unsigned *last)
{
    src_skip_space(c);
    bool is_for = src_keyword(c->s, "for");
    if (is_for || src_keyword(c->s, "while")) {
        /* a nested loop: its header, then its own body, braced or not */
        c->s += is_for ? 3 : 5;
        src_skip_space(c);
        return *c->s == '(' && src_skip_group(c, '(', ')') && src_skip_statement(c, last);
    }
    if (*c->s == '{') {
        bool ok = src_skip_group(c, '{', '}');
        *last = c->line;
        return ok;
    }
    int depth = 0;
    while (*c->s) {
        char ch = *c->s;
        depth += (ch == '(' || ch == '{') - (ch == ')' || ch == '}');
        *last = c->line;
        if (!src_step(c))
            return false;
        if (ch == ';' && depth <= 0)
            return true;
        src_skip_space(c);
    }
    return false;
}

static bool src_keyword(const char *s, const char *word)
{
    size_t n = strlen(word);
    return !strncmp(s, word, n) && !isalnum((unsigned char)s[n]) && s[n] != '_';
}

unsigned incore_loop_last_line(const char *text, unsigned line, unsigned column)
{
    src_cursor c = {text, 1};
    while (*c.s && c.line < line)
        src_advance(&c);
    for (unsigned col = 1; col < column && *c.s && *c.s != '\n'; col++)
        src_advance(&c);
    /* at the keyword; or, a column not known (1, from XML), at the line's first one */
    while (*c.s && *c.s != '\n' && !src_keyword(c.s, "for") && !src_keyword(c.s, "while") &&
           !src_keyword(c.s, "do")) {
        bool word = isalnum((unsigned char)*c.s) || *c.s == '_';
        src_advance(&c);
        while (word && (isalnum((unsigned char)*c.s) || *c.s == '_'))
            src_advance(&c);
    }
    unsigned last = 0;
    if (src_keyword(c.s, "do")) {
        c.s += 2;
        if (!src_skip_statement(&c, &last))
            return 0;
        src_skip_space(&c);
        if (!src_keyword(c.s, "while"))
            return 0;
        return src_skip_statement(&c, &last) ? last : 0;
    }
    bool is_for = src_keyword(c.s, "for");
    if (!is_for && !src_keyword(c.s, "while"))
        return 0;
    c.s += is_for ? 3 : 5;
    src_skip_space(&c);
    if (*c.s != '(' || !src_skip_group(&c, '(', ')'))
        return 0;
    return src_skip_statement(&c, &last) ? last : 0;
}
