// Running many games among agents (layer 4): seats rotated, seeds derived per game, spread
// over threads, with per-agent statistics (wins, Wilson 95% intervals, mean scores).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/registry.h"

namespace savanna {

struct SimConfig {
  std::string game_spec;            // `kariba(players=3)`
  std::vector<std::string> agents;  // one agent spec per seat, or a single spec for every seat
  int64_t games = 100;
  uint64_t seed = 1;
  int threads = 1;
};

// One finished game. Agent slot `seat_agent[s]` sat in seat s (seats rotate: in game i, seat s
// holds agent slot (s + i) % players).
struct GameOutcome {
  int64_t index = 0;
  uint64_t seed = 0;  // the game's own seed, derived from SimConfig::seed and the index
  std::vector<int> seat_agent;
  std::vector<double> scores;   // by seat
  std::vector<double> returns;  // by seat
  std::vector<int> winners;     // seats
  int length = 0;               // actions applied
};

// Statistics of one agent slot over all games.
struct AgentSummary {
  std::string agent;
  double wins = 0;  // the sum of returns: a win shared by k players counts 1/k
  double win_rate = 0;
  double ci95_low = 0, ci95_high = 0;  // Wilson score interval of win_rate
  double mean_score = 0;
};

struct SimResult {
  std::string game;  // canonical spec
  std::string game_name;
  Json params;
  int64_t games = 0;
  uint64_t seed = 0;
  std::vector<std::string> agents;  // one per slot
  std::vector<AgentSummary> seats;  // one per slot, same order
  double mean_length = 0;
  std::vector<GameOutcome> outcomes;  // in game index order
};

// `done` games finished out of `total`; called from worker threads, serialised by the runner,
// with `done` increasing: about every total/1000 games and always for the last one.
using ProgressFn = std::function<void(int64_t done, int64_t total)>;

// Plays config.games games. The result does not depend on the number of threads.
Result<SimResult> RunSimulation(const GameRegistry& registry, const SimConfig& config,
                                const ProgressFn& progress = {});

// The Wilson score interval for `successes` out of `trials` at z = 1.96.
std::pair<double, double> WilsonInterval(double successes, double trials, double z = 1.959964);

// {"game", "params", "games", "seed", "agents", "seats": [{"agent", "wins", "win_rate",
// "ci95": [lo, hi], "mean_score"}], "mean_length"}
Json SimResultToJson(const SimResult& result);
// One row per game: index, seed, length, then per seat agent, score, return.
std::string SimResultToCsv(const SimResult& result);
// A fixed-width table for the terminal.
std::string SummaryTable(const SimResult& result);

}  // namespace savanna
