// `savanna replay FILE [--player P|spectator] [--steps] [--text]`: replays a game record and
// prints one viewer's view at the end, or after every action with the moves made public.
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "core/story.h"
#include "core/text.h"
#include "session/session.h"

namespace savanna::cli {
namespace {

struct ReplayOptions {
  std::string path;
  std::string viewer = "spectator";
  bool steps = false;
  bool text = false;
};

// What `viewer` may read of the actions the step made public.
Json RevealedJson(const Revealed& revealed, Player viewer) {
  Json list = Json::array();
  for (const auto& move : revealed) {
    Json entry = {{"player", move.player}, {"action", move.TextFor(viewer)}};
    if (!move.StoryFor(viewer).empty()) entry["story"] = move.StoryFor(viewer);
    list.push_back(std::move(entry));
  }
  return list;
}

int RunReplay(const GameRegistry& games, const ReplayOptions& options) {
  auto json = ReadJsonFile(options.path);
  if (!json) return PrintError(json.error());
  auto record = WithContext(GameRecord::FromJson(*json), options.path + ": ");
  if (!record) return PrintError(record.error());
  // The viewer is checked against the record's game before anything is printed.
  auto game = WithContext(games.Create(record->game, record->params), options.path + ": record: ");
  if (!game) return PrintError(game.error());
  auto viewer = WithContext(ParseViewer(options.viewer, (*game)->NumPlayers()), "--player: ");
  if (!viewer) return PrintError(viewer.error());

  // Steps are collected first so that a bad record prints nothing but its error. Every seat is
  // replayed as human: the agents that played are not needed to repeat their moves.
  std::vector<std::pair<Json, std::string>> steps;  // per action: public moves, view
  auto on_step = [&](size_t, const Session& session, const Revealed& revealed) {
    if (!options.steps) return;
    if (options.text) {
      std::string moves;
      // Each move as the viewer reads it: its text (the public one for another seat's move) and
      // what it did (State::Story).
      for (const auto& m : revealed) {
        const std::string& story = m.StoryFor(*viewer);
        moves += "  " + SeatName(m.player) + ": " + m.TextFor(*viewer) +
                 (story.empty() ? "" : " (" + StoryText(story) + ")") + "\n";
      }
      steps.emplace_back(Json(), moves + "\n" + session.ViewText(*viewer));
    } else {
      steps.emplace_back(
          Json{{"revealed", RevealedJson(revealed, *viewer)}, {"view", session.View(*viewer)}}, "");
    }
  };
  const std::vector<std::string> humans(size_t((*game)->NumPlayers()), std::string(kHumanSeat));
  auto session =
      WithContext(Session::FromRecord(games, *record, humans, on_step), options.path + ": ");
  if (!session) return PrintError(session.error());

  if (!options.steps) {
    if (options.text) {
      std::cout << session->ViewText(*viewer);
    } else {
      PrintJson(session->View(*viewer));
    }
    return kExitOk;
  }
  if (options.text) {
    for (size_t i = 0; i < steps.size(); ++i)
      std::cout << "=== after action " << i + 1 << " of " << steps.size() << "\n"
                << steps[i].second << "\n";
    return kExitOk;
  }
  Json list = Json::array();
  for (size_t i = 0; i < steps.size(); ++i) {
    steps[i].first["step"] = i + 1;
    list.push_back(std::move(steps[i].first));
  }
  PrintJson(list);
  return kExitOk;
}

}  // namespace

void AddReplayCommand(CLI::App& app, Context& context) {
  auto [cmd, options] = AddSubcommand<ReplayOptions>(
      app, context, "replay", "Replay a game record and print a viewer's view", RunReplay);
  cmd->add_option("FILE", options->path, "Game record (JSON), e.g. from play --record")->required();
  cmd->add_option("--player", options->viewer, "A seat number, or 'spectator' (the default)")
      ->type_name("P|spectator");
  cmd->add_flag("--steps", options->steps,
                "The view after every action, with the moves made public by it");
  cmd->add_flag("--text", options->text, "Text views instead of JSON");
}

}  // namespace savanna::cli
