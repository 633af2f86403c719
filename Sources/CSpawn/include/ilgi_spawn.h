#ifndef ILGI_SPAWN_H
#define ILGI_SPAWN_H

#include <sys/types.h>

/// A pipe whose two ends close on exec: `ends[0]` to read, `ends[1]` to write. 0, or -1 with
/// errno set.
int ilgi_pipe(int ends[2]);

/// Starts `path` with `arguments` and `environment` (NULL-ended), its standard input, output and
/// error made from `in`, `out` and `err`, in `directory` when not NULL. The child holds no other
/// descriptor of this process, blocks no signal and has every signal's default action. 0 with
/// `pid` set, or the system's error number.
int ilgi_spawn(pid_t *pid, const char *path, char *const arguments[], char *const environment[],
               const char *directory, int in, int out, int err);

#endif
