#include "cxdiag.h"

#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "diag.h"
#include "mem.h"
#include "parse_guard.h"

static diag_severity cxdiag_severity(enum CXDiagnosticSeverity s)
{
    switch (s) {
    case CXDiagnostic_Error:
    case CXDiagnostic_Fatal:
        return DIAG_ERROR;
    case CXDiagnostic_Warning:
        return DIAG_WARNING;
    default:
        return DIAG_NOTE;
    }
}

/* The file of a location, named as the user did (as a compiler names it),
 * with its line and column; NULL (and line and column 0) when the location
 * is in no file, such as the command line's -include. */
static char *cxdiag_place(CXSourceLocation loc, CXFile *file, unsigned *line, unsigned *col)
{
    clang_getFileLocation(loc, file, line, col, NULL);
    CXString name = clang_getFileName(*file);
    const char *s = clang_getCString(name);
    char *copy = *file && s && *s ? mem_strdup(s) : NULL;
    clang_disposeString(name);
    if (!copy)
        *line = *col = 0;
    return copy;
}

/* The #include locations that led to a file, innermost first (from
 * clang_getInclusions: the first time the file was entered). */
typedef struct cxdiag_stack {
    CXFile file;
    CXSourceLocation *at;
    unsigned depth;
} cxdiag_stack;

static void cxdiag_find_stack(CXFile f, CXSourceLocation *stack, unsigned depth,
                              CXClientData data)
{
    cxdiag_stack *st = data;
    if (st->at || depth == 0 || !clang_File_isEqual(f, st->file))
        return;
    st->at = mem_alloc(depth * sizeof *st->at);
    memcpy(st->at, stack, depth * sizeof *st->at);
    st->depth = depth;
}

/* An #include outside every file is one of the command line's -include
 * options (clang's predefines), put at the start of the main file. */
static void cxdiag_note_includes(CXTranslationUnit tu, CXFile file, const char *path)
{
    cxdiag_stack st = {file, NULL, 0};
    clang_getInclusions(tu, cxdiag_find_stack, &st);
    for (unsigned k = 0; k < st.depth; k++) {
        CXFile from;
        unsigned line, col;
        char *name = cxdiag_place(st.at[k], &from, &line, &col);
        if (name)
            diag_at(DIAG_NOTE, name, line, col, "in file included from here");
        else
            diag_at(DIAG_NOTE, path, 1, 1, "in file included from the command line (-include)");
        free(name);
    }
    free(st.at);
}

static void cxdiag_report_one(CXTranslationUnit tu, CXDiagnostic d, const char *path)
{
    CXFile file;
    unsigned line, col;
    char *name = cxdiag_place(clang_getDiagnosticLocation(d), &file, &line, &col);
    diag_severity sev = cxdiag_severity(clang_getDiagnosticSeverity(d));
    CXString spelling = clang_getDiagnosticSpelling(d);
    const char *text = clang_getCString(spelling);
    const char *reason;
    unsigned keep = parse_guard_reason(text, &reason);
    if (keep)
        diag_at(sev, name ? name : path, line, col, "%.*s%s", (int)keep, text, reason);
    else
        diag_at(sev, name ? name : path, line, col, "%s", text);
    clang_disposeString(spelling);
    if (name)
        cxdiag_note_includes(tu, file, path);
    free(name);
}

bool cxdiag_report(CXTranslationUnit tu, const char *path)
{
    bool failed = false;
    unsigned n = clang_getNumDiagnostics(tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
        if (sev != CXDiagnostic_Ignored && sev != CXDiagnostic_Note) {
            failed |= sev >= CXDiagnostic_Error;
            cxdiag_report_one(tu, d, path);
        }
        clang_disposeDiagnostic(d);
    }
    return failed;
}
