/* The programs that compare SIMON's two engines (test_simon_simgrid): the
 * same source is linked with libsimon and with simon-simgrid, and run on
 * one switch file each way.  The first argument after `--` picks one:
 *   pingpong  tasks 1 and 2 exchange a message of BYTES, ROUNDS times
 *   ring      a token of BYTES goes ROUNDS times around TASKS tasks
 *   alltoall  TASKS tasks, pairwise: in round k (1..TASKS-1) task i computes
 *             for WORK ns, sends BYTES to task i+k and takes one from i-k
 *   gather    TASKS-1 tasks send BYTES each at time 0 to task 1, which
 *             computes WORK ns after taking each
 *   stop      task 1 computes WORK ns, sends BYTES to task 2 and stops (what
 *             follows never runs); task 2 takes it and computes WORK ns
 * No two transmissions meet on a link except in the gather. */
#include <simon.h>
#include <stdlib.h>
#include <string.h>

enum { ROUNDS = 10, TASKS = 5, BYTES = 1000, WORK = 200 };

static char payload[BYTES];

static void ping(void *parm)
{
    (void)parm;
    export("PING");
    import("PONG", 0);
    for (int i = 0; i < ROUNDS; i++) {
        put("PING", payload, BYTES);
        get("PONG", payload);
    }
}

static void pong(void *parm)
{
    (void)parm;
    import("PING", 0);
    export("PONG");
    for (int i = 0; i < ROUNDS; i++) {
        get("PING", payload);
        put("PONG", payload, BYTES);
    }
}

static void boot_pingpong(void)
{
    mktask("ping", ping, 1, NULL, 0);
    mktask("pong", pong, 2, NULL, 0);
}

/* Task i (1..TASKS) takes from R[i-1] and passes on to R[i mod TASKS];
 * task 1 starts the token and takes it back last. */
static void ring_task(void *parm)
{
    int i = *(int *)parm;
    import(cnvarr("R", i - 1), 0);
    export(cnvarr("R", i % TASKS));
    char *in = cnvarrsv("R", i - 1), *out = cnvarrsv("R", i % TASKS);
    if (i == 1)
        put(out, payload, BYTES);
    for (int r = 0; r < ROUNDS; r++) {
        get(in, payload);
        if (i != 1 || r + 1 < ROUNDS)
            put(out, payload, BYTES);
    }
}

/* Task i imports A[i-1] and exports every other task's. */
static void alltoall_task(void *parm)
{
    int i = *(int *)parm;
    for (int j = 1; j <= TASKS; j++) {
        if (j == i)
            import(cnvarr("A", j - 1), 0);
        else
            export(cnvarr("A", j - 1));
    }
    char *in = cnvarrsv("A", i - 1);
    for (int k = 1; k < TASKS; k++) {
        simon_advance(WORK);
        put(cnvarr("A", (i - 1 + k) % TASKS), payload, BYTES);
        get(in, payload);
    }
}

static void gather_root(void *parm)
{
    (void)parm;
    import("G", 0);
    for (int k = 1; k < TASKS; k++) {
        get("G", payload);
        simon_advance(WORK);
    }
}

static void gather_leaf(void *parm)
{
    (void)parm;
    export("G");
    put("G", payload, BYTES);
}

static void stopper(void *parm)
{
    (void)parm;
    export("S");
    simon_advance(WORK);
    put("S", payload, BYTES);
    stop();
    printf("after stop\n");
}

static void stopped_reader(void *parm)
{
    (void)parm;
    import("S", 0);
    get("S", payload);
    simon_advance(WORK);
}

static void boot_stop(void)
{
    mktask("stopper", stopper, 1, NULL, 0);
    mktask("reader", stopped_reader, 2, NULL, 0);
}

static void boot_each(const char *name, void (*code)(void *))
{
    for (int i = 1; i <= TASKS; i++)
        mktask(name, code, i, &i, sizeof i);
}

static void boot_ring(void)
{
    boot_each("ring", ring_task);
}

static void boot_alltoall(void)
{
    boot_each("alltoall", alltoall_task);
}

static void boot_gather(void)
{
    mktask("root", gather_root, 1, NULL, 0);
    for (int i = 2; i <= TASKS; i++)
        mktask("leaf", gather_leaf, i, NULL, 0);
}

static const struct {
    const char *name;
    void (*boot)(void);
} programs[] = {
    {"pingpong", boot_pingpong},
    {"ring", boot_ring},
    {"alltoall", boot_alltoall},
    {"gather", boot_gather},
    {"stop", boot_stop},
};

void bootstrap(int argc, char **argv)
{
    for (size_t i = 0; argc > 0 && i < sizeof programs / sizeof *programs; i++)
        if (!strcmp(argv[0], programs[i].name)) {
            programs[i].boot();
            return;
        }
    fprintf(stderr, "engines: name a program: pingpong, ring, alltoall, gather or stop\n");
    exit(2);
}
