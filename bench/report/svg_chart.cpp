#include "bench/report/svg_chart.h"

#include <algorithm>

#include "bench/report/decimals.h"

namespace akgen::bench {
namespace {

std::string Number(double value) { return Decimals(value, 1); }

}  // namespace

std::string HtmlEscaped(const std::string& text) {
  std::string escaped;
  escaped.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': escaped += "&amp;"; break;
      case '<': escaped += "&lt;"; break;
      case '>': escaped += "&gt;"; break;
      case '"': escaped += "&quot;"; break;
      case '\'': escaped += "&#39;"; break;
      default: escaped += c;
    }
  }
  return escaped;
}

std::string BarChartSvg(const std::vector<ChartBar>& bars, double maxValue, const std::string& title) {
  constexpr double kLabelWidth = 220, kBarWidth = 360, kRow = 22, kTop = 28;
  for (const ChartBar& bar : bars) maxValue = std::max(maxValue, bar.value);
  const double height = kTop + kRow * static_cast<double>(bars.size()) + 8;
  std::string svg = "<svg class=\"chart bars\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                    Number(kLabelWidth + kBarWidth + 90) + "\" height=\"" + Number(height) + "\"><title>" +
                    HtmlEscaped(title) + "</title><text x=\"0\" y=\"16\" class=\"chart-title\">" + HtmlEscaped(title) +
                    "</text>";
  for (size_t i = 0; i < bars.size(); ++i) {
    const double y = kTop + kRow * static_cast<double>(i);
    const double width = maxValue > 0 ? kBarWidth * bars[i].value / maxValue : 0;
    svg += "<text x=\"" + Number(kLabelWidth - 6) + "\" y=\"" + Number(y + 14) + "\" text-anchor=\"end\">" +
           HtmlEscaped(bars[i].label) + "</text><rect class=\"bar\" x=\"" + Number(kLabelWidth) + "\" y=\"" +
           Number(y + 3) + "\" width=\"" + Number(width) + "\" height=\"" + Number(kRow - 6) + "\"/><text x=\"" +
           Number(kLabelWidth + width + 4) + "\" y=\"" + Number(y + 14) + "\">" + HtmlEscaped(bars[i].text) + "</text>";
  }
  return svg + "</svg>";
}

std::string ColumnChartSvg(const std::vector<ChartBar>& bars, const std::string& title) {
  constexpr double kColumn = 64, kHeight = 160, kTop = 44, kBottom = 36;
  double maxValue = 0;
  for (const ChartBar& bar : bars) maxValue = std::max(maxValue, bar.value);
  const double width = kColumn * static_cast<double>(bars.size()) + 10;
  std::string svg = "<svg class=\"chart columns\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                    Number(std::max(width, 300.0)) + "\" height=\"" + Number(kTop + kHeight + kBottom) + "\"><title>" +
                    HtmlEscaped(title) + "</title><text x=\"0\" y=\"16\" class=\"chart-title\">" + HtmlEscaped(title) +
                    "</text>";
  for (size_t i = 0; i < bars.size(); ++i) {
    const double x = 5 + kColumn * static_cast<double>(i);
    const double h = maxValue > 0 ? kHeight * bars[i].value / maxValue : 0;
    const double top = kTop + kHeight - h;
    svg += "<rect class=\"bar\" x=\"" + Number(x + 8) + "\" y=\"" + Number(top) + "\" width=\"" + Number(kColumn - 16) +
           "\" height=\"" + Number(h) + "\"/><text x=\"" + Number(x + kColumn / 2) + "\" y=\"" + Number(top - 4) +
           "\" text-anchor=\"middle\">" + HtmlEscaped(bars[i].text) + "</text><text x=\"" + Number(x + kColumn / 2) +
           "\" y=\"" + Number(kTop + kHeight + 16) + "\" text-anchor=\"middle\">" + HtmlEscaped(bars[i].label) + "</text>";
  }
  return svg + "</svg>";
}

}  // namespace akgen::bench
