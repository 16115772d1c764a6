/* SIMON's two engines on one program (progs/engines.c linked with libsimon
 * and with simon-simgrid): equal end times, worked out by hand, where both
 * models are analytical (ping-pong, a ring, a pairwise all-to-all on p2p
 * and crossbar); on a gather SimGrid shares the receiver's link and ends
 * later by a hand-derived amount.  Then the API's semantics on SimGrid
 * against the native engine's (the scenarios program), the translated
 * platform, simon-cc -engine simgrid -platform, and bad input.  Registered
 * only when SimGrid is found. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "testutil.h"

static char *tmpdir;

static testutil_proc run(const char *program, const char *const *args)
{
    return testutil_exec_program(tmpdir, program, args);
}

static void write_tmp(const char *name, const char *text)
{
    char *path = testutil_path(tmpdir, name);
    CU_ASSERT_FATAL(testutil_write_file(path, text));
    free(path);
}

/* Latency 500 ns, 1000 bytes at 1 GB/s: tx = 1000 ns, one message 1500. */
static const char p2p_cfg[] = "model = p2p\nlatency = 500 ns\nbandwidth = 1 GB/s\n";
static const char crossbar_cfg[] = "model = crossbar\nlatency = 500 ns\nbandwidth = 1 GB/s\n";
static const char bus_cfg[] = "model = bus\nlatency = 500 ns\nbandwidth = 1 GB/s\n";

/* The run's statistics (exit 0 asserted), to cJSON_Delete. */
static cJSON *run_json(const char *program, const char *cfg, const char *name)
{
    write_tmp("net.cfg", cfg);
    const char *args[] = {"-s", "net.cfg", "-o", "/dev/null", "-json", "e.json", "--", name, NULL};
    testutil_proc r = run(program, args);
    CU_ASSERT_EQUAL(r.status, 0);
    if (r.status != 0)
        fprintf(stderr, "\n%s %s: %s\n", program, name, r.err);
    testutil_proc_release(&r);
    char *path = testutil_path(tmpdir, "e.json");
    char *text = testutil_read_file(path);
    free(path);
    cJSON *json = cJSON_Parse(text ? text : "");
    free(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    return json;
}

static long long json_end(const cJSON *json)
{
    const cJSON *end = cJSON_GetObjectItemCaseSensitive(json, "end_ns");
    return cJSON_IsNumber(end) ? (long long)end->valuedouble : -1;
}

/* Each engine ends at expect_native and expect_sg; when they are equal,
 * every task's line (finish, run, wait, idle, counts) is the same too. */
static void expect_ends(const char *cfg, const char *name, long long expect_native,
                        long long expect_sg)
{
    cJSON *native = run_json(SIMON_ENGINES, cfg, name);
    cJSON *sg = run_json(SIMON_ENGINES_SG, cfg, name);
    CU_ASSERT_EQUAL(json_end(native), expect_native);
    CU_ASSERT_EQUAL(json_end(sg), expect_sg);
    if (json_end(native) != expect_native || json_end(sg) != expect_sg)
        fprintf(stderr, "\n%s on %s: native %lld, simgrid %lld\n", name, cfg, json_end(native),
                json_end(sg));
    if (expect_native == expect_sg) {
        char *a = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(native, "tasks"));
        char *b = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(sg, "tasks"));
        CU_ASSERT_STRING_EQUAL(a, b);
        free(a);
        free(b);
    }
    cJSON_Delete(native);
    cJSON_Delete(sg);
}

static void test_pingpong(void)
{
    /* 10 round trips of two 1500 ns messages. */
    expect_ends(p2p_cfg, "pingpong", 30000, 30000);
    expect_ends(crossbar_cfg, "pingpong", 30000, 30000);
    expect_ends(bus_cfg, "pingpong", 30000, 30000);
}

static void test_ring(void)
{
    /* 10 times around 5 tasks: 50 hops of 1500 ns. */
    expect_ends(p2p_cfg, "ring", 75000, 75000);
    expect_ends(crossbar_cfg, "ring", 75000, 75000);
}

static void test_alltoall(void)
{
    /* 4 rounds of 200 ns of work and one message each way, no two on one
     * link or port: 4 x (200 + 1500). */
    expect_ends(p2p_cfg, "alltoall", 6800, 6800);
    expect_ends(crossbar_cfg, "alltoall", 6800, 6800);
}

static void test_gather(void)
{
    /* 4 messages to task 1 at time 0, 200 ns of work after each.  On p2p
     * each sender has its own port: all arrive at 1500, end 1500 + 4 x 200.
     * The crossbar's output port to task 1 (the bus's medium) takes them one
     * after another: they arrive at 1500, 2500, 3500, 4500, and the work
     * on each but the last hides behind the next: end 4500 + 200 = 4700.
     * SimGrid shares the receiver's down link (the bus) four ways: all four
     * arrive together at 500 + 4 x 1000 = 4500, then 4 x 200 of work:
     * 5300, later by 3 x 200. */
    expect_ends(p2p_cfg, "gather", 2300, 2300);
    expect_ends(crossbar_cfg, "gather", 4700, 5300);
    expect_ends(bus_cfg, "gather", 4700, 5300);
}

static void test_stop(void)
{
    /* Task 1 stops after its 200 ns and its put (its finish 200, done);
     * task 2 takes the message at 200 + 1500 and ends 200 later: 1900. */
    expect_ends(p2p_cfg, "stop", 1900, 1900);
    const char *args[] = {"-s", "net.cfg", "-o", "/dev/null", "--", "stop", NULL};
    testutil_proc r = run(SIMON_ENGINES_SG, args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "");
    testutil_proc_release(&r);
}

static void test_circuits(void)
{
    /* -t: each of the 4 senders' circuit to task 1 carried one message of
     * 1000 bytes, on both engines (SimGrid's engine reports no links). */
    write_tmp("net.cfg", crossbar_cfg);
    const char *args[] = {"-s", "net.cfg", "-t", "-json", "t.json", "--", "gather", NULL};
    testutil_proc r = run(SIMON_ENGINES_SG, args);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *path = testutil_path(tmpdir, "t.json");
    char *text = testutil_read_file(path);
    free(path);
    cJSON *json = cJSON_Parse(text ? text : "");
    free(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    char *circuits = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(json, "circuits"));
    char *links = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(json, "links"));
    CU_ASSERT_STRING_EQUAL(circuits ? circuits : "",
                           "[{\"fifo\":\"G\",\"src\":2,\"dst\":1,\"msgs\":1,\"bytes\":1000},"
                           "{\"fifo\":\"G\",\"src\":3,\"dst\":1,\"msgs\":1,\"bytes\":1000},"
                           "{\"fifo\":\"G\",\"src\":4,\"dst\":1,\"msgs\":1,\"bytes\":1000},"
                           "{\"fifo\":\"G\",\"src\":5,\"dst\":1,\"msgs\":1,\"bytes\":1000}]");
    CU_ASSERT_STRING_EQUAL(links ? links : "", "[]");
    free(circuits);
    free(links);
    cJSON_Delete(json);
}

static const testutil_case compare_cases[] = {
    {"ping-pong: equal end times", test_pingpong},
    {"ring: equal end times", test_ring},
    {"all-to-all: equal end times", test_alltoall},
    {"gather: SimGrid shares the link and ends later", test_gather},
    {"stop: a task ends where it calls it", test_stop},
    {"-t: the circuits", test_circuits},
    {NULL, NULL},
};

/* ---- the API on SimGrid: each scenario's output, exit status and
 * messages as the native engine's (whose are checked by hand in
 * test_simon), its lines sorted (tasks at one instant may print in another
 * order), the report left out ---- */

static int cmp_line(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* AddressSanitizer's note on SimGrid's stack switches (the sanitized
 * build), which is no output of the program's. */
static bool asan_note(const char *line)
{
    return !strncmp(line, "==", 2) || !strcmp(line, "False positive error reports may follow") ||
           !strncmp(line, "For details see https://github.com/google/sanitizers/", 53);
}

static char *sorted_lines(const char *text)
{
    char *copy = strdup(text), *lines[256];
    size_t n = 0;
    for (char *save = NULL, *l = strtok_r(copy, "\n", &save); l && n < 256;
         l = strtok_r(NULL, "\n", &save))
        if (!asan_note(l))
            lines[n++] = l;
    qsort(lines, n, sizeof *lines, cmp_line);
    char *out = calloc(strlen(text) + 2, 1);
    for (size_t i = 0; i < n; i++) {
        strcat(out, lines[i]);
        strcat(out, "\n");
    }
    free(copy);
    return out;
}

static void test_api_semantics(void)
{
    static const char *const scenarios[] = {
        "tiebreak", "bounded", "self", "waitf", "init", "names", "deadlock",
        "unknown_fifo", "dup_id", "late_fifo", "mktask_in_task", "bootstrap_put",
        "puts_without_import", "getclk_other",
    };
    for (size_t i = 0; i < sizeof scenarios / sizeof *scenarios; i++) {
        const char *args[] = {"-o", "/dev/null", "--", scenarios[i], NULL};
        testutil_proc a = run(SIMON_SCENARIOS, args), b = run(SIMON_SCENARIOS_SG, args);
        char *out_a = sorted_lines(a.out), *out_b = sorted_lines(b.out);
        char *err_a = sorted_lines(a.err), *err_b = sorted_lines(b.err);
        CU_ASSERT_EQUAL(a.status, b.status);
        CU_ASSERT_STRING_EQUAL(out_a, out_b);
        CU_ASSERT_STRING_EQUAL(err_a, err_b);
        if (a.status != b.status || strcmp(out_a, out_b) || strcmp(err_a, err_b))
            fprintf(stderr, "\n%s: native %d\n%s%s\nsimgrid %d\n%s%s\n", scenarios[i], a.status,
                    a.out, a.err, b.status, b.out, b.err);
        free(out_a);
        free(out_b);
        free(err_a);
        free(err_b);
        testutil_proc_release(&a);
        testutil_proc_release(&b);
    }
    /* one circuit's order kept though SimGrid lets the 10-byte message
     * overtake the 1000-byte one on the wire (1000, 10, 1000 bytes at time
     * 0: natively back to back on the port, at 1100, 1110, 2110; on SimGrid's
     * link they share the bandwidth) */
    write_tmp("p100.cfg", "model = p2p\nlatency = 100\nbandwidth = 1GB/s\n");
    const char *order[] = {"-s", "p100.cfg", "-o", "/dev/null", "--", "order", NULL};
    testutil_proc r = run(SIMON_SCENARIOS_SG, order);
    CU_ASSERT_EQUAL(r.status, 0);
    const char *first = strstr(r.out, "got 1000 at ");
    const char *second = first ? strstr(first, "\ngot 10 at ") : NULL;
    CU_ASSERT_PTR_NOT_NULL(second);
    CU_ASSERT_PTR_NOT_NULL(second ? strstr(second, "\ngot 1000 at ") : NULL);
    testutil_proc_release(&r);
}

static const testutil_case api_cases[] = {
    {"the API as on the native engine", test_api_semantics},
    {NULL, NULL},
};

/* ---- platforms ---- */

static void test_show_platform(void)
{
    write_tmp("p.cfg", p2p_cfg);
    const char *args[] = {"-s", "p.cfg", "-show-platform", "--", "pingpong", NULL};
    testutil_proc r = run(SIMON_ENGINES_SG, args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(
        r.out,
        "<?xml version='1.0'?>\n"
        "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
        "<!-- SIMON switch model p2p on 2 hosts -->\n"
        "<platform version=\"4.1\">\n"
        "  <zone id=\"simon\" routing=\"Full\">\n"
        "    <host id=\"h0\" speed=\"1Gf\"/>\n"
        "    <host id=\"h1\" speed=\"1Gf\"/>\n"
        "    <link id=\"l0-1\" bandwidth=\"1000000000Bps\" latency=\"500ns\" "
        "sharing_policy=\"SPLITDUPLEX\"/>\n"
        "    <route src=\"h0\" dst=\"h1\" symmetrical=\"NO\"><link_ctn id=\"l0-1\" "
        "direction=\"UP\"/></route>\n"
        "    <route src=\"h1\" dst=\"h0\" symmetrical=\"NO\"><link_ctn id=\"l0-1\" "
        "direction=\"DOWN\"/></route>\n"
        "  </zone>\n"
        "</platform>\n");
    testutil_proc_release(&r);
}

/* A SimGrid cluster of 5 hosts, each with a private link of 250 ns up and
 * down at 1 GB/s: between two hosts 500 ns and 1 GB/s, as the crossbar. */
static const char cluster_xml[] =
    "<?xml version='1.0'?>\n"
    "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
    "<platform version=\"4.1\">\n"
    "  <cluster id=\"c\" prefix=\"node-\" suffix=\"\" radical=\"0-4\" speed=\"1Gf\" bw=\"1GBps\" "
    "lat=\"250ns\"/>\n"
    "</platform>\n";

static void expect_end_line(const char *program, const char *name, const char *line)
{
    const char *args[] = {"--", name, NULL};
    testutil_proc r = run(program, args);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, line));
    if (!strstr(r.out, line))
        fprintf(stderr, "\n%s: %s%s\n", name, r.out, r.err);
    testutil_proc_release(&r);
}

static void test_simon_cc_platform(void)
{
    write_tmp("cluster.xml", cluster_xml);
    const char *cc[] = {"-engine", "simgrid", "-platform", "cluster.xml",
                        SIMON_ENGINES_SRC, "-o", "on_cluster", NULL};
    testutil_proc r = run(SIMON_CC, cc);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    char *prog = testutil_path(tmpdir, "on_cluster");
    expect_end_line(prog, "ring", "switch simgrid, end 75000 ns,");
    expect_end_line(prog, "gather", "switch simgrid, end 5300 ns,");
    free(prog);
}

#define SIMGRID_DOCTYPE "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"

static void expect_error(const char *program, const char *const *args, int status,
                         const char *err)
{
    testutil_proc r = run(program, args);
    CU_ASSERT_EQUAL(r.status, status);
    CU_ASSERT_STRING_EQUAL(r.err, err);
    if (r.status != status || strcmp(r.err, err) != 0)
        fprintf(stderr, "\n%s %s: %d %s\n", program, args[1], r.status, r.err);
    testutil_proc_release(&r);
}

static void test_bad_input(void)
{
    write_tmp("bad.xml", "<?xml version='1.0'?>\n" SIMGRID_DOCTYPE "<platform version=\"4.1\">\n"
                         "  <zone id=\"z\" routing=\"Full\">\n    <hostx id=\"a\"/>\n"
                         "  </zone>\n</platform>\n");
    write_tmp("empty.xml", "<?xml version='1.0'?>\n" SIMGRID_DOCTYPE "<platform version=\"4.1\">\n"
                           "  <zone id=\"z\" routing=\"Full\"></zone>\n</platform>\n");
    write_tmp("mesh.cfg", "# a mesh\n model = mesh\ndims = 2x2\nhop_latency = 1\n"
                          "link_bandwidth = 1GB/s\n");
    write_tmp("csma.cfg", "model = bus\nlatency = 1\nbandwidth = 1GB/s\ncollisions = on\n");
    expect_error(SIMON_ENGINES_SG, (const char *[]){"-platform", "none.xml", "--", "ring", NULL},
                 3, "none.xml:1:1: error: cannot open platform: No such file or directory\n");
    testutil_proc r =
        run(SIMON_ENGINES_SG, (const char *[]){"-platform", "bad.xml", "--", "ring", NULL});
    CU_ASSERT_EQUAL(r.status, 3);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "bad.xml:5:1: error: "));
    testutil_proc_release(&r);
    /* two hosts and no route between them: SimGrid says so and stops */
    write_tmp("noroute.xml", "<?xml version='1.0'?>\n" SIMGRID_DOCTYPE "<platform version=\"4.1\">\n"
                             "  <zone id=\"z\" routing=\"Full\">\n"
                             "    <host id=\"a\" speed=\"1Gf\"/><host id=\"b\" speed=\"1Gf\"/>\n"
                             "  </zone>\n</platform>\n");
    r = run(SIMON_ENGINES_SG, (const char *[]){"-platform", "noroute.xml", "--", "ring", NULL});
    CU_ASSERT_EQUAL(r.status, 3);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "no connecting path between these two hosts"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "simon: error: the run was aborted: by SimGrid, on a "
                                         "platform it cannot carry, or by the program (the "
                                         "message above)\n"));
    testutil_proc_release(&r);
    expect_error(SIMON_ENGINES_SG, (const char *[]){"-platform", "empty.xml", "--", "ring", NULL},
                 3, "empty.xml:1:1: error: the platform has no host to run the tasks on\n");
    expect_error(SIMON_ENGINES_SG, (const char *[]){"-s", "mesh.cfg", "--", "ring", NULL}, 3,
                 "mesh.cfg:2:10: error: model mesh: this switch model has no SimGrid "
                 "translation (give a platform with -platform)\n");
    expect_error(SIMON_ENGINES_SG, (const char *[]){"-s", "csma.cfg", "--", "ring", NULL}, 3,
                 "csma.cfg:1:9: error: model bus: the bus's collisions have no SimGrid "
                 "translation (SimGrid shares the link)\n");
    write_tmp("p.cfg", p2p_cfg);
    expect_error(SIMON_ENGINES_SG,
                 (const char *[]){"-platform", "empty.xml", "-s", "p.cfg", "--", "ring", NULL}, 2,
                 "simon: error: give -platform or -s (a switch file to translate), not both\n");
    expect_error(SIMON_ENGINES_SG,
                 (const char *[]){"-platform", "empty.xml", "-show-platform", "--", "ring", NULL},
                 2, "simon: error: -show-platform shows a translated switch file; the platform "
                    "'empty.xml' is one already\n");
    expect_error(SIMON_CC, (const char *[]){"-engine", "ns3", "x.c", "-o", "x", NULL}, 2,
                 "simon-cc: error: -engine 'ns3': unknown engine (native or simgrid)\n");
    expect_error(SIMON_CC, (const char *[]){"-platform", "empty.xml", "x.c", "-o", "x", NULL}, 2,
                 "simon-cc: error: -platform is the SimGrid engine's: give -engine simgrid\n");
    expect_error(SIMON_CC,
                 (const char *[]){"-engine", "simgrid", "-platform", "no.xml", "x.c", "-o", "x",
                                  NULL},
                 2, "no.xml:1:1: error: cannot open platform: No such file or directory\n");
}

static const testutil_case platform_cases[] = {
    {"-show-platform: the p2p switch file as XML", test_show_platform},
    {"simon-cc -engine simgrid -platform cluster.xml", test_simon_cc_platform},
    {"bad platforms, switch files and engines", test_bad_input},
    {NULL, NULL},
};

int main(void)
{
    tmpdir = testutil_make_tempdir();
    if (!tmpdir)
        return 2;
    const testutil_suite suites[] = {{"engines compared", compare_cases},
                                     {"api", api_cases},
                                     {"platforms", platform_cases}};
    int status = testutil_run(suites, 3);
    testutil_remove_tree(tmpdir);
    free(tmpdir);
    return status;
}
