// A candidate's files written out as a model answers (gen/parse/answer_parse.h reads it back): the
// kernel inside `<kernel_impl>` (kernel-only), every file under its `================== <path>
// ==================` header in a fence (full), or the craft program in a fence (dsl). Preference
// pairs and corrections use it as the response text, whatever the model wrote around the code.
#pragma once
#include <map>
#include <string>

namespace akgen::data {

// `files` by relative path (op_host/…, op_kernel/…, dsl/…); `format` kernel_only, full or dsl.
// Throws std::invalid_argument for another format.
std::string CandidateText(const std::map<std::string, std::string>& files, const std::string& format,
                          const std::string& kernelName);

}  // namespace akgen::data
