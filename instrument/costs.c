/* The -T file of -simon-clock: pairs of a class name and its cost. */
#include "costs.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fileio.h"
#include "loop_stmt.h"
#include "numbers.h"

void op_costs_default(op_costs *c)
{
    for (int k = 0; k < LM_OP_NCLASSES; k++)
        c->ns[k] = 1;
}

typedef struct cost_reader {
    const char *path, *text;
    size_t pos;
    unsigned line, col; /* of pos */
} cost_reader;

static bool cost_is_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r';
}

/* Skip blanks, and newlines too when newlines may come here. */
static void cost_skip(cost_reader *r, bool newlines)
{
    for (char ch; (ch = r->text[r->pos]) && (cost_is_blank(ch) || (newlines && ch == '\n'));
         r->pos++) {
        if (ch == '\n') {
            r->line++;
            r->col = 1;
        } else {
            r->col++;
        }
    }
}

/* The next word: up to a blank or a newline. */
static size_t cost_word(const cost_reader *r)
{
    size_t n = 0;
    while (r->text[r->pos + n] && !cost_is_blank(r->text[r->pos + n]) &&
           r->text[r->pos + n] != '\n')
        n++;
    return n;
}

static void cost_advance(cost_reader *r, size_t n)
{
    r->pos += n;
    r->col += (unsigned)n;
}

static bool cost_error(const cost_reader *r, const char *what, size_t n)
{
    diag_at(DIAG_ERROR, r->path, r->line, r->col, "%s '%.*s'", what, (int)n, r->text + r->pos);
    return false;
}

/* One pair at r's position; false after reporting it. */
static bool cost_pair(cost_reader *r, op_costs *c)
{
    size_t n = cost_word(r);
    char name[32];
    if (n >= sizeof name)
        return cost_error(r, "unknown operation class", n);
    memcpy(name, r->text + r->pos, n);
    name[n] = '\0';
    lm_op k = lm_op_by_name(name);
    if (k == LM_OP_NCLASSES)
        return cost_error(r, "unknown operation class (iadd imul idiv ilogic cmp fadd fmul "
                             "fdiv load store call branch)", n);
    cost_advance(r, n);
    cost_skip(r, false);
    n = cost_word(r);
    if (n == 0) {
        diag_at(DIAG_ERROR, r->path, r->line, r->col, "'%s' needs its time in ns on its line",
                name);
        return false;
    }
    long long ns;
    if (num_parse_whole(r->text + r->pos, n, &ns) || ns < 0)
        return cost_error(r, "not a whole number of nanoseconds:", n);
    c->ns[k] = (unsigned long long)ns;
    cost_advance(r, n);
    return true;
}

bool op_costs_read(const char *path, op_costs *c)
{
    char *text = fileio_read_text(path, "the cost table");
    if (!text)
        return false;
    op_costs_default(c);
    cost_reader r = {path, text, 0, 1, 1};
    bool ok = true;
    for (cost_skip(&r, true); ok && text[r.pos]; cost_skip(&r, true))
        ok = cost_pair(&r, c);
    free(text);
    return ok;
}
