// Runs the conformance suite over every configuration of every real game (Games()) and of the
// test-only games (TestGames()): one test per configuration.
#include "conformance/conformance.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

#include "games/registry.h"
#include "testing/test_games.h"

namespace savanna::conformance {

// gtest prints a failing test's parameter with this.
void PrintTo(const Configuration& config, std::ostream* out) { *out << config.spec; }

namespace {

class Conformance : public ::testing::TestWithParam<Configuration> {};

TEST_P(Conformance, RandomGames) {
  const Configuration& config = GetParam();
  auto options = OptionsFromEnvironment(config.games);
  ASSERT_TRUE(options) << options.error().message;
  const auto start = std::chrono::steady_clock::now();
  const Report report = RunConformance(*config.registry, config.spec, *options);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "%s: %d games, %lld steps (%lld fully checked), %lld determinizations "
      "(%lld varied), %.1f s\n",
      config.spec.c_str(), report.games, static_cast<long long>(report.steps),
      static_cast<long long>(report.full_steps), static_cast<long long>(report.determinizations),
      static_cast<long long>(report.varied_determinizations), seconds);
  for (const std::string& failure : report.failures) ADD_FAILURE() << failure;
  EXPECT_GT(report.steps, 0) << config.spec;
}

std::vector<Configuration> AllConfigurations() {
  return Configurations({&Games(), &testing::TestGames()});
}

INSTANTIATE_TEST_SUITE_P(, Conformance, ::testing::ValuesIn(AllConfigurations()),
                         [](const auto& param_info) { return param_info.param.name; });

// A game whose factory rejects every configuration would silently escape the suite.
TEST(ConformanceSetup, EveryGameHasConfigurations) {
  for (const GameRegistry* registry : {&Games(), &testing::TestGames()})
    for (const GameEntry& entry : registry->entries())
      EXPECT_FALSE(registry->TestConfigurations(entry).empty()) << entry.info.name;
}

}  // namespace
}  // namespace savanna::conformance
