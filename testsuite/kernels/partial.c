/* A nest the model predicts and one it cannot (test_cli.c, "partial predictions"):
 * the while loop of line 11 has no bounds and the measurement has no row for it. */
void partial(double *a, int m)
{
    for (int i = 0; i < 1000; i++)
        a[i] = a[i] * 2.0 + 1.0;
    for (int j = 0; j < m; j++) {
        a[j] = a[j] * 0.5;
        int k = 0;
        /* the loop without bounds */
        while (k < j) {
            a[k] = a[k] - 1.0;
            k++;
        }
    }
}
