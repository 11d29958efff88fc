// `akgen report DIR... --html FILE`: the report as one self-contained page (inline CSS and SVG, no
// script, nothing fetched): the rates per level and category with pass@k and speed, the speedup
// distribution and per-category bars, the failure taxonomy, and a drill-down per task whose failing
// units show their diagnostic, which names the kernel line.
#pragma once
#include <string>
#include <nlohmann/json.hpp>
#include <vector>

#include "bench/metrics/metrics.h"
#include "bench/results/result_record.h"

namespace akgen::bench {

// A section of the page beyond the evaluation's own: a table whose rows are `rows`' JSON objects
// (their keys the columns; nested objects as `key.sub`), e.g. akgen generate's per-round table.
struct HtmlTableSection {
  std::string title;
  nlohmann::ordered_json rows;
};

std::string HtmlReport(const Metrics& metrics, const std::vector<ResultRecord>& records, const std::string& title,
                       const std::vector<HtmlTableSection>& extra = {});

}  // namespace akgen::bench
