# golden.sh - the start every golden test shares. ctest runs each
# grader/tests/golden/*.sh as `bash SCRIPT GRADER SOURCE_DIR`; the script
# sources this first:  . "$(dirname "$0")/../golden.sh"
# It sets G (the grader), SRC (the source tree, the working directory), T (a
# temporary folder removed on exit), fails (0) and fail() (prints, counts).
set -u
G=$1
SRC=$2
T=$(mktemp -d)
trap 'chmod -R u+rwx "$T" 2>/dev/null; rm -rf "$T"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
cd "$SRC" || exit 2
