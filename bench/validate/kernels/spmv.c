/* Sparse matrix times vector in the ELLPACK layout: row i's w nonzeros are val[i][0..w-1] in
 * the columns col[i][0..w-1]; x is gathered through col.  (CSR's inner loop runs from
 * rowptr[i] to rowptr[i+1]: the model would see the same k range in every row, val and col
 * reused instead of streamed; the fixed row length keeps the layout in the subscripts.) */
#include "../kernels.h"

void spmv(long rows, long w, const double (*restrict val)[w], const int (*restrict col)[w],
          const double *restrict x, double *restrict y)
{
#pragma omp for schedule(static)
    for (long i = 0; i < rows; i++) {
        double sum = 0.0;
        for (long t = 0; t < w; t++)
            sum = sum + val[i][t] * x[col[i][t]];
        y[i] = sum;
    }
}
