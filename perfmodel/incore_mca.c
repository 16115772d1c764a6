/* llvm-mca on a loop body, and its report read back: the summary (iterations, total
 * cycles, Block RThroughput), -bottleneck-analysis's shares, and the resource pressure
 * per iteration, whose largest entry names the most loaded port or unit. */
#include "incore.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "incore_run.h"
#include "mem.h"

incore_status incore_mca_run(const char *program, const char *mcpu, unsigned iterations,
                             const char *body, strbuf *report, strbuf *why)
{
    program = program ? program : INCORE_MCA_PROGRAM;
    char *dir = incore_run_make_dir("mca", why);
    if (!dir)
        return INCORE_MCA_FAILED;
    char *in = incore_run_path(dir, "loop.s"), *out = incore_run_path(dir, "mca.out"),
         *err = incore_run_path(dir, "mca.err");
    strbuf cpu = STRBUF_INIT, iters = STRBUF_INIT;
    strbuf_printf(&cpu, "-mcpu=%s", mcpu ? mcpu : "native");
    strbuf_printf(&iters, "-iterations=%u", iterations);
    char *argv[] = {(char *)program, cpu.s, iters.s, (char *)"-bottleneck-analysis", in, NULL};
    incore_status status = INCORE_OK;
    FILE *f = fopen(in, "w");
    bool written = f && fputs(body, f) >= 0;
    if (f)
        written &= fclose(f) == 0;
    int spawn_error = 0, rc = written ? incore_run(argv, out, err, &spawn_error) : -1;
    if (!written) {
        strbuf_printf(why, "cannot write the loop for llvm-mca: %s", strerror(errno));
        status = INCORE_MCA_FAILED;
    } else if (rc < 0) {
        strbuf_printf(why, "cannot run %s: %s (Debian's %s provides it; "
                           "scripts/install-deps.sh installs it)",
                      program, strerror(spawn_error), INCORE_MCA_PACKAGE);
        status = spawn_error == ENOENT ? INCORE_MCA_MISSING : INCORE_MCA_FAILED;
    } else if (rc != 0 || !incore_run_read(out, report)) {
        strbuf_printf(why, "%s -mcpu=%s failed (exit status %d): ", program,
                      mcpu ? mcpu : "native", rc);
        incore_run_messages(err, why);
        status = INCORE_MCA_FAILED;
    }
    strbuf_release(&cpu);
    strbuf_release(&iters);
    incore_run_remove_dir(dir);
    free(in);
    free(out);
    free(err);
    free(dir);
    return status;
}

/* The number after `key` on its line ("Total Cycles:      1517"); -1 when absent. */
static double mca_number_after(const char *report, const char *key)
{
    const char *p = strstr(report, key);
    if (!p)
        return -1;
    p += strlen(key);
    p += strspn(p, " \t:[");
    char *end;
    double v = strtod(p, &end);
    return end == p ? -1 : v;
}

/* The line after the line that starts with key, or NULL. */
static const char *mca_line_after(const char *report, const char *key)
{
    for (const char *p = report; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (!strncmp(p, key, strlen(key))) {
            const char *nl = strchr(p, '\n');
            return nl ? nl + 1 : NULL;
        }
    return NULL;
}

/* The resources' names in the order of the "Resources:" list ("[12.0] - Zn3FP45"). */
static unsigned mca_resources(const char *report, char ***names)
{
    unsigned n = 0, cap = 0;
    *names = NULL;
    for (const char *p = mca_line_after(report, "Resources:"); p && *p == '[';) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        const char *dash = memchr(p, '-', len);
        if (!dash)
            break;
        const char *name = dash + 1 + strspn(dash + 1, " ");
        size_t nlen = len - (size_t)(name - p);
        while (nlen > 0 && (name[nlen - 1] == ' ' || name[nlen - 1] == '\r'))
            nlen--;
        if (n == cap) {
            cap = cap ? 2 * cap : 32;
            *names = mem_realloc(*names, cap * sizeof **names);
        }
        (*names)[n] = mem_alloc(nlen + 1);
        memcpy((*names)[n++], name, nlen);
        p = nl ? nl + 1 : NULL;
    }
    return n;
}

/* name is one of the ", "-separated names of list. */
static bool mca_listed(const char *list, const char *name)
{
    size_t len = strlen(name);
    for (const char *p = list; (p = strstr(p, name)) != NULL; p += len)
        if ((p == list || p[-1] == ' ') && (p[len] == ',' || !p[len]))
            return true;
    return false;
}

/* The resources of llvm-mca's scheduling models that move data between the registers and
 * L1: AMD's address units, load/store queues and load and store pipes (Zn3AGU0, Zn3LSU,
 * Zn4Load, Zn3Store, Zn3FPSt: the FP store data), and Intel's ports for loads (2, 3, 11),
 * store data (4, 9) and store addresses (7, 8) (SKXPort2, ICXPort9).  The rest are the
 * arithmetic, shuffle and branch units. */
static bool mca_load_store(const char *name)
{
    static const char *const units[] = {"AGU", "LSU", "Load", "Store", "FPSt"};
    static const char *const intel_ports[] = {"2", "3", "4", "7", "8", "9", "11"};
    for (size_t k = 0; k < sizeof units / sizeof *units; k++)
        if (strstr(name, units[k]))
            return true;
    const char *port = strstr(name, "Port");
    for (size_t k = 0; port && k < sizeof intel_ports / sizeof *intel_ports; k++)
        if (!strcmp(port + 4, intel_ports[k]))
            return true;
    return false;
}

/* The most loaded resources from the row under "Resource pressure per iteration:" and its
 * header ("-" is no pressure); equal ones are joined with ", ". */
static void mca_bottleneck(const char *report, incore_mca *out)
{
    char **names;
    unsigned n = mca_resources(report, &names);
    const char *header = mca_line_after(report, "Resource pressure per iteration:");
    const char *row = header ? strchr(header, '\n') : NULL;
    double best = 0;
    strbuf which = STRBUF_INIT;
    for (unsigned k = 0; row && k < n; k++) {
        row += strspn(row, " \t\n");
        char *end;
        double v = strtod(row, &end);
        if (end == row && *row == '-')
            end = (char *)row + 1, v = 0;
        if (end == row)
            break;
        row = end;
        if (mca_load_store(names[k]) && v > out->load_store_cycles)
            out->load_store_cycles = v;
        if (v > best + 1e-9) {
            best = v;
            strbuf_release(&which);
        }
        /* a unit of several copies ("[12.0] - Zn3FP45", "[12.1] - Zn3FP45") is named once */
        if (v > 0 && v > best - 1e-9 && !mca_listed(strbuf_cstr(&which), names[k]))
            strbuf_printf(&which, "%s%s", which.len ? ", " : "", names[k]);
    }
    snprintf(out->bottleneck, sizeof out->bottleneck, "%s", strbuf_cstr(&which));
    out->bottleneck_cycles = best;
    strbuf_release(&which);
    for (unsigned k = 0; k < n; k++)
        free(names[k]);
    free(names);
}

/* The Instruction Info table's instructions and latencies (its second column), in the
 * body's order, into *insns (each and the array to free()) and *latency; their number. */
static unsigned mca_instructions(const char *report, char ***insns, double **latency)
{
    *insns = NULL;
    *latency = NULL;
    const char *info = strstr(report, "Instruction Info:");
    const char *head = info ? strstr(info, "Instructions:") : NULL;
    if (!head)
        return 0;
    const char *bol = head;
    while (bol > info && bol[-1] != '\n')
        bol--;
    size_t column = (size_t)(head - bol);
    unsigned n = 0;
    for (const char *line = strchr(head, '\n'); line && line[1] && line[1] != '\n';) {
        line++;
        size_t len = strcspn(line, "\n");
        unsigned uops;
        double lat;
        if (len > column && sscanf(line, "%u %lf", &uops, &lat) == 2) {
            *insns = mem_realloc(*insns, (n + 1) * sizeof **insns);
            *latency = mem_realloc(*latency, (n + 1) * sizeof **latency);
            strbuf text = STRBUF_INIT;
            strbuf_appendn(&text, line + column, len - column);
            (*insns)[n] = strbuf_take(&text);
            (*latency)[n++] = lat;
        }
        line = strchr(line, '\n');
    }
    return n;
}

static double mca_move_chain(const char *report)
{
    char **insns;
    double *latency;
    unsigned n = mca_instructions(report, &insns, &latency);
    double cycles = n ? incore_move_chain(insns, latency, n) : 0;
    for (unsigned k = 0; k < n; k++)
        free(insns[k]);
    free(insns);
    free(latency);
    return cycles;
}

bool incore_mca_parse(const char *report, incore_mca *out, strbuf *why)
{
    memset(out, 0, sizeof *out);
    double iterations = mca_number_after(report, "Iterations:");
    out->total_cycles = mca_number_after(report, "Total Cycles:");
    out->block_rthroughput = mca_number_after(report, "Block RThroughput:");
    if (iterations <= 0 || out->total_cycles <= 0 || out->block_rthroughput < 0) {
        strbuf_printf(why, "llvm-mca's report has no %s",
                      iterations <= 0            ? "Iterations"
                      : out->total_cycles <= 0 ? "Total Cycles"
                                                 : "Block RThroughput");
        return false;
    }
    out->iterations = (unsigned)iterations;
    out->cycles_per_iteration = out->total_cycles / iterations;
    bool none = strstr(report, "No resource or data dependency bottlenecks discovered") != NULL;
    out->pressure_increase_pct =
        none ? 0 : mca_number_after(report, "Cycles with backend pressure increase");
    out->resource_pct = none ? 0 : mca_number_after(report, "Resource Pressure");
    out->dependency_pct = none ? 0 : mca_number_after(report, "Data Dependencies:");
    mca_bottleneck(report, out);
    out->chain_floor_cycles = mca_move_chain(report);
    double uops = mca_number_after(report, "Total uOps:");
    double width = mca_number_after(report, "Dispatch Width:");
    out->dispatch_cycles = uops > 0 && width > 0 ? uops / iterations / width : 0;
    return true;
}

/* llvm-mca's total cycles for `iterations` of body; -1 on failure. */
static double mca_block_cycles(const char *program, const char *mcpu, unsigned iterations,
                               const char *body, strbuf *why)
{
    strbuf report = STRBUF_INIT;
    incore_mca mca;
    bool ok = incore_mca_run(program, mcpu, iterations, body, &report, why) == INCORE_OK &&
              incore_mca_parse(strbuf_cstr(&report), &mca, why);
    strbuf_release(&report);
    return ok ? mca.total_cycles : -1;
}

/* llvm-mca's cycles per iteration of body, as the difference of a run of
 * INCORE_MCA_ITERATIONS and one of twice that many (the pipeline's fill and drain
 * cancel); 0 on failure. */
static double mca_steady_cycles(const char *program, const char *mcpu, const char *body,
                                strbuf *why)
{
    double once = mca_block_cycles(program, mcpu, INCORE_MCA_ITERATIONS, body, why);
    double twice =
        once > 0 ? mca_block_cycles(program, mcpu, 2 * INCORE_MCA_ITERATIONS, body, why) : -1;
    return twice > once ? (twice - once) / INCORE_MCA_ITERATIONS : 0;
}

incore_status incore_mca_add_latency(const char *program, const char *mcpu, double *cycles,
                                     strbuf *why)
{
    *cycles = mca_steady_cycles(program, mcpu, "addsd %xmm1, %xmm0\n", why);
    return *cycles > 0 ? INCORE_OK : INCORE_MCA_FAILED;
}

/* Independent adds a block of incore_mca_add_throughput: more than the add units of any
 * core llvm-mca 19 models, so that the units, not the block, set the pace. */
#define MCA_INDEPENDENT_ADDS 8

incore_status incore_mca_add_throughput(const char *program, const char *mcpu, unsigned bits,
                                        double *cycles, strbuf *why)
{
    char reg = bits == 512 ? 'z' : 'y';
    strbuf body = STRBUF_INIT;
    for (unsigned k = 0; k < MCA_INDEPENDENT_ADDS; k++)
        strbuf_printf(&body, "vaddpd %%%cmm0, %%%cmm1, %%%cmm%u\n", reg, reg, reg, k + 2);
    strbuf report = STRBUF_INIT;
    incore_mca mca;
    bool ok = incore_mca_run(program, mcpu, 1, strbuf_cstr(&body), &report, why) == INCORE_OK &&
              incore_mca_parse(strbuf_cstr(&report), &mca, why);
    *cycles = ok ? mca.block_rthroughput / MCA_INDEPENDENT_ADDS : 0;
    strbuf_release(&report);
    strbuf_release(&body);
    return *cycles > 0 ? INCORE_OK : INCORE_MCA_FAILED;
}

bool incore_zmm_as_ymm(const char *body, strbuf *out)
{
    if (!strstr(body, "%zmm"))
        return false;
    for (const char *p = body, *z; *p; p = z + 4) {
        z = strstr(p, "%zmm");
        if (!z) {
            strbuf_append(out, p);
            break;
        }
        strbuf_appendn(out, p, (size_t)(z - p));
        strbuf_append(out, "%ymm");
    }
    return true;
}

incore_status incore_mca_divide_cycles(const char *program, const char *mcpu, double *cycles,
                                       strbuf *why)
{
    strbuf report = STRBUF_INIT;
    incore_mca mca;
    bool ok = incore_mca_run(program, mcpu, INCORE_MCA_ITERATIONS, "divsd %xmm1, %xmm0\n",
                             &report, why) == INCORE_OK &&
              incore_mca_parse(strbuf_cstr(&report), &mca, why);
    strbuf_release(&report);
    *cycles = ok ? mca.block_rthroughput : 0;
    return *cycles > 0 ? INCORE_OK : INCORE_MCA_FAILED;
}

double incore_resource_bound(const incore_mca *mca)
{
    return fmax(mca->block_rthroughput, mca->bottleneck_cycles);
}

bool incore_chain_bound(const incore_mca *mca)
{
    double cycles = fmax(mca->cycles_per_iteration, mca->chain_floor_cycles);
    bool chain = mca->chain_floor_cycles > mca->cycles_per_iteration ||
                 mca->dependency_pct > mca->resource_pct;
    return chain && cycles > incore_resource_bound(mca);
}

double incore_chain_cycles(const incore_mca *mca, double mca_add_latency, double add_latency)
{
    double bound = incore_resource_bound(mca);
    double cycles = fmax(mca->cycles_per_iteration, mca->chain_floor_cycles);
    if (!incore_chain_bound(mca) || mca_add_latency <= 0 || add_latency <= 0)
        return cycles;
    return fmax(bound, cycles * add_latency / mca_add_latency);
}
