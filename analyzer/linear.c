/* Linear forms of integer expressions.  The walk is a small recursive
 * evaluator over the cursor: + and - combine forms, * by a constant scales
 * one, unary minus negates, parentheses and casts are looked through, and
 * everything else is either a constant libclang can evaluate or an atom.
 * Arithmetic that would overflow a long makes the expression an atom. */
#include "linear.h"

#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "cx.h"
#include "strbuf.h"

CXCursor lin_strip(CXCursor e)
{
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(e);
        if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr && k != CXCursor_CStyleCastExpr)
            return e;
        cx_kids ch = cx_children_of(e);
        if (ch.n == 0 || ch.n > 2)
            return e;
        /* A C-style cast's children are the type written, then the operand. */
        e = ch.v[ch.n - 1];
    }
}

void lin_release(lin *l)
{
    for (unsigned i = 0; i < l->n; i++)
        free(l->t[i].atom);
    l->n = 0;
}

static void lin_const(lin *out, long c)
{
    memset(out, 0, sizeof *out);
    out->c = c;
}

static void lin_atom(CXTranslationUnit tu, CXCursor e, CXCursor var, lin *out)
{
    memset(out, 0, sizeof *out);
    out->n = 1;
    out->t[0].atom = cx_path_text(tu, e);
    out->t[0].var = var;
    out->t[0].coef = 1;
}

static bool lin_same_atom(const lin_term *a, const lin_term *b)
{
    bool va = !clang_Cursor_isNull(a->var), vb = !clang_Cursor_isNull(b->var);
    if (va || vb)
        return va && vb && clang_equalCursors(a->var, b->var);
    return !strcmp(a->atom, b->atom);
}

/* a + sign*b into a (b is consumed); false on overflow or too many terms. */
static bool lin_add(lin *a, lin *b, long sign)
{
    long bc;
    if (__builtin_mul_overflow(b->c, sign, &bc) || __builtin_add_overflow(a->c, bc, &a->c))
        return false;
    for (unsigned i = 0; i < b->n; i++) {
        long k;
        if (__builtin_mul_overflow(b->t[i].coef, sign, &k))
            return false;
        unsigned j = 0;
        while (j < a->n && !lin_same_atom(&a->t[j], &b->t[i]))
            j++;
        if (j < a->n) {
            if (__builtin_add_overflow(a->t[j].coef, k, &a->t[j].coef))
                return false;
            continue;
        }
        if (a->n == LIN_MAX_TERMS)
            return false;
        a->t[a->n] = b->t[i];
        a->t[a->n].coef = k;
        b->t[i].atom = NULL;
        a->n++;
    }
    lin_release(b);
    return true;
}

bool lin_scale(lin *a, long k)
{
    if (__builtin_mul_overflow(a->c, k, &a->c))
        return false;
    for (unsigned i = 0; i < a->n; i++)
        if (__builtin_mul_overflow(a->t[i].coef, k, &a->t[i].coef))
            return false;
    return true;
}

/* Drop the terms whose coefficient came to 0 (`i - i`). */
static void lin_compact(lin *l)
{
    unsigned k = 0;
    for (unsigned i = 0; i < l->n; i++) {
        if (l->t[i].coef == 0)
            free(l->t[i].atom);
        else
            l->t[k++] = l->t[i];
    }
    l->n = k;
}

static bool lin_evaluate(CXCursor e, long *value)
{
    CXEvalResult r = clang_Cursor_Evaluate(e);
    if (!r)
        return false;
    bool ok = clang_EvalResult_getKind(r) == CXEval_Int;
    if (ok)
        *value = (long)clang_EvalResult_getAsLongLong(r);
    clang_EvalResult_dispose(r);
    return ok;
}

/* What is not linear: a constant when libclang can evaluate it, else an atom. */
static void lin_constant_or_atom(CXTranslationUnit tu, CXCursor e, lin *out)
{
    long v;
    if (lin_evaluate(e, &v))
        lin_const(out, v);
    else
        lin_atom(tu, e, clang_getNullCursor(), out);
}

static void lin_binary(CXTranslationUnit tu, CXCursor e, lin *out)
{
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
    cx_kids ch = cx_children_of(e);
    if (ch.n != 2 || (op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub &&
                      op != CXBinaryOperator_Mul)) {
        lin_constant_or_atom(tu, e, out);
        return;
    }
    lin a, b;
    lin_of_expr(tu, ch.v[0], &a);
    lin_of_expr(tu, ch.v[1], &b);
    bool ok;
    if (op == CXBinaryOperator_Mul) {
        ok = lin_is_const(&a) || lin_is_const(&b);
        if (ok && lin_is_const(&a)) {
            ok = lin_scale(&b, a.c);
            lin tmp = a;
            a = b;
            b = tmp;
        } else if (ok) {
            ok = lin_scale(&a, b.c);
        }
    } else {
        ok = lin_add(&a, &b, op == CXBinaryOperator_Add ? 1 : -1);
    }
    lin_release(&b);
    if (!ok) {
        lin_release(&a);
        lin_atom(tu, e, clang_getNullCursor(), out);
        return;
    }
    lin_compact(&a);
    *out = a;
}

static void lin_unary(CXTranslationUnit tu, CXCursor e, lin *out)
{
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(e);
    cx_kids ch = cx_children_of(e);
    if (ch.n == 1 && (op == CXUnaryOperator_Minus || op == CXUnaryOperator_Plus)) {
        lin_of_expr(tu, ch.v[0], out);
        if (op == CXUnaryOperator_Plus || lin_scale(out, -1))
            return;
        lin_release(out);
    }
    lin_constant_or_atom(tu, e, out);
}

void lin_of_expr(CXTranslationUnit tu, CXCursor e, lin *out)
{
    e = lin_strip(e);
    switch (clang_getCursorKind(e)) {
    case CXCursor_BinaryOperator:
        lin_binary(tu, e, out);
        return;
    case CXCursor_UnaryOperator:
        lin_unary(tu, e, out);
        return;
    case CXCursor_DeclRefExpr: {
        CXCursor d = clang_getCursorReferenced(e);
        if (clang_getCursorKind(d) == CXCursor_EnumConstantDecl) {
            lin_const(out, (long)clang_getEnumConstantDeclValue(d));
            return;
        }
        /* Variables stay symbolic, even const ones: the user named them. */
        lin_atom(tu, e, clang_Cursor_isNull(d) ? d : clang_getCanonicalCursor(d), out);
        return;
    }
    default:
        lin_constant_or_atom(tu, e, out);
        return;
    }
}

bool lin_is_const(const lin *l)
{
    return l->n == 0;
}

bool lin_is_var_plus_const(const lin *l)
{
    return l->n == 1 && l->t[0].coef == 1 && !clang_Cursor_isNull(l->t[0].var);
}

/* An atom that can stand beside an operator without parentheses: a name,
 * a member path, a number. */
static bool lin_atom_is_simple(const char *s)
{
    for (; *s; s++) {
        if (*s == '-' && s[1] == '>') {
            s++;
            continue;
        }
        if (!(*s == '_' || *s == '.' || (*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'z') ||
              (*s >= 'A' && *s <= 'Z')))
            return false;
    }
    return true;
}

void lin_format(strbuf *out, const lin *l)
{
    bool alone = l->n == 1 && l->c == 0 && l->t[0].coef == 1;
    for (unsigned i = 0; i < l->n; i++) {
        const lin_term *t = &l->t[i];
        long k = t->coef;
        if (k < 0)
            strbuf_append(out, "-");
        else if (i > 0)
            strbuf_append(out, "+");
        unsigned long mag = k < 0 ? 0UL - (unsigned long)k : (unsigned long)k;
        if (mag != 1)
            strbuf_printf(out, "%lu*", mag);
        if (alone || lin_atom_is_simple(t->atom))
            strbuf_append(out, t->atom);
        else
            strbuf_printf(out, "(%s)", t->atom);
    }
    if (l->n == 0)
        strbuf_printf(out, "%ld", l->c);
    else if (l->c > 0)
        strbuf_printf(out, "+%ld", l->c);
    else if (l->c < 0)
        strbuf_printf(out, "%ld", l->c);
}

bool lin_remove_var(lin *l, CXCursor var)
{
    for (unsigned i = 0; i < l->n; i++) {
        if (clang_Cursor_isNull(l->t[i].var) || !clang_equalCursors(l->t[i].var, var))
            continue;
        if (l->t[i].coef != 1)
            return false;
        free(l->t[i].atom);
        l->t[i] = l->t[--l->n];
        return true;
    }
    return false;
}
