/* simon-bench: messages pending at one time, for the memory each costs.
 * Task 1 puts N messages of B bytes at time 0 to the R receivers (tasks
 * 2..R+1) of one fifo; they take them only at time 1, so all N are in
 * existence together.  Arguments after --: N (1000000), R (1), B (8). */
#include <simon.h>
#include <stdlib.h>

enum { PENDING_MAX_BYTES = 1 << 16 };

static long pending_msgs = 1000000;
static int pending_receivers = 1;
static size_t pending_bytes = 8;

static void pending_sender(void *parm)
{
    (void)parm;
    static char data[PENDING_MAX_BYTES];
    export("P");
    for (long i = 0; i < pending_msgs; i++)
        put("P", data, pending_bytes);
}

static void pending_receiver(void *parm)
{
    (void)parm;
    static char data[PENDING_MAX_BYTES];
    import("P", 0);
    simon_advance(1);
    for (long i = 0; i < pending_msgs; i++)
        get("P", data);
}

void bootstrap(int argc, char **argv)
{
    if (argc > 0)
        pending_msgs = atol(argv[0]);
    if (argc > 1)
        pending_receivers = atoi(argv[1]);
    if (argc > 2)
        pending_bytes = (size_t)atol(argv[2]);
    if (pending_receivers < 1 || pending_bytes > PENDING_MAX_BYTES) {
        fprintf(stderr, "simon_pending: 1 or more receivers, at most 65536 bytes\n");
        exit(2);
    }
    mktask("sender", pending_sender, 1, NULL, 0);
    for (int r = 0; r < pending_receivers; r++)
        mktask("receiver", pending_receiver, r + 2, NULL, 0);
}
