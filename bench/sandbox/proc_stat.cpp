#include "bench/sandbox/proc_stat.h"

#include <dirent.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace akgen::bench {

std::optional<ProcStat> ReadProcStat(pid_t pid) {
  std::ifstream file("/proc/" + std::to_string(pid) + "/stat");
  return ParseProcStat(file);
}

std::optional<ProcStat> ParseProcStat(std::istream& file) {
  // getline, not an istreambuf_iterator: a process that ends between the open and the read makes
  // the read fail, which the stream's sentry turns into a failed read instead of an exception.
  std::string text;
  if (!std::getline(file, text)) return std::nullopt;
  // `pid (command) state ppid pgrp …`; the command may itself contain ") ".
  const auto closing = text.rfind(')');
  if (closing == std::string::npos) return std::nullopt;
  std::istringstream fields(text.substr(closing + 1));
  ProcStat stat{};
  pid_t parent = 0;
  if (!(fields >> stat.state >> parent >> stat.processGroup)) return std::nullopt;
  return stat;
}

bool ProcessGroupHasLiveMembers(pid_t processGroup) {
  DIR* proc = opendir("/proc");
  if (!proc) return false;
  bool live = false;
  while (const dirent* entry = readdir(proc)) {
    if (entry->d_name[0] < '1' || entry->d_name[0] > '9') continue;
    const auto stat = ReadProcStat(std::atoi(entry->d_name));
    if (stat && stat->processGroup == processGroup && stat->state != 'Z') {
      live = true;
      break;
    }
  }
  closedir(proc);
  return live;
}

}  // namespace akgen::bench
