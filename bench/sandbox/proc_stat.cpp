#include "bench/sandbox/proc_stat.h"

#include <dirent.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace akgen::bench {

std::optional<ProcStat> ReadProcStat(pid_t pid) {
  std::ifstream file("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
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
