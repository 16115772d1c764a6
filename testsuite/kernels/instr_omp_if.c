/* OpenMP directives with preprocessor lines between them and their loops
 * (NPB's LU writes `#pragma omp for` and then, under `#if
 * defined(_OPENMP)`, one of two loop headers): the copy keeps each
 * directive directly before its loop, and the block with the counters
 * opens before the directive, or before the #ifdef whose group holds it.
 * The counts, by hand (N = 100), with T threads:
 *   line 31: the worksharing loop of a parallel region is entered once by
 *            each thread: T entries, 100 iterations, 100 plus, a read and
 *            stored (800 bytes each)
 *   line 40: the header after #else: 100 iterations, 100 multiply, a read
 *            and b stored (800 bytes each)
 *   line 45: its directive inside #ifdef _OPENMP: 100 iterations, 200
 *            plus, a and b read (1600 bytes)
 *   line 47: 2 iterations, nothing of its own
 *   line 53: under #if defined(_OPENMP) ... #else ... #endif: 2 entries,
 *            200 iterations, 200 plus, 200 multiply, a and b read (3200)
 * It prints 700.0: a[i] = 1, b[i] = 2, 100 * 3 + 2 * 100 * 2. */
#include <stdio.h>

#define N 100

static double a[N], b[N];

int main(void)
{
    double sum = 0.0;
#pragma omp parallel
    {
#pragma omp for
#if 1
        for (int i = 0; i < N; i++) a[i] += 1.0;
#else
        for (int i = 0; i < N; i++) a[i] += 2.0;
#endif
    }
#pragma omp parallel for
#ifdef AITOOL_NOT_DEFINED
    for (int i = 0; i < N; i++) b[i] = a[i] * 3.0;
#else
    for (int i = 0; i < N; i++) b[i] = a[i] * 2.0;
#endif
#ifdef _OPENMP
#pragma omp parallel for reduction(+: sum)
#endif
    for (int i = 0; i < N; i++)
        sum += a[i] + b[i];
    for (int t = 0; t < 2; t++) {
#if defined(_OPENMP)
#pragma omp parallel for reduction(+: sum)
#else
        /* one thread */
#endif
        for (int i = 0; i < N; i++)
            sum += a[i] * b[i];
    }
    printf("%.1f\n", sum);
    return 0;
}
