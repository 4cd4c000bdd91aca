/*
 * chars.c - the class table behind chars.h.
 */
#include "chars.h"

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
