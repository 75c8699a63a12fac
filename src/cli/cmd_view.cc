// `savanna view --state FILE --player P|spectator [--text]`: what one viewer may know.
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "session/session.h"

namespace savanna::cli {
namespace {

struct ViewOptions {
  std::string state_path;
  std::string viewer;
  bool text = false;
};

int RunView(const GameRegistry& games, const ViewOptions& options) {
  auto loaded = LoadStateFile(games, options.state_path);
  if (!loaded) return PrintError(loaded.error());
  auto viewer = WithContext(ParseViewer(options.viewer, loaded->state->NumPlayers()), "--player: ");
  if (!viewer) return PrintError(viewer.error());
  if (options.text) {
    std::cout << loaded->state->ViewText(*viewer);
  } else {
    PrintJson(loaded->state->View(*viewer));
  }
  return kExitOk;
}

}  // namespace

void AddViewCommand(CLI::App& app, Context& context) {
  auto [cmd, options] = AddSubcommand<ViewOptions>(
      app, context, "view", "Print what one seat (or a spectator) may see, as JSON", RunView);
  AddStateOption(*cmd, options->state_path);
  cmd->add_option("--player", options->viewer, "A seat number, or 'spectator'")
      ->type_name("P|spectator")
      ->required();
  cmd->add_flag("--text", options->text, "Print the text view instead of JSON");
}

}  // namespace savanna::cli
