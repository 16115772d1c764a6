/* A scaled gather, y[i] = s x[idx[i]]: indexed loads of x through an int index array, as
 * unstructured-mesh and particle codes read their neighbours. */
#include "../kernels.h"

void gather(long n, double s, const int *restrict idx, const double *restrict x,
                       double *restrict y)
{
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++)
        y[i] = s * x[idx[i]];
}
