/* mt_driver: what a measuretool run does once its options are read (mt_driver.h). */
#include "mt_driver.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "analyzer.h"
#include "annot.h"
#include "bound_expr.h"
#include "compdb.h"
#include "costs.h"
#include "diag.h"
#include "exasat_xml.h"
#include "fileio.h"
#include "instrument.h"
#include "json_out.h"
#include "loop_model.h"
#include "machine.h"
#include "measured.h"
#include "mem.h"
#include "mt_batch.h"
#include "mt_tree.h"
#include "perf.h"
#include "perf_plot.h"
#include "perf_trips.h"
#include "report.h"
#include "report_html.h"
#include "report_chips.h"
#include "shard.h"
#include "strbuf.h"

/* What a slice's reports say made them (shard.h): a merge refuses reports
 * of another version. */
#define MT_TOOL "measuretool " AITOOL_VERSION


/* An output that names a file measuretool reads would destroy it: the C or
 * XML inputs, the database, the annotation files, -measured and -machine. */
static bool mt_output_not_input(const mt_options *o, const mt_plan *pl, const char *option,
                                const char *out)
{
    size_t nunits = pl ? pl->nunits : 0;
    const char **read =
        mem_alloc((nunits + (size_t)o->ninputs + (size_t)o->nannot_files + 3) * sizeof *read);
    int n = 0;
    for (size_t i = 0; i < nunits; i++)
        read[n++] = pl->units[i].path;
    for (int i = 0; i < o->ninputs; i++)
        read[n++] = o->inputs[i];
    for (int i = 0; i < o->nannot_files; i++)
        read[n++] = o->annot_files[i];
    read[n++] = o->measured_file;
    read[n++] = o->machine_file;
    read[n++] = pl && pl->db ? pl->db->path : NULL;
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

/* The reports every mode writes from a finished program, with what the
 * later stages found out and the slice's line joined in; m: -machine's, for -chips. */
static bool mt_write_reports(const mt_options *o, const lm_program *p, bool text_report,
                             const report_joins *j, const bexpr_bindings *params,
                             const machine *m)
{
    bool ok = true;
    if (o->debug)
        report_debug_write(stderr, p);
    if (lm_verify_pragmas(p, o->debug) > 0)
        ok = false;
    if (text_report)
        ok &= report_text_file(o->report_file, p, j);
    if (o->json_file)
        ok &= report_json_file(o->json_file, p, j);
    if (o->html_file) {
        report_html_options hopt = {"measuretool", j->predicted ? m : NULL,
                                    o->model ? o->model : "roofline", o->measured_file, true};
        ok &= report_html_file(o->html_file, p, j, &hopt);
    }
    if (o->xml_file)
        ok &= xml_write_file_shard(o->xml_file, p, j->measured, j->shard);
    if (o->chips_file) {
        bool predicted = j->predicted && m;
        report_chips_options copt = {params, o->chips_entry, predicted ? m : NULL,
                                     predicted ? j->predicted : NULL};
        ok &= report_chips_write(o->chips_file, p, &copt);
    }
    return ok;
}

/* The stages after the analysis: the measurement read back (-measured) and
 * the model's predictions for each nest (-machine), kept beside the program,
 * and with both the measured roofline. */
typedef struct mt_stages {
    measured_set *measured;
    machine *machine;
    perf_result predicted;
    bool have_predictions;
    report_roofline roofline;
    bool have_roofline;
    /* -measured could not be read, or matches none of the nests: nothing is written. */
    bool bad_measurement;
    bool bad_param; /* a -param named a loop variable: a usage error */
} mt_stages;

static bool mt_run_stages(const mt_options *o, const lm_program *p, const bexpr_bindings *b,
                          mt_stages *st)
{
    bool ok = true;
    if (o->measured_file) {
        st->measured = measured_read(p, o->measured_file);
        st->bad_measurement = st->measured == NULL;
        ok &= st->measured != NULL;
    }
    perf_options popt;
    if (o->machine_file && perf_options_parse(o->model, o->cores, &popt)) {
        st->machine = machine_load(o->machine_file);
        popt.bindings = b;
        popt.measured = measured_counts_of;
        popt.measured_ctx = st->measured;
        popt.say = o->strict ? PERF_UNPREDICTED_ERROR : PERF_UNPREDICTED_WARN;
        popt.compile = perf_compile_command(o->compile, st->machine);
        st->bad_param = !perf_trips_check_bindings(p, b, "-param");
        st->have_predictions =
            st->machine && !st->bad_param &&
            perf_options_check(&popt, st->machine, o->machine_file) == 0 &&
            perf_evaluate(p, st->machine, &popt, &st->predicted);
        ok &= st->have_predictions;
    }
    /* A slice's nests are some of the run's: its shares would be of a part. */
    if (st->have_predictions && st->measured && !o->shard) {
        st->have_roofline = report_roofline_build(&st->roofline, p, &st->predicted, st->machine,
                                                  st->measured, o->measured_file,
                                                  (size_t)o->top);
        st->bad_measurement = !st->have_roofline;
        ok &= st->have_roofline;
    }
    return ok;
}

/* -plot: the predicted roofline, or with a timed measurement the measured one. */
static bool mt_plot(const mt_options *o, const mt_stages *st)
{
    if (!o->plot_file || !st->have_predictions)
        return true;
    if (st->have_roofline && report_roofline_drawable(&st->roofline))
        return perf_plot_roofline_measured(o->plot_file, st->machine, &st->roofline);
    return perf_plot_roofline(o->plot_file, st->machine, &st->predicted);
}

static void mt_stages_release(mt_stages *st)
{
    measured_free(&st->measured);
    report_roofline_release(&st->roofline);
    perf_result_release(&st->predicted);
    machine_free(&st->machine);
}

/* ---- The translation units of the run ---- */

/* The default of -j: every core. */
static unsigned mt_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 1;
}

/* -j and -shard, checked before anything is read. */
typedef struct mt_parallel {
    unsigned jobs;
    unsigned slice, slices; /* 0 of 0: the whole run */
} mt_parallel;

static bool mt_parse_parallel(const mt_options *o, mt_parallel *par)
{
    *par = (mt_parallel){mt_cores(), 0, 0};
    if (o->jobs)
        par->jobs = (unsigned)o->jobs;
    if (o->shard && !shard_parse_spec(o->shard, &par->slice, &par->slices)) {
        diag_tool(DIAG_ERROR, "-shard '%s': give K/N, the K-th of N slices, 1 <= K <= N <= %d",
                  o->shard, SHARD_MAX_SLICES);
        return false;
    }
    return true;
}

static mt_unit mt_unit_of_entry(mt_plan *pl, const compdb_entry *e, const char *path)
{
    analyzer_unit *u = arena_alloc(pl->arena, sizeof *u);
    *u = (analyzer_unit){e->args, e->nargs, e->directory};
    return (mt_unit){path, u, NULL, false};
}

/* A file named with -p: its entry, or the first of its directory (with a
 * warning), or nothing (an error; the other files go on).  A file that
 * cannot be read is reported as such, as without -p. */
static bool mt_unit_of_named(mt_plan *pl, const char *input, mt_unit *unit)
{
    if (!fileio_check_input(input, "input file"))
        return false;
    char *real = realpath(input, NULL);
    const char *path = arena_strdup(pl->arena, real ? real : input);
    free(real);
    const compdb_entry *e = compdb_find(pl->db, input);
    if (!e) {
        e = compdb_nearest(pl->db, input);
        if (!e) {
            diag_at(DIAG_ERROR, input, 1, 1, "not in %s, which has no file of its directory "
                                             "either, to take the flags of", pl->db->path);
            return false;
        }
        diag_at(DIAG_WARNING, input, 1, 1, "not in %s: analyzed with the flags of '%s', in "
                                           "the same directory", pl->db->path, e->file);
    }
    *unit = mt_unit_of_entry(pl, e, path);
    return true;
}

/* Every unit of the whole run, in order, into all (room for enough). */
static size_t mt_all_units(const mt_options *o, mt_plan *pl, mt_unit *all)
{
    size_t n = 0;
    if (pl->db && o->ninputs == 0) {
        for (size_t i = 0; i < pl->db->nentries; i++)
            all[n++] = mt_unit_of_entry(pl, &pl->db->entries[i], pl->db->entries[i].file);
        return n;
    }
    for (int i = 0; i < o->ninputs; i++) {
        if (!pl->db)
            all[n++] = (mt_unit){o->inputs[i], NULL, NULL, mt_is_xml_input(o->inputs[i])};
        else if (mt_unit_of_named(pl, o->inputs[i], &all[n]))
            n++;
        else
            pl->failed = true;
    }
    return n;
}

/* What tells this run from another: its units with their arguments, and
 * the options that change what is counted or joined (not where the
 * outputs go, which differs from slice to slice). */
static uint64_t mt_run_hash(const mt_options *o, const mt_unit *all, size_t n)
{
    uint64_t h = SHARD_HASH_INIT;
    for (int i = 0; i < o->nclang_args; i++)
        h = shard_hash_add(h, o->clang_args[i]);
    for (int i = 0; i < o->nannot_files; i++)
        h = shard_hash_add(h, o->annot_files[i]);
    for (int i = 0; i < o->nparams; i++)
        h = shard_hash_add(h, o->params[i]);
    h = shard_hash_add(h, o->flow_sensitive ? "-use-algorithm-v2" : "");
    h = shard_hash_add(h, o->no_default_annots ? "-no-default-annot" : "");
    h = shard_hash_add(h, o->machine_file ? o->machine_file : "");
    h = shard_hash_add(h, o->model ? o->model : "");
    char cores[24] = "";
    if (o->cores)
        snprintf(cores, sizeof cores, "%lld", o->cores);
    h = shard_hash_add(h, cores);
    h = shard_hash_add(h, o->compile ? o->compile : "");
    h = shard_hash_add(h, o->measured_file ? o->measured_file : "");
    for (size_t i = 0; i < n; i++) {
        h = shard_hash_add(h, all[i].path);
        for (int k = 0; all[i].args && k < all[i].args->nargs; k++)
            h = shard_hash_add(h, all[i].args->args[k]);
        h = shard_hash_add(h, all[i].args && all[i].args->directory ? all[i].args->directory
                                                                      : "");
    }
    return h;
}

/* The slice's units and line, out of all n. */
static void mt_take_slice(const mt_options *o, mt_plan *pl, const mt_parallel *par,
                          mt_unit *all, size_t n)
{
    if (!par->slices) {
        pl->units = all;
        pl->nunits = n;
        return;
    }
    size_t lo, hi;
    shard_range(n, par->slice, par->slices, &lo, &hi);
    pl->units = all + lo;
    pl->nunits = hi - lo;
    shard_info info = {"", par->slice, par->slices, (unsigned long)n, mt_run_hash(o, all, n)};
    snprintf(info.tool, sizeof info.tool, "%s", MT_TOOL);
    strbuf sb = STRBUF_INIT;
    shard_format(&sb, &info);
    pl->shard = arena_strdup(pl->arena, strbuf_cstr(&sb));
    strbuf_release(&sb);
}

/* False when the database could not be read (reported). */
static bool mt_plan_build(const mt_options *o, const mt_parallel *par, mt_plan *pl)
{
    *pl = (mt_plan){arena_create(), NULL, NULL, 0, NULL, NULL, NULL, false};
    if (o->build_dir && !(pl->db = compdb_load(o->build_dir)))
        return false;
    size_t cap = pl->db && o->ninputs == 0 ? pl->db->nentries : (size_t)o->ninputs;
    mt_unit *all = arena_alloc(pl->arena, (cap ? cap : 1) * sizeof *all);
    mt_take_slice(o, pl, par, all, mt_all_units(o, pl, all));
    return true;
}

static void mt_plan_release(mt_plan *pl)
{
    compdb_free(&pl->db);
    arena_free(&pl->arena);
}

/* ---- Running the units ---- */

/* What each unit is run with. */
typedef struct mt_work {
    const mt_options *o;
    bool instrument;
    instrument_mode mode;
    const op_costs *costs; /* INSTRUMENT_CLOCK's */
} mt_work;

static bool mt_run_unit(void *ctx, analyzer *a, lm_program *p, const mt_unit *u)
{
    const mt_work *w = ctx;
    if (u->on_main)
        return xml_read_file_as(p, u->path, w->o->exasat_dialect ? XML_DIALECT_ORIGINAL
                                                                  : XML_DIALECT_AUTO);
    if (w->instrument)
        return instrument_file(a, p, w->mode, w->costs, u->path, u->args, u->output);
    return analyzer_analyze_unit(a, p, u->path, u->args);
}

/* The units into p, by -j threads, with the progress line. */
static bool mt_run_units(const mt_options *o, const mt_parallel *par, const mt_plan *pl,
                         const mt_work *w, bool detail, const annot_set *annots, lm_program *p)
{
    analyzer_options aopt = {o->clang_args, o->nclang_args, o->debug, annots, o->flow_sensitive,
                             detail};
    bool tty = isatty(2);
    mt_batch b = {&aopt, par->jobs, tty || o->progress, tty, mt_run_unit, (void *)w};
    return mt_batch_run(&b, pl->units, pl->nunits, p) && !pl->failed;
}

/* After the units: each entry of an annotation file that names a function no analyzed
 * file calls is a warning.  Not for a run with ExaSAT XML (its loops make no calls) or
 * one whose units failed (their calls were not all seen). */
static void mt_warn_unused_annotations(const mt_plan *pl, const annot_set *annots, bool ok)
{
    if (!ok || !annots)
        return;
    for (size_t i = 0; i < pl->nunits; i++)
        if (pl->units[i].on_main)
            return;
    annot_warn_unused(annots);
}

/* The exit status of the analysis and its reports. */
static int mt_analyze(const mt_options *o, const mt_parallel *par, const mt_plan *pl,
                       const annot_set *annots, const bexpr_bindings *params, size_t *nloops)
{
    lm_program *p = lm_program_create();
    mt_work w = {o, false, INSTRUMENT_MARKERS, NULL};
    bool ok = mt_run_units(o, par, pl, &w, o->xml_file || o->chips_file || o->machine_file,
                           annots, p);
    mt_warn_unused_annotations(pl, annots, ok);
    lm_program_finish(p);
    mt_stages st = {0};
    ok &= mt_run_stages(o, p, params, &st);
    report_joins j = {st.measured, st.have_predictions ? &st.predicted : NULL,
                      st.machine ? st.machine->name : NULL, pl->shard, (size_t)o->top,
                      st.have_roofline ? &st.roofline : NULL};
    fileio_run_begin();
    if (!st.bad_measurement) {
        ok &= mt_write_reports(o, p, true, &j, params, st.machine);
        ok &= mt_plot(o, &st);
    }
    ok &= fileio_run_end();
    bool bad_param = st.bad_param;
    mt_stages_release(&st);
    *nloops = p->nloops;
    lm_program_free(&p);
    return bad_param ? MT_EXIT_USAGE : ok ? MT_EXIT_OK : MT_EXIT_INPUT;
}

/* The instrumented copy of a unit: -o, or ai_<basename> here (in the plan's arena). */
static const char *mt_output_path(const mt_options *o, mt_plan *pl, const char *input)
{
    if (o->output)
        return o->output;
    strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "ai_%s", fileio_basename(input));
    const char *out = arena_strdup(pl->arena, strbuf_cstr(&sb));
    strbuf_release(&sb);
    return out;
}

/* Every copy is named, and checked before anything is written. */
static bool mt_outputs_ok(const mt_options *o, mt_plan *pl)
{
    bool tree = mt_tree_mode(o);
    if (tree && !mt_tree_plan(o, pl))
        return false;
    if (o->output && !tree && pl->nunits > 1) {
        diag_tool(DIAG_ERROR, "-o names one output, but %zu files were given (a directory, "
                              "or a name ending in '/', makes a tree of copies)",
                  pl->nunits);
        return false;
    }
    bool ok = true;
    for (size_t i = 0; i < pl->nunits && ok; i++) {
        mt_unit *u = &pl->units[i];
        if (!tree)
            u->output = mt_output_path(o, pl, u->path);
        if (!strcmp(u->output, "-")) {
            diag_tool(DIAG_ERROR, "the instrumented copy needs a file name, not '-'");
            ok = false;
        }
        ok = ok && mt_output_not_input(o, pl, o->output ? "-o" : "the instrumented copy",
                                       u->output);
        for (size_t k = 0; k < i && ok; k++) {
            if (!strcmp(u->output, pl->units[k].output)) {
                diag_tool(DIAG_ERROR, "'%s' and '%s' would both be instrumented into '%s'; "
                                      "instrument them one at a time with -o",
                          pl->units[k].path, u->path, u->output);
                ok = false;
            }
        }
    }
    return ok;
}

/* The default mode, -auto-instrument and -simon-clock: a copy of each input. */
static bool mt_instrument(const mt_options *o, const mt_parallel *par, const mt_plan *pl,
                          const annot_set *annots, size_t *nloops)
{
    op_costs costs;
    op_costs_default(&costs);
    if (o->costs_file && !op_costs_read(o->costs_file, &costs))
        return false;
    instrument_mode mode = o->simon_clock       ? INSTRUMENT_CLOCK
                           : o->auto_instrument ? INSTRUMENT_AUTO
                                                : INSTRUMENT_MARKERS;
    mt_work w = {o, true, mode, mode == INSTRUMENT_CLOCK ? &costs : NULL};
    if (pl->tree && !mt_tree_make_dirs(pl))
        return false;
    lm_program *p = lm_program_create();
    /* The copies and the reports are replaced together, at the end. */
    fileio_run_begin();
    bool ok = mt_run_units(o, par, pl, &w, o->xml_file || o->chips_file, annots, p);
    mt_warn_unused_annotations(pl, annots, ok);
    ok = ok && (!pl->tree || mt_tree_finish(pl));
    lm_program_finish(p);
    report_joins j = {NULL, NULL, NULL, pl->shard, 0, NULL};
    ok &= mt_write_reports(o, p, o->report_file_given, &j, NULL, NULL);
    ok &= fileio_run_end();
    *nloops = p->nloops;
    lm_program_free(&p);
    return ok;
}

/* ---- Merging the reports of slices ---- */

/* Options that analyze or write something else make no sense with -merge. */
static const char *mt_merge_conflict(const mt_options *o)
{
    return (o->merge_json || o->merge_xml) && o->merge_measured ? "-merge-measured"
           : o->merge_json && o->merge_xml                       ? "-merge-xml"
           : o->build_dir                ? "-p"
           : o->shard                    ? "-shard"
           : o->static_only              ? "-static-counting-only"
           : o->json_file                ? "-json"
           : o->xml_file                 ? "-xml"
           : o->report_file_given        ? "-report-file"
           : o->chips_file               ? "-chips"
           : o->output                   ? "-o"
           : o->machine_file             ? "-machine"
           : o->measured_file            ? "-measured"
           : o->nclang_args              ? o->clang_args[0]
                                         : NULL;
}

static int mt_merge(const mt_options *o)
{
    const char *option = o->merge_json ? "-merge" : o->merge_xml ? "-merge-xml" : "-merge-measured";
    const char *out = o->merge_json  ? o->merge_json
                      : o->merge_xml ? o->merge_xml
                                     : o->merge_measured;
    const char *conflict = mt_merge_conflict(o);
    if (conflict) {
        diag_tool(DIAG_ERROR, "%s merges reports and analyzes nothing: '%s' cannot go with it",
                  option, conflict);
        return MT_EXIT_USAGE;
    }
    if (o->ninputs == 0) {
        diag_tool(DIAG_ERROR, "%s %s: name the %s to merge", option, out,
                  o->merge_measured ? "measurements" : "reports of the slices");
        return MT_EXIT_USAGE;
    }
    if (!mt_output_not_input(o, NULL, option, out))
        return MT_EXIT_USAGE;
    bool ok = o->merge_json  ? report_json_merge(out, o->inputs, o->ninputs)
              : o->merge_xml ? xml_merge_files(out, o->inputs, o->ninputs)
                             : measured_merge(out, o->inputs, o->ninputs);
    return ok ? MT_EXIT_OK : MT_EXIT_INPUT;
}

/* ---- The modes ---- */

/* Usage errors of the analysis that need nothing read; 0 when none. */
static int mt_check_usage(const mt_options *o)
{
    if (o->ninputs == 0 && !o->build_dir) {
        diag_tool(DIAG_ERROR, "no input files (measuretool -help lists the options)");
        return MT_EXIT_USAGE;
    }
    if (o->usage_ok && !o->usage_ok(o))
        return MT_EXIT_USAGE;
    const char *why = NULL;
    char *app = o->chips_file ? report_chips_app_name(o->chips_file, &why) : NULL;
    free(app);
    if (why) {
        diag_tool(DIAG_ERROR, "-chips %s: %s", o->chips_file, why);
        return MT_EXIT_USAGE;
    }
    for (int i = 0; i < o->ninputs; i++) {
        if (!mt_is_xml_input(o->inputs[i]))
            continue;
        if (o->build_dir || !o->static_only) {
            diag_tool(DIAG_ERROR, o->build_dir ? "'%s' is ExaSAT XML: with -p, name C files of "
                                                 "the database"
                                               : "'%s' is ExaSAT XML, which has no source to "
                                                 "instrument: use -static-counting-only to "
                                                 "report it",
                      o->inputs[i]);
            return MT_EXIT_USAGE;
        }
    }
    if (o->static_only && (o->output || o->auto_instrument || o->simon_clock)) {
        diag_tool(DIAG_ERROR, "%s writes an instrumented copy, which "
                              "-static-counting-only does not make",
                  o->output ? "-o" : o->simon_clock ? "-simon-clock" : "-auto-instrument");
        return MT_EXIT_USAGE;
    }
    if (o->simon_clock && o->auto_instrument) {
        diag_tool(DIAG_ERROR, "-simon-clock and -auto-instrument make different copies: "
                              "give one of them");
        return MT_EXIT_USAGE;
    }
    if (o->plot_file && !perf_plot_format_known(o->plot_file)) {
        diag_tool(DIAG_ERROR, "'%s': the plot is written as .png or .svg", o->plot_file);
        return MT_EXIT_USAGE;
    }
    perf_options popt;
    return perf_options_parse(o->model, o->cores, &popt) ? 0 : MT_EXIT_USAGE;
}

/* The reports may not name an input; the copies are named and checked. */
static bool mt_plan_outputs_ok(const mt_options *o, mt_plan *pl)
{
    bool report = o->static_only || o->report_file_given;
    /* The page is checked before any file is analyzed (a large project's analysis is long). */
    return fileio_output_writable("-html", o->html_file) &&
           mt_output_not_input(o, pl, o->report_file_given ? "-report-file" : "the report",
                               report ? o->report_file : NULL) &&
           mt_output_not_input(o, pl, "-json", o->json_file) &&
           mt_output_not_input(o, pl, "-html", o->html_file) &&
           mt_output_not_input(o, pl, "-xml", o->xml_file) &&
           mt_output_not_input(o, pl, "-chips", o->chips_file) &&
           mt_output_not_input(o, pl, "-plot", o->plot_file) &&
           (o->static_only || mt_outputs_ok(o, pl));
}

static int mt_run_plan(const mt_options *o, const mt_parallel *par, mt_plan *pl,
                       const annot_set *annots, size_t *nloops)
{
    if (!mt_plan_outputs_ok(o, pl))
        return MT_EXIT_USAGE;
    if (!o->static_only)
        return mt_instrument(o, par, pl, annots, nloops) ? MT_EXIT_OK : MT_EXIT_INPUT;
    /* -param values are checked before anything is analyzed. */
    bexpr_bindings *params = bexpr_bindings_create();
    int status = MT_EXIT_USAGE;
    if (bexpr_bindings_parse_all(params, o->params, o->nparams, "-param"))
        status = mt_analyze(o, par, pl, annots, params, nloops);
    bexpr_bindings_free(&params);
    return status;
}

static int mt_run_analysis(const mt_options *o, const annot_set *annots)
{
    if (o->merge_json || o->merge_xml || o->merge_measured)
        return mt_merge(o);
    mt_parallel par;
    if (!mt_parse_parallel(o, &par))
        return MT_EXIT_USAGE;
    int status = mt_check_usage(o);
    if (status)
        return status;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    mt_plan pl;
    size_t nloops = 0;
    status = mt_plan_build(o, &par, &pl) ? mt_run_plan(o, &par, &pl, annots, &nloops)
                                         : MT_EXIT_INPUT;
    clock_gettime(CLOCK_MONOTONIC, &end);
    if (status != MT_EXIT_USAGE && (o->build_dir || o->progress))
        fprintf(stderr, "measuretool: %zu files, %zu loops, %u errors, %u warnings, %.1f s\n",
                pl.nunits, nloops, diag_error_count(), diag_warning_count(),
                (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9);
    mt_plan_release(&pl);
    return status;
}

int mt_driver_run(const mt_options *o)
{
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
