/*
 * pcache.c - compiled patterns, kept once per load and between runs (see
 * pcache.h).
 *
 * The file: a header (magic, entry and code counts, body length, checksum),
 * then the body: one record per entry (kind, options or tag, lengths, the
 * key's hash, the pattern's text and its NUL, a blob), then every code
 * entry's code in record order, as one
 * pcre2_serialize_encode() stream. Numbers are in the machine's own order:
 * the file never leaves the machine (PCRE2's stream is not portable either,
 * and pcre2_serialize_decode refuses another build's).
 */
#include "pcache.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "chars.h"

#define MAGIC "GRPCACH3"
#define HEADER 40                  /* magic 8, order 4, entries 4, codes 4, pad 4, body 8, sum 8 */
#define MAX_FILE (64u << 20)       /* a larger file is not ours */
#define ORDER 0x01020304u
#define STALE_DAYS 30              /* a file no run has rewritten for this long is removed */
#define REC 21                     /* a record's head: kind 1, options 4, text 4, blob 4, hash 8 */

enum { KIND_CODE, KIND_BLOB };

struct entry {
	char *src;
	uint32_t opts;       /* compile options, or a blob's tag */
	uint8_t kind;
	uint8_t used;        /* asked for by this load: written back */
	uint8_t read;        /* decoded from the file: its tables are the file's */
	uint8_t owned;       /* re is the cache's to free; else a holder's, alive until
			      * gr_pcache_free (see gr_pcache_compile's keep) */
	uint8_t mapped;      /* src and blob lie in the file's mapping: not freed */
	pcre2_code *re;      /* KIND_CODE */
	unsigned char *blob; /* KIND_BLOB */
	size_t blen;
	uint64_t hash;       /* key_hash() of the three keys */
};

struct deferred; /* gr_pcache_defer: below */

struct gr_pcache {
	struct deferred *d; /* NULL: gr_pcache_compile_later() compiles at once */
	struct entry *e;
	size_t n, cap;
	uint32_t *slot; /* entry index + 1 by hash; 0 empty */
	size_t mask;
	char *file;     /* NULL: no file */
	unsigned char *map; /* the file read, mapped (entries' src and blob point into it) */
	size_t maplen;
	int dirty;      /* something this load used is not in the file */
	struct gr_pcache_stats st;
};

static uint64_t key_hash(const char *src, uint8_t kind, uint32_t opts)
{
	return gr_mem_hash(src, strlen(src)) ^ (((uint64_t)kind << 32 | opts) * 0x9E3779B97F4A7C15ull);
}

struct gr_pcache *gr_pcache_new(void)
{
	struct gr_pcache *c = calloc(1, sizeof(*c));
	if (c && !(c->slot = calloc(4096, sizeof(*c->slot)))) { /* Part A holds ~1,400 entries */
		free(c);
		return NULL;
	}
	if (c)
		c->mask = 4095;
	return c;
}

static void defer_stop(struct gr_pcache *c);
static void drop_from(struct gr_pcache *c, size_t first);

void gr_pcache_free(struct gr_pcache *c)
{
	if (!c)
		return;
	defer_stop(c); /* a load that failed before gr_pcache_finish() */
	drop_from(c, 0);
	if (c->map)
		munmap(c->map, c->maplen);
	free(c->e);
	free(c->slot);
	free(c->file);
	free(c);
}

static struct entry *find(struct gr_pcache *c, const char *src, uint8_t kind, uint32_t opts, uint64_t hash)
{
	for (size_t h = hash & c->mask; c->slot[h]; h = (h + 1) & c->mask) {
		struct entry *e = &c->e[c->slot[h] - 1];
		if (e->hash == hash && e->kind == kind && e->opts == opts && !strcmp(e->src, src))
			return e;
	}
	return NULL;
}

static void place(struct gr_pcache *c, size_t i)
{
	const struct entry *e = &c->e[i];
	size_t h = e->hash & c->mask;
	while (c->slot[h])
		h = (h + 1) & c->mask;
	c->slot[h] = (uint32_t)(i + 1);
}

/* Room for n entries with the table at most half full. Returns 0 or -1. */
static int reserve(struct gr_pcache *c, size_t n)
{
	if (2 * n <= c->mask + 1)
		return 0;
	size_t ns = c->mask + 1;
	while (ns < 2 * n)
		ns *= 2;
	uint32_t *slot = calloc(ns, sizeof(*slot));
	if (!slot)
		return -1;
	free(c->slot);
	c->slot = slot;
	c->mask = ns - 1;
	for (size_t i = 0; i < c->n; i++)
		place(c, i);
	return 0;
}

/* Add an entry, taking src (malloc'ed) and re or blob. Returns 0, or -1
 * out of memory (nothing taken). */
static int add(struct gr_pcache *c, char *src, uint8_t kind, uint32_t opts, pcre2_code *re, int owned,
	       unsigned char *blob, size_t blen, uint64_t hash)
{
	if (reserve(c, c->n + 1) < 0)
		return -1;
	if (GR_GROW(c->e, c->n, c->cap, 1024) < 0)
		return -1;
	c->e[c->n] = (struct entry){ .src = src, .opts = opts, .kind = kind, .used = 1, .owned = (uint8_t)owned, .re = re,
				     .blob = blob, .blen = blen, .hash = hash };
	place(c, c->n++);
	return 0;
}

pcre2_code *gr_pcache_compile(struct gr_pcache *c, const char *src, uint32_t options, int keep, int *code,
			      PCRE2_SIZE *off)
{
	*code = 0;
	uint64_t hash = c ? key_hash(src, KIND_CODE, options) : 0;
	struct entry *e = c ? find(c, src, KIND_CODE, options, hash) : NULL;
	if (e) {
		e->used = 1;
		c->st.reused++;
		if (keep && e->owned) { /* the first holder takes the code itself: no copy */
			e->owned = 0;
			return e->re;
		}
		return pcre2_code_copy(e->re); /* NULL: out of memory, *code 0 */
	}
	pcre2_code *re = pcre2_compile((PCRE2_SPTR)src, PCRE2_ZERO_TERMINATED, options, code, off, NULL);
	if (c)
		c->st.compiled++;
	if (!c || !re)
		return re;
	pcre2_code *kept = keep ? re : pcre2_code_copy(re);
	char *s = strdup(src);
	if (kept && s && add(c, s, KIND_CODE, options, kept, !keep, NULL, 0, hash) == 0) {
		c->dirty = 1;
		return re;
	}
	if (!keep)
		pcre2_code_free(kept); /* not kept: the next holder compiles its own */
	free(s);
	return re;
}

/* ---- compiling in the background ------------------------------------------ */

/* Jobs live in fixed chunks, so the worker reads one while the load
 * appends others and nothing moves under it. */
#define JOB_CHUNK 256
#define JOB_CHUNKS 64 /* 16,384 deferred at most; more are compiled at once */

struct job {
	char *src;          /* the key, the job's own copy (the entry takes it) */
	uint32_t opts;
	uint64_t hash;
	pcre2_code **slot;  /* where the code goes */
	pcre2_code *re;     /* compiled; NULL: not (yet), or a copy of `first` */
	int code;           /* pcre2_compile's error */
	uint32_t first;     /* job index + 1 of the same pattern queued earlier, 0 none */
};

struct deferred {
	pthread_mutex_t lock;
	pthread_cond_t more;
	struct job *chunk[JOB_CHUNKS];
	size_t n;           /* jobs queued (raised under the lock) */
	size_t next;        /* the next job to compile (under the lock) */
	int closing;        /* no more jobs: the worker leaves when none is left */
	int worker;         /* 1 a worker thread runs, -1 none will, 0 not started yet */
	pthread_t tid;
	uint32_t *table;    /* job index + 1 by hash: a pattern queued twice */
	size_t mask;
};

static struct job *job_at(struct deferred *d, size_t i) { return &d->chunk[i / JOB_CHUNK][i % JOB_CHUNK]; }

/* Compile queued jobs until none is left; the worker also waits for more
 * until the load closes the queue. */
static void take_jobs(struct deferred *d)
{
	pthread_mutex_lock(&d->lock);
	for (;;) {
		while (d->next >= d->n && !d->closing)
			pthread_cond_wait(&d->more, &d->lock);
		if (d->next >= d->n)
			break;
		struct job *j = job_at(d, d->next++);
		pthread_mutex_unlock(&d->lock);
		if (!j->first) {
			PCRE2_SIZE off;
			j->re = pcre2_compile((PCRE2_SPTR)j->src, PCRE2_ZERO_TERMINATED, j->opts, &j->code, &off, NULL);
		}
		pthread_mutex_lock(&d->lock);
	}
	pthread_mutex_unlock(&d->lock);
}

static void *worker_main(void *arg)
{
	take_jobs(arg);
	return NULL;
}

void gr_pcache_defer(struct gr_pcache *c)
{
	if (!c || c->d)
		return;
	struct deferred *d = calloc(1, sizeof(*d));
	if (!d)
		return; /* compile at once */
	d->mask = 1023;
	if (!(d->table = calloc(d->mask + 1, sizeof(*d->table))) || pthread_mutex_init(&d->lock, NULL)) {
		free(d->table);
		free(d);
		return;
	}
	if (pthread_cond_init(&d->more, NULL)) {
		pthread_mutex_destroy(&d->lock);
		free(d->table);
		free(d);
		return;
	}
	c->d = d;
}

int gr_pcache_deferring(const struct gr_pcache *c)
{
	return c && c->d;
}

int gr_pcache_holds(struct gr_pcache *c, const char *src, uint32_t options)
{
	return c && find(c, src, KIND_CODE, options, key_hash(src, KIND_CODE, options)) != NULL;
}

/* Close the queue, compile what is left alongside the worker, and wait
 * for it: every job is then done. */
static void drain(struct deferred *d)
{
	pthread_mutex_lock(&d->lock);
	d->closing = 1;
	pthread_cond_broadcast(&d->more);
	pthread_mutex_unlock(&d->lock);
	take_jobs(d);
	if (d->worker > 0)
		pthread_join(d->tid, NULL);
	d->worker = -1;
}

static void defer_stop(struct gr_pcache *c)
{
	struct deferred *d = c->d;
	if (!d)
		return;
	c->d = NULL;
	drain(d);
	for (size_t i = 0; i < d->n; i++) {
		pcre2_code_free(job_at(d, i)->re);
		free(job_at(d, i)->src);
	}
	for (size_t k = 0; k < JOB_CHUNKS; k++)
		free(d->chunk[k]);
	free(d->table);
	pthread_cond_destroy(&d->more);
	pthread_mutex_destroy(&d->lock);
	free(d);
}

/* The job index + 1 queued earlier for src and opts, or 0 after
 * remembering job i for them. */
static uint32_t queued(struct deferred *d, const char *src, uint32_t opts, uint64_t hash, size_t i)
{
	size_t h = hash & d->mask;
	for (; d->table[h]; h = (h + 1) & d->mask) {
		const struct job *j = job_at(d, d->table[h] - 1);
		if (j->hash == hash && j->opts == opts && !strcmp(j->src, src))
			return d->table[h];
	}
	d->table[h] = (uint32_t)i + 1;
	return 0;
}

/* Room for one more queued pattern with the table at most half full. */
static int table_room(struct deferred *d)
{
	if (2 * (d->n + 1) <= d->mask + 1)
		return 0;
	size_t ns = 2 * (d->mask + 1);
	uint32_t *t = calloc(ns, sizeof(*t));
	if (!t)
		return -1;
	free(d->table);
	d->table = t;
	d->mask = ns - 1;
	for (size_t i = 0; i < d->n; i++) {
		const struct job *j = job_at(d, i);
		if (!j->first)
			queued(d, j->src, j->opts, j->hash, i);
	}
	return 0;
}

static int online_cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 1 ? (int)n : 1;
}

int gr_pcache_compile_later(struct gr_pcache *c, const char *src, uint32_t options, pcre2_code **slot, int *code,
			    PCRE2_SIZE *off)
{
	*slot = NULL;
	*code = 0;
	struct deferred *d = c ? c->d : NULL;
	uint64_t hash = d ? key_hash(src, KIND_CODE, options) : 0;
	if (!d || d->n == JOB_CHUNK * JOB_CHUNKS || find(c, src, KIND_CODE, options, hash)) {
		*slot = gr_pcache_compile(c, src, options, 1, code, off);
		return *slot ? 0 : -1;
	}
	struct job **chunk = &d->chunk[d->n / JOB_CHUNK];
	if (!*chunk && !(*chunk = calloc(JOB_CHUNK, sizeof(**chunk))))
		return -1;
	if (table_room(d) < 0)
		return -1;
	struct job *j = job_at(d, d->n);
	*j = (struct job){ .src = strdup(src), .opts = options, .hash = hash, .slot = slot };
	if (!j->src)
		return -1;
	j->first = queued(d, src, options, hash, d->n);
	pthread_mutex_lock(&d->lock);
	d->n++;
	pthread_cond_signal(&d->more);
	pthread_mutex_unlock(&d->lock);
	/* The worker starts with the first job; one core: the load compiles
	 * everything in gr_pcache_finish(), as it would have at once. */
	if (!d->worker)
		d->worker = online_cores() > 1 && pthread_create(&d->tid, NULL, worker_main, d) == 0 ? 1 : -1;
	return 0;
}

int gr_pcache_finish(struct gr_pcache *c)
{
	struct deferred *d = c ? c->d : NULL;
	if (!d)
		return 0;
	drain(d);
	int ok = 1;
	for (size_t i = 0; i < d->n && ok; i++)
		ok = job_at(d, i)->first || job_at(d, i)->re;
	for (size_t i = 0; i < d->n && ok; i++) {
		struct job *j = job_at(d, i);
		if (j->first) { /* a second holder: a copy, as a cache hit gives it */
			ok = (*j->slot = pcre2_code_copy(*job_at(d, j->first - 1)->slot)) != NULL;
			continue;
		}
		*j->slot = j->re;
		c->st.compiled++;
		/* Kept for the load's other holders and the file, lent as
		 * gr_pcache_compile lends with keep. */
		if (!find(c, j->src, KIND_CODE, j->opts, j->hash) &&
		    add(c, j->src, KIND_CODE, j->opts, j->re, 0, NULL, 0, j->hash) == 0) {
			j->src = NULL;
			c->dirty = 1;
		}
		j->re = NULL; /* the slot's now */
	}
	defer_stop(c); /* frees what no slot took */
	return ok ? 0 : -1;
}

const unsigned char *gr_pcache_blob(struct gr_pcache *c, const char *src, uint32_t tag, size_t *len)
{
	struct entry *e = c ? find(c, src, KIND_BLOB, tag, key_hash(src, KIND_BLOB, tag)) : NULL;
	if (!e)
		return NULL;
	e->used = 1;
	*len = e->blen;
	return e->blob;
}

int gr_pcache_persists(const struct gr_pcache *c)
{
	return c && c->file;
}

void gr_pcache_keep_blob(struct gr_pcache *c, const char *src, uint32_t tag, const void *blob, size_t len)
{
	uint64_t hash = c ? key_hash(src, KIND_BLOB, tag) : 0;
	if (!c || !c->file || find(c, src, KIND_BLOB, tag, hash))
		return;
	char *s = strdup(src);
	unsigned char *b = malloc(len ? len : 1);
	if (s && b) {
		memcpy(b, blob, len);
		if (add(c, s, KIND_BLOB, tag, NULL, 0, b, len, hash) == 0) {
			c->dirty = 1;
			return;
		}
	}
	free(s);
	free(b);
}

void gr_pcache_stats(const struct gr_pcache *c, struct gr_pcache_stats *st)
{
	*st = c->st;
}

/* ---- the file ---------------------------------------------------------------- */

int gr_pcache_file(const char *path, char *out, size_t n)
{
	const char *dir = getenv("GRADER_CACHE_DIR"), *sub = "";
	if (dir && (!*dir || !strcmp(dir, "off") || !strcmp(dir, "0")))
		return -1;
	if (!dir) {
		const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
		if (xdg && *xdg == '/') {
			dir = xdg;
			sub = "/profiler-triage";
		} else if (home && *home == '/') {
			dir = home;
			sub = "/.cache/profiler-triage";
		} else {
			return -1;
		}
	}
	char abs[PATH_MAX];
	const char *key = realpath(path, abs) ? abs : path;
	int w = snprintf(out, n, "%s%s/patterns-%016llx.bin", dir, sub, (unsigned long long)gr_str_hash(key));
	return w > 0 && (size_t)w < n ? 0 : -1;
}

/* A checksum that catches a short or damaged file: four lanes of
 * multiply-xor over 8-byte words, so 400 KB take tens of microseconds. */
static uint64_t checksum(const unsigned char *p, size_t n)
{
	uint64_t h[4] = { 0x9E3779B97F4A7C15ull ^ n, 0xC2B2AE3D27D4EB4Full, 0x165667B19E3779F9ull,
			  0x27D4EB2F165667C5ull };
	size_t i = 0;
	for (; i + 32 <= n; i += 32)
		for (int k = 0; k < 4; k++) {
			uint64_t w;
			memcpy(&w, p + i + 8 * k, 8);
			h[k] = (h[k] ^ w) * 0xFF51AFD7ED558CCDull;
			h[k] ^= h[k] >> 29;
		}
	for (; i < n; i++)
		h[0] = (h[0] ^ p[i]) * 0x100000001B3ull;
	return (h[0] ^ (h[1] * 3) ^ (h[2] * 5) ^ (h[3] * 7)) * 0xC4CEB9FE1A85EC53ull;
}

static uint32_t get32(const unsigned char *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}

static uint64_t get64(const unsigned char *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}

/* The whole file, mapped read-only, when it is a regular file of ours that
 * no one else may write and of a sane size; NULL otherwise. Mapped, not
 * read: copying 700 KB into fresh memory faults in every page of it, and
 * the entries can point into the mapping instead of into copies. A save
 * renames a new file into place, so the mapped one never changes under us. */
static unsigned char *map_own(const char *file, size_t *len)
{
	int fd = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	struct stat st;
	void *m = MAP_FAILED;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() && !(st.st_mode & 022) &&
	    st.st_size >= HEADER && (uint64_t)st.st_size <= MAX_FILE) {
		m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
		*len = (size_t)st.st_size;
	}
	close(fd);
	return m == MAP_FAILED ? NULL : m;
}

/* The records of a checked body: entries added, codes decoded. Returns 0,
 * or -1 when the body does not hold together (what was added stays: every
 * entry is keyed by its full text, so none can be wrong). */
static int load_body(struct gr_pcache *c, const unsigned char *p, size_t len, uint32_t nent, uint32_t ncode)
{
	size_t at = 0, ncodes_seen = 0;
	size_t first = c->n;
	if (nent > len / REC || reserve(c, c->n + nent) < 0)
		return -1;
	for (uint32_t i = 0; i < nent; i++) {
		if (len - at < REC)
			return -1;
		uint8_t kind = p[at];
		uint32_t opts = get32(p + at + 1), sl = get32(p + at + 5), bl = get32(p + at + 9);
		uint64_t hash = get64(p + at + 13); /* not worked out again: the checksum vouches for it */
		at += REC;
		/* The text and its NUL, then the blob: both used where they lie. */
		if (kind > KIND_BLOB || sl >= len - at || bl > len - at - sl - 1 || (kind == KIND_CODE && bl))
			return -1;
		char *src = (char *)p + at;
		unsigned char *blob = kind == KIND_BLOB ? (unsigned char *)p + at + sl + 1 : NULL;
		at += sl + 1 + bl;
		if (src[sl] || strlen(src) != sl)
			return -1;
		if (find(c, src, kind, opts, hash) || add(c, src, kind, opts, NULL, 1, blob, bl, hash) < 0)
			return -1;
		c->e[c->n - 1].used = 0;
		c->e[c->n - 1].read = 1;
		c->e[c->n - 1].mapped = 1;
		ncodes_seen += kind == KIND_CODE;
	}
	if (ncodes_seen != ncode)
		return -1;
	if (!ncode)
		return 0;
	const uint8_t *ser = p + at;
	if (len - at < 16 || pcre2_serialize_get_number_of_codes(ser) != (int32_t)ncode)
		return -1;
	pcre2_code **codes = calloc(ncode, sizeof(*codes));
	if (!codes)
		return -1;
	int32_t got = pcre2_serialize_decode(codes, (int32_t)ncode, ser, NULL);
	if (got != (int32_t)ncode) {
		free(codes);
		return -1;
	}
	for (size_t i = first, k = 0; i < c->n; i++)
		if (c->e[i].kind == KIND_CODE)
			c->e[i].re = codes[k++];
	free(codes);
	return 0;
}

/* Forget every entry from index first on (a file that did not load). */
static void drop_from(struct gr_pcache *c, size_t first)
{
	for (size_t i = first; i < c->n; i++) {
		if (!c->e[i].mapped) {
			free(c->e[i].src);
			free(c->e[i].blob);
		}
		if (c->e[i].owned)
			pcre2_code_free(c->e[i].re);
	}
	c->n = first;
	memset(c->slot, 0, (c->mask + 1) * sizeof(*c->slot));
	for (size_t i = 0; i < c->n; i++)
		place(c, i);
}

void gr_pcache_open(struct gr_pcache *c, const char *path)
{
	char file[PATH_MAX];
	if (!c || gr_pcache_file(path, file, sizeof(file)) < 0 || !(c->file = strdup(file)))
		return;
	size_t len = 0;
	unsigned char *b = c->map ? NULL : map_own(file, &len);
	if (!b) {
		c->dirty = 1; /* none yet (or not usable): write one */
		return;
	}
	size_t first = c->n;
	uint64_t body = get64(b + 24);
	if (memcmp(b, MAGIC, 8) || get32(b + 8) != ORDER || body != len - HEADER ||
	    checksum(b + HEADER, len - HEADER) != get64(b + 32) ||
	    load_body(c, b + HEADER, len - HEADER, get32(b + 12), get32(b + 16)) < 0) {
		drop_from(c, first);
		c->dirty = 1;
		munmap(b, len);
		return;
	}
	c->map = b;
	c->maplen = len;
}

static int mkdir_p(char *dir)
{
	struct stat st;
	if (stat(dir, &st) == 0)
		return S_ISDIR(st.st_mode) ? 0 : -1;
	char *slash = strrchr(dir, '/');
	if (slash && slash != dir) {
		*slash = '\0';
		int rc = mkdir_p(dir);
		*slash = '/';
		if (rc < 0)
			return -1;
	}
	return mkdir(dir, 0700) == 0 || errno == EEXIST ? 0 : -1;
}

static void put32(struct gr_buf *b, uint32_t v) { gr_buf_add(b, (const char *)&v, 4); }
static void put64(struct gr_buf *b, uint64_t v) { gr_buf_add(b, (const char *)&v, 8); }

/* PCRE2 serialises codes that share one set of character tables, and
 * decoded codes share the file's copy, not the built-in one a fresh compile
 * uses. A load that read the file and compiled more recompiles what it read
 * before writing: rare (an edited exercise, a new grader), and then once. */
static int recompile_read(struct gr_pcache *c)
{
	for (size_t i = 0; i < c->n; i++) {
		struct entry *e = &c->e[i];
		if (!e->used || !e->read || e->kind != KIND_CODE)
			continue;
		int code;
		PCRE2_SIZE off;
		pcre2_code *re = pcre2_compile((PCRE2_SPTR)e->src, PCRE2_ZERO_TERMINATED, e->opts, &code, &off, NULL);
		if (!re)
			return -1;
		if (e->owned)
			pcre2_code_free(e->re); /* else a holder's, which keeps it */
		e->re = re;
		e->owned = 1;
		e->read = 0;
	}
	return 0;
}

/* The body: the records of the entries this load used, then their codes. */
static int encode_body(struct gr_pcache *c, struct gr_buf *b, uint32_t *nent, uint32_t *ncode)
{
	int mixed = 0, fresh = 0;
	for (size_t i = 0; i < c->n; i++)
		if (c->e[i].used && c->e[i].kind == KIND_CODE) {
			mixed |= c->e[i].read;
			fresh |= !c->e[i].read;
		}
	if (mixed && fresh && recompile_read(c) < 0)
		return -1;
	const pcre2_code **codes = malloc((c->n ? c->n : 1) * sizeof(*codes));
	if (!codes)
		return -1;
	*nent = *ncode = 0;
	for (size_t i = 0; i < c->n; i++) {
		const struct entry *e = &c->e[i];
		if (!e->used)
			continue;
		size_t sl = strlen(e->src);
		gr_buf_putc(b, (char)e->kind);
		put32(b, e->opts);
		put32(b, (uint32_t)sl);
		put32(b, (uint32_t)e->blen);
		put64(b, e->hash);
		gr_buf_add(b, e->src, sl + 1); /* with its NUL: a reader points at it */
		if (e->blen)
			gr_buf_add(b, (const char *)e->blob, e->blen);
		(*nent)++;
		if (e->kind == KIND_CODE)
			codes[(*ncode)++] = e->re;
	}
	int rc = 0;
	if (*ncode) {
		uint8_t *ser = NULL;
		PCRE2_SIZE size = 0;
		if (pcre2_serialize_encode(codes, (int32_t)*ncode, &ser, &size, NULL) != (int32_t)*ncode)
			rc = -1;
		else
			gr_buf_add(b, (const char *)ser, size);
		pcre2_serialize_free(ser);
	}
	free(codes);
	return rc < 0 || !gr_buf_ok(b) ? -1 : 0;
}

/* Is name one of our files ("patterns-<16 hex>.bin"), or what a save
 * killed between mkstemp and rename left ("....bin.XXXXXX")? */
static int ours(const char *name)
{
	if (strncmp(name, "patterns-", 9))
		return 0;
	const char *h = name + 9;
	for (int i = 0; i < 16; i++)
		if (!h[i] || !strchr("0123456789abcdef", h[i]))
			return 0;
	return !strcmp(h + 16, ".bin") || (!strncmp(h + 16, ".bin.", 5) && strlen(h + 21) == 6);
}

/* Remove the files beside file that no run has written for STALE_DAYS:
 * an exercise moved or deleted, or a grader that keeps its analyses under
 * another build's tag, would otherwise leave them for ever. Only the
 * user's own regular files with our names go; a file still in use costs
 * its next run one compile. Runs only after a write (rare), so a warm
 * `grade` never reads the folder. */
static void prune(const char *file)
{
	const char *slash = strrchr(file, '/');
	if (!slash)
		return;
	char dir[PATH_MAX];
	size_t n = (size_t)(slash - file);
	if (n >= sizeof(dir))
		return;
	memcpy(dir, file, n);
	dir[n] = '\0';
	int dfd = open(n ? dir : "/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = dfd >= 0 ? fdopendir(dfd) : NULL;
	if (!d) {
		if (dfd >= 0)
			close(dfd);
		return;
	}
	time_t now = time(NULL);
	struct dirent *de;
	while ((de = readdir(d))) {
		struct stat st;
		if (!ours(de->d_name) || !strcmp(de->d_name, slash + 1) ||
		    fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			continue;
		if (S_ISREG(st.st_mode) && st.st_uid == geteuid() && now - st.st_mtime > STALE_DAYS * 86400L)
			unlinkat(dfd, de->d_name, 0);
	}
	closedir(d);
}

int gr_pcache_save(struct gr_pcache *c)
{
	if (!c || !c->file)
		return 0;
	int stale = c->dirty;
	for (size_t i = 0; i < c->n && !stale; i++)
		stale = !c->e[i].used; /* the exercise no longer holds it: shrink the file */
	if (!stale)
		return 0;
	struct gr_buf b = { 0 };
	uint32_t nent, ncode;
	gr_buf_add(&b, MAGIC, 8);
	put32(&b, ORDER);
	put32(&b, 0);
	put32(&b, 0);
	put32(&b, 0);
	put64(&b, 0);
	put64(&b, 0);
	int rc = encode_body(c, &b, &nent, &ncode);
	char tmp[PATH_MAX + 16];
	int fd = -1;
	if (!rc) {
		uint64_t body = b.len - HEADER, sum = checksum((unsigned char *)b.data + HEADER, body);
		memcpy(b.data + 12, &nent, 4);
		memcpy(b.data + 16, &ncode, 4);
		memcpy(b.data + 24, &body, 8);
		memcpy(b.data + 32, &sum, 8);
		char *slash = strrchr(c->file, '/');
		if (slash) {
			*slash = '\0';
			rc = mkdir_p(c->file);
			*slash = '/';
		}
		snprintf(tmp, sizeof(tmp), "%s.XXXXXX", c->file);
		if (!rc && (fd = mkstemp(tmp)) < 0)
			rc = -1;
	}
	if (!rc && gr_write_all(fd, b.data, b.len) < 0) /* written whole under another name, then renamed */
		rc = -1;
	if (fd >= 0) {
		if (close(fd) < 0 || rc < 0 || rename(tmp, c->file) < 0) {
			unlink(tmp);
			rc = -1;
		}
	}
	gr_buf_free(&b);
	if (rc < 0)
		return -1;
	c->dirty = 0;
	prune(c->file);
	return 1;
}
