/* A 2D 5-point stencil (bench/validate's stencil2d): the j loop's vector passes inside
 * the i loop, and the code GCC runs once a row around them (test_incore). */
void stencil2d(long n, const double (*restrict in)[n], double (*restrict out)[n])
{
#pragma omp for schedule(static)
    for (long i = 1; i < n - 1; i++)
        for (long j = 1; j < n - 1; j++)
            out[i][j] = 0.25 * (in[i - 1][j] + in[i + 1][j] + in[i][j - 1] + in[i][j + 1]);
}
