double vmax(long n, const double *a)
{
    double m = a[0];
    for (long i = 0; i < n; i++)
        m = a[i] > m ? a[i] : m;
    return m;
}
