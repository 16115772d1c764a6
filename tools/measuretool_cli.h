/* measuretool_cli: measuretool's command line, parsed and run.
 *
 * mt_parse_args() fills an mt_options from argv (diagnosing every problem it
 * finds); the arrays in it point into argv and are freed by
 * mt_options_release().  mt_run() does the work and returns the exit status:
 * 0 success, 1 an input could not be analyzed or an output not written,
 * 2 a usage error. */
#ifndef AITOOL_MEASURETOOL_CLI_H
#define AITOOL_MEASURETOOL_CLI_H

#include <stdbool.h>
#include <stdio.h>

enum { MT_EXIT_OK = 0, MT_EXIT_INPUT = 1, MT_EXIT_USAGE = 2 };

typedef struct mt_options {
    bool help, help_markdown, debug, static_only;
    bool dump_annots, no_default_annots, flow_sensitive;
    bool auto_instrument;     /* -auto-instrument: measure every loop */
    bool exasat_dialect;      /* -exasat-dialect: .xml inputs are the ExaSAT tools' dialect */
    const char *output;       /* -o: the instrumented copy (one input only) */
    const char *measured_file; /* -measured: a measurement to report beside the counts */
    bool report_file_given;   /* -report-file was given */
    const char **annot_files; /* -annot, in order: later ones override */
    int nannot_files;
    const char *report_file; /* -report-file; default ai_tool_report.txt */
    const char *json_file;   /* NULL: no JSON report */
    const char *xml_file;    /* -xml: the ExaSAT XML, or NULL */
    const char *machine_file; /* -machine: predict each nest on this machine, or NULL */
    const char **params;     /* -param NAME=VALUE: the symbols of loop bounds */
    int nparams;
    const char **inputs;
    int ninputs;
    const char **clang_args;
    int nclang_args;
} mt_options;

bool mt_parse_args(int argc, char **argv, mt_options *o);
void mt_options_release(mt_options *o);
void mt_print_help(FILE *out);
/* The option table as the README's markdown. */
void mt_print_markdown(FILE *out);
int mt_run(const mt_options *o);

/* Everything main() does: parse, run, exit status. */
int mt_main(int argc, char **argv);

#endif
