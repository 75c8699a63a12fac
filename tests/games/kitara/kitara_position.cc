// Hand-made Kitara positions for the rules tests.
#include "games/kitara/kitara_position.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "testing/create_game.h"

namespace savanna::kitara::testing {

Position::Position(const std::string& spec) {
  game_ = savanna::testing::CreateGame<KitaraGame>(spec);
  const Config& c = game_->config();
  kingdoms_.resize(size_t(c.players));
  start_cards_.assign(size_t(c.players), true);
  d_.rng.Seed(12345);
  d_.phase = Phase::kTake;
  d_.round = 1;
}

Position& Position::Area(const std::string& area, int player, Figures figures) {
  const int a = AreaNamed(game_->config(), area);
  if (a >= 0) d_.areas[a] = AreaState{int8_t(player), figures};
  return *this;
}

Position& Position::Kingdom(int player, const std::vector<std::string>& cards,
                            bool with_start_card) {
  kingdoms_[player] = cards;
  start_cards_[player] = with_start_card;
  return *this;
}

Position& Position::Row(const std::vector<std::string>& cards) {
  row_ = cards;
  return *this;
}

Position& Position::Deck(const std::vector<std::string>& bottom_first) {
  deck_ = bottom_first;
  return *this;
}

namespace {
TokenCounts CountsOf(const Config& config, const std::vector<int>& values) {
  TokenCounts t{};
  for (int value : values) {
    const auto* v = std::find(config.token_values.begin(),
                              config.token_values.begin() + config.token_kinds, value);
    EXPECT_NE(v, config.token_values.begin() + config.token_kinds) << "no token worth " << value;
    ++t[v - config.token_values.begin()];
  }
  return t;
}
}  // namespace

Position& Position::Tokens(int player, const std::vector<int>& values) {
  d_.tokens[player] = CountsOf(game_->config(), values);
  return *this;
}

Position& Position::Drawn(const std::vector<int>& values) {
  d_.drawn = CountsOf(game_->config(), values);
  return *this;
}

Position& Position::Prosperity(int player, int points) {
  d_.prosperity[player] = points;
  return *this;
}

Position& Position::Turn(int player, int round) {
  d_.current = uint8_t(player);
  d_.round = uint8_t(round);
  return *this;
}

Position& Position::LastRound(int round) {
  d_.last_round = uint8_t(round);
  return *this;
}

Position& Position::Moves(int moves) {
  d_.phase = Phase::kMoveSource;
  d_.moves_left = uint16_t(moves);
  return *this;
}

std::unique_ptr<KitaraState> Position::Build() {
  const Config& c = game_->config();
  std::vector<bool> used(size_t(c.num_cards + 1), false);
  auto take = [&](const std::string& text) {
    const int id = CardNamed(c, text);
    EXPECT_FALSE(id > 0 && used[id]) << text << " is placed twice";
    if (id > 0) used[id] = true;
    return uint8_t(std::max(id, 0));
  };
  for (int p = 0; p < c.players; ++p) {
    d_.kingdom_size[p] = 0;
    if (start_cards_[p]) {
      d_.kingdom[p][d_.kingdom_size[p]++] = kStartCard;
    } else {
      d_.discards[d_.discard_size++] = kStartCard;
    }
    for (const auto& text : kingdoms_[p]) d_.kingdom[p][d_.kingdom_size[p]++] = take(text);
  }
  if (row_) {
    for (const auto& text : *row_) d_.row[d_.row_size++] = take(text);
  }
  if (deck_) {
    for (const auto& text : *deck_) d_.deck[d_.deck_size++] = take(text);
  }
  // The rest: without an explicit deck, age-ordered into the deck (the row first, if not given);
  // with one, onto the discard pile.
  std::vector<int> rest;
  for (int age = kFinalAge; age >= 1; --age)
    for (int id = 1; id <= c.num_cards; ++id)
      if (!used[id] && c.cards[id].age == age) rest.push_back(id);
  if (!row_)
    while (d_.row_size < kRowSize && !rest.empty() && !deck_) {
      d_.row[d_.row_size++] = uint8_t(rest.back());
      rest.pop_back();
    }
  for (int id : rest) {
    if (deck_) {
      d_.discards[d_.discard_size++] = uint8_t(id);
    } else {
      d_.deck[d_.deck_size++] = uint8_t(id);
    }
  }
  for (int p = 0; p < c.players; ++p)
    for (int k = 0; k < kKinds; ++k) {
      int on_board = 0;
      for (int a = 0; a < c.map.num_areas; ++a)
        if (d_.areas[a].owner == p) on_board += d_.areas[a].figures[k];
      d_.supply[p][k] = uint8_t(kFiguresPerKind[k] - on_board);
    }
  for (int v = 0; v < c.token_kinds; ++v) {
    int held = d_.drawn[v];
    for (int p = 0; p < c.players; ++p) held += d_.tokens[p][v];
    d_.bag[v] = uint8_t(c.token_counts[v] - held);
  }
  DeriveHeld(c, d_);
  auto state = std::make_unique<KitaraState>(*game_, d_);
  // The position must be one the game's own reader accepts.
  auto reread = game_->StateFromJson(state->ToJson());
  EXPECT_TRUE(reread.has_value()) << (reread ? "" : reread.error().message);
  return state;
}

int CardNamed(const Config& config, const std::string& text) {
  for (int id = 0; id <= config.num_cards; ++id)
    if (CardText(config, id) == text) return id;
  ADD_FAILURE() << "no card reads '" << text << "'";
  return -1;
}

int AreaNamed(const Config& config, const std::string& name) {
  for (int a = 0; a < config.map.num_areas; ++a)
    if (config.map.names[a] == name) return a;
  ADD_FAILURE() << "no area '" << name << "'";
  return -1;
}

}  // namespace savanna::kitara::testing
