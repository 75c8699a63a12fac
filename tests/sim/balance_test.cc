// The balance metrics: the leader followed through hand-made score trajectories, the exact sums
// (merging in any order gives the same bits, a checkpoint reads back equal), Student's t, and
// the simulation's figures against games replayed and measured here by a plain reference.
#include "sim/balance.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "agents/agent.h"
#include "core/rng.h"
#include "games/registry.h"

namespace savanna {
namespace {

PlayerValues Values(std::initializer_list<double> values) {
  PlayerValues v{};
  size_t i = 0;
  for (double x : values) v[i++] = x;
  return v;
}

PlayerSet Set(std::initializer_list<int> players) {
  PlayerSet s;
  for (int p : players) s.Insert(p);
  return s;
}

// Runs a trajectory (the scores of the states before the terminal one) through a tracker.
GameDrama Track(LeadTracker& tracker, const std::vector<PlayerValues>& states, PlayerSet winners) {
  for (const PlayerValues& scores : states) tracker.Observe(scores);
  return tracker.Finish(winners);
}

TEST(LeadTrackerTest, CountsChangesBetweenSoleLeadersAndFindsTheDecidingState) {
  LeadTracker tracker(3);
  tracker.Reserve(6);
  // States 0..5, then the terminal state 6 won by player 1.
  const GameDrama d = Track(tracker,
                            {Values({0, 0, 0}),   // nobody leads
                             Values({1, 0, 0}),   // 0 leads
                             Values({1, 2, 0}),   // 1 leads: change 1
                             Values({3, 2, 0}),   // 0 leads: change 2 (half-time, state 3)
                             Values({3, 3, 0}),   // tied: no leader
                             Values({3, 4, 0})},  // 1 leads: change 3
                            Set({1}));            // state 6: 1 leads
  EXPECT_EQ(d.lead_changes, 3);
  EXPECT_EQ(d.decided_at, 5);  // sole leader in states 5 and 6, not in the tie at 4
  EXPECT_TRUE(d.comeback);     // player 0 led at state 3
}

TEST(LeadTrackerTest, ATieBetweenTwoLeadsOfOnePlayerIsNoChange) {
  LeadTracker tracker(2);
  const GameDrama d =
      Track(tracker, {Values({1, 0}), Values({1, 1}), Values({2, 1}), Values({2, 1})}, Set({0}));
  EXPECT_EQ(d.lead_changes, 0);
  EXPECT_EQ(d.decided_at, 2);
  EXPECT_FALSE(d.comeback);  // half-time is state 2, where player 0 leads
}

TEST(LeadTrackerTest, ASharedWinHasNoDecisionNorComeback) {
  LeadTracker tracker(3);
  const GameDrama d =
      Track(tracker, {Values({0, 0, 0}), Values({0, 1, 0}), Values({2, 1, 0})}, Set({0, 1}));
  EXPECT_EQ(d.lead_changes, 1);
  EXPECT_EQ(d.decided_at, -1);
  EXPECT_FALSE(d.comeback);
}

TEST(LeadTrackerTest, ATieBrokenAtTheEndDecidesOnTheLastState) {
  // Equal final points, the win given to player 1 by the game's tie-break.
  LeadTracker tracker(2);
  const GameDrama d = Track(tracker, {Values({0, 0}), Values({2, 0}), Values({2, 2})}, Set({1}));
  EXPECT_EQ(d.lead_changes, 1);  // 0, then 1 at the end
  EXPECT_EQ(d.decided_at, 3);    // the game's length: decided by its last action
  EXPECT_TRUE(d.comeback);       // half-time is state 1: player 0 led
}

TEST(LeadTrackerTest, LeadingFromTheFirstStateIsDecidedAtZeroAndTheTrackerStartsAfresh) {
  LeadTracker tracker(2);  // not reserved: it grows
  GameDrama d = Track(tracker, {Values({0, 1}), Values({0, 2}), Values({-1, 3})}, Set({1}));
  EXPECT_EQ(d.lead_changes, 0);
  EXPECT_EQ(d.decided_at, 0);
  // Negative scores (Kalimambo's minus points) and a second game on the same tracker.
  d = Track(tracker, {Values({-1, -2}), Values({-1, -3}), Values({-3, -2})}, Set({1}));
  EXPECT_EQ(d.lead_changes, 1);
  EXPECT_EQ(d.decided_at, 2);
  EXPECT_TRUE(d.comeback);  // state 1: player 0 led
}

TEST(MomentSumsTest, MeanSdAndIntervalOfASmallSample) {
  MomentSums m;
  for (int v : {1, 2, 3, 4}) m.Add(v);
  const MeanEstimate e = m.Estimate(0.5);  // the values 0.5, 1, 1.5, 2
  EXPECT_EQ(e.games, 4);
  EXPECT_DOUBLE_EQ(e.mean, 1.25);
  EXPECT_DOUBLE_EQ(e.sd, 0.5 * std::sqrt(5.0 / 3));
  const double half = 3.182446305284263 * e.sd / 2;  // Student's t: 97.5%, 3 degrees of freedom
  EXPECT_NEAR(e.ci95_low, 1.25 - half, 1e-12);
  EXPECT_NEAR(e.ci95_high, 1.25 + half, 1e-12);
  MomentSums one;
  one.Add(7);
  EXPECT_EQ(one.Estimate(1).ci95_low, 7);
  EXPECT_EQ(one.Estimate(1).ci95_high, 7);
  EXPECT_EQ(MomentSums().Estimate(1).mean, 0);
}

TEST(MomentSumsTest, TheIntervalStaysInsideTheRangeOfTheValues) {
  // Two games decided at 0% and 100% of their length: the t interval (+-12.7 sd/sqrt(2)) runs
  // far past both ends; clipped, it is the whole range and no more.
  MomentSums m;
  m.Add(0);
  m.Add(8);
  const MeanEstimate open = m.Estimate(0.125);
  EXPECT_LT(open.ci95_low, -1);
  EXPECT_GT(open.ci95_high, 2);
  const MeanEstimate clipped = m.Estimate(0.125, 0, 1);
  EXPECT_EQ(clipped.mean, 0.5);
  EXPECT_EQ(clipped.sd, open.sd);
  EXPECT_EQ(clipped.ci95_low, 0);
  EXPECT_EQ(clipped.ci95_high, 1);
  // A bound the interval does not reach changes nothing.
  EXPECT_EQ(m.Estimate(0.125, -100, 100).ci95_low, open.ci95_low);
}

GameOutcome Outcome(std::vector<double> scores, std::vector<int> winners, int length,
                    GameDrama drama) {
  GameOutcome o;
  o.scores = std::move(scores);
  o.winners = std::move(winners);
  o.length = length;
  o.drama = drama;
  return o;
}

TEST(BalanceAccumulatorTest, DecidedAtIntervalIsAShareOfTheGame) {
  BalanceAccumulator b;
  b.Add(Outcome({10, 4}, {0}, 10, {0, 0, false}));  // led alone from the start
  b.Add(Outcome({4, 10}, {1}, 10, {1, 10, true}));  // decided by the last action
  const BalanceSummary s = b.Finish();
  EXPECT_DOUBLE_EQ(s.decided_at.mean, 0.5);
  EXPECT_GE(s.decided_at.ci95_low, 0);
  EXPECT_LE(s.decided_at.ci95_high, 1);
  EXPECT_GE(s.lead_changes.ci95_low, 0);
  EXPECT_GE(s.score_spread.ci95_low, 0);
}

TEST(BalanceAccumulatorTest, FiguresOfHandMadeGames) {
  BalanceAccumulator b;
  b.Add(Outcome({10, 4, 7}, {0}, 8, {2, 6, true}));       // decided at 6/8, a comeback
  b.Add(Outcome({5, 5, 1}, {0, 1}, 10, {1, -1, false}));  // a tie
  b.Add(Outcome({3, 9, 2}, {1}, 4, {0, 1, false}));       // decided at 1/4
  const BalanceSummary s = b.Finish();
  EXPECT_EQ(s.tie_rate.count, 1);
  EXPECT_EQ(s.tie_rate.games, 3);
  EXPECT_DOUBLE_EQ(s.tie_rate.rate, 1.0 / 3);
  EXPECT_EQ(s.tie_rate.ci95_low, WilsonInterval(1, 3).first);
  EXPECT_DOUBLE_EQ(s.lead_changes.mean, 1.0);
  EXPECT_EQ(s.lead_changes.games, 3);
  EXPECT_EQ(s.decided_at.games, 2);
  EXPECT_DOUBLE_EQ(s.decided_at.mean, (0.75 + 0.25) / 2);
  EXPECT_EQ(s.comeback_rate.count, 1);
  EXPECT_EQ(s.comeback_rate.games, 2);
  EXPECT_DOUBLE_EQ(s.score_spread.mean, (6.0 + 4 + 7) / 3);
  EXPECT_NEAR(s.score_spread.sd,
              std::sqrt(((6 - 17.0 / 3) * (6 - 17.0 / 3) + (4 - 17.0 / 3) * (4 - 17.0 / 3) +
                         (7 - 17.0 / 3) * (7 - 17.0 / 3)) /
                        2),
              1e-12);
}

std::vector<GameOutcome> RandomOutcomes(int count) {
  Rng rng(5);
  std::vector<GameOutcome> games;
  for (int i = 0; i < count; ++i) {
    const int length = 1 + int(rng.Below(90));
    const bool shared = rng.Below(10) == 0;
    GameDrama drama{int(rng.Below(6)), shared ? -1 : int(rng.Below(uint64_t(length) + 1)),
                    !shared && rng.Below(3) == 0};
    games.push_back(Outcome({double(rng.Below(30)), double(rng.Below(30)) - 5},
                            shared ? std::vector<int>{0, 1} : std::vector<int>{1}, length, drama));
  }
  return games;
}

void ExpectSameEstimate(const MeanEstimate& a, const MeanEstimate& b) {
  EXPECT_EQ(a.games, b.games);
  EXPECT_EQ(a.mean, b.mean);
  EXPECT_EQ(a.sd, b.sd);
  EXPECT_EQ(a.ci95_low, b.ci95_low);
  EXPECT_EQ(a.ci95_high, b.ci95_high);
}

TEST(BalanceAccumulatorTest, MergingInAnyOrderGivesTheSequentialBits) {
  const std::vector<GameOutcome> games = RandomOutcomes(1000);
  BalanceAccumulator all, parts[3];
  for (size_t i = 0; i < games.size(); ++i) {
    all.Add(games[i]);
    parts[(i * 7) % 3].Add(games[i]);  // interleaved, as threads or ranks might split them
  }
  BalanceAccumulator merged = parts[2];
  merged.Merge(parts[0]);
  merged.Merge(parts[1]);
  EXPECT_TRUE(merged == all);
  const BalanceSummary x = merged.Finish(), y = all.Finish();
  ExpectSameEstimate(x.lead_changes, y.lead_changes);
  ExpectSameEstimate(x.decided_at, y.decided_at);
  ExpectSameEstimate(x.score_spread, y.score_spread);
  EXPECT_EQ(x.tie_rate.count, y.tie_rate.count);
  EXPECT_EQ(x.comeback_rate.rate, y.comeback_rate.rate);
  EXPECT_GT(y.tie_rate.count, 0);
  EXPECT_GT(y.comeback_rate.count, 0);
}

TEST(BalanceAccumulatorTest, SaveAndLoadGiveItBackAndRefuseTruncation) {
  BalanceAccumulator b;
  for (const GameOutcome& g : RandomOutcomes(200)) b.Add(g);
  ByteWriter out;
  b.Save(out);
  ByteReader in(out.str());
  BalanceAccumulator loaded;
  ASSERT_TRUE(loaded.Load(in));
  EXPECT_TRUE(in.at_end());
  EXPECT_TRUE(loaded == b);
  ByteReader truncated(std::string_view(out.str()).substr(0, out.str().size() - 3));
  BalanceAccumulator bad;
  EXPECT_FALSE(bad.Load(truncated) && truncated.ok());
  // More comebacks than sole wins is malformed.
  ByteWriter lie;
  lie.I64(0);
  lie.I64(5);
  MomentSums().Save(lie);
  MomentSums().Save(lie);
  MomentSums().Save(lie);
  ByteReader lie_in(lie.str());
  EXPECT_FALSE(BalanceAccumulator().Load(lie_in));
}

// The reference: the leaders of each state as sets, the sole leaders' sequence, and the scans
// written out plainly.
GameDrama ReferenceDrama(const std::vector<std::set<int>>& leaders) {
  GameDrama d;
  std::vector<int> sole;  // -1: no sole leader
  for (const auto& l : leaders) sole.push_back(l.size() == 1 ? *l.begin() : -1);
  int previous = -1;
  for (int s : sole)
    if (s >= 0) {
      if (previous >= 0 && s != previous) ++d.lead_changes;
      previous = s;
    }
  const size_t length = leaders.size() - 1;
  const int winner = sole.back();
  if (winner < 0) return d;
  for (size_t k = 0; k <= length; ++k) {
    bool holds = true;
    for (size_t j = k; j <= length; ++j) holds = holds && sole[j] == winner;
    if (holds) {
      d.decided_at = int(k);
      break;
    }
  }
  d.comeback = leaders[length / 2].count(winner) == 0;
  return d;
}

std::set<int> TopPlayers(const PlayerValues& scores, int n) {
  std::set<int> top;
  double best = scores[0];
  for (int p = 1; p < n; ++p) best = std::max(best, scores[size_t(p)]);
  for (int p = 0; p < n; ++p)
    if (scores[size_t(p)] == best) top.insert(p);
  return top;
}

// Replays each simulated game (the documented seeding) and measures it with the reference.
void ExpectDramaOfReplayedGames(const std::string& spec) {
  SimConfig config;
  config.game_spec = spec;
  config.agents = {"random"};
  config.games = 40;
  config.seed = 77;
  config.threads = 2;
  config.keep_outcomes = true;
  auto result = RunSimulation(Games(), config);
  ASSERT_TRUE(result.has_value()) << result.error().message;
  auto game = Games().Create(spec);
  ASSERT_TRUE(game.has_value());
  const int n = (*game)->NumPlayers();
  int changes = 0, comebacks = 0;
  double decided = 0;
  for (const GameOutcome& outcome : result->outcomes) {
    std::vector<std::unique_ptr<Agent>> agents;
    for (int seat = 0; seat < n; ++seat)
      agents.push_back(*MakeAgent("random", DeriveSeed(outcome.seed, uint64_t(seat))));
    auto state = (*game)->NewInitialState(outcome.seed);
    std::vector<std::set<int>> leaders;
    while (!state->IsTerminal()) {
      leaders.push_back(TopPlayers(state->Scores(), n));
      const Player p = state->PlayersToAct().First();
      ASSERT_TRUE(state->Apply(p, agents[size_t(p)]->Choose(*state, p)).has_value());
    }
    std::set<int> winners;
    for (Player p : state->Winners()) winners.insert(p);
    leaders.push_back(winners);
    const GameDrama want = ReferenceDrama(leaders);
    EXPECT_EQ(outcome.drama.lead_changes, want.lead_changes) << spec << " game " << outcome.index;
    EXPECT_EQ(outcome.drama.decided_at, want.decided_at) << spec << " game " << outcome.index;
    EXPECT_EQ(outcome.drama.comeback, want.comeback) << spec << " game " << outcome.index;
    changes += want.lead_changes;
    comebacks += want.comeback;
    if (want.decided_at >= 0) decided += double(want.decided_at) / outcome.length;
  }
  const BalanceSummary& b = result->balance;
  EXPECT_DOUBLE_EQ(b.lead_changes.mean, changes / 40.0) << spec;
  EXPECT_EQ(b.comeback_rate.count, comebacks) << spec;
  // decided_at is summed in units of 2^-20 of a game.
  EXPECT_NEAR(b.decided_at.mean, decided / double(b.decided_at.games), 1e-6) << spec;
  EXPECT_DOUBLE_EQ(b.first_move.advantage, result->seat_advantage[0].win_rate - 1.0 / n);
  EXPECT_LE(b.lead_changes.ci95_low, b.lead_changes.mean);
  EXPECT_GE(b.lead_changes.ci95_high, b.lead_changes.mean);
}

TEST(SimulationBalanceTest, FiguresMatchReplayedGamesMeasuredByAReference) {
  // Points in Kariba; a hidden tie-break and tokens revealed at the end in Kitara; negative
  // points and simultaneous choices in Kalimambo.
  for (const char* spec : {"kariba(players=3)", "kitara(players=2)", "kalimambo(players=4)"})
    ExpectDramaOfReplayedGames(spec);
}

}  // namespace
}  // namespace savanna
