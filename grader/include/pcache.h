/*
 * pcache.h - compiled patterns, kept once per load and between runs.
 *
 * Loading an exercise compiles some 600 PCRE2 patterns and works out each
 * one's literals (patset.h): most of what one `grader grade` costs. Within
 * a load, a pattern several sets hold is compiled once and copied. Between
 * runs, what a load compiled (PCRE2's serialised codes), each pattern's
 * literal analysis and the exercise's parsed YAML document (ydoc.h) are
 * kept in a cache file per exercise, so the next run of a learner's `make
 * check` reads them instead of working them out again. The file is mapped,
 * not read: blobs and pattern texts are used where they lie in it.
 *
 * Entries are found by the pattern's exact text and compile options (a
 * blob by its text and a tag its owner chooses: patset.c tags its literal
 * analyses with its own build, so a rebuilt grader never reads an older
 * analysis), never by the exercise's name or date: an edited exercise's
 * changed patterns miss, are compiled, and the file is rewritten with what
 * this load used.
 * A file that is short, from another PCRE2 build, fails its checksum, is
 * not the user's own or is writable by others is ignored (PCRE2 trusts
 * serialised data: only the user's own, intact file is decoded). Failing
 * to write one is silent. Caching never changes a verdict or a message: a
 * pattern that does not compile is never kept, so its error is found and
 * reported exactly as without a cache.
 *
 * Where: $GRADER_CACHE_DIR, else $XDG_CACHE_HOME/profiler-triage, else
 * $HOME/.cache/profiler-triage. GRADER_CACHE_DIR=off (or empty) turns
 * the file off; the cache within a load stays. One file per exercise:
 * patterns-<hash of its absolute path>.bin. Each write removes the files
 * beside it that no run has written for 30 days (an exercise moved or
 * deleted), so the folder does not grow for ever.
 *
 * Compiling in the background: a load with nothing kept for most of its
 * patterns (the first run, or GRADER_CACHE_DIR=off) spends about a third
 * of a `grade` in pcre2_compile. With gr_pcache_defer() on, a miss of
 * gr_pcache_compile_later() is handed to a worker thread (on a machine
 * with more than one core) while the load goes on reading the exercise
 * and working out literals; gr_pcache_finish() compiles what is left,
 * waits for the worker and fills every slot. A pattern that does not
 * compile is only known then, without its context: the caller loads again
 * without deferring, so the error reads exactly as it always has.
 *
 * Ownership: gr_pcache_compile() returns a code the caller owns. The
 * cache owns its blobs and the codes it read or copied; a code it handed
 * out with keep it only borrows, so its holder must outlive the cache
 * (an exercise's sets do: the cache lives only while the exercise loads).
 * One cache serves one load on one thread.
 */
#ifndef GR_PCACHE_H
#define GR_PCACHE_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stddef.h>
#include <stdint.h>

struct gr_pcache;

/* NULL when out of memory (callers then compile every pattern). */
struct gr_pcache *gr_pcache_new(void);
void gr_pcache_free(struct gr_pcache *c);

/* Read the file kept for the exercise at path, when one is usable; either
 * way, gr_pcache_save() will write to it. */
void gr_pcache_open(struct gr_pcache *c, const char *path);

/* Write the file back when this load compiled or analysed something it
 * did not hold. Returns 1 written, 0 nothing to write or no file chosen,
 * -1 not written (nothing is lost: the next run compiles). */
int gr_pcache_save(struct gr_pcache *c);

/* pcre2_compile(src, options) through c (NULL: plain compile): the kept
 * code or a copy of it, or a fresh one (then kept). keep: the caller holds
 * the code until after gr_pcache_free(), so the cache may lend it out
 * instead of copying (an exercise's patterns); 0 for a code freed at once.
 * On a bad pattern returns NULL with *code and *off as pcre2_compile sets
 * them; out of memory, NULL with *code 0. */
pcre2_code *gr_pcache_compile(struct gr_pcache *c, const char *src, uint32_t options, int keep, int *code,
			      PCRE2_SIZE *off);

/* From now on, let gr_pcache_compile_later() defer what it must compile
 * (no-op on NULL). */
void gr_pcache_defer(struct gr_pcache *c);

/* Is c deferring (gr_pcache_defer() on, gr_pcache_finish() not yet)? */
int gr_pcache_deferring(const struct gr_pcache *c);

/* Does c hold a code for src and options, so gr_pcache_compile() would
 * compile nothing? */
int gr_pcache_holds(struct gr_pcache *c, const char *src, uint32_t options);

/* gr_pcache_compile(c, src, options, keep = 1) into *slot, now or, when
 * c defers, by gr_pcache_finish(); *slot must stay where it is until then
 * and is NULL meanwhile. Returns 0, or as gr_pcache_compile fails: -1 with
 * *code and *off set (bad pattern, *code != 0) or *code 0 (out of memory). */
int gr_pcache_compile_later(struct gr_pcache *c, const char *src, uint32_t options, pcre2_code **slot, int *code,
			    PCRE2_SIZE *off);

/* Compile every deferred pattern (sharing the work with the worker), wait
 * for it and fill the slots; deferring stops. Returns 0, or -1 when some
 * pattern did not compile (every slot is then left NULL and the cache
 * keeps nothing of the deferred work) or memory ran out copying one (some
 * slots may be filled, as a failed gr_pcache_compile leaves its earlier
 * ones): either way the caller discards what it loaded and loads again
 * without deferring, to find and report the error. */
int gr_pcache_finish(struct gr_pcache *c);

/* Does c keep anything for the next run (a cache file was chosen)? Blobs
 * are worth building only then. */
int gr_pcache_persists(const struct gr_pcache *c);

/* The bytes kept for src under tag (a pattern's literal analysis, a YAML
 * document), or NULL. They may lie in the mapped file: read-only, valid
 * until gr_pcache_free(). */
const unsigned char *gr_pcache_blob(struct gr_pcache *c, const char *src, uint32_t tag, size_t *len);

/* Keep blob for src under tag, when c persists (copied; out of memory:
 * not kept). */
void gr_pcache_keep_blob(struct gr_pcache *c, const char *src, uint32_t tag, const void *blob, size_t len);

struct gr_pcache_stats {
	size_t compiled; /* pcre2_compile calls made */
	size_t reused;   /* codes handed out from the cache */
};
void gr_pcache_stats(const struct gr_pcache *c, struct gr_pcache_stats *st);

/* The file gr_pcache_open(path) reads and writes, into out (size n):
 * 0, or -1 when caching to a file is off or no directory can be named. */
int gr_pcache_file(const char *path, char *out, size_t n);

#endif
