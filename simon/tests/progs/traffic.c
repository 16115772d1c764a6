/* The property test's simulated program: random traffic, checked by its
 * receivers.  Arguments after --: SEED SENDERS RECEIVERS MESSAGES.
 * Senders are tasks 1..S, receivers S+1..S+R.  From SEED, bootstrap draws
 * every sender's plan (a gap before each message, a destination: one
 * receiver's fifo in[K] (K = ID - S) or the broadcast fifo B that every receiver
 * imports, and a size of 12 to 2000 bytes); every task reads the plan.  A
 * message carries its sender, its number on its virtual circuit and a
 * pattern.  Each receiver checks that every message arrives once, in its
 * circuit's order, with its bytes intact, then waits 10 s of virtual time
 * and checks that nothing more came; it prints one line with its count
 * and a hash of (arrival time, sender, number), so two runs can be
 * compared. */
#include <simon.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_TASKS = 16, MAX_MSGS = 64, MAX_BYTES = 2000 };

typedef struct planned {
    int64_t gap;
    int dst;      /* a receiver's id, or 0 for B */
    size_t bytes;
} planned;

static struct {
    int senders, receivers, msgs;
    planned plan[MAX_TASKS + 1][MAX_MSGS];
    /* expected[s][r]: messages from s that r gets (on in[K] and on B) */
    int expected[MAX_TASKS + 1][MAX_TASKS + 1];
} tr;

typedef struct header {
    int src, seq, dst; /* dst: 0 on B */
} header;

static uint64_t tr_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static unsigned char tr_pattern(const header *h, size_t i)
{
    return (unsigned char)(h->src * 31 + h->seq * 7 + (int)i);
}

static void tr_sender(void *parm)
{
    int me = *(const int *)parm;
    export("B");
    for (int r = tr.senders + 1; r <= tr.senders + tr.receivers; r++)
        export(cnvarrsv("in", r - tr.senders));
    int seq[MAX_TASKS + 1] = {0};
    static unsigned char data[MAX_BYTES];
    for (int i = 0; i < tr.msgs; i++) {
        const planned *p = &tr.plan[me][i];
        simon_advance(p->gap);
        header h = {me, seq[p->dst]++, p->dst};
        memcpy(data, &h, sizeof h);
        for (size_t k = sizeof h; k < p->bytes; k++)
            data[k] = tr_pattern(&h, k);
        put(p->dst ? cnvarr("in", p->dst - tr.senders) : "B", data, p->bytes);
    }
}

/* Checks one message; false after printing what is wrong. */
static bool tr_check(int me, const unsigned char *data, size_t len, int next[][2], int *got)
{
    header h;
    if (len < sizeof h) {
        printf("receiver %d: a message of %zu bytes\n", me, len);
        return false;
    }
    memcpy(&h, data, sizeof h);
    int *want = &next[h.src][h.dst ? 1 : 0];
    if (h.src < 1 || h.src > tr.senders || (h.dst && h.dst != me) || h.seq != *want) {
        printf("receiver %d: from %d on %d number %d, expected number %d\n", me, h.src, h.dst,
               h.seq, *want);
        return false;
    }
    for (size_t k = sizeof h; k < len; k++) {
        if (data[k] != tr_pattern(&h, k)) {
            printf("receiver %d: byte %zu of message %d from %d is wrong\n", me, k, h.seq, h.src);
            return false;
        }
    }
    (*want)++;
    got[h.src]++;
    return true;
}

static void tr_receiver(void *parm)
{
    int me = *(const int *)parm;
    char *in = cnvarrsv("in", me - tr.senders);
    char *names[] = {in, "B"};
    import("B", 0);
    import(in, 0);
    int total = 0, got[MAX_TASKS + 1] = {0}, next[MAX_TASKS + 1][2];
    memset(next, 0, sizeof next);
    for (int s = 1; s <= tr.senders; s++)
        total += tr.expected[s][me];
    unsigned char data[MAX_BYTES];
    uint64_t hash = 1469598103934665603u;
    for (int n = 0; n < total; n++) {
        waitf(names, 2);
        const char *from = size(in) ? in : "B";
        size_t len = get(from, data);
        if (!tr_check(me, data, len, next, got))
            return;
        header h;
        memcpy(&h, data, sizeof h);
        uint64_t v[] = {(uint64_t)getclk(me), (uint64_t)h.src, (uint64_t)h.seq};
        for (size_t k = 0; k < 3; k++)
            hash = (hash ^ v[k]) * 1099511628211u;
    }
    int64_t last = getclk(me);
    simon_advance(10000000000);
    int extra = qlength(in) + qlength("B");
    printf("receiver %d: %s %d messages, last at %lld, hash %016llx\n", me,
           extra ? "EXTRA MESSAGES after" : "ok", total, (long long)last,
           (unsigned long long)hash);
}

static void tr_make_plan(uint64_t seed)
{
    for (int s = 1; s <= tr.senders; s++) {
        for (int i = 0; i < tr.msgs; i++) {
            planned *p = &tr.plan[s][i];
            uint64_t r = tr_next(&seed);
            /* gaps of 0 and whole microseconds are common, so stations
             * often start together and transmissions end as others start */
            int64_t gap = (int64_t)((r >> 8) % 3000);
            p->gap = r % 3 == 0 ? 0 : r % 3 == 1 ? gap / 1000 * 1000 : gap;
            int pick = (int)((r >> 24) % (uint64_t)tr.receivers);
            p->dst = (r >> 20) % 4 == 0 ? 0 : tr.senders + 1 + pick;
            size_t spread = MAX_BYTES - sizeof(header) + 1;
            p->bytes = (r >> 32) % 5 == 0 ? 1000 : sizeof(header) + (size_t)((r >> 40) % spread);
            for (int d = tr.senders + 1; d <= tr.senders + tr.receivers; d++)
                if (p->dst == 0 || p->dst == d)
                    tr.expected[s][d]++;
        }
    }
}

void bootstrap(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "traffic: SEED SENDERS RECEIVERS MESSAGES\n");
        exit(2);
    }
    uint64_t seed = strtoull(argv[0], NULL, 10);
    tr.senders = atoi(argv[1]);
    tr.receivers = atoi(argv[2]);
    tr.msgs = atoi(argv[3]);
    if (tr.senders < 1 || tr.receivers < 1 || tr.senders + tr.receivers > MAX_TASKS ||
        tr.msgs < 0 || tr.msgs > MAX_MSGS) {
        fprintf(stderr, "traffic: at most %d tasks and %d messages\n", MAX_TASKS, MAX_MSGS);
        exit(2);
    }
    tr_make_plan(seed);
    for (int id = 1; id <= tr.senders + tr.receivers; id++)
        mktask(id <= tr.senders ? "send" : "recv", id <= tr.senders ? tr_sender : tr_receiver, id,
               &id, sizeof id);
}
