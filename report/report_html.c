/* The HTML report (report_html.h).
 *
 * The page is written in three parts.  What needs no script is HTML the C
 * side writes here: the summary and the charts (SVG, each point a
 * `data-loop` element with a title).  What is large and interactive is data:
 * one JSON block (`<script type="application/json">`, which a browser never
 * runs) holding every file's source and every loop's numbers, which the
 * page's own script (html_page.js) turns into the loop table and the source
 * view when asked, so a project of 10,000 loops is a few megabytes that
 * load at once and its sources are laid out one file at a time.
 *
 * Escaping is where a page like this goes wrong, so there are exactly two
 * ways text leaves this file: report_html_text() for HTML text and
 * attributes (& < > " ' as entities), and report_html_json_string() for the
 * data block (JSON's escapes, plus < > & as \u escapes so no input can end
 * the block, and every byte that is not UTF-8 or is a control character as
 * the visible text \xNN, with the file's note saying so).  The script shows
 * the data through textContent only.  As a second wall the page's
 * Content-Security-Policy allows its one script by hash and nothing from
 * any network. */
#include "report_html.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "fileio.h"
#include "html_assets.h"
#include "loop_model.h"
#include "measured.h"
#include "mem.h"
#include "perf.h"
#include "report_roofline.h"
#include "sha256.h"
#include "strbuf.h"

/* ---- escaping: the only two ways text leaves this file ---- */

static void report_html_text(strbuf *b, const char *s)
{
    for (const char *p = s ? s : ""; *p; p++) {
        switch (*p) {
        case '&': strbuf_append(b, "&amp;"); break;
        case '<': strbuf_append(b, "&lt;"); break;
        case '>': strbuf_append(b, "&gt;"); break;
        case '"': strbuf_append(b, "&quot;"); break;
        case '\'': strbuf_append(b, "&#39;"); break;
        default: strbuf_appendn(b, p, 1);
        }
    }
}

/* The length of the UTF-8 sequence at s (n bytes left), 0 when it is not one
 * (overlong forms, surrogates and values above U+10FFFF are not). */
static size_t report_html_utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3
                              : (c & 0xf8) == 0xf0 ? 4 : 0;
    if (len == 0 || len > n)
        return 0;
    unsigned long v = len == 1 ? c : c & (0x7f >> len);
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        v = v << 6 | (s[i] & 0x3f);
    }
    static const unsigned long least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (v < least[len] || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
        return 0;
    return len;
}

/* s[0, n) as a JSON string safe inside an HTML script element.  Returns the
 * number of bytes shown as \xNN (not UTF-8, or control characters but tab,
 * newline and carriage return). */
static size_t report_html_json_string(strbuf *b, const char *s, size_t n)
{
    size_t escaped = 0;
    const unsigned char *u = (const unsigned char *)s;
    strbuf_append(b, "\"");
    for (size_t i = 0; i < n;) {
        unsigned c = u[i];
        size_t len = report_html_utf8_len(u + i, n - i);
        if (len > 1) {
            /* U+2028 and U+2029 end a line in older script parsers. */
            bool separator = len == 3 && c == 0xe2 && u[i + 1] == 0x80 && (u[i + 2] & 0xfe) == 0xa8;
            if (separator)
                strbuf_printf(b, "\\u%04x", u[i + 2] == 0xa8 ? 0x2028 : 0x2029);
            else
                strbuf_appendn(b, s + i, len);
            i += len;
            continue;
        }
        if (len == 0 || (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f) {
            strbuf_printf(b, "\\\\x%02X", c);
            escaped++;
        } else if (c == '"' || c == '\\') {
            strbuf_printf(b, "\\%c", c);
        } else if (c == '\n') {
            strbuf_append(b, "\\n");
        } else if (c == '\r') {
            strbuf_append(b, "\\r");
        } else if (c == '\t') {
            strbuf_append(b, "\\t");
        } else if (c == '<' || c == '>' || c == '&') {
            strbuf_printf(b, "\\u%04x", c);
        } else {
            strbuf_appendn(b, s + i, 1);
        }
        i++;
    }
    strbuf_append(b, "\"");
    return escaped;
}

static void report_html_json_cstr(strbuf *b, const char *s)
{
    if (s)
        report_html_json_string(b, s, strlen(s));
    else
        strbuf_append(b, "null");
}

/* A number of the data block: whole numbers exactly, others to 6 digits; null
 * when not finite or absent (has false). */
static void report_html_json_number(strbuf *b, bool has, double v)
{
    if (!has || !isfinite(v))
        strbuf_append(b, "null");
    else if (v == floor(v) && fabs(v) < 1e15)
        strbuf_printf(b, "%.0f", v);
    else
        strbuf_printf(b, "%.6g", v);
}

/* ---- the files the page shows ---- */

typedef struct html_file {
    char *path;       /* absolute */
    char *name;       /* shown: relative to the working directory when under it */
    char *text;       /* NULL: not read */
    size_t len;
    const char *note; /* static */
} html_file;

typedef struct html_files {
    html_file *v;
    size_t n, cap;
    char *cwd; /* with a trailing '/', or NULL */
} html_files;

/* The file named p (absolute), added at the end when new. */
static size_t html_file_find(html_files *fs, const char *p)
{
    /* Loops come file by file, so the last one found is nearly always the one. */
    for (size_t i = fs->n; i-- > 0;)
        if (!strcmp(fs->v[i].path, p))
            return i;
    if (fs->n == fs->cap) {
        fs->cap = fs->cap ? 2 * fs->cap : 16;
        fs->v = mem_realloc(fs->v, fs->cap * sizeof *fs->v);
    }
    html_file *f = &fs->v[fs->n];
    *f = (html_file){mem_strdup(p), NULL, NULL, 0, NULL};
    size_t cl = fs->cwd ? strlen(fs->cwd) : 0;
    f->name = mem_strdup(cl && !strncmp(p, fs->cwd, cl) && p[cl] ? p + cl : p);
    return fs->n++;
}

static size_t html_file_index(html_files *fs, const char *path)
{
    const char *p = path ? path : "(no file)";
    /* A pragma's file is as the user named it, a loop's absolute: one file either way. */
    char *joined = NULL;
    if (p[0] != '/' && path && fs->cwd) {
        joined = mem_alloc(strlen(fs->cwd) + strlen(p) + 1);
        strcat(strcpy(joined, fs->cwd), p);
        p = joined;
    }
    size_t k = html_file_find(fs, p);
    free(joined);
    return k;
}

/* Reads a source for the page: a file that cannot be read is a note, not an error
 * (the analysis read it; the page only shows it). */
static void html_file_read(html_file *f)
{
    FILE *in = fopen(f->path, "rb");
    if (!in) {
        f->note = "the source could not be read to show it";
        return;
    }
    strbuf sb = STRBUF_INIT;
    char buf[65536];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, in)) > 0)
        strbuf_appendn(&sb, buf, got);
    bool bad = ferror(in);
    fclose(in);
    f->len = sb.len;
    f->text = strbuf_take(&sb);
    if (bad) {
        free(f->text);
        f->text = NULL;
        f->note = "the source could not be read to show it";
    }
}

/* When no file is under the working directory, the names drop the directory all the
 * files share ("/home/u/src/a.c" and "/home/u/src/b/c.c": "a.c" and "b/c.c"). */
static void html_files_shorten(html_files *fs)
{
    if (fs->n == 0)
        return;
    size_t common = SIZE_MAX;
    for (size_t i = 0; i < fs->n; i++) {
        if (strcmp(fs->v[i].name, fs->v[i].path) != 0 || fs->v[i].path[0] != '/')
            return;
        const char *a = fs->v[0].path, *b = fs->v[i].path;
        size_t k = 0;
        while (a[k] && a[k] == b[k])
            k++;
        common = k < common ? k : common;
    }
    while (common > 0 && fs->v[0].path[common - 1] != '/')
        common--;
    if (common <= 1)
        return;
    for (size_t i = 0; i < fs->n; i++) {
        char *shorter = mem_strdup(fs->v[i].path + common);
        free(fs->v[i].name);
        fs->v[i].name = shorter;
    }
}

static void html_files_release(html_files *fs)
{
    for (size_t i = 0; i < fs->n; i++) {
        free(fs->v[i].path);
        free(fs->v[i].name);
        free(fs->v[i].text);
    }
    free(fs->v);
    free(fs->cwd);
    *fs = (html_files){0};
}

/* ---- what the page knows of each loop ---- */

typedef struct html_loop {
    const lm_loop *loop;
    size_t file;
    const perf_nest *nest;      /* its nest's prediction (NULL: none) */
    const perf_loop *pl;        /* its own in the nest, or NULL */
    const measured_loop *m;     /* NULL: not measured */
    const report_roofline_row *row; /* its nest's measured roofline row, top loops only */
} html_loop;

typedef struct html_page {
    const lm_program *p;
    const report_joins *j;
    const report_html_options *o;
    html_files files;
    html_loop *loops;
    size_t nloops;
    double measured_total_s; /* the share's whole when measured, else 0 */
    /* A project too large for one page has a page per file beside its index page
     * (report_html_file): `pages` is the link to them from this page ("X.files/" from the
     * index, "" from a file page), `only_file` the file whose source this page holds
     * (SIZE_MAX: the index), `index` a file page's link back.  One page: NULL, SIZE_MAX,
     * NULL. */
    const char *pages;
    size_t only_file;
    const char *index;
} html_page;

static const lm_loop *html_top(const lm_loop *l)
{
    while (l->parent)
        l = l->parent;
    return l;
}

static const perf_loop *html_perf_loop(const perf_nest *n, const lm_loop *l)
{
    for (size_t i = 0; n && i < n->nloops; i++)
        if (n->loops[i].loop == l)
            return &n->loops[i];
    return NULL;
}

static const report_roofline_row *html_roofline_row(const report_roofline *rr, const lm_loop *top)
{
    for (size_t i = 0; rr && i < rr->nrows; i++)
        if (rr->rows[i].nest->top == top)
            return &rr->rows[i];
    return NULL;
}

static void html_collect(html_page *pg)
{
    const lm_program *p = pg->p;
    const report_joins *j = pg->j;
    pg->loops = mem_alloc((p->nloops ? p->nloops : 1) * sizeof *pg->loops);
    double timed_total = 0;
    for (const lm_file *f = p->files; f; f = f->next) {
        html_file_index(&pg->files, f->path);
        for (const lm_function *fn = f->functions; fn; fn = fn->next) {
            for (const lm_loop *l = fn->loops; l; l = lm_loop_next_preorder(l)) {
                html_loop *h = &pg->loops[pg->nloops++];
                const lm_loop *top = html_top(l);
                h->loop = l;
                h->file = html_file_index(&pg->files, l->loc.file);
                h->nest = j ? perf_nest_of(j->predicted, top) : NULL;
                h->pl = html_perf_loop(h->nest, l);
                h->m = j && j->measured ? measured_of(j->measured, l) : NULL;
                if (l == top && j)
                    h->row = html_roofline_row(j->roofline, top);
                if (l == top && h->m && h->m->timed)
                    timed_total += h->m->seconds;
            }
        }
        for (const lm_check *c = f->checks; c; c = c->next)
            html_file_index(&pg->files, c->pragma.loc.file);
    }
    html_files_shorten(&pg->files);
    pg->measured_total_s = j && j->roofline && j->roofline->total_s > 0 ? j->roofline->total_s
                                                                         : timed_total;
}

/* ---- the data block ---- */

static double html_share(const html_page *pg, const html_loop *h, bool *has)
{
    *has = false;
    if (h->loop->parent)
        return 0;
    if (h->m && h->m->timed && pg->measured_total_s > 0) {
        *has = true;
        return fmin(1.0, h->m->seconds / pg->measured_total_s);
    }
    const perf_result *r = pg->j ? pg->j->predicted : NULL;
    if (!pg->j || !pg->j->measured) {
        if (h->nest && !h->nest->unpredicted && r && r->runtime_s > 0) {
            *has = true;
            return fmin(1.0, h->nest->runtime_s / r->runtime_s);
        }
    }
    return 0;
}

/* The model's point of a nest: its flops over the bytes it loads and stores (the measured
 * roofline's axis) when measured, else over its memory traffic; GFLOP/s. */
static bool html_predicted_point(const html_loop *h, double *ai, double *gflops)
{
    const perf_nest *n = h->nest;
    if (h->loop->parent || !n || n->unpredicted || n->runtime_s <= 0 || n->flops <= 0)
        return false;
    *ai = h->row && h->row->predicted ? h->row->predicted_ai : perf_intensity(n->flops, n->bytes);
    *gflops = n->flops / n->runtime_s / 1e9;
    return *ai > 0;
}

static bool html_measured_point(const html_loop *h, double *ai, double *gflops)
{
    if (!h->row || h->row->gflops <= 0 || h->row->ai <= 0)
        return false;
    *ai = h->row->ai;
    *gflops = h->row->gflops;
    return true;
}

static void html_data_loop(strbuf *b, const html_page *pg, size_t i)
{
    const html_loop *h = &pg->loops[i];
    const lm_loop *l = h->loop;
    const lm_loop *top = html_top(l);
    strbuf_printf(b, "{\"id\":%zu,\"f\":%zu,\"line\":%u,\"col\":%u,\"fn\":", i, h->file,
                  l->loc.line, l->loc.column);
    report_html_json_cstr(b, l->function ? l->function->name : "");
    strbuf_printf(b, ",\"kind\":\"%s\",\"depth\":%u,\"fp\":%lu,\"bytes\":%lu,\"ai\":",
                  lm_loop_kind_name(l->kind), l->depth, lm_fp_total(&l->inclusive),
                  l->loads.bytes + l->stores.bytes);
    report_html_json_number(b, l->ai >= 0, l->ai);
    strbuf_printf(b, ",\"complete\":%s,\"top\":%zu,\"trips\":", l->complete ? "true" : "false",
                  top->index);
    bool measured_trips = h->m && h->m->entries > 0;
    double trips = h->pl && !h->pl->did_not_run && h->pl->trip >= 0 ? (double)h->pl->trip
                   : measured_trips ? (double)h->m->iterations / (double)h->m->entries
                                    : 0;
    report_html_json_number(b, (h->pl && h->pl->trip >= 0) || measured_trips, trips);
    bool nest_row = !l->parent && h->nest && !h->nest->unpredicted;
    strbuf_append(b, ",\"pred_s\":");
    report_html_json_number(b, nest_row, nest_row ? h->nest->runtime_s : 0);
    strbuf_append(b, ",\"bound\":");
    report_html_json_cstr(b, nest_row ? h->nest->bottleneck : NULL);
    strbuf_append(b, ",\"reason\":");
    report_html_json_cstr(b, h->nest ? h->nest->unpredicted : NULL);
    strbuf_append(b, ",\"m_entries\":");
    report_html_json_number(b, h->m, h->m ? (double)h->m->entries : 0);
    strbuf_append(b, ",\"m_iters\":");
    report_html_json_number(b, h->m, h->m ? (double)h->m->iterations : 0);
    strbuf_append(b, ",\"m_fp\":");
    report_html_json_number(b, h->m, h->m ? (double)lm_fp_total(&h->m->fp) : 0);
    strbuf_append(b, ",\"m_s\":");
    report_html_json_number(b, h->m && h->m->timed, h->m ? h->m->seconds : 0);
    bool has_share;
    double share = html_share(pg, h, &has_share);
    strbuf_append(b, ",\"share\":");
    report_html_json_number(b, has_share, share);
    strbuf_append(b, "}");
}

/* A pragma's clauses against its counts: each clause's match or mismatch, as
 * lm_verify_pragmas says them. */
static void html_data_check(strbuf *b, html_page *pg, const lm_check *c)
{
    const lm_pragma *pr = &c->pragma;
    strbuf text = STRBUF_INIT;
    if (!c->what)
        strbuf_append(&text, "stands before nothing it can apply to");
    for (int k = 0; c->what && k < LM_NCLAUSES; k++) {
        if (!pr->present[k])
            continue;
        unsigned long have = lm_clause_count(&c->counts, k);
        if (text.len)
            strbuf_append(&text, "; ");
        if (have == pr->expected[k])
            strbuf_printf(&text, "%s(%lu) matches the %s", lm_clause_name(k), have, c->what);
        else
            strbuf_printf(&text, "%s is %lu, the %s has %lu", lm_clause_name(k), pr->expected[k],
                          c->what, have);
    }
    strbuf_printf(b, "{\"f\":%zu,\"line\":%u,\"col\":%u,\"ok\":%s,\"text\":",
                  html_file_index(&pg->files, pr->loc.file), pr->loc.line, pr->loc.column,
                  lm_check_matches(c) ? "true" : "false");
    report_html_json_cstr(b, strbuf_cstr(&text));
    strbuf_append(b, "}");
    strbuf_release(&text);
}

/* The sources are read before any page is written: their size decides how many pages. */
static void html_files_read(html_files *fs, bool sources)
{
    for (size_t i = 0; i < fs->n; i++) {
        if (sources)
            html_file_read(&fs->v[i]);
        else
            fs->v[i].note = "the loops were read from ExaSAT XML, which holds no source";
    }
}

static bool html_page_has_text(const html_page *pg, size_t k)
{
    return pg->files.v[k].text && (!pg->pages || k == pg->only_file);
}

static void html_data_file(strbuf *b, const html_page *pg, size_t k)
{
    const html_file *f = &pg->files.v[k];
    strbuf_append(b, "{\"path\":");
    report_html_json_cstr(b, f->path);
    strbuf_append(b, ",\"name\":");
    report_html_json_cstr(b, f->name);
    strbuf_append(b, ",\"text\":");
    size_t escaped = 0;
    if (html_page_has_text(pg, k))
        escaped = report_html_json_string(b, f->text, f->len);
    else
        strbuf_append(b, "null");
    const char *note = f->note;
    if (escaped)
        note = memchr(f->text, '\0', f->len)
                   ? "a binary file: bytes that are not text are shown as \\xNN"
                   : "not UTF-8 text: bytes that are not UTF-8 are shown as \\xNN";
    strbuf_append(b, ",\"note\":");
    report_html_json_cstr(b, note);
    if (pg->pages && f->text && k != pg->only_file)
        strbuf_printf(b, ",\"page\":\"%s%zu.html\"", pg->pages, k);
    strbuf_append(b, "}");
}

static void html_data(strbuf *b, html_page *pg)
{
    strbuf_append(b, "{\"loops\":[");
    for (size_t i = 0; i < pg->nloops; i++) {
        if (i)
            strbuf_append(b, ",\n");
        html_data_loop(b, pg, i);
    }
    strbuf_append(b, "],\n\"checks\":[");
    bool first = true;
    for (const lm_file *f = pg->p->files; f; f = f->next)
        for (const lm_check *c = f->checks; c; c = c->next) {
            if (pg->only_file != SIZE_MAX &&
                html_file_index(&pg->files, c->pragma.loc.file) != pg->only_file)
                continue;
            if (!first)
                strbuf_append(b, ",\n");
            first = false;
            html_data_check(b, pg, c);
        }
    strbuf_append(b, "],\n\"files\":[");
    for (size_t i = 0; i < pg->files.n; i++) {
        if (i)
            strbuf_append(b, ",\n");
        html_data_file(b, pg, i);
    }
    strbuf_append(b, "],\n\"index\":");
    report_html_json_cstr(b, pg->index);
    strbuf_printf(b, ",\n\"first\":%zu}", pg->only_file == SIZE_MAX ? 0 : pg->only_file);
}

/* ---- the charts ---- */

enum { CHART_W = 580, CHART_H = 400, CHART_L = 62, CHART_R = 16, CHART_T = 18, CHART_B = 46 };

/* Log-log axes: decades from lo to hi on each. */
typedef struct html_axes {
    double x0, x1, y0, y1; /* log10 of the ends */
} html_axes;

static double html_px(const html_axes *a, double x)
{
    return CHART_L + (log10(x) - a->x0) / (a->x1 - a->x0) * (CHART_W - CHART_L - CHART_R);
}

static double html_py(const html_axes *a, double y)
{
    return CHART_H - CHART_B - (log10(y) - a->y0) / (a->y1 - a->y0) * (CHART_H - CHART_T - CHART_B);
}

static void html_axes_fit(html_axes *a, double xlo, double xhi, double ylo, double yhi)
{
    a->x0 = floor(log10(xlo));
    a->x1 = ceil(log10(xhi));
    a->y0 = floor(log10(ylo));
    a->y1 = ceil(log10(yhi));
    if (a->x1 <= a->x0)
        a->x1 = a->x0 + 1;
    if (a->y1 <= a->y0)
        a->y1 = a->y0 + 1;
}

static void html_axes_draw(strbuf *b, const html_axes *a, const char *xlabel, const char *ylabel)
{
    double left = CHART_L, right = CHART_W - CHART_R, top = CHART_T, bottom = CHART_H - CHART_B;
    for (double d = a->x0; d <= a->x1; d++) {
        double x = html_px(a, pow(10, d));
        strbuf_printf(b, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                         "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%g</text>\n",
                      x, top, x, bottom, x, bottom + 15, pow(10, d));
    }
    for (double d = a->y0; d <= a->y1; d++) {
        double y = html_py(a, pow(10, d));
        strbuf_printf(b, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                         "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n",
                      left, y, right, y, left - 5, y + 4, pow(10, d));
    }
    strbuf_printf(b, "<rect class=\"axis\" fill=\"none\" x=\"%d\" y=\"%d\" width=\"%d\" "
                     "height=\"%d\"/>\n",
                  CHART_L, CHART_T, CHART_W - CHART_L - CHART_R, CHART_H - CHART_T - CHART_B);
    strbuf_printf(b, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", (left + right) / 2,
                  CHART_H - 8);
    report_html_text(b, xlabel);
    strbuf_printf(b, "</text><text transform=\"translate(14,%.1f) rotate(-90)\" "
                     "text-anchor=\"middle\">",
                  (top + bottom) / 2);
    report_html_text(b, ylabel);
    strbuf_append(b, "</text>\n");
}

/* "file:line function" of a loop, as HTML text. */
static void html_loop_name(strbuf *b, const html_page *pg, const html_loop *h)
{
    report_html_text(b, pg->files.v[h->file].name);
    strbuf_printf(b, ":%u ", h->loop->loc.line);
    report_html_text(b, h->loop->function ? h->loop->function->name : "");
}

static void html_point(strbuf *b, const html_page *pg, size_t i, const html_axes *a, double ai,
                       double gflops, bool measured)
{
    strbuf_printf(b, "<circle class=\"%s\" data-loop=\"%zu\" cx=\"%.1f\" cy=\"%.1f\" r=\"%d\">"
                     "<title>",
                  measured ? "meas" : "pred", i, html_px(a, ai), html_py(a, gflops),
                  measured ? 4 : 5);
    html_loop_name(b, pg, &pg->loops[i]);
    strbuf_printf(b, " (%s): AI %.3g flop/byte, %.3g GFLOP/s</title></circle>\n",
                  measured ? "measured" : "predicted", ai, gflops);
}

static void html_roofline(strbuf *b, const html_page *pg)
{
    const machine *m = pg->o->machine;
    strbuf_append(b, "<section id=\"roofline\"><h2>Roofline</h2>\n");
    if (!m || !pg->j || !pg->j->predicted) {
        strbuf_append(b, "<p class=\"muted\">No machine was given (-machine FILE): no "
                         "predictions and no roofline.</p></section>\n");
        return;
    }
    report_roofline_ceiling ceil[PERF_MAX_LEVELS];
    size_t nceil = report_roofline_ceilings(m, ceil);
    double peak = m->peak_gflops;
    double xlo = 0.05, xhi = 10, ylo = peak / 1000, yhi = peak * 2;
    for (size_t k = 0; k < nceil; k++)
        if (ceil[k].gbs > 0)
            xhi = fmax(xhi, 4 * peak / ceil[k].gbs);
    for (size_t i = 0; i < pg->nloops; i++) {
        double ai, g;
        for (int meas = 0; meas < 2; meas++)
            if (meas ? html_measured_point(&pg->loops[i], &ai, &g)
                     : html_predicted_point(&pg->loops[i], &ai, &g)) {
                xlo = fmin(xlo, ai);
                xhi = fmax(xhi, ai);
                ylo = fmin(ylo, g);
            }
    }
    html_axes a;
    html_axes_fit(&a, xlo, xhi, ylo, yhi);
    strbuf_printf(b, "<svg class=\"chart\" id=\"roofchart\" xmlns=\"http://www.w3.org/2000/svg\" "
                     "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
                  CHART_W, CHART_H, CHART_W, CHART_H);
    html_axes_draw(b, &a, "arithmetic intensity (flop/byte)", "GFLOP/s");
    double xa = pow(10, a.x0), xb = pow(10, a.x1);
    for (size_t k = 0; k < nceil; k++) {
        if (ceil[k].gbs <= 0)
            continue;
        /* ai x gbs up to the peak, from the left edge or where it enters the chart. */
        double ridge = peak / ceil[k].gbs;
        double start = fmax(xa, pow(10, a.y0) / ceil[k].gbs);
        if (start >= ridge)
            continue;
        double x0 = html_px(&a, start), y0 = html_py(&a, start * ceil[k].gbs);
        double x1 = html_px(&a, ridge), y1 = html_py(&a, peak);
        strbuf_printf(b, "<line class=\"ceiling\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                         "y2=\"%.1f\"><title>",
                      x0, y0, x1, y1);
        report_html_text(b, ceil[k].name);
        strbuf_printf(b, " %.4g GB/s</title></line>\n", ceil[k].gbs);
        /* The label along its line, ending a little before the ridge, where the
         * ceilings are furthest apart. */
        double angle = atan2(y1 - y0, x1 - x0) * (180 / 3.14159265358979323846);
        strbuf_printf(b, "<text text-anchor=\"end\" transform=\"translate(%.1f,%.1f) "
                         "rotate(%.1f)\">",
                      x1 - 0.08 * (x1 - x0), y1 - 0.08 * (y1 - y0) - 4, angle);
        report_html_text(b, ceil[k].name);
        strbuf_printf(b, " %.*f GB/s</text>\n", ceil[k].gbs < 100 ? 1 : 0, ceil[k].gbs);
    }
    strbuf_printf(b, "<line class=\"roof\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\">"
                     "<title>peak %.4g GFLOP/s</title></line>"
                     "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">peak %.4g GFLOP/s</text>\n",
                  html_px(&a, xa), html_py(&a, peak), html_px(&a, xb), html_py(&a, peak), peak,
                  html_px(&a, xb) - 4, html_py(&a, peak) - 5, peak);
    size_t npoints = 0;
    for (size_t i = 0; i < pg->nloops; i++) {
        double pa, pgf, ma, mg;
        bool pred = html_predicted_point(&pg->loops[i], &pa, &pgf);
        bool meas = html_measured_point(&pg->loops[i], &ma, &mg);
        if (pred && meas)
            strbuf_printf(b, "<line class=\"join\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                             "y2=\"%.1f\"/>\n",
                          html_px(&a, ma), html_py(&a, mg), html_px(&a, pa), html_py(&a, pgf));
        if (pred)
            html_point(b, pg, i, &a, pa, pgf, false);
        if (meas)
            html_point(b, pg, i, &a, ma, mg, true);
        npoints += pred + meas;
    }
    strbuf_append(b, "</svg>\n<p class=\"legend\">");
    strbuf_printf(b, "%zu points. Rings: the model's prediction of each nest (its flops over %s, "
                     "at its predicted time; a nest without FP operations has none); dots: "
                     "measured. Hover a point to name its loop; click it to show its source "
                     "line.</p></section>\n",
                  npoints,
                  pg->j->roofline ? "the bytes it loads and stores" : "its memory traffic");
}

/* A nest with a predicted time and a measured one: a point of the chart below. */
static bool html_predicted_and_timed(const html_loop *h)
{
    return !h->loop->parent && h->nest && !h->nest->unpredicted && h->nest->runtime_s > 0 &&
           h->m && h->m->timed && h->m->seconds > 0;
}

/* Predicted against measured seconds, nests with both. */
static void html_predicted_measured(strbuf *b, const html_page *pg)
{
    double lo = HUGE_VAL, hi = 0;
    size_t n = 0;
    for (size_t i = 0; i < pg->nloops; i++) {
        const html_loop *h = &pg->loops[i];
        if (!html_predicted_and_timed(h))
            continue;
        lo = fmin(lo, fmin(h->nest->runtime_s, h->m->seconds));
        hi = fmax(hi, fmax(h->nest->runtime_s, h->m->seconds));
        n++;
    }
    if (n == 0)
        return;
    html_axes a;
    html_axes_fit(&a, lo, hi, lo, hi);
    a.x0 = a.y0 = fmin(a.x0, a.y0);
    a.x1 = a.y1 = fmax(a.x1, a.y1);
    strbuf_append(b, "<section id=\"predmeas\"><h2>Predicted against measured</h2>\n");
    strbuf_printf(b, "<svg class=\"chart\" id=\"pmchart\" xmlns=\"http://www.w3.org/2000/svg\" "
                     "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
                  CHART_W, CHART_H, CHART_W, CHART_H);
    html_axes_draw(b, &a, "measured seconds", "predicted seconds");
    double e0 = pow(10, a.x0), e1 = pow(10, a.x1);
    static const double bands[] = {1.0, 1.25, 0.75};
    for (size_t k = 0; k < sizeof bands / sizeof bands[0]; k++)
        strbuf_printf(b, "<line class=\"%s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
                      k ? "ideal" : "roof", html_px(&a, e0), html_py(&a, fmax(e0, e0 * bands[k])),
                      html_px(&a, e1), html_py(&a, fmin(e1, e1 * bands[k])));
    for (size_t i = 0; i < pg->nloops; i++) {
        const html_loop *h = &pg->loops[i];
        if (!html_predicted_and_timed(h))
            continue;
        strbuf_printf(b, "<circle class=\"meas\" data-loop=\"%zu\" cx=\"%.1f\" cy=\"%.1f\" "
                         "r=\"4\"><title>",
                      i, html_px(&a, h->m->seconds), html_py(&a, h->nest->runtime_s));
        html_loop_name(b, pg, h);
        strbuf_printf(b, ": predicted %.3g s, measured %.3g s (%+.0f%%)</title></circle>\n",
                      h->nest->runtime_s, h->m->seconds,
                      100 * (h->nest->runtime_s - h->m->seconds) / h->m->seconds);
    }
    strbuf_printf(b, "</svg>\n<p class=\"legend\">%zu nests. The solid line is a perfect "
                     "prediction, the dashed ones +-25%%.</p></section>\n",
                  n);
}

/* ---- the summary ---- */

static void html_fact(strbuf *b, const char *name, const char *value)
{
    strbuf_append(b, "<tr><td>");
    report_html_text(b, name);
    strbuf_append(b, "</td><td>");
    report_html_text(b, value);
    strbuf_append(b, "</td></tr>\n");
}

static void html_summary(strbuf *b, const html_page *pg)
{
    strbuf v = STRBUF_INIT;
    size_t nests = 0, checks = 0, bad = 0, unpredicted = 0, measured = 0;
    unsigned long fp = 0;
    for (size_t i = 0; i < pg->nloops; i++) {
        const html_loop *h = &pg->loops[i];
        nests += !h->loop->parent;
        unpredicted += !h->loop->parent && h->nest && h->nest->unpredicted;
        measured += h->m != NULL;
        if (!h->loop->parent)
            fp += lm_fp_total(&h->loop->inclusive);
    }
    for (const lm_file *f = pg->p->files; f; f = f->next)
        for (const lm_check *c = f->checks; c; c = c->next) {
            checks++;
            bad += !lm_check_matches(c);
        }
    strbuf_append(b, "<section id=\"summary\"><h2>Summary</h2><table class=\"facts\">\n");
    size_t nfiles = 0;
    for (const lm_file *f = pg->p->files; f; f = f->next)
        nfiles++;
    strbuf_printf(&v, "%zu analyzed", nfiles);
    if (pg->files.n > nfiles)
        strbuf_printf(&v, ", and %zu headers with loops or pragmas", pg->files.n - nfiles);
    html_fact(b, "files", strbuf_cstr(&v));
    v.len = 0;
    strbuf_printf(&v, "%zu in %zu nests", pg->nloops, nests);
    html_fact(b, "loops", strbuf_cstr(&v));
    v.len = 0;
    strbuf_printf(&v, "%lu per iteration of every nest's outermost loop, summed", fp);
    html_fact(b, "FP operations", strbuf_cstr(&v));
    if (checks) {
        v.len = 0;
        strbuf_printf(&v, "%zu checked, %zu match, %zu do not", checks, checks - bad, bad);
        html_fact(b, "#pragma aitool", strbuf_cstr(&v));
    }
    const perf_result *r = pg->j ? pg->j->predicted : NULL;
    const machine *m = pg->o->machine;
    if (r && m) {
        v.len = 0;
        strbuf_printf(&v, "%s: peak %.4g GFLOP/s, memory %.4g GB/s, %u cores", m->name,
                      m->peak_gflops, m->memory_bandwidth_gbs, m->cores);
        html_fact(b, "machine", strbuf_cstr(&v));
        v.len = 0;
        strbuf_printf(&v, "%s: %zu of %zu nests predicted, %.4g s in all, bound by %s",
                      pg->o->model ? pg->o->model : "roofline", r->npredicted, r->nnests,
                      r->runtime_s, r->bottleneck ? r->bottleneck : "nothing");
        html_fact(b, "model", strbuf_cstr(&v));
        if (unpredicted) {
            v.len = 0;
            strbuf_printf(&v, "%zu nests (their reasons are in the table and beside the source)",
                          unpredicted);
            html_fact(b, "unpredicted", strbuf_cstr(&v));
        }
    } else {
        html_fact(b, "model", "none (give -machine FILE for predictions and the roofline)");
    }
    if (pg->o->measured_path) {
        v.len = 0;
        strbuf_printf(&v, "%s: %zu loops measured", pg->o->measured_path, measured);
        if (pg->measured_total_s > 0)
            strbuf_printf(&v, ", %.4g s in timed nests", pg->measured_total_s);
        html_fact(b, "measured", strbuf_cstr(&v));
    } else {
        html_fact(b, "measured", "nothing (give -measured FILE from an instrumented run)");
    }
    strbuf_append(b, "</table></section>\n");
    strbuf_release(&v);
}

/* ---- the page ---- */

static void html_head(strbuf *b, const html_page *pg)
{
    char hash[SHA256_BASE64_SIZE];
    sha256_base64(html_page_js, html_page_js_len, hash);
    strbuf_printf(b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                     "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                     "style-src 'unsafe-inline'; img-src data:; script-src 'sha256-%s'\">\n"
                     "<meta name=\"viewport\" content=\"width=device-width\">\n<title>",
                  hash);
    report_html_text(b, pg->o->tool);
    strbuf_printf(b, " report: %zu loops</title>\n<style>", pg->nloops);
    strbuf_appendn(b, html_page_css, html_page_css_len);
    strbuf_append(b, "</style></head>\n<body>\n<h1>");
    report_html_text(b, pg->o->tool);
    strbuf_append(b, " report</h1>\n");
}

static void html_body(strbuf *b, html_page *pg)
{
    html_summary(b, pg);
    strbuf_append(b, "<div class=\"charts\">\n");
    html_roofline(b, pg);
    html_predicted_measured(b, pg);
    strbuf_append(b, "</div>\n");
    strbuf_append(b, "<section id=\"loops\"><h2>Loops</h2>\n<div class=\"tools\"><input "
                     "id=\"filter\" type=\"search\" placeholder=\"filter by file or function\">"
                     "<button id=\"prevpage\" type=\"button\">&lsaquo; previous</button><button "
                     "id=\"nextpage\" type=\"button\">next &rsaquo;</button><span id=\"shown\">"
                     "</span></div>\n<div class=\"scroll\"><table "
                     "id=\"looptable\"><thead><tr></tr></thead><tbody></tbody></table></div>"
                     "</section>\n");
    strbuf_append(b, "<section id=\"source\"><h2>Source</h2>\n<div id=\"srcbar\"><select "
                     "id=\"filesel\"></select></div>\n<p id=\"srcnote\" hidden></p>\n"
                     "<div id=\"srcview\"></div></section>\n");
    strbuf_append(b, "<script type=\"application/json\" id=\"aitool-data\">");
    html_data(b, pg);
    strbuf_append(b, "</script>\n<script>");
    strbuf_appendn(b, html_page_js, html_page_js_len);
    strbuf_append(b, "</script>\n</body></html>\n");
}

/* A file too large for one page: the page bytes of every source and about this many per
 * loop.  AITOOL_HTML_MAX_BYTES changes the limit (README.md, "The HTML report"). */
enum { HTML_LOOP_BYTES = 400 };
#define HTML_MAX_BYTES 16000000.0

static double html_max_bytes(void)
{
    const char *env = getenv("AITOOL_HTML_MAX_BYTES");
    char *end;
    double v = env ? strtod(env, &end) : 0;
    return env && end != env && *end == '\0' && v > 0 ? v : HTML_MAX_BYTES;
}

static bool html_needs_pages(const html_page *pg)
{
    double bytes = (double)pg->nloops * HTML_LOOP_BYTES;
    for (size_t i = 0; i < pg->files.n; i++)
        bytes += (double)pg->files.v[i].len;
    return bytes > html_max_bytes();
}

static bool html_write(FILE *out, void *ctx)
{
    html_page *pg = ctx;
    strbuf b = STRBUF_INIT;
    html_head(&b, pg);
    html_body(&b, pg);
    bool ok = fileio_flush_text(out, &b);
    strbuf_release(&b);
    return ok;
}

/* The page of file k: its loops, its pragmas and its source; the table and charts of its
 * nests. */
static bool html_write_file_page(html_page *all, size_t k, const char *path, const char *index)
{
    html_page pg = *all;
    pg.loops = mem_alloc((all->nloops ? all->nloops : 1) * sizeof *pg.loops);
    pg.nloops = 0;
    for (size_t i = 0; i < all->nloops; i++)
        if (all->loops[i].file == k)
            pg.loops[pg.nloops++] = all->loops[i];
    pg.pages = "";
    pg.only_file = k;
    pg.index = index;
    bool ok = fileio_claim_output("-html", path) && fileio_write_atomic(path, html_write, &pg);
    free(pg.loops);
    return ok;
}

/* PATH's file pages: PATH without .html, and .files/ */
static bool html_write_pages(html_page *pg, const char *path)
{
    size_t n = strlen(path);
    size_t stem = n > 5 && !strcmp(path + n - 5, ".html") ? n - 5 : n;
    strbuf dir = STRBUF_INIT, link = STRBUF_INIT, back = STRBUF_INIT, page = STRBUF_INIT;
    strbuf_printf(&dir, "%.*s.files", (int)stem, path);
    const char *base = fileio_basename(strbuf_cstr(&dir));
    strbuf_printf(&link, "%s/", base);
    strbuf_printf(&back, "../%s", fileio_basename(path));
    bool ok = fileio_make_dirs("-html", strbuf_cstr(&dir));
    for (size_t k = 0; ok && k < pg->files.n; k++) {
        if (!pg->files.v[k].text)
            continue;
        page.len = 0;
        strbuf_printf(&page, "%s/%zu.html", strbuf_cstr(&dir), k);
        ok = html_write_file_page(pg, k, strbuf_cstr(&page), strbuf_cstr(&back));
    }
    pg->pages = strbuf_cstr(&link);
    ok = ok && fileio_write_atomic(path, html_write, pg);
    pg->pages = NULL;
    strbuf_release(&dir);
    strbuf_release(&link);
    strbuf_release(&back);
    strbuf_release(&page);
    return ok;
}

bool report_html_file(const char *path, const lm_program *p, const report_joins *j,
                      const report_html_options *o)
{
    html_page pg = {p, j, o, {0}, NULL, 0, 0, NULL, SIZE_MAX, NULL};
    char *cwd = getcwd(NULL, 0);
    if (cwd) {
        size_t n = strlen(cwd);
        pg.files.cwd = mem_alloc(n + 2);
        snprintf(pg.files.cwd, n + 2, "%s%s", cwd, n && cwd[n - 1] == '/' ? "" : "/");
        free(cwd);
    }
    html_collect(&pg);
    html_files_read(&pg.files, o->sources);
    bool ok = strcmp(path, "-") != 0 && html_needs_pages(&pg)
                  ? html_write_pages(&pg, path)
                  : fileio_write_atomic(path, html_write, &pg);
    free(pg.loops);
    html_files_release(&pg.files);
    return ok;
}
