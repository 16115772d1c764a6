/* A scalar written only through its address is not constant in the loops
 * that read it (test_xml, "written through an address"): s is set by
 * set(&s) before the loop; &a[0] moves no element. */
void set(double *p);
void use(const double *p);

void scale(double *a, int n)
{
    double s;
    set(&s);
    for (int i = 0; i < n; i++) {
        a[i] = a[i] * s;
        use(&a[0]);
    }
}
