// `savanna new SPEC [--seed N]`: prints the state document of a new game.
#include <memory>

#include "cli/commands.h"
#include "session/session.h"

namespace savanna::cli {
namespace {

struct NewOptions {
  std::string spec;
  std::string seed;  // empty: from the clock
};

int RunNew(const GameRegistry& games, const NewOptions& options) {
  auto game = games.Create(options.spec);
  if (!game) return PrintError(game.error());
  auto seed = ParseClockSeed(options.seed);
  if (!seed) return PrintError(seed.error());
  auto state = (*game)->NewInitialState(*seed);
  PrintJson(StateDocument(*state));
  return kExitOk;
}

}  // namespace

void AddNewCommand(CLI::App& app, Context& context) {
  auto [cmd, options] = AddSubcommand<NewOptions>(app, context, "new",
                                                  "Print the state document {game, params, "
                                                  "state} of a new game (the full state, RNG "
                                                  "included)",
                                                  RunNew);
  AddSpecArgument(*cmd, options->spec, "kariba(players=3,variant=open)");
  AddClockSeedOption(*cmd, options->seed, "every shuffle and draw (default: the clock)");
}

}  // namespace savanna::cli
