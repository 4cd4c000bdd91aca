#!/bin/sh
# Make sure the Debian packages the build needs are installed. As root, install
# what is missing with apt-get; otherwise print the exact command and fail.
set -u
PKGS="cmake make gcc pkg-config libyaml-dev libpcre2-dev libjansson-dev libcmocka-dev valgrind python3"
missing=""
for p in $PKGS; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
	echo "grader: missing packages:$missing (install them with your package manager)" >&2
	exit 1
fi
if [ "$(id -u)" = 0 ]; then
	echo "grader: installing missing packages:$missing" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -q && apt-get install -y -q $missing
	exit $?
fi
echo "grader: missing Debian packages:$missing" >&2
echo "grader: install them with:  sudo apt-get update && sudo apt-get install -y$missing" >&2
exit 1
