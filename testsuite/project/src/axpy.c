/* y = a x + y: fp_plus 1, fp_multiply 1; loads x, y (2 doubles), store y. */
void axpy(int n, double a, const double *x, double *y)
{
    for (int i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}
