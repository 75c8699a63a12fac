// Golden files of every game's outward forms (tests/games/golden/<game>/*.json): for a few
// configurations, a seeded random game's full state (ToJson) and every viewer's view (JSON and
// text) at chosen moves. The test checks that today's code writes them byte for byte, and that
// each golden state reads back (StateFromJson) and writes out, and views, identically. They
// were written before the game skeleton (issue 16) and prove that it changed no output.
//
// Regenerate (only when a change of output is intended, and say so in the commit):
//   SAVANNA_UPDATE_GOLDEN=1 build/release/tests/golden_state_test
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/action_list.h"
#include "core/json_io.h"
#include "core/rng.h"
#include "games/registry.h"

namespace savanna {
namespace {

constexpr uint64_t kGoldenSeed = 20261125;

std::string GoldenPath(const std::string& game, const std::string& spec) {
  std::string slug;
  for (char c : spec) slug += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  while (!slug.empty() && slug.back() == '_') slug.pop_back();
  return std::string(SAVANNA_GOLDEN_DIR) + "/" + game + "/" + slug + ".json";
}

// The configurations a game's golden files cover: its defaults, the smallest and largest of the
// conformance configurations, and the registry's extra specs.
std::vector<std::string> GoldenSpecs(const GameEntry& entry) {
  std::vector<std::string> specs = {entry.info.name};
  const auto configs = Games().TestConfigurations(entry);
  if (!configs.empty()) {
    specs.push_back(configs.front());
    specs.push_back(configs.back());
  }
  for (const auto& extra : entry.extra_test_specs) specs.push_back(extra);
  std::vector<std::string> unique;
  std::set<std::string> seen;
  for (const auto& spec : specs) {
    auto game = Games().Create(spec);
    if (game && seen.insert((*game)->Spec()).second) unique.push_back(spec);
  }
  return unique;
}

Json Views(const State& state) {
  Json views = Json::object();
  for (Player viewer = kSpectator; viewer < state.NumPlayers(); ++viewer) {
    const std::string name = viewer == kSpectator ? "spectator" : std::to_string(viewer);
    views[name] = {{"json", state.View(viewer)}, {"text", state.ViewText(viewer)}};
  }
  return views;
}

// Snapshots at moves 0, 1, 2, 4, 8, ... and at the end of a seeded random game.
Json GoldenDocument(const Game& game) {
  Json snapshots = Json::array();
  auto state = game.NewInitialState(kGoldenSeed);
  Rng pick(kGoldenSeed);
  ActionList legal;
  int next_snapshot = 0;
  while (true) {
    const int move = state->MoveNumber();
    if (move == next_snapshot || state->IsTerminal()) {
      snapshots.push_back({{"move", move}, {"state", state->ToJson()}, {"views", Views(*state)}});
      next_snapshot = next_snapshot == 0 ? 1 : next_snapshot * 2;
    }
    if (state->IsTerminal()) break;
    const Player player = *state->PlayersToAct().begin();
    state->LegalActions(player, legal);
    state->ApplyUnchecked(player, legal[pick.Below(uint32_t(legal.Size()))]);
  }
  return {{"spec", game.Spec()}, {"seed", kGoldenSeed}, {"snapshots", std::move(snapshots)}};
}

std::string Text(const Json& json) { return json.dump(1) + "\n"; }

class GoldenState : public testing::TestWithParam<std::string> {};

TEST_P(GoldenState, TodaysCodeWritesTheGoldenFiles) {
  const GameEntry* entry = Games().Find(GetParam());
  ASSERT_NE(entry, nullptr);
  const bool update = std::getenv("SAVANNA_UPDATE_GOLDEN") != nullptr;
  for (const auto& spec : GoldenSpecs(*entry)) {
    auto game = Games().Create(spec);
    ASSERT_TRUE(game) << game.error().message;
    const std::string path = GoldenPath(entry->info.name, spec);
    const std::string written = Text(GoldenDocument(**game));
    if (update) {
      std::filesystem::create_directories(std::filesystem::path(path).parent_path());
      auto wrote = WriteTextFileAtomic(path, written);
      ASSERT_TRUE(wrote) << wrote.error().message;
      continue;
    }
    auto golden = ReadTextFile(path);
    ASSERT_TRUE(golden) << golden.error().message;
    EXPECT_TRUE(*golden == written) << spec << ": the output differs from " << path;
  }
}

TEST_P(GoldenState, GoldenStatesReadBackIdentically) {
  const GameEntry* entry = Games().Find(GetParam());
  ASSERT_NE(entry, nullptr);
  for (const auto& spec : GoldenSpecs(*entry)) {
    const std::string path = GoldenPath(entry->info.name, spec);
    auto doc = ReadJsonFile(path);
    ASSERT_TRUE(doc) << doc.error().message;
    auto game = Games().Create((*doc)["spec"].get<std::string>());
    ASSERT_TRUE(game) << game.error().message;
    for (const Json& snapshot : (*doc)["snapshots"]) {
      const std::string where = path + " move " + snapshot["move"].dump();
      auto state = (*game)->StateFromJson(snapshot["state"]);
      ASSERT_TRUE(state) << where << ": " << state.error().message;
      EXPECT_EQ(Text((*state)->ToJson()), Text(snapshot["state"])) << where;
      EXPECT_EQ(Text(Views(**state)), Text(snapshot["views"])) << where;
    }
  }
}

std::vector<std::string> GameNames() {
  std::vector<std::string> names;
  for (const auto& entry : Games().entries()) names.push_back(entry.info.name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(Games, GoldenState, testing::ValuesIn(GameNames()),
                         [](const auto& param_info) { return param_info.param; });

}  // namespace
}  // namespace savanna
