/* codec.c: a block-transform image codec, written for the measuretool
 * benchmark in the style of JPEG-like encoders and decoders: pixel format
 * conversion chosen in switch statements, 8x8 forward and inverse DCTs in
 * float and fixed point, quantization and zig-zag scans over small arrays,
 * filters over image rows, and macros for clamping and bit packing.  Meant
 * to be parsed, not run. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK 8
#define BLOCK2 64
#define MAX_COMPONENTS 4
#define CLAMP8(x) ((x) < 0 ? 0 : (x) > 255 ? 255 : (x))
#define DESCALE(x, n) (((x) + (1 << ((n) - 1))) >> (n))
#define FIX(x) ((int32_t)((x) * 8192 + 0.5))
#define MULTIPLY(v, c) ((v) * (c))
#define PIX(img, c, x, y) ((img)->planes[c].data[(size_t)(y) * (img)->planes[c].stride + (x)])
#define EMIT_BITS(bw, code, size)                                    \
    do {                                                             \
        (bw)->acc = ((bw)->acc << (size)) | ((uint32_t)(code) & ((1u << (size)) - 1)); \
        (bw)->nbits += (size);                                       \
        while ((bw)->nbits >= 8) {                                   \
            uint8_t byte_ = (uint8_t)((bw)->acc >> ((bw)->nbits - 8)); \
            (bw)->out[(bw)->pos++] = byte_;                          \
            if (byte_ == 0xff) (bw)->out[(bw)->pos++] = 0;           \
            (bw)->nbits -= 8;                                        \
        }                                                            \
    } while (0)

typedef enum pixel_format { PF_GRAY8, PF_RGB24, PF_BGR24, PF_RGBA32, PF_BGRA32, PF_YUV444, PF_YUV420, PF_CMYK32, PF_RGB565 } pixel_format;

typedef struct plane {
    uint8_t *data;
    int width, height, stride;
    int hsamp, vsamp;
} plane;

typedef struct image {
    plane planes[MAX_COMPONENTS];
    int ncomponents;
    int width, height;
    pixel_format format;
} image;

typedef struct quant_table {
    uint16_t q[BLOCK2];
    float fq[BLOCK2];
    int precision;
} quant_table;

typedef struct huff_table {
    uint8_t bits[17];
    uint8_t vals[256];
    uint16_t code[256];
    uint8_t size[256];
} huff_table;

typedef struct bit_writer {
    uint8_t *out;
    size_t pos;
    uint32_t acc;
    int nbits;
} bit_writer;

typedef struct component_state {
    int last_dc;
    const quant_table *qt;
    const huff_table *dc, *ac;
    float coef[BLOCK2];
    int16_t quant[BLOCK2];
    double energy;
} component_state;

typedef struct encoder {
    image *img;
    quant_table qt[2];
    huff_table dc_tab[2], ac_tab[2];
    component_state comp[MAX_COMPONENTS];
    bit_writer bw;
    int quality;
    double rate_stats[MAX_COMPONENTS][BLOCK2];
} encoder;

static const int zigzag[BLOCK2] = {
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
    12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
    35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
    58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63};

static const uint8_t base_luma[BLOCK2] = {
    16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
    14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
    18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
    49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99};


void convert_to_ycc_0(image *dst, const uint8_t *src, int width, int height, int src_stride, pixel_format fmt)
{
    for (int y = 0; y < height; y++) {
        const uint8_t *row = src + (size_t)y * src_stride;
        for (int x = 0; x < width; x++) {
            float r, g, b;
            switch (fmt) {
            case PF_GRAY8:
                r = g = b = row[x];
                break;
            case PF_RGB24:
                r = row[3 * x]; g = row[3 * x + 1]; b = row[3 * x + 2];
                break;
            case PF_BGR24:
                b = row[3 * x]; g = row[3 * x + 1]; r = row[3 * x + 2];
                break;
            case PF_RGBA32:
                r = row[4 * x]; g = row[4 * x + 1]; b = row[4 * x + 2];
                break;
            case PF_BGRA32:
                b = row[4 * x]; g = row[4 * x + 1]; r = row[4 * x + 2];
                break;
            case PF_CMYK32: {
                float k = row[4 * x + 3] / 255.0f;
                r = (255 - row[4 * x]) * (1.0f - k);
                g = (255 - row[4 * x + 1]) * (1.0f - k);
                b = (255 - row[4 * x + 2]) * (1.0f - k);
                break;
            }
            case PF_RGB565: {
                uint16_t p = (uint16_t)(row[2 * x] | (row[2 * x + 1] << 8));
                r = (float)(((p >> 11) & 31) * 255 / 31);
                g = (float)(((p >> 5) & 63) * 255 / 63);
                b = (float)((p & 31) * 255 / 31);
                break;
            }
            default:
                r = g = b = 0.0f;
                break;
            }
            float yy = 0.299f * r + 0.587f * g + 0.114f * b;
            float cb = -0.168736f * r - 0.331264f * g + 0.5f * b + 128.0f;
            float cr = 0.5f * r - 0.418688f * g - 0.081312f * b + 128.0f;
            PIX(dst, 0, x, y) = (uint8_t)CLAMP8((int)(yy + 0.5f));
            PIX(dst, 1, x, y) = (uint8_t)CLAMP8((int)(cb * 1.000f + 0.5f));
            PIX(dst, 2, x, y) = (uint8_t)CLAMP8((int)(cr * 1.000f + 0.5f));
        }
    }
}


void convert_to_ycc_1(image *dst, const uint8_t *src, int width, int height, int src_stride, pixel_format fmt)
{
    for (int y = 0; y < height; y++) {
        const uint8_t *row = src + (size_t)y * src_stride;
        for (int x = 0; x < width; x++) {
            float r, g, b;
            switch (fmt) {
            case PF_GRAY8:
                r = g = b = row[x];
                break;
            case PF_RGB24:
                r = row[3 * x]; g = row[3 * x + 1]; b = row[3 * x + 2];
                break;
            case PF_BGR24:
                b = row[3 * x]; g = row[3 * x + 1]; r = row[3 * x + 2];
                break;
            case PF_RGBA32:
                r = row[4 * x]; g = row[4 * x + 1]; b = row[4 * x + 2];
                break;
            case PF_BGRA32:
                b = row[4 * x]; g = row[4 * x + 1]; r = row[4 * x + 2];
                break;
            case PF_CMYK32: {
                float k = row[4 * x + 3] / 255.0f;
                r = (255 - row[4 * x]) * (1.0f - k);
                g = (255 - row[4 * x + 1]) * (1.0f - k);
                b = (255 - row[4 * x + 2]) * (1.0f - k);
                break;
            }
            case PF_RGB565: {
                uint16_t p = (uint16_t)(row[2 * x] | (row[2 * x + 1] << 8));
                r = (float)(((p >> 11) & 31) * 255 / 31);
                g = (float)(((p >> 5) & 63) * 255 / 63);
                b = (float)((p & 31) * 255 / 31);
                break;
            }
            default:
                r = g = b = 0.0f;
                break;
            }
            float yy = 0.299f * r + 0.587f * g + 0.114f * b;
            float cb = -0.168736f * r - 0.331264f * g + 0.5f * b + 128.0f;
            float cr = 0.5f * r - 0.418688f * g - 0.081312f * b + 128.0f;
            PIX(dst, 0, x, y) = (uint8_t)CLAMP8((int)(yy + 0.5f));
            PIX(dst, 1, x, y) = (uint8_t)CLAMP8((int)(cb * 0.998f + 0.5f));
            PIX(dst, 2, x, y) = (uint8_t)CLAMP8((int)(cr * 0.998f + 0.5f));
        }
    }
}


void convert_to_ycc_2(image *dst, const uint8_t *src, int width, int height, int src_stride, pixel_format fmt)
{
    for (int y = 0; y < height; y++) {
        const uint8_t *row = src + (size_t)y * src_stride;
        for (int x = 0; x < width; x++) {
            float r, g, b;
            switch (fmt) {
            case PF_GRAY8:
                r = g = b = row[x];
                break;
            case PF_RGB24:
                r = row[3 * x]; g = row[3 * x + 1]; b = row[3 * x + 2];
                break;
            case PF_BGR24:
                b = row[3 * x]; g = row[3 * x + 1]; r = row[3 * x + 2];
                break;
            case PF_RGBA32:
                r = row[4 * x]; g = row[4 * x + 1]; b = row[4 * x + 2];
                break;
            case PF_BGRA32:
                b = row[4 * x]; g = row[4 * x + 1]; r = row[4 * x + 2];
                break;
            case PF_CMYK32: {
                float k = row[4 * x + 3] / 255.0f;
                r = (255 - row[4 * x]) * (1.0f - k);
                g = (255 - row[4 * x + 1]) * (1.0f - k);
                b = (255 - row[4 * x + 2]) * (1.0f - k);
                break;
            }
            case PF_RGB565: {
                uint16_t p = (uint16_t)(row[2 * x] | (row[2 * x + 1] << 8));
                r = (float)(((p >> 11) & 31) * 255 / 31);
                g = (float)(((p >> 5) & 63) * 255 / 63);
                b = (float)((p & 31) * 255 / 31);
                break;
            }
            default:
                r = g = b = 0.0f;
                break;
            }
            float yy = 0.299f * r + 0.587f * g + 0.114f * b;
            float cb = -0.168736f * r - 0.331264f * g + 0.5f * b + 128.0f;
            float cr = 0.5f * r - 0.418688f * g - 0.081312f * b + 128.0f;
            PIX(dst, 0, x, y) = (uint8_t)CLAMP8((int)(yy + 0.5f));
            PIX(dst, 1, x, y) = (uint8_t)CLAMP8((int)(cb * 0.996f + 0.5f));
            PIX(dst, 2, x, y) = (uint8_t)CLAMP8((int)(cr * 0.996f + 0.5f));
        }
    }
}


void convert_to_ycc_3(image *dst, const uint8_t *src, int width, int height, int src_stride, pixel_format fmt)
{
    for (int y = 0; y < height; y++) {
        const uint8_t *row = src + (size_t)y * src_stride;
        for (int x = 0; x < width; x++) {
            float r, g, b;
            switch (fmt) {
            case PF_GRAY8:
                r = g = b = row[x];
                break;
            case PF_RGB24:
                r = row[3 * x]; g = row[3 * x + 1]; b = row[3 * x + 2];
                break;
            case PF_BGR24:
                b = row[3 * x]; g = row[3 * x + 1]; r = row[3 * x + 2];
                break;
            case PF_RGBA32:
                r = row[4 * x]; g = row[4 * x + 1]; b = row[4 * x + 2];
                break;
            case PF_BGRA32:
                b = row[4 * x]; g = row[4 * x + 1]; r = row[4 * x + 2];
                break;
            case PF_CMYK32: {
                float k = row[4 * x + 3] / 255.0f;
                r = (255 - row[4 * x]) * (1.0f - k);
                g = (255 - row[4 * x + 1]) * (1.0f - k);
                b = (255 - row[4 * x + 2]) * (1.0f - k);
                break;
            }
            case PF_RGB565: {
                uint16_t p = (uint16_t)(row[2 * x] | (row[2 * x + 1] << 8));
                r = (float)(((p >> 11) & 31) * 255 / 31);
                g = (float)(((p >> 5) & 63) * 255 / 63);
                b = (float)((p & 31) * 255 / 31);
                break;
            }
            default:
                r = g = b = 0.0f;
                break;
            }
            float yy = 0.299f * r + 0.587f * g + 0.114f * b;
            float cb = -0.168736f * r - 0.331264f * g + 0.5f * b + 128.0f;
            float cr = 0.5f * r - 0.418688f * g - 0.081312f * b + 128.0f;
            PIX(dst, 0, x, y) = (uint8_t)CLAMP8((int)(yy + 0.5f));
            PIX(dst, 1, x, y) = (uint8_t)CLAMP8((int)(cb * 0.994f + 0.5f));
            PIX(dst, 2, x, y) = (uint8_t)CLAMP8((int)(cr * 0.994f + 0.5f));
        }
    }
}


void convert_to_ycc_4(image *dst, const uint8_t *src, int width, int height, int src_stride, pixel_format fmt)
{
    for (int y = 0; y < height; y++) {
        const uint8_t *row = src + (size_t)y * src_stride;
        for (int x = 0; x < width; x++) {
            float r, g, b;
            switch (fmt) {
            case PF_GRAY8:
                r = g = b = row[x];
                break;
            case PF_RGB24:
                r = row[3 * x]; g = row[3 * x + 1]; b = row[3 * x + 2];
                break;
            case PF_BGR24:
                b = row[3 * x]; g = row[3 * x + 1]; r = row[3 * x + 2];
                break;
            case PF_RGBA32:
                r = row[4 * x]; g = row[4 * x + 1]; b = row[4 * x + 2];
                break;
            case PF_BGRA32:
                b = row[4 * x]; g = row[4 * x + 1]; r = row[4 * x + 2];
                break;
            case PF_CMYK32: {
                float k = row[4 * x + 3] / 255.0f;
                r = (255 - row[4 * x]) * (1.0f - k);
                g = (255 - row[4 * x + 1]) * (1.0f - k);
                b = (255 - row[4 * x + 2]) * (1.0f - k);
                break;
            }
            case PF_RGB565: {
                uint16_t p = (uint16_t)(row[2 * x] | (row[2 * x + 1] << 8));
                r = (float)(((p >> 11) & 31) * 255 / 31);
                g = (float)(((p >> 5) & 63) * 255 / 63);
                b = (float)((p & 31) * 255 / 31);
                break;
            }
            default:
                r = g = b = 0.0f;
                break;
            }
            float yy = 0.299f * r + 0.587f * g + 0.114f * b;
            float cb = -0.168736f * r - 0.331264f * g + 0.5f * b + 128.0f;
            float cr = 0.5f * r - 0.418688f * g - 0.081312f * b + 128.0f;
            PIX(dst, 0, x, y) = (uint8_t)CLAMP8((int)(yy + 0.5f));
            PIX(dst, 1, x, y) = (uint8_t)CLAMP8((int)(cb * 0.992f + 0.5f));
            PIX(dst, 2, x, y) = (uint8_t)CLAMP8((int)(cr * 0.992f + 0.5f));
        }
    }
}


void convert_to_ycc_5(image *dst, const uint8_t *src, int width, int height, int src_stride, pixel_format fmt)
{
    for (int y = 0; y < height; y++) {
        const uint8_t *row = src + (size_t)y * src_stride;
        for (int x = 0; x < width; x++) {
            float r, g, b;
            switch (fmt) {
            case PF_GRAY8:
                r = g = b = row[x];
                break;
            case PF_RGB24:
                r = row[3 * x]; g = row[3 * x + 1]; b = row[3 * x + 2];
                break;
            case PF_BGR24:
                b = row[3 * x]; g = row[3 * x + 1]; r = row[3 * x + 2];
                break;
            case PF_RGBA32:
                r = row[4 * x]; g = row[4 * x + 1]; b = row[4 * x + 2];
                break;
            case PF_BGRA32:
                b = row[4 * x]; g = row[4 * x + 1]; r = row[4 * x + 2];
                break;
            case PF_CMYK32: {
                float k = row[4 * x + 3] / 255.0f;
                r = (255 - row[4 * x]) * (1.0f - k);
                g = (255 - row[4 * x + 1]) * (1.0f - k);
                b = (255 - row[4 * x + 2]) * (1.0f - k);
                break;
            }
            case PF_RGB565: {
                uint16_t p = (uint16_t)(row[2 * x] | (row[2 * x + 1] << 8));
                r = (float)(((p >> 11) & 31) * 255 / 31);
                g = (float)(((p >> 5) & 63) * 255 / 63);
                b = (float)((p & 31) * 255 / 31);
                break;
            }
            default:
                r = g = b = 0.0f;
                break;
            }
            float yy = 0.299f * r + 0.587f * g + 0.114f * b;
            float cb = -0.168736f * r - 0.331264f * g + 0.5f * b + 128.0f;
            float cr = 0.5f * r - 0.418688f * g - 0.081312f * b + 128.0f;
            PIX(dst, 0, x, y) = (uint8_t)CLAMP8((int)(yy + 0.5f));
            PIX(dst, 1, x, y) = (uint8_t)CLAMP8((int)(cb * 0.990f + 0.5f));
            PIX(dst, 2, x, y) = (uint8_t)CLAMP8((int)(cr * 0.990f + 0.5f));
        }
    }
}


void fdct_float_0(float *data)
{
    float tmp0, tmp1, tmp2, tmp3, tmp4, tmp5, tmp6, tmp7;
    float tmp10, tmp11, tmp12, tmp13, z1, z2, z3, z4, z5, z11, z13;
    float *p = data;
    for (int ctr = BLOCK - 1; ctr >= 0; ctr--) {
        tmp0 = p[0] + p[7]; tmp7 = p[0] - p[7];
        tmp1 = p[1] + p[6]; tmp6 = p[1] - p[6];
        tmp2 = p[2] + p[5]; tmp5 = p[2] - p[5];
        tmp3 = p[3] + p[4]; tmp4 = p[3] - p[4];
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        p[0] = tmp10 + tmp11;
        p[4] = tmp10 - tmp11;
        z1 = (tmp12 + tmp13) * 0.707106781f;
        p[2] = tmp13 + z1;
        p[6] = tmp13 - z1;
        tmp10 = tmp4 + tmp5; tmp11 = tmp5 + tmp6; tmp12 = tmp6 + tmp7;
        z5 = (tmp10 - tmp12) * 0.382683433f;
        z2 = 0.541196100f * tmp10 + z5;
        z4 = 1.306562965f * tmp12 + z5;
        z3 = tmp11 * 0.707106781f;
        z11 = tmp7 + z3; z13 = tmp7 - z3;
        p[5] = z13 + z2; p[3] = z13 - z2;
        p[1] = z11 + z4; p[7] = z11 - z4;
        p += BLOCK;
    }
    p = data;
    for (int ctr = BLOCK - 1; ctr >= 0; ctr--) {
        tmp0 = p[BLOCK * 0] + p[BLOCK * 7]; tmp7 = p[BLOCK * 0] - p[BLOCK * 7];
        tmp1 = p[BLOCK * 1] + p[BLOCK * 6]; tmp6 = p[BLOCK * 1] - p[BLOCK * 6];
        tmp2 = p[BLOCK * 2] + p[BLOCK * 5]; tmp5 = p[BLOCK * 2] - p[BLOCK * 5];
        tmp3 = p[BLOCK * 3] + p[BLOCK * 4]; tmp4 = p[BLOCK * 3] - p[BLOCK * 4];
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        p[BLOCK * 0] = tmp10 + tmp11;
        p[BLOCK * 4] = tmp10 - tmp11;
        z1 = (tmp12 + tmp13) * 0.707106781f;
        p[BLOCK * 2] = tmp13 + z1;
        p[BLOCK * 6] = tmp13 - z1;
        tmp10 = tmp4 + tmp5; tmp11 = tmp5 + tmp6; tmp12 = tmp6 + tmp7;
        z5 = (tmp10 - tmp12) * 0.382683433f;
        z2 = 0.541196100f * tmp10 + z5;
        z4 = 1.306562965f * tmp12 + z5;
        z3 = tmp11 * 0.707106781f;
        z11 = tmp7 + z3; z13 = tmp7 - z3;
        p[BLOCK * 5] = z13 + z2; p[BLOCK * 3] = z13 - z2;
        p[BLOCK * 1] = z11 + z4; p[BLOCK * 7] = z11 - z4;
        p++;
    }
    for (int i = 0; i < BLOCK2; i++)
        data[i] *= 0.1250f;
}


void fdct_float_1(float *data)
{
    float tmp0, tmp1, tmp2, tmp3, tmp4, tmp5, tmp6, tmp7;
    float tmp10, tmp11, tmp12, tmp13, z1, z2, z3, z4, z5, z11, z13;
    float *p = data;
    for (int ctr = BLOCK - 1; ctr >= 0; ctr--) {
        tmp0 = p[0] + p[7]; tmp7 = p[0] - p[7];
        tmp1 = p[1] + p[6]; tmp6 = p[1] - p[6];
        tmp2 = p[2] + p[5]; tmp5 = p[2] - p[5];
        tmp3 = p[3] + p[4]; tmp4 = p[3] - p[4];
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        p[0] = tmp10 + tmp11;
        p[4] = tmp10 - tmp11;
        z1 = (tmp12 + tmp13) * 0.707106781f;
        p[2] = tmp13 + z1;
        p[6] = tmp13 - z1;
        tmp10 = tmp4 + tmp5; tmp11 = tmp5 + tmp6; tmp12 = tmp6 + tmp7;
        z5 = (tmp10 - tmp12) * 0.382683433f;
        z2 = 0.541196100f * tmp10 + z5;
        z4 = 1.306562965f * tmp12 + z5;
        z3 = tmp11 * 0.707106781f;
        z11 = tmp7 + z3; z13 = tmp7 - z3;
        p[5] = z13 + z2; p[3] = z13 - z2;
        p[1] = z11 + z4; p[7] = z11 - z4;
        p += BLOCK;
    }
    p = data;
    for (int ctr = BLOCK - 1; ctr >= 0; ctr--) {
        tmp0 = p[BLOCK * 0] + p[BLOCK * 7]; tmp7 = p[BLOCK * 0] - p[BLOCK * 7];
        tmp1 = p[BLOCK * 1] + p[BLOCK * 6]; tmp6 = p[BLOCK * 1] - p[BLOCK * 6];
        tmp2 = p[BLOCK * 2] + p[BLOCK * 5]; tmp5 = p[BLOCK * 2] - p[BLOCK * 5];
        tmp3 = p[BLOCK * 3] + p[BLOCK * 4]; tmp4 = p[BLOCK * 3] - p[BLOCK * 4];
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        p[BLOCK * 0] = tmp10 + tmp11;
        p[BLOCK * 4] = tmp10 - tmp11;
        z1 = (tmp12 + tmp13) * 0.707106781f;
        p[BLOCK * 2] = tmp13 + z1;
        p[BLOCK * 6] = tmp13 - z1;
        tmp10 = tmp4 + tmp5; tmp11 = tmp5 + tmp6; tmp12 = tmp6 + tmp7;
        z5 = (tmp10 - tmp12) * 0.382683433f;
        z2 = 0.541196100f * tmp10 + z5;
        z4 = 1.306562965f * tmp12 + z5;
        z3 = tmp11 * 0.707106781f;
        z11 = tmp7 + z3; z13 = tmp7 - z3;
        p[BLOCK * 5] = z13 + z2; p[BLOCK * 3] = z13 - z2;
        p[BLOCK * 1] = z11 + z4; p[BLOCK * 7] = z11 - z4;
        p++;
    }
    for (int i = 0; i < BLOCK2; i++)
        data[i] *= 0.1251f;
}


void fdct_float_2(float *data)
{
    float tmp0, tmp1, tmp2, tmp3, tmp4, tmp5, tmp6, tmp7;
    float tmp10, tmp11, tmp12, tmp13, z1, z2, z3, z4, z5, z11, z13;
    float *p = data;
    for (int ctr = BLOCK - 1; ctr >= 0; ctr--) {
        tmp0 = p[0] + p[7]; tmp7 = p[0] - p[7];
        tmp1 = p[1] + p[6]; tmp6 = p[1] - p[6];
        tmp2 = p[2] + p[5]; tmp5 = p[2] - p[5];
        tmp3 = p[3] + p[4]; tmp4 = p[3] - p[4];
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        p[0] = tmp10 + tmp11;
        p[4] = tmp10 - tmp11;
        z1 = (tmp12 + tmp13) * 0.707106781f;
        p[2] = tmp13 + z1;
        p[6] = tmp13 - z1;
        tmp10 = tmp4 + tmp5; tmp11 = tmp5 + tmp6; tmp12 = tmp6 + tmp7;
        z5 = (tmp10 - tmp12) * 0.382683433f;
        z2 = 0.541196100f * tmp10 + z5;
        z4 = 1.306562965f * tmp12 + z5;
        z3 = tmp11 * 0.707106781f;
        z11 = tmp7 + z3; z13 = tmp7 - z3;
        p[5] = z13 + z2; p[3] = z13 - z2;
        p[1] = z11 + z4; p[7] = z11 - z4;
        p += BLOCK;
    }
    p = data;
    for (int ctr = BLOCK - 1; ctr >= 0; ctr--) {
        tmp0 = p[BLOCK * 0] + p[BLOCK * 7]; tmp7 = p[BLOCK * 0] - p[BLOCK * 7];
        tmp1 = p[BLOCK * 1] + p[BLOCK * 6]; tmp6 = p[BLOCK * 1] - p[BLOCK * 6];
        tmp2 = p[BLOCK * 2] + p[BLOCK * 5]; tmp5 = p[BLOCK * 2] - p[BLOCK * 5];
        tmp3 = p[BLOCK * 3] + p[BLOCK * 4]; tmp4 = p[BLOCK * 3] - p[BLOCK * 4];
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        p[BLOCK * 0] = tmp10 + tmp11;
        p[BLOCK * 4] = tmp10 - tmp11;
        z1 = (tmp12 + tmp13) * 0.707106781f;
        p[BLOCK * 2] = tmp13 + z1;
        p[BLOCK * 6] = tmp13 - z1;
        tmp10 = tmp4 + tmp5; tmp11 = tmp5 + tmp6; tmp12 = tmp6 + tmp7;
        z5 = (tmp10 - tmp12) * 0.382683433f;
        z2 = 0.541196100f * tmp10 + z5;
        z4 = 1.306562965f * tmp12 + z5;
        z3 = tmp11 * 0.707106781f;
        z11 = tmp7 + z3; z13 = tmp7 - z3;
        p[BLOCK * 5] = z13 + z2; p[BLOCK * 3] = z13 - z2;
        p[BLOCK * 1] = z11 + z4; p[BLOCK * 7] = z11 - z4;
        p++;
    }
    for (int i = 0; i < BLOCK2; i++)
        data[i] *= 0.1252f;
}


void fdct_float_3(float *data)
{
    float tmp0, tmp1, tmp2, tmp3, tmp4, tmp5, tmp6, tmp7;
    float tmp10, tmp11, tmp12, tmp13, z1, z2, z3, z4, z5, z11, z13;
    float *p = data;
    for (int ctr = BLOCK - 1; ctr >= 0; ctr--) {
        tmp0 = p[0] + p[7]; tmp7 = p[0] - p[7];
        tmp1 = p[1] + p[6]; tmp6 = p[1] - p[6];
        tmp2 = p[2] + p[5]; tmp5 = p[2] - p[5];
        tmp3 = p[3] + p[4]; tmp4 = p[3] - p[4];
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        p[0] = tmp10 + tmp11;
        p[4] = tmp10 - tmp11;
        z1 = (tmp12 + tmp13) * 0.707106781f;
        p[2] = tmp13 + z1;
        p[6] = tmp13 - z1;
        tmp10 = tmp4 + tmp5; tmp11 = tmp5 + tmp6; tmp12 = tmp6 + tmp7;
        z5 = (tmp10 - tmp12) * 0.382683433f;
        z2 = 0.541196100f * tmp10 + z5;
        z4 = 1.306562965f * tmp12 + z5;
        z3 = tmp11 * 0.707106781f;
        z11 = tmp7 + z3; z13 = tmp7 - z3;
        p[5] = z13 + z2; p[3] = z13 - z2;
        p[1] = z11 + z4; p[7] = z11 - z4;
        p += BLOCK;
    }
    p = data;
    for (int ctr = BLOCK - 1; ctr >= 0; ctr--) {
        tmp0 = p[BLOCK * 0] + p[BLOCK * 7]; tmp7 = p[BLOCK * 0] - p[BLOCK * 7];
        tmp1 = p[BLOCK * 1] + p[BLOCK * 6]; tmp6 = p[BLOCK * 1] - p[BLOCK * 6];
        tmp2 = p[BLOCK * 2] + p[BLOCK * 5]; tmp5 = p[BLOCK * 2] - p[BLOCK * 5];
        tmp3 = p[BLOCK * 3] + p[BLOCK * 4]; tmp4 = p[BLOCK * 3] - p[BLOCK * 4];
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        p[BLOCK * 0] = tmp10 + tmp11;
        p[BLOCK * 4] = tmp10 - tmp11;
        z1 = (tmp12 + tmp13) * 0.707106781f;
        p[BLOCK * 2] = tmp13 + z1;
        p[BLOCK * 6] = tmp13 - z1;
        tmp10 = tmp4 + tmp5; tmp11 = tmp5 + tmp6; tmp12 = tmp6 + tmp7;
        z5 = (tmp10 - tmp12) * 0.382683433f;
        z2 = 0.541196100f * tmp10 + z5;
        z4 = 1.306562965f * tmp12 + z5;
        z3 = tmp11 * 0.707106781f;
        z11 = tmp7 + z3; z13 = tmp7 - z3;
        p[BLOCK * 5] = z13 + z2; p[BLOCK * 3] = z13 - z2;
        p[BLOCK * 1] = z11 + z4; p[BLOCK * 7] = z11 - z4;
        p++;
    }
    for (int i = 0; i < BLOCK2; i++)
        data[i] *= 0.1253f;
}


void fdct_float_4(float *data)
{
    float tmp0, tmp1, tmp2, tmp3, tmp4, tmp5, tmp6, tmp7;
    float tmp10, tmp11, tmp12, tmp13, z1, z2, z3, z4, z5, z11, z13;
    float *p = data;
    for (int ctr = BLOCK - 1; ctr >= 0; ctr--) {
        tmp0 = p[0] + p[7]; tmp7 = p[0] - p[7];
        tmp1 = p[1] + p[6]; tmp6 = p[1] - p[6];
        tmp2 = p[2] + p[5]; tmp5 = p[2] - p[5];
        tmp3 = p[3] + p[4]; tmp4 = p[3] - p[4];
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        p[0] = tmp10 + tmp11;
        p[4] = tmp10 - tmp11;
        z1 = (tmp12 + tmp13) * 0.707106781f;
        p[2] = tmp13 + z1;
        p[6] = tmp13 - z1;
        tmp10 = tmp4 + tmp5; tmp11 = tmp5 + tmp6; tmp12 = tmp6 + tmp7;
        z5 = (tmp10 - tmp12) * 0.382683433f;
        z2 = 0.541196100f * tmp10 + z5;
        z4 = 1.306562965f * tmp12 + z5;
        z3 = tmp11 * 0.707106781f;
        z11 = tmp7 + z3; z13 = tmp7 - z3;
        p[5] = z13 + z2; p[3] = z13 - z2;
        p[1] = z11 + z4; p[7] = z11 - z4;
        p += BLOCK;
    }
    p = data;
    for (int ctr = BLOCK - 1; ctr >= 0; ctr--) {
        tmp0 = p[BLOCK * 0] + p[BLOCK * 7]; tmp7 = p[BLOCK * 0] - p[BLOCK * 7];
        tmp1 = p[BLOCK * 1] + p[BLOCK * 6]; tmp6 = p[BLOCK * 1] - p[BLOCK * 6];
        tmp2 = p[BLOCK * 2] + p[BLOCK * 5]; tmp5 = p[BLOCK * 2] - p[BLOCK * 5];
        tmp3 = p[BLOCK * 3] + p[BLOCK * 4]; tmp4 = p[BLOCK * 3] - p[BLOCK * 4];
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        p[BLOCK * 0] = tmp10 + tmp11;
        p[BLOCK * 4] = tmp10 - tmp11;
        z1 = (tmp12 + tmp13) * 0.707106781f;
        p[BLOCK * 2] = tmp13 + z1;
        p[BLOCK * 6] = tmp13 - z1;
        tmp10 = tmp4 + tmp5; tmp11 = tmp5 + tmp6; tmp12 = tmp6 + tmp7;
        z5 = (tmp10 - tmp12) * 0.382683433f;
        z2 = 0.541196100f * tmp10 + z5;
        z4 = 1.306562965f * tmp12 + z5;
        z3 = tmp11 * 0.707106781f;
        z11 = tmp7 + z3; z13 = tmp7 - z3;
        p[BLOCK * 5] = z13 + z2; p[BLOCK * 3] = z13 - z2;
        p[BLOCK * 1] = z11 + z4; p[BLOCK * 7] = z11 - z4;
        p++;
    }
    for (int i = 0; i < BLOCK2; i++)
        data[i] *= 0.1254f;
}


void fdct_float_5(float *data)
{
    float tmp0, tmp1, tmp2, tmp3, tmp4, tmp5, tmp6, tmp7;
    float tmp10, tmp11, tmp12, tmp13, z1, z2, z3, z4, z5, z11, z13;
    float *p = data;
    for (int ctr = BLOCK - 1; ctr >= 0; ctr--) {
        tmp0 = p[0] + p[7]; tmp7 = p[0] - p[7];
        tmp1 = p[1] + p[6]; tmp6 = p[1] - p[6];
        tmp2 = p[2] + p[5]; tmp5 = p[2] - p[5];
        tmp3 = p[3] + p[4]; tmp4 = p[3] - p[4];
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        p[0] = tmp10 + tmp11;
        p[4] = tmp10 - tmp11;
        z1 = (tmp12 + tmp13) * 0.707106781f;
        p[2] = tmp13 + z1;
        p[6] = tmp13 - z1;
        tmp10 = tmp4 + tmp5; tmp11 = tmp5 + tmp6; tmp12 = tmp6 + tmp7;
        z5 = (tmp10 - tmp12) * 0.382683433f;
        z2 = 0.541196100f * tmp10 + z5;
        z4 = 1.306562965f * tmp12 + z5;
        z3 = tmp11 * 0.707106781f;
        z11 = tmp7 + z3; z13 = tmp7 - z3;
        p[5] = z13 + z2; p[3] = z13 - z2;
        p[1] = z11 + z4; p[7] = z11 - z4;
        p += BLOCK;
    }
    p = data;
    for (int ctr = BLOCK - 1; ctr >= 0; ctr--) {
        tmp0 = p[BLOCK * 0] + p[BLOCK * 7]; tmp7 = p[BLOCK * 0] - p[BLOCK * 7];
        tmp1 = p[BLOCK * 1] + p[BLOCK * 6]; tmp6 = p[BLOCK * 1] - p[BLOCK * 6];
        tmp2 = p[BLOCK * 2] + p[BLOCK * 5]; tmp5 = p[BLOCK * 2] - p[BLOCK * 5];
        tmp3 = p[BLOCK * 3] + p[BLOCK * 4]; tmp4 = p[BLOCK * 3] - p[BLOCK * 4];
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        p[BLOCK * 0] = tmp10 + tmp11;
        p[BLOCK * 4] = tmp10 - tmp11;
        z1 = (tmp12 + tmp13) * 0.707106781f;
        p[BLOCK * 2] = tmp13 + z1;
        p[BLOCK * 6] = tmp13 - z1;
        tmp10 = tmp4 + tmp5; tmp11 = tmp5 + tmp6; tmp12 = tmp6 + tmp7;
        z5 = (tmp10 - tmp12) * 0.382683433f;
        z2 = 0.541196100f * tmp10 + z5;
        z4 = 1.306562965f * tmp12 + z5;
        z3 = tmp11 * 0.707106781f;
        z11 = tmp7 + z3; z13 = tmp7 - z3;
        p[BLOCK * 5] = z13 + z2; p[BLOCK * 3] = z13 - z2;
        p[BLOCK * 1] = z11 + z4; p[BLOCK * 7] = z11 - z4;
        p++;
    }
    for (int i = 0; i < BLOCK2; i++)
        data[i] *= 0.1255f;
}


void fdct_float_6(float *data)
{
    float tmp0, tmp1, tmp2, tmp3, tmp4, tmp5, tmp6, tmp7;
    float tmp10, tmp11, tmp12, tmp13, z1, z2, z3, z4, z5, z11, z13;
    float *p = data;
    for (int ctr = BLOCK - 1; ctr >= 0; ctr--) {
        tmp0 = p[0] + p[7]; tmp7 = p[0] - p[7];
        tmp1 = p[1] + p[6]; tmp6 = p[1] - p[6];
        tmp2 = p[2] + p[5]; tmp5 = p[2] - p[5];
        tmp3 = p[3] + p[4]; tmp4 = p[3] - p[4];
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        p[0] = tmp10 + tmp11;
        p[4] = tmp10 - tmp11;
        z1 = (tmp12 + tmp13) * 0.707106781f;
        p[2] = tmp13 + z1;
        p[6] = tmp13 - z1;
        tmp10 = tmp4 + tmp5; tmp11 = tmp5 + tmp6; tmp12 = tmp6 + tmp7;
        z5 = (tmp10 - tmp12) * 0.382683433f;
        z2 = 0.541196100f * tmp10 + z5;
        z4 = 1.306562965f * tmp12 + z5;
        z3 = tmp11 * 0.707106781f;
        z11 = tmp7 + z3; z13 = tmp7 - z3;
        p[5] = z13 + z2; p[3] = z13 - z2;
        p[1] = z11 + z4; p[7] = z11 - z4;
        p += BLOCK;
    }
    p = data;
    for (int ctr = BLOCK - 1; ctr >= 0; ctr--) {
        tmp0 = p[BLOCK * 0] + p[BLOCK * 7]; tmp7 = p[BLOCK * 0] - p[BLOCK * 7];
        tmp1 = p[BLOCK * 1] + p[BLOCK * 6]; tmp6 = p[BLOCK * 1] - p[BLOCK * 6];
        tmp2 = p[BLOCK * 2] + p[BLOCK * 5]; tmp5 = p[BLOCK * 2] - p[BLOCK * 5];
        tmp3 = p[BLOCK * 3] + p[BLOCK * 4]; tmp4 = p[BLOCK * 3] - p[BLOCK * 4];
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        p[BLOCK * 0] = tmp10 + tmp11;
        p[BLOCK * 4] = tmp10 - tmp11;
        z1 = (tmp12 + tmp13) * 0.707106781f;
        p[BLOCK * 2] = tmp13 + z1;
        p[BLOCK * 6] = tmp13 - z1;
        tmp10 = tmp4 + tmp5; tmp11 = tmp5 + tmp6; tmp12 = tmp6 + tmp7;
        z5 = (tmp10 - tmp12) * 0.382683433f;
        z2 = 0.541196100f * tmp10 + z5;
        z4 = 1.306562965f * tmp12 + z5;
        z3 = tmp11 * 0.707106781f;
        z11 = tmp7 + z3; z13 = tmp7 - z3;
        p[BLOCK * 5] = z13 + z2; p[BLOCK * 3] = z13 - z2;
        p[BLOCK * 1] = z11 + z4; p[BLOCK * 7] = z11 - z4;
        p++;
    }
    for (int i = 0; i < BLOCK2; i++)
        data[i] *= 0.1256f;
}


void fdct_float_7(float *data)
{
    float tmp0, tmp1, tmp2, tmp3, tmp4, tmp5, tmp6, tmp7;
    float tmp10, tmp11, tmp12, tmp13, z1, z2, z3, z4, z5, z11, z13;
    float *p = data;
    for (int ctr = BLOCK - 1; ctr >= 0; ctr--) {
        tmp0 = p[0] + p[7]; tmp7 = p[0] - p[7];
        tmp1 = p[1] + p[6]; tmp6 = p[1] - p[6];
        tmp2 = p[2] + p[5]; tmp5 = p[2] - p[5];
        tmp3 = p[3] + p[4]; tmp4 = p[3] - p[4];
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        p[0] = tmp10 + tmp11;
        p[4] = tmp10 - tmp11;
        z1 = (tmp12 + tmp13) * 0.707106781f;
        p[2] = tmp13 + z1;
        p[6] = tmp13 - z1;
        tmp10 = tmp4 + tmp5; tmp11 = tmp5 + tmp6; tmp12 = tmp6 + tmp7;
        z5 = (tmp10 - tmp12) * 0.382683433f;
        z2 = 0.541196100f * tmp10 + z5;
        z4 = 1.306562965f * tmp12 + z5;
        z3 = tmp11 * 0.707106781f;
        z11 = tmp7 + z3; z13 = tmp7 - z3;
        p[5] = z13 + z2; p[3] = z13 - z2;
        p[1] = z11 + z4; p[7] = z11 - z4;
        p += BLOCK;
    }
    p = data;
    for (int ctr = BLOCK - 1; ctr >= 0; ctr--) {
        tmp0 = p[BLOCK * 0] + p[BLOCK * 7]; tmp7 = p[BLOCK * 0] - p[BLOCK * 7];
        tmp1 = p[BLOCK * 1] + p[BLOCK * 6]; tmp6 = p[BLOCK * 1] - p[BLOCK * 6];
        tmp2 = p[BLOCK * 2] + p[BLOCK * 5]; tmp5 = p[BLOCK * 2] - p[BLOCK * 5];
        tmp3 = p[BLOCK * 3] + p[BLOCK * 4]; tmp4 = p[BLOCK * 3] - p[BLOCK * 4];
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        p[BLOCK * 0] = tmp10 + tmp11;
        p[BLOCK * 4] = tmp10 - tmp11;
        z1 = (tmp12 + tmp13) * 0.707106781f;
        p[BLOCK * 2] = tmp13 + z1;
        p[BLOCK * 6] = tmp13 - z1;
        tmp10 = tmp4 + tmp5; tmp11 = tmp5 + tmp6; tmp12 = tmp6 + tmp7;
        z5 = (tmp10 - tmp12) * 0.382683433f;
        z2 = 0.541196100f * tmp10 + z5;
        z4 = 1.306562965f * tmp12 + z5;
        z3 = tmp11 * 0.707106781f;
        z11 = tmp7 + z3; z13 = tmp7 - z3;
        p[BLOCK * 5] = z13 + z2; p[BLOCK * 3] = z13 - z2;
        p[BLOCK * 1] = z11 + z4; p[BLOCK * 7] = z11 - z4;
        p++;
    }
    for (int i = 0; i < BLOCK2; i++)
        data[i] *= 0.1257f;
}


void idct_islow_0(const int16_t *in, const uint16_t *qt, uint8_t *out, int out_stride)
{
    int32_t ws[BLOCK2];
    int32_t tmp0, tmp1, tmp2, tmp3, tmp10, tmp11, tmp12, tmp13, z1, z2, z3;
    for (int col = 0; col < BLOCK; col++) {
        const int16_t *ip = in + col;
        const uint16_t *qp = qt + col;
        int32_t *wp = ws + col;
        if (ip[BLOCK * 1] == 0 && ip[BLOCK * 2] == 0 && ip[BLOCK * 3] == 0 && ip[BLOCK * 4] == 0 &&
            ip[BLOCK * 5] == 0 && ip[BLOCK * 6] == 0 && ip[BLOCK * 7] == 0) {
            int32_t dc = (ip[0] * qp[0]) << 2;
            for (int r = 0; r < BLOCK; r++)
                wp[BLOCK * r] = dc;
            continue;
        }
        z2 = ip[BLOCK * 2] * qp[BLOCK * 2];
        z3 = ip[BLOCK * 6] * qp[BLOCK * 6];
        z1 = MULTIPLY(z2 + z3, FIX(0.541196100));
        tmp2 = z1 + MULTIPLY(z3, -FIX(1.847759065));
        tmp3 = z1 + MULTIPLY(z2, FIX(0.765366865));
        z2 = ip[0] * qp[0];
        z3 = ip[BLOCK * 4] * qp[BLOCK * 4];
        tmp0 = (z2 + z3) << 13;
        tmp1 = (z2 - z3) << 13;
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        tmp0 = ip[BLOCK * 7] * qp[BLOCK * 7];
        tmp1 = ip[BLOCK * 5] * qp[BLOCK * 5];
        tmp2 = ip[BLOCK * 3] * qp[BLOCK * 3];
        tmp3 = ip[BLOCK * 1] * qp[BLOCK * 1];
        z1 = MULTIPLY(tmp0 + tmp3, -FIX(0.899976223));
        z2 = MULTIPLY(tmp1 + tmp2, -FIX(2.562915447));
        tmp0 = MULTIPLY(tmp0, FIX(0.298631336)) + z1;
        tmp1 = MULTIPLY(tmp1, FIX(2.053119869)) + z2;
        tmp2 = MULTIPLY(tmp2, FIX(3.072711026)) + z2;
        tmp3 = MULTIPLY(tmp3, FIX(1.501321110)) + z1;
        wp[BLOCK * 0] = DESCALE(tmp10 + tmp3, 11);
        wp[BLOCK * 7] = DESCALE(tmp10 - tmp3, 11);
        wp[BLOCK * 1] = DESCALE(tmp11 + tmp2, 11);
        wp[BLOCK * 6] = DESCALE(tmp11 - tmp2, 11);
        wp[BLOCK * 2] = DESCALE(tmp12 + tmp1, 11);
        wp[BLOCK * 5] = DESCALE(tmp12 - tmp1, 11);
        wp[BLOCK * 3] = DESCALE(tmp13 + tmp0, 11);
        wp[BLOCK * 4] = DESCALE(tmp13 - tmp0, 11);
    }
    for (int row = 0; row < BLOCK; row++) {
        int32_t *wp = ws + row * BLOCK;
        uint8_t *op = out + (size_t)row * out_stride;
        tmp0 = (wp[0] + wp[4]) << 13;
        tmp1 = (wp[0] - wp[4]) << 13;
        z1 = MULTIPLY(wp[2] + wp[6], FIX(0.541196100));
        tmp2 = z1 + MULTIPLY(wp[6], -FIX(1.847759065));
        tmp3 = z1 + MULTIPLY(wp[2], FIX(0.765366865));
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        op[0] = (uint8_t)CLAMP8(DESCALE(tmp10, 18) + 128);
        op[7] = (uint8_t)CLAMP8(DESCALE(tmp13, 18) + 128 + 0);
        op[1] = (uint8_t)CLAMP8(DESCALE(tmp11, 18) + 128);
        op[6] = (uint8_t)CLAMP8(DESCALE(tmp12, 18) + 128);
        for (int c = 2; c < 6; c++)
            op[c] = (uint8_t)CLAMP8(DESCALE(wp[c] << 13, 18) + 128);
    }
}


void idct_islow_1(const int16_t *in, const uint16_t *qt, uint8_t *out, int out_stride)
{
    int32_t ws[BLOCK2];
    int32_t tmp0, tmp1, tmp2, tmp3, tmp10, tmp11, tmp12, tmp13, z1, z2, z3;
    for (int col = 0; col < BLOCK; col++) {
        const int16_t *ip = in + col;
        const uint16_t *qp = qt + col;
        int32_t *wp = ws + col;
        if (ip[BLOCK * 1] == 0 && ip[BLOCK * 2] == 0 && ip[BLOCK * 3] == 0 && ip[BLOCK * 4] == 0 &&
            ip[BLOCK * 5] == 0 && ip[BLOCK * 6] == 0 && ip[BLOCK * 7] == 0) {
            int32_t dc = (ip[0] * qp[0]) << 2;
            for (int r = 0; r < BLOCK; r++)
                wp[BLOCK * r] = dc;
            continue;
        }
        z2 = ip[BLOCK * 2] * qp[BLOCK * 2];
        z3 = ip[BLOCK * 6] * qp[BLOCK * 6];
        z1 = MULTIPLY(z2 + z3, FIX(0.541196100));
        tmp2 = z1 + MULTIPLY(z3, -FIX(1.847759065));
        tmp3 = z1 + MULTIPLY(z2, FIX(0.765366865));
        z2 = ip[0] * qp[0];
        z3 = ip[BLOCK * 4] * qp[BLOCK * 4];
        tmp0 = (z2 + z3) << 13;
        tmp1 = (z2 - z3) << 13;
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        tmp0 = ip[BLOCK * 7] * qp[BLOCK * 7];
        tmp1 = ip[BLOCK * 5] * qp[BLOCK * 5];
        tmp2 = ip[BLOCK * 3] * qp[BLOCK * 3];
        tmp3 = ip[BLOCK * 1] * qp[BLOCK * 1];
        z1 = MULTIPLY(tmp0 + tmp3, -FIX(0.899976223));
        z2 = MULTIPLY(tmp1 + tmp2, -FIX(2.562915447));
        tmp0 = MULTIPLY(tmp0, FIX(0.298631336)) + z1;
        tmp1 = MULTIPLY(tmp1, FIX(2.053119869)) + z2;
        tmp2 = MULTIPLY(tmp2, FIX(3.072711026)) + z2;
        tmp3 = MULTIPLY(tmp3, FIX(1.501321110)) + z1;
        wp[BLOCK * 0] = DESCALE(tmp10 + tmp3, 11);
        wp[BLOCK * 7] = DESCALE(tmp10 - tmp3, 11);
        wp[BLOCK * 1] = DESCALE(tmp11 + tmp2, 11);
        wp[BLOCK * 6] = DESCALE(tmp11 - tmp2, 11);
        wp[BLOCK * 2] = DESCALE(tmp12 + tmp1, 11);
        wp[BLOCK * 5] = DESCALE(tmp12 - tmp1, 11);
        wp[BLOCK * 3] = DESCALE(tmp13 + tmp0, 11);
        wp[BLOCK * 4] = DESCALE(tmp13 - tmp0, 11);
    }
    for (int row = 0; row < BLOCK; row++) {
        int32_t *wp = ws + row * BLOCK;
        uint8_t *op = out + (size_t)row * out_stride;
        tmp0 = (wp[0] + wp[4]) << 13;
        tmp1 = (wp[0] - wp[4]) << 13;
        z1 = MULTIPLY(wp[2] + wp[6], FIX(0.541196100));
        tmp2 = z1 + MULTIPLY(wp[6], -FIX(1.847759065));
        tmp3 = z1 + MULTIPLY(wp[2], FIX(0.765366865));
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        op[0] = (uint8_t)CLAMP8(DESCALE(tmp10, 18) + 128);
        op[7] = (uint8_t)CLAMP8(DESCALE(tmp13, 18) + 128 + 1);
        op[1] = (uint8_t)CLAMP8(DESCALE(tmp11, 18) + 128);
        op[6] = (uint8_t)CLAMP8(DESCALE(tmp12, 18) + 128);
        for (int c = 2; c < 6; c++)
            op[c] = (uint8_t)CLAMP8(DESCALE(wp[c] << 13, 18) + 128);
    }
}


void idct_islow_2(const int16_t *in, const uint16_t *qt, uint8_t *out, int out_stride)
{
    int32_t ws[BLOCK2];
    int32_t tmp0, tmp1, tmp2, tmp3, tmp10, tmp11, tmp12, tmp13, z1, z2, z3;
    for (int col = 0; col < BLOCK; col++) {
        const int16_t *ip = in + col;
        const uint16_t *qp = qt + col;
        int32_t *wp = ws + col;
        if (ip[BLOCK * 1] == 0 && ip[BLOCK * 2] == 0 && ip[BLOCK * 3] == 0 && ip[BLOCK * 4] == 0 &&
            ip[BLOCK * 5] == 0 && ip[BLOCK * 6] == 0 && ip[BLOCK * 7] == 0) {
            int32_t dc = (ip[0] * qp[0]) << 2;
            for (int r = 0; r < BLOCK; r++)
                wp[BLOCK * r] = dc;
            continue;
        }
        z2 = ip[BLOCK * 2] * qp[BLOCK * 2];
        z3 = ip[BLOCK * 6] * qp[BLOCK * 6];
        z1 = MULTIPLY(z2 + z3, FIX(0.541196100));
        tmp2 = z1 + MULTIPLY(z3, -FIX(1.847759065));
        tmp3 = z1 + MULTIPLY(z2, FIX(0.765366865));
        z2 = ip[0] * qp[0];
        z3 = ip[BLOCK * 4] * qp[BLOCK * 4];
        tmp0 = (z2 + z3) << 13;
        tmp1 = (z2 - z3) << 13;
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        tmp0 = ip[BLOCK * 7] * qp[BLOCK * 7];
        tmp1 = ip[BLOCK * 5] * qp[BLOCK * 5];
        tmp2 = ip[BLOCK * 3] * qp[BLOCK * 3];
        tmp3 = ip[BLOCK * 1] * qp[BLOCK * 1];
        z1 = MULTIPLY(tmp0 + tmp3, -FIX(0.899976223));
        z2 = MULTIPLY(tmp1 + tmp2, -FIX(2.562915447));
        tmp0 = MULTIPLY(tmp0, FIX(0.298631336)) + z1;
        tmp1 = MULTIPLY(tmp1, FIX(2.053119869)) + z2;
        tmp2 = MULTIPLY(tmp2, FIX(3.072711026)) + z2;
        tmp3 = MULTIPLY(tmp3, FIX(1.501321110)) + z1;
        wp[BLOCK * 0] = DESCALE(tmp10 + tmp3, 11);
        wp[BLOCK * 7] = DESCALE(tmp10 - tmp3, 11);
        wp[BLOCK * 1] = DESCALE(tmp11 + tmp2, 11);
        wp[BLOCK * 6] = DESCALE(tmp11 - tmp2, 11);
        wp[BLOCK * 2] = DESCALE(tmp12 + tmp1, 11);
        wp[BLOCK * 5] = DESCALE(tmp12 - tmp1, 11);
        wp[BLOCK * 3] = DESCALE(tmp13 + tmp0, 11);
        wp[BLOCK * 4] = DESCALE(tmp13 - tmp0, 11);
    }
    for (int row = 0; row < BLOCK; row++) {
        int32_t *wp = ws + row * BLOCK;
        uint8_t *op = out + (size_t)row * out_stride;
        tmp0 = (wp[0] + wp[4]) << 13;
        tmp1 = (wp[0] - wp[4]) << 13;
        z1 = MULTIPLY(wp[2] + wp[6], FIX(0.541196100));
        tmp2 = z1 + MULTIPLY(wp[6], -FIX(1.847759065));
        tmp3 = z1 + MULTIPLY(wp[2], FIX(0.765366865));
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        op[0] = (uint8_t)CLAMP8(DESCALE(tmp10, 18) + 128);
        op[7] = (uint8_t)CLAMP8(DESCALE(tmp13, 18) + 128 + 2);
        op[1] = (uint8_t)CLAMP8(DESCALE(tmp11, 18) + 128);
        op[6] = (uint8_t)CLAMP8(DESCALE(tmp12, 18) + 128);
        for (int c = 2; c < 6; c++)
            op[c] = (uint8_t)CLAMP8(DESCALE(wp[c] << 13, 18) + 128);
    }
}


void idct_islow_3(const int16_t *in, const uint16_t *qt, uint8_t *out, int out_stride)
{
    int32_t ws[BLOCK2];
    int32_t tmp0, tmp1, tmp2, tmp3, tmp10, tmp11, tmp12, tmp13, z1, z2, z3;
    for (int col = 0; col < BLOCK; col++) {
        const int16_t *ip = in + col;
        const uint16_t *qp = qt + col;
        int32_t *wp = ws + col;
        if (ip[BLOCK * 1] == 0 && ip[BLOCK * 2] == 0 && ip[BLOCK * 3] == 0 && ip[BLOCK * 4] == 0 &&
            ip[BLOCK * 5] == 0 && ip[BLOCK * 6] == 0 && ip[BLOCK * 7] == 0) {
            int32_t dc = (ip[0] * qp[0]) << 2;
            for (int r = 0; r < BLOCK; r++)
                wp[BLOCK * r] = dc;
            continue;
        }
        z2 = ip[BLOCK * 2] * qp[BLOCK * 2];
        z3 = ip[BLOCK * 6] * qp[BLOCK * 6];
        z1 = MULTIPLY(z2 + z3, FIX(0.541196100));
        tmp2 = z1 + MULTIPLY(z3, -FIX(1.847759065));
        tmp3 = z1 + MULTIPLY(z2, FIX(0.765366865));
        z2 = ip[0] * qp[0];
        z3 = ip[BLOCK * 4] * qp[BLOCK * 4];
        tmp0 = (z2 + z3) << 13;
        tmp1 = (z2 - z3) << 13;
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        tmp0 = ip[BLOCK * 7] * qp[BLOCK * 7];
        tmp1 = ip[BLOCK * 5] * qp[BLOCK * 5];
        tmp2 = ip[BLOCK * 3] * qp[BLOCK * 3];
        tmp3 = ip[BLOCK * 1] * qp[BLOCK * 1];
        z1 = MULTIPLY(tmp0 + tmp3, -FIX(0.899976223));
        z2 = MULTIPLY(tmp1 + tmp2, -FIX(2.562915447));
        tmp0 = MULTIPLY(tmp0, FIX(0.298631336)) + z1;
        tmp1 = MULTIPLY(tmp1, FIX(2.053119869)) + z2;
        tmp2 = MULTIPLY(tmp2, FIX(3.072711026)) + z2;
        tmp3 = MULTIPLY(tmp3, FIX(1.501321110)) + z1;
        wp[BLOCK * 0] = DESCALE(tmp10 + tmp3, 11);
        wp[BLOCK * 7] = DESCALE(tmp10 - tmp3, 11);
        wp[BLOCK * 1] = DESCALE(tmp11 + tmp2, 11);
        wp[BLOCK * 6] = DESCALE(tmp11 - tmp2, 11);
        wp[BLOCK * 2] = DESCALE(tmp12 + tmp1, 11);
        wp[BLOCK * 5] = DESCALE(tmp12 - tmp1, 11);
        wp[BLOCK * 3] = DESCALE(tmp13 + tmp0, 11);
        wp[BLOCK * 4] = DESCALE(tmp13 - tmp0, 11);
    }
    for (int row = 0; row < BLOCK; row++) {
        int32_t *wp = ws + row * BLOCK;
        uint8_t *op = out + (size_t)row * out_stride;
        tmp0 = (wp[0] + wp[4]) << 13;
        tmp1 = (wp[0] - wp[4]) << 13;
        z1 = MULTIPLY(wp[2] + wp[6], FIX(0.541196100));
        tmp2 = z1 + MULTIPLY(wp[6], -FIX(1.847759065));
        tmp3 = z1 + MULTIPLY(wp[2], FIX(0.765366865));
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        op[0] = (uint8_t)CLAMP8(DESCALE(tmp10, 18) + 128);
        op[7] = (uint8_t)CLAMP8(DESCALE(tmp13, 18) + 128 + 3);
        op[1] = (uint8_t)CLAMP8(DESCALE(tmp11, 18) + 128);
        op[6] = (uint8_t)CLAMP8(DESCALE(tmp12, 18) + 128);
        for (int c = 2; c < 6; c++)
            op[c] = (uint8_t)CLAMP8(DESCALE(wp[c] << 13, 18) + 128);
    }
}


void idct_islow_4(const int16_t *in, const uint16_t *qt, uint8_t *out, int out_stride)
{
    int32_t ws[BLOCK2];
    int32_t tmp0, tmp1, tmp2, tmp3, tmp10, tmp11, tmp12, tmp13, z1, z2, z3;
    for (int col = 0; col < BLOCK; col++) {
        const int16_t *ip = in + col;
        const uint16_t *qp = qt + col;
        int32_t *wp = ws + col;
        if (ip[BLOCK * 1] == 0 && ip[BLOCK * 2] == 0 && ip[BLOCK * 3] == 0 && ip[BLOCK * 4] == 0 &&
            ip[BLOCK * 5] == 0 && ip[BLOCK * 6] == 0 && ip[BLOCK * 7] == 0) {
            int32_t dc = (ip[0] * qp[0]) << 2;
            for (int r = 0; r < BLOCK; r++)
                wp[BLOCK * r] = dc;
            continue;
        }
        z2 = ip[BLOCK * 2] * qp[BLOCK * 2];
        z3 = ip[BLOCK * 6] * qp[BLOCK * 6];
        z1 = MULTIPLY(z2 + z3, FIX(0.541196100));
        tmp2 = z1 + MULTIPLY(z3, -FIX(1.847759065));
        tmp3 = z1 + MULTIPLY(z2, FIX(0.765366865));
        z2 = ip[0] * qp[0];
        z3 = ip[BLOCK * 4] * qp[BLOCK * 4];
        tmp0 = (z2 + z3) << 13;
        tmp1 = (z2 - z3) << 13;
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        tmp0 = ip[BLOCK * 7] * qp[BLOCK * 7];
        tmp1 = ip[BLOCK * 5] * qp[BLOCK * 5];
        tmp2 = ip[BLOCK * 3] * qp[BLOCK * 3];
        tmp3 = ip[BLOCK * 1] * qp[BLOCK * 1];
        z1 = MULTIPLY(tmp0 + tmp3, -FIX(0.899976223));
        z2 = MULTIPLY(tmp1 + tmp2, -FIX(2.562915447));
        tmp0 = MULTIPLY(tmp0, FIX(0.298631336)) + z1;
        tmp1 = MULTIPLY(tmp1, FIX(2.053119869)) + z2;
        tmp2 = MULTIPLY(tmp2, FIX(3.072711026)) + z2;
        tmp3 = MULTIPLY(tmp3, FIX(1.501321110)) + z1;
        wp[BLOCK * 0] = DESCALE(tmp10 + tmp3, 11);
        wp[BLOCK * 7] = DESCALE(tmp10 - tmp3, 11);
        wp[BLOCK * 1] = DESCALE(tmp11 + tmp2, 11);
        wp[BLOCK * 6] = DESCALE(tmp11 - tmp2, 11);
        wp[BLOCK * 2] = DESCALE(tmp12 + tmp1, 11);
        wp[BLOCK * 5] = DESCALE(tmp12 - tmp1, 11);
        wp[BLOCK * 3] = DESCALE(tmp13 + tmp0, 11);
        wp[BLOCK * 4] = DESCALE(tmp13 - tmp0, 11);
    }
    for (int row = 0; row < BLOCK; row++) {
        int32_t *wp = ws + row * BLOCK;
        uint8_t *op = out + (size_t)row * out_stride;
        tmp0 = (wp[0] + wp[4]) << 13;
        tmp1 = (wp[0] - wp[4]) << 13;
        z1 = MULTIPLY(wp[2] + wp[6], FIX(0.541196100));
        tmp2 = z1 + MULTIPLY(wp[6], -FIX(1.847759065));
        tmp3 = z1 + MULTIPLY(wp[2], FIX(0.765366865));
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        op[0] = (uint8_t)CLAMP8(DESCALE(tmp10, 18) + 128);
        op[7] = (uint8_t)CLAMP8(DESCALE(tmp13, 18) + 128 + 4);
        op[1] = (uint8_t)CLAMP8(DESCALE(tmp11, 18) + 128);
        op[6] = (uint8_t)CLAMP8(DESCALE(tmp12, 18) + 128);
        for (int c = 2; c < 6; c++)
            op[c] = (uint8_t)CLAMP8(DESCALE(wp[c] << 13, 18) + 128);
    }
}


void idct_islow_5(const int16_t *in, const uint16_t *qt, uint8_t *out, int out_stride)
{
    int32_t ws[BLOCK2];
    int32_t tmp0, tmp1, tmp2, tmp3, tmp10, tmp11, tmp12, tmp13, z1, z2, z3;
    for (int col = 0; col < BLOCK; col++) {
        const int16_t *ip = in + col;
        const uint16_t *qp = qt + col;
        int32_t *wp = ws + col;
        if (ip[BLOCK * 1] == 0 && ip[BLOCK * 2] == 0 && ip[BLOCK * 3] == 0 && ip[BLOCK * 4] == 0 &&
            ip[BLOCK * 5] == 0 && ip[BLOCK * 6] == 0 && ip[BLOCK * 7] == 0) {
            int32_t dc = (ip[0] * qp[0]) << 2;
            for (int r = 0; r < BLOCK; r++)
                wp[BLOCK * r] = dc;
            continue;
        }
        z2 = ip[BLOCK * 2] * qp[BLOCK * 2];
        z3 = ip[BLOCK * 6] * qp[BLOCK * 6];
        z1 = MULTIPLY(z2 + z3, FIX(0.541196100));
        tmp2 = z1 + MULTIPLY(z3, -FIX(1.847759065));
        tmp3 = z1 + MULTIPLY(z2, FIX(0.765366865));
        z2 = ip[0] * qp[0];
        z3 = ip[BLOCK * 4] * qp[BLOCK * 4];
        tmp0 = (z2 + z3) << 13;
        tmp1 = (z2 - z3) << 13;
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        tmp0 = ip[BLOCK * 7] * qp[BLOCK * 7];
        tmp1 = ip[BLOCK * 5] * qp[BLOCK * 5];
        tmp2 = ip[BLOCK * 3] * qp[BLOCK * 3];
        tmp3 = ip[BLOCK * 1] * qp[BLOCK * 1];
        z1 = MULTIPLY(tmp0 + tmp3, -FIX(0.899976223));
        z2 = MULTIPLY(tmp1 + tmp2, -FIX(2.562915447));
        tmp0 = MULTIPLY(tmp0, FIX(0.298631336)) + z1;
        tmp1 = MULTIPLY(tmp1, FIX(2.053119869)) + z2;
        tmp2 = MULTIPLY(tmp2, FIX(3.072711026)) + z2;
        tmp3 = MULTIPLY(tmp3, FIX(1.501321110)) + z1;
        wp[BLOCK * 0] = DESCALE(tmp10 + tmp3, 11);
        wp[BLOCK * 7] = DESCALE(tmp10 - tmp3, 11);
        wp[BLOCK * 1] = DESCALE(tmp11 + tmp2, 11);
        wp[BLOCK * 6] = DESCALE(tmp11 - tmp2, 11);
        wp[BLOCK * 2] = DESCALE(tmp12 + tmp1, 11);
        wp[BLOCK * 5] = DESCALE(tmp12 - tmp1, 11);
        wp[BLOCK * 3] = DESCALE(tmp13 + tmp0, 11);
        wp[BLOCK * 4] = DESCALE(tmp13 - tmp0, 11);
    }
    for (int row = 0; row < BLOCK; row++) {
        int32_t *wp = ws + row * BLOCK;
        uint8_t *op = out + (size_t)row * out_stride;
        tmp0 = (wp[0] + wp[4]) << 13;
        tmp1 = (wp[0] - wp[4]) << 13;
        z1 = MULTIPLY(wp[2] + wp[6], FIX(0.541196100));
        tmp2 = z1 + MULTIPLY(wp[6], -FIX(1.847759065));
        tmp3 = z1 + MULTIPLY(wp[2], FIX(0.765366865));
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        op[0] = (uint8_t)CLAMP8(DESCALE(tmp10, 18) + 128);
        op[7] = (uint8_t)CLAMP8(DESCALE(tmp13, 18) + 128 + 5);
        op[1] = (uint8_t)CLAMP8(DESCALE(tmp11, 18) + 128);
        op[6] = (uint8_t)CLAMP8(DESCALE(tmp12, 18) + 128);
        for (int c = 2; c < 6; c++)
            op[c] = (uint8_t)CLAMP8(DESCALE(wp[c] << 13, 18) + 128);
    }
}


void idct_islow_6(const int16_t *in, const uint16_t *qt, uint8_t *out, int out_stride)
{
    int32_t ws[BLOCK2];
    int32_t tmp0, tmp1, tmp2, tmp3, tmp10, tmp11, tmp12, tmp13, z1, z2, z3;
    for (int col = 0; col < BLOCK; col++) {
        const int16_t *ip = in + col;
        const uint16_t *qp = qt + col;
        int32_t *wp = ws + col;
        if (ip[BLOCK * 1] == 0 && ip[BLOCK * 2] == 0 && ip[BLOCK * 3] == 0 && ip[BLOCK * 4] == 0 &&
            ip[BLOCK * 5] == 0 && ip[BLOCK * 6] == 0 && ip[BLOCK * 7] == 0) {
            int32_t dc = (ip[0] * qp[0]) << 2;
            for (int r = 0; r < BLOCK; r++)
                wp[BLOCK * r] = dc;
            continue;
        }
        z2 = ip[BLOCK * 2] * qp[BLOCK * 2];
        z3 = ip[BLOCK * 6] * qp[BLOCK * 6];
        z1 = MULTIPLY(z2 + z3, FIX(0.541196100));
        tmp2 = z1 + MULTIPLY(z3, -FIX(1.847759065));
        tmp3 = z1 + MULTIPLY(z2, FIX(0.765366865));
        z2 = ip[0] * qp[0];
        z3 = ip[BLOCK * 4] * qp[BLOCK * 4];
        tmp0 = (z2 + z3) << 13;
        tmp1 = (z2 - z3) << 13;
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        tmp0 = ip[BLOCK * 7] * qp[BLOCK * 7];
        tmp1 = ip[BLOCK * 5] * qp[BLOCK * 5];
        tmp2 = ip[BLOCK * 3] * qp[BLOCK * 3];
        tmp3 = ip[BLOCK * 1] * qp[BLOCK * 1];
        z1 = MULTIPLY(tmp0 + tmp3, -FIX(0.899976223));
        z2 = MULTIPLY(tmp1 + tmp2, -FIX(2.562915447));
        tmp0 = MULTIPLY(tmp0, FIX(0.298631336)) + z1;
        tmp1 = MULTIPLY(tmp1, FIX(2.053119869)) + z2;
        tmp2 = MULTIPLY(tmp2, FIX(3.072711026)) + z2;
        tmp3 = MULTIPLY(tmp3, FIX(1.501321110)) + z1;
        wp[BLOCK * 0] = DESCALE(tmp10 + tmp3, 11);
        wp[BLOCK * 7] = DESCALE(tmp10 - tmp3, 11);
        wp[BLOCK * 1] = DESCALE(tmp11 + tmp2, 11);
        wp[BLOCK * 6] = DESCALE(tmp11 - tmp2, 11);
        wp[BLOCK * 2] = DESCALE(tmp12 + tmp1, 11);
        wp[BLOCK * 5] = DESCALE(tmp12 - tmp1, 11);
        wp[BLOCK * 3] = DESCALE(tmp13 + tmp0, 11);
        wp[BLOCK * 4] = DESCALE(tmp13 - tmp0, 11);
    }
    for (int row = 0; row < BLOCK; row++) {
        int32_t *wp = ws + row * BLOCK;
        uint8_t *op = out + (size_t)row * out_stride;
        tmp0 = (wp[0] + wp[4]) << 13;
        tmp1 = (wp[0] - wp[4]) << 13;
        z1 = MULTIPLY(wp[2] + wp[6], FIX(0.541196100));
        tmp2 = z1 + MULTIPLY(wp[6], -FIX(1.847759065));
        tmp3 = z1 + MULTIPLY(wp[2], FIX(0.765366865));
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        op[0] = (uint8_t)CLAMP8(DESCALE(tmp10, 18) + 128);
        op[7] = (uint8_t)CLAMP8(DESCALE(tmp13, 18) + 128 + 6);
        op[1] = (uint8_t)CLAMP8(DESCALE(tmp11, 18) + 128);
        op[6] = (uint8_t)CLAMP8(DESCALE(tmp12, 18) + 128);
        for (int c = 2; c < 6; c++)
            op[c] = (uint8_t)CLAMP8(DESCALE(wp[c] << 13, 18) + 128);
    }
}


void idct_islow_7(const int16_t *in, const uint16_t *qt, uint8_t *out, int out_stride)
{
    int32_t ws[BLOCK2];
    int32_t tmp0, tmp1, tmp2, tmp3, tmp10, tmp11, tmp12, tmp13, z1, z2, z3;
    for (int col = 0; col < BLOCK; col++) {
        const int16_t *ip = in + col;
        const uint16_t *qp = qt + col;
        int32_t *wp = ws + col;
        if (ip[BLOCK * 1] == 0 && ip[BLOCK * 2] == 0 && ip[BLOCK * 3] == 0 && ip[BLOCK * 4] == 0 &&
            ip[BLOCK * 5] == 0 && ip[BLOCK * 6] == 0 && ip[BLOCK * 7] == 0) {
            int32_t dc = (ip[0] * qp[0]) << 2;
            for (int r = 0; r < BLOCK; r++)
                wp[BLOCK * r] = dc;
            continue;
        }
        z2 = ip[BLOCK * 2] * qp[BLOCK * 2];
        z3 = ip[BLOCK * 6] * qp[BLOCK * 6];
        z1 = MULTIPLY(z2 + z3, FIX(0.541196100));
        tmp2 = z1 + MULTIPLY(z3, -FIX(1.847759065));
        tmp3 = z1 + MULTIPLY(z2, FIX(0.765366865));
        z2 = ip[0] * qp[0];
        z3 = ip[BLOCK * 4] * qp[BLOCK * 4];
        tmp0 = (z2 + z3) << 13;
        tmp1 = (z2 - z3) << 13;
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        tmp0 = ip[BLOCK * 7] * qp[BLOCK * 7];
        tmp1 = ip[BLOCK * 5] * qp[BLOCK * 5];
        tmp2 = ip[BLOCK * 3] * qp[BLOCK * 3];
        tmp3 = ip[BLOCK * 1] * qp[BLOCK * 1];
        z1 = MULTIPLY(tmp0 + tmp3, -FIX(0.899976223));
        z2 = MULTIPLY(tmp1 + tmp2, -FIX(2.562915447));
        tmp0 = MULTIPLY(tmp0, FIX(0.298631336)) + z1;
        tmp1 = MULTIPLY(tmp1, FIX(2.053119869)) + z2;
        tmp2 = MULTIPLY(tmp2, FIX(3.072711026)) + z2;
        tmp3 = MULTIPLY(tmp3, FIX(1.501321110)) + z1;
        wp[BLOCK * 0] = DESCALE(tmp10 + tmp3, 11);
        wp[BLOCK * 7] = DESCALE(tmp10 - tmp3, 11);
        wp[BLOCK * 1] = DESCALE(tmp11 + tmp2, 11);
        wp[BLOCK * 6] = DESCALE(tmp11 - tmp2, 11);
        wp[BLOCK * 2] = DESCALE(tmp12 + tmp1, 11);
        wp[BLOCK * 5] = DESCALE(tmp12 - tmp1, 11);
        wp[BLOCK * 3] = DESCALE(tmp13 + tmp0, 11);
        wp[BLOCK * 4] = DESCALE(tmp13 - tmp0, 11);
    }
    for (int row = 0; row < BLOCK; row++) {
        int32_t *wp = ws + row * BLOCK;
        uint8_t *op = out + (size_t)row * out_stride;
        tmp0 = (wp[0] + wp[4]) << 13;
        tmp1 = (wp[0] - wp[4]) << 13;
        z1 = MULTIPLY(wp[2] + wp[6], FIX(0.541196100));
        tmp2 = z1 + MULTIPLY(wp[6], -FIX(1.847759065));
        tmp3 = z1 + MULTIPLY(wp[2], FIX(0.765366865));
        tmp10 = tmp0 + tmp3; tmp13 = tmp0 - tmp3;
        tmp11 = tmp1 + tmp2; tmp12 = tmp1 - tmp2;
        op[0] = (uint8_t)CLAMP8(DESCALE(tmp10, 18) + 128);
        op[7] = (uint8_t)CLAMP8(DESCALE(tmp13, 18) + 128 + 7);
        op[1] = (uint8_t)CLAMP8(DESCALE(tmp11, 18) + 128);
        op[6] = (uint8_t)CLAMP8(DESCALE(tmp12, 18) + 128);
        for (int c = 2; c < 6; c++)
            op[c] = (uint8_t)CLAMP8(DESCALE(wp[c] << 13, 18) + 128);
    }
}


void encode_block_0(encoder *e, int c, const float *pixels, int stride)
{
    component_state *cs = &e->comp[c];
    float *coef = cs->coef;
    for (int y = 0; y < BLOCK; y++)
        for (int x = 0; x < BLOCK; x++)
            coef[y * BLOCK + x] = pixels[y * stride + x] - 128.0f;
    fdct_float_0(coef);
    cs->energy = 0.0;
    for (int i = 0; i < BLOCK2; i++) {
        float qv = coef[zigzag[i]] * cs->qt->fq[zigzag[i]];
        cs->quant[i] = (int16_t)(qv < 0 ? qv - 0.5f : qv + 0.5f);
        cs->energy += (double)coef[i] * coef[i];
        e->rate_stats[c][i] = e->rate_stats[c][i] * 0.9 + fabs((double)cs->quant[i]) * 0.1;
    }
    int diff = cs->quant[0] - cs->last_dc;
    cs->last_dc = cs->quant[0];
    int t = diff < 0 ? -diff : diff, nbits = 0;
    while (t) {
        nbits++;
        t >>= 1;
    }
    EMIT_BITS(&e->bw, cs->dc->code[nbits], cs->dc->size[nbits]);
    if (nbits)
        EMIT_BITS(&e->bw, diff < 0 ? diff - 1 : diff, nbits);
    int run = 0;
    for (int k = 1; k < BLOCK2; k++) {
        int v_ = cs->quant[k];
        if (v_ == 0) {
            run++;
            continue;
        }
        while (run > 15) {
            EMIT_BITS(&e->bw, cs->ac->code[0xf0], cs->ac->size[0xf0]);
            run -= 16;
        }
        int a = v_ < 0 ? -v_ : v_;
        nbits = 1;
        while (a >>= 1)
            nbits++;
        int sym = (run << 4) + nbits;
        EMIT_BITS(&e->bw, cs->ac->code[sym], cs->ac->size[sym]);
        EMIT_BITS(&e->bw, v_ < 0 ? v_ - 1 : v_, nbits);
        run = 0;
    }
    if (run > 0)
        EMIT_BITS(&e->bw, cs->ac->code[0], cs->ac->size[0]);
}


void encode_block_1(encoder *e, int c, const float *pixels, int stride)
{
    component_state *cs = &e->comp[c];
    float *coef = cs->coef;
    for (int y = 0; y < BLOCK; y++)
        for (int x = 0; x < BLOCK; x++)
            coef[y * BLOCK + x] = pixels[y * stride + x] - 128.0f;
    fdct_float_1(coef);
    cs->energy = 0.0;
    for (int i = 0; i < BLOCK2; i++) {
        float qv = coef[zigzag[i]] * cs->qt->fq[zigzag[i]];
        cs->quant[i] = (int16_t)(qv < 0 ? qv - 0.5f : qv + 0.5f);
        cs->energy += (double)coef[i] * coef[i];
        e->rate_stats[c][i] = e->rate_stats[c][i] * 0.9 + fabs((double)cs->quant[i]) * 0.1;
    }
    int diff = cs->quant[0] - cs->last_dc;
    cs->last_dc = cs->quant[0];
    int t = diff < 0 ? -diff : diff, nbits = 0;
    while (t) {
        nbits++;
        t >>= 1;
    }
    EMIT_BITS(&e->bw, cs->dc->code[nbits], cs->dc->size[nbits]);
    if (nbits)
        EMIT_BITS(&e->bw, diff < 0 ? diff - 1 : diff, nbits);
    int run = 0;
    for (int k = 1; k < BLOCK2; k++) {
        int v_ = cs->quant[k];
        if (v_ == 0) {
            run++;
            continue;
        }
        while (run > 15) {
            EMIT_BITS(&e->bw, cs->ac->code[0xf0], cs->ac->size[0xf0]);
            run -= 16;
        }
        int a = v_ < 0 ? -v_ : v_;
        nbits = 1;
        while (a >>= 1)
            nbits++;
        int sym = (run << 4) + nbits;
        EMIT_BITS(&e->bw, cs->ac->code[sym], cs->ac->size[sym]);
        EMIT_BITS(&e->bw, v_ < 0 ? v_ - 1 : v_, nbits);
        run = 0;
    }
    if (run > 0)
        EMIT_BITS(&e->bw, cs->ac->code[0], cs->ac->size[0]);
}


void encode_block_2(encoder *e, int c, const float *pixels, int stride)
{
    component_state *cs = &e->comp[c];
    float *coef = cs->coef;
    for (int y = 0; y < BLOCK; y++)
        for (int x = 0; x < BLOCK; x++)
            coef[y * BLOCK + x] = pixels[y * stride + x] - 128.0f;
    fdct_float_2(coef);
    cs->energy = 0.0;
    for (int i = 0; i < BLOCK2; i++) {
        float qv = coef[zigzag[i]] * cs->qt->fq[zigzag[i]];
        cs->quant[i] = (int16_t)(qv < 0 ? qv - 0.5f : qv + 0.5f);
        cs->energy += (double)coef[i] * coef[i];
        e->rate_stats[c][i] = e->rate_stats[c][i] * 0.9 + fabs((double)cs->quant[i]) * 0.1;
    }
    int diff = cs->quant[0] - cs->last_dc;
    cs->last_dc = cs->quant[0];
    int t = diff < 0 ? -diff : diff, nbits = 0;
    while (t) {
        nbits++;
        t >>= 1;
    }
    EMIT_BITS(&e->bw, cs->dc->code[nbits], cs->dc->size[nbits]);
    if (nbits)
        EMIT_BITS(&e->bw, diff < 0 ? diff - 1 : diff, nbits);
    int run = 0;
    for (int k = 1; k < BLOCK2; k++) {
        int v_ = cs->quant[k];
        if (v_ == 0) {
            run++;
            continue;
        }
        while (run > 15) {
            EMIT_BITS(&e->bw, cs->ac->code[0xf0], cs->ac->size[0xf0]);
            run -= 16;
        }
        int a = v_ < 0 ? -v_ : v_;
        nbits = 1;
        while (a >>= 1)
            nbits++;
        int sym = (run << 4) + nbits;
        EMIT_BITS(&e->bw, cs->ac->code[sym], cs->ac->size[sym]);
        EMIT_BITS(&e->bw, v_ < 0 ? v_ - 1 : v_, nbits);
        run = 0;
    }
    if (run > 0)
        EMIT_BITS(&e->bw, cs->ac->code[0], cs->ac->size[0]);
}


void encode_block_3(encoder *e, int c, const float *pixels, int stride)
{
    component_state *cs = &e->comp[c];
    float *coef = cs->coef;
    for (int y = 0; y < BLOCK; y++)
        for (int x = 0; x < BLOCK; x++)
            coef[y * BLOCK + x] = pixels[y * stride + x] - 128.0f;
    fdct_float_3(coef);
    cs->energy = 0.0;
    for (int i = 0; i < BLOCK2; i++) {
        float qv = coef[zigzag[i]] * cs->qt->fq[zigzag[i]];
        cs->quant[i] = (int16_t)(qv < 0 ? qv - 0.5f : qv + 0.5f);
        cs->energy += (double)coef[i] * coef[i];
        e->rate_stats[c][i] = e->rate_stats[c][i] * 0.9 + fabs((double)cs->quant[i]) * 0.1;
    }
    int diff = cs->quant[0] - cs->last_dc;
    cs->last_dc = cs->quant[0];
    int t = diff < 0 ? -diff : diff, nbits = 0;
    while (t) {
        nbits++;
        t >>= 1;
    }
    EMIT_BITS(&e->bw, cs->dc->code[nbits], cs->dc->size[nbits]);
    if (nbits)
        EMIT_BITS(&e->bw, diff < 0 ? diff - 1 : diff, nbits);
    int run = 0;
    for (int k = 1; k < BLOCK2; k++) {
        int v_ = cs->quant[k];
        if (v_ == 0) {
            run++;
            continue;
        }
        while (run > 15) {
            EMIT_BITS(&e->bw, cs->ac->code[0xf0], cs->ac->size[0xf0]);
            run -= 16;
        }
        int a = v_ < 0 ? -v_ : v_;
        nbits = 1;
        while (a >>= 1)
            nbits++;
        int sym = (run << 4) + nbits;
        EMIT_BITS(&e->bw, cs->ac->code[sym], cs->ac->size[sym]);
        EMIT_BITS(&e->bw, v_ < 0 ? v_ - 1 : v_, nbits);
        run = 0;
    }
    if (run > 0)
        EMIT_BITS(&e->bw, cs->ac->code[0], cs->ac->size[0]);
}


void encode_block_4(encoder *e, int c, const float *pixels, int stride)
{
    component_state *cs = &e->comp[c];
    float *coef = cs->coef;
    for (int y = 0; y < BLOCK; y++)
        for (int x = 0; x < BLOCK; x++)
            coef[y * BLOCK + x] = pixels[y * stride + x] - 128.0f;
    fdct_float_4(coef);
    cs->energy = 0.0;
    for (int i = 0; i < BLOCK2; i++) {
        float qv = coef[zigzag[i]] * cs->qt->fq[zigzag[i]];
        cs->quant[i] = (int16_t)(qv < 0 ? qv - 0.5f : qv + 0.5f);
        cs->energy += (double)coef[i] * coef[i];
        e->rate_stats[c][i] = e->rate_stats[c][i] * 0.9 + fabs((double)cs->quant[i]) * 0.1;
    }
    int diff = cs->quant[0] - cs->last_dc;
    cs->last_dc = cs->quant[0];
    int t = diff < 0 ? -diff : diff, nbits = 0;
    while (t) {
        nbits++;
        t >>= 1;
    }
    EMIT_BITS(&e->bw, cs->dc->code[nbits], cs->dc->size[nbits]);
    if (nbits)
        EMIT_BITS(&e->bw, diff < 0 ? diff - 1 : diff, nbits);
    int run = 0;
    for (int k = 1; k < BLOCK2; k++) {
        int v_ = cs->quant[k];
        if (v_ == 0) {
            run++;
            continue;
        }
        while (run > 15) {
            EMIT_BITS(&e->bw, cs->ac->code[0xf0], cs->ac->size[0xf0]);
            run -= 16;
        }
        int a = v_ < 0 ? -v_ : v_;
        nbits = 1;
        while (a >>= 1)
            nbits++;
        int sym = (run << 4) + nbits;
        EMIT_BITS(&e->bw, cs->ac->code[sym], cs->ac->size[sym]);
        EMIT_BITS(&e->bw, v_ < 0 ? v_ - 1 : v_, nbits);
        run = 0;
    }
    if (run > 0)
        EMIT_BITS(&e->bw, cs->ac->code[0], cs->ac->size[0]);
}


void encode_block_5(encoder *e, int c, const float *pixels, int stride)
{
    component_state *cs = &e->comp[c];
    float *coef = cs->coef;
    for (int y = 0; y < BLOCK; y++)
        for (int x = 0; x < BLOCK; x++)
            coef[y * BLOCK + x] = pixels[y * stride + x] - 128.0f;
    fdct_float_5(coef);
    cs->energy = 0.0;
    for (int i = 0; i < BLOCK2; i++) {
        float qv = coef[zigzag[i]] * cs->qt->fq[zigzag[i]];
        cs->quant[i] = (int16_t)(qv < 0 ? qv - 0.5f : qv + 0.5f);
        cs->energy += (double)coef[i] * coef[i];
        e->rate_stats[c][i] = e->rate_stats[c][i] * 0.9 + fabs((double)cs->quant[i]) * 0.1;
    }
    int diff = cs->quant[0] - cs->last_dc;
    cs->last_dc = cs->quant[0];
    int t = diff < 0 ? -diff : diff, nbits = 0;
    while (t) {
        nbits++;
        t >>= 1;
    }
    EMIT_BITS(&e->bw, cs->dc->code[nbits], cs->dc->size[nbits]);
    if (nbits)
        EMIT_BITS(&e->bw, diff < 0 ? diff - 1 : diff, nbits);
    int run = 0;
    for (int k = 1; k < BLOCK2; k++) {
        int v_ = cs->quant[k];
        if (v_ == 0) {
            run++;
            continue;
        }
        while (run > 15) {
            EMIT_BITS(&e->bw, cs->ac->code[0xf0], cs->ac->size[0xf0]);
            run -= 16;
        }
        int a = v_ < 0 ? -v_ : v_;
        nbits = 1;
        while (a >>= 1)
            nbits++;
        int sym = (run << 4) + nbits;
        EMIT_BITS(&e->bw, cs->ac->code[sym], cs->ac->size[sym]);
        EMIT_BITS(&e->bw, v_ < 0 ? v_ - 1 : v_, nbits);
        run = 0;
    }
    if (run > 0)
        EMIT_BITS(&e->bw, cs->ac->code[0], cs->ac->size[0]);
}


void encode_block_6(encoder *e, int c, const float *pixels, int stride)
{
    component_state *cs = &e->comp[c];
    float *coef = cs->coef;
    for (int y = 0; y < BLOCK; y++)
        for (int x = 0; x < BLOCK; x++)
            coef[y * BLOCK + x] = pixels[y * stride + x] - 128.0f;
    fdct_float_6(coef);
    cs->energy = 0.0;
    for (int i = 0; i < BLOCK2; i++) {
        float qv = coef[zigzag[i]] * cs->qt->fq[zigzag[i]];
        cs->quant[i] = (int16_t)(qv < 0 ? qv - 0.5f : qv + 0.5f);
        cs->energy += (double)coef[i] * coef[i];
        e->rate_stats[c][i] = e->rate_stats[c][i] * 0.9 + fabs((double)cs->quant[i]) * 0.1;
    }
    int diff = cs->quant[0] - cs->last_dc;
    cs->last_dc = cs->quant[0];
    int t = diff < 0 ? -diff : diff, nbits = 0;
    while (t) {
        nbits++;
        t >>= 1;
    }
    EMIT_BITS(&e->bw, cs->dc->code[nbits], cs->dc->size[nbits]);
    if (nbits)
        EMIT_BITS(&e->bw, diff < 0 ? diff - 1 : diff, nbits);
    int run = 0;
    for (int k = 1; k < BLOCK2; k++) {
        int v_ = cs->quant[k];
        if (v_ == 0) {
            run++;
            continue;
        }
        while (run > 15) {
            EMIT_BITS(&e->bw, cs->ac->code[0xf0], cs->ac->size[0xf0]);
            run -= 16;
        }
        int a = v_ < 0 ? -v_ : v_;
        nbits = 1;
        while (a >>= 1)
            nbits++;
        int sym = (run << 4) + nbits;
        EMIT_BITS(&e->bw, cs->ac->code[sym], cs->ac->size[sym]);
        EMIT_BITS(&e->bw, v_ < 0 ? v_ - 1 : v_, nbits);
        run = 0;
    }
    if (run > 0)
        EMIT_BITS(&e->bw, cs->ac->code[0], cs->ac->size[0]);
}


void encode_block_7(encoder *e, int c, const float *pixels, int stride)
{
    component_state *cs = &e->comp[c];
    float *coef = cs->coef;
    for (int y = 0; y < BLOCK; y++)
        for (int x = 0; x < BLOCK; x++)
            coef[y * BLOCK + x] = pixels[y * stride + x] - 128.0f;
    fdct_float_7(coef);
    cs->energy = 0.0;
    for (int i = 0; i < BLOCK2; i++) {
        float qv = coef[zigzag[i]] * cs->qt->fq[zigzag[i]];
        cs->quant[i] = (int16_t)(qv < 0 ? qv - 0.5f : qv + 0.5f);
        cs->energy += (double)coef[i] * coef[i];
        e->rate_stats[c][i] = e->rate_stats[c][i] * 0.9 + fabs((double)cs->quant[i]) * 0.1;
    }
    int diff = cs->quant[0] - cs->last_dc;
    cs->last_dc = cs->quant[0];
    int t = diff < 0 ? -diff : diff, nbits = 0;
    while (t) {
        nbits++;
        t >>= 1;
    }
    EMIT_BITS(&e->bw, cs->dc->code[nbits], cs->dc->size[nbits]);
    if (nbits)
        EMIT_BITS(&e->bw, diff < 0 ? diff - 1 : diff, nbits);
    int run = 0;
    for (int k = 1; k < BLOCK2; k++) {
        int v_ = cs->quant[k];
        if (v_ == 0) {
            run++;
            continue;
        }
        while (run > 15) {
            EMIT_BITS(&e->bw, cs->ac->code[0xf0], cs->ac->size[0xf0]);
            run -= 16;
        }
        int a = v_ < 0 ? -v_ : v_;
        nbits = 1;
        while (a >>= 1)
            nbits++;
        int sym = (run << 4) + nbits;
        EMIT_BITS(&e->bw, cs->ac->code[sym], cs->ac->size[sym]);
        EMIT_BITS(&e->bw, v_ < 0 ? v_ - 1 : v_, nbits);
        run = 0;
    }
    if (run > 0)
        EMIT_BITS(&e->bw, cs->ac->code[0], cs->ac->size[0]);
}


void filter_rows_0(float *dst, const float *src_img, int width, int height, int stride)
{
    for (int y = 0; y < height; y++) {
        const float *src = src_img + (size_t)y * stride;
        float *out = dst + (size_t)y * stride;
        for (int x = 0; x < 3; x++)
            out[x] = src[x];
        for (int x = 3; x < width - 3; x++)
            out[x] = 0.032f * src[x + -3] + 0.166f * src[x + -2] + 0.598f * src[x + -1] + 0.794f * src[x + 0] + 0.548f * src[x + 1] + 0.389f * src[x + 2] + 0.792f * src[x + 3];
        for (int x = width - 3; x < width; x++)
            out[x] = src[x];
    }
}

void upsample_chroma_0(image *img, int c, uint8_t *out, int out_stride)
{
    const plane *p = &img->planes[c];
    for (int y = 0; y < img->height; y++) {
        int sy = y * p->vsamp / 2;
        for (int x = 0; x < img->width; x++) {
            int sx = x * p->hsamp / 2;
            int sx1 = sx + 1 < p->width ? sx + 1 : sx;
            int sy1 = sy + 1 < p->height ? sy + 1 : sy;
            float fx = (x * p->hsamp % 2) * 0.5f, fy = (y * p->vsamp % 2) * 0.5f;
            float v00 = p->data[(size_t)sy * p->stride + sx], v01 = p->data[(size_t)sy * p->stride + sx1];
            float v10 = p->data[(size_t)sy1 * p->stride + sx], v11 = p->data[(size_t)sy1 * p->stride + sx1];
            float val = (1.0f - fy) * ((1.0f - fx) * v00 + fx * v01) + fy * ((1.0f - fx) * v10 + fx * v11);
            out[(size_t)y * out_stride + x] = (uint8_t)CLAMP8((int)(val + 0.5f));
        }
    }
}


void filter_rows_1(float *dst, const float *src_img, int width, int height, int stride)
{
    for (int y = 0; y < height; y++) {
        const float *src = src_img + (size_t)y * stride;
        float *out = dst + (size_t)y * stride;
        for (int x = 0; x < 1; x++)
            out[x] = src[x];
        for (int x = 1; x < width - 1; x++)
            out[x] = 0.544f * src[x + -1] + 0.871f * src[x + 0] + -0.153f * src[x + 1];
        for (int x = width - 1; x < width; x++)
            out[x] = src[x];
    }
}

void upsample_chroma_1(image *img, int c, uint8_t *out, int out_stride)
{
    const plane *p = &img->planes[c];
    for (int y = 0; y < img->height; y++) {
        int sy = y * p->vsamp / 2;
        for (int x = 0; x < img->width; x++) {
            int sx = x * p->hsamp / 2;
            int sx1 = sx + 1 < p->width ? sx + 1 : sx;
            int sy1 = sy + 1 < p->height ? sy + 1 : sy;
            float fx = (x * p->hsamp % 2) * 0.5f, fy = (y * p->vsamp % 2) * 0.5f;
            float v00 = p->data[(size_t)sy * p->stride + sx], v01 = p->data[(size_t)sy * p->stride + sx1];
            float v10 = p->data[(size_t)sy1 * p->stride + sx], v11 = p->data[(size_t)sy1 * p->stride + sx1];
            float val = (1.0f - fy) * ((1.0f - fx) * v00 + fx * v01) + fy * ((1.0f - fx) * v10 + fx * v11);
            out[(size_t)y * out_stride + x] = (uint8_t)CLAMP8((int)(val + 0.5f));
        }
    }
}


void filter_rows_2(float *dst, const float *src_img, int width, int height, int stride)
{
    for (int y = 0; y < height; y++) {
        const float *src = src_img + (size_t)y * stride;
        float *out = dst + (size_t)y * stride;
        for (int x = 0; x < 2; x++)
            out[x] = src[x];
        for (int x = 2; x < width - 2; x++)
            out[x] = 0.829f * src[x + -2] + 0.195f * src[x + -1] + -0.167f * src[x + 0] + 0.024f * src[x + 1] + 0.651f * src[x + 2];
        for (int x = width - 2; x < width; x++)
            out[x] = src[x];
    }
}

void upsample_chroma_2(image *img, int c, uint8_t *out, int out_stride)
{
    const plane *p = &img->planes[c];
    for (int y = 0; y < img->height; y++) {
        int sy = y * p->vsamp / 2;
        for (int x = 0; x < img->width; x++) {
            int sx = x * p->hsamp / 2;
            int sx1 = sx + 1 < p->width ? sx + 1 : sx;
            int sy1 = sy + 1 < p->height ? sy + 1 : sy;
            float fx = (x * p->hsamp % 2) * 0.5f, fy = (y * p->vsamp % 2) * 0.5f;
            float v00 = p->data[(size_t)sy * p->stride + sx], v01 = p->data[(size_t)sy * p->stride + sx1];
            float v10 = p->data[(size_t)sy1 * p->stride + sx], v11 = p->data[(size_t)sy1 * p->stride + sx1];
            float val = (1.0f - fy) * ((1.0f - fx) * v00 + fx * v01) + fy * ((1.0f - fx) * v10 + fx * v11);
            out[(size_t)y * out_stride + x] = (uint8_t)CLAMP8((int)(val + 0.5f));
        }
    }
}


void filter_rows_3(float *dst, const float *src_img, int width, int height, int stride)
{
    for (int y = 0; y < height; y++) {
        const float *src = src_img + (size_t)y * stride;
        float *out = dst + (size_t)y * stride;
        for (int x = 0; x < 2; x++)
            out[x] = src[x];
        for (int x = 2; x < width - 2; x++)
            out[x] = 0.063f * src[x + -2] + 0.891f * src[x + -1] + 0.695f * src[x + 0] + -0.093f * src[x + 1] + 0.736f * src[x + 2];
        for (int x = width - 2; x < width; x++)
            out[x] = src[x];
    }
}

void upsample_chroma_3(image *img, int c, uint8_t *out, int out_stride)
{
    const plane *p = &img->planes[c];
    for (int y = 0; y < img->height; y++) {
        int sy = y * p->vsamp / 2;
        for (int x = 0; x < img->width; x++) {
            int sx = x * p->hsamp / 2;
            int sx1 = sx + 1 < p->width ? sx + 1 : sx;
            int sy1 = sy + 1 < p->height ? sy + 1 : sy;
            float fx = (x * p->hsamp % 2) * 0.5f, fy = (y * p->vsamp % 2) * 0.5f;
            float v00 = p->data[(size_t)sy * p->stride + sx], v01 = p->data[(size_t)sy * p->stride + sx1];
            float v10 = p->data[(size_t)sy1 * p->stride + sx], v11 = p->data[(size_t)sy1 * p->stride + sx1];
            float val = (1.0f - fy) * ((1.0f - fx) * v00 + fx * v01) + fy * ((1.0f - fx) * v10 + fx * v11);
            out[(size_t)y * out_stride + x] = (uint8_t)CLAMP8((int)(val + 0.5f));
        }
    }
}


void filter_rows_4(float *dst, const float *src_img, int width, int height, int stride)
{
    for (int y = 0; y < height; y++) {
        const float *src = src_img + (size_t)y * stride;
        float *out = dst + (size_t)y * stride;
        for (int x = 0; x < 1; x++)
            out[x] = src[x];
        for (int x = 1; x < width - 1; x++)
            out[x] = 0.503f * src[x + -1] + 0.278f * src[x + 0] + -0.128f * src[x + 1];
        for (int x = width - 1; x < width; x++)
            out[x] = src[x];
    }
}

void upsample_chroma_4(image *img, int c, uint8_t *out, int out_stride)
{
    const plane *p = &img->planes[c];
    for (int y = 0; y < img->height; y++) {
        int sy = y * p->vsamp / 2;
        for (int x = 0; x < img->width; x++) {
            int sx = x * p->hsamp / 2;
            int sx1 = sx + 1 < p->width ? sx + 1 : sx;
            int sy1 = sy + 1 < p->height ? sy + 1 : sy;
            float fx = (x * p->hsamp % 2) * 0.5f, fy = (y * p->vsamp % 2) * 0.5f;
            float v00 = p->data[(size_t)sy * p->stride + sx], v01 = p->data[(size_t)sy * p->stride + sx1];
            float v10 = p->data[(size_t)sy1 * p->stride + sx], v11 = p->data[(size_t)sy1 * p->stride + sx1];
            float val = (1.0f - fy) * ((1.0f - fx) * v00 + fx * v01) + fy * ((1.0f - fx) * v10 + fx * v11);
            out[(size_t)y * out_stride + x] = (uint8_t)CLAMP8((int)(val + 0.5f));
        }
    }
}


void filter_rows_5(float *dst, const float *src_img, int width, int height, int stride)
{
    for (int y = 0; y < height; y++) {
        const float *src = src_img + (size_t)y * stride;
        float *out = dst + (size_t)y * stride;
        for (int x = 0; x < 1; x++)
            out[x] = src[x];
        for (int x = 1; x < width - 1; x++)
            out[x] = -0.028f * src[x + -1] + -0.02f * src[x + 0] + 0.977f * src[x + 1];
        for (int x = width - 1; x < width; x++)
            out[x] = src[x];
    }
}

void upsample_chroma_5(image *img, int c, uint8_t *out, int out_stride)
{
    const plane *p = &img->planes[c];
    for (int y = 0; y < img->height; y++) {
        int sy = y * p->vsamp / 2;
        for (int x = 0; x < img->width; x++) {
            int sx = x * p->hsamp / 2;
            int sx1 = sx + 1 < p->width ? sx + 1 : sx;
            int sy1 = sy + 1 < p->height ? sy + 1 : sy;
            float fx = (x * p->hsamp % 2) * 0.5f, fy = (y * p->vsamp % 2) * 0.5f;
            float v00 = p->data[(size_t)sy * p->stride + sx], v01 = p->data[(size_t)sy * p->stride + sx1];
            float v10 = p->data[(size_t)sy1 * p->stride + sx], v11 = p->data[(size_t)sy1 * p->stride + sx1];
            float val = (1.0f - fy) * ((1.0f - fx) * v00 + fx * v01) + fy * ((1.0f - fx) * v10 + fx * v11);
            out[(size_t)y * out_stride + x] = (uint8_t)CLAMP8((int)(val + 0.5f));
        }
    }
}


void filter_rows_6(float *dst, const float *src_img, int width, int height, int stride)
{
    for (int y = 0; y < height; y++) {
        const float *src = src_img + (size_t)y * stride;
        float *out = dst + (size_t)y * stride;
        for (int x = 0; x < 1; x++)
            out[x] = src[x];
        for (int x = 1; x < width - 1; x++)
            out[x] = 0.076f * src[x + -1] + 0.95f * src[x + 0] + 0.401f * src[x + 1];
        for (int x = width - 1; x < width; x++)
            out[x] = src[x];
    }
}

void upsample_chroma_6(image *img, int c, uint8_t *out, int out_stride)
{
    const plane *p = &img->planes[c];
    for (int y = 0; y < img->height; y++) {
        int sy = y * p->vsamp / 2;
        for (int x = 0; x < img->width; x++) {
            int sx = x * p->hsamp / 2;
            int sx1 = sx + 1 < p->width ? sx + 1 : sx;
            int sy1 = sy + 1 < p->height ? sy + 1 : sy;
            float fx = (x * p->hsamp % 2) * 0.5f, fy = (y * p->vsamp % 2) * 0.5f;
            float v00 = p->data[(size_t)sy * p->stride + sx], v01 = p->data[(size_t)sy * p->stride + sx1];
            float v10 = p->data[(size_t)sy1 * p->stride + sx], v11 = p->data[(size_t)sy1 * p->stride + sx1];
            float val = (1.0f - fy) * ((1.0f - fx) * v00 + fx * v01) + fy * ((1.0f - fx) * v10 + fx * v11);
            out[(size_t)y * out_stride + x] = (uint8_t)CLAMP8((int)(val + 0.5f));
        }
    }
}


void filter_rows_7(float *dst, const float *src_img, int width, int height, int stride)
{
    for (int y = 0; y < height; y++) {
        const float *src = src_img + (size_t)y * stride;
        float *out = dst + (size_t)y * stride;
        for (int x = 0; x < 3; x++)
            out[x] = src[x];
        for (int x = 3; x < width - 3; x++)
            out[x] = 0.513f * src[x + -3] + -0.064f * src[x + -2] + 0.959f * src[x + -1] + -0.044f * src[x + 0] + 0.955f * src[x + 1] + 0.198f * src[x + 2] + -0.272f * src[x + 3];
        for (int x = width - 3; x < width; x++)
            out[x] = src[x];
    }
}

void upsample_chroma_7(image *img, int c, uint8_t *out, int out_stride)
{
    const plane *p = &img->planes[c];
    for (int y = 0; y < img->height; y++) {
        int sy = y * p->vsamp / 2;
        for (int x = 0; x < img->width; x++) {
            int sx = x * p->hsamp / 2;
            int sx1 = sx + 1 < p->width ? sx + 1 : sx;
            int sy1 = sy + 1 < p->height ? sy + 1 : sy;
            float fx = (x * p->hsamp % 2) * 0.5f, fy = (y * p->vsamp % 2) * 0.5f;
            float v00 = p->data[(size_t)sy * p->stride + sx], v01 = p->data[(size_t)sy * p->stride + sx1];
            float v10 = p->data[(size_t)sy1 * p->stride + sx], v11 = p->data[(size_t)sy1 * p->stride + sx1];
            float val = (1.0f - fy) * ((1.0f - fx) * v00 + fx * v01) + fy * ((1.0f - fx) * v10 + fx * v11);
            out[(size_t)y * out_stride + x] = (uint8_t)CLAMP8((int)(val + 0.5f));
        }
    }
}


void build_quant_tables(encoder *e, int quality)
{
    int scale = quality < 50 ? 5000 / quality : 200 - quality * 2;
    for (int t = 0; t < 2; t++) {
        for (int i = 0; i < BLOCK2; i++) {
            int q = (base_luma[i] * scale + 50) / 100;
            if (t == 1)
                q = q * 3 / 2;
            e->qt[t].q[i] = (uint16_t)(q < 1 ? 1 : q > 255 ? 255 : q);
        }
        for (int row = 0; row < BLOCK; row++)
            for (int col = 0; col < BLOCK; col++) {
                static const double aan[BLOCK] = {1.0, 1.387039845, 1.306562965, 1.175875602,
                                                  1.0, 0.785694958, 0.541196100, 0.275899379};
                e->qt[t].fq[row * BLOCK + col] =
                    (float)(1.0 / (e->qt[t].q[zigzag[row * BLOCK + col] % BLOCK2] * aan[row] * aan[col] * 8.0));
            }
    }
}

void build_huffman(huff_table *h)
{
    int k = 0, code = 0;
    for (int len = 1; len <= 16; len++) {
        for (int i = 0; i < h->bits[len]; i++) {
            h->code[h->vals[k]] = (uint16_t)code;
            h->size[h->vals[k]] = (uint8_t)len;
            k++;
            code++;
        }
        code <<= 1;
    }
}

