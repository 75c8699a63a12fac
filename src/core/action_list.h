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
