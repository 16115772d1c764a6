/* Seed 4.2: a server squares the floats N users send it.  Each user has an
 * export and an import fifo A[i]; the server waits on all of them with
 * waitf and polls them with size.  The server never ends: at the end of
 * the run it is starved (every other exporter of its fifos ended). */
#include <simon.h>
#include <string.h>

#define N 10

static void square(void *parm)
{
    (void)parm;
    char *p[N];
    float x;
    exparr("A", N);
    imparr("A", N, 0);
    for (int i = 0; i < N; i++)
        p[i] = cnvarrsv("A", i);
    for (;;) {
        waitf(p, N);
        for (int i = 0; i < N; i++) {
            if (size(cnvarr("A", i)) != 0) {
                get(cnvarr("A", i), &x);
                x *= x;
                put(cnvarr("A", i), &x, sizeof(float));
            }
        }
    }
}

static void user(void *parm)
{
    const char *fifo = parm;
    float z = (float)task();
    export(fifo);
    import(fifo, 0);
    put(fifo, &z, sizeof(float));
    get(fifo, &z);
    printf("%s (task %d) got %g at %lld ns\n", fifo, task(), z, (long long)getclk(task()));
}

void bootstrap(int argc, char **argv)
{
    (void)argc, (void)argv;
    int id = 1;
    for (int i = 0; i < N; i++)
        mktask("USER", user, id++, cnvarr("A", i), strlen(cnvarr("A", i)) + 1);
    mktask("SQUARE", square, id++, NULL, 0);
}
