/* simon-bench: messages pending at one time, for the memory each costs.
 * Task 1 puts N 8-byte messages at time 0; task 2 takes them only at time
 * 1, so all N are in existence together.  Argument after --: N (1000000). */
#include <simon.h>
#include <stdlib.h>

static long pending_msgs = 1000000;

static void pending_sender(void *parm)
{
    (void)parm;
    export("P");
    for (long i = 0; i < pending_msgs; i++)
        put("P", &i, sizeof i);
}

static void pending_receiver(void *parm)
{
    (void)parm;
    import("P", 0);
    simon_advance(1);
    long v;
    for (long i = 0; i < pending_msgs; i++)
        get("P", &v);
}

void bootstrap(int argc, char **argv)
{
    if (argc > 0)
        pending_msgs = atol(argv[0]);
    mktask("sender", pending_sender, 1, NULL, 0);
    mktask("receiver", pending_receiver, 2, NULL, 0);
}
