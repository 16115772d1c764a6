/* Stencils with halos for the ExaSAT XML golden test: a 3D 7-point stencil
 * over symbolic bounds, a 2D 5-point stencil with a transposed read, and a
 * loop with constant, indirect and scaled subscripts. */
#define NB 64

void stencil7(int n, double c0, double c1, double in[n][n][n], double out[n][n][n])
{
    for (int k = 1; k < n - 1; k++)
        for (int j = 1; j < n - 1; j++)
            for (int i = 1; i < n - 1; i++)
                out[k][j][i] = c0 * in[k][j][i] +
                               c1 * (in[k][j][i - 1] + in[k][j][i + 1] + in[k][j - 1][i] +
                                     in[k][j + 1][i] + in[k - 1][j][i] + in[k + 1][j][i]);
}

void stencil5t(double a[NB][NB], double b[NB][NB])
{
    int i, j;
    for (j = 2; j <= NB - 3; j++)
        for (i = 2; i <= NB - 3; i++)
            a[j][i] = 0.25 * (b[i][j - 2] + b[i][j + 2] + b[i - 1][j] + b[i + 1][j]);
}

void gather(int m, const int *idx, const double *x, double *y, double *z)
{
    for (int i = 0; i < m; i++) {
        y[i] += x[idx[i]] + x[2 * i] + z[0];
        z[m] = y[i];
    }
}
