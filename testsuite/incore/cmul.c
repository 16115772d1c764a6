/* Complex multiply on re/im pairs (bench/validate's cmul): i steps 16 bytes, two doubles.
 * GCC's -O2 -fopenmp keeps z in %rbp across the schedule's calls, with no frame pointer. */
void cmul(long n, const double (*restrict x)[2], const double (*restrict y)[2],
          double (*restrict z)[2])
{
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++) {
        z[i][0] = x[i][0] * y[i][0] - x[i][1] * y[i][1];
        z[i][1] = x[i][0] * y[i][1] + x[i][1] * y[i][0];
    }
}
