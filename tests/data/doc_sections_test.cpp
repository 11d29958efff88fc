#include "data/docs/doc_sections.h"

#include <gtest/gtest.h>

#include <fstream>

#include "data/docs/doc_index.h"

namespace akgen::data {
namespace {

namespace fs = std::filesystem;

class DocSectionsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("akgen-docs-" + std::to_string(::getpid()));
    fs::create_directories(folder_ / "html");
  }
  void TearDown() override { fs::remove_all(folder_); }

  fs::path Write(const std::string& name, const std::string& text) {
    std::ofstream(folder_ / name) << text;
    return folder_ / name;
  }

  fs::path folder_;
};

TEST_F(DocSectionsTest, MarkdownSplitsAtHeadingsOutsideFences) {
  const fs::path file = Write("manual.md",
                              "Intro text.\n# Vector\n## Muls\nMultiplies by a scalar.\n```cpp\n# not a heading\n```\n"
                              "## Adds ##\nAdds a scalar.\n# Empty\n# Data movement\nMoves blocks.\n");
  const std::vector<DocSection> sections = SplitDocument(file);
  ASSERT_EQ(sections.size(), 4u);
  EXPECT_EQ(sections[0].heading, "manual.md");
  EXPECT_EQ(sections[0].text, "Intro text.");
  EXPECT_EQ(sections[1].heading, "Muls");
  EXPECT_EQ(sections[1].headingPath, "Vector > Muls");
  EXPECT_EQ(sections[1].line, 3);
  EXPECT_NE(sections[1].text.find("# not a heading"), std::string::npos);
  EXPECT_EQ(sections[2].heading, "Adds");
  EXPECT_EQ(sections[3].headingPath, "Data movement");
}

TEST_F(DocSectionsTest, HtmlLosesItsMarkup) {
  Write("html/page.htm",
        "<html><head><style>h1 {}</style></head><body><h1>DataCopy</h1><p>Moves <b>32-byte</b> blocks &amp; "
        "more.</p>\n<h2 id=\"p\">Parameters</h2><ul><li>dst</li><li>src</li></ul></body></html>");
  Write("notes.txt", "not documentation");
  const std::vector<DocSection> sections = CollectDocSections({folder_});
  ASSERT_EQ(sections.size(), 2u);
  EXPECT_EQ(sections[0].heading, "DataCopy");
  EXPECT_EQ(sections[0].text, "Moves 32-byte blocks & more.");
  EXPECT_EQ(sections[1].headingPath, "DataCopy > Parameters");
  EXPECT_EQ(sections[1].text, "dst\nsrc");
  EXPECT_THROW(CollectDocSections({folder_ / "missing"}), std::runtime_error);
}

TEST_F(DocSectionsTest, TheIndexPrefersTheSectionNamedAfterTheApi) {
  const fs::path file = Write("manual.md",
                              "# Adds\nAdds a scalar; the operands are those of Muls, Muls and Muls.\n"
                              "# Muls\nMultiplies by a scalar.\n# Quoted \"name\"\nText.\n");
  DocIndex index(folder_ / "docs.sqlite", SplitDocument(file));
  EXPECT_EQ(index.size(), 3u);
  ASSERT_TRUE(index.Lookup({"Muls"}));
  EXPECT_EQ(index.Lookup({"Muls"})->heading, "Muls");
  EXPECT_EQ(index.Lookup({"Compute", "Adds"})->heading, "Adds");    // the first name documented
  EXPECT_EQ(index.Lookup({"operands"})->heading, "Adds");           // mentioned in a body only
  EXPECT_EQ(index.Lookup({"name\""})->heading, "Quoted \"name\"");  // quotes cannot break the query
  EXPECT_FALSE(index.Lookup({"GetBlockIdx"}));
}

}  // namespace
}  // namespace akgen::data
