/*
 * test_ydoc.c - a kept YAML document (ydoc.h) reads exactly as libyaml's:
 * every node's type, tag, style, value (NUL bytes included), children and
 * marks; a blob is used only for the very bytes it was parsed from; a cut
 * or damaged blob is refused or still holds together (ASan runs this); a
 * changed byte changes the key.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ydoc.h"

/* Every kind of node the loader meets, and some it does not. */
static const char sample[] = "# an exercise, in small\n"
			     "id: part-z\n"
			     "title: \"Part Z: quoted \\0 with a NUL\"\n"
			     "prompt: |\n"
			     "  Read the table.\n"
			     "  Write five lines.\n"
			     "tags: !!seq [a, 'b', \"c\"]\n"
			     "empty_list: []\n"
			     "empty_map: {}\n"
			     "concepts:\n"
			     "  - id: movement\n"
			     "    patterns: &moves ['\\bcopy_\\b', '\\bto\\(\\)']\n"
			     "  - id: again\n"
			     "    patterns: *moves\n"
			     "unicode: \"caf\xC3\xA9 \xE2\x80\x94 na\xC3\xAFve\"\n"
			     "number: 2.8\n"
			     "? [complex, key]\n"
			     ": value\n";

static void parse(yaml_document_t *d, const char *src, size_t len)
{
	yaml_parser_t p;
	assert_true(yaml_parser_initialize(&p));
	yaml_parser_set_input_string(&p, (const unsigned char *)src, len);
	assert_true(yaml_parser_load(&p, d));
	yaml_parser_delete(&p);
}

static void same_mark(yaml_mark_t a, yaml_mark_t b)
{
	assert_int_equal(a.index, b.index);
	assert_int_equal(a.line, b.line);
	assert_int_equal(a.column, b.column);
}

static void same_document(const yaml_document_t *a, const yaml_document_t *b)
{
	assert_int_equal(a->nodes.top - a->nodes.start, b->nodes.top - b->nodes.start);
	assert_int_equal(a->start_implicit, b->start_implicit);
	assert_int_equal(a->end_implicit, b->end_implicit);
	same_mark(a->start_mark, b->start_mark);
	same_mark(a->end_mark, b->end_mark);
	for (const yaml_node_t *x = a->nodes.start, *y = b->nodes.start; x < a->nodes.top; x++, y++) {
		assert_int_equal(x->type, y->type);
		assert_string_equal((const char *)x->tag, (const char *)y->tag);
		same_mark(x->start_mark, y->start_mark);
		same_mark(x->end_mark, y->end_mark);
		if (x->type == YAML_SCALAR_NODE) {
			assert_int_equal(x->data.scalar.length, y->data.scalar.length);
			assert_memory_equal(x->data.scalar.value, y->data.scalar.value, x->data.scalar.length);
			assert_int_equal(y->data.scalar.value[y->data.scalar.length], '\0');
			assert_int_equal(x->data.scalar.style, y->data.scalar.style);
		} else if (x->type == YAML_SEQUENCE_NODE) {
			long n = x->data.sequence.items.top - x->data.sequence.items.start;
			assert_int_equal(n, y->data.sequence.items.top - y->data.sequence.items.start);
			for (long i = 0; i < n; i++)
				assert_int_equal(x->data.sequence.items.start[i], y->data.sequence.items.start[i]);
			assert_int_equal(x->data.sequence.style, y->data.sequence.style);
		} else {
			long n = x->data.mapping.pairs.top - x->data.mapping.pairs.start;
			assert_int_equal(n, y->data.mapping.pairs.top - y->data.mapping.pairs.start);
			for (long i = 0; i < n; i++) {
				assert_int_equal(x->data.mapping.pairs.start[i].key, y->data.mapping.pairs.start[i].key);
				assert_int_equal(x->data.mapping.pairs.start[i].value,
						 y->data.mapping.pairs.start[i].value);
			}
			assert_int_equal(x->data.mapping.style, y->data.mapping.style);
		}
	}
}

/* What a decoded document must hold whatever its blob said: children that
 * are nodes of it, terminated scalars. Walking it under ASan is the test. */
static void holds_together(const yaml_document_t *d)
{
	int n = (int)(d->nodes.top - d->nodes.start);
	for (const yaml_node_t *x = d->nodes.start; x < d->nodes.top; x++) {
		if (x->tag)
			assert_true(strlen((const char *)x->tag) < 1u << 20);
		if (x->type == YAML_SCALAR_NODE) {
			assert_int_equal(x->data.scalar.value[x->data.scalar.length], '\0');
		} else if (x->type == YAML_SEQUENCE_NODE) {
			for (const yaml_node_item_t *i = x->data.sequence.items.start; i < x->data.sequence.items.top; i++)
				assert_true(*i >= 1 && *i <= n);
		} else {
			assert_int_equal(x->type, YAML_MAPPING_NODE);
			for (const yaml_node_pair_t *p = x->data.mapping.pairs.start; p < x->data.mapping.pairs.top; p++)
				assert_true(p->key >= 1 && p->key <= n && p->value >= 1 && p->value <= n);
		}
	}
}

static void encode(struct gr_buf *b, const char *src, size_t len)
{
	yaml_document_t d;
	parse(&d, src, len);
	assert_int_equal(gr_ydoc_encode(b, &d, src, len), 0);
	assert_true(gr_buf_ok(b));
	yaml_document_delete(&d);
}

static void test_round_trip(void **state)
{
	(void)state;
	size_t len = sizeof(sample) - 1;
	yaml_document_t parsed, kept;
	parse(&parsed, sample, len);
	struct gr_buf b = { 0 };
	assert_int_equal(gr_ydoc_encode(&b, &parsed, sample, len), 0);
	void *arena = gr_ydoc_decode(&kept, (const unsigned char *)b.data, b.len, sample, len);
	assert_non_null(arena);
	same_document(&parsed, &kept);
	/* The NUL inside the quoted title survived: its length says so. */
	const yaml_node_t *root = yaml_document_get_root_node(&kept);
	assert_non_null(root);
	const yaml_node_t *title = yaml_document_get_node(&kept, root->data.mapping.pairs.start[1].value);
	assert_int_equal(title->data.scalar.length, strlen("Part Z: quoted ") + 1 + strlen(" with a NUL"));
	gr_ydoc_free(&kept, arena);
	gr_ydoc_free(&parsed, NULL);
	gr_buf_free(&b);
}

/* Kept for these bytes only: one changed byte or a longer file is parsed. */
static void test_other_source_refused(void **state)
{
	(void)state;
	size_t len = sizeof(sample) - 1;
	struct gr_buf b = { 0 };
	encode(&b, sample, len);
	char other[sizeof(sample)];
	memcpy(other, sample, sizeof(sample));
	other[len / 2] ^= 1;
	yaml_document_t d;
	assert_null(gr_ydoc_decode(&d, (const unsigned char *)b.data, b.len, other, len));
	assert_null(gr_ydoc_decode(&d, (const unsigned char *)b.data, b.len, sample, len - 1));
	assert_null(gr_ydoc_decode(&d, NULL, 0, sample, len));
	gr_buf_free(&b);
}

/* Every cut is refused; every flipped byte is refused or decodes to a
 * document that holds together. Never a read out of bounds (ASan). */
static void test_damaged_blob(void **state)
{
	(void)state;
	size_t len = sizeof(sample) - 1;
	struct gr_buf b = { 0 };
	encode(&b, sample, len);
	unsigned char *copy = malloc(b.len);
	assert_non_null(copy);
	yaml_document_t d;
	for (size_t cut = 0; cut < b.len; cut++) {
		unsigned char *exact = malloc(cut ? cut : 1); /* ASan sees a read past it */
		assert_non_null(exact);
		memcpy(exact, b.data, cut);
		assert_null(gr_ydoc_decode(&d, exact, cut, sample, len));
		free(exact);
	}
	size_t refused = 0;
	for (size_t at = 0; at < b.len; at++)
		for (int bit = 0; bit < 8; bit += 3) {
			memcpy(copy, b.data, b.len);
			copy[at] ^= (unsigned char)(1u << bit);
			void *arena = gr_ydoc_decode(&d, copy, b.len, sample, len);
			if (!arena) {
				refused++;
				continue;
			}
			holds_together(&d);
			gr_ydoc_free(&d, arena);
		}
	assert_true(refused > 0);
	free(copy);
	gr_buf_free(&b);
}

static void test_key(void **state)
{
	(void)state;
	char a[64], b[64], c[64];
	size_t len = sizeof(sample) - 1;
	char other[sizeof(sample)];
	memcpy(other, sample, sizeof(sample));
	other[len - 3] = 'X';
	gr_ydoc_key(a, sizeof(a), sample, len);
	gr_ydoc_key(b, sizeof(b), sample, len);
	gr_ydoc_key(c, sizeof(c), other, len);
	assert_string_equal(a, b);
	assert_string_not_equal(a, c);
	assert_int_not_equal(gr_ydoc_tag(), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_other_source_refused),
		cmocka_unit_test(test_damaged_blob),
		cmocka_unit_test(test_key),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
