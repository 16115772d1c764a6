/* Mixed int and floating expressions: only + - * / (and op=) whose result is
 * floating count.  Hand counts in the comments. */
void mixed(int n, double *a, float *b, int *idx, long double *q)
{
    int i, k = 0;
    double d = 1.0;
    float f = 2.0f;
    for (i = 0; i < n; i++) {
        k = k * 2 + i - 1;       /* int: nothing */
        d = d + k * 0.5;         /* plus 1, multiply 1 (int * double is double) */
        a[i] = -d;               /* unary minus: nothing */
        d += i;                  /* plus 1 */
        k += 0.5;                /* plus 1: computed in double */
        k *= 3;                  /* int: nothing */
        f = f / 3;               /* divide 1 (float / int is float) */
        d = (double)k;           /* a cast: nothing */
        if (d < f && a[i] > 0.0) /* comparisons: nothing */
            d++;                 /* increment: nothing */
        b[idx[i]] = f - 1;       /* minus 1 */
        q[i] -= q[i] * 2;        /* minus 1, multiply 1 (long double) */
        d = sizeof(a[i] * 2.0);  /* not evaluated: nothing */
        a[i] = *(a + i) * 1.0;   /* multiply 1; pointer arithmetic is not FP */
    }
}

/* A loop's own header is counted by the level around it, a nested loop's
 * header by the loop that contains it. */
double headers(int n, double *x)
{
    double s = 0.0, t = 0.0;
    int i = 0;
    while (s * 2.0 < 100.0) {                      /* multiply 1: function level */
        for (t = 0.0; t < x[i] + 1.0; t += 0.5)    /* plus 2: the while loop */
            s = s + t;                             /* plus 1 */
        i++;
    }
    return s / n;                                  /* divide 1: function level */
}
