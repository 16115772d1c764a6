/* Running a program of the in-core model: support/spawn_run.c, an argument vector (never a
 * shell), its output into files of a private directory that is removed afterwards. */
#include "incore_run.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "spawn_run.h"

char *incore_run_make_dir(const char *purpose, strbuf *why)
{
    const char *tmp = getenv("TMPDIR");
    strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "%s/aitool-%s-XXXXXX", tmp && *tmp ? tmp : "/tmp", purpose);
    char *dir = strbuf_take(&sb);
    if (!mkdtemp(dir)) {
        strbuf_printf(why, "cannot make a temporary directory for the %s: %s", purpose,
                      strerror(errno));
        free(dir);
        return NULL;
    }
    return dir;
}

void incore_run_remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        const struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            char *path = incore_run_path(dir, e->d_name);
            unlink(path);
            free(path);
        }
        closedir(d);
    }
    rmdir(dir);
}

char *incore_run_path(const char *dir, const char *name)
{
    strbuf sb = STRBUF_INIT;
    strbuf_printf(&sb, "%s/%s", dir, name);
    return strbuf_take(&sb);
}

int incore_run(char *const *argv, const char *out, const char *err, int *spawn_error)
{
    int rc = spawn_run(argv, &(spawn_streams){"/dev/null", out, err}, spawn_error);
    /* started but not waited for: a failure, not one that says why it could not start */
    return rc < 0 && !*spawn_error ? 128 : rc;
}

bool incore_run_read(const char *path, strbuf *text)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        strbuf_appendn(text, buf, n);
    bool ok = !ferror(f);
    fclose(f);
    return ok;
}

void incore_run_messages(const char *err, strbuf *why)
{
    size_t start = why->len;
    incore_run_read(err, why);
    while (why->len > start && (why->s[why->len - 1] == '\n' || why->s[why->len - 1] == ' '))
        why->s[--why->len] = '\0';
}
