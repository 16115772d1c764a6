/* Does not compile: nothing may be reported for it. */
void broken(int n, double *a)
{
    for (int i = 0; i < n; i++)
        a[i] = a[i] * 2.0
}
