/* The only file of its unit that mentions the pragmas: the file including
 * it does not, so the unit is parsed again to learn what was skipped. */
#if 0
#pragma aitool fp_total(99)
#endif
#pragma aitool fp_plus(1) fp_total(1)
static inline double hdr_add(double x)
{
    return x + 1.0;
}

#define HDR_MULTIPLY _Pragma("aitool fp_multiply(1) fp_total(1)")
