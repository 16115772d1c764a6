/* A gather through an index array (bench/validate's gather): ints index doubles. */
void gather(long n, double s, const int *restrict idx, const double *restrict x,
            double *restrict y)
{
    for (long i = 0; i < n; i++)
        y[i] = s * x[idx[i]];
}
