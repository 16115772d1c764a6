/* cx: the libclang helpers the analyzer and the instrumenters share, each
 * written once here: a copy of a libclang string, where a location is in
 * which file, what a type is, the text of an expression or of a path to an
 * array, a node's first children, the strip rule (parentheses and implicit
 * conversions taken away), the parts of a for header, the variable an
 * expression starts from or an argument designates, a function's body.
 * Every string returned is a fresh allocation the caller frees; cursors and
 * types are libclang's, valid while their translation unit lives. */
#ifndef AITOOL_CX_H
#define AITOOL_CX_H

#include <stdbool.h>
#include <stddef.h>

#include <clang-c/Index.h>

/* A copy of a libclang string (free() it); the CXString is disposed of. */
char *cx_copy_string(CXString s);

/* The absolute path of the file a location is in ("" when it has none), and
 * its line and column; macro locations resolve to where the code was written
 * in the file (clang_getFileLocation).  The path is a fresh mem_strdup. */
char *cx_file_location(CXSourceLocation loc, unsigned *line, unsigned *col);
/* The offset of loc in file, when it is written there and no macro
 * produced it (its expansion and spelling are the same place). */
bool cx_file_offset(CXSourceLocation loc, CXFile file, size_t *offset);

bool cx_type_is_array(CXType t);
bool cx_type_is_pointer(CXType t);
bool cx_type_is_pointer_or_array(CXType t);
/* The array element type behind a pointer or array type: `double *`,
 * `double[4][5]` and `double (*)[5]` all give double. */
CXType cx_innermost_element(CXType t);
/* A type as C spells it in sizeof(...) and ExaSAT's datatype: canonical and
 * unqualified, so typedefs of one type agree, unless the canonical spelling
 * names an anonymous record, where only the typedef name is valid C; one with
 * no typedef either is char[ITS SIZE]. */
char *cx_type_spelling(CXType t);

/* An expression's text as written, blanks squeezed ("<expr>" when it has
 * none in a file). */
char *cx_expr_text(CXTranslationUnit tu, CXCursor c);
/* The text of a path to an array (`p->q.v`, `(s)->tt`, `g`): variables,
 * members, parentheses and implicit conversions are spelled from the AST,
 * so a path inside a macro's body reads as it does expanded (the source
 * shows only the macro's use); any other expression is cx_expr_text. */
char *cx_path_text(CXTranslationUnit tu, CXCursor c);

/* The first children of a node (up to four; n says how many of them). */
typedef struct cx_kids {
    CXCursor v[4];
    unsigned n;
} cx_kids;

cx_kids cx_children_of(CXCursor c);

/* e with the parentheses and implicit conversions (unexposed wrappers of
 * one child) around it taken away. */
CXCursor cx_strip(CXCursor e);

/* Which children of a for statement (kids: its children) are its init,
 * condition and increment, as indexes into kids, -1 when absent or when the
 * header cannot be read: libclang leaves absent parts out, so they are
 * placed by the header's two semicolons and its closing parenthesis. */
typedef struct cx_for_parts {
    int init, cond, inc;
} cx_for_parts;

cx_for_parts cx_for_parts_of(CXTranslationUnit tu, CXCursor loop, const cx_kids *kids);

/* The variable an expression such as `p->v` or `s.a` starts from. */
CXCursor cx_root_declaration(CXCursor c);

/* The variable or member an argument designates: `a`, `&a[i][0]`, `a + k`,
 * `&s.x`, `(double *)p` give a, a, a, s.x, p (a DeclRefExpr or
 * MemberRefExpr, of any type), or a null cursor for anything else. */
CXCursor cx_argument_root(CXCursor c);

/* A function definition's body (its compound statement), or a null cursor. */
CXCursor cx_function_body_of(CXCursor definition);

#endif
