#include "layout.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mem.h"
#include "strbuf.h"

/* The installation's directories relative to its prefix, and the way from
 * its bin directory up to the prefix (support/CMakeLists.txt sets them from
 * GNUInstallDirs). */
#if !defined(LAYOUT_BIN_TO_PREFIX) || !defined(LAYOUT_BINDIR) || !defined(LAYOUT_DATADIR) ||      \
    !defined(LAYOUT_LIBDIR) || !defined(LAYOUT_INCLUDEDIR)
#error "support/CMakeLists.txt defines the installation's directories"
#endif

static const char *const layout_dirs[] = {
    [LAYOUT_BIN] = LAYOUT_BINDIR,
    [LAYOUT_DATA] = LAYOUT_DATADIR,
    [LAYOUT_LIB] = LAYOUT_LIBDIR,
    [LAYOUT_INCLUDE] = LAYOUT_INCLUDEDIR,
};

/* A path made once, kept until exit so callers need not free it. */
typedef struct layout_made {
    struct layout_made *next;
    char path[];
} layout_made;

static struct {
    pthread_once_t once;
    pthread_mutex_t lock;
    char *prefix; /* the installation this program runs from; NULL: the build tree */
    layout_made *made;
} layout_state = {PTHREAD_ONCE_INIT, PTHREAD_MUTEX_INITIALIZER, NULL, NULL};

/* "" for the root, so that joined paths do not start with "//". */
static void layout_join(strbuf *sb, const char *dir, const char *name)
{
    strbuf_printf(sb, "%s/%s", strcmp(dir, "/") ? dir : "", name);
}

static void layout_find_prefix(void)
{
    char *self = realpath("/proc/self/exe", NULL);
    if (!self)
        return;
    *strrchr(self, '/') = '\0';
    strbuf up = STRBUF_INIT;
    layout_join(&up, *self ? self : "/", LAYOUT_BIN_TO_PREFIX);
    free(self);
    char *prefix = realpath(strbuf_cstr(&up), NULL);
    strbuf_release(&up);
    if (!prefix)
        return;
    strbuf data = STRBUF_INIT;
    layout_join(&data, prefix, LAYOUT_DATADIR);
    struct stat st;
    if (stat(strbuf_cstr(&data), &st) == 0 && S_ISDIR(st.st_mode))
        layout_state.prefix = prefix;
    else
        free(prefix);
    strbuf_release(&data);
}

/* The kept copy of path: found among those made, or added. */
static const char *layout_keep(const char *path)
{
    pthread_mutex_lock(&layout_state.lock);
    layout_made *m = layout_state.made;
    while (m && strcmp(m->path, path))
        m = m->next;
    if (!m) {
        size_t n = strlen(path) + 1;
        m = mem_alloc(sizeof *m + n);
        memcpy(m->path, path, n);
        m->next = layout_state.made;
        layout_state.made = m;
    }
    pthread_mutex_unlock(&layout_state.lock);
    return m->path;
}

const char *layout_path(layout_dir dir, const char *name, const char *built)
{
    pthread_once(&layout_state.once, layout_find_prefix);
    if (!layout_state.prefix)
        return built;
    strbuf sb = STRBUF_INIT;
    layout_join(&sb, layout_state.prefix, layout_dirs[dir]);
    if (name)
        strbuf_printf(&sb, "/%s", name);
    const char *kept = layout_keep(strbuf_cstr(&sb));
    strbuf_release(&sb);
    return kept;
}
