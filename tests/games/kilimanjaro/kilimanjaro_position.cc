// Hand-made Kilimanjaro positions for the rules tests.
#include "games/kilimanjaro/kilimanjaro_position.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

namespace savanna::kilimanjaro::testing {

Position::Position(const std::string& spec) {
  game_ = savanna::testing::CreateGame<KilimanjaroGame>(spec);
  piles_set_.assign(kMaxSeats, false);
  hand_set_.assign(kMaxSeats, false);
  d_.phase = Phase::kPlay;
  d_.rng.Seed(12345);
}

Position& Position::At(int player, int space) {
  d_.position[player] = uint8_t(space);
  return *this;
}
Position& Position::Piles(int player, std::initializer_list<int> tops) {
  int i = 0;
  for (int card : tops) d_.piles[player][i++] = Pile{uint8_t(card), 1};
  piles_set_[player] = true;
  return *this;
}
Position& Position::Hand(int player, std::initializer_list<int> cards) {
  d_.hand_size[player] = 0;
  for (int card : cards) d_.hand[player][d_.hand_size[player]++] = uint8_t(card);
  std::sort(d_.hand[player].begin(), d_.hand[player].begin() + d_.hand_size[player]);
  hand_set_[player] = true;
  return *this;
}
Position& Position::Counter(int space, CounterKind kind, int placer, bool face_up) {
  d_.counters[d_.num_counters++] =
      kilimanjaro::Counter{uint8_t(space), kind, uint8_t(placer), face_up};
  return *this;
}
Position& Position::DeckTop(std::vector<int> top_last) {
  deck_top_ = std::move(top_last);
  return *this;
}
Position& Position::DeckSize(int size) {
  deck_size_ = size;
  return *this;
}
Position& Position::SpareCountersFrom(int space) {
  spare_from_ = space;
  return *this;
}
Position& Position::Current(int player) {
  d_.current = uint8_t(player);
  return *this;
}

std::unique_ptr<KilimanjaroState> Position::Build() {
  const Config& c = game_->config();
  // Cards: count what is placed; the rest goes to piles not set, then the deck.
  std::map<int, int> left;
  for (int t = 0; t < c.types; ++t)
    for (int v = c.min_value; v <= c.max_value; ++v) left[CardOf(t, v)] = c.copies;
  auto take = [&](int card) {
    EXPECT_GT(left[card], 0) << "too many copies of " << CardName(c, card);
    --left[card];
  };
  for (int p = 0; p < c.players; ++p) {
    for (int i = 0; i < d_.hand_size[p]; ++i) take(d_.hand[p][i]);
    if (piles_set_[p])
      for (const Pile& pile : d_.piles[p]) take(pile.top);
  }
  for (int card : deck_top_) take(card);
  std::vector<int> rest;
  for (auto [card, n] : left) rest.insert(rest.end(), n, card);
  for (int p = 0; p < c.players; ++p) {
    if (!piles_set_[p])
      for (Pile& pile : d_.piles[p]) {
        pile = Pile{uint8_t(rest.back()), 1};
        rest.pop_back();
      }
    if (!hand_set_[p]) {
      for (int i = 0; i < kHandSize; ++i) {
        d_.hand[p][i] = uint8_t(rest.back());
        rest.pop_back();
      }
      d_.hand_size[p] = kHandSize;
      std::sort(d_.hand[p].begin(), d_.hand[p].begin() + kHandSize);
    }
  }
  if (deck_size_ >= 0) {
    while (int(rest.size() + deck_top_.size()) > deck_size_ && !rest.empty()) {
      ++d_.buried[rest.back()];
      ++d_.piles[0][0].size;
      rest.pop_back();
    }
  }
  rest.insert(rest.end(), deck_top_.begin(), deck_top_.end());
  d_.deck_size = uint8_t(rest.size());
  for (size_t i = 0; i < rest.size(); ++i) d_.deck[i] = uint8_t(rest[i]);
  // Counters: the ones not set lie face down towards the base camp.
  std::array<int, kCounterKinds> spare = c.counters;
  for (int i = 0; i < d_.num_counters; ++i) --spare[int(d_.counters[i].kind)];
  int space = spare_from_ >= 0 ? spare_from_ : c.trail_length - 1;
  for (int k = 0; k < kCounterKinds; ++k)
    for (; spare[k] > 0; --spare[k]) {
      while (!CanPlaceCounter(c, d_, space)) --space;
      Counter(space, CounterKind(k), 0);
    }
  auto state = std::make_unique<KilimanjaroState>(*game_, d_);
  // The position must be one the game's own reader accepts.
  auto reread = game_->StateFromJson(state->ToJson());
  EXPECT_TRUE(reread.has_value()) << (reread ? "" : reread.error().message);
  return state;
}

}  // namespace savanna::kilimanjaro::testing
