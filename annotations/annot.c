/* The annotation reader: a small lexer (identifiers, punctuation, comments)
 * and a recursive-descent parser over it.  A file is parsed into a list of
 * its own first and merged into the set only when all of it parsed, so an
 * error never leaves half a file behind. */
#include "annot.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fileio.h"
#include "mem.h"
#include "strbuf.h"

typedef struct annot_entry {
    struct annot_entry *next;
    annot_function fn;
} annot_entry;

struct annot_set {
    arena *arena;
    annot_entry *first, *last;
    size_t n;
};

annot_set *annot_set_create(void)
{
    annot_set *s = mem_alloc(sizeof *s);
    s->arena = arena_create();
    return s;
}

void annot_set_free(annot_set **sp)
{
    if (!sp || !*sp)
        return;
    arena_free(&(*sp)->arena);
    free(*sp);
    *sp = NULL;
}

/* ---- lexer ---- */

typedef enum tok_kind { TOK_EOF, TOK_IDENT, TOK_PUNCT, TOK_ERROR } tok_kind;

typedef struct lexer {
    const char *name; /* for messages */
    const char *p;
    unsigned line, col;
    /* the current token */
    tok_kind kind;
    char text[256];
    unsigned tline, tcol;
    arena *arena;
    bool failed;
} lexer;

static void lex_error(lexer *lx, unsigned line, unsigned col, const char *fmt, const char *arg)
{
    if (!lx->failed)
        diag_at(DIAG_ERROR, lx->name, line, col, fmt, arg);
    lx->failed = true;
    lx->kind = TOK_ERROR;
}

static void lex_advance_char(lexer *lx)
{
    if (*lx->p == '\n') {
        lx->line++;
        lx->col = 1;
    } else {
        lx->col++;
    }
    lx->p++;
}

/* Skips blanks and comments; false on an unterminated block comment. */
static bool lex_skip_space(lexer *lx)
{
    for (;;) {
        if (isspace((unsigned char)*lx->p)) {
            lex_advance_char(lx);
        } else if (lx->p[0] == '/' && lx->p[1] == '/') {
            while (*lx->p && *lx->p != '\n')
                lex_advance_char(lx);
        } else if (lx->p[0] == '/' && lx->p[1] == '*') {
            unsigned line = lx->line, col = lx->col;
            lex_advance_char(lx);
            lex_advance_char(lx);
            while (*lx->p && !(lx->p[0] == '*' && lx->p[1] == '/'))
                lex_advance_char(lx);
            if (!*lx->p) {
                lex_error(lx, line, col, "unterminated comment%s", "");
                return false;
            }
            lex_advance_char(lx);
            lex_advance_char(lx);
        } else {
            return true;
        }
    }
}

static void lex_next(lexer *lx)
{
    if (lx->failed || !lex_skip_space(lx))
        return;
    lx->tline = lx->line;
    lx->tcol = lx->col;
    char c = *lx->p;
    if (!c) {
        lx->kind = TOK_EOF;
        strcpy(lx->text, "end of file");
        return;
    }
    if (isalpha((unsigned char)c) || c == '_') {
        size_t n = 0;
        while (isalnum((unsigned char)*lx->p) || *lx->p == '_') {
            if (n + 1 >= sizeof lx->text) {
                lex_error(lx, lx->tline, lx->tcol, "name too long%s", "");
                return;
            }
            lx->text[n++] = *lx->p;
            lex_advance_char(lx);
        }
        lx->text[n] = '\0';
        lx->kind = TOK_IDENT;
        return;
    }
    if (c == '.' && lx->p[1] == '.' && lx->p[2] == '.') {
        strcpy(lx->text, "...");
        lx->kind = TOK_PUNCT;
        for (int i = 0; i < 3; i++)
            lex_advance_char(lx);
        return;
    }
    if (strchr("(){},;*", c)) {
        lx->text[0] = c;
        lx->text[1] = '\0';
        lx->kind = TOK_PUNCT;
        lex_advance_char(lx);
        return;
    }
    char shown[2] = {c, '\0'};
    lex_error(lx, lx->tline, lx->tcol, "unexpected character '%s'", shown);
}

static bool lex_is(const lexer *lx, const char *text)
{
    return (lx->kind == TOK_IDENT || lx->kind == TOK_PUNCT) && strcmp(lx->text, text) == 0;
}

/* Consume `text` or report what was expected instead. */
static bool lex_expect(lexer *lx, const char *text, const char *where)
{
    if (lx->failed)
        return false;
    if (lex_is(lx, text)) {
        lex_next(lx);
        return true;
    }
    strbuf msg = STRBUF_INIT;
    strbuf_printf(&msg, "expected '%s' %s, found '%s'", text, where, lx->text);
    lex_error(lx, lx->tline, lx->tcol, "%s", strbuf_cstr(&msg));
    strbuf_release(&msg);
    return false;
}

static const char *lex_take_ident(lexer *lx, const char *what)
{
    if (lx->failed)
        return NULL;
    if (lx->kind != TOK_IDENT) {
        strbuf msg = STRBUF_INIT;
        strbuf_printf(&msg, "expected %s, found '%s'", what, lx->text);
        lex_error(lx, lx->tline, lx->tcol, "%s", strbuf_cstr(&msg));
        strbuf_release(&msg);
        return NULL;
    }
    const char *s = arena_strdup(lx->arena, lx->text);
    lex_next(lx);
    return s;
}

/* ---- parser ---- */

/* A growable list of strings, copied into the arena when done. */
typedef struct name_list {
    const char **v;
    size_t n, cap;
} name_list;

static void names_push(name_list *l, const char *s)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 4;
        l->v = mem_realloc(l->v, l->cap * sizeof *l->v);
    }
    l->v[l->n++] = s;
}

static const char **names_freeze(arena *a, name_list *l)
{
    const char **v = arena_alloc(a, (l->n ? l->n : 1) * sizeof *v);
    if (l->n)
        memcpy(v, l->v, l->n * sizeof *v);
    free(l->v);
    l->v = NULL;
    return v;
}

/* One parameter: type tokens then the name, e.g. `const double *x`, or `...`. */
static bool parse_param(lexer *lx, name_list *types, name_list *names)
{
    if (lex_is(lx, "...")) {
        names_push(types, "");
        names_push(names, "...");
        lex_next(lx);
        return true;
    }
    strbuf type = STRBUF_INIT;
    const char *last = NULL;
    unsigned line = lx->tline, col = lx->tcol;
    while (!lx->failed && (lx->kind == TOK_IDENT || lex_is(lx, "*"))) {
        if (last)
            strbuf_printf(&type, "%s%s", type.len ? " " : "", last);
        last = arena_strdup(lx->arena, lx->text);
        lex_next(lx);
    }
    bool ok = !lx->failed && last && type.len && isalpha((unsigned char)last[0]);
    if (!ok && !lx->failed)
        lex_error(lx, line, col, "expected a parameter as TYPE NAME%s", "");
    if (ok) {
        names_push(types, arena_strdup(lx->arena, strbuf_cstr(&type)));
        names_push(names, last);
    }
    strbuf_release(&type);
    return ok;
}

/* `none` or `{a, b, ...}`; alias items may be groups `(a, b)`. */
static bool parse_names(lexer *lx, annot_names *out, const char *clause)
{
    out->given = true;
    if (lex_is(lx, "none")) {
        out->none = true;
        lex_next(lx);
        return true;
    }
    if (!lex_expect(lx, "{", clause))
        return false;
    name_list l = {NULL, 0, 0};
    while (!lx->failed && !lex_is(lx, "}")) {
        if (lex_is(lx, "(")) {
            strbuf group = STRBUF_INIT;
            lex_next(lx);
            strbuf_append(&group, "(");
            while (!lx->failed && lx->kind == TOK_IDENT) {
                strbuf_printf(&group, "%s%s", group.len > 1 ? ", " : "", lx->text);
                lex_next(lx);
                if (lex_is(lx, ","))
                    lex_next(lx);
            }
            strbuf_append(&group, ")");
            if (lex_expect(lx, ")", "to close an alias group"))
                names_push(&l, arena_strdup(lx->arena, strbuf_cstr(&group)));
            strbuf_release(&group);
        } else if (lex_is(lx, "...")) {
            names_push(&l, "...");
            lex_next(lx);
        } else {
            const char *name = lex_take_ident(lx, "a parameter or variable name");
            if (name)
                names_push(&l, name);
        }
        if (!lx->failed && !lex_is(lx, "}"))
            lex_expect(lx, ",", "between names");
    }
    lex_expect(lx, "}", clause);
    out->n = l.n;
    out->v = names_freeze(lx->arena, &l);
    return !lx->failed;
}

static annot_names *clause_slot(annot_function *fn, const char *word)
{
    if (!strcmp(word, "modify"))
        return &fn->modify;
    if (!strcmp(word, "read"))
        return &fn->read;
    if (!strcmp(word, "alias"))
        return &fn->alias;
    return NULL;
}

static bool parse_clauses(lexer *lx, annot_function *fn)
{
    while (!lx->failed && !lex_is(lx, "}")) {
        unsigned line = lx->tline, col = lx->tcol;
        const char *word = lex_take_ident(lx, "modify, read or alias");
        if (!word)
            return false;
        annot_names *slot = clause_slot(fn, word);
        if (!slot) {
            lex_error(lx, line, col, "unknown clause '%s' (expected modify, read or alias)", word);
            return false;
        }
        if (slot->given) {
            lex_error(lx, line, col, "clause '%s' given twice", word);
            return false;
        }
        if (!parse_names(lx, slot, "after the clause name") ||
            !lex_expect(lx, ";", "after the clause"))
            return false;
    }
    return lex_expect(lx, "}", "to close the operator");
}

static bool parse_operator(lexer *lx, annot_entry *e)
{
    annot_function *fn = &e->fn;
    fn->file = arena_strdup(lx->arena, lx->name);
    fn->line = lx->tline;
    fn->column = lx->tcol;
    if (!lex_expect(lx, "operator", "at the start of an annotation"))
        return false;
    fn->name = lex_take_ident(lx, "the function's name");
    if (!fn->name || !lex_expect(lx, "(", "after the function's name"))
        return false;
    name_list types = {NULL, 0, 0}, names = {NULL, 0, 0};
    bool ok = true;
    if (!lex_is(lx, ")")) {
        do {
            if (lex_is(lx, ","))
                lex_next(lx);
            ok = parse_param(lx, &types, &names);
        } while (ok && lex_is(lx, ","));
    }
    fn->nparams = names.n;
    fn->param_types = names_freeze(lx->arena, &types);
    fn->params = names_freeze(lx->arena, &names);
    if (!ok || !lex_expect(lx, ")", "after the parameters") ||
        !lex_expect(lx, "{", "to open the operator's clauses") || !parse_clauses(lx, fn))
        return false;
    if (lex_is(lx, ";"))
        lex_next(lx);
    return true;
}

static void annot_add(annot_set *s, annot_entry *e)
{
    for (annot_entry *old = s->first; old; old = old->next) {
        if (!strcmp(old->fn.name, e->fn.name)) {
            old->fn = e->fn;
            return;
        }
    }
    e->next = NULL;
    if (s->last)
        s->last->next = e;
    else
        s->first = e;
    s->last = e;
    s->n++;
}

static bool annot_parse(annot_set *s, const char *name, const char *text, bool builtin)
{
    lexer lx = {.name = name, .p = text, .line = 1, .col = 1, .arena = s->arena};
    lex_next(&lx);
    annot_entry *first = NULL, **tail = &first;
    while (!lx.failed && lx.kind != TOK_EOF) {
        annot_entry *e = arena_alloc(s->arena, sizeof *e);
        if (!parse_operator(&lx, e))
            break;
        *tail = e;
        tail = &e->next;
    }
    if (lx.failed)
        return false;
    for (annot_entry *e = first, *next; e; e = next) {
        next = e->next;
        e->fn.builtin = builtin;
        annot_add(s, e);
    }
    return true;
}

bool annot_parse_text(annot_set *s, const char *name, const char *text)
{
    return annot_parse(s, name, text, false);
}

void annot_load_defaults(annot_set *s)
{
    /* Checked by the test suite: the built-in text always parses. */
    annot_parse(s, "<built-in>", annot_default_text, true);
}

bool annot_parse_file(annot_set *s, const char *path)
{
    char *text = fileio_read_text(path, "annotation file");
    bool ok = text && annot_parse_text(s, path, text);
    free(text);
    return ok;
}

const annot_function *annot_lookup(const annot_set *s, const char *name)
{
    for (const annot_entry *e = s->first; e; e = e->next)
        if (!strcmp(e->fn.name, name))
            return &e->fn;
    return NULL;
}

size_t annot_count(const annot_set *s)
{
    return s->n;
}

static void annot_dump_names(FILE *out, const char *clause, const annot_names *n)
{
    if (!n->given)
        return;
    fprintf(out, " %s", clause);
    if (n->none) {
        fputs(" none;", out);
        return;
    }
    fputc('{', out);
    for (size_t i = 0; i < n->n; i++)
        fprintf(out, "%s%s", i ? ", " : "", n->v[i]);
    fputs("};", out);
}

void annot_dump(FILE *out, const annot_set *s)
{
    for (const annot_entry *e = s->first; e; e = e->next) {
        const annot_function *fn = &e->fn;
        fprintf(out, "operator %s(", fn->name);
        for (size_t i = 0; i < fn->nparams; i++)
            fprintf(out, "%s%s%s%s", i ? ", " : "", fn->param_types[i],
                    *fn->param_types[i] ? " " : "", fn->params[i]);
        fputs(") {", out);
        annot_dump_names(out, "modify", &fn->modify);
        annot_dump_names(out, "read", &fn->read);
        annot_dump_names(out, "alias", &fn->alias);
        fprintf(out, " }  // %s:%u:%u\n", fn->file, fn->line, fn->column);
    }
}
