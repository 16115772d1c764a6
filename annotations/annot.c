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

typedef enum entry_kind { ENTRY_OPERATOR, ENTRY_LOOP, ENTRY_ELEMENT } entry_kind;

typedef struct annot_entry {
    struct annot_entry *next;
    entry_kind kind;
    /* A lookup found it (set by the analyzer's threads, hence atomically): an entry of an
     * annotation file no lookup found names nothing the program calls. */
    bool used;
    annot_function fn;
    annot_loop loop;
    annot_element elem;
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
        /* `::` between name parts makes one qualified name: RAJA::forall. */
        while (isalnum((unsigned char)*lx->p) || *lx->p == '_' ||
               (lx->p[0] == ':' && lx->p[1] == ':' &&
                (isalpha((unsigned char)lx->p[2]) || lx->p[2] == '_'))) {
            if (*lx->p == ':') {
                if (n + 2 >= sizeof lx->text) {
                    lex_error(lx, lx->tline, lx->tcol, "name too long%s", "");
                    return;
                }
                lx->text[n++] = ':';
                lex_advance_char(lx);
            }
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

static const struct {
    const char *word;
    annot_role role;
} annot_roles[] = {
    {"_", ANNOT_ROLE_OTHER},   {"count", ANNOT_ROLE_COUNT}, {"range", ANNOT_ROLE_RANGE},
    {"begin", ANNOT_ROLE_BEGIN}, {"end", ANNOT_ROLE_END},   {"in", ANNOT_ROLE_IN},
    {"out", ANNOT_ROLE_OUT},   {"body", ANNOT_ROLE_BODY},
};

static bool parse_role(lexer *lx, name_list *words, unsigned *seen)
{
    unsigned line = lx->tline, col = lx->tcol;
    const char *word = lex_take_ident(lx, "an argument's role");
    if (!word)
        return false;
    for (size_t i = 0; i < sizeof annot_roles / sizeof *annot_roles; i++) {
        if (!strcmp(word, annot_roles[i].word)) {
            names_push(words, word);
            seen[annot_roles[i].role]++;
            return true;
        }
    }
    lex_error(lx, line, col,
              "unknown role '%s' (expected count, range, begin, end, in, out, body or _)", word);
    return false;
}

/* A loop needs one body, and either one count or range (with perhaps a
 * begin: std::for_each_n), or begin and end. */
static const char *loop_roles_problem(const unsigned *seen)
{
    unsigned counts = seen[ANNOT_ROLE_COUNT] + seen[ANNOT_ROLE_RANGE];
    if (seen[ANNOT_ROLE_BODY] != 1)
        return "a loop needs exactly one body argument";
    if (counts > 1 || seen[ANNOT_ROLE_BEGIN] > 1 || seen[ANNOT_ROLE_END] > 1 ||
        seen[ANNOT_ROLE_OUT] > 1 || seen[ANNOT_ROLE_IN] > 1)
        return "a role other than _ is given twice";
    if (counts == 1 ? seen[ANNOT_ROLE_END] != 0
                    : seen[ANNOT_ROLE_BEGIN] != 1 || seen[ANNOT_ROLE_END] != 1)
        return "a loop needs either a count or range argument (and perhaps begin), or begin and end";
    return NULL;
}

/* loop NAME(ROLE, ...); */
static bool parse_loop(lexer *lx, annot_entry *e)
{
    annot_loop *l = &e->loop;
    l->file = arena_strdup(lx->arena, lx->name);
    l->line = lx->tline;
    l->column = lx->tcol;
    lex_next(lx);
    l->name = lex_take_ident(lx, "the function's name");
    if (!l->name || !lex_expect(lx, "(", "after the function's name"))
        return false;
    name_list words = {NULL, 0, 0};
    unsigned seen[ANNOT_ROLE_BODY + 1] = {0};
    bool ok = parse_role(lx, &words, seen);
    while (ok && lex_is(lx, ",")) {
        lex_next(lx);
        ok = parse_role(lx, &words, seen);
    }
    annot_role *roles = arena_alloc(lx->arena, (words.n ? words.n : 1) * sizeof *roles);
    for (size_t i = 0; i < words.n; i++)
        for (size_t k = 0; k < sizeof annot_roles / sizeof *annot_roles; k++)
            if (!strcmp(words.v[i], annot_roles[k].word))
                roles[i] = annot_roles[k].role;
    l->roles = roles;
    l->nargs = words.n;
    free(words.v);
    const char *problem = ok ? loop_roles_problem(seen) : NULL;
    if (problem) {
        lex_error(lx, l->line, l->column, "%s", problem);
        return false;
    }
    return ok && lex_expect(lx, ")", "after the roles") && lex_expect(lx, ";", "after the loop");
}

/* The arithmetic types an element annotation may name, with their x86-64 sizes. */
static const struct {
    const char *name;
    unsigned long size;
} annot_elem_types[] = {
    {"float", 4},  {"double", 8},  {"long double", 16}, {"char", 1},
    {"short", 2},  {"int", 4},     {"long", 8},         {"long long", 8},
    {"unsigned char", 1}, {"unsigned short", 2}, {"unsigned int", 4}, {"unsigned", 4},
    {"unsigned long", 8}, {"unsigned long long", 8},
};

/* element CLASS(TYPE|auto); */
static bool parse_element(lexer *lx, annot_entry *e)
{
    annot_element *el = &e->elem;
    el->file = arena_strdup(lx->arena, lx->name);
    el->line = lx->tline;
    el->column = lx->tcol;
    lex_next(lx);
    el->class_name = lex_take_ident(lx, "the class's name");
    if (!el->class_name || !lex_expect(lx, "(", "after the class's name"))
        return false;
    unsigned line = lx->tline, col = lx->tcol;
    strbuf type = STRBUF_INIT;
    while (!lx->failed && lx->kind == TOK_IDENT) {
        strbuf_printf(&type, "%s%s", type.len ? " " : "", lx->text);
        lex_next(lx);
    }
    bool found = !strcmp(strbuf_cstr(&type), "auto");
    for (size_t i = 0; !found && i < sizeof annot_elem_types / sizeof *annot_elem_types; i++) {
        if (!strcmp(strbuf_cstr(&type), annot_elem_types[i].name)) {
            el->elem_type = annot_elem_types[i].name;
            el->elem_size = annot_elem_types[i].size;
            found = true;
        }
    }
    if (!found && !lx->failed)
        lex_error(lx, line, col, "expected an arithmetic type or auto as the element, found '%s'",
                  type.len ? strbuf_cstr(&type) : lx->text);
    strbuf_release(&type);
    return found && lex_expect(lx, ")", "after the element type") &&
           lex_expect(lx, ";", "after the element annotation");
}

static bool parse_entry(lexer *lx, annot_entry *e)
{
    if (lex_is(lx, "loop")) {
        e->kind = ENTRY_LOOP;
        return parse_loop(lx, e);
    }
    if (lex_is(lx, "element")) {
        e->kind = ENTRY_ELEMENT;
        return parse_element(lx, e);
    }
    e->kind = ENTRY_OPERATOR;
    if (!lex_is(lx, "operator")) {
        lex_error(lx, lx->tline, lx->tcol,
                  "expected 'operator', 'loop' or 'element' at the start of an annotation, "
                  "found '%s'",
                  lx->text);
        return false;
    }
    return parse_operator(lx, e);
}

static bool same_entry(const annot_entry *a, const annot_entry *b)
{
    if (a->kind != b->kind)
        return false;
    switch (a->kind) {
    case ENTRY_LOOP:
        return !strcmp(a->loop.name, b->loop.name) && a->loop.nargs == b->loop.nargs &&
               !memcmp(a->loop.roles, b->loop.roles, a->loop.nargs * sizeof *a->loop.roles);
    case ENTRY_ELEMENT:
        return !strcmp(a->elem.class_name, b->elem.class_name);
    case ENTRY_OPERATOR:
        break;
    }
    return !strcmp(a->fn.name, b->fn.name);
}

static void annot_add(annot_set *s, annot_entry *e)
{
    for (annot_entry *old = s->first; old; old = old->next) {
        if (same_entry(old, e)) {
            old->fn = e->fn;
            old->loop = e->loop;
            old->elem = e->elem;
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
        if (!parse_entry(&lx, e))
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

/* The set is read by the analyzer's threads at once; only this flag is ever written. */
static void annot_note_used(const annot_entry *e)
{
    __atomic_store_n(&((annot_entry *)e)->used, true, __ATOMIC_RELAXED);
}

const annot_function *annot_lookup(const annot_set *s, const char *name)
{
    for (const annot_entry *e = s->first; e; e = e->next)
        if (e->kind == ENTRY_OPERATOR && !strcmp(e->fn.name, name)) {
            annot_note_used(e);
            return &e->fn;
        }
    return NULL;
}

const annot_loop *annot_lookup_loop(const annot_set *s, const char *name, size_t nargs,
                                    const annot_loop *after)
{
    const annot_entry *e = s->first;
    while (after && e && &e->loop != after)
        e = e->next;
    for (e = after && e ? e->next : e; e; e = e->next)
        if (e->kind == ENTRY_LOOP && e->loop.nargs == nargs && !strcmp(e->loop.name, name)) {
            annot_note_used(e);
            return &e->loop;
        }
    return NULL;
}

const annot_element *annot_lookup_element(const annot_set *s, const char *class_name)
{
    for (const annot_entry *e = s->first; e; e = e->next)
        if (e->kind == ENTRY_ELEMENT && !strcmp(e->elem.class_name, class_name)) {
            annot_note_used(e);
            return &e->elem;
        }
    return NULL;
}

void annot_warn_unused(const annot_set *s)
{
    for (const annot_entry *e = s->first; e; e = e->next) {
        if (e->fn.builtin || __atomic_load_n(&e->used, __ATOMIC_RELAXED))
            continue;
        if (e->kind == ENTRY_OPERATOR)
            diag_at(DIAG_WARNING, e->fn.file, e->fn.line, e->fn.column,
                    "'%s' is annotated, but no analyzed file calls it", e->fn.name);
        else if (e->kind == ENTRY_LOOP)
            diag_at(DIAG_WARNING, e->loop.file, e->loop.line, e->loop.column,
                    "loop '%s' with %zu arguments is annotated, but no analyzed file calls it",
                    e->loop.name, e->loop.nargs);
        else
            diag_at(DIAG_WARNING, e->elem.file, e->elem.line, e->elem.column,
                    "element '%s' is annotated, but no analyzed file uses an element of it",
                    e->elem.class_name);
    }
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

static void annot_dump_loop(FILE *out, const annot_loop *l)
{
    fprintf(out, "loop %s(", l->name);
    for (size_t i = 0; i < l->nargs; i++)
        for (size_t k = 0; k < sizeof annot_roles / sizeof *annot_roles; k++)
            if (annot_roles[k].role == l->roles[i])
                fprintf(out, "%s%s", i ? ", " : "", annot_roles[k].word);
    fprintf(out, ");  // %s:%u:%u\n", l->file, l->line, l->column);
}

void annot_dump(FILE *out, const annot_set *s)
{
    for (const annot_entry *e = s->first; e; e = e->next) {
        if (e->kind == ENTRY_LOOP) {
            annot_dump_loop(out, &e->loop);
            continue;
        }
        if (e->kind == ENTRY_ELEMENT) {
            fprintf(out, "element %s(%s);  // %s:%u:%u\n", e->elem.class_name,
                    e->elem.elem_type ? e->elem.elem_type : "auto", e->elem.file, e->elem.line,
                    e->elem.column);
            continue;
        }
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
