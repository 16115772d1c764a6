/* Element sizes follow the target: analyzed for x86-64 and for i386. */
void sizes(int n, long *l, long double *ld, double **pp, double *d)
{
    for (int i = 0; i < n; i++)
        d[i] = l[i] + ld[i] + *pp[i];   /* plus 2 (long double) */
}
