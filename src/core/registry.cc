// Game registry: spec resolution and the enumeration of test configurations.
#include "core/registry.h"

#include <algorithm>

#include "core/check.h"

namespace savanna {

void GameRegistry::Add(GameEntry entry) {
  SAVANNA_CHECK_MSG(Find(entry.info.name) == nullptr, entry.info.name);
  entries_.push_back(std::move(entry));
}

const GameEntry* GameRegistry::Find(std::string_view name) const {
  for (const auto& e : entries_)
    if (e.info.name == name) return &e;
  return nullptr;
}

namespace {

Result<const GameEntry*> FindOrFail(const GameRegistry& registry, std::string_view name) {
  if (const GameEntry* e = registry.Find(name)) return e;
  std::string names;
  for (const auto& e : registry.entries()) names += (names.empty() ? "" : ", ") + e.info.name;
  return Fail(ErrorCode::kNotFound,
              "unknown game '" + std::string(name) + "' (games: " + names + ")");
}

}  // namespace

Result<std::shared_ptr<const Game>> GameRegistry::Build(const GameEntry& entry,
                                                        Result<Params> params) const {
  if (!params) return tl::unexpected(params.error());
  auto game = entry.create(*params);
  if (!game) return game;
  std::lock_guard<std::mutex> lock(cache_->mutex);
  const std::string key = FormatSpec(entry.info.name, (*game)->params());
  return cache_->games.try_emplace(key, *game).first->second;
}

Result<std::shared_ptr<const Game>> GameRegistry::Create(std::string_view spec_text) const {
  auto spec = ParseSpec(spec_text);
  if (!spec) return tl::unexpected(spec.error());
  auto entry = FindOrFail(*this, spec->name);
  if (!entry) return tl::unexpected(entry.error());
  return Build(**entry, ResolveParams((*entry)->info.params, *spec));
}

Result<std::shared_ptr<const Game>> GameRegistry::Create(std::string_view name,
                                                         const Json& params) const {
  auto entry = FindOrFail(*this, name);
  if (!entry) return tl::unexpected(entry.error());
  return Build(**entry, ResolveParamsJson((*entry)->info.params, name, params));
}

std::vector<std::string> GameRegistry::TestConfigurations(const GameEntry& entry) const {
  // Each configuration is a list of key=value arguments; expand one parameter at a time.
  std::vector<std::vector<std::pair<std::string, std::string>>> configs(1);
  for (const auto& p : entry.info.params) {
    std::vector<std::string> values;
    if (p.name == "players") {
      for (int n = entry.info.min_players; n <= entry.info.max_players; ++n)
        values.push_back(std::to_string(n));
    } else if (p.type == ParamType::kChoice) {
      values = p.choices;
    } else if (p.type == ParamType::kBool) {
      values = {"false", "true"};
    } else {
      continue;
    }
    std::vector<std::vector<std::pair<std::string, std::string>>> next;
    for (const auto& c : configs)
      for (const auto& v : values) {
        next.push_back(c);
        next.back().emplace_back(p.name, v);
      }
    configs = std::move(next);
  }
  std::vector<std::string> specs;
  for (const auto& args : configs) {
    auto params = ResolveParams(entry.info.params, Spec{entry.info.name, args});
    if (!params || !entry.create(*params)) continue;
    specs.push_back(FormatSpec(entry.info.name, *params));
  }
  for (const auto& extra : entry.extra_test_specs) {
    // Extras are written by the game's author: one that does not build is a bug.
    auto game = Create(extra);
    SAVANNA_CHECK_MSG(game.has_value(), extra + ": " + (game ? "" : game.error().message));
    const std::string canonical = FormatSpec(entry.info.name, (*game)->params());
    if (std::find(specs.begin(), specs.end(), canonical) == specs.end()) specs.push_back(canonical);
  }
  return specs;
}

}  // namespace savanna
