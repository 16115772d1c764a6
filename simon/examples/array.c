/* Seed 4.1: task T1 exports an array of N ints to task T2.  The seed reads
 * the array with scanf; here it is computed, so the run needs no input. */
#include <simon.h>

#define N 100

static void getarray(int *a)
{
    for (int i = 0; i < N; i++)
        a[i] = i * i;
}

static void t1(void *parm)
{
    (void)parm;
    int a[N];
    export("A");
    getarray(a);
    put("A", a, N * sizeof(int));
}

static void t2(void *parm)
{
    (void)parm;
    int b[N];
    long sum = 0;
    import("A", 0);
    size_t got = get("A", b);
    for (int i = 0; i < N; i++)
        sum += b[i];
    printf("T2 got %zu bytes at %lld ns, sum %ld\n", got, (long long)getclk(task()), sum);
}

void bootstrap(int argc, char **argv)
{
    (void)argc, (void)argv;
    mktask("T1", t1, 1, NULL, 0);
    mktask("T2", t2, 2, NULL, 0);
}
