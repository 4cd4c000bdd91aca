# validate_listing.sh - `grader validate` lists disagreements by file name,
# the same on every run and machine, so two listings diff cleanly.
. "$(dirname "$0")/../golden.sh"

mkdir -p "$T/corpus"
names="q.md 010.md b.md 002.md 100.md a.md 011.md z.md 001.md m.md 020.md c.md"
printf '{' > "$T/corpus/labels.json"
sep=
for n in $names; do
	cp solutions/part-a.md "$T/corpus/$n"
	# The solution passes report-fields: a label of false disagrees.
	printf '%s"%s": {"report-fields": false}' "$sep" "$n" >> "$T/corpus/labels.json"
	sep=,
done
printf '}\n' >> "$T/corpus/labels.json"

"$G" validate part-a "$T/corpus" --min 0 > "$T/out1" 2>&1
listed=$(sed -n 's|^  '"$T"'/corpus/\([^ ]*\)  report-fields:.*|\1|p' "$T/out1")
want=$(printf '%s\n' $names | LC_ALL=C sort)
[ "$listed" = "$want" ] || fail "disagreements not in file-name order: got $(echo $listed), want $(echo $want)"
[ $(printf '%s\n' "$listed" | grep -c .) -eq 12 ] || fail "expected 12 disagreements listed"
"$G" validate part-a "$T/corpus" --min 0 > "$T/out2" 2>&1
cmp -s "$T/out1" "$T/out2" || fail "two runs list differently"
exit $((fails > 0))
