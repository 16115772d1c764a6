/* cxx: the C++ constructs the walk counts by the C rules (internal to the
 * analyzer).  Which cursors are functions (methods, constructors, ...), how
 * a template instance is named (`axpy<float>`, `Grid<double>::smooth`), the
 * standard containers' element calls (`v[i]`, `v.at(i)`, `v.data()`: one
 * access of one element, like a C subscript) and the arithmetic of
 * std::complex<float|double|long double> as its real operations.  Strings
 * returned are the caller's to free; nothing else is owned. */
#ifndef AITOOL_CXX_H
#define AITOOL_CXX_H

#include <stdbool.h>

#include <clang-c/Index.h>

#include "detail.h"
#include "loop_model.h"

/* A function, a method, a constructor, a destructor or a conversion. */
bool cxx_is_function(enum CXCursorKind k);

/* The call operator of a lambda's class. */
bool cxx_is_lambda_call(CXCursor callee);

/* std::move, std::forward, std::move_if_noexcept, std::as_const,
 * std::addressof: casts, whose bodies clang does not instantiate. */
bool cxx_is_std_cast(CXCursor callee);

/* A lambda expression whose call operator is a template (`[](auto x)`):
 * its class has a function template among its members. */
bool cxx_is_generic_lambda(CXCursor lambda);

/* A definition of the main file that is a template or a member of one (its
 * types are not known until it is instantiated). */
bool cxx_is_template_pattern(CXCursor fn);

/* The name a function is reported by: its class (with the class's template
 * arguments) and its own template arguments: "axpy<float>",
 * "Grid<double>::smooth", "Vec::norm", "f". */
char *cxx_function_name(CXCursor fn);

/* True when no exception can leave the function fn: declared noexcept or
 * throw(), or a destructor (noexcept unless said otherwise). */
bool cxx_function_cannot_throw(CXCursor fn);

/* What a call to a standard container's member is. */
typedef enum cxx_element_call {
    CXX_CALL_OTHER,
    CXX_CALL_ELEMENT, /* v[i], v.at(i): one element */
    CXX_CALL_DATA,    /* v.data(): the elements' address */
} cxx_element_call;

/* The kind of call c is; with an element or data call, *object is the
 * container it is made on (`v` of `v[i]`), parentheses stripped. */
cxx_element_call cxx_container_call(CXCursor c, CXCursor *object);

/* The object a member call is made on: the first child of `v[i]` (which
 * may be a member, `m[i]`), the base of the member reference of `v.at(i)`;
 * a null cursor when the call has no children. */
CXCursor cxx_call_object(CXCursor call);

/* The variable an element, data or row call reaches down to: `v` of
 * `v[i][j]`, `v.data()`; c itself when it is no such call. */
CXCursor cxx_container_root(CXCursor c);

/* Whether values of type t are containers whose elements are accessed one
 * by one (a row of `vector<vector<double>>`): selecting one moves nothing. */
bool cxx_type_is_container(CXType t);

/* How an operator call uses its left operand (its first child): `=`
 * writes it, `+=` and the other compound assignments read and write it,
 * any other call reads it. */
access_mode cxx_assignment_mode(CXCursor call);

/* The member path a value reached through the implicit or explicit
 * `this` of a method takes after it: "->m_x" for `m_x` and `this->m_x`,
 * "->s.v" for `s.v`; NULL when c is no such path.  The caller frees it. */
char *cxx_this_path(CXCursor c);

/* A container whose size is in its type (std::array). */
bool cxx_type_is_fixed_container(CXType t);

/* A call of an arithmetic operator of std::complex: true, with the real
 * operations it stands for added to *counts. */
bool cxx_complex_operation(CXCursor call, lm_fp_counts *counts);

#endif
