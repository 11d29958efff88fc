#include "gen/parse/answer_parse.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>
#include <vector>

namespace akgen::gen {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kImplOpen = "<kernel_impl>";
constexpr std::string_view kImplClose = "</kernel_impl>";
constexpr std::string_view kBlanks = " \t\r\n";

std::string_view TrimmedView(std::string_view text) {
  const size_t begin = text.find_first_not_of(kBlanks);
  if (begin == std::string_view::npos) return {};
  return text.substr(begin, text.find_last_not_of(kBlanks) - begin + 1);
}

bool IsBlank(std::string_view text) { return TrimmedView(text).empty(); }

std::string Lowercase(std::string_view text) {
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  return lower;
}

// Servers on Windows hosts and some chat templates send CRLF; every search below expects LF.
std::string WithUnixNewlines(std::string_view text) {
  std::string withLf;
  withLf.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i)
    if (!(text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) withLf += text[i];
  return withLf;
}

// A file's text as we write it: no blank lines before it, no trailing blanks, one final newline.
std::string AsFileText(std::string_view code) {
  size_t begin = 0;
  while (begin < code.size()) {
    const size_t lineEnd = code.find('\n', begin);
    if (lineEnd == std::string_view::npos || !IsBlank(code.substr(begin, lineEnd - begin))) break;
    begin = lineEnd + 1;
  }
  const size_t last = code.find_last_not_of(kBlanks);
  if (last == std::string_view::npos || last < begin) return "";
  return std::string(code.substr(begin, last + 1 - begin)) + '\n';
}

struct Line {
  size_t begin = 0;
  size_t end = 0;   // before the newline
  size_t next = 0;  // the next line's begin, or the text's size
};

std::vector<Line> LinesOf(std::string_view text) {
  std::vector<Line> lines;
  size_t begin = 0;
  while (begin < text.size()) {
    const size_t newline = text.find('\n', begin);
    const size_t end = newline == std::string_view::npos ? text.size() : newline;
    lines.push_back({begin, end, newline == std::string_view::npos ? text.size() : newline + 1});
    begin = lines.back().next;
  }
  return lines;
}

// A Markdown code fence: three or more backticks or tildes, an optional language, closed by a line
// of at least as many of the same character. A fence left open runs to the end of the text (a model
// that stops right after its code often drops the closing line).
struct Fence {
  std::string language;  // lowercase, "" when none
  std::string body;      // the indentation of the opening line removed from every line, as Markdown does
  bool closed = false;
  size_t begin = 0;  // of the opening line
  size_t end = 0;    // after the closing line, or the text's size
};

struct FenceMarker {
  char symbol = 0;
  size_t length = 0;
  size_t indent = 0;
  std::string_view info;
};

std::optional<FenceMarker> FenceMarkerOf(std::string_view line) {
  const size_t indent = line.find_first_not_of(" \t");
  if (indent == std::string_view::npos) return std::nullopt;
  const char symbol = line[indent];
  if (symbol != '`' && symbol != '~') return std::nullopt;
  const size_t runEnd = std::min(line.find_first_not_of(symbol, indent), line.size());
  if (runEnd - indent < 3) return std::nullopt;
  return FenceMarker{symbol, runEnd - indent, indent, TrimmedView(line.substr(runEnd))};
}

std::string WithoutIndent(std::string_view line, size_t indent) {
  size_t strip = 0;
  while (strip < indent && strip < line.size() && (line[strip] == ' ' || line[strip] == '\t')) ++strip;
  return std::string(line.substr(strip));
}

std::vector<Fence> FencesOf(std::string_view text) {
  const std::vector<Line> lines = LinesOf(text);
  std::vector<Fence> fences;
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::optional<FenceMarker> open = FenceMarkerOf(text.substr(lines[i].begin, lines[i].end - lines[i].begin));
    if (!open) continue;
    Fence fence;
    const std::string_view info = open->info;
    fence.language = Lowercase(info.substr(0, info.find_first_of(" \t{")));
    fence.begin = lines[i].begin;
    fence.end = text.size();
    size_t j = i + 1;
    for (; j < lines.size(); ++j) {
      const std::string_view line = text.substr(lines[j].begin, lines[j].end - lines[j].begin);
      const std::optional<FenceMarker> close = FenceMarkerOf(line);
      if (close && close->symbol == open->symbol && close->length >= open->length && close->info.empty()) {
        fence.closed = true;
        fence.end = lines[j].next;
        break;
      }
      fence.body += WithoutIndent(line, open->indent) + '\n';
    }
    fences.push_back(std::move(fence));
    i = j;
  }
  return fences;
}

// Where the code was found, so that a truncated response can be told apart from a finished one.
struct Found {
  std::string code;
  bool reachesEnd = false;  // nothing closes it: the text ran out inside it
};

// What one text (the answer or the reasoning) offers.
struct Search {
  std::map<fs::path, Found> files;
  std::string shortcoming;  // why it offers nothing, for the problem
};

bool StoppedAtTokenLimit(const Choice& choice) { return choice.finishReason == "length"; }

// ---- kernel-only ----

// The code of a `<kernel_impl>` block: its fence when it has one (the longest, should a model add a
// usage snippet beside the kernel), else its text.
std::string CodeOfBlock(std::string_view content) {
  const std::vector<Fence> fences = FencesOf(content);
  const auto longest = std::max_element(fences.begin(), fences.end(),
                                        [](const Fence& a, const Fence& b) { return a.body.size() < b.body.size(); });
  return longest == fences.end() ? AsFileText(content) : AsFileText(longest->body);
}

// A block runs from `<kernel_impl>` to its `</kernel_impl>`; one left open ends where the next
// opens or at the end of the text. Of several blocks the last closed one with code is the kernel: a
// model that drafts, then corrects, puts its final version last, and a closed block is one the model
// finished. A block left open is taken only when no block was closed.
Found LastKernelBlock(std::string_view text) {
  std::optional<Found> lastClosed;
  std::optional<Found> lastOpen;
  size_t open = text.find(kImplOpen);
  while (open != std::string_view::npos) {
    const size_t begin = open + kImplOpen.size();
    const size_t close = text.find(kImplClose, begin);
    const size_t nextOpen = text.find(kImplOpen, begin);
    const bool closed = close != std::string_view::npos && close < nextOpen;
    const size_t end = closed ? close : std::min(nextOpen, text.size());
    std::string code = CodeOfBlock(text.substr(begin, end - begin));
    if (!code.empty()) (closed ? lastClosed : lastOpen) = Found{std::move(code), end == text.size()};
    open = nextOpen;
  }
  if (lastClosed) return *lastClosed;
  if (lastOpen) return *lastOpen;
  return {};
}

Search SearchKernelOnly(std::string_view text, const fs::path& kernelFile) {
  Search search;
  Found found = LastKernelBlock(text);
  if (!found.code.empty())
    search.files[kernelFile] = std::move(found);
  else if (text.find(kImplOpen) != std::string_view::npos)
    search.shortcoming = "its <kernel_impl> block is empty";
  else
    search.shortcoming = "it has no <kernel_impl> block";
  return search;
}

// The parameter list of every `extern "C" … __global__ … __aicore__` function: [open, close).
std::vector<std::pair<size_t, size_t>> KernelParameterLists(std::string_view code) {
  std::vector<std::pair<size_t, size_t>> lists;
  for (size_t at = code.find("extern \"C\""); at != std::string_view::npos; at = code.find("extern \"C\"", at + 1)) {
    const size_t open = code.find('(', at);
    if (open == std::string_view::npos) break;
    const std::string_view declaration = code.substr(at, open - at);
    if (declaration.find("__global__") == std::string_view::npos ||
        declaration.find("__aicore__") == std::string_view::npos || declaration.find(';') != std::string_view::npos)
      continue;
    int depth = 0;
    for (size_t i = open; i < code.size(); ++i) {
      if (code[i] == '(') ++depth;
      if (code[i] == ')' && --depth == 0) {
        lists.emplace_back(open + 1, i);
        break;
      }
    }
  }
  return lists;
}

std::string LastIdentifier(std::string_view parameter) {
  const auto isIdentifier = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  size_t end = parameter.size();
  while (end > 0 && !isIdentifier(parameter[end - 1])) --end;
  size_t begin = end;
  while (begin > 0 && isIdentifier(parameter[begin - 1])) --begin;
  return std::string(parameter.substr(begin, end - begin));
}

// NPUKernelBench's kernel-only prompt shows the kernel signature ending in `GM_ADDR workspace)`,
// without the tiling argument its host code passes, and its parser rewrites that to
// `GM_ADDR workspace, GM_ADDR tiling)`. We do the same for a kernel whose last parameter is the
// workspace and that takes no tiling, whatever the spacing, so the kernel links against the host.
std::string WithTilingArgument(std::string code) {
  const auto lists = KernelParameterLists(code);
  for (auto list = lists.rbegin(); list != lists.rend(); ++list) {  // from the back: offsets stay valid
    const std::string_view parameters = std::string_view(code).substr(list->first, list->second - list->first);
    if (Lowercase(parameters).find("tiling") != std::string::npos) continue;
    const size_t lastComma = parameters.rfind(',');
    const std::string_view last = parameters.substr(lastComma == std::string_view::npos ? 0 : lastComma + 1);
    if (Lowercase(LastIdentifier(last)).find("workspace") == std::string::npos) continue;
    code.insert(list->first + parameters.find_last_not_of(kBlanks) + 1, ", GM_ADDR tiling");
  }
  return code;
}

// ---- full ----

struct Header {
  std::string path;  // relative to the task folder: op_host/… or op_kernel/…
  size_t begin = 0;  // of the header line
  size_t next = 0;   // after it
};

std::string_view WithoutDecoration(std::string_view text) {
  constexpr std::string_view kDecoration = " \t*#`_:>";
  const size_t begin = text.find_first_not_of(kDecoration);
  if (begin == std::string_view::npos) return {};
  return text.substr(begin, text.find_last_not_of(kDecoration) - begin + 1);
}

// `./op_host/x.cpp`, `Sqrt/op_host/x.cpp` and `/abs/…/op_host/x.cpp` all name op_host/x.cpp.
std::string TaskRelativePath(std::string_view written) {
  std::string path(written);
  std::replace(path.begin(), path.end(), '\\', '/');
  for (const std::string_view folder : {"op_host/", "op_kernel/"}) {
    for (size_t at = path.find(folder); at != std::string::npos; at = path.find(folder, at + 1))
      if (at == 0 || path[at - 1] == '/') return path.substr(at);
  }
  while (path.starts_with("./")) path.erase(0, 2);
  return path;
}

// `================== op_host/x.cpp ==================` with any number (≥ 3) of `=`, spaces and
// Markdown emphasis around it or the path. A line that is only a decorated path (`**op_host/x.cpp**`,
// `### op_kernel/x.cpp`) is a header too when a fence follows at once: models that drop the `=`
// still name each file above its code.
std::optional<std::string> HeaderPath(std::string_view line, std::string_view following) {
  std::string_view text = WithoutDecoration(line);
  bool ruled = false;
  if (const size_t leading = text.find_first_not_of('='); leading >= 3 && leading != std::string_view::npos) {
    text.remove_prefix(leading);
    ruled = true;
  }
  if (const size_t last = text.find_last_not_of('='); last != std::string_view::npos && text.size() - 1 - last >= 3) {
    text.remove_suffix(text.size() - 1 - last);
    ruled = true;
  }
  text = WithoutDecoration(text);
  if (ruled) {  // `=== File 1: op_host/x.cpp ===`: the path is the last word
    const size_t space = text.find_last_of(" \t");
    if (space != std::string_view::npos) text = WithoutDecoration(text.substr(space + 1));
    if (text.empty()) return std::nullopt;
    return TaskRelativePath(text);
  }
  if (text.empty() || text.find_first_of(" \t") != std::string_view::npos) return std::nullopt;
  const std::string path = TaskRelativePath(text);
  if (!path.starts_with("op_host/") && !path.starts_with("op_kernel/")) return std::nullopt;
  const size_t firstLine = following.find_first_not_of(kBlanks);
  if (firstLine == std::string_view::npos) return std::nullopt;
  const size_t lineStart = following.rfind('\n', firstLine);
  const size_t begin = lineStart == std::string_view::npos ? 0 : lineStart + 1;
  if (!FenceMarkerOf(following.substr(begin, following.find('\n', begin) - begin))) return std::nullopt;
  return path;
}

std::vector<Header> HeadersOf(std::string_view text) {
  std::vector<Header> headers;
  for (const Line& line : LinesOf(text)) {
    if (auto path = HeaderPath(text.substr(line.begin, line.end - line.begin), text.substr(line.next)))
      headers.push_back({std::move(*path), line.begin, line.next});
  }
  return headers;
}

// A section's file: its first fence with code (prose may come before it); with no such fence, its
// text without fence lines, which is what a model wrote when it put all three headers inside one fence.
Found CodeOfSection(std::string_view section, bool lastInText) {
  for (const Fence& fence : FencesOf(section)) {
    if (!IsBlank(fence.body)) return {AsFileText(fence.body), lastInText && !fence.closed};
  }
  std::string code;
  for (const Line& line : LinesOf(section)) {
    const std::string_view text = section.substr(line.begin, line.end - line.begin);
    if (!FenceMarkerOf(text)) code += std::string(text) + '\n';
  }
  return {AsFileText(code), lastInText};
}

Search SearchFull(std::string_view text, const std::vector<fs::path>& expected) {
  Search search;
  const std::vector<Header> headers = HeadersOf(text);
  for (size_t i = 0; i < headers.size(); ++i) {
    const fs::path path = headers[i].path;
    if (std::find(expected.begin(), expected.end(), path) == expected.end()) continue;  // not a file bench reads
    const size_t end = i + 1 < headers.size() ? headers[i + 1].begin : text.size();
    Found found = CodeOfSection(text.substr(headers[i].next, end - headers[i].next), end == text.size());
    if (!found.code.empty()) search.files[path] = std::move(found);  // a later version of a file replaces it
  }
  if (search.files.empty())
    search.shortcoming = headers.empty()
                             ? "it has no `================== op_kernel/<name>.cpp ==================` headers"
                             : "it has no code under a header for the expected files";
  return search;
}

// ---- DSL ----

// A craft program opens with `op <Name>:` after any comment lines.
bool BeginsWithDslProgram(std::string_view text) {
  for (const Line& line : LinesOf(text)) {
    const std::string_view content = TrimmedView(text.substr(line.begin, line.end - line.begin));
    if (content.empty() || content.starts_with("#")) continue;
    return content.starts_with("op ") && content.ends_with(":");
  }
  return false;
}

// The last fence that holds a program; failing that, the last fence labelled craft, dsl or not at
// all (a program with a typo in its first line is still worth diagnosing). An answer with no fence
// at all that is a program is taken whole. In reasoning, where plain fences hold sketches, only a
// fence that holds a program counts.
Search SearchDsl(std::string_view text, const fs::path& programFile, bool inReasoning) {
  Search search;
  const std::vector<Fence> fences = FencesOf(text);
  const Fence* program = nullptr;
  const Fence* labelled = nullptr;
  for (const Fence& fence : fences) {
    if (IsBlank(fence.body)) continue;
    if (BeginsWithDslProgram(fence.body)) program = &fence;
    if (fence.language.empty() || fence.language == "craft" || fence.language == "dsl") labelled = &fence;
  }
  const Fence* chosen = program ? program : inReasoning ? nullptr : labelled;
  if (chosen) {
    search.files[programFile] = {AsFileText(chosen->body), !chosen->closed && chosen->end == text.size()};
  } else if (fences.empty() && BeginsWithDslProgram(text)) {
    search.files[programFile] = {AsFileText(text), true};
  } else {
    search.shortcoming = "it has no craft program in a fence";
  }
  return search;
}

// ---- the problem, when there is no candidate ----

std::string WhatWasExpected(AnswerFormat format, const std::string& kernelName) {
  switch (format) {
    case AnswerFormat::KernelOnly:
      return "write the whole kernel file between <kernel_impl> and </kernel_impl>";
    case AnswerFormat::Full:
      return "give op_host/" + kernelName + "_tiling.h, op_host/" + kernelName + ".cpp and op_kernel/" + kernelName +
             ".cpp, each under a header like `================== op_kernel/" + kernelName +
             ".cpp ==================` followed by a ```cpp fence";
    case AnswerFormat::Dsl:
      return "write the whole craft program in one ```craft fence";
  }
  return "";
}

const char* WhatIsMissing(AnswerFormat format) {
  switch (format) {
    case AnswerFormat::KernelOnly:
      return "any <kernel_impl> block";
    case AnswerFormat::Full:
      return "any file under a `================== <path> ==================` header";
    case AnswerFormat::Dsl:
      return "any fenced craft program";
  }
  return "";
}

std::string NothingUsable(const Choice& choice, AnswerFormat format, const std::string& kernelName,
                          const Search& inAnswer) {
  const std::string expected = WhatWasExpected(format, kernelName);
  if (StoppedAtTokenLimit(choice))
    return std::string("the response stopped at the token limit (finish_reason length) before ") +
           WhatIsMissing(format) + ": reason more briefly, then " + expected;
  if (IsBlank(choice.answer) && IsBlank(choice.reasoning)) return "the response is empty: " + expected;
  if (IsBlank(choice.answer)) return "the response holds only reasoning and no answer: after reasoning, " + expected;
  return "the answer cannot be used because " + inAnswer.shortcoming + ": " + expected;
}

std::string Joined(const std::vector<std::string>& items) {
  std::string joined;
  for (size_t i = 0; i < items.size(); ++i) joined += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return joined;
}

}  // namespace

ParsedAnswer ParseAnswer(const Choice& rawChoice, AnswerFormat format, const std::string& kernelName) {
  ParsedAnswer parsed;
  try {
    const Choice choice{WithUnixNewlines(rawChoice.answer), WithUnixNewlines(rawChoice.reasoning),
                        rawChoice.finishReason};
    const fs::path kernelFile = fs::path("op_kernel") / (kernelName + ".cpp");
    const std::vector<fs::path> fullFiles = {fs::path("op_host") / (kernelName + "_tiling.h"),
                                             fs::path("op_host") / (kernelName + ".cpp"), kernelFile};
    const fs::path programFile = kernelName + ".craft";
    const auto search = [&](const std::string& text, bool inReasoning) {
      switch (format) {
        case AnswerFormat::KernelOnly:
          return SearchKernelOnly(text, kernelFile);
        case AnswerFormat::Full:
          return SearchFull(text, fullFiles);
        case AnswerFormat::Dsl:
          return SearchDsl(text, programFile, inReasoning);
      }
      return Search{};
    };

    // The answer is the model's final word, and it often repeats, in its reasoning, the prompt's
    // template or drafts with the same tags. The reasoning is read only when the answer has nothing:
    // a model that ran out of tokens may have written its code while thinking.
    const Search inAnswer = search(choice.answer, false);
    const bool fromAnswer = !inAnswer.files.empty();
    const Search chosen = fromAnswer ? inAnswer : search(choice.reasoning, true);
    if (chosen.files.empty()) {
      parsed.problem = NothingUsable(choice, format, kernelName, inAnswer);
      return parsed;
    }

    // The text that ends the response is the one a token limit cuts: what runs to its end is cut off.
    const bool textEndsResponse = fromAnswer || IsBlank(choice.answer);
    if (StoppedAtTokenLimit(choice) && textEndsResponse) {
      for (const auto& [path, found] : chosen.files) {
        if (!found.reachesEnd) continue;
        parsed.problem = "the response stopped at the token limit (finish_reason length) inside " +
                         path.generic_string() + ", so it is cut off: reason more briefly, then " +
                         WhatWasExpected(format, kernelName);
        return parsed;
      }
    }

    if (format == AnswerFormat::Full) {
      std::vector<std::string> missing;
      for (const fs::path& file : fullFiles)
        if (!chosen.files.contains(file)) missing.push_back(file.generic_string());
      if (!missing.empty()) {
        parsed.problem =
            (StoppedAtTokenLimit(choice) ? "the response stopped at the token limit (finish_reason length) "
                                           "before any code for "
                                         : "the answer has no code for ") +
            Joined(missing) + ": " + WhatWasExpected(format, kernelName);
        return parsed;
      }
    }

    for (const auto& [path, found] : chosen.files)
      parsed.files[path] = format == AnswerFormat::KernelOnly ? WithTilingArgument(found.code) : found.code;
  } catch (const std::exception& error) {  // only allocation can fail here; a parse never throws
    parsed.files.clear();
    parsed.problem = std::string("the response could not be read: ") + error.what();
  }
  return parsed;
}

}  // namespace akgen::gen
