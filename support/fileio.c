#include "fileio.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "mem.h"
#include "strbuf.h"

/* The outputs a run has left in their temporaries, renamed by fileio_run_end(). */
typedef struct fileio_pending {
    char *tmp, *path, *shown;
} fileio_pending;

/* The threads of a parallel run write their outputs into the same run. */
static struct {
    pthread_mutex_t lock;
    bool open, failed;
    fileio_pending *items;
    size_t n, cap;
} fileio_run = {.lock = PTHREAD_MUTEX_INITIALIZER};

#define FILEIO_TMP_TAG ".aitool-tmp."

static void fileio_output_failed(void)
{
    pthread_mutex_lock(&fileio_run.lock);
    if (fileio_run.open)
        fileio_run.failed = true;
    pthread_mutex_unlock(&fileio_run.lock);
}

static bool fileio_write_stream(FILE *out, const char *path, fileio_writer writer, void *ctx)
{
    bool ok = writer(out, ctx);
    if (fflush(out) != 0 || ferror(out))
        ok = false;
    if (!ok) {
        diag_tool(DIAG_ERROR, "failed while writing '%s'", path);
        fileio_output_failed();
    }
    return ok;
}

/* A device or a FIFO (/dev/null, /dev/stderr, a pipe) is written as it is:
 * renaming a file over it would replace it. */
static bool fileio_write_in_place(const char *path, fileio_writer writer, void *ctx)
{
    FILE *out = fopen(path, "w");
    if (!out) {
        diag_tool(DIAG_ERROR, "cannot write '%s': %s", path, strerror(errno));
        fileio_output_failed();
        return false;
    }
    bool ok = fileio_write_stream(out, path, writer, ctx);
    return fclose(out) == 0 && ok;
}

static bool fileio_replace(const char *path, const char *shown, fileio_writer writer, void *ctx);

bool fileio_flush_text(FILE *out, strbuf *text)
{
    bool ok = text->len == 0 || fwrite(text->s, 1, text->len, out) == text->len;
    if (text->len) {
        text->len = 0;
        text->s[0] = '\0';
    }
    return ok;
}

bool fileio_write_atomic(const char *path, fileio_writer writer, void *ctx)
{
    if (strcmp(path, "-") == 0)
        return fileio_write_stream(stdout, "standard output", writer, ctx);
    struct stat st;
    if (stat(path, &st) != 0) {
        /* A dangling link is written through, which creates its target. */
        if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
            return fileio_write_in_place(path, writer, ctx);
        return fileio_replace(path, path, writer, ctx);
    }
    if (!S_ISREG(st.st_mode))
        return fileio_write_in_place(path, writer, ctx);
    /* Through a symbolic link, the link stays and its target is replaced. */
    char *target = realpath(path, NULL);
    bool ok = fileio_replace(target ? target : path, path, writer, ctx);
    free(target);
    return ok;
}

/* The directory part of path, "." when it has none (free() it). */
static char *fileio_dirname(const char *path)
{
    const char *base = fileio_basename(path);
    if (base == path)
        return mem_strdup(".");
    size_t n = base - path > 1 ? (size_t)(base - path) - 1 : 1; /* "/x" is in "/" */
    char *dir = mem_alloc(n + 1);
    memcpy(dir, path, n);
    return dir;
}

/* `.NAME.aitool-tmp.PID` of a process that no longer runs: what a killed run left. */
static bool fileio_is_stale_temp(const char *name)
{
    const char *tag = NULL;
    for (const char *t = name; (t = strstr(t, FILEIO_TMP_TAG)) != NULL; t++)
        tag = t;
    if (name[0] != '.' || !tag || tag < name + 2)
        return false;
    const char *digits = tag + strlen(FILEIO_TMP_TAG);
    if (!isdigit((unsigned char)digits[0]) || strspn(digits, "0123456789") != strlen(digits))
        return false;
    errno = 0;
    long pid = strtol(digits, NULL, 10);
    if (errno || pid <= 0 || pid != (pid_t)pid || pid == (long)getpid())
        return false;
    return kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

static void fileio_remove_stale_temps(const char *path)
{
    char *dir = fileio_dirname(path);
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        struct stat st;
        if (fileio_is_stale_temp(e->d_name) &&
            fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) &&
            unlinkat(dirfd(d), e->d_name, 0) == 0)
            diag_tool(DIAG_NOTE, "removed '%s/%s', left by an interrupted run", dir, e->d_name);
    }
    if (d)
        closedir(d);
    free(dir);
}

/* path's temporary: `.NAME.aitool-tmp.PID` beside it (free() it). */
static char *fileio_temp_path(const char *path)
{
    const char *base = fileio_basename(path);
    strbuf sb = STRBUF_INIT;
    strbuf_appendn(&sb, path, (size_t)(base - path));
    strbuf_printf(&sb, ".%s" FILEIO_TMP_TAG "%ld", base, (long)getpid());
    return strbuf_take(&sb);
}

static bool fileio_rename(const char *tmp, const char *path, const char *shown)
{
    if (rename(tmp, path) == 0)
        return true;
    diag_tool(DIAG_ERROR, "cannot write '%s': %s", shown, strerror(errno));
    unlink(tmp);
    return false;
}

/* Inside a run, tmp waits for fileio_run_end(); path written twice keeps one entry. */
static void fileio_defer_locked(char *tmp, const char *path, const char *shown)
{
    for (size_t i = 0; i < fileio_run.n; i++) {
        if (strcmp(fileio_run.items[i].tmp, tmp) == 0) {
            free(tmp);
            return;
        }
    }
    if (fileio_run.n == fileio_run.cap) {
        fileio_run.cap = fileio_run.cap ? 2 * fileio_run.cap : 8;
        fileio_run.items = mem_realloc(fileio_run.items, fileio_run.cap * sizeof *fileio_run.items);
    }
    fileio_run.items[fileio_run.n++] =
        (fileio_pending){tmp, mem_strdup(path), mem_strdup(shown)};
}

/* True when tmp now waits for the run's end; false outside a run. */
static bool fileio_defer(char *tmp, const char *path, const char *shown)
{
    pthread_mutex_lock(&fileio_run.lock);
    bool open = fileio_run.open;
    if (open)
        fileio_defer_locked(tmp, path, shown);
    pthread_mutex_unlock(&fileio_run.lock);
    return open;
}

/* Write to the temporary beside path, then rename it over path (or defer that
 * to the run's end); messages name the path as the user gave it, shown. */
static bool fileio_replace(const char *path, const char *shown, fileio_writer writer, void *ctx)
{
    fileio_remove_stale_temps(path);
    char *tmp = fileio_temp_path(path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0666);
    FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!out) {
        diag_tool(DIAG_ERROR, "cannot write '%s': %s", shown, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(tmp);
        }
        free(tmp);
        fileio_output_failed();
        return false;
    }
    bool ok = writer(out, ctx);
    if (ferror(out))
        ok = false;
    if (fclose(out) != 0)
        ok = false;
    if (!ok) {
        diag_tool(DIAG_ERROR, "failed while writing '%s'", shown);
        unlink(tmp);
        free(tmp);
        fileio_output_failed();
        return false;
    }
    if (fileio_defer(tmp, path, shown))
        return true;
    ok = fileio_rename(tmp, path, shown);
    free(tmp);
    return ok;
}

void fileio_run_begin(void)
{
    pthread_mutex_lock(&fileio_run.lock);
    fileio_run.open = true;
    fileio_run.failed = false;
    pthread_mutex_unlock(&fileio_run.lock);
}

bool fileio_run_end(void)
{
    bool ok = !fileio_run.failed;
    for (size_t i = 0; i < fileio_run.n; i++) {
        fileio_pending *it = &fileio_run.items[i];
        if (ok) {
            ok = fileio_rename(it->tmp, it->path, it->shown);
        } else {
            unlink(it->tmp);
            diag_tool(DIAG_NOTE, "'%s' was not written, since another output of the run failed",
                      it->shown);
        }
        free(it->tmp);
        free(it->path);
        free(it->shown);
    }
    free(fileio_run.items);
    fileio_run.items = NULL;
    fileio_run.n = fileio_run.cap = 0;
    fileio_run.open = fileio_run.failed = false;
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

static void fileio_too_large(const char *path, const char *what)
{
    diag_at(DIAG_ERROR, path, 1, 1, "cannot read %s: it is larger than the limit of %u MiB",
            what, (unsigned)(FILEIO_MAX_INPUT_BYTES >> 20));
}

bool fileio_check_input(const char *path, const char *what)
{
    struct stat st;
    const char *problem = NULL;
    if (stat(path, &st) != 0)
        problem = strerror(errno);
    else if (S_ISDIR(st.st_mode))
        problem = "it is a directory";
    else if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
        problem = "it is a device, not a file";
    else if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode))
        problem = "it is not a regular file";
    else if (access(path, R_OK) != 0)
        problem = strerror(errno);
    if (problem) {
        diag_at(DIAG_ERROR, path, 1, 1, "cannot open %s: %s", what, problem);
        return false;
    }
    if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size > FILEIO_MAX_INPUT_BYTES) {
        fileio_too_large(path, what);
        return false;
    }
    return true;
}

char *fileio_read_text(const char *path, const char *what)
{
    if (!fileio_check_input(path, what))
        return NULL;
    FILE *f = fopen(path, "rb");
    if (!f) {
        diag_at(DIAG_ERROR, path, 1, 1, "cannot open %s: %s", what, strerror(errno));
        return NULL;
    }
    strbuf text = STRBUF_INIT;
    char buf[4096];
    size_t n;
    /* A pipe has no size to check beforehand: it is cut off at the limit. */
    while ((n = fread(buf, 1, sizeof buf, f)) > 0 && text.len <= FILEIO_MAX_INPUT_BYTES)
        strbuf_appendn(&text, buf, n);
    bool read_ok = !ferror(f);
    fclose(f);
    if (text.len > FILEIO_MAX_INPUT_BYTES)
        fileio_too_large(path, what);
    else if (!read_ok)
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
