/* lang: which language a file is read in (C or C++), as gcc 12 and g++ 12
 * decide it: the last `-x` before the file, else the file's suffix; and the
 * standard it is read with (gnu17 or gnu++17 unless -std= is given), where a
 * standard of the other language is the user's error.  No memory is owned. */
#ifndef AITOOL_LANG_H
#define AITOOL_LANG_H

#include <stdbool.h>

typedef enum lang_kind {
    LANG_C,
    LANG_CXX,
} lang_kind;

/* The language of `path` given the arguments (`-x c++`, `-xc`, ...); a -x
 * naming neither leaves the suffix to decide. */
lang_kind lang_of_file(const char *path, const char *const *args, int nargs);

/* Which language a -std= value is of; false for an argument that is not
 * -std= (or -ansi, which fits both). */
bool lang_of_standard(const char *arg, lang_kind *out);

/* The standard a file of language k is read with when none is given. */
const char *lang_default_standard(lang_kind k);

/* "C" or "C++", for messages. */
const char *lang_name(lang_kind k);

#endif
