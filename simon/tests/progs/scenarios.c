/* The simulated programs of test_simon, one per scenario: the first
 * argument after `--` names it, and bootstrap creates its tasks.  Each
 * prints what the test compares with hand-derived values. */
#include <simon.h>
#include <stdlib.h>
#include <string.h>

static int recv_int(const char *fifo)
{
    int v = -1;
    get(fifo, &v);
    return v;
}

static void send_int(const char *fifo, int v)
{
    put(fifo, &v, sizeof v);
}

/* ---- tiebreak: a call at time t sees every message arriving at t ---- */

static void tie_reader(void *parm)
{
    (void)parm;
    import("X", 0);
    printf("qlength at %lld: %d\n", (long long)getclk(task()), qlength("X"));
    simon_advance(100);
    printf("qlength at %lld: %d\n", (long long)getclk(task()), qlength("X"));
}

static void tie_writer(void *parm)
{
    (void)parm;
    export("X");
    send_int("X", 1);
    simon_advance(100);
    send_int("X", 2);
}

static void boot_tiebreak(void)
{
    mktask("reader", tie_reader, 1, NULL, 0);
    mktask("writer", tie_writer, 2, NULL, 0);
}

/* ---- bounded: a full bounded import drops its oldest message ---- */

static void bounded_writer(void *parm)
{
    (void)parm;
    export("B");
    for (int i = 0; i < 5; i++)
        send_int("B", i);
}

static void bounded_reader(void *parm)
{
    (void)parm;
    import("B", 3);
    simon_advance(10);
    int first = overfl("B");
    int len = qlength("B");
    int head = recv_int("B");
    int again = overfl("B");
    printf("overfl %d qlength %d head %d overfl %d\n", first, len, head, again);
}

static void boot_bounded(void)
{
    mktask("writer", bounded_writer, 1, NULL, 0);
    mktask("reader", bounded_reader, 2, NULL, 0);
}

/* ---- self: put skips the sender, puts reaches it too ---- */

static void self_task(void *parm)
{
    (void)parm;
    int one = 1, two = 2;
    export("S");
    import("S", 0);
    put("S", &one, sizeof one);
    puts("S", &two, sizeof two);
    puts("stdio puts still works");
    size_t n = size("S");
    int len = qlength("S");
    int v = recv_int("S");
    printf("self: size %zu qlength %d value %d\n", n, len, v);
}

static void self_other(void *parm)
{
    (void)parm;
    import("S", 0);
    int a = recv_int("S");
    int b = recv_int("S");
    printf("other: %d %d\n", a, b);
}

static void boot_self(void)
{
    mktask("self", self_task, 1, NULL, 0);
    mktask("other", self_other, 2, NULL, 0);
}

/* ---- self_time: puts's own copy arrives at the send time ---- */

static void self_time_task(void *parm)
{
    static char frame[1000];
    export("S");
    import("S", 0);
    if (*(const int *)parm == 1)
        puts("S", frame, sizeof frame);
    get("S", frame);
    printf("task %d got a copy at %lld\n", task(), (long long)getclk(task()));
}

static void boot_self_time(void)
{
    int one = 1, two = 2;
    mktask("self", self_time_task, 1, &one, sizeof one);
    mktask("other", self_time_task, 2, &two, sizeof two);
}

/* ---- waitf and size ---- */

static void waitf_task(void *parm)
{
    (void)parm;
    char *names[] = {"P", "Q"};
    import("P", 0);
    import("Q", 0);
    waitf(names, 2);
    size_t p = size("P");
    size_t q = size("Q");
    printf("waitf woke at %lld: size P %zu size Q %zu\n", (long long)getclk(task()), p, q);
}

static void waitf_sender(void *parm)
{
    (void)parm;
    double d = 1.5;
    export("Q");
    simon_advance(50);
    put("Q", &d, sizeof d);
}

static void boot_waitf(void)
{
    mktask("waiter", waitf_task, 1, NULL, 0);
    mktask("sender", waitf_sender, 2, NULL, 0);
}

/* ---- init: each task its own image of the global area ---- */

static struct {
    int counter;
} init_glob = {100};

static void init_task(void *parm)
{
    const int *peer = parm;
    init(&init_glob, sizeof init_glob);
    export(cnvarr("T", task()));
    import(cnvarr("T", *peer), 0);
    for (int i = 0; i < 3; i++) {
        init_glob.counter++;
        send_int(cnvarr("T", task()), i);
        recv_int(cnvarr("T", *peer));
    }
    printf("%s counter %d\n", taskname(task()), init_glob.counter);
}

static void boot_init(void)
{
    int peer = 2;
    mktask("first", init_task, 1, &peer, sizeof peer);
    peer = 1;
    mktask("second", init_task, 2, &peer, sizeof peer);
}

/* ---- names: task, taskname, getclk, cnvarr ---- */

static void names_task(void *parm)
{
    char *a = cnvarr("X", 7);
    char *saved = cnvarrsv("Y", 8);
    cnvarr("Z", 9);
    simon_advance(123);
    printf("task %d name %s parm %s cnvarr %s cnvarrsv %s clock %lld\n", task(),
           taskname(task()), (const char *)parm, a, saved, (long long)getclk(task()));
}

static void boot_names(void)
{
    mktask("alpha", names_task, 7, "seven", 6);
}

/* ---- order: one virtual circuit keeps its order ---- */

static void order_sender(void *parm)
{
    (void)parm;
    static char buf[1000];
    export("O");
    put("O", buf, 1000);
    put("O", buf, 10);
    put("O", buf, 1000);
}

static void order_receiver(void *parm)
{
    (void)parm;
    static char buf[1000];
    import("O", 0);
    for (int i = 0; i < 3; i++) {
        size_t n = get("O", buf);
        printf("got %zu at %lld\n", n, (long long)getclk(task()));
    }
}

static void boot_order(void)
{
    mktask("sender", order_sender, 1, NULL, 0);
    mktask("receiver", order_receiver, 2, NULL, 0);
}

/* ---- pingpong: ten round trips of 1000 bytes ---- */

static void ping(void *parm)
{
    (void)parm;
    static char buf[1000];
    export("PING");
    import("PONG", 0);
    for (int i = 0; i < 10; i++) {
        simon_advance(100);
        put("PING", buf, sizeof buf);
        get("PONG", buf);
    }
}

static void pong(void *parm)
{
    (void)parm;
    static char buf[1000];
    import("PING", 0);
    export("PONG");
    for (int i = 0; i < 10; i++) {
        get("PING", buf);
        simon_advance(100);
        put("PONG", buf, sizeof buf);
    }
}

static void boot_pingpong(void)
{
    mktask("ping", ping, 1, NULL, 0);
    mktask("pong", pong, 2, NULL, 0);
}

/* ---- bcast: one message to three importers, a second sender ---- */

static void bcast_sender(void *parm)
{
    static char buf[500];
    export((const char *)parm);
    put((const char *)parm, buf, sizeof buf);
}

static void bcast_receiver(void *parm)
{
    (void)parm;
    static char buf[500];
    import("X", 0);
    if (task() == 2)
        import("Y", 0);
    get("X", buf);
    if (task() == 2)
        get("Y", buf);
    printf("task %d done at %lld\n", task(), (long long)getclk(task()));
}

static void boot_bcast(void)
{
    mktask("sx", bcast_sender, 1, "X", 2);
    for (int id = 2; id <= 4; id++)
        mktask("r", bcast_receiver, id, NULL, 0);
    mktask("sy", bcast_sender, 5, "Y", 2);
}

/* ---- stations: N tasks each put 1000 bytes to R at time 0 (N after the
 * scenario's name, default 3); task N+1 gets them all ---- */

static int stations = 3;

static void station_sender(void *parm)
{
    (void)parm;
    static char frame[1000];
    export("R");
    put("R", frame, sizeof frame);
}

static void station_receiver(void *parm)
{
    (void)parm;
    static char frame[1000];
    import("R", 0);
    for (int i = 0; i < stations; i++) {
        get("R", frame);
        printf("frame %d at %lld\n", i + 1, (long long)getclk(task()));
    }
}

static void boot_stations(void)
{
    for (int id = 1; id <= stations; id++)
        mktask("station", station_sender, id, NULL, 0);
    mktask("receiver", station_receiver, stations + 1, NULL, 0);
}

/* ---- ring N: a token once around N tasks (more than one mapping per
 * stack would allow) ---- */

static void ring_task(void *parm)
{
    int me = *(const int *)parm, token = 0;
    import(cnvarr("ring", me), 0);
    export(cnvarr("ring", (me + 1) % stations));
    if (me == 0)
        put(cnvarr("ring", 1), &token, sizeof token);
    get(cnvarr("ring", me), &token);
    token++;
    if (me != 0)
        put(cnvarr("ring", (me + 1) % stations), &token, sizeof token);
    else
        printf("the token came back after %d hops\n", token);
}

static void boot_ring(void)
{
    for (int k = 0; k < stations; k++)
        mktask("ring", ring_task, k + 1, &k, sizeof k);
}

/* ---- two_flows: tasks 1 -> 3 on A and 2 -> 4 on B, 1000 bytes each at
 * time 0 (on a line of 4 nodes the two routes share the link n1-n2) ---- */

static void flow_sender(void *parm)
{
    static char buf[1000];
    const char *fifo = parm;
    export(fifo);
    put(fifo, buf, sizeof buf);
}

static void flow_receiver(void *parm)
{
    static char buf[1000];
    const char *fifo = parm;
    import(fifo, 0);
    size_t n = get(fifo, buf);
    printf("task %d got %zu at %lld\n", task(), n, (long long)getclk(task()));
}

static void boot_two_flows(void)
{
    mktask("sender A", flow_sender, 1, "A", 2);
    mktask("sender B", flow_sender, 2, "B", 2);
    mktask("receiver A", flow_receiver, 3, "A", 2);
    mktask("receiver B", flow_receiver, 4, "B", 2);
}

/* ---- trace_ring: a token of 1000 bytes once around tasks a, b, c, each
 * of them computing before it passes it on (the trace's timeline) ---- */

static void trace_ring_task(void *parm)
{
    int me = *(const int *)parm; /* 1, 2, 3: imports T<me>, exports the next */
    static char token[1000];
    char in[4], out[4];
    snprintf(in, sizeof in, "T%d", me);
    snprintf(out, sizeof out, "T%d", me % 3 + 1);
    import(in, 0);
    export(out);
    if (me == 1) {
        simon_advance(100);
        put(out, token, sizeof token);
        get(in, token);
        return;
    }
    get(in, token);
    simon_advance(50);
    put(out, token, sizeof token);
}

static void boot_trace_ring(void)
{
    static const char *const names[] = {"a", "b", "c"};
    for (int k = 1; k <= 3; k++)
        mktask(names[k - 1], trace_ring_task, k, &k, sizeof k);
}

/* ---- deadlock: each waits for the other ---- */

static void dl_task(void *parm)
{
    const char *in = parm;
    export(in[0] == 'A' ? "B" : "A");
    import(in, 0);
    simon_advance(in[0] == 'A' ? 5 : 7);
    recv_int(in);
}

/* Waits on C, which only a task that ends without sending exports. */
static void dl_hungry(void *parm)
{
    (void)parm;
    import("C", 0);
    recv_int("C");
}

static void dl_quitter(void *parm)
{
    (void)parm;
    export("C");
    simon_advance(3);
}

static void boot_deadlock(void)
{
    mktask("hungry", dl_hungry, 3, NULL, 0);
    mktask("left", dl_task, 1, "A", 2);
    mktask("right", dl_task, 2, "B", 2);
    mktask("quitter", dl_quitter, 4, NULL, 0);
}

/* ---- misuse ---- */

static void bad_get(void *parm)
{
    (void)parm;
    recv_int("nope");
}

static void boot_unknown_fifo(void)
{
    mktask("bad", bad_get, 3, NULL, 0);
}

static void boot_dup_id(void)
{
    mktask("one", bad_get, 1, NULL, 0);
    mktask("two", bad_get, 1, NULL, 0);
}

static void late_fifo(void *parm)
{
    (void)parm;
    import("I", 0);
    qlength("I");
    export("late");
}

static void boot_late_fifo(void)
{
    mktask("late", late_fifo, 4, NULL, 0);
}

static void boot_mktask_in_task_child(void *parm)
{
    (void)parm;
    mktask("child", bad_get, 9, NULL, 0);
}

static void boot_mktask_in_task(void)
{
    mktask("parent", boot_mktask_in_task_child, 8, NULL, 0);
}

static void boot_bootstrap_put(void)
{
    export("X");
}

static void puts_without_import(void *parm)
{
    (void)parm;
    export("E");
    puts("E", "x", 1);
}

static void boot_puts_without_import(void)
{
    mktask("lonely", puts_without_import, 5, NULL, 0);
}

static void getclk_other(void *parm)
{
    (void)parm;
    getclk(1);
}

static void boot_getclk_other(void)
{
    mktask("clock", getclk_other, 2, NULL, 0);
}

/* ---- overflow: endless recursion meets the guard page ---- */

static int deep(int n, int limit)
{
    volatile char frame[256];
    frame[0] = (char)n;
    return n == limit ? 0 : deep(n + 1, limit) + frame[0];
}

static void overflow_task(void *parm)
{
    printf("%d\n", deep(0, *(const int *)parm));
}

static void boot_overflow(void)
{
    int limit = 1 << 30; /* far deeper than any stack */
    mktask("deep", overflow_task, 6, &limit, sizeof limit);
}

/* ---- overflow_return: a recursion a little deeper than a 16 KiB stack
 * returns before its task switches back; the stack below (task 1's, which
 * waits) took the excess ---- */

static void overflow_waiter(void *parm)
{
    (void)parm;
    import("W", 0);
    recv_int("W");
}

/* Writes its whole frame, as a task filling local arrays does. */
static int deep_filled(int n, int limit)
{
    volatile char frame[256];
    for (size_t i = 0; i < sizeof frame; i++)
        frame[i] = (char)n;
    return n == limit ? 0 : deep_filled(n + 1, limit) + frame[n % 256];
}

static void overflow_return_task(void *parm)
{
    import("V", 0);
    printf("%d\n", deep_filled(0, *(const int *)parm));
    qlength("V");
}

static void boot_overflow_return(void)
{
    int limit = 80; /* frames of more than 256 bytes: over 20 KiB */
    mktask("waiter", overflow_waiter, 1, NULL, 0);
    mktask("shallow", overflow_return_task, 2, &limit, sizeof limit);
}

/* ---- late_import: copies told apart by message, not by order: late
 * imports after its clock passed two puts, keep's bounded import drops
 * two of three messages of one size ---- */

static void li_sender(void *parm)
{
    (void)parm;
    export("L");
    send_int("L", 1);
    simon_advance(100);
    send_int("L", 2);
    simon_advance(100);
    send_int("L", 3);
}

static void li_keep(void *parm)
{
    (void)parm;
    import("L", 1);
    simon_advance(300);
    printf("keep: %d\n", recv_int("L"));
}

static void li_late(void *parm)
{
    (void)parm;
    simon_advance(150);
    import("L", 0);
    int a = recv_int("L");
    int b = recv_int("L");
    printf("late: %d %d %d\n", a, b, recv_int("L"));
}

static void boot_late_import(void)
{
    mktask("sender", li_sender, 1, NULL, 0);
    mktask("keep", li_keep, 2, NULL, 0);
    mktask("late", li_late, 3, NULL, 0);
}

static const struct {
    const char *name;
    void (*boot)(void);
} scenarios[] = {
    {"tiebreak", boot_tiebreak},       {"bounded", boot_bounded},
    {"self", boot_self},               {"waitf", boot_waitf},
    {"init", boot_init},               {"names", boot_names},
    {"order", boot_order},             {"pingpong", boot_pingpong},
    {"bcast", boot_bcast},             {"deadlock", boot_deadlock},
    {"unknown_fifo", boot_unknown_fifo}, {"dup_id", boot_dup_id},
    {"late_fifo", boot_late_fifo},     {"mktask_in_task", boot_mktask_in_task},
    {"overflow", boot_overflow},       {"bootstrap_put", boot_bootstrap_put},
    {"puts_without_import", boot_puts_without_import}, {"getclk_other", boot_getclk_other},
    {"stations", boot_stations},       {"self_time", boot_self_time},
    {"ring", boot_ring},               {"trace_ring", boot_trace_ring}, {"two_flows", boot_two_flows},               {"overflow_return", boot_overflow_return},
    {"late_import", boot_late_import},
};

void bootstrap(int argc, char **argv)
{
    for (size_t i = 0; argc > 0 && i < sizeof scenarios / sizeof *scenarios; i++) {
        if (strcmp(argv[0], scenarios[i].name) == 0) {
            if (argc > 1)
                stations = atoi(argv[1]);
            scenarios[i].boot();
            return;
        }
    }
    fprintf(stderr, "scenarios: name a scenario after --\n");
    exit(2);
}
