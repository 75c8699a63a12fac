// Kitara's observation tensor and its shape, for learning code. The layout (one flat vector,
// seats absolute) is documented slot by slot in docs/rules/kitara.md, "Observation tensor";
// every slot comes from a field of View(viewer). The map itself is fixed for a configuration
// and not encoded; the discard pile is encoded by its size only (the view lists texts).
#include <span>

#include "core/observation.h"
#include "games/kitara/kitara_state.h"

namespace savanna::kitara {
namespace {

// Per area: owner one-hot, figures by kind.
int AreaSlots(const Config& c) { return c.players + kKinds; }
// Per seat: supply, kingdom card bits, symbols (take, moves, prosperity), food, hungry cards,
// prosperity track, cards taken, hero tokens held, score.
int SeatSlots(const Config& c) { return kKinds + (c.num_cards + 1) + 3 + 6; }

void WriteFigures(ObservationWriter& w, const Figures& f) { w.Values(std::span<const uint8_t>(f)); }

void WriteTokens(ObservationWriter& w, const Config& c, const TokenCounts& t) {
  w.Values(std::span<const uint8_t>(t.data(), c.token_kinds));
}

}  // namespace

int Config::ObservationSize() const {
  const int p = players, a = map.num_areas, card_ids = num_cards + 1, t = token_kinds;
  return (p + 1) + kNumPhases + p + p + 2 + a * AreaSlots(*this) + kRowSize * card_ids + 1 +
         kFinalAge + 1 + 1 + p * SeatSlots(*this) + t + 1 + t + p * t + (1 + a + 3 * kKinds + 2) +
         (p + a + kKinds + a) + (2 * p + 3 * a + 2) + p;
}

void KitaraState::ObservationTensor(Player viewer, std::span<float> out) const {
  const Config& c = config();
  const Map& m = c.map;
  const int n = c.players, cards = c.num_cards + 1;
  const bool over = IsTerminal();
  ObservationWriter w(out);
  w.OneHot(viewer == kSpectator ? n : viewer, n + 1);
  w.OneHot(int(d_.phase), kNumPhases);
  w.Bits(PlayersToAct().Mask(), n);
  w.OneHot(d_.current, n);
  w.Scalar(d_.round);
  w.Scalar(d_.last_round);
  for (int a = 0; a < m.num_areas; ++a) {
    w.OneHot(d_.areas[a].owner, n);
    WriteFigures(w, d_.areas[a].figures);
  }
  for (int i = 0; i < kRowSize; ++i) w.OneHot(i < d_.row_size ? d_.row[i] : -1, cards);
  w.Scalar(d_.deck_size);
  std::array<uint8_t, kFinalAge> by_age{};
  for (int i = 0; i < d_.deck_size; ++i) ++by_age[c.cards[d_.deck[i]].age - 1];
  w.Values(std::span<const uint8_t>(by_age));
  w.Scalar(d_.discard_size);
  w.Scalar(TokenCount(d_.bag));
  const PlayerValues scores = Scores();
  for (int p = 0; p < n; ++p) {
    WriteFigures(w, d_.supply[p]);
    uint64_t kingdom[2] = {0, 0};
    for (int i = 0; i < d_.kingdom_size[p]; ++i)
      kingdom[d_.kingdom[p][i] / 64] |= uint64_t{1} << (d_.kingdom[p][i] % 64);
    w.Bits(kingdom[0], std::min(cards, 64));
    if (cards > 64) w.Bits(kingdom[1], cards - 64);
    w.Scalar(KingdomSymbols(c, d_, p, &Card::take));
    w.Scalar(KingdomSymbols(c, d_, p, &Card::moves));
    w.Scalar(KingdomSymbols(c, d_, p, &Card::prosperity));
    w.Scalar(FoodCapacity(c, d_, p));
    w.Scalar(HungryCards(c, d_, p));
    w.Scalar(d_.prosperity[p]);
    w.Scalar(d_.taken[p]);
    w.Scalar(TokenCount(d_.tokens[p]));
    w.Scalar(float(scores[p]));
  }
  // The viewer's own hero tokens by value, and this turn's drawn ones while they are current.
  if (viewer != kSpectator) {
    WriteTokens(w, c, d_.tokens[viewer]);
  } else {
    w.Skip(c.token_kinds);
  }
  const bool drawing = !over;
  w.Scalar(drawing ? TokenCount(d_.drawn) : 0);
  if (drawing && viewer == d_.current) {
    WriteTokens(w, c, d_.drawn);
  } else {
    w.Skip(c.token_kinds);
  }
  // Everybody's tokens by value once the game is over.
  for (int p = 0; p < n; ++p) {
    if (over) {
      WriteTokens(w, c, d_.tokens[p]);
    } else {
      w.Skip(c.token_kinds);
    }
  }
  const bool moving = d_.phase == Phase::kMoveGroup || d_.phase == Phase::kMoveBorder;
  w.Scalar(d_.moves_left);
  w.OneHot(moving ? d_.source : -1, m.num_areas);
  WriteFigures(w, d_.group);
  WriteFigures(w, d_.recruit);
  WriteFigures(w, d_.remove);
  w.Scalar(d_.to_discard);
  w.Scalar(d_.phase == Phase::kTake ? TakeChoices(c, d_) : 0);
  const bool retreat = d_.phase == Phase::kRetreat;
  w.OneHot(retreat ? d_.retreat_player : -1, n);
  w.OneHot(retreat ? d_.retreat_from : -1, m.num_areas);
  WriteFigures(w, retreat ? d_.retreat_figures : Figures{});
  w.Bits(retreat ? NearestHeld(c, d_, d_.retreat_player, d_.retreat_from) : 0, m.num_areas);
  const LastAttack& la = d_.last_attack;
  const bool attacked = la.attacker >= 0;
  w.OneHot(la.attacker, n);
  w.OneHot(attacked ? la.defender : -1, n);
  w.OneHot(attacked ? la.from : -1, m.num_areas);
  w.OneHot(attacked ? la.area : -1, m.num_areas);
  w.Scalar(attacked ? la.size : 0);
  w.OneHot(attacked ? la.retreat_to : -1, m.num_areas);
  w.Scalar(attacked && la.drew_token);
  w.Bits(over ? Winners().Mask() : 0, n);
  w.Finish();
}

}  // namespace savanna::kitara
