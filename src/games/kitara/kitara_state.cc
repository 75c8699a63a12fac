// KitaraState: the State interface over KitaraData, hidden information (determinization),
// scores and winners.
#include "games/kitara/kitara_state.h"

#include <algorithm>
#include <typeinfo>

#include "core/check.h"

namespace savanna::kitara {
namespace {

// Takes one token at random out of `pool` (which must not be empty); returns its value index.
int DrawFrom(TokenCounts& pool, int& pool_size, Rng& rng) {
  int r = int(rng.Below(uint32_t(pool_size)));
  for (int v = 0; v < kMaxTokenKinds; ++v) {
    if (r < pool[v]) {
      --pool[v];
      --pool_size;
      return v;
    }
    r -= pool[v];
  }
  SAVANNA_CHECK(false);
  return 0;
}

}  // namespace

PlayerSet KitaraState::PlayersToAct() const {
  return d_.phase == Phase::kOver ? PlayerSet() : PlayerSet::Single(Actor(d_));
}

void KitaraState::LegalActions(Player player, ActionList& out) const {
  out.Clear();
  if (d_.phase == Phase::kOver || player != Actor(d_)) return;
  AppendLegal(config(), d_, out);
}

bool KitaraState::IsLegal(Player player, Action action) const {
  if (d_.phase == Phase::kOver || player != Actor(d_)) return false;
  if (action < 0 || action >= kNumDistinctActions) return false;
  return IsLegalNow(config(), d_, action);
}

void KitaraState::ApplyUnchecked(Player, Action action) {
  ++d_.move_number;
  ApplyAction(config(), d_, action);
}

void KitaraState::DeterminizeInPlace(Player viewer, Rng& rng) {
  const Config& c = config();
  // Hero tokens: the values held by the other players (and those the current player drew this
  // turn, if that is another player) and the bag's contents are unseen. Pool them and deal every
  // hidden place as many tokens as it held; the rest is the bag. After the end every token
  // held is revealed, so only the bag stays hidden.
  if (d_.phase != Phase::kOver) {
    TokenCounts pool = d_.bag;
    std::array<int, kMaxSeats> held{};
    int drawn = 0;
    for (int p = 0; p < c.players; ++p) {
      if (p == viewer) continue;
      held[p] = TokenCount(d_.tokens[p]);
      for (int v = 0; v < kMaxTokenKinds; ++v) pool[v] = uint8_t(pool[v] + d_.tokens[p][v]);
      d_.tokens[p] = {};
      if (p == d_.current) {
        drawn = TokenCount(d_.drawn);
        for (int v = 0; v < kMaxTokenKinds; ++v) pool[v] = uint8_t(pool[v] + d_.drawn[v]);
        d_.drawn = {};
      }
    }
    int pool_size = TokenCount(pool);
    for (int p = 0; p < c.players; ++p)
      for (int i = 0; i < held[p]; ++i) ++d_.tokens[p][DrawFrom(pool, pool_size, rng)];
    for (int i = 0; i < drawn; ++i) ++d_.drawn[DrawFrom(pool, pool_size, rng)];
    d_.bag = pool;
  }
  // The deck: which cards of each age remain is public, their order is not.
  for (int first = 0; first < d_.deck_size;) {
    const int age = c.cards[d_.deck[first]].age;
    int end = first + 1;
    while (end < d_.deck_size && c.cards[d_.deck[end]].age == age) ++end;
    rng.ShuffleIgnoringOrder(d_.deck.data() + first, size_t(end - first));
    first = end;
  }
  d_.rng.Seed(rng.Next());
}

PlayerValues KitaraState::Scores() const {
  // Decision ScoresBeforeTheEndAreTheTrack: hero tokens count only once revealed at the end.
  PlayerValues scores{};
  for (int p = 0; p < config().players; ++p)
    scores[p] = IsTerminal() ? FinalScore(config(), d_, p) : d_.prosperity[p];
  return scores;
}

PlayerSet KitaraState::Winners() const {
  PlayerSet winners;
  if (!IsTerminal()) return winners;
  // The most points; among those, the most hero tokens; then the win is shared.
  int best_score = -1, best_tokens = -1;
  for (int p = 0; p < config().players; ++p) {
    const int score = FinalScore(config(), d_, p), tokens = TokenCount(d_.tokens[p]);
    if (score > best_score || (score == best_score && tokens > best_tokens)) {
      best_score = score;
      best_tokens = tokens;
      winners = PlayerSet::Single(p);
    } else if (score == best_score && tokens == best_tokens) {
      winners.Insert(p);
    }
  }
  return winners;
}

}  // namespace savanna::kitara
