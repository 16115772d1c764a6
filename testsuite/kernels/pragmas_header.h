/* A header whose pragma is checked where it stands (its function is not
 * reported: it is not defined in the file measuretool was given). */
static inline double hdr_poly(double x)
{
    double r = 0.0;
#pragma aitool fp_multiply(1) fp_plus(1)
    for (int i = 0; i < 3; i++)
        r = r * x + 1.0;
    return r;
}
