/* The libclang helpers (cx.h). */
#include "cx.h"

#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "mem.h"
#include "strbuf.h"

bool cx_file_offset(CXSourceLocation loc, CXFile file, size_t *offset)
{
    CXFile ef = NULL, sf = NULL;
    unsigned eoff = 0, soff = 0;
    clang_getExpansionLocation(loc, &ef, NULL, NULL, &eoff);
    clang_getSpellingLocation(loc, &sf, NULL, NULL, &soff);
    if (!ef || !clang_File_isEqual(ef, file) || !sf || !clang_File_isEqual(sf, file) ||
        eoff != soff)
        return false;
    *offset = eoff;
    return true;
}

char *cx_file_location(CXSourceLocation loc, unsigned *line, unsigned *col)
{
    CXFile file = NULL;
    clang_getFileLocation(loc, &file, line, col, NULL);
    if (!file)
        return mem_strdup("");
    CXString real = clang_File_tryGetRealPathName(file);
    const char *s = clang_getCString(real);
    char *path = NULL;
    if (s && *s) {
        path = mem_strdup(s);
    } else {
        CXString name = clang_getFileName(file);
        const char *n = clang_getCString(name);
        char *resolved = n ? realpath(n, NULL) : NULL;
        path = resolved ? resolved : mem_strdup(n ? n : "");
        clang_disposeString(name);
    }
    clang_disposeString(real);
    return path;
}

static bool kind_is_array(enum CXTypeKind k)
{
    return k == CXType_ConstantArray || k == CXType_IncompleteArray ||
           k == CXType_VariableArray || k == CXType_DependentSizedArray;
}

bool cx_type_is_array(CXType t)
{
    return kind_is_array(clang_getCanonicalType(t).kind);
}

bool cx_type_is_pointer(CXType t)
{
    return clang_getCanonicalType(t).kind == CXType_Pointer;
}

bool cx_type_is_pointer_or_array(CXType t)
{
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    return k == CXType_Pointer || kind_is_array(k);
}

CXType cx_innermost_element(CXType t)
{
    t = clang_getCanonicalType(t);
    if (t.kind == CXType_Pointer)
        t = clang_getCanonicalType(clang_getPointeeType(t));
    while (kind_is_array(t.kind))
        t = clang_getCanonicalType(clang_getArrayElementType(t));
    return t;
}

char *cx_copy_string(CXString s)
{
    const char *c = clang_getCString(s);
    char *copy = mem_strdup(c ? c : "");
    clang_disposeString(s);
    return copy;
}

/* How clang spells a type that has no name: "struct (unnamed struct at f.c:3:9)". */
static bool cx_is_unnamed(const char *spelling)
{
    return strstr(spelling, "(unnamed") || strstr(spelling, "(anonymous");
}

char *cx_type_spelling(CXType t)
{
    char *s = cx_copy_string(
        clang_getTypeSpelling(clang_getUnqualifiedType(clang_getCanonicalType(t))));
    if (cx_is_unnamed(s)) {
        free(s);
        s = cx_copy_string(clang_getTypeSpelling(clang_getUnqualifiedType(t)));
    }
    /* A struct or union with no tag and no typedef (`static struct { int e; const char *d; }
     * tab[]`) has no name a program can write in sizeof; an array of its size in bytes is
     * one, so the instrumented copy's tables still compile and count the same bytes. */
    long long size = clang_Type_getSizeOf(t);
    if (cx_is_unnamed(s) && size > 0) {
        free(s);
        strbuf b = STRBUF_INIT;
        strbuf_printf(&b, "char[%lld]", size);
        s = strbuf_take(&b);
    }
    return s;
}

static bool cx_is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static bool cx_is_ident(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '$' || (unsigned char)c >= 0x80;
}

/* The length of the literal or comment at s (s[0] is a quote, or '/'
 * followed by '*' or '/'), as the lexer takes it: to its closing quote or
 * comment end, or to the end of the line or of the text when unclosed. */
static size_t cx_literal_length(const char *s, size_t len)
{
    size_t i = 2;
    if (s[0] == '/' && s[1] == '*') {
        while (i < len && !(i >= 3 && s[i - 1] == '*' && s[i] == '/'))
            i++;
        return i < len ? i + 1 : len;
    }
    if (s[0] == '/') {
        while (i < len && s[i] != '\n')
            i++;
        return i;
    }
    for (i = 1; i < len && s[i] != s[0] && s[i] != '\n'; i++)
        if (s[i] == '\\' && i + 1 < len)
            i++;
    return i < len && s[i] == s[0] ? i + 1 : i;
}

/* The length of the punctuator at s: the longest of C's that fits. */
static size_t cx_punctuator_length(const char *s, size_t len)
{
    static const struct {
        const char *text;
        size_t n;
    } longer[] = {
        {"%:%:", 4}, {"...", 3}, {"<<=", 3}, {">>=", 3}, {"->", 2}, {"++", 2}, {"--", 2},
        {"<<", 2},   {">>", 2},  {"<=", 2},  {">=", 2},  {"==", 2}, {"!=", 2}, {"&&", 2},
        {"||", 2},   {"*=", 2},  {"/=", 2},  {"%=", 2},  {"+=", 2}, {"-=", 2}, {"&=", 2},
        {"^=", 2},   {"|=", 2},  {"##", 2},  {"<:", 2},  {":>", 2}, {"<%", 2}, {"%>", 2},
        {"%:", 2}};
    if (len < 2 || !strchr("%.<>-+=!&|*/^#:", s[0]))
        return 1;
    for (size_t k = 0; k < sizeof longer / sizeof *longer; k++)
        if (longer[k].text[0] == s[0] && longer[k].n <= len && !memcmp(s, longer[k].text, longer[k].n))
            return longer[k].n;
    return 1;
}

/* The length of the token at s (not white space): an identifier, a number
 * (a preprocessing number: digits, letters, dots and exponent signs), a
 * literal, a comment or a punctuator. */
static size_t cx_token_length(const char *s, size_t len)
{
    if (s[0] == '"' || s[0] == '\'' || (len > 1 && s[0] == '/' && (s[1] == '*' || s[1] == '/')))
        return cx_literal_length(s, len);
    bool number = (s[0] >= '0' && s[0] <= '9') || (len > 1 && s[0] == '.' && s[1] >= '0' && s[1] <= '9');
    if (!number && !cx_is_ident(s[0]))
        return cx_punctuator_length(s, len);
    size_t i = 1;
    while (i < len) {
        if (cx_is_ident(s[i]) || (number && s[i] == '.'))
            i++;
        else if (number && (s[i] == '+' || s[i] == '-') && strchr("eEpP", s[i - 1]))
            i++;
        else
            break;
    }
    return i;
}

/* The text clang_tokenize gives for [begin, end) of s: its tokens spelled
 * one after the other, at least the one at begin and on while the last
 * ended before end; the white space and line splices between them dropped.
 * Lexed here: clang_tokenize and a spelling per token cost far more. */
static char *cx_squeeze(const char *s, size_t size, size_t begin, size_t end)
{
    size_t cap = (end > begin ? end - begin : 0) + 16, len = 0;
    char *out = mem_alloc(cap);
    size_t i = begin;
    do {
        while (i < size && (cx_is_space(s[i]) || (s[i] == '\\' && i + 1 < size &&
                                                     (s[i + 1] == '\n' || s[i + 1] == '\r'))))
            i += s[i] == '\\' ? 2 : 1;
        if (i >= size)
            break;
        size_t n = cx_token_length(s + i, size - i);
        if (len + n + 1 > cap) {
            cap = 2 * (len + n + 1);
            out = mem_realloc(out, cap);
        }
        memcpy(out + len, s + i, n);
        len += n;
        i += n;
    } while (i < end);
    out[len] = '\0';
    return out;
}

/* The source text of an expression, tokens joined without spaces, between
 * the ends of its extent as the file shows them.  The extent of an
 * expression that starts in a macro's body starts at the body's spelling,
 * in the #define: taken from there, the text ran through everything up to
 * the use (ever longer the later the use); the file's view of that end is
 * the macro's use. */
char *cx_expr_text(CXTranslationUnit tu, CXCursor c)
{
    CXSourceRange extent = clang_getCursorExtent(c);
    CXFile file = NULL, end_file = NULL;
    unsigned begin = 0, end = 0;
    clang_getFileLocation(clang_getRangeStart(extent), &file, NULL, NULL, &begin);
    clang_getFileLocation(clang_getRangeEnd(extent), &end_file, NULL, NULL, &end);
    char *text = NULL;
    size_t size = 0;
    const char *s = file && clang_File_isEqual(file, end_file)
                        ? clang_getFileContents(tu, file, &size)
                        : NULL;
    if (s && begin < size)
        text = cx_squeeze(s, size, begin, end);
    if (text && *text)
        return text;
    free(text);
    return mem_strdup("<expr>");
}

/* The path text of c into sb; false when c is not a path. */
static bool cx_path_append(CXTranslationUnit tu, CXCursor c, strbuf *sb)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr) {
        CXString name = clang_getCursorSpelling(c);
        strbuf_append(sb, clang_getCString(name));
        clang_disposeString(name);
        return true;
    }
    if (k != CXCursor_ArraySubscriptExpr && k != CXCursor_ParenExpr &&
        k != CXCursor_UnexposedExpr && k != CXCursor_MemberRefExpr)
        return false;
    cx_kids kids = cx_children_of(c);
    if (k == CXCursor_ArraySubscriptExpr && kids.n == 2) { /* in source order: `i[a]` is C too */
        if (!cx_path_append(tu, kids.v[0], sb))
            return false;
        char *index = cx_path_text(tu, kids.v[1]);
        strbuf_printf(sb, "[%s]", index);
        free(index);
        return true;
    }
    if (kids.n != 1)
        return false;
    if (k == CXCursor_ParenExpr) {
        strbuf_append(sb, "(");
        bool ok = cx_path_append(tu, kids.v[0], sb);
        strbuf_append(sb, ")");
        return ok;
    }
    if (k == CXCursor_UnexposedExpr) /* an implicit conversion covers its operand's text only */
        return clang_equalRanges(clang_getCursorExtent(c), clang_getCursorExtent(kids.v[0])) &&
               cx_path_append(tu, kids.v[0], sb);
    if (k != CXCursor_MemberRefExpr || !cx_path_append(tu, kids.v[0], sb))
        return false;
    CXString member = clang_getCursorSpelling(c);
    const char *m = clang_getCString(member);
    if (*m) { /* a member of an anonymous struct or union is reached through an unnamed one */
        bool arrow = clang_getCanonicalType(clang_getCursorType(kids.v[0])).kind == CXType_Pointer;
        strbuf_printf(sb, "%s%s", arrow ? "->" : ".", m);
    }
    clang_disposeString(member);
    return true;
}

char *cx_path_text(CXTranslationUnit tu, CXCursor c)
{
    strbuf sb = STRBUF_INIT;
    if (cx_path_append(tu, c, &sb))
        return strbuf_take(&sb);
    strbuf_release(&sb);
    return cx_expr_text(tu, c);
}

static enum CXChildVisitResult collect_child(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    cx_kids *k = data;
    k->v[k->n++] = c;
    return k->n < 4 ? CXChildVisit_Continue : CXChildVisit_Break;
}

cx_kids cx_children_of(CXCursor c)
{
    cx_kids k = {.n = 0};
    clang_visitChildren(c, collect_child, &k);
    return k;
}

CXCursor cx_strip(CXCursor e)
{
    while (clang_getCursorKind(e) == CXCursor_ParenExpr ||
           clang_getCursorKind(e) == CXCursor_UnexposedExpr) {
        cx_kids k = cx_children_of(e);
        if (k.n != 1)
            break;
        e = k.v[0];
    }
    return e;
}

static enum CXChildVisitResult take_first_child(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    *(CXCursor *)data = c;
    return CXChildVisit_Break;
}

/* The variable an expression such as `p->v` or `s.a` starts from. */
CXCursor cx_root_declaration(CXCursor c)
{
    for (int guard = 0; guard < 64 && !clang_Cursor_isNull(c); guard++) {
        if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
            return clang_getCursorReferenced(c);
        CXCursor child = clang_getNullCursor();
        clang_visitChildren(c, take_first_child, &child);
        c = child;
    }
    return clang_getNullCursor();
}

static enum CXChildVisitResult find_body(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
        *(CXCursor *)data = c;
    return CXChildVisit_Continue;
}

CXCursor cx_function_body_of(CXCursor definition)
{
    CXCursor body = clang_getNullCursor();
    clang_visitChildren(definition, find_body, &body);
    return body;
}

/* The child of pointer or array type: the base of `a[i]`, the pointer of `p + k`. */
static CXCursor pointer_child(const cx_kids *l)
{
    for (unsigned i = 0; i < l->n; i++)
        if (cx_type_is_pointer_or_array(clang_getCursorType(l->v[i])))
            return l->v[i];
    return clang_getNullCursor();
}

CXCursor cx_argument_root(CXCursor c)
{
    for (int guard = 0; guard < 64 && !clang_Cursor_isNull(c); guard++) {
        cx_kids kids = cx_children_of(c);
        switch (clang_getCursorKind(c)) {
        case CXCursor_UnexposedExpr:
        case CXCursor_ParenExpr:
            c = kids.n ? kids.v[0] : clang_getNullCursor();
            break;
        case CXCursor_CStyleCastExpr: /* a TypeRef may come before the operand */
            c = kids.n ? kids.v[kids.n - 1] : clang_getNullCursor();
            break;
        case CXCursor_UnaryOperator:
            if (clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_AddrOf || !kids.n)
                return clang_getNullCursor();
            c = kids.v[0];
            break;
        case CXCursor_BinaryOperator:
        case CXCursor_ArraySubscriptExpr:
            if (clang_getCursorKind(c) == CXCursor_BinaryOperator &&
                !cx_type_is_pointer_or_array(clang_getCursorType(c)))
                return clang_getNullCursor();
            c = pointer_child(&kids);
            break;
        case CXCursor_DeclRefExpr:
        case CXCursor_MemberRefExpr:
            return c;
        default:
            return clang_getNullCursor();
        }
    }
    return clang_getNullCursor();
}

static unsigned cx_offset_of(CXSourceLocation loc)
{
    unsigned off = 0;
    clang_getFileLocation(loc, NULL, NULL, NULL, &off);
    return off;
}

/* Where the header's `;`, `;` and `)` are, from the loop's start to its body's. */
static bool cx_header_marks(CXTranslationUnit tu, CXCursor loop, CXCursor body, unsigned marks[3])
{
    CXSourceRange r = clang_getRange(clang_getRangeStart(clang_getCursorExtent(loop)),
                                     clang_getRangeStart(clang_getCursorExtent(body)));
    CXToken *toks = NULL;
    unsigned n = 0, nmarks = 0;
    clang_tokenize(tu, r, &toks, &n);
    int depth = 0;
    for (unsigned i = 0; i < n && nmarks < 3; i++) {
        if (clang_getTokenKind(toks[i]) != CXToken_Punctuation)
            continue;
        CXString s = clang_getTokenSpelling(tu, toks[i]);
        const char *p = clang_getCString(s);
        if (!strcmp(p, "(") || !strcmp(p, "[") || !strcmp(p, "{"))
            depth++;
        else if (!strcmp(p, ")") && depth == 1)
            marks[nmarks++] = cx_offset_of(clang_getTokenLocation(tu, toks[i])), depth--;
        else if (!strcmp(p, ")") || !strcmp(p, "]") || !strcmp(p, "}"))
            depth--;
        else if (!strcmp(p, ";") && depth == 1)
            marks[nmarks++] = cx_offset_of(clang_getTokenLocation(tu, toks[i]));
        clang_disposeString(s);
    }
    clang_disposeTokens(tu, toks, n);
    return nmarks == 3;
}

cx_for_parts cx_for_parts_of(CXTranslationUnit tu, CXCursor loop, const cx_kids *kids)
{
    cx_for_parts none = {-1, -1, -1};
    if (kids->n == 4) /* all there: no need to look at the tokens (a macro's loop has none) */
        return (cx_for_parts){0, 1, 2};
    unsigned marks[3];
    if (kids->n == 0 || !cx_header_marks(tu, loop, kids->v[kids->n - 1], marks))
        return none;
    cx_for_parts parts = none;
    int *slot[3] = {&parts.init, &parts.cond, &parts.inc};
    for (unsigned i = 0; i + 1 < kids->n; i++) {
        unsigned off = cx_offset_of(clang_getRangeStart(clang_getCursorExtent(kids->v[i])));
        unsigned part = off < marks[0] ? 0 : off < marks[1] ? 1 : 2;
        if (*slot[part] >= 0)
            return none;
        *slot[part] = (int)i;
    }
    return parts;
}
