/*
 * patset.c - pattern sets with a literal prefilter and lazy JIT (see patset.h).
 *
 * The literal extraction is deliberately conservative: it reads the pattern
 * source and gives up (the pattern then always runs) on anything it does not
 * fully understand - inline options, back-references, non-ASCII literals.
 * A literal it returns is a string every match must contain, compared in
 * ASCII lowercase, so skipping a pattern whose literals are absent never
 * loses a match.
 */
#include "patset.h"

#include <assert.h>

#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "chars.h"
#include "error.h"
#include "pcache.h"

static pthread_mutex_t jit_lock = PTHREAD_MUTEX_INITIALIZER;

int gr_jit_enabled(void)
{
	/* GRADER_NO_JIT=1: interpret everything (valgrind can't follow JIT code). */
	static int enabled = -1;
	if (__atomic_load_n(&enabled, __ATOMIC_RELAXED) < 0) {
		const char *e = getenv("GRADER_NO_JIT");
		__atomic_store_n(&enabled, !(e && *e && strcmp(e, "0")), __ATOMIC_RELAXED);
	}
	return enabled;
}

int gr_scratch_init(struct gr_scratch *s)
{
	memset(s, 0, sizeof(*s));
	s->md = pcre2_match_data_create(8, NULL);
	s->mctx = pcre2_match_context_create(NULL);
	s->jit = pcre2_jit_stack_create(32 * 1024, 512 * 1024, NULL);
	if (!s->md || !s->mctx || !s->jit) {
		gr_scratch_free(s);
		return GR_ENOMEM;
	}
	pcre2_set_match_limit(s->mctx, GR_MATCH_LIMIT);
	pcre2_set_depth_limit(s->mctx, GR_DEPTH_LIMIT);
	pcre2_jit_stack_assign(s->mctx, NULL, s->jit);
	return 0;
}

void gr_scratch_free(struct gr_scratch *s)
{
	if (!s)
		return;
	pcre2_match_data_free(s->md);
	pcre2_match_context_free(s->mctx);
	pcre2_jit_stack_free(s->jit);
	free(s->hits);
	memset(s, 0, sizeof(*s));
}

/* ---- trigrams ------------------------------------------------------------ */

static unsigned tri_hash(unsigned char a, unsigned char b, unsigned char c)
{
	return ((unsigned)a * 961u + (unsigned)b * 31u + (unsigned)c) & 0xFFFFu;
}

static int is_word(unsigned char c) { return gr_isword(c); }

/* A Latin-1 letter's second UTF-8 byte (after 0xC3), folded to lowercase,
 * or -1: a literal may hold the letters whose only caseless partner is
 * their Latin-1 other case ("não" matches "NÃO", both C3-led), not "å"
 * (also ANGSTROM SIGN), "ß" (also U+1E9E), "ÿ" (U+0178), "×" or "÷". The
 * index folds the text the same way, so "otimização" is a literal. */
static int latin1_fold(unsigned char x)
{
	if (x >= 0x80 && x <= 0x9E && x != 0x85 && x != 0x97)
		return x + 0x20;
	if (x >= 0xA0 && x <= 0xBE && x != 0xA5 && x != 0xB7)
		return x;
	return -1;
}

/* What a text keeps of the patterns several sets share: per slot, its
 * matches, once found. */
struct gr_memo {
	struct memo_slot {
		uint32_t off, n; /* matches h[off .. off + n) */
		int done;
	} *slot;
	size_t nslot;
	struct memo_hit {
		size_t start, end;
	} *h;
	size_t nh, cap;
};

static void memo_free(struct gr_memo *m)
{
	if (!m)
		return;
	free(m->slot);
	free(m->h);
	free(m);
}

int gr_trigrams_build(struct gr_trigrams *t, const char *buf, size_t len)
{
	t->memo = calloc(1, sizeof(*t->memo));
	if (!t->memo)
		return GR_ENOMEM;
	memset(t->bits, 0, sizeof(t->bits));
	memset(t->head, 0, sizeof(t->head));
	memset(t->whead, 0, sizeof(t->whead));
	t->next = t->word = t->wnext = NULL;
	t->lower = NULL;
	t->len = t->nword = t->srun = t->wrun = 0;
	t->ascii = 0;
	t->bits[0] = 1; /* hash 0 pads literals' samples: always "present" */
	if (len < 3 || len >= UINT32_MAX)
		return 0;
	t->lower = malloc(len + 1);
	t->next = malloc(len * sizeof(uint32_t));
	t->word = malloc((len / 2 + 1) * sizeof(uint32_t)); /* a word start needs a non-word byte before it */
	t->wnext = malloc((len / 2 + 1) * sizeof(uint32_t));
	if (!t->lower || !t->next || !t->word || !t->wnext) {
		gr_trigrams_free(t);
		return GR_ENOMEM;
	}
	/* Locals, not t's fields: stores through lower could alias them. */
	int prev = 0;
	size_t sn = 0, wn = 0, smax = 0, wmax = 0, nword = 0; /* runs: current and longest */
	unsigned high = 0; /* the bytes' top bits, or'ed */
	char *lower = t->lower;
	uint32_t *word = t->word;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)buf[i];
		int w = is_word(c);
		high |= c;
		if (w && !prev)
			word[nword++] = (uint32_t)i;
		prev = w;
		int f = i && (unsigned char)buf[i - 1] == 0xC3 ? latin1_fold(c) : -1;
		lower[i] = (char)(f >= 0 ? f : gr_tolower(c));
		/* A non-ASCII byte may be part of a space (U+2003) or a letter. */
		sn = c >= 0x80 || c == ' ' || (c >= '\t' && c <= '\r') ? sn + 1 : 0;
		wn = c >= 0x80 || w ? wn + 1 : 0;
		smax = sn > smax ? sn : smax;
		wmax = wn > wmax ? wn : wmax;
	}
	lower[len] = '\0';
	t->nword = nword;
	t->srun = smax;
	t->wrun = wmax;
	t->ascii = !(high & 0x80);
	t->len = len;
	for (size_t i = t->nword; i-- > 0;) { /* backwards: chains ascend */
		unsigned char c = (unsigned char)t->lower[t->word[i]]; /* a word byte: ASCII */
		t->wnext[i] = t->whead[c];
		t->whead[c] = (uint32_t)i + 1;
	}
	/* Backwards, so each chain comes out in ascending position order. */
	for (size_t i = len - 2; i-- > 0;) {
		unsigned h = tri_hash((unsigned char)t->lower[i], (unsigned char)t->lower[i + 1],
				      (unsigned char)t->lower[i + 2]);
		t->bits[h >> 6] |= 1ull << (h & 63);
		unsigned b = h & (GR_TRI_HEADS - 1);
		t->next[i] = t->head[b];
		t->head[b] = (uint32_t)i + 1;
	}
	return 0;
}

int gr_trigrams_may_hold(const struct gr_trigrams *t, const char *s, size_t n)
{
	for (size_t i = 0; i + 3 <= n; i++) {
		unsigned h = tri_hash((unsigned char)s[i], (unsigned char)s[i + 1], (unsigned char)s[i + 2]);
		if (!(t->bits[h >> 6] >> (h & 63) & 1))
			return 0;
	}
	return 1;
}

void gr_trigrams_free(struct gr_trigrams *t)
{
	memo_free(t->memo);
	t->memo = NULL;
	free(t->lower);
	free(t->next);
	free(t->word);
	free(t->wnext);
	t->lower = NULL;
	t->next = t->word = t->wnext = NULL;
	t->len = t->nword = 0;
}

/* Can t hold lit? Its sampled trigrams all occur (a two-character literal
 * always can: the index knows only trigrams). Unused samples are hash 0,
 * whose bit is always set. Without branches: whether a literal occurs is
 * unpredictable, and hundreds are tested per report. */
_Static_assert(GR_LIT_TRI == 4, "has_literal tests four samples");
static inline __attribute__((always_inline)) unsigned has_samples(const struct gr_trigrams *t, const uint16_t *h)
{
	return (unsigned)((t->bits[h[0] >> 6] >> (h[0] & 63)) & (t->bits[h[1] >> 6] >> (h[1] & 63)) &
			  (t->bits[h[2] >> 6] >> (h[2] & 63)) & (t->bits[h[3] >> 6] >> (h[3] & 63)) & 1);
}

static unsigned has_literal(const struct gr_trigrams *t, const struct gr_literal *lit)
{
	return has_samples(t, lit->tri);
}

/* ---- literal extraction ---------------------------------------------------- */

struct strs {
	char *v[GR_MAX_LITERALS];
	unsigned char wb[GR_MAX_LITERALS]; /* v[i] follows a \b (prefix literals) */
	size_t n;
	int ok;       /* 0: could not prove a literal */
	int prefix;   /* every match starts with one of v */
	struct gr_width pre;   /* at most this much of a match comes before its literal */
	struct gr_width width; /* at most this much in a match of the whole */
	char need[GR_NEED_MAX]; /* the longest run of a lone sequence: every match holds it too */
	size_t needn;
	struct gr_width need_pre; /* how far into the sequence it may start */
	char *ns[GR_NEEDSET_MAX]; /* a later group of a lone sequence: every match holds one of these too */
	size_t nsn, nsmin;        /* how many, and the shortest one's length */
	struct gr_width ns_pre;   /* how far into the sequence they may start */
};

/* Widths in bytes, saturating: a character matched caselessly may take up
 * to four bytes (ASCII 'k' matches the three-byte KELVIN SIGN). */
#define CHAR_BYTES 4

static size_t w_add(size_t a, size_t b)
{
	return a >= GR_UNBOUNDED - b ? GR_UNBOUNDED : a + b;
}

static size_t w_mul(size_t a, size_t n)
{
	if (a == 0 || n == 0)
		return 0;
	return a >= GR_UNBOUNDED / n ? GR_UNBOUNDED : a * n;
}

#define RUNS_MAX 4096 /* more runs than this in a bound: no bound */
static const struct gr_width W_ZERO = { 0, 0, 0 }, W_NONE = { GR_UNBOUNDED, 0, 0 };

static struct gr_width wd(size_t c) { return (struct gr_width){ c, 0, 0 }; }
static int wd_none(struct gr_width a) { return a.c == GR_UNBOUNDED; }

static struct gr_width wd_add(struct gr_width a, struct gr_width b)
{
	if (wd_none(a) || wd_none(b) || a.s + b.s > RUNS_MAX || a.w + b.w > RUNS_MAX)
		return W_NONE;
	return (struct gr_width){ w_add(a.c, b.c), a.s + b.s, a.w + b.w };
}

/* n repeats of a; n may be GR_UNBOUNDED. */
static struct gr_width wd_mul(struct gr_width a, size_t n)
{
	if (n == 0 || (!a.c && !a.s && !a.w))
		return W_ZERO;
	if (wd_none(a) || n > RUNS_MAX || (size_t)a.s * n > RUNS_MAX || (size_t)a.w * n > RUNS_MAX)
		return W_NONE;
	return (struct gr_width){ w_mul(a.c, n), a.s * (unsigned)n, a.w * (unsigned)n };
}

/* A bound on either of two alternatives. */
static struct gr_width wd_max(struct gr_width a, struct gr_width b)
{
	if (wd_none(a) || wd_none(b))
		return W_NONE;
	return (struct gr_width){ a.c > b.c ? a.c : b.c, a.s > b.s ? a.s : b.s, a.w > b.w ? a.w : b.w };
}

size_t gr_width_bytes(struct gr_width w, const struct gr_trigrams *t)
{
	if (wd_none(w))
		return GR_UNBOUNDED;
	size_t c = t->ascii ? (w.c + CHAR_BYTES - 1) / CHAR_BYTES : w.c;
	return w_add(c, w_add(w_mul(t->srun, w.s), w_mul(t->wrun, w.w)));
}

struct lp {
	const char *p, *end;
	int broken; /* saw something we don't understand: give up */
	int keep;   /* saw \K: a match may start after its literal */
};

static void needset_clear(struct strs *s)
{
	for (size_t i = 0; i < s->nsn; i++)
		free(s->ns[i]);
	s->nsn = s->nsmin = 0;
}

static void strs_clear(struct strs *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i]);
	s->n = 0;
	needset_clear(s);
}

/* A group that every match passes through but whose literals are not the
 * ones kept ("(?:normal|expected|necessary)" after "copies ... are"): keep
 * its literals as a second requirement when they are the longest seen, so a
 * report holding none of them skips the pattern. Takes g's literals. */
static void needset_offer(struct strs *out, struct strs *g, struct gr_width pre)
{
	size_t min = (size_t)-1, max = 0;
	for (size_t i = 0; i < g->n; i++) {
		size_t n = strlen(g->v[i]);
		min = n < min ? n : min;
		max = n > max ? n : max;
	}
	if (!g->ok || !g->n || g->n > GR_NEEDSET_MAX || min < 3 || max > GR_NEED_MAX || min <= out->nsmin)
		return;
	needset_clear(out);
	for (size_t i = 0; i < g->n; i++)
		out->ns[i] = g->v[i];
	out->nsn = g->n;
	out->nsmin = min;
	out->ns_pre = pre;
	g->n = 0;
}

static int strs_add(struct strs *s, const char *str, size_t n)
{
	if (s->n == GR_MAX_LITERALS)
		return -1;
	char *c = strndup(str, n);
	if (!c)
		return -1;
	s->wb[s->n] = 0;
	s->v[s->n++] = c;
	return 0;
}

/* A two-character literal says where a match starts, not whether the text
 * can hold one (the index is of trigrams): useful only as a prefix. */
static int strs_short(const struct strs *s)
{
	for (size_t i = 0; i < s->n; i++)
		if (strlen(s->v[i]) < 3)
			return 1;
	return 0;
}

/* Skip a [...] class starting at p (p points at '['). */
static const char *skip_class(const char *p, const char *end)
{
	p++;
	if (p < end && *p == '^')
		p++;
	if (p < end && *p == ']')
		p++;
	while (p < end && *p != ']') {
		if (*p == '\\' && p + 1 < end)
			p++;
		else if (*p == '[' && p + 1 < end && p[1] == ':') {
			const char *q = strstr(p + 2, ":]");
			if (q && q < end)
				p = q + 1;
		}
		p++;
	}
	return p < end ? p + 1 : end;
}

/* Skip a (...) group starting at p (p at '('), honouring escapes and classes. */
static const char *skip_group(const char *p, const char *end)
{
	int depth = 0;
	while (p < end) {
		if (*p == '\\' && p + 1 < end) {
			p += 2;
			continue;
		}
		if (*p == '[') {
			p = skip_class(p, end);
			continue;
		}
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			return p + 1;
		p++;
	}
	return end;
}

/* After an atom: is the next thing a quantifier that allows zero? Consumes
 * the quantifier (and a lazy/possessive mark). Returns 1 optional, 0 other
 * or none; *quantified set when any quantifier was there, *most to the
 * most repeats it allows (1 without one, GR_UNBOUNDED for *, + and {n,}). */
static int quantifier(struct lp *lp, int *quantified, size_t *most)
{
	const char *p = lp->p;
	*quantified = 0;
	*most = 1;
	int optional = 0;
	if (p >= lp->end)
		return 0;
	if (*p == '?' || *p == '*') {
		optional = 1;
		*most = *p == '?' ? 1 : GR_UNBOUNDED;
		p++;
	} else if (*p == '+') {
		*most = GR_UNBOUNDED;
		p++;
	} else if (*p == '{' && p + 1 < lp->end && (isdigit((unsigned char)p[1]) || p[1] == ',')) {
		optional = p[1] == '0' || p[1] == ',';
		const char *q = memchr(p, '}', (size_t)(lp->end - p));
		if (!q)
			return 0; /* a literal '{' */
		const char *comma = memchr(p, ',', (size_t)(q - p));
		const char *num = comma ? comma + 1 : p + 1;
		*most = GR_UNBOUNDED; /* {n,} */
		if (num < q) {
			char *stop;
			unsigned long v = strtoul(num, &stop, 10);
			if (stop == q && v < 65536)
				*most = v;
		}
		p = q + 1;
	} else {
		return 0;
	}
	*quantified = 1;
	if (p < lp->end && (*p == '?' || *p == '+'))
		p++;
	lp->p = p;
	return optional;
}

static void parse_alt(struct lp *lp, struct strs *out);

/* Is g..end "(?<![...])" with \w in the (not negated) class? Then no word
 * character comes right before the place it is tested. */
static int not_after_word(const char *g, const char *end)
{
	if (end - g < 8 || memcmp(g, "(?<![", 5) || g[5] == '^' || end[-1] != ')' || end[-2] != ']')
		return 0;
	if (skip_class(g + 4, end) != end - 1)
		return 0; /* more than one class inside */
	for (const char *p = g + 5; p + 1 < end - 2; p++) {
		if (*p == '\\' && p[1] == 'w')
			return 1;
		if (*p == '\\')
			p++;
	}
	return 0;
}

/* Is p a character of a script without case, in three UTF-8 bytes: kana,
 * CJK ideographs, hangul syllables? A literal may hold it as its bytes
 * (caseless matching cannot reach another spelling), so a Chinese, Japanese
 * or Korean word gates its pattern as an English one does. */
#define CJK_CHAR 0x100
static int caseless_cjk(const char *p, const char *end)
{
	const unsigned char *u = (const unsigned char *)p;
	if (end - p < 3 || u[0] < 0xE3 || u[0] > 0xED || (u[1] & 0xC0) != 0x80 || (u[2] & 0xC0) != 0x80)
		return 0;
	unsigned cp = gr_cp3(u);
	return (cp >= 0x3040 && cp <= 0x30FF) || (cp >= 0x3400 && cp <= 0x9FFF) || (cp >= 0xAC00 && cp <= 0xD7A3);
}

/* The best literal requirement of one sequence: a literal run of three or
 * more characters that starts every match, else the longest such run, else
 * the first required group whose every alternative gives one, else a
 * two-character run that starts every match ("\bso\b"). */
static void parse_seq(struct lp *lp, struct strs *out)
{
	char run[128], best[128];
	size_t rn = 0, bn = 0;
	int consumed = 0;    /* a consuming atom came before the current run */
	int lead_wb = 0;     /* a \b before anything consumed: matches start at a word boundary */
	int run_prefix = 0, best_prefix = 0, run_wb = 0, best_wb = 0;
	struct gr_width width = W_ZERO;   /* the most the atoms so far can match */
	struct gr_width run_pre = W_ZERO, best_pre = W_ZERO; /* width before the run started */
	struct strs group = { .n = 0, .ok = 0 };
	out->needn = 0;
#define END_RUN()                                                                    \
	do {                                                                         \
		int lock = best_prefix && bn >= 3; /* a long prefix run stays */    \
		if (!lock && (rn >= 3 || (rn == 2 && run_prefix)) &&                 \
		    ((run_prefix && rn >= 3) || rn > bn)) {                          \
			memcpy(best, run, rn);                                       \
			bn = rn;                                                     \
			best_prefix = run_prefix;                                    \
			best_wb = run_wb;                                            \
			best_pre = run_pre;                                          \
		}                                                                    \
		if (rn >= 3 && rn > out->needn && rn <= sizeof(out->need)) {         \
			memcpy(out->need, run, rn);                                  \
			out->needn = rn;                                             \
			out->need_pre = run_pre;                                     \
		}                                                                    \
		if (rn)                                                              \
			consumed = 1;                                                \
		rn = 0;                                                              \
	} while (0)
#define ADD_CHAR(ch)                                                                 \
	do {                                                                         \
		if (rn == 0) {                                                       \
			run_prefix = !consumed;                                      \
			run_wb = run_prefix && lead_wb;                              \
			run_pre = width;                                             \
		}                                                                    \
		if (rn < sizeof(run))                                                \
			run[rn++] = (char)tolower((unsigned char)(ch));              \
	} while (0)
#define ADD_BYTE(byte) /* the second byte of a Latin-1 letter, folded */     \
	do {                                                                         \
		if (rn < sizeof(run))                                                \
			run[rn++] = (char)(byte);                                    \
	} while (0)
	while (lp->p < lp->end && !lp->broken) {
		char c = *lp->p;
		if (c == '|' || c == ')')
			break;
		int q = 0, lit = -1, lit2 = -1;
		const char *cjk = NULL; /* a caseless 3-byte character, when lit is CJK_CHAR */
		size_t atom = CHAR_BYTES; /* the most bytes one repeat of this atom matches */
		struct gr_width unbounded = W_NONE; /* ... repeated without bound: \s+, \w+ */
		if (c == '\\' && lp->p + 1 < lp->end) {
			char e = lp->p[1];
			lp->p += 2;
			if (e == 'Q') {
				const char *stop = strstr(lp->p, "\\E");
				if (!stop || stop > lp->end)
					stop = lp->end;
				for (; lp->p < stop; lp->p++) {
					if ((unsigned char)*lp->p >= 0x80) {
						END_RUN();
						consumed = 1;
					} else {
						ADD_CHAR(*lp->p);
					}
					width = wd_add(width, wd(CHAR_BYTES));
				}
				lp->p = stop < lp->end ? stop + 2 : stop;
				continue;
			}
			if (strchr("bBAzZGK", e)) { /* zero-width */
				END_RUN();
				if (lp->p < lp->end && strchr("?*+{", *lp->p)) {
					lp->broken = 1; /* a quantified assertion: PCRE2 refuses it anyway */
					break;
				}
				if (e == 'b' && !consumed)
					lead_wb = 1;
				lp->keep |= e == 'K';
				continue;
			}
			if (strchr("dDwWsShHvVRNX", e)) {
				lit = -1;
				atom = e == 'X' ? GR_UNBOUNDED : e == 'R' ? 2 * CHAR_BYTES : CHAR_BYTES;
				/* A run of \d is one of word characters (UCP digits are \w). */
				if (e == 's')
					unbounded = (struct gr_width){ 0, 1, 0 };
				else if (e == 'w' || e == 'd')
					unbounded = (struct gr_width){ 0, 0, 1 };
			} else if (e == 'p' || e == 'P') {
				if (lp->p < lp->end && *lp->p == '{') {
					const char *q2 = memchr(lp->p, '}', (size_t)(lp->end - lp->p));
					lp->p = q2 ? q2 + 1 : lp->end;
				} else if (lp->p < lp->end) {
					lp->p++;
				}
			} else if (ispunct((unsigned char)e) || e == ' ') {
				lit = e;
			} else {
				lp->broken = 1; /* \1, \x.., \c.. ... */
				break;
			}
		} else if (c == '[') {
			lp->p = skip_class(lp->p, lp->end);
		} else if (c == '.') {
			lp->p++;
		} else if (c == '^' || c == '$') {
			lp->p++;
			END_RUN();
			continue;
		} else if (c == '(') {
			const char *g = lp->p;
			if (g + 1 < lp->end && g[1] == '?') {
				char k = g + 2 < lp->end ? g[2] : 0;
				if (k == '=' || k == '!' || (k == '<' && g + 3 < lp->end && (g[3] == '=' || g[3] == '!'))) {
					lp->p = skip_group(g, lp->end); /* lookaround: zero-width */
					END_RUN();
					if (!consumed && not_after_word(g, lp->p))
						lead_wb = 1; /* "(?<![\w.])to": as good as a \b before "to" */
					continue;
				}
				if (k == ':') {
					lp->p = g + 3;
				} else if (k == '<' || k == 'P' || k == '\'') {
					const char *gt = memchr(g, k == '\'' ? '\'' : '>', (size_t)(lp->end - g));
					if (!gt) {
						lp->broken = 1;
						break;
					}
					lp->p = gt + 1;
				} else {
					lp->broken = 1; /* inline options, conditionals, recursion */
					break;
				}
			} else {
				lp->p = g + 1;
			}
			END_RUN();
			struct strs inner = { .n = 0, .ok = 0 };
			parse_alt(lp, &inner);
			if (lp->p >= lp->end || *lp->p != ')') {
				lp->broken = 1;
				strs_clear(&inner);
				break;
			}
			lp->p++;
			int quantified;
			size_t most;
			int optional = quantifier(lp, &quantified, &most);
			int prefix = inner.prefix && !consumed && !quantified;
			if (!optional && inner.ok && !group.ok && (prefix || !strs_short(&inner))) {
				group = inner;
				group.prefix = prefix;
				group.pre = wd_add(width, inner.pre);
				for (size_t i = 0; i < group.n; i++)
					group.wb[i] = prefix && (group.wb[i] || lead_wb);
			} else {
				if (!optional)
					needset_offer(out, &inner, wd_add(width, inner.pre));
				strs_clear(&inner);
			}
			width = wd_add(width, wd_mul(inner.width, most));
			consumed = 1;
			continue;
		} else if ((unsigned char)c == 0xC3 && lp->p + 1 < lp->end &&
			   (lit2 = latin1_fold((unsigned char)lp->p[1])) >= 0) {
			lit = 0xC3; /* "ã", "É": one character, a literal too */
			lp->p += 2;
		} else if (caseless_cjk(lp->p, lp->end)) {
			lit = CJK_CHAR; /* "分", "ト", "토": no case, so its bytes are a literal */
			cjk = lp->p;
			lp->p += 3;
		} else {
			lit = (unsigned char)c < 0x80 ? c : -2;
			lp->p++;
		}
		int quantified;
		size_t most;
		q = quantifier(lp, &quantified, &most);
		if (lit == CJK_CHAR && !q) {
			if (rn + 3 > sizeof(run))
				END_RUN();
			ADD_CHAR(cjk[0]); /* tolower() leaves bytes above 0x7F, as the index does */
			ADD_BYTE(cjk[1]);
			ADD_BYTE(cjk[2]);
			if (quantified)
				END_RUN();
		} else if (lit >= 0 && !q) {
			ADD_CHAR(lit);
			if (lit2 >= 0)
				ADD_BYTE(lit2);
			if (quantified)
				END_RUN();
		} else {
			END_RUN();
			consumed = 1;
		}
		width = wd_add(width, most == GR_UNBOUNDED && !wd_none(unbounded) ? unbounded : wd_mul(wd(atom), most));
	}
	END_RUN();
#undef END_RUN
#undef ADD_CHAR
#undef ADD_BYTE
	if ((bn >= 3 && (best_prefix || !group.prefix || !group.ok)) || (bn == 2 && !group.ok)) {
		needset_offer(out, &group, group.pre);
		strs_clear(&group);
		out->ok = strs_add(out, best, bn) == 0;
		out->prefix = best_prefix;
		out->pre = best_pre;
		if (out->ok)
			out->wb[0] = (unsigned char)best_wb;
	} else if (group.ok) {
		char need[GR_NEED_MAX], *ns[GR_NEEDSET_MAX];
		size_t needn = out->needn, nsn = out->nsn, nsmin = out->nsmin;
		struct gr_width need_pre = out->need_pre, ns_pre = out->ns_pre;
		memcpy(need, out->need, needn);
		memcpy(ns, out->ns, nsn * sizeof(ns[0]));
		needset_clear(&group); /* the group's own inner requirement: not kept */
		*out = group;
		memcpy(out->need, need, needn);
		out->needn = needn;
		memcpy(out->ns, ns, nsn * sizeof(ns[0]));
		out->nsn = nsn;
		out->nsmin = nsmin;
		out->need_pre = need_pre;
		out->ns_pre = ns_pre;
	} else {
		strs_clear(&group);
		out->ok = 0;
	}
	out->width = width;
}

static void parse_alt(struct lp *lp, struct strs *out)
{
	out->n = 0;
	out->ok = 1;
	out->prefix = 1;
	out->pre = out->width = W_ZERO;
	out->needn = 0;
	out->nsn = out->nsmin = 0;
	int alternatives = 0;
	for (;;) {
		struct strs one = { .n = 0, .ok = 0, .prefix = 0 };
		parse_seq(lp, &one);
		if (alternatives == 0) { /* a second requirement holds only for a lone sequence */
			memcpy(out->ns, one.ns, one.nsn * sizeof(one.ns[0]));
			out->nsn = one.nsn;
			out->nsmin = one.nsmin;
			out->ns_pre = one.ns_pre;
			one.nsn = one.nsmin = 0;
		} else {
			needset_clear(out);
			needset_clear(&one);
		}
		if (!one.ok || lp->broken)
			out->ok = 0;
		out->prefix &= one.prefix;
		out->pre = wd_max(out->pre, one.pre);
		out->width = wd_max(out->width, one.width);
		if (alternatives++ == 0) {
			memcpy(out->need, one.need, one.needn);
			out->needn = one.needn;
			out->need_pre = one.need_pre;
		} else {
			out->needn = 0; /* required in one alternative, not in the other */
		}
		for (size_t i = 0; i < one.n; i++) {
			if (out->ok && out->n < GR_MAX_LITERALS) {
				out->wb[out->n] = one.wb[i];
				out->v[out->n++] = one.v[i];
			} else {
				free(one.v[i]);
				out->ok = 0;
			}
		}
		if (lp->p < lp->end && *lp->p == '|' && !lp->broken) {
			lp->p++;
			continue;
		}
		break;
	}
	if (out->ok && !out->prefix && strs_short(out))
		out->ok = 0;
	if (!out->ok)
		strs_clear(out);
}

size_t gr_pattern_literals(const char *pattern, char **out, size_t max, struct gr_lit_info *info)
{
	struct lp lp = { pattern, pattern + strlen(pattern), 0, 0 };
	struct strs s = { .n = 0, .ok = 0 };
	parse_alt(&lp, &s);
	memset(info, 0, sizeof(*info));
	if (!s.ok || lp.broken || lp.p != lp.end || s.n > max) {
		strs_clear(&s);
		return 0;
	}
	info->prefix = s.prefix;
	/* After \K a match starts past what came before: no bound holds. */
	info->pre = s.prefix ? W_ZERO : lp.keep ? W_NONE : s.pre;
	info->need_pre = lp.keep ? W_NONE : s.need_pre;
	info->needset_pre = lp.keep ? W_NONE : s.ns_pre;
	for (size_t i = 0; i < s.n; i++) {
		out[i] = s.v[i];
		info->wb[i] = s.prefix && s.wb[i];
	}
	/* A second requirement only if it is not the literal itself. */
	if (s.needn && !(s.n == 1 && strlen(s.v[0]) == s.needn && !memcmp(s.v[0], s.need, s.needn))) {
		memcpy(info->need, s.need, s.needn);
		info->need[s.needn] = '\0';
	}
	for (size_t i = 0; i < s.nsn; i++)
		strcpy(info->needset[i], s.ns[i]); /* each at most GR_NEED_MAX (needset_offer) */
	info->nneedset = s.nsn;
	needset_clear(&s);
	return s.n;
}

/* ---- sets -------------------------------------------------------------------- */

/* A pattern's literal analysis as the cache keeps it (pcache.h): counts,
 * the three widths, then each literal (its \b flag, length, bytes), the
 * need and the needset. Working it out is a sixth of a load. The cache
 * keeps it under a tag of this build: a grader built at another time may
 * analyse patterns differently (a fix here), so it never reads another
 * build's analyses; PCRE2's codes, which do not depend on this file, are
 * still shared. */
static uint32_t lit_tag(void)
{
	static uint32_t tag; /* loads run one at a time; a race would store the same value */
	if (!tag)
		tag = (uint32_t)gr_str_hash("literals " __DATE__ " " __TIME__) | 1;
	return tag;
}
#define LIT_TAG lit_tag()

static void put_width(struct gr_buf *b, struct gr_width w)
{
	uint64_t c = w.c;
	uint32_t sw[2] = { w.s, w.w };
	gr_buf_add(b, (const char *)&c, 8);
	gr_buf_add(b, (const char *)sw, 8);
}

static void put_str(struct gr_buf *b, const char *s)
{
	uint16_t n = (uint16_t)strlen(s);
	gr_buf_add(b, (const char *)&n, 2);
	gr_buf_add(b, s, n);
}

static void pack_literals(struct gr_pcache *c, const char *pattern, char **lits, size_t k,
			  const struct gr_lit_info *info)
{
	struct gr_buf b = { 0 };
	unsigned char head[3] = { (unsigned char)k, (unsigned char)info->prefix, (unsigned char)info->nneedset };
	gr_buf_add(&b, (const char *)head, 3);
	put_width(&b, info->pre);
	put_width(&b, info->need_pre);
	put_width(&b, info->needset_pre);
	for (size_t j = 0; j < k; j++) {
		gr_buf_putc(&b, (char)(info->wb[j] != 0));
		put_str(&b, lits[j]);
	}
	put_str(&b, info->need);
	for (size_t j = 0; j < info->nneedset; j++)
		put_str(&b, info->needset[j]);
	if (gr_buf_ok(&b))
		gr_pcache_keep_blob(c, pattern, LIT_TAG, b.data, b.len);
	gr_buf_free(&b);
}

struct reader {
	const unsigned char *p, *end;
	int bad;
};

static void get_bytes(struct reader *r, void *out, size_t n)
{
	if (r->bad || (size_t)(r->end - r->p) < n) {
		r->bad = 1;
		memset(out, 0, n);
		return;
	}
	memcpy(out, r->p, n);
	r->p += n;
}

static struct gr_width get_width(struct reader *r)
{
	uint64_t c;
	uint32_t sw[2];
	get_bytes(r, &c, 8);
	get_bytes(r, sw, 8);
	return (struct gr_width){ (size_t)c, sw[0], sw[1] };
}

/* A string of at most max bytes into out (size max + 1). */
static void get_str(struct reader *r, char *out, size_t max)
{
	uint16_t n;
	get_bytes(r, &n, 2);
	if (n > max)
		r->bad = 1;
	get_bytes(r, out, r->bad ? 0 : n);
	out[r->bad ? 0 : n] = '\0';
}

/* The literals kept for pattern: their count (each in out malloc'ed), or
 * (size_t)-1 when the blob does not read back (then none is left in out). */
static size_t unpack_literals(const unsigned char *blob, size_t len, char **out, size_t max,
			      struct gr_lit_info *info)
{
	struct reader r = { blob, blob + len, 0 };
	unsigned char head[3];
	get_bytes(&r, head, 3);
	size_t k = head[0], got = 0;
	if (k > max || head[2] > GR_NEEDSET_MAX)
		return (size_t)-1;
	memset(info, 0, sizeof(*info));
	info->prefix = head[1];
	info->pre = get_width(&r);
	info->need_pre = get_width(&r);
	info->needset_pre = get_width(&r);
	for (; got < k && !r.bad; got++) {
		unsigned char wb;
		uint16_t n;
		get_bytes(&r, &wb, 1);
		get_bytes(&r, &n, 2);
		info->wb[got] = wb;
		if (r.bad || (size_t)(r.end - r.p) < n || !(out[got] = strndup((const char *)r.p, n)))
			break;
		r.p += n;
	}
	get_str(&r, info->need, GR_NEED_MAX);
	info->nneedset = head[2];
	for (size_t j = 0; j < info->nneedset; j++)
		get_str(&r, info->needset[j], GR_NEED_MAX);
	if (r.bad || got < k || r.p != r.end) {
		for (size_t j = 0; j < got; j++)
			free(out[j]);
		return (size_t)-1;
	}
	return k;
}

/* gr_pattern_literals() through the cache (c may be NULL). */
static size_t literals_of(struct gr_pcache *c, const char *pattern, char **out, size_t max,
			  struct gr_lit_info *info)
{
	size_t len, k;
	const unsigned char *blob = gr_pcache_blob(c, pattern, LIT_TAG, &len);
	if (blob && (k = unpack_literals(blob, len, out, max, info)) != (size_t)-1)
		return k;
	k = gr_pattern_literals(pattern, out, max, info);
	if (gr_pcache_persists(c))
		pack_literals(c, pattern, out, k, info);
	return k;
}

static void hash_literal(struct gr_literal *l)
{
	/* Sample the trigrams: a sample is a weaker filter, never a wrong one. */
	size_t nt = l->len - 2;
	l->ntri = (uint8_t)(nt < GR_LIT_TRI ? nt : GR_LIT_TRI);
	for (size_t i = 0; i < l->ntri; i++) {
		size_t at = l->ntri > 1 ? i * (nt - 1) / (l->ntri - 1) : 0;
		l->tri[i] = (uint16_t)tri_hash((unsigned char)l->s[at], (unsigned char)l->s[at + 1],
					       (unsigned char)l->s[at + 2]);
	}
}

/* A word of the pattern's own: ASCII letters, digits or '_'. */
static const char *word_at(const char *p)
{
	while (gr_isword((unsigned char)*p) && (unsigned char)*p < 0x80)
		p++;
	return p;
}

/* Is every match a whole word of its literals: alternatives that are each
 * \bWORD\b or \b(?:WORD|WORD...)\b? Then the literals' places, with no
 * word character on either side, are exactly the matches. */
static int whole_words(const char *p)
{
	for (;;) {
		if (strncmp(p, "\\b", 2))
			return 0;
		p += 2;
		if (!strncmp(p, "(?:", 3)) {
			p += 3;
			for (;;) {
				const char *e = word_at(p);
				if (e == p)
					return 0;
				p = e;
				if (*p != '|')
					break;
				p++;
			}
			if (*p++ != ')')
				return 0;
		} else {
			const char *e = word_at(p);
			if (e == p)
				return 0;
			p = e;
		}
		if (strncmp(p, "\\b", 2))
			return 0;
		p += 2;
		if (!*p)
			return 1;
		if (*p++ != '|')
			return 0;
	}
}

/* Does every alternative of the alternation [p, end) open, past its
 * lookarounds and \b, with a character outside ASCII ("не|потом",
 * "(?<!\w)(?:не|нет)(?!\w)")? Then every match holds a byte above 0x7F and
 * an ASCII text holds none: a pattern of another script with case (which
 * gives no literal) is still skipped where it cannot match. Shapes it does
 * not understand are answered no. */
static int opens_high(const char *p, const char *end)
{
	for (;;) {
		for (;;) { /* lookarounds and \b: zero-width */
			if (end - p >= 3 && p[0] == '(' && p[1] == '?' && (p[2] == '=' || p[2] == '!' || p[2] == '<') &&
			    !(p[2] == '<' && end - p >= 4 && p[3] != '=' && p[3] != '!'))
				p = skip_group(p, end);
			else if (end - p >= 2 && p[0] == '\\' && p[1] == 'b')
				p += 2;
			else
				break;
		}
		const char *next;
		if (end - p >= 3 && p[0] == '(' && p[1] == '?' && p[2] == ':') {
			next = skip_group(p, end);
			if (next == end && end[-1] != ')')
				return 0;
			if (!opens_high(p + 3, next - 1))
				return 0;
		} else if (p < end && (unsigned char)*p >= 0x80) {
			next = p + 1;
			while (next < end && ((unsigned char)*next & 0xC0) == 0x80)
				next++;
		} else {
			return 0;
		}
		if (next < end && (*next == '?' || *next == '*' || (*next == '{' && next + 1 < end && next[1] == '0')))
			return 0; /* optional */
		/* on to this alternative's end */
		int depth = 0;
		while (next < end && !(depth == 0 && *next == '|')) {
			if (*next == '\\' && next + 1 < end)
				next++;
			else if (*next == '[')
				next = skip_class(next, end) - 1;
			else if (*next == '(')
				depth++;
			else if (*next == ')')
				depth--;
			next++;
		}
		if (next >= end)
			return 1;
		p = next + 1;
	}
}

/* Extract p's literals and hash their trigrams once, not per report. The
 * array is p's own until flatten() moves every pattern's into the set's. */
static int add_literals(struct gr_pattern *p, const char *pattern, struct gr_pcache *c)
{
	char *lits[GR_MAX_LITERALS];
	struct gr_lit_info info;
	size_t k = literals_of(c, pattern, lits, GR_MAX_LITERALS, &info);
	p->prefix = info.prefix;
	p->pre = info.pre;
	p->need_pre = info.need_pre;
	p->needset_pre = info.needset_pre;
	if (!k) {
		p->high = opens_high(pattern, pattern + strlen(pattern));
		return 0;
	}
	p->lit = calloc(k, sizeof(*p->lit));
	if (!p->lit || (info.need[0] && !(p->need.s = strdup(info.need)))) {
		for (size_t j = 0; j < k; j++)
			free(lits[j]);
		free(p->lit);
		p->lit = NULL;
		return GR_ENOMEM;
	}
	if (p->need.s) {
		p->need.len = (uint16_t)strlen(p->need.s);
		hash_literal(&p->need);
	}
	p->nlit = k;
	for (size_t j = 0; j < k; j++) {
		struct gr_literal *l = &p->lit[j];
		size_t len = strlen(lits[j]);
		l->s = lits[j];
		l->len = (uint16_t)(len < UINT16_MAX ? len : UINT16_MAX);
		l->wb = info.wb[j] && (isalnum((unsigned char)l->s[0]) || l->s[0] == '_');
		if (len >= 3)
			hash_literal(l);
	}
	p->words = info.prefix && whole_words(pattern);
	for (size_t j = 0; j < k && p->words; j++)
		p->words = p->lit[j].wb && p->lit[j].len >= 2;
	if (info.nneedset && !(p->needset = calloc(info.nneedset, sizeof(*p->needset))))
		return GR_ENOMEM; /* the set owns what is here: gr_patset_free() */
	for (size_t j = 0; j < info.nneedset; j++) {
		struct gr_literal *l = &p->needset[j];
		if (!(l->s = strdup(info.needset[j])))
			return GR_ENOMEM;
		l->len = (uint16_t)strlen(l->s);
		hash_literal(l);
		p->nneedset++;
	}
	return 0;
}

/* Pack what each pattern's presence test reads: per pattern, the number of
 * literals, then need (bit 0) and the needset's size (the rest), then four
 * trigram samples for each literal, the need and each of the needset. A
 * scan reads these few kilobytes in order instead of every pattern's
 * structure and literals: most patterns stop here. */
static int pack_probe(struct gr_patset *set)
{
	size_t total = 0, k = 0;
	for (size_t i = 0; i < set->n; i++) {
		const struct gr_pattern *p = &set->v[i];
		total += 2 + (p->nlit ? GR_LIT_TRI * (p->nlit + (p->need.s != NULL) + p->nneedset) : 0);
	}
	if (!(set->probe = malloc((total ? total : 1) * sizeof(*set->probe))))
		return GR_ENOMEM;
	for (size_t i = 0; i < set->n; i++) {
		const struct gr_pattern *p = &set->v[i];
		set->probe[k++] = (uint16_t)p->nlit;
		set->probe[k++] = (uint16_t)((p->need.s != NULL) | p->nneedset << 1);
		if (!p->nlit)
			continue;
		for (size_t j = 0; j < p->nlit; j++, k += GR_LIT_TRI)
			memcpy(set->probe + k, p->lit[j].tri, sizeof(p->lit[j].tri));
		if (p->need.s) {
			memcpy(set->probe + k, p->need.tri, sizeof(p->need.tri));
			k += GR_LIT_TRI;
		}
		for (size_t j = 0; j < p->nneedset; j++, k += GR_LIT_TRI)
			memcpy(set->probe + k, p->needset[j].tri, sizeof(p->needset[j].tri));
	}
	return 0;
}

/* Move every pattern's literals into one array of the set. */
static int flatten(struct gr_patset *set)
{
	size_t total = 0, at = 0;
	for (size_t i = 0; i < set->n; i++)
		total += set->v[i].nlit;
	if (pack_probe(set) < 0)
		return GR_ENOMEM;
	if (!total)
		return 0;
	if (!(set->lit = malloc(total * sizeof(*set->lit))))
		return GR_ENOMEM;
	for (size_t i = 0; i < set->n; i++) {
		struct gr_pattern *p = &set->v[i];
		if (!p->nlit)
			continue;
		memcpy(set->lit + at, p->lit, p->nlit * sizeof(*p->lit));
		free(p->lit);
		p->lit = set->lit + at;
		at += p->nlit;
	}
	return 0;
}

/* Compiling is most of loading an exercise (a single `grade` pays it every
 * time): a pattern several sets hold ("\\bcasts?\\b" in three concepts) is
 * compiled once and copied, and the next run reads it from the cache file
 * (pcache.h). Auto-possessification only speeds up some backtracking;
 * without it a compile is a fifth cheaper and the grading loop no slower. */
#define SET_OPTIONS                                                                                 \
	(PCRE2_CASELESS | PCRE2_UTF | PCRE2_UCP | PCRE2_USE_OFFSET_LIMIT | \
	 PCRE2_NO_AUTO_POSSESS)

int gr_patset_compile(struct gr_patset *set, const char *const *patterns, size_t n, size_t *bad,
		      char *msg, size_t m, size_t *offset)
{
	return gr_patset_compile_cached(set, patterns, n, NULL, bad, msg, m, offset);
}

int gr_patset_compile_cached(struct gr_patset *set, const char *const *patterns, size_t n, struct gr_pcache *cache,
			     size_t *bad, char *msg, size_t m, size_t *offset)
{
	set->lit = NULL;
	set->probe = NULL;
	set->v = calloc(n ? n : 1, sizeof(*set->v));
	set->n = 0;
	if (!set->v)
		return GR_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		int code = 0;
		PCRE2_SIZE off = 0;
		struct gr_pattern *p = &set->v[set->n];
		/* p->re may stay NULL until gr_pcache_finish() (a deferring cache). */
		int rc = gr_pcache_compile_later(cache, patterns[i], SET_OPTIONS, &p->re, &code, &off);
		if (rc < 0 && !code)
			return GR_ENOMEM; /* a copy that could not be made */
		if (rc < 0) {
			pcre2_get_error_message(code, (PCRE2_UCHAR *)msg, m);
			*offset = off;
			*bad = i;
			return GR_EINPUT;
		}
		set->n++;
		if (!(p->src = strdup(patterns[i])) || add_literals(p, patterns[i], cache) < 0)
			return GR_ENOMEM;
	}
	return flatten(set);
}

/* ---- patterns several sets share ------------------------------------------- */

size_t gr_patset_share(struct gr_patset *const *sets, size_t nsets)
{
	size_t total = 0, mask = 1, slots = 0;
	for (size_t j = 0; j < nsets; j++)
		total += sets[j]->n;
	while (mask < 2 * total + 2)
		mask <<= 1;
	/* Open addressing over the patterns' text: the first holder of each. */
	struct gr_pattern **first = calloc(mask, sizeof(*first));
	if (!first)
		return 0; /* out of memory: nothing is shared, every set matches on its own */
	for (size_t j = 0; j < nsets; j++)
		for (size_t i = 0; i < sets[j]->n; i++) {
			struct gr_pattern *p = &sets[j]->v[i];
			p->memo = 0;
			if (!p->src)
				continue;
			size_t h = (size_t)gr_mem_hash(p->src, strlen(p->src)) & (mask - 1);
			while (first[h] && strcmp(first[h]->src, p->src))
				h = (h + 1) & (mask - 1);
			if (!first[h]) {
				first[h] = p;
				continue;
			}
			if (!first[h]->memo && slots < UINT32_MAX - 1)
				first[h]->memo = (uint32_t)++slots;
			p->memo = first[h]->memo;
		}
	free(first);
	return slots;
}

void gr_jit_code(pcre2_code *re)
{
	size_t size = 0;
	if (!re || !gr_jit_enabled())
		return;
	pthread_mutex_lock(&jit_lock);
	if (pcre2_pattern_info(re, PCRE2_INFO_JITSIZE, &size) == 0 && size == 0)
		pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
	pthread_mutex_unlock(&jit_lock);
}

static void jit_one(struct gr_pattern *p, size_t len)
{
	if (__atomic_load_n(&p->jitted, __ATOMIC_ACQUIRE))
		return;
	/* The first short text: the interpreter is cheaper than compiling. */
	if (__atomic_add_fetch(&p->uses, 1, __ATOMIC_RELAXED) < 2 && len < GR_JIT_TEXT)
		return;
	pthread_mutex_lock(&jit_lock);
	if (!p->jitted) {
		/* The interpreter remains if JIT is unavailable. */
		if (gr_jit_enabled() && pcre2_jit_compile(p->re, PCRE2_JIT_COMPLETE) == 0)
			__atomic_store_n(&p->jit_ok, 1, __ATOMIC_RELEASE);
		__atomic_store_n(&p->jitted, 1, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&jit_lock);
}

/* Matched with NO_UTF_CHECK and no MATCH_INVALID_UTF (patset.h): a start or
 * end inside a character would be undefined behaviour, not a miss. Checked
 * in debug builds (the sanitizer run). */
static inline int on_boundary(const char *buf, size_t len, size_t off)
{
	return off >= len || ((unsigned char)buf[off] & 0xC0) != 0x80;
}

int gr_match_code(const pcre2_code *re, const char *buf, size_t len, size_t off, pcre2_match_data *md,
		  pcre2_match_context *mctx)
{
	/* buf[len] is readable: callers pass NUL-terminated texts, or a part of one */
	assert(on_boundary(buf, len, off) && ((unsigned char)buf[len] & 0xC0) != 0x80);
	int rc = pcre2_jit_match(re, (PCRE2_SPTR)buf, len, off, 0, md, mctx);
	if (rc == PCRE2_ERROR_JIT_BADOPTION) /* no JIT code: interpret */
		rc = pcre2_match(re, (PCRE2_SPTR)buf, len, off, PCRE2_NO_UTF_CHECK, md, mctx);
	return rc;
}

int gr_may_start(const pcre2_code *re, unsigned char c)
{
	uint32_t type = 0, cu = 0;
	const uint8_t *map = NULL;
	if (pcre2_pattern_info(re, PCRE2_INFO_FIRSTCODETYPE, &type) == 0 && type == 1 &&
	    pcre2_pattern_info(re, PCRE2_INFO_FIRSTCODEUNIT, &cu) == 0) {
		/* Caseless: either case; a non-ASCII byte may be a letter that
		 * folds to an ASCII one (KELVIN SIGN, LONG S). */
		return c >= 0x80 || cu >= 0x80 || tolower(c) == tolower((int)cu);
	}
	if (pcre2_pattern_info(re, PCRE2_INFO_FIRSTBITMAP, &map) == 0 && map)
		return (map[c / 8] >> (c % 8)) & 1;
	return 1;
}

void gr_patset_jit(struct gr_patset *set)
{
	for (size_t i = 0; i < set->n; i++) {
		__atomic_store_n(&set->v[i].uses, 2, __ATOMIC_RELAXED);
		jit_one(&set->v[i], 0);
	}
}

struct gr_hit {
	size_t start, end, pat;
};

/* The JIT's own entry skips pcre2_match's checks, done once at load time. */
static int match(const struct gr_pattern *p, const char *buf, size_t len, size_t off, struct gr_scratch *s)
{
	assert(on_boundary(buf, len, off));
	if (__atomic_load_n(&p->jit_ok, __ATOMIC_ACQUIRE))
		return pcre2_jit_match(p->re, (PCRE2_SPTR)buf, len, off, 0, s->md, s->mctx);
	return pcre2_match(p->re, (PCRE2_SPTR)buf, len, off, PCRE2_NO_UTF_CHECK, s->md, s->mctx);
}

/* A literal of three or more bytes: its first three decide most places. */
static int same(const char *a, const char *b, size_t n)
{
	return a[0] == b[0] && a[1] == b[1] && a[2] == b[2] && !memcmp(a + 3, b + 3, n - 3);
}

/* Where a literal starts in the text, in ascending order: through its first
 * trigram's chain, or, for a two-character one, among the word starts when
 * it follows a \b, else everywhere. A \b before a literal that starts with
 * a word character rules out places right after another word character
 * (ASCII ones: word characters under UCP too). */
static int find_literal(const struct gr_literal *l, const struct gr_trigrams *tri, size_t *cand, size_t *nc,
			size_t max)
{
	const char *t = tri->lower;
	size_t len = tri->len;
	if (l->len >= 3) {
		if (!has_literal(tri, l))
			return 0; /* cheaper than a chain shared with other trigrams */
		for (uint32_t at = tri->head[l->tri[0] & (GR_TRI_HEADS - 1)]; at; at = tri->next[at - 1]) {
			size_t pos = at - 1;
			if (pos + l->len > len || !same(t + pos, l->s, l->len))
				continue;
			if (l->wb && pos && is_word((unsigned char)t[pos - 1]))
				continue;
			if (*nc == max)
				return -1;
			cand[(*nc)++] = pos;
		}
		return 0;
	}
	char c0 = l->s[0], c1 = l->s[1];
	if (l->wb) { /* c0 is a word character (see add_literals) */
		for (uint32_t i = tri->whead[(unsigned char)c0 & 127]; i; i = tri->wnext[i - 1]) {
			size_t pos = tri->word[i - 1];
			if (pos + 1 >= len || t[pos + 1] != c1)
				continue;
			if (*nc == max)
				return -1;
			cand[(*nc)++] = pos;
		}
		return 0;
	}
	for (size_t pos = 0; pos + 1 < len; pos++) {
		if (t[pos] != c0 || t[pos + 1] != c1)
			continue;
		if (*nc == max)
			return -1;
		cand[(*nc)++] = pos;
	}
	return 0;
}

static int push_hit(struct gr_scratch *s, size_t *n, size_t a, size_t b, size_t pat)
{
	if (GR_GROW(s->hits, *n, s->hcap, 64) < 0)
		return GR_ENOMEM;
	s->hits[(*n)++] = (struct gr_hit){ a, b, pat };
	return 0;
}

/* Where the search goes on after a match: its end, or one character on
 * from an empty one. */
static size_t after_match(const char *buf, size_t len, const PCRE2_SIZE *ov)
{
	size_t next = ov[1] > ov[0] ? ov[1] : ov[0] + 1;
	while (next < len && ((unsigned char)buf[next] & 0xC0) == 0x80)
		next++;
	return next;
}

/* Every match of p in buf, scanning from the start. */
static int scan_all(struct gr_pattern *p, size_t pi, const char *buf, size_t len, struct gr_scratch *s, size_t *n)
{
	size_t off = 0;
	for (int guard = 0; off <= len && guard < GR_MAX_MENTIONS; guard++) {
		if (match(p, buf, len, off, s) < 0)
			break; /* no match, or a limit hit: keep what was found */
		PCRE2_SIZE *ov = pcre2_get_ovector_pointer(s->md);
		if (push_hit(s, n, ov[0], ov[1], pi) < 0)
			return GR_ENOMEM;
		off = after_match(buf, len, ov);
	}
	return 0;
}

static void sort_places(size_t *v, size_t n)
{
	for (size_t i = 1; i < n; i++) /* few: insertion sort */
		for (size_t j = i; j > 0 && v[j - 1] > v[j]; j--) {
			size_t t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
}

/* Where a second requirement's literals occur, so a window with none of
 * them close enough after it is not tried. Looked up when a window is first
 * about to be tried; off when the bound is unknown or a literal is
 * everywhere. */
#define GR_NEAR_MAX 128
struct near {
	const struct gr_literal *lits;
	size_t nlit;
	struct gr_width pre;
	int state;                       /* 0 not looked up, 1 on, -1 off */
	size_t reach;                    /* how far after a match's start one may start */
	size_t at[GR_NEAR_MAX], n, next; /* ascending; next: the first not yet passed */
};

static void near_lookup(struct near *v, const struct gr_trigrams *tri)
{
	v->n = v->next = 0;
	v->reach = gr_width_bytes(v->pre, tri);
	int on = v->nlit && v->reach != GR_UNBOUNDED;
	for (size_t k = 0; k < v->nlit && on; k++)
		on = find_literal(&v->lits[k], tri, v->at, &v->n, GR_NEAR_MAX) == 0;
	if (on && v->nlit > 1)
		sort_places(v->at, v->n);
	v->state = on ? 1 : -1;
}

/* Can a match starting in [from, to] hold one of the literals? Windows come
 * in ascending order, so places before one are passed for good. */
static int near_window(struct near *v, const struct gr_trigrams *tri, size_t from, size_t to)
{
	if (!v->nlit)
		return 1;
	if (!v->state)
		near_lookup(v, tri);
	if (v->state < 0)
		return 1;
	while (v->next < v->n && v->at[v->next] < from)
		v->next++;
	return v->next < v->n && (v->at[v->next] <= to || v->at[v->next] - to <= v->reach);
}

/* Every match holds one of p's literals at most p->pre bytes after its
 * start (0: every match starts with one). So try matches only in the window
 * before each place a literal occurs, in order, instead of over the whole
 * text: an offset limit bounds where a match may start, and the JIT honours
 * it (match-time PCRE2_ANCHORED would fall back to the interpreter). The
 * matches come out as a scan from the start would find them: the leftmost
 * one past the last holds some literal, whose window is searched before any
 * window could hold a later one. A window is skipped too when the pattern's
 * second requirement (need, needset) occurs nowhere a match starting in it
 * could reach: failing calls are most of PCRE2's time. */
static int scan_windows(struct gr_pattern *p, size_t pi, const char *buf, size_t len,
			const struct gr_trigrams *tri, size_t pre, struct gr_scratch *s, size_t *n)
{
	size_t cand[256], nc = 0;
	for (size_t k = 0; k < p->nlit; k++)
		if (find_literal(&p->lit[k], tri, cand, &nc, sizeof(cand) / sizeof(cand[0])) < 0)
			return scan_all(p, pi, buf, len, s, n); /* a literal everywhere */
	if (p->nlit > 1)
		sort_places(cand, nc);
	struct near need, needset; /* set field by field: the arrays need no zeroing */
	need.lits = &p->need;
	need.nlit = p->need.s ? 1 : 0;
	need.pre = p->need_pre;
	needset.lits = p->needset;
	needset.nlit = p->nneedset;
	needset.pre = p->needset_pre;
	need.state = needset.state = 0;
	size_t next = 0;  /* the end of the last match: the next one starts here or later */
	size_t tried = 0; /* every start below this has been tried */
	int rc = 0, found = 0;
	for (size_t i = 0; i < nc && !rc && found < GR_MAX_MENTIONS; i++) {
		size_t at = cand[i];
		if (at < next || at < tried)
			continue;
		size_t from = at > pre ? at - pre : 0;
		if (from < next)
			from = next;
		if (from < tried)
			from = tried;
		while (from > 0 && ((unsigned char)buf[from] & 0xC0) == 0x80)
			from--; /* a whole character; next and tried are on boundaries */
		if (!near_window(&need, tri, from, at) || !near_window(&needset, tri, from, at)) {
			tried = at + 1;
			continue;
		}
		pcre2_set_offset_limit(s->mctx, at);
		while (from <= at && !rc && found < GR_MAX_MENTIONS) {
			if (match(p, buf, len, from, s) < 0)
				break;
			PCRE2_SIZE *ov = pcre2_get_ovector_pointer(s->md);
			rc = push_hit(s, n, ov[0], ov[1], pi);
			found++;
			from = next = after_match(buf, len, ov);
		}
		tried = at + 1;
	}
	pcre2_set_offset_limit(s->mctx, PCRE2_UNSET);
	return rc;
}

/* A pattern of whole words (p->words): each place one of its literals
 * occurs with no ASCII word character on either side is a match, and no
 * other place is. Where a neighbour is not ASCII (a letter of another
 * script is a word character under UCP), PCRE2 decides at that place.
 * Whole words never overlap, so the set's sort puts them in order. */
static int scan_words(struct gr_pattern *p, size_t pi, const char *buf, size_t len,
		      const struct gr_trigrams *tri, struct gr_scratch *s, size_t *n)
{
	size_t n0 = *n, found = 0;
	for (size_t k = 0; k < p->nlit; k++) {
		const struct gr_literal *l = &p->lit[k];
		size_t cand[256], nc = 0;
		if (find_literal(l, tri, cand, &nc, sizeof(cand) / sizeof(cand[0])) < 0) {
			*n = n0; /* a literal everywhere: the plain scan */
			return scan_all(p, pi, buf, len, s, n);
		}
		for (size_t i = 0; i < nc && found < GR_MAX_MENTIONS; i++) {
			size_t at = cand[i], end = at + l->len;
			unsigned char before = at ? (unsigned char)buf[at - 1] : ' ';
			unsigned char after = end < len ? (unsigned char)buf[end] : ' ';
			if (gr_isword(after) && after < 0x80)
				continue;
			if (before >= 0x80 || after >= 0x80) {
				pcre2_set_offset_limit(s->mctx, at);
				int rc = match(p, buf, len, at, s);
				pcre2_set_offset_limit(s->mctx, PCRE2_UNSET);
				if (rc < 0)
					continue;
				PCRE2_SIZE *ov = pcre2_get_ovector_pointer(s->md);
				at = ov[0];
				end = ov[1];
			}
			if (push_hit(s, n, at, end, pi) < 0)
				return GR_ENOMEM;
			found++;
		}
	}
	return 0;
}

static int by_start(const void *a, const void *b)
{
	const struct gr_hit *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->pat < y->pat ? -1 : x->pat > y->pat;
}

/* Copy the matches a text keeps for slot k into the scan's hits, as pattern
 * pi's. Returns 1 when the slot was done, 0 when it must be matched, or
 * GR_ENOMEM. */
static int memo_recall(const struct gr_memo *m, size_t k, struct gr_scratch *s, size_t *n, size_t pi)
{
	if (k >= m->nslot || !m->slot[k].done)
		return 0;
	const struct memo_slot *sl = &m->slot[k];
	for (uint32_t i = 0; i < sl->n; i++)
		if (push_hit(s, n, m->h[sl->off + i].start, m->h[sl->off + i].end, pi) < 0)
			return GR_ENOMEM;
	return 1;
}

/* Keep the matches hits[0..nh) as slot k's. */
static int memo_keep(struct gr_memo *m, size_t k, const struct gr_hit *hits, size_t nh)
{
	if (k >= m->nslot) {
		size_t ns = k + 16;
		struct memo_slot *v = realloc(m->slot, ns * sizeof(*v));
		if (!v)
			return GR_ENOMEM;
		memset(v + m->nslot, 0, (ns - m->nslot) * sizeof(*v));
		m->slot = v;
		m->nslot = ns;
	}
	if (m->nh + nh > m->cap) {
		size_t cap = m->cap ? m->cap : 32;
		while (cap < m->nh + nh)
			cap *= 2;
		struct memo_hit *h = realloc(m->h, cap * sizeof(*h));
		if (!h)
			return GR_ENOMEM;
		m->h = h;
		m->cap = cap;
	}
	m->slot[k] = (struct memo_slot){ (uint32_t)m->nh, (uint32_t)nh, 1 };
	for (size_t i = 0; i < nh; i++)
		m->h[m->nh++] = (struct memo_hit){ hits[i].start, hits[i].end };
	return 0;
}

int gr_patset_scan(struct gr_patset *set, const char *buf, size_t len, const struct gr_trigrams *tri,
		   struct gr_scratch *s, int (*each)(void *ctx, size_t start, size_t end), void *ctx)
{
	size_t n = 0;
	const uint16_t *q = set->probe;
	for (size_t i = 0; i < set->n; i++) {
		struct gr_pattern *p = &set->v[i];
		if (q) { /* the packed presence test, read in order through memory */
			unsigned nl = q[0], nn = q[1] & 1, ns = q[1] >> 1;
			const uint16_t *h = q + 2;
			q = h + (nl ? GR_LIT_TRI * (nl + nn + ns) : 0);
			if (tri && nl) {
				unsigned any = 0, one = !ns;
				for (unsigned k = 0; k < nl; k++, h += GR_LIT_TRI)
					any |= has_samples(tri, h);
				if (nn) {
					any &= has_samples(tri, h);
					h += GR_LIT_TRI;
				}
				for (unsigned k = 0; k < ns; k++, h += GR_LIT_TRI)
					one |= has_samples(tri, h);
				if (!(any & one))
					continue;
			}
		}
		if (p->high && tri && tri->ascii && tri->len == len)
			continue; /* it needs a byte an ASCII text has not */
		/* A pattern another set holds too: its matches in this text
		 * are found once (the index is of this very text). */
		int memo = p->memo && tri && tri->memo && tri->len == len;
		if (memo) {
			int rc = memo_recall(tri->memo, p->memo - 1, s, &n, i);
			if (rc < 0)
				return rc;
			if (rc)
				continue;
		}
		size_t n0 = n;
		jit_one(p, len);
		int indexed = tri && p->nlit && tri->lower && tri->len == len;
		size_t pre = indexed ? gr_width_bytes(p->pre, tri) : GR_UNBOUNDED;
		int rc = !indexed || pre > GR_MAX_PRE ? scan_all(p, i, buf, len, s, &n)
			 : p->words ? scan_words(p, i, buf, len, tri, s, &n)
				    : scan_windows(p, i, buf, len, tri, pre, s, &n);
		if (rc < 0)
			return rc;
		if (memo && memo_keep(tri->memo, p->memo - 1, s->hits + n0, n - n0) < 0)
			return GR_ENOMEM;
	}
	struct gr_hit *hits = s->hits;
	if (n > 16) {
		qsort(hits, n, sizeof(*hits), by_start);
	} else {
		for (size_t i = 1; i < n; i++) /* few hits: insertion sort, no allocation */
			for (size_t j = i; j > 0 && by_start(&hits[j - 1], &hits[j]) > 0; j--) {
				struct gr_hit t = hits[j];
				hits[j] = hits[j - 1];
				hits[j - 1] = t;
			}
	}
	size_t last = 0;
	int first = 1;
	for (size_t i = 0; i < n; i++) {
		if (!first && hits[i].start < last)
			continue; /* overlaps a match already reported */
		int rc = each(ctx, hits[i].start, hits[i].end);
		if (rc < 0)
			return rc;
		if (rc == 0) { /* kept: later overlapping matches are part of it */
			last = hits[i].end > hits[i].start ? hits[i].end : hits[i].start + 1;
			first = 0;
		}
	}
	return 0;
}

void gr_patset_free(struct gr_patset *set)
{
	if (!set || !set->v)
		return;
	for (size_t i = 0; i < set->n; i++) {
		struct gr_pattern *p = &set->v[i];
		pcre2_code_free(p->re);
		free(p->src);
		free(p->need.s);
		for (size_t k = 0; k < p->nneedset; k++)
			free(p->needset[k].s);
		free(p->needset);
		for (size_t k = 0; k < p->nlit; k++)
			free(p->lit[k].s);
		if (!set->lit) /* not flattened: a compile that failed part way */
			free(p->lit);
	}
	free(set->lit);
	free(set->probe);
	free(set->v);
	set->v = NULL;
	set->lit = NULL;
	set->probe = NULL;
	set->n = 0;
}

int gr_pattern_high(const char *pattern)
{
	return opens_high(pattern, pattern + strlen(pattern));
}

int gr_gate_build(struct gr_gate *g, const char *pattern, int high, struct gr_pcache *cache)
{
	char *lits[GR_MAX_LITERALS];
	struct gr_lit_info info;
	memset(g, 0, sizeof(*g));
	g->high = high;
	g->shut = high && !pattern;
	if (!pattern)
		return 0;
	size_t k = literals_of(cache, pattern, lits, GR_MAX_LITERALS, &info);
	if (!k)
		return 0;
	if (!(g->lit = calloc(k, sizeof(*g->lit)))) {
		for (size_t j = 0; j < k; j++)
			free(lits[j]);
		return GR_ENOMEM;
	}
	for (size_t j = 0; j < k; j++) {
		struct gr_literal *l = &g->lit[j];
		l->s = lits[j];
		l->len = (uint16_t)strnlen(l->s, UINT16_MAX);
		if (l->len >= 3)
			hash_literal(l);
	}
	g->n = k;
	g->prefix = info.prefix;
	return 0;
}

int gr_gate_open(const struct gr_gate *g, const struct gr_trigrams *t, size_t from, size_t to)
{
	if (!t || !t->lower || (g->high && !t->ascii))
		return 1;
	if (g->shut)
		return 0; /* only alternatives an ASCII text cannot match */
	if (!g->n)
		return 1;
	if (to > t->len)
		to = t->len;
	if (from >= to)
		return 0;
	unsigned char c0 = (unsigned char)t->lower[from];
	for (size_t k = 0; k < g->n; k++) {
		const struct gr_literal *l = &g->lit[k];
		if ((g->prefix && (unsigned char)l->s[0] != c0) || l->len > to - from ||
		    (l->len >= 3 && !has_literal(t, l)))
			continue;
		if (g->prefix ? !memcmp(t->lower + from, l->s, l->len)
			      : gr_memmem(t->lower + from, to - from, l->s, l->len) != NULL)
			return 1;
	}
	return 0;
}

void gr_gate_free(struct gr_gate *g)
{
	for (size_t k = 0; k < g->n; k++)
		free(g->lit[k].s);
	free(g->lit);
	memset(g, 0, sizeof(*g));
}
