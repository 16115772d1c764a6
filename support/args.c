#include "args.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "mem.h"
#include "numbers.h"
#include "strbuf.h"

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

/* The row's message for a bad value, its {fields} replaced. */
static void args_report_bad_int(const args_option *o, const char *name, const char *value,
                                const char *why)
{
    const char *text = o->bad ? o->bad : "{name}: expected a whole number from {min} to {max}, "
                                         "not '{value}'";
    strbuf sb = STRBUF_INIT;
    while (*text) {
        size_t len = strcspn(text, "{");
        strbuf_appendn(&sb, text, len);
        text += len;
        if (!*text)
            break;
        size_t field = strcspn(text, "}") + 1;
        if (!strncmp(text, "{name}", field))
            strbuf_append(&sb, name);
        else if (!strncmp(text, "{value}", field))
            strbuf_append(&sb, value);
        else if (!strncmp(text, "{min}", field))
            strbuf_printf(&sb, "%lld", o->min);
        else if (!strncmp(text, "{max}", field))
            strbuf_printf(&sb, "%lld", o->max);
        else
            strbuf_append(&sb, why);
        text += field;
    }
    diag_tool(DIAG_ERROR, "%s", strbuf_cstr(&sb));
    strbuf_release(&sb);
}

/* An ARGS_INT value within the row's range, or false after its error. */
static bool args_read_int(const args_option *o, const char *name, const char *value,
                          long long *out)
{
    long long v;
    const char *why = num_parse_whole(value, strlen(value), &v);
    char range[80];
    if (!why && (v < o->min || v > o->max)) {
        snprintf(range, sizeof range, "not from %lld to %lld", o->min, o->max);
        why = range;
    }
    if (why) {
        args_report_bad_int(o, name, value, why);
        return false;
    }
    *out = v;
    return true;
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

/* Match argv[*i] against the table and store it into the struct at dest. */
static args_result args_parse_option(const args_option *table, size_t n, int argc, char **argv,
                                     int *i, void *dest)
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
        if (joined) {
            value = arg + len;
        } else if (table[k].kind != ARGS_FLAG && *i + 1 >= argc && table[k].missing) {
            diag_tool(DIAG_ERROR, "%s", table[k].missing);
            return ARGS_BAD;
        } else if (table[k].kind != ARGS_FLAG && !args_take_value(argc, argv, i, &value)) {
            return ARGS_BAD;
        }
        if (table[k].kind != ARGS_INT) {
            args_store(&table[k], dest, argc, value);
            return ARGS_TAKEN;
        }
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)len, arg);
        return args_read_int(&table[k], name, value,
                             (long long *)((char *)dest + table[k].dest))
                   ? ARGS_TAKEN
                   : ARGS_BAD;
    }
    return ARGS_NOT_AN_OPTION;
}

/* One argument the table does not know: the program's other kind, an
 * input, or an error. */
static args_result args_parse_other(const args_program *pg, int argc, char **argv, int *i,
                                    void *dest)
{
    const char *arg = argv[*i];
    args_result r = pg->other ? pg->other(argc, argv, i, dest) : ARGS_NOT_AN_OPTION;
    if (r != ARGS_NOT_AN_OPTION)
        return r;
    if (pg->has_inputs && (arg[0] != '-' || !arg[1])) {
        const char **inputs = *(const char ***)((char *)dest + pg->inputs);
        inputs[(*(int *)((char *)dest + pg->ninputs))++] = arg;
        return ARGS_TAKEN;
    }
    diag_tool(DIAG_ERROR, pg->unknown, arg);
    return ARGS_BAD;
}

bool args_parse_all(const args_program *pg, int argc, char **argv, void *dest)
{
    char *base = dest;
    if (pg->has_inputs)
        *(const char ***)(base + pg->inputs) = mem_alloc((size_t)argc * sizeof(const char *));
    if (pg->has_rest)
        *(int *)(base + pg->rest) = argc;
    bool ok = true;
    for (int i = 1; i < argc && (ok || !pg->stop_at_error); i++) {
        if (pg->has_rest && !strcmp(argv[i], "--")) {
            *(int *)(base + pg->rest) = i + 1;
            break;
        }
        args_result r = args_parse_option(pg->table, pg->n, argc, argv, &i, dest);
        if (r == ARGS_NOT_AN_OPTION)
            r = args_parse_other(pg, argc, argv, &i, dest);
        ok &= r == ARGS_TAKEN;
    }
    return ok;
}

/* Whether the option was given, by what it left in dest. */
static bool args_given(const args_option *o, const void *dest)
{
    const char *at = (const char *)dest + o->dest;
    switch (o->kind) {
    case ARGS_FLAG:
        return *(const bool *)at;
    case ARGS_VALUE:
        return *(const char *const *)at != NULL;
    case ARGS_LIST:
        return *(const int *)((const char *)dest + o->count) > 0;
    case ARGS_INT:
        return *(const long long *)at != 0;
    }
    return false;
}

/* The row whose first name is name. */
static const args_option *args_row_named(const args_option *table, size_t n, const char *name)
{
    for (size_t k = 0; k < n; k++) {
        size_t len = strcspn(table[k].names, "|");
        if (strlen(name) == len && !strncmp(table[k].names, name, len))
            return &table[k];
    }
    return NULL;
}

bool args_check_needs(const args_option *table, size_t n, const void *dest)
{
    for (size_t k = 0; k < n; k++) {
        if (!table[k].needs || !args_given(&table[k], dest))
            continue;
        const args_option *needed = args_row_named(table, n, table[k].needs);
        if (needed && !args_given(needed, dest)) {
            diag_tool(DIAG_ERROR, "%s", table[k].needs_text);
            return false;
        }
    }
    return true;
}

/* ---- The compiler's options ---- */

/* How a compiler option is matched, and whether it takes a value. */
typedef enum args_cc_form {
    ARGS_CC_FORM_VALUE,  /* the name, then its value joined or as the next argument */
    ARGS_CC_FORM_PREFIX, /* any argument starting with the name, alone */
    ARGS_CC_FORM_WHOLE,  /* the name exactly, alone */
} args_cc_form;

/* In which forms the preprocessor needs it (simon-cc passes these to
 * measuretool, which makes the clocked copy). */
enum { ARGS_CPP_JOINED = 1, ARGS_CPP_SEPARATE = 2, ARGS_CPP = 3 };

typedef struct args_cc_row {
    const char *name;
    args_cc_form form;
    unsigned cpp;
} args_cc_row;

/* Rows in the order they are tried: an option with a value before the
 * prefixes that would take it for a plain one. */
static const args_cc_row args_cc_table[] = {
    {"-I", ARGS_CC_FORM_VALUE, ARGS_CPP},
    {"-D", ARGS_CC_FORM_VALUE, ARGS_CPP},
    {"-U", ARGS_CC_FORM_VALUE, ARGS_CPP},
    {"-include", ARGS_CC_FORM_VALUE, ARGS_CPP_SEPARATE},
    {"-imacros", ARGS_CC_FORM_VALUE, 0},
    {"-isystem", ARGS_CC_FORM_VALUE, ARGS_CPP},
    {"-iquote", ARGS_CC_FORM_VALUE, ARGS_CPP},
    {"-idirafter", ARGS_CC_FORM_VALUE, 0},
    {"-isysroot", ARGS_CC_FORM_VALUE, 0},
    {"-x", ARGS_CC_FORM_VALUE, 0},
    {"-target", ARGS_CC_FORM_VALUE, 0},
    {"-Xclang", ARGS_CC_FORM_VALUE, 0},
    {"-std=", ARGS_CC_FORM_PREFIX, ARGS_CPP_JOINED},
    {"-W", ARGS_CC_FORM_PREFIX, 0},
    {"-w", ARGS_CC_FORM_WHOLE, 0},
    {"-f", ARGS_CC_FORM_PREFIX, 0},
    {"-m", ARGS_CC_FORM_PREFIX, 0},
    {"-O", ARGS_CC_FORM_PREFIX, 0},
    {"-g", ARGS_CC_FORM_PREFIX, 0},
    {"-pedantic", ARGS_CC_FORM_PREFIX, 0},
    {"-ansi", ARGS_CC_FORM_PREFIX, 0},
    {"-nostdinc", ARGS_CC_FORM_PREFIX, 0},
    {"--target=", ARGS_CC_FORM_PREFIX, 0},
    {"--sysroot=", ARGS_CC_FORM_PREFIX, 0},
    {"-pthread", ARGS_CC_FORM_PREFIX, 0},
    {"-c", ARGS_CC_FORM_WHOLE, 0},
    {"-v", ARGS_CC_FORM_WHOLE, 0},
};

args_cc_kind args_compiler_option(const char *arg, bool *preprocessor)
{
    for (size_t i = 0; i < sizeof args_cc_table / sizeof *args_cc_table; i++) {
        const args_cc_row *row = &args_cc_table[i];
        size_t n = strlen(row->name);
        if (row->form == ARGS_CC_FORM_WHOLE ? strcmp(arg, row->name) != 0
                                            : strncmp(arg, row->name, n) != 0)
            continue;
        args_cc_kind kind = row->form != ARGS_CC_FORM_VALUE ? ARGS_CC_ALONE
                            : arg[n]                        ? ARGS_CC_JOINED
                                                            : ARGS_CC_SEPARATE;
        unsigned form_bit = kind == ARGS_CC_SEPARATE ? ARGS_CPP_SEPARATE : ARGS_CPP_JOINED;
        if (preprocessor)
            *preprocessor = (row->cpp & form_bit) != 0;
        return kind;
    }
    if (preprocessor)
        *preprocessor = false;
    return ARGS_CC_NONE;
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
