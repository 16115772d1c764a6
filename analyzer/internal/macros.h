/* macros: what a macro use expands to, for the pragma scan (internal to
 * the analyzer; macros.c says why it is needed and what it models).
 *
 * macros_collect() reads, from the detailed preprocessing record of a
 * unit (CXTranslationUnit_DetailedPreprocessingRecord), every macro
 * definition and the macro uses written in the files asked for; the set
 * owns what it read and macros_free() releases it.  A token list is a value
 * its owner releases with macros_tokens_release(). */
#ifndef AITOOL_MACROS_H
#define AITOOL_MACROS_H

#include <stdbool.h>
#include <stddef.h>

#include <clang-c/Index.h>

/* A token's text, and whether blanks come before it (which # keeps). */
typedef struct macros_token {
    char *text;
    bool space;
} macros_token;

typedef struct macros_tokens {
    macros_token *v;
    size_t n, cap;
} macros_tokens;

/* Appends the n tokens (comments left out), as written. */
void macros_tokens_from(CXTranslationUnit tu, const CXToken *tokens, unsigned n,
                        macros_tokens *out);
void macros_tokens_release(macros_tokens *t);

typedef struct macros macros;

/* A macro use written in a file: its name's offset, the offset just past
 * its last token, and its place in the order of preprocessing. */
typedef struct macros_use {
    CXFile file;
    unsigned begin, end, order;
} macros_use;

macros *macros_collect(CXTranslationUnit tu, const CXFile *files, size_t nfiles);
void macros_free(macros **m);

/* The first use in file (one of those collected, the same CXFile) at or
 * after offset, or NULL. */
const macros_use *macros_next_use(const macros *m, CXFile file, unsigned offset);

/* Can a name, written at the place of `order`, produce a _Pragma: is it
 * _Pragma or a macro whose expansion can? */
bool macros_may_pragma(macros *m, const char *name, unsigned order);

/* Does a name that ends an expansion take its arguments from what follows
 * (_Pragma, or a function-like macro)? */
bool macros_takes_args(macros *m, const char *name, unsigned order);

/* The tokens, written at the place of `order`, macro-expanded into out as
 * `clang -E` expands them; false when the expansion was cut off (nested
 * more than 256 deep or longer than 65536 tokens). */
bool macros_expand(macros *m, const macros_tokens *written, unsigned order, macros_tokens *out);

#endif
