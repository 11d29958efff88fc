// The narrow interface between kernel-visible headers and the simulator runtime (sim/src).
// Everything here is plain data and functions, so kernel translation units stay small and no
// standard-library names beyond <cstdint> leak into kernel code.
#pragma once
#include <cstddef>
#include <cstdint>
#include <source_location>

#include "ascendc_sim/dtype.h"

namespace ascendc_sim {

// Where an API was called from, and which API: every diagnostic names both.
struct Site {
  const char* file;
  uint32_t line;
  const char* api;
};
inline Site MakeSite(const char* api, const std::source_location& location) {
  return {location.file_name(), location.line(), api};
}

// A view of on-chip memory as a LocalTensor holds it. `limit` is the end of the buffer the view
// came from; `owner`/`generation` let the runtime detect use after FreeTensor.
struct LocalRef {
  uint8_t* address = nullptr;
  uint8_t* limit = nullptr;
  uint32_t bytes = 0;
  int32_t owner = -1;
  uint32_t generation = 0;
  uint8_t position = 0;
};

// A view of global memory: the pointer and the bounds of the GmAlloc'd region containing it.
// `reachableEnd` (at least `regionEnd`) ends the memory past the region that the device still
// reaches without fault, as a caching allocator's segment (rt::GmAllocInSegment).
struct GlobalRef {
  uint8_t* address = nullptr;
  const uint8_t* regionBegin = nullptr;
  const uint8_t* regionEnd = nullptr;
  const uint8_t* reachableEnd = nullptr;
};

enum class Access : uint8_t { kRead, kWrite };

// A scalar's bytes, as the runtime's plain-data interface passes values of any element type.
template <class T>
uint64_t ScalarBits(T value) {
  uint64_t bits = 0;
  __builtin_memcpy(&bits, &value, sizeof(T));
  return bits;
}

// One side of a DataCopy: on-chip or global memory.
struct CopyEndpoint {
  bool global = false;
  LocalRef local;
  GlobalRef gm;
};

// The block structure of a copy. Units depend on `kind`: see rt::DataCopy.
enum class CopyKind : uint8_t { kCount, kBlocks, kPad };
struct CopyShape {
  uint32_t blockCount = 1;
  uint32_t blockLen = 0;
  uint32_t srcStride = 0;
  uint32_t dstStride = 0;
};
struct CopyPadding {
  bool isPad = false;
  uint8_t left = 0;
  uint8_t right = 0;
  uint64_t valueBits = 0;
};

namespace rt {

// Launch and block identity.
using KernelBody = void (*)(void* context);
// A kernel as the NPU compiler builds it: one variant for the cube core (AIC) and one for the vector
// cores (AIV). A kernel with no cube code has only the vector variant (`cube` null).
struct KernelBodies {
  KernelBody cube = nullptr;
  KernelBody vector = nullptr;
  uint32_t vectorsPerBlock = 2;  // with both variants: A2's 1:2 unless the launch asks for 1:1
};
int Launch(const char* kernelName, uint32_t blockDim, KernelBodies bodies, void* context, Site site);
inline int Launch(const char* kernelName, uint32_t blockDim, KernelBody body, void* context, Site site) {
  return Launch(kernelName, blockDim, KernelBodies{nullptr, body}, context, site);
}
[[noreturn]] void ExitAfterFailedLaunch();
// `name<<<...>>>(args)` where `name` is no kernel taking `args`: says so at `site` and exits 1.
[[noreturn]] void ExitAfterUncallableChevronLaunch(const char* name, Site site);
int64_t BlockIdx();
int64_t BlockNum();
int64_t SubBlockIdx();
int64_t SubBlockNum();  // vector cores per block: 2 in a MIX_AIC_1_2 kernel, else 1
int64_t TaskRatio();    // on a vector core its block's vector cores, on the cube core 1
bool OnCubeCore();      // the running core is the block's AIC
// KERNEL_TASK_TYPE_DEFAULT: a KernelMetaType value, by reference to its kDeclaredKernelType marker.
void DeclareKernelType(const uint8_t& type, Site site);
uint64_t TilingKey();
void SetTilingKey(uint64_t key);
void SetKernelMode(uint8_t mode);
int RequestedKernelMode();  // the KernelMode value SetKernelMode set, or -1
// SyncAll: every vector core of the launch (`vectorOnly`), or every core, cube cores included.
void SyncAllBlocks(Site site, bool vectorOnly = true);
// CrossCoreSetFlag / CrossCoreWaitFlag (cross_core_sync.cpp).
void CrossCoreSetFlag(uint8_t mode, uint8_t pipe, uint16_t flagId, Site site);
void CrossCoreWaitFlag(uint8_t mode, uint16_t flagId, Site site);
// The current block's system workspace pointer (GetSysWorkSpacePtr); `replace` false sets it only
// while it is unset.
uint8_t* SystemWorkspace();
void SetSystemWorkspace(uint8_t* workspace, bool replace);
void Assert(bool condition, const char* expression, Site site);

// Global memory.
void* GmAlloc(size_t bytes);
// A region of `bytes` followed by `segmentBytes - bytes` more that the kernel may reach, as a
// tensor in a caching allocator's segment: accesses there are performed, with a gm-out-of-bounds
// warning (an error under AKGEN_SIM_STRICT=1). The caller decides what those bytes hold.
void* GmAllocInSegment(size_t bytes, size_t segmentBytes);
void GmFree(void* pointer);
GlobalRef GmResolve(const void* pointer);
void CheckGlobal(const GlobalRef& ref, uint64_t bytes, Access access, Site site);
// CheckGlobal, then the scalar unit's copy of the bytes between GM and `value`. The copy is the
// runtime's, so the kernel's instrumented code (scalar_code.h) does not see and charge it again.
void LoadGlobal(const GlobalRef& ref, void* value, uint64_t bytes, Site site);
void StoreGlobal(const GlobalRef& ref, const void* value, uint64_t bytes, Site site);
void CheckKernelArgument(const void* pointer, int index, Site site);
void FillGlobal(const GlobalRef& ref, uint64_t count, uint64_t valueBits, uint32_t elementBytes, Site site);

// On-chip buffers: pipes, queues and scratch buffers are runtime objects named by handles.
int32_t PipeCreate();
void PipeDestroy(int32_t pipe);
void PipeReset(int32_t pipe);
void* CurrentPipe();
void SetCurrentPipe(void* pipe);
// A queue between two TPositions (equal for a TQue): its buffers live at the non-GM one; which pipes
// produce and consume them follows from the pair.
void PipeInitQueue(int32_t pipe, int32_t& queue, uint8_t srcPosition, uint8_t dstPosition, int32_t depth, uint32_t num,
                   uint32_t bytes, Site site);
void PipeInitQueueAt(int32_t pipe, int32_t& queue, uint8_t srcPosition, uint8_t dstPosition, int32_t depth,
                     const uint32_t* offsets, const uint32_t* bytes, uint32_t num, Site site);
void PipeInitBuf(int32_t pipe, int32_t& buf, uint8_t position, uint32_t bytes, Site site);
int8_t PipeEventId(int32_t pipe, uint8_t event, bool allocate, Site site);
void PipeReleaseEventId(int32_t pipe, uint8_t event, int8_t id, Site site);
LocalRef QueueAlloc(int32_t queue, Site site);
void QueueEnque(int32_t queue, const LocalRef& tensor, Site site);
LocalRef QueueDeque(int32_t queue, Site site);
void QueueFree(int32_t queue, const LocalRef& tensor, Site site);
int32_t QueueCount(int32_t queue, int what);
void QueueFreeAllEvent(int32_t queue);
LocalRef BufGet(int32_t buf, uint32_t bytes, uint32_t byteOffset, Site site);
// PopStackBuffer: the UB past every buffer of the pipe, up to the bytes A2 reserves at its end.
LocalRef PipeStackBuffer(int32_t pipe, uint8_t position, Site site);
// A queue's TQueConfig field (`declared`, 0 for "given at InitBuffer") against InitBuffer's argument.
void CheckQueueConfigValue(const char* field, uint32_t declared, const char* argument, uint32_t given, Site site);
// The view a raw on-chip pointer (a CCE intrinsic's `__ubuf__ T*`, from GetPhyAddr) stands for: from
// `address` to the end of the live TQue/TBuf buffer holding it. `operand` names it in diagnostics.
LocalRef LocalAt(const void* address, const char* operand, Site site);

// Scalar access to on-chip memory (GetValue/SetValue); checks liveness, bounds and initialisation.
void CheckLocal(const LocalRef& ref, uint64_t byteOffset, uint64_t bytes, Access access, Site site);
// CheckLocal, then the copy, as LoadGlobal and StoreGlobal.
void LoadLocal(const LocalRef& ref, uint64_t byteOffset, void* value, uint64_t bytes, Site site);
void StoreLocal(const LocalRef& ref, uint64_t byteOffset, const void* value, uint64_t bytes, Site site);
void PrintLocal(const LocalRef& ref, DType type, uint32_t count, Site site);
int32_t WriteLocalToFile(const LocalRef& ref, const char* fileName, Site site);

// DataCopy (kCount: blockLen is bytes, one block; kBlocks: DataCopyParams, lengths and strides in
// 32-byte blocks; kPad: DataCopyPad, blockLen in bytes, GM strides in bytes, UB strides in blocks).
void DataCopy(const CopyEndpoint& dst, const CopyEndpoint& src, uint32_t elementBytes, CopyKind kind,
              const CopyShape& shape, const CopyPadding& padding, Site site);
void SetPadValue(uint64_t valueBits, uint32_t elementBytes);
// Atomic accumulation of UB->GM copies (SetAtomicAdd/Max/Min/None).
enum class AtomicOp : uint8_t { kNone, kAdd, kMax, kMin };
void SetAtomic(AtomicOp op, DType type);
void SetAtomicType(DType type);

// Synchronisation: ordering edges between the block's pipes (pipe_timeline.h).
void SetFlag(uint8_t event, int32_t id, Site site);
void WaitFlag(uint8_t event, int32_t id, Site site);
void PipeBarrier(uint8_t pipe, Site site);

}  // namespace rt
}  // namespace ascendc_sim
