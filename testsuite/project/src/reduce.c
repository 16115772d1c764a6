/* A dot product: fp_plus 1, fp_multiply 1 per iteration; loads a and b. */
double dot(int n, const float *a, const float *b)
{
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}
