/* One wrong clause per pragma. */
void wrong(int n, double *a)
{
#pragma aitool fp_plus(1) fp_multiply(3)
    for (int i = 0; i < n; i++)
        a[i] = a[i] * 2.0 + 1.0;
}

#pragma aitool fp_total(5)
double also_wrong(double x)
{
    return x * x + x;
}
