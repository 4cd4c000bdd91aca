/*
 * buf.h - a growable byte buffer for building output before it is written.
 *
 * Emitters that run on worker threads (emit_batch.h) build each row, line or
 * file in a gr_buf and hand the bytes to whoever writes them, so formatting
 * happens in parallel and only the writing is ordered.
 *
 * Invariant: data is NUL-terminated whenever len > 0. Out of memory is sticky:
 * after a failed growth every append is a no-op and gr_buf_ok() is false, so a
 * caller checks once at the end. Ownership: the buffer owns data;
 * gr_buf_free() releases it and may be called on a zeroed buffer.
 */
#ifndef GR_BUF_H
#define GR_BUF_H

#include <stdbool.h>
#include <stddef.h>

struct gr_buf {
	char *data;
	size_t len;
	size_t cap;
	bool oom; /* a growth failed: the contents are incomplete */
};

void gr_buf_add(struct gr_buf *b, const char *s, size_t n);
void gr_buf_puts(struct gr_buf *b, const char *s);
void gr_buf_putc(struct gr_buf *b, char c);
void gr_buf_printf(struct gr_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Forget the contents, keep the memory (for reuse in a loop). */
void gr_buf_reset(struct gr_buf *b);

/* Returns true when every append so far succeeded. */
bool gr_buf_ok(const struct gr_buf *b);

void gr_buf_free(struct gr_buf *b);

#endif
