#!/bin/sh
# import.sh ROUND PART KITDIR: copy a blind round's reports, labels and notes
# into fixtures/PART-blindROUND/ (run from the repository root), after
# checking every report has a label for every criterion.
set -eu
R=$1 P=$2 K=$3
SRC=$K/out$R-$P DST=fixtures/$P-blind$R
[ -f "$SRC/labels.json" ] || { echo "import: no $SRC/labels.json" >&2; exit 2; }
python3 - "$SRC" "$P" <<'PY'
import json, os, sys, yaml
src, part = sys.argv[1], sys.argv[2]
labels = json.load(open(os.path.join(src, "labels.json")))
ids = [c["id"] for c in yaml.safe_load(open(f"exercises/{part}.yaml"))["criteria"]]
files = sorted(f for f in os.listdir(src) if f.endswith(".md") and f[0].isdigit())
bad = [f for f in files if f not in labels or sorted(labels[f]) != sorted(ids)]
bad += [f for f in labels if f not in files]
if bad:
    sys.exit(f"import: labels do not match the reports or criteria: {bad[:5]}")
PY
mkdir -p "$DST"
cp "$SRC"/[0-9]*.md "$SRC/labels.json" "$DST/"
[ -f "$SRC/notes.md" ] && cp "$SRC/notes.md" "$DST/"
echo "imported $(ls "$DST"/[0-9]*.md | wc -l) reports into $DST"
