/*
 * test_text.c - normalisation: what the learner typed becomes uniform text
 * with the same line numbers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <string.h>

#include "chars.h"
#include "text.h"

static void norm(const char *in, size_t len, struct gr_text *t)
{
	struct gr_error err = { 0 };
	assert_int_equal(gr_text_normalize(in, len, "t.md", t, &err), 0);
}

static void test_text_bom_crlf_cr(void **state)
{
	(void)state;
	struct gr_text t;
	const char in[] = "\xEF\xBB\xBFWorkload: x\r\nHardware: L4\rTop: y\n";
	norm(in, sizeof(in) - 1, &t);
	assert_string_equal(t.buf, "Workload: x\nHardware: L4\nTop: y\n");
	assert_int_equal(t.nlines, 3);
	assert_int_equal(gr_text_line_of(&t, strstr(t.buf, "Top") - t.buf), 3);
	gr_text_free(&t);
}

static void test_text_quotes_dashes_tabs(void **state)
{
	(void)state;
	struct gr_text t;
	const char *in = "\xE2\x80\x9C" "not" "\xE2\x80\x9D" " it" "\xE2\x80\x99" "s" "\xE2\x80\x94" "done\t2" "\xE2\x80\x93" "3";
	norm(in, strlen(in), &t);
	assert_string_equal(t.buf, "\"not\" it's - done    2-3");
	gr_text_free(&t);
}

/* Pasted bullets (Word's •, Notion's ▪ and ▸, slides' ➤) become markdown's
 * "-", so a list reads as a list whatever drew it. */
static void test_text_pasted_bullets(void **state)
{
	(void)state;
	struct gr_text t;
	const char *in = "\xE2\x80\xA2 a\n\xE2\x96\xAA b\n\xE2\x96\xB8 c\n\xE2\x9E\xA4 d\n";
	norm(in, strlen(in), &t);
	assert_string_equal(t.buf, "- a\n- b\n- c\n- d\n");
	gr_text_free(&t);
	/* an emoji keyboard's variation selector on a plain bullet goes; a
	 * keycap's stays */
	in = "-\xEF\xB8\x8F **Workload:** x\n1\xEF\xB8\x8F\xE2\x83\xA3 Hypotheses\n";
	norm(in, strlen(in), &t);
	assert_string_equal(t.buf, "- **Workload:** x\n1\xEF\xB8\x8F\xE2\x83\xA3 Hypotheses\n");
	gr_text_free(&t);
}

/* Text typed with a CJK input method left on reads as ASCII. */
static void test_text_fullwidth(void **state)
{
	(void)state;
	struct gr_text t;
	const char *in = "Workload\xEF\xBC\x9A" "LLM\xEF\xBC\x8C" "bf16\xE3\x80\x82" "matmul\xEF\xBC\x88"
			 "\xEF\xBC\x93\xEF\xBC\x98.4 ms\xEF\xBC\x89\xE3\x80\x81" "1\xEF\xBC\x8C" "000 "
			 "\xE3\x80\x90" "H1\xE3\x80\x91\xE3\x80\x8C" "to\xE3\x80\x8D\xEF\xBC\x9F";
	norm(in, strlen(in), &t);
	assert_string_equal(t.buf, "Workload:LLM, bf16. matmul(38.4 ms), 1,000 [H1]\"to\"? ");
	gr_text_free(&t);
}

/* A ticket pasted from Jira/Confluence reads as markdown. */
static void test_text_jira_markup(void **state)
{
	(void)state;
	struct gr_text t;
	const char *in = "h3. Ranges\n|{{tokenize}}|encode|\n{code:python}\nx = {}\n{code}\nh1. A {{}} b\n";
	norm(in, strlen(in), &t);
	assert_string_equal(t.buf, "### Ranges\n| `tokenize` |encode|\n```          \nx = {}\n```   \n#   A {{}} b\n");
	assert_int_equal(t.nlines, 6);
	gr_text_free(&t);
	/* With Jira headings, "# " is a numbered item; without, a heading. */
	norm("h3. Tests\n# print dtypes\n## sub\n", 32, &t);
	assert_string_equal(t.buf, "### Tests\n- print dtypes\n - sub\n");
	gr_text_free(&t);
	norm("# Report\n", 9, &t);
	assert_string_equal(t.buf, "# Report\n");
	gr_text_free(&t);
}

/* Speech-to-text: spoken labels and symbols read as typed ones, numbers
 * with a unit or a decimal point as digits; the line count is kept. */
static void test_text_dictated(void **state)
{
	(void)state;
	struct gr_text t;
	const char *in = "okay workload colon decoder only llm four thousand ninety six token prompt\n"
			 "hardware colon nvidia l4\n"
			 "top cuda time colon matmul thirty eight point four milliseconds then copy underscore at sixty "
			 "one percent\n"
			 "top cpu slash orchestration cost colon tokenizer dot encode twenty two ms\n"
			 "next experiment colon one run with record underscore shapes and group by scaled dot product, "
			 "four oh nine six tokens, two hundred twenty six calls, one experiment, two hypotheses\n";
	norm(in, strlen(in), &t);
	assert_string_equal(t.buf, "workload: decoder only llm 4096 token prompt\n"
				   "hardware: nvidia l4\n"
				   "top cuda time: matmul 38.4 milliseconds then copy_ at 61 percent\n"
				   "top cpu/orchestration cost: tokenizer.encode 22 ms\n"
				   "next experiment: one run with record_shapes and group by scaled dot product, "
				   "4096 tokens, 226 calls, one experiment, two hypotheses\n");
	assert_int_equal(t.nlines, 5);
	gr_text_free(&t);
	/* ... and a screen reader's or a dictation's quotes, commas and "under score" */
	const char *heard = "workload colon decoder only comma batch one\nnames colon\nquote tokenize unquote\n"
			    "top cuda time colon copy under score at sixty one percent\n";
	norm(heard, strlen(heard), &t);
	assert_string_equal(t.buf, "workload: decoder only, batch one\nnames:\n\"tokenize\"\n"
				   "top cuda time: copy_ at 61 percent\n");
	gr_text_free(&t);
	/* One "colon" in typed prose is a word, not a mark; a number spelled
	 * with its unit is digits in any report. */
	const char *prose = "Workload: 7B decode\nThe colon in the label is optional, sixty one percent\n";
	norm(prose, strlen(prose), &t);
	assert_string_equal(t.buf, "Workload: 7B decode\nThe colon in the label is optional, 61 percent\n");
	gr_text_free(&t);
}

/* Keyword tags are a list of terms, not a claim: blanked, and noted. */
static void test_text_keyword_tags(void **state)
{
	(void)state;
	struct gr_text t;
	const char *in = "| Field | Answer | tags |\n|---|---|---|\n| Workload | 7B | prefill, decode |\n"
			 "Hardware: L4 [keywords: GPU, Ada]\n# tags: dtype cast | h2d\nP.S. keywords: a b c\n"
			 "The tags on the PR say nothing.\n";
	norm(in, strlen(in), &t);
	assert_string_equal(t.buf, "| Field | Answer | tags |\n|---|---|---|\n| Workload | 7B |                 |\n"
				   "Hardware: L4                     \n                        \n                    \n"
				   "The tags on the PR say nothing.\n");
	assert_true(t.flags & GR_TEXT_TAGS);
	gr_text_free(&t);
	/* ... and a glossary's definitions, up to a blank line after them (round 147) */
	const char *gloss = "Next experiment: re-profile\n\n## Key terms\n\n- **NVTX** - NVIDIA Tools Extension\n"
			    "- tokenize: text to ids\n\nThe terms above are standard.\n";
	norm(gloss, strlen(gloss), &t);
	assert_null(strstr(t.buf, "NVTX"));
	assert_null(strstr(t.buf, "text to ids"));
	assert_non_null(strstr(t.buf, "Next experiment: re-profile\n"));
	assert_non_null(strstr(t.buf, "The terms above are standard."));
	assert_true(t.flags & GR_TEXT_TAGS);
	gr_text_free(&t);
	/* ... and a tail after a dash (round 124), but not a hyphenated word */
	const char *tail = "Top CPU / orchestration cost: Python loop - keywords: launch overhead, GPU idle\n"
			   "Note: re-tags: none\n";
	norm(tail, strlen(tail), &t);
	assert_non_null(strstr(t.buf, "Top CPU / orchestration cost: Python loop "));
	assert_null(strstr(t.buf, "launch overhead"));
	assert_non_null(strstr(t.buf, "Note: re-tags: none"));
	gr_text_free(&t);
}

static void test_text_invalid_utf8_is_replaced(void **state)
{
	(void)state;
	struct gr_text t;
	const char in[] = "caf\xE9 ok";
	norm(in, sizeof(in) - 1, &t);
	assert_string_equal(t.buf, "caf\xEF\xBF\xBD ok");
	assert_true(t.flags & GR_TEXT_INVALID_UTF8);
	gr_text_free(&t);
}

static void test_text_nul_is_refused_with_position(void **state)
{
	(void)state;
	struct gr_text t;
	struct gr_error err = { 0 };
	const char in[] = "ok\nab\0cd";
	assert_int_equal(gr_text_normalize(in, sizeof(in) - 1, "r.md", &t, &err), GR_EINPUT);
	assert_int_equal(err.line, 2);
	assert_int_equal(err.col, 3);
	assert_non_null(strstr(err.message, "NUL"));
	gr_error_clear(&err);
}

static void test_text_hidden_and_lookalike(void **state)
{
	(void)state;
	struct gr_text t;
	/* zero-width space, Cyrillic o inside a Latin word, an HTML comment
	 * spanning lines, struck-out text, and a right-to-left override. */
	const char *in = "Wo\xE2\x80\x8Brk\xD0\xBEload\n<!-- hidden\nstill -->kept ~~gone~~ \xE2\x80\xAE" "cba\xE2\x80\xAC!";
	norm(in, strlen(in), &t);
	assert_int_equal(t.nlines, 3);
	assert_memory_equal(t.buf, "Workoload\n", 10);
	assert_null(strstr(t.buf, "hidden"));
	assert_null(strstr(t.buf, "gone"));
	assert_non_null(strstr(t.buf, "kept"));
	assert_non_null(strstr(t.buf, "abc!"));
	assert_true(t.flags & GR_TEXT_CONTROLS);
	assert_true(t.flags & GR_TEXT_HOMOGLYPHS);
	assert_true(t.flags & GR_TEXT_COMMENTS);
	assert_true(t.flags & GR_TEXT_STRUCK);
	gr_text_free(&t);
	/* An override inside an override is dropped, not reversed again: a
	 * line of them is read once (it was reread once per override). */
	const char *nested = "\xE2\x80\xAE" "ab\xE2\x80\xAE" "cd";
	norm(nested, strlen(nested), &t);
	assert_string_equal(t.buf, "dcba");
	gr_text_free(&t);
}

static void test_text_html_paste(void **state)
{
	(void)state;
	struct gr_text t;
	const char *in = "<p><b>Workload:</b> LLM&nbsp;&mdash; x <5 ms</p>";
	norm(in, strlen(in), &t);
	assert_non_null(strstr(t.buf, "Workload:"));
	assert_non_null(strstr(t.buf, "<5 ms"));
	assert_null(strstr(t.buf, "<b>"));
	gr_text_free(&t);
}

/* LaTeX reads as what it typesets, line for line; markdown's escaped
 * underscores as underscores in any report. */
static void test_text_latex(void **state)
{
	(void)state;
	struct gr_text t;
	const char *in = "\\begin{itemize}\n"
			 "  \\item \\textbf{Workload:} batch~1, $\\approx 35$~ms of \\texttt{aten::copy\\_}\n"
			 "  \\item[Hardware:] L4 % TODO: cut this\n"
			 "\\end{itemize}\n"
			 "\\paragraph{Next experiment} \\texttt{record\\_shapes=True}\\footnote{or with\\_stack}, "
			 "61\\% --- bf16$\\to$fp32\n"
			 "\\section*{Not yet}\n"
			 "\\begin{tabular}{ll}\n"
			 "Top CUDA time & copy\\_ 61\\% \\\\\n"
			 "\\end{tabular}\n";
	norm(in, strlen(in), &t);
	assert_int_equal(t.nlines, 9);
	assert_non_null(strstr(t.buf, "- Workload: batch 1, ~35 ms of `aten::copy_`\n"));
	assert_non_null(strstr(t.buf, "- Hardware: L4"));
	assert_null(strstr(t.buf, "TODO"));
	assert_true(t.flags & GR_TEXT_COMMENTS);
	assert_non_null(strstr(t.buf, "Next experiment: `record_shapes=True` (or with_stack), 61%  -  bf16->fp32\n"));
	assert_non_null(strstr(t.buf, "## Not yet\n"));
	assert_non_null(strstr(t.buf, "| Top CUDA time | copy_ 61% |\n"));
	assert_null(strstr(t.buf, "\\"));
	gr_text_free(&t);
	/* Not LaTeX: only the escapes go, and "61 %" or a lone backslash stays. */
	const char *md = "Next experiment: record\\_shapes=True, 61 % of C:\\temp\n";
	norm(md, strlen(md), &t);
	assert_string_equal(t.buf, "Next experiment: record_shapes=True, 61 % of C:\\temp\n");
	assert_false(t.flags & GR_TEXT_COMMENTS);
	gr_text_free(&t);
}

/* A reply that carries its own answer: the message it quotes, or the one
 * it forwards, is someone else's (or an old draft) and is left out; a
 * reply that corrects part of the answer it quotes keeps the quote. */
static void test_text_mail(void **state)
{
	(void)state;
	struct gr_text t;
	const char *reply = "Hi,\nWorkload: 7B\nHardware: L4\nNext experiment: record_shapes=True\n\n"
			    "On Tue, 3 Nov 2026, Sam Lee <sam@example.edu> wrote:\n"
			    "> Next experiment: write a Triton attention kernel\n>\n> Sam\n"
			    "Sent from my iPhone\n";
	norm(reply, strlen(reply), &t);
	assert_null(strstr(t.buf, "Triton"));
	assert_null(strstr(t.buf, "wrote"));
	assert_non_null(strstr(t.buf, "Sent from my iPhone"));
	assert_int_equal(t.nlines, 10);
	assert_true(t.flags & GR_TEXT_MAIL);
	gr_text_free(&t);
	const char *fwd = "Workload: 7B\nHardware: L4\nNext experiment: record_shapes=True\n\n"
			  "---------- Forwarded message ---------\nFrom: Jake\nDate: Sun, Nov 1\nSubject: ideas\n\n"
			  "1. write our own Triton attention kernel\n2. CUDA graphs\n\nNot yet: attention, it is flash.\n";
	norm(fwd, strlen(fwd), &t);
	assert_null(strstr(t.buf, "Triton"));
	assert_null(strstr(t.buf, "CUDA graphs"));
	assert_non_null(strstr(t.buf, "Not yet: attention"));
	gr_text_free(&t);
	/* Inline replies: the teammate's lines go, the prompt's question
	 * answered right under it stays as its heading. */
	const char *inl = "> On Wed, 4 Nov 2026, Kofi wrote:\n> and I'd write a custom attention kernel next\n\n"
			  "Also no, it is already flash.\n\n> 3. One thing you would not optimize yet, and why.\n\n"
			  "aten::slice, 1.4 ms.\nWorkload: 7B\nHardware: L4\nNext experiment: record_shapes=True\n";
	norm(inl, strlen(inl), &t);
	assert_null(strstr(t.buf, "custom attention"));
	assert_non_null(strstr(t.buf, "> 3. One thing you would not optimize yet"));
	assert_non_null(strstr(t.buf, "Also no"));
	gr_text_free(&t);
	const char *part = "Correction to my last e-mail: Next experiment: load in bf16 and re-profile.\n\n"
			   "On Mon, 2 Nov 2026, Ana wrote:\n> Workload: 7B\n> Hardware: L4\n> Next experiment: Triton\n";
	norm(part, strlen(part), &t);
	assert_non_null(strstr(t.buf, "> Hardware: L4"));
	assert_false(t.flags & GR_TEXT_MAIL);
	gr_text_free(&t);
}

/* Org-mode, reStructuredText, AsciiDoc and wiki markup read as markdown,
 * line for line; markdown's own "* item" stays an item outside org-mode. */
static void test_text_markup(void **state)
{
	(void)state;
	struct gr_text t;
	const char *org = "#+TITLE: Part C\n* Workload\n7B decode\n:PROPERTIES:\n:ID: x\n:END:\n"
			  "- Hardware :: A100\n#+BEGIN_SRC python\nprof = 1\n#+END_SRC\n~aten::copy_~ at =61%=\n";
	norm(org, strlen(org), &t);
	assert_string_equal(t.buf, "\n## Workload\n7B decode\n\n\n\n- Hardware: A100\n```\nprof = 1\n```\n"
				   "`aten::copy_` at `61%`\n");
	gr_text_free(&t);
	const char *rst = "Part C\n======\n\n:Workload: 7B\nHardware:: L4\n== Not yet ==\n'''Top CUDA time''': "
			  "``copy_`` 61%\n.. note::\n#. first\n";
	norm(rst, strlen(rst), &t);
	assert_string_equal(t.buf, "## Part C\n\n\nWorkload: 7B\nHardware: L4\n## Not yet\nTop CUDA time: `copy_` 61%\n"
				   "\n- first\n");
	assert_int_equal(t.nlines, 9);
	gr_text_free(&t);
	/* markdown: a bullet is a bullet, "aten::to" no description, a label over a rule no title */
	const char *md = "* Workload: 7B\n- aten::to :: 54 calls\nNext experiment: x\n---\n";
	norm(md, strlen(md), &t);
	assert_string_equal(t.buf, md);
	gr_text_free(&t);
}

/* Text copied out of a PDF: ligatures are letters, and a word broken at
 * the line's end is mended with the lines kept. */
static void test_text_pdf_paste(void **state)
{
	(void)state;
	struct gr_text t;
	const char *in = "Top CUDA time: data move-\nment, see the pro\xEF\xAC\x81le.\n- item\nnon-\n- next\n";
	norm(in, strlen(in), &t);
	assert_string_equal(t.buf, "Top CUDA time: data movement\n , see the profile.\n- item\nnon-\n- next\n");
	assert_int_equal(t.nlines, 5);
	gr_text_free(&t);
	/* a transcriber's "[crossed out: ...]" is struck text */
	const char *crossed = "- [crossed out: \"tokenize\"] \"prefill\"\n";
	norm(crossed, strlen(crossed), &t);
	assert_null(strstr(t.buf, "tokenize"));
	assert_non_null(strstr(t.buf, "\"prefill\""));
	assert_true(t.flags & GR_TEXT_STRUCK);
	gr_text_free(&t);
	/* a box-drawing table reads as a markdown table */
	const char *box = "\xE2\x94\x82 Workload \xE2\x94\x82 7B \xE2\x94\x82\n\xE2\x94\x9C\xE2\x94\x80\xE2\x94\xBC\n";
	norm(box, strlen(box), &t);
	assert_string_equal(t.buf, "| Workload | 7B |\n+-+\n");
	gr_text_free(&t);
	/* a page's header, footer and number say nothing; "Page 2: results" is a heading of the learner's */
	const char *pages = "Part B triage - page 2      CS 8803 - Fall 2026\n- 3 -\nPage 2: results\n- A: 18 calls\n";
	norm(pages, strlen(pages), &t);
	assert_null(strstr(t.buf, "CS 8803"));
	assert_null(strstr(t.buf, "- 3 -"));
	assert_non_null(strstr(t.buf, "Page 2: results"));
	assert_non_null(strstr(t.buf, "- A: 18 calls"));
	gr_text_free(&t);
}

/* A diff reads as the file it leaves; a chat export as the learner's own
 * messages (the speaker they say they are, else who wrote the most). */
static void test_text_diff_and_chat(void **state)
{
	(void)state;
	struct gr_text t;
	const char *diff = "PR: fill in part A\n--- a/answers.md\n+++ b/answers.md\n@@ -1,3 +1,3 @@\n Workload: 7B\n"
			   "-Next experiment: write a Triton attention kernel\n+Next experiment: record_shapes=True\n";
	norm(diff, strlen(diff), &t);
	assert_null(strstr(t.buf, "Triton"));
	assert_non_null(strstr(t.buf, " Next experiment: record_shapes=True"));
	assert_non_null(strstr(t.buf, "PR: fill in part A"));
	assert_int_equal(t.nlines, 7);
	assert_true(t.flags & GR_TEXT_DIFF);
	gr_text_free(&t);
	const char *chat = "#perf export (I'm kenji)\n[10:31] priya: let's just quantize to int4\n"
			   "[10:32] kenji: no, quantizing hides why anything is copied\n[10:36] kenji: my answer:\n"
			   "Next experiment: record_shapes=True\n[10:37] priya: fine\n";
	norm(chat, strlen(chat), &t);
	assert_null(strstr(t.buf, "quantize to int4"));
	assert_null(strstr(t.buf, "fine"));
	assert_null(strstr(t.buf, "kenji:"));
	assert_non_null(strstr(t.buf, "no, quantizing hides"));
	assert_non_null(strstr(t.buf, "\nNext experiment: record_shapes=True\n"));
	gr_text_free(&t);
	/* A timestamp before each label is a log of one's own notes, not a
	 * chat between "Workload" and "Hardware": the times go, every line's
	 * words stay, and an unbracketed time eats no letters of the label. */
	const char *log = "[09:12] Workload: decoder-only LLM\n[09:12] Hardware: 1x L4\n"
			  "[09:13] Top CUDA time: matmul 38.4 ms\n10:02 Next experiment: record_shapes=True\n"
			  "10:04 AM Not yet: attention\n[10:05] - A: matmul is the math\n";
	norm(log, strlen(log), &t);
	assert_false(t.flags & GR_TEXT_CHAT);
	assert_null(strstr(t.buf, "09:1"));
	assert_true(!strncmp(t.buf, "Workload: decoder-only LLM ", 27));
	assert_non_null(strstr(t.buf, "\nHardware: 1x L4 "));
	assert_non_null(strstr(t.buf, "\nTop CUDA time: matmul 38.4 ms "));
	assert_non_null(strstr(t.buf, "\nNext experiment: record_shapes=True "));
	assert_non_null(strstr(t.buf, "\nNot yet: attention "));
	assert_non_null(strstr(t.buf, "\n- A: matmul is the math "));
	gr_text_free(&t);
	/* ... and a dash after every time only separates it from the words */
	const char *dashes = "10:02 - Workload: 7B\n10:03 - Hardware: L4\n10:04 - Top CUDA time: matmul\n";
	norm(dashes, strlen(dashes), &t);
	assert_true(!strncmp(t.buf, "Workload: 7B ", 13));
	assert_non_null(strstr(t.buf, "\nTop CUDA time: matmul "));
	gr_text_free(&t);
	/* HTML is no chat, and markdown's "- item" no removed line */
	const char *html = "<p>Workload: 7B</p>\n<ol>\n<li>Not yet: slice</li>\n</ol>\n- item\n";
	norm(html, strlen(html), &t);
	assert_non_null(strstr(t.buf, "Not yet: slice"));
	assert_non_null(strstr(t.buf, "- item"));
	gr_text_free(&t);
}

/* A tree drawn as `tree` prints it is an outline: rails and branches
 * become indentation, not a box-drawn table's "|" and "+" (which would
 * make its nodes a table's rows); a table's own box lines stay. */
/* "%61" (Turkish writes the sign first) reads as "61%"; a URL's "%20"
 * inside a word and printf's "%5.2f" stay as they are. */
static void test_text_percent_first(void **state)
{
	(void)state;
	struct gr_text t;
	const char *in = "copy_ %61 of CUDA time (%61,5); a%20b, %5.2f, 100%%\n";
	norm(in, strlen(in), &t);
	assert_string_equal(t.buf, "copy_ 61% of CUDA time (61,5%); a%20b, %5.2f, 100%%\n");
	gr_text_free(&t);
}

/* A mermaid or Graphviz block reads as its labels, line for line: the
 * fields and range names inside it are found; the syntax is blank. */
static void test_text_diagram(void **state)
{
	(void)state;
	struct gr_text t;
	const char *in = "```mermaid\nflowchart LR\n  W[\"Workload: 7B decode\"]\n"
			 "  t[tokenize] --> x[to_device] -->|54 calls| p((prefill))\n  subgraph s1[decode loop]\n  end\n```\n"
			 "gantt\n"
			 "digraph G {\n  c [label=\"Top CUDA time\\naten::copy_ 61%\"];\n  \"a\" -> \"b\";\n}\nafter\n";
	norm(in, strlen(in), &t);
	assert_string_equal(t.buf, "\n\nWorkload: 7B decode\ntokenize -> to_device -> 54 calls -> prefill\ndecode loop\n\n\n"
				   "gantt\n\nTop CUDA time: aten::copy_ 61%\na -> b\n\nafter\n");
	gr_text_free(&t);
	in = "```mermaid\ngantt\n    section tokenize\n    tokenizer.encode 22ms :a1, 0, 22\n```\n"
	     "```mermaid\nsequenceDiagram\n  participant T as Tokenizer\n  T->>G: h2d_inputs\n```\n";
	norm(in, strlen(in), &t);
	assert_string_equal(t.buf, "\n\ntokenize\ntokenizer.encode 22ms\n\n\n\nTokenizer\nh2d_inputs\n\n");
	gr_text_free(&t);
	/* A block never closed is no diagram: the prose after it stays. */
	in = "```mermaid\nt[tokenize] --> x[h2d]\nthis prose stays (really)\n";
	norm(in, strlen(in), &t);
	assert_string_equal(t.buf, in);
	gr_text_free(&t);
}

static void test_text_tree_outline(void **state)
{
	(void)state;
	struct gr_text t;
	const char *tree = "request\n\xE2\x94\x9C\xE2\x94\x80\xE2\x94\x80 tokenize    encode\n"
			   "\xE2\x94\x82   \xE2\x94\x94\xE2\x94\x80\xE2\x94\x80 cast_dtype  .to()\n";
	norm(tree, strlen(tree), &t);
	assert_string_equal(t.buf, "request\n     tokenize    encode\n         cast_dtype  .to()\n");
	gr_text_free(&t);
	/* Arabic-Indic and Persian digits, the Arabic percent sign and comma */
	const char *ar = "copy_ \xD9\xA6\xD9\xA1\xD9\xAA, \xDB\xB2\xDB\xB4.\xDB\xB4 ms\xD8\x8C x\n";
	norm(ar, strlen(ar), &t);
	assert_string_equal(t.buf, "copy_ 61%, 24.4 ms,  x\n");
	gr_text_free(&t);
	/* numbers spelled out with a unit or a point, in any report; other number words stay */
	const char *spelled = "copy_ at sixty-one percent, twenty four point four ms, one experiment\n";
	norm(spelled, strlen(spelled), &t);
	assert_string_equal(t.buf, "copy_ at 61 percent, 24.4 ms, one experiment\n");
	gr_text_free(&t);
	const char *box = "\xE2\x94\x82 Workload \xE2\x94\x82 7B \xE2\x94\x82\n";
	norm(box, strlen(box), &t);
	assert_string_equal(t.buf, "| Workload | 7B |\n");
	gr_text_free(&t);
}

/* A report written as data reads as "- key: value" items on the lines they
 * were on; a notebook as its cells' sources; prose stays prose. */
static void test_text_structured(void **state)
{
	(void)state;
	struct gr_text t;
	const char *json = "{\n  \"workload\": \"7B decode\",\n  \"top_cuda_time\": \"copy_ \\u2014 61%\",\n"
			   "  \"hypotheses\": [\"casts\", \"H2D\"],\n  \"n\": 3\n}\n";
	norm(json, strlen(json), &t);
	assert_string_equal(t.buf, "\n- workload: 7B decode\n- top_cuda_time: copy_  -  61%\nhypotheses: - casts; - H2D\n"
				   "- n: 3\n\n");
	assert_int_equal(t.nlines, 6);
	gr_text_free(&t);
	const char *one = "{\"workload\":\"7B\",\"nextExperiment\":\"record_shapes=True\"}";
	norm(one, strlen(one), &t);
	assert_non_null(strstr(t.buf, "- workload: 7B\n- next Experiment: record_shapes=True"));
	gr_text_free(&t);
	const char *nb = "{\"cells\": [\n {\"cell_type\": \"markdown\", \"source\": [\n  \"Workload: 7B\\n\",\n"
			 "  \"Next experiment: x\"\n ]},\n {\"cell_type\": \"code\", \"source\": [\n  \"prof = 1\"\n ]}\n],"
			 " \"nbformat\": 4}\n";
	norm(nb, strlen(nb), &t);
	assert_non_null(strstr(t.buf, "Workload: 7B\n"));
	assert_non_null(strstr(t.buf, "```"));
	assert_null(strstr(t.buf, "cell_type"));
	assert_null(strstr(t.buf, "nbformat"));
	gr_text_free(&t);
	const char *toml = "[report]\nworkload = \"7B\"\nhardware = \"L4\"\nnext_experiment = \"record_shapes\"\n[not_yet]\n"
			   "what = \"attention\"\n";
	norm(toml, strlen(toml), &t);
	assert_string_equal(t.buf, "## report\n- workload: 7B\n- hardware: L4\n- next_experiment: record_shapes\n## not_yet\n"
				   "- what: attention\n");
	gr_text_free(&t);
	const char *yaml = "workload: 7B\ntop_cuda_time: \"copy_ 61%\"\nnext_experiment: >-\n  load in bf16\n  and re-profile\n"
			   "# a comment\n";
	norm(yaml, strlen(yaml), &t);
	assert_string_equal(t.buf, "- workload: 7B\n- top_cuda_time: copy_ 61%\n- next_experiment:\nload in bf16\nand re-profile\n\n");
	gr_text_free(&t);
	const char *csv = "field,value\nWorkload,\"7B decode, bs=1\"\nHardware,L4\nTop CUDA time,\"copy_ \"\"61%\"\"\"\n";
	norm(csv, strlen(csv), &t);
	assert_string_equal(t.buf, "\nWorkload: 7B decode, bs=1\nHardware: L4\nTop CUDA time: copy_ \"61%\"\n");
	gr_text_free(&t);
	/* markdown with labels is no data */
	const char *md = "Workload: 7B\nHardware: L4\nNext experiment: record_shapes=True\n";
	norm(md, strlen(md), &t);
	assert_string_equal(t.buf, md);
	gr_text_free(&t);
}

/* gr_memmem finds what memmem(3) finds: the first occurrence, at every
 * alignment, needle length and place (block edges, the last byte), and
 * nothing where there is none. Small alphabets make near misses common. */
static void test_memmem_agrees(void **state)
{
	(void)state;
	char hay[300], needle[40];
	unsigned seed = 12345;
	for (int round = 0; round < 20000; round++) {
		seed = seed * 1103515245u + 12345u;
		size_t hlen = (seed >> 8) % sizeof(hay), n = (seed >> 20) % 12;
		const char *abc = round % 3 ? "ab" : "abc\xC3 ";
		size_t na = strlen(abc);
		for (size_t i = 0; i < hlen; i++) {
			seed = seed * 1103515245u + 12345u;
			hay[i] = abc[(seed >> 16) % na];
		}
		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			needle[i] = abc[(seed >> 16) % na];
		}
		const char *want = NULL;
		for (size_t i = 0; i + n <= hlen && !want; i++)
			if (!memcmp(hay + i, needle, n))
				want = hay + i;
		assert_ptr_equal(gr_memmem(hay, hlen, needle, n), want);
	}
	const char *t = "profile the copies; then profile again";
	assert_ptr_equal(gr_memmem(t, strlen(t), "again", 5), t + strlen(t) - 5);
	assert_ptr_equal(gr_memmem(t, strlen(t), "profile the copies; then profile again!", 39), NULL);
	assert_ptr_equal(gr_memmem(t, 0, "", 0), t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_memmem_agrees),
		cmocka_unit_test(test_text_bom_crlf_cr),
		cmocka_unit_test(test_text_dictated),
		cmocka_unit_test(test_text_keyword_tags),
		cmocka_unit_test(test_text_quotes_dashes_tabs),
		cmocka_unit_test(test_text_pasted_bullets),
		cmocka_unit_test(test_text_jira_markup),
		cmocka_unit_test(test_text_fullwidth),
		cmocka_unit_test(test_text_invalid_utf8_is_replaced),
		cmocka_unit_test(test_text_nul_is_refused_with_position),
		cmocka_unit_test(test_text_hidden_and_lookalike),
		cmocka_unit_test(test_text_html_paste),
		cmocka_unit_test(test_text_latex),
		cmocka_unit_test(test_text_mail),
		cmocka_unit_test(test_text_markup),
		cmocka_unit_test(test_text_pdf_paste),
		cmocka_unit_test(test_text_diff_and_chat),
		cmocka_unit_test(test_text_structured),
		cmocka_unit_test(test_text_tree_outline),
		cmocka_unit_test(test_text_diagram),
		cmocka_unit_test(test_text_percent_first),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
