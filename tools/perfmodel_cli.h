/* perfmodel_cli: perfmodel's command line, parsed and run.
 *
 * pm_parse_args() fills a pm_options from argv (diagnosing what it finds
 * wrong); its arrays point into argv and are freed by pm_options_release().
 * pm_run() does the work and returns the exit status: 0 success, 1 an
 * input could not be read or modeled or an output not written, 2 a usage
 * error. */
#ifndef AITOOL_PERFMODEL_CLI_H
#define AITOOL_PERFMODEL_CLI_H

#include <stdbool.h>
#include <stdio.h>

enum { PM_EXIT_OK = 0, PM_EXIT_INPUT = 1, PM_EXIT_USAGE = 2 };

typedef struct pm_options {
    bool help, help_markdown, csv, calibrate;
    bool exasat_dialect;      /* -exasat-dialect: read the ExaSAT tools' own dialect */
    const char *machine_file; /* -machine */
    const char *json_file;    /* -json, or NULL */
    const char *plot_file;    /* -plot: a roofline, or the sweep's chart (.png or .svg) */
    const char *sweep;        /* -sweep name=FROM:TO[:xF|:+S], or NULL */
    const char **defines;     /* -D name=value, in order */
    int ndefines;
    const char **inputs;      /* kernel.xml... */
    int ninputs;
} pm_options;

bool pm_parse_args(int argc, char **argv, pm_options *o);
void pm_options_release(pm_options *o);
void pm_print_help(FILE *out);
/* The option table as the README's markdown. */
void pm_print_markdown(FILE *out);
int pm_run(const pm_options *o);

/* Everything main() does: parse, run, exit status. */
int pm_main(int argc, char **argv);

#endif
