void scale(double *restrict a, const double *restrict b, double s, long n)
{
    for (long i = 0; i < n; i++)
        a[i] = s * b[i] + a[i];
}
