#include "bench/report/text_table.h"

#include <algorithm>
#include <cstdlib>

namespace akgen::bench {
namespace {

bool IsNumber(const std::string& cell) {
  if (cell.empty()) return false;
  char* end = nullptr;
  std::strtod(cell.c_str(), &end);
  return end == cell.c_str() + cell.size();
}

// tabulate makes every column at least two characters wider than its header.
constexpr size_t kHeaderPadding = 2;

struct Column {
  size_t width = 0;
  bool rightAligned = true;
};

std::vector<Column> Columns(const TextTable& table) {
  std::vector<Column> columns(table.headers.size());
  for (size_t i = 0; i < columns.size(); ++i) {
    columns[i].width = table.headers[i].size() + kHeaderPadding;
    for (const std::vector<std::string>& row : table.rows) {
      columns[i].width = std::max(columns[i].width, row[i].size());
      columns[i].rightAligned = columns[i].rightAligned && (row[i].empty() || IsNumber(row[i]));
    }
  }
  return columns;
}

std::string Rule(const std::vector<Column>& columns, char fill) {
  std::string line = "+";
  for (const Column& column : columns) line += std::string(column.width + 2, fill) + "+";
  return line + "\n";
}

std::string Cells(const std::vector<Column>& columns, const std::vector<std::string>& cells) {
  std::string line = "|";
  for (size_t i = 0; i < columns.size(); ++i) {
    const std::string padding(columns[i].width - cells[i].size(), ' ');
    line.append(" ").append(columns[i].rightAligned ? padding + cells[i] : cells[i] + padding).append(" |");
  }
  return line + "\n";
}

}  // namespace

std::string RenderGrid(const TextTable& table) {
  const std::vector<Column> columns = Columns(table);
  std::string text = Rule(columns, '-') + Cells(columns, table.headers) + Rule(columns, '=');
  for (const std::vector<std::string>& row : table.rows) text += Cells(columns, row) + Rule(columns, '-');
  return text;
}

}  // namespace akgen::bench
