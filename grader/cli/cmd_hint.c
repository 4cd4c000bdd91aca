/*
 * cmd_hint.c - `grader hint EXERCISE [CRITERION]`: one more hint each time it
 * is asked, for a criterion the answer still fails. How many hints were shown
 * is kept in DIR/.progress (JSON: {"exercise": {"criterion": n}}), so hints
 * stay progressive across runs. Never prints a solution.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "cli_util.h"
#include "grade.h"

static const struct gr_result *pick(const struct gr_verdict *v, const char *want)
{
	for (size_t i = 0; i < v->nresults; i++) {
		const struct gr_result *r = &v->results[i];
		if (r->criterion->visibility == GR_HIDDEN)
			continue;
		if (want ? !strcmp(r->criterion->id, want) : !r->passed)
			return r;
	}
	return NULL;
}

int cmd_hint(int argc, char **argv)
{
	const char *dir = "answers", *args[2] = { NULL, NULL };
	int nargs = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--dir") && i + 1 < argc)
			dir = argv[++i];
		else if (argv[i][0] == '-')
			return cli_usage_error("hint", "unknown option '%s'", argv[i]);
		else if (nargs < 2)
			args[nargs++] = argv[i];
		else
			return cli_usage_error("hint", "too many arguments");
	}
	if (!nargs)
		return cli_usage_error("hint", "need an exercise");
	struct gr_exercise *ex;
	int rc = cli_load_exercise(args[0], &ex);
	if (rc)
		return rc;
	struct gr_scratch s = { 0 };
	struct gr_verdict v = { 0 };
	struct gr_error err = { 0 };
	json_t *progress = NULL;
	char answer[4096], ppath[4096];
	snprintf(answer, sizeof(answer), "%s/%s.md", dir, ex->id);
	snprintf(ppath, sizeof(ppath), "%s/.progress", dir);
	if (args[1] && gr_exercise_criterion(ex, args[1]) < 0) {
		rc = cli_usage_error("hint", "'%s' has no criterion '%s' (see 'grader grade %s %s')", ex->id, args[1],
				     ex->id, answer);
		goto done;
	}
	if (gr_scratch_init(&s) || gr_grade_file(&v, ex, answer, GR_DEFAULT_MAX_REPORT, &s, &err)) {
		if (err.message)
			cli_print_error(&err);
		cli_error("start with: grader new %s", ex->id);
		rc = GR_EXIT_USAGE;
		goto done;
	}
	const struct gr_result *r = pick(&v, args[1]);
	if (!r) {
		printf("Every criterion of %s passes: no hint needed.\n", ex->id);
		rc = GR_EXIT_PASS;
		goto done;
	}
	if (r->passed) {
		printf("'%s' already passes: %s\n", r->criterion->id, r->feedback);
		rc = GR_EXIT_PASS;
		goto done;
	}
	progress = json_load_file(ppath, 0, NULL);
	if (!json_is_object(progress)) {
		json_decref(progress);
		progress = json_object();
	}
	json_t *mine = json_object_get(progress, ex->id);
	if (!json_is_object(mine)) {
		mine = json_object();
		json_object_set_new(progress, ex->id, mine);
	}
	json_int_t shown = json_integer_value(json_object_get(mine, r->criterion->id));
	const struct gr_criterion *c = r->criterion;
	printf("%s - %s\n\n", c->id, c->title);
	if (c->nhints == 0 || (size_t)shown >= c->nhints) {
		printf("No more hints: read %s, then compare your answer with the feedback:\n  %s\n",
		       c->docs ? c->docs : "the docs", r->feedback);
	} else {
		for (json_int_t i = 0; i <= shown; i++)
			printf("Hint %lld/%zu: %s\n", (long long)i + 1, c->nhints, c->hints[i]);
		json_object_set_new(mine, c->id, json_integer(shown + 1));
		if (json_dump_file(progress, ppath, JSON_INDENT(2) | JSON_SORT_KEYS) < 0)
			cli_warn("could not save hint progress in '%s'", ppath);
		if ((size_t)shown + 1 < c->nhints)
			printf("\nAsk again for another hint: grader hint %s %s\n", ex->id, c->id);
	}
	rc = GR_EXIT_FAIL;
done:
	json_decref(progress);
	gr_verdict_free(&v);
	gr_error_clear(&err);
	gr_scratch_free(&s);
	gr_exercise_free(ex);
	return rc;
}
