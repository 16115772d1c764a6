#include "fileio.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "mem.h"

bool fileio_write_atomic(const char *path, fileio_writer writer, void *ctx)
{
    if (strcmp(path, "-") == 0) {
        bool ok = writer(stdout, ctx);
        return fflush(stdout) == 0 && ok;
    }
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
