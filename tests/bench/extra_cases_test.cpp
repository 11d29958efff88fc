#include "bench/task/extra_cases.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "bench/task/evaluation_unit.h"

namespace akgen::bench {
namespace {

// A task whose table is `csv` (NPUKernelBench's format).
Task TaskWithCases(const std::string& csv) {
  const TestCaseTable table = ParseTestCases(csv, "test_cases.csv");
  EXPECT_TRUE(table.errors.empty()) << table.errors.front();
  Task task;
  task.level = 1;
  task.category = "Math";
  task.folderName = "Op";
  task.caseColumns = table.columns;
  task.cases = table.cases;
  return task;
}

std::vector<int64_t> Integers(const std::string& text) {
  std::vector<int64_t> values;
  int64_t value = -1;
  for (const char c : text) {
    if (c >= '0' && c <= '9') {
      value = (value < 0 ? 0 : value * 10) + (c - '0');
    } else if (value >= 0) {
      values.push_back(value);
      value = -1;
    }
  }
  if (value >= 0) values.push_back(value);
  return values;
}

const std::string kTable =
    "case_id;shape;normalized_shape;n;dtype;axis;scale\n"
    "0;[48, 3, 7168];[7168];7168;float16;1;2.5\n"
    "1;[1, 4093, 512];[512];512;float32;2;-0.3\n"
    "4;[37, 515, 16];[16];16;bfloat16;2;1.7\n";

TEST(ExtraCasesTest, StaticCasesRepeatTheListedRowWithTheirOwnSeeds) {
  Task task = TaskWithCases(kTable);
  AddExtraCases(task, {0, 4}, 2, ShapeMode::Static, 7);
  ASSERT_EQ(task.cases.size(), 7u);
  std::set<uint64_t> seeds;
  for (size_t i = 3; i < task.cases.size(); ++i) {
    const TestCase& extra = task.cases[i];
    EXPECT_EQ(extra.id, static_cast<int>(i) + 2) << "numbered after the largest listed id, 4";
    ASSERT_TRUE(extra.extra);
    const int listed = i < 5 ? 0 : 4;
    EXPECT_EQ(extra.extra->listedCaseId, listed);
    std::map<std::string, std::string> expected = task.FindCase(listed)->values;
    expected["case_id"] = std::to_string(extra.id);
    EXPECT_EQ(extra.values, expected) << "a static candidate is built for its case's shapes";
    EXPECT_NE(extra.extra->seed, 7u) << "the listed cases' seed";
    seeds.insert(extra.extra->seed);
  }
  EXPECT_EQ(seeds.size(), 4u);
}

TEST(ExtraCasesTest, DynamicCasesDrawDimensionsThatAgreeWhereTheListedOnesDo) {
  Task task = TaskWithCases(kTable);
  AddExtraCases(task, {0, 1, 4}, 60, ShapeMode::Dynamic, 0);
  ASSERT_EQ(task.cases.size(), 63u);
  double largestListed = 0;
  for (size_t i = 0; i < 3; ++i) {
    const std::vector<int64_t> shape = Integers(task.cases[i].values.at("shape"));
    largestListed = std::max(largestListed, static_cast<double>(shape[0] * shape[1] * shape[2]) + shape.back());
  }
  int changed = 0;
  for (size_t i = 3; i < task.cases.size(); ++i) {
    const TestCase& extra = task.cases[i];
    const TestCase& listed = *task.FindCase(extra.extra->listedCaseId);
    EXPECT_EQ(extra.extra->listedCaseId, task.cases[(i - 3) % 3].id) << "drawn from the listed cases in turn";
    const std::vector<int64_t> shape = Integers(extra.values.at("shape"));
    const std::vector<int64_t> old = Integers(listed.values.at("shape"));
    ASSERT_EQ(shape.size(), 3u) << extra.values.at("shape");
    EXPECT_EQ(extra.values.at("normalized_shape"), "[" + std::to_string(shape[2]) + "]") << "same old, same new";
    EXPECT_EQ(extra.values.at("n"), std::to_string(shape[2])) << "an integer column equal to a dimension follows it";
    for (const char* column : {"dtype", "axis", "scale"}) EXPECT_EQ(extra.values.at(column), listed.values.at(column));
    for (size_t d = 0; d < 3; ++d) {
      if (old[d] < 8) {
        EXPECT_EQ(shape[d], old[d]) << "small dimensions stay";
        continue;
      }
      EXPECT_GE(shape[d], old[d] / 2);
      EXPECT_LE(shape[d], old[d] * 2);
      const int64_t granule = std::min<int64_t>(old[d] & -old[d], 64);
      EXPECT_EQ(shape[d] % granule, 0) << old[d] << " -> " << shape[d];
      if ((old[d] & (old[d] - 1)) == 0) {
        EXPECT_EQ(shape[d] & (shape[d] - 1), 0) << "a power of two stays one";
      }
    }
    EXPECT_LE(static_cast<double>(shape[0] * shape[1] * shape[2]) + shape[2], largestListed);
    changed += shape != old;
  }
  EXPECT_GT(changed, 50) << "nearly every draw has new dimensions";

  Task again = TaskWithCases(kTable);
  AddExtraCases(again, {0, 1, 4}, 60, ShapeMode::Dynamic, 0);
  for (size_t i = 0; i < task.cases.size(); ++i)
    EXPECT_EQ(again.cases[i].values, task.cases[i].values) << "reproducible";
  Task otherSeed = TaskWithCases(kTable);
  AddExtraCases(otherSeed, {0, 1, 4}, 60, ShapeMode::Dynamic, 1);
  int differing = 0;
  for (size_t i = 3; i < task.cases.size(); ++i) differing += otherSeed.cases[i].values != task.cases[i].values;
  EXPECT_GT(differing, 30);
}

TEST(ExtraCasesTest, RowsWithoutListDimensionsGetOnlyNewInputs) {
  Task task = TaskWithCases("case_id;m;k;n;dtype\n0;128;256;512;float16\n");
  AddExtraCases(task, {0}, 3, ShapeMode::Dynamic, 0);
  ASSERT_EQ(task.cases.size(), 4u);
  for (size_t i = 1; i < 4; ++i) {
    EXPECT_EQ(task.cases[i].values.at("m"), "128");
    EXPECT_EQ(task.cases[i].values.at("n"), "512");
    EXPECT_EQ(task.cases[i].values.at("case_id"), std::to_string(i));
  }
}

TEST(ExtraCasesTest, NestedListsAndTuplesAreDimensionsToo) {
  Task task = TaskWithCases("case_id;groups;shape;dims\n0;\"[[125, 199], [1495]]\";(4096,);[0, 2, 1]\n");
  AddExtraCases(task, {0}, 20, ShapeMode::Dynamic, 3);
  int changed = 0;
  for (size_t i = 1; i < task.cases.size(); ++i) {
    const std::string& groups = task.cases[i].values.at("groups");
    EXPECT_EQ(Integers(groups).size(), 3u) << groups;
    EXPECT_EQ(groups.substr(0, 2), "[[") << "the text around the integers is kept";
    EXPECT_EQ(task.cases[i].values.at("dims"), "[0, 2, 1]");
    const std::string& shape = task.cases[i].values.at("shape");
    EXPECT_EQ(shape.back(), ')');
    changed += groups != "[[125, 199], [1495]]" || shape != "(4096,)";
  }
  EXPECT_GT(changed, 15);
}

TEST(ExtraCasesTest, UnitsTakeTheExtraCasesOfTheirListedCase) {
  Task task = TaskWithCases(kTable);
  AddExtraCases(task, SelectedCaseIds(task, ShapeMode::Static, CaseSelection::All()), 1, ShapeMode::Static, 0);
  using Units = std::vector<std::vector<int>>;
  auto caseIds = [](const EvaluationPlan& plan) {
    Units units;
    for (const EvaluationUnit& unit : plan.units) units.push_back(unit.caseIds);
    return units;
  };
  EXPECT_EQ(caseIds(PlanEvaluation(task, {Candidate{}}, ShapeMode::Static, CaseSelection::All())),
            (Units{{0, 5}, {1, 6}, {4, 7}}));
  EXPECT_EQ(caseIds(PlanEvaluation(task, {Candidate{}}, ShapeMode::Static, CaseSelection::One(4))), (Units{{4, 7}}));
  const EvaluationPlan extraChosen = PlanEvaluation(task, {Candidate{}}, ShapeMode::Static, CaseSelection::One(5));
  EXPECT_TRUE(extraChosen.units.empty()) << "--case picks listed cases only";
  EXPECT_NE(extraChosen.problem.find("its cases: 0, 1, 4)"), std::string::npos) << extraChosen.problem;
  EXPECT_EQ(caseIds(PlanEvaluation(task, {Candidate{}}, ShapeMode::Dynamic)), (Units{{0, 1, 4, 5, 6, 7}}));
  EXPECT_EQ(SelectedCaseIds(task, ShapeMode::Static, CaseSelection::Default()), (std::vector<int>{0}));
  EXPECT_EQ(SelectedCaseIds(task, ShapeMode::Dynamic, CaseSelection::Default()), (std::vector<int>{0, 1, 4}));
}

}  // namespace
}  // namespace akgen::bench
