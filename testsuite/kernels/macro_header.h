/* Loops in functions of an included file are not the main file's: not reported. */
static inline double header_sum(const double *a, int n)
{
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

#define HEADER_LOOP(i, n, a) for (i = 0; i < (n); i++) a[i] *= 2.0
