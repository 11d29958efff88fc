// Transposes on the vector unit: TransDataTo5HD (the vnchwconv instruction: 16 scattered 32-byte
// blocks in, 16 out, per repeat) in its LocalTensor, address and TransDataTo5HDImpl forms, and
// Transpose (one contiguous 16x16 matrix of 2-byte elements). The CCE spellings kernels call
// directly follow in the global namespace: vtranspose, scatter_vnchwconv_b8/b16/b32 and the VA
// address registers they read (set_va_reg_sb).
#pragma once
#include <cstdint>
#include <source_location>

#include "ascendc_sim/dtype.h"
#include "ascendc_sim/keywords.h"
#include "ascendc_sim/local_tensor.h"

namespace ascendc_sim {

// vnchwconv takes 16 destination and 16 source addresses (CANN's NCHW_CONV_ADDR_LIST_SIZE).
inline constexpr uint32_t kTransposeListSize = 16;

// One vnchwconv call. Repeat r reads and writes the blocks 32 * r * stride bytes past each listed
// address. The high-half flags choose which 16 bytes of each block 8-bit types read and write.
struct BlockTransposeShape {
  uint32_t repeatTimes = 1;
  uint16_t dstRepStride = 0;
  uint16_t srcRepStride = 0;
  bool dstHighHalf = false;
  bool srcHighHalf = false;
};

namespace rt {
// vnchwconv on `elementBytes`-wide elements (1, 2 or 4) over views of live buffers.
void TransposeBlocks(uint32_t elementBytes, const LocalRef* dst, const LocalRef* src, const BlockTransposeShape& shape,
                     Site site);
// The same with raw UB addresses (GetPhyAddr values), each resolved to the live buffer holding it.
void TransposeBlocksAt(uint32_t elementBytes, const uint64_t* dst, const uint64_t* src,
                       const BlockTransposeShape& shape, Site site);
// vtranspose: the 16x16 matrix of 2-byte elements at src, transposed into dst.
void Transpose16x16(const LocalRef& dst, const LocalRef& src, Site site);
// The VA registers: 8 registers of 8 UB addresses each. vnchwconv reads a register and the next one.
void SetAddressRegister(uint32_t index, const uint64_t* addresses, Site site);
void TransposeBlocksFromRegisters(uint32_t elementBytes, uint32_t dstRegister, uint32_t srcRegister,
                                  const BlockTransposeShape& shape, Site site);
}  // namespace rt

template <class T>
const uint64_t* AddressesOf(T* const* pointers, uint64_t (&addresses)[kTransposeListSize]) {
  for (uint32_t i = 0; i < kTransposeListSize; ++i) addresses[i] = reinterpret_cast<uint64_t>(pointers[i]);
  return addresses;
}

}  // namespace ascendc_sim

namespace AscendC {

inline constexpr int32_t NCHW_CONV_ADDR_LIST_SIZE = 16;

// CANN declares repeatTimes uint8_t, so a computed 300 wraps to 44 there; the wider field keeps the
// real value so the runtime reports it, as for the level-0 repeat arguments.
struct TransDataTo5HDParams {
  bool dstHighHalf = false;
  bool srcHighHalf = false;
  uint32_t repeatTimes = 1;
  uint16_t dstRepStride = 0;
  uint16_t srcRepStride = 0;
  TransDataTo5HDParams() = default;
  TransDataTo5HDParams(bool dstHighHalfIn, bool srcHighHalfIn, uint32_t repeatTimesIn, uint16_t dstRepStrideIn,
                       uint16_t srcRepStrideIn)
      : dstHighHalf(dstHighHalfIn),
        srcHighHalf(srcHighHalfIn),
        repeatTimes(repeatTimesIn),
        dstRepStride(dstRepStrideIn),
        srcRepStride(srcRepStrideIn) {}
};

}  // namespace AscendC

namespace ascendc_sim {
inline BlockTransposeShape ShapeOf(const AscendC::TransDataTo5HDParams& params) {
  return {params.repeatTimes, params.dstRepStride, params.srcRepStride, params.dstHighHalf, params.srcHighHalf};
}
}  // namespace ascendc_sim

// The A2 dtype table of TransDataTo5HD.
#define ASCENDC_SIM_CHECK_TRANS_DATA_DTYPE(api, T) \
  ASCENDC_SIM_CHECK_DTYPE(api, T, int8_t, uint8_t, int16_t, uint16_t, half, int32_t, uint32_t, float)

namespace AscendC {

template <class T>
void TransDataTo5HD(const LocalTensor<T> (&dstList)[NCHW_CONV_ADDR_LIST_SIZE],
                    const LocalTensor<T> (&srcList)[NCHW_CONV_ADDR_LIST_SIZE], const TransDataTo5HDParams& params,
                    const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_TRANS_DATA_DTYPE("TransDataTo5HD", T);
  ascendc_sim::LocalRef dst[NCHW_CONV_ADDR_LIST_SIZE];
  ascendc_sim::LocalRef src[NCHW_CONV_ADDR_LIST_SIZE];
  for (int32_t i = 0; i < NCHW_CONV_ADDR_LIST_SIZE; ++i) {
    dst[i] = dstList[i].SimRef();
    src[i] = srcList[i].SimRef();
  }
  ascendc_sim::rt::TransposeBlocks(sizeof(T), dst, src, ascendc_sim::ShapeOf(params),
                                   ascendc_sim::MakeSite("TransDataTo5HD", location));
}

// The address form: each element is a LocalTensor's GetPhyAddr().
template <class T>
void TransDataTo5HD(const uint64_t dstList[NCHW_CONV_ADDR_LIST_SIZE], const uint64_t srcList[NCHW_CONV_ADDR_LIST_SIZE],
                    const TransDataTo5HDParams& params,
                    const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_TRANS_DATA_DTYPE("TransDataTo5HD", T);
  ascendc_sim::rt::TransposeBlocksAt(sizeof(T), dstList, srcList, ascendc_sim::ShapeOf(params),
                                     ascendc_sim::MakeSite("TransDataTo5HD", location));
}

// CANN's implementation function, which kernels call with `__ubuf__ T*` lists.
template <class T>
void TransDataTo5HDImpl(__ubuf__ T* dstList[NCHW_CONV_ADDR_LIST_SIZE], __ubuf__ T* srcList[NCHW_CONV_ADDR_LIST_SIZE],
                        const TransDataTo5HDParams& params,
                        const std::source_location location = std::source_location::current()) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4,
                "Failed to check dtype in TransDataTo5HDImpl, current api support dtype size is 1, 2 or 4 bytes");
  uint64_t dst[NCHW_CONV_ADDR_LIST_SIZE];
  uint64_t src[NCHW_CONV_ADDR_LIST_SIZE];
  ascendc_sim::rt::TransposeBlocksAt(sizeof(T), ascendc_sim::AddressesOf(dstList, dst),
                                     ascendc_sim::AddressesOf(srcList, src), ascendc_sim::ShapeOf(params),
                                     ascendc_sim::MakeSite("TransDataTo5HDImpl", location));
}

// The basic Transpose: one 16x16 matrix of 2-byte elements, 512 contiguous bytes.
template <class T>
void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
               const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_DTYPE("Transpose", T, half, int16_t, uint16_t);
  ascendc_sim::rt::Transpose16x16(dst.SimRef(), src.SimRef(), ascendc_sim::MakeSite("Transpose", location));
}

}  // namespace AscendC

// CCE spellings (global namespace).
enum ub_addr8_t : uint8_t { VA0 = 0, VA1, VA2, VA3, VA4, VA5, VA6, VA7 };

inline void set_va_reg_sb(ub_addr8_t addressRegister, const uint64_t* addresses,
                          const std::source_location location = std::source_location::current()) {
  ascendc_sim::rt::SetAddressRegister(addressRegister, addresses, ascendc_sim::MakeSite("set_va_reg_sb", location));
}

// dst/src name the first of two VA registers holding the 16 destination / source addresses.
// CANN declares repeat uint8_t; the wider parameter lets an out-of-range value be reported.
inline void scatter_vnchwconv_b8(ub_addr8_t dst, ub_addr8_t src, uint32_t repeat, uint16_t dstStride,
                                 uint16_t srcStride, bool dstHighHalf, bool srcHighHalf,
                                 const std::source_location location = std::source_location::current()) {
  ascendc_sim::rt::TransposeBlocksFromRegisters(1, dst, src, {repeat, dstStride, srcStride, dstHighHalf, srcHighHalf},
                                                ascendc_sim::MakeSite("scatter_vnchwconv_b8", location));
}
inline void scatter_vnchwconv_b16(ub_addr8_t dst, ub_addr8_t src, uint32_t repeat, uint16_t dstStride,
                                  uint16_t srcStride,
                                  const std::source_location location = std::source_location::current()) {
  ascendc_sim::rt::TransposeBlocksFromRegisters(2, dst, src, {repeat, dstStride, srcStride, false, false},
                                                ascendc_sim::MakeSite("scatter_vnchwconv_b16", location));
}
inline void scatter_vnchwconv_b32(ub_addr8_t dst, ub_addr8_t src, uint32_t repeat, uint16_t dstStride,
                                  uint16_t srcStride,
                                  const std::source_location location = std::source_location::current()) {
  ascendc_sim::rt::TransposeBlocksFromRegisters(4, dst, src, {repeat, dstStride, srcStride, false, false},
                                                ascendc_sim::MakeSite("scatter_vnchwconv_b32", location));
}

template <class T>
void vtranspose(__ubuf__ T* dst, __ubuf__ T* src,
                const std::source_location location = std::source_location::current()) {
  static_assert(sizeof(T) == 2, "vtranspose transposes 2-byte elements (uint16_t, int16_t, half)");
  const ascendc_sim::Site site = ascendc_sim::MakeSite("vtranspose", location);
  ascendc_sim::rt::Transpose16x16(ascendc_sim::rt::LocalAt(dst, "dst", site),
                                  ascendc_sim::rt::LocalAt(src, "src", site), site);
}
