/*
 * cmd_list.c - `grader list`: the exercises, from every place `grade` looks.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_util.h"

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void list_dir(const char *dir, char ***seen, size_t *nseen)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct dirent *e;
	char *names[256];
	size_t n = 0;
	while ((e = readdir(d)) && n < 256) {
		size_t len = strlen(e->d_name);
		if (len > 5 && !strcmp(e->d_name + len - 5, ".yaml"))
			names[n++] = strndup(e->d_name, len - 5);
	}
	closedir(d);
	qsort(names, n, sizeof(char *), by_name);
	for (size_t i = 0; i < n; i++) {
		int dup = 0;
		for (size_t k = 0; k < *nseen; k++)
			dup |= !strcmp((*seen)[k], names[i]);
		char path[4096];
		snprintf(path, sizeof(path), "%s/%s.yaml", dir, names[i]);
		struct gr_exercise *ex;
		struct gr_error err = { 0 };
		if (dup) {
			free(names[i]);
			continue;
		}
		if (gr_exercise_load(&ex, path, &err) == 0) {
			printf("%-10s %s (%zu criteria)\n", ex->id, ex->title, ex->ncriteria);
			gr_exercise_free(ex);
		} else {
			printf("%-10s (broken: %s:%d: %s)\n", names[i], path, err.line, err.message);
			gr_error_clear(&err);
		}
		char **s = realloc(*seen, (*nseen + 1) * sizeof(char *));
		if (!s) {
			free(names[i]);
			continue;
		}
		*seen = s;
		(*seen)[(*nseen)++] = names[i];
	}
}

int cmd_list(int argc, char **argv)
{
	if (argc != 1)
		return cli_usage_error("list", "takes no arguments");
	char **seen = NULL;
	size_t nseen = 0;
	const char *env = getenv("GRADER_EXERCISES");
	list_dir("exercises", &seen, &nseen);
	if (env && *env)
		list_dir(env, &seen, &nseen);
	list_dir(GRADER_DATADIR "/exercises", &seen, &nseen);
	if (!nseen)
		cli_error("no exercises found in ./exercises/, $GRADER_EXERCISES or %s/exercises", GRADER_DATADIR);
	for (size_t i = 0; i < nseen; i++)
		free(seen[i]);
	free(seen);
	return nseen ? GR_EXIT_PASS : GR_EXIT_USAGE;
}
