// Every registered game's views and structured actions against its JSON Schema,
// schemas/<game>.json, field by field both ways (testing/schema_check.h): in random games of every
// test configuration (each player count and variant, GameRegistry::TestConfigurations), every
// seat's and the spectator's view at every step and the structured and public forms of every
// legal action must be valid, and together they must reach everything the schema describes. So a
// field a view gains and the schema lacks fails here, and so does a field, an enum value or a type
// the schema keeps after no view has it any more. (The UI's TypeScript types are generated from
// the same schemas: docs/web.md, "Types from the schemas".)
// The games are played by seats of four styles (at random, by the game's rollout policy, always the
// first or always the last legal action) until the schema is covered; SAVANNA_SCHEMA_GAMES=N
// plays exactly N games per configuration.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/action_list.h"
#include "core/rng.h"
#include "games/registry.h"
#include "testing/schema_check.h"

namespace savanna {
namespace {

using testing::SchemaCoverage;
using testing::SchemaSet;

// Games per configuration: every game plays at least kMinGames (each style alone, then each seat
// in each style once), then more until the schema is covered, at most kMaxGames.
constexpr int kMinGames = 8;
constexpr int kMaxGames = 64;
// Schema files that describe no game: the shared types and the server's messages.
const std::set<std::string> kNotGames = {"common.json", "messages.json"};

// SAVANNA_SCHEMA_GAMES=N: exactly N games per configuration (0: as above).
int FixedGames() {
  const char* text = std::getenv("SAVANNA_SCHEMA_GAMES");
  return text ? std::max(0, std::atoi(text)) : 0;
}

std::vector<std::string> RegisteredNames() {
  std::vector<std::string> names;
  for (const auto& entry : Games().entries()) names.push_back(entry.info.name);
  return names;
}

// How a seat picks its action: four styles of play, so that the games reach what uniformly random
// play does not (an attack that forces a retreat comes from an eager player, a game that runs out
// of cards from players who never bid or build): 0 at random, 1 by the game's rollout policy (at
// random without one), 2 the first legal action, 3 the last one.
constexpr int kStyles = 4;
Action Pick(int style, const Game& game, const State& state, Player p, const ActionList& legal,
            Rng& rng) {
  const RolloutPolicy* policy = game.rollout_policy();
  if (style == 1 && policy) return policy->Choose(state, p, legal, rng);
  if (style == 2) return legal[0];
  if (style == 3) return legal[legal.Size() - 1];
  return legal[int(rng.Below(uint32_t(legal.Size())))];
}

const GameEntry& EntryOf(const std::string& name) {
  for (const auto& entry : Games().entries())
    if (entry.info.name == name) return entry;
  std::abort();
}

// One game's views and actions checked against its schema, with what they reached.
class SchemaWalk {
 public:
  SchemaWalk(const SchemaSet& schemas, const std::string& game)
      : schemas_(schemas),
        view_(game + ".json#/definitions/view"),
        action_(game + ".json#/definitions/action") {}

  // Plays game `g` of configuration `spec` (seeded by `seed`) to its end, checking every view of
  // every step and the structured and public forms of every legal action.
  void Play(const Game& game, const std::string& spec, uint64_t seed, int g) {
    Rng rng(seed);
    auto state = game.NewInitialState(seed);
    ActionList legal;
    for (int step = 0;; ++step) {
      const auto where = [&] {
        return spec + " seed " + std::to_string(seed) + " step " + std::to_string(step);
      };
      for (Player viewer = kSpectator; viewer < state->NumPlayers(); ++viewer, ++views_)
        Check(view_, "common.json#/definitions/viewHeader", state->View(viewer), [&] {
          return where() + " view of " +
                 (viewer == kSpectator ? "the spectator" : "P" + std::to_string(viewer));
        });
      if (state->IsTerminal()) break;
      for (Player p : state->PlayersToAct()) {
        state->LegalActions(p, legal);
        for (Action a : legal) {
          const auto text = [&] { return where() + " '" + state->ActionToString(p, a) + "'"; };
          Check(action_, "common.json#/definitions/structuredAction", state->StructuredAction(p, a),
                text);
          Check(action_, "common.json#/definitions/structuredAction",
                state->PublicStructuredAction(p, a), [&] { return text() + " (public)"; });
          actions_ += 2;
        }
      }
      // The first kStyles games: every seat plays style g; then seat p plays style g + p.
      const Player p = state->PlayersToAct().First();
      state->LegalActions(p, legal);
      state->ApplyUnchecked(p,
                            Pick((g < kStyles ? g : g + p) % kStyles, game, *state, p, legal, rng));
    }
  }

  const std::vector<std::string>& problems() const { return problems_; }
  // What the schema describes that no view or action checked so far held.
  std::vector<std::string> Unreached() const {
    auto out = schemas_.Unreached(view_, coverage_);
    for (auto& line : schemas_.Unreached(action_, coverage_)) out.push_back(std::move(line));
    return out;
  }
  std::string Counts() const {
    return std::to_string(views_) + " views and " + std::to_string(actions_) +
           " structured actions";
  }

 private:
  // Checks `value` against `ref` and the common definition `shared`, keeping the first problems.
  template <class Where>
  void Check(const std::string& ref, const std::string& shared, const Json& value,
             const Where& where) {
    auto found = schemas_.Check(ref, value, coverage_);
    for (auto& p : schemas_.Check(shared, value, shared_coverage_)) found.push_back(std::move(p));
    for (const auto& p : found)
      if (problems_.size() < 20) problems_.push_back(where() + ": " + p + "\n    " + value.dump());
  }

  const SchemaSet& schemas_;
  const std::string view_, action_;
  SchemaCoverage coverage_, shared_coverage_;
  std::vector<std::string> problems_;
  int64_t views_ = 0, actions_ = 0;
};

class ViewSchema : public ::testing::TestWithParam<std::string> {};

TEST_P(ViewSchema, ViewsAndActionsMatchTheSchemaFieldByField) {
  const std::string game = GetParam();
  auto schemas = SchemaSet::Load(SAVANNA_SCHEMA_DIR);
  ASSERT_TRUE(schemas) << schemas.error().message;
  ASSERT_TRUE(schemas->Has(game + ".json")) << "schemas/" << game << ".json is missing";
  const auto specs = Games().TestConfigurations(EntryOf(game));
  std::vector<std::shared_ptr<const Game>> created;
  for (const auto& spec : specs) {
    auto made = Games().Create(spec);
    ASSERT_TRUE(made) << spec;
    created.push_back(*made);
  }
  // Rounds of one game per configuration: at least kMinGames, then until the schema is covered,
  // at most kMaxGames (or SAVANNA_SCHEMA_GAMES rounds exactly).
  SchemaWalk walk(*schemas, game);
  const int fixed = FixedGames();
  int rounds = 0;
  std::vector<std::string> unreached;
  for (int g = 0; g < (fixed ? fixed : kMaxGames); ++g) {
    for (size_t c = 0; c < specs.size(); ++c)
      walk.Play(*created[c], specs[c], c * 1000 + uint64_t(g) + 1, g);
    rounds = g + 1;
    if (!walk.problems().empty()) break;
    if (fixed || rounds < kMinGames) continue;
    unreached = walk.Unreached();
    if (unreached.empty()) break;
  }
  for (const auto& p : walk.problems()) ADD_FAILURE() << p;
  ASSERT_TRUE(walk.problems().empty()) << "views or actions the schema does not describe";
  unreached = walk.Unreached();
  for (const auto& u : unreached) ADD_FAILURE() << "schemas/" << u;
  EXPECT_TRUE(unreached.empty()) << "schemas/" << game << ".json describes more than the "
                                 << walk.Counts() << " of " << specs.size() << " configurations x "
                                 << rounds << " games hold";
  std::cout << "[ checked  ] " << walk.Counts() << " of " << specs.size() << " configurations x "
            << rounds << " games\n";
}

INSTANTIATE_TEST_SUITE_P(, ViewSchema, ::testing::ValuesIn(RegisteredNames()),
                         [](const ::testing::TestParamInfo<std::string>& game) {
                           return game.param;
                         });

// Every game schema describes a registered game: none is left behind when a game goes.
TEST(ViewSchemaFiles, EveryGameSchemaIsARegisteredGame) {
  auto schemas = SchemaSet::Load(SAVANNA_SCHEMA_DIR);
  ASSERT_TRUE(schemas) << schemas.error().message;
  const auto names = RegisteredNames();
  for (const auto& file : schemas->Files()) {
    if (kNotGames.count(file)) continue;
    EXPECT_NE(std::find(names.begin(), names.end(), file.substr(0, file.size() - 5)), names.end())
        << "schemas/" << file << " names no registered game";
  }
}

}  // namespace
}  // namespace savanna
