// Charts as inline SVG for the HTML report: no script and no external file, so the page works
// offline and can be mailed as it is.
#pragma once
#include <string>
#include <vector>

namespace akgen::bench {

struct ChartBar {
  std::string label;
  double value = 0;  // drawn in proportion to the chart's largest value
  std::string text;  // printed at the bar's end
};

// Horizontal bars, one row per bar, scaled to `maxValue` (at least every value).
std::string BarChartSvg(const std::vector<ChartBar>& bars, double maxValue, const std::string& title);

// Columns, one per bar, scaled to the largest value; labels under the columns.
std::string ColumnChartSvg(const std::vector<ChartBar>& bars, const std::string& title);

// `&`, `<`, `>`, `"` and `'` as entities.
std::string HtmlEscaped(const std::string& text);

}  // namespace akgen::bench
