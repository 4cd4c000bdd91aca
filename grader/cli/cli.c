/*
 * cli.c - helpers every verb shares: diagnostics, loading an exercise by id
 * or path, and reading size options.
 */
#include "cli_util.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cli_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("grader: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

void cli_warn(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("grader: warning: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

int cli_print_error(const struct gr_error *err)
{
	fputs("grader: ", stderr);
	gr_error_print(err, stderr);
	return GR_EXIT_USAGE;
}

int cli_load_exercise(const char *arg, struct gr_exercise **out)
{
	char path[4096];
	struct gr_error err = { 0 };
	int rc = gr_exercise_find(arg, path, sizeof(path), &err);
	if (!rc)
		rc = gr_exercise_load(out, path, &err);
	if (rc) {
		cli_print_error(&err);
		gr_error_clear(&err);
		return GR_EXIT_USAGE;
	}
	return 0;
}

int cli_parse_size(const char *s, size_t *out)
{
	/* Whole bytes with an optional k/M/G suffix: no signs, fractions, NaN. */
	if (!isdigit((unsigned char)*s))
		return -1;
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	unsigned long long mult = 1;
	if (!strcasecmp(end, "k") || !strcasecmp(end, "kib") || !strcasecmp(end, "kb"))
		mult = 1024;
	else if (!strcasecmp(end, "m") || !strcasecmp(end, "mib") || !strcasecmp(end, "mb"))
		mult = 1024 * 1024;
	else if (!strcasecmp(end, "g") || !strcasecmp(end, "gib") || !strcasecmp(end, "gb"))
		mult = 1024ull * 1024 * 1024;
	else if (*end)
		return -1;
	if (errno || v == 0 || v > (unsigned long long)SIZE_MAX / mult || v * mult > (1ull << 32))
		return -1; /* at most 4 GiB: a report, not a disk image */
	*out = (size_t)(v * mult);
	return 0;
}
