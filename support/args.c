#include "args.h"

#include <string.h>

#include "diag.h"
#include "mem.h"

#ifndef AITOOL_VERSION
#error "support/CMakeLists.txt defines AITOOL_VERSION, the project's version"
#endif

bool args_take_value(int argc, char **argv, int *i, const char **value)
{
    if (*i + 1 >= argc) {
        diag_tool(DIAG_ERROR, "option '%s' needs a value", argv[*i]);
        return false;
    }
    *value = argv[++*i];
    return true;
}

/* The length of the name of `names` that arg starts with (the whole arg,
 * or its start when joined values are allowed), or 0. */
static size_t args_match_name(const args_option *o, const char *arg, bool *joined)
{
    for (const char *name = o->names; *name;) {
        size_t len = strcspn(name, "|");
        if (strncmp(arg, name, len) == 0 && (arg[len] == '\0' || (o->joined && arg[len]))) {
            *joined = arg[len] != '\0';
            return len;
        }
        name += len + (name[len] == '|');
    }
    return 0;
}

static void args_store(const args_option *o, void *dest, int argc, const char *value)
{
    char *base = dest;
    if (o->kind == ARGS_FLAG) {
        *(bool *)(base + o->dest) = true;
    } else if (o->kind == ARGS_VALUE) {
        *(const char **)(base + o->dest) = value;
    } else {
        const char ***list = (const char ***)(base + o->dest);
        int *count = (int *)(base + o->count);
        if (!*list)
            *list = mem_alloc((size_t)argc * sizeof **list);
        (*list)[(*count)++] = value;
    }
}

args_result args_parse_option(const args_option *table, size_t n, int argc, char **argv, int *i,
                              void *dest)
{
    const char *arg = argv[*i];
    /* An option named exactly wins over one whose value is joined: -json is
     * not -j with "son". */
    for (size_t k = 0; k < 2 * n; k++) {
        bool joined = false;
        size_t len = args_match_name(&table[k % n], arg, &joined);
        if (!len || joined != (k >= n))
            continue;
        k %= n;
        const char *value = NULL;
        if (joined)
            value = arg + len;
        else if (table[k].kind != ARGS_FLAG && !args_take_value(argc, argv, i, &value))
            return ARGS_BAD;
        args_store(&table[k], dest, argc, value);
        return ARGS_TAKEN;
    }
    return ARGS_NOT_AN_OPTION;
}

/* The option as help shows it: its first name and its value's name. */
static int args_label(const args_option *o, char *buf, size_t size)
{
    int len = (int)strcspn(o->names, "|");
    return snprintf(buf, size, "%.*s%s%s", len, o->names, o->value ? " " : "",
                    o->value ? o->value : "");
}

/* Words of text, as many as fit before column `width` from column `col`;
 * returns where the next line starts. */
static const char *args_wrap_line(FILE *out, const char *text, int col, int width)
{
    int used = col;
    bool first = true;
    while (*text) {
        size_t word = strcspn(text, " ");
        if (!first && used + 1 + (int)word > width)
            break;
        fprintf(out, "%s%.*s", first ? "" : " ", (int)word, text);
        used += (first ? 0 : 1) + (int)word;
        first = false;
        text += word;
        text += strspn(text, " ");
    }
    fputc('\n', out);
    return text;
}

void args_print_help(FILE *out, const args_option *table, size_t n, int column)
{
    for (size_t k = 0; k < n; k++) {
        char label[128];
        int len = args_label(&table[k], label, sizeof label);
        fprintf(out, "  %s", label);
        int at = 2 + len;
        const char *text = table[k].help;
        if (at + 2 > column) { /* too long a label: the help starts below it */
            fputc('\n', out);
            at = 0;
        }
        fprintf(out, "%*s", column - at, "");
        text = args_wrap_line(out, text, column, 80);
        while (*text) {
            fprintf(out, "%*s", column, "");
            text = args_wrap_line(out, text, column, 80);
        }
    }
}

void args_print_markdown(FILE *out, const args_option *table, size_t n)
{
    fputs("| option | meaning |\n|---|---|\n", out);
    for (size_t k = 0; k < n; k++) {
        char label[128];
        args_label(&table[k], label, sizeof label);
        fprintf(out, "| `%s` | ", label);
        for (const char *c = table[k].help; *c; c++) {
            if (*c == '|')
                fputc('\\', out);
            fputc(*c, out);
        }
        fputs(" |\n", out);
    }
}

void args_print_version(FILE *out, const char *program, const char *libclang)
{
    fprintf(out, "%s %s", program, AITOOL_VERSION);
    if (libclang)
        fprintf(out, " (libclang: %s)", libclang);
    fputc('\n', out);
}
