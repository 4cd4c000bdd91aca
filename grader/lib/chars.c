/*
 * chars.c - the class table behind chars.h.
 */
#include "chars.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define UP (GR_CH_ALPHA | GR_CH_UPPER | GR_CH_WORD)
#define LO (GR_CH_ALPHA | GR_CH_WORD)
#define DI (GR_CH_DIGIT | GR_CH_WORD)

const unsigned char gr_chars[256] = {
	['0' ... '9'] = DI,
	['A' ... 'Z'] = UP,
	['a' ... 'z'] = LO,
	['_'] = GR_CH_WORD,
	[0x80 ... 0xFF] = GR_CH_HIGH,
	[','] = GR_CH_CLAUSE, [';'] = GR_CH_CLAUSE, [':'] = GR_CH_CLAUSE,
	['('] = GR_CH_CLAUSE, [')'] = GR_CH_CLAUSE, ['-'] = GR_CH_CLAUSE,
};

void *gr_memmem(const void *hay, size_t hlen, const void *needle, size_t n)
{
	const unsigned char *h = hay, *s = needle;
	if (n == 0)
		return (void *)hay;
	if (n > hlen)
		return NULL;
	if (n == 1)
		return (void *)memchr(hay, s[0], hlen);
	size_t i = 0, last = hlen - n; /* the last place a match may start */
#if defined(__SSE2__)
	const __m128i first = _mm_set1_epi8((char)s[0]), end = _mm_set1_epi8((char)s[n - 1]);
	for (; i + 16 <= last + 1; i += 16) {
		__m128i a = _mm_loadu_si128((const __m128i *)(h + i));
		__m128i b = _mm_loadu_si128((const __m128i *)(h + i + n - 1));
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(a, first), _mm_cmpeq_epi8(b, end)));
		for (; m; m &= m - 1) {
			size_t at = i + (size_t)__builtin_ctz(m);
			if (!memcmp(h + at + 1, s + 1, n - 2))
				return (void *)(h + at);
		}
	}
#endif
	for (; i <= last; i++)
		if (h[i] == s[0] && h[i + n - 1] == s[n - 1] && !memcmp(h + i + 1, s + 1, n - 2))
			return (void *)(h + i);
	return NULL;
}
