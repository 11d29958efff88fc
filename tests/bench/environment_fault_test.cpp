// Machine faults stop an evaluation instead of becoming a candidate's verdict.
#include "bench/common/environment_fault.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/builder/parallel_map.h"
#include "bench/oracle/manifest.h"
#include "bench/runner/runner_protocol.h"

namespace akgen::bench {
namespace {

TEST(EnvironmentFaultTest, DiskAndDescriptorErrorsAreTheMachinesOthersAreNot) {
  EXPECT_TRUE(IsMachineFault(std::error_code(ENOSPC, std::generic_category())));
  EXPECT_TRUE(IsMachineFault(std::error_code(EROFS, std::system_category())));
  EXPECT_TRUE(IsMachineFault(std::error_code(EMFILE, std::generic_category())));
  EXPECT_FALSE(IsMachineFault(std::error_code(ENOENT, std::generic_category())));
  EXPECT_FALSE(IsMachineFault(std::error_code(EACCES, std::generic_category())));
  EXPECT_FALSE(IsMachineFault(std::error_code(ENOSPC, std::iostream_category())));  // not an errno
}

// /dev/full fails every write with ENOSPC, as a full disk does: the write is not lost silently.
TEST(EnvironmentFaultTest, AWriteToAFullDiskThrowsAnEnvironmentFault) {
  const std::string bytes(4096, 'x');
  try {
    WriteFileBytes("/dev/full", bytes.data(), bytes.size());
    FAIL() << "the write to /dev/full succeeded";
  } catch (const EnvironmentFault& fault) {
    const std::string message = fault.what();
    EXPECT_NE(message.find("/dev/full"), std::string::npos) << message;
    EXPECT_NE(message.find("not the candidate's"), std::string::npos) << message;
    EXPECT_NE(message.find("rerun the same command to resume"), std::string::npos) << message;
  }
}

// The files the harness writes for a run (a candidate's outputs as tensors, the runner's JSON) on a
// full disk: the write fails as the machine's fault, never as the candidate's crash.
TEST(EnvironmentFaultTest, RunFilesOnAFullDiskAreTheMachinesFault) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "akgen-full-disk-test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::filesystem::create_symlink("/dev/full", dir / "output0.bin");
  std::filesystem::create_symlink("/dev/full", dir / "request.json");
  EXPECT_THROW(WriteTensor(dir, "output0", TorchDtype::Float32, {1024}, std::vector<std::byte>(4096)),
               EnvironmentFault);
  try {
    WriteJsonFile(dir / "request.json", nlohmann::json{{"big", std::string(8192, 'x')}});
    FAIL() << "the write to /dev/full succeeded";
  } catch (const std::system_error& error) {
    EXPECT_TRUE(IsMachineFault(error.code())) << error.what();
  }
  std::filesystem::remove_all(dir);
}

TEST(EnvironmentFaultTest, OtherWriteErrorsStayOrdinaryErrors) {
  const std::string bytes = "x";
  EXPECT_THROW(WriteFileBytes("/nonexistent-folder/file", bytes.data(), bytes.size()), std::runtime_error);
  const std::filesystem::path file = std::filesystem::temp_directory_path() / "akgen-environment-fault-test";
  WriteFileBytes(file, bytes.data(), bytes.size());
  EXPECT_EQ(std::filesystem::file_size(file), 1u);
  std::filesystem::remove(file);
}

// Once an item throws (a fault that stops the run), no further item starts.
TEST(ParallelMapTest, AFailureStopsFurtherItems) {
  std::vector<int> items(10);
  for (int i = 0; i < 10; ++i) items[size_t(i)] = i;
  std::vector<int> started;
  EXPECT_THROW(ParallelMap(items, 1,
                           [&](int item) {
                             started.push_back(item);
                             if (item == 2) throw EnvironmentFault("disk full");
                             return item;
                           }),
               EnvironmentFault);
  EXPECT_EQ(started, (std::vector<int>{0, 1, 2}));
}

}  // namespace
}  // namespace akgen::bench
