/* source: what the two instrumenters (manual.c, auto.c) share: the main
 * file's text, its model with the statement record they read (loop_stmt.h),
 * where a cursor sits in the text, and the edits collected against it.  A
 * source borrows the translation unit and its text; its edits are the
 * caller's to release (edits_release). */
#ifndef AITOOL_SOURCE_H
#define AITOOL_SOURCE_H

#include <stdbool.h>
#include <stddef.h>

#include <clang-c/Index.h>

#include "analyzer_tu.h"
#include "edits.h"
#include "loop_stmt.h"

/* A macro's use that the copy writes out (expand.c): the use at
 * [use_begin, use_end) of the file, its expansion at text[base, base + len). */
typedef struct source_expansion {
    size_t use_begin, use_end, base, len;
} source_expansion;

/* Where a node of a written-out expansion is: from an offset in the
 * expansion's text, to one there or, when it ends with the expansion, to
 * the use's end in the file (so that the `;` after the use is found). */
typedef struct source_placed {
    const lm_stmt *node;
    size_t begin, end;
} source_placed;

typedef struct source {
    CXTranslationUnit tu;
    CXFile file;
    const char *path; /* as the user named it */
    /* The file's text, [0, len); after it, each written-out expansion
     * behind a '\0' (then text is own_text, which the source owns). */
    const char *text;
    size_t len;
    lm_program *prog;
    lm_file *model;
    edit_list edits;
    char *own_text;
    size_t text_len;
    source_expansion *expansions;
    size_t nexpansions;
    source_placed *placed; /* by node */
    size_t nplaced;
    analyzer_macros *macros; /* made when first needed */
} source;

/* The byte range of c in the main file, when both ends are written there
 * and not produced by a macro: false when c cannot be rewritten. */
bool source_range(const source *s, CXCursor c, size_t *begin, size_t *end);
/* Where node n of the statement record is written: its extent, or for a
 * node whose last token is a macro's argument or comes from a macro
 * (`A[i] = x / SV(9.0)`, `i < _PB_NI`), up to the end of that macro's use,
 * and for one whose first token is an argument (`SV(a[i]) = x`) from the
 * start of the use, when the macro produces nothing else around it.  False
 * when n cannot be rewritten (a macro produced it). */
bool source_node_range(const source *s, const lm_stmt *n, size_t *begin, size_t *end);
/* Where code can go after node n, though n may not be rewritable (a
 * declaration whose type a macro names): past its last token, or past the
 * use of the macro that token comes from, when nothing after that comes
 * from the same use. */
bool source_node_after(const source *s, const lm_stmt *n, size_t *end);
/* The use of a macro that produces statement n whole and nothing else
 * (`CHECK(a[i]);` as a loop's body): code around it can be placed before
 * and after it, though it cannot be rewritten. */
bool source_macro_statement(const source *s, const lm_stmt *n, size_t *begin, size_t *end);
/* The same for the statements first .. last, siblings in that order, which
 * one use makes and nothing else (`#define TWO for (...) a(); for (...) b()`). */
bool source_macro_statements(const source *s, const lm_stmt *first, const lm_stmt *last,
                             size_t *begin, size_t *end);
/* Where the outermost use of the macro that produced node n starts (the
 * node's start when no macro did), when it is in the file. */
bool source_use_of(const source *s, const lm_stmt *n, size_t *use);
/* A use the copy writes out (its text is already in s->text) and the
 * places of the nodes it makes. */
void source_add_expansion(source *s, source_expansion x, const source_placed *placed, size_t n);
/* The copy's text: the edits applied, each written-out expansion (with its
 * own edits) in place of its use (free() it); NULL when edits overlap. */
char *source_apply(source *s, size_t *out_len);
/* Frees what the source owns (not its edits). */
void source_release(source *s);
/* The first offset at or after i that is not a blank or in a comment. */
size_t source_skip_space(const source *s, size_t i);
/* Whether the directive line that ends at `from` stands directly before the
 * code at `at`: blanks, comments and preprocessor lines between, and the
 * code of conditional groups before the one `at` is in, which the
 * preprocessor skipped as it kept `at`.  An #endif, #elif or #else of a
 * conditional whose group holds the directive may come between. */
bool source_directive_reaches(const source *s, size_t from, size_t at);
/* Where the block around the statement at `begin` opens, the directive
 * lines over it starting at `first`: at `first`, or before the #if of each
 * conditional whose group holds `first` and ends before `begin`
 * (`#ifdef _OPENMP` / `#pragma omp parallel for` / `#endif`), so that the
 * block opens whichever group the preprocessor keeps. */
size_t source_directives_start(const source *s, size_t first, size_t begin);
/* Where a statement ends: its extent, and the `;` after it when the extent
 * stops before one (expression statements, return, break, do-while). */
size_t source_statement_end(const source *s, size_t end);

#endif
