/* args: the option tables of the command lines (measuretool, perfmodel,
 * chips, bench/validate), and the line each prints for --version.  A
 * program describes each option once, in a table of args_option: its
 * names, what it takes, where it goes and its help text.  From that one
 * table come the parsing (args_parse_option), the options of
 * -help (args_print_help) and the README's option table
 * (args_print_markdown), so the three cannot disagree.
 *
 * Values point into argv.  The arrays of ARGS_LIST options are allocated
 * on first use (room for every argument) and freed by the caller. */
#ifndef AITOOL_ARGS_H
#define AITOOL_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef enum args_kind {
    ARGS_FLAG,  /* sets a bool */
    ARGS_VALUE, /* the next argument, a const char * (the last one given wins) */
    ARGS_LIST,  /* the next argument, appended to a const char ** counted by an int */
} args_kind;

typedef struct args_option {
    const char *names; /* "-help|--help|-h": the first is the one shown */
    args_kind kind;
    const char *value; /* the value's name in the help ("FILE"); NULL for a flag */
    bool joined;       /* the value may also be joined to the name: -Dn=1 */
    size_t dest;       /* offsetof the bool, const char * or const char ** */
    size_t count;      /* ARGS_LIST: offsetof its int count */
    const char *help;  /* one paragraph, wrapped by the printers */
} args_option;

typedef enum args_result {
    ARGS_NOT_AN_OPTION, /* argv[*i] is none of the table's */
    ARGS_TAKEN,         /* stored; *i is on the last argument used */
    ARGS_BAD,           /* one of them, but its value is missing (reported) */
} args_result;

/* Match argv[*i] against the table and store it into the struct at dest. */
args_result args_parse_option(const args_option *table, size_t n, int argc, char **argv, int *i,
                              void *dest);

/* The value of the option at argv[*i], which is argv[*i + 1]; *i moves onto it.  False, with
 * "option '-x' needs a value" reported through diag, when the option is the last argument. */
bool args_take_value(int argc, char **argv, int *i, const char **value);

/* "  -json FILE    help..." lines, the help starting at `column` and
 * wrapped to 80 columns. */
void args_print_help(FILE *out, const args_option *table, size_t n, int column);

/* The README's table: a header and one `| \`-json FILE\` | help |` row each. */
void args_print_markdown(FILE *out, const args_option *table, size_t n);

/* What --version prints, one line: the program's name and the project's
 * version, then "(libclang: DETAIL)" when the program uses libclang
 * (libclang is its clang_getClangVersion, or NULL). */
void args_print_version(FILE *out, const char *program, const char *libclang);

#endif
