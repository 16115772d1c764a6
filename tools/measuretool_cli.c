/* measuretool's command line: its option table, argv read through it, the
 * help, and the dispatch to the run planner (mt_driver.h). */
#include "measuretool_cli.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer.h"
#include "args.h"
#include "diag.h"
#include "fileio.h"
#include "mem.h"
#include "mt_driver.h"
#include "perf.h"
#include "report_perf.h"

#define MT_OPT(field) offsetof(mt_options, field)

enum { MT_MAX_JOBS = 1024 };

/* Every option of measuretool but the compiler's: the parser, -help and the
 * README's option table (measuretool -help-markdown) all read this. */
static const args_option mt_option_table[] = {
    {.names = "-help|--help|-h", .kind = ARGS_FLAG, .dest = MT_OPT(help),
     .help = "print the usage and exit"},
    {.names = "-help-markdown", .kind = ARGS_FLAG, .dest = MT_OPT(help_markdown),
     .help = "print this table of options as the README's markdown and exit"},
    {.names = "--version|-version", .kind = ARGS_FLAG, .dest = MT_OPT(version),
     .help = "print measuretool's version and the libclang it uses, and exit"},
    {.names = "-debug", .kind = ARGS_FLAG, .dest = MT_OPT(debug),
     .help = "progress and per-loop internals (own and inclusive counts, every array with its "
             "element type) on stderr"},
    {.names = "-static-counting-only", .kind = ARGS_FLAG, .dest = MT_OPT(static_only),
     .help = "analyze only: write the report, change no source. Without it measuretool writes an "
             "instrumented copy of each file (measureTool's `chiterations = N;` protocol)"},
    {.names = "-o", .kind = ARGS_VALUE, .value = "PATH", .dest = MT_OPT(output),
     .help = "the instrumented copy of one input; with -p (or several inputs and DIR/), the "
             "directory of a tree of copies that mirrors the sources, with their headers and a "
             "compile_commands.json; default `ai_<file name>` in the current directory"},
    {.names = "-auto-instrument", .kind = ARGS_FLAG, .dest = MT_OPT(auto_instrument),
     .help = "instrument every loop for exact measurement, no markers needed: the copy writes "
             "each loop's entries, iterations, FP operations and bytes, and each loop nest's "
             "seconds (each loop's with AITOOL_TIME=all), as JSON at exit, to "
             "$AITOOL_MEASURED (default ai_measured.json; %p the process id, %r the MPI rank)"},
    {.names = "-simon-clock", .kind = ARGS_FLAG, .dest = MT_OPT(simon_clock),
     .help = "instead of counters, start each stretch of code that always runs as a whole with "
             "simon_advance(N), N the ns its C operations cost, for the SIMON simulator "
             "(simon-cc does this with -T; simon/README.md)"},
    {.names = "-T", .kind = ARGS_VALUE, .value = "FILE", .dest = MT_OPT(costs_file),
     .needs = "-simon-clock",
     .needs_text = "-T gives the costs of -simon-clock: use it with -simon-clock",
     .help = "with -simon-clock: the cost of each class of operation, `class ns` pairs (iadd "
             "imul idiv ilogic cmp fadd fmul fdiv load store call branch); an unlisted class "
             "costs 1 ns"},
    {.names = "-measured", .kind = ARGS_VALUE, .value = "FILE", .dest = MT_OPT(measured_file),
     .needs = "-static-counting-only",
     .needs_text = "-measured reports beside the static counts: use it with "
                   "-static-counting-only",
     .help = "with -static-counting-only: put that measurement (written by an "
             "-auto-instrument'ed program) beside the static counts of each loop in the reports"},
    {.names = "-report-file", .kind = ARGS_VALUE, .value = "FILE", .dest = MT_OPT(report_file),
     .help = "the text report; default ai_tool_report.txt in the current directory (in the "
             "instrumentation modes, only when this option is given). It is rewritten on every "
             "run, never appended; - is standard output"},
    {.names = "-json", .kind = ARGS_VALUE, .value = "FILE", .dest = MT_OPT(json_file),
     .help = "also write the report as JSON (- is standard output)"},
    {.names = "-html", .kind = ARGS_VALUE, .value = "FILE", .dest = MT_OPT(html_file),
     .help = "also write the report as one self-contained HTML page (- is standard output): "
             "a summary, the loop table (sorted and filtered in the page), each file's source "
             "with its loops' numbers and #pragma aitool results beside their lines, and with "
             "-machine the roofline (and -measured's points) and predicted against measured "
             "times; it needs no network and runs no script but its own"},
    {.names = "-xml", .kind = ARGS_VALUE, .value = "FILE", .dest = MT_OPT(xml_file),
     .help = "also write ExaSAT XML (spec draft 0.3.1; - is standard output): per loop its "
             "bounds, own-level operations, scalars and array subscripts (xml-schema/README.md)"},
    {.names = "-chips", .kind = ARGS_VALUE, .value = "APP.la", .dest = MT_OPT(chips_file),
     .help = "also write the loop model as a CHIP3S performance study: the application APP and, "
             "beside it, a subtask FUNC.la per function whose cflow procedure holds its loop "
             "nests with their trip counts, FP operations and bytes and calls the procedures of "
             "the functions it calls; bound symbols are its variables, valued by -param; with "
             "-machine each nest's time is perfmodel's on that machine (chips/README.md)"},
    {.names = "-chips-entry", .kind = ARGS_VALUE, .value = "NAME", .dest = MT_OPT(chips_entry),
     .needs = "-chips",
     .needs_text = "-chips-entry names the function a -chips study evaluates: give it with "
                   "-chips",
     .help = "the function the -chips application evaluates, with every function it calls "
             "(default main; without main, the functions no other function calls); a name the "
             "program does not define is an error"},
    {.names = "-exasat-dialect", .kind = ARGS_FLAG, .dest = MT_OPT(exasat_dialect),
     .help = "read .xml inputs as the ExaSAT tools' own dialect (otherwise detected per document)"},
    {.names = "-machine", .kind = ARGS_VALUE, .value = "FILE", .dest = MT_OPT(machine_file),
     .needs = "-static-counting-only",
     .needs_text = "-machine reports beside the static counts: use it with "
                   "-static-counting-only",
     .help = "with -static-counting-only: predict each loop nest's flops, bytes, working set and "
             "runtime on that machine (the perfmodel core; perfmodel/machines/ has examples)"},
    {.names = "-plot", .kind = ARGS_VALUE, .value = "FILE", .dest = MT_OPT(plot_file),
     .needs = "-machine",
     .needs_text = "-plot draws -machine's predictions: give it with -machine",
     .help = "with -machine: draw the roofline chart with gnuplot (.png or .svg): the machine's "
             "roofs and each nest at its predicted intensity; with a timed -measured, the "
             "measured roofline (the -top N nests of largest measured time beside their "
             "predictions, under the peak and each level's bandwidth)"},
    {.names = "-model", .kind = ARGS_VALUE, .value = "roofline|ecm", .dest = MT_OPT(model),
     .needs = "-machine",
     .needs_text = "-model chooses how -machine predicts: give it with -machine",
     .help = "with -machine: how counts become time, as perfmodel's -model (ecm needs the "
             "machine's \"benchmarks\")"},
    {.names = "-cores", .kind = ARGS_INT, .value = "N", .dest = MT_OPT(cores),
     .min = 1, .max = PERF_MAX_CORES, .bad = PERF_CORES_BAD, .needs = "-machine",
     .needs_text = "-cores chooses how -machine predicts: give it with -machine",
     .help = "with -machine: the cores that run every nest (default: all the machine's for a "
             "nest with an OpenMP for directive; one for sequential code)"},
    {.names = "-compile", .kind = ARGS_VALUE, .value = "'CMD'", .dest = MT_OPT(compile),
     .needs = "-machine",
     .needs_text = "-compile chooses how -machine predicts: give it with -machine",
     .help = "with -machine: each nest's in-core time from the code the compiler command CMD "
             "generates for its innermost loops (split in words, never given to a shell; "
             "llvm-mca-19 measures the loop in the assembly), as perfmodel's -compile; off: "
             "the estimate from the counts even when the machine file names a \"compile\" "
             "command (default: that command, else off)"},
    /* No needs row: -top's default is set before the parse, so it always reads as given. */
    {.names = "-top", .kind = ARGS_INT, .value = "N", .dest = MT_OPT(top), .min = 0,
     .max = REPORT_PERF_TOP_MAX,
     .help = "with -machine: end the predictions (the text and JSON reports) with the N nests "
             "of largest predicted time and, with -measured, of largest measured work: each "
             "one's share of the total, bound, AI and file:line; with a timed -measured, the "
             "measured roofline's N nests of largest measured time (default 10; 0: no lists)"},
    {.names = "-strict", .kind = ARGS_FLAG, .dest = MT_OPT(strict), .needs = "-machine",
     .needs_text = "-strict is about -machine's predictions: give it with -machine",
     .help = "with -machine: a nest the model cannot predict is an error, no prediction is "
             "reported and the exit status is 1; by default it is a warning, the nest marked "
             "unpredicted with its reason, and the totals say what they cover"},
    {.names = "-param", .kind = ARGS_LIST, .value = "NAME=VALUE", .dest = MT_OPT(params),
     .count = MT_OPT(nparams),
     .help = "a whole number for a symbol of the loop bounds, for -machine (repeatable; -D still "
             "goes to the compiler); an array element such as lo(3) is a symbol too"},
    {.names = "-annot|--annot", .kind = ARGS_LIST, .value = "FILE", .dest = MT_OPT(annot_files),
     .count = MT_OPT(nannot_files),
     .help = "read function side-effect annotations (repeatable; later files override earlier "
             "ones and the built-in set). A syntax error is FILE:line:col: error: ... and exit "
             "status 1 before anything is analyzed"},
    {.names = "-no-default-annot", .kind = ARGS_FLAG, .dest = MT_OPT(no_default_annots),
     .help = "do not load the built-in annotations for the C library, libm and the OpenMP runtime"},
    {.names = "-dumpannot", .kind = ARGS_FLAG, .dest = MT_OPT(dump_annots),
     .help = "print the annotations in effect to standard output, one per line with where each "
             "was read; with no input file, that is all it does"},
    {.names = "-use-algorithm-v2", .kind = ARGS_FLAG, .dest = MT_OPT(flow_sensitive),
     .help = "flow-sensitive counting: the largest arm of each if/else, ?: and switch instead of "
             "the sum of all arms; pragmas are checked against these counts"},
    {.names = "-p", .kind = ARGS_VALUE, .value = "BUILD_DIR", .dest = MT_OPT(build_dir),
     .help = "read BUILD_DIR/compile_commands.json (through libclang) and analyze every "
             "translation unit in it, or only the files named, each with its own flags; a named "
             "file not in it gets the flags of the first entry in its directory, with a warning. "
             "Compiler options given here are added after each entry's"},
    {.names = "-j", .kind = ARGS_INT, .value = "N", .joined = true, .dest = MT_OPT(jobs),
     .min = 1, .max = MT_MAX_JOBS,
     .bad = "-j '{value}': the number of translation units analyzed at once is a whole number "
            "from {min} to {max}",
     .help = "analyze N translation units at once (default: the number of cores); the outputs "
             "are the same bytes for every N"},
    {.names = "-shard", .kind = ARGS_VALUE, .value = "K/N", .dest = MT_OPT(shard),
     .help = "analyze only the K-th of N equal slices of the files (of the database, or named), "
             "in order; its -json and -xml reports say which slice they are, for -merge and "
             "-merge-xml"},
    {.names = "-progress", .kind = ARGS_FLAG, .dest = MT_OPT(progress),
     .help = "a progress line on stderr even off a terminal (on one it is always drawn), and a "
             "summary line at the end (always with -p)"},
    {.names = "-merge", .kind = ARGS_VALUE, .value = "OUT.json", .dest = MT_OPT(merge_json),
     .help = "merge the JSON reports named (of every slice of one -shard run) into OUT.json, the "
             "report of the whole run; analyzes nothing"},
    {.names = "-merge-xml", .kind = ARGS_VALUE, .value = "OUT.xml", .dest = MT_OPT(merge_xml),
     .help = "the same for the slices' ExaSAT XML"},
    {.names = "-merge-measured", .kind = ARGS_VALUE, .value = "OUT.json",
     .dest = MT_OPT(merge_measured),
     .help = "sum the measurements named (of the processes of one run of an -auto-instrument or "
             "aitool-cc program) into OUT.json, loop by loop, times too; a measurement of another "
             "build is refused; analyzes nothing"},
};

enum { MT_NOPTIONS = sizeof mt_option_table / sizeof *mt_option_table, MT_HELP_COLUMN = 26 };

/* A compiler option (and its value), passed on to clang; "-", which would
 * be standard input, is refused. */
static args_result mt_take_compiler_option(int argc, char **argv, int *i, void *dest)
{
    mt_options *o = dest;
    const char *a = argv[*i];
    if (!strcmp(a, "-")) {
        diag_tool(DIAG_ERROR, "reading C from standard input is not supported; name a file");
        return ARGS_BAD;
    }
    args_cc_kind kind = args_compiler_option(a, NULL);
    if (kind == ARGS_CC_NONE)
        return ARGS_NOT_AN_OPTION;
    o->clang_args[o->nclang_args++] = a;
    if (kind != ARGS_CC_SEPARATE)
        return ARGS_TAKEN;
    const char *v;
    if (!args_take_value(argc, argv, i, &v))
        return ARGS_BAD;
    o->clang_args[o->nclang_args++] = v;
    return ARGS_TAKEN;
}

static const args_program mt_program = {
    .table = mt_option_table,
    .n = MT_NOPTIONS,
    .has_inputs = true,
    .inputs = MT_OPT(inputs),
    .ninputs = MT_OPT(ninputs),
    .unknown = "unknown option '%s' (measuretool -help lists the options)",
    .other = mt_take_compiler_option,
};

/* The options given without the one they go with, from the table's rows. */
static bool mt_needs_ok(const mt_options *o)
{
    return args_check_needs(mt_option_table, MT_NOPTIONS, o);
}

static bool mt_parse_args(int argc, char **argv, mt_options *o)
{
    memset(o, 0, sizeof *o);
    /* -top 0 means no list, so its default is set before the parse, not read from a 0. */
    o->top = REPORT_PERF_TOP_DEFAULT;
    o->usage_ok = mt_needs_ok;
    o->clang_args = mem_alloc((size_t)argc * sizeof *o->clang_args);
    bool ok = args_parse_all(&mt_program, argc, argv, o);
    o->report_file_given = o->report_file != NULL;
    if (!o->report_file)
        o->report_file = "ai_tool_report.txt";
    return ok;
}

static void mt_options_release(mt_options *o)
{
    free(o->inputs);
    free(o->clang_args);
    free(o->annot_files);
    free(o->params);
    o->params = NULL;
    o->nparams = 0;
    o->inputs = NULL;
    o->clang_args = NULL;
    o->annot_files = NULL;
    o->ninputs = o->nclang_args = o->nannot_files = 0;
}

static void mt_print_help(FILE *out)
{
    fputs("usage: measuretool [options] [compiler options] file.c|file.cpp|kernel.xml...\n"
          "       measuretool -p BUILD_DIR [-j N] [-shard K/N] [options] [file.c...]\n"
          "       measuretool -merge OUT.json SLICE.json...  |  -merge-xml OUT.xml SLICE.xml...\n"
          "       measuretool -merge-measured OUT.json MEASURED.json...\n"
          "\n"
          "Counts, per loop, the floating-point operations and array load/store bytes of\n"
          "one iteration, and their arithmetic intensity (flops per byte), of C (gnu17)\n"
          "and C++ (.cpp .cc .cxx .C .c++ or -x c++: gnu++17; per template instance).\n"
          "\n"
          "The default mode writes an instrumented copy of each file (measureTool's\n"
          "protocol): declare `unsigned long chiterations, chloads, chstores, chflops;`\n"
          "at file scope and write `chiterations = N;` before each loop to count, N being\n"
          "the iterations of the nest it starts; the copy adds each counted loop's loads,\n"
          "stores and flops to the counters.  -auto-instrument needs no markers.\n"
          "\n"
          "options:\n",
          out);
    args_print_help(out, mt_option_table, MT_NOPTIONS, MT_HELP_COLUMN);
    fputs(
        "\n"
        "compiler options, passed to clang: -I DIR, -D NAME[=VALUE], -U NAME, -std=...,\n"
        "  -include FILE, -isystem DIR, -target T, --target=T, -W..., -f..., -m..., -O...,\n"
        "  -g..., -c (ignored), ...  clang's errors are always reported, its warnings\n"
        "  only when a -W option is given (-Wall, for instance).  C is read as gnu17\n"
        "  unless -std= is given.\n"
        "\n"
        "Every for, while and do loop of the named files is reported, in source order.\n"
        "With -static-counting-only a file ending in .xml is read as ExaSAT XML (the\n"
        "specification's dialect or the ExaSAT tools' own), checked against the schema,\n"
        "and reported like a C file (-xml writes it in the specification's dialect).\n"
        "FP operations are + - * / and += -= *= /= with a floating result; libm calls\n"
        "are counted as fp_special, outside fp_total.  Loads and stores count each\n"
        "array once per loop.\n"
        "\n"
        "Calls: a function defined in the same file (or its headers) is followed, and\n"
        "its operations and the bytes it moves through its pointer parameters count at\n"
        "the call.  Otherwise an annotation says what it reads and modifies:\n"
        "  operator NAME(TYPE P, ...) { modify none|{P, ...}; read{P, ...}; alias none; }\n"
        "A call with neither makes the loop's bytes incomplete, with a warning.\n"
        "\n"
        "  #pragma aitool fp_plus(N) fp_minus(N) fp_multiply(N) fp_divide(N) fp_total(N)\n"
        "                 fp_special(N)\n"
        "written directly before a loop, a function definition or another statement\n"
        "(also as _Pragma(\"aitool ...\"), from a macro too) states the counts you expect\n"
        "for one iteration of the loop, the whole body, or one execution of the\n"
        "statement; every clause given is checked, and each that differs is an error.\n"
        "Pragmas in code the preprocessor skips are ignored.  -debug also reports the\n"
        "clauses that match.\n"
        "\n"
        "Whole projects: -p BUILD_DIR reads BUILD_DIR/compile_commands.json through\n"
        "libclang and analyzes each translation unit with its own flags (-c, -o, -O...\n"
        "and dependency-file options dropped), N at once with -j N; the outputs are\n"
        "the same bytes for every N, files in the database's order.  -shard K/N\n"
        "analyzes the K-th of N slices (one job of a batch array), and -merge /\n"
        "-merge-xml join the slices' -json / -xml reports into the whole run's.  On a\n"
        "terminal a progress line is drawn on stderr; with -p (or -progress) a\n"
        "summary line ends the run.\n"
        "\n"
        "An output that names an input (C, XML, -annot, -measured, -machine) is\n"
        "refused.  The outputs of a run are replaced together at its end, none when\n"
        "one cannot be written.\n"
        "\n"
        "Exit status: 0 success, 1 an input could not be analyzed, a pragma did not\n"
        "hold or an output could not be written, 2 a usage error.\n",
        out);
}

static void mt_print_markdown(FILE *out)
{
    args_print_markdown(out, mt_option_table, MT_NOPTIONS);
}

static int mt_run(const mt_options *o)
{
    if (o->help) {
        mt_print_help(stdout);
        return MT_EXIT_OK;
    }
    if (o->help_markdown) {
        mt_print_markdown(stdout);
        return MT_EXIT_OK;
    }
    if (o->version) {
        char *libclang = analyzer_clang_version();
        args_print_version(stdout, "measuretool", libclang);
        free(libclang);
        return MT_EXIT_OK;
    }
    return mt_driver_run(o);
}

int mt_main(int argc, char **argv)
{
    diag_set_program("measuretool");
    fileio_program_begin();
    mt_options o;
    int status = mt_parse_args(argc, argv, &o) ? mt_run(&o) : MT_EXIT_USAGE;
    mt_options_release(&o);
    return fileio_program_end(status, MT_EXIT_USAGE);
}
