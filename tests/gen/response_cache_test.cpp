#include "gen/cache/response_cache.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <thread>
#include <vector>

namespace akgen::gen {
namespace {

namespace fs = std::filesystem;

CompletionRequest SqrtRequest() {
  CompletionRequest request;
  request.model = "kernelgen-lm";
  request.endpoint = Endpoint::Completions;
  request.messages = {{"system", "You write AscendC."}, {"user", "Write Sqrt."}};
  return request;
}

CachedChoice Cached(const std::string& answer) {
  return {{answer, "thinking about " + answer, "stop"}, 1200, 3400, 12.5};
}

void ExpectSame(const CachedChoice& found, const CachedChoice& stored) {
  EXPECT_EQ(found.choice.answer, stored.choice.answer);
  EXPECT_EQ(found.choice.reasoning, stored.choice.reasoning);
  EXPECT_EQ(found.choice.finishReason, stored.choice.finishReason);
  EXPECT_EQ(found.promptTokens, stored.promptTokens);
  EXPECT_EQ(found.completionTokens, stored.completionTokens);
  EXPECT_EQ(found.latencySeconds, stored.latencySeconds);
}

class ResponseCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "akgen-response-cache-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
  }
  void TearDown() override { fs::remove_all(root_); }

  fs::path root_;
};

TEST(CacheKeyTest, SameRequestSameKeyWhateverN) {
  CompletionRequest request = SqrtRequest();
  const std::string key = CacheKey(request, 0);
  EXPECT_EQ(key.size(), 16u);
  EXPECT_EQ(key.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_EQ(CacheKey(SqrtRequest(), 0), key);
  request.params.n = 8;
  EXPECT_EQ(CacheKey(request, 0), key);
}

TEST(CacheKeyTest, KeyDiffersByEverythingThatChangesTheAnswer) {
  const CompletionRequest base = SqrtRequest();
  const std::string key = CacheKey(base, 0);
  EXPECT_NE(CacheKey(base, 1), key);
  CompletionRequest changed = base;
  changed.messages.back().content = "Write Rsqrt.";
  EXPECT_NE(CacheKey(changed, 0), key);
  changed = base;
  changed.messages.push_back({"assistant", "a kernel"});
  EXPECT_NE(CacheKey(changed, 0), key);
  changed = base;
  changed.params.temperature = 0.6;
  EXPECT_NE(CacheKey(changed, 0), key);
  changed = base;
  changed.params.seed = 3;
  EXPECT_NE(CacheKey(changed, 0), key);
  changed = base;
  changed.model = "other";
  EXPECT_NE(CacheKey(changed, 0), key);
  changed = base;
  changed.endpoint = Endpoint::Chat;
  EXPECT_NE(CacheKey(changed, 0), key);
}

TEST_F(ResponseCacheTest, StoredChoiceIsFoundAfterReopening) {
  const fs::path file = root_ / "new" / "folder" / "responses.sqlite";
  const std::string key = CacheKey(SqrtRequest(), 0);
  const CachedChoice stored = Cached("<kernel_impl>k</kernel_impl>");
  {
    ResponseCache cache(file);
    EXPECT_FALSE(cache.Find(key));
    cache.Store(key, stored, CacheKeyFields(SqrtRequest(), 0));
    ASSERT_TRUE(cache.Find(key));
    ExpectSame(*cache.Find(key), stored);
  }
  const ResponseCache reopened(file);
  const std::optional<CachedChoice> found = reopened.Find(key);
  ASSERT_TRUE(found);
  ExpectSame(*found, stored);
  EXPECT_FALSE(reopened.Find(CacheKey(SqrtRequest(), 1)));
}

TEST_F(ResponseCacheTest, StoreReplacesTheEntry) {
  ResponseCache cache(root_ / "responses.sqlite");
  cache.Store("k", Cached("first"));
  cache.Store("k", Cached("second"));
  ExpectSame(*cache.Find("k"), Cached("second"));
}

TEST_F(ResponseCacheTest, RowsKeepTheRequestAndTheirTimeForPeopleReadingTheFile) {
  const fs::path file = root_ / "responses.sqlite";
  ResponseCache(file).Store("k", Cached("a"), CacheKeyFields(SqrtRequest(), 2));
  sqlite3* database = nullptr;
  ASSERT_EQ(sqlite3_open(file.c_str(), &database), SQLITE_OK);
  sqlite3_stmt* select = nullptr;
  ASSERT_EQ(
      sqlite3_prepare_v2(database, "SELECT request, created FROM responses WHERE key = 'k'", -1, &select, nullptr),
      SQLITE_OK);
  ASSERT_EQ(sqlite3_step(select), SQLITE_ROW);
  const nlohmann::json request = nlohmann::json::parse(reinterpret_cast<const char*>(sqlite3_column_text(select, 0)));
  EXPECT_EQ(request.at("sample"), 2);
  EXPECT_EQ(request.at("messages").at(1).at("content"), "Write Sqrt.");
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(sqlite3_column_text(select, 1))).size(), 20u);  // ISO 8601, UTC
  sqlite3_finalize(select);
  sqlite3_close(database);
}

TEST_F(ResponseCacheTest, ConcurrentStoresFromFourThreadsAllLand) {
  const fs::path file = root_ / "responses.sqlite";
  ResponseCache shared(file);
  ResponseCache second(file);  // another connection to the same file, as another process would have
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      ResponseCache& cache = t % 2 == 0 ? shared : second;
      for (int i = 0; i < 25; ++i) {
        const std::string key = "t" + std::to_string(t) + "-" + std::to_string(i);
        cache.Store(key, Cached(key));
        EXPECT_TRUE(cache.Find(key));
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  const ResponseCache reopened(file);
  for (int t = 0; t < 4; ++t) {
    for (int i = 0; i < 25; ++i) {
      const std::string key = "t" + std::to_string(t) + "-" + std::to_string(i);
      const std::optional<CachedChoice> found = reopened.Find(key);
      ASSERT_TRUE(found) << key;
      EXPECT_EQ(found->choice.answer, key);
    }
  }
}

TEST_F(ResponseCacheTest, EntryOutlivesAKilledProcess) {
  const fs::path file = root_ / "responses.sqlite";
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ResponseCache cache(file);
    cache.Store("k", Cached("kept"));
    _exit(0);  // no destructor, no close: as if killed
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  const std::optional<CachedChoice> found = ResponseCache(file).Find("k");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->choice.answer, "kept");
}

TEST_F(ResponseCacheTest, FileThatIsNotACacheIsRefusedByName) {
  const fs::path text = root_ / "notes.sqlite";
  std::ofstream(text) << "these are notes, not a database, but long enough to have a header of sorts........\n";
  try {
    ResponseCache cache(text);
    FAIL() << "a text file was accepted";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find(text.string()), std::string::npos) << error.what();
  }

  const fs::path other = root_ / "other.sqlite";
  sqlite3* database = nullptr;
  ASSERT_EQ(sqlite3_open(other.c_str(), &database), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(database, "CREATE TABLE people (name TEXT)", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(database);
  try {
    ResponseCache cache(other);
    FAIL() << "another program's database was accepted";
  } catch (const std::runtime_error& error) {
    EXPECT_EQ(std::string(error.what()),
              other.string() + ": is another program's SQLite database, not a response cache");
  }

  EXPECT_THROW(ResponseCache{root_}, std::runtime_error);  // a folder
}

}  // namespace
}  // namespace akgen::gen
