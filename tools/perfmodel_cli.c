/* perfmodel's command line: options, reading the kernels and the machine, the
 * model through perf.h, the reports through report_perf.h. */
#include "perfmodel_cli.h"

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "bound_expr.h"
#include "calibrate.h"
#include "diag.h"
#include "exasat_xml.h"
#include "fileio.h"
#include "loop_model.h"
#include "machine.h"
#include "measured.h"
#include "mem.h"
#include "numbers.h"
#include "perf.h"
#include "perf_trips.h"
#include "perf_plot.h"
#include "report_html.h"
#include "report_perf.h"
#include "report_roofline.h"

typedef struct pm_options {
    bool help, help_markdown, version, csv, calibrate;
    bool strict;              /* -strict: an unpredicted nest is an error */
    bool exasat_dialect;      /* -exasat-dialect: read the ExaSAT tools' own dialect */
    const char *machine_file; /* -machine */
    const char *json_file;    /* -json, or NULL */
    const char *html_file;    /* -html, or NULL */
    const char *plot_file;    /* -plot: a roofline, or the sweep's chart (.png or .svg) */
    const char *measured_file; /* -measured: a run's measurement, or NULL */
    const char *sweep;        /* -sweep name=FROM:TO[:xF|:+S], or NULL */
    const char **defines;     /* -D name=value, in order */
    int ndefines;
    const char *model;        /* -model roofline|ecm, or NULL */
    long long cores;          /* -cores N, or 0 */
    const char *compile;      /* -compile 'CMD' or off, or NULL: the machine file's */
    long long top;            /* -top N: the hot loops listed (0: none) */
    perf_options perf;        /* the two, checked, and the bindings of -D */
    const char **inputs;      /* kernel.xml... */
    int ninputs;
} pm_options;

#define PM_OPT(field) offsetof(pm_options, field)

/* perfmodel's options: the parser, -help and the README's option table
 * (perfmodel -help-markdown) all read this. */
static const args_option pm_option_table[] = {
    {.names = "-help|--help|-h", .kind = ARGS_FLAG, .dest = PM_OPT(help),
     .help = "print this help and exit"},
    {.names = "-help-markdown", .kind = ARGS_FLAG, .dest = PM_OPT(help_markdown),
     .help = "print this table of options as the README's markdown and exit"},
    {.names = "--version|-version", .kind = ARGS_FLAG, .dest = PM_OPT(version),
     .help = "print perfmodel's version and exit"},
    {.names = "-machine", .kind = ARGS_VALUE, .value = "FILE", .dest = PM_OPT(machine_file),
     .help = "the machine description (JSON; perfmodel/machines/ has examples)"},
    {.names = "-D", .kind = ARGS_LIST, .value = "name=value", .joined = true,
     .dest = PM_OPT(defines), .count = PM_OPT(ndefines),
     .help = "bind a symbol of the loop bounds to a whole number (repeatable; -Dname=value too); "
             "an array element such as lo(3) is a symbol too: -D 'lo(3)=1'"},
    {.names = "-exasat-dialect", .kind = ARGS_FLAG, .dest = PM_OPT(exasat_dialect),
     .help = "read every kernel as the ExaSAT tools' own XML dialect (offset and "
             "dependentloopvar accesses, if/else blocks, counts on functions), which is "
             "otherwise detected per document"},
    {.names = "-model", .kind = ARGS_VALUE, .value = "roofline|ecm", .dest = PM_OPT(model),
     .help = "how counts become time: roofline (the default: the slowest of compute and each "
             "level's traffic over its bandwidth) or ecm (in-core time plus the transfers "
             "between levels, scaled to the cores; needs the machine's \"benchmarks\")"},
    {.names = "-cores", .kind = ARGS_INT, .value = "N", .dest = PM_OPT(cores),
     .min = 1, .max = PERF_MAX_CORES, .bad = PERF_CORES_BAD,
     .help = "the cores that run every nest (default: all the machine's for a nest with a "
             "worksharing loop, omp= in its XML; one for sequential code)"},
    {.names = "-compile", .kind = ARGS_VALUE, .value = "'CMD'", .dest = PM_OPT(compile),
     .help = "each nest's in-core time from the code the compiler command CMD (\"cc -O2 "
             "-march=native\") generates: every innermost loop's file (as its XML names it) "
             "is compiled with CMD -S -g, the loop found in the assembly by its lines and "
             "measured by llvm-mca-19 (Debian's llvm-19; -mcpu from the machine file's "
             "\"mcpu\", else native); CMD is split in words, never given to a shell; a nest "
             "that cannot be compiled or found keeps the estimate from its counts, with a "
             "warning; off: that estimate even when the machine file names a \"compile\" "
             "command (default: that command, else off); results are cached across runs in "
             "$AITOOL_CACHE_DIR (default ~/.cache/aitool/incore)"},
    {.names = "-top", .kind = ARGS_INT, .value = "N", .dest = PM_OPT(top), .min = 0,
     .max = REPORT_PERF_TOP_MAX,
     .help = "end the report (and the JSON) with the N nests of largest predicted time: "
             "each one's share of the total, bound, AI and file:line; with a timed -measured, the "
             "measured roofline's N nests of largest measured time (default 10; 0: no list)"},
    {.names = "-strict", .kind = ARGS_FLAG, .dest = PM_OPT(strict),
     .help = "a nest the model cannot predict (a bound or count missing) is an error and "
             "nothing is printed (exit status 1); by default it is a warning, the nest a row "
             "marked unpredicted with its reason, and the totals say what they cover"},
    {.names = "-json", .kind = ARGS_VALUE, .value = "FILE", .dest = PM_OPT(json_file),
     .help = "also write the predictions as JSON (- is standard output)"},
    {.names = "-html", .kind = ARGS_VALUE, .value = "FILE", .dest = PM_OPT(html_file),
     .help = "also write one self-contained HTML page (- is standard output): a summary, the "
             "loop table (sorted and filtered in the page), the roofline with each nest's "
             "predicted point and -measured's points, predicted against measured times; the "
             "kernels' XML holds no source, so the page shows none"},
    {.names = "-csv", .kind = ARGS_FLAG, .dest = PM_OPT(csv),
     .help = "print one CSV row per loop nest instead of the table"},
    {.names = "-plot", .kind = ARGS_VALUE, .value = "FILE", .dest = PM_OPT(plot_file),
     .help = "draw a roofline chart (the machine's roofs, each nest at its intensity; with "
             "-measured, the measured roofline), or with -sweep the sweep, with gnuplot (.png or "
             ".svg)"},
    {.names = "-measured", .kind = ARGS_VALUE, .value = "FILE", .dest = PM_OPT(measured_file),
     .help = "a measurement of the kernels' program (an -auto-instrument or aitool-cc run), its "
             "loops matched by function and line: its counts give the trips of loops without "
             "bounds, and with its times the report, the JSON and -plot get the measured "
             "roofline of the -top N nests of largest measured time"},
    {.names = "-sweep", .kind = ARGS_VALUE, .value = "SPEC", .dest = PM_OPT(sweep),
     .help = "evaluate for each value of one parameter and print CSV: name=FROM:TO steps by 1, "
             ":+S by S, :xF multiplies by F (at most 100000 values)"},
    {.names = "-calibrate", .kind = ARGS_FLAG, .dest = PM_OPT(calibrate),
     .help = "measure this machine (caches from /sys, CPUID or sysconf, the last one's size "
             "checked against a triad's rate; peak with independent FMA chains; the benchmarks "
             "table: the in-core costs of the FP operations, loads and stores, streaming kernels "
             "in each cache and memory on one core and on all, transfer rates; about 12 s, 0.8 "
             "GiB of memory) and print its machine file; it takes no other option"},
};

enum { PM_NOPTIONS = sizeof pm_option_table / sizeof *pm_option_table, PM_HELP_COLUMN = 19 };

static const args_program pm_program = {
    .table = pm_option_table,
    .n = PM_NOPTIONS,
    .has_inputs = true,
    .inputs = PM_OPT(inputs),
    .ninputs = PM_OPT(ninputs),
    .unknown = "unknown option '%s' (perfmodel -help lists the options)",
};

static bool pm_parse_args(int argc, char **argv, pm_options *o)
{
    memset(o, 0, sizeof *o);
    /* -top 0 means no list, so its default is set before the parse, not read from a 0. */
    o->top = REPORT_PERF_TOP_DEFAULT;
    return args_parse_all(&pm_program, argc, argv, o);
}

static void pm_options_release(pm_options *o)
{
    free(o->defines);
    free(o->inputs);
    o->defines = o->inputs = NULL;
    o->ndefines = o->ninputs = 0;
}

static void pm_print_help(FILE *out)
{
    fputs(
        "usage: perfmodel -machine M.json [-model roofline|ecm] [-cores N] [-compile 'CMD']\n"
        "                 [-D name=value]...\n"
        "                 [-exasat-dialect] [-strict] [-top N] [-json FILE] [-csv]\n"
        "                 [-measured FILE] [-plot FILE.png|FILE.svg]\n"
        "                 [-sweep name=FROM:TO[:xF|:+S]] kernel.xml...\n"
        "       perfmodel -calibrate > this-machine.json\n"
        "\n"
        "Predicts, per loop nest of ExaSAT XML kernels (written by measuretool -xml, by\n"
        "the ExaSAT tools or by hand), the executed flops, the memory traffic, the working\n"
        "sets and the runtime on a machine; an if block counts with its probability.\n"
        "\n"
        "options:\n",
        out);
    args_print_help(out, pm_option_table, PM_NOPTIONS, PM_HELP_COLUMN);
    fputs(
        "\n"
        "Traffic follows a layer-condition rule per cache: the reuse of each array across\n"
        "the iterations of a loop level holds in a cache when the data it needs fits in\n"
        "half of it. Without the machine's benchmarks, runtime = max(weighted flops / peak,\n"
        "bytes / memory bandwidth); with them, each level's traffic goes at the bandwidth\n"
        "of the measured benchmark nearest its streams, and -model picks the roofline of\n"
        "the levels or ECM (README.md, \"The model\").\n"
        "\n"
        "With -measured (a run of the program, its loops matched by function and line)\n"
        "and its nest times, the report, -json and -plot end with the measured roofline:\n"
        "the -top N nests of largest measured time, their measured GFLOP/s and GB/s, the\n"
        "fraction of the roofline bound reached, and the prediction's error.\n"
        "\n"
        "-json and -plot refuse a kernel, the machine file or the measurement, and are\n"
        "replaced together at the end of the run, neither when one cannot be written.\n"
        "\n"
        "Exit status: 0 success, 1 an input or the machine file could not be read, a\n"
        "bound could not be evaluated or an output not written, 2 a usage error.\n",
        out);
}


static void pm_print_markdown(FILE *out)
{
    args_print_markdown(out, pm_option_table, PM_NOPTIONS);
}

static bexpr_bindings *pm_bindings(const pm_options *o)
{
    bexpr_bindings *b = bexpr_bindings_create();
    if (!bexpr_bindings_parse_all(b, o->defines, o->ndefines, "-D"))
        bexpr_bindings_free(&b);
    return b;
}

/* -sweep name=FROM:TO[:xF|:+S] */
typedef struct pm_sweep {
    char *name;
    long long from, to, step; /* step: with :+S */
    double factor;            /* with :xF, else 0 */
} pm_sweep;

/* The whole number text[0..len) of a -sweep spec, or a usage error naming it. */
static bool pm_sweep_number(const char *spec, const char *text, size_t len, long long *value)
{
    const char *error = num_parse_whole(text, len, value);
    if (error)
        diag_tool(DIAG_ERROR, "-sweep %s: '%.*s': %s", spec, (int)len, text, error);
    return !error;
}

/* ":xF" (a finite factor above 1) or ":+S" (a whole step above 0) after TO. */
static bool pm_parse_sweep_step(const char *spec, const char *text, pm_sweep *sw)
{
    if (text[0] == 'x') {
        char *end;
        sw->factor = strtod(text + 1, &end);
        if (end > text + 1 && *end == '\0' && isfinite(sw->factor) && sw->factor > 1)
            return true;
        diag_tool(DIAG_ERROR, "-sweep %s: the factor '%s' is not a number above 1", spec, text + 1);
        return false;
    }
    if (text[0] == '+') {
        if (!pm_sweep_number(spec, text + 1, strlen(text + 1), &sw->step))
            return false;
        if (sw->step > 0)
            return true;
        diag_tool(DIAG_ERROR, "-sweep %s: the step %lld is not above 0", spec, sw->step);
        return false;
    }
    diag_tool(DIAG_ERROR, "-sweep %s: expected :+STEP or :xFACTOR after TO, not ':%s'", spec, text);
    return false;
}

static bool pm_parse_sweep(const char *spec, pm_sweep *sw)
{
    memset(sw, 0, sizeof *sw);
    sw->step = 1;
    const char *eq = strchr(spec, '=');
    const char *colon = eq ? strchr(eq + 1, ':') : NULL;
    if (!eq || eq == spec || !colon) {
        diag_tool(DIAG_ERROR, "-sweep %s: expected NAME=FROM:TO, NAME=FROM:TO:+STEP or "
                              "NAME=FROM:TO:xFACTOR", spec);
        return false;
    }
    sw->name = mem_alloc((size_t)(eq - spec) + 1);
    memcpy(sw->name, spec, (size_t)(eq - spec));
    const char *to = colon + 1;
    const char *step = strchr(to, ':');
    size_t to_len = step ? (size_t)(step - to) : strlen(to);
    if (!pm_sweep_number(spec, eq + 1, (size_t)(colon - eq - 1), &sw->from) ||
        !pm_sweep_number(spec, to, to_len, &sw->to))
        return false;
    if (sw->to < sw->from) {
        diag_tool(DIAG_ERROR, "-sweep %s: FROM %lld is above TO %lld", spec, sw->from, sw->to);
        return false;
    }
    if (step && !pm_parse_sweep_step(spec, step + 1, sw))
        return false;
    /* A negative value multiplied would fall, not climb towards TO. */
    if (sw->factor > 0 && sw->from < 0) {
        diag_tool(DIAG_ERROR, "-sweep %s: a sweep by a factor starts at 0 or above, not at %lld",
                  spec, sw->from);
        return false;
    }
    return true;
}

/* The value after v; v itself when the next would not fit a long long. */
static long long pm_sweep_next(const pm_sweep *sw, long long v)
{
    long long next;
    if (sw->factor > 0) {
        double scaled = (double)v * sw->factor + 0.5;
        if (scaled >= 9.2e18)
            return v;
        next = (long long)scaled;
        return next > v ? next : v + 1;
    }
    return __builtin_add_overflow(v, sw->step, &next) ? v : next;
}

/* Each point is a row printed and a point kept for -plot: a sweep of more is
 * refused before anything is evaluated, rather than cut short. */
enum { PM_SWEEP_MAX_POINTS = 100000 };

static bool pm_sweep_within_cap(const char *spec, const pm_sweep *sw)
{
    size_t n = 1;
    for (long long v = sw->from, next; n <= PM_SWEEP_MAX_POINTS; v = next, n++) {
        next = pm_sweep_next(sw, v);
        if (next <= v || next > sw->to)
            return true;
    }
    diag_tool(DIAG_ERROR, "-sweep %s: more than %d points; use a larger :+STEP or :xFACTOR",
              spec, PM_SWEEP_MAX_POINTS);
    return false;
}

/* Executions of the bodies of the innermost loops, over all nests. */
static double pm_innermost_iterations(const perf_result *r)
{
    double n = 0;
    for (size_t i = 0; i < r->nnests; i++)
        for (size_t k = 0; k < r->nests[i].nloops; k++)
            if (!r->nests[i].loops[k].loop->children)
                n += r->nests[i].loops[k].executions;
    return n;
}

static bool pm_run_sweep(const pm_options *o, const pm_sweep *swp, const lm_program *p,
                         const machine *m, bexpr_bindings *b)
{
    const pm_sweep sw = *swp;
    perf_sweep_point *points = NULL;
    size_t n = 0, cap = 0;
    bool ok = true;
    printf("%s,flops,weighted_flops,specials,bytes,working_set_bytes,compute_s,memory_s,"
           "runtime_s,bottleneck\n", sw.name);
    perf_options popt = o->perf;
    for (long long v = sw.from; ok;) {
        bexpr_bindings_set(b, sw.name, v);
        perf_result r;
        ok = perf_evaluate(p, m, &popt, &r);
        /* The nests one point cannot predict, the next cannot either: said once. */
        if (popt.say == PERF_UNPREDICTED_WARN)
            popt.say = PERF_UNPREDICTED_QUIET;
        if (ok) {
            printf("%lld,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%s\n", v, r.flops,
                   r.weighted_flops, r.specials, r.bytes, r.working_set, r.compute_s,
                   r.memory_s, r.runtime_s, r.bottleneck);
            if (n == cap) {
                cap = cap ? 2 * cap : 64;
                points = mem_realloc(points, cap * sizeof *points);
            }
            points[n++] = (perf_sweep_point){v, r.flops, r.bytes, r.working_set, r.runtime_s,
                                             pm_innermost_iterations(&r)};
        }
        perf_result_release(&r);
        long long next = pm_sweep_next(&sw, v);
        if (next <= v || next > sw.to)
            break;
        v = next;
    }
    ok = ok && fflush(stdout) == 0;
    if (ok && o->plot_file)
        ok = perf_plot_sweep(o->plot_file, sw.name, points, n, sw.factor > 0);
    free(points);
    return ok;
}

/* The predicted roofline, or with a timed measurement the measured one. */
static bool pm_plot(const pm_options *o, const machine *m, const perf_result *r,
                    const report_roofline *rr)
{
    if (rr && report_roofline_drawable(rr))
        return perf_plot_roofline_measured(o->plot_file, m, rr);
    return perf_plot_roofline(o->plot_file, m, r);
}

static bool pm_report(const pm_options *o, const lm_program *p, const machine *m,
                      const measured_set *ms)
{
    perf_options popt = o->perf;
    popt.measured = ms ? measured_counts_of : NULL;
    popt.measured_ctx = ms;
    perf_result r;
    report_roofline rr = {0};
    bool ok = perf_evaluate(p, m, &popt, &r) &&
              (!ms || report_roofline_build(&rr, p, &r, m, ms, o->measured_file, (size_t)o->top));
    const report_roofline *measured = ms ? &rr : NULL;
    if (ok) {
        if (o->csv) {
            ok &= report_perf_csv_write(stdout, &r);
        } else {
            ok &= report_perf_text_write(stdout, &r, m, (size_t)o->top);
            if (measured)
                report_roofline_text(stdout, measured);
        }
        if (o->json_file)
            ok &= report_perf_json_file(o->json_file, &r, m, (size_t)o->top, measured);
        if (o->plot_file)
            ok &= pm_plot(o, m, &r, measured);
        if (o->html_file) {
            report_joins j = {ms, &r, m->name, NULL, (size_t)o->top, measured};
            report_html_options hopt = {"perfmodel", m, o->model ? o->model : "roofline",
                                        o->measured_file, false};
            ok &= report_html_file(o->html_file, p, &j, &hopt);
        }
    }
    report_roofline_release(&rr);
    perf_result_release(&r);
    return ok;
}

/* The exit status of modelling the kernels: a -D of a loop variable is a usage error. */
static int pm_model(const pm_options *o, const pm_sweep *sw, const machine *m, bexpr_bindings *b)
{
    lm_program *p = lm_program_create();
    bool ok = true;
    for (int i = 0; i < o->ninputs; i++)
        ok &= xml_read_file_as(p, o->inputs[i],
                               o->exasat_dialect ? XML_DIALECT_ORIGINAL : XML_DIALECT_AUTO);
    lm_program_finish(p);
    measured_set *ms = ok && o->measured_file ? measured_read_lines(p, o->measured_file) : NULL;
    ok &= !o->measured_file || ms;
    int status = ok ? PM_EXIT_OK : PM_EXIT_INPUT;
    if (ok && !perf_trips_check_bindings(p, b, "-D"))
        status = PM_EXIT_USAGE;
    if (ok && sw) {
        bexpr_bindings *swept = bexpr_bindings_create();
        bexpr_bindings_set(swept, sw->name, sw->from);
        if (!perf_trips_check_bindings(p, swept, "-sweep"))
            status = PM_EXIT_USAGE;
        bexpr_bindings_free(&swept);
    }
    if (status == PM_EXIT_OK) {
        fileio_run_begin();
        ok = sw ? pm_run_sweep(o, sw, p, m, b) : pm_report(o, p, m, ms);
        ok &= fileio_run_end();
        status = ok ? PM_EXIT_OK : PM_EXIT_INPUT;
    }
    measured_free(&ms);
    lm_program_free(&p);
    return status;
}

/* -json and -plot must not name a kernel, the machine file or the measurement. */
static bool pm_outputs_not_inputs(const pm_options *o)
{
    const char **read = mem_alloc((size_t)(o->ninputs + 2) * sizeof *read);
    memcpy(read, o->inputs, (size_t)o->ninputs * sizeof *read);
    read[o->ninputs] = o->machine_file;
    read[o->ninputs + 1] = o->measured_file;
    bool ok = fileio_output_writable("-html", o->html_file) &&
              fileio_output_not_input("-json", o->json_file, read, o->ninputs + 2) &&
              fileio_output_not_input("-plot", o->plot_file, read, o->ninputs + 2) &&
              fileio_output_not_input("-html", o->html_file, read, o->ninputs + 2);
    free(read);
    return ok;
}

static int pm_calibrate(const pm_options *o)
{
    if (o->machine_file || o->ninputs || o->json_file || o->html_file || o->csv || o->ndefines || o->model ||
        o->cores || o->plot_file || o->sweep || o->exasat_dialect || o->measured_file) {
        diag_tool(DIAG_ERROR, "-calibrate measures this machine and prints its machine file; "
                              "it takes no kernels and no other options");
        return PM_EXIT_USAGE;
    }
    machine m;
    if (!calib_machine(&m, stderr))
        return PM_EXIT_INPUT;
    /* A failed write to standard output is reported at the program's end. */
    char *json = machine_to_json(&m);
    if (json)
        printf("%s\n", json);
    free(json);
    free(m.name);
    free(m.benchmarks.bandwidths);
    return json ? PM_EXIT_OK : PM_EXIT_INPUT;
}

/* The machine file and every kernel may be "-", but standard input only once. */
static bool pm_one_stdin(const pm_options *o)
{
    int n = o->ninputs + 2;
    const char **paths = mem_alloc((size_t)n * sizeof *paths);
    const char **names = mem_alloc((size_t)n * sizeof *names);
    paths[0] = o->machine_file;
    names[0] = "-machine";
    paths[1] = o->measured_file;
    names[1] = "-measured";
    for (int i = 0; i < o->ninputs; i++) {
        paths[i + 2] = o->inputs[i];
        names[i + 2] = "an XML input";
    }
    bool ok = fileio_one_stdin(paths, names, n);
    free(paths);
    free(names);
    return ok;
}

static int pm_run(pm_options *o)
{
    if (o->help) {
        pm_print_help(stdout);
        return PM_EXIT_OK;
    }
    if (o->help_markdown) {
        pm_print_markdown(stdout);
        return PM_EXIT_OK;
    }
    if (o->version) {
        args_print_version(stdout, "perfmodel", NULL);
        return PM_EXIT_OK;
    }
    if (o->calibrate)
        return pm_calibrate(o);
    if (!o->machine_file) {
        diag_tool(DIAG_ERROR, "no machine: give -machine FILE (perfmodel/machines/ has examples)");
        return PM_EXIT_USAGE;
    }
    if (o->ninputs == 0) {
        diag_tool(DIAG_ERROR, "no kernels: name one or more ExaSAT XML files");
        return PM_EXIT_USAGE;
    }
    if (!pm_one_stdin(o))
        return PM_EXIT_USAGE;
    if (o->sweep && o->measured_file) {
        diag_tool(DIAG_ERROR, "-sweep varies the model's parameters; -measured is for one "
                              "evaluation");
        return PM_EXIT_USAGE;
    }
    if (o->sweep && (o->json_file || o->html_file)) {
        diag_tool(DIAG_ERROR, "-sweep prints its table as CSV; %s is for one evaluation",
                  o->json_file ? "-json" : "-html");
        return PM_EXIT_USAGE;
    }
    if (o->plot_file && !perf_plot_format_known(o->plot_file)) {
        diag_tool(DIAG_ERROR, "'%s': the plot is written as .png or .svg", o->plot_file);
        return PM_EXIT_USAGE;
    }
    if (!pm_outputs_not_inputs(o) || !perf_options_parse(o->model, o->cores, &o->perf))
        return PM_EXIT_USAGE;
    pm_sweep sw;
    if (o->sweep && !(pm_parse_sweep(o->sweep, &sw) && pm_sweep_within_cap(o->sweep, &sw))) {
        free(sw.name);
        return PM_EXIT_USAGE;
    }
    bexpr_bindings *b = pm_bindings(o);
    o->perf.bindings = b;
    o->perf.say = o->strict ? PERF_UNPREDICTED_ERROR : PERF_UNPREDICTED_WARN;
    machine *m = b ? machine_load(o->machine_file) : NULL;
    int status = b ? PM_EXIT_INPUT : PM_EXIT_USAGE;
    if (m) {
        status = perf_options_check(&o->perf, m, o->machine_file);
        o->perf.compile = perf_compile_command(o->compile, m);
    }
    if (m && status == PM_EXIT_OK)
        status = pm_model(o, o->sweep ? &sw : NULL, m, b);
    machine_free(&m);
    bexpr_bindings_free(&b);
    if (o->sweep)
        free(sw.name);
    return status;
}

int pm_main(int argc, char **argv)
{
    diag_set_program("perfmodel");
    fileio_program_begin();
    pm_options o;
    int status = pm_parse_args(argc, argv, &o) ? pm_run(&o) : PM_EXIT_USAGE;
    pm_options_release(&o);
    return fileio_program_end(status, PM_EXIT_USAGE);
}
