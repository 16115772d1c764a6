#include "lang.h"

#include <string.h>

/* g++'s C++ suffixes, sources and headers (gcc's "Overall Options"); a
 * header given on its own (.h) is C, as gcc reads it. */
static const char *const lang_cxx_suffixes[] = {
    ".cc", ".cp", ".cxx", ".cpp", ".CPP", ".c++", ".C", ".hh", ".H",
    ".hp", ".hxx", ".hpp", ".HPP", ".h++", ".tcc", ".ii",
};

static const struct {
    const char *value;
    lang_kind kind;
} lang_x_values[] = {
    {"c", LANG_C},
    {"c-header", LANG_C},
    {"cpp-output", LANG_C},
    {"c++", LANG_CXX},
    {"c++-header", LANG_CXX},
    {"c++-cpp-output", LANG_CXX},
};

static bool lang_has_suffix(const char *path, const char *suffix)
{
    size_t n = strlen(path), k = strlen(suffix);
    return n > k && !strcmp(path + n - k, suffix);
}

static lang_kind lang_of_suffix(const char *path)
{
    for (size_t i = 0; i < sizeof lang_cxx_suffixes / sizeof *lang_cxx_suffixes; i++)
        if (lang_has_suffix(path, lang_cxx_suffixes[i]))
            return LANG_CXX;
    return LANG_C;
}

lang_kind lang_of_file(const char *path, const char *const *args, int nargs)
{
    lang_kind k = lang_of_suffix(path);
    for (int i = 0; i < nargs; i++) {
        const char *v = NULL;
        if (!strcmp(args[i], "-x") && i + 1 < nargs)
            v = args[++i];
        else if (!strncmp(args[i], "-x", 2))
            v = args[i] + 2;
        for (size_t j = 0; v && j < sizeof lang_x_values / sizeof *lang_x_values; j++)
            if (!strcmp(v, lang_x_values[j].value))
                k = lang_x_values[j].kind;
    }
    return k;
}

bool lang_of_standard(const char *arg, lang_kind *out)
{
    if (strncmp(arg, "-std=", 5) != 0)
        return false;
    const char *v = arg + 5;
    *out = !strncmp(v, "c++", 3) || !strncmp(v, "gnu++", 5) ? LANG_CXX : LANG_C;
    return true;
}

const char *lang_default_standard(lang_kind k)
{
    return k == LANG_CXX ? "-std=gnu++17" : "-std=gnu17";
}

const char *lang_name(lang_kind k)
{
    return k == LANG_CXX ? "C++" : "C";
}
