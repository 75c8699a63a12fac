// Game records and state documents: JSON round trips, validation errors that name the field,
// replay, and detection of a record whose stored result does not match its actions.
#include "core/record.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "testing/expect_error.h"
#include "testing/test_games.h"

namespace savanna {
namespace {

using testing::TestGames;

struct PlayedGame {
  GameRecord record;
  std::vector<uint64_t> hashes;  // after each action
};

// Plays random legal actions from `seed` for at most `max_actions` actions.
PlayedGame Play(const std::string& spec, uint64_t seed, int max_actions = 1000) {
  auto game = *TestGames().Create(spec);
  auto state = game->NewInitialState(seed);
  PlayedGame played;
  played.record.game = game->name();
  played.record.params = game->params().ToJson();
  played.record.seed = seed;
  played.record.seats.assign(size_t(game->NumPlayers()), "random");
  Rng rng(seed + 1);
  ActionList legal;
  for (int i = 0; i < max_actions && !state->IsTerminal(); ++i) {
    const Player p = state->PlayersToAct().First();
    state->LegalActions(p, legal);
    const Action a = legal[int(rng.Below(uint32_t(legal.Size())))];
    played.record.actions.push_back({p, state->ActionToString(p, a)});
    state->ApplyUnchecked(p, a);
    played.hashes.push_back(state->Hash());
  }
  played.record.result = ResultJson(*state);
  return played;
}

using testing::ExpectError;

TEST(GameRecord, JsonRoundTrip) {
  const GameRecord record = Play("sealed_bids(players=3)", 11).record;
  const Json json = record.ToJson();
  EXPECT_EQ(json["format"], GameRecord::kFormat);
  EXPECT_EQ(json["game"], "sealed_bids");
  EXPECT_EQ(json["actions"].size(), 15u);
  EXPECT_EQ(json["actions"][0]["action"].get<std::string>().rfind("bid ", 0), 0u);
  auto back = GameRecord::FromJson(Json::parse(json.dump()));
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(back->game, record.game);
  EXPECT_EQ(back->params, record.params);
  EXPECT_EQ(back->seed, record.seed);
  EXPECT_EQ(back->seats, record.seats);
  EXPECT_EQ(back->actions, record.actions);
  EXPECT_EQ(back->result, record.result);
}

TEST(GameRecord, LargeSeedsSurvive) {
  GameRecord record = Play("sealed_bids", 1, 0).record;
  record.seed = 0xfedcba9876543210ULL;
  auto back = GameRecord::FromJson(Json::parse(record.ToJson().dump()));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->seed, 0xfedcba9876543210ULL);
}

TEST(GameRecord, RejectsOtherFormatVersions) {
  Json json = Play("sealed_bids", 12).record.ToJson();
  json["format"] = GameRecord::kFormat + 1;
  ExpectError(GameRecord::FromJson(json), ErrorCode::kBadData,
              "format 2 is not supported (this program reads format 1)");
}

TEST(GameRecord, MissingFieldsAreNamed) {
  const Json good = Play("sealed_bids", 13).record.ToJson();
  for (const char* field : {"format", "game", "params", "seed", "actions"}) {
    Json json = good;
    json.erase(field);
    ExpectError(GameRecord::FromJson(json), ErrorCode::kBadData,
                "field '" + std::string(field) + "'");
  }
  // Seats and result are optional: an unfinished game has no result.
  Json json = good;
  json.erase("seats");
  json.erase("result");
  auto record = GameRecord::FromJson(json);
  ASSERT_TRUE(record) << record.error().message;
  EXPECT_TRUE(record->result.is_null());
}

TEST(GameRecord, SeedsBuiltInCodeAreAccepted) {
  Json json = Play("sealed_bids", 14).record.ToJson();
  json["seed"] = 5;  // a signed integer, as code that builds a record writes it
  auto record = GameRecord::FromJson(json);
  ASSERT_TRUE(record) << record.error().message;
  EXPECT_EQ(record->seed, 5u);
}

TEST(GameRecord, WrongTypesAreNamed) {
  const Json good = Play("sealed_bids", 14).record.ToJson();
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"format": "1"})", "field 'format'"},
      {R"({"game": 3})", "field 'game'"},
      {R"({"params": [2]})", "field 'params'"},
      {R"({"seed": -1})", "field 'seed'"},
      {R"({"seed": "12"})", "field 'seed'"},
      {R"({"seats": "random"})", "field 'seats'"},
      {R"({"seats": [1, 2]})", "field 'seats'"},
      {R"({"actions": {}})", "field 'actions'"},
      {R"({"actions": [{"player": 9, "action": "bid 1"}]})", "actions[0]: field 'player'"},
      {R"({"actions": [{"player": 0, "action": 1}]})", "actions[0]: field 'action'"},
      {R"({"actions": [{"action": "bid 1"}]})", "actions[0]: missing field 'player'"},
  };
  for (const auto& [patch, words] : cases) {
    Json json = good;
    json.merge_patch(Json::parse(patch));
    ExpectError(GameRecord::FromJson(json), ErrorCode::kBadData, words);
  }
  ExpectError(GameRecord::FromJson(Json::array()), ErrorCode::kBadData, "record: ");
}

TEST(Replay, ReproducesEveryState) {
  const PlayedGame played = Play("sealed_bids(players=4,cards=6)", 15);
  std::vector<uint64_t> hashes;
  std::vector<size_t> indices;
  auto replay = Replay(TestGames(), played.record, [&](size_t i, const State& s) {
    indices.push_back(i);
    hashes.push_back(s.Hash());
  });
  ASSERT_TRUE(replay) << replay.error().message;
  EXPECT_EQ(hashes, played.hashes);
  ASSERT_EQ(indices.size(), 24u);
  EXPECT_EQ(indices.back(), 23u);
  EXPECT_TRUE(replay->state->IsTerminal());
  EXPECT_EQ(replay->game->Spec(), "sealed_bids(cards=6,players=4)");
  EXPECT_EQ(ResultJson(*replay->state), played.record.result);
}

TEST(Replay, UnfinishedGameWithoutResult) {
  const PlayedGame played = Play("sealed_bids(players=3)", 16, 7);
  EXPECT_TRUE(played.record.result.is_null());
  auto replay = Replay(TestGames(), played.record);
  ASSERT_TRUE(replay) << replay.error().message;
  EXPECT_EQ(replay->state->Hash(), played.hashes.back());
  EXPECT_EQ(replay->state->MoveNumber(), 7);
}

TEST(Replay, DetectsATamperedResult) {
  const GameRecord good = Play("sealed_bids(players=3)", 17).record;
  ASSERT_TRUE(Replay(TestGames(), good));
  GameRecord tampered = good;
  tampered.result["scores"][0] = tampered.result["scores"][0].get<double>() + 1;
  ExpectError(Replay(TestGames(), tampered), ErrorCode::kBadData, "stored result differs");
  tampered = good;
  tampered.result["winners"] = Json::array({0, 1, 2});
  ExpectError(Replay(TestGames(), tampered), ErrorCode::kBadData, "stored result differs");
  // A finished game's result on a record whose last action was dropped.
  tampered = good;
  tampered.actions.pop_back();
  ExpectError(Replay(TestGames(), tampered), ErrorCode::kBadData, "stored result differs");
}

TEST(Replay, BadActionsAreNamedByIndex) {
  const GameRecord good = Play("sealed_bids(players=2)", 18).record;
  GameRecord record = good;
  record.actions[3].action = "bid 99";
  ExpectError(Replay(TestGames(), record), ErrorCode::kIllegalAction,
              "record: actions[3]: 'bid 99' is not a legal action");
  // Playing a card twice: the second time it is no longer in hand.
  record = good;
  record.actions[2] = record.actions[0];
  record.actions[3] = record.actions[1];
  ExpectError(Replay(TestGames(), record), ErrorCode::kIllegalAction, "record: actions[2]");
  record = good;
  record.actions[0].player = 2;
  ExpectError(Replay(TestGames(), record), ErrorCode::kInvalidArgument, "record: actions[0]");
  record = good;
  record.game = "nosuch";
  ExpectError(Replay(TestGames(), record), ErrorCode::kNotFound, "unknown game 'nosuch'");
  record = good;
  record.params = {{"players", 7}};
  ExpectError(Replay(TestGames(), record), ErrorCode::kInvalidArgument, "'players'");
}

TEST(ResultJson, OnlyForFinishedGames) {
  auto game = *TestGames().Create("sealed_bids(players=3,cards=1)");
  auto state = game->NewInitialState(19);
  EXPECT_TRUE(ResultJson(*state).is_null());
  for (Player p = 0; p < 3; ++p) ASSERT_TRUE(state->Apply(p, 0));
  ASSERT_TRUE(state->IsTerminal());
  // Everyone bid 1: nobody took the only prize, so all three tie.
  const Json result = ResultJson(*state);
  EXPECT_EQ(result["scores"], Json::array({0.0, 0.0, 0.0}));
  EXPECT_EQ(result["winners"], Json::array({0, 1, 2}));
  ASSERT_EQ(result["returns"].size(), 3u);
  EXPECT_DOUBLE_EQ(result["returns"][0].get<double>(), 1.0 / 3);
}

TEST(StateDocument, RoundTrip) {
  auto game = *TestGames().Create("sealed_bids(players=3)");
  auto state = game->NewInitialState(20);
  ASSERT_TRUE(state->Apply(1, 2));
  const Json document = StateDocument(*state);
  EXPECT_EQ(document["game"], "sealed_bids");
  EXPECT_EQ(document["params"], game->params().ToJson());
  auto loaded = LoadStateDocument(TestGames(), Json::parse(document.dump()));
  ASSERT_TRUE(loaded) << loaded.error().message;
  EXPECT_EQ(loaded->state->Hash(), state->Hash());
  EXPECT_EQ(loaded->game->Spec(), game->Spec());
}

TEST(StateDocument, ErrorsNameTheField) {
  auto game = *TestGames().Create("sealed_bids");  // must outlive its states
  auto state = game->NewInitialState(21);
  const Json good = StateDocument(*state);
  for (const char* field : {"game", "params", "state"}) {
    Json document = good;
    document.erase(field);
    ExpectError(LoadStateDocument(TestGames(), document), ErrorCode::kBadData,
                "state document: missing field '" + std::string(field) + "'");
  }
  Json document = good;
  document["state"]["round"] = 99;
  ExpectError(LoadStateDocument(TestGames(), document), ErrorCode::kBadData,
              "state document: state: field 'round'");
  document = good;
  document["game"] = "nosuch";
  ExpectError(LoadStateDocument(TestGames(), document), ErrorCode::kNotFound, "nosuch");
}

}  // namespace
}  // namespace savanna
