/* An OpenMP kernel that includes <omp.h>. */
#include <omp.h>

void scale(int n, double *a, double s)
{
    double t0 = omp_get_wtime();
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        a[i] = a[i] * s;
    a[0] = omp_get_wtime() - t0;
}
