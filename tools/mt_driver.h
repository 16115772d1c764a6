/* mt_driver: measuretool's run planner, under its command line
 * (measuretool_cli.c, which reads argv into an mt_options and calls
 * mt_driver_run) and callable by tests with options of their own.  It
 * owns which stages run and in what order: the annotations, the
 * translation units of the run (the files named, or a compilation
 * database's; with -shard, a slice), the analysis or the instrumented
 * copies by -j threads (mt_batch.h), the measurement and the predictions
 * beside the loop model, the reports and the merge of slices' reports.
 *
 * The options and everything they point to are the caller's; nothing the
 * driver makes outlives mt_driver_run. */
#ifndef AITOOL_MT_DRIVER_H
#define AITOOL_MT_DRIVER_H

#include <stdbool.h>

enum { MT_EXIT_OK = 0, MT_EXIT_INPUT = 1, MT_EXIT_USAGE = 2 };

/* A run of measuretool, as its options say it. */
typedef struct mt_options {
    bool help, help_markdown, version, debug, static_only;
    bool dump_annots, no_default_annots, flow_sensitive;
    bool auto_instrument;     /* -auto-instrument: measure every loop */
    bool simon_clock;         /* -simon-clock: a copy that advances SIMON's clock */
    const char *costs_file;   /* -T: what each class of operation costs, or NULL */
    bool exasat_dialect;      /* -exasat-dialect: .xml inputs are the ExaSAT tools' dialect */
    const char *output;       /* -o: the instrumented copy (one input only) */
    const char *measured_file; /* -measured: a measurement to report beside the counts */
    bool report_file_given;   /* -report-file was given */
    const char **annot_files; /* -annot, in order: later ones override */
    int nannot_files;
    const char *report_file; /* -report-file; default ai_tool_report.txt */
    const char *json_file;   /* NULL: no JSON report */
    const char *html_file;   /* -html: the HTML page, or NULL */
    const char *xml_file;    /* -xml: the ExaSAT XML, or NULL */
    const char *chips_file;  /* -chips: the CHIP3S application, or NULL */
    const char *chips_entry; /* -chips-entry: the function it evaluates, or NULL */
    const char *machine_file; /* -machine: predict each nest on this machine, or NULL */
    const char *plot_file;    /* -plot: the roofline chart of -machine (.png or .svg), or NULL */
    const char *model;        /* -model roofline|ecm for -machine, or NULL */
    long long cores;          /* -cores N for -machine, or 0 */
    const char *compile;      /* -compile 'CMD' for -machine ("off", or NULL: the machine's) */
    long long top;            /* -top N: the hot loops listed with -machine (0: none) */
    bool strict;              /* -strict: with -machine, an unpredicted nest is an error */
    const char **params;     /* -param NAME=VALUE: the symbols of loop bounds */
    int nparams;
    const char *build_dir;   /* -p: the build's compile_commands.json is there */
    long long jobs;          /* -j N, or 0 */
    const char *shard;       /* -shard K/N, as given */
    bool progress;           /* -progress: the progress line off a terminal too */
    const char *merge_json;  /* -merge OUT.json: merge the inputs, slices' JSON reports */
    const char *merge_xml;   /* -merge-xml OUT.xml: merge the inputs, slices' XML */
    const char *merge_measured; /* -merge-measured OUT.json: sum the inputs, measurements */
    const char **inputs;
    int ninputs;
    const char **clang_args;
    int nclang_args;
    /* The command line's own checks of options that go together (its option
     * table's), run with the driver's usage checks; false after an error
     * reported through diag.  NULL: none. */
    bool (*usage_ok)(const struct mt_options *o);
} mt_options;

/* The run o asks for: the annotations (-dumpannot prints them), then, with
 * inputs or without -dumpannot, the merge of slices' reports, the analysis
 * or the instrumented copies.  Usage errors are reported through diag.
 * The exit status: 0 success, 1 an input could not be analyzed, a pragma
 * did not hold or an output not written, 2 a usage error. */
int mt_driver_run(const mt_options *o);

#endif
