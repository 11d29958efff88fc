// Host program of example 04: read the bfloat16 input, run the kernel with a GM workspace for the
// per-core partial sums, write the total (float and bfloat16). The CPU-debug branch runs on the
// simulator (akgen cc defines ASCENDC_CPU_DEBUG); the other branch is the NPU path of CANN.
#include "data_utils.h"
#ifndef ASCENDC_CPU_DEBUG
#include "acl/acl.h"
extern void bf16_sum_syncall_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* workspace, uint8_t* total,
                                uint8_t* totalBf16);
#define CHECK_ACL(expression)                                                          \
  do {                                                                                 \
    const aclError status = (expression);                                              \
    if (status != ACL_SUCCESS) ERROR_LOG("%s failed with %d", #expression, int(status)); \
  } while (0)
#else
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void bf16_sum_syncall(GM_ADDR x, GM_ADDR workspace, GM_ADDR total, GM_ADDR totalBf16);
#endif

int32_t main(int32_t, char*[]) {
  constexpr uint32_t blockDim = 8;
  constexpr size_t inputByteSize = 8 * 8192 * sizeof(uint16_t);  // bfloat16
  constexpr size_t workspaceByteSize = blockDim * sizeof(float);  // one partial sum per core
  constexpr size_t totalByteSize = sizeof(float);
  constexpr size_t totalBf16ByteSize = sizeof(uint16_t);
  size_t fileSize = 0;

#ifdef ASCENDC_CPU_DEBUG
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(inputByteSize);
  uint8_t* workspace = (uint8_t*)AscendC::GmAlloc(workspaceByteSize);
  uint8_t* total = (uint8_t*)AscendC::GmAlloc(totalByteSize);
  uint8_t* totalBf16 = (uint8_t*)AscendC::GmAlloc(totalBf16ByteSize);
  if (!ReadFile("./input/input_x.bin", fileSize, x, inputByteSize)) return 1;

  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(bf16_sum_syncall, blockDim, x, workspace, total, totalBf16);

  const bool written = WriteFile("./output/output_total.bin", total, totalByteSize) &&
                       WriteFile("./output/output_total_bf16.bin", totalBf16, totalBf16ByteSize);
  AscendC::GmFree((void*)x);
  AscendC::GmFree((void*)workspace);
  AscendC::GmFree((void*)total);
  AscendC::GmFree((void*)totalBf16);
  return written ? 0 : 1;
#else
  CHECK_ACL(aclInit(nullptr));
  int32_t deviceId = 0;
  CHECK_ACL(aclrtSetDevice(deviceId));
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));

  uint8_t *xHost, *totalHost, *totalBf16Host, *xDevice, *workspaceDevice, *totalDevice, *totalBf16Device;
  CHECK_ACL(aclrtMallocHost((void**)(&xHost), inputByteSize));
  CHECK_ACL(aclrtMallocHost((void**)(&totalHost), totalByteSize));
  CHECK_ACL(aclrtMallocHost((void**)(&totalBf16Host), totalBf16ByteSize));
  CHECK_ACL(aclrtMalloc((void**)&xDevice, inputByteSize, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&workspaceDevice, workspaceByteSize, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&totalDevice, totalByteSize, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&totalBf16Device, totalBf16ByteSize, ACL_MEM_MALLOC_HUGE_FIRST));
  ReadFile("./input/input_x.bin", fileSize, xHost, inputByteSize);
  CHECK_ACL(aclrtMemcpy(xDevice, inputByteSize, xHost, inputByteSize, ACL_MEMCPY_HOST_TO_DEVICE));

  bf16_sum_syncall_do(blockDim, stream, xDevice, workspaceDevice, totalDevice, totalBf16Device);
  CHECK_ACL(aclrtSynchronizeStream(stream));

  CHECK_ACL(aclrtMemcpy(totalHost, totalByteSize, totalDevice, totalByteSize, ACL_MEMCPY_DEVICE_TO_HOST));
  CHECK_ACL(aclrtMemcpy(totalBf16Host, totalBf16ByteSize, totalBf16Device, totalBf16ByteSize, ACL_MEMCPY_DEVICE_TO_HOST));
  WriteFile("./output/output_total.bin", totalHost, totalByteSize);
  WriteFile("./output/output_total_bf16.bin", totalBf16Host, totalBf16ByteSize);
  CHECK_ACL(aclrtFree(xDevice));
  CHECK_ACL(aclrtFree(workspaceDevice));
  CHECK_ACL(aclrtFree(totalDevice));
  CHECK_ACL(aclrtFree(totalBf16Device));
  CHECK_ACL(aclrtFreeHost(xHost));
  CHECK_ACL(aclrtFreeHost(totalHost));
  CHECK_ACL(aclrtFreeHost(totalBf16Host));
  CHECK_ACL(aclrtDestroyStream(stream));
  CHECK_ACL(aclrtResetDevice(deviceId));
  CHECK_ACL(aclFinalize());
  return 0;
#endif
}
