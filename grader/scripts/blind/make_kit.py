#!/usr/bin/env python3
"""make_kit.py ROUND OUTDIR COHORT_FILE [N]: the brief a blind-round writer reads.

A blind round measures the grader on reports written and labelled by
someone who never saw its rules (docs/authoring.md, "Blind rounds"). For
each Part this writes OUTDIR/prompt<ROUND>-<part>.md: the task, the cohort's
style, the exercise as `grader show` prints it, and each criterion's id,
title and pass/fail text (for Part A also issue 2's contract wording). The
writer sees nothing else: not the patterns, not the fixtures, not the code.
Run from the repository root after `make` (needs python3-yaml).
"""
import os, subprocess, sys

import yaml  # python3-yaml

PARTS = ["part-a", "part-b", "part-c", "stretch"]
PART_A_CONTRACT = """Contract definitions of Part A's criteria (from the issue that defines them):
- report-fields: all five labelled fields present with non-empty content.
- math-vs-movement: separates model math (matmul, attention) from avoidable movement (copy_, to:
  casts/copies, 2.8 GiB); both groups named and treated differently.
- tokenizer-latency: names the tokenizer and says it still adds to request latency / TTFT though it is
  not GPU work. Dismissing it ("CPU, so ignore it") fails.
- no-custom-attention: does not propose a custom/fused/Triton attention kernel or FlashAttention
  work as something to do now; rejecting or deferring it passes.
- single-experiment: Next experiment names exactly one experiment. One measurement with several
  settings ("re-profile with record_shapes=True and with_stack=True to find who calls to()") is one.
- movement-first: Next experiment investigates the copies/casts (who calls to()/copy_/.cpu(), their
  dtypes, devices, shapes, stacks; the model's dtype or device placement).
- copy-hypotheses: two distinct hypotheses for copy_ and to (dtype casts, host/device movement, to()
  as parent of copy_ - same 54 calls and 2.8 GiB, layout copies, ...).
- hypothesis-experiments: an experiment per hypothesis that would confirm or reject it.
- not-yet: one thing not to optimise yet, and why.
"""

TASK = """# Blind round {round}: {part}

You are writing test data for an automatic grader of a GPU-profiling
workbook. Learners read a profiler table and write a short triage report;
the grader judges each report criterion by criterion. You will write
reports *as the learners described below would*, then label each one by
its MEANING against the criteria, as a careful human teacher would.

## Where to write
- Reports: `{out}/NNN.md` (001.md, 002.md, ... {n} files).
- Labels: `{out}/labels.json`, exactly this shape:
  `{{"001.md": {{"criterion-id": true, ...}}, ...}}` with every criterion id
  below for every file (true = the report meets it).
- Notes: `{out}/notes.md`: a heading, then one line per report:
  `- NNN.md [quality, format, trait] what is tricky and why you labelled it so`.
- Scratch files, if any: `{scratch}/` only.

## The class
{cohort}

## How to write them
- Vary quality: about a third strong (meet every criterion), a third
  mixed (meet some), a third weak or off-track. Make the mixed ones
  realistic: a learner who gets the diagnosis right but proposes two
  experiments, or rejects the custom kernel but forgets the tokenizer.
- Vary form: markdown and plain text, bullets and prose, some CRLF line
  endings (write real \\r\\n bytes in two or three files), a few typos,
  unicode (arrows, ×, µs, accented names), lengths from three lines to a page.
- Include traps a grader could fall for: negations ("I would NOT write
  a custom kernel yet"), keyword lists without a claim, several experiments
  in one line, one experiment with several settings, missing or renamed
  fields, an answer to the wrong Part, an empty or near-empty file.
- Write as real people, not as a checklist: do not copy the criteria's
  wording into reports unless this class would.
- Label by meaning, not by keywords. When a report is borderline, decide
  as a strict but fair teacher and say why in notes.md.

## The exercise (what the learners see)
```
{show}
```

## The criteria (what you label)
{criteria}
"""

def criteria_text(path, part):
    doc = yaml.safe_load(open(path))
    out = []
    if part == "part-a":
        out.append(PART_A_CONTRACT)
    for c in doc["criteria"]:
        out.append(f"### {c['id']}: {c.get('title', '')}\n- passes when: {c.get('pass', '').strip()}\n"
                   f"- fails when: {c.get('fail', '').strip()}\n")
    return "\n".join(out)

def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    rnd, outdir, cohort = sys.argv[1], sys.argv[2], open(sys.argv[3]).read().strip()
    n = int(sys.argv[4]) if len(sys.argv) > 4 else 33
    os.makedirs(outdir, exist_ok=True)
    for part in PARTS:
        show = subprocess.run(["build/grader", "show", part], capture_output=True, text=True, check=True).stdout
        out = os.path.join(outdir, f"out{rnd}-{part}")
        scratch = os.path.join(outdir, f"scratch{rnd}-{part}")
        text = TASK.format(round=rnd, part=part, out=out, scratch=scratch, n=n, cohort=cohort, show=show.rstrip(),
                           criteria=criteria_text(f"exercises/{part}.yaml", part))
        with open(os.path.join(outdir, f"prompt{rnd}-{part}.md"), "w") as f:
            f.write(text)
        os.makedirs(out, exist_ok=True)
        os.makedirs(scratch, exist_ok=True)

main()
