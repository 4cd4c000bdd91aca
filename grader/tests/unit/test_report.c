/*
 * test_report.c - finding the five fields and the follow-up answers whatever
 * the decoration, with the learner's line numbers.
 */
#include "test_support.h"

static void parse(struct gr_report *r, const char *text)
{
	struct gr_error err = { 0 };
	assert_int_equal(gr_report_from_string(r, part_a, text, strlen(text), "t.md", &scratch, &err), 0);
}

static int field(const char *id)
{
	return gr_exercise_field(part_a, id);
}

static void value_is(struct gr_report *r, const char *id, const char *want)
{
	struct gr_span v = r->fields[field(id)].value;
	assert_int_equal(v.end - v.start, strlen(want));
	assert_memory_equal(r->text.buf + v.start, want, strlen(want));
}

/* Code indented four spaces (markdown's block without fences) is code:
 * each line a statement of its own; prose indented under a list item, or a
 * line that merely starts with "for", is not. */
static void test_report_indented_code(void **state)
{
	(void)state;
	struct gr_report r;
	parse(&r, "Ranges:\n\n    with record_function(\"prefill\"):\n        out = model(ids)\n\n"
		  "- tokenizer\n\n    for the copies I would look at dtypes first\n"
		  "    and then re-profile.\n");
	static const int code[] = { 0, 0, 1, 1, 0, 0, 0, 0, 0 };
	for (size_t i = 0; i < sizeof(code) / sizeof(*code); i++)
		assert_int_equal(r.code_line[i], code[i]);
	gr_report_free(&r);
}

static void test_report_decorated_labels(void **state)
{
	(void)state;
	struct gr_report r;
	parse(&r, "**Workload:** LLM\n- hardware: L4\n## Top CUDA time\nmatmul\n"
		  "Top CPU/orchestration: tokenizer\n__Next experiment__ - re-profile\n");
	for (size_t f = 0; f < part_a->nfields; f++)
		assert_int_equal(r.fields[f].state, GR_FIELD_LABELLED);
	value_is(&r, "workload", "LLM");
	value_is(&r, "top-cuda", "matmul");
	value_is(&r, "next-experiment", "re-profile");
	assert_int_equal(r.fields[field("top-cpu")].line, 5);
	gr_report_free(&r);
	/* arrows, and a paper's run-in headings */
	parse(&r, "Workload \xE2\x9F\xB6 LLM\nHardware \xE2\x9E\x94 L4\n**Top CUDA time.** matmul\n"
		  "Top CPU / orchestration cost \xE2\x9F\xB9 tokenizer\nNext experiment -> re-profile\n");
	for (size_t f = 0; f < part_a->nfields; f++)
		assert_int_equal(r.fields[f].state, GR_FIELD_LABELLED);
	value_is(&r, "workload", "LLM");
	value_is(&r, "top-cuda", "matmul");
	gr_report_free(&r);
	/* a tilde between label and value; a dash inside the label's bold */
	parse(&r, "**Top CUDA time -** matmul\n");
	value_is(&r, "top-cuda", "matmul");
	gr_report_free(&r);
	parse(&r, "Workload ~ 7B decode\nHardware ~ A100\n");
	assert_int_equal(r.fields[field("workload")].state, GR_FIELD_LABELLED);
	value_is(&r, "workload", "7B decode");
	value_is(&r, "hardware", "A100");
	gr_report_free(&r);	/* A field table's third column is a note: its rows are still fields
	 * (a contrast table's are not: test_rule.c). */
	parse(&r, "| Field | Value | Notes |\n|---|---|---|\n| Workload | 7B decode | fake |\n"
		  "| Fix | load in bf16 | then re-profile |\n");
	assert_int_equal(r.fields[field("next-experiment")].state, GR_FIELD_ALIASED);
	gr_report_free(&r);
	/* the command that started the file, then the answer on its line (round 131) */
	parse(&r, "grader new part-a \xE2\x80\x94 Workload: 7B decode; Hardware: L4\n");
	assert_int_equal(r.fields[field("workload")].state, GR_FIELD_LABELLED);
	assert_int_equal(r.fields[field("hardware")].state, GR_FIELD_LABELLED);
	gr_report_free(&r);
	/* a label glossed in another language (round 132) */
	parse(&r, "Workload / \xD0\x9D\xD0\xB0\xD0\xB3\xD1\x80\xD1\x83\xD0\xB7\xD0\xBA\xD0\xB0: 7B decode\n"
		  "Next experiment / Siguiente experimento: record_shapes=True\n");
	assert_int_equal(r.fields[field("workload")].state, GR_FIELD_LABELLED);
	value_is(&r, "workload", "7B decode");
	value_is(&r, "next-experiment", "record_shapes=True");
	gr_report_free(&r);
	/* notes written as code comments (round 125) */
	parse(&r, "// Workload: 7B decode\n// Hardware: L4\n");
	assert_int_equal(r.fields[field("workload")].state, GR_FIELD_LABELLED);
	value_is(&r, "hardware", "L4");
	gr_report_free(&r);
	/* dot leaders, down to the two a long label leaves room for (round 123) */
	parse(&r, "Workload ......... 7B decode\nNext experiment .. cast once at load, re-profile\n");
	value_is(&r, "workload", "7B decode");
	assert_int_equal(r.fields[field("next-experiment")].state, GR_FIELD_LABELLED);
	value_is(&r, "next-experiment", "cast once at load, re-profile");
	gr_report_free(&r);
}

static void test_report_multiline_value_and_order(void **state)
{
	(void)state;
	struct gr_report r;
	parse(&r, "Next experiment:\n\nre-profile with record_shapes\nand with_stack\n\nWorkload: x\n");
	value_is(&r, "next-experiment", "re-profile with record_shapes\nand with_stack");
	assert_int_equal(r.fields[field("workload")].line, 6);
	gr_report_free(&r);
}

static void test_report_renamed_label_serves_content(void **state)
{
	(void)state;
	struct gr_report r;
	parse(&r, "Top GPU time: matmul 38.4 ms\nNext step: re-profile\n");
	assert_int_equal(r.fields[field("top-cuda")].state, GR_FIELD_ALIASED);
	value_is(&r, "top-cuda", "matmul 38.4 ms");
	assert_int_equal(r.fields[field("next-experiment")].state, GR_FIELD_ALIASED);
	gr_report_free(&r);
}

/* A typo in a label ("Hardwre", "Top CUDA tiem") is the field misspelled:
 * its value is read, renamed, and marked so feedback can say so. A short
 * word takes no typo, and a different word is not one. */
static void test_report_misspelled_labels(void **state)
{
	(void)state;
	struct gr_report r;
	parse(&r, "Hardwre: L4\nTop CUDA tiem: matmul 38.4 ms\nNext experirnent: re-profile\n"
		  "Top CPI / orchestration cost: tokenizer\nWorkplace: lab\n");
	assert_int_equal(r.fields[field("hardware")].state, GR_FIELD_ALIASED);
	assert_true(r.fields[field("hardware")].misspelled);
	value_is(&r, "hardware", "L4");
	assert_true(r.fields[field("top-cuda")].misspelled);
	value_is(&r, "top-cuda", "matmul 38.4 ms");
	assert_true(r.fields[field("next-experiment")].misspelled);
	assert_int_equal(r.fields[field("top-cpu")].state, GR_FIELD_MISSING);
	assert_int_equal(r.fields[field("workload")].state, GR_FIELD_MISSING);
	gr_report_free(&r);
	parse(&r, "Top GPU time: matmul 38.4 ms\nHardware: L4\n");
	assert_false(r.fields[field("top-cuda")].misspelled); /* renamed, not misspelled */
	assert_false(r.fields[field("hardware")].misspelled);
	gr_report_free(&r);
}

/* Clauses: a call's empty brackets (".to()") hold no aside, so they cut
 * nothing; an aside's brackets do. */
static void test_report_clauses_and_calls(void **state)
{
	(void)state;
	struct gr_report r;
	parse(&r, "Maybe also wrap the .to() calls at some point.\n");
	assert_int_equal(r.nclauses, 1);
	gr_report_free(&r);
	parse(&r, "Wrap the decode step (one graph) and compare.\n");
	assert_int_equal(r.nclauses, 3);
	gr_report_free(&r);
}

/* "## One experiment per hypothesis" heads the experiments, though it
 * names the hypotheses too. */
static void test_report_experiments_heading(void **state)
{
	(void)state;
	struct gr_report r;
	parse(&r, "## Hypotheses\n1. casts\n2. transfers\n\n## One experiment per hypothesis\n1. record_shapes\n"
		  "2. nsys\n");
	int e = gr_exercise_section(part_a, "experiments");
	assert_int_equal(r.sections[e].found, 1);
	assert_int_equal(r.sections[e].line, 5);
	gr_report_free(&r);
}

/* A diagram's annotation names a field after a left arrow. */
static void test_report_diagram_annotation(void **state)
{
	(void)state;
	struct gr_report r;
	parse(&r, "GPU --| copy_ #### 24.4 | mm ## 9.6 | \xE2\x86\x90 Top CUDA time: aten::copy_ 61%\n");
	assert_int_equal(r.fields[field("top-cuda")].state, GR_FIELD_LABELLED);
	value_is(&r, "top-cuda", "aten::copy_ 61%");
	gr_report_free(&r);
}

/* A keycap emoji numbers an answer as "1." does ("1\u20e3 Hypotheses"). */
static void test_report_keycap_numbers(void **state)
{
	(void)state;
	struct gr_report r;
	parse(&r, "1\xEF\xB8\x8F\xE2\x83\xA3 Hypotheses\n  - casts\n3\xE2\x83\xA3 Not yet\n  - attention, already flash\n");
	int h = gr_exercise_section(part_a, "hypotheses"), n = gr_exercise_section(part_a, "not-yet");
	assert_int_equal(r.sections[h].line, 1);
	assert_int_equal(r.sections[n].line, 3);
	gr_report_free(&r);
	/* Parallel items, each a hypothesis and its test, number hypotheses:
	 * the experiments are in the list from its first item (round 126). */
	parse(&r, "Next experiment: re-profile\n\n1) Casting: fp32 cast every call. Experiment: record_shapes dtypes.\n"
		  "2) Transfers: CPU-GPU moves. Experiment: Memcpy HtoD in the trace.\n");
	int e = gr_exercise_section(part_a, "experiments");
	assert_int_equal(r.sections[h].line, 3);
	assert_int_equal(r.sections[e].line, 3);
	gr_report_free(&r);
}

/* A numbered list a line of prose introduces with a colon is that list:
 * its "2." goes on with its "1.", not answer 2 (round 158); a line that
 * says it holds the answers still numbers them. */
static void test_report_introduced_list(void **state)
{
	(void)state;
	struct gr_report r;
	int h = gr_exercise_section(part_a, "hypotheses"), e = gr_exercise_section(part_a, "experiments");
	parse(&r, "Next experiment: re-profile\n\nMapping it to what I know:\n1. to() is our staging copy, CPU to GPU.\n"
		  "2. copy_ is a format conversion on upload (fp32 to bf16).\n");
	assert_int_equal(r.sections[e].found, 0);
	assert_true(r.sections[h].found);
	assert_non_null(strstr(r.text.buf + r.sections[h].span.start, "format conversion"));
	assert_true(strstr(r.text.buf, "format conversion") - r.text.buf < (ptrdiff_t)r.sections[h].span.end);
	gr_report_free(&r);
	parse(&r, "Next experiment: re-profile\n\nFollow-up answers:\n1. casts of fp32 weights.\n"
		  "2. record_shapes shows the dtypes.\n");
	assert_int_equal(r.sections[h].line, 4);
	assert_int_equal(r.sections[e].line, 5);
	gr_report_free(&r);
}

/* A line of bold words alone ("**Key takeaways**") heads something else:
 * the answer above it ends there. */
static void test_report_bold_heading_ends_answer(void **state)
{
	(void)state;
	struct gr_report r;
	const char *text = "**3. What not to optimize yet**\nHard to say without more context.\n\n**Key takeaways**\n"
			   "- Matmul is the biggest CUDA cost.\n";
	parse(&r, text);
	int n = gr_exercise_section(part_a, "not-yet");
	assert_true(r.sections[n].found);
	assert_true(r.sections[n].span.end <= (size_t)(strstr(r.text.buf, "**Key") - r.text.buf));
	gr_report_free(&r);
	/* ... and so does a bold label of another part after a blank line,
	 * but not one that gives the answer's reason */
	parse(&r, "**Not yet:** attention.\n\n**Why:** it is already flash.\n\n**Plan / summary:** treat them alike.\n");
	assert_non_null(strstr(r.text.buf + r.sections[n].span.start, "**Why:**"));
	assert_true(r.sections[n].span.end < (size_t)(strstr(r.text.buf, "**Plan") - r.text.buf));
	assert_true(r.sections[n].span.end > (size_t)(strstr(r.text.buf, "**Why") - r.text.buf));
	gr_report_free(&r);
}

/* A field's value runs on to the next lines, but not into a deferral said
 * as a label ("Not yet - FlashAttention"): that answer is not the field's. */
static void test_report_value_stops_at_deferral(void **state)
{
	(void)state;
	struct gr_report r;
	parse(&r, "Next experiment: re-profile with record_shapes=True\nand read the dtypes.\nNot yet - FlashAttention.\n");
	value_is(&r, "next-experiment", "re-profile with record_shapes=True\nand read the dtypes.");
	gr_report_free(&r);
}

static void test_report_inline_labels(void **state)
{
	(void)state;
	struct gr_report r;
	parse(&r, "Workload: LLM; Hardware: L4; Top CUDA time: matmul\n");
	value_is(&r, "workload", "LLM");
	value_is(&r, "hardware", "L4");
	value_is(&r, "top-cuda", "matmul");
	gr_report_free(&r);
	/* A form whose line breaks were lost: the template's own labels, with
	 * their colons, after a bare space; a label word in prose is not one. */
	parse(&r, "Workload: 7B decode, batch 16 Hardware: 2x A100 Top CUDA time: copy_ 61% Next experiment: "
		  "re-profile\n");
	value_is(&r, "workload", "7B decode, batch 16");
	value_is(&r, "hardware", "2x A100");
	value_is(&r, "top-cuda", "copy_ 61%");
	value_is(&r, "next-experiment", "re-profile");
	gr_report_free(&r);
	parse(&r, "Workload: the model needs more Hardware than we have\n");
	value_is(&r, "workload", "the model needs more Hardware than we have");
	gr_report_free(&r);
}

/* A word processor's numbered headings, and a label and value in two
 * columns (a tab between them). */
static void test_report_numbered_headings_and_columns(void **state)
{
	(void)state;
	struct gr_report r;
	parse(&r, "1.1 Workload\n7B decode, batch 1\n\n1.2 Hardware\nA100\n\n2.4.1 Top CUDA time\ncopy_ 61%\n");
	value_is(&r, "workload", "7B decode, batch 1");
	value_is(&r, "hardware", "A100");
	value_is(&r, "top-cuda", "copy_ 61%");
	gr_report_free(&r);
	parse(&r, "2.1 Workload\t7B decoder, batch 1\n2.2 Hardware\tA100 80 GB\n");
	value_is(&r, "workload", "7B decoder, batch 1");
	value_is(&r, "hardware", "A100 80 GB");
	gr_report_free(&r);
}

static void test_report_sections_by_heading_and_number(void **state)
{
	(void)state;
	struct gr_report r;
	parse(&r, "Next experiment: x\n\n1. fp32 casts\n2. record_shapes\n3. Not yet: attention, it is flash\n");
	int h = gr_exercise_section(part_a, "hypotheses"), n = gr_exercise_section(part_a, "not-yet");
	assert_int_equal(r.sections[h].found, 2); /* by number */
	assert_int_equal(r.sections[h].line, 3);
	assert_int_equal(r.sections[n].line, 5);
	gr_report_free(&r);
	parse(&r, "Hypotheses:\n- dtype\nWhat I would not optimize yet: attention\n");
	assert_int_equal(r.sections[h].found, 1); /* by heading */
	assert_int_equal(r.sections[n].found, 1);
	gr_report_free(&r);
}

/* An input method's full-width "1）" leaves no space after the number:
 * "1)Workload:" is still the field. "Question ②:" and "(二)" number the
 * answers as "2." does, and a numbered heading that ends in a colon heads
 * its own "1.", "2." list ("(一) Hypotheses:" over "  1. ... 2. ...", then
 * "(二) ..." is answer 2). Repeats of a renamed label on the lines after it
 * run on as one value ("Action item: A / Action item: B"). */
static void test_report_ime_numbers_and_repeats(void **state)
{
	(void)state;
	struct gr_report r;
	parse(&r, "1)Workload: 7B\n2)Hardware: L4\n");
	value_is(&r, "workload", "7B");
	value_is(&r, "hardware", "L4");
	gr_report_free(&r);
	int h = gr_exercise_section(part_a, "hypotheses"), e = gr_exercise_section(part_a, "experiments");
	parse(&r, "Next experiment: x\n\nQuestion \xE2\x91\xA0: fp32 casts\nQuestion \xE2\x91\xA1: record_shapes\n");
	assert_int_equal(r.sections[h].line, 3);
	assert_int_equal(r.sections[e].line, 4);
	gr_report_free(&r);
	parse(&r, "Next experiment: x\n\n(\xE4\xB8\x80) Hypotheses:\n  1. fp32 casts\n  2. host copies\n"
		  "(\xE4\xBA\x8C) record_shapes shows the dtypes\n");
	assert_int_equal(r.sections[h].line, 3);
	assert_int_equal(r.sections[e].line, 6);
	gr_report_free(&r);
	parse(&r, "Action item: profile\nAction item: fix casts\nAction item: cache results\n\nLater: notes\n");
	struct gr_report_field *f = &r.fields[field("next-experiment")];
	assert_int_equal(f->line, 1);
	const char *more = "fix casts\nAction item: cache results";
	assert_int_equal(f->more.end - f->more.start, strlen(more));
	assert_memory_equal(r.text.buf + f->more.start, more, strlen(more));
	gr_report_free(&r);
}

/* Typed on a phone, labels lose their colons: three lines or more that
 * open with a field's own label make a label, a space and the value a
 * field ("Top CPU time ..." is then the renamed field; "GPU is idle" stays
 * a sentence). One such line alone is prose. "C1. Workload: ..." is the
 * field behind a claim's tag, "edit: forgot Hardware: L4" behind its
 * afterthought. */
/* A value runs on over the lines under its label until another label
 * opens one, in any language ("Ich würde folgendes probieren:" is no
 * part of the Top CUDA time), and "1.) " numbers an item. */
static void test_report_nordic_labels(void **state)
{
	(void)state;
	struct gr_report r;
	parse(&r, "Top CUDA time: matmul 38.4 ms dominates\nIch w\xC3\xBCrde folgendes probieren:\n- FlashAttention-3\n");
	value_is(&r, "top-cuda", "matmul 38.4 ms dominates");
	gr_report_free(&r);
	parse(&r, "Top CUDA time: matmul 38.4 ms dominates\nI would try the following:\n- FlashAttention-3\n");
	value_is(&r, "top-cuda", "matmul 38.4 ms dominates");
	gr_report_free(&r);
	parse(&r, "Workload: 7B\n\n1.) Waarom copy_: fp32 gewichten worden gecast.\n2.) Experiment: record_shapes.\n");
	assert_int_equal(r.nitems, 2);
	assert_int_equal(r.items[0].number, 1);
	assert_int_equal(r.items[1].number, 2);
	gr_report_free(&r);
}

static void test_report_colonless_labels(void **state)
{
	(void)state;
	struct gr_report r;
	parse(&r, "grader new part-a\nWorkload 7B decode\nHardware idk, say A100\nTop CUDA time aten::copy_ 61%\n"
		  "Top CPU time python loop\nGPU is idle a lot\nNext experiment load in bf16 and re-profile\n");
	value_is(&r, "workload", "7B decode");
	value_is(&r, "hardware", "idk, say A100");
	value_is(&r, "next-experiment", "load in bf16 and re-profile");
	assert_int_equal(r.fields[field("top-cpu")].state, GR_FIELD_ALIASED);
	assert_int_equal(r.fields[field("top-cpu")].line, 5);
	gr_report_free(&r);
	parse(&r, "Workload 7B decode is what we ran.\nThe hardware was an L4.\n");
	assert_int_equal(r.fields[field("workload")].state, GR_FIELD_MISSING);
	gr_report_free(&r);
	parse(&r, "C1. Workload: 7B decode\nC2. Hardware: L4\n");
	value_is(&r, "workload", "7B decode");
	value_is(&r, "hardware", "L4");
	gr_report_free(&r);
	parse(&r, "Field one, Workload: 7B decode\nFifth, Next experiment: load in bf16 and re-profile\n");
	value_is(&r, "workload", "7B decode");
	value_is(&r, "next-experiment", "load in bf16 and re-profile");
	gr_report_free(&r);
	parse(&r, "Workload: 7B decode\n\nedit: forgot Hardware: L4\n");
	value_is(&r, "hardware", "L4");
	assert_int_equal(r.fields[field("hardware")].line, 3);
	gr_report_free(&r);
	parse(&r, "Workload: 7B decode\n\nedit: forgot to say the GPU: L4 was busy\n");
	assert_int_equal(r.fields[field("hardware")].state, GR_FIELD_MISSING);
	gr_report_free(&r);
}

/* An exported quiz: "Q: label" then "A: value"; the prompt's own questions
 * pasted above the answers still open their sections (copied words are
 * blanked, their place is kept), by heading words a few words in or by
 * number; a copied question with its answer on the same line keeps the
 * answer. */
static void test_report_quiz_export(void **state)
{
	(void)state;
	struct gr_report r;
	int h = gr_exercise_section(part_a, "hypotheses"), e = gr_exercise_section(part_a, "experiments");
	parse(&r, "Q: Workload:\nA: decoder LLM, bf16\n\nQ: Next experiment:  A: re-profile with record_shapes\n\n"
		  "Q: 1. Two hypotheses for why copy_ and to are present.\nA: fp32 casts; host-device copies\n\n"
		  "Q: One experiment that would confirm or reject each hypothesis.  A: (1) dtypes (2) Memcpy rows\n");
	value_is(&r, "workload", "decoder LLM, bf16");
	value_is(&r, "next-experiment", "re-profile with record_shapes");
	assert_int_equal(r.sections[h].line, 6);
	assert_int_equal(r.sections[e].line, 9);
	assert_non_null(memmem(r.text.buf + r.sections[e].span.start, r.sections[e].span.end - r.sections[e].span.start,
			       "Memcpy rows", 11));
	assert_null(memmem(r.text.buf, r.text.len, "confirm or reject", 17)); /* the copied words are gone */
	gr_report_free(&r);
}

/* A form whose line breaks were lost: the follow-up answers' headings sit
 * mid-line and open their sections there. */
static void test_report_run_together_sections(void **state)
{
	(void)state;
	struct gr_report r;
	int h = gr_exercise_section(part_a, "hypotheses"), n = gr_exercise_section(part_a, "not-yet");
	parse(&r, "Workload: LLM Hardware: L4 Next experiment: re-profile with stacks. Hypotheses: (1) fp32 casts "
		  "(2) host-device copies. Not optimizing yet: aten::slice, 1.4 ms.\n");
	value_is(&r, "next-experiment", "re-profile with stacks");
	assert_int_equal(r.sections[h].found, 1);
	assert_int_equal(r.sections[n].found, 1);
	struct gr_span hs = r.sections[h].span;
	assert_non_null(memmem(r.text.buf + hs.start, hs.end - hs.start, "host-device copies", 18));
	assert_null(memmem(r.text.buf + hs.start, hs.end - hs.start, "slice", 5));
	gr_report_free(&r);
}

/* A field named twice on its line ("Next experiment: Action: ...", a
 * planner's "Action item" after the template's label) keeps the value
 * after the second name, and the template's label wins ("wl... Workload:"). */
static void test_report_field_named_twice(void **state)
{
	(void)state;
	struct gr_report r;
	parse(&r, "wl... Workload: 7B, 4096 prompt tokens\nHardware: A100\n"
		  "**Next experiment**: Action: Bob - re-profile with record_shapes=True\n");
	value_is(&r, "next-experiment", "Bob - re-profile with record_shapes=True");
	assert_int_equal(r.fields[field("next-experiment")].state, GR_FIELD_LABELLED);
	value_is(&r, "workload", "7B, 4096 prompt tokens");
	assert_int_equal(r.fields[field("workload")].state, GR_FIELD_LABELLED);
	gr_report_free(&r);
}

/* Emoji, lettered answers and "Part N" are decoration; a numbered list
 * under an empty label is its value; "3." in the hypotheses' own list is
 * not answer 3. */
static void test_report_marks_before_labels(void **state)
{
	(void)state;
	struct gr_report r;
	int h = gr_exercise_section(part_a, "hypotheses"), n = gr_exercise_section(part_a, "not-yet");
	parse(&r, "\xF0\x9F\x90\x8C **Top CPU / orchestration cost:** tokenizer 22 ms\n"
		  "\xF0\x9F\x85\xBF\xEF\xB8\x8F Parking lot: custom attention kernel\n");
	assert_int_equal(r.fields[field("top-cpu")].state, GR_FIELD_LABELLED);
	value_is(&r, "top-cpu", "tokenizer 22 ms");
	assert_int_equal(r.sections[n].found, 1);
	assert_int_equal(r.sections[n].line, 2);
	gr_report_free(&r);
	parse(&r, "Workload: x\n\nc) Not optimize now\n  Attention kernel, already flash.\n");
	assert_int_equal(r.sections[n].found, 1);
	gr_report_free(&r);
	parse(&r, "Workload: x\n\nPart 3 - the attention kernel, already flash.\n");
	assert_int_equal(r.sections[n].found, 2); /* by number */
	assert_int_equal(r.sections[n].line, 3);
	gr_report_free(&r);
	parse(&r, "Next experiment:\n1. re-profile\n2. torch.compile\n\nWorkload: x\n");
	value_is(&r, "next-experiment", "1. re-profile\n2. torch.compile");
	gr_report_free(&r);
	parse(&r, "Workload: x\n\nHypotheses\n1. dtype casts\n2. host/device\n3. to() is copy_'s parent\n");
	assert_int_equal(r.sections[h].found, 1);
	assert_int_equal(r.sections[n].found, 0);
	gr_report_free(&r);
	/* "Experiments: check ..." heads the experiments section (the singular
	 * "Experiment: check ..." is the Next experiment, renamed). */
	int e = gr_exercise_section(part_a, "experiments");
	parse(&r, "Workload: x\n\nHypotheses:\n1. KV cache copied\n2. activations cast to bf16\n\n"
		  "Experiments: check if the memory column goes down after the change.\n");
	assert_int_equal(r.sections[e].found, 1);
	assert_int_equal(r.sections[e].line, 7);
	gr_report_free(&r);
	/* Abbreviated labels are renamed fields: their content is read. */
	parse(&r, "hw: l4\ntop cpu/orch: tokenizer 22ms\nnext exp: record_shapes run\n");
	assert_int_equal(r.fields[field("top-cpu")].state, GR_FIELD_ALIASED);
	value_is(&r, "top-cpu", "tokenizer 22ms");
	assert_int_equal(r.fields[field("next-experiment")].state, GR_FIELD_ALIASED);
	value_is(&r, "next-experiment", "record_shapes run");
	gr_report_free(&r);
	/* A chat log: the timestamp and the speaker are not the message. */
	parse(&r, "[10:42] dana: Workload: 4k prompt\n[10:43:07 AM] dana: Top CPU / orchestration cost: tokenizer\n"
		  "[10:45] dana: not touching attention. already flash\n[1] a footnote: Hardware: L4\n");
	assert_int_equal(r.fields[field("workload")].state, GR_FIELD_LABELLED);
	value_is(&r, "workload", "4k prompt");
	value_is(&r, "top-cpu", "tokenizer");
	assert_int_equal(r.sections[n].found, 1);
	assert_int_equal(r.sections[n].line, 3);
	assert_int_not_equal(r.fields[field("hardware")].state, GR_FIELD_LABELLED);
	gr_report_free(&r);
}

static void test_report_paragraph_infers_next_experiment(void **state)
{
	(void)state;
	struct gr_report r;
	parse(&r, "The copies look wrong. What I'd do next is re-profile with with_stack=True. Then we'll see.\n");
	assert_int_equal(r.fields[field("next-experiment")].state, GR_FIELD_INFERRED);
	value_is(&r, "next-experiment", "What I'd do next is re-profile with with_stack=True.");
	gr_report_free(&r);
}

/* "N/A", "TBD", "see below": a label with a stand-in is an empty field, and
 * a placeholder for the next experiment is played by the sentence that
 * proposes it further down, as when the field is missing. */
static void test_report_placeholder_values(void **state)
{
	(void)state;
	struct gr_report r;
	parse(&r, "Workload: Llama 7B\nHardware: N/A\nTop CUDA time: matmul 38.4 ms\n"
		  "Top CPU / orchestration cost: tokenizer 22 ms\nNext experiment: see below.\n\n"
		  "The copies look wrong. What I'd do next is re-profile with record_shapes=True.\n");
	assert_true(r.fields[field("hardware")].placeholder);
	assert_false(r.fields[field("workload")].placeholder);
	assert_true(r.fields[field("next-experiment")].placeholder);
	assert_int_equal(r.fields[field("next-experiment")].state, GR_FIELD_LABELLED);
	value_is(&r, "next-experiment", "What I'd do next is re-profile with record_shapes=True.");
	gr_report_free(&r);
	/* A field line with its value, then bullets that open with labels of
	 * their own: the bullets are another answer; after "...:" they are the
	 * value (round 118). */
	parse(&r, "Next experiment: CUDA graph the step; ms/tok before vs after\n- A matmul: big prefill GEMMs\n"
		  "- B matmul: tiny GEMMs, launch-bound\n");
	value_is(&r, "next-experiment", "CUDA graph the step; ms/tok before vs after");
	gr_report_free(&r);
	parse(&r, "Next experiment: one profiled run:\n- shapes: record_shapes=True\n- stacks: with_stack=True\n");
	value_is(&r, "next-experiment", "one profiled run:\n- shapes: record_shapes=True\n- stacks: with_stack=True");
	gr_report_free(&r);
	/* East Asian numbering and labels (round 120): "一、" numbers a part of
	 * the document, not an answer, and a translated label is the field,
	 * renamed. */
	parse(&r, "\xE4\xB8\x80\xE3\x80\x81Workload\xEF\xBC\x9A" "7B decode\n"
		  "\xE4\xB8\x8B\xE4\xB8\x80\xE4\xB8\xAA\xE5\xAE\x9E\xE9\xAA\x8C\xEF\xBC\x9Are-profile with record_shapes=True\n");
	value_is(&r, "workload", "7B decode");
	assert_int_equal(r.fields[field("workload")].state, GR_FIELD_LABELLED);
	assert_int_equal(r.fields[field("next-experiment")].state, GR_FIELD_ALIASED);
	value_is(&r, "next-experiment", "re-profile with record_shapes=True");
	gr_report_free(&r);
	/* ... and "see bullets" points at a list, as "see below" does (round 116) */
	parse(&r, "Next experiment: see bullets\n\n- one CUDA graph of the decode step, then compare ms/token\n");
	assert_true(r.fields[field("next-experiment")].placeholder);
	gr_report_free(&r);
	/* "N/A - refer to Findings" says it is not here; "N/A-ish, the L4" says something */
	parse(&r, "Hardware: N/A \xE2\x80\x94 refer to Findings.\nWorkload: N/A-ish, decode only\n");
	assert_true(r.fields[field("hardware")].placeholder);
	assert_false(r.fields[field("workload")].placeholder);
	gr_report_free(&r);
	/* ... and "TBD (need to sync w/ platform team)" puts it off, with why
	 * (round 122); "TBD-ish: record_shapes" is a value */
	parse(&r, "Next experiment: TBD (need to sync w/ platform team)\nHardware: TODO - waiting on the cluster\n"
		  "Workload: TBD-ish, maybe record_shapes\n");
	assert_true(r.fields[field("next-experiment")].placeholder);
	assert_true(r.fields[field("hardware")].placeholder);
	assert_false(r.fields[field("workload")].placeholder);
	gr_report_free(&r);
	/* Content that starts like one is content. */
	parse(&r, "Next experiment: see whether the copies go away with bf16 weights.\nHardware: none of the A100s, an L4\n");
	assert_false(r.fields[field("next-experiment")].placeholder);
	assert_false(r.fields[field("hardware")].placeholder);
	gr_report_free(&r);
	assert_false(passes("Workload: Llama 7B\nHardware: TBD\nTop CUDA time: matmul 38.4 ms\n"
			    "Top CPU / orchestration cost: tokenizer 22 ms\nNext experiment: record_shapes=True\n",
			    "report-fields"));
	assert_true(passes("Workload: Llama 7B\nHardware: L4\nTop CUDA time: matmul 38.4 ms\n"
			   "Top CPU / orchestration cost: tokenizer 22 ms\nNext experiment: record_shapes=True\n",
			   "report-fields"));
	/* An ASCII arrow separates a label from its value too. */
	parse(&r, "workload -> 7B decode\nHardware => L4\n");
	assert_int_equal(r.fields[field("workload")].state, GR_FIELD_LABELLED);
	value_is(&r, "workload", "7B decode");
	value_is(&r, "hardware", "L4");
	gr_report_free(&r);
}

/* Round 27 (answers inside the pasted prompt): a task list's boxes are
 * decoration; the empty template pasted above the filled report does not
 * empty its fields. Part B: a bullet under the contrast heading that
 * compares a field ("- Next experiment: A -> ..., B -> ...") is a point
 * of the contrast, not the field again. */
static void test_report_task_lists_templates_and_compared_fields(void **state)
{
	(void)state;
	struct gr_report r;
	parse(&r, "- [x] Workload: decoder-only LLM, batch 1\n- [ ] Hardware: L4\n- [X] Next experiment: re-profile\n");
	assert_int_equal(r.fields[field("workload")].state, GR_FIELD_LABELLED);
	value_is(&r, "workload", "decoder-only LLM, batch 1");
	value_is(&r, "hardware", "L4");
	value_is(&r, "next-experiment", "re-profile");
	gr_report_free(&r);
	parse(&r, "Template:\n\n    Workload:\n    Hardware:\n    Next experiment:\n\n## My report\n\n"
		  "    Workload: 7B decode\n    Hardware: L4\n    Next experiment: re-profile with stacks\n");
	value_is(&r, "workload", "7B decode");
	value_is(&r, "next-experiment", "re-profile with stacks");
	assert_int_equal(r.fields[field("hardware")].line, 10);
	gr_report_free(&r);
	/* A draft's field, then the final one: the final one is the answer. */
	parse(&r, "Draft answer (wrong, kept for honesty):\n\nNext experiment: swap SDPA to FlashAttention-3\n\n"
		  "Then I read the table.\n\nFinal answer:\nNext experiment: load in bf16 and re-profile\n");
	value_is(&r, "next-experiment", "load in bf16 and re-profile");
	gr_report_free(&r);
	/* "Mine:" introduces the filled copy; it is no value of the empty label. */
	parse(&r, "    Workload:\n    Next experiment:\n\nMine:\n\n    Workload: 7B decode\n"
		  "    Next experiment: re-profile with stacks\n");
	value_is(&r, "next-experiment", "re-profile with stacks");
	gr_report_free(&r);
	struct gr_exercise *b = load_exercise("part-b");
	const char *contrast =
		"Workload: batch 1, decode 128\nHardware: L4\nTop CUDA time: aten::matmul 6.1 ms, 240 calls\n"
		"Top CPU / orchestration cost: Python decode loop 38 ms\n"
		"Next experiment: capture one decode step in a CUDA graph; compare ms/token.\n\n"
		"Contrast with Part A:\n"
		"- Top CUDA name: in A matmul is 18 big prefill GEMMs, real math; in B 240 tiny ones, launch overhead.\n"
		"- Bottleneck: A is GPU-side; B is the host.\n"
		"- Next experiment: A -> find who calls copy_/to; B -> CUDA graph.\n"
		"- Fused attention: B has no attention op at all, and the time is launches and Python.\n";
	assert_true(passes_in(b, contrast, "contrast-bullets"));
	assert_true(passes_in(b, contrast, "overhead-experiment"));
	gr_exercise_free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_report_decorated_labels),
		cmocka_unit_test(test_report_multiline_value_and_order),
		cmocka_unit_test(test_report_renamed_label_serves_content),
		cmocka_unit_test(test_report_misspelled_labels),
		cmocka_unit_test(test_report_clauses_and_calls),
		cmocka_unit_test(test_report_value_stops_at_deferral),
		cmocka_unit_test(test_report_bold_heading_ends_answer),
		cmocka_unit_test(test_report_experiments_heading),
		cmocka_unit_test(test_report_keycap_numbers),
		cmocka_unit_test(test_report_introduced_list),
		cmocka_unit_test(test_report_diagram_annotation),
		cmocka_unit_test(test_report_inline_labels),
		cmocka_unit_test(test_report_numbered_headings_and_columns),
		cmocka_unit_test(test_report_quiz_export),
		cmocka_unit_test(test_report_run_together_sections),
		cmocka_unit_test(test_report_sections_by_heading_and_number),
		cmocka_unit_test(test_report_ime_numbers_and_repeats),
		cmocka_unit_test(test_report_colonless_labels),
		cmocka_unit_test(test_report_nordic_labels),
		cmocka_unit_test(test_report_paragraph_infers_next_experiment),
		cmocka_unit_test(test_report_field_named_twice),
		cmocka_unit_test(test_report_marks_before_labels),
		cmocka_unit_test(test_report_placeholder_values),
		cmocka_unit_test(test_report_task_lists_templates_and_compared_fields),
		cmocka_unit_test(test_report_indented_code),
	};
	return cmocka_run_group_tests(tests, load_part_a, free_part_a);
}
