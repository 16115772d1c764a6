/* chips_vctdef: the vector definition tool's compiler (chips_vct.h): a
 * definition file in the seed's syntax to the specification text.
 *
 *   file  := def { def }
 *   def   := "def" NAME "{" "args" ("variable" | N) ";"
 *                          "type" ("numeric" | "symbol" | "combination") ";"
 *                          [ "{" SYM { "," SYM } "}" [";"] ] "}"
 *
 * The tokens are CHIP3S's (chips_lex), so names, numbers and `(* *)`
 * comments read as in a .la file and a symbol is a name a .la file can
 * write. */
#include "chips_vct.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chips_lex.h"
#include "diag.h"
#include "mem.h"

const char *chips_vkind_name(chips_vkind k)
{
    static const char *const names[] = {"numeric", "symbol", "combination"};
    return names[k];
}

typedef struct cvd_parser {
    const char *file;
    const chips_token *t;
    size_t at, n;
    strbuf *spec;
    const chips_token **types; /* the names defined so far */
    size_t ntypes;
} cvd_parser;

static const chips_token *cvd_peek(const cvd_parser *p)
{
    return &p->t[p->at];
}

static bool cvd_fail(const chips_token *t, const cvd_parser *p, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool cvd_fail(const chips_token *t, const cvd_parser *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vat(DIAG_ERROR, p->file, t->line, t->col, fmt, ap);
    va_end(ap);
    return false;
}

/* The next token, which must be of kind (and, for a name, read word). */
static bool cvd_expect(cvd_parser *p, int kind, const char *word, const chips_token **out)
{
    const chips_token *t = cvd_peek(p);
    bool ok = t->kind == kind && (!word || !strcmp(t->text, word));
    if (ok && kind == CHT_ID && strlen(t->text) > CHIPS_VCT_MAX_NAME)
        return cvd_fail(t, p, "a name of more than %d bytes", CHIPS_VCT_MAX_NAME);
    if (!ok) {
        char want[64], got[64];
        if (word)
            snprintf(want, sizeof want, "'%s'", word);
        else
            chips_tok_describe(kind, want, sizeof want);
        if (t->kind == CHT_ID || (t->kind >= CHT_APPLICATION && t->kind <= CHT_LAST_KEYWORD))
            snprintf(got, sizeof got, "'%s'", t->text);
        else
            chips_tok_describe(t->kind, got, sizeof got);
        return cvd_fail(t, p, "expected %s, not %s", want, got);
    }
    if (out)
        *out = t;
    p->at++;
    return true;
}

/* `args variable;` or `args N;`: N into *nargs, -1 for variable. */
static bool cvd_args(cvd_parser *p, long *nargs)
{
    if (!cvd_expect(p, CHT_ID, "args", NULL))
        return false;
    const chips_token *t = cvd_peek(p);
    if (t->kind == CHT_ID && !strcmp(t->text, "variable")) {
        *nargs = -1;
    } else if (t->kind == CHT_NUM) {
        if (t->num < 1 || t->num > CHIPS_VCT_MAX_ARGS || t->num != floor(t->num))
            return cvd_fail(t, p, "a vector's number of elements is a whole number from 1 to "
                                  "%d, not %s", CHIPS_VCT_MAX_ARGS, t->text);
        *nargs = (long)t->num;
    } else {
        return cvd_fail(t, p, "expected 'variable' or a number of elements after 'args'");
    }
    p->at++;
    return cvd_expect(p, ';', NULL, NULL);
}

/* `type numeric|symbol|combination;` */
static bool cvd_type(cvd_parser *p, chips_vkind *kind)
{
    if (!cvd_expect(p, CHT_ID, "type", NULL))
        return false;
    const chips_token *t = cvd_peek(p);
    const char *word = t->kind == CHT_ID || t->kind == CHT_NUMERIC ? t->text : "";
    for (int k = CHIPS_VK_NUMERIC; k <= CHIPS_VK_COMBINATION; k++)
        if (!strcmp(word, chips_vkind_name((chips_vkind)k))) {
            *kind = (chips_vkind)k;
            p->at++;
            return cvd_expect(p, ';', NULL, NULL);
        }
    return cvd_fail(t, p, "expected 'numeric', 'symbol' or 'combination' after 'type'");
}

/* `{ a, b, ... }`: the symbols, appended to line after checking them. */
static bool cvd_symbols(cvd_parser *p, const chips_token *open, strbuf *line)
{
    const chips_token *syms[CHIPS_VCT_MAX_SYMBOLS];
    size_t n = 0;
    for (;;) {
        const chips_token *s;
        if (!cvd_expect(p, CHT_ID, NULL, &s))
            return false;
        for (size_t i = 0; i < n; i++)
            if (!strcmp(syms[i]->text, s->text))
                return cvd_fail(s, p, "symbol '%s' listed twice (first at %u:%u)", s->text,
                                syms[i]->line, syms[i]->col);
        if (n == CHIPS_VCT_MAX_SYMBOLS)
            return cvd_fail(open, p, "more than %d symbols", CHIPS_VCT_MAX_SYMBOLS);
        syms[n++] = s;
        strbuf_printf(line, " %s", s->text);
        if (cvd_peek(p)->kind != ',')
            break;
        p->at++;
    }
    return cvd_expect(p, '}', NULL, NULL);
}

static bool cvd_def(cvd_parser *p)
{
    const chips_token *name, *open;
    if (!cvd_expect(p, CHT_ID, "def", NULL) || !cvd_expect(p, CHT_ID, NULL, &name))
        return false;
    for (size_t i = 0; i < p->ntypes; i++)
        if (!strcmp(p->types[i]->text, name->text))
            return cvd_fail(name, p, "vector type '%s' defined twice (first at %u:%u)",
                            name->text, p->types[i]->line, p->types[i]->col);
    long nargs = 0;
    chips_vkind kind = CHIPS_VK_NUMERIC;
    if (!cvd_expect(p, '{', NULL, &open) || !cvd_args(p, &nargs) || !cvd_type(p, &kind))
        return false;
    strbuf line = STRBUF_INIT;
    strbuf_printf(&line, "vector %s ", name->text);
    if (nargs < 0)
        strbuf_append(&line, "variable");
    else
        strbuf_printf(&line, "%ld", nargs);
    strbuf_printf(&line, " %s", chips_vkind_name(kind));
    const chips_token *list = cvd_peek(p);
    bool ok = true;
    if (list->kind == '{') {
        p->at++;
        ok = kind != CHIPS_VK_NUMERIC
                 ? cvd_symbols(p, list, &line)
                 : cvd_fail(list, p, "a numeric type has no symbols (its elements are numbers)");
        if (ok && cvd_peek(p)->kind == ';')
            p->at++;
    } else if (kind != CHIPS_VK_NUMERIC) {
        ok = cvd_fail(list, p, "a %s type lists its symbols: { a, b, ... }",
                      chips_vkind_name(kind));
    }
    ok = ok && cvd_expect(p, '}', NULL, NULL);
    if (ok) {
        strbuf_printf(p->spec, "%s\n", strbuf_cstr(&line));
        p->types = mem_realloc(p->types, (p->ntypes + 1) * sizeof *p->types);
        p->types[p->ntypes++] = name;
    }
    strbuf_release(&line);
    return ok;
}

bool chips_vct_compile(const char *file, const char *text, strbuf *spec)
{
    arena *a = arena_create();
    size_t n;
    chips_token *toks = chips_lex(a, file, text, &n);
    cvd_parser p = {file, toks, 0, n, spec, NULL, 0};
    bool ok = toks != NULL;
    if (ok && toks[0].kind == CHT_EOF)
        ok = cvd_fail(&toks[0], &p, "no vector type defined (def NAME { ... })");
    strbuf out = STRBUF_INIT;
    p.spec = &out;
    while (ok && cvd_peek(&p)->kind != CHT_EOF)
        ok = cvd_def(&p);
    if (ok) {
        strbuf_append(spec, CHIPS_VCT_MAGIC "\n");
        strbuf_append(spec, strbuf_cstr(&out));
    }
    strbuf_release(&out);
    free(p.types);
    arena_free(&a);
    return ok;
}
