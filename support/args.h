/* args: the option tables of the command lines (measuretool, perfmodel,
 * chips, simon-cc, the SIMON programs' main, bench/validate), the one loop
 * that reads a command line through a table, the table of the compiler's
 * options (measuretool and simon-cc pass them on), and the line each
 * program prints for --version.  A program describes each option once, in
 * a table of args_option: its names, what it takes (a flag, a text, a
 * repeatable text, a whole number and its range), where it goes, the
 * option it goes with and its help text.  From that one table come the
 * parsing (args_parse_all), the usage errors of values and of options
 * given without the one they go with (args_check_needs), the options of
 * -help (args_print_help) and the README's option table
 * (args_print_markdown), so they cannot disagree.
 *
 * Values point into argv.  The arrays of ARGS_LIST options and of the
 * inputs are allocated by the parse (room for every argument) and freed
 * by the caller. */
#ifndef AITOOL_ARGS_H
#define AITOOL_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef enum args_kind {
    ARGS_FLAG,  /* sets a bool */
    ARGS_VALUE, /* the next argument, a const char * (the last one given wins) */
    ARGS_LIST,  /* the next argument, appended to a const char ** counted by an int */
    ARGS_INT,   /* the next argument, a whole number from min to max, into a long long; the
                 * ranges start above 0, so 0 is "not given" */
} args_kind;

typedef struct args_option {
    const char *names; /* "-help|--help|-h": the first is the one shown */
    args_kind kind;
    const char *value; /* the value's name in the help ("FILE"); NULL for a flag */
    bool joined;       /* the value may also be joined to the name: -Dn=1 */
    size_t dest;       /* offsetof the bool, const char *, const char ** or long long */
    size_t count;      /* ARGS_LIST: offsetof its int count */
    const char *help;  /* one paragraph, wrapped by the printers */
    long long min, max; /* ARGS_INT: the range */
    /* ARGS_INT: the error for a value that is not a whole number in the range, where {name},
     * {value}, {min}, {max} and {why} (what is wrong) are replaced; NULL:
     * "{name}: expected a whole number from {min} to {max}, not '{value}'". */
    const char *bad;
    const char *missing;    /* the error when the value is missing; NULL: "option '-x' needs a
                             * value" */
    const char *needs;      /* the first name of the option this one goes with, or NULL */
    const char *needs_text; /* the error when it is given without that one */
} args_option;

typedef enum args_result {
    ARGS_NOT_AN_OPTION, /* argv[*i] is none of the table's */
    ARGS_TAKEN,         /* stored; *i is on the last argument used */
    ARGS_BAD,           /* one of them, but its value is missing or bad (reported) */
} args_result;

/* A command line besides its table: where its inputs go, what it says of an
 * argument it does not know, where it stops. */
typedef struct args_program {
    const args_option *table;
    size_t n;
    bool has_inputs;       /* arguments not starting with '-', and "-", are inputs */
    size_t inputs;         /* offsetof their const char **, allocated by the parse */
    size_t ninputs;        /* offsetof their int count */
    const char *unknown;   /* the error for an argument that is neither: %s is it */
    bool stop_at_error;    /* the first bad argument ends the parse */
    bool has_rest;         /* "--" ends the options: what follows is the program's */
    size_t rest;           /* offsetof the int index of the first argument after it (argc) */
    /* Tried on an argument the table does not know, before it is an input or
     * unknown (measuretool's compiler options, simon-cc's arguments for cc);
     * NULL: none. */
    args_result (*other)(int argc, char **argv, int *i, void *dest);
} args_program;

/* Every argument of argv[1..argc) into the struct at dest, which the caller
 * has set to its defaults; each error is reported through diag.  False
 * when any argument was bad. */
bool args_parse_all(const args_program *pg, int argc, char **argv, void *dest);

/* The first option of the table given without the one it goes with
 * (its needs), reported with its needs_text; false then. */
bool args_check_needs(const args_option *table, size_t n, const void *dest);

/* What a compiler option (the compiler's, not a program's own) is, from one
 * table: how its value is given, and whether the preprocessor needs it. */
typedef enum args_cc_kind {
    ARGS_CC_NONE,     /* not a compiler option this project knows */
    ARGS_CC_ALONE,    /* one argument, no value: -O2, -Wall, -c */
    ARGS_CC_JOINED,   /* its value joined: -Idir */
    ARGS_CC_SEPARATE, /* its value is the next argument: -I dir */
} args_cc_kind;

/* arg's kind; *preprocessor (when not NULL) says whether the preprocessor
 * needs it in this form. */
args_cc_kind args_compiler_option(const char *arg, bool *preprocessor);

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
