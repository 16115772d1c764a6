/* The statement record of one function (test_analyzer, "statement record").
 * By hand, in source order, with the FP operations written in each node:
 *   int i;                              a declaration
 *   for: i = 0 | i < n | i++ (header), the body a block:
 *     if: a[i] > 0.0 (condition), s += a[i] * 2.0 (arm: plus, multiply),
 *         s = ?: (arm) with its ?: (inline: s > 1.0) and the operands
 *         s - 1.0 (minus) and s * 3.0 (multiply)
 *   while: s > 10.0 && n > 0 (header, && with its operand n > 0),
 *          s = s / 2.0 (body: divide)
 *   switch: n (condition), the body a block: case 1 (value 1) with
 *          s = sqrt(s) (special), break, default with exit(1) (exits)
 *   goto done (its label known), done: return s + 1.0 (plus)
 * The jumps that leave each node: the break leaves its switch's body but
 * not the switch; exit(1), goto and return leave everything around them. */
#include <math.h>
#include <stdlib.h>

double record(double *a, int n, double s)
{
    int i;
    for (i = 0; i < n; i++) {
        if (a[i] > 0.0)
            s += a[i] * 2.0;
        else
            s = s > 1.0 ? s - 1.0 : s * 3.0;
    }
    while (s > 10.0 && n > 0)
        s = s / 2.0;
    switch (n) {
    case 1:
        s = sqrt(s);
        break;
    default:
        exit(1);
    }
    goto done;
done:
    return s + 1.0;
}
