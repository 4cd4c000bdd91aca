/*
 * chars.h - ASCII character classes by table lookup.
 *
 * The passes over a report (normalising, indexing trigrams, splitting
 * sentences and clauses, counting words) test every byte; <ctype.h> goes
 * through the locale's table pointer on each call. These give the same
 * answers as <ctype.h> in the "C" locale, which the grader never changes:
 * bytes >= 0x80 are in none of its classes.
 */
#ifndef GR_CHARS_H
#define GR_CHARS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

enum {
	GR_CH_ALPHA = 1,
	GR_CH_DIGIT = 2,
	GR_CH_UPPER = 4,
	GR_CH_WORD = 8,    /* alphanumeric or '_': a word character of \b */
	GR_CH_HIGH = 16,   /* a byte of a non-ASCII character */
	GR_CH_CLAUSE = 32, /* punctuation that may end a clause: , ; : ( ) - */
};

extern const unsigned char gr_chars[256];

static inline int gr_isalpha(unsigned char c) { return gr_chars[c] & GR_CH_ALPHA; }
static inline int gr_isdigit(unsigned char c) { return gr_chars[c] & GR_CH_DIGIT; }
static inline int gr_isalnum(unsigned char c) { return gr_chars[c] & (GR_CH_ALPHA | GR_CH_DIGIT); }
static inline int gr_isword(unsigned char c) { return gr_chars[c] & GR_CH_WORD; }
/* The code point of the three-byte UTF-8 character at u (a lead byte in
 * 0xE0..0xEF, its two continuation bytes after it: the caller checks). */
static inline unsigned gr_cp3(const unsigned char *u)
{
	return (unsigned)(u[0] & 0x0F) << 12 | (unsigned)(u[1] & 0x3F) << 6 | (u[2] & 0x3F);
}
/* Part of a word as a learner writes one: a letter, a digit or any non-ASCII
 * character (0 or 1, so it can be added). */
static inline int gr_istext(unsigned char c) { return (gr_chars[c] & (GR_CH_ALPHA | GR_CH_DIGIT | GR_CH_HIGH)) != 0; }
/* How many words b[from..to) holds, counted that way (without branches:
 * word edges are unpredictable). */
static inline int gr_count_words(const char *b, size_t from, size_t to)
{
	int n = 0, in = 0;
	for (size_t k = from; k < to; k++) {
		int w = gr_istext((unsigned char)b[k]);
		n += w & !in;
		in = w;
	}
	return n;
}

static inline unsigned char gr_tolower(unsigned char c) { return (unsigned char)(gr_chars[c] & GR_CH_UPPER ? c + 32 : c); }

/* Is w[0..n) one of the NULL-ended list (ASCII, any case)? */
static inline int gr_word_in(const char *w, size_t n, const char *const *list)
{
	unsigned char c = n ? gr_tolower((unsigned char)w[0]) : 0;
	for (const char *const *o = list; *o; o++) /* the first letter spares most strlen calls */
		if (gr_tolower((unsigned char)**o) == c && strlen(*o) == n && !strncasecmp(*o, w, n))
			return 1;
	return 0;
}

/* FNV-1a of a NUL-ended string: for the small open-addressing tables the
 * loader builds (op names, pattern texts). */
static inline uint64_t gr_str_hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

/* A hash of n bytes taken a word at a time, four times faster than
 * gr_str_hash on the long keys of the pattern cache (pattern texts, a
 * whole exercise file). Not for anything kept across builds of another
 * machine: it reads words in the machine's own order. */
static inline uint64_t gr_mem_hash(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = 0x9E3779B97F4A7C15ull ^ n, w;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h = (h ^ w) * 0xFF51AFD7ED558CCDull;
		h ^= h >> 29;
	}
	for (; i < n; i++)
		h = (h ^ s[i]) * 0x100000001B3ull;
	return h ^ (h >> 32);
}

/* memmem(3), faster on the short texts and needles the grader searches:
 * glibc's is a portable byte loop, this one tests 16 places at once by
 * the needle's first and last bytes (SSE2, on every x86-64) and compares
 * only where both agree. The same result: the first occurrence, or NULL. */
void *gr_memmem(const void *hay, size_t hlen, const void *needle, size_t n);

#endif
