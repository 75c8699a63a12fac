// Vom Kap bis Kairo's rules: set-up, the land purchase (sealed bids, tie-breaks, choosing), track
// building (reveal, pass, build and pay, river bonus tracks) and the end. Decisions the text
// leaves open are named after their rows in docs/rules/kap_kairo.md.
#include <algorithm>
#include <typeinfo>

#include "core/check.h"
#include "games/kap_kairo/kap_kairo_state.h"

namespace savanna::kap_kairo {
namespace {

// Draws the top card of the pile into `card`. An empty pile is first refilled by shuffling the
// discard pile ("EmptyPileIsRefilledFromTheDiscardPile"). False when both are empty.
bool DrawCard(KapKairoData& d, int& card) {
  if (d.pile.Empty()) {
    if (d.discard.Empty()) return false;
    d.pile = d.discard;
    d.discard.size = 0;
    d.rng.Shuffle(d.pile.cards.data(), d.pile.size);
  }
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

void BeginTurn(KapKairoData& d, int player) {
  d.current = uint8_t(player);
  int card;
  d.reveal_failed = !DrawCard(d, card);
  if (!d.reveal_failed) d.revealed.Push(card);
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

void StartBuildPhase(KapKairoData& d, int starter) {
  d.phase = Phase::kBuild;
  BeginTurn(d, starter);
}

void TakeCard(KapKairoData& d, int player, int slot) {
  Row& row = d.rows[player];
  row.cards[row.size++] = d.auction[slot];
  for (int i = slot + 1; i < d.auction_size; ++i) d.auction[i - 1] = d.auction[i];
  --d.auction_size;
  ++d.choose_index;
}

// A choice between identical cards is no choice: it is made automatically. When every card is
// taken, the best bidder opens the build phase.
void ContinueChoosing(const Config& config, KapKairoData& d) {
  while (d.auction_size > 0 && AllAuctionCardsAlike(config, d))
    TakeCard(d, d.order[d.choose_index], 0);
  if (d.auction_size == 0) StartBuildPhase(d, d.order[0]);
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
  for (int i = 0; i < d.revealed.size; ++i) d.discard.Push(d.revealed.cards[i]);
  d.revealed.size = 0;
}

// "BothPilesEmptyPassEndsTheBuildPhase": a pass with nothing left to reveal ends the phase.
void Pass(const Config& config, KapKairoData& d, int player) {
  if (d.reveal_failed) {
    DiscardRevealed(d);
    StartPurchase(config, d);
    return;
  }
  BeginTurn(d, (player + 1) % config.players);
}

// After a build, every other player waiting before a river gets a bonus track (a face-down
// card from the pile), at most kMaxBonusTracks each; from the builder's left neighbour on.
void GrantRiverBonus(const Config& config, KapKairoData& d, int builder) {
  for (int k = 1; k < config.players; ++k) {
    const int q = (builder + k) % config.players;
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
  BeginTurn(d, player);
}

}  // namespace

// ---- Queries used by the views and the JSON reader ---------------------------------------------

int FreeTracks(const Config& config, const KapKairoData& d, int player) {
  int tracks = 0;
  for (int i = 0; i < d.revealed.size; ++i) tracks += config.card(d.revealed.cards[i]).tracks;
  const Row& row = d.rows[player];
  for (int i = row.built; i < row.size; ++i) tracks += config.card(row.cards[i]).tracks;
  return tracks;
}

namespace {

// BuildCost with the player's FreeTracks already counted (`free_tracks`), so that LegalActions
// counts them once for all its bonus values.
int BuildCostGivenFreeTracks(const Config& config, const KapKairoData& d, int player, int bonus,
                             int free_tracks) {
  const Row& row = d.rows[player];
  if (!row.HasOpen() || bonus < 0 || bonus > d.bonus_count[player]) return -1;
  const int needed = config.terrain_of(row.Front()).tracks_needed;
  // "UnneededBonusTracksMayBeSpent": up to the tracks needed; pounds only for missing tracks.
  if (bonus > needed) return -1;
  const int missing = std::max(0, needed - free_tracks - bonus);
  const int pounds = missing * kPoundsPerTrack;
  return pounds <= d.capital[player] ? pounds : -1;
}

}  // namespace

int BuildCost(const Config& config, const KapKairoData& d, int player, int bonus) {
  return BuildCostGivenFreeTracks(config, d, player, bonus, FreeTracks(config, d, player));
}

bool IsFirstOfItsKind(const Config& config, const KapKairoData& d, int slot) {
  for (int i = 0; i < slot; ++i)
    if (SameCard(config, d.auction[i], d.auction[slot])) return false;
  return true;
}

void SetUpGame(const Config& config, KapKairoData& d) {
  d.pile.size = 0;
  for (int c = 0; c < config.num_cards; ++c) d.pile.Push(c);
  d.rng.Shuffle(d.pile.cards.data(), d.pile.size);
  for (int p = 0; p < config.players; ++p) d.capital[p] = kStartCapital;
  StartPurchase(config, d);
}

// ---- The State interface -----------------------------------------------------------------------

KapKairoState::KapKairoState(const KapKairoGame& game, uint64_t seed) : StateBase(game) {
  d_.rng.Seed(seed);
  SetUpGame(config(), d_);
}

PlayerSet KapKairoState::PlayersToAct() const {
  switch (d_.phase) {
    case Phase::kBid: {
      PlayerSet set;
      for (int p = 0; p < config().players; ++p)
        if (d_.pending[p] < 0) set.Insert(p);
      return set;
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
  if (!PlayersToAct().Contains(player)) return;
  switch (d_.phase) {
    case Phase::kBid:
      for (int pounds = 0; pounds <= d_.capital[player]; ++pounds) out.PushBack(BidAction(pounds));
      return;
    case Phase::kChoose:
      for (int slot = 0; slot < d_.auction_size; ++slot)
        if (IsFirstOfItsKind(config(), d_, slot)) out.PushBack(TakeAction(slot));
      return;
    case Phase::kBuild: {
      out.PushBack(kPassAction);
      const int free_tracks = FreeTracks(config(), d_, player);
      for (int bonus = 0; bonus <= d_.bonus_count[player]; ++bonus)
        if (BuildCostGivenFreeTracks(config(), d_, player, bonus, free_tracks) >= 0)
          out.PushBack(BuildAction(bonus));
      return;
    }
    case Phase::kOver:
      return;
  }
}

bool KapKairoState::IsLegal(Player player, Action action) const {
  if (!PlayersToAct().Contains(player)) return false;
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
      TakeCard(d_, player, action - kFirstTakeAction);
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
