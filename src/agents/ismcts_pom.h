// Partially observable moves for ISMCTS (SO-ISMCTS+POM, Cowling, Powley and Whitehouse 2012):
// the searching player cannot tell some of another player's moves apart (Kilimanjaro's counter
// placements), so its tree offers that player one choice per class of look-alike moves (their
// State::PublicActionKey), and the move played is drawn uniformly from the class. This groups a
// decision's legal actions into those classes, without allocating.
#pragma once

#include <array>

#include "core/action_list.h"
#include "core/rng.h"
#include "core/state.h"

namespace savanna::ismcts {

class PublicMoveClasses {
 public:
  // Groups `legal` (the legal actions of `player` in `state`, in increasing order) by their
  // public keys; returns the keys, increasing and each once. `state` and `legal` must stay
  // unchanged while this grouping is used.
  const ActionList& Group(const State& state, Player player, const ActionList& legal);

  // The key of one of the grouped actions.
  Action KeyOf(Action action) const { return state_->PublicActionKey(player_, action); }
  // A uniformly random grouped action whose key is `key`; draws from `rng` only when the class
  // holds more than one action (so a game whose every action is its own key draws nothing).
  Action Pick(Action key, Rng& rng) const;
  // Fills `out` (cleared first) with the grouped actions whose key is in `keys` (increasing).
  void ActionsOf(const ActionList& keys, ActionList& out) const;

 private:
  const State* state_ = nullptr;
  Player player_ = 0;
  const ActionList* legal_ = nullptr;
  std::array<Action, ActionList::kCapacity> key_of_{};  // key_of_[i]: (*legal_)[i]'s key
  std::array<Action, ActionList::kCapacity> sorted_{};  // scratch for sorting the keys
  ActionList keys_;
};

}  // namespace savanna::ismcts
