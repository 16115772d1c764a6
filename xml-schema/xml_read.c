/* xml_read: an ExaSAT XML document (README.md here) into the loop model.
 *
 * A read has three steps, and the program is touched only when all passed:
 *   1. libxml2 parses the text (no network, no external entities); its
 *      errors are caught by a structured handler and reported through diag;
 *   2. the document is validated against the compiled-in exasat.xsd, each
 *      schema error reported at the document's line;
 *   3. the elements are walked into a fresh lm_file, checking what the schema
 *      cannot (numbers that do not fit the model's types, an indexorder that
 *      does not match its index); the file is appended to the program last.
 * The walk is driven by tables of element name -> reader, one per parent
 * element.  Strings are copied into the program's arena; a failed read may
 * leave unreachable memory there, which dies with the program. */
#include "exasat_xml.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>

#include "diag.h"
#include "fileio.h"
#include "mem.h"
#include "strbuf.h"

/* ---- libxml2's errors, through diag ---- */

#if LIBXML_VERSION >= 21200
typedef const xmlError *xml_error_ptr;
#else
typedef xmlErrorPtr xml_error_ptr;
#endif

/* Where libxml2's errors go during one read: the handlers' data. */
typedef struct xml_errors {
    const char *name;  /* the document, as messages name it */
    bool in_schema;    /* the errors are about the embedded schema itself */
    bool with_column;  /* parser errors carry a column; schema errors do not */
    unsigned count;    /* errors reported */
    strbuf generic;    /* what libxml2 sent to its generic (printf-like) handler */
} xml_errors;

/* The handlers that were installed before a read, to put back after it. */
typedef struct xml_saved_handlers {
    xmlStructuredErrorFunc structured;
    void *structured_data;
    xmlGenericErrorFunc generic;
    void *generic_data;
} xml_saved_handlers;

/* The length of msg without its trailing newlines and spaces. */
static int xml_message_length(const char *msg)
{
    size_t n = strlen(msg);
    while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == '\r' || msg[n - 1] == ' '))
        n--;
    return n > INT_MAX ? INT_MAX : (int)n;
}

static void xml_report_error(void *data, xml_error_ptr err)
{
    xml_errors *e = data;
    const char *msg = err && err->message ? err->message : "unknown libxml2 error";
    int n = xml_message_length(msg);
    if (e->in_schema) {
        diag_at(DIAG_ERROR, e->name, 1, 1, "the embedded exasat.xsd is broken (its line %d): %.*s",
                err ? err->line : 0, n, msg);
        e->count++;
        return;
    }
    unsigned line = err && err->line > 0 ? (unsigned)err->line : 1;
    unsigned col = e->with_column && err && err->int2 > 0 ? (unsigned)err->int2 : 1;
    bool warning = err && err->level == XML_ERR_WARNING;
    diag_at(warning ? DIAG_WARNING : DIAG_ERROR, e->name, line, col, "%.*s", n, msg);
    if (!warning)
        e->count++;
}

/* Anything libxml2 prints past the structured handler is kept here and
 * reported once the step is over, so that nothing reaches stderr directly. */
static void xml_collect_generic(void *data, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void xml_collect_generic(void *data, const char *fmt, ...)
{
    xml_errors *e = data;
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    strbuf_append(&e->generic, buf);
}

static void xml_flush_generic(xml_errors *e)
{
    if (!e->generic.len)
        return;
    diag_at(DIAG_ERROR, e->name, 1, 1, "%.*s", xml_message_length(strbuf_cstr(&e->generic)),
            strbuf_cstr(&e->generic));
    e->count++;
    strbuf_release(&e->generic);
}

static xml_saved_handlers xml_capture_errors(xml_errors *e)
{
    xml_saved_handlers saved = {xmlStructuredError, xmlStructuredErrorContext, xmlGenericError,
                                xmlGenericErrorContext};
    xmlSetStructuredErrorFunc(e, xml_report_error);
    xmlSetGenericErrorFunc(e, xml_collect_generic);
    return saved;
}

static void xml_restore_errors(const xml_saved_handlers *saved)
{
    xmlSetStructuredErrorFunc(saved->structured_data, saved->structured);
    xmlSetGenericErrorFunc(saved->generic_data, saved->generic);
}

/* ---- Steps 1 and 2: parsing and validating ---- */

static xmlDoc *xml_parse(xml_errors *e, const char *text, size_t len)
{
    if (len == 0) {
        diag_at(DIAG_ERROR, e->name, 1, 1, "the document is empty");
        e->count++;
        return NULL;
    }
    if (len > INT_MAX) {
        diag_at(DIAG_ERROR, e->name, 1, 1, "the document is too large (%zu bytes)", len);
        e->count++;
        return NULL;
    }
    e->with_column = true;
    xmlDoc *doc = xmlReadMemory(text, (int)len, e->name, NULL,
                                XML_PARSE_NONET | XML_PARSE_NOBLANKS | XML_PARSE_BIG_LINES);
    xml_flush_generic(e);
    if (!doc && !e->count) {
        diag_at(DIAG_ERROR, e->name, 1, 1, "not a well-formed XML document");
        e->count++;
    }
    return doc;
}

static bool xml_validate(xml_errors *e, xmlDoc *doc)
{
    e->in_schema = true;
    xmlSchemaParserCtxt *pctxt =
        xmlSchemaNewMemParserCtxt(xml_schema_text, (int)strlen(xml_schema_text));
    xmlSchema *schema = NULL;
    if (pctxt) {
        xmlSchemaSetParserStructuredErrors(pctxt, xml_report_error, e);
        schema = xmlSchemaParse(pctxt);
        xmlSchemaFreeParserCtxt(pctxt);
    }
    xml_flush_generic(e);
    e->in_schema = false;
    e->with_column = false;
    unsigned before = e->count;
    int result = -1;
    xmlSchemaValidCtxt *vctxt = schema ? xmlSchemaNewValidCtxt(schema) : NULL;
    if (vctxt) {
        xmlSchemaSetValidStructuredErrors(vctxt, xml_report_error, e);
        result = xmlSchemaValidateDoc(vctxt, doc);
        xmlSchemaFreeValidCtxt(vctxt);
    }
    xmlSchemaFree(schema);
    xml_flush_generic(e);
    if (result != 0 && e->count == before) {
        diag_at(DIAG_ERROR, e->name, 1, 1, "the document could not be validated against exasat.xsd");
        e->count++;
    }
    return result == 0 && e->count == before;
}

/* ---- Step 3: the model ---- */

typedef struct xml_reader {
    lm_program *p;
    const char *name;    /* the document: messages and the model's locations */
    unsigned long seq;   /* order of the arrays in the document, for own_arrays */
    bool ok;             /* false once a value the model cannot hold was reported */
} xml_reader;

/* Where an element is read into: what its ancestors made. */
typedef struct xml_scope {
    lm_file *file;
    lm_function *fn;
    lm_loop *loop;        /* the enclosing loop, NULL at function level */
    lm_comm *comm;
    lm_array_ref *array;
} xml_scope;

typedef void (*xml_reader_fn)(xml_reader *r, const xml_scope *at, const xmlNode *node);

/* A child element a parent may have, and how to read it; tables end with {NULL, NULL}. */
typedef struct xml_child {
    const char *element;
    xml_reader_fn read;
} xml_child;

static void xml_read_children(xml_reader *r, const xml_scope *at, const xmlNode *node,
                              const xml_child *table)
{
    for (const xmlNode *c = node->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        for (const xml_child *t = table; t->element; t++) {
            if (!strcmp((const char *)c->name, t->element)) {
                t->read(r, at, c);
                break;
            }
        }
    }
}

static unsigned xml_line(const xmlNode *node)
{
    long line = xmlGetLineNo(node);
    return line > 0 && line <= (long)UINT_MAX ? (unsigned)line : 1;
}

/* An attribute of the element itself (not a DTD default), copied into the
 * arena; NULL when absent. */
static const char *xml_attr(xml_reader *r, const xmlNode *node, const char *attr)
{
    for (const xmlAttr *a = node->properties; a; a = a->next) {
        if (a->ns || strcmp((const char *)a->name, attr))
            continue;
        xmlChar *value = xmlNodeListGetString(node->doc, a->children, 1);
        const char *copy = arena_strdup(r->p->arena, value ? (const char *)value : "");
        xmlFree(value);
        return copy;
    }
    return NULL;
}

/* The same, with an empty (or absent) value as NULL. */
static const char *xml_attr_or_null(xml_reader *r, const xmlNode *node, const char *attr)
{
    const char *value = xml_attr(r, node, attr);
    return value && *value ? value : NULL;
}

/* A required text attribute; "" when absent (the schema rules that out). */
static const char *xml_text(xml_reader *r, const xmlNode *node, const char *attr)
{
    const char *value = xml_attr(r, node, attr);
    return value ? value : "";
}

static void xml_bad_value(xml_reader *r, const xmlNode *node, const char *attr, const char *value,
                          const char *problem)
{
    diag_at(DIAG_ERROR, r->name, xml_line(node), 1, "<%s> attribute %s=\"%s\": %s",
            (const char *)node->name, attr, value, problem);
    r->ok = false;
}

static const char *xml_skip_space(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    return s;
}

/* isConstant and isRelative: the schema allows exactly "true" or "false". */
static bool xml_bool(xml_reader *r, const xmlNode *node, const char *attr)
{
    return !strcmp(xml_text(r, node, attr), "true");
}

/* A non-negative integer no larger than max; 0 after a reported error. */
static unsigned long xml_parse_count(xml_reader *r, const xmlNode *node, const char *attr,
                                     const char *value, unsigned long max)
{
    const char *s = xml_skip_space(value);
    bool negative = *s == '-';
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (end == s || *xml_skip_space(end) || (negative && v != 0)) {
        xml_bad_value(r, node, attr, value, "not a non-negative integer");
        return 0;
    }
    if (errno == ERANGE || v > max) {
        xml_bad_value(r, node, attr, value,
                      max == UINT_MAX ? "too large for a line number (unsigned int)"
                                      : "too large for the model (unsigned long)");
        return 0;
    }
    return v;
}

/* A required count attribute; 0 when absent (the schema rules that out). */
static unsigned long xml_count(xml_reader *r, const xmlNode *node, const char *attr,
                               unsigned long max)
{
    const char *value = xml_attr(r, node, attr);
    return value ? xml_parse_count(r, node, attr, value, max) : 0;
}

typedef enum xml_scan {
    XML_SCAN_OK,
    XML_SCAN_SYNTAX,
    XML_SCAN_RANGE,
} xml_scan;

/* One integer in [min, max] at *s, leaving *s after it. */
static xml_scan xml_scan_long(const char **s, long min, long max, long *v)
{
    const char *start = xml_skip_space(*s);
    char *end;
    errno = 0;
    *v = strtol(start, &end, 10);
    if (end == start)
        return XML_SCAN_SYNTAX;
    *s = end;
    return errno == ERANGE || *v < min || *v > max ? XML_SCAN_RANGE : XML_SCAN_OK;
}

static bool xml_scan_char(const char **s, char c)
{
    *s = xml_skip_space(*s);
    if (**s != c)
        return false;
    (*s)++;
    return true;
}

/* The entries of a flat tuple at s: one more than its commas before ')',
 * none for "()". */
static unsigned xml_tuple_entries(const char *s)
{
    s = xml_skip_space(s);
    if (*s == '(')
        s = xml_skip_space(s + 1);
    if (*s == ')')
        return 0;
    unsigned n = 1;
    for (; *s && *s != ')'; s++)
        n += *s == ',';
    return n;
}

/* "(v0, v1, ...)" with exactly n entries in [min, max] at *s, into v. */
static xml_scan xml_scan_tuple(const char **s, unsigned n, long min, long max, long *v)
{
    if (!xml_scan_char(s, '('))
        return XML_SCAN_SYNTAX;
    xml_scan worst = XML_SCAN_OK;
    for (unsigned i = 0; i < n; i++) {
        xml_scan got = xml_scan_long(s, min, max, &v[i]);
        if (got == XML_SCAN_SYNTAX)
            return got;
        if (got != XML_SCAN_OK)
            worst = got;
        if (i + 1 < n && !xml_scan_char(s, ','))
            return XML_SCAN_SYNTAX;
    }
    return xml_scan_char(s, ')') ? worst : XML_SCAN_SYNTAX;
}

static void xml_report_scan(xml_reader *r, const xmlNode *node, const char *attr,
                            const char *value, xml_scan got, const char *type)
{
    if (got == XML_SCAN_SYNTAX)
        xml_bad_value(r, node, attr, value, "not a tuple of integers");
    else if (got == XML_SCAN_RANGE)
        xml_bad_value(r, node, attr, value,
                      !strcmp(type, "int") ? "an entry does not fit an int"
                                           : "an entry does not fit a long");
}

/* A tuple "(a, b, ...)" of integers that fit `type` ("long" or "int"):
 * its entries in the arena (*n of them); false after a reported error. */
static bool xml_parse_tuple(xml_reader *r, const xmlNode *node, const char *attr,
                            const char *value, const char *type, long **entries, unsigned *n)
{
    bool is_int = !strcmp(type, "int");
    *n = xml_tuple_entries(value);
    *entries = arena_alloc(r->p->arena, (*n ? *n : 1) * sizeof **entries);
    const char *s = value;
    xml_scan got = xml_scan_tuple(&s, *n, is_int ? INT_MIN : LONG_MIN,
                                  is_int ? INT_MAX : LONG_MAX, *entries);
    if (got == XML_SCAN_OK && *xml_skip_space(s))
        got = XML_SCAN_SYNTAX;
    xml_report_scan(r, node, attr, value, got, type);
    return got == XML_SCAN_OK;
}

/* A ghost "((n0,p0),(n1,p1),...)" into g (in the arena); false after a
 * reported error. */
static bool xml_parse_ghost(xml_reader *r, const xmlNode *node, const char *attr,
                            const char *value, lm_ghost *g)
{
    unsigned pairs = 0;
    for (const char *c = value; *c; c++)
        pairs += *c == '(';
    pairs = pairs ? pairs - 1 : 0;
    lm_ghost_init(r->p, g, pairs);
    const char *s = value;
    xml_scan got = xml_scan_char(&s, '(') ? XML_SCAN_OK : XML_SCAN_SYNTAX;
    for (unsigned d = 0; d < pairs && got != XML_SCAN_SYNTAX; d++) {
        long pair[2] = {0, 0};
        xml_scan one = xml_scan_tuple(&s, 2, LONG_MIN, LONG_MAX, pair);
        if (one != XML_SCAN_OK)
            got = one;
        g->neg[d] = pair[0];
        g->pos[d] = pair[1];
        if (one != XML_SCAN_SYNTAX && d + 1 < pairs && !xml_scan_char(&s, ','))
            got = XML_SCAN_SYNTAX;
    }
    if (got != XML_SCAN_SYNTAX && (!xml_scan_char(&s, ')') || *xml_skip_space(s)))
        got = XML_SCAN_SYNTAX;
    xml_report_scan(r, node, attr, value, got, "long");
    return got == XML_SCAN_OK;
}

/* ---- Step 3: the elements ---- */

static void xml_read_access(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    const char *index_text = xml_text(r, node, "index");
    const char *order_text = xml_attr(r, node, "indexorder");
    long *index, *order = NULL;
    unsigned nindex, norder = 0;
    if (!xml_parse_tuple(r, node, "index", index_text, "long", &index, &nindex))
        return;
    if (order_text && !xml_parse_tuple(r, node, "indexorder", order_text, "int", &order, &norder))
        return;
    if (order_text && norder != nindex) {
        diag_at(DIAG_ERROR, r->name, xml_line(node), 1,
                "<access> attribute indexorder=\"%s\" has %u entries, index=\"%s\" has %u",
                order_text, norder, index_text, nindex);
        r->ok = false;
        return;
    }
    for (unsigned d = 0; d < norder; d++) {
        if (order[d] < 0) {
            xml_bad_value(r, node, "indexorder", order_text, "a loop level cannot be negative");
            return;
        }
    }
    lm_access *x = lm_array_ref_add_access(r->p, at->array, nindex, norder);
    for (unsigned d = 0; d < nindex; d++)
        x->index[d] = index[d];
    for (unsigned d = 0; d < norder; d++)
        x->order[d] = (int)order[d];
    x->relative = xml_bool(r, node, "isRelative");
    x->subscript = xml_attr(r, node, "subscript");
    x->reads = xml_count(r, node, "reads", ULONG_MAX);
    x->writes = xml_count(r, node, "writes", ULONG_MAX);
}

static const xml_child xml_array_children[] = {
    {"access", xml_read_access},
    {NULL, NULL},
};

static lm_access_type xml_access_type(const char *value)
{
    for (lm_access_type t = LM_READONLY; t <= LM_READWRITE; t++)
        if (!strcmp(value, lm_access_type_name(t)))
            return t;
    return LM_READWRITE;
}

static void xml_read_array(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    lm_loop *l = at->loop;
    const char *name = xml_text(r, node, "name");
    const char *datatype = xml_text(r, node, "datatype");
    lm_array_ref *a = lm_loop_add_array_ref(r->p, l, name, xml_text(r, node, "component"),
                                            datatype, 0);
    a->access_type = xml_access_type(xml_text(r, node, "accesstype"));
    xml_parse_ghost(r, node, "ghost", xml_text(r, node, "ghost"), &a->ghost);
    unsigned long size = lm_datatype_size(datatype);
    if (!size)
        l->complete = false;
    lm_arrays_note(r->p, &l->own_arrays, name, name, datatype, size,
                   a->access_type != LM_WRITEONLY, a->access_type != LM_READONLY, ++r->seq);
    xml_scope inner = *at;
    inner.array = a;
    xml_read_children(r, &inner, node, xml_array_children);
}

static void xml_read_scalar(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    lm_scalar *s = lm_loop_add_scalar(r->p, at->loop, xml_text(r, node, "name"),
                                      xml_text(r, node, "datatype"));
    s->is_constant = xml_bool(r, node, "isConstant");
    s->reads = xml_count(r, node, "reads", ULONG_MAX);
    s->writes = xml_count(r, node, "writes", ULONG_MAX);
}

static void xml_read_pininfo(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    if (at->loop->pininfo) {
        diag_at(DIAG_ERROR, r->name, xml_line(node), 1, "a loop has at most one <pininfo>");
        r->ok = false;
        return;
    }
    lm_pininfo *pi = arena_alloc(r->p->arena, sizeof *pi);
    for (lm_pin_field f = 0; f < LM_PIN_NFIELDS; f++) {
        const char *value = xml_attr(r, node, lm_pin_field_name(f));
        if (!value)
            continue;
        pi->present[f] = true;
        pi->value[f] = xml_parse_count(r, node, lm_pin_field_name(f), value, ULONG_MAX);
    }
    at->loop->pininfo = pi;
}

static void xml_read_loop(xml_reader *r, const xml_scope *at, const xmlNode *node);

static const xml_child xml_loop_children[] = {
    {"scalar", xml_read_scalar},
    {"array", xml_read_array},
    {"loop", xml_read_loop},
    {"pininfo", xml_read_pininfo},
    {NULL, NULL},
};

/* The attributes that hold a loop's own operation counts. */
static const struct {
    const char *attr;
    lm_fp_class fp;
} xml_loop_counts[] = {
    {"adds", LM_FP_PLUS},
    {"multiplies", LM_FP_MULTIPLY},
    {"divides", LM_FP_DIVIDE},
    {"specials", LM_FP_SPECIAL},
};

static void xml_read_loop(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    unsigned line = (unsigned)xml_count(r, node, "linenum", UINT_MAX);
    lm_loop *l = lm_function_add_loop(r->p, at->fn, at->loop, LM_LOOP_FOR,
                                      (lm_location){r->name, line, 1});
    l->bounds = (lm_bounds){
        .loopvar = xml_attr_or_null(r, node, "loopvar"),
        .lower = xml_attr_or_null(r, node, "lowerbound"),
        .upper = xml_attr_or_null(r, node, "upperbound"),
        .stride = xml_attr_or_null(r, node, "stride"),
    };
    for (size_t i = 0; i < sizeof xml_loop_counts / sizeof *xml_loop_counts; i++)
        l->own.n[xml_loop_counts[i].fp] = xml_count(r, node, xml_loop_counts[i].attr, ULONG_MAX);
    xml_scope inner = *at;
    inner.loop = l;
    xml_read_children(r, &inner, node, xml_loop_children);
}

static void xml_read_local(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    lm_function_add_var(r->p, at->fn, true, xml_text(r, node, "name"));
}

static void xml_read_nonlocal(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    lm_function_add_var(r->p, at->fn, false, xml_text(r, node, "name"));
}

static void xml_read_call(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    unsigned line = (unsigned)xml_count(r, node, "linenum", UINT_MAX);
    lm_function_add_call(r->p, at->fn, line, xml_text(r, node, "name"));
}

static void xml_read_commscalar(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    lm_comm_add_var(r->p, at->comm, false, xml_text(r, node, "name"),
                    xml_text(r, node, "datatype"));
}

static void xml_read_commarray(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    lm_comm_var *v = lm_comm_add_var(r->p, at->comm, true, xml_text(r, node, "name"),
                                     xml_text(r, node, "datatype"));
    v->components = xml_count(r, node, "numofcomponents", ULONG_MAX);
    xml_parse_ghost(r, node, "ghost", xml_text(r, node, "ghost"), &v->ghost);
    v->count = xml_attr(r, node, "count");
}

static const xml_child xml_comm_children[] = {
    {"commscalar", xml_read_commscalar},
    {"commarray", xml_read_commarray},
    {NULL, NULL},
};

static void xml_read_comm(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    unsigned line = (unsigned)xml_count(r, node, "linenum", UINT_MAX);
    xml_scope inner = *at;
    inner.comm = lm_function_add_comm(r->p, at->fn, line, xml_text(r, node, "commtype"),
                                      xml_text(r, node, "interface"));
    xml_read_children(r, &inner, node, xml_comm_children);
}

static const xml_child xml_function_children[] = {
    {"local", xml_read_local},
    {"nonlocal", xml_read_nonlocal},
    {"loop", xml_read_loop},
    {"functioncall", xml_read_call},
    {"comm", xml_read_comm},
    {NULL, NULL},
};

static void xml_read_function(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    lm_location loc = {r->name, xml_line(node), 1};
    xml_scope inner = *at;
    inner.fn = lm_file_add_function(r->p, at->file, xml_text(r, node, "name"), loc);
    inner.fn->start = inner.fn->loc;
    xml_read_children(r, &inner, node, xml_function_children);
}

static const xml_child xml_program_children[] = {
    {"function", xml_read_function},
    {NULL, NULL},
};

/* The model of a valid document, appended to p only when every value fit. */
static bool xml_read_program(lm_program *p, const char *name, const xmlDoc *doc)
{
    xml_reader r = {p, name, 0, true};
    xml_scope at = {.file = lm_file_create(p, name)};
    const xmlNode *root = xmlDocGetRootElement(doc);
    if (root)
        xml_read_children(&r, &at, root, xml_program_children);
    if (r.ok)
        lm_program_append_file(p, at.file);
    return r.ok;
}

/* ---- The API ---- */

bool xml_read_memory(lm_program *p, const char *name, const char *text, size_t len)
{
    xml_errors e = {.name = name, .generic = STRBUF_INIT};
    xml_saved_handlers saved = xml_capture_errors(&e);
    xmlDoc *doc = xml_parse(&e, text, len);
    bool valid = doc && !e.count && xml_validate(&e, doc);
    xml_restore_errors(&saved);
    strbuf_release(&e.generic);
    bool ok = valid && xml_read_program(p, name, doc);
    xmlFreeDoc(doc);
    return ok;
}

bool xml_read_file(lm_program *p, const char *path)
{
    char *text = fileio_read_text(path, "XML file");
    if (!text)
        return false;
    bool ok = xml_read_memory(p, path, text, strlen(text));
    free(text);
    return ok;
}
