/* OpenMP loops are counted like the sequential loops they also are, and the
 * code under #ifdef _OPENMP is the code analyzed with -fopenmp. */
double omp_dot(int n, const double *x, const double *y)
{
    double s = 0.0;
#pragma omp parallel for reduction(+:s)
    for (int i = 0; i < n; i++)
        s += x[i] * y[i];                 /* plus 1, multiply 1 */
#ifdef _OPENMP
#pragma omp parallel
    {
#pragma omp for
        for (int i = 0; i < n; i++)
            s -= x[i];                    /* minus 1 */
    }
#endif
    return s;
}
