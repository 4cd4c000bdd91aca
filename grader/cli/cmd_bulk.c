/*
 * cmd_bulk.c - `grader bulk EXERCISE DIR --out OUT`: a class folder graded
 * into a gradebook CSV, a JSONL of verdicts, a feedback file per student and
 * a cohort summary page.
 *
 * Shape of a run:
 *   1. scan DIR: every *.md / *.txt file (student = stem) and every folder
 *      (student = folder name, its one report inside); symlinks that lead
 *      outside DIR are skipped with a warning; ids are sanitised and made
 *      unique, then sorted;
 *   2. N worker threads claim submissions in id order, read, grade and format
 *      them (CSV row, JSONL line, feedback file written straight away);
 *   3. this thread writes rows and lines strictly in id order from a window of
 *      finished slots, so the output bytes never depend on -j and memory
 *      stays flat however large the class;
 *   4. everything is written under OUT/.bulk-tmp-<pid>/ and renamed into place
 *      at the end (the feedback folder swapped atomically with
 *      renameat2(RENAME_EXCHANGE)): an interrupted run leaves the previous
 *      complete outputs.
 * A submission that cannot be graded (binary, oversize, unreadable, no
 * report in its folder) becomes an error row; it never stops the batch.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "cli_util.h"
#include "emit_batch.h"
#include "grade.h"

#define MAX_JOBS 256          /* -j upper bound */
#define SLOTS_PER_JOB 64      /* finished-but-unwritten results per worker */
#define CHUNK 16              /* submissions a worker claims at once */
#define PROGRESS_NS 100000000 /* redraw the progress bar at most every 100 ms */
#define TMP_PREFIX ".bulk-tmp-"

/* One submission found in DIR. */
struct sub {
	char *raw;    /* the entry's name in DIR, as found */
	char *id;     /* sanitised, unique: the CSV key and the feedback file name */
	char *path;   /* the file to grade, or NULL when error is set */
	char *report; /* "report" in the JSON: the path relative to DIR */
	char *error;  /* found while scanning (empty folder...), or NULL */
	int regular;  /* the directory listed path as a regular file (no symlink) */
};

struct sublist {
	struct sub *v;
	size_t n, cap;
};

/* A graded (or refused) submission waiting to be written in order. */
struct slot {
	int done;
	int failed;              /* could not be graded: reason set, v zeroed */
	struct gr_verdict v;
	char *reason;
	struct gr_buf csv;
	char *jsonl;
};

struct batch {
	const struct gr_exercise *ex;
	struct sub *subs;
	size_t n;
	size_t max_size;
	int fbdir;               /* fd of the temporary feedback folder */
	struct slot *slots;
	size_t nslots;
	pthread_mutex_t mu;
	pthread_cond_t ready;    /* a slot finished */
	pthread_cond_t space;    /* the writer freed a slot */
	size_t next;             /* next submission to claim */
	size_t written;          /* submissions written so far */
	int fatal;               /* an output could not be written: stop */
	char fatal_msg[512];
};

static volatile sig_atomic_t g_signal; /* the signal that asked us to stop, or 0 */

static void on_signal(int sig)
{
	g_signal = sig;
}

/* ---- scanning ---- */

static int has_report_ext(const char *name)
{
	size_t n = strlen(name);
	return (n > 3 && !strcasecmp(name + n - 3, ".md")) || (n > 4 && !strcasecmp(name + n - 4, ".txt"));
}

static char *join(const char *a, const char *b)
{
	char *s;
	return asprintf(&s, "%s/%s", a, b) < 0 ? NULL : s;
}

/* Where a path leads: 0 inside root (or root itself), 1 outside, -1 dangling. */
static int outside(const char *root, const char *path)
{
	char *real = realpath(path, NULL);
	if (!real)
		return -1;
	size_t n = strlen(root);
	int out = !(strncmp(real, root, n) == 0 && (real[n] == '/' || real[n] == '\0' || !strcmp(root, "/")));
	free(real);
	return out;
}

/* stat() an entry, following a symlink only when it stays inside root.
 * Returns 0 with st filled, 1 when the entry is to be skipped (warned).
 * The directory's own word for a plain file or folder (d_type) spares the
 * lstat: one system call fewer per student. *regular: a plain file, not
 * reached through a symlink. */
static int entry_stat(const char *root, const char *path, const char *shown, unsigned char type, struct stat *st,
		      int *regular)
{
	*regular = 0;
	if (type == DT_REG || type == DT_DIR) {
		st->st_mode = type == DT_REG ? S_IFREG : S_IFDIR;
		*regular = type == DT_REG;
		return 0;
	}
	if (lstat(path, st) < 0) {
		cli_warn("skipping '%s': %s", shown, strerror(errno));
		return 1;
	}
	if (!S_ISLNK(st->st_mode)) {
		*regular = S_ISREG(st->st_mode);
		return 0;
	}
	int o = outside(root, path);
	if (o == 1) {
		cli_warn("skipping '%s': a symlink leading outside the class folder", shown);
		return 1;
	}
	if (o < 0 || stat(path, st) < 0) {
		cli_warn("skipping '%s': a symlink to nothing", shown);
		return 1;
	}
	return 0;
}

static int push(struct sublist *l, char *raw, char *path, char *report, char *error, int regular)
{
	if (GR_GROW(l->v, l->n, l->cap, 256) < 0)
		goto oom;
	if (!raw || (!path && !error) || !report)
		goto oom;
	l->v[l->n++] = (struct sub){ .raw = raw, .path = path, .report = report, .error = error, .regular = regular };
	return 0;
oom:
	free(raw);
	free(path);
	free(report);
	free(error);
	return GR_ENOMEM;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A student folder: exactly one *.md / *.txt report inside (hidden files
 * ignored). */
static int scan_folder(struct sublist *l, const char *root, const char *dir, const char *name)
{
	char *path = join(dir, name);
	if (!path)
		return GR_ENOMEM;
	DIR *d = opendir(path);
	if (!d) {
		char *e;
		int rc = asprintf(&e, "cannot open the folder: %s", strerror(errno)) < 0 ? -1 : 0;
		free(path);
		return rc < 0 ? GR_ENOMEM : push(l, strdup(name), NULL, strdup(name), e, 0);
	}
	char **found = NULL;
	size_t nfound = 0;
	int rc = 0, regular = 0;
	struct dirent *de;
	while (!rc && (de = readdir(d))) {
		if (de->d_name[0] == '.' || !has_report_ext(de->d_name))
			continue;
		char *f = join(path, de->d_name), *shown = join(name, de->d_name);
		struct stat st;
		int reg;
		if (!f || !shown)
			rc = GR_ENOMEM;
		else if (entry_stat(root, f, shown, de->d_type, &st, &reg) == 0 && !S_ISDIR(st.st_mode)) {
			regular = reg;
			char **g = realloc(found, (nfound + 1) * sizeof(*g));
			if (!g)
				rc = GR_ENOMEM;
			else {
				found = g;
				found[nfound++] = strdup(de->d_name);
				if (!found[nfound - 1])
					rc = GR_ENOMEM;
			}
		}
		free(f);
		free(shown);
	}
	closedir(d);
	if (!rc) {
		if (nfound > 1)
			qsort(found, nfound, sizeof(*found), cmp_names);
		if (nfound == 1)
			rc = push(l, strdup(name), join(path, found[0]), join(name, found[0]), NULL, regular);
		else {
			char *e = NULL;
			int k = nfound == 0 ? asprintf(&e, "no .md or .txt report in the folder")
					    : asprintf(&e, "%zu reports in the folder ('%s', '%s'%s); expected one", nfound,
						       found[0], found[1], nfound > 2 ? ", ..." : "");
			rc = k < 0 ? GR_ENOMEM : push(l, strdup(name), NULL, strdup(name), e, 0);
		}
	}
	for (size_t i = 0; i < nfound; i++)
		free(found[i]);
	free(found);
	free(path);
	return rc;
}

static int scan(struct sublist *l, const char *root, const char *dir)
{
	DIR *d = opendir(dir);
	if (!d) {
		cli_error("cannot open the class folder '%s': %s", dir, strerror(errno));
		return GR_EIO;
	}
	int rc = 0;
	struct dirent *de;
	while (!rc && (de = readdir(d))) {
		const char *name = de->d_name;
		if (!strcmp(name, ".") || !strcmp(name, ".."))
			continue;
		char *path = join(dir, name);
		struct stat st;
		int regular;
		if (!path) {
			rc = GR_ENOMEM;
			break;
		}
		int skip = entry_stat(root, path, name, de->d_type, &st, &regular);
		if (skip) {
			free(path);
			continue;
		}
		if (S_ISDIR(st.st_mode)) {
			if (name[0] != '.') /* .git and friends are not students */
				rc = scan_folder(l, root, dir, name);
			free(path);
		} else if (has_report_ext(name)) {
			rc = push(l, strndup(name, strrchr(name, '.') - name), path, strdup(name), NULL, regular);
		} else {
			free(path);
		}
	}
	closedir(d);
	if (rc == GR_ENOMEM)
		cli_error("out of memory");
	return rc;
}

static int cmp_raw(const void *a, const void *b)
{
	return strcmp(((const struct sub *)a)->raw, ((const struct sub *)b)->raw);
}

static int cmp_id(const void *a, const void *b)
{
	return strcmp(((const struct sub *)a)->id, ((const struct sub *)b)->id);
}

/* A set of ids compared without ASCII case (two files that differ only in
 * case would be one file on macOS or Windows). */
struct idset {
	char **v;
	size_t cap;
};

static size_t id_hash(const char *s)
{
	size_t h = 1469598103934665603u;
	for (; *s; s++)
		h = (h ^ (unsigned char)(*s >= 'A' && *s <= 'Z' ? *s + 32 : *s)) * 1099511628211u;
	return h;
}

/* Returns 1 when added, 0 when already there. */
static int idset_add(struct idset *set, char *id)
{
	size_t i = id_hash(id) & (set->cap - 1);
	for (; set->v[i]; i = (i + 1) & (set->cap - 1))
		if (!strcasecmp(set->v[i], id))
			return 0;
	set->v[i] = id;
	return 1;
}

/* Sanitise every id, make them unique ("alice", "alice~2" in the order of
 * the raw names), then sort by id. */
static int assign_ids(struct sublist *l)
{
	struct idset set = { 0 };
	set.cap = 16;
	while (set.cap < l->n * 2)
		set.cap *= 2;
	set.v = calloc(set.cap, sizeof(*set.v));
	if (!set.v)
		return GR_ENOMEM;
	if (l->n > 1)
		qsort(l->v, l->n, sizeof(*l->v), cmp_raw);
	int rc = 0;
	for (size_t i = 0; i < l->n && !rc; i++) {
		struct sub *s = &l->v[i];
		char id[GR_STUDENT_MAX + 1], cand[GR_STUDENT_MAX + 16];
		int changed = gr_student_id(id, s->raw);
		snprintf(cand, sizeof(cand), "%s", id);
		for (int k = 2; !rc; k++) {
			s->id = strdup(cand);
			if (!s->id) {
				rc = GR_ENOMEM;
				break;
			}
			if (idset_add(&set, s->id))
				break;
			free(s->id);
			s->id = NULL;
			char suffix[16];
			int sl = snprintf(suffix, sizeof(suffix), "~%d", k);
			size_t keep = strlen(id);
			if (keep + (size_t)sl > GR_STUDENT_MAX)
				keep = GR_STUDENT_MAX - (size_t)sl;
			while (keep && ((unsigned char)id[keep] & 0xC0) == 0x80)
				keep--;
			snprintf(cand, sizeof(cand), "%.*s%s", (int)keep, id, suffix);
		}
		if (!rc && (changed || strcmp(s->id, id)))
			cli_warn("'%s' is graded as student '%s'", s->report, s->id);
	}
	free(set.v);
	if (!rc && l->n > 1)
		qsort(l->v, l->n, sizeof(*l->v), cmp_id);
	return rc;
}

static void subs_free(struct sublist *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].raw);
		free(l->v[i].id);
		free(l->v[i].path);
		free(l->v[i].report);
		free(l->v[i].error);
	}
	free(l->v);
}

/* ---- grading (worker threads) ---- */

/* Read at most max bytes of a regular file into *buf (grown as needed).
 * Returns 0, or -1 with reason set. O_NONBLOCK: a FIFO named x.md must not
 * hang the batch. A file the folder listed as regular is opened without
 * following a symlink (one swapped in since is refused) and needs no fstat;
 * a short read of a regular file is its end, so most reports take one
 * read. */
static int read_report(const char *path, int regular, size_t max, char **buf, size_t *cap, size_t *len,
		       char **reason)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (regular ? O_NOFOLLOW : 0));
	struct stat st;
	int rc = -1;
	*len = 0;
	if (fd < 0) {
		rc = asprintf(reason, "cannot open: %s", errno == ELOOP && regular ? "it became a symlink" : strerror(errno));
		return -1;
	}
	if (regular) {
		st.st_mode = S_IFREG;
		st.st_size = 0;
	} else if (fstat(fd, &st) < 0) {
		rc = asprintf(reason, "cannot read: %s", strerror(errno));
		goto done;
	}
	if (!S_ISREG(st.st_mode)) {
		rc = asprintf(reason, "not a regular file");
		goto done;
	}
	if ((size_t)st.st_size > max) {
		rc = asprintf(reason, "file is larger than the %zu-byte limit", max);
		goto done;
	}
	for (;;) {
		if (*cap < *len + 65536 + 1) {
			size_t ncap = *cap ? *cap * 2 : 65536 + 1;
			while (ncap < *len + 65536 + 1)
				ncap *= 2;
			char *p = realloc(*buf, ncap);
			if (!p) {
				rc = asprintf(reason, "out of memory");
				goto done;
			}
			*buf = p;
			*cap = ncap;
		}
		size_t want = *cap - *len - 1;
		ssize_t n = read(fd, *buf + *len, want);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			rc = asprintf(reason, "cannot read: %s", strerror(errno));
			goto done;
		}
		if (n == 0)
			break;
		*len += (size_t)n;
		if (*len > max) { /* larger than the limit, or it grew while we read */
			rc = asprintf(reason, "file is larger than the %zu-byte limit", max);
			goto done;
		}
		if (regular && (size_t)n < want)
			break;
	}
	(*buf)[*len] = '\0';
	close(fd);
	return 0;
done:
	close(fd);
	if (rc < 0)
		*reason = NULL;
	return -1;
}

static char *error_reason(const struct gr_error *err)
{
	char *s = NULL;
	int rc = err->line ? asprintf(&s, "%s (line %d, column %d)", err->message ? err->message : "cannot be graded",
				      err->line, err->col)
			   : asprintf(&s, "%s", err->message ? err->message : "cannot be graded");
	return rc < 0 ? NULL : s;
}

static void set_fatal(struct batch *b, const char *what, const char *name)
{
	pthread_mutex_lock(&b->mu);
	if (!b->fatal) {
		b->fatal = 1;
		snprintf(b->fatal_msg, sizeof(b->fatal_msg), "cannot write %s '%s': %s", what, name, strerror(errno));
	}
	pthread_cond_broadcast(&b->ready);
	pthread_cond_broadcast(&b->space);
	pthread_mutex_unlock(&b->mu);
}

/* Grade submission i into its slot and write its feedback file. */
static void grade_one(struct batch *b, size_t i, struct slot *sl, struct gr_scratch *s, char **buf, size_t *cap,
		      struct gr_buf *fb)
{
	const struct sub *sub = &b->subs[i];
	struct gr_error err = { 0 };
	size_t len;
	sl->failed = 0;
	sl->reason = NULL;
	if (sub->error) {
		sl->failed = 1;
		sl->reason = strdup(sub->error);
	} else if (read_report(sub->path, sub->regular, b->max_size, buf, cap, &len, &sl->reason) < 0) {
		sl->failed = 1;
	} else if (gr_grade_string(&sl->v, b->ex, *buf, len, sub->report, s, &err) < 0) {
		sl->failed = 1;
		sl->reason = error_reason(&err);
	}
	gr_error_clear(&err);
	if (sl->failed && !sl->reason)
		sl->reason = strdup("out of memory");

	gr_buf_reset(&sl->csv);
	gr_buf_reset(fb);
	if (sl->failed) {
		gr_csv_row(&sl->csv, b->ex, sub->id, NULL, sl->reason ? sl->reason : "out of memory");
		sl->jsonl = gr_student_error_jsonl(b->ex, sub->id, sub->report, sl->reason ? sl->reason : "out of memory");
		gr_student_error_feedback(fb, b->ex, sub->id, sl->reason ? sl->reason : "out of memory");
	} else {
		gr_csv_row(&sl->csv, b->ex, sub->id, &sl->v, NULL);
		sl->jsonl = gr_student_jsonl(&sl->v, sub->id);
		gr_student_feedback(fb, &sl->v, sub->id);
	}
	if (!sl->reason && sl->failed) {
		errno = ENOMEM;
		set_fatal(b, "the results of", sub->id);
		return;
	}
	if (!sl->jsonl || !gr_buf_ok(&sl->csv) || !gr_buf_ok(fb)) {
		errno = ENOMEM;
		set_fatal(b, "the results of", sub->id);
		return;
	}
	char name[GR_STUDENT_MAX + 8];
	snprintf(name, sizeof(name), "%s.md", sub->id);
	int fd = openat(b->fbdir, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0 || gr_write_all(fd, fb->data, fb->len) < 0 || close(fd) < 0) {
		set_fatal(b, "the feedback file", name);
		if (fd >= 0)
			close(fd);
	}
}

struct worker {
	struct batch *b;
	int rc;
};

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct batch *b = w->b;
	struct gr_scratch s = { 0 };
	struct gr_buf fb = { 0 };
	char *buf = NULL;
	size_t cap = 0;
	if (gr_scratch_init(&s) < 0) {
		errno = ENOMEM;
		set_fatal(b, "the results of", "a worker");
		return NULL;
	}
	for (;;) {
		pthread_mutex_lock(&b->mu);
		while (!b->fatal && !g_signal && b->next < b->n && b->next >= b->written + b->nslots)
			pthread_cond_wait(&b->space, &b->mu);
		if (b->fatal || g_signal || b->next >= b->n) {
			pthread_mutex_unlock(&b->mu);
			break;
		}
		/* A run of submissions at once: one lock and one wake-up per
		 * CHUNK, not per student. */
		size_t first = b->next, end = first + CHUNK;
		if (end > b->n)
			end = b->n;
		if (end > b->written + b->nslots)
			end = b->written + b->nslots;
		b->next = end;
		pthread_mutex_unlock(&b->mu);

		for (size_t i = first; i < end; i++)
			grade_one(b, i, &b->slots[i % b->nslots], &s, &buf, &cap, &fb);

		pthread_mutex_lock(&b->mu);
		for (size_t i = first; i < end; i++)
			b->slots[i % b->nslots].done = 1;
		if (first <= b->written && b->written < end)
			pthread_cond_signal(&b->ready);
		pthread_mutex_unlock(&b->mu);
	}
	free(buf);
	gr_buf_free(&fb);
	gr_scratch_free(&s);
	return NULL;
}

/* ---- writing (this thread) ---- */

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void progress(size_t done, size_t total, double t0, int final)
{
	double el = now_s() - t0, rate = el > 0 ? (double)done / el : 0;
	int width = 30, fill = total ? (int)((double)done * width / (double)total) : width;
	char bar[64];
	for (int k = 0; k < width; k++)
		bar[k] = k < fill ? '#' : '-';
	bar[width] = '\0';
	if (rate > 0 && done < total) {
		double eta = (double)(total - done) / rate;
		fprintf(stderr, "\r[%s] %zu/%zu  %.0f/s  ETA %d:%02d \033[K", bar, done, total, rate, (int)eta / 60,
			(int)eta % 60);
	} else {
		fprintf(stderr, "\r[%s] %zu/%zu  %.0f/s \033[K", bar, done, total, rate);
	}
	if (final)
		fputs("\r\033[K", stderr);
	fflush(stderr);
}

static void add_ns(struct timespec *ts, long ns)
{
	ts->tv_nsec += ns;
	while (ts->tv_nsec >= 1000000000) {
		ts->tv_nsec -= 1000000000;
		ts->tv_sec++;
	}
}

/* Write every slot in id order as it finishes. Returns 0, or -1 when stopped
 * by a signal or a fatal error. */
static int write_in_order(struct batch *b, FILE *csv, FILE *jsonl, struct gr_cohort *co, int show, double t0)
{
	double last = 0;
	pthread_mutex_lock(&b->mu);
	while (b->written < b->n) {
		struct slot *sl = &b->slots[b->written % b->nslots];
		while (!sl->done && !b->fatal && !g_signal) {
			struct timespec ts;
			clock_gettime(CLOCK_REALTIME, &ts);
			add_ns(&ts, PROGRESS_NS);
			pthread_cond_timedwait(&b->ready, &b->mu, &ts);
			if (show && now_s() - last >= PROGRESS_NS / 1e9) {
				last = now_s();
				progress(b->written, b->n, t0, 0);
			}
		}
		if (b->fatal || g_signal)
			break;
		/* Every finished slot in order, written without the lock. */
		size_t from = b->written, to = from;
		while (to < b->n && to - from < b->nslots && b->slots[to % b->nslots].done)
			to++;
		pthread_mutex_unlock(&b->mu);

		for (size_t i = from; i < to; i++) {
			struct slot *s = &b->slots[i % b->nslots];
			const struct sub *sub = &b->subs[i];
			int rc = fwrite(s->csv.data, 1, s->csv.len, csv) == s->csv.len ? 0 : -1;
			if (!rc && (fputs(s->jsonl, jsonl) == EOF || fputc('\n', jsonl) == EOF))
				rc = -1;
			if (!rc)
				rc = s->failed ? gr_cohort_add_error(co, sub->id, s->reason) : gr_cohort_add(co, sub->id, &s->v);
			if (rc)
				set_fatal(b, "the gradebook for", sub->id);
			gr_verdict_free(&s->v);
			free(s->reason);
			free(s->jsonl);
			s->reason = NULL;
			s->jsonl = NULL;
		}
		if (show && now_s() - last >= PROGRESS_NS / 1e9) {
			last = now_s();
			progress(to, b->n, t0, 0);
		}

		pthread_mutex_lock(&b->mu);
		for (size_t i = from; i < to; i++)
			b->slots[i % b->nslots].done = 0;
		b->written = to;
		pthread_cond_broadcast(&b->space);
	}
	int rc = b->written == b->n && !b->fatal ? 0 : -1;
	pthread_cond_broadcast(&b->space);
	pthread_mutex_unlock(&b->mu);
	if (show)
		progress(b->written, b->n, t0, 1);
	return rc;
}

/* ---- output folder ---- */

static int rm_tree_at(int dirfd, const char *name)
{
	int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return unlinkat(dirfd, name, 0) < 0 && errno != ENOENT ? -1 : 0;
	DIR *d = fdopendir(fd);
	if (!d) {
		close(fd);
		return -1;
	}
	struct dirent *de;
	int rc = 0;
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
			rc |= rm_tree_at(fd, de->d_name);
	closedir(d);
	return rc | (unlinkat(dirfd, name, AT_REMOVEDIR) < 0 && errno != ENOENT ? -1 : 0);
}

static int mkdir_p(const char *path)
{
	char tmp[PATH_MAX];
	if (snprintf(tmp, sizeof(tmp), "%s", path) >= (int)sizeof(tmp)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (char *p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(tmp, 0755) < 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	if (mkdir(tmp, 0755) < 0 && errno != EEXIST)
		return -1;
	struct stat st;
	if (stat(tmp, &st) < 0)
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	return 0;
}

/* Temporary folders left by runs that were killed (their pid is gone). */
static void clean_stale(int outfd)
{
	int fd = dup(outfd);
	DIR *d = fd < 0 ? NULL : fdopendir(fd);
	if (!d) {
		if (fd >= 0)
			close(fd);
		return;
	}
	struct dirent *de;
	while ((de = readdir(d))) {
		if (strncmp(de->d_name, TMP_PREFIX, strlen(TMP_PREFIX)))
			continue;
		char *end;
		long pid = strtol(de->d_name + strlen(TMP_PREFIX), &end, 10);
		if (*end || pid <= 0 || (kill((pid_t)pid, 0) < 0 && errno == ESRCH) || pid == getpid())
			rm_tree_at(outfd, de->d_name);
	}
	closedir(d);
}

/* A stdio stream with a buffer of its own: glibc ignores setvbuf's size
 * without one and writes every 4 KiB (a system call per few students).
 * *vbuf is the caller's to free after fclose. */
#define OUT_BUF (1 << 20)
static FILE *open_tmp(int tmpfd, const char *name, char **vbuf)
{
	int fd = openat(tmpfd, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f && fd >= 0)
		close(fd);
	if (f && (*vbuf = malloc(OUT_BUF)))
		setvbuf(f, *vbuf, _IOFBF, OUT_BUF);
	return f;
}

static int close_synced(FILE *f)
{
	if (!f)
		return 0;
	int rc = fflush(f) == EOF || fsync(fileno(f)) < 0 ? -1 : 0;
	return fclose(f) == EOF ? -1 : rc;
}

/* Move the finished outputs into OUT. Signals are held off meanwhile. */
static int commit(int outfd, int tmpfd, const char *tmpname)
{
	static const char *files[] = { "grades.csv", "results.jsonl", "summary.html" };
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		if (renameat(tmpfd, files[i], outfd, files[i]) < 0)
			return -1;
	if (fsync(tmpfd) < 0 && errno != EINVAL)
		return -1;
	/* The feedback folder: swapped in one step where the kernel can. */
	if (renameat2(tmpfd, "feedback", outfd, "feedback", RENAME_EXCHANGE) == 0)
		return 0;
	if (errno == ENOENT)
		return renameat(tmpfd, "feedback", outfd, "feedback");
	if (errno != EINVAL && errno != ENOSYS)
		return -1;
	if (renameat(outfd, "feedback", tmpfd, "feedback.old") < 0 && errno != ENOENT)
		return -1;
	(void)tmpname;
	return renameat(tmpfd, "feedback", outfd, "feedback");
}

/* ---- the verb ---- */

static int default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > MAX_JOBS ? MAX_JOBS : (int)n;
}

int cmd_bulk(int argc, char **argv)
{
	const char *args[2] = { NULL, NULL }, *out = NULL;
	int nargs = 0, jobs = default_jobs(), quiet = 0;
	size_t max = GR_DEFAULT_MAX_REPORT;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *val = NULL;
		if ((!strcmp(a, "--out") || !strcmp(a, "-o")) && i + 1 < argc)
			out = argv[++i];
		else if (!strncmp(a, "--out=", 6))
			out = a + 6;
		else if ((!strcmp(a, "-j") || !strcmp(a, "--jobs")) && i + 1 < argc)
			val = argv[++i];
		else if (!strncmp(a, "-j", 2) && a[2])
			val = a + 2;
		else if (!strncmp(a, "--jobs=", 7))
			val = a + 7;
		else if (!strcmp(a, "--quiet") || !strcmp(a, "-q"))
			quiet = 1;
		else if (!strcmp(a, "--max-size") && i + 1 < argc) {
			if (cli_parse_size(argv[++i], &max) < 0)
				return cli_usage_error("bulk", "--max-size wants a size such as 1048576 or 2M, not '%s'", argv[i]);
		} else if (a[0] == '-' && a[1])
			return cli_usage_error("bulk", "unknown option '%s'", a);
		else if (nargs < 2)
			args[nargs++] = a;
		else
			return cli_usage_error("bulk", "too many arguments");
		if (val) {
			char *end;
			long j = strtol(val, &end, 10);
			if (*end || end == val || j < 1 || j > MAX_JOBS)
				return cli_usage_error("bulk", "-j wants a number of threads from 1 to %d, not '%s'", MAX_JOBS, val);
			jobs = (int)j;
		}
	}
	if (nargs != 2)
		return cli_usage_error("bulk", "need an exercise and a class folder");
	if (!out)
		return cli_usage_error("bulk", "need --out OUT, the folder for the outputs");

	struct gr_exercise *ex = NULL;
	struct sublist subs = { 0 };
	struct gr_cohort co = { 0 };
	struct batch b = { 0 };
	struct worker *w = NULL;
	pthread_t *tid = NULL;
	FILE *csv = NULL, *jsonl = NULL, *html = NULL;
	char *vbuf[3] = { NULL, NULL, NULL }; /* their stdio buffers */
	int outfd = -1, tmpfd = -1, nstarted = 0, rc = GR_EXIT_USAGE, locked = 0, handlers = 0;
	char tmpname[64], *root = NULL;
	struct gr_buf page = { 0 }, head = { 0 };
	struct sigaction sa = { 0 }, old_int, old_term, old_hup;
	sigset_t block, prev;
	b.fbdir = -1;

	root = realpath(args[1], NULL);
	struct stat st;
	if (!root || stat(root, &st) < 0 || !S_ISDIR(st.st_mode)) {
		cli_error("'%s' is not a folder of submissions%s%s", args[1], root ? "" : ": ", root ? "" : strerror(errno));
		goto done;
	}
	if ((rc = cli_load_exercise(args[0], &ex)))
		goto done;
	gr_exercise_jit(ex); /* once, before the workers share it */
	rc = GR_EXIT_USAGE;
	if (scan(&subs, root, args[1]) < 0)
		goto done;
	if (assign_ids(&subs) < 0 || gr_cohort_init(&co, ex) < 0) {
		cli_error("out of memory");
		goto done;
	}
	if (subs.n == 0)
		cli_warn("no submissions (*.md, *.txt or one folder per student) in '%s'", args[1]);

	if (mkdir_p(out) < 0 || (outfd = open(out, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
		cli_error("cannot use '%s' for the outputs: %s", out, strerror(errno));
		goto done;
	}
	clean_stale(outfd);
	snprintf(tmpname, sizeof(tmpname), TMP_PREFIX "%ld", (long)getpid());
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	sigaction(SIGHUP, &sa, &old_hup);
	handlers = 1;
	if (mkdirat(outfd, tmpname, 0755) < 0 || (tmpfd = openat(outfd, tmpname, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0 ||
	    mkdirat(tmpfd, "feedback", 0755) < 0 ||
	    (b.fbdir = openat(tmpfd, "feedback", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
		cli_error("cannot write in '%s': %s", out, strerror(errno));
		goto done;
	}
	if (!(csv = open_tmp(tmpfd, "grades.csv", &vbuf[0])) || !(jsonl = open_tmp(tmpfd, "results.jsonl", &vbuf[1]))) {
		cli_error("cannot write in '%s': %s", out, strerror(errno));
		goto done;
	}
	gr_csv_header(&head, ex);
	if (!gr_buf_ok(&head) || fwrite(head.data, 1, head.len, csv) != head.len) {
		cli_error("cannot write '%s/grades.csv'", out);
		goto done;
	}

	/* jansson picks its hash seed on first use: do it here, not racing in
	 * the workers. */
	json_object_seed(0);
	b.ex = ex;
	b.subs = subs.v;
	b.n = subs.n;
	b.max_size = max;
	if (jobs > (int)subs.n)
		jobs = subs.n ? (int)subs.n : 1;
	b.nslots = (size_t)jobs * SLOTS_PER_JOB;
	b.slots = calloc(b.nslots, sizeof(*b.slots));
	w = calloc((size_t)jobs, sizeof(*w));
	tid = calloc((size_t)jobs, sizeof(*tid));
	if (!b.slots || !w || !tid) {
		cli_error("out of memory");
		goto done;
	}
	pthread_mutex_init(&b.mu, NULL);
	pthread_cond_init(&b.ready, NULL);
	pthread_cond_init(&b.space, NULL);
	locked = 1;
	double t0 = now_s();
	for (int j = 0; j < jobs; j++) {
		w[j].b = &b;
		if (pthread_create(&tid[j], NULL, worker_main, &w[j]) != 0) {
			errno = EAGAIN;
			set_fatal(&b, "the results", "(cannot start a thread)");
			break;
		}
		nstarted++;
	}
	int show = !quiet && isatty(STDERR_FILENO);
	int wrc = write_in_order(&b, csv, jsonl, &co, show, t0);
	for (int j = 0; j < nstarted; j++)
		pthread_join(tid[j], NULL);
	if (g_signal) {
		cli_error("interrupted: the outputs in '%s' are unchanged", out);
		goto done;
	}
	if (wrc < 0 || b.fatal) {
		cli_error("%s", b.fatal_msg[0] ? b.fatal_msg : "the batch stopped");
		goto done;
	}
	gr_emit_html(&page, &co);
	if (!gr_buf_ok(&page) || !(html = open_tmp(tmpfd, "summary.html", &vbuf[2])) ||
	    fwrite(page.data, 1, page.len, html) != page.len) {
		cli_error("cannot write '%s/summary.html'", out);
		goto done;
	}
	int crc = close_synced(csv) | close_synced(jsonl) | close_synced(html);
	csv = jsonl = html = NULL;
	if (crc < 0) {
		cli_error("cannot write the outputs in '%s': %s", out, strerror(errno));
		goto done;
	}
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &block, &prev);
	int mrc = commit(outfd, tmpfd, tmpname);
	pthread_sigmask(SIG_SETMASK, &prev, NULL);
	if (mrc < 0) {
		cli_error("cannot move the outputs into '%s': %s", out, strerror(errno));
		goto done;
	}
	if (!quiet) {
		double el = now_s() - t0;
		fprintf(stderr, "graded %zu of %zu submissions into %s/ (%zu could not be graded) in %.2f s\n", co.graded,
			subs.n, out, co.errors, el);
	}
	rc = co.errors ? GR_EXIT_FAIL : GR_EXIT_PASS;
done:
	if (csv)
		fclose(csv);
	if (jsonl)
		fclose(jsonl);
	if (html)
		fclose(html);
	for (int k = 0; k < 3; k++)
		free(vbuf[k]);
	if (b.fbdir >= 0)
		close(b.fbdir);
	if (tmpfd >= 0)
		close(tmpfd);
	if (outfd >= 0) {
		rm_tree_at(outfd, tmpname);
		close(outfd);
	}
	if (b.slots) {
		for (size_t i = 0; i < b.nslots; i++) {
			gr_verdict_free(&b.slots[i].v);
			free(b.slots[i].reason);
			free(b.slots[i].jsonl);
			gr_buf_free(&b.slots[i].csv);
		}
		free(b.slots);
	}
	if (locked) {
		pthread_mutex_destroy(&b.mu);
		pthread_cond_destroy(&b.ready);
		pthread_cond_destroy(&b.space);
	}
	free(w);
	free(tid);
	gr_buf_free(&page);
	gr_buf_free(&head);
	gr_cohort_free(&co);
	subs_free(&subs);
	gr_exercise_free(ex);
	free(root);
	if (handlers) {
		sigaction(SIGINT, &old_int, NULL);
		sigaction(SIGTERM, &old_term, NULL);
		sigaction(SIGHUP, &old_hup, NULL);
	}
	if (g_signal) {
		int sig = g_signal;
		signal(sig, SIG_DFL);
		raise(sig);
	}
	return rc;
}
