// Running many games among agents (layer 4): every deal played in every seating, spread over
// threads, with per-agent statistics (wins, Wilson 95% intervals, mean scores, ratings), the
// advantage of each seat, and the distributions of game length and scores.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/registry.h"
#include "sim/distributions.h"

namespace savanna {

struct SimConfig {
  std::string game_spec;  // `kariba(players=3)`
  // Agent specs, one per slot; any number. One spec: it plays every seat (one slot per seat).
  // Otherwise the slots are seated as Seatings() says: a tournament.
  std::vector<std::string> agents;
  int64_t games = 100;  // rounded up to a whole number of deals (see Seatings)
  uint64_t seed = 1;
  int threads = 1;
  int bootstrap = 200;  // resamples for the rating intervals (0: no intervals)
  // Keep every game in SimResult::outcomes (memory grows with the games; for tests and small
  // runs). Otherwise only the statistics are kept, in constant memory (sim/accumulator.h).
  bool keep_outcomes = false;
};

// The seatings of a simulation: seating[k][seat] is the agent slot in that seat. With one agent
// spec: one seating, slot s in seat s. With as many specs as seats: the list and its rotations.
// With more specs (K) than seats (n): every n-subset of the slots, in list order, and its
// rotations. With fewer (1 < K < n): the list repeated to fill the seats, starting at each
// slot in turn, and the rotations of each; duplicates removed. Every deal (a game seed) is
// played once in every seating, so seat and card luck cancel between the agents.
std::vector<std::vector<int>> Seatings(int slots, int players);

// How one game went, from its leaders state by state (sim/balance.h): the leaders of a state are
// the players with the highest score, a sole leader when there is exactly one; the terminal
// state's leaders are the winners. A state is counted by the actions applied before it.
struct GameDrama {
  // Times a sole leader differed from the previous sole leader (states with tied leaders are
  // skipped: A leads, A and B tie, A leads again is no change).
  int lead_changes = 0;
  // With a sole winner: the first state from which the winner was sole leader in every state up
  // to the end (0 to length); -1 when the win was shared (or nobody won).
  int decided_at = -1;
  // With a sole winner: the winner was not among the leaders of state length / 2 (rounded down).
  bool comeback = false;
};

// One finished game: game i is deal i / S (S seatings) in seating i % S. Its seed is
// DeriveSeed(master seed, deal); agent slot k is seeded with DeriveSeed(game seed, k). Agent
// slot `seat_agent[s]` sat in seat s.
struct GameOutcome {
  int64_t index = 0;
  int64_t deal = 0;
  uint64_t seed = 0;  // the game's own seed: DeriveSeed(SimConfig::seed, deal)
  std::vector<int> seat_agent;
  std::vector<double> scores;   // by seat
  std::vector<double> returns;  // by seat
  std::vector<int> winners;     // seats
  int length = 0;               // actions applied
  GameDrama drama;
};

// Statistics of one agent slot over all games.
struct AgentSummary {
  std::string agent;
  double wins = 0;  // the sum of returns: a win shared by k players counts 1/k
  double win_rate = 0;
  double ci95_low = 0, ci95_high = 0;  // Wilson score interval of win_rate
  double mean_score = 0;
};

// How often one seat won, whoever sat there: the first-player (seat) advantage.
struct SeatSummary {
  double wins = 0;
  double win_rate = 0;
  double ci95_low = 0, ci95_high = 0;
};

// A rate with its Wilson 95% interval: `count` of `games`.
struct RateEstimate {
  int64_t count = 0, games = 0;
  double rate = 0, ci95_low = 0, ci95_high = 0;
};

// A per-game mean with its Student t 95% interval over `games` values.
struct MeanEstimate {
  int64_t games = 0;
  double mean = 0, sd = 0, ci95_low = 0, ci95_high = 0;
};

// Seat 0's win rate minus the fair share 1 / players, with the Wilson interval of the win rate
// shifted by the same amount.
struct FirstMoveAdvantage {
  int players = 0;
  double win_rate = 0, fair_share = 0, advantage = 0, ci95_low = 0, ci95_high = 0;
};

// The balance metrics beyond win rates (docs/balance.md, "Balance metrics").
struct BalanceSummary {
  RateEstimate tie_rate;       // games won by more than one player, of all games
  MeanEstimate lead_changes;   // GameDrama::lead_changes, over all games
  MeanEstimate decided_at;     // decided_at / length, over the games with a sole winner
  RateEstimate comeback_rate;  // GameDrama::comeback, of the games with a sole winner
  MeanEstimate score_spread;   // the highest final score minus the lowest, over all games
  FirstMoveAdvantage first_move;
};

// A sample's summary: mean, standard deviation, extremes, deciles, and a histogram of
// `bins` equal-width bins from `min` to `max` (`counts[b]` values in bin b).
struct Distribution {
  double mean = 0, sd = 0, min = 0, p10 = 0, median = 0, p90 = 0, max = 0;
  double bin_width = 1;
  std::vector<int64_t> counts;
};

// The Bradley-Terry rating of an agent slot on the Elo scale (400 log10 of its strength; the
// slots' mean is 0), with a bootstrap 95% interval.
struct Rating {
  double elo = 0;
  double ci95_low = 0, ci95_high = 0;
};

struct SimResult {
  std::string game;  // canonical spec
  std::string game_name;
  Json params;
  int players = 0;
  int64_t games = 0;
  int64_t deals = 0;
  uint64_t seed = 0;
  std::vector<std::string> agents;          // one per slot
  std::vector<std::vector<int>> seatings;   // see Seatings()
  std::vector<AgentSummary> seats;          // one per slot, same order (the `sim` contract)
  std::vector<SeatSummary> seat_advantage;  // one per seat
  std::vector<Rating> ratings;              // one per slot; empty with a single agent spec
  // pairwise[a][b]: games in which slot a finished ahead of slot b (ties half), over the pairs
  // of seats of one game held by different slots where at least one of them won.
  std::vector<std::vector<double>> pairwise;
  double mean_length = 0;
  Distribution length;
  std::vector<Distribution> scores;  // one per slot
  BalanceSummary balance;
  std::vector<GameOutcome> outcomes;  // in game index order, with SimConfig::keep_outcomes
};

// `done` games finished out of `total`; called from worker threads, serialised by the runner,
// with `done` increasing: about every total/1000 games and always for the last one.
using ProgressFn = std::function<void(int64_t done, int64_t total)>;
// Called with every finished game in index order, one call at a time (from worker threads):
// the per-game CSV is written through it as games finish. `run` describes the run (game,
// players, agents by slot, seatings); its statistics are not filled yet.
using OutcomeFn = std::function<void(const SimResult& run, const GameOutcome& outcome)>;

class SimAccumulator;
struct SimCheckpoint;  // sim/checkpoint.h
// Called before the first game and then now and then with the statistics of the games folded so
// far (`stats.games()` of them, every game before that index passed to OutcomeFn already),
// serialised with OutcomeFn. An error stops the run and is its result.
using CheckpointFn = std::function<Result<void>(const SimResult& run, const SimAccumulator& stats)>;

struct SimControl {
  ProgressFn progress;
  OutcomeFn on_game;
  CheckpointFn checkpoint;
  double checkpoint_seconds = 60;  // between two calls of `checkpoint`
  // Continue from a checkpoint: games from its stats->games() on are played. A checkpoint of
  // another run (game, agents, seed, games, bootstrap) is an error naming what differs.
  const SimCheckpoint* resume = nullptr;
};

// Plays config.games games. The result does not depend on the number of threads, nor on where
// a run was interrupted and resumed.
Result<SimResult> RunSimulation(const GameRegistry& registry, const SimConfig& config,
                                const SimControl& control);
Result<SimResult> RunSimulation(const GameRegistry& registry, const SimConfig& config,
                                const ProgressFn& progress = {}, const OutcomeFn& on_game = {});

// The Wilson score interval for `successes` out of `trials`, by default the 95% interval: z is
// the standard normal's 97.5% quantile (1.95996...).
std::pair<double, double> WilsonInterval(double successes, double trials,
                                         double z = NormalQuantile(0.975));

// {"game", "params", "games", "seed", "agents", "seats": [{"agent", "wins", "win_rate",
// "ci95": [lo, hi], "mean_score"}], "mean_length"}, the `sim` contract, plus "game_name",
// "players", "deals", "seatings", "seat_advantage": [{"seat", "wins", "win_rate", "ci95"}],
// "ratings": [{"agent", "elo", "ci95"}], "pairwise", "length" and "scores" (distributions:
// {"mean", "sd", "min", "p10", "median", "p90", "max", "bin_width", "counts"}).
Json SimResultToJson(const SimResult& result);
// One row per game: index, deal, seed, length, then per seat agent slot, spec, score, return.
// The header line, the row of one game (`agents`: the specs by slot), and the whole file of a
// result whose outcomes were kept.
std::string CsvHeader(int players);
std::string CsvRow(const std::vector<std::string>& agents, const GameOutcome& outcome);
std::string SimResultToCsv(const SimResult& result);
// Fixed-width tables for the terminal: the agents, their ratings (when there are several
// specs) and the seats.
std::string SummaryTable(const SimResult& result);

}  // namespace savanna
