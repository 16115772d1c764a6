/* fopencookie */
#define _GNU_SOURCE
#include "fileio.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
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
/* A failed write to standard output already reported (fileio_program_end
 * then does not say it again). */
static bool fileio_stdout_reported;

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

/* "writing OUT: reason", the reason being errno's when a write set it. */
static void fileio_write_failed(const char *shown, int err)
{
    diag_tool(DIAG_ERROR, "writing %s: %s", shown, err ? strerror(err) : "the write failed");
    fileio_output_failed();
}

/* The output as messages name it: 'path', or standard output. */
static char *fileio_shown(const char *path)
{
    strbuf sb = STRBUF_INIT;
    if (strcmp(path, "-") == 0)
        strbuf_append(&sb, "standard output");
    else
        strbuf_printf(&sb, "'%s'", path);
    return strbuf_take(&sb);
}

/* Runs the writer into out and flushes it; false (errno in *err) on failure. */
static bool fileio_run_writer(FILE *out, fileio_writer writer, void *ctx, int *err)
{
    errno = 0;
    bool ok = writer(out, ctx);
    *err = errno;
    if (fflush(out) != 0) {
        ok = false;
        *err = errno;
    }
    return ok && !ferror(out);
}

static bool fileio_write_stream(FILE *out, const char *path, fileio_writer writer, void *ctx)
{
    int err;
    bool ok = fileio_run_writer(out, writer, ctx, &err);
    if (!ok && out == stdout && fileio_stdout_reported) {
        fileio_output_failed();
    } else if (!ok) {
        char *shown = fileio_shown(path);
        fileio_write_failed(shown, err);
        free(shown);
        fileio_stdout_reported |= out == stdout;
    }
    return ok;
}

/* A device or a FIFO (/dev/null, /dev/stderr, a pipe) is written as it is:
 * renaming a file over it would replace it. */
static bool fileio_write_in_place(const char *path, fileio_writer writer, void *ctx)
{
    char *shown = fileio_shown(path);
    FILE *out = fopen(path, "w");
    int err = errno;
    bool ok = out && fileio_run_writer(out, writer, ctx, &err);
    if (out && fclose(out) != 0 && ok) {
        ok = false;
        err = errno;
    }
    if (!ok)
        fileio_write_failed(shown, err);
    free(shown);
    return ok;
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

static bool fileio_guard_check(const char *path, bool writing);

bool fileio_write_atomic(const char *path, fileio_writer writer, void *ctx)
{
    if (strcmp(path, "-") == 0)
        return fileio_write_stream(stdout, path, writer, ctx);
    if (!fileio_guard_check(path, true)) {
        fileio_output_failed();
        return false;
    }
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
    diag_tool(DIAG_ERROR, "writing '%s': %s", shown, strerror(errno));
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
    int err = errno;
    if (!out && fd >= 0)
        close(fd);
    bool ok = out && fileio_run_writer(out, writer, ctx, &err);
    if (out && fclose(out) != 0 && ok) {
        ok = false;
        err = errno;
    }
    if (!ok) {
        strbuf quoted = STRBUF_INIT;
        strbuf_printf(&quoted, "'%s'", shown);
        fileio_write_failed(quoted.s, err);
        strbuf_release(&quoted);
        if (fd >= 0)
            unlink(tmp);
        free(tmp);
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
    for (size_t i = 0; ok && i < fileio_run.n; i++)
        ok = fileio_guard_check(fileio_run.items[i].path, false);
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

/* ---- The files of a program: no output names an input or another output ---- */

/* A file as the rule compares it: by device and inode when it exists, and
 * by its absolute path (its directory resolved) either way. */
typedef struct fileio_file {
    char *shown;        /* the name the user gave */
    const char *option; /* an output's option ("-json"; NULL: "the output"), an input's kind */
    char *abs;          /* NULL when its directory does not resolve */
    dev_t dev;
    ino_t ino;
    bool exists;
    bool written;       /* an output written once already */
} fileio_file;

/* A list of files; `index` finds an existing one by device and inode
 * (open addressing, slots holding position + 1), since a run of a whole
 * project notes every header of every unit. */
typedef struct fileio_files {
    fileio_file *v;
    size_t n, cap;
    size_t *index, nslots;
} fileio_files;

static struct {
    pthread_mutex_t lock;
    bool on, clash;
    fileio_files inputs, outputs;
} fileio_guard = {.lock = PTHREAD_MUTEX_INITIALIZER};

static const char fileio_own_executable[] = "this program's own executable";

/* path's absolute form, its directory resolved, its last component kept
 * (a link stays the link); NULL when the directory does not resolve. */
static char *fileio_absolute(const char *path)
{
    char *dir = fileio_dirname(path);
    char *real = realpath(dir, NULL);
    free(dir);
    if (!real)
        return NULL;
    strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "%s/%s", strcmp(real, "/") ? real : "", fileio_basename(path));
    free(real);
    return strbuf_take(&sb);
}

/* False for what never clashes: standard output, a device or a FIFO. */
static bool fileio_identify(const char *path, const char *option, fileio_file *f)
{
    struct stat st;
    bool exists = stat(path, &st) == 0;
    if (strcmp(path, "-") == 0 || (exists && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)))
        return false;
    *f = (fileio_file){mem_strdup(path), option, fileio_absolute(path), exists ? st.st_dev : 0,
                       exists ? st.st_ino : 0, exists, false};
    return true;
}

static void fileio_file_release(fileio_file *f)
{
    free(f->shown);
    free(f->abs);
}

static bool fileio_same(const fileio_file *a, const fileio_file *b)
{
    if (a->exists && b->exists && a->dev == b->dev && a->ino == b->ino)
        return true;
    return a->abs && b->abs && strcmp(a->abs, b->abs) == 0;
}

static size_t fileio_slot_of(const fileio_files *fs, dev_t dev, ino_t ino)
{
    uint64_t h = ((uint64_t)dev * 0x9e3779b97f4a7c15u) ^ ((uint64_t)ino * 0xc2b2ae3d27d4eb4fu);
    size_t slot = (size_t)(h ^ (h >> 29)) & (fs->nslots - 1);
    while (fs->index[slot]) {
        const fileio_file *f = &fs->v[fs->index[slot] - 1];
        if (f->dev == dev && f->ino == ino)
            break;
        slot = (slot + 1) & (fs->nslots - 1);
    }
    return slot;
}

static void fileio_index_grow(fileio_files *fs)
{
    free(fs->index);
    fs->nslots = fs->nslots ? 2 * fs->nslots : 64;
    fs->index = mem_alloc(fs->nslots * sizeof *fs->index);
    for (size_t i = 0; i < fs->n; i++)
        if (fs->v[i].exists)
            fs->index[fileio_slot_of(fs, fs->v[i].dev, fs->v[i].ino)] = i + 1;
}

/* The existing file of that device and inode in fs, or NULL. */
static const fileio_file *fileio_find_existing(const fileio_files *fs, dev_t dev, ino_t ino)
{
    if (!fs->nslots)
        return NULL;
    size_t at = fs->index[fileio_slot_of(fs, dev, ino)];
    return at ? &fs->v[at - 1] : NULL;
}

static void fileio_files_add(fileio_files *fs, fileio_file f)
{
    if (fs->n == fs->cap) {
        fs->cap = fs->cap ? 2 * fs->cap : 16;
        fs->v = mem_realloc(fs->v, fs->cap * sizeof *fs->v);
    }
    fs->v[fs->n++] = f;
    if (2 * fs->n > fs->nslots)
        fileio_index_grow(fs);
    else if (f.exists)
        fs->index[fileio_slot_of(fs, f.dev, f.ino)] = fs->n;
}

static void fileio_files_clear(fileio_files *fs)
{
    for (size_t i = 0; i < fs->n; i++)
        fileio_file_release(&fs->v[i]);
    free(fs->v);
    free(fs->index);
    *fs = (fileio_files){NULL, 0, 0, NULL, 0};
}

static const fileio_file *fileio_find(const fileio_files *fs, const fileio_file *f)
{
    for (size_t i = 0; i < fs->n; i++)
        if (fileio_same(&fs->v[i], f))
            return &fs->v[i];
    return NULL;
}

/* "OPTION 'out' is the input 'in'" or "... is also OPTION2 'other'": the
 * option of an output or the kind of an input, "the output" or "the input"
 * when none names it. */
static void fileio_report_clash(const fileio_file *out, const fileio_file *other, bool is_input)
{
    if (is_input)
        diag_tool(DIAG_ERROR, "%s '%s' is %s '%s': refusing to overwrite it",
                  out->option ? out->option : "the output", out->shown,
                  other->option ? other->option : "the input", other->shown);
    else
        diag_tool(DIAG_ERROR, "%s '%s' is also %s '%s': refusing to write one file twice",
                  out->option ? out->option : "the output", out->shown,
                  other->option ? other->option : "the output", other->shown);
    fileio_guard.clash = true;
    /* The other outputs of an open run are not renamed into place either. */
    fileio_output_failed();
}

/* False (reported) when out is an input of the run; the lock is held. */
static bool fileio_not_an_input_locked(const fileio_file *out)
{
    const fileio_file *in = fileio_find(&fileio_guard.inputs, out);
    if (in)
        fileio_report_clash(out, in, true);
    return !in;
}

/* The errno of the first write to standard output that failed: printf does
 * not keep it, so the program's standard output is a stream over fd 1 that
 * records it (fileio_program_begin). */
static int fileio_stdout_errno;

static ssize_t fileio_stdout_write(void *cookie, const char *buf, size_t n)
{
    (void)cookie;
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(STDOUT_FILENO, buf + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (!fileio_stdout_errno)
                fileio_stdout_errno = w < 0 ? errno : EIO;
            return 0; /* the stream's error */
        }
        done += (size_t)w;
    }
    return (ssize_t)n;
}

static void fileio_watch_stdout(void)
{
    fflush(stdout);
    FILE *watched = fopencookie(NULL, "w", (cookie_io_functions_t){NULL, fileio_stdout_write,
                                                                    NULL, NULL});
    if (!watched)
        return;
    setvbuf(watched, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, BUFSIZ);
    stdout = watched;
}

void fileio_program_begin(void)
{
    fileio_watch_stdout();
    pthread_mutex_lock(&fileio_guard.lock);
    fileio_files_clear(&fileio_guard.inputs);
    fileio_files_clear(&fileio_guard.outputs);
    fileio_guard.on = true;
    fileio_guard.clash = false;
    pthread_mutex_unlock(&fileio_guard.lock);
    char *self = realpath("/proc/self/exe", NULL);
    fileio_file f;
    if (self && fileio_identify(self, fileio_own_executable, &f)) {
        pthread_mutex_lock(&fileio_guard.lock);
        fileio_files_add(&fileio_guard.inputs, f);
        pthread_mutex_unlock(&fileio_guard.lock);
    }
    free(self);
}

void fileio_note_input(const char *path)
{
    struct stat st;
    if (!path || !fileio_guard.on || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return;
    pthread_mutex_lock(&fileio_guard.lock);
    bool known = fileio_find_existing(&fileio_guard.inputs, st.st_dev, st.st_ino) != NULL;
    pthread_mutex_unlock(&fileio_guard.lock);
    fileio_file f;
    if (known || !fileio_identify(path, NULL, &f))
        return;
    pthread_mutex_lock(&fileio_guard.lock);
    if (fileio_find_existing(&fileio_guard.inputs, f.dev, f.ino))
        fileio_file_release(&f);
    else
        fileio_files_add(&fileio_guard.inputs, f);
    pthread_mutex_unlock(&fileio_guard.lock);
}

char **fileio_noted_under(const char *dir, size_t *n)
{
    size_t len = strlen(dir);
    pthread_mutex_lock(&fileio_guard.lock);
    const fileio_files *fs = &fileio_guard.inputs;
    char **out = mem_alloc((fs->n ? fs->n : 1) * sizeof *out);
    *n = 0;
    for (size_t i = 0; i < fs->n; i++) {
        const fileio_file *f = &fs->v[i];
        /* A kind says the file was read through this module, not noted. */
        if (!f->option && f->abs && !strncmp(f->abs, dir, len) && f->abs[len] == '/')
            out[(*n)++] = mem_strdup(f->abs);
    }
    pthread_mutex_unlock(&fileio_guard.lock);
    return out;
}

bool fileio_make_dirs(const char *option, const char *dir)
{
    char *d = mem_strdup(dir);
    bool ok = true;
    /* Each prefix ending before a '/', then the whole: a parent before its child. */
    for (char *p = d + (*d != '\0'); ok; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        struct stat st;
        if (stat(d, &st) != 0 && mkdir(d, 0777) != 0 && errno != EEXIST) {
            diag_tool(DIAG_ERROR, "%s '%s': cannot make directory '%s': %s", option, dir, d,
                      strerror(errno));
            ok = false;
        }
        *p = c;
        if (c == '\0')
            break;
    }
    free(d);
    return ok;
}

/* Claimed again under the same option and name, an output is the same claim. */
static bool fileio_claim_locked(fileio_file *f)
{
    if (!fileio_not_an_input_locked(f))
        return false;
    const fileio_file *other = fileio_find(&fileio_guard.outputs, f);
    if (other && other->option && f->option && !strcmp(other->option, f->option) &&
        !strcmp(other->shown, f->shown))
        return true;
    if (other) {
        fileio_report_clash(f, other, false);
        return false;
    }
    fileio_files_add(&fileio_guard.outputs, *f);
    f->shown = f->abs = NULL;
    return true;
}

bool fileio_claim_output(const char *option, const char *path)
{
    fileio_file f;
    if (!path || !fileio_identify(path, option, &f))
        return true;
    pthread_mutex_lock(&fileio_guard.lock);
    bool ok = fileio_claim_locked(&f);
    pthread_mutex_unlock(&fileio_guard.lock);
    fileio_file_release(&f);
    return ok;
}

bool fileio_output_writable(const char *option, const char *path)
{
    if (!path || !strcmp(path, "-"))
        return true;
    struct stat st;
    const char *why = NULL;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        why = "it is a directory";
    char *dir = mem_strdup(path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        strcpy(dir, ".");
    else
        slash[slash == dir] = '\0';
    if (!why && (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)))
        why = "its directory does not exist";
    else if (!why && access(dir, W_OK | X_OK) != 0)
        why = "its directory is not writable";
    if (why)
        diag_tool(DIAG_ERROR, "%s '%s': cannot write it: %s", option, path, why);
    free(dir);
    return why == NULL;
}

bool fileio_output_not_input(const char *option, const char *out, const char *const *inputs,
                             int n)
{
    if (!fileio_guard.on) {
        /* A library used outside a program: the inputs given are all there is. */
        for (int i = 0; out && strcmp(out, "-") != 0 && i < n; i++) {
            if (inputs[i] && fileio_same_file(out, inputs[i])) {
                diag_tool(DIAG_ERROR, "%s '%s' is the input '%s': refusing to overwrite it",
                          option, out, inputs[i]);
                return false;
            }
        }
        return true;
    }
    for (int i = 0; i < n; i++)
        fileio_note_input(inputs[i]);
    return fileio_claim_output(option, out);
}

/* A write of f, not an input: refused when f was written already in this
 * run; a claimed output is written once, an unclaimed one is noted (taking
 * f's strings). */
static bool fileio_note_write_locked(fileio_file *f)
{
    fileio_file *claim = NULL;
    for (size_t i = 0; i < fileio_guard.outputs.n; i++) {
        fileio_file *c = &fileio_guard.outputs.v[i];
        if (fileio_same(c, f) && (!claim || claim->written))
            claim = c;
    }
    if (claim && claim->written) {
        fileio_report_clash(f, claim, false);
        return false;
    }
    if (claim) {
        claim->written = true;
    } else {
        f->written = true;
        fileio_files_add(&fileio_guard.outputs, *f);
        f->shown = f->abs = NULL;
    }
    return true;
}

/* The check of each write (`writing`), and of a run's output again before
 * its rename (a header libclang opened after it was written): an input is
 * refused, and so is a second write of one file. */
static bool fileio_guard_check(const char *path, bool writing)
{
    fileio_file f;
    if (!fileio_guard.on || !fileio_identify(path, NULL, &f))
        return true;
    pthread_mutex_lock(&fileio_guard.lock);
    bool ok = fileio_not_an_input_locked(&f) && (!writing || fileio_note_write_locked(&f));
    pthread_mutex_unlock(&fileio_guard.lock);
    fileio_file_release(&f);
    return ok;
}

int fileio_program_end(int status, int usage)
{
    pthread_mutex_lock(&fileio_guard.lock);
    bool clash = fileio_guard.clash;
    fileio_files_clear(&fileio_guard.inputs);
    fileio_files_clear(&fileio_guard.outputs);
    fileio_guard.on = fileio_guard.clash = false;
    pthread_mutex_unlock(&fileio_guard.lock);
    errno = 0;
    bool failed = fflush(stdout) != 0;
    int err = fileio_stdout_errno ? fileio_stdout_errno : errno;
    fileio_stdout_errno = 0;
    if (failed || ferror(stdout)) {
        if (!fileio_stdout_reported)
            diag_tool(DIAG_ERROR, "writing standard output: %s",
                      err ? strerror(err) : "an earlier write failed");
        if (status == 0)
            status = 1;
    }
    fileio_stdout_reported = false;
    return clash ? usage : status;
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
    else if (S_ISFIFO(st.st_mode))
        problem = "it is a FIFO, not a file";
    else if (!S_ISREG(st.st_mode))
        problem = "it is not a regular file";
    else if (access(path, R_OK) != 0)
        problem = strerror(errno);
    if (problem) {
        diag_at(DIAG_ERROR, path, 1, 1, "cannot open %s: %s", what, problem);
        return false;
    }
    if ((unsigned long long)st.st_size > FILEIO_MAX_INPUT_BYTES) {
        fileio_too_large(path, what);
        return false;
    }
    fileio_note_input(path);
    return true;
}

char *fileio_read_text(const char *path, const char *what)
{
    bool is_stdin = strcmp(path, "-") == 0;
    if (!is_stdin && !fileio_check_input(path, what))
        return NULL;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        diag_at(DIAG_ERROR, path, 1, 1, "cannot open %s: %s", what, strerror(errno));
        return NULL;
    }
    strbuf text = STRBUF_INIT;
    char buf[4096];
    size_t n;
    /* Standard input has no size to check beforehand: it is cut off at the limit. */
    while ((n = fread(buf, 1, sizeof buf, f)) > 0 && text.len <= FILEIO_MAX_INPUT_BYTES)
        strbuf_appendn(&text, buf, n);
    bool read_ok = !ferror(f);
    if (!is_stdin)
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

bool fileio_one_stdin(const char *const *paths, const char *const *names, int n)
{
    int first = -1;
    for (int i = 0; i < n; i++) {
        if (!paths[i] || strcmp(paths[i], "-") != 0)
            continue;
        if (first >= 0) {
            diag_tool(DIAG_ERROR,
                      "standard input (-) is given for both %s and %s: it can be read once",
                      names[first], names[i]);
            return false;
        }
        first = i;
    }
    return true;
}

const char *fileio_basename(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}
