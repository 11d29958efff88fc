// Host program of example 01: read x and y, run the kernel, write z. The CPU-debug branch runs on
// the simulator (akgen cc defines ASCENDC_CPU_DEBUG); the other branch is the NPU path of CANN.
#include "data_utils.h"
#ifndef ASCENDC_CPU_DEBUG
#include "acl/acl.h"
extern void add_double_buffer_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y, uint8_t* z);
#define CHECK_ACL(expression)                                                          \
  do {                                                                                 \
    const aclError status = (expression);                                              \
    if (status != ACL_SUCCESS) ERROR_LOG("%s failed with %d", #expression, int(status)); \
  } while (0)
#else
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void add_double_buffer(GM_ADDR x, GM_ADDR y, GM_ADDR z);
#endif

int32_t main(int32_t, char*[]) {
  constexpr uint32_t blockDim = 8;
  constexpr size_t inputByteSize = 8 * 4096 * sizeof(uint16_t);
  constexpr size_t outputByteSize = inputByteSize;
  size_t fileSize = 0;

#ifdef ASCENDC_CPU_DEBUG
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(inputByteSize);
  uint8_t* y = (uint8_t*)AscendC::GmAlloc(inputByteSize);
  uint8_t* z = (uint8_t*)AscendC::GmAlloc(outputByteSize);
  if (!ReadFile("./input/input_x.bin", fileSize, x, inputByteSize) ||
      !ReadFile("./input/input_y.bin", fileSize, y, inputByteSize)) {
    return 1;
  }

  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(add_double_buffer, blockDim, x, y, z);

  const bool written = WriteFile("./output/output_z.bin", z, outputByteSize);
  AscendC::GmFree((void*)x);
  AscendC::GmFree((void*)y);
  AscendC::GmFree((void*)z);
  return written ? 0 : 1;
#else
  CHECK_ACL(aclInit(nullptr));
  int32_t deviceId = 0;
  CHECK_ACL(aclrtSetDevice(deviceId));
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));

  uint8_t *xHost, *yHost, *zHost, *xDevice, *yDevice, *zDevice;
  CHECK_ACL(aclrtMallocHost((void**)(&xHost), inputByteSize));
  CHECK_ACL(aclrtMallocHost((void**)(&yHost), inputByteSize));
  CHECK_ACL(aclrtMallocHost((void**)(&zHost), outputByteSize));
  CHECK_ACL(aclrtMalloc((void**)&xDevice, inputByteSize, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&yDevice, inputByteSize, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&zDevice, outputByteSize, ACL_MEM_MALLOC_HUGE_FIRST));
  ReadFile("./input/input_x.bin", fileSize, xHost, inputByteSize);
  ReadFile("./input/input_y.bin", fileSize, yHost, inputByteSize);
  CHECK_ACL(aclrtMemcpy(xDevice, inputByteSize, xHost, inputByteSize, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK_ACL(aclrtMemcpy(yDevice, inputByteSize, yHost, inputByteSize, ACL_MEMCPY_HOST_TO_DEVICE));

  add_double_buffer_do(blockDim, stream, xDevice, yDevice, zDevice);
  CHECK_ACL(aclrtSynchronizeStream(stream));

  CHECK_ACL(aclrtMemcpy(zHost, outputByteSize, zDevice, outputByteSize, ACL_MEMCPY_DEVICE_TO_HOST));
  WriteFile("./output/output_z.bin", zHost, outputByteSize);
  CHECK_ACL(aclrtFree(xDevice));
  CHECK_ACL(aclrtFree(yDevice));
  CHECK_ACL(aclrtFree(zDevice));
  CHECK_ACL(aclrtFreeHost(xHost));
  CHECK_ACL(aclrtFreeHost(yHost));
  CHECK_ACL(aclrtFreeHost(zHost));
  CHECK_ACL(aclrtDestroyStream(stream));
  CHECK_ACL(aclrtResetDevice(deviceId));
  CHECK_ACL(aclFinalize());
  return 0;
#endif
}
