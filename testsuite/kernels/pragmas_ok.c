/* Every pragma here states the counts the loop or function really has. */
#include <math.h>

#pragma aitool fp_plus(3) fp_minus(3) fp_multiply(6) fp_divide(1) fp_total(13) fp_special(1)
double error_check(int n, int m, double dx, double dy, double u[n][m])
{
    double error = 0.0;
#pragma aitool fp_total(12) fp_multiply(6) fp_minus(3) fp_plus(3) fp_divide(0) fp_special(0)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) {
            double xx = -1.0 + dx * (i - 1);
            double yy = -1.0 + dy * (j - 1);
            double temp = u[i][j] - (1.0 - xx * xx) * (1.0 - yy * yy);
            error = error + temp * temp;
        }
    return sqrt(error) / (n * m);
}

void loops(int n, double *a, float *b)
{
    int i = 0;
#pragma aitool fp_divide (1) fp_special(1)
    while (i < n) {
        a[i] = sqrtf(b[i]) / 2.0f;
        i++;
    }
#pragma aitool fp_plus(0) fp_minus(0) fp_multiply(0) fp_divide(0) fp_total(0)
    do {
        i--;
    } while (i > 0);
}
