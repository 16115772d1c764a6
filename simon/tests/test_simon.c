/* libsimon as a simulated program's user meets it: each API call, the
 * event core's tie-breaks, the null, p2p and bus models against
 * hand-derived times, determinism, deadlock, misuse, bad switch files and
 * usage errors, and the seed's three examples.  The programs run in a
 * temporary directory; the scenarios program picks its scenario from its
 * first argument after --. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "strbuf.h"
#include "testutil.h"

static char *tmpdir;

static testutil_proc run(const char *program, const char *const *args)
{
    return testutil_exec_program(tmpdir, program, args);
}

/* The scenario's stdout with the report sent to /dev/null; status checked. */
static void expect_scenario(const char *const *args, int status, const char *out)
{
    testutil_proc r = run(SIMON_SCENARIOS, args);
    CU_ASSERT_EQUAL(r.status, status);
    CU_ASSERT_STRING_EQUAL(r.out, out);
    if (r.status != status || strcmp(r.out, out) != 0)
        fprintf(stderr, "\nstdout:\n%s\nstderr:\n%s\n", r.out, r.err);
    testutil_proc_release(&r);
}

static char *tmp_file(const char *name)
{
    char *path = testutil_path(tmpdir, name);
    char *text = testutil_read_file(path);
    free(path);
    return text;
}

static void write_tmp(const char *name, const char *text)
{
    char *path = testutil_path(tmpdir, name);
    CU_ASSERT_FATAL(testutil_write_file(path, text));
    free(path);
}

/* The JSON file without its layout (no string in it holds a tab or newline). */
static char *compact_json(const char *name)
{
    char *text = tmp_file(name);
    if (!text)
        return NULL;
    char *w = text;
    for (const char *p = text; *p; p++)
        if (*p != '\n' && *p != '\t')
            *w++ = *p;
    *w = '\0';
    return text;
}

/* ---- the API ---- */

static void test_tiebreak(void)
{
    /* The reader's qlength at 0 is processed after the writer's send and
     * arrival at 0 (send < arrive < get); the same at 100. */
    expect_scenario((const char *[]){"-o", "/dev/null", "--", "tiebreak", NULL}, 0,
                    "qlength at 0: 1\nqlength at 100: 2\n");
}

static void test_bounded_import(void)
{
    expect_scenario((const char *[]){"-o", "/dev/null", "--", "bounded", NULL}, 0,
                    "overfl 1 qlength 3 head 2 overfl 0\n");
}

static void test_put_and_puts(void)
{
    /* put skips the sender's own import, puts reaches it; stdio's
     * one-argument puts is untouched. */
    expect_scenario((const char *[]){"-o", "/dev/null", "--", "self", NULL}, 0,
                    "stdio puts still works\nother: 1 2\nself: size 4 qlength 1 value 2\n");
}

static void test_waitf_and_size(void)
{
    expect_scenario((const char *[]){"-o", "/dev/null", "--", "waitf", NULL}, 0,
                    "waitf woke at 50: size P 0 size Q 8\n");
}

static void test_init_images(void)
{
    /* Both tasks start from the area's initial 100 and count their own 3. */
    expect_scenario((const char *[]){"-o", "/dev/null", "--", "init", NULL}, 0,
                    "first counter 103\nsecond counter 103\n");
}

static void test_names_and_clock(void)
{
    /* cnvarr's one buffer holds the last name; cnvarrsv's copy stays. */
    expect_scenario((const char *[]){"-o", "/dev/null", "--", "names", NULL}, 0,
                    "task 7 name alpha parm seven cnvarr Z[9] cnvarrsv Y[8] clock 123\n");
}

/* The same scenarios on the ucontext fibers give the same output. */
static void test_ucontext_fibers(void)
{
    static const char *const scenarios[] = {"tiebreak", "init", "waitf", "pingpong"};
    for (size_t i = 0; i < sizeof scenarios / sizeof *scenarios; i++) {
        const char *const args[] = {"-s", "p.cfg", "-t", "--", scenarios[i], NULL};
        write_tmp("p.cfg", "model = p2p\nlatency = 1 us\nbandwidth = 1 GB/s\n");
        testutil_proc native = run(SIMON_SCENARIOS, args);
        testutil_proc uc = run(SIMON_SCENARIOS_UC, args);
        CU_ASSERT_EQUAL(native.status, 0);
        CU_ASSERT_EQUAL(uc.status, 0);
        CU_ASSERT_STRING_EQUAL(native.out, uc.out);
        testutil_proc_release(&native);
        testutil_proc_release(&uc);
    }
    testutil_proc r =
        run(SIMON_SCENARIOS_UC, (const char *[]){"-stack", "16384", "--", "overflow", NULL});
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "stack overflow"));
    testutil_proc_release(&r);
}

static const testutil_case api_cases[] = {
    {"a call at t sees the arrivals at t", test_tiebreak},
    {"bounded import: oldest dropped, overfl", test_bounded_import},
    {"put, puts and stdio puts", test_put_and_puts},
    {"waitf, size", test_waitf_and_size},
    {"init: private global images", test_init_images},
    {"task, taskname, getclk, cnvarr, cnvarrsv", test_names_and_clock},
    {"the ucontext fibers run the same", test_ucontext_fibers},
    {NULL, NULL},
};

/* ---- the switch models ---- */

static void test_null_pingpong(void)
{
    /* No switch: only the tasks' own 100 ns steps count. */
    testutil_proc r =
        run(SIMON_SCENARIOS, (const char *[]){"-json", "n.json", "--", "pingpong", NULL});
    CU_ASSERT_EQUAL(r.status, 0);
    char *json = compact_json("n.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"switch\":\"null\",\"end_ns\":2000,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"finish_ns\":2000,\"run_ns\":1000,\"wait_ns\":1000,"));
    CU_ASSERT_PTR_NULL(strstr(json, "\"links\""));
    free(json);
    testutil_proc_release(&r);
}

static void test_p2p_pingpong(void)
{
    /* tx = 1000 B at 1 GB/s = 1000 ns, latency 1 us: a round trip is
     * 100 + 1000 + 1000 (ping) + 100 + 1000 + 1000 (pong) = 4200 ns. */
    write_tmp("p2p.cfg", "# point to point\nmodel = p2p\nlatency = 1 us\nbandwidth = 1 GB/s\n");
    testutil_proc r = run(SIMON_SCENARIOS, (const char *[]){"-s", "p2p.cfg", "-t", "-json",
                                                            "p.json", "--", "pingpong", NULL});
    CU_ASSERT_EQUAL(r.status, 0);
    char *json = compact_json("p.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_STRING_EQUAL(
        json,
        "{\"switch\":\"p2p\",\"end_ns\":42000,\"events\":62,\"tasks\":["
        "{\"id\":1,\"name\":\"ping\",\"state\":\"done\",\"finish_ns\":42000,\"run_ns\":1000,"
        "\"wait_ns\":41000,\"idle_ns\":0,\"sent\":10,\"sent_bytes\":10000,\"recv\":10,"
        "\"recv_bytes\":10000}, "
        "{\"id\":2,\"name\":\"pong\",\"state\":\"done\",\"finish_ns\":40000,\"run_ns\":1000,"
        "\"wait_ns\":39000,\"idle_ns\":2000,\"sent\":10,\"sent_bytes\":10000,\"recv\":10,"
        "\"recv_bytes\":10000}],"
        "\"links\":[{\"name\":\"port1\",\"msgs\":10,\"bytes\":10000,\"busy_ns\":10000}, "
        "{\"name\":\"port2\",\"msgs\":10,\"bytes\":10000,\"busy_ns\":10000}],"
        "\"circuits\":[{\"fifo\":\"PING\",\"src\":1,\"dst\":2,\"msgs\":10,\"bytes\":10000}, "
        "{\"fifo\":\"PONG\",\"src\":2,\"dst\":1,\"msgs\":10,\"bytes\":10000}]}");
    free(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "switch p2p, end 42000 ns, 62 events, 2 tasks"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "port1"));
    testutil_proc_release(&r);
}

static void test_p2p_circuit_order(void)
{
    /* 1000, 10, 1000 bytes at 1 GB/s, latency 100: the port sends them
     * back to back, ending at 1000, 1010, 2010. */
    write_tmp("p100.cfg", "model = p2p\nlatency = 100\nbandwidth = 1GB/s\n");
    expect_scenario((const char *[]){"-s", "p100.cfg", "-o", "/dev/null", "--", "order", NULL}, 0,
                    "got 1000 at 1100\ngot 10 at 1110\ngot 1000 at 2110\n");
}

static void test_p2p_broadcast(void)
{
    /* One 500-byte message to tasks 2, 3, 4: one copy after the other on
     * port 1 (tx 500, latency 50 ns written as 0.05us); task 5's port is
     * its own, so task 2 has Y at 550 too. */
    write_tmp("p50.cfg", "model = p2p\nlatency = 0.05us\nbandwidth = 1000 MB/s\n");
    expect_scenario((const char *[]){"-s", "p50.cfg", "-o", "/dev/null", "--", "bcast", NULL}, 0,
                    "task 2 done at 550\ntask 3 done at 1050\ntask 4 done at 1550\n");
}

static void test_bus_broadcast(void)
{
    /* One transmission reaches 2, 3 and 4 at 500 + 50; task 5's message
     * waits for the bus and arrives at 1000 + 50. */
    write_tmp("bus.cfg", "model = bus\nlatency = 50\nbandwidth = 1GB/s\n");
    testutil_proc r = run(SIMON_SCENARIOS, (const char *[]){"-s", "bus.cfg", "-t", "-json",
                                                            "b.json", "--", "bcast", NULL});
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(
        strstr(r.out, "task 3 done at 550\ntask 4 done at 550\ntask 2 done at 1050\n"));
    char *json = compact_json("b.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(
        strstr(json, "\"links\":[{\"name\":\"bus\",\"msgs\":2,\"bytes\":1000,\"busy_ns\":1000}]"));
    free(json);
    testutil_proc_release(&r);
}

static void test_bus_collisions(void)
{
    /* Both senders try at 0: collision, jam until 100.  seed 7 draws k = 0
     * for task 1 (first to back off) and k = 1 for task 5 (slot 200): task
     * 1 sends 100..600 (X at 700); task 5 tries at 300, senses the signal
     * and waits for its end, sends 600..1100 (Y at 1200). */
    write_tmp("c.cfg", "model = bus\nlatency = 100\nbandwidth = 1GB/s\ncollisions = on\n"
                       "seed = 7\n");
    testutil_proc r = run(SIMON_SCENARIOS, (const char *[]){"-s", "c.cfg", "-t", "-json",
                                                            "c.json", "--", "bcast", NULL});
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(
        strstr(r.out, "task 3 done at 700\ntask 4 done at 700\ntask 2 done at 1200\n"));
    char *json = compact_json("c.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(
        strstr(json, "\"links\":[{\"name\":\"bus\",\"msgs\":2,\"bytes\":1000,\"busy_ns\":1000}]"));
    free(json);
    testutil_proc_release(&r);
    /* Without collisions the same file is the plain bus. */
    write_tmp("c.cfg", "model = bus\nlatency = 100\nbandwidth = 1GB/s\ncollisions = off\n");
    expect_scenario((const char *[]){"-s", "c.cfg", "-o", "/dev/null", "--", "bcast", NULL}, 0,
                    "task 3 done at 600\ntask 4 done at 600\ntask 2 done at 1100\n");
}

static void test_crossbar_broadcast(void)
{
    /* Task 1's copies share its input port (ends 500, 1000, 1500); task 5's
     * copy to 2 waits for out2, busy with task 1's copy until 500. */
    write_tmp("xb.cfg", "model = crossbar\nlatency = 50\nbandwidth = 1GB/s\n");
    testutil_proc r = run(SIMON_SCENARIOS, (const char *[]){"-s", "xb.cfg", "-t", "-json",
                                                            "x.json", "--", "bcast", NULL});
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(
        strstr(r.out, "task 3 done at 1050\ntask 2 done at 1050\ntask 4 done at 1550\n"));
    char *json = compact_json("x.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(
        json, "\"links\":[{\"name\":\"in1\",\"msgs\":3,\"bytes\":1500,\"busy_ns\":1500}, "
              "{\"name\":\"in5\",\"msgs\":1,\"bytes\":500,\"busy_ns\":500}, "
              "{\"name\":\"out2\",\"msgs\":2,\"bytes\":1000,\"busy_ns\":1000}, "));
    free(json);
    testutil_proc_release(&r);
}

static void test_mesh_broadcast(void)
{
    /* 2x2: nodes 0 1 / 2 3, task 5 placed on node 3.  1 -> 4 goes 0 -> 1
     * (after 1 -> 2 on that link: 500..1000, at node 1 at 1050), then
     * 1 -> 3 (1050..1550, 1600); the others are one hop, 550.  The
     * hypercube of 2 dimensions is the same network. */
    static const char *const files[] = {
        "model = mesh\ndims = 2x2\nhop_latency = 50\nlink_bandwidth = 1GB/s\nplace = 5:3\n",
        "model = hypercube\ndims = 2\nhop_latency = 50\nlink_bandwidth = 1GB/s\nplace = 5 : 3\n"};
    for (int i = 0; i < 2; i++) {
        write_tmp("m.cfg", files[i]);
        testutil_proc r = run(SIMON_SCENARIOS, (const char *[]){"-s", "m.cfg", "-t", "-json",
                                                                "m.json", "--", "bcast", NULL});
        CU_ASSERT_EQUAL(r.status, 0);
        CU_ASSERT_PTR_NOT_NULL(
            strstr(r.out, "task 3 done at 550\ntask 2 done at 550\ntask 4 done at 1600\n"));
        char *json = compact_json("m.json");
        CU_ASSERT_PTR_NOT_NULL_FATAL(json);
        CU_ASSERT_PTR_NOT_NULL(strstr(
            json, "\"links\":[{\"name\":\"n0-n1\",\"msgs\":2,\"bytes\":1000,\"busy_ns\":1000}, "
                  "{\"name\":\"n0-n2\",\"msgs\":1,\"bytes\":500,\"busy_ns\":500}, "
                  "{\"name\":\"n1-n3\",\"msgs\":1,\"bytes\":500,\"busy_ns\":500}, "
                  "{\"name\":\"n3-n1\",\"msgs\":1,\"bytes\":500,\"busy_ns\":500}]"));
        free(json);
        testutil_proc_release(&r);
    }
}

static void test_mesh_store_and_forward(void)
{
    /* A line of 4, receiver on node 3: three hops of 100 ns latency, each
     * waiting for the whole message and its link: 1000 B arrive at 3300,
     * 10 B at 3310 (n2-n3 busy until 3200), 1000 B at 4310.  The torus
     * goes backwards, one hop: as p2p. */
    write_tmp("l.cfg", "model = mesh\ndims = 4\nhop_latency = 100\nlink_bandwidth = 1GB/s\n"
                       "place = 2:3\n");
    expect_scenario((const char *[]){"-s", "l.cfg", "-o", "/dev/null", "--", "order", NULL}, 0,
                    "got 1000 at 3300\ngot 10 at 3310\ngot 1000 at 4310\n");
    write_tmp("r.cfg", "model = torus\ndims = 4\nhop_latency = 100\nlink_bandwidth = 1GB/s\n"
                       "place = 2:3\n");
    expect_scenario((const char *[]){"-s", "r.cfg", "-o", "/dev/null", "--", "order", NULL}, 0,
                    "got 1000 at 1100\ngot 10 at 1110\ngot 1000 at 2110\n");
}

/* The order scenario (1000, 10, 1000 bytes from node 0 to node 3 of a line
 * of 4, 100 ns a hop, 1 GB/s) in packets of 250 bytes, tx 250.  Store and
 * forward: the first packet is there after 3 * (250 + 100) = 1050, the
 * other three follow a tx apart: 1800.  The 10 bytes wait for n1-n2 until
 * 1350 and n2-n3 until 1700: 1810.  The next 1000 leave n0 at 1010 and
 * find each link free as they come: 1010 + 1050 + 750 = 2810.
 * Cut-through: a header is at the next node 100 after its packet starts,
 * so an unhindered packet takes 3 * 100 + 250, and each message is as one
 * packet: 1300, then 1000 + 300 + 10 = 1310, then 1010 + 300 + 1000 =
 * 2310.  The hypercube of 2 dimensions, 2 hops (n0-n1-n3): 2 * 350 + 750
 * = 1450; the 10 bytes wait for n1-n3 until 1350: 1460; the next 1000:
 * 1010 + 700 + 750 = 2460. */
static void test_mesh_packets(void)
{
    static const struct {
        const char *cfg, *out;
    } cases[] = {
        {"model = mesh\ndims = 4\npacket_size = 250\n",
         "got 1000 at 1800\ngot 10 at 1810\ngot 1000 at 2810\n"},
        {"model = mesh\ndims = 4\npacket_size = 250\ncut_through = on\n",
         "got 1000 at 1300\ngot 10 at 1310\ngot 1000 at 2310\n"},
        {"model = mesh\ndims = 4\ncut_through = on\n",
         "got 1000 at 1300\ngot 10 at 1310\ngot 1000 at 2310\n"},
        {"model = hypercube\ndims = 2\npacket_size = 250\n",
         "got 1000 at 1450\ngot 10 at 1460\ngot 1000 at 2460\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        strbuf cfg = STRBUF_INIT;
        strbuf_printf(&cfg, "%shop_latency = 100\nlink_bandwidth = 1GB/s\nplace = 2:3\n",
                      cases[i].cfg);
        write_tmp("pk.cfg", cfg.s);
        strbuf_release(&cfg);
        expect_scenario((const char *[]){"-s", "pk.cfg", "-o", "/dev/null", "--", "order", NULL},
                        0, cases[i].out);
    }
}

/* Two flows on a line of 4, 1000 bytes each at 0: A from node 0 to 2, B
 * from 1 to 3; both cross n1-n2, 100 ns a hop, 1 GB/s.  Whole messages:
 * both take 2 * 1100 = 2200 (B holds n1-n2 0-1000, A gets it at 1100).
 * Packets of 500 (tx 500), store and forward: B's two hold n1-n2 0-1000
 * and arrive at 1200 and 1700; A's first is at n1 at 600 and waits until
 * 1000 (1600), its second follows at 1500 (2100).  Cut-through: B's
 * headers go on at once, 0 + 100 + 500 + 100 = 700 and 1200; A's first
 * header waits at n1 until 1000 all the same: 2100.  Each link counts its
 * packets. */
static void test_mesh_two_flows(void)
{
    static const struct {
        const char *cfg, *out;
    } cases[] = {
        {"", "task 3 got 1000 at 2200\ntask 4 got 1000 at 2200\n"},
        {"packet_size = 500\n", "task 4 got 1000 at 1700\ntask 3 got 1000 at 2100\n"},
        {"packet_size = 500\ncut_through = on\n",
         "task 4 got 1000 at 1200\ntask 3 got 1000 at 2100\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        strbuf cfg = STRBUF_INIT;
        strbuf_printf(&cfg, "model = mesh\ndims = 4\nhop_latency = 100\n"
                            "link_bandwidth = 1GB/s\n%s", cases[i].cfg);
        write_tmp("tf.cfg", cfg.s);
        strbuf_release(&cfg);
        expect_scenario((const char *[]){"-s", "tf.cfg", "-o", "/dev/null", "--", "two_flows",
                                         NULL},
                        0, cases[i].out);
    }
    testutil_proc r = run(SIMON_SCENARIOS, (const char *[]){"-s", "tf.cfg", "-t", "-json",
                                                            "tf.json", "--", "two_flows", NULL});
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *json = compact_json("tf.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(
        json, "\"links\":[{\"name\":\"n0-n1\",\"msgs\":2,\"bytes\":1000,\"busy_ns\":1000}, "
              "{\"name\":\"n1-n2\",\"msgs\":4,\"bytes\":2000,\"busy_ns\":2000}, "
              "{\"name\":\"n2-n3\",\"msgs\":2,\"bytes\":1000,\"busy_ns\":1000}]"));
    free(json);
}

/* A 2-ary 3-tree: hosts h0..h7, levels s0 (pairs), s1 (fours), s2 (all),
 * 100 ns a hop, 1 GB/s.  The order scenario (1000, 10 and 1000 bytes from
 * task 1 at 0, 1000 and 1010) from h0 to the receiver on h4 climbs to
 * level 2, 2 x 3 = 6 hops of 1100: 6600.  The 10 bytes leave at 1000 and
 * on each later link wait for the first message (link i busy from 1100 i
 * to 1100 i + 1000): 5 x 1100 + 1000 + 10 + 100 = 6610; the last 1000
 * leave at 1010 and find every link free: 1010 + 6600 = 7610.  On h1 the
 * common ancestor is s0.0, 2 hops: 2200, 2210, 1010 + 2200 = 3210; on h2
 * it is at level 1, 4 hops: 4400, 4410, 5410. */
static void test_fattree_one_message(void)
{
    static const struct {
        const char *place, *out;
    } cases[] = {
        {"2:4", "got 1000 at 6600\ngot 10 at 6610\ngot 1000 at 7610\n"},
        {"2:1", "got 1000 at 2200\ngot 10 at 2210\ngot 1000 at 3210\n"},
        {"2:2", "got 1000 at 4400\ngot 10 at 4410\ngot 1000 at 5410\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        strbuf cfg = STRBUF_INIT;
        strbuf_printf(&cfg, "model = fattree\nk = 2\nn = 3\nhosts = 8\nhop_latency = 100\n"
                            "link_bandwidth = 1GB/s\nplace = %s\n", cases[i].place);
        write_tmp("ft.cfg", cfg.s);
        strbuf_release(&cfg);
        expect_scenario((const char *[]){"-s", "ft.cfg", "-o", "/dev/null", "--", "order", NULL},
                        0, cases[i].out);
    }
}

/* The order scenario from h0 to h4 of the 2-ary 3-tree (6 hops) in
 * packets of 250 (tx 250).  Store and forward: the first packet is there
 * after 6 x (250 + 100) = 2100, the other three a tx apart: 2850.  The 10
 * bytes wait on link i >= 1 for the last packet, which leaves it at 1100 +
 * 350 (i - 1): it ends on the last link at 2750, there at 2860.  The next
 * 1000 leave h0 at 1010, each packet finding its links free as it comes:
 * 1010 + 2100 + 750 = 3860.  Cut-through: each message is as one packet
 * with a header 100 a hop: 6 x 100 + 1000 = 1600, 1000 + 600 + 10 = 1610,
 * 1010 + 600 + 1000 = 2610. */
static void test_fattree_packets(void)
{
    static const struct {
        const char *cfg, *out;
    } cases[] = {
        {"packet_size = 250\n", "got 1000 at 2850\ngot 10 at 2860\ngot 1000 at 3860\n"},
        {"packet_size = 250\ncut_through = on\n",
         "got 1000 at 1600\ngot 10 at 1610\ngot 1000 at 2610\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        strbuf cfg = STRBUF_INIT;
        strbuf_printf(&cfg, "model = fattree\nk = 2\nn = 3\nhop_latency = 100\n"
                            "link_bandwidth = 1GB/s\nplace = 2:4\n%s", cases[i].cfg);
        write_tmp("fp.cfg", cfg.s);
        strbuf_release(&cfg);
        expect_scenario((const char *[]){"-s", "fp.cfg", "-o", "/dev/null", "--", "order", NULL},
                        0, cases[i].out);
    }
}

/* Two flows on the 2-ary 3-tree, 1000 bytes each at 0: A from h0 to h4,
 * B from h1 to h6.  Both climb from s0.0 by the destination's digit 0 (0
 * for both) to s1.0, then by digit 1 to s2.0 (A) and s2.2 (B): they share
 * the up-link s0.0-s1.0 only.  Events at one time go in the order they
 * were scheduled, A's first.  Whole messages: both are at s0.0 at 1100, A
 * holds the link until 2100 and is there at 2200 + 4 x 1100 = 6600; B
 * waits: 3100 + 100 + 4400 = 7600.  Packets of 500, store and forward:
 * both flows' packets are at s0.0 at 600 and 1100 and take the shared
 * link in turn, A0 600, B0 1100, A1 1600, B1 2100 (each for 500), then 4
 * free hops of 600: A1 2200 + 2400 = 4600, B1 2700 + 2400 = 5100.
 * Cut-through: the headers are at s0.0 at 100; A0 goes on at once, B0
 * waits until 600, A1 (its header there at 600) until 1100, B1 until
 * 1600; from the shared link on 4 hops of 100 and the tail: A1 1100 + 500
 * + 500 = 2100, B1 2600.  The shared link carried all 4 packets. */
static void test_fattree_two_flows(void)
{
    static const struct {
        const char *cfg, *out;
    } cases[] = {
        {"", "task 3 got 1000 at 6600\ntask 4 got 1000 at 7600\n"},
        {"packet_size = 500\n", "task 3 got 1000 at 4600\ntask 4 got 1000 at 5100\n"},
        {"packet_size = 500\ncut_through = on\n",
         "task 3 got 1000 at 2100\ntask 4 got 1000 at 2600\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        strbuf cfg = STRBUF_INIT;
        strbuf_printf(&cfg, "model = fattree\nk = 2\nn = 3\nhop_latency = 100\n"
                            "link_bandwidth = 1GB/s\nplace = 3:4,4:6\n%s", cases[i].cfg);
        write_tmp("ff.cfg", cfg.s);
        strbuf_release(&cfg);
        expect_scenario((const char *[]){"-s", "ff.cfg", "-o", "/dev/null", "--", "two_flows",
                                         NULL},
                        0, cases[i].out);
    }
    testutil_proc r = run(SIMON_SCENARIOS, (const char *[]){"-s", "ff.cfg", "-t", "-json",
                                                            "ff.json", "--", "two_flows", NULL});
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *json = compact_json("ff.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(
        json, "{\"name\":\"h1-s0.0\",\"msgs\":2,\"bytes\":1000,\"busy_ns\":1000}, "
              "{\"name\":\"s0.0-s1.0\",\"msgs\":4,\"bytes\":2000,\"busy_ns\":2000}, "
              "{\"name\":\"s0.2-h4\",\"msgs\":2,\"bytes\":1000,\"busy_ns\":1000}, "));
    CU_ASSERT_PTR_NOT_NULL(strstr(
        json, "{\"name\":\"s1.0-s2.0\",\"msgs\":2,\"bytes\":1000,\"busy_ns\":1000}, "
              "{\"name\":\"s1.0-s2.2\",\"msgs\":2,\"bytes\":1000,\"busy_ns\":1000}, "));
    free(json);
}

/* A dragonfly of 3 groups of 2 routers (r<G>.<R>), 2 hosts a router (h0,
 * h1 on r0.0 ... h10, h11 on r2.1), one global link a router: r0.0-r1.0,
 * r0.1-r2.0, r1.1-r2.1.  100 ns a hop, 1 GB/s, the order scenario from h0.
 * To h10 (group 2): h0, r0.0, r0.1 (local), r2.0 (global), r2.1 (local),
 * h10: 5 hops of 1100, 5500; the 10 bytes wait on each later link for the
 * first message, 4 x 1100 + 1000 + 10 + 100 = 5510; the last 1000, 1010 +
 * 5500 = 6510.  To h4 on r1.0, r0.0 holds the global link itself: 3 hops,
 * as to h3 in its own group (r0.0-r0.1): 3300, 3310, 4310; to h1 on its
 * own router, 2: 2200, 2210, 3210.  In packets of 250 to h10: stored and
 * forwarded 5 x 350 + 3 x 250 = 2500, the 10 bytes behind the last packet
 * on the last link (2150..2400): 2510, the last 1000 1010 + 2500 = 3510;
 * cut through 5 x 100 + 1000 = 1500, 1510, 2510. */
static void test_dragonfly_one_message(void)
{
    static const struct {
        const char *cfg, *out;
    } cases[] = {
        {"place = 2:10\n", "got 1000 at 5500\ngot 10 at 5510\ngot 1000 at 6510\n"},
        {"place = 2:4\n", "got 1000 at 3300\ngot 10 at 3310\ngot 1000 at 4310\n"},
        {"place = 2:3\n", "got 1000 at 3300\ngot 10 at 3310\ngot 1000 at 4310\n"},
        {"place = 2:1\n", "got 1000 at 2200\ngot 10 at 2210\ngot 1000 at 3210\n"},
        {"place = 2:10\npacket_size = 250\n",
         "got 1000 at 2500\ngot 10 at 2510\ngot 1000 at 3510\n"},
        {"place = 2:10\npacket_size = 250\ncut_through = on\n",
         "got 1000 at 1500\ngot 10 at 1510\ngot 1000 at 2510\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        strbuf cfg = STRBUF_INIT;
        strbuf_printf(&cfg, "model = dragonfly\ngroups = 3\nrouters = 2\nhosts_per_router = 2\n"
                            "global_links = 1\nhop_latency = 100\nlink_bandwidth = 1GB/s\n%s",
                      cases[i].cfg);
        write_tmp("df.cfg", cfg.s);
        strbuf_release(&cfg);
        expect_scenario((const char *[]){"-s", "df.cfg", "-o", "/dev/null", "--", "order", NULL},
                        0, cases[i].out);
    }
}

/* Two flows on that dragonfly, 1000 bytes each at 0: A from h0 to h4
 * (r0.0, global, r1.0: 3 hops), B from h1 to h6 (r0.0, global, r1.0,
 * r1.1: 4 hops); they share the global link r0.0-r1.0, A first at a tie.
 * Whole messages: A holds it 1100..2100, 2200 + 1100 = 3300; B 2100..3100,
 * 3200 + 2 x 1100 = 5400.  Packets of 500 stored and forwarded: A0 600, B0
 * 1100, A1 1600, B1 2100 on it; A1 2200 + 600 = 2800, B1 2700 + 1200 =
 * 3900.  Cut through: the headers at r0.0 at 100 and 600 take it in turn
 * at 100, 600, 1100, 1600; A1 1100 + 2 x 100 + 500 = 1800, B1 1600 + 3 x
 * 100 + 500 = 2400.  The global link carried all 4 packets. */
static void test_dragonfly_two_flows(void)
{
    static const struct {
        const char *cfg, *out;
    } cases[] = {
        {"", "task 3 got 1000 at 3300\ntask 4 got 1000 at 5400\n"},
        {"packet_size = 500\n", "task 3 got 1000 at 2800\ntask 4 got 1000 at 3900\n"},
        {"packet_size = 500\ncut_through = on\n",
         "task 3 got 1000 at 1800\ntask 4 got 1000 at 2400\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        strbuf cfg = STRBUF_INIT;
        strbuf_printf(&cfg, "model = dragonfly\ngroups = 3\nrouters = 2\nhosts_per_router = 2\n"
                            "global_links = 1\nhop_latency = 100\nlink_bandwidth = 1GB/s\n"
                            "place = 3:4,4:6\n%s", cases[i].cfg);
        write_tmp("dt.cfg", cfg.s);
        strbuf_release(&cfg);
        expect_scenario((const char *[]){"-s", "dt.cfg", "-o", "/dev/null", "--", "two_flows",
                                         NULL},
                        0, cases[i].out);
    }
    testutil_proc r = run(SIMON_SCENARIOS, (const char *[]){"-s", "dt.cfg", "-t", "-json",
                                                            "dt.json", "--", "two_flows", NULL});
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *json = compact_json("dt.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(
        json, "{\"name\":\"r0.0-r1.0\",\"msgs\":4,\"bytes\":2000,\"busy_ns\":2000}, "
              "{\"name\":\"r1.0-h4\",\"msgs\":2,\"bytes\":1000,\"busy_ns\":1000}, "
              "{\"name\":\"r1.0-r1.1\",\"msgs\":2,\"bytes\":1000,\"busy_ns\":1000}, "));
    free(json);
}

static void test_mesh_unplaced_task(void)
{
    /* Task 5 would be on node 4 of 4: exit 3 before any task runs. */
    write_tmp("u.cfg", "model = mesh\ndims = 2x2\nlink_bandwidth = 1GB/s\n");
    testutil_proc r = run(SIMON_SCENARIOS, (const char *[]){"-s", "u.cfg", "--", "bcast", NULL});
    CU_ASSERT_EQUAL(r.status, 3);
    CU_ASSERT_STRING_EQUAL(r.out, "");
    CU_ASSERT_STRING_EQUAL(r.err, "simon: error: switch: task 5 would run on node 4, but the "
                                  "network has 4 nodes (place it with place = ID:NODE)\n");
    testutil_proc_release(&r);
}

/* Three stations put 1000 bytes each at 0 on a bus with latency 500 and
 * tx 1000; slots of 1000.  seed 1 draws k = 1, 0, 1 (of 0..1), then 1, 2
 * (of 0..3): at 0 station 1 starts, station 2 collides (jam until 500;
 * 1 backs off to 1500, 2 to 500) and station 3 collides with the jam (to
 * 1500).  2 sends 500..1500.  At 1500, 1 starts, 3 collides with it (jam
 * until 2000; 1 to 3000, 3 to 4000), and 2's transmission, which ended at
 * that instant, is delivered: 2000.  1 sends 3000..4000 (4500), 3 sends
 * 4000..5000 (5500).  seed 7 draws 0, 1, 1, then 2, 0: 1 sends 500..1500
 * (2000); at 1500, 2 starts and 3 collides (2 to 4000, 3 to 2000); 3 sends
 * 2000..3000 (3500), 2 sends 4000..5000 (5500).  The bus counts the three
 * completed transmissions only. */
static void test_bus_collision_at_end(void)
{
    static const struct {
        const char *seed, *out;
    } cases[] = {{"1", "frame 1 at 2000\nframe 2 at 4500\nframe 3 at 5500\n"},
                 {"7", "frame 1 at 2000\nframe 2 at 3500\nframe 3 at 5500\n"}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        strbuf cfg = STRBUF_INIT;
        strbuf_printf(&cfg, "model = bus\nlatency = 500ns\nbandwidth = 1GB/s\ncollisions = on\n"
                            "seed = %s\n", cases[i].seed);
        write_tmp("s.cfg", cfg.s);
        strbuf_release(&cfg);
        testutil_proc r = run(SIMON_SCENARIOS, (const char *[]){"-s", "s.cfg", "-t", "-o", "/dev/null",
                                                                "-json", "s.json", "--",
                                                                "stations", NULL});
        CU_ASSERT_EQUAL(r.status, 0);
        CU_ASSERT_STRING_EQUAL(r.out, cases[i].out);
        testutil_proc_release(&r);
        char *json = compact_json("s.json");
        CU_ASSERT_PTR_NOT_NULL(json && strstr(json, "\"links\":[{\"name\":\"bus\",\"msgs\":3,"
                                                    "\"bytes\":3000,\"busy_ns\":3000}]"));
        free(json);
    }
}

/* ---- the property test: random traffic on every model ---- */

static uint64_t prop_next(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* A switch file for model m (0..9) with settings drawn from state; tasks
 * 1..ntasks are placed at random on the networks of nodes. */
static void prop_config(strbuf *cfg, int m, uint64_t *state, int ntasks)
{
    static const char *const lat[] = {"0", "1", "50ns", "500ns", "2us"};
    static const char *const bw[] = {"1GB/s", "1GB/s", "100MB/s", "3GB/s", "7MiB/s"};
    const char *l = lat[prop_next(state) % 5], *b = bw[prop_next(state) % 5];
    static const char *const head[] = {
        "model = null\n", "model = p2p\n", "model = bus\n",
        "model = bus\ncollisions = on\n", "model = crossbar\n", "model = mesh\ndims = 4x4\n",
        "model = torus\ndims = 2x3x3\n", "model = hypercube\ndims = 4\n",
        "model = fattree\nk = 2\nn = 4\n",
        "model = dragonfly\ngroups = 3\nrouters = 2\nhosts_per_router = 3\nglobal_links = 1\n"};
    strbuf_printf(cfg, "%s", head[m]);
    if (m == 3)
        strbuf_printf(cfg, "seed = %llu\n", (unsigned long long)(prop_next(state) % 1000));
    if (m >= 1 && m <= 4)
        strbuf_printf(cfg, "latency = %s\nbandwidth = %s\n", l, b);
    if (m >= 5) {
        strbuf_printf(cfg, "hop_latency = %s\nlink_bandwidth = %s\nplace = ", l, b);
        for (int id = 1; id <= ntasks; id++)
            strbuf_printf(cfg, "%s%d:%d", id > 1 ? "," : "", id, (int)(prop_next(state) % 16));
        strbuf_printf(cfg, "\n");
        /* whole messages or packets, stored and forwarded or cut through */
        static const char *const packets[] = {"", "packet_size = 64\n", "packet_size = 500\n",
                                              "packet_size = 500\ncut_through = on\n",
                                              "packet_size = 7\ncut_through = on\n",
                                              "cut_through = on\n"};
        strbuf_append(cfg, packets[prop_next(state) % 6]);
    }
}

/* Whether out is exactly one "receiver N: ok" line per receiver. */
static bool prop_all_ok(const char *out, int receivers)
{
    int lines = 0;
    for (const char *p = out; *p; lines++) {
        if (strncmp(p, "receiver ", 9) != 0 || !strstr(p, ": ok "))
            return false;
        const char *nl = strchr(p, '\n');
        if (!nl || strstr(p, ": ok ") > nl)
            return false;
        p = nl + 1;
    }
    return lines == receivers;
}

/* 10 models x 200 random programs (2 to 8 senders, 1 to 6 receivers, up to
 * 40 messages each, fixed seeds), every fifth run twice: every message
 * arrives once, in its circuit's order, intact, and a repeated run gives
 * the same output and report. */
static void test_property_random_traffic(void)
{
    enum { MODELS = 10, RUNS = 200 };
    int failures = 0;
    uint64_t state = 0x5eed5eed12345678u;
    for (int m = 0; m < MODELS; m++) {
        for (int i = 0; i < RUNS; i++) {
            int senders = 2 + (int)(prop_next(&state) % 7);
            int receivers = 1 + (int)(prop_next(&state) % 6);
            int msgs = (int)(prop_next(&state) % 41);
            strbuf cfg = STRBUF_INIT;
            prop_config(&cfg, m, &state, senders + receivers);
            write_tmp("prop.cfg", cfg.s);
            char seed[24], s[8], r[8], n[8];
            snprintf(seed, sizeof seed, "%llu", (unsigned long long)(prop_next(&state) % 100000));
            snprintf(s, sizeof s, "%d", senders);
            snprintf(r, sizeof r, "%d", receivers);
            snprintf(n, sizeof n, "%d", msgs);
            const char *argv[] = {"-s", "prop.cfg", "-t", "-o", "prop.txt", "--", seed, s, r, n,
                                  NULL};
            testutil_proc a = run(SIMON_TRAFFIC, argv);
            bool ok = a.status == 0 && !*a.err && prop_all_ok(a.out, receivers);
            if (ok && i % 5 == 0) {
                char *report = tmp_file("prop.txt");
                testutil_proc b = run(SIMON_TRAFFIC, argv);
                char *again = tmp_file("prop.txt");
                ok = b.status == 0 && !strcmp(a.out, b.out) && report && again &&
                     !strcmp(report, again);
                free(report);
                free(again);
                testutil_proc_release(&b);
            }
            if (!ok && failures++ < 3)
                fprintf(stderr, "\nproperty failed: %s-- %s %s %s %s\nstatus %d\n%s%s", cfg.s,
                        seed, s, r, n, a.status, a.out, a.err);
            testutil_proc_release(&a);
            strbuf_release(&cfg);
        }
    }
    CU_ASSERT_EQUAL(failures, 0);
}

/* puts's copy to the sender arrives at the send time on every model; the
 * other copy (1000 B at 1 GB/s, latency 100) is not delayed by it: 1100,
 * not the 2100 it would be behind the own copy on a p2p or crossbar port. */
static void test_puts_self_copy(void)
{
    static const char *const configs[] = {
        "model = p2p\nlatency = 100\nbandwidth = 1GB/s\n",
        "model = bus\nlatency = 100\nbandwidth = 1GB/s\n",
        "model = bus\nlatency = 100\nbandwidth = 1GB/s\ncollisions = on\n",
        "model = crossbar\nlatency = 100\nbandwidth = 1GB/s\n",
        "model = mesh\ndims = 2\nhop_latency = 100\nlink_bandwidth = 1GB/s\n",
    };
    for (size_t i = 0; i < sizeof configs / sizeof *configs; i++) {
        write_tmp("self.cfg", configs[i]);
        expect_scenario((const char *[]){"-s", "self.cfg", "-o", "/dev/null", "--", "self_time",
                                         NULL},
                        0, "task 1 got a copy at 0\ntask 2 got a copy at 1100\n");
    }
    expect_scenario((const char *[]){"-o", "/dev/null", "--", "self_time", NULL}, 0,
                    "task 1 got a copy at 0\ntask 2 got a copy at 0\n");
}

static const testutil_case model_cases[] = {
    {"null: arrival = send time", test_null_pingpong},
    {"p2p: ping-pong times and statistics", test_p2p_pingpong},
    {"p2p: order per virtual circuit", test_p2p_circuit_order},
    {"p2p: copies in ascending destination id", test_p2p_broadcast},
    {"bus: one transmission, FCFS", test_bus_broadcast},
    {"bus: collisions, backoff", test_bus_collisions},
    {"bus: a collision as a transmission ends", test_bus_collision_at_end},
    {"puts: the own copy at the send time, every model", test_puts_self_copy},
    {"every model: random traffic arrives once, in order", test_property_random_traffic},
    {"crossbar: input and output ports", test_crossbar_broadcast},
    {"mesh, hypercube: dimension order", test_mesh_broadcast},
    {"mesh, torus: store and forward", test_mesh_store_and_forward},
    {"mesh, hypercube: packets, store and forward, cut-through", test_mesh_packets},
    {"mesh: two flows contending on a link, with packets", test_mesh_two_flows},
    {"mesh: a task off the network", test_mesh_unplaced_task},
    {"fattree: one message, 2 x levels hops", test_fattree_one_message},
    {"fattree: a pipeline of packets", test_fattree_packets},
    {"fattree: two flows contending on an up-link", test_fattree_two_flows},
    {"dragonfly: one message, local and global hops, packets", test_dragonfly_one_message},
    {"dragonfly: two flows contending on a global link", test_dragonfly_two_flows},
    {NULL, NULL},
};

/* ---- the end of a run ---- */

static void test_deadlock(void)
{
    testutil_proc r = run(SIMON_SCENARIOS, (const char *[]){"--", "deadlock", NULL});
    CU_ASSERT_EQUAL(r.status, 4);
    /* Task 3 waits on C, whose only exporter ended at 3: it is starved,
     * listed after the deadlocked tasks and said to be starved. */
    CU_ASSERT_STRING_EQUAL(r.err, "simon: deadlock at 7 ns\n"
                                  "simon: task 1 \"left\" blocked in get on A\n"
                                  "simon: task 2 \"right\" blocked in get on B\n"
                                  "simon: task 3 \"hungry\" starved in get on C (every other "
                                  "exporter has ended)\n");
    /* The report is still written. */
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "left             blocked"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "hungry           starved"));
    testutil_proc_release(&r);
}

/* 40,000 tasks, more than the 32,754 that one mapping per stack allowed:
 * N inittask events, N gets that block, then N hops of a send and an
 * arrival each: 4N events. */
static void test_many_tasks(void)
{
    testutil_proc r = run(SIMON_SCENARIOS, (const char *[]){"-o", "/dev/null", "-json", "m.json",
                                                            "--", "ring", "40000", NULL});
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "the token came back after 40000 hops\n");
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    char *json = compact_json("m.json");
    CU_ASSERT_PTR_NOT_NULL(json && strstr(json, "\"events\":160000,"));
    free(json);
}

static void expect_misuse(const char *scenario, const char *message)
{
    testutil_proc r = run(SIMON_SCENARIOS, (const char *[]){"--", scenario, NULL});
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.err, message);
    testutil_proc_release(&r);
}

static void test_misuse(void)
{
    expect_misuse("unknown_fifo",
                  "simon: error: task 3 \"bad\": get: \"nope\" is not an import fifo of "
                  "this task\n");
    expect_misuse("dup_id",
                  "simon: error: task 0 \"bootstrap\": mktask: task id 1 already exists\n");
    expect_misuse("late_fifo", "simon: error: task 4 \"late\": export: fifos are created before "
                               "the task's first suspension\n");
    expect_misuse("mktask_in_task",
                  "simon: error: task 8 \"parent\": mktask: only bootstrap creates tasks\n");
    expect_misuse("bootstrap_put",
                  "simon: error: task 0 \"bootstrap\": export: bootstrap cannot communicate\n");
    expect_misuse("puts_without_import", "simon: error: task 5 \"lonely\": puts: \"E\" is not "
                                         "also an import fifo of this task\n");
    expect_misuse("getclk_other", "simon: error: task 2 \"clock\": getclk: id 1 is not the "
                                  "caller's (2): only a task's own clock is defined\n");
}

static void test_stack_overflow(void)
{
    testutil_proc r =
        run(SIMON_SCENARIOS, (const char *[]){"-stack", "16384", "--", "overflow", NULL});
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.err, "simon: error: task 6 \"deep\": stack overflow: its stack of "
                                  "16384 bytes is full (raise -stack)\n");
    testutil_proc_release(&r);
    /* A recursion of 80 filled 256-byte frames (over 20 KiB) returns before
     * its task switches back: the overwritten lowest bytes of its stack
     * give it away.  AddressSanitizer sees the write into the waiting
     * task's frames first. */
    r = run(SIMON_SCENARIOS, (const char *[]){"-stack", "16384", "-o", "/dev/null", "--",
                                              "overflow_return", NULL});
#ifdef SIMON_TEST_SANITIZED
    CU_ASSERT_EQUAL(r.status, 99);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "AddressSanitizer"));
#else
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.err, "simon: error: task 2 \"shallow\": stack overflow: its stack "
                                  "of 16384 bytes is full (raise -stack)\n");
#endif
    testutil_proc_release(&r);
}

static void test_limits(void)
{
    testutil_proc r = run(SIMON_SCENARIOS, (const char *[]){"-nt", "1", "--", "pingpong", NULL});
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.err,
                           "simon: error: task 0 \"bootstrap\": mktask: more than 1 tasks (-nt)\n");
    testutil_proc_release(&r);
    r = run(SIMON_SCENARIOS, (const char *[]){"-nm", "2", "--", "bounded", NULL});
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "put: more than 2 messages at one time (-nm)"));
    testutil_proc_release(&r);
}

static void test_usage(void)
{
    testutil_proc r = run(SIMON_SCENARIOS, (const char *[]){"-bogus", NULL});
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "simon: error: unknown argument '-bogus'"));
    testutil_proc_release(&r);
    r = run(SIMON_SCENARIOS, (const char *[]){"-nt", "0", NULL});
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "option '-nt' needs a whole number >= 1, not '0'"));
    testutil_proc_release(&r);
    r = run(SIMON_SCENARIOS, (const char *[]){"-s", NULL});
    CU_ASSERT_EQUAL(r.status, 2);
    testutil_proc_release(&r);
    /* An output over the switch file would destroy it. */
    write_tmp("keep.cfg", "model = null\n");
    r = run(SIMON_SCENARIOS, (const char *[]){"-s", "keep.cfg", "-json", "keep.cfg", "--",
                                              "self", NULL});
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "refusing to overwrite it"));
    char *kept = tmp_file("keep.cfg");
    CU_ASSERT_PTR_NOT_NULL_FATAL(kept);
    CU_ASSERT_STRING_EQUAL(kept, "model = null\n");
    free(kept);
    testutil_proc_release(&r);
}

typedef struct bad_switch {
    const char *text, *message;
} bad_switch;

static const bad_switch bad_switches[] = {
    {"", "bad.cfg:1:1: error: no 'model = NAME' line\n"},
    {"latency = 1\n", "bad.cfg:1:1: error: the first key must be 'model', not 'latency'\n"},
    {"model = ring\n", "bad.cfg:1:9: error: unknown model 'ring' (null, p2p, bus, crossbar, mesh, "
                       "torus, hypercube, fattree, dragonfly)\n"},
    {"model = p2p\n  speed = 1\n", "bad.cfg:2:3: error: model p2p has no key 'speed'\n"},
    {"model = p2p\nbandwidth = 1 GB\n",
     "bad.cfg:2:13: error: unknown bandwidth unit (B/s, KB/s, MB/s, GB/s, KiB/s, MiB/s, GiB/s): "
     "'1 GB'\n"},
    {"# c\nmodel = bus\nlatency = 0.5 ns\nbandwidth = 1\n",
     "bad.cfg:3:11: error: not a whole number of ns: '0.5 ns'\n"},
    {"model = bus\nlatency = fast\n",
     "bad.cfg:2:11: error: expected a time (ns, us, ms or s): 'fast'\n"},
    {"model = bus\n", "bad.cfg:1:1: error: model bus needs 'bandwidth'\n"},
    {"model = bus\nbandwidth = 0 B/s\n",
     "bad.cfg:2:13: error: bandwidth must be positive: '0 B/s'\n"},
    {"model = p2p\nbandwidth = 1\nbandwidth = 2\n",
     "bad.cfg:3:1: error: 'bandwidth' is set twice\n"},
    {"model = p2p\nlatency\n", "bad.cfg:2:1: error: expected 'key = value'\n"},
    {"model = p2p\nlatency =\n", "bad.cfg:2:10: error: missing value for 'latency'\n"},
    {"model = bus\nbandwidth = 1\ncollisions = maybe\n",
     "bad.cfg:3:14: error: expected on or off: 'maybe'\n"},
    {"model = bus\nbandwidth = 1\nseed = -3\n",
     "bad.cfg:3:8: error: expected a whole number: '-3'\n"},
    {"model = mesh\ndims = 4x\n", "bad.cfg:2:8: error: expected dimension sizes like 4x4: '4x'\n"},
    {"model = torus\ndims = 2x2x2x2x2x2x2x2x2\n",
     "bad.cfg:2:8: error: more than 8 dimensions: '2x2x2x2x2x2x2x2x2'\n"},
    {"model = hypercube\ndims = 16\n",
     "bad.cfg:2:8: error: expected the number of dimensions, 1 to 15: '16'\n"},
    {"model = mesh\ndims = 2\nlink_bandwidth = 1\nplace = 1:0,1:1\n",
     "bad.cfg:4:9: error: a task placed twice: '1:0,1:1'\n"},
    {"model = mesh\nplace = 1:2\ndims = 2\nlink_bandwidth = 1\n",
     "bad.cfg:2:9: error: task 1 is placed on node 2 of 2\n"},
    {"model = mesh\ndims = 2\nplace = 0:1\nlink_bandwidth = 1\n",
     "bad.cfg:3:9: error: expected ID:NODE pairs, ID > 0: '0:1'\n"},
    {"model = mesh\ndims = 4\nlink_bandwidth = 1\npacket_size = 0\n",
     "bad.cfg:4:15: error: expected a whole number of bytes, at least 1: '0'\n"},
    {"model = torus\ndims = 4\nlink_bandwidth = 1\npacket_size = 64k\n",
     "bad.cfg:4:15: error: expected a whole number of bytes, at least 1: '64k'\n"},
    {"model = hypercube\ndims = 3\nlink_bandwidth = 1\ncut_through = yes\n",
     "bad.cfg:4:15: error: expected on or off: 'yes'\n"},
    {"model = p2p\nbandwidth = 1\npacket_size = 64\n",
     "bad.cfg:3:1: error: model p2p has no key 'packet_size'\n"},
    {"model = fattree\nk = 1\nn = 2\nlink_bandwidth = 1\n",
     "bad.cfg:2:5: error: a k-ary n-tree needs k >= 2\n"},
    {"model = fattree\nk = 2\n  n = 0\nlink_bandwidth = 1\n",
     "bad.cfg:3:7: error: a k-ary n-tree needs n >= 1\n"},
    {"model = fattree\nk = 2\nn = 2\nhosts = 8\nlink_bandwidth = 1\n",
     "bad.cfg:4:9: error: hosts is not k^n\n"},
    {"model = fattree\nk = 2\nn = 15\nlink_bandwidth = 1\n",
     "bad.cfg:3:5: error: more than 32768 hosts and switches\n"},
    {"model = fattree\nk = 2\nlink_bandwidth = 1\n", "bad.cfg:1:1: error: model fattree needs 'n'\n"},
    {"model = fattree\nk = 4\nn = 1\nlink_bandwidth = 1\nplace = 1:4\n",
     "bad.cfg:5:9: error: task 1 is placed on node 4 of 4\n"},
    {"model = fattree\nk = two\n", "bad.cfg:2:5: error: expected a whole number: 'two'\n"},
    {"model = dragonfly\ngroups = 4\nrouters = 2\nhosts_per_router = 1\nglobal_links = 1\n"
     "link_bandwidth = 1\n",
     "bad.cfg:2:10: error: groups is not routers x global_links + 1 (one global link between each "
     "pair)\n"},
    {"model = dragonfly\ngroups = 3\nrouters = 2\nhosts_per_router = 0\nglobal_links = 1\n"
     "link_bandwidth = 1\n",
     "bad.cfg:4:20: error: must be at least 1\n"},
    {"model = dragonfly\ngroups = 3\nrouters = 2\nhosts_per_router = 1\nlink_bandwidth = 1\n",
     "bad.cfg:1:1: error: model dragonfly needs 'global_links'\n"},
};

static void test_bad_switch_files(void)
{
    for (size_t i = 0; i < sizeof bad_switches / sizeof *bad_switches; i++) {
        write_tmp("bad.cfg", bad_switches[i].text);
        testutil_proc r =
            run(SIMON_SCENARIOS, (const char *[]){"-s", "bad.cfg", "--", "self", NULL});
        CU_ASSERT_EQUAL(r.status, 3);
        CU_ASSERT_STRING_EQUAL(r.err, bad_switches[i].message);
        /* No task ran. */
        CU_ASSERT_STRING_EQUAL(r.out, "");
        testutil_proc_release(&r);
    }
    testutil_proc r =
        run(SIMON_SCENARIOS, (const char *[]){"-s", "missing.cfg", "--", "self", NULL});
    CU_ASSERT_EQUAL(r.status, 3);
    testutil_proc_release(&r);
}

/* ---- -trace ---- */

/* One trace event as the test expects it: dur < 0 for an instant; the
 * args named a1 and a2 (NULL: not checked) with numbers v1 and v2, or a2
 * with the string s2. */
typedef struct trace_expect {
    const char *name, *cat, *ph;
    int64_t ts_ns, dur_ns;
    int pid, tid;
    const char *a1;
    int64_t v1;
    const char *a2;
    int64_t v2;
    const char *s2;
} trace_expect;

static int64_t trace_ns(const cJSON *e, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(e, key);
    return cJSON_IsNumber(v) ? (int64_t)(v->valuedouble * 1000.0 + 0.5) : -1;
}

static bool trace_int_is(const cJSON *o, const char *key, int64_t want)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(v) && v->valuedouble == (double)want;
}

static bool trace_string_is(const cJSON *o, const char *key, const char *want)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) && strcmp(v->valuestring, want) == 0;
}

static void trace_check_event(const cJSON *e, const trace_expect *x)
{
    bool ok = trace_string_is(e, "name", x->name) && trace_string_is(e, "cat", x->cat) &&
              trace_string_is(e, "ph", x->ph) && trace_ns(e, "ts") == x->ts_ns &&
              trace_ns(e, "dur") == x->dur_ns && trace_int_is(e, "pid", x->pid) &&
              trace_int_is(e, "tid", x->tid);
    if (x->dur_ns < 0) /* an instant: on its row, or global for the cut */
        ok = ok && trace_string_is(e, "s", strcmp(x->cat, "trace") == 0 ? "g" : "t");
    const cJSON *args = cJSON_GetObjectItemCaseSensitive(e, "args");
    if (x->a1)
        ok = ok && trace_int_is(args, x->a1, x->v1);
    if (x->a2)
        ok = ok && (x->s2 ? trace_string_is(args, x->a2, x->s2) : trace_int_is(args, x->a2, x->v2));
    CU_ASSERT(ok);
    if (!ok) {
        char *text = cJSON_PrintUnformatted(e);
        fprintf(stderr, "\nexpected %s at %lld ns, got %s\n", x->name, (long long)x->ts_ns, text);
        free(text);
    }
}

/* The "M" event naming process pid (tid < 0) or its row tid. */
static void trace_check_meta(const cJSON *e, int pid, int tid, const char *name)
{
    bool ok = trace_string_is(e, "name", tid < 0 ? "process_name" : "thread_name") &&
              trace_string_is(e, "ph", "M") && trace_int_is(e, "pid", pid) &&
              (tid < 0 ? !cJSON_HasObjectItem(e, "tid") : trace_int_is(e, "tid", tid)) &&
              trace_string_is(cJSON_GetObjectItemCaseSensitive(e, "args"), "name", name);
    CU_ASSERT(ok);
    if (!ok)
        fprintf(stderr, "\nexpected the row %d/%d \"%s\"\n", pid, tid, name);
}

typedef struct trace_row {
    int pid, tid;
    const char *name;
} trace_row;

/* One end of a message's arrow (a flow event, cat "message", on the tasks'
 * process): ph s at the put, t at an arrival a get took, f at the last. */
typedef struct trace_flow {
    const char *name, *ph;
    int64_t id, ts_ns;
    int tid;
} trace_flow;

static void trace_check_flow(const cJSON *e, const trace_flow *x)
{
    bool ok = trace_string_is(e, "name", x->name) && trace_string_is(e, "ph", x->ph) &&
              trace_int_is(e, "id", x->id) && trace_ns(e, "ts") == x->ts_ns &&
              trace_int_is(e, "pid", 1) && trace_int_is(e, "tid", x->tid) &&
              (strcmp(x->ph, "s") == 0 ? !cJSON_HasObjectItem(e, "bp")
                                       : trace_string_is(e, "bp", "e"));
    CU_ASSERT(ok);
    if (!ok) {
        char *text = cJSON_PrintUnformatted(e);
        fprintf(stderr, "\nexpected flow %lld %s at %lld ns, got %s\n", (long long)x->id, x->ph,
                (long long)x->ts_ns, text);
        free(text);
    }
}

/* The trace file: its rows' names, then its events, exactly these, and
 * among them, in this order, exactly these flow events. */
static void trace_check_file(const char *file, const trace_row *rows, int nrows,
                             const trace_expect *events, int nevents, const trace_flow *flows,
                             int nflows)
{
    char *text = tmp_file(file);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    cJSON *doc = cJSON_Parse(text);
    free(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
    CU_ASSERT(trace_string_is(doc, "displayTimeUnit", "ns"));
    const cJSON *all = cJSON_GetObjectItemCaseSensitive(doc, "traceEvents");
    CU_ASSERT_EQUAL(cJSON_GetArraySize(all), nrows + nevents + nflows);
    for (int i = 0; i < nrows && i < cJSON_GetArraySize(all); i++)
        trace_check_meta(cJSON_GetArrayItem(all, i), rows[i].pid, rows[i].tid, rows[i].name);
    int ne = 0, nf = 0;
    for (int i = nrows; i < cJSON_GetArraySize(all); i++) {
        const cJSON *e = cJSON_GetArrayItem(all, i);
        if (trace_string_is(e, "cat", "message") && nf < nflows)
            trace_check_flow(e, &flows[nf++]);
        else if (!trace_string_is(e, "cat", "message") && ne < nevents)
            trace_check_event(e, &events[ne++]);
    }
    CU_ASSERT_EQUAL(ne, nevents);
    CU_ASSERT_EQUAL(nf, nflows);
    cJSON_Delete(doc);
}

/* A token of 1000 bytes once around a (1), b (2), c (3) on p2p, tx 1000 ns,
 * latency 1000 ns.  a computes 100 ns and puts at 100: port1 busy 100-1100,
 * arrival at b at 2100 (b blocked in get since 0); b computes 50 and puts
 * at 2150: port2 2150-3150, arrival at c at 4150 (blocked since 0); c
 * computes 50, puts at 4200: port3 4200-5200, arrival at a at 6200 (a
 * blocked since 100).  The events in the order the core takes them; a run
 * is recorded when the task stops, a blocked interval when it ends. */
static const trace_row ring_rows[] = {
    {1, -1, "tasks"},   {1, 1, "a (1)"},    {1, 2, "b (2)"},    {1, 3, "c (3)"},
    {2, -1, "network"}, {2, 1, "port1"},    {2, 2, "port2"},    {2, 3, "port3"},
};
static const trace_expect ring_events[] = {
    {"run", "run", "X", 0, 100, 1, 1, NULL, 0, NULL, 0, NULL},
    {"put T2", "send", "i", 100, -1, 1, 1, "copies", 1, "bytes", 1000, NULL},
    {"busy", "link", "X", 100, 1000, 2, 1, "bytes", 1000, NULL, 0, NULL},
    {"arrive T2", "arrive", "i", 2100, -1, 1, 2, "from", 1, "bytes", 1000, NULL},
    {"blocked in get on T2", "blocked", "X", 0, 2100, 1, 2, "woken_by", 1, "fifo", 0, "T2"},
    {"get T2", "get", "i", 2100, -1, 1, 2, "from", 1, "bytes", 1000, NULL},
    {"run", "run", "X", 2100, 50, 1, 2, NULL, 0, NULL, 0, NULL},
    {"put T3", "send", "i", 2150, -1, 1, 2, "copies", 1, "bytes", 1000, NULL},
    {"busy", "link", "X", 2150, 1000, 2, 2, "bytes", 1000, NULL, 0, NULL},
    {"arrive T3", "arrive", "i", 4150, -1, 1, 3, "from", 2, "bytes", 1000, NULL},
    {"blocked in get on T3", "blocked", "X", 0, 4150, 1, 3, "woken_by", 2, "fifo", 0, "T3"},
    {"get T3", "get", "i", 4150, -1, 1, 3, "from", 2, "bytes", 1000, NULL},
    {"run", "run", "X", 4150, 50, 1, 3, NULL, 0, NULL, 0, NULL},
    {"put T1", "send", "i", 4200, -1, 1, 3, "copies", 1, "bytes", 1000, NULL},
    {"busy", "link", "X", 4200, 1000, 2, 3, "bytes", 1000, NULL, 0, NULL},
    {"arrive T1", "arrive", "i", 6200, -1, 1, 1, "from", 3, "bytes", 1000, NULL},
    {"blocked in get on T1", "blocked", "X", 100, 6100, 1, 1, "woken_by", 3, "fifo", 0, "T1"},
    {"get T1", "get", "i", 6200, -1, 1, 1, "from", 3, "bytes", 1000, NULL},
};
#define RING_NEVENTS ((int)(sizeof ring_events / sizeof *ring_events))

/* The token's three hops as arrows, ids in the order of arrival: each put
 * (s, on the sender's row at its send time) to its arrival (t, on the
 * receiver's row) to the get that took it (f, same row and time, as each
 * receiver was blocked in get). */
static const trace_flow ring_flows[] = {
    {"message T2", "s", 1, 100, 1},  {"message T2", "t", 1, 2100, 2},
    {"message T2", "f", 1, 2100, 2}, {"message T3", "s", 2, 2150, 2},
    {"message T3", "t", 2, 4150, 3}, {"message T3", "f", 2, 4150, 3},
    {"message T1", "s", 3, 4200, 3}, {"message T1", "t", 3, 6200, 1},
    {"message T1", "f", 3, 6200, 1},
};
#define RING_NFLOWS ((int)(sizeof ring_flows / sizeof *ring_flows))

static testutil_proc run_trace_ring(const char *trace, const char *limit)
{
    write_tmp("ring.cfg", "model = p2p\nlatency = 1 us\nbandwidth = 1 GB/s\n");
    if (!limit)
        return run(SIMON_SCENARIOS, (const char *[]){"-s", "ring.cfg", "-o", "/dev/null",
                                                     "-trace", trace, "--", "trace_ring", NULL});
    return run(SIMON_SCENARIOS,
               (const char *[]){"-s", "ring.cfg", "-o", "/dev/null", "-trace", trace,
                                "-trace-limit", limit, "--", "trace_ring", NULL});
}

static void test_trace_ring(void)
{
    testutil_proc r = run_trace_ring("ring.json", NULL);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    trace_check_file("ring.json", ring_rows, 8, ring_events, RING_NEVENTS, ring_flows,
                     RING_NFLOWS);
    /* the same run again: the same bytes */
    r = run_trace_ring("ring2.json", NULL);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *first = tmp_file("ring.json"), *second = tmp_file("ring2.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(first);
    CU_ASSERT_PTR_NOT_NULL_FATAL(second);
    CU_ASSERT_STRING_EQUAL(first, second);
    free(first);
    free(second);
}

/* -trace-limit 5: the first five events, then the cut at the sixth's time
 * (b's get at 2100), 13 left out; port2 and port3 carried nothing traced,
 * so they get no row.  The one arrival kept has its arrow from the put,
 * which ends there (f): the get that took it was left out. */
static void test_trace_limit(void)
{
    testutil_proc r = run_trace_ring("cut.json", "5");
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    trace_expect events[6];
    memcpy(events, ring_events, 5 * sizeof *events);
    events[5] = (trace_expect){"trace cut: limit of 5 events reached", "trace", "i", 2100, -1, 1,
                               0, "dropped", 13, NULL, 0, NULL};
    static const trace_flow flows[] = {{"message T2", "s", 1, 100, 1},
                                       {"message T2", "f", 1, 2100, 2}};
    trace_check_file("cut.json", ring_rows, 6, events, 6, flows, 2);
    r = run_trace_ring("cut.json", "0");
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "option '-trace-limit' needs a whole number >= 1"));
    testutil_proc_release(&r);
}

/* The self scenario on the null switch, everything at time 0: self (1)
 * puts S (one copy, to other) and then puts S (two: to other, and its own
 * at once).  Each copy has its arrow: other's first arrival is the put's
 * (id 1), self's the puts' (2, put never reaches its sender), other's
 * second the puts' (3); other gets 1 then 3, self gets 2. */
static void test_trace_copies(void)
{
    testutil_proc r = run(SIMON_SCENARIOS, (const char *[]){"-o", "/dev/null", "-trace",
                                                            "self.json", "--", "self", NULL});
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    static const trace_row rows[] = {{1, -1, "tasks"}, {1, 1, "self (1)"}, {1, 2, "other (2)"}};
    static const trace_expect events[] = {
        {"put S", "send", "i", 0, -1, 1, 1, "copies", 1, "bytes", 4, NULL},
        {"puts S", "send", "i", 0, -1, 1, 1, "copies", 2, "bytes", 4, NULL},
        {"arrive S", "arrive", "i", 0, -1, 1, 2, "from", 1, "bytes", 4, NULL},
        {"arrive S", "arrive", "i", 0, -1, 1, 1, "from", 1, "bytes", 4, NULL},
        {"arrive S", "arrive", "i", 0, -1, 1, 2, "from", 1, "bytes", 4, NULL},
        {"get S", "get", "i", 0, -1, 1, 2, "from", 1, "bytes", 4, NULL},
        {"get S", "get", "i", 0, -1, 1, 2, "from", 1, "bytes", 4, NULL},
        {"get S", "get", "i", 0, -1, 1, 1, "from", 1, "bytes", 4, NULL},
    };
    static const trace_flow flows[] = {
        {"message S", "s", 1, 0, 1}, {"message S", "t", 1, 0, 2}, {"message S", "s", 2, 0, 1},
        {"message S", "t", 2, 0, 1}, {"message S", "s", 3, 0, 1}, {"message S", "t", 3, 0, 2},
        {"message S", "f", 1, 0, 2}, {"message S", "f", 3, 0, 2}, {"message S", "f", 2, 0, 1},
    };
    trace_check_file("self.json", rows, 3, events, 8, flows, 9);
}

/* The late_import scenario on the null switch (arrivals at the send
 * time): sender (1) puts messages 1, 2, 3 of 4 bytes on L at 0, 100 and
 * 200, each to keep (2) and late (3).  keep imports L bounded to 1 and
 * gets at 300: 2 dropped 1 at 100, 3 dropped 2 at 200, so it takes 3.
 * late imports at its clock 150, on its first run (time 0 for the core),
 * so it has all three: at 150 it takes 1 and 2, blocks, and takes 3 when
 * it arrives at 200.  Arrow ids in the order of arrival: 1 (message 1 to
 * keep), 2 (1 to late), 3, 4 (message 2), 5, 6 (message 3).  keep's get
 * closes 5, not 1: the copies 1 and 3 it lost end at their arrivals. */
static void test_trace_late_import(void)
{
    testutil_proc r = run(SIMON_SCENARIOS, (const char *[]){"-o", "/dev/null", "-trace",
                                                            "li.json", "--", "late_import", NULL});
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "late: 1 2 3\nkeep: 3\n");
    testutil_proc_release(&r);
    static const trace_row rows[] = {
        {1, -1, "tasks"}, {1, 1, "sender (1)"}, {1, 2, "keep (2)"}, {1, 3, "late (3)"}};
    static const trace_expect events[] = {
        {"run", "run", "X", 0, 200, 1, 1, NULL, 0, NULL, 0, NULL},
        {"run", "run", "X", 0, 300, 1, 2, NULL, 0, NULL, 0, NULL},
        {"run", "run", "X", 0, 150, 1, 3, NULL, 0, NULL, 0, NULL},
        {"put L", "send", "i", 0, -1, 1, 1, "copies", 2, "bytes", 4, NULL},
        {"arrive L", "arrive", "i", 0, -1, 1, 2, "from", 1, "bytes", 4, NULL},
        {"arrive L", "arrive", "i", 0, -1, 1, 3, "from", 1, "bytes", 4, NULL},
        {"put L", "send", "i", 100, -1, 1, 1, "copies", 2, "bytes", 4, NULL},
        {"arrive L", "arrive", "i", 100, -1, 1, 2, "from", 1, "bytes", 4, NULL},
        {"arrive L", "arrive", "i", 100, -1, 1, 3, "from", 1, "bytes", 4, NULL},
        {"get L", "get", "i", 150, -1, 1, 3, "from", 1, "bytes", 4, NULL},
        {"get L", "get", "i", 150, -1, 1, 3, "from", 1, "bytes", 4, NULL},
        {"put L", "send", "i", 200, -1, 1, 1, "copies", 2, "bytes", 4, NULL},
        {"arrive L", "arrive", "i", 200, -1, 1, 2, "from", 1, "bytes", 4, NULL},
        {"arrive L", "arrive", "i", 200, -1, 1, 3, "from", 1, "bytes", 4, NULL},
        {"blocked in get on L", "blocked", "X", 150, 50, 1, 3, "woken_by", 1, "fifo", 0, "L"},
        {"get L", "get", "i", 200, -1, 1, 3, "from", 1, "bytes", 4, NULL},
        {"get L", "get", "i", 300, -1, 1, 2, "from", 1, "bytes", 4, NULL},
    };
    static const trace_flow flows[] = {
        {"message L", "s", 1, 0, 1},   {"message L", "f", 1, 0, 2},
        {"message L", "s", 2, 0, 1},   {"message L", "t", 2, 0, 3},
        {"message L", "s", 3, 100, 1}, {"message L", "f", 3, 100, 2},
        {"message L", "s", 4, 100, 1}, {"message L", "t", 4, 100, 3},
        {"message L", "f", 2, 150, 3}, {"message L", "f", 4, 150, 3},
        {"message L", "s", 5, 200, 1}, {"message L", "t", 5, 200, 2},
        {"message L", "s", 6, 200, 1}, {"message L", "t", 6, 200, 3},
        {"message L", "f", 6, 200, 3}, {"message L", "f", 5, 300, 2},
    };
    trace_check_file("li.json", rows, 4, events, 17, flows, 16);
}

/* A path that cannot be written: a usage error before any task runs (the
 * scenario's report would be on stdout). */
static void test_trace_bad_path(void)
{
    testutil_proc r = run(SIMON_SCENARIOS, (const char *[]){"-trace", "no/such/dir/t.json", "--",
                                                            "pingpong", NULL});
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "simon: error: -trace 'no/such/dir/t.json'"));
    CU_ASSERT_STRING_EQUAL(r.out, "");
    testutil_proc_release(&r);
    write_tmp("keep.cfg", "model = null\n");
    r = run(SIMON_SCENARIOS, (const char *[]){"-s", "keep.cfg", "-trace", "keep.cfg", "--",
                                              "pingpong", NULL});
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "refusing to overwrite it"));
    testutil_proc_release(&r);
}

/* The deadlock scenario on the null switch: left computes 5 ns, right 7,
 * quitter 3 and ends; hungry (starved), left and right (deadlocked) stay
 * blocked to the end of the run, 7 ns. */
static void test_trace_deadlock(void)
{
    testutil_proc r = run(SIMON_SCENARIOS, (const char *[]){"-o", "/dev/null", "-trace", "dl.json",
                                                            "--", "deadlock", NULL});
    CU_ASSERT_EQUAL(r.status, 4);
    testutil_proc_release(&r);
    static const trace_row rows[] = {
        {1, -1, "tasks"}, {1, 3, "hungry (3)"}, {1, 1, "left (1)"},
        {1, 2, "right (2)"}, {1, 4, "quitter (4)"},
    };
    static const trace_expect events[] = {
        {"run", "run", "X", 0, 5, 1, 1, NULL, 0, NULL, 0, NULL},
        {"run", "run", "X", 0, 7, 1, 2, NULL, 0, NULL, 0, NULL},
        {"run", "run", "X", 0, 3, 1, 4, NULL, 0, NULL, 0, NULL},
        {"blocked in get on C", "blocked", "X", 0, 7, 1, 3, NULL, 0, "state", 0, "starved"},
        {"blocked in get on A", "blocked", "X", 5, 2, 1, 1, NULL, 0, "state", 0, "deadlocked"},
        {"blocked in get on B", "blocked", "X", 7, 0, 1, 2, NULL, 0, "state", 0, "deadlocked"},
    };
    trace_check_file("dl.json", rows, 5, events, 6, NULL, 0);
}

/* The links' rows: two_flows on a line of 4 in packets of 500 (see
 * test_mesh_two_flows), each packet's hop a busy slice on its link's row,
 * tid in the order of the link report (n0-n1, n1-n2, n2-n3), in the order
 * the core takes them: both sends at 0, then the packets at n1 and n2 at
 * 600 (A's first, then B's) and at 1100. */
static void test_trace_links(void)
{
    write_tmp("tl.cfg", "model = mesh\ndims = 4\nhop_latency = 100\nlink_bandwidth = 1GB/s\n"
                        "packet_size = 500\n");
    testutil_proc r = run(SIMON_SCENARIOS, (const char *[]){"-s", "tl.cfg", "-o", "/dev/null",
                                                            "-trace", "tl.json", "--", "two_flows",
                                                            NULL});
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    static const trace_row rows[] = {{2, -1, "network"}, {2, 1, "n0-n1"}, {2, 2, "n1-n2"},
                                     {2, 3, "n2-n3"}};
    static const int64_t busy[][3] = {{1, 0, 500},    {1, 500, 500},  {2, 0, 500},
                                      {2, 500, 500},  {2, 1000, 500}, {3, 600, 500},
                                      {2, 1500, 500}, {3, 1100, 500}};
    char *text = tmp_file("tl.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    cJSON *doc = cJSON_Parse(text);
    free(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
    const cJSON *all = cJSON_GetObjectItemCaseSensitive(doc, "traceEvents");
    /* the tasks' process and rows (5 events), then the network's */
    for (int i = 0; i < 4; i++)
        trace_check_meta(cJSON_GetArrayItem(all, 5 + i), rows[i].pid, rows[i].tid, rows[i].name);
    int n = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, all)
    {
        if (!trace_string_is(e, "cat", "link"))
            continue;
        CU_ASSERT_FATAL(n < 8);
        trace_expect x = {"busy", "link", "X", busy[n][1], busy[n][2], 2, (int)busy[n][0],
                          "bytes", 500, NULL, 0, NULL};
        trace_check_event(e, &x);
        n++;
    }
    CU_ASSERT_EQUAL(n, 8);
    cJSON_Delete(doc);
}

static const testutil_case trace_cases[] = {
    {"-trace: links' rows, a packet's hops", test_trace_links},
    {"-trace: a ring's events by hand, twice the same bytes", test_trace_ring},
    {"-trace-limit: cut, and said so", test_trace_limit},
    {"-trace: an arrow per copy of a put", test_trace_copies},
    {"-trace: arrows by message, a late import and a full bounded one", test_trace_late_import},
    {"-trace: a path that cannot be written, exit 2 before the run", test_trace_bad_path},
    {"-trace: the tasks left blocked, starved or deadlocked", test_trace_deadlock},
    {NULL, NULL},
};

static const testutil_case end_cases[] = {
    {"deadlock: exit 4, blocked tasks listed", test_deadlock},
    {"40,000 tasks: stacks from chunks", test_many_tasks},
    {"misuse: exit 1 and the message", test_misuse},
    {"stack overflow: the guard page, the lowest bytes, exit 1", test_stack_overflow},
    {"limits -nt -nm", test_limits},
    {"usage errors: exit 2", test_usage},
    {"bad switch files: exit 3 at FILE:LINE:COL", test_bad_switch_files},
    {NULL, NULL},
};

/* ---- the seed's examples ---- */

static void test_array(void)
{
    /* 400 bytes at 100 MB/s = 4000 ns, plus 1 us latency. */
    write_tmp("a.cfg", "model = p2p\nlatency = 1us\nbandwidth = 100MB/s\n");
    testutil_proc r = run(SIMON_ARRAY, (const char *[]){"-s", "a.cfg", "-o", "/dev/null", NULL});
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "T2 got 400 bytes at 5000 ns, sum 328350\n");
    testutil_proc_release(&r);
}

static void test_square(void)
{
    testutil_proc r = run(SIMON_SQUARE, (const char *[]){"-json", "sq.json", NULL});
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "A[0] (task 1) got 1 at 0 ns\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "A[9] (task 10) got 100 at 0 ns\n"));
    char *json = compact_json("sq.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"name\":\"SQUARE\",\"state\":\"starved\""));
    free(json);
    testutil_proc_release(&r);
}

static void test_dot(void)
{
    testutil_proc r = run(SIMON_DOT, (const char *[]){"-o", "/dev/null", NULL});
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "dot product = 9900 at 0 ns\n");
    testutil_proc_release(&r);
}

/* Two runs of the dot product on the bus: the same stdout, report, JSON. */
static void test_determinism(void)
{
    write_tmp("d.cfg", "model = bus\nlatency = 2 us\nbandwidth = 10 MiB/s\n");
    char *out[2], *report[2], *json[2];
    for (int i = 0; i < 2; i++) {
        testutil_proc r = run(SIMON_DOT, (const char *[]){"-s", "d.cfg", "-t", "-o",
                                                          i ? "r1.txt" : "r0.txt", "-json",
                                                          i ? "j1.json" : "j0.json", NULL});
        CU_ASSERT_EQUAL(r.status, 0);
        out[i] = r.out;
        r.out = NULL;
        testutil_proc_release(&r);
        report[i] = tmp_file(i ? "r1.txt" : "r0.txt");
        json[i] = tmp_file(i ? "j1.json" : "j0.json");
        CU_ASSERT_PTR_NOT_NULL_FATAL(report[i]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(json[i]);
    }
    CU_ASSERT_STRING_EQUAL(out[0], out[1]);
    CU_ASSERT_STRING_EQUAL(report[0], report[1]);
    CU_ASSERT_STRING_EQUAL(json[0], json[1]);
    CU_ASSERT_PTR_NOT_NULL(strstr(out[0], "dot product = 9900 at "));
    for (int i = 0; i < 2; i++) {
        free(out[i]);
        free(report[i]);
        free(json[i]);
    }
}

static const testutil_case example_cases[] = {
    {"array export on p2p", test_array},
    {"square server: users served, server starved", test_square},
    {"dot product N = 100", test_dot},
    {"determinism: two runs byte-identical", test_determinism},
    {NULL, NULL},
};

/* ---- simon-cc ---- */

/* simon-cc -T: the clocked copy advances the task's clock by what its code
 * costs.  By hand, with fmul 7, cmp 2, branch 3, iadd 1 and call 100: the
 * worker's body outside the loop makes three calls (printf, getclk,
 * task): 300; the loop tests i < 10 eleven times (5 each: 55), steps ten
 * times (1 each: 10) and multiplies ten times (7 each: 70): 435 ns. */
static const char clocked_program[] =
    "#include <simon.h>\n"
    "#include <stdio.h>\n"
    "\n"
    "static void worker(void *parm)\n"
    "{\n"
    "    (void)parm;\n"
    "    double x = 1.0;\n"
    "    for (int i = 0; i < 10; i++)\n"
    "        x = x * 2.0;\n"
    "    printf(\"%g %lld\\n\", x, (long long)getclk(task()));\n"
    "}\n"
    "\n"
    "void bootstrap(int argc, char **argv)\n"
    "{\n"
    "    (void)argc, (void)argv;\n"
    "    mktask(\"W\", worker, 1, NULL, 0);\n"
    "}\n";

static void test_simon_cc(void)
{
    write_tmp("clocked.c", clocked_program);
    write_tmp("costs.txt", "fmul 7 cmp 2\nbranch 3\niadd 1\ncall 100\n");
    const char *cc[] = {"-T", "costs.txt", "-O2", "clocked.c", "-o", "clocked", NULL};
    testutil_proc r = run(SIMON_CC, cc);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);
    char *prog = testutil_path(tmpdir, "clocked");
    const char *none[] = {"-o", "/dev/null", NULL};
    r = run(prog, none);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "1024 435\n");
    testutil_proc_release(&r);
    /* Without -T the clock moves only by explicit simon_advance calls. */
    const char *plain[] = {"clocked.c", "-o", "plain", NULL};
    r = run(SIMON_CC, plain);
    CU_ASSERT_EQUAL(r.status, 0);
    testutil_proc_release(&r);
    char *plain_prog = testutil_path(tmpdir, "plain");
    r = run(plain_prog, none);
    CU_ASSERT_STRING_EQUAL(r.out, "1024 0\n");
    testutil_proc_release(&r);
    /* A cost table's fault stops it, and the source is left as it was. */
    write_tmp("bad.txt", "fmul seven\n");
    const char *bad[] = {"-T", "bad.txt", "clocked.c", "-o", "bad", NULL};
    r = run(SIMON_CC, bad);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.err, "bad.txt:1:6: error: not a whole number of nanoseconds: "
                                  "'seven'\n");
    testutil_proc_release(&r);
    char *source = tmp_file("clocked.c");
    CU_ASSERT_STRING_EQUAL(source ? source : "", clocked_program);
    free(source);
    free(prog);
    free(plain_prog);
}

/* Issue 26: neither simon-cc nor a simulated program writes over what it
 * reads (the cost table, a source, the program itself) or one output over
 * the other; SIMON's own API needs no annotation; a full standard output is
 * an error with its reason. */
static void test_outputs_over_inputs(void)
{
    write_tmp("clocked.c", clocked_program);
    write_tmp("costs.txt", "fmul 7\n");
    static const struct {
        const char *args[8], *err;
    } cc_cases[] = {
        {{"-T", "costs.txt", "clocked.c", "-o", "costs.txt"},
         "simon-cc: error: -o 'costs.txt' is the input 'costs.txt': refusing to overwrite it\n"},
        {{"clocked.c", "-o./clocked.c"},
         "simon-cc: error: -o './clocked.c' is the input 'clocked.c': refusing to overwrite it\n"},
        {{"clocked.c", "-o", SIMON_CC}, "simon-cc: error: -o '" SIMON_CC "' is this program's "
                                        "own executable '"},
    };
    for (size_t i = 0; i < sizeof cc_cases / sizeof *cc_cases; i++) {
        testutil_proc r = run(SIMON_CC, cc_cases[i].args);
        CU_ASSERT_EQUAL(r.status, 2);
        CU_ASSERT_PTR_NOT_NULL(strstr(r.err, cc_cases[i].err));
        testutil_proc_release(&r);
    }
    char *costs = tmp_file("costs.txt"), *source = tmp_file("clocked.c");
    CU_ASSERT_STRING_EQUAL(costs ? costs : "", "fmul 7\n");
    CU_ASSERT_STRING_EQUAL(source ? source : "", clocked_program);
    free(costs);
    free(source);

    const char *dot[] = {"-T", "costs.txt", SIMON_EXAMPLES "/dot.c", "-o", "dot", NULL};
    testutil_proc r = run(SIMON_CC, dot);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    testutil_proc_release(&r);

    const char *same[] = {"-o", "r.txt", "-json", "./r.txt", NULL};
    r = run(SIMON_SCENARIOS, same);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "simon: error: -json './r.txt' is also -o 'r.txt': "
                                         "refusing to write one file twice\n"));
    testutil_proc_release(&r);
    const char *self[] = {"-o", SIMON_SCENARIOS, NULL};
    r = run(SIMON_SCENARIOS, self);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "is this program's own executable"));
    testutil_proc_release(&r);
    char *report = tmp_file("r.txt");
    CU_ASSERT_PTR_NULL(report);
    free(report);

    const char *full[] = {SIMON_SCENARIOS, "--", "self", NULL};
    r = testutil_exec_full(tmpdir, full);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_STRING_EQUAL(r.err, "simon: error: writing standard output: No space left on "
                                  "device\n");
    testutil_proc_release(&r);
}

/* --version: one line with the version. */
static void test_simon_cc_version(void)
{
    testutil_expect_version(SIMON_CC, "simon-cc", false);
}

static const testutil_case cc_cases[] = {
    {"simon-cc -T: the clock by hand", test_simon_cc},
    {"simon-cc --version", test_simon_cc_version},
    {"outputs over inputs, a full standard output", test_outputs_over_inputs},
    {NULL, NULL},
};

int main(void)
{
    tmpdir = testutil_make_tempdir();
    if (!tmpdir)
        return 2;
    const testutil_suite suites[] = {{"api", api_cases},
                                     {"switch models", model_cases},
                                     {"end of run", end_cases},
                                     {"examples", example_cases},
                                     {"simon-cc", cc_cases},
                                     {"trace", trace_cases}};
    int status = testutil_run(suites, 6);
    testutil_remove_tree(tmpdir);
    free(tmpdir);
    return status;
}
