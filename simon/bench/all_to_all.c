/* simon-bench: every task sends to every other, round after round, on the
 * null switch.  Task k imports a[k] and exports the others' fifos; a round
 * is one message to each other task, then one from each.  Arguments after
 * --: tasks (32) and rounds (1000). */
#include <simon.h>
#include <stdlib.h>

static int a2a_tasks = 32;
static int a2a_rounds = 1000;
static char **a2a_names; /* a[k], made once: the core, not snprintf, is measured */

static void a2a_member(void *parm)
{
    int me = *(const int *)parm;
    const char *own = a2a_names[me];
    import(own, 0);
    for (int k = 0; k < a2a_tasks; k++)
        if (k != me)
            export(a2a_names[k]);
    for (int r = 0; r < a2a_rounds; r++) {
        for (int k = 0; k < a2a_tasks; k++)
            if (k != me)
                put(a2a_names[k], &r, sizeof r);
        int got;
        for (int k = 1; k < a2a_tasks; k++)
            get(own, &got);
    }
}

void bootstrap(int argc, char **argv)
{
    if (argc > 0)
        a2a_tasks = atoi(argv[0]);
    if (argc > 1)
        a2a_rounds = atoi(argv[1]);
    if (a2a_tasks < 2)
        a2a_tasks = 2;
    a2a_names = malloc((size_t)a2a_tasks * sizeof *a2a_names);
    if (!a2a_names)
        exit(1);
    for (int k = 0; k < a2a_tasks; k++)
        a2a_names[k] = cnvarrsv("a", k);
    for (int k = 0; k < a2a_tasks; k++)
        mktask("ALL", a2a_member, k + 1, &k, sizeof k);
}
