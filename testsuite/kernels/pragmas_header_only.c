/* Its pragmas come from a header: one there, and one from a macro of it. */
#include "pragmas_header_only.h"

void scale(int n, double *a, double s)
{
    HDR_MULTIPLY
    for (int i = 0; i < n; i++)
        a[i] = a[i] * s;
}
