/* Reading OpenMP loop directives backwards from a loop.
 *
 * A directive applies to the statement right after it; between the two there may be other
 * pragmas (`#pragma GCC ivdep`, an aitool pragma), comments and blank lines.  So from the
 * line of the `for` keyword this steps back one logical line at a time (a line that a
 * backslash continues belongs to the one before), skipping blank lines, `//` comments and
 * block comments (a line ending in one is what stands before the comment's start: a
 * directive with a comment after it still counts), and reading every `#pragma` line it
 * passes; anything else (code, an `#if` or `#endif`) ends the search, since a directive
 * beyond it does not stand directly before the loop.
 *
 * Of a `#pragma omp` line only the words outside parentheses and comments count (clause
 * arguments such as `reduction(+:s)` or `if(parallel: c)` name no construct): `for` makes
 * the loop a worksharing loop (`for`, `parallel for`, `distribute parallel for`, ...; `simd` alone
 * shares nothing), `parallel` starts a team for it, `nowait` drops the barrier at its end.
 * Directives hidden in macros (`_Pragma` in a `#define`) are not seen. */
#include "omp.h"

#include <stdbool.h>
#include <string.h>

#include "loop_model.h"

static bool omp_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static bool omp_ident(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_';
}

/* The start of the physical line holding offset p. */
static size_t omp_line_start(const char *text, size_t p)
{
    while (p > 0 && text[p - 1] != '\n')
        p--;
    return p;
}

/* Whether the physical line ending just before the newline at offset nl is continued by a
 * backslash (blanks after it allowed, as GCC does). */
static bool omp_continued(const char *text, size_t nl)
{
    size_t k = nl;
    while (k > 0 && omp_blank(text[k - 1]))
        k--;
    return k > 0 && text[k - 1] == '\\';
}

/* [*b, *e) trimmed of blanks (and of the backslashes and newlines of a continued line). */
static void omp_trim(const char *text, size_t *b, size_t *e)
{
    while (*b < *e && (omp_blank(text[*b]) || text[*b] == '\n'))
        (*b)++;
    while (*e > *b && (omp_blank(text[*e - 1]) || text[*e - 1] == '\n' || text[*e - 1] == '\\'))
        (*e)--;
}

static bool omp_word_at(const char *text, size_t p, size_t e, const char *word)
{
    size_t n = strlen(word);
    return p + n <= e && memcmp(text + p, word, n) == 0 && (p + n == e || !omp_ident(text[p + n]));
}

/* The flags of the words of a directive's text [p, e) outside parentheses. */
static unsigned omp_directive_flags(const char *text, size_t p, size_t e)
{
    unsigned flags = 0;
    int depth = 0;
    while (p < e) {
        char c = text[p];
        if (c == '/' && p + 1 < e && text[p + 1] == '/')
            break; /* a comment to the end of the line */
        if (c == '/' && p + 1 < e && text[p + 1] == '*') {
            for (p += 2; p + 1 < e && !(text[p] == '*' && text[p + 1] == '/'); p++)
                ;
            p += 2;
            continue;
        }
        if (c == '(' || c == ')') {
            depth += c == '(' ? 1 : -1;
            p++;
        } else if (omp_ident(c)) {
            size_t w = p;
            while (p < e && omp_ident(text[p]))
                p++;
            if (depth > 0)
                continue;
            if (omp_word_at(text, w, p, "for"))
                flags |= LM_OMP_FOR;
            else if (omp_word_at(text, w, p, "parallel"))
                flags |= LM_OMP_PARALLEL;
            else if (omp_word_at(text, w, p, "nowait"))
                flags |= LM_OMP_NOWAIT;
        } else {
            p++;
        }
    }
    return flags;
}

/* What the logical line [b, e) (trimmed) is to the search: skipped (true, *flags added to
 * for an omp directive) or the end of it (false). */
static bool omp_passable(const char *text, size_t b, size_t e, unsigned *flags)
{
    if (b == e || (e - b >= 2 && text[b] == '/' && text[b + 1] == '/'))
        return true;
    if (text[b] != '#')
        return false;
    size_t p = b + 1;
    while (p < e && omp_blank(text[p]))
        p++;
    if (!omp_word_at(text, p, e, "pragma"))
        return false;
    p += 6;
    while (p < e && omp_blank(text[p]))
        p++;
    if (omp_word_at(text, p, e, "omp"))
        *flags |= omp_directive_flags(text, p + 3, e);
    return true;
}

/* Where a block comment that ends at e (text[e-2..e) is the closing star-slash) begins, or
 * (size_t)-1 when it does not begin on a line of its own before the loop. */
static size_t omp_comment_start(const char *text, size_t e)
{
    for (size_t k = e - 2; k >= 2; k--)
        if (text[k - 2] == '/' && text[k - 1] == '*')
            return k - 2;
    return text[0] == '/' && text[1] == '*' ? 0 : (size_t)-1;
}

unsigned omp_loop_directive(const char *text, size_t size, size_t offset)
{
    if (!text || offset > size)
        return 0;
    size_t line = omp_line_start(text, offset);
    for (size_t k = line; k < offset; k++)
        if (!omp_blank(text[k]))
            return 0;
    unsigned flags = 0;
    while (line > 0) {
        /* the logical line before: back over the lines a backslash continues */
        size_t e = line - 1, b = omp_line_start(text, e);
        while (b > 0 && omp_continued(text, b - 1))
            b = omp_line_start(text, b - 1);
        line = b;
        omp_trim(text, &b, &e);
        if (e - b >= 2 && text[e - 2] == '*' && text[e - 1] == '/') {
            /* a block comment: what stands before it on its first line is the line */
            size_t start = omp_comment_start(text, e);
            if (start == (size_t)-1)
                break;
            line = b = omp_line_start(text, start);
            e = start;
            omp_trim(text, &b, &e);
        }
        if (!omp_passable(text, b, e, &flags))
            break;
    }
    return flags & LM_OMP_FOR ? flags : 0;
}
