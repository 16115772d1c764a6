/* The source helpers both instrumenters use: a cursor's children, where a
 * cursor sits in the main file's text, where a statement ends.  The
 * statements themselves, their loops and where they are written come from
 * the analyzer's statement record (loop_stmt.h). */
#include "source.h"

#include <stdlib.h>
#include <string.h>

#include "cx.h"
#include "mem.h"

static enum CXChildVisitResult push_child(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    cursor_vec *v = data;
    if (v->n == v->cap) {
        v->cap = v->cap ? v->cap * 2 : 8;
        v->v = mem_realloc(v->v, v->cap * sizeof *v->v);
    }
    v->v[v->n++] = c;
    return CXChildVisit_Continue;
}

void cursor_vec_children(cursor_vec *out, CXCursor c)
{
    out->n = 0;
    clang_visitChildren(c, push_child, out);
}

void cursor_vec_release(cursor_vec *v)
{
    free(v->v);
    v->v = NULL;
    v->n = v->cap = 0;
}

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

/* Where node n starts in the file: where the macro that produced its start
 * is used, if one did. */
static bool source_node_start(const source *s, const lm_stmt *n, size_t *at)
{
    if (n->editable) {
        *at = n->begin;
        return true;
    }
    CXSourceRange r = clang_getCursorExtent(analyzer_stmt_cursor(n));
    CXFile f = NULL;
    unsigned offset = 0;
    clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &offset);
    *at = offset;
    return f && clang_File_isEqual(f, s->file);
}

/* Whether the macro use that ends at `end`, the last thing in node n, ends
 * the code of n too: the code after n starts past it, and the nearest node
 * around n written in the file (a block) ends past it, so nothing the macro
 * produces after n's last token (`x; f()`, a `}`) belongs elsewhere. */
static bool source_use_ends_node(const source *s, const lm_stmt *n, size_t end)
{
    for (; n->parent; n = n->parent) {
        size_t next;
        if (n->next)
            return source_node_start(s, n->next, &next) && next >= end;
        if (n->parent->editable)
            return n->parent->end > end;
    }
    return false;
}

bool source_node_range(const source *s, const lm_stmt *n, size_t *begin, size_t *end)
{
    if (n->editable) {
        *begin = n->begin;
        *end = n->end;
        return true;
    }
    /* libclang ends a node whose last token is a macro's argument where
     * that argument is spelled (`x / SV(9.0)` ends at `9.0`, `x / NINE` in
     * the definition of NINE when it is SV(9.0)): in the file the node ends
     * where the use of the outermost macro ends. */
    CXSourceRange r = clang_getCursorExtent(analyzer_stmt_cursor(n));
    CXFile f = NULL;
    unsigned use = 0;
    clang_getExpansionLocation(clang_getRangeEnd(r), &f, NULL, NULL, &use);
    return source_offset(s, clang_getRangeStart(r), begin) && f &&
           clang_File_isEqual(f, s->file) && use >= *begin &&
           source_macro_use_end(s, use, end) && source_use_ends_node(s, n, *end);
}

size_t source_statement_end(const source *s, size_t end)
{
    if (end > 0 && s->text[end - 1] == ';')
        return end;
    size_t next = source_skip_space(s, end);
    return next < s->len && s->text[next] == ';' ? next + 1 : end;
}

CXCursor source_strip(CXCursor e)
{
    cursor_vec kids = {0};
    while (clang_getCursorKind(e) == CXCursor_ParenExpr ||
           clang_getCursorKind(e) == CXCursor_UnexposedExpr) {
        cursor_vec_children(&kids, e);
        if (kids.n != 1)
            break;
        e = kids.v[0];
    }
    cursor_vec_release(&kids);
    return e;
}
