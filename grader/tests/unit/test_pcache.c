/*
 * test_pcache.c - the compiled-pattern cache file (pcache.h): a second load
 * compiles nothing and grades exactly as the first; a damaged, foreign or
 * writable-by-others file is ignored and replaced; an edited exercise
 * compiles only what changed; GRADER_CACHE_DIR=off writes nothing; a
 * write removes the cache files no run has written for 30 days, and
 * nothing else. Compiling in the background (gr_pcache_defer) fills
 * every slot, twice-queued patterns with their own copies, and a pattern
 * that does not compile leaves nothing behind. The YAML document is kept
 * too (ydoc.h): a second load parses nothing and every line it records
 * (criteria, examples) reads the same; an edited file is parsed again.
 */
#include <dirent.h>
#include <stdlib.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "pcache.h"
#include "test_support.h"

static char dir[] = "/tmp/grader-pcache-test.XXXXXX";

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(dir))
		return -1;
	setenv("GRADER_CACHE_DIR", dir, 1);
	return gr_scratch_init(&scratch);
}

static int teardown(void **state)
{
	(void)state;
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[1024];
	while (d && (e = readdir(d)))
		if (e->d_name[0] != '.') {
			snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
			unlink(path);
		}
	if (d)
		closedir(d);
	rmdir(dir);
	gr_scratch_free(&scratch);
	return 0;
}

static struct gr_exercise *load_path(const char *path)
{
	struct gr_error err = { 0 };
	struct gr_exercise *ex = NULL;
	if (gr_exercise_load(&ex, path, &err))
		gr_error_print(&err, stderr);
	assert_non_null(ex);
	return ex;
}

static void cache_file(const char *exercise, char *out, size_t n)
{
	assert_int_equal(gr_pcache_file(exercise, out, n), 0);
	assert_memory_equal(out, dir, strlen(dir));
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *b = malloc((size_t)n + 1);
	assert_non_null(b);
	assert_int_equal(fread(b, 1, (size_t)n, f), (size_t)n);
	b[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return b;
}

static void spit(const char *path, const char *b, size_t len)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(b, 1, len, f), len);
	fclose(f);
}

/* Every criterion's verdict and the score, for reports that pass and fail
 * different criteria. */
static void grade_all(const struct gr_exercise *ex, char *out, size_t n)
{
	static const char *reports[] = { "solutions/part-a.md", "fixtures/part-a/001.md", "fixtures/part-a/017.md",
					 "fixtures/part-a/042.md", "fixtures/adversarial/001.md" };
	size_t k = 0;
	for (size_t i = 0; i < sizeof(reports) / sizeof(*reports); i++) {
		char path[512];
		size_t len;
		snprintf(path, sizeof(path), SOURCE_DIR "/%s", reports[i]);
		char *text = slurp(path, &len);
		struct gr_verdict v;
		struct gr_error err = { 0 };
		assert_int_equal(gr_grade_string(&v, ex, text, len, reports[i], &scratch, &err), 0);
		k += (size_t)snprintf(out + k, n - k, "%d:", v.score);
		for (size_t c = 0; c < v.nresults && k < n; c++)
			k += (size_t)snprintf(out + k, n - k, "%d", v.results[c].passed);
		gr_verdict_free(&v);
		free(text);
	}
}

static void test_second_load_reads(void **state)
{
	(void)state;
	char file[1024], first[512], second[512];
	const char *path = SOURCE_DIR "/exercises/part-a.yaml";
	cache_file(path, file, sizeof(file));
	unlink(file);
	struct gr_exercise *a = load_path(path);
	assert_true(a->compiled > 100); /* nothing kept yet */
	assert_false(a->yaml_kept);
	assert_int_equal(access(file, R_OK), 0);
	struct stat st;
	assert_int_equal(stat(file, &st), 0);
	assert_int_equal(st.st_mode & 077, 0); /* the user's alone */
	grade_all(a, first, sizeof(first));
	struct gr_exercise *b = load_path(path);
	assert_int_equal(b->compiled, 0);
	assert_true(b->yaml_kept);
	/* Lines come from the kept marks: the same as libyaml's. */
	assert_int_equal(a->ncriteria, b->ncriteria);
	for (size_t c = 0; c < a->ncriteria; c++) {
		assert_int_equal(a->criteria[c].line, b->criteria[c].line);
		assert_string_equal(a->criteria[c].fail, b->criteria[c].fail);
		assert_int_equal(a->criteria[c].nexamples, b->criteria[c].nexamples);
		for (size_t e = 0; e < a->criteria[c].nexamples; e++) {
			assert_int_equal(a->criteria[c].examples[e].line, b->criteria[c].examples[e].line);
			assert_string_equal(a->criteria[c].examples[e].text, b->criteria[c].examples[e].text);
		}
	}
	assert_string_equal(a->prompt, b->prompt);
	grade_all(b, second, sizeof(second));
	assert_string_equal(first, second);
	gr_patset_jit(&b->concepts[0].set); /* JIT over decoded codes works too */
	grade_all(b, second, sizeof(second));
	assert_string_equal(first, second);
	gr_exercise_free(a);
	gr_exercise_free(b);
}

/* A damaged file (one flipped byte, a cut) is not decoded: the load
 * compiles everything and writes a good file over it. */
static void test_damaged_file_ignored(void **state)
{
	(void)state;
	char file[1024];
	const char *path = SOURCE_DIR "/exercises/part-a.yaml";
	cache_file(path, file, sizeof(file));
	gr_exercise_free(load_path(path)); /* make sure it is there */
	for (int damage = 0; damage < 3; damage++) {
		size_t len;
		char *b = slurp(file, &len);
		if (damage == 0)
			b[len / 2] ^= 0x40;
		else if (damage == 1)
			len = len * 2 / 3;
		else
			b[3] = 'X'; /* not our magic */
		spit(file, b, len);
		free(b);
		struct gr_exercise *ex = load_path(path);
		assert_true(ex->compiled > 100);
		gr_exercise_free(ex);
		ex = load_path(path); /* rewritten whole */
		assert_int_equal(ex->compiled, 0);
		gr_exercise_free(ex);
	}
}

/* A file others may write could hold anything: PCRE2 would trust it. */
static void test_writable_by_others_ignored(void **state)
{
	(void)state;
	char file[1024];
	const char *path = SOURCE_DIR "/exercises/part-c.yaml";
	cache_file(path, file, sizeof(file));
	gr_exercise_free(load_path(path));
	assert_int_equal(chmod(file, 0666), 0);
	struct gr_exercise *ex = load_path(path);
	assert_true(ex->compiled > 50);
	gr_exercise_free(ex);
	struct stat st;
	assert_int_equal(stat(file, &st), 0);
	assert_int_equal(st.st_mode & 077, 0); /* replaced by one of ours */
}

/* Replace the first `from` in file path (text b, len n) with `to`. */
static void edit_file(const char *path, const char *b, size_t n, const char *from, const char *to)
{
	const char *at = strstr(b, from);
	assert_non_null(at);
	char edited[262144];
	assert_true(n + strlen(to) < sizeof(edited));
	snprintf(edited, sizeof(edited), "%.*s%s%s", (int)(at - b), b, to, at + strlen(from));
	spit(path, edited, strlen(edited));
}

/* An edited pattern misses and is compiled; nothing else is, whether it
 * lies in the exercise or in the library it includes. The file written
 * back (read codes and a fresh one together) serves the next load. */
static void test_edited_exercise(void **state)
{
	(void)state;
	char path[1024], file[1024], libdir[1024], lib[1100];
	size_t len, liblen;
	snprintf(path, sizeof(path), "%s/part-c.yaml", dir);
	char *yaml = slurp(SOURCE_DIR "/exercises/part-c.yaml", &len);
	spit(path, yaml, len);
	snprintf(libdir, sizeof(libdir), "%s/lib", dir); /* the patterns it includes */
	snprintf(lib, sizeof(lib), "%s/course.yaml", libdir);
	assert_int_equal(mkdir(libdir, 0700), 0);
	char *libyaml = slurp(SOURCE_DIR "/exercises/lib/course.yaml", &liblen);
	spit(lib, libyaml, liblen);
	cache_file(path, file, sizeof(file));
	struct gr_exercise *ex = load_path(path);
	assert_true(ex->compiled > 50);
	gr_exercise_free(ex);

	edit_file(lib, libyaml, liblen, "'\\bno\\s+need\\b'", "'\\bno\\s+need(?:ed)?\\b'");
	ex = load_path(path);
	assert_int_equal(ex->compiled, 1);
	assert_true(ex->yaml_kept); /* the exercise's own text has not changed */
	gr_exercise_free(ex);

	edit_file(path, yaml, len, "'\\bcutlass\\b'", "'\\bcutlass(?:es)?\\b'");
	ex = load_path(path);
	assert_int_equal(ex->compiled, 1);
	assert_false(ex->yaml_kept); /* another text: parsed */
	gr_exercise_free(ex);

	ex = load_path(path);
	assert_int_equal(ex->compiled, 0);
	assert_true(ex->yaml_kept);
	assert_true(passes_in(ex, "Next experiment: no need for flash attention; group by input shape to find the casts.",
			      "no-flash-attention"));
	gr_exercise_free(ex);
	free(yaml);
	free(libyaml);
	unlink(path);
	unlink(lib);
	rmdir(libdir);
}

static void test_off_writes_nothing(void **state)
{
	(void)state;
	char file[1024];
	const char *path = SOURCE_DIR "/exercises/stretch.yaml";
	cache_file(path, file, sizeof(file));
	unlink(file);
	setenv("GRADER_CACHE_DIR", "off", 1);
	char none[64];
	assert_int_equal(gr_pcache_file(path, none, sizeof(none)), -1);
	struct gr_exercise *ex = load_path(path);
	assert_true(ex->compiled > 0);
	gr_exercise_free(ex);
	setenv("GRADER_CACHE_DIR", dir, 1);
	assert_int_equal(access(file, F_OK), -1);
}

static void make_file(const char *name, long age_days)
{
	char path[1024];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	spit(path, "x", 1);
	struct timespec t[2];
	t[0].tv_sec = t[1].tv_sec = time(NULL) - age_days * 86400L;
	t[0].tv_nsec = t[1].tv_nsec = 0;
	assert_int_equal(utimensat(AT_FDCWD, path, t, 0), 0);
}

static int exists(const char *name)
{
	char path[1024];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return access(path, F_OK) == 0;
}

/* An exercise moved away leaves its file behind: the next write anywhere
 * in the folder removes it once it is a month old, and only it. */
static void test_stale_files_pruned(void **state)
{
	(void)state;
	char file[1024];
	const char *path = SOURCE_DIR "/exercises/stretch.yaml";
	cache_file(path, file, sizeof(file));
	unlink(file);
	make_file("patterns-00000000000000aa.bin", 40);        /* stale: removed */
	make_file("patterns-00000000000000bb.bin.Ab12Cd", 40); /* a killed save's leftover: removed */
	make_file("patterns-00000000000000cc.bin", 2);         /* recent: kept */
	make_file("notes.txt", 400);                           /* not ours: kept */
	make_file("patterns-xyz.bin", 400);                    /* not our name: kept */
	gr_exercise_free(load_path(path));
	assert_int_equal(access(file, F_OK), 0);
	assert_false(exists("patterns-00000000000000aa.bin"));
	assert_false(exists("patterns-00000000000000bb.bin.Ab12Cd"));
	assert_true(exists("patterns-00000000000000cc.bin"));
	assert_true(exists("notes.txt"));
	assert_true(exists("patterns-xyz.bin"));
	/* A warm load writes nothing, so it does not read the folder either. */
	make_file("patterns-00000000000000dd.bin", 40);
	struct gr_exercise *ex = load_path(path);
	assert_int_equal(ex->compiled, 0);
	gr_exercise_free(ex);
	assert_true(exists("patterns-00000000000000dd.bin"));
}

/* Within one load, a pattern compiled once is handed out as copies, each
 * its own to free (ASan and valgrind run this). */
static void test_copies_within_load(void **state)
{
	(void)state;
	struct gr_pcache *c = gr_pcache_new();
	assert_non_null(c);
	int code;
	PCRE2_SIZE off;
	pcre2_code *a = gr_pcache_compile(c, "\\bcasts?\\b", PCRE2_CASELESS, 1, &code, &off); /* lent */
	pcre2_code *b = gr_pcache_compile(c, "\\bcasts?\\b", PCRE2_CASELESS, 1, &code, &off); /* a copy */
	pcre2_code *other = gr_pcache_compile(c, "\\bcasts?\\b", 0, 0, &code, &off); /* other options: its own */
	assert_non_null(a);
	assert_non_null(b);
	assert_ptr_not_equal(a, b);
	assert_null(gr_pcache_compile(c, "(unclosed", 0, 0, &code, &off));
	assert_int_not_equal(code, 0);
	struct gr_pcache_stats st;
	gr_pcache_stats(c, &st);
	assert_int_equal(st.compiled, 3); /* a, other and the bad one */
	assert_int_equal(st.reused, 1);
	pcre2_match_data *md = pcre2_match_data_create(1, NULL);
	assert_true(pcre2_match(b, (PCRE2_SPTR) "CASTS", 5, 0, 0, md, NULL) > 0);
	assert_true(pcre2_match(other, (PCRE2_SPTR) "CASTS", 5, 0, 0, md, NULL) < 0);
	pcre2_match_data_free(md);
	gr_pcache_free(c); /* before a, which it borrows */
	pcre2_code_free(a);
	pcre2_code_free(b);
	pcre2_code_free(other);
}

/* Many patterns, so the worker (on a machine with two cores) takes some
 * while the test queues the rest; each compiled as asked. */
static void test_deferred_fills_slots(void **state)
{
	(void)state;
	struct gr_pcache *c = gr_pcache_new();
	assert_non_null(c);
	gr_pcache_defer(c);
	enum { N = 600 };
	static pcre2_code *slot[N + 2];
	static char src[N][32];
	int code;
	PCRE2_SIZE off;
	for (int i = 0; i < N; i++) {
		snprintf(src[i], sizeof(src[i]), "\\bword%d(?:s|ing)?\\b", i);
		assert_int_equal(gr_pcache_compile_later(c, src[i], PCRE2_CASELESS, &slot[i], &code, &off), 0);
	}
	/* queued twice: its own copy; already compiled: lent at once */
	assert_int_equal(gr_pcache_compile_later(c, src[7], PCRE2_CASELESS, &slot[N], &code, &off), 0);
	pcre2_code *now = gr_pcache_compile(c, "\\bnow\\b", 0, 1, &code, &off);
	assert_int_equal(gr_pcache_compile_later(c, "\\bnow\\b", 0, &slot[N + 1], &code, &off), 0);
	assert_non_null(slot[N + 1]);
	assert_int_equal(gr_pcache_finish(c), 0);
	pcre2_match_data *md = pcre2_match_data_create(1, NULL);
	char subject[32];
	for (int i = 0; i < N; i++) {
		assert_non_null(slot[i]);
		snprintf(subject, sizeof(subject), "a WORD%ding b", i);
		assert_true(pcre2_match(slot[i], (PCRE2_SPTR)subject, strlen(subject), 0, 0, md, NULL) > 0);
		snprintf(subject, sizeof(subject), "word%d", i + 1);
		assert_true(pcre2_match(slot[i], (PCRE2_SPTR)subject, strlen(subject), 0, 0, md, NULL) < 0);
	}
	assert_non_null(slot[N]);
	assert_ptr_not_equal(slot[N], slot[7]);
	assert_true(pcre2_match(slot[N], (PCRE2_SPTR) "word7s", 6, 0, 0, md, NULL) > 0);
	pcre2_match_data_free(md);
	struct gr_pcache_stats st;
	gr_pcache_stats(c, &st);
	assert_int_equal(st.compiled, N + 1); /* each once, and "now" */
	gr_pcache_free(c);
	for (int i = 0; i < N + 2; i++)
		pcre2_code_free(slot[i]);
	pcre2_code_free(now);
}

static void test_deferred_bad_pattern(void **state)
{
	(void)state;
	struct gr_pcache *c = gr_pcache_new();
	assert_non_null(c);
	gr_pcache_defer(c);
	pcre2_code *slot[3];
	int code;
	PCRE2_SIZE off;
	assert_int_equal(gr_pcache_compile_later(c, "good", 0, &slot[0], &code, &off), 0);
	assert_int_equal(gr_pcache_compile_later(c, "ab(c", 0, &slot[1], &code, &off), 0); /* known later */
	assert_int_equal(gr_pcache_compile_later(c, "good", 0, &slot[2], &code, &off), 0);
	assert_int_equal(gr_pcache_finish(c), -1);
	assert_null(slot[0]);
	assert_null(slot[1]);
	assert_null(slot[2]);
	/* Deferring stopped: the next bad pattern fails at once, as without. */
	pcre2_code *re;
	assert_int_equal(gr_pcache_compile_later(c, "ab(c", 0, &re, &code, &off), -1);
	assert_int_not_equal(code, 0);
	assert_int_equal(off, 4);
	gr_pcache_free(c);
}

int main(void)
{
	(void)load_part_a; /* test_support.h's fixtures: these tests load their own */
	(void)free_part_a;
	if (chdir(SOURCE_DIR))
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_second_load_reads),
		cmocka_unit_test(test_damaged_file_ignored),
		cmocka_unit_test(test_writable_by_others_ignored),
		cmocka_unit_test(test_edited_exercise),
		cmocka_unit_test(test_off_writes_nothing),
		cmocka_unit_test(test_stale_files_pruned),
		cmocka_unit_test(test_copies_within_load),
		cmocka_unit_test(test_deferred_fills_slots),
		cmocka_unit_test(test_deferred_bad_pattern),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
