/* A nest that a goto inside it enters again from a label before it, as an
 * interpreter's `startfunc: ... for (;;) { ... goto startfunc; }` runs a
 * call: the block of the nest opens at the first label, so the gotos stay
 * inside it (no hand-over, no clock read), and the loop's entries are
 * counted where it starts.
 * run(&b), b = {4, &a}, a = {2, none}:
 *   again: pc = 4; back: acc = 0 * 0.5 (multiply 1); entry 1:
 *     pc 4: acc 4, pc 3; pc 3: acc 7, pc 2, b.n = 1, goto again;
 *   again: pc = 1; back: acc 3.5 (multiply 2); entry 2:
 *     pc 1: acc 4.5, pc 0; pc 0: f = a, goto back;
 *   back: acc 2.25 (multiply 3); entry 3: pc 0, no up: return 2.25.
 * The loop: 3 entries, 5 iterations, 3 plus; outside loops: 3 multiply.
 * total() adds the frame numbers of the chain it walks, a loop of its own
 * whose label (the function's one) no goto inside the loop names: 1 entry,
 * 2 iterations.  Printed: 2.25 3 */
#include <stdio.h>

struct frame {
    int n;
    struct frame *up;
};

static double run(struct frame *f)
{
    double acc = 0.0;
    int pc;
again:
    pc = f->n;
back:
    acc = acc * 0.5;
    for (;;) {
        if (pc == 0) {
            if (f->up) {
                f = f->up;
                goto back;
            }
            return acc;
        }
        acc += pc;
        pc--;
        if (pc == 2 && f->n > 3) {
            f->n = 1;
            goto again;
        }
    }
}

static int total(const struct frame *f)
{
    int s = 0;
start:
    while (f) {
        s += f->n;
        f = f->up;
    }
    if (s < 0)
        goto start;
    return s;
}

int main(void)
{
    struct frame a = {2, NULL}, b = {4, &a};
    double r = run(&b);
    printf("%g %d\n", r, total(&b));
    return 0;
}
