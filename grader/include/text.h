/*
 * text.h - reading and normalising a learner's report.
 *
 * Learners write in editors, chat boxes and word processors. Before anything
 * is parsed the text is made uniform, keeping one output line per input line
 * so evidence keeps the learner's line numbers:
 *   - a UTF-8 BOM is dropped; CRLF and lone CR become LF; a tab becomes 4 spaces;
 *   - invalid UTF-8 becomes U+FFFD (the report is still graded, with a warning);
 *   - smart quotes become ASCII quotes, em/en dashes " - ", ellipsis "...",
 *     bullets "-", fullwidth colon ":", non-breaking spaces a space;
 *   - CJK punctuation and fullwidth ASCII become ASCII ("，" ", ", "。" ". ",
 *     "（" "(", "３８" "38", "【】" "[]"), as an input method left on types them;
 *   - zero-width and bidi control characters are removed (with a warning);
 *   - Cyrillic/Greek look-alike letters written next to Latin letters become
 *     the Latin letter (with a warning), so "Wоrkload" is "Workload";
 *   - HTML comments and ~~struck-out~~ text are blanked: hidden or retracted
 *     text is not the learner's answer; so are keyword tags ("keywords:
 *     ..." or "# tags: ..." lines, "[keywords: ...]" tails, a table's
 *     "tags" column): a list of terms is no claim; common HTML tags (p, b, li, ...)
 *     are dropped and entities decoded (rich text pasted from a browser),
 *     while "std::vector<int>" or "<5 ms" stay text;
 *   - text inside a right-to-left override (U+202E ... U+202C) is reversed,
 *     so it reads as it is displayed;
 *   - Jira/Confluence markup reads as markdown: "h3. " a heading, "{{x}}"
 *     code, a "{code}"/"{noformat}" line a fence.
 *   - a dictated report (two lines or more that say "workload colon ...",
 *     fillers such as "okay so" before the label dropped)
 *     reads with its spoken symbols: "colon" ":", "slash" "/", "underscore"
 *     "_", "dot" ".", and "thirty one point seven milliseconds" as
 *     "31.7 milliseconds" (number words only before a unit or with a
 *     decimal point: "one experiment" keeps its word).
 * A NUL byte or a file over the size limit is refused (GR_EINPUT with the
 * position), because it is not a report.
 */
#ifndef GR_TEXT_H
#define GR_TEXT_H

#include <stddef.h>

#include "error.h"

#define GR_DEFAULT_MAX_REPORT (1024 * 1024) /* bytes; --max-size changes it */

enum {
	GR_TEXT_INVALID_UTF8 = 1 << 0, /* replaced by U+FFFD */
	GR_TEXT_CONTROLS = 1 << 1,     /* zero-width or bidi controls removed */
	GR_TEXT_HOMOGLYPHS = 1 << 2,   /* look-alike letters mapped to Latin */
	GR_TEXT_COMMENTS = 1 << 3,     /* HTML comments ignored */
	GR_TEXT_STRUCK = 1 << 4,       /* ~~struck-out~~ text ignored */
	GR_TEXT_HTML = 1 << 5,         /* HTML tags and entities read as text */
	GR_TEXT_ECHO = 1 << 6,         /* lines copied from the prompt or feedback ignored (report.c) */
	GR_TEXT_TAGS = 1 << 7,         /* "keywords: ..." / "[tags: ...]" lists and table tag columns ignored */
	GR_TEXT_UNTICKED = 1 << 8,     /* "- [ ] ..." items beside a ticked "- [x]" ignored */
	GR_TEXT_MAIL = 1 << 9,         /* quoted or forwarded e-mail ("On ... wrote:") ignored */
	GR_TEXT_DIFF = 1 << 10,        /* a unified diff read as the file it leaves (removed lines ignored) */
	GR_TEXT_CHAT = 1 << 11,        /* a chat export: the others' messages ignored */
	GR_TEXT_OTHER_PARTS = 1 << 12, /* other parts' answers in the same file ignored (report.c) */
	GR_TEXT_DICTATED = 1 << 13,    /* spoken punctuation read ("workload colon" is "workload:"); no warning */
};

struct gr_line {
	size_t off; /* byte offset of the line in buf */
	size_t len; /* without the newline */
};

/* A message of a chat log (GR_TEXT_CHAT) whose tag buf blanks: where it
 * starts, whose it is, and another's first line as written. The others'
 * words are not the learner's, but a question of theirs is what the
 * learner's next message answers ("Duck: what wouldn't you touch?"). */
struct gr_turn {
	size_t line; /* 0-based line of buf the message starts on */
	int self;    /* the learner's own message */
	char *said;  /* another's first line, NUL-terminated (the learner's: NULL) */
};

struct gr_text {
	char *buf;             /* normalised UTF-8, NUL-terminated, lines end in '\n' */
	size_t len;
	struct gr_line *lines; /* lines[i] is input line i + 1 */
	size_t nlines;
	unsigned flags;        /* GR_TEXT_* notes for warnings */
	struct gr_turn *turns; /* a chat log's messages, in order; owned */
	size_t nturns;
};

/* Read a whole file of at most max bytes into *out (NUL-terminated, caller
 * frees). Directories, unreadable and oversized files fail with GR_EINPUT or
 * GR_EIO and a message naming the file. "-" reads stdin. */
int gr_read_file(const char *path, size_t max, char **out, size_t *outlen,
		 struct gr_error *err);

/* Normalise len bytes of src into out (see above). `name` labels errors.
 * Returns 0, GR_EINPUT for a NUL byte, or GR_ENOMEM. */
int gr_text_normalize(const char *src, size_t len, const char *name,
		      struct gr_text *out, struct gr_error *err);

/* 1-based line number of byte offset off (binary search). */
int gr_text_line_of(const struct gr_text *t, size_t off);

/* Is the full stop at b[i] the end of an abbreviation ("e.g.", "vs.",
 * "etc.") rather than of a sentence that began at b[start]? */
int gr_abbreviation_before(const char *b, size_t start, size_t i);

/* The box a task-list line b[s, e) opens with ("- [ ] ", "* [x] ", "2. [X] ",
 * "[ ] "): 1 unticked, 2 ticked, 0 none; *at is where the box starts. */
int gr_box_at(const char *b, size_t s, size_t e, size_t *at);

/* Does an item's text b[i, e) say it was done: opening with a verb in the
 * past ("timed tokenizer.encode", "read the table") or marked done ("✅",
 * "(done)")? A ticked item that was done is a finding, not a plan. */
int gr_done_item(const char *b, size_t i, size_t e);

void gr_text_free(struct gr_text *t);

#endif
