// Grouping a decision's legal actions by their public keys, for ISMCTS's partially observable
// moves (ismcts_pom.h).
#include "agents/ismcts_pom.h"

#include <algorithm>

#include "core/check.h"

namespace savanna::ismcts {

const ActionList& PublicMoveClasses::Group(const State& state, Player player,
                                           const ActionList& legal) {
  state_ = &state;
  player_ = player;
  legal_ = &legal;
  const int n = legal.Size();
  bool increasing = true;  // then the keys need no sorting (every game but Kilimanjaro)
  for (int i = 0; i < n; ++i) {
    key_of_[size_t(i)] = state.PublicActionKey(player, legal[i]);
    increasing = increasing && (i == 0 || key_of_[size_t(i)] > key_of_[size_t(i - 1)]);
  }
  keys_.Clear();
  if (increasing) {
    for (int i = 0; i < n; ++i) keys_.PushBack(key_of_[size_t(i)]);
    return keys_;
  }
  std::copy_n(key_of_.begin(), n, sorted_.begin());
  std::sort(sorted_.begin(), sorted_.begin() + n);
  const auto last = std::unique(sorted_.begin(), sorted_.begin() + n);
  for (auto k = sorted_.begin(); k != last; ++k) keys_.PushBack(*k);
  return keys_;
}

Action PublicMoveClasses::Pick(Action key, Rng& rng) const {
  const int n = legal_->Size();
  uint32_t members = 0;
  int only = -1;
  for (int i = 0; i < n; ++i)
    if (key_of_[size_t(i)] == key) {
      ++members;
      only = i;
    }
  SAVANNA_CHECK(members > 0);
  if (members == 1) return (*legal_)[only];
  uint32_t chosen = rng.Below(members);
  for (int i = 0; i < n; ++i)
    if (key_of_[size_t(i)] == key && chosen-- == 0) return (*legal_)[i];
  return kInvalidAction;  // not reached: `chosen` is below the count
}

void PublicMoveClasses::ActionsOf(const ActionList& keys, ActionList& out) const {
  out.Clear();
  for (int i = 0; i < legal_->Size(); ++i)
    if (std::binary_search(keys.begin(), keys.end(), key_of_[size_t(i)]))
      out.PushBack((*legal_)[i]);
}

}  // namespace savanna::ismcts
