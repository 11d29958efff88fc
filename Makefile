# The commands a user types. Every target installs missing Debian packages first.
BUILD_DIR ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=RelWithDebInfo

.PHONY: deps build run examples test bench clean

deps:
	@scripts/install-deps.sh

build: deps
	@cmake -S . -B $(BUILD_DIR) -G Ninja $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS)

# The main job: every built-in task's answer, all cases, on the simulator; then the tables.
# Results stay in $(BUILD_DIR)/run, so a second `make run` only reports (an interrupted one resumes).
run: build
	@$(BUILD_DIR)/bin/akgen eval builtin --solutions answer --shape-mode dynamic --out $(BUILD_DIR)/run --jobs $(JOBS)

# The CPU-debug sample kernels in examples/, each checked against numpy.
examples: build
	@scripts/run-examples.sh $(BUILD_DIR)/bin/akgen

test: build
	@ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)

bench: build
	@$(BUILD_DIR)/bin/sim_benchmarks
	@scripts/bench-compile.sh $(BUILD_DIR)/bin/akgen

clean:
	rm -rf $(BUILD_DIR)
