// `akgen data …`: training datasets from judged runs (prefs, corrections) and their exports.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace akgen {

struct DataPrefsOptions {
  std::vector<std::string> runs;
  std::string outDir;
  double speedMargin = 0.2;
  bool noSpeedPairs = false;
  size_t maxPairsPerPrompt = 8;
  size_t maxPairsPerTask = 32;
};

struct DataCorrectionsOptions {
  std::vector<std::string> runs;
  std::vector<std::string> docs;
  std::string outDir;
  size_t maxPerSignature = 8;
};

struct DataExportOptions {
  std::string dataDir;
  std::string format;
  std::string outDir;
};

int DataPrefs(const DataPrefsOptions& options);
int DataCorrections(const DataCorrectionsOptions& options);
int DataExport(const DataExportOptions& options);

}  // namespace akgen
