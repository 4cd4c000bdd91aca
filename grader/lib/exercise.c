/*
 * exercise.c - exercises/<id>.yaml -> struct gr_exercise (see exercise.h).
 *
 * libyaml's document API gives a node graph with marks; a small set of typed
 * getters walks it, each failing with the node's position and what was
 * expected. Unknown keys are errors: a typo such as "pas:" for "pass:" must
 * not silently drop an author's feedback.
 */
#include "exercise.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include <yaml.h>

#include "buf.h"
#include "chars.h"
#include "pcache.h"
#include "text.h"
#include "ydoc.h"

struct loader {
	yaml_document_t doc;
	const char *path;
	const char *src;      /* the file, for the caret line */
	struct gr_error *err;
	long visits;          /* node visits, bounded: aliases can't explode */
	const yaml_node_t *last; /* the last node visited within the budget: where it ran out */
	struct gr_exercise *ex;
	struct gr_pcache *pc;    /* patterns compiled so far, by text (NULL: compile each) */
	pcre2_match_data *md;    /* for matches_empty(), created on first use */
	pcre2_code ***unchecked; /* patterns still compiling (gr_pcache_defer): */
	size_t nunchecked, cunchecked; /* matches_empty() once they are */
	struct checks *checks;   /* a list's items compiled only to be checked (compile_list_later) */
	size_t nchecks, cchecks;
	struct library *libs;    /* the files `include:` names, in order */
	size_t nlibs;
	struct named *named;     /* every `patterns:` list, the exercise's and its libraries' */
	size_t nnamed, cnamed;
	yaml_node_t *listing;    /* the `patterns:` map being read, for a use of a list below */
	yaml_document_t builtin; /* the grader's own cue lists as nodes, once used */
	int has_builtin;
};

/* A file of shared patterns an exercise includes (exercises/lib/): its
 * document stays loaded with the exercise, since the patterns a {use:}
 * splices in are its nodes, and an error in one names this file. */
struct library {
	yaml_document_t doc;
	char *path;
	char *src;
	void *arena; /* the document's, when it came from the cache file */
};

/* A named list of patterns (`patterns:`), spliced into any list of
 * patterns by {use: NAME}: course vocabulary written once. */
struct named {
	const char *name;    /* borrowed from its document */
	yaml_node_t *key;    /* where it is defined */
	yaml_node_t **items; /* its patterns (scalars), in order */
	size_t n;
};

/* The items of one list, compiled in the background only to be checked
 * (each compiles, none matches the empty string: L->unchecked) once they
 * are; the cache lends them, so they are freed after it (free_checks). */
struct checks {
	pcre2_code **re;
	size_t n;
};

/* ---- small helpers ---------------------------------------------------- */

/* The length of the line break at p as libyaml counts them (CRLF, CR, LF,
 * NEL, LINE and PARAGRAPH SEPARATOR), or 0. */
static size_t yaml_break(const char *p)
{
	if (p[0] == '\r' && p[1] == '\n')
		return 2;
	if (p[0] == '\r' || p[0] == '\n')
		return 1;
	if ((unsigned char)p[0] == 0xC2 && (unsigned char)p[1] == 0x85)
		return 2;
	if ((unsigned char)p[0] == 0xE2 && (unsigned char)p[1] == 0x80 &&
	    ((unsigned char)p[2] == 0xA8 || (unsigned char)p[2] == 0xA9))
		return 3;
	return 0;
}

/* The start of 1-based line `line`, counting breaks as libyaml does, and
 * (via *len) its length. */
static const char *line_at(const char *src, int line, size_t *len)
{
	const char *p = src;
	for (int i = 1; i < line && *p; i++) {
		size_t b;
		while (*p && !(b = yaml_break(p)))
			p++;
		if (*p)
			p += b;
	}
	const char *e = p;
	while (*e && !yaml_break(e))
		e++;
	*len = (size_t)(e - p);
	return p;
}

/* Attach the offending line to the error, cut at libyaml's line break. */
static void set_source(struct gr_error *err, const char *src, int line)
{
	size_t n;
	const char *p = line_at(src, line, &n);
	char *copy = strndup(p, n);
	if (copy) {
		gr_error_set_source(err, copy);
		free(copy);
	}
}

/* The file node n was read from: the exercise, or a library it includes
 * (a pattern spliced in by {use:} is reported where it is written). */
static const struct library *library_of(const struct loader *L, const yaml_node_t *n)
{
	for (size_t i = 0; n && i < L->nlibs; i++)
		if (n >= L->libs[i].doc.nodes.start && n < L->libs[i].doc.nodes.top)
			return &L->libs[i];
	return NULL;
}

static int failv(struct loader *L, const yaml_node_t *n, const char *fmt, va_list ap)
{
	const struct library *lib = library_of(L, n);
	int line = n ? (int)n->start_mark.line + 1 : 0, col = n ? (int)n->start_mark.column + 1 : 0;
	char *msg = NULL;
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	gr_error_set(L->err, GR_EINPUT, lib ? lib->path : L->path, line, col, "%s", msg ? msg : "invalid exercise");
	free(msg);
	if (line > 0)
		set_source(L->err, lib ? lib->src : L->src, line);
	return GR_EINPUT;
}

static int fail(struct loader *L, const yaml_node_t *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int fail(struct loader *L, const yaml_node_t *n, const char *fmt, ...)
{
	va_list ap;
	if (L->visits > GR_MAX_YAML_NODES) {
		/* Past the node budget every lookup fails: say why, not what
		 * broke, and where: at n, else where the budget ran out. */
		if (!n)
			n = L->last;
		gr_error_set(L->err, GR_EINPUT, L->path, n ? (int)n->start_mark.line + 1 : 0,
			     n ? (int)n->start_mark.column + 1 : 0,
			     "exercise is too large or has too many aliases (over %d nodes visited)", GR_MAX_YAML_NODES);
		return GR_EINPUT;
	}
	va_start(ap, fmt);
	int rc = failv(L, n, fmt, ap);
	va_end(ap);
	return rc;
}

static yaml_node_t *node_at(struct loader *L, int idx)
{
	if (++L->visits > GR_MAX_YAML_NODES)
		return NULL;
	yaml_node_t *n = yaml_document_get_node(&L->doc, idx);
	if (n)
		L->last = n;
	return n;
}

static const char *type_name(const yaml_node_t *n)
{
	switch (n->type) {
	case YAML_SCALAR_NODE: return "a scalar";
	case YAML_SEQUENCE_NODE: return "a list";
	case YAML_MAPPING_NODE: return "a mapping";
	default: return "nothing";
	}
}

static const char *scalar(const yaml_node_t *n)
{
	return (const char *)n->data.scalar.value;
}

/* The value node for key in a mapping, or NULL. */
static yaml_node_t *map_get(struct loader *L, yaml_node_t *map, const char *key)
{
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node_at(L, p->key);
		if (k && k->type == YAML_SCALAR_NODE && strcmp(scalar(k), key) == 0)
			return node_at(L, p->value);
	}
	return NULL;
}

/* Every key of map must be in allowed (NULL-terminated). */
static int check_keys(struct loader *L, yaml_node_t *map, const char *what, const char *const *allowed)
{
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node_at(L, p->key);
		if (!k)
			return fail(L, map, "exercise is too large or has too many aliases");
		if (k->type != YAML_SCALAR_NODE)
			return fail(L, k, "%s keys must be plain words", what);
		int ok = 0;
		for (const char *const *a = allowed; *a; a++)
			ok |= strcmp(*a, scalar(k)) == 0;
		if (!ok)
			return fail(L, k, "unknown key '%s' in %s", scalar(k), what);
		/* A key given twice: YAML allows it, authors never mean it. */
		for (yaml_node_pair_t *q = p + 1; q < map->data.mapping.pairs.top; q++) {
			yaml_node_t *k2 = node_at(L, q->key);
			if (k2 && k2->type == YAML_SCALAR_NODE && strcmp(scalar(k2), scalar(k)) == 0)
				return fail(L, k2, "key '%s' appears twice in %s", scalar(k), what);
		}
	}
	return 0;
}

static int expect(struct loader *L, yaml_node_t *n, yaml_node_type_t type, const char *what)
{
	if (!n)
		return fail(L, NULL, "exercise is too large or has too many aliases");
	if (n->type != type) {
		const char *want = type == YAML_SCALAR_NODE ? "a scalar"
			: type == YAML_SEQUENCE_NODE ? "a list" : "a mapping";
		return fail(L, n, "%s must be %s, found %s", what, want, type_name(n));
	}
	return 0;
}

/* A required (or optional, when out stays NULL) string. */
static int get_str(struct loader *L, yaml_node_t *map, const char *key, int required,
		   const char *what, char **out)
{
	yaml_node_t *n = map_get(L, map, key);
	if (!n) {
		if (required)
			return fail(L, map, "%s is missing required key '%s'", what, key);
		return 0;
	}
	char label[320];
	snprintf(label, sizeof(label), "'%s' in %s", key, what);
	if (expect(L, n, YAML_SCALAR_NODE, label))
		return GR_EINPUT;
	if (required && !*scalar(n))
		return fail(L, n, "%s must not be empty", label);
	free(*out);
	*out = strdup(scalar(n));
	return *out ? 0 : GR_ENOMEM;
}

static int parse_double(struct loader *L, yaml_node_t *n, const char *what, double *out)
{
	if (expect(L, n, YAML_SCALAR_NODE, what))
		return GR_EINPUT;
	char *end;
	double v = strtod(scalar(n), &end);
	if (end == scalar(n) || *end)
		return fail(L, n, "%s must be a number, found '%s'", what, scalar(n));
	*out = v;
	return 0;
}

static int parse_int(struct loader *L, yaml_node_t *n, const char *what, long long lo,
		     long long hi, long long *out)
{
	if (expect(L, n, YAML_SCALAR_NODE, what))
		return GR_EINPUT;
	char *end;
	long long v = strtoll(scalar(n), &end, 10);
	if (end == scalar(n) || *end)
		return fail(L, n, "%s must be a whole number, found '%s'", what, scalar(n));
	if (v < lo || v > hi)
		return fail(L, n, "%s must be between %lld and %lld", what, lo, hi);
	*out = v;
	return 0;
}

static int parse_bool(struct loader *L, yaml_node_t *n, const char *what, bool *out)
{
	if (expect(L, n, YAML_SCALAR_NODE, what))
		return GR_EINPUT;
	const char *s = scalar(n);
	if (!strcmp(s, "true") || !strcmp(s, "yes"))
		*out = true;
	else if (!strcmp(s, "false") || !strcmp(s, "no"))
		*out = false;
	else
		return fail(L, n, "%s must be true or false, found '%s'", what, s);
	return 0;
}

/* ---- patterns --------------------------------------------------------- */

/* Compile through the load's cache (pcache.h); on a bad pattern, NULL with
 * PCRE2's message (out of memory: "out of memory"). */
static pcre2_code *compile_with(struct gr_pcache *pc, const char *pattern, uint32_t options, int keep, char *msg,
				size_t n, size_t *offset)
{
	int code;
	PCRE2_SIZE off = 0;
	pcre2_code *re = gr_pcache_compile(pc, pattern, options, keep, &code, &off);
	if (!re) {
		if (code)
			pcre2_get_error_message(code, (PCRE2_UCHAR *)msg, n);
		else
			snprintf(msg, n, "out of memory");
		*offset = off;
	}
	return re;
}

#define PLAIN_OPTIONS (PCRE2_CASELESS | PCRE2_UTF | PCRE2_UCP)

/* Compile without JIT: to check one pattern before it joins its alternation. */
static pcre2_code *compile_plain(struct loader *L, const char *pattern, char *msg, size_t n, size_t *offset)
{
	return compile_with(L->pc, pattern, PLAIN_OPTIONS, 0, msg, n, offset); /* freed at once */
}

static pcre2_code *compile_joined(struct loader *L, const char *pattern, char *msg, size_t n, size_t *offset)
{
	/* JIT-compiled by gr_exercise_jit(), for batches */
	return compile_with(L->pc, pattern, PLAIN_OPTIONS | PCRE2_USE_OFFSET_LIMIT, 1, msg, n, offset);
}

pcre2_code *gr_compile(const char *pattern, char *msg, size_t n, size_t *offset)
{
	return compile_with(NULL, pattern, PLAIN_OPTIONS | PCRE2_USE_OFFSET_LIMIT, 0, msg, n, offset);
}

/* Does re match the empty string? One match data for every pattern of a
 * load, not one each. */
static int matches_empty(struct loader *L, pcre2_code *re)
{
	if (!L->md && !(L->md = pcre2_match_data_create(1, NULL)))
		return 0;
	return pcre2_match(re, (PCRE2_SPTR) "", 0, 0, 0, L->md, NULL) >= 0;
}

/* {use: grader-negation} and the other built-in cue lists (see below). */
#define GR_BUILTIN_PREFIX "grader-"
static const struct named *builtin_named(struct loader *L, yaml_node_t *v);

/* The named list {use: NAME} refers to, or NULL after an error. */
static const struct named *named_ref(struct loader *L, yaml_node_t *m, const char *owner)
{
	static const char *const keys[] = { "use", NULL };
	if (check_keys(L, m, "a pattern's {use: NAME}", keys))
		return NULL;
	yaml_node_t *v = map_get(L, m, "use");
	if (!v) {
		fail(L, m, "a mapping among the patterns of %s must be {use: NAME}, naming a list under 'patterns:'", owner);
		return NULL;
	}
	if (expect(L, v, YAML_SCALAR_NODE, "'use'"))
		return NULL;
	for (size_t i = 0; i < L->nnamed; i++)
		if (!strcmp(L->named[i].name, scalar(v)))
			return &L->named[i];
	if (!strncmp(scalar(v), GR_BUILTIN_PREFIX, strlen(GR_BUILTIN_PREFIX)))
		return builtin_named(L, v);
	if (L->listing && map_get(L, L->listing, scalar(v))) {
		fail(L, v, "%s uses pattern list '%s', which is defined below it: a list can use only the lists above it",
		     owner, scalar(v));
		return NULL;
	}
	fail(L, v, "%s uses pattern list '%s', which neither 'patterns:' nor an included file defines", owner,
	     scalar(v));
	return NULL;
}

/* Append one pattern node, or the list {use: NAME} names, to items. */
static int gather_one(struct loader *L, yaml_node_t *p, const char *owner, yaml_node_t **items, int *count)
{
	if (p->type == YAML_MAPPING_NODE) {
		const struct named *nl = named_ref(L, p, owner);
		if (!nl)
			return GR_EINPUT;
		for (size_t i = 0; i < nl->n; i++) {
			if (*count == 256)
				return fail(L, p, "%s has more than 256 patterns", owner);
			items[(*count)++] = nl->items[i];
		}
		return 0;
	}
	if (expect(L, p, YAML_SCALAR_NODE, "a pattern"))
		return GR_EINPUT;
	if (*count == 256)
		return fail(L, p, "%s has more than 256 patterns", owner);
	items[(*count)++] = p;
	return 0;
}

/* The pattern nodes of n (a pattern, {use: NAME} or a list of either),
 * at most 256, into items. Returns how many, or an error. */
static int gather_patterns(struct loader *L, yaml_node_t *n, const char *owner, yaml_node_t **items)
{
	int count = 0;
	if (n->type == YAML_SCALAR_NODE || n->type == YAML_MAPPING_NODE) {
		if (gather_one(L, n, owner, items, &count))
			return GR_EINPUT;
	} else if (n->type == YAML_SEQUENCE_NODE) {
		for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
			yaml_node_t *p = node_at(L, *it);
			if (!p)
				return fail(L, n, "exercise is too large or has too many aliases");
			if (gather_one(L, p, owner, items, &count))
				return GR_EINPUT;
		}
	} else {
		return fail(L, n, "patterns of %s must be a string, {use: NAME} or a list of them", owner);
	}
	if (count == 0)
		return fail(L, n, "%s has no patterns", owner);
	for (int i = 0; i < count; i++)
		if (!*scalar(items[i]))
			return fail(L, items[i], "empty pattern in %s", owner);
	return count;
}

/* "(?:a)|(?:b)": a list's items as one alternation (malloc'd; NULL: out
 * of memory). */
/* Copy pattern p to w with each \s+ and \s* outside a class widened to
 * take underscores too: a label or heading written as a key of data reads
 * as itself ("top_cuda_time:", "not_yet:"). Returns the end written. */
static char *widen_spaces(char *w, const char *p)
{
	int in_class = 0;
	for (; *p; p++) {
		if (*p == '\\' && p[1]) {
			if (!in_class && p[1] == 's' && (p[2] == '+' || p[2] == '*')) {
				w += sprintf(w, "[\\s_]%c", p[2]);
				p += 2;
				continue;
			}
			*w++ = *p++;
			*w++ = *p;
			continue;
		}
		if (*p == '[' && !in_class)
			in_class = 1;
		else if (*p == ']' && in_class)
			in_class = 0;
		*w++ = *p;
	}
	return w;
}

/* The alternation of items, for the anchored label and heading matches. */
static char *join_items(yaml_node_t *const *items, size_t count)
{
	size_t total = 1;
	for (size_t i = 0; i < count; i++)
		total += 3 * strlen(scalar(items[i])) + 5; /* "\s+" (3) widens to "[\s_]+" (6) */
	char *joined = malloc(total), *w = joined;
	if (!joined)
		return NULL;
	for (size_t i = 0; i < count; i++) {
		w += sprintf(w, "%s(?:", i ? "|" : "");
		w = widen_spaces(w, scalar(items[i]));
		*w++ = ')';
	}
	*w = '\0';
	return joined;
}

/* The gate of a list's alternation: built from the items an ASCII text
 * can match, the others (every match holds a byte above 0x7F: "топ\s+cuda",
 * "ワークロード") set aside, so Cyrillic and CJK labels leave ASCII
 * reports' lines gated by the English ones' literals. */
static int build_gate(struct gr_gate *gate, yaml_node_t *const *items, size_t count, const char *joined,
		      struct gr_pcache *pc)
{
	yaml_node_t *low[256];
	size_t nlow = 0;
	for (size_t i = 0; i < count && i < 256; i++)
		if (!gr_pattern_high(scalar(items[i])))
			low[nlow++] = items[i];
	if (nlow == count) /* the usual case: the alternation as compiled */
		return gr_gate_build(gate, joined, 0, pc);
	char *part = nlow ? join_items(low, nlow) : NULL;
	if (nlow && !part)
		return GR_ENOMEM;
	int rc = gr_gate_build(gate, part, 1, pc);
	free(part);
	return rc;
}

/* A slot compiling in the background, for finish_compiles() to check. */
static int check_later(struct loader *L, pcre2_code **slot)
{
	if (GR_GROW(L->unchecked, L->nunchecked, L->cunchecked, 256) < 0)
		return GR_ENOMEM;
	L->unchecked[L->nunchecked++] = slot;
	return 0;
}

/* compile_list() while the load compiles in the background: the items and
 * their alternation are queued, and the items are checked once they are
 * compiled (finish_compiles). A bad item shows there as a failed load,
 * which is loaded again without deferring to report it where it is. */
static int compile_list_later(struct loader *L, yaml_node_t *const *items, size_t count, pcre2_code **out,
			      struct gr_gate *gate)
{
	if (GR_GROW(L->checks, L->nchecks, L->cchecks, 16) < 0)
		return GR_ENOMEM;
	struct checks *c = &L->checks[L->nchecks];
	if (!(c->re = calloc(count, sizeof(*c->re))))
		return GR_ENOMEM;
	c->n = count;
	L->nchecks++;
	int code;
	PCRE2_SIZE off;
	for (size_t i = 0; i < count; i++) {
		const char *p = scalar(items[i]);
		if (gr_pcache_holds(L->pc, p, PLAIN_OPTIONS)) {
			/* Compiled before: a copy of our own (the cache would lend
			 * its code, which a set may hold too), checked now. */
			char msg[256];
			size_t at;
			pcre2_code *re = compile_plain(L, p, msg, sizeof(msg), &at);
			int bad = !re || matches_empty(L, re);
			pcre2_code_free(re);
			if (bad)
				return GR_EINPUT;
		} else if (gr_pcache_compile_later(L->pc, p, PLAIN_OPTIONS, &c->re[i], &code, &off) < 0) {
			return GR_EINPUT; /* loaded again, where it is reported */
		} else if (check_later(L, &c->re[i]) < 0) {
			return GR_ENOMEM;
		}
	}
	char *joined = join_items(items, count);
	if (!joined)
		return GR_ENOMEM;
	int rc = gr_pcache_compile_later(L->pc, joined, PLAIN_OPTIONS | PCRE2_USE_OFFSET_LIMIT, out, &code, &off) < 0
			 ? GR_EINPUT
			 : build_gate(gate, items, count, joined, L->pc);
	free(joined);
	return rc;
}

/* Compile a list node of patterns (or one scalar) into one alternation, for
 * the anchored label and heading matches. `owner` names them in messages.
 * now: compile before returning, even while the load defers (a field's
 * labels: compile_echo() matches them before the load ends). */
static int compile_list(struct loader *L, yaml_node_t *n, const char *owner, pcre2_code **out,
			struct gr_gate *gate, int now)
{
	yaml_node_t *items[256];
	int got = gather_patterns(L, n, owner, items);
	if (got < 0)
		return got;
	size_t count = (size_t)got;
	if (!now && gr_pcache_deferring(L->pc))
		return compile_list_later(L, items, count, out, gate);
	for (size_t i = 0; i < count; i++) {
		const char *p = scalar(items[i]);
		char msg[256];
		size_t off;
		pcre2_code *re = compile_plain(L, p, msg, sizeof(msg), &off);
		if (!re)
			return fail(L, items[i], "bad pattern in %s at offset %zu: %s", owner, off, msg);
		int empty = matches_empty(L, re);
		pcre2_code_free(re);
		if (empty)
			return fail(L, items[i], "pattern in %s matches the empty string, so it matches everywhere", owner);
	}
	char *joined = join_items(items, count);
	if (!joined)
		return GR_ENOMEM;
	char msg[256];
	size_t off;
	*out = compile_joined(L, joined, msg, sizeof(msg), &off);
	int rc = *out ? build_gate(gate, items, count, joined, L->pc) : 0;
	free(joined);
	if (!*out)
		return fail(L, n, "patterns of %s do not combine: %s", owner, msg);
	return rc;
}

static int compile_opt(struct loader *L, yaml_node_t *map, const char *key, const char *owner,
		       pcre2_code **out, struct gr_gate *gate)
{
	yaml_node_t *n = map_get(L, map, key);
	if (!n)
		return 0;
	char what[300];
	snprintf(what, sizeof(what), "'%s' of %s", key, owner);
	return compile_list(L, n, what, out, gate, 0);
}

/* Compile a list node of patterns (or one scalar) into a pattern set, each
 * pattern checked on its own so an error points at it. */
static int compile_set(struct loader *L, yaml_node_t *n, const char *owner, struct gr_patset *out,
		       char ***keep, size_t *nkeep)
{
	yaml_node_t *items[256];
	const char *pats[256];
	int got = gather_patterns(L, n, owner, items);
	if (got < 0)
		return got;
	size_t count = (size_t)got;
	for (size_t i = 0; i < count; i++)
		pats[i] = scalar(items[i]);
	char msg[256];
	size_t off = 0, bad = 0;
	int rc = gr_patset_compile_cached(out, pats, count, L->pc, &bad, msg, sizeof(msg), &off);
	if (rc == GR_EINPUT)
		return fail(L, items[bad], "bad pattern in %s at offset %zu: %s", owner, off, msg);
	if (rc)
		return rc;
	for (size_t i = 0; i < out->n; i++) {
		if (!out->v[i].re) { /* still compiling: checked by finish_compiles() */
			if (check_later(L, &out->v[i].re) < 0)
				return GR_ENOMEM;
		} else if (matches_empty(L, out->v[i].re)) {
			return fail(L, items[i], "pattern in %s matches the empty string, so it matches everywhere", owner);
		}
	}
	if (keep) {
		*keep = calloc(count, sizeof(char *));
		if (!*keep)
			return GR_ENOMEM;
		for (size_t i = 0; i < count; i++)
			(*keep)[i] = strdup(pats[i]);
		*nkeep = count;
	}
	return 0;
}

/* ---- sections of the file --------------------------------------------- */

static int load_workload(struct loader *L, yaml_node_t *n)
{
	if (!n)
		return 0;
	if (expect(L, n, YAML_MAPPING_NODE, "'workload'"))
		return GR_EINPUT;
	size_t cnt = (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
	L->ex->workload = calloc(cnt ? cnt : 1, sizeof(struct gr_kv));
	if (!L->ex->workload)
		return GR_ENOMEM;
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node_at(L, p->key), *v = node_at(L, p->value);
		if (expect(L, k, YAML_SCALAR_NODE, "a workload key") || expect(L, v, YAML_SCALAR_NODE, "a workload value"))
			return GR_EINPUT;
		struct gr_kv *kv = &L->ex->workload[L->ex->nworkload++];
		kv->key = strdup(scalar(k));
		kv->value = strdup(scalar(v));
	}
	return 0;
}

/* Without 'aliases' a row is found by its full name, or by the part after
 * "::" when that is distinctive (four or more characters). */
static int derive_alias(struct loader *L, yaml_node_t *row, const char *op, struct gr_patset *out)
{
	const char *tail = strstr(op, "::");
	tail = tail ? tail + 2 : NULL;
	char *pats[2] = { NULL, NULL };
	size_t n = 1;
	if (asprintf(&pats[0], "\\Q%s\\E", op) < 0)
		return GR_ENOMEM;
	if (tail && strlen(tail) >= 4 && asprintf(&pats[n++], "(?<![\\w:.])\\Q%s\\E(?!\\w)", tail) < 0)
		n--;
	char msg[128];
	size_t off, bad;
	int rc = gr_patset_compile_cached(out, (const char *const *)pats, n, L->pc, &bad, msg, sizeof(msg), &off);
	free(pats[0]);
	free(pats[1]);
	if (rc == GR_EINPUT)
		return fail(L, row, "op name '%s' cannot be matched: %s (give 'aliases')", op, msg);
	return rc;
}

static int load_table(struct loader *L, yaml_node_t *n)
{
	static const char *const keys[] = { "op", "cuda_ms", "cpu_ms", "calls", "memory_bytes", "aliases", NULL };
	if (expect(L, n, YAML_SEQUENCE_NODE, "'table'"))
		return GR_EINPUT;
	size_t cnt = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
	if (cnt == 0)
		return fail(L, n, "'table' has no rows");
	L->ex->row_alias = calloc(cnt, sizeof(struct gr_patset));
	if (!L->ex->row_alias)
		return GR_ENOMEM;
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *row = node_at(L, *it);
		if (expect(L, row, YAML_MAPPING_NODE, "a table row") || check_keys(L, row, "a table row", keys))
			return GR_EINPUT;
		char *op = NULL;
		double cuda = 0, cpu = 0, mem = 0;
		long long calls = 0;
		int rc = get_str(L, row, "op", 1, "a table row", &op);
		yaml_node_t *v;
		const char *need[] = { "cuda_ms", "cpu_ms", "calls", "memory_bytes" };
		for (int i = 0; !rc && i < 4; i++)
			if (!map_get(L, row, need[i]))
				rc = fail(L, row, "table row '%s' is missing '%s'", op, need[i]);
		if (!rc && (v = map_get(L, row, "cuda_ms")))
			rc = parse_double(L, v, "'cuda_ms'", &cuda);
		if (!rc && (v = map_get(L, row, "cpu_ms")))
			rc = parse_double(L, v, "'cpu_ms'", &cpu);
		if (!rc && (v = map_get(L, row, "calls")))
			rc = parse_int(L, v, "'calls'", 0, LLONG_MAX, &calls);
		if (!rc && (v = map_get(L, row, "memory_bytes")))
			rc = parse_double(L, v, "'memory_bytes'", &mem);
		if (!rc && (cuda < 0 || cpu < 0 || mem < 0))
			rc = fail(L, row, "table row '%s' has a negative value", op);
		size_t idx = L->ex->table.len;
		if (!rc && gr_table_push(&L->ex->table, op, cuda, cpu, calls, mem) < 0)
			rc = GR_ENOMEM;
		if (!rc && (v = map_get(L, row, "aliases"))) {
			char what[300];
			snprintf(what, sizeof(what), "table row '%s'", op);
			rc = compile_set(L, v, what, &L->ex->row_alias[idx], NULL, NULL);
		}
		if (!rc && !L->ex->row_alias[idx].n)
			rc = derive_alias(L, row, op, &L->ex->row_alias[idx]);
		free(op);
		if (rc)
			return rc;
	}
	return 0;
}

static int load_fields(struct loader *L, yaml_node_t *n)
{
	static const char *const keys[] = { "id", "label", "labels", "aliases", "infer", "proposal", NULL };
	if (expect(L, n, YAML_SEQUENCE_NODE, "'fields'"))
		return GR_EINPUT;
	size_t cnt = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
	if (cnt == 0 || cnt > 32)
		return fail(L, n, "'fields' must list between 1 and 32 fields");
	L->ex->fields = calloc(cnt, sizeof(struct gr_field));
	if (!L->ex->fields)
		return GR_ENOMEM;
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *m = node_at(L, *it);
		if (expect(L, m, YAML_MAPPING_NODE, "a field") || check_keys(L, m, "a field", keys))
			return GR_EINPUT;
		struct gr_field *f = &L->ex->fields[L->ex->nfields++];
		int rc = get_str(L, m, "id", 1, "a field", &f->id);
		if (!rc)
			rc = get_str(L, m, "label", 1, "a field", &f->label);
		if (!rc && gr_exercise_field(L->ex, f->id) != (int)L->ex->nfields - 1)
			rc = fail(L, map_get(L, m, "id"), "field id '%s' is used twice", f->id);
		yaml_node_t *labels = map_get(L, m, "labels");
		if (!rc && !labels)
			rc = fail(L, m, "field '%s' is missing required key 'labels'", f->id);
		char owner[200];
		snprintf(owner, sizeof(owner), "field '%s'", f->id);
		if (!rc)
			rc = compile_list(L, labels, owner, &f->label_re, &f->label_gate, 1); /* compile_echo reads it */
		if (!rc)
			rc = compile_opt(L, m, "aliases", owner, &f->alias_re, &f->alias_gate);
		if (!rc)
			rc = compile_opt(L, m, "infer", owner, &f->infer_re, &f->infer_gate);
		yaml_node_t *prop = map_get(L, m, "proposal");
		if (!rc && prop)
			rc = parse_bool(L, prop, "'proposal'", &f->proposal);
		if (rc)
			return rc;
	}
	return 0;
}

static int load_sections(struct loader *L, yaml_node_t *n)
{
	static const char *const keys[] = { "id", "title", "number", "heading", "infer", "deferred", NULL };
	if (!n)
		return 0;
	if (expect(L, n, YAML_SEQUENCE_NODE, "'sections'"))
		return GR_EINPUT;
	size_t cnt = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
	if (cnt > 32)
		return fail(L, n, "'sections' lists more than 32 sections");
	L->ex->sections = calloc(cnt ? cnt : 1, sizeof(struct gr_section));
	if (!L->ex->sections)
		return GR_ENOMEM;
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *m = node_at(L, *it);
		if (expect(L, m, YAML_MAPPING_NODE, "a section") || check_keys(L, m, "a section", keys))
			return GR_EINPUT;
		struct gr_section *s = &L->ex->sections[L->ex->nsections++];
		int rc = get_str(L, m, "id", 1, "a section", &s->id);
		if (!rc)
			rc = get_str(L, m, "title", 0, "a section", &s->title);
		if (!rc && gr_exercise_section(L->ex, s->id) != (int)L->ex->nsections - 1)
			rc = fail(L, map_get(L, m, "id"), "section id '%s' is used twice", s->id);
		yaml_node_t *num = map_get(L, m, "number");
		long long v = 0;
		if (!rc && num)
			rc = parse_int(L, num, "'number'", 1, 99, &v);
		s->number = (int)v;
		yaml_node_t *d = map_get(L, m, "deferred");
		if (!rc && d)
			rc = parse_bool(L, d, "'deferred'", &s->deferred);
		char owner[200];
		snprintf(owner, sizeof(owner), "section '%s'", s->id ? s->id : "?");
		if (!rc)
			rc = compile_opt(L, m, "heading", owner, &s->heading_re, &s->heading_gate);
		if (!rc)
			rc = compile_opt(L, m, "infer", owner, &s->infer_re, &s->infer_gate);
		if (rc)
			return rc;
	}
	return 0;
}

static int load_concepts(struct loader *L, yaml_node_t *n)
{
	if (expect(L, n, YAML_MAPPING_NODE, "'concepts'"))
		return GR_EINPUT;
	size_t cnt = (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
	if (cnt > 256)
		return fail(L, n, "'concepts' defines more than 256 concepts");
	L->ex->concepts = calloc(cnt ? cnt : 1, sizeof(struct gr_concept));
	if (!L->ex->concepts)
		return GR_ENOMEM;
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node_at(L, p->key), *v = node_at(L, p->value);
		if (expect(L, k, YAML_SCALAR_NODE, "a concept name") || !v)
			return GR_EINPUT;
		if (gr_exercise_concept(L->ex, scalar(k)) >= 0)
			return fail(L, k, "concept '%s' is defined twice", scalar(k));
		struct gr_concept *c = &L->ex->concepts[L->ex->nconcepts++];
		c->id = strdup(scalar(k));
		char owner[200];
		snprintf(owner, sizeof(owner), "concept '%s'", c->id);
		int rc = compile_set(L, v, owner, &c->set, &c->patterns, &c->npatterns);
		if (rc)
			return rc;
	}
	return 0;
}

/* ---- rules ------------------------------------------------------------- */

static int concept_ref(struct loader *L, yaml_node_t *n, const char *what, int *out)
{
	if (expect(L, n, YAML_SCALAR_NODE, what))
		return GR_EINPUT;
	int idx = gr_exercise_concept(L->ex, scalar(n));
	if (idx < 0)
		return fail(L, n, "unknown concept '%s' in %s (define it under 'concepts')", scalar(n), what);
	L->ex->concepts[idx].used = true;
	*out = idx;
	return 0;
}

static int parse_scope(struct loader *L, yaml_node_t *n, struct gr_scope *out)
{
	if (expect(L, n, YAML_SCALAR_NODE, "'scope'"))
		return GR_EINPUT;
	const char *s = scalar(n);
	if (!strcmp(s, "report")) {
		*out = (struct gr_scope){ .kind = GR_SCOPE_REPORT };
	} else if (!strncmp(s, "field:", 6)) {
		int idx = gr_exercise_field(L->ex, s + 6);
		if (idx < 0)
			return fail(L, n, "unknown field '%s' in scope", s + 6);
		*out = (struct gr_scope){ .kind = GR_SCOPE_FIELD, .index = idx };
	} else if (!strncmp(s, "section:", 8)) {
		int idx = gr_exercise_section(L->ex, s + 8);
		if (idx < 0)
			return fail(L, n, "unknown section '%s' in scope", s + 8);
		*out = (struct gr_scope){ .kind = GR_SCOPE_SECTION, .index = idx };
	} else {
		return fail(L, n, "scope must be 'report', 'field:<id>' or 'section:<id>', found '%s'", s);
	}
	return 0;
}

static int ids(struct loader *L, yaml_node_t *n, const char *what, int fields, int **list, size_t *nlist)
{
	if (expect(L, n, YAML_SEQUENCE_NODE, what))
		return GR_EINPUT;
	size_t cnt = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
	if (cnt == 0)
		return fail(L, n, "%s must not be empty", what);
	*list = calloc(cnt, sizeof(int));
	if (!*list)
		return GR_ENOMEM;
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *item = node_at(L, *it);
		int idx;
		if (fields) {
			if (expect(L, item, YAML_SCALAR_NODE, what))
				return GR_EINPUT;
			idx = gr_exercise_field(L->ex, scalar(item));
			if (idx < 0)
				return fail(L, item, "unknown field '%s' in %s", scalar(item), what);
		} else if (concept_ref(L, item, what, &idx)) {
			return GR_EINPUT;
		}
		(*list)[(*nlist)++] = idx;
	}
	return 0;
}

static int id_list(struct loader *L, yaml_node_t *n, const char *what, int fields, struct gr_rule *r)
{
	return ids(L, n, what, fields, &r->list, &r->nlist);
}

static void rule_free(struct gr_rule *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->nkids; i++)
		rule_free(r->kids[i]);
	free(r->kids);
	free(r->list);
	free(r->before);
	free(r->apart);
	free(r);
}

static int parse_rule(struct loader *L, yaml_node_t *n, int depth, struct gr_rule **out);

static int parse_kids(struct loader *L, yaml_node_t *n, int depth, struct gr_rule *r, const char *kw)
{
	int one = !strcmp(kw, "not") || !strcmp(kw, "lines"); /* these take one rule */
	if (n->type == YAML_MAPPING_NODE && one) {
		r->kids = calloc(1, sizeof(*r->kids));
		if (!r->kids)
			return GR_ENOMEM;
		r->nkids = 1;
		return parse_rule(L, n, depth + 1, &r->kids[0]);
	}
	char what[64];
	snprintf(what, sizeof(what), "'%s'", kw);
	if (expect(L, n, YAML_SEQUENCE_NODE, what))
		return GR_EINPUT;
	size_t cnt = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
	if (cnt == 0)
		return fail(L, n, "'%s' needs at least one rule", kw);
	r->kids = calloc(cnt, sizeof(*r->kids));
	if (!r->kids)
		return GR_ENOMEM;
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		/* Counted even on failure: the half-built child is freed with us. */
		int rc = parse_rule(L, node_at(L, *it), depth + 1, &r->kids[r->nkids++]);
		if (rc)
			return rc;
	}
	if (one && cnt != 1)
		return fail(L, n, "'%s' takes one rule", kw);
	return 0;
}

static int opt_int(struct loader *L, yaml_node_t *m, const char *key, int *out)
{
	yaml_node_t *v = map_get(L, m, key);
	long long x = 0;
	if (!v)
		return 0;
	char what[64];
	snprintf(what, sizeof(what), "'%s'", key);
	if (parse_int(L, v, what, 0, 100000, &x))
		return GR_EINPUT;
	*out = (int)x;
	return 0;
}

static int parse_rule(struct loader *L, yaml_node_t *n, int depth, struct gr_rule **out)
{
	static const char *const kinds[] = { "all", "any", "not", "concept", "distinct", "fields",
					     "field_order", "experiments", "bullets", "fact", "words", "count", "lines",
					     NULL };
	static const char *const keys[] = { "all", "any", "not", "concept", "distinct", "fields",
					    "field_order", "experiments", "bullets", "fact", "words", "count", "lines",
					    "scope", "polarity", "near", "unless", "before", "apart", "min", "max", "action",
					    "measure", "metric", "tolerance", "whole", NULL };
	if (depth > GR_MAX_RULE_DEPTH)
		return fail(L, n, "rules nest deeper than %d levels", GR_MAX_RULE_DEPTH);
	if (expect(L, n, YAML_MAPPING_NODE, "a rule") || check_keys(L, n, "a rule", keys))
		return GR_EINPUT;
	struct gr_rule *r = calloc(1, sizeof(*r));
	if (!r)
		return GR_ENOMEM;
	*out = r;
	r->concept = r->near = r->unless = r->action = r->measure = r->row = -1;
	r->min = r->max = -1;
	r->line = (int)n->start_mark.line + 1;
	r->col = (int)n->start_mark.column + 1;
	int found = -1;
	yaml_node_t *arg = NULL;
	for (int i = 0; kinds[i]; i++) {
		yaml_node_t *v = map_get(L, n, kinds[i]);
		if (!v)
			continue;
		if (found >= 0)
			return fail(L, n, "a rule has one kind, found both '%s' and '%s'", kinds[found], kinds[i]);
		found = i;
		arg = v;
	}
	if (found < 0)
		return fail(L, n,
			    "a rule needs one of: all, any, not, concept, distinct, fields, field_order, "
			    "experiments, bullets, fact, words, count, lines");
	r->kind = (enum gr_rule_kind)found;
	int rc = 0;
	yaml_node_t *v;
	switch (r->kind) {
	case GR_RULE_ALL: case GR_RULE_ANY: case GR_RULE_NOT: case GR_RULE_LINES:
		rc = parse_kids(L, arg, depth, r, kinds[found]);
		break;
	case GR_RULE_CONCEPT:
	case GR_RULE_COUNT:
		rc = concept_ref(L, arg, kinds[found], &r->concept);
		break;
	case GR_RULE_DISTINCT: case GR_RULE_EXPERIMENTS:
		rc = id_list(L, arg, kinds[found], 0, r);
		break;
	case GR_RULE_FIELDS: case GR_RULE_FIELD_ORDER:
		rc = id_list(L, arg, kinds[found], 1, r);
		break;
	case GR_RULE_BULLETS: case GR_RULE_WORDS: {
		long long x;
		rc = parse_int(L, arg, kinds[found], 0, 100000, &x);
		r->min = (int)x;
		if (r->kind == GR_RULE_BULLETS)
			r->max = (int)x;
		break;
	}
	case GR_RULE_FACT:
		if (expect(L, arg, YAML_SCALAR_NODE, "'fact'"))
			return GR_EINPUT;
		for (size_t i = 0; i < L->ex->table.len; i++)
			if (!strcmp(L->ex->table.rows[i].op, scalar(arg)))
				r->row = (int)i;
		if (r->row < 0)
			return fail(L, arg, "fact names op '%s', which is not in the table", scalar(arg));
		r->metric = GR_METRIC_CUDA_SHARE;
		r->tolerance = 1.5;
		if ((v = map_get(L, n, "metric"))) {
			if (expect(L, v, YAML_SCALAR_NODE, "'metric'"))
				return GR_EINPUT;
			const char *m = scalar(v);
			if (!strcmp(m, "cuda_share")) r->metric = GR_METRIC_CUDA_SHARE;
			else if (!strcmp(m, "cuda_ms")) r->metric = GR_METRIC_CUDA_MS;
			else if (!strcmp(m, "cpu_ms")) r->metric = GR_METRIC_CPU_MS;
			else if (!strcmp(m, "calls")) r->metric = GR_METRIC_CALLS;
			else return fail(L, v, "metric must be cuda_share, cuda_ms, cpu_ms or calls, found '%s'", m);
		}
		if ((v = map_get(L, n, "tolerance")))
			rc = parse_double(L, v, "'tolerance'", &r->tolerance);
		break;
	}
	if (!rc && (v = map_get(L, n, "scope")))
		rc = parse_scope(L, v, &r->scope);
	if (!rc && (v = map_get(L, n, "near")))
		rc = concept_ref(L, v, "'near'", &r->near);
	if (!rc && (v = map_get(L, n, "unless")))
		rc = concept_ref(L, v, "'unless'", &r->unless);
	if (!rc && (v = map_get(L, n, "before")))
		rc = ids(L, v, "'before'", 0, &r->before, &r->nbefore);
	if (!rc && (v = map_get(L, n, "apart")))
		rc = ids(L, v, "'apart'", 0, &r->apart, &r->napart);
	if (!rc && (v = map_get(L, n, "action")))
		rc = concept_ref(L, v, "'action'", &r->action);
	if (!rc && (v = map_get(L, n, "measure")))
		rc = concept_ref(L, v, "'measure'", &r->measure);
	if (!rc)
		rc = opt_int(L, n, "min", &r->min);
	if (!rc)
		rc = opt_int(L, n, "max", &r->max);
	if (!rc && (v = map_get(L, n, "polarity"))) {
		if (expect(L, v, YAML_SCALAR_NODE, "'polarity'"))
			return GR_EINPUT;
		const char *p = scalar(v);
		if (!strcmp(p, "any")) r->polarity = GR_POL_ANY;
		else if (!strcmp(p, "affirmed")) r->polarity = GR_POL_AFFIRMED;
		else if (!strcmp(p, "negated")) r->polarity = GR_POL_NEGATED;
		else if (!strcmp(p, "proposed")) r->polarity = GR_POL_PROPOSED;
		else return fail(L, v, "polarity must be any, affirmed, negated or proposed, found '%s'", p);
	}
	if (!rc && (v = map_get(L, n, "whole"))) {
		if (r->kind != GR_RULE_CONCEPT)
			return fail(L, v, "'whole' applies to a concept rule only");
		rc = parse_bool(L, v, "'whole'", &r->whole);
	}
	if (!rc && r->kind == GR_RULE_LINES && r->min < 0)
		r->min = 1;
	if (!rc && r->kind == GR_RULE_DISTINCT && r->min < 0)
		r->min = (int)r->nlist;
	if (!rc && L->visits > GR_MAX_YAML_NODES) /* an optional key's lookup ran out: say where */
		return fail(L, n, "exercise is too large");
	return rc;
}

/* ---- criteria ----------------------------------------------------------- */

static int load_examples(struct loader *L, yaml_node_t *n, struct gr_criterion *c)
{
	static const char *const keys[] = { "text", "expect", NULL };
	if (!n)
		return 0;
	if (expect(L, n, YAML_SEQUENCE_NODE, "'examples'"))
		return GR_EINPUT;
	size_t cnt = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
	c->examples = calloc(cnt ? cnt : 1, sizeof(struct gr_example));
	if (!c->examples)
		return GR_ENOMEM;
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *m = node_at(L, *it);
		if (expect(L, m, YAML_MAPPING_NODE, "an example") || check_keys(L, m, "an example", keys))
			return GR_EINPUT;
		struct gr_example *e = &c->examples[c->nexamples++];
		e->line = (int)m->start_mark.line + 1;
		yaml_node_t *x = map_get(L, m, "expect");
		if (!x)
			return fail(L, m, "example of criterion '%s' is missing 'expect'", c->id);
		if (parse_bool(L, x, "'expect'", &e->expect))
			return GR_EINPUT;
		yaml_node_t *t = map_get(L, m, "text");
		if (!t)
			return fail(L, m, "example of criterion '%s' is missing 'text'", c->id);
		if (expect(L, t, YAML_SCALAR_NODE, "'text'"))
			return GR_EINPUT;
		e->text = strdup(scalar(t));
	}
	return 0;
}

static int load_hints(struct loader *L, yaml_node_t *n, struct gr_criterion *c)
{
	if (!n)
		return 0;
	if (expect(L, n, YAML_SEQUENCE_NODE, "'hints'"))
		return GR_EINPUT;
	size_t cnt = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
	c->hints = calloc(cnt ? cnt : 1, sizeof(char *));
	if (!c->hints)
		return GR_ENOMEM;
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *h = node_at(L, *it);
		if (expect(L, h, YAML_SCALAR_NODE, "a hint"))
			return GR_EINPUT;
		c->hints[c->nhints++] = strdup(scalar(h));
	}
	return 0;
}

static int load_criteria(struct loader *L, yaml_node_t *n)
{
	static const char *const keys[] = { "id", "title", "points", "scope", "rule", "pass", "fail",
					    "hints", "docs", "visibility", "examples", NULL };
	if (expect(L, n, YAML_SEQUENCE_NODE, "'criteria'"))
		return GR_EINPUT;
	size_t cnt = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
	if (cnt == 0 || cnt > 64)
		return fail(L, n, "'criteria' must list between 1 and 64 criteria");
	L->ex->criteria = calloc(cnt, sizeof(struct gr_criterion));
	if (!L->ex->criteria)
		return GR_ENOMEM;
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *m = node_at(L, *it);
		if (expect(L, m, YAML_MAPPING_NODE, "a criterion") || check_keys(L, m, "a criterion", keys))
			return GR_EINPUT;
		struct gr_criterion *c = &L->ex->criteria[L->ex->ncriteria++];
		c->line = (int)m->start_mark.line + 1;
		c->scope = (struct gr_scope){ .kind = GR_SCOPE_REPORT };
		c->points = 1;
		int rc = get_str(L, m, "id", 1, "a criterion", &c->id);
		if (!rc && gr_exercise_criterion(L->ex, c->id) != (int)L->ex->ncriteria - 1)
			rc = fail(L, map_get(L, m, "id"), "criterion id '%s' is used twice", c->id);
		char what[160];
		snprintf(what, sizeof(what), "criterion '%s'", c->id ? c->id : "?");
		if (!rc)
			rc = get_str(L, m, "title", 1, what, &c->title);
		if (!rc)
			rc = get_str(L, m, "pass", 1, what, &c->pass);
		if (!rc)
			rc = get_str(L, m, "fail", 1, what, &c->fail);
		if (!rc)
			rc = get_str(L, m, "docs", 0, what, &c->docs);
		yaml_node_t *v;
		long long pts = 1;
		if (!rc && (v = map_get(L, m, "points")))
			rc = parse_int(L, v, "'points'", 0, 1000, &pts);
		c->points = (int)pts;
		if (!rc && (v = map_get(L, m, "scope")))
			rc = parse_scope(L, v, &c->scope);
		if (!rc && (v = map_get(L, m, "visibility"))) {
			if (expect(L, v, YAML_SCALAR_NODE, "'visibility'"))
				return GR_EINPUT;
			const char *s = scalar(v);
			if (!strcmp(s, "visible")) c->visibility = GR_VISIBLE;
			else if (!strcmp(s, "hidden")) c->visibility = GR_HIDDEN;
			else if (!strcmp(s, "after_due_date")) c->visibility = GR_AFTER_DUE_DATE;
			else rc = fail(L, v, "visibility must be visible, hidden or after_due_date, found '%s'", s);
		}
		v = map_get(L, m, "rule");
		if (!rc && !v)
			rc = fail(L, m, "%s is missing required key 'rule'", what);
		if (!rc)
			rc = parse_rule(L, v, 0, &c->rule);
		if (!rc)
			rc = load_hints(L, map_get(L, m, "hints"), c);
		if (!rc)
			rc = load_examples(L, map_get(L, m, "examples"), c);
		if (!rc && c->nexamples == 0)
			rc = fail(L, m, "%s has no labelled examples: add at least one under 'examples'", what);
		if (rc)
			return rc;
		L->ex->max_points += c->points;
	}
	return 0;
}

/* Polarity cues: the defaults are English function words (not exercise
 * knowledge); an exercise may replace them under 'polarity', or extend
 * them ({use: grader-negation}: builtin_lists below). */
/* Negation cues reject a mention on either side in its clause ("not a
 * kernel", "a kernel is premature"); deferral cues only what follows them
 * ("instead of a kernel", "before writing a kernel"). "before"/"until" defer
 * only an action or a state ("before writing", "until we know", "until the
 * copies are explained"): "runs before the first token" defers nothing. */
static const char *const default_negation[] = {
	"\\bnot?\\b(?!\\s+matter\\b)", /* not the idiom "no matter how fast ..." */
	"n't\\b", "\\b(?:dont|doesnt|didnt|wont|wouldnt|shouldnt|isnt|arent|cant|cannot)\\b",
	"\\bnever\\b", "\\b(?:nope|nah)\\b", "\\bnothing\\b", "\\bnone\\b", "\\bneither\\b|\\bnor\\b",
	/* "Nobody should call that GEMM-bound", not "TTFT nobody sees" */
	"\\bnobody\\s+(?:should|would|will|could|can|needs?)\\b",
	/* a cross or a no-entry sign: "✗ custom attention kernel", "🚫 FlashAttention" */
	"[\\x{2717}\\x{2718}\\x{274C}\\x{1F6AB}\\x{26D4}]",
	"\\bin\\s+due\\s+course\\b", /* "worth pursuing in due course": not now */
	"\\b(?:premature(?:ly)?|tempting|distraction|glamorous|overkill|pointless|wrong)\\b",
	/* "later" as "not now" ("the copies can come later"), not "each later
	 * step", nor a time ("the first token comes 22 ms later") */
	/* nor what is only named later ("one more around the copies, name later") */
	"(?<!ms )(?<!\\ds )(?<!sec )(?<!secs )(?<!onds )(?<!\\dus )(?<!\xC2\xB5s )(?<!\\bname )(?<!\\bnames )"
	"(?<!\\bname it )(?<!\\bname them )\\blater\\b"
	"(?!\\s+(?:one|ones|step|steps|token|tokens|layer|layers|call|calls|stage|stages|run|runs|"
	"iteration|iterations|forward|forwards|pass|passes|decode))",
	/* "maybe also wrap the .to() calls at some point": not now either */
	"\\bat\\s+some\\s+point\\b",
	"\\bout\\s+of\\s+scope\\b", "\\b(?:can|could|should|will|must)\\s+wait\\b", "\\bwaste\\s+of\\s+time\\b",
	"\\b(?:suspicious|skeptical|sceptical|wary)\\s+of\\b", /* "wary of a custom kernel" */
	"\\b(?:is|are|be|being|was|were)\\s+(?:deferred|postponed|put\\s+off|parked|shelved)\\b", /* "... is deferred" */
	"\\bno\\s+need\\b", "\\bdisagree\\b", "\\b(?:on|to|into|in)\\s+the\\s+(?:backlog|parking\\s+lot)\\b",
	/* The commonest of learners' other languages: Spanish, Portuguese,
	 * French, German and romanised Hindi ("no optimizaría", "não", "ne ...
	 * pas", "nicht", "nahi"), and their "not yet" ("todavía no", "ainda
	 * não", "pas encore", "noch nicht", "abhi nahi"). */
	/* "noch nicht" is one cue: as two, they would undo each other */
	"\\b(?:todav[i\xC3\xAD]a\\s+no|ainda\\s+n[a\xC3\xA3]o|pas\\s+encore|noch\\s+nicht|abhi\\s+nahi)\\b",
	"\\b(?:nunca|jamais|nicht|kein\\w*|niemals|nahi|nahin|mat(?!\\s*-?\\s*mul))\\b",
	/* Tamil in Latin letters: "Ippo venaam: custom kernel" (not now), "GPU-la illa" (is not) */
	"\\b(?:venaam|vendaam|vendam|illa|illai)\\b",
	/* Dutch, Swedish and Danish: "geen eigen kernel", "inte än", "ikke endnu" */
	"\\b(?:nog\\s+niet|inte\\s+[a\xC3\xA4]n|[a\xC3\xA4]nnu\\s+inte|ikke\\s+endnu|endnu\\s+ikke)\\b",
	"\\b(?:niet|geen|nooit|inte|aldrig|ikke|ingen|inga)\\b",
	/* Italian, Polish, Czech, Ukrainian and Turkish: "non ancora", "jeszcze nie",
	 * "ještě ne", "ще ні", "henüz değil" (one cue each); "non" (not "non-blocking"),
	 * "nie", "není", "ні", "değil" */
	/* (two patterns, so the ASCII words keep their literals: one word
	 * beyond Latin-1 in an alternation leaves the whole of it ungated) */
	"\\b(?:non\\s+ancora|ancora\\s+no|per\\s+ora\\s+no|non\\s+ora|jeszcze\\s+nie|nie\\s+teraz)\\b",
	"\\b(?:zat\xC3\xADm\\s+ne|je\xC5\xA1t\xC4\x9B\\s+ne|te\xC4\x8F\\s+ne|henüz\\s+değil|şimdilik\\s+değil)\\b",
	"\\bnon\\b(?![-_]|\\s+(?:blocking|contiguous|trivial|zero|empty|linear|default|pinned|standard)\\b)",
	"\\b(?:mai|niente|nessun\\w*|nie|nigdy|nikdy|nen\xC3\xAD)\\b",
	"\\bne(?=\\s*[,.;:!])", /* Czech "- ještě ne." closing a line */
	"\\bne(?:optimaliz|optymaliz|psal|psat|řeš|děl|sahal|budu|budeme)\\w*",
	"\\b(?:değil|yok|hayır|asla)\\b",
	"(?<!\\w)(?:ні|ще\\s+ні|ще\\s+не|не\\s+зараз|ніколи)(?!\\w)",
	/* French and Spanish "ni" only in its pairs ("ne ... pas de ranges, ni
	 * `tokenize`, ni `prefill`", "Ni MMA a mano ni fused attention"): alone
	 * it is Swahili's "is" ("Hii ni overhead-bound") */
	"\\bnem\\b|\\bni\\b(?=[^.;:\\n]{0,80}\\bni\\b)|(?<=,|,\\s)ni\\b",
	/* Swahili: "sio FLOPs" (not), "hakuna attention op" (there is none),
	 * "si sahihi" (not right), "hapana" (no) */
	"\\b(?:sio|siyo|hakuna|hapana|si\\s+(?:sahihi|lazima|kweli|muhimu|tatizo))\\b",
	/* French "pas", not "le pas de decode" (the step) */
	"(?<!\\ble\\s)(?<!\\bun\\s)(?<!\\bce\\s)(?<!\\bdu\\s)(?<!\\bchaque\\s)\\bpas\\b",
	/* "não": a Latin-1 letter is a literal too (patset.c). Not Vietnamese
	 * "nào" (which) typed without its marks: "code nao goi .to()" */
	"\\b(?:nao(?!\\s+(?:goi|la|thi|co|dang|cung|bi|gay|tao|chay)\\b)|n\xC3\xA3o)\\b",
	"\\b(?:todav[ií]a|ainda|encore|noch|abhi\\s+nahi)\\b",
	"\\b(?:m[aá]s\\s+tarde|depois|plus\\s+tard|sp[aä]ter|baad\\s+mein|senare|senere)\\b",
	/* Chinese, Japanese and Korean, written without spaces: "先不做
	 * FlashAttention" (not yet), "FlashAttention ではない" (is not), and
	 * their "later" ("以后再", "まだ", "나중에"); Russian "не", "потом". */
	"(?:先不|暂不|暫不|不做|不要|不用|不需要?|不必|不是|不会|不會|不应|不應|别做|別做|没必要|沒必要|无需|無需|ではない|じゃない|しない|やらない|ません|必要ない|いらない|하지\\s*않|않는|않음|않다|아니|안\\s*함|말자)",
	"(?:以后再|以後再|之后再|之後再|稍后|稍後|まだ|後で|あとで|나중에|아직)",
	"(?<!\\w)(?:не|нет|ни|пока\\s+нет|позже|потом)(?!\\w)",
	/* Malay and Indonesian ("tidak perlu range baru dulu", "belum", "jangan"),
	 * Tagalog ("hindi pa", "huwag", "wag", "mamaya na") and Vietnamese ("không",
	 * "chưa cần" not yet, "đừng" don't, "để sau" leave it for later). Tagalog
	 * "hindi" only before its particles: alone it is also the language.
	 * Not "ada Memcpy HtoD atau tidak": "or not" asks. */
	"\\b(?<!\\batau\\s)(?:tidak|tak|bukan|belum|jangan|nanti\\s+saja|nanti\\s+aja|huwag|wag|mamaya\\s+na|saka\\s+na)\\b",
	"\\bhindi\\s+(?:pa|muna|na|kailangan|ko|natin|dapat|ito|iyan|yan)\\b",
	/* Vietnamese, with its marks or without: "không"/"chưa" closing a clause
	 * asks ("trace co Memcpy HtoD khong?"), before a word denies */
	"(?<!\\w)(?:không|khong|chua)(?=\\s+\\w)",
	/* (each opening on its non-ASCII letter, so ASCII reports skip them:
	 * "ch" and "kh" would be tried at every "check" and "which") */
	"(?<=\\bch)ưa(?=\\s+\\w)|(?<=\\bkh)ỏi(?!\\w)|(?<!\\w)(?:đừng|để\\s+sau)(?!\\w)", NULL
};
static const char *const default_deferral[] = {
	"\\b(?:avoid|skip|resist|defer|postpone)\\w*", "\\bhold(?:ing)?\\s+off\\b", "\\binstead\\s+of\\b",
	"\\brather\\s+than\\b",
	/* "only then would I look at FlashAttention", "only if attention is then
	 * on top": what follows waits on a condition; "even if FlashAttention
	 * were twice as fast": a counterfactual (not "even if it is CPU work") */
	"\\bonly\\s+(?:then|if|after|once|when)\\b",
	/* "too tiny to be math-bound" */
	"\\btoo\\s+(?:\\w+\\s+){1,2}?to\\s+be\\b",
	"\\beven\\s+if\\b(?=[^,.;:\\n]{0,60}\\b(?:were|could|did|became|made|got)\\b)",
	"\\b(?:before|until|till)\\s+(?:\\w+ing\\b|we\\b|you\\b|i\\b|it'?s\\b|they\\b|anyone\\b|someone\\b|"
	"the\\s+(?:copies|casts|movement)\\b|copies\\b|casts\\b|there\\b)",
	NULL
};
static const char *const default_clause[] = {
	"\\b(?:but|however|though|although|whereas|instead|so|because|since|which|while)\\b",
	"\\b(?:bc|b/c|cuz|coz)\\b", /* "because" typed on a phone */
	"\\b(?:pero|porque|mas|pois|mais|parce\\s+que|aber|weil|denn|lekin|kyunki|kyonki)\\b",
	"\\b(?:maar|omdat|aangezien|men|eftersom|fordi)\\b", /* Dutch, Swedish, Danish: "niet ..., maar ..." */
	/* Italian, Polish, Czech, Turkish, Ukrainian: "non è GPU, però ...", "ale", "ama", "але" */
	"\\b(?:però|perché|quindi|poiché|ale|ponieważ|więc|protože|takže|ama|fakat|çünkü)\\b",
	"\\b(?:ma|bo)\\b", /* two letters: a pattern of its own, so the long list keeps its literals */
	"(?<!\\w)(?:але|бо|тому)(?!\\w)",
	/* "a kernel that fuses ...": a relative clause; not "I wouldn't call
	 * that GEMM-bound", where it is the object */
	"(?<!\\bcall )(?<!\\bcalls )(?<!\\bcalling )(?<!\\bcalled )\\bthat\\b",
	/* "can't start prefill until it's done -> adds to TTFT": an arrow
	 * before a consequence opens a clause of its own */
	"(?:\xE2\x86\x92|->|=>)(?=\\s*(?:adds?|means?|so|hence|therefore|which|it|this|that|makes?|costs?|lands?|"
	"goes|blocks?|delays?|counts?|straight|directly|into|added|part)\\b)",
	/* a verdict mark inside a line opens a clause of its own: "Next experiment:
	 * 🚫 FlashAttention 🚫 torch.compile ✅ convert the KV cache" */
	"(?<=\\s)[\\x{2717}\\x{2718}\\x{274C}\\x{1F6AB}\\x{26D4}\\x{2705}\\x{2714}\\x{2611}\\x{2713}]",
	NULL
};

/* The defaults above as named lists, so an exercise's cues can extend them
 * rather than copy them: polarity: {negation: [{use: grader-negation},
 * '\bleft\s+alone\b']}. Built as a document of their own on first use,
 * all three at once: adding a node may move the others. */
static const struct {
	const char *name;
	const char *const *pats;
} builtin_lists[] = {
	{ GR_BUILTIN_PREFIX "negation", default_negation },
	{ GR_BUILTIN_PREFIX "deferral", default_deferral },
	{ GR_BUILTIN_PREFIX "clause", default_clause },
};
#define GR_NBUILTIN (sizeof(builtin_lists) / sizeof(builtin_lists[0]))

static int add_builtin_lists(struct loader *L)
{
	int first[GR_NBUILTIN], count[GR_NBUILTIN];
	if (!yaml_document_initialize(&L->builtin, NULL, NULL, NULL, 1, 1))
		return GR_ENOMEM;
	L->has_builtin = 1;
	for (size_t i = 0; i < GR_NBUILTIN; i++) {
		count[i] = 0;
		first[i] = yaml_document_add_scalar(&L->builtin, NULL, (yaml_char_t *)builtin_lists[i].name, -1,
						    YAML_PLAIN_SCALAR_STYLE);
		for (const char *const *p = builtin_lists[i].pats; first[i] && *p; p++, count[i]++)
			if (!yaml_document_add_scalar(&L->builtin, NULL, (yaml_char_t *)*p, -1, YAML_PLAIN_SCALAR_STYLE))
				return GR_ENOMEM;
		if (!first[i])
			return GR_ENOMEM;
	}
	for (size_t i = 0; i < GR_NBUILTIN; i++) { /* the nodes stay put from here on */
		if (GR_GROW(L->named, L->nnamed, L->cnamed, 16) < 0)
			return GR_ENOMEM;
		struct named *nl = &L->named[L->nnamed];
		if (!(nl->items = calloc((size_t)count[i], sizeof(*nl->items))))
			return GR_ENOMEM;
		nl->key = yaml_document_get_node(&L->builtin, first[i]);
		nl->name = builtin_lists[i].name;
		for (nl->n = 0; nl->n < (size_t)count[i]; nl->n++)
			nl->items[nl->n] = yaml_document_get_node(&L->builtin, first[i] + 1 + (int)nl->n);
		L->nnamed++;
	}
	return 0;
}

static const struct named *builtin_named(struct loader *L, yaml_node_t *v)
{
	if (!L->has_builtin && add_builtin_lists(L)) {
		gr_error_set(L->err, GR_ENOMEM, L->path, 0, 0, "out of memory");
		return NULL;
	}
	for (size_t i = 0; i < L->nnamed; i++)
		if (!strcmp(L->named[i].name, scalar(v)))
			return &L->named[i];
	fail(L, v, "there is no built-in pattern list '%s': the grader's own are %snegation, %sdeferral and %sclause",
	     scalar(v), GR_BUILTIN_PREFIX, GR_BUILTIN_PREFIX, GR_BUILTIN_PREFIX);
	return NULL;
}

static int compile_defaults(struct loader *L, const char *const *pats, struct gr_patset *out)
{
	size_t n = 0, bad, off;
	char msg[128];
	while (pats[n])
		n++;
	return gr_patset_compile_cached(out, pats, n, L->pc, &bad, msg, sizeof(msg), &off) ? GR_ENOMEM : 0;
}

static int load_polarity(struct loader *L, yaml_node_t *n)
{
	static const char *const keys[] = { "negation", "deferral", "clause", NULL };
	if (n && (expect(L, n, YAML_MAPPING_NODE, "'polarity'") || check_keys(L, n, "'polarity'", keys)))
		return GR_EINPUT;
	struct { const char *key; struct gr_patset *set; const char *const *def; } cues[] = {
		{ "negation", &L->ex->negation, default_negation },
		{ "deferral", &L->ex->deferral, default_deferral },
		{ "clause", &L->ex->clause, default_clause },
	};
	for (size_t i = 0; i < 3; i++) {
		yaml_node_t *v = n ? map_get(L, n, cues[i].key) : NULL;
		char what[64];
		snprintf(what, sizeof(what), "'polarity: %s'", cues[i].key);
		int rc = v ? compile_set(L, v, what, cues[i].set, NULL, NULL) : compile_defaults(L, cues[i].def, cues[i].set);
		if (rc)
			return rc;
	}
	return 0;
}

static int load_facts(struct loader *L, yaml_node_t *n)
{
	static const char *const keys[] = { "pct_tolerance", "ms_tolerance", NULL };
	L->ex->pct_tolerance = 2.0;
	L->ex->ms_tolerance = 0.08;
	char msg[128];
	size_t off;
	/* "61,0 %" and "24,4 ms": a comma before one or two digits is a decimal
	 * comma; before three, a thousands separator ("13,958 MiB"). */
	/* A number first, so PCRE2 can skip to digits; "about", "~" before it
	 * are read by rule.c. [0-9], not \d: UCP would make \d every script's digits. */
	L->ex->quantity_re = compile_joined(
		L,
		"(?<![\\w.,])([0-9]+,[0-9]{1,2}(?![0-9])|[0-9]+(?:,[0-9]{3})*(?:\\.[0-9]+)?)\\s*"
		"(%|percent\\b|pct\\b|ms\\b|msec\\b|milliseconds?\\b|µs\\b|us\\b|s\\b|sec\\b|seconds?\\b|"
		/* not "share=0.61  calls=226": a key's name, not the unit before it */
		"GiB\\b|GB\\b|MiB\\b|MB\\b|KiB\\b|KB\\b|calls?\\b(?!\\s*=)|launch(?:es)?\\b(?!\\s*=))?",
		msg, sizeof(msg), &off);
	if (!L->ex->quantity_re)
		return fail(L, n, "internal: quantity pattern: %s", msg);
	if (!n)
		return 0;
	if (expect(L, n, YAML_MAPPING_NODE, "'facts'") || check_keys(L, n, "'facts'", keys))
		return GR_EINPUT;
	yaml_node_t *v;
	if ((v = map_get(L, n, "pct_tolerance")) && parse_double(L, v, "'pct_tolerance'", &L->ex->pct_tolerance))
		return GR_EINPUT;
	if ((v = map_get(L, n, "ms_tolerance")) && parse_double(L, v, "'ms_tolerance'", &L->ex->ms_tolerance))
		return GR_EINPUT;
	return 0;
}

/* Is the prompt line [a, z) distinctive enough that copying it back means
 * pasting the prompt? Long lines are; short instructions ("Then add:") are
 * too, but not field labels or "key: value" workload lines, which learners
 * legitimately repeat. */
static int echo_line(const struct gr_exercise *ex, const char *a, const char *z)
{
	size_t n = (size_t)(z - a), words = 0;
	for (size_t i = 0; i < n; i++)
		words += a[i] != ' ' && (i == 0 || a[i - 1] == ' ');
	if (n < 8 || words < 2)
		return 0; /* a wrapped fragment such as "FlashAttention." */
	pcre2_match_data *md = pcre2_match_data_create(1, NULL);
	int label = 0;
	for (size_t f = 0; md && f < ex->nfields && !label; f++)
		label = pcre2_match(ex->fields[f].label_re, (PCRE2_SPTR)a, n, 0, PCRE2_ANCHORED, md, NULL) >= 0;
	pcre2_match_data_free(md);
	if (label)
		return 0; /* "Workload: batch 1, ..." copied is the learner's field */
	return n >= 30 || !gr_memmem(a, n, ": ", 2);
}

struct echoes {
	char **v;
	size_t n, cap;
};

/* The pattern for one copied text [a, z): its words literally, any run of
 * spaces, tabs or table pipes between them, so a pasted tab-separated
 * table matches a markdown one. distinct: start at the longest of its
 * first three words ("Two distinct hypotheses ..." from "hypotheses"), so
 * the pattern is tried where that word occurs, not at every "the" or "one"
 * of a report (patset.h); the words before it go with the line anyway.
 * Returns 0 or GR_ENOMEM. */
static int add_echo(struct echoes *e, const char *a, const char *z, int distinct)
{
	if (gr_memmem(a, (size_t)(z - a), "\\E", 2))
		return 0; /* cannot be quoted with \Q...\E */
	if (distinct) {
		const char *best = a, *w = a;
		size_t longest = 0;
		for (int k = 0; k < 3 && w < z; k++) {
			const char *we = w;
			while (we < z && *we != ' ')
				we++;
			if ((size_t)(we - w) > longest) {
				longest = (size_t)(we - w);
				best = w;
			}
			w = we;
			while (w < z && *w == ' ')
				w++;
		}
		a = best;
	}
	struct gr_buf pat = { 0 };
	for (const char *w = a; w < z;) {
		while (w < z && (*w == ' ' || *w == '\t' || *w == '|'))
			w++;
		const char *we = w;
		while (we < z && *we != ' ' && *we != '\t' && *we != '|')
			we++;
		if (we > w) { /* no printf: a load quotes some 3,000 words */
			if (w > a)
				gr_buf_puts(&pat, "[\\s|]+");
			gr_buf_puts(&pat, "\\Q");
			gr_buf_add(&pat, w, (size_t)(we - w));
			gr_buf_puts(&pat, "\\E");
		}
		w = we;
	}
	if (!pat.len)
		return 0; /* no words: nothing to echo (an empty pattern would match anywhere) */
	if (!gr_buf_ok(&pat) || GR_GROW(e->v, e->n, e->cap, 16) < 0) {
		gr_buf_free(&pat);
		return GR_ENOMEM;
	}
	e->v[e->n++] = pat.data;
	return 0;
}

/* Is [a, z), a sentence of the grader's own messages, worth matching?
 * Six words or more, four of them plain words (not `code`), so a pasted
 * "e.g. `tokenize`, `prefill`" list, which a learner may well write, is not. */
static int echo_sentence(const char *a, const char *z)
{
	int words = 0, plain = 0, code = 0;
	for (const char *w = a; w < z;) {
		while (w < z && *w == ' ')
			w++;
		const char *we = w;
		while (we < z && *we != ' ')
			we++;
		if (we == w)
			break;
		int alpha = 1;
		for (const char *c = w; c < we; c++) {
			if (*c == '`')
				code = !code;
			if (!isalpha((unsigned char)*c) && !strchr(",.;:'\"", *c))
				alpha = 0;
		}
		words++;
		plain += alpha && !code && *w != '`';
		w = we;
	}
	return words >= 6 && plain >= 4 && z - a >= 30;
}

/* Every sentence of s ("... reject it. Two runs ..."): a learner who
 * pastes the feedback back pastes sentences of it, not whole messages.
 * Not the clauses after a colon: "...: fewer launches and less Python per
 * token" is how an honest answer says it too. */
static int add_sentences(struct echoes *e, const char *s)
{
	int rc = 0;
	for (const char *a = s; s && *a && !rc;) {
		while (*a == ' ' || *a == '\n')
			a++;
		const char *z = a;
		while (*z && *z != '\n' && !(strchr(".!?", *z) && (z[1] == ' ' || z[1] == '\n' || !z[1]) &&
					      !gr_abbreviation_before(a, 0, (size_t)(z - a))))
			z++;
		const char *next = *z ? z + 1 : z;
		while (z > a && (z[-1] == ' ' || z[-1] == ':'))
			z--;
		if (echo_sentence(a, z))
			rc = add_echo(e, a, z, 1);
		a = next;
	}
	return rc;
}

/* One pattern matching any line of the prompt of 30 or more characters,
 * and any sentence of what the grader itself says (a criterion's title and
 * its pass and fail feedback), so a report that pastes the prompt,
 * restates its criteria or copies the feedback it was given gains nothing. */
static int compile_echo(struct gr_exercise *ex, struct gr_pcache *pc)
{
	/* One pattern per distinctive line, so each is tried only where its
	 * first word occurs (patset.h). */
	struct echoes e = { 0 }, h = { 0 };
	int rc = 0;
	for (int pass = 0; pass < 2 && !rc; pass++)
	for (const char *p = pass ? (ex->known_text ? ex->known_text : "") : ex->prompt; *p && !rc;) {
		const char *end = strchr(p, '\n');
		if (!end)
			end = p + strlen(p);
		const char *a = p;
		while (a < end && strchr(" \t-*+>#|0123456789.)", *a))
			a++;
		const char *z = end;
		while (z > a && (z[-1] == ' ' || z[-1] == '\t' || z[-1] == '.' || z[-1] == '|'))
			z--;
		if (echo_line(ex, a, z))
			rc = add_echo(&e, a, z, 0);
		/* A self-check ticks the criterion without its "Mentions that":
		 * "✅ 2. Tokenizer CPU time is outside GPU execution but still
		 * affects request latency", or puts it in a rubric table's cell.
		 * Only there: the same words in the body are the learner's claim,
		 * however borrowed. */
		const char *that = a < z ? gr_memmem(a, (size_t)(z - a) < 40 ? (size_t)(z - a) : 40, " that ", 6) : NULL;
		size_t had = e.n;
		if (!rc && that && z - (that + 6) >= 40 && !(rc = add_echo(&e, that + 6, z, 0)) && e.n > had) {
			char *ticked;
			if (asprintf(&ticked, "(?:(?:\\x{2705}|\\x{2714}|\\x{2611}|\\x{2713}|\\[x\\])[^\\n]{0,12}?|\\|[ \\t]*)%s",
				     e.v[e.n - 1]) < 0)
				rc = GR_ENOMEM;
			else
				free(e.v[e.n - 1]), e.v[e.n - 1] = ticked;
		}
		p = *end ? end + 1 : end;
	}
	if (!rc && ex->title && strlen(ex->title) >= 20) /* "Stretch: NVTX and record_function ranges" */
		rc = add_echo(&h, ex->title, ex->title + strlen(ex->title), 0);
	for (size_t c = 0; c < ex->ncriteria && !rc; c++) {
		const struct gr_criterion *cr = &ex->criteria[c];
		/* A title is a claim a learner may make in the same words
		 * ("Tokenizer CPU time still adds to request latency (22 ms)"):
		 * only a line that is the title and nothing else, a heading or a
		 * ticked box, or the title before a colon, is a copy. */
		size_t t = strlen(cr->title);
		if (t >= 20 && strchr(cr->title, ' '))
			rc = add_echo(&h, cr->title, cr->title + t, 0);
		/* The grader's own result line pasted back: "FAIL ... (ranges-named)
		 * 0/1", "✅ ranges-named: passed". An id in a learner's sentence
		 * ("it is overhead-bound: ...") is a word of theirs. Two patterns,
		 * each tried only near where the id is (a bounded prefix, the
		 * marks as characters: patset.h), each to the line's end. */
		if (!rc && strchr(cr->id, '-') && !strstr(cr->id, "\\E")) {
			char *pat[2] = { NULL, NULL };
			if (asprintf(&pat[0], "\\(\\Q%s\\E\\)\\s*\\d[^\\n]*", cr->id) < 0 ||
			    asprintf(&pat[1], "(?:^|(?<=\\n))[ \\t>*-]{0,6}(?:\u2705|\u2714|\u274C|\u2716|PASS\\b|FAIL\\b)"
					      "[ \\t]{0,3}\\Q%s\\E\\b[^\\n]*", cr->id) < 0)
				rc = GR_ENOMEM;
			for (int k = 0; k < 2 && !rc; k++)
				if (GR_GROW(e.v, e.n, e.cap, 16) < 0)
					rc = GR_ENOMEM;
				else
					e.v[e.n++] = pat[k], pat[k] = NULL;
			free(pat[0]);
			free(pat[1]);
		}
		if (!rc)
			rc = add_sentences(&e, cr->pass);
		if (!rc)
			rc = add_sentences(&e, cr->fail);
		/* Not the hints: they ask questions a learner should answer, and
		 * an answer may well take up their words ("Even a perfect kernel
		 * only shrinks GPU time ..."). */
	}
	char msg[128];
	size_t off, bad;
	if (!rc && e.n)
		rc = gr_patset_compile_cached(&ex->echo, (const char *const *)e.v, e.n, pc, &bad, msg, sizeof(msg), &off)
			     ? GR_ENOMEM
			     : 0;
	if (!rc && h.n)
		rc = gr_patset_compile_cached(&ex->echo_heading, (const char *const *)h.v, h.n, pc, &bad, msg, sizeof(msg),
					      &off)
			     ? GR_ENOMEM
			     : 0;
	for (size_t i = 0; i < e.n; i++)
		free(e.v[i]);
	for (size_t i = 0; i < h.n; i++)
		free(h.v[i]);
	free(e.v);
	free(h.v);
	return rc;
}

/* Patterns several sets hold the same (a word in two concepts) are matched
 * once per report. Not the echo set: the lines it finds are blanked after
 * its scan, so what it matched is not what later sets see. */
static int share_patterns(struct gr_exercise *ex)
{
	size_t n = ex->nconcepts + ex->table.len + 3, k = 0;
	struct gr_patset **sets = malloc(n * sizeof(*sets));
	if (!sets)
		return GR_ENOMEM;
	for (size_t i = 0; i < ex->nconcepts; i++)
		sets[k++] = &ex->concepts[i].set;
	for (size_t i = 0; ex->row_alias && i < ex->table.len; i++)
		sets[k++] = &ex->row_alias[i];
	sets[k++] = &ex->negation;
	sets[k++] = &ex->deferral;
	sets[k++] = &ex->clause;
	gr_patset_share(sets, k);
	free(sets);
	return 0;
}

/* ---- shared patterns: `patterns:` and `include:` ----------------------- */

#define GR_MAX_INCLUDES 8

static int read_document(struct loader *L, yaml_document_t *doc, const char *path, const char *src, size_t len,
			 void **arena);
static int read_yaml_file(const char *path, char **src, size_t *len, struct gr_error *err);

/* Add the lists of map n (`patterns:`: NAME: [pattern, ...]) to L->named.
 * An item is a pattern, or {use: NAME} of a list defined above it (or in a
 * file included before, or built in): what a list splices is complete, so
 * no list can splice itself. */
static int load_named(struct loader *L, yaml_node_t *n)
{
	if (expect(L, n, YAML_MAPPING_NODE, "'patterns'"))
		return GR_EINPUT;
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node_at(L, p->key), *v = node_at(L, p->value);
		if (expect(L, k, YAML_SCALAR_NODE, "a pattern list's name") || !v)
			return GR_EINPUT;
		if (!strncmp(scalar(k), GR_BUILTIN_PREFIX, strlen(GR_BUILTIN_PREFIX)))
			return fail(L, k, "pattern list names starting with '%s' are the grader's own: rename '%s'",
				    GR_BUILTIN_PREFIX, scalar(k));
		for (size_t i = 0; i < L->nnamed; i++)
			if (!strcmp(L->named[i].name, scalar(k))) {
				const struct library *lib = library_of(L, L->named[i].key);
				return fail(L, k, "pattern list '%s' is defined twice (first at %s:%d)", scalar(k),
					    lib ? lib->path : L->path, (int)L->named[i].key->start_mark.line + 1);
			}
		if (v->type != YAML_SEQUENCE_NODE && v->type != YAML_SCALAR_NODE)
			return fail(L, v, "pattern list '%s' must be a string or a list of strings", scalar(k));
		if (v->type == YAML_SEQUENCE_NODE && v->data.sequence.items.top == v->data.sequence.items.start)
			return fail(L, v, "pattern list '%s' must hold 1 to 256 patterns", scalar(k));
		char owner[160];
		snprintf(owner, sizeof(owner), "pattern list '%s'", scalar(k));
		yaml_node_t *items[256];
		L->listing = n;
		int cnt = gather_patterns(L, v, owner, items);
		L->listing = NULL;
		if (cnt < 0)
			return GR_EINPUT;
		if (GR_GROW(L->named, L->nnamed, L->cnamed, 16) < 0)
			return GR_ENOMEM;
		struct named *nl = &L->named[L->nnamed];
		if (!(nl->items = malloc((size_t)cnt * sizeof(*nl->items))))
			return GR_ENOMEM;
		memcpy(nl->items, items, (size_t)cnt * sizeof(*items));
		nl->name = scalar(k);
		nl->key = k;
		nl->n = (size_t)cnt;
		L->nnamed++;
	}
	return 0;
}

/* Load the library at `name` (relative to the exercise's folder; named by
 * node at): a file whose only key is `patterns:`. Its document is swapped
 * in while it is read, so every message names the library's own lines. */
static int load_library(struct loader *L, yaml_node_t *at)
{
	static const char *const keys[] = { "patterns", NULL };
	const char *name = scalar(at);
	if (!*name || name[0] == '/')
		return fail(L, at, "'include' names a file relative to the exercise's folder, not '%s'", name);
	if (L->nlibs == GR_MAX_INCLUDES)
		return fail(L, at, "an exercise includes at most %d files", GR_MAX_INCLUDES);
	const char *slash = strrchr(L->path, '/');
	int dir = slash ? (int)(slash - L->path + 1) : 0;
	struct library *lib = &L->libs[L->nlibs];
	memset(lib, 0, sizeof(*lib));
	if (asprintf(&lib->path, "%.*s%s", dir, L->path, name) < 0) {
		lib->path = NULL;
		return GR_ENOMEM;
	}
	size_t len = 0;
	int rc = read_yaml_file(lib->path, &lib->src, &len, L->err);
	if ((rc == GR_EINPUT || rc == GR_EIO) && L->err && L->err->message) {
		/* Say where the exercise names it: "cannot open" alone
		 * leaves an author looking for the wrong file. */
		char *why = strdup(L->err->message);
		rc = fail(L, at, "included file %s: %s", lib->path, why ? why : "cannot be read");
		free(why);
	}
	if (rc) {
		free(lib->path);
		return rc;
	}
	rc = read_document(L, &lib->doc, lib->path, lib->src, len, &lib->arena);
	if (rc) {
		free(lib->path);
		free(lib->src);
		return rc;
	}
	L->nlibs++;
	/* Read the library as the loader's document: node_at(), map_get()
	 * and the rest look in L->doc. */
	yaml_document_t own = L->doc;
	L->doc = lib->doc;
	yaml_node_t *root = yaml_document_get_root_node(&L->doc);
	if (!root)
		rc = fail(L, NULL, "%s is empty: a library of patterns holds 'patterns:'", lib->path);
	else if (expect(L, root, YAML_MAPPING_NODE, "a library of patterns") ||
		 check_keys(L, root, "a library of patterns", keys))
		rc = GR_EINPUT;
	else if (!map_get(L, root, "patterns"))
		rc = fail(L, root, "a library of patterns is missing required key 'patterns'");
	else
		rc = load_named(L, map_get(L, root, "patterns"));
	L->doc = own;
	return rc;
}

/* `include:`, one file or a list of them, then the exercise's own
 * `patterns:`: the lists any {use: NAME} may splice in. */
static int load_shared(struct loader *L, yaml_node_t *root)
{
	yaml_node_t *inc = map_get(L, root, "include");
	if (inc) {
		if (inc->type != YAML_SCALAR_NODE && inc->type != YAML_SEQUENCE_NODE)
			return fail(L, inc, "'include' must be a file name or a list of them");
		if (!(L->libs = calloc(GR_MAX_INCLUDES, sizeof(*L->libs))))
			return GR_ENOMEM;
		size_t cnt = inc->type == YAML_SCALAR_NODE
				     ? 1 : (size_t)(inc->data.sequence.items.top - inc->data.sequence.items.start);
		for (size_t i = 0; i < cnt; i++) {
			yaml_node_t *f = inc->type == YAML_SCALAR_NODE ? inc : node_at(L, inc->data.sequence.items.start[i]);
			if (expect(L, f, YAML_SCALAR_NODE, "a file 'include' names"))
				return GR_EINPUT;
			int rc = load_library(L, f);
			if (rc)
				return rc;
		}
	}
	yaml_node_t *own = map_get(L, root, "patterns");
	return own ? load_named(L, own) : 0;
}

static void free_libraries(struct loader *L)
{
	for (size_t i = 0; i < L->nnamed; i++)
		free(L->named[i].items);
	free(L->named);
	if (L->has_builtin)
		yaml_document_delete(&L->builtin);
	for (size_t i = 0; i < L->nlibs; i++) {
		gr_ydoc_free(&L->libs[i].doc, L->libs[i].arena);
		free(L->libs[i].path);
		free(L->libs[i].src);
	}
	free(L->libs);
}

static int load_root(struct loader *L, yaml_node_t *root)
{
	static const char *const keys[] = { "id", "title", "prompt", "workload", "hardware", "table",
					    "fields", "sections", "concepts", "criteria", "polarity",
					    "facts", "known_text", "name_lists", "plan_lists", "include",
					    "patterns", NULL };
	struct gr_exercise *ex = L->ex;
	if (!root)
		return fail(L, NULL, "the file is empty: an exercise needs id, title, prompt, table, fields, concepts and criteria");
	if (expect(L, root, YAML_MAPPING_NODE, "an exercise") || check_keys(L, root, "the exercise", keys))
		return GR_EINPUT;
	int rc = get_str(L, root, "id", 1, "the exercise", &ex->id);
	if (!rc) rc = load_shared(L, root);
	if (!rc) rc = get_str(L, root, "title", 1, "the exercise", &ex->title);
	if (!rc) rc = get_str(L, root, "prompt", 1, "the exercise", &ex->prompt);
	if (!rc) rc = get_str(L, root, "hardware", 0, "the exercise", &ex->hardware);
	if (!rc) rc = get_str(L, root, "known_text", 0, "the exercise", &ex->known_text);
	if (!rc) rc = load_workload(L, map_get(L, root, "workload"));
	if (!rc && map_get(L, root, "name_lists"))
		rc = parse_bool(L, map_get(L, root, "name_lists"), "'name_lists'", &ex->name_lists);
	if (!rc && map_get(L, root, "plan_lists"))
		rc = parse_bool(L, map_get(L, root, "plan_lists"), "'plan_lists'", &ex->plan_lists);
	const char *required[] = { "table", "concepts", "criteria" };
	for (int i = 0; !rc && i < 3; i++)
		if (!map_get(L, root, required[i]))
			rc = fail(L, root, "the exercise is missing required key '%s'", required[i]);
	if (!rc) rc = load_table(L, map_get(L, root, "table"));
	if (!rc && map_get(L, root, "fields"))
		rc = load_fields(L, map_get(L, root, "fields"));
	if (!rc) rc = load_sections(L, map_get(L, root, "sections"));
	if (!rc) rc = load_concepts(L, map_get(L, root, "concepts"));
	if (!rc) rc = load_polarity(L, map_get(L, root, "polarity"));
	if (!rc) rc = load_facts(L, map_get(L, root, "facts"));
	if (!rc) rc = load_criteria(L, map_get(L, root, "criteria"));
	if (!rc) rc = compile_echo(ex, L->pc);
	if (rc == GR_ENOMEM)
		gr_error_set(L->err, GR_ENOMEM, L->path, 0, 0, "out of memory");
	return rc;
}

/* The bytes each label, alias and heading may start with, as bitmaps: a
 * report tries them on every line, and most lines start with prose. */
static void first_bytes(const pcre2_code *re, uint8_t map[32])
{
	for (unsigned c = 0; c < 256; c++)
		if (re && gr_may_start(re, (unsigned char)c))
			map[c / 8] |= (uint8_t)(1u << (c % 8));
}

static void map_first_bytes(struct gr_exercise *ex)
{
	for (size_t f = 0; f < ex->nfields; f++) {
		first_bytes(ex->fields[f].label_re, ex->fields[f].label_first);
		first_bytes(ex->fields[f].alias_re, ex->fields[f].alias_first);
	}
	for (size_t s = 0; s < ex->nsections; s++)
		first_bytes(ex->sections[s].heading_re, ex->sections[s].heading_first);
}

/* s as a JSON string, by jansson; NULL when it cannot be (then encoded
 * again where needed, failing there). */
static char *json_encoded(const char *s)
{
	json_t *j = s ? json_string(s) : NULL;
	char *e = j ? json_dumps(j, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
	json_decref(j);
	return e;
}

/* The exercise's constant strings that every JSONL line repeats. */
static void encode_json(struct gr_exercise *ex)
{
	ex->json_id = json_encoded(ex->id);
	for (size_t i = 0; i < ex->ncriteria; i++) {
		struct gr_criterion *c = &ex->criteria[i];
		c->json_id = json_encoded(c->id);
		c->json_title = json_encoded(c->title);
		c->json_pass = json_encoded(c->pass);
		c->json_fail = json_encoded(c->fail);
	}
}

/* The load returns this when it fails while patterns compile in the
 * background (one of them may be the first problem, not yet known), or
 * when one of them fails or matches the empty string: it is then loaded
 * again compiling each pattern at once, to report the first problem where
 * it is. Only a broken exercise pays for the second load. */
#define LOAD_AGAIN (-100)

/* Wait for the patterns compiling in the background and check what
 * compile_set() and compile_list_later() could not. */
static int finish_compiles(struct loader *L)
{
	if (gr_pcache_finish(L->pc) < 0)
		return LOAD_AGAIN;
	for (size_t i = 0; i < L->nunchecked; i++)
		if (matches_empty(L, *L->unchecked[i]))
			return LOAD_AGAIN;
	return 0;
}

/* After the cache: the checked items it lent are the loader's to free. */
static void free_checks(struct loader *L)
{
	for (size_t i = 0; i < L->nchecks; i++) {
		for (size_t k = 0; k < L->checks[i].n; k++)
			pcre2_code_free(L->checks[i].re[k]);
		free(L->checks[i].re);
	}
	free(L->checks);
}

static int load(struct gr_exercise **out, const char *path, int defer, struct gr_error *err);

int gr_exercise_load(struct gr_exercise **out, const char *path, struct gr_error *err)
{
	int rc = load(out, path, 1, err);
	if (rc != LOAD_AGAIN)
		return rc;
	gr_error_clear(err);
	return load(out, path, 0, err);
}

/* Count the nodes naming each concept as their subject, under an even
 * (pos) or odd (neg) number of `not`s. */
static void count_subjects(const struct gr_rule *r, int negated, int *pos, int *neg)
{
	if (!r)
		return;
	if ((r->kind == GR_RULE_CONCEPT || r->kind == GR_RULE_COUNT) && r->concept >= 0)
		(negated ? neg : pos)[r->concept]++; /* "not two experiment ids": a fault too */
	if (r->kind == GR_RULE_DISTINCT) /* "not two profilers": each a fault */
		for (size_t i = 0; i < r->nlist; i++)
			(negated ? neg : pos)[r->list[i]]++;
	for (size_t k = 0; k < r->nkids; k++)
		count_subjects(r->kids[k], negated ^ (r->kind == GR_RULE_NOT), pos, neg);
}

/* A concept that rules name only under a `not` is a fault (gr_concept). */
static void mark_faults(struct gr_exercise *ex)
{
	int *pos = calloc(ex->nconcepts + 1, sizeof(int)), *neg = calloc(ex->nconcepts + 1, sizeof(int));
	if (pos && neg) {
		for (size_t c = 0; c < ex->ncriteria; c++)
			count_subjects(ex->criteria[c].rule, 0, pos, neg);
		for (size_t c = 0; c < ex->nconcepts; c++)
			ex->concepts[c].fault = neg[c] && !pos[c];
	}
	free(pos);
	free(neg);
}

/* The file's YAML document into L->doc: as the last run that read these
 * exact bytes kept it (ydoc.h), else parsed, and kept for the next run.
 * *arena: what a kept document lives in (gr_ydoc_free). */
/* Parse src[0..len), read from path, into doc (or decode the document
 * the cache file kept for these bytes: *arena is then set). */
static int read_document(struct loader *L, yaml_document_t *doc, const char *path, const char *src, size_t len,
			 void **arena)
{
	char key[64];
	gr_ydoc_key(key, sizeof(key), src, len);
	size_t blen = 0;
	const unsigned char *blob = gr_pcache_blob(L->pc, key, gr_ydoc_tag(), &blen);
	if (blob && (*arena = gr_ydoc_decode(doc, blob, blen, src, len)))
		return 0;
	yaml_parser_t parser;
	if (!yaml_parser_initialize(&parser))
		return gr_error_set(L->err, GR_ENOMEM, path, 0, 0, "out of memory");
	yaml_parser_set_input_string(&parser, (const unsigned char *)src, len);
	if (!yaml_parser_load(&parser, doc)) {
		int line = (int)parser.problem_mark.line + 1, col = (int)parser.problem_mark.column + 1;
		gr_error_set(L->err, GR_EINPUT, path, line, col, "invalid YAML: %s%s%s",
			     parser.problem ? parser.problem : "syntax error",
			     parser.context ? " " : "", parser.context ? parser.context : "");
		set_source(L->err, src, line);
		yaml_parser_delete(&parser);
		return GR_EINPUT;
	}
	yaml_parser_delete(&parser);
	if (gr_pcache_persists(L->pc)) {
		struct gr_buf b = { 0 };
		if (gr_ydoc_encode(&b, doc, src, len) == 0 && gr_buf_ok(&b))
			gr_pcache_keep_blob(L->pc, key, gr_ydoc_tag(), b.data, b.len);
		gr_buf_free(&b);
	}
	return 0;
}

/* Read a YAML file no larger than GR_MAX_YAML_BYTES and without NUL bytes
 * into *src (malloc'd, NUL-terminated). */
static int read_yaml_file(const char *path, char **src, size_t *len, struct gr_error *err)
{
	int rc = gr_read_file(path, GR_MAX_YAML_BYTES, src, len, err);
	if (rc == GR_EINPUT && err && err->message && strstr(err->message, "limit"))
		return gr_error_set(err, GR_EINPUT, path, 0, 0, "exercise file is larger than the %d-byte limit",
				    GR_MAX_YAML_BYTES);
	if (rc)
		return rc;
	if (memchr(*src, '\0', *len)) {
		free(*src);
		*src = NULL;
		return gr_error_set(err, GR_EINPUT, path, 0, 0, "contains a NUL byte: not a YAML file");
	}
	return 0;
}

static int load(struct gr_exercise **out, const char *path, int defer, struct gr_error *err)
{
	char *src = NULL;
	size_t len = 0;
	int rc = read_yaml_file(path, &src, &len, err);
	if (rc)
		return rc;
	struct loader L = { .path = path, .src = src, .err = err };
	L.pc = gr_pcache_new(); /* NULL (out of memory): every pattern compiled on its own */
	gr_pcache_open(L.pc, path);
	void *arena = NULL;
	rc = read_document(&L, &L.doc, path, src, len, &arena);
	if (rc) {
		gr_pcache_free(L.pc);
		free(src);
		return rc;
	}
	if (defer)
		gr_pcache_defer(L.pc);
	L.ex = calloc(1, sizeof(*L.ex));
	if (!L.ex) {
		rc = gr_error_set(err, GR_ENOMEM, path, 0, 0, "out of memory");
		goto done;
	}
	L.ex->path = strdup(path);
	L.ex->yaml_kept = arena != NULL;
	rc = load_root(&L, yaml_document_get_root_node(&L.doc));
	if (!rc && L.visits > GR_MAX_YAML_NODES) /* ran out in a lookup that reports nothing: say where */
		rc = fail(&L, L.last, "exercise is too large");
	if (defer)
		rc = rc ? LOAD_AGAIN : finish_compiles(&L);
	if (!rc) {
		map_first_bytes(L.ex);
		mark_faults(L.ex);
		encode_json(L.ex);
		if (share_patterns(L.ex))
			rc = gr_error_set(err, GR_ENOMEM, path, 0, 0, "out of memory");
	}
	if (!rc) {
		struct gr_pcache_stats st = { 0 };
		gr_pcache_save(L.pc); /* for the next run; failing to is no error */
		if (L.pc)
			gr_pcache_stats(L.pc, &st);
		L.ex->compiled = st.compiled;
	}
done:
	gr_ydoc_free(&L.doc, arena); /* before the cache: a kept document lies in its file */
	free_libraries(&L);
	gr_pcache_free(L.pc);
	free_checks(&L);
	pcre2_match_data_free(L.md);
	free(L.unchecked);
	free(src);
	if (rc) {
		gr_exercise_free(L.ex);
		return rc;
	}
	*out = L.ex;
	return 0;
}

/* ---- lookup ------------------------------------------------------------- */

#define FIND(arr, n, key)                              \
	for (size_t i = 0; i < (n); i++)              \
		if ((arr)[i].id && !strcmp((arr)[i].id, key)) \
			return (int)i;                 \
	return -1

int gr_exercise_criterion(const struct gr_exercise *ex, const char *id) { FIND(ex->criteria, ex->ncriteria, id); }
int gr_exercise_field(const struct gr_exercise *ex, const char *id) { FIND(ex->fields, ex->nfields, id); }
int gr_exercise_concept(const struct gr_exercise *ex, const char *id) { FIND(ex->concepts, ex->nconcepts, id); }
int gr_exercise_section(const struct gr_exercise *ex, const char *id) { FIND(ex->sections, ex->nsections, id); }

static int readable(const char *p)
{
	FILE *f = fopen(p, "r");
	if (f)
		fclose(f);
	return f != NULL;
}

int gr_exercise_find(const char *arg, char *buf, size_t n, struct gr_error *err)
{
	size_t len = strlen(arg);
	if (strchr(arg, '/') || (len > 5 && !strcmp(arg + len - 5, ".yaml"))) {
		snprintf(buf, n, "%s", arg);
		if (!readable(buf))
			return gr_error_set(err, GR_EINPUT, NULL, 0, 0, "cannot read exercise file '%s'", arg);
		return 0;
	}
	const char *env = getenv("GRADER_EXERCISES");
	const char *dirs[] = { "exercises", env && *env ? env : NULL, GRADER_DATADIR "/exercises" };
	for (size_t i = 0; i < 3; i++) {
		if (!dirs[i])
			continue;
		snprintf(buf, n, "%s/%s.yaml", dirs[i], arg);
		if (readable(buf))
			return 0;
	}
	return gr_error_set(err, GR_EINPUT, NULL, 0, 0,
			    "unknown exercise '%s' (looked in ./exercises/, $GRADER_EXERCISES and %s/exercises; try 'grader list')",
			    arg, GRADER_DATADIR);
}

void gr_exercise_jit(struct gr_exercise *ex)
{
	if (!gr_jit_enabled())
		return;
	/* The interpreter remains for any pattern the JIT cannot take. */
	for (size_t i = 0; i < ex->nfields; i++) {
		pcre2_code *re[] = { ex->fields[i].label_re, ex->fields[i].alias_re, ex->fields[i].infer_re };
		for (size_t k = 0; k < 3; k++)
			if (re[k])
				pcre2_jit_compile(re[k], PCRE2_JIT_COMPLETE);
	}
	for (size_t i = 0; i < ex->nsections; i++) {
		if (ex->sections[i].heading_re)
			pcre2_jit_compile(ex->sections[i].heading_re, PCRE2_JIT_COMPLETE);
		if (ex->sections[i].infer_re)
			pcre2_jit_compile(ex->sections[i].infer_re, PCRE2_JIT_COMPLETE);
	}
	if (ex->quantity_re)
		pcre2_jit_compile(ex->quantity_re, PCRE2_JIT_COMPLETE);
	gr_patset_jit(&ex->echo);
	gr_patset_jit(&ex->echo_heading);
	for (size_t i = 0; i < ex->nconcepts; i++)
		gr_patset_jit(&ex->concepts[i].set);
	for (size_t i = 0; i < ex->table.len; i++)
		gr_patset_jit(&ex->row_alias[i]);
	gr_patset_jit(&ex->negation);
	gr_patset_jit(&ex->deferral);
	gr_patset_jit(&ex->clause);
}

void gr_exercise_free(struct gr_exercise *ex)
{
	if (!ex)
		return;
	free(ex->path);
	free(ex->id);
	free(ex->json_id);
	free(ex->title);
	free(ex->prompt);
	free(ex->hardware);
	free(ex->known_text);
	for (size_t i = 0; i < ex->nworkload; i++) {
		free(ex->workload[i].key);
		free(ex->workload[i].value);
	}
	free(ex->workload);
	for (size_t i = 0; i < ex->table.len; i++) {
		if (ex->row_alias)
			gr_patset_free(&ex->row_alias[i]);
	}
	free(ex->row_alias);
	gr_table_clear(&ex->table);
	for (size_t i = 0; i < ex->nfields; i++) {
		free(ex->fields[i].id);
		free(ex->fields[i].label);
		pcre2_code_free(ex->fields[i].label_re);
		pcre2_code_free(ex->fields[i].alias_re);
		pcre2_code_free(ex->fields[i].infer_re);
		gr_gate_free(&ex->fields[i].label_gate);
		gr_gate_free(&ex->fields[i].alias_gate);
		gr_gate_free(&ex->fields[i].infer_gate);
	}
	free(ex->fields);
	for (size_t i = 0; i < ex->nsections; i++) {
		free(ex->sections[i].id);
		free(ex->sections[i].title);
		pcre2_code_free(ex->sections[i].heading_re);
		pcre2_code_free(ex->sections[i].infer_re);
		gr_gate_free(&ex->sections[i].heading_gate);
		gr_gate_free(&ex->sections[i].infer_gate);
	}
	free(ex->sections);
	for (size_t i = 0; i < ex->nconcepts; i++) {
		free(ex->concepts[i].id);
		gr_patset_free(&ex->concepts[i].set);
		for (size_t j = 0; j < ex->concepts[i].npatterns; j++)
			free(ex->concepts[i].patterns[j]);
		free(ex->concepts[i].patterns);
	}
	free(ex->concepts);
	for (size_t i = 0; i < ex->ncriteria; i++) {
		struct gr_criterion *c = &ex->criteria[i];
		free(c->id);
		free(c->title);
		free(c->pass);
		free(c->fail);
		free(c->json_id);
		free(c->json_title);
		free(c->json_pass);
		free(c->json_fail);
		free(c->docs);
		for (size_t j = 0; j < c->nhints; j++)
			free(c->hints[j]);
		free(c->hints);
		for (size_t j = 0; j < c->nexamples; j++)
			free(c->examples[j].text);
		free(c->examples);
		rule_free(c->rule);
	}
	free(ex->criteria);
	gr_patset_free(&ex->negation);
	gr_patset_free(&ex->deferral);
	gr_patset_free(&ex->clause);
	pcre2_code_free(ex->quantity_re);
	gr_patset_free(&ex->echo);
	gr_patset_free(&ex->echo_heading);
	free(ex);
}
