// Kariba's rules: dealing, legal actions, playing and chasing, drawing, the end of a game and of
// the match. Each rule decision the text leaves open is named after its row in
// docs/rules/kariba.md.
#include <algorithm>
#include <typeinfo>

#include "core/check.h"
#include "games/kariba/kariba_state.h"

namespace savanna::kariba {
namespace {

constexpr int AnimalOfPlay(Action a) { return (a - kFirstPlayAction) / kHandSize + 1; }
constexpr int CountOfPlay(Action a) { return (a - kFirstPlayAction) % kHandSize + 1; }

bool DisplayHas(const KaribaData& d, int animal) {
  return std::find(d.display.begin(), d.display.end(), animal) != d.display.end();
}

bool DisplayEmpty(const KaribaData& d) {
  return std::all_of(d.display.begin(), d.display.end(), [](uint8_t a) { return a == 0; });
}

// Decision "drawing is compulsory": a player fills the hand to five while any source has cards.
bool CanDraw(const KaribaData& d, int player) {
  return HandSize(d.hand[player]) < kHandSize && (d.deck_size > 0 || !DisplayEmpty(d));
}

void DrawFromPile(KaribaData& d, int player) {
  SAVANNA_CHECK(d.deck_size > 0);
  ++d.hand[player][d.deck[--d.deck_size]];
}

void RefillDisplay(KaribaData& d) {
  for (auto& slot : d.display)
    if (slot == 0 && d.deck_size > 0) slot = d.deck[--d.deck_size];
}

// Records the finished game and deals the next one of the match, or ends the match.
void EndGame(const Config& config, KaribaData& d) {
  for (int p = 0; p < config.players; ++p) d.finished[d.game_index][p] = PileSize(d.pile[p]);
  ++d.game_index;
  if (d.game_index < config.games) {
    // Decision "match: the next game's starter": the seat after the previous starter.
    DealGame(config, d, (d.starter + 1) % config.players);
  } else {
    d.phase = Phase::kGameOver;
  }
}

// `hand_size`: the size of the current player's hand now.
void EndTurn(const Config& config, KaribaData& d, int hand_size) {
  const int player = d.current;
  if (config.open_display) RefillDisplay(d);
  // The game ends when a player finishes a turn without cards (the pile, and in the open
  // variant the display, could not refill the hand).
  if (hand_size == 0) {
    EndGame(config, d);
    return;
  }
  d.current = uint8_t(player + 1 == config.players ? 0 : player + 1);
  d.phase = Phase::kPlay;
}

void Play(const Config& config, KaribaData& d, int player, int animal, int count) {
  // Counted before the hand changes (reading it just after the writes would stall the CPU).
  const int size_after_play = HandSize(d.hand[player]) - count;
  d.hand[player][animal] = uint8_t(d.hand[player][animal] - count);
  d.known[player][animal] = uint8_t(std::max(0, d.known[player][animal] - count));
  d.waterhole[animal] = uint8_t(d.waterhole[animal] + count);
  d.last = LastPlay{int8_t(player), uint8_t(animal), uint8_t(count), 0, 0};
  const int target = ChaseTarget(config, d.waterhole, animal);
  if (target != 0) {
    d.last.chased = uint8_t(target);
    d.last.captured = d.waterhole[target];
    d.pile[player][target] = uint8_t(d.pile[player][target] + d.waterhole[target]);
    d.waterhole[target] = 0;
  }
  if (!config.open_display) {
    // Refill the hand to five, its size known without counting it again after every card.
    int size = size_after_play;
    for (; size < kHandSize && d.deck_size > 0; ++size) DrawFromPile(d, player);
    EndTurn(config, d, size);
  } else if (CanDraw(d, player)) {
    d.phase = Phase::kDraw;
  } else {
    EndTurn(config, d, size_after_play);
  }
}

void Draw(const Config& config, KaribaData& d, int player, Action action) {
  if (action == kDrawPileAction) {
    DrawFromPile(d, player);
  } else {
    const int animal = action - kFirstTakeAction + 1;
    *std::find(d.display.begin(), d.display.end(), animal) = 0;
    ++d.hand[player][animal];
    ++d.known[player][animal];
  }
  if (!CanDraw(d, player)) EndTurn(config, d, HandSize(d.hand[player]));
}

}  // namespace

void DealGame(const Config& config, KaribaData& d, int starter) {
  d.deck_size = 0;
  for (int animal = 1; animal <= config.animals; ++animal)
    for (int i = 0; i < config.copies[animal]; ++i) d.deck[d.deck_size++] = uint8_t(animal);
  d.rng.Shuffle(d.deck.data(), d.deck_size);
  d.hand = {};
  d.known = {};
  d.pile = {};
  d.waterhole = {};
  d.display = {};
  d.last = LastPlay{};
  for (int i = 0; i < config.players; ++i) {
    const int player = (starter + i) % config.players;
    for (int c = 0; c < kHandSize; ++c) DrawFromPile(d, player);
  }
  if (config.open_display) RefillDisplay(d);
  d.starter = uint8_t(starter);
  d.current = uint8_t(starter);
  d.phase = Phase::kPlay;
}

KaribaState::KaribaState(const KaribaGame& game, uint64_t seed) : StateBase(game) {
  d_.rng.Seed(seed);
  DealGame(config(), d_, 0);
}

PlayerSet KaribaState::PlayersToAct() const {
  return d_.phase == Phase::kGameOver ? PlayerSet() : PlayerSet::Single(d_.current);
}

void KaribaState::LegalActions(Player player, ActionList& out) const {
  out.Clear();
  if (d_.phase == Phase::kGameOver || player != d_.current) return;
  if (d_.phase == Phase::kPlay) {
    // Without a branch per animal (whether the hand holds it is a coin toss for the branch
    // predictor): write the five plays of each animal and keep as many as the hand allows. A
    // hand holds at most five cards, so at most 5 + 5 entries are ever written.
    static_assert(2 * kHandSize <= ActionList::kCapacity);
    const AnimalCounts hand = d_.hand[player];
    const int animals = config().animals;
    Action* next = out.Fill();
    for (int animal = 1; animal <= animals; ++animal) {
      for (int count = 1; count <= kHandSize; ++count) next[count - 1] = PlayAction(animal, count);
      next += hand[animal];
    }
    out.End(next);
    return;
  }
  if (d_.deck_size > 0) out.PushBack(kDrawPileAction);
  for (int animal = 1; animal <= config().animals; ++animal)
    if (DisplayHas(d_, animal)) out.PushBack(TakeAction(animal));
}

bool KaribaState::IsLegal(Player player, Action action) const {
  if (d_.phase == Phase::kGameOver || player != d_.current) return false;
  if (action < 0 || action >= kNumDistinctActions) return false;
  if (d_.phase == Phase::kPlay) {
    if (action >= kDrawPileAction) return false;
    const int animal = AnimalOfPlay(action);
    return animal <= config().animals && d_.hand[player][animal] >= CountOfPlay(action);
  }
  if (action == kDrawPileAction) return d_.deck_size > 0;
  if (action < kFirstTakeAction) return false;
  return DisplayHas(d_, action - kFirstTakeAction + 1);
}

void KaribaState::ApplyUnchecked(Player player, Action action) {
  ++d_.move_number;
  if (d_.phase == Phase::kPlay) {
    Play(config(), d_, player, AnimalOfPlay(action), CountOfPlay(action));
  } else {
    Draw(config(), d_, player, action);
  }
}

PlayerValues KaribaState::Scores() const {
  PlayerValues scores{};
  for (int p = 0; p < config().players; ++p) {
    int total = 0;
    for (int g = 0; g < d_.game_index; ++g) total += d_.finished[g][p];
    if (d_.phase != Phase::kGameOver) total += PileSize(d_.pile[p]);
    scores[p] = total;
  }
  return scores;
}

}  // namespace savanna::kariba
