// Basic value types shared by every layer: players, actions, player sets and per-player values.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace savanna {

// A seat index in [0, NumPlayers()). kSpectator stands for a viewer who holds no seat.
using Player = int;
inline constexpr Player kSpectator = -1;

// The most seats any game supports (Kalimambo: 7). Per-player arrays use this capacity.
inline constexpr int kMaxPlayers = 8;

// A dense action id in [0, Game::NumDistinctActions()).
using Action = int32_t;
inline constexpr Action kInvalidAction = -1;

// A set of players as a bit mask; iteration yields players in increasing order.
class PlayerSet {
 public:
  constexpr PlayerSet() = default;
  static constexpr PlayerSet Single(Player p) { return PlayerSet(1u << p); }
  static constexpr PlayerSet FirstN(int n) { return PlayerSet((1u << n) - 1u); }
  static constexpr PlayerSet FromMask(uint32_t mask) { return PlayerSet(mask); }

  constexpr bool Contains(Player p) const { return p >= 0 && p < 32 && ((mask_ >> p) & 1u); }
  constexpr void Insert(Player p) { mask_ |= 1u << p; }
  constexpr void Erase(Player p) { mask_ &= ~(1u << p); }
  constexpr bool Empty() const { return mask_ == 0; }
  constexpr int Size() const { return std::popcount(mask_); }
  constexpr uint32_t Mask() const { return mask_; }
  // The lowest player in the set; the set must not be empty.
  constexpr Player First() const { return std::countr_zero(mask_); }
  constexpr bool operator==(const PlayerSet&) const = default;

  class Iterator {
   public:
    constexpr explicit Iterator(uint32_t rest) : rest_(rest) {}
    constexpr Player operator*() const { return std::countr_zero(rest_); }
    constexpr Iterator& operator++() {
      rest_ &= rest_ - 1;
      return *this;
    }
    constexpr bool operator!=(const Iterator& o) const { return rest_ != o.rest_; }

   private:
    uint32_t rest_;
  };
  constexpr Iterator begin() const { return Iterator(mask_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  constexpr explicit PlayerSet(uint32_t mask) : mask_(mask) {}
  uint32_t mask_ = 0;
};

// One number per seat (scores, returns); entries past NumPlayers() are zero.
using PlayerValues = std::array<double, kMaxPlayers>;

}  // namespace savanna
