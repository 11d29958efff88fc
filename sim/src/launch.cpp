// Kernel launches: blockDim blocks run as cooperative fibers on one thread, in block order, and
// switch only at SyncAll, so every run is deterministic.
#include <sys/mman.h>
#include <ucontext.h>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "ascendc_sim/keywords.h"
#include "diagnostics.h"
#include "launch_cost.h"
#include "launch_state.h"
#include "scalar_code.h"

namespace ascendc_sim {
namespace {

constexpr size_t kFiberStackBytes = size_t(8) << 20;

struct Fiber {
  enum class State : uint8_t { kNotStarted, kRunnable, kAtBarrier, kFinished, kFailed };
  State state = State::kNotStarted;
  ucontext_t context{};
  void* stack = nullptr;
  std::unique_ptr<BlockState> block;
  Site barrierSite{};  // the SyncAll a block waits in, for the deadlock report
  uint64_t barrierArrival = 0;  // the cycle its pipes drained at that SyncAll

  ~Fiber() {
    if (stack != nullptr) munmap(stack, kFiberStackBytes);
  }
};

struct Launch {
  explicit Launch(uint32_t blocks) : blockDim(blocks), cost(blocks) {}
  uint32_t blockDim = 0;
  // Vector cores per block: 2 once a MIX_AIC_1_2 kernel declared its type, else 1. Fiber i is
  // vector core i, sub-block i % vectorCoresPerBlock of block i / vectorCoresPerBlock.
  uint32_t vectorCoresPerBlock = 1;
  bool typeDeclared = false;
  uint8_t kernelType = 0;
  rt::KernelBody body = nullptr;
  void* context = nullptr;
  std::vector<std::unique_ptr<Fiber>> fibers;
  Fiber* running = nullptr;
  ucontext_t scheduler{};
  Site site{};
  LaunchCost cost;
};

Launch* gLaunch = nullptr;

void FiberEntry() {
  Fiber* fiber = gLaunch->running;
  try {
    gLaunch->body(gLaunch->context);
    fiber->block->timeline.CheckFlagsPaired();
    fiber->state = Fiber::State::kFinished;
  } catch (const KernelAborted&) {
    fiber->state = Fiber::State::kFailed;
  }
  // Returning resumes uc_link, the scheduler.
}

void Start(Fiber& fiber, int64_t index) {
  const LaunchCost& cost = gLaunch->cost;
  fiber.block = std::make_unique<BlockState>(index, cost.Costs(), cost.Mode(), cost.KeepSegments());
  fiber.stack = mmap(nullptr, kFiberStackBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (fiber.stack == MAP_FAILED) {
    std::perror("akgen-sim: cannot map a block stack");
    std::abort();
  }
  getcontext(&fiber.context);
  fiber.context.uc_stack.ss_sp = fiber.stack;
  fiber.context.uc_stack.ss_size = kFiberStackBytes;
  fiber.context.uc_link = &gLaunch->scheduler;
  makecontext(&fiber.context, FiberEntry, 0);
  fiber.state = Fiber::State::kRunnable;
}

void Resume(Fiber& fiber) {
  gLaunch->running = &fiber;
  EnterKernelCode(fiber.stack, kFiberStackBytes);
  swapcontext(&gLaunch->scheduler, &fiber.context);
  LeaveKernelCode();
  gLaunch->running = nullptr;
  if (fiber.state == Fiber::State::kFinished || fiber.state == Fiber::State::kFailed) {
    if (fiber.state == Fiber::State::kFinished) gLaunch->cost.AddBlock(fiber.block->index, fiber.block->timeline.Finish());
    fiber.block.reset();
    munmap(fiber.stack, kFiberStackBytes);
    fiber.stack = nullptr;
  }
}

// Runs every block to its end or to the next barrier. Returns false once a block failed.
bool RunRound(Launch& launch) {
  for (size_t i = 0; i < launch.fibers.size(); ++i) {
    Fiber& fiber = *launch.fibers[i];
    if (fiber.state == Fiber::State::kNotStarted) Start(fiber, int64_t(i));
    if (fiber.state != Fiber::State::kRunnable) continue;
    Resume(fiber);
    if (fiber.state == Fiber::State::kFailed) return false;
  }
  return true;
}

int Schedule(Launch& launch) {
  while (RunRound(launch)) {
    size_t atBarrier = 0;
    size_t finished = 0;
    for (const auto& fiber : launch.fibers) {
      atBarrier += fiber->state == Fiber::State::kAtBarrier;
      finished += fiber->state == Fiber::State::kFinished;
    }
    if (finished == launch.fibers.size()) return 0;
    if (finished > 0) {
      // Reported at the SyncAll of the first waiting block, as that block's error.
      std::string endedBlocks;
      for (size_t i = 0; i < launch.fibers.size(); ++i) {
        Fiber& fiber = *launch.fibers[i];
        if (fiber.state == Fiber::State::kAtBarrier && gLaunch->running == nullptr) gLaunch->running = &fiber;
        if (fiber.state == Fiber::State::kFinished) endedBlocks += Format("%s%zu", endedBlocks.empty() ? "" : ", ", i);
      }
      try {
        RaiseError("deadlock", gLaunch->running->barrierSite,
                   Format("%zu of %u blocks wait in SyncAll while %zu blocks ended without reaching it; this "
                          "would hang on hardware",
                          atBarrier, launch.blockDim, finished),
                   {Format("blocks that ended without reaching SyncAll: %s", endedBlocks.c_str()),
                    Format("kernel %s launched at %s:%u", launch.site.api, launch.site.file, launch.site.line)});
      } catch (const KernelAborted&) {
      }
      gLaunch->running = nullptr;
      return 1;
    }
    // Every block waits in SyncAll: they all leave when the last one arrives.
    uint64_t release = 0;
    for (const auto& fiber : launch.fibers) release = std::max(release, fiber->barrierArrival);
    for (auto& fiber : launch.fibers) {
      fiber->block->timeline.LeaveBarrier(release);
      fiber->state = Fiber::State::kRunnable;
    }
  }
  return 1;
}

}  // namespace

LaunchSettings& Settings() {
  static LaunchSettings settings;
  return settings;
}

BlockState& CurrentBlock() {
  if (gLaunch == nullptr || gLaunch->running == nullptr || !gLaunch->running->block) {
    std::fputs("akgen-sim: an AscendC kernel API was called outside a kernel launch (use ICPU_RUN_KF)\n", stderr);
    std::exit(1);
  }
  return *gLaunch->running->block;
}

int64_t CurrentBlockIndexOrNone() {
  if (gLaunch == nullptr || gLaunch->running == nullptr || !gLaunch->running->block) return -1;
  return gLaunch->running->block->index;
}

uint32_t CurrentBlockNum() { return gLaunch ? gLaunch->blockDim : 0; }

LaunchCost& CurrentLaunchCost() {
  CurrentBlock();  // exits with a message when called outside a launch
  return gLaunch->cost;
}

void AbandonRunningBlock() {
  Fiber* fiber = gLaunch->running;
  fiber->state = Fiber::State::kFailed;
  swapcontext(&fiber->context, &gLaunch->scheduler);
  std::abort();  // a failed block is never resumed
}

namespace rt {

int Launch(const char* kernelName, uint32_t blockDim, KernelBody body, void* context, Site site) {
  if (gLaunch != nullptr) {
    std::fprintf(stderr, "%s:%u: error: [bad-parameter] %s launched from inside a running kernel\n", site.file, site.line,
                 kernelName);
    return 1;
  }
  if (blockDim == 0 || blockDim > 65535) {
    std::fprintf(stderr, "%s:%u: error: [bad-parameter] blockDim %u of %s is outside [1, 65535]\n", site.file,
                 site.line, blockDim, kernelName);
    return 1;
  }
  ResetWarningDeduplication();
  ascendc_sim::Launch launch(blockDim);
  launch.body = body;
  launch.context = context;
  launch.site = site;
  for (uint32_t i = 0; i < blockDim; ++i) launch.fibers.push_back(std::make_unique<Fiber>());
  gLaunch = &launch;
  const int status = Schedule(launch);
  if (status == 0) launch.cost.Publish(kernelName);
  gLaunch = nullptr;
  return status;
}

void ExitAfterFailedLaunch() {
  std::fflush(stdout);
  std::fputs("akgen-sim: kernel launch stopped by the error above\n", stderr);
  std::exit(1);
}

void ExitAfterUncallableChevronLaunch(const char* name, Site site) {
  std::fprintf(stderr, "%s:%u: error: %s<<<...>>> launches no kernel that takes these arguments\n", site.file, site.line,
               name);
  std::exit(1);
}

int64_t BlockIdx() { return CurrentBlock().index; }
int64_t BlockNum() { return CurrentBlockNum(); }
int64_t SubBlockIdx() { return CurrentBlock().index % SubBlockNum(); }
int64_t SubBlockNum() {
  CurrentBlock();  // exits with a message when called outside a launch
  return gLaunch->vectorCoresPerBlock;
}

// The type is known only when the kernel body runs, but block 0 runs alone until its first SyncAll,
// so a MIX_AIC_1_2 declaration there can still add each block's second vector core before any other
// block starts, and nothing block 0 saw (GetBlockIdx 0, GetBlockNum) changes.
void DeclareKernelType(uint8_t type, Site site) {
  ascendc_sim::Launch& launch = *gLaunch;
  CurrentBlock();
  if (type == KERNEL_TYPE_AIC_ONLY || type == KERNEL_TYPE_MIX_AIC_1_0) {
    RaiseError("unsupported", site,
               "a kernel that runs on the cube cores alone is not simulated: the simulator runs vector cores, and "
               "cube work only through the Matmul API they call");
  }
  if (launch.typeDeclared) {
    if (type != launch.kernelType) {
      RaiseError("bad-parameter", site, Format("kernel type %u differs from the type %u this launch declared first",
                                               unsigned(type), unsigned(launch.kernelType)));
    }
    return;
  }
  launch.typeDeclared = true;
  launch.kernelType = type;
  if (type != KERNEL_TYPE_MIX_AIC_1_2) return;
  for (size_t i = 1; i < launch.fibers.size(); ++i) {
    if (launch.fibers[i]->state != Fiber::State::kNotStarted) {
      RaiseError("unsupported", site, "KERNEL_TASK_TYPE_DEFAULT must run before the kernel's first SyncAll");
    }
  }
  launch.vectorCoresPerBlock = 2;
  const size_t cores = size_t(launch.blockDim) * launch.vectorCoresPerBlock;
  while (launch.fibers.size() < cores) launch.fibers.push_back(std::make_unique<Fiber>());
  launch.cost.SetVectorCores(uint32_t(cores), "a MIX_AIC_1_2 kernel: each block runs two vector cores; the cube's "
                                              "work for a Matmul call is charged to the vector core that made it, as "
                                              "if each had the cube to itself");
}
uint64_t TilingKey() { return Settings().tilingKey; }
void SetTilingKey(uint64_t key) { Settings().tilingKey = key; }
void SetKernelMode(uint8_t mode) { Settings().kernelMode = mode; }
uint8_t* SystemWorkspace() { return CurrentBlock().systemWorkspace; }
void SetSystemWorkspace(uint8_t* workspace, bool replace) {
  BlockState& block = CurrentBlock();
  if (replace || block.systemWorkspace == nullptr) block.systemWorkspace = workspace;
}

void SyncAllBlocks(Site site) {
  CurrentBlock();  // exits with a message when called outside a launch
  Fiber* fiber = gLaunch->running;
  fiber->barrierArrival = fiber->block->timeline.ArriveAtBarrier(site);
  fiber->state = Fiber::State::kAtBarrier;
  fiber->barrierSite = site;
  swapcontext(&fiber->context, &gLaunch->scheduler);
}

void Assert(bool condition, const char* expression, Site site) {
  if (!condition) RaiseError("assert", site, Format("assertion failed: %s", expression));
}

void Print(const char* format, ...) {
  va_list args;
  va_start(args, format);
  std::vprintf(format, args);
  va_end(args);
}

}  // namespace rt
}  // namespace ascendc_sim
