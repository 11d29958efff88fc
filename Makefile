# The commands a user types. Every target installs missing Debian packages first.
BUILD_DIR ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=RelWithDebInfo

.PHONY: deps build run test bench clean

deps:
	@scripts/install-deps.sh

build: deps
	@cmake -S . -B $(BUILD_DIR) -G Ninja $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS)

# For now the main job runs the bundled example kernels on the simulator.
run: build
	@scripts/run-examples.sh $(BUILD_DIR)/bin/akgen

test: build
	@ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)

bench: build
	@$(BUILD_DIR)/bin/sim_benchmarks
	@scripts/bench-compile.sh $(BUILD_DIR)/bin/akgen

clean:
	rm -rf $(BUILD_DIR)
