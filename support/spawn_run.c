/* spawn_run: another program run without a shell (spawn_run.h). */
#include "spawn_run.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "mem.h"

extern char **environ;

void spawn_push(spawn_argv *a, const char *s)
{
    if (a->n + 2 > a->cap) {
        a->cap = a->cap ? 2 * a->cap : 32;
        a->v = mem_realloc(a->v, a->cap * sizeof *a->v);
    }
    a->v[a->n++] = mem_strdup(s);
    a->v[a->n] = NULL;
}

void spawn_argv_free(spawn_argv *a)
{
    for (size_t i = 0; i < a->n; i++)
        free(a->v[i]);
    free(a->v);
    *a = (spawn_argv)SPAWN_ARGV_INIT;
}

static void spawn_redirect(posix_spawn_file_actions_t *fa, int fd, const char *path)
{
    if (path)
        posix_spawn_file_actions_addopen(fa, fd, path,
                                         fd == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC,
                                         0600);
}

int spawn_run(char *const *argv, const spawn_streams *streams, int *error)
{
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    if (streams) {
        spawn_redirect(&fa, 0, streams->in);
        spawn_redirect(&fa, 1, streams->out);
        spawn_redirect(&fa, 2, streams->err);
    }
    pid_t pid;
    int e = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (error)
        *error = e;
    if (e)
        return -1;
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}
