/* chips' command line: options, loading the program and the machine, the
 * points of -D and -sweep, the outputs. */
#include "chips_cli.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "chips.h"
#include "diag.h"
#include "sw.h"
#include "fileio.h"
#include "json_out.h"
#include "machine.h"
#include "mem.h"
#include "strbuf.h"

typedef struct ch_options {
    bool help, help_markdown, version, list, check, quiet;
    const char *machine_file, *json_file, *csv_file, *plot_file;
    const char *network_file; /* -network: SIMON's switch file, or NULL */
    const char **include_dirs;
    int nincludes;
    const char **defines;
    int ndefines;
    const char **sweeps;
    int nsweeps;
    const char **vectors;
    int nvectors;
    const char **inputs;
    int ninputs;
} ch_options;

#define CH_OPT(field) offsetof(ch_options, field)

/* chips' options: the parser, -help and -help-markdown all read this. */
static const args_option ch_option_table[] = {
    {.names = "-help|--help|-h", .kind = ARGS_FLAG, .dest = CH_OPT(help),
     .help = "print this help and exit"},
    {.names = "-help-markdown", .kind = ARGS_FLAG, .dest = CH_OPT(help_markdown),
     .help = "print this table of options as markdown and exit"},
    {.names = "--version|-version", .kind = ARGS_FLAG, .dest = CH_OPT(version),
     .help = "print chips' version and exit"},
    {.names = "-machine", .kind = ARGS_VALUE, .value = "FILE", .dest = CH_OPT(machine_file),
     .help = "the machine file (perfmodel's format, with an optional \"chips\" object); required "
             "unless -check or -list"},
    {.names = "-network", .kind = ARGS_VALUE, .value = "FILE.cfg", .dest = CH_OPT(network_file),
     .help = "run the messages of inpcom steps through this SIMON switch model (simon/README.md) "
             "instead of LogGP: all sent at the step's start, processor k as task k + 1; the "
             "step ends when the last arrives"},
    {.names = "-I", .kind = ARGS_LIST, .value = "DIR", .joined = true,
     .dest = CH_OPT(include_dirs), .count = CH_OPT(nincludes),
     .help = "look for included objects (NAME.la) here too, after the includer's directory "
             "(repeatable)"},
    {.names = "-vectors", .kind = ARGS_LIST, .value = "FILE.vspec", .dest = CH_OPT(vectors),
     .count = CH_OPT(nvectors),
     .help = "add the vector types of this specification file (vctdef's output) to the "
             "built-in ones (repeatable); the machine file's \"chips\" \"costs\" give their "
             "symbols' costs"},
    {.names = "-D", .kind = ARGS_LIST, .value = "NAME=VALUE", .joined = true,
     .dest = CH_OPT(defines), .count = CH_OPT(ndefines),
     .help = "set a numeric interface variable of the application (repeatable)"},
    {.names = "-sweep", .kind = ARGS_LIST, .value = "NAME=FROM:TO[:+S|:xF]",
     .dest = CH_OPT(sweeps), .count = CH_OPT(nsweeps),
     .help = "evaluate for each value of an interface variable, TO included, steps of 1, of S "
             "(:+S) or times F (:xF); repeated: every combination, the first slowest (at most "
             "1000000 points)"},
    {.names = "-json", .kind = ARGS_VALUE, .value = "FILE", .dest = CH_OPT(json_file),
     .help = "write the points as JSON (- is standard output, instead of the table)"},
    {.names = "-csv", .kind = ARGS_VALUE, .value = "FILE", .dest = CH_OPT(csv_file),
     .help = "write the points as CSV (- is standard output, instead of the table)"},
    {.names = "-plot", .kind = ARGS_VALUE, .value = "FILE", .dest = CH_OPT(plot_file),
     .needs = "-sweep",
     .needs_text = "-plot needs -sweep: it draws the time over the first swept variable",
     .help = "draw the time over the first swept variable with gnuplot (.png or .svg): one "
             "line per combination of the other swept variables' values, named in the key"},
    {.names = "-quiet", .kind = ARGS_FLAG, .dest = CH_OPT(quiet),
     .help = "no table on standard output (the seed's LaOutNone): only the files -json, -csv "
             "and -plot name, and what print and option debug write to standard error"},
    {.names = "-list", .kind = ARGS_FLAG, .dest = CH_OPT(list),
     .help = "list the application's interface variables (name, group, type) and exit"},
    {.names = "-check", .kind = ARGS_FLAG, .dest = CH_OPT(check),
     .help = "read and check the program only, evaluating nothing"},
};

enum { CH_NOPTIONS = sizeof ch_option_table / sizeof *ch_option_table, CH_HELP_COLUMN = 30 };

static const args_program ch_program = {
    .table = ch_option_table,
    .n = CH_NOPTIONS,
    .has_inputs = true,
    .inputs = CH_OPT(inputs),
    .ninputs = CH_OPT(ninputs),
    .unknown = "unknown option '%s' (chips -help lists the options)",
};

static bool ch_parse_args(int argc, char **argv, ch_options *o)
{
    memset(o, 0, sizeof *o);
    return args_parse_all(&ch_program, argc, argv, o);
}

static void ch_options_release(ch_options *o)
{
    free(o->include_dirs);
    free(o->defines);
    free(o->sweeps);
    free(o->vectors);
    free(o->inputs);
    memset(o, 0, sizeof *o);
}

static void ch_print_help(FILE *out)
{
    fputs("usage: chips [options] APP.la\n"
          "\n"
          "Evaluates a CHIP3S performance model (an application object and the subtasks,\n"
          "parallel templates and built-ins it includes) to seconds on a machine; a row\n"
          "per point: the application's numeric interface variables, then time_s,\n"
          "on standard output unless -csv - or -json - takes it.\n"
          "\n"
          "options:\n",
          out);
    args_print_help(out, ch_option_table, CH_NOPTIONS, CH_HELP_COLUMN);
    fputs("\n"
          "`print` writes to standard error; `exit;` ends a point without a time.\n"
          "No output may name a file chips reads (the application, an object it\n"
          "includes, the machine or network file) or another output.\n"
          "Exit status: 0 success, 1 a bad program or machine file, an unreadable input or\n"
          "an unwritable output, 2 a usage error.\n",
          out);
}

/* ---- points ------------------------------------------------------------------- */

typedef struct ch_sweep {
    size_t iface;
    double *values;
    size_t n;
} ch_sweep;

static bool ch_number(const char *text, double *v)
{
    char *end;
    errno = 0;
    *v = strtod(text, &end);
    return *text && !*end && errno == 0 && isfinite(*v);
}

/* The interface variable NAME of NAME=..., or a usage error. */
static bool ch_iface_of(const chips_program *p, const char *option, const char *spec, size_t *i)
{
    const char *eq = strchr(spec, '=');
    if (!eq) {
        diag_tool(DIAG_ERROR, "%s %s: expected NAME=...", option, spec);
        return false;
    }
    char name[128];
    snprintf(name, sizeof name, "%.*s", (int)(eq - spec < 127 ? eq - spec : 127), spec);
    int k = chips_iface_find(p, name);
    if (k < 0 || !chips_iface_numeric(p, (size_t)k)) {
        diag_tool(DIAG_ERROR, "%s %s: '%s' is not a numeric interface variable of '%s'", option,
                  spec, name, chips_name(p));
        return false;
    }
    *i = (size_t)k;
    return true;
}

static bool ch_parse_define(const chips_program *p, const char *spec, chips_setting *s)
{
    if (!ch_iface_of(p, "-D", spec, &s->iface))
        return false;
    if (!ch_number(strchr(spec, '=') + 1, &s->value)) {
        diag_tool(DIAG_ERROR, "-D %s: the value is not a number", spec);
        return false;
    }
    return true;
}

/* FROM, FROM + S, ... or FROM, FROM F, ... up to TO (included, within a
 * rounding error of the steps). */
static bool ch_sweep_values(const char *spec, double from, double to, char kind, double by,
                            ch_sweep *sw)
{
    size_t cap = 16;
    double slack = 1e-9 * fmax(fabs(to), kind == '+' ? by : 0);
    sw->values = mem_alloc(cap * sizeof *sw->values);
    for (size_t i = 0;; i++) {
        double v = kind == 'x' ? from * pow(by, (double)i) : from + (double)i * by;
        if (v > to + slack)
            return true;
        if (sw->n == CHIPS_MAX_POINTS) {
            diag_tool(DIAG_ERROR, "-sweep %s: more than %d points", spec, CHIPS_MAX_POINTS);
            return false;
        }
        if (sw->n == cap) {
            cap *= 2;
            sw->values = mem_realloc(sw->values, cap * sizeof *sw->values);
        }
        sw->values[sw->n++] = v;
    }
}

static bool ch_parse_sweep(const chips_program *p, const char *spec, ch_sweep *sw)
{
    if (!ch_iface_of(p, "-sweep", spec, &sw->iface))
        return false;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", strchr(spec, '=') + 1);
    char *parts[4] = {buf, NULL, NULL, NULL};
    int n = 1;
    for (char *c = buf; *c && n < 4; c++)
        if (*c == ':') {
            *c = 0;
            parts[n++] = c + 1;
        }
    double from, to, by = 1;
    char kind = '+';
    bool ok = n >= 2 && n <= 3 && ch_number(parts[0], &from) && ch_number(parts[1], &to);
    if (ok && n == 3) {
        kind = parts[2][0];
        ok = (kind == '+' || kind == 'x') && ch_number(parts[2] + 1, &by) &&
             (kind == '+' ? by > 0 : by > 1 && from > 0);
    }
    if (!ok) {
        diag_tool(DIAG_ERROR,
                  "-sweep %s: expected NAME=FROM:TO, NAME=FROM:TO:+STEP (STEP > 0) or "
                  "NAME=FROM:TO:xFACTOR (FACTOR > 1, FROM > 0)",
                  spec);
        return false;
    }
    if (from > to) {
        diag_tool(DIAG_ERROR, "-sweep %s: FROM is above TO", spec);
        return false;
    }
    return ch_sweep_values(spec, from, to, kind, by, sw);
}

/* The results, a row per point. */
typedef struct ch_table {
    size_t nvars, npoints, cap;
    double *vars;  /* npoints x nvars */
    double *times; /* NAN: no time (exit;) */
} ch_table;

typedef struct ch_run {
    const ch_options *o;
    chips_program *p;
    chips_hardware hw;
    const char *machine_name;
    chips_setting *settings; /* the defines, then one per sweep */
    size_t nsettings, ndefines;
    ch_sweep *sweeps;
    size_t nsweeps;
    size_t *numeric; /* the numeric interface variables, in order */
    size_t nnumeric;
    ch_table t;
} ch_run;

static bool ch_evaluate_point(ch_run *r)
{
    size_t niface = chips_iface_count(r->p);
    double *values = mem_alloc((niface + 1) * sizeof *values), time;
    bool has_time;
    bool ok = chips_evaluate(r->p, &r->hw, r->settings, r->nsettings, &time, &has_time, values);
    if (ok) {
        ch_table *t = &r->t;
        if (t->npoints == t->cap) {
            t->cap = t->cap ? 2 * t->cap : 16;
            t->vars = mem_realloc(t->vars, t->cap * (t->nvars + 1) * sizeof *t->vars);
            t->times = mem_realloc(t->times, t->cap * sizeof *t->times);
        }
        for (size_t i = 0; i < r->nnumeric; i++)
            t->vars[t->npoints * t->nvars + i] = values[r->numeric[i]];
        t->times[t->npoints++] = has_time ? time : NAN;
    }
    free(values);
    return ok;
}

/* Every combination of the sweeps, the first slowest. */
static bool ch_evaluate_all(ch_run *r, size_t level)
{
    if (level == r->nsweeps)
        return ch_evaluate_point(r);
    ch_sweep *sw = &r->sweeps[level];
    for (size_t i = 0; i < sw->n; i++) {
        r->settings[r->ndefines + level] = (chips_setting){sw->iface, sw->values[i]};
        if (!ch_evaluate_all(r, level + 1))
            return false;
    }
    return true;
}

/* ---- outputs --------------------------------------------------------------------- */

/* The shortest text that reads back as v (1048576, not 1.04858e+06; 0.1,
 * not 0.10000000000000001), or `missing` for a point not evaluated. */
static void ch_format_value(char *buf, size_t size, double v, const char *missing)
{
    if (isnan(v)) {
        snprintf(buf, size, "%s", missing);
        return;
    }
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(buf, size, "%.*g", digits, v);
        if (strtod(buf, NULL) == v)
            return;
    }
}

static const char *ch_var_name(const ch_run *r, size_t i)
{
    return chips_iface_name(r->p, r->numeric[i]);
}

static void ch_print_table(const ch_run *r, FILE *out)
{
    for (size_t i = 0; i < r->nnumeric; i++)
        fprintf(out, "%-14s ", ch_var_name(r, i));
    fprintf(out, "%s\n", "time_s");
    for (size_t k = 0; k < r->t.npoints; k++) {
        for (size_t i = 0; i < r->nnumeric; i++) {
            char buf[64];
            ch_format_value(buf, sizeof buf, r->t.vars[k * r->t.nvars + i], "-");
            fprintf(out, "%-14s ", buf);
        }
        if (isnan(r->t.times[k]))
            fprintf(out, "%s\n", "-");
        else
            fprintf(out, "%.6g\n", r->t.times[k]);
    }
}

static bool ch_write_csv(FILE *out, void *ctx)
{
    const ch_run *r = ctx;
    strbuf text = STRBUF_INIT;
    char buf[64];
    for (size_t i = 0; i < r->nnumeric; i++)
        strbuf_printf(&text, "%s,", ch_var_name(r, i));
    strbuf_append(&text, "time_s\n");
    for (size_t k = 0; k < r->t.npoints; k++) {
        for (size_t i = 0; i < r->nnumeric; i++) {
            ch_format_value(buf, sizeof buf, r->t.vars[k * r->t.nvars + i], "");
            strbuf_printf(&text, "%s,", buf);
        }
        ch_format_value(buf, sizeof buf, r->t.times[k], "");
        strbuf_printf(&text, "%s\n", buf);
    }
    bool ok = fileio_flush_text(out, &text);
    strbuf_release(&text);
    return ok;
}

static void ch_json_number(json_out *w, double v)
{
    if (isnan(v))
        json_null(w);
    else
        json_number(w, v);
}

static bool ch_write_json(FILE *out, void *ctx)
{
    const ch_run *r = ctx;
    strbuf text = STRBUF_INIT;
    json_out w = JSON_OUT_INIT(&text);
    json_object_begin(&w);
    json_key(&w, "application");
    json_string(&w, chips_name(r->p));
    json_key(&w, "machine");
    json_string(&w, r->machine_name);
    json_key(&w, "points");
    json_array_begin(&w);
    for (size_t k = 0; k < r->t.npoints; k++) {
        json_object_begin(&w);
        json_key(&w, "vars");
        json_object_begin(&w);
        for (size_t i = 0; i < r->nnumeric; i++) {
            json_key(&w, ch_var_name(r, i));
            ch_json_number(&w, r->t.vars[k * r->t.nvars + i]);
        }
        json_object_end(&w);
        json_key(&w, "time_s");
        ch_json_number(&w, r->t.times[k]);
        json_object_end(&w);
    }
    json_array_end(&w);
    json_object_end(&w);
    strbuf_append(&text, "\n");
    json_out_release(&w);
    bool ok = fileio_flush_text(out, &text);
    strbuf_release(&text);
    return ok;
}

static bool ch_have_gnuplot(void)
{
    const char *path = getenv("PATH");
    if (!path)
        return false;
    char *copy = mem_strdup(path);
    bool found = false;
    for (char *dir = strtok(copy, ":"); dir && !found; dir = strtok(NULL, ":")) {
        char *exe = mem_alloc(strlen(dir) + 16);
        sprintf(exe, "%s/gnuplot", dir);
        found = access(exe, X_OK) == 0;
        free(exe);
    }
    free(copy);
    return found;
}

/* gnuplot's single-quoted form of s ('' is a quote). */
static void ch_gnuplot_quote(strbuf *b, const char *s)
{
    strbuf_append(b, "'");
    for (; *s; s++)
        strbuf_append(b, *s == '\'' ? "''" : (char[]){*s, 0});
    strbuf_append(b, "'");
}

/* The index among the numeric variables of interface variable iface. */
static size_t ch_numeric_index(const ch_run *r, size_t iface)
{
    for (size_t i = 0; i < r->nnumeric; i++)
        if (r->numeric[i] == iface)
            return i;
    return 0;
}

/* The time over the first swept variable: one line per combination of the other swept
 * variables' values, named by them in the key.  The first variable varies slowest, so
 * with m combinations of the others point k is on line k % m. */
static bool ch_plot(const ch_run *r)
{
    if (!ch_have_gnuplot()) {
        diag_tool(DIAG_ERROR, "-plot %s: gnuplot is not installed (apt-get install gnuplot-nox)",
                  r->o->plot_file);
        return false;
    }
    const char *ext = strrchr(r->o->plot_file, '.');
    size_t x = ch_numeric_index(r, r->sweeps[0].iface);
    size_t lines = 1;
    for (size_t s = 1; s < r->nsweeps; s++)
        lines *= r->sweeps[s].n;
    strbuf script = STRBUF_INIT;
    strbuf_printf(&script, "set terminal %s\nset output ", !strcmp(ext, ".svg") ? "svg" : "png");
    ch_gnuplot_quote(&script, r->o->plot_file);
    strbuf_printf(&script, "\nset xlabel ");
    ch_gnuplot_quote(&script, ch_var_name(r, x));
    strbuf_printf(&script, "\nset ylabel 'time (s)'\nset key %s\nplot ",
                  r->nsweeps > 1 ? "outside right" : "off");
    strbuf title = STRBUF_INIT;
    for (size_t line = 0; line < lines && line < r->t.npoints; line++) {
        title.len = 0;
        for (size_t s = 1; s < r->nsweeps; s++) {
            char buf[64];
            size_t i = ch_numeric_index(r, r->sweeps[s].iface);
            ch_format_value(buf, sizeof buf, r->t.vars[line * r->t.nvars + i], "-");
            strbuf_printf(&title, "%s%s=%s", s > 1 ? ", " : "", ch_var_name(r, i), buf);
        }
        strbuf_printf(&script, "%s'-' with linespoints title ", line ? ", " : "");
        ch_gnuplot_quote(&script, strbuf_cstr(&title));
    }
    strbuf_append(&script, "\n");
    for (size_t line = 0; line < lines && line < r->t.npoints; line++) {
        for (size_t k = line; k < r->t.npoints; k += lines)
            if (!isnan(r->t.times[k]))
                strbuf_printf(&script, "%.17g %.17g\n", r->t.vars[k * r->t.nvars + x],
                              r->t.times[k]);
        strbuf_append(&script, "e\n");
    }
    strbuf_release(&title);
    FILE *g = popen("gnuplot", "w");
    bool ok = g && fputs(strbuf_cstr(&script), g) >= 0;
    ok = g && pclose(g) == 0 && ok;
    strbuf_release(&script);
    if (!ok)
        diag_tool(DIAG_ERROR, "-plot %s: gnuplot failed", r->o->plot_file);
    return ok;
}

static bool ch_write_outputs(ch_run *r)
{
    const ch_options *o = r->o;
    bool to_stdout = (o->json_file && !strcmp(o->json_file, "-")) ||
                     (o->csv_file && !strcmp(o->csv_file, "-"));
    if (!to_stdout && !o->quiet)
        ch_print_table(r, stdout);
    bool ok = true;
    fileio_run_begin();
    if (o->csv_file)
        ok &= fileio_write_atomic(o->csv_file, ch_write_csv, r);
    if (o->json_file)
        ok &= fileio_write_atomic(o->json_file, ch_write_json, r);
    ok &= fileio_run_end();
    if (ok && o->plot_file)
        ok = ch_plot(r);
    return ok;
}

/* ---- the run ----------------------------------------------------------------------- */

static int ch_usage_checks(const ch_options *o)
{
    if (o->ninputs != 1) {
        diag_tool(DIAG_ERROR, "expected one application file, APP.la (chips -help)");
        return CHIPS_EXIT_USAGE;
    }
    if (!o->machine_file && !o->check && !o->list) {
        diag_tool(DIAG_ERROR, "-machine FILE is required (unless -check or -list)");
        return CHIPS_EXIT_USAGE;
    }
    const char *stdin_paths[] = {o->inputs[0], o->machine_file, o->network_file};
    const char *stdin_names[] = {"the application file", "-machine", "-network"};
    if (!fileio_one_stdin(stdin_paths, stdin_names, 3))
        return CHIPS_EXIT_USAGE;
    if (o->plot_file) {
        const char *ext = strrchr(o->plot_file, '.');
        if (!ext || (strcmp(ext, ".png") && strcmp(ext, ".svg"))) {
            diag_tool(DIAG_ERROR, "-plot %s: the file must end in .png or .svg", o->plot_file);
            return CHIPS_EXIT_USAGE;
        }
    }
    return args_check_needs(ch_option_table, CH_NOPTIONS, o) ? CHIPS_EXIT_OK : CHIPS_EXIT_USAGE;
}

/* After the load, which noted every object it read (the application and
 * the objects it includes): no output may name one of them, the machine or
 * network file, or another output. */
static bool ch_outputs_apart(const ch_options *o)
{
    const char *inputs[3] = {o->inputs[0]};
    int ninputs = 1;
    if (o->machine_file)
        inputs[ninputs++] = o->machine_file;
    if (o->network_file)
        inputs[ninputs++] = o->network_file;
    return fileio_output_not_input("-json", o->json_file, inputs, ninputs) &&
           fileio_output_not_input("-csv", o->csv_file, inputs, ninputs) &&
           fileio_output_not_input("-plot", o->plot_file, inputs, ninputs);
}

static void ch_list(const chips_program *p)
{
    for (size_t i = 0; i < chips_iface_count(p); i++)
        printf("%-16s %-8s %s\n", chips_iface_name(p, i), chips_iface_group(p, i),
               chips_iface_type(p, i));
}

static int ch_setup_points(ch_run *r)
{
    const ch_options *o = r->o;
    r->ndefines = (size_t)o->ndefines;
    r->nsweeps = (size_t)o->nsweeps;
    r->settings = mem_alloc((r->ndefines + r->nsweeps + 1) * sizeof *r->settings);
    r->sweeps = mem_alloc((r->nsweeps + 1) * sizeof *r->sweeps);
    r->nsettings = r->ndefines + r->nsweeps;
    for (size_t i = 0; i < r->ndefines; i++)
        if (!ch_parse_define(r->p, o->defines[i], &r->settings[i]))
            return CHIPS_EXIT_USAGE;
    double points = 1;
    for (size_t i = 0; i < r->nsweeps; i++) {
        if (!ch_parse_sweep(r->p, o->sweeps[i], &r->sweeps[i]))
            return CHIPS_EXIT_USAGE;
        points *= (double)r->sweeps[i].n;
    }
    if (points > CHIPS_MAX_POINTS) {
        diag_tool(DIAG_ERROR, "the sweeps make %.0f points, more than %d", points,
                  CHIPS_MAX_POINTS);
        return CHIPS_EXIT_USAGE;
    }
    size_t niface = chips_iface_count(r->p);
    r->numeric = mem_alloc((niface + 1) * sizeof *r->numeric);
    for (size_t i = 0; i < niface; i++)
        if (chips_iface_numeric(r->p, i))
            r->numeric[r->nnumeric++] = i;
    r->t.nvars = r->nnumeric;
    return CHIPS_EXIT_OK;
}

static void ch_run_release(ch_run *r)
{
    for (size_t i = 0; i < r->nsweeps && r->sweeps; i++)
        free(r->sweeps[i].values);
    free(r->sweeps);
    free(r->settings);
    free(r->numeric);
    free(r->t.vars);
    free(r->t.times);
}

static int ch_run_program(const ch_options *o, chips_program *p)
{
    ch_run r = {0};
    r.o = o;
    r.p = p;
    int status = ch_setup_points(&r);
    if (status == CHIPS_EXIT_OK) {
        machine *m = machine_load(o->machine_file);
        sw_config network = {0};
        if (!m || (o->network_file && !sw_config_read(o->network_file, &network))) {
            status = CHIPS_EXIT_INPUT;
        } else {
            chips_hardware_from_machine(m, &r.hw);
            r.hw.network = o->network_file ? &network : NULL;
            r.machine_name = m->name;
            bool ok = chips_check_user_costs(p, &r.hw, o->machine_file) &&
                      ch_evaluate_all(&r, 0) && ch_write_outputs(&r);
            status = ok ? CHIPS_EXIT_OK : CHIPS_EXIT_INPUT;
        }
        machine_free(&m);
        sw_config_release(&network);
    }
    ch_run_release(&r);
    return status;
}

static int ch_run_options(const ch_options *o)
{
    if (o->help || o->help_markdown) {
        if (o->help)
            ch_print_help(stdout);
        else
            args_print_markdown(stdout, ch_option_table, CH_NOPTIONS);
        return CHIPS_EXIT_OK;
    }
    if (o->version) {
        args_print_version(stdout, "chips", NULL);
        return CHIPS_EXIT_OK;
    }
    int status = ch_usage_checks(o);
    if (status != CHIPS_EXIT_OK)
        return status;
    chips_program *p = chips_load(o->inputs[0], o->include_dirs, (size_t)o->nincludes,
                                  o->vectors, (size_t)o->nvectors);
    if (!p)
        status = CHIPS_EXIT_INPUT;
    else if (!ch_outputs_apart(o))
        status = CHIPS_EXIT_USAGE;
    else if (o->list)
        ch_list(p);
    else if (!o->check)
        status = ch_run_program(o, p);
    chips_free(&p);
    return status;
}

int chips_main(int argc, char **argv)
{
    diag_set_program("chips");
    fileio_program_begin();
    ch_options o;
    int status = ch_parse_args(argc, argv, &o) ? ch_run_options(&o) : CHIPS_EXIT_USAGE;
    ch_options_release(&o);
    return fileio_program_end(status, CHIPS_EXIT_USAGE);
}
