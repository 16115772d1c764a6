/* An array of a struct with no tag and no typedef (test_instrument, "a struct with no
 * name"): its bytes are written char[16] in the copy's tables, which must compile. */
#include <stdio.h>

static struct {
    double weight;
    int code;
} table[5] = {{0.5, 1}, {1.5, 2}, {2.5, 3}, {3.5, 4}, {4.5, 5}};

int main(void)
{
    double s = 0;
    for (int i = 0; i < 5; i++)
        s += table[i].weight * table[i].code;
    printf("%.2f\n", s);
    return 0;
}
