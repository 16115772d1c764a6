/* Writing out the statement a macro's use makes (expand.h).
 *
 * The analyzer's expander (analyzer/macros.c, as `clang -E`) gives the
 * use's tokens; written out one blank apart, they are the text that
 * replaces the use in the copy.  The nodes of the statement record that the
 * use produced are then found in those tokens by the shape of C's
 * statements (a `for`, its parenthesized header split at its two `;`, its
 * body; a block's statements up to its `}`; an expression statement up to
 * its `;`), which is all a statement's place needs; libclang cannot say
 * where a node that ends inside a macro ends.  Each node found must start
 * with the token clang spelled it with, the whole statement must take
 * every token, and the names the compiler read in it (variables, functions,
 * members) must be the expansion's, in its order, so an expansion that the
 * compiler read otherwise (an #undef, which the expander does not model,
 * took a macro away) is left as written.  Expressions inside a
 * statement (operands of ?:, && and ||) are not looked for: they count as
 * code from a macro does.
 *
 * The text goes after the file's text in the source (behind a '\0'), so
 * that offsets into it are offsets of the source: edits there are made as
 * anywhere else and applied in place of the use (source_apply).  A node
 * that ends where the expansion ends is given the use's end in the file,
 * where the `;` written after the use is found. */
#include "expand.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "analyzer_tu.h"
#include "mem.h"

#define EXPAND_FAIL SIZE_MAX

typedef struct expand_match {
    const source *s;
    char **tok;
    size_t n;
    source_placed *found; /* token indexes [begin, end) while matching */
    size_t nfound, cap;
} expand_match;

static bool expand_is(const expand_match *m, size_t i, const char *t)
{
    return i < m->n && !strcmp(m->tok[i], t);
}

static bool expand_opens(const char *t)
{
    return !strcmp(t, "(") || !strcmp(t, "[") || !strcmp(t, "{");
}

static bool expand_closes(const char *t)
{
    return !strcmp(t, ")") || !strcmp(t, "]") || !strcmp(t, "}");
}

/* The token that closes the bracket at i. */
static size_t expand_close(const expand_match *m, size_t i)
{
    unsigned depth = 0;
    for (size_t k = i; k < m->n; k++) {
        depth += expand_opens(m->tok[k]);
        if (expand_closes(m->tok[k]) && --depth == 0)
            return k;
    }
    return EXPAND_FAIL;
}

/* From i, the first token outside the brackets opened after i that is
 * `stop` or closes one opened before i (m->n when none): where an
 * expression or a statement that ends with `stop` ends.  In a case label,
 * a `:` that ends a `?` inside it is skipped. */
static size_t expand_until(const expand_match *m, size_t i, const char *stop)
{
    unsigned depth = 0, conditionals = 0;
    for (; i < m->n; i++) {
        const char *t = m->tok[i];
        if (depth == 0 && !strcmp(t, "?"))
            conditionals++;
        else if (depth == 0 && !strcmp(t, ":") && conditionals > 0)
            conditionals--;
        else if (depth == 0 && (!strcmp(t, stop) || expand_closes(t)))
            return i;
        else
            depth += expand_opens(t) - (expand_closes(t) && depth > 0);
    }
    return m->n;
}

/* Whether token i is the one clang spelled node c's first token with
 * (a token `##` made has no spelling to compare). */
static bool expand_spelled(const expand_match *m, const lm_stmt *c, size_t i)
{
    CXSourceLocation loc = clang_getRangeStart(clang_getCursorExtent(analyzer_stmt_cursor(c)));
    CXFile f = NULL;
    unsigned offset = 0;
    clang_getSpellingLocation(loc, &f, NULL, NULL, &offset);
    size_t size = 0, len = strlen(m->tok[i]);
    const char *text = f ? clang_getFileContents(m->s->tu, f, &size) : NULL;
    return !text || (offset + len <= size && !strncmp(text + offset, m->tok[i], len));
}

/* Node c is tokens [begin, end). */
static size_t expand_note(expand_match *m, const lm_stmt *c, size_t begin, size_t end)
{
    if (begin >= end || end == EXPAND_FAIL || !expand_spelled(m, c, begin))
        return EXPAND_FAIL;
    if (m->nfound == m->cap) {
        m->cap = m->cap ? m->cap * 2 : 16;
        m->found = mem_realloc(m->found, m->cap * sizeof *m->found);
    }
    m->found[m->nfound++] = (source_placed){c, begin, end};
    return end;
}

static const lm_stmt *expand_child(const lm_stmt *c, lm_stmt_role role)
{
    for (const lm_stmt *k = c->children; k; k = k->next)
        if (k->role == role)
            return k;
    return NULL;
}

static size_t expand_stmt(expand_match *m, const lm_stmt *c, size_t i);

/* A part of a loop header, tokens [begin, end): a node when it is not empty. */
static bool expand_header_part(expand_match *m, const lm_stmt *part, size_t begin, size_t end)
{
    if (!part)
        return begin == end;
    return expand_note(m, part, begin, end) != EXPAND_FAIL;
}

/* `for (init; test; step) body` at i: the end of its body. */
static size_t expand_for(expand_match *m, const lm_stmt *c, size_t i)
{
    size_t close = expand_is(m, i + 1, "(") ? expand_close(m, i + 1) : EXPAND_FAIL;
    if (close == EXPAND_FAIL)
        return EXPAND_FAIL;
    size_t first = expand_until(m, i + 2, ";");
    size_t second = first < close ? expand_until(m, first + 1, ";") : close;
    if (second >= close || !expand_header_part(m, expand_child(c, LM_ROLE_TEST), first + 1, second) ||
        !expand_header_part(m, expand_child(c, LM_ROLE_STEP), second + 1, close))
        return EXPAND_FAIL;
    return expand_stmt(m, expand_child(c, LM_ROLE_LOOP_BODY), close + 1);
}

/* `while (test) body` at i, or `do body while (test);`. */
static size_t expand_while(expand_match *m, const lm_stmt *c, size_t i)
{
    size_t at = i + 1;
    if (c->kind == LM_STMT_DO) {
        at = expand_stmt(m, expand_child(c, LM_ROLE_LOOP_BODY), i + 1);
        if (!expand_is(m, at, "while"))
            return EXPAND_FAIL;
        at++;
    }
    size_t close = expand_is(m, at, "(") ? expand_close(m, at) : EXPAND_FAIL;
    if (close == EXPAND_FAIL || !expand_header_part(m, expand_child(c, LM_ROLE_TEST), at + 1, close))
        return EXPAND_FAIL;
    if (c->kind == LM_STMT_DO)
        return close + 1 + expand_is(m, close + 1, ";");
    return expand_stmt(m, expand_child(c, LM_ROLE_LOOP_BODY), close + 1);
}

/* `if (c) arm [else arm]` or `switch (c) body` at i. */
static size_t expand_branch(expand_match *m, const lm_stmt *c, size_t i)
{
    size_t close = expand_is(m, i + 1, "(") ? expand_close(m, i + 1) : EXPAND_FAIL;
    if (close == EXPAND_FAIL)
        return EXPAND_FAIL;
    size_t at = close + 1;
    bool first = true;
    for (const lm_stmt *k = c->children; k && at != EXPAND_FAIL; k = k->next) {
        if (k->role != LM_ROLE_ARM && k->role != LM_ROLE_SWITCH_BODY)
            continue;
        if (!first && !expand_is(m, at++, "else"))
            return EXPAND_FAIL;
        at = expand_stmt(m, k, at);
        first = false;
    }
    return at != EXPAND_FAIL && !expand_is(m, at, "else") ? at : EXPAND_FAIL;
}

/* `{ statements }` at i. */
static size_t expand_block(expand_match *m, const lm_stmt *c, size_t i)
{
    size_t at = expand_is(m, i, "{") ? i + 1 : EXPAND_FAIL;
    for (const lm_stmt *k = c->children; k && at != EXPAND_FAIL; k = k->next)
        at = expand_stmt(m, k, at);
    return expand_is(m, at, "}") ? at + 1 : EXPAND_FAIL;
}

/* A label (`name:`, `case v:`, `default:`) at i and its statement. */
static size_t expand_label(expand_match *m, const lm_stmt *c, size_t i)
{
    size_t colon = c->kind == LM_STMT_LABEL ? i + 1 : expand_until(m, i + 1, ":");
    const lm_stmt *sub = NULL;
    for (const lm_stmt *k = c->children; k; k = k->next)
        if (k->role == LM_ROLE_STATEMENT)
            sub = k;
    if (!expand_is(m, colon, ":"))
        return EXPAND_FAIL;
    return sub ? expand_stmt(m, sub, colon + 1) : colon + 1;
}

/* A statement written with a keyword: the keyword it must start with. */
static const char *expand_keyword(lm_stmt_kind kind)
{
    switch (kind) {
    case LM_STMT_FOR: return "for";
    case LM_STMT_WHILE: return "while";
    case LM_STMT_DO: return "do";
    case LM_STMT_IF: return "if";
    case LM_STMT_SWITCH: return "switch";
    case LM_STMT_CASE: return "case";
    case LM_STMT_DEFAULT: return "default";
    case LM_STMT_BREAK: return "break";
    case LM_STMT_CONTINUE: return "continue";
    case LM_STMT_RETURN: return "return";
    case LM_STMT_GOTO:
    case LM_STMT_INDIRECT_GOTO: return "goto";
    default: return NULL;
    }
}

/* Statement c, starting at token i: where it ends (past its `;`), its
 * place and those of the statements in it noted. */
static size_t expand_stmt(expand_match *m, const lm_stmt *c, size_t i)
{
    const char *keyword = c ? expand_keyword(c->kind) : NULL;
    if (!c || i >= m->n || (keyword && !expand_is(m, i, keyword)))
        return EXPAND_FAIL;
    size_t note = m->nfound, end;
    expand_note(m, c, i, i + 1); /* its place, which the end completes */
    if (m->nfound == note)
        return EXPAND_FAIL;
    switch (c->kind) {
    case LM_STMT_COMPOUND:
        end = expand_block(m, c, i);
        break;
    case LM_STMT_FOR:
        end = expand_for(m, c, i);
        break;
    case LM_STMT_WHILE:
    case LM_STMT_DO:
        end = expand_while(m, c, i);
        break;
    case LM_STMT_IF:
    case LM_STMT_SWITCH:
        end = expand_branch(m, c, i);
        break;
    case LM_STMT_LABEL:
    case LM_STMT_CASE:
    case LM_STMT_DEFAULT:
        end = expand_label(m, c, i);
        break;
    default:
        /* Up to its `;`, which the file may write after the use. */
        end = expand_until(m, i, ";");
        end += expand_is(m, end, ";");
        break;
    }
    m->found[note].end = end;
    return end;
}

/* Where the names the compiler read are looked for in the expansion. */
typedef struct expand_names {
    const expand_match *m;
    size_t at; /* the token after the last name found */
    bool agree;
} expand_names;

static enum CXChildVisitResult expand_name(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    expand_names *en = data;
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind != CXCursor_DeclRefExpr && kind != CXCursor_MemberRefExpr)
        return CXChildVisit_Recurse;
    /* `a.b` is written with a first: b's object, then b. */
    clang_visitChildren(c, expand_name, en);
    CXString name = clang_getCursorSpelling(c);
    const char *text = clang_getCString(name);
    while (en->agree && en->at < en->m->n && strcmp(en->m->tok[en->at], text ? text : ""))
        en->at++;
    en->agree &= en->at < en->m->n;
    en->at++;
    clang_disposeString(name);
    return en->agree ? CXChildVisit_Continue : CXChildVisit_Break;
}

/* Whether the names the compiler read in the statements first .. last are
 * in the expansion, in their order. */
static bool expand_names_agree(const expand_match *m, const lm_stmt *first, const lm_stmt *last)
{
    expand_names en = {m, 0, true};
    for (const lm_stmt *c = first; c && en.agree; c = c == last ? NULL : c->next)
        clang_visitChildren(analyzer_stmt_cursor(c), expand_name, &en);
    return en.agree;
}

/* The loops of statement c and in it, into *v. */
static void expand_loops(const lm_stmt *c, const lm_loop ***v, size_t *n)
{
    if (c->loop) {
        *v = mem_realloc(*v, (*n + 1) * sizeof **v);
        (*v)[(*n)++] = c->loop;
    }
    for (const lm_stmt *k = c->children; k; k = k->next)
        expand_loops(k, v, n);
}

/* Whether every jump in statement c goes to a label written in the file.
 * A label a macro writes has no offset to tell whether a goto to it leaves
 * the loop nest around it (auto.c hands a nest's counts on before one
 * that does). */
static bool expand_labels_known(const lm_stmt *c)
{
    if (c->kind == LM_STMT_LABEL || (c->kind == LM_STMT_GOTO && !c->target_known))
        return false;
    for (const lm_stmt *k = c->children; k; k = k->next)
        if (!expand_labels_known(k))
            return false;
    return true;
}

/* Why the statements first .. last cannot be measured written out, or
 * NULL: each loop in them must have its own file:line:col, by which the
 * measurement names it (analyzer/walk.c gives the loops a use writes the
 * columns of the macro's name: a short name may have too few), and every
 * jump must go to a label written in the file. */
static const char *expand_unmeasurable(const lm_stmt *first, const lm_stmt *last)
{
    const lm_loop **v = NULL;
    size_t n = 0;
    bool labels = true, clash = false;
    for (const lm_stmt *c = first; c; c = c == last ? NULL : c->next) {
        expand_loops(c, &v, &n);
        labels &= expand_labels_known(c);
    }
    for (size_t i = 0; i < n && !clash; i++)
        for (size_t k = i + 1; k < n && !clash; k++)
            clash = v[i]->loc.line == v[k]->loc.line && v[i]->loc.column == v[k]->loc.column;
    free(v);
    if (!labels)
        return "it has a label, or a goto to a label a macro writes";
    return clash ? "it has more loops than its macro's name has characters to report them at"
                 : NULL;
}

/* The tokens one blank apart, into the source's text after what is there;
 * the offset where each starts into at[]. */
static size_t expand_write(source *s, char **tok, size_t n, size_t *at)
{
    if (!s->own_text)
        s->text_len = s->len;
    size_t need = s->text_len + 1;
    for (size_t k = 0; k < n; k++)
        need += strlen(tok[k]) + 1;
    if (!s->own_text) {
        s->own_text = mem_alloc(need + 1);
        memcpy(s->own_text, s->text, s->len);
    } else {
        s->own_text = mem_realloc(s->own_text, need + 1);
    }
    char *t = s->own_text;
    t[s->text_len++] = '\0';
    size_t base = s->text_len;
    for (size_t k = 0; k < n; k++) {
        if (k)
            t[s->text_len++] = ' ';
        at[k] = s->text_len;
        size_t len = strlen(tok[k]);
        memcpy(t + s->text_len, tok[k], len);
        s->text_len += len;
    }
    t[s->text_len] = '\0';
    s->text = t;
    return base;
}

/* The expansion of the use at [use_begin, use_end), matched: its text and
 * the places of its nodes into the source. */
static void expand_keep(source *s, expand_match *m, size_t use_begin, size_t use_end)
{
    size_t *at = mem_alloc(m->n * sizeof *at);
    size_t base = expand_write(s, m->tok, m->n, at);
    for (size_t k = 0; k < m->nfound; k++) {
        source_placed *f = &m->found[k];
        size_t last = f->end - 1;
        f->end = f->end == m->n ? use_end : at[last] + strlen(m->tok[last]);
        f->begin = at[f->begin];
    }
    source_add_expansion(s, (source_expansion){use_begin, use_end, base, s->text_len - base},
                         m->found, m->nfound);
    free(at);
}

bool expand_statements(source *s, const lm_stmt *first, const lm_stmt *last, const char **why)
{
    size_t use_begin, use_end, ntok = 0;
    *why = "the statements it makes are not all its own";
    if (!source_macro_statements(s, first, last, &use_begin, &use_end) ||
        (*why = expand_unmeasurable(first, last)) != NULL)
        return false;
    *why = "what it expands to cannot be written out as the compiler read it";
    if (!s->macros)
        s->macros = analyzer_macros_of(s->tu, s->file);
    char **tok = analyzer_expand_use(s->macros, s->file, (unsigned)use_begin, (unsigned)use_end,
                                     &ntok);
    if (!tok)
        return false;
    expand_match m = {.s = s, .tok = tok, .n = ntok};
    size_t at = 0;
    for (const lm_stmt *c = first; c && at != EXPAND_FAIL; c = c == last ? NULL : c->next)
        at = expand_stmt(&m, c, at);
    bool ok = at == ntok && expand_names_agree(&m, first, last);
    if (ok)
        expand_keep(s, &m, use_begin, use_end);
    for (size_t k = 0; k < ntok; k++)
        free(tok[k]);
    free(tok);
    free(m.found);
    return ok;
}
