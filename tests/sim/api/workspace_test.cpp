// System workspace pointer: per block, SetSysWorkspace fills it only while unset, SetSysWorkspaceForce
// replaces it, and a framework launch's preset wins over SetSysWorkspace.
#include <gtest/gtest.h>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

TEST(WorkspaceTest, SetSysWorkspaceFillsOnlyAnUnsetPointerAndForceReplacesIt) {
  simtest::GmBuffer<uint8_t> first(64), second(64);
  std::vector<GM_ADDR> seen;
  const auto outcome = simtest::Launch(2, [&] {
    if (GetBlockIdx() == 0) {
      seen.push_back(GetSysWorkSpacePtr());
      SetSysWorkspace(first.addr());
      SetSysWorkspace(second.addr());
      seen.push_back(GetSysWorkSpacePtr());
      SetSysWorkspaceForce(second.addr());
      seen.push_back(GetSysWorkSpacePtr());
    } else {
      seen.push_back(GetSysWorkSpacePtr());  // another core's pointer is its own
    }
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_EQ(seen, (std::vector<GM_ADDR>{nullptr, first.addr(), second.addr(), nullptr}));
}

TEST(WorkspaceTest, FrameworkPresetPointerIsKeptBySetSysWorkspace) {
  simtest::GmBuffer<uint8_t> framework(64), kernelArgument(64);
  GM_ADDR seen = nullptr;
  const auto outcome = simtest::Launch(1, [&] {
    ascendc_sim::rt::SetSystemWorkspace(framework.addr(), true);
    SetSysWorkspace(kernelArgument.addr());
    seen = GetSysWorkSpacePtr();
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_EQ(seen, framework.addr());
}

}  // namespace
