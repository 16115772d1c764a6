/* Calls that are loops, and element operators of user classes, by the
 * annotations' `loop` and `element` entries (annotations/annot.h). */
#include "call_loops.h"

#include <stdlib.h>
#include <string.h>

#include "cx.h"
#include "cxx.h"
#include "mem.h"
#include "strbuf.h"

static bool is_scope_kind(enum CXCursorKind k)
{
    return k == CXCursor_Namespace || k == CXCursor_StructDecl || k == CXCursor_ClassDecl ||
           k == CXCursor_UnionDecl || k == CXCursor_ClassTemplate ||
           k == CXCursor_ClassTemplatePartialSpecialization;
}

/* Prepend "NAME::" of each enclosing scope, innermost last. */
static void prepend_scopes(strbuf *out, CXCursor scope)
{
    enum CXCursorKind k = clang_getCursorKind(scope);
    if (clang_Cursor_isNull(scope) || !is_scope_kind(k))
        return;
    prepend_scopes(out, clang_getCursorSemanticParent(scope));
    if (k == CXCursor_Namespace &&
        (clang_Cursor_isInlineNamespace(scope) || clang_Cursor_isAnonymous(scope)))
        return;
    char *name = cx_copy_string(clang_getCursorSpelling(scope));
    size_t len = strcspn(name, "<");
    strbuf_printf(out, "%.*s::", (int)len, name);
    free(name);
}

char *call_loops_qualified_name(CXCursor decl)
{
    strbuf sb = STRBUF_INIT;
    prepend_scopes(&sb, clang_getCursorSemanticParent(decl));
    char *name = cx_copy_string(clang_getCursorSpelling(decl));
    strbuf_printf(&sb, "%.*s", (int)strcspn(name, "<"), name);
    free(name);
    char *out = mem_strdup(strbuf_cstr(&sb));
    strbuf_release(&sb);
    return out;
}

/* Down through parentheses, conversions and temporaries (one-child
 * wrappers) to the expression that makes the value. */
static CXCursor unwrap(CXCursor e)
{
    for (int guard = 0; guard < 16; guard++) {
        e = cx_strip(e);
        enum CXCursorKind k = clang_getCursorKind(e);
        cx_kids kids = cx_children_of(e);
        if ((k != CXCursor_UnexposedExpr && k != CXCursor_CallExpr) || kids.n != 1 ||
            (k == CXCursor_CallExpr && clang_Cursor_getNumArguments(e) != 1))
            break;
        /* A copy or move of a temporary: its one argument is the value. */
        if (k == CXCursor_CallExpr &&
            clang_getCursorKind(clang_getCursorReferenced(e)) != CXCursor_Constructor)
            break;
        e = kids.v[0];
    }
    return e;
}

static enum CXChildVisitResult find_call_operator(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(c) != CXCursor_CXXMethod)
        return CXChildVisit_Continue;
    char *name = cx_copy_string(clang_getCursorSpelling(c));
    bool call = !strcmp(name, "operator()");
    free(name);
    CXCursor def = call ? clang_getCursorDefinition(c) : clang_getNullCursor();
    if (clang_Cursor_isNull(def))
        return CXChildVisit_Continue;
    *(CXCursor *)data = def;
    return CXChildVisit_Break;
}

CXCursor call_loops_functor_body(CXCursor body)
{
    CXCursor e = unwrap(body);
    if (clang_getCursorKind(e) == CXCursor_LambdaExpr)
        return clang_getNullCursor();
    CXType t = clang_getCanonicalType(clang_getCursorType(cx_strip(body)));
    if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
        t = clang_getCanonicalType(clang_getPointeeType(t));
    CXCursor cls = clang_getTypeDeclaration(t);
    CXCursor def = clang_getNullCursor();
    if (!clang_Cursor_isNull(cls))
        clang_visitChildren(cls, find_call_operator, &def);
    return clang_Cursor_isNull(def) ? def : cx_function_body_of(def);
}

/* The array or container an iterator argument walks: `v` of `v.begin()`
 * and `std::begin(v)`, `a` of `a` and `a + k`; a null cursor otherwise. */
static CXCursor iterated_object(CXCursor arg)
{
    CXCursor e = cx_strip(arg);
    if (clang_getCursorKind(e) == CXCursor_CallExpr) {
        CXCursor callee = clang_getCursorReferenced(e);
        if (clang_getCursorKind(callee) == CXCursor_CXXMethod)
            return cxx_call_object(e);
        if (clang_Cursor_getNumArguments(e) == 1)
            return cx_strip(clang_Cursor_getArgument(e, 0));
        return clang_getNullCursor();
    }
    CXCursor root = cx_argument_root(e);
    return !clang_Cursor_isNull(root) && cx_type_is_pointer_or_array(clang_getCursorType(root))
               ? root
               : clang_getNullCursor();
}

CXType call_loops_elem_type(CXCursor object)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(object));
    if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
        t = clang_getCanonicalType(clang_getPointeeType(t));
    if (cx_type_is_pointer_or_array(t))
        return clang_getCanonicalType(cx_innermost_element(t));
    if (cxx_type_is_container(t))
        return clang_getCanonicalType(clang_Type_getTemplateArgumentAsType(t, 0));
    return (CXType){.kind = CXType_Invalid};
}

static void note_elem(call_loop *lc, CXCursor arg, bool store)
{
    CXCursor object = iterated_object(arg);
    if (clang_Cursor_isNull(object) || lc->nelems == CALL_LOOPS_MAX_ELEMS ||
        call_loops_elem_type(object).kind == CXType_Invalid)
        return;
    lc->elems[lc->nelems] = object;
    lc->elem_store[lc->nelems++] = store;
}

static int role_index(const annot_loop *a, annot_role r);

/* A begin and an end argument are iterators of one type: which of the
 * overloads of one arity a call is (a policy is not an iterator). */
static bool pair_fits(CXCursor c, const annot_loop *a)
{
    int begin = role_index(a, ANNOT_ROLE_BEGIN), end = role_index(a, ANNOT_ROLE_END);
    if (begin < 0 || end < 0)
        return true;
    CXType tb = clang_getCursorType(clang_Cursor_getArgument(c, (unsigned)begin));
    CXType te = clang_getCursorType(clang_Cursor_getArgument(c, (unsigned)end));
    return clang_equalTypes(clang_getCanonicalType(tb), clang_getCanonicalType(te));
}

bool call_loops_of(const annot_set *s, CXCursor c, call_loop *out)
{
    CXCursor callee = clang_getCursorReferenced(c);
    int nargs = clang_Cursor_getNumArguments(c);
    if (!s || nargs < 1 || clang_getCursorKind(callee) != CXCursor_FunctionDecl)
        return false;
    char *name = call_loops_qualified_name(callee);
    const annot_loop *a = NULL;
    do
        a = annot_lookup_loop(s, name, (size_t)nargs, a);
    while (a && !pair_fits(c, a));
    free(name);
    if (!a)
        return false;
    *out = (call_loop){.annot = a};
    for (unsigned i = 0; i < (unsigned)nargs; i++) {
        CXCursor arg = clang_Cursor_getArgument(c, i);
        switch (a->roles[i]) {
        case ANNOT_ROLE_BODY:
            out->body = arg;
            break;
        case ANNOT_ROLE_BEGIN:
        case ANNOT_ROLE_IN:
            note_elem(out, arg, false);
            break;
        case ANNOT_ROLE_OUT:
            note_elem(out, arg, true);
            break;
        default:
            break;
        }
    }
    return true;
}

static int role_index(const annot_loop *a, annot_role r)
{
    for (size_t i = 0; i < a->nargs; i++)
        if (a->roles[i] == r)
            return (int)i;
    return -1;
}

/* "e-1", or the number when e is an integer literal. */
static char *minus_one(CXTranslationUnit tu, CXCursor e)
{
    char *text = cx_expr_text(tu, e);
    char *end;
    long long v = strtoll(text, &end, 10);
    strbuf sb = STRBUF_INIT;
    if (*text && !*end)
        strbuf_printf(&sb, "%lld", v - 1);
    else if (clang_getCursorKind(cx_strip(e)) == CXCursor_DeclRefExpr)
        strbuf_printf(&sb, "%s-1", text);
    else
        strbuf_printf(&sb, "(%s)-1", text);
    free(text);
    char *out = mem_strdup(strbuf_cstr(&sb));
    strbuf_release(&sb);
    return out;
}

/* The first parameter of the body's lambda, or "i". */
static char *loop_variable(CXCursor body)
{
    CXCursor lambda = unwrap(body);
    if (clang_getCursorKind(lambda) == CXCursor_LambdaExpr) {
        cx_kids kids = cx_children_of(lambda);
        for (unsigned i = 0; i < kids.n; i++)
            if (clang_getCursorKind(kids.v[i]) == CXCursor_ParmDecl)
                return cx_copy_string(clang_getCursorSpelling(kids.v[i]));
    }
    return mem_strdup("i");
}

/* An iterator pair: 0 .. v.size-1 over a container, else end-begin-1. */
static char *pair_upper(CXTranslationUnit tu, CXCursor begin, CXCursor end)
{
    CXCursor object = iterated_object(begin);
    strbuf sb = STRBUF_INIT;
    CXType t = clang_getCanonicalType(clang_getCursorType(object));
    if (!clang_Cursor_isNull(object) && cxx_type_is_container(t)) {
        char *name = cx_path_text(tu, object);
        strbuf_printf(&sb, "%s.size-1", name);
        free(name);
    } else {
        char *b = cx_expr_text(tu, begin), *e = cx_expr_text(tu, end);
        strbuf_printf(&sb, "(%s)-(%s)-1", e, b);
        free(b);
        free(e);
    }
    char *out = mem_strdup(strbuf_cstr(&sb));
    strbuf_release(&sb);
    return out;
}

/* A range held in a variable (`auto r = RangeSegment(0, n);`,
 * `RangeSegment r(0, n);`): the expression its declaration makes it of, so
 * the range is read where it is written; e itself for any other. */
static CXCursor range_made_of(CXCursor e)
{
    CXCursor made = unwrap(e);
    if (clang_getCursorKind(made) != CXCursor_DeclRefExpr)
        return made;
    CXCursor decl = clang_getCursorReferenced(made);
    if (clang_getCursorKind(decl) != CXCursor_VarDecl)
        return made;
    CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
    return clang_Cursor_isNull(init) ? made : unwrap(init);
}

bool call_loops_bounds(CXTranslationUnit tu, CXCursor c, const call_loop *lc, char **var,
                      char **lower, char **upper)
{
    const annot_loop *a = lc->annot;
    int count = role_index(a, ANNOT_ROLE_COUNT), range = role_index(a, ANNOT_ROLE_RANGE);
    int begin = role_index(a, ANNOT_ROLE_BEGIN), end = role_index(a, ANNOT_ROLE_END);
    *var = *lower = *upper = NULL;
    if (count < 0)
        count = range;
    if (count >= 0) {
        CXCursor arg = clang_Cursor_getArgument(c, (unsigned)count);
        CXCursor made = range_made_of(arg);
        enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(cx_strip(arg))).kind;
        if (k >= CXType_Bool && k <= CXType_Int128) {
            *lower = mem_strdup("0");
            *upper = minus_one(tu, arg);
        } else if (clang_getCursorKind(made) == CXCursor_CallExpr &&
                   clang_Cursor_getNumArguments(made) == 2) {
            *lower = cx_expr_text(tu, clang_Cursor_getArgument(made, 0));
            *upper = minus_one(tu, clang_Cursor_getArgument(made, 1));
        } else {
            return false;
        }
    } else {
        *lower = mem_strdup("0");
        *upper = pair_upper(tu, clang_Cursor_getArgument(c, (unsigned)begin),
                            clang_Cursor_getArgument(c, (unsigned)end));
    }
    *var = loop_variable(lc->body);
    return true;
}

const annot_element *call_loops_element(const annot_set *s, CXCursor callee)
{
    if (!s || clang_getCursorKind(callee) != CXCursor_CXXMethod)
        return NULL;
    char *method = cx_copy_string(clang_getCursorSpelling(callee));
    bool element = !strcmp(method, "operator()") || !strcmp(method, "operator[]");
    free(method);
    if (!element)
        return NULL;
    char *cls = call_loops_qualified_name(clang_getCursorSemanticParent(callee));
    const annot_element *el = annot_lookup_element(s, cls);
    free(cls);
    return el;
}
