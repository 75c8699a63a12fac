// Hand-made Kalimambo positions for the rules tests.
#include "games/kalimambo/kalimambo_position.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <sstream>

namespace savanna::kalimambo::testing {

Position::Position(const std::string& spec) {
  game_ = savanna::testing::CreateGame<KalimamboGame>(spec);
  const Config& c = game_->config();
  d_.rng.Seed(12345);
  for (int p = 0; p < c.players; ++p) {
    d_.hand[p] = c.card_mask;
    d_.pending[p] = -1;
  }
}

Position& Position::Track(const std::string& layout) {
  const Config& c = game_->config();
  std::istringstream in(layout);
  std::string token;
  int placed = 0;  // figures placed, as bits
  d_.heaps = 0;
  for (int space = 0; in >> token; ++space) {
    EXPECT_LT(space, c.track) << "the layout is longer than the track";
    if (token.back() == '*') {
      d_.heaps |= uint64_t(1) << space;
      token.pop_back();
    }
    if (token.empty() || token == ".") continue;
    int figure = -1;
    if (token == "R") {
      d_.rhino = uint8_t(space);
      continue;
    }
    if (token == "K") figure = c.Kali();
    if (token.size() == 1 && token[0] >= '0' && token[0] < '0' + c.players) figure = token[0] - '0';
    EXPECT_GE(figure, 0) << "unknown token '" << token << "'";
    if (figure < 0) continue;
    d_.pos[figure] = uint8_t(space);
    placed |= 1 << figure;
  }
  EXPECT_EQ(placed, (1 << c.Figures()) - 1) << "every explorer and Kali must be placed";
  return *this;
}

Position& Position::KaliNext(std::vector<int> cards) {
  kali_next_ = std::move(cards);
  return *this;
}

Position& Position::Hand(int seat, std::vector<int> cards) {
  d_.hand[seat] = 0;
  for (int v : cards) d_.hand[seat] = uint16_t(d_.hand[seat] | (1u << v));
  return *this;
}

Position& Position::Minus(int seat, int points) {
  d_.minus[seat] = uint16_t(points);
  return *this;
}

std::unique_ptr<KalimamboState> Position::Build() {
  const Config& c = game_->config();
  // The rounds already played follow from the hands.
  const int round = c.num_cards - std::popcount(unsigned(d_.hand[0]));
  for (int p = 0; p < c.players; ++p) {
    EXPECT_EQ(std::popcount(unsigned(d_.hand[p])), c.num_cards - round) << "hand of seat " << p;
    uint32_t gone = c.card_mask & ~uint32_t(d_.hand[p]);
    for (int r = 0; r < round && gone != 0; ++r, gone &= gone - 1)
      d_.played[r][p] = uint8_t(std::countr_zero(gone));
  }
  d_.round = uint8_t(round);
  // Kali: `round` turned cards, then the named next ones, then the rest (ascending).
  std::vector<int> rest;
  for (int i = 0; i < c.num_cards; ++i)
    if (std::find(kali_next_.begin(), kali_next_.end(), c.cards[i]) == kali_next_.end())
      rest.push_back(c.cards[i]);
  EXPECT_LE(int(kali_next_.size()) + round, c.num_cards);
  std::vector<int> deck(rest.begin(), rest.begin() + std::min<int>(round, int(rest.size())));
  deck.insert(deck.end(), kali_next_.begin(), kali_next_.end());
  deck.insert(deck.end(), rest.begin() + std::min<int>(round, int(rest.size())), rest.end());
  for (int i = 0; i < c.num_cards; ++i) d_.kali_deck[i] = uint8_t(deck[i]);
  d_.move_number = uint16_t(round * c.players);
  auto state = std::make_unique<KalimamboState>(*game_, d_);
  // The position must be one the game's own reader accepts.
  auto reread = game_->StateFromJson(state->ToJson());
  EXPECT_TRUE(reread.has_value()) << (reread ? "" : reread.error().message);
  return state;
}

std::string Layout(const KalimamboState& state) {
  const Config& c = state.config();
  const KalimamboData& d = state.data();
  std::vector<std::string> tokens(size_t(c.track), "");
  tokens[d.rhino] = "R";
  for (int f = 0; f < c.Figures(); ++f) tokens[d.pos[f]] = f == c.Kali() ? "K" : std::to_string(f);
  for (int s = 0; s < c.track; ++s) {
    if ((d.heaps >> s) & 1u) tokens[s] += "*";
    if (tokens[s].empty()) tokens[s] = ".";
  }
  while (!tokens.empty() && tokens.back() == ".") tokens.pop_back();
  std::string out;
  for (const auto& t : tokens) out += (out.empty() ? "" : " ") + t;
  return out;
}

void PlayRound(State& state, const std::vector<int>& cards) {
  ASSERT_EQ(int(cards.size()), state.NumPlayers());
  for (int p = 0; p < state.NumPlayers(); ++p) {
    auto applied = state.Apply(p, cards[p]);
    ASSERT_TRUE(applied.has_value())
        << "seat " << p << " card " << cards[p] << ": " << applied.error().message;
  }
}

}  // namespace savanna::kalimambo::testing
