// Merging the statistics of shares of a run (what the MPI ranks do): exact sums that do not
// depend on the order or grouping of their terms, and shares played by RunSimulationPart that
// merge into exactly the statistics of the whole run, for any number of shares.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/rng.h"
#include "games/registry.h"
#include "sim/exact_sum.h"
#include "sim/simulation_part.h"

namespace savanna {
namespace {

// Terms as games give them: shared wins (1/3, 1/5, 1/6), halves, whole and negative scores.
std::vector<double> GameLikeTerms(int n, uint64_t seed) {
  const double kinds[] = {1.0 / 3, 1.0 / 5, 1.0 / 6, 0.5, 1, 0, 17, -4, 1.0 / 7, 250};
  Rng rng(seed);
  std::vector<double> terms;
  for (int i = 0; i < n; ++i) terms.push_back(kinds[rng.Below(10)]);
  return terms;
}

TEST(ExactSumTest, AnyOrderAndGroupingGivesTheSameBits) {
  const std::vector<double> terms = GameLikeTerms(5000, 8);
  ExactSum forward;
  for (double t : terms) forward.Add(t);
  std::vector<double> shuffled = terms;
  std::reverse(shuffled.begin(), shuffled.end());
  std::rotate(shuffled.begin(), shuffled.begin() + 1234, shuffled.end());
  ExactSum backward;
  for (double t : shuffled) backward.Add(t);
  EXPECT_TRUE(forward == backward);
  EXPECT_EQ(forward.value(), backward.value());
  for (size_t parts : {2u, 3u, 7u}) {
    ExactSum merged;
    for (size_t p = 0; p < parts; ++p) {
      ExactSum part;
      for (size_t i = terms.size() * p / parts; i < terms.size() * (p + 1) / parts; ++i)
        part.Add(terms[i]);
      merged.Merge(part);
    }
    EXPECT_TRUE(merged == forward) << parts << " parts";
    EXPECT_EQ(merged.value(), forward.value()) << parts << " parts";
  }
}

TEST(ExactSumTest, IsTheExactSumRoundedOnce) {
  // 2^53 + 1 + 1: adding in turn rounds the 1 away twice; the exact sum is 2^53 + 2.
  const double big = 9007199254740992.0;
  ExactSum sum;
  for (double t : {big, 1.0, 1.0}) sum.Add(t);
  EXPECT_EQ(sum.value(), big + 2);
  EXPECT_NE((big + 1.0) + 1.0, big + 2);
  // Three thirds: the exact sum of the three doubles, 1 - 2^-54, rounds (to even) to 1.
  ExactSum thirds;
  for (int i = 0; i < 3; ++i) thirds.Add(1.0 / 3);
  EXPECT_EQ(thirds.value(), 1.0);
  ExactSum cancel;
  for (double t : {0.1, -0.1, 2.5, -2.5}) cancel.Add(t);
  EXPECT_EQ(cancel.value(), 0.0);
}

TEST(ExactSumTest, SavesAndLoadsExactly) {
  ExactSum sum;
  for (double t : GameLikeTerms(300, 2)) sum.Add(-t);
  ByteWriter out;
  sum.Save(out);
  ByteReader in(out.str());
  ExactSum loaded;
  loaded.Load(in);
  EXPECT_TRUE(in.ok() && in.at_end());
  EXPECT_TRUE(loaded == sum);
}

// Appending the deals of a later block numbers the patterns as adding each deal would, also when
// the later block brings patterns that widen the ids past one byte.
TEST(DealPatternsMergeTest, AppendEqualsAddingEveryDeal) {
  auto pattern = [](int a, int b) { return PairwiseWins{{0, double(a) / 2}, {double(b) / 2, 0}}; };
  for (int split : {0, 1, 150, 700, 1000}) {
    DealPatterns all, first, later;
    for (int d = 0; d < 1000; ++d) {
      const PairwiseWins m = pattern((d * 7) % 600, d % 3);
      all.Add(m);
      (d < split ? first : later).Add(m);
    }
    first.Append(later);
    ASSERT_EQ(first.size(), all.size()) << split;
    EXPECT_EQ(first.patterns(), all.patterns()) << split;
    for (int64_t d = 0; d < all.size(); ++d) ASSERT_EQ(first.Id(d), all.Id(d)) << split;
  }
}

SimConfig MergeConfig(std::vector<std::string> agents) {
  SimConfig config;
  config.game_spec = "kalimambo(players=5)";  // three-way ties: returns of 1/3
  config.agents = std::move(agents);
  config.games = 600;
  config.seed = 77;
  config.threads = 2;
  config.bootstrap = 40;
  return config;
}

// The result of playing the run in `parts` shares, merged in order and finished.
SimResult PlayInShares(const SimConfig& config, int parts, std::string& csv) {
  std::optional<SimPart> whole;
  csv.clear();
  SimControl control;
  control.on_game = [&csv](const SimResult& run, const GameOutcome& outcome) {
    csv += CsvRow(run.agents, outcome);
  };
  for (int index = 0; index < parts; ++index) {
    auto part = RunSimulationPart(Games(), config, control, SimShare{index, parts});
    EXPECT_TRUE(part.has_value()) << part.error().message;
    if (!part) return {};
    if (!whole) {
      whole.emplace(std::move(*part));
      continue;
    }
    EXPECT_TRUE(whole->stats.CanMerge(part->stats)) << index;
    whole->stats.Merge(part->stats);
  }
  whole->stats.Finish(whole->run, config.bootstrap);
  return whole->run;
}

TEST(SimMergeTest, SharesMergeIntoExactlyTheWholeRun) {
  for (const auto& agents :
       std::vector<std::vector<std::string>>{{"random"}, {"random", "greedy"}}) {
    const SimConfig config = MergeConfig(agents);
    std::string whole_csv;
    const SimResult whole = PlayInShares(config, 1, whole_csv);
    EXPECT_NE(whole_csv.find(",0.3333333333"), std::string::npos) << "no shared win to test";
    const std::string expected = SimResultToJson(whole).dump();
    for (int parts : {2, 3, 5, 250}) {  // 250: more shares than deals (some are empty)
      std::string csv;
      const SimResult merged = PlayInShares(config, parts, csv);
      EXPECT_TRUE(SimResultToJson(merged).dump() == expected) << parts << " shares: JSON";
      EXPECT_TRUE(csv == whole_csv) << parts << " shares: CSV";
    }
  }
}

TEST(SimMergeTest, OutOfOrderOrPartialDealsAreNotMergeable) {
  const SimConfig config = MergeConfig({"random", "greedy"});
  SimControl control;
  auto first = RunSimulationPart(Games(), config, control, SimShare{0, 3});
  auto last = RunSimulationPart(Games(), config, control, SimShare{2, 3});
  ASSERT_TRUE(first && last);
  EXPECT_FALSE(first->stats.CanMerge(last->stats));                 // the middle share is missing
  SimAccumulator other_shape(3, 5, 1, true, first->stats.games());  // 3 slots, not 2
  EXPECT_FALSE(first->stats.CanMerge(other_shape));
}

TEST(SimMergeTest, ShareOutsideTheRunOrWithACheckpointIsRefused) {
  const SimConfig config = MergeConfig({"random"});
  SimControl control;
  EXPECT_FALSE(RunSimulationPart(Games(), config, control, SimShare{3, 3}));
  EXPECT_FALSE(RunSimulationPart(Games(), config, control, SimShare{0, 0}));
  control.checkpoint = [](const SimResult&, const SimAccumulator&) { return Result<void>(); };
  auto refused = RunSimulationPart(Games(), config, control, SimShare{0, 2});
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("one process"), std::string::npos);
}

}  // namespace
}  // namespace savanna
