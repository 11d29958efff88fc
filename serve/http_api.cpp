#include "serve/http_api.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>

namespace akgen::serve {
namespace {

constexpr const char* kJson = "application/json";

void Reply(httplib::Response& response, int status, const nlohmann::ordered_json& body) {
  response.status = status;
  response.set_content(body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), kJson);
}

void Refuse(httplib::Response& response, int status, const std::string& error) {
  Reply(response, status, {{"error", error}});
}

// The JSON a job is shown as: its result once judged, else its id and status.
nlohmann::ordered_json JobJson(const Job& job) {
  if (job.Finished()) return job.result;
  return {{"id", job.id}, {"status", ToString(job.state)}};
}

int JobStatusCode(const Job& job) { return job.Finished() ? 200 : 202; }

// ?wait=S: seconds to hold the reply for the result, at most the server's limit. Throws RequestError.
double WaitSeconds(const httplib::Request& request, const HttpOptions& options) {
  if (!request.has_param("wait")) return 0;
  const std::string text = request.get_param_value("wait");
  try {
    size_t used = 0;
    const double seconds = std::stod(text, &used);
    if (used == text.size() && std::isfinite(seconds) && seconds >= 0) return std::min(seconds, options.maxWaitSeconds);
  } catch (const std::exception&) {
  }
  throw RequestError("wait must be a number of seconds (?wait=30), not " + Quoted(text));
}

nlohmann::json ParseBody(const httplib::Request& request) {
  try {
    return nlohmann::json::parse(request.body);
  } catch (const nlohmann::json::parse_error& error) {
    throw RequestError(std::string("the body is not JSON: ") + error.what());
  }
}

// Queues every request, then waits for every job in turn until `seconds` from now; in their order.
std::vector<Job> JudgeAll(EvaluationService& service, const std::vector<EvaluationRequest>& requests, double seconds) {
  std::vector<std::string> ids;
  for (const EvaluationRequest& request : requests) ids.push_back(service.Submit(request));
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  std::vector<Job> jobs;
  for (const std::string& id : ids) {
    const double left = std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
    jobs.push_back(*service.Wait(id, left));
  }
  return jobs;
}

// OpenRLHF's `query` is the prompt followed by the response; a query that does not start with its
// prompt is taken whole as the response.
std::string ResponseOfQuery(const std::string& query, const std::string& prompt) {
  return !prompt.empty() && query.starts_with(prompt) ? query.substr(prompt.size()) : query;
}

std::vector<std::string> StringArray(const nlohmann::json& body, const char* field) {
  if (!body.contains(field) || !body.at(field).is_array())
    throw RequestError(std::string(field) + " must be an array of strings");
  std::vector<std::string> values;
  for (const nlohmann::json& value : body.at(field)) {
    if (!value.is_string()) throw RequestError(std::string(field) + " must be an array of strings");
    values.push_back(value.get<std::string>());
  }
  return values;
}

std::string MetricsText(const QueueStats& counters) {
  std::ostringstream text;
  text << "# HELP akgen_queue_depth Jobs accepted and not yet taken by a worker.\n"
       << "# TYPE akgen_queue_depth gauge\nakgen_queue_depth " << counters.queued << "\n"
       << "# HELP akgen_jobs_running Jobs in the batch being judged.\n"
       << "# TYPE akgen_jobs_running gauge\nakgen_jobs_running " << counters.running << "\n"
       << "# HELP akgen_jobs_total Jobs finished since the server started, by verdict (failed: not judged).\n"
       << "# TYPE akgen_jobs_total counter\n";
  for (const auto& [verdict, count] : counters.jobsByVerdict)
    text << "akgen_jobs_total{verdict=\"" << verdict << "\"} " << count << "\n";
  text << "# HELP akgen_evaluation_seconds Wall time of the judged batches.\n"
       << "# TYPE akgen_evaluation_seconds summary\n"
       << "akgen_evaluation_seconds_sum " << counters.evaluationSeconds << "\n"
       << "akgen_evaluation_seconds_count " << counters.batches << "\n";
  return text.str();
}

}  // namespace

void AddRoutes(httplib::Server& server, EvaluationService& service, SuiteCatalog& suites,
               const HttpOptions& options) {
  // A request that waits for its result holds a thread; many clients wait at once.
  server.new_task_queue = [threads = options.threads] { return new httplib::ThreadPool(threads); };
  server.set_payload_max_length(options.maxBodyBytes);
  server.set_pre_routing_handler([&options](const httplib::Request& request, httplib::Response& response) {
    if (options.token.empty() || request.path == "/v1/health") return httplib::Server::HandlerResponse::Unhandled;
    if (request.get_header_value("Authorization") == "Bearer " + options.token)
      return httplib::Server::HandlerResponse::Unhandled;
    Refuse(response, 401, "this server needs the header `Authorization: Bearer <token>` with its token");
    return httplib::Server::HandlerResponse::Handled;
  });
  server.set_exception_handler([](const httplib::Request&, httplib::Response& response, std::exception_ptr error) {
    try {
      std::rethrow_exception(error);
    } catch (const RequestError& refused) {
      Refuse(response, 400, refused.what());
    } catch (const std::exception& fault) {
      Refuse(response, 500, std::string("the server failed: ") + fault.what());
    } catch (...) {
      Refuse(response, 500, "the server failed");
    }
  });
  server.set_error_handler([](const httplib::Request& request, httplib::Response& response) {
    if (!response.body.empty()) return;
    if (response.status == 404)
      Refuse(response, 404, "no route " + request.method + " " + request.path +
                                "; the routes are /v1/evaluations, /v1/evaluations:batch, /v1/openrlhf, "
                                "/v1/health and /metrics");
    else if (response.status == 413)
      Refuse(response, 413,
             "the body is larger than this server accepts: 64 MiB as Content-Type: application/json, 8 KiB as a "
             "form (send the JSON with Content-Type: application/json)");
  });

  server.Post("/v1/evaluations", [&](const httplib::Request& request, httplib::Response& response) {
    const double wait = WaitSeconds(request, options);
    const EvaluationRequest parsed = ParseEvaluationRequest(ParseBody(request), suites, options.limits, options.reward);
    const Job job = *service.Wait(service.Submit(parsed), wait);
    Reply(response, JobStatusCode(job), JobJson(job));
  });
  server.Get(R"(/v1/evaluations/([0-9a-f]{1,64}))", [&](const httplib::Request& request, httplib::Response& response) {
    const std::optional<Job> job = service.Wait(request.matches[1], WaitSeconds(request, options));
    if (!job) return Refuse(response, 404, "no job " + std::string(request.matches[1]) + " on this server");
    Reply(response, JobStatusCode(*job), JobJson(*job));
  });
  server.Post("/v1/evaluations:batch", [&](const httplib::Request& request, httplib::Response& response) {
    const double wait = WaitSeconds(request, options);
    const nlohmann::json body = ParseBody(request);
    if (!body.is_object() || !body.contains("requests") || !body.at("requests").is_array())
      throw RequestError("the body must be {\"requests\": [request, ...]}");
    const nlohmann::json& items = body.at("requests");
    if (items.size() > options.maxBatchRequests)
      throw RequestError("requests holds " + std::to_string(items.size()) + " requests; at most " +
                         std::to_string(options.maxBatchRequests) + " are accepted at once");
    std::vector<EvaluationRequest> parsed;
    for (size_t i = 0; i < items.size(); ++i) {
      try {
        parsed.push_back(ParseEvaluationRequest(items[i], suites, options.limits, options.reward));
      } catch (const RequestError& error) {
        throw RequestError("requests[" + std::to_string(i) + "]: " + error.what() + " (no request was accepted)");
      }
    }
    nlohmann::ordered_json results = nlohmann::ordered_json::array();
    bool allFinished = true;
    for (const Job& job : JudgeAll(service, parsed, wait)) {
      results.push_back(JobJson(job));
      allFinished = allFinished && JobStatusCode(job) == 200;
    }
    Reply(response, allFinished ? 200 : 202, {{"results", results}});
  });
  server.Post("/v1/openrlhf", [&](const httplib::Request& request, httplib::Response& response) {
    const nlohmann::json body = ParseBody(request);
    if (!body.is_object()) throw RequestError("the body must be {\"query\": [...], \"prompts\": [...], \"labels\": [...]}");
    const std::vector<std::string> queries = StringArray(body, "query");
    const std::vector<std::string> prompts = StringArray(body, "prompts");
    const std::vector<std::string> labels = StringArray(body, "labels");
    if (prompts.size() != queries.size() || labels.size() != queries.size())
      throw RequestError("query, prompts and labels must have one entry per sample (" + std::to_string(queries.size()) +
                         ", " + std::to_string(prompts.size()) + ", " + std::to_string(labels.size()) + ")");
    std::vector<EvaluationRequest> parsed;
    for (size_t i = 0; i < queries.size(); ++i) {
      // The last colon: task keys have none, suite names may (`inline:<hash>`).
      const size_t colon = labels[i].rfind(':');
      nlohmann::json item = {{"task", colon == std::string::npos ? labels[i] : labels[i].substr(colon + 1)},
                             {"response", ResponseOfQuery(queries[i], prompts[i])}};
      if (colon != std::string::npos) item["suite"] = labels[i].substr(0, colon);
      try {
        parsed.push_back(ParseEvaluationRequest(item, suites, options.limits, options.reward));
      } catch (const RequestError& error) {
        throw RequestError("labels[" + std::to_string(i) + "] (" + Quoted(labels[i]) + ", a suite:task key): " +
                           error.what());
      }
    }
    nlohmann::ordered_json rewards = nlohmann::ordered_json::array();
    nlohmann::ordered_json verdicts = nlohmann::ordered_json::array();
    nlohmann::ordered_json correct = nlohmann::ordered_json::array();
    for (const Job& job : JudgeAll(service, parsed, options.maxWaitSeconds)) {
      if (job.state != JobState::Done)
        return Refuse(response, job.state == JobState::Failed ? 500 : 504,
                      "job " + job.id + " was not judged: " + JobJson(job).dump());
      rewards.push_back(job.result.at("reward"));
      verdicts.push_back(job.result.at("verdict"));
      correct.push_back(job.result.at("correct").get<bool>() ? 1.0 : 0.0);
    }
    Reply(response, 200,
          {{"rewards", rewards}, {"scores", rewards}, {"extra_logs", {{"verdict", verdicts}, {"correct", correct}}}});
  });
  server.Get("/v1/health", [&](const httplib::Request&, httplib::Response& response) {
    const QueueStats counters = service.Stats();
    Reply(response, 200,
          {{"status", "ok"}, {"suites", suites.Names()}, {"queued", counters.queued}, {"running", counters.running}});
  });
  server.Get("/metrics", [&](const httplib::Request&, httplib::Response& response) {
    response.set_content(MetricsText(service.Stats()), "text/plain; version=0.0.4");
  });
}

}  // namespace akgen::serve
