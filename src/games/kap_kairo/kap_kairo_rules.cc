// Vom Kap bis Kairo's rules: set-up, the land purchase (sealed bids, tie-breaks, choosing), track
// building (reveal, pass, build and pay, river bonus tracks) and the end. Decisions the text
// leaves open are named after their rows in docs/rules/kap_kairo.md.
#include <algorithm>
#include <array>
#include <cstring>
#include <typeinfo>

#include "core/check.h"
#include "games/kap_kairo/kap_kairo_state.h"

namespace savanna::kap_kairo {
namespace {

// Every bid's action id, by pounds: what LegalActions copies from.
constexpr std::array<Action, kMaxCapital + 1> kBidActions = [] {
  std::array<Action, kMaxCapital + 1> ids{};
  for (int pounds = 0; pounds <= kMaxCapital; ++pounds) ids[size_t(pounds)] = BidAction(pounds);
  return ids;
}();

// The discard pile shuffled into a new pile ("EmptyPileIsRefilledFromTheDiscardPile"). False
// when it is empty too.
bool RefillPile(KapKairoData& d) {
  if (d.discard.Empty()) return false;
  d.pile = d.discard;
  d.discard.size = 0;
  d.rng.Shuffle(d.pile.cards.data(), d.pile.size);
  return true;
}

// Draws the top card of the pile into `card`, refilling an empty pile first. False when both
// piles are empty. (Small, so that every draw of a turn inlines it; the refill is rare.)
bool DrawCard(KapKairoData& d, int& card) {
  if (d.pile.Empty() && !RefillPile(d)) return false;
  card = d.pile.Pop();
  return true;
}

bool SameCard(const Config& config, int a, int b) {
  const CardInfo &x = config.card(a), &y = config.card(b);
  return x.terrain == y.terrain && x.tracks == y.tracks && x.pounds == y.pounds;
}

bool AllAuctionCardsAlike(const Config& config, const KapKairoData& d) {
  for (int i = 1; i < d.auction_size; ++i)
    if (!SameCard(config, d.auction[0], d.auction[i])) return false;
  return true;
}

// ---- Land purchase ---------------------------------------------------------------------------

// Reveals one card per player ("PurchaseRevealsWhatThereIs"); with nothing to reveal the game
// ends ("NothingToAuctionEndsTheGame").
void StartPurchase(const Config& config, KapKairoData& d) {
  d.reveal_failed = false;
  d.auction_size = 0;
  for (int i = 0; i < config.players; ++i) {
    int card;
    if (!DrawCard(d, card)) break;
    d.auction[d.auction_size++] = uint8_t(card);
  }
  d.pending.fill(-1);
  if (d.auction_size == 0) {
    d.phase = Phase::kOver;
    d.end = EndReason::kNothingToAuction;
    return;
  }
  d.phase = Phase::kBid;
}

void BeginTurn(const Config& config, KapKairoData& d, int player) {
  d.current = uint8_t(player);
  int card;
  d.reveal_failed = !DrawCard(d, card);
  if (d.reveal_failed) return;
  d.revealed.Push(card);
  d.pool_tracks = uint8_t(d.pool_tracks + config.card(card).tracks);
}

// Ranks order[lo, hi), players tied on bid and capital (sorted by seat), by drawing a card each:
// higher pounds first; players still tied draw again. Without a card to draw, lot decides
// ("TieWithNoCardToDrawIsDecidedByLot"). Drawn cards stay in last_auction until discarded.
void BreakTie(const Config& config, KapKairoData& d, int lo, int hi) {
  LastAuction& la = d.last_auction;
  std::array<int, kMaxSeats> value{};
  for (int i = lo; i < hi; ++i) {
    int card;
    if (!DrawCard(d, card)) {
      d.rng.Shuffle(d.order.data() + lo, size_t(hi - lo));
      la.by_lot = true;
      return;
    }
    la.draw_player[la.draws] = d.order[i];
    la.draw_card[la.draws] = uint8_t(card);
    ++la.draws;
    value[i] = config.card(card).pounds;
  }
  // Insertion sort by value, highest first; stable, so equal values stay in seat order.
  for (int i = lo + 1; i < hi; ++i)
    for (int j = i; j > lo && value[j] > value[j - 1]; --j) {
      std::swap(value[j], value[j - 1]);
      std::swap(d.order[j], d.order[j - 1]);
    }
  for (int i = lo; i < hi;) {
    int j = i + 1;
    while (j < hi && value[j] == value[i]) ++j;
    if (j - i > 1) BreakTie(config, d, i, j);
    i = j;
  }
}

void StartBuildPhase(const Config& config, KapKairoData& d, int starter) {
  d.phase = Phase::kBuild;
  BeginTurn(config, d, starter);
}

void TakeCard(const Config& config, KapKairoData& d, int player, int slot) {
  Row& row = d.rows[player];
  row.cards[row.size++] = d.auction[slot];
  d.open_tracks[player] = uint8_t(d.open_tracks[player] + config.card(d.auction[slot]).tracks);
  for (int i = slot + 1; i < d.auction_size; ++i) d.auction[i - 1] = d.auction[i];
  --d.auction_size;
  ++d.choose_index;
}

// A choice between identical cards is no choice: it is made automatically. When every card is
// taken, the best bidder opens the build phase.
void ContinueChoosing(const Config& config, KapKairoData& d) {
  while (d.auction_size > 0 && AllAuctionCardsAlike(config, d))
    TakeCard(config, d, d.order[d.choose_index], 0);
  if (d.auction_size == 0) StartBuildPhase(config, d, d.order[0]);
}

// Every bid is in: all bids are paid, the players ranked, tie-break cards discarded. The result
// reads the bids by seat, so it cannot depend on the order they were submitted in.
void ResolveBids(const Config& config, KapKairoData& d) {
  const int n = config.players;
  LastAuction& la = d.last_auction;
  la.draws = 0;
  la.by_lot = false;
  for (int p = 0; p < n; ++p) {
    d.capital[p] = uint8_t(d.capital[p] - d.pending[p]);
    la.bids[p] = d.pending[p];
    d.pending[p] = -1;
    d.order[p] = uint8_t(p);
  }
  // Higher bid first, then less capital left ("TiedBidsLessCapitalLeftChoosesFirst"), then seat
  // order until the tie-break below.
  auto before = [&](int a, int b) {
    if (la.bids[a] != la.bids[b]) return la.bids[a] > la.bids[b];
    return d.capital[a] < d.capital[b];
  };
  for (int i = 1; i < n; ++i)
    for (int j = i; j > 0 && before(d.order[j], d.order[j - 1]); --j)
      std::swap(d.order[j], d.order[j - 1]);
  for (int i = 0; i < n;) {
    int j = i + 1;
    while (j < n && !before(d.order[i], d.order[j])) ++j;
    if (j - i > 1) BreakTie(config, d, i, j);
    i = j;
  }
  for (int i = 0; i < la.draws; ++i) d.discard.Push(la.draw_card[i]);
  la.order = d.order;
  d.choose_index = 0;
  d.phase = Phase::kChoose;
  ContinueChoosing(config, d);
}

// ---- Track building --------------------------------------------------------------------------

void DiscardRevealed(KapKairoData& d) {
  std::copy_n(d.revealed.cards.begin(), d.revealed.size, d.discard.cards.begin() + d.discard.size);
  d.discard.size = uint8_t(d.discard.size + d.revealed.size);
  d.revealed.size = 0;
  d.pool_tracks = 0;
}

// "BothPilesEmptyPassEndsTheBuildPhase": a pass with nothing left to reveal ends the phase.
void Pass(const Config& config, KapKairoData& d, int player) {
  if (d.reveal_failed) {
    DiscardRevealed(d);
    StartPurchase(config, d);
    return;
  }
  BeginTurn(config, d, player + 1 == config.players ? 0 : player + 1);
}

// After a build, every other player waiting before a river gets a bonus track (a face-down
// card from the pile), at most kMaxBonusTracks each; from the builder's left neighbour on.
void GrantRiverBonus(const Config& config, KapKairoData& d, int builder) {
  for (int k = 1; k < config.players; ++k) {
    const int q = builder + k < config.players ? builder + k : builder + k - config.players;
    const Row& row = d.rows[q];
    if (!row.HasOpen() || !config.terrain_of(row.Front()).river) continue;
    if (d.bonus_count[q] >= kMaxBonusTracks) continue;
    int card;
    if (!DrawCard(d, card)) return;
    d.bonus[q][d.bonus_count[q]++] = uint8_t(card);
    d.last_build.bonus_to = uint8_t(d.last_build.bonus_to | (1u << q));
  }
}

void Build(const Config& config, KapKairoData& d, int player, int bonus) {
  const int pounds = BuildCost(config, d, player, bonus);
  SAVANNA_CHECK(pounds >= 0);
  Row& row = d.rows[player];
  const int card = row.Front();
  d.capital[player] = uint8_t(d.capital[player] - pounds);
  for (int i = 0; i < bonus; ++i) d.discard.Push(d.bonus[player][--d.bonus_count[player]]);
  d.capital[player] = uint8_t(d.capital[player] + config.card(card).pounds);
  ++row.built;
  d.open_tracks[player] = uint8_t(d.open_tracks[player] - config.card(card).tracks);
  d.reveal_failed = false;
  DiscardRevealed(d);
  d.last_build = LastBuild{int8_t(player), uint8_t(card), uint8_t(bonus), uint8_t(pounds), 0};
  if (row.built == kLandscapesToWin) {
    d.phase = Phase::kOver;
    d.end = EndReason::kEighthLandscape;
    return;
  }
  GrantRiverBonus(config, d, player);
  for (int q = 0; q < config.players; ++q)
    if (!d.rows[q].HasOpen()) {
      StartPurchase(config, d);
      return;
    }
  BeginTurn(config, d, player);
}

}  // namespace

// ---- Queries used by the views and the JSON reader ---------------------------------------------

void DeriveTracks(const Config& config, KapKairoData& d) {
  d.pool_tracks = 0;
  for (int i = 0; i < d.revealed.size; ++i)
    d.pool_tracks = uint8_t(d.pool_tracks + config.card(d.revealed.cards[i]).tracks);
  d.open_tracks = {};
  for (int p = 0; p < config.players; ++p) {
    const Row& row = d.rows[p];
    for (int i = row.built; i < row.size; ++i)
      d.open_tracks[p] = uint8_t(d.open_tracks[p] + config.card(row.cards[i]).tracks);
  }
}

bool IsFirstOfItsKind(const Config& config, const KapKairoData& d, int slot) {
  for (int i = 0; i < slot; ++i)
    if (SameCard(config, d.auction[i], d.auction[slot])) return false;
  return true;
}

void SetUp(const Config& config, KapKairoData& d) {
  d.pile.size = 0;
  for (int c = 0; c < config.num_cards; ++c) d.pile.Push(c);
  d.rng.Shuffle(d.pile.cards.data(), d.pile.size);
  for (int p = 0; p < config.players; ++p) d.capital[p] = kStartCapital;
  StartPurchase(config, d);
}

// ---- The State interface -----------------------------------------------------------------------

namespace {

// Whether `player` owes a decision now: PlayersToAct().Contains(player) without the set, which
// LegalActions asks on every call.
bool OwesDecision(const Config& config, const KapKairoData& d, Player player) {
  if (player < 0 || player >= config.players) return false;
  switch (d.phase) {
    case Phase::kBid:
      return d.pending[player] < 0;
    case Phase::kChoose:
      return d.order[d.choose_index] == player;
    case Phase::kBuild:
      return d.current == player;
    case Phase::kOver:
      break;
  }
  return false;
}

}  // namespace

PlayerSet KapKairoState::PlayersToAct() const {
  switch (d_.phase) {
    case Phase::kBid: {
      uint32_t mask = 0;
      for (int p = 0; p < config().players; ++p) mask |= uint32_t(d_.pending[p] < 0) << p;
      return PlayerSet::FromMask(mask);
    }
    case Phase::kChoose:
      return PlayerSet::Single(d_.order[d_.choose_index]);
    case Phase::kBuild:
      return PlayerSet::Single(d_.current);
    case Phase::kOver:
      break;
  }
  return PlayerSet();
}

void KapKairoState::LegalActions(Player player, ActionList& out) const {
  out.Clear();
  if (!OwesDecision(config(), d_, player)) return;
  switch (d_.phase) {
    case Phase::kBid: {
      // Up to 181 bids, the largest list of the game: the first capital + 1 ids of the table of
      // every bid, copied in one block (a copy moves wider blocks than a loop writing the ids).
      static_assert(kBidActions.size() <= ActionList::kCapacity);
      const size_t count = size_t(d_.capital[player]) + 1;
      Action* first = out.Fill();
      std::memcpy(first, kBidActions.data(), count * sizeof(Action));
      out.End(first + count);
      return;
    }
    case Phase::kChoose:
      for (int slot = 0; slot < d_.auction_size; ++slot)
        if (IsFirstOfItsKind(config(), d_, slot)) out.PushBack(TakeAction(slot));
      return;
    case Phase::kBuild: {
      out.PushBack(kPassAction);
      for (int bonus = 0; bonus <= d_.bonus_count[player]; ++bonus)
        if (BuildCost(config(), d_, player, bonus) >= 0) out.PushBack(BuildAction(bonus));
      return;
    }
    case Phase::kOver:
      return;
  }
}

bool KapKairoState::IsLegal(Player player, Action action) const {
  if (!OwesDecision(config(), d_, player)) return false;
  switch (d_.phase) {
    case Phase::kBid:
      return action >= kFirstBidAction && action <= BidAction(d_.capital[player]);
    case Phase::kChoose: {
      const int slot = action - kFirstTakeAction;
      return slot >= 0 && slot < d_.auction_size && IsFirstOfItsKind(config(), d_, slot);
    }
    case Phase::kBuild:
      if (action == kPassAction) return true;
      if (action < kFirstBuildAction || action >= kNumDistinctActions) return false;
      return BuildCost(config(), d_, player, action - kFirstBuildAction) >= 0;
    case Phase::kOver:
      break;
  }
  return false;
}

void KapKairoState::ApplyUnchecked(Player player, Action action) {
  ++d_.move_number;
  switch (d_.phase) {
    case Phase::kBid:
      d_.pending[player] = int16_t(action - kFirstBidAction);
      for (int p = 0; p < config().players; ++p)
        if (d_.pending[p] < 0) return;
      ResolveBids(config(), d_);
      return;
    case Phase::kChoose:
      TakeCard(config(), d_, player, action - kFirstTakeAction);
      ContinueChoosing(config(), d_);
      return;
    case Phase::kBuild:
      if (action == kPassAction) {
        Pass(config(), d_, player);
      } else {
        Build(config(), d_, player, action - kFirstBuildAction);
      }
      return;
    case Phase::kOver:
      break;
  }
  SAVANNA_CHECK_MSG(false, "ApplyUnchecked on a finished game");
}

PlayerValues KapKairoState::Scores() const {
  PlayerValues scores{};
  for (int p = 0; p < config().players; ++p) scores[p] = d_.rows[p].built;
  return scores;
}

PlayerSet KapKairoState::Winners() const {
  PlayerSet winners;
  if (d_.phase != Phase::kOver) return winners;
  // "NothingToAuctionEndsTheGame": most landscapes, then most pounds, else shared. After an
  // eighth landscape its builder is the only player with eight, so the same ranking applies.
  int best = -1;
  for (int p = 0; p < config().players; ++p) {
    const int key = d_.rows[p].built * (kMaxCapital + 1) + d_.capital[p];
    if (key > best) {
      best = key;
      winners = PlayerSet();
    }
    if (key == best) winners.Insert(p);
  }
  return winners;
}

}  // namespace savanna::kap_kairo
