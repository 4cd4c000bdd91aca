/*
 * buf.h - growable buffers: a byte buffer for building output before it is
 * written (gr_buf), and one growth rule for arrays (GR_GROW).
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
#include <stdint.h>
#include <stdlib.h>

/* Room for one more element in the array arr of n elements and capacity
 * cap, doubling from first: 0, or -1 when out of memory (arr and cap then
 * untouched). arr and cap are lvalues, evaluated more than once. */
#define GR_GROW(arr, n, cap, first)                                                              \
	({                                                                                        \
		int grow_rc_ = 0;                                                                 \
		if ((n) >= (cap)) {                                                               \
			size_t grow_c_ = (cap) ? (cap) * 2 : (first);                             \
			void *grow_p_ = grow_c_ <= SIZE_MAX / 2 / sizeof(*(arr))                 \
						? realloc((arr), grow_c_ * sizeof(*(arr)))        \
						: NULL;                                           \
			if (grow_p_) {                                                            \
				(arr) = grow_p_;                                                  \
				(cap) = grow_c_;                                                  \
			} else {                                                                  \
				grow_rc_ = -1;                                                    \
			}                                                                         \
		}                                                                                 \
		grow_rc_;                                                                         \
	})

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

/* Write all n bytes of p to fd, retrying short writes and EINTR. Returns 0,
 * or -1 with errno set. */
int gr_write_all(int fd, const char *p, size_t n);

#endif
