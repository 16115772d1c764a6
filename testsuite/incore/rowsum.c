/* Row sums: a chain of adds that starts afresh in each row (s declared in the i loop's
 * body), so the core may overlap one row's chain with the next (test_perf_incore). */
void rowsum(long m, long n, const double (*restrict a)[n], double *restrict out)
{
    for (long i = 0; i < m; i++) {
        double s = 0;
        for (long j = 0; j < n; j++)
            s = s + a[i][j];
        out[i] = s;
    }
}
