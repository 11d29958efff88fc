#include "bench/builder/binding_build.h"

#include "bench/builder/build_cache.h"
#include "bench/builder/toolchain.h"
#include "bench/common/content_hash.h"
#include "bench/common/replace_all.h"

namespace akgen::bench {

namespace fs = std::filesystem;

BuildOutcome BuildBinding(const fs::path& cacheDir, const fs::path& bindingSource, const fs::path& helperHeader,
                          const BindingFlags& flags) {
  ContentHash hash;
  hash.Add("akgen-binding-build-v1").Add(HarnessToolchain().compiler).Add(HarnessToolchain().version);
  hash.Add(ReadFileText(bindingSource)).Add(ReadFileText(helperHeader));
  for (const std::vector<std::string>* list : {&flags.compile, &flags.libraries})
    for (const std::string& flag : *list) hash.Add(flag);
  const std::string library = std::string(kBindingModule) + ".so";
  return CachedBuild(cacheDir, "binding-" + hash.Hex(), library, [&](const fs::path& staging) {
    const std::string staged = (staging / "pybind.cpp").string();
    fs::copy_file(helperHeader, staging / helperHeader.filename(), fs::copy_options::overwrite_existing);
    fs::copy_file(bindingSource, staged, fs::copy_options::overwrite_existing);
    std::vector<std::string> command = {HarnessToolchain().compiler};
    command.insert(command.end(), flags.compile.begin(), flags.compile.end());
    command.insert(command.end(), {"-I" + staging.string(), staged, "-o", (staging / library).string()});
    command.insert(command.end(), flags.libraries.begin(), flags.libraries.end());
    StepResult result = RunCommands({command}, staging, {});
    // Messages name the candidate's file, not the staged copy.
    ReplaceAll(result.log, staged, bindingSource.string());
    return result;
  });
}

}  // namespace akgen::bench
