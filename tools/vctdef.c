/* vctdef: the vector definition tool of CHIP3S (chips/README.md, "Vector
 * types"): checks a definition file of vector types and writes the vector
 * specification file that chips -vectors reads. */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "chips_vct.h"
#include "diag.h"
#include "fileio.h"
#include "strbuf.h"

enum { VCTDEF_EXIT_OK = 0, VCTDEF_EXIT_INPUT = 1, VCTDEF_EXIT_USAGE = 2 };

typedef struct vd_options {
    bool help, help_markdown, version, check;
    const char *output;
    const char **inputs;
    int ninputs;
} vd_options;

#define VD_OPT(field) offsetof(vd_options, field)

static const args_option vd_option_table[] = {
    {.names = "-help|--help|-h", .kind = ARGS_FLAG, .dest = VD_OPT(help),
     .help = "print this help and exit"},
    {.names = "-help-markdown", .kind = ARGS_FLAG, .dest = VD_OPT(help_markdown),
     .help = "print this table of options as markdown and exit"},
    {.names = "--version|-version", .kind = ARGS_FLAG, .dest = VD_OPT(version),
     .help = "print vctdef's version and exit"},
    {.names = "-o", .kind = ARGS_VALUE, .value = "FILE", .dest = VD_OPT(output),
     .help = "write the specification here (- is standard output; default: the definition "
             "file's name with .vspec for its extension)"},
    {.names = "-check", .kind = ARGS_FLAG, .dest = VD_OPT(check),
     .help = "check the definition file only, writing nothing"},
};

enum { VD_NOPTIONS = sizeof vd_option_table / sizeof *vd_option_table, VD_HELP_COLUMN = 20 };

static const args_program vd_program = {
    .table = vd_option_table,
    .n = VD_NOPTIONS,
    .has_inputs = true,
    .inputs = VD_OPT(inputs),
    .ninputs = VD_OPT(ninputs),
    .unknown = "unknown option '%s' (vctdef -help lists the options)",
};

static void vd_print_help(FILE *out)
{
    fputs("usage: vctdef [options] DEFS.vdef\n"
          "\n"
          "Checks the CHIP3S vector types defined in DEFS.vdef\n"
          "(def NAME { args variable|N; type numeric|symbol|combination; { sym, ... } })\n"
          "and writes their vector specification file, which chips -vectors reads.\n"
          "\n"
          "options:\n",
          out);
    args_print_help(out, vd_option_table, VD_NOPTIONS, VD_HELP_COLUMN);
}

/* DEFS.vdef -> DEFS.vspec (DEFS.vspec appended when there is no extension). */
static char *vd_default_output(const char *input)
{
    const char *base = fileio_basename(input);
    const char *dot = strrchr(base, '.');
    size_t keep = dot && dot != base ? (size_t)(dot - input) : strlen(input);
    strbuf b = STRBUF_INIT;
    strbuf_appendn(&b, input, keep);
    strbuf_append(&b, ".vspec");
    return strbuf_take(&b);
}

static bool vd_write_text(FILE *out, void *text)
{
    return fputs(strbuf_cstr(text), out) >= 0;
}

static int vd_run(const vd_options *o)
{
    if (o->ninputs != 1) {
        diag_tool(DIAG_ERROR, "expected one definition file (vctdef -help)");
        return VCTDEF_EXIT_USAGE;
    }
    const char *input = o->inputs[0];
    char *fallback = o->output || o->check ? NULL : vd_default_output(input);
    const char *output = o->output ? o->output : fallback;
    int status = VCTDEF_EXIT_OK;
    if (output && (!fileio_output_not_input("-o", output, o->inputs, o->ninputs) ||
                   !fileio_output_writable("-o", output)))
        status = VCTDEF_EXIT_USAGE;
    char *text = status == VCTDEF_EXIT_OK ? fileio_read_text(input, "vector definition file")
                                          : NULL;
    strbuf spec = STRBUF_INIT;
    if (status == VCTDEF_EXIT_OK &&
        (!text || !chips_vct_compile(input, text, &spec) ||
         (output && !fileio_write_atomic(output, vd_write_text, &spec))))
        status = VCTDEF_EXIT_INPUT;
    strbuf_release(&spec);
    free(text);
    free(fallback);
    return status;
}

int main(int argc, char **argv)
{
    diag_set_program("vctdef");
    fileio_program_begin();
    vd_options o;
    memset(&o, 0, sizeof o);
    int status = VCTDEF_EXIT_USAGE;
    if (args_parse_all(&vd_program, argc, argv, &o)) {
        status = VCTDEF_EXIT_OK;
        if (o.help)
            vd_print_help(stdout);
        else if (o.help_markdown)
            args_print_markdown(stdout, vd_option_table, VD_NOPTIONS);
        else if (o.version)
            args_print_version(stdout, "vctdef", NULL);
        else
            status = vd_run(&o);
    }
    free(o.inputs);
    return fileio_program_end(status, VCTDEF_EXIT_USAGE);
}
