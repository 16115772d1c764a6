/* Three nests for measuretool's hot-loop lists (test_cli.c, test_hot_loops):
 * predicted, the triad streams the most bytes, then the copy; the measured
 * run the test writes puts the most FP operations in grow's nest instead. */
void triad(double *a, const double *b, const double *c, double s)
{
    for (int i = 0; i < 3000000; i++)
        a[i] = b[i] + s * c[i];
}

void copy(double *a, const double *b)
{
    for (int i = 0; i < 1000000; i++)
        a[i] = b[i];
}

void grow(double *a)
{
    for (int j = 0; j < 100; j++)
        for (int i = 0; i < 1000; i++)
            a[i] += 1.0;
}
