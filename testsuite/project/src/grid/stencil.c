/* A 5-point stencil: 4 plus, 1 multiply; loads u, store v. */
void stencil(int n, double u[n][n], double v[n][n])
{
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
            v[i][j] = 0.2 * (u[i][j] + u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
}
