// Hand-made Vom Kap bis Kairo positions for the rules tests.
#include "games/kap_kairo/kap_kairo_position.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace savanna::kap_kairo::testing {

Position::Position(const std::string& spec) {
  game_ = savanna::testing::CreateGame<KapKairoGame>(spec);
  d_.rng.Seed(12345);
  for (int p = 0; p < game_->config().players; ++p) d_.capital[p] = kStartCapital;
  d_.phase = Phase::kBuild;
}

int Position::Card(const std::string& terrain, int pounds) const {
  const Config& c = game_->config();
  for (int id = 0; id < c.num_cards; ++id)
    if (c.terrain_of(id).name == terrain && c.card(id).pounds == pounds) return id;
  ADD_FAILURE() << "no card " << terrain << " " << pounds;
  return 0;
}

Position& Position::Row(int player, std::vector<int> cards, int built) {
  ::savanna::kap_kairo::Row& row = d_.rows[player];
  row.size = 0;
  for (int c : cards) row.cards[row.size++] = uint8_t(c);
  row.built = uint8_t(built);
  return *this;
}

Position& Position::Capital(int player, int pounds) {
  d_.capital[player] = uint8_t(pounds);
  return *this;
}

Position& Position::Bonus(int player, std::vector<int> cards) {
  d_.bonus_count[player] = 0;
  for (int c : cards) d_.bonus[player][d_.bonus_count[player]++] = uint8_t(c);
  return *this;
}

Position& Position::PileTop(std::vector<int> top_last) {
  pile_top_ = std::move(top_last);
  return *this;
}

Position& Position::Discard(std::vector<int> cards) {
  d_.discard.size = 0;
  for (int c : cards) d_.discard.Push(c);
  return *this;
}

Position& Position::Revealed(std::vector<int> cards) {
  d_.revealed.size = 0;
  for (int c : cards) d_.revealed.Push(c);
  return *this;
}

Position& Position::Building(int player) {
  d_.phase = Phase::kBuild;
  d_.current = uint8_t(player);
  return *this;
}

Position& Position::Bidding(std::vector<int> auction) {
  d_.phase = Phase::kBid;
  d_.auction_size = 0;
  for (int c : auction) d_.auction[d_.auction_size++] = uint8_t(c);
  return *this;
}

Position& Position::RestToRow(int player) {
  rest_to_row_ = player;
  return *this;
}

Position& Position::RestToDiscard() {
  rest_to_discard_ = true;
  return *this;
}

std::unique_ptr<KapKairoState> Position::Build() {
  const Config& c = game_->config();
  std::vector<int> placed(c.num_cards, 0);
  auto mark = [&](const uint8_t* cards, int n) {
    for (int i = 0; i < n; ++i) ++placed[cards[i]];
  };
  mark(d_.discard.cards.data(), d_.discard.size);
  mark(d_.revealed.cards.data(), d_.revealed.size);
  mark(d_.auction.data(), d_.auction_size);
  for (int p = 0; p < c.players; ++p) {
    mark(d_.rows[p].cards.data(), d_.rows[p].size);
    mark(d_.bonus[p].data(), d_.bonus_count[p]);
  }
  for (int card : pile_top_) ++placed[card];
  std::vector<int> rest;
  for (int id = 0; id < c.num_cards; ++id) {
    EXPECT_LE(placed[id], 1) << "card " << c.CardText(id) << " placed twice";
    if (placed[id] == 0) rest.push_back(id);
  }
  if (rest_to_row_ >= 0) {
    for (int card : rest) d_.rows[rest_to_row_].cards[d_.rows[rest_to_row_].size++] = uint8_t(card);
    rest.clear();
  } else if (rest_to_discard_) {
    for (int card : rest) d_.discard.Push(card);
    rest.clear();
  }
  d_.pile.size = 0;
  for (int card : rest) d_.pile.Push(card);
  for (int card : pile_top_) d_.pile.Push(card);
  if (d_.phase == Phase::kBuild)
    d_.reveal_failed = d_.revealed.Empty() && d_.pile.Empty() && d_.discard.Empty();
  DeriveTracks(game_->config(), d_);
  auto state = std::make_unique<KapKairoState>(*game_, d_);
  // The position must be one the game's own reader accepts.
  auto reread = game_->StateFromJson(state->ToJson());
  EXPECT_TRUE(reread.has_value()) << (reread ? "" : reread.error().message);
  return state;
}

}  // namespace savanna::kap_kairo::testing
