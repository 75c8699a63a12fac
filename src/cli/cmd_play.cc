// `savanna play SPEC --seats human,random,... [--seed N] [--record FILE]`: a game in the
// terminal (src/session/terminal_play.h). Python callables play from Python instead: a seat
// `python:MODULE:FUNCTION` is refused here with a pointer to `python3 -m savanna play`.
#include <memory>
#include <string>

#include "cli/commands.h"
#include "session/session.h"
#include "session/terminal_play.h"

namespace savanna::cli {
namespace {

// The options as typed; RunPlay checks them in this order: seats, seed, then the rest
// (PlayInTerminal).
struct PlayOptions {
  std::string spec;
  std::string seats;  // comma-separated
  std::string seed;   // empty: from the clock
  std::string record_path;
  bool hints = false;
  std::string hint_agent = TerminalGameOptions{}.hint_agent;
};

int RunPlay(const GameRegistry& games, const PlayOptions& options) {
  if (options.seats.find("python:") != std::string::npos)
    return PrintError(
        "--seats: a Python agent (python:MODULE:FUNCTION) plays through the Python module: "
        "python3 -m savanna play SPEC --seats ... (docs/python.md)");
  auto seats = WithContext(SplitSpecList(options.seats), "--seats: ");
  if (!seats) return PrintError(seats.error());
  auto seed = ParseClockSeed(options.seed);
  if (!seed) return PrintError(seed.error());
  auto played = PlayInTerminal(games, {.spec = options.spec,
                                       .seats = std::move(*seats),
                                       .seed = *seed,
                                       .record_path = options.record_path,
                                       .hints = options.hints,
                                       .hint_agent = options.hint_agent});
  return played ? kExitOk : PrintError(played.error());
}

}  // namespace

void AddPlayCommand(CLI::App& app, Context& context) {
  auto [cmd, options] = AddSubcommand<PlayOptions>(
      app, context, "play", "Play in the terminal against agents or each other", RunPlay);
  AddSpecArgument(*cmd, options->spec, "kariba(players=3)");
  cmd->add_option("--seats", options->seats,
                  "One entry per seat: 'human' or an agent spec, e.g. human,random,random")
      ->type_name("LIST")
      ->required();
  AddClockSeedOption(*cmd, options->seed, "the deal (default: the clock, printed)");
  cmd->add_option("--record", options->record_path,
                  "Save the game record (JSON) here after every move")
      ->type_name("FILE");
  cmd->add_flag("--hints", options->hints,
                "Before each of your decisions, show the AI's estimated chance to win of each "
                "action");
  cmd->add_option("--hint-agent", options->hint_agent,
                  "The agent that estimates (default expert: the strongest level, 1 s a hint)")
      ->type_name("SPEC");
  cmd->footer(
      "At the prompt: an action's number or text, 'view', 'moves', 'hint', 'help' or 'quit'.\n"
      "With several human seats the screen is cleared before each turn. Example:\n"
      "  savanna play 'kariba(players=3)' --seats human,ismcts,random --hints --record game.json");
}

}  // namespace savanna::cli
