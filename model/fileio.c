#include "fileio.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "mem.h"
#include "strbuf.h"

static bool fileio_write_stream(FILE *out, const char *path, fileio_writer writer, void *ctx)
{
    bool ok = writer(out, ctx);
    if (fflush(out) != 0 || ferror(out))
        ok = false;
    if (!ok)
        diag_tool(DIAG_ERROR, "failed while writing '%s'", path);
    return ok;
}

/* A device or a FIFO (/dev/null, /dev/stderr, a pipe) is written as it is:
 * renaming a file over it would replace it. */
static bool fileio_write_in_place(const char *path, fileio_writer writer, void *ctx)
{
    FILE *out = fopen(path, "w");
    if (!out) {
        diag_tool(DIAG_ERROR, "cannot write '%s': %s", path, strerror(errno));
        return false;
    }
    bool ok = fileio_write_stream(out, path, writer, ctx);
    return fclose(out) == 0 && ok;
}

static bool fileio_replace(const char *path, fileio_writer writer, void *ctx);

bool fileio_write_atomic(const char *path, fileio_writer writer, void *ctx)
{
    if (strcmp(path, "-") == 0)
        return fileio_write_stream(stdout, "standard output", writer, ctx);
    struct stat st;
    if (stat(path, &st) != 0) {
        /* A dangling link is written through, which creates its target. */
        if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
            return fileio_write_in_place(path, writer, ctx);
        return fileio_replace(path, writer, ctx);
    }
    if (!S_ISREG(st.st_mode))
        return fileio_write_in_place(path, writer, ctx);
    /* Through a symbolic link, the link stays and its target is replaced. */
    char *target = realpath(path, NULL);
    bool ok = fileio_replace(target ? target : path, writer, ctx);
    free(target);
    return ok;
}

/* Write to a temporary file beside path, then rename it over path. */
static bool fileio_replace(const char *path, fileio_writer writer, void *ctx)
{
    size_t n = strlen(path) + sizeof ".tmpXXXXXX";
    char *tmp = mem_alloc(n);
    snprintf(tmp, n, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        diag_tool(DIAG_ERROR, "cannot write '%s': %s", path, strerror(errno));
        free(tmp);
        return false;
    }
    FILE *out = fdopen(fd, "w");
    if (!out) {
        diag_tool(DIAG_ERROR, "cannot write '%s': %s", path, strerror(errno));
        close(fd);
        unlink(tmp);
        free(tmp);
        return false;
    }
    bool ok = writer(out, ctx);
    if (ferror(out))
        ok = false;
    if (fclose(out) != 0)
        ok = false;
    /* mkstemp creates 0600; outputs are ordinary files. */
    mode_t mask = umask(0);
    umask(mask);
    if (ok && chmod(tmp, 0666 & ~mask) != 0)
        ok = false;
    if (ok && rename(tmp, path) != 0) {
        diag_tool(DIAG_ERROR, "cannot write '%s': %s", path, strerror(errno));
        ok = false;
    } else if (!ok) {
        diag_tool(DIAG_ERROR, "failed while writing '%s'", path);
    }
    if (!ok)
        unlink(tmp);
    free(tmp);
    return ok;
}

bool fileio_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
        return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

bool fileio_output_not_input(const char *option, const char *out, const char *const *inputs,
                             int n)
{
    if (!out || strcmp(out, "-") == 0)
        return true;
    for (int i = 0; i < n; i++) {
        if (inputs[i] && fileio_same_file(out, inputs[i])) {
            diag_tool(DIAG_ERROR, "%s '%s' is the input '%s': refusing to overwrite it", option,
                      out, inputs[i]);
            return false;
        }
    }
    return true;
}

char *fileio_read_text(const char *path, const char *what)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        diag_at(DIAG_ERROR, path, 1, 1, "cannot open %s: %s", what, strerror(errno));
        return NULL;
    }
    strbuf text = STRBUF_INIT;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        strbuf_appendn(&text, buf, n);
    bool read_ok = !ferror(f);
    fclose(f);
    if (!read_ok)
        diag_at(DIAG_ERROR, path, 1, 1, "cannot read %s", what);
    else if (memchr(strbuf_cstr(&text), '\0', text.len))
        diag_at(DIAG_ERROR, path, 1, 1, "%s holds a NUL byte: not a text file", what);
    else
        return strbuf_take(&text);
    strbuf_release(&text);
    return NULL;
}

const char *fileio_basename(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}
