/* Triangular kernels in the manner of PolyBench's (our own code, n by n, one size n): the
 * loops' bounds name the variables of the loops around them.  FP operations over one call,
 * worked out by hand (test_perf_trips checks perfmodel's prediction and the measured run):
 *   trmm      B = alpha * A^T B, A unit lower triangular:
 *             2 per k of n - i - 1, 1 per (i, j):            n^2 (n - 1) + n^2 = n^3
 *   syrk      C = alpha A A^T + beta C, lower half:
 *             1 per (i, j <= i), 3 per (i, k, j <= i):       (1 + 3n) n (n + 1) / 2
 *   lu        in place, no pivoting: 2 per (i, j < i, k < j) and 1 per (i, j < i),
 *             2 per (i, j >= i, k < i):
 *             sum_i [i^2 + 2 i (n - i)]                      = n (n - 1) (4n + 1) / 6
 *   cholesky  lower: 2 per (i, j < i, k < j), 1 per (i, j < i), 2 per (i, k < i), and one
 *             sqrt per i (a special, not a flop):
 *             sum_i [i^2 + 2i]                               = (n - 1) n (2n + 5) / 6
 *   symm      C = alpha A B + beta C, A symmetric from its lower half:
 *             5 per (i, j, k < i), 6 per (i, j):             5n n (n - 1) / 2 + 6 n^2
 *   trisolv   L x = b, forward: 2 per (i, j < i), 1 per i:   n (n - 1) + n = n^2
 * For n = 40: 64000, 99220, 41860, 22100, 165600, 1600. */
#include <math.h>
#include <stdio.h>

#define N 40

static double A[N][N], B[N][N], C[N][N], x[N], b[N];

void trmm(int n, double alpha)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            for (int k = i + 1; k < n; k++)
                B[i][j] += A[k][i] * B[k][j];
            B[i][j] = alpha * B[i][j];
        }
}

void syrk(int n, double alpha, double beta)
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j <= i; j++)
            C[i][j] *= beta;
        for (int k = 0; k < n; k++)
            for (int j = 0; j <= i; j++)
                C[i][j] += alpha * A[i][k] * A[j][k];
    }
}

void lu(int n)
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++) {
            for (int k = 0; k < j; k++)
                A[i][j] -= A[i][k] * A[k][j];
            A[i][j] /= A[j][j];
        }
        for (int j = i; j < n; j++)
            for (int k = 0; k < i; k++)
                A[i][j] -= A[i][k] * A[k][j];
    }
}

void cholesky(int n)
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++) {
            for (int k = 0; k < j; k++)
                C[i][j] -= C[i][k] * C[j][k];
            C[i][j] /= C[j][j];
        }
        for (int k = 0; k < i; k++)
            C[i][i] -= C[i][k] * C[i][k];
        C[i][i] = sqrt(C[i][i]);
    }
}

void symm(int n, double alpha, double beta)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double t = 0;
            for (int k = 0; k < i; k++) {
                C[k][j] += alpha * B[i][j] * A[i][k];
                t += B[k][j] * A[i][k];
            }
            C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * t;
        }
}

void trisolv(int n)
{
    for (int i = 0; i < n; i++) {
        x[i] = b[i];
        for (int j = 0; j < i; j++)
            x[i] -= A[i][j] * x[j];
        x[i] = x[i] / A[i][i];
    }
}

int main(void)
{
    for (int i = 0; i < N; i++) {
        b[i] = i + 1;
        for (int j = 0; j < N; j++) {
            A[i][j] = i == j ? N : 1.0 / (i + j + 1);
            B[i][j] = (i * j) % 7;
            C[i][j] = i == j ? 4 * N : 1.0 / (i + j + 2);
        }
    }
    trmm(N, 1.5);
    syrk(N, 1.5, 1.2);
    symm(N, 1.5, 1.2);
    trisolv(N);
    cholesky(N);
    lu(N);
    printf("%g %g %g\n", B[1][1], C[2][2], x[3]);
    return 0;
}
