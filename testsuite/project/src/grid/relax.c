/* A relaxation sweep: 2 minus, 1 multiply; loads r, x; store x. */
void relax(int n, float w, const float *r, float *x)
{
    int k = 0;
    while (k < n) {
        x[k] = x[k] - w * (r[k] - x[k]);
        k++;
    }
}
