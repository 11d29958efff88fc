#include "bench/report/html_report.h"

#include <cmath>
#include <map>

#include "bench/eval/failure_summary.h"
#include "bench/report/console_report.h"
#include "bench/report/decimals.h"
#include "bench/report/svg_chart.h"

namespace akgen::bench {
namespace {

constexpr size_t kShownDetail = 4000;  // characters of a failing unit's diagnostic

const char* kStyle = R"(body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1100px;color:#222}
h1{font-size:22px}h2{font-size:18px;margin-top:28px;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
td:first-child,th:first-child{text-align:left}th{background:#f3f3f3}
.pass{color:#176b2c}.fail{color:#a61b1b}.chart .bar{fill:#4a78b5}.chart text{font-size:12px}
.chart-title{font-weight:600}pre{background:#f7f7f7;padding:8px;white-space:pre-wrap;font-size:12px}
details{margin:4px 0}summary{cursor:pointer})";

std::string Cell(const std::string& text, const std::string& cls = "") {
  return "<td" + (cls.empty() ? "" : " class=\"" + cls + "\"") + ">" + HtmlEscaped(text) + "</td>";
}

// The baseline speed is reported against: the task's answer when it was timed, else eager PyTorch.
Baseline MainBaseline(const Metrics& metrics) { return metrics.hasReferenceTime ? Baseline::Reference : Baseline::Eager; }

std::string GroupRow(const std::string& name, const GroupMetrics& group, Baseline baseline, const std::vector<int>& ks) {
  std::string row = "<tr>" + Cell(name) + Cell(std::to_string(group.problems)) + Cell(std::to_string(group.counts.units)) +
                    Cell(PercentString(group.counts.CompileRate())) + Cell(PercentString(group.counts.CorrectnessRate()));
  for (const int k : ks) {
    const auto found = group.passAtK.find(k);
    row += Cell(found == group.passAtK.end() ? "" : Decimals(found->second.value, 3));
  }
  const SpeedupMetrics& speed = group.speedups.at(baseline);
  row += Cell(speed.geometricMean ? Decimals(*speed.geometricMean, 3) : "");
  for (const double p : kFastPThresholds) row += Cell(Decimals(speed.fastP.count(p) ? speed.fastP.at(p) : 0.0, 3));
  return row + "</tr>";
}

std::string GroupTable(const std::vector<std::pair<std::string, const GroupMetrics*>>& groups, Baseline baseline,
                       const std::vector<int>& ks, const std::string& first) {
  std::string table = "<table><tr><th>" + HtmlEscaped(first) +
                      "</th><th>problems</th><th>units</th><th>compile</th><th>correct</th>";
  for (const int k : ks) table += "<th>pass@" + std::to_string(k) + "</th>";
  table += std::string("<th>speedup vs ") + ToString(baseline) + "</th>";
  for (const double p : kFastPThresholds) table += "<th>" + FastPName(p) + "</th>";
  table += "</tr>";
  for (const auto& [name, group] : groups) table += GroupRow(name, *group, baseline, ks);
  return table + "</table>";
}

// The best correct sample's speedup of every problem, in bins of a factor of about 1.25 to 2.
std::string SpeedupDistribution(const Metrics& metrics, Baseline baseline) {
  static const std::vector<std::pair<double, std::string>> kBins = {
      {0.25, "<0.25"}, {0.5, "0.25–0.5"}, {0.8, "0.5–0.8"}, {1.0, "0.8–1"}, {1.25, "1–1.25"}, {2.0, "1.25–2"},
      {4.0, "2–4"},    {INFINITY, "≥4"}};
  std::vector<ChartBar> bars;
  for (const auto& [upper, label] : kBins) bars.push_back({label, 0, ""});
  for (const ProblemRow& problem : metrics.problems) {
    if (!problem.fastest) continue;
    const std::optional<double> speedup = Speedup(*problem.fastest, baseline);
    if (!speedup) continue;
    size_t bin = 0;
    while (*speedup >= kBins[bin].first) ++bin;
    bars[bin].value += 1;
  }
  for (ChartBar& bar : bars) bar.text = Decimals(bar.value, 0);
  return ColumnChartSvg(bars, std::string("problems by the speedup of their fastest correct sample (vs ") +
                                  ToString(baseline) + ")");
}

std::string CategoryBars(const Metrics& metrics) {
  std::vector<ChartBar> bars;
  for (const auto& [name, group] : metrics.categories)
    bars.push_back({name, group.counts.CorrectnessRate(), PercentString(group.counts.CorrectnessRate())});
  return BarChartSvg(bars, 1.0, "correct units per category");
}

std::string Taxonomy(const Metrics& metrics) {
  std::string html = "<table><tr><th>verdict</th><th>records</th></tr>";
  for (const auto& [verdict, count] : metrics.overall.verdicts)
    html += "<tr>" + Cell(ToString(verdict), verdict == Verdict::Pass ? "pass" : "fail") + Cell(std::to_string(count)) + "</tr>";
  html += "</table>";
  if (metrics.failureClasses.empty()) return html;
  html += "<table><tr><th>failure class (first failure of each failed unit)</th><th>units</th></tr>";
  for (const auto& [name, count] : metrics.failureClasses) html += "<tr>" + Cell(name) + Cell(std::to_string(count)) + "</tr>";
  return html + "</table>";
}

// NPUKernelBench's grid: a row per problem ((task, case) in static mode, task in dynamic mode).
std::string ProblemGrid(const Metrics& metrics) {
  std::string html = "<table class=\"problems\"><tr><th>op_definition</th><th>level</th><th>case</th><th>samples</th>"
                     "<th>compile_pass</th><th>precision_pass</th><th>simulated µs</th><th>reference µs</th>"
                     "<th>speedup</th></tr>";
  for (const ProblemRow& row : metrics.problems) {
    const std::optional<UnitTiming>& best = row.fastest;
    auto micro = [](const std::optional<double>& value) { return value ? Decimals(*value, 2) : std::string(); };
    const std::optional<double> speedup = best ? best->SpeedupVsReference() : std::nullopt;
    html += "<tr>" + Cell(row.OpDefinition()) + Cell(std::to_string(row.level)) +
            Cell(row.caseId ? std::to_string(*row.caseId) : "all") + Cell(std::to_string(row.samples)) +
            Cell(std::to_string(row.compiled)) + Cell(std::to_string(row.correct), row.correct > 0 ? "pass" : "fail") +
            Cell(best ? micro(best->simulatedUs) : "") + Cell(best ? micro(best->referenceUs) : "") +
            Cell(speedup ? Decimals(*speedup, 3) : "") + "</tr>";
  }
  return html + "</table>";
}

std::string Drilldown(const std::vector<ResultRecord>& records) {
  std::map<std::string, std::vector<const ResultRecord*>> byTask;
  for (const ResultRecord& record : records) byTask[record.task].push_back(&record);
  std::string html;
  for (const auto& [task, units] : byTask) {
    int passed = 0;
    for (const ResultRecord* record : units) passed += record->verdict == Verdict::Pass;
    html += "<details class=\"task\" data-task=\"" + HtmlEscaped(task) + "\"><summary>" + HtmlEscaped(task) + " — " +
            std::to_string(passed) + " of " + std::to_string(units.size()) + " records pass</summary>"
            "<table><tr><th>sample</th><th>case</th><th>verdict</th><th>simulated µs</th><th>reference µs</th></tr>";
    std::string failures;
    for (const ResultRecord* record : units) {
      const nlohmann::json& details = record->details;
      auto number = [&](const char* key) {
        return details.contains(key) && details[key].is_number() ? Decimals(details[key].get<double>(), 2) : std::string();
      };
      const bool pass = record->verdict == Verdict::Pass;
      html += "<tr>" + Cell(std::to_string(record->sample)) + Cell(std::to_string(record->caseId)) +
              Cell(ToString(record->verdict), pass ? "pass" : "fail") + Cell(number("simulated_us")) +
              Cell(number("reference_us")) + "</tr>";
      if (pass) continue;
      // What went wrong first (a compiler's error lines, the simulator's diagnostic with its kernel
      // line), then the whole detail, folded.
      std::string detail = details.value("detail", details.value("reason", std::string()));
      const std::string summary = FailureSummary(record->verdict, detail);
      if (detail.size() > kShownDetail) detail = detail.substr(0, kShownDetail) + "\n[… truncated]";
      failures += "<p>sample " + std::to_string(record->sample) + " case " + std::to_string(record->caseId) + ": " +
                  ToString(record->verdict) + "</p><pre class=\"diagnostic\">" + HtmlEscaped(summary) +
                  "</pre><details><summary>the whole detail</summary><pre>" + HtmlEscaped(detail) + "</pre></details>";
    }
    html += "</table>" + failures + "</details>";
  }
  return html;
}

// One row of cells per JSON object; columns in the first row's key order, an object's keys joined.
std::string JsonRowsTable(const nlohmann::ordered_json& rows) {
  auto flatten = [](const nlohmann::ordered_json& row) {
    std::vector<std::pair<std::string, std::string>> cells;
    for (const auto& [key, value] : row.items()) {
      if (value.is_object()) {
        for (const auto& [sub, inner] : value.items())
          cells.push_back({key + "." + sub, inner.is_number_float() ? Decimals(inner.get<double>(), 3) : inner.dump()});
      } else {
        cells.push_back({key, value.is_number_float() ? Decimals(value.get<double>(), 3)
                              : value.is_null()       ? std::string()
                              : value.is_string()     ? value.get<std::string>()
                                                      : value.dump()});
      }
    }
    return cells;
  };
  if (!rows.is_array() || rows.empty()) return "<p>none</p>";
  std::string html = "<table><tr>";
  for (const auto& [column, text] : flatten(rows.front())) html += "<th>" + HtmlEscaped(column) + "</th>";
  html += "</tr>";
  for (const nlohmann::ordered_json& row : rows) {
    html += "<tr>";
    for (const auto& [column, text] : flatten(row)) html += Cell(text);
    html += "</tr>";
  }
  return html + "</table>";
}

}  // namespace

std::string HtmlReport(const Metrics& metrics, const std::vector<ResultRecord>& records, const std::string& title,
                       const std::vector<HtmlTableSection>& extra) {
  const Baseline baseline = MainBaseline(metrics);
  std::vector<int> ks;
  for (const auto& [k, average] : metrics.overall.passAtK) ks.push_back(k);
  std::vector<std::pair<std::string, const GroupMetrics*>> levels = {{"all", &metrics.overall}};
  for (const auto& [level, group] : metrics.levels) levels.push_back({"level " + std::to_string(level), &group});
  std::vector<std::pair<std::string, const GroupMetrics*>> categories;
  for (const auto& [name, group] : metrics.categories) categories.push_back({name, &group});
  std::string html = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + HtmlEscaped(title) +
                     "</title><style>" + kStyle + "</style></head><body><h1>" + HtmlEscaped(title) + "</h1><p>" +
                     std::to_string(metrics.records) + " records in " + ToString(metrics.shapeMode) +
                     " shape mode; NPUKernelBench total score " + Decimals(metrics.score.npuKernelBench, 4) +
                     " (renormalised over the levels present " + Decimals(metrics.score.renormalised, 4) + ").</p>";
  for (const HtmlTableSection& section : extra)
    html += "<h2>" + HtmlEscaped(section.title) + "</h2>" + JsonRowsTable(section.rows);
  html += "<h2 id=\"levels\">Per level</h2>" + GroupTable(levels, baseline, ks, "level");
  html += "<h2 id=\"problems\">Problems (NPUKernelBench's table)</h2>" + ProblemGrid(metrics);
  html += "<h2 id=\"categories\">Per category</h2>" + GroupTable(categories, baseline, ks, "category") + CategoryBars(metrics);
  html += "<h2 id=\"speed\">Speed</h2>" + SpeedupDistribution(metrics, baseline);
  html += "<h2 id=\"failures\">Failures</h2>" + Taxonomy(metrics);
  html += "<h2 id=\"tasks\">Tasks</h2>" + Drilldown(records);
  return html + "</body></html>\n";
}

}  // namespace akgen::bench
