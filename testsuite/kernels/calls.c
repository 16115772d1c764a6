/* Calls: functions of this file are followed, annotated externals move what
 * calls.annot says, anything else makes the loop's bytes incomplete.  The
 * counts of each loop in kernel() are worked out in the comment before it. */
double g_table[64];
int e[64];

typedef struct grid {
    double *u, *v;
    int n;
} grid;

double frexp(double x, int *exp);
void ext_reads(const double *p, int n);
void ext_fill(double *dst, const float *src, int n);
void ext_unknown(double *p);
void *memset(void *s, int c, unsigned long n);
void *memcpy(void *dst, const void *src, unsigned long n);

/* plus 1, multiply 1; reads x and y, writes y (through parameters 1 and 2) */
static double axpy1(double a, const double *x, double *y, int i)
{
    y[i] = a * x[i] + y[i];
    return y[i];
}

/* plus 1, minus 1, multiply 1, divide 1 */
static double poly(double t)
{
    return (t * t + 1.0) / (t - 2.0);
}

/* plus 2 and two calls of poly: plus 4, minus 2, multiply 2, divide 2 */
static double twice(double t)
{
    return poly(t) + poly(t + 1.0);
}

/* multiply 1 (int * double); the recursive call adds nothing more */
static double fact(int k)
{
    return k <= 1 ? 1.0 : k * fact(k - 1);
}

/* multiply 1; reads g->v, writes g->u: paths from parameter 0 */
static void scale_grid(grid *g, double s)
{
    for (int i = 0; i < g->n; i++)
        g->u[i] = s * g->v[i];
}

/* plus 1; reads and writes the global g_table */
static void bump_table(int i)
{
    g_table[i] += 1.0;
}

/* writes through p, and calls a function nobody knows */
static void wrap(double *p)
{
    ext_unknown(p);
    p[0] = 1.0;
}

void kernel(int n, double a, double *x, double *y, float *f, grid *gp, grid g, void *vp)
{
    /* axpy1: plus 1 multiply 1, loads y x, stores y */
    for (int i = 0; i < n; i++)
        axpy1(a, x, y, i);
    /* twice: plus 4 minus 2 multiply 2 divide 2, loads x, stores x */
    for (int i = 0; i < n; i++)
        x[i] = twice(x[i]);
    /* fact: multiply 1, stores y */
    for (int i = 0; i < n; i++)
        y[i] = fact(i);
    /* scale_grid through a pointer: multiply 1, loads gp->v, stores gp->u */
    for (int j = 0; j < 4; j++)
        scale_grid(gp, a);
    /* through &g: the call's g.u and g.v are the loop's own g.u:
       plus 1 multiply 1, loads g.v g.u, stores g.u */
    for (int j = 0; j < 4; j++) {
        scale_grid(&g, a);
        g.u[j] += 1.0;
    }
    /* a global through a call: plus 1, loads and stores g_table */
    for (int i = 0; i < n; i++)
        bump_table(i);
    /* annotated: loads x f g_table, stores y */
    for (int i = 0; i < n; i++) {
        ext_reads(x, n);
        ext_fill(y, f, n);
    }
    /* unknown: multiply 1, loads and stores y, incomplete */
    for (int i = 0; i < n; i++) {
        ext_unknown(x);
        y[i] = 2.0 * y[i];
    }
    /* through a pointer: loads and stores y, incomplete */
    double (*fp)(double) = poly;
    for (int i = 0; i < n; i++)
        y[i] = fp(y[i]);
    /* wrap writes x through p, and reaches ext_unknown: incomplete */
    for (int i = 0; i < n; i++)
        wrap(&x[i]);
    /* frexp: special 1, loads x, stores y and e (the default annotation) */
    for (int i = 0; i < n; i++)
        y[i] = frexp(x[i], &e[i]);
    /* memcpy of typed arrays: loads x, stores y */
    for (int i = 0; i < n; i++)
        memcpy(y, x, sizeof(double));
    /* memset through a void pointer: bytes of unknown size, incomplete */
    for (int i = 0; i < n; i++)
        memset(vp, 0, 8);
}
