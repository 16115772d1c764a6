/* An OpenMP kernel that includes <omp.h>; the runtime's functions are
 * annotated, so calling them in a loop leaves its bytes known. */
#include <omp.h>

void scale(int n, double *a, double s)
{
    double t0 = omp_get_wtime();
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        a[i] = a[i] * s;
    a[0] = omp_get_wtime() - t0;
    for (int i = 0; i < n; i++)
        a[i] += omp_get_thread_num();
}
