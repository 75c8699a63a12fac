// Vom Kap bis Kairo's observation tensor and its shape, for learning code. The layout (one
// flat vector, seats absolute) is documented slot by slot in docs/rules/kap_kairo.md,
// "Observation tensor"; every slot comes from a field of View(viewer). The tie-break draws of
// the last auction are not encoded (only whether the order was decided by lot).
#include <algorithm>
#include <span>

#include "core/observation.h"
#include "games/kap_kairo/kap_kairo_state.h"

namespace savanna::kap_kairo {
namespace {

inline constexpr int kNumPhases = 4;
inline constexpr int kNumEndReasons = 3;

// Per card id: discard, auction slot one-hot, revealed, row owner one-hot, row index + 1, built.
int CardSlots(const Config& c) { return 2 * c.players + 4; }

// Where each card id lies, as far as anybody can see (the pile's cards stay all zero): each
// card's row of CardSlots in `rows` (zero on entry), set from the lists that hold the cards.
void LocateCards(const Config& c, const KapKairoData& d, std::span<float> rows) {
  const int n = c.players;
  const auto row = [&](int id) { return rows.subspan(size_t(id) * CardSlots(c), CardSlots(c)); };
  for (int i = 0; i < d.discard.size; ++i) row(d.discard.cards[i])[0] = 1.0f;
  // The auction slot's one-hot has n slots (OneHot's rule: a slot past them sets none).
  for (int i = 0; i < std::min(int(d.auction_size), n); ++i)
    row(d.auction[i])[size_t(1 + i)] = 1.0f;
  for (int i = 0; i < d.revealed.size; ++i) row(d.revealed.cards[i])[size_t(1 + n)] = 1.0f;
  for (int p = 0; p < n; ++p) {
    const Row& owned = d.rows[p];
    for (int i = 0; i < owned.size; ++i) {
      const std::span<float> r = row(owned.cards[i]);
      r[size_t(2 + n + p)] = 1.0f;
      r[size_t(2 + 2 * n)] = float(i + 1);
      r[size_t(3 + 2 * n)] = i < owned.built ? 1.0f : 0.0f;
    }
  }
}

}  // namespace

int Config::ObservationSize() const {
  const int p = players;
  return (p + 1) + kNumPhases + p + 1 + num_cards * CardSlots(*this) + 1 + p + 1 + p * p + p +
         5 * p + 2 + (1 + p + p * p + 1) + (p + num_cards + 2 + p) + kNumEndReasons + p;
}

void KapKairoState::ObservationTensor(Player viewer, std::span<float> out) const {
  const Config& c = config();
  const int n = c.players;
  ObservationWriter w(out);
  w.OneHot(viewer == kSpectator ? n : viewer, n + 1);
  w.OneHot(int(d_.phase), kNumPhases);
  w.Bits(PlayersToAct().Mask(), n);
  w.Scalar(d_.pile.size);
  LocateCards(c, d_, w.Block(c.num_cards * CardSlots(c)));
  int revealed_tracks = 0;
  for (int i = 0; i < d_.revealed.size; ++i) revealed_tracks += c.card(d_.revealed.cards[i]).tracks;
  w.Scalar(revealed_tracks);
  w.OneHot(d_.phase == Phase::kBuild ? d_.current : -1, n);
  w.Scalar(d_.phase == Phase::kBuild && d_.reveal_failed);
  const bool choosing = d_.phase == Phase::kChoose;
  for (int i = 0; i < n; ++i) w.OneHot(choosing ? d_.order[i] : -1, n);
  w.OneHot(choosing ? d_.order[d_.choose_index] : -1, n);
  for (int p = 0; p < n; ++p) {
    const Row& row = d_.rows[p];
    int open_tracks = 0;
    for (int i = row.built; i < row.size; ++i) open_tracks += c.card(row.cards[i]).tracks;
    w.Scalar(d_.capital[p]);
    w.Scalar(row.built);
    w.Scalar(open_tracks);
    w.Scalar(d_.bonus_count[p]);
    w.Scalar(d_.phase == Phase::kBid && d_.pending[p] >= 0);
  }
  const bool my_bid = viewer != kSpectator && d_.pending[viewer] >= 0;
  w.Scalar(my_bid);
  w.Scalar(my_bid ? d_.pending[viewer] : 0);
  const LastAuction& la = d_.last_auction;
  const bool auctioned = la.bids[0] >= 0;
  w.Scalar(auctioned);
  for (int p = 0; p < n; ++p) w.Scalar(auctioned ? la.bids[p] : 0);
  for (int i = 0; i < n; ++i) w.OneHot(auctioned ? la.order[i] : -1, n);
  w.Scalar(auctioned && la.by_lot);
  const LastBuild& lb = d_.last_build;
  const bool built = lb.player >= 0;
  w.OneHot(lb.player, n);
  w.OneHot(built ? lb.card : -1, c.num_cards);
  w.Scalar(built ? lb.bonus_used : 0);
  w.Scalar(built ? lb.pounds_paid : 0);
  w.Bits(built ? lb.bonus_to : 0, n);
  const bool over = d_.phase == Phase::kOver;
  w.OneHot(over ? int(d_.end) : -1, kNumEndReasons);
  w.Bits(over ? Winners().Mask() : 0, n);
  w.Finish();
}

}  // namespace savanna::kap_kairo
