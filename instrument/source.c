/* The source helpers both instrumenters use: where a cursor sits in the
 * main file's text, where a statement ends, which directive lines reach it.  The
 * statements themselves, their loops and where they are written come from
 * the analyzer's statement record (loop_stmt.h). */
#include "source.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "analyzer_tu.h"
#include "cx.h"
#include "loop_stmt.h"
#include "mem.h"

/* The offset of a location in the main file that no macro produced. */
static bool source_offset(const source *s, CXSourceLocation loc, size_t *offset)
{
    return cx_file_offset(loc, s->file, offset) && *offset <= s->len;
}

bool source_range(const source *s, CXCursor c, size_t *begin, size_t *end)
{
    CXSourceRange r = clang_getCursorExtent(c);
    return source_offset(s, clang_getRangeStart(r), begin) &&
           source_offset(s, clang_getRangeEnd(r), end) && *begin <= *end;
}

size_t source_skip_space(const source *s, size_t i)
{
    while (i < s->len) {
        if (s->text[i] == ' ' || s->text[i] == '\t' || s->text[i] == '\n' || s->text[i] == '\r' ||
            s->text[i] == '\f' || s->text[i] == '\v') {
            i++;
        } else if (s->text[i] == '/' && i + 1 < s->len && s->text[i + 1] == '*') {
            const char *close = strstr(s->text + i + 2, "*/");
            if (!close)
                return s->len;
            i = (size_t)(close - s->text) + 2;
        } else if (s->text[i] == '/' && i + 1 < s->len && s->text[i + 1] == '/') {
            while (i < s->len && s->text[i] != '\n')
                i++;
        } else {
            break;
        }
    }
    return i;
}

static bool source_ident_char(char ch)
{
    return ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
           (ch >= '0' && ch <= '9');
}

/* Past the string or character literal that opens at i. */
static size_t source_skip_literal(const source *s, size_t i)
{
    char quote = s->text[i++];
    while (i < s->len && s->text[i] != quote && s->text[i] != '\n')
        i += s->text[i] == '\\' ? 2 : 1;
    return i < s->len ? i + 1 : s->len;
}

/* The end of the use of a macro whose name starts at `at`: past its name,
 * or past the parenthesis that closes its arguments when they follow (also
 * those of a function-like macro an object-like one names). */
static bool source_macro_use_end(const source *s, size_t at, size_t *end)
{
    size_t i = at;
    while (i < s->len && source_ident_char(s->text[i]))
        i++;
    *end = i;
    if (i == at)
        return false;
    i = source_skip_space(s, i);
    if (i >= s->len || s->text[i] != '(')
        return true;
    unsigned depth = 0;
    while (i < s->len) {
        char ch = s->text[i], after = i + 1 < s->len ? s->text[i + 1] : '\0';
        if (ch == '"' || ch == '\'') {
            i = source_skip_literal(s, i);
        } else if (ch == '/' && (after == '*' || after == '/')) {
            i = source_skip_space(s, i);
        } else {
            i++;
            if (ch == '(')
                depth++;
            else if (ch == ')' && --depth == 0)
                break;
        }
    }
    *end = i;
    return depth == 0;
}

static CXSourceRange source_extent(const lm_stmt *n)
{
    return clang_getCursorExtent(analyzer_stmt_cursor(n));
}

/* Where the outermost use of a macro that loc is in starts, when it is in
 * this file (or where loc is, when no macro produced it). */
static bool source_use_start(const source *s, CXSourceLocation loc, size_t *at)
{
    CXFile f = NULL;
    unsigned offset = 0;
    clang_getExpansionLocation(loc, &f, NULL, NULL, &offset);
    *at = offset;
    return f && clang_File_isEqual(f, s->file);
}

/* Where node n starts in the file: where the macro that produced its start
 * is used, if one did. */
static bool source_node_start(const source *s, const lm_stmt *n, size_t *at)
{
    if (n->editable) {
        *at = n->begin;
        return true;
    }
    return source_use_start(s, clang_getRangeStart(source_extent(n)), at);
}

/* Where the code of node n ends in the file: past its last token, or past
 * the use of the macro that token comes from.  libclang ends a node whose
 * last token is a macro's argument where the argument is spelled
 * (`x / SV(9.0)` ends at `9.0`, `x / NINE` in the definition of NINE when
 * that is SV(9.0)), the one end it does not take out of the macro. */
static bool source_node_end(const source *s, const lm_stmt *n, size_t *end)
{
    if (n->editable) {
        *end = n->end;
        return true;
    }
    CXSourceLocation loc = clang_getRangeEnd(source_extent(n));
    size_t use;
    return source_offset(s, loc, end) ||
           (source_use_start(s, loc, &use) && source_macro_use_end(s, use, end));
}

/* Whether the code before node n ends at or before `at`: the node before
 * it, or else the start of the node around it. */
static bool source_code_before(const source *s, const lm_stmt *n, size_t at)
{
    const lm_stmt *prev = NULL;
    size_t edge;
    for (const lm_stmt *k = n->parent ? n->parent->children : NULL; k && k != n; k = k->next)
        prev = k;
    if (prev)
        return source_node_end(s, prev, &edge) && edge <= at;
    return n->parent && source_node_start(s, n->parent, &edge) && edge < at;
}

/* Whether the code after node n starts at or after `end`: the node after
 * it, or else the end of the nearest node around it that does not end with
 * it.  So nothing a macro produces after n's last token (`x; f()`, a `}`)
 * belongs to other code. */
static bool source_code_after(const source *s, const lm_stmt *n, size_t end)
{
    for (; n->parent; n = n->parent) {
        size_t edge;
        if (n->next)
            return source_node_start(s, n->next, &edge) && edge >= end;
        if (!source_node_end(s, n->parent, &edge) || edge < end)
            return false;
        if (edge > end)
            return true;
    }
    return false;
}

/* Where node n starts when its first token is a macro's argument written
 * in the file (`SV(a[i]) = x`): at the use, when the macro produces nothing
 * before the argument.  A node whose first token the macro's definition
 * writes (`LOOP(n) body` for a `for` in LOOP) is the macro's. */
static bool source_node_begin(const source *s, const lm_stmt *n, size_t *begin)
{
    CXSourceLocation loc = clang_getRangeStart(source_extent(n));
    if (source_offset(s, loc, begin))
        return true;
    CXFile f = NULL;
    unsigned spelled = 0;
    size_t use_end;
    clang_getSpellingLocation(loc, &f, NULL, NULL, &spelled);
    return f && clang_File_isEqual(f, s->file) && source_use_start(s, loc, begin) &&
           source_macro_use_end(s, *begin, &use_end) && spelled > *begin && spelled < use_end &&
           source_code_before(s, n, *begin);
}

static int source_placed_order(const void *pa, const void *pb)
{
    uintptr_t a = (uintptr_t)((const source_placed *)pa)->node;
    uintptr_t b = (uintptr_t)((const source_placed *)pb)->node;
    return (a > b) - (a < b);
}

/* Where node n is in an expansion the copy writes out; *inside: whether it
 * comes from a use the copy writes out, placed or not (code inside the use
 * is not where the file has it). */
static bool source_expanded(const source *s, const lm_stmt *n, size_t *begin, size_t *end,
                            bool *inside)
{
    source_placed key = {n, 0, 0};
    const source_placed *p =
        s->nplaced ? bsearch(&key, s->placed, s->nplaced, sizeof key, source_placed_order) : NULL;
    *inside = p != NULL;
    if (p) {
        *begin = p->begin;
        *end = p->end;
        return true;
    }
    size_t use;
    if (!s->nexpansions || !source_use_start(s, clang_getRangeStart(source_extent(n)), &use))
        return false;
    for (size_t k = 0; k < s->nexpansions && !*inside; k++)
        *inside = s->expansions[k].use_begin == use;
    return false;
}

bool source_node_range(const source *s, const lm_stmt *n, size_t *begin, size_t *end)
{
    if (n->editable) {
        *begin = n->begin;
        *end = n->end;
        return true;
    }
    bool inside;
    if (source_expanded(s, n, begin, end, &inside))
        return true;
    if (inside)
        return false;
    bool end_written = source_offset(s, clang_getRangeEnd(source_extent(n)), end);
    return source_node_begin(s, n, begin) &&
           (end_written || (source_node_end(s, n, end) && source_code_after(s, n, *end))) &&
           *begin < *end;
}

bool source_node_after(const source *s, const lm_stmt *n, size_t *end)
{
    size_t begin;
    bool inside;
    if (source_node_range(s, n, &begin, end))
        return true;
    if (source_expanded(s, n, &begin, end, &inside) || inside)
        return false; /* in a written-out use, only a placed node has a place */
    return source_node_end(s, n, end) && source_code_after(s, n, *end);
}

bool source_use_of(const source *s, const lm_stmt *n, size_t *use)
{
    return source_use_start(s, clang_getRangeStart(source_extent(n)), use);
}

bool source_macro_statements(const source *s, const lm_stmt *first, const lm_stmt *last,
                             size_t *begin, size_t *end)
{
    size_t use_end, last_use;
    bool inside;
    if (source_expanded(s, first, begin, end, &inside) || inside)
        return false; /* it is written out: its nodes have places of their own */
    return source_use_start(s, clang_getRangeStart(source_extent(first)), begin) &&
           source_use_start(s, clang_getRangeStart(source_extent(last)), &last_use) &&
           last_use == *begin && source_macro_use_end(s, *begin, &use_end) &&
           source_node_end(s, last, end) && *end == use_end &&
           source_code_before(s, first, *begin) && source_code_after(s, last, *end);
}

bool source_macro_statement(const source *s, const lm_stmt *n, size_t *begin, size_t *end)
{
    return source_macro_statements(s, n, n, begin, end);
}

/* ---- preprocessor lines -------------------------------------------------- */

typedef enum pp_kind {
    PP_IF,      /* #if, #ifdef, #ifndef */
    PP_ELSE,    /* #elif, #elifdef, #elifndef, #else */
    PP_ENDIF,
    PP_PRAGMA,
    PP_INCLUDE, /* #include, #include_next, #import: code from elsewhere */
    PP_OTHER,   /* #define, #undef, #line, #error, ... */
} pp_kind;

static const struct {
    const char *name;
    pp_kind kind;
} pp_names[] = {
    {"if", PP_IF},         {"ifdef", PP_IF},       {"ifndef", PP_IF},
    {"elif", PP_ELSE},     {"elifdef", PP_ELSE},   {"elifndef", PP_ELSE},
    {"else", PP_ELSE},     {"endif", PP_ENDIF},    {"pragma", PP_PRAGMA},
    {"include", PP_INCLUDE}, {"include_next", PP_INCLUDE}, {"import", PP_INCLUDE},
};

static size_t source_skip_blanks(const source *s, size_t i)
{
    while (i < s->len && (s->text[i] == ' ' || s->text[i] == '\t'))
        i++;
    return i;
}

static size_t source_line_start(const source *s, size_t i)
{
    while (i > 0 && s->text[i - 1] != '\n')
        i--;
    return i;
}

/* The end of the line at i (its '\n', or the end of the text), lines the
 * line continues on included. */
static size_t source_line_end(const source *s, size_t i)
{
    while (i < s->len && (s->text[i] != '\n' || (i > 0 && s->text[i - 1] == '\\')))
        i++;
    return i;
}

/* The directive whose '#' is at i. */
static pp_kind source_directive(const source *s, size_t i)
{
    i = source_skip_blanks(s, i + 1);
    size_t n = 0;
    while (i + n < s->len && source_ident_char(s->text[i + n]))
        n++;
    for (size_t k = 0; k < sizeof pp_names / sizeof *pp_names; k++)
        if (strlen(pp_names[k].name) == n && !strncmp(s->text + i, pp_names[k].name, n))
            return pp_names[k].kind;
    return PP_OTHER;
}

/* The '#' of the #elif, #else or #endif that ends the conditional group
 * whose directive's line ends at i (*kind: which), or the end of the text. */
static size_t source_group_end(const source *s, size_t i, pp_kind *kind)
{
    unsigned depth = 0;
    *kind = PP_OTHER;
    for (; i < s->len; i = source_line_end(s, i)) {
        i = source_skip_blanks(s, i + 1);
        if (i >= s->len || s->text[i] != '#')
            continue;
        pp_kind d = source_directive(s, i);
        if (d == PP_IF) {
            depth++;
        } else if (d == PP_ENDIF && depth > 0) {
            depth--;
        } else if ((d == PP_ELSE || d == PP_ENDIF) && depth == 0) {
            *kind = d;
            return i;
        }
    }
    return s->len;
}

/* Past the #endif of the conditional whose #elif or #else line ends at i;
 * SIZE_MAX when it has none. */
static size_t source_conditional_end(const source *s, size_t i)
{
    pp_kind stop = PP_ELSE;
    while (stop == PP_ELSE && i < s->len)
        i = source_line_end(s, source_group_end(s, i, &stop));
    return stop == PP_ENDIF ? i : SIZE_MAX;
}

bool source_directive_reaches(const source *s, size_t from, size_t at)
{
    unsigned depth = 0; /* conditionals opened since the directive */
    for (size_t i = source_skip_space(s, from); i != at; i = source_skip_space(s, i)) {
        if (i > at || i >= s->len || s->text[i] != '#')
            return false;
        pp_kind d = source_directive(s, i), stop;
        size_t end = source_line_end(s, i);
        if (d == PP_PRAGMA || d == PP_INCLUDE)
            return false;
        if (d == PP_ELSE && depth == 0) {
            /* The directive's group ends; `at` is past the conditional, as
             * the preprocessor keeps one group of it. */
            i = source_conditional_end(s, end);
            if (i == SIZE_MAX || i > at)
                return false;
        } else if (d == PP_IF || d == PP_ELSE) {
            depth += d == PP_IF;
            /* A group before the one `at` is in was skipped. */
            size_t next = source_group_end(s, end, &stop);
            i = at > next && stop == PP_ELSE ? next : end;
        } else {
            depth -= d == PP_ENDIF && depth > 0;
            i = end;
        }
    }
    return true;
}

size_t source_directives_start(const source *s, size_t first, size_t begin)
{
    unsigned depth = 0, closed = 0;
    for (size_t i = first; i < begin; i = source_line_end(s, i) + 1) {
        i = source_skip_blanks(s, i);
        if (i >= begin || s->text[i] != '#')
            continue;
        pp_kind d = source_directive(s, i);
        if (d == PP_IF)
            depth++;
        else if (d == PP_ENDIF && depth > 0)
            depth--;
        else if (d == PP_ENDIF)
            closed++;
    }
    /* Back over blank and directive lines to the #if of each. */
    size_t open = first, line = source_line_start(s, first);
    while (closed > 0 && line > 0) {
        line = source_line_start(s, line - 1);
        size_t k = source_skip_blanks(s, line);
        if (s->text[k] == '\n' || s->text[k] == '\r')
            continue;
        if (s->text[k] != '#')
            break; /* code or a comment: the block opens at `first` */
        pp_kind d = source_directive(s, k);
        if (d == PP_ELSE || d == PP_ENDIF || d == PP_INCLUDE)
            break;
        if (d == PP_IF) {
            closed--;
            open = k;
        }
    }
    return closed == 0 ? open : first;
}

size_t source_statement_end(const source *s, size_t end)
{
    if (end > 0 && s->text[end - 1] == ';')
        return end;
    size_t next = source_skip_space(s, end);
    return next < s->len && s->text[next] == ';' ? next + 1 : end;
}

void source_add_expansion(source *s, source_expansion x, const source_placed *placed, size_t n)
{
    s->expansions = mem_realloc(s->expansions, (s->nexpansions + 1) * sizeof *s->expansions);
    s->expansions[s->nexpansions++] = x;
    s->placed = mem_realloc(s->placed, (s->nplaced + n) * sizeof *s->placed);
    memcpy(s->placed + s->nplaced, placed, n * sizeof *placed);
    s->nplaced += n;
    qsort(s->placed, s->nplaced, sizeof *s->placed, source_placed_order);
}

/* ---- the copy ------------------------------------------------------------- */

/* An expansion's edits (insertions: the instrumenters replace nothing
 * there), moved out of the file's list into its own, in the order they
 * were made, which orders insertions at one offset. */
static void source_take_edits(source *s, const source_expansion *x, edit_list *sub)
{
    size_t kept = 0;
    for (size_t i = 0; i < s->edits.n; i++) {
        edit *e = &s->edits.v[i];
        if (e->offset >= x->base && e->offset <= x->base + x->len) {
            edits_insert(sub, e->offset - x->base, e->kind, e->text);
            free(e->text);
        } else {
            s->edits.v[kept++] = *e;
        }
    }
    s->edits.n = kept;
}

char *source_apply(source *s, size_t *out_len)
{
    for (size_t k = 0; k < s->nexpansions; k++) {
        const source_expansion *x = &s->expansions[k];
        edit_list sub = EDIT_LIST_INIT;
        source_take_edits(s, x, &sub);
        size_t n = 0;
        char *text = edits_apply(&sub, s->text + x->base, x->len, s->path, &n);
        edits_release(&sub);
        if (!text)
            return NULL;
        /* A use over several lines: the line after it gets its number back. */
        if (memchr(s->text + x->use_begin, '\n', x->use_end - x->use_begin)) {
            text = mem_realloc(text, n + 2);
            memcpy(text + n, "\n", 2);
        }
        edits_replace(&s->edits, x->use_begin, x->use_end - x->use_begin, text);
        free(text);
    }
    return edits_apply(&s->edits, s->text, s->len, s->path, out_len);
}

void source_release(source *s)
{
    free(s->own_text);
    free(s->expansions);
    free(s->placed);
    analyzer_macros_free(&s->macros);
    s->own_text = NULL;
    s->expansions = NULL;
    s->placed = NULL;
    s->nexpansions = s->nplaced = 0;
}
