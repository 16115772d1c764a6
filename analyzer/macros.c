/* Expanding macro uses, to read the pragmas they make.
 *
 * clang drops a pragma it does not know without a trace, and libclang shows
 * a macro's uses and definitions but not what a use expands to.  The pragma
 * scan reads `#pragma aitool` and `_Pragma("aitool ...")` from the tokens
 * of the files, which is enough while the pragma's text is written there,
 * even inside a macro's definition.  But a macro may build the text from
 * its arguments: `#define CHECK(s) _Pragma(s)` used as
 * `CHECK("aitool fp_plus(5)")`, `#define PRAGMA(x) _Pragma(#x)` used as
 * `PRAGMA(aitool fp_plus(5))`, through other macros (`#define OMP(x)
 * PRAGMA(omp x)`), or take it from a macro that names a string.  What
 * counts is the text after stringizing and expansion, as `clang -E` shows
 * it; so such a use is expanded here, from the tokens of the definitions
 * clang recorded, by the rules of C's preprocessor (C17 6.10.3):
 *
 * - a function-like macro is expanded only when `(` follows its name, its
 *   arguments split at the commas outside parentheses (the variadic one,
 *   __VA_ARGS__, takes the rest);
 * - a parameter after `#` becomes the string literal of its argument as
 *   written (blanks squeezed to one space, `"` and `\` in literals
 *   escaped); beside `##` it is its argument as written; anywhere else its
 *   argument macro-expanded first, as if it stood alone;
 * - `##` joins the tokens on either side;
 * - the result is scanned again for macros, together with what follows
 *   it (a function-like macro's name at its end takes its arguments from
 *   there), a macro's name not expanding within its own expansion.
 *
 * The definition a name has at a use is its latest one before the use in
 * the order of preprocessing (the record's order: definitions and uses of
 * the unit, in the order the preprocessor met them).  Not modelled, as no
 * pragma needs them: #undef (an undefined name keeps its last definition),
 * the exact hiding of names (a name is hidden while its macro's own
 * expansion is rescanned, not for good) and __VA_OPT__.  An expansion is cut off at a
 * depth of 256 or at 65536 tokens (clang's own parse went through it
 * first, so only a pathological file gets there). */
#include "macros.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "analyzer_tu.h"
#include "cx.h"
#include "mem.h"
#include "strbuf.h"

#define MACROS_MAX_DEPTH 256
#define MACROS_MAX_TOKENS 65536

typedef enum macros_kind { MACROS_UNDECIDED, MACROS_DECIDING, MACROS_PLAIN, MACROS_PRAGMA } macros_kind;

typedef struct macros_def {
    char *name;
    CXCursor cursor;
    unsigned order;
    macros_kind kind; /* can its expansion make a _Pragma (decided once) */
    bool read, function_like, variadic;
    char **params; /* the variadic one is __VA_ARGS__ */
    int nparams;
    macros_tokens body;
} macros_def;

struct macros {
    CXTranslationUnit tu;
    const CXFile *files;
    size_t nfiles;
    macros_def *defs; /* by name, then order */
    size_t ndefs, defs_cap;
    macros_use *uses; /* by file, then begin */
    size_t nuses, uses_cap;
    unsigned order;
};

/* ---- Tokens ---- */

static void macros_tokens_add(macros_tokens *t, const char *text, bool space)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 16;
        t->v = mem_realloc(t->v, t->cap * sizeof *t->v);
    }
    t->v[t->n++] = (macros_token){mem_strdup(text), space};
}

void macros_tokens_release(macros_tokens *t)
{
    for (size_t k = 0; k < t->n; k++)
        free(t->v[k].text);
    free(t->v);
    *t = (macros_tokens){NULL, 0, 0};
}

static unsigned macros_offset(CXSourceLocation loc)
{
    unsigned offset = 0;
    clang_getFileLocation(loc, NULL, NULL, NULL, &offset);
    return offset;
}

void macros_tokens_from(CXTranslationUnit tu, const CXToken *tokens, unsigned n,
                        macros_tokens *out)
{
    unsigned last_end = 0;
    for (unsigned k = 0; k < n; k++) {
        if (clang_getTokenKind(tokens[k]) == CXToken_Comment)
            continue;
        CXSourceRange r = clang_getTokenExtent(tu, tokens[k]);
        unsigned begin = macros_offset(clang_getRangeStart(r));
        CXString s = clang_getTokenSpelling(tu, tokens[k]);
        const char *text = clang_getCString(s);
        macros_tokens_add(out, text ? text : "", begin > last_end);
        clang_disposeString(s);
        last_end = macros_offset(clang_getRangeEnd(r));
    }
}

static bool macros_is_name(const char *text)
{
    return text[0] == '_' || (text[0] >= 'a' && text[0] <= 'z') ||
           (text[0] >= 'A' && text[0] <= 'Z');
}

static bool macros_is(const macros_token *t, const char *text)
{
    return strcmp(t->text, text) == 0;
}

/* ---- The record ---- */

/* The file asked for that f is, as the caller names it (one file may have
 * several CXFiles, one per name it was reached by), or NULL. */
static CXFile macros_wanted_file(const macros *m, CXFile f)
{
    for (size_t k = 0; k < m->nfiles; k++)
        if (f && clang_File_isEqual(f, m->files[k]))
            return m->files[k];
    return NULL;
}

static void macros_add_def(macros *m, CXCursor c)
{
    if (m->ndefs == m->defs_cap) {
        m->defs_cap = m->defs_cap ? m->defs_cap * 2 : 256;
        m->defs = mem_realloc(m->defs, m->defs_cap * sizeof *m->defs);
    }
    macros_def *d = &m->defs[m->ndefs++];
    memset(d, 0, sizeof *d);
    d->name = cx_copy_string(clang_getCursorSpelling(c));
    d->cursor = c;
    d->order = m->order;
}

static void macros_add_use(macros *m, CXCursor c)
{
    CXSourceRange r = clang_getCursorExtent(c);
    CXFile file = NULL;
    unsigned begin = 0;
    clang_getFileLocation(clang_getRangeStart(r), &file, NULL, NULL, &begin);
    file = macros_wanted_file(m, file);
    if (!file)
        return;
    if (m->nuses == m->uses_cap) {
        m->uses_cap = m->uses_cap ? m->uses_cap * 2 : 64;
        m->uses = mem_realloc(m->uses, m->uses_cap * sizeof *m->uses);
    }
    m->uses[m->nuses++] = (macros_use){file, begin, macros_offset(clang_getRangeEnd(r)), m->order};
}

static enum CXChildVisitResult macros_visit(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    macros *m = data;
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind == CXCursor_MacroDefinition && !clang_Cursor_isMacroBuiltin(c))
        macros_add_def(m, c);
    else if (kind == CXCursor_MacroExpansion)
        macros_add_use(m, c);
    m->order++;
    return CXChildVisit_Continue;
}

static int macros_def_order(const void *a, const void *b)
{
    const macros_def *x = a, *y = b;
    int by_name = strcmp(x->name, y->name);
    return by_name ? by_name : (x->order > y->order) - (x->order < y->order);
}

static int macros_use_order(const void *a, const void *b)
{
    const macros_use *x = a, *y = b;
    if (x->file != y->file)
        return (uintptr_t)x->file < (uintptr_t)y->file ? -1 : 1;
    return (x->begin > y->begin) - (x->begin < y->begin);
}

macros *macros_collect(CXTranslationUnit tu, const CXFile *files, size_t nfiles)
{
    macros *m = mem_alloc(sizeof *m);
    m->tu = tu;
    m->files = files;
    m->nfiles = nfiles;
    clang_visitChildren(clang_getTranslationUnitCursor(tu), macros_visit, m);
    if (m->ndefs)
        qsort(m->defs, m->ndefs, sizeof *m->defs, macros_def_order);
    if (m->nuses)
        qsort(m->uses, m->nuses, sizeof *m->uses, macros_use_order);
    m->files = NULL; /* borrowed only while collecting */
    return m;
}

void macros_free(macros **mp)
{
    if (!mp || !*mp)
        return;
    macros *m = *mp;
    for (size_t k = 0; k < m->ndefs; k++) {
        macros_def *d = &m->defs[k];
        free(d->name);
        for (int p = 0; p < d->nparams; p++)
            free(d->params[p]);
        free(d->params);
        macros_tokens_release(&d->body);
    }
    free(m->defs);
    free(m->uses);
    free(m);
    *mp = NULL;
}

const macros_use *macros_next_use(const macros *m, CXFile file, unsigned offset)
{
    macros_use key = {file, offset, 0, 0};
    size_t lo = 0, hi = m->nuses;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (macros_use_order(&m->uses[mid], &key) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < m->nuses && m->uses[lo].file == file ? &m->uses[lo] : NULL;
}

/* The definition name has at the place of `order`, or NULL. */
static macros_def *macros_lookup(macros *m, const char *name, unsigned order)
{
    size_t lo = 0, hi = m->ndefs;
    while (lo < hi) { /* the first definition of a name after `name`, or of it at or after order */
        size_t mid = lo + (hi - lo) / 2;
        int by_name = strcmp(m->defs[mid].name, name);
        if (by_name < 0 || (by_name == 0 && m->defs[mid].order < order))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo > 0 && strcmp(m->defs[lo - 1].name, name) == 0 ? &m->defs[lo - 1] : NULL;
}

/* ---- Definitions ---- */

static int macros_param(const macros_def *d, const char *text)
{
    for (int p = 0; p < d->nparams; p++)
        if (strcmp(d->params[p], text) == 0)
            return p;
    return -1;
}

/* `(a, b, ...)` or `(a, rest...)` at the start of t: the parameters; the
 * index of the first token after them. */
static size_t macros_read_params(macros_def *d, const macros_tokens *t)
{
    d->params = mem_alloc(t->n * sizeof *d->params);
    size_t k = 2;
    for (; k < t->n && !macros_is(&t->v[k], ")"); k++) {
        if (macros_is(&t->v[k], "...")) {
            d->variadic = true;
            d->params[d->nparams++] = mem_strdup("__VA_ARGS__");
        } else if (macros_is_name(t->v[k].text)) {
            d->params[d->nparams++] = mem_strdup(t->v[k].text);
            /* GNU's named variadic parameter, `rest...`, is named rest. */
            if (k + 1 < t->n && macros_is(&t->v[k + 1], "...")) {
                d->variadic = true;
                k++;
            }
        }
    }
    return k + 1;
}

/* The parameters and body of a definition, read when first needed. */
static void macros_read_def(macros *m, macros_def *d)
{
    if (d->read)
        return;
    d->read = true;
    d->function_like = clang_Cursor_isMacroFunctionLike(d->cursor);
    CXToken *tokens = NULL;
    unsigned n = 0;
    clang_tokenize(m->tu, clang_getCursorExtent(d->cursor), &tokens, &n);
    macros_tokens all = {NULL, 0, 0};
    macros_tokens_from(m->tu, tokens, n, &all);
    clang_disposeTokens(m->tu, tokens, n);
    size_t body = d->function_like ? macros_read_params(d, &all) : 1;
    for (size_t k = body; k < all.n; k++)
        macros_tokens_add(&d->body, all.v[k].text, all.v[k].space);
    macros_tokens_release(&all);
}

static bool macros_def_may_pragma(macros *m, macros_def *d, unsigned order);

/* Is a token's text _Pragma, or a macro (not a parameter of d) that can
 * make one? */
static bool macros_text_may_pragma(macros *m, const macros_def *d, const char *text,
                                   unsigned order)
{
    if (strcmp(text, "_Pragma") == 0)
        return true;
    if (!macros_is_name(text) || (d && macros_param(d, text) >= 0))
        return false;
    macros_def *used = macros_lookup(m, text, order);
    return used && macros_def_may_pragma(m, used, order);
}

static bool macros_def_may_pragma(macros *m, macros_def *d, unsigned order)
{
    if (d->kind == MACROS_DECIDING) /* a macro naming itself: no further */
        return false;
    if (d->kind == MACROS_UNDECIDED) {
        d->kind = MACROS_DECIDING;
        macros_read_def(m, d);
        bool may = false;
        for (size_t k = 0; k < d->body.n && !may; k++)
            may = macros_text_may_pragma(m, d, d->body.v[k].text, order);
        d->kind = may ? MACROS_PRAGMA : MACROS_PLAIN;
    }
    return d->kind == MACROS_PRAGMA;
}

bool macros_may_pragma(macros *m, const char *name, unsigned order)
{
    return macros_text_may_pragma(m, NULL, name, order);
}

/* ---- Expansion ---- */

typedef struct macros_run {
    macros *m;
    unsigned order;
    const char *hidden[MACROS_MAX_DEPTH]; /* the macros being expanded */
    int nhidden;
    size_t left; /* tokens the expansion may still make */
    bool cut;
} macros_run;

/* An argument: tokens [from, to) of the use's list. */
typedef struct macros_arg {
    size_t from, to;
} macros_arg;

/* Appends a token; with *paste (a `##` before it), joins it to the last. */
static void macros_emit(macros_run *r, macros_tokens *out, const char *text, bool space,
                        bool *paste)
{
    if (*paste && out->n) {
        macros_token *last = &out->v[out->n - 1];
        size_t n = strlen(last->text);
        last->text = mem_realloc(last->text, n + strlen(text) + 1);
        strcpy(last->text + n, text);
    } else if (r->left) {
        r->left--;
        macros_tokens_add(out, text, space);
    } else {
        r->cut = true;
    }
    *paste = false;
}

static bool macros_is_hidden(const macros_run *r, const char *name)
{
    for (int k = 0; k < r->nhidden; k++)
        if (strcmp(r->hidden[k], name) == 0)
            return true;
    return false;
}

/* The string literal # makes of an argument. */
static char *macros_stringize(const macros_token *v, size_t n)
{
    strbuf sb = STRBUF_INIT;
    strbuf_append(&sb, "\"");
    for (size_t k = 0; k < n; k++) {
        if (k && v[k].space)
            strbuf_append(&sb, " ");
        bool literal = strchr(v[k].text, '"') || strchr(v[k].text, '\'');
        for (const char *c = v[k].text; *c; c++) {
            if (literal && (*c == '"' || *c == '\\'))
                strbuf_append(&sb, "\\");
            strbuf_appendn(&sb, c, 1);
        }
    }
    strbuf_append(&sb, "\"");
    return strbuf_take(&sb);
}

static void macros_expand_list(macros_run *r, const macros_token *in, size_t n,
                               macros_tokens *out);

/* A parameter's argument into out: as written, or macro-expanded. */
static void macros_put_arg(macros_run *r, const macros_token *in, macros_arg a, bool raw,
                           bool space, macros_tokens *out, bool *paste)
{
    macros_tokens expanded = {NULL, 0, 0};
    const macros_token *v = in + a.from;
    size_t n = a.to - a.from;
    if (!raw) {
        macros_expand_list(r, v, n, &expanded);
        v = expanded.v;
        n = expanded.n;
    }
    for (size_t k = 0; k < n; k++)
        macros_emit(r, out, v[k].text, k ? v[k].space : space, paste);
    macros_tokens_release(&expanded);
}

/* d's body with its parameters replaced by args (of the list in), # and ##
 * applied; `space`: whether blanks came before the use. */
static void macros_substitute(macros_run *r, const macros_def *d, const macros_token *in,
                              const macros_arg *args, int nargs, bool space, macros_tokens *out)
{
    bool paste = false;
    const macros_tokens *body = &d->body;
    for (size_t k = 0; k < body->n && !r->cut; k++) {
        const macros_token *t = &body->v[k];
        bool blank = k ? t->space : space;
        int p = macros_param(d, t->text);
        if (d->function_like && macros_is(t, "#") && k + 1 < body->n &&
            (p = macros_param(d, body->v[k + 1].text)) >= 0) {
            macros_arg a = p < nargs ? args[p] : (macros_arg){0, 0};
            char *s = macros_stringize(in + a.from, a.to - a.from);
            macros_emit(r, out, s, blank, &paste);
            free(s);
            k++;
        } else if (macros_is(t, "##")) {
            paste = true;
        } else if (p >= 0) {
            bool raw = paste || (k + 1 < body->n && macros_is(&body->v[k + 1], "##"));
            macros_put_arg(r, in, p < nargs ? args[p] : (macros_arg){0, 0}, raw, blank, out,
                           &paste);
        } else {
            macros_emit(r, out, t->text, blank, &paste);
        }
    }
}

/* The arguments of a use whose `(` is in[open]: their ranges into *args
 * (grown as needed); the index of the closing `)`, or n when there is none. */
static size_t macros_read_args(const macros_def *d, const macros_token *in, size_t n,
                               size_t open, macros_arg **args, int *nargs)
{
    int depth = 0, cap = d->nparams + 1;
    *args = mem_alloc((size_t)cap * sizeof **args);
    *nargs = 1;
    (*args)[0] = (macros_arg){open + 1, open + 1};
    for (size_t k = open + 1; k < n; k++) {
        const macros_token *t = &in[k];
        if (depth == 0 && macros_is(t, ")"))
            return k;
        depth += macros_is(t, "(") - macros_is(t, ")");
        bool last = d->variadic && *nargs == d->nparams;
        if (depth == 0 && macros_is(t, ",") && !last) {
            if (*nargs == cap)
                *args = mem_realloc(*args, (size_t)(cap *= 2) * sizeof **args);
            (*args)[(*nargs)++] = (macros_arg){k + 1, k + 1};
        } else {
            (*args)[*nargs - 1].to = k + 1;
        }
    }
    return n;
}

/* When the macro in[i] names is expanded there: its expansion into out,
 * *last the index of the use's last token, and true. */
static bool macros_expand_use(macros_run *r, const macros_token *in, size_t n, size_t i,
                              macros_tokens *out, size_t *last)
{
    macros_def *d = macros_is_name(in[i].text) && !macros_is_hidden(r, in[i].text)
                        ? macros_lookup(r->m, in[i].text, r->order)
                        : NULL;
    if (!d)
        return false;
    macros_read_def(r->m, d);
    size_t end = i;
    macros_arg *args = NULL;
    int nargs = 0;
    if (d->function_like) {
        if (i + 1 >= n || !macros_is(&in[i + 1], "("))
            return false;
        end = macros_read_args(d, in, n, i + 1, &args, &nargs);
        if (end == n) {
            free(args);
            return false;
        }
    }
    if (r->nhidden == MACROS_MAX_DEPTH) {
        r->cut = true;
    } else {
        macros_tokens body = {NULL, 0, 0};
        macros_substitute(r, d, in, args, nargs, in[i].space, &body);
        r->hidden[r->nhidden++] = d->name;
        macros_expand_list(r, body.v, body.n, out);
        r->nhidden--;
        macros_tokens_release(&body);
    }
    free(args);
    *last = end;
    return true;
}

static bool macros_is_function_like(macros *m, const char *name, unsigned order)
{
    macros_def *d = macros_is_name(name) ? macros_lookup(m, name, order) : NULL;
    if (d)
        macros_read_def(m, d);
    return d && d->function_like;
}

/* The preprocessor rescans an expansion together with what follows it: a
 * function-like macro's name that ends the expansion (out's last token,
 * from out[from] on) takes its arguments from in[next] on.  True when it
 * did; *last is then the index of their `)`. */
static bool macros_pull_args(macros_run *r, const macros_token *in, size_t n, size_t next,
                             size_t from, macros_tokens *out, size_t *last)
{
    if (out->n <= from || next >= n || !macros_is(&in[next], "(") ||
        !macros_is_function_like(r->m, out->v[out->n - 1].text, r->order))
        return false;
    macros_tokens call = {NULL, 0, 0}, expanded = {NULL, 0, 0};
    macros_tokens_add(&call, out->v[out->n - 1].text, out->v[out->n - 1].space);
    for (size_t k = next; k < n; k++)
        macros_tokens_add(&call, in[k].text, in[k].space);
    size_t used = 0;
    bool pulled = macros_expand_use(r, call.v, call.n, 0, &expanded, &used);
    if (pulled) {
        free(out->v[--out->n].text);
        for (size_t k = 0; k < expanded.n; k++)
            macros_tokens_add(out, expanded.v[k].text, expanded.v[k].space);
        *last = next + used - 1; /* call[k] is in[next + k - 1] */
    }
    macros_tokens_release(&call);
    macros_tokens_release(&expanded);
    return pulled;
}

static void macros_expand_list(macros_run *r, const macros_token *in, size_t n,
                               macros_tokens *out)
{
    for (size_t i = 0; i < n && !r->cut; i++) {
        bool no_paste = false;
        size_t from = out->n;
        if (!macros_expand_use(r, in, n, i, out, &i))
            macros_emit(r, out, in[i].text, in[i].space, &no_paste);
        else
            while (!r->cut && macros_pull_args(r, in, n, i + 1, from, out, &i))
                ;
    }
}

bool macros_takes_args(macros *m, const char *name, unsigned order)
{
    return strcmp(name, "_Pragma") == 0 || macros_is_function_like(m, name, order);
}

bool macros_expand(macros *m, const macros_tokens *written, unsigned order, macros_tokens *out)
{
    macros_run r = {.m = m, .order = order, .left = MACROS_MAX_TOKENS};
    macros_expand_list(&r, written->v, written->n, out);
    return !r.cut;
}

/* ---- For the instrumenter (analyzer_tu.h) ---- */

analyzer_macros *analyzer_macros_of(CXTranslationUnit tu, CXFile file)
{
    return macros_collect(tu, &file, 1);
}

void analyzer_macros_free(analyzer_macros **m)
{
    macros_free(m);
}

/* Whether the tokens of an expansion read the same in a file: no name in
 * them would be expanded again there (a macro's name its own expansion
 * left, a function-like one without arguments) and no _Pragma, which must
 * stand where it is written. */
static bool macros_final(macros *m, const macros_tokens *t, unsigned order)
{
    for (size_t k = 0; k < t->n; k++)
        if (macros_is(&t->v[k], "_Pragma") ||
            (macros_is_name(t->v[k].text) && macros_lookup(m, t->v[k].text, order)))
            return false;
    return true;
}

char **analyzer_expand_use(analyzer_macros *m, CXFile file, unsigned begin, unsigned end,
                           size_t *n)
{
    const macros_use *use = macros_next_use(m, file, begin);
    if (!use || use->begin != begin)
        return NULL;
    CXSourceRange range = clang_getRange(clang_getLocationForOffset(m->tu, file, begin),
                                         clang_getLocationForOffset(m->tu, file, end));
    CXToken *tokens = NULL;
    unsigned ntokens = 0;
    clang_tokenize(m->tu, range, &tokens, &ntokens);
    macros_tokens written = {NULL, 0, 0}, out = {NULL, 0, 0};
    macros_tokens_from(m->tu, tokens, ntokens, &written);
    clang_disposeTokens(m->tu, tokens, ntokens);
    char **v = NULL;
    if (macros_expand(m, &written, use->order, &out) && out.n &&
        macros_final(m, &out, use->order)) {
        v = mem_alloc(out.n * sizeof *v);
        for (size_t k = 0; k < out.n; k++) {
            v[k] = out.v[k].text;
            out.v[k].text = NULL;
        }
        *n = out.n;
    }
    macros_tokens_release(&written);
    macros_tokens_release(&out);
    return v;
}
