// The conformance suite catches broken games: each deliberate flaw of sealed_bids fails it with
// a message naming the broken contract and how to rerun the game; the flawless game passes.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <string>

#include "conformance/conformance.h"
#include "testing/sealed_bids.h"
#include "testing/test_games.h"

namespace savanna::conformance {
namespace {

using testing::SealedBidsEntry;
using testing::SealedBidsFlaw;

constexpr const char* kSpec = "sealed_bids(cards=5,players=3)";

Options FewGames() {
  Options options;
  options.games = 40;
  options.full_check_games = 20;
  return options;
}

Report RunFlawed(SealedBidsFlaw flaw) {
  GameRegistry registry;
  registry.Add(SealedBidsEntry(flaw));
  return RunConformance(registry, kSpec, FewGames());
}

TEST(ConformanceSelfTest, FlawlessGamePasses) {
  const Report report = RunConformance(testing::TestGames(), kSpec, FewGames());
  EXPECT_TRUE(report.failures.empty()) << report.failures.front();
  EXPECT_EQ(report.games, 40);
  EXPECT_GT(report.full_steps, 20 * 15);
  EXPECT_GT(report.varied_determinizations, 0);
}

struct FlawCase {
  SealedBidsFlaw flaw;
  std::string expected;  // part of the first failure message
};

void PrintTo(const FlawCase& c, std::ostream* out) { *out << "flaw " << int(c.flaw); }

class ConformanceFlaw : public ::testing::TestWithParam<FlawCase> {};

TEST_P(ConformanceFlaw, IsCaught) {
  const Report report = RunFlawed(GetParam().flaw);
  ASSERT_FALSE(report.failures.empty());
  const std::string& failure = report.failures.front();
  EXPECT_NE(failure.find(GetParam().expected), std::string::npos) << failure;
  if (GetParam().flaw != SealedBidsFlaw::kDeterminizeOnlyReseeds) {
    // Enough to reproduce: the spec, the game, its seed and the way to rerun it.
    EXPECT_NE(failure.find(kSpec), std::string::npos) << failure;
    EXPECT_NE(failure.find("(seed 0x"), std::string::npos) << failure;
    EXPECT_NE(failure.find("SAVANNA_CONFORMANCE_GAME="), std::string::npos) << failure;
  }
}

INSTANTIATE_TEST_SUITE_P(
    , ConformanceFlaw,
    ::testing::Values(
        FlawCase{SealedBidsFlaw::kViewShowsPendingBids, "can tell player"},
        FlawCase{SealedBidsFlaw::kViewShowsPrizeOrder, "Determinize() changed View()"},
        FlawCase{SealedBidsFlaw::kLastSubmitterWinsTies, "order of simultaneous submissions"},
        FlawCase{SealedBidsFlaw::kAcceptsCardsNotInHand, "(not legal) was accepted"},
        FlawCase{SealedBidsFlaw::kDeterminizeKeepsRng, "kept the true RNG state"},
        FlawCase{SealedBidsFlaw::kDeterminizeOnlyReseeds, "determinizations differed"},
        FlawCase{SealedBidsFlaw::kDeterminizeFollowsOrder, "depends on what the viewer cannot see"},
        FlawCase{SealedBidsFlaw::kLoadForgetsPending, "round trip differs"},
        FlawCase{SealedBidsFlaw::kStructuredBidsAlike, "is that of another legal action too"},
        FlawCase{SealedBidsFlaw::kTensorShowsPendingBids,
                 "Determinize() changed ObservationTensor"},
        FlawCase{SealedBidsFlaw::kTensorWritesPastShape, "writes past its shape"},
        FlawCase{SealedBidsFlaw::kTensorSkipsSlot, "unwritten"}),
    [](const auto& param_info) { return "Flaw" + std::to_string(param_info.index); });

// The rerun hint of a failure replays exactly that game, to the same failure.
TEST(ConformanceSelfTest, RerunHintReproducesTheFailure) {
  const Report full = RunFlawed(SealedBidsFlaw::kLastSubmitterWinsTies);
  ASSERT_FALSE(full.failures.empty());
  const std::string& failure = full.failures.front();
  const std::string key = "SAVANNA_CONFORMANCE_GAME=";
  const size_t at = failure.find(key);
  ASSERT_NE(at, std::string::npos) << failure;
  const int game = std::atoi(failure.c_str() + at + key.size());
  ASSERT_LT(game, FewGames().full_check_games) << "that game was only sampled";
  GameRegistry registry;
  registry.Add(SealedBidsEntry(SealedBidsFlaw::kLastSubmitterWinsTies));
  Options options = FewGames();
  options.only_game = game;
  const Report one = RunConformance(registry, kSpec, options);
  EXPECT_EQ(one.games, 1);
  ASSERT_EQ(one.failures.size(), 1u);
  EXPECT_EQ(one.failures[0], failure);
}

TEST(ConformanceSelfTest, UnknownSpecFails) {
  const Report report = RunConformance(testing::TestGames(), "no_such_game", FewGames());
  ASSERT_EQ(report.failures.size(), 1u);
  EXPECT_NE(report.failures[0].find("cannot create"), std::string::npos);
}

TEST(ConformanceSelfTest, ConfigurationsHaveUniqueTestNames) {
  const auto configs = Configurations({&testing::TestGames(), &testing::TestGames()});
  const auto specs = testing::TestGames().TestConfigurations(testing::TestGames().entries()[0]);
  ASSERT_EQ(configs.size(), 2 * specs.size());
  std::set<std::string> names;
  for (const auto& c : configs) {
    EXPECT_TRUE(names.insert(c.name).second) << c.name;
    EXPECT_EQ(c.name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_"), std::string::npos)
        << c.name;
  }
  EXPECT_EQ(configs[0].name, "sealed_bids_cards_5_players_2");
}

TEST(ConformanceSelfTest, OptionsFromEnvironment) {
  const char* saved = std::getenv("SAVANNA_CONFORMANCE_GAMES");
  const std::string saved_value = saved ? saved : "";
  ::setenv("SAVANNA_CONFORMANCE_GAMES", "17", 1);
  auto options = OptionsFromEnvironment();
  ASSERT_TRUE(options);
  EXPECT_EQ(options->games, 17);
  ::setenv("SAVANNA_CONFORMANCE_GAMES", "lots", 1);
  options = OptionsFromEnvironment();
  ASSERT_FALSE(options);
  EXPECT_NE(options.error().message.find("SAVANNA_CONFORMANCE_GAMES"), std::string::npos);
  ::unsetenv("SAVANNA_CONFORMANCE_GAMES");
  options = OptionsFromEnvironment();
  ASSERT_TRUE(options);
  EXPECT_EQ(options->games, kDefaultGames);
  // A game's own number of games applies unless the environment sets one.
  options = OptionsFromEnvironment(300);
  ASSERT_TRUE(options);
  EXPECT_EQ(options->games, 300);
  ::setenv("SAVANNA_CONFORMANCE_GAMES", "17", 1);
  options = OptionsFromEnvironment(300);
  ASSERT_TRUE(options);
  EXPECT_EQ(options->games, 17);
  ::unsetenv("SAVANNA_CONFORMANCE_GAMES");
  EXPECT_EQ(options->only_game, -1);
  ::setenv("SAVANNA_CONFORMANCE_GAME", "12", 1);
  options = OptionsFromEnvironment();
  ASSERT_TRUE(options);
  EXPECT_EQ(options->only_game, 12);
  ::unsetenv("SAVANNA_CONFORMANCE_GAME");
  if (saved) ::setenv("SAVANNA_CONFORMANCE_GAMES", saved_value.c_str(), 1);
}

}  // namespace
}  // namespace savanna::conformance
