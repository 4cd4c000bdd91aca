#!/bin/sh
# `make check`: the learner's self-check. Grades every answers/<exercise>.md,
# prints a progress line and names the next thing to do; exits non-zero while
# anything fails. With no answers yet, demonstrates on the shipped solutions.
set -u
GRADER=${1:-build/grader}
ANSWERS=${ANSWERS:-answers}

# The workbook's order first, then any other exercise.
order="part-a stretch part-b part-c"
for f in exercises/*.yaml; do
	id=$(basename "$f" .yaml)
	case " $order " in *" $id "*) ;; *) order="$order $id" ;; esac
done
exercises=""
for id in $order; do
	[ -f "exercises/$id.yaml" ] && exercises="$exercises $id"
done
total=$(echo $exercises | wc -w)

have_answers=0
for id in $exercises; do
	[ -f "$ANSWERS/$id.md" ] && have_answers=1
done

if [ $have_answers = 0 ]; then
	echo "No answers yet in $ANSWERS/: here is the grader on the shipped solutions."
	echo
	status=0
	for id in $exercises; do
		[ -f "solutions/$id.md" ] || continue
		"$GRADER" grade "$id" "solutions/$id.md" || status=1
		echo
	done
	first=$(echo $exercises | cut -d' ' -f1)
	echo "0/$total exercises complete."
	echo "Start with:  $GRADER show $first     (read the table and the prompt)"
	echo "             $GRADER new $first      (writes $ANSWERS/$first.md to fill in)"
	echo "then run 'make check' again. Don't peek at solutions/ until you are done."
	exit $status
fi

done_count=0
next=""
for id in $exercises; do
	if [ ! -f "$ANSWERS/$id.md" ]; then
		[ -z "$next" ] && next="start $id:  $GRADER new $id"
		continue
	fi
	"$GRADER" grade "$id" "$ANSWERS/$id.md"
	rc=$?
	echo
	if [ $rc = 0 ]; then
		done_count=$((done_count + 1))
	elif [ -z "$next" ]; then
		if [ $rc = 1 ]; then
			next="improve $ANSWERS/$id.md (a hint: $GRADER hint $id)"
		else
			next="fix $ANSWERS/$id.md so it can be graded (see the error above)"
		fi
	fi
done
echo "$done_count/$total exercises complete."
if [ "$done_count" = "$total" ]; then
	echo "All done. Compare with solutions/ and read docs/ for the why behind each criterion."
	exit 0
fi
echo "Next: $next"
exit 1
