/* chips_lex: the scanner of Appendix B, plus `defgroup` and the two-character
 * comparisons.  Comments `(* ... *)` do not nest (as in the seed's lex). */
#include "chips_lex.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "mem.h"

/* In the order of the keyword kinds, from CHT_APPLICATION. */
static const char *const chips_keyword_names[] = {
    "application", "subtask", "partmp",   "include", "var",    "defgroup", "link",
    "option",      "proc",    "cflow",    "compute", "loop",   "call",     "case",
    "exec",        "if",      "then",     "else",    "while",  "break",    "continue",
    "print",       "return",  "exit",     "dim",     "free",   "step",     "confdev",
    "numeric",     "vector",  "string",   "is",      "array",
};

enum { CHL_NKEYWORDS = sizeof chips_keyword_names / sizeof *chips_keyword_names };

_Static_assert(CHL_NKEYWORDS == CHT_LAST_KEYWORD - CHT_APPLICATION + 1,
               "a name for every keyword");

typedef struct chl_state {
    arena *a;
    const char *file, *text;
    size_t at;
    unsigned line, col;
    chips_token *toks;
    size_t n, cap;
} chl_state;

static void chl_advance(chl_state *s)
{
    if (s->text[s->at] == '\n') {
        s->line++;
        s->col = 1;
    } else {
        s->col++;
    }
    s->at++;
}

static chips_token *chl_push(chl_state *s, int kind, unsigned line, unsigned col)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->toks = mem_realloc(s->toks, s->cap * sizeof *s->toks);
    }
    chips_token *t = &s->toks[s->n++];
    memset(t, 0, sizeof *t);
    t->kind = kind;
    t->line = line;
    t->col = col;
    return t;
}

/* Skips blanks and comments; false after an unterminated comment. */
static int chl_skip(chl_state *s)
{
    for (;;) {
        char c = s->text[s->at];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            chl_advance(s);
        } else if (c == '(' && s->text[s->at + 1] == '*') {
            unsigned line = s->line, col = s->col;
            chl_advance(s);
            chl_advance(s);
            while (s->text[s->at] && !(s->text[s->at] == '*' && s->text[s->at + 1] == ')'))
                chl_advance(s);
            if (!s->text[s->at]) {
                diag_at(DIAG_ERROR, s->file, line, col, "unterminated comment");
                return 0;
            }
            chl_advance(s);
            chl_advance(s);
        } else {
            return 1;
        }
    }
}

static void chl_word(chl_state *s, unsigned line, unsigned col)
{
    size_t start = s->at;
    while (isalnum((unsigned char)s->text[s->at]) || s->text[s->at] == '_')
        chl_advance(s);
    char *w = arena_strndup(s->a, s->text + start, s->at - start);
    int kind = CHT_ID;
    for (int i = 0; i < CHL_NKEYWORDS; i++)
        if (!strcmp(w, chips_keyword_names[i]))
            kind = CHT_APPLICATION + i;
    chl_push(s, kind, line, col)->text = w;
}

/* Appendix B's numbers: digits, or digits '.' digits with an exponent; a
 * leading-digit number may take a fraction and an exponent too (1e6, 2.5). */
static int chl_number(chl_state *s, unsigned line, unsigned col)
{
    size_t start = s->at;
    while (isdigit((unsigned char)s->text[s->at]))
        chl_advance(s);
    if (s->text[s->at] == '.' && isdigit((unsigned char)s->text[s->at + 1])) {
        chl_advance(s);
        while (isdigit((unsigned char)s->text[s->at]))
            chl_advance(s);
    }
    char e = s->text[s->at];
    if (e == 'e' || e == 'E') {
        size_t k = s->at + 1;
        if (s->text[k] == '+' || s->text[k] == '-')
            k++;
        if (isdigit((unsigned char)s->text[k])) {
            while (s->at < k)
                chl_advance(s);
            while (isdigit((unsigned char)s->text[s->at]))
                chl_advance(s);
        }
    }
    if (isalpha((unsigned char)s->text[s->at]) || s->text[s->at] == '_') {
        diag_at(DIAG_ERROR, s->file, line, col, "malformed number");
        return 0;
    }
    chips_token *t = chl_push(s, CHT_NUM, line, col);
    t->text = arena_strndup(s->a, s->text + start, s->at - start);
    t->num = strtod(t->text, NULL);
    return 1;
}

static int chl_string(chl_state *s, unsigned line, unsigned col)
{
    chl_advance(s);
    size_t start = s->at;
    while (s->text[s->at] && s->text[s->at] != '"')
        chl_advance(s);
    if (!s->text[s->at]) {
        diag_at(DIAG_ERROR, s->file, line, col, "unterminated string");
        return 0;
    }
    chl_push(s, CHT_STR, line, col)->text = arena_strndup(s->a, s->text + start, s->at - start);
    chl_advance(s);
    return 1;
}

static int chl_operator(chl_state *s, unsigned line, unsigned col)
{
    static const struct {
        char first;
        int kind;
    } pairs[] = {{'>', CHT_GE}, {'<', CHT_LE}, {'=', CHT_EQ}, {'!', CHT_NE}};
    char c = s->text[s->at];
    if (s->text[s->at + 1] == '=')
        for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++)
            if (pairs[i].first == c) {
                chl_advance(s);
                chl_advance(s);
                chl_push(s, pairs[i].kind, line, col);
                return 1;
            }
    if (!strchr("(){}[],;:.=+-*/<>", c)) {
        if (isprint((unsigned char)c))
            diag_at(DIAG_ERROR, s->file, line, col, "unexpected character '%c'", c);
        else
            diag_at(DIAG_ERROR, s->file, line, col, "unexpected byte 0x%02x",
                    (unsigned)(unsigned char)c);
        return 0;
    }
    chl_advance(s);
    chl_push(s, c, line, col);
    return 1;
}

chips_token *chips_lex(arena *a, const char *file, const char *text, size_t *n)
{
    chl_state s = {a, file, text, 0, 1, 1, NULL, 0, 0};
    int ok = 1;
    while (ok && (ok = chl_skip(&s)) && text[s.at]) {
        unsigned line = s.line, col = s.col;
        char c = text[s.at];
        if (isalpha((unsigned char)c))
            chl_word(&s, line, col);
        else if (isdigit((unsigned char)c) || (c == '.' && isdigit((unsigned char)text[s.at + 1])))
            ok = chl_number(&s, line, col);
        else if (c == '"')
            ok = chl_string(&s, line, col);
        else
            ok = chl_operator(&s, line, col);
    }
    if (!ok) {
        free(s.toks);
        return NULL;
    }
    chl_push(&s, CHT_EOF, s.line, s.col);
    chips_token *out = arena_alloc(a, s.n * sizeof *out);
    memcpy(out, s.toks, s.n * sizeof *out);
    free(s.toks);
    *n = s.n;
    return out;
}

const char *chips_tok_describe(int kind, char *buf, size_t size)
{
    static const char *const others[] = {"identifier", "number", "string", "'>='", "'<='",
                                         "'=='",       "'!='"};
    if (kind == CHT_EOF)
        snprintf(buf, size, "end of file");
    else if (kind < CHT_ID)
        snprintf(buf, size, "'%c'", kind);
    else if (kind >= CHT_APPLICATION)
        snprintf(buf, size, "'%s'", chips_keyword_names[kind - CHT_APPLICATION]);
    else
        snprintf(buf, size, "%s", others[kind - CHT_ID]);
    return buf;
}
