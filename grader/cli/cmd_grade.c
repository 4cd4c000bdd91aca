/*
 * cmd_grade.c - `grader grade EXERCISE REPORT`: one verdict, as text or JSON.
 */
#include <stdlib.h>
#include <string.h>

#include "cli_util.h"
#include "emit.h"
#include "grade.h"

int cmd_grade(int argc, char **argv)
{
	const char *format = "text", *args[2] = { NULL, NULL };
	size_t max = GR_DEFAULT_MAX_REPORT;
	int nargs = 0, all = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--format") && i + 1 < argc)
			format = argv[++i];
		else if (!strncmp(argv[i], "--format=", 9))
			format = argv[i] + 9;
		else if (!strcmp(argv[i], "--max-size") && i + 1 < argc) {
			if (cli_parse_size(argv[++i], &max) < 0)
				return cli_usage_error("grade", "--max-size wants a size such as 1048576 or 2M, not '%s'", argv[i]);
		} else if (!strcmp(argv[i], "--all"))
			all = 1;
		else if (!strcmp(argv[i], "--explain"))
			setenv("GRADER_EXPLAIN", "1", 1); /* read by gr_grade() */
		else if (argv[i][0] == '-' && argv[i][1])
			return cli_usage_error("grade", "unknown option '%s'", argv[i]);
		else if (nargs < 2)
			args[nargs++] = argv[i];
		else
			return cli_usage_error("grade", "too many arguments");
	}
	if (nargs != 2)
		return cli_usage_error("grade", "need an exercise and a report");
	if (strcmp(format, "text") && strcmp(format, "json"))
		return cli_usage_error("grade", "--format must be text or json, not '%s'", format);

	struct gr_exercise *ex = NULL;
	struct gr_scratch s = { 0 };
	struct gr_verdict v = { 0 };
	struct gr_error err = { 0 };
	int rc = cli_load_exercise(args[0], &ex);
	if (rc)
		return rc;
	if (gr_scratch_init(&s) < 0) {
		cli_error("out of memory");
		rc = GR_EXIT_USAGE;
		goto done;
	}
	if (gr_grade_file(&v, ex, args[1], max, &s, &err) < 0) {
		rc = cli_print_error(&err);
		goto done;
	}
	enum gr_audience who = all ? GR_FOR_INSTRUCTOR : GR_FOR_LEARNER;
	int wrc = !strcmp(format, "json") ? gr_emit_json(&v, who, stdout)
					  : gr_emit_text(&v, who, gr_want_color(stdout), stdout);
	if (wrc < 0 || fflush(stdout) == EOF) {
		cli_error("cannot write the verdict");
		rc = GR_EXIT_USAGE;
		goto done;
	}
	/* A learner's exit code follows what the learner can see. */
	int passed = 1;
	for (size_t i = 0; i < v.nresults; i++)
		if (who == GR_FOR_INSTRUCTOR || v.results[i].criterion->visibility != GR_HIDDEN)
			passed &= v.results[i].passed;
	rc = passed ? GR_EXIT_PASS : GR_EXIT_FAIL;
done:
	gr_verdict_free(&v);
	gr_error_clear(&err);
	gr_scratch_free(&s);
	gr_exercise_free(ex);
	return rc;
}
