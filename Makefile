# The commands a user types. Every target installs missing Debian packages first.
BUILD_DIR ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=RelWithDebInfo

.PHONY: deps build run examples test bench fuzz conformance fidelity clean

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

# The throughput part builds the baseline commit once (BASELINE_REV) and evaluates the built-in
# answers with both versions, cold and with goldens cached: about 45 minutes on 2 cores; the service
# part judges them through akgen eval, akgen serve and a Redis queue: about 5 minutes more.
bench: build
	@$(BUILD_DIR)/bin/sim_benchmarks
	@scripts/bench-compile.sh $(BUILD_DIR)/bin/akgen
	@THROUGHPUT_DIR=$(BUILD_DIR)/throughput scripts/bench-throughput.sh $(BUILD_DIR)/bin/akgen
	@scripts/bench-service.py $(BUILD_DIR)/bin/akgen

# libFuzzer on the craft parser, checker and lowering (clang from Debian), in its own build directory, for
# FUZZ_SECONDS, starting from the golden programs and the tasks' DSL solutions. A crash stops it
# and leaves the input in $(FUZZ_DIR)/crash-*.
FUZZ_DIR ?= build-fuzz
FUZZ_SECONDS ?= 60
fuzz:
	@command -v clang++ >/dev/null || (apt-get update && apt-get install -y clang)
	@mkdir -p $(FUZZ_DIR)/corpus
	@cp tests/craft/check/programs/*.craft $(FUZZ_DIR)/corpus/
	@find suite -name '*.craft' -exec cp {} $(FUZZ_DIR)/corpus/ \;
	@clang++ -std=c++20 -O1 -g -I. -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	  fuzz/craft_fuzzer.cpp craft/syntax/*.cpp craft/check/*.cpp craft/diagnostic.cpp \
	  $(filter-out craft/lower/mkb_glue.cpp,$(wildcard craft/lower/*.cpp)) bench/task/op_name.cpp \
	  -o $(FUZZ_DIR)/craft_fuzzer
	@$(FUZZ_DIR)/craft_fuzzer -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -timeout=10 -dict=fuzz/craft.dict \
	  -artifact_prefix=$(FUZZ_DIR)/ $(FUZZ_DIR)/corpus

# check <=> compile <=> run (docs/dsl.md), at length: the conformance tasks and the suite's DSL
# solutions in both shape modes (CI runs them in dynamic mode), then MUTANTS semantic mutants of the
# solutions, each of which the checker accepts must compile and run every case of its task.
MUTANTS ?= 200
MUTANT_SEED ?= 1
conformance: build
	@bash tests/craft/lower/lowered_suite_eval.sh $(BUILD_DIR)/bin/akgen tests/craft/conformance/tasks
	@bash tests/craft/lower/lowered_suite_eval.sh $(BUILD_DIR)/bin/akgen suite
	@bash tests/craft/conformance/mutants_run.sh $(BUILD_DIR)/bin/akgen suite $(MUTANTS) $(MUTANT_SEED)

# The fidelity check against NPUKernelBench's own answers (docs/simulator.md): every level-1/2 answer
# in static mode (case 0), then in dynamic mode (every case), from a local copy of its tasks/ tree;
# then `akgen fidelity` compares the verdicts with the last known-good ones in $(FIDELITY_BASELINE)
# and fails (exit status 1) when a case that passed there no longer does.
# Hours on two cores the first time (goldens of 128 MiB cases); goldens and builds are cached, so a
# later run mostly re-runs the units. Each run starts from an empty $(FIDELITY_DIR)/<mode>, so every
# verdict is this build's; FIDELITY_RESUME=1 continues a killed run instead.
# A quicker subset: FIDELITY_LEVELS="1", FIDELITY_MODE=static|dynamic|both. FIDELITY_UPDATE=1 writes
# the run's verdicts into the baseline (FIDELITY_SOURCE="NPUKernelBench tasks/ at commit ..." names
# the tree), only after checking each change it prints.
FIDELITY_DIR ?= $(BUILD_DIR)/fidelity
FIDELITY_LEVELS ?= 1 2 3
FIDELITY_MODE ?= both
FIDELITY_BASELINE ?= docs/fidelity-baseline.json
FIDELITY_MODES = $(if $(filter both,$(FIDELITY_MODE)),static dynamic,$(FIDELITY_MODE))
fidelity: build
	@test -n "$(NKB_TASKS)" || (echo "set NKB_TASKS to an NPUKernelBench tasks/ folder: make fidelity NKB_TASKS=../NPUKernelBench/tasks"; exit 2)
	@case "$(FIDELITY_MODE)" in static|dynamic|both) ;; \
	  *) echo "FIDELITY_MODE is static, dynamic or both, not '$(FIDELITY_MODE)'"; exit 2;; esac
	@status=0; check=0; \
	for mode in $(FIDELITY_MODES); do \
	  $(if $(filter 1,$(FIDELITY_RESUME)),,rm -rf $(FIDELITY_DIR)/$$mode;) \
	  $(BUILD_DIR)/bin/akgen eval $(NKB_TASKS) --solutions answer --level $(FIDELITY_LEVELS) --shape-mode $$mode \
	    --out $(FIDELITY_DIR)/$$mode --jobs $(JOBS) || status=1; \
	done; \
	$(BUILD_DIR)/bin/akgen fidelity $(addprefix $(FIDELITY_DIR)/,$(FIDELITY_MODES)) --baseline $(FIDELITY_BASELINE) \
	  $(if $(filter 1,$(FIDELITY_UPDATE)),--update) $(if $(FIDELITY_SOURCE),--source '$(FIDELITY_SOURCE)') || check=$$?; \
	test $$status = 0 || echo "fidelity: akgen eval reported problems (its \`problem:\` lines above); a case it could not judge is compared with nothing"; \
	test $$check = 0 || exit $$check; exit $$status

clean:
	rm -rf $(BUILD_DIR)
