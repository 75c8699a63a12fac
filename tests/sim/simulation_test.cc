// RunSimulation: thread-independent results, the seeding and seating contracts (tournaments
// included), the statistics, progress reports and the errors for every bad configuration.
#include "sim/simulation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <numeric>

#include "agents/agent.h"
#include "core/action_list.h"
#include "core/rng.h"
#include "games/registry.h"

namespace savanna {
namespace {

SimConfig Config(std::string spec, std::vector<std::string> agents, int64_t games, int threads) {
  SimConfig config;
  config.keep_outcomes = true;
  config.game_spec = std::move(spec);
  config.agents = std::move(agents);
  config.games = games;
  config.seed = 20240501;
  config.threads = threads;
  return config;
}

SimResult Simulate(const SimConfig& config, const ProgressFn& progress = {}) {
  auto result = RunSimulation(Games(), config, progress);
  EXPECT_TRUE(result.has_value()) << result.error().message;
  return result ? std::move(*result) : SimResult{};
}

void ExpectSameOutcomes(const SimResult& a, const SimResult& b) {
  ASSERT_EQ(a.outcomes.size(), b.outcomes.size());
  for (size_t i = 0; i < a.outcomes.size(); ++i) {
    const GameOutcome &x = a.outcomes[i], &y = b.outcomes[i];
    EXPECT_EQ(x.index, y.index);
    EXPECT_EQ(x.seed, y.seed);
    EXPECT_EQ(x.seat_agent, y.seat_agent);
    EXPECT_EQ(x.scores, y.scores) << "game " << i;
    EXPECT_EQ(x.returns, y.returns) << "game " << i;
    EXPECT_EQ(x.winners, y.winners) << "game " << i;
    EXPECT_EQ(x.length, y.length) << "game " << i;
    EXPECT_EQ(x.drama.lead_changes, y.drama.lead_changes) << "game " << i;
    EXPECT_EQ(x.drama.decided_at, y.drama.decided_at) << "game " << i;
    EXPECT_EQ(x.drama.comeback, y.drama.comeback) << "game " << i;
  }
  ASSERT_EQ(a.seats.size(), b.seats.size());
  for (size_t s = 0; s < a.seats.size(); ++s) {
    EXPECT_EQ(a.seats[s].wins, b.seats[s].wins);
    EXPECT_EQ(a.seats[s].mean_score, b.seats[s].mean_score);
  }
  EXPECT_EQ(a.mean_length, b.mean_length);
  EXPECT_EQ(a.balance.lead_changes.ci95_high, b.balance.lead_changes.ci95_high);
  EXPECT_EQ(a.balance.decided_at.mean, b.balance.decided_at.mean);
  EXPECT_EQ(a.balance.comeback_rate.count, b.balance.comeback_rate.count);
  EXPECT_EQ(a.balance.tie_rate.count, b.balance.tie_rate.count);
  EXPECT_EQ(a.balance.score_spread.sd, b.balance.score_spread.sd);
}

TEST(RunSimulationTest, SameResultForOneAndThreeThreads) {
  const SimResult one = Simulate(Config("kariba(players=3)", {"random"}, 200, 1));
  const SimResult three = Simulate(Config("kariba(players=3)", {"random"}, 200, 3));
  ExpectSameOutcomes(one, three);
}

TEST(RunSimulationTest, MoreThreadsThanGames) {
  ExpectSameOutcomes(Simulate(Config("kariba(players=2)", {"random"}, 3, 1)),
                     Simulate(Config("kariba(players=2)", {"random"}, 3, 8)));
}

TEST(RunSimulationTest, OutcomesAreInIndexOrderWithDistinctSeedsAndVaryingPlay) {
  const SimResult result = Simulate(Config("kariba(players=4)", {"random"}, 50, 2));
  ASSERT_EQ(result.outcomes.size(), 50u);
  std::vector<uint64_t> seeds;
  for (size_t i = 0; i < result.outcomes.size(); ++i) {
    EXPECT_EQ(result.outcomes[i].index, int64_t(i));
    seeds.push_back(result.outcomes[i].seed);
  }
  std::sort(seeds.begin(), seeds.end());
  EXPECT_EQ(std::unique(seeds.begin(), seeds.end()), seeds.end());
  const bool lengths_vary =
      std::any_of(result.outcomes.begin(), result.outcomes.end(),
                  [&](const GameOutcome& o) { return o.length != result.outcomes[0].length; });
  EXPECT_TRUE(lengths_vary);
}

TEST(RunSimulationTest, AnotherMasterSeedGivesOtherGames) {
  SimConfig config = Config("kariba(players=2)", {"random"}, 20, 1);
  const SimResult a = Simulate(config);
  config.seed += 1;
  const SimResult b = Simulate(config);
  int same = 0;
  for (size_t i = 0; i < a.outcomes.size(); ++i)
    same +=
        a.outcomes[i].seed == b.outcomes[i].seed || (a.outcomes[i].scores == b.outcomes[i].scores &&
                                                     a.outcomes[i].length == b.outcomes[i].length);
  EXPECT_LT(same, 5);
}

// Replays game i of a simulation by hand from the documented contract: with S seatings, game i
// is deal i / S in seating Seatings()[i % S]; its seed is DeriveSeed(master, deal), and slot
// k's agent is seeded with DeriveSeed(game seed, k).
TEST(RunSimulationTest, GamesFollowTheDocumentedSeeding) {
  for (const std::vector<std::string>& agents :
       {std::vector<std::string>{"random"}, std::vector<std::string>{"random", "random"},
        std::vector<std::string>{"random", "random", "random"}}) {
    const SimConfig config = Config("kariba(players=3)", agents, 12, 2);
    const SimResult result = Simulate(config);
    auto game = Games().Create(config.game_spec);
    ASSERT_TRUE(game.has_value());
    const int n = 3;
    const auto seatings = Seatings(int(agents.size()), n);
    ASSERT_EQ(result.seatings, seatings);
    for (const GameOutcome& outcome : result.outcomes) {
      const int64_t deal = outcome.index / int64_t(seatings.size());
      const uint64_t game_seed = DeriveSeed(config.seed, uint64_t(deal));
      EXPECT_EQ(outcome.deal, deal);
      EXPECT_EQ(outcome.seed, game_seed);
      EXPECT_EQ(outcome.seat_agent, seatings[size_t(outcome.index) % seatings.size()]);
      std::vector<std::unique_ptr<Agent>> seat_agents;
      for (int seat = 0; seat < n; ++seat) {
        const int slot = outcome.seat_agent[seat];
        auto agent = MakeAgent("random", DeriveSeed(game_seed, uint64_t(slot)));
        ASSERT_TRUE(agent.has_value());
        seat_agents.push_back(std::move(*agent));
      }
      auto state = (*game)->NewInitialState(game_seed);
      int length = 0;
      while (!state->IsTerminal()) {
        const Player p = state->PlayersToAct().First();
        ASSERT_TRUE(state->Apply(p, seat_agents[p]->Choose(*state, p)).has_value());
        ++length;
      }
      EXPECT_EQ(length, outcome.length);
      const PlayerValues scores = state->Scores();
      EXPECT_EQ(outcome.scores, std::vector<double>(scores.begin(), scores.begin() + n));
    }
  }
}

TEST(RunSimulationTest, EachSlotSitsInEachSeatEquallyOften) {
  for (int players = 2; players <= 4; ++players) {
    const int64_t games = 5 * players;
    const std::string spec = "kariba(players=" + std::to_string(players) + ")";
    const SimResult result =
        Simulate(Config(spec, std::vector<std::string>(size_t(players), "random"), games, 2));
    std::vector<std::vector<int>> count(players, std::vector<int>(players, 0));
    for (const GameOutcome& o : result.outcomes) {
      ASSERT_EQ(int(o.seat_agent.size()), players);
      std::vector<int> slots = o.seat_agent;
      std::sort(slots.begin(), slots.end());
      for (int k = 0; k < players; ++k) ASSERT_EQ(slots[k], k) << "each slot once per game";
      for (int seat = 0; seat < players; ++seat) ++count[o.seat_agent[seat]][seat];
    }
    for (int slot = 0; slot < players; ++slot)
      for (int seat = 0; seat < players; ++seat)
        EXPECT_EQ(count[slot][seat], 5) << spec << " slot " << slot << " seat " << seat;
  }
}

// The seatings of a tournament: every agent sits in every seat equally often, every deal is
// played in every seating, and the number of games is rounded up to whole deals.
TEST(SeatingsTest, EveryAgentInEverySeatEquallyOften) {
  EXPECT_EQ(Seatings(1, 3), (std::vector<std::vector<int>>{{0, 1, 2}}));
  EXPECT_EQ(Seatings(2, 2), (std::vector<std::vector<int>>{{0, 1}, {1, 0}}));
  EXPECT_EQ(Seatings(3, 2),
            (std::vector<std::vector<int>>{{0, 1}, {1, 0}, {0, 2}, {2, 0}, {1, 2}, {2, 1}}));
  EXPECT_EQ(Seatings(2, 3), (std::vector<std::vector<int>>{
                                {0, 1, 0}, {1, 0, 0}, {0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 0}}));
  for (int players = 2; players <= 4; ++players)
    for (int specs = 2; specs <= 6; ++specs) {
      const auto seatings = Seatings(specs, players);
      std::vector<std::vector<int>> count(size_t(specs), std::vector<int>(size_t(players), 0));
      for (const auto& seating : seatings) {
        ASSERT_EQ(int(seating.size()), players);
        for (int seat = 0; seat < players; ++seat) ++count[size_t(seating[seat])][size_t(seat)];
      }
      for (int slot = 0; slot < specs; ++slot)
        for (int seat = 0; seat < players; ++seat)
          EXPECT_EQ(count[slot][seat], count[0][0])
              << specs << " specs, " << players << " players, slot " << slot;
    }
}

TEST(RunSimulationTest, TournamentPlaysEveryDealInEverySeating) {
  const SimResult result =
      Simulate(Config("kariba(players=2)", {"random", "random(seed=1)", "random(seed=2)"}, 10, 2));
  EXPECT_EQ(result.seatings.size(), 6u);
  EXPECT_EQ(result.deals, 2);
  EXPECT_EQ(result.games, 12);  // rounded up from 10 to whole deals
  ASSERT_EQ(result.outcomes.size(), 12u);
  for (const GameOutcome& o : result.outcomes)
    EXPECT_EQ(o.seed, result.outcomes[size_t(o.deal) * 6].seed);
  EXPECT_NE(result.outcomes[0].seed, result.outcomes[6].seed);
  ASSERT_EQ(result.ratings.size(), 3u);
  double mean = 0;
  for (const Rating& r : result.ratings) {
    mean += r.elo / 3;
    EXPECT_LE(r.ci95_low, r.elo + 1e-9);
    EXPECT_GE(r.ci95_high, r.elo - 1e-9);
  }
  EXPECT_NEAR(mean, 0.0, 1e-6);
}

TEST(RunSimulationTest, SeatAdvantageCountsEverySeatsWins) {
  const SimResult result = Simulate(Config("kariba(players=3)", {"random"}, 90, 2));
  ASSERT_EQ(result.seat_advantage.size(), 3u);
  double total = 0;
  for (int seat = 0; seat < 3; ++seat) {
    double wins = 0;
    for (const GameOutcome& o : result.outcomes) wins += o.returns[seat];
    EXPECT_NEAR(result.seat_advantage[seat].wins, wins, 1e-9);
    EXPECT_NEAR(result.seat_advantage[seat].win_rate, wins / 90, 1e-12);
    total += wins;
  }
  EXPECT_NEAR(total, 90, 1e-9);
  EXPECT_TRUE(result.ratings.empty()) << "one spec: nothing to rate";
  int64_t lengths = 0;
  for (int64_t c : result.length.counts) lengths += c;
  EXPECT_EQ(lengths, 90);
}

TEST(RunSimulationTest, WinsSumToGamesAndStatisticsMatchTheOutcomes) {
  const SimResult result =
      Simulate(Config("kariba(players=3)", {"random", "random(seed=5)", "random"}, 300, 2));
  ASSERT_EQ(result.seats.size(), 3u);
  double wins = 0;
  for (const AgentSummary& s : result.seats) {
    wins += s.wins;
    EXPECT_DOUBLE_EQ(s.win_rate, s.wins / 300.0);
    EXPECT_LE(s.ci95_low, s.win_rate);
    EXPECT_GE(s.ci95_high, s.win_rate);
    EXPECT_GT(s.wins, 0.0);
  }
  EXPECT_NEAR(wins, 300.0, 1e-9);

  std::vector<double> score_sums(3, 0.0), win_sums(3, 0.0);
  double length_sum = 0;
  for (const GameOutcome& o : result.outcomes) {
    EXPECT_NEAR(std::accumulate(o.returns.begin(), o.returns.end(), 0.0), 1.0, 1e-9);
    ASSERT_FALSE(o.winners.empty());
    for (int w : o.winners) EXPECT_NEAR(o.returns[w], 1.0 / double(o.winners.size()), 1e-12);
    for (int seat = 0; seat < 3; ++seat) {
      score_sums[o.seat_agent[seat]] += o.scores[seat];
      win_sums[o.seat_agent[seat]] += o.returns[seat];
    }
    length_sum += o.length;
  }
  for (int slot = 0; slot < 3; ++slot) {
    EXPECT_NEAR(result.seats[slot].mean_score, score_sums[slot] / 300.0, 1e-9);
    EXPECT_NEAR(result.seats[slot].wins, win_sums[slot], 1e-9);
  }
  EXPECT_NEAR(result.mean_length, length_sum / 300.0, 1e-9);
  EXPECT_EQ(result.agents, (std::vector<std::string>{"random", "random(seed=5)", "random"}));
}

TEST(RunSimulationTest, ResultDescribesTheGame) {
  const SimResult result = Simulate(Config("kariba(players=2,variant=open)", {"random"}, 4, 1));
  EXPECT_EQ(result.game_name, "kariba");
  EXPECT_EQ(result.game.rfind("kariba(", 0), 0u);
  EXPECT_NE(result.game.find("variant=open"), std::string::npos);
  EXPECT_EQ(result.params["players"], 2);
  EXPECT_EQ(result.params["variant"], "open");
  EXPECT_EQ(result.games, 4);
  EXPECT_EQ(result.seed, 20240501u);
  EXPECT_EQ(result.agents, (std::vector<std::string>{"random", "random"}));
}

TEST(RunSimulationTest, ProgressIsSerialisedMonotoneAndEndsAtTheTotal) {
  std::vector<int64_t> reports;
  int64_t total_seen = 0;
  Simulate(Config("kariba(players=2)", {"random"}, 100, 3), [&](int64_t done, int64_t total) {
    reports.push_back(done);  // no lock here: the runner serialises the calls
    total_seen = total;
  });
  ASSERT_FALSE(reports.empty());
  EXPECT_TRUE(std::is_sorted(reports.begin(), reports.end()));
  EXPECT_EQ(reports.back(), 100);
  EXPECT_EQ(total_seen, 100);
}

void ExpectError(const SimConfig& config, ErrorCode code, const std::string& needle) {
  auto result = RunSimulation(Games(), config);
  ASSERT_FALSE(result.has_value()) << needle;
  EXPECT_EQ(result.error().code, code) << result.error().message;
  EXPECT_NE(result.error().message.find(needle), std::string::npos) << result.error().message;
}

TEST(RunSimulationTest, RejectsEveryBadConfiguration) {
  ExpectError(Config("tic_tac_toe", {"random"}, 10, 1), ErrorCode::kNotFound, "tic_tac_toe");
  ExpectError(Config("kariba(players=9)", {"random"}, 10, 1), ErrorCode::kInvalidArgument,
              "players");
  ExpectError(Config("kariba(", {"random"}, 10, 1), ErrorCode::kParseError, "kariba(");
  ExpectError(Config("kariba", {"minimax"}, 10, 1), ErrorCode::kNotFound, "minimax");
  ExpectError(Config("kariba", {"random(depth=2)"}, 10, 1), ErrorCode::kInvalidArgument, "depth");
  ExpectError(Config("kariba(players=3)", std::vector<std::string>(17, "random"), 10, 1),
              ErrorCode::kInvalidArgument, "17 agent specs");
  SimConfig no_bootstrap = Config("kariba", {"random"}, 10, 1);
  no_bootstrap.bootstrap = -1;
  ExpectError(no_bootstrap, ErrorCode::kInvalidArgument, "bootstrap");
  ExpectError(Config("kariba(players=2)", {}, 10, 1), ErrorCode::kInvalidArgument, "0 agent specs");
  ExpectError(Config("kariba", {"random"}, 0, 1), ErrorCode::kInvalidArgument, "games");
  ExpectError(Config("kariba", {"random"}, -5, 1), ErrorCode::kInvalidArgument, "games");
  ExpectError(Config("kariba", {"random"}, 10, 0), ErrorCode::kInvalidArgument, "threads");
  ExpectError(Config("kariba", {"random"}, 10, 257), ErrorCode::kInvalidArgument, "threads");
}

TEST(RunSimulationTest, AcceptsTheThreadLimits) {
  EXPECT_TRUE(RunSimulation(Games(), Config("kariba(players=2)", {"random"}, 2, 256)));
  EXPECT_TRUE(RunSimulation(Games(), Config("kariba(players=2)", {"random"}, 1, 1)));
}

// An agent that plays the first legal action until its `fail_at`-th choice, then throws
// AgentError (as a Python agent whose callable raised does); it counts its calls in `calls`.
class FailingAgent final : public Agent {
 public:
  FailingAgent(std::atomic<int>* calls, int fail_at) : calls_(calls), fail_at_(fail_at) {}
  Action Choose(const State& state, Player player) override {
    if (calls_->fetch_add(1) + 1 >= fail_at_) throw AgentError("the test agent broke");
    ActionList legal;
    state.LegalActions(player, legal);
    return legal[0];
  }
  std::string Spec() const override { return "failing_test_agent"; }

 private:
  std::atomic<int>* calls_;
  int fail_at_;
};

TEST(RunSimulationTest, AnAgentThatCannotChooseStopsTheRunWithAnError) {
  for (int threads : {1, 2}) {
    static std::atomic<int> calls;
    calls = 0;
    ASSERT_TRUE(RegisterExternalAgent(
        "failing_test_agent", [](uint64_t) { return std::make_unique<FailingAgent>(&calls, 30); }));
    SimConfig config = Config("kariba(players=2)", {"failing_test_agent", "random"}, 1000, threads);
    auto result = RunSimulation(Games(), config);
    ASSERT_FALSE(result.has_value()) << threads;
    EXPECT_NE(result.error().message.find("the test agent broke"), std::string::npos)
        << result.error().message;
    EXPECT_EQ(result.error().message.rfind("game ", 0), 0u) << result.error().message;
    // The run stopped at once: each thread played at most the game it was in (a Kariba game
    // asks each seat for ~15-40 actions; 1,000 games would ask for tens of thousands).
    EXPECT_LE(calls.load(), 30 + threads) << threads;
  }
}

}  // namespace
}  // namespace savanna
