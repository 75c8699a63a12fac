// Hand-made Kariba positions for the rules tests.
#include "games/kariba/kariba_position.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace savanna::kariba::testing {

Position::Position(const std::string& spec) {
  game_ = savanna::testing::CreateGame<KaribaGame>(spec);
  d_.rng.Seed(12345);
}

void Position::Set(AnimalCounts& counts, std::initializer_list<std::pair<int, int>> cards) {
  counts = {};
  for (auto [animal, count] : cards) counts[animal] = uint8_t(count);
}

Position& Position::Waterhole(std::initializer_list<std::pair<int, int>> cards) {
  Set(d_.waterhole, cards);
  return *this;
}
Position& Position::Hand(int player, std::initializer_list<std::pair<int, int>> cards) {
  Set(d_.hand[player], cards);
  return *this;
}
Position& Position::Known(int player, std::initializer_list<std::pair<int, int>> cards) {
  Set(d_.known[player], cards);
  return *this;
}
Position& Position::Pile(int player, std::initializer_list<std::pair<int, int>> cards) {
  Set(d_.pile[player], cards);
  return *this;
}
Position& Position::Display(std::vector<int> animals) {
  d_.display = {};
  for (size_t i = 0; i < animals.size(); ++i) d_.display[i] = uint8_t(animals[i]);
  return *this;
}
Position& Position::PileTop(std::vector<int> top_last) {
  pile_top_ = std::move(top_last);
  return *this;
}
Position& Position::PileSize(int size) {
  pile_size_ = size;
  return *this;
}
Position& Position::Current(int player) {
  d_.current = uint8_t(player);
  d_.starter = uint8_t(player);
  return *this;
}

std::unique_ptr<KaribaState> Position::Build() {
  const Config& c = game_->config();
  // Whatever is not placed goes under the named top cards, weakest animal deepest.
  AnimalCounts left{};
  for (int a = 1; a <= c.animals; ++a) {
    int placed = d_.waterhole[a];
    for (int p = 0; p < c.players; ++p) placed += d_.hand[p][a] + d_.pile[p][a];
    placed += int(std::count(d_.display.begin(), d_.display.end(), a));
    placed += int(std::count(pile_top_.begin(), pile_top_.end(), a));
    EXPECT_GE(c.copies[a], placed) << "too many cards of animal " << a;
    left[a] = uint8_t(c.copies[a] - placed);
  }
  std::vector<int> deck;
  for (int a = 1; a <= c.animals; ++a) deck.insert(deck.end(), left[a], a);
  if (pile_size_ >= 0) {
    // Move the surplus, from the bottom, to player 0's pile.
    while (int(deck.size() + pile_top_.size()) > pile_size_ && !deck.empty()) {
      ++d_.pile[0][deck.front()];
      deck.erase(deck.begin());
    }
  }
  deck.insert(deck.end(), pile_top_.begin(), pile_top_.end());
  d_.deck_size = uint8_t(deck.size());
  for (size_t i = 0; i < deck.size(); ++i) d_.deck[i] = uint8_t(deck[i]);
  auto state = std::make_unique<KaribaState>(*game_, d_);
  // The position must be one the game's own reader accepts.
  auto reread = game_->StateFromJson(state->ToJson());
  EXPECT_TRUE(reread.has_value()) << (reread ? "" : reread.error().message);
  return state;
}

}  // namespace savanna::kariba::testing
