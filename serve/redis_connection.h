// One connection to a Redis server (hiredis), for the shared job queue. Commands are argument
// vectors, so no value is ever parsed as part of a command. A connection that was lost is opened
// again once per command; a server that stays unreachable is an error that names it.
#pragma once
#include <hiredis/hiredis.h>

#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace akgen::serve {

struct RedisAddress {
  std::string host = "127.0.0.1";
  int port = 6379;
  int database = 0;
  std::string password;

  std::string ToString() const;  // redis://host:port/db, without the password
};

// redis://[:PASSWORD@]HOST[:PORT][/DB]; throws std::invalid_argument saying the form.
RedisAddress ParseRedisUrl(const std::string& url);

struct RedisReply {
  bool nil = false;
  long long integer = 0;
  std::string text;  // a string or status reply
  std::vector<RedisReply> elements;
};

class RedisConnection {
 public:
  // Connects at once; throws std::runtime_error naming the server when it cannot.
  explicit RedisConnection(RedisAddress address);
  ~RedisConnection();
  RedisConnection(const RedisConnection&) = delete;
  RedisConnection& operator=(const RedisConnection&) = delete;

  // Throws std::runtime_error naming the server and the command on an error reply or a lost server.
  RedisReply Command(const std::vector<std::string>& arguments);

 private:
  void Connect();

  RedisAddress address_;
  redisContext* context_ = nullptr;
  std::mutex mutex_;  // one command at a time on the one connection
};

}  // namespace akgen::serve
