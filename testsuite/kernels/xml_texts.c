/* Subscripts that are not offsets of the loop variable are written out as
 * their tokens joined without spaces: comments and string literals keep
 * theirs, a macro constant inside a macro's argument reads as its name. */
#define MX 1
#define SQR(x) ((x) * (x))

double texts(double *q, const double *a, int n, int m)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += a[i * m /* row */ + n] + SQR(q[MX]) + a["ab c"[i % 4] + m];
    return s;
}
