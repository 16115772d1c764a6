/* Loop headers the ExaSAT bounds are read from, one loop per form. */
#define N 10
#define M 20
#define LOOP(v, hi) for (int v = 0; v < (hi); v++)

void headers(int n, int m, int s, int flag, double *a)
{
    int i;
    for (i = 0; i <= n; i++)                 /* 0 .. n */
        a[i] = 0.0;
    for (i = n; i > 0; i--)                  /* n .. 1, stride -1 */
        a[i] = 1.0;
    for (i = 1; i < n; i += s)               /* symbolic stride */
        a[i] = 2.0;
    for (i = 0; i < N * M; i = i + 2)        /* folded: 199 */
        a[i] = 3.0;
    for (i = 0; i < (n - 2) / 2; i++)        /* a bound that is not linear */
        a[i] = 4.0;
    for (i = -1; 2 * n + 1 > i; ++i)         /* bound on the left */
        a[i + 1] = 5.0;
    for (i = 0; i < n && flag; i++)          /* not one comparison */
        a[i] = 6.0;
    for (i = 0; i < n;)                      /* no increment */
        a[i++] = 7.0;
    for (;;)                                 /* nothing */
        break;
    for (unsigned long k = 0; k < (unsigned long)m - 1; k -= -3) /* casts, k -= -3 */
        a[k] = 8.0;
    for (i = m + n; i >= n - m; i -= 2)      /* counting down by 2 */
        a[i] = 9.0;
    LOOP(q, m)                               /* a loop a macro writes */
        a[q] = 10.0;
}
