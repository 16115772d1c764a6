/* GNU statement expressions under -auto-instrument (they used to send it
 * into endless recursion): their statements count where they run, and an
 * if inside one is measured like any other.  By hand, s = 1 before the
 * loop of line 13 (4 iterations):
 *   s = ({ r = s * 2.0; r + 1.0 }) gives 3, 7, 8, 9: 4 multiply, 4 plus;
 *   the if halves it when above 5: at i = 1, 2, 3 (7, 8, 9): 3 multiply.
 * It prints 4.5000 (3, 3.5, 4, 4.5). */
#include <stdio.h>

int main(void)
{
    double s = 1.0;
    for (int i = 0; i < 4; i++) {
        s = ({ double r = s * 2.0; r + 1.0; });
        ({ if (s > 5.0) s = s * 0.5; });
    }
    printf("%.4f\n", s);
    return 0;
}
