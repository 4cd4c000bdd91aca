/*
 * cmd_new.c - `grader new EXERCISE`: an answer file to fill in. The prompt
 * goes in an HTML comment, which the grader ignores, so the learner can keep
 * it there while writing.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_util.h"

static void write_answer(FILE *f, const struct gr_exercise *ex)
{
	fprintf(f, "<!--\n%s\n\n", ex->title);
	/* "--" would close the comment early; the prompt never needs it. */
	for (const char *p = ex->prompt; *p; p++) {
		if (p[0] == '-' && p[1] == '-' && p[2] == '>')
			fputs("- ->", f), p += 2;
		else
			fputc(*p, f);
	}
	fprintf(f, "\nSee the table with: grader show %s\nCheck your answer with: make check\n-->\n\n", ex->id);
	for (size_t i = 0; i < ex->nfields; i++)
		fprintf(f, "%s:\n", ex->fields[i].label);
	for (size_t i = 0; i < ex->nsections; i++) {
		const struct gr_section *s = &ex->sections[i];
		if (i == 0)
			fputc('\n', f);
		if (s->number)
			fprintf(f, "%d. %s\n\n", s->number, s->title ? s->title : s->id);
		else
			fprintf(f, "%s:\n\n", s->title ? s->title : s->id);
	}
}

int cmd_new(int argc, char **argv)
{
	const char *dir = "answers", *id = NULL;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--dir") && i + 1 < argc)
			dir = argv[++i];
		else if (argv[i][0] == '-')
			return cli_usage_error("new", "unknown option '%s'", argv[i]);
		else if (!id)
			id = argv[i];
		else
			return cli_usage_error("new", "too many arguments");
	}
	if (!id)
		return cli_usage_error("new", "need an exercise");
	struct gr_exercise *ex;
	int rc = cli_load_exercise(id, &ex);
	if (rc)
		return rc;
	char path[4096];
	snprintf(path, sizeof(path), "%s/%s.md", dir, ex->id);
	if (mkdir(dir, 0777) < 0 && errno != EEXIST) {
		cli_error("cannot create '%s': %s", dir, strerror(errno));
		gr_exercise_free(ex);
		return GR_EXIT_USAGE;
	}
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0) {
		if (errno == EEXIST)
			cli_error("'%s' already exists: it is your answer, so it was left alone", path);
		else
			cli_error("cannot create '%s': %s", path, strerror(errno));
		gr_exercise_free(ex);
		return GR_EXIT_USAGE;
	}
	FILE *f = fdopen(fd, "w");
	write_answer(f, ex);
	rc = fclose(f) ? GR_EXIT_USAGE : GR_EXIT_PASS;
	if (rc)
		cli_error("cannot write '%s'", path);
	else
		printf("wrote %s: fill in the fields, then run 'make check'\n", path);
	gr_exercise_free(ex);
	return rc;
}
