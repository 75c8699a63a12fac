// A fixed-capacity list of action ids: the caller-provided buffer that LegalActions fills.
// It lives on the stack or inside an agent, so generating moves never allocates.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>

#include "core/check.h"
#include "core/types.h"

namespace savanna {

class ActionList {
 public:
  // No decision of any game offers more choices than this (the largest: a sealed bid of up to
  // a player's whole capital in Vom Kap bis Kairo).
  static constexpr int kCapacity = 512;

  void Clear() { size_ = 0; }
  void PushBack(Action a) {
    SAVANNA_CHECK(size_ < kCapacity);
    actions_[size_++] = a;
  }
  // A bulk fill without a check per action, for a game that proves at compile time that its
  // writes stay inside the list (static_assert it where it fills). Write from Fill() on, then
  // End(past the last action kept); entries written beyond it are ignored.
  Action* Fill() { return actions_.data(); }
  void End(const Action* past_last) { size_ = int(past_last - actions_.data()); }

  int Size() const { return size_; }
  bool Empty() const { return size_ == 0; }
  Action operator[](int i) const { return actions_[i]; }
  bool Contains(Action a) const { return std::find(begin(), end(), a) != end(); }

  const Action* begin() const { return actions_.data(); }
  const Action* end() const { return actions_.data() + size_; }

 private:
  std::array<Action, kCapacity> actions_;
  int size_ = 0;
};

}  // namespace savanna
