// The bare Kalimambo loop (bare_loop.h): the built-in components (cards 0-11, 6 dung heaps at
// least 2 apart, 3 minus points for dung) on the default 32-space loop, with a random set-up.
// Figures are kept as offsets from the rhino (1 = directly in front of it) with a bit set of the
// occupied offsets; the moves kept for the views are left out.
#include <algorithm>
#include <array>
#include <bit>
#include <utility>

#include "core/check.h"
#include "core/rng.h"
#include "reference/bare_loop.h"

namespace savanna::reference {
namespace {

constexpr int kMaxPlayers = 7;
constexpr int kTrack = 32;
constexpr int kCards = 12;  // values 0-11, one round each
constexpr int kHeaps = 6, kHeapGap = 2, kDung = 3;

struct Game {
  int players = 0;
  int kali = 0;  // Kali's figure: the index after the seats
  std::array<int, kMaxPlayers + 1> offset{};
  uint64_t occupied = 0;  // bit o: a figure on offset o
  int rhino = 0;          // the rhino's space
  uint64_t heaps = 0;     // bit s: a heap on space s
  std::array<uint16_t, kMaxPlayers> hand{};
  std::array<int, kMaxPlayers> minus{};
  std::array<uint8_t, kCards> kali_deck{};
};

void SetUp(Game& g, int players, Rng& rng) {
  g.players = players;
  g.kali = players;
  g.rhino = int(rng.Below(kTrack));
  std::array<uint8_t, kMaxPlayers> order;
  for (int i = 0; i < players; ++i) order[i] = uint8_t(i);
  rng.Shuffle(order.data(), size_t(players));
  for (int i = 0; i < players; ++i) g.offset[order[i]] = i + 1;
  g.offset[g.kali] = players + 1;
  g.occupied = ((uint64_t{1} << (players + 1)) - 1) << 1;
  // The heaps: kHeaps of the slots in front of Kali, drawn by a partial shuffle, sorted, then
  // spread kHeapGap apart.
  const int first = g.rhino + players + 2;
  const int slots = kTrack - players - 2 - (kHeaps - 1) * (kHeapGap - 1);
  std::array<uint8_t, kTrack> slot;
  for (int i = 0; i < slots; ++i) slot[i] = uint8_t(i);
  for (int i = 0; i < kHeaps; ++i)
    std::swap(slot[i], slot[i + int(rng.Below(uint32_t(slots - i)))]);
  std::sort(slot.begin(), slot.begin() + kHeaps);
  for (int i = 0; i < kHeaps; ++i)
    g.heaps |= uint64_t{1} << ((first + slot[i] + i * (kHeapGap - 1)) % kTrack);
  for (int v = 0; v < kCards; ++v) g.kali_deck[v] = uint8_t(v);
  rng.Shuffle(g.kali_deck.data(), kCards);
  for (int p = 0; p < players; ++p) g.hand[p] = (1u << kCards) - 1;
}

// Minus points for `figure`; Kali's go to every seat of `lowest`.
void Charge(Game& g, int figure, int points, uint32_t lowest) {
  if (figure != g.kali) {
    g.minus[figure] += points;
    return;
  }
  for (; lowest != 0; lowest &= lowest - 1) g.minus[std::countr_zero(lowest)] += points;
}

// `figure` runs to the first free space in front of the leader (past the rhino when the group
// reaches round to it); dung where it lands costs; if it left the space in front of the rhino,
// the rhino runs up behind the new last figure, a point per space.
void MoveFigure(Game& g, int figure, uint32_t lowest) {
  const int leader = std::bit_width(g.occupied) - 1;
  const int from = g.offset[figure];
  if (from == leader) return;
  const int to = leader + 1 < kTrack ? leader + 1 : std::countr_one(g.occupied >> 1) + 1;
  g.offset[figure] = to;
  g.occupied ^= (uint64_t{1} << from) | (uint64_t{1} << to);
  if ((g.heaps >> ((g.rhino + to) % kTrack)) & 1) Charge(g, figure, kDung, lowest);
  if (from != 1) return;
  const int run = std::countr_zero(g.occupied) - 1;
  g.occupied >>= run;
  g.rhino = (g.rhino + run) % kTrack;
  int rear = 0;
  for (int f = 0; f <= g.kali; ++f)
    if ((g.offset[f] -= run) == 1) rear = f;
  Charge(g, rear, run, lowest);
}

// One round: every seat picks a card (seat by seat, as the API's first player to act), Kali's
// card is turned, and the figures move from the highest card down; of equal cards only the
// rearmost figure moves, and a 0 never moves.
void PlayRound(Game& g, int round, Rng& choice, BareLoopRun& run) {
  std::array<uint16_t, kCards> by_value{};  // figures (bits) that played each value
  uint32_t values = 0;                      // bit v: somebody played v
  for (int p = 0; p < g.players; ++p) {
    uint32_t cards = g.hand[p];
    for (int skip = int(choice.Below(uint32_t(kCards - round))); skip > 0; --skip)
      cards &= cards - 1;
    const int v = std::countr_zero(cards);
    run.Move(v);
    g.hand[p] = uint16_t(g.hand[p] & ~(1u << v));
    by_value[v] = uint16_t(by_value[v] | (1u << p));
    values |= 1u << v;
  }
  const uint32_t lowest = by_value[std::countr_zero(values)];
  const int kali_value = g.kali_deck[round];
  by_value[kali_value] = uint16_t(by_value[kali_value] | (1u << g.kali));
  for (values = (values | 1u << kali_value) & ~1u; values != 0;) {
    const int v = std::bit_width(values) - 1;
    values ^= 1u << v;
    uint32_t figures = by_value[v];
    int mover = std::countr_zero(figures);
    for (figures &= figures - 1; figures != 0; figures &= figures - 1)
      if (g.offset[std::countr_zero(figures)] < g.offset[mover]) mover = std::countr_zero(figures);
    MoveFigure(g, mover, lowest);
  }
}

void PlayOneGame(int players, uint64_t game_seed, Rng& choice, BareLoopRun& run) {
  Rng rng(game_seed);
  Game g;
  SetUp(g, players, rng);
  for (int round = 0; round < kCards; ++round) PlayRound(g, round, choice, run);
  for (int p = 0; p < players; ++p) run.score_sum -= (p + 1) * g.minus[p];
}

}  // namespace

BareLoopRun BareKalimamboGames(int players, int64_t games, uint64_t seed) {
  SAVANNA_CHECK(players >= 2 && players <= kMaxPlayers);
  return PlayBareGames(games, seed, [players](uint64_t game_seed, Rng& choice, BareLoopRun& run) {
    PlayOneGame(players, game_seed, choice, run);
  });
}

}  // namespace savanna::reference
