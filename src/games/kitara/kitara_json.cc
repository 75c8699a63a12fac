// Kitara's full state as JSON (State::ToJson), its reader and its hash, all derived from one
// description of KitaraData (core/describe.h); the reader then checks what no single field
// shows: every card and hero token in exactly one place, figures conserved, and each phase's
// fields consistent, so that a loaded state always has a legal action.
#include <algorithm>
#include <bit>
#include <cstdint>

#include "core/describe.h"
#include "games/kitara/kitara_state.h"

namespace savanna::kitara {
namespace {

constexpr std::array<const char*, kNumPhases> kPhaseNames = {
    "start",       "take",    "recruit", "move_source", "move_group",
    "move_border", "retreat", "discard", "remove",      "over"};

Result<void> Bad(const std::string& message) { return Fail(ErrorCode::kBadData, message); }

// An area has an owner exactly when it holds figures; figures never stand in a lake.
Result<void> CheckBoard(const Config& config, const KitaraData& d) {
  for (int a = 0; a < config.map.num_areas; ++a) {
    const std::string what = "areas[" + std::to_string(a) + "]";
    const AreaState& area = d.areas[a];
    if ((area.owner < 0) != (Total(area.figures) == 0))
      return Bad(what + ": an area has an owner exactly when it holds figures");
    if (area.owner >= 0 && config.map.types[a] == AreaType::kLake)
      return Bad(what + ": figures never stand in a lake");
  }
  return {};
}

// Every deck card exactly once; one start card per player, at most one in each kingdom; the deck
// ordered by age.
Result<void> CheckCards(const Config& config, const KitaraData& d) {
  std::array<int, kMaxCards> seen{};
  for (int i = 0; i < d.deck_size; ++i) ++seen[d.deck[i]];
  for (int i = 0; i < d.row_size; ++i) ++seen[d.row[i]];
  for (int i = 0; i < d.discard_size; ++i) ++seen[d.discards[i]];
  for (int p = 0; p < config.players; ++p) {
    const auto* k = d.kingdom[p].data();
    if (std::count(k, k + d.kingdom_size[p], kStartCard) > 1)
      return Bad("kingdoms[" + std::to_string(p) + "] holds two start cards");
    for (int i = 0; i < d.kingdom_size[p]; ++i) ++seen[k[i]];
  }
  if (seen[kStartCard] != config.players)
    return Bad("the state holds " + std::to_string(seen[kStartCard]) + " start cards, not " +
               std::to_string(config.players));
  for (int c = 1; c <= config.num_cards; ++c)
    if (seen[c] != 1)
      return Bad("card " + std::to_string(c) + " is in " + std::to_string(seen[c]) +
                 " places, not exactly one");
  for (int i = 0; i + 1 < d.deck_size; ++i)
    if (config.cards[d.deck[i]].age < config.cards[d.deck[i + 1]].age)
      return Bad("field 'deck' must be ordered by age (bottom first, age 1 on top)");
  return {};
}

// Every hero token kept, drawn or in the bag.
Result<void> CheckTokens(const Config& config, const KitaraData& d) {
  for (int v = 0; v < config.token_kinds; ++v) {
    int n = d.bag[v] + d.drawn[v];
    for (int p = 0; p < config.players; ++p) n += d.tokens[p][v];
    if (n != config.token_counts[v])
      return Bad("the state holds " + std::to_string(n) + " hero tokens of value " +
                 std::to_string(config.token_values[v]) + ", the game has " +
                 std::to_string(config.token_counts[v]));
  }
  return {};
}

// Figures conserved: beside the board, on it, or retreating, per player and kind.
Result<void> CheckFigures(const Config& config, const KitaraData& d) {
  for (int p = 0; p < config.players; ++p)
    for (int k = 0; k < kKinds; ++k) {
      int n = d.supply[p][k] + (d.retreat_player == p ? d.retreat_figures[k] : 0);
      for (int a = 0; a < config.map.num_areas; ++a)
        if (d.areas[a].owner == p) n += d.areas[a].figures[k];
      if (n != kFiguresPerKind[k])
        return Bad("player " + std::to_string(p) + " has " + std::to_string(n) + " " + KindName(k) +
                   " figures in all, not " + std::to_string(kFiguresPerKind[k]));
    }
  return {};
}

bool OnBoard(const Config& config, const KitaraData& d, int player, int kind) {
  for (int a = 0; a < config.map.num_areas; ++a)
    if (d.areas[a].owner == player && d.areas[a].figures[kind] > 0) return true;
  return false;
}

// Each phase's fields agree with the rest, so the player to act has a legal action.
Result<void> CheckPhase(const Config& config, const KitaraData& d) {
  const Phase ph = d.phase;
  const bool moving = ph == Phase::kMoveSource || ph == Phase::kMoveGroup ||
                      ph == Phase::kMoveBorder || ph == Phase::kRetreat;
  if ((ph == Phase::kStart) != (d.round == 0))
    return Bad("field 'round' is 0 exactly during set-up (phase 'start')");
  // The end is set for the round after the one in which it was triggered and the game is over at
  // that round's end, so a set last round is the current round or the next one.
  if (d.last_round != 0 && (d.last_round > d.round + 1 || d.last_round < d.round))
    return Bad("field 'last_round' is the current round or the next one (or 0: not set)");
  if (moving != (d.moves_left > 0)) return Bad("field 'moves_left' is positive exactly in moves");
  if ((ph == Phase::kRetreat) != (d.retreat_player >= 0))
    return Bad("retreat: a retreating player exactly in phase 'retreat'");
  if (ph != Phase::kRetreat && (Total(d.retreat_figures) != 0 || d.retreat_from != 0))
    return Bad("retreat: fields are set outside phase 'retreat'");
  if (ph != Phase::kMoveBorder && ph != Phase::kRetreat && Total(d.group) != 0)
    return Bad("field 'group' is set outside a move");
  if ((ph == Phase::kRecruit) != (Total(d.recruit) > 0))
    return Bad("field 'recruit' is set exactly in phase 'recruit'");
  if ((ph == Phase::kRemove) != (Total(d.remove) > 0))
    return Bad("field 'remove' is set exactly in phase 'remove'");
  if ((ph == Phase::kDiscard) != (d.to_discard > 0) && ph != Phase::kRemove)
    return Bad("field 'to_discard' is set in phases 'discard' and 'remove' only");
  if (!moving && TokenCount(d.drawn) != 0) return Bad("field 'drawn' is set outside moves");
  const int p = d.current;
  switch (ph) {
    case Phase::kStart: {
      int free = 0;
      for (uint64_t s = config.map.start_mask; s != 0; s &= s - 1)
        free += d.areas[std::countr_zero(s)].owner < 0;
      if (free < config.players - p) return Bad("too few free start areas are left");
      for (int q = p; q < config.players; ++q)
        if (d.held[q] != 0) return Bad("a player holds an area before placing the start warriors");
      return {};
    }
    case Phase::kTake:
      return d.row_size > 0 ? Result<void>() : Bad("phase 'take' with an empty row");
    case Phase::kRecruit:
      for (int k = 0; k < kKinds; ++k)
        if (d.recruit[k] > d.supply[p][k]) return Bad("field 'recruit' exceeds the supply");
      return d.held[p] != 0 ? Result<void>() : Bad("phase 'recruit' for a player holding no area");
    case Phase::kMoveSource:
      return {};
    case Phase::kMoveGroup: {
      const int min = MinGroupSize(config, d, p, d.source);
      if (d.areas[d.source].owner != p || min == 0 || Total(d.areas[d.source].figures) < min)
        return Bad("field 'source' is not an area a group of the current player can leave");
      return {};
    }
    case Phase::kMoveBorder: {
      if (d.areas[d.source].owner != p) return Bad("field 'source' is not the player's area");
      for (int k = 0; k < kKinds; ++k)
        if (d.group[k] > d.areas[d.source].figures[k])
          return Bad("field 'group' holds figures its area does not have");
      bool any = false;
      for (uint64_t n = config.map.land_neighbours[d.source]; n != 0; n &= n - 1)
        any |= Total(d.group) > 0 && MayEnter(d, p, std::countr_zero(n), Total(d.group));
      return any ? Result<void>() : Bad("field 'group' can cross no border");
    }
    case Phase::kRetreat:
      if (d.retreat_player == p || Total(d.retreat_figures) == 0 ||
          d.areas[d.retreat_from].owner != p)
        return Bad("retreat: the fields do not describe an attack by the current player");
      if (std::popcount(NearestHeld(config, d, d.retreat_player, d.retreat_from)) < 2)
        return Bad("retreat: the retreating player has no choice to make");
      return {};
    case Phase::kDiscard:
      if (d.to_discard > HungryCards(config, d, p))
        return Bad("field 'to_discard' exceeds the cards that can be discarded");
      return {};
    case Phase::kRemove:
      for (int k = 0; k < kKinds; ++k)
        if (d.remove[k] > 0) {
          if (!OnBoard(config, d, p, k))
            return Bad("field 'remove' names a kind with no figure on the board");
          break;
        }
      if (d.to_discard > HungryCards(config, d, p))
        return Bad("field 'to_discard' exceeds the cards that can be discarded");
      return {};
    case Phase::kOver:
      if (d.last_round == 0 || d.round != d.last_round || p != config.players - 1)
        return Bad("phase 'over' only after the last seat's turn in the last round");
      return {};
  }
  return {};
}

}  // namespace

// A [warriors, animals, heroes] triple, each within the figures of a colour.
template <class V, class F>
void DescribeFigures(V& v, std::string_view key, F& figures) {
  v.Array(key, kKinds, [&](auto& e, int k) { e.Int("", figures[k], 0, kFiguresPerKind[k]); });
}

template <class V, class D>
void Describe(V& v, D& d, const Config& c) {
  const int n = c.players, areas = c.map.num_areas;
  auto seats = [&](std::string_view key, int lo, int hi, auto& values) {
    v.Array(key, n, [&](auto& e, int p) { e.Int("", values[p], lo, hi); });
  };
  auto cards = [&](auto& e, std::string_view key, int lo, auto& list, auto& size) {
    e.List(key, size, int(list.size()),
           [&](auto& x, int i) { x.Int("", list[i], lo, c.num_cards); });
  };
  auto tokens = [&](auto& e, std::string_view key, auto& counts) {
    e.Array(key, c.token_kinds,
            [&](auto& x, int i) { x.Int("", counts[i], 0, c.token_counts[i]); });
  };
  v.Array("areas", areas, [&](auto& e, int a) {
    e.Object("", [&](auto& o) {
      o.Int("owner", d.areas[a].owner, -1, n - 1);
      DescribeFigures(o, "figures", d.areas[a].figures);
    });
  });
  v.Array("supply", n, [&](auto& e, int p) { DescribeFigures(e, "", d.supply[p]); });
  cards(v, "deck", 1, d.deck, d.deck_size);
  cards(v, "row", 1, d.row, d.row_size);
  cards(v, "discards", 0, d.discards, d.discard_size);
  v.Array("kingdoms", n, [&](auto& e, int p) { cards(e, "", 0, d.kingdom[p], d.kingdom_size[p]); });
  v.Array("tokens", n, [&](auto& e, int p) { tokens(e, "", d.tokens[p]); });
  tokens(v, "drawn", d.drawn);
  tokens(v, "bag", d.bag);
  seats("prosperity", 0, 1'000'000, d.prosperity);
  seats("taken", 0, c.num_cards, d.taken);
  v.Enum("phase", d.phase, kPhaseNames);
  v.Int("current", d.current, 0, n - 1);
  v.Int("round", d.round, 0, 255);
  v.Int("last_round", d.last_round, 0, 255);
  v.Int("moves_left", d.moves_left, 0, 65535);
  v.Int("source", d.source, 0, areas - 1);
  DescribeFigures(v, "group", d.group);
  DescribeFigures(v, "recruit", d.recruit);
  v.Int("to_discard", d.to_discard, 0, kMaxKingdom);
  DescribeFigures(v, "remove", d.remove);
  v.Object("retreat", [&](auto& o) {
    o.Int("player", d.retreat_player, -1, n - 1);
    o.Int("from", d.retreat_from, 0, areas - 1);
    DescribeFigures(o, "figures", d.retreat_figures);
  });
  v.Object("last_attack", [&](auto& o) {
    auto& la = d.last_attack;
    o.Int("attacker", la.attacker, -1, n - 1);
    o.Int("defender", la.defender, -1, n - 1);
    o.Int("from", la.from, 0, areas - 1);
    o.Int("area", la.area, 0, areas - 1);
    o.Int("size", la.size, 0, 255);
    o.Int("retreat_to", la.retreat_to, -1, areas - 1);
    o.Bool("drew_token", la.drew_token);
  });
  v.Int("move_number", d.move_number, 0, INT32_MAX);
  v.Random("rng", d.rng);
}

const char* PhaseName(Phase phase) { return kPhaseNames[int(phase)]; }

const char* KindName(int kind) {
  static constexpr const char* kNames[kKinds] = {"warrior", "animal", "hero"};
  return kNames[kind];
}

SAVANNA_DESCRIBE_INSTANTIATIONS(KitaraData, Config);

Result<void> CheckData(const Config& config, KitaraData& d) {
  if (auto board = CheckBoard(config, d); !board) return board;
  DeriveHeld(config, d);  // the later checks read the areas each player holds
  return CheckInOrder(config, d, CheckCards, CheckTokens, CheckFigures, CheckPhase);
}

Json FiguresJson(const Figures& f) {
  return describe::PartToJson([&](auto& w) { DescribeFigures(w, "", f); });
}

}  // namespace savanna::kitara
