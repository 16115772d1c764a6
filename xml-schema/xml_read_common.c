/* What the two ExaSAT XML readers share: loading a document (libxml2
 * parses the text with no network and no external entities; the document is
 * validated against its dialect's compiled-in schema; every libxml2 error is
 * caught by a structured handler and reported through diag) and the
 * attribute helpers of the walk. */
#include "xml_read_common.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>

#include "diag.h"
#include "exasat_xml.h"
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
    const char *schema_name; /* that schema, as messages name it */
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
        diag_at(DIAG_ERROR, e->name, 1, 1, "the embedded %s is broken (its line %d): %.*s",
                e->schema_name, err ? err->line : 0, n, msg);
        e->count++;
        return;
    }
    unsigned line = err && err->line > 0 ? (unsigned)err->line : 1;
    unsigned col = e->with_column && err && err->int2 > 0 ? (unsigned)err->int2 : 1;
    bool warning = err && err->level == XML_ERR_WARNING;
    /* libxml2's own words would send the user to an option of its API. */
    if (!strncmp(msg, "Excessive depth in document", 27))
        diag_at(DIAG_ERROR, e->name, line, col,
                "an element with more than %d ancestors, deeper than the readers read: "
                "ExaSAT XML holds loops nested at most %d deep",
                XML_MAX_ANCESTORS, XML_MAX_LOOP_DEPTH);
    else
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
    va_list ap;
    va_start(ap, fmt);
    strbuf_vprintf(&e->generic, fmt, ap);
    va_end(ap);
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

/* ---- Parsing and validating ---- */

/* libxml2 refuses documents deeper than 256 elements by default, but
 * measuretool writes one element per loop level.  Elements are read with up
 * to XML_MAX_ANCESTORS ancestors (exasat_xml.h), the limit the writer keeps
 * to: libxml2 2.12 and later allow that with XML_PARSE_HUGE (they dropped
 * the xmlParserMaxDepth setting); older ones are given the depth alone,
 * keeping HUGE's other limits. */
#if LIBXML_VERSION >= 21200
_Static_assert(XML_MAX_ANCESTORS == 2048, "libxml2's fixed depth under XML_PARSE_HUGE");
#endif

static xmlDoc *xml_read_deep(const char *name, const char *text, int len)
{
    int options = XML_PARSE_NONET | XML_PARSE_NOBLANKS | XML_PARSE_BIG_LINES;
#if LIBXML_VERSION >= 21200
    return xmlReadMemory(text, len, name, NULL, options | XML_PARSE_HUGE);
#else
    unsigned saved = xmlParserMaxDepth;
    xmlParserMaxDepth = XML_MAX_ANCESTORS;
    xmlDoc *doc = xmlReadMemory(text, len, name, NULL, options);
    xmlParserMaxDepth = saved;
    return doc;
#endif
}

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
    xmlDoc *doc = xml_read_deep(e->name, text, (int)len);
    xml_flush_generic(e);
    if (!doc && !e->count) {
        diag_at(DIAG_ERROR, e->name, 1, 1, "not a well-formed XML document");
        e->count++;
    }
    return doc;
}

/* The compiled-in schema of a dialect, and its name in messages. */
typedef struct xml_schema_source {
    const char *text, *name;
} xml_schema_source;

static bool xml_validate(xml_errors *e, xmlDoc *doc, xml_schema_source src)
{
    e->in_schema = true;
    e->schema_name = src.name;
    xmlSchemaParserCtxt *pctxt = xmlSchemaNewMemParserCtxt(src.text, (int)strlen(src.text));
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
        diag_at(DIAG_ERROR, e->name, 1, 1, "the document could not be validated against %s",
                src.name);
        e->count++;
    }
    return result == 0 && e->count == before;
}

/* ---- The ExaSAT tools' two slips in well-formedness ----
 *
 * Their ROSE pass printed its log ("Note: astNode = ...", "##### Reset...")
 * into the document before <program>, and wrote a string literal passed to
 * a call as the <arg>'s argname with its own quotes unescaped
 * (argname=""Error:: ..."").  Both are blanked out with spaces, so that
 * every line and column stays where it was, with a warning each; a document
 * that has neither is parsed as it is.  The arg's argname is dropped by the
 * reader anyway. */

/* Lines before the first one that starts with '<', when the document does
 * not start with one: blanked.  Their number. */
static unsigned xml_blank_log(char *text)
{
    const char *first = xml_skip_space(text);
    if (!*first || *first == '<')
        return 0;
    char *element = strstr(text, "\n<");
    if (!element)
        return 0;
    unsigned lines = 0;
    for (char *c = text; c <= element; c++) {
        if (*c == '\n')
            lines++;
        else
            *c = ' ';
    }
    return lines;
}

/* The argname value of each <arg .../> line whose value holds quotes,
 * blanked.  Their number. */
static unsigned xml_blank_quoted_args(char *text)
{
    static const char open[] = "argname=\"\"";
    unsigned n = 0;
    for (char *line = text; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
        if (strncmp(line, "<arg ", 5))
            continue;
        char *end = strchr(line, '\n');
        char *value = strstr(line, open);
        if (!value || (end && value > end))
            continue;
        value += sizeof open - 2;
        char *close = end ? end : line + strlen(line);
        while (close > value && close[-1] != '"')
            close--;
        if (close - value < 2)
            continue;
        memset(value, ' ', (size_t)(close - 1 - value));
        n++;
    }
    return n;
}

/* text as a NUL-terminated copy (free() it; the caller's text need not end
 * in one), the slips blanked out with a warning each. */
static char *xml_repair_tools_slips(const char *name, const char *text, size_t len)
{
    char *copy = mem_alloc(len + 1);
    memcpy(copy, text, len);
    copy[len] = '\0';
    unsigned log = xml_blank_log(copy), args = xml_blank_quoted_args(copy);
    if (log)
        diag_at(DIAG_WARNING, name, 1, 1,
                "%u line%s before the first element skipped (the ExaSAT tools' log, not XML)",
                log, log == 1 ? "" : "s");
    if (args)
        diag_at(DIAG_WARNING, name, 1, 1,
                "%u <arg> argname%s holding unescaped quotes (the ExaSAT tools' string "
                "literals) read as empty",
                args, args == 1 ? "" : "s");
    return copy;
}

xmlDoc *xml_load(const char *name, const char *text, size_t len, xml_dialect dialect,
                 xml_dialect_test is_original, bool *original)
{
    char *repaired = xml_repair_tools_slips(name, text, len);
    xml_errors e = {.name = name, .generic = STRBUF_INIT};
    xml_saved_handlers saved = xml_capture_errors(&e);
    xmlDoc *doc = xml_parse(&e, repaired, len);
    free(repaired);
    *original = doc && (dialect == XML_DIALECT_ORIGINAL || is_original(doc));
    xml_schema_source src = {xml_schema_text, "exasat.xsd"};
    if (*original)
        src = (xml_schema_source){xml_orig_schema_text, "exasat-orig.xsd"};
    bool valid = doc && !e.count && xml_validate(&e, doc, src);
    xml_restore_errors(&saved);
    strbuf_release(&e.generic);
    if (!valid) {
        xmlFreeDoc(doc);
        return NULL;
    }
    return doc;
}

/* ---- Walking the elements ---- */

void xml_read_children(xml_reader *r, const xml_scope *at, const xmlNode *node,
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

unsigned xml_line(const xmlNode *node)
{
    long line = xmlGetLineNo(node);
    return line > 0 && line <= (long)UINT_MAX ? (unsigned)line : 1;
}

/* An attribute of the element itself (not a DTD default), copied into the
 * arena; NULL when absent. */
const char *xml_attr(xml_reader *r, const xmlNode *node, const char *attr)
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
const char *xml_attr_or_null(xml_reader *r, const xmlNode *node, const char *attr)
{
    const char *value = xml_attr(r, node, attr);
    return value && *value ? value : NULL;
}

/* A required text attribute; "" when absent (the schema rules that out). */
const char *xml_text(xml_reader *r, const xmlNode *node, const char *attr)
{
    const char *value = xml_attr(r, node, attr);
    return value ? value : "";
}

void xml_bad_value(xml_reader *r, const xmlNode *node, const char *attr, const char *value,
                   const char *problem)
{
    diag_at(DIAG_ERROR, r->name, xml_line(node), 1, "<%s> attribute %s=\"%s\": %s",
            (const char *)node->name, attr, value, problem);
    r->ok = false;
}

const char *xml_skip_space(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    return s;
}

/* isConstant and isRelative: the schema allows exactly "true" or "false". */
bool xml_bool(xml_reader *r, const xmlNode *node, const char *attr)
{
    return !strcmp(xml_text(r, node, attr), "true");
}

/* A non-negative integer no larger than max; 0 after a reported error. */
unsigned long xml_parse_count(xml_reader *r, const xmlNode *node, const char *attr,
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
unsigned long xml_count(xml_reader *r, const xmlNode *node, const char *attr,
                         unsigned long max)
{
    const char *value = xml_attr(r, node, attr);
    return value ? xml_parse_count(r, node, attr, value, max) : 0;
}

/* The attributes that hold operation counts, in both dialects. */
static const struct {
    const char *attr;
    lm_fp_class fp;
} xml_counts[] = {
    {"adds", LM_FP_PLUS},
    {"multiplies", LM_FP_MULTIPLY},
    {"divides", LM_FP_DIVIDE},
    {"specials", LM_FP_SPECIAL},
};

void xml_read_counts(xml_reader *r, const xmlNode *node, lm_fp_counts *c)
{
    for (size_t i = 0; i < sizeof xml_counts / sizeof *xml_counts; i++)
        c->n[xml_counts[i].fp] = xml_count(r, node, xml_counts[i].attr, ULONG_MAX);
}

double xml_probability(xml_reader *r, const xmlNode *node, const char *attr)
{
    const char *value = xml_attr(r, node, attr);
    return value ? strtod(value, NULL) : 1.0;
}
