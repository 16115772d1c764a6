/* The main() of every simulated program: the options of appendix III, the
 * switch file, bootstrap and the event loop, the statistics, the exit
 * status (0 done, 1 misuse, 2 usage, 3 bad switch file, 4 deadlock). */
#include <errno.h>
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

enum { SIMON_EXIT_USAGE = 2, SIMON_EXIT_SWITCH = 3 };

#define SIMON_DEFAULT_STACK (256 * 1024)
#define SIMON_MIN_STACK (16 * 1024)

typedef struct simon_options {
    const char *switch_file, *report, *json;
    const char *nt, *nm, *nn, *ni, *ne, *stack;
    bool traffic, help;
} simon_options;

#define OPT_VALUE(names, value, field, help) \
    {names, ARGS_VALUE, value, false, offsetof(simon_options, field), 0, help}

static const args_option simon_option_table[] = {
    OPT_VALUE("-s", "FILE", switch_file, "The switch model and its settings (default: null)."),
    {"-t", ARGS_FLAG, NULL, false, offsetof(simon_options, traffic), 0,
     "Traffic statistics: links and virtual circuits."},
    OPT_VALUE("-o", "FILE", report, "The text report (default: standard output)."),
    OPT_VALUE("-json", "FILE", json, "The statistics as JSON."),
    OPT_VALUE("-nt", "N", nt, "At most N tasks (default: unlimited)."),
    OPT_VALUE("-nm", "N", nm, "At most N messages at one time (default: unlimited)."),
    OPT_VALUE("-nn", "N", nn, "At most N fifo names (default: unlimited)."),
    OPT_VALUE("-ni", "N", ni, "At most N import fifos (default: unlimited)."),
    OPT_VALUE("-ne", "N", ne, "At most N export fifos (default: unlimited)."),
    OPT_VALUE("-stack", "B", stack, "Each task's stack in bytes (default: 262144)."),
    {"-help|--help|-h", ARGS_FLAG, NULL, false, offsetof(simon_options, help), 0,
     "This help."},
};
#define SIMON_NOPTIONS (sizeof simon_option_table / sizeof *simon_option_table)

static void simon_usage(FILE *out, const char *prog)
{
    fprintf(out, "usage: %s [options] [-- args for bootstrap]\n", prog);
    args_print_help(out, simon_option_table, SIMON_NOPTIONS, 20);
}

/* A non-negative count; false after a usage error. */
static bool simon_count(const char *option, const char *text, long min, long *out)
{
    if (!text)
        return true;
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < min) {
        diag_tool(DIAG_ERROR, "option '%s' needs a whole number >= %ld, not '%s'", option, min,
                  text);
        return false;
    }
    *out = v;
    return true;
}

/* Options up to `--`; *first is the first argument for bootstrap. */
static bool simon_parse(int argc, char **argv, simon_options *o, int *first)
{
    int i = 1;
    for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
        args_result r = args_parse_option(simon_option_table, SIMON_NOPTIONS, argc, argv, &i, o);
        if (r == ARGS_BAD)
            return false;
        if (r == ARGS_NOT_AN_OPTION) {
            diag_tool(DIAG_ERROR, "unknown argument '%s' (arguments for bootstrap go after --)",
                      argv[i]);
            return false;
        }
    }
    *first = i < argc ? i + 1 : argc;
    return true;
}

static bool simon_limits_of(const simon_options *o, simon_limits *l, long *stack)
{
    *l = (simon_limits){0};
    *stack = SIMON_DEFAULT_STACK;
    return simon_count("-nt", o->nt, 1, &l->tasks) && simon_count("-nm", o->nm, 1, &l->msgs) &&
           simon_count("-nn", o->nn, 1, &l->names) && simon_count("-ni", o->ni, 1, &l->imports) &&
           simon_count("-ne", o->ne, 1, &l->exports) &&
           simon_count("-stack", o->stack, SIMON_MIN_STACK, stack);
}

/* Neither output may overwrite the switch file, the program or the other output. */
static bool simon_outputs_apart(const simon_options *o)
{
    const char *const inputs[] = {o->switch_file};
    int n = o->switch_file ? 1 : 0;
    return fileio_output_not_input("-o", o->report, inputs, n) &&
           fileio_output_not_input("-json", o->json, inputs, n);
}

static bool simon_write_text(FILE *out, void *ctx)
{
    return fileio_flush_text(out, ctx);
}

/* The report (and the JSON); false when a file could not be written. */
static bool simon_write_stats(const simon_options *o, const stats_source *src)
{
    strbuf text = STRBUF_INIT;
    stats_text(&text, src);
    fflush(stdout);
    bool ok = fileio_write_atomic(o->report ? o->report : "-", simon_write_text, &text);
    strbuf_release(&text);
    if (o->json) {
        stats_json(&text, src);
        ok = fileio_write_atomic(o->json, simon_write_text, &text) && ok;
        strbuf_release(&text);
    }
    return ok;
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

static void simon_free_switch(const sw_model *model, void *sw)
{
    if (model->freesw)
        model->freesw(sw);
}

static int simon_main(int argc, char **argv)
{
    simon_options o = {0};
    int first;
    simon_limits limits;
    long stack;
    if (!simon_parse(argc, argv, &o, &first) || !simon_limits_of(&o, &limits, &stack) ||
        !simon_outputs_apart(&o)) {
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
    simon_core_setup(cfg.model, sw, (size_t)stack, &limits);
    simon_core_boot(argc - first, argv + first);
    if (!simon_admit(cfg.model, sw)) {
        simon_free_switch(cfg.model, sw);
        return SIMON_EXIT_SWITCH;
    }
    simon_core_loop();
    int status = simon_core_finish(stderr);
    stats_source src = {cfg.model, sw, o.traffic};
    if (!simon_write_stats(&o, &src) && status == 0)
        status = 1;
    simon_free_switch(cfg.model, sw);
    return status;
}

int main(int argc, char **argv)
{
    diag_set_program("simon");
    fileio_program_begin();
    return fileio_program_end(simon_main(argc, argv), SIMON_EXIT_USAGE);
}
