void stencil1d(long n, const double *restrict a, double *restrict b)
{
    for (long i = 1; i < n - 1; i++)
        b[i] = a[i - 1] + a[i] + a[i + 1];
}
