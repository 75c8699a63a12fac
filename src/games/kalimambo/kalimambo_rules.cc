// Kalimambo's rules: the set-up, the card choice, and a round's resolution (the moves from the
// highest card down, dung heaps, the rhino's runs, Kali's penalties). Decisions the text leaves
// open are named as their rows (and tests) in docs/rules/kalimambo.md.
#include <algorithm>
#include <bit>
#include <typeinfo>

#include "core/check.h"
#include "games/kalimambo/kalimambo_state.h"

namespace savanna::kalimambo {
namespace {

// Decision RandomSetUp: `config.heaps` heaps on the free stretch in front of Kali, at least
// `config.heap_distance` apart, every such placement equally likely. Choosing h of the
// m - (h - 1) * (distance - 1) slots and spreading them out again is a bijection onto those
// placements.
uint64_t RandomHeaps(const Config& config, int rhino, Rng& rng) {
  const int h = config.heaps;
  if (h == 0) return 0;
  const int first = rhino + config.players + 2;  // the first space in front of Kali
  const int free_spaces = config.track - config.players - 2;
  const int slots = free_spaces - (h - 1) * (config.heap_distance - 1);
  std::array<uint8_t, kMaxTrack> slot;
  for (int i = 0; i < slots; ++i) slot[i] = uint8_t(i);
  for (int i = 0; i < h; ++i) std::swap(slot[i], slot[i + int(rng.Below(uint32_t(slots - i)))]);
  std::sort(slot.begin(), slot.begin() + h);
  uint64_t mask = 0;
  for (int i = 0; i < h; ++i)
    mask |= uint64_t(1) << ((first + slot[i] + i * (config.heap_distance - 1)) % config.track);
  return mask;
}

// Minus points for what happened to `figure`; Kali's go to every seat in `lowest` (the seats
// that played the round's lowest card).
void Charge(const Config& config, KalimamboData& d, int figure, int points, uint8_t lowest) {
  if (figure != config.Kali()) {
    d.minus[figure] = uint16_t(d.minus[figure] + points);
    return;
  }
  for (uint32_t seats = lowest; seats != 0; seats &= seats - 1) {
    const int p = std::countr_zero(seats);
    d.minus[p] = uint16_t(d.minus[p] + points);
  }
}

// A round's working picture of the group, measured from the rhino: every figure's offset (1 =
// directly in front of the rhino) and the set of occupied offsets. The leader is the highest
// bit, the last figure the lowest (always offset 1: the rhino stands right behind the group).
struct Group {
  std::array<int, kMaxFigures> offset{};
  uint64_t occupied = 0;
};

Group GroupOf(const Config& config, const KalimamboData& d) {
  Group g;
  for (int f = 0; f < config.Figures(); ++f) {
    g.offset[f] = Offset(config, d, d.pos[f]);
    g.occupied |= uint64_t(1) << g.offset[f];
  }
  return g;
}

// The figure of `figures` (a bit set) standing furthest behind: closest to the rhino.
int Rearmost(const Group& g, uint32_t figures) {
  int best = std::countr_zero(figures);
  for (figures &= figures - 1; figures != 0; figures &= figures - 1) {
    const int f = std::countr_zero(figures);
    if (g.offset[f] < g.offset[best]) best = f;
  }
  return best;
}

// Moves `figure` to the first space in front of the group's leader, then charges dung and lets
// the rhino run if the figure left the space directly in front of it.
void MoveFigure(const Config& config, KalimamboData& d, Group& g, int figure, uint8_t lowest) {
  const int track = config.track;
  const int leader = std::bit_width(g.occupied) - 1;
  const int offset = g.offset[figure];
  // A figure already at the front stays; the front is judged now, when its card comes up
  // (decision FrontIsJudgedWhenTheFigureMoves).
  if (offset == leader) return;
  // The first free space in front of the leader. Decision TheFrontWrapsPastTheRhino: when the
  // leader stands directly behind the rhino, the rhino's space is never free, so the figure
  // passes it and the group's rear to the first free space in front of the rhino.
  const int target = leader + 1 < track ? leader + 1 : std::countr_one(g.occupied >> 1) + 1;
  int to = d.rhino + target;
  if (to >= track) to -= track;
  MoveEvent event;
  event.figure = uint8_t(figure);
  event.from = d.pos[figure];
  event.to = uint8_t(to);
  d.pos[figure] = uint8_t(to);
  g.offset[figure] = target;
  g.occupied ^= (uint64_t(1) << offset) | (uint64_t(1) << target);
  // Decision AHeapDoesNotBlockTheTarget: the figure lands on it and pays. Only here, after a
  // move, is dung charged (decision OnlyAMoveOntoDungCosts).
  event.dung = (d.heaps >> to) & 1u;
  if (event.dung) Charge(config, d, figure, config.dung_penalty, lowest);
  if (offset == 1) {
    // The figure in front of the rhino left: the rhino runs up behind the new last figure, and
    // every space of the run costs a point (decision EverySpaceOfTheRhinosRunCounts).
    const int run = std::countr_zero(g.occupied) - 1;
    int rear = 0;
    for (int f = 0; f < config.Figures(); ++f) {
      g.offset[f] -= run;
      if (g.offset[f] == 1) rear = f;
    }
    g.occupied >>= run;
    int rhino = d.rhino + run;
    if (rhino >= track) rhino -= track;
    d.rhino = uint8_t(rhino);
    event.run = uint8_t(run);
    event.rammed = uint8_t(rear);
    Charge(config, d, rear, run, lowest);
  }
  d.events[d.num_events++] = event;
}

}  // namespace

void SetUp(const Config& config, KalimamboData& d) {
  const int n = config.players, track = config.track;
  Rng& rng = d.rng;
  const int rhino = config.rhino >= 0 ? config.rhino : int(rng.Below(uint32_t(track)));
  std::array<uint8_t, kMaxSeats> order = config.order;
  if (!config.order_given) {
    for (int i = 0; i < n; ++i) order[i] = uint8_t(i);
    rng.Shuffle(order.data(), size_t(n));
  }
  d.rhino = uint8_t(rhino);
  for (int i = 0; i < n; ++i) d.pos[order[i]] = uint8_t((rhino + 1 + i) % track);
  d.pos[config.Kali()] = uint8_t((rhino + n + 1) % track);
  d.heaps = config.heaps_given ? config.heap_mask : RandomHeaps(config, rhino, rng);
  d.kali_deck = config.cards;
  rng.Shuffle(d.kali_deck.data(), size_t(config.num_cards));
  for (int p = 0; p < n; ++p) {
    d.hand[p] = config.card_mask;
    d.pending[p] = -1;
  }
  d.submitted = 0;
  d.round = 0;
  d.num_events = 0;
  d.move_number = 0;
}

void ResolveRound(const Config& config, KalimamboData& d) {
  const int n = config.players, round = d.round;
  std::array<uint8_t, kMaxCardValue + 1> by_value{};  // figures (bits) that played each value
  uint32_t values = 0;
  int lowest_value = kMaxCardValue + 1;
  for (int p = 0; p < n; ++p) {
    const int v = d.pending[p];
    d.played[round][p] = uint8_t(v);
    d.hand[p] = uint16_t(d.hand[p] & ~(1u << v));
    by_value[v] = uint8_t(by_value[v] | (1u << p));
    values |= 1u << v;
    lowest_value = std::min(lowest_value, v);
    d.pending[p] = -1;
  }
  // Decision LowestCardCountsThePlayersOnly: Kali's card is left out.
  const uint8_t lowest = by_value[lowest_value];
  const int kali_value = d.kali_deck[round];
  by_value[kali_value] = uint8_t(by_value[kali_value] | (1u << config.Kali()));
  values |= 1u << kali_value;
  d.num_events = 0;
  Group group = GroupOf(config, d);
  // Highest card first; a 0 never moves. Of the figures with one value (Kali included: decision
  // KaliTakesPartInTies) only the rearmost moves.
  for (values &= ~1u; values != 0;) {
    const int v = std::bit_width(values) - 1;
    values &= ~(1u << v);
    const uint32_t figures = by_value[v];
    const int mover =
        (figures & (figures - 1)) == 0 ? std::countr_zero(figures) : Rearmost(group, figures);
    MoveFigure(config, d, group, mover, lowest);
  }
  d.submitted = 0;
  ++d.round;
}

PlayerSet KalimamboState::PlayersToAct() const {
  if (IsTerminal()) return PlayerSet();
  return PlayerSet::FromMask(PlayerSet::FirstN(config().players).Mask() & ~uint32_t(d_.submitted));
}

void KalimamboState::LegalActions(Player player, ActionList& out) const {
  out.Clear();
  if (unsigned(player) >= unsigned(config().players) || IsTerminal() ||
      ((d_.submitted >> player) & 1u))
    return;
  for (uint32_t cards = d_.hand[player]; cards != 0; cards &= cards - 1)
    out.PushBack(std::countr_zero(cards));
}

bool KalimamboState::IsLegal(Player player, Action action) const {
  return unsigned(player) < unsigned(config().players) && !IsTerminal() &&
         !((d_.submitted >> player) & 1u) && unsigned(action) <= unsigned(kMaxCardValue) &&
         ((d_.hand[player] >> action) & 1u);
}

void KalimamboState::ApplyUnchecked(Player player, Action action) {
  ++d_.move_number;
  d_.pending[player] = int8_t(action);
  d_.submitted = uint8_t(d_.submitted | (1u << player));
  if (d_.submitted == PlayerSet::FirstN(config().players).Mask()) ResolveRound(config(), d_);
}

PlayerValues KalimamboState::Scores() const {
  PlayerValues scores{};
  for (int p = 0; p < config().players; ++p)
    scores[p] = 0.0 - d_.minus[p];  // 0.0 - 0 is +0, never -0
  return scores;
}

}  // namespace savanna::kalimambo
