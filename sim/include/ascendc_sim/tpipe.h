// TPipe, TQue/TQueBind and TBuf: on-chip buffer management. State lives in the runtime; these
// classes hold handles, so copies and moves of kernel objects behave as on the NPU.
#pragma once
#include "ascendc_sim/local_tensor.h"
#include "ascendc_sim/tque_config.h"

namespace AscendC {

template <TPosition kSrc, TPosition kDst, int32_t kDepth, auto kMask = 0>
class TQueBind {
 public:
  static constexpr TPosition kSrcPosition = kSrc;
  static constexpr TPosition kDstPosition = kDst;
  static constexpr int32_t kQueueDepth = kDepth;
  static constexpr const TQueConfig* kConfig = ascendc_sim::QueueConfigOf<kMask>();

  template <class T>
  LocalTensor<T> AllocTensor(const std::source_location location = std::source_location::current()) {
    return Typed<T>(ascendc_sim::rt::QueueAlloc(handle_, ascendc_sim::MakeSite("AllocTensor", location)));
  }
  template <class T>
  void AllocTensor(LocalTensor<T>& tensor, const std::source_location location = std::source_location::current()) {
    tensor = AllocTensor<T>(location);
  }
  template <class T>
  void FreeTensor(LocalTensor<T>& tensor, const std::source_location location = std::source_location::current()) {
    ascendc_sim::rt::QueueFree(handle_, tensor.SimRef(), ascendc_sim::MakeSite("FreeTensor", location));
  }
  template <class T>
  bool EnQue(const LocalTensor<T>& tensor, const std::source_location location = std::source_location::current()) {
    ascendc_sim::rt::QueueEnque(handle_, tensor.SimRef(), ascendc_sim::MakeSite("EnQue", location));
    return true;
  }
  template <TPosition kSrcUser, TPosition kDstUser, class T>
  bool EnQue(const LocalTensor<T>& tensor, const std::source_location location = std::source_location::current()) {
    return EnQue(tensor, location);
  }
  template <class T>
  LocalTensor<T> DeQue(const std::source_location location = std::source_location::current()) {
    return Typed<T>(ascendc_sim::rt::QueueDeque(handle_, ascendc_sim::MakeSite("DeQue", location)));
  }
  template <class T>
  void DeQue(LocalTensor<T>& tensor, const std::source_location location = std::source_location::current()) {
    tensor = DeQue<T>(location);
  }
  template <TPosition kSrcUser, TPosition kDstUser, class T>
  LocalTensor<T> DeQue(const std::source_location location = std::source_location::current()) {
    return DeQue<T>(location);
  }
  // The untyped form: kernels call it to wait for a buffer they still hold as a tensor. The handle
  // is the buffer's on-chip address, opaque as in CANN.
  TBufHandle DeQue(const std::source_location location = std::source_location::current()) {
    return ascendc_sim::rt::QueueDeque(handle_, ascendc_sim::MakeSite("DeQue", location)).address;
  }

  bool VacantInQue() { return ascendc_sim::rt::QueueCount(handle_, 0) > 0; }
  bool HasTensorInQue() { return ascendc_sim::rt::QueueCount(handle_, 1) > 0; }
  int32_t GetTensorCountInQue() { return ascendc_sim::rt::QueueCount(handle_, 1); }
  bool HasIdleBuffer() { return ascendc_sim::rt::QueueCount(handle_, 2) > 0; }
  void FreeAllEvent() { ascendc_sim::rt::QueueFreeAllEvent(handle_); }

  int32_t& SimHandle() { return handle_; }

 private:
  template <class T>
  static LocalTensor<T> Typed(ascendc_sim::LocalRef ref) {
    ref.bytes = ref.bytes / sizeof(T) * sizeof(T);
    return LocalTensor<T>(ref);
  }

  int32_t handle_ = -1;
};

template <TPosition kPos, int32_t kDepth, auto kMask = 0>
class TQue : public TQueBind<kPos, kPos, kDepth, kMask> {};

template <TPosition kPos = TPosition::LCM>
class TBuf {
 public:
  template <class T>
  LocalTensor<T> Get(const std::source_location location = std::source_location::current()) {
    return LocalTensor<T>(Placed(ascendc_sim::rt::BufGet(handle_, 0, 0, ascendc_sim::MakeSite("TBuf::Get", location))));
  }
  template <class T>
  LocalTensor<T> Get(uint32_t length, const std::source_location location = std::source_location::current()) {
    return LocalTensor<T>(
        Placed(ascendc_sim::rt::BufGet(handle_, length * sizeof(T), 0, ascendc_sim::MakeSite("TBuf::Get", location))));
  }
  template <class T>
  LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset,
                               const std::source_location location = std::source_location::current()) {
    return LocalTensor<T>(Placed(ascendc_sim::rt::BufGet(handle_, size * sizeof(T), bufOffset,
                                                         ascendc_sim::MakeSite("TBuf::GetWithOffset", location))));
  }
  // A TBuf has no queue semantics: AllocTensor hands out the whole buffer and FreeTensor does nothing.
  template <class T>
  LocalTensor<T> AllocTensor(const std::source_location location = std::source_location::current()) {
    return Get<T>(location);
  }
  template <class T>
  void FreeTensor(LocalTensor<T>&) {}

  int32_t& SimHandle() { return handle_; }

 private:
  // The runtime calls every UB TBuf view VECCALC; a cube-side TBuf keeps its own position, which
  // the cube instructions check (LoadData's destination at A2/B2, Mmad's at CO1, ...).
  static ascendc_sim::LocalRef Placed(ascendc_sim::LocalRef ref) {
    constexpr bool kCubeSide = kPos == TPosition::A1 || kPos == TPosition::A2 || kPos == TPosition::B1 ||
                               kPos == TPosition::B2 || kPos == TPosition::C1 || kPos == TPosition::C2 ||
                               kPos == TPosition::CO1 || kPos == TPosition::TSCM || kPos == TPosition::C2PIPE2GM;
    if (kCubeSide && ref.owner >= 0) ref.position = uint8_t(kPos);
    return ref;
  }

  int32_t handle_ = -1;
};

namespace Std {
template <class First, class Second>
struct tuple {
  First first;
  Second second;
};
template <class First, class Second>
tuple<First, Second> make_tuple(First first, Second second) {
  return {first, second};
}
}  // namespace Std

class TPipe {
 public:
  TPipe() : handle_(ascendc_sim::rt::PipeCreate()) { ascendc_sim::rt::SetCurrentPipe(this); }
  ~TPipe() {
    ascendc_sim::rt::PipeDestroy(handle_);
    if (ascendc_sim::rt::CurrentPipe() == this) ascendc_sim::rt::SetCurrentPipe(nullptr);
  }
  TPipe(const TPipe&) = delete;
  TPipe& operator=(const TPipe&) = delete;

  void Init() {}
  int32_t SimHandle() const { return handle_; }

  template <class Queue>
  bool InitBuffer(Queue& queue, uint8_t num, uint32_t len,
                  const std::source_location location = std::source_location::current()) {
    const ascendc_sim::Site site = ascendc_sim::MakeSite("InitBuffer", location);
    CheckQueueConfig<Queue>(num, len, site);
    ascendc_sim::rt::PipeInitQueue(handle_, queue.SimHandle(), uint8_t(Queue::kSrcPosition),
                                   uint8_t(Queue::kDstPosition), Queue::kQueueDepth, num, len, site);
    return true;
  }
  template <TPosition kPos>
  bool InitBuffer(TBuf<kPos>& buf, uint32_t len, const std::source_location location = std::source_location::current()) {
    ascendc_sim::rt::PipeInitBuf(handle_, buf.SimHandle(), uint8_t(kPos), len, ascendc_sim::MakeSite("InitBuffer", location));
    return true;
  }
  // Buffers at user-chosen (offset, length) pairs.
  template <class Queue, class Offset, class Length, class... More>
  bool InitBuffer(Queue& queue, const Std::tuple<Offset, Length>& first, const More&... more) {
    const uint32_t offsets[] = {uint32_t(first.first), uint32_t(more.first)...};
    const uint32_t lengths[] = {uint32_t(first.second), uint32_t(more.second)...};
    const ascendc_sim::Site site = ascendc_sim::MakeSite("InitBuffer", std::source_location::current());
    CheckQueueConfig<Queue>(1 + sizeof...(More), 0, site);
    ascendc_sim::rt::PipeInitQueueAt(handle_, queue.SimHandle(), uint8_t(Queue::kSrcPosition),
                                     uint8_t(Queue::kDstPosition), Queue::kQueueDepth,
                                     offsets, lengths, uint32_t(1 + sizeof...(More)), site);
    return true;
  }

  void Reset() { ascendc_sim::rt::PipeReset(handle_); }
  // Ends the queues; TBuf tensors keep their memory until another pipe places buffers there.
  void Destroy() { ascendc_sim::rt::PipeDestroy(handle_); }

  template <HardEvent kEvent>
  TEventID AllocEventID(const std::source_location location = std::source_location::current()) {
    return ascendc_sim::rt::PipeEventId(handle_, uint8_t(kEvent), true, ascendc_sim::MakeSite("AllocEventID", location));
  }
  template <HardEvent kEvent>
  void ReleaseEventID(TEventID id, const std::source_location location = std::source_location::current()) {
    ascendc_sim::rt::PipeReleaseEventId(handle_, uint8_t(kEvent), id, ascendc_sim::MakeSite("ReleaseEventID", location));
  }
  template <HardEvent kEvent>
  TEventID FetchEventID(const std::source_location location = std::source_location::current()) {
    return ascendc_sim::rt::PipeEventId(handle_, uint8_t(kEvent), false, ascendc_sim::MakeSite("FetchEventID", location));
  }
  TEventID FetchEventID(HardEvent event, const std::source_location location = std::source_location::current()) {
    return ascendc_sim::rt::PipeEventId(handle_, uint8_t(event), false, ascendc_sim::MakeSite("FetchEventID", location));
  }

 private:
  // InitBuffer's num and len must equal a TQueConfig's nonzero bufferNumber and bufferLen
  // (len 0: not given). CANN asserts this only in its CPU-debug build; device builds use num and
  // len, so so does the simulator.
  template <class Queue>
  static void CheckQueueConfig([[maybe_unused]] uint32_t num, [[maybe_unused]] uint32_t len,
                               [[maybe_unused]] const ascendc_sim::Site& site) {
#if defined(ASCENDC_CPU_DEBUG) && ASCENDC_CPU_DEBUG
    if constexpr (Queue::kConfig != nullptr) {
      ascendc_sim::rt::CheckQueueConfigValue("bufferNumber", Queue::kConfig->bufferNumber, "num", num, site);
      if (len != 0) ascendc_sim::rt::CheckQueueConfigValue("bufferLen", Queue::kConfig->bufferLen, "len", len, site);
    }
#endif
  }

  int32_t handle_;
};

}  // namespace AscendC

// At global scope, as in CANN: kernels call it without `using namespace AscendC`, and
// `AscendC::GetTPipePtr` does not exist.
inline AscendC::TPipe* GetTPipePtr() { return static_cast<AscendC::TPipe*>(ascendc_sim::rt::CurrentPipe()); }
