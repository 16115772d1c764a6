#include "measuretool_cli.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer.h"
#include "annot.h"
#include "args.h"
#include "diag.h"
#include "exasat_xml.h"
#include "fileio.h"
#include "instrument.h"
#include "loop_model.h"
#include "machine.h"
#include "mem.h"
#include "perf.h"
#include "report.h"

/* Compiler options that take their value as the next argument when it is
 * not joined (`-I dir` and `-Idir`). */
static const char *const compiler_options_with_value[] = {
    "-I", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote", "-idirafter",
    "-isysroot", "-x", "-target", "-Xclang",
};

/* Compiler options passed to libclang as they are, by prefix. */
static const char *const compiler_option_prefixes[] = {
    "-std=", "-W", "-w", "-f", "-m", "-O", "-g", "-pedantic", "-ansi", "-nostdinc",
    "--target=", "--sysroot=", "-pthread", "-c", "-v",
};

static int compiler_option_with_value(const char *arg)
{
    for (size_t i = 0; i < sizeof compiler_options_with_value / sizeof *compiler_options_with_value; i++) {
        const char *opt = compiler_options_with_value[i];
        size_t n = strlen(opt);
        if (strncmp(arg, opt, n) == 0)
            return arg[n] ? 1 : 2; /* joined value, or the next argument */
    }
    return 0;
}

static bool compiler_option_plain(const char *arg)
{
    for (size_t i = 0; i < sizeof compiler_option_prefixes / sizeof *compiler_option_prefixes; i++) {
        const char *p = compiler_option_prefixes[i];
        size_t n = strlen(p);
        /* "-c", "-v", "-w" are whole options, the others prefixes. */
        if (n == 2 && (p[1] == 'c' || p[1] == 'v' || p[1] == 'w') ? strcmp(arg, p) == 0
                                                                  : strncmp(arg, p, n) == 0)
            return true;
    }
    return false;
}

bool mt_parse_args(int argc, char **argv, mt_options *o)
{
    memset(o, 0, sizeof *o);
    o->report_file = "ai_tool_report.txt";
    o->inputs = mem_alloc((size_t)argc * sizeof *o->inputs);
    o->clang_args = mem_alloc((size_t)argc * sizeof *o->clang_args);
    o->annot_files = mem_alloc((size_t)argc * sizeof *o->annot_files);
    o->params = mem_alloc((size_t)argc * sizeof *o->params);
    bool ok = true;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int with_value;
        if (!strcmp(a, "-help") || !strcmp(a, "--help") || !strcmp(a, "-h")) {
            o->help = true;
        } else if (!strcmp(a, "-debug")) {
            o->debug = true;
        } else if (!strcmp(a, "-static-counting-only")) {
            o->static_only = true;
        } else if (!strcmp(a, "-report-file")) {
            ok &= args_take_value(argc, argv, &i, &o->report_file);
            o->report_file_given = true;
        } else if (!strcmp(a, "-o")) {
            ok &= args_take_value(argc, argv, &i, &o->output);
        } else if (!strcmp(a, "-auto-instrument")) {
            o->auto_instrument = true;
        } else if (!strcmp(a, "-measured")) {
            ok &= args_take_value(argc, argv, &i, &o->measured_file);
        } else if (!strcmp(a, "-json")) {
            ok &= args_take_value(argc, argv, &i, &o->json_file);
        } else if (!strcmp(a, "-xml")) {
            ok &= args_take_value(argc, argv, &i, &o->xml_file);
        } else if (!strcmp(a, "-machine")) {
            ok &= args_take_value(argc, argv, &i, &o->machine_file);
        } else if (!strcmp(a, "-param")) {
            const char *v;
            if (args_take_value(argc, argv, &i, &v))
                o->params[o->nparams++] = v;
            else
                ok = false;
        } else if (!strcmp(a, "-annot") || !strcmp(a, "--annot")) {
            const char *v;
            if (args_take_value(argc, argv, &i, &v))
                o->annot_files[o->nannot_files++] = v;
            else
                ok = false;
        } else if (!strcmp(a, "-exasat-dialect")) {
            o->exasat_dialect = true;
        } else if (!strcmp(a, "-dumpannot")) {
            o->dump_annots = true;
        } else if (!strcmp(a, "-no-default-annot")) {
            o->no_default_annots = true;
        } else if (!strcmp(a, "-use-algorithm-v2")) {
            o->flow_sensitive = true;
        } else if (a[0] != '-') {
            o->inputs[o->ninputs++] = a;
        } else if (!strcmp(a, "-")) {
            diag_tool(DIAG_ERROR, "reading C from standard input is not supported; name a file");
            ok = false;
        } else if ((with_value = compiler_option_with_value(a)) != 0) {
            o->clang_args[o->nclang_args++] = a;
            if (with_value == 2) {
                const char *v;
                if (args_take_value(argc, argv, &i, &v))
                    o->clang_args[o->nclang_args++] = v;
                else
                    ok = false;
            }
        } else if (compiler_option_plain(a)) {
            o->clang_args[o->nclang_args++] = a;
        } else {
            diag_tool(DIAG_ERROR, "unknown option '%s' (measuretool -help lists the options)", a);
            ok = false;
        }
    }
    return ok;
}

void mt_options_release(mt_options *o)
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

void mt_print_help(FILE *out)
{
    fputs(
        "usage: measuretool [options] [compiler options] file.c|kernel.xml...\n"
        "\n"
        "Counts, per loop, the floating-point operations and array load/store bytes of\n"
        "one iteration, and their arithmetic intensity (flops per byte).\n"
        "\n"
        "The default mode writes an instrumented copy of each file (measureTool's\n"
        "protocol): declare `unsigned long chiterations, chloads, chstores, chflops;`\n"
        "at file scope and write `chiterations = N;` before each loop to count, N being\n"
        "the iterations of the nest it starts; the copy adds each counted loop's loads,\n"
        "stores and flops to the counters.  -auto-instrument needs no markers.\n"
        "\n"
        "options:\n"
        "  -help                   print this help and exit\n"
        "  -debug                  progress and per-loop internals on stderr\n"
        "  -static-counting-only   analyze only: write the report, change no source\n"
        "  -report-file FILE       the text report (default ai_tool_report.txt,\n"
        "                          rewritten on each run; - is standard output)\n"
        "  -json FILE              also write the report as JSON (- is standard output)\n"
        "  -xml FILE               also write ExaSAT XML (spec draft 0.3.1; - is standard\n"
        "                          output): per loop its bounds, own-level operations,\n"
        "                          scalars and array subscripts (xml-schema/README.md)\n"
        "  -machine FILE           with -static-counting-only: predict each loop nest's\n"
        "                          flops, bytes, working set and runtime on that machine\n"
        "                          (the perfmodel core; model/machines/ has examples)\n"
        "  -param NAME=VALUE       a value for a symbol of the loop bounds, for -machine\n"
        "                          (repeatable; -D still goes to the compiler); an array\n"
        "                          element such as lo(3) is a symbol too\n"
        "  -exasat-dialect         read .xml inputs as the ExaSAT tools' own dialect\n"
        "                          (otherwise detected per document)\n"
        "  -annot FILE             function side-effect annotations (repeatable; later\n"
        "                          files override earlier ones and the built-in set)\n"
        "  -no-default-annot       do not load the built-in libc/libm annotations\n"
        "  -dumpannot              print the annotations in effect to standard output\n"
        "  -use-algorithm-v2       flow-sensitive counting: the largest arm of each\n"
        "                          if/else, ?: and switch instead of the sum of all arms\n"
        "  -o FILE                 the instrumented copy (default ai_<file> here)\n"
        "  -auto-instrument        measure every loop: the copy writes each loop's\n"
        "                          entries, iterations, FP operations and bytes as JSON\n"
        "                          at exit, to $AITOOL_MEASURED (default ai_measured.json)\n"
        "  -measured FILE          with -static-counting-only: report that measurement\n"
        "                          beside the static counts of each loop\n"
        "\n"
        "compiler options, passed to clang: -I DIR, -D NAME[=VALUE], -U NAME, -std=...,\n"
        "  -include FILE, -isystem DIR, -target T, --target=T, -W..., -f..., -m..., -O...,\n"
        "  -g..., -c (ignored), ...  clang's errors are always reported, its warnings\n"
        "  only when a -W option is given (-Wall, for instance).\n"
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
        "written directly before a loop (or a function definition) states the counts you\n"
        "expect for it (or for the whole body); every clause given is checked, and each\n"
        "that differs is an error.  -debug also reports the clauses that match.\n"
        "\n"
        "An output that names an input (C, XML, -annot, -measured, -machine) is\n"
        "refused.  The outputs of a run are replaced together at its end, none when\n"
        "one cannot be written.\n"
        "\n"
        "Exit status: 0 success, 1 an input could not be analyzed, a pragma did not\n"
        "hold or an output could not be written, 2 a usage error.\n",
        out);
}

/* An output that names a file measuretool reads would destroy it: the C or XML
 * inputs, the annotation files, -measured and -machine. */
static bool mt_output_not_input(const mt_options *o, const char *option, const char *out)
{
    const char **read = mem_alloc((size_t)(o->ninputs + o->nannot_files + 2) * sizeof *read);
    int n = 0;
    for (int i = 0; i < o->ninputs; i++)
        read[n++] = o->inputs[i];
    for (int i = 0; i < o->nannot_files; i++)
        read[n++] = o->annot_files[i];
    read[n++] = o->measured_file;
    read[n++] = o->machine_file;
    bool ok = fileio_output_not_input(option, out, read, n);
    free(read);
    return ok;
}

/* The built-in set, then each -annot file; NULL after a syntax error. */
static annot_set *mt_load_annotations(const mt_options *o)
{
    annot_set *s = annot_set_create();
    if (!o->no_default_annots)
        annot_load_defaults(s);
    bool ok = true;
    for (int i = 0; i < o->nannot_files; i++)
        ok &= annot_parse_file(s, o->annot_files[i]);
    if (!ok)
        annot_set_free(&s);
    return s;
}

static bool mt_is_xml_input(const char *path)
{
    size_t n = strlen(path);
    return n > 4 && !strcmp(path + n - 4, ".xml");
}

/* The reports every mode writes from a finished program. */
static bool mt_write_reports(const mt_options *o, lm_program *p, bool text_report)
{
    bool ok = true;
    if (o->debug)
        report_debug_write(stderr, p);
    if (lm_verify_pragmas(p, o->debug) > 0)
        ok = false;
    if (text_report)
        ok &= report_text_file(o->report_file, p);
    if (o->json_file)
        ok &= report_json_file(o->json_file, p);
    if (o->xml_file)
        ok &= xml_write_file(o->xml_file, p);
    return ok;
}

/* -machine: the performance model's prediction on each nest's outermost loop. */
static bool mt_predict(const mt_options *o, lm_program *p, const perf_bindings *b)
{
    machine *m = machine_load(o->machine_file);
    bool ok = m != NULL;
    if (m) {
        perf_result r;
        ok = perf_evaluate(p, m, b, &r);
        if (ok)
            perf_attach_predictions(p, &r, m);
        perf_result_release(&r);
    }
    machine_free(&m);
    return ok;
}

static bool mt_analyze(const mt_options *o, const annot_set *annots, const perf_bindings *params)
{
    analyzer_options aopt = {o->clang_args, o->nclang_args, o->debug, annots, o->flow_sensitive,
                             o->xml_file != NULL || o->machine_file != NULL};
    analyzer *a = analyzer_create(&aopt);
    lm_program *p = lm_program_create();
    bool ok = true;
    for (int i = 0; i < o->ninputs; i++) {
        if (mt_is_xml_input(o->inputs[i]))
            ok &= xml_read_file_as(p, o->inputs[i], o->exasat_dialect ? XML_DIALECT_ORIGINAL
                                                                      : XML_DIALECT_AUTO);
        else
            ok &= analyzer_analyze_file(a, p, o->inputs[i]);
    }
    analyzer_free(&a);
    lm_program_finish(p);
    if (o->measured_file)
        ok &= report_attach_measured(p, o->measured_file);
    if (o->machine_file)
        ok &= mt_predict(o, p, params);
    fileio_run_begin();
    ok &= mt_write_reports(o, p, true);
    ok &= fileio_run_end();
    lm_program_free(&p);
    return ok;
}

/* The instrumented copy of input i: -o, or ai_<basename> here. */
static char *mt_output_path(const mt_options *o, int i)
{
    if (o->output)
        return mem_strdup(o->output);
    const char *base = fileio_basename(o->inputs[i]);
    char *out = mem_alloc(strlen(base) + 4);
    strcpy(out, "ai_");
    strcat(out, base);
    return out;
}

/* Every output is checked before anything is written. */
static bool mt_outputs_ok(const mt_options *o)
{
    if (o->output && o->ninputs > 1) {
        diag_tool(DIAG_ERROR, "-o names one output, but %d files were given", o->ninputs);
        return false;
    }
    bool ok = true;
    for (int i = 0; i < o->ninputs && ok; i++) {
        char *out = mt_output_path(o, i);
        if (!strcmp(out, "-")) {
            diag_tool(DIAG_ERROR, "the instrumented copy needs a file name, not '-'");
            ok = false;
        }
        ok = ok && mt_output_not_input(o, o->output ? "-o" : "the instrumented copy", out);
        for (int k = 0; k < i && ok; k++) {
            char *other = mt_output_path(o, k);
            if (!strcmp(out, other)) {
                diag_tool(DIAG_ERROR, "'%s' and '%s' would both be instrumented into '%s'; "
                                      "instrument them one at a time with -o",
                          o->inputs[k], o->inputs[i], out);
                ok = false;
            }
            free(other);
        }
        free(out);
    }
    return ok;
}

/* The default mode and -auto-instrument: a copy of each input. */
static bool mt_instrument(const mt_options *o, const annot_set *annots)
{
    analyzer_options aopt = {o->clang_args, o->nclang_args, o->debug, annots, o->flow_sensitive,
                             o->xml_file != NULL};
    analyzer *a = analyzer_create(&aopt);
    lm_program *p = lm_program_create();
    instrument_mode mode = o->auto_instrument ? INSTRUMENT_AUTO : INSTRUMENT_MARKERS;
    bool ok = true;
    /* The copies and the reports are replaced together, at the end. */
    fileio_run_begin();
    for (int i = 0; i < o->ninputs; i++) {
        char *out = mt_output_path(o, i);
        ok &= instrument_file(a, p, mode, o->inputs[i], out);
        free(out);
    }
    analyzer_free(&a);
    lm_program_finish(p);
    ok &= mt_write_reports(o, p, o->report_file_given);
    ok &= fileio_run_end();
    lm_program_free(&p);
    return ok;
}

static int mt_run_analysis(const mt_options *o, const annot_set *annots)
{
    if (o->ninputs == 0) {
        diag_tool(DIAG_ERROR, "no input files (measuretool -help lists the options)");
        return MT_EXIT_USAGE;
    }
    bool report = o->static_only || o->report_file_given;
    if (!mt_output_not_input(o, o->report_file_given ? "-report-file" : "the report",
                             report ? o->report_file : NULL) ||
        !mt_output_not_input(o, "-json", o->json_file) ||
        !mt_output_not_input(o, "-xml", o->xml_file))
        return MT_EXIT_USAGE;
    if (o->static_only) {
        if (o->output || o->auto_instrument) {
            diag_tool(DIAG_ERROR, "%s writes an instrumented copy, which "
                                  "-static-counting-only does not make",
                      o->output ? "-o" : "-auto-instrument");
            return MT_EXIT_USAGE;
        }
        /* -param values are checked before anything is analyzed. */
        perf_bindings *params = perf_bindings_create();
        int status = MT_EXIT_USAGE;
        if (perf_bindings_parse_all(params, o->params, o->nparams, "-param"))
            status = mt_analyze(o, annots, params) ? MT_EXIT_OK : MT_EXIT_INPUT;
        perf_bindings_free(&params);
        return status;
    }
    if (o->measured_file || o->machine_file) {
        diag_tool(DIAG_ERROR, "%s reports beside the static counts: "
                              "use it with -static-counting-only",
                  o->measured_file ? "-measured" : "-machine");
        return MT_EXIT_USAGE;
    }
    for (int i = 0; i < o->ninputs; i++) {
        if (mt_is_xml_input(o->inputs[i])) {
            diag_tool(DIAG_ERROR, "'%s' is ExaSAT XML, which has no source to instrument: "
                                  "use -static-counting-only to report it", o->inputs[i]);
            return MT_EXIT_USAGE;
        }
    }
    if (!mt_outputs_ok(o))
        return MT_EXIT_USAGE;
    return mt_instrument(o, annots) ? MT_EXIT_OK : MT_EXIT_INPUT;
}

int mt_run(const mt_options *o)
{
    if (o->help) {
        mt_print_help(stdout);
        return MT_EXIT_OK;
    }
    annot_set *annots = mt_load_annotations(o);
    if (!annots)
        return MT_EXIT_INPUT;
    if (o->dump_annots)
        annot_dump(stdout, annots);
    int status = MT_EXIT_OK;
    if (o->ninputs > 0 || !o->dump_annots)
        status = mt_run_analysis(o, annots);
    annot_set_free(&annots);
    return status;
}

int mt_main(int argc, char **argv)
{
    diag_set_program("measuretool");
    mt_options o;
    int status = mt_parse_args(argc, argv, &o) ? mt_run(&o) : MT_EXIT_USAGE;
    mt_options_release(&o);
    return status;
}
