/*
 * ydoc.c - a parsed YAML document, kept between runs (ydoc.h).
 *
 * The blob, in this machine's byte order (the pattern cache file that
 * holds it checks the order):
 *   magic "YDC1", the source's length (u64) and bytes;
 *   counts (u32): nodes, sequence items, mapping pairs, string bytes;
 *   the document's implicit flags and marks;
 *   per node, REC words: type, scalar style, tag (offset or NO_TAG), two
 *   payload words (a scalar's offset and length in the strings; the first
 *   item or pair and how many), start and end marks;
 *   the items, the pairs (key, value), the strings (each NUL-terminated).
 */
#include "ydoc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chars.h"

#define MAGIC 0x31434459u /* "YDC1" */
#define REC 11            /* u32 words per node */
#define NO_TAG UINT32_MAX
#define TAGS 8            /* distinct tags shared in the strings (a document has three) */

uint32_t gr_ydoc_tag(void)
{
	static uint32_t tag; /* loads run one at a time; a race would store the same value */
	if (!tag) {
		char s[128];
		snprintf(s, sizeof(s), "ydoc 1 libyaml %s " __DATE__ " " __TIME__, yaml_get_version_string());
		tag = (uint32_t)gr_str_hash(s) | 1;
	}
	return tag;
}

void gr_ydoc_key(char *out, size_t n, const char *src, size_t len)
{
	snprintf(out, n, "exercise document %zu %016llx", len, (unsigned long long)gr_mem_hash(src, len));
}

/* ---- encode ------------------------------------------------------------ */

static void put32(struct gr_buf *b, uint32_t v) { gr_buf_add(b, (const char *)&v, 4); }

static void put_mark(struct gr_buf *b, yaml_mark_t m)
{
	put32(b, (uint32_t)m.index);
	put32(b, (uint32_t)m.line);
	put32(b, (uint32_t)m.column);
}

struct strings {
	struct gr_buf b;
	const yaml_char_t *tag[TAGS];
	uint32_t tag_at[TAGS];
	size_t ntag;
};

static uint32_t add_string(struct strings *s, const yaml_char_t *p, size_t n)
{
	uint32_t at = (uint32_t)s->b.len;
	gr_buf_add(&s->b, (const char *)p, n);
	gr_buf_putc(&s->b, '\0');
	return at;
}

/* Tags repeat on every node: each distinct one is written once. */
static uint32_t add_tag(struct strings *s, const yaml_char_t *tag)
{
	if (!tag)
		return NO_TAG;
	for (size_t i = 0; i < s->ntag; i++)
		if (!strcmp((const char *)s->tag[i], (const char *)tag))
			return s->tag_at[i];
	uint32_t at = add_string(s, tag, strlen((const char *)tag));
	if (s->ntag < TAGS) {
		s->tag[s->ntag] = tag;
		s->tag_at[s->ntag++] = at;
	}
	return at;
}

static int fits(size_t v) { return v < UINT32_MAX; }

int gr_ydoc_encode(struct gr_buf *b, const yaml_document_t *d, const char *src, size_t len)
{
	size_t n = (size_t)(d->nodes.top - d->nodes.start), ni = 0, np = 0;
	for (const yaml_node_t *x = d->nodes.start; x < d->nodes.top; x++)
		if (x->type == YAML_SEQUENCE_NODE)
			ni += (size_t)(x->data.sequence.items.top - x->data.sequence.items.start);
		else if (x->type == YAML_MAPPING_NODE)
			np += (size_t)(x->data.mapping.pairs.top - x->data.mapping.pairs.start);
	if (!fits(n) || !fits(ni) || !fits(np) || !fits(len))
		return -1;
	struct strings s = { 0 };
	struct gr_buf nodes = { 0 }, links = { 0 }, pairlinks = { 0 }; /* items, then pairs */
	uint32_t items = 0, pairs = 0;
	for (const yaml_node_t *x = d->nodes.start; x < d->nodes.top; x++) {
		uint32_t w[5] = { (uint32_t)x->type, 0, add_tag(&s, x->tag), 0, 0 };
		if (x->type == YAML_SCALAR_NODE) {
			w[1] = (uint32_t)x->data.scalar.style;
			w[3] = add_string(&s, x->data.scalar.value, x->data.scalar.length);
			w[4] = (uint32_t)x->data.scalar.length;
		} else if (x->type == YAML_SEQUENCE_NODE) {
			w[1] = (uint32_t)x->data.sequence.style;
			w[3] = items;
			for (const yaml_node_item_t *i = x->data.sequence.items.start; i < x->data.sequence.items.top; i++)
				put32(&links, (uint32_t)*i), items++;
			w[4] = items - w[3];
		} else if (x->type == YAML_MAPPING_NODE) {
			w[1] = (uint32_t)x->data.mapping.style;
			w[3] = pairs;
			for (const yaml_node_pair_t *p = x->data.mapping.pairs.start; p < x->data.mapping.pairs.top; p++) {
				put32(&pairlinks, (uint32_t)p->key);
				put32(&pairlinks, (uint32_t)p->value);
				pairs++;
			}
			w[4] = pairs - w[3];
		}
		gr_buf_add(&nodes, (const char *)w, sizeof(w));
		put_mark(&nodes, x->start_mark);
		put_mark(&nodes, x->end_mark);
	}
	int rc = fits(s.b.len) ? 0 : -1;
	if (!rc) {
		uint64_t l = len;
		put32(b, MAGIC);
		gr_buf_add(b, (const char *)&l, 8);
		gr_buf_add(b, src, len);
		put32(b, (uint32_t)n);
		put32(b, items);
		put32(b, pairs);
		put32(b, (uint32_t)s.b.len);
		put32(b, (uint32_t)d->start_implicit);
		put32(b, (uint32_t)d->end_implicit);
		put_mark(b, d->start_mark);
		put_mark(b, d->end_mark);
		gr_buf_add(b, nodes.data, nodes.len);
		gr_buf_add(b, links.data, links.len);
		gr_buf_add(b, pairlinks.data, pairlinks.len);
		gr_buf_add(b, s.b.data, s.b.len);
		if (!gr_buf_ok(&nodes) || !gr_buf_ok(&links) || !gr_buf_ok(&pairlinks) || !gr_buf_ok(&s.b))
			b->oom = true; /* incomplete: never kept */
	}
	gr_buf_free(&s.b);
	gr_buf_free(&nodes);
	gr_buf_free(&links);
	gr_buf_free(&pairlinks);
	return rc;
}

/* ---- decode ------------------------------------------------------------ */

struct reader {
	const unsigned char *p, *end;
};

static int take(struct reader *r, void *out, size_t n)
{
	if ((size_t)(r->end - r->p) < n)
		return -1;
	memcpy(out, r->p, n);
	r->p += n;
	return 0;
}

static uint32_t word(const unsigned char *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}

static yaml_mark_t mark_at(const unsigned char *p)
{
	return (yaml_mark_t){ word(p), word(p + 4), word(p + 8) };
}

/* A string of the pool: in bounds and NUL-terminated where the record says. */
static const char *pool_str(const char *pool, uint32_t size, uint32_t off, uint32_t len)
{
	if (off >= size || len >= size - off || pool[off + len])
		return NULL;
	return pool + off;
}

static int valid_node(uint32_t id, uint32_t n) { return id >= 1 && id <= n; }

/* Fill the nodes from their records; -1 at the first that does not hold. */
static int build_nodes(yaml_node_t *nodes, uint32_t n, const unsigned char *rec, yaml_node_item_t *items,
		       uint32_t ni, yaml_node_pair_t *pairs, uint32_t np, const char *pool, uint32_t ns)
{
	for (uint32_t k = 0; k < n; k++, rec += REC * 4) {
		uint32_t type = word(rec), style = word(rec + 4), tag = word(rec + 8);
		uint32_t a = word(rec + 12), c = word(rec + 16);
		yaml_node_t *x = &nodes[k];
		memset(x, 0, sizeof(*x));
		x->type = (yaml_node_type_t)type;
		if (tag != NO_TAG) {
			if (tag >= ns || !memchr(pool + tag, '\0', ns - tag))
				return -1;
			x->tag = (yaml_char_t *)(uintptr_t)(pool + tag);
		}
		x->start_mark = mark_at(rec + 20);
		x->end_mark = mark_at(rec + 32);
		if (type == YAML_SCALAR_NODE) {
			if (!pool_str(pool, ns, a, c))
				return -1;
			x->data.scalar.value = (yaml_char_t *)(uintptr_t)(pool + a);
			x->data.scalar.length = c;
			x->data.scalar.style = (yaml_scalar_style_t)style;
		} else if (type == YAML_SEQUENCE_NODE) {
			if (a > ni || c > ni - a)
				return -1;
			x->data.sequence.items.start = items + a;
			x->data.sequence.items.top = x->data.sequence.items.end = items + a + c;
			x->data.sequence.style = (yaml_sequence_style_t)style;
		} else if (type == YAML_MAPPING_NODE) {
			if (a > np || c > np - a)
				return -1;
			x->data.mapping.pairs.start = pairs + a;
			x->data.mapping.pairs.top = x->data.mapping.pairs.end = pairs + a + c;
			x->data.mapping.style = (yaml_mapping_style_t)style;
		} else {
			return -1;
		}
	}
	return 0;
}

void *gr_ydoc_decode(yaml_document_t *d, const unsigned char *blob, size_t blen, const char *src, size_t len)
{
	struct reader r = { blob, blob + blen };
	uint32_t magic, c[6];
	uint64_t l;
	if (!blob || take(&r, &magic, 4) || magic != MAGIC || take(&r, &l, 8) || l != len ||
	    (size_t)(r.end - r.p) < len || memcmp(r.p, src, len))
		return NULL;
	r.p += len;
	unsigned char marks[24];
	if (take(&r, c, sizeof(c)) || take(&r, marks, sizeof(marks)))
		return NULL;
	uint32_t n = c[0], ni = c[1], np = c[2], ns = c[3];
	/* Every count against what is left, before any multiplication. */
	size_t left = (size_t)(r.end - r.p);
	if (n > left / (REC * 4) || ni > left / 4 || np > left / 8 ||
	    (size_t)n * REC * 4 + (size_t)ni * 4 + (size_t)np * 8 + ns != left)
		return NULL;
	const unsigned char *rec = r.p, *link = rec + (size_t)n * REC * 4, *pl = link + (size_t)ni * 4,
			    *str = pl + (size_t)np * 8;
	size_t size = (size_t)n * sizeof(yaml_node_t) + (size_t)ni * sizeof(yaml_node_item_t) +
		      (size_t)np * sizeof(yaml_node_pair_t) + 1;
	char *arena = malloc(size);
	if (!arena)
		return NULL;
	yaml_node_t *nodes = (yaml_node_t *)arena;
	yaml_node_item_t *items = (yaml_node_item_t *)(nodes + n);
	yaml_node_pair_t *pairs = (yaml_node_pair_t *)(items + ni);
	/* The strings stay in the blob: libyaml's node type is not const, but
	 * the loader only reads them. */
	int ok = build_nodes(nodes, n, rec, items, ni, pairs, np, (const char *)str, ns) == 0;
	for (uint32_t k = 0; ok && k < ni; k++)
		ok = valid_node(items[k] = (yaml_node_item_t)word(link + 4 * k), n);
	for (uint32_t k = 0; ok && k < np; k++) {
		pairs[k].key = (int)word(pl + 8 * k);
		pairs[k].value = (int)word(pl + 8 * k + 4);
		ok = valid_node((uint32_t)pairs[k].key, n) && valid_node((uint32_t)pairs[k].value, n);
	}
	if (!ok) {
		free(arena);
		return NULL;
	}
	memset(d, 0, sizeof(*d));
	d->nodes.start = nodes;
	d->nodes.top = d->nodes.end = nodes + n;
	d->start_implicit = (int)c[4];
	d->end_implicit = (int)c[5];
	d->start_mark = mark_at(marks);
	d->end_mark = mark_at(marks + 12);
	return arena;
}

void gr_ydoc_free(yaml_document_t *d, void *arena)
{
	if (!arena) {
		yaml_document_delete(d);
		return;
	}
	free(arena);
	memset(d, 0, sizeof(*d));
}
