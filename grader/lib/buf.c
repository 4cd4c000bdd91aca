/*
 * buf.c - the growable byte buffer (see buf.h).
 */
#include "buf.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool grow(struct gr_buf *b, size_t extra)
{
	if (b->oom)
		return false;
	if (b->len + extra + 1 <= b->cap)
		return true;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < b->len + extra + 1) {
		if (cap > (size_t)-1 / 2) {
			b->oom = true;
			return false;
		}
		cap *= 2;
	}
	char *p = realloc(b->data, cap);
	if (!p) {
		b->oom = true;
		return false;
	}
	b->data = p;
	b->cap = cap;
	return true;
}

void gr_buf_add(struct gr_buf *b, const char *s, size_t n)
{
	if (!grow(b, n))
		return;
	if (n) /* s may be NULL then (another empty buffer's data) */
		memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void gr_buf_puts(struct gr_buf *b, const char *s)
{
	gr_buf_add(b, s, strlen(s));
}

void gr_buf_putc(struct gr_buf *b, char c)
{
	gr_buf_add(b, &c, 1);
}

void gr_buf_printf(struct gr_buf *b, const char *fmt, ...)
{
	va_list ap;
	char small[256];
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->oom = true;
		return;
	}
	if ((size_t)n < sizeof(small)) {
		gr_buf_add(b, small, (size_t)n);
		return;
	}
	if (!grow(b, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void gr_buf_reset(struct gr_buf *b)
{
	b->len = 0;
	if (b->data)
		b->data[0] = '\0';
}

bool gr_buf_ok(const struct gr_buf *b)
{
	return !b->oom;
}

void gr_buf_free(struct gr_buf *b)
{
	free(b->data);
	memset(b, 0, sizeof(*b));
}

int gr_write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}
