/* The ExaSAT XML writer.  Elements and attributes come in the order of
 * README.md, so the same model always gives the same bytes: the reader's
 * round trip depends on it.
 *
 * It writes the text itself.  libxml2's text writer cost about a thousand
 * instructions an attribute (a list walk for the open element, a buffer
 * grown per call, a check of every byte through its encoder), as much as
 * the rest of an -xml run; and its indentation counted the open elements at
 * every tag, so a deep nest cost its depth squared.  The document is what
 * that writer made, byte for byte: the declaration, a start tag closed by
 * `>` before its first child or by `/>` when it has none, attributes in
 * double quotes escaped as libxml2 escapes them (xml_escape), an end tag on
 * a line of its own indented two spaces per open element, and a newline at
 * the end.  The text goes to a FILE in blocks, or whole into memory. */
#include "exasat_xml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "loop_model.h"
#include "measured.h"
#include "mem.h"
#include "strbuf.h"

enum { XML_FLUSH_BYTES = 1 << 16 };

typedef struct xml_out {
    strbuf text;        /* written and not yet flushed */
    FILE *file;         /* where it is flushed to, or NULL to keep it all */
    bool ok;            /* false once a write failed */
    const measured_set *measured; /* each loop's pininfo when none was read; may be NULL */
    const char *shard;  /* a slice's shard line, or NULL */
    const char **open;  /* the names of the open elements, outermost first */
    size_t depth, open_cap;
    bool tag_open;      /* the innermost start tag waits for `>` or `/>` */
    bool has_children;  /* the innermost open element has a child */
    strbuf indent;      /* "\n" and two spaces per level, grown as needed */
} xml_out;

static void xml_flush(xml_out *o)
{
    if (o->file && !fileio_flush_text(o->file, &o->text))
        o->ok = false;
}

/* Text between tags: the start tag still open is closed first. */
static void xml_raw(xml_out *o, const char *text, size_t len)
{
    if (o->tag_open) {
        strbuf_appendn(&o->text, ">", 1);
        o->tag_open = false;
    }
    strbuf_appendn(&o->text, text, len);
}

/* A newline (when with_newline) and the indent of depth open elements. */
static void xml_indent(xml_out *o, size_t depth, bool with_newline)
{
    while (o->indent.len < 1 + 2 * depth)
        strbuf_append(&o->indent, o->indent.len ? "  " : "\n");
    size_t len = 2 * depth + with_newline;
    if (len > 0)
        xml_raw(o, strbuf_cstr(&o->indent) + !with_newline, len);
}

static void xml_start(xml_out *o, const char *name)
{
    /* The parent's start tag is still open before its first child. */
    xml_indent(o, o->depth, o->depth > 0 && !o->has_children);
    if (o->text.len >= XML_FLUSH_BYTES)
        xml_flush(o);
    if (o->depth == o->open_cap) {
        o->open_cap = o->open_cap ? 2 * o->open_cap : 64;
        o->open = mem_realloc(o->open, o->open_cap * sizeof *o->open);
    }
    o->open[o->depth++] = name;
    strbuf_appendn(&o->text, "<", 1);
    strbuf_append(&o->text, name);
    o->tag_open = true;
    o->has_children = false;
}

/* Close the innermost element: `/>` when it has no content. */
static void xml_close(xml_out *o)
{
    const char *name = o->open[--o->depth];
    if (o->tag_open) {
        strbuf_appendn(&o->text, "/>", 2);
        o->tag_open = false;
        return;
    }
    strbuf_appendn(&o->text, "</", 2);
    strbuf_append(&o->text, name);
    strbuf_appendn(&o->text, ">", 1);
}

static void xml_end(xml_out *o)
{
    if (o->has_children)
        xml_indent(o, o->depth - 1, false);
    xml_close(o);
    xml_raw(o, "\n", 1);
    o->has_children = true; /* what is now innermost has had this child */
}

/* An attribute value as libxml2 writes one into a UTF-8 document: the
 * markup characters and the line and tab characters as references, every
 * other byte as it is. */
static void xml_escape(strbuf *out, const char *value)
{
    static const char *const refs[256] = {
        ['<'] = "&lt;", ['>'] = "&gt;", ['&'] = "&amp;", ['"'] = "&quot;",
        ['\n'] = "&#10;", ['\r'] = "&#13;", ['\t'] = "&#9;",
    };
    const unsigned char *s = (const unsigned char *)value;
    for (;;) {
        size_t run = 0;
        while (s[run] && !refs[s[run]])
            run++;
        strbuf_appendn(out, (const char *)s, run);
        s += run;
        if (!*s)
            return;
        strbuf_append(out, refs[*s++]);
    }
}

static void xml_attr(xml_out *o, const char *name, const char *value)
{
    strbuf_appendn(&o->text, " ", 1);
    strbuf_append(&o->text, name);
    strbuf_appendn(&o->text, "=\"", 2);
    xml_escape(&o->text, value ? value : "");
    strbuf_appendn(&o->text, "\"", 1);
}

/* Formatted here: libxml2's formatted attribute allocates a buffer per call. */
static void xml_attr_ulong(xml_out *o, const char *name, unsigned long v)
{
    char text[24];
    snprintf(text, sizeof text, "%lu", v);
    xml_attr(o, name, text);
}

/* The shortest decimal that reads back as v ("0.1", not "0.10000000000000001"). */
static void xml_attr_double(xml_out *o, const char *name, double v)
{
    char text[32];
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(text, sizeof text, "%.*g", digits, v);
        if (strtod(text, NULL) == v)
            break;
    }
    xml_attr(o, name, text);
}

static void xml_attr_bool(xml_out *o, const char *name, bool v)
{
    xml_attr(o, name, v ? "true" : "false");
}

/* "(a,b,c)" */
static void xml_attr_longs(xml_out *o, const char *name, const long *v, unsigned n)
{
    strbuf sb = STRBUF_INIT;
    strbuf_append(&sb, "(");
    for (unsigned i = 0; i < n; i++)
        strbuf_printf(&sb, "%s%ld", i ? "," : "", v[i]);
    strbuf_append(&sb, ")");
    xml_attr(o, name, strbuf_cstr(&sb));
    strbuf_release(&sb);
}

static void xml_attr_ints(xml_out *o, const char *name, const int *v, unsigned n)
{
    long *wide = mem_alloc((n ? n : 1) * sizeof *wide);
    for (unsigned i = 0; i < n; i++)
        wide[i] = v[i];
    xml_attr_longs(o, name, wide, n);
    free(wide);
}

/* "((neg0,pos0),(neg1,pos1))" */
static void xml_attr_ghost(xml_out *o, const char *name, const lm_ghost *g)
{
    strbuf sb = STRBUF_INIT;
    strbuf_append(&sb, "(");
    for (unsigned i = 0; i < g->ndims; i++)
        strbuf_printf(&sb, "%s(%ld,%ld)", i ? "," : "", g->neg[i], g->pos[i]);
    strbuf_append(&sb, ")");
    xml_attr(o, name, strbuf_cstr(&sb));
    strbuf_release(&sb);
}

static void xml_write_scalar(xml_out *o, const lm_scalar *s)
{
    xml_start(o, "scalar");
    xml_attr(o, "name", s->name);
    xml_attr(o, "datatype", s->datatype);
    xml_attr_bool(o, "isConstant", s->is_constant);
    xml_attr_ulong(o, "reads", s->reads);
    xml_attr_ulong(o, "writes", s->writes);
    if (s->declared)
        xml_attr_bool(o, "declared", true);
    if (s->structure)
        xml_attr(o, "struct", s->structure);
    xml_end(o);
}

static void xml_write_access(xml_out *o, const lm_access *x)
{
    xml_start(o, "access");
    xml_attr_longs(o, "index", x->index, x->ndims);
    xml_attr_bool(o, "isRelative", x->relative);
    if (x->order)
        xml_attr_ints(o, "indexorder", x->order, x->norder);
    if (x->scale)
        xml_attr_longs(o, "scale", x->scale, x->ndims);
    xml_attr_ulong(o, "reads", x->reads);
    xml_attr_ulong(o, "writes", x->writes);
    if (x->subscript)
        xml_attr(o, "subscript", x->subscript);
    xml_end(o);
}

static void xml_write_array(xml_out *o, const lm_array_ref *a)
{
    xml_start(o, "array");
    xml_attr(o, "name", a->name);
    xml_attr(o, "component", a->component);
    xml_attr(o, "datatype", a->datatype);
    if (a->elem_bytes)
        xml_attr_ulong(o, "elementbytes", a->elem_bytes);
    xml_attr(o, "accesstype", lm_access_type_name(a->access_type));
    xml_attr_ghost(o, "ghost", &a->ghost);
    if (a->structure)
        xml_attr(o, "struct", a->structure);
    for (const lm_access *x = a->accesses; x; x = x->next)
        xml_write_access(o, x);
    xml_end(o);
}

static void xml_write_pininfo(xml_out *o, const lm_pininfo *pi)
{
    xml_start(o, "pininfo");
    for (int f = 0; f < LM_PIN_NFIELDS; f++)
        if (pi->present[f])
            xml_attr_ulong(o, lm_pin_field_name((lm_pin_field)f), pi->value[f]);
    xml_end(o);
}

/* A call with our extensions: where the callee's work went (what the call
 * added to its level's counts), a pointer call's flag, the arguments. */
static void xml_write_call(xml_out *o, const lm_call *c)
{
    const lm_fp_counts *a = &c->added;
    xml_start(o, "functioncall");
    xml_attr_ulong(o, "linenum", c->line);
    xml_attr(o, "name", c->name);
    if (c->indirect)
        xml_attr_bool(o, "indirect", true);
    if (lm_fp_total(a) || a->n[LM_FP_SPECIAL]) {
        xml_attr_ulong(o, "adds", a->n[LM_FP_PLUS] + a->n[LM_FP_MINUS]);
        xml_attr_ulong(o, "multiplies", a->n[LM_FP_MULTIPLY]);
        xml_attr_ulong(o, "divides", a->n[LM_FP_DIVIDE]);
        xml_attr_ulong(o, "specials", a->n[LM_FP_SPECIAL]);
    }
    if (c->added_load_bytes)
        xml_attr_ulong(o, "loadbytes", c->added_load_bytes);
    if (c->added_store_bytes)
        xml_attr_ulong(o, "storebytes", c->added_store_bytes);
    for (size_t i = 0; i < c->nargs; i++) {
        xml_start(o, "argument");
        xml_attr(o, "text", c->args[i]);
        xml_end(o);
    }
    xml_end(o);
}

/* The calls made at loop l's own level (NULL: the function's). */
static void xml_write_calls_at(xml_out *o, const lm_function *fn, const lm_loop *l)
{
    for (const lm_call *c = fn->calls; c; c = c->next)
        if (c->loop == l)
            xml_write_call(o, c);
}

static void xml_write_loop(xml_out *o, const lm_loop *l)
{
    xml_start(o, "loop");
    xml_attr_ulong(o, "linenum", l->loc.line);
    xml_attr(o, "loopvar", l->bounds.loopvar);
    xml_attr(o, "stride", l->bounds.stride);
    xml_attr(o, "lowerbound", l->bounds.lower);
    xml_attr(o, "upperbound", l->bounds.upper);
    xml_attr_ulong(o, "adds", l->own.n[LM_FP_PLUS] + l->own.n[LM_FP_MINUS]);
    xml_attr_ulong(o, "multiplies", l->own.n[LM_FP_MULTIPLY]);
    xml_attr_ulong(o, "divides", l->own.n[LM_FP_DIVIDE]);
    xml_attr_ulong(o, "specials", l->own.n[LM_FP_SPECIAL]);
    if (l->probability != 1.0)
        xml_attr_double(o, "probability", l->probability);
    if (lm_omp_name(l->omp))
        xml_attr(o, "omp", lm_omp_name(l->omp));
    for (const lm_scalar *s = l->scalars; s; s = s->next)
        xml_write_scalar(o, s);
    for (const lm_array_ref *a = l->array_refs; a; a = a->next)
        xml_write_array(o, a);
    for (const lm_loop *c = l->children; c; c = c->next)
        xml_write_loop(o, c);
    xml_write_calls_at(o, l->function, l);
    if (l->pininfo) {
        xml_write_pininfo(o, l->pininfo);
    } else if (measured_of(o->measured, l)) {
        lm_pininfo pi;
        measured_pininfo(&pi, measured_of(o->measured, l));
        xml_write_pininfo(o, &pi);
    }
    xml_end(o);
}

static void xml_write_comm(xml_out *o, const lm_comm *c)
{
    xml_start(o, "comm");
    xml_attr_ulong(o, "linenum", c->line);
    xml_attr(o, "commtype", c->commtype);
    xml_attr(o, "interface", c->interface);
    for (const lm_comm_var *v = c->vars; v; v = v->next) {
        xml_start(o, v->is_array ? "commarray" : "commscalar");
        xml_attr(o, "name", v->name);
        xml_attr(o, "datatype", v->datatype);
        if (v->is_array) {
            xml_attr_ulong(o, "numofcomponents", v->components);
            xml_attr_ghost(o, "ghost", &v->ghost);
            if (v->count)
                xml_attr(o, "count", v->count);
        }
        xml_end(o);
    }
    xml_end(o);
}

static void xml_write_vars(xml_out *o, const char *element, const lm_var *v)
{
    for (; v; v = v->next) {
        xml_start(o, element);
        xml_attr(o, "name", v->name);
        xml_end(o);
    }
}

static void xml_write_function(xml_out *o, const lm_function *fn)
{
    xml_start(o, "function");
    xml_attr(o, "name", fn->name);
    for (size_t i = 0; i < fn->nparams; i++) {
        xml_start(o, "parameter");
        xml_attr(o, "name", fn->params[i]);
        xml_end(o);
    }
    xml_write_vars(o, "local", fn->locals);
    xml_write_vars(o, "nonlocal", fn->nonlocals);
    for (const lm_loop *l = fn->loops; l; l = l->next)
        xml_write_loop(o, l);
    xml_write_calls_at(o, fn, NULL);
    for (const lm_comm *c = fn->comms; c; c = c->next)
        xml_write_comm(o, c);
    xml_end(o);
}

/* The document for p into o's text (and file); false when a write failed. */
static bool xml_emit(xml_out *o, const lm_program *p)
{
    strbuf_append(&o->text, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    if (o->shard)
        strbuf_printf(&o->text, "<?" XML_SHARD_TARGET " %s?>\n", o->shard);
    xml_start(o, "program");
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            xml_write_function(o, fn);
    while (o->depth > 0)
        xml_close(o);
    strbuf_appendn(&o->text, "\n", 1);
    xml_flush(o);
    free(o->open);
    strbuf_release(&o->indent);
    return o->ok;
}

/* A nest deeper than the readers read is refused before anything is written. */
static bool xml_depth_ok(const lm_program *p)
{
    char why[96];
    snprintf(why, sizeof why, "its readers read elements with at most %d ancestors",
             XML_MAX_ANCESTORS);
    return lm_check_depth(p, XML_MAX_LOOP_DEPTH, "ExaSAT XML", why);
}

char *xml_render(const lm_program *p, const measured_set *measured)
{
    if (!xml_depth_ok(p))
        return NULL;
    xml_out o = {.text = STRBUF_INIT, .ok = true, .measured = measured, .indent = STRBUF_INIT};
    xml_emit(&o, p);
    return strbuf_take(&o.text);
}

/* Straight into the file, a block at a time: a document held whole in
 * memory cost as much memory again as the loop model. */
typedef struct xml_job {
    const lm_program *p;
    const measured_set *measured;
    const char *shard;
} xml_job;

static bool xml_put(FILE *out, void *ctx)
{
    const xml_job *job = ctx;
    xml_out o = {.text = STRBUF_INIT, .file = out, .ok = true, .measured = job->measured,
                 .shard = job->shard, .indent = STRBUF_INIT};
    bool ok = xml_emit(&o, job->p);
    strbuf_release(&o.text);
    return ok;
}

bool xml_write_file(const char *path, const lm_program *p, const measured_set *measured)
{
    return xml_write_file_shard(path, p, measured, NULL);
}

bool xml_write_file_shard(const char *path, const lm_program *p, const measured_set *measured,
                          const char *shard)
{
    xml_job job = {p, measured, shard};
    return xml_depth_ok(p) && fileio_write_atomic(path, xml_put, &job);
}
