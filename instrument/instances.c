/* Template instances in an -auto-instrument'ed copy.
 *
 * The problem.  A template is one text and several instances: axpy<float>
 * and axpy<double> run the same statements with different costs (bytes of
 * an element, and whether `a * x[i]` is FP at all).  The analyzer reports
 * each instance as a function of its own, but the copy can hold only one
 * set of counting statements at the template's text.
 *
 * The design.  The counting statements are written once, from the first
 * instance's visit; every instance is visited the same way (the same
 * segments and loops, as the statements are the same: auto.c gives a
 * segment a counter when it has work in any instance, so that all count
 * alike) into counters and loops of its own, with its own rows (its FP
 * operations by kind) and loop table entries (its bytes).  What the
 * written statements need is, per instance, how far its counters and
 * loops are from the first instance's: two offsets, added to every
 * counter's and loop's number in the template's code.  The compiler
 * selects them per instance, as it resolves the template's parameters:
 *
 *     aitool_h[3 + aitool_key<aitool_pat<0>, T>::c] += aitool_c3;
 *
 * aitool_key is a class template whose arguments are the key of the
 * instance as the template's code names it; its members c and l are
 * defined after the file's text from aitool_at, specialized there for
 * each instance the analysis saw, spelled at file scope:
 *
 *     template <> struct aitool_at<aitool_pat<0>, double> { ... c = 7, l = 1; };
 *
 * and, for an instance the analysis did not see (called through a pointer
 * or from a header), a partial specialization for the whole template
 * sends its counts to spare counters, which are not reported.  The
 * definitions come last, so that they name types declared anywhere in the
 * file; nothing is specialized after its use, as only the members'
 * definitions read aitool_at and they are instantiated at the end of the
 * unit.  Everything is in an unnamed namespace: each file's keys are its
 * own.
 *
 * The key.  A function template's instance is keyed by its template
 * arguments (a non-type one as aitool_int<(long long)N>); a method
 * template's and a generic lambda's, whose arguments libclang does not
 * list, by the declared types of their parameters (decltype(x)); the
 * members of a class, by the class as its own code names it (the injected
 * class name: `Grid` is Grid<double> in Grid<double>'s code).  Two
 * instances with one key (a template whose parameters decide nothing but
 * its return type), or an argument with no name at file scope (a lambda's
 * closure, a local class), leave the template as written, with a warning. */
#include "instances.h"

#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "analyzer_tu.h"
#include "cx.h"
#include "loop_stmt.h"
#include "mem.h"

/* The instance whose body fn's record is. */
static CXCursor instances_function(const lm_function *fn)
{
    return clang_getCursorSemanticParent(analyzer_stmt_cursor(fn->body));
}

static bool instances_is_class(enum CXCursorKind k)
{
    return k == CXCursor_StructDecl || k == CXCursor_ClassDecl || k == CXCursor_UnionDecl ||
           k == CXCursor_ClassTemplate || k == CXCursor_ClassTemplatePartialSpecialization;
}

static bool instances_same_extent(CXCursor a, CXCursor b)
{
    return clang_equalRanges(clang_getCursorExtent(a), clang_getCursorExtent(b));
}

bool instances_is_implicit(const lm_function *fn)
{
    if (!fn->instance || !fn->body)
        return false;
    CXCursor f = instances_function(fn);
    CXCursor pattern = clang_getSpecializedCursorTemplate(f);
    if (clang_Cursor_isNull(pattern))
        return false;
    /* a member defined outside its class template: the definition's body */
    CXCursor def = clang_getCursorDefinition(pattern);
    CXCursor body = cx_function_body_of(clang_Cursor_isNull(def) ? pattern : def);
    return !clang_Cursor_isNull(body) &&
           instances_same_extent(body, analyzer_stmt_cursor(fn->body));
}

/* Whether a type can be named at file scope: not a lambda's closure, not
 * a class declared in a function, not an unnamed one. */
static bool instances_nameable(CXType t)
{
    t = clang_getCanonicalType(t);
    while (t.kind == CXType_Pointer || t.kind == CXType_LValueReference ||
           t.kind == CXType_RValueReference || t.kind == CXType_ConstantArray ||
           t.kind == CXType_IncompleteArray)
        t = clang_getCanonicalType(t.kind == CXType_ConstantArray ||
                                           t.kind == CXType_IncompleteArray
                                       ? clang_getArrayElementType(t)
                                       : clang_getPointeeType(t));
    CXCursor decl = clang_getTypeDeclaration(t);
    for (CXCursor c = decl; !clang_Cursor_isNull(c) && !clang_isInvalid(clang_getCursorKind(c)) &&
                            !clang_isTranslationUnit(clang_getCursorKind(c));
         c = clang_getCursorSemanticParent(c)) {
        enum CXCursorKind k = clang_getCursorKind(c);
        if (k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod ||
            k == CXCursor_FunctionTemplate || k == CXCursor_Constructor ||
            k == CXCursor_Destructor)
            return false;
    }
    char *s = cx_copy_string(clang_getTypeSpelling(t));
    bool ok = !strstr(s, "(lambda") && !strstr(s, "(anonymous") && !strstr(s, "(unnamed");
    free(s);
    return ok;
}

static void instances_add(strbuf *sb, const char *text)
{
    if (sb->len)
        strbuf_append(sb, ", ");
    strbuf_append(sb, text);
}

static bool instances_add_type(strbuf *sb, CXType t)
{
    if (!instances_nameable(t))
        return false;
    char *s = cx_copy_string(clang_getTypeSpelling(clang_getCanonicalType(t)));
    instances_add(sb, s);
    free(s);
    return true;
}

typedef struct parameter_list {
    strbuf *sb;
    int n;
    bool ok;
} parameter_list;

/* A template's parameters as its code names them. */
static enum CXChildVisitResult instances_add_parameter(CXCursor c, CXCursor parent,
                                                       CXClientData data)
{
    (void)parent;
    parameter_list *pl = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_TemplateTypeParameter && k != CXCursor_NonTypeTemplateParameter &&
        k != CXCursor_TemplateTemplateParameter)
        return CXChildVisit_Continue;
    char *name = cx_copy_string(clang_getCursorSpelling(c));
    pl->n++;
    if (!*name || k == CXCursor_TemplateTemplateParameter) {
        pl->ok = false;
    } else if (k == CXCursor_NonTypeTemplateParameter) {
        strbuf s = STRBUF_INIT;
        strbuf_printf(&s, "aitool_int<(long long)%s>", name);
        instances_add(pl->sb, strbuf_cstr(&s));
        strbuf_release(&s);
    } else {
        instances_add(pl->sb, name);
    }
    free(name);
    return CXChildVisit_Continue;
}

/* A function template's instance: its template arguments. */
static bool instances_by_arguments(CXCursor f, CXCursor pattern, strbuf *code, strbuf *inst,
                                   const char **why)
{
    int n = clang_Cursor_getNumTemplateArguments(f);
    parameter_list pl = {code, 0, true};
    clang_visitChildren(pattern, instances_add_parameter, &pl);
    if (!pl.ok) {
        *why = "a template parameter is a template, or has no name";
        return false;
    }
    if (pl.n != n) {
        *why = "its template has a parameter pack";
        return false;
    }
    for (int i = 0; i < n; i++) {
        switch (clang_Cursor_getTemplateArgumentKind(f, (unsigned)i)) {
        case CXTemplateArgumentKind_Type:
            if (!instances_add_type(inst, clang_Cursor_getTemplateArgumentType(f, (unsigned)i))) {
                *why = "a template argument has no name outside a function";
                return false;
            }
            break;
        case CXTemplateArgumentKind_Integral: {
            strbuf s = STRBUF_INIT;
            strbuf_printf(&s, "aitool_int<%lld>",
                          clang_Cursor_getTemplateArgumentValue(f, (unsigned)i));
            instances_add(inst, strbuf_cstr(&s));
            strbuf_release(&s);
            break;
        }
        default:
            *why = "a template argument is neither a type nor an integer";
            return false;
        }
    }
    return true;
}

/* A method template's or a generic lambda's instance: its parameters'
 * declared types. */
static bool instances_by_parameters(CXCursor f, strbuf *code, strbuf *inst, const char **why)
{
    int n = clang_Cursor_getNumArguments(f);
    for (int i = 0; i < n; i++) {
        CXCursor p = clang_Cursor_getArgument(f, (unsigned)i);
        char *name = cx_copy_string(clang_getCursorSpelling(p));
        bool named = *name != '\0';
        if (named) {
            strbuf s = STRBUF_INIT;
            strbuf_printf(&s, "decltype(%s)", name);
            instances_add(code, strbuf_cstr(&s));
            strbuf_release(&s);
        }
        free(name);
        if (!named) {
            *why = "a parameter has no name";
            return false;
        }
        if (!instances_add_type(inst, clang_getCursorType(p))) {
            *why = "a parameter's type has no name outside a function";
            return false;
        }
    }
    return true;
}

/* The members of a class: the class, by its injected name. */
static bool instances_by_class(CXCursor f, CXCursor pattern, strbuf *code, strbuf *inst,
                               const char **why)
{
    CXCursor cls = clang_getCursorSemanticParent(f);
    CXCursor pattern_cls = clang_getCursorSemanticParent(pattern);
    if (!instances_is_class(clang_getCursorKind(cls)) ||
        !instances_is_class(clang_getCursorKind(pattern_cls)))
        return true;
    char *name = cx_copy_string(clang_getCursorSpelling(pattern_cls));
    bool lambda = !*name || strstr(name, "(lambda") != NULL;
    if (!lambda)
        instances_add(code, name);
    free(name);
    if (lambda) /* a closure: its call operator's parameters tell instances apart */
        return true;
    if (!instances_add_type(inst, clang_getCursorType(cls))) {
        *why = "its class has no name outside a function";
        return false;
    }
    return true;
}

bool instances_key(const lm_function *fn, instance_key *key, const char **why)
{
    CXCursor f = instances_function(fn);
    CXCursor pattern = clang_getSpecializedCursorTemplate(f);
    strbuf code = STRBUF_INIT, inst = STRBUF_INIT;
    bool ok = instances_by_class(f, pattern, &code, &inst, why);
    if (ok && clang_getCursorKind(pattern) == CXCursor_FunctionTemplate)
        ok = clang_Cursor_getNumTemplateArguments(f) > 0
                 ? instances_by_arguments(f, pattern, &code, &inst, why)
                 : instances_by_parameters(f, &code, &inst, why);
    if (ok && !code.len) {
        *why = "nothing in its code tells its instances apart";
        ok = false;
    }
    key->in_code = ok ? strbuf_take(&code) : NULL;
    key->instance = ok ? strbuf_take(&inst) : NULL;
    strbuf_release(&code);
    strbuf_release(&inst);
    return ok;
}

void instances_key_release(instance_key *key)
{
    free(key->in_code);
    free(key->instance);
    key->in_code = key->instance = NULL;
}

char *instances_offset_text(unsigned group, const instance_key *key, const char *field)
{
    strbuf s = STRBUF_INIT;
    strbuf_printf(&s, " + aitool_key<aitool_pat<%u>, %s>::%s", group, key->in_code, field);
    return strbuf_take(&s);
}

const char instances_prelude[] =
    "namespace {\n"
    "template <unsigned> struct aitool_pat;\n"
    "template <long long> struct aitool_int;\n"
    "template <class... K> struct aitool_at;\n"
    "template <class... K> struct aitool_key {\n"
    "    static const unsigned c, l; /* the instance's offsets: counters, loops */\n"
    "};\n"
    "}\n";

void instances_write_group(strbuf *out, unsigned group, const instance_key *keys,
                           const unsigned *counter_offsets, const unsigned *loop_offsets,
                           size_t n, unsigned spare_counter, unsigned spare_loop)
{
    strbuf_printf(out,
                  "template <class... K> struct aitool_at<aitool_pat<%u>, K...> {\n"
                  "    static const unsigned c = %u, l = %u;\n};\n",
                  group, spare_counter, spare_loop);
    for (size_t i = 0; i < n; i++)
        strbuf_printf(out,
                      "template <> struct aitool_at<aitool_pat<%u>, %s> {\n"
                      "    static const unsigned c = %u, l = %u;\n};\n",
                      group, keys[i].instance, counter_offsets[i], loop_offsets[i]);
}

const char instances_epilogue[] =
    "template <class... K> const unsigned aitool_key<K...>::c = aitool_at<K...>::c;\n"
    "template <class... K> const unsigned aitool_key<K...>::l = aitool_at<K...>::l;\n";
