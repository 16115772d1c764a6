/* Seed 4.2.1: the dot product of two vectors of N = 100 floats.  N tasks
 * made from one program T (its globals kept apart with init()) multiply a
 * pair each; TDISTR sends the operands, TRESULT adds the products.  The
 * operands are A[i] = i and B[i] = 2, so the product is 9900. */
#include <simon.h>
#include <string.h>

#define N 100

struct parm {
    char x[10]; /* input fifo names */
    char y[10];
};

static struct {
    float a, b, c;
} glob;

static void t(void *parm)
{
    const struct parm *p = parm;
    init(&glob, sizeof glob);
    import(p->x, 0);
    import(p->y, 0);
    export("C");
    get(p->x, &glob.a);
    get(p->y, &glob.b);
    glob.c = glob.a * glob.b;
    put("C", &glob.c, sizeof(float));
}

static void tdistr(void *parm)
{
    (void)parm;
    float a[N], b[N];
    exparr("A", N);
    exparr("B", N);
    for (int i = 0; i < N; i++) {
        a[i] = (float)i;
        b[i] = 2.0f;
    }
    for (int i = 0; i < N; i++) {
        put(cnvarr("A", i), a + i, sizeof(float));
        put(cnvarr("B", i), b + i, sizeof(float));
    }
}

static void tresult(void *parm)
{
    (void)parm;
    float sum = 0, temp;
    import("C", 0);
    for (int i = 0; i < N; i++) {
        get("C", &temp);
        sum += temp;
    }
    printf("dot product = %g at %lld ns\n", sum, (long long)getclk(task()));
}

void bootstrap(int argc, char **argv)
{
    (void)argc, (void)argv;
    struct parm p;
    int id = 1;
    for (int i = 0; i < N; i++) {
        strcpy(p.x, cnvarr("A", i));
        strcpy(p.y, cnvarr("B", i));
        mktask(cnvarr("T", i), t, id++, &p, sizeof p);
    }
    mktask("TDISTR", tdistr, id++, NULL, 0);
    mktask("TRESULT", tresult, id++, NULL, 0);
}
