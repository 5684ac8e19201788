// rusage-exec RESULT STDOUT STDERR PROGRAM [ARG...]
//
// Runs PROGRAM (stdin from /dev/null, stdout and stderr to the files given) and writes
// "wall_seconds cpu_seconds max_rss_kib exit_status" to RESULT.
//
// Why a helper: Linux keeps ru_maxrss across execve, so a child spawned straight from the
// benchmark (a process of a few hundred MiB) reports the benchmark's peak as its own. Forked from
// this small program, the child's peak RSS is its own (plus at most this helper's ~1 MiB).
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: rusage-exec RESULT STDOUT STDERR PROGRAM [ARG...]\n");
        return 2;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); return 3; }
    if (pid == 0) {
        int in = open("/dev/null", O_RDONLY);
        int out = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int err = open(argv[3], O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (in < 0 || out < 0 || err < 0) _exit(126);
        dup2(in, 0); dup2(out, 1); dup2(err, 2);
        execvp(argv[4], argv + 4);
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    while (wait4(pid, &status, 0, &usage) < 0) {}
    clock_gettime(CLOCK_MONOTONIC, &end);
    double wall = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    double cpu = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    FILE *result = fopen(argv[1], "w");
    if (!result) return 4;
    fprintf(result, "%.6f %.6f %ld %d\n", wall, cpu, usage.ru_maxrss, code);
    fclose(result);
    return 0;
}
