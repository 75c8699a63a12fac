// `savanna play SPEC --seats human,random,... [--seed N] [--record FILE]`: a game in the
// terminal (src/cli/terminal_play.h). Python callables play from Python instead: a seat
// `python:MODULE:FUNCTION` is refused here with a pointer to `python3 -m savanna play`.
#include <memory>
#include <string>

#include "cli/commands.h"
#include "cli/terminal_play.h"

namespace savanna::cli {
namespace {

int RunPlay(const GameRegistry& games, const PlayOptions& options) {
  if (options.seats.find("python:") != std::string::npos)
    return PrintError(
        "--seats: a Python agent (python:MODULE:FUNCTION) plays through the Python module: "
        "python3 -m savanna play SPEC --seats ... (docs/python.md)");
  auto played = PlayInTerminal(games, options);
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
  cmd->add_option("--seed", options->seed, "Seed of the deal (default: the clock, printed)")
      ->type_name("N");
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
