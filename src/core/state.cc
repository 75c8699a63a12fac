// The non-virtual parts of State: checked Apply, default parsing, winners and returns.
#include "core/state.h"

#include <algorithm>

#include "core/game.h"
#include "core/text.h"

namespace savanna {
int State::NumPlayers() const { return game().NumPlayers(); }

Result<void> State::CheckCanAct(Player player) const {
  if (player < 0 || player >= NumPlayers())
    return Fail(ErrorCode::kInvalidArgument, "no player " + std::to_string(player) +
                                                 " in a game of " + std::to_string(NumPlayers()));
  if (IsTerminal()) return Fail(ErrorCode::kIllegalAction, "the game is over");
  if (!PlayersToAct().Contains(player))
    return Fail(ErrorCode::kIllegalAction,
                "player " + std::to_string(player) + " is not to act now");
  return {};
}

bool State::IsLegal(Player player, Action action) const {
  ActionList legal;
  LegalActions(player, legal);
  return legal.Contains(action);
}

Result<Action> State::ParseAction(Player player, std::string_view text) const {
  if (auto can_act = CheckCanAct(player); !can_act) return tl::unexpected(can_act.error());
  ActionList legal;
  LegalActions(player, legal);
  const std::string_view wanted = Trim(text);
  for (Action a : legal)
    if (EqualsIgnoringCase(ActionToString(player, a), wanted)) return a;
  std::string options;
  for (int i = 0; i < legal.Size() && i < 12; ++i)
    options += (i ? ", " : "") + ActionToString(player, legal[i]);
  if (legal.Size() > 12) options += ", ...";
  return Fail(ErrorCode::kIllegalAction, QuoteForMessage(wanted) +
                                             " is not a legal action for player " +
                                             std::to_string(player) + " (legal: " + options + ")");
}

Result<void> State::Apply(Player player, Action action) {
  if (auto can_act = CheckCanAct(player); !can_act) return can_act;
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
