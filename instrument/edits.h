/* edits: changes to a source file, collected against the original file's
 * byte offsets while the AST is walked and applied in one pass afterwards
 * (never while visiting).
 *
 * Insertions at one offset are ordered so that nesting comes out right:
 * text that closes something (the end of a wrapped statement) goes before
 * text that opens something, closings innermost first and openings
 * outermost first, given that an enclosing construct's edits are added
 * before those of the constructs inside it.  When an inserted text spans
 * lines, a `#line` directive follows it so that the original code keeps its
 * line numbers (compiler messages, __LINE__).  An edit_list owns its texts;
 * edits_release() frees them and leaves the list empty.
 * Used by the instrumenters (through source.h) and their unit tests. */
#ifndef AITOOL_EDITS_H
#define AITOOL_EDITS_H

#include <stdbool.h>
#include <stddef.h>

typedef enum edit_kind {
    EDIT_CLOSE,   /* insert: ends something that started earlier */
    EDIT_OPEN,    /* insert: starts something */
    EDIT_REPLACE, /* replace len bytes */
} edit_kind;

typedef struct edit {
    size_t offset, len;
    edit_kind kind;
    unsigned long seq;
    char *text;
} edit;

typedef struct edit_list {
    edit *v;
    size_t n, cap;
    unsigned long seq;
} edit_list;

#define EDIT_LIST_INIT {NULL, 0, 0, 0}

void edits_insert(edit_list *l, size_t offset, edit_kind kind, const char *text);
void edits_replace(edit_list *l, size_t offset, size_t len, const char *text);

/* The edited text (free() it), or NULL when two edits overlap.  line_name
 * is the file name the #line directives give. */
char *edits_apply(edit_list *l, const char *src, size_t len, const char *line_name,
                  size_t *out_len);

void edits_release(edit_list *l);

#endif
