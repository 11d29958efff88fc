#include "model_server_options.h"

#include <cstdlib>

namespace akgen {

void AddModelServerOptions(CLI::App* app, ModelServerOptions& options, const std::string& role) {
  app->add_option("--base-url", options.baseUrl, "the server's OpenAI API root, e.g. http://127.0.0.1:8000/v1");
  app->add_option("--model", options.model, role + "'s name on the server");
  app->add_option("--api-key-env", options.apiKeyVariable,
                  "environment variable holding the API key (default OPENAI_API_KEY; unset: no key)");
  app->add_option("--api", options.api,
                  "chat (the server applies the chat template) or completions (raw ChatML prompt ending in "
                  "<think>, as KernelGen-LM is served)");
  app->add_option("--jobs", options.jobs, "requests in flight (default 4)");
  app->add_option("--choices-per-request", options.choicesPerRequest,
                  "the most choices (n) one request asks for; 1 for servers that refuse n > 1 (default: all "
                  "the samples that share a prompt)");
  app->add_flag("--no-cache", options.noCache, "ask the server again even for cached requests");
  app->add_option("--response-cache", options.responseCache,
                  "the SQLite response cache (default OUT/responses.sqlite)");
  app->add_option("--emit-requests", options.emitRequests,
                  "batch route: write unanswered requests as OpenAI Batch input lines to FILE and stop");
  app->add_option("--responses", options.responses, "batch route: read answers from a Batch output FILE");
  app->add_option("--temperature", options.temperature, "sampling temperature (default 0.7)");
  app->add_option("--top-p", options.topP, "nucleus sampling (default 0.9)");
  app->add_option("--max-tokens", options.maxTokens, "tokens per answer (default 16384)");
  app->add_option("--seed", options.seed, "sampling seed sent to the server");
  app->add_option("--stop", options.stop, "stop sequences");
  app->add_option("--connect-timeout", options.connectTimeout, "seconds to connect (default 30)");
  app->add_option("--read-timeout", options.readTimeout, "seconds for a whole answer (default 1200)");
  app->add_option("--attempts", options.attempts,
                  "tries per request on 429, 5xx, timeouts and dropped connections (default 5)");
}

std::string ApplyModelServerOptions(const ModelServerOptions& options, gen::GenerateOptions& generate) {
  const auto endpoint = gen::ParseEndpoint(options.api);
  if (!endpoint) return "--api takes chat or completions";
  if (options.seed.size() > 1) return "--seed takes one value";
  generate.model = options.model;
  generate.endpoint = *endpoint;
  generate.sampling.temperature = options.temperature;
  generate.sampling.topP = options.topP;
  generate.sampling.maxTokens = options.maxTokens;
  if (!options.seed.empty()) generate.sampling.seed = options.seed.front();
  generate.sampling.stop = options.stop;
  generate.client.baseUrl = options.baseUrl;
  if (const char* key = std::getenv(options.apiKeyVariable.c_str())) generate.client.apiKey = key;
  generate.client.connectTimeoutSeconds = options.connectTimeout;
  generate.client.readTimeoutSeconds = options.readTimeout;
  generate.client.maxAttempts = options.attempts;
  generate.jobs = options.jobs;
  generate.choicesPerRequest = options.choicesPerRequest;
  generate.responseCache = options.responseCache;
  generate.readCache = !options.noCache;
  generate.emitRequests = options.emitRequests;
  generate.responses = options.responses;
  return "";
}

}  // namespace akgen
