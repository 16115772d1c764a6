/* The squared Euclidean norm, the sum of x[i]^2 (the caller takes the root of the threads'
 * total).  Plain C: one chain of adds (norm_fast is the same loop with -ffast-math). */
#include "../kernels.h"

double norm(long n, const double *restrict x)
{
    double s = 0.0;
#pragma omp for schedule(static)
    for (long i = 0; i < n; i++)
        s = s + x[i] * x[i];
    return s;
}
