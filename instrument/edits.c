#include "edits.h"

#include <stdlib.h>
#include <string.h>

#include "mem.h"
#include "strbuf.h"

static edit *edits_push(edit_list *l)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 32;
        l->v = mem_realloc(l->v, l->cap * sizeof *l->v);
    }
    edit *e = &l->v[l->n++];
    e->seq = ++l->seq;
    return e;
}

void edits_insert(edit_list *l, size_t offset, edit_kind kind, const char *text)
{
    edit *e = edits_push(l);
    e->offset = offset;
    e->len = 0;
    e->kind = kind == EDIT_REPLACE ? EDIT_OPEN : kind;
    e->text = mem_strdup(text);
}

void edits_replace(edit_list *l, size_t offset, size_t len, const char *text)
{
    edit *e = edits_push(l);
    e->offset = offset;
    e->len = len;
    e->kind = EDIT_REPLACE;
    e->text = mem_strdup(text);
}

/* By offset; at one offset closings (innermost, i.e. latest, first), then
 * openings (earliest first), then the replacement of what is there. */
static int edits_compare(const void *pa, const void *pb)
{
    const edit *a = pa, *b = pb;
    if (a->offset != b->offset)
        return a->offset < b->offset ? -1 : 1;
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    if (a->kind == EDIT_CLOSE)
        return a->seq > b->seq ? -1 : a->seq < b->seq;
    return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static void edits_line_directive(strbuf *out, unsigned long line, const char *name)
{
    if (out->len && out->s[out->len - 1] != '\n')
        strbuf_append(out, "\n");
    strbuf_printf(out, "#line %lu \"", line);
    for (const char *c = name; *c; c++) {
        if (*c == '"' || *c == '\\')
            strbuf_appendn(out, "\\", 1);
        strbuf_appendn(out, c, 1);
    }
    strbuf_append(out, "\"\n");
}

char *edits_apply(edit_list *l, const char *src, size_t len, const char *line_name,
                  size_t *out_len)
{
    if (l->n > 1)
        qsort(l->v, l->n, sizeof *l->v, edits_compare);
    strbuf out = STRBUF_INIT;
    size_t pos = 0;
    unsigned long line = 1;
    for (size_t i = 0; i < l->n; i++) {
        const edit *e = &l->v[i];
        if (e->offset < pos || e->offset + e->len > len) {
            strbuf_release(&out);
            return NULL;
        }
        for (size_t k = pos; k < e->offset; k++)
            line += src[k] == '\n';
        strbuf_appendn(&out, src + pos, e->offset - pos);
        strbuf_append(&out, e->text);
        /* The line directive names the line the text after the edit is on. */
        for (size_t k = e->offset; k < e->offset + e->len; k++)
            line += src[k] == '\n';
        if (strchr(e->text, '\n'))
            edits_line_directive(&out, line, line_name);
        pos = e->offset + e->len;
    }
    strbuf_appendn(&out, src + pos, len - pos);
    *out_len = out.len;
    return strbuf_take(&out);
}

void edits_release(edit_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->v[i].text);
    free(l->v);
    *l = (edit_list)EDIT_LIST_INIT;
}
