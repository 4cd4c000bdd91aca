/*
 * test_patset.c - the literal prefilter never changes what a pattern set
 * finds: literal extraction on known shapes, then every pattern of every
 * shipped exercise scanned over every fixture report with and without the
 * trigram index, matches compared one by one.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>

#include "pcache.h"
#include "test_support.h"
#include "text.h"

struct lit_case {
	const char *pattern;
	const char *lits; /* space-separated, "" when none is proved */
	int prefix;
	const char *wb;   /* one 0/1 per literal */
	const char *need; /* a second literal every match holds, NULL none */
};

static const struct lit_case lit_cases[] = {
	{ "\\bbecause\\b", "because", 1, "1", NULL },
	{ "\\bre-?profil\\w*", "profil", 0, "0", NULL },
	{ "\\bso\\b", "so", 1, "1", NULL },
	{ "\\b(?:but|so|because)\\b", "but so because", 1, "111", NULL },
	{ "(?<![\\w.])to\\b", "to", 1, "1", NULL },     /* no word character before: a boundary */
	{ "(?<![^\\w])to", "to", 1, "0", NULL },        /* negated class: says the opposite */
	{ "(?<![.,])to", "to", 1, "0", NULL },            /* no \\w in the class */
	{ "(?<![\\w.])(?<!x)to", "to", 1, "1", NULL },
	{ "\\bto\\s+(?:and|copy)", "and copy", 0, "00", NULL },
	{ "\\bcop(?:y|ies)\\b", "cop", 1, "1", NULL },
	{ "(?:copy_|\\bcasts?\\b)", "copy_ cast", 1, "01", NULL },
	{ "x?so", "", 0, "", NULL },            /* "so" does not start every match */
	{ "a\\w+b", "", 0, "", NULL },          /* nothing three characters long */
	{ "(?:so|because)x", "so because", 1, "00", NULL },
	{ "(?:so|\\w+cause)", "", 0, "", NULL },  /* one alternative proves nothing */
	{ "(?i)foo", "", 0, "", NULL },         /* inline options: not understood, always run */
	{ "\\b?so", "", 0, "", NULL },         /* a quantified assertion: not understood */
	{ "\\bthe\\s+user\\b", "the", 1, "1", "user" },   /* anchored at "the", skipped without "user" */
	{ "(?:copy_|\\bcasts?\\b)[^.]{0,60}\\bjust\\s+part\\s+of", "copy_ cast", 1, "01", "just" },
	{ "\\bthe\\s+(?:user|model)", "the", 1, "1", NULL },  /* no lone run but "the" */
	{ "x(?:abc|def)|\\byyy\\s+zzzz", "abc def yyy", 0, "000", NULL }, /* two alternatives */
	/* Latin-1 letters are literals, folded to lowercase: "NÃO" holds "não". */
	{ "\\b(?:nao|n\xC3\xA3o)\\b", "nao n\xC3\xA3o", 1, "11", NULL },
	{ "otimiza\xC3\x87\xC3\x83o", "otimiza\xC3\xA7\xC3\xA3o", 1, "0", NULL },
	{ "\xC3\xA3?o", "", 0, "", NULL },             /* optional: the whole letter */
	{ "\xC3\xA5sa", "", 0, "", NULL },             /* "å" is also ANGSTROM SIGN: no literal */
	{ "stra\xC3\x9F" "e", "stra", 1, "0", NULL },   /* "ß" is also U+1E9E: the run stops */
	/* Kana, CJK ideographs and hangul have no case: their bytes are literals. */
	{ "\xE5\x88\x86\xE8\xAF\x8D\xE5\x99\xA8?|\xE3\x83\x88\xE3\x83\xBC\xE3\x82\xAF\xE3\x83\xB3",
	  "\xE5\x88\x86\xE8\xAF\x8D \xE3\x83\x88\xE3\x83\xBC\xE3\x82\xAF\xE3\x83\xB3", 1, "00", NULL },
	{ "(?:\xE5\x85\x88\xE4\xB8\x8D|\xED\x86\xA0\xED\x81\xAC)", "\xE5\x85\x88\xE4\xB8\x8D \xED\x86\xA0\xED\x81\xAC",
	  1, "00", NULL },
	{ "\xD0\xBD\xD0\xB5\xD1\x82", "", 0, "", NULL },   /* Cyrillic has case: no literal */
	{ "\xEA\x99\x80\xEA\x99\x80\xEA\x99\x80", "", 0, "", NULL }, /* nor has U+A640, a cased letter */
};

static void test_literal_extraction(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(lit_cases) / sizeof(lit_cases[0]); i++) {
		const struct lit_case *c = &lit_cases[i];
		char *out[GR_MAX_LITERALS];
		struct gr_lit_info info;
		size_t n = gr_pattern_literals(c->pattern, out, GR_MAX_LITERALS, &info);
		int prefix = info.prefix, *wb = info.wb;
		char got[256] = "", gotwb[GR_MAX_LITERALS + 1] = "";
		for (size_t k = 0; k < n; k++) {
			if (k)
				strcat(got, " ");
			strcat(got, out[k]);
			gotwb[k] = (char)('0' + wb[k]);
			free(out[k]);
		}
		if (strcmp(got, c->lits) || (n && (prefix != c->prefix || strcmp(gotwb, c->wb))) ||
		    strcmp(info.need, c->need ? c->need : "")) {
			print_error("%s: literals '%s' prefix %d wb %s need '%s', expected '%s' prefix %d wb %s need '%s'\n",
				    c->pattern, got, prefix, gotwb, info.need, c->lits, c->prefix, c->wb,
				    c->need ? c->need : "");
			fail();
		}
	}
}

/* A later group every match passes through: either of its literals is a
 * second requirement. Not from an optional group, a group with a short
 * literal, or a pattern of several alternatives. */
static void test_literal_needset(void **state)
{
	(void)state;
	static const struct {
		const char *pattern, *needset;
	} cases[] = {
		{ "(?:copy_|\\bcasts?\\b)[^.]{0,40}\\b(?:are|is)\\s+(?:normal|expected|fine)\\b", "normal expected fine" },
		{ "(?:copy_|cast)[^.]{0,40}(?:noise|matter)(?:abcdefg|hijklmn)", "abcdefg hijklmn" }, /* the longer */
		{ "(?:copy_|cast)[^.]{0,40}(?:normal|fine)?x", "" },                    /* optional */
		{ "(?:copy_|cast)[^.]{0,40}(?:is|normal)", "" },                        /* "is": too short */
		{ "(?:copy_|cast)x(?:normal|fine)|zzz", "" },                           /* two alternatives */
		{ "\\bbecause\\b", "" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *out[GR_MAX_LITERALS], got[512] = "";
		struct gr_lit_info info;
		size_t n = gr_pattern_literals(cases[i].pattern, out, GR_MAX_LITERALS, &info);
		for (size_t k = 0; k < n; k++)
			free(out[k]);
		for (size_t k = 0; k < info.nneedset; k++) {
			if (k)
				strcat(got, " ");
			strcat(got, info.needset[k]);
		}
		if (strcmp(got, cases[i].needset)) {
			print_error("%s: needset '%s', expected '%s'\n", cases[i].pattern, got, cases[i].needset);
			fail();
		}
	}
}

/* How far into a match its literal may start: the window a scan tries. A
 * run of \s or \w adds one run of the text's longest; other unbounded
 * repeats leave no bound. */
static void test_literal_window(void **state)
{
	(void)state;
	static const struct gr_width none = { GR_UNBOUNDED, 0, 0 };
	static const struct {
		const char *pattern;
		struct gr_width pre;
	} cases[] = {
		{ "\\bbecause\\b", { 0, 0, 0 } },                  /* starts every match */
		{ "copy_\\w*x{2}", { 0, 0, 0 } },
		{ "x[^.]{0,10}parent", { 4 + 10 * 4, 0, 0 } },      /* a character is up to four bytes */
		{ "(?:ab)?cd[^x]{0,3}(?:foo|barbaz)", { 8 + 8 + 12, 0, 0 } },
		{ "\\bto\\s+(?:and|copy)", { 8, 1, 0 } },           /* "to", then one run of white space */
		{ "\\bas\\s+it\\s+should\\b", { 16, 2, 0 } },
		{ "\\w+ment", { 0, 0, 1 } },
		{ "\\d+\\s*percent", { 0, 1, 1 } },                 /* digits are word characters */
		{ "(?:\\w+\\s+){0,2}normal", { 0, 2, 2 } },
		{ "(?:\\w+[\\s-]+){0,2}normal", none },             /* a class run: no bound */
		{ "(?:\\w+\\s+)*normal", none },
		{ "a\\Kbcdef", none },                             /* \\K moves the start past it */
		{ "(?:x|yy)[0-9]{2}(?:abc|d(?:efg|hij))", { 8 + 8 + 4, 0, 0 } },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *out[GR_MAX_LITERALS];
		struct gr_lit_info info;
		size_t n = gr_pattern_literals(cases[i].pattern, out, GR_MAX_LITERALS, &info);
		struct gr_width pre = info.pre, want = cases[i].pre;
		for (size_t k = 0; k < n; k++)
			free(out[k]);
		if (!n || pre.c != want.c || (pre.c != GR_UNBOUNDED && (pre.s != want.s || pre.w != want.w))) {
			print_error("%s: %zu literals, window %zu+%us+%uw, expected %zu+%us+%uw\n", cases[i].pattern, n,
				    pre.c, pre.s, pre.w, want.c, want.s, want.w);
			fail();
		}
	}
}

/* A bound in bytes for one text: runs as long as its longest, characters
 * of one byte when it is all ASCII. */
static void test_width_bytes(void **state)
{
	(void)state;
	static const struct {
		const char *text;
		size_t s, w; /* the longest runs */
		int ascii;
	} cases[] = {
		{ "to   ops, a longword", 3, 8, 1 },
		{ "to \xE3\x80\x80 ops", 5, 3, 0 }, /* an ideographic space: three bytes */
		{ "caf\xC3\xA9s\n\n\tare", 3, 6, 0 },
	};
	const struct gr_width w = { 40, 2, 1 }; /* ten characters, two runs of spaces, a word */
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct gr_trigrams tri;
		assert_int_equal(gr_trigrams_build(&tri, cases[i].text, strlen(cases[i].text)), 0);
		assert_int_equal(tri.srun, cases[i].s);
		assert_int_equal(tri.wrun, cases[i].w);
		assert_int_equal(tri.ascii, cases[i].ascii);
		size_t want = (cases[i].ascii ? 10 : 40) + 2 * cases[i].s + cases[i].w;
		assert_int_equal(gr_width_bytes(w, &tri), want);
		assert_int_equal(gr_width_bytes((struct gr_width){ GR_UNBOUNDED, 0, 0 }, &tri), GR_UNBOUNDED);
		gr_trigrams_free(&tri);
	}
}

/* How far into a match the second requirements may start. */
static void test_literal_need_window(void **state)
{
	(void)state;
	static const struct {
		const char *pattern;
		char which;       /* 'n' the need, 's' the needset (its first literal) */
		const char *need;
		struct gr_width pre;
	} cases[] = {
		/* "copy" 16, the class 160, "are" 12, a run, an optional word and run */
		{ "copy[^.;\\n]{0,40}\\b(?:are|is)\\s+(?:\\w+\\s+)?(?:normal|expected)", 's', "normal", { 188, 2, 1 } },
		{ "\\baten\\b[^.;\\n]{0,60}\\b(?:parent|wraps)", 's', "parent", { 16 + 240, 0, 0 } },
		{ "\\bnot\\s+(?:yet|now)\\s+because", 's', "yet", { 12, 1, 0 } },
		{ "\\bnot\\s+(?:yet|now)\\s+because", 'n', "because", { 12 + 12, 2, 0 } },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *out[GR_MAX_LITERALS];
		struct gr_lit_info info;
		size_t n = gr_pattern_literals(cases[i].pattern, out, GR_MAX_LITERALS, &info);
		for (size_t k = 0; k < n; k++)
			free(out[k]);
		int set = cases[i].which == 's';
		const char *need = set ? (info.nneedset ? info.needset[0] : "") : info.need;
		struct gr_width pre = set ? info.needset_pre : info.need_pre, want = cases[i].pre;
		if (!n || strcmp(need, cases[i].need) || pre.c != want.c || pre.s != want.s || pre.w != want.w) {
			print_error("%s: need '%s' at %zu+%us+%uw, expected '%s' at %zu+%us+%uw\n", cases[i].pattern, need,
				    pre.c, pre.s, pre.w, cases[i].need, want.c, want.s, want.w);
			fail();
		}
	}
}

struct hits {
	size_t v[2 * 4096];
	size_t n;
};

static int record(void *ctx, size_t start, size_t end)
{
	struct hits *h = ctx;
	if (h->n + 2 <= sizeof(h->v) / sizeof(h->v[0])) {
		h->v[h->n++] = start;
		h->v[h->n++] = end;
	}
	return 0;
}

/* Scan text with set both ways; returns the patterns' match count. */
static size_t compare_set(struct gr_patset *set, const struct gr_text *t, const struct gr_trigrams *tri,
			  const char *what)
{
	static struct hits a, b;
	size_t total = 0;
	for (size_t i = 0; i < set->n; i++) {
		struct gr_patset one = { &set->v[i], 1, NULL, NULL };
		a.n = b.n = 0;
		assert_int_equal(gr_patset_scan(&one, t->buf, t->len, NULL, &scratch, record, &a), 0);
		assert_int_equal(gr_patset_scan(&one, t->buf, t->len, tri, &scratch, record, &b), 0);
		if (a.n != b.n || memcmp(a.v, b.v, a.n * sizeof(a.v[0]))) {
			print_error("%s pattern %zu: %zu matches unfiltered, %zu filtered\n", what, i, a.n / 2, b.n / 2);
			fail();
		}
		total += a.n / 2;
	}
	/* The whole set at once, through its packed presence test. */
	a.n = b.n = 0;
	assert_int_equal(gr_patset_scan(set, t->buf, t->len, NULL, &scratch, record, &a), 0);
	assert_int_equal(gr_patset_scan(set, t->buf, t->len, tri, &scratch, record, &b), 0);
	if (a.n != b.n || memcmp(a.v, b.v, a.n * sizeof(a.v[0]))) {
		print_error("%s: the set finds %zu matches unfiltered, %zu filtered\n", what, a.n / 2, b.n / 2);
		fail();
	}
	return total;
}

static size_t compare_exercise(struct gr_exercise *ex, const char *buf, size_t len, const char *name)
{
	struct gr_text t;
	struct gr_error err = { 0 };
	struct gr_trigrams tri;
	if (gr_text_normalize(buf, len, name, &t, &err)) {
		gr_error_clear(&err);
		return 0;
	}
	assert_int_equal(gr_trigrams_build(&tri, t.buf, t.len), 0);
	size_t n = compare_set(&ex->negation, &t, &tri, name) + compare_set(&ex->deferral, &t, &tri, name) +
		   compare_set(&ex->clause, &t, &tri, name) + compare_set(&ex->echo, &t, &tri, name);
	for (size_t c = 0; c < ex->nconcepts; c++)
		n += compare_set(&ex->concepts[c].set, &t, &tri, name);
	for (size_t r = 0; r < ex->table.len; r++)
		n += compare_set(&ex->row_alias[r], &t, &tri, name);
	gr_trigrams_free(&tri);
	gr_text_free(&t);
	return n;
}

/* Texts that probe the edges: word boundaries next to literals, a literal at
 * the very start and end, non-ASCII neighbours, two-letter words inside
 * longer ones. */
static const char *edge_texts[] = {
	"so also so, so.so_so",
	"cast casts castle recast _cast cast_ écast castéé",
	"Top CUDA time: aten::to (to()) to-do tomorrow; into onto toto",
	"ASO SO So sO éso soé",
	"not nothing knot no-no NOT\n",
	"I would not write a custom attention kernel yet, because copies are unexplained.",
	/* A literal far into a match, windows that overlap, a match across them. */
	"to xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx is the parent; to to to parent to parent\n"
	"aten::to() \xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9 wraps copy_, copies are expected; casts look normal",
	/* Latin-1 letters in both cases, and the letters with partners outside it. */
	"N\xC3\x83O otimizaria. n\xC3\xA3o, N\xC3\xA3o; na\xC3\xB5 a\xC3\xA7\xC3\xA3o A\xC3\x87\xC3\x83O "
	"\xC3\x89T\xC3\x89 \xC3\xA9t\xC3\xA9 \xC3\x85 \xC3\xA5 \xE2\x84\xAB stra\xC3\x9F" "e STRA\xE1\xBA\x9E" "E \xC3\xBF \xC5\xB8 "
	"todav\xC3\xAD" "a no, TODAV\xC3\x8D" "A NO, ainda n\xC3\xA3o, AINDA N\xC3\x83O otimizaria o kernel",
	/* Runs that bound windows: long spaces, em and ideographic spaces, a
	 * long word of another script between a literal and what it needs. */
	"copies                                   are            quite\n\n\n      normal; as  it \n\n  should",
	"the copies are \xE2\x80\x83\xE2\x80\x83\xE2\x80\x83 entirely \xE3\x80\x80\xE3\x80\x80 expected, to \xE3\x80\x80 ops",
	"casts look \xD0\xB6\xD0\xB6\xD0\xB6\xD0\xB6\xD0\xB6\xD0\xB6\xD0\xB6\xD0\xB6\xD0\xB6\xD0\xB6\xD0\xB6\xD0\xB6 normal. "
	"I would not   yet\t\tbecause, not now because we copy_ parent",
	/* Chinese, Japanese and Korean words among the patterns' literals */
	"\xE5\x88\x86\xE8\xAF\x8D\xE5\x99\xA8 22 ms, \xE5\x85\x88\xE4\xB8\x8D\xE5\x81\x9A FlashAttention\xEF\xBC\x8C"
	"\xE3\x82\xB3\xE3\x83\x94\xE3\x83\xBC \xE3\x81\xAE dtype \xE3\x82\x92\xE8\xA6\x8B\xE3\x82\x8B. "
	"\xED\x86\xA0\xED\x81\xAC\xEB\x82\x98\xEC\x9D\xB4\xEC\xA0\x80 \xED\x99\x95\xEC\x9D\xB8 \xE6\x8B\xB7\xE8\xB4\x9D",
};

/* Windows measured in bytes: wide characters between a match's start and
 * its literal must not push the start out of the window. */
static void test_windows_hold_wide_characters(void **state)
{
	(void)state;
	static const char *patterns[] = {
		"x[^.]{0,10}parent", "\\b(?:aten::)?to\\b[^.;\\n]{0,12}\\b(?:parent|wraps)", "(?:ab)?cd[^x]{0,3}(?:foo|barbaz)",
	};
	static const char *texts[] = {
		"x\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC" "parent",
		"aten::to \xF0\x9F\x98\x80\xF0\x9F\x98\x80\xF0\x9F\x98\x80\xF0\x9F\x98\x80\xF0\x9F\x98\x80\xF0\x9F\x98\x80 wraps",
		"abcd\xC3\xA9\xC3\xA9\xC3\xA9" "barbaz cdfoo xparent",
	};
	struct gr_patset set;
	size_t bad, off;
	char msg[128];
	assert_int_equal(gr_patset_compile(&set, patterns, 3, &bad, msg, sizeof(msg), &off), 0);
	size_t matches = 0;
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		struct gr_text t;
		struct gr_error err = { 0 };
		struct gr_trigrams tri;
		assert_int_equal(gr_text_normalize(texts[i], strlen(texts[i]), "wide", &t, &err), 0);
		assert_int_equal(gr_trigrams_build(&tri, t.buf, t.len), 0);
		matches += compare_set(&set, &t, &tri, texts[i]);
		gr_trigrams_free(&tri);
		gr_text_free(&t);
	}
	assert_int_equal(matches, 5);
	gr_patset_free(&set);
}

/* Patterns of whole words are matched from the index alone; anything else
 * (an optional letter, a group inside a word, a bare word) is not. */
static void test_whole_word_patterns(void **state)
{
	(void)state;
	static const char *patterns[] = {
		"\\bso\\b", "\\bonly\\b|\\bjust\\b", "\\b(?:fp32|bf16|half)\\b", "\\bslices?\\b",
		"\\bcop(?:y|ies)\\b", "\\bfoo\\b|bar", "record", "\\bno\\s+point\\b",
	};
	static const int words[] = { 1, 1, 1, 0, 0, 0, 0, 0 };
	enum { N = sizeof(patterns) / sizeof(patterns[0]) };
	struct gr_patset set;
	size_t bad, off;
	char msg[128];
	assert_int_equal(gr_patset_compile(&set, patterns, N, &bad, msg, sizeof(msg), &off), 0);
	for (size_t i = 0; i < N; i++)
		if (set.v[i].words != words[i]) {
			print_error("%s: words %d, expected %d\n", patterns[i], set.v[i].words, words[i]);
			fail();
		}
	/* Inside words, next to '_', digits and letters of other scripts. */
	const char *text = "so also_so so_ 2so so2 \xC3\xA9so so\xC3\xA9 SO. Just-only justly FP32x fp32 bf16, half.";
	struct gr_text t;
	struct gr_error err = { 0 };
	struct gr_trigrams tri;
	assert_int_equal(gr_text_normalize(text, strlen(text), "words", &t, &err), 0);
	assert_int_equal(gr_trigrams_build(&tri, t.buf, t.len), 0);
	/* so x2 (first and "SO"), Just, only, fp32, bf16, half; plus the other patterns' own. */
	size_t n = compare_set(&set, &t, &tri, "words");
	struct gr_patset three = { set.v, 3, NULL, NULL };
	static struct hits h;
	h.n = 0;
	assert_int_equal(gr_patset_scan(&three, t.buf, t.len, &tri, &scratch, record, &h), 0);
	assert_int_equal(h.n / 2, 7);
	assert_true(n >= 7);
	gr_trigrams_free(&tri);
	gr_text_free(&t);
	gr_patset_free(&set);
}

static void test_prefilter_finds_what_a_scan_finds(void **state)
{
	(void)state;
	static const char *ids[] = { "part-a", "part-b", "part-c", "stretch" };
	size_t matches = 0, texts = 0;
	for (size_t e = 0; e < sizeof(ids) / sizeof(ids[0]); e++) {
		struct gr_error err = { 0 };
		struct gr_exercise *ex = load_exercise(ids[e]);
		for (size_t k = 0; k < sizeof(edge_texts) / sizeof(edge_texts[0]); k++)
			matches += compare_exercise(ex, edge_texts[k], strlen(edge_texts[k]), "edge");
		/* Every fixture corpus against every exercise: wrong-part answers too. */
		static const char *corpora[] = { "part-a", "part-b", "part-c", "stretch", "adversarial" };
		for (size_t c = 0; c < sizeof(corpora) / sizeof(corpora[0]); c++) {
			char dir[1024];
			snprintf(dir, sizeof(dir), SOURCE_DIR "/fixtures/%s", corpora[c]);
			DIR *d = opendir(dir);
			assert_non_null(d);
			struct dirent *de;
			while ((de = readdir(d)) != NULL) {
				size_t nl = strlen(de->d_name);
				if (nl < 4 || strcmp(de->d_name + nl - 3, ".md"))
					continue;
				char file[2048], *buf;
				size_t len;
				snprintf(file, sizeof(file), "%s/%s", dir, de->d_name);
				if (gr_read_file(file, GR_DEFAULT_MAX_REPORT, &buf, &len, &err)) {
					gr_error_clear(&err);
					continue;
				}
				matches += compare_exercise(ex, buf, len, file);
				texts++;
				free(buf);
			}
			closedir(d);
		}
		gr_exercise_free(ex);
	}
	/* The comparison means something only if the patterns matched a lot. */
	assert_true(texts > 300);
	assert_true(matches > 10000);
}

/* A gate is closed only where the pattern cannot match: every place a
 * label or heading is tried, anchored, the gate must be open if PCRE2
 * matches; and closed on text without the literals. */
/* A pattern of a script with case gives no literal, but when every
 * alternative opens with a character outside ASCII, an ASCII text cannot
 * hold a match: the set skips it there, and still finds it elsewhere. */
static void test_high_patterns(void **state)
{
	(void)state;
	static const char *patterns[] = {
		"\xD1\x82\xD0\xBE\xD0\xBA\xD0\xB5\xD0\xBD\xD0\xB8\xD0\xB7\\w*|\xD0\xBA\xD0\xBE\xD0\xBF\xD0\xB8\\w*",
		"(?<!\\w)(?:\xD0\xBD\xD0\xB5|\xD0\xBD\xD0\xB5\xD1\x82)(?!\\w)",
		"(?:\xD0\xBD\xD0\xB5|x)",           /* one alternative is ASCII */
		"\xD0\xBD?\xD0\xB5",                 /* optional: "" then a high byte, but not proved here */
		"(?i)\xD0\xBD\xD0\xB5",              /* inline options: not understood */
	};
	static const int high[] = { 1, 1, 0, 0, 0 };
	struct gr_patset set;
	size_t bad, off;
	char msg[128];
	assert_int_equal(gr_patset_compile(&set, patterns, 5, &bad, msg, sizeof(msg), &off), 0);
	for (size_t i = 0; i < 5; i++)
		assert_int_equal(set.v[i].high, high[i]);
	static const char *texts[] = { "plain ASCII: not a tokenizer", "\xD0\x9D\xD0\x95 \xD0\xA2\xD0\x9E\xD0\x9A\xD0\x95\xD0\x9D\xD0\x98\xD0\x97\xD0\x90\xD0\xA2\xD0\x9E\xD0\xA0 x" };
	for (size_t t = 0; t < 2; t++) {
		size_t len = strlen(texts[t]);
		struct gr_trigrams tri;
		assert_int_equal(gr_trigrams_build(&tri, texts[t], len), 0);
		static struct hits with, without;
		with.n = without.n = 0;
		assert_int_equal(gr_patset_scan(&set, texts[t], len, &tri, &scratch, record, &with), 0);
		assert_int_equal(gr_patset_scan(&set, texts[t], len, NULL, &scratch, record, &without), 0);
		assert_int_equal(with.n, without.n);
		assert_memory_equal(with.v, without.v, with.n * sizeof(with.v[0]));
		assert_true(t == 0 ? with.n == 0 : with.n >= 4); /* "НЕ" and "ТОКЕНИЗАТОР", caselessly */
		gr_trigrams_free(&tri);
	}
	gr_patset_free(&set);
}

/* A pattern two sets hold is matched once per text and its matches serve
 * both: each set still finds exactly what it finds alone, whichever scans
 * first, and a new text is matched anew. */
static void test_shared_patterns(void **state)
{
	(void)state;
	static const char *pa[] = { "\\bcop(?:y|ies)\\b", "\\bcasts?\\b", "copy_" };
	static const char *pb[] = { "\\bdtypes?\\b", "\\bcop(?:y|ies)\\b", "copy_", "\\bcop(?:y|ies)\\b" };
	struct gr_patset a, b, alone_a, alone_b;
	char msg[128];
	size_t bad, off;
	assert_int_equal(gr_patset_compile(&a, pa, 3, &bad, msg, sizeof(msg), &off), 0);
	assert_int_equal(gr_patset_compile(&b, pb, 4, &bad, msg, sizeof(msg), &off), 0);
	assert_int_equal(gr_patset_compile(&alone_a, pa, 3, &bad, msg, sizeof(msg), &off), 0);
	assert_int_equal(gr_patset_compile(&alone_b, pb, 4, &bad, msg, sizeof(msg), &off), 0);
	struct gr_patset *sets[] = { &a, &b };
	assert_int_equal(gr_patset_share(sets, 2), 2); /* the copy word and copy_ */
	assert_true(a.v[0].memo && a.v[0].memo == b.v[1].memo && b.v[1].memo == b.v[3].memo);
	assert_int_equal(a.v[1].memo, 0);
	static const char *texts[] = { "copy_ copies the casts; one copy per dtype, copy_ again",
				       "COPIES and Copy_ and casts and dtypes, copy" };
	static struct hits want, got;
	for (int order = 0; order < 2; order++)
		for (size_t t = 0; t < 2; t++) {
			struct gr_trigrams tri;
			size_t len = strlen(texts[t]);
			assert_int_equal(gr_trigrams_build(&tri, texts[t], len), 0);
			struct gr_patset *first = order ? &b : &a, *second = order ? &a : &b;
			struct gr_patset *alone1 = order ? &alone_b : &alone_a, *alone2 = order ? &alone_a : &alone_b;
			want.n = got.n = 0;
			assert_int_equal(gr_patset_scan(alone1, texts[t], len, &tri, &scratch, record, &want), 0);
			assert_int_equal(gr_patset_scan(first, texts[t], len, &tri, &scratch, record, &got), 0);
			assert_int_equal(got.n, want.n);
			assert_memory_equal(got.v, want.v, want.n * sizeof(want.v[0]));
			want.n = got.n = 0;
			assert_int_equal(gr_patset_scan(alone2, texts[t], len, &tri, &scratch, record, &want), 0);
			assert_int_equal(gr_patset_scan(second, texts[t], len, &tri, &scratch, record, &got), 0);
			assert_true(want.n > 0);
			assert_int_equal(got.n, want.n);
			assert_memory_equal(got.v, want.v, want.n * sizeof(want.v[0]));
			gr_trigrams_free(&tri);
		}
	gr_patset_free(&a);
	gr_patset_free(&b);
	gr_patset_free(&alone_a);
	gr_patset_free(&alone_b);
}

/* A pattern two sets hold is compiled once per load and copied: the copy
 * finds what its own compile finds, lives on after the cache and the first
 * set are freed (ASan and valgrind run this), and a bad pattern is still
 * refused with its index. */
static void test_compile_cache(void **state)
{
	(void)state;
	static const char *pa[] = { "\\bcop(?:y|ies)\\b", "\\bcasts?\\b" };
	static const char *pb[] = { "\\bdtypes?\\b", "\\bcop(?:y|ies)\\b" };
	static const char *bad_set[] = { "\\bcasts?\\b", "(unclosed" };
	struct gr_patset a, b, alone, broken;
	char msg[128];
	size_t bad = 0, off;
	struct gr_pcache *c = gr_pcache_new();
	assert_non_null(c);
	assert_int_equal(gr_patset_compile_cached(&a, pa, 2, c, &bad, msg, sizeof(msg), &off), 0);
	assert_int_equal(gr_patset_compile_cached(&b, pb, 2, c, &bad, msg, sizeof(msg), &off), 0);
	assert_int_equal(gr_patset_compile_cached(&broken, bad_set, 2, c, &bad, msg, sizeof(msg), &off), GR_EINPUT);
	assert_int_equal(bad, 1);
	gr_patset_free(&broken);
	assert_ptr_not_equal(a.v[0].re, b.v[1].re); /* a copy, owned by its set */
	struct gr_pcache_stats st;
	gr_pcache_stats(c, &st);
	assert_int_equal(st.compiled, 4); /* copies, casts, dtypes and the bad one: each once */
	assert_int_equal(st.reused, 2);   /* copies in b, casts in the broken set */
	assert_int_equal(gr_patset_compile(&alone, pb, 2, &bad, msg, sizeof(msg), &off), 0);
	gr_pcache_free(c);
	gr_patset_free(&a);
	static const char *text = "COPIES and copy, then dtypes";
	static struct hits want, got;
	want.n = got.n = 0;
	assert_int_equal(gr_patset_scan(&alone, text, strlen(text), NULL, &scratch, record, &want), 0);
	assert_int_equal(gr_patset_scan(&b, text, strlen(text), NULL, &scratch, record, &got), 0);
	assert_int_equal(want.n, 6); /* three matches, start and end each */
	assert_int_equal(got.n, want.n);
	assert_memory_equal(got.v, want.v, want.n * sizeof(want.v[0]));
	gr_patset_free(&b);
	gr_patset_free(&alone);
}

/* A list whose Cyrillic or CJK labels can only match text with a byte
 * above 0x7F keeps the English labels' gate on ASCII reports, and opens
 * on every line of a report that holds such a byte. */
static void test_gates_high(void **state)
{
	(void)state;
	assert_true(gr_pattern_high("\xD1\x82\xD0\xBE\xD0\xBF\\s+cuda"));            /* "топ cuda" */
	assert_true(gr_pattern_high("(?:\xE3\x83\xAF|\xD0\xB0)\\w*"));
	assert_false(gr_pattern_high("cuda\\s*\xEC\x8B\x9C\xEA\xB0\x84"));            /* "cuda 시간" opens in ASCII */
	assert_false(gr_pattern_high("\xD1\x82\xD0\xBE\xD0\xBF|cuda"));
	struct gr_trigrams ascii, cyr;
	const char *a = "Workload: x\nnothing here\n", *c = "\xD0\x9D\xD0\xB0\xD0\xB2\xD0\xB0\xD0\xBD\xD1\x82: x\nnothing\n";
	assert_int_equal(gr_trigrams_build(&ascii, a, strlen(a)), 0);
	assert_int_equal(gr_trigrams_build(&cyr, c, strlen(c)), 0);
	struct gr_gate g;
	assert_int_equal(gr_gate_build(&g, "(?:workload)", 1, NULL), 0);
	assert_true(gr_gate_open(&g, &ascii, 0, 11));
	assert_false(gr_gate_open(&g, &ascii, 12, 24)); /* "nothing here": no "workload" */
	assert_true(gr_gate_open(&g, &cyr, 14, 21));    /* a Cyrillic text: any line may hold a label */
	gr_gate_free(&g);
	assert_int_equal(gr_gate_build(&g, NULL, 1, NULL), 0); /* every label Cyrillic */
	assert_false(gr_gate_open(&g, &ascii, 0, 11));
	assert_true(gr_gate_open(&g, &cyr, 0, 13));
	gr_gate_free(&g);
	gr_trigrams_free(&ascii);
	gr_trigrams_free(&cyr);
}

static void test_gates(void **state)
{
	(void)state;
	static const char *patterns[] = {
		"(?:Workload)|(?:model)|(?:wl)",
		"(?:(?:\\w+\\s+){0,2}?not\\s+(?:yet|now)\\b)|(?:later\\b)|(?:parking\\s+lot)",
		"\\w+:",                       /* no literal: always open */
	};
	static const char *texts[] = {
		"Workload: Llama\nWL: x\nmodels are big\nWhat I would not do yet\nLater:\n\nParking  lot\nNot now\n",
		"Hardware: L4\nTop CUDA time: matmul\nnothing to see\n",
	};
	for (size_t i = 0; i < sizeof(patterns) / sizeof(patterns[0]); i++) {
		struct gr_gate g;
		char msg[128];
		size_t off;
		assert_int_equal(gr_gate_build(&g, patterns[i], 0, NULL), 0);
		assert_true(i == 2 ? g.n == 0 : g.n > 0);
		pcre2_code *re = gr_compile(patterns[i], msg, sizeof(msg), &off);
		assert_non_null(re);
		pcre2_match_data *md = pcre2_match_data_create(4, NULL);
		int matched = 0, closed = 0;
		for (size_t t = 0; t < sizeof(texts) / sizeof(texts[0]); t++) {
			size_t len = strlen(texts[t]);
			struct gr_trigrams tri;
			assert_int_equal(gr_trigrams_build(&tri, texts[t], len), 0);
			for (size_t at = 0; at < len; at++) {
				if (at && texts[t][at - 1] != '\n')
					continue; /* line starts, as labels are tried */
				size_t end = at;
				while (end < len && texts[t][end] != '\n')
					end++;
				int m = pcre2_match(re, (PCRE2_SPTR)texts[t], end, at, PCRE2_ANCHORED, md, NULL) >= 0;
				int open = gr_gate_open(&g, &tri, at, end);
				if (m && !open) {
					print_error("%s: closed at %zu where it matches\n", patterns[i], at);
					fail();
				}
				matched += m;
				closed += !open;
			}
			gr_trigrams_free(&tri);
		}
		/* Each gated pattern matched somewhere and was closed somewhere. */
		assert_true(matched > 0);
		assert_true(i == 2 ? closed == 0 : closed > 0);
		pcre2_match_data_free(md);
		pcre2_code_free(re);
		gr_gate_free(&g);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_literal_extraction),
		cmocka_unit_test(test_literal_needset),
		cmocka_unit_test(test_literal_window),
		cmocka_unit_test(test_literal_need_window),
		cmocka_unit_test(test_width_bytes),
		cmocka_unit_test(test_windows_hold_wide_characters),
		cmocka_unit_test(test_whole_word_patterns),
		cmocka_unit_test(test_prefilter_finds_what_a_scan_finds),
		cmocka_unit_test(test_gates),
		cmocka_unit_test(test_gates_high),
		cmocka_unit_test(test_high_patterns),
		cmocka_unit_test(test_shared_patterns),
		cmocka_unit_test(test_compile_cache),
	};
	return cmocka_run_group_tests(tests, load_part_a, free_part_a);
}
