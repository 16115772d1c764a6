/* Naive matrix multiply C += A * B: work at the innermost level only, and a
 * scaling pass with work in the outer body.  cc -O2 matmul.c && ./a.out */
#include <stdio.h>

#define N 128

static double A[N][N], B[N][N], C[N][N];

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = i + j;
            B[i][j] = i - j;
            C[i][j] = 0.0;
        }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            for (int k = 0; k < N; k++)
                C[i][j] += A[i][k] * B[k][j];
    for (int i = 0; i < N; i++) {
        double scale = 1.0 / (i + 1);
        for (int j = 0; j < N; j++)
            C[i][j] *= scale;
    }
    printf("C[5][7] = %.3f\n", C[5][7]);
    return 0;
}
