#include "cxx.h"

#include <stdlib.h>
#include <string.h>

#include "cx.h"
#include "fp_ops.h"
#include "strbuf.h"

bool cxx_is_function(enum CXCursorKind k)
{
    return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_Constructor ||
           k == CXCursor_Destructor || k == CXCursor_ConversionFunction;
}

/* libclang has no test for a lambda's class: clang names it by where the
 * lambda is, "(lambda at FILE:LINE:COL)", a name no declared class has. */
bool cxx_is_lambda_call(CXCursor callee)
{
    static const char prefix[] = "(lambda at ";
    CXCursor cls = clang_getCursorSemanticParent(callee);
    if (clang_getCursorKind(callee) != CXCursor_CXXMethod ||
        clang_getCursorKind(cls) != CXCursor_ClassDecl)
        return false;
    CXString name = clang_getCursorSpelling(cls);
    bool lambda = !strncmp(clang_getCString(name), prefix, sizeof prefix - 1);
    clang_disposeString(name);
    return lambda;
}

static enum CXChildVisitResult cxx_find_template(CXCursor c, CXCursor parent,
                                                 CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(c) != CXCursor_FunctionTemplate)
        return CXChildVisit_Continue;
    *(bool *)data = true;
    return CXChildVisit_Break;
}

bool cxx_is_generic_lambda(CXCursor lambda)
{
    bool generic = false;
    clang_visitChildren(clang_getTypeDeclaration(clang_getCursorType(lambda)), cxx_find_template,
                        &generic);
    return generic;
}

static bool cxx_is_template_kind(enum CXCursorKind k)
{
    return k == CXCursor_FunctionTemplate || k == CXCursor_ClassTemplate ||
           k == CXCursor_ClassTemplatePartialSpecialization;
}

bool cxx_is_template_pattern(CXCursor fn)
{
    for (CXCursor c = fn; !clang_Cursor_isNull(c) && !clang_isTranslationUnit(clang_getCursorKind(c));
         c = clang_getCursorSemanticParent(c))
        if (cxx_is_template_kind(clang_getCursorKind(c)))
            return true;
    return false;
}

static bool cxx_is_class_kind(enum CXCursorKind k)
{
    return k == CXCursor_StructDecl || k == CXCursor_ClassDecl || k == CXCursor_UnionDecl ||
           k == CXCursor_ClassTemplate || k == CXCursor_ClassTemplatePartialSpecialization;
}

/* A pattern's template parameters, as its own code names them: "<T, N>". */
static enum CXChildVisitResult cxx_add_parameter(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_TemplateTypeParameter && k != CXCursor_NonTypeTemplateParameter &&
        k != CXCursor_TemplateTemplateParameter)
        return CXChildVisit_Continue;
    strbuf *sb = data;
    char *name = cx_copy_string(clang_getCursorSpelling(c));
    strbuf_append(sb, strbuf_cstr(sb)[strlen(strbuf_cstr(sb)) - 1] == '<' ? "" : ", ");
    strbuf_append(sb, name);
    free(name);
    return CXChildVisit_Continue;
}

static void cxx_append_parameters(strbuf *sb, CXCursor pattern)
{
    strbuf_append(sb, "<");
    clang_visitChildren(pattern, cxx_add_parameter, sb);
    strbuf_append(sb, ">");
}

/* An instance's template arguments: "<float>", "<double, 4>". */
static void cxx_append_arguments(strbuf *sb, CXCursor fn, int n)
{
    strbuf_append(sb, "<");
    for (int i = 0; i < n; i++) {
        if (i)
            strbuf_append(sb, ", ");
        switch (clang_Cursor_getTemplateArgumentKind(fn, (unsigned)i)) {
        case CXTemplateArgumentKind_Type: {
            char *t = cx_copy_string(
                clang_getTypeSpelling(clang_Cursor_getTemplateArgumentType(fn, (unsigned)i)));
            strbuf_append(sb, t);
            free(t);
            break;
        }
        case CXTemplateArgumentKind_Integral:
            strbuf_printf(sb, "%lld", clang_Cursor_getTemplateArgumentValue(fn, (unsigned)i));
            break;
        default: /* a template, a pack, an expression: not spelled by libclang */
            strbuf_append(sb, "...");
            break;
        }
    }
    strbuf_append(sb, ">");
}

char *cxx_function_name(CXCursor fn)
{
    strbuf sb = STRBUF_INIT;
    CXCursor parent = clang_getCursorSemanticParent(fn);
    enum CXCursorKind pk = clang_getCursorKind(parent);
    if (cxx_is_class_kind(pk)) {
        /* An instance's class is spelled with its arguments, a pattern's
         * with its parameters. */
        char *cls = cx_copy_string(cxx_is_template_kind(pk)
                                       ? clang_getCursorDisplayName(parent)
                                       : clang_getTypeSpelling(clang_getCursorType(parent)));
        strbuf_printf(&sb, "%s::", cls);
        free(cls);
    }
    /* libclang lists the template arguments of a function's instance but
     * not of a method's: that one is told apart by its parameters' types,
     * as clang displays it ("f<>(const float *, int)"). */
    int n = clang_Cursor_getNumTemplateArguments(fn);
    bool method_instance =
        n < 0 && clang_getCursorKind(clang_getSpecializedCursorTemplate(fn)) ==
                     CXCursor_FunctionTemplate;
    char *name = cx_copy_string(method_instance ? clang_getCursorDisplayName(fn)
                                                : clang_getCursorSpelling(fn));
    strbuf_append(&sb, name);
    free(name);
    if (clang_getCursorKind(fn) == CXCursor_FunctionTemplate)
        cxx_append_parameters(&sb, fn);
    else if (n > 0)
        cxx_append_arguments(&sb, fn, n);
    return strbuf_take(&sb);
}

/* ---- the standard containers ---- */

/* Their elements are accessed one at a time through operator[] and at(). */
static const char *const cxx_containers[] = {
    "array", "deque", "mdspan", "span", "valarray", "vector",
};

static bool cxx_in_std(CXCursor c)
{
    for (c = clang_getCursorSemanticParent(c);
         !clang_Cursor_isNull(c) && clang_getCursorKind(c) == CXCursor_Namespace;
         c = clang_getCursorSemanticParent(c)) {
        CXString s = clang_getCursorSpelling(c);
        bool std = !strcmp(clang_getCString(s), "std");
        clang_disposeString(s);
        if (std)
            return true;
    }
    return false;
}

static bool cxx_is_std_class(CXCursor decl, const char *const *names, size_t n)
{
    if (!cxx_is_class_kind(clang_getCursorKind(decl)) || !cxx_in_std(decl))
        return false;
    CXString s = clang_getCursorSpelling(decl);
    bool found = false;
    for (size_t i = 0; i < n && !found; i++)
        found = !strcmp(clang_getCString(s), names[i]);
    clang_disposeString(s);
    return found;
}

static const char *const cxx_std_casts[] = {
    "__addressof", "addressof", "as_const", "forward", "move", "move_if_noexcept",
};

bool cxx_is_std_cast(CXCursor callee)
{
    if (clang_getCursorKind(callee) != CXCursor_FunctionDecl || !cxx_in_std(callee))
        return false;
    CXString s = clang_getCursorSpelling(callee);
    bool found = false;
    for (size_t i = 0; i < sizeof cxx_std_casts / sizeof *cxx_std_casts && !found; i++)
        found = !strcmp(clang_getCString(s), cxx_std_casts[i]);
    clang_disposeString(s);
    return found;
}

bool cxx_type_is_container(CXType t)
{
    CXCursor decl = clang_getTypeDeclaration(clang_getCanonicalType(t));
    return cxx_is_std_class(decl, cxx_containers, sizeof cxx_containers / sizeof *cxx_containers);
}

static const char *const cxx_fixed_containers[] = {"array"};

bool cxx_type_is_fixed_container(CXType t)
{
    CXCursor decl = clang_getTypeDeclaration(clang_getCanonicalType(t));
    return cxx_is_std_class(decl, cxx_fixed_containers, 1);
}

static const struct {
    const char *method;
    cxx_element_call kind;
} cxx_container_methods[] = {
    {"operator[]", CXX_CALL_ELEMENT},
    {"at", CXX_CALL_ELEMENT},
    {"data", CXX_CALL_DATA},
};

CXCursor cxx_call_object(CXCursor call)
{
    cx_kids kids = cx_children_of(call);
    if (!kids.n)
        return clang_getNullCursor();
    CXCursor first = cx_strip(kids.v[0]);
    if (clang_getCursorKind(first) == CXCursor_MemberRefExpr &&
        clang_getCursorKind(clang_getCursorReferenced(first)) == CXCursor_CXXMethod) {
        cx_kids base = cx_children_of(first);
        return base.n ? cx_strip(base.v[0]) : clang_getNullCursor();
    }
    return first;
}

cxx_element_call cxx_container_call(CXCursor c, CXCursor *object)
{
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return CXX_CALL_OTHER;
    CXCursor callee = clang_getCursorReferenced(c);
    if (clang_getCursorKind(callee) != CXCursor_CXXMethod ||
        !cxx_is_std_class(clang_getCursorSemanticParent(callee), cxx_containers,
                          sizeof cxx_containers / sizeof *cxx_containers))
        return CXX_CALL_OTHER;
    CXString s = clang_getCursorSpelling(callee);
    cxx_element_call kind = CXX_CALL_OTHER;
    for (size_t i = 0; i < sizeof cxx_container_methods / sizeof *cxx_container_methods; i++)
        if (!strcmp(clang_getCString(s), cxx_container_methods[i].method))
            kind = cxx_container_methods[i].kind;
    clang_disposeString(s);
    if (kind != CXX_CALL_OTHER) {
        *object = cxx_call_object(c);
        if (clang_Cursor_isNull(*object))
            kind = CXX_CALL_OTHER;
    }
    return kind;
}

CXCursor cxx_container_root(CXCursor c)
{
    CXCursor object;
    for (int guard = 0; guard < 64; guard++) {
        c = cx_strip(c);
        if (cxx_container_call(c, &object) == CXX_CALL_OTHER)
            break;
        c = object;
    }
    return c;
}

/* Down a chain of members to `this`, appending them on the way back. */
static bool cxx_append_this_path(CXCursor c, strbuf *sb, int depth)
{
    c = cx_strip(c);
    if (depth > 64 || clang_getCursorKind(c) != CXCursor_MemberRefExpr)
        return false;
    cx_kids kids = cx_children_of(c);
    CXCursor base = kids.n == 1 ? cx_strip(kids.v[0]) : clang_getNullCursor();
    bool arrow = true; /* an implicit member is `this->m` */
    if (kids.n > 1 ||
        (kids.n == 1 && clang_getCursorKind(base) != CXCursor_CXXThisExpr &&
         !cxx_append_this_path(base, sb, depth + 1)))
        return false;
    if (kids.n == 1 && clang_getCursorKind(base) != CXCursor_CXXThisExpr)
        arrow = cx_type_is_pointer(clang_getCanonicalType(clang_getCursorType(base)));
    char *name = cx_copy_string(clang_getCursorSpelling(c));
    strbuf_printf(sb, "%s%s", arrow ? "->" : ".", name);
    free(name);
    return true;
}

char *cxx_this_path(CXCursor c)
{
    strbuf sb = STRBUF_INIT;
    if (cxx_append_this_path(c, &sb, 0))
        return strbuf_take(&sb);
    strbuf_release(&sb);
    return NULL;
}

/* ---- std::complex ---- */

static const char *const cxx_complex_names[] = {"complex"};

/* std::complex of a floating type, through references and const. */
static bool cxx_is_complex(CXType t)
{
    t = clang_getCanonicalType(t);
    if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
        t = clang_getCanonicalType(clang_getPointeeType(t));
    return cxx_is_std_class(clang_getTypeDeclaration(t), cxx_complex_names, 1) &&
           fp_ops_type_is_floating(clang_Type_getTemplateArgumentAsType(t, 0));
}

typedef enum cxx_operands {
    CXX_CC, /* complex op complex */
    CXX_CR, /* complex op real */
    CXX_RC, /* real op complex */
} cxx_operands;

/* The real operations of each operator, as libstdc++ (g++ 12, -O2, no
 * -ffast-math) computes them: + and - per component; a product of two
 * complex numbers is (ac - bd) + (ad + bc)i; a quotient of two is libgcc's
 * __divdc3 (__divsc3), Smith's algorithm, counted without its rescaling
 * branches: r = c/d, den = c*r + d, ((a*r + b) + (b*r - a)i) / den (or the
 * same with c and d exchanged); a real divided by a complex is first made
 * complex, and a complex divided by a real divides each component. */
static const struct {
    char op;
    cxx_operands operands;
    unsigned long plus, minus, multiply, divide;
} cxx_complex_table[] = {
    {'+', CXX_CC, 2, 0, 0, 0}, {'+', CXX_CR, 1, 0, 0, 0}, {'+', CXX_RC, 1, 0, 0, 0},
    {'-', CXX_CC, 0, 2, 0, 0}, {'-', CXX_CR, 0, 1, 0, 0}, {'-', CXX_RC, 0, 1, 0, 0},
    {'*', CXX_CC, 1, 1, 4, 0}, {'*', CXX_CR, 0, 0, 2, 0}, {'*', CXX_RC, 0, 0, 2, 0},
    {'/', CXX_CC, 2, 1, 3, 3}, {'/', CXX_CR, 0, 0, 0, 2}, {'/', CXX_RC, 2, 1, 3, 3},
};

/* The arithmetic operators and their compound forms. */
static const struct {
    const char *name;
    char op;
} cxx_arithmetic[] = {
    {"operator+", '+'}, {"operator-", '-'}, {"operator*", '*'}, {"operator/", '/'},
    {"operator+=", '+'}, {"operator-=", '-'}, {"operator*=", '*'}, {"operator/=", '/'},
};

/* The operator of "operator*" or "operator*=": '*'; 0 for any other. */
static char cxx_arithmetic_operator(CXCursor callee)
{
    CXString name = clang_getCursorSpelling(callee);
    char op = 0;
    for (size_t i = 0; i < sizeof cxx_arithmetic / sizeof *cxx_arithmetic; i++)
        if (!strcmp(clang_getCString(name), cxx_arithmetic[i].name))
            op = cxx_arithmetic[i].op;
    clang_disposeString(name);
    return op;
}

/* The assignment operators, by how they use their left operand. */
static const struct {
    const char *name;
    access_mode mode;
} cxx_assignments[] = {
    {"operator=", ACC_WRITE},         {"operator+=", ACC_READWRITE},
    {"operator-=", ACC_READWRITE},    {"operator*=", ACC_READWRITE},
    {"operator/=", ACC_READWRITE},    {"operator%=", ACC_READWRITE},
    {"operator&=", ACC_READWRITE},    {"operator|=", ACC_READWRITE},
    {"operator^=", ACC_READWRITE},    {"operator<<=", ACC_READWRITE},
    {"operator>>=", ACC_READWRITE},
};

access_mode cxx_assignment_mode(CXCursor call)
{
    CXCursor callee = clang_getCursorReferenced(call);
    if (!cxx_is_function(clang_getCursorKind(callee)))
        return ACC_READ;
    CXString name = clang_getCursorSpelling(callee);
    access_mode mode = ACC_READ;
    for (size_t i = 0; i < sizeof cxx_assignments / sizeof *cxx_assignments; i++)
        if (!strcmp(clang_getCString(name), cxx_assignments[i].name))
            mode = cxx_assignments[i].mode;
    clang_disposeString(name);
    return mode;
}

bool cxx_complex_operation(CXCursor call, lm_fp_counts *counts)
{
    CXCursor callee = clang_getCursorReferenced(call);
    if (!cxx_is_function(clang_getCursorKind(callee)))
        return false;
    char op = cxx_arithmetic_operator(callee);
    if (!op)
        return false;
    CXType ft = clang_getCursorType(callee);
    int nparams = clang_getNumArgTypes(ft);
    bool left, right;
    if (clang_getCursorKind(callee) == CXCursor_CXXMethod && nparams == 1) {
        left = cxx_is_complex(clang_getCursorType(clang_getCursorSemanticParent(callee)));
        right = cxx_is_complex(clang_getArgType(ft, 0));
    } else if (clang_getCursorKind(callee) == CXCursor_FunctionDecl && nparams == 2) {
        left = cxx_is_complex(clang_getArgType(ft, 0));
        right = cxx_is_complex(clang_getArgType(ft, 1));
    } else {
        return false; /* unary + and -: no arithmetic, as in C */
    }
    if (!left && !right)
        return false;
    cxx_operands operands = left && right ? CXX_CC : left ? CXX_CR : CXX_RC;
    for (size_t i = 0; i < sizeof cxx_complex_table / sizeof *cxx_complex_table; i++) {
        if (cxx_complex_table[i].op != op || cxx_complex_table[i].operands != operands)
            continue;
        counts->n[LM_FP_PLUS] += cxx_complex_table[i].plus;
        counts->n[LM_FP_MINUS] += cxx_complex_table[i].minus;
        counts->n[LM_FP_MULTIPLY] += cxx_complex_table[i].multiply;
        counts->n[LM_FP_DIVIDE] += cxx_complex_table[i].divide;
    }
    return true;
}

bool cxx_function_cannot_throw(CXCursor fn)
{
    /* libclang gives a destructor its implicit noexcept as written; a
     * noexcept(expression) is not evaluated here, so it may throw. */
    switch (clang_getCursorExceptionSpecificationType(fn)) {
    case CXCursor_ExceptionSpecificationKind_DynamicNone:
    case CXCursor_ExceptionSpecificationKind_BasicNoexcept:
    case CXCursor_ExceptionSpecificationKind_NoThrow:
        return true;
    default:
        return false;
    }
}
