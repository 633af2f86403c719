#define _GNU_SOURCE
#include "ilgi_spawn.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

int ilgi_pipe(int ends[2]) { return pipe2(ends, O_CLOEXEC); }

int ilgi_spawn(pid_t *pid, const char *path, char *const arguments[], char *const environment[],
               const char *directory, int in, int out, int err) {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  sigset_t every, none;
  int result = posix_spawn_file_actions_init(&actions);
  if (result != 0) return result;
  result = posix_spawnattr_init(&attributes);
  if (result != 0) {
    posix_spawn_file_actions_destroy(&actions);
    return result;
  }
  posix_spawn_file_actions_adddup2(&actions, in, 0);
  posix_spawn_file_actions_adddup2(&actions, out, 1);
  posix_spawn_file_actions_adddup2(&actions, err, 2);
  posix_spawn_file_actions_addclosefrom_np(&actions, 3);
  if (directory != NULL) posix_spawn_file_actions_addchdir_np(&actions, directory);
  sigfillset(&every);
  sigemptyset(&none);
  posix_spawnattr_setsigdefault(&attributes, &every);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  result = posix_spawn(pid, path, &actions, &attributes, arguments, environment);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  return result;
}
