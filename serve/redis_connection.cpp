#include "serve/redis_connection.h"

#include <stdexcept>

namespace akgen::serve {
namespace {

constexpr const char* kForm = "redis://[:PASSWORD@]HOST[:PORT][/DB], e.g. redis://127.0.0.1:6379/0";

RedisReply Convert(const redisReply* reply) {
  RedisReply converted;
  switch (reply->type) {
    case REDIS_REPLY_NIL: converted.nil = true; break;
    case REDIS_REPLY_INTEGER: converted.integer = reply->integer; break;
    case REDIS_REPLY_STRING:
    case REDIS_REPLY_STATUS: converted.text.assign(reply->str, reply->len); break;
    case REDIS_REPLY_ARRAY:
      for (size_t i = 0; i < reply->elements; ++i) converted.elements.push_back(Convert(reply->element[i]));
      break;
    default: break;
  }
  return converted;
}

int Number(const std::string& text, const std::string& url) {
  try {
    size_t used = 0;
    const int value = std::stoi(text, &used);
    if (used == text.size() && value >= 0) return value;
  } catch (const std::exception&) {
  }
  throw std::invalid_argument("'" + url + "' is not a Redis address: " + kForm);
}

}  // namespace

std::string RedisAddress::ToString() const {
  return "redis://" + host + ":" + std::to_string(port) + "/" + std::to_string(database);
}

RedisAddress ParseRedisUrl(const std::string& url) {
  constexpr std::string_view kScheme = "redis://";
  if (!url.starts_with(kScheme)) throw std::invalid_argument("'" + url + "' is not a Redis address: " + kForm);
  std::string rest = url.substr(kScheme.size());
  RedisAddress address;
  if (const size_t at = rest.rfind('@'); at != std::string::npos) {
    const std::string credentials = rest.substr(0, at);
    address.password = credentials.starts_with(":") ? credentials.substr(1) : credentials;
    rest = rest.substr(at + 1);
  }
  if (const size_t slash = rest.find('/'); slash != std::string::npos) {
    if (slash + 1 < rest.size()) address.database = Number(rest.substr(slash + 1), url);
    rest = rest.substr(0, slash);
  }
  if (const size_t colon = rest.rfind(':'); colon != std::string::npos) {
    address.port = Number(rest.substr(colon + 1), url);
    rest = rest.substr(0, colon);
  }
  if (rest.empty()) throw std::invalid_argument("'" + url + "' names no host: " + kForm);
  address.host = rest;
  return address;
}

RedisConnection::RedisConnection(RedisAddress address) : address_(std::move(address)) { Connect(); }

RedisConnection::~RedisConnection() {
  if (context_) redisFree(context_);
}

void RedisConnection::Connect() {
  if (context_) redisFree(context_);
  context_ = redisConnectWithTimeout(address_.host.c_str(), address_.port, timeval{10, 0});
  if (!context_ || context_->err) {
    const std::string why = context_ ? context_->errstr : "out of memory";
    if (context_) redisFree(context_);
    context_ = nullptr;
    throw std::runtime_error("cannot reach the Redis server " + address_.ToString() + ": " + why);
  }
  std::vector<std::vector<std::string>> setup;
  if (!address_.password.empty()) setup.push_back({"AUTH", address_.password});
  if (address_.database != 0) setup.push_back({"SELECT", std::to_string(address_.database)});
  for (const std::vector<std::string>& command : setup) {
    std::vector<const char*> argv;
    std::vector<size_t> lengths;
    for (const std::string& argument : command) {
      argv.push_back(argument.data());
      lengths.push_back(argument.size());
    }
    auto* reply = static_cast<redisReply*>(redisCommandArgv(context_, int(argv.size()), argv.data(), lengths.data()));
    const bool failed = !reply || reply->type == REDIS_REPLY_ERROR;
    const std::string why = reply && reply->str ? reply->str : "no reply";
    if (reply) freeReplyObject(reply);
    if (failed) throw std::runtime_error("the Redis server " + address_.ToString() + " refused " + command[0] + ": " + why);
  }
}

RedisReply RedisConnection::Command(const std::vector<std::string>& arguments) {
  std::lock_guard lock(mutex_);
  std::vector<const char*> argv;
  std::vector<size_t> lengths;
  for (const std::string& argument : arguments) {
    argv.push_back(argument.data());
    lengths.push_back(argument.size());
  }
  for (int attempt = 0; attempt < 2; ++attempt) {
    if (!context_) Connect();
    auto* reply = static_cast<redisReply*>(redisCommandArgv(context_, int(argv.size()), argv.data(), lengths.data()));
    if (!reply) {  // the connection broke: open it again once
      redisFree(context_);
      context_ = nullptr;
      continue;
    }
    if (reply->type == REDIS_REPLY_ERROR) {
      const std::string why(reply->str, reply->len);
      freeReplyObject(reply);
      throw std::runtime_error("the Redis server " + address_.ToString() + " answered " + arguments[0] + " with: " + why);
    }
    RedisReply converted = Convert(reply);
    freeReplyObject(reply);
    return converted;
  }
  throw std::runtime_error("lost the Redis server " + address_.ToString() + " during " + arguments[0]);
}

}  // namespace akgen::serve
