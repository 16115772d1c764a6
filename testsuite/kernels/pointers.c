/* Pointer parameters, address-of, increments, reversed subscripts, arrays of
 * pointers and arrays inside structs. */
struct grid { int n; double u[100]; double *v; };

void pointers(int n, double *a, double *b, double **rows, int *cnt, double *out)
{
    for (int i = 0; i < n; i++) {
        double *p = &a[i];           /* an address: a is not accessed */
        *p = *p * 2.0;               /* multiply 1, through a pointer: not an array */
        cnt[i]++;                    /* cnt read and written */
        out[i] = i[b] + rows[i][i];  /* plus 1: b and rows read */
    }
}

void fields(struct grid *g, struct grid h)
{
    for (int i = 0; i < g->n; i++)
        g->u[i] = h.u[i] + g->v[i];  /* plus 1 */
}
