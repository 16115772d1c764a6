/* Functions of a header: -auto-instrument never rewrites them, so each call
 * counts their operations where it is made (instr_header.c). */
#include <math.h>

static inline double FABS(double x) { return fabs(x); }
static inline double SQ(double x) { return x * x; }

/* A loop: what one call does is the static estimate, 1 plus, 1 multiply. */
static inline double sum_first(const double *v, int n)
{
    double t = 0;
    for (int k = 0; k < n; k++)
        t += v[k] * 0.5;
    return t;
}

/* A function of instr_header.c: its multiply counts there, not here. */
double half(double x);
static inline double half_sq(double x) { return half(x) * x; }
