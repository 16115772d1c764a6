/* libm calls are fp_special, outside fp_total; other calls are not. */
#include <math.h>

double user_fn(double x);

void maths(int n, double *a, float *b, long double *c)
{
    for (int i = 0; i < n; i++) {
        a[i] = sqrt(a[i]) + exp(a[i] * 2.0);         /* special 2, plus 1, multiply 1 */
        b[i] = powf(b[i], 2.0f) - fabsf(b[i]);       /* special 2, minus 1 */
        c[i] = sinl(c[i]) / cosl(c[i]);              /* special 2, divide 1 */
        a[i] = user_fn(a[i]) + __builtin_sqrt(a[i]); /* special 1, plus 1 */
    }
}
