/* Needs its entry's flags: scale.h through -I, SCALE_N and WITH_SQUARE
 * through -D.  Per iteration: SCALE_FACTOR * x[i] + SCALE_N is one multiply
 * and one plus (the int SCALE_N is added in double); WITH_SQUARE adds
 * x[i] * x[i] to y[i]: one more multiply and one more plus.  Loads x and y
 * (y by the +=), stores y. */
#include "scale.h"

#ifndef SCALE_N
#error "SCALE_N comes from the build (-DSCALE_N=4)"
#endif

void scaled(int n, const double *x, double *y)
{
    for (int i = 0; i < n; i++) {
        y[i] = SCALE_FACTOR * x[i] + SCALE_N;
#ifdef WITH_SQUARE
        y[i] += x[i] * x[i];
#endif
    }
}
