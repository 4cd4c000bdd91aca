# Thin wrapper around CMake. Everything real lives in CMakeLists.txt and
# grader/scripts/. `make check` is the learner's self-check, `make test` the
# whole suite through ctest.
BUILD ?= build
SAN_BUILD ?= build-san
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: all deps configure build check test bench fuzz clean

all: build

deps:
	@sh grader/scripts/deps.sh

$(BUILD)/CMakeCache.txt:
	@sh grader/scripts/deps.sh
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS)

configure: $(BUILD)/CMakeCache.txt

build: configure
	cmake --build $(BUILD) -j $(JOBS)

check: build
	@sh grader/scripts/check.sh $(BUILD)/grader

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

bench: build
	@sh grader/scripts/bench.sh $(BUILD)

fuzz:
	@sh grader/scripts/fuzz.sh

clean:
	rm -rf $(BUILD) $(SAN_BUILD)
