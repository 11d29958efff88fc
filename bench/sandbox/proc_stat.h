// The few fields of /proc/<pid>/stat the sandbox needs to tell whether processes it started are gone.
#pragma once
#include <sys/types.h>

#include <istream>
#include <optional>

namespace akgen::bench {

struct ProcStat {
  char state;        // 'R', 'S', …; 'Z' for a zombie, which holds nothing but its PID
  pid_t processGroup;
};

// nullopt when the process does not exist (any more).
std::optional<ProcStat> ReadProcStat(pid_t pid);
// The fields from an opened /proc/<pid>/stat; nullopt when the process was reaped since the open
// (reading then fails with ESRCH) or the text is not a stat line.
std::optional<ProcStat> ParseProcStat(std::istream& file);

// Whether a process other than a zombie is in the process group.
bool ProcessGroupHasLiveMembers(pid_t processGroup);

}  // namespace akgen::bench
