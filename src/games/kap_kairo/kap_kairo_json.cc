// Vom Kap bis Kairo's full state as JSON (State::ToJson), its reader and its hash, all derived
// from one description of KapKairoData (core/describe.h); the reader then checks what no single
// field shows: every card in exactly one place, capital within what the built landscapes can
// have paid, and the invariants of each phase.
#include "core/describe.h"
#include "games/kap_kairo/kap_kairo_state.h"

namespace savanna::kap_kairo {
namespace {

constexpr std::array<const char*, 4> kPhaseNames = {"bid", "choose", "build", "over"};
constexpr std::array<const char*, 3> kEndNames = {"none", "eighth_landscape", "nothing_to_auction"};

Result<void> Bad(const std::string& why) { return Fail(ErrorCode::kBadData, why); }

// A list of card ids (at most `capacity`) in cards[0..size).
template <class V, class Cards, class Size>
void DescribeCards(V& v, std::string_view key, Cards& cards, Size& size, int capacity,
                   const Config& c) {
  v.List(key, size, capacity, [&](auto& e, int i) { e.Int("", cards[i], 0, c.num_cards - 1); });
}

// One integer in [lo, hi] per seat.
template <class V, class Values>
void DescribeSeats(V& v, std::string_view key, Values& values, int lo, int hi, const Config& c) {
  v.Array(key, c.players, [&](auto& e, int p) { e.Int("", values[p], lo, hi); });
}

// Every card in exactly one place; no row built beyond its cards.
Result<void> CheckPlaces(const Config& config, const KapKairoData& d) {
  for (int p = 0; p < config.players; ++p)
    if (d.rows[p].built > d.rows[p].size)
      return Bad("built[" + std::to_string(p) + "] exceeds the cards in rows[" + std::to_string(p) +
                 "]");
  std::array<int, kMaxCards> seen{};
  auto count = [&](const uint8_t* cards, int n) {
    for (int i = 0; i < n; ++i) ++seen[cards[i]];
  };
  count(d.pile.cards.data(), d.pile.size);
  count(d.discard.cards.data(), d.discard.size);
  count(d.revealed.cards.data(), d.revealed.size);
  count(d.auction.data(), d.auction_size);
  for (int p = 0; p < config.players; ++p) {
    count(d.rows[p].cards.data(), d.rows[p].size);
    count(d.bonus[p].data(), d.bonus_count[p]);
  }
  for (int c = 0; c < config.num_cards; ++c)
    if (seen[c] != 1)
      return Bad("card " + std::to_string(c) + " (" + config.CardText(c) + ") is in " +
                 std::to_string(seen[c]) + " places, must be in exactly one");
  return {};
}

Result<void> CheckMoney(const Config& config, const KapKairoData& d) {
  for (int p = 0; p < config.players; ++p) {
    int earned = 0;
    for (int i = 0; i < d.rows[p].built; ++i) earned += config.card(d.rows[p].cards[i]).pounds;
    if (d.capital[p] > kStartCapital + earned)
      return Bad("capital[" + std::to_string(p) + "] exceeds the start capital plus the pounds " +
                 "of the landscapes built");
    if (d.pending[p] > d.capital[p])
      return Bad("pending[" + std::to_string(p) + "] bids more than the capital");
  }
  return {};
}

bool IsPermutation(const std::array<uint8_t, kMaxSeats>& order, int n) {
  uint32_t seen = 0;
  for (int i = 0; i < n; ++i) seen |= 1u << order[i];
  return seen == (1u << n) - 1u;
}

Result<void> CheckPhase(const Config& config, const KapKairoData& d) {
  const int n = config.players;
  int submitted = 0, eight = 0;
  for (int p = 0; p < n; ++p) {
    submitted += d.pending[p] >= 0;
    eight += d.rows[p].built == kLandscapesToWin;
  }
  const bool piles_empty = d.pile.Empty() && d.discard.Empty();
  if (d.phase != Phase::kBid && submitted > 0)
    return Bad("field 'pending' holds bids outside the bidding");
  if (d.phase != Phase::kBuild && (d.reveal_failed || !d.revealed.Empty()))
    return Bad("fields 'revealed' and 'reveal_failed' are for the build phase only");
  if ((d.phase == Phase::kOver) != (d.end != EndReason::kNone))
    return Bad("field 'end' is set exactly when the phase is 'over'");
  if (d.phase != Phase::kOver && eight > 0)
    return Bad("a player has built 8 landscapes but the game is not over");
  switch (d.phase) {
    case Phase::kBid:
      if (d.auction_size == 0) return Bad("the bidding needs cards in 'auction'");
      if (submitted == n) return Bad("field 'pending': a purchase with every bid in is resolved");
      break;
    case Phase::kChoose: {
      if (d.auction_size < 2 || d.choose_index + d.auction_size > n)
        return Bad("field 'auction' does not fit the choosing order");
      if (!IsPermutation(d.order, n)) return Bad("field 'order' must list every seat once");
      bool alike = true;
      for (int i = 1; i < d.auction_size; ++i) alike = alike && !IsFirstOfItsKind(config, d, i);
      if (alike) return Bad("field 'auction' offers no choice; it would have been taken");
      break;
    }
    case Phase::kBuild:
      if (d.auction_size > 0) return Bad("field 'auction' must be empty while building");
      if (d.reveal_failed ? !piles_empty : d.revealed.Empty())
        return Bad("field 'reveal_failed' disagrees with the piles and the revealed cards");
      break;
    case Phase::kOver:
      if (d.auction_size > 0) return Bad("field 'auction' must be empty once the game is over");
      if (d.end == EndReason::kEighthLandscape && eight != 1)
        return Bad("field 'end': exactly one player must have built 8 landscapes");
      if (d.end == EndReason::kNothingToAuction && (!piles_empty || eight > 0))
        return Bad("field 'end': nothing to auction needs empty piles and no eighth landscape");
      break;
  }
  return {};
}

Result<void> CheckHistory(const Config& config, const KapKairoData& d) {
  const LastAuction& a = d.last_auction;
  const bool none = a.bids[0] < 0;
  for (int p = 1; p < config.players; ++p)
    if ((a.bids[p] < 0) != none) return Bad("last_auction: 'bids' must be all -1 or all bids");
  return {};
}

}  // namespace

template <class V, class D>
void Describe(V& v, D& d, const Config& c) {
  const int n = c.players;
  DescribeCards(v, "pile", d.pile.cards, d.pile.size, kMaxCards, c);
  DescribeCards(v, "discard", d.discard.cards, d.discard.size, kMaxCards, c);
  DescribeCards(v, "revealed", d.revealed.cards, d.revealed.size, kMaxCards, c);
  DescribeCards(v, "auction", d.auction, d.auction_size, n, c);
  v.Array("rows", n, [&](auto& e, int p) {
    DescribeCards(e, "", d.rows[p].cards, d.rows[p].size, kMaxCards, c);
  });
  v.Array("bonus", n, [&](auto& e, int p) {
    DescribeCards(e, "", d.bonus[p], d.bonus_count[p], kMaxBonusTracks, c);
  });
  v.Array("built", n, [&](auto& e, int p) { e.Int("", d.rows[p].built, 0, kLandscapesToWin); });
  DescribeSeats(v, "capital", d.capital, 0, kMaxCapital, c);
  DescribeSeats(v, "pending", d.pending, -1, kMaxCapital, c);
  DescribeSeats(v, "order", d.order, 0, n - 1, c);
  v.Int("choose_index", d.choose_index, 0, n);
  v.Int("current", d.current, 0, n - 1);
  v.Bool("reveal_failed", d.reveal_failed);
  v.Enum("phase", d.phase, kPhaseNames);
  v.Enum("end", d.end, kEndNames);
  v.Int("move_number", d.move_number, 0, 65535);
  v.Object("last_auction", [&](auto& o) {
    auto& a = d.last_auction;
    DescribeSeats(o, "bids", a.bids, -1, kMaxCapital, c);
    DescribeSeats(o, "order", a.order, 0, n - 1, c);
    o.List("draws", a.draws, kMaxCards, [&](auto& e, int i) {
      e.Array("", 2, [&](auto& x, int k) {
        if (k == 0) x.Int("", a.draw_player[i], 0, n - 1);
        if (k == 1) x.Int("", a.draw_card[i], 0, c.num_cards - 1);
      });
    });
    o.Bool("by_lot", a.by_lot);
  });
  v.Object("last_build", [&](auto& o) {
    auto& b = d.last_build;
    o.Int("player", b.player, -1, n - 1);
    o.Int("card", b.card, 0, c.num_cards - 1);
    o.Int("bonus_used", b.bonus_used, 0, kMaxBonusTracks);
    o.Int("pounds_paid", b.pounds_paid, 0, kMaxCapital);
    o.Int("bonus_to", b.bonus_to, 0, (1 << n) - 1);
  });
  v.Random("rng", d.rng);
}

const char* PhaseName(Phase phase) { return kPhaseNames[size_t(phase)]; }
const char* EndReasonName(EndReason reason) { return kEndNames[size_t(reason)]; }

SAVANNA_DESCRIBE_INSTANTIATIONS(KapKairoData, Config);

Result<void> CheckData(const Config& config, KapKairoData& d) {
  if (auto places = CheckPlaces(config, d); !places) return places;
  DeriveTracks(config, d);  // the later checks may ask what a build costs
  return CheckInOrder(config, d, CheckMoney, CheckPhase, CheckHistory);
}

}  // namespace savanna::kap_kairo
