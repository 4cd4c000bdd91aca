/*
 * rule.c - mentions, polarity, stuffing, scopes, counting and facts (see rule.h).
 */
#include "rule.h"

#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>

#include "buf.h"
#include "chars.h"

#define NONE ((size_t)-1)
#define GR_DUMP_ITEMS 12 /* comma-separated items in one sentence that make it a dump, not an answer */
#define ADJACENT_CUE 12 /* bytes from a negation to a cue it undoes: "don't skip", "no reason not to";
			 * never across a table's "|": "| no | not now |" are two cells' answers */

/* ---- locating ------------------------------------------------------------ */

/* Does r carry the lowercase copy of its own text (r->tri->lower) that the
 * searches below read? A report built by hand may not. */
static int indexed(const struct gr_report *r)
{
	return r->tri && r->tri->lower && r->tri->len == r->text.len;
}

/* Index of the span containing off (spans sorted, non-overlapping), or NONE. */
static size_t span_of(const struct gr_span *v, size_t n, size_t off)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (v[mid].end <= off)
			lo = mid + 1;
		else if (v[mid].start > off)
			hi = mid;
		else
			return mid;
	}
	return NONE;
}

struct cue {
	size_t start, end;
	int rightward; /* a deferral cue: only what follows it is deferred */
};

struct cues {
	struct cue *v;
	size_t n, cap;
	size_t *verdict; /* where each verdict that rejects a row starts, ascending (find_verdicts) */
	size_t nverdict, vcap;
	struct gr_span *rejected; /* what lines that open with a rejecting verdict list, ascending */
	size_t nrejected, rcap;
	uint64_t picked; /* the option labels the report picks (find_picks), 0: none */
	int crosses;     /* the report holds a cross ("✗", "✘", "❌"): lines may be crossed out */
};

struct cue_ctx {
	struct cues *c;
	int rightward;
};

static int add_cue(void *p, size_t a, size_t b)
{
	struct cue_ctx *x = p;
	if (GR_GROW(x->c->v, x->c->n, x->c->cap, 32) < 0)
		return -1;
	x->c->v[x->c->n++] = (struct cue){ a, b, x->rightward };
	return 0;
}

static int cmp_cue(const void *a, const void *b)
{
	const struct cue *x = a, *y = b;
	return x->start < y->start ? -1 : x->start > y->start;
}


/* Is the word of b that ends at `at` (or starts there, when after) a dtype
 * or a device ("bf16", "fp32", "gpu", "host")? */
static int dtype_or_device(const char *b, size_t at, int after)
{
	static const char *const words[] = { "bf16", "fp16", "fp32", "fp8", "tf32", "int8", "float16", "float32",
					     "bfloat16", "half", "gpu", "cpu", "cuda", "host", "device", "hbm", NULL };
	size_t s = at, e = at;
	if (after) {
		while (b[s] == ' ')
			s++;
		e = s;
		while (gr_isalnum((unsigned char)b[e]))
			e++;
	} else {
		while (s > 0 && b[s - 1] == ' ')
			s--;
		e = s;
		while (s > 0 && gr_isalnum((unsigned char)b[s - 1]))
			s--;
	}
	char w[12];
	size_t n = e - s;
	if (n == 0 || n >= sizeof(w))
		return 0;
	for (size_t i = 0; i < n; i++)
		w[i] = (char)gr_tolower((unsigned char)b[s + i]);
	w[n] = '\0';
	return gr_word_in(w, n, words);
}

/* "check mm runs bf16 not fp32", "keep it on the gpu, not the cpu": a bare
 * "not" between two dtypes or devices contrasts them; it negates nothing
 * else in the clause. */
static int contrast_not(const char *b, struct cue q)
{
	if (q.end - q.start != 3 || strncasecmp(b + q.start, "not", 3))
		return 0;
	size_t before = q.start;
	while (before > 0 && (b[before - 1] == ' ' || b[before - 1] == ','))
		before--;
	size_t after = q.end;
	while (b[after] == ' ')
		after++;
	if (!strncasecmp(b + after, "the ", 4))
		after += 4;
	return dtype_or_device(b, before, 0) && dtype_or_device(b, after, 1);
}

/* Is the cue "no" Portuguese's "in the" ("quantizar os pesos ... no L4")?
 * Its line reads as Portuguese: two of its words that neither English nor
 * Spanish has. */
static int portuguese_no(const char *b, struct cue q)
{
	static const char *const pt[] = { "os", "\xC3\xA9", "n\xC3\xA3o", "ent\xC3\xA3o", "com", "em", "dos", "das",
					  "isso", "tamb\xC3\xA9m", "pelo", "pela", "s\xC3\xA3o", "est\xC3\xA1", "uma",
					  "e", "novo", NULL };
	if (q.end - q.start != 2 || strncasecmp(b + q.start, "no", 2))
		return 0;
	size_t from = q.start, to = q.end;
	while (from > 0 && b[from - 1] != '\n' && q.start - from < 300)
		from--;
	while (b[to] && b[to] != '\n' && to - q.end < 300)
		to++;
	int found = 0;
	const char *seen[2] = { NULL, NULL };
	for (size_t i = from; i < to && found < 2;) {
		while (i < to && !gr_istext((unsigned char)b[i]))
			i++;
		size_t e = i;
		while (e < to && gr_istext((unsigned char)b[e]))
			e++;
		for (const char *const *w = pt; *w && e > i; w++)
			if (strlen(*w) == e - i && !strncasecmp(b + i, *w, e - i) && *w != seen[0] && found < 2)
				seen[found++] = *w;
		i = e;
	}
	return found >= 2;
}

/* Drop the negation cues that negate nothing: "Why not write a fused
 * kernel?", "why don't we try it" (a question that proposes), the "not" of
 * "bf16 not fp32" (contrast_not), and Portuguese "no" (portuguese_no). */
static void drop_proposing_cues(struct cues *c, const char *b)
{
	size_t n = 0;
	for (size_t i = 0; i < c->n; i++) {
		size_t k = c->v[i].start;
		while (k > 0 && (gr_isalpha((unsigned char)b[k - 1]) || b[k - 1] == '\''))
			k--; /* the start of the cue's word ("don't" for "n't") */
		while (k > 0 && b[k - 1] == ' ')
			k--;
		size_t w = k;
		while (w > 0 && gr_isalpha((unsigned char)b[w - 1]))
			w--;
		int why = k - w == 3 && !strncasecmp(b + w, "why", 3);
		/* "Why not fused attention: there's no attention op" heads
		 * its reasons; it asks nothing. */
		for (size_t e = c->v[i].start; why && b[e] && b[e] != '\n' && b[e] != '?' && e - c->v[i].start < 200; e++)
			if (b[e] == ':')
				why = 0;
		if ((!why || c->v[i].rightward) && !contrast_not(b, c->v[i]) && !portuguese_no(b, c->v[i]))
			c->v[n++] = c->v[i];
	}
	c->n = n;
}

struct mention_ctx {
	struct gr_mentions *m;
	const struct gr_report *r;
	size_t cap;
};

static int add_mention(void *p, size_t a, size_t b)
{
	struct mention_ctx *x = p;
	size_t cl = span_of(x->r->clauses, x->r->nclauses, a);
	/* "(math)", "(movement, 2.8 GiB)": a match that opens on the
	 * punctuation between clauses belongs to the clause its words are in */
	for (size_t k = a; cl == NONE && k < b && k < a + 8; k++)
		if (gr_isalnum((unsigned char)x->r->text.buf[k]))
			cl = span_of(x->r->clauses, x->r->nclauses, k);
	if (cl == NONE) /* a label or pure punctuation: not prose */
		return 1;
	if (GR_GROW(x->m->v, x->m->n, x->cap, 8) < 0)
		return -1;
	x->m->v[x->m->n++] = (struct gr_mention){ a, b, (unsigned)x->r->clause_sentence[cl], (unsigned)cl, 0, 0 };
	return 0;
}

/* A word of up to eight bytes as one number (lowercase ASCII), so a lookup
 * is a few integer compares. 0 for a longer word. */
static uint64_t pack_word(const char *w, size_t n)
{
	uint64_t k = 0;
	if (n == 0 || n > 8)
		return 0;
	for (size_t i = 0; i < n; i++)
		k = k << 8 | gr_tolower((unsigned char)w[i]);
	return k;
}

/* Sets of words, looked up by packed key in an open-addressing table: one
 * or two probes per word. Packed once (pack_wordsets) before the first use. */
#define WORDSET_BITS 10 /* a set holds well under half as many words as slots */
#define WORDSET_SLOTS (1u << WORDSET_BITS)
#define WORDSET_LONGS 15
struct wordset {
	const char *const *words;
	uint64_t slot[WORDSET_SLOTS];
	/* words longer than a packed key, looked up one by one (NULL-ended) */
	const char *longs[WORDSET_LONGS + 1];
};
#define WORDSET(...) { (const char *const[]){ __VA_ARGS__, NULL }, { 0 }, { NULL } }

/* Function words: a sentence has them, a keyword list does not. */
static struct wordset ws_function = WORDSET(
	"a", "i", "an", "as", "at", "be", "by", "do", "if", "in", "is", "it", "me", "my", "no", "of", "on", "or",
	"so", "to", "up", "we", "all", "and", "are", "but", "can", "did", "for", "had", "has", "how", "i'd", "its",
	"may", "not", "our", "out", "per", "the", "was", "who", "why", "you", "also", "been", "does", "each", "even",
	"from", "have", "here", "into", "it's", "just", "only", "than", "that", "then", "they", "this", "were",
	"what", "when", "will", "with", "your", "about", "after", "being", "could", "don't", "every", "isn't",
	"let's", "might", "since", "still", "their", "there", "these", "those", "where", "which", "while", "won't",
	"would", "before", "should", "that's", "though", "because", "doesn't", "there's", "wouldn't",
	/* Verbs of a claim about evidence: "Float -> BFloat16 confirms, same dtype rejects". */
	"confirm", "confirms", "reject", "rejects", "means", "shows", "read", "check", "see", "find", "expect",
	/* ... and imperatives of a terse plan: "one profile, record_shapes=True, attribute aten::to". */
	"attribute", "filter", "compare", "print", "group", "sort",
	/* ... and the plain verbs of a terse claim: "already doing real math; the copies come first". */
	"already", "doing", "come", "comes", "goes", "needs", "happens", "stays", "matters",
	/* The same words in learners' other languages (es, pt, fr, de, romanised
	 * Hindi), so a claim written in them is not taken for a keyword list. */
	"el", "la", "los", "las", "de", "del", "y", "que", "en", "es", "son", "un", "una", "por", "con", "para",
	"se", "lo", "eso", "esto", "pero", "porque", "como", "muy", "ya", "su", "al", "mi", "yo", "m\xC3\xA1s",
	"os", "da", "dos", "das", "e", "\xC3\xA9", "um", "uma", "em", "na", "nos", "n\xC3\xA3o", "com", "pra",
	"mas", "isso", "isto", "ele", "eu", "ao", "mais", "le", "les", "des", "du", "et", "est", "sont", "une",
	"dans", "pour", "avec", "ce", "qui", "pas", "ne", "je", "il", "au", "aux", "plus", "sur", "der", "die",
	"und", "ist", "sind", "ein", "eine", "mit", "f\xC3\xBCr", "nicht", "zu", "den", "dem", "ich",
	"wir", "auch", "aber", "weil", "noch", "hai", "hain", "ka", "ki", "ke", "aur", "mein", "ko", "yeh", "ye",
	"woh", "bhi", "nahi", "toh", "kyunki",
	/* ... and the conditions and verbs of a test written in them: "wenn aten::to Float zeigt,
	 * bestätigt", "si entra float32, confirma", "agar float32 hai toh confirm". */
	"si", "cada", "hay", "ver", "confirma", "rechaza", "est\xC3\xA1", "j\xC3\xA1", "recebe", "mostra",
	"confirme", "chaque", "sous", "voir", "montre", "wenn", "zeigt", "sonst", "im", "nach", "von", "oder",
	"als", "wie", "dann", "bei", "agar", "hota", "ob", "jedes", "jeder", "jede", "unter", "einem", "einen",
	"einer", "auf", "aus", "wird", "hat", "kann", "debajo", "entra", "sale", "dentro",
	/* Dutch, Swedish and Danish ("het is al flash", "och inte GPU-arbete", "det er ren CPU") */
	"het", "een", "van", "zijn", "niet", "met", "voor", "dat", "maar", "omdat", "naar", "bij", "ook",
	"nog", "wat", "dan", "er", "wordt", "worden", "heeft", "moet", "geen", "och", "att", "det", "som",
	"\xC3\xA4r", "p\xC3\xA5", "f\xC3\xB6r", "inte", "av", "till", "om", "men", "eftersom", "vem", "vilken",
	"fr\xC3\xA5n", "har", "ska", "m\xC3\xA5ste", "annars", "finns", "ett", "og", "ikke", "af", "fordi",
	"hvem", "hvilken", "fra", "skal", "ellers", "findes", "hvis",
	/* Italian, Polish, Czech, Turkish and Ukrainian */
	"gli", "di", "della", "che", "non", "è", "sono", "perché", "già", "anche",
	"questo", "nel", "nella", "alla", "ma", "w", "z", "się", "nie", "jest", "że", "jak",
	"ale", "bo", "już", "czy", "co", "są", "od", "v", "že", "už",
	"není", "jsou", "ve", "bir", "bu", "için", "ile", "ama", "çok", "var", "yok",
	"daha", "gibi", "değil", "і", "в", "на", "з",
	"що", "це", "не", "але",
	/* Malay and Indonesian, Tagalog and Vietnamese ("Julat yang saya akan
	 * tambah ... supaya nampak dalam Nsight", "yung copy_ ang problema",
	 * "chưa cần range cho forward"); "dan", "agar", "di" and "ke" are
	 * above already */
	"yang", "saya", "akan", "ini", "itu", "dari", "untuk", "dengan", "tidak", "sudah", "belum",
	"karena", "kerana", "sebab", "supaya", "dalam", "pada", "bila", "jika", "kalau", "juga", "lagi",
	"masih", "tapi", "tetapi", "atau", "ada", "bisa", "boleh", "perlu", "kita", "kami", "guna", "adalah",
	"ialah", "sebelum", "setelah", "selepas", "ang", "ng", "sa", "mga", "ay", "lang", "kasi", "yung",
	"hindi", "kung", "rin", "muna", "ito", "ako", "natin", "là", "và", "của", "có", "không", "chưa", "cần",
	"đã", "được", "cho", "với", "trong", "để", "này", "vì", "nên", "thì", "khi", "nếu", "rồi", "cũng", "tôi",
	/* ... and Vietnamese typed without its marks ("chay lai profiler voi ... de xem") */
	"va", "cua", "khong", "chua", "duoc", "voi", "nay", "nen", "thi", "neu", "roi", "cung", "toi", "lai",
	"xem", "nhung", "phai", "lalu", "jadi", "tiap", "cuma", "semua");

/* Words that leave a cue without an object of its own ("not do that yet"). */
static struct wordset ws_filler = WORDSET("that", "this", "it", "which", "them", "those", "these", "do", "doing",
					  "try", "trying", "pursue", "bother", "with", "touch", "yet", "now", "for",
					  "right", "at", "the", "moment", "first", "either", "too", "later", "just",
					  "all", "anymore", "here", "before",
					  /* a verdict on an option: "FlashAttention - not pursued" */
					  "pursued", "recommended", "chosen", "selected", "planned", "proposed", "considered",
					  "prioritised", "prioritized");
/* Words that open a condition on a deferral ("can wait until ..."). */
static struct wordset ws_subordinate = WORDSET("until", "till", "once", "unless", "after", "when");
static struct wordset ws_pronoun = WORDSET("that", "this", "it", "which", "them", "those", "these");
static struct wordset ws_relative = WORDSET("which", "that", "this", "it");
static struct wordset ws_joins = WORDSET("but", "and", "so", "though", "although");
static struct wordset ws_condition = WORDSET("if", "when", "unless", "whether", "once", "until");
/* Plain verbs that open a predicate of their own after "and"/"or"/"then"
 * ("store it in bf16 instead of fp32 and move attention to ..."). */
static struct wordset ws_verb = WORDSET("move", "use", "switch", "swap", "try", "write", "store", "keep", "load",
					"run", "rerun", "profile", "check", "compare", "measure", "look",
					"print", "log", "trace", "record", "cast", "convert", "enable", "disable",
					"replace", "port", "add", "remove", "drop", "fuse", "capture", "set", "turn",
					"put", "make", "find", "test", "inspect", "dump", "count", "group", "read",
					"start", "build", "go", "upgrade", "adopt", "apply", "pin", "compile", "export",
					"rewrite", "tune", "batch", "cache", "quantize", "quantise", "force", "pick",
					"select", "call", "fix", "patch", "verify", "confirm", "see", "plug", "wrap", "flip",
					"toggle");
/* Longer than a packed word; "re-profile" reads as "re" and "profile". */
static const char *const long_verbs[] = { "reprofile", "benchmark", "implement", "prototype", "integrate",
					  "investigate", "instrument", NULL };
static struct wordset ws_coordinator = WORDSET("and", "or", "then", "plus");
/* Verbs of someone else's suggestion, and the words before them that make
 * it the learner's own ("I'd probably want"). */
static struct wordset ws_suggest = WORDSET("suggest", "suggests", "propose", "proposes", "proposed", "want", "wants",
					   "wanted", "advocate", "insist", "insists", "insisted", "said", "told", "thinks",
					   "thought", "reckons", "argued", "argues", "wrote", "posted", "messaged",
					   "commented", "replied", "pinged",
					   /* a risk named: "Risk: team jumps to a custom attention kernel" */
					   "jumps", "rushes",
					   /* es, pt, fr: "Mi compañero propuso escribir un kernel" */
					   "propuso", "propôs", "sugirió", "sugirio", "sugiere", "sugeriu", "sugere", "dijo",
					   "disse", "quiere", "proposé", "suggère", "suggéré", "voulait");
static const char *const long_suggest[] = { "suggested", "recommend", "recommends", "recommended", "advocates", NULL };
/* ... "you'll want to" is a mentor's instruction: the learner's own */
static struct wordset ws_self = WORDSET("i", "we", "i'd", "we'd", "i'll", "we'll", "you", "you'll", "you'd", "youll",
					"would", "should", "could", "might", "may", "can", "will", "also", "to");
/* Modals, and the others whose suggestion one reports ("Someone will suggest a
 * custom kernel", "people would say"). */
static struct wordset ws_modal = WORDSET("will", "would", "should", "could", "might", "may", "can");
static struct wordset ws_others = WORDSET("someone", "somebody", "people", "they", "he", "she", "everyone",
					  "everybody", "others", "folks", "many", "most", "colleagues", "teammates", "team");
/* ... of them, the people (not "they", which may be the copies): what they
 * would do is theirs, whatever the verb ("Some people would wrap
 * `tokenize` in record_function"). */
static struct wordset ws_people = WORDSET("someone", "somebody", "people", "everyone", "everybody", "others", "folks",
					  "colleagues", "teammates");
/* Words of a heading over candidates ("Options considered:", "Ranking"). */
static struct wordset ws_candidate_heads = WORDSET("options", "alternatives", "candidates", "considered", "ranking",
						   "ranked", "weighing", "weighting", "matrix", "shortlist",
						   "contenders", "choices", "pros", "cons", "tradeoffs", "could",
						   "might", "possible", "possibilities", "ideas");
/* Words that may stand before the verb of a new proposal (lead_word). */
static struct wordset ws_lead = WORDSET("i", "i'd", "id", "i'll", "we", "we'd", "we'll", "you", "would", "will",
					"should", "could", "first", "firstly", "then", "next", "also", "and", "or",
					"plus", "just", "simply", "let's", "lets", "please", "finally", "second",
					"secondly", "third", "after", "that", "afterwards", "maybe", "perhaps",
					"alternatively", "additionally", "instead", "so", "to", "separately",
					"independently", "meanwhile", "parallel", "in", "quickly", "either",
					"probably", "prob", "possibly", "likely", "definitely", "honestly",
					"y", "e", "et", "und", "aur", "luego", "depois", "puis", "dann");
/* Words before the cue of a short answer that leave it an answer ("I
 * disagree.", "That can wait.", "Maybe later."): anything else is its own
 * subject ("Bullets later." defers the bullets, not the sentence before). */
static struct wordset ws_answer_opening = WORDSET("i", "we", "you", "maybe", "perhaps", "probably", "well", "honestly",
						  "no", "nope", "nah", "definitely", "absolutely", "can", "could",
						  "should", "will", "would", "must", "is", "are", "be", "so", "and",
						  "but", "ok", "okay", "hmm", "hard", "strong", "strongly", "i'd",
						  "i'm", "that's", "it's", "we'd", "really", "still", "though");

static struct wordset *const wordsets[] = { &ws_function, &ws_filler, &ws_subordinate, &ws_pronoun, &ws_relative,
					    &ws_joins, &ws_condition, &ws_verb, &ws_coordinator, &ws_suggest, &ws_self,
					    &ws_lead, &ws_candidate_heads, &ws_modal, &ws_others, &ws_people,
					    &ws_answer_opening };
static pthread_once_t wordsets_once = PTHREAD_ONCE_INIT;

static unsigned slot_of(uint64_t k) { return (unsigned)((k * 0x9E3779B97F4A7C15ull) >> (64 - WORDSET_BITS)); }

static void pack_wordsets(void)
{
	for (size_t i = 0, nlong = 0; i < sizeof(wordsets) / sizeof(wordsets[0]); i++, nlong = 0)
		for (const char *const *w = wordsets[i]->words; *w; w++) {
			uint64_t k = pack_word(*w, strlen(*w));
			if (!k) {
				if (nlong == WORDSET_LONGS)
					abort(); /* a programming error: raise WORDSET_LONGS */
				wordsets[i]->longs[nlong++] = *w;
				continue;
			}
			unsigned h = slot_of(k);
			while (wordsets[i]->slot[h] && wordsets[i]->slot[h] != k)
				h = (h + 1) & (WORDSET_SLOTS - 1);
			wordsets[i]->slot[h] = k;
		}
}

static int in_set(const struct wordset *ws, const char *w, size_t n)
{
	uint64_t k = pack_word(w, n);
	if (!k)
		return n > 8 && gr_word_in(w, n, ws->longs);
	for (unsigned h = slot_of(k); ws->slot[h]; h = (h + 1) & (WORDSET_SLOTS - 1))
		if (ws->slot[h] == k)
			return 1;
	return 0;
}

/* The deferred section or block (a "Not yet" answer) holding off, if any:
 * returns its start, or NONE. */
static size_t deferred_start(const struct gr_report *r, size_t off)
{
	for (size_t s = 0; s < r->ex->nsections; s++)
		if (r->ex->sections[s].deferred && r->sections[s].found && off >= r->sections[s].span.start &&
		    off < r->sections[s].span.end)
			return r->sections[s].span.start;
	size_t d = span_of(r->deferred, r->ndeferred, off);
	return d == NONE ? NONE : r->deferred[d].start;
}

/* Does b[sp] hold one of phrases (ASCII, any case) starting at a word? */
/* Where the first of the phrases (lowercase, whole words) starts in sp, or
 * NONE; *len (may be NULL) is the length of the one found. A phrase that
 * ends in a digit ("v1") does not end inside a number ("v12"). */
static size_t find_phrase_len(const char *b, struct gr_span sp, const char *const *phrases, size_t *len)
{
	for (size_t k = sp.start; k < sp.end; k++) {
		if (k > sp.start && gr_isalpha((unsigned char)b[k - 1]))
			continue;
		char c = (char)gr_tolower((unsigned char)b[k]);
		for (const char *const *p = phrases; *p; p++) {
			if ((*p)[0] != c)
				continue;
			size_t n = strlen(*p);
			if (k + n <= sp.end && !strncasecmp(b + k, *p, n) &&
			    (k + n == sp.end || !(gr_isalpha((unsigned char)b[k + n]) ||
						  (isdigit((unsigned char)b[k + n]) && isdigit((unsigned char)(*p)[n - 1]))))) {
				if (len)
					*len = n;
				return k;
			}
		}
	}
	return NONE;
}

static size_t find_phrase(const char *b, struct gr_span sp, const char *const *phrases)
{
	return find_phrase_len(b, sp, phrases, NULL);
}

static int has_phrase(const char *b, struct gr_span sp, const char *const *phrases)
{
	return find_phrase(b, sp, phrases) != NONE;
}

/* What a field says to point at a list after it (list_below). */
static const char *const below_words[] = { "below", "as follows", NULL };

/* The crosses that mark something rejected: "✗", "✘", "❌", "⛔", "🚫". */
static const char *const crosses[] = { "\xE2\x9C\x97", "\xE2\x9C\x98", "\xE2\x9D\x8C", "\xE2\x9B\x94",
				       "\xF0\x9F\x9A\xAB", NULL };

/* Does b[at, end) open with a cross? */
static int is_cross(const char *b, size_t at, size_t end)
{
	for (const char *const *x = crosses; *x; x++) {
		size_t n = strlen(*x);
		if (end - at >= n && !memcmp(b + at, *x, n))
			return 1;
	}
	return 0;
}

/* Is the mention x deferred by the "Not yet" answer it sits in? The answer
 * defers what it names; a later sentence of it that commits to acting ("I'd
 * still start a fused kernel in parallel", "I'll start on it") is judged by
 * its own words instead. */
static int deferred_by_section(const struct gr_report *r, const struct gr_mention *x, signed char *commits)
{
	static const char *const commit[] = { "i'll", "i will", "i'm going to", "i am going to", "we'll", "we will",
					      "i'd still", "i would still", "is justified", "let's", "this week", "today",
					      "right away", "in parallel",
					      /* a fact conceded about what is deferred: "but it still adds its 22 ms to TTFT" */
					      "still adds", "still add", "still counts", "still count", "still lands", "still land",
					      "still sits", "still part of", NULL };
	/* A concession about what is deferred is the learner's own claim:
	 * "backlog: tokenizer (CPU, but every request waits for it)". */
	static const char *const concede[] = { "but", "though", "although", "even though", "even so", NULL };
	size_t start = deferred_start(r, x->start);
	if (start == NONE)
		return 0;
	struct gr_span cl = r->clauses[x->clause];
	while (cl.start < cl.end && !gr_isalpha((unsigned char)r->text.buf[cl.start]))
		cl.start++;
	if (cl.start > start && find_phrase(r->text.buf, cl, concede) == cl.start)
		return 0;
	struct gr_span sent = r->sentences[x->sentence];
	if (sent.start <= start)
		return 1;
	if (commits[x->sentence] < 0) /* once per sentence: a long one has many mentions */
		commits[x->sentence] = (signed char)has_phrase(r->text.buf, sent, commit);
	return !commits[x->sentence];
}

/* Lower bound: the first index in v[0..n) whose `field` is at least key
 * (v sorted by it). Mentions are sorted by start, so by sentence too. */
#define LOWER_BOUND(v, n, field, key)                   \
	({                                              \
		size_t lo_ = 0, hi_ = (n);              \
		while (lo_ < hi_) {                     \
			size_t mid_ = (lo_ + hi_) / 2;  \
			if ((v)[mid_].field < (key))    \
				lo_ = mid_ + 1;         \
			else                            \
				hi_ = mid_;             \
		}                                       \
		lo_;                                    \
	})

static size_t first_in_sentence(const struct gr_mentions *m, unsigned s)
{
	return LOWER_BOUND(m->v, m->n, sentence, s);
}

/* Does m hold a mention in sentence s itself? */
static int mentions_in(const struct gr_mentions *m, unsigned s)
{
	size_t i = first_in_sentence(m, s);
	return i < m->n && m->v[i].sentence == s;
}

static size_t first_at(const struct gr_mentions *m, size_t off)
{
	return LOWER_BOUND(m->v, m->n, start, off);
}

static size_t first_cue(const struct cues *c, size_t off)
{
	return LOWER_BOUND(c->v, c->n, start, off);
}

static struct gr_span span_at(size_t start, size_t end)
{
	return (struct gr_span){ .start = start, .end = end };
}

/* The first word of b[sp] (letters and apostrophes), or an empty span at
 * sp.end: walk a span's words with sp.start = word.end. */
static struct gr_span first_word(const char *b, struct gr_span sp)
{
	struct gr_span w = { .start = sp.start, .end = sp.start };
	while (w.start < sp.end && !gr_isalpha((unsigned char)b[w.start]))
		w.start++;
	for (w.end = w.start; w.end < sp.end && (gr_isalpha((unsigned char)b[w.end]) || b[w.end] == '\''); w.end++)
		;
	return w;
}

/* "Priya's suggestion (...)", "his idea": a noun of suggestion after
 * someone else's possessive. */
static int their_suggestion(const char *b, struct gr_span owner, struct gr_span w)
{
	static const char *const nouns[] = { "suggestion", "suggestions", "proposal", "idea", "pitch",
					     "recommendation", "draft", NULL };
	static const char *const theirs[] = { "his", "her", "their", "partner", "teammate", "colleague", NULL };
	size_t n = owner.end - owner.start;
	int possessive = (n > 2 && b[owner.end - 2] == '\'' && gr_tolower((unsigned char)b[owner.end - 1]) == 's') ||
			 gr_word_in(b + owner.start, n, theirs); /* "Tom's idea", "their pitch", "Partner draft:" */
	return possessive && gr_word_in(b + w.start, w.end - w.start, nouns);
}

static int suggests(const char *w, size_t n)
{
	return in_set(&ws_suggest, w, n) || (n > 8 && gr_word_in(w, n, long_suggest));
}

/* "the profiler told to keep shapes", "a tool asked to record ...": a
 * participle with no auxiliary before it and "to" after it is passive, the
 * learner instructing a thing, not someone suggesting ("I was told to try
 * FlashAttention" is still reported). */
static int instructed_thing(const char *b, struct gr_span subj, struct gr_span w, size_t end)
{
	static const char *const participles[] = { "told", "asked", NULL };
	static const char *const auxiliaries[] = { "was", "were", "been", "being", "got", "get", "gets", "am", "is",
						   "are", "be", NULL };
	if (!gr_word_in(b + w.start, w.end - w.start, participles) ||
	    gr_word_in(b + subj.start, subj.end - subj.start, auxiliaries))
		return 0;
	struct gr_span next = first_word(b, span_at(w.end, end));
	return next.end - next.start == 2 && !strncasecmp(b + next.start, "to", 2);
}

static int is_verb(const char *w, size_t n)
{
	return in_set(&ws_verb, w, n) || gr_word_in(w, n, long_verbs);
}

/* Does b[from..to) hold "and"/"or"/"then" and a plain verb ("... and move
 * attention to FlashAttention-2", "... and then use")? A cue that takes an
 * object ("instead of fp32") does not reach past it into a new predicate. */
static int new_predicate(const char *b, size_t from, size_t to)
{
	static const char *const subject[] = { "i", "i'd", "i'll", "we", "we'd", "we'll", "let's", NULL };
	int joined = 0;
	for (struct gr_span w = first_word(b, span_at(from, to)); w.start < to;
	     w = first_word(b, span_at(w.end, to))) {
		size_t n = w.end - w.start;
		if (gr_word_in(b + w.start, n, subject))
			return 1; /* "Before rerunning I'd wrap ...": the main clause's own subject */
		if (in_set(&ws_coordinator, b + w.start, n))
			joined = 1;
		else if (joined && (n == 4 && !strncasecmp(b + w.start, "also", 4)))
			continue;
		else if (joined && is_verb(b + w.start, n))
			return 1;
		else
			joined = 0;
	}
	return 0;
}

static int clause_has_word(const char *b, struct gr_span cl, const struct wordset *ws);
static int only_spaces(const char *b, size_t from, size_t to);

/* Does b[i] end a segment of a row or item: a table pipe, a colon or a
 * spaced dash before the line's end eol? */
static int segment_end(const char *b, size_t i, size_t eol)
{
	return b[i] == '|' || b[i] == ':' || (b[i] == '-' && i > 0 && b[i - 1] == ' ' && i + 1 < eol && b[i + 1] == ' ');
}

/* Where the segment that starts at or after `at` begins: past the next
 * segment_end() before eol; eol when none. */
static size_t next_segment(const char *b, size_t at, size_t eol)
{
	for (size_t i = at; i < eol; i++)
		if (segment_end(b, i, eol))
			return i + 1;
	return eol;
}

/* Does the segment at b[at..eol) open with a verdict that rejects, and say
 * nothing else ("| rejected |", "- **dropped**: already flash", "ruled
 * out.")? */
static int rejecting_verdict(const char *b, size_t at, size_t eol)
{
	static const char *const verdicts[] = { "rejected", "dropped", "discarded", "declined", "parked", "deferred",
						"postponed", NULL };
	while (at < eol && strchr(" *_~`(", b[at]))
		at++;
	/* a decision column's cross or "no entry": "| D | Custom Triton attention | weeks | low | ❌ |" */
	if (at < eol && is_cross(b, at, eol))
		return 1;
	if (at == eol || !gr_isalpha((unsigned char)b[at]))
		return 0; /* not a word: first_word() would look along the line for one */
	struct gr_span w = first_word(b, span_at(at, eol));
	size_t n = w.end - w.start;
	if (n == 5 && !strncasecmp(b + w.start, "ruled", 5)) {
		struct gr_span o = first_word(b, span_at(w.end, eol));
		if (o.end - o.start != 3 || strncasecmp(b + o.start, "out", 3) || !only_spaces(b, w.end, o.start))
			return 0;
		w.end = o.end;
	} else if (!gr_word_in(b + w.start, n, verdicts)) {
		return 0;
	}
	size_t e = w.end;
	while (e < eol && strchr(" *_~`", b[e]))
		e++;
	return e == eol || strchr("|.,;:!)-", b[e]);
}

/* An option named in its row or item and rejected there: the mention is
 * in the line's first segment with a letter ("| 3 | Triton attention | L |
 * rejected |", "- Custom attention kernel - rejected: already flash"), the
 * verdict that rejects it starts a later segment at `verdict` (the first
 * after the mention: verdict_after), and no condition comes between ("H1:
 * print dtypes - if all bf16: rejected" is a test's outcome, not a verdict
 * on H1). The clause a cue reaches ends at each pipe and dash, so a
 * verdict in a column of its own needs this. */
#define GR_ROW_REACH 400 /* a row or item longer than this is prose, and is not read */
static int rejected_in_row(const char *b, size_t len, const struct gr_mention *x, size_t verdict)
{
	size_t bol = x->start, eol = x->end;
	while (bol > 0 && b[bol - 1] != '\n')
		if (x->start - --bol > GR_ROW_REACH)
			return 0;
	while (eol < len && b[eol] != '\n')
		if (++eol - x->end > GR_ROW_REACH)
			return 0;
	size_t seg = bol;
	while (seg < x->start) { /* the mention's segment must be the first that says something */
		size_t next = next_segment(b, seg, x->start);
		if (next >= x->start)
			break;
		struct gr_span w = first_word(b, span_at(seg, next));
		/* a row's id ("| D |", "| 3 |") says nothing about it */
		int id = w.end - w.start <= 2 && first_word(b, span_at(w.end, next)).start >= next - 1;
		if (w.start < next - 1 && !id)
			return 0;
		seg = next;
	}
	return !clause_has_word(b, span_at(x->end, verdict), &ws_condition);
}

/* Where what the line at bol lists starts, when the line opens with a
 * verdict that rejects it ("Considered and rejected: custom attention
 * kernel", "- **Ruled out** - FA2 (already flash)"); 0 when it does not. */
static size_t rejected_heading(const char *b, size_t bol, size_t eol)
{
	static const char *const considered[] = { "considered", "and", "but", "tried", NULL };
	size_t at = bol;
	for (;;) { /* past bullets, emphasis and "considered and" */
		while (at < eol && strchr(" -*+>#_~`", b[at]))
			at++;
		struct gr_span w = first_word(b, span_at(at, eol));
		if (w.start != at || !gr_word_in(b + w.start, w.end - w.start, considered))
			break;
		at = w.end;
	}
	if (at == eol || !strchr("rRdDpP", b[at]))
		return 0; /* the verdicts' first letters: most lines stop here */
	size_t seg = next_segment(b, at, eol);
	return seg < eol && rejecting_verdict(b, at, seg) ? seg : 0;
}

/* Every segment of the text that is a rejecting verdict: the only places
 * rejected_in_row() need look for, so a mention with none after it on its
 * line costs a lookup. Returns 0 or GR_ENOMEM. */
static int find_verdicts(const char *b, size_t len, struct cues *c)
{
	size_t eol = 0;
	for (size_t i = 0; i < len; i++) {
		if (i >= eol) {
			const char *nl = memchr(b + i, '\n', len - i);
			eol = nl ? (size_t)(nl - b) : len;
			size_t listed = eol - i <= GR_ROW_REACH ? rejected_heading(b, i, eol) : 0;
			if (listed) {
				if (GR_GROW(c->rejected, c->nrejected, c->rcap, 4) < 0)
					return GR_ENOMEM;
				c->rejected[c->nrejected++] = span_at(listed, eol);
			}
		}
		if (!segment_end(b, i, eol) || !rejecting_verdict(b, i + 1, eol))
			continue;
		if (GR_GROW(c->verdict, c->nverdict, c->vcap, 8) < 0)
			return GR_ENOMEM;
		c->verdict[c->nverdict++] = i + 1;
	}
	return 0;
}

/* The first verdict whose segment starts after x (its pipe, colon or dash
 * not part of x) on x's line within a row's reach, or 0: none. */
static size_t verdict_after(const struct cues *c, const char *b, const struct gr_mention *x)
{
	size_t lo = 0, hi = c->nverdict;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (c->verdict[mid] <= x->end)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == c->nverdict || c->verdict[lo] - x->end > GR_ROW_REACH ||
	    memchr(b + x->end, '\n', c->verdict[lo] - x->end))
		return 0;
	return c->verdict[lo];
}

/* A label of an option: "1".."99", one letter, or i..iv. Returns its bit
 * (1..40), 0 when w is not one. */
static unsigned option_label(const char *w, size_t n)
{
	static const char *const roman[] = { "ii", "iii", "iv", NULL }; /* "i" is a letter */
	if (n == 1 && gr_isdigit((unsigned char)w[0]) && w[0] != '0')
		return (unsigned)(w[0] - '0');
	if (n == 2 && gr_isdigit((unsigned char)w[0]) && gr_isdigit((unsigned char)w[1]))
		return 0; /* "options 10": no list of options is that long */
	if (n == 1 && gr_isalpha((unsigned char)w[0]))
		return 10 + (unsigned)(tolower((unsigned char)w[0]) - 'a');
	for (unsigned k = 0; roman[k]; k++)
		if (strlen(roman[k]) == n && !strncasecmp(roman[k], w, n))
			return 36 + k;
	return 0;
}

static const char *const option_words[] = { "option", "options", "opt", "alternative", "alternatives", "choice",
					   "choices", NULL };

/* The option label at b[i] ("(c)", "Option 3", "alternative B"): its bit
 * (option_label), with *after where it ends; 0 when none starts there. */
static unsigned label_at(const char *b, size_t i, size_t end, size_t *after)
{
	if (b[i] == '(') {
		if (i + 2 >= end || !gr_isalnum((unsigned char)b[i + 1]) || b[i + 2] != ')' ||
		    (i > 0 && gr_isword((unsigned char)b[i - 1])))
			return 0;
		*after = i + 3;
		return option_label(b + i + 1, 1);
	}
	if (i + 3 > end)
		return 0;
	char c0 = (char)(b[i] | 0x20), c1 = (char)(b[i + 1] | 0x20);
	if (!((c0 == 'o' && c1 == 'p') || (c0 == 'a' && c1 == 'l') || (c0 == 'c' && c1 == 'h')))
		return 0; /* not "opt", "alt" or "cho": the common case, cheaply */
	struct gr_span w = first_word(b, span_at(i, end));
	if (w.start != i || (i > 0 && gr_isword((unsigned char)b[i - 1])) || w.end - w.start > 11 ||
	    !gr_word_in(b + w.start, w.end - w.start, option_words) || w.end >= end || b[w.end] != ' ')
		return 0;
	size_t p = w.end + 1, e = p;
	if (p < end && b[p] == '(')
		return label_at(b, p, end, after);
	while (e < end && gr_isalnum((unsigned char)b[e]))
		e++;
	unsigned bit = e > p ? option_label(b + p, e - p) : 0;
	*after = e;
	return bit;
}

/* A label as a pick names it: an option label (label_at), or "#2", the
 * item's number ("I'd recommend starting with #1"). "#2" alone is a rank
 * ("attention is #2 in the table"), so only a pick reads it. */
static unsigned pick_label_at(const char *b, size_t i, size_t end, size_t *after)
{
	if (b[i] != '#')
		return label_at(b, i, end, after);
	if (i + 1 >= end || !gr_isdigit((unsigned char)b[i + 1]) || (i > 0 && (gr_isword((unsigned char)b[i - 1]) ||
									    b[i - 1] == '#')))
		return 0;
	size_t e = i + 1;
	while (e < end && gr_isalnum((unsigned char)b[e]))
		e++;
	*after = e;
	return option_label(b + i + 1, e - i - 1);
}

/* The labels picked by a pick word in b[from..to) ("Pick: (a).", "->
 * going with Option 1", "Decision: option 2"): the labels that follow it,
 * joined by punctuation and filler words, on its line. */
static uint64_t picks_in(const char *b, size_t len, size_t from, size_t to)
{
	static const char *const pick[] = { "pick", "picked", "picking", "choose", "choosing", "chose", "chosen",
					    "decision", "decided", "going", "go", "went", "select", "selected",
					    "recommend", "recommended", "recommendation", "winner", NULL };
	static const char *const filler[] = { "with", "for", "is", "the", "now", "then", "and", "plus", "first",
					      "i", "we", "to", "on", "starting", "start", "by", "item", "number",
					      NULL };
	uint64_t picked = 0;
	for (struct gr_span w = first_word(b, span_at(from, to)); w.start < to; w = first_word(b, span_at(w.end, to))) {
		if (w.end - w.start > 14 || !gr_word_in(b + w.start, w.end - w.start, pick))
			continue;
		size_t p = w.end, limit = w.end + 48 < len ? w.end + 48 : len;
		while (p < limit && b[p] != '\n') {
			size_t after;
			unsigned bit;
			if (strchr(" :*_->\"`,+&=", b[p])) {
				p++;
			} else if ((bit = pick_label_at(b, p, len, &after)) != 0) {
				picked |= 1ull << bit;
				p = after;
			} else {
				struct gr_span f = first_word(b, span_at(p, limit));
				if (f.start != p || !gr_word_in(b + f.start, f.end - f.start, filler))
					break;
				p = f.end;
			}
		}
	}
	return picked;
}

/* Can b hold an option label at all: "(c)", "#1", or an option word
 * (most reports have none, and are not read byte by byte)? */
static int has_labels(const char *b, size_t len, const struct gr_trigrams *tri)
{
	static const char *const words[] = { "option", "alternative", "choice", NULL };
	for (const char *p = b; (p = memchr(p, '(', len - (size_t)(p - b))) != NULL; p++)
		if ((size_t)(p - b) + 2 < len && p[2] == ')' && gr_isalnum((unsigned char)p[1]))
			return 1;
	for (const char *p = b; (p = memchr(p, '#', len - (size_t)(p - b))) != NULL; p++)
		if ((size_t)(p - b) + 1 < len && gr_isdigit((unsigned char)p[1]))
			return 1;
	if (!tri || !tri->lower || tri->len != len)
		return 1;
	for (const char *const *w = words; *w; w++)
		if (gr_memmem(tri->lower, len, *w, strlen(*w)))
			return 1;
	return 0;
}

/* The option labels the report picks, as bits (0: none). Labels are rare,
 * so only the few words before each are read for a pick word; a report
 * whose index (tri, may be NULL) holds no pick word is not read at all. */
static uint64_t find_picks(const char *b, size_t len, const struct gr_trigrams *tri)
{
	static const char *const stems[] = { "pick", "choos", "chose", "decid", "decision", "go with", "go for",
					     "going with", "went with", "select", "recommend", "winner", NULL };
	int may = !tri || !tri->lower;
	for (size_t k = 0; stems[k] && !may; k++)
		may = gr_trigrams_may_hold(tri, stems[k], strlen(stems[k]));
	if (!may || !has_labels(b, len, tri))
		return 0;
	uint64_t picked = 0;
	size_t done = 0; /* read for pick words up to here */
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)(b[i] | 0x20);
		size_t after;
		if ((b[i] != '(' && b[i] != '#' && c != 'o' && c != 'a' && c != 'c') ||
		    !pick_label_at(b, i, len, &after))
			continue;
		size_t from = i > 48 ? i - 48 : 0;
		if (from < done)
			from = done;
		for (size_t k = from; k < i; k++)
			if (b[k] == '\n')
				from = k + 1; /* a pick and its label share a line */
		picked |= picks_in(b, len, from, i);
		done = i;
		i = after - 1;
	}
	return picked;
}

/* Does b[from..to) name options ("Options:", "Alternatives considered")? */
static int option_word_in(const char *b, size_t from, size_t to)
{
	for (struct gr_span w = first_word(b, span_at(from, to)); w.start < to; w = first_word(b, span_at(w.end, to)))
		if (gr_word_in(b + w.start, w.end - w.start, option_words))
			return 1;
	return 0;
}

/* Does an "options" or "alternatives" heading open the run of labelled
 * lines that the line at bol belongs to ("Options considered" above "(a)
 * ...", "(b) ...")? */
static int under_options(const char *b, size_t bol)
{
	for (int lines = 0; bol > 0 && lines < 12; lines++) {
		size_t prev = bol - 1;
		while (prev > 0 && b[prev - 1] != '\n')
			prev--;
		size_t p = prev;
		while (p < bol && strchr(" -*+>", b[p]))
			p++;
		size_t after;
		if (p < bol - 1 && label_at(b, p, bol - 1, &after))
			bol = prev; /* another option of the list */
		else if (p < bol - 1)
			return option_word_in(b, p, bol - 1);
		else
			bol = prev; /* a blank line between options */
	}
	return 0;
}

/* The option x is described under: the last label before it on its line
 * ("Options: (a) ..., (c) FA2", "Option 3 - custom Triton attention"), when
 * the line lists options; 0 when x is not in one. */
static unsigned option_of(const char *b, const struct gr_mention *x)
{
	size_t bol = x->start;
	while (bol > 0 && b[bol - 1] != '\n')
		if (x->start - --bol > GR_ROW_REACH)
			return 0;
	unsigned bit = 0;
	int listed = 0; /* "Option 3", or "(c)" after "Options:" or under such a heading */
	size_t lead = bol;
	while (lead < x->start && strchr(" -*+>", b[lead]))
		lead++;
	for (size_t i = bol; i < x->start;) {
		size_t after;
		unsigned l = label_at(b, i, x->start, &after);
		if (!l) {
			i++;
			continue;
		}
		bit = l;
		listed |= b[i] != '(' || option_word_in(b, bol, i) || (i == lead && under_options(b, bol));
		i = after;
	}
	return listed ? bit : 0;
}

/* Add sp to the rejected spans, kept ascending by start. */
static int add_rejected(struct cues *c, struct gr_span sp)
{
	if (GR_GROW(c->rejected, c->nrejected, c->rcap, 4) < 0)
		return -1;
	size_t at = c->nrejected++;
	while (at > 0 && c->rejected[at - 1].start > sp.start) {
		c->rejected[at] = c->rejected[at - 1];
		at--;
	}
	c->rejected[at] = sp;
	return 0;
}

/* Is x in what a line opening with a rejecting verdict lists? */
/* "→ Step 3 (much later, maybe never): a custom kernel", "- (not now):
 * FlashAttention": a step whose label says, in brackets, that it waits
 * defers what follows the colon, to the line's end. Added to the rejected
 * spans, kept ascending. */
static int find_deferred_steps(const char *b, size_t len, struct cues *c)
{
	static const char *const later[] = { "later", "never", "not now", "not yet", "next sprint", "someday",
					     "eventually", "if ever", "backlog", "parked", NULL };
	for (const char *p = memchr(b, ')', len); p; p = memchr(p + 1, ')', len - (size_t)(p + 1 - b))) {
		size_t close = (size_t)(p - b), k = close + 1;
		while (k < len && (b[k] == ' ' || b[k] == '*'))
			k++;
		if (k >= len || b[k] != ':')
			continue;
		size_t open = close;
		while (open > 0 && b[open - 1] != '(' && b[open - 1] != '\n' && close - open < 60)
			open--;
		if (open == 0 || b[open - 1] != '(' || !has_phrase(b, span_at(open, close), later))
			continue;
		const char *nl = memchr(b + k, '\n', len - k);
		if (add_rejected(c, span_at(k, nl ? (size_t)(nl - b) : len)) < 0)
			return -1;
	}
	return 0;
}

/* ---- candidate lists ----------------------------------------------------
 * "Options considered", a weighted decision matrix, "1st choice / 2nd /
 * 3rd": what such a list holds is weighed, not proposed. An item marked as
 * the one chosen ("✅ chosen", "⭐", "1st choice", "(winner)") stays a
 * proposal; the others are considered only, as a listed, unpicked option
 * is. What the report does next is said elsewhere: its Next experiment, its
 * "Decision:". */

/* Plural: "Option C - the ranges" heads one option, not a list of them. */

/* A table's first column that lists candidates ("| Option | Cost | ..."). */
static const char *const candidate_cols[] = { "option", "options", "alternative", "alternatives", "candidate",
					      "candidates", "idea", "ideas", "approach", "approaches", "choice",
					      "choices", NULL };
/* A column that scores them. */
static const char *const score_cols[] = { "total", "score", "sum", "weighted", "rank", "cost", "effort", "info",
					  "information", "impact", "risk", "value", "pros", "cons", "payoff",
					  "gain", NULL };
static const char *const chosen_marks[] = { "\xE2\x9C\x85", "\xE2\xAD\x90", "\xE2\x98\x85", "\xF0\x9F\x8F\x86",
					    "\xF0\x9F\x91\x89", "chosen", "winner", "picked", "my pick", "top pick",
					    "selected", "1st choice", "first choice", "<-", "<--", "\xE2\x86\x90",
					    "do this", "doing this", "go with this", NULL };

/* Is an item b[sp] marked as the one chosen (and not "not chosen")? */
static int marked_chosen(const char *b, struct gr_span sp)
{
	size_t n, at = find_phrase_len(b, sp, chosen_marks, &n);
	while (at != NONE) {
		size_t k = at;
		while (k > sp.start && b[k - 1] == ' ')
			k--;
		int denied = (k >= sp.start + 3 && !strncasecmp(b + k - 3, "not", 3)) ||
			     (k >= sp.start + 3 && !strncasecmp(b + k - 3, "n't", 3));
		if (!denied)
			return 1;
		at = find_phrase_len(b, span_at(at + n, sp.end), chosen_marks, &n);
	}
	return 0;
}

/* Where a list item's own text starts on line [s, e): after its marker
 * ("- ", "1. ", "B) ", "(c) ", "**D. ", "2nd: "), or NONE. *lettered: the
 * marker is a label (a number, letter or rank), not a bullet. */
static size_t candidate_item(const char *b, size_t s, size_t e, int *lettered)
{
	while (s < e && b[s] == ' ')
		s++;
	if (s + 1 < e && (b[s] == '-' || b[s] == '*' || b[s] == '+') && b[s + 1] == ' ') {
		*lettered = 0;
		return s + 2;
	}
	if (s + 3 < e && !memcmp(b + s, "\xE2\x80\xA2", 3)) { /* "•" */
		*lettered = 0;
		return s + 3;
	}
	while (s < e && (b[s] == '*' || b[s] == '_'))
		s++;
	size_t k = s;
	if (k < e && b[k] == '(')
		k++;
	size_t w = k;
	while (k < e && gr_isalnum((unsigned char)b[k]) && k - w < 3)
		k++;
	if (k == w || k >= e)
		return NONE;
	int rank = k - w == 3 && gr_isdigit((unsigned char)b[w]) &&
		   (!strncasecmp(b + w + 1, "st", 2) || !strncasecmp(b + w + 1, "nd", 2) ||
		    !strncasecmp(b + w + 1, "rd", 2) || !strncasecmp(b + w + 1, "th", 2));
	int label = (k - w == 1 && (gr_isdigit((unsigned char)b[w]) || isupper((unsigned char)b[w]))) ||
		    (k - w == 2 && gr_isdigit((unsigned char)b[w]) && gr_isdigit((unsigned char)b[w + 1]));
	if (!rank && !label)
		return NONE;
	if (rank ? !strchr(" :-.", b[k]) : !strchr(".):", b[k]))
		return NONE;
	*lettered = 1;
	return k + 1;
}

/* Is the item whose marker opens line [s, e) picked by its label
 * elsewhere ("Decision: option 2", "Pick: (b)")? */
static int picked_item(const char *b, size_t s, size_t e, uint64_t picked)
{
	while (s < e && strchr(" *_(", b[s]))
		s++;
	size_t k = s;
	while (k < e && gr_isalnum((unsigned char)b[k]))
		k++;
	unsigned bit = k > s ? option_label(b + s, k - s) : 0;
	return bit && (picked >> bit & 1);
}

/* Does the line [s, e) head a list of candidates ("Options considered:",
 * "## Weighing it", "Ranking of next steps")? A short line, not an item. */
static int heads_candidates(const char *b, size_t s, size_t e)
{
	int words = 0, lettered;
	if (candidate_item(b, s, e, &lettered) != NONE && lettered)
		return 0;
	int hit = 0;
	for (struct gr_span w = first_word(b, span_at(s, e)); w.start < e; w = first_word(b, span_at(w.end, e))) {
		if (++words > 8)
			return 0;
		hit |= in_set(&ws_candidate_heads, b + w.start, w.end - w.start);
	}
	return hit;
}

/* Split a table row [s, e) into its cells; returns how many (at most max). */
static int row_cells(const char *b, size_t s, size_t e, struct gr_span *cell, int max)
{
	while (s < e && b[s] == ' ')
		s++;
	if (s >= e || b[s] != '|')
		return 0;
	int n = 0;
	for (size_t c = s + 1; c < e && n < max;) {
		size_t ce = c;
		while (ce < e && b[ce] != '|')
			ce++;
		if (ce >= e)
			break;
		cell[n++] = span_at(c, ce);
		c = ce + 1;
	}
	return n;
}

/* Does a table's header row [s, e) open a matrix of candidates? */
static int candidate_header(const char *b, size_t s, size_t e)
{
	struct gr_span cell[12];
	int n = row_cells(b, s, e, cell, 12), first = 0;
	if (n < 2)
		return 0;
	struct gr_span w = first_word(b, cell[0]);
	if (w.start == cell[0].end && memchr(b + cell[0].start, '#', cell[0].end - cell[0].start))
		w = first_word(b, cell[first = 1]); /* "| # | Option | ..." */
	if (w.start < cell[first].end && !gr_word_in(b + w.start, w.end - w.start, candidate_cols))
		return 0;
	for (int k = first + 1; k < n; k++)
		for (w = first_word(b, cell[k]); w.start < cell[k].end; w = first_word(b, span_at(w.end, cell[k].end)))
			if (gr_word_in(b + w.start, w.end - w.start, score_cols))
				return 1;
	return 0;
}

static int is_rule_row(const char *b, size_t s, size_t e)
{
	while (s < e && b[s] == ' ')
		s++;
	if (s >= e || b[s] != '|')
		return 0;
	for (; s < e; s++)
		if (!strchr("|-: ", b[s]))
			return 0;
	return 1;
}

/* Does b[s, e) hold anything but spaces? */
static int line_has_text(const char *b, size_t s, size_t e)
{
	for (; s < e; s++)
		if (b[s] != ' ')
			return 1;
	return 0;
}

/* Does a field above line i point down to what follows ("Next experiment:
 * see ranked candidates below")? Then the list is that field's answer.
 * below: the report says "below" or "as follows" somewhere at all. */
static int pointed_at(const struct gr_analysis *a, int below, size_t i)
{
	const struct gr_report *r = a->r;
	size_t eol = r->text.lines[i].off + r->text.lines[i].len;
	for (size_t f = 0; f < a->ex->nfields; f++) {
		const struct gr_report_field *rf = &r->fields[f];
		if (rf->state != GR_FIELD_LABELLED || (size_t)rf->line > i + 1)
			continue;
		/* "see below", or the parser already took the list as its value */
		if (rf->value.start > eol || a->points_below[f] ||
		    (below && has_phrase(r->text.buf, rf->value, below_words)))
			return 1;
	}
	return 0;
}

/* Mark the items of candidate lists and matrices that are not chosen as
 * rejected spans. Only reports that say "option", "ranked", "matrix" and
 * the like are read line by line. Not in an exercise that asks for a list
 * of names: there the candidates weighed are the answer ("| Candidate
 * range | Value | ...", then "everything scoring 3 or more"). */
static int find_candidates(const struct gr_analysis *a, struct cues *c)
{
	const struct gr_report *r = a->r;
	if (a->ex->name_lists)
		return 0;
	static const char *const stems[] = { "option", "alternativ", "candidat", "consider", "rank", "weigh",
					     "matrix", "shortlist", "contender", "choice", "idea", "approach", NULL };
	const char *b = r->text.buf;
	const struct gr_trigrams *tri = r->tri;
	int may = !tri || !tri->lower;
	for (size_t k = 0; stems[k] && !may; k++)
		may = gr_trigrams_may_hold(tri, stems[k], strlen(stems[k]));
	if (!may)
		return 0;
	int below = !tri || !tri->lower || gr_trigrams_may_hold(tri, "below", 5) ||
		    gr_trigrams_may_hold(tri, "as follows", 10);
	const struct gr_line *ln = r->text.lines;
	size_t nl = r->text.nlines;
	for (size_t i = 0; i + 1 < nl; i++) {
		size_t s = ln[i].off, e = s + ln[i].len;
		if (r->code_line[i])
			continue;
		if (pointed_at(a, below, i))
			break;
		if (candidate_header(b, s, e) && is_rule_row(b, ln[i + 1].off, ln[i + 1].off + ln[i + 1].len)) {
			size_t j = i + 2;
			for (; j < nl && row_cells(b, ln[j].off, ln[j].off + ln[j].len, (struct gr_span[1]){ 0 }, 1);
			     j++) {
				struct gr_span row = span_at(ln[j].off, ln[j].off + ln[j].len);
				size_t cell = row.start;
				while (cell < row.end && strchr(" |", b[cell]))
					cell++;
				if (!marked_chosen(b, row) && !picked_item(b, cell, row.end, c->picked) &&
				    add_rejected(c, row) < 0)
					return -1;
			}
			i = j - 1;
			continue;
		}
		if (!heads_candidates(b, s, e))
			continue;
		/* The items below the heading, with what continues each one
		 * (pros and cons, indented lines), and blank lines between. */
		int kind = -1, lettered = 0, chosen = 0;
		size_t start = NONE, end = 0, j = i + 1;
		for (; j < nl; j++) {
			size_t ls = ln[j].off, le = ls + ln[j].len;
			if (r->label_line[j] || r->code_line[j])
				break;
			if (!line_has_text(b, ls, le)) {
				if (start != NONE && j + 1 < nl &&
				    !line_has_text(b, ln[j + 1].off, ln[j + 1].off + ln[j + 1].len))
					break; /* two blank lines end it */
				continue;
			}
			size_t body = candidate_item(b, ls, le, &lettered);
			int indented = b[ls] == ' ';
			if (body != NONE && (kind < 0 || lettered == kind) && !indented) {
				if (start != NONE && !chosen && !marked_chosen(b, span_at(start, end)) &&
				    add_rejected(c, span_at(start, end)) < 0)
					return -1;
				kind = lettered;
				start = body;
				end = le;
				chosen = lettered && picked_item(b, ls, le, c->picked);
			} else if (start != NONE && (indented || (kind == 1 && body != NONE && !lettered))) {
				end = le; /* "   + cheap", "- attention is already flash" */
			} else {
				break;
			}
		}
		if (start != NONE && !chosen && !marked_chosen(b, span_at(start, end)) &&
		    add_rejected(c, span_at(start, end)) < 0)
			return -1;
		i = j - 1;
	}
	return 0;
}

static int under_rejected(const struct cues *c, const struct gr_mention *x)
{
	size_t lo = 0, hi = c->nrejected;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (c->rejected[mid].end < x->end)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < c->nrejected && c->rejected[lo].start <= x->start;
}

/* Does the line holding `at` open with a cross ("✗ custom attention
 * kernel", "- ❌ FlashAttention-3")? A bullet's mark or spaces may come
 * first; the cross is read as decoration by the parser, so the line's
 * clauses never hold it as a cue. */
static int crossed_line(const struct gr_report *r, size_t at)
{
	const char *b = r->text.buf;
	size_t bol = r->text.lines[gr_text_line_of(&r->text, at) - 1].off;
	while (bol < at && strchr(" \t-*+>|", b[bol]))
		bol++;
	return is_cross(b, bol, at);
}

/* Does x follow a fronted "once ..." or "after ..." clause of its sentence
 * ("Once the copies are gone, maybe try a fused attention kernel"): what
 * comes after the comma waits for that state, as after "until" it does. */
static int after_fronted_once(const struct gr_report *r, const struct gr_mention *x)
{
	const char *b = r->text.buf;
	struct gr_span sn = r->sentences[x->sentence];
	static const char *const fronts[] = { "once", "after", NULL };
	static const char *const only[] = { "after", "then", "if", "once", "when", NULL };
	struct gr_span w = first_word(b, span_at(sn.start, x->start));
	if (w.start >= x->start)
		return 0;
	/* "Only after that, if attention ever shows up, would I look at
	 * FlashAttention-3": the main clause, its subject inverted, waits
	 * (not "Only if the copies were inside attention, and ...": an answer) */
	if (w.end - w.start == 4 && !strncasecmp(b + w.start, "only", 4)) {
		static const char *const aux[] = { "would", "should", "will", "could", "can", "do", "does", "did",
						   "might", "shall", "is", "are", NULL };
		static const char *const subj[] = { "i", "we", "you", "it", "they", "one", NULL };
		struct gr_span o = first_word(b, span_at(w.end, x->start));
		if (o.start >= x->start || !gr_word_in(b + o.start, o.end - o.start, only))
			return 0;
		for (const char *c = b + o.end; (c = memchr(c, ',', x->start - (size_t)(c - b))) != NULL; c++) {
			struct gr_span v = first_word(b, span_at((size_t)(c - b) + 1, x->start));
			struct gr_span u = first_word(b, span_at(v.end, x->start));
			if (u.end <= x->start && gr_word_in(b + v.start, v.end - v.start, aux) &&
			    gr_word_in(b + u.start, u.end - u.start, subj) && only_spaces(b, (size_t)(c - b) + 1, v.start))
				return 1;
		}
		return 0;
	}
	if (!gr_word_in(b + w.start, w.end - w.start, fronts))
		return 0;
	const char *comma = memchr(b + w.end, ',', x->start - w.end);
	if (!comma)
		return 0;
	/* a state reached: "are gone", "is explained", "have been fixed" */
	static const char *const be[] = { "are", "is", "have", "has", "'re", "were", NULL };
	for (struct gr_span v = first_word(b, span_at(w.end, (size_t)(comma - b))); v.start < (size_t)(comma - b);
	     v = first_word(b, span_at(v.end, (size_t)(comma - b))))
		if (gr_word_in(b + v.start, v.end - v.start, be))
			return 1;
	return 0;
}

/* "actually no let's just go straight to a fused kernel", "no, I'd
 * re-profile": "no" that answers or corrects, then a new subject: it
 * negates nothing after it (what it takes back, mark_retracted does). */
static int answer_no(const char *b, const struct cue *q, size_t end)
{
	static const char *const subject[] = { "let's", "lets", "let", "i", "i'd", "i'll", "i'm", "we", "we'd",
					       "we'll", "we're", "instead", NULL };
	if (q->end - q->start != 2 || strncasecmp(b + q->start, "no", 2))
		return 0;
	struct gr_span w = first_word(b, span_at(q->end, end));
	size_t k = q->end;
	while (k < w.start && (b[k] == ' ' || b[k] == ','))
		k++;
	return k == w.start && w.start < end && gr_word_in(b + w.start, w.end - w.start, subject);
}

static void set_polarity(struct gr_mentions *m, const struct gr_report *r, const struct cues *c,
			 signed char *commits)
{
	for (size_t i = 0; i < m->n; i++) {
		struct gr_mention *x = &m->v[i];
		struct gr_span cl = r->clauses[x->clause];
		if (deferred_by_section(r, x, commits)) {
			x->negated = 1; /* "what I would not optimise yet" defers all it names */
			continue;
		}
		for (size_t k = first_cue(c, cl.start); k < c->n && c->v[k].start < cl.end; k++) {
			const struct cue *q = &c->v[k];
			if (q->start < x->end && q->end > x->start)
				continue; /* the cue is part of the mention itself */
			if (answer_no(r->text.buf, q, cl.end))
				continue;
			if (!q->rightward && k + 1 < c->n && c->v[k + 1].start < cl.end &&
			    c->v[k + 1].start - q->end < ADJACENT_CUE && !is_cross(r->text.buf, q->start, q->end) &&
			    !memchr(r->text.buf + q->end, '|', c->v[k + 1].start - q->end) &&
			    !memchr(r->text.buf + q->end, '/', c->v[k + 1].start - q->end)) {
				/* "don't skip", "no reason not to": two cues undo each
				 * other ("no/later" is one or the other: both reject) */
				k++;
				continue;
			}
			/* (not "only then would I look at FlashAttention": an inverted
			 * subject, the same predicate) */
			if (q->rightward && q->start < x->start && new_predicate(r->text.buf, q->end, x->start) &&
			    strncasecmp(r->text.buf + q->start, "only ", 5))
				continue;
			if (!q->rightward || q->start < x->start) {
				x->negated = 1;
				break;
			}
		}
		if (!x->negated && after_fronted_once(r, x))
			x->negated = 1;
		if (!x->negated && c->crosses && crossed_line(r, x->start)) {
			x->negated = 1; /* "✗ custom Triton attention kernel": the line is crossed out */
			continue;
		}
		size_t v = x->negated ? 0 : verdict_after(c, r->text.buf, x);
		if (v && rejected_in_row(r->text.buf, r->text.len, x, v))
			x->negated = 1;
		if (!x->negated && c->nrejected && under_rejected(c, x))
			x->negated = 1; /* "Considered and rejected: custom attention" */
		unsigned opt = !x->negated && c->picked ? option_of(r->text.buf, x) : 0;
		if (opt && !(c->picked >> opt & 1))
			x->negated = 1; /* an option listed and not picked ("(c) FA2. Pick: (a)") */
	}
}

/* Does b[sp] hold a word of list (ASCII, any case)? */
static int clause_has_any(const char *b, struct gr_span sp, const char *const *list)
{
	for (struct gr_span w = first_word(b, sp); w.start < sp.end; w = first_word(b, span_at(w.end, sp.end)))
		if (gr_word_in(b + w.start, w.end - w.start, list))
			return 1;
	return 0;
}

/* Does b[cl] hold a word of ws (ASCII, any case)? */
static int clause_has_word(const char *b, struct gr_span cl, const struct wordset *ws)
{
	for (struct gr_span w = first_word(b, cl); w.start < cl.end; w = first_word(b, span_at(w.end, cl.end)))
		if (in_set(ws, b + w.start, w.end - w.start))
			return 1;
	return 0;
}

/* Is every word of b[from..to) one that leaves a cue without an object of
 * its own ("not do that yet", "skip for now")? */
static int only_filler(const char *b, size_t from, size_t to)
{
	for (size_t k = from; k < to; k++)
		if (b[k] >= '0' && b[k] <= '9')
			return 0; /* "instead of 1": a number is an object of its own */
	for (struct gr_span w = first_word(b, span_at(from, to)); w.start < to;
	     w = first_word(b, span_at(w.end, to)))
		if (!in_set(&ws_filler, b + w.start, w.end - w.start))
			return 0;
	return 1;
}

/* Where a condition on a deferral starts ("can wait | until we know where
 * the casts come from"), or to when there is none. */
static size_t subordinate(const char *b, size_t from, size_t to)
{
	for (struct gr_span w = first_word(b, span_at(from, to)); w.start < to;
	     w = first_word(b, span_at(w.end, to)))
		if ((w.start == from || !gr_isalpha((unsigned char)b[w.start - 1])) &&
		    in_set(&ws_subordinate, b + w.start, w.end - w.start))
			return w.start;
	return to;
}

/* The end of the cue in clause cl that takes back what came before it: a
 * negation or deferral with nothing but filler after it, and not itself
 * negated ("don't skip that"). 0 when there is none. */
static size_t takes_back(const char *b, struct gr_span cl, const struct cues *c)
{
	size_t end = 0, last_neg = 0;
	int neg = 0;
	for (size_t k = first_cue(c, cl.start); k < c->n && c->v[k].start < cl.end; k++) {
		const struct cue *q = &c->v[k];
		if (end && subordinate(b, q->start, q->end) == q->start)
			break; /* "can wait | until we know": the rest is its condition */
		if (q->rightward && neg && q->start - last_neg < ADJACENT_CUE)
			return 0; /* a double negative */
		if (!q->rightward && neg && q->start - last_neg <= 1 && q->end - q->start >= 7 &&
		    !strncasecmp(b + q->start, "nothing", 7))
			return 0; /* "Not nothing!": it matters */
		if (!q->rightward) {
			neg = 1;
			last_neg = q->end;
		}
		if (q->end > end)
			end = q->end;
	}
	return end && only_filler(b, end, subordinate(b, end, cl.end)) ? end : 0;
}

/* Does the clause open with "but", "because", "since", "as", "given"? */
static int gives_reason(const char *b, struct gr_span cl)
{
	static const char *const opens[] = { "but", "because", "since", "as", "given", NULL };
	struct gr_span w = first_word(b, cl);
	return gr_word_in(b + w.start, w.end - w.start, opens);
}

/* Is the clause a short disagreement that opens its sentence, the reasons
 * after it ("I disagree: attention is already flash, ...")? */
static int disagrees(const char *b, struct gr_span cl)
{
	static const char *const says[] = { "i disagree", "i don't agree", "i do not agree", "disagree",
					    "i'm not convinced", "not convinced", "hard disagree", "strong disagree", NULL };
	size_t s = cl.start, e = cl.end;
	while (s < e && !isalpha((unsigned char)b[s]))
		s++;
	while (e > s && !isalpha((unsigned char)b[e - 1]))
		e--;
	for (const char *const *w = says; *w; w++)
		if (strlen(*w) == e - s && !strncasecmp(b + s, *w, e - s))
			return 1;
	return 0;
}

/* Does sp end in a colon, past spaces and emphasis ("WON'T DO:", "Ranges:")? */
static int ends_with_colon_span(const char *b, struct gr_span sp)
{
	size_t e = sp.end;
	while (e > sp.start && strchr(" \n*_", b[e - 1]))
		e--;
	return e > sp.start && b[e - 1] == ':';
}

static int bare_answer(const char *b, struct gr_span cl, const struct cues *c)
{
	size_t k = first_cue(c, cl.start), to = k < c->n && c->v[k].start < cl.end ? c->v[k].start : cl.end;
	for (struct gr_span w = first_word(b, span_at(cl.start, to)); w.start < to; w = first_word(b, span_at(w.end, to)))
		if (!in_set(&ws_filler, b + w.start, w.end - w.start) &&
		    !in_set(&ws_answer_opening, b + w.start, w.end - w.start))
			return 0;
	return 1;
}

static int asks_at_end(const char *b, struct gr_span sp);

/* Does sentence sp break off in an ellipsis ("fuse add+relu and... no,
 * keep it to one thing")? What answers it takes it back, as after a
 * question. ("…" is "..." once normalised.) */
static int trails_off(const char *b, struct gr_span sp)
{
	size_t e = sp.end;
	while (e > sp.start && b[e - 1] == ' ')
		e--;
	return e - sp.start >= 3 && !memcmp(b + e - 3, "...", 3);
}

/* Does sentence sp open with a denial that goes on to give its reason ("No
 * - attention is 2.4 ms", "Not while copies are 61%", "Not even on the
 * list", "Except the table says ...")? Read only after a question: it
 * answers that question whatever the rest of it names. */
static int opens_with_denial(const char *b, struct gr_span sp)
{
	static const char *const lead[] = { "also", "absolutely", "definitely", "certainly", "hard", "hell",
					    "honestly", "obviously", "clearly", "so", "well", "short", "answer", NULL };
	static const char *const no[] = { "no", "nope", "nah", "never", NULL };
	static const char *const not_when[] = { "while", "until", "before", "yet", "now", "even", "really",
						"unless", "when", "today", "here", "first", "at", NULL };
	struct gr_span w = first_word(b, sp);
	for (int k = 0; k < 2 && w.start < sp.end && gr_word_in(b + w.start, w.end - w.start, lead); k++)
		w = first_word(b, span_at(w.end, sp.end));
	if (w.start >= sp.end)
		return 0;
	size_t n = w.end - w.start;
	if (n == 6 && !strncasecmp(b + w.start, "except", 6))
		return 1; /* "surely it's a win? Except the table says ..." */
	size_t e = w.end;
	while (e < sp.end && b[e] == ' ')
		e++;
	int ends = e == sp.end || strchr(",.;:!-)", b[e]); /* (a long dash is " - " once normalised) */
	if (gr_word_in(b + w.start, n, no))
		return ends;
	if (n != 3 || strncasecmp(b + w.start, "not", 3))
		return 0;
	struct gr_span o = first_word(b, span_at(w.end, sp.end));
	return ends || (o.start < sp.end && gr_word_in(b + o.start, o.end - o.start, not_when));
}

/* Is clause cl a relative clause whose subject is its pronoun and whose
 * verb is elided after a negated auxiliary ("copy_ + to is movement | that
 * probably doesn't [need to happen]")? It describes what it follows; it
 * takes nothing back (unlike "which I'd skip", whose subject is the writer).
 * first is the clause's first word. */
static int elided_relative(const char *b, struct gr_span cl, struct gr_span first)
{
	static const char *const adverb[] = { "probably", "likely", "really", "actually", "even", "maybe", "still",
					      "possibly", "usually", "often", NULL };
	if (first.start >= cl.end || !in_set(&ws_relative, b + first.start, first.end - first.start))
		return 0;
	struct gr_span w = first_word(b, span_at(first.end, cl.end));
	while (w.start < cl.end && gr_word_in(b + w.start, w.end - w.start, adverb))
		w = first_word(b, span_at(w.end, cl.end));
	size_t n = w.end - w.start;
	if (w.start >= cl.end || n < 4 || strncasecmp(b + w.end - 3, "n't", 3))
		return 0;
	return first_word(b, span_at(w.end, cl.end)).start >= cl.end; /* nothing after it */
}

/* Does sentence sp open with an assent ("Sure, let's ...", "Yes, ...")? */
static int mock_assent(const char *b, struct gr_span sp)
{
	static const char *const yes[] = { "sure", "yes", "yeah", "yep", "absolutely", "definitely", "totally",
					   "great", "right", "ok", "okay", NULL };
	struct gr_span w = first_word(b, sp);
	return w.start < sp.end && gr_word_in(b + w.start, w.end - w.start, yes);
}

/* Take back every clause of sentence s that ends at clause `last` (its
 * last) or before it; returns the index of the clause before them, or
 * (size_t)-1 when they were the first. */
static size_t take_back_sentence(const struct gr_report *r, size_t *sub, size_t last, size_t s)
{
	size_t k = last + 1;
	while (k-- > 0 && r->clause_sentence[k] == s)
		sub[k] = NONE;
	return k;
}

/* Does clause cl, the first of its sentence and one that takes back with
 * nothing named, answer the sentence before it? When that one asks ("A
 * custom FlashAttention kernel? No.", "Fused attention? Later, maybe
 * never - ...") or the answer is a sentence of its own of at most three
 * words ("My teammate wants a Triton kernel. I disagree."). */
static int answers_back(const struct gr_report *r, size_t cl)
{
	const char *b = r->text.buf;
	size_t s = r->clause_sentence[cl];
	if (s == 0 || r->clause_sentence[cl - 1] != s - 1)
		return 0;
	struct gr_span prev = r->sentences[s - 1], here = r->sentences[s];
	/* In the same paragraph, and not a heading or label ("### Not yet"). */
	int newlines = 0;
	for (size_t k = prev.end; k < here.start; k++)
		newlines += b[k] == '\n';
	/* (a question and its answer both on a label's line: "Next experiment:
	 * Should I try FlashAttention? No.") */
	int line = gr_text_line_of(&r->text, here.start);
	size_t bol = r->text.lines[line - 1].off;
	if (newlines > 1 || ((r->label_line[line - 1] || b[bol] == '#') && prev.start < bol))
		return 0;
	if (ends_with_colon_span(b, here)) /* "WON'T DO:" heads what follows: it answers nothing above */
		return 0;
	if (asks_at_end(b, prev) || trails_off(b, prev))
		return 1;
	int alone = cl + 1 >= r->nclauses || r->clause_sentence[cl + 1] != s;
	return (alone && gr_count_words(b, here.start, here.end) <= 3) || disagrees(b, r->clauses[cl]);
}

/* "My partner suggested a FlashAttention kernel, but I would not do that
 * yet", "we could switch to CUDA graphs, which I'd skip for now", "a Triton
 * kernel, but not yet": a clause of the same sentence that names nothing
 * itself and rejects "that"/"which"/"it" (or is a short "not yet") takes
 * back what the clause before it named. A cue with an object of its own
 * ("instead of rebuilding it", "can't start until it returns") does not. */

static int refer_back(struct gr_analysis *a, const struct cues *c)
{
	const struct gr_report *r = a->r;
	const char *b = r->text.buf;
	size_t *named = calloc(r->nclauses + 1, sizeof(size_t)), *sub = malloc((r->nclauses + 1) * sizeof(size_t));
	if (!named || !sub) {
		free(named);
		free(sub);
		return -1;
	}
	/* Only a clause with a cue can take anything back. */
	for (size_t cl = 0; cl < r->nclauses; cl++) {
		struct gr_span sp = r->clauses[cl];
		size_t k = first_cue(c, sp.start);
		sub[cl] = k < c->n && c->v[k].start < sp.end ? subordinate(b, sp.start, sp.end) : sp.end;
	}
	/* What a clause names before any condition on its cue ("that can wait
	 * | until the casts are known"): not what it negates ("would not do"),
	 * nor the pronoun itself (a concept may match "which"). */
	for (size_t k = 0; k < a->ex->nconcepts; k++)
		for (size_t i = 0; i < a->concepts[k].n; i++) {
			const struct gr_mention *x = &a->concepts[k].v[i];
			if (x->start < sub[x->clause])
				named[x->clause] += !x->negated && !in_set(&ws_pronoun, b + x->start, x->end - x->start);
		}
	for (size_t k = 0; k < a->ex->table.len; k++)
		for (size_t i = 0; i < a->rows[k].n; i++)
			named[a->rows[k].v[i].clause]++;
	for (size_t cl = 1; cl < r->nclauses; cl++) {
		size_t s = r->clause_sentence[cl], cue;
		struct gr_span here = r->clauses[cl];
		if (r->clause_sentence[cl - 1] != s && asks_at_end(b, r->sentences[s - 1]) &&
		    opens_with_denial(b, r->sentences[s]) && answers_back(r, cl)) {
			/* "Should we swap in FlashAttention? No - attention is 2.4 ms." */
			take_back_sentence(r, sub, cl - 1, s - 1);
			continue;
		}
		if (named[cl])
			continue;
		if (!(cue = takes_back(b, here, c)) && !(r->clause_sentence[cl - 1] != s && disagrees(b, here)))
			continue;
		if (r->clause_sentence[cl - 1] != s) {
			/* Answered "No.": the whole sentence before is taken back, and
			 * the question a mock "Sure, ..." answered ("Should we write a
			 * Triton kernel now? Sure, let's hand-write attention ... Not.") */
			if (answers_back(r, cl) && bare_answer(b, here, c)) {
				struct gr_span prev = r->sentences[s - 1];
				if (trails_off(b, prev) && !asks_at_end(b, prev)) {
					sub[cl - 1] = NONE; /* "..., KV cache... no, drop that": its last clause */
					continue;
				}
				size_t k = take_back_sentence(r, sub, cl - 1, s - 1);
				if (k != (size_t)-1 && mock_assent(b, prev) && asks_at_end(b, r->sentences[s - 2]))
					take_back_sentence(r, sub, k, s - 2);
			}
			continue;
		}
		/* "if it doesn't" states an outcome; it rejects nothing. */
		struct gr_span first = first_word(b, here);
		if (in_set(&ws_condition, b + first.start, first.end - first.start))
			continue;
		if (in_set(&ws_joins, b + first.start, first.end - first.start)) /* "but that can wait" */
			first = first_word(b, span_at(first.end, here.end));
		if (elided_relative(b, here, first))
			continue;
		/* The pronoun is the cue's object ("not do that"), opens the
		 * clause ("which I'd skip", "that can wait") or the next one
		 * ("do | that yet"), or the clause is only the cue ("but not yet"). */
		struct gr_span after = { .start = cue, .end = subordinate(b, cue, here.end) };
		int refers = clause_has_word(b, after, &ws_pronoun) ||
			     (first.start < cue && in_set(&ws_relative, b + first.start, first.end - first.start)) ||
			     gr_count_words(b, here.start, here.end) <= 3;
		if (!refers && cl + 1 < r->nclauses && r->clause_sentence[cl + 1] == s && !named[cl + 1])
			refers = clause_has_word(b, r->clauses[cl + 1], &ws_pronoun) &&
				 only_filler(b, r->clauses[cl + 1].start, r->clauses[cl + 1].end);
		if (!refers)
			continue;
		/* The clause that named what is taken back, past any that only
		 * give the reason ("just turn on FlashAttention-2 | but attention
		 * is 2.4 ms | so no"). */
		size_t back = cl;
		while (back-- > 0 && r->clause_sentence[back] == s && (!named[back] || gives_reason(b, r->clauses[back])))
			;
		if (back == (size_t)-1 || r->clause_sentence[back] != s)
			continue;
		sub[back] = NONE; /* taken back: marked here, applied in one pass below */
	}
	for (size_t k = 0; k < a->ex->nconcepts; k++)
		for (size_t i = 0; i < a->concepts[k].n; i++)
			if (sub[a->concepts[k].v[i].clause] == NONE)
				a->concepts[k].v[i].negated = 1;
	free(named);
	free(sub);
	return 0;
}

static void mark_continuing(struct gr_analysis *a)
{
	for (size_t s = 1; s < a->r->nsentences; s++)
		a->continues[s] = (unsigned char)gr_sentence_continues(a->r, s);
}

static int only_spaces(const char *b, size_t from, size_t to)
{
	while (from < to && b[from] == ' ')
		from++;
	return from == to;
}

/* The word that ends right before `at`, spaces between aside, not before
 * start ("try" in "try to reduce"); empty when there is none. */
static struct gr_span word_before(const char *b, size_t start, size_t at)
{
	size_t e = at;
	while (e > start && b[e - 1] == ' ')
		e--;
	size_t k = e;
	while (k > start && gr_isalpha((unsigned char)b[k - 1]))
		k--;
	return (struct gr_span){ .start = k, .end = e };
}

/* The word before a parenthesised aside that ends right before `at`
 * ("Jonas (in our group) suggested"), or an empty span. */
static struct gr_span word_before_aside(const char *b, size_t start, size_t at)
{
	struct gr_span none = { .start = 0, .end = 0 };
	size_t k = at;
	while (k > start && b[k - 1] == ' ')
		k--;
	if (k == start || b[k - 1] != ')')
		return none;
	while (k > start && b[k - 1] != '(' && b[k - 1] != '\n' && at - k < 80)
		k--;
	if (k == start || b[k - 1] != '(')
		return none;
	k--;
	while (k > start && b[k - 1] == ' ')
		k--;
	size_t e = k;
	while (k > start && (gr_isalpha((unsigned char)b[k - 1]) || b[k - 1] == '\''))
		k--;
	return k < e ? (struct gr_span){ .start = k, .end = e } : none;
}

/* Only spaces, or one parenthesised aside, between from and to: "my
 * teammate (同事) suggested", "Alex (our tech lead) wants". */
static int only_aside(const char *b, size_t from, size_t to)
{
	while (from < to && b[from] == ' ')
		from++;
	if (from < to && b[from] == '(') {
		const char *close = memchr(b + from, ')', to - from);
		if (!close || memchr(b + from, '\n', (size_t)(close - b) - from))
			return 0;
		from = (size_t)(close - b) + 1;
	}
	return only_spaces(b, from, to);
}


/* Does sp hold one of the phrases, not negated by the words just before it?
 * "I agree" endorses; "I don't agree", "not a good idea" do not; nor does
 * the quoted suggestion itself ("let's write a Triton kernel"). */
static int endorses(const char *b, struct gr_span sp, const char *const *phrases)
{
	static const char *const no[] = { "not", "no", "never", "hardly", "dont", "doesnt", "cant", "isnt", NULL };
	size_t seen = sp.start; /* '"' counted up to here, from its line's start ('> "let's ...'): */
	while (seen > 0 && b[seen - 1] != '\n' && sp.start - seen < 400)
		seen--;
	int quoted = 0;         /* an odd number of them, so far, is inside a quotation */
	for (size_t from = sp.start; from < sp.end;) {
		size_t at = find_phrase(b, span_at(from, sp.end), phrases);
		if (at == NONE)
			return 0;
		for (; seen < at; seen++)
			quoted ^= b[seen] == '"';
		/* The two words before it. */
		int negated = quoted;
		size_t e = at;
		for (int w = 0; w < 2 && !negated; w++) {
			while (e > sp.start && !(gr_isalpha((unsigned char)b[e - 1]) || b[e - 1] == '\''))
				e--;
			size_t st = e;
			while (st > sp.start && (gr_isalpha((unsigned char)b[st - 1]) || b[st - 1] == '\''))
				st--;
			if (st == e)
				break;
			char word[16];
			size_t n = 0;
			for (size_t i = st; i < e && n + 1 < sizeof(word); i++)
				if (b[i] != '\'')
					word[n++] = (char)gr_tolower((unsigned char)b[i]);
			word[n] = '\0';
			negated = gr_word_in(word, n, no) || (n > 3 && !strcmp(word + n - 2, "nt") && e - st > n);
			e = st;
		}
		if (!negated)
			return 1;
		for (from = at + 1; from < sp.end && gr_isalpha((unsigned char)b[from]);)
			from++; /* on past this phrase's first word: the next starts a word */
	}
	return 0;
}

/* Is the reporting verb that ends at from followed by nothing but a colon
 * ("a teammate wrote:", "Alex suggested this:")? */
static int introduces(const char *b, size_t from, size_t to)
{
	while (from < to && (b[from] == ' ' || b[from] == '*'))
		from++;
	if (to - from >= 4 && !strncasecmp(b + from, "this", 4))
		from += 4;
	while (from < to && b[from] == ' ')
		from++;
	if (from >= to || b[from] != ':')
		return 0;
	for (from++; from < to; from++)
		if (b[from] != ' ' && b[from] != '\n' && b[from] != '*')
			return 0;
	return 1;
}

/* Where an idea the learner had and dropped starts in sentence sp of the
 * lowercase text lo ("my first instinct was", "at first I thought", "I was
 * tempted to"), or NONE. */
static size_t past_idea(const char *lo, struct gr_span sp, int *needs_but)
{
	static const char *const marks[] = { "my first instinct was", "my instinct was", "my first thought was",
					     "my gut said", "at first i thought", "initially i thought",
					     "i first thought", "i was tempted to", "my first idea was", NULL };
	*needs_but = 0;
	if (!lo)
		return NONE;
	for (const char *const *m = marks; *m; m++) {
		const char *at = gr_memmem(lo + sp.start, sp.end - sp.start, *m, strlen(*m));
		if (at)
			return (size_t)(at - lo) + strlen(*m);
	}
	/* "I'm honestly tempted to also throw torch.compile at it, but the one
	 * I'll run is ...": set aside only when a "but" turns away from it. */
	const char *at = gr_memmem(lo + sp.start, sp.end - sp.start, "tempted to", 10);
	if (at) {
		*needs_but = 1;
		return (size_t)(at - lo) + 10;
	}
	return NONE;
}

/* "It is proposed that the model be re-profiled", "X is recommended": a
 * paper's present passive is its author's own proposal ("It was suggested
 * that we ..." reports someone). */
static int authors_passive(const char *b, struct gr_span aux, struct gr_span verb, size_t end)
{
	static const char *const present[] = { "is", "are", "hereby", "therefore", "thus", "hence", "accordingly",
					       NULL };
	/* "the proposed experiment", "our suggested fix": an adjective */
	static const char *const det[] = { "the", "a", "an", "this", "our", "my", "its", NULL };
	/* "the experiment proposed here", "the single experiment proposed is ...": a description */
	static const char *const here[] = { "here", "above", "below", "is", "are", "therefore", "hereby", NULL };
	static const char *const participle[] = { "proposed", "suggested", "recommended", "advocated", NULL };
	if (!gr_word_in(b + verb.start, verb.end - verb.start, participle))
		return 0;
	struct gr_span next = first_word(b, span_at(verb.end, end));
	return gr_word_in(b + aux.start, aux.end - aux.start, present) ||
	       gr_word_in(b + aux.start, aux.end - aux.start, det) ||
	       (next.start == verb.end + 1 && gr_word_in(b + next.start, next.end - next.start, here));
}

/* Every concept mention that starts in [from, upto) of sentence t is no
 * longer claimed (negated): someone else's words, or the learner's own
 * withdrawn ones. retract: a rejection withdrawn rejects nothing either
 * (stuffed). */
static void mark_span(struct gr_analysis *a, size_t t, size_t from, size_t upto, int retract)
{
	for (size_t c = 0; c < a->ex->nconcepts; c++)
		for (size_t i = first_in_sentence(&a->concepts[c], (unsigned)t);
		     i < a->concepts[c].n && a->concepts[c].v[i].sentence == t; i++) {
			struct gr_mention *m = &a->concepts[c].v[i];
			if (m->start < from || m->start >= upto)
				continue;
			if (retract && m->negated)
				m->stuffed = 1;
			m->negated = 1;
		}
}

static void report_span(struct gr_analysis *a, size_t t, size_t from, size_t upto)
{
	mark_span(a, t, from, upto, 0);
}

/* What endorses a reported idea, in its sentence or the next ("and I
 * agree", "let's", "going with"). */
static const char *const endorse[] = { "agree", "agreed", "right", "i'll", "let's", "we'll", "good idea",
				       "makes sense", "i will", "we will", "i'd do", "worth it", "i kept",
				       "i'm keeping", "went with", "going with", "is proposed", "we propose",
				       "i propose", NULL };

/* Does the quotation at said open its blockquote line (bol) under a line
 * that ends in a colon ("My teammate Jonas posted in our channel:" over
 * "> \"we should write a fused Triton attention kernel\"")? */
static int said_above(const char *b, size_t bol, const char *said)
{
	for (const char *q = b + bol; q < said; q++)
		if (*q != ' ' && *q != '>')
			return 0;
	size_t e = bol;
	if (e == 0)
		return 0;
	e--; /* the newline */
	while (e > 0 && strchr(" *_", b[e - 1]))
		e--;
	return e > 0 && b[e - 1] == ':';
}

/* "> Priya in #inference: \"let's just write a fused Triton attention
 * kernel\"": the sentence a speaker's colon quotes on a blockquote's line
 * is someone else's, unless the sentence after the line endorses it. A
 * blockquote of the learner's own words quotes no one. */
static void mark_blockquoted(struct gr_analysis *a)
{
	const struct gr_report *r = a->r;
	const char *b = r->text.buf;
	size_t len = r->text.len;
	for (const char *p = memchr(b, '>', len); p; p = memchr(p + 1, '>', len - (size_t)(p + 1 - b))) {
		size_t i = (size_t)(p - b), bol = i;
		while (bol > 0 && b[bol - 1] == ' ')
			bol--;
		if (bol > 0 && b[bol - 1] != '\n')
			continue; /* not a line's first mark: "->", "a > b" */
		const char *nl = memchr(p, '\n', len - i);
		size_t eol = nl ? (size_t)(nl - b) : len;
		const char *open = memchr(p, '"', eol - i);
		const char *close = open ? memchr(open + 1, '"', eol - (size_t)(open + 1 - b)) : NULL;
		if (!close)
			continue;
		const char *said = open;
		while (said > p && strchr(" *_", said[-1]))
			said--; /* "> **Priya (in #perf):** \"...\"" */
		int words = 0;
		for (const char *w = open; w < close; w++)
			words += *w == ' ';
		if ((said[-1] != ':' && !said_above(b, bol, said)) || words < 3)
			continue; /* a speaker's sentence, not a name in code ("annotate(\"tokenize\")") */
		size_t next = 0, hi = r->nsentences; /* the first sentence after the line */
		while (next < hi) {
			size_t mid = (next + hi) / 2;
			if (r->sentences[mid].start < eol)
				next = mid + 1;
			else
				hi = mid;
		}
		if (next < r->nsentences && endorses(b, r->sentences[next], endorse))
			continue;
		struct gr_span q = span_at((size_t)(open - b) + 1, (size_t)(close - b));
		for (size_t t = span_of(r->sentences, r->nsentences, q.start); t != NONE && t < r->nsentences &&
										   r->sentences[t].start < q.end;
		     t++)
			report_span(a, t, q.start, q.end);
	}
}

/* Call each(a, c, at, t) for every place a phrase of cues (lowercase)
 * occurs in the report, in a sentence: c is the phrase, at where it starts,
 * t its sentence. Phrases the trigram index rules out are not looked for. */
static void each_phrase(struct gr_analysis *a, const char *const *cues,
			void (*each)(struct gr_analysis *a, const char *c, size_t at, size_t t))
{
	const struct gr_report *r = a->r;
	const struct gr_trigrams *tri = r->tri;
	if (!indexed(r))
		return;
	for (const char *const *c = cues; *c; c++) {
		size_t n = strlen(*c);
		if (!gr_trigrams_may_hold(tri, *c, n))
			continue;
		for (const char *p = tri->lower; (p = gr_memmem(p, tri->len - (size_t)(p - tri->lower), *c, n)) != NULL;
		     p += n) {
			size_t at = (size_t)(p - tri->lower), t = span_of(r->sentences, r->nsentences, at);
			if (t != NONE)
				each(a, *c, at, t);
		}
	}
}

/* Does the phrase at `at` open a footnote ("[iii] (On second thought,
 * ...", "† Scratch that")? The line that calls the note (1-based), or 0. */
static int note_opened_by(const struct gr_report *r, size_t at)
{
	if (!r->note_of)
		return 0;
	int line = gr_text_line_of(&r->text, at);
	if (!r->note_of[line - 1])
		return 0;
	const char *b = r->text.buf;
	size_t k = r->text.lines[line - 1].off;
	while (k < at && b[k] == ' ')
		k++;
	if (k < at && (b[k] == '[' || b[k] == '(')) {
		const char *close = memchr(b + k, b[k] == '[' ? ']' : ')', at - k);
		k = close ? (size_t)(close - b) + 1 : at;
	}
	while (k < at && ((unsigned char)b[k] >= 0x80 || strchr(" (:*_", b[k])))
		k++;
	return k == at ? r->note_of[line - 1] : 0;
}

/* What a retraction takes back is no longer claimed; a rejection taken
 * back ("I'd skip the tokenizer ... actually no, that's wrong: keep it")
 * rejects nothing either. */
static void retract_span(struct gr_analysis *a, size_t t, size_t from, size_t upto)
{
	mark_span(a, t, from, upto, 1);
}

/* Is b[from, to) only an edit's mark ("EDIT: scratch that", "ok, never
 * mind")? Then the retraction opens its sentence. */
static int edit_mark_only(const char *b, size_t from, size_t to)
{
	static const char *const marks[] = { "edit", "edited", "update", "updated", "upd", "ps", "p.s", "oh", "ok",
					     "okay", "hmm", "ugh", "ah", "argh", "oops", "um", "uh", "later", NULL };
	int any = 0;
	for (struct gr_span w = first_word(b, span_at(from, to)); w.start < to; w = first_word(b, span_at(w.end, to))) {
		if (!gr_word_in(b + w.start, w.end - w.start, marks))
			return 0;
		any = 1;
	}
	return any;
}

static void take_back_retracted(struct gr_analysis *a, const char *c, size_t at, size_t t)
{
	const struct gr_report *r = a->r;
	const char *lo = r->tri->lower;
	if (*c == 'k' && ((at >= 3 && !memcmp(lo + at - 3, "no ", 3)) || (at >= 4 && !memcmp(lo + at - 4, "not ", 4)) ||
			  (at && gr_isalnum((unsigned char)lo[at - 1]))))
		return; /* "no kidding, 61 % is copies" insists */
	int caller = note_opened_by(r, at), edited = 0;
	if (caller > 0) { /* "[iii] (On second thought, not this one ...)": the line that calls the note */
		const struct gr_line *cl = &r->text.lines[caller - 1];
		for (size_t k = 0; k < r->nsentences; k++)
			if (r->sentences[k].end > cl->off && r->sentences[k].start < cl->off + cl->len)
				retract_span(a, k, cl->off, cl->off + cl->len);
	} else if (!(edited = edit_mark_only(r->text.buf, r->sentences[t].start, at)) &&
		   first_word(r->text.buf, span_at(r->sentences[t].start, at)).start < at) {
		retract_span(a, t, r->sentences[t].start, at);
	} else if (t > 0 && !(edited && ends_with_colon_span(r->text.buf, r->sentences[t - 1]))) {
		/* it opens its sentence: the one before is taken back (not a
		 * list's intro above "- ~~`tokenize`~~ EDIT: scratch that") */
		retract_span(a, t - 1, r->sentences[t - 1].start, r->sentences[t - 1].end);
	}
}

/* "I'd check the casts... wait, no, actually I'd switch to FA2": what a
 * retraction takes back (its sentence up to it, or the sentence before
 * when it opens one) is no longer claimed. */
static void mark_retracted(struct gr_analysis *a)
{
	/* Irony ("sure, let's hand-write a kernel, what could possibly go
	 * wrong") takes back what it mocks the same way. */
	static const char *const cues[] = { "wait, no", "wait no", "actually, no", "actually no", "scratch that",
					    "hmm, no", "hmm no", "no, wait", "no wait", "no, just one", "no just one",
					    "no, only one", "no - just one",
					    "never mind", "nevermind", "on second thought", "kidding", "what could possibly go wrong",
					    "what could go wrong", "said no one ever", "said nobody ever", "what's the worst that could happen",
					    "good luck with that", NULL };
	each_phrase(a, cues, take_back_retracted);
}

/* Does lo[..at) end with the word w (lowercase, its space included)? */
static int word_ends_at(const char *lo, size_t at, const char *w)
{
	size_t n = strlen(w);
	return at >= n && !memcmp(lo + at - n, w, n) && (at == n || !gr_isalpha((unsigned char)lo[at - n - 1]));
}

static void take_back_intended(struct gr_analysis *a, const char *c, size_t at, size_t t)
{
	const struct gr_report *r = a->r;
	const char *lo = r->tri->lower;
	size_t n = strlen(c), end = r->sentences[t].end;
	if ((at && gr_isalpha((unsigned char)lo[at - 1])) || at + n > end)
		return;
	/* "like I almost said up top, it's already flash": pointing back at
	 * the earlier slip, not a new one */
	if (word_ends_at(lo, at, "like ") || word_ends_at(lo, at, "as "))
		return;
	const char *but = gr_memmem(lo + at + n, end - at - n, " but ", 5);
	retract_span(a, t, at, but ? (size_t)(but - lo) : end);
}

/* "- \"tokenize\" - wait, no: it runs before the window. Drop it.": a
 * sentence that only drops what came before takes back the sentence before
 * it, whole, reason and all. */
static void mark_dropped_lines(struct gr_analysis *a)
{
	static const char *const drops[] = { "drop it", "drop that", "skip it", "skip that", "scrap it", "scrap that",
					     "forget it", "forget that", "cut it", "remove it", NULL };
	const struct gr_report *r = a->r;
	if (!indexed(r))
		return;
	const char *lo = r->tri->lower;
	for (size_t t = 1; t < r->nsentences; t++) {
		size_t s = r->sentences[t].start, e = r->sentences[t].end;
		while (s < e && !gr_isalpha((unsigned char)lo[s]))
			s++;
		while (e > s && strchr(" .!\n\r", lo[e - 1]))
			e--;
		if (e > s && e - s <= 11 && gr_word_in(lo + s, e - s, drops))
			retract_span(a, t - 1, r->sentences[t - 1].start, r->sentences[t - 1].end);
	}
}

/* "Next experiment: not yet. I think CUDA graphs would probably help",
 * "Next experiment: not sure yet - depends on what the bottleneck turns
 * out to be", "depends. Could be dtype, could be ...": a field that opens
 * by declining to answer commits to nothing it goes on to muse about. A
 * hedge that goes on to answer ("not sure, but I'd re-profile ...") is an
 * answer: the declining words must stand alone before a stop. */
static void mark_uncommitted(struct gr_analysis *a)
{
	static const char *const decline[] = { "not yet", "not sure yet", "not sure", "unsure", "undecided", "tbd",
					       "to be decided", "depends", "it depends", "unclear", "unclear yet",
					       "don't know yet", "dont know yet", "no idea yet", "none yet", "nothing yet",
					       "not decided", "not decided yet", "todo", "to do", NULL };
	const struct gr_report *r = a->r;
	const char *b = r->text.buf;
	for (size_t f = 0; f < a->ex->nfields; f++) {
		const struct gr_report_field *rf = &r->fields[f];
		if ((rf->state != GR_FIELD_LABELLED && rf->state != GR_FIELD_ALIASED) || rf->value.end <= rf->value.start)
			continue;
		size_t s = rf->value.start, e = rf->value.end;
		while (s < e && strchr(" *_`(", b[s]))
			s++;
		size_t w = s;
		while (w < e && (gr_isalpha((unsigned char)b[w]) || b[w] == ' ' || b[w] == '\''))
			w++;
		size_t z = w;
		while (z > s && b[z - 1] == ' ')
			z--;
		/* The words stand alone: a full stop or the value's end after
		 * them, or a dash and "depends" ("not sure yet - depends on
		 * ..."). After a comma, colon or other dash come the options it
		 * hesitates between ("it depends - could be a record_shapes
		 * profile, or reloading in bf16"), and those are weighed. */
		size_t d = w;
		while (d < e && (b[d] == ' ' || b[d] == '-' || (d + 2 < e && !memcmp(b + d, "\xE2\x80", 2))))
			d += b[d] == ' ' || b[d] == '-' ? 1 : 3;
		/* a stand-in is no answer whatever follows its dash or bracket:
		 * "TBD - need to check w/ team which is easier to ship", "TODO
		 * (graphs vs compile, need to read up)"; "TODO: re-profile ..."
		 * is a task, and answers */
		static const char *const standins[] = { "tbd", "tba", "to be decided", "undecided", "not decided",
							"not decided yet", "none yet", "nothing yet", "todo", "to do", NULL };
		int stop = w == e || strchr(".;!\n", b[w]) ||
			   (d > w && d + 7 <= e && !strncasecmp(b + d, "depends", 7)) ||
			   ((d > w || b[w] == '(') && z > s && gr_word_in(b + s, z - s, standins));
		if (z <= s || !stop || !gr_word_in(b + s, z - s, decline))
			continue;
		struct gr_span fs = gr_scope_span(r, (struct gr_scope){ .kind = GR_SCOPE_FIELD, .index = (int)f });
		for (size_t t = 0; t < r->nsentences; t++)
			if (r->sentences[t].end > fs.start && r->sentences[t].start < fs.end)
				retract_span(a, t, fs.start, fs.end);
	}
}

/* "I was going to say check the copy dtypes, but the loop is ...": what
 * the learner was about to propose, up to the "but", is taken back. */
static void mark_second_thoughts(struct gr_analysis *a)
{
	static const char *const cues[] = { "i was going to", "i was about to", "i was gonna", "my first thought was",
					    "my first instinct was", "i almost said", "i almost wrote", "i'd have said",
					    "i would have said", "my reflex was", "my first reflex was", "my gut said",
					    "my gut reaction was", "my knee-jerk answer was", "my knee-jerk reaction was", NULL };
	each_phrase(a, cues, take_back_intended);
}

/* Does sentence t hold the word w (lowercase) whole? */
static int sentence_has_word(const struct gr_report *r, size_t t, const char *w, size_t n)
{
	const char *lo = r->tri->lower;
	size_t end = r->sentences[t].end;
	for (size_t k = r->sentences[t].start; k + n <= end;) {
		const char *at = gr_memmem(lo + k, end - k, w, n);
		if (!at)
			break;
		k = (size_t)(at - lo);
		if ((k == 0 || !gr_isalnum((unsigned char)lo[k - 1])) &&
		    (k + n >= r->text.len || !gr_isalnum((unsigned char)lo[k + n])))
			return 1;
		k++;
	}
	return 0;
}

/* "actually, scratch `tokenize` - it's 0 ms CUDA", "EDIT: dropping
 * \"tokenize\"": a name in quotes after a verb that drops it is taken back
 * wherever it was written before, and so is the sentence that drops it
 * (its reason), unless that sentence puts something in its place
 * ("instead", "replace", "rename"). */
static void drop_names(struct gr_analysis *a, const char *const *verbs)
{
	static const char *const swap[] = { "instead", "replace", "replaced", "rename", "renamed", NULL };
	const struct gr_report *r = a->r;
	const char *lo = r->tri->lower;
	size_t len = r->tri->len;
	int any = 0; /* most reports drop nothing: no byte walk for them */
	for (const char *const *v = verbs; *v && !any; v++)
		any = gr_trigrams_may_hold(r->tri, *v, strlen(*v)) && gr_memmem(lo, len, *v, strlen(*v));
	for (size_t k = 0; any && k < len; k++) {
		if (lo[k] != '`' && lo[k] != '"')
			continue;
		const char *close = memchr(lo + k + 1, lo[k], len - k - 1);
		if (!close || close - (lo + k) > 41 || close == lo + k + 1 || memchr(lo + k, '\n', (size_t)(close - lo) - k))
			continue;
		size_t ns = k + 1, n = (size_t)(close - lo) - ns;
		/* the verb right before it: "scratch `x`", "dropping the \"x\"" */
		size_t w = k;
		int verb = 0;
		for (int step = 0; step < 2 && !verb; step++) {
			while (w > 0 && lo[w - 1] == ' ')
				w--;
			size_t ws = w;
			while (ws > 0 && gr_isalpha((unsigned char)lo[ws - 1]))
				ws--;
			if (ws == w)
				break;
			verb = gr_word_in(lo + ws, w - ws, verbs);
			if (!verb && !(w - ws == 3 && !strncmp(lo + ws, "the", 3)))
				break;
			w = ws;
		}
		k = (size_t)(close - lo);
		size_t t = verb ? span_of(r->sentences, r->nsentences, ns) : NONE;
		if (t == NONE)
			continue;
		for (size_t u = 0; u < t; u++)
			for (size_t q = r->sentences[u].start; q + n <= r->sentences[u].end; q++)
				if (!memcmp(lo + q, lo + ns, n) && (q == 0 || !gr_isword((unsigned char)lo[q - 1])) &&
				    !gr_isword((unsigned char)lo[q + n]))
					report_span(a, u, q, q + n);
		if (!has_phrase(lo, r->sentences[t], swap))
			report_span(a, t, r->sentences[t].start, r->sentences[t].end);
	}
}

/* A notebook drops an idea an earlier entry had: "10:30 - scratch the
 * kernel idea, attention is already flash", "drop the Triton plan", or,
 * after trying it, "... so I dropped it". The idea's words ("kernel",
 * "Triton") name the earlier sentences taken back, wherever they are
 * before it; "dropped it" takes back its paragraph up to it. */
static void mark_dropped_ideas(struct gr_analysis *a)
{
	static const char *const verbs[] = { "scratch", "drop", "dropped", "dropping", "forget", "abandon", "abandoned",
					     "kill", "killed", "ditch", "ditched", "scrap", "scrapped", "discard",
					     "discarded", "shelve", "shelved", NULL };
	static const char *const kinds[] = { "idea", "plan", "thought", NULL };
	static const char *const filler[] = { "the", "that", "this", "my", "whole", "original", "first", "earlier",
					      "old", NULL };
	static const char *const it[] = { "dropped it", "scrapped it", "abandoned it", "ditched it", "gave up on it",
					  "scratched it", NULL };
	const struct gr_report *r = a->r;
	const struct gr_trigrams *tri = r->tri;
	if (!indexed(r))
		return;
	const char *lo = tri->lower, *b = r->text.buf;
	for (const char *const *k = kinds; *k; k++) {
		size_t kn = strlen(*k);
		if (!gr_trigrams_may_hold(tri, *k, kn))
			continue;
		for (const char *p = lo; (p = gr_memmem(p, tri->len - (size_t)(p - lo), *k, kn)); p += kn) {
			size_t at = (size_t)(p - lo), t = span_of(r->sentences, r->nsentences, at);
			if (t == NONE || (at && gr_isalnum((unsigned char)lo[at - 1])) ||
			    (at + kn < tri->len && gr_isalpha((unsigned char)lo[at + kn])))
				continue;
			/* back over the idea's words to the verb: at most four words */
			struct gr_span key[4];
			size_t nkey = 0, w = at;
			int verb = 0;
			for (int n = 0; n < 5 && !verb; n++) {
				while (w > r->sentences[t].start && lo[w - 1] == ' ')
					w--;
				size_t ws = w;
				while (ws > r->sentences[t].start && (gr_isalnum((unsigned char)lo[ws - 1]) || lo[ws - 1] == '-'))
					ws--;
				if (ws == w)
					break;
				if (gr_word_in(lo + ws, w - ws, verbs))
					verb = 1;
				else if (!gr_word_in(lo + ws, w - ws, filler) && nkey < 4)
					key[nkey++] = span_at(ws, w);
				w = ws;
			}
			if (!verb)
				continue;
			for (size_t u = 0; u < t; u++)
				for (size_t q = 0; q < nkey; q++)
					if (key[q].end - key[q].start >= 3 &&
					    sentence_has_word(r, u, lo + key[q].start, key[q].end - key[q].start)) {
						report_span(a, u, r->sentences[u].start, r->sentences[u].end);
						break;
					}
		}
	}
	drop_names(a, verbs);
	for (const char *const *c = it; *c; c++) {
		size_t n = strlen(*c);
		if (!gr_trigrams_may_hold(tri, *c, n))
			continue;
		for (const char *p = lo; (p = gr_memmem(p, tri->len - (size_t)(p - lo), *c, n)); p += n) {
			size_t at = (size_t)(p - lo), t = span_of(r->sentences, r->nsentences, at);
			if (t == NONE)
				continue;
			/* its paragraph: back to a blank line */
			size_t from = r->text.lines[gr_text_line_of(&r->text, at) - 1].off;
			while (from > 1 && !(b[from - 1] == '\n' && b[from - 2] == '\n'))
				from--;
			report_span(a, t, r->sentences[t].start, at);
			for (size_t u = t; u-- > 0 && r->sentences[u].start >= from;)
				report_span(a, u, r->sentences[u].start, r->sentences[u].end);
		}
	}
}

/* A timed exam's deletions: "record_function xx -> actually simpler:
 * ...", "perf_counter xx no, ranges not timers", "\"h2d_copy\"  xx not
 * needed", "FA2 (del)": the words before the mark on its line are struck
 * out. */
static void mark_deleted(struct gr_analysis *a)
{
	static const char *const marks[] = { "xx", "(del)", "(deleted)", NULL };
	const struct gr_report *r = a->r;
	const struct gr_trigrams *tri = r->tri;
	if (!indexed(r))
		return;
	const char *lo = tri->lower;
	for (const char *const *m = marks; *m; m++) {
		size_t n = strlen(*m);
		if (!gr_trigrams_may_hold(tri, *m, n < 3 ? n : 3) || !gr_memmem(lo, tri->len, *m, n))
			continue; /* the index first: most reports mark nothing */
		for (const char *p = lo; (p = gr_memmem(p, tri->len - (size_t)(p - lo), *m, n)); p += n) {
			size_t at = (size_t)(p - lo);
			if ((at && lo[at - 1] != ' ') || (at + n < tri->len && lo[at + n] != ' ' && lo[at + n] != '\n'))
				continue; /* "xxx", "sm_xx", "0xx": not a mark */
			size_t from = r->text.lines[gr_text_line_of(&r->text, at) - 1].off;
			for (size_t u = 0; u < r->nsentences && r->sentences[u].start < at; u++)
				if (r->sentences[u].end > from)
					report_span(a, u, from, at);
		}
	}
}

/* A what-if about another setup: "For a long-context 32k prompt, my next
 * experiment would be FlashAttention work", "If this were batch 8, I'd
 * batch", "Had the model been loaded in fp32, I'd wrap the casts",
 * "Hypothetically, on an H100 ...". A sentence that opens so and says
 * "would" ('d) is about that setup, not this table: what it names is not
 * proposed. */
static void mark_counterfactual(struct gr_analysis *a)
{
	static const char *const opens[] = { "if this were", "if it were", "if the model were", "if the model had",
					     "if we were", "if we had", "if i were", "had the", "had we", "had i",
					     "suppose", "hypothetically", "what-if", "what if:", "in a training run",
					     "in training", "for a long", "for a longer", "for a bigger", "for a larger",
					     "for a 32k", "for a 16k", "for a 64k", "for a 128k", "for long-context",
					     "on an h100", "on a bigger", "on a faster", "with a bigger batch",
					     "at batch 8", "at batch 16", "at a larger batch", NULL };
	static const char *const would[] = { "would", "i'd", "we'd", "it'd", "they'd", NULL };
	const struct gr_report *r = a->r;
	const struct gr_trigrams *tri = r->tri;
	/* A report that never says "would" is read no further (one search);
	 * in one that does, "I'd" serves as well in a sentence. */
	if (!indexed(r) || !gr_memmem(tri->lower, tri->len, "would", 5))
		return;
	const char *lo = tri->lower;
	for (size_t t = 0; t < r->nsentences; t++) {
		struct gr_span sp = r->sentences[t];
		size_t k = sp.start;
		while (k < sp.end && strchr(" -*_>#", lo[k]))
			k++;
		if (k >= sp.end || !strchr("ihswfoa", lo[k]))
			continue; /* no opening starts so: most sentences stop here */
		const char *const *o = opens;
		for (; *o; o++)
			if (sp.end - k >= strlen(*o) && !memcmp(lo + k, *o, strlen(*o)))
				break;
		if (!*o || !has_phrase(lo, sp, would))
			continue;
		/* "Had the model been loaded in bf16, copy_ would vanish - so the
		 * experiment is to load it in bf16": what it concludes is the plan */
		static const char *const turn[] = { "-  so ", "- so ", ", so ", "; so ", " so the ", "which is why", NULL };
		size_t end = sp.end;
		for (const char *const *w = turn; *w; w++) {
			const char *at = gr_memmem(lo + k, sp.end - k, *w, strlen(*w));
			if (at && (size_t)(at - lo) < end)
				end = (size_t)(at - lo);
		}
		report_span(a, t, sp.start, end);
	}
}

/* Is b[from, to) only the opening of a note ("(my note: NO,", "[EDIT: no,",
 * "(learner's note 2: I")? */
static int note_opening(const char *b, size_t from, size_t to)
{
	static const char *const words[] = { "my", "note", "notes", "no", "nope", "edit", "edited", "update", "learner",
					     "learner's", "own", "i", "ok", "okay", "so", "honestly", "correction", NULL };
	for (struct gr_span w = first_word(b, span_at(from, to)); w.start < to; w = first_word(b, span_at(w.end, to)))
		if (!gr_word_in(b + w.start, w.end - w.start, words) && !isdigit((unsigned char)b[w.start]))
			return 0;
	return 1;
}

/* "(my note: NO, this is wrong ...)", "[EDIT: no, that line is wrong]",
 * "(my note: I disagree with the line above ...)": a note in brackets that
 * rejects what came before it takes back the sentence above it, when the
 * rejection opens the note, or its own sentence up to the rejection ("the
 * assistant gave me FlashAttention and that's wrong here"). */
static void mark_noted_wrong(struct gr_analysis *a)
{
	static const char *const cues[] = { "this is wrong", "that is wrong", "that's wrong", "this line is wrong",
					    "that line is wrong", "line above is wrong", "above is wrong",
					    "disagree with the line above", "disagree with the above",
					    "disagree with this line", "disagree with that line", NULL };
	const struct gr_report *r = a->r;
	const struct gr_trigrams *tri = r->tri;
	const char *b = r->text.buf;
	if (!indexed(r) ||
	    (!gr_memmem(tri->lower, tri->len, "wrong", 5) && !gr_memmem(tri->lower, tri->len, "disagree", 8)))
		return;
	for (const char *const *c = cues; *c; c++) {
		size_t n = strlen(*c);
		for (const char *p = tri->lower; (p = gr_memmem(p, tri->len - (size_t)(p - tri->lower), *c, n)) != NULL;
		     p += n) {
			size_t at = (size_t)(p - tri->lower);
			size_t bol = r->text.lines[gr_text_line_of(&r->text, at) - 1].off;
			while (bol < at && (b[bol] == ' ' || b[bol] == '\t'))
				bol++;
			if (b[bol] != '(' && b[bol] != '[')
				continue; /* only a note in brackets */
			size_t t = span_of(r->sentences, r->nsentences, at);
			if (t == NONE)
				continue;
			size_t from = r->sentences[t].start > bol + 1 ? r->sentences[t].start : bol + 1;
			if (!note_opening(b, from, at))
				report_span(a, t, r->sentences[t].start, at);
			else if (t > 0)
				report_span(a, t - 1, r->sentences[t - 1].start, r->sentences[t - 1].end);
		}
	}
}

/* Every mention in b[s, e) counts for nothing, whichever sentences hold it. */
static void report_range(struct gr_analysis *a, size_t s, size_t e)
{
	const struct gr_report *r = a->r;
	size_t k = 0, hi = r->nsentences; /* the first sentence that ends after s */
	while (k < hi) {
		size_t mid = (k + hi) / 2;
		if (r->sentences[mid].end <= s)
			k = mid + 1;
		else
			hi = mid;
	}
	for (; k < r->nsentences && r->sentences[k].start < e; k++)
		report_span(a, k, s, e);
}

/* "- [x] confirm the launch count (728 launches - done)": a ticked item
 * that says it was done is a finding; what it names proposes nothing. */
static void mark_done_items(struct gr_analysis *a)
{
	const struct gr_report *r = a->r;
	const char *b = r->text.buf;
	if (!memchr(b, '[', r->text.len))
		return; /* no box anywhere: most reports */
	for (size_t i = 0; i < r->text.nlines; i++) {
		size_t s = r->text.lines[i].off, e = s + r->text.lines[i].len, at;
		if (gr_box_at(b, s, e, &at) == 2 && gr_done_item(b, at + 3, e))
			report_range(a, s, e);
	}
}

/* An outline's child that opens by rejecting ("- custom fused attention
 * kernel?" / "  - no: sdpa is already flash, 6%") takes its parent back;
 * what the child goes on to say is the reason. A parent that only puts
 * off ("- Not now:", "- Won't do:") puts off every child under it. */
static void mark_rejected_parents(struct gr_analysis *a)
{
	static const char *const no[] = { "no", "nope", "nah", "not", "never", "skip", "skipped", "rejected", "dropped",
					   "won't", "don't", NULL };
	static const char *const this_one[] = { "this one", NULL };
	static const char *const put_off[] = { "not now", "not yet", "later", "won't do", "wont do", "not doing",
						"skip", "skipping", "parked", "parking lot", "icebox", "backlog", "rejected",
						"dropped", "avoid", "don't", "no", NULL };
	const struct gr_report *r = a->r;
	const char *b = r->text.buf;
	for (size_t i = 0; i + 1 < r->nitems; i++) {
		const struct gr_item *parent = &r->items[i], *child = &r->items[i + 1];
		if (child->indent <= parent->indent + 1 || child->line != parent->line + 1)
			continue;
		/* "- Not now:" (or "- skip") over its children: each of them is put off. */
		size_t ps = parent->span.start, pe = parent->span.end;
		while (pe > ps && strchr(" *_", b[pe - 1]))
			pe--;
		if (pe > ps) {
			pe -= b[pe - 1] == ':';
			while (ps < pe && strchr(" *_", b[ps]))
				ps++;
			while (pe > ps && strchr(" *_", b[pe - 1]))
				pe--;
			int label = 0;
			for (const char *const *w = put_off; *w && !label; w++)
				label = strlen(*w) == pe - ps && !strncasecmp(b + ps, *w, pe - ps);
			for (size_t j = i + 1; label && j < r->nitems && r->items[j].indent > parent->indent + 1; j++) {
				struct gr_span c = r->items[j].span;
				if (!has_phrase(b, c, this_one)) /* "<- THIS one first: ...": picked out of the list */
					report_range(a, c.start, c.end);
			}
			if (label)
				continue;
		}
		struct gr_span w = first_word(b, child->span);
		int rejects = is_cross(b, child->span.start, child->span.end) ||
			      (w.end > w.start && gr_word_in(b + w.start, w.end - w.start, no) &&
			       (w.end == child->span.end || strchr(" :,-.\xE2", b[w.end])));
		if (rejects)
			report_range(a, parent->span.start, parent->span.end);
	}
}

/* "Some people suggest upgrading to a faster SDPA backend", "my teammate
 * wants to write a Triton kernel": what someone else suggests is not the
 * learner's proposal, unless the learner endorses it in that sentence or
 * the next ("and I agree", "he's right", "let's", "I'll"). */
static void mark_reported(struct gr_analysis *a)
{
	static const char *const said_markers[] = { "that", "having", "being", "all", NULL };
	static const char *const stems[] = { "sugg", "recomm", "propos", "want", "advocat", "insist", "said",
					     "told", "think", "thought", "reckon", "argu", "idea", "pitch", "wrote",
					     "posted", "messaged", "commented", "replied", "pinged", "instinct",
					     "tempted", "draft", "people", "someone", "somebody", "everyone", "everybody",
					     "others", "folks", "colleagues", "teammates", "propu", "prop\xc3\xb4", "suger",
					     "sugir", "sugie", "dijo", "disse", "quiere", "voulait", "jumps", "rushes", NULL };
	const struct gr_report *r = a->r;
	const char *b = r->text.buf;
	int all = !indexed(r); /* no lowercase copy: look everywhere */
	const char *present[sizeof(stems) / sizeof(stems[0])];
	size_t np = 0;
	for (const char *const *st = stems; *st && !all; st++)
		if (gr_trigrams_may_hold(r->tri, *st, strlen(*st)) &&
		    gr_memmem(r->tri->lower, r->tri->len, *st, strlen(*st)) != NULL)
			present[np++] = *st;
	if (!all && !np)
		return; /* most reports quote no one: skip the word walk */
	for (size_t s = 0; s < r->nsentences; s++) {
		struct gr_span sp = r->sentences[s], p1 = span_at(0, 0), p2 = span_at(0, 0);
		size_t from = NONE;
		int here = all; /* walk only sentences that hold one of the stems ("I think" is common) */
		for (size_t k = 0; k < np && !here; k++)
			here = gr_memmem(r->tri->lower + sp.start, sp.end - sp.start, present[k], strlen(present[k])) != NULL;
		if (!here)
			continue;
		/* The verb after a subject that is not the learner ("I'd
		 * probably want" is the learner's own, and so is a verb with
		 * no subject after punctuation: "(...) - want to know if"). */
		for (struct gr_span w = first_word(b, sp); w.start < sp.end;
		     p2 = p1, p1 = w, w = first_word(b, span_at(w.end, sp.end))) {
			/* "Jonas (in our group) suggested": the subject before the aside. */
			struct gr_span subj = p1.end > p1.start && !only_aside(b, p1.end, w.start)
						      ? word_before_aside(b, sp.start, w.start)
						      : p1;
			/* "Someone will suggest ...": the modal's subject is another */
			int modal_other = subj.start == p1.start && p2.end > p2.start &&
					  in_set(&ws_modal, b + p1.start, p1.end - p1.start) &&
					  in_set(&ws_others, b + p2.start, p2.end - p2.start);
			if (modal_other && in_set(&ws_people, b + p2.start, p2.end - p2.start)) {
				from = p1.end; /* "some people would wrap ...": any verb */
				break;
			}
			if (subj.end > subj.start && (subj.start != p1.start || only_aside(b, p1.end, w.start)) &&
			    ((suggests(b + w.start, w.end - w.start) &&
			      (modal_other || !in_set(&ws_self, b + subj.start, subj.end - subj.start)) &&
			      /* "on second thought": a retraction, not someone's thought */
			      !(subj.end - subj.start == 6 && !strncasecmp(b + subj.start, "second", 6)) &&
			      /* "That said, ...", "having said that": a turn in the
			       * learner's own argument, not someone's words */
			      !(w.end - w.start == 4 && !strncasecmp(b + w.start, "said", 4) &&
				gr_word_in(b + subj.start, subj.end - subj.start, said_markers)) &&
			      !authors_passive(b, subj, w, sp.end) &&
			      !instructed_thing(b, subj, w, sp.end) &&
			      !(subj.start == p1.start && p2.end > p2.start &&
				in_set(&ws_self, b + p2.start, p2.end - p2.start))) ||
			     their_suggestion(b, subj, w))) {
				from = w.end;
				break;
			}
		}
		/* "My first instinct was \"try FlashAttention\", but ...": an idea
		 * the learner had and dropped is reported, like a teammate's. */
		size_t upto = NONE; /* where the reported idea ends: its sentence's end, or a "but" */
		int needs_but;
		if (from == NONE && (from = past_idea(all ? NULL : r->tri->lower, sp, &needs_but)) != NONE) {
			const char *but = gr_memmem(r->tri->lower + from, sp.end - from, " but ", 5);
			upto = but ? (size_t)(but - r->tri->lower) : NONE;
			if (!but && needs_but)
				from = NONE; /* "I'm tempted to try X." is a proposal, hedged */
		}
		/* "people will say it is CPU so ignore it, but the request waits
		 * for it": what follows the "but" is the learner's answer to them */
		else if (from != NONE && !all) {
			const char *but = gr_memmem(r->tri->lower + from, sp.end - from, " but ", 5);
			upto = but ? (size_t)(but - r->tri->lower) : NONE;
		}
		/* "a teammate wrote:" and the words on the next line (a quote, a
		 * blockquote): the next sentence is what was said. */
		size_t t = s;
		if (from != NONE && introduces(b, from, sp.end) && s + 1 < r->nsentences) {
			t = s + 1;
			from = r->sentences[t].start;
		}
		/* Endorsed in what it says, or in the next sentence; not in what
		 * follows a "but" ("..., but the one I'll run is ..."). */
		size_t said_end = upto < r->sentences[t].end ? upto : r->sentences[t].end;
		if (from == NONE || endorses(b, span_at(from, said_end), endorse) ||
		    (upto == NONE && t + 1 < r->nsentences && endorses(b, r->sentences[t + 1], endorse)))
			continue;
		report_span(a, t, from, upto);
	}
}

/* ---- superseded versions ---------------------------------------------------- */

/* Line ln lists a wrong answer ("- \"Next experiment: FlashAttention\" -
 * attention is 6% of CUDA time", "- FlashAttention -> attn is ~6%"): is
 * `at` in the wrong answer itself, quoted anywhere on the line or, with no
 * quote, the item's words up to its first separator? What explains it
 * after is the learner's; a quoted or labelled line is all wrong answer. */
static int in_mistake(const struct gr_report *r, size_t ln, size_t at)
{
	const char *b = r->text.buf;
	size_t s = r->text.lines[ln].off, e = s + r->text.lines[ln].len;
	if (r->old_line[ln] == 6) {
		/* "Common mistakes: writing a Triton kernel; \"CPU, so ignore
		 * it\"": the list after its label is wrong answers, quoted or not,
		 * up to what explains them ("- ...", "(...)", ", but ...") */
		const char *colon = memchr(b + s, ':', e - s);
		if (!colon || at <= (size_t)(colon - b))
			return 0;
		for (size_t z = (size_t)(colon - b) + 1; z < at; z++)
			if (b[z] == '(' || (b[z] == '-' && z + 1 < e && (b[z + 1] == '>' || b[z + 1] == ' ') && b[z - 1] == ' ') ||
			    (b[z] == ',' && !strncasecmp(b + z, ", but ", 6)))
				return 0;
		return 1;
	}
	/* A wrong report quoted whole ("> Next experiment: write a fused
	 * kernel"): every word of a quoted or labelled line is the mistake. */
	size_t q0 = s;
	while (q0 < e && b[q0] == ' ')
		q0++;
	if ((q0 < e && b[q0] == '>') || r->label_line[ln])
		return at >= q0;
	int quoted = 0;
	for (size_t q = s; q < e; q++) {
		if (b[q] != '"')
			continue;
		const char *close = memchr(b + q + 1, '"', e - q - 1);
		size_t z = close ? (size_t)(close - b) : e;
		if (at > q && at < z)
			return 1;
		quoted = 1;
		q = z;
	}
	if (quoted)
		return 0;
	size_t k = s;
	while (k < e && (b[k] == ' ' || b[k] == '-' || b[k] == '*' || b[k] == '+' || isdigit((unsigned char)b[k]) ||
			 b[k] == '.' || b[k] == ')'))
		k++;
	/* The mistake ends at the first separator, or at ", but": "people
	 * think the copies are a bug, but every model does copies" */
	for (size_t z = k; z < e; z++)
		if (b[z] == ':' || b[z] == '(' || b[z] == ';' ||
		    (b[z] == '-' && z + 1 < e && (b[z + 1] == '>' || b[z + 1] == ' ')) ||
		    (b[z] == '.' && z + 1 < e && b[z + 1] == ' ') || (b[z] == ',' && !strncasecmp(b + z, ", but ", 6)))
			return at >= k && at < z;
	return at >= k;
}

/* An earlier version the learner names ("v1: write fused attention kernel",
 * "in my first draft I proposed ...", "Previously I wrote ..."): where its
 * words start in sentence sp of lo, or NONE. Not a pointer to it ("Changes
 * since v1:"), nor a version kept ("I kept v1's experiment"). */
static size_t old_version(const char *lo, struct gr_span sp)
{
	static const char *const nouns[] = { "v1", "v0", "version 1", "first version", "first draft", "first attempt",
					     "first submission", "original answer", "original version", "old answer",
					     "old version", "previous answer", "previous version", "previous submission",
					     "last submission", "earlier version", "superseded", NULL };
	static const char *const adverbs[] = { "previously", "originally", "before the feedback", NULL };
	static const char *const said[] = { "i", "we", "wrote", "said", "had", "proposed", "suggested", "picked",
					    "chose", "claimed", "thought", "put", "listed", "named", "answered",
					    "called", "argued", "blamed", NULL };
	static const char *const pointer[] = { "since", "from", "than", "vs", "versus", "compared", "over", NULL };
	static const char *const kept[] = { "kept", "keep", "keeping", "still", "unchanged", "same as", NULL };
	size_t n = 0, at = find_phrase_len(lo, sp, nouns, &n);
	if (at == NONE) {
		at = find_phrase_len(lo, sp, adverbs, &n);
		if (at == NONE)
			return NONE;
		/* "Previously I wrote", "originally proposed": the learner's own
		 * earlier words, not "the tensors previously copied". */
		size_t w = at + n;
		while (w < sp.end && lo[w] == ' ')
			w++;
		size_t e = w;
		while (e < sp.end && gr_isalpha((unsigned char)lo[e]))
			e++;
		if (!gr_word_in(lo + w, e - w, said))
			return NONE;
	}
	size_t p = at; /* the word before it */
	while (p > sp.start && !gr_isalnum((unsigned char)lo[p - 1]))
		p--;
	size_t q = p;
	while (q > sp.start && gr_isalpha((unsigned char)lo[q - 1]))
		q--;
	if (q < p && gr_word_in(lo + q, p - q, pointer))
		return NONE;
	if (has_phrase(lo, sp, kept))
		return NONE;
	return at + n;
}

/* Where the old version's words end in sentence sp: at the new one ("v2
 * (now): ..."), a turn ("but", "instead", "scratch that"), or the learner
 * saying it was wrong ("- that was wrong because ..."). */
static size_t old_version_end(const char *lo, size_t from, size_t to)
{
	static const char *const ends[] = { "v2", "v3", "version 2", "now", "current", "instead", "but", "scratch",
					    "wrong", "replaced by", "new", "fixed", "however", NULL };
	size_t at = find_phrase(lo, span_at(from, to), ends);
	return at == NONE ? to : at;
}

/* The first line of sentence s quotes someone addressing the learner: a
 * blockquote with "you" in it (an instructor's comment a resubmission
 * replies to: "> Your v1 proposed a custom attention kernel. Why?"). */
static int quoted_comment(const struct gr_report *r, const char *lo, size_t s)
{
	struct gr_span sp = r->sentences[s];
	size_t ls = sp.start;
	while (ls > 0 && r->text.buf[ls - 1] != '\n')
		ls--;
	while (ls < sp.start && r->text.buf[ls] == ' ')
		ls++;
	if (r->text.buf[ls] != '>')
		return 0;
	for (size_t f = 0; f < r->ex->nfields; f++)
		if (r->fields[f].value.start <= sp.start && sp.start < r->fields[f].value.end)
			return 0; /* "> Next experiment: ..." is the learner's own field */
	static const char *const you[] = { "you", "your", NULL };
	return has_phrase(lo, sp, you);
}

/* A table that keeps the old answer beside the new ("| Field | v1 (old) |
 * v2 (current) |"), or a classmate's beside the learner's ("| | Sam
 * (peer) | Me |", "| field | Tomás | mine |"): every cell under an old
 * or someone else's column counts for nothing. */
/* Does lo[c, e) hold a letter? */
static int says_something_at(const char *lo, size_t c, size_t e)
{
	for (; c < e; c++)
		if (gr_isalpha((unsigned char)lo[c]))
			return 1;
	return 0;
}

static void old_columns(struct gr_analysis *a, const char *lo)
{
	static const char *const old[] = { "v1", "old", "before", "previous", "original", "superseded", "first draft",
					   "peer", "partner", "classmate", "reviewed", "theirs", NULL };
	static const char *const own[] = { "mine", "me", "my answer", "my report", "my version", "own", "v2",
					   "current", "final", NULL };
	const struct gr_report *r = a->r;
	const char *b = r->text.buf;
	uint64_t cols = 0; /* bit i: column i is an old version */
	int in_table = 0;
	for (size_t ln = 0; ln < r->text.nlines; ln++) {
		size_t ls = r->text.lines[ln].off, le = ls + r->text.lines[ln].len;
		while (ls < le && b[ls] == ' ')
			ls++;
		if (ls >= le || b[ls] != '|') {
			in_table = 0;
			cols = 0;
			continue;
		}
		int header = !in_table;
		in_table = 1;
		unsigned col = 0;
		uint64_t mine = 0, named = 0; /* the learner's own column; the others with words */
		for (size_t c = ls + 1; c < le && col < 64; col++) {
			size_t e = c;
			while (e < le && b[e] != '|' && b[e] != '\n')
				e++;
			if (header && has_phrase(lo, span_at(c, e), old))
				cols |= 1ull << col;
			else if (header && has_phrase(lo, span_at(c, e), own))
				mine |= 1ull << col;
			else if (header && col > 0 && says_something_at(lo, c, e))
				named |= 1ull << col;
			else if (!header && (cols >> col & 1))
				for (size_t k = 0; k < a->ex->nconcepts; k++)
					for (size_t i = 0; i < a->concepts[k].n; i++)
						if (a->concepts[k].v[i].start >= c && a->concepts[k].v[i].start < e)
							a->concepts[k].v[i].negated = 1;
			c = e + 1;
		}
		/* "| field | Tomás | mine |": beside the learner's own column,
		 * the others are someone else's. */
		if (header && mine)
			cols |= named;
	}
}

/* Mark the sentence that holds off, if one does. */
static int mark_sentence(const struct gr_report *r, unsigned char *todo, size_t off)
{
	size_t s = span_of(r->sentences, r->nsentences, off);
	if (s == NONE)
		return 0;
	todo[s] = 1;
	return 1;
}

/* A resubmission keeps traces of the answer it replaces: "v1: write a
 * fused attention kernel / v2 (now): capture a CUDA graph", "> Your v1
 * proposed a custom kernel. Why?", a v1 column beside the v2 one. The old
 * version is withdrawn, like struck-out text: it counts neither for nor
 * against the learner. */
static void mark_superseded(struct gr_analysis *a)
{
	const struct gr_report *r = a->r;
	if (!indexed(r))
		return;
	const char *lo = r->tri->lower;
	static const char *const again[] = { "still", "keep", "kept", "i'll", "i will", "let's", "we'll", "agree",
					     "worth", NULL };
	static const char *const cues[] = { "version", "draft", "attempt", "submission", "original", "old ",
					    "previous", "superseded", "before the feedback", NULL };
	/* Only the sentences that hold a cue are read: most reports are first
	 * versions, and most cues ("version", "old ") mean nothing here. */
	unsigned char *todo = NULL;
	int any = 0;
	size_t len = r->text.len;
	if (!(todo = calloc(r->nsentences + 1, 1)))
		return; /* out of memory: nothing withdrawn */
	for (const char *const *c = cues; *c; c++) {
		size_t n = strlen(*c);
		if (!gr_trigrams_may_hold(r->tri, *c, n))
			continue; /* the index says it is not there: no search */
		for (const char *at = lo; (at = gr_memmem(at, len - (size_t)(at - lo), *c, n)); at += n)
			any |= mark_sentence(r, todo, (size_t)(at - lo));
	}
	/* "v1", "v0": words that start with a v (the index chains them). */
	for (uint32_t k = r->tri->whead['v']; k; k = r->tri->wnext[k - 1]) {
		size_t w = r->tri->word[k - 1];
		if (w + 1 < len && (lo[w + 1] == '1' || lo[w + 1] == '0') && (w + 2 >= len || !gr_isalnum((unsigned char)lo[w + 2])))
			any |= mark_sentence(r, todo, w);
	}
	/* A blockquote: its line's first sentence, after "> ". */
	for (const char *at = lo; (at = memchr(at, '>', len - (size_t)(at - lo))); at++) {
		size_t off = (size_t)(at - lo);
		if (off == 0 || lo[off - 1] == '\n') {
			while (off < len && (lo[off] == '>' || lo[off] == ' '))
				off++;
			any |= mark_sentence(r, todo, off);
		}
	}
	for (size_t s = 0; any && s < r->nsentences; s++) {
		if (!todo[s])
			continue;
		struct gr_span sp = r->sentences[s];
		if (quoted_comment(r, lo, s)) {
			report_span(a, s, sp.start, sp.end);
			continue;
		}
		size_t from = old_version(lo, sp);
		/* "Previously I suggested a Triton kernel. I still think it's
		 * worth doing": taken up again, not withdrawn. */
		if (from != NONE && !(s + 1 < r->nsentences && endorses(r->text.buf, r->sentences[s + 1], again)))
			report_span(a, s, from, old_version_end(lo, from, sp.end));
	}
	free(todo);
	if (memchr(lo, '|', r->text.len))
		old_columns(a, lo);
	/* The lines under a heading naming the old version or a classmate's
	 * report (report.c). */
	int withdrawn = 0;
	for (size_t l = 0; r->old_line && l < r->text.nlines && !withdrawn; l++)
		withdrawn = r->old_line[l] != 0;
	if (withdrawn)
		for (size_t c = 0; c < a->ex->nconcepts; c++)
			for (size_t i = 0; i < a->concepts[c].n; i++) {
				struct gr_mention *x = &a->concepts[c].v[i];
				int ln = gr_text_line_of(&r->text, x->start);
				if (ln <= 0 || !r->old_line[ln - 1])
					continue;
				if (r->old_line[ln - 1] != 3 && r->old_line[ln - 1] != 6)
					x->negated = x->stuffed = 1;
				else if (in_mistake(r, (size_t)ln - 1, x->start))
					/* the wrong answer itself: rejected, the why stays; a
					 * fault warned against is not committed at all */
					x->negated = 1, x->stuffed |= a->ex->concepts[c].fault;
			}
}

/* ---- quoted feedback ------------------------------------------------------ */

/* Where the next '"' in b[from, to) is, or to. */
static size_t next_quote(const char *b, size_t from, size_t to)
{
	const char *q = from < to ? memchr(b + from, '"', to - from) : NULL;
	return q ? (size_t)(q - b) : to;
}

/* A line that opens with a label saying not to ("DO NOT (yet): rewrite
 * attention.", "# don't: triton attention rewrite", "wouldnt do yet:
 * custom attention kernel"): what follows the colon, up to its sentence's
 * end, is rejected, as "not" before it would reject it. A bare "No:" or
 * "Not:" answers a question and is left alone. */
/* Does any concept mention start in [from, to)? */
static int names_before(const struct gr_analysis *a, size_t from, size_t to)
{
	for (size_t k = 0; k < a->ex->nconcepts; k++) {
		size_t i = first_at(&a->concepts[k], from);
		if (i < a->concepts[k].n && a->concepts[k].v[i].start < to)
			return 1;
	}
	return 0;
}

static void mark_negating_labels(struct gr_analysis *a)
{
	static const char *const cues[] = { "do not", "don't", "dont", "never", "wouldn't", "wouldnt", "won't", "wont",
					    "avoid", "skip", "not yet", "not now", "shouldn't", "shouldnt", NULL };
	const struct gr_report *r = a->r;
	if (!indexed(r))
		return;
	const char *lo = r->tri->lower;
	int any = 0;
	for (const char *const *c = cues; *c && !any; c++)
		any = gr_memmem(lo, r->tri->len, *c, strlen(*c)) != NULL;
	if (!any)
		return;
	for (size_t l = 0; l < r->text.nlines; l++) {
		size_t s = r->text.lines[l].off, e = s + r->text.lines[l].len;
		while (s < e && strchr(" \t#*_>-0123456789.)", lo[s]))
			s++;
		const char *colon = memchr(lo + s, ':', e - s);
		if (!colon || (size_t)(colon - lo) > s + 40)
			continue;
		size_t c = (size_t)(colon - lo), cue;
		if (gr_count_words(lo, s, c) > 5 || (cue = find_phrase(lo, span_at(s, c), cues)) == NONE)
			continue;
		/* "Fused attention won't help: no attention op here": the label
		 * judges what it names before its cue; after the colon is why */
		if (names_before(a, s, cue))
			continue;
		size_t end = e, t = LOWER_BOUND(r->sentences, r->nsentences, end, c + 2); /* the one holding c + 1 */
		if (t < r->nsentences && r->sentences[t].start <= c + 1 && r->sentences[t].end < e)
			end = r->sentences[t].end;
		for (size_t k = 0; k < a->ex->nconcepts; k++)
			for (size_t i = first_at(&a->concepts[k], c + 1); i < a->concepts[k].n &&
									    a->concepts[k].v[i].start < end;
			     i++)
				a->concepts[k].v[i].negated = 1;
	}
}

/* Every concept mention that starts in [from, to) counts for nothing. */
static void withdraw_range(struct gr_analysis *a, size_t from, size_t to)
{
	for (size_t c = 0; c < a->ex->nconcepts; c++)
		for (size_t i = first_at(&a->concepts[c], from); i < a->concepts[c].n && a->concepts[c].v[i].start < to;
		     i++)
			a->concepts[c].v[i].negated = a->concepts[c].v[i].stuffed = 1;
}

const char *const gr_command_verbs[] = { "grade", "show", "list", "new", "hint", "validate", "lint",
					"table", "bulk", "gradescope", "help", NULL };

/* Is "grader" (ending at lo[k]) the command, followed by one of its verbs
 * ("grader new part-a", "grader grade part-a answers/part-a.md")? */
static int command_echo(const char *lo, size_t k, size_t len)
{
	if (k >= len || lo[k] != ' ')
		return 0;
	size_t w = k + 1, e = w;
	while (e < len && gr_isalpha((unsigned char)lo[e]))
		e++;
	return e < len && (lo[e] == ' ' || lo[e] == '\n') && gr_word_in(lo + w, e - w, gr_command_verbs);
}

/* What a label on line l says, from v to z: that text when it has some,
 * else the lines below the label up to a blank line, counts for nothing. */
static void withdraw_labelled(struct gr_analysis *a, size_t l, size_t v, size_t z)
{
	const struct gr_text *t = &a->r->text;
	size_t y = z;
	while (y > v && strchr(" *_", t->buf[y - 1]))
		y--;
	if (y > v) {
		withdraw_range(a, v, z);
		return;
	}
	for (size_t n = l + 1; n < t->nlines && t->lines[n].len; n++)
		withdraw_range(a, t->lines[n].off, t->lines[n].off + t->lines[n].len);
}

/* A resubmission quotes the feedback it answers: 'Feedback I got: "Separate
 * model math from avoidable movement ..."', 'the self-check said *"Next
 * experiment targets GPU math"*', or 'Feedback on v1:' over a blockquote.
 * The quoted words are the grader's, not the learner's: they count for
 * nothing, whatever the learner then claims to have fixed. Only quotation
 * marks after the cue on its line, or the blockquote (or quotation) that
 * opens the line after a cue's line ending in a colon. */
static void mark_feedback_quotes(struct gr_analysis *a)
{
	static const char *const cues[] = { "feedback", "self-check", "self check", "grader", "make check",
					    "reviewer", NULL };
	const struct gr_report *r = a->r;
	const struct gr_trigrams *t = r->tri;
	if (!indexed(r))
		return;
	const char *b = r->text.buf, *lo = t->lower;
	size_t len = r->text.len;
	for (const char *const *c = cues; *c; c++) {
		size_t n = strlen(*c);
		if (!gr_trigrams_may_hold(t, *c, n))
			continue;
		for (const char *at = lo; (at = gr_memmem(at, len - (size_t)(at - lo), *c, n)); at += n) {
			size_t k = (size_t)(at - lo) + n;
			if (c == cues + 3 && command_echo(lo, k, len))
				continue; /* "grader new stretch - I'd add ... "tokenize"": a command, not feedback */
			const struct gr_line *ln = &r->text.lines[gr_text_line_of(&r->text, k) - 1];
			size_t le = ln->off + ln->len, q = k, quoted = 0;
			while ((q = next_quote(b, q, le)) < le) {
				size_t close = next_quote(b, q + 1, le);
				withdraw_range(a, q, close);
				quoted = 1;
				q = close < le ? close + 1 : le;
			}
			size_t e = le;
			while (e > k && strchr(" *_)", b[e - 1]))
				e--;
			if (quoted || e == k || b[e - 1] != ':')
				continue;
			/* "Feedback I got on v1:" then "> ..." or "\"...\"" below. */
			int l = gr_text_line_of(&r->text, k); /* 1-based: lines[l] is the next one */
			while ((size_t)l < r->text.nlines && r->text.lines[l].len == 0)
				l++;
			for (int first = 1; (size_t)l < r->text.nlines; l++, first = 0) {
				size_t s = r->text.lines[l].off, z = s + r->text.lines[l].len;
				while (s < z && b[s] == ' ')
					s++;
				if (s < z && b[s] == '>')
					withdraw_range(a, s, z);
				else if (first && s < z && b[s] == '"')
					withdraw_range(a, s, next_quote(b, s + 1, len));
				else
					break;
				if (b[s] != '>')
					break;
			}
		}
	}
}

/* A changelog says what the learner edited ("Changes since v1: added the
 * copy range", "Changelog: split my next experiment into one"), not what
 * the report says: an instructor reads the report itself, and a change
 * the changelog claims but the report lacks earns nothing. The label opens
 * its line; after the colon, its line, or with nothing after it, the lines
 * below it up to a blank line, count for nothing. "What I'd change:" and
 * "Changes to make:" propose: not a changelog. */
static void mark_changelog(struct gr_analysis *a)
{
	static const char *const labels[] = { "changelog", "change log", "changes", "what changed", "what i changed",
					      "edit log", "revision notes", NULL };
	static const char *const proposing[] = { "make", "i'd", "would", "to", "proposed", "next", "should", "i'll",
						 NULL };
	const struct gr_report *r = a->r;
	const struct gr_trigrams *t = r->tri;
	if (!indexed(r) || !gr_trigrams_may_hold(t, "chang", 5) ||
	    !gr_memmem(t->lower, t->len, "chang", 5))
		return;
	const char *lo = t->lower;
	for (size_t l = 0; l < r->text.nlines; l++) {
		size_t s = r->text.lines[l].off, e = s + r->text.lines[l].len;
		while (s < e && strchr(" >*_#-", lo[s]))
			s++;
		size_t n = 0;
		const char *const *w = labels;
		for (; *w; w++)
			if (e - s >= (n = strlen(*w)) && !memcmp(lo + s, *w, n) && (s + n == e || !gr_isalnum((unsigned char)lo[s + n])))
				break;
		if (!*w)
			continue;
		const char *colon = memchr(lo + s + n, ':', e - s - n);
		if (!colon || colon - (lo + s + n) > 40 || has_phrase(lo, span_at(s + n, (size_t)(colon - lo)), proposing))
			continue;
		withdraw_labelled(a, l, (size_t)(colon - lo) + 1, e);
	}
}

/* A list the learner calls keywords ("Keywords: bf16, flash, copy_, TTFT",
 * "keywords / what I noticed:" over bullets, "[keywords: math vs movement,
 * avoidable movement]" after a line, "notes (keywords I think are
 * relevant):") is a bag of words by the learner's own account: it counts
 * for nothing. The label opens its line (or a bracket); after its colon,
 * the rest of the line (or of the bracket), or with nothing there, the
 * lines below it up to a blank line. */
static void mark_keyword_lists(struct gr_analysis *a)
{
	const struct gr_report *r = a->r;
	const struct gr_trigrams *t = r->tri;
	if (!indexed(r) || !gr_trigrams_may_hold(t, "keyword", 7) || !gr_memmem(t->lower, t->len, "keyword", 7))
		return;
	const char *lo = t->lower;
	for (size_t l = 0; l < r->text.nlines; l++) {
		size_t s = r->text.lines[l].off, e = s + r->text.lines[l].len;
		for (const char *at = lo + s; (at = gr_memmem(at, (size_t)(lo + e - at), "keyword", 7)); at += 7) {
			size_t k = (size_t)(at - lo), h = k;
			while (h > s && strchr(" *_#>-", lo[h - 1]))
				h--;
			int bracket = h > s && lo[h - 1] == '[';
			/* "notes (keywords I think are relevant):" names its list too */
			int aside = h > s && lo[h - 1] == '(' && gr_count_words(lo, s, h) <= 3;
			if (h > s && !bracket && !aside)
				continue; /* "see keywords", "the keywords in the rubric" */
			const char *colon = memchr(at, ':', e - k);
			if (!colon || colon - at > 40)
				continue;
			size_t v = (size_t)(colon - lo) + 1, z = e;
			if (bracket) {
				const char *close = memchr(lo + v, ']', e - v);
				z = close ? (size_t)(close - lo) : e;
			}
			withdraw_labelled(a, l, v, z);
		}
	}
}

/* Does any concept mention or quoted number start in [from, to)? */
static int says_something(const struct gr_analysis *a, size_t from, size_t to)
{
	for (size_t c = 0; c < a->ex->nconcepts; c++) {
		size_t i = first_at(&a->concepts[c], from);
		if (i < a->concepts[c].n && a->concepts[c].v[i].start < to)
			return 1;
	}
	for (size_t q = 0; q < a->nqty; q++)
		if (a->qty[q].start >= from && a->qty[q].start < to)
			return 1;
	return 0;
}

/* "... not optimize aten::slice yet because.": a connective with nothing
 * after it in its sentence gives no reason; nor does one word that names
 * nothing the exercise knows ("because discipline.", "because reasons.").
 * "because flash." names a concept, "because 1.4 ms." a number: kept. */
static void drop_dangling(struct gr_analysis *a)
{
	static const char *const connective[] = { "because", "since", "as", "so", "given", "while", "cause", NULL };
	const struct gr_report *r = a->r;
	const char *b = r->text.buf;
	for (size_t c = 0; c < a->ex->nconcepts; c++)
		for (size_t i = 0; i < a->concepts[c].n; i++) {
			struct gr_mention *x = &a->concepts[c].v[i];
			size_t end = r->sentences[x->sentence].end, k = x->end, w = 0, we = 0;
			while (k < end && !gr_isalnum((unsigned char)b[k]))
				k++;
			if (k < end) { /* one bare word, then only punctuation? (cheap: most mentions fail here) */
				w = k;
				while (k < end && gr_isalpha((unsigned char)b[k]))
					k++;
				we = k;
				while (k < end && !gr_isalnum((unsigned char)b[k]) && b[k] != '\'' && (unsigned char)b[k] < 0x80)
					k++;
				if (k < end || we == w)
					continue;
			}
			if (!gr_word_in(b + x->start, x->end - x->start, connective) || (we > w && says_something(a, w, we)))
				continue;
			x->stuffed = 1;
		}
}

/* Is the word b[w, w + n) a unit after a number and a space ("25 µs",
 * "2.8 GiB")? */
static int unit_after_number(const char *b, size_t start, size_t w, size_t n)
{
	static const char *const units[] = { "\xC2\xB5s", "us", "s", "sec", "secs", "ms", "gib", "gb", "mib", "mb",
					     "kib", "kb", "calls", NULL };
	size_t k = w;
	while (k > start && b[k - 1] == ' ')
		k--;
	if (k == w || k == start || !isdigit((unsigned char)b[k - 1]))
		return 0;
	for (const char *const *u = units; *u; u++)
		if (strlen(*u) == n && !strncasecmp(b + w, *u, n))
			return 1;
	return 0;
}

/* Punctuation that glues a word to code: "torch.compile(", `tokenize`. */
static int code_glue(char c, const char *set)
{
	return c && strchr(set, c) != NULL;
}

/* "Put ranges around everything: a, b, c" is a claim with a list; a label
 * followed by keywords ("Experiments: x, y, z") is not. True when four or
 * more words come before the list's colon. */
static int introduces_list(const char *b, struct gr_span sp)
{
	const char *comma = memchr(b + sp.start, ',', sp.end - sp.start);
	size_t stop = comma ? (size_t)(comma - b) : sp.end;
	const char *colon = memchr(b + sp.start, ':', stop - sp.start);
	if (!colon)
		return 0;
	int words = 0, in = 0;
	for (const char *p = b + sp.start; p < colon; p++) {
		int w = isalnum((unsigned char)*p);
		words += w && !in;
		in = w;
	}
	return words >= 4;
}

/* Is w[0..n) one identifier ("decode_step", "h2d.inputs"), at most 40 bytes? */
static int identifier(const char *w, size_t n)
{
	if (!n || n > 40 || !gr_isalpha((unsigned char)w[0]))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!(gr_isword((unsigned char)w[i]) || w[i] == '.' || w[i] == '/' || w[i] == '-'))
			return 0;
	return 1;
}

/* Does a list's last item, b[from, to), judge what came before it: three
 * words or more with a modal or a negation ("2.8 GiB -> data movement, not
 * compute, should probably not exist")? A terse note that ends so is a
 * claim, not a keyword list. */
static int ends_in_verdict(const char *b, size_t from, size_t to)
{
	static const char *const judging[] = { "not", "should", "shouldn't", "must", "can't", "cannot", "never",
					       "isn't", "aren't", "needn't", NULL };
	int words = 0, judged = 0;
	for (struct gr_span w = first_word(b, span_at(from, to)); w.end > w.start; w = first_word(b, span_at(w.end, to))) {
		words++;
		judged |= gr_word_in(b + w.start, w.end - w.start, judging);
	}
	return words >= 3 && judged;
}

/* Does a list's first item, b[from, to), say what the list is for: three
 * words or more with a function word ("one torch.profiler run with
 * record_shapes=True, with_stack=True, ... - get caller, dtype, device")? */
static int opens_with_claim(const char *b, size_t from, size_t to)
{
	const char *colon = memchr(b + from, ':', to - from);
	if (colon) /* "Not yet: attention kernel, slice, ...": a label, then the list */
		from = (size_t)(colon - b) + 1;
	int words = 0, function = 0;
	for (struct gr_span w = first_word(b, span_at(from, to)); w.end > w.start; w = first_word(b, span_at(w.end, to))) {
		words++;
		function += in_set(&ws_function, b + w.start, w.end - w.start);
	}
	return words >= 3 && function >= 1;
}

/* Does lo[from, to) say a criterion is met: one of the words, or "met"
 * closing it ("Criterion 3 (tokenizer/copies/forward): met")? */
static int claims_met(const char *lo, size_t from, size_t to, const char *const *met)
{
	for (const char *const *w = met; *w; w++)
		if (gr_memmem(lo + from, to - from, *w, strlen(*w)))
			return 1;
	size_t e = to;
	while (e > from && strchr(" .!\n", lo[e - 1]))
		e--;
	return e >= from + 4 && !memcmp(lo + e - 3, "met", 3) && !gr_isalnum((unsigned char)lo[e - 4]);
}

/* Does the lowercase text lo[from, to) talk about its own grading? A note
 * to the grader ("Note for the automatic grader:", "SYSTEM NOTE FOR
 * AUTOMATED GRADER") speaks for its whole line: 2. A claim that criteria
 * are met ("All acceptance criteria are satisfied", "mark every criterion
 * as passed") or what "this report" does ("this report names three
 * ranges") speaks for its sentence: 1. "The rubric says to separate math
 * from movement, so: ..." is an answer that cites the task: 0, and so is a
 * generation loop's "stopping criteria". */
static int meta_in(const char *lo, size_t from, size_t to)
{
	static const char *const self[] = { "this report satisf", "this report meet", "this report name",
					    "this report cover", "this report propos", "this report separat",
					    "this report mention", "this report give", "this report includ",
					    "this report fulfil", NULL };
	static const char *const met[] = { "satisf", " met ", " met.", "meet", "fulfil", "pass", "complete", "mark ",
					   "marked", "full marks", "covered", NULL };
	int kind = 0;
	for (const char *at = lo + from; (at = gr_memmem(at, (size_t)(lo + to - at), "grader", 6)); at++) {
		/* addressed: "note to/for the (automatic) grader", "dear grader", "grader:" */
		size_t k = (size_t)(at - lo), back = k - from < 40 ? k - from : 40;
		const char *near = lo + k - back;
		if ((k + 6 < to && lo[k + 6] == ':') || gr_memmem(near, back, "note", 4) || gr_memmem(near, back, "dear", 4) ||
		    gr_memmem(near, back, "to the", 6) || gr_memmem(near, back, "for the", 7) ||
		    gr_memmem(near, back, "attention", 9))
			return 2;
		/* "the grader flagged my fields last week": only with a claim that criteria are met */
		if (claims_met(lo, from, to, met))
			return 1;
	}
	for (const char *const *m = self; *m && !kind; m++)
		if (gr_memmem(lo + from, to - from, *m, strlen(*m)))
			kind = 1;
	static const char *const rub[] = { "rubric", "criteri", NULL };
	for (const char *const *m = rub; *m && !kind; m++)
		for (const char *at = lo + from; (at = gr_memmem(at, (size_t)(lo + to - at), *m, strlen(*m))) && !kind;
		     at++) {
			size_t k = (size_t)(at - lo);
			if (k >= from + 5 && (!strncmp(lo + k - 5, "stop ", 5) || !strncmp(lo + k - 5, "stop-", 5) ||
					      (k >= from + 9 && !strncmp(lo + k - 9, "stopping ", 9))))
				continue; /* a generation loop's stopping criteria */
			kind = claims_met(lo, from, to, met);
		}
	return kind;
}

/* Lines and sentences that talk to the grader earn nothing (as if
 * stuffed). Most reports hold none of the words: one index lookup each. */
static void mark_meta(struct gr_analysis *a)
{
	const struct gr_report *r = a->r;
	const struct gr_trigrams *t = r->tri;
	if (!indexed(r))
		return;
	static const char *const words[] = { "grader", "rubric", "criteri", "this report", NULL };
	int any = 0;
	for (const char *const *w = words; *w && !any; w++) /* an index lookup, then one search of the text */
		any = gr_trigrams_may_hold(t, *w, strlen(*w)) && gr_memmem(t->lower, t->len, *w, strlen(*w));
	if (!any)
		return;
	for (size_t s = 0; s < r->nsentences; s++) {
		if (a->stuffed[s])
			continue;
		int line = gr_text_line_of(&r->text, r->sentences[s].start);
		const struct gr_line *ln = &r->text.lines[line - 1];
		if (meta_in(t->lower, ln->off, ln->off + ln->len) == 2 ||
		    meta_in(t->lower, r->sentences[s].start, r->sentences[s].end)) {
			a->stuffed[s] = 1;
			a->nstuffed++;
		}
	}
}

/* Where sp ends with "?" (past the trailing bytes in trim), or 0. */
static size_t question_end(const char *b, struct gr_span sp, const char *trim)
{
	size_t e = sp.end;
	while (e > sp.start && strchr(trim, b[e - 1]))
		e--;
	return e > sp.start && b[e - 1] == '?' ? e : 0;
}

/* Does the sentence's last part weigh two things ("... over 240 calls -
 * real math or launch cost?")? That asks, however the sentence opens. */
static int asks_which(const char *b, struct gr_span sp)
{
	size_t k = sp.end;
	while (k > sp.start && !strchr(",;:", b[k - 1]) && !(b[k - 1] == '-' && k >= sp.start + 2 && b[k - 2] == ' '))
		k--;
	for (size_t i = k; i + 4 <= sp.end; i++)
		if (!strncasecmp(b + i, " or ", 4))
			return 1;
	return 0;
}

/* Does sentence s ask, unanswered ("Is the host the bottleneck?" with no
 * "Yes." or "Because ..." after it in its paragraph)? */
static int open_question(const struct gr_report *r, size_t s)
{
	static const char *const answer[] = { "yes", "yep", "yeah", "no", "nope", "definitely", "exactly", "correct",
					      "because", "likely", "probably", "right", "answer", "not", "never",
					      "hardly", "absolutely", "sure", NULL };
	static const char *const asks[] = { "is", "are", "was", "were", "do", "does", "did", "should", "can", "could",
					    "would", "will", "what", "why", "how", "which", "where", "who", "when", "has",
					    "have", "shall", "may", "might", "isn't", "aren't", "doesn't", "don't", "or",
					    "any", NULL };
	const char *b = r->text.buf;
	if (!question_end(b, r->sentences[s], " \n*_\")'"))
		return 0;
	/* A long statement with a doubt at its end ("tokenize - around
	 * tokenizer.encode(prompt), because the table says 22 ms of CPU, so
	 * maybe the GPU is just waiting?") claims, hedged; a question opens
	 * with its verb or its question word. */
	struct gr_span w0 = first_word(b, r->sentences[s]);
	if (gr_count_words(b, r->sentences[s].start, r->sentences[s].end) > 10 &&
	    !gr_word_in(b + w0.start, w0.end - w0.start, asks) && !asks_which(b, r->sentences[s]))
		return 0;
	if (s + 1 >= r->nsentences)
		return 1;
	struct gr_span next = r->sentences[s + 1];
	int newlines = 0;
	for (size_t k = r->sentences[s].end; k < next.start; k++)
		newlines += b[k] == '\n';
	if (newlines > 1)
		return 1;
	struct gr_span w = first_word(b, next);
	if (w.end - w.start == 1 && (b[w.start] == 'A' || b[w.start] == 'a') && w.end < next.end && b[w.end] == ':')
		w = first_word(b, span_at(w.end, next.end)); /* "Q: ...?" then "A: Not at all." */
	return !gr_word_in(b + w.start, w.end - w.start, answer) && gr_count_words(b, next.start, next.end) > 3;
}

/* Words in the question that ends at q: back to the line's start, a
 * colon, a comma or the previous "?" ("tokenizer: CPU, latency?"). */
static int question_words(const char *b, size_t ls, size_t q)
{
	size_t k = q;
	while (k > ls && !strchr(":,?", b[k - 1]))
		k--;
	return gr_count_words(b, k, q);
}

/* Does sentence s ask a bare keyword ("latency?") on a line that asks two
 * or more and ends with them ("fp32? bf16? HtoD?", "tokenizer: CPU,
 * latency?, TTFT?")? A list of guesses with question marks claims nothing. */
static int keyword_question(const struct gr_report *r, size_t s)
{
	const char *b = r->text.buf;
	struct gr_span sp = r->sentences[s];
	size_t e = question_end(b, sp, " \n,");
	if (!e)
		return 0;
	int ln = gr_text_line_of(&r->text, sp.start);
	if (ln <= 0)
		return 0;
	size_t ls = r->text.lines[ln - 1].off, le = ls + r->text.lines[ln - 1].len;
	int words = question_words(b, ls, e - 1);
	if (words < 1 || words > 3)
		return 0;
	/* what a look will answer, after the look itself ("re-profile with
	 * record_shapes=True and look at copy_'s dtypes: fp32->bf16 cast?
	 * cpu->cuda?"): the sentence proposes, its questions follow */
	size_t q = e - 1;
	while (q > sp.start && !strchr(":,?", b[q - 1]))
		q--;
	if (q > sp.start && b[q - 1] == ':' && gr_count_words(b, sp.start > ls ? sp.start : ls, q) >= 4)
		return 0;
	size_t body = ls;
	while (body < le && b[body] == ' ')
		body++;
	if (gr_memmem(b + body, le - body, "    ", 4))
		return 0; /* columns of a diagram: "copy_ drops?        copy_ drops?" */
	int short_q = 0;
	size_t last = ls;
	for (size_t k = ls; k < le; k++)
		if (b[k] == '?') {
			int w = question_words(b, ls, k);
			short_q += w >= 1 && w <= 3;
			last = k;
		}
	/* questions answered on the line ("float32? confirm. bf16? reject.") are tests */
	for (size_t k = last + 1; k < le; k++)
		if (gr_isalnum((unsigned char)b[k]))
			return 0;
	return short_q >= 2;
}

/* Three lines or more of questions left open: the report asks where it should
 * claim ("real math or launch cost?", "should we try CUDA graphs?
 * batching?"), and a question asserts nothing. One rhetorical question,
 * or one answered in the next sentence, is prose. */
#define GR_OPEN_QUESTIONS 3
static int weighs_openly(const struct gr_analysis *a, unsigned s);
static void mark_questions(struct gr_analysis *a)
{
	const struct gr_report *r = a->r;
	size_t open = 0;
	int last = 0; /* lines, not sentences: "copy_ only under to? f32->bf16?" is one checklist */
	for (size_t s = 0; s < r->nsentences && open < GR_OPEN_QUESTIONS; s++) {
		if (!open_question(r, s))
			continue; /* most sentences: one byte looked at */
		int line = gr_text_line_of(&r->text, r->sentences[s].start);
		if (line != last) {
			open++;
			last = line;
		}
	}
	for (size_t s = 0; s < r->nsentences; s++)
		if (!a->stuffed[s] && ((open >= GR_OPEN_QUESTIONS && open_question(r, s)) || weighs_openly(a, (unsigned)s) ||
				       keyword_question(r, s))) {
			a->stuffed[s] = 1;
			a->nstuffed++;
		}
}

/* Identifiers in runs of three or more parted by "/", "->" or "→" in sp
 * ("tokenize / h2d / prefill"): how many. A run that holds the range API
 * or an op of the table ("record_function / tokenizer / copy_ / to /
 * prefill") lists what the answer is about, not names it gives: none. */
static int slashed_names(const char *b, struct gr_span sp)
{
	static const char *const about[] = { "record_function", "nvtx", "range_push", "range_pop", "copy_", "to",
					     "aten", "matmul", "nsys", "ncu", "nsight", "torch", "cuda", NULL };
	int total = 0, run = 0, other = 0;
	size_t k = sp.start;
	while (k < sp.end) {
		if (!((b[k] >= 'a' && b[k] <= 'z') || b[k] == '_') || (k > sp.start && gr_isword((unsigned char)b[k - 1]))) {
			k++;
			continue;
		}
		size_t e = k;
		while (e < sp.end && ((b[e] >= 'a' && b[e] <= 'z') || gr_isdigit((unsigned char)b[e]) || b[e] == '_'))
			e++;
		if (e < sp.end && gr_isword((unsigned char)b[e])) { /* "Tokenize", "h2D": not an identifier */
			run = other = 0;
			k = e;
			continue;
		}
		run++;
		other |= gr_word_in(b + k, e - k, about);
		size_t n = e;
		while (n < sp.end && b[n] == ' ')
			n++;
		size_t sep = n;
		if (n < sp.end && b[n] == '/')
			n++;
		else if (n + 1 < sp.end && b[n] == '-' && b[n + 1] == '>')
			n += 2;
		else if (n + 2 < sp.end && !memcmp(b + n, "\xE2\x86\x92", 3))
			n += 3;
		if (n == sep) { /* the run ends here */
			total += run >= 3 && !other ? run : 0;
			run = other = 0;
		}
		while (n < sp.end && b[n] == ' ')
			n++;
		k = n > e ? n : e;
	}
	return total + (run >= 3 && !other ? run : 0);
}

/* Comma-separated snake_case names in sp ("tokenize_prompt, inputs_to_gpu,
 * cast_kv_bf16, prefill, decode_step"): how many items are one lowercase
 * identifier with an underscore inside, none ending on one (an op's
 * "copy_") or naming an API ("record_function", "range_push"). */
static int snake_names(const char *b, struct gr_span sp)
{
	static const char *const apis[] = { "record_function", "range_push", "range_pop", "with_stack",
					    "record_shapes", "profile_memory", "non_blocking", "pin_memory", NULL };
	int n = 0;
	for (size_t k = sp.start; k < sp.end;) {
		while (k < sp.end && (b[k] == ' ' || b[k] == ','))
			k++;
		size_t e = k;
		int under = 0;
		while (e < sp.end && ((b[e] >= 'a' && b[e] <= 'z') || gr_isdigit((unsigned char)b[e]) || b[e] == '_'))
			under |= b[e++] == '_';
		size_t z = e;
		while (z < sp.end && (b[z] == ' ' || b[z] == '.'))
			z++;
		if (under && e > k && b[e - 1] != '_' && b[k] != '_' && (z == sp.end || b[z] == ',' || b[z] == '(') &&
		    !gr_word_in(b + k, e - k, apis))
			n++;
		while (e < sp.end && b[e] != ',')
			e++;
		k = e;
	}
	return n;
}

/* A number of its own in sp ("38 ms", "54 calls"), not a digit inside a
 * name ("bf16", "h2d"). */
static int has_number(const char *b, struct gr_span sp)
{
	for (size_t k = sp.start; k < sp.end; k++)
		if (isdigit((unsigned char)b[k]) && (k == sp.start || !gr_isword((unsigned char)b[k - 1])))
			return 1;
	return 0;
}

/* "H1", "h2", "E1", "hyp2" before a colon: the tag of a hypothesis or of
 * its experiment. */
static int hyp_tag(const char *w, size_t n, char next)
{
	if (next != ':' || n < 2 || !isdigit((unsigned char)w[n - 1]))
		return 0;
	return (n == 2 && strchr("HhEe", w[0])) || (n == 4 && !strncasecmp(w, "hyp", 3)) ||
	       (n == 4 && !strncasecmp(w, "exp", 3));
}

/* Does the word carry Chinese, Japanese or Korean grammar? Those languages
 * write their particles and verbs without spaces ("GPU 要等它", "所以 first
 * token 慢", "コピー の dtype を見る"), so such a word is read as a claim, not
 * a keyword, as the function words of the languages ws_function knows are:
 * hiragana (Japanese particles and endings), hangul (Korean words carry
 * their particles), or one of the commonest Chinese function characters.
 * A word of ideographs or katakana alone ("分词器", "拷贝", "トークナイザ")
 * names a thing, as an English noun does. */
static int east_asian(const char *w, size_t n)
{
	static const char grammar[] = "的了是在要会會不没沒就所因但把被让讓和与與也都还還很再先吗嗎呢吧我你他它们們"
				      "这這那有用看做可能应應该該需从從到对對给給为為比更最每等";
	for (size_t k = 0; k + 3 <= n; k++) {
		const unsigned char *u = (const unsigned char *)w + k;
		if (u[0] < 0xE3 || u[0] > 0xED)
			continue;
		unsigned cp = gr_cp3(u);
		if ((cp >= 0x3040 && cp <= 0x309F) || (cp >= 0xAC00 && cp <= 0xD7AF))
			return 1;
		if (cp >= 0x4E00 && cp <= 0x9FFF && gr_memmem(grammar, sizeof(grammar) - 1, (const char *)u, 3))
			return 1;
	}
	return 0;
}

/* How a terse sentence s (with distinct concepts) reads: a keyword list
 * (its mentions count for nothing), four bare items that may be a terse
 * answer (two of them are a keyword report), or neither. strict: the
 * report was caught listing keywords already. */
enum terse { TERSE_NO, TERSE_LIST, TERSE_BARE };

/* "Our review covered model math vs. avoidable movement, tokenizer latency
 * and TTFT, copy_ and to, dtype casts, host/device transfers, and a single
 * next experiment": the topics a text says it covers, five or more short
 * items after "covering" or "including", are a list of them, however
 * politely introduced. */
static int topic_list(const char *b, struct gr_span sp)
{
	static const char *const cue[] = { "covering", "covered", "including", "addressing", "spanning", NULL };
	size_t at = find_phrase(b, sp, cue);
	if (at == NONE)
		return 0;
	int items = 1, words = 0, longest = 0, run = 0;
	for (size_t k = at; k < sp.end;) {
		struct gr_span w = first_word(b, span_at(k, sp.end));
		if (w.end <= w.start)
			break;
		for (size_t c = k; c < w.start; c++)
			if (b[c] == ',') {
				items++;
				run = 0;
			}
		words++;
		run++;
		longest = run > longest ? run : longest;
		k = w.end;
	}
	return items >= 5 && longest <= 6 && words <= items * 5;
}

/* Is sp a bare column: four lines or more of one or two words each, flush
 * left, with nothing that introduces or explains them (no ':', '(', '=',
 * '-' or quotes)?
 * "NVTX\nrecord_function\ntokenizer\ncopy_ / to\nprefill" names things
 * and claims nothing; "ranges i'd add (...):\n  tokenize\n  prefill" is
 * an answer, introduced (in the sentence or on the line before it). */
static int word_column(const char *b, struct gr_span sp)
{
	int lines = 1, words = 0, inword = 0, snake = 0;
	size_t at = sp.start;
	while (at > 0 && (b[at - 1] == ' ' || b[at - 1] == '\n'))
		at--;
	if (at > 0 && b[at - 1] == ':')
		return 0; /* "I'd put NVTX ranges on:\n  tokenize\n  to_device ...": introduced */
	for (size_t k = sp.start; k < sp.end; k++) {
		unsigned char c = (unsigned char)b[k];
		if (c == ':' || c == '(' || c == '=' || c == '"' || c == '`' || (c == '-' && !inword))
			return 0;
		if (c == '\n') {
			if (k + 1 < sp.end && b[k + 1] == ' ')
				return 0; /* indented: it belongs to what stands above it */
			lines++;
			words = inword = 0;
			continue;
		}
		int w = gr_isword(c) || c >= 0x80;
		if (w && !inword && ++words > 2)
			return 0;
		snake += c == '_' && inword && k + 1 < sp.end && gr_isalnum((unsigned char)b[k + 1]);
		inword = w || (inword && (c == '.' || c == '\''));
	}
	/* three names like "h2d_inputs", "dtype_cast", "decode_step": the
	 * range names a column answers with (a diagram's bars, read) */
	return lines >= 4 && snake < 3;
}

static enum terse read_terse(const struct gr_analysis *a, size_t s, int distinct, int strict)
{
	const struct gr_report *r = a->r;
	const char *b = r->text.buf;
	struct gr_span sp = r->sentences[s];
	int words = 0, function = 0;
	if (distinct < 2 || a->stuffed[s])
		return TERSE_NO; /* too few concepts to stuff: no need to count words */
	int line = gr_text_line_of(&r->text, sp.start);
	const struct gr_line *ln = &r->text.lines[line - 1];
	size_t lead = ln->off;
	while (lead < ln->off + ln->len && b[lead] == ' ')
		lead++;
	if (lead < ln->off + ln->len && b[lead] == '|')
		return TERSE_NO; /* a table row is terse by nature */
	if (r->code_line[line - 1])
		return TERSE_NO; /* so is code, and it is no keyword list */
	int head = 1; /* the next word opens a clause (the sentence, or after "; " or a tag's ": ") */
	for (size_t k = sp.start; k < sp.end;) {
		/* "@kenji: write a fused kernel", "Owner: measure ...": the
		 * verb after a tag opens the clause, as after "; " */
		if (b[k] == ';' || (b[k] == ':' && k + 1 < sp.end && b[k + 1] == ' '))
			head = 1;
		/* An arrow states an outcome ("float32 in -> H1 confirmed"),
		 * a spaced "=" an identity ("matmul/attention = real
		 * compute"): each reads as a word of a claim, not of a list. */
		if ((b[k] == '-' || b[k] == '=') && k + 1 < sp.end && b[k + 1] == '>') {
			function++;
			k += 2;
			continue;
		}
		/* ... and a spaced "&" joins as "and" does ("matmul 38.4 ms &
		 * flash attention 31.7 ms (model math)") */
		if ((b[k] == '=' || b[k] == '&') && k > sp.start && b[k - 1] == ' ' && k + 1 < sp.end && b[k + 1] == ' ') {
			function++;
			k++;
			continue;
		}
		if (k + 2 < sp.end && (!memcmp(b + k, "\xE2\x86\x92", 3) || !memcmp(b + k, "\xE2\x89\x88", 3) ||
				       !memcmp(b + k, "\xE2\x87\x92", 3) || !memcmp(b + k, "\xE2\x88\xB4", 3))) {
			function++; /* → and ⇒ state an outcome, ∴ a conclusion, ≈ a sum's value ("... ≈ 70 ms of math") */
			k += 3;
			continue;
		}
		/* Arithmetic on the table's numbers ("38.4 ms + flash 31.7 ms")
		 * and "w/" (with) are words of a claim too. */
		if (b[k] == '+' && k > sp.start + 1 && b[k - 1] == ' ' && k + 1 < sp.end && b[k + 1] == ' ' &&
		    (isdigit((unsigned char)b[k - 2]) || (k >= sp.start + 4 && !strncasecmp(b + k - 3, "ms", 2)))) {
			function++;
			k++;
			continue;
		}
		if ((b[k] == 'w' || b[k] == 'W') && k + 1 < sp.end && b[k + 1] == '/' &&
		    (k == sp.start || !gr_isalnum((unsigned char)b[k - 1]))) {
			function++;
			k += 2;
			continue;
		}
		if (!(gr_isalpha((unsigned char)b[k]) || (unsigned char)b[k] >= 0x80)) {
			k++;
			continue;
		}
		size_t w = k;
		while (k < sp.end && (gr_isword((unsigned char)b[k]) || (unsigned char)b[k] >= 0x80 || b[k] == '\''))
			k++;
		size_t n = k - w;
		if ((n == 2 && tolower((unsigned char)b[w]) == 'm' && tolower((unsigned char)b[w + 1]) == 's') ||
		    (w > sp.start && isdigit((unsigned char)b[w - 1])) || unit_after_number(b, sp.start, w, n))
			continue; /* units of a number */
		if (n >= 2 && (!memcmp(b + w, "\xC3\x97", 2) || !memcmp(b + w, "\xC3\xB7", 2))) {
			function++; /* "240 × ~25 µs": arithmetic states a claim, like a spaced + */
			continue;
		}
		/* Code, not words: "torch.compile(", "record_shapes=True", `tokenize`. */
		if (k + 1 < sp.end && code_glue(b[k], "(.=:`'\"") && b[k + 1] != ' ')
			continue;
		if (w > sp.start && code_glue(b[w - 1], "`'\".:="))
			continue;
		words++;
		/* A word that is a whole item of a comma list names something
		 * ("matmul, attention, copy_, to": the op). Otherwise a verb
		 * opening a clause is a step of a plan ("...; measure ms/tok"),
		 * which a keyword list has none of; so is a tag saying whose
		 * test or cause follows ("H1: dtypes via record_shapes; H2:
		 * Memcpy HtoD in the trace"). */
		int item = (w == sp.start || b[w - 1] == ',' || (b[w - 1] == ' ' && w >= sp.start + 2 && b[w - 2] == ',')) &&
			   (k >= sp.end || b[k] == ',');
		function += !item && (in_set(&ws_function, b + w, n) || (head && in_set(&ws_verb, b + w, n)) ||
				      hyp_tag(b + w, n, k < sp.end ? b[k] : 0) || east_asian(b + w, n));
		head = 0;
	}
	/* A comma list of one- and two-word items is a list, not a claim.
	 * Commas inside parentheses annotate ("(math, unavoidable)",
	 * "by (src dtype, dst dtype, device)"): they make no items. */
	int items = 1, depth = 0;
	size_t first = NONE, last = sp.start; /* where the first item ends, the last starts */
	for (size_t k = sp.start; k < sp.end; k++) {
		depth += b[k] == '(' ? 1 : b[k] == ')' && depth > 0 ? -1 : 0;
		/* "batch 1, 4, 8, 16": the settings of one knob, not items */
		if (!depth && b[k] == ',' && k + 2 < sp.end && b[k + 1] == ' ' && k > sp.start &&
		    gr_isdigit((unsigned char)b[k - 1]) && gr_isdigit((unsigned char)b[k + 2]))
			continue;
		if (!depth && b[k] == ',' && k + 1 < sp.end && b[k + 1] == ' ') {
			items++;
			first = first == NONE ? k : first;
			last = k + 1;
		}
	}
	/* Without commas, spaced slashes part the items the same way
	 * ("NVTX / record_function / tokenizer / copy_ / to / prefill"), and
	 * so do the lines of a bare column of words. */
	int column = first == NONE && word_column(b, sp);
	for (size_t k = sp.start + 1; first == NONE && k + 1 < sp.end; k++) {
		if (!(column && b[k] == '\n') && (b[k] != '/' || b[k - 1] != ' ' || b[k + 1] != ' '))
			continue;
		items++;
		last = k + 1;
	}
	int list = items >= 5 && words * 2 <= items * 5 && !ends_in_verdict(b, last, sp.end) &&
		   !(first != NONE && opens_with_claim(b, sp.start, first));
	/* "`tokenize` (tokenizer.encode), `to_device` (every .to() site),
	 * `prefill`": names given with what they stand for are an answer,
	 * not a bag of keywords; bare `copy_`, `to`, `TTFT` still are. */
	int named = 0, explained = 0;
	/* (a sentence that opens on a quoted name starts after its quote) */
	size_t k0 = sp.start > 0 && (b[sp.start - 1] == '"' || b[sp.start - 1] == '`') ? sp.start - 1 : sp.start;
	for (size_t k = k0; k < sp.end; k++) {
		char q = b[k]; /* a name in backticks, or in double quotes ("tokenize", "h2d", t["prefill"]) */
		if ((q != '`' && q != '"') ||
		    !(k == k0 || b[k - 1] == ' ' || b[k - 1] == ':' || b[k - 1] == '(' || b[k - 1] == '[') ||
		    k + 1 >= sp.end || b[k + 1] == q)
			continue;
		const char *close = memchr(b + k + 1, q, sp.end - k - 1);
		if (!close)
			break;
		if (q == '"' && !identifier(b + k + 1, (size_t)(close - b) - k - 1)) {
			k = (size_t)(close - b);
			continue; /* a quotation, not a name */
		}
		named++;
		size_t e = (size_t)(close - b) + 1;
		while (e < sp.end && b[e] == ' ')
			e++;
		explained += e < sp.end && (b[e] == '(' || b[e] == '-' || b[e] == ':' || b[e] == '=');
		k = (size_t)(close - b);
	}
	/* Where the answer is a list of names, so is a run of three or
	 * more lowercase identifiers between slashes or arrows
	 * ("ranges: tokenize / h2d / prefill / decode"). */
	if (a->ex->name_lists)
		named += slashed_names(b, sp) + snake_names(b, sp);
	/* A dozen items or more in one sentence is a dump, however it is
	 * introduced: no answer lists every API, tool and suspect, or 43
	 * candidate range names "so three must count". */
	int dump = items >= GR_DUMP_ITEMS;
	if (!dump && named >= 3 && (explained >= 2 || a->ex->name_lists) && named * 2 >= items)
		return TERSE_NO;
	if (distinct >= 4 && topic_list(b, sp))
		return TERSE_LIST;
	if (((words >= 10 || list) && distinct >= 4 && (function * 8 < words || list) && !introduces_list(b, sp)) ||
	    (dump && distinct >= 3) || (strict && words >= 5 && function * 4 < words))
		return TERSE_LIST;
	/* Four bare items, not a word of a claim nor a number from the
	 * table ("record_shapes, with_stack, bf16 loading, Memcpy"): a
	 * list that may be a terse answer. Two of them, and the report
	 * is answering in keywords. */
	if (!strict && items >= 4 && !function && distinct >= (items >= 5 ? 2 : 3) && !has_number(b, sp) &&
	    !ends_in_verdict(b, last, sp.end) && !(first != NONE && opens_with_claim(b, sp.start, first)) &&
	    !introduces_list(b, sp))
		return TERSE_BARE;
	return TERSE_NO;
}

/* Is sentence sp a bare fragment, a few words that only name things
 * ("math vs movement", "tokenizer / CPU / latency / TTFT", "2.8 GiB")? At
 * most four words, none a function word, no verb opening it, no claim
 * mark (=, ->, →) and no label of its own ("Copies: avoidable" is a
 * claim); the line's label before the first fragment ("Key points:") is
 * skipped when lead is set. */
static int bare_fragment(const char *b, struct gr_span sp, int lead)
{
	int words = 0, labelled = !lead;
	for (size_t k = sp.start; k < sp.end;) {
		unsigned char c = (unsigned char)b[k];
		if (c == ':' && k + 1 < sp.end && b[k + 1] == ' ') {
			if (labelled || words > 3)
				return 0;
			labelled = 1;
			words = 0;
			k++;
			continue;
		}
		if (c == '=' || (c == '-' && k + 1 < sp.end && b[k + 1] == '>') ||
		    (k + 2 < sp.end && !memcmp(b + k, "\xE2\x86\x92", 3)))
			return 0;
		if (!gr_isalpha(c) && c < 0x80) {
			k++;
			continue;
		}
		size_t w = k;
		while (k < sp.end && (gr_isword((unsigned char)b[k]) || (unsigned char)b[k] >= 0x80 || b[k] == '\'' ||
				      (b[k] == '-' && k + 1 < sp.end && gr_isalpha((unsigned char)b[k + 1]))))
			k++;
		if (in_set(&ws_function, b + w, k - w) || (!words && in_set(&ws_verb, b + w, k - w)) || ++words > 4)
			return 0;
	}
	return 1;
}

/* Does sp end with a full stop (its last character, or the one after:
 * the text is NUL-terminated)? */
static int full_stop(const char *b, struct gr_span sp)
{
	return b[sp.end - 1] == '.' || b[sp.end] == '.';
}

/* A line of four or more sentences, at least three of them and half of
 * them bare fragments naming three concepts or more between them ("Key
 * points: math vs movement. 2.8 GiB. tokenizer / CPU / latency / TTFT.
 * flash attention. bandwidth."), is a keyword list written with full
 * stops instead of commas: none of its sentences makes a claim. */
static void mark_fragment_lines(struct gr_analysis *a)
{
	const struct gr_report *r = a->r;
	const char *b = r->text.buf;
	for (size_t s = 0; s < r->nsentences;) {
		int line = gr_text_line_of(&r->text, r->sentences[s].start);
		size_t e = s, nbare = 0;
		/* Sentences of the line ended by full stops: "float32? confirmed."
		 * asks and answers, and a field's value ends at the next label. */
		for (; e < r->nsentences; e++) {
			struct gr_span se = r->sentences[e];
			if (gr_text_line_of(&r->text, se.start) != line || se.end <= se.start ||
			    gr_text_line_of(&r->text, se.end - 1) != line || (e > s && !full_stop(b, r->sentences[e - 1])))
				break;
			nbare += bare_fragment(b, se, e == s);
		}
		size_t n = e - s;
		if (n >= 4 && nbare >= 3 && nbare * 2 >= n) {
			int distinct = 0;
			for (size_t c = 0; c < a->ex->nconcepts && distinct < 3; c++) {
				if (a->ex->concepts[c].fault)
					continue;
				for (size_t i = 0; i < a->concepts[c].n; i++) {
					unsigned st = a->concepts[c].v[i].sentence;
					if (st >= s && st < e && bare_fragment(b, r->sentences[st], st == s)) {
						distinct++;
						break;
					}
				}
			}
			for (size_t k = s; distinct >= 3 && k < e; k++)
				if (!a->stuffed[k]) {
					a->stuffed[k] = 1;
					a->nstuffed++;
				}
		}
		s = e > s ? e : s + 1;
	}
}

/* "### Key Concepts" over "- NVTX", "- record_function", "- tokenizer",
 * "- copy_ / to", "- prefill": five bullets or more of a word or two each,
 * shown as the concepts, keywords or terms of the topic, claim nothing.
 * A list a colon line introduces ("Ranges I'd add:") is an answer. */
static int keyword_heading(const char *b, const struct gr_line *ln)
{
	static const char *const cue[] = { "key", "concept", "concepts", "keyword", "keywords", "topic", "topics",
					   "term", "terms", "tags", "buzzwords", "glossary", "vocabulary", NULL };
	size_t s = ln->off, e = ln->off + ln->len;
	while (e > s && strchr(" *_#\r", b[e - 1]))
		e--;
	return !(e > s && b[e - 1] == ':') && find_phrase(b, span_at(s, e), cue) != NONE;
}

/* A word or three, with no mark of a claim ("- copy_ / to", "- host to
 * device"; not "- copies: avoidable", "- 2.8 GiB -> movement"). */
static int keyword_item(const char *b, struct gr_span sp)
{
	if (gr_count_words(b, sp.start, sp.end) > 3)
		return 0;
	for (size_t k = sp.start; k < sp.end; k++)
		if (b[k] == ':' || b[k] == '=' || b[k] == '>' || (unsigned char)b[k] == 0xE2 || b[k] == '(')
			return 0;
	return 1;
}

static void mark_keyword_bullets(struct gr_analysis *a)
{
	const struct gr_report *r = a->r;
	const char *b = r->text.buf;
	for (size_t i = 0; i < r->nitems;) {
		size_t j = i;
		while (j < r->nitems && r->items[j].indent == r->items[i].indent && !r->items[j].number &&
		       r->items[j].line == r->items[i].line + (int)(j - i) &&
		       keyword_item(b, r->items[j].span))
			j++;
		if (j - i >= 5 && r->items[i].line >= 2) {
			int h = r->items[i].line - 2; /* the line above the list, 0-based */
			while (h > 0 && !r->text.lines[h].len)
				h--;
			if (keyword_heading(b, &r->text.lines[h]))
				for (size_t s = 0; s < r->nsentences; s++) {
					size_t at = r->sentences[s].start;
					if (at >= r->items[i].span.start && at < r->items[j - 1].span.end && !a->stuffed[s]) {
						a->stuffed[s] = 1;
						a->nstuffed++;
					}
				}
		}
		i = j > i ? j : i + 1;
	}
}

/* Does sentence s lie in the value of a field that holds a proposal (the
 * next experiment)? What such a slot lists is proposed, however tersely:
 * "torch.compile, cuda graphs, fp8, flash attention 3, bigger batch" is
 * five experiments, one of them FlashAttention, not a keyword list. */
static int in_proposal(const struct gr_analysis *a, size_t s)
{
	size_t at = a->r->sentences[s].start;
	for (size_t f = 0; f < a->ex->nfields; f++) {
		const struct gr_report_field *rf = &a->r->fields[f];
		/* An inferred field is only a sentence that names the field
		 * ("Workload Hardware ... Next experiment" over a line of
		 * keywords): no slot the learner filled in. */
		if (!a->ex->fields[f].proposal || rf->state == GR_FIELD_MISSING || rf->state == GR_FIELD_INFERRED)
			continue;
		if ((at >= rf->value.start && at < rf->value.end) || (at >= rf->value.start2 && at < rf->value.end2))
			return 1;
	}
	return 0;
}

/* A long sentence with almost no function words that touches many concepts
 * is a keyword list: it makes no claim, so its mentions count for nothing.
 * So are lines that talk to the grader (mark_meta) and open questions
 * (mark_questions); every mention then takes its sentence's mark. */
static void mark_stuffed(struct gr_analysis *a)
{
	const struct gr_report *r = a->r;
	/* Distinct concepts per sentence, in one pass over the mentions.
	 * Faults (gr_concept: named only under a `not`, like the profilers
	 * two of which make two runs) are no keywords a stuffer would list. */
	int *distinct_in = calloc(r->nsentences + 1, sizeof(int)), *seen = calloc(r->nsentences + 1, sizeof(int));
	if (!distinct_in || !seen) {
		free(distinct_in);
		free(seen);
		return; /* out of memory: no sentence is judged stuffed */
	}
	for (size_t c = 0; c < a->ex->nconcepts; c++) {
		if (a->ex->concepts[c].fault)
			continue;
		for (size_t i = 0; i < a->concepts[c].n; i++) {
			unsigned st = a->concepts[c].v[i].sentence;
			if (seen[st] != (int)c + 1) {
				seen[st] = (int)c + 1;
				distinct_in[st]++;
			}
		}
	}
	/* A report caught listing keywords once is read strictly after: its
	 * other terse lines of two concepts or more, with hardly a function
	 * word ("fused attention wrong no attention op launches Python not
	 * math"), are lists too. One keyword line alone in an honest report
	 * costs only itself. */
	size_t bare[8], listed[8];
	int nbare = 0, nlisted = 0;
	mark_fragment_lines(a);
	mark_keyword_bullets(a);
	for (int strict = 0; strict < 2; strict++) {
		/* Two bare lists: the report answers in keywords, and the
		 * strict reading below takes in its other terse lines too. */
		for (int k = 0; strict && nbare >= 2 && k < nbare; k++) {
			a->stuffed[bare[k]] = 1;
			a->nstuffed++;
		}
		for (size_t s = 0; s < r->nsentences && (!strict || a->nstuffed + nlisted >= 2); s++) {
			enum terse how = read_terse(a, s, distinct_in[s], strict);
			if (how == TERSE_LIST && in_proposal(a, s) && nlisted < 8) {
				listed[nlisted++] = s; /* proposed, unless the report stuffs keywords elsewhere */
				continue;
			}
			if (how == TERSE_LIST) {
				a->stuffed[s] = 1;
				a->nstuffed++;
			} else if (how == TERSE_BARE && nbare < 8) {
				bare[nbare++] = s;
			}
		}
	}
	/* A proposal slot's terse list stands when nothing else in the report
	 * is a keyword list; in a report that stuffs, it is one more. */
	for (int k = 0; a->nstuffed && k < nlisted; k++)
		if (!a->stuffed[listed[k]]) {
			a->stuffed[listed[k]] = 1;
			a->nstuffed++;
		}
	mark_meta(a);
	mark_questions(a);
	for (size_t c = 0; c < a->ex->nconcepts; c++)
		for (size_t i = 0; i < a->concepts[c].n; i++)
			a->concepts[c].v[i].stuffed = a->stuffed[a->concepts[c].v[i].sentence];
	free(distinct_in);
	free(seen);
}

struct qty_ctx {
	struct gr_analysis *a;
	struct gr_scratch *s;
	size_t cap;
};

/* "~35 ms", "about 35 ms", "roughly a third": the learner says it is rough. */
static unsigned char approximate(const char *b, size_t at)
{
	static const char *const words[] = { "~", "about", "around", "roughly", "approx", "approx.", "approximately",
					     "nearly", "almost", "\xE2\x89\x88", "circa", "ca.", NULL };
	size_t k = at;
	while (k > 0 && b[k - 1] == ' ')
		k--;
	if (!k || !strchr("~tdyx.a\x88", tolower((unsigned char)b[k - 1])))
		return 0; /* no word above ends so: most numbers have none before them */
	for (const char *const *w = words; *w; w++) {
		size_t n = strlen(*w);
		if (k >= n && !strncasecmp(b + k - n, *w, n) && (k == n || !isalpha((unsigned char)b[k - n - 1])))
			return 1;
	}
	return 0;
}

/* Is the number at b[ns..ne) a term of arithmetic, with +, -, *, / or
 * x/× next to it (after it for "-", which before it is a dash)? */
static int operand(const char *b, size_t len, size_t ns, size_t ne)
{
	size_t i = ns, j = ne;
	while (i > 0 && b[i - 1] == ' ')
		i--;
	while (j < len && b[j] == ' ')
		j++;
	int before = i > 0 && (b[i - 1] == '+' || b[i - 1] == '*' || b[i - 1] == '/' ||
			       (i >= 2 && !memcmp(b + i - 2, "\xC3\x97", 2)));
	int after = j < len && (b[j] == '+' || b[j] == '-' || b[j] == '*' || b[j] == '/' ||
				(j + 1 < len && !memcmp(b + j, "\xC3\x97", 2)));
	return before || after;
}

/* A possessive word at b[at] ("step's ", "request's "): its length with the
 * space, or 0. */
static size_t possessive(const char *b, size_t at, size_t len)
{
	size_t k = at;
	while (k < len && gr_isalpha((unsigned char)b[k]))
		k++;
	return k > at && k + 2 < len && b[k] == '\'' && (b[k + 1] == 's' || b[k + 1] == 'S') && b[k + 2] == ' '
		       ? k + 3 - at
		       : 0;
}

/* Does "of (the) (total) CPU"/"of host" follow offset at: a share of the
 * host's time ("61% of CPU time", "61% of the step's CPU time"), or of
 * something else the table counts ("61% of all the calls", "of the
 * memory")? */
static int of_other(const char *b, size_t at, size_t len)
{
	static const char *const words[] = { "of ", "the ", "total ", "all ", NULL };
	int of = 0;
	for (int moved = 1; moved;) {
		moved = 0;
		while (at < len && b[at] == ' ')
			at++;
		for (const char *const *w = words; *w; w++) {
			size_t n = strlen(*w);
			if (at + n <= len && !strncasecmp(b + at, *w, n) && (of || w == words)) {
				of |= w == words;
				at += n;
				moved = 1;
			}
		}
		size_t n = of ? possessive(b, at, len) : 0;
		if (n) {
			at += n;
			moved = 1;
		}
	}
	static const char *const other[] = { "cpu", "host", "calls", "call count", "launches", "memory", "bytes",
					     NULL };
	if (!of)
		return 0;
	for (const char *const *o = other; *o; o++) {
		size_t n = strlen(*o);
		if (at + n <= len && !strncasecmp(b + at, *o, n) && (at + n == len || !isalnum((unsigned char)b[at + n])))
			return 1;
	}
	return 0;
}

static int add_quantity(void *p, size_t a0, size_t b0)
{
	struct qty_ctx *x = p;
	const struct gr_report *r = x->a->r;
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(x->s->md);
	size_t ns = ov[2], ne = ov[3];
	if (ns == PCRE2_UNSET)
		return 0;
	char num[64];
	size_t k = 0;
	/* A comma with one or two digits after it ends the number: a decimal
	 * comma ("61,0 %"); otherwise commas separate thousands. */
	const char *comma = memchr(r->text.buf + ns, ',', ne - ns);
	int decimal = comma && ne - (size_t)(comma - r->text.buf) <= 3;
	for (size_t i = ns; i < ne && k + 1 < sizeof(num); i++)
		if (r->text.buf[i] != ',')
			num[k++] = r->text.buf[i];
		else if (decimal)
			num[k++] = '.';
	num[k] = '\0';
	double v = strtod(num, NULL);
	char unit = 0;
	if (ov[4] != PCRE2_UNSET) {
		const char *u = r->text.buf + ov[4];
		size_t ul = ov[5] - ov[4];
		if (*u == '%' || !strncasecmp(u, "percent", 7) || !strncasecmp(u, "pct", 3)) unit = '%';
		else if (!strncasecmp(u, "ms", 2) || !strncasecmp(u, "msec", 4) || !strncasecmp(u, "milli", 5)) unit = 'm';
		else if (!strncmp(u, "µs", 3) || !strncasecmp(u, "us", 2)) unit = 'u';
		else if (*u == 's' || *u == 'S') unit = 's';
		else if (!strncasecmp(u, "call", 4) || !strncasecmp(u, "launch", 6)) unit = 'c';
		else if (ul >= 2) {
			double mult = 1;
			switch (toupper((unsigned char)u[0])) {
			case 'G': mult = ul == 3 ? 1073741824.0 : 1e9; break;
			case 'M': mult = ul == 3 ? 1048576.0 : 1e6; break;
			case 'K': mult = ul == 3 ? 1024.0 : 1e3; break;
			}
			v *= mult;
			unit = 'B';
		}
	} else if (v > 0 && v < 1 && ne - ns >= 3 && !operand(r->text.buf, r->text.len, ns, ne)) {
		unit = 'f'; /* "0.61 of CUDA time"; not a term of a sum ("+0.6+") */
	}
	size_t cl = span_of(r->clauses, r->nclauses, ns);
	if (cl == NONE)
		return 0;
	if (GR_GROW(x->a->qty, x->a->nqty, x->cap, 16) < 0)
		return -1;
	x->a->qty[x->a->nqty++] = (struct gr_quantity){ v, unit, a0, b0, (unsigned)r->clause_sentence[cl],
							(unsigned)cl, approximate(r->text.buf, a0), 0,
							unit == '%' && of_other(r->text.buf, b0, r->text.len) };
	return 0;
}

/* "aten::copy_ - 24.4 / 40.0 ms of CUDA": a share written as a division of
 * two times. Each such pair adds the share it works out to (61%). */
static int add_ratios(struct gr_analysis *a, struct qty_ctx *qc)
{
	const char *b = a->r->text.buf;
	size_t n = a->nqty;
	double total = gr_table_cuda_total(&a->ex->table);
	for (size_t i = 0; i + 1 < n; i++) {
		struct gr_quantity x = a->qty[i], y = a->qty[i + 1];
		/* Two bare numbers too ("aten::copy_ 24.4/40") when the second is
		 * the table's CUDA total: that says what the first is a share of. */
		int of_total = !x.unit && !y.unit && total > 0 && fabs(y.value - total) <= 0.01 * total;
		if ((x.unit && x.unit != 'm') || (y.unit && y.unit != 'm') || !(x.unit || y.unit || of_total) ||
		    x.value <= 0 || y.value <= x.value || x.clause != y.clause)
			continue;
		int slash = 0, other = 0; /* nothing but spaces and one "/" between them */
		for (size_t k = x.end; k < y.start; k++) {
			slash += b[k] == '/';
			other |= b[k] != '/' && b[k] != ' ';
		}
		if (slash != 1 || other)
			continue;
		if (GR_GROW(a->qty, a->nqty, qc->cap, 16) < 0)
			return -1;
		a->qty[a->nqty++] = (struct gr_quantity){ 100.0 * x.value / y.value, '%', x.start, y.end, x.sentence,
							  x.clause, x.approx, 1, 0 };
	}
	return 0;
}

int gr_analyse(struct gr_analysis *a, const struct gr_exercise *ex, const struct gr_report *r,
	       struct gr_scratch *s)
{
	memset(a, 0, sizeof(*a));
	a->ex = ex;
	a->r = r;
	pthread_once(&wordsets_once, pack_wordsets);
	const char *buf = r->text.buf;
	size_t len = r->text.len;
	struct cues cues = { 0 };
	signed char *commits = malloc(r->nsentences + 1); /* per sentence: commits to acting (-1 not known yet) */
	a->concepts = calloc(ex->nconcepts ? ex->nconcepts : 1, sizeof(*a->concepts));
	a->rows = calloc(ex->table.len ? ex->table.len : 1, sizeof(*a->rows));
	a->stuffed = calloc(r->nsentences + 1, 1);
	a->continues = calloc(r->nsentences + 1, 1);
	a->points_below = calloc(ex->nfields ? ex->nfields : 1, 1);
	if (!commits || !a->concepts || !a->rows || !a->stuffed || !a->continues || !a->points_below)
		goto nomem;
	/* Most reports never say "below": one search of the lowercase copy spares the fields'. */
	const struct gr_trigrams *lt = r->tri;
	int says_below = !lt || !lt->lower || lt->len != len || gr_memmem(lt->lower, len, "below", 5) ||
			 gr_memmem(lt->lower, len, "as follows", 10);
	for (size_t f = 0; says_below && f < ex->nfields; f++) {
		struct gr_span fs = gr_scope_span(r, (struct gr_scope){ .kind = GR_SCOPE_FIELD, .index = (int)f });
		a->points_below[f] = fs.end > fs.start && has_phrase(buf, fs, below_words);
	}
	mark_continuing(a);
	memset(commits, -1, r->nsentences + 1);
	struct cue_ctx cn = { &cues, 0 }, cd = { &cues, 1 };
	/* A const exercise is shared; its patterns JIT lazily under a lock. */
	struct gr_exercise *mex = (struct gr_exercise *)ex;
	const struct gr_trigrams *tri = r->tri;
	if (gr_patset_scan(&mex->negation, buf, len, tri, s, add_cue, &cn) < 0 ||
	    gr_patset_scan(&mex->deferral, buf, len, tri, s, add_cue, &cd) < 0)
		goto nomem;
	if (cues.n > 1)
		qsort(cues.v, cues.n, sizeof(*cues.v), cmp_cue);
	drop_proposing_cues(&cues, buf);
	cues.picked = find_picks(buf, len, tri);
	if (find_verdicts(buf, len, &cues) < 0 || find_deferred_steps(buf, len, &cues) < 0 ||
	    find_candidates(a, &cues) < 0)
		goto nomem;
	for (const char *const *x = crosses; *x && !cues.crosses; x++)
		cues.crosses = gr_memmem(buf, len, *x, strlen(*x)) != NULL;
	for (size_t c = 0; c < ex->nconcepts; c++) {
		struct mention_ctx mc = { &a->concepts[c], r, 0 };
		if (gr_patset_scan(&mex->concepts[c].set, buf, len, tri, s, add_mention, &mc) < 0)
			goto nomem;
		set_polarity(&a->concepts[c], r, &cues, commits);
	}
	for (size_t i = 0; i < ex->table.len; i++) {
		struct mention_ctx mc = { &a->rows[i], r, 0 };
		if (gr_patset_scan(&mex->row_alias[i], buf, len, tri, s, add_mention, &mc) < 0)
			goto nomem;
	}
	struct qty_ctx qc = { a, s, 0 };
	if (len >= GR_JIT_TEXT)
		gr_jit_code(ex->quantity_re);
	for (size_t off = 0; off < len;) {
		if (gr_match_code(ex->quantity_re, buf, len, off, s->md, s->mctx) < 0)
			break;
		PCRE2_SIZE *ov = pcre2_get_ovector_pointer(s->md);
		if (add_quantity(&qc, ov[0], ov[1]) < 0)
			goto nomem;
		off = ov[1] > ov[0] ? ov[1] : ov[0] + 1;
	}
	if (add_ratios(a, &qc) < 0)
		goto nomem;
	if (refer_back(a, &cues) < 0)
		goto nomem;
	mark_stuffed(a);
	drop_dangling(a);
	mark_reported(a);
	mark_done_items(a);
	mark_rejected_parents(a);
	mark_blockquoted(a);
	mark_retracted(a);
	mark_second_thoughts(a);
	mark_dropped_ideas(a);
	mark_dropped_lines(a);
	mark_uncommitted(a);
	mark_deleted(a);
	mark_counterfactual(a);
	mark_noted_wrong(a);
	mark_superseded(a);
	mark_feedback_quotes(a);
	mark_changelog(a);
	mark_keyword_lists(a);
	mark_negating_labels(a);
	free(cues.v);
	free(cues.verdict);
	free(cues.rejected);
	free(commits);
	return 0;
nomem:
	free(cues.v);
	free(cues.verdict);
	free(cues.rejected);
	free(commits);
	gr_analysis_free(a);
	return GR_ENOMEM;
}

void gr_analysis_free(struct gr_analysis *a)
{
	if (!a)
		return;
	if (a->concepts)
		for (size_t c = 0; c < a->ex->nconcepts; c++)
			free(a->concepts[c].v);
	if (a->rows)
		for (size_t i = 0; i < a->ex->table.len; i++)
			free(a->rows[i].v);
	free(a->concepts);
	free(a->rows);
	free(a->qty);
	free(a->stuffed);
	free(a->continues);
	free(a->points_below);
	memset(a, 0, sizeof(*a));
}

/* ---- scopes ---------------------------------------------------------------- */

struct gr_span gr_scope_span(const struct gr_report *r, struct gr_scope scope)
{
	struct gr_span all = { .start = 0, .end = r->text.len }, none = { .start = 0, .end = 0 };
	switch (scope.kind) {
	case GR_SCOPE_FIELD: {
		const struct gr_report_field *f = &r->fields[scope.index];
		if (f->state == GR_FIELD_MISSING)
			return none;
		/* Written twice ("Next experiment (v2): ..."): both count. */
		struct gr_span sp = f->value;
		sp.start2 = f->more.start;
		sp.end2 = f->more.end;
		return sp;
	}
	case GR_SCOPE_SECTION: {
		if (r->sections[scope.index].found)
			return r->sections[scope.index].span;
		/* No such answer written: judge what the five fields leave out,
		 * after them and before them (the whole report when it has no
		 * labels): the body of a report that ends with its fields. */
		size_t after = 0, before = r->text.len;
		for (size_t f = 0; f < r->ex->nfields; f++) {
			const struct gr_report_field *rf = &r->fields[f];
			if ((rf->state != GR_FIELD_LABELLED && rf->state != GR_FIELD_ALIASED) || rf->late)
				continue; /* (a field added by a later edit closes no body above it) */
			after = rf->value.end > after ? rf->value.end : after;
			size_t at = r->text.lines[rf->line - 1].off;
			before = at < before ? at : before;
		}
		/* ... from the first answer headed above them. */
		size_t from = before;
		for (size_t s = 0; s < r->ex->nsections; s++)
			if (r->sections[s].found && r->sections[s].span.start < from)
				from = r->sections[s].span.start;
		if (before > after)
			from = before = 0;
		return (struct gr_span){ .start = after, .end = r->text.len, .start2 = from, .end2 = before };
	}
	case GR_SCOPE_SPAN:
		return (struct gr_span){ .start = scope.start, .end = scope.end < r->text.len ? scope.end : r->text.len };
	default:
		return all;
	}
}

static int in_span(struct gr_span sp, size_t off)
{
	return (off >= sp.start && off < sp.end) || (off >= sp.start2 && off < sp.end2);
}

static int pol_ok(const struct gr_mention *m, enum gr_polarity p)
{
	return p == GR_POL_ANY || (p == GR_POL_NEGATED ? m->negated : !m->negated);
}

/* Does line ln (0-based) hold an unstuffed mention of m? */
static int line_holds(const struct gr_analysis *a, const struct gr_mentions *m, size_t ln)
{
	const struct gr_line *l = &a->r->text.lines[ln];
	for (size_t i = first_at(m, l->off); i < m->n && m->v[i].start < l->off + l->len; i++)
		if (!m->v[i].stuffed)
			return 1;
	return 0;
}

/* A footnote and the line that calls it are one statement ("tokenizer.encode
 * 22 ms [2]" ... "[2] ... so it adds ~22 ms to TTFT"): does the other side
 * of the sentence's line hold a mention of m? */
static int noted_has(const struct gr_analysis *a, const struct gr_mentions *m, unsigned sentence)
{
	const struct gr_report *r = a->r;
	size_t ln = (size_t)gr_text_line_of(&r->text, r->sentences[sentence].start) - 1;
	if (r->note_of[ln])
		return line_holds(a, m, (size_t)r->note_of[ln] - 1);
	for (size_t k = 0; k < r->text.nlines; k++)
		if (r->note_of[k] == (int)ln + 1 && line_holds(a, m, k))
			return 1;
	return 0;
}

/* The list item holding byte p (items are in text order), or -1. */
static int item_of(const struct gr_report *r, size_t p)
{
	size_t lo = 0, hi = r->nitems;
	while (lo < hi) { /* the last item starting at or before p */
		size_t mid = (lo + hi) / 2;
		if (r->items[mid].span.start <= p)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo && p < r->items[lo - 1].span.end ? (int)lo - 1 : -1;
}

/* Is item i a bullet ("- ", "* ", "• "), not a numbered or lettered one? */
static int bullet(const struct gr_report *r, int i)
{
	if (r->items[i].number)
		return 0;
	const struct gr_line *ln = &r->text.lines[r->items[i].line - 1];
	for (size_t k = ln->off; k < r->items[i].span.start; k++)
		if (gr_isalnum((unsigned char)r->text.buf[k]))
			return 0; /* "a)", "(b)" */
	return 1;
}

/* Are sentences s and t in two bullets of one list ("- fp32 weights cast
 * each forward: record_shapes shows float32 into aten::to." / "- Inputs
 * copied from the host.")? Each bullet says its own thing: the test of the
 * first is not near the second. Numbered and lettered items often run in
 * parallel lists instead ("1. H1 ... 2. H2" over "1. test ... 2. test"),
 * read together as before. */
static int sibling_items(const struct gr_report *r, unsigned s, unsigned t)
{
	int i = item_of(r, r->sentences[s].start), j = item_of(r, r->sentences[t].start);
	return i >= 0 && j >= 0 && i != j && r->items[i].indent == r->items[j].indent && bullet(r, i) &&
	       bullet(r, j);
}

/* "near": the same sentence or the next/previous one ("It adds to TTFT."). */
static int sentence_has(const struct gr_analysis *a, int concept, unsigned sentence)
{
	const struct gr_mentions *m = &a->concepts[concept];
	/* One sentence either side, or further while the sentences stay on
	 * its topic ("The tokenizer sits outside both piles. It's 0 ms on the
	 * GPU, ... Those 22 ms are added to TTFT."), but not into a sibling
	 * list item unless it goes on about this one ("- It adds to TTFT"). */
	unsigned lo = sentence ? sentence - 1 : 0, hi = sentence + 1;
	int own = !a->ex->plan_lists;
	if (own && sentence && !a->continues[sentence] && sibling_items(a->r, sentence, sentence - 1))
		lo = sentence;
	if (own && hi < a->r->nsentences && !a->continues[hi] && sibling_items(a->r, sentence, hi))
		hi = sentence;
	for (unsigned k = sentence; k > 0 && a->continues[k]; k--)
		lo = k - 1 < lo ? k - 1 : lo;
	/* ... and the run the adjacent sentence belongs to: "The tokenizer is
	 * odd. It runs on the CPU first. The request can't start prefill until
	 * then, so the 22 ms land in TTFT." */
	while (lo > 0 && a->continues[lo])
		lo--;
	for (unsigned k = sentence; k + 1 < a->r->nsentences && a->continues[k + 1]; k++)
		hi = k + 1 > hi ? k + 1 : hi;
	while (hi + 1 < a->r->nsentences && a->continues[hi + 1])
		hi++;
	for (size_t i = first_in_sentence(m, lo); i < m->n && m->v[i].sentence <= hi; i++)
		if (!m->v[i].stuffed)
			return 1;
	return a->r->note_of && noted_has(a, m, sentence);
}

/* "near" for a mention: an adjacent sentence, or the same labelled field
 * (a field's value may run over several lines and list items). */
#define GR_CODE_SCOPE 400 /* lines of code searched above a mention for what encloses it */

/* Does line ln (0-based) hold an unstuffed mention of concept? */
static int line_has(const struct gr_analysis *a, int concept, size_t ln)
{
	const struct gr_line *l = &a->r->text.lines[ln];
	const struct gr_mentions *m = &a->concepts[concept];
	for (size_t i = first_at(m, l->off); i < m->n && m->v[i].start < l->off + l->len; i++)
		if (!m->v[i].stuffed)
			return 1;
	return 0;
}

static int line_indent(const struct gr_report *r, size_t ln, int *blank)
{
	const struct gr_line *l = &r->text.lines[ln];
	size_t k = 0;
	while (k < l->len && r->text.buf[l->off + k] == ' ')
		k++;
	*blank = k == l->len;
	return (int)k;
}

/* Does line ln (0-based) end with a colon, trailing spaces aside ("with
 * record_function(...):", "I'd add NVTX ranges:")? */
static int ends_with_colon(const struct gr_report *r, size_t ln)
{
	const struct gr_line *l = &r->text.lines[ln];
	size_t e = l->len;
	while (e > 0 && r->text.buf[l->off + e - 1] == ' ')
		e--;
	return e > 0 && r->text.buf[l->off + e - 1] == ':';
}

/* Is line ln a heading: markdown's "# Tokenizer", a slide's "Slide 5 -
 * Tokenizer"? The list under it is about what it names. */
static int heading_line(const struct gr_report *r, size_t ln)
{
	const struct gr_line *l = &r->text.lines[ln];
	const char *b = r->text.buf + l->off;
	size_t k = 0;
	while (k < l->len && b[k] == ' ')
		k++;
	if (k < l->len && b[k] == '#') {
		while (k < l->len && b[k] == '#')
			k++;
		return k < l->len && b[k] == ' ';
	}
	return l->len - k > 7 && !strncasecmp(b + k, "slide ", 6) && isdigit((unsigned char)b[k + 6]);
}

/* Does line ln call a function whose name holds one of words ("range_push(",
 * "nvtxRangePushA(")? */
static int line_calls(const struct gr_report *r, size_t ln, const char *const *words)
{
	const struct gr_line *l = &r->text.lines[ln];
	const char *b = r->text.buf + l->off;
	for (size_t k = 0; k < l->len; k++) {
		if (b[k] != '(')
			continue;
		size_t w = k;
		while (w > 0 && (gr_isword((unsigned char)b[w - 1])))
			w--;
		for (const char *const *o = words; *o; o++)
			for (size_t i = w; i + strlen(*o) <= k; i++)
				if (!strncasecmp(b + i, *o, strlen(*o)))
					return 1;
	}
	return 0;
}

/* Calls that open and close a range in code ("range_push(", "nvtxRangePop("). */
static const char *const range_open[] = { "push", "start", NULL };
static const char *const range_close[] = { "pop", "end", "stop", NULL };

/* Does a line of the range opened on line k (0-based, indent ind; push: a
 * push/start call, else a block) hold a mention of one of apart? */
static int body_holds(const struct gr_analysis *a, size_t k, int ind, int push, const int *apart, size_t napart)
{
	const struct gr_report *r = a->r;
	int depth = 0;
	for (size_t j = k + 1; j < r->text.nlines && r->code_line[j] && j - k <= GR_CODE_SCOPE; j++) {
		int blank, in = line_indent(r, j, &blank);
		if (blank)
			continue;
		if (!push && in <= ind)
			return 0; /* the block ends */
		if (push && line_calls(r, j, range_close) && depth-- == 0)
			return 0; /* popped */
		if (push && line_calls(r, j, range_open))
			depth++;
		for (size_t i = 0; i < napart; i++)
			if (line_has(a, apart[i], j))
				return 1;
	}
	return 0;
}

/* "near" for a mention in a fenced code block: its own line, a line that
 * opens a block it sits in (Python "with ...:", "def ...:" after a
 * decorator), or a push/start call not yet popped above it. A statement
 * after a range closes is outside it, however close the lines are; so is
 * one in a range whose body also holds one of apart (napart of them). */
static int code_near(const struct gr_analysis *a, int concept, size_t ln, const int *apart, size_t napart)
{
	const struct gr_report *r = a->r;
	int blank, indent = line_indent(r, ln, &blank), depth = 0;
	if (line_has(a, concept, ln))
		return 1;
	/* Scopes are read at most GR_CODE_SCOPE lines up: a pasted megabyte of
	 * code must not cost a scan of the block per mention. */
	for (size_t k = ln; k-- > 0 && r->code_line[k] && ln - k <= GR_CODE_SCOPE;) {
		int ind = line_indent(r, k, &blank);
		if (blank)
			continue;
		if (ind < indent && ends_with_colon(r, k)) {
			indent = ind; /* a block this line sits in, or the function a decorator wraps */
			const struct gr_line *d = k > 0 ? &r->text.lines[k - 1] : NULL;
			if (line_has(a, concept, k) || (d && r->code_line[k - 1] && (size_t)ind < d->len &&
							r->text.buf[d->off + (size_t)ind] == '@' && line_has(a, concept, k - 1)))
				return !body_holds(a, k, ind, 0, apart, napart);
		}
		if (line_calls(r, k, range_close))
			depth++;
		else if (line_calls(r, k, range_open) && depth > 0)
			depth--; /* pushed and popped again above us */
		else if (line_calls(r, k, range_open) && line_has(a, concept, k))
			return !body_holds(a, k, ind, 1, apart, napart);
	}
	return 0;
}

/* Is line ln (0-based) one of the report's list items? */
static int item_line(const struct gr_report *r, size_t ln)
{
	for (size_t i = 0; i < r->nitems; i++)
		if ((size_t)r->items[i].line == ln + 1)
			return 1;
	return 0;
}

/* The line that introduces the list item on line ln (0-based), when it ends
 * with a colon ("I'd put NVTX ranges on:") or is a heading ("# Tokenizer"),
 * or -1: each item is near what the list is about, however far down the
 * list it sits. */
#define GR_LIST_REACH 60 /* lines walked back to a list's introduction */
static int list_intro(const struct gr_report *r, int ln)
{
	int item_indent = -1;
	for (size_t i = 0; i < r->nitems && item_indent < 0; i++)
		if (r->items[i].line == ln + 1)
			item_indent = r->items[i].indent;
	if (item_indent < 0)
		return -1;
	for (int k = ln - 1, steps = 0; k >= 0 && steps < GR_LIST_REACH; k--, steps++) {
		int blank, ind = line_indent(r, (size_t)k, &blank);
		if (blank || ind > item_indent)
			continue; /* between items, or an item's own continuation */
		if (item_line(r, (size_t)k))
			continue;
		if (ends_with_colon(r, (size_t)k))
			return k;
		/* "## Part B" over "- **Workload:** ...": fields, not its points */
		return heading_line(r, (size_t)k) && !r->label_line[ln] ? k : -1;
	}
	return -1;
}

static size_t parent_sentence(const struct gr_analysis *a, size_t off);

static int near_has(const struct gr_analysis *a, int concept, const struct gr_mention *x, const int *apart,
		    size_t napart)
{
	int ln = gr_text_line_of(&a->r->text, x->start) - 1;
	if (a->r->code_line[ln])
		return code_near(a, concept, (size_t)ln, apart, napart);
	if (sentence_has(a, concept, x->sentence))
		return 1;
	int intro = list_intro(a->r, ln);
	if (intro >= 0 && line_has(a, concept, (size_t)intro))
		return 1;
	size_t up = parent_sentence(a, x->start); /* "- NVTX" over "  - around the tokenizer": that line itself */
	if (up != NONE && mentions_in(&a->concepts[concept], (unsigned)up))
		return 1;
	const struct gr_report *r = a->r;
	const struct gr_mentions *m = &a->concepts[concept];
	for (size_t f = 0; f < a->ex->nfields; f++) {
		struct gr_span v = r->fields[f].value;
		if (r->fields[f].state == GR_FIELD_MISSING || x->start < v.start || x->start >= v.end)
			continue;
		for (size_t i = first_at(m, v.start); i < m->n && m->v[i].start < v.end; i++)
			if (!m->v[i].stuffed)
				return 1;
	}
	return 0;
}

/* First mention of concept c in sp that satisfies the rule's polarity and near. */
static int rationale(const char *b, struct gr_span cl);

/* Does concept c occur in mention x's clause? */
static int clause_has(const struct gr_analysis *a, int c, const struct gr_mention *x)
{
	const struct gr_mentions *m = &a->concepts[c];
	for (size_t i = first_in_sentence(m, x->sentence); i < m->n && m->v[i].sentence == x->sentence; i++)
		if (m->v[i].clause == x->clause && !m->v[i].stuffed)
			return 1;
	/* ... or the line's label: "① Part A: ... real math, the GPU is the
	 * bottleneck" is about Part A to its end. */
	const struct gr_text *t = &a->r->text;
	const struct gr_line *ln = &t->lines[gr_text_line_of(t, x->start) - 1];
	size_t i = first_at(m, ln->off);
	if (i >= m->n || m->v[i].start >= x->start || m->v[i].stuffed)
		return 0;
	for (size_t k = ln->off; k < m->v[i].start; k++)
		if (gr_isalnum((unsigned char)t->buf[k]))
			return 0; /* words before it: not the line's label */
	size_t e = m->v[i].end;
	while (e < ln->off + ln->len && (t->buf[e] == ' ' || t->buf[e] == '*' || t->buf[e] == '_'))
		e++;
	return e < ln->off + ln->len && t->buf[e] == ':';
}

/* Does sentence s end with a question mark? */
static int asks_at_end(const char *b, struct gr_span sp)
{
	return question_end(b, sp, " \n*_\")'") != 0;
}

/* Does sentence s weigh ideas as questions left open ("Could we capture
 * the decode step in a CUDA graph? Could torch.compile do it? Worth
 * thinking about.")? It proposes and claims nothing. A question is
 * answered when a sentence after it in its paragraph (up to three) opens
 * with an answer ("Would fused attention help? There's no attention op
 * ... So no.", "Is each copy_ a child of to? If it shows up alone, H2 is
 * rejected."). A plan that ends on what it will learn ("re-profile: who
 * calls aten::to?") opens with its verb, not a question word. */
static int weighs_openly(const struct gr_analysis *a, unsigned s)
{
	static const char *const ask[] = { "could", "should", "would", "can", "shall", "is", "are", "do", "does",
					   "did", "what", "which", "how", "why", "will", NULL };
	static const char *const answer[] = { "yes", "yep", "yeah", "no", "nope", "not", "never", "hardly",
					      "absolutely", "exactly", "definitely", "correct", "right", "because",
					      "if", NULL };
	const struct gr_report *r = a->r;
	const char *b = r->text.buf;
	if (!asks_at_end(b, r->sentences[s]))
		return 0;
	int asked = 0; /* back over the questions before it: "Should it be X? A reload? Or Y?" */
	for (unsigned k = s, hops = 0; hops < 4 && !asked; k--, hops++) {
		struct gr_span w = first_word(b, r->sentences[k]);
		asked = w.start < r->sentences[k].end && gr_word_in(b + w.start, w.end - w.start, ask);
		if (k == 0 || !asks_at_end(b, r->sentences[k - 1]))
			break;
	}
	if (!asked)
		return 0;
	for (size_t k = s + 1, seen = 0; k < r->nsentences && seen < 3; k++) {
		int newlines = 0;
		for (size_t i = r->sentences[k - 1].end; i < r->sentences[k].start; i++)
			newlines += b[i] == '\n';
		if (newlines > 1)
			break; /* the paragraph ends */
		if (asks_at_end(b, r->sentences[k]))
			continue;
		seen++;
		struct gr_span w = first_word(b, r->sentences[k]);
		for (int hop = 0; hop < 2 && w.start < r->sentences[k].end; hop++) {
			size_t n = w.end - w.start;
			if (gr_word_in(b + w.start, n, answer))
				return 0;
			if (!((n == 1 && gr_tolower((unsigned char)b[w.start]) == 'a') ||
			      (n == 2 && !strncasecmp(b + w.start, "so", 2))))
				break; /* "A: No.", "So no." */
			w = first_word(b, span_at(w.end, r->sentences[k].end));
		}
	}
	return 1;
}

/* Is [from, to) of the text nothing but spaces, markup and end punctuation? */
static int bare(const char *b, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		if (!strchr(" \n*_`>#-.!:;", b[i]))
			return 0;
	return 1;
}

/* Is x, found in the range [s, e) of sp, all the text sp holds? */
static int whole_of(const struct gr_analysis *a, struct gr_span sp, size_t s, size_t e, const struct gr_mention *x)
{
	const char *b = a->r->text.buf;
	int other = s == sp.start ? sp.end2 > sp.start2 && !bare(b, sp.start2, sp.end2)
				  : sp.end > sp.start && !bare(b, sp.start, sp.end);
	return !other && bare(b, s, x->start) && bare(b, x->end < e ? x->end : e, e);
}

static const struct gr_mention *find_apart_whole(const struct gr_analysis *a, int c, struct gr_span sp,
						 enum gr_polarity pol, int near, int unless, const int *apart,
						 size_t napart, int whole)
{
	const struct gr_mentions *m = &a->concepts[c];
	/* The span's first range, then its second (a field written twice). */
	struct gr_span r[2] = { { .start = sp.start, .end = sp.end }, { .start = sp.start2, .end = sp.end2 } };
	for (int k = 0; k < 2; k++)
		for (size_t i = first_at(m, r[k].start); i < m->n && m->v[i].start < r[k].end; i++) {
			const struct gr_mention *x = &m->v[i];
			if (x->stuffed || !pol_ok(x, pol))
				continue;
			if (pol == GR_POL_PROPOSED && rationale(a->r->text.buf, a->r->clauses[x->clause]))
				continue; /* the why of another proposal, not the proposal */
			if (near >= 0 && !near_has(a, near, x, apart, napart))
				continue;
			if (unless >= 0 && clause_has(a, unless, x))
				continue;
			if (whole && !whole_of(a, sp, r[k].start, r[k].end, x))
				continue;
			return x;
		}
	return NULL;
}

static const struct gr_mention *find_apart(const struct gr_analysis *a, int c, struct gr_span sp,
					   enum gr_polarity pol, int near, int unless, const int *apart, size_t napart)
{
	return find_apart_whole(a, c, sp, pol, near, unless, apart, napart, 0);
}

static const struct gr_mention *find(const struct gr_analysis *a, int c, struct gr_span sp, enum gr_polarity pol,
				     int near, int unless)
{
	return find_apart(a, c, sp, pol, near, unless, NULL, 0);
}

/* Does the value b[s, e) only ask the reader back ("is it matmul (38.4) or
 * do I add attention to it?", "what kind of experiment do you mean?")? A
 * question to the TA fills no field. */
static int asks_back(const char *b, size_t s, size_t e)
{
	static const char *const asks[] = { "do you", "should i", "do i", "should it", "what would you", "what kind",
					    "does that count", "does this count", "is it ok", "or should", "you mean",
					    "you want", "what do you", "which one do", NULL };
	while (e > s && (b[e - 1] == ' ' || b[e - 1] == '*' || b[e - 1] == '_'))
		e--;
	return e > s && b[e - 1] == '?' && has_phrase(b, span_at(s, e), asks);
}

static void eval_fields(const struct gr_analysis *a, const struct gr_rule *rule, struct gr_rule_result *res)
{
	const struct gr_report *r = a->r;
	char missing[200] = "", renamed[200] = "", empty[200] = "", typo[200] = "", asked[200] = "";
	for (size_t i = 0; i < rule->nlist; i++) {
		const struct gr_report_field *f = &r->fields[rule->list[i]];
		const char *label = a->ex->fields[rule->list[i]].label;
		char *dst = f->state == GR_FIELD_LABELLED || f->placeholder ? empty
			    : f->misspelled				 ? typo
			    : f->state == GR_FIELD_ALIASED		 ? renamed
									 : missing;
		if (f->state == GR_FIELD_LABELLED && !f->placeholder) {
			int content = 0;
			for (size_t k = f->value.start; k < f->value.end; k++)
				content |= gr_isalnum((unsigned char)r->text.buf[k]) || (unsigned char)r->text.buf[k] >= 0x80;
			if (content && !f->more.end && asks_back(r->text.buf, f->value.start, f->value.end))
				dst = asked;
			else if (content || f->honest) /* "Hardware: ?" where none is given */
				continue;
		}
		if (res->evidence == NONE && f->state != GR_FIELD_MISSING && f->line > 0)
			res->evidence = r->text.lines[f->line - 1].off;
		size_t l = strlen(dst);
		if (dst == typo)
			snprintf(dst + l, 200 - l, "%s'%s' on line %d", l ? ", " : "", label, f->line);
		else
			snprintf(dst + l, 200 - l, "%s'%s'", l ? ", " : "", label);
	}
	res->passed = !*missing && !*renamed && !*empty && !*typo && !*asked;
	size_t l = 0;
	if (*missing)
		l += snprintf(res->detail + l, sizeof(res->detail) - l, "missing: %s. ", missing);
	if (*renamed && l < sizeof(res->detail))
		l += snprintf(res->detail + l, sizeof(res->detail) - l, "renamed (use the template's label): %s. ", renamed);
	if (*typo && l < sizeof(res->detail))
		l += snprintf(res->detail + l, sizeof(res->detail) - l, "misspelled: %s (read, but only the "
				  "template's spelling earns it). ", typo);
	if (*empty && l < sizeof(res->detail))
		l += snprintf(res->detail + l, sizeof(res->detail) - l, "empty: %s. ", empty);
	if (*asked && l < sizeof(res->detail))
		snprintf(res->detail + l, sizeof(res->detail) - l, "a question, not an answer: %s (answer it "
			 "yourself, then ask the TA).", asked);
}

static void eval_order(const struct gr_analysis *a, const struct gr_rule *rule, struct gr_rule_result *res)
{
	eval_fields(a, rule, res);
	if (!res->passed)
		return;
	size_t last = 0;
	for (size_t i = 0; i < rule->nlist; i++) {
		const struct gr_report_field *f = &a->r->fields[rule->list[i]];
		if (i > 0 && f->value.start <= last) {
			res->passed = false;
			res->evidence = a->r->text.lines[f->line - 1].off;
			snprintf(res->detail, sizeof(res->detail), "'%s' is out of order: the template's order is %s first",
				 a->ex->fields[rule->list[i]].label, a->ex->fields[rule->list[0]].label);
			return;
		}
		last = f->value.start;
	}
}

static int item_has_action(const struct gr_analysis *a, const struct gr_rule *rule, struct gr_span it)
{
	if (rule->action >= 0 && find(a, rule->action, it, GR_POL_AFFIRMED, -1, -1))
		return 1;
	for (size_t i = 0; i < rule->nlist; i++)
		if (find(a, rule->list[i], it, GR_POL_AFFIRMED, -1, -1))
			return 1;
	return 0;
}

/* Words that may stand before the verb of a new proposal: subjects, modals,
 * sequencing and list marks ("I'd first", "then", "and also", "2."). */
static int lead_word(const char *w, size_t n)
{
	if (n && isdigit((unsigned char)w[0]))
		return 1;
	return in_set(&ws_lead, w, n);
}

/* "also" in learners' other languages ("también", "também", "aussi",
 * "auch"): its length at w, 0 when none is there. */
static size_t also_word(const char *w, size_t n)
{
	static const char *const also[] = { "tambi\xC3\xA9n", "tambien", "tamb\xC3\xA9m", "tambem", "aussi", "auch",
					    NULL };
	for (const char *const *a = also; *a; a++) {
		size_t l = strlen(*a);
		if (n > l && !strncasecmp(w, *a, l) && !isalnum((unsigned char)w[l]))
			return l;
	}
	return 0;
}

/* A form of "be" (or the passive "get"). */
static int is_be(const char *w, size_t n)
{
	static const char *const be[] = { "is", "are", "was", "were", "be", "being", "been", "get", "gets", "got",
					  "getting", NULL };
	return gr_word_in(w, n, be);
}

/* A subject or modal between a coordinator and its verb ("or we run",
 * "and I'd try", "then we could"). */
static int self_word(const char *w, size_t n)
{
	static const char *const self[] = { "i", "we", "i'd", "id", "we'd", "i'll", "we'll", "would", "could", "should",
					    "will", "might", "can", "just", "also", "probably", "maybe", NULL };
	return gr_word_in(w, n, self);
}

/* Is b[w, k) an item's number inside a line: "#2", "(2)"? */
static int inline_number(const char *b, size_t cs, size_t w, size_t k)
{
	if (k - w != 1 || !isdigit((unsigned char)b[w]) || w <= cs)
		return 0;
	return b[w - 1] == '#' || (b[w - 1] == '(' && b[k] == ')');
}

/* Is the verb at off the head of its clause, or right after "or", "then",
 * "also" or "plus"? A bare "and" inside one clause joins the parts of one
 * experiment ("find the .cpu() call and keep sampling on the GPU", "load in
 * bf16 and re-profile"); a new clause or "then"/"also" starts another. */
static int heads_clause(const char *b, size_t cs, size_t off)
{
	if (off > 0 && b[off - 1] == '/')
		return 0; /* "which .to()/cast call": one name joined to another */
	size_t k = cs;
	int words = 0, last_coord = 0, last_or = 0;
	/* "is being moved or cast": a participle after a form of "be" (one
	 * word between allowed), and what "or"/"then" join to it, describe;
	 * they propose nothing. */
	int be1 = 0, be2 = 0, part = 0, passive = 0;
	while (k < off) {
		while (k < off && !(isalnum((unsigned char)b[k]) || b[k] == '\''))
			k++;
		if (off - k > 17 && !strncasecmp(b + k, "at the same time ", 17)) {
			k += 17; /* "...; at the same time flip SDPA": another one, as "also" */
			words++;
			last_coord = 1;
			last_or = 0;
			continue;
		}
		size_t also = also_word(b + k, off - k);
		if (also) {
			k += also; /* "y también probar ...", "und auch ...": another one */
			words++;
			last_coord = last_or = 1;
			continue;
		}
		size_t w = k;
		while (k < off && (isalnum((unsigned char)b[k]) || b[k] == '\''))
			k++;
		if (k == w)
			break;
		words++;
		size_t n = k - w;
		/* "or" offers another; so does "also" ("check the dtypes and
		 * also check the .cpu() calls"): neither re-measures a change.
		 * Nor does an item's number inline ("#1 re-profile ... AND #2
		 * load in bf16", "(2) pin the inputs"). */
		int alt = (n == 2 && !strncasecmp(b + w, "or", 2)) || (n == 13 && !strncasecmp(b + w, "alternatively", 13)) ||
			  (n == 4 && !strncasecmp(b + w, "also", 4)) || inline_number(b, cs, w, k);
		int coord = alt || (n == 4 && !strncasecmp(b + w, "then", 4)) || (n == 4 && !strncasecmp(b + w, "plus", 4));
		int be = is_be(b + w, n);
		passive = coord && part;
		part = !be && !coord && (be1 || be2);
		be2 = be1;
		be1 = be;
		/* "... or we run nsys", "and I'd also try": a coordinator, then
		 * only a subject or modal before the verb, still opens a proposal. */
		if (coord) {
			last_coord = 1;
			last_or = alt;
		} else if (!lead_word(b + w, n) || !last_coord || !self_word(b + w, n)) {
			last_coord = last_or = 0;
		}
		if (!lead_word(b + w, n) && k < off)
			last_coord = last_or = 0, words = 1000;
	}
	if (last_coord && passive)
		return 0;
	/* "to" before a verb is a purpose ("to check"), not a proposal. */
	if (words > 0 && off >= 3 && !strncasecmp(b + off - 3, "to ", 3))
		return 0;
	if (words < 1000 || last_coord)
		return last_or ? 2 : 1; /* 2: another ("... or look in the trace", "also check") */
	return 0;
}

/* Is there a purpose before off in its clause ("re-profile to see how much
 * of the copy_ time goes away")? What follows it is the why, not a second
 * proposal. */
static int after_purpose(const char *b, size_t cs, size_t off)
{
	/* What an experiment is for: learning something, or the gain hoped
	 * for ("try batch 8 to amortize the copies": one experiment). */
	static const char *const verbs[] = { "see", "find", "check", "confirm", "measure", "learn", "know", "tell",
					     "understand", "verify", "get", "identify", "figure", "quantify", "show",
					     "compare", "rule", "test", "catch", "spot", "amortize", "amortise", "reduce",
					     "cut", "hide", "avoid", "save", "shrink", "offset", NULL };
	/* "try to reduce the copies by loading in bf16" is the plan itself. */
	static const char *const wants[] = { "try", "trying", "want", "need", "going", "plan", "aim", "attempt",
					     "like", "have", "has", NULL };
	for (size_t k = cs; k + 3 < off; k++) {
		if ((k > cs && isalnum((unsigned char)b[k - 1])) || strncasecmp(b + k, "to ", 3))
			continue;
		size_t w = k + 3, e = w;
		while (e < off && isalpha((unsigned char)b[e]))
			e++;
		struct gr_span before = word_before(b, cs, k);
		if (gr_word_in(b + w, e - w, verbs) && !gr_word_in(b + before.start, before.end - before.start, wants))
			return 1;
	}
	return 0;
}


/* A clause that explains or predicts rather than proposes: "Inductor should
 * fuse the casts", "to find who calls to()", "which would show ...". */
static int rationale(const char *b, struct gr_span cl)
{
	/* (a concession is no proposal: "Although FlashAttention is the
	 * fashionable answer, ...") */
	static const char *const open[] = { "to", "so", "which", "that", "because", "since", "as", "hopefully",
					    "this", "it", "if", "whether", "where", "although", "though",
					    "whereas", "granted", "admittedly", NULL };
	static const char *const modal[] = { "should", "will", "would", "might", "may", "could", "can", "won't",
					     "wouldn't", NULL };
	static const char *const self[] = { "i", "we", "i'd", "i'll", "we'd", "we'll", NULL };
	const char *w[3];
	size_t n[3];
	int nw = 0;
	size_t k = cl.start;
	/* "So my recommendation is to ...": a "so" that opens a sentence
	 * only links it to the last one; the words after it decide. */
	size_t p = k;
	while (p > 0 && b[p - 1] == ' ')
		p--;
	if ((p == 0 || strchr(".!?:\n", b[p - 1])) && cl.end - k > 3 && !strncasecmp(b + k, "so", 2) &&
	    !isalpha((unsigned char)b[k + 2]) && b[k + 2] != '\'')
		k += 2;
	while (k < cl.end && nw < 3) {
		while (k < cl.end && !isalpha((unsigned char)b[k]))
			k++;
		size_t st = k;
		while (k < cl.end && (isalpha((unsigned char)b[k]) || b[k] == '\''))
			k++;
		if (k == st)
			break;
		w[nw] = b + st;
		n[nw++] = k - st;
	}
	if (nw == 0 || gr_word_in(w[0], n[0], self))
		return 0; /* "I would ..." proposes */
	if ((n[0] == 5 && !strncasecmp(w[0], "which", 5)) || (n[0] == 4 && !strncasecmp(w[0], "that", 4))) {
		/* "which would show ..." explains; "which code calls aten::to"
		 * is the object of the proposal. */
		for (int i = 1; i < nw; i++)
			if (gr_word_in(w[i], n[i], modal))
				return 1;
		return 0;
	}
	/* "... to find out what's triggering the copy_ calls": what a
	 * measurement is for names what it looks at, as its object would. */
	static const char *const look[] = { "find", "see", "learn", "identify", "understand", "know", "locate",
					    "trace", "determine", "discover", "spot", NULL };
	/* "figure out", "pin down"; not "pin memory", which changes something */
	static const char *const phrasal[] = { "figure", "pin", NULL };
	static const char *const particle[] = { "out", "down", NULL };
	if (nw > 1 && n[0] == 2 && !strncasecmp(w[0], "to", 2) &&
	    (gr_word_in(w[1], n[1], look) ||
	     (nw > 2 && gr_word_in(w[1], n[1], phrasal) && gr_word_in(w[2], n[2], particle))))
		return 0;
	/* "so we kill the to() calls at the same time": what the step does
	 * is no step of its own ("so we can see who calls to()" names what
	 * the look is for: its object) */
	static const char *const effect[] = { "kill", "remove", "eliminate", "avoid", "lose", "drop", "skip", "cut",
					      "save", NULL };
	if (n[0] == 2 && !strncasecmp(w[0], "so", 2) && nw > 2 && gr_word_in(w[1], n[1], self) &&
	    gr_word_in(w[2], n[2], effect))
		return 1;
	if (gr_word_in(w[0], n[0], open))
		return !(nw > 1 && gr_word_in(w[1], n[1], self)); /* "so we must ..." proposes */
	for (int i = 1; i < nw; i++)
		if (gr_word_in(w[i], n[i], modal))
			return 1; /* "Inductor should fuse ..." predicts */
	return 0;
}

/* An aside in parentheses that describes the proposal ("torch.compile
 * (CUDA-graph replay)", "a CUDA graph (capture once, replay 128x)"), unless
 * it opens another one ("(or CUDA graphs)"). The clause is inside a "(" not
 * yet closed on its line. */
#define GR_ASIDE_REACH 300 /* bytes back to the "(" an aside opens with */

/* Is b[at] a dash with a space on each side (an em dash, once normalised),
 * not a hyphen ("re-profile") or a bullet? */
static int spaced_dash(const char *b, size_t at, size_t end)
{
	return b[at] == '-' && at > 0 && b[at - 1] == ' ' && at + 1 < end && b[at + 1] == ' ';
}

/* The same aside between two dashes ("move the loop out of Python - run
 * the 128 steps in one captured graph - and compare ms/token"): the clause
 * opens right after a spaced dash and another closes it later on the line,
 * before the sentence goes on. Both dashes are looked for within
 * GR_ASIDE_REACH bytes: a pasted megabyte on one line must not cost a scan
 * of the line per mention. */
static int dash_aside(const char *b, struct gr_span cl, const char *const *more)
{
	size_t k = cl.start;
	while (k > 0 && b[k - 1] == ' ')
		k--;
	if (k < 2 || !spaced_dash(b, k - 1, cl.end))
		return 0;
	for (size_t j = k - 2; j > 0 && b[j] != '\n' && k - j < GR_ASIDE_REACH; j--)
		if (spaced_dash(b, j, k))
			return 0; /* the second dash of a pair: what follows is the sentence again */
	size_t close = NONE;
	for (size_t j = cl.start; j < cl.start + GR_ASIDE_REACH && b[j] && b[j] != '\n'; j++) {
		if ((b[j] == '.' && (b[j + 1] == ' ' || b[j + 1] == '\n' || !b[j + 1])) || b[j] == ';')
			break;
		if (spaced_dash(b, j, j + 2)) {
			close = j;
			break;
		}
	}
	if (close == NONE)
		return 0;
	struct gr_span w = first_word(b, span_at(cl.start, close));
	return w.end > w.start && !gr_word_in(b + w.start, w.end - w.start, more);
}

static int aside(const char *b, struct gr_span cl)
{
	static const char *const more[] = { "or", "and", "plus", "also", "then", "maybe", "alternatively", NULL };
	size_t k = cl.start;
	int depth = 0;
	while (k > 0 && b[k - 1] != '\n' && cl.start - k < GR_ASIDE_REACH) {
		k--;
		if (b[k] == ')')
			depth++;
		else if (b[k] == '(' && depth-- == 0)
			break;
	}
	if (b[k] == '(' && depth < 0) {
		struct gr_span w = first_word(b, span_at(k + 1, cl.end > k + 1 ? cl.end : k + 1));
		return !gr_word_in(b + w.start, w.end - w.start, more);
	}
	return dash_aside(b, cl, more);
}

/* A relative clause: "that fuses the copies", "which code calls to()". */
static int relative(const char *b, struct gr_span cl)
{
	size_t k = cl.start;
	while (k < cl.end && !isalpha((unsigned char)b[k]))
		k++;
	return (cl.end - k >= 5 && !strncasecmp(b + k, "that", 4) && !isalpha((unsigned char)b[k + 4])) ||
	       (cl.end - k >= 6 && !strncasecmp(b + k, "which", 5) && !isalpha((unsigned char)b[k + 5]));
}

/* Does sentence s propose something: an action verb heading one of its clauses? */
static int proposes(const struct gr_analysis *a, const struct gr_rule *rule, unsigned s, struct gr_span sp)
{
	if (rule->action < 0)
		return 1;
	const struct gr_mentions *act = &a->concepts[rule->action];
	for (size_t i = first_in_sentence(act, s); i < act->n && act->v[i].sentence == s; i++) {
		const struct gr_mention *x = &act->v[i];
		if (x->negated || !in_span(sp, x->start))
			continue;
		size_t cs = a->r->clauses[x->clause].start;
		if (heads_clause(a->r->text.buf, cs < sp.start ? sp.start : cs, x->start))
			return 1;
	}
	return 0;
}

/* "... and re-profile: do copy_ and to go away?": a clause that asks with
 * "do"/"does"/"did" states the outcome to watch, not another proposal. */
static int asks(const char *b, struct gr_span cl, const struct gr_mention *x)
{
	const char *w = b + x->start;
	size_t n = x->end - x->start, e = cl.end;
	int aux = (n == 2 && !strncasecmp(w, "do", 2)) || (n == 3 && !strncasecmp(w, "did", 3)) ||
		  (n == 4 && !strncasecmp(w, "does", 4));
	while (e > cl.start && (b[e - 1] == ' ' || b[e - 1] == '\n'))
		e--;
	return aux && e > cl.start && b[e - 1] == '?';
}

/* Does the verb ending at off act on what an earlier step found, its object
 * a pronoun ("move those tensors to the GPU", "fix them")? */
static int acts_on_found(const char *b, size_t off, size_t end)
{
	static const char *const back[] = { "it", "them", "those", "these", "whichever", "whatever", NULL };
	/* "benchmark the backends and keep the fastest": the measurement's winner */
	static const char *const best[] = { "fastest", "best", "winner", "quickest", "cheapest", "faster", "better",
					    NULL };
	/* "profile with shapes, then use key_averages(...) to see": its output */
	static const char *const output[] = { "table", "trace", "traces", "output", "results", NULL };
	while (off < end && b[off] == ' ')
		off++;
	struct gr_span w = first_word(b, span_at(off, end));
	if (w.start != off || w.end <= w.start)
		return 0;
	if (gr_word_in(b + w.start, w.end - w.start, back))
		return 1;
	if (w.end - w.start == 3 && !strncasecmp(b + w.start, "the", 3))
		w = first_word(b, span_at(w.end, end));
	if (w.end < end && (b[w.end] == '.' || b[w.end] == '_') &&
	    ((w.end - w.start == 4 && !strncasecmp(b + w.start, "prof", 4)) ||
	     (w.end - w.start == 3 && !strncasecmp(b + w.start, "key", 3))))
		return 1; /* "prof.key_averages()", "key_averages(group_by_input_shape=True)" */
	return gr_word_in(b + w.start, w.end - w.start, best) || gr_word_in(b + w.start, w.end - w.start, output);
}

/* Is the clause at cs the consequent of a sentence that opens with a
 * condition ("If so, load with torch_dtype=float16", "Once confirmed,
 * ...", "Depending on what that shows, ...")? at: the verb's offset. After
 * a first experiment it is what that experiment's result decides, not
 * another one. */
static int contingent(const char *b, struct gr_span sentence, size_t cs, size_t at)
{
	static const char *const opener[] = { "if", "once", "when", "assuming", "depending", NULL };
	static const char *const joins[] = { "and", "then", "but", NULL };
	struct gr_span w = first_word(b, sentence);
	if (cs > w.end && gr_word_in(b + w.start, w.end - w.start, opener))
		return 1;
	/* "Depending on what it shows I'd then load ...": no comma parts the
	 * condition from its consequent, but the verb comes after it */
	if (at > w.end && w.end - w.start == 9 && !strncasecmp(b + w.start, "depending", 9))
		return 1;
	/* "..., and if it's fp32 on the weights, load the checkpoint in bf16":
	 * the clause before this one opens with a condition. */
	size_t k = cs;
	while (k > sentence.start && (b[k - 1] == ' ' || b[k - 1] == ','))
		k--;
	size_t from = k;
	while (from > sentence.start && b[from - 1] != ',' && b[from - 1] != ';' && b[from - 1] != ':' &&
	       !(b[from - 1] == '-' && from - 1 > sentence.start && b[from - 2] == ' ' && b[from] == ' '))
		from--; /* back to the last comma, semicolon, colon or spaced dash (an em dash) */
	if (from >= k)
		return 0;
	struct gr_span c = first_word(b, span_at(from, k));
	if (c.start < k && gr_word_in(b + c.start, c.end - c.start, joins))
		c = first_word(b, span_at(c.end, k));
	if (c.start < k && gr_word_in(b + c.start, c.end - c.start, opener))
		return 1;
	/* "check the weight dtype and if it's fp32, load ...": the condition
	 * joined to the look before it */
	for (struct gr_span j = c; j.start < k; j = first_word(b, span_at(j.end, k))) {
		if (j.end <= j.start)
			break;
		if (!gr_word_in(b + j.start, j.end - j.start, joins))
			continue;
		struct gr_span o = first_word(b, span_at(j.end, k));
		if (o.start < k && o.end > o.start && gr_word_in(b + o.start, o.end - o.start, opener))
			return 1;
	}
	return 0;
}

/* Does the sentence open with a heading that announces an explanation
 * ("why: to see what each copy_ converts", "what I expect: fp32 weights
 * cast to bf16 every step", "Expected result: ...") before cs? What
 * follows it predicts or justifies the experiment; it proposes nothing. */
static int explains(const char *b, struct gr_span sentence, size_t cs)
{
	static const char *const head[] = { "why", "because", "reason", "rationale", "expect", "expected", "expecting",
					    "expectation", "prediction", "predicted", "hypothesis", "goal", "purpose",
					    "result", "outcome", "rationale", NULL };
	const char *colon = memchr(b + sentence.start, ':', sentence.end - sentence.start);
	if (!colon || (size_t)(colon - b) >= cs || colon - (b + sentence.start) > 40)
		return 0;
	for (size_t k = sentence.start; k < (size_t)(colon - b);) {
		struct gr_span w = first_word(b, span_at(k, (size_t)(colon - b)));
		if (w.start >= w.end)
			break;
		if (gr_word_in(b + w.start, w.end - w.start, head))
			return 1;
		k = w.end;
	}
	return 0;
}

/* Does the verb at `at` predict what an earlier step does, its clause
 * opening with "that should", "this will", "which would" ("... and compare
 * ms/token. That should remove most of the 11 ms")? */
static int predicts(const char *b, size_t cs, size_t at)
{
	static const char *const subject[] = { "that", "this", "it", "which", "these", "those", NULL };
	static const char *const modal[] = { "should", "would", "will", "might", "could", "ought", NULL };
	static const char *const filler[] = { "then", "probably", "also", "likely", "hopefully", "alone", "to", NULL };
	struct gr_span w = first_word(b, span_at(cs, at));
	if (w.start >= at)
		return 0;
	/* "..., should fuse mul/add and cut the copy_ launches": the subject
	 * left out, the clause is all prediction */
	if (gr_word_in(b + w.start, w.end - w.start, modal))
		return 1;
	if (!gr_word_in(b + w.start, w.end - w.start, subject))
		return 0;
	w = first_word(b, span_at(w.end, at));
	if (w.start >= at || !gr_word_in(b + w.start, w.end - w.start, modal))
		return 0;
	for (w = first_word(b, span_at(w.end, at)); w.start < at; w = first_word(b, span_at(w.end, at)))
		if (!gr_word_in(b + w.start, w.end - w.start, filler))
			return 0;
	return 1;
}

/* Experiments in scope: the distinct kinds proposed (affirmed; past the first
 * sentence only in sentences that propose something, so "Inductor should
 * fuse the casts" is a rationale, not a second experiment), verbs that open a
 * proposal of their own, and list items that each propose something. One
 * measurement with several settings ("with record_shapes=True and
 * with_stack=True") is one experiment; so is a change followed by the
 * re-measurement that shows its effect ("load in bf16, then re-profile"). */
/* "check whether the copies are casts: reload in bf16 and re-profile": what
 * follows the colon of a yes/no question (from first, the question's
 * action, to the clause at cs) is how it is answered, not a second
 * experiment. */
static int answers_question(const char *b, size_t first, size_t cs)
{
	size_t k = cs;
	while (k > first && b[k - 1] == ' ')
		k--;
	if (k <= first || b[k - 1] != ':')
		return 0;
	if (k - first > 240) /* a question is short: a long plan of colons is not rescanned each time */
		first = k - 240;
	for (size_t i = first; i < k; i++)
		if ((i + 8 <= k && !strncasecmp(b + i, "whether ", 8)) || (i + 4 <= k && !strncasecmp(b + i, " if ", 4)))
			return 1;
	return 0;
}

/* "check device movement: add with_stack=True and see where copy_ comes
 * from", "keep everything on the GPU in one dtype - load the weights once
 * as bf16 and re-profile", "instrument the casts: wrap every .to()": a
 * short headline before a colon or a dash (from first, its verb, to the
 * clause at cs) names the experiment, and what follows is how it is done,
 * unless it adds to it ("- and also ...", ": then ..."). */
static const char *const also_words[] = { "separately", "also", "as well", "in addition", "additionally",
					  "on top of that", NULL };

/* "find out where the copies go. Add a quick hook that logs src/dst
 * dtype and device ...": a short sentence that names what is to be
 * learnt, then the sentence that says how, is one experiment. */
static int goal_then_how(const char *b, size_t first, size_t cs)
{
	static const char *const goals[] = { "find out", "figure out", "work out", "determine", "establish",
					     "understand", "pin down", "learn", NULL };
	size_t k = cs;
	while (k > first && b[k - 1] == ' ')
		k--;
	if (k <= first + 1 || b[k - 1] != '.' || k - first > 80)
		return 0;
	for (size_t i = first; i + 1 < k; i++)
		if (strchr(",;.\n", b[i]))
			return 0;
	for (const char *const *g = goals; *g; g++)
		if (!strncasecmp(b + first, *g, strlen(*g)))
			return 1;
	return 0;
}

static int headline_then_how(const char *b, size_t first, size_t cs)
{
	/* "try a few things: A, B and C" introduces a list, not a how. */
	static const char *const many[] = { "few", "several", "things", "some", "couple", "options", "ideas", "two",
					    "three", "both", NULL };
	static const char *const adds[] = { "and", "also", "plus", "then", "additionally", "or", "second",
					    "secondly", "separately", "another", NULL };
	size_t k = cs;
	while (k > first && b[k - 1] == ' ')
		k--;
	if (k <= first + 1 || !(b[k - 1] == ':' || (b[k - 1] == '-' && b[k - 2] == ' ')))
		return 0;
	struct gr_span w = first_word(b, span_at(cs, cs + 16));
	if (w.start == cs && gr_word_in(b + w.start, w.end - w.start, adds))
		return 0;
	/* "... - load in bf16, and separately pin the inputs": two, spelled out */
	const char *eol = strchr(b + cs, '\n');
	if (has_phrase(b, span_at(cs, eol ? (size_t)(eol - b) : cs + strlen(b + cs)), also_words))
		return 0;
	k--;
	while (k > first && b[k - 1] == ' ')
		k--;
	if (k - first > 80) /* a headline is a phrase, not a paragraph */
		return 0;
	for (size_t i = first; i < k; i++)
		if (b[i] == ',' || b[i] == ';' || b[i] == '.' || b[i] == '\n')
			return 0;
	/* ... but "batch several requests together - run at batch 1, 4, 16"
	 * counts requests, not experiments */
	static const char *const options[] = { "things", "thing", "options", "ideas", "experiments", "approaches",
					       "changes", "fixes", "tweaks", "candidates", "variants", "tries",
					       "alternatives", "steps", NULL };
	for (w = first_word(b, span_at(first, k)); w.start < k; w = first_word(b, span_at(w.end, k))) {
		if (!gr_word_in(b + w.start, w.end - w.start, many))
			continue;
		struct gr_span nx = first_word(b, span_at(w.end, k));
		if (nx.start >= k || gr_word_in(b + nx.start, nx.end - nx.start, options))
			return 0;
	}
	return 1;
}

/* "switch to FlashAttention-2 in bf16", "compile with CUDA graphs": a kind
 * named right after "in"/"with", behind another kind of the list in the
 * same clause, is a setting of that experiment, not a second one; after
 * "by"/"via" it is the means ("move the loop out of Python by capturing
 * one decode step in a CUDA graph"). */
static int setting_of_other(const struct gr_analysis *a, const struct gr_rule *rule, size_t kind,
			    const struct gr_mention *x)
{
	static const char *const joins[] = { "in", "with", "by", "via", NULL };
	const char *b = a->r->text.buf;
	size_t cs = a->r->clauses[x->clause].start;
	struct gr_span w = word_before(b, cs, x->start);
	if (!gr_word_in(b + w.start, w.end - w.start, joins))
		return 0;
	size_t p = w.end;
	for (size_t i = 0; i < rule->nlist; i++) {
		if (i == kind)
			continue;
		const struct gr_mentions *m = &a->concepts[rule->list[i]];
		for (size_t k = first_at(m, cs); k < m->n && m->v[k].start < x->start; k++) {
			const struct gr_mention *o = &m->v[k];
			if (o->clause != x->clause || o->stuffed || o->negated || o->end > p)
				continue;
			/* "flash attention and kv cache in fp8": two proposals */
			int joined = 0;
			for (size_t c = o->end; c < p && !joined; c++)
				joined = strchr(",;+&", b[c]) || (!strncasecmp(b + c, " and ", 5)) ||
					 (!strncasecmp(b + c, " or ", 4)) || (!strncasecmp(b + c, " also ", 6));
			if (!joined)
				return 1;
		}
	}
	return 0;
}

/* "get the per-token loop out of Python: capture the decode step as one
 * CUDA graph and replay it": a short lead-in before a colon that the next
 * clause answers with a proposal of its own is the goal, and what follows
 * the colon is the experiment. */
static int goal_before_how(const struct gr_analysis *a, const struct gr_rule *rule, const struct gr_mention *x)
{
	const struct gr_report *r = a->r;
	const char *b = r->text.buf;
	size_t c = x->clause;
	struct gr_span cl = r->clauses[c];
	if (rule->action < 0 || cl.end >= r->text.len || b[cl.end] != ':' || c + 1 >= r->nclauses ||
	    r->clause_sentence[c + 1] != x->sentence || gr_count_words(b, cl.start, cl.end) > 10)
		return 0;
	const struct gr_mentions *act = &a->concepts[rule->action];
	struct gr_span next = r->clauses[c + 1];
	for (size_t k = first_at(act, next.start); k < act->n && act->v[k].start < next.end; k++)
		if (!act->v[k].negated && heads_clause(b, next.start, act->v[k].start))
			return 1;
	return 0;
}

/* Does the option label ending at p stand alone, pointing at an option
 * described elsewhere ("options 1 and 2 together", "(a), then (b), see
 * below")? Not when words of its own follow ("(a) re-profile with shapes",
 * "option 1 only if ..."): that is the experiment written out. */
static int bare_label(const char *b, size_t p, size_t end)
{
	static const char *const then[] = { "and", "then", "plus", "together", "combined", "both", "see", "below",
					    "above", "first", "after", "afterwards", "next", "from", "in", "parallel",
					    "at", "once", "the", "table", "list", "decision", "doc", NULL };
	while (p < end && b[p] == ' ')
		p++;
	if (p >= end || strchr(",;+&.()\n:-/>", b[p]))
		return 1;
	struct gr_span w = first_word(b, span_at(p, end));
	return w.start == p && gr_word_in(b + w.start, w.end - w.start, then);
}

/* How many options an experiment field points at by their labels alone:
 * "options 1 + 2 (see Decision)", "(a), then (b)" run two experiments
 * written out elsewhere; "Option (a)", "(a) over (c)" pick one. */
static int option_refs(const char *b, struct gr_span sp)
{
	static const char *const joins[] = { "and", "then", "plus", NULL };
	uint64_t seen = 0;
	for (size_t i = sp.start; i < sp.end; i++) {
		unsigned char c = (unsigned char)(b[i] | 0x20);
		size_t p;
		unsigned bit;
		if ((b[i] != '(' && c != 'o' && c != 'a' && c != 'c') || !(bit = label_at(b, i, sp.end, &p)))
			continue;
		if (bare_label(b, p, sp.end))
			seen |= 1ull << bit;
		while (b[i] != '(' && p < sp.end) { /* "options 1 and 2": the rest of the list */
			while (p < sp.end && strchr(" ,+&-", b[p]))
				p++;
			size_t e = p;
			while (e < sp.end && gr_isalnum((unsigned char)b[e]))
				e++;
			if (e == p)
				break;
			if ((bit = option_label(b + p, e - p)) != 0 && bare_label(b, e, sp.end))
				seen |= 1ull << bit;
			else if (!gr_word_in(b + p, e - p, joins))
				break;
			p = e;
		}
		i = p - 1;
	}
	return __builtin_popcountll(seen);
}

/* Is x in code that will run ("step = torch.compile(decode_step)"): a
 * line of a code block, outside its comment, or in a comment that adds to
 * the code ("# bs=4 too")? A comment that explains the line ("#
 * cudagraphs under the hood") proposes nothing of its own. */
static int runs_as_code(const struct gr_report *r, const struct gr_mention *x)
{
	static const char *const adds[] = { "too", "also", "plus", "additionally", NULL };
	const char *b = r->text.buf;
	int ln = gr_text_line_of(&r->text, x->start) - 1;
	if (ln < 0 || !r->code_line[ln])
		return 0;
	size_t bol = x->start;
	while (bol > 0 && b[bol - 1] != '\n')
		bol--;
	const char *hash = memchr(b + bol, '#', x->start - bol);
	if (!hash)
		return 1;
	size_t eol = x->end;
	while (eol < r->text.len && b[eol] != '\n')
		eol++;
	struct gr_span c = span_at((size_t)(hash - b), eol), w = first_word(b, c);
	return clause_has_any(b, c, adds) || (w.end - w.start == 3 && !strncasecmp(b + w.start, "and", 3)) ||
	       gr_memmem(b + c.start, c.end - c.start, " at it", 6) != NULL; /* "# and while we're at it: ..." */
}

/* Where the experiment a field singles out starts ("although torch.compile
 * or batching might equally be considered, the single experiment proposed
 * here is to capture ..."): the avenues weighed before it are not
 * proposed. sp.start when the field singles out none. */
static size_t singled_out(const struct gr_analysis *a, struct gr_span sp)
{
	static const char *const lead[] = { "the single experiment", "the one experiment", "the only experiment",
					    "the single next experiment", "the one thing i'll run", "the one i'll run",
					    "the one thing i'd run", "the one i'd run", NULL };
	const struct gr_trigrams *tri = a->r->tri;
	if (!tri || !tri->lower || tri->len != a->r->text.len || sp.end <= sp.start ||
	    !gr_memmem(tri->lower + sp.start, sp.end - sp.start, "the ", 4))
		return sp.start;
	for (const char *const *l = lead; *l; l++) {
		const char *at = gr_memmem(tri->lower + sp.start, sp.end - sp.start, *l, strlen(*l));
		if (!at)
			continue;
		size_t from = (size_t)(at - tri->lower) + strlen(*l), to = from + 40 < sp.end ? from + 40 : sp.end;
		if (gr_memmem(tri->lower + from, to - from, " is ", 4) || memchr(tri->lower + from, ':', to - from))
			return (size_t)(at - tri->lower);
	}
	return sp.start;
}

/* Does the text between two proposals add the second as another one ("...,
 * and maybe also pin the host memory", "plus, while I'm at it, ...")
 * rather than as a step of the same change? */
static int adds_another(const struct gr_report *r, size_t from, size_t to)
{
	static const char *const more[] = { "also", "maybe", "perhaps", "possibly", "additionally", "plus",
					    "as well", "at it", "on top", "besides", "separately", "too", "at the same time",
					    "simultaneously", "in parallel", "meanwhile", NULL };
	return from >= to || has_phrase(r->text.buf, span_at(from, to), more);
}

/* Is the mention at `at` what a step is predicted to do, after a modal
 * and an effect verb in its clause ("... an H100 node would cut the copy
 * time by half", "which should remove the casts")? Its kind is the
 * effect, not another experiment. */
static int predicted_effect(const char *b, struct gr_span cl, size_t at)
{
	static const char *const modal[] = { "would", "will", "should", "could", "might", "'d", NULL };
	static const char *const effect[] = { "cut", "cuts", "reduce", "reduces", "halve", "halves", "remove",
					      "removes", "shrink", "shrinks", "eliminate", "eliminates", "drop",
					      "lower", "shave", "save", "kill", NULL };
	int seen_modal = 0, gap = 0;
	for (struct gr_span w = first_word(b, span_at(cl.start, at)); w.start < at;
	     w = first_word(b, span_at(w.end, at))) {
		size_t n = w.end - w.start;
		if (gr_word_in(b + w.start, n, modal)) {
			seen_modal = 1;
			gap = 0;
		} else if (seen_modal && gap < 2 && gr_word_in(b + w.start, n, effect)) {
			return 1;
		} else if (seen_modal) {
			gap++;
		}
	}
	return 0;
}

/* Does mention x of kind list[i] lie inside a longer mention of another
 * kind of the rule ("a Triton kernel that fuses the bf16 cast into the
 * attention": the cast is what the kernel does, one experiment)? */
static int inside_other_kind(const struct gr_analysis *a, const struct gr_rule *rule, size_t i,
			     const struct gr_mention *x)
{
	for (size_t j = 0; j < rule->nlist; j++) {
		if (j == i || rule->list[j] == rule->list[i])
			continue;
		const struct gr_mentions *m = &a->concepts[rule->list[j]];
		for (size_t k = first_in_sentence(m, x->sentence); k < m->n && m->v[k].sentence == x->sentence; k++) {
			const struct gr_mention *y = &m->v[k];
			if (!y->negated && !y->stuffed && y->start <= x->start && x->end <= y->end &&
			    y->end - y->start > x->end - x->start)
				return 1;
		}
	}
	return 0;
}

/* The first mention of the rule's kind list[i] that sp proposes as the
 * experiment (the sentence first names it even without a verb; NONE: no
 * such sentence). One named only in a relative clause ("a kernel that
 * fuses the copies") describes the object of a proposal: it goes to *rel
 * instead (the first one only), for the caller to count or not. */
static const struct gr_mention *proposed_kind(const struct gr_analysis *a, const struct gr_rule *rule, size_t i,
					      struct gr_span sp, size_t first, const struct gr_mention **rel)
{
	const char *b = a->r->text.buf;
	const struct gr_mentions *m = &a->concepts[rule->list[i]];
	for (size_t k = 0; k < m->n; k++) {
		const struct gr_mention *x = &m->v[k];
		if (!in_span(sp, x->start) || x->stuffed || x->negated)
			continue;
		/* Code's brackets hold arguments, not asides. */
		int code = runs_as_code(a->r, x);
		if (!code && (rationale(b, a->r->clauses[x->clause]) ||
			      after_purpose(b, a->r->clauses[x->clause].start, x->start) ||
			      predicted_effect(b, a->r->clauses[x->clause], x->start)))
			continue;
		int apart = !code && aside(b, a->r->clauses[x->clause]);
		if (!(x->sentence == first || proposes(a, rule, x->sentence, sp) || code))
			continue;
		if (setting_of_other(a, rule, i, x) || goal_before_how(a, rule, x) || inside_other_kind(a, rule, i, x))
			continue;
		/* An aside ("cut launch overhead - CUDA graphs or torch.compile,
		 * whichever is easier - and compare") says how, like a relative
		 * clause: it counts when nothing outside it names a kind. */
		if (apart || relative(b, a->r->clauses[x->clause])) {
			if (!*rel)
				*rel = x;
			continue;
		}
		return x;
	}
	return NULL;
}

/* The list a field points at ("Next experiment: run steps 1-5 below",
 * "... (procedure below, one profiling run)"): the items that start right
 * after it, past blank lines and one heading ("## Steps"), with their
 * indented lines and code. What they propose is the field's experiment: a
 * procedure of one kind is one experiment, five kinds of fix are five. An
 * empty span when the field points at none. */
static struct gr_span list_below(const struct gr_report *r, struct gr_span sp)
{
	const struct gr_text *t = &r->text;
	struct gr_span none = span_at(sp.end, sp.end);
	if (sp.end <= sp.start || !has_phrase(t->buf, sp, below_words))
		return none;
	size_t ln = (size_t)gr_text_line_of(t, sp.end ? sp.end - 1 : 0); /* the line after the field, 0-based */
	int skipped_heading = 0;
	/* A heading names what its list is: "## Steps" heads the procedure the
	 * field points at, "### Root cause (suspected)" another answer. */
	static const char *const plan[] = { "step", "steps", "procedure", "plan", "plans", "option", "options",
					    "action", "actions", "command", "commands", "how", "experiment",
					    "experiments", "run", "runbook", "todo", "to-do", "checklist", "fix", "fixes",
					    "method", "approach", "cell", "script", "proposal", "next", "change", "changes",
					    NULL }; /* a pull request's "## Changes" */
	for (int blank; ln < t->nlines && !item_line(r, ln); ln++) {
		line_indent(r, ln, &blank);
		if (r->label_line[ln] || (!blank && skipped_heading++))
			return none;
		if (!blank && !has_phrase(t->buf, span_at(t->lines[ln].off, t->lines[ln].off + t->lines[ln].len), plan))
			return none;
	}
	if (ln >= t->nlines)
		return none;
	size_t start = t->lines[ln].off, end = start;
	for (; ln < t->nlines && !r->label_line[ln]; ln++) {
		int blank, indent = line_indent(r, ln, &blank);
		if (!blank && !indent && !item_line(r, ln) && !r->code_line[ln])
			break; /* "Expected result: ...", "ETA: 2 days": the list is over */
		if (!blank)
			end = t->lines[ln].off + t->lines[ln].len;
	}
	return span_at(start, end);
}

/* Do offsets x < y lie in one sentence? */
static int same_sentence(const struct gr_report *r, size_t x, size_t y)
{
	size_t t = span_of(r->sentences, r->nsentences, x);
	return t != NONE && y < r->sentences[t].end;
}

/* Does y open the sentence after x's with a word that adds another step
 * ("record_shapes=True to see the dtypes. Also switch the transfers to
 * pinned memory ...")? */
static int next_adds_another(const struct gr_report *r, size_t x, size_t y)
{
	static const char *const more[] = { "also", "additionally", "plus", "separately", "besides", "meanwhile",
					    NULL };
	size_t t = span_of(r->sentences, r->nsentences, x), u = span_of(r->sentences, r->nsentences, y);
	if (t == NONE || u != t + 1)
		return 0;
	struct gr_span w = first_word(r->text.buf, r->sentences[u]);
	return w.end > w.start && gr_word_in(r->text.buf + w.start, w.end - w.start, more);
}

static void eval_experiments(const struct gr_analysis *a, const struct gr_rule *rule, struct gr_span sp,
			     struct gr_rule_result *res)
{
	const char *b = a->r->text.buf;
	int kinds = 0, items = 0, actions = 0;
	sp.start = singled_out(a, sp);
	char names[160] = "";
	size_t first = NONE;
	for (size_t s = 0; s < a->r->nsentences && first == NONE; s++)
		if (in_span(sp, a->r->sentences[s].start) || in_span(a->r->sentences[s], sp.start))
			first = s;
	/* The field's first sentence names the experiment even without a verb
	 * ("record_shapes on copy_"), unless it only states a finding and a
	 * later one proposes ("dtype is the problem. So I'd switch ..."). */
	static const char *const verdict[] = { "is the problem", "are the problem", "is the culprit",
					       "are the culprit", "is the bottleneck", "are the bottleneck", NULL };
	int first_counts = 1;
	const struct gr_trigrams *tri = a->r->tri;
	if (first != NONE && tri && tri->lower && tri->len == a->r->text.len && !proposes(a, rule, (unsigned)first, sp) &&
	    has_phrase(tri->lower, a->r->sentences[first], verdict))
		for (size_t s = first + 1; s < a->r->nsentences && in_span(sp, a->r->sentences[s].start) && first_counts;
		     s++)
			first_counts = !proposes(a, rule, (unsigned)s, sp);
	/* Kinds named only in a relative clause ("a kernel that fuses the
	 * copies", "find out which code calls aten::to") describe the object
	 * of the proposal: they count only when nothing else names a kind. */
	int rel_kinds = 0;
	char rel_names[160] = "";
	size_t rel_evidence = NONE;
	struct gr_span below = list_below(a->r, sp);
	for (size_t i = 0; i < rule->nlist; i++) {
		const struct gr_mention *rel = NULL, *unused = NULL;
		const struct gr_mention *hit = proposed_kind(a, rule, i, sp, first_counts ? first : NONE, &rel);
		if (!hit && !rel && below.end > below.start)
			hit = proposed_kind(a, rule, i, below, NONE, &unused);
		if (!hit && rel) {
			rel_kinds++;
			size_t l = strlen(rel_names);
			snprintf(rel_names + l, sizeof(rel_names) - l, "%s%s", l ? ", " : "", a->ex->concepts[rule->list[i]].id);
			if (rel_evidence == NONE || rel->start < rel_evidence)
				rel_evidence = rel->start;
		}
		if (!hit)
			continue;
		kinds++;
		size_t l = strlen(names);
		snprintf(names + l, sizeof(names) - l, "%s%s", l ? ", " : "", a->ex->concepts[rule->list[i]].id);
		if (res->evidence == NONE || hit->start < res->evidence)
			res->evidence = hit->start;
	}
	if (kinds == 0 && rel_kinds > 0) {
		kinds = rel_kinds;
		memcpy(names, rel_names, sizeof(names));
		res->evidence = rel_evidence;
	}
	/* Only the outline's top level in scope: items nested under another
	 * ("- find where copy_ comes from" / "  - record_shapes=True" / "  -
	 * group by dtype") are how their parent is done, not more proposals.
	 * The item the label opens is of that level ("- Next experiment: X"
	 * over "  - how"), unless it only introduces its list ("- Next
	 * experiment: a full pass:" over "  1. nsys ..." "  2. ncu ..."). */
	int top = INT_MAX;
	for (size_t i = 0; i < a->r->nitems; i++) {
		struct gr_span it = a->r->items[i].span;
		int starts = (it.start >= sp.start && it.start < sp.end) || (it.start >= sp.start2 && it.start < sp.end2);
		int opens = !starts && it.start < sp.end && it.end > sp.start;
		if (opens) {
			size_t e = it.end;
			while (e > sp.start && strchr(" *_", b[e - 1]))
				e--;
			/* "three passes:" and "three passes -" introduce it */
			opens = e > sp.start && b[e - 1] != ':' && !(b[e - 1] == '-' && e >= sp.start + 2 && b[e - 2] == ' ');
		}
		if ((starts || opens) && a->r->items[i].indent < top)
			top = a->r->items[i].indent;
	}
	for (size_t i = 0; i < a->r->nitems; i++) {
		struct gr_span it = a->r->items[i].span;
		int inside = (it.start >= sp.start && it.start < sp.end && it.end <= sp.end + 1) ||
			     (it.start >= sp.start2 && it.start < sp.end2 && it.end <= sp.end2 + 1); /* either range */
		if (inside && a->r->items[i].indent > top + 1)
			continue;
		if (inside && item_has_action(a, rule, it) &&
		    !explains(b, it, it.end) && !contingent(b, it, it.end, it.end))
			items++; /* not "- why: ...", "- what I expect: ...", "- if it's fp32 -> a cast": what
				  * the plan is for, or how its result reads */
	}
	/* "check the param dtypes, cast once at load, re-profile": a look, the
	 * change it points to and the run that shows its effect are one
	 * experiment (a fix alone, or a look alone, is one too). */
	int first_looks = 0, second_changes = 0;
	size_t second_act = NONE, last_measure = NONE; /* NONE: nothing re-measured after the change */
	size_t first_act = NONE; /* where the first counted action is */
	if (rule->action >= 0) {
		const struct gr_mentions *act = &a->concepts[rule->action];
		for (size_t i = 0; i < act->n; i++) {
			const struct gr_mention *x = &act->v[i];
			if (!in_span(sp, x->start) || x->stuffed || x->negated)
				continue;
			size_t cs = a->r->clauses[x->clause].start;
			if (cs < sp.start)
				cs = sp.start;
			int head = heads_clause(b, cs, x->start);
			if (!head || asks(b, a->r->clauses[x->clause], x) || aside(b, a->r->clauses[x->clause]))
				continue;
			if (x->start > 0 && b[x->start - 1] == '`' && b[x->end] == '`')
				continue; /* "`add` and `relu` collapse": an op's name, not a verb */
			if (actions > 0 && contingent(b, a->r->sentences[x->sentence], cs, x->start))
				continue; /* "If so, load in bf16 and re-profile": what the result decides */
			if (actions > 0 && acts_on_found(b, x->end, a->r->clauses[x->clause].end))
				continue; /* "find the .to() in the loop, move those tensors ...": one experiment */
			if (actions > 0 && (answers_question(b, first_act, cs) ||
					    headline_then_how(b, first_act, cs) || goal_then_how(b, first_act, cs)))
				continue;
			if (actions > 0 && explains(b, a->r->sentences[x->sentence], cs))
				continue; /* "what I expect: fp32 weights cast to bf16" */
			if (actions > 0 && predicts(b, cs, x->start))
				continue; /* "That should remove most of the 11 ms" */
			int is_measure = 0;
			if (rule->measure >= 0) {
				const struct gr_mentions *me = &a->concepts[rule->measure];
				for (size_t k = 0; k < me->n; k++)
					is_measure |= me->v[k].start == x->start;
			}
			if (actions > 0 && is_measure && head != 2) {
				/* Re-measuring after a change is part of that experiment. */
				if (second_act != NONE && x->start > second_act)
					last_measure = x->start;
				continue;
			}
			if (first_act == NONE) {
				first_act = x->start;
				first_looks = is_measure;
			} else if (second_act == NONE) {
				second_act = x->start;
				second_changes = !is_measure;
			}
			actions++;
		}
	}

	/* "load in bf16 from the start, remove the per-step cast, and
	 * re-profile": two changes of one kind, measured by one run, are one
	 * fix tested once. Changes of two kinds (bf16 and a CUDA graph) are
	 * counted by their kinds. */
	if (actions == 2 && second_changes && last_measure != NONE &&
	    !gr_memmem(b + sp.start, last_measure - sp.start, " or ", 4) &&
	    (first_looks || kinds <= 1) && !adds_another(a->r, first_act, second_act))
		actions = 1;
	/* "capture one decode step in a CUDA graph ... / Siguiente experimento:
	 * capturar el paso de decode en un CUDA graph": one kind said again
	 * after a slash (a translation, a restatement) is the same proposal. */
	if (actions == 2 && kinds <= 1 && first_act != NONE && second_act != NONE &&
	    gr_memmem(b + first_act, second_act - first_act, " / ", 3))
		actions = 1;
	/* "record_shapes=True to group copy_ by dtype, and maybe also pin the
	 * KV buffers": a first experiment named without a verb, then a change
	 * added as another one in the same sentence. */
	if (actions == 1 && !first_looks && kinds >= 1 && res->evidence != NONE && res->evidence < first_act &&
	    ((same_sentence(a->r, res->evidence, first_act) && adds_another(a->r, res->evidence, first_act)) ||
	     next_adds_another(a->r, res->evidence, first_act)))
		actions = 2;
	int any_action = rule->action >= 0 && find(a, rule->action, sp, GR_POL_AFFIRMED, -1, -1);
	int n = kinds;
	if (items > n)
		n = items;
	if (actions > n)
		n = actions;
	int refs = option_refs(b, sp);
	if (refs > n && (refs > 1 || n == 0))
		n = refs; /* "options 1 and 2 together"; "option 1 (see Decision)" names one */
	if (n == 0 && any_action)
		n = 1;
	int lo = rule->min >= 0 ? rule->min : 1, hi = rule->max >= 0 ? rule->max : 1;
	res->passed = n >= lo && n <= hi;
	if (res->evidence == NONE && sp.end > sp.start)
		res->evidence = sp.start;
	if (n == 0)
		snprintf(res->detail, sizeof(res->detail), "no experiment found here");
	else
		snprintf(res->detail, sizeof(res->detail), "counted %d experiment%s: %d kind%s%s%s%s, %d separate proposal%s",
			 n, n == 1 ? "" : "s", kinds, kinds == 1 ? "" : "s", *names ? " (" : "", names, *names ? ")" : "",
			 actions > items ? actions : items, (actions > items ? actions : items) == 1 ? "" : "s");
}

/* Is line the heading of a section that starts sp: "2) Contrast", "Q2:
 * Contrast with Part A"? A numbered heading is not one of the bullets under
 * it. */
static int heads_section(const struct gr_report *r, struct gr_span sp, int line)
{
	for (size_t k = 0; k < r->ex->nsections; k++)
		if (r->sections[k].found && r->sections[k].found != 3 && r->sections[k].line == line &&
		    r->sections[k].span.start == sp.start)
			return 1;
	return 0;
}

/* Are the lines after the one holding off, up to line `line` (1-based,
 * excluded), all blank? */
static int blank_between(const struct gr_report *r, size_t off, int line)
{
	int blank = 1;
	for (int ln = gr_text_line_of(&r->text, off) + 1; ln < line && blank; ln++)
		line_indent(r, (size_t)(ln - 1), &blank);
	return blank;
}

/* Where an item ending at off runs on to, over the lines right under it
 * that wrap its text ("whose cost is mostly launch and\ndispatch, not
 * FLOPs." pasted from a PDF), before line: a blank line, a label or a
 * heading ends it. */
static size_t lazy_end(const struct gr_report *r, size_t off, int line)
{
	int ln = gr_text_line_of(&r->text, off) + 1;
	for (int blank = 0; ln < line; ln++) {
		line_indent(r, (size_t)(ln - 1), &blank);
		const struct gr_line *L = &r->text.lines[ln - 1];
		if (blank || r->label_line[ln - 1] || (L->len && r->text.buf[L->off] == '#'))
			break;
		off = L->off + L->len;
	}
	return off;
}

/* A list whose line breaks were lost, all on one line after its heading's
 * colon: "Contrast with Part A: - A: real math - B: launches - ...". Counts
 * the items (each " - " outside parentheses opens one) into *n; 0 when sp
 * holds no such list. */
static int inline_items(const char *b, struct gr_span sp, int *n)
{
	if (sp.end <= sp.start || memchr(b + sp.start, '\n', sp.end - sp.start - 1))
		return 0;
	const char *colon = memchr(b + sp.start, ':', sp.end - sp.start < 80 ? sp.end - sp.start : 80);
	size_t k = colon ? (size_t)(colon - b) + 1 : sp.start;
	while (k < sp.end && b[k] == ' ')
		k++;
	if (k + 1 >= sp.end || b[k] != '-' || b[k + 1] != ' ')
		return 0;
	int items = 1, depth = 0;
	for (size_t i = k + 2; i + 2 < sp.end; i++) {
		depth += b[i] == '(' ? 1 : b[i] == ')' && depth > 0 ? -1 : 0;
		items += !depth && b[i] == ' ' && b[i + 1] == '-' && b[i + 2] == ' ';
	}
	*n = items;
	return 1;
}

#define GR_MAX_LISTS 16

/* Does the last non-blank line before off, or off's own line before it,
 * introduce a contrast with Part A ("Contrast with Part A:", "Part A vs
 * Part B", "Compared with Part A")? */
static int introduced_as_contrast(const struct gr_report *r, size_t off)
{
	static const char *const words[] = { "part a", "contrast", "compared", "compare", "vs", "versus",
					     "differ", "difference", "differences", NULL };
	const struct gr_text *t = &r->text;
	int ln = gr_text_line_of(t, off) - 1; /* 0-based: the item's line */
	for (int k = ln - 1; k >= 0 && k >= ln - 3; k--) {
		int blank;
		line_indent(r, (size_t)k, &blank);
		if (blank)
			continue;
		const struct gr_line *L = &t->lines[k];
		return has_phrase(t->buf, span_at(L->off, L->off + L->len), words);
	}
	return 0;
}

static void eval_bullets(const struct gr_analysis *a, const struct gr_rule *rule, struct gr_span sp,
			 struct gr_rule_result *res)
{
	const struct gr_report *r = a->r;
	int min_indent = 1 << 20, n = 0;
	for (size_t i = 0; i < r->nitems; i++)
		if (in_span(sp, r->items[i].span.start) && !r->label_line[r->items[i].line - 1] &&
		    !heads_section(r, sp, r->items[i].line) && r->items[i].indent < min_indent)
			min_indent = r->items[i].indent;
	/* The longest list: items with only blank lines between them. Two
	 * items under one heading and two under another are two lists of two
	 * (Part A's hypotheses and experiments are not a four-bullet contrast). */
	int run = 0, lists = 0;
	size_t prev_end = NONE, best_start = NONE, run_start = NONE, prev_i = NONE;
	size_t list_at[GR_MAX_LISTS];
	int list_n[GR_MAX_LISTS];
	for (size_t i = 0; i < r->nitems; i++) {
		const struct gr_item *it = &r->items[i];
		if (!in_span(sp, it->span.start) || r->label_line[it->line - 1] || it->indent != min_indent ||
		    heads_section(r, sp, it->line))
			continue;
		/* the lines wrapping the item before run on it; sub-bullets under
		 * it ("  - 25 us x 240 = 6.1 ms") are its own, and the list goes
		 * on after them: four points with details under them are four
		 * bullets, as blind writers count (so, too, are the first
		 * corpus' bare headings over sub-bullets, which its writer did
		 * not count as four) */
		size_t from = prev_end;
		if (prev_i != NONE) {
			size_t k = prev_i + 1;
			while (k < i && r->items[k].indent > min_indent && in_span(sp, r->items[k].span.start))
				k++;
			if (k == i)
				from = lazy_end(r, i > prev_i + 1 ? r->items[i - 1].span.end : prev_end, it->line);
		}
		/* Bullets after a numbered list, or a list numbered from 1 again,
		 * are another list ("1. GEMM-bound (p=0.6) 2. ... 3. ..." and then
		 * the four contrast bullets). */
		int other = prev_i != NONE && ((r->items[prev_i].number != 0) != (it->number != 0) ||
					       (it->number == 1 && r->items[prev_i].number > 1));
		if (prev_end == NONE || other || !blank_between(r, from, it->line)) {
			run = 0;
			run_start = it->span.start;
			if (lists < GR_MAX_LISTS)
				list_at[lists] = run_start, list_n[lists] = 0;
			lists++;
		}
		prev_end = it->span.end;
		prev_i = i;
		if (lists <= GR_MAX_LISTS)
			list_n[lists - 1]++;
		if (++run > n) {
			n = run;
			best_start = run_start;
		}
	}
	/* An essay's row walk ("1. matmul ... 5. Python loop") beside the
	 * contrast: the list introduced as the contrast with Part A is the
	 * answer, whichever is longest. */
	for (int k = 0; lists > 1 && k < lists && k < GR_MAX_LISTS; k++)
		if (list_n[k] != n && list_n[k] >= rule->min && (rule->max < 0 || list_n[k] <= rule->max) &&
		    introduced_as_contrast(r, list_at[k])) {
			n = list_n[k];
			best_start = list_at[k];
			break;
		}
	if (!n && inline_items(r->text.buf, sp, &n)) { /* "Contrast with Part A: - x - y - z - w" */
		lists = 1;
		best_start = sp.start;
	}
	if (best_start != NONE)
		res->evidence = best_start;
	res->passed = n >= rule->min && (rule->max < 0 || n <= rule->max);
	if (lists > 1)
		snprintf(res->detail, sizeof(res->detail), "counted %d bullet%s in the longest of %d lists", n,
			 n == 1 ? "" : "s", lists);
	else
		snprintf(res->detail, sizeof(res->detail), "counted %d bullet%s", n, n == 1 ? "" : "s");
}

static double metric_value(const struct gr_exercise *ex, int row, enum gr_metric m)
{
	const struct gr_table_row *r = &ex->table.rows[row];
	double total = gr_table_cuda_total(&ex->table);
	switch (m) {
	case GR_METRIC_CUDA_SHARE: return total > 0 ? 100.0 * r->cuda_ms / total : 0;
	case GR_METRIC_CUDA_MS: return r->cuda_ms;
	case GR_METRIC_CPU_MS: return r->cpu_ms;
	default: return (double)r->calls;
	}
}

static int row_in_sentence(const struct gr_analysis *a, int row, unsigned sentence)
{
	return mentions_in(&a->rows[row], sentence);
}

/* The sentence an outline's item at off hangs from ("- Top CUDA time:
 * aten::copy_" over "  - 61% (24.4 / 40.0 ms)"): the one that ends the
 * nearest less indented line above it, when it starts on that line; NONE
 * when off is in no item or the item has no such parent. */
static size_t parent_sentence(const struct gr_analysis *a, size_t off)
{
	const struct gr_report *r = a->r;
	const struct gr_text *t = &r->text;
	int line = gr_text_line_of(t, off);
	size_t k = LOWER_BOUND(r->items, r->nitems, line, line); /* items come in line order */
	if (k == r->nitems || r->items[k].line != line)
		return NONE;
	/* The nearest line above it that is less indented, within a few lines. */
	for (int ln = line - 1; ln >= 1 && ln >= line - 8; ln--) {
		const char *b = t->buf + t->lines[ln - 1].off;
		size_t n = t->lines[ln - 1].len, ind = 0;
		while (ind < n && b[ind] == ' ')
			ind++;
		if (ind == n)
			continue; /* blank */
		if ((int)ind >= r->items[k].indent)
			continue;
		size_t e = t->lines[ln - 1].off + n;
		size_t s = e > t->lines[ln - 1].off ? span_of(r->sentences, r->nsentences, e - 1) : NONE;
		/* a sentence of the parent's own line, not one running into it */
		return s != NONE && gr_text_line_of(t, r->sentences[s].start) == ln ? s : NONE;
	}
	return NONE;
}

static void eval_fact(const struct gr_analysis *a, const struct gr_rule *rule, struct gr_span sp,
		      struct gr_rule_result *res)
{
	double want = metric_value(a->ex, rule->row, rule->metric);
	int share = rule->metric == GR_METRIC_CUDA_SHARE;
	const char *op = a->ex->table.rows[rule->row].op;
	int quoted = 0;
	for (size_t i = 0; i < a->nqty; i++) {
		const struct gr_quantity *q = &a->qty[i];
		if (!in_span(sp, q->start))
			continue;
		int near = row_in_sentence(a, rule->row, q->sentence) ||
			   (rule->near >= 0 && sentence_has(a, rule->near, q->sentence));
		if (!near) { /* or the item it hangs from names the op */
			size_t ps = parent_sentence(a, q->start);
			near = ps != NONE && row_in_sentence(a, rule->row, (unsigned)ps);
		}
		if (!near && q->start >= sp.start2 && q->start < sp.end2) {
			/* the field's footnote or repeat: the op its first line names */
			const struct gr_mentions *m = &a->rows[rule->row];
			size_t k = first_at(m, sp.start);
			near = k < m->n && m->v[k].start < sp.end;
		}
		if (!near)
			continue;
		double v = q->value;
		if (share && q->of_other)
			continue; /* "61% of CPU time", "61% of the calls": no share of CUDA time */
		if (share && q->unit == 'f')
			v *= 100;
		else if (share && q->unit != '%')
			continue;
		else if (!share && q->unit == '%')
			continue;
		quoted = 1;
		if (res->evidence == NONE)
			res->evidence = q->start;
		if (fabs(v - want) <= rule->tolerance) {
			res->passed = true;
			res->evidence = q->start;
			return;
		}
	}
	if (quoted)
		snprintf(res->detail, sizeof(res->detail), "the number you give for %s does not match %.1f%s", op, want,
			 share ? "% of CUDA time" : "");
	else
		snprintf(res->detail, sizeof(res->detail), "no %s figure for %s found here", share ? "percentage" : "number", op);
}

/* Is at in a field's value that only stands in for one ("<fill in>")? */
static int in_placeholder(const struct gr_report *r, size_t at)
{
	for (size_t f = 0; f < r->ex->nfields; f++)
		if (r->fields[f].placeholder && in_span(r->fields[f].value, at))
			return 1;
	return 0;
}

static int count_words(const char *b, struct gr_span sp)
{
	int n = 0, in = 0;
	for (size_t k = sp.start; k < sp.end; k++) {
		int w = gr_isalnum((unsigned char)b[k]) || (unsigned char)b[k] >= 0x80;
		n += w && !in;
		in = w;
	}
	return n;
}

/* "lines": the scope's lines on which the child rule holds, each line its
 * own scope ("H1: print the dtypes; all bf16 -> rejected" and "H2: look for
 * Memcpy HtoD; none -> rejected" are two tests). Blank lines are skipped. */
static void eval_lines(const struct gr_analysis *a, const struct gr_rule *rule, struct gr_span sp,
		       struct gr_rule_result *res)
{
	const struct gr_text *t = &a->r->text;
	int n = 0;
	for (int ln = sp.end > sp.start ? gr_text_line_of(t, sp.start) : (int)t->nlines + 1; ln <= (int)t->nlines; ln++) {
		const struct gr_line *l = &t->lines[ln - 1];
		if (l->off >= sp.end)
			break;
		size_t from = l->off > sp.start ? l->off : sp.start, to = l->off + l->len < sp.end ? l->off + l->len : sp.end;
		if (to <= from)
			continue;
		struct gr_rule_result k;
		struct gr_scope one = { .kind = GR_SCOPE_SPAN, .start = from, .end = to };
		gr_rule_eval(a, rule->kids[0], one, &k);
		if (!k.passed)
			continue;
		if (n++ == 0)
			res->evidence = from;
	}
	res->passed = n >= rule->min && (rule->max < 0 || n <= rule->max);
	snprintf(res->detail, sizeof(res->detail), "%d line%s hold it, needed %d", n, n == 1 ? "" : "s", rule->min);
}

/* under_not: the rule's result will be negated ("not: {concept: flash}"). */
static void eval_rule(const struct gr_analysis *a, const struct gr_rule *rule, struct gr_scope scope,
		      struct gr_rule_result *res, int under_not)
{
	if (rule->scope.kind != GR_SCOPE_INHERIT)
		scope = rule->scope;
	struct gr_span sp = gr_scope_span(a->r, scope);
	res->passed = false;
	res->evidence = NONE;
	res->detail[0] = '\0';
	switch (rule->kind) {
	case GR_RULE_ALL:
	case GR_RULE_ANY: {
		int all = rule->kind == GR_RULE_ALL;
		res->passed = all;
		for (size_t i = 0; i < rule->nkids; i++) {
			struct gr_rule_result k;
			eval_rule(a, rule->kids[i], scope, &k, under_not);
			if (k.passed != all) {
				/* all: the first failure explains; any: the first success. */
				*res = k;
				return;
			}
			if (res->evidence == NONE)
				res->evidence = k.evidence;
			if (!res->detail[0])
				memcpy(res->detail, k.detail, sizeof(res->detail));
		}
		return;
	}
	case GR_RULE_NOT: {
		struct gr_rule_result k;
		eval_rule(a, rule->kids[0], scope, &k, !under_not);
		res->passed = !k.passed;
		res->evidence = k.evidence;
		return;
	}
	case GR_RULE_LINES:
		eval_lines(a, rule, sp, res);
		return;
	case GR_RULE_CONCEPT: {
		/* "Next experiment: launch-overhead sweep (steps below)": what
		 * the field proposes is in the list it points at. Only for what
		 * it must propose: the list may hold options the field did not
		 * pick ("options 1 + 2 below"; 3. FlashAttention, rejected). */
		if (scope.kind == GR_SCOPE_FIELD && !under_not && a->points_below &&
		    a->points_below[scope.index]) {
			struct gr_span below = list_below(a->r, sp);
			if (below.end > sp.end)
				sp.end = below.end;
		}
		const struct gr_mention *m = find_apart_whole(a, rule->concept, sp, rule->polarity, rule->near,
							      rule->unless, rule->apart, rule->napart, rule->whole);
		res->passed = m != NULL;
		if (m)
			res->evidence = m->start;
		/* "before": what the scope leads with. A plan that opens with the
		 * copies and then adds torch.compile still leads with them. A
		 * field written twice leads in each place: only the range that
		 * holds the mention is read ("weak answer: \"Next experiment:
		 * write a kernel\"", then the learner's own). */
		struct gr_span lead = sp;
		if (m && m->start >= sp.start2 && m->start < sp.end2)
			lead = span_at(sp.start2, sp.end2);
		else if (m)
			lead = span_at(sp.start, sp.end);
		for (size_t i = 0; m && i < rule->nbefore; i++) {
			const struct gr_mention *o = find(a, rule->before[i], lead, GR_POL_AFFIRMED, -1, -1);
			/* The same words read as both ("pin the decode thread to
			 * a core": scheduling, not pinned memory): the other leads. */
			if (o && o->start <= m->start) {
				res->passed = false;
				res->evidence = o->start;
				snprintf(res->detail, sizeof(res->detail), "it leads with %s",
					 a->ex->concepts[rule->before[i]].id);
				return;
			}
		}
		return;
	}
	case GR_RULE_DISTINCT: {
		int n = 0;
		char names[200] = "";
		for (size_t i = 0; i < rule->nlist; i++) {
			const struct gr_mention *m = find(a, rule->list[i], sp, rule->polarity, rule->near, rule->unless);
			if (!m)
				continue;
			n++;
			size_t l = strlen(names);
			snprintf(names + l, sizeof(names) - l, "%s%s", l ? ", " : "", a->ex->concepts[rule->list[i]].id);
			if (res->evidence == NONE)
				res->evidence = m->start;
		}
		res->passed = n >= rule->min;
		snprintf(res->detail, sizeof(res->detail), "found %d distinct (%s), needed %d", n, *names ? names : "none",
			 rule->min);
		return;
	}
	case GR_RULE_FIELDS:
		eval_fields(a, rule, res);
		return;
	case GR_RULE_FIELD_ORDER:
		eval_order(a, rule, res);
		return;
	case GR_RULE_EXPERIMENTS:
		eval_experiments(a, rule, sp, res);
		return;
	case GR_RULE_BULLETS:
		eval_bullets(a, rule, sp, res);
		return;
	case GR_RULE_FACT:
		eval_fact(a, rule, sp, res);
		return;
	case GR_RULE_COUNT: {
		/* Distinct texts, case-insensitive: `prefill` twice is one name. */
		const struct gr_mentions *m = &a->concepts[rule->concept];
		const char *b = a->r->text.buf;
		int n = 0;
		for (size_t i = 0; i < m->n; i++) {
			const struct gr_mention *x = &m->v[i];
			if (!in_span(sp, x->start) || x->stuffed || !pol_ok(x, rule->polarity))
				continue;
			int seen = 0;
			for (size_t k = 0; k < i && !seen; k++) {
				const struct gr_mention *y = &m->v[k];
				seen = in_span(sp, y->start) && !y->stuffed && pol_ok(y, rule->polarity) &&
				       y->end - y->start == x->end - x->start &&
				       !strncasecmp(b + y->start, b + x->start, x->end - x->start);
			}
			if (seen)
				continue;
			if (res->evidence == NONE)
				res->evidence = x->start;
			n++;
		}
		res->passed = n >= (rule->min >= 0 ? rule->min : 1) && (rule->max < 0 || n <= rule->max);
		snprintf(res->detail, sizeof(res->detail), "found %d distinct", n);
		return;
	}
	case GR_RULE_WORDS: {
		/* The learner's own words: keyword lists don't count, nor do a
		 * template's stand-ins ("Workload: <fill in>", "TODO"). */
		int n = 0;
		for (size_t s = 0; s < a->r->nsentences; s++)
			if (!a->stuffed[s] && in_span(sp, a->r->sentences[s].start) &&
			    !in_placeholder(a->r, a->r->sentences[s].start))
				n += count_words(a->r->text.buf, a->r->sentences[s]);
		res->passed = n >= rule->min;
		if (!res->passed)
			snprintf(res->detail, sizeof(res->detail), "only %d words of your own here", n);
		return;
	}
	}
}

void gr_rule_eval(const struct gr_analysis *a, const struct gr_rule *rule, struct gr_scope scope,
		  struct gr_rule_result *res)
{
	eval_rule(a, rule, scope, res, 0);
}

/* ---- facts ------------------------------------------------------------------ */

static int close_to(double v, double want, double tol_abs, double tol_rel)
{
	return fabs(v - want) <= tol_abs || (want > 0 && fabs(v - want) <= tol_rel * want);
}

/* Does v match some figure of the ops named near the quantity? */
static int plausible(const struct gr_analysis *a, const struct gr_quantity *q, const int *rows, int nrows)
{
	const struct gr_table *t = &a->ex->table;
	double total = gr_table_cuda_total(t), cpu_total = 0;
	for (size_t i = 0; i < t->len; i++)
		cpu_total += t->rows[i].cpu_ms;
	double slack = q->approx ? 2 : 1;
	double pct = a->ex->pct_tolerance * slack, rel = a->ex->ms_tolerance * slack;
	double v = q->value, sum_cuda = 0, sum_cpu = 0, sum_calls = 0, sum_mem = 0;
	for (int k = 0; k < nrows; k++) {
		const struct gr_table_row *r = &t->rows[rows[k]];
		sum_cuda += r->cuda_ms, sum_cpu += r->cpu_ms, sum_calls += (double)r->calls, sum_mem += r->memory_bytes;
		double cands_ms[] = { r->cuda_ms, r->cpu_ms,
				      r->calls ? r->cuda_ms / (double)r->calls : -1, r->calls ? r->cpu_ms / (double)r->calls : -1 };
		for (size_t c = 0; c < sizeof(cands_ms) / sizeof(cands_ms[0]); c++) {
			if (q->unit == 'm' && close_to(v, cands_ms[c], 0.15, rel))
				return 1;
			if (q->unit == 'u' && close_to(v / 1000.0, cands_ms[c], 0.0005, rel))
				return 1;
			if (q->unit == 's' && close_to(v * 1000.0, cands_ms[c], 0.15, rel))
				return 1;
		}
		if (q->unit == '%' && ((total > 0 && close_to(v, 100 * r->cuda_ms / total, pct, 0)) ||
				       (cpu_total > 0 && close_to(v, 100 * r->cpu_ms / cpu_total, pct, 0))))
			return 1;
		if (q->unit == 'c' && close_to(v, (double)r->calls, 0.5, 0.05))
			return 1;
		if (q->unit == 'B' && close_to(v, r->memory_bytes, 1, 0.1))
			return 1;
	}
	/* Two ops together ("copy_ + to = 35 ms", "matmul and attention: 66%"). */
	for (int i = 0; i < nrows; i++)
		for (int k = i + 1; k < nrows; k++) {
			const struct gr_table_row *x = &t->rows[rows[i]], *y = &t->rows[rows[k]];
			if ((q->unit == 'm' && (close_to(v, x->cuda_ms + y->cuda_ms, 0.15, rel) ||
						close_to(v, x->cpu_ms + y->cpu_ms, 0.15, rel))) ||
			    (q->unit == '%' && total > 0 && close_to(v, 100 * (x->cuda_ms + y->cuda_ms) / total, pct, 0)) ||
			    (q->unit == 'c' && close_to(v, (double)(x->calls + y->calls), 0.5, 0.05)))
				return 1;
		}
	switch (q->unit) {
	case 'm': return close_to(v, sum_cuda, 0.15, rel) || close_to(v, sum_cpu, 0.15, rel) || close_to(v, total, 0.15, rel);
	case '%': return (total > 0 && close_to(v, 100 * sum_cuda / total, pct, 0)) ||
			 (cpu_total > 0 && close_to(v, 100 * sum_cpu / cpu_total, pct, 0));
	case 'c': return close_to(v, sum_calls, 0.5, 0.05);
	case 'B': return close_to(v, sum_mem, 1, 0.1);
	default: return 1; /* units we don't check */
	}
}

int gr_fact_warnings(const struct gr_analysis *a, char ***out, size_t *n)
{
	*out = NULL;
	*n = 0;
	size_t cap = 0;
	for (size_t i = 0; i < a->nqty; i++) {
		const struct gr_quantity *q = &a->qty[i];
		if (!q->unit || q->unit == 'f' || q->unit == 'u' || q->unit == 's' || q->ratio)
			continue;
		/* A rate ("300 GB/s", "2 ms/token") is not a table figure. */
		if (q->end < a->r->text.len && a->r->text.buf[q->end] == '/')
			continue;
		int rows[64], nrows = 0;
		/* The ops named in the quantity's sentence or the one before it
		 * ("the slice ops. 436 calls looks scary but ..."). */
		for (size_t r = 0; r < a->ex->table.len && nrows < 64; r++) {
			const struct gr_mentions *m = &a->rows[r];
			size_t k = first_in_sentence(m, q->sentence ? q->sentence - 1 : 0);
			if (k < m->n && m->v[k].sentence <= q->sentence)
				rows[nrows++] = (int)r;
		}
		if (nrows == 0 || plausible(a, q, rows, nrows))
			continue;
		if (GR_GROW(*out, *n, cap, 4) < 0)
			return GR_ENOMEM;
		const struct gr_table_row *r = &a->ex->table.rows[rows[0]];
		char cuda[32], cpu[32];
		int line = gr_text_line_of(&a->r->text, q->start);
		int len = (int)(q->end - q->start);
		if (asprintf(&(*out)[*n], "line %d: '%.*s' for %s does not match the table (CUDA %s, CPU %s, %lld calls)",
			     line, len > 40 ? 40 : len, a->r->text.buf + q->start, r->op,
			     gr_format_ms(r->cuda_ms, cuda, sizeof(cuda)), gr_format_ms(r->cpu_ms, cpu, sizeof(cpu)),
			     r->calls) < 0)
			return GR_ENOMEM;
		(*n)++;
	}
	return 0;
}

void gr_analysis_dump(const struct gr_analysis *a, FILE *out)
{
	const struct gr_report *r = a->r;
	const char *b = r->text.buf;
	static const char *const how[] = { "missing", "labelled", "renamed", "inferred" };
	for (size_t f = 0; f < a->ex->nfields; f++) {
		const struct gr_report_field *x = &r->fields[f];
		fprintf(out, "field %-16s %-9s line %d: %.*s\n", a->ex->fields[f].id, how[x->state], x->line,
			(int)(x->value.end - x->value.start > 120 ? 120 : x->value.end - x->value.start), b + x->value.start);
	}
	static const char *const found[] = { "missing", "heading", "number", "inferred" };
	for (size_t s = 0; s < a->ex->nsections; s++) {
		const struct gr_report_section *x = &r->sections[s];
		fprintf(out, "section %-14s %-8s line %d (%zu bytes)\n", a->ex->sections[s].id, found[x->found], x->line,
			x->span.end - x->span.start);
	}
	for (size_t s = 0; s < r->nsentences; s++) {
		fprintf(out, "sentence %zu%s line %d: %.*s\n", s, a->stuffed[s] ? " STUFFED" : "",
			gr_text_line_of(&r->text, r->sentences[s].start),
			(int)(r->sentences[s].end - r->sentences[s].start), b + r->sentences[s].start);
		for (size_t k = 0; k < r->nclauses; k++)
			if (r->clause_sentence[k] == s)
				fprintf(out, "    clause: %.*s\n", (int)(r->clauses[k].end - r->clauses[k].start),
					b + r->clauses[k].start);
		for (size_t c = 0; c < a->ex->nconcepts; c++)
			for (size_t i = 0; i < a->concepts[c].n; i++) {
				const struct gr_mention *m = &a->concepts[c].v[i];
				if (m->sentence == s)
					fprintf(out, "    %s%s: '%.*s'\n", a->ex->concepts[c].id, m->negated ? " (negated)" : "",
						(int)(m->end - m->start), b + m->start);
			}
	}
}
