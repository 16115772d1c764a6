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
