// The bare Vom Kap bis Kairo loop (bare_loop.h): the built-in 50 cards (five terrains needing
// 10, 9, 8, 7 and 6 tracks, the river first; in each, ten cards paying 1-10 pounds with
// 3, 3, 2, 2, 2, 1, 1, 1, 0, 0 tracks). No two of these cards are alike, so every auction
// card is a choice of its own. The tracks of the build pool and of each row's open cards are
// kept as running sums; the last auction and build kept for the views are left out.
#include <algorithm>
#include <array>
#include <utility>

#include "core/check.h"
#include "core/rng.h"
#include "reference/bare_loop.h"

namespace savanna::reference {
namespace {

constexpr int kMaxPlayers = 4;
constexpr int kCards = 50;
constexpr std::array<uint8_t, 5> kTracksNeeded = {10, 9, 8, 7, 6};  // river first
constexpr std::array<uint8_t, 10> kTracksByPounds = {3, 3, 2, 2, 2, 1, 1, 1, 0, 0};
constexpr int kStartCapital = 100, kPoundsPerTrack = 10, kToWin = 8, kMaxBonus = 5;

// API action ids (kap_kairo_game.h): bids are their pounds.
constexpr int kFirstTake = 181, kPass = 185, kFirstBuild = 186;

int Terrain(int card) { return card / 10; }
int Pounds(int card) { return card % 10 + 1; }
int Tracks(int card) { return kTracksByPounds[card % 10]; }

struct Stack {
  std::array<uint8_t, kCards> cards;
  int size = 0;
  void Push(int card) { cards[size++] = uint8_t(card); }
};

struct Game {
  int players = 0;
  Rng rng;
  Stack pile, discard, pool;  // pool: the cards revealed in this build phase
  int pool_tracks = 0;
  std::array<uint8_t, kMaxPlayers> auction;
  int auction_size = 0;
  std::array<std::array<uint8_t, kCards>, kMaxPlayers> row;
  std::array<int, kMaxPlayers> row_size{}, built{}, open_tracks{};
  std::array<std::array<uint8_t, kMaxBonus>, kMaxPlayers> bonus;
  std::array<int, kMaxPlayers> bonus_count{}, capital{}, bid{};
  std::array<uint8_t, kMaxPlayers> order;
  std::array<uint8_t, kCards> tie_cards;  // cards drawn to break ties, discarded afterwards
  int tie_draws = 0;
  int current = 0;
  bool reveal_failed = false;
  bool over = false;
};

// The pile's top card; an empty pile is first refilled from the shuffled discard pile.
bool Draw(Game& g, int& card) {
  if (g.pile.size == 0) {
    if (g.discard.size == 0) return false;
    g.pile = g.discard;
    g.discard.size = 0;
    g.rng.Shuffle(g.pile.cards.data(), size_t(g.pile.size));
  }
  card = g.pile.cards[--g.pile.size];
  return true;
}

bool HasOpen(const Game& g, int p) { return g.built[p] < g.row_size[p]; }

// Reveals one card per player for a purchase; without any the game is over.
void StartPurchase(Game& g) {
  g.reveal_failed = false;
  g.auction_size = 0;
  for (int card, i = 0; i < g.players && Draw(g, card); ++i)
    g.auction[g.auction_size++] = uint8_t(card);
  g.over = g.auction_size == 0;
}

void BeginTurn(Game& g, int player) {
  g.current = player;
  int card;
  g.reveal_failed = !Draw(g, card);
  if (!g.reveal_failed) {
    g.pool.Push(card);
    g.pool_tracks += Tracks(card);
  }
}

void DiscardPool(Game& g) {
  for (int i = 0; i < g.pool.size; ++i) g.discard.Push(g.pool.cards[i]);
  g.pool.size = 0;
  g.pool_tracks = 0;
}

// Orders the tied players order[lo, hi) by the pounds of a card each draws, highest first;
// those still tied draw again; with no card left, by lot.
void BreakTie(Game& g, int lo, int hi) {
  std::array<int, kMaxPlayers> value{};
  for (int card, i = lo; i < hi; ++i) {
    if (!Draw(g, card)) {
      g.rng.Shuffle(g.order.data() + lo, size_t(hi - lo));
      return;
    }
    g.tie_cards[g.tie_draws++] = uint8_t(card);
    value[i] = Pounds(card);
  }
  for (int i = lo + 1; i < hi; ++i)
    for (int j = i; j > lo && value[j] > value[j - 1]; --j) {
      std::swap(value[j], value[j - 1]);
      std::swap(g.order[j], g.order[j - 1]);
    }
  for (int i = lo; i < hi;) {
    int j = i + 1;
    while (j < hi && value[j] == value[i]) ++j;
    if (j - i > 1) BreakTie(g, i, j);
    i = j;
  }
}

// A land purchase: sealed bids (entered seat by seat, as the API's first player to act), all
// paid; in bid order each player takes a card; then the best bidder opens the build phase.
void Purchase(Game& g, Rng& choice, BareLoopRun& run) {
  const int n = g.players;
  for (int p = 0; p < n; ++p) {
    g.bid[p] = int(choice.Below(uint32_t(g.capital[p] + 1)));
    run.Move(g.bid[p]);
  }
  for (int p = 0; p < n; ++p) {
    g.capital[p] -= g.bid[p];
    g.order[p] = uint8_t(p);
  }
  // Higher bid first, then less capital left; the rest of a tie is broken by drawn cards.
  auto key = [&](int p) { return g.bid[p] * 256 - g.capital[p]; };
  for (int i = 1; i < n; ++i)
    for (int j = i; j > 0 && key(g.order[j]) > key(g.order[j - 1]); --j)
      std::swap(g.order[j], g.order[j - 1]);
  g.tie_draws = 0;
  for (int i = 0; i < n;) {
    int j = i + 1;
    while (j < n && key(g.order[j]) == key(g.order[i])) ++j;
    if (j - i > 1) BreakTie(g, i, j);
    i = j;
  }
  for (int i = 0; i < g.tie_draws; ++i) g.discard.Push(g.tie_cards[i]);
  for (int k = 0; g.auction_size > 0; ++k) {
    int slot = 0;
    if (g.auction_size > 1) {
      slot = int(choice.Below(uint32_t(g.auction_size)));
      run.Move(kFirstTake + slot);
    }
    const int p = g.order[k], card = g.auction[slot];
    g.row[p][g.row_size[p]++] = uint8_t(card);
    g.open_tracks[p] += Tracks(card);
    for (int i = slot + 1; i < g.auction_size; ++i) g.auction[i - 1] = g.auction[i];
    --g.auction_size;
  }
  BeginTurn(g, g.order[0]);
}

// The builder's landscape is built with `bonus` bonus tracks; its neighbours waiting before a
// river get bonus tracks; a purchase follows when some row has nothing open.
void Build(Game& g, int bonus, int pounds) {
  const int p = g.current;
  const int card = g.row[p][g.built[p]];
  g.capital[p] += Pounds(card) - pounds;
  for (int i = 0; i < bonus; ++i) g.discard.Push(g.bonus[p][--g.bonus_count[p]]);
  g.open_tracks[p] -= Tracks(card);
  DiscardPool(g);
  if (++g.built[p] == kToWin) {
    g.over = true;
    return;
  }
  for (int k = 1; k < g.players; ++k) {
    const int q = (p + k) % g.players;
    if (!HasOpen(g, q) || Terrain(g.row[q][g.built[q]]) != 0 || g.bonus_count[q] >= kMaxBonus)
      continue;
    int drawn;
    if (!Draw(g, drawn)) break;
    g.bonus[q][g.bonus_count[q]++] = uint8_t(drawn);
  }
  for (int q = 0; q < g.players; ++q)
    if (!HasOpen(g, q)) {
      StartPurchase(g);
      return;
    }
  BeginTurn(g, p);
}

// One build decision: pass, or build with any affordable number of bonus tracks (at most the
// tracks needed); pounds pay the tracks still missing.
void Decide(Game& g, Rng& choice, BareLoopRun& run) {
  const int p = g.current;
  int lowest = 1, highest = 0;  // the bonus tracks a build may spend: [lowest, highest]
  int needed = 0, free = 0;
  if (HasOpen(g, p)) {
    needed = kTracksNeeded[Terrain(g.row[p][g.built[p]])];
    free = g.pool_tracks + g.open_tracks[p];
    lowest = std::max(0, needed - free - g.capital[p] / kPoundsPerTrack);
    highest = std::min(g.bonus_count[p], needed);
  }
  const int builds = std::max(0, highest - lowest + 1);
  const int pick = int(choice.Below(uint32_t(1 + builds)));
  if (pick == 0) {
    run.Move(kPass);
    if (g.reveal_failed) {
      DiscardPool(g);
      StartPurchase(g);
    } else {
      BeginTurn(g, (p + 1) % g.players);
    }
    return;
  }
  const int bonus = lowest + pick - 1;
  run.Move(kFirstBuild + bonus);
  Build(g, bonus, std::max(0, needed - free - bonus) * kPoundsPerTrack);
}

void PlayOneGame(int players, uint64_t game_seed, Rng& choice, BareLoopRun& run) {
  Game g;
  g.players = players;
  g.rng.Seed(game_seed);
  for (int c = 0; c < kCards; ++c) g.pile.Push(c);
  g.rng.Shuffle(g.pile.cards.data(), size_t(g.pile.size));
  g.capital.fill(kStartCapital);
  StartPurchase(g);
  while (!g.over) {
    Purchase(g, choice, run);
    // The build phase lasts until a purchase reveals its cards (or the game ends).
    while (!g.over && g.auction_size == 0) Decide(g, choice, run);
  }
  for (int p = 0; p < players; ++p) run.score_sum += (p + 1) * g.built[p];
}

}  // namespace

BareLoopRun BareKapKairoGames(int players, int64_t games, uint64_t seed) {
  SAVANNA_CHECK(players >= 2 && players <= kMaxPlayers);
  return PlayBareGames(games, seed, [players](uint64_t game_seed, Rng& choice, BareLoopRun& run) {
    PlayOneGame(players, game_seed, choice, run);
  });
}

}  // namespace savanna::reference
