/* Not in the project: measuretool -p takes the flags of the first entry
 * of this directory (axpy.c's), whose -I finds scale.h. */
#include "scale.h"

void orphan(int n, double *x)
{
    for (int i = 0; i < n; i++)
        x[i] = SCALE_FACTOR * x[i];
}
