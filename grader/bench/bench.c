/*
 * bench.c - `grader-bench`: the measurements behind `make bench`
 * (grader/scripts/bench.sh). Not a test: it prints figures, it asserts
 * nothing.
 *
 *   grader-bench load EXERCISE
 *       time to load the YAML and JIT-compile every pattern (best of 5)
 *   grader-bench loop EXERCISE SECONDS FILE...
 *       grade the files (held in memory) round-robin on one thread for
 *       SECONDS (0: one pass): reports per second of the engine alone
 *   grader-bench phases EXERCISE SECONDS FILE...
 *       microseconds per report spent in each stage of the loop: normalise,
 *       parse (fields, sentences, trigram index), analyse (every pattern
 *       scan, polarity), judge (rules, feedback, warnings)
 *   grader-bench gen FIXTURE_DIR OUT_DIR N [SEED]
 *       write N varied synthetic submissions built from the fixtures
 *   grader-bench rss COMMAND [ARGS...]
 *       run a command, print its wall time and peak RSS (getrusage)
 *   grader-bench create DIR N BYTES
 *       create N files of BYTES bytes in the new folder DIR, as bulk writes
 *       its feedback files: the filesystem's floor for one file per student
 *
 * The generator's variations are those a real class shows: the same answer
 * in other words (label decoration, bullet style, case), CRLF endings, a
 * BOM, smart quotes, extra prose before and after, a sentence dropped,
 * numbers restated. Deterministic for a seed, so runs compare.
 */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "exercise.h"
#include "grade.h"
#include "rule.h"
#include "text.h"

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static struct gr_exercise *load(const char *arg)
{
	char path[4096];
	struct gr_error err = { 0 };
	struct gr_exercise *ex = NULL;
	if (gr_exercise_find(arg, path, sizeof(path), &err) || gr_exercise_load(&ex, path, &err)) {
		fputs("grader-bench: ", stderr);
		gr_error_print(&err, stderr);
		gr_error_clear(&err);
		return NULL;
	}
	gr_exercise_jit(ex); /* "load + JIT": every pattern compiled, as a batch run would */
	return ex;
}

static int cmd_load(int argc, char **argv)
{
	if (argc < 3)
		return 2;
	double best = 1e9;
	for (int i = 0; i < 5; i++) {
		double t = now_s();
		struct gr_exercise *ex = load(argv[2]);
		t = now_s() - t;
		if (!ex)
			return 2;
		gr_exercise_free(ex);
		if (t < best)
			best = t;
	}
	printf("%.2f\n", best * 1e3);
	return 0;
}

/* The reports to time, read into memory once (an unreadable one is NULL
 * and skipped). Returns 0, or -1 out of memory. */
static int read_texts(char **paths, int n, char ***text, size_t **len)
{
	*text = calloc((size_t)n, sizeof(**text));
	*len = calloc((size_t)n, sizeof(**len));
	if (!*text || !*len)
		return -1;
	for (int i = 0; i < n; i++) {
		struct gr_error err = { 0 };
		if (gr_read_file(paths[i], GR_DEFAULT_MAX_REPORT, &(*text)[i], &(*len)[i], &err)) {
			(*text)[i] = NULL;
			gr_error_clear(&err);
		}
	}
	return 0;
}

static void free_texts(char **text, size_t *len, int n)
{
	for (int i = 0; text && i < n; i++)
		free(text[i]);
	free(text);
	free(len);
}

static int cmd_loop(int argc, char **argv)
{
	if (argc < 5)
		return 2;
	struct gr_exercise *ex = load(argv[2]);
	double secs = atof(argv[3]);
	int nfiles = argc - 4;
	char **text;
	size_t *len;
	struct gr_scratch s = { 0 };
	if (!ex || read_texts(argv + 4, nfiles, &text, &len) < 0 || gr_scratch_init(&s) < 0)
		return 2;
	size_t done = 0, bytes = 0;
	double t0 = now_s(), t = t0;
	do { /* SECONDS 0: one pass (instruction counts under callgrind) */
		for (int i = 0; i < nfiles; i++) {
			if (!text[i])
				continue;
			struct gr_verdict v;
			struct gr_error err = { 0 };
			if (gr_grade_string(&v, ex, text[i], len[i], argv[4 + i], &s, &err) == 0)
				gr_verdict_free(&v);
			gr_error_clear(&err);
			done++;
			bytes += len[i];
		}
		t = now_s();
	} while (t - t0 < secs);
	printf("%.0f %.1f\n", (double)done / (t - t0), (double)bytes / (double)done);
	free_texts(text, len, nfiles);
	gr_scratch_free(&s);
	gr_exercise_free(ex);
	return 0;
}

/* Each stage timed by running the pipeline up to it and subtracting: a
 * clock read around every stage of a 100-microsecond report would cost
 * more than some stages. */
static int cmd_phases(int argc, char **argv)
{
	if (argc < 5)
		return 2;
	struct gr_exercise *ex = load(argv[2]);
	double secs = atof(argv[3]) / 4;
	int nfiles = argc - 4;
	char **text;
	size_t *len;
	struct gr_scratch s = { 0 };
	if (!ex || read_texts(argv + 4, nfiles, &text, &len) < 0 || gr_scratch_init(&s) < 0)
		return 2;
	static const char *names[] = { "normalise", "parse", "analyse", "judge" };
	double us[4];
	for (int stage = 0; stage < 4; stage++) {
		size_t done = 0;
		double t0 = now_s(), t = t0;
		while (t - t0 < secs) {
			for (int i = 0; i < nfiles; i++) {
				if (!text[i])
					continue;
				struct gr_error err = { 0 };
				struct gr_text tx;
				struct gr_report r;
				struct gr_analysis a;
				struct gr_verdict v;
				done++;
				if (stage == 3) {
					if (gr_grade_string(&v, ex, text[i], len[i], argv[4 + i], &s, &err) == 0)
						gr_verdict_free(&v);
				} else if (gr_text_normalize(text[i], len[i], argv[4 + i], &tx, &err) == 0) {
					if (stage == 0) {
						gr_text_free(&tx);
					} else if (gr_report_parse(&r, ex, &tx, &s, &err) == 0) {
						if (stage == 2 && gr_analyse(&a, ex, &r, &s) == 0)
							gr_analysis_free(&a);
						gr_report_free(&r);
					}
				}
				gr_error_clear(&err);
			}
			t = now_s();
		}
		us[stage] = (t - t0) * 1e6 / (double)done;
	}
	double total = us[3];
	for (int stage = 3; stage > 0; stage--)
		us[stage] -= us[stage - 1];
	for (int stage = 0; stage < 4; stage++)
		printf("%-10s %6.1f us/report %5.1f%%\n", names[stage], us[stage], 100 * us[stage] / total);
	printf("%-10s %6.1f us/report (%.0f reports/s)\n", "total", total, 1e6 / total);
	free_texts(text, len, nfiles);
	gr_scratch_free(&s);
	gr_exercise_free(ex);
	return 0;
}

/* xorshift64*: a seeded generator, the same stream on every libc. */
static uint64_t rng_state;
static uint32_t rnd(uint32_t n)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (uint32_t)((rng_state * 2685821657736338717ull) >> 33) % (n ? n : 1);
}

static const char *openers[] = {
	"",
	"Here is my triage of the profile.\n\n",
	"# Part A report\n\n",
	"Notes after reading the table twice.\n\n",
	"I ran through the table with my lab partner before writing this.\n\n",
};
static const char *closers[] = {
	"",
	"\nThanks for reading.\n",
	"\nI am not fully sure about the second hypothesis.\n",
	"\n(Written after re-reading the profiler docs.)\n",
	"\nQuestion for the TA: does record_shapes slow the run much?\n",
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One variant of src into b. */
static void vary(struct gr_buf *b, const char *src, size_t len, int k)
{
	int crlf = rnd(4) == 0, bom = rnd(10) == 0, smart = rnd(3) == 0, bold = rnd(3) == 0, lower = rnd(5) == 0;
	int drop = rnd(6) == 0 ? (int)rnd(12) + 1 : -1, star = rnd(3) == 0;
	if (bom)
		gr_buf_puts(b, "\xEF\xBB\xBF");
	gr_buf_puts(b, openers[rnd(sizeof(openers) / sizeof(*openers))]);
	int line = 0;
	const char *p = src, *end = src + len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		line++;
		if (line != drop) {
			const char *colon = memchr(p, ':', n);
			size_t lab = colon ? (size_t)(colon - p) : 0;
			int labelled = colon && lab > 2 && lab < 24 && p[0] != '-' && p[0] != ' ';
			size_t i = 0;
			if (star && n > 2 && p[0] == '-' && p[1] == ' ') {
				gr_buf_puts(b, "* ");
				i = 2;
			}
			if (labelled && bold) {
				gr_buf_puts(b, "**");
				gr_buf_add(b, p, lab + 1);
				gr_buf_puts(b, "**");
				i = lab + 1;
			}
			for (; i < n; i++) {
				char c = p[i];
				if (smart && c == '\'')
					gr_buf_puts(b, "\xE2\x80\x99");
				else if (lower && labelled && i < lab && c >= 'A' && c <= 'Z')
					gr_buf_putc(b, (char)(c + 32));
				else
					gr_buf_putc(b, c);
			}
			if (crlf)
				gr_buf_putc(b, '\r');
			gr_buf_putc(b, '\n');
		}
		p = nl ? nl + 1 : end;
	}
	gr_buf_puts(b, closers[rnd(sizeof(closers) / sizeof(*closers))]);
	gr_buf_printf(b, "\n<!-- submission %d -->\n", k);
}

static int cmd_gen(int argc, char **argv)
{
	if (argc < 5)
		return 2;
	const char *in = argv[2], *out = argv[3];
	long n = atol(argv[4]);
	rng_state = argc > 5 ? strtoull(argv[5], NULL, 10) | 1 : 0x9E3779B97F4A7C15ull;
	DIR *d = opendir(in);
	if (!d) {
		fprintf(stderr, "grader-bench: cannot open '%s': %s\n", in, strerror(errno));
		return 2;
	}
	char **names = NULL;
	size_t nn = 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		size_t l = strlen(de->d_name);
		if (l > 3 && !strcmp(de->d_name + l - 3, ".md") && strcmp(de->d_name, "notes.md")) {
			names = realloc(names, (nn + 1) * sizeof(*names));
			names[nn++] = strdup(de->d_name);
		}
	}
	closedir(d);
	if (!nn)
		return 2;
	qsort(names, nn, sizeof(*names), cmp_str);
	char **text = calloc(nn, sizeof(*text));
	size_t *len = calloc(nn, sizeof(*len));
	for (size_t i = 0; i < nn; i++) {
		char path[4096];
		struct gr_error err = { 0 };
		snprintf(path, sizeof(path), "%s/%s", in, names[i]);
		if (gr_read_file(path, GR_DEFAULT_MAX_REPORT, &text[i], &len[i], &err))
			gr_error_clear(&err);
	}
	if (mkdir(out, 0755) < 0 && errno != EEXIST) {
		fprintf(stderr, "grader-bench: cannot create '%s': %s\n", out, strerror(errno));
		return 2;
	}
	struct gr_buf b = { 0 };
	for (long k = 0; k < n; k++) {
		size_t i = rnd((uint32_t)nn);
		if (!text[i])
			continue;
		gr_buf_reset(&b);
		vary(&b, text[i], len[i], (int)k);
		char path[4096];
		snprintf(path, sizeof(path), "%s/s%06ld.md", out, k);
		FILE *f = fopen(path, "w");
		if (!f || fwrite(b.data, 1, b.len, f) != b.len || fclose(f) == EOF) {
			fprintf(stderr, "grader-bench: cannot write '%s'\n", path);
			return 2;
		}
	}
	gr_buf_free(&b);
	for (size_t i = 0; i < nn; i++) {
		free(names[i]);
		free(text[i]);
	}
	free(names);
	free(text);
	free(len);
	return 0;
}

static int cmd_rss(int argc, char **argv)
{
	if (argc < 3)
		return 2;
	double t = now_s();
	pid_t pid = fork();
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		_exit(127);
	}
	int status;
	struct rusage ru;
	if (pid < 0 || wait4(pid, &status, 0, &ru) < 0)
		return 2;
	t = now_s() - t;
	printf("%.6f %ld\n", t, ru.ru_maxrss); /* seconds, KiB */
	return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}

static int cmd_create(int argc, char **argv)
{
	if (argc < 5)
		return 2;
	long n = atol(argv[3]), bytes = atol(argv[4]);
	char *buf = malloc(bytes > 0 ? (size_t)bytes : 1);
	if (!buf || mkdir(argv[2], 0755) < 0) {
		perror(argv[2]);
		free(buf);
		return 2;
	}
	memset(buf, 'x', bytes > 0 ? (size_t)bytes : 1);
	double t = now_s();
	for (long i = 0; i < n; i++) {
		char path[4096];
		snprintf(path, sizeof(path), "%s/s%06ld.md", argv[2], i);
		FILE *f = fopen(path, "w");
		if (!f || fwrite(buf, 1, (size_t)bytes, f) != (size_t)bytes || fclose(f)) {
			perror(path);
			free(buf);
			return 2;
		}
	}
	printf("%.3f\n", now_s() - t);
	free(buf);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "load"))
		return cmd_load(argc, argv);
	if (argc >= 2 && !strcmp(argv[1], "loop"))
		return cmd_loop(argc, argv);
	if (argc >= 2 && !strcmp(argv[1], "phases"))
		return cmd_phases(argc, argv);
	if (argc >= 2 && !strcmp(argv[1], "gen"))
		return cmd_gen(argc, argv);
	if (argc >= 2 && !strcmp(argv[1], "rss"))
		return cmd_rss(argc, argv);
	if (argc >= 2 && !strcmp(argv[1], "create"))
		return cmd_create(argc, argv);
	fputs("usage: grader-bench load EXERCISE | loop EXERCISE SECONDS FILE... |\n"
	      "                    phases EXERCISE SECONDS FILE... |\n"
	      "                    gen FIXTURE_DIR OUT_DIR N [SEED] | rss COMMAND [ARGS...] |\n"
	      "                    create DIR N BYTES\n",
	      stderr);
	return 2;
}
