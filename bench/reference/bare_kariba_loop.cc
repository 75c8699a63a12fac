// The bare Kariba loop (bare_loop.h): standard Kariba (the 64-card deck, eight animals of
// eight cards, the closest weaker animal chased, one game, no face-up display). Every rule of it
// that a random game touches is here in a few lines; what random play never reads (what other
// players know of a hand, the last play for the views, move numbers) is left out.
#include <array>

#include "core/check.h"
#include "core/rng.h"
#include "reference/bare_loop.h"

namespace savanna::reference {
namespace {

constexpr int kAnimals = 8;
constexpr int kCopies = 8;
constexpr int kCards = kAnimals * kCopies;
constexpr int kHand = 5;
constexpr int kMaxPlayers = 4;

using Counts = std::array<uint8_t, kAnimals + 1>;  // by animal 1..8; index 0 unused

// One whole game from `game_seed`, moves chosen with `choice`, added to `run`.
void PlayOneGame(int players, uint64_t game_seed, Rng& choice, BareLoopRun& run) {
  Rng deal(game_seed);
  std::array<uint8_t, kCards> deck;
  int deck_size = 0;
  for (int animal = 1; animal <= kAnimals; ++animal)
    for (int i = 0; i < kCopies; ++i) deck[deck_size++] = uint8_t(animal);
  deal.Shuffle(deck.data(), size_t(deck_size));
  std::array<Counts, kMaxPlayers> hand{};
  std::array<int, kMaxPlayers> hand_size{};
  for (int p = 0; p < players; ++p)
    for (int c = 0; c < kHand; ++c) ++hand[p][deck[--deck_size]];
  hand_size.fill(kHand);
  Counts waterhole{};
  std::array<int, kMaxPlayers> score{};
  int current = 0;
  while (true) {
    Counts& h = hand[current];
    // The legal plays are (animal, count) for count 1..h[animal], animals in order: pick the
    // index, then find its play.
    int pick = int(choice.Below(uint32_t(hand_size[current])));
    int animal = 1;
    while (pick >= h[animal]) pick -= h[animal++];
    const int count = pick + 1;
    run.Move((animal - 1) * kHand + (count - 1));
    h[animal] = uint8_t(h[animal] - count);
    hand_size[current] -= count;
    waterhole[animal] = uint8_t(waterhole[animal] + count);
    if (waterhole[animal] >= 3) {
      int target = 0;
      if (animal == 1) {
        target = waterhole[kAnimals] > 0 ? kAnimals : 0;
      } else {
        for (int weaker = animal - 1; weaker >= 1 && target == 0; --weaker)
          if (waterhole[weaker] > 0) target = weaker;
      }
      if (target != 0) {
        score[current] += waterhole[target];
        waterhole[target] = 0;
      }
    }
    while (hand_size[current] < kHand && deck_size > 0) {
      ++h[deck[--deck_size]];
      ++hand_size[current];
    }
    if (hand_size[current] == 0) break;
    current = current + 1 == players ? 0 : current + 1;
  }
  for (int p = 0; p < players; ++p) run.score_sum += (p + 1) * score[p];
}

}  // namespace

BareLoopRun BareKaribaGames(int players, int64_t games, uint64_t seed) {
  SAVANNA_CHECK(players >= 2 && players <= kMaxPlayers);  // 5 and 6 need the nine-animal deck
  return PlayBareGames(games, seed, [players](uint64_t game_seed, Rng& choice, BareLoopRun& run) {
    PlayOneGame(players, game_seed, choice, run);
  });
}

}  // namespace savanna::reference
