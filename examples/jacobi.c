/* Jacobi iteration for the Helmholtz equation -(u_xx + u_yy) + alpha*u = f on
 * the unit square, in the style of the classic benchmark that measureTool was
 * first shown on.  Build and run: cc -O2 jacobi.c -lm && ./a.out */
#include <math.h>
#include <stdio.h>

#define N 200
#define M 200

static double u[N][M], uold[N][M], f[N][M];
static double dx, dy;

static void initialize(double alpha)
{
    dx = 2.0 / (N - 1);
    dy = 2.0 / (M - 1);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
            double xx = -1.0 + dx * (i - 1);
            double yy = -1.0 + dy * (j - 1);
            u[i][j] = 0.0;
            f[i][j] = -1.0 * alpha * (1.0 - xx * xx) * (1.0 - yy * yy)
                      - 2.0 * (1.0 - xx * xx) - 2.0 * (1.0 - yy * yy);
        }
}

static double jacobi(double alpha, double omega, double tol, int mits)
{
    double ax = 1.0 / (dx * dx);
    double ay = 1.0 / (dy * dy);
    double b = -2.0 / (dx * dx) - 2.0 / (dy * dy) - alpha;
    double error = 10.0 * tol;
    int k = 1;
    while (k <= mits && error > tol) {
        error = 0.0;
        for (int i = 0; i < N; i++)
            for (int j = 0; j < M; j++)
                uold[i][j] = u[i][j];
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < M - 1; j++) {
                double resid = (ax * (uold[i - 1][j] + uold[i + 1][j])
                                + ay * (uold[i][j - 1] + uold[i][j + 1])
                                + b * uold[i][j] - f[i][j]) / b;
                u[i][j] = uold[i][j] - omega * resid;
                error = error + resid * resid;
            }
        error = sqrt(error) / (N * M);
        k++;
    }
    return error;
}

static double error_check(void)
{
    double error = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
            double xx = -1.0 + dx * (i - 1);
            double yy = -1.0 + dy * (j - 1);
            double temp = u[i][j] - (1.0 - xx * xx) * (1.0 - yy * yy);
            error = error + temp * temp;
        }
    return sqrt(error) / (N * M);
}

int main(void)
{
    initialize(0.0543);
    double residual = jacobi(0.0543, 1.0, 1e-10, 100);
    printf("residual %.6e  solution error %.6e\n", residual, error_check());
    return 0;
}
