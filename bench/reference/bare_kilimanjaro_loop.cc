// The bare Kilimanjaro loop (bare_loop.h): the standard game with the built-in components (56
// cards: four transport types of values 1-7, two of each; 8 banana, 4 lion and 4
// change-position counters; a 100-space trail with villages on 20, 40, 60 and 80). Counters
// live in an array by space and free spaces in a bit set; the events and covered cards the
// views need are left out.
#include <algorithm>
#include <array>
#include <bit>
#include <utility>

#include "core/check.h"
#include "core/rng.h"
#include "reference/bare_loop.h"

namespace savanna::reference {
namespace {

constexpr int kMaxPlayers = 4;
constexpr int kTypes = 4, kValues = 7, kCopies = 2;
constexpr int kCards = kTypes * kValues * kCopies;  // 56
constexpr int kValueSpan = 9;                       // a card's API number: type * 9 + value - 1
constexpr int kPiles = 3, kHand = 3;
constexpr int kTrail = 100, kVillageEvery = 20;
constexpr int kBanana = 1, kLion = 2, kChange = 3;   // on a space; 0: no counter
constexpr std::array<int, 3> kCounters = {8, 4, 4};  // banana, lion, change
constexpr int kTotalCounters = 16;

// API action ids (kilimanjaro_game.h).
constexpr int kSpacesPerKind = 128;
constexpr int kFirstPlay = 3 * kSpacesPerKind;     // 384
constexpr int kBananaMove = kFirstPlay + 36 * 12;  // 816
constexpr int kBananaStay = kBananaMove + 1;       // 817
constexpr int kFirstSwap = kBananaStay + 1;        // 818

struct Game {
  int players = 0;
  std::array<uint8_t, kCards> deck{};
  int deck_size = 0;
  std::array<std::array<uint8_t, kHand + 1>, kMaxPlayers> hand{};  // sorted
  std::array<int, kMaxPlayers> hand_size{};
  std::array<std::array<uint8_t, kPiles>, kMaxPlayers> top{};  // the piles' top cards
  std::array<uint8_t, kTrail> counter{};                       // by space
  std::array<std::array<uint8_t, 3>, kMaxPlayers> unplaced{};
  std::array<uint64_t, 2> free{};  // spaces a counter may still go on
  std::array<int, kMaxPlayers> position{};
  int current = 0;
  bool over = false;
};

int TypeOf(int card) { return card / kValueSpan; }
int ValueOf(int card) { return card % kValueSpan + 1; }

// The move of three top cards: all of a type, their sum; a pair of a type, the pair's sum;
// otherwise the highest value.
int Distance(const std::array<uint8_t, kPiles>& top) {
  const int ta = TypeOf(top[0]), tb = TypeOf(top[1]), tc = TypeOf(top[2]);
  const int va = ValueOf(top[0]), vb = ValueOf(top[1]), vc = ValueOf(top[2]);
  if (ta == tb && tb == tc) return va + vb + vc;
  if (ta == tb) return va + vb;
  if (ta == tc) return va + vc;
  if (tb == tc) return vb + vc;
  return std::max(va, std::max(vb, vc));
}

void AddToHand(Game& g, int player, int card) {
  auto& hand = g.hand[player];
  int i = g.hand_size[player]++;
  for (; i > 0 && hand[i - 1] > card; --i) hand[i] = hand[i - 1];
  hand[i] = uint8_t(card);
}

void DealCards(Game& g, Rng& rng) {
  g.deck_size = 0;
  for (int t = 0; t < kTypes; ++t)
    for (int v = 1; v <= kValues; ++v)
      for (int c = 0; c < kCopies; ++c) g.deck[g.deck_size++] = uint8_t(t * kValueSpan + v - 1);
  rng.Shuffle(g.deck.data(), size_t(g.deck_size));
  for (int p = 0; p < g.players; ++p) {
    for (int k = 0; k < kPiles; ++k) g.top[p][k] = g.deck[--g.deck_size];
    for (int k = 0; k < kHand; ++k) AddToHand(g, p, g.deck[--g.deck_size]);
  }
  g.current = 0;
}

// The `index`-th set bit of `free`, counted from space 0.
int NthFreeSpace(const std::array<uint64_t, 2>& free, int index) {
  int w = 0;
  if (index >= std::popcount(free[0])) {
    index -= std::popcount(free[0]);
    w = 1;
  }
  uint64_t bits = free[w];
  for (; index > 0; --index) bits &= bits - 1;
  return w * 64 + std::countr_zero(bits);
}

// One counter placed by the current player, then the next player holding some; after the last
// the cards are dealt.
void PlaceCounter(Game& g, Rng& choice, BareLoopRun& run, Rng& rng) {
  const int p = g.current;
  const int free = std::popcount(g.free[0]) + std::popcount(g.free[1]);
  int kinds = 0;
  for (int k = 0; k < 3; ++k) kinds += g.unplaced[p][k] > 0;
  const int pick = int(choice.Below(uint32_t(kinds * free)));
  int kind = 0;
  for (int skip = pick / free; g.unplaced[p][kind] == 0 || skip-- > 0;) ++kind;
  const int space = NthFreeSpace(g.free, pick % free);
  run.Move(kind * kSpacesPerKind + space);
  --g.unplaced[p][kind];
  g.counter[space] = uint8_t(kind + 1);
  for (int s = space - 1; s <= space + 1; ++s) g.free[s / 64] &= ~(uint64_t{1} << (s % 64));
  for (int i = 1; i <= g.players; ++i) {
    const int next = (p + i) % g.players;
    if (g.unplaced[next][0] + g.unplaced[next][1] + g.unplaced[next][2] > 0) {
      g.current = next;
      return;
    }
  }
  DealCards(g, rng);
}

void EndTurn(Game& g) {
  const int p = g.current;
  if (g.deck_size > 0) AddToHand(g, p, g.deck[--g.deck_size]);
  int next = p;
  for (int i = 0; i < g.players; ++i) {
    next = next + 1 == g.players ? 0 : next + 1;
    if (g.hand_size[next] > 0) {
      g.current = next;
      return;
    }
  }
  g.over = true;  // the deck and every hand are played out
}

// The current player moves `distance` and meets what lies where the move stops; a banana asks
// whether to move again (and may chain).
void Move(Game& g, int distance, Rng& choice, BareLoopRun& run) {
  const int p = g.current;
  while (true) {
    const int to = g.position[p] + distance;
    if (to >= kTrail) {
      g.position[p] = kTrail;
      g.over = true;
      return;
    }
    g.position[p] = to;
    switch (g.counter[to]) {
      case kBanana:
        if (choice.Below(2) == 0) {
          run.Move(kBananaMove);
          continue;
        }
        run.Move(kBananaStay);
        break;
      case kLion:
        g.position[p] = (to - 1) / kVillageEvery * kVillageEvery;
        break;
      case kChange: {
        g.counter[to] = 0;
        int other = int(choice.Below(uint32_t(g.players - 1)));
        other += other >= p;
        run.Move(kFirstSwap + other);
        std::swap(g.position[p], g.position[other]);
        break;
      }
      default:
        break;
    }
    EndTurn(g);
    return;
  }
}

// One card played onto a pile of the player's or of an expedition level or ahead, then the
// move by the player's own top cards.
void PlayCard(Game& g, Rng& choice, BareLoopRun& run) {
  const int p = g.current;
  auto& hand = g.hand[p];
  std::array<uint8_t, kMaxPlayers> targets;
  int num_targets = 0;
  for (int seat = 0; seat < g.players; ++seat)
    if (seat == p || g.position[seat] >= g.position[p]) targets[num_targets++] = uint8_t(seat);
  int distinct = 1;
  for (int i = 1; i < g.hand_size[p]; ++i) distinct += hand[i] != hand[i - 1];
  const int per_card = num_targets * kPiles;
  const int pick = int(choice.Below(uint32_t(distinct * per_card)));
  int i = 0;
  for (int skip = pick / per_card; skip > 0; --skip)
    for (const int card = hand[i]; hand[i] == card;) ++i;
  const int card = hand[i];
  const int seat = targets[pick % per_card / kPiles], pile = pick % kPiles;
  run.Move(kFirstPlay + card * 12 + seat * kPiles + pile);
  for (--g.hand_size[p]; i < g.hand_size[p]; ++i) hand[i] = hand[i + 1];
  g.top[seat][pile] = uint8_t(card);
  Move(g, Distance(g.top[p]), choice, run);
}

void PlayOneGame(int players, uint64_t game_seed, Rng& choice, BareLoopRun& run) {
  Rng rng(game_seed);
  Game g;
  g.players = players;
  std::array<uint8_t, kTotalCounters> pool;
  int n = 0;
  for (int k = 0; k < 3; ++k)
    for (int i = 0; i < kCounters[k]; ++i) pool[n++] = uint8_t(k);
  rng.Shuffle(pool.data(), size_t(n));
  for (int i = 0; i < n; ++i) ++g.unplaced[i % players][pool[i]];
  for (int s = 1; s < kTrail; ++s)
    if (s % kVillageEvery != 0) g.free[s / 64] |= uint64_t{1} << (s % 64);
  for (int placed = 0; placed < kTotalCounters; ++placed) PlaceCounter(g, choice, run, rng);
  while (!g.over) PlayCard(g, choice, run);
  for (int p = 0; p < players; ++p) run.score_sum += (p + 1) * g.position[p];
}

}  // namespace

BareLoopRun BareKilimanjaroGames(int players, int64_t games, uint64_t seed) {
  SAVANNA_CHECK(players >= 2 && players <= kMaxPlayers);
  return PlayBareGames(games, seed, [players](uint64_t game_seed, Rng& choice, BareLoopRun& run) {
    PlayOneGame(players, game_seed, choice, run);
  });
}

}  // namespace savanna::reference
