// The non-virtual parts of State: checked Apply, default parsing, winners and returns.
#include "core/state.h"

#include <algorithm>
#include <cctype>

#include "core/game.h"

namespace savanna {
namespace {

bool EqualsIgnoringCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

}  // namespace

int State::NumPlayers() const { return game().NumPlayers(); }

bool State::IsLegal(Player player, Action action) const {
  ActionList legal;
  LegalActions(player, legal);
  return legal.Contains(action);
}

Result<Action> State::ParseAction(Player player, std::string_view text) const {
  if (player < 0 || player >= NumPlayers())
    return Fail(ErrorCode::kInvalidArgument, "no player " + std::to_string(player) +
                                                 " in a game of " + std::to_string(NumPlayers()));
  if (IsTerminal()) return Fail(ErrorCode::kIllegalAction, "the game is over");
  if (!PlayersToAct().Contains(player))
    return Fail(ErrorCode::kIllegalAction,
                "player " + std::to_string(player) + " is not to act now");
  ActionList legal;
  LegalActions(player, legal);
  const std::string_view wanted = Trim(text);
  for (Action a : legal)
    if (EqualsIgnoringCase(ActionToString(player, a), wanted)) return a;
  std::string options;
  for (int i = 0; i < legal.Size() && i < 12; ++i)
    options += (i ? ", " : "") + ActionToString(player, legal[i]);
  if (legal.Size() > 12) options += ", ...";
  return Fail(ErrorCode::kIllegalAction, "'" + std::string(wanted) +
                                             "' is not a legal action for player " +
                                             std::to_string(player) + " (legal: " + options + ")");
}

Result<void> State::Apply(Player player, Action action) {
  if (player < 0 || player >= NumPlayers())
    return Fail(ErrorCode::kInvalidArgument, "no player " + std::to_string(player) +
                                                 " in a game of " + std::to_string(NumPlayers()));
  if (IsTerminal()) return Fail(ErrorCode::kIllegalAction, "the game is over");
  if (!PlayersToAct().Contains(player))
    return Fail(ErrorCode::kIllegalAction,
                "player " + std::to_string(player) + " is not to act now");
  if (action < 0 || action >= game().NumDistinctActions())
    return Fail(ErrorCode::kIllegalAction, "action id " + std::to_string(action) +
                                               " is out of range [0, " +
                                               std::to_string(game().NumDistinctActions()) + ")");
  if (!IsLegal(player, action))
    return Fail(ErrorCode::kIllegalAction, "action id " + std::to_string(action) +
                                               " is not legal for player " +
                                               std::to_string(player) + " now");
  ApplyUnchecked(player, action);
  return {};
}

std::unique_ptr<State> State::Determinize(Player viewer, Rng& rng) const {
  auto copy = Clone();
  copy->DeterminizeInPlace(viewer, rng);
  return copy;
}

PlayerSet State::Winners() const {
  PlayerSet winners;
  if (!IsTerminal()) return winners;
  const PlayerValues scores = Scores();
  const double best = *std::max_element(scores.begin(), scores.begin() + NumPlayers());
  for (Player p = 0; p < NumPlayers(); ++p)
    if (scores[p] == best) winners.Insert(p);
  return winners;
}

PlayerValues State::Returns() const {
  PlayerValues returns{};
  const PlayerSet winners = Winners();
  if (winners.Empty()) return returns;
  for (Player p : winners) returns[p] = 1.0 / winners.Size();
  return returns;
}

}  // namespace savanna
