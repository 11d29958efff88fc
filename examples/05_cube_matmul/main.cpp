// Host program of example 05: read A and B (float16), run the cube kernel on 4 cores, write C
// (float32). The CPU-debug branch runs on the simulator (akgen cc defines ASCENDC_CPU_DEBUG); the
// other branch is the NPU path of CANN.
#include "data_utils.h"
#ifndef ASCENDC_CPU_DEBUG
#include "acl/acl.h"
extern void cube_matmul_do(uint32_t blockDim, void* stream, uint8_t* a, uint8_t* b, uint8_t* c);
#define CHECK_ACL(expression)                                                            \
  do {                                                                                   \
    const aclError status = (expression);                                                \
    if (status != ACL_SUCCESS) ERROR_LOG("%s failed with %d", #expression, int(status)); \
  } while (0)
#else
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void cube_matmul(GM_ADDR a, GM_ADDR b, GM_ADDR c);
#endif

int32_t main(int32_t, char*[]) {
  constexpr uint32_t blockDim = 4;                            // one 64 x 96 tile of C per cube core
  constexpr size_t aByteSize = 128 * 256 * sizeof(uint16_t);  // float16
  constexpr size_t bByteSize = 256 * 192 * sizeof(uint16_t);  // float16
  constexpr size_t cByteSize = 128 * 192 * sizeof(float);
  size_t fileSize = 0;

#ifdef ASCENDC_CPU_DEBUG
  uint8_t* a = (uint8_t*)AscendC::GmAlloc(aByteSize);
  uint8_t* b = (uint8_t*)AscendC::GmAlloc(bByteSize);
  uint8_t* c = (uint8_t*)AscendC::GmAlloc(cByteSize);
  if (!ReadFile("./input/input_a.bin", fileSize, a, aByteSize) ||
      !ReadFile("./input/input_b.bin", fileSize, b, bByteSize)) {
    return 1;
  }

  AscendC::SetKernelMode(KernelMode::AIC_MODE);  // cube only
  ICPU_RUN_KF(cube_matmul, blockDim, a, b, c);

  const bool written = WriteFile("./output/output_c.bin", c, cByteSize);
  AscendC::GmFree((void*)a);
  AscendC::GmFree((void*)b);
  AscendC::GmFree((void*)c);
  return written ? 0 : 1;
#else
  CHECK_ACL(aclInit(nullptr));
  int32_t deviceId = 0;
  CHECK_ACL(aclrtSetDevice(deviceId));
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));

  uint8_t *aHost, *bHost, *cHost, *aDevice, *bDevice, *cDevice;
  CHECK_ACL(aclrtMallocHost((void **)(&aHost), aByteSize));
  CHECK_ACL(aclrtMallocHost((void **)(&bHost), bByteSize));
  CHECK_ACL(aclrtMallocHost((void **)(&cHost), cByteSize));
  CHECK_ACL(aclrtMalloc((void **)&aDevice, aByteSize, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void **)&bDevice, bByteSize, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc((void **)&cDevice, cByteSize, ACL_MEM_MALLOC_HUGE_FIRST));
  ReadFile("./input/input_a.bin", fileSize, aHost, aByteSize);
  ReadFile("./input/input_b.bin", fileSize, bHost, bByteSize);
  CHECK_ACL(aclrtMemcpy(aDevice, aByteSize, aHost, aByteSize, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK_ACL(aclrtMemcpy(bDevice, bByteSize, bHost, bByteSize, ACL_MEMCPY_HOST_TO_DEVICE));

  cube_matmul_do(blockDim, stream, aDevice, bDevice, cDevice);
  CHECK_ACL(aclrtSynchronizeStream(stream));

  CHECK_ACL(aclrtMemcpy(cHost, cByteSize, cDevice, cByteSize, ACL_MEMCPY_DEVICE_TO_HOST));
  WriteFile("./output/output_c.bin", cHost, cByteSize);
  CHECK_ACL(aclrtFree(aDevice));
  CHECK_ACL(aclrtFree(bDevice));
  CHECK_ACL(aclrtFree(cDevice));
  CHECK_ACL(aclrtFreeHost(aHost));
  CHECK_ACL(aclrtFreeHost(bHost));
  CHECK_ACL(aclrtFreeHost(cHost));
  CHECK_ACL(aclrtDestroyStream(stream));
  CHECK_ACL(aclrtResetDevice(deviceId));
  CHECK_ACL(aclFinalize());
  return 0;
#endif
}
