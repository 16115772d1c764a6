/* Scanning for aitool pragmas.
 *
 * A file is scanned token by token (clang_tokenize lexes without
 * preprocessing, so directives and the code of skipped branches come
 * through too).  Tokens inside a range the preprocessor skipped are
 * ignored.  A `#` that starts a line opens a directive, which runs to the
 * end of its logical line: `#pragma aitool` is a pragma, anything else
 * (a #define among them) is passed over.  In code, `_Pragma("...")` is a
 * pragma too (other pragmas are passed over), and so is every `_Pragma` a
 * macro use expands to: a use that can make one (macros.h; the uses and
 * definitions are clang's) is expanded as `clang -E` would, so a pragma
 * written through a macro's parameter (`_Pragma(s)`, `_Pragma(#s)`) reads
 * as its expansion does, and is placed, with every error in its clauses,
 * at the use.  Pragmas wait until the first ordinary token after them,
 * whose offset becomes their target; a use whose expansion goes on with
 * code after its pragma is that code's start, and so the target.
 *
 * The clauses are read from text, the same way for every form: the rest of
 * the directive's line, or the contents of the string literal. */
/* memmem */
#define _GNU_SOURCE
#include "pragma.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "cx.h"
#include "diag.h"
#include "loop_model.h"
#include "macros.h"
#include "mem.h"

typedef struct target {
    CXFile file;
    unsigned offset; /* of the first token after the pragma */
    lm_check *check;
    bool claimed;
} target;

struct pragma_set {
    lm_file *file;
    target *targets;
    size_t ntargets, targets_cap, unclaimed;
};

typedef struct file_scan {
    pragma_set *set;
    lm_program *prog;
    CXTranslationUnit tu;
    macros *macros; /* the unit's uses and definitions */
    CXFile file;
    const char *name; /* for messages */
    const char *text;
    size_t size;
    CXToken *tokens;
    unsigned ntokens;
    unsigned *offsets; /* each token's */
    CXSourceRangeList *skipped;
    size_t next_skipped;
    unsigned plain_until; /* the end of a use that makes no _Pragma: none within it does */
    lm_pragma *pending; /* pragmas waiting for their statement */
    size_t npending, pending_cap;
    bool ok;
} file_scan;

/* Every header of a unit is searched (a C++ unit's library is megabytes):
 * glibc's memmem skips through text far faster than a loop over each 'a'. */
static bool text_contains(const char *text, size_t size, const char *word)
{
    return memmem(text, size, word, strlen(word)) != NULL;
}

static bool file_mentions(CXTranslationUnit tu, CXFile f)
{
    size_t size = 0;
    const char *text = clang_getFileContents(tu, f, &size);
    return text && text_contains(text, size, "aitool");
}

bool pragma_path_mentions(const char *path)
{
    FILE *in = fopen(path, "rb");
    if (!in)
        return false;
    /* Chunks that overlap by the word's length less one, so no match is cut. */
    static const char word[] = "aitool";
    enum { KEEP = sizeof word - 2 };
    char buf[65536];
    size_t have = 0, got;
    bool found = false;
    while (!found && (got = fread(buf + have, 1, sizeof buf - have, in)) > 0) {
        have += got;
        found = text_contains(buf, have, word);
        if (have > KEEP) {
            memmove(buf, buf + have - KEEP, KEEP);
            have = KEEP;
        }
    }
    fclose(in);
    return found;
}

/* ---- Positions and messages ---- */

static void offset_position(const file_scan *fs, unsigned offset, unsigned *line, unsigned *col)
{
    CXSourceLocation loc = clang_getLocationForOffset(fs->tu, fs->file, offset);
    clang_getFileLocation(loc, NULL, line, col, NULL);
}

static void scan_error(file_scan *fs, unsigned offset, const char *fmt, const char *arg)
{
    unsigned line, col;
    offset_position(fs, offset, &line, &col);
    diag_at(DIAG_ERROR, fs->name, line, col, fmt, arg);
    fs->ok = false;
}

/* ---- Clauses, from text ---- */

typedef enum lexeme_kind { LEX_END, LEX_NAME, LEX_NUMBER, LEX_PUNCT } lexeme_kind;

typedef struct lexeme {
    lexeme_kind kind;
    size_t at, len;
} lexeme;

typedef struct clause_text {
    const char *s;
    size_t n, i;
    unsigned base; /* the file offset of s[0] */
    bool fixed;    /* a macro made the text: every error goes to base, the use */
} clause_text;

/* Where an error about the text at s[at] goes. */
static unsigned clause_offset(const clause_text *ct, size_t at)
{
    return ct->base + (ct->fixed ? 0 : (unsigned)at);
}

static bool is_name_char(char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Blanks, line continuations and comments separate lexemes. */
static void skip_blanks(clause_text *ct)
{
    while (ct->i < ct->n) {
        const char *s = ct->s + ct->i;
        size_t left = ct->n - ct->i;
        if (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n' || *s == '\f' || *s == '\v') {
            ct->i++;
        } else if (*s == '\\' && left > 1 && (s[1] == '\n' || s[1] == '\r')) {
            ct->i += 2;
        } else if (left > 1 && s[0] == '/' && s[1] == '*') {
            const char *end = NULL;
            for (size_t k = 2; k + 1 < left && !end; k++)
                if (s[k] == '*' && s[k + 1] == '/')
                    end = s + k + 2;
            ct->i = end ? (size_t)(end - ct->s) : ct->n;
        } else if (left > 1 && s[0] == '/' && s[1] == '/') {
            ct->i = ct->n;
        } else {
            return;
        }
    }
}

static lexeme next_lexeme(clause_text *ct)
{
    skip_blanks(ct);
    lexeme lx = {LEX_END, ct->i, 0};
    if (ct->i >= ct->n)
        return lx;
    char c = ct->s[ct->i];
    if (is_name_char(c)) {
        lx.kind = c >= '0' && c <= '9' ? LEX_NUMBER : LEX_NAME;
        /* A number is a preprocessing number, so `1.5` and `2e3` stay whole. */
        while (ct->i < ct->n && (is_name_char(ct->s[ct->i]) ||
                                 (lx.kind == LEX_NUMBER && ct->s[ct->i] == '.')))
            ct->i++;
    } else {
        lx.kind = LEX_PUNCT;
        ct->i++;
    }
    lx.len = ct->i - lx.at;
    return lx;
}

static char *lexeme_text(const clause_text *ct, lexeme lx)
{
    char *t = mem_alloc(lx.len + 1);
    memcpy(t, ct->s + lx.at, lx.len);
    return t;
}

static bool lexeme_is(const clause_text *ct, lexeme lx, char punct)
{
    return lx.kind == LEX_PUNCT && ct->s[lx.at] == punct;
}

static int clause_index(const char *name)
{
    for (int k = 0; k < LM_NCLAUSES; k++)
        if (strcmp(name, lm_clause_name(k)) == 0)
            return k;
    return -1;
}

/* Where an error about lexeme lx goes: lx, or `before` when the text ended. */
static unsigned lexeme_offset(const clause_text *ct, lexeme lx, lexeme before)
{
    return clause_offset(ct, lx.kind == LEX_END ? before.at : lx.at);
}

static bool parse_count(file_scan *fs, const clause_text *ct, lexeme lx, unsigned long *out)
{
    char *digits = lexeme_text(ct, lx);
    bool ok = true;
    unsigned long v = 0;
    for (const char *d = digits; *d && ok; d++) {
        ok = *d >= '0' && *d <= '9' && v <= (~0UL - (unsigned long)(*d - '0')) / 10;
        v = v * 10 + (unsigned long)(*d - '0');
    }
    if (!ok)
        scan_error(fs, clause_offset(ct, lx.at), "the count '%s' is not a whole number", digits);
    free(digits);
    *out = v;
    return ok;
}

/* One clause `name(count)`; false after reporting what is wrong. */
static bool parse_clause(file_scan *fs, clause_text *ct, lexeme name_lx, lm_pragma *pr)
{
    char *name = lexeme_text(ct, name_lx);
    int k = name_lx.kind == LEX_NAME ? clause_index(name) : -1;
    bool ok = false;
    lexeme open, count, close;
    if (k < 0) {
        scan_error(fs, clause_offset(ct, name_lx.at),
                   "unknown aitool pragma clause '%s' (the clauses are fp_plus, fp_minus, "
                   "fp_multiply, fp_divide, fp_total and fp_special)", name);
    } else if (pr->present[k]) {
        scan_error(fs, clause_offset(ct, name_lx.at), "aitool pragma clause '%s' given twice",
                   name);
    } else if (!lexeme_is(ct, open = next_lexeme(ct), '(')) {
        scan_error(fs, lexeme_offset(ct, open, name_lx), "expected '(' after '%s'", name);
    } else if ((count = next_lexeme(ct)).kind != LEX_NUMBER) {
        scan_error(fs, lexeme_offset(ct, count, open), "expected a count in '%s(...)'", name);
    } else if (!lexeme_is(ct, close = next_lexeme(ct), ')')) {
        scan_error(fs, lexeme_offset(ct, close, count), "expected ')' after the count of '%s'",
                   name);
    } else if (parse_count(fs, ct, count, &pr->expected[k])) {
        pr->present[k] = true;
        ok = true;
    }
    free(name);
    return ok;
}

/* The clauses after `aitool` (at file offset aitool_at); false when
 * malformed (reported). */
static bool parse_clauses(file_scan *fs, clause_text *ct, unsigned aitool_at, lm_pragma *pr)
{
    bool any = false;
    for (lexeme lx = next_lexeme(ct); lx.kind != LEX_END; lx = next_lexeme(ct)) {
        if (!parse_clause(fs, ct, lx, pr))
            return false;
        any = true;
    }
    if (!any)
        scan_error(fs, aitool_at, "aitool pragma without clauses (write e.g. %s)",
                   "#pragma aitool fp_total(4)");
    return any;
}

/* ---- Tokens ---- */

static char *token_text(const file_scan *fs, unsigned i)
{
    return cx_copy_string(clang_getTokenSpelling(fs->tu, fs->tokens[i]));
}

static bool token_is(const file_scan *fs, unsigned i, const char *text)
{
    if (i >= fs->ntokens)
        return false;
    char *t = token_text(fs, i);
    bool same = strcmp(t, text) == 0;
    free(t);
    return same;
}

static unsigned token_end(const file_scan *fs, unsigned i)
{
    unsigned end;
    CXSourceLocation loc = clang_getRangeEnd(clang_getTokenExtent(fs->tu, fs->tokens[i]));
    clang_getFileLocation(loc, NULL, NULL, NULL, &end);
    return end;
}

static bool token_skipped(file_scan *fs, unsigned i)
{
    unsigned off = fs->offsets[i];
    while (fs->next_skipped < fs->skipped->count) {
        unsigned begin, end;
        CXSourceRange r = fs->skipped->ranges[fs->next_skipped];
        clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL, &begin);
        clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &end);
        if (off < begin)
            return false;
        if (off <= end)
            return true;
        fs->next_skipped++;
    }
    return false;
}

/* A `#` with nothing but blanks before it on its line. */
static bool starts_directive(const file_scan *fs, unsigned i)
{
    if (clang_getTokenKind(fs->tokens[i]) != CXToken_Punctuation || !token_is(fs, i, "#"))
        return false;
    for (unsigned k = fs->offsets[i]; k > 0; k--) {
        char c = fs->text[k - 1];
        if (c == '\n')
            return true;
        if (c != ' ' && c != '\t')
            return false;
    }
    return true;
}

/* The offset just past a directive's logical line. */
static unsigned directive_end(const file_scan *fs, unsigned from)
{
    size_t k = from;
    while (k < fs->size) {
        if (fs->text[k] == '\n' && !(k > 0 && fs->text[k - 1] == '\\') &&
            !(k > 1 && fs->text[k - 1] == '\r' && fs->text[k - 2] == '\\'))
            break;
        k++;
    }
    return (unsigned)k;
}

/* The first token at or after offset `end`. */
static unsigned token_at_or_after(const file_scan *fs, unsigned i, unsigned end)
{
    while (i < fs->ntokens && fs->offsets[i] < end)
        i++;
    return i;
}

/* `_Pragma ( "string" )` at token i: the string's token, or 0. */
static unsigned pragma_operator_string(const file_scan *fs, unsigned i)
{
    enum CXTokenKind kind = clang_getTokenKind(fs->tokens[i]);
    if ((kind != CXToken_Identifier && kind != CXToken_Keyword) || !token_is(fs, i, "_Pragma") || !token_is(fs, i + 1, "(") || !token_is(fs, i + 3, ")") ||
        clang_getTokenKind(fs->tokens[i + 2]) != CXToken_Literal)
        return 0;
    return i + 2;
}

/* The contents of a string literal, with its escapes' backslashes dropped
 * (as _Pragma destringizes); NULL when it is no plain string. */
static char *string_contents(const char *literal, size_t *len)
{
    char *lit = mem_strdup(literal);
    size_t n = strlen(lit);
    if (n < 2 || lit[0] != '"' || lit[n - 1] != '"') {
        free(lit);
        return NULL;
    }
    size_t out = 0;
    for (size_t k = 1; k + 1 < n; k++) {
        if (lit[k] == '\\' && k + 2 < n)
            k++;
        lit[out++] = lit[k];
    }
    lit[out] = '\0';
    *len = out;
    return lit;
}

/* Does pragma text start with the word aitool?  Then the clauses follow. */
static bool names_aitool(const char *s, size_t n, size_t *after)
{
    size_t k = 0;
    while (k < n && (s[k] == ' ' || s[k] == '\t'))
        k++;
    if (n - k < 6 || memcmp(s + k, "aitool", 6) != 0 || (n - k > 6 && is_name_char(s[k + 6])))
        return false;
    *after = k + 6;
    return true;
}

/* The pragma of a `_Pragma(literal)` whose literal is written at file
 * offset `at` (or, `fixed`, made by the macro used at `at`); false when it
 * is another pragma or malformed (reported). */
static bool read_operator_pragma(file_scan *fs, const char *literal, unsigned at, bool fixed,
                                 lm_pragma *pr, bool *is_aitool)
{
    size_t len = 0, after = 0;
    char *body = string_contents(literal, &len);
    *is_aitool = body && names_aitool(body, len, &after);
    bool ok = false;
    if (*is_aitool) {
        /* A string's quote comes first: its text starts one byte later. */
        clause_text ct = {body, len, after, fixed ? at : at + 1, fixed};
        ok = parse_clauses(fs, &ct, clause_offset(&ct, after - 6), pr);
    }
    free(body);
    return ok;
}

/* ---- What the scan finds ---- */

static void add_pending(file_scan *fs, const lm_pragma *pr)
{
    if (fs->npending == fs->pending_cap) {
        fs->pending_cap = fs->pending_cap ? fs->pending_cap * 2 : 4;
        fs->pending = mem_realloc(fs->pending, fs->pending_cap * sizeof *fs->pending);
    }
    fs->pending[fs->npending++] = *pr;
}

static void add_target(pragma_set *s, CXFile file, unsigned offset, lm_check *check)
{
    if (s->ntargets == s->targets_cap) {
        s->targets_cap = s->targets_cap ? s->targets_cap * 2 : 16;
        s->targets = mem_realloc(s->targets, s->targets_cap * sizeof *s->targets);
    }
    s->targets[s->ntargets++] = (target){file, offset, check, false};
    s->unclaimed++;
}

/* The first ordinary token after pending pragmas is what they stand before;
 * only one pragma may stand before a statement. */
static void resolve_pending(file_scan *fs, unsigned offset)
{
    if (!fs->npending)
        return;
    lm_check *c = lm_file_add_check(fs->prog, fs->set->file, &fs->pending[0]);
    add_target(fs->set, fs->file, offset, c);
    for (size_t k = 1; k < fs->npending; k++) {
        const lm_location *loc = &fs->pending[k].loc;
        diag_at(DIAG_ERROR, loc->file, loc->line, loc->column,
                "a second aitool pragma before the same statement (the first is at line %u)",
                fs->pending[0].loc.line);
        fs->ok = false;
    }
    fs->npending = 0;
}

static void pragma_at_token(file_scan *fs, unsigned i, lm_pragma *pr)
{
    unsigned line, col;
    clang_getFileLocation(clang_getTokenLocation(fs->tu, fs->tokens[i]), NULL, &line, &col, NULL);
    pr->loc = (lm_location){fs->name, line, col};
}

/* A directive at token i; returns the first token after it. */
static unsigned scan_directive(file_scan *fs, unsigned i)
{
    unsigned end_offset = directive_end(fs, fs->offsets[i]);
    unsigned end = token_at_or_after(fs, i, end_offset);
    if (token_is(fs, i + 1, "pragma") && i + 2 < end && token_is(fs, i + 2, "aitool")) {
        lm_pragma pr;
        memset(&pr, 0, sizeof pr);
        pragma_at_token(fs, i, &pr);
        unsigned after = token_end(fs, i + 2);
        clause_text ct = {fs->text + after, end_offset - after, 0, after, false};
        if (parse_clauses(fs, &ct, fs->offsets[i + 2], &pr))
            add_pending(fs, &pr);
    }
    return end;
}

/* Past the parenthesized list that starts at token i. */
static unsigned skip_arguments(const file_scan *fs, unsigned i)
{
    int depth = 0;
    for (; i < fs->ntokens; i++) {
        if (token_is(fs, i, "("))
            depth++;
        else if (token_is(fs, i, ")") && --depth == 0)
            return i + 1;
    }
    return i;
}

/* The expansion of the use at token i: each `_Pragma(literal)` in it a
 * pragma at the use, every other token code that starts at the use. */
static void scan_expanded(file_scan *fs, unsigned i, const macros_tokens *out)
{
    const macros_token *v = out->v;
    for (size_t k = 0; k < out->n; k++) {
        if (k + 3 < out->n && !strcmp(v[k].text, "_Pragma") && !strcmp(v[k + 1].text, "(") &&
            !strcmp(v[k + 3].text, ")")) {
            lm_pragma pr;
            bool is_aitool;
            memset(&pr, 0, sizeof pr);
            pragma_at_token(fs, i, &pr);
            if (read_operator_pragma(fs, v[k + 2].text, fs->offsets[i], true, &pr, &is_aitool))
                add_pending(fs, &pr);
            k += 3;
        } else {
            resolve_pending(fs, fs->offsets[i]);
        }
    }
}

/* Is token i a macro use, or a `_Pragma(...)` whose operand holds one?
 * Then *end is the token after it, and *order the place in preprocessing
 * order its macros are looked up at. */
static bool use_at(const file_scan *fs, unsigned i, unsigned *end, unsigned *order)
{
    if (token_is(fs, i, "_Pragma") && token_is(fs, i + 1, "(")) {
        /* clang records _Pragma itself as a use: the operand's come after. */
        const macros_use *u = macros_next_use(fs->macros, fs->file, fs->offsets[i + 1]);
        *end = skip_arguments(fs, i + 1);
        *order = u ? u->order : 0;
        return u && *end < fs->ntokens && u->begin < fs->offsets[*end];
    }
    const macros_use *u = macros_next_use(fs->macros, fs->file, fs->offsets[i]);
    if (!u || u->begin != fs->offsets[i])
        return false;
    *end = token_at_or_after(fs, i, u->end);
    *order = u->order;
    return true;
}

/* Can the tokens [i, end) of a use make a _Pragma: is one of them _Pragma
 * or a macro whose expansion can? */
static bool use_may_pragma(const file_scan *fs, unsigned i, unsigned end, unsigned order)
{
    bool may = false;
    for (unsigned k = i; k < end && !may; k++) {
        enum CXTokenKind kind = clang_getTokenKind(fs->tokens[k]);
        if (kind != CXToken_Identifier && kind != CXToken_Keyword)
            continue;
        char *name = token_text(fs, k);
        may = macros_may_pragma(fs->macros, name, order);
        free(name);
    }
    return may;
}

/* A use at token i that can make a _Pragma: its pragmas, and the token
 * after it; i for anything else. */
static unsigned scan_use(file_scan *fs, unsigned i)
{
    unsigned end, order;
    if (fs->offsets[i] < fs->plain_until || !use_at(fs, i, &end, &order))
        return i;
    if (!use_may_pragma(fs, i, end, order)) {
        fs->plain_until = end < fs->ntokens ? fs->offsets[end] : (unsigned)fs->size;
        return i;
    }
    macros_tokens written = {NULL, 0, 0}, out = {NULL, 0, 0};
    bool whole = true;
    for (;;) {
        macros_tokens_from(fs->tu, fs->tokens + i, end - i, &written);
        whole = macros_expand(fs->macros, &written, order, &out);
        /* `#define DO_PRAGMA _Pragma`: the arguments follow the use. */
        if (!whole || !out.n || end >= fs->ntokens || !token_is(fs, end, "(") ||
            !macros_takes_args(fs->macros, out.v[out.n - 1].text, order))
            break;
        macros_tokens_release(&written);
        macros_tokens_release(&out);
        end = skip_arguments(fs, end);
    }
    if (!whole) {
        unsigned line, col;
        offset_position(fs, fs->offsets[i], &line, &col);
        diag_at(DIAG_WARNING, fs->name, line, col, "this macro's expansion is too large or "
                "too deep to read its aitool pragmas from");
    }
    scan_expanded(fs, i, &out);
    macros_tokens_release(&written);
    macros_tokens_release(&out);
    return end;
}

/* Code at token i: a pragma (returns the token after it), a macro use that
 * makes one, or an ordinary token, which the pending pragmas stand before. */
static unsigned scan_code(file_scan *fs, unsigned i)
{
    unsigned str = pragma_operator_string(fs, i);
    if (str) {
        lm_pragma pr;
        bool is_aitool;
        memset(&pr, 0, sizeof pr);
        pragma_at_token(fs, i, &pr);
        char *literal = token_text(fs, str);
        if (read_operator_pragma(fs, literal, fs->offsets[str], false, &pr, &is_aitool))
            add_pending(fs, &pr);
        free(literal);
        return i + 4;
    }
    unsigned next = scan_use(fs, i);
    if (next != i)
        return next;
    resolve_pending(fs, fs->offsets[i]);
    return i + 1;
}

static void scan_tokens(file_scan *fs)
{
    for (unsigned i = 0; i < fs->ntokens;) {
        if (token_skipped(fs, i) || clang_getTokenKind(fs->tokens[i]) == CXToken_Comment)
            i++;
        else if (starts_directive(fs, i))
            i = scan_directive(fs, i);
        else
            i = scan_code(fs, i);
    }
    for (size_t k = 0; k < fs->npending; k++) {
        const lm_location *loc = &fs->pending[k].loc;
        diag_at(DIAG_ERROR, loc->file, loc->line, loc->column,
                "aitool pragma must stand directly before a statement or a function definition");
        fs->ok = false;
    }
}

static bool scan_file(pragma_set *s, lm_program *p, CXTranslationUnit tu, macros *m, CXFile file,
                      const char *name)
{
    file_scan fs = {.set = s, .prog = p, .tu = tu, .macros = m, .file = file, .name = name,
                    .ok = true};
    fs.text = clang_getFileContents(tu, file, &fs.size);
    if (!fs.text)
        return true;
    CXSourceRange whole = clang_getRange(clang_getLocationForOffset(tu, file, 0),
                                         clang_getLocationForOffset(tu, file, (unsigned)fs.size));
    clang_tokenize(tu, whole, &fs.tokens, &fs.ntokens);
    fs.offsets = mem_alloc(((size_t)fs.ntokens + 1) * sizeof *fs.offsets);
    for (unsigned i = 0; i < fs.ntokens; i++)
        clang_getFileLocation(clang_getTokenLocation(tu, fs.tokens[i]), NULL, NULL, NULL,
                              &fs.offsets[i]);
    fs.skipped = clang_getSkippedRanges(tu, file);
    scan_tokens(&fs);
    clang_disposeSourceRangeList(fs.skipped);
    clang_disposeTokens(tu, fs.tokens, fs.ntokens);
    free(fs.offsets);
    free(fs.pending);
    return fs.ok;
}

/* ---- The unit ---- */

typedef struct header_list {
    CXTranslationUnit tu;
    CXFile main;
    CXFile *v;
    size_t n, cap;
    bool any; /* some file mentions aitool */
} header_list;

static void header_list_add(header_list *hl, CXFile f)
{
    if (hl->n == hl->cap) {
        hl->cap = hl->cap ? hl->cap * 2 : 4;
        hl->v = mem_realloc(hl->v, hl->cap * sizeof *hl->v);
    }
    hl->v[hl->n++] = f;
}

static void collect_file(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
    (void)stack;
    (void)depth;
    header_list *hl = data;
    if (!file_mentions(hl->tu, f))
        return;
    hl->any = true;
    if (hl->main && clang_File_isEqual(f, hl->main))
        return;
    for (size_t k = 0; k < hl->n; k++)
        if (clang_File_isEqual(hl->v[k], f))
            return;
    header_list_add(hl, f);
}

bool pragma_unit_mentions(CXTranslationUnit tu)
{
    header_list hl = {.tu = tu};
    clang_getInclusions(tu, collect_file, &hl);
    free(hl.v);
    return hl.any;
}

static int target_order(const void *a, const void *b)
{
    const target *x = a, *y = b;
    if (x->file != y->file)
        return (uintptr_t)x->file < (uintptr_t)y->file ? -1 : 1;
    return x->offset < y->offset ? -1 : x->offset > y->offset;
}

pragma_set *pragma_scan(lm_program *p, lm_file *file, CXTranslationUnit tu, const char *path,
                        bool *ok)
{
    pragma_set *s = mem_alloc(sizeof *s);
    s->file = file;
    header_list hl = {.tu = tu, .main = clang_getFile(tu, path)};
    clang_getInclusions(tu, collect_file, &hl);
    /* The main file is scanned even when only a header mentions aitool:
     * the header's macros may make pragmas where the main file uses them. */
    size_t nheaders = hl.n;
    if (hl.main)
        header_list_add(&hl, hl.main);
    macros *m = macros_collect(tu, hl.v, hl.n);
    for (size_t k = 0; k < nheaders; k++) {
        char *name = cx_copy_string(clang_getFileName(hl.v[k]));
        *ok &= scan_file(s, p, tu, m, hl.v[k], arena_strdup(p->arena, name));
        free(name);
    }
    if (hl.main)
        *ok &= scan_file(s, p, tu, m, hl.main, path);
    macros_free(&m);
    free(hl.v);
    if (s->ntargets)
        qsort(s->targets, s->ntargets, sizeof *s->targets, target_order);
    return s;
}

void pragma_set_free(pragma_set **sp)
{
    if (!sp || !*sp)
        return;
    pragma_set *s = *sp;
    free(s->targets);
    free(s);
    *sp = NULL;
}

bool pragma_set_pending(const pragma_set *s)
{
    return s && s->unclaimed > 0;
}

/* The first target of `file` at or after `offset`. */
static size_t lower_bound(const pragma_set *s, CXFile file, unsigned offset)
{
    target key = {file, offset, NULL, false};
    size_t lo = 0, hi = s->ntargets;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (target_order(&s->targets[mid], &key) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static CXFile extent_offsets(CXCursor c, unsigned *begin, unsigned *end)
{
    CXFile file = NULL;
    CXSourceRange r = clang_getCursorExtent(c);
    clang_getFileLocation(clang_getRangeStart(r), &file, NULL, NULL, begin);
    if (end)
        clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, end);
    return file;
}

lm_check *pragma_claim(pragma_set *s, CXCursor c, const char *what)
{
    if (!pragma_set_pending(s))
        return NULL;
    unsigned begin;
    CXFile file = extent_offsets(c, &begin, NULL);
    size_t k = lower_bound(s, file, begin);
    if (!file || k == s->ntargets || s->targets[k].file != file ||
        s->targets[k].offset != begin || s->targets[k].claimed)
        return NULL;
    s->targets[k].claimed = true;
    s->unclaimed--;
    s->targets[k].check->what = what;
    return s->targets[k].check;
}

bool pragma_pending_within(const pragma_set *s, CXCursor c)
{
    if (!pragma_set_pending(s))
        return false;
    unsigned begin, end;
    CXFile file = extent_offsets(c, &begin, &end);
    for (size_t k = lower_bound(s, file, begin);
         k < s->ntargets && s->targets[k].file == file && s->targets[k].offset <= end; k++)
        if (!s->targets[k].claimed)
            return true;
    return false;
}

bool pragma_report_unclaimed(const pragma_set *s)
{
    bool ok = true;
    for (const lm_check *c = s ? s->file->checks : NULL; c; c = c->next) {
        const lm_pragma *pr = &c->pragma;
        if (c->what)
            continue;
        diag_at(DIAG_ERROR, pr->loc.file, pr->loc.line, pr->loc.column,
                "aitool pragma must stand directly before a statement or a function definition");
        ok = false;
    }
    return ok;
}
