/* Whole numbers read from text (numbers.h). */
#include "numbers.h"

#include <ctype.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

const char *num_parse_whole(const char *text, size_t len, long long *value)
{
    const char *not_whole = "the value is not a whole number (decimal digits, one optional sign)";
    size_t pos = 0;
    while (pos < len && isspace((unsigned char)text[pos]))
        pos++;
    while (len > pos && isspace((unsigned char)text[len - 1]))
        len--;
    bool negative = pos < len && text[pos] == '-';
    if (pos < len && (text[pos] == '-' || text[pos] == '+'))
        pos++;
    if (pos == len)
        return not_whole;
    /* Accumulated negatively so that LLONG_MIN is reachable. */
    long long v = 0;
    bool overflow = false;
    for (; pos < len; pos++) {
        if (!isdigit((unsigned char)text[pos]))
            return not_whole;
        overflow |= __builtin_mul_overflow(v, 10, &v) ||
                    __builtin_sub_overflow(v, text[pos] - '0', &v);
    }
    if (overflow || (!negative && v == LLONG_MIN))
        return "the value is out of range";
    *value = negative ? v : -v;
    return NULL;
}
