/* The main() of a simulated program on the SimGrid engine: SimGrid's own
 * options (--cfg=..., --log=...), ours, bootstrap, the platform (a SimGrid
 * platform file, or the switch file translated by sg_platform), the run,
 * the statistics and the exit status, as the native main's (0 done, 1
 * misuse, 2 usage, 3 bad switch or platform file, 4 deadlock). */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <simgrid/engine.h>
#include <simgrid/host.h>

#include "args.h"
#include "core.h"
#include "diag.h"
#include "fileio.h"
#include "mem.h"
#include "sg_engine.h"
#include "sg_platform.h"
#include "stats.h"
#include "strbuf.h"
#include "sw.h"

enum { SG_EXIT_USAGE = 2, SG_EXIT_PLATFORM = 3 };

/* simon-cc -platform FILE defines it: the platform when none is given. */
extern const char *const simon_sg_default_platform __attribute__((weak));

/* In sg_load.cc: SimGrid's exception, caught. */
bool sg_load_platform(const char *path, char *why, size_t cap);

typedef struct sg_options {
    const char *switch_file, *platform, *report, *json;
    bool traffic, show, help;
    int first;
} sg_options;

#define OPT_VALUE(names_, value_, field, help_)                                                   \
    {.names = names_, .kind = ARGS_VALUE, .value = value_, .dest = offsetof(sg_options, field), \
     .help = help_}

static const args_option sg_option_table[] = {
    OPT_VALUE("-platform", "FILE", platform,
              "The SimGrid platform (default: simon-cc's -platform, else the switch file's)."),
    OPT_VALUE("-s", "FILE", switch_file,
              "A switch file (null, p2p, crossbar, bus), translated to a SimGrid platform."),
    {.names = "-show-platform", .kind = ARGS_FLAG, .dest = offsetof(sg_options, show),
     .help = "Print the translated platform's XML and stop."},
    {.names = "-t", .kind = ARGS_FLAG, .dest = offsetof(sg_options, traffic),
     .help = "Traffic statistics: the virtual circuits."},
    OPT_VALUE("-o", "FILE", report, "The text report (default: standard output)."),
    OPT_VALUE("-json", "FILE", json, "The statistics as JSON."),
    {.names = "-help|--help|-h", .kind = ARGS_FLAG, .dest = offsetof(sg_options, help),
     .help = "This help."},
};
#define SG_NOPTIONS (sizeof sg_option_table / sizeof *sg_option_table)

static const args_program sg_program = {
    .table = sg_option_table,
    .n = SG_NOPTIONS,
    .unknown = "unknown argument '%s' (arguments for bootstrap go after --)",
    .stop_at_error = true,
    .has_rest = true,
    .rest = offsetof(sg_options, first),
};

/* The analytical settings the comparison with the native engine rests on
 * (CM02, no TCP acknowledgements flowing back, latency and bandwidth as
 * written), each actor's stack the native engine's default, 256 KiB
 * (SimGrid's 8 MiB takes more than twice the processor time per copy, whose
 * courier is an actor), and SimGrid quiet but for warnings; given first,
 * so the user's own --cfg= options win. */
static const char *const sg_defaults[] = {
    "--cfg=network/model:CM02",       "--cfg=network/crosstraffic:0",
    "--cfg=network/latency-factor:1", "--cfg=network/bandwidth-factor:1",
    "--cfg=contexts/stack-size:256",  "--log=root.thresh:warning",
};
enum { SG_NDEFAULTS = sizeof sg_defaults / sizeof *sg_defaults };

static void sg_usage(FILE *out, const char *prog)
{
    fprintf(out, "usage: %s [--cfg=KEY:VALUE ...] [options] [-- args for bootstrap]\n", prog);
    args_print_help(out, sg_option_table, SG_NOPTIONS, 20);
}

static bool sg_write_text(FILE *out, void *ctx)
{
    return fileio_flush_text(out, ctx);
}

static bool sg_outputs_apart(const sg_options *o)
{
    const char *const inputs[] = {o->switch_file, o->platform};
    return fileio_output_not_input("-o", o->report, inputs, 2) &&
           fileio_output_not_input("-json", o->json, inputs, 2);
}

/* SimGrid's "Parse error at FILE:LINE: text" at its line, anything else
 * as said of the file. */
static void sg_platform_error(const char *path, const char *why)
{
    unsigned line;
    int text = 0;
    if (sscanf(why, "Parse error at %*[^:]:%u: %n", &line, &text) == 1 && text > 0) {
        diag_at(DIAG_ERROR, path, line, 1, "%s", why + text);
        return;
    }
    diag_tool(DIAG_ERROR, "platform '%s': %s", path, why);
}

static bool sg_load(const char *path)
{
    if (!fileio_check_input(path, "platform"))
        return false;
    char why[1024];
    if (!sg_load_platform(path, why, sizeof why)) {
        sg_platform_error(path, why);
        return false;
    }
    if (sg_host_count() == 0) {
        diag_at(DIAG_ERROR, path, 1, 1, "the platform has no host to run the tasks on");
        return false;
    }
    return true;
}

/* Where the value of the switch file's `model` line starts (sw_config
 * keeps no positions; the reader has checked the file). */
static void sg_model_position(const char *path, unsigned *line, unsigned *col)
{
    char *text = fileio_read_text(path, "switch file");
    *line = *col = 1;
    for (const char *p = text; p && *p; (*line)++) {
        const char *q = p + strspn(p, " \t");
        if (!strncmp(q, "model", 5)) {
            q += 5 + strspn(q + 5, " \t=");
            *col = (unsigned)(q - p) + 1;
            break;
        }
        p = strchr(p, '\n');
        p = p ? p + 1 : NULL;
    }
    free(text);
}

/* The switch file's network for the tasks bootstrap made, into out. */
static bool sg_translate(const char *switch_file, strbuf *out)
{
    sw_config cfg = {.model = &sw_null};
    if (switch_file && !sw_config_read(switch_file, &cfg))
        return false;
    int n = simon_core_task_count();
    const char *why = NULL;
    bool ok = sg_platform_xml(out, switch_file ? &cfg : NULL, n > 0 ? n : 1, &why);
    if (!ok) {
        unsigned line, col;
        sg_model_position(switch_file, &line, &col);
        diag_at(DIAG_ERROR, switch_file, line, col, "model %s: %s", cfg.model->name, why);
    }
    sw_config_release(&cfg);
    return ok;
}

/* The translated platform, loaded through a temporary file. */
static bool sg_load_translated(strbuf *xml)
{
    char dir[] = "/tmp/simon-platform-XXXXXX";
    if (!mkdtemp(dir)) {
        diag_tool(DIAG_ERROR, "cannot make a temporary directory for the platform");
        return false;
    }
    strbuf path = STRBUF_INIT;
    strbuf_printf(&path, "%s/platform.xml", dir);
    bool ok = fileio_write_atomic(strbuf_cstr(&path), sg_write_text, xml) &&
              sg_load(strbuf_cstr(&path));
    unlink(strbuf_cstr(&path));
    rmdir(dir);
    strbuf_release(&path);
    return ok;
}

static int sg_main(int argc, char **argv)
{
    sg_options o = {0};
    if (!args_parse_all(&sg_program, argc, argv, &o) || !sg_outputs_apart(&o)) {
        sg_usage(stderr, argv[0]);
        return SG_EXIT_USAGE;
    }
    if (o.help) {
        sg_usage(stdout, argv[0]);
        return 0;
    }
    if (o.platform && o.switch_file) {
        diag_tool(DIAG_ERROR, "give -platform or -s (a switch file to translate), not both");
        return SG_EXIT_USAGE;
    }
    if (!o.platform && !o.switch_file && &simon_sg_default_platform)
        o.platform = simon_sg_default_platform;
    if (o.show && o.platform) {
        diag_tool(DIAG_ERROR, "-show-platform shows a translated switch file; the platform "
                              "'%s' is one already", o.platform);
        return SG_EXIT_USAGE;
    }
    simon_sg_boot(argc - o.first, argv + o.first);
    strbuf xml = STRBUF_INIT;
    bool ok = o.platform ? sg_load(o.platform) : sg_translate(o.switch_file, &xml);
    if (ok && o.show) {
        fputs(strbuf_cstr(&xml), stdout);
        strbuf_release(&xml);
        return 0;
    }
    ok = ok && (o.platform || sg_load_translated(&xml));
    strbuf_release(&xml);
    if (!ok)
        return SG_EXIT_PLATFORM;
    simon_sg_run(o.platform || o.switch_file);
    int status = simon_sg_finish(stderr);
    sw_model model = {.name = "simgrid"};
    stats_source src = {&model, NULL, o.traffic};
    return !stats_write(o.report, o.json, &src) && status == 0 ? 1 : status;
}

int main(int argc, char **argv)
{
    diag_set_program("simon");
    fileio_program_begin();
    /* SimGrid's defaults, then the user's arguments up to `--`; simgrid_init
     * takes its own (--cfg=, --log=) out, and would take `--` too, so what
     * follows it is put back after */
    int rest = 1;
    while (rest < argc && strcmp(argv[rest], "--") != 0)
        rest++;
    char **args = mem_alloc((size_t)(argc + SG_NDEFAULTS + 1) * sizeof *args);
    int n = 0;
    args[n++] = argv[0];
    for (int i = 0; i < SG_NDEFAULTS; i++)
        args[n++] = (char *)sg_defaults[i];
    for (int i = 1; i < rest; i++)
        args[n++] = argv[i];
    simgrid_init(&n, args);
    for (int i = rest; i < argc; i++)
        args[n++] = argv[i];
    int status = fileio_program_end(sg_main(n, args), SG_EXIT_USAGE);
    free(args);
    return status;
}
