// Kernel launches: every simulated core runs as a cooperative fiber on one thread. The scheduler
// resumes the cores in a fixed order; a core gives up the thread where it must wait for another
// (SyncAll, CrossCoreWaitFlag) and at each DMA that reads GM, so the cores the chip runs at once
// interleave their reads as concurrent cores do (the L2 cache sees them in that order). Every run
// is deterministic. A launch whose cores all wait with none able to go on is a deadlock, reported
// instead of hanging.
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

#include "ascendc_sim/host/soc_spec.h"
#include "ascendc_sim/keywords.h"
#include "core_launch.h"
#include "core_sync.h"
#include "diagnostics.h"
#include "division_fault.h"
#include "launch_cost.h"
#include "launch_state.h"
#include "scalar_code.h"

namespace ascendc_sim {
namespace {

constexpr size_t kFiberStackBytes = size_t(8) << 20;

struct Fiber {
  enum class State : uint8_t { kNotStarted, kRunnable, kWaiting, kFinished, kFailed, kDiscarded };
  State state = State::kNotStarted;
  CoreIdentity core;
  ucontext_t context{};
  void* stack = nullptr;
  std::unique_ptr<BlockState> block;
  Site waitSite{};  // where a waiting core waits, for the deadlock report
  std::string waitWhat;

  ~Fiber() {
    if (stack != nullptr) munmap(stack, kFiberStackBytes);
  }
};

// The cores of each block for a kernel type; `cube` 0 or 1, `vector` 0 to 2.
struct CoreLayout {
  uint32_t cube = 0;
  uint32_t vector = 1;
  uint32_t PerBlock() const { return cube + vector; }
};

struct Launch {
  Launch(uint32_t blocks, rt::KernelBodies kernelBodies) : blockDim(blocks), bodies(kernelBodies), cost(blocks) {}
  uint32_t blockDim = 0;
  rt::KernelBodies bodies;
  CoreLayout layout;
  bool typeDeclared = false;
  uint8_t kernelType = 0;
  void* context = nullptr;
  std::vector<std::unique_ptr<Fiber>> fibers;  // block by block: its cube core, then its vector cores
  Fiber* running = nullptr;
  ucontext_t scheduler{};
  Site site{};
  uint64_t progress = 0;        // rises whenever a core starts, ends, yields or gets past a wait
  bool startEveryCore = false;  // set once the cores started so far all wait (SyncAll over more blocks than cores)
  LaunchCost cost;
  CoreSyncState sync;
};

Launch* gLaunch = nullptr;

void FiberEntry() {
  Fiber* fiber = gLaunch->running;
  try {
    const rt::KernelBody body = fiber->core.cube ? gLaunch->bodies.cube : gLaunch->bodies.vector;
    body(gLaunch->context);
    fiber->block->timeline.CheckFlagsPaired();
    fiber->state = Fiber::State::kFinished;
  } catch (const KernelAborted&) {
    fiber->state = Fiber::State::kFailed;
  }
  // Returning resumes uc_link, the scheduler.
}

void BuildFibers(Launch& launch) {
  launch.fibers.clear();
  for (uint32_t block = 0; block < launch.blockDim; ++block) {
    for (uint32_t member = 0; member < launch.layout.PerBlock(); ++member) {
      auto fiber = std::make_unique<Fiber>();
      const bool cube = member < launch.layout.cube;
      fiber->core = {cube, block, cube ? 0 : member - launch.layout.cube, uint32_t(launch.fibers.size())};
      launch.fibers.push_back(std::move(fiber));
    }
  }
}

void Start(Fiber& fiber) {
  const LaunchCost& cost = gLaunch->cost;
  fiber.block = std::make_unique<BlockState>(fiber.core.fiber, cost.Costs(), cost.Mode(), cost.KeepSegments());
  fiber.block->timeline.SetCubeCore(fiber.core.cube);
  fiber.stack = mmap(nullptr, kFiberStackBytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
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
  ++gLaunch->progress;
}

void Resume(Fiber& fiber) {
  gLaunch->running = &fiber;
  EnterKernelCode(fiber.stack, kFiberStackBytes);
  swapcontext(&gLaunch->scheduler, &fiber.context);
  LeaveKernelCode();
  gLaunch->running = nullptr;
  if (fiber.state == Fiber::State::kFinished || fiber.state == Fiber::State::kFailed) {
    if (fiber.state == Fiber::State::kFinished) {
      gLaunch->cost.AddBlock(fiber.core.fiber, fiber.block->timeline.Finish());
      ++gLaunch->progress;
    }
    fiber.block.reset();
    munmap(fiber.stack, kFiberStackBytes);
    fiber.stack = nullptr;
  }
}

bool Started(const Fiber& fiber) {
  return fiber.state == Fiber::State::kRunnable || fiber.state == Fiber::State::kWaiting;
}

// How many cores run at once, as the chip runs blocks: one per vector core for vector-only blocks,
// and a block with a cube core per AI core; later blocks start as earlier ones end.
size_t ConcurrentCores(const Launch& launch) {
  if (launch.startEveryCore) return launch.fibers.size();
  const host::SocSpec& soc = host::CurrentSoc();
  return launch.layout.cube == 0 ? soc.aivNum : size_t(soc.aicNum) * launch.layout.PerBlock();
}

// Runs every started core until it ends, waits or yields, starting cores while fewer than the chip
// runs at once are started. Returns false once a core failed.
bool RunRound(Launch& launch) {
  size_t started = size_t(
      std::count_if(launch.fibers.begin(), launch.fibers.end(), [](const auto& fiber) { return Started(*fiber); }));
  for (size_t i = 0; i < launch.fibers.size(); ++i) {
    Fiber& fiber = *launch.fibers[i];
    if (fiber.state == Fiber::State::kNotStarted) {
      if (started >= ConcurrentCores(launch)) continue;
      Start(fiber);
      ++started;
    }
    if (!Started(fiber)) continue;
    Resume(fiber);
    if (fiber.state == Fiber::State::kFailed) return false;
    if (!Started(fiber)) --started;
  }
  return true;
}

// Every core left waits for a core that ended or waits itself. Reported at the first waiting core,
// as its error.
void ReportDeadlock(Launch& launch) {
  std::vector<Fiber*> waiting;
  std::string ended;
  size_t endedCount = 0;
  for (const auto& fiber : launch.fibers) {
    if (fiber->state == Fiber::State::kWaiting) waiting.push_back(fiber.get());
    if (fiber->state == Fiber::State::kFinished) {
      // A vector-only launch lists block numbers, a mixed one names each core.
      const std::string name = launch.layout.cube > 0 ? CoreLabel(fiber->core) : CoreLabel(fiber->core).substr(6);
      ended += (endedCount++ ? ", " : "") + name;
    }
  }
  Fiber& first = *waiting.front();
  const char* unit = launch.layout.cube > 0 ? "cores" : "blocks";
  std::vector<std::string> notes;
  if (endedCount > 0)
    notes.push_back(Format("%s that ended without reaching %s: %s", unit, first.waitWhat.c_str(), ended.c_str()));
  for (const Fiber* fiber : waiting) {
    notes.push_back(Format("%s waits in %s at %s:%u", CoreLabel(fiber->core).c_str(), fiber->waitWhat.c_str(),
                           fiber->waitSite.file, fiber->waitSite.line));
    if (notes.size() == 8 && waiting.size() > 8) {
      notes.push_back(Format("... and %zu more waiting cores", waiting.size() - 8));
      break;
    }
  }
  notes.push_back(Format("kernel %s launched at %s:%u", launch.site.api, launch.site.file, launch.site.line));
  launch.running = &first;
  try {
    RaiseError("deadlock", first.waitSite,
               Format("%zu of %zu %s wait in %s while none can go on; this would hang on hardware", waiting.size(),
                      launch.fibers.size(), unit, first.waitWhat.c_str()),
               std::move(notes));
  } catch (const KernelAborted&) {
  }
  launch.running = nullptr;
}

int Schedule(Launch& launch) {
  for (;;) {
    const uint64_t before = launch.progress;
    if (!RunRound(launch)) return 1;
    const bool allEnded = std::all_of(launch.fibers.begin(), launch.fibers.end(), [](const auto& fiber) {
      return fiber->state == Fiber::State::kFinished || fiber->state == Fiber::State::kDiscarded;
    });
    if (allEnded) return 0;
    if (launch.progress == before) {
      const bool unstarted = std::any_of(launch.fibers.begin(), launch.fibers.end(),
                                         [](const auto& fiber) { return fiber->state == Fiber::State::kNotStarted; });
      if (unstarted && !launch.startEveryCore) {  // they may be what the waiting cores wait for
        launch.startEveryCore = true;
        continue;
      }
      ReportDeadlock(launch);
      return 1;
    }
  }
}

// The Atlas inference series' kernel types, which CANN's A2 build ignores (the kernel's code decides).
bool IsInferenceSeriesType(uint8_t type) {
  return type == KERNEL_TYPE_AICORE || type == KERNEL_TYPE_VECTORCORE || type == KERNEL_TYPE_MIX_AICORE ||
         type == KERNEL_TYPE_MIX_VECTOR_CORE;
}

// The cores of a block under a declared kernel type on an A2, as CANN's "set kernel type" page
// describes each value; `hasCubeVariant` is whether the kernel has cube work (the builder's decision).
CoreLayout LayoutOf(uint8_t type, bool hasCubeVariant, uint32_t vectorsPerBlock) {
  switch (type) {
    case KERNEL_TYPE_AIV_ONLY:
    case KERNEL_TYPE_MIX_AIV_1_0:
      return {0, 1};
    case KERNEL_TYPE_AIC_ONLY:
    case KERNEL_TYPE_MIX_AIC_1_0:
      return {1, 0};
    case KERNEL_TYPE_MIX_AIC_1_1:
      return {1, 1};
    case KERNEL_TYPE_MIX_AIC_1_2:
      return {hasCubeVariant ? 1u : 0u, 2};
    default:  // ignored: the layout the kernel's code gives it
      return hasCubeVariant ? CoreLayout{1, vectorsPerBlock} : CoreLayout{0, 1};
  }
}

void SetLayout(Launch& launch, CoreLayout layout) {
  launch.layout = layout;
  launch.cost.SetCoreLayout(layout.cube, layout.vector);
  if (layout.cube == 0 && layout.vector == 2) {
    launch.cost.Note(
        "a MIX_AIC_1_2 kernel: each block runs two vector cores; the cube's work for a Matmul call is "
        "charged to the vector core that made it, as if each had the cube to itself");
  }
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

const CoreIdentity& CurrentCore() {
  CurrentBlock();  // exits with a message when called outside a launch
  return gLaunch->running->core;
}

int64_t CurrentBlockIndexOrNone() {
  if (gLaunch == nullptr || gLaunch->running == nullptr || !gLaunch->running->block) return -1;
  return rt::BlockIdx();
}

std::string CoreLabel(const CoreIdentity& core) {
  if (gLaunch->layout.cube == 0) return Format("block %u", core.block * gLaunch->layout.vector + core.sub);
  if (core.cube) return Format("AIC of block %u", core.block);
  return Format("AIV %u of block %u", core.sub, core.block);
}

std::string CurrentCoreLabelOrNone() {
  if (gLaunch == nullptr || gLaunch->running == nullptr) return "";
  return CoreLabel(gLaunch->running->core);
}

uint32_t CurrentBlockNum() { return gLaunch ? gLaunch->blockDim : 0; }

uint32_t VectorCoresPerBlock() {
  CurrentBlock();
  return gLaunch->layout.vector;
}

LaunchCost& CurrentLaunchCost() {
  CurrentBlock();  // exits with a message when called outside a launch
  return gLaunch->cost;
}

CoreSyncState& CurrentCoreSync() {
  CurrentBlock();
  return gLaunch->sync;
}

std::vector<CoreIdentity> LaunchCores() {
  std::vector<CoreIdentity> cores;
  for (const auto& fiber : gLaunch->fibers)
    if (fiber->state != Fiber::State::kDiscarded) cores.push_back(fiber->core);
  return cores;
}

void WaitUntil(const std::function<bool()>& ready, const Site& site, const std::string& what) {
  Fiber* fiber = gLaunch->running;
  if (ready()) return;
  fiber->waitSite = site;
  fiber->waitWhat = what;
  while (!ready()) {
    fiber->state = Fiber::State::kWaiting;
    swapcontext(&fiber->context, &gLaunch->scheduler);
  }
  fiber->state = Fiber::State::kRunnable;
  ++gLaunch->progress;
}

void YieldToOtherCores() {
  swapcontext(&gLaunch->running->context, &gLaunch->scheduler);
  ++gLaunch->progress;  // the round that resumed the core let it go on: not a deadlock
}

void AbandonRunningBlock() {
  Fiber* fiber = gLaunch->running;
  fiber->state = Fiber::State::kFailed;
  swapcontext(&fiber->context, &gLaunch->scheduler);
  std::abort();  // a failed block is never resumed
}

namespace rt {

int Launch(const char* kernelName, uint32_t blockDim, KernelBodies bodies, void* context, Site site) {
  if (gLaunch != nullptr) {
    std::fprintf(stderr, "%s:%u: error: [bad-parameter] %s launched from inside a running kernel\n", site.file,
                 site.line, kernelName);
    return 1;
  }
  if (blockDim == 0 || blockDim > 65535) {
    std::fprintf(stderr, "%s:%u: error: [bad-parameter] blockDim %u of %s is outside [1, 65535]\n", site.file,
                 site.line, blockDim, kernelName);
    return 1;
  }
  ResetWarningDeduplication();
  ascendc_sim::Launch launch(blockDim, bodies);
  launch.context = context;
  launch.site = site;
  // A kernel with cube code and no declared type runs as the NPU compiler's default mix: one cube
  // and two vector cores per block.
  SetLayout(launch, bodies.cube == nullptr ? CoreLayout{0, 1}
                                           : CoreLayout{1, bodies.vector == nullptr ? 0u : bodies.vectorsPerBlock});
  BuildFibers(launch);
  CatchKernelDivisionFaults();
  TakeKernelDivisionFaults();
  gLaunch = &launch;
  const int status = Schedule(launch);
  if (const uint64_t divisions = TakeKernelDivisionFaults(); divisions > 0) {
    RaiseWarning("divide-by-zero", site,
                 Format("the kernel divided an integer by zero %llu time%s; the NPU's scalar unit does not trap, so "
                        "the simulator went on with a quotient of all ones and the dividend as remainder (the NPU's "
                        "values are unpublished: a result that matters is wrong on hardware too)",
                        static_cast<unsigned long long>(divisions), divisions == 1 ? "" : "s"));
  }
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
  std::fprintf(stderr, "%s:%u: error: %s<<<...>>> launches no kernel that takes these arguments\n", site.file,
               site.line, name);
  std::exit(1);
}

// On a vector core of a block with two, the blocks' vector cores are numbered in one range.
int64_t BlockIdx() {
  const CoreIdentity& core = CurrentCore();
  return core.cube ? core.block : int64_t(core.block) * gLaunch->layout.vector + core.sub;
}
int64_t BlockNum() { return CurrentBlockNum(); }
int64_t SubBlockIdx() { return CurrentCore().sub; }
int64_t SubBlockNum() { return VectorCoresPerBlock(); }
int64_t TaskRatio() { return CurrentCore().cube ? 1 : VectorCoresPerBlock(); }
bool OnCubeCore() { return CurrentCore().cube; }

// The type is known only when the kernel body runs, but the first core runs alone until its first
// wait, so a declaration there can still lay out every block's cores before any other core starts.
void DeclareKernelType(const uint8_t& declared, Site site) {
  const uint8_t type = declared;
  ascendc_sim::Launch& launch = *gLaunch;
  CurrentBlock();
  const bool hasCube = launch.bodies.cube != nullptr;
  if (!launch.typeDeclared && (IsInferenceSeriesType(type) || type > KERNEL_TYPE_MIX_VECTOR_CORE)) {
    RaiseWarning("unsupported", site,
                 Format("kernel type %u is %s; CANN's Atlas A2 build ignores it, so the kernel runs on the cores its "
                        "code needs: one vector core per block, or one cube and two vector cores when it has cube "
                        "work",
                        unsigned(type),
                        IsInferenceSeriesType(type) ? "the Atlas inference series' (310P AI Core / Vector Core)"
                                                    : "no KernelMetaType value"));
  }
  const CoreLayout layout = LayoutOf(type, hasCube, launch.bodies.vectorsPerBlock);
  if (layout.cube > 0 && !hasCube) {
    RaiseError("unsupported", site,
               "a kernel type with a cube core, but the kernel was built for the vector cores only (its compiled "
               "code has no cube work: no Mmad, LoadData, Fixpipe or Matmul object, and no cube kernel type)");
  }
  if (layout.vector > 0 && launch.bodies.vector == nullptr) {
    RaiseError("unsupported", site,
               "a kernel type with vector cores, but the kernel was built for the cube cores only: its vector-core "
               "build calls functions that no source defines for the vector cores");
  }
  if (launch.typeDeclared) {
    if (type != launch.kernelType) {
      RaiseError("bad-parameter", site,
                 Format("kernel type %u differs from the type %u this launch declared first", unsigned(type),
                        unsigned(launch.kernelType)));
    }
    return;
  }
  launch.typeDeclared = true;
  launch.kernelType = type;
  if (layout.cube == launch.layout.cube && layout.vector == launch.layout.vector) return;
  for (const auto& fiber : launch.fibers) {
    if (fiber.get() != launch.running && fiber->state != Fiber::State::kNotStarted) {
      RaiseError("unsupported", site,
                 "the kernel type must be declared before the kernel's first copy from GM, SyncAll or "
                 "cross-core wait");
    }
  }
  // The running core keeps its place as the first core of its kind in block 0; if the new type has
  // no core of its kind, it is dropped without cost, as the NPU would not have started it.
  std::unique_ptr<Fiber> running;
  for (auto& fiber : launch.fibers)
    if (fiber.get() == launch.running) running = std::move(fiber);
  SetLayout(launch, layout);
  BuildFibers(launch);
  const bool keeps = running->core.cube ? layout.cube > 0 : layout.vector > 0;
  if (!keeps) {
    Fiber* dropped = running.get();
    launch.fibers.push_back(std::move(running));
    dropped->state = Fiber::State::kDiscarded;
    ++launch.progress;
    swapcontext(&dropped->context, &launch.scheduler);
    std::abort();  // a discarded core is never resumed
  }
  for (auto& fiber : launch.fibers) {
    if (fiber->core.cube == running->core.cube && fiber->core.block == 0 && fiber->core.sub == 0) {
      running->core = fiber->core;
      running->block->index = int64_t(running->core.fiber);
      fiber = std::move(running);
      break;
    }
  }
}
uint64_t TilingKey() { return Settings().tilingKey; }
void SetTilingKey(uint64_t key) { Settings().tilingKey = key; }
void SetKernelMode(uint8_t mode) { Settings().kernelMode = mode; }
int RequestedKernelMode() { return Settings().kernelMode; }
uint8_t* SystemWorkspace() { return CurrentBlock().systemWorkspace; }
void SetSystemWorkspace(uint8_t* workspace, bool replace) {
  BlockState& block = CurrentBlock();
  if (replace || block.systemWorkspace == nullptr) block.systemWorkspace = workspace;
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
