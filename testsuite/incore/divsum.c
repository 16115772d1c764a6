/* Divides beside a chain of adds: at -O2 the divsd (one every 5 cycles on llvm-mca's
 * Zen 4 model) outlasts the addsd chain (3 cycles) (test_perf_incore). */
double divsum(long n, const double *a, const double *b)
{
    double s = 0;
    for (long i = 0; i < n; i++)
        s = s + a[i] / b[i];
    return s;
}
