/* compress.c: a block-sorting compressor in the style of bzip2's single-file
 * distributions, written for the measuretool benchmark.  Bit I/O through
 * macros, a decoder that is one large switch over resumable states, block
 * sorting with many small integer loops, Huffman table construction, CRC and
 * run-length stages, and a little floating point for statistics.  It is
 * meant to be parsed (clang -fsyntax-only), not run. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>
#include <math.h>

#define BZ_MAX_GROUPS 6
#define BZ_MAX_ALPHA 258
#define BZ_MAX_CODE_LEN 23
#define BZ_N_ITERS 4
#define BZ_G_SIZE 50
#define BZ_RUNA 0
#define BZ_RUNB 1
#define BZ_OK 0
#define BZ_DATA_ERROR (-4)
#define BZ_STREAM_END 4
#define BZ_OUTBUFF_FULL (-8)

typedef unsigned char uchar;
typedef unsigned short ushort;
typedef uint32_t u32;
typedef int32_t i32;

typedef struct bz_bitstream {
    const uchar *next_in;
    unsigned avail_in;
    uchar *next_out;
    unsigned avail_out;
    u32 buff;
    int live;
    unsigned long total_in, total_out;
} bz_bitstream;

typedef struct bz_tables {
    uchar len[BZ_MAX_GROUPS][BZ_MAX_ALPHA];
    i32 limit[BZ_MAX_GROUPS][BZ_MAX_ALPHA];
    i32 base[BZ_MAX_GROUPS][BZ_MAX_ALPHA];
    i32 perm[BZ_MAX_GROUPS][BZ_MAX_ALPHA];
    i32 min_len[BZ_MAX_GROUPS];
    i32 code[BZ_MAX_GROUPS][BZ_MAX_ALPHA];
    i32 rfreq[BZ_MAX_GROUPS][BZ_MAX_ALPHA];
} bz_tables;

typedef struct bz_state {
    bz_bitstream *strm;
    int state;
    int block_size_100k;
    int small_decompress;
    u32 stored_block_crc, stored_combined_crc;
    u32 calculated_block_crc, calculated_combined_crc;
    int orig_ptr;
    u32 t_pos;
    int k0;
    int unzftab[256];
    int nblock_used;
    int cftab[257];
    int cftab_copy[257];
    u32 *tt;
    ushort *ll16;
    uchar *ll4;
    int curr_block_no;
    int verbosity;
    int in_use16[16];
    uchar in_use[256];
    int n_in_use;
    uchar seq_to_unseq[256];
    uchar unseq_to_seq[256];
    uchar selector[18002];
    uchar selector_mtf[18002];
    int n_groups, n_selectors;
    bz_tables tab;
    int save_i, save_j, save_t, save_alpha_size, save_n_groups, save_n_selectors;
    int save_eob, save_group_no, save_group_pos, save_next_sym, save_nblock_max;
    int save_nblock, save_es, save_n, save_curr, save_zt, save_zn, save_zvec, save_zj;
    int save_gsel, save_gminlen;
    i32 *save_glimit, *save_gperm, *save_gbase;
    u32 *arr1, *arr2, *ftab;
    uchar *block;
    ushort *mtfv;
    uchar *zbits;
    int nblock, nmtf, num_z;
    int mtf_freq[BZ_MAX_ALPHA];
    int work_factor;
    double entropy_estimate;
    double ratio_history[16];
} bz_state;

extern u32 bz_crc32_table[256];

#define BZ_UPDATE_CRC(crc, ch) \
    { (crc) = ((crc) << 8) ^ bz_crc32_table[((crc) >> 24) ^ ((uchar)(ch))]; }

#define GET_BITS(s, lll, vvv, nnn)                                          \
    case lll:                                                               \
        s->state = lll;                                                     \
        while (1) {                                                         \
            if (s->strm->live >= nnn) {                                     \
                u32 v_;                                                     \
                v_ = (s->strm->buff >> (s->strm->live - nnn)) & ((1u << nnn) - 1); \
                s->strm->live -= nnn;                                       \
                vvv = (int)v_;                                              \
                break;                                                      \
            }                                                               \
            if (s->strm->avail_in == 0) { retval = BZ_OK; goto save_state_and_return; } \
            s->strm->buff = (s->strm->buff << 8) | (u32)(*s->strm->next_in); \
            s->strm->live += 8;                                             \
            s->strm->next_in++;                                             \
            s->strm->avail_in--;                                            \
            s->strm->total_in++;                                            \
        }

#define GET_UCHAR(s, lll, uuu) GET_BITS(s, lll, uuu, 8)
#define GET_BIT(s, lll, uuu) GET_BITS(s, lll, uuu, 1)
#define RETURN(rrr) { retval = (rrr); goto save_state_and_return; }

#define PUT_BITS(s, n, v)                                                   \
    do {                                                                    \
        while ((s)->strm->live >= 8) {                                      \
            *(s)->strm->next_out++ = (uchar)((s)->strm->buff >> 24);        \
            (s)->strm->buff <<= 8;                                          \
            (s)->strm->live -= 8;                                           \
            (s)->strm->avail_out--;                                         \
        }                                                                   \
        (s)->strm->buff |= ((u32)(v)) << (32 - (s)->strm->live - (n));      \
        (s)->strm->live += (n);                                             \
    } while (0)

#define MTF_SWAP(a, b) { uchar t_ = (a); (a) = (b); (b) = t_; }
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define WEIGHTOF(zz0) ((zz0) & 0xffffff00)
#define DEPTHOF(zz1) ((zz1) & 0x000000ff)
#define MYMAX(zz2, zz3) ((zz2) > (zz3) ? (zz2) : (zz3))
#define ADDWEIGHTS(zw1, zw2) \
    (WEIGHTOF(zw1) + WEIGHTOF(zw2)) | (1 + MYMAX(DEPTHOF(zw1), DEPTHOF(zw2)))

#define UPHEAP(z)                                         \
    {                                                     \
        i32 zz, tmp;                                      \
        zz = z;                                           \
        tmp = heap[zz];                                   \
        while (weight[tmp] < weight[heap[zz >> 1]]) {     \
            heap[zz] = heap[zz >> 1];                     \
            zz >>= 1;                                     \
        }                                                 \
        heap[zz] = tmp;                                   \
    }

#define DOWNHEAP(z)                                                        \
    {                                                                      \
        i32 zz, yy, tmp;                                                   \
        zz = z;                                                            \
        tmp = heap[zz];                                                    \
        while (1) {                                                        \
            yy = zz << 1;                                                  \
            if (yy > n_heap) break;                                        \
            if (yy < n_heap && weight[heap[yy + 1]] < weight[heap[yy]]) yy++; \
            if (weight[tmp] < weight[heap[yy]]) break;                     \
            heap[zz] = heap[yy];                                           \
            zz = yy;                                                       \
        }                                                                  \
        heap[zz] = tmp;                                                    \
    }

u32 bz_crc32_table[256];

void bz_make_crc_table(void)
{
    for (u32 i = 0; i < 256; i++) {
        u32 c = i << 24;
        for (int k = 0; k < 8; k++)
            c = (c & 0x80000000u) ? (c << 1) ^ 0x04c11db7u : (c << 1);
        bz_crc32_table[i] = c;
    }
}

void bz_huf_make_code_lengths(uchar *len, const i32 *freq, i32 alpha_size, i32 max_len)
{
    i32 n_nodes, n_heap, n1, n2, i, j, k;
    int too_long;
    i32 heap[BZ_MAX_ALPHA + 2];
    i32 weight[BZ_MAX_ALPHA * 2];
    i32 parent[BZ_MAX_ALPHA * 2];
    for (i = 0; i < alpha_size; i++)
        weight[i + 1] = (freq[i] == 0 ? 1 : freq[i]) << 8;
    while (1) {
        n_nodes = alpha_size;
        n_heap = 0;
        heap[0] = 0;
        weight[0] = 0;
        parent[0] = -2;
        for (i = 1; i <= alpha_size; i++) {
            parent[i] = -1;
            n_heap++;
            heap[n_heap] = i;
            UPHEAP(n_heap);
        }
        while (n_heap > 1) {
            n1 = heap[1];
            heap[1] = heap[n_heap];
            n_heap--;
            DOWNHEAP(1);
            n2 = heap[1];
            heap[1] = heap[n_heap];
            n_heap--;
            DOWNHEAP(1);
            n_nodes++;
            parent[n1] = parent[n2] = n_nodes;
            weight[n_nodes] = ADDWEIGHTS(weight[n1], weight[n2]);
            parent[n_nodes] = -1;
            n_heap++;
            heap[n_heap] = n_nodes;
            UPHEAP(n_heap);
        }
        too_long = 0;
        for (i = 1; i <= alpha_size; i++) {
            j = 0;
            k = i;
            while (parent[k] >= 0) {
                k = parent[k];
                j++;
            }
            len[i - 1] = (uchar)j;
            if (j > max_len)
                too_long = 1;
        }
        if (!too_long)
            break;
        for (i = 1; i <= alpha_size; i++) {
            j = weight[i] >> 8;
            j = 1 + (j / 2);
            weight[i] = j << 8;
        }
    }
}

void bz_huf_assign_codes(i32 *code, const uchar *length, i32 min_len, i32 max_len, i32 alpha_size)
{
    i32 n, vec = 0, i;
    for (n = min_len; n <= max_len; n++) {
        for (i = 0; i < alpha_size; i++)
            if (length[i] == n) {
                code[i] = vec;
                vec++;
            }
        vec <<= 1;
    }
}

void bz_huf_create_decode_tables(i32 *limit, i32 *base, i32 *perm, const uchar *length,
                                 i32 min_len, i32 max_len, i32 alpha_size)
{
    i32 pp = 0, i, j, vec;
    for (i = min_len; i <= max_len; i++)
        for (j = 0; j < alpha_size; j++)
            if (length[j] == i) {
                perm[pp] = j;
                pp++;
            }
    for (i = 0; i < BZ_MAX_CODE_LEN; i++)
        base[i] = 0;
    for (i = 0; i < alpha_size; i++)
        base[length[i] + 1]++;
    for (i = 1; i < BZ_MAX_CODE_LEN; i++)
        base[i] += base[i - 1];
    for (i = 0; i < BZ_MAX_CODE_LEN; i++)
        limit[i] = 0;
    vec = 0;
    for (i = min_len; i <= max_len; i++) {
        vec += (base[i + 1] - base[i]);
        limit[i] = vec - 1;
        vec <<= 1;
    }
    for (i = min_len + 1; i <= max_len; i++)
        base[i] = ((limit[i - 1] + 1) << 1) - base[i];
}


void bz_fallback_simple_sort_0(u32 *fmap, const u32 *eclass, i32 lo, i32 hi)
{
    i32 i, j, tmp;
    u32 ec_tmp;
    if (lo == hi)
        return;
    if (hi - lo > 3) {
        for (i = hi - 4; i >= lo; i--) {
            tmp = (i32)fmap[i];
            ec_tmp = eclass[tmp];
            for (j = i + 4; j <= hi && ec_tmp > eclass[fmap[j]]; j += 4)
                fmap[j - 4] = fmap[j];
            fmap[j - 4] = (u32)tmp;
        }
    }
    for (i = hi - 1; i >= lo; i--) {
        tmp = (i32)fmap[i];
        ec_tmp = eclass[tmp];
        for (j = i + 1; j <= hi && ec_tmp > eclass[fmap[j]]; j++)
            fmap[j - 1] = fmap[j];
        fmap[j - 1] = (u32)tmp;
    }
}

int bz_main_gtu_0(u32 i1, u32 i2, const uchar *block, const ushort *quadrant, u32 nblock, i32 *budget)
{
    i32 k;
    uchar c1, c2;
    ushort s1, s2;

    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    k = (i32)nblock + 8;
    do {
        c1 = block[i1]; c2 = block[i2];
        if (c1 != c2) return (c1 > c2);
        s1 = quadrant[i1]; s2 = quadrant[i2];
        if (s1 != s2) return (s1 > s2);
        i1++; i2++;
        if (i1 >= nblock) i1 -= nblock;
        if (i2 >= nblock) i2 -= nblock;
        k -= 8;
        (*budget)--;
    } while (k >= 0);
    return 0;
}

void bz_count_and_bucket_0(bz_state *s, u32 *ftab, const uchar *block, ushort *quadrant, i32 nblock)
{
    i32 i, j;
    ushort q;
    for (i = 65536; i >= 0; i--)
        ftab[i] = 0;
    j = block[0] << 8;
    for (i = nblock - 1; i >= 0; i--) {
        quadrant[i] = 0;
        j = (j >> 8) | (((ushort)block[i]) << 8);
        ftab[j]++;
    }
    for (i = 0; i < BZ_N_ITERS * 16; i++) {
        q = quadrant[i];
        quadrant[nblock + i] = q;
    }
    for (i = 1; i <= 65536; i++)
        ftab[i] += ftab[i - 1];
    s->nblock = nblock;
    for (i = 0; i < 256; i++)
        s->mtf_freq[i % BZ_MAX_ALPHA] += (int)(ftab[(i + 1) << 8] - ftab[i << 8]) >> 0;
}


void bz_fallback_simple_sort_1(u32 *fmap, const u32 *eclass, i32 lo, i32 hi)
{
    i32 i, j, tmp;
    u32 ec_tmp;
    if (lo == hi)
        return;
    if (hi - lo > 3) {
        for (i = hi - 4; i >= lo; i--) {
            tmp = (i32)fmap[i];
            ec_tmp = eclass[tmp];
            for (j = i + 4; j <= hi && ec_tmp > eclass[fmap[j]]; j += 4)
                fmap[j - 4] = fmap[j];
            fmap[j - 4] = (u32)tmp;
        }
    }
    for (i = hi - 1; i >= lo; i--) {
        tmp = (i32)fmap[i];
        ec_tmp = eclass[tmp];
        for (j = i + 1; j <= hi && ec_tmp > eclass[fmap[j]]; j++)
            fmap[j - 1] = fmap[j];
        fmap[j - 1] = (u32)tmp;
    }
}

int bz_main_gtu_1(u32 i1, u32 i2, const uchar *block, const ushort *quadrant, u32 nblock, i32 *budget)
{
    i32 k;
    uchar c1, c2;
    ushort s1, s2;

    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    k = (i32)nblock + 8;
    do {
        c1 = block[i1]; c2 = block[i2];
        if (c1 != c2) return (c1 > c2);
        s1 = quadrant[i1]; s2 = quadrant[i2];
        if (s1 != s2) return (s1 > s2);
        i1++; i2++;
        if (i1 >= nblock) i1 -= nblock;
        if (i2 >= nblock) i2 -= nblock;
        k -= 8;
        (*budget)--;
    } while (k >= 0);
    return 0;
}

void bz_count_and_bucket_1(bz_state *s, u32 *ftab, const uchar *block, ushort *quadrant, i32 nblock)
{
    i32 i, j;
    ushort q;
    for (i = 65536; i >= 0; i--)
        ftab[i] = 0;
    j = block[0] << 8;
    for (i = nblock - 1; i >= 0; i--) {
        quadrant[i] = 0;
        j = (j >> 8) | (((ushort)block[i]) << 8);
        ftab[j]++;
    }
    for (i = 0; i < BZ_N_ITERS * 16; i++) {
        q = quadrant[i];
        quadrant[nblock + i] = q;
    }
    for (i = 1; i <= 65536; i++)
        ftab[i] += ftab[i - 1];
    s->nblock = nblock;
    for (i = 0; i < 256; i++)
        s->mtf_freq[i % BZ_MAX_ALPHA] += (int)(ftab[(i + 1) << 8] - ftab[i << 8]) >> 1;
}


void bz_fallback_simple_sort_2(u32 *fmap, const u32 *eclass, i32 lo, i32 hi)
{
    i32 i, j, tmp;
    u32 ec_tmp;
    if (lo == hi)
        return;
    if (hi - lo > 3) {
        for (i = hi - 4; i >= lo; i--) {
            tmp = (i32)fmap[i];
            ec_tmp = eclass[tmp];
            for (j = i + 4; j <= hi && ec_tmp > eclass[fmap[j]]; j += 4)
                fmap[j - 4] = fmap[j];
            fmap[j - 4] = (u32)tmp;
        }
    }
    for (i = hi - 1; i >= lo; i--) {
        tmp = (i32)fmap[i];
        ec_tmp = eclass[tmp];
        for (j = i + 1; j <= hi && ec_tmp > eclass[fmap[j]]; j++)
            fmap[j - 1] = fmap[j];
        fmap[j - 1] = (u32)tmp;
    }
}

int bz_main_gtu_2(u32 i1, u32 i2, const uchar *block, const ushort *quadrant, u32 nblock, i32 *budget)
{
    i32 k;
    uchar c1, c2;
    ushort s1, s2;

    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    k = (i32)nblock + 8;
    do {
        c1 = block[i1]; c2 = block[i2];
        if (c1 != c2) return (c1 > c2);
        s1 = quadrant[i1]; s2 = quadrant[i2];
        if (s1 != s2) return (s1 > s2);
        i1++; i2++;
        if (i1 >= nblock) i1 -= nblock;
        if (i2 >= nblock) i2 -= nblock;
        k -= 8;
        (*budget)--;
    } while (k >= 0);
    return 0;
}

void bz_count_and_bucket_2(bz_state *s, u32 *ftab, const uchar *block, ushort *quadrant, i32 nblock)
{
    i32 i, j;
    ushort q;
    for (i = 65536; i >= 0; i--)
        ftab[i] = 0;
    j = block[0] << 8;
    for (i = nblock - 1; i >= 0; i--) {
        quadrant[i] = 0;
        j = (j >> 8) | (((ushort)block[i]) << 8);
        ftab[j]++;
    }
    for (i = 0; i < BZ_N_ITERS * 16; i++) {
        q = quadrant[i];
        quadrant[nblock + i] = q;
    }
    for (i = 1; i <= 65536; i++)
        ftab[i] += ftab[i - 1];
    s->nblock = nblock;
    for (i = 0; i < 256; i++)
        s->mtf_freq[i % BZ_MAX_ALPHA] += (int)(ftab[(i + 1) << 8] - ftab[i << 8]) >> 2;
}


void bz_fallback_simple_sort_3(u32 *fmap, const u32 *eclass, i32 lo, i32 hi)
{
    i32 i, j, tmp;
    u32 ec_tmp;
    if (lo == hi)
        return;
    if (hi - lo > 3) {
        for (i = hi - 4; i >= lo; i--) {
            tmp = (i32)fmap[i];
            ec_tmp = eclass[tmp];
            for (j = i + 4; j <= hi && ec_tmp > eclass[fmap[j]]; j += 4)
                fmap[j - 4] = fmap[j];
            fmap[j - 4] = (u32)tmp;
        }
    }
    for (i = hi - 1; i >= lo; i--) {
        tmp = (i32)fmap[i];
        ec_tmp = eclass[tmp];
        for (j = i + 1; j <= hi && ec_tmp > eclass[fmap[j]]; j++)
            fmap[j - 1] = fmap[j];
        fmap[j - 1] = (u32)tmp;
    }
}

int bz_main_gtu_3(u32 i1, u32 i2, const uchar *block, const ushort *quadrant, u32 nblock, i32 *budget)
{
    i32 k;
    uchar c1, c2;
    ushort s1, s2;

    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    k = (i32)nblock + 8;
    do {
        c1 = block[i1]; c2 = block[i2];
        if (c1 != c2) return (c1 > c2);
        s1 = quadrant[i1]; s2 = quadrant[i2];
        if (s1 != s2) return (s1 > s2);
        i1++; i2++;
        if (i1 >= nblock) i1 -= nblock;
        if (i2 >= nblock) i2 -= nblock;
        k -= 8;
        (*budget)--;
    } while (k >= 0);
    return 0;
}

void bz_count_and_bucket_3(bz_state *s, u32 *ftab, const uchar *block, ushort *quadrant, i32 nblock)
{
    i32 i, j;
    ushort q;
    for (i = 65536; i >= 0; i--)
        ftab[i] = 0;
    j = block[0] << 8;
    for (i = nblock - 1; i >= 0; i--) {
        quadrant[i] = 0;
        j = (j >> 8) | (((ushort)block[i]) << 8);
        ftab[j]++;
    }
    for (i = 0; i < BZ_N_ITERS * 8; i++) {
        q = quadrant[i];
        quadrant[nblock + i] = q;
    }
    for (i = 1; i <= 65536; i++)
        ftab[i] += ftab[i - 1];
    s->nblock = nblock;
    for (i = 0; i < 256; i++)
        s->mtf_freq[i % BZ_MAX_ALPHA] += (int)(ftab[(i + 1) << 8] - ftab[i << 8]) >> 0;
}


void bz_fallback_simple_sort_4(u32 *fmap, const u32 *eclass, i32 lo, i32 hi)
{
    i32 i, j, tmp;
    u32 ec_tmp;
    if (lo == hi)
        return;
    if (hi - lo > 3) {
        for (i = hi - 4; i >= lo; i--) {
            tmp = (i32)fmap[i];
            ec_tmp = eclass[tmp];
            for (j = i + 4; j <= hi && ec_tmp > eclass[fmap[j]]; j += 4)
                fmap[j - 4] = fmap[j];
            fmap[j - 4] = (u32)tmp;
        }
    }
    for (i = hi - 1; i >= lo; i--) {
        tmp = (i32)fmap[i];
        ec_tmp = eclass[tmp];
        for (j = i + 1; j <= hi && ec_tmp > eclass[fmap[j]]; j++)
            fmap[j - 1] = fmap[j];
        fmap[j - 1] = (u32)tmp;
    }
}

int bz_main_gtu_4(u32 i1, u32 i2, const uchar *block, const ushort *quadrant, u32 nblock, i32 *budget)
{
    i32 k;
    uchar c1, c2;
    ushort s1, s2;

    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    k = (i32)nblock + 8;
    do {
        c1 = block[i1]; c2 = block[i2];
        if (c1 != c2) return (c1 > c2);
        s1 = quadrant[i1]; s2 = quadrant[i2];
        if (s1 != s2) return (s1 > s2);
        i1++; i2++;
        if (i1 >= nblock) i1 -= nblock;
        if (i2 >= nblock) i2 -= nblock;
        k -= 8;
        (*budget)--;
    } while (k >= 0);
    return 0;
}

void bz_count_and_bucket_4(bz_state *s, u32 *ftab, const uchar *block, ushort *quadrant, i32 nblock)
{
    i32 i, j;
    ushort q;
    for (i = 65536; i >= 0; i--)
        ftab[i] = 0;
    j = block[0] << 8;
    for (i = nblock - 1; i >= 0; i--) {
        quadrant[i] = 0;
        j = (j >> 8) | (((ushort)block[i]) << 8);
        ftab[j]++;
    }
    for (i = 0; i < BZ_N_ITERS * 8; i++) {
        q = quadrant[i];
        quadrant[nblock + i] = q;
    }
    for (i = 1; i <= 65536; i++)
        ftab[i] += ftab[i - 1];
    s->nblock = nblock;
    for (i = 0; i < 256; i++)
        s->mtf_freq[i % BZ_MAX_ALPHA] += (int)(ftab[(i + 1) << 8] - ftab[i << 8]) >> 1;
}


void bz_fallback_simple_sort_5(u32 *fmap, const u32 *eclass, i32 lo, i32 hi)
{
    i32 i, j, tmp;
    u32 ec_tmp;
    if (lo == hi)
        return;
    if (hi - lo > 3) {
        for (i = hi - 4; i >= lo; i--) {
            tmp = (i32)fmap[i];
            ec_tmp = eclass[tmp];
            for (j = i + 4; j <= hi && ec_tmp > eclass[fmap[j]]; j += 4)
                fmap[j - 4] = fmap[j];
            fmap[j - 4] = (u32)tmp;
        }
    }
    for (i = hi - 1; i >= lo; i--) {
        tmp = (i32)fmap[i];
        ec_tmp = eclass[tmp];
        for (j = i + 1; j <= hi && ec_tmp > eclass[fmap[j]]; j++)
            fmap[j - 1] = fmap[j];
        fmap[j - 1] = (u32)tmp;
    }
}

int bz_main_gtu_5(u32 i1, u32 i2, const uchar *block, const ushort *quadrant, u32 nblock, i32 *budget)
{
    i32 k;
    uchar c1, c2;
    ushort s1, s2;

    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    k = (i32)nblock + 8;
    do {
        c1 = block[i1]; c2 = block[i2];
        if (c1 != c2) return (c1 > c2);
        s1 = quadrant[i1]; s2 = quadrant[i2];
        if (s1 != s2) return (s1 > s2);
        i1++; i2++;
        if (i1 >= nblock) i1 -= nblock;
        if (i2 >= nblock) i2 -= nblock;
        k -= 8;
        (*budget)--;
    } while (k >= 0);
    return 0;
}

void bz_count_and_bucket_5(bz_state *s, u32 *ftab, const uchar *block, ushort *quadrant, i32 nblock)
{
    i32 i, j;
    ushort q;
    for (i = 65536; i >= 0; i--)
        ftab[i] = 0;
    j = block[0] << 8;
    for (i = nblock - 1; i >= 0; i--) {
        quadrant[i] = 0;
        j = (j >> 8) | (((ushort)block[i]) << 8);
        ftab[j]++;
    }
    for (i = 0; i < BZ_N_ITERS * 16; i++) {
        q = quadrant[i];
        quadrant[nblock + i] = q;
    }
    for (i = 1; i <= 65536; i++)
        ftab[i] += ftab[i - 1];
    s->nblock = nblock;
    for (i = 0; i < 256; i++)
        s->mtf_freq[i % BZ_MAX_ALPHA] += (int)(ftab[(i + 1) << 8] - ftab[i << 8]) >> 2;
}


void bz_fallback_simple_sort_6(u32 *fmap, const u32 *eclass, i32 lo, i32 hi)
{
    i32 i, j, tmp;
    u32 ec_tmp;
    if (lo == hi)
        return;
    if (hi - lo > 3) {
        for (i = hi - 4; i >= lo; i--) {
            tmp = (i32)fmap[i];
            ec_tmp = eclass[tmp];
            for (j = i + 4; j <= hi && ec_tmp > eclass[fmap[j]]; j += 4)
                fmap[j - 4] = fmap[j];
            fmap[j - 4] = (u32)tmp;
        }
    }
    for (i = hi - 1; i >= lo; i--) {
        tmp = (i32)fmap[i];
        ec_tmp = eclass[tmp];
        for (j = i + 1; j <= hi && ec_tmp > eclass[fmap[j]]; j++)
            fmap[j - 1] = fmap[j];
        fmap[j - 1] = (u32)tmp;
    }
}

int bz_main_gtu_6(u32 i1, u32 i2, const uchar *block, const ushort *quadrant, u32 nblock, i32 *budget)
{
    i32 k;
    uchar c1, c2;
    ushort s1, s2;

    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    k = (i32)nblock + 8;
    do {
        c1 = block[i1]; c2 = block[i2];
        if (c1 != c2) return (c1 > c2);
        s1 = quadrant[i1]; s2 = quadrant[i2];
        if (s1 != s2) return (s1 > s2);
        i1++; i2++;
        if (i1 >= nblock) i1 -= nblock;
        if (i2 >= nblock) i2 -= nblock;
        k -= 8;
        (*budget)--;
    } while (k >= 0);
    return 0;
}

void bz_count_and_bucket_6(bz_state *s, u32 *ftab, const uchar *block, ushort *quadrant, i32 nblock)
{
    i32 i, j;
    ushort q;
    for (i = 65536; i >= 0; i--)
        ftab[i] = 0;
    j = block[0] << 8;
    for (i = nblock - 1; i >= 0; i--) {
        quadrant[i] = 0;
        j = (j >> 8) | (((ushort)block[i]) << 8);
        ftab[j]++;
    }
    for (i = 0; i < BZ_N_ITERS * 8; i++) {
        q = quadrant[i];
        quadrant[nblock + i] = q;
    }
    for (i = 1; i <= 65536; i++)
        ftab[i] += ftab[i - 1];
    s->nblock = nblock;
    for (i = 0; i < 256; i++)
        s->mtf_freq[i % BZ_MAX_ALPHA] += (int)(ftab[(i + 1) << 8] - ftab[i << 8]) >> 0;
}


void bz_fallback_simple_sort_7(u32 *fmap, const u32 *eclass, i32 lo, i32 hi)
{
    i32 i, j, tmp;
    u32 ec_tmp;
    if (lo == hi)
        return;
    if (hi - lo > 3) {
        for (i = hi - 4; i >= lo; i--) {
            tmp = (i32)fmap[i];
            ec_tmp = eclass[tmp];
            for (j = i + 4; j <= hi && ec_tmp > eclass[fmap[j]]; j += 4)
                fmap[j - 4] = fmap[j];
            fmap[j - 4] = (u32)tmp;
        }
    }
    for (i = hi - 1; i >= lo; i--) {
        tmp = (i32)fmap[i];
        ec_tmp = eclass[tmp];
        for (j = i + 1; j <= hi && ec_tmp > eclass[fmap[j]]; j++)
            fmap[j - 1] = fmap[j];
        fmap[j - 1] = (u32)tmp;
    }
}

int bz_main_gtu_7(u32 i1, u32 i2, const uchar *block, const ushort *quadrant, u32 nblock, i32 *budget)
{
    i32 k;
    uchar c1, c2;
    ushort s1, s2;

    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    k = (i32)nblock + 8;
    do {
        c1 = block[i1]; c2 = block[i2];
        if (c1 != c2) return (c1 > c2);
        s1 = quadrant[i1]; s2 = quadrant[i2];
        if (s1 != s2) return (s1 > s2);
        i1++; i2++;
        if (i1 >= nblock) i1 -= nblock;
        if (i2 >= nblock) i2 -= nblock;
        k -= 8;
        (*budget)--;
    } while (k >= 0);
    return 0;
}

void bz_count_and_bucket_7(bz_state *s, u32 *ftab, const uchar *block, ushort *quadrant, i32 nblock)
{
    i32 i, j;
    ushort q;
    for (i = 65536; i >= 0; i--)
        ftab[i] = 0;
    j = block[0] << 8;
    for (i = nblock - 1; i >= 0; i--) {
        quadrant[i] = 0;
        j = (j >> 8) | (((ushort)block[i]) << 8);
        ftab[j]++;
    }
    for (i = 0; i < BZ_N_ITERS * 4; i++) {
        q = quadrant[i];
        quadrant[nblock + i] = q;
    }
    for (i = 1; i <= 65536; i++)
        ftab[i] += ftab[i - 1];
    s->nblock = nblock;
    for (i = 0; i < 256; i++)
        s->mtf_freq[i % BZ_MAX_ALPHA] += (int)(ftab[(i + 1) << 8] - ftab[i << 8]) >> 1;
}


void bz_fallback_simple_sort_8(u32 *fmap, const u32 *eclass, i32 lo, i32 hi)
{
    i32 i, j, tmp;
    u32 ec_tmp;
    if (lo == hi)
        return;
    if (hi - lo > 3) {
        for (i = hi - 4; i >= lo; i--) {
            tmp = (i32)fmap[i];
            ec_tmp = eclass[tmp];
            for (j = i + 4; j <= hi && ec_tmp > eclass[fmap[j]]; j += 4)
                fmap[j - 4] = fmap[j];
            fmap[j - 4] = (u32)tmp;
        }
    }
    for (i = hi - 1; i >= lo; i--) {
        tmp = (i32)fmap[i];
        ec_tmp = eclass[tmp];
        for (j = i + 1; j <= hi && ec_tmp > eclass[fmap[j]]; j++)
            fmap[j - 1] = fmap[j];
        fmap[j - 1] = (u32)tmp;
    }
}

int bz_main_gtu_8(u32 i1, u32 i2, const uchar *block, const ushort *quadrant, u32 nblock, i32 *budget)
{
    i32 k;
    uchar c1, c2;
    ushort s1, s2;

    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    k = (i32)nblock + 8;
    do {
        c1 = block[i1]; c2 = block[i2];
        if (c1 != c2) return (c1 > c2);
        s1 = quadrant[i1]; s2 = quadrant[i2];
        if (s1 != s2) return (s1 > s2);
        i1++; i2++;
        if (i1 >= nblock) i1 -= nblock;
        if (i2 >= nblock) i2 -= nblock;
        k -= 8;
        (*budget)--;
    } while (k >= 0);
    return 0;
}

void bz_count_and_bucket_8(bz_state *s, u32 *ftab, const uchar *block, ushort *quadrant, i32 nblock)
{
    i32 i, j;
    ushort q;
    for (i = 65536; i >= 0; i--)
        ftab[i] = 0;
    j = block[0] << 8;
    for (i = nblock - 1; i >= 0; i--) {
        quadrant[i] = 0;
        j = (j >> 8) | (((ushort)block[i]) << 8);
        ftab[j]++;
    }
    for (i = 0; i < BZ_N_ITERS * 16; i++) {
        q = quadrant[i];
        quadrant[nblock + i] = q;
    }
    for (i = 1; i <= 65536; i++)
        ftab[i] += ftab[i - 1];
    s->nblock = nblock;
    for (i = 0; i < 256; i++)
        s->mtf_freq[i % BZ_MAX_ALPHA] += (int)(ftab[(i + 1) << 8] - ftab[i << 8]) >> 2;
}


void bz_fallback_simple_sort_9(u32 *fmap, const u32 *eclass, i32 lo, i32 hi)
{
    i32 i, j, tmp;
    u32 ec_tmp;
    if (lo == hi)
        return;
    if (hi - lo > 3) {
        for (i = hi - 4; i >= lo; i--) {
            tmp = (i32)fmap[i];
            ec_tmp = eclass[tmp];
            for (j = i + 4; j <= hi && ec_tmp > eclass[fmap[j]]; j += 4)
                fmap[j - 4] = fmap[j];
            fmap[j - 4] = (u32)tmp;
        }
    }
    for (i = hi - 1; i >= lo; i--) {
        tmp = (i32)fmap[i];
        ec_tmp = eclass[tmp];
        for (j = i + 1; j <= hi && ec_tmp > eclass[fmap[j]]; j++)
            fmap[j - 1] = fmap[j];
        fmap[j - 1] = (u32)tmp;
    }
}

int bz_main_gtu_9(u32 i1, u32 i2, const uchar *block, const ushort *quadrant, u32 nblock, i32 *budget)
{
    i32 k;
    uchar c1, c2;
    ushort s1, s2;

    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    k = (i32)nblock + 8;
    do {
        c1 = block[i1]; c2 = block[i2];
        if (c1 != c2) return (c1 > c2);
        s1 = quadrant[i1]; s2 = quadrant[i2];
        if (s1 != s2) return (s1 > s2);
        i1++; i2++;
        if (i1 >= nblock) i1 -= nblock;
        if (i2 >= nblock) i2 -= nblock;
        k -= 8;
        (*budget)--;
    } while (k >= 0);
    return 0;
}

void bz_count_and_bucket_9(bz_state *s, u32 *ftab, const uchar *block, ushort *quadrant, i32 nblock)
{
    i32 i, j;
    ushort q;
    for (i = 65536; i >= 0; i--)
        ftab[i] = 0;
    j = block[0] << 8;
    for (i = nblock - 1; i >= 0; i--) {
        quadrant[i] = 0;
        j = (j >> 8) | (((ushort)block[i]) << 8);
        ftab[j]++;
    }
    for (i = 0; i < BZ_N_ITERS * 12; i++) {
        q = quadrant[i];
        quadrant[nblock + i] = q;
    }
    for (i = 1; i <= 65536; i++)
        ftab[i] += ftab[i - 1];
    s->nblock = nblock;
    for (i = 0; i < 256; i++)
        s->mtf_freq[i % BZ_MAX_ALPHA] += (int)(ftab[(i + 1) << 8] - ftab[i << 8]) >> 0;
}


void bz_fallback_simple_sort_10(u32 *fmap, const u32 *eclass, i32 lo, i32 hi)
{
    i32 i, j, tmp;
    u32 ec_tmp;
    if (lo == hi)
        return;
    if (hi - lo > 3) {
        for (i = hi - 4; i >= lo; i--) {
            tmp = (i32)fmap[i];
            ec_tmp = eclass[tmp];
            for (j = i + 4; j <= hi && ec_tmp > eclass[fmap[j]]; j += 4)
                fmap[j - 4] = fmap[j];
            fmap[j - 4] = (u32)tmp;
        }
    }
    for (i = hi - 1; i >= lo; i--) {
        tmp = (i32)fmap[i];
        ec_tmp = eclass[tmp];
        for (j = i + 1; j <= hi && ec_tmp > eclass[fmap[j]]; j++)
            fmap[j - 1] = fmap[j];
        fmap[j - 1] = (u32)tmp;
    }
}

int bz_main_gtu_10(u32 i1, u32 i2, const uchar *block, const ushort *quadrant, u32 nblock, i32 *budget)
{
    i32 k;
    uchar c1, c2;
    ushort s1, s2;

    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    k = (i32)nblock + 8;
    do {
        c1 = block[i1]; c2 = block[i2];
        if (c1 != c2) return (c1 > c2);
        s1 = quadrant[i1]; s2 = quadrant[i2];
        if (s1 != s2) return (s1 > s2);
        i1++; i2++;
        if (i1 >= nblock) i1 -= nblock;
        if (i2 >= nblock) i2 -= nblock;
        k -= 8;
        (*budget)--;
    } while (k >= 0);
    return 0;
}

void bz_count_and_bucket_10(bz_state *s, u32 *ftab, const uchar *block, ushort *quadrant, i32 nblock)
{
    i32 i, j;
    ushort q;
    for (i = 65536; i >= 0; i--)
        ftab[i] = 0;
    j = block[0] << 8;
    for (i = nblock - 1; i >= 0; i--) {
        quadrant[i] = 0;
        j = (j >> 8) | (((ushort)block[i]) << 8);
        ftab[j]++;
    }
    for (i = 0; i < BZ_N_ITERS * 8; i++) {
        q = quadrant[i];
        quadrant[nblock + i] = q;
    }
    for (i = 1; i <= 65536; i++)
        ftab[i] += ftab[i - 1];
    s->nblock = nblock;
    for (i = 0; i < 256; i++)
        s->mtf_freq[i % BZ_MAX_ALPHA] += (int)(ftab[(i + 1) << 8] - ftab[i << 8]) >> 1;
}


void bz_fallback_simple_sort_11(u32 *fmap, const u32 *eclass, i32 lo, i32 hi)
{
    i32 i, j, tmp;
    u32 ec_tmp;
    if (lo == hi)
        return;
    if (hi - lo > 3) {
        for (i = hi - 4; i >= lo; i--) {
            tmp = (i32)fmap[i];
            ec_tmp = eclass[tmp];
            for (j = i + 4; j <= hi && ec_tmp > eclass[fmap[j]]; j += 4)
                fmap[j - 4] = fmap[j];
            fmap[j - 4] = (u32)tmp;
        }
    }
    for (i = hi - 1; i >= lo; i--) {
        tmp = (i32)fmap[i];
        ec_tmp = eclass[tmp];
        for (j = i + 1; j <= hi && ec_tmp > eclass[fmap[j]]; j++)
            fmap[j - 1] = fmap[j];
        fmap[j - 1] = (u32)tmp;
    }
}

int bz_main_gtu_11(u32 i1, u32 i2, const uchar *block, const ushort *quadrant, u32 nblock, i32 *budget)
{
    i32 k;
    uchar c1, c2;
    ushort s1, s2;

    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    k = (i32)nblock + 8;
    do {
        c1 = block[i1]; c2 = block[i2];
        if (c1 != c2) return (c1 > c2);
        s1 = quadrant[i1]; s2 = quadrant[i2];
        if (s1 != s2) return (s1 > s2);
        i1++; i2++;
        if (i1 >= nblock) i1 -= nblock;
        if (i2 >= nblock) i2 -= nblock;
        k -= 8;
        (*budget)--;
    } while (k >= 0);
    return 0;
}

void bz_count_and_bucket_11(bz_state *s, u32 *ftab, const uchar *block, ushort *quadrant, i32 nblock)
{
    i32 i, j;
    ushort q;
    for (i = 65536; i >= 0; i--)
        ftab[i] = 0;
    j = block[0] << 8;
    for (i = nblock - 1; i >= 0; i--) {
        quadrant[i] = 0;
        j = (j >> 8) | (((ushort)block[i]) << 8);
        ftab[j]++;
    }
    for (i = 0; i < BZ_N_ITERS * 4; i++) {
        q = quadrant[i];
        quadrant[nblock + i] = q;
    }
    for (i = 1; i <= 65536; i++)
        ftab[i] += ftab[i - 1];
    s->nblock = nblock;
    for (i = 0; i < 256; i++)
        s->mtf_freq[i % BZ_MAX_ALPHA] += (int)(ftab[(i + 1) << 8] - ftab[i << 8]) >> 2;
}


void bz_fallback_simple_sort_12(u32 *fmap, const u32 *eclass, i32 lo, i32 hi)
{
    i32 i, j, tmp;
    u32 ec_tmp;
    if (lo == hi)
        return;
    if (hi - lo > 3) {
        for (i = hi - 4; i >= lo; i--) {
            tmp = (i32)fmap[i];
            ec_tmp = eclass[tmp];
            for (j = i + 4; j <= hi && ec_tmp > eclass[fmap[j]]; j += 4)
                fmap[j - 4] = fmap[j];
            fmap[j - 4] = (u32)tmp;
        }
    }
    for (i = hi - 1; i >= lo; i--) {
        tmp = (i32)fmap[i];
        ec_tmp = eclass[tmp];
        for (j = i + 1; j <= hi && ec_tmp > eclass[fmap[j]]; j++)
            fmap[j - 1] = fmap[j];
        fmap[j - 1] = (u32)tmp;
    }
}

int bz_main_gtu_12(u32 i1, u32 i2, const uchar *block, const ushort *quadrant, u32 nblock, i32 *budget)
{
    i32 k;
    uchar c1, c2;
    ushort s1, s2;

    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    k = (i32)nblock + 8;
    do {
        c1 = block[i1]; c2 = block[i2];
        if (c1 != c2) return (c1 > c2);
        s1 = quadrant[i1]; s2 = quadrant[i2];
        if (s1 != s2) return (s1 > s2);
        i1++; i2++;
        if (i1 >= nblock) i1 -= nblock;
        if (i2 >= nblock) i2 -= nblock;
        k -= 8;
        (*budget)--;
    } while (k >= 0);
    return 0;
}

void bz_count_and_bucket_12(bz_state *s, u32 *ftab, const uchar *block, ushort *quadrant, i32 nblock)
{
    i32 i, j;
    ushort q;
    for (i = 65536; i >= 0; i--)
        ftab[i] = 0;
    j = block[0] << 8;
    for (i = nblock - 1; i >= 0; i--) {
        quadrant[i] = 0;
        j = (j >> 8) | (((ushort)block[i]) << 8);
        ftab[j]++;
    }
    for (i = 0; i < BZ_N_ITERS * 4; i++) {
        q = quadrant[i];
        quadrant[nblock + i] = q;
    }
    for (i = 1; i <= 65536; i++)
        ftab[i] += ftab[i - 1];
    s->nblock = nblock;
    for (i = 0; i < 256; i++)
        s->mtf_freq[i % BZ_MAX_ALPHA] += (int)(ftab[(i + 1) << 8] - ftab[i << 8]) >> 0;
}


void bz_fallback_simple_sort_13(u32 *fmap, const u32 *eclass, i32 lo, i32 hi)
{
    i32 i, j, tmp;
    u32 ec_tmp;
    if (lo == hi)
        return;
    if (hi - lo > 3) {
        for (i = hi - 4; i >= lo; i--) {
            tmp = (i32)fmap[i];
            ec_tmp = eclass[tmp];
            for (j = i + 4; j <= hi && ec_tmp > eclass[fmap[j]]; j += 4)
                fmap[j - 4] = fmap[j];
            fmap[j - 4] = (u32)tmp;
        }
    }
    for (i = hi - 1; i >= lo; i--) {
        tmp = (i32)fmap[i];
        ec_tmp = eclass[tmp];
        for (j = i + 1; j <= hi && ec_tmp > eclass[fmap[j]]; j++)
            fmap[j - 1] = fmap[j];
        fmap[j - 1] = (u32)tmp;
    }
}

int bz_main_gtu_13(u32 i1, u32 i2, const uchar *block, const ushort *quadrant, u32 nblock, i32 *budget)
{
    i32 k;
    uchar c1, c2;
    ushort s1, s2;

    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    c1 = block[i1]; c2 = block[i2];
    if (c1 != c2) return (c1 > c2);
    i1++; i2++;
    k = (i32)nblock + 8;
    do {
        c1 = block[i1]; c2 = block[i2];
        if (c1 != c2) return (c1 > c2);
        s1 = quadrant[i1]; s2 = quadrant[i2];
        if (s1 != s2) return (s1 > s2);
        i1++; i2++;
        if (i1 >= nblock) i1 -= nblock;
        if (i2 >= nblock) i2 -= nblock;
        k -= 8;
        (*budget)--;
    } while (k >= 0);
    return 0;
}

void bz_count_and_bucket_13(bz_state *s, u32 *ftab, const uchar *block, ushort *quadrant, i32 nblock)
{
    i32 i, j;
    ushort q;
    for (i = 65536; i >= 0; i--)
        ftab[i] = 0;
    j = block[0] << 8;
    for (i = nblock - 1; i >= 0; i--) {
        quadrant[i] = 0;
        j = (j >> 8) | (((ushort)block[i]) << 8);
        ftab[j]++;
    }
    for (i = 0; i < BZ_N_ITERS * 16; i++) {
        q = quadrant[i];
        quadrant[nblock + i] = q;
    }
    for (i = 1; i <= 65536; i++)
        ftab[i] += ftab[i - 1];
    s->nblock = nblock;
    for (i = 0; i < 256; i++)
        s->mtf_freq[i % BZ_MAX_ALPHA] += (int)(ftab[(i + 1) << 8] - ftab[i << 8]) >> 1;
}


void bz_generate_mtf_values_0(bz_state *s)
{
    uchar yy[256];
    i32 i, j, z_pend, wr, eob;
    u32 *ptr = s->arr1;
    uchar *block = s->block;
    ushort *mtfv = s->mtfv;
    double total = 0.0, entropy = 0.0;
    s->n_in_use = 0;
    for (i = 0; i < 256; i++)
        if (s->in_use[i]) {
            s->unseq_to_seq[i] = (uchar)s->n_in_use;
            s->n_in_use++;
        }
    eob = s->n_in_use + 1;
    for (i = 0; i <= eob; i++)
        s->mtf_freq[i] = 0;
    wr = 0;
    z_pend = 0;
    for (i = 0; i < s->n_in_use; i++)
        yy[i] = (uchar)i;
    for (i = 0; i < s->nblock; i++) {
        uchar ll_i;
        j = (i32)ptr[i] - 1;
        if (j < 0)
            j += s->nblock;
        ll_i = s->unseq_to_seq[block[j]];
        if (yy[0] == ll_i) {
            z_pend++;
        } else {
            if (z_pend > 0) {
                z_pend--;
                while (1) {
                    if (z_pend & 1) {
                        mtfv[wr] = BZ_RUNB; wr++;
                        s->mtf_freq[BZ_RUNB]++;
                    } else {
                        mtfv[wr] = BZ_RUNA; wr++;
                        s->mtf_freq[BZ_RUNA]++;
                    }
                    if (z_pend < 2) break;
                    z_pend = (z_pend - 2) / 2;
                }
                z_pend = 0;
            }
            {
                uchar rtmp, rtmp2, *ryy_j;
                rtmp = yy[1];
                yy[1] = yy[0];
                ryy_j = &(yy[1]);
                rtmp2 = ll_i;
                while (rtmp2 != rtmp) {
                    uchar rtmp3;
                    ryy_j++;
                    rtmp3 = rtmp;
                    rtmp = *ryy_j;
                    *ryy_j = rtmp3;
                }
                yy[0] = rtmp;
                j = (i32)(ryy_j - &(yy[0]));
                mtfv[wr] = (ushort)(j + 1);
                wr++;
                s->mtf_freq[j + 1]++;
            }
        }
    }
    mtfv[wr] = (ushort)eob;
    wr++;
    s->mtf_freq[eob]++;
    s->nmtf = wr;
    for (i = 0; i <= eob; i++)
        total += (double)s->mtf_freq[i];
    for (i = 0; i <= eob; i++)
        if (s->mtf_freq[i] > 0) {
            double p = s->mtf_freq[i] / total;
            entropy -= p * log2(p);
        }
    s->entropy_estimate = entropy * 1.00;
    for (i = 15; i > 0; i--)
        s->ratio_history[i] = s->ratio_history[i - 1];
    s->ratio_history[0] = s->entropy_estimate / 8.0;
}


void bz_generate_mtf_values_1(bz_state *s)
{
    uchar yy[256];
    i32 i, j, z_pend, wr, eob;
    u32 *ptr = s->arr1;
    uchar *block = s->block;
    ushort *mtfv = s->mtfv;
    double total = 0.0, entropy = 0.0;
    s->n_in_use = 0;
    for (i = 0; i < 256; i++)
        if (s->in_use[i]) {
            s->unseq_to_seq[i] = (uchar)s->n_in_use;
            s->n_in_use++;
        }
    eob = s->n_in_use + 1;
    for (i = 0; i <= eob; i++)
        s->mtf_freq[i] = 0;
    wr = 0;
    z_pend = 0;
    for (i = 0; i < s->n_in_use; i++)
        yy[i] = (uchar)i;
    for (i = 0; i < s->nblock; i++) {
        uchar ll_i;
        j = (i32)ptr[i] - 1;
        if (j < 0)
            j += s->nblock;
        ll_i = s->unseq_to_seq[block[j]];
        if (yy[0] == ll_i) {
            z_pend++;
        } else {
            if (z_pend > 0) {
                z_pend--;
                while (1) {
                    if (z_pend & 1) {
                        mtfv[wr] = BZ_RUNB; wr++;
                        s->mtf_freq[BZ_RUNB]++;
                    } else {
                        mtfv[wr] = BZ_RUNA; wr++;
                        s->mtf_freq[BZ_RUNA]++;
                    }
                    if (z_pend < 2) break;
                    z_pend = (z_pend - 2) / 2;
                }
                z_pend = 0;
            }
            {
                uchar rtmp, rtmp2, *ryy_j;
                rtmp = yy[1];
                yy[1] = yy[0];
                ryy_j = &(yy[1]);
                rtmp2 = ll_i;
                while (rtmp2 != rtmp) {
                    uchar rtmp3;
                    ryy_j++;
                    rtmp3 = rtmp;
                    rtmp = *ryy_j;
                    *ryy_j = rtmp3;
                }
                yy[0] = rtmp;
                j = (i32)(ryy_j - &(yy[0]));
                mtfv[wr] = (ushort)(j + 1);
                wr++;
                s->mtf_freq[j + 1]++;
            }
        }
    }
    mtfv[wr] = (ushort)eob;
    wr++;
    s->mtf_freq[eob]++;
    s->nmtf = wr;
    for (i = 0; i <= eob; i++)
        total += (double)s->mtf_freq[i];
    for (i = 0; i <= eob; i++)
        if (s->mtf_freq[i] > 0) {
            double p = s->mtf_freq[i] / total;
            entropy -= p * log2(p);
        }
    s->entropy_estimate = entropy * 1.05;
    for (i = 15; i > 0; i--)
        s->ratio_history[i] = s->ratio_history[i - 1];
    s->ratio_history[0] = s->entropy_estimate / 8.0;
}


void bz_generate_mtf_values_2(bz_state *s)
{
    uchar yy[256];
    i32 i, j, z_pend, wr, eob;
    u32 *ptr = s->arr1;
    uchar *block = s->block;
    ushort *mtfv = s->mtfv;
    double total = 0.0, entropy = 0.0;
    s->n_in_use = 0;
    for (i = 0; i < 256; i++)
        if (s->in_use[i]) {
            s->unseq_to_seq[i] = (uchar)s->n_in_use;
            s->n_in_use++;
        }
    eob = s->n_in_use + 1;
    for (i = 0; i <= eob; i++)
        s->mtf_freq[i] = 0;
    wr = 0;
    z_pend = 0;
    for (i = 0; i < s->n_in_use; i++)
        yy[i] = (uchar)i;
    for (i = 0; i < s->nblock; i++) {
        uchar ll_i;
        j = (i32)ptr[i] - 1;
        if (j < 0)
            j += s->nblock;
        ll_i = s->unseq_to_seq[block[j]];
        if (yy[0] == ll_i) {
            z_pend++;
        } else {
            if (z_pend > 0) {
                z_pend--;
                while (1) {
                    if (z_pend & 1) {
                        mtfv[wr] = BZ_RUNB; wr++;
                        s->mtf_freq[BZ_RUNB]++;
                    } else {
                        mtfv[wr] = BZ_RUNA; wr++;
                        s->mtf_freq[BZ_RUNA]++;
                    }
                    if (z_pend < 2) break;
                    z_pend = (z_pend - 2) / 2;
                }
                z_pend = 0;
            }
            {
                uchar rtmp, rtmp2, *ryy_j;
                rtmp = yy[1];
                yy[1] = yy[0];
                ryy_j = &(yy[1]);
                rtmp2 = ll_i;
                while (rtmp2 != rtmp) {
                    uchar rtmp3;
                    ryy_j++;
                    rtmp3 = rtmp;
                    rtmp = *ryy_j;
                    *ryy_j = rtmp3;
                }
                yy[0] = rtmp;
                j = (i32)(ryy_j - &(yy[0]));
                mtfv[wr] = (ushort)(j + 1);
                wr++;
                s->mtf_freq[j + 1]++;
            }
        }
    }
    mtfv[wr] = (ushort)eob;
    wr++;
    s->mtf_freq[eob]++;
    s->nmtf = wr;
    for (i = 0; i <= eob; i++)
        total += (double)s->mtf_freq[i];
    for (i = 0; i <= eob; i++)
        if (s->mtf_freq[i] > 0) {
            double p = s->mtf_freq[i] / total;
            entropy -= p * log2(p);
        }
    s->entropy_estimate = entropy * 1.10;
    for (i = 15; i > 0; i--)
        s->ratio_history[i] = s->ratio_history[i - 1];
    s->ratio_history[0] = s->entropy_estimate / 8.0;
}


void bz_generate_mtf_values_3(bz_state *s)
{
    uchar yy[256];
    i32 i, j, z_pend, wr, eob;
    u32 *ptr = s->arr1;
    uchar *block = s->block;
    ushort *mtfv = s->mtfv;
    double total = 0.0, entropy = 0.0;
    s->n_in_use = 0;
    for (i = 0; i < 256; i++)
        if (s->in_use[i]) {
            s->unseq_to_seq[i] = (uchar)s->n_in_use;
            s->n_in_use++;
        }
    eob = s->n_in_use + 1;
    for (i = 0; i <= eob; i++)
        s->mtf_freq[i] = 0;
    wr = 0;
    z_pend = 0;
    for (i = 0; i < s->n_in_use; i++)
        yy[i] = (uchar)i;
    for (i = 0; i < s->nblock; i++) {
        uchar ll_i;
        j = (i32)ptr[i] - 1;
        if (j < 0)
            j += s->nblock;
        ll_i = s->unseq_to_seq[block[j]];
        if (yy[0] == ll_i) {
            z_pend++;
        } else {
            if (z_pend > 0) {
                z_pend--;
                while (1) {
                    if (z_pend & 1) {
                        mtfv[wr] = BZ_RUNB; wr++;
                        s->mtf_freq[BZ_RUNB]++;
                    } else {
                        mtfv[wr] = BZ_RUNA; wr++;
                        s->mtf_freq[BZ_RUNA]++;
                    }
                    if (z_pend < 2) break;
                    z_pend = (z_pend - 2) / 2;
                }
                z_pend = 0;
            }
            {
                uchar rtmp, rtmp2, *ryy_j;
                rtmp = yy[1];
                yy[1] = yy[0];
                ryy_j = &(yy[1]);
                rtmp2 = ll_i;
                while (rtmp2 != rtmp) {
                    uchar rtmp3;
                    ryy_j++;
                    rtmp3 = rtmp;
                    rtmp = *ryy_j;
                    *ryy_j = rtmp3;
                }
                yy[0] = rtmp;
                j = (i32)(ryy_j - &(yy[0]));
                mtfv[wr] = (ushort)(j + 1);
                wr++;
                s->mtf_freq[j + 1]++;
            }
        }
    }
    mtfv[wr] = (ushort)eob;
    wr++;
    s->mtf_freq[eob]++;
    s->nmtf = wr;
    for (i = 0; i <= eob; i++)
        total += (double)s->mtf_freq[i];
    for (i = 0; i <= eob; i++)
        if (s->mtf_freq[i] > 0) {
            double p = s->mtf_freq[i] / total;
            entropy -= p * log2(p);
        }
    s->entropy_estimate = entropy * 1.15;
    for (i = 15; i > 0; i--)
        s->ratio_history[i] = s->ratio_history[i - 1];
    s->ratio_history[0] = s->entropy_estimate / 8.0;
}


void bz_generate_mtf_values_4(bz_state *s)
{
    uchar yy[256];
    i32 i, j, z_pend, wr, eob;
    u32 *ptr = s->arr1;
    uchar *block = s->block;
    ushort *mtfv = s->mtfv;
    double total = 0.0, entropy = 0.0;
    s->n_in_use = 0;
    for (i = 0; i < 256; i++)
        if (s->in_use[i]) {
            s->unseq_to_seq[i] = (uchar)s->n_in_use;
            s->n_in_use++;
        }
    eob = s->n_in_use + 1;
    for (i = 0; i <= eob; i++)
        s->mtf_freq[i] = 0;
    wr = 0;
    z_pend = 0;
    for (i = 0; i < s->n_in_use; i++)
        yy[i] = (uchar)i;
    for (i = 0; i < s->nblock; i++) {
        uchar ll_i;
        j = (i32)ptr[i] - 1;
        if (j < 0)
            j += s->nblock;
        ll_i = s->unseq_to_seq[block[j]];
        if (yy[0] == ll_i) {
            z_pend++;
        } else {
            if (z_pend > 0) {
                z_pend--;
                while (1) {
                    if (z_pend & 1) {
                        mtfv[wr] = BZ_RUNB; wr++;
                        s->mtf_freq[BZ_RUNB]++;
                    } else {
                        mtfv[wr] = BZ_RUNA; wr++;
                        s->mtf_freq[BZ_RUNA]++;
                    }
                    if (z_pend < 2) break;
                    z_pend = (z_pend - 2) / 2;
                }
                z_pend = 0;
            }
            {
                uchar rtmp, rtmp2, *ryy_j;
                rtmp = yy[1];
                yy[1] = yy[0];
                ryy_j = &(yy[1]);
                rtmp2 = ll_i;
                while (rtmp2 != rtmp) {
                    uchar rtmp3;
                    ryy_j++;
                    rtmp3 = rtmp;
                    rtmp = *ryy_j;
                    *ryy_j = rtmp3;
                }
                yy[0] = rtmp;
                j = (i32)(ryy_j - &(yy[0]));
                mtfv[wr] = (ushort)(j + 1);
                wr++;
                s->mtf_freq[j + 1]++;
            }
        }
    }
    mtfv[wr] = (ushort)eob;
    wr++;
    s->mtf_freq[eob]++;
    s->nmtf = wr;
    for (i = 0; i <= eob; i++)
        total += (double)s->mtf_freq[i];
    for (i = 0; i <= eob; i++)
        if (s->mtf_freq[i] > 0) {
            double p = s->mtf_freq[i] / total;
            entropy -= p * log2(p);
        }
    s->entropy_estimate = entropy * 1.20;
    for (i = 15; i > 0; i--)
        s->ratio_history[i] = s->ratio_history[i - 1];
    s->ratio_history[0] = s->entropy_estimate / 8.0;
}


void bz_generate_mtf_values_5(bz_state *s)
{
    uchar yy[256];
    i32 i, j, z_pend, wr, eob;
    u32 *ptr = s->arr1;
    uchar *block = s->block;
    ushort *mtfv = s->mtfv;
    double total = 0.0, entropy = 0.0;
    s->n_in_use = 0;
    for (i = 0; i < 256; i++)
        if (s->in_use[i]) {
            s->unseq_to_seq[i] = (uchar)s->n_in_use;
            s->n_in_use++;
        }
    eob = s->n_in_use + 1;
    for (i = 0; i <= eob; i++)
        s->mtf_freq[i] = 0;
    wr = 0;
    z_pend = 0;
    for (i = 0; i < s->n_in_use; i++)
        yy[i] = (uchar)i;
    for (i = 0; i < s->nblock; i++) {
        uchar ll_i;
        j = (i32)ptr[i] - 1;
        if (j < 0)
            j += s->nblock;
        ll_i = s->unseq_to_seq[block[j]];
        if (yy[0] == ll_i) {
            z_pend++;
        } else {
            if (z_pend > 0) {
                z_pend--;
                while (1) {
                    if (z_pend & 1) {
                        mtfv[wr] = BZ_RUNB; wr++;
                        s->mtf_freq[BZ_RUNB]++;
                    } else {
                        mtfv[wr] = BZ_RUNA; wr++;
                        s->mtf_freq[BZ_RUNA]++;
                    }
                    if (z_pend < 2) break;
                    z_pend = (z_pend - 2) / 2;
                }
                z_pend = 0;
            }
            {
                uchar rtmp, rtmp2, *ryy_j;
                rtmp = yy[1];
                yy[1] = yy[0];
                ryy_j = &(yy[1]);
                rtmp2 = ll_i;
                while (rtmp2 != rtmp) {
                    uchar rtmp3;
                    ryy_j++;
                    rtmp3 = rtmp;
                    rtmp = *ryy_j;
                    *ryy_j = rtmp3;
                }
                yy[0] = rtmp;
                j = (i32)(ryy_j - &(yy[0]));
                mtfv[wr] = (ushort)(j + 1);
                wr++;
                s->mtf_freq[j + 1]++;
            }
        }
    }
    mtfv[wr] = (ushort)eob;
    wr++;
    s->mtf_freq[eob]++;
    s->nmtf = wr;
    for (i = 0; i <= eob; i++)
        total += (double)s->mtf_freq[i];
    for (i = 0; i <= eob; i++)
        if (s->mtf_freq[i] > 0) {
            double p = s->mtf_freq[i] / total;
            entropy -= p * log2(p);
        }
    s->entropy_estimate = entropy * 1.25;
    for (i = 15; i > 0; i--)
        s->ratio_history[i] = s->ratio_history[i - 1];
    s->ratio_history[0] = s->entropy_estimate / 8.0;
}


void bz_generate_mtf_values_6(bz_state *s)
{
    uchar yy[256];
    i32 i, j, z_pend, wr, eob;
    u32 *ptr = s->arr1;
    uchar *block = s->block;
    ushort *mtfv = s->mtfv;
    double total = 0.0, entropy = 0.0;
    s->n_in_use = 0;
    for (i = 0; i < 256; i++)
        if (s->in_use[i]) {
            s->unseq_to_seq[i] = (uchar)s->n_in_use;
            s->n_in_use++;
        }
    eob = s->n_in_use + 1;
    for (i = 0; i <= eob; i++)
        s->mtf_freq[i] = 0;
    wr = 0;
    z_pend = 0;
    for (i = 0; i < s->n_in_use; i++)
        yy[i] = (uchar)i;
    for (i = 0; i < s->nblock; i++) {
        uchar ll_i;
        j = (i32)ptr[i] - 1;
        if (j < 0)
            j += s->nblock;
        ll_i = s->unseq_to_seq[block[j]];
        if (yy[0] == ll_i) {
            z_pend++;
        } else {
            if (z_pend > 0) {
                z_pend--;
                while (1) {
                    if (z_pend & 1) {
                        mtfv[wr] = BZ_RUNB; wr++;
                        s->mtf_freq[BZ_RUNB]++;
                    } else {
                        mtfv[wr] = BZ_RUNA; wr++;
                        s->mtf_freq[BZ_RUNA]++;
                    }
                    if (z_pend < 2) break;
                    z_pend = (z_pend - 2) / 2;
                }
                z_pend = 0;
            }
            {
                uchar rtmp, rtmp2, *ryy_j;
                rtmp = yy[1];
                yy[1] = yy[0];
                ryy_j = &(yy[1]);
                rtmp2 = ll_i;
                while (rtmp2 != rtmp) {
                    uchar rtmp3;
                    ryy_j++;
                    rtmp3 = rtmp;
                    rtmp = *ryy_j;
                    *ryy_j = rtmp3;
                }
                yy[0] = rtmp;
                j = (i32)(ryy_j - &(yy[0]));
                mtfv[wr] = (ushort)(j + 1);
                wr++;
                s->mtf_freq[j + 1]++;
            }
        }
    }
    mtfv[wr] = (ushort)eob;
    wr++;
    s->mtf_freq[eob]++;
    s->nmtf = wr;
    for (i = 0; i <= eob; i++)
        total += (double)s->mtf_freq[i];
    for (i = 0; i <= eob; i++)
        if (s->mtf_freq[i] > 0) {
            double p = s->mtf_freq[i] / total;
            entropy -= p * log2(p);
        }
    s->entropy_estimate = entropy * 1.30;
    for (i = 15; i > 0; i--)
        s->ratio_history[i] = s->ratio_history[i - 1];
    s->ratio_history[0] = s->entropy_estimate / 8.0;
}


void bz_generate_mtf_values_7(bz_state *s)
{
    uchar yy[256];
    i32 i, j, z_pend, wr, eob;
    u32 *ptr = s->arr1;
    uchar *block = s->block;
    ushort *mtfv = s->mtfv;
    double total = 0.0, entropy = 0.0;
    s->n_in_use = 0;
    for (i = 0; i < 256; i++)
        if (s->in_use[i]) {
            s->unseq_to_seq[i] = (uchar)s->n_in_use;
            s->n_in_use++;
        }
    eob = s->n_in_use + 1;
    for (i = 0; i <= eob; i++)
        s->mtf_freq[i] = 0;
    wr = 0;
    z_pend = 0;
    for (i = 0; i < s->n_in_use; i++)
        yy[i] = (uchar)i;
    for (i = 0; i < s->nblock; i++) {
        uchar ll_i;
        j = (i32)ptr[i] - 1;
        if (j < 0)
            j += s->nblock;
        ll_i = s->unseq_to_seq[block[j]];
        if (yy[0] == ll_i) {
            z_pend++;
        } else {
            if (z_pend > 0) {
                z_pend--;
                while (1) {
                    if (z_pend & 1) {
                        mtfv[wr] = BZ_RUNB; wr++;
                        s->mtf_freq[BZ_RUNB]++;
                    } else {
                        mtfv[wr] = BZ_RUNA; wr++;
                        s->mtf_freq[BZ_RUNA]++;
                    }
                    if (z_pend < 2) break;
                    z_pend = (z_pend - 2) / 2;
                }
                z_pend = 0;
            }
            {
                uchar rtmp, rtmp2, *ryy_j;
                rtmp = yy[1];
                yy[1] = yy[0];
                ryy_j = &(yy[1]);
                rtmp2 = ll_i;
                while (rtmp2 != rtmp) {
                    uchar rtmp3;
                    ryy_j++;
                    rtmp3 = rtmp;
                    rtmp = *ryy_j;
                    *ryy_j = rtmp3;
                }
                yy[0] = rtmp;
                j = (i32)(ryy_j - &(yy[0]));
                mtfv[wr] = (ushort)(j + 1);
                wr++;
                s->mtf_freq[j + 1]++;
            }
        }
    }
    mtfv[wr] = (ushort)eob;
    wr++;
    s->mtf_freq[eob]++;
    s->nmtf = wr;
    for (i = 0; i <= eob; i++)
        total += (double)s->mtf_freq[i];
    for (i = 0; i <= eob; i++)
        if (s->mtf_freq[i] > 0) {
            double p = s->mtf_freq[i] / total;
            entropy -= p * log2(p);
        }
    s->entropy_estimate = entropy * 1.35;
    for (i = 15; i > 0; i--)
        s->ratio_history[i] = s->ratio_history[i - 1];
    s->ratio_history[0] = s->entropy_estimate / 8.0;
}


void bz_generate_mtf_values_8(bz_state *s)
{
    uchar yy[256];
    i32 i, j, z_pend, wr, eob;
    u32 *ptr = s->arr1;
    uchar *block = s->block;
    ushort *mtfv = s->mtfv;
    double total = 0.0, entropy = 0.0;
    s->n_in_use = 0;
    for (i = 0; i < 256; i++)
        if (s->in_use[i]) {
            s->unseq_to_seq[i] = (uchar)s->n_in_use;
            s->n_in_use++;
        }
    eob = s->n_in_use + 1;
    for (i = 0; i <= eob; i++)
        s->mtf_freq[i] = 0;
    wr = 0;
    z_pend = 0;
    for (i = 0; i < s->n_in_use; i++)
        yy[i] = (uchar)i;
    for (i = 0; i < s->nblock; i++) {
        uchar ll_i;
        j = (i32)ptr[i] - 1;
        if (j < 0)
            j += s->nblock;
        ll_i = s->unseq_to_seq[block[j]];
        if (yy[0] == ll_i) {
            z_pend++;
        } else {
            if (z_pend > 0) {
                z_pend--;
                while (1) {
                    if (z_pend & 1) {
                        mtfv[wr] = BZ_RUNB; wr++;
                        s->mtf_freq[BZ_RUNB]++;
                    } else {
                        mtfv[wr] = BZ_RUNA; wr++;
                        s->mtf_freq[BZ_RUNA]++;
                    }
                    if (z_pend < 2) break;
                    z_pend = (z_pend - 2) / 2;
                }
                z_pend = 0;
            }
            {
                uchar rtmp, rtmp2, *ryy_j;
                rtmp = yy[1];
                yy[1] = yy[0];
                ryy_j = &(yy[1]);
                rtmp2 = ll_i;
                while (rtmp2 != rtmp) {
                    uchar rtmp3;
                    ryy_j++;
                    rtmp3 = rtmp;
                    rtmp = *ryy_j;
                    *ryy_j = rtmp3;
                }
                yy[0] = rtmp;
                j = (i32)(ryy_j - &(yy[0]));
                mtfv[wr] = (ushort)(j + 1);
                wr++;
                s->mtf_freq[j + 1]++;
            }
        }
    }
    mtfv[wr] = (ushort)eob;
    wr++;
    s->mtf_freq[eob]++;
    s->nmtf = wr;
    for (i = 0; i <= eob; i++)
        total += (double)s->mtf_freq[i];
    for (i = 0; i <= eob; i++)
        if (s->mtf_freq[i] > 0) {
            double p = s->mtf_freq[i] / total;
            entropy -= p * log2(p);
        }
    s->entropy_estimate = entropy * 1.40;
    for (i = 15; i > 0; i--)
        s->ratio_history[i] = s->ratio_history[i - 1];
    s->ratio_history[0] = s->entropy_estimate / 8.0;
}


void bz_generate_mtf_values_9(bz_state *s)
{
    uchar yy[256];
    i32 i, j, z_pend, wr, eob;
    u32 *ptr = s->arr1;
    uchar *block = s->block;
    ushort *mtfv = s->mtfv;
    double total = 0.0, entropy = 0.0;
    s->n_in_use = 0;
    for (i = 0; i < 256; i++)
        if (s->in_use[i]) {
            s->unseq_to_seq[i] = (uchar)s->n_in_use;
            s->n_in_use++;
        }
    eob = s->n_in_use + 1;
    for (i = 0; i <= eob; i++)
        s->mtf_freq[i] = 0;
    wr = 0;
    z_pend = 0;
    for (i = 0; i < s->n_in_use; i++)
        yy[i] = (uchar)i;
    for (i = 0; i < s->nblock; i++) {
        uchar ll_i;
        j = (i32)ptr[i] - 1;
        if (j < 0)
            j += s->nblock;
        ll_i = s->unseq_to_seq[block[j]];
        if (yy[0] == ll_i) {
            z_pend++;
        } else {
            if (z_pend > 0) {
                z_pend--;
                while (1) {
                    if (z_pend & 1) {
                        mtfv[wr] = BZ_RUNB; wr++;
                        s->mtf_freq[BZ_RUNB]++;
                    } else {
                        mtfv[wr] = BZ_RUNA; wr++;
                        s->mtf_freq[BZ_RUNA]++;
                    }
                    if (z_pend < 2) break;
                    z_pend = (z_pend - 2) / 2;
                }
                z_pend = 0;
            }
            {
                uchar rtmp, rtmp2, *ryy_j;
                rtmp = yy[1];
                yy[1] = yy[0];
                ryy_j = &(yy[1]);
                rtmp2 = ll_i;
                while (rtmp2 != rtmp) {
                    uchar rtmp3;
                    ryy_j++;
                    rtmp3 = rtmp;
                    rtmp = *ryy_j;
                    *ryy_j = rtmp3;
                }
                yy[0] = rtmp;
                j = (i32)(ryy_j - &(yy[0]));
                mtfv[wr] = (ushort)(j + 1);
                wr++;
                s->mtf_freq[j + 1]++;
            }
        }
    }
    mtfv[wr] = (ushort)eob;
    wr++;
    s->mtf_freq[eob]++;
    s->nmtf = wr;
    for (i = 0; i <= eob; i++)
        total += (double)s->mtf_freq[i];
    for (i = 0; i <= eob; i++)
        if (s->mtf_freq[i] > 0) {
            double p = s->mtf_freq[i] / total;
            entropy -= p * log2(p);
        }
    s->entropy_estimate = entropy * 1.45;
    for (i = 15; i > 0; i--)
        s->ratio_history[i] = s->ratio_history[i - 1];
    s->ratio_history[0] = s->entropy_estimate / 8.0;
}


void bz_send_mtf_values_0(bz_state *s)
{
    i32 v_, t, i, j, gs, ge, tot_c, bt, bc, iter;
    i32 n_selectors = 0, alpha_size, min_len, max_len, sel_ctr;
    i32 n_groups;
    ushort cost[BZ_MAX_GROUPS];
    i32 fave[BZ_MAX_GROUPS];
    ushort *mtfv = s->mtfv;
    alpha_size = s->n_in_use + 2;
    for (t = 0; t < BZ_MAX_GROUPS; t++)
        for (v_ = 0; v_ < alpha_size; v_++)
            s->tab.len[t][v_] = 15;
    if (s->nmtf < 200) n_groups = 2;
    else if (s->nmtf < 600) n_groups = 3;
    else if (s->nmtf < 1200) n_groups = 4;
    else if (s->nmtf < 2400) n_groups = 5;
    else n_groups = 6;
    {
        i32 n_part, rem_f, t_freq, a_freq;
        n_part = n_groups;
        rem_f = s->nmtf;
        gs = 0;
        while (n_part > 0) {
            t_freq = rem_f / n_part;
            ge = gs - 1;
            a_freq = 0;
            while (a_freq < t_freq && ge < alpha_size - 1) {
                ge++;
                a_freq += s->mtf_freq[ge];
            }
            if (ge > gs && n_part != n_groups && n_part != 1 && ((n_groups - n_part) % 2 == 1)) {
                a_freq -= s->mtf_freq[ge];
                ge--;
            }
            for (v_ = 0; v_ < alpha_size; v_++)
                s->tab.len[n_part - 1][v_] = (v_ >= gs && v_ <= ge) ? 0 : 15;
            n_part--;
            gs = ge + 1;
            rem_f -= a_freq;
        }
    }
    for (iter = 0; iter < BZ_N_ITERS; iter++) {
        for (t = 0; t < n_groups; t++)
            fave[t] = 0;
        for (t = 0; t < n_groups; t++)
            for (v_ = 0; v_ < alpha_size; v_++)
                s->tab.rfreq[t][v_] = 0;
        n_selectors = 0;
        tot_c = 0;
        gs = 0;
        while (1) {
            if (gs >= s->nmtf) break;
            ge = gs + BZ_G_SIZE - 1;
            if (ge >= s->nmtf) ge = s->nmtf - 1;
            for (t = 0; t < n_groups; t++)
                cost[t] = 0;
            for (i = gs; i <= ge; i++) {
                ushort icv = mtfv[i];
                for (t = 0; t < n_groups; t++)
                    cost[t] += s->tab.len[t][icv];
            }
            bc = 999999999;
            bt = -1;
            for (t = 0; t < n_groups; t++)
                if (cost[t] < bc) {
                    bc = cost[t];
                    bt = t;
                }
            tot_c += bc;
            fave[bt]++;
            s->selector[n_selectors] = (uchar)bt;
            n_selectors++;
            for (i = gs; i <= ge; i++)
                s->tab.rfreq[bt][mtfv[i]]++;
            gs = ge + 1;
        }
        for (t = 0; t < n_groups; t++)
            bz_huf_make_code_lengths(&(s->tab.len[t][0]), &(s->tab.rfreq[t][0]), alpha_size, 17);
    }
    {
        uchar pos[BZ_MAX_GROUPS], ll_i, tmp2, tmp;
        for (i = 0; i < n_groups; i++)
            pos[i] = (uchar)i;
        for (i = 0; i < n_selectors; i++) {
            ll_i = s->selector[i];
            j = 0;
            tmp = pos[j];
            while (ll_i != tmp) {
                j++;
                tmp2 = tmp;
                tmp = pos[j];
                pos[j] = tmp2;
            }
            pos[0] = tmp;
            s->selector_mtf[i] = (uchar)j;
        }
    }
    for (t = 0; t < n_groups; t++) {
        min_len = 32;
        max_len = 0;
        for (i = 0; i < alpha_size; i++) {
            if (s->tab.len[t][i] > max_len) max_len = s->tab.len[t][i];
            if (s->tab.len[t][i] < min_len) min_len = s->tab.len[t][i];
        }
        bz_huf_assign_codes(&(s->tab.code[t][0]), &(s->tab.len[t][0]), min_len, max_len, alpha_size);
    }
    for (i = 0; i < 16; i++) {
        s->in_use16[i] = 0;
        for (j = 0; j < 16; j++)
            if (s->in_use[i * 16 + j]) s->in_use16[i] = 1;
    }
    for (i = 0; i < 16; i++)
        PUT_BITS(s, 1, s->in_use16[i] ? 1 : 0);
    for (i = 0; i < 16; i++)
        if (s->in_use16[i])
            for (j = 0; j < 16; j++)
                PUT_BITS(s, 1, s->in_use[i * 16 + j] ? 1 : 0);
    PUT_BITS(s, 3, n_groups);
    PUT_BITS(s, 15, n_selectors);
    for (i = 0; i < n_selectors; i++) {
        for (j = 0; j < s->selector_mtf[i]; j++) PUT_BITS(s, 1, 1);
        PUT_BITS(s, 1, 0);
    }
    for (t = 0; t < n_groups; t++) {
        i32 curr = s->tab.len[t][0];
        PUT_BITS(s, 5, curr);
        for (i = 0; i < alpha_size; i++) {
            while (curr < s->tab.len[t][i]) { PUT_BITS(s, 2, 2); curr++; }
            while (curr > s->tab.len[t][i]) { PUT_BITS(s, 2, 3); curr--; }
            PUT_BITS(s, 1, 0);
        }
    }
    sel_ctr = 0;
    gs = 0;
    while (1) {
        if (gs >= s->nmtf) break;
        ge = gs + BZ_G_SIZE - 1;
        if (ge >= s->nmtf) ge = s->nmtf - 1;
        for (i = gs; i <= ge; i++)
            PUT_BITS(s, s->tab.len[s->selector[sel_ctr]][mtfv[i]], s->tab.code[s->selector[sel_ctr]][mtfv[i]]);
        gs = ge + 1;
        sel_ctr++;
    }
    s->work_factor += tot_c / (n_selectors + 1);
}


void bz_send_mtf_values_1(bz_state *s)
{
    i32 v_, t, i, j, gs, ge, tot_c, bt, bc, iter;
    i32 n_selectors = 0, alpha_size, min_len, max_len, sel_ctr;
    i32 n_groups;
    ushort cost[BZ_MAX_GROUPS];
    i32 fave[BZ_MAX_GROUPS];
    ushort *mtfv = s->mtfv;
    alpha_size = s->n_in_use + 2;
    for (t = 0; t < BZ_MAX_GROUPS; t++)
        for (v_ = 0; v_ < alpha_size; v_++)
            s->tab.len[t][v_] = 15;
    if (s->nmtf < 200) n_groups = 2;
    else if (s->nmtf < 600) n_groups = 3;
    else if (s->nmtf < 1200) n_groups = 4;
    else if (s->nmtf < 2400) n_groups = 5;
    else n_groups = 6;
    {
        i32 n_part, rem_f, t_freq, a_freq;
        n_part = n_groups;
        rem_f = s->nmtf;
        gs = 0;
        while (n_part > 0) {
            t_freq = rem_f / n_part;
            ge = gs - 1;
            a_freq = 0;
            while (a_freq < t_freq && ge < alpha_size - 1) {
                ge++;
                a_freq += s->mtf_freq[ge];
            }
            if (ge > gs && n_part != n_groups && n_part != 1 && ((n_groups - n_part) % 2 == 1)) {
                a_freq -= s->mtf_freq[ge];
                ge--;
            }
            for (v_ = 0; v_ < alpha_size; v_++)
                s->tab.len[n_part - 1][v_] = (v_ >= gs && v_ <= ge) ? 0 : 15;
            n_part--;
            gs = ge + 1;
            rem_f -= a_freq;
        }
    }
    for (iter = 0; iter < BZ_N_ITERS; iter++) {
        for (t = 0; t < n_groups; t++)
            fave[t] = 0;
        for (t = 0; t < n_groups; t++)
            for (v_ = 0; v_ < alpha_size; v_++)
                s->tab.rfreq[t][v_] = 0;
        n_selectors = 0;
        tot_c = 0;
        gs = 0;
        while (1) {
            if (gs >= s->nmtf) break;
            ge = gs + BZ_G_SIZE - 1;
            if (ge >= s->nmtf) ge = s->nmtf - 1;
            for (t = 0; t < n_groups; t++)
                cost[t] = 0;
            for (i = gs; i <= ge; i++) {
                ushort icv = mtfv[i];
                for (t = 0; t < n_groups; t++)
                    cost[t] += s->tab.len[t][icv];
            }
            bc = 999999999;
            bt = -1;
            for (t = 0; t < n_groups; t++)
                if (cost[t] < bc) {
                    bc = cost[t];
                    bt = t;
                }
            tot_c += bc;
            fave[bt]++;
            s->selector[n_selectors] = (uchar)bt;
            n_selectors++;
            for (i = gs; i <= ge; i++)
                s->tab.rfreq[bt][mtfv[i]]++;
            gs = ge + 1;
        }
        for (t = 0; t < n_groups; t++)
            bz_huf_make_code_lengths(&(s->tab.len[t][0]), &(s->tab.rfreq[t][0]), alpha_size, 16);
    }
    {
        uchar pos[BZ_MAX_GROUPS], ll_i, tmp2, tmp;
        for (i = 0; i < n_groups; i++)
            pos[i] = (uchar)i;
        for (i = 0; i < n_selectors; i++) {
            ll_i = s->selector[i];
            j = 0;
            tmp = pos[j];
            while (ll_i != tmp) {
                j++;
                tmp2 = tmp;
                tmp = pos[j];
                pos[j] = tmp2;
            }
            pos[0] = tmp;
            s->selector_mtf[i] = (uchar)j;
        }
    }
    for (t = 0; t < n_groups; t++) {
        min_len = 32;
        max_len = 0;
        for (i = 0; i < alpha_size; i++) {
            if (s->tab.len[t][i] > max_len) max_len = s->tab.len[t][i];
            if (s->tab.len[t][i] < min_len) min_len = s->tab.len[t][i];
        }
        bz_huf_assign_codes(&(s->tab.code[t][0]), &(s->tab.len[t][0]), min_len, max_len, alpha_size);
    }
    for (i = 0; i < 16; i++) {
        s->in_use16[i] = 0;
        for (j = 0; j < 16; j++)
            if (s->in_use[i * 16 + j]) s->in_use16[i] = 1;
    }
    for (i = 0; i < 16; i++)
        PUT_BITS(s, 1, s->in_use16[i] ? 1 : 0);
    for (i = 0; i < 16; i++)
        if (s->in_use16[i])
            for (j = 0; j < 16; j++)
                PUT_BITS(s, 1, s->in_use[i * 16 + j] ? 1 : 0);
    PUT_BITS(s, 3, n_groups);
    PUT_BITS(s, 15, n_selectors);
    for (i = 0; i < n_selectors; i++) {
        for (j = 0; j < s->selector_mtf[i]; j++) PUT_BITS(s, 1, 1);
        PUT_BITS(s, 1, 0);
    }
    for (t = 0; t < n_groups; t++) {
        i32 curr = s->tab.len[t][0];
        PUT_BITS(s, 5, curr);
        for (i = 0; i < alpha_size; i++) {
            while (curr < s->tab.len[t][i]) { PUT_BITS(s, 2, 2); curr++; }
            while (curr > s->tab.len[t][i]) { PUT_BITS(s, 2, 3); curr--; }
            PUT_BITS(s, 1, 0);
        }
    }
    sel_ctr = 0;
    gs = 0;
    while (1) {
        if (gs >= s->nmtf) break;
        ge = gs + BZ_G_SIZE - 1;
        if (ge >= s->nmtf) ge = s->nmtf - 1;
        for (i = gs; i <= ge; i++)
            PUT_BITS(s, s->tab.len[s->selector[sel_ctr]][mtfv[i]], s->tab.code[s->selector[sel_ctr]][mtfv[i]]);
        gs = ge + 1;
        sel_ctr++;
    }
    s->work_factor += tot_c / (n_selectors + 2);
}


void bz_send_mtf_values_2(bz_state *s)
{
    i32 v_, t, i, j, gs, ge, tot_c, bt, bc, iter;
    i32 n_selectors = 0, alpha_size, min_len, max_len, sel_ctr;
    i32 n_groups;
    ushort cost[BZ_MAX_GROUPS];
    i32 fave[BZ_MAX_GROUPS];
    ushort *mtfv = s->mtfv;
    alpha_size = s->n_in_use + 2;
    for (t = 0; t < BZ_MAX_GROUPS; t++)
        for (v_ = 0; v_ < alpha_size; v_++)
            s->tab.len[t][v_] = 15;
    if (s->nmtf < 200) n_groups = 2;
    else if (s->nmtf < 600) n_groups = 3;
    else if (s->nmtf < 1200) n_groups = 4;
    else if (s->nmtf < 2400) n_groups = 5;
    else n_groups = 6;
    {
        i32 n_part, rem_f, t_freq, a_freq;
        n_part = n_groups;
        rem_f = s->nmtf;
        gs = 0;
        while (n_part > 0) {
            t_freq = rem_f / n_part;
            ge = gs - 1;
            a_freq = 0;
            while (a_freq < t_freq && ge < alpha_size - 1) {
                ge++;
                a_freq += s->mtf_freq[ge];
            }
            if (ge > gs && n_part != n_groups && n_part != 1 && ((n_groups - n_part) % 2 == 1)) {
                a_freq -= s->mtf_freq[ge];
                ge--;
            }
            for (v_ = 0; v_ < alpha_size; v_++)
                s->tab.len[n_part - 1][v_] = (v_ >= gs && v_ <= ge) ? 0 : 15;
            n_part--;
            gs = ge + 1;
            rem_f -= a_freq;
        }
    }
    for (iter = 0; iter < BZ_N_ITERS; iter++) {
        for (t = 0; t < n_groups; t++)
            fave[t] = 0;
        for (t = 0; t < n_groups; t++)
            for (v_ = 0; v_ < alpha_size; v_++)
                s->tab.rfreq[t][v_] = 0;
        n_selectors = 0;
        tot_c = 0;
        gs = 0;
        while (1) {
            if (gs >= s->nmtf) break;
            ge = gs + BZ_G_SIZE - 1;
            if (ge >= s->nmtf) ge = s->nmtf - 1;
            for (t = 0; t < n_groups; t++)
                cost[t] = 0;
            for (i = gs; i <= ge; i++) {
                ushort icv = mtfv[i];
                for (t = 0; t < n_groups; t++)
                    cost[t] += s->tab.len[t][icv];
            }
            bc = 999999999;
            bt = -1;
            for (t = 0; t < n_groups; t++)
                if (cost[t] < bc) {
                    bc = cost[t];
                    bt = t;
                }
            tot_c += bc;
            fave[bt]++;
            s->selector[n_selectors] = (uchar)bt;
            n_selectors++;
            for (i = gs; i <= ge; i++)
                s->tab.rfreq[bt][mtfv[i]]++;
            gs = ge + 1;
        }
        for (t = 0; t < n_groups; t++)
            bz_huf_make_code_lengths(&(s->tab.len[t][0]), &(s->tab.rfreq[t][0]), alpha_size, 15);
    }
    {
        uchar pos[BZ_MAX_GROUPS], ll_i, tmp2, tmp;
        for (i = 0; i < n_groups; i++)
            pos[i] = (uchar)i;
        for (i = 0; i < n_selectors; i++) {
            ll_i = s->selector[i];
            j = 0;
            tmp = pos[j];
            while (ll_i != tmp) {
                j++;
                tmp2 = tmp;
                tmp = pos[j];
                pos[j] = tmp2;
            }
            pos[0] = tmp;
            s->selector_mtf[i] = (uchar)j;
        }
    }
    for (t = 0; t < n_groups; t++) {
        min_len = 32;
        max_len = 0;
        for (i = 0; i < alpha_size; i++) {
            if (s->tab.len[t][i] > max_len) max_len = s->tab.len[t][i];
            if (s->tab.len[t][i] < min_len) min_len = s->tab.len[t][i];
        }
        bz_huf_assign_codes(&(s->tab.code[t][0]), &(s->tab.len[t][0]), min_len, max_len, alpha_size);
    }
    for (i = 0; i < 16; i++) {
        s->in_use16[i] = 0;
        for (j = 0; j < 16; j++)
            if (s->in_use[i * 16 + j]) s->in_use16[i] = 1;
    }
    for (i = 0; i < 16; i++)
        PUT_BITS(s, 1, s->in_use16[i] ? 1 : 0);
    for (i = 0; i < 16; i++)
        if (s->in_use16[i])
            for (j = 0; j < 16; j++)
                PUT_BITS(s, 1, s->in_use[i * 16 + j] ? 1 : 0);
    PUT_BITS(s, 3, n_groups);
    PUT_BITS(s, 15, n_selectors);
    for (i = 0; i < n_selectors; i++) {
        for (j = 0; j < s->selector_mtf[i]; j++) PUT_BITS(s, 1, 1);
        PUT_BITS(s, 1, 0);
    }
    for (t = 0; t < n_groups; t++) {
        i32 curr = s->tab.len[t][0];
        PUT_BITS(s, 5, curr);
        for (i = 0; i < alpha_size; i++) {
            while (curr < s->tab.len[t][i]) { PUT_BITS(s, 2, 2); curr++; }
            while (curr > s->tab.len[t][i]) { PUT_BITS(s, 2, 3); curr--; }
            PUT_BITS(s, 1, 0);
        }
    }
    sel_ctr = 0;
    gs = 0;
    while (1) {
        if (gs >= s->nmtf) break;
        ge = gs + BZ_G_SIZE - 1;
        if (ge >= s->nmtf) ge = s->nmtf - 1;
        for (i = gs; i <= ge; i++)
            PUT_BITS(s, s->tab.len[s->selector[sel_ctr]][mtfv[i]], s->tab.code[s->selector[sel_ctr]][mtfv[i]]);
        gs = ge + 1;
        sel_ctr++;
    }
    s->work_factor += tot_c / (n_selectors + 3);
}


void bz_send_mtf_values_3(bz_state *s)
{
    i32 v_, t, i, j, gs, ge, tot_c, bt, bc, iter;
    i32 n_selectors = 0, alpha_size, min_len, max_len, sel_ctr;
    i32 n_groups;
    ushort cost[BZ_MAX_GROUPS];
    i32 fave[BZ_MAX_GROUPS];
    ushort *mtfv = s->mtfv;
    alpha_size = s->n_in_use + 2;
    for (t = 0; t < BZ_MAX_GROUPS; t++)
        for (v_ = 0; v_ < alpha_size; v_++)
            s->tab.len[t][v_] = 15;
    if (s->nmtf < 200) n_groups = 2;
    else if (s->nmtf < 600) n_groups = 3;
    else if (s->nmtf < 1200) n_groups = 4;
    else if (s->nmtf < 2400) n_groups = 5;
    else n_groups = 6;
    {
        i32 n_part, rem_f, t_freq, a_freq;
        n_part = n_groups;
        rem_f = s->nmtf;
        gs = 0;
        while (n_part > 0) {
            t_freq = rem_f / n_part;
            ge = gs - 1;
            a_freq = 0;
            while (a_freq < t_freq && ge < alpha_size - 1) {
                ge++;
                a_freq += s->mtf_freq[ge];
            }
            if (ge > gs && n_part != n_groups && n_part != 1 && ((n_groups - n_part) % 2 == 1)) {
                a_freq -= s->mtf_freq[ge];
                ge--;
            }
            for (v_ = 0; v_ < alpha_size; v_++)
                s->tab.len[n_part - 1][v_] = (v_ >= gs && v_ <= ge) ? 0 : 15;
            n_part--;
            gs = ge + 1;
            rem_f -= a_freq;
        }
    }
    for (iter = 0; iter < BZ_N_ITERS; iter++) {
        for (t = 0; t < n_groups; t++)
            fave[t] = 0;
        for (t = 0; t < n_groups; t++)
            for (v_ = 0; v_ < alpha_size; v_++)
                s->tab.rfreq[t][v_] = 0;
        n_selectors = 0;
        tot_c = 0;
        gs = 0;
        while (1) {
            if (gs >= s->nmtf) break;
            ge = gs + BZ_G_SIZE - 1;
            if (ge >= s->nmtf) ge = s->nmtf - 1;
            for (t = 0; t < n_groups; t++)
                cost[t] = 0;
            for (i = gs; i <= ge; i++) {
                ushort icv = mtfv[i];
                for (t = 0; t < n_groups; t++)
                    cost[t] += s->tab.len[t][icv];
            }
            bc = 999999999;
            bt = -1;
            for (t = 0; t < n_groups; t++)
                if (cost[t] < bc) {
                    bc = cost[t];
                    bt = t;
                }
            tot_c += bc;
            fave[bt]++;
            s->selector[n_selectors] = (uchar)bt;
            n_selectors++;
            for (i = gs; i <= ge; i++)
                s->tab.rfreq[bt][mtfv[i]]++;
            gs = ge + 1;
        }
        for (t = 0; t < n_groups; t++)
            bz_huf_make_code_lengths(&(s->tab.len[t][0]), &(s->tab.rfreq[t][0]), alpha_size, 17);
    }
    {
        uchar pos[BZ_MAX_GROUPS], ll_i, tmp2, tmp;
        for (i = 0; i < n_groups; i++)
            pos[i] = (uchar)i;
        for (i = 0; i < n_selectors; i++) {
            ll_i = s->selector[i];
            j = 0;
            tmp = pos[j];
            while (ll_i != tmp) {
                j++;
                tmp2 = tmp;
                tmp = pos[j];
                pos[j] = tmp2;
            }
            pos[0] = tmp;
            s->selector_mtf[i] = (uchar)j;
        }
    }
    for (t = 0; t < n_groups; t++) {
        min_len = 32;
        max_len = 0;
        for (i = 0; i < alpha_size; i++) {
            if (s->tab.len[t][i] > max_len) max_len = s->tab.len[t][i];
            if (s->tab.len[t][i] < min_len) min_len = s->tab.len[t][i];
        }
        bz_huf_assign_codes(&(s->tab.code[t][0]), &(s->tab.len[t][0]), min_len, max_len, alpha_size);
    }
    for (i = 0; i < 16; i++) {
        s->in_use16[i] = 0;
        for (j = 0; j < 16; j++)
            if (s->in_use[i * 16 + j]) s->in_use16[i] = 1;
    }
    for (i = 0; i < 16; i++)
        PUT_BITS(s, 1, s->in_use16[i] ? 1 : 0);
    for (i = 0; i < 16; i++)
        if (s->in_use16[i])
            for (j = 0; j < 16; j++)
                PUT_BITS(s, 1, s->in_use[i * 16 + j] ? 1 : 0);
    PUT_BITS(s, 3, n_groups);
    PUT_BITS(s, 15, n_selectors);
    for (i = 0; i < n_selectors; i++) {
        for (j = 0; j < s->selector_mtf[i]; j++) PUT_BITS(s, 1, 1);
        PUT_BITS(s, 1, 0);
    }
    for (t = 0; t < n_groups; t++) {
        i32 curr = s->tab.len[t][0];
        PUT_BITS(s, 5, curr);
        for (i = 0; i < alpha_size; i++) {
            while (curr < s->tab.len[t][i]) { PUT_BITS(s, 2, 2); curr++; }
            while (curr > s->tab.len[t][i]) { PUT_BITS(s, 2, 3); curr--; }
            PUT_BITS(s, 1, 0);
        }
    }
    sel_ctr = 0;
    gs = 0;
    while (1) {
        if (gs >= s->nmtf) break;
        ge = gs + BZ_G_SIZE - 1;
        if (ge >= s->nmtf) ge = s->nmtf - 1;
        for (i = gs; i <= ge; i++)
            PUT_BITS(s, s->tab.len[s->selector[sel_ctr]][mtfv[i]], s->tab.code[s->selector[sel_ctr]][mtfv[i]]);
        gs = ge + 1;
        sel_ctr++;
    }
    s->work_factor += tot_c / (n_selectors + 4);
}


void bz_send_mtf_values_4(bz_state *s)
{
    i32 v_, t, i, j, gs, ge, tot_c, bt, bc, iter;
    i32 n_selectors = 0, alpha_size, min_len, max_len, sel_ctr;
    i32 n_groups;
    ushort cost[BZ_MAX_GROUPS];
    i32 fave[BZ_MAX_GROUPS];
    ushort *mtfv = s->mtfv;
    alpha_size = s->n_in_use + 2;
    for (t = 0; t < BZ_MAX_GROUPS; t++)
        for (v_ = 0; v_ < alpha_size; v_++)
            s->tab.len[t][v_] = 15;
    if (s->nmtf < 200) n_groups = 2;
    else if (s->nmtf < 600) n_groups = 3;
    else if (s->nmtf < 1200) n_groups = 4;
    else if (s->nmtf < 2400) n_groups = 5;
    else n_groups = 6;
    {
        i32 n_part, rem_f, t_freq, a_freq;
        n_part = n_groups;
        rem_f = s->nmtf;
        gs = 0;
        while (n_part > 0) {
            t_freq = rem_f / n_part;
            ge = gs - 1;
            a_freq = 0;
            while (a_freq < t_freq && ge < alpha_size - 1) {
                ge++;
                a_freq += s->mtf_freq[ge];
            }
            if (ge > gs && n_part != n_groups && n_part != 1 && ((n_groups - n_part) % 2 == 1)) {
                a_freq -= s->mtf_freq[ge];
                ge--;
            }
            for (v_ = 0; v_ < alpha_size; v_++)
                s->tab.len[n_part - 1][v_] = (v_ >= gs && v_ <= ge) ? 0 : 15;
            n_part--;
            gs = ge + 1;
            rem_f -= a_freq;
        }
    }
    for (iter = 0; iter < BZ_N_ITERS; iter++) {
        for (t = 0; t < n_groups; t++)
            fave[t] = 0;
        for (t = 0; t < n_groups; t++)
            for (v_ = 0; v_ < alpha_size; v_++)
                s->tab.rfreq[t][v_] = 0;
        n_selectors = 0;
        tot_c = 0;
        gs = 0;
        while (1) {
            if (gs >= s->nmtf) break;
            ge = gs + BZ_G_SIZE - 1;
            if (ge >= s->nmtf) ge = s->nmtf - 1;
            for (t = 0; t < n_groups; t++)
                cost[t] = 0;
            for (i = gs; i <= ge; i++) {
                ushort icv = mtfv[i];
                for (t = 0; t < n_groups; t++)
                    cost[t] += s->tab.len[t][icv];
            }
            bc = 999999999;
            bt = -1;
            for (t = 0; t < n_groups; t++)
                if (cost[t] < bc) {
                    bc = cost[t];
                    bt = t;
                }
            tot_c += bc;
            fave[bt]++;
            s->selector[n_selectors] = (uchar)bt;
            n_selectors++;
            for (i = gs; i <= ge; i++)
                s->tab.rfreq[bt][mtfv[i]]++;
            gs = ge + 1;
        }
        for (t = 0; t < n_groups; t++)
            bz_huf_make_code_lengths(&(s->tab.len[t][0]), &(s->tab.rfreq[t][0]), alpha_size, 16);
    }
    {
        uchar pos[BZ_MAX_GROUPS], ll_i, tmp2, tmp;
        for (i = 0; i < n_groups; i++)
            pos[i] = (uchar)i;
        for (i = 0; i < n_selectors; i++) {
            ll_i = s->selector[i];
            j = 0;
            tmp = pos[j];
            while (ll_i != tmp) {
                j++;
                tmp2 = tmp;
                tmp = pos[j];
                pos[j] = tmp2;
            }
            pos[0] = tmp;
            s->selector_mtf[i] = (uchar)j;
        }
    }
    for (t = 0; t < n_groups; t++) {
        min_len = 32;
        max_len = 0;
        for (i = 0; i < alpha_size; i++) {
            if (s->tab.len[t][i] > max_len) max_len = s->tab.len[t][i];
            if (s->tab.len[t][i] < min_len) min_len = s->tab.len[t][i];
        }
        bz_huf_assign_codes(&(s->tab.code[t][0]), &(s->tab.len[t][0]), min_len, max_len, alpha_size);
    }
    for (i = 0; i < 16; i++) {
        s->in_use16[i] = 0;
        for (j = 0; j < 16; j++)
            if (s->in_use[i * 16 + j]) s->in_use16[i] = 1;
    }
    for (i = 0; i < 16; i++)
        PUT_BITS(s, 1, s->in_use16[i] ? 1 : 0);
    for (i = 0; i < 16; i++)
        if (s->in_use16[i])
            for (j = 0; j < 16; j++)
                PUT_BITS(s, 1, s->in_use[i * 16 + j] ? 1 : 0);
    PUT_BITS(s, 3, n_groups);
    PUT_BITS(s, 15, n_selectors);
    for (i = 0; i < n_selectors; i++) {
        for (j = 0; j < s->selector_mtf[i]; j++) PUT_BITS(s, 1, 1);
        PUT_BITS(s, 1, 0);
    }
    for (t = 0; t < n_groups; t++) {
        i32 curr = s->tab.len[t][0];
        PUT_BITS(s, 5, curr);
        for (i = 0; i < alpha_size; i++) {
            while (curr < s->tab.len[t][i]) { PUT_BITS(s, 2, 2); curr++; }
            while (curr > s->tab.len[t][i]) { PUT_BITS(s, 2, 3); curr--; }
            PUT_BITS(s, 1, 0);
        }
    }
    sel_ctr = 0;
    gs = 0;
    while (1) {
        if (gs >= s->nmtf) break;
        ge = gs + BZ_G_SIZE - 1;
        if (ge >= s->nmtf) ge = s->nmtf - 1;
        for (i = gs; i <= ge; i++)
            PUT_BITS(s, s->tab.len[s->selector[sel_ctr]][mtfv[i]], s->tab.code[s->selector[sel_ctr]][mtfv[i]]);
        gs = ge + 1;
        sel_ctr++;
    }
    s->work_factor += tot_c / (n_selectors + 5);
}


void bz_send_mtf_values_5(bz_state *s)
{
    i32 v_, t, i, j, gs, ge, tot_c, bt, bc, iter;
    i32 n_selectors = 0, alpha_size, min_len, max_len, sel_ctr;
    i32 n_groups;
    ushort cost[BZ_MAX_GROUPS];
    i32 fave[BZ_MAX_GROUPS];
    ushort *mtfv = s->mtfv;
    alpha_size = s->n_in_use + 2;
    for (t = 0; t < BZ_MAX_GROUPS; t++)
        for (v_ = 0; v_ < alpha_size; v_++)
            s->tab.len[t][v_] = 15;
    if (s->nmtf < 200) n_groups = 2;
    else if (s->nmtf < 600) n_groups = 3;
    else if (s->nmtf < 1200) n_groups = 4;
    else if (s->nmtf < 2400) n_groups = 5;
    else n_groups = 6;
    {
        i32 n_part, rem_f, t_freq, a_freq;
        n_part = n_groups;
        rem_f = s->nmtf;
        gs = 0;
        while (n_part > 0) {
            t_freq = rem_f / n_part;
            ge = gs - 1;
            a_freq = 0;
            while (a_freq < t_freq && ge < alpha_size - 1) {
                ge++;
                a_freq += s->mtf_freq[ge];
            }
            if (ge > gs && n_part != n_groups && n_part != 1 && ((n_groups - n_part) % 2 == 1)) {
                a_freq -= s->mtf_freq[ge];
                ge--;
            }
            for (v_ = 0; v_ < alpha_size; v_++)
                s->tab.len[n_part - 1][v_] = (v_ >= gs && v_ <= ge) ? 0 : 15;
            n_part--;
            gs = ge + 1;
            rem_f -= a_freq;
        }
    }
    for (iter = 0; iter < BZ_N_ITERS; iter++) {
        for (t = 0; t < n_groups; t++)
            fave[t] = 0;
        for (t = 0; t < n_groups; t++)
            for (v_ = 0; v_ < alpha_size; v_++)
                s->tab.rfreq[t][v_] = 0;
        n_selectors = 0;
        tot_c = 0;
        gs = 0;
        while (1) {
            if (gs >= s->nmtf) break;
            ge = gs + BZ_G_SIZE - 1;
            if (ge >= s->nmtf) ge = s->nmtf - 1;
            for (t = 0; t < n_groups; t++)
                cost[t] = 0;
            for (i = gs; i <= ge; i++) {
                ushort icv = mtfv[i];
                for (t = 0; t < n_groups; t++)
                    cost[t] += s->tab.len[t][icv];
            }
            bc = 999999999;
            bt = -1;
            for (t = 0; t < n_groups; t++)
                if (cost[t] < bc) {
                    bc = cost[t];
                    bt = t;
                }
            tot_c += bc;
            fave[bt]++;
            s->selector[n_selectors] = (uchar)bt;
            n_selectors++;
            for (i = gs; i <= ge; i++)
                s->tab.rfreq[bt][mtfv[i]]++;
            gs = ge + 1;
        }
        for (t = 0; t < n_groups; t++)
            bz_huf_make_code_lengths(&(s->tab.len[t][0]), &(s->tab.rfreq[t][0]), alpha_size, 15);
    }
    {
        uchar pos[BZ_MAX_GROUPS], ll_i, tmp2, tmp;
        for (i = 0; i < n_groups; i++)
            pos[i] = (uchar)i;
        for (i = 0; i < n_selectors; i++) {
            ll_i = s->selector[i];
            j = 0;
            tmp = pos[j];
            while (ll_i != tmp) {
                j++;
                tmp2 = tmp;
                tmp = pos[j];
                pos[j] = tmp2;
            }
            pos[0] = tmp;
            s->selector_mtf[i] = (uchar)j;
        }
    }
    for (t = 0; t < n_groups; t++) {
        min_len = 32;
        max_len = 0;
        for (i = 0; i < alpha_size; i++) {
            if (s->tab.len[t][i] > max_len) max_len = s->tab.len[t][i];
            if (s->tab.len[t][i] < min_len) min_len = s->tab.len[t][i];
        }
        bz_huf_assign_codes(&(s->tab.code[t][0]), &(s->tab.len[t][0]), min_len, max_len, alpha_size);
    }
    for (i = 0; i < 16; i++) {
        s->in_use16[i] = 0;
        for (j = 0; j < 16; j++)
            if (s->in_use[i * 16 + j]) s->in_use16[i] = 1;
    }
    for (i = 0; i < 16; i++)
        PUT_BITS(s, 1, s->in_use16[i] ? 1 : 0);
    for (i = 0; i < 16; i++)
        if (s->in_use16[i])
            for (j = 0; j < 16; j++)
                PUT_BITS(s, 1, s->in_use[i * 16 + j] ? 1 : 0);
    PUT_BITS(s, 3, n_groups);
    PUT_BITS(s, 15, n_selectors);
    for (i = 0; i < n_selectors; i++) {
        for (j = 0; j < s->selector_mtf[i]; j++) PUT_BITS(s, 1, 1);
        PUT_BITS(s, 1, 0);
    }
    for (t = 0; t < n_groups; t++) {
        i32 curr = s->tab.len[t][0];
        PUT_BITS(s, 5, curr);
        for (i = 0; i < alpha_size; i++) {
            while (curr < s->tab.len[t][i]) { PUT_BITS(s, 2, 2); curr++; }
            while (curr > s->tab.len[t][i]) { PUT_BITS(s, 2, 3); curr--; }
            PUT_BITS(s, 1, 0);
        }
    }
    sel_ctr = 0;
    gs = 0;
    while (1) {
        if (gs >= s->nmtf) break;
        ge = gs + BZ_G_SIZE - 1;
        if (ge >= s->nmtf) ge = s->nmtf - 1;
        for (i = gs; i <= ge; i++)
            PUT_BITS(s, s->tab.len[s->selector[sel_ctr]][mtfv[i]], s->tab.code[s->selector[sel_ctr]][mtfv[i]]);
        gs = ge + 1;
        sel_ctr++;
    }
    s->work_factor += tot_c / (n_selectors + 6);
}


void bz_send_mtf_values_6(bz_state *s)
{
    i32 v_, t, i, j, gs, ge, tot_c, bt, bc, iter;
    i32 n_selectors = 0, alpha_size, min_len, max_len, sel_ctr;
    i32 n_groups;
    ushort cost[BZ_MAX_GROUPS];
    i32 fave[BZ_MAX_GROUPS];
    ushort *mtfv = s->mtfv;
    alpha_size = s->n_in_use + 2;
    for (t = 0; t < BZ_MAX_GROUPS; t++)
        for (v_ = 0; v_ < alpha_size; v_++)
            s->tab.len[t][v_] = 15;
    if (s->nmtf < 200) n_groups = 2;
    else if (s->nmtf < 600) n_groups = 3;
    else if (s->nmtf < 1200) n_groups = 4;
    else if (s->nmtf < 2400) n_groups = 5;
    else n_groups = 6;
    {
        i32 n_part, rem_f, t_freq, a_freq;
        n_part = n_groups;
        rem_f = s->nmtf;
        gs = 0;
        while (n_part > 0) {
            t_freq = rem_f / n_part;
            ge = gs - 1;
            a_freq = 0;
            while (a_freq < t_freq && ge < alpha_size - 1) {
                ge++;
                a_freq += s->mtf_freq[ge];
            }
            if (ge > gs && n_part != n_groups && n_part != 1 && ((n_groups - n_part) % 2 == 1)) {
                a_freq -= s->mtf_freq[ge];
                ge--;
            }
            for (v_ = 0; v_ < alpha_size; v_++)
                s->tab.len[n_part - 1][v_] = (v_ >= gs && v_ <= ge) ? 0 : 15;
            n_part--;
            gs = ge + 1;
            rem_f -= a_freq;
        }
    }
    for (iter = 0; iter < BZ_N_ITERS; iter++) {
        for (t = 0; t < n_groups; t++)
            fave[t] = 0;
        for (t = 0; t < n_groups; t++)
            for (v_ = 0; v_ < alpha_size; v_++)
                s->tab.rfreq[t][v_] = 0;
        n_selectors = 0;
        tot_c = 0;
        gs = 0;
        while (1) {
            if (gs >= s->nmtf) break;
            ge = gs + BZ_G_SIZE - 1;
            if (ge >= s->nmtf) ge = s->nmtf - 1;
            for (t = 0; t < n_groups; t++)
                cost[t] = 0;
            for (i = gs; i <= ge; i++) {
                ushort icv = mtfv[i];
                for (t = 0; t < n_groups; t++)
                    cost[t] += s->tab.len[t][icv];
            }
            bc = 999999999;
            bt = -1;
            for (t = 0; t < n_groups; t++)
                if (cost[t] < bc) {
                    bc = cost[t];
                    bt = t;
                }
            tot_c += bc;
            fave[bt]++;
            s->selector[n_selectors] = (uchar)bt;
            n_selectors++;
            for (i = gs; i <= ge; i++)
                s->tab.rfreq[bt][mtfv[i]]++;
            gs = ge + 1;
        }
        for (t = 0; t < n_groups; t++)
            bz_huf_make_code_lengths(&(s->tab.len[t][0]), &(s->tab.rfreq[t][0]), alpha_size, 17);
    }
    {
        uchar pos[BZ_MAX_GROUPS], ll_i, tmp2, tmp;
        for (i = 0; i < n_groups; i++)
            pos[i] = (uchar)i;
        for (i = 0; i < n_selectors; i++) {
            ll_i = s->selector[i];
            j = 0;
            tmp = pos[j];
            while (ll_i != tmp) {
                j++;
                tmp2 = tmp;
                tmp = pos[j];
                pos[j] = tmp2;
            }
            pos[0] = tmp;
            s->selector_mtf[i] = (uchar)j;
        }
    }
    for (t = 0; t < n_groups; t++) {
        min_len = 32;
        max_len = 0;
        for (i = 0; i < alpha_size; i++) {
            if (s->tab.len[t][i] > max_len) max_len = s->tab.len[t][i];
            if (s->tab.len[t][i] < min_len) min_len = s->tab.len[t][i];
        }
        bz_huf_assign_codes(&(s->tab.code[t][0]), &(s->tab.len[t][0]), min_len, max_len, alpha_size);
    }
    for (i = 0; i < 16; i++) {
        s->in_use16[i] = 0;
        for (j = 0; j < 16; j++)
            if (s->in_use[i * 16 + j]) s->in_use16[i] = 1;
    }
    for (i = 0; i < 16; i++)
        PUT_BITS(s, 1, s->in_use16[i] ? 1 : 0);
    for (i = 0; i < 16; i++)
        if (s->in_use16[i])
            for (j = 0; j < 16; j++)
                PUT_BITS(s, 1, s->in_use[i * 16 + j] ? 1 : 0);
    PUT_BITS(s, 3, n_groups);
    PUT_BITS(s, 15, n_selectors);
    for (i = 0; i < n_selectors; i++) {
        for (j = 0; j < s->selector_mtf[i]; j++) PUT_BITS(s, 1, 1);
        PUT_BITS(s, 1, 0);
    }
    for (t = 0; t < n_groups; t++) {
        i32 curr = s->tab.len[t][0];
        PUT_BITS(s, 5, curr);
        for (i = 0; i < alpha_size; i++) {
            while (curr < s->tab.len[t][i]) { PUT_BITS(s, 2, 2); curr++; }
            while (curr > s->tab.len[t][i]) { PUT_BITS(s, 2, 3); curr--; }
            PUT_BITS(s, 1, 0);
        }
    }
    sel_ctr = 0;
    gs = 0;
    while (1) {
        if (gs >= s->nmtf) break;
        ge = gs + BZ_G_SIZE - 1;
        if (ge >= s->nmtf) ge = s->nmtf - 1;
        for (i = gs; i <= ge; i++)
            PUT_BITS(s, s->tab.len[s->selector[sel_ctr]][mtfv[i]], s->tab.code[s->selector[sel_ctr]][mtfv[i]]);
        gs = ge + 1;
        sel_ctr++;
    }
    s->work_factor += tot_c / (n_selectors + 7);
}


void bz_send_mtf_values_7(bz_state *s)
{
    i32 v_, t, i, j, gs, ge, tot_c, bt, bc, iter;
    i32 n_selectors = 0, alpha_size, min_len, max_len, sel_ctr;
    i32 n_groups;
    ushort cost[BZ_MAX_GROUPS];
    i32 fave[BZ_MAX_GROUPS];
    ushort *mtfv = s->mtfv;
    alpha_size = s->n_in_use + 2;
    for (t = 0; t < BZ_MAX_GROUPS; t++)
        for (v_ = 0; v_ < alpha_size; v_++)
            s->tab.len[t][v_] = 15;
    if (s->nmtf < 200) n_groups = 2;
    else if (s->nmtf < 600) n_groups = 3;
    else if (s->nmtf < 1200) n_groups = 4;
    else if (s->nmtf < 2400) n_groups = 5;
    else n_groups = 6;
    {
        i32 n_part, rem_f, t_freq, a_freq;
        n_part = n_groups;
        rem_f = s->nmtf;
        gs = 0;
        while (n_part > 0) {
            t_freq = rem_f / n_part;
            ge = gs - 1;
            a_freq = 0;
            while (a_freq < t_freq && ge < alpha_size - 1) {
                ge++;
                a_freq += s->mtf_freq[ge];
            }
            if (ge > gs && n_part != n_groups && n_part != 1 && ((n_groups - n_part) % 2 == 1)) {
                a_freq -= s->mtf_freq[ge];
                ge--;
            }
            for (v_ = 0; v_ < alpha_size; v_++)
                s->tab.len[n_part - 1][v_] = (v_ >= gs && v_ <= ge) ? 0 : 15;
            n_part--;
            gs = ge + 1;
            rem_f -= a_freq;
        }
    }
    for (iter = 0; iter < BZ_N_ITERS; iter++) {
        for (t = 0; t < n_groups; t++)
            fave[t] = 0;
        for (t = 0; t < n_groups; t++)
            for (v_ = 0; v_ < alpha_size; v_++)
                s->tab.rfreq[t][v_] = 0;
        n_selectors = 0;
        tot_c = 0;
        gs = 0;
        while (1) {
            if (gs >= s->nmtf) break;
            ge = gs + BZ_G_SIZE - 1;
            if (ge >= s->nmtf) ge = s->nmtf - 1;
            for (t = 0; t < n_groups; t++)
                cost[t] = 0;
            for (i = gs; i <= ge; i++) {
                ushort icv = mtfv[i];
                for (t = 0; t < n_groups; t++)
                    cost[t] += s->tab.len[t][icv];
            }
            bc = 999999999;
            bt = -1;
            for (t = 0; t < n_groups; t++)
                if (cost[t] < bc) {
                    bc = cost[t];
                    bt = t;
                }
            tot_c += bc;
            fave[bt]++;
            s->selector[n_selectors] = (uchar)bt;
            n_selectors++;
            for (i = gs; i <= ge; i++)
                s->tab.rfreq[bt][mtfv[i]]++;
            gs = ge + 1;
        }
        for (t = 0; t < n_groups; t++)
            bz_huf_make_code_lengths(&(s->tab.len[t][0]), &(s->tab.rfreq[t][0]), alpha_size, 16);
    }
    {
        uchar pos[BZ_MAX_GROUPS], ll_i, tmp2, tmp;
        for (i = 0; i < n_groups; i++)
            pos[i] = (uchar)i;
        for (i = 0; i < n_selectors; i++) {
            ll_i = s->selector[i];
            j = 0;
            tmp = pos[j];
            while (ll_i != tmp) {
                j++;
                tmp2 = tmp;
                tmp = pos[j];
                pos[j] = tmp2;
            }
            pos[0] = tmp;
            s->selector_mtf[i] = (uchar)j;
        }
    }
    for (t = 0; t < n_groups; t++) {
        min_len = 32;
        max_len = 0;
        for (i = 0; i < alpha_size; i++) {
            if (s->tab.len[t][i] > max_len) max_len = s->tab.len[t][i];
            if (s->tab.len[t][i] < min_len) min_len = s->tab.len[t][i];
        }
        bz_huf_assign_codes(&(s->tab.code[t][0]), &(s->tab.len[t][0]), min_len, max_len, alpha_size);
    }
    for (i = 0; i < 16; i++) {
        s->in_use16[i] = 0;
        for (j = 0; j < 16; j++)
            if (s->in_use[i * 16 + j]) s->in_use16[i] = 1;
    }
    for (i = 0; i < 16; i++)
        PUT_BITS(s, 1, s->in_use16[i] ? 1 : 0);
    for (i = 0; i < 16; i++)
        if (s->in_use16[i])
            for (j = 0; j < 16; j++)
                PUT_BITS(s, 1, s->in_use[i * 16 + j] ? 1 : 0);
    PUT_BITS(s, 3, n_groups);
    PUT_BITS(s, 15, n_selectors);
    for (i = 0; i < n_selectors; i++) {
        for (j = 0; j < s->selector_mtf[i]; j++) PUT_BITS(s, 1, 1);
        PUT_BITS(s, 1, 0);
    }
    for (t = 0; t < n_groups; t++) {
        i32 curr = s->tab.len[t][0];
        PUT_BITS(s, 5, curr);
        for (i = 0; i < alpha_size; i++) {
            while (curr < s->tab.len[t][i]) { PUT_BITS(s, 2, 2); curr++; }
            while (curr > s->tab.len[t][i]) { PUT_BITS(s, 2, 3); curr--; }
            PUT_BITS(s, 1, 0);
        }
    }
    sel_ctr = 0;
    gs = 0;
    while (1) {
        if (gs >= s->nmtf) break;
        ge = gs + BZ_G_SIZE - 1;
        if (ge >= s->nmtf) ge = s->nmtf - 1;
        for (i = gs; i <= ge; i++)
            PUT_BITS(s, s->tab.len[s->selector[sel_ctr]][mtfv[i]], s->tab.code[s->selector[sel_ctr]][mtfv[i]]);
        gs = ge + 1;
        sel_ctr++;
    }
    s->work_factor += tot_c / (n_selectors + 8);
}


enum {
    BZ_X_IDLE = 1, BZ_X_OUTPUT, BZ_X_MAGIC_1 = 10, BZ_X_MAGIC_2, BZ_X_MAGIC_3, BZ_X_MAGIC_4,
    BZ_X_BLKHDR_1, BZ_X_BLKHDR_2, BZ_X_BLKHDR_3, BZ_X_BLKHDR_4, BZ_X_BLKHDR_5, BZ_X_BLKHDR_6,
    BZ_X_BCRC_1, BZ_X_BCRC_2, BZ_X_BCRC_3, BZ_X_BCRC_4, BZ_X_RANDBIT, BZ_X_ORIGPTR_1,
    BZ_X_ORIGPTR_2, BZ_X_ORIGPTR_3, BZ_X_MAPPING_1, BZ_X_MAPPING_2, BZ_X_SELECTOR_1,
    BZ_X_SELECTOR_2, BZ_X_SELECTOR_3, BZ_X_CODING_1, BZ_X_CODING_2, BZ_X_CODING_3,
    BZ_X_MTF_1, BZ_X_MTF_2, BZ_X_MTF_3, BZ_X_MTF_4, BZ_X_MTF_5, BZ_X_MTF_6,
    BZ_X_ENDHDR_2, BZ_X_ENDHDR_3, BZ_X_ENDHDR_4, BZ_X_ENDHDR_5, BZ_X_ENDHDR_6,
    BZ_X_CCRC_1, BZ_X_CCRC_2, BZ_X_CCRC_3, BZ_X_CCRC_4,
    BZ_X_EXTRA = 100
};

#define GET_MTF_VAL(s, label1, label2, lval)                          \
    {                                                                  \
        if (group_pos == 0) {                                          \
            group_no++;                                                \
            if (group_no >= n_selectors) RETURN(BZ_DATA_ERROR);        \
            group_pos = BZ_G_SIZE;                                     \
            gsel = s->selector[group_no];                              \
            gminlen = s->tab.min_len[gsel];                            \
            glimit = &(s->tab.limit[gsel][0]);                         \
            gperm = &(s->tab.perm[gsel][0]);                           \
            gbase = &(s->tab.base[gsel][0]);                           \
        }                                                              \
        group_pos--;                                                   \
        zn = gminlen;                                                  \
        GET_BITS(s, label1, zvec, zn);                                 \
        while (1) {                                                    \
            if (zn > 20) RETURN(BZ_DATA_ERROR);                        \
            if (zvec <= glimit[zn]) break;                             \
            zn++;                                                      \
            GET_BIT(s, label2, zj);                                    \
            zvec = (zvec << 1) | zj;                                   \
        }                                                              \
        if (zvec - gbase[zn] < 0 || zvec - gbase[zn] >= BZ_MAX_ALPHA)  \
            RETURN(BZ_DATA_ERROR);                                     \
        lval = gperm[zvec - gbase[zn]];                                \
    }

int bz_decompress(bz_state *s)
{
    uchar uc;
    i32 retval, min_len, max_len;
    i32 i, j, t, alpha_size, n_groups, n_selectors, eob, group_no, group_pos, next_sym;
    i32 nblock_max, nblock, es, n, curr, zt, zn, zvec, zj, gsel, gminlen;
    i32 *glimit, *gperm, *gbase;
    if (s->state == BZ_X_MAGIC_1) {
        s->save_i = 0; s->save_j = 0; s->save_t = 0; s->save_alpha_size = 0;
        s->save_n_groups = 0; s->save_n_selectors = 0; s->save_eob = 0; s->save_group_no = 0;
        s->save_group_pos = 0; s->save_next_sym = 0; s->save_nblock_max = 0; s->save_nblock = 0;
        s->save_es = 0; s->save_n = 0; s->save_curr = 0; s->save_zt = 0; s->save_zn = 0;
        s->save_zvec = 0; s->save_zj = 0; s->save_gsel = 0; s->save_gminlen = 0;
        s->save_glimit = NULL; s->save_gbase = NULL; s->save_gperm = NULL;
    }
    i = s->save_i; j = s->save_j; t = s->save_t; alpha_size = s->save_alpha_size;
    n_groups = s->save_n_groups; n_selectors = s->save_n_selectors; eob = s->save_eob;
    group_no = s->save_group_no; group_pos = s->save_group_pos; next_sym = s->save_next_sym;
    nblock_max = s->save_nblock_max; nblock = s->save_nblock; es = s->save_es; n = s->save_n;
    curr = s->save_curr; zt = s->save_zt; zn = s->save_zn; zvec = s->save_zvec; zj = s->save_zj;
    gsel = s->save_gsel; gminlen = s->save_gminlen; glimit = s->save_glimit;
    gbase = s->save_gbase; gperm = s->save_gperm;
    retval = BZ_OK;
    switch (s->state) {
        GET_UCHAR(s, BZ_X_MAGIC_1, uc);
        if (uc != 0x42) RETURN(BZ_DATA_ERROR);
        GET_UCHAR(s, BZ_X_MAGIC_2, uc);
        if (uc != 0x5a) RETURN(BZ_DATA_ERROR);
        GET_UCHAR(s, BZ_X_MAGIC_3, uc);
        if (uc != 0x68) RETURN(BZ_DATA_ERROR);
        GET_BITS(s, BZ_X_MAGIC_4, s->block_size_100k, 8);
        if (s->block_size_100k < (0x30 + 1) || s->block_size_100k > (0x30 + 9)) RETURN(BZ_DATA_ERROR);
        s->block_size_100k -= 0x30;
        s->tt = malloc((size_t)s->block_size_100k * 100000 * sizeof(i32));
        if (s->tt == NULL) RETURN(BZ_DATA_ERROR);
        GET_UCHAR(s, BZ_X_BLKHDR_1, uc);
        if (uc == 0x17) goto endhdr_2;
        if (uc != 0x31) RETURN(BZ_DATA_ERROR);
        GET_UCHAR(s, BZ_X_BLKHDR_2, uc);
        if (uc != 0x41) RETURN(BZ_DATA_ERROR);
        GET_UCHAR(s, BZ_X_BLKHDR_3, uc);
        if (uc != 0x59) RETURN(BZ_DATA_ERROR);
        GET_UCHAR(s, BZ_X_BLKHDR_4, uc);
        if (uc != 0x26) RETURN(BZ_DATA_ERROR);
        GET_UCHAR(s, BZ_X_BLKHDR_5, uc);
        if (uc != 0x53) RETURN(BZ_DATA_ERROR);
        GET_UCHAR(s, BZ_X_BLKHDR_6, uc);
        if (uc != 0x59) RETURN(BZ_DATA_ERROR);
        s->curr_block_no++;
        s->stored_block_crc = 0;
        GET_UCHAR(s, BZ_X_BCRC_1, uc);
        s->stored_block_crc = (s->stored_block_crc << 8) | ((u32)uc);
        GET_UCHAR(s, BZ_X_BCRC_2, uc);
        s->stored_block_crc = (s->stored_block_crc << 8) | ((u32)uc);
        GET_UCHAR(s, BZ_X_BCRC_3, uc);
        s->stored_block_crc = (s->stored_block_crc << 8) | ((u32)uc);
        GET_UCHAR(s, BZ_X_BCRC_4, uc);
        s->stored_block_crc = (s->stored_block_crc << 8) | ((u32)uc);
        GET_BITS(s, BZ_X_RANDBIT, s->small_decompress, 1);
        s->orig_ptr = 0;
        GET_UCHAR(s, BZ_X_ORIGPTR_1, uc);
        s->orig_ptr = (s->orig_ptr << 8) | ((i32)uc);
        GET_UCHAR(s, BZ_X_ORIGPTR_2, uc);
        s->orig_ptr = (s->orig_ptr << 8) | ((i32)uc);
        GET_UCHAR(s, BZ_X_ORIGPTR_3, uc);
        s->orig_ptr = (s->orig_ptr << 8) | ((i32)uc);
        if (s->orig_ptr < 0) RETURN(BZ_DATA_ERROR);
        if (s->orig_ptr > 10 + 100000 * s->block_size_100k) RETURN(BZ_DATA_ERROR);
        for (i = 0; i < 16; i++) {
            GET_BIT(s, BZ_X_MAPPING_1, uc);
            if (uc == 1) s->in_use16[i] = 1;
            else s->in_use16[i] = 0;
        }
        for (i = 0; i < 256; i++)
            s->in_use[i] = 0;
        for (i = 0; i < 16; i++)
            if (s->in_use16[i])
                for (j = 0; j < 16; j++) {
                    GET_BIT(s, BZ_X_MAPPING_2, uc);
                    if (uc == 1) s->in_use[i * 16 + j] = 1;
                }
        s->n_in_use = 0;
        for (i = 0; i < 256; i++)
            if (s->in_use[i]) {
                s->seq_to_unseq[s->n_in_use] = (uchar)i;
                s->n_in_use++;
            }
        if (s->n_in_use == 0) RETURN(BZ_DATA_ERROR);
        alpha_size = s->n_in_use + 2;
        GET_BITS(s, BZ_X_SELECTOR_1, n_groups, 3);
        if (n_groups < 2 || n_groups > BZ_MAX_GROUPS) RETURN(BZ_DATA_ERROR);
        GET_BITS(s, BZ_X_SELECTOR_2, n_selectors, 15);
        if (n_selectors < 1) RETURN(BZ_DATA_ERROR);
        for (i = 0; i < n_selectors; i++) {
            j = 0;
            while (1) {
                GET_BIT(s, BZ_X_SELECTOR_3, uc);
                if (uc == 0) break;
                j++;
                if (j >= n_groups) RETURN(BZ_DATA_ERROR);
            }
            if (i < 18002) s->selector_mtf[i] = (uchar)j;
        }
        if (n_selectors > 18002) n_selectors = 18002;
        {
            uchar pos[BZ_MAX_GROUPS], tmp, v;
            for (v = 0; v < n_groups; v++) pos[v] = v;
            for (i = 0; i < n_selectors; i++) {
                v = s->selector_mtf[i];
                tmp = pos[v];
                while (v > 0) { pos[v] = pos[v - 1]; v--; }
                pos[0] = tmp;
                s->selector[i] = tmp;
            }
        }
        for (t = 0; t < n_groups; t++) {
            GET_BITS(s, BZ_X_CODING_1, curr, 5);
            for (i = 0; i < alpha_size; i++) {
                while (1) {
                    if (curr < 1 || curr > 20) RETURN(BZ_DATA_ERROR);
                    GET_BIT(s, BZ_X_CODING_2, uc);
                    if (uc == 0) break;
                    GET_BIT(s, BZ_X_CODING_3, uc);
                    if (uc == 0) curr++; else curr--;
                }
                s->tab.len[t][i] = (uchar)curr;
            }
        }
        for (t = 0; t < n_groups; t++) {
            min_len = 32;
            max_len = 0;
            for (i = 0; i < alpha_size; i++) {
                if (s->tab.len[t][i] > max_len) max_len = s->tab.len[t][i];
                if (s->tab.len[t][i] < min_len) min_len = s->tab.len[t][i];
            }
            bz_huf_create_decode_tables(&(s->tab.limit[t][0]), &(s->tab.base[t][0]), &(s->tab.perm[t][0]),
                                        &(s->tab.len[t][0]), min_len, max_len, alpha_size);
            s->tab.min_len[t] = min_len;
        }
        eob = s->n_in_use + 1;
        nblock_max = 100000 * s->block_size_100k;
        group_no = -1;
        group_pos = 0;
        for (i = 0; i <= 255; i++) s->unzftab[i] = 0;
        {
            i32 ii, jj, kk;
            kk = 4096 - 1;
            for (ii = 256 / 16 - 1; ii >= 0; ii--) {
                for (jj = 16 - 1; jj >= 0; jj--) {
                    s->arr2 = s->arr2;
                    kk--;
                }
            }
            s->work_factor += kk;
        }
        nblock = 0;
        GET_MTF_VAL(s, BZ_X_MTF_1, BZ_X_MTF_2, next_sym);
        while (1) {
            if (next_sym == eob) break;
            if (next_sym == BZ_RUNA || next_sym == BZ_RUNB) {
                es = -1;
                n = 1;
                do {
                    if (n >= 2 * 1024 * 1024) RETURN(BZ_DATA_ERROR);
                    if (next_sym == BZ_RUNA) es = es + (0 + 1) * n;
                    else if (next_sym == BZ_RUNB) es = es + (1 + 1) * n;
                    n = n * 2;
                    GET_MTF_VAL(s, BZ_X_MTF_3, BZ_X_MTF_4, next_sym);
                } while (next_sym == BZ_RUNA || next_sym == BZ_RUNB);
                es++;
                uc = s->seq_to_unseq[s->selector_mtf[0]];
                s->unzftab[uc] += es;
                while (es > 0) {
                    if (nblock >= nblock_max) RETURN(BZ_DATA_ERROR);
                    s->tt[nblock] = (u32)uc;
                    nblock++;
                    es--;
                }
                continue;
            } else {
                if (nblock >= nblock_max) RETURN(BZ_DATA_ERROR);
                uc = s->seq_to_unseq[next_sym - 1];
                s->unzftab[uc]++;
                s->tt[nblock] = (u32)uc;
                nblock++;
                GET_MTF_VAL(s, BZ_X_MTF_5, BZ_X_MTF_6, next_sym);
                continue;
            }
        }
        if (s->orig_ptr < 0 || s->orig_ptr >= nblock) RETURN(BZ_DATA_ERROR);
        for (i = 0; i <= 255; i++)
            if (s->unzftab[i] < 0 || s->unzftab[i] > nblock) RETURN(BZ_DATA_ERROR);
        s->cftab[0] = 0;
        for (i = 1; i <= 256; i++) s->cftab[i] = s->unzftab[i - 1];
        for (i = 1; i <= 256; i++) s->cftab[i] += s->cftab[i - 1];
        for (i = 0; i <= 256; i++)
            if (s->cftab[i] < 0 || s->cftab[i] > nblock) RETURN(BZ_DATA_ERROR);
        for (i = 1; i <= 256; i++)
            if (s->cftab[i - 1] > s->cftab[i]) RETURN(BZ_DATA_ERROR);
        s->state = BZ_X_OUTPUT;
        for (i = 0; i < nblock; i++) {
            uc = (uchar)(s->tt[i] & 0xff);
            s->tt[s->cftab[uc]] |= (u32)(i << 8);
            s->cftab[uc]++;
        }
        s->t_pos = s->tt[s->orig_ptr] >> 8;
        s->nblock_used = 0;
        RETURN(BZ_OK);
    endhdr_2:
        GET_UCHAR(s, BZ_X_ENDHDR_2, uc);
        if (uc != 0x72) RETURN(BZ_DATA_ERROR);
        GET_UCHAR(s, BZ_X_ENDHDR_3, uc);
        if (uc != 0x45) RETURN(BZ_DATA_ERROR);
        GET_UCHAR(s, BZ_X_ENDHDR_4, uc);
        if (uc != 0x38) RETURN(BZ_DATA_ERROR);
        GET_UCHAR(s, BZ_X_ENDHDR_5, uc);
        if (uc != 0x50) RETURN(BZ_DATA_ERROR);
        GET_UCHAR(s, BZ_X_ENDHDR_6, uc);
        if (uc != 0x90) RETURN(BZ_DATA_ERROR);
        s->stored_combined_crc = 0;
        GET_UCHAR(s, BZ_X_CCRC_1, uc);
        s->stored_combined_crc = (s->stored_combined_crc << 8) | ((u32)uc);
        GET_UCHAR(s, BZ_X_CCRC_2, uc);
        s->stored_combined_crc = (s->stored_combined_crc << 8) | ((u32)uc);
        GET_UCHAR(s, BZ_X_CCRC_3, uc);
        s->stored_combined_crc = (s->stored_combined_crc << 8) | ((u32)uc);
        GET_UCHAR(s, BZ_X_CCRC_4, uc);
        s->stored_combined_crc = (s->stored_combined_crc << 8) | ((u32)uc);

        GET_BITS(s, BZ_X_EXTRA + 0, zt, 3);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 2; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 1, zt, 2);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) | (u32)zt;
        for (i = 0; i < 2; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 2, zt, 4);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) + (u32)zt;
        for (i = 0; i < 5; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 3, zt, 1);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) | (u32)zt;
        for (i = 0; i < 9; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 4, zt, 8);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 5; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 5, zt, 4);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) | (u32)zt;
        for (i = 0; i < 6; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 6, zt, 1);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 3; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 7, zt, 5);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 8; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 8, zt, 2);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) | (u32)zt;
        for (i = 0; i < 6; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 9, zt, 4);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 6; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 10, zt, 2);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) + (u32)zt;
        for (i = 0; i < 3; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 11, zt, 2);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 6; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 12, zt, 2);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 2; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 13, zt, 1);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) | (u32)zt;
        for (i = 0; i < 5; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 14, zt, 1);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) + (u32)zt;
        for (i = 0; i < 9; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 15, zt, 7);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 8; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 16, zt, 4);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) + (u32)zt;
        for (i = 0; i < 6; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 17, zt, 2);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 6; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 18, zt, 1);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 8; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 19, zt, 3);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) + (u32)zt;
        for (i = 0; i < 5; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 20, zt, 2);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) | (u32)zt;
        for (i = 0; i < 2; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 21, zt, 8);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) + (u32)zt;
        for (i = 0; i < 9; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 22, zt, 4);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) + (u32)zt;
        for (i = 0; i < 9; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 23, zt, 4);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) | (u32)zt;
        for (i = 0; i < 4; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 24, zt, 7);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 3; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 25, zt, 7);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 5; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 26, zt, 5);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) + (u32)zt;
        for (i = 0; i < 6; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 27, zt, 4);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) + (u32)zt;
        for (i = 0; i < 4; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 28, zt, 2);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 2; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 29, zt, 4);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) + (u32)zt;
        for (i = 0; i < 9; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 30, zt, 1);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 7; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 31, zt, 7);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 3; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 32, zt, 2);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) + (u32)zt;
        for (i = 0; i < 5; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 33, zt, 4);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) | (u32)zt;
        for (i = 0; i < 2; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 34, zt, 6);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) | (u32)zt;
        for (i = 0; i < 7; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 35, zt, 8);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) | (u32)zt;
        for (i = 0; i < 4; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 36, zt, 8);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) | (u32)zt;
        for (i = 0; i < 4; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 37, zt, 3);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 4; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 38, zt, 4);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 5; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 39, zt, 4);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) | (u32)zt;
        for (i = 0; i < 4; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 40, zt, 4);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) | (u32)zt;
        for (i = 0; i < 8; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 41, zt, 2);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 8; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 42, zt, 2);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) + (u32)zt;
        for (i = 0; i < 3; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 43, zt, 5);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) + (u32)zt;
        for (i = 0; i < 5; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 44, zt, 7);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) | (u32)zt;
        for (i = 0; i < 6; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 45, zt, 8);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 6; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 46, zt, 3);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) | (u32)zt;
        for (i = 0; i < 3; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 47, zt, 4);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) + (u32)zt;
        for (i = 0; i < 9; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 48, zt, 2);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) | (u32)zt;
        for (i = 0; i < 6; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 49, zt, 4);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) + (u32)zt;
        for (i = 0; i < 2; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 50, zt, 5);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) + (u32)zt;
        for (i = 0; i < 8; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 51, zt, 4);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 2; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 52, zt, 3);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) + (u32)zt;
        for (i = 0; i < 6; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 53, zt, 3);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 3; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 54, zt, 3);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 9; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 55, zt, 3);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) ^ (u32)zt;
        for (i = 0; i < 2; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 56, zt, 8);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) + (u32)zt;
        for (i = 0; i < 7; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 57, zt, 5);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) | (u32)zt;
        for (i = 0; i < 2; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 58, zt, 2);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) + (u32)zt;
        for (i = 0; i < 9; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        GET_BITS(s, BZ_X_EXTRA + 59, zt, 5);
        s->calculated_combined_crc = (s->calculated_combined_crc << 1) + (u32)zt;
        for (i = 0; i < 7; i++) BZ_UPDATE_CRC(s->calculated_block_crc, zt + i);
        s->state = BZ_X_IDLE;
        RETURN(BZ_STREAM_END);
    default:
        RETURN(BZ_DATA_ERROR);
    }
    RETURN(BZ_DATA_ERROR);
save_state_and_return:
    s->save_i = i; s->save_j = j; s->save_t = t; s->save_alpha_size = alpha_size;
    s->save_n_groups = n_groups; s->save_n_selectors = n_selectors; s->save_eob = eob;
    s->save_group_no = group_no; s->save_group_pos = group_pos; s->save_next_sym = next_sym;
    s->save_nblock_max = nblock_max; s->save_nblock = nblock; s->save_es = es; s->save_n = n;
    s->save_curr = curr; s->save_zt = zt; s->save_zn = zn; s->save_zvec = zvec; s->save_zj = zj;
    s->save_gsel = gsel; s->save_gminlen = gminlen; s->save_glimit = glimit;
    s->save_gbase = gbase; s->save_gperm = gperm;
    return retval;
}


#define BZ_GET_FAST(s, cccc)                          \
    {                                                 \
        if ((s)->t_pos >= (u32)100000 * (u32)(s)->block_size_100k) return 1; \
        (s)->t_pos = (s)->tt[(s)->t_pos];             \
        cccc = (uchar)((s)->t_pos & 0xff);            \
        (s)->t_pos >>= 8;                             \
    }


int bz_unrle_obuf_to_output_0(bz_state *s, int *state_out_len, uchar *state_out_ch, int nblockpp)
{
    uchar k1;
    while (1) {
        while (1) {
            if (s->strm->avail_out == 0) return 0;
            if (*state_out_len == 0) break;
            *(s->strm->next_out) = *state_out_ch;
            BZ_UPDATE_CRC(s->calculated_block_crc, *state_out_ch);
            (*state_out_len)--;
            s->strm->next_out++;
            s->strm->avail_out--;
            s->strm->total_out++;
        }
        if (s->nblock_used == nblockpp) return 0;
        if (s->nblock_used > nblockpp) return 1;
        *state_out_len = 1;
        *state_out_ch = (uchar)s->k0;
        BZ_GET_FAST(s, k1);
        s->nblock_used++;
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
        switch (*state_out_len + 0) {
        case 0: case 1:
            *state_out_len = 2;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 2:
            *state_out_len = 3;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 3:
            *state_out_len = 4;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        default:
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            *state_out_len = ((int)k1) + 4;
            BZ_GET_FAST(s, k1);
            s->k0 = k1;
            s->nblock_used++;
            break;
        }
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
    }
}


int bz_unrle_obuf_to_output_1(bz_state *s, int *state_out_len, uchar *state_out_ch, int nblockpp)
{
    uchar k1;
    while (1) {
        while (1) {
            if (s->strm->avail_out == 0) return 0;
            if (*state_out_len == 0) break;
            *(s->strm->next_out) = *state_out_ch;
            BZ_UPDATE_CRC(s->calculated_block_crc, *state_out_ch);
            (*state_out_len)--;
            s->strm->next_out++;
            s->strm->avail_out--;
            s->strm->total_out++;
        }
        if (s->nblock_used == nblockpp) return 0;
        if (s->nblock_used > nblockpp) return 1;
        *state_out_len = 1;
        *state_out_ch = (uchar)s->k0;
        BZ_GET_FAST(s, k1);
        s->nblock_used++;
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
        switch (*state_out_len + 1) {
        case 0: case 1:
            *state_out_len = 2;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 2:
            *state_out_len = 3;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 3:
            *state_out_len = 4;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        default:
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            *state_out_len = ((int)k1) + 4;
            BZ_GET_FAST(s, k1);
            s->k0 = k1;
            s->nblock_used++;
            break;
        }
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
    }
}


int bz_unrle_obuf_to_output_2(bz_state *s, int *state_out_len, uchar *state_out_ch, int nblockpp)
{
    uchar k1;
    while (1) {
        while (1) {
            if (s->strm->avail_out == 0) return 0;
            if (*state_out_len == 0) break;
            *(s->strm->next_out) = *state_out_ch;
            BZ_UPDATE_CRC(s->calculated_block_crc, *state_out_ch);
            (*state_out_len)--;
            s->strm->next_out++;
            s->strm->avail_out--;
            s->strm->total_out++;
        }
        if (s->nblock_used == nblockpp) return 0;
        if (s->nblock_used > nblockpp) return 1;
        *state_out_len = 1;
        *state_out_ch = (uchar)s->k0;
        BZ_GET_FAST(s, k1);
        s->nblock_used++;
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
        switch (*state_out_len + 2) {
        case 0: case 1:
            *state_out_len = 2;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 2:
            *state_out_len = 3;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 3:
            *state_out_len = 4;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        default:
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            *state_out_len = ((int)k1) + 4;
            BZ_GET_FAST(s, k1);
            s->k0 = k1;
            s->nblock_used++;
            break;
        }
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
    }
}


int bz_unrle_obuf_to_output_3(bz_state *s, int *state_out_len, uchar *state_out_ch, int nblockpp)
{
    uchar k1;
    while (1) {
        while (1) {
            if (s->strm->avail_out == 0) return 0;
            if (*state_out_len == 0) break;
            *(s->strm->next_out) = *state_out_ch;
            BZ_UPDATE_CRC(s->calculated_block_crc, *state_out_ch);
            (*state_out_len)--;
            s->strm->next_out++;
            s->strm->avail_out--;
            s->strm->total_out++;
        }
        if (s->nblock_used == nblockpp) return 0;
        if (s->nblock_used > nblockpp) return 1;
        *state_out_len = 1;
        *state_out_ch = (uchar)s->k0;
        BZ_GET_FAST(s, k1);
        s->nblock_used++;
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
        switch (*state_out_len + 3) {
        case 0: case 1:
            *state_out_len = 2;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 2:
            *state_out_len = 3;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 3:
            *state_out_len = 4;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        default:
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            *state_out_len = ((int)k1) + 4;
            BZ_GET_FAST(s, k1);
            s->k0 = k1;
            s->nblock_used++;
            break;
        }
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
    }
}


int bz_unrle_obuf_to_output_4(bz_state *s, int *state_out_len, uchar *state_out_ch, int nblockpp)
{
    uchar k1;
    while (1) {
        while (1) {
            if (s->strm->avail_out == 0) return 0;
            if (*state_out_len == 0) break;
            *(s->strm->next_out) = *state_out_ch;
            BZ_UPDATE_CRC(s->calculated_block_crc, *state_out_ch);
            (*state_out_len)--;
            s->strm->next_out++;
            s->strm->avail_out--;
            s->strm->total_out++;
        }
        if (s->nblock_used == nblockpp) return 0;
        if (s->nblock_used > nblockpp) return 1;
        *state_out_len = 1;
        *state_out_ch = (uchar)s->k0;
        BZ_GET_FAST(s, k1);
        s->nblock_used++;
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
        switch (*state_out_len + 0) {
        case 0: case 1:
            *state_out_len = 2;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 2:
            *state_out_len = 3;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 3:
            *state_out_len = 4;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        default:
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            *state_out_len = ((int)k1) + 4;
            BZ_GET_FAST(s, k1);
            s->k0 = k1;
            s->nblock_used++;
            break;
        }
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
    }
}


int bz_unrle_obuf_to_output_5(bz_state *s, int *state_out_len, uchar *state_out_ch, int nblockpp)
{
    uchar k1;
    while (1) {
        while (1) {
            if (s->strm->avail_out == 0) return 0;
            if (*state_out_len == 0) break;
            *(s->strm->next_out) = *state_out_ch;
            BZ_UPDATE_CRC(s->calculated_block_crc, *state_out_ch);
            (*state_out_len)--;
            s->strm->next_out++;
            s->strm->avail_out--;
            s->strm->total_out++;
        }
        if (s->nblock_used == nblockpp) return 0;
        if (s->nblock_used > nblockpp) return 1;
        *state_out_len = 1;
        *state_out_ch = (uchar)s->k0;
        BZ_GET_FAST(s, k1);
        s->nblock_used++;
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
        switch (*state_out_len + 1) {
        case 0: case 1:
            *state_out_len = 2;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 2:
            *state_out_len = 3;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 3:
            *state_out_len = 4;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        default:
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            *state_out_len = ((int)k1) + 4;
            BZ_GET_FAST(s, k1);
            s->k0 = k1;
            s->nblock_used++;
            break;
        }
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
    }
}


int bz_unrle_obuf_to_output_6(bz_state *s, int *state_out_len, uchar *state_out_ch, int nblockpp)
{
    uchar k1;
    while (1) {
        while (1) {
            if (s->strm->avail_out == 0) return 0;
            if (*state_out_len == 0) break;
            *(s->strm->next_out) = *state_out_ch;
            BZ_UPDATE_CRC(s->calculated_block_crc, *state_out_ch);
            (*state_out_len)--;
            s->strm->next_out++;
            s->strm->avail_out--;
            s->strm->total_out++;
        }
        if (s->nblock_used == nblockpp) return 0;
        if (s->nblock_used > nblockpp) return 1;
        *state_out_len = 1;
        *state_out_ch = (uchar)s->k0;
        BZ_GET_FAST(s, k1);
        s->nblock_used++;
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
        switch (*state_out_len + 2) {
        case 0: case 1:
            *state_out_len = 2;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 2:
            *state_out_len = 3;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 3:
            *state_out_len = 4;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        default:
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            *state_out_len = ((int)k1) + 4;
            BZ_GET_FAST(s, k1);
            s->k0 = k1;
            s->nblock_used++;
            break;
        }
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
    }
}


int bz_unrle_obuf_to_output_7(bz_state *s, int *state_out_len, uchar *state_out_ch, int nblockpp)
{
    uchar k1;
    while (1) {
        while (1) {
            if (s->strm->avail_out == 0) return 0;
            if (*state_out_len == 0) break;
            *(s->strm->next_out) = *state_out_ch;
            BZ_UPDATE_CRC(s->calculated_block_crc, *state_out_ch);
            (*state_out_len)--;
            s->strm->next_out++;
            s->strm->avail_out--;
            s->strm->total_out++;
        }
        if (s->nblock_used == nblockpp) return 0;
        if (s->nblock_used > nblockpp) return 1;
        *state_out_len = 1;
        *state_out_ch = (uchar)s->k0;
        BZ_GET_FAST(s, k1);
        s->nblock_used++;
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
        switch (*state_out_len + 3) {
        case 0: case 1:
            *state_out_len = 2;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 2:
            *state_out_len = 3;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 3:
            *state_out_len = 4;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        default:
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            *state_out_len = ((int)k1) + 4;
            BZ_GET_FAST(s, k1);
            s->k0 = k1;
            s->nblock_used++;
            break;
        }
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
    }
}


int bz_unrle_obuf_to_output_8(bz_state *s, int *state_out_len, uchar *state_out_ch, int nblockpp)
{
    uchar k1;
    while (1) {
        while (1) {
            if (s->strm->avail_out == 0) return 0;
            if (*state_out_len == 0) break;
            *(s->strm->next_out) = *state_out_ch;
            BZ_UPDATE_CRC(s->calculated_block_crc, *state_out_ch);
            (*state_out_len)--;
            s->strm->next_out++;
            s->strm->avail_out--;
            s->strm->total_out++;
        }
        if (s->nblock_used == nblockpp) return 0;
        if (s->nblock_used > nblockpp) return 1;
        *state_out_len = 1;
        *state_out_ch = (uchar)s->k0;
        BZ_GET_FAST(s, k1);
        s->nblock_used++;
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
        switch (*state_out_len + 0) {
        case 0: case 1:
            *state_out_len = 2;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 2:
            *state_out_len = 3;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 3:
            *state_out_len = 4;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        default:
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            *state_out_len = ((int)k1) + 4;
            BZ_GET_FAST(s, k1);
            s->k0 = k1;
            s->nblock_used++;
            break;
        }
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
    }
}


int bz_unrle_obuf_to_output_9(bz_state *s, int *state_out_len, uchar *state_out_ch, int nblockpp)
{
    uchar k1;
    while (1) {
        while (1) {
            if (s->strm->avail_out == 0) return 0;
            if (*state_out_len == 0) break;
            *(s->strm->next_out) = *state_out_ch;
            BZ_UPDATE_CRC(s->calculated_block_crc, *state_out_ch);
            (*state_out_len)--;
            s->strm->next_out++;
            s->strm->avail_out--;
            s->strm->total_out++;
        }
        if (s->nblock_used == nblockpp) return 0;
        if (s->nblock_used > nblockpp) return 1;
        *state_out_len = 1;
        *state_out_ch = (uchar)s->k0;
        BZ_GET_FAST(s, k1);
        s->nblock_used++;
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
        switch (*state_out_len + 1) {
        case 0: case 1:
            *state_out_len = 2;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 2:
            *state_out_len = 3;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 3:
            *state_out_len = 4;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        default:
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            *state_out_len = ((int)k1) + 4;
            BZ_GET_FAST(s, k1);
            s->k0 = k1;
            s->nblock_used++;
            break;
        }
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
    }
}


int bz_unrle_obuf_to_output_10(bz_state *s, int *state_out_len, uchar *state_out_ch, int nblockpp)
{
    uchar k1;
    while (1) {
        while (1) {
            if (s->strm->avail_out == 0) return 0;
            if (*state_out_len == 0) break;
            *(s->strm->next_out) = *state_out_ch;
            BZ_UPDATE_CRC(s->calculated_block_crc, *state_out_ch);
            (*state_out_len)--;
            s->strm->next_out++;
            s->strm->avail_out--;
            s->strm->total_out++;
        }
        if (s->nblock_used == nblockpp) return 0;
        if (s->nblock_used > nblockpp) return 1;
        *state_out_len = 1;
        *state_out_ch = (uchar)s->k0;
        BZ_GET_FAST(s, k1);
        s->nblock_used++;
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
        switch (*state_out_len + 2) {
        case 0: case 1:
            *state_out_len = 2;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 2:
            *state_out_len = 3;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 3:
            *state_out_len = 4;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        default:
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            *state_out_len = ((int)k1) + 4;
            BZ_GET_FAST(s, k1);
            s->k0 = k1;
            s->nblock_used++;
            break;
        }
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
    }
}


int bz_unrle_obuf_to_output_11(bz_state *s, int *state_out_len, uchar *state_out_ch, int nblockpp)
{
    uchar k1;
    while (1) {
        while (1) {
            if (s->strm->avail_out == 0) return 0;
            if (*state_out_len == 0) break;
            *(s->strm->next_out) = *state_out_ch;
            BZ_UPDATE_CRC(s->calculated_block_crc, *state_out_ch);
            (*state_out_len)--;
            s->strm->next_out++;
            s->strm->avail_out--;
            s->strm->total_out++;
        }
        if (s->nblock_used == nblockpp) return 0;
        if (s->nblock_used > nblockpp) return 1;
        *state_out_len = 1;
        *state_out_ch = (uchar)s->k0;
        BZ_GET_FAST(s, k1);
        s->nblock_used++;
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
        switch (*state_out_len + 3) {
        case 0: case 1:
            *state_out_len = 2;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 2:
            *state_out_len = 3;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        case 3:
            *state_out_len = 4;
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            break;
        default:
            BZ_GET_FAST(s, k1);
            s->nblock_used++;
            *state_out_len = ((int)k1) + 4;
            BZ_GET_FAST(s, k1);
            s->k0 = k1;
            s->nblock_used++;
            break;
        }
        if (s->nblock_used == nblockpp) continue;
        if (k1 != s->k0) { s->k0 = k1; continue; }
    }
}


double bz_block_stats_0(const bz_state *s, const double *weights, double *hist, int nbins)
{
    double mean = 0.0, var = 0.0, skew = 0.0;
    int i, b;
    for (b = 0; b < nbins; b++)
        hist[b] = 0.0;
    for (i = 0; i < s->nblock; i++)
        hist[s->block[i] % nbins] += weights[i % 16];
    for (b = 0; b < nbins; b++)
        mean += hist[b] * (b + 0.5);
    mean /= (double)(s->nblock + 1);
    for (b = 0; b < nbins; b++) {
        double d = (b + 0.5) - mean;
        var += hist[b] * d * d;
        skew += hist[b] * d * d * d;
    }
    var /= (double)(s->nblock + 1);
    if (var > 0.0)
        skew /= (double)(s->nblock + 1) * var * sqrt(var);
    for (i = 0; i < 16; i++)
        hist[i % nbins] = hist[i % nbins] * 0.50 + s->ratio_history[i] * 0.50;
    return mean + var * 1 + skew;
}


double bz_block_stats_1(const bz_state *s, const double *weights, double *hist, int nbins)
{
    double mean = 0.0, var = 0.0, skew = 0.0;
    int i, b;
    for (b = 0; b < nbins; b++)
        hist[b] = 0.0;
    for (i = 0; i < s->nblock; i++)
        hist[s->block[i] % nbins] += weights[i % 16];
    for (b = 0; b < nbins; b++)
        mean += hist[b] * (b + 0.5);
    mean /= (double)(s->nblock + 1);
    for (b = 0; b < nbins; b++) {
        double d = (b + 0.5) - mean;
        var += hist[b] * d * d;
        skew += hist[b] * d * d * d;
    }
    var /= (double)(s->nblock + 1);
    if (var > 0.0)
        skew /= (double)(s->nblock + 1) * var * sqrt(var);
    for (i = 0; i < 16; i++)
        hist[i % nbins] = hist[i % nbins] * 0.53 + s->ratio_history[i] * 0.47;
    return mean + var * 2 + skew;
}


double bz_block_stats_2(const bz_state *s, const double *weights, double *hist, int nbins)
{
    double mean = 0.0, var = 0.0, skew = 0.0;
    int i, b;
    for (b = 0; b < nbins; b++)
        hist[b] = 0.0;
    for (i = 0; i < s->nblock; i++)
        hist[s->block[i] % nbins] += weights[i % 16];
    for (b = 0; b < nbins; b++)
        mean += hist[b] * (b + 0.5);
    mean /= (double)(s->nblock + 1);
    for (b = 0; b < nbins; b++) {
        double d = (b + 0.5) - mean;
        var += hist[b] * d * d;
        skew += hist[b] * d * d * d;
    }
    var /= (double)(s->nblock + 1);
    if (var > 0.0)
        skew /= (double)(s->nblock + 1) * var * sqrt(var);
    for (i = 0; i < 16; i++)
        hist[i % nbins] = hist[i % nbins] * 0.56 + s->ratio_history[i] * 0.44;
    return mean + var * 3 + skew;
}


double bz_block_stats_3(const bz_state *s, const double *weights, double *hist, int nbins)
{
    double mean = 0.0, var = 0.0, skew = 0.0;
    int i, b;
    for (b = 0; b < nbins; b++)
        hist[b] = 0.0;
    for (i = 0; i < s->nblock; i++)
        hist[s->block[i] % nbins] += weights[i % 16];
    for (b = 0; b < nbins; b++)
        mean += hist[b] * (b + 0.5);
    mean /= (double)(s->nblock + 1);
    for (b = 0; b < nbins; b++) {
        double d = (b + 0.5) - mean;
        var += hist[b] * d * d;
        skew += hist[b] * d * d * d;
    }
    var /= (double)(s->nblock + 1);
    if (var > 0.0)
        skew /= (double)(s->nblock + 1) * var * sqrt(var);
    for (i = 0; i < 16; i++)
        hist[i % nbins] = hist[i % nbins] * 0.59 + s->ratio_history[i] * 0.41;
    return mean + var * 4 + skew;
}


double bz_block_stats_4(const bz_state *s, const double *weights, double *hist, int nbins)
{
    double mean = 0.0, var = 0.0, skew = 0.0;
    int i, b;
    for (b = 0; b < nbins; b++)
        hist[b] = 0.0;
    for (i = 0; i < s->nblock; i++)
        hist[s->block[i] % nbins] += weights[i % 16];
    for (b = 0; b < nbins; b++)
        mean += hist[b] * (b + 0.5);
    mean /= (double)(s->nblock + 1);
    for (b = 0; b < nbins; b++) {
        double d = (b + 0.5) - mean;
        var += hist[b] * d * d;
        skew += hist[b] * d * d * d;
    }
    var /= (double)(s->nblock + 1);
    if (var > 0.0)
        skew /= (double)(s->nblock + 1) * var * sqrt(var);
    for (i = 0; i < 16; i++)
        hist[i % nbins] = hist[i % nbins] * 0.62 + s->ratio_history[i] * 0.38;
    return mean + var * 5 + skew;
}


double bz_block_stats_5(const bz_state *s, const double *weights, double *hist, int nbins)
{
    double mean = 0.0, var = 0.0, skew = 0.0;
    int i, b;
    for (b = 0; b < nbins; b++)
        hist[b] = 0.0;
    for (i = 0; i < s->nblock; i++)
        hist[s->block[i] % nbins] += weights[i % 16];
    for (b = 0; b < nbins; b++)
        mean += hist[b] * (b + 0.5);
    mean /= (double)(s->nblock + 1);
    for (b = 0; b < nbins; b++) {
        double d = (b + 0.5) - mean;
        var += hist[b] * d * d;
        skew += hist[b] * d * d * d;
    }
    var /= (double)(s->nblock + 1);
    if (var > 0.0)
        skew /= (double)(s->nblock + 1) * var * sqrt(var);
    for (i = 0; i < 16; i++)
        hist[i % nbins] = hist[i % nbins] * 0.65 + s->ratio_history[i] * 0.35;
    return mean + var * 6 + skew;
}


double bz_block_stats_6(const bz_state *s, const double *weights, double *hist, int nbins)
{
    double mean = 0.0, var = 0.0, skew = 0.0;
    int i, b;
    for (b = 0; b < nbins; b++)
        hist[b] = 0.0;
    for (i = 0; i < s->nblock; i++)
        hist[s->block[i] % nbins] += weights[i % 16];
    for (b = 0; b < nbins; b++)
        mean += hist[b] * (b + 0.5);
    mean /= (double)(s->nblock + 1);
    for (b = 0; b < nbins; b++) {
        double d = (b + 0.5) - mean;
        var += hist[b] * d * d;
        skew += hist[b] * d * d * d;
    }
    var /= (double)(s->nblock + 1);
    if (var > 0.0)
        skew /= (double)(s->nblock + 1) * var * sqrt(var);
    for (i = 0; i < 16; i++)
        hist[i % nbins] = hist[i % nbins] * 0.68 + s->ratio_history[i] * 0.32;
    return mean + var * 7 + skew;
}


double bz_block_stats_7(const bz_state *s, const double *weights, double *hist, int nbins)
{
    double mean = 0.0, var = 0.0, skew = 0.0;
    int i, b;
    for (b = 0; b < nbins; b++)
        hist[b] = 0.0;
    for (i = 0; i < s->nblock; i++)
        hist[s->block[i] % nbins] += weights[i % 16];
    for (b = 0; b < nbins; b++)
        mean += hist[b] * (b + 0.5);
    mean /= (double)(s->nblock + 1);
    for (b = 0; b < nbins; b++) {
        double d = (b + 0.5) - mean;
        var += hist[b] * d * d;
        skew += hist[b] * d * d * d;
    }
    var /= (double)(s->nblock + 1);
    if (var > 0.0)
        skew /= (double)(s->nblock + 1) * var * sqrt(var);
    for (i = 0; i < 16; i++)
        hist[i % nbins] = hist[i % nbins] * 0.71 + s->ratio_history[i] * 0.29;
    return mean + var * 8 + skew;
}


double bz_block_stats_8(const bz_state *s, const double *weights, double *hist, int nbins)
{
    double mean = 0.0, var = 0.0, skew = 0.0;
    int i, b;
    for (b = 0; b < nbins; b++)
        hist[b] = 0.0;
    for (i = 0; i < s->nblock; i++)
        hist[s->block[i] % nbins] += weights[i % 16];
    for (b = 0; b < nbins; b++)
        mean += hist[b] * (b + 0.5);
    mean /= (double)(s->nblock + 1);
    for (b = 0; b < nbins; b++) {
        double d = (b + 0.5) - mean;
        var += hist[b] * d * d;
        skew += hist[b] * d * d * d;
    }
    var /= (double)(s->nblock + 1);
    if (var > 0.0)
        skew /= (double)(s->nblock + 1) * var * sqrt(var);
    for (i = 0; i < 16; i++)
        hist[i % nbins] = hist[i % nbins] * 0.74 + s->ratio_history[i] * 0.26;
    return mean + var * 9 + skew;
}


double bz_block_stats_9(const bz_state *s, const double *weights, double *hist, int nbins)
{
    double mean = 0.0, var = 0.0, skew = 0.0;
    int i, b;
    for (b = 0; b < nbins; b++)
        hist[b] = 0.0;
    for (i = 0; i < s->nblock; i++)
        hist[s->block[i] % nbins] += weights[i % 16];
    for (b = 0; b < nbins; b++)
        mean += hist[b] * (b + 0.5);
    mean /= (double)(s->nblock + 1);
    for (b = 0; b < nbins; b++) {
        double d = (b + 0.5) - mean;
        var += hist[b] * d * d;
        skew += hist[b] * d * d * d;
    }
    var /= (double)(s->nblock + 1);
    if (var > 0.0)
        skew /= (double)(s->nblock + 1) * var * sqrt(var);
    for (i = 0; i < 16; i++)
        hist[i % nbins] = hist[i % nbins] * 0.77 + s->ratio_history[i] * 0.23;
    return mean + var * 10 + skew;
}

