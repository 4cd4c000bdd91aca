/*
 * cmd_gradescope.c - `grader gradescope EXERCISE`: run as a Gradescope
 * autograder (https://gradescope-autograders.readthedocs.io/en/latest/specs/).
 *
 * Gradescope unpacks the student's upload into /autograder/submission and
 * reads /autograder/results/results.json. The upload may be one file, a zip
 * or a repository, so the report is found rather than named: EXERCISE.md
 * anywhere in the tree (answers/part-a.md in a workbook clone), else the one
 * *.md / *.txt file there is. Each criterion becomes one test with its
 * points, its feedback as output and its visibility (visible, hidden,
 * after_due_date), so hidden criteria stay hidden from students.
 *
 * A submission that cannot be graded still gets a results.json that tells
 * the student why (score 0, every test failed): Gradescope shows an
 * autograder failure otherwise, which teaches nothing.
 */
#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli_util.h"
#include "grade.h"

#define MAX_DEPTH 6     /* folders below the submission root searched */
#define MAX_FILES 10000 /* entries visited: a submission is not a file system */

struct found {
	char *named;     /* EXERCISE.md (shallowest, then first by path) */
	int named_depth;
	char **any;      /* every *.md / *.txt, for "the one report" */
	size_t nany;
	size_t visited;
};

static int report_ext(const char *name)
{
	size_t n = strlen(name);
	return (n > 3 && !strcasecmp(name + n - 3, ".md")) || (n > 4 && !strcasecmp(name + n - 4, ".txt"));
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Walk dir (no symlinks followed, hidden entries skipped). Returns 0 or
 * GR_ENOMEM. */
static int walk(struct found *f, const char *dir, const char *want, int depth)
{
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	char **names = NULL;
	size_t n = 0;
	struct dirent *de;
	int rc = 0;
	while ((de = readdir(d)) && f->visited < MAX_FILES) {
		if (de->d_name[0] == '.' || !strcmp(de->d_name, "__MACOSX"))
			continue;
		f->visited++;
		char **g = realloc(names, (n + 1) * sizeof(*g));
		if (!g || !(g[n] = strdup(de->d_name))) {
			names = g ? g : names;
			rc = GR_ENOMEM;
			break;
		}
		names = g;
		n++;
	}
	closedir(d);
	if (n > 1)
		qsort(names, n, sizeof(*names), cmp_str); /* the same choice on every machine */
	for (size_t i = 0; i < n && !rc; i++) {
		char *path;
		struct stat st;
		if (asprintf(&path, "%s/%s", dir, names[i]) < 0) {
			rc = GR_ENOMEM;
			break;
		}
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode) && depth < MAX_DEPTH) {
			rc = walk(f, path, want, depth + 1);
		} else if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) && report_ext(names[i])) {
			if (!strcasecmp(names[i], want) && (!f->named || depth < f->named_depth)) {
				free(f->named);
				f->named = strdup(path);
				f->named_depth = depth;
			}
			char **g = realloc(f->any, (f->nany + 1) * sizeof(*g));
			if (!g) {
				rc = GR_ENOMEM;
			} else {
				f->any = g;
				f->any[f->nany++] = path;
				path = NULL;
			}
		}
		free(path);
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

static void found_free(struct found *f)
{
	free(f->named);
	for (size_t i = 0; i < f->nany; i++)
		free(f->any[i]);
	free(f->any);
}

static const char *visibility(enum gr_visibility v)
{
	switch (v) {
	case GR_HIDDEN: return "hidden";
	case GR_AFTER_DUE_DATE: return "after_due_date";
	case GR_VISIBLE: break;
	}
	return "visible";
}

static double elapsed(const struct timespec *t0)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

/* One test per criterion. v NULL: not graded, every test failed with why. */
static json_t *tests(const struct gr_exercise *ex, const struct gr_verdict *v, const char *why)
{
	json_t *arr = json_array();
	for (size_t i = 0; arr && i < ex->ncriteria; i++) {
		const struct gr_criterion *c = &ex->criteria[i];
		const struct gr_result *r = v ? &v->results[i] : NULL;
		char *name = NULL, *out = NULL, num[24];
		snprintf(num, sizeof(num), "%zu", i + 1);
		int k = asprintf(&name, "%s (%s)", c->title, c->id);
		if (k >= 0) {
			if (!r)
				k = asprintf(&out, "Not graded: %s", why);
			else if (r->line && r->evidence)
				k = asprintf(&out, "%s\n\nline %d: %s", r->feedback, r->line, r->evidence);
			else
				k = asprintf(&out, "%s", r->feedback);
		}
		json_t *t = k < 0 ? NULL
				  : json_pack("{s:s, s:s, s:f, s:f, s:s, s:s, s:s}", "name", name, "number", num, "score",
					      r ? (double)r->points : 0.0, "max_score", (double)c->points, "status",
					      r && r->passed ? "passed" : "failed", "output", out, "visibility",
					      visibility(c->visibility));
		free(name);
		if (k >= 0)
			free(out);
		if (!t || json_array_append_new(arr, t) < 0) {
			json_decref(arr);
			return NULL;
		}
	}
	return arr;
}

static char *summary(const struct gr_verdict *v, const char *report)
{
	char *s = NULL;
	int npass = 0;
	for (size_t i = 0; i < v->nresults; i++)
		npass += v->results[i].passed;
	size_t len = 0;
	FILE *m = open_memstream(&s, &len);
	if (!m)
		return NULL;
	fprintf(m, "Graded %s: %d/%d points, %d of %zu criteria met.", report, v->score, v->max_score, npass,
		v->nresults);
	for (size_t i = 0; i < v->nwarnings; i++)
		fprintf(m, "%s- %s", i ? "\n" : "\n\nNotes:\n", v->warnings[i]);
	fclose(m);
	return s;
}

/* Write o to path through a temporary file in the same folder. */
static int write_atomic(json_t *o, const char *path)
{
	char tmp[PATH_MAX], dir[PATH_MAX];
	snprintf(dir, sizeof(dir), "%s", path);
	char *slash = strrchr(dir, '/');
	if (slash && slash != dir) {
		*slash = '\0';
		if (mkdir(dir, 0755) < 0 && errno != EEXIST)
			return -1;
	}
	if (snprintf(tmp, sizeof(tmp), "%s.tmp-%ld", path, (long)getpid()) >= (int)sizeof(tmp)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	FILE *f = fopen(tmp, "w");
	if (!f)
		return -1;
	int rc = json_dumpf(o, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	if (fputc('\n', f) == EOF || fflush(f) == EOF || fsync(fileno(f)) < 0)
		rc = -1;
	if (fclose(f) == EOF)
		rc = -1;
	if (rc == 0 && rename(tmp, path) < 0)
		rc = -1;
	if (rc)
		unlink(tmp);
	return rc;
}

int cmd_gradescope(int argc, char **argv)
{
	const char *exarg = NULL, *subdir = "/autograder/submission", *results = "/autograder/results/results.json";
	size_t max = GR_DEFAULT_MAX_REPORT;
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--submission") && i + 1 < argc)
			subdir = argv[++i];
		else if (!strncmp(argv[i], "--submission=", 13))
			subdir = argv[i] + 13;
		else if (!strcmp(argv[i], "--results") && i + 1 < argc)
			results = argv[++i];
		else if (!strncmp(argv[i], "--results=", 10))
			results = argv[i] + 10;
		else if (!strcmp(argv[i], "--max-size") && i + 1 < argc) {
			if (cli_parse_size(argv[++i], &max) < 0)
				return cli_usage_error("gradescope", "--max-size wants a size such as 1048576 or 2M, not '%s'",
						       argv[i]);
		} else if (argv[i][0] == '-' && argv[i][1])
			return cli_usage_error("gradescope", "unknown option '%s'", argv[i]);
		else if (!exarg)
			exarg = argv[i];
		else
			return cli_usage_error("gradescope", "too many arguments");
	}
	if (!exarg)
		return cli_usage_error("gradescope", "need an exercise");

	struct gr_exercise *ex = NULL;
	struct gr_scratch s = { 0 };
	struct gr_verdict v = { 0 };
	struct gr_error err = { 0 };
	struct found f = { 0 };
	json_t *o = NULL, *t = NULL;
	char *why = NULL, *out = NULL, want[256];
	const char *report = NULL;
	int rc = cli_load_exercise(exarg, &ex), graded = 0;
	if (rc)
		return rc;
	rc = GR_EXIT_USAGE;
	if (gr_scratch_init(&s) < 0)
		goto oom;
	snprintf(want, sizeof(want), "%s.md", ex->id);
	struct stat st;
	if (stat(subdir, &st) < 0) {
		cli_error("cannot open the submission folder '%s': %s", subdir, strerror(errno));
		goto done;
	}
	if (!S_ISDIR(st.st_mode)) {
		cli_error("cannot open the submission folder '%s': not a folder", subdir);
		goto done;
	}
	if (walk(&f, subdir, want, 0) < 0)
		goto oom;
	report = f.named ? f.named : f.nany == 1 ? f.any[0] : NULL;
	if (!report) {
		int k = f.nany == 0 ? asprintf(&why, "no report found: upload your report as %s (a Markdown file)", want)
				    : asprintf(&why, "%zu Markdown/text files and none named %s: upload one report, named %s",
					       f.nany, want, want);
		if (k < 0)
			goto oom;
	} else if (gr_grade_file(&v, ex, report, max, &s, &err) < 0) {
		if (asprintf(&why, "%s", err.message ? err.message : "the report cannot be read") < 0)
			goto oom;
	} else {
		graded = 1;
	}
	const char *shown = report && !strncmp(report, subdir, strlen(subdir)) && report[strlen(subdir)] == '/'
				    ? report + strlen(subdir) + 1
				    : report;
	if (graded)
		out = summary(&v, shown);
	else if (asprintf(&out, "Your submission could not be graded: %s.", why) < 0)
		out = NULL;
	t = tests(ex, graded ? &v : NULL, why);
	if (!out || !t)
		goto oom;
	o = json_pack("{s:f, s:f, s:i, s:s, s:o}", "score", graded ? (double)v.score : 0.0, "max_score",
		      (double)ex->max_points, "execution_time", (json_int_t)ceil(elapsed(&t0)), "output", out, "tests", t);
	t = NULL;
	if (!o)
		goto oom;
	if (write_atomic(o, results) < 0) {
		cli_error("cannot write '%s': %s", results, strerror(errno));
		goto done;
	}
	if (graded)
		printf("graded '%s': %d/%d, results in %s\n", shown, v.score, v.max_score, results);
	else
		printf("not graded: %s; results in %s\n", why, results);
	rc = graded ? GR_EXIT_PASS : GR_EXIT_FAIL;
	goto done;
oom:
	cli_error("out of memory");
done:
	json_decref(o);
	json_decref(t);
	free(why);
	free(out);
	found_free(&f);
	gr_verdict_free(&v);
	gr_error_clear(&err);
	gr_scratch_free(&s);
	gr_exercise_free(ex);
	return rc;
}
