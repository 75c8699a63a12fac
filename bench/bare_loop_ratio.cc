// How close the public State API comes to bare code: for each game and player count, random
// playouts through the API (PlayRandomGames, as `savanna bench` plays them) against the bare
// loop of bench/reference playing the very same games (checked on every run: same moves, action
// ids and scores). Equal work: both play the same N games, N chosen so that the API takes about
// --seconds; the two alternate (API first in even rounds, the bare loop first in odd ones) for
// --rounds rounds, and the table gives the medians and the ratio of the medians, with the range
// of the per-round ratios. Each run is timed by the CPU time of this thread, not the wall clock,
// so that time spent descheduled on a shared machine does not count against either side.
//
//   savanna_bench_bare_loop [SPEC ...] [--seconds S] [--rounds R] [--json]
//   savanna_bench_bare_loop SPEC --only api|bare --games N
//
// Without a SPEC: every game at each player count its bare loop plays. --json prints
// [{"spec", "games", "moves", "api_moves_per_second", "bare_moves_per_second", "api_ratio",
// "ratio_low", "ratio_high"}] on stdout (the table goes to stderr). With --only, one side plays
// N games of the one SPEC and prints {"spec", "side", "games", "moves", "action_digest"}, so
// that each side can be timed as a whole process from outside (`/usr/bin/time`), the two
// printing the same moves and digest.
#include <fmt/core.h>
#include <time.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "games/registry.h"
#include "reference/bare_loop.h"
#include "sim/benchmark.h"

namespace savanna {
namespace {

constexpr uint64_t kSeed = 1;  // as `savanna bench`

struct Options {
  std::vector<std::string> specs;
  double seconds = 0.5;
  int rounds = 5;
  bool json = false;
  std::string only;   // "api" or "bare": play one side only
  int64_t games = 0;  // with --only
};

struct Target {
  std::shared_ptr<const Game> game;
  reference::BareLoop loop = nullptr;
  int players = 0;
};

[[noreturn]] void Fail(const std::string& message) {
  std::cerr << "savanna_bench_bare_loop: " << message << "\n";
  std::exit(1);
}

Options ParseOptions(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) Fail(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--seconds") {
      options.seconds = std::atof(value().c_str());
      if (!(options.seconds > 0)) Fail("--seconds must be a positive number");
    } else if (arg == "--rounds") {
      options.rounds = std::atoi(value().c_str());
      if (options.rounds < 1) Fail("--rounds must be at least 1");
    } else if (arg == "--json") {
      options.json = true;
    } else if (arg == "--only") {
      options.only = value();
      if (options.only != "api" && options.only != "bare") Fail("--only takes api or bare");
    } else if (arg == "--games") {
      options.games = std::atoll(value().c_str());
      if (options.games < 1) Fail("--games must be at least 1");
    } else if (arg.rfind("--", 0) == 0) {
      Fail("unknown option " + arg +
           " (usage: savanna_bench_bare_loop [SPEC ...] [--seconds S] [--rounds R] [--json], or "
           "SPEC --only api|bare --games N)");
    } else {
      options.specs.push_back(arg);
    }
  }
  if (!options.only.empty() && (options.specs.size() != 1 || options.games < 1))
    Fail("--only plays one SPEC and needs --games N");
  return options;
}

// The game of `spec` and its bare loop: the spec must be a game's defaults but for the players.
Target TargetOf(const std::string& spec) {
  auto game = Games().Create(spec);
  if (!game) Fail(game.error().message);
  const std::string name = (*game)->info().name;
  const reference::BareLoopEntry bare = reference::FindBareLoop(name);
  const int players = (*game)->NumPlayers();
  auto plain = Games().Create(name + "(players=" + std::to_string(players) + ")");
  if (!bare.loop || players < bare.min_players || players > bare.max_players || !plain ||
      (*plain)->Spec() != (*game)->Spec())
    Fail(spec + ": the bare loops play each game's default parameters at " +
         "their player counts only");
  return {*game, bare.loop, players};
}

std::vector<Target> DefaultTargets() {
  std::vector<Target> targets;
  for (const GameEntry& entry : Games().entries()) {
    const reference::BareLoopEntry bare = reference::FindBareLoop(entry.info.name);
    for (int n = bare.min_players; bare.loop && n <= bare.max_players; ++n)
      targets.push_back(TargetOf(entry.info.name + "(players=" + std::to_string(n) + ")"));
  }
  return targets;
}

double ThreadSeconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

// Runs `f` and returns what it returned with its `seconds` set to this thread's CPU time.
template <class F>
auto Timed(F&& f) {
  const double start = ThreadSeconds();
  auto run = f();
  run.seconds = ThreadSeconds() - start;
  return run;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Games of `target` that the API plays in about `seconds`.
int64_t CalibrateGames(const Target& target, double seconds) {
  int64_t games = 1;
  while (true) {
    const PlayoutRun run = Timed([&] { return PlayRandomGames(*target.game, games, kSeed); });
    if (run.seconds >= seconds / 8 || games >= (int64_t{1} << 40))
      return std::max<int64_t>(1, int64_t(double(games) * seconds / run.seconds));
    games *= 2;
  }
}

Json Measure(const Target& target, const Options& options, std::ostream& table, size_t width) {
  const std::string spec = target.game->Spec();
  const int64_t games = CalibrateGames(target, options.seconds);
  std::vector<double> api, bare, ratios;
  int64_t moves = 0;
  for (int round = 0; round < options.rounds; ++round) {
    auto api_run = [&] { return PlayRandomGames(*target.game, games, kSeed); };
    auto bare_run = [&] { return target.loop(target.players, games, kSeed); };
    PlayoutRun a;
    reference::BareLoopRun b;
    if (round % 2 == 0) {
      a = Timed(api_run);
      b = Timed(bare_run);
    } else {
      b = Timed(bare_run);
      a = Timed(api_run);
    }
    if (a.moves != b.moves || a.action_digest != b.action_digest || a.score_sum != b.score_sum)
      Fail(spec + ": the bare loop did not play the API's games");
    moves = a.moves;
    api.push_back(a.MovesPerSecond());
    bare.push_back(b.MovesPerSecond());
    ratios.push_back(api.back() / bare.back());
  }
  const double api_median = Median(api), bare_median = Median(bare);
  const double ratio = api_median / bare_median;
  const auto [low, high] = std::minmax_element(ratios.begin(), ratios.end());
  table << fmt::format("{:<{}}  {:>9}  {:>10}  {:>12.0f}  {:>12.0f}  {:>8.2f}  {:.2f}-{:.2f}\n",
                       spec, width, games, moves, api_median, bare_median, ratio, *low, *high)
        << std::flush;
  return Json{{"spec", spec},
              {"games", games},
              {"moves", moves},
              {"api_moves_per_second", api_median},
              {"bare_moves_per_second", bare_median},
              {"api_ratio", ratio},
              {"ratio_low", *low},
              {"ratio_high", *high}};
}

// One side alone, for a timer outside the process.
int RunOneSide(const Options& options) {
  const Target target = TargetOf(options.specs[0]);
  int64_t moves = 0;
  uint64_t digest = 0;
  if (options.only == "api") {
    const PlayoutRun run = PlayRandomGames(*target.game, options.games, kSeed);
    moves = run.moves;
    digest = run.action_digest;
  } else {
    const reference::BareLoopRun run = target.loop(target.players, options.games, kSeed);
    moves = run.moves;
    digest = run.action_digest;
  }
  std::cout << Json{{"spec", target.game->Spec()},
                    {"side", options.only},
                    {"games", options.games},
                    {"moves", moves},
                    {"action_digest", digest}}
                   .dump()
            << "\n";
  return 0;
}

int Run(int argc, char** argv) {
  const Options options = ParseOptions(argc, argv);
  if (!options.only.empty()) return RunOneSide(options);
  std::vector<Target> targets;
  for (const std::string& spec : options.specs) targets.push_back(TargetOf(spec));
  if (options.specs.empty()) targets = DefaultTargets();
  size_t width = 4;
  for (const Target& t : targets) width = std::max(width, t.game->Spec().size());
  std::ostream& table = options.json ? std::cerr : std::cout;
  table << fmt::format("{} rounds of equal work, the API and the bare loop alternating; medians\n",
                       options.rounds)
        << fmt::format("{:<{}}  {:>9}  {:>10}  {:>12}  {:>12}  {:>8}  {}\n", "SPEC", width, "GAMES",
                       "MOVES", "API MOVES/S", "BARE MOVES/S", "API/BARE", "RANGE");
  Json results = Json::array();
  for (const Target& target : targets) results.push_back(Measure(target, options, table, width));
  if (options.json) std::cout << results.dump(2) << "\n";
  return 0;
}

}  // namespace
}  // namespace savanna

int main(int argc, char** argv) { return savanna::Run(argc, argv); }
