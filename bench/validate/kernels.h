/* The validation kernels (kernels/<name>.c, one loop nest each).  Each splits its outer loop
 * over the threads with an orphaned `omp for`: called from inside a parallel region, the team
 * shares the work; called outside one, it runs on the calling thread.  bench/validate/validate.c
 * times them against the model's predictions from their ExaSAT XML, which measuretool writes
 * from the same sources.  Arrays are the caller's.  The reductions return the calling thread's
 * share.
 *
 * The kernels are compiled once per build (bench/CMakeLists.txt: -O2, and -O3 -march=native),
 * each with -D<kernel>=<kernel>_<build> for every kernel and -Dvk_set=vk_set_<build>:
 * kernel_set.c gathers the build's functions into vk_set_O2 or vk_set_O3, the driver's one
 * handle on them.  The sources keep their plain names, as measuretool (the XML) and a user's
 * compiler command (the in-core model) see them. */
#ifndef AITOOL_VALIDATE_KERNELS_H
#define AITOOL_VALIDATE_KERNELS_H

/* The signatures, once: VK_SIGNATURES(X) gives X(return type, name, parameters) per kernel. */
#define VK_SIGNATURES(X)                                                                         \
    X(void, triad, (long n, double s, double *restrict a, const double *restrict b,             \
                    const double *restrict c))                                                   \
    X(void, daxpy, (long n, double alpha, const double *restrict x, double *restrict y))        \
    X(double, dot, (long n, const double *restrict x, const double *restrict y))                \
    X(double, divsum, (long n, const double *restrict a, const double *restrict b))             \
    X(void, stencil2d, (long n, const double (*restrict in)[n], double (*restrict out)[n]))     \
    X(void, stencil2d_long,                                                                      \
      (long m, long n, const double (*restrict in)[n], double (*restrict out)[n]))              \
    X(void, stencil3d, (long n, double c0, double c1, const double (*restrict in)[n][n],        \
                        double (*restrict out)[n][n]))                                           \
    X(void, stencil3d27, (long n, const double w[restrict 4], const double (*restrict in)[n][n], \
                          double (*restrict out)[n][n]))                                         \
    X(void, spmv, (long rows, long w, const double (*restrict val)[w],                          \
                   const int (*restrict col)[w], const double *restrict x, double *restrict y)) \
    X(void, matvec, (long m, long n, const double (*restrict a)[n], const double *restrict x,   \
                     double *restrict y))                                                        \
    X(void, matmul, (long m, long n, long p, const double (*restrict a)[n],                     \
                     const double (*restrict b)[p], double (*restrict c)[p]))                   \
    X(void, matmul_blocked,                                                                      \
      (long nb, long bs, const double (*restrict a)[nb][bs][bs],                                \
       const double (*restrict b)[nb][bs][bs], double (*restrict c)[nb][bs][bs]))               \
    X(void, box9, (long n, const double (*restrict in)[n], double (*restrict out)[n]))          \
    X(void, heat3d, (long n, double alpha, const double (*restrict in)[n][n],                   \
                     double (*restrict out)[n][n]))                                              \
    X(void, blur5, (long n, const float (*restrict in)[n], float (*restrict out)[n]))           \
    X(double, sum, (long n, const double *restrict a))                                           \
    X(double, sum_fast, (long n, const double *restrict a))                                      \
    X(double, norm, (long n, const double *restrict x))                                          \
    X(double, norm_fast, (long n, const double *restrict x))                                     \
    X(double, vmax, (long n, const double *restrict a))                                          \
    X(double, vmax_fast, (long n, const double *restrict a))                                     \
    X(void, transpose, (long n, const double (*restrict a)[n], double (*restrict b)[n]))        \
    X(void, gather, (long n, double s, const int *restrict idx, const double *restrict x,       \
                     double *restrict y))                                                        \
    X(void, cmul, (long n, const double (*restrict x)[2], const double (*restrict y)[2],        \
                   double (*restrict z)[2]))                                                     \
    X(void, rot3, (long n, const double m[restrict 3][3], const double (*restrict v)[3],        \
                   double (*restrict out)[3]))

#define VK_DECLARE(type, name, params) type name params;
VK_SIGNATURES(VK_DECLARE)
#undef VK_DECLARE

/* One build's kernels, a member per kernel: name_fn, pasted, so that no build's renaming
 * reaches the members. */
#define VK_MEMBER(type, name, params) type(*name##_fn) params;
typedef struct vk_kernel_set {
    VK_SIGNATURES(VK_MEMBER)
} vk_kernel_set;
#undef VK_MEMBER

extern const vk_kernel_set vk_set_O2, vk_set_O3;

#endif
