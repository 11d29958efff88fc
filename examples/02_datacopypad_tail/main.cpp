// Host program of example 02: read x, run the kernel, write y. The CPU-debug branch runs on the
// simulator (akgen cc defines ASCENDC_CPU_DEBUG); the other branch is the NPU path of CANN.
#include "data_utils.h"
#ifndef ASCENDC_CPU_DEBUG
#include "acl/acl.h"
extern void relu_scale_pad_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y);
#define CHECK_ACL(expression)                                                          \
  do {                                                                                 \
    const aclError status = (expression);                                              \
    if (status != ACL_SUCCESS) ERROR_LOG("%s failed with %d", #expression, int(status)); \
  } while (0)
#else
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void relu_scale_pad(GM_ADDR x, GM_ADDR y);
#endif

int32_t main(int32_t, char*[]) {
  constexpr uint32_t blockDim = 8;
  constexpr size_t byteSize = 8 * 1003 * sizeof(float);  // 32096 bytes: no core starts block aligned
  size_t fileSize = 0;

#ifdef ASCENDC_CPU_DEBUG
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(byteSize);
  uint8_t* y = (uint8_t*)AscendC::GmAlloc(byteSize);
  if (!ReadFile("./input/input_x.bin", fileSize, x, byteSize)) return 1;

  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(relu_scale_pad, blockDim, x, y);

  const bool written = WriteFile("./output/output_y.bin", y, byteSize);
  AscendC::GmFree((void*)x);
  AscendC::GmFree((void*)y);
  return written ? 0 : 1;
#else
  CHECK_ACL(aclInit(nullptr));
  int32_t deviceId = 0;
  CHECK_ACL(aclrtSetDevice(deviceId));
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));

  uint8_t *xHost, *yHost, *xDevice, *yDevice;
  CHECK_ACL(aclrtMallocHost((void**)(&xHost), byteSize));
  CHECK_ACL(aclrtMallocHost((void**)(&yHost), byteSize));
  CHECK_ACL(aclrtMalloc((void**)&xDevice, byteSize, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void**)&yDevice, byteSize, ACL_MEM_MALLOC_HUGE_FIRST));
  ReadFile("./input/input_x.bin", fileSize, xHost, byteSize);
  CHECK_ACL(aclrtMemcpy(xDevice, byteSize, xHost, byteSize, ACL_MEMCPY_HOST_TO_DEVICE));

  relu_scale_pad_do(blockDim, stream, xDevice, yDevice);
  CHECK_ACL(aclrtSynchronizeStream(stream));

  CHECK_ACL(aclrtMemcpy(yHost, byteSize, yDevice, byteSize, ACL_MEMCPY_DEVICE_TO_HOST));
  WriteFile("./output/output_y.bin", yHost, byteSize);
  CHECK_ACL(aclrtFree(xDevice));
  CHECK_ACL(aclrtFree(yDevice));
  CHECK_ACL(aclrtFreeHost(xHost));
  CHECK_ACL(aclrtFreeHost(yHost));
  CHECK_ACL(aclrtDestroyStream(stream));
  CHECK_ACL(aclrtResetDevice(deviceId));
  CHECK_ACL(aclFinalize());
  return 0;
#endif
}
