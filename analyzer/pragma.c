#include "pragma.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "mem.h"

typedef struct token_view {
    CXTranslationUnit tu;
    CXToken *tokens;
    unsigned n;
    const char *path; /* as the user named the file, for messages */
} token_view;

static char *token_text(const token_view *tv, unsigned i)
{
    CXString s = clang_getTokenSpelling(tv->tu, tv->tokens[i]);
    const char *c = clang_getCString(s);
    char *copy = mem_strdup(c ? c : "");
    clang_disposeString(s);
    return copy;
}

static void token_position(const token_view *tv, unsigned i, unsigned *line, unsigned *col)
{
    clang_getFileLocation(clang_getTokenLocation(tv->tu, tv->tokens[i]), NULL, line, col, NULL);
}

static unsigned token_line(const token_view *tv, unsigned i)
{
    unsigned line, col;
    token_position(tv, i, &line, &col);
    return line;
}

static bool token_is(const token_view *tv, unsigned i, const char *text)
{
    if (i >= tv->n)
        return false;
    char *t = token_text(tv, i);
    bool same = strcmp(t, text) == 0;
    free(t);
    return same;
}

static void pragma_error(const token_view *tv, unsigned i, const char *fmt, const char *arg)
{
    unsigned line, col;
    token_position(tv, i < tv->n ? i : tv->n - 1, &line, &col);
    diag_at(DIAG_ERROR, tv->path, line, col, fmt, arg);
}

static int clause_index(const char *name)
{
    for (int k = 0; k < LM_NCLAUSES; k++)
        if (strcmp(name, lm_clause_name(k)) == 0)
            return k;
    return -1;
}

/* Parses the clauses from token i to the end of the pragma's line (`end`). */
static bool parse_clauses(const token_view *tv, unsigned i, unsigned end, lm_pragma *pr)
{
    bool any = false;
    while (i < end) {
        char *name = token_text(tv, i);
        int k = clause_index(name);
        bool ok = false;
        if (k < 0) {
            pragma_error(tv, i, "unknown aitool pragma clause '%s' (the clauses are fp_plus, "
                                "fp_minus, fp_multiply, fp_divide, fp_total and fp_special)", name);
        } else if (pr->present[k]) {
            pragma_error(tv, i, "aitool pragma clause '%s' given twice", name);
        } else if (i + 1 >= end || !token_is(tv, i + 1, "(")) {
            pragma_error(tv, i + 1 < end ? i + 1 : i, "expected '(' after '%s'", name);
        } else if (i + 2 >= end || clang_getTokenKind(tv->tokens[i + 2]) != CXToken_Literal) {
            pragma_error(tv, i + 2 < end ? i + 2 : i + 1, "expected a count in '%s(...)'", name);
        } else if (i + 3 >= end || !token_is(tv, i + 3, ")")) {
            pragma_error(tv, i + 3 < end ? i + 3 : i + 2, "expected ')' after the count of '%s'",
                         name);
        } else {
            char *digits = token_text(tv, i + 2), *stop = NULL;
            unsigned long v = strtoul(digits, &stop, 10);
            if (digits[0] < '0' || digits[0] > '9' || *stop)
                pragma_error(tv, i + 2, "the count '%s' is not a whole number", digits);
            else
                ok = true;
            free(digits);
            pr->present[k] = ok;
            pr->expected[k] = v;
        }
        free(name);
        if (!ok)
            return false;
        any = true;
        i += 4;
    }
    if (!any)
        pragma_error(tv, end - 1, "aitool pragma without clauses (write e.g. %s)",
                     "#pragma aitool fp_total(4)");
    return any;
}

/* Attach pr to the loop or function definition whose first token is at line:col. */
static bool attach(lm_program *p, lm_file *file, const lm_pragma *pr, unsigned line, unsigned col)
{
    for (lm_function *fn = file->functions; fn; fn = fn->next) {
        if (fn->start.line == line && fn->start.column == col && !fn->pragma) {
            fn->pragma = lm_pragma_copy(p, pr);
            return true;
        }
        for (lm_loop *l = fn->loops; l; l = lm_loop_next_preorder(l)) {
            if (l->loc.line == line && l->loc.column == col && !l->pragma &&
                strcmp(l->loc.file, file->path) == 0) {
                l->pragma = lm_pragma_copy(p, pr);
                return true;
            }
        }
    }
    return false;
}

/* One pragma: tokens [i, end) hold `# pragma aitool clauses...`. */
static bool handle_pragma(lm_program *p, lm_file *file, const token_view *tv, unsigned i,
                          unsigned end)
{
    lm_pragma pr;
    memset(&pr, 0, sizeof pr);
    pr.loc.file = tv->path;
    token_position(tv, i, &pr.loc.line, &pr.loc.column);
    if (!parse_clauses(tv, i + 3, end, &pr))
        return false;
    if (end < tv->n) {
        unsigned line, col;
        token_position(tv, end, &line, &col);
        if (attach(p, file, &pr, line, col))
            return true;
    }
    diag_at(DIAG_ERROR, pr.loc.file, pr.loc.line, pr.loc.column,
            "aitool pragma must stand directly before a for, while or do loop or a function "
            "definition");
    return false;
}

static bool is_aitool_pragma(const token_view *tv, unsigned i)
{
    return clang_getTokenKind(tv->tokens[i]) == CXToken_Punctuation && token_is(tv, i, "#") &&
           i + 2 < tv->n && token_is(tv, i + 1, "pragma") && token_is(tv, i + 2, "aitool") &&
           token_line(tv, i + 2) == token_line(tv, i);
}

static bool text_contains(const char *text, size_t size, const char *word)
{
    size_t n = strlen(word);
    for (const char *s = text; size >= n && (s = memchr(s, word[0], size - n + 1)) != NULL; s++) {
        if (memcmp(s, word, n) == 0)
            return true;
        size -= (size_t)(s + 1 - text);
        text = s + 1;
    }
    return false;
}

bool pragma_attach(lm_program *p, lm_file *file, CXTranslationUnit tu, const char *path)
{
    CXFile main_file = clang_getFile(tu, path);
    size_t size = 0;
    const char *text = main_file ? clang_getFileContents(tu, main_file, &size) : NULL;
    /* Most files have none: tokenizing them all would cost time for nothing. */
    if (!text || !text_contains(text, size, "aitool"))
        return true;
    CXSourceRange whole = clang_getRange(clang_getLocationForOffset(tu, main_file, 0),
                                         clang_getLocationForOffset(tu, main_file, (unsigned)size));
    token_view tv = {tu, NULL, 0, path};
    clang_tokenize(tu, whole, &tv.tokens, &tv.n);
    bool ok = true;
    for (unsigned i = 0; i < tv.n; i++) {
        if (!is_aitool_pragma(&tv, i))
            continue;
        unsigned line = token_line(&tv, i), end = i + 3;
        while (end < tv.n && token_line(&tv, end) == line)
            end++;
        ok &= handle_pragma(p, file, &tv, i, end);
        i = end - 1;
    }
    clang_disposeTokens(tu, tv.tokens, tv.n);
    return ok;
}
