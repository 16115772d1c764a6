/* simon-bench: a token around a ring of tasks on the null switch.  Task k
 * imports r<k> and exports r<k+1>; the token carries its hop count and
 * goes round until it has made HOPS hops, then once more to end each task.
 * Arguments after --: tasks (64) and hops (1000000). */
#include <simon.h>
#include <stdlib.h>

static int ring_tasks = 64;
static long ring_hops = 1000000;

static char **ring_names; /* r[k], made once: the core, not snprintf, is measured */

static void ring_member(void *parm)
{
    int me = *(const int *)parm;
    const char *in = ring_names[me], *out = ring_names[(me + 1) % ring_tasks];
    import(in, 0);
    export(out);
    long token = 0;
    if (me == 0)
        put(out, &token, sizeof token);
    for (;;) {
        get(in, &token);
        if (token < ring_hops)
            token++;
        put(out, &token, sizeof token);
        if (token >= ring_hops)
            return;
    }
}

void bootstrap(int argc, char **argv)
{
    if (argc > 0)
        ring_tasks = atoi(argv[0]);
    if (argc > 1)
        ring_hops = atol(argv[1]);
    if (ring_tasks < 2)
        ring_tasks = 2;
    ring_names = malloc((size_t)ring_tasks * sizeof *ring_names);
    if (!ring_names)
        exit(1);
    for (int k = 0; k < ring_tasks; k++)
        ring_names[k] = cnvarrsv("r", k);
    for (int k = 0; k < ring_tasks; k++)
        mktask("RING", ring_member, k + 1, &k, sizeof k);
}
