/*
 * test_rule.c - meaning, not keywords: polarity, scopes, counting, stuffing
 * and facts, through Part A's criteria.
 */
#include "test_support.h"

static void test_rule_negated_kernel_is_not_a_proposal(void **state)
{
	(void)state;
	const char *pad = "\nTop CUDA time: matmul and attention are the real math; copy_ and to are avoidable movement of 2.8 GiB.\n";
	char buf[1024];
	snprintf(buf, sizeof(buf), "Next experiment: re-profile with with_stack=True to find who calls to(). "
		 "I would NOT write a custom attention kernel yet.%s", pad);
	assert_true(passes(buf, "no-custom-attention"));
	snprintf(buf, sizeof(buf), "Next experiment: write a custom Triton attention kernel for the prefill.%s", pad);
	assert_false(passes(buf, "no-custom-attention"));
	snprintf(buf, sizeof(buf), "Next experiment: find who calls to(). FlashAttention-3 can wait until the casts are explained.%s", pad);
	assert_true(passes(buf, "no-custom-attention"));
	/* a decision matrix: the row crossed out is rejected, the row ticked is not */
	const char *matrix = "| | Candidate | Decision |\n|---|---|---|\n| A | Re-profile with record_shapes | next |\n"
			     "| D | Custom Triton attention kernel | %s |\n%s";
	char row[1024];
	snprintf(row, sizeof(row), matrix, "\xE2\x9D\x8C", pad);
	assert_true(passes(row, "no-custom-attention"));
	snprintf(row, sizeof(row), matrix, "\xE2\x9C\x85 next", pad);
	assert_false(passes(row, "no-custom-attention"));
	snprintf(row, sizeof(row), matrix, "Deferred", pad); /* an option register's status */
	assert_true(passes(row, "no-custom-attention"));
	/* a cross rejects what it marks */
	snprintf(buf, sizeof(buf), "Next experiment: find who calls to().\n\xE2\x9C\x97" " custom Triton attention kernel%s", pad);
	assert_true(passes(buf, "no-custom-attention"));
	/* "in due course" is not now either */
	snprintf(buf, sizeof(buf), "Next experiment: find who calls to(). A custom attention kernel may be worth pursuing "
		 "in due course.%s", pad);
	assert_true(passes(buf, "no-custom-attention"));
	/* "Once the copies are gone, ..." waits for that state (round 126);
	 * "Once I have the trace, ..." is the plan's next step, not a wait */
	snprintf(buf, sizeof(buf), "Next experiment: find who calls to().\nOnce the copies are gone, maybe try a fused "
		 "attention kernel to squeeze the last bit.%s", pad);
	assert_true(passes(buf, "no-custom-attention"));
	snprintf(buf, sizeof(buf), "Next experiment: find who calls to().\nAfter that, write a fused attention kernel.%s",
		 pad);
	assert_false(passes(buf, "no-custom-attention"));
	/* "at some point" is not now */
	snprintf(buf, sizeof(buf), "Next experiment: find who calls to(). I'd write a custom Triton attention kernel at "
		 "some point.%s", pad);
	assert_true(passes(buf, "no-custom-attention"));
	/* a call's empty brackets do not cut the clause its cue governs */
	snprintf(buf, sizeof(buf), "Next experiment: re-profile with with_stack=True. I would not fold the .to() casts "
		 "into a custom attention kernel.%s", pad);
	assert_true(passes(buf, "no-custom-attention"));
}

/* A later clause that rejects "that"/"which"/"it" takes back what the clause
 * before it named: a partner's idea turned down is not the learner's
 * proposal. Doing "that" (no rejection) and a doubt ("that is not
 * certain") take nothing back. */
static void test_rule_rejection_refers_back(void **state)
{
	(void)state;
	const char *lead = "Top CUDA time: matmul and attention are math; copy_ and to move 2.8 GiB.\n"
			   "Next experiment: re-profile with record_shapes=True and with_stack=True to see who calls to(). ";
	char buf[1024];
	snprintf(buf, sizeof(buf), "%sMy partner suggested writing a FlashAttention kernel, but I would not do that yet.\n", lead);
	assert_true(passes(buf, "no-custom-attention"));
	assert_true(passes(buf, "single-experiment"));
	snprintf(buf, sizeof(buf), "%sAlex suggested we also switch to CUDA graphs, which I'd skip for now.\n", lead);
	assert_true(passes(buf, "single-experiment"));
	snprintf(buf, sizeof(buf), "%sA Triton attention kernel is tempting, but not yet.\n", lead);
	assert_true(passes(buf, "no-custom-attention"));
	snprintf(buf, sizeof(buf), "%sThen write a fused Triton attention kernel, and don't skip that.\n", lead);
	assert_false(passes(buf, "no-custom-attention"));
	snprintf(buf, sizeof(buf), "%sI would also rewrite attention in Triton, which should be faster.\n", lead);
	assert_false(passes(buf, "no-custom-attention"));
	assert_false(passes(buf, "single-experiment"));
	snprintf(buf, sizeof(buf), "%sI will write a Triton attention kernel, and I would do that today.\n", lead);
	assert_false(passes(buf, "no-custom-attention"));
	/* A cue with an object of its own, or an outcome, takes nothing back. */
	assert_true(passes("Top CPU / orchestration cost: tokenizer.encode 22 ms on the TTFT path, GPU can't start until it "
			   "returns.\n",
			   "tokenizer-latency"));
	assert_true(passes("Next experiment: re-profile with record_shapes=True to see who calls to() and check whether copy_ "
			   "shrinks - if it doesn't, the casts come from elsewhere.\n",
			   "single-experiment"));
	assert_true(passes("Next experiment: re-profile with with_stack=True to find who calls to(), instead of guessing it "
			   "from the table.\n",
			   "movement-first"));
	/* A doubt about a claim is not a rejection of it. */
	assert_true(passes("Top CUDA time: matmul and attention are the model's math, while copy_ and to are avoidable "
			   "movement of 2.8 GiB, but that is not certain.\n",
			   "math-vs-movement"));
}

/* Two fields, a blank line, then tail: a paragraph of its own (buf holds 1024). */
static void after_lead(char *buf, const char *tail)
{
	snprintf(buf, 1024, "Top CUDA time: matmul and attention are math; copy_ and to move 2.8 GiB.\n"
			    "Next experiment: re-profile with record_shapes=True and with_stack=True to see who calls to().\n\n%s",
		 tail);
}

/* An answer in the next sentence: a question answered "No", a short
 * disagreement with reported speech. A heading is no answer, "why not" is a
 * proposal, and a deferral's object ends where a new verb starts. */
static void test_rule_answered_in_the_next_sentence(void **state)
{
	(void)state;
	char buf[1024];
	after_lead(buf, "Custom FlashAttention kernel? No. Attention is already flash and real math.\n");
	assert_true(passes(buf, "no-custom-attention"));
	after_lead(buf, "A fused attention kernel? Later, maybe never - it is already flash.\n");
	assert_true(passes(buf, "no-custom-attention"));
	after_lead(buf, "My teammate wants to write a Triton kernel for attention. I disagree.\n");
	assert_true(passes(buf, "no-custom-attention"));
	after_lead(buf, "I'll also prototype a fused attention kernel alongside.\n\n### Not yet\n\nThe tokenizer.\n");
	assert_false(passes(buf, "no-custom-attention"));
	after_lead(buf, "Also, why not write a fused Triton attention kernel at the same time?\n");
	assert_false(passes(buf, "no-custom-attention"));
	after_lead(buf, "Write a Triton attention kernel. Not torch.compile, though.\n");
	assert_false(passes(buf, "no-custom-attention"));
	after_lead(buf, "Then load the weights in bf16 instead of fp32 and move attention to FlashAttention-3.\n");
	assert_false(passes(buf, "no-custom-attention"));
	after_lead(buf, "That is instead of writing a kernel and tuning FlashAttention-3 before the copies are "
		 "explained.\n");
	assert_true(passes(buf, "no-custom-attention"));
}

static void test_rule_dismissal_fails_latency(void **state)
{
	(void)state;
	assert_true(passes("Top CPU / orchestration cost: tokenizer.encode 22 ms. Not GPU work, but it runs before prefill, so it adds to TTFT.\n",
			   "tokenizer-latency"));
	assert_false(passes("Top CPU / orchestration cost: tokenizer 22 ms, it is CPU so it does not affect latency.\n",
			    "tokenizer-latency"));
	/* An arrow before a consequence opens a clause: "can't" stays behind it. */
	assert_true(passes("Top CPU / orchestration cost: tokenizer.encode 22 ms CPU. No GPU time, but the request can't "
			   "start prefill until it's done \xE2\x86\x92 adds directly to TTFT.\n",
			   "tokenizer-latency"));
	assert_false(passes("Top CPU / orchestration cost: tokenizer.encode 22 ms CPU \xE2\x86\x92 it does not add to "
			    "TTFT.\n",
			    "tokenizer-latency"));
}

/* A learner's bracketed note that says the line above is wrong takes it
 * back, and the version the note gives is the field's ("(my note: NO, this
 * is wrong. My actual next experiment: ...)"). */
static void test_rule_note_overrides_line(void **state)
{
	(void)state;
	const char *kernel = "Next experiment: Implement a fused Triton attention kernel to cut the 31.7 ms.\n";
	char buf[1024];
	snprintf(buf, sizeof(buf), "%s\n(my note: NO, this is wrong, attention is already flash. My actual next "
		 "experiment: re-profile with record_shapes=True to find who calls aten::to.)\n", kernel);
	assert_true(passes(buf, "no-custom-attention"));
	assert_true(passes(buf, "movement-first"));
	assert_true(passes(buf, "single-experiment"));
	assert_false(passes(kernel, "no-custom-attention"));
	/* a note that agrees takes nothing back */
	snprintf(buf, sizeof(buf), "%s\n(my note: this is the right call.)\n", kernel);
	assert_false(passes(buf, "no-custom-attention"));
}

/* A misspelled label is read but does not earn report-fields, and the
 * feedback names the label and its line instead of calling it missing. */
static void test_rule_misspelled_label_feedback(void **state)
{
	(void)state;
	static const char text[] = "Workload: LLM prefill 4096\nHardwre: L4\nTop CUDA time: matmul 38.4 ms\n"
				   "Top CPU / orchestration cost: tokenizer 22 ms\nNext experiment: re-profile\n";
	struct gr_verdict v;
	struct gr_error err = { 0 };
	assert_int_equal(gr_grade_string(&v, part_a, text, strlen(text), "t.md", &scratch, &err), 0);
	const struct gr_result *res = &v.results[gr_exercise_criterion(part_a, "report-fields")];
	assert_false(res->passed);
	assert_non_null(strstr(res->feedback, "misspelled: 'Hardware' on line 2"));
	assert_null(strstr(res->feedback, "missing:"));
	gr_verdict_free(&v);
}

static void test_rule_counting_experiments(void **state)
{
	(void)state;
	assert_true(passes("Next experiment: re-profile with record_shapes=True and with_stack=True to find who calls to().\n",
			   "single-experiment"));
	assert_true(passes("Next experiment: load the weights in bf16, then re-profile to see if copy_ disappears.\n",
			   "single-experiment"));
	assert_false(passes("Next experiment: check the dtypes, then try torch.compile.\n", "single-experiment"));
	assert_false(passes("Next experiment: record_shapes, torch.compile, FlashAttention-3, a faster tokenizer.\n",
			    "single-experiment"));
	assert_false(passes("Next experiment:\n- re-profile with record_shapes\n- write a Triton kernel\n", "single-experiment"));
	/* A run log's experiment ids: two are two experiments; the baseline a
	 * run is measured against is none (round 119). */
	assert_false(passes("Next experiment: exp-02a re-profile with record_shapes=True to see the dtypes of the to() "
			    "calls, AND exp-02b reload the model in bf16 and compare copy_ time.\n", "single-experiment"));
	assert_true(passes("Next experiment: exp-04 = exp-03 baseline with record_shapes=True, to see who calls "
			   "aten::to.\n", "single-experiment"));
	/* A prediction with its subject left out is no second proposal (round 117). */
	assert_true(passes("Next experiment: load the weights in bf16 and re-profile, should remove the casts and cut "
			   "the copy_ launches.\n", "single-experiment"));
	/* A numbered field whose value introduces its list with a dash
	 * ("three passes -") over lettered items: each item is a pass (round 116). */
	assert_false(passes("5. Next experiment: three passes \xE2\x80\x94\n"
			    "   (a) pattern-match to\xE2\x86\x92mm and fuse the cast into the matmul epilogue (Inductor "
			    "pattern),\n   (b) cudagraph-ify the decode loop to kill the slice launch overhead,\n"
			    "   (c) lower SDPA to a fused flash-style Triton kernel with RoPE in the prologue.\n",
			    "single-experiment"));
	/* Two steps of one fix, measured by one run, are one experiment; a
	 * change added "maybe also", or a change of another kind, is not. */
	assert_true(passes("Next experiment: load the model in bf16 from the start, remove the per-step cast, and "
			   "re-profile the decode step to see if copy_ drops.\n", "single-experiment"));
	assert_false(passes("Next experiment: load the weights in bf16 once at startup, and maybe also pin the host "
			    "memory, then re-profile.\n", "single-experiment"));
	assert_false(passes("Next experiment: load the weights in bf16, wrap the forward in torch.compile, and "
			    "re-profile.\n", "single-experiment"));
	assert_false(passes("Next experiment: re-profile with record_shapes=True, and at the same time reload the "
			    "model with torch_dtype=torch.bfloat16, pin the input tensors, then compare the copy_ "
			    "rows.\n", "single-experiment"));
	/* An experiment named without a verb, then a change added "maybe
	 * also" in the same sentence: two. */
	assert_false(passes("Next experiment: record_shapes=True to see which dtypes go into aten::to, and maybe also "
			    "pin the input tensors and compare.\n", "single-experiment"));
	assert_true(passes("Next experiment: record_shapes=True to see which dtypes go into aten::to.\n",
			   "single-experiment"));
	/* a participle that describes the learner's own proposal is no one else's */
	assert_true(passes("Next experiment: the single experiment proposed is to re-profile with record_shapes=True "
			   "to find who calls aten::to.\n", "movement-first"));
	/* "That should remove ..." predicts what the step does; it is no
	 * second proposal. */
	assert_true(passes("Next experiment: load the weights in bf16 and re-profile. That should remove most of the "
			   "copy_ time.\n", "single-experiment"));
	/* A field that points at the steps below is what they propose: one
	 * profiling run in four steps, or five different fixes. */
	assert_true(passes("Next experiment: attribute the aten::to calls (procedure below, one profiling run)\n\n"
			   "Procedure\n1. Use the same 4096-token prompt.\n2. Re-profile with record_shapes=True and "
			   "with_stack=True.\n3. Filter the trace on aten::to.\n4. Read the source and target dtypes.\n",
			   "single-experiment"));
	assert_false(passes("Next experiment: run steps 1-3 below and compare latency after each\n\n"
			    "1. Enable torch.compile(mode=\"reduce-overhead\").\n2. Switch to the Rust fast tokenizer.\n"
			    "3. Reload with torch_dtype=torch.bfloat16.\n", "single-experiment"));
	/* What the field proposes is read in the list it points at, under a
	 * heading that names a plan; a list of causes is another answer, and
	 * an option the field did not pick is not held against it. */
	assert_true(passes("Next experiment: the procedure below, one profiling run\n\nSteps\n"
			   "1. Re-profile with record_shapes=True and with_stack=True.\n2. Find who calls aten::to.\n",
			   "movement-first"));
	assert_false(passes("Next experiment: AI-1 to AI-3 below\n\nRoot cause (suspected)\n"
			    "1. fp32 weights cast to bf16 at runtime.\n2. Logits copied to the host every step.\n",
			    "movement-first"));
	assert_true(passes("Next experiment: option 1 below\n\nOptions\n1. Re-profile with record_shapes=True "
			   "and with_stack=True to find who calls aten::to.\n2. Write a fused Triton attention kernel.\n",
			   "movement-first"));
}

/* A numbered list right under an empty label is its value; an aside in
 * parentheses describes the one experiment; "so no" takes back the
 * proposal past the clause that gives the reason. */
static void test_rule_lists_asides_and_reasons(void **state)
{
	(void)state;
	assert_false(passes("Next experiment:\n1. re-profile with record_shapes=True to find who calls to()\n"
			    "2. write a fused Triton attention kernel\n3. try torch.compile\n",
			    "single-experiment"));
	assert_true(passes("Next experiment: re-profile with record_shapes=True to find who calls to() (batch size 1 as now).\n",
			   "single-experiment"));
	assert_false(passes("Next experiment: re-profile with record_shapes=True to find who calls to() (or batch size 8).\n",
			    "single-experiment"));
	char buf[1024];
	after_lead(buf, "My teammate would say: just write a fused attention kernel, but the copies are "
		 "unexplained, so no.\n");
	assert_true(passes(buf, "no-custom-attention"));
}

/* Someone else's suggestion is not the learner's unless endorsed; a P.S.
 * after Not yet is judged by its own words; "because." with nothing after
 * it is no reason. */
static void test_rule_reported_asides_and_dangling(void **state)
{
	(void)state;
	char buf[1024];
	after_lead(buf, "Some people suggest writing a fused Triton attention kernel.\n");
	assert_true(passes(buf, "no-custom-attention"));
	after_lead(buf, "My teammate wants to write a fused Triton attention kernel, and I agree: let's do it.\n");
	assert_false(passes(buf, "no-custom-attention"));
	after_lead(buf, "I would really want to write a fused Triton attention kernel now.\n");
	assert_false(passes(buf, "no-custom-attention"));
	/* A suggestion named by its noun, quoted: its own "let's" is not the
	 * learner's agreement; the learner's own suggestion is theirs. */
	after_lead(buf, "Re: Priya's suggestion (\"let's write a fused Triton attention kernel\") - I disagree for now.\n");
	assert_true(passes(buf, "no-custom-attention"));
	after_lead(buf, "My suggestion: write a fused Triton attention kernel now.\n");
	assert_false(passes(buf, "no-custom-attention"));
	/* An aside between the someone and the verb: "my teammate (同事) suggested". */
	after_lead(buf, "My teammate (\xE5\x90\x8C\xE4\xBA\x8B) suggested we write a fused Triton attention kernel.\n");
	assert_true(passes(buf, "no-custom-attention"));
	after_lead(buf, "Not yet: the attention kernel, it is already flash.\n\nP.S. I would write a fused "
		 "Triton attention kernel now anyway.\n");
	assert_false(passes(buf, "no-custom-attention"));
	after_lead(buf, "Not yet: I would not optimize aten::slice yet because.\n");
	assert_false(passes(buf, "not-yet"));
	after_lead(buf, "Not yet: I would not optimize aten::slice yet because it is 1.4 ms.\n");
	assert_true(passes(buf, "not-yet"));
	after_lead(buf, "Not yet: I would not optimize aten::slice yet, because discipline.\n");
	assert_false(passes(buf, "not-yet"));
	after_lead(buf, "Not yet: I would not optimize aten::slice yet, because 1.4ms.\n");
	assert_true(passes(buf, "not-yet"));
	/* The why given above, pointed at (rounds 116 and 120). */
	after_lead(buf, "A new attention kernel would only speed up what is already flash; the copies come first.\n\n"
		   "Not yet: custom attention kernel (reason above).\n");
	assert_true(passes(buf, "not-yet"));
	/* The trap as a reason, and a reason that only restates the deferral. */
	after_lead(buf, "Not yet: I would not optimize the tokenizer yet, because it's not on the GPU.\n");
	assert_false(passes(buf, "not-yet"));
	after_lead(buf, "Not yet: I would not optimize the tokenizer yet: it's not on the GPU, but its 22 ms "
		 "still add to TTFT, and the 35 ms of copies come first.\n");
	assert_true(passes(buf, "not-yet"));
	after_lead(buf, "Not yet: I wouldn't optimize the matmul yet, because that isn't the next step.\n");
	assert_false(passes(buf, "not-yet"));
	after_lead(buf, "Not yet: the attention kernel, because it's the attention kernel.\n");
	assert_false(passes(buf, "not-yet"));
	after_lead(buf, "Not optimizing yet: aten::slice, because it's not what I'd optimize first.\n");
	assert_false(passes(buf, "not-yet"));
	after_lead(buf, "3. I would not optimize the attention yet, because you should always optimize one step at "
		 "a time.\n");
	assert_false(passes(buf, "not-yet"));
	after_lead(buf, "Not optimize yet: tokenizer. It runs on CPU only, the GPU does not wait for it.\n");
	assert_false(passes(buf, "not-yet"));
	after_lead(buf, "3) Not yet: aten::slice, because it's a slicing op and we don't optimize that yet.\n");
	assert_false(passes(buf, "not-yet"));
	after_lead(buf, "3) No optimizaria aten::slice todavia, because slice is a PyTorch op.\n");
	assert_false(passes(buf, "not-yet"));
	/* "isn't needed": a contracted negation has no word boundary before it. */
	assert_true(passes("Top CUDA time: matmul 38.4 ms and attention 31.7 ms; copy_ and to (2.8 GiB) are "
			   "movement that isn't needed.\n", "math-vs-movement"));
	/* Movement called unavoidable is no split of math from movement. */
	assert_false(passes("Top CUDA time: matmul 38.4 ms and attention 31.7 ms are the math. copy_ and to are "
			    "movement, just memory operations every PyTorch model does; you can't really avoid them.\n",
			    "math-vs-movement"));
	/* A fact conceded about what is deferred is still said. */
	after_lead(buf, "Not optimising yet: the tokenizer. It's CPU work the GPU never sees, but it still adds its "
		 "22 ms to the request's time-to-first-token. The copies come first.\n");
	assert_true(passes(buf, "tokenizer-latency"));
	/* In prose, the sentence that defers takes in those that go on about it. */
	assert_true(passes("My next experiment is a profile with record_shapes=True to find who calls aten::to.\n\n"
			   "I would leave aten::slice alone for now. It has 436 calls but only 1.4 ms of CUDA time.\n",
			   "not-yet"));
	assert_true(passes("My next experiment is a profile with record_shapes=True to find who calls aten::to.\n\n"
			   "What I'd leave alone for now is attention. It's already the flash kernel, and the copies are "
			   "unexplained.\n", "not-yet"));
}

/* An aside in parentheses may run over commas ("(capture once, replay
 * 128x)"); options left open ("it depends: could be X, or Y") choose
 * nothing; a numbered heading ("2) Contrast") is not one of the bullets
 * under it. */
static void test_rule_asides_options_and_headings(void **state)
{
	(void)state;
	struct gr_exercise *b = load_exercise("part-b");
	assert_true(passes_in(b, "Next experiment: wrap one decode step in a CUDA graph (capture once, replay 128x) "
				 "and re-profile to see if ms/token drops.\n", "single-experiment"));
	assert_false(passes_in(b, "Next experiment: wrap one decode step in a CUDA graph (or capture once, try "
				  "torch.compile) and re-profile.\n", "single-experiment"));
	/* An aside that holds every kind named is the experiment: two left
	 * open there are two. */
	assert_false(passes_in(b, "Next experiment: cut launch overhead - CUDA graphs or torch.compile, whichever is "
				  "less painful - and compare ms/token.\n", "single-experiment"));
	assert_true(passes_in(b, "Next experiment: cut launch overhead - capture the decode step as one CUDA graph - "
				 "and compare ms/token.\n", "single-experiment"));
	/* "by"/"via" gives the means of the change: one experiment. */
	assert_true(passes_in(b, "Next experiment: take the decode loop out of Python by capturing a step in a CUDA "
				 "graph, then compare ms/token.\n", "single-experiment"));
	assert_false(passes_in(b, "Next experiment: take the decode loop out of Python, and capture a step in a CUDA "
				  "graph, then compare ms/token.\n", "single-experiment"));
	const char *four = "2) Contrast\n\n- A: matmul is real math, 18 calls of 2 ms.\n- B: matmul is 240 tiny "
			   "launches.\n- A is GPU-bound; B is host-bound.\n- Fused attention is wrong: no attention op.\n";
	const char *three = "2) Contrast\n\n- A: matmul is real math, 18 calls of 2 ms.\n- B: matmul is 240 tiny "
			    "launches.\n- Fused attention is wrong: no attention op.\n";
	assert_true(passes_in(b, four, "contrast-bullets"));
	assert_false(passes_in(b, three, "contrast-bullets"));
	/* Two lists of two under other headings are not four bullets. */
	assert_false(passes_in(b, "Next experiment: capture a CUDA graph.\n\nHypotheses:\n1. dtype casts\n2. host/device "
				  "movement\n\nExperiments:\n1. record_shapes\n2. nsys trace\n", "contrast-bullets"));
	/* Blank lines between the items keep one list. */
	assert_true(passes_in(b, "2) Contrast\n\n- A: matmul is real math, 18 calls of 2 ms.\n\n- B: matmul is 240 tiny "
				 "launches.\n\n- A is GPU-bound; B is host-bound.\n\n- Fused attention is wrong: no attention "
				 "op.\n", "contrast-bullets"));
	/* A form whose line breaks were lost: the items inline after the
	 * heading; and an answer mark alone ("A2:") is no item. */
	assert_true(passes_in(b, "Next experiment: capture a CUDA graph. Contrast with Part A: - A: matmul is real "
				 "math (18 calls, ~2 ms) - B: matmul is 240 tiny launches - A is GPU-bound, B host-bound "
				 "- Fused attention is wrong: no attention op\n", "contrast-bullets"));
	assert_false(passes_in(b, "Next experiment: capture a CUDA graph. Contrast with Part A: - A: matmul is real "
				  "math - B: matmul is 240 tiny launches - Fused attention is wrong\n", "contrast-bullets"));
	assert_true(passes_in(b, "Q2: Contrast with Part A in four bullets.\nA2:\n- A: real math, 18 calls of 2 ms.\n"
				 "- B: 240 tiny launches.\n- A is GPU-bound; B is host-bound.\n- Fused attention is wrong: "
				 "no attention op.\n", "contrast-bullets"));
	/* Bullets after a numbered list are another list; a list numbered
	 * "1." on every item (markdown renders it 1-4) is one list. */
	assert_true(passes_in(b, "Hypotheses:\n1. GEMM-bound (p=0.6)\n2. Python overhead (p=0.3)\n3. copies (p=0.1)\n"
				 "Going with #1.\n\n- A: matmul is real math, 18 calls of 2 ms.\n- B: matmul is 240 tiny "
				 "launches.\n- A is GPU-bound; B is host-bound.\n- Fused attention is wrong: no attention "
				 "op.\n", "contrast-bullets"));
	assert_true(passes_in(b, "Contrast:\n1. A: matmul is real math, 18 calls of 2 ms.\n\n1. B: matmul is 240 tiny "
				 "launches.\n\n1. A is GPU-bound; B is host-bound.\n\n1. Fused attention is wrong: no "
				 "attention op.\n", "contrast-bullets"));
	gr_exercise_free(b);
	assert_false(passes("Next experiment: it depends - could be a record_shapes profile, or reloading in bf16, "
			    "or grepping for .cpu() calls.\n", "single-experiment"));
	assert_true(passes("Next experiment: re-profile with record_shapes=True to find who calls to().\n",
			   "single-experiment"));
}

/* Right words in the wrong role: a copy named only in the why of another
 * change ("bump batch to 8 so the copy cost is amortised") is not the
 * experiment; what a teammate "said" is theirs; "Why not fused attention:"
 * heads reasons; and in Part B what a field says of Part A is contrast. */
static void test_rule_roles_of_words(void **state)
{
	(void)state;
	struct gr_exercise *c = load_exercise("part-c"), *b = load_exercise("part-b");
	assert_false(passes_in(c, "Next experiment: bump batch to 8 so the copy cost gets amortised, since it is "
				  "probably fp32->bf16 casts anyway.\n", "movement-experiment"));
	assert_true(passes_in(c, "Next experiment: re-profile with record_shapes=True to see which dtypes go "
				 "into copy_.\n", "movement-experiment"));
	assert_false(passes_in(c, "Next experiment: re-profile, because the copies are probably fp32 casts.\n",
			       "movement-experiment"));
	char buf[1024];
	after_lead(buf, "My lab partner said we should write a fused Triton attention kernel.\n");
	assert_true(passes(buf, "no-custom-attention"));
	after_lead(buf, "I said we should write a fused Triton attention kernel now.\n");
	assert_false(passes(buf, "no-custom-attention"));
	/* A teammate's idea stays theirs when the next sentence says "I don't
	 * agree"; "I agree" makes it the learner's. */
	assert_false(passes_in(c, "Next experiment: Tom said to group copy_ by dtype with record_shapes. I don't agree, "
				  "the copies are normal. So next experiment is swapping SDPA for FlashAttention-3.\n",
			       "no-flash-attention"));
	assert_false(passes_in(c, "Next experiment: Tom said to group copy_ by dtype with record_shapes. I don't agree, "
				  "the copies are normal. So next experiment is swapping SDPA for FlashAttention-3.\n",
			       "movement-experiment"));
	assert_true(passes_in(c, "Next experiment: Tom said to group copy_ by dtype with record_shapes. I agree, "
				 "so that is the experiment.\n", "movement-experiment"));
	/* A verb with no subject after punctuation is the learner's own. */
	assert_true(passes_in(c, "Next experiment: one more profile run, grouped by input shape - want to know if "
				 "copy_ is fp32->bf16 casts or H2D of the weights. Flash attn is 2.4 ms, not worth it.\n",
			      "movement-experiment"));
	/* "is being moved or cast" describes a hypothesis: the participles
	 * propose nothing, so one experiment stays one. */
	assert_true(passes_in(c, "Next experiment: re-profile with record_shapes=True and read the dtype and device of "
				 "each copy_. My hypothesis is that the weights are being moved or cast on every step.\n",
			      "single-experiment"));
	assert_false(passes_in(c, "Next experiment: re-profile with record_shapes=True and read the dtype and device of "
				  "each copy_, or cast the weights to bf16 at load.\n",
			       "single-experiment"));
	const char *why = "Top CPU / orchestration cost: Python decode loop 38 ms, the GPU idles between ~720 launches.\n"
			  "Next experiment: capture one decode step in a CUDA graph and compare ms/token.\n"
			  "- Why not fused attention: there is no attention op in this table, and the time is "
			  "launch overhead and Python, not kernel math.\n";
	assert_true(passes_in(b, why, "fused-attention-wrong"));
	const char *aside_a = "Top CUDA time: aten::matmul, 6.1 ms over 240 calls. Part A was compute-bound; "
			      "here it is the cost of launching tiny kernels.\n"
			      "Top CPU / orchestration cost: Python decode loop 38 ms: overhead-bound, the GPU waits.\n";
	const char *blame = "Top CUDA time: aten::matmul, 6.1 ms over 240 calls. This decode is compute-bound; "
			    "here it is the cost of launching tiny kernels.\n"
			    "Top CPU / orchestration cost: Python decode loop 38 ms: overhead-bound, the GPU waits.\n";
	assert_true(passes_in(b, aside_a, "overhead-bound"));
	assert_false(passes_in(b, blame, "overhead-bound"));
	gr_exercise_free(c);
	gr_exercise_free(b);
}

/* "before": what a field leads with. A plan that opens with the copies
 * and then adds torch.compile leads with them (the pile is single-
 * experiment's business); one that opens with torch.compile does not, and
 * attention work anywhere is the trap. */
static void test_rule_what_a_field_leads_with(void **state)
{
	(void)state;
	assert_true(passes("Next experiment: re-profile with record_shapes=True to see who calls to(), then also "
			   "try torch.compile.\n", "movement-first"));
	assert_false(passes("Next experiment: re-profile with record_shapes=True to see who calls to(), then also "
			    "try torch.compile.\n", "single-experiment"));
	assert_false(passes("Next experiment: try torch.compile, then re-profile with record_shapes=True to see who "
			    "calls to().\n", "movement-first"));
	assert_false(passes("Next experiment: re-profile with record_shapes=True to see who calls to(), then swap in "
			    "FlashAttention-3.\n", "movement-first"));
}

/* "lines": two tests, each on its line with what would reject it, are an
 * experiment per hypothesis even when the hypotheses share a mechanism; a
 * vague test, or one line testing everything, is not. */
static void test_rule_a_test_per_line(void **state)
{
	(void)state;
	const char *two = "Hypotheses:\nH1: the weights are fp32 and cast to bf16 each forward.\n"
			  "H2: the parameters are stored as float32 and converted to bfloat16 on every pass.\n\n"
			  "Experiments:\nH1: print the parameter dtypes; float32 confirms, bf16 rejects.\n"
			  "H2: check torch_dtype in the config; if bfloat16, H2 is wrong.\n";
	assert_true(passes(two, "hypothesis-experiments"));
	assert_false(passes(two, "copy-hypotheses")); /* the same mechanism twice */
	assert_false(passes("Hypotheses:\nH1: fp32 weights cast to bf16.\nH2: float32 parameters converted.\n\n"
			    "Experiments:\n1. re-profile and see.\n2. look at the table again.\n",
			    "hypothesis-experiments"));
	assert_false(passes("Hypotheses:\nH1: fp32 weights cast to bf16.\nH2: float32 parameters converted.\n\n"
			    "Experiments:\nprint the dtypes: float32 confirms both, bf16 rejects both.\n",
			    "hypothesis-experiments"));
}

/* A report in Spanish or Portuguese is read for its meaning too: its
 * function words make a claim, not a keyword list, and its "not yet" and
 * judgements are cues. */
static void test_rule_other_languages(void **state)
{
	(void)state;
	const char *es = "Workload: LLM, prompt de 4096 tokens, bf16, batch 1\nHardware: L4\n"
			 "Top CUDA time: matmul (38.4 ms) y flash attention (31.7 ms). Pero copy_ (19.6) + to (15.1) "
			 "\xE2\x89\x88 35 ms son solo movimiento de datos, 2.8 GiB, y eso huele mal.\n"
			 "Top CPU / orchestration cost: tokenizer.encode, 22 ms en CPU, se suma al time-to-first-token.\n"
			 "Next experiment: volver a perfilar con record_shapes=True y mirar qui\xC3\xA9n llama a aten::to.\n\n"
			 "Lo que no optimizar\xC3\xAD" "a todav\xC3\xAD" "a: aten::slice, porque son 1.4 ms.\n";
	assert_true(passes(es, "math-vs-movement"));
	assert_true(passes(es, "not-yet"));
	const char *pt = "Workload: LLM, bf16\nHardware: L4\nTop CUDA time: matmul 38.4 ms\n"
			 "Top CPU / orchestration cost: tokenizer 22 ms\nNext experiment: record_shapes=True\n\n"
			 "Ainda n\xC3\xA3o otimizaria o kernel de aten\xC3\xA7\xC3\xA3o: j\xC3\xA1 \xC3\xA9 flash, "
			 "porque as c\xC3\xB3pias ainda n\xC3\xA3o t\xC3\xAAm explica\xC3\xA7\xC3\xA3o.\n";
	assert_true(passes(pt, "not-yet"));
	assert_true(passes(pt, "no-custom-attention"));
}

/* Answers written as engineers write them: JSON keys, decimal commas, a
 * share as a division, a follow-up that depends on the result, a guess
 * between causes, a choice after weighing options, arithmetic as a claim. */
static void test_rule_engineers_notation(void **state)
{
	(void)state;
	struct gr_exercise *c = load_exercise("part-c");
	const char *json = "```json\n{\n  \"Workload\": \"7B decode, batch 1\",\n  \"Hardware\": \"H100\",\n"
			   "  \"Top CUDA time\": \"aten::copy_, 0.61 of CUDA time\",\n"
			   "  \"Top CPU / orchestration cost\": \"Python decode loop 11 ms\",\n"
			   "  \"Next experiment\": \"load the checkpoint in bf16 and re-profile\"\n}\n```\n";
	assert_true(passes_in(c, json, "field-names"));
	assert_true(passes_in(c, json, "copy-share"));
	assert_true(passes_in(c, "Top CUDA time: aten::copy_ with 61,0 % of CUDA time\n", "copy-share"));
	assert_true(passes_in(c, "Top CUDA time: aten::copy_ - 24.4 / 40.0 ms of CUDA\n", "copy-share"));
	assert_false(passes_in(c, "Top CUDA time: aten::copy_ - 24.4 / 26.1 ms\n", "copy-share"));
	/* two bare numbers, the second the table's CUDA total: a share of it */
	assert_true(passes_in(c, "Top CUDA time: aten::copy_ 24.4/40\n", "copy-share"));
	assert_false(passes_in(c, "Top CUDA time: aten::copy_ 24.4/26\n", "copy-share"));
	/* A share of the host's time is no share of CUDA time. */
	assert_false(passes_in(c, "Top CUDA time: aten::copy_ - 61% of CPU time\n", "copy-share"));
	assert_false(passes_in(c, "Top CUDA time: aten::copy_, which is 61% of the step's CPU time\n", "copy-share"));
	assert_false(passes_in(c, "Top CUDA time: aten::copy_, 61 % of the total host time\n", "copy-share"));
	assert_true(passes_in(c, "Top CUDA time: aten::copy_ - 61% of CUDA time\n", "copy-share"));
	/* A proposal does not reach over a negation to its object. */
	assert_true(passes_in(c, "Next experiment: Not FlashAttention. Attention is 6% of CUDA time, so whatever we try "
				 "next must not be attention work.\n", "no-flash-attention"));
	/* "attn" is attention. */
	assert_false(passes("Next experiment: write a fused attn kernel in Triton and re-profile.\n",
			    "no-custom-attention"));
	assert_false(passes_in(c, "Next experiment: swap sdpa for flash_attn_2 and re-profile.\n", "no-flash-attention"));
	struct gr_exercise *b = load_exercise("part-b");
	assert_true(passes_in(b, "- no attn op in B's table -> nothing for fused attn to replace\n"
				 "- B's cost is launches + Python, not kernel math\n", "fused-attention-wrong"));
	assert_true(passes_in(b, "- A fused attention kernel makes no sense: there isn't even an attention op in this "
				 "table, and the time is launches and Python.\n", "fused-attention-wrong"));
	/* "- **A vs B:** ..." among labelled bullets is one of them, not the
	 * heading of the contrast (round 129) */
	assert_true(passes_in(b, "Next experiment: batch 8 requests and measure ms/token\n\n"
				 "- **A:** matmul on top = compute, 18 calls x ~2 ms\n"
				 "- **B:** matmul on top = overhead, 240 calls x ~25 us\n"
				 "- **A vs B:** in A the GPU was busy; in B it waits for Python\n"
				 "- **Fused attention:** wrong here, no attention op in the table\n",
			      "contrast-bullets"));
	/* A contrast table's row is no field: "| fix | remove copies | ... |"
	 * is no second Next experiment (round 125). */
	assert_true(passes_in(b, "Next step: torch.compile reduce-overhead on the decode step, compare ms/tok\n\n"
				 "| | Part A | Part B |\n|---|---|---|\n| fix | remove copies | fewer launches |\n",
			      "single-experiment"));
	/* A measurement named by its tool is an experiment. */
	assert_true(passes_in(b, "Next experiment: take an nsys timeline of the decode loop to confirm the GPU idles "
				 "between launches.\n", "single-experiment"));
	gr_exercise_free(b);
	assert_true(passes_in(c, "Next experiment: print the parameter dtypes. If so, load with "
				 "torch_dtype=bfloat16 and re-profile.\n", "single-experiment"));
	/* "dig into" is an action: a vague experiment is still one. */
	assert_true(passes_in(c, "Next experiment: dig into aten::copy_ to understand why it's taking so long, and "
				 "optimize it so it stops dominating the step.\n", "single-experiment"));
	/* A step acting on what the one before found ("move those tensors") is part of it. */
	assert_true(passes_in(c, "Next experiment: find the .to(\"cuda\") inside the decode loop, move those tensors "
				 "to the GPU once before the loop, re-profile, and watch whether copy_ drops.\n",
			      "single-experiment"));
	assert_false(passes_in(c, "Next experiment: find the .to(\"cuda\") inside the decode loop, move the KV cache "
				  "to bf16, and try torch.compile.\n", "single-experiment"));
	assert_true(passes_in(c, "Next experiment: rerun the profiler with record_shapes=True. My guess: it's either "
				 "fp32 weights being cast every step, or an offload to the CPU.\n", "single-experiment"));
	assert_false(passes_in(c, "Next experiment: either rerun the profiler with record_shapes=True or try "
				  "torch.compile.\n", "single-experiment"));
	assert_true(passes_in(c, "Next experiment: torch.profiler with record_shapes=True -> which dtype/device "
				 "pairs the copies go between\n", "movement-experiment"));
	gr_exercise_free(c);
	assert_true(passes("Next experiment: could check the model dtype, could try torch.compile... but if I "
			   "have to pick one: re-run the profiler with record_shapes=True and see who calls aten::to.\n",
			   "single-experiment"));
	assert_true(passes("Next experiment: torch.compile crossed my mind, but I think I'd start by re-running the "
			   "profiler with record_shapes=True and with_stack=True to see where the to() calls come from.\n",
			   "movement-first"));
	assert_true(passes("Next experiment: I went back and forth between trying torch.compile and just profiling "
			   "deeper, but if I can only do one, it's a record_shapes=True / with_stack=True profile "
			   "focused on aten::to.\n", "movement-first"));
	/* "the profiler run" names an option above: both stay, the choice is kept in them. */
	assert_true(passes("Next experiment: I went back and forth between checking the parameter dtypes and a "
			   "profiler run with record_shapes + with_stack, but if I can only do one I'll do the profiler "
			   "run, because it shows the dtypes and the call sites for aten::to.\n", "movement-first"));
	/* a change the look's result decides: "check X and if it's fp32, load ..." is one */
	struct gr_exercise *pc = load_exercise("part-c");
	assert_true(passes_in(pc, "Workload: 7B decode\nHardware: A100\nTop CUDA time: aten::copy_ 61%\n"
				  "Top CPU / orchestration cost: Python loop 11 ms\nNext experiment: check the weight dtype and "
				  "if it's fp32, load the model with torch_dtype=torch.bfloat16 and re-profile the same step\n",
			      "single-experiment"));
	gr_exercise_free(pc);
	struct gr_exercise *pb = load_exercise("part-b");
	assert_true(passes_in(pb, "Next experiment: torch.compile or batching could both help, but if I only get one "
				  "run: capture the decode step as a CUDA graph and compare ms/token against eager.\n",
			      "single-experiment"));
	assert_true(passes_in(pb, "Next experiment: I went back and forth between torch.compile and raw CUDA graphs. "
				  "I'm going with capturing the decode step as a CUDA graph, because it attacks the "
				  "launches.\n", "single-experiment"));
	gr_exercise_free(pb);
	assert_true(passes("Top CUDA time: aten::matmul 38.4 ms + flash SDPA 31.7 ms \xE2\x89\x88 70 ms of actual "
			   "model math (prefill GEMMs + attn). copy_ 19.6 + to 15.1 \xE2\x89\x88 35 ms is data movement, "
			   "2.8 GiB, not math, likely avoidable.\n", "math-vs-movement"));
}

/* A topic carried over two sentences still counts as near; a deferral's
 * reach ends at the main clause's own subject ("Before rerunning I'd
 * wrap ..."); a condition in the clause before makes an action contingent. */
static void test_rule_reach_of_topics_and_cues(void **state)
{
	(void)state;
	char buf[1024];
	after_lead(buf, "The tokenizer is another interesting one. It shows 0 ms CUDA but runs on the CPU first. "
		 "The request can't start prefill until then, so those 22 ms land in time-to-first-token.\n");
	assert_true(passes(buf, "tokenizer-latency"));
	after_lead(buf, "The tokenizer is another interesting one. It shows 0 ms CUDA. The matmuls are fine. "
		 "The attention kernel is fine. Time-to-first-token is what users see.\n");
	assert_false(passes(buf, "tokenizer-latency"));
	struct gr_exercise *st = load_exercise("stretch"), *c = load_exercise("part-c");
	assert_true(passes_in(st, "Before rerunning I'd wrap four regions with torch.profiler.record_function.\n",
			      "ranges-api"));
	/* Every item of a list is near its introduction ("I'd add NVTX ranges:"),
	 * however far down the list it sits; a suspect left out is left out. */
	const char *intro = "I'd add NVTX ranges:\n\n- one around the tokenization (22 ms of CPU)\n- one around the "
			    ".to() / copy stuff (2.8 GiB)\n- one around the prefill\n- one around each decode step\n";
	assert_true(passes_in(st, intro, "ranges-cover-suspects"));
	assert_false(passes_in(st, "I'd add NVTX ranges:\n\n- one around the .to() / copy stuff\n- one around the "
				   "prefill\n\nWould NOT bother ranging the tokenizer, it's 0 ms CUDA.\n",
			       "ranges-cover-suspects"));
	assert_false(passes_in(st, "Avoid record_function for now.\n", "ranges-api"));
	/* emit_nvtx() inserts no range of the learner's. */
	assert_false(passes_in(st, "Run under torch.autograd.profiler.emit_nvtx() and nsys: every aten op becomes a "
				   "range, `aten::copy_`, `aten::to`, `aten::matmul`.\n", "ranges-api"));
	/* A mark is an instant, not a range; a typo of record_function is still it. */
	assert_false(passes_in(st, "I'd drop markers with torch.cuda.nvtx.mark(\"tokenize\") and "
				   "torch.cuda.nvtx.mark(\"prefill\") at each phase boundary.\n", "ranges-api"));
	assert_true(passes_in(st, "Ranges i would add (torch.profiler.record_fucntion, used with `with`): \"tokenize\", "
				  "\"h2d\", \"prefill\".\n", "ranges-api"));
	/* A suspect the learner will not range is left out, however it is said. */
	assert_false(passes_in(st, "I will use torch.profiler.record_function:\n- \"tokenize\" around tokenizer.encode\n"
				   "- \"h2d_copy\" around the input_ids.to(device)\n- \"bf16_cast\" where the model does "
				   ".to(bfloat16)\n\nFor the model forward I dont put range, the table already shows matmul.\n",
			       "ranges-cover-suspects"));
	assert_false(passes_in(st, "Ranges with nvtx.annotate: `tokenize`, `prefill`, `decode_step`. The copy_/to calls "
				   "happen inside the forward, so no need for a separate range.\n", "ranges-cover-suspects"));
	assert_false(passes_in(st, "Ranges (record_function): `tokenize` around tokenizer.encode, `prefill` for the "
				   "prompt's forward, `decode_step` for each step.\n\nI didn't add a separate range for the "
				   "copies: copy_ and to will show up under `prefill` anyway.\n", "ranges-cover-suspects"));
	/* "ranges on them add nothing" leaves those suspects out. */
	assert_false(passes_in(st, "tokenizer.encode and aten::copy_ are already rows in the table, so ranges on them add "
				   "nothing new. I'd only add record_function(\"prefill\") and "
				   "record_function(\"decode_step\").\n", "ranges-cover-suspects"));
	assert_true(passes_in(c, "Next experiment: re-profile with record_shapes=True to see copy_ src/dst dtypes, and "
				 "if it's fp32 on the weights, load the checkpoint in bf16 instead\n", "single-experiment"));
	/* What follows the colon of a yes/no question is how it is answered. */
	assert_true(passes_in(c, "Next experiment: check whether the copies are dtype casts: reload with "
				 "torch_dtype=bfloat16, re-profile and compare copy_.\n", "single-experiment"));
	assert_false(passes_in(c, "Next experiment: check the dtypes of copy_: reload in bf16, and also pin the KV "
				  "cache in host memory.\n", "single-experiment"));
	/* A list of names is the stretch's answer; a teammate's names are not the learner's. */
	assert_true(passes_in(st, "record_function ranges: `tokenize`, `h2d_copy`, `cast_bf16`, `prefill`, "
				  "`decode_step` - tokenizer 22ms CPU, copy_/to 2.8 GiB, forward split prefill vs decode.\n",
			      "ranges-named"));
	/* ... names in double quotes too, with what they wrap on the next line. */
	assert_true(passes_in(st, "record_function ranges: \"tokenize\", \"h2d\", \"cast\", \"prefill\", \"decode_step\"\n"
				  "(tokenizer.encode / input .to(cuda) / dtype .to() sites / prompt forward / each "
				  "generated token)\n",
			      "ranges-cover-suspects"));
	assert_true(passes_in(st, "NVTX ranges with torch.cuda.nvtx.range:\n\n- **tokenize** - tokenizer.encode\n"
				  "- **h2d_copy** - the .to() calls\n- **prefill** - the prompt's forward\n",
			      "ranges-named"));
	assert_true(passes_in(st, "RANGES (record_function):\ntokenize      - tokenizer.encode(prompt)\n"
				  "h2d           - input_ids .to(\"cuda\")\nprefill       - the prompt's forward\n",
			      "ranges-named"));
	assert_true(passes_in(st, "record_function ranges:\ntokenize / prefill / decode_step\n", "ranges-named"));
	assert_true(passes_in(st, "nvtx: tokenize / h2d / prefill / decode\n\n(h2d = all the .to()/copy_ sites)\n",
			      "ranges-named"));
	assert_true(passes_in(st, "nvtx ranges: tokenize / h2d / prefill / decode\n\nthen nsys again\n",
			      "ranges-named"));
	assert_false(passes_in(st, "Where: tokenize around the tokenizer.\nExpect: a 22 ms gap.\nWhy: TTFT.\n",
			       "ranges-named"));
	assert_false(passes_in(st, "Priya suggested record_function ranges called \"tokenize\", \"h2d\", \"prefill\" "
				   "and \"decode_step\". I disagree: one synchronize() timer around generate is enough.\n",
			       "ranges-named"));
	/* a line that introduces a list starts a sentence: the joke's "don't"
	 * above it negates nothing in it (round 128) */
	assert_true(passes_in(st, "copy_ said \"i'm in this photo and i don't like it\"\n"
				  "ranges w torch.profiler.record_function:\n- \"h2d\"\n- \"cast\"\n- \"prefill\"\n",
			      "ranges-api"));
	gr_exercise_free(st);
	gr_exercise_free(c);
}

/* In a code block a statement is covered by the ranges that enclose it
 * (a "with" block, a push not yet popped), not by the nearest line. */
static void test_rule_code_ranges_enclose(void **state)
{
	(void)state;
	struct gr_exercise *ex = load_exercise("stretch");
	const char *inside = "I'd add record_function ranges:\n\n```python\n"
			     "with torch.profiler.record_function(\"tokenize\"):\n    ids = tok(prompt).input_ids\n"
			     "with torch.profiler.record_function(\"h2d_inputs\"):\n    ids = ids.cuda()\n"
			     "with torch.profiler.record_function(\"generate\"):\n    out = model.generate(ids)\n```\n";
	const char *outside = "I'd add record_function ranges:\n\n```python\n"
			      "with torch.profiler.record_function(\"tokenize\"):\n    ids = tok(prompt).input_ids\n"
			      "ids = ids.cuda()\n\n"
			      "with torch.profiler.record_function(\"generate\"):\n    out = model.generate(ids)\n```\n";
	const char *popped = "```python\ntorch.cuda.nvtx.range_push(\"tokenize\")\nids = tok(prompt).input_ids\n"
			     "torch.cuda.nvtx.range_pop()\nids = ids.cuda()\n"
			     "torch.cuda.nvtx.range_push(\"prefill\")\nout = model(ids)\ntorch.cuda.nvtx.range_pop()\n```\n";
	assert_true(passes_in(ex, inside, "ranges-cover-suspects"));
	assert_false(passes_in(ex, outside, "ranges-cover-suspects"));
	assert_false(passes_in(ex, popped, "ranges-cover-suspects"));
	/* Quoted words are range names only in an answer about ranges. */
	const char *fixes = "The tokenizer.encode is 22 ms: use the fast one. The copy_ and to rows are casts; "
			    "drop the .float(). Then torch.compile(mode=\"reduce-overhead\") for the decode, "
			    "\"max-autotune\" for the prefill forward, \"default\" otherwise.\n";
	assert_false(passes_in(ex, fixes, "ranges-cover-suspects"));
	assert_false(passes_in(ex, fixes, "ranges-named"));
	const char *timers = "I'd time three sections with torch.cuda.synchronize() around each: \"tokenize\" "
			     "(tokenizer.encode), \"h2d_copy\" (the .cuda() copies) and \"forward\" (the model "
			     "forward).\n";
	assert_true(passes_in(ex, timers, "ranges-named"));
	/* Names given with what they wrap are an answer, not keyword stuffing. */
	const char *terse = "record_function ranges: `tokenize` (tokenizer.encode), `to_device` (every .to()/copy "
			    "site, the 54 copy_/to calls), `prefill`, `decode_step`.\n";
	assert_true(passes_in(ex, terse, "ranges-cover-suspects"));
	assert_false(passes_in(ex, "Ranges: `tokenize`, `prefill`, `decode_step` with record_function. I'm not adding "
				   "a separate range for the copies.\n", "ranges-cover-suspects"));
	gr_exercise_free(ex);
}

/* Round 94 (hedgers): a rejection taken back restores what it rejected; a
 * bare "Drop it." after a proposal takes the proposal back; a range added
 * only if a condition holds later is not covered now. */
static void test_rule_retracted_rejections(void **state)
{
	(void)state;
	struct gr_exercise *ex = load_exercise("stretch");
	const char *tail = "\n\nrecord_function ranges:\n* \"move_inputs\" (input_ids -> cuda)\n"
			   "* \"cast_weights\" (the 2.8 GiB copy_/to)\n* \"prefill\"\n* \"decode_step\"\n";
	char text[1024];
	snprintf(text, sizeof(text), "I'd skip the tokenizer, it's CPU only... actually no, that's wrong: it runs "
		 "before the first kernel, so it is on the TTFT path. Keep it.\n\n* \"tokenize\"%s", tail);
	assert_true(passes_in(ex, text, "ranges-cover-suspects"));
	snprintf(text, sizeof(text), "I'd skip the tokenizer, it's CPU only.\n\n%s", tail);
	assert_false(passes_in(ex, text, "ranges-cover-suspects"));
	assert_false(passes_in(ex, "Ranges with record_function:\n\n- \"tokenize\" - wait, actually no, "
				   "tokenizer.encode runs before the profiler window starts. Drop it.\n"
				   "- \"h2d_inputs\"\n- \"cast_to_bf16\" (the 2.8 GiB copy_/to)\n- \"prefill\"\n"
				   "- \"decode_step\"\n", "ranges-cover-suspects"));
	assert_false(passes_in(ex, "Ranges (torch.cuda.nvtx.range_push / range_pop):\n\n  tokenize -> "
				   "tokenizer.encode\n  h2d_inputs -> input_ids .to(\"cuda\")\n  cast_bf16 -> the "
				   ".to(dtype) behind copy_\n\nIf h2d_inputs and cast_bf16 are under 5 ms, I'd revisit "
				   "and add prefill/decode ranges.\n", "ranges-cover-suspects"));
	gr_exercise_free(ex);
}

static void test_rule_scope_is_the_field(void **state)
{
	(void)state;
	/* Attention work in the not-yet answer is deferred, not proposed. */
	const char *r = "Next experiment: re-profile with with_stack=True to find who calls aten::to.\n\n"
			"3. Not yet: optimizing the attention kernel, it is already flash and real math.\n";
	assert_true(passes(r, "movement-first"));
	assert_true(passes(r, "not-yet"));
	assert_false(passes("Next experiment: swap in FlashAttention-3.\n\nHypotheses: casts of copy_\n", "movement-first"));
	/* A kernel to write ahead of the look is a fix, not an investigation (round 117). */
	assert_false(passes("Next experiment: write a fused Triton kernel that does the cast and the copy in one pass, "
			    "to cut copy_+to from 34.7 ms to ~17 ms\n", "movement-first"));
	assert_true(passes("Next experiment: re-profile with record_shapes=True to see who calls aten::to, before anyone "
			   "writes a kernel\n", "movement-first"));
}

static void test_rule_keyword_stuffing_earns_nothing(void **state)
{
	(void)state;
	const char *r = "Top CUDA time: matmul attention flash copy_ to casts copies avoidable movement real math expected "
			"tokenizer TTFT latency record_shapes with_stack dtype device\n";
	assert_false(passes(r, "math-vs-movement"));
	assert_false(passes(r, "tokenizer-latency"));
	/* "240 × ~25 µs": a product and a unit are no keywords. */
	struct gr_exercise *b = load_exercise("part-b");
	assert_true(passes_in(b, "- Part A matmul: real math on a 4096 prefill, 18 \xC3\x97 ~2 ms\n"
				 "- Part B matmul: 240 \xC3\x97 ~25 \xC2\xB5s, tiny GEMMs, launch/dispatch cost\n",
			      "top-cuda-meaning"));
	/* A line labelled "Part A:" is about Part A to its end: its "the GPU
	 * is the bottleneck" blames nothing here (round 120). */
	assert_true(passes_in(b, "Top CPU / orchestration cost: Python decode loop 38 ms, 2.5x all the CUDA time: "
				 "launch overhead, the GPU idles between 720 launches\n"
				 "- Part A: matmul is heavy prefill GEMM, real math, the GPU is the bottleneck.\n",
			      "overhead-bound"));
	gr_exercise_free(b);
	/* Commas inside parentheses annotate; they make no keyword list. */
	assert_true(passes("Top CUDA time: matmul 38.4ms, flash sdpa 31.7ms (math, unavoidable) | copy_ 19.6 + to "
			   "15.1 (movement, 2.8GiB, prob avoidable)\n", "math-vs-movement"));
	assert_false(passes("Top CUDA time: matmul, flash, math, unavoidable, copy_, to, movement, 2.8GiB, avoidable\n",
			    "math-vs-movement"));
	/* A terse note whose last item judges the rest is a claim. */
	const char *note = "Top CUDA time: matmul 38.4 ms, flash attention 31.7 ms -> required compute for the prefill. "
			   "copy_ 19.6 ms + to 15.1 ms, 54 calls each, 2.8 GiB -> data movement, not compute, should "
			   "probably not exist.\n";
	assert_true(passes(note, "math-vs-movement"));
	/* A list whose first item says what it is for is a claim; a label
	 * before a list of keywords is not. */
	assert_true(passes("Next experiment: one torch.profiler run with record_shapes=True, with_stack=True, filtered on "
			   "aten::to / aten::copy_ - get caller, src/dst dtype, device, shape.\n",
			   "movement-first"));
	assert_false(passes("Next experiment: re-profile.\n\nNot yet: attention kernel, slice, tokenizer, because, reason, "
			    "unexplained, real math, glamorous\n",
			    "not-yet"));
	/* ... but two words are one more keyword ("not needed"). */
	assert_false(passes("Top CUDA time: matmul, flash attention, required compute, copy_, to, 2.8 GiB, data "
			    "movement, not needed.\n",
			    "math-vs-movement"));
	/* Two bare lines of four items, no claim between them (round 106). */
	assert_false(passes("Top CPU / orchestration cost: tokenizer.encode, slice, CPU overhead, latency?\n"
			    "Next experiment: record_shapes, with_stack, bf16 loading, Memcpy\n", "movement-first"));
	assert_true(passes("Next experiment: record_shapes, with_stack, bf16 loading, Memcpy\n", "movement-first"));
	/* ... "to" alone between commas is the op, not a function word; and
	 * once two lines are lists, the report's other terse lines are read
	 * strictly (round 109). */
	assert_false(passes("Top CUDA time: matmul, attention, copy_, to\nTop CPU / orchestration cost: tokenizer, copy_, "
			    "to, slice\nNext experiment: profiling / record_shapes / dtype check / Triton?\n",
			    "movement-first"));
	/* What the learner calls keywords is a bag of words by their own
	 * account (round 107), under a label or in a bracket tag. */
	const char *tok = "the tokenizer's 22 ms of CPU time lands in TTFT";
	char text[256];
	snprintf(text, sizeof(text), "Keywords: %s\n", tok);
	assert_false(passes(text, "tokenizer-latency"));
	snprintf(text, sizeof(text), "notes (keywords I think are relevant):\n- %s\n", tok);
	assert_false(passes(text, "tokenizer-latency"));
	snprintf(text, sizeof(text), "Top CPU / orchestration cost: tokenizer.encode [keywords: %s]\n", tok);
	assert_false(passes(text, "tokenizer-latency"));
	snprintf(text, sizeof(text), "Top CPU / orchestration cost: %s (see keywords)\n", tok);
	assert_true(passes(text, "tokenizer-latency"));
	/* A line in Chinese, Japanese or Korean carries its grammar without
	 * spaces: a claim, not a keyword list (round 120). */
	assert_true(passes("Workload: decoder-only LLM, 4096 prompt, 128 output, bf16, batch=1\n"
			   "tokenizer \xE5\x9C\xA8 CPU \xE4\xB8\x8A, GPU \xE8\xA6\x81\xE7\xAD\x89\xE5\xAE\x83, "
			   "\xE6\x89\x80\xE4\xBB\xA5 first token \xE6\x85\xA2 22 ms.\n",
			   "tokenizer-latency"));
	/* Keywords between full stops are a list too (round 115); labelled
	 * fragments each claim something, and a question answered is no list. */
	assert_false(passes("Key points: math vs movement. 2.8 GiB. tokenizer / CPU / latency / TTFT. flash attention. "
			    "bandwidth.\n",
			    "tokenizer-latency"));
	assert_true(passes("Copies: avoidable. Attention: real math. Tokenizer: CPU, still in TTFT. Plan: stacks.\n",
			   "tokenizer-latency"));
	assert_true(passes("Notes. matmul + attention = math. copy_ + to = movement. tokenizer 22 ms = TTFT too.\n",
			   "tokenizer-latency"));
}

static void test_rule_fact_warnings(void **state)
{
	(void)state;
	struct gr_verdict v;
	struct gr_error err = { 0 };
	const char *r = "Top CUDA time: matmul 38.4 ms, copy_ 45 ms, copy_ and to together 34.7 ms (33%).\n";
	assert_int_equal(gr_grade_string(&v, part_a, r, strlen(r), "t.md", &scratch, &err), 0);
	int contradictions = 0;
	for (size_t i = 0; i < v.nwarnings; i++)
		if (strstr(v.warnings[i], "does not match the table")) {
			contradictions++;
			assert_non_null(strstr(v.warnings[i], "'45 ms'"));
		}
	assert_int_equal(contradictions, 1);
	gr_verdict_free(&v);
}

/* A file started for another exercise ("grader new part-b" on its first
 * line) answers that one: nothing in it earns this exercise's points, and
 * the warning says which file to grade. Its own command, or a workbook
 * file that heads this part too, is graded as usual. */
static void test_rule_file_for_another_exercise(void **state)
{
	(void)state;
	const char *body = "Workload: decoder-only LLM, 4096-token prompt, bf16, batch 1\nHardware: L4\n"
			   "Top CUDA time: matmul 38.4 ms and flash attention 31.7 ms are the math\n"
			   "Top CPU / orchestration cost: tokenizer.encode 22 ms, before the first token\n"
			   "Next experiment: re-profile with record_shapes=True and with_stack=True\n";
	char text[1024];
	struct gr_verdict v;
	struct gr_error err = { 0 };
	snprintf(text, sizeof(text), "grader new part-b\n\n%s", body);
	assert_int_equal(gr_grade_string(&v, part_a, text, strlen(text), "t.md", &scratch, &err), 0);
	assert_int_equal(v.score, 0);
	gr_verdict_free(&v);
	assert_int_equal(warnings_holding(part_a, text, "grader grade part-b FILE", "is empty"), 1);
	snprintf(text, sizeof(text), "$ grader grade part-a answers/part-a.md\n%s", body);
	assert_true(passes(text, "report-fields"));
	snprintf(text, sizeof(text), "grader new part-b\n\n## Part A\n%s", body);
	assert_true(passes(text, "report-fields"));
	snprintf(text, sizeof(text), "grader new exercises/part-b.yaml\n%s", body);
	assert_true(passes(text, "report-fields"));
}

static void test_rule_prompt_echo_is_ignored(void **state)
{
	(void)state;
	assert_false(passes("1. Separates model math from avoidable movement.\n", "math-vs-movement"));
}

/* Round 27 (answers inside the pasted prompt): a ticked box that repeats a
 * criterion's title, or a sentence of the grader's own feedback pasted
 * back, earns nothing; the learner's words beside the title still count,
 * and so does a title-like claim with its substance. */
static void test_rule_copied_feedback_is_ignored(void **state)
{
	(void)state;
	struct gr_exercise *st = load_exercise("stretch");
	const char *ticked = "- [x] Names the range mechanism\n"
			     "- [x] At least three ranges, named exactly\n"
			     "- Say how the ranges get into the trace: torch.profiler.record_function(name), "
			     "torch.cuda.nvtx.range_push/range_pop, nvtxRangePushA/nvtxRangePop in C/C++, or an NVTX "
			     "domain.\n"
			     "My plan: add ranges around the slow parts.\n";
	assert_false(passes_in(st, ticked, "ranges-api"));
	assert_false(passes_in(st, ticked, "ranges-named"));
	assert_true(passes_in(st, "- [x] Names the range mechanism: I wrap each part in torch.profiler.record_function"
				  "(\"tokenize\"), record_function(\"cast_dtype\") and record_function(\"prefill\").\n",
			      "ranges-api"));
	/* "grader new stretch" is the command the learner ran, not feedback:
	 * the names quoted after it on its line are the learner's own. */
	const char *named = "I'd add record_function ranges \"tokenize\" around tokenizer.encode, \"h2d_inputs\" "
			    "around the .to(device), \"cast_dtype\" and \"prefill\".\n";
	char text[512];
	snprintf(text, sizeof(text), "grader new stretch - %s", named);
	assert_true(passes_in(st, text, "ranges-named"));
	/* ... while the words a grader is quoted saying are still not. */
	assert_false(passes_in(st, "The grader said \"record_function ranges `tokenize`, `h2d_inputs`, `prefill`\" "
				   "would pass, so there.\n", "ranges-named"));
	gr_exercise_free(st);
	assert_true(passes("Top CPU / orchestration cost: tokenizer CPU time still adds to request latency (22 ms of "
			   "tokenizer.encode before the first token is part of TTFT).\n",
			   "tokenizer-latency"));
}

/* Round 29 (subtly wrong learners): a purpose after the proposal is not a
 * second experiment, nor is a setting named with "in"/"with"; a finding
 * stated before the proposal is not one either, and a sentence opening
 * with "So" proposes; an inferred field takes in the "I'd also ..." that
 * adds to it. Copies called model math, and a tokenizer said not to count
 * toward TTFT, fail their criteria. */
static void test_rule_subtle_slips(void **state)
{
	(void)state;
	struct gr_exercise *c = load_exercise("part-c");
	assert_true(passes("Next experiment: try batch size 8 to amortize the copies across more requests\n",
			   "single-experiment"));
	assert_true(passes("Next experiment: time tokenizer.encode on its own over a batch of prompts.\n",
			   "single-experiment"));
	const char *head = "Workload: 7B decode, bs 1\nHardware: L4\nTop CUDA time: aten::copy_, 61% of CUDA time\n"
			   "Top CPU / orchestration cost: Python decode loop 11 ms\n";
	char text[1024];
	snprintf(text, sizeof(text),
		 "%sNext experiment: dtype is the problem. So next I'd switch the attention backend to FlashAttention-2 "
		 "in bf16 and re-profile.\n",
		 head);
	assert_true(passes_in(c, text, "single-experiment"));
	assert_false(passes_in(c, text, "no-flash-attention"));
	snprintf(text, sizeof(text), "%sNext experiment: switch to FlashAttention-2 and load the weights in bf16.\n", head);
	assert_false(passes_in(c, text, "single-experiment"));
	gr_exercise_free(c);
	/* Part A, no template: the inferred field holds both proposals. */
	assert_false(passes("So my recommendation is to increase the batch size and use continuous batching. I'd also "
			    "look at int8 weight quantization to cut the bytes per token in half.\n",
			    "single-experiment"));
	assert_false(passes("Top CUDA time: matmul 38.4 ms, attention 31.7 ms. copy_ and to are basically model math "
			    "too, a 4096-token prefill has to move activations.\n",
			    "math-vs-movement"));
	assert_true(passes("Top CUDA time: matmul 38.4 ms + flash attention 31.7 ms = model math; copy_ 19.6 + to "
			   "15.1 = movement (2.8 GiB)\n",
			   "math-vs-movement"));
	assert_false(passes("Top CPU / orchestration cost: tokenizer.encode 22 ms. Doesn't count toward TTFT (TTFT "
			    "starts when the model gets the input ids).\n",
			    "tokenizer-latency"));
}

/* A range whose body holds two suspects separates neither: a `prefill`
 * range around tok.encode(...).to("cuda") and the model covers the
 * forward only; one range per suspect covers each. */
static void test_rule_range_swallows_suspects(void **state)
{
	(void)state;
	struct gr_exercise *st = load_exercise("stretch");
	const char *swallow = "Ranges with record_function:\n\n```python\n"
			      "with record_function(\"prefill\"):\n"
			      "    ids = tok.encode(prompt, return_tensors=\"pt\").to(\"cuda\")\n"
			      "    out = model(ids, use_cache=True)\n"
			      "with record_function(\"decode_step\"):\n"
			      "    out = model(nxt, past_key_values=out.past_key_values)\n"
			      "with record_function(\"sample\"):\n"
			      "    nxt = out.logits[:, -1:].argmax(-1)\n```\n";
	assert_false(passes_in(st, swallow, "ranges-cover-suspects"));
	assert_true(passes_in(st, swallow, "ranges-named"));
	const char *apart = "Ranges with record_function:\n\n```python\n"
			    "with record_function(\"encode\"):\n"
			    "    ids = tok.encode(prompt, return_tensors=\"pt\")\n"
			    "with record_function(\"inputs\"):\n"
			    "    ids = ids.to(\"cuda\")\n"
			    "with record_function(\"prefill\"):\n"
			    "    out = model(ids, use_cache=True)\n```\n";
	assert_true(passes_in(st, apart, "ranges-cover-suspects"));
	/* The same code indented four spaces, as markdown writes a block
	 * without fences, is code too. */
	const char *indented = "Ranges with record_function:\n\n"
			       "    with record_function(\"prefill\"):\n"
			       "        ids = tok.encode(prompt, return_tensors=\"pt\").to(\"cuda\")\n"
			       "        out = model(ids, use_cache=True)\n\n"
			       "    with record_function(\"decode_step\"):\n"
			       "        out = model(nxt, past_key_values=out.past_key_values)\n";
	assert_false(passes_in(st, indented, "ranges-cover-suspects"));
	const char *indented_apart = "Ranges with record_function:\n\n"
				     "    with record_function(\"encode\"):\n"
				     "        ids = tok.encode(prompt, return_tensors=\"pt\")\n"
				     "    with record_function(\"inputs\"):\n"
				     "        ids = ids.to(\"cuda\")\n"
				     "    with record_function(\"prefill\"):\n"
				     "        out = model(ids, use_cache=True)\n";
	assert_true(passes_in(st, indented_apart, "ranges-cover-suspects"));
	gr_exercise_free(st);
}

/* Round 30 (plain-language learners): the same ideas in everyday words
 * earn the criteria, and the engine reads what the words do: a tool "told
 * to" keep shapes is instructed, not quoted; "whatever we do" proposes
 * nothing; an aside between dashes describes the proposal; a second look
 * after "also" is a second experiment; "to find out what triggers copy_"
 * names what a run looks at; "61% of all the calls" is no CUDA share. */
static void test_rule_plain_language(void **state)
{
	(void)state;
	struct gr_exercise *b = load_exercise("part-b"), *c = load_exercise("part-c");
	const char *c_head = "Workload: 7B decode, batch 1\nHardware: A100\nTop CUDA time: aten::copy_, 61% of CUDA time\n"
			     "Top CPU / orchestration cost: Python decode loop, 11 ms\n";
	char text[1024];
	snprintf(text, sizeof(text), "%sNext experiment: record the step again with the profiler told to keep array sizes "
		 "(record_shapes=True), then group the copy_ rows by which device they go to.\n", c_head);
	assert_true(passes_in(c, text, "movement-experiment"));
	snprintf(text, sizeof(text), "%sNext experiment: my teammate told me to check the dtypes.\n", c_head);
	assert_false(passes_in(c, text, "movement-experiment"));
	snprintf(text, sizeof(text), "%sNext experiment: definitely NOT FlashAttention. Whatever we do, it shouldn't be "
		 "attention.\n", c_head);
	assert_false(passes_in(c, text, "single-experiment"));
	assert_false(passes_in(c, "Workload: 7B decode\nTop CUDA time: aten::copy_ - it's 61% of all the calls\n",
			       "copy-share"));
	assert_true(passes_in(c, "Workload: 7B decode\nTop CUDA time: aten::copy_ - it's 61% of all the CUDA time\n",
			      "copy-share"));

	const char *b_head = "Workload: batch 1, prompt 32, decode 128\nHardware: L4\nTop CUDA time: matmul 6.1 ms, 240 calls\n"
			     "Top CPU / orchestration cost: Python decode loop, 38 ms\n";
	snprintf(text, sizeof(text), "%sNext experiment: move the loop out of Python - run the 128 steps inside one "
		 "captured graph - and compare ms per token.\n", b_head);
	assert_true(passes_in(b, text, "single-experiment"));
	assert_true(passes_in(b, "Top CPU / orchestration cost: the Python loop, 38 ms, way more than all the graphics "
				 "card time combined; the card waits in between.\n",
			      "overhead-bound"));
	assert_false(passes_in(b, "Top CPU / orchestration cost: aten::copy_, the GPU waits on memory transfer every "
				  "step.\n",
			       "overhead-bound"));
	assert_true(passes_in(b, "- In Part A the matmul was genuine maths at scale, 18 calls of ~2 ms.\n"
				 "- In Part B it is 240 tiny calls, mostly the cost of launching each one.\n",
			      "top-cuda-meaning"));

	assert_false(passes("Workload: LLM\nTop CUDA time: matmul 38.4 ms\nTop CPU / orchestration cost: tok 22 ms\n"
			    "Next experiment: check the dtypes and also check the device transfers.\n",
			    "single-experiment"));
	assert_true(passes("Workload: LLM\nTop CUDA time: matmul 38.4 ms\nNext experiment: profile again recording array "
			   "sizes and the calling code, to find out what's triggering the copy_/to calls\n",
			   "movement-first"));
	assert_true(passes("Top CPU / orchestration cost: turning the text into tokens, 22 ms on the processor; the "
			   "person is waiting, so it's part of the delay before the first word.\n",
			   "tokenizer-latency"));
	gr_exercise_free(b);
	gr_exercise_free(c);
}

/* A Part A report's first four fields, right: the tests add what they are
 * about; PART_A_FIVE adds a right next experiment too. */
#define PART_A_FOUR                                                                                             \
	"Workload: LLM prefill, 4096 tokens, bf16, batch 1\nHardware: L4\nTop CUDA time: matmul 38.4 ms and "   \
	"flash attention 31.7 ms are the math; copy_ and to are movement\nTop CPU / orchestration cost: "      \
	"tokenizer 22 ms on the CPU, before prefill\n"
#define PART_A_FIVE PART_A_FOUR "Next experiment: re-profile with record_shapes=True and with_stack=True.\n"

/* Round 31 (pair work): a partner's draft quoted and crossed out is not
 * the learner's; a partner's idea "which I kept" is. A short look before a
 * colon names the experiment and what follows is how ("check device
 * movement: add with_stack=True and see ..."), unless it introduces a list
 * ("try a few things: A, B and C"); ".to()/cast" is one name; "either the
 * weights are stored in fp32 ..., or they live on the CPU" weighs causes. */
static void test_rule_pair_work(void **state)
{
	(void)state;
	struct gr_exercise *c = load_exercise("part-c");
	const char *a_head = PART_A_FOUR;
	char text[1024];
	snprintf(text, sizeof(text), "%sNext experiment: re-profile with record_shapes=True.\n\n> Partner draft: \"Next "
		 "experiment: write a Triton attention kernel\"\n\nI crossed that out.\n", a_head);
	assert_true(passes(text, "no-custom-attention"));
	snprintf(text, sizeof(text), "%sNext experiment: Tom's idea, which I kept: write a custom attention kernel.\n",
		 a_head);
	assert_false(passes(text, "no-custom-attention"));
	snprintf(text, sizeof(text), "%sNext experiment: re-profile with record_shapes=True. Tom's idea: write a custom "
		 "attention kernel.\n", a_head);
	assert_true(passes(text, "no-custom-attention"));

	const char *c_head = "Workload: 7B decode, batch 1\nHardware: A100\nTop CUDA time: aten::copy_, 61% of CUDA time\n"
			     "Top CPU / orchestration cost: Python decode loop, 11 ms\n";
	snprintf(text, sizeof(text), "%sNext experiment: check device movement: add with_stack=True + record_shapes=True "
		 "and see where the copy_ calls come from.\n", c_head);
	assert_true(passes_in(c, text, "single-experiment"));
	snprintf(text, sizeof(text), "%sNext experiment: I'd check two things: switch the weights to bf16 and pin the "
		 "host memory.\n", c_head);
	assert_false(passes_in(c, text, "single-experiment"));
	snprintf(text, sizeof(text), "%sNext experiment: with_stack=True + record_shapes=True, find which .to()/cast call "
		 "issues the copies.\n", c_head);
	assert_true(passes_in(c, text, "single-experiment"));
	snprintf(text, sizeof(text), "%sNext experiment: re-profile one step with record_shapes=True and group copy_ by "
		 "dtype. So either the weights are stored in fp32 and cast every step, or they live on the CPU; this run "
		 "tells me which.\n", c_head);
	assert_true(passes_in(c, text, "single-experiment"));
	gr_exercise_free(c);
}

/* Decision documents: an option rejected in its own row or item ("| Triton
 * attention | L | rejected |", "- Custom attention kernel - **rejected**:
 * already flash") is not proposed; a test's outcome ("if all bf16:
 * rejected") is no verdict on the row, and a kept option stays proposed.
 * The stretch leaves what sits under "Later / backlog" out of the ranges. */
static void test_rule_decision_docs(void **state)
{
	(void)state;
	const char *head = PART_A_FIVE "\n";
	char text[1024];
	snprintf(text, sizeof(text), "%s## Options\n| # | option | effort | verdict |\n|---|---|---|---|\n"
		 "| 1 | re-profile with shapes | S | chosen |\n| 2 | custom attention kernel | L | rejected |\n", head);
	assert_true(passes(text, "no-custom-attention"));
	snprintf(text, sizeof(text), "%s## Alternatives\n- Custom / Triton attention kernel - **rejected**: attention "
		 "is already flash.\n", head);
	assert_true(passes(text, "no-custom-attention"));
	snprintf(text, sizeof(text), "%s## Options\n| # | option | effort | verdict |\n|---|---|---|---|\n"
		 "| 1 | custom attention kernel | L | chosen |\n| 2 | cast the weights | S | rejected |\n", head);
	assert_false(passes(text, "no-custom-attention"));
	snprintf(text, sizeof(text), "%s## Plan\n- Custom attention kernel - if FA2 is slower: rejected.\n", head);
	assert_false(passes(text, "no-custom-attention"));

	struct gr_exercise *st = load_exercise("stretch");
	const char *now = "Ranges with torch.profiler.record_function:\n- `h2d_copy` around the .to(\"cuda\") of the "
			  "inputs\n- `prefill` around the first forward\n- `decode_step` around each decode step\n";
	snprintf(text, sizeof(text), "%s- `tokenize` around tokenizer.encode\n", now);
	assert_true(passes_in(st, text, "ranges-cover-suspects"));
	snprintf(text, sizeof(text), "%s\n**Later / backlog**\n- `tokenize` range around tokenizer.encode - P3\n", now);
	assert_false(passes_in(st, text, "ranges-cover-suspects"));
	gr_exercise_free(st);
}

/* Options named by label: a field pointing at two labels runs two
 * experiments; an option listed and not picked, or listed after "Considered
 * and rejected:", is not proposed. */
static void test_rule_option_labels(void **state)
{
	(void)state;
	const char *head = PART_A_FOUR;
	const char *opts = "\nOption 1 - re-profile with record_shapes=True and with_stack=True\n"
			   "Option 2 - load the checkpoint in bf16\nOption 3 - custom Triton attention kernel\n";
	char text[1024];
	snprintf(text, sizeof(text), "%sNext experiment: options 1 and 2 together, see below.\n%s", head, opts);
	assert_false(passes(text, "single-experiment"));
	snprintf(text, sizeof(text), "%sNext experiment: (a), then (b) - see the list.\n%s", head, opts);
	assert_false(passes(text, "single-experiment"));
	snprintf(text, sizeof(text), "%sNext experiment: option 1 (see Decision).\n%sDecision: going with Option 1.\n",
		 head, opts);
	assert_true(passes(text, "single-experiment"));
	assert_true(passes(text, "no-custom-attention"));
	snprintf(text, sizeof(text), "%sNext experiment: option 1.\n%s", head, opts);
	assert_false(passes(text, "no-custom-attention")); /* nothing picked: every option stands */
	snprintf(text, sizeof(text), "%sNext experiment: option 3.\n%sDecision: Option 3.\n", head, opts);
	assert_false(passes(text, "no-custom-attention"));
	assert_true(passes_with(part_a, head,
				"Next experiment: re-profile with record_shapes=True.\nOptions: (a) re-profile, (b) cast the "
				"weights, (c) FA2. Pick: (a).\n",
				"no-custom-attention"));
	assert_true(passes_with(part_a, head,
				"Next experiment: re-profile with record_shapes=True.\nConsidered and rejected: a custom "
				"attention kernel.\n",
				"no-custom-attention"));
	assert_false(passes_with(part_a, head,
				"Next experiment: re-profile with record_shapes=True.\nRejected the idea of a "
				"profile; I'll write a custom attention kernel.\n",
				"no-custom-attention"));
}

/* Round 91 (decision matrices): what a list of candidates or a scoring
 * table holds is weighed, not proposed, unless marked as the one chosen or
 * picked by its label; a list the Next experiment points at is its answer. */
static void test_rule_candidate_lists(void **state)
{
	(void)state;
	const char *head = PART_A_FOUR;
	const char *next = "Next experiment: re-profile with record_shapes=True and with_stack=True.\n\n";
	const char *matrix = "| Option | Cost | Info | Risk | Total |\n|---|---|---|---|---|\n"
			     "| A. Re-profile with stacks | 5 | 5 | 5 | 15 %s |\n"
			     "| D. Custom Triton attention kernel | 1 | 1 | 2 | 4 %s |\n";
	char tail[1024], text[2048];
	snprintf(tail, sizeof(tail), matrix, "\xE2\x9C\x85 chosen", "");
	snprintf(text, sizeof(text), "%s%s%s", head, next, tail);
	assert_true(passes(text, "no-custom-attention"));
	snprintf(tail, sizeof(tail), matrix, "", "\xE2\x9C\x85 chosen"); /* the kernel is the row chosen */
	snprintf(text, sizeof(text), "%s%s%s", head, next, tail);
	assert_false(passes(text, "no-custom-attention"));
	snprintf(tail, sizeof(tail), matrix, "", "(not chosen)");
	snprintf(text, sizeof(text), "%s%s%s", head, next, tail);
	assert_true(passes(text, "no-custom-attention"));
	/* A list under "Options considered", pros and cons indented under each. */
	const char *list = "Options considered\n\nA) Re-profile with record_shapes\n   + cheap\n\n"
			   "B) Write our own attention kernel\n   + might win a few ms\n   - large effort\n\n"
			   "Decision: %s\n";
	snprintf(tail, sizeof(tail), list, "option A.");
	snprintf(text, sizeof(text), "%s%s%s", head, next, tail);
	assert_true(passes(text, "no-custom-attention"));
	snprintf(tail, sizeof(tail), list, "option B."); /* picked by its label */
	snprintf(text, sizeof(text), "%s%s%s", head, next, tail);
	assert_false(passes(text, "no-custom-attention"));
	/* "Option C - the kernel" heads one option: what follows is not weighed. */
	assert_false(passes_with(part_a, head,
				 "Next experiment: see Option C.\n\nOption C - the plan\n- write a custom Triton attention kernel\n",
				 "no-custom-attention"));
	/* A list the field points at is the field's answer. */
	assert_false(passes_with(part_a, head,
				 "Next experiment: see below\n\nOptions for next step:\n- re-profile with record_shapes\n"
				 "- custom attention kernel\n- CUDA graphs\n",
				 "single-experiment"));
	/* A verdict in a word longer than eight letters: "not considered". */
	assert_true(passes_with(part_a, head,
				"Next experiment: re-profile with record_shapes=True.\n(custom attention kernel - not "
				"considered, attention already flash)\n",
				"no-custom-attention"));
}

/* Round 92 (footnotes): a note a field's line calls ("[^1]", "[2]", "¹",
 * "†") says more of that field; an aside ("¹ Aside: ...") does not. */
static void test_rule_footnotes(void **state)
{
	(void)state;
	const char *head = PART_A_FOUR;
	assert_false(passes_with(part_a, head,
				 "Next experiment: re-profile with record_shapes=True [^1]\n\n[^1]: In the same run I "
				 "would also capture the decode loop in a CUDA graph.\n",
				 "single-experiment"));
	assert_true(passes_with(part_a, head,
				"Next experiment: re-profile with record_shapes=True [1]\n\n[1] Cf. lecture 3.\n",
				"single-experiment"));
	/* A note and its calling line are one statement, wherever the note
	 * sits (here after the Not yet answer, which does not swallow it);
	 * a list of references cites others' words. */
	const char *tok = "Workload: LLM prefill, 4096 tokens, bf16, batch 1\nHardware: L4\nTop CUDA time: matmul "
			  "38.4 ms and flash attention 31.7 ms are the math; copy_ and to are movement\nTop CPU / "
			  "orchestration cost: tokenizer.encode 22 ms [^1]\nNext experiment: re-profile with "
			  "record_shapes=True.\n\nNot yet: attention, because the copies are unexplained.\n\n%s"
			  "[^1]: CPU-only, but the request cannot start prefill until it finishes, so it adds to "
			  "TTFT.\n";
	char doc[1024];
	snprintf(doc, sizeof(doc), tok, "");
	assert_true(passes_in(part_a, doc, "tokenizer-latency"));
	snprintf(doc, sizeof(doc), tok, "References:\n");
	assert_false(passes_in(part_a, doc, "tokenizer-latency"));
	/* A note that takes its line back: the line proposes nothing. */
	assert_true(passes_with(part_a, head,
				"Next experiment: re-profile with record_shapes=True to see who calls to() [1]\n\n[1] "
				"Cf. lecture 3.\n",
				"movement-first"));
	assert_false(passes_with(part_a, head,
				 "Next experiment: re-profile with record_shapes=True to see who calls to() [2]\n\n[1] "
				 "Cf. lecture 3.\n[2] On second thought, not this: I would try torch.compile instead.\n",
				 "movement-first"));
	struct gr_exercise *c = load_exercise("part-c");
	const char *five = "Workload: 7B decode\nHardware: H100\nTop CUDA time: aten::copy_ (24.4 ms)%s\n"
			   "Top CPU / orchestration cost: Python decode loop 11 ms\nNext experiment: %s\n\n%s\n";
	char text[1024];
	snprintf(text, sizeof(text), five, "\xC2\xB9", "log the dtype and device of each copy_ call.",
		 "\xC2\xB9 24.4 / 40.0 = 61% of CUDA time.");
	assert_true(passes_in(c, text, "copy-share"));
	snprintf(text, sizeof(text), five, "", "log the dtype of each copy_ call.\xE2\x80\xA0",
		 "\xE2\x80\xA0 FlashAttention is out of scope: attention is 2.4 ms.");
	assert_true(passes_in(c, text, "no-flash-attention"));
	snprintf(text, sizeof(text), five, "", "capture the decode step in a CUDA graph.\xC2\xB9",
		 "\xC2\xB9 Aside: dtype, device movement, fp32 to bf16, .to('cuda') - all relevant of course!");
	assert_false(passes_in(c, text, "movement-experiment"));
	gr_exercise_free(c);
}

/* "On second thought" retracts what came before it; its "thought" is no
 * one else's suggestion that would make the rest reported speech. */
static void test_rule_on_second_thought(void **state)
{
	(void)state;
	struct gr_exercise *b = load_exercise("part-b");
	const char *text = "Workload: tiny decode, batch 1\nHardware: L4\nTop CUDA time: matmul 6.1 ms in 240 tiny "
			   "launches\nTop CPU / orchestration cost: Python decode loop 38 ms\nNext experiment: a fused "
			   "attention kernel (on second thought, not this - there is no attention op; instead: capture "
			   "the decode step in a CUDA graph and measure ms/token).\n";
	assert_true(passes_in(b, text, "overhead-experiment"));
	assert_true(passes_in(b, text, "single-experiment"));
	/* Notes "(a)", "(b)" called from a line's end are not bullets of the
	 * answer above them. */
	const char *contrast = "Workload: tiny decode, batch 1\nHardware: L4\nTop CUDA time: matmul 6.1 ms (a)\n"
			       "Top CPU / orchestration cost: Python decode loop 38 ms (b)\nNext experiment: capture "
			       "the decode step in a CUDA graph and measure ms/token.\n\nContrast with Part A\n"
			       "- A: matmul is real math at scale.\n- B: matmul is 240 tiny launches.\n"
			       "- A has copies; B has a Python loop.\n- Fused attention is wrong here: no attention op.\n\n"
			       "(a) About 25 us per call.\n(b) 240 x 3 launches.\n";
	assert_true(passes_in(b, contrast, "contrast-bullets"));
	gr_exercise_free(b);
}

/* A headline before a dash or a colon, then how it is done, is one
 * experiment; a how that adds another ("and separately ...") is two. */
static void test_rule_headline_then_how(void **state)
{
	(void)state;
	const char *head = PART_A_FOUR;
	assert_true(passes_with(part_a, head,
				"Next experiment: keep everything on the GPU in one dtype - load the weights once as bf16 "
				"on cuda and re-profile.\n",
				"single-experiment"));
	assert_true(passes_with(part_a, head,
				"Next experiment: instrument the casts: wrap every .to() in the forward with "
				"record_function to see which module issues them.\n",
				"single-experiment"));
	assert_false(passes_with(part_a, head,
				 "Next experiment: check the conversions - load everything in bf16, and separately put "
				 "the inputs in pinned memory.\n",
				 "single-experiment"));
	assert_false(passes_with(part_a, head,
				 "Next experiment: keep profiling - run the same request a few more times until a "
				 "pattern shows up.\n",
				 "single-experiment"));
}

/* Items numbered inside one line ("#1 ... AND #2 ...", "(2) ...") are
 * separate experiments; a number in a name ("the #2 CUDA op") is not one. */
static void test_rule_inline_numbers(void **state)
{
	(void)state;
	const char *head = PART_A_FOUR;
	assert_false(passes_with(part_a, head,
				 "Next experiment: #1 re-profile with record_shapes and with_stack to find who calls to() "
				 "AND #2 load the model with torch_dtype=bfloat16\n",
				 "single-experiment"));
	assert_false(passes_with(part_a, head,
				 "Next experiment: re-profile with with_stack to find who calls to() and (2) load the "
				 "model in bf16\n",
				 "single-experiment"));
	assert_true(passes_with(part_a, head,
				"Next experiment: find the #2 CUDA op's callers with with_stack=True and record_shapes=True "
				"(2 flags)\n",
				"single-experiment"));
}

/* Round 93 (self-assessors): the prompt's criterion ticked in a self-check
 * or a rubric table earns nothing; the learner's own words in a tick do;
 * "The tokenizer never touches the GPU, but ..." heads no Not yet answer. */
static void test_rule_self_checks(void **state)
{
	(void)state;
	const char *head = PART_A_FIVE;
	assert_false(passes_with(part_a, head,
				 "\nSelf-check:\n\u2705 2. Tokenizer CPU time is outside GPU execution but still affects "
				 "request latency\n",
				 "tokenizer-latency"));
	assert_false(passes_with(part_a, head,
				 "\n| Criterion | Met? |\n|---|---|\n| Tokenizer CPU time is outside GPU execution but "
				 "still affects request latency | yes |\n",
				 "tokenizer-latency"));
	assert_true(passes_with(part_a, head,
				"\nSelf-check:\n\u2705 tokenizer: 22 ms CPU, still in TTFT because it runs before "
				"prefill\n",
				"tokenizer-latency"));
	/* A self-check's ticks head no answer and count for nothing. */
	assert_false(passes_with(part_a, head,
				 "\nSelf-check:\n- [x] five fields\n- [x] math vs movement\n- [x] no custom attention\n"
				 "- [ ] two hypotheses - skipped, ran out of time\n- [ ] not yet - N/A\n",
				 "not-yet"));
	assert_false(passes_with(part_a, head,
				 "\nNot optimize yet: slice.\n\nSelf check:\n| Criterion | Met? |\n|---|---|\n"
				 "| not yet, because copies first | yes |\n",
				 "not-yet"));
	assert_true(passes_with(part_a, head,
				"\nNot optimize yet: slice, it is 1.4 ms of CUDA.\n\nSelf check:\n- [x] not yet\n",
				"not-yet"));
	assert_true(passes_with(part_a, head,
				"\nThe tokenizer never touches the GPU, but it sits in front of prefill, so the user waits "
				"those 22 ms - it is part of TTFT.\n",
				"tokenizer-latency"));
}

/* Round 94 (hedgers): a Next experiment that opens by declining ("not
 * yet.", "not sure yet - depends ...") commits to nothing it muses about;
 * a hedge that goes on to answer, or weighs options after a colon, does. */
static void test_rule_uncommitted(void **state)
{
	(void)state;
	const char *head = PART_A_FOUR;
	assert_false(passes_with(part_a, head,
				 "Next experiment: not yet. I think a re-profile with with_stack=True would probably "
				 "show who calls to(), but I'd rather wait for a real trace.\n",
				 "single-experiment"));
	assert_false(passes_with(part_a, head,
				 "Next experiment: not sure yet - depends on what the bottleneck turns out to be, "
				 "probably more profiling of the copies.\n",
				 "movement-first"));
	assert_true(passes_with(part_a, head,
				"Next experiment: not 100% sure, but I'd re-profile with with_stack=True to find who "
				"calls to() (~70% confident).\n",
				"single-experiment"));
	assert_true(passes_with(part_a, head,
				"Next experiment: it depends - could be a record_shapes/with_stack profile, or reloading "
				"with torch_dtype=torch.bfloat16, or grepping for .to() calls.\n",
				"movement-first"));
}

/* Round 33 (code-first practitioners): labels behind notebook prompts,
 * code as the experiment that will run, a field pointing at the cell
 * below, comments that explain or add, '#' comments in sections. */
static void test_rule_code_first(void **state)
{
	(void)state;
	struct gr_exercise *b = load_exercise("part-b");
	const char *head = "## In [1]: Workload:\nLLM prefill, 4096 tokens, bf16, batch 1\n\n## In [2]: Hardware:\nL4\n\n"
			   "## In [3]: Top CUDA time:\nmatmul 38.4 ms and flash attention 31.7 ms are the math; copy_ and to "
			   "are movement\n\n## In [4]: Top CPU / orchestration cost:\ntokenizer 22 ms, adds to TTFT\n\n";
	char text[1024];
	assert_true(passes_with(part_a, head,
				"## In [5]: Next experiment:\nre-profile with record_shapes=True and "
				"with_stack=True.\n",
				"report-fields"));
	const char *cell = "```python\nwith torch.profiler.profile(record_shapes=True, with_stack=True) as prof:\n"
			   "    model(**inputs)\n";
	snprintf(text, sizeof(text), "%s## In [5]: Next experiment:\nthe cell below\n\n%s```\n", head, cell);
	assert_true(passes(text, "single-experiment"));
	assert_true(passes(text, "movement-first"));
	snprintf(text, sizeof(text), "%s## In [5]: Next experiment:\nthe cell below\n\n%s# and while we're at it: "
		 "a faster tokenizer\ntok = AutoTokenizer.from_pretrained(name, use_fast=True)\n```\n", head, cell);
	assert_false(passes(text, "single-experiment"));

	const char *pb = "Workload: bs=1, decode 128\nTop CUDA time: matmul 6.1 ms over 240 calls\n"
			 "Top CPU / orchestration cost: Python decode loop 38 ms: launch-bound\nNext experiment:\n\n"
			 "```python\nstep = torch.compile(decode_step, mode=\"reduce-overhead\")  # cudagraphs under the hood\n";
	assert_true(passes_with(b, pb,
				"run_decode(step, batch, steps=128)\n```\n",
				"single-experiment"));
	assert_false(passes_with(b, pb,
				"batch = tok(prompts[:4], padding=True)  # bs=4 too\n```\n",
				"single-experiment"));
	gr_exercise_free(b);

	assert_true(passes_with(part_a, head,
				"### Not now\n# attention kernel work -> no, it's flash already and it's real "
				"math\n",
				"not-yet"));
	snprintf(text, sizeof(text), "%s### Not now\n```python\n# attn kernel: nope, sdpa is already flash\n# TODO: "
		 "triton attn\n```\nbecause attention is already flash and real math, the copies are unexplained.\n",
		 head);
	assert_true(passes(text, "not-yet"));
	assert_true(passes("Next experiment: re-profile with record_shapes=True.\nCustom triton attention kernel? "
			   "nope.\n", "no-custom-attention"));
}

/* Round 34 (papers): a present passive proposes ("It is proposed that the
 * step be re-profiled"), a past one reports someone; "3 Proposed
 * experiment" is the field, renamed; "Future work" defers. */
static void test_rule_paper_voice(void **state)
{
	(void)state;
	struct gr_exercise *c = load_exercise("part-c");
	const char *head = "Workload: 7B decode, bs 1\nHardware: A10G\nTop CUDA time: aten::copy_ 61%\n"
			   "Top CPU / orchestration cost: Python decode loop 11 ms\n";
	char text[1024];
	snprintf(text, sizeof(text), "%sNext experiment: It is proposed that the step be re-profiled with "
		 "record_shapes=True, so that copy_ can be grouped by dtype and device.\n", head);
	assert_true(passes_in(c, text, "single-experiment"));
	assert_true(passes_in(c, text, "movement-experiment"));
	snprintf(text, sizeof(text), "%s\n## 3 Proposed experiment\nIt is proposed that the step be re-profiled with "
		 "record_shapes=True.\n", "Workload: 7B decode, bs 1\nHardware: A10G\nTop CUDA time: aten::copy_ 61%\n");
	assert_true(passes_in(c, text, "movement-experiment"));
	assert_false(passes_in(c, text, "field-names")); /* renamed, and Top CPU is missing */
	snprintf(text, sizeof(text), "%sNext experiment: Several avenues might be considered - one may argue for CUDA "
		 "graphs given the 11 ms of Python - however, the single experiment proposed here is to check in which "
		 "dtype the parameters live and, should they be fp32, to move them once with "
		 "model.to(torch.bfloat16) and re-profile one step.\n", head);
	assert_true(passes_in(c, text, "single-experiment"));
	assert_true(passes_in(c, text, "movement-experiment"));
	snprintf(text, sizeof(text), "%sNext experiment: although torch.compile or request batching might equally be "
		 "considered, the single experiment proposed here is to re-profile one step with record_shapes=True "
		 "and group copy_ by dtype.\n", head);
	assert_true(passes_in(c, text, "single-experiment"));
	assert_true(passes_in(c, "**Workload.** 7B decode, bs 1\n**Hardware.** A10G\n**Top CUDA time.** aten::copy_ "
				 "61%\n**Top CPU / orchestration cost.** Python loop 11 ms\n**Next experiment.** "
				 "re-profile with record_shapes=True, grouped by dtype\n",
			      "field-names")); /* a paper's run-in headings */
	assert_true(passes_in(c, "**1 Workload description.** 7B decode, bs 1\n**2 Hardware platform.** A10G\n"
				 "**3 Dominant GPU operators.** aten::copy_ takes 61% of CUDA time\n",
			      "copy-share")); /* renamed, but read */
	gr_exercise_free(c);

	const char *pa = PART_A_FIVE;
	assert_true(passes_with(part_a, pa,
				"It was suggested by a colleague that a custom attention kernel be written.\n",
				"no-custom-attention"));
	assert_false(passes_with(part_a, pa,
				"It is proposed that a custom attention kernel be written.\n",
				"no-custom-attention"));
	assert_true(passes_with(part_a, pa,
				"\n## 5 Limitations and future work\n(i) a custom attention kernel, only if "
				"attention remains dominant once the copies are gone.\n",
				"no-custom-attention"));
}

/* Round 35 (multilingual learners): verbs, reasons, outcomes and negations
 * in Spanish, Portuguese, French, German and Hinglish mean what they mean
 * in English; "no" in a Portuguese line and "le pas" in a French one do
 * not negate; a misspelled label is the field, renamed. */
static void test_rule_multilingual(void **state)
{
	(void)state;
	struct gr_exercise *b = load_exercise("part-b"), *c = load_exercise("part-c");
	const char *head = "Workload: 7B decode, bs 1\nHardware: A10G\nTop CUDA time: aten::copy_ 61%\n"
			   "Top CPU / orchestration cost: Python decode loop 11 ms\n";
	char text[1024];
	snprintf(text, sizeof(text), "%sNext experiment: perfilar con record_shapes=True y agrupar copy_ por dtype y "
		 "dispositivo.\n", head);
	assert_true(passes_in(c, text, "single-experiment"));
	assert_true(passes_in(c, text, "movement-experiment"));
	assert_false(passes_with(c, head,
				"Next experiment: revisar el dtype con record_shapes=True, y también probar "
				"pin_memory=True en los .to('cuda').\n",
				"single-experiment"));
	assert_true(passes_with(c, head,
				"Next experiment: record_shapes=True, copy_ nach dtype gruppieren. "
				"FlashAttention noch nicht.\n",
				"no-flash-attention"));
	snprintf(text, sizeof(text), "%sNext experiement: re-profile with record_shapes=True, group copy_ by dtype.\n",
		 head);
	assert_true(passes_in(c, text, "movement-experiment"));
	assert_false(passes_in(c, text, "field-names"));

	const char *pb = "Workload: bs=1, decode 128\nTop CUDA time: matmul 6.1 ms sur 240 appels, ~25 µs par appel\n"
			 "Top CPU / orchestration cost: la boucle Python, 38 ms: launch-bound\n";
	assert_true(passes_with(b, pb,
				"Next experiment: capturer le pas de decode dans un CUDA graph et comparer les "
				"ms/token.\n",
				"overhead-experiment"));
	assert_true(passes_with(b, pb,
				"Next experiment: quantizar os pesos para int8 no L4 e medir de novo.\n",
				"single-experiment"));
	gr_exercise_free(b);
	gr_exercise_free(c);

	const char *pa = PART_A_FIVE;
	assert_true(passes_with(part_a, pa,
				"(3) Noch nicht: Attention-Kernel. Schon flash, echte Rechenarbeit, erst die "
				"Kopien klären.\n",
				"not-yet"));
	assert_true(passes_with(part_a, pa,
				"Hipótesis\n(a) pesos en fp32 que se convierten a bf16 en cada forward\n(b) "
				"aten::to es el padre de copy_: el mismo costo contado dos veces\n",
				"copy-hypotheses"));
}

/* Round 36 (career-changers): a teammate quoted in a blockquote is not
 * the learner; "What I'd leave alone for now:" heads the not-yet answer;
 * "the GPU is what matters" dismisses the tokenizer. */
static void test_rule_quoted_teammates(void **state)
{
	(void)state;
	const char *quote = "\n> Priya in #inference: \"attention is 31.7 ms, let's just write a fused Triton "
			    "attention kernel\"\n\n";
	char tail[512];
	snprintf(tail, sizeof(tail), "%sI disagree: it is already flash, and 35 ms of copies are unexplained.\n", quote);
	assert_true(passes_with(part_a, PART_A_FIVE, tail, "no-custom-attention"));
	snprintf(tail, sizeof(tail), "%sGood idea, I agree: let's do it this sprint.\n", quote);
	assert_false(passes_with(part_a, PART_A_FIVE, tail, "no-custom-attention"));
	assert_true(passes_with(part_a, PART_A_FIVE,
				"\nWhat I'd leave alone for now: attention.\nPeople love to jump to \"write a better "
				"attention kernel\", but it is already flash and real math.\n",
				"not-yet"));
	assert_false(passes_with(part_a, PART_A_FIVE, "\nNot yet: the tokenizer. It's CPU, the GPU is what matters.\n",
				 "not-yet"));
}

/* Round 37 (explainers): questions left open propose nothing; a
 * rhetorical one answered by what follows claims what the answer says. */
static void test_rule_open_questions(void **state)
{
	(void)state;
	/* Round 38 (anxious novices): "wait, no" takes back what came before it. */
	struct gr_exercise *c = load_exercise("part-c");
	const char *pc = "Workload: 7B decode, bs 1\nHardware: A10G\nTop CUDA time: aten::copy_ 61%\n"
			 "Top CPU / orchestration cost: Python decode loop 11 ms\n";
	assert_false(passes_with(c, pc,
				 "Next experiment: I'd check if the weights are cast from fp32 to bf16 every step... "
				 "wait, no, actually I'd switch SDPA to FlashAttention-2 and re-profile.\n",
				 "movement-experiment"));
	assert_true(passes_with(c, pc,
				"Next experiment: I'd switch SDPA to FlashAttention-2... wait, no, scratch that: I'd "
				"check if the weights are cast from fp32 to bf16 every step.\n",
				"no-flash-attention"));
	gr_exercise_free(c);
	struct gr_exercise *b = load_exercise("part-b");
	const char *pb = "Workload: bs=1, decode 128\nHardware: L4\nTop CUDA time: matmul 6.1 ms over 240 calls\n"
			 "Top CPU / orchestration cost: Python decode loop 38 ms: launch-bound\n";
	const char *open = "Next experiment: Could we capture the decode step in a CUDA graph? Could torch.compile do "
			   "that for us? Worth thinking about.\n";
	assert_false(passes_with(b, pb, open, "overhead-experiment"));
	assert_false(passes_with(b, pb, open, "single-experiment"));
	assert_true(passes_with(b, pb,
				"Next experiment: capture the decode step in a CUDA graph and compare ms/token.\n\n"
				"Would fused attention help? There's no attention op in this table to replace, and the "
				"time is Python and launch gaps, not kernel math. So no.\n",
				"fused-attention-wrong"));
	gr_exercise_free(b);
	assert_true(passes_with(part_a, "Workload: x\nHardware: L4\nTop CUDA time: matmul\nTop CPU / orchestration "
					"cost: tokenizer.encode 22 ms\nNext experiment: re-profile\n",
				"\nQ: Is the tokenizer free because it's on the CPU?\nA: Not at all. It runs before the "
				"GPU gets any input, so the user waits those 22 ms.\n",
				"tokenizer-latency"));
}

/* Round 39 (sarcastic seniors): irony takes back what it mocks, a short
 * "I disagree:" takes back the quoted idea before it, and acting on what
 * a measurement found (its winner, its table) is the same experiment. */
static void test_rule_irony_and_disagreement(void **state)
{
	(void)state;
	const char *head = PART_A_FIVE;
	assert_true(passes_with(part_a, head,
				"\nNot optimizing yet: attention. Sure, let's hand-write a fused attention kernel while "
				"the copies are unexplained, what could possibly go wrong. It's already flash.\n",
				"no-custom-attention"));
	/* without the irony it is a proposal */
	assert_false(passes_with(part_a, head,
				 "\nAlso: let's hand-write a fused attention kernel while we wait for the trace.\n",
				 "no-custom-attention"));
	/* "no kidding" insists; it takes nothing back */
	assert_false(passes_with(part_a, head,
				 "\nLet's write a custom Triton attention kernel. No kidding, it is 31.7 ms.\n",
				 "no-custom-attention"));
	assert_true(passes_with(part_a, head,
				"\nIn standup, D. suggested we \"just write a fused Triton attention kernel, attention "
				"is 30% of the time.\" I disagree: attention is already the flash kernel.\n",
				"no-custom-attention"));
	struct gr_exercise *c = load_exercise("part-c");
	const char *pc = "Workload: 7B decode, bs 1\nHardware: A10G\nTop CUDA time: aten::copy_ 61%\n"
			 "Top CPU / orchestration cost: Python decode loop 11 ms\n";
	assert_true(passes_with(c, pc,
				"Next experiment: sure, let's hand-write a fused attention kernel. Kidding. Load the "
				"weights in bf16 at init and re-profile the same step.\n",
				"no-flash-attention"));
	assert_true(passes_with(c, pc,
				"Next experiment: profile the step again with record_shapes=True, then use "
				"key_averages(group_by_input_shape=True) to see which dtypes copy_ moves.\n",
				"single-experiment"));
	assert_false(passes_with(c, pc,
				 "Next experiment: profile the step again with record_shapes=True, then switch the "
				 "weights to bf16.\n",
				 "single-experiment"));
	/* "NE:" is the next-experiment field, renamed */
	assert_true(passes_with(c, pc, "NE: record_shapes=True, group copy_ by dtype/device.\n",
				"movement-experiment"));
	gr_exercise_free(c);
	assert_true(passes_with(part_a, PART_A_FOUR,
				"Next experiment: benchmark the SDPA backends on this shape, flash vs mem-efficient, and "
				"keep the fastest.\n",
				"single-experiment"));
}

/* Round 40 (fill-in templates): a ticked box is the choice, the unticked
 * ones beside it are not; a placeholder is no answer. */
static void test_rule_templates(void **state)
{
	(void)state;
	struct gr_exercise *c = load_exercise("part-c");
	const char *pc = "Workload: 7B decode, bs 1\nHardware: A10G\nTop CUDA time: aten::copy_ 61%\n"
			 "Top CPU / orchestration cost: Python decode loop 11 ms\n";
	const char *ticked = "Next experiment (tick ONE):\n  - [x] re-profile with record_shapes=True and group copy_ by "
			     "dtype / device\n  - [ ] custom attention kernel\n  - [ ] torch.compile the decode loop\n";
	assert_true(passes_with(c, pc, ticked, "single-experiment"));
	assert_true(passes_with(c, pc, ticked, "no-flash-attention"));
	const char *wrong = "Next experiment:\n- [ ] re-profile with record_shapes to group copy_ by dtype/device\n"
			    "- [x] custom fused attention kernel (Triton) replacing sdpa\n";
	assert_false(passes_with(c, pc, wrong, "movement-experiment"));
	assert_false(passes_with(c, pc, wrong, "no-flash-attention"));
	/* a checklist none of whose boxes is ticked is a plan: all of it counts */
	assert_false(passes_with(c, pc,
				 "Next experiment:\n- [ ] re-profile with record_shapes=True\n- [ ] write a custom "
				 "attention kernel\n",
				 "no-flash-attention"));
	assert_false(passes_with(c, "Workload: 7B decode\nHardware: <your answer here>\nTop CUDA time: copy_ 61%\n"
				    "Top CPU / orchestration cost: Python loop\n",
				 "Next experiment: record_shapes=True\n", "field-names"));
	gr_exercise_free(c);
	struct gr_exercise *b = load_exercise("part-b");
	const char *pb = "Workload: bs=1, decode 128\nHardware: L4\nTop CUDA time: matmul 6.1 ms over 240 calls\n"
			 "Top CPU / orchestration cost: Python decode loop 38 ms: launch-bound\n";
	/* a goal before a colon, the experiment after it: one */
	assert_true(passes_with(b, pb,
				"Next experiment: get the per-token loop out of Python: capture the whole decode step as "
				"one CUDA graph and replay it, then compare ms/token\n",
				"single-experiment"));
	assert_false(passes_with(b, pb,
				 "Next experiment: get the per-token loop out of Python, and capture the decode step as a "
				 "CUDA graph, and batch four requests\n",
				 "single-experiment"));
	/* a bullet wrapped at a PDF's line width, a page's furniture in between: still four */
	assert_true(passes_with(b, pb,
				"Next experiment: capture the decode step in a CUDA graph and compare ms/token\n\n"
				"Contrast with Part A\n- A: matmul was real math, 18 calls of ~2 ms.\n- B: matmul is 240 "
				"tiny GEMMs whose cost is launch and\ndispatch, not FLOPs.\n\nPart B - page 2\n\n"
				"- A's extra cost sat in the copies; B's in the host loop.\n- Fused attention is wrong: "
				"no attention op here, and the time is launches and Python.\n",
				"contrast-bullets"));
	/* one file answering every part: only this part's section is graded */
	struct gr_exercise *c2 = load_exercise("part-c");
	assert_true(passes_with(c2, "", "(A)\nWorkload: prefill\nNext experiment: write a custom Triton attention kernel\n\n"
				"(C)\nWorkload: 7B decode\nHardware: H100\nTop CUDA time: aten::copy_ 61% of CUDA time\n"
				"Top CPU / orchestration cost: Python loop 11 ms\nNext experiment: load the weights in bf16 "
				"and re-profile\n\n(Stretch)\nranges: tokenize, prefill\n",
				"no-flash-attention"));
	gr_exercise_free(c2);
	/* a Part B answer that heads its contrast "Part A" is one part's answer */
	assert_true(passes_with(b, pb, "Next experiment: capture the decode step in a CUDA graph and compare ms/token\n\n"
				"## Part A\n\n- A: matmul was 18 big prefill GEMMs, real math.\n- B: 240 tiny GEMMs, launch "
				"cost.\n- A's waste was the copies; B's is the host loop.\n- Fused attention is wrong: no "
				"attention op here, and the time is launches and Python.\n",
				"overhead-experiment"));
	/* an id in a learner's sentence is theirs; the grader's own result line pasted back is not */
	assert_true(passes_with(b, pb, "Next experiment: capture the decode step in a CUDA graph and compare ms/token\n\n"
				"Diagnosis: overhead-bound: ~720 tiny launches, 38 ms of Python against 15 ms of GPU.\n",
				"overhead-bound"));
	gr_exercise_free(b);
	struct gr_exercise *st = load_exercise("stretch");
	assert_false(passes_with(st, "\xE2\x9C\x85 ranges-named: passed - ranges have exact names.\n",
				 "\xE2\x9C\x85 ranges-cover-suspects: passed - tokenizer, copies/casts and forward are "
				 "covered.\nMy answer: add NVTX around the model.\n",
				 "ranges-cover-suspects"));
	assert_true(passes_with(st, "Range API: record_function\n",
				"**Range names**: tokenize, to_device, prefill, decode_step\n", "ranges-named"));
	assert_true(passes_with(st, "| Field | Answer |\n|---|---|\n| Range API | NVTX via torch.cuda.nvtx |\n",
				"| Forward ranges | prefill, decode_step, sample |\n", "ranges-named"));
	assert_true(passes_with(st, "Range API: torch.cuda.nvtx.range_push\n",
				"Range names: ______ tokenize, h2d_copy, prefill, decode_step\n", "ranges-named"));
	gr_exercise_free(st);
}

/* A look, the change it points to and the re-profile that shows its
 * effect are one experiment; offered as alternatives, they are two. */
static void test_rule_look_change_measure(void **state)
{
	(void)state;
	struct gr_exercise *c = load_exercise("part-c");
	const char *head = "Workload: 7B decode, bs 1\nHardware: A100\nTop CUDA time: aten::copy_ 61%\n"
			   "Top CPU / orchestration cost: Python decode loop 11 ms\n";
	char text[1024];
	snprintf(text, sizeof(text), "%sNext experiment: check param dtypes (fp32 vs bf16), cast once at load, re-profile.\n",
		 head);
	assert_true(passes_in(c, text, "single-experiment"));
	snprintf(text, sizeof(text), "%sNext experiment: check param dtypes, or cast once at load, or re-profile.\n", head);
	assert_false(passes_in(c, text, "single-experiment"));
	gr_exercise_free(c);
}

/* Round 28 (terse senior engineers): a telegraphic plan is a plan, not a
 * keyword list; "bf16 not fp32" contrasts two dtypes and negates nothing
 * else; the table's own flash op is no FlashAttention work; range names
 * joined by arrows are names. */
static void test_rule_terse_plans(void **state)
{
	(void)state;
	struct gr_exercise *b = load_exercise("part-b"), *c = load_exercise("part-c"), *st = load_exercise("stretch");
	const char *pb = "Workload: bs1, prompt 32, decode 128, on L4\nTop CUDA time: matmul 6.1ms, 240 calls\n"
			 "Top CPU / orchestration cost: py decode loop 38ms; launch/host-bound\n"
			 "Next experiment: CUDA graph capture of decode step; measure ms/tok + launches/tok\n";
	assert_true(passes_in(b, pb, "single-experiment"));
	assert_true(passes_in(b, pb, "overhead-experiment"));
	assert_true(passes("Next experiment: 1 profiled req, record_shapes=True + with_stack=True; read aten::to args "
			   "(dtype/device) + python caller\n",
			   "movement-first"));
	const char *head = "Workload: 7B decode, bs1\nHardware: A100\nTop CUDA time: aten::copy_ 61%\n"
			   "Top CPU / orchestration cost: decode loop 11 ms\n";
	char text[1024];
	snprintf(text, sizeof(text), "%sNext experiment: check mm runs bf16 not fp32 (TF32 off?)\n", head);
	assert_true(passes_in(c, text, "single-experiment"));
	snprintf(text, sizeof(text), "%sNext experiment: record_shapes + with_stack; classify copy_ by dtype pair + device pair\n",
		 head);
	assert_true(passes_in(c, text, "movement-experiment"));
	snprintf(text, sizeof(text),
		 "%sNext experiment: the table already shows _scaled_dot_product_flash_attention at 2.4 ms; re-profile "
		 "with record_shapes=True and check the dtype of copy_'s inputs.\n",
		 head);
	assert_true(passes_in(c, text, "no-flash-attention"));
	/* Still negated: "not" before anything but a second dtype or device. */
	snprintf(text, sizeof(text), "%sNext experiment: not FlashAttention; check copy_ dtypes with record_shapes.\n", head);
	assert_true(passes_in(c, text, "no-flash-attention"));
	assert_true(passes_in(st, "rf/nvtx push-pop around:\ntokenize -> prefill -> decode_step (x128)\n", "ranges-named"));
	gr_exercise_free(b);
	gr_exercise_free(c);
	gr_exercise_free(st);
}

/* Round 26 (resubmissions after feedback): the version the learner
 * replaced counts neither for nor against them, whether it is labelled v1,
 * quoted from the instructor's comment or kept in a v1 column; a kept v1
 * answer, and a changelog's "since v1", are not withdrawn. */
static void test_rule_superseded_versions(void **state)
{
	(void)state;
	const char *base = "Workload: decoder-only LLM, 4096-token prompt, 128 output tokens, bf16, batch 1\n"
			   "Hardware: L4\nTop CUDA time: matmul 38.4 ms, flash attention 31.7 ms\n"
			   "Top CPU / orchestration cost: tokenizer.encode 22 ms\n";
	char text[2048];
	snprintf(text, sizeof(text),
		 "%sNext experiment - v1: write fused attention kernel / v2 (now): re-profile with "
		 "record_shapes=True and with_stack=True to find who calls aten::to\n",
		 base);
	assert_true(passes(text, "no-custom-attention"));
	assert_true(passes(text, "single-experiment"));
	snprintf(text, sizeof(text),
		 "> \"Your v1 proposed a custom attention kernel. Attention is already flash. Why?\"\n\n"
		 "Fair, dropped.\n\n%sNext experiment: re-profile with with_stack=True to find who calls aten::to\n",
		 base);
	assert_true(passes(text, "no-custom-attention"));
	snprintf(text, sizeof(text),
		 "%s\n| Field | v1 (old) | v2 (current) |\n|---|---|---|\n"
		 "| Next experiment: | fused attention kernel, torch.compile, int8 | one profiler run with "
		 "record_shapes=True and with_stack=True to find who calls aten::to |\n",
		 base);
	assert_true(passes(text, "no-custom-attention"));
	assert_true(passes(text, "single-experiment"));
	/* Kept, not withdrawn. */
	snprintf(text, sizeof(text), "%sNext experiment: I kept v1's plan: write a custom Triton attention kernel.\n",
		 base);
	assert_false(passes(text, "no-custom-attention"));
	/* Set aside with a "but"; proposed when nothing turns away from it. */
	snprintf(text, sizeof(text),
		 "%sNext experiment: I'm tempted to also throw torch.compile at it, but the one I'll actually run is a "
		 "re-profile with with_stack=True to find who calls aten::to.\n",
		 base);
	assert_true(passes(text, "single-experiment"));
	assert_true(passes(text, "movement-first"));
	snprintf(text, sizeof(text), "%sNext experiment: I'm tempted to write a custom Triton attention kernel.\n", base);
	assert_false(passes(text, "no-custom-attention"));
	snprintf(text, sizeof(text),
		 "Changes since v1: the next experiment is now a custom fused attention kernel.\n%s"
		 "Next experiment: write a custom fused attention kernel in Triton.\n",
		 base);
	assert_false(passes(text, "no-custom-attention"));
	/* The version named before a long aside (round 159): the draft under it is withdrawn. */
	snprintf(text, sizeof(text),
		 "Draft 1 (ignore, I changed my mind after rereading the question):\n%s"
		 "Next experiment: write a faster attention kernel in triton??\n\nFinal answer:\n%s"
		 "Next experiment: re-profile with with_stack=True to find who calls aten::to\n",
		 base, base);
	assert_true(passes(text, "no-custom-attention"));
}

/* Round 63 (resubmissions with their history): the copy under a heading
 * naming the old version is withdrawn, above or below the new one, and its
 * fields give way; a title "(first draft)" over the only copy is not; the
 * feedback a learner quotes and the changelog's claims are not the report. */
static void test_rule_resubmission_history(void **state)
{
	(void)state;
	struct gr_exercise *c = load_exercise("part-c"), *st = load_exercise("stretch");
	const char *v2 = "## Part C - v2 (revised after self-check)\n\nWorkload: 7B decode, bs 1\nHardware: H100\n"
			 "Top CUDA time: aten::copy_ at 61% of CUDA time\nTop CPU / orchestration cost: decode loop 11 ms\n"
			 "Next experiment: load the checkpoint in bf16 and re-profile one decode step\n";
	const char *v1 = "Workload: 7B decode\nHardware: H100\nTop CUDA time: copy_, 61%\n"
			 "Top CPU / orchestration cost: python loop\nNext experiment: swap attention to FlashAttention-2\n";
	char text[2048];
	snprintf(text, sizeof(text), "%s\n---\n### Previous attempt (superseded)\n%s", v2, v1);
	assert_true(passes_in(c, text, "no-flash-attention"));
	assert_true(passes_in(c, text, "single-experiment"));
	assert_true(passes_in(c, text, "movement-experiment"));
	snprintf(text, sizeof(text), "v1 (superseded)\n%s\n%s", v1, v2); /* old copy first: the new one's fields */
	assert_true(passes_in(c, text, "no-flash-attention"));
	assert_true(passes_in(c, text, "movement-experiment"));
	/* The learner hears which lines were set aside, and no "appears more than once". */
	assert_int_equal(warnings_holding(c, text, "lines 1-6 (\"v1 (superseded)\")", "more than once"), 1);
	/* The only copy, titled as a draft: graded as it is. */
	snprintf(text, sizeof(text), "Triage (first draft)\n\n%s", v1);
	assert_false(passes_in(c, text, "no-flash-attention"));
	/* An aside in a list is no heading: the line after it stands. */
	snprintf(text, sizeof(text), "%s- (Noor's first draft, we both dropped it)\n- Next experiment: record_shapes "
		 "and group copy_ by dtype\n", "Workload: 7B decode\nHardware: H100\nTop CUDA time: copy_ 61%\n");
	assert_true(passes_in(c, text, "movement-experiment"));
	/* The grader's words, quoted: not the learner's. */
	const char *quoted = "Feedback I got from the self-check:\n> \"Name at least three ranges exactly, as the "
			     "strings you would pass to the API, e.g. torch.profiler.record_function(name).\"\n\n"
			     "OK. I'll add ranges around the tokenizer, the transfers and the forward.\n";
	assert_false(passes_in(st, quoted, "ranges-api"));
	assert_false(passes("Feedback I got: \"Mention that tokenizer CPU time is outside GPU execution but still "
			    "affects request latency.\" -> Fixed.\nNot optimizing yet: the tokenizer, since it's CPU.\n",
			    "tokenizer-latency"));
	/* A changelog claims; the report is what counts. */
	const char *claimed = "_Changelog: added a range for the copies (feedback said copy_/to were not covered)._\n\n"
			      "API: torch.profiler.record_function\nRanges:\n1. `tokenize` around `tokenizer.encode`\n"
			      "2. `prefill` - the prompt pass\n3. `decode_step` - one per generated token\n";
	assert_false(passes_in(st, claimed, "ranges-cover-suspects"));
	assert_true(passes_in(st, claimed, "ranges-named"));
	/* Names listed, then filled in under the next question's number. */
	const char *listed = "Q1: field names\n(a) Workload\n(b) Hardware\n(c) Top CUDA time\n"
			     "(d) Top CPU / orchestration cost\n(e) Next experiment\n\nQ2: filled in\n"
			     "(a) Workload: 7B decode, batch 1\n(b) Hardware: H100\n(c) Top CUDA time: aten::copy_, 61%\n"
			     "(d) Top CPU / orchestration cost: Python decode loop, 11 ms\n"
			     "(e) Next experiment: load the weights in bf16 and re-profile\n";
	assert_true(passes_in(c, listed, "field-names"));
	gr_exercise_free(c);
	gr_exercise_free(st);
}

/* Round 83 (rubber-duck dialogues): the partner's lines ("🦆:", "Duck:",
 * "Future me:") are not the learner's; "Me:" alone on its line opens the
 * learner's message below it. */
static void test_rule_duck_dialogues(void **state)
{
	(void)state;
	struct gr_exercise *b = load_exercise("part-b");
	const char *dialogue = "Rubber duck transcript, part B\n\n🦆 Duck: Fill the template.\nMe:\n"
			       "  Workload: batch 1, prompt 32 tokens, decode 128, tiny hidden\n  Hardware: L4\n"
			       "  Top CUDA time: aten::matmul (6.1 ms / 240 calls)\n"
			       "  Top CPU / orchestration cost: Python decode loop - 38 ms\n"
			       "  Next experiment: torch.compile(mode=\"reduce-overhead\") around the decode step, compare "
			       "ms/token\n\n🦆 Duck: What bounds it?\nMe: The host. ~15.4 ms of CUDA total but 38 ms of "
			       "Python; the GPU waits between launches.\n";
	assert_true(passes_in(b, dialogue, "report-fields"));
	assert_true(passes_in(b, dialogue, "single-experiment"));
	/* The duck's field is not the learner's. */
	const char *duck = "🦆: Hardware: an H100, right?\nMe:\n  Workload: batch 1, prompt 32 tokens, decode 128\n"
			   "  Top CUDA time: aten::matmul (6.1 ms / 240 calls)\n"
			   "  Top CPU / orchestration cost: Python decode loop - 38 ms\n"
			   "  Next experiment: capture the decode step in a CUDA graph\n\n🦆: ok.\nMe: ok.\n";
	assert_false(passes_in(b, duck, "report-fields"));
	gr_exercise_free(b);
	/* Bold tags: "**Future me:** ..." is the partner's. */
	assert_true(passes("**Future me:** Just write a custom Triton attention kernel now.\n\n"
			   "**Me:** Next experiment: re-profile with record_shapes=True and with_stack=True to "
			   "find who calls aten::to.\n\n**Future me:** ok.\n",
			   "no-custom-attention"));
}

/* Round 83 again: a partner's question is what the learner's next message
 * answers. "Duck: what are you leaving alone?" opens the not-yet answer
 * (the question itself is not graded); the next partner message ends it;
 * and a reply is read whole ("No. Already flash. Copies first. Not
 * optimising attention yet."). */
static void test_rule_dialogue_questions(void **state)
{
	(void)state;
	const char *head = "Me: Next experiment: re-profile with record_shapes=True and with_stack=True to find who "
			   "calls aten::to.\n\n";
	char buf[1024];
	snprintf(buf, sizeof(buf), "%sDuck: what are you leaving alone?\nMe: attention - it is already flash, and "
		 "35 ms of copies are unexplained.\n\nDuck: ok.\n", head);
	assert_true(passes(buf, "not-yet"));
	/* Without the question, a bare reply names no deferral. */
	snprintf(buf, sizeof(buf), "%sDuck: and then?\nMe: attention - it is already flash, and 35 ms of copies "
		 "are unexplained.\n\nDuck: ok.\n", head);
	assert_false(passes(buf, "not-yet"));
	/* The answer ends where the partner speaks again. */
	snprintf(buf, sizeof(buf), "%sDuck: anything you would skip?\nMe: hmm.\nDuck: what about attention? It is "
		 "already flash and 35 ms of copies are unexplained.\nMe: sure.\n", head);
	assert_false(passes(buf, "not-yet"));
	/* The reply around an inferred deferral is one answer. */
	snprintf(buf, sizeof(buf), "%sDuck: and the attention kernel?\nMe: No. It is already flash. 35 ms of copies "
		 "are unexplained. Not optimising attention yet.\n\nDuck: ok.\n", head);
	assert_true(passes(buf, "not-yet"));
	/* An emoji before "Q:" is decoration: the question heads its answer. */
	assert_true(passes("Next experiment: re-profile with record_shapes=True to find who calls aten::to.\n\n"
			   "🦆 Q: What are you leaving alone?\nA: Attention. It is already flash; 35 ms of copies are "
			   "unexplained.\n",
			   "not-yet"));
}

/* Rounds 85 (shorthand) and 86 (task boards). What is put off, headed
 * twice ("- [ ] Icebox: attention kernel", then "Not yet: ... because"):
 * the last answer counts too. Shorthand tags head the follow-ups ("hyp1:",
 * "exp1:"), a tag inside a numbered answer only tags it ("2. hyp1: ..." is
 * answer 2), and tagged clauses are claims, not a keyword list. */
static void test_rule_boards_and_shorthand(void **state)
{
	(void)state;
	const char *board = "Next experiment: re-profile with record_shapes=True and with_stack=True on aten::to\n\n"
			    "- [ ] Now: that\n- [ ] Icebox: attention kernel\n\n"
			    "H1 fp32 weights cast to bf16 -> check aten::to input dtype (record_shapes)\n"
			    "H2 to() wraps copy_, counted twice -> check trace nesting\n"
			    "Not yet: attention. Already flash, real math, copies unexplained.\n";
	assert_true(passes(board, "not-yet"));
	assert_false(passes("Next experiment: re-profile with record_shapes=True on aten::to\n\n"
			    "- [ ] Icebox: attention kernel\n",
			    "not-yet"));
	/* Still the dismissal the lesson warns about. */
	assert_false(passes("Next experiment: re-profile with record_shapes=True on aten::to\n\n"
			    "- Icebox: attention kernel\n\n"
			    "Wouldn't optimize: the tokenizer, it's CPU so it's not the bottleneck.\n",
			    "not-yet"));
	const char *tags = "Next experiment: record_shapes=True re-prof, see dtypes on aten::to\n\n"
			   "hyp1: weights fp32, cast to bf16\nhyp2: to() wraps copy_, same 54 calls counted twice\n"
			   "exp1: record_shapes: fp32 inputs into aten::to -> confirmed, bf16 -> rejected\n"
			   "exp2: trace nesting: copy_ under every to -> confirmed\n";
	assert_true(passes(tags, "copy-hypotheses"));
	assert_true(passes(tags, "hypothesis-experiments"));
	const char *numbered = "1. hyp 1: weights in fp32 and cast to bf16 on the fly\n"
			       "   hyp 2: tensors moving host <-> device (input ids, logits .cpu())\n"
			       "2. hyp1: load with torch_dtype=torch.bfloat16 and re-profile: copy_ gone -> confirmed\n"
			       "   hyp2: look for Memcpy HtoD / DtoH in the trace; none -> rejected\n";
	assert_true(passes(numbered, "hypothesis-experiments"));
	/* "2. H1 ..." is answer 2: the tag does not reopen the hypotheses, and "3." is answer 3. */
	assert_true(passes("Next experiment: 1 profile, record_shapes=True + with_stack=True: who calls to()\n"
			   "1. H1 fp32→bf16 cast each fwd; H2 to() is just copy_'s parent → same 2.8 GiB counted 2×\n"
			   "2. H1 dtypes in record_shapes; H2 op tree: copy_ nested under to? 54 vs 54 calls\n"
			   "3. attention — already flash + real math, copies unexplained → later\n",
			   "not-yet"));
	const char *terse = "Top CUDA time: matmul 38.4 + attn 31.7 → math; copy_ 19.6 + to 15.1 → movement\n"
			    "Next experiment: swap SDPA backend → flash_attn 2 pkg (flash_attn_func) & compare attn "
			    "CUDA time; cheap, no kernel writing needed\n\n"
			    "1. H1 fp32 weights cast to bf16 each fwd; H2 .cpu()/.cuda() round trips of inputs/logits\n"
			    "2. H1: aten::to dtypes via record_shapes; H2: Memcpy HtoD/DtoH in trace\n";
	assert_true(passes(terse, "hypothesis-experiments"));
	/* A concept that opens on the bracket between clauses ("(math)",
	 * "(movement, 2.8GiB)") is still a mention of the clause it holds. */
	assert_true(passes("Top CUDA time: matmul 38.4 + attn 31.7 (math) ; copy_/to 34.7 (movement, 2.8GiB)\n",
			   "math-vs-movement"));
	/* "no/later": one or the other, both reject; not a double negative. */
	assert_true(passes("Next experiment: re-prof w/ record_shapes=True on aten::to; custom attn kernel no/later\n",
			   "no-custom-attention"));
	assert_true(passes("1. H1: fp32 buffers cast per layer. H2: to() = wrapper around copy_, same bytes twice\n"
			   "2. H1: dtype args on aten::to. H2: trace hierarchy + to self time\n",
			   "hypothesis-experiments"));
}

/* Round 86 again: a board's card ("**Later:** nsys") defers its own line,
 * not the plan written in prose under it; a checklist whose ticked items
 * say what was done ("- [x] timed tokenizer.encode") keeps its unticked
 * items, the plan (a "tick the ones" choice still drops the others); a
 * wiki's "# item" under "== Hypotheses ==" is a list item, not a heading;
 * and a to-do that starts "check ..." heads no experiments answer. */
static void test_rule_cards_and_checklists(void **state)
{
	(void)state;
	struct gr_exercise *st = load_exercise("stretch");
	const char *board = "**Now:** (empty, see below)\n**Next:** re-profile\n**Later:** nsys\n\n"
			    "In prose: before the next run I'd wrap five regions with torch.profiler.record_function: "
			    "\"tokenize\" around tokenizer.encode, \"h2d_inputs\" around moving input_ids to the GPU, "
			    "\"cast_bf16\" around the .to(torch.bfloat16) calls behind copy_, \"prefill\" around the "
			    "4096-token forward and \"decode_step\" around each generation step.\n";
	assert_true(passes_in(st, board, "ranges-named"));
	assert_true(passes_in(st, board, "ranges-cover-suspects"));
	const char *done = "Stretch: checklist\n\n- [x] read the table\n- [x] timed tokenizer.encode: 22 ms\n"
			   "- [ ] record_function(\"h2d_inputs\")\n- [ ] record_function(\"cast_bf16\")\n"
			   "- [ ] record_function(\"prefill\")\n- [ ] record_function(\"decode_step\")\n";
	assert_true(passes_in(st, done, "ranges-named"));
	const char *pick = "## Ranges to add (tick the ones you'd insert)\n\n- [x] `tokenize`\n- [ ] `h2d_inputs`\n"
			   "- [ ] `cast_dtype`\n- [x] `prefill`\n- [x] `decode_step`\n";
	assert_false(passes_in(st, pick, "ranges-cover-suspects"));
	/* Round 85 (shorthand): names in a call's quotes, and names between
	 * slashes, are the answer, not a keyword list. */
	assert_true(passes_in(st, "Q: ranges?\nA: torch.profiler.record_funtion(\"tokenize\"), (\"h2d\"), "
				  "(\"cast_dtype\"), (\"prefill\"), (\"decode_step\")\n",
			      "ranges-named"));
	assert_true(passes_in(st, "NVTX domain \"llm_req\" (nvtx pkg, nvtx.annotate(message, domain=\"llm_req\")), "
				  "ranges: tokenize / h2d / prefill / decode\n",
			      "ranges-api"));
	/* "WON'T DO:" heads what follows it: it takes back nothing above. */
	assert_true(passes_in(st, "NOW:\n  * torch.cuda.nvtx ranges: \"tokenize\", \"h2d_inputs\", \"cast_bf16\", "
				  "\"prefill\", \"decode_step\"\nWON'T DO:\n  * nsys: too heavy for now\n",
			      "ranges-named"));
	/* "Backlog → Now:": moved to now, not parked. */
	const char *moved = "Q: ranges for the next run\n\nI'd go with torch.profiler.record_function.\n\n"
			    "Backlog → Now:\n(a) \"tokenize\": tokenizer.encode\n(b) \"inputs_to_gpu\": the .to(\"cuda\") "
			    "of input_ids\n(c) \"cast_bf16\": .to(torch.bfloat16) calls\n(d) \"prefill\"\n(e) \"decode_step\"\n";
	assert_true(passes_in(st, moved, "ranges-named"));
	assert_true(passes_in(st, moved, "ranges-cover-suspects"));
	gr_exercise_free(st);
	const char *wiki = "'''Next experiment:''' rerun torch.profiler with record_shapes=True and with_stack=True\n\n"
			   "== Hypotheses ==\n# The checkpoint is fp32 and gets cast to bf16 on the fly.\n"
			   "# Inputs/outputs are moved between CPU and GPU every step.\n\n== Experiments ==\n"
			   "# Check record_shapes output: input dtype of aten::to. float32 = confirmed, bf16 = rejected.\n"
			   "# Check for Memcpy HtoD/DtoH in the chrome trace. None = rejected.\n";
	assert_true(passes(wiki, "copy-hypotheses"));
	assert_true(passes(wiki, "hypothesis-experiments"));
	const char *todo = "09:10 TODO:\n   [x] read table\n   [ ] profile with_stack=True, record_shapes=True   <- NEXT\n"
			   "   [ ] check generate loop for .cpu()/.item()\n\n"
			   "Next experiment: profile with with_stack=True + record_shapes=True, look at aten::to callers\n\n"
			   "1) H1 fp32->bf16 casts of weights each forward; H2 host<->device copies of inputs per step\n"
			   "2) H1: record_shapes dtypes on aten::to (fp32 in = confirm, bf16 in = reject). H2: Memcpy "
			   "HtoD/DtoH rows in trace (none = reject)\n";
	assert_true(passes(todo, "hypothesis-experiments"));
}

/* Round 86 again: a field that names where its answer is ("Next
 * experiment: PERF-14 below", "see NOW column", "P0 card below") reads the
 * card or column it names; and an option dropped with a verdict
 * ("FlashAttention - not pursued") is rejected. */
static void test_rule_named_pointers(void **state)
{
	(void)state;
	struct gr_exercise *c = load_exercise("part-c");
	const char *head = "Workload: 7B chat model, decode, bs=1, 1 step\nHardware: 1x H100 SXM 80GB\n"
			   "Top CUDA time: aten::copy_ 24.4 ms = 61% of CUDA time\n"
			   "Top CPU / orchestration cost: Python decode loop 11.0 ms CPU\n";
	char buf[2048];
	snprintf(buf, sizeof(buf), "%sNext experiment: PERF-14 below\n\n## Done\n- [x] PERF-12 read the table\n\n"
		 "## Doing\n- [ ] PERF-14 load the weights as bf16 in from_pretrained (torch_dtype=torch.bfloat16), "
		 "re-profile one step\n\n## Later\n- [ ] PERF-15 CUDA graphs for the python loop\n", head);
	assert_true(passes_in(c, buf, "movement-experiment"));
	assert_true(passes_in(c, buf, "single-experiment"));
	/* A column of three: three experiments. */
	snprintf(buf, sizeof(buf), "%sNext experiment - see NOW column\n\n### NOW (P0)\n"
		 "- [ ] record_shapes=True, group copy_ by dtype/device\n"
		 "- [ ] pin_memory + non_blocking=True on every .to() in the loop\n"
		 "- [ ] torch.compile(model, mode=\"reduce-overhead\") to kill the python overhead\n\n"
		 "### LATER\n- [ ] FlashAttention 2\n",
		 head);
	assert_true(passes_in(c, buf, "movement-experiment"));
	assert_false(passes_in(c, buf, "single-experiment"));
	/* Round 90 (timelines): "two tracks, in parallel (see Day 1)" reads Day 1. */
	snprintf(buf, sizeof(buf), "%sNext experiment - two tracks, in parallel (see Day 1)\n\nDay 1 (parallel)\n"
		 "  track A: profile with record_shapes to split copy_ by dtype\n"
		 "  track B: enable pin_memory + non_blocking=True on the KV offload path and time the step\n"
		 "Day 2: merge whichever wins\n", head);
	assert_false(passes_in(c, buf, "single-experiment"));
	snprintf(buf, sizeof(buf), "%sNext experiment: profile with record_shapes=True to see the dtypes going into "
		 "copy_. FlashAttention - not pursued, attention is only 6%%.\n", head);
	assert_true(passes_in(c, buf, "no-flash-attention"));
	gr_exercise_free(c);
}

/* Round 86 again: a board written as a table puts off what sits under
 * its "Later" / "Won't do" columns, and a row whose status cell says so
 * ("❌ Won't do (yet)"); "### 🧊 Card: Icebox" heads what it parks. */
static void test_rule_board_tables(void **state)
{
	(void)state;
	const char *head = "Next experiment: re-profile with record_shapes=True\n\n";
	char buf[1024];
	snprintf(buf, sizeof(buf), "%s| Now | Later | Won't do |\n|---|---|---|\n"
		 "| - [ ] re-profile with record_shapes | custom attention kernel (after copies) | rewrite matmul |\n", head);
	assert_true(passes(buf, "no-custom-attention"));
	snprintf(buf, sizeof(buf), "%s| Now | Next |\n|---|---|\n"
		 "| re-profile with record_shapes | custom attention kernel |\n", head);
	assert_false(passes(buf, "no-custom-attention"));
	snprintf(buf, sizeof(buf), "%s| ID | Card | Pri | Owner | Status |\n|---|---|---|---|---|\n"
		 "| PERF-301 | re-profile with shapes + stack | P0 | me | ☐ Now |\n"
		 "| PERF-304 | custom attention kernel | — | — | ❌ Won't do (yet) |\n", head);
	assert_true(passes(buf, "no-custom-attention"));
	snprintf(buf, sizeof(buf), "%s### 🧊 Card: Icebox\n- custom / Triton attention (SDPA is already flash, and "
		 "it's real math - copies first)\n", head);
	assert_true(passes(buf, "no-custom-attention"));
	assert_true(passes(buf, "not-yet"));
}

/* Round 86 again: a ticked item that says it was done ("- [x] confirm the
 * launch count (728 launches - done)") is a finding, not a second plan;
 * "TBD (see bottom)" holds the place of the plan written further down. */
static void test_rule_done_items(void **state)
{
	(void)state;
	struct gr_exercise *b = load_exercise("part-b");
	const char *head = "Workload: batch 1, prompt 32, decode 128, tiny hidden\nHardware: L4\n"
			   "Top CUDA time: aten::matmul 6.1 ms / 240 calls, ~25 us each\n"
			   "Top CPU / orchestration cost: Python decode loop 38 ms, ~2.5x all CUDA time\n";
	char buf[1024];
	snprintf(buf, sizeof(buf), "%sNext experiment:\n- [x] batch 8 requests together to amortise launches (done)\n"
		 "- [ ] torch.compile(mode=\"reduce-overhead\") on the decode step, compare ms/token\n", head);
	assert_true(passes_in(b, buf, "single-experiment"));
	snprintf(buf, sizeof(buf), "%sNext experiment:\n- [x] capture the decode step in a CUDA graph, compare "
		 "ms/token\n- [ ] torch.compile(mode=\"reduce-overhead\") on the decode step\n", head);
	assert_true(passes_in(b, buf, "overhead-experiment"));
	snprintf(buf, sizeof(buf), "%sNext experiment: TBD (see bottom)\n\nThe GPU waits on the host between "
		 "launches.\n\nPlan: I'll run the decode step under torch.compile(mode=\"reduce-overhead\") and "
		 "compare ms/token against this profile.\n", head);
	assert_true(passes_in(b, buf, "single-experiment"));
	gr_exercise_free(b);
}

/* Round 88 (deep outlines): a child is how its parent is done, not another
 * proposal; a child that opens by rejecting takes its parent back; a
 * parent that only puts off ("- Not now:") puts off its children, except
 * one the learner picks out ("<- THIS one first"). */
static void test_rule_outlines(void **state)
{
	(void)state;
	struct gr_exercise *c = load_exercise("part-c");
	const char *head = "- Workload\n    - 7B decode step, batch=1\n- Hardware\n    - RTX 4090 24 GB\n"
			   "- Top CUDA time\n    - aten::copy_ 61% (24.4 of 40 ms)\n"
			   "- Top CPU / orchestration cost\n    - Python decode loop: 11.0 ms CPU\n";
	char buf[2048];
	snprintf(buf, sizeof(buf), "%s- Next experiment\n    - write a custom fused attention kernel in Triton\n"
		 "        - no - sdpa is already on the flash path, 2.4 ms = 6%%\n"
		 "    - find out where the 13 GiB of copy_ comes from\n"
		 "        - torch.profiler with record_shapes=True + with_stack=True\n"
		 "        - group copy_ by (src dtype, dst dtype, device)\n", head);
	assert_true(passes_in(c, buf, "single-experiment"));
	assert_true(passes_in(c, buf, "no-flash-attention"));
	snprintf(buf, sizeof(buf), "%s- Next experiment\n    - Not now:\n        - FlashAttention\n"
		 "        - custom attention kernel\n        - load weights in bf16 and re-profile\n", head);
	assert_true(passes_in(c, buf, "no-flash-attention"));
	assert_false(passes_in(c, buf, "movement-experiment"));
	snprintf(buf, sizeof(buf), "%s- Next experiment\n    - Not now:\n        - FlashAttention (sdpa already flash)\n"
		 "        - CUDA graphs for the python loop\n"
		 "        - <- THIS one first: re-profile with record_shapes=True, list copy_ by dtype + device\n", head);
	assert_true(passes_in(c, buf, "movement-experiment"));
	assert_true(passes_in(c, buf, "single-experiment"));
	/* "- test:" under each hypothesis is that hypothesis's test: it opens
	 * no experiments answer of its own that would cut the hypotheses short. */
	const char *tests = "- Next experiment: re-profile with record_shapes=True and with_stack=True\n- Hypotheses\n"
			    "  - a. fp32 params -> bf16 cast\n    - test: aten::to input dtype\n"
			    "  - b. host<->device transfers\n    - test: Memcpy HtoD/DtoH in trace\n"
			    "- Not yet\n  - matmul, it is the model's real math\n";
	assert_true(passes(tests, "copy-hypotheses"));
	assert_true(passes(tests, "hypothesis-experiments"));
	const char *nested = "Next experiment: record_shapes=True aur with_stack=True ke saath profile dobara chalao\n\n"
			     "1. Do hypotheses:\n - H1: kuch weights fp32 mein reh gaye hain aur har layer pe bf16 mein cast "
			     "ho rahe hain.\n - H2: input tensors CPU aur GPU ke beech aa-ja rahe hain (.cpu() / .to(\"cuda\")).\n"
			     "2. Experiments:\n - H1 ke liye: record_shapes se aten::to ka input dtype dekho; fp32 -> bf16 "
			     "dikha to confirm, warna reject.\n - H2 ke liye: trace mein Memcpy HtoD/DtoH dhoondo; nahi mila to "
			     "reject.\n3. Abhi optimize nahi karunga: attention kernel - ye already flash hai, real math hai, "
			     "pehle copies samajhni hain.\n";
	assert_true(passes(nested, "not-yet"));
	/* The share in a child of the op it belongs to. */
	assert_true(passes_in(c, "- Hardware: H100 SXM\n- Workload: 7B decode, bs=1\n- Top CUDA time: aten::copy_\n"
				 "  - 61% (24.4 / 40.0 ms)\n- Next experiment:\n"
				 "  - record_shapes=True, split copy_ by src/dst dtype + device\n",
			      "copy-share"));
	/* A label's own item over its how: one experiment; a label that
	 * introduces a numbered list: each entry is one. */
	snprintf(buf, sizeof(buf), "%s- Next experiment: one profiler run, same step\n  - record_shapes=True\n"
		 "  - with_stack=True\n  - group copy_ by dtype and device\n", head);
	assert_true(passes_in(c, buf, "single-experiment"));
	snprintf(buf, sizeof(buf), "%s- Next experiment: a full characterization pass:\n"
		 "  1. nsys profile --trace=cuda,nvtx -> split copy_ into memcpy HtoD / DtoD\n"
		 "  2. rerun with pinned host buffers + non_blocking=True to see if H2D overlaps\n"
		 "  3. CUDA graph capture of the decode step to kill the launch overhead\n", head);
	assert_false(passes_in(c, buf, "single-experiment"));
	gr_exercise_free(c);
}

/* Round 87 (self-correcting writers): "scratch `tokenize`" / "EDIT:
 * dropping \"tokenize\"" takes that name back wherever it was listed, with
 * the sentence that drops it; "Ranges v2 (this is what I'd actually do):
 * ..." replaces "Ranges v1:"; "Hmm, no." takes back the sentence before. */
static void test_rule_self_corrections(void **state)
{
	(void)state;
	struct gr_exercise *st = load_exercise("stretch");
	const char *dropped = "**Ranges to add (record_function):**\n- `tokenize`\n- `prefill`\n- `decode_step`\n"
			      "- `kv_cache_copy`\n- `cast_to_bf16`\n\nall as `with torch.profiler.record_function(\"<name>\"):` "
			      "blocks.\n\nactually, scratch `tokenize` - tokenizer.encode shows 0 ms CUDA, so a range there "
			      "would just add clutter to the trace. Final list is the other four.\n";
	assert_true(passes_in(st, dropped, "ranges-named"));
	assert_false(passes_in(st, dropped, "ranges-cover-suspects"));
	const char *v2 = "Ranges v1:\nrecord_function(\"tokenize\"), record_function(\"h2d\"), record_function(\"prefill\"), "
			 "record_function(\"decode_step\")\n\nHmm, on second thought that's a lot of instrumentation.\n\n"
			 "Ranges v2 (this is what I'd actually do): a single `torch.profiler.record_function(\"forward\")` "
			 "around `model.generate(...)`.\n";
	assert_false(passes_in(st, v2, "ranges-named"));
	const char *hmm = "Ranges: record_function(\"tokenize\"), record_function(\"h2d\"), record_function(\"prefill\"), "
			  "record_function(\"decode_step\").\n\nHmm, no. Next experiment: re-profile with record_shapes=True "
			  "and with_stack=True instead. That's my answer for the next run.\n";
	assert_false(passes_in(st, hmm, "ranges-named"));
	gr_exercise_free(st);
	/* Round 88 again: a parent "- skip" (no colon) puts off its child;
	 * children of "- NVTX" are placed by that API. */
	st = load_exercise("stretch");
	const char *skip = "- Next run ranges\n  - mechanism -> torch.cuda.nvtx.range_push / range_pop\n  - ranges\n"
			   "    - `load_and_cast` -> around model weight .to(bf16)\n    - `kv_copy` -> any copy_ into the KV "
			   "cache\n    - `prefill`\n    - `decode_step`\n  - skip\n"
			   "    - tokenizer: 0 ms CUDA, it's not a GPU problem\n";
	assert_false(passes_in(st, skip, "ranges-cover-suspects"));
	const char *placed = "- NVTX\n   - around tokenizer\n   - around copies\n   - around the model\n- then Nsight\n";
	assert_true(passes_in(st, placed, "ranges-cover-suspects"));
	gr_exercise_free(st);
	/* "I was going to say X, but ...": X was never proposed. */
	struct gr_exercise *c = load_exercise("part-c");
	const char *going = "Top CUDA time: aten::copy_ 61%\nNext experiment: I was going to say torch.compile but that's "
			    "Part B's fix. So: profile again with record_shapes=True and with_stack=True and group copy_ by "
			    "input dtype.\n";
	assert_true(passes_in(c, going, "single-experiment"));
	const char *swapped = "Top CUDA time: aten::copy_ 61%\nNext experiment: I was going to say check the copy dtypes, "
			      "but the Python loop is the classic launch-bound pattern, so: torch.compile(mode=\"reduce-"
			      "overhead\") on the decode step and re-profile.\n";
	assert_false(passes_in(c, swapped, "movement-experiment"));
	/* "EDIT: ... Changing my next experiment to: X": X is the value now. */
	const char *edit = "Top CUDA time: aten::copy_ 61% of CUDA time\nNext experiment: torch.compile the decode step "
			   "with mode=\"reduce-overhead\" to get rid of the Python loop cost\n\nEDIT: rereading line 1 - if "
			   "copy_ is 61% of the GPU, compile can't fix that. Changing my next experiment to: load the weights "
			   "in bf16 once and re-profile.\n";
	assert_true(passes_in(c, edit, "movement-experiment"));
	assert_true(passes_in(c, edit, "single-experiment"));
	gr_exercise_free(c);
}

/* Round 81 (social-media threads): a post's number ("3/7 ", "(4/4) ")
 * before a label is decoration. */
static void test_rule_thread_posts(void **state)
{
	(void)state;
	struct gr_exercise *c = load_exercise("part-c");
	const char *thread = "🧵 Part C, from memory #CUDA #LLM\n\n1/7 Workload: 7B, batch 1, one decode step\n\n"
			     "2/7 Hardware: 1x A100 80GB SXM\n\n3/7 Top CUDA time: aten::copy_ 24.4 of 40.0 ms = 61% of CUDA "
			     "time\n\n4/7 Top CPU / orchestration cost: the Python decode loop, 11 ms\n\n(5/7) Next experiment: "
			     "re-profile with record_shapes=True and group copy_ by input dtype + device\n";
	assert_true(passes_in(c, thread, "field-names"));
	assert_true(passes_in(c, thread, "copy-share"));
	gr_exercise_free(c);
}

/* Round 78 (model answers with a "common mistakes" section): the wrong
 * answers listed under such a heading are rejected, quoted or not, and no
 * field; what explains them stays the learner's. */
static void test_rule_common_mistakes(void **state)
{
	(void)state;
	struct gr_exercise *c = load_exercise("part-c");
	const char *report = "Workload: 7B decode, batch 1\nHardware: A100 80GB\nTop CUDA time: aten::copy_, 61% of "
			     "CUDA time\nTop CPU / orchestration cost: Python decode loop 11 ms\nNext experiment: record_shapes=True, "
			     "group copy_ by input dtype and device\n\n";
	char text[2048];
	snprintf(text, sizeof(text), "%sCommon mistakes:\n* \"Next experiment: FlashAttention\" - attention is 0.06 of CUDA "
		 "time\n* FlashAttention-3 -> attn is ~6%%, not the problem\n", report);
	assert_true(passes_in(c, text, "no-flash-attention"));
	assert_true(passes_in(c, text, "single-experiment"));
	/* Listed first, under a heading with a gloss: no field either. */
	snprintf(text, sizeof(text), "Don't do this (what I almost wrote first):\n1) \"Next experiment: write a custom "
		 "Triton attention kernel\" - even a perfect one wins back at most 2.4 ms.\n\n%s", report);
	assert_true(passes_in(c, text, "no-flash-attention"));
	assert_true(passes_in(c, text, "field-names"));
	gr_exercise_free(c);
}

/* Round 77 (what-ifs): a sentence about another setup ("For a
 * long-context 32k prompt, my next experiment would be FlashAttention
 * work") proposes nothing for this table, unless it concludes with the
 * plan ("Had the model been loaded in bf16, copy_ would vanish - so that's
 * the experiment: load with torch_dtype=..."); "depends on the setup"
 * picks none. */
static void test_rule_what_ifs(void **state)
{
	(void)state;
	struct gr_exercise *c = load_exercise("part-c");
	const char *head = "Workload: 7B decode\nHardware: A100\nTop CUDA time: aten::copy_, 61%\n"
			   "Top CPU / orchestration cost: Python decode loop 11.0 ms\n";
	char text[1024];
	snprintf(text, sizeof(text), "%sNext experiment: record_shapes=True and group copy_ by dtype and device.\n"
		 "For a long-context 32k prompt, my next experiment would be FlashAttention work.\n", head);
	assert_true(passes_in(c, text, "no-flash-attention"));
	assert_true(passes_in(c, text, "single-experiment"));
	snprintf(text, sizeof(text), "%sNext experiment: had the model been loaded in bf16, copy_ would vanish - so that's "
		 "the experiment: load with torch_dtype=torch.bfloat16, re-profile the same step, compare copy_.\n", head);
	assert_true(passes_in(c, text, "movement-experiment"));
	snprintf(text, sizeof(text), "%sNext experiment: depends on the setup, honestly.\n  - If this were batch 8, I'd "
		 "push batching further.\n  - For a long-context 32k prompt, my next experiment would be FlashAttention "
		 "work.\n", head);
	assert_false(passes_in(c, text, "single-experiment"));
	gr_exercise_free(c);
}

/* Rounds 73, 74 and 76 (decision memos; bilingual answers; tech leads):
 * one experiment said again after a slash, in another language, is still
 * one; "to be looked at in a later run", "next sprint", "can wait" leave a
 * suspect out. */
static void test_rule_memos_and_translations(void **state)
{
	(void)state;
	struct gr_exercise *b = load_exercise("part-b"), *st = load_exercise("stretch");
	const char *twice = "Workload: batch 1, prompt 32, decode 128 / Carga: batch 1\nHardware: NVIDIA L4\n"
			    "Top CUDA time: aten::matmul, 6.1 ms over 240 calls\n"
			    "Top CPU / orchestration cost: Python decode loop, 38 ms\n"
			    "Next experiment: capture one decode step in a CUDA graph and replay it, then compare ms/token "
			    "against this baseline. / Siguiente experimento: capturar el paso de decode en un CUDA graph y "
			    "comparar ms/token.\n";
	assert_true(passes_in(b, twice, "single-experiment"));
	const char *two = "Workload: batch 1\nHardware: L4\nTop CUDA time: aten::matmul 6.1 ms\n"
			  "Top CPU / orchestration cost: Python loop 38 ms\n"
			  "Next experiment: capture the decode step in a CUDA graph / batch 8 requests together.\n";
	assert_false(passes_in(b, two, "single-experiment"));
	assert_false(passes_in(st, "BLUF: wrap prefill and decode in NVTX ranges: torch.cuda.nvtx.range_push(\"prefill\") "
				   "and range_push(\"decode\") with range_pop().\n\nRecommendation: the two ranges above. "
				   "Copies and tokenizer to be looked at in a later run.\n",
			       "ranges-cover-suspects"));
	/* Round 75 (decision trees): a step whose label says it waits. */
	const char *tree = "Next experiment: re-profile with record_shapes=True and with_stack=True; find who calls "
			   "aten::to.\n-> Step 2 (if fp32 weights): load in bf16.\n-> Step 3 (much later, maybe never): "
			   "write a custom Triton attention kernel.\n";
	assert_true(passes(tree, "no-custom-attention"));
	assert_false(passes("Next experiment: re-profile with record_shapes=True.\n-> Step 3 (right away): write a "
			    "custom Triton attention kernel.\n",
			    "no-custom-attention"));
	/* Round 76 (tech leads): a task parked for a later sprint, or put off
	 * until someone else answers, covers nothing now. */
	assert_false(passes_in(st, "Next run - ranges:\n* tokenize -> record_function(\"tokenize\")\n"
				   "* prefill -> record_function(\"prefill\")\n* decode -> record_function(\"decode\")\n\n"
				   "Carol: look at the copy_/to sites next sprint and add ranges there if it's still bad.\n"
				   "I want the phases first; the copies can wait.\n",
			       "ranges-cover-suspects"));
	assert_false(passes_in(st, "Using torch.cuda.nvtx.range_push(name) / range_pop():\n- \"h2d_inputs\" - moving "
				   "input_ids to the GPU\n- \"cast_dtype\" - the .to(bf16) calls\n- \"prefill\" - prompt "
				   "forward\n\nTokenizer: I'll ask the infra team whether tokenizer.encode even matters before "
				   "we spend a range on it.\n",
			       "ranges-cover-suspects"));
	gr_exercise_free(b);
	gr_exercise_free(st);
}

/* Rounds 71 and 72 (confident misconceptions; self-assessed against the
 * rubric): a ticked criterion title with a gloss in brackets, and
 * "Criterion 3 (...): met", are claims, not content; "there's no point
 * putting a range on it" leaves a suspect out. */
static void test_rule_self_assessment(void **state)
{
	(void)state;
	struct gr_exercise *st = load_exercise("stretch");
	assert_false(passes_in(st, "- [x] At least three ranges, named exactly\n"
				   "- [x] Names the range mechanism (record_function / NVTX)\n"
				   "- [x] Ranges cover the tokenizer, the copies/casts and the forward\n",
			       "ranges-api"));
	assert_false(passes_in(st, "I will use torch.profiler.record_function for the ranges.\nCriterion 3 (ranges "
				   "around the tokenizer, the copies/casts and the forward): met\n",
			       "ranges-cover-suspects"));
	/* Round 80 (answers that cite sources): "leaving X without a range". */
	assert_false(passes_in(st, "Ranges with torch.profiler.record_function: `h2d_inputs` around the .to('cuda') of "
				   "the inputs, `prefill`, `decode_step`.\nI'm leaving tokenizer.encode without a range: it has "
				   "0 ms CUDA total.\n",
			       "ranges-cover-suspects"));
	const char *skip = "The aten::copy_ calls are the KV cache being written, so there's no point putting a range "
			   "on it.\n\nRanges (torch.profiler.record_function):\n- `tokenize` - tokenizer.encode\n"
			   "- `prefill` - the prompt forward\n- `decode_step` - each generation step\n";
	assert_false(passes_in(st, skip, "ranges-cover-suspects"));
	assert_true(passes_in(st, skip, "ranges-named"));
	gr_exercise_free(st);
}

/* Round 69 (a timed exam): "xx" and "(del)" strike out the words before
 * them on their line. */
static void test_rule_exam_deletions(void **state)
{
	(void)state;
	struct gr_exercise *c = load_exercise("part-c"), *st = load_exercise("stretch");
	const char *head = "workload: 7b decode step\nhardware: h100 pcie\ntop cuda time: aten::copy_ 61% cuda\n"
			   "top cpu / orchestration cost: python loop 11ms\n";
	char text[1024];
	snprintf(text, sizeof(text), "%snext experiment: check dtypes of copy_ inputs (del) switch sdpa to flash "
		 "backend\n", head);
	assert_false(passes_in(c, text, "movement-experiment"));
	assert_true(passes_in(c, text, "single-experiment"));
	snprintf(text, sizeof(text), "%snext experiment: FA2 xx no, re-profile w/ record_shapes and group copy_ by "
		 "dtype\n", head);
	assert_true(passes_in(c, text, "no-flash-attention"));
	assert_false(passes_in(st, "ranges w/ record_function xx -> actually simpler: torch.cuda.synchronize() + "
				   "time.perf_counter() around each block:\n  \"tokenize\", \"h2d\", \"cast\", \"prefill\"\n",
			       "ranges-api"));
	/* "xxx" is a placeholder, not a mark. */
	snprintf(text, sizeof(text), "%snext experiment: re-profile w/ record_shapes, group copy_ by dtype, xxx\n", head);
	assert_true(passes_in(c, text, "movement-experiment"));
	gr_exercise_free(c);
	gr_exercise_free(st);
}

/* Rounds 67 and 68 (slide decks; GitHub issues): a slide's title labels
 * its field; a table whose header is the labels; "Next experiment: see
 * Proposed next step" reads the section it points to; an issue's "###
 * Proposed next step" is the next experiment; a slide's bullets are about
 * its title; an agenda slide's entries are not the sections. */
static void test_rule_slides_and_issues(void **state)
{
	(void)state;
	struct gr_exercise *c = load_exercise("part-c");
	const char *slides = "Slide 1\nDecode profiling\n\nSlide 2 - Workload\n- 7B decoder-only model, decode, bs=1\n\n"
			     "Slide 3 - Hardware\n- Single H100 80GB\n\nSlide 4 - Top CUDA time\n"
			     "- aten::copy_: 24.4 ms / 40 ms = 61%\n\nSlide 5 - Top CPU / orchestration cost\n"
			     "- Python decode loop 11.0 ms\n\nSlide 6 - Next experiment\n"
			     "- Load the weights directly in bf16 and re-profile the same step\n\nSlide 7\nQuestions?\n";
	assert_true(passes_in(c, slides, "field-names"));
	assert_true(passes_in(c, slides, "copy-share"));
	assert_true(passes_in(c, slides, "movement-experiment"));
	const char *header = "| Workload | Hardware | Top CUDA time | Top CPU / orchestration cost | Next experiment |\n"
			     "|---|---|---|---|---|\n| 7B decode, bs1 | A100 80GB | aten::copy_ 61% | Python loop 11 ms | "
			     "load the weights in bf16 and re-profile |\n";
	assert_true(passes_in(c, header, "field-names"));
	assert_true(passes_in(c, header, "movement-experiment"));
	const char *issue = "Workload: 7B decode, bs 1\nHardware: A100 80GB\nTop CUDA time: aten::copy_ 61% of CUDA time\n"
			    "Top CPU / orchestration cost: decode loop 11 ms\nNext experiment: see Proposed next step\n\n"
			    "### Proposed next step\nSwap SDPA for FlashAttention-2 and re-profile.\n";
	assert_false(passes_in(c, issue, "no-flash-attention"));
	assert_true(passes_in(c, issue, "field-names"));
	const char *unlabelled = "### Observed\n- aten::copy_ is 61% of CUDA time\n\n### Proposed next step\n"
				 "Re-profile with record_shapes=True and group copy_ by dtype and device.\n";
	assert_true(passes_in(c, unlabelled, "movement-experiment"));
	gr_exercise_free(c);
	const char *deck = "# Agenda\n1. The five-line report\n2. Why copy_ / to exist (2 hypotheses)\n"
			   "3. What we won't touch yet\n\n---\n\n# Tokenizer\n\n- 22 ms on CPU, 0 ms GPU\n"
			   "- runs before the first kernel, straight into TTFT\n\n---\n\n# Why copy_ / to exist (2 hypotheses)\n"
			   "1. fp32 weights cast to bf16 every forward\n2. inputs moved host to device with .to('cuda') every step\n"
			   "\n---\n\n# What we won't touch yet\n\n- aten::slice: 436 calls but only 1.4 ms of GPU time\n";
	assert_true(passes(deck, "tokenizer-latency"));
	assert_true(passes(deck, "copy-hypotheses"));
	assert_true(passes(deck, "not-yet"));
}

/* Round 66 (lab notebooks): a later entry drops an earlier entry's idea
 * ("scratch the kernel idea"), or a tried idea is "dropped"; an idea no
 * entry drops is still proposed. */
static void test_rule_notebook_entries(void **state)
{
	(void)state;
	const char *tail = "Next experiment: rerun the profiler with record_shapes=True and with_stack=True and find "
			   "who calls .to()\n";
	char text[2048];
	snprintf(text, sizeof(text),
		 "09:05 - first look. attention 31.7 ms is huge, idea: write a fused Triton attention kernel for L4??\n"
		 "10:30 - scratch the kernel idea, attention is already flash.\n\n%s", tail);
	assert_true(passes(text, "no-custom-attention"));
	snprintf(text, sizeof(text),
		 "19:30 Got the table. I followed the Triton tutorial and wrote a fused attention kernel for the L4. "
		 "Mine came out slower than SDPA, so I dropped it.\n\n%s", tail);
	assert_true(passes(text, "no-custom-attention"));
	snprintf(text, sizeof(text),
		 "09:05 - first look. idea: write a fused Triton attention kernel for L4.\n10:30 - scratch the "
		 "tokenizer idea, it is 22 ms.\n\n%s", tail);
	assert_false(passes(text, "no-custom-attention"));
}

/* Round 65 (peer review, then their own answer): the classmate's report
 * under a heading naming it, or in their column of a table, is not the
 * learner's; a heading that only says what the learner did ("reviewed
 * Tom's draft", "after peer review") withdraws nothing; "same as Sam's"
 * adopts it. */
static void test_rule_peer_reports(void **state)
{
	(void)state;
	struct gr_exercise *c = load_exercise("part-c"), *st = load_exercise("stretch");
	const char *mine = "Workload: 7B decode, bs 1\nHardware: A100 80GB\nTop CUDA time: aten::copy_ 61%\n"
			   "Top CPU / orchestration cost: Python decode loop 11 ms\n";
	char text[2048];
	snprintf(text, sizeof(text),
		 "Sam's report\n---\nWorkload: 7B decode\nHardware: A100\nTop CUDA time: aten::copy_ 61%%\n"
		 "Top CPU / orchestration cost: Python loop 11 ms\nNext experiment: FlashAttention\n\n"
		 "My review: the classic mistake.\n\nMy answer\n---\n%sNext experiment: record_shapes=True and "
		 "group copy_ by dtype and device\n",
		 mine);
	assert_true(passes_in(c, text, "no-flash-attention"));
	assert_true(passes_in(c, text, "single-experiment"));
	/* Only a review: nothing of the learner's to credit. */
	assert_false(passes_in(c, "Reviewing Lena's report (my comments after the --)\n\nWorkload: 7B decode  -- ok\n"
				  "Hardware: A100 80GB  -- fine\nTop CUDA time: aten::copy_ 61%  -- correct\n"
				  "Top CPU / orchestration cost: Python decode loop 11 ms  -- good\n"
				  "Next experiment: record_shapes=True, group copy_ by dtype and device  -- sensible\n",
			       "movement-experiment"));
	/* ... but reviewing the profile, like a PR, is the learner's own answer (round 130) */
	assert_true(passes_in(c, "Reviewing the decode-step profile like a PR.\n\nWorkload: 7B decode\n"
				 "Hardware: A100\nTop CUDA time: aten::copy_ 61%\nTop CPU / orchestration cost: loop 11 ms\n"
				 "Next experiment: record_shapes=True, group copy_ by dtype and device\n",
			      "movement-experiment"));
	/* What the learner did, over their own report. */
	snprintf(text, sizeof(text), "Part C, reviewed Tom's draft\n\n%sNext experiment: record_shapes=True, group "
		 "copy_ by dtype and device\n", mine);
	assert_true(passes_in(c, text, "movement-experiment"));
	/* Their column, mine. */
	assert_true(passes_in(c, "| field | Tomas | mine |\n|---|---|---|\n| Workload | 7B decode | 7B decode, bs 1 |\n"
				 "| Hardware | A100 | A100 80GB |\n| Top CUDA time | copy_ | aten::copy_ 61% |\n"
				 "| Top CPU / orchestration cost | fine | Python decode loop 11 ms |\n"
				 "| Next experiment | FlashAttention | load the weights in bf16 and re-profile |\n",
			      "no-flash-attention"));
	/* A review that ends where the learner's own answer opens. */
	const char *review = "Review of Alex's draft:\n> \"Just wrap each section with synchronize() and "
			     "perf_counter, call them tokenize/copy/forward.\"\n\nThat gives numbers but nothing in the "
			     "trace.\n\nWhat I'd add instead, with torch.profiler.record_function:\n"
			     "- `tokenize` - tokenizer.encode\n- `h2d_inputs` - input_ids .to(\"cuda\")\n"
			     "- `cast_dtype` - the .to(torch.bfloat16) calls\n- `prefill` - the prompt forward\n";
	assert_true(passes_in(st, review, "ranges-named"));
	assert_true(passes_in(st, review, "ranges-cover-suspects"));
	gr_exercise_free(c);
	gr_exercise_free(st);
}

/* Round 64 (spoken answers, captioned): a caption's run-on line of labels
 * after a few opening words; a timestamp before a label is no speaker;
 * "Student:" tags go and a TA's lines are not the learner's; a quote of
 * someone's "next experiment:" is no line of fields. */
static void test_rule_captions(void **state)
{
	(void)state;
	struct gr_exercise *c = load_exercise("part-c"), *b = load_exercise("part-b");
	const char *runon = "okay so um part C the five line template. workload colon seven b decode batch one. "
			    "hardware colon one H100. top CUDA time colon aten copy underscore at sixty one percent of "
			    "the CUDA time. top CPU slash orchestration cost colon python decode loop eleven milliseconds. "
			    "next experiment colon re-profile with record underscore shapes and group copy underscore by "
			    "dtype\n";
	assert_true(passes_in(c, runon, "field-names"));
	assert_true(passes_in(c, runon, "copy-share"));
	const char *stamped = "[00:00] okay part C.\n[00:03] Workload colon seven B decode, batch one.\n"
			      "[00:10] Hardware colon L4.\n[00:13] Top CUDA time colon aten copy underscore, sixty one "
			      "percent of CUDA time.\n[00:19] Top CPU slash orchestration cost colon the Python decode "
			      "loop, eleven milliseconds.\n[00:29] Next experiment colon record shapes and group the "
			      "copies by dtype.\n";
	assert_true(passes_in(c, stamped, "field-names"));
	const char *tagged = "Student: Workload: 7B decode, batch 1\nStudent: Hardware: L4\n"
			     "Student: Top CUDA time: aten::copy_, 61% of CUDA time\n"
			     "Student: Top CPU / orchestration cost: Python decode loop, 11 ms\n"
			     "TA: Would you try FlashAttention next?\nStudent: Next experiment: record_shapes=True, "
			     "group copy_ by dtype and device\n";
	assert_true(passes_in(c, tagged, "field-names"));
	assert_true(passes_in(c, tagged, "no-flash-attention"));
	const char *quoted = "Sam's version said: \"batch 1 decode is compute-bound on aten::matmul, next experiment: "
			     "INT8 weights\". I disagree.\n\nWorkload: batch 1, prompt 32, decode 128\nHardware: L4\n"
			     "Top CUDA time: aten::matmul 6.1 ms / 240 calls\n"
			     "Top CPU / orchestration cost: Python decode loop 38 ms\n"
			     "Next experiment: capture the decode step in a CUDA graph and compare ms/token\n";
	assert_true(passes_in(b, quoted, "overhead-experiment"));
	assert_true(passes_in(b, quoted, "single-experiment"));
	gr_exercise_free(c);
	gr_exercise_free(b);
}

/* Round 20 (dictated answers, practitioners, over-explaining students):
 * a dictated report's spoken labels and numbers; "Next experiment is ...";
 * sub-bullets that explain or read the result are not more experiments;
 * "or we run nsys" is one more; a quote a teammate wrote is theirs; table
 * cells' "no | not now" defer; a kernel that is "already optimized" is
 * described, not proposed. */
static void test_rule_dictated_and_nested_plans(void **state)
{
	(void)state;
	struct gr_exercise *c = load_exercise("part-c");
	const char *dictated = "workload colon seven b decode batch one\n"
			       "hardware colon one h one hundred\n"
			       "top cuda time colon aten copy underscore at sixty one percent of cuda time\n"
			       "top cpu slash orchestration cost colon python decode loop eleven milliseconds\n"
			       "next experiment colon one profile with record underscore shapes to see the dtypes\n";
	assert_true(passes_in(c, dictated, "field-names"));
	assert_true(passes_in(c, dictated, "copy-share"));
	const char *is = "Workload: 7B decode\nHardware: H100\nTop CUDA time: aten::copy_ 61%\n"
			 "Top CPU / orchestration cost: Python loop\n"
			 "Next experiment is one profile run with record_shapes=True to group copy_ by dtype.\n";
	assert_true(passes_in(c, is, "field-names"));
	const char *nested = "- Next experiment: one profile run with `record_shapes=True` and `with_stack=True`\n"
			     "  - why: to see what each copy_ converts - casts vs cpu->cuda transfers\n"
			     "  - what I expect: fp32 weights cast to bf16 every step\n"
			     "  - if src is cpu and dst is cuda -> it's H2D movement\n"
			     "  - if it's Float -> BFloat16 on cuda -> it's a dtype cast\n";
	assert_true(passes_in(c, nested, "single-experiment"));
	assert_false(passes("next experiment: it kind of depends either we turn on record shapes or we run nsys or "
			    "we could just try torch compile or cuda graphs and see what happens honestly id probably "
			    "try a couple of those and see which one moves the number\n",
			    "single-experiment"));
	const char *quoted = "Next experiment: re-profile with record_shapes=True and group aten::to by dtype.\n\n"
			     "In our group chat, a teammate wrote:\n\n"
			     "> \"attention is 31.7 ms, let's write a fused Triton attention kernel for L4\"\n\n"
			     "I disagree: the copies come first.\n";
	assert_true(passes(quoted, "no-custom-attention"));
	/* An idea the learner had and dropped is reported, up to the "but". */
	assert_true(passes_in(c, "Next experiment: My first instinct was \"try FlashAttention\" because that's what everyone "
				 "says, but attention is 6% here. Load the model with torch_dtype=torch.bfloat16 and "
				 "profile the same step again.\n",
			      "no-flash-attention"));
	assert_false(passes_in(c, "Next experiment: I was tempted to reload in bf16, but if I can only pick one: "
				  "swap in FlashAttention-2 and re-profile.\n",
			       "no-flash-attention"));
	const char *table = "Next experiment: re-profile with record_shapes=True and group aten::to by dtype.\n\n"
			    "| Option | Explains the copies? | Verdict |\n|---|---|---|\n"
			    "| custom attention kernel | no | not now |\n";
	assert_true(passes(table, "no-custom-attention"));
	assert_true(passes("Next experiment: re-profile with record_shapes=True and group aten::to by dtype.\n"
			   "| flash attention | 31.7 | math | already an optimized flash kernel |\n",
			   "no-custom-attention"));
	gr_exercise_free(c);
}

/* Round 22 (a class gaming the grader): a note to the grader, a dump of
 * every API and suspect, code commented out, and claims made only as
 * questions earn nothing; the same words said plainly still count. */
static void test_rule_gaming_notes_dumps_comments_questions(void **state)
{
	(void)state;
	struct gr_exercise *st = load_exercise("stretch"), *b = load_exercise("part-b");
	const char *note = "Note for the automatic grader: this report names at least three ranges exactly, names the "
			   "range mechanism (record_function / NVTX), and covers the tokenizer, the copies/casts and the "
			   "forward (prefill, decode). All acceptance criteria are satisfied.\n";
	assert_false(passes_in(st, note, "ranges-api"));
	assert_false(passes_in(st, note, "ranges-cover-suspects"));
	/* A terse claim with its verbs is no keyword list. */
	assert_true(passes("3. Not yet: attention kernel. Already flash, already doing real math; 35 ms of unexplained "
			   "copies/casts come first.\n",
			   "not-yet"));
	/* Citing the task is an answer; claiming the criteria are met is not. */
	assert_true(passes("The rubric says to separate model math from avoidable movement, so: matmul + attention "
			   "are the model math the 4096-token prefill needs; copy_ and to (54 calls, 2.8 GiB) are data "
			   "movement and probably avoidable.\n",
			   "math-vs-movement"));
	assert_false(passes("matmul + attention are the model math the 4096-token prefill needs; copy_ and to (54 "
			    "calls, 2.8 GiB) are data movement and probably avoidable, so all criteria are satisfied.\n",
			    "math-vs-movement"));
	const char *dump = "I'd bring in the complete tracing toolchain: record_function, torch.profiler.record_function, "
			   "torch.cuda.nvtx.range_push, nvtxRangePushA, NVTX, NVTX domains, nsys, Nsight Systems, "
			   "emit_nvtx, tokenizer, copy_, to, h2d, cast, prefill, decode_step.\n";
	assert_false(passes_in(st, dump, "ranges-cover-suspects"));
	const char *commented = "```python\n# with record_function(\"tokenize\"):\n"
				"# torch.cuda.nvtx.range_push(\"prefill\"); torch.cuda.nvtx.range_pop()\n"
				"out = model.generate(ids)\n```\n";
	assert_false(passes_in(st, commented, "ranges-api"));
	const char *live = "```python\nwith record_function(\"tokenize\"):  # the tokenizer\n    ids = tok.encode(p)\n```\n";
	assert_true(passes_in(st, live, "ranges-api"));
	const char *asks = "Top CUDA time: aten::matmul 6.1 ms over 240 calls - real math or launch cost?\n"
			   "Top CPU / orchestration cost: Python decode loop 38 ms - is the host the bottleneck?\n"
			   "Is the GPU idle between the 720 launches?\n"
			   "Would a fused attention kernel help when there's no attention op?\n";
	assert_false(passes_in(b, asks, "overhead-bound"));
	assert_false(passes_in(b, asks, "fused-attention-wrong"));
	const char *says = "Top CPU / orchestration cost: Python decode loop 38 ms; the GPU sits idle between the 720 "
			   "tiny launches, so this decode is overhead-bound.\n";
	assert_true(passes_in(b, says, "overhead-bound"));
	gr_exercise_free(st);
	gr_exercise_free(b);
}

/* Rounds 97 (peer tutors' pitfalls) and 98 (back-of-the-envelope
 * calculators): a list of mistakes ends the answer above it and commits the
 * learner to none of the faults it warns against; a report quoted in a code
 * block gives way to the learner's own fields; an Amdahl bound weighs a
 * kernel; questions asked with none picked are no pick. */
static void test_rule_pitfalls_and_bounds(void **state)
{
	(void)state;
	const char *head = PART_A_FIVE;
	/* The mistakes list under a Not yet answer is not part of it. */
	assert_true(passes_with(part_a, head,
				"\n3. Not yet: attention, it is already flash and the copies are unexplained.\n\n"
				"Common mistakes I saw in my study group:\n- Ignoring the tokenizer because it is CPU.\n"
				"- Writing a custom Triton attention kernel.\n",
				"not-yet"));
	assert_false(passes_with(part_a, head,
				 "\nNot yet: the copies - they're the KV cache and you can't generate without it.\n\n"
				 "Common mistakes\n- Writing a custom attention kernel: attention is already flash.\n",
				 "not-yet"));
	assert_true(passes_with(part_a, head,
				"\n## Wrong answer (this is what I wrote first - don't copy it)\n\n"
				"- Writing a custom Triton attention kernel for the 31.7 ms.\n",
				"no-custom-attention"));
	/* On one line, after its label, and up to ", but": the rest is the learner's. */
	assert_true(passes_with(part_a, head,
				"\ncommon mistakes i saw: ppl saying write triton attention, ppl ignoring tokenizer\n",
				"no-custom-attention"));
	assert_false(passes_with(part_a, head,
				 "\nCommon mistakes: people think the copies are a bug, but every model does copies.\n",
				 "math-vs-movement"));
	/* A report quoted in a code block, then the learner's own fields. */
	const char *quoted = "Here's one I saw. It reads well and it's wrong:\n\n```text\nWorkload: LLM\nHardware: L4\n"
			     "Top CUDA time: matmul + attention\nTop CPU / orchestration cost: tokenizer\n"
			     "Next experiment: implement custom fused attention in Triton and pin memory\n```\n\n"
			     "My version:\n\n- " PART_A_FIVE;
	assert_true(passes(quoted, "single-experiment"));
	assert_true(passes(quoted, "movement-first"));
	/* An Amdahl bound weighs the kernel; it proposes nothing. */
	assert_true(passes(PART_A_FIVE "A 2x faster attention saves at most 16 ms; the copies are 35 ms.\n",
			   "no-custom-attention"));
	assert_false(passes(PART_A_FIVE "Then a 2x faster attention kernel in Triton.\n", "no-custom-attention"));
	/* The stretch: a fault warned against is not committed ... */
	struct gr_exercise *st = load_exercise("stretch"), *b = load_exercise("part-b"), *c = load_exercise("part-c");
	const char *ranges = "Ranges via torch.profiler.record_function:\n- `tokenize` around tokenizer.encode\n"
			     "- `cast_bf16` around the .to(bfloat16) calls\n- `prefill` around the first forward\n";
	char buf[1024];
	snprintf(buf, sizeof(buf), "%s\nMistake to avoid: leaving the tokenizer out because it has 0 ms CUDA.\n",
		 ranges);
	assert_true(passes_in(st, buf, "ranges-cover-suspects"));
	/* ... but saying so of "it", the suspect just named, leaves it out. */
	snprintf(buf, sizeof(buf), "The tokenizer has 0 ms CUDA - I would NOT put a range on it.\n%s", ranges);
	assert_false(passes_in(st, buf, "ranges-cover-suspects"));
	/* Questions asked, none picked; a pick after them is one. */
	assert_false(passes_in(b, "Next experiment: CUDA graphs? torch.compile? batching?\n", "single-experiment"));
	assert_true(passes_in(b, "Next experiment: hmm. CUDA graphs? torch.compile? ok, committing: capture the decode "
				 "step in a CUDA graph and compare ms/token.\n", "single-experiment"));
	/* "batch several requests together - run at batch 1, 4, 16": one experiment */
	assert_true(passes_in(b, "Next experiment: batch several requests together - run the same decode at batch 1, "
				 "4, 16 and plot tokens/s.\n", "single-experiment"));
	/* Four points with a detail under one are four bullets. */
	assert_true(passes_in(b, "Contrast with Part A:\n\n- Part A: matmul was real math, 18 prefill GEMMs of ~2 ms.\n"
				 "- Part B: matmul is 240 tiny GEMMs of ~25 us, mostly launch cost.\n"
				 "  - 25 us x 240 = 6.1 ms over 128 steps\n- B is overhead-bound: 38 ms of Python.\n"
				 "- Fused attention: no attention op here, the cost is launches.\n",
				 "contrast-bullets"));
	/* Round 100 (devil's advocates): a position argued and not taken
	 * counts for nothing; the verdict is the answer. */
	assert_true(passes_with(part_a, head,
				"\n**Claim:** the copies are waste.\n**Counter (steelman):** some movement is unavoidable, "
				"maybe 2.8 GiB is just the inputs.\n**Verdict:** no: 2.8 GiB is avoidable movement, the "
				"math is matmul and attention.\n",
				"math-vs-movement"));
	assert_true(passes_with(part_a, head,
				"\nCounterpoint: maybe a custom Triton attention kernel IS the right call.\nRebuttal: no, "
				"not while the copies are unexplained.\n",
				"no-custom-attention"));
	/* "Counter above:" is a Python Counter, not a position. */
	assert_false(passes_with(part_a, head, "\nCounter above: write a custom attention kernel in Triton.\n",
				 "no-custom-attention"));
	/* Bare keywords asked ("latency?, TTFT?") claim nothing; questions
	 * answered on the line ("float32? confirm. bf16? reject.") are tests. */
	assert_false(passes_in(part_a, "Workload: LLM\nHardware: L4\nTop CUDA time: matmul\n"
				       "Top CPU / orchestration cost: tokenizer: CPU, latency?, TTFT?\n"
				       "Next experiment: record_shapes\n",
			       "tokenizer-latency"));
	assert_true(passes_in(part_a, "Top CPU / orchestration cost: tokenizer 22 ms on the CPU, before prefill, so "
				      "it adds to TTFT\n",
			      "tokenizer-latency"));
	/* Round 99 (mentors): "You'll want to X" is the learner's own
	 * instruction; "Someone will suggest X" is another's. */
	assert_false(passes_in(c, "Next experiment: You'll want to try the FlashInfer attention backend instead and "
				  "see if decode gets faster.\n", "no-flash-attention"));
	assert_true(passes_with(part_a, head,
				"\nSomeone will suggest a custom attention kernel. I wouldn't, yet: the attention op "
				"is already flash.\n",
				"no-custom-attention"));
	/* ... and what people would do is theirs, whatever the verb (round 115). */
	assert_true(passes_with(part_a, head, "\nSome people would write a custom FlashAttention kernel here, since "
				"attention is big.\n",
				"no-custom-attention"));
	/* Part B: a verdict that keeps both readings decides nothing. */
	assert_false(passes_in(b, "Verdict: honestly both readings hold up. Could be host-bound, could be poorly "
				  "tiled GEMMs.\n", "overhead-bound"));
	/* What the proposed measurement reads is its subject; a guess at the cause is not. */
	assert_true(passes_in(c, "Next experiment: re-profile with shapes so the copies can be grouped by dtype/device\n",
			      "movement-experiment"));
	assert_false(passes_in(c, "Next experiment: re-profile, because the copies are fp32 casts.\n",
			       "movement-experiment"));
	/* Round 101 (eliminators): a deferred answer on its own line ends at the
	 * next line with a label of its own. */
	snprintf(buf, sizeof(buf), "Ruled out: matmul (expected), SDPA (already flash).\nStill in: the copies and the "
		 "tokenizer.\n\n%s", ranges);
	assert_true(passes_in(st, buf, "ranges-cover-suspects"));
	/* ... and a label that says not to rejects what follows its colon. */
	assert_true(passes_with(part_a, head, "\n# DO NOT (yet): rewrite attention in Triton. Flash is already selected.\n",
				"no-custom-attention"));
	assert_true(passes_with(part_a, head, "\nwouldnt do yet: custom attention kernel. attention already flash\n",
				"no-custom-attention"));
	assert_false(passes_with(part_a, head, "\nDay 2: custom attention kernel in Triton.\n", "no-custom-attention"));
	/* A stand-in is no answer whatever follows its dash. */
	assert_false(passes_in(b, "Next experiment: TBD - need to check w/ team which is easier to ship, CUDA graphs "
				  "or torch.compile\n", "single-experiment"));
	/* ... or its bracket (round 108); "TODO:" opens a task, which answers. */
	assert_false(passes_in(b, "Next experiment: TODO (CUDA graphs probably, need to read up) - will finish "
				  "Sunday\n", "single-experiment"));
	assert_true(passes_in(b, "Next experiment: TODO: capture the decode step in a CUDA graph and compare "
				 "ms/token\n", "single-experiment"));
	/* Round 102 (runbooks): dot leaders separate a label from its value. */
	assert_true(passes_in(c, "Workload..........7B decode, one step\nHardware..........A100\n"
				 "Top CUDA time.....aten::copy_, 61% of CUDA time\nTop CPU / orchestration...Python loop 11 ms\n"
				 "Next experiment...record_shapes=True, group copy_ by dtype and device\n",
			      "field-names"));
	/* Part C gives no hardware: "unknown" is the honest value. */
	const char *c_five = "Workload: 7B decode, one step\nHardware: unknown\nTop CUDA time: aten::copy_ 61%\n"
			     "Top CPU / orchestration: Python decode loop 11 ms\nNext experiment: record_shapes=True to "
			     "group copy_ by dtype and device\n";
	assert_true(passes_in(c, c_five, "field-names"));
	assert_false(passes_in(part_a, "Workload: LLM\nHardware: unknown\nTop CUDA time: matmul\n"
				       "Top CPU / orchestration cost: tokenizer\nNext experiment: record_shapes\n",
			       "report-fields"));
	gr_exercise_free(st);
	gr_exercise_free(b);
	gr_exercise_free(c);
}

/* Round 105 (planners): a body above the five fields answers the follow-up
 * questions it heads; a plan's labels ("Action item:", "Env:", "Hot spot
 * (GPU):") serve the fields; a concession about what is deferred ("backlog:
 * tokenizer, but every request waits for it") is the learner's claim. */
static void test_rule_planners(void **state)
{
	(void)state;
	const char *body = "Hypotheses for copy_/to:\n"
			   "1. Dtype casts: fp32 buffers cast to bf16 each layer. Test: record_shapes shows the input "
			   "dtype of aten::to; fp32 in confirms, bf16 in rejects.\n"
			   "2. Host-to-device movement of the inputs. Test: look for Memcpy HtoD in the trace; none "
			   "means it's not this.\n\n";
	char buf[2048];
	snprintf(buf, sizeof(buf), "%s%s", body, PART_A_FIVE);
	assert_true(passes(buf, "hypothesis-experiments"));
	/* ... and with nothing above the fields, nothing is found there. */
	assert_false(passes(PART_A_FIVE, "hypothesis-experiments"));
	const char *plan = "Scope: 4096-token prompt, 128 out, bf16, bs 1\nEnv: L4\n"
			   "Hot spot (GPU): matmul 38.4 ms and flash attention 31.7 ms\n"
			   "Hot spot (CPU): tokenizer 22 ms\n"
			   "Action item: re-profile with record_shapes=True and with_stack=True to find who calls to()\n";
	assert_true(passes(plan, "single-experiment"));
	assert_true(passes(plan, "movement-first"));
	const char *head = PART_A_FIVE;
	assert_true(passes_with(part_a, head,
				"\nbacklog: tokenizer (22 ms CPU, nothing to do with the GPU, but every request waits "
				"for it before prefill)\n",
				"tokenizer-latency"));
	assert_false(passes_with(part_a, head, "\nbacklog: tokenizer (22 ms CPU, nothing to do with the GPU)\n",
				 "tokenizer-latency"));
}

/* `whole: true`: a goal is goal-only when it is the Next experiment's whole
 * value, under any of its labels and inside markdown emphasis; a goal with
 * its method is an experiment. */
static void test_rule_whole_value(void **state)
{
	(void)state;
	const char *head = "Workload: Llama 3 8B, 4096-token prompt\nHardware: L4\nTop CUDA time: matmul 38.4 ms\n"
			   "Top CPU / orchestration cost: tokenizer 22 ms\n";
	static const char *const goals[] = {
		"Next experiment: try to reduce the copies.\n",
		"**Next experiment:** _fix copy_ and to_\n",
		"Next experiment: get rid of the casts / copies!\n",
		"Action items: fix the casts\n", /* a planner's label: the rule reads the field, not the words */
	};
	for (size_t i = 0; i < sizeof(goals) / sizeof(*goals); i++) {
		assert_false(passes_with(part_a, head, goals[i], "movement-first"));
		assert_false(passes_with(part_a, head, goals[i], "single-experiment"));
	}
	const char *method = "Next experiment: reduce the copies by loading the model in bf16 and re-profiling "
			     "with record_shapes=True.\n";
	assert_true(passes_with(part_a, head, method, "movement-first"));
	assert_true(passes_with(part_a, head, method, "single-experiment"));
}

/* Round 110 (an HPC lab): two profilers in one Next experiment are two
 * runs, one profiler with several settings is one, and a profiler's roof
 * or its NVTX annotations are no second tool; Part B's copies (0.4 ms)
 * blamed for the decode are the wrong diagnosis; "X next." and "What I
 * would do:" name the next experiment in a report without labels. */
static void test_rule_hpc_lab(void **state)
{
	(void)state;
	assert_false(passes_with(part_a, PART_A_FOUR,
				 "Next experiment: nsys to see Memcpy HtoD, ncu on the copy kernels for bandwidth, and "
				 "torch.profiler with_stack=True to find the callers of to().\n",
				 "single-experiment"));
	assert_true(passes_with(part_a, PART_A_FOUR,
				"Next experiment: re-profile with record_shapes=True and with_stack=True to find who "
				"calls to().\n",
				"single-experiment"));
	assert_true(passes_with(part_a, PART_A_FOUR,
				"Next experiment: one nsys profile of a single request (with the torch.profiler NVTX "
				"ranges on) to see which kernels sit under aten::copy_.\n",
				"single-experiment"));
	struct gr_exercise *b = load_exercise("part-b");
	const char *head = "Workload: batch 1, 32 prompt tokens, 128 generated\nHardware: L4\n"
			   "Top CUDA time: aten::matmul 6.1 ms over 240 calls\n";
	assert_false(passes_with(b, head,
				 "Top CPU / orchestration cost: Python decode loop 38 ms: each step waits on a "
				 "host-to-device transfer before the next matmul, so the loop is latency-bound on PCIe.\n",
				 "overhead-bound"));
	assert_true(passes_with(b, head,
				"Top CPU / orchestration cost: Python decode loop (38 ms). GPU work is ~15 ms in total, "
				"so the host is the bottleneck; ~720 launches are too small to hide launch latency.\n",
				"overhead-bound"));
	assert_true(passes_in(b, "B: matmul top (240 calls), python loop 38ms. CUDA graphs next.\n",
			      "overhead-experiment"));
	gr_exercise_free(b);
	struct gr_exercise *c = load_exercise("part-c");
	assert_false(passes_in(c, "Looking at this, the copies dominate. What I would do: switch attention to "
				  "FlashAttention-2.\n",
			       "no-flash-attention"));
	gr_exercise_free(c);
}

/* Round 111 (support engineers answering a customer): "That said, we'd
 * recommend ... a fused Triton attention kernel" is the writer's own
 * proposal, not reported speech; renting a faster card is an experiment,
 * but no look at the copies; "set up a call" is no experiment; setting the
 * SDPA backend to flash is attention work. */
static void test_rule_support_desk(void **state)
{
	(void)state;
	assert_false(passes_with(part_a, PART_A_FIVE,
				 "\nThat said, since you have a kernel engineer free this sprint, we'd recommend they "
				 "start on a fused Triton attention kernel for L4 in parallel.\n",
				 "no-custom-attention"));
	const char *h100 = "Next experiment: rerun the same request on an H100 instance - with far more memory "
			   "bandwidth it should cut the copy and matmul time roughly in half.\n";
	assert_false(passes_with(part_a, PART_A_FOUR, h100, "movement-first"));
	assert_true(passes_with(part_a, PART_A_FOUR, h100, "single-experiment"));
	struct gr_exercise *b = load_exercise("part-b");
	const char *bh = "Workload: batch 1, 32 prompt tokens, 128 generated\nHardware: L4\n"
			 "Top CUDA time: aten::matmul 6.1 ms over 240 calls\n"
			 "Top CPU / orchestration cost: Python decode loop 38 ms\n";
	const char *move = "Next experiment: We'd recommend moving this workload to an H100 - it would cut these "
			   "times roughly in half.\n";
	assert_true(passes_with(b, bh, move, "single-experiment"));
	assert_false(passes_with(b, bh, move, "overhead-experiment"));
	gr_exercise_free(b);
	struct gr_exercise *c = load_exercise("part-c");
	const char *ch = "Workload: 7B decoder-only LLM, decode, one step\nHardware: A100\n"
			 "Top CUDA time: aten::copy_, 61% of CUDA time\n"
			 "Top CPU / orchestration cost: Python decode loop 11.0 ms\n";
	assert_false(passes_with(c, ch, "Next experiment: happy to set up a call with one of our engineers to walk "
					"through this!\n",
				 "single-experiment"));
	assert_false(passes_with(c, ch, "Next experiment: set the SDPA backend to flash and re-profile.\n",
				 "no-flash-attention"));
	assert_false(passes_with(c, ch, "Next experiment: move the job to an H100 node - 3.35 TB/s would cut the "
					"copy time by more than half.\n",
				 "movement-experiment"));
	gr_exercise_free(c);
}

/* Each bullet says its own thing: the first hypothesis's test is no test
 * of the second, the bullet after it (plan_lists, the stretch's, reads a
 * plan's bullets together instead). A sentence that goes on about the
 * bullet before ("- It adds to TTFT") still reaches it. */
static void test_rule_list_items_apart(void **state)
{
	(void)state;
	const char *one = "Hypotheses:\n"
			  "- fp32 weights cast to bf16 at every forward. If record_shapes shows float32 going "
			  "into aten::to, that's confirmed; bf16 in rejects it.\n"
			  "- The generation loop moves tensors between host and device.\n";
	assert_false(passes_with(part_a, PART_A_FIVE, one, "hypothesis-experiments"));
	const char *both = "Hypotheses:\n"
			   "- fp32 weights cast to bf16 at every forward. If record_shapes shows float32 going "
			   "into aten::to, that's confirmed; bf16 in rejects it.\n"
			   "- The generation loop moves tensors between host and device. If the trace shows "
			   "Memcpy HtoD rows, confirmed; none, rejected.\n";
	assert_true(passes_with(part_a, PART_A_FIVE, both, "hypothesis-experiments"));
	assert_true(passes_in(part_a, "Workload: 4096-token prefill\nHardware: L4\n"
				      "Top CUDA time: matmul 38.4 ms\n"
				      "- Top CPU / orchestration cost: tokenizer.encode 22 ms on the CPU\n"
				      "- It still adds to TTFT: the request waits for it before prefill.\n",
			      "tokenizer-latency"));
}

/* Round 112 (design docs): "## Decision" or "Proposal:" heads the next
 * experiment; a pick left to the design review is none; "reduce-overhead"
 * (a torch.compile mode) and "CPU launch overhead" are no judgement of the
 * copies; "flash attention is 2.4 ms" states a time, proposes nothing; a
 * plain title ("Design") ends a Non-goals block; snake_case range names
 * in a comma list are names, not keywords. */
static void test_rule_design_docs(void **state)
{
	(void)state;
	struct gr_exercise *b = load_exercise("part-b");
	assert_true(passes_in(b, "# ADR-0412: Part B decode triage\n\n## Context\nDecode at batch 1 on an L4: ~720 "
				 "tiny launches, a 38 ms Python loop against ~15 ms of GPU work.\n\n## Decision\nCapture "
				 "the per-token decode step as a CUDA graph and replay it; measure ms/token vs eager.\n",
			      "single-experiment"));
	gr_exercise_free(b);
	assert_false(passes_with(part_a, PART_A_FOUR,
				 "Next experiment: one of record_shapes, an nsys trace, a bf16 reload or pinned memory.\n"
				 "All four are cheap; we should discuss in design review which to run first.\n",
				 "single-experiment"));
	assert_false(passes_in(part_a, "Workload: 4096-token prefill, bf16\nHardware: L4\nTop CUDA time: matmul 38.4 ms\n"
				       "Top CPU / orchestration cost: copy_ 20.4 ms, to 16.8 ms - CPU launch overhead dominates\n"
				       "Next experiment: capture the loop in CUDA graphs (torch.compile mode=\"reduce-overhead\")\n",
			       "math-vs-movement"));
	struct gr_exercise *c = load_exercise("part-c");
	assert_true(passes_in(c, "Workload: 7B decode, one step\nHardware: A100\nTop CUDA time: aten::copy_, 61% of CUDA time\n"
				 "Top CPU / orchestration cost: copy_ 26.1 ms\n"
				 "Next experiment: I would NOT write a custom attention kernel yet - flash attention is 2.4 "
				 "ms. Instead: rerun with record_shapes=True and split the copy_ calls by dtype pair.\n",
			      "no-flash-attention"));
	gr_exercise_free(c);
	struct gr_exercise *st = load_exercise("stretch");
	assert_true(passes_in(st, "Non-goals\n- A custom attention kernel (not the first suspect).\n\nDesign\n"
				  "Use the context manager form, torch.cuda.nvtx.range(name):\n"
				  "  with torch.cuda.nvtx.range(\"tokenizer\"):   ids = tok.encode(prompt)\n"
				  "  with torch.cuda.nvtx.range(\"h2d\"):         ids = ids.cuda()\n"
				  "  with torch.cuda.nvtx.range(\"prefill\"):     model(ids)\n",
			      "ranges-named"));
	assert_true(passes_in(st, "Decision: label the request with torch.profiler.record_function spans:\n"
				  "  tokenize_prompt, inputs_to_gpu, cast_kv_bf16, prefill, decode_step\n",
			      "ranges-named"));
	gr_exercise_free(st);
}

/* Round 113 (answers an AI assistant drafted): an activity alone
 * ("Next experiment: profiling") names no experiment, while "profile
 * again" is one, if weak; "My one change: ..." names the next experiment
 * of a report without labels. */
static void test_rule_assistant_drafts(void **state)
{
	(void)state;
	assert_false(passes_with(part_a, PART_A_FOUR, "Next experiment: profiling\n", "single-experiment"));
	assert_true(passes_with(part_a, PART_A_FOUR, "Next experiment: profile again\n", "single-experiment"));
	struct gr_exercise *c = load_exercise("part-c");
	assert_false(passes_in(c, "The copies are 61% of CUDA time on this 7B decode step.\n\nMy one change: turn on "
				  "FlashAttention 2 (attn_implementation=\"flash_attention_2\") and measure the decode "
				  "step again.\n",
			       "no-flash-attention"));
	gr_exercise_free(c);
}

/* Round 114 (game developers): "the ML version of batching draw calls:
 * record the decode step as a CUDA graph" is one experiment; the tokenizer
 * "costs nothing on the GPU timeline, but the request waits for it" and
 * "added to TTFT no matter how fast the kernels are" are no dismissal;
 * "Pass:Tokenize" is a range name. */
static void test_rule_game_devs(void **state)
{
	(void)state;
	struct gr_exercise *b = load_exercise("part-b");
	assert_true(passes_in(b, "Workload: batch 1 decode\nHardware: L4\nTop CUDA time: aten::matmul 6.1 ms, 240 calls\n"
				 "Top CPU / orchestration cost: Python decode loop 38 ms, ~720 launches\n"
				 "Next experiment: the ML version of batching draw calls: record the whole decode step once "
				 "as a CUDA graph and replay it each token, then compare ms/token against eager.\n",
			      "single-experiment"));
	gr_exercise_free(b);
	assert_true(passes_with(part_a, PART_A_FIVE,
				"\nAbout the tokenizer: it costs nothing on the GPU timeline, but a user's request still "
				"has to wait for it. Those 22 ms are added to time-to-first-token no matter how fast the "
				"kernels are.\n",
				"tokenizer-latency"));
	struct gr_exercise *st = load_exercise("stretch");
	assert_true(passes_in(st, "Every pass gets a label: torch.cuda.nvtx.range_push(\"Pass:Tokenize\") ... "
				  "torch.cuda.nvtx.range_pop(), and likewise \"Pass:UploadIds\", \"Pass:CastWeights\", "
				  "\"Pass:Prefill\".\n",
			      "ranges-named"));
	gr_exercise_free(st);
}

/* Rounds 133-134: database engineers and East Asian ESL writers. Negation
 * written without spaces ("先不做 FlashAttention", "FlashAttention ではない")
 * rejects; "suspicious of anyone calling it GEMM-bound" rejects what it
 * names; a result cache is an experiment of its own; "Also ..." opening
 * the sentence after a first experiment adds a second; "calls=226" after
 * "share=0.61" is the next key, not the share's unit; an attention mask is
 * no attention kernel. */
static void test_rule_cjk_and_database_rounds(void **state)
{
	(void)state;
	struct gr_exercise *c = load_exercise("part-c");
	const char *c4 = "Workload: 7B decode\nHardware: A100\nTop CUDA time: aten::copy_ 61%\n"
			 "Top CPU / orchestration cost: Python decode loop 11 ms\n";
	char buf[1024];
	snprintf(buf, sizeof(buf), "%sNext experiment: record_shapes=True to group copy_ by dtype, "
		 "\xE5\x85\x88\xE4\xB8\x8D\xE5\x81\x9A FlashAttention.\n", c4);
	assert_true(passes_in(c, buf, "no-flash-attention"));
	snprintf(buf, sizeof(buf), "%sNext experiment: record_shapes=True to group copy_ by dtype. "
		 "FlashAttention \xE3\x81\xA7\xE3\x81\xAF\xE3\x81\xAA\xE3\x81\x84.\n", c4);
	assert_true(passes_in(c, buf, "no-flash-attention"));
	snprintf(buf, sizeof(buf), "%sNext experiment: record_shapes=True to see the dtypes of the copies. Also "
		 "switch the transfers to pinned memory and see if copy_ drops.\n", c4);
	assert_false(passes_in(c, buf, "single-experiment"));
	snprintf(buf, sizeof(buf), "%sNext experiment: record_shapes=True to see the dtypes of the copies, "
		 "then compare.\n", c4);
	assert_true(passes_in(c, buf, "single-experiment"));
	assert_true(passes_in(c, "Workload: 7B\nTop CUDA time: aten::copy_  24.4 ms  share=0.61  calls=226\n",
			      "copy-share"));
	gr_exercise_free(c);
	struct gr_exercise *b = load_exercise("part-b");
	const char *b4 = "Workload: batch 1 decode\nHardware: L4\nTop CUDA time: aten::matmul 6.1 ms, 240 calls\n";
	snprintf(buf, sizeof(buf), "%sTop CPU / orchestration cost: Python decode loop 38 ms, 2.5x the GPU total: "
		 "launch overhead. I'd call this overhead-bound, and I'd be suspicious of anyone calling it "
		 "GEMM-bound.\n", b4);
	assert_true(passes_in(b, buf, "overhead-bound"));
	snprintf(buf, sizeof(buf), "%sNext experiment: cache the result of the copy_ so we don't re-materialize it.\n", b4);
	assert_true(passes_in(b, buf, "single-experiment"));
	snprintf(buf, sizeof(buf), "%sNext experiment: put a result cache in front and capture a CUDA graph.\n", b4);
	assert_false(passes_in(b, buf, "single-experiment"));
	gr_exercise_free(b);
	assert_true(passes_with(part_a, PART_A_FIVE,
				"Hypotheses: H1 fp32 weights cast each forward; H2 the attention mask is built on the "
				"CPU and offloaded to the GPU each step.\n",
				"no-custom-attention"));
	assert_false(passes_with(part_a, PART_A_FIVE, "After that, offload attention to our inference accelerator this week.\n",
				 "no-custom-attention"));
}

/* Rounds 135-136: scientists and phone typists. "mat mul" (autocorrect)
 * is no Hindi "mat" (don't); "... is deferred" rejects what comes before
 * it; "We propose a single follow-up: ..." is the next experiment of a
 * report without labels; a batch "to be raised" is batching; the
 * command alone on the first line is no part of the keyword dump under it;
 * a keyword dump inferred as the next experiment is no proposal slot. */
/* Two blind-round reports whole (part-a-blind149/012.md, part-a-blind150/003.md):
 * what they test depends on their other lines. */
static const char SV_REPORT[] = "grader new part-a\n\nWorkload: decoder-only LLM, 4096 in, 128 out, bf16, batch 1\n"
		  "Hardware: L4\nTop CUDA time: matmul 38.4 + attention 31.7 ms = n\xC3\xB6""dv\xC3\xA4"
		  "ndig matte. copy_ 19.6 + to 15.1 ms = flytt/cast, 2.8 GiB, borde inte beh\xC3\xB6vas.\n"
		  "Top CPU / orchestration cost: tokenizer.encode 22 ms p\xC3\xA5 CPU \xE2\x80\x93"
		  " inte GPU-arbete, men ligger i TTFT.\n"
		  "Next experiment: en ny profilering med record_shapes=True och with_stack=True \xE2\x80\x93"
		  " vem anropar to(), fr\xC3\xA5n vilken dtype/device?\n\n"
		  "H1: vikter i fp32 som castas till bf16 \xE2\x86\x92"
		  " test: record_shapes visar float32 in till aten::to; annars \xC3\xA4r H1 f\xC3\xB6rkastad.\n"
		  "H2: CPU\xE2\x86\x94GPU-kopior (.cpu()/.to(\"cuda\")) \xE2\x86\x92"
		  " test: Memcpy HtoD/DtoH i tracen; finns de inte \xC3\xA4r H2 f\xC3\xB6rkastad.\n\n"
		  "Inte \xC3\xA4n: egen attention-kernel. Den \xC3\xA4r redan flash och g\xC3\xB6"
		  "r riktig matte; kopiorna \xC3\xA4r of\xC3\xB6rklarade.\n\n/\xC3\x85sa\n";
static const char SEV2_TICKET[] = "[SEV2] LLM inference latency regression - L4 pool\n\nImpact\n"
		    "p99 TTFT blown, error budget burning. Every op in the profile is hot.\n\nDetection\n"
		    "Profiler table attached by on-call (14:02 UTC).\n\nRoot cause\n"
		    "GPU is saturated. matmul 38.4 ms, attention 31.7 ms, copy_ 19.6, to 15.1, slice 436 calls, tokenizer 22 ms. Copies are probably KV cache writes.\n"
		    "\nMitigation / action items\n"
		    "- @kenji: write a fused Triton attention kernel to replace SDPA (biggest win)\n"
		    "- @mara: fuse copy_ and to into one kernel\n"
		    "- @dev-oncall: swap tokenizer to the Rust fast tokenizer, 22 ms of CPU sits directly in TTFT\n"
		    "- @kenji: torch.compile to get rid of the 436 slices\n- @mara: try int8 matmul\n"
		    "Rollback plan: pin previous container tag.\n";

/* Rounds 149-150: Dutch, German and Nordic writers; SRE incident tickets. */
static void test_rule_nordic_and_sre_rounds(void **state)
{
	(void)state;
	/* Dutch, Swedish and Danish negation: "Niet nu:", "Inte än:" defer. */
	assert_true(passes_with(part_a, PART_A_FIVE,
				"Niet nu: een eigen attention-kernel. Attention is al flash en doet echt werk; "
				"eerst de kopie\xC3\xABn verklaren.\n", "not-yet"));
	assert_true(passes_with(part_a, PART_A_FIVE,
				"Inte \xC3\xA4n: egen attention-kernel. Den \xC3\xA4r redan flash och g\xC3\xB6r riktig "
				"matte; kopiorna \xC3\xA4r of\xC3\xB6rklarade.\n", "not-yet"));
	/* Their words of a claim: a Swedish report is no keyword list once
	 * "inte" negates ("... - inte GPU-arbete, men ligger i TTFT"). */
	assert_true(passes_in(part_a, SV_REPORT, "tokenizer-latency"));
	/* An owner's tag before an imperative ("@kenji: write ..."): the verb
	 * opens the clause, so the ticket's action item proposes the kernel. */
	assert_false(passes_in(part_a, SEV2_TICKET, "no-custom-attention"));
	/* "1.) A: ..." numbers the contrast's bullets. */
	struct gr_exercise *b = load_exercise("part-b");
	assert_true(passes_in(b, "Contrast with Part A:\n1.) A: matmul is real math, 18 calls of ~2 ms on a 4096-token "
				 "prefill.\n2.) B: matmul is 240 tiny GEMMs of ~25 us; launch and dispatch, not FLOPs.\n"
				 "3.) A had flash attention and copies were the problem; B's problem is the Python loop.\n"
				 "4.) Fused attention is wrong here: no attention op in the table, and the time goes to "
				 "launches and Python.\n", "contrast-bullets"));
	gr_exercise_free(b);
	/* "tensors get moved CPU <-> GPU" (a two-way arrow) is host/device movement. */
	assert_true(passes_with(part_a, PART_A_FIVE,
				"Two hypotheses:\n(a) some weights are fp32 and get cast to bf16 at runtime\n"
				"(b) tensors get moved CPU \xE2\x86\x94 GPU inside the forward\n", "copy-hypotheses"));
}

/* Rounds 151-152: Italian and Spanish; Polish, Czech, Ukrainian and Turkish. */
static void test_rule_italian_and_slavic_rounds(void **state)
{
	(void)state;
	/* Italian "non ... ancora" defers; "però" (but) opens a clause, so the
	 * tokenizer's latency is affirmed after "Non è GPU". */
	assert_true(passes_with(part_a, PART_A_FIVE,
				"Non ottimizzerei ancora: l'attention. \xC3\x88 gi\xC3\xA0 un kernel flash e fa conto vero; "
				"prima le copie.\n", "not-yet"));
	assert_true(passes_in(part_a, "Top CPU / orchestration cost: tokenizer.encode 22 ms. Non \xC3\xA8 GPU, per\xC3\xB2 "
				      "la richiesta lo aspetta, quindi entra nella latenza.\n", "tokenizer-latency"));
	/* "non blocking", said without its hyphen, is the setting, not a "no". */
	struct gr_exercise *c = load_exercise("part-c");
	assert_false(passes_in(c, "Next experiment: check the dtypes of the copies with record shapes, and maybe also try "
				 "pinned memory and non blocking on the .to calls, and if there's time torch compile the "
				 "decode step\n", "single-experiment"));
	gr_exercise_free(c);
	/* A list of names with an explanation in parentheses after it is the
	 * stretch's answer, not a keyword list. */
	struct gr_exercise *st = load_exercise("stretch");
	assert_true(passes_in(st, "record_function ranges: tokenize, h2d_inputs, cast_dtype, prefill, decode_step "
				  "(tokenizer=22ms CPU before first token, copy/to 54 calls 2.8GiB, forward split prefill "
				  "vs decode)\n", "ranges-api"));
	gr_exercise_free(st);
}

/* Round 156: what a probe's result decides is no second experiment, even
 * with no comma after the condition, and a choice made "then", after it. */
static void test_rule_bootcamp_round(void **state)
{
	(void)state;
	assert_true(passes_in(part_a, "Next experiment: re-profile with record_shapes=True and sort by aten::to. "
				      "Depending on what it shows I'd then load the model in bf16.\n", "single-experiment"));
	assert_true(passes_in(part_a, "Next experiment: re-profile with record_shapes=True + with_stack=True and sort by "
				      "aten::to. depending on what it shows I'd then either load the model in bf16 properly "
				      "or move input creation onto the gpu, but first I need to know which\n",
			      "single-experiment"));
	assert_false(passes_in(part_a, "Next experiment: either load the model in bf16 or move input creation onto the "
				       "gpu.\n", "single-experiment"));
}

/* Rounds 157-158: a short answer with a subject of its own ("Bullets
 * later.") defers that subject, not the sentence before it; a cue whose
 * object is a number ("instead of 1") takes nothing back; a list a line of
 * prose introduces keeps its items together. */
static void test_rule_gamedev_round(void **state)
{
	(void)state;
	struct gr_exercise *b = load_exercise("part-b");
	assert_true(passes_in(b, "grader new part-b\nGPU-bound on matmul. Next: fused attention kernel since that's what "
				 "worked in A.\nBullets later.\n", "single-experiment"));
	assert_false(passes_in(b, "grader new part-b\nNext: fused attention kernel since that's what worked in A.\n"
				  "Maybe later.\n", "single-experiment"));
	assert_true(passes_in(b, "Next experiment: serve 8 requests per decode step instead of 1 (same loop, same "
				 "launches), compare tokens/s and ms/step.\n", "overhead-experiment"));
	gr_exercise_free(b);
	assert_true(passes_in(part_a, "Next experiment: re-profile with record_shapes=True\n\nMapping it to what I know:\n"
				      "1. to() is our staging copy, CPU -> GPU, every call.\n"
				      "2. copy_ is a format conversion on upload (fp32 -> bf16).\n", "copy-hypotheses"));
}

/* Rounds 159-160 (anxious beginners; embedded engineers): an edit gives a
 * field again and replaces it; "EDIT: scratch that" takes back the
 * sentence before; "Not nothing!" takes nothing back; a question to the
 * TA fills no field; a long statement that ends in a doubt still claims;
 * "REQ-5" numbers a line; a sheet of values ("| REG | VAL | UNIT |") is
 * read as fields; a field an edit adds below the body closes no body. */
static void test_rule_anxious_and_embedded_round(void **state)
{
	(void)state;
	struct gr_exercise *b = load_exercise("part-b"), *c = load_exercise("part-c");
	const char *edited = "Next experiment: batch several requests together or use CUDA graphs\n"
			     "EDIT: scratch that, only one is allowed. Next experiment: CUDA graphs for the decode step, "
			     "measured as ms/token before and after.\n";
	assert_true(passes_in(b, edited, "single-experiment"));
	assert_true(passes(PART_A_FOUR "Next experiment: torch.compile the whole model and see. EDIT: scratch that, "
				       "compile would hide the copies. Next experiment: load the model with "
				       "torch_dtype=torch.bfloat16 and re-profile.\n",
			   "single-experiment"));
	assert_true(passes("Top CPU / orchestration cost: tokenizer.encode (22 ms, CPU)\n\n- tokenizer: CPU only, but "
			   "it's serial before the first forward, so those 22 ms are inside time-to-first-token. Not "
			   "nothing!\n",
			   "tokenizer-latency"));
	assert_false(passes("Workload: a decoder-only LLM?\nHardware: L4\nTop CUDA time: is it matmul (38.4) or do I "
			    "add attention to it?\nTop CPU / orchestration cost: tokenizer\nNext experiment: what kind "
			    "of experiment do you mean?\n",
			    "report-fields"));
	assert_true(passes(PART_A_FOUR "Next experiment: probably re-profile with record_shapes=True? not sure.\n",
			   "report-fields"));
	assert_true(passes_in(c, "REQ-1  Workload: SHALL be 7B decode.\nREQ-2  Hardware: A100\nREQ-3  Top CUDA time: "
				 "aten::copy_ = 61% of device time\nREQ-4  Top CPU / orchestration cost: loop 11 ms\n"
				 "REQ-5  Next experiment: SHALL re-run the profiler with record_shapes=True and group "
				 "copy_ by dtype and device.\n",
			      "field-names"));
	const char *sheet = "| REG | VAL | UNIT |\n|---|---|---|\n| TOP CUDA | aten::copy_ | 61 % |\n"
			    "| NEXT | RECORD_SHAPES=1, GROUP COPY_ BY DTYPE+DEVICE | - |\n";
	assert_true(passes_in(c, sheet, "copy-share"));
	assert_true(passes_in(c, sheet, "movement-experiment"));
	gr_exercise_free(b);
	gr_exercise_free(c);
	struct gr_exercise *st = load_exercise("stretch");
	assert_true(passes_in(st, "Ranges (record_function):\n- `tokenize` - around `tokenizer.encode(prompt)`, "
				  "because the table says 22 ms of CPU and 0 ms CUDA so maybe the GPU is just waiting?\n"
				  "- `cast_dtype` - around the .to(torch.bfloat16) calls (2.8 GiB?? seems a lot)\n"
				  "- `prefill` - the first forward?\n- `decode_step` - each step, I think?\n",
			      "ranges-cover-suspects"));
	gr_exercise_free(st);
}

/* Rounds 161-162 (competitive programmers; managers): "⇒ H1" states an
 * outcome and "E1:" numbers a test; a quoted name alone on its line is a
 * list's entry; a look's own questions after a colon leave the look
 * proposed; "find out X. <how>." is one experiment; "the team jumps to a
 * custom kernel" is a risk, not the learner's proposal. */
static void test_rule_competitive_and_managers_round(void **state)
{
	(void)state;
	assert_true(passes("H1: host<->device transfers (.to(\"cuda\") on inputs per step)\n"
			   "H2: dtype conversion fp32->bf16 somewhere in the model\n"
			   "E1: the nsys run above \xE2\x80\x94 Memcpy HtoD/DtoH rows \xE2\x87\x92 H1, none \xE2\x87\x92 reject\n"
			   "E2: check dtypes of parameters after loading; all bf16 \xE2\x87\x92 reject H2\n",
			   "hypothesis-experiments"));
	assert_true(passes(PART_A_FIVE "\nRisk: team jumps to a custom attention kernel. Mitigation: not now.\n",
			   "no-custom-attention"));
	struct gr_exercise *c = load_exercise("part-c"), *st = load_exercise("stretch");
	assert_true(passes_in(c, "Next experiment: re-profile with record_shapes=True and look at copy_'s input dtypes "
				 "& devices: fp32\xE2\x86\x92" "bf16 cast? cpu\xE2\x86\x92" "cuda?\n",
			      "single-experiment"));
	assert_true(passes_in(c, "Next experiment: find out where the copies go. Add a quick hook that logs src/dst dtype "
				 "and device for every .to()/copy_ in one decode step, then decide.\n",
			      "single-experiment"));
	assert_true(passes_in(st, "todo before next run (record_function):\n  \"tokenize\"\n  \"inputs_h2d\"\n"
				  "  \"dtype_cast\"\nforward itself doesnt need a range.\n",
			      "ranges-named"));
	assert_true(passes_in(st, "torch.cuda.nvtx.range_push/range_pop:\n\"tokenize\" | \"prefill\" | \"decode_step\"\n",
			      "ranges-named"));
	gr_exercise_free(c);
	gr_exercise_free(st);
}

static void test_rule_southeast_asian_and_assistant_round(void **state)
{
	(void)state;
	struct gr_exercise *st = load_exercise("stretch"), *b = load_exercise("part-b");
	/* a column of keywords, each on its own line, claims nothing */
	const char *column = "NVTX\nrecord_function\ntokenizer\ncopy_ / to\nprefill\ndecode\nNsight\n";
	assert_false(passes_in(st, column, "ranges-api"));
	assert_false(passes_in(st, column, "ranges-cover-suspects"));
	/* ... nor does a bullet list shown as the topic's key concepts */
	const char *concepts = "### Key Concepts\n- NVTX\n- record_function\n- tokenizer\n- copy_ / to\n- prefill\n"
			       "- decode\n- Nsight Systems\n\nThese are the key concepts to consider.\n";
	assert_false(passes_in(st, concepts, "ranges-named"));
	assert_false(passes_in(st, concepts, "ranges-cover-suspects"));
	/* a Malay plan is a claim, not a keyword list */
	assert_true(passes_in(st, "Julat (range) yang saya akan tambah sebelum run seterusnya, guna "
				  "torch.cuda.nvtx.range_push(\"nama\") / torch.cuda.nvtx.range_pop() supaya nampak dalam "
				  "Nsight Systems:\n1. \"tokenize\" - tokenizer.encode\n2. \"cast_bf16\" - semua .to(dtype)\n"
				  "3. \"prefill\" - forward pertama\n", "ranges-api"));
	/* Indonesian and Vietnamese decline a range; "name later" defers only the name */
	assert_false(passes_in(st, "record_function:\n  \"tokenize\"    -> tokenizer.encode\n  \"prefill\" -> forward\n"
				   "  \"decode_step\" -> tiap token\ncopy_ dan to sudah kelihatan di tabel (54 calls, 2.8 GiB), "
				   "tidak perlu range baru dulu.\n", "ranges-cover-suspects"));
	assert_true(passes_in(st, "Will add ranges with torch.autograd.profiler.record_function:\n`tokenize` for the "
				  "tokenizer\n`prefill` for the first forward\nand one more around the .to()/copy part + one "
				  "per decode step, name later.\n", "ranges-cover-suspects"));
	/* a field that introduces a numbered list keeps it as its value */
	assert_true(passes_in(b, "Workload: batch 1, decode 128\nHardware: L4\nTop CUDA time: aten::matmul 6.1 ms\n"
				 "Top CPU / orchestration cost: Python decode loop 38 ms\nNext experiment: my pick:\n"
				 "1. Capture the decode step in a CUDA graph and replay it\n", "overhead-experiment"));
	gr_exercise_free(st);
	gr_exercise_free(b);
	/* Not-yet headings and reasons in Tagalog, Malay, Indonesian and Vietnamese */
	assert_true(passes_with(part_a, PART_A_FIVE, "Yang belum dioptimasi: custom attention kernel. Tidak perlu kernel "
						   "baru dulu, attention sudah flash, copy belum dijelaskan.\n", "not-yet"));
	assert_true(passes_with(part_a, PART_A_FIVE, "Không cần tối ưu: kernel attention. Nó đã là flash attention, làm "
						   "math thật.\n", "not-yet"));
	assert_true(passes_with(part_a, PART_A_FIVE, "Chua toi uu: attention kernel. Da la flash attention, la math that.\n",
				"no-custom-attention"));
	/* Vietnamese "nao" (which) typed without its marks denies nothing */
	assert_true(passes_in(part_a, "Next experiment: profile lai voi with_stack=True de biet dong code nao goi .to()\n",
			      "movement-first"));
	assert_true(passes_in(part_a, "Top CUDA time: matmul + flash attention ~70 ms la tinh toan; copy_ + to ~35 ms la di "
				      "chuyen du lieu (2.8 GiB), nghi ngo\n", "math-vs-movement"));
}

static void test_rule_pasted_rubrics_and_east_african_round(void **state)
{
	(void)state;
	struct gr_exercise *b = load_exercise("part-b"), *c = load_exercise("part-c");
	/* a pasted rubric is the task's words: its numbered criteria answer no question */
	const char *rubric = "Rubric:\n1. Separates model math from avoidable movement.\n2. Mentions that tokenizer CPU time "
			     "still affects request latency.\n3. Does not propose a custom attention kernel.\n\n---\n\n";
	char buf[2048];
	snprintf(buf, sizeof(buf), "%s%s\nHypotheses:\n- weights kept in fp32 and cast to bf16 every forward\n- inputs "
				   "moved from CPU to GPU every step\n",
		 rubric, PART_A_FIVE);
	assert_true(passes_in(part_a, buf, "copy-hypotheses"));
	/* ... and an inline "Rubric:" line earns nothing */
	assert_false(passes_in(c, "Rubric: movement-experiment: Next experiment is about dtype or device movement, e.g. "
				  "record_shapes to group copy_ by dtype and device\n> Top CUDA time: aten::copy_ 61%\n> Next "
				  "experiment: TODO\n", "movement-experiment"));
	/* a template's stand-ins are not the learner's words */
	assert_false(passes_in(c, "Workload: <fill in>\nHardware: <fill in>\nTop CUDA time: <fill in>\nTop CPU / "
				  "orchestration cost: <fill in>\nNext experiment: <fill in>\n", "no-flash-attention"));
	/* "same as Part A" is another answer's value, not this run's */
	assert_false(passes_in(c, "Workload: same as Part A\nHardware: same as Part A\nTop CUDA time: aten::copy_, 61%\n"
				  "Top CPU / orchestration cost: python decode loop 11ms\nNext experiment: record_shapes, group "
				  "copy_ by dtype\n", "field-names"));
	/* an export of one's own WhatsApp messages: the date, time and name go */
	assert_true(passes_in(c, "[03/12/2025, 09:14] Neema: Workload: 7B decode, one step\n[03/12/2025, 09:15] Neema: "
				 "Hardware: A100\n[03/12/2025, 09:15] Neema: Top CUDA time: aten::copy_ 61%\n[03/12/2025, "
				 "09:16] Neema: Top CPU / orchestration cost: python loop 11ms\n[03/12/2025, 09:17] Neema: Next "
				 "experiment: cast the model to bf16 at load and re-profile\n",
			      "field-names"));
	/* Swahili labels name the fields (not spelled as the template, but read) */
	assert_true(passes_in(c, "Mzigo wa kazi: 7B decode\nVifaa: A100\nMuda wa juu wa CUDA: aten::copy_ = 61% ya muda wa "
				 "CUDA\nGharama ya CPU: Python loop 11 ms\nJaribio linalofuata: profile tena na "
				 "record_shapes=True, kisha panga copy_ kwa dtype na device\n",
			      "movement-experiment"));
	/* a spaced "&" joins a claim as "and" does: not a keyword list */
	assert_true(passes_in(part_a, "Top CUDA time: matmul 38.4 ms & flash attention 31.7 ms (model math, expected) vs. "
				      "copy_ 19.6 ms & to 15.1 ms (data movement, 2.8 GiB, suspicious)\n",
			      "math-vs-movement"));
	/* "the wrong next step" is no next experiment to infer */
	assert_true(passes_in(b, "Workload: batch 1\nHardware: L4\nTop CUDA time: aten::matmul 6.1 ms\nTop CPU / "
				 "orchestration cost: Python loop 38 ms\nNext experiment: TBD\n\n- A: matmul = real math\n- B: "
				 "matmul = 240 tiny launches\n- Fused attention is the wrong next step: no attention op here\n- A "
				 "is GPU-bound, B is host-bound\n",
			      "contrast-bullets"));
	gr_exercise_free(b);
	gr_exercise_free(c);
	/* Swahili: "real math", and a not-yet heading */
	assert_true(passes_with(part_a, PART_A_FIVE, "Sitaboresha bado: kernel mpya ya attention. Tayari ni flash na ni "
						   "hesabu halisi; copies bado hazijaelezwa.\n", "not-yet"));
}

static void test_rule_debaters_round(void **state)
{
	(void)state;
	struct gr_exercise *b = load_exercise("part-b"), *c = load_exercise("part-c");
	const char *five = "Workload: 7B decode, one step\nHardware: H100\nTop CUDA time: aten::copy_ 61%\nTop CPU / "
			   "orchestration cost: python loop 11 ms\n";
	char buf[1024];
	/* a question answered "No" on the label's own line asks nothing of the learner */
	snprintf(buf, sizeof(buf), "%sNext experiment: Should I try FlashAttention? No.\n", five);
	assert_true(passes_in(c, buf, "no-flash-attention"));
	/* ... nor one answered with its reason ("No - attention is 2.4 ms", "Not while ...") */
	snprintf(buf, sizeof(buf), "%sNext experiment: Should we swap in FlashAttention? No - attention is 2.4 ms. One "
				   "profile with record_shapes=True, grouped by dtype.\n", five);
	assert_true(passes_in(c, buf, "no-flash-attention"));
	snprintf(buf, sizeof(buf), "%sNext experiment: record_shapes=True, group copy_ by dtype. Should I try "
				   "FlashAttention? Not while attention is 6%% and copies are 61%%.\n", five);
	assert_true(passes_in(c, buf, "no-flash-attention"));
	/* but an unanswered question still proposes */
	snprintf(buf, sizeof(buf), "%sNext experiment: Should I try FlashAttention? Yes: swap the attention backend to "
				   "FlashAttention-3 and time one decode step again.\n", five);
	assert_false(passes_in(c, buf, "no-flash-attention"));
	/* sarcasm: "Sure, let's ... Not." takes back the mock assent */
	snprintf(buf, sizeof(buf), "%sNext experiment: Sure, let's hand-write attention while 13 GiB gets copied. Not. "
				   "Turn on record_shapes and group copy_ by dtype.\n", five);
	assert_true(passes_in(c, buf, "no-flash-attention"));
	/* a condition defers: "only then would I", "even if FlashAttention were" */
	snprintf(buf, sizeof(buf), "%sNext experiment: load the weights in bf16 and re-profile. If attention still "
				   "dominates, only then would I look at FlashAttention.\n", five);
	assert_true(passes_in(c, buf, "no-flash-attention"));
	snprintf(buf, sizeof(buf), "%sNext experiment: Even if FlashAttention were twice as fast, it would save 1.2 ms. "
				   "Print every parameter's dtype and re-profile.\n", five);
	assert_true(passes_in(c, buf, "no-flash-attention"));
	/* a sentence broken off and answered "no" is taken back: one experiment */
	assert_true(passes_in(b, "Next experiment: fuse add+relu and... no, keep it to one thing: capture the decode step "
				 "as a CUDA graph and compare ms/token.\n", "single-experiment"));
	/* "too tiny to be math-bound", "Nobody should call that GEMM-bound": the trap denied */
	assert_true(passes_in(b, "Top CUDA time: 240 calls of ~25 us. These kernels are too tiny to be math-bound; they're "
				 "launch-bound.\n", "overhead-bound"));
	assert_true(passes_in(b, "Top CUDA time: 720 tiny kernels, ~15 ms. Nobody should call that GEMM-bound. The Python "
				 "loop is 38 ms, 2.5x the GPU: overhead-bound.\n", "overhead-bound"));
	/* Swahili "ni" is "is", not French "ni ... ni" */
	assert_true(passes_in(b, "Hii ni overhead-bound: GPU ina kazi ya ~15 ms tu, lakini Python inachukua 38 ms na kuna "
				 "launches 720 ndogo.\n", "overhead-bound"));
	gr_exercise_free(b);
	gr_exercise_free(c);
	/* "is movement that probably doesn't [need to happen]" describes; it takes nothing back */
	assert_true(passes_in(part_a, "Top CUDA time: matmul + flash attention (~70 ms) is math the prefill needs; copy_ + "
				      "to (~35 ms, 2.8 GiB) is movement that probably doesn't.\n", "math-vs-movement"));
}

static void test_rule_dictation_and_notebooks_round(void **state)
{
	(void)state;
	const char *four = "Workload: decoder-only LLM, 4096-token prompt, bf16, batch 1\nHardware: L4\nTop CUDA time: "
			   "matmul 38.4 ms + flash attention 31.7 ms is the model math; copy_ + to (35 ms, 2.8 GiB) is "
			   "movement\nTop CPU / orchestration cost: tokenizer 22 ms on the CPU, still on TTFT\n";
	char buf[2048];
	/* "grader new part a", as dictated: this exercise's own command, not another's */
	snprintf(buf, sizeof(buf), "grader new part a\n\n%sNext experiment: re-profile with record_shapes=True and "
				   "with_stack=True to see who calls to().\n", four);
	assert_true(passes_in(part_a, buf, "report-fields"));
	assert_true(passes_in(part_a, buf, "movement-first"));
	snprintf(buf, sizeof(buf), "grader new part dash a\n\n%sNext experiment: re-profile with record_shapes=True "
				   "and with_stack=True to see who calls to().\n", four);
	assert_true(passes_in(part_a, buf, "report-fields"));
	/* ... while "grader new part b" still answers another exercise */
	snprintf(buf, sizeof(buf), "grader new part b\n\n%sNext experiment: re-profile with record_shapes=True and "
				   "with_stack=True to see who calls to().\n", four);
	assert_false(passes_in(part_a, buf, "report-fields"));
	/* a later clause with its own subject and object puts off only what it names */
	snprintf(buf, sizeof(buf), "%sNext experiment: check the dtypes going into aten::to, but I would not touch "
				   "attention.\n", four);
	assert_true(passes_in(part_a, buf, "movement-first"));
	assert_true(passes_in(part_a, buf, "single-experiment"));
	snprintf(buf, sizeof(buf), "%sNext experiment: re-profile with record_shapes=True and with_stack=True to see "
				   "who calls aten::to, and I'd leave attention alone for now.\n", four);
	assert_true(passes_in(part_a, buf, "movement-first"));
	snprintf(buf, sizeof(buf), "%sNext experiment: re-profile with record_shapes=True to find the caller of "
				   "aten::to, because writing a custom attention kernel now would be premature.\n", four);
	assert_true(passes_in(part_a, buf, "movement-first"));
	/* ... and what the first clause proposes is still proposed */
	snprintf(buf, sizeof(buf), "%sNext experiment: switch to FlashAttention-3, and I'd leave the copies alone for "
				   "now.\n", four);
	assert_false(passes_in(part_a, buf, "no-custom-attention"));
	/* ... while "Attention, I would not optimise yet" still puts off attention */
	snprintf(buf, sizeof(buf), "%sNext experiment: check the dtypes going into aten::to.\nAttention, I would not "
				   "optimise yet, because it is already flash.\n", four);
	assert_true(passes_in(part_a, buf, "not-yet"));
	/* "actually no let's ...": the correction's own plan is affirmed */
	snprintf(buf, sizeof(buf), "%sNext experiment: re-profile with stacks I mean actually no let's just go straight "
				   "to a fused triton attention kernel tuned for the L4\n", four);
	assert_false(passes_in(part_a, buf, "no-custom-attention"));
	/* "like I almost said up top" points back; it is no second thought */
	snprintf(buf, sizeof(buf), "%sNext experiment: re-profile with record_shapes=True to see who calls to().\n"
				   "Not yet: the attention kernel, like I almost said up top it's already flash and it's "
				   "real math.\n", four);
	assert_true(passes_in(part_a, buf, "not-yet"));
	/* the verb elided after a contrast: "which we need, and ... which we probably don't" */
	assert_true(passes_in(part_a, "Top CUDA time: two kinds of work here: compute (matmul, attention) which we need, "
				      "and copies (copy_, to, 2.8 GiB) which we probably don't.\n", "math-vs-movement"));
	/* a not-yet heading after a few words of its own: "What I'd skip for now:", "What I won't do:" */
	snprintf(buf, sizeof(buf), "%sNext experiment: re-profile with record_shapes=True.\n\nWhat I'd skip for now: "
				   "aten::slice, only 1.4 ms.\n", four);
	assert_true(passes_in(part_a, buf, "not-yet"));
	/* ... but "I'll skip the template" puts nothing off */
	assert_true(passes_in(part_a, "Look, I'll skip the five-line template because the story fits in one paragraph. "
				      "~70 ms is matmul + flash attention, the math; ~35 ms is copy_ and to shuffling 2.8 "
				      "GiB, which is a bug.\nNext: one profiler run with record_shapes=True and "
				      "with_stack=True.\nWhat I won't do: touch attention. It's already flash and it's real "
				      "math.\n", "not-yet"));
	/* one identifier said aloud in a typed report */
	struct gr_exercise *st = load_exercise("stretch");
	assert_true(passes_in(st, "Using torch.cuda.nvtx, ranges called matmul, flash underscore attn and slice, around "
				  "those three ops.\n", "ranges-named"));
	gr_exercise_free(st);
}

static void test_rule_shouting_and_serving_round(void **state)
{
	(void)state;
	struct gr_exercise *c = load_exercise("part-c");
	const char *four = "Workload: 7B decoder-only LLM, decode, one step\nHardware: not given\nTop CUDA time: "
			   "aten::copy_ 24.4 ms, 61% of CUDA time\nTop CPU / orchestration cost: Python decode loop 11 "
			   "ms\n";
	const char *head = four;
	char buf[2048];
	/* verdict marks that lead their items: each item is a clause of its own */
	snprintf(buf, sizeof(buf), "%sNext experiment: \xF0\x9F\x9A\xAB FlashAttention \xF0\x9F\x9A\xAB "
				   "torch.compile \xE2\x9C\x85 load the weights in bf16 and re-profile to see whether "
				   "copy_ drops\n", head);
	assert_true(passes_in(c, buf, "no-flash-attention"));
	assert_true(passes_in(c, buf, "movement-experiment"));
	/* ... while a mark after its item judges that item ("flash attention ✗") */
	snprintf(buf, sizeof(buf), "%sNext experiment: record_shapes=True, group copy_ by dtype and device; flash "
				   "attention \xE2\x9C\x97\n", head);
	assert_true(passes_in(c, buf, "no-flash-attention"));
	/* "Only after that, if ..., would I look at X": X waits */
	snprintf(buf, sizeof(buf), "%sNext experiment: cast the model to bf16 once at load and re-profile the same "
				   "step. Only after that, if attention ever shows up near the top, would I look at "
				   "FlashAttention-3.\n", head);
	assert_true(passes_in(c, buf, "no-flash-attention"));
	/* ... but "Only if the copies were inside attention, and ..." answers; the rest stands */
	snprintf(buf, sizeof(buf), "%sNext experiment: Could a better attention kernel remove copies? Only if the "
				   "copies were inside attention, and 226 calls smell like per-weight casts. So one "
				   "profile with record_shapes=True, copy_ grouped by dtype.\n", head);
	assert_true(passes_in(c, buf, "movement-experiment"));
	/* "my reflex was X, but ...": a second thought */
	snprintf(buf, sizeof(buf), "%sNext experiment: my reflex was speculative decoding or FA3, but neither touches "
				   "copy_. So: one profiled step with record_shapes=True to see each copy_'s dtypes.\n",
		 head);
	assert_true(passes_in(c, buf, "no-flash-attention"));
	gr_exercise_free(c);
	/* Part C: A/B-testing the attention backend is attention work */
	c = load_exercise("part-c");
	snprintf(buf, sizeof(buf), "%sNext experiment: A/B the attention backend (flash vs. SDPA math) to confirm "
				   "whether the copies come from attention's KV handling.\n", head);
	assert_false(passes_in(c, buf, "no-flash-attention"));
	gr_exercise_free(c);
	/* Part B: a serving engine's attention kernel is no cure for launch overhead */
	struct gr_exercise *b = load_exercise("part-b");
	assert_false(passes_in(b, "Next experiment: move to paged attention (vLLM-style block table) so the KV cache "
				 "stops being copied.\n", "overhead-experiment"));
	assert_true(passes_in(b, "Next experiment: capture the decode step in a CUDA graph and compare ms/token with "
				 "eager.\n", "overhead-experiment"));
	/* a label that judges what it names ("Fused attention won't help:") rejects nothing after its colon */
	assert_true(passes_in(b, "- Fused attention won't help: no attention in this table; the time is launches and "
				 "the Python loop.\n", "fused-attention-wrong"));
	assert_false(passes_in(b, "- Fused attention won't help: no attention in this table; the bottleneck is "
				  "elementwise memory traffic.\n", "fused-attention-wrong"));
	gr_exercise_free(b);
}

static void test_rule_scientists_and_phones(void **state)
{
	(void)state;
	struct gr_exercise *st = load_exercise("stretch");
	assert_true(passes_in(st, "Grader new stretch\nI'd wrap the mat mul's and the tokenizer in record_function so we "
				  "can see which is slow.\n", "ranges-api"));
	/* the answer typed on the command's line is the learner's, not a line to the grader */
	const char *run_on = "grader new stretch so basically before the next run i would put nvtx ranges in the code using "
			     "torch.cuda.nvtx.range_push(\"tokenize\") before the tokenizer and range_pop() after it, then "
			     "range_push(\"h2d\") and range_pop() around where we move the input ids to the gpu, then "
			     "range_push(\"cast_to_bf16\") around the .to(bfloat16) stuff bc aten::to and aten::copy_ both have "
			     "54 calls, then range_push(\"prefill\") around the first big forward pass and "
			     "range_push(\"decode\") around every step in the generate loop, and then i open it in nsight "
			     "systems and compare the next run to this one\n";
	assert_true(passes_in(st, run_on, "ranges-named"));
	assert_true(passes_in(st, run_on, "ranges-cover-suspects"));
	gr_exercise_free(st);
	assert_true(passes_with(part_a, PART_A_FIVE,
				"Optimisation of the attention kernel is deferred: it is already FlashAttention, and the "
				"movement remains unexplained.\n", "no-custom-attention"));
	assert_true(passes_in(part_a, "Results\nMatmul and attention are the math; copy_ and to are movement.\n\n"
				      "Conclusions\nWe propose a single follow-up: re-profile with record_shapes=True and "
				      "with_stack=True to find who calls to().\n", "movement-first"));
	struct gr_exercise *b = load_exercise("part-b");
	assert_true(passes_in(b, "Workload: batch 1 decode\nHardware: L4\nTop CUDA time: aten::matmul 6.1 ms\n"
				 "Top CPU / orchestration cost: Python loop 38 ms\nNext experiment: the batch size is to be "
				 "raised from 1 to 16 with all else held constant, and ms per token compared.\n",
			      "overhead-experiment"));
	gr_exercise_free(b);
	const char *dump = "grader new part-a\nWorkload Hardware Top CUDA time Top CPU / orchestration cost Next experiment\n"
			   "matmul attention flash copy_ to 2.8 GiB movement math avoidable tokenizer CPU latency TTFT\n"
			   "record_shapes with_stack dtype cast fp32 bf16 HtoD DtoH Memcpy hypothesis experiment\n";
	assert_false(passes_in(part_a, dump, "math-vs-movement"));
	assert_false(passes_in(part_a, dump, "copy-hypotheses"));
	/* a teammate's words quoted under the line that names them */
	const char *quoted = "Next experiment: re-profile with record_shapes=True.\n\nMy teammate Jonas posted in our "
			     "channel:\n> \"attention is 31.7 ms, that is the obvious target, we should write a fused "
			     "Triton attention kernel\"\n\nI think otherwise.\n";
	assert_true(passes_in(part_a, quoted, "no-custom-attention"));
	/* one kernel that takes in the cast is one (wrong) experiment, and
	 * "so we kill the to() calls" is what it does, no second one */
	assert_true(passes_with(part_a, PART_A_FOUR,
				"Next experiment: write a triton kernel that fuses the bf16 cast into the attention so "
				"copy_/to disappear\n", "single-experiment"));
	assert_true(passes_with(part_a, PART_A_FOUR,
				"Next experiment: write a fused Triton attention kernel that also does the bf16 cast inline "
				"so we kill the to() calls at the same time\n", "single-experiment"));
	struct gr_exercise *pb = load_exercise("part-b");
	assert_true(passes_in(pb, "Launch-bound, not compute: ~720 tiny kernels and a 38 ms python loop vs ~15 ms of "
				  "GPU work. Next: CUDA graphs.\n", "single-experiment"));
	gr_exercise_free(pb);
	/* Rounds 139-140: code-first learners, Middle-Eastern ESL. A "TODO(later):"
	 * comment in code is a note in words (the not-yet answer), not code
	 * commented out; "people will say it is CPU, but ..." reports only up to
	 * the "but"; an Arabic label names the field. */
	assert_true(passes_with(part_a, PART_A_FIVE,
				"```python\nprof = profile(record_shapes=True)\n# TODO(later): custom attention kernel. SDPA "
				"already picked the flash path and it's real math, and the copies are unexplained.\n```\n",
				"not-yet"));
	assert_true(passes_in(part_a, "Top CPU / orchestration cost: tokenizer.encode 22 ms\n\nPeople will say it is "
				      "CPU so ignore it, but the request is waiting for it, so it adds 22 ms to the time to "
				      "first token.\n", "tokenizer-latency"));
	struct gr_exercise *c2 = load_exercise("part-c");
	assert_true(passes_in(c2, "Top CUDA time: aten::copy_ \xD9\xA6\xD9\xA1\xD9\xAA \xD9\x85\xD9\x86 CUDA\n"
				  "\xD8\xA7\xD9\x84\xD8\xAA\xD8\xAC\xD8\xB1\xD8\xA8\xD8\xA9 \xD8\xA7\xD9\x84\xD8\xAA"
				  "\xD8\xA7\xD9\x84\xD9\x8A\xD8\xA9: record_shapes=True to see copy_ dtype and device\n",
			      "movement-experiment"));
	gr_exercise_free(c2);
	/* Rounds 141-142: JAX/TPU and ROCm engineers. Fields that hold only
	 * comma lists of two topics' keywords, three of them, are a keyword
	 * report; "Top HIP time:" is the Top CUDA time; "Range 1 : tokenize
	 * (tokenizer.encode)" names a range; "the cache gets copied" is a
	 * KV-cache hypothesis. */
	struct gr_exercise *b3 = load_exercise("part-b");
	assert_false(passes_in(b3, "Workload: decode, batch 1\nHardware: L4\n"
				   "Top CUDA time: matmul / add / relu, tiny GEMMs, launch overhead, kernels, tensor cores, FLOPs\n"
				   "Top CPU / orchestration cost: Python loop, host-bound, dispatch, GIL, launch latency, "
				   "CPU-bound, overhead\nNext experiment: CUDA graphs\n\n- overhead: Python, CUDA graphs, "
				   "dispatch, launches\n", "overhead-bound"));
	gr_exercise_free(b3);
	struct gr_exercise *c3 = load_exercise("part-c");
	assert_true(passes_in(c3, "Workload: 7B decode\nTop HIP time: aten::copy_ 61%\n", "copy-share"));
	gr_exercise_free(c3);
	struct gr_exercise *s3 = load_exercise("stretch");
	assert_true(passes_in(s3, "API: torch.profiler.record_function(<name>)\nRange 1 : tokenize   (tokenizer.encode)\n"
				  "Range 2 : h2d_ids   (the .to(cuda) of ids)\nRange 3 : prefill   (first forward)\n",
			      "ranges-named"));
	assert_true(passes_in(s3, "record_function ranges: tokenize / h2d / prefill / decode_step - one per stage, same "
				  "names every run.\n", "ranges-named"));
	gr_exercise_free(s3);
	assert_true(passes_with(part_a, PART_A_FIVE, "Hypotheses:\n1. No buffer donation: the cache gets copied instead "
				"of updated in place.\n2. dtype converts not fused: fp32 weights cast to bf16.\n",
				"copy-hypotheses"));
	/* Round 143: the topics an e-mail says it covers are a keyword list */
	const char *mail = "Dear Customer,\n\nThank you for your patience. Our team has completed a thorough review of "
			   "your profile, covering model math vs. avoidable movement, tokenizer latency and TTFT, copy_ and "
			   "to, dtype casts, host/device transfers, and a single next experiment.\n";
	assert_false(passes_in(part_a, mail, "math-vs-movement"));
	assert_false(passes_in(part_a, mail, "tokenizer-latency"));
	/* Rounds 145-146: French, Portuguese and Spanish. A teammate's
	 * "propuso" reports; "escrever um kernel Triton que funda a atenção"
	 * is attention work; "ni `tokenize`, ni `prefill`" names no ranges;
	 * "ce n'est pas notre problème" leaves the tokenizer out. */
	assert_true(passes_with(part_a, PART_A_FIVE,
				"Mi compañero propuso escribir un kernel de atención en Triton; no estoy de acuerdo: la "
				"atención ya es flash.\n", "no-custom-attention"));
	assert_false(passes_with(part_a, PART_A_FOUR,
				 "Next experiment: escrever um kernel Triton que funda a atenção com o matmul da projeção.\n",
				 "no-custom-attention"));
	struct gr_exercise *s4 = load_exercise("stretch");
	assert_false(passes_in(s4, "Honnêtement je ne mettrais pas de ranges maintenant, ni `tokenize`, ni `prefill`, ni "
				   "`decode_step`: le profiler suffit.\n", "ranges-named"));
	assert_false(passes_in(s4, "record_function: `h2d_copy` autour des .to(), `prefill`, `decode_step`. Le tokenizer "
				   "c'est du CPU pur, donc ce n'est pas notre problème.\n", "ranges-cover-suspects"));
	gr_exercise_free(s4);
	/* Rounds 147-148: "Hardware: ?" is Part C's honest answer (no GPU is
	 * given); "the three changes below together" points at a "## Changes"
	 * list, which is the experiment */
	struct gr_exercise *c5 = load_exercise("part-c");
	assert_true(passes_in(c5, "Workload: 7B decode\nHardware: ?\nTop CUDA time: copy_ 61%\n"
				  "Top CPU / orchestration cost: py loop 11 ms\nNext experiment: record_shapes, group copy_ "
				  "by dtype\n", "field-names"));
	assert_true(passes_in(c5, "Workload: 7B decode\nHardware: unknown\nTop CUDA time: aten::copy_, 61% of CUDA time\n"
				  "Top CPU / orchestration cost: Python decode loop 11.0 ms\nNext experiment: the three "
				  "changes below together, then re-profile one step\n\n## Changes\n- load weights in bf16\n"
				  "- keep the KV cache on cuda instead of cpu\n", "movement-experiment"));
	gr_exercise_free(c5);
	/* ... and of an essay's lists, the one introduced as the contrast with
	 * Part A is the answer, though a row walk beside it is longer */
	struct gr_exercise *b5 = load_exercise("part-b");
	assert_true(passes_in(b5, "Contrast with Part A\n- A: matmul is real math\n- B: matmul is launch cost\n"
				  "- A: GPU busy; B: host-bound\n- fused attention: no attention op here\n\n"
				  "Appendix - row walk\n1. matmul 6.1 ms / 240\n2. add 4.8 ms\n3. relu 4.1 ms\n"
				  "4. copy_ 0.4 ms\n5. Python loop 38 ms\n", "contrast-bullets"));
	gr_exercise_free(b5);
	/* ... "already the fused flash path" is what the kernel is */
	assert_true(passes_with(part_a, PART_A_FIVE, "Attention is already the fused flash path: the model doing its job.\n",
				"no-custom-attention"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rule_negated_kernel_is_not_a_proposal),
		cmocka_unit_test(test_rule_dictated_and_nested_plans),
		cmocka_unit_test(test_rule_pitfalls_and_bounds),
		cmocka_unit_test(test_rule_planners),
		cmocka_unit_test(test_rule_whole_value),
		cmocka_unit_test(test_rule_hpc_lab),
		cmocka_unit_test(test_rule_support_desk),
		cmocka_unit_test(test_rule_list_items_apart),
		cmocka_unit_test(test_rule_design_docs),
		cmocka_unit_test(test_rule_assistant_drafts),
		cmocka_unit_test(test_rule_game_devs),
		cmocka_unit_test(test_rule_gaming_notes_dumps_comments_questions),
		cmocka_unit_test(test_rule_dismissal_fails_latency),
		cmocka_unit_test(test_rule_counting_experiments),
		cmocka_unit_test(test_rule_misspelled_label_feedback),
		cmocka_unit_test(test_rule_note_overrides_line),
		cmocka_unit_test(test_rule_scope_is_the_field),
		cmocka_unit_test(test_rule_keyword_stuffing_earns_nothing),
		cmocka_unit_test(test_rule_fact_warnings),
		cmocka_unit_test(test_rule_rejection_refers_back),
		cmocka_unit_test(test_rule_answered_in_the_next_sentence),
		cmocka_unit_test(test_rule_lists_asides_and_reasons),
		cmocka_unit_test(test_rule_reported_asides_and_dangling),
		cmocka_unit_test(test_rule_code_ranges_enclose),
		cmocka_unit_test(test_rule_asides_options_and_headings),
		cmocka_unit_test(test_rule_roles_of_words),
		cmocka_unit_test(test_rule_other_languages),
		cmocka_unit_test(test_rule_engineers_notation),
		cmocka_unit_test(test_rule_reach_of_topics_and_cues),
		cmocka_unit_test(test_rule_prompt_echo_is_ignored),
		cmocka_unit_test(test_rule_copied_feedback_is_ignored),
		cmocka_unit_test(test_rule_superseded_versions),
		cmocka_unit_test(test_rule_resubmission_history),
		cmocka_unit_test(test_rule_captions),
		cmocka_unit_test(test_rule_peer_reports),
		cmocka_unit_test(test_rule_notebook_entries),
		cmocka_unit_test(test_rule_slides_and_issues),
		cmocka_unit_test(test_rule_exam_deletions),
		cmocka_unit_test(test_rule_self_assessment),
		cmocka_unit_test(test_rule_memos_and_translations),
		cmocka_unit_test(test_rule_what_ifs),
		cmocka_unit_test(test_rule_common_mistakes),
		cmocka_unit_test(test_rule_thread_posts),
		cmocka_unit_test(test_rule_duck_dialogues),
		cmocka_unit_test(test_rule_dialogue_questions),
		cmocka_unit_test(test_rule_boards_and_shorthand),
		cmocka_unit_test(test_rule_cards_and_checklists),
		cmocka_unit_test(test_rule_named_pointers),
		cmocka_unit_test(test_rule_board_tables),
		cmocka_unit_test(test_rule_done_items),
		cmocka_unit_test(test_rule_outlines),
		cmocka_unit_test(test_rule_self_corrections),
		cmocka_unit_test(test_rule_look_change_measure),
		cmocka_unit_test(test_rule_subtle_slips),
		cmocka_unit_test(test_rule_range_swallows_suspects),
		cmocka_unit_test(test_rule_plain_language),
		cmocka_unit_test(test_rule_pair_work),
		cmocka_unit_test(test_rule_decision_docs),
		cmocka_unit_test(test_rule_option_labels),
		cmocka_unit_test(test_rule_candidate_lists),
		cmocka_unit_test(test_rule_footnotes),
		cmocka_unit_test(test_rule_headline_then_how),
		cmocka_unit_test(test_rule_inline_numbers),
		cmocka_unit_test(test_rule_self_checks),
		cmocka_unit_test(test_rule_uncommitted),
		cmocka_unit_test(test_rule_retracted_rejections),
		cmocka_unit_test(test_rule_on_second_thought),
		cmocka_unit_test(test_rule_code_first),
		cmocka_unit_test(test_rule_paper_voice),
		cmocka_unit_test(test_rule_multilingual),
		cmocka_unit_test(test_rule_quoted_teammates),
		cmocka_unit_test(test_rule_open_questions),
		cmocka_unit_test(test_rule_irony_and_disagreement),
		cmocka_unit_test(test_rule_templates),
		cmocka_unit_test(test_rule_terse_plans),
		cmocka_unit_test(test_rule_what_a_field_leads_with),
		cmocka_unit_test(test_rule_a_test_per_line),
		cmocka_unit_test(test_rule_file_for_another_exercise),
		cmocka_unit_test(test_rule_cjk_and_database_rounds),
		cmocka_unit_test(test_rule_scientists_and_phones),
		cmocka_unit_test(test_rule_nordic_and_sre_rounds),
		cmocka_unit_test(test_rule_italian_and_slavic_rounds),
		cmocka_unit_test(test_rule_bootcamp_round),
		cmocka_unit_test(test_rule_gamedev_round),
		cmocka_unit_test(test_rule_anxious_and_embedded_round),
		cmocka_unit_test(test_rule_competitive_and_managers_round),
		cmocka_unit_test(test_rule_southeast_asian_and_assistant_round),
		cmocka_unit_test(test_rule_pasted_rubrics_and_east_african_round),
		cmocka_unit_test(test_rule_debaters_round),
		cmocka_unit_test(test_rule_dictation_and_notebooks_round),
		cmocka_unit_test(test_rule_shouting_and_serving_round),
	};
	return cmocka_run_group_tests(tests, load_part_a, free_part_a);
}
