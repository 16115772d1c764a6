/* perfmodel's command line: options, reading the kernels and the machine, the
 * model through perf.h, the reports through report_perf.h. */
#include "perfmodel_cli.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "exasat_xml.h"
#include "loop_model.h"
#include "machine.h"
#include "mem.h"
#include "perf.h"
#include "perf_calibrate.h"
#include "perf_expr.h"
#include "report_perf.h"

static bool pm_takes_value(int argc, char **argv, int *i, const char **value)
{
    if (*i + 1 >= argc) {
        diag_tool(DIAG_ERROR, "option '%s' needs a value", argv[*i]);
        return false;
    }
    *value = argv[++*i];
    return true;
}

bool pm_parse_args(int argc, char **argv, pm_options *o)
{
    memset(o, 0, sizeof *o);
    o->defines = mem_alloc((size_t)argc * sizeof *o->defines);
    o->inputs = mem_alloc((size_t)argc * sizeof *o->inputs);
    bool ok = true;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-help") || !strcmp(a, "--help") || !strcmp(a, "-h")) {
            o->help = true;
        } else if (!strcmp(a, "-machine")) {
            ok &= pm_takes_value(argc, argv, &i, &o->machine_file);
        } else if (!strcmp(a, "-json")) {
            ok &= pm_takes_value(argc, argv, &i, &o->json_file);
        } else if (!strcmp(a, "-csv")) {
            o->csv = true;
        } else if (!strcmp(a, "-calibrate")) {
            o->calibrate = true;
        } else if (!strcmp(a, "-D")) {
            const char *v;
            if (pm_takes_value(argc, argv, &i, &v))
                o->defines[o->ndefines++] = v;
            else
                ok = false;
        } else if (!strncmp(a, "-D", 2)) {
            o->defines[o->ndefines++] = a + 2;
        } else if (a[0] != '-' || !a[1]) {
            o->inputs[o->ninputs++] = a;
        } else {
            diag_tool(DIAG_ERROR, "unknown option '%s' (perfmodel -help lists the options)", a);
            ok = false;
        }
    }
    return ok;
}

void pm_options_release(pm_options *o)
{
    free(o->defines);
    free(o->inputs);
    o->defines = o->inputs = NULL;
    o->ndefines = o->ninputs = 0;
}

void pm_print_help(FILE *out)
{
    fputs(
        "usage: perfmodel -machine M.json [-D name=value]... [-json FILE] [-csv] kernel.xml...\n"
        "       perfmodel -calibrate > this-machine.json\n"
        "\n"
        "Predicts, per loop nest of ExaSAT XML kernels (written by measuretool -xml or by\n"
        "hand), the executed flops, the memory traffic, the working sets and the runtime\n"
        "on a machine.\n"
        "\n"
        "options:\n"
        "  -help            print this help and exit\n"
        "  -machine FILE    the machine description (JSON; model/machines/ has examples)\n"
        "  -D name=value    bind a symbol of the loop bounds (repeatable; -Dname=value too)\n"
        "  -json FILE       also write the predictions as JSON (- is standard output)\n"
        "  -csv             print one CSV row per loop nest instead of the table\n"
        "  -calibrate       measure this machine (memory bandwidth with a triad on all\n"
        "                   cores, peak with independent FMA chains, divide and sqrt\n"
        "                   costs, caches from /sys; about 10 s, 3 GiB of memory) and\n"
        "                   print its machine file\n"
        "\n"
        "Traffic follows a layer-condition cache rule: the reuse of each array across the\n"
        "iterations of a loop level holds when the data it needs fits in half of the\n"
        "last-level cache; runtime = max(weighted flops / peak, bytes / bandwidth).\n"
        "\n"
        "Exit status: 0 success, 1 an input or the machine file could not be read, a\n"
        "bound could not be evaluated or an output not written, 2 a usage error.\n",
        out);
}

static perf_bindings *pm_bindings(const pm_options *o)
{
    perf_bindings *b = perf_bindings_create();
    for (int i = 0; i < o->ndefines; i++) {
        const char *error = NULL;
        if (!perf_bindings_parse(b, o->defines[i], &error)) {
            diag_tool(DIAG_ERROR, "-D %s: %s", o->defines[i], error);
            perf_bindings_free(&b);
            return NULL;
        }
    }
    return b;
}

static bool pm_model(const pm_options *o, const machine *m, const perf_bindings *b)
{
    lm_program *p = lm_program_create();
    bool ok = true;
    for (int i = 0; i < o->ninputs; i++)
        ok &= xml_read_file(p, o->inputs[i]);
    lm_program_finish(p);
    perf_result r;
    ok &= perf_evaluate(p, m, b, &r);
    if (ok) {
        if (o->csv)
            ok &= report_perf_csv_write(stdout, &r);
        else
            ok &= report_perf_text_write(stdout, &r, m);
        if (o->json_file)
            ok &= report_perf_json_file(o->json_file, &r, m);
    }
    perf_result_release(&r);
    lm_program_free(&p);
    return ok;
}

static int pm_calibrate(const pm_options *o)
{
    if (o->machine_file || o->ninputs || o->json_file || o->csv || o->ndefines) {
        diag_tool(DIAG_ERROR, "-calibrate measures this machine and prints its machine file; "
                              "it takes no kernels and no other options");
        return PM_EXIT_USAGE;
    }
    machine m;
    if (!perf_calibrate(&m, stderr))
        return PM_EXIT_INPUT;
    char *json = machine_to_json(&m);
    bool ok = json && printf("%s\n", json) > 0 && fflush(stdout) == 0;
    free(json);
    free(m.name);
    if (!ok)
        diag_tool(DIAG_ERROR, "cannot write the machine file to standard output");
    return ok ? PM_EXIT_OK : PM_EXIT_INPUT;
}

int pm_run(const pm_options *o)
{
    if (o->help) {
        pm_print_help(stdout);
        return PM_EXIT_OK;
    }
    if (o->calibrate)
        return pm_calibrate(o);
    if (!o->machine_file) {
        diag_tool(DIAG_ERROR, "no machine: give -machine FILE (model/machines/ has examples)");
        return PM_EXIT_USAGE;
    }
    if (o->ninputs == 0) {
        diag_tool(DIAG_ERROR, "no kernels: name one or more ExaSAT XML files");
        return PM_EXIT_USAGE;
    }
    perf_bindings *b = pm_bindings(o);
    if (!b)
        return PM_EXIT_USAGE;
    machine *m = machine_load(o->machine_file);
    int status = PM_EXIT_INPUT;
    if (m)
        status = pm_model(o, m, b) ? PM_EXIT_OK : PM_EXIT_INPUT;
    machine_free(&m);
    perf_bindings_free(&b);
    return status;
}

int pm_main(int argc, char **argv)
{
    diag_set_program("perfmodel");
    pm_options o;
    int status = pm_parse_args(argc, argv, &o) ? pm_run(&o) : PM_EXIT_USAGE;
    pm_options_release(&o);
    return status;
}
