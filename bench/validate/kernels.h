/* The validation kernels (kernels/<name>.c, one loop nest each).  Each splits its outer loop
 * over the threads with an orphaned `omp for`: called from inside a parallel region, the team
 * shares the work; called outside one, it runs on the calling thread.  bench/validate/validate.c
 * times them against the model's predictions from their ExaSAT XML, which measuretool writes
 * from the same sources.  Arrays are the caller's.  dot and divsum return the calling thread's
 * share of the sum. */
#ifndef AITOOL_VALIDATE_KERNELS_H
#define AITOOL_VALIDATE_KERNELS_H

void triad(long n, double s, double *restrict a, const double *restrict b, const double *restrict c);
void daxpy(long n, double alpha, const double *restrict x, double *restrict y);
double dot(long n, const double *restrict x, const double *restrict y);
double divsum(long n, const double *restrict a, const double *restrict b);
void stencil2d(long n, const double (*restrict in)[n], double (*restrict out)[n]);
void stencil2d_long(long m, long n, const double (*restrict in)[n], double (*restrict out)[n]);
void stencil3d(long n, double c0, double c1, const double (*restrict in)[n][n],
               double (*restrict out)[n][n]);
void stencil3d27(long n, const double w[restrict 4], const double (*restrict in)[n][n],
                 double (*restrict out)[n][n]);
void spmv(long rows, long w, const double (*restrict val)[w], const int (*restrict col)[w],
          const double *restrict x, double *restrict y);
void matvec(long m, long n, const double (*restrict a)[n], const double *restrict x,
            double *restrict y);
void matmul(long m, long n, long p, const double (*restrict a)[n], const double (*restrict b)[p],
            double (*restrict c)[p]);
void matmul_blocked(long nb, long bs, const double (*restrict a)[nb][bs][bs],
                    const double (*restrict b)[nb][bs][bs], double (*restrict c)[nb][bs][bs]);

#endif
