/* The validation kernels (kernels/<name>.c, one loop nest each, OpenMP on
 * every core).  bench/validate/validate.c times them against the model's
 * predictions from their ExaSAT XML, which measuretool writes from the same
 * sources.  Arrays are the caller's. */
#ifndef AITOOL_VALIDATE_KERNELS_H
#define AITOOL_VALIDATE_KERNELS_H

void triad(long n, double s, double *restrict a, const double *restrict b, const double *restrict c);
void daxpy(long n, double alpha, const double *restrict x, double *restrict y);
double dot(long n, const double *restrict x, const double *restrict y);
void stencil2d(long n, const double (*restrict in)[n], double (*restrict out)[n]);
void stencil3d(long n, double c0, double c1, const double (*restrict in)[n][n],
               double (*restrict out)[n][n]);
void matmul(long m, long n, long p, const double (*restrict a)[n], const double (*restrict b)[p],
            double (*restrict c)[p]);

#endif
