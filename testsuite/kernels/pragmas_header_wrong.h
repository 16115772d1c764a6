/* A header with a pragma that does not hold: the loop multiplies once. */
static inline double hdr_wrong(double x)
{
    double r = 0.0;
#pragma aitool fp_multiply(2)
    for (int i = 0; i < 3; i++)
        r = r * x;
    return r;
}
