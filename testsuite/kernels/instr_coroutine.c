/* A coroutine as miniz's decoder writes one: a switch on the state, opened
 * and closed by macros, whose case labels a macro puts inside loops, so
 * that each call resumes in the middle of them.  Under -auto-instrument
 * the loops count in the thread's counters: a resumption enters the loops
 * around its case label (an entry), an iteration counts when the body
 * starts from its top.  By hand, five calls of next():
 *   1 (state 0): acc = 1; for entered at its top, iteration 1: acc 1.5
 *     (plus); YIELD's do entered at its top, iteration 1: suspends (1.5)
 *   2, 3 (states 1): resume inside the do and the for (an entry of each),
 *     acc * 2 (multiply), next iteration of the for: + 0.5 (plus), the do
 *     entered at its top, iteration, suspends (3.5, then 7.5)
 *   4: resumes (entries), acc * 2 = 15, the for ends: returns 15
 *   5 (state 2): no case, returns 15
 * for of line 29: 4 entries, 3 iterations, 3 plus, 3 multiply; the do of
 * YIELD (line 31): 6 entries, 3 iterations; main's loop: 1 entry, 5
 * iterations, 5 plus.  Printed: 42.5 */
#include <stdio.h>

struct gen { int state, i; double acc; };

#define CR_BEGIN switch (g->state) { case 0:
#define YIELD(n) do { g->state = n; goto suspend; case n:; } while (0)
#define CR_END }

static double next(struct gen *g)
{
    CR_BEGIN
    g->acc = 1.0;
    for (g->i = 0; g->i < 3; g->i++) {
        g->acc += 0.5;
        YIELD(1);
        g->acc = g->acc * 2.0;
    }
    g->state = 2;
    CR_END
suspend:
    return g->acc;
}

int main(void)
{
    struct gen g = {0, 0, 0.0};
    double s = 0.0;
    for (int k = 0; k < 5; k++)
        s += next(&g);
    printf("%.1f\n", s);
    return 0;
}
