#include "data/runs/candidate_text.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace akgen::data {
namespace {

std::string Fenced(const std::string& language, const std::string& text) {
  std::string fenced = "```" + language + "\n" + text;
  if (!text.empty() && text.back() != '\n') fenced += '\n';
  return fenced + "```\n";
}

bool Below(const std::string& path, const std::string& folder) { return path.rfind(folder + "/", 0) == 0; }

// Full answers list the tiling header first, then the host code, then the kernel's headers and
// last its main source, as the prompt asks.
int FullOrder(const std::string& path, const std::string& kernelName) {
  if (path == "op_host/" + kernelName + "_tiling.h") return 0;
  if (Below(path, "op_host")) return 1;
  if (path == "op_kernel/" + kernelName + ".cpp") return 3;
  return 2;
}

}  // namespace

std::string CandidateText(const std::map<std::string, std::string>& files, const std::string& format,
                          const std::string& kernelName) {
  if (format == "dsl") {
    std::string text;
    for (const auto& [path, content] : files)
      if (Below(path, "dsl")) text += Fenced("craft", content);
    return text;
  }
  if (format == "kernel_only") {
    const auto main = files.find("op_kernel/" + kernelName + ".cpp");
    const auto kernel = main != files.end() ? main : std::find_if(files.begin(), files.end(), [](const auto& file) {
      return Below(file.first, "op_kernel");
    });
    return "<kernel_impl>\n" + Fenced("cpp", kernel == files.end() ? "" : kernel->second) + "</kernel_impl>\n";
  }
  if (format != "full") throw std::invalid_argument("unknown answer format '" + format + "'");
  std::vector<std::string> paths;
  for (const auto& [path, content] : files)
    if (Below(path, "op_host") || Below(path, "op_kernel")) paths.push_back(path);
  std::stable_sort(paths.begin(), paths.end(), [&](const std::string& a, const std::string& b) {
    return FullOrder(a, kernelName) < FullOrder(b, kernelName);
  });
  std::string text;
  for (const std::string& path : paths)
    text += (text.empty() ? "" : "\n") + std::string("================== ") + path + " ==================\n" +
            Fenced("cpp", files.at(path));
  return text;
}

}  // namespace akgen::data
