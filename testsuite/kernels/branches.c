/* Conditionals under both algorithms.  The pragmas state the flow-sensitive
 * (-use-algorithm-v2) counts; the sums of the default algorithm are in the
 * comments and in the analyzer's tests. */
void branches(int n, int k, double *a, double *b, double *c, float *f)
{
    /* default: plus 1 multiply 1 divide 1; v2: the then arm, plus 1 multiply 1 */
#pragma aitool fp_plus(1) fp_multiply(1) fp_divide(0) fp_total(2)
    for (int i = 0; i < n; i++) {
        if (a[i] > 0.0)
            b[i] = a[i] * 2.0 + 1.0;
        else
            b[i] = a[i] / 3.0;
    }
    /* default: multiply 1 plus 1 minus 1, loads a b f;
       v2: FP from the false arm (2 > 1), loads from the true arm (16 > 4 bytes) */
#pragma aitool fp_plus(1) fp_minus(1) fp_multiply(0) fp_total(2)
    for (int i = 0; i < n; i++)
        c[i] = a[i] > 0.0 ? a[i] * b[i] : f[i] + 1.0f - 2.0f;
    /* default: plus 2 minus 1 multiply 2, loads a b c, stores c f;
       v2: the run of cases 1 and 2 (falling through), plus 1 minus 1 multiply 2,
       loads a b c, stores c */
#pragma aitool fp_plus(1) fp_minus(1) fp_multiply(2) fp_total(4)
    for (int i = 0; i < n; i++) {
        switch (k) {
        case 0:
            c[i] = a[i] + b[i];
            break;
        case 1:
            c[i] = a[i] * b[i];
            /* fall through */
        case 2:
            c[i] += a[i] * 2.0 - 1.0;
            break;
        default:
            f[i] = 0.0f;
        }
    }
    /* default: plus 1 multiply 1 divide 3, loads a b c, stores a b;
       v2: FP from the else arm (3 > 2), loads from the then arm (24 > 8),
       stores from the then arm (a; b ties) */
#pragma aitool fp_plus(0) fp_multiply(0) fp_divide(3)
    for (int i = 0; i < n; i++) {
        if (i % 2) {
#pragma aitool fp_plus(1) fp_multiply(1)
            for (int j = 0; j < n; j++)
                a[j] = a[j] * b[j] + c[j];
        } else {
            b[i] = b[i] / 4.0 / 2.0 / 1.5;
        }
    }
}

/* The whole body: the largest arm of each if.  default: plus 2 multiply 1;
   v2: plus 1 (one arm of the first if) plus the second if's larger arm,
   multiply 1 */
#pragma aitool fp_plus(1) fp_multiply(1) fp_total(2)
double pick(double x, int k)
{
    double r = 0.0;
    if (k)
        r = x + 1.0;
    else
        r = x + 2.0;
    if (k > 1)
        r = r * x;
    return r;
}
