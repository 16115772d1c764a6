/* Nested loops with work at every level, and while/do loops. */
#define N 64
double A[N][N], B[N][N], v[N];
float w[N];

void nest(int n)
{
    for (int i = 1; i < n - 1; i++) {
        double rowsum = 0.0;
        v[i] = v[i] * 0.5;                                       /* multiply 1 */
        for (int j = 1; j < n - 1; j++) {
            A[i][j] = 0.25 * (B[i-1][j] + B[i+1][j] + B[i][j-1] + B[i][j+1]); /* mul 1, plus 3 */
            rowsum += A[i][j];                                   /* plus 1 */
        }
        int k = 0;
        do {
            w[k] = w[k] / 2.0f - (float)rowsum;                  /* divide 1, minus 1 */
            k++;
        } while (k < n);
        v[i] -= rowsum;                                          /* minus 1 */
    }
}

void triple(int n, double C[n][n][n])
{
    int k = 0;
    while (k < n) {
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++)
                C[k][j][i] = C[k][j][i] * C[k][j][i] + 1.0;     /* multiply 1, plus 1 */
        k++;
    }
}
