/* A dot product: at -O2 GCC 12 keeps it scalar, one add chain carried from pass to pass.
 * dot_scalar.s is `gcc -O2 -S -g -fdebug-prefix-map=$PWD=. dot.c` (GCC 12.2, Debian 12);
 * dot_znver3.mca is llvm-mca-19 -mcpu=znver3 -iterations=1000 -bottleneck-analysis on
 * the loop incore_find_loop keeps of it (lines 8-9). */
double dot(const double *a, const double *b, long n)
{
    double s = 0;
    for (long i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}
