/* The ExaSAT XML writer.  Elements and attributes come in the order of
 * README.md, through libxml2's text writer (which escapes and indents), so
 * the same model always gives the same bytes: the reader's round trip
 * depends on it. */
#include "exasat_xml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlwriter.h>

#include "diag.h"
#include "fileio.h"
#include "measured.h"
#include "mem.h"
#include "strbuf.h"

/* The writer indents by itself: libxml2's indentation counts the open
 * elements (a list walk) and writes the indent string once per level at
 * every tag, which made a deep nest of loops cost its depth squared in calls
 * rather than in bytes.  An element's line starts with two spaces per open
 * element, and its end tag gets a line of its own when it has children. */
typedef struct xml_out {
    xmlTextWriterPtr w;
    bool ok; /* false once libxml2 reported a failure */
    const measured_set *measured; /* each loop's pininfo when none was read; may be NULL */
    size_t depth;       /* open elements */
    bool has_children;  /* the innermost open element has a child */
    strbuf indent;      /* "\n" and two spaces per level, grown as needed */
} xml_out;

static void xml_check(xml_out *o, int rc)
{
    if (rc < 0)
        o->ok = false;
}

/* A newline (when with_newline) and the indent of depth open elements. */
static void xml_indent(xml_out *o, size_t depth, bool with_newline)
{
    while (o->indent.len < 1 + 2 * depth)
        strbuf_append(&o->indent, o->indent.len ? "  " : "\n");
    const char *text = strbuf_cstr(&o->indent) + !with_newline;
    int len = (int)(2 * depth + with_newline);
    if (len > 0)
        xml_check(o, xmlTextWriterWriteRawLen(o->w, BAD_CAST text, len));
}

static void xml_start(xml_out *o, const char *name)
{
    /* The parent's start tag is still open before its first child. */
    xml_indent(o, o->depth, o->depth > 0 && !o->has_children);
    xml_check(o, xmlTextWriterStartElement(o->w, BAD_CAST name));
    o->depth++;
    o->has_children = false;
}

static void xml_end(xml_out *o)
{
    o->depth--;
    if (o->has_children)
        xml_indent(o, o->depth, false);
    xml_check(o, xmlTextWriterEndElement(o->w));
    xml_check(o, xmlTextWriterWriteRawLen(o->w, BAD_CAST "\n", 1));
    o->has_children = true; /* what is now innermost has had this child */
}

static void xml_attr(xml_out *o, const char *name, const char *value)
{
    xml_check(o, xmlTextWriterWriteAttribute(o->w, BAD_CAST name, BAD_CAST(value ? value : "")));
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
    xml_end(o);
}

static void xml_write_access(xml_out *o, const lm_access *x)
{
    xml_start(o, "access");
    xml_attr_longs(o, "index", x->index, x->ndims);
    xml_attr_bool(o, "isRelative", x->relative);
    if (x->order)
        xml_attr_ints(o, "indexorder", x->order, x->norder);
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
    xml_attr(o, "accesstype", lm_access_type_name(a->access_type));
    xml_attr_ghost(o, "ghost", &a->ghost);
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
    for (const lm_scalar *s = l->scalars; s; s = s->next)
        xml_write_scalar(o, s);
    for (const lm_array_ref *a = l->array_refs; a; a = a->next)
        xml_write_array(o, a);
    for (const lm_loop *c = l->children; c; c = c->next)
        xml_write_loop(o, c);
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
    xml_write_vars(o, "local", fn->locals);
    xml_write_vars(o, "nonlocal", fn->nonlocals);
    for (const lm_loop *l = fn->loops; l; l = l->next)
        xml_write_loop(o, l);
    for (const lm_call *c = fn->calls; c; c = c->next) {
        xml_start(o, "functioncall");
        xml_attr_ulong(o, "linenum", c->line);
        xml_attr(o, "name", c->name);
        xml_end(o);
    }
    for (const lm_comm *c = fn->comms; c; c = c->next)
        xml_write_comm(o, c);
    xml_end(o);
}

/* The document for p through w (freed here, which flushes it); false when
 * libxml2 reported a failure. */
static bool xml_emit(xmlTextWriterPtr w, const lm_program *p, const measured_set *measured)
{
    if (!w)
        return false;
    xml_out o = {w, true, measured, 0, false, STRBUF_INIT};
    xml_check(&o, xmlTextWriterStartDocument(o.w, NULL, "UTF-8", NULL));
    xml_start(&o, "program");
    for (const lm_file *f = p->files; f; f = f->next)
        for (const lm_function *fn = f->functions; fn; fn = fn->next)
            xml_write_function(&o, fn);
    xml_check(&o, xmlTextWriterEndDocument(o.w));
    xmlFreeTextWriter(o.w);
    strbuf_release(&o.indent);
    return o.ok;
}

char *xml_render(const lm_program *p, const measured_set *measured)
{
    xmlBufferPtr buf = xmlBufferCreate();
    if (!buf)
        return NULL;
    bool ok = xml_emit(xmlNewTextWriterMemory(buf, 0), p, measured);
    char *text = ok ? mem_strdup((const char *)xmlBufferContent(buf)) : NULL;
    xmlBufferFree(buf);
    return text;
}

/* Straight into the file: a document held whole in memory (and copied out
 * of libxml2's buffer) cost as much memory again as the loop model. */
typedef struct xml_job {
    const lm_program *p;
    const measured_set *measured;
} xml_job;

static bool xml_put(FILE *out, void *ctx)
{
    const xml_job *job = ctx;
    xmlOutputBufferPtr ob = xmlOutputBufferCreateFile(out, NULL);
    xmlTextWriterPtr w = ob ? xmlNewTextWriter(ob) : NULL;
    if (!w && ob)
        xmlOutputBufferClose(ob); /* leaves out open: fileio closes it */
    return xml_emit(w, job->p, job->measured);
}

bool xml_write_file(const char *path, const lm_program *p, const measured_set *measured)
{
    xml_job job = {p, measured};
    return fileio_write_atomic(path, xml_put, &job);
}
