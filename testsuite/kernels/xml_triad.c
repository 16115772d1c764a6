/* The STREAM triad, for the ExaSAT XML golden test. */
void triad(long n, double *restrict a, const double *restrict b, const double *restrict c,
           double s)
{
    for (long i = 0; i < n; i++)
        a[i] = b[i] + s * c[i];
}
