/* The walk over a function body.
 *
 * FP operations.  An arithmetic operator is counted by the table in fp_ops
 * when its result type is floating.  libclang gives a binary operator the type
 * of its result after the usual arithmetic conversions, so `int * double` is
 * double and counts while `p + 1` on a double * is a pointer and does not.  A
 * compound assignment reports the type of its left side, which hides the
 * computation type of `i += 0.5`; there the operation is floating when either
 * side is.  libm calls are specials.  Operands of sizeof and _Alignof are not
 * evaluated and are skipped.
 *
 * Array accesses.  An access is a chain of lvalue steps read from the top
 * down: subscripts, `.member` steps, parentheses and implicit casts, e.g.
 * `pts[i].x`, `B[i][j+1]`, `s.a[k]`, `p->v[1]`.  The array is the base of
 * the lowest subscript (`pts`, `B`, `s.a`, `p->v`); the element is the
 * value the run of subscripts above it selects (`pts[i]`, `B[i][j+1]`), so
 * its type is what one access moves.  A chain whose value is itself an array
 * (`B[i]` passed on) only computes an address and moves nothing.  Whether the
 * access reads, writes or both is decided by its parent, which passes an
 * access mode down: the left side of `=` writes, of `op=` and `++`/`--`
 * reads and writes, an `&` operand does neither, anything else reads.
 *
 * Loops.  A loop's header (init, condition, increment) belongs to the level
 * that contains the loop; its body is the loop's own level.  Children come in
 * source order, with absent for-parts left out, so the body is the last child
 * of a for/while and the first of a do. */
#include "walk.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fp_ops.h"
#include "mem.h"
#include "strbuf.h"

typedef enum access_mode {
    ACC_NONE = 0,
    ACC_READ = 1,
    ACC_WRITE = 2,
    ACC_READWRITE = 3,
} access_mode;

typedef struct walker {
    lm_program *prog;
    lm_function *fn;
    lm_loop *loop; /* innermost enclosing loop; NULL at function level */
    CXTranslationUnit tu;
    unsigned long seq; /* source order of array accesses */
    unsigned depth;
    bool too_deep;
} walker;

/* The children of a cursor, in source order. */
typedef struct cursor_list {
    CXCursor *v;
    size_t n, cap;
    CXCursor inline_store[4];
} cursor_list;

static enum CXChildVisitResult collect_child(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    cursor_list *l = data;
    if (l->n == l->cap) {
        size_t cap = l->cap * 2;
        if (l->v == l->inline_store) {
            l->v = mem_alloc(cap * sizeof *l->v);
            memcpy(l->v, l->inline_store, l->n * sizeof *l->v);
        } else {
            l->v = mem_realloc(l->v, cap * sizeof *l->v);
        }
        l->cap = cap;
    }
    l->v[l->n++] = c;
    return CXChildVisit_Continue;
}

static void children_of(CXCursor c, cursor_list *l)
{
    l->v = l->inline_store;
    l->n = 0;
    l->cap = sizeof l->inline_store / sizeof l->inline_store[0];
    clang_visitChildren(c, collect_child, l);
}

static void children_release(cursor_list *l)
{
    if (l->v != l->inline_store)
        free(l->v);
    l->v = NULL;
    l->n = l->cap = 0;
}

char *walk_file_location(CXSourceLocation loc, unsigned *line, unsigned *col)
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

static bool type_is_floating(CXType t)
{
    switch (clang_getCanonicalType(t).kind) {
    case CXType_Float:
    case CXType_Double:
    case CXType_LongDouble:
    case CXType_Half:
    case CXType_Float16:
    case CXType_BFloat16:
    case CXType_Float128:
    case CXType_Ibm128:
        return true;
    default:
        return false;
    }
}

static bool type_is_array(CXType t)
{
    switch (clang_getCanonicalType(t).kind) {
    case CXType_ConstantArray:
    case CXType_IncompleteArray:
    case CXType_VariableArray:
    case CXType_DependentSizedArray:
        return true;
    default:
        return false;
    }
}

static bool type_is_pointer_or_array(CXType t)
{
    return clang_getCanonicalType(t).kind == CXType_Pointer || type_is_array(t);
}

static void count_fp(walker *w, lm_fp_class c)
{
    if (w->loop)
        w->loop->own.n[c]++;
    else
        w->fn->own.n[c]++;
}

/* Parentheses and implicit casts do not change which object is accessed. */
static CXCursor strip_parens_and_casts(CXCursor c)
{
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(c);
        if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr)
            return c;
        cursor_list ch;
        children_of(c, &ch);
        if (ch.n != 1) {
            children_release(&ch);
            return c;
        }
        c = ch.v[0];
        children_release(&ch);
    }
}

static char *copy_string(CXString s)
{
    const char *c = clang_getCString(s);
    char *copy = mem_strdup(c ? c : "");
    clang_disposeString(s);
    return copy;
}

/* The type as written inside sizeof(...): canonical and unqualified, so
 * typedefs of one type share a group, unless the canonical spelling names an
 * anonymous record, where only the typedef name is valid C. */
static char *elem_type_spelling(CXType t)
{
    char *s = copy_string(clang_getTypeSpelling(clang_getUnqualifiedType(clang_getCanonicalType(t))));
    if (strstr(s, "(unnamed") || strstr(s, "(anonymous")) {
        free(s);
        s = copy_string(clang_getTypeSpelling(clang_getUnqualifiedType(t)));
    }
    return s;
}

/* The source text of an expression, tokens joined without spaces. */
static char *expr_text(CXTranslationUnit tu, CXCursor c)
{
    CXToken *tokens = NULL;
    unsigned n = 0;
    clang_tokenize(tu, clang_getCursorExtent(c), &tokens, &n);
    strbuf sb = STRBUF_INIT;
    for (unsigned i = 0; i < n; i++) {
        CXString s = clang_getTokenSpelling(tu, tokens[i]);
        strbuf_append(&sb, clang_getCString(s));
        clang_disposeString(s);
    }
    clang_disposeTokens(tu, tokens, n);
    if (sb.len == 0)
        strbuf_append(&sb, "<expr>");
    return strbuf_take(&sb);
}

/* Identity and name of the array an access goes to. */
static void array_identity(walker *w, CXCursor base, char **key, char **name)
{
    if (clang_getCursorKind(base) == CXCursor_DeclRefExpr) {
        CXCursor decl = clang_getCursorReferenced(base);
        if (!clang_Cursor_isNull(decl)) {
            *name = copy_string(clang_getCursorSpelling(decl));
            char *usr = copy_string(clang_getCursorUSR(decl));
            unsigned offset = 0;
            clang_getFileLocation(clang_getCursorLocation(decl), NULL, NULL, NULL, &offset);
            strbuf sb = STRBUF_INIT;
            strbuf_printf(&sb, "decl:%s:%s@%u", usr, *name, offset);
            *key = strbuf_take(&sb);
            free(usr);
            return;
        }
    }
    *name = expr_text(w->tu, base);
    strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "expr:%s", *name);
    *key = strbuf_take(&sb);
}

static void walk(walker *w, CXCursor c, access_mode mode);

static void walk_children(walker *w, CXCursor c, access_mode mode)
{
    cursor_list ch;
    children_of(c, &ch);
    for (size_t i = 0; i < ch.n; i++)
        walk(w, ch.v[i], mode);
    children_release(&ch);
}

static void record_access(walker *w, CXCursor array_base, CXCursor element, access_mode mode,
                          unsigned long seq)
{
    if (!w->loop || mode == ACC_NONE)
        return;
    CXType elem = clang_getCursorType(element);
    if (type_is_array(elem))
        return;
    char *key, *name;
    array_identity(w, array_base, &key, &name);
    char *type = elem_type_spelling(elem);
    long long size = clang_Type_getSizeOf(elem);
    lm_loop_note_array(w->prog, w->loop, key, name, type, size > 0 ? (unsigned long)size : 0,
                       (mode & ACC_READ) != 0, (mode & ACC_WRITE) != 0, seq);
    free(key);
    free(name);
    free(type);
}

/* One step down an lvalue chain: the base of a subscript or `.member`.
 * Returns false when `c` is not such a step. */
static bool chain_step(walker *w, CXCursor c, bool *is_subscript, CXCursor *base)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_ArraySubscriptExpr && k != CXCursor_MemberRefExpr)
        return false;
    cursor_list ch;
    children_of(c, &ch);
    bool ok = false;
    if (k == CXCursor_ArraySubscriptExpr && ch.n == 2) {
        /* The base is the pointer operand: `i[a]` is legal C. */
        size_t b = type_is_pointer_or_array(clang_getCursorType(ch.v[0])) ? 0 : 1;
        walk(w, ch.v[1 - b], ACC_READ);
        *base = ch.v[b];
        *is_subscript = true;
        ok = true;
    } else if (k == CXCursor_MemberRefExpr && ch.n == 1 &&
               clang_getCanonicalType(clang_getCursorType(ch.v[0])).kind != CXType_Pointer) {
        *base = ch.v[0];
        *is_subscript = false;
        ok = true;
    }
    children_release(&ch);
    return ok;
}

static void walk_lvalue_chain(walker *w, CXCursor top, access_mode mode)
{
    CXCursor node = top, element = clang_getNullCursor(), array_base = clang_getNullCursor();
    CXCursor run_top = clang_getNullCursor();
    bool in_run = false, seen_subscript = false;
    unsigned long seq = ++w->seq; /* before the subscripts inside are walked */
    for (;;) {
        bool is_subscript;
        CXCursor base;
        if (!chain_step(w, node, &is_subscript, &base))
            break;
        if (is_subscript) {
            if (!in_run)
                run_top = node;
            element = run_top;
            array_base = strip_parens_and_casts(base);
            seen_subscript = true;
        }
        in_run = is_subscript;
        node = strip_parens_and_casts(base);
    }
    if (seen_subscript)
        record_access(w, array_base, element, mode, seq);
    /* What is left at the bottom (a variable, `p->field`, a call) is evaluated. */
    if (clang_equalCursors(node, top) || clang_getCursorKind(node) == CXCursor_MemberRefExpr)
        walk_children(w, node, ACC_READ);
    else
        walk(w, node, ACC_READ);
}

static void walk_loop(walker *w, CXCursor c, lm_loop_kind kind)
{
    unsigned line = 0, col = 0;
    char *file = walk_file_location(clang_getCursorLocation(c), &line, &col);
    lm_loop *loop = lm_function_add_loop(w->prog, w->fn, w->loop, kind,
                                         (lm_location){file, line, col});
    free(file);
    cursor_list ch;
    children_of(c, &ch);
    size_t body = kind == LM_LOOP_DO ? 0 : ch.n - 1;
    lm_loop *outer = w->loop;
    for (size_t i = 0; i < ch.n; i++) {
        w->loop = i == body ? loop : outer;
        walk(w, ch.v[i], ACC_READ);
    }
    w->loop = outer;
    children_release(&ch);
}

static void walk_binary(walker *w, CXCursor c)
{
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    fp_binary_op fp = fp_ops_classify_binary(op);
    cursor_list ch;
    children_of(c, &ch);
    if (fp.fp_class != LM_FP_NCLASSES) {
        bool floating = type_is_floating(clang_getCursorType(c));
        /* A compound assignment's own type is its left side's; see the top. */
        if (fp.compound && !floating && ch.n == 2)
            floating = type_is_floating(clang_getCursorType(ch.v[1]));
        if (floating)
            count_fp(w, fp.fp_class);
    }
    for (size_t i = 0; i < ch.n; i++) {
        access_mode mode = ACC_READ;
        if (i == 0 && op == CXBinaryOperator_Assign)
            mode = ACC_WRITE;
        else if (i == 0 && fp_ops_is_assignment(op))
            mode = ACC_READWRITE;
        walk(w, ch.v[i], mode);
    }
    children_release(&ch);
}

static void walk_unary(walker *w, CXCursor c)
{
    access_mode mode = ACC_READ;
    switch (clang_getCursorUnaryOperatorKind(c)) {
    case CXUnaryOperator_PostInc:
    case CXUnaryOperator_PostDec:
    case CXUnaryOperator_PreInc:
    case CXUnaryOperator_PreDec:
        mode = ACC_READWRITE;
        break;
    case CXUnaryOperator_AddrOf:
        mode = ACC_NONE;
        break;
    default:
        break;
    }
    walk_children(w, c, mode);
}

static void walk_call(walker *w, CXCursor c)
{
    CXCursor callee = clang_getCursorReferenced(c);
    if (!clang_Cursor_isNull(callee) && clang_getCursorKind(callee) == CXCursor_FunctionDecl) {
        char *name = copy_string(clang_getCursorSpelling(callee));
        if (fp_ops_is_math_function(name))
            count_fp(w, LM_FP_SPECIAL);
        free(name);
    }
    walk_children(w, c, ACC_READ);
}

static void walk_dispatch(walker *w, CXCursor c, access_mode mode);

static void walk(walker *w, CXCursor c, access_mode mode)
{
    if (w->too_deep)
        return;
    if (w->depth >= WALK_MAX_DEPTH) {
        unsigned line = 0, col = 0;
        char *file = walk_file_location(clang_getCursorLocation(c), &line, &col);
        diag_at(DIAG_ERROR, file, line, col,
                "code nested deeper than %d levels; function '%s' is not analyzed",
                WALK_MAX_DEPTH, w->fn->name);
        free(file);
        w->too_deep = true;
        return;
    }
    w->depth++;
    walk_dispatch(w, c, mode);
    w->depth--;
}

static void walk_dispatch(walker *w, CXCursor c, access_mode mode)
{
    switch (clang_getCursorKind(c)) {
    case CXCursor_ForStmt:
        walk_loop(w, c, LM_LOOP_FOR);
        break;
    case CXCursor_WhileStmt:
        walk_loop(w, c, LM_LOOP_WHILE);
        break;
    case CXCursor_DoStmt:
        walk_loop(w, c, LM_LOOP_DO);
        break;
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator:
        walk_binary(w, c);
        break;
    case CXCursor_UnaryOperator:
        walk_unary(w, c);
        break;
    case CXCursor_UnaryExpr: /* sizeof, _Alignof: not evaluated */
        break;
    case CXCursor_ArraySubscriptExpr:
    case CXCursor_MemberRefExpr:
        walk_lvalue_chain(w, c, mode);
        break;
    case CXCursor_CallExpr:
        walk_call(w, c);
        break;
    case CXCursor_ParenExpr:
        walk_children(w, c, mode);
        break;
    default:
        walk_children(w, c, ACC_READ);
        break;
    }
}

bool walk_function_body(lm_program *p, lm_function *fn, CXTranslationUnit tu, CXCursor body)
{
    walker w = {.prog = p, .fn = fn, .tu = tu};
    walk(&w, body, ACC_READ);
    return !w.too_deep;
}
