/* The main() of every simulated program: the options of appendix III, the
 * switch file, bootstrap and the event loop, the statistics, the exit
 * status (0 done, 1 misuse, 2 usage, 3 bad switch file, 4 deadlock). */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "core.h"
#include "diag.h"
#include "fileio.h"
#include "stats.h"
#include "strbuf.h"
#include "sw.h"
#include "trace.h"

enum { SIMON_EXIT_USAGE = 2, SIMON_EXIT_SWITCH = 3 };

#define SIMON_DEFAULT_STACK (256 * 1024)
#define SIMON_MIN_STACK (16 * 1024)
#define SIMON_DEFAULT_TRACE_LIMIT 1000000

typedef struct simon_options {
    const char *switch_file, *report, *json, *trace;
    long long nt, nm, nn, ni, ne, stack; /* 0: unlimited (the stack: its default) */
    long long trace_limit;
    bool traffic, help;
    int first; /* the first argument for bootstrap, after `--` */
} simon_options;

#define OPT_VALUE(names_, value_, field, help_)                                                   \
    {.names = names_, .kind = ARGS_VALUE, .value = value_,                                    \
     .dest = offsetof(simon_options, field), .help = help_}

/* The text of today's SIMON programs for a bad count. */
#define SIMON_BAD_COUNT "option '{name}' needs a whole number >= {min}, not '{value}'"

#define OPT_COUNT(names_, value_, field, min_, help_)                                             \
    {.names = names_, .kind = ARGS_INT, .value = value_,                                      \
     .dest = offsetof(simon_options, field), .help = help_, .min = min_, .max = LONG_MAX,     \
     .bad = SIMON_BAD_COUNT}

static const args_option simon_option_table[] = {
    OPT_VALUE("-s", "FILE", switch_file, "The switch model and its settings (default: null)."),
    {.names = "-t", .kind = ARGS_FLAG, .dest = offsetof(simon_options, traffic),
     .help = "Traffic statistics: links and virtual circuits."},
    OPT_VALUE("-o", "FILE", report, "The text report (default: standard output)."),
    OPT_VALUE("-json", "FILE", json, "The statistics as JSON."),
    OPT_VALUE("-trace", "FILE", trace, "Every event as Chrome trace-event JSON (Perfetto)."),
    OPT_COUNT("-trace-limit", "N", trace_limit, 1,
              "At most N events in the trace, then one saying it was cut (default: 1000000)."),
    OPT_COUNT("-nt", "N", nt, 1, "At most N tasks (default: unlimited)."),
    OPT_COUNT("-nm", "N", nm, 1, "At most N messages at one time (default: unlimited)."),
    OPT_COUNT("-nn", "N", nn, 1, "At most N fifo names (default: unlimited)."),
    OPT_COUNT("-ni", "N", ni, 1, "At most N import fifos (default: unlimited)."),
    OPT_COUNT("-ne", "N", ne, 1, "At most N export fifos (default: unlimited)."),
    OPT_COUNT("-stack", "B", stack, SIMON_MIN_STACK,
              "Each task's stack in bytes (default: 262144)."),
    {.names = "-help|--help|-h", .kind = ARGS_FLAG, .dest = offsetof(simon_options, help),
     .help = "This help."},
};
#define SIMON_NOPTIONS (sizeof simon_option_table / sizeof *simon_option_table)

static const args_program simon_program = {
    .table = simon_option_table,
    .n = SIMON_NOPTIONS,
    .unknown = "unknown argument '%s' (arguments for bootstrap go after --)",
    .stop_at_error = true,
    .has_rest = true,
    .rest = offsetof(simon_options, first),
};

static void simon_usage(FILE *out, const char *prog)
{
    fprintf(out, "usage: %s [options] [-- args for bootstrap]\n", prog);
    args_print_help(out, simon_option_table, SIMON_NOPTIONS, 20);
}

static simon_limits simon_limits_of(const simon_options *o)
{
    return (simon_limits){.tasks = o->nt, .msgs = o->nm, .names = o->nn, .imports = o->ni,
                          .exports = o->ne};
}

/* No output may overwrite the switch file, the program or another output,
 * and the trace, written last, must be writable before the run starts. */
static bool simon_outputs_apart(const simon_options *o)
{
    const char *const inputs[] = {o->switch_file};
    int n = o->switch_file ? 1 : 0;
    return fileio_output_not_input("-o", o->report, inputs, n) &&
           fileio_output_not_input("-json", o->json, inputs, n) &&
           fileio_output_not_input("-trace", o->trace, inputs, n) &&
           fileio_output_writable("-trace", o->trace);
}

/* Every task has a place in the switch model's network. */
static bool simon_admit(const sw_model *model, void *sw)
{
    for (int i = 0; model->admit && i < simon_core_task_count(); i++) {
        simon_task_view v;
        simon_core_task_view(i, &v);
        if (!model->admit(sw, v.id))
            return false;
    }
    return true;
}

/* The trace's rows named, then the trace written; false when it could not be. */
static bool simon_write_trace(simon_trace *tr, const char *path, const sw_model *model, void *sw)
{
    for (int i = 0; i < simon_core_task_count(); i++) {
        simon_task_view v;
        simon_core_task_view(i, &v);
        trace_name_task(tr, v.id, v.name);
    }
    trace_name_links(tr, model, sw);
    return trace_write(tr, path);
}

static void simon_free_switch(const sw_model *model, void *sw)
{
    if (model->freesw)
        model->freesw(sw);
}

static int simon_main(int argc, char **argv)
{
    simon_options o = {.stack = SIMON_DEFAULT_STACK, .trace_limit = SIMON_DEFAULT_TRACE_LIMIT};
    if (!args_parse_all(&simon_program, argc, argv, &o) || !simon_outputs_apart(&o)) {
        simon_usage(stderr, argv[0]);
        return SIMON_EXIT_USAGE;
    }
    if (o.help) {
        simon_usage(stdout, argv[0]);
        return 0;
    }
    sw_config cfg = {.model = &sw_null};
    if (o.switch_file && !sw_config_read(o.switch_file, &cfg))
        return SIMON_EXIT_SWITCH;
    void *sw = cfg.model->initsw ? cfg.model->initsw(&cfg) : NULL;
    sw_config_release(&cfg);
    simon_limits limits = simon_limits_of(&o);
    simon_core_setup(cfg.model, sw, (size_t)o.stack, &limits, o.traffic);
    simon_core_boot(argc - o.first, argv + o.first);
    if (!simon_admit(cfg.model, sw)) {
        simon_free_switch(cfg.model, sw);
        return SIMON_EXIT_SWITCH;
    }
    simon_trace *trace = o.trace ? trace_create((size_t)o.trace_limit) : NULL;
    simon_core_trace(trace);
    simon_core_loop();
    int status = simon_core_finish(stderr);
    stats_source src = {cfg.model, sw, o.traffic};
    if (!stats_write(o.report, o.json, &src) && status == 0)
        status = 1;
    if (trace && !simon_write_trace(trace, o.trace, cfg.model, sw) && status == 0)
        status = 1;
    simon_core_trace(NULL);
    trace_free(&trace);
    simon_free_switch(cfg.model, sw);
    return status;
}

int main(int argc, char **argv)
{
    diag_set_program("simon");
    fileio_program_begin();
    return fileio_program_end(simon_main(argc, argv), SIMON_EXIT_USAGE);
}
