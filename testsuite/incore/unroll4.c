void scale4(double *restrict a, const double *restrict b, double s, long n)
{
#pragma GCC unroll 4
    for (long i = 0; i < n; i++)
        a[i] = s * b[i] + a[i];
}
