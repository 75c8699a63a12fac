// Agent specs against the operator's limits: parameters are found by name among those the agent
// declares (time, iters, threads, tree_mb), so any agent that declares them is limited alike.
#include "server/agent_limits.h"

#include <charconv>
#include <cmath>
#include <optional>
#include <variant>

#include "agents/agent.h"
#include "core/number_text.h"

namespace savanna::server {
namespace {

const AgentInfo* FindAgent(std::string_view name) {
  for (const AgentInfo& info : AgentInfos())
    if (info.name == name) return &info;
  return nullptr;
}

bool Declares(const AgentInfo& info, std::string_view param) {
  for (const ParamSpec& p : info.params)
    if (p.name == param) return true;
  return false;
}

const ParamSpec* Declared(const AgentInfo& info, std::string_view param) {
  for (const ParamSpec& p : info.params)
    if (p.name == param) return &p;
  return nullptr;
}

bool Sets(const Spec& spec, std::string_view param) {
  for (const auto& [key, value] : spec.args)
    if (key == param) return true;
  return false;
}

// The shortest text that reads back as `value` (as std::to_chars writes it; WebAssembly's C++
// library has no to_chars for doubles).
std::string Number(double value) { return ShortestDouble(value); }

std::string Text(const Spec& spec) {
  if (spec.args.empty()) return spec.name;
  std::string text = spec.name + "(";
  for (size_t i = 0; i < spec.args.size(); ++i)
    text += (i ? "," : "") + spec.args[i].first + "=" + spec.args[i].second;
  return text + ")";
}

// "is over this server's limit of 1 (set by the operator with --ai-max-threads)", or the
// holder's limit where it is not a server's.
std::string OverText(const AgentLimits& limits, const std::string& limit, std::string_view option) {
  if (!limits.holder.empty()) return " is over " + limits.holder + " limit of " + limit;
  return " is over this server's limit of " + limit + " (set by the operator with " +
         std::string(option) + ")";
}

tl::unexpected<ApiError> OverLimit(const AgentLimits& limits, const std::string& agent,
                                   std::string_view param, const std::string& value,
                                   const std::string& limit, std::string_view option) {
  return ApiFail(400, "over_limit",
                 agent + " " + std::string(param) + "=" + value + OverText(limits, limit, option));
}

}  // namespace

ApiResult<void> CheckAiSeconds(double ai_seconds, const AgentLimits& limits) {
  if (ai_seconds > limits.max_seconds)
    return ApiFail(400, "over_limit",
                   "options.ai_seconds=" + Number(ai_seconds) +
                       OverText(limits, Number(limits.max_seconds), "--ai-max-seconds"));
  return {};
}

ApiResult<std::string> SeatSpec(std::string_view requested, double ai_seconds,
                                const AgentLimits& limits) {
  // A string parameter names a file (an agent's net=FILE): the server reads none for a client,
  // and refuses before the agent layer would open it. Only net=none and net=game name no file.
  if (auto parsed = ParseSpec(requested))
    if (const AgentInfo* agent = FindAgent(parsed->name))
      for (const auto& [key, value] : parsed->args)
        if (const ParamSpec* param = Declared(*agent, key);
            param != nullptr && param->type == ParamType::kString &&
            !(key == "net" && (value == "none" || value == "game")))
          return ApiFail(400, "bad_request",
                         agent->name + " " + key + "=" + value +
                             ": names a file on the server and cannot be set over the network "
                             "(net=none or net=game)");
  auto factory = MakeAgentFactory(requested);  // the agent layer's own errors
  if (!factory) return tl::unexpected(FromError(factory.error()));
  auto spec = ParseSpec(requested);
  const AgentInfo* info = spec ? FindAgent(spec->name) : nullptr;
  if (!info) return ApiFail(400, "bad_request", "not an agent spec");
  // The budget, always explicit in the seat's spec: a spec's own time or iterations are kept
  // (iterations with time=0 written out); a level's own default time is written out; an agent
  // that searches by iterations by default gets the table's time.
  if (const ParamSpec* time = Declared(*info, "time"); time != nullptr && !Sets(*spec, "time")) {
    const double own = std::get<double>(time->default_value);
    const double seconds = Sets(*spec, "iters") ? 0 : own > 0 ? own : ai_seconds;
    spec->args.emplace_back("time", Number(seconds));
  }
  if (Declares(*info, "tree_mb") && !Sets(*spec, "tree_mb"))
    spec->args.emplace_back("tree_mb", std::to_string(limits.max_tree_mb));
  auto params = ResolveParams(info->params, *spec);
  if (!params) return tl::unexpected(FromError(params.error()));

  const std::string& name = spec->name;
  if (params->Has("threads") && params->Int("threads") > limits.max_threads)
    return OverLimit(limits, name, "threads", std::to_string(params->Int("threads")),
                     std::to_string(limits.max_threads), "--ai-max-threads");
  if (params->Has("tree_mb")) {
    const int64_t mb = params->Int("tree_mb");
    if (mb == 0 || mb > limits.max_tree_mb)
      return OverLimit(limits, name, "tree_mb", mb == 0 ? "0 (no limit)" : std::to_string(mb),
                       std::to_string(limits.max_tree_mb), "--ai-max-tree-mb");
  }
  const bool timed = params->Has("time") && params->Double("time") > 0;
  if (timed && params->Double("time") > limits.max_seconds)
    return OverLimit(limits, name, "time", Number(params->Double("time")),
                     Number(limits.max_seconds), "--ai-max-seconds");
  if (!timed && params->Has("iters") && params->Int("iters") > limits.max_iterations)
    return OverLimit(limits, name, "iters", std::to_string(params->Int("iters")),
                     std::to_string(limits.max_iterations), "--ai-max-iters");
  return Text(*spec);
}

std::chrono::nanoseconds ThinkingTime(const std::string& text) {
  auto spec = ParseSpec(text);
  const AgentInfo* info = spec ? FindAgent(spec->name) : nullptr;
  if (!info || !Declares(*info, "time")) return std::chrono::nanoseconds(0);
  auto params = ResolveParams(info->params, *spec);
  if (!params || params->Double("time") <= 0) return std::chrono::nanoseconds(0);
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
      std::chrono::duration<double>(params->Double("time")));
}

std::string LowerToLimits(const std::string& text, const AgentLimits& limits) {
  auto spec = ParseSpec(text);
  const AgentInfo* info = spec ? FindAgent(spec->name) : nullptr;
  if (!info) return text;
  auto params = ResolveParams(info->params, *spec);
  if (!params) return text;
  const bool timed = params->Has("time") && params->Double("time") > 0;
  bool changed = false;
  auto lower = [&](std::string_view param, const std::string& value) {
    for (auto& [key, v] : spec->args)
      if (key == param) v = value;
    if (!Sets(*spec, param)) spec->args.emplace_back(std::string(param), value);
    changed = true;
  };
  if (params->Has("threads") && params->Int("threads") > limits.max_threads)
    lower("threads", std::to_string(limits.max_threads));
  if (params->Has("tree_mb") &&
      (params->Int("tree_mb") == 0 || params->Int("tree_mb") > limits.max_tree_mb))
    lower("tree_mb", std::to_string(limits.max_tree_mb));
  if (timed && params->Double("time") > limits.max_seconds)
    lower("time", Number(limits.max_seconds));
  if (!timed && params->Has("iters") && params->Int("iters") > limits.max_iterations)
    lower("iters", std::to_string(limits.max_iterations));
  return changed ? Text(*spec) : text;
}

}  // namespace savanna::server
