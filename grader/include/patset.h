/*
 * patset.h - a named set of PCRE2 patterns scanned fast over short texts.
 *
 * A concept is many small patterns ("\bbecause\b", "\bre-?profil\w*", ...).
 * Joined into one alternation, PCRE2 must try every alternative at every
 * byte (~50 ns/byte); compiled one by one, each pattern can skip ahead to
 * its first character, and most can be skipped entirely: at load time each
 * pattern gets, when it can be proved, a set of literal strings one of which
 * every match must contain ("because"; "profil"). A report is indexed once
 * by its lowercase trigrams (gr_trigrams_build), and a pattern none of whose
 * literals' trigrams occur in the report is never run. A pattern that does
 * run is tried only in the window before each place its literal occurs
 * when the literal starts every match, or sits at most a bounded number of
 * bytes into one (bounds may count runs of \s and \w, which each text
 * bounds: gr_width); otherwise over the whole text. A window is skipped
 * when the pattern's second literal occurs nowhere within reach of it.
 * Lowercase folds ASCII and the Latin-1 letters, so "não" is a literal too.
 * A gr_gate does the same for one pattern tried at many places (labels).
 * A pattern several sets hold the same ("\bcasts?\b" in three concepts)
 * is matched once per text: the index keeps its matches (gr_patset_share).
 *
 * Matches of a set are reported in order, without overlaps, as a single
 * alternation of the patterns would report them (leftmost; at one start the
 * earlier pattern wins).
 *
 * JIT: compiling a pattern to machine code costs more than interpreting it
 * over one short report, so a pattern is JIT-compiled the second time it
 * must run (a batch pays once per pattern, a single `grade` not at all), or
 * all at once with gr_patset_jit(), as batch verbs do before sharing an
 * exercise between threads. Compilation is guarded by a mutex, so the lazy
 * path is safe from several threads too.
 *
 * Valid UTF-8 only: texts are normalised first (text.h: invalid bytes become
 * U+FFFD, so a report with them is still graded), and every offset and end
 * a caller passes lies on a character boundary. So patterns are compiled
 * without PCRE2_MATCH_INVALID_UTF and matched with PCRE2_NO_UTF_CHECK:
 * with that option, the interpreter checks the rest of the subject again
 * on every call, whatever NO_UTF_CHECK says (2.6 us a call on a 2 KB
 * report, against 50 ns), which was half of a single `grade`'s matching.
 *
 * Ownership: a patset owns its patterns; gr_patset_free() releases them.
 */
#ifndef GR_PATSET_H
#define GR_PATSET_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stddef.h>
#include <stdint.h>

#define GR_MAX_LITERALS 128     /* literals per pattern; more and it always runs */
#define GR_MATCH_LIMIT 1000000  /* PCRE2 backtracking steps per match */
#define GR_DEPTH_LIMIT 10000    /* PCRE2 backtracking depth */
#define GR_MAX_MENTIONS 4096    /* matches kept per pattern per text */
#define GR_UNBOUNDED ((size_t)-1)
#define GR_MAX_PRE 512          /* a literal further into a match than this: scan the whole text */
#define GR_NEED_MAX 128         /* longest second requirement kept */
#define GR_NEEDSET_MAX 16       /* most literals in a second, either-of requirement */

/* The most bytes a part of a match can take: c, plus s runs of white space
 * and w runs of word characters (\s+, \w+), each no longer than the
 * longest such run in the text at hand (gr_width_bytes). Bounds known only
 * per text still let to\s+(?:and|copy) be tried near its literal.
 * c == GR_UNBOUNDED: no bound. */
struct gr_width {
	size_t c;
	unsigned s, w;
};

struct gr_scratch {
	pcre2_match_data *md;
	pcre2_match_context *mctx;
	pcre2_jit_stack *jit;
	struct gr_hit *hits; /* gr_patset_scan's matches, reused from text to text */
	size_t hcap;
};

/* Returns 0 or GR_ENOMEM. gr_scratch_free() on a zeroed scratch is a no-op. */
int gr_scratch_init(struct gr_scratch *s);
void gr_scratch_free(struct gr_scratch *s);

/* A literal one of which every match of a pattern contains. The set keeps
 * all its literals in one array, so the per-report presence checks walk
 * memory in order. */
#define GR_LIT_TRI 4 /* trigrams checked for presence: first, last and two between (exactly 4) */
struct gr_literal {
	uint16_t tri[GR_LIT_TRI]; /* trigram hashes; tri[0] is the first trigram; unused: 0 */
	uint8_t ntri;          /* 0 for a two-character literal */
	uint8_t wb;            /* a prefix literal right after \b: a match starts at a word boundary */
	uint16_t len;          /* >= 3, or 2 for a prefix literal */
	char *s;               /* lowercase ASCII */
};

struct gr_pattern {
	pcre2_code *re;
	struct gr_literal *lit; /* one of which every match contains */
	size_t nlit;           /* 0: no literal proved, always run (but see high) */
	int high;              /* no literal, but every match holds a byte above 0x7F */
	int prefix;            /* every match starts with one of the literals (after \b, lookbehinds) */
	int words;             /* every match is one of the literals as a whole word: found without PCRE2 */
	struct gr_width pre;   /* at most this much of a match comes before its literal */
	struct gr_literal need; /* another literal every match holds (need.s NULL: none) */
	struct gr_width need_pre; /* ... this far at most after the match's start */
	struct gr_literal *needset; /* literals one of which every match also holds */
	size_t nneedset;       /* 0: none */
	struct gr_width needset_pre; /* ... this far at most after the match's start */
	char *src;             /* the pattern as written */
	uint32_t memo;         /* slot + 1 when other sets hold the same pattern
				* (gr_patset_share): its matches are found once
				* per text; 0 otherwise */
	int jitted;            /* JIT attempted (atomic; set under the JIT lock) */
	int jit_ok;            /* JIT code exists: matched through pcre2_jit_match (atomic) */
	int uses;              /* texts scanned (atomic): JIT pays off from the second */
};

struct gr_patset {
	struct gr_pattern *v;
	size_t n;
	struct gr_literal *lit; /* every pattern's literals, in pattern order */
	uint16_t *probe;        /* what each pattern's presence test reads, packed in
				 * pattern order so a scan walks it once (NULL, in a set
				 * built by hand: no presence test, every pattern runs) */
};

/* One text indexed by its lowercase-ASCII trigrams: which occur (2^16 bits)
 * and where (chains by hash), so a pattern whose matches must start with a
 * literal is tried only where that literal is. */
#define GR_TRI_HEADS 4096
struct gr_trigrams {
	uint64_t bits[1024];
	uint32_t head[GR_TRI_HEADS]; /* first position + 1 with this hash, 0 none */
	uint32_t *next;              /* next position + 1 in the chain, ascending */
	uint32_t *word;              /* where each word starts (an ASCII letter, digit or _ after none) */
	uint32_t *wnext;             /* index + 1 of the next word with the same first letter, 0 none */
	uint32_t whead[128];         /* index + 1 of the first word starting with each (lowercase) byte */
	size_t nword;
	char *lower;                 /* the text in ASCII lowercase */
	size_t len;
	size_t srun, wrun;           /* the longest runs of bytes that may be white space,
				      * or word characters (non-ASCII bytes count as both) */
	int ascii;                   /* no byte above 0x7F: every character is one byte */
	struct gr_memo *memo;        /* matches of shared patterns, found once for this text */
};

/* Can t's text hold s (n >= 3 bytes of lowercase ASCII)? 0 only when one
 * of its trigrams occurs nowhere: a memmem worth skipping. */
int gr_trigrams_may_hold(const struct gr_trigrams *t, const char *s, size_t n);

/* w's bound in bytes over the text t indexes: GR_UNBOUNDED when none.
 * Widths count CHAR_BYTES (4) per character; in an all-ASCII text a
 * character is one byte, so the bound is a quarter. */
size_t gr_width_bytes(struct gr_width w, const struct gr_trigrams *t);

/* Index buf (texts over 4 GiB are not indexed: patterns then always run).
 * Returns 0 or GR_ENOMEM; gr_trigrams_free() releases it. */
int gr_trigrams_build(struct gr_trigrams *t, const char *buf, size_t len);
void gr_trigrams_free(struct gr_trigrams *t);

/* Compile patterns[0..n) (caseless, UTF, UCP) into set.
 * On a bad pattern returns GR_EINPUT with *bad its index, msg (size m) the
 * PCRE2 message and *offset the offset in the pattern; GR_ENOMEM otherwise. */
int gr_patset_compile(struct gr_patset *set, const char *const *patterns, size_t n, size_t *bad,
		      char *msg, size_t m, size_t *offset);

struct gr_pcache; /* pcache.h */

/* gr_patset_compile() through cache (NULL: none): codes and literal
 * analyses kept from earlier sets of the load, or from the last run. */
int gr_patset_compile_cached(struct gr_patset *set, const char *const *patterns, size_t n, struct gr_pcache *cache,
			     size_t *bad, char *msg, size_t m, size_t *offset);

/* 0 when GRADER_NO_JIT is set (to a value other than 0): every pattern is
 * then interpreted, as valgrind needs. */
int gr_jit_enabled(void);

/* JIT-compile one pattern unless it is already, under the JIT lock. Use it
 * before scanning a long text with many calls, where machine code repays
 * its compilation. */
#define GR_JIT_TEXT 16384 /* texts this long are always matched with JIT code */
void gr_jit_code(pcre2_code *re);

/* pcre2_match for normalised text (valid UTF-8, not checked again), through
 * the JIT's own entry when re has JIT code. Same results and errors. */
int gr_match_code(const pcre2_code *re, const char *buf, size_t len, size_t off, pcre2_match_data *md,
		  pcre2_match_context *mctx);

/* Can a match of re start with byte c? From PCRE2's start-of-match data (a
 * first code unit, or a bitmap of them); 1 when it has none. Lets a caller
 * skip an anchored try that must fail. */
int gr_may_start(const pcre2_code *re, unsigned char c);

/* JIT-compile every pattern now (before sharing across threads, or to time it). */
void gr_patset_jit(struct gr_patset *set);

/* Number the patterns that several of sets[0..n) hold, written the same:
 * scanning a text through one of those sets keeps their matches (in the
 * text's gr_trigrams), and the other sets reuse them instead of matching
 * again. Returns how many such patterns there are. Call once, before the
 * sets are shared between threads. */
size_t gr_patset_share(struct gr_patset *const *sets, size_t n);

/* Call each(ctx, start, end) for every match in buf[0..len), in order, with
 * no overlaps. buf must be valid UTF-8 (normalised text: see text.h), as it
 * is not checked again on every call. tri may be NULL (no skipping); each
 * returns <0 to abort, 1 to drop the match (a later overlapping one may then
 * be reported), 0 to keep it. */
int gr_patset_scan(struct gr_patset *set, const char *buf, size_t len, const struct gr_trigrams *tri,
		   struct gr_scratch *s, int (*each)(void *ctx, size_t start, size_t end), void *ctx);

/* What the literal analysis proves about one pattern, besides its literals. */
struct gr_lit_info {
	int prefix;                /* every match starts with one of the literals */
	int wb[GR_MAX_LITERALS];   /* ... right after a \b */
	struct gr_width pre;       /* at most this much of a match comes before the
				    * literal it holds */
	char need[GR_NEED_MAX + 1]; /* a literal every match also holds, "" when none */
	struct gr_width need_pre;  /* ... at most this far into the match */
	char needset[GR_NEEDSET_MAX][GR_NEED_MAX + 1]; /* literals one of which every match also holds */
	size_t nneedset;           /* 0: none */
	struct gr_width needset_pre; /* ... at most this far into the match */
};

/* The literals extracted from one pattern: returns how many were written
 * into out (each malloc'ed), or 0 when none is proved; info says the rest.
 * A literal is three characters or more, or two when every match starts
 * with it. */
size_t gr_pattern_literals(const char *pattern, char **out, size_t max, struct gr_lit_info *info);

void gr_patset_free(struct gr_patset *set);

/* A gate for one pattern tried at many places (a label at every line's
 * start, an inference over every sentence): the literals one of which every
 * match holds, so a stretch of text that holds none is never tried. */
struct gr_gate {
	struct gr_literal *lit;
	size_t n;   /* 0: nothing proved, the gate is always open */
	int prefix; /* every match starts with one of them */
	int high;   /* some alternatives match only text with a byte above 0x7F
		     * (a Cyrillic or CJK label): open wherever the text holds one */
	int shut;   /* ... and no other alternative: shut on ASCII texts */
};

/* Returns 0 or GR_ENOMEM. pattern: the alternatives that may match ASCII
 * text (NULL: none); high: others exist, each of whose matches holds a
 * byte above 0x7F (gr_pattern_high). A pattern with no literal gives an
 * open gate. cache (NULL: none) keeps the literal analysis, as for sets. */
int gr_gate_build(struct gr_gate *g, const char *pattern, int high, struct gr_pcache *cache);

/* Does every match of pattern hold a byte above 0x7F, because each of its
 * alternatives opens with one ("топ\s+cuda", "cuda\s*시간" does not)? */
int gr_pattern_high(const char *pattern);

/* May a match of the gate's pattern lie within [from, to) of the text t
 * indexes (starting at from, for a prefix gate)? 1 when it cannot tell. */
int gr_gate_open(const struct gr_gate *g, const struct gr_trigrams *t, size_t from, size_t to);

void gr_gate_free(struct gr_gate *g);

#endif
