// Kitara's move phase: a move is three decisions (the group's area, its figures, the border),
// an attack drives the defender out, and the defender's figures retreat to its nearest area.
#include <algorithm>
#include <bit>
#include <climits>

#include "core/check.h"
#include "games/kitara/kitara_state.h"

namespace savanna::kitara {
namespace {

// Draws one hero token blind from the bag into the current player's tokens of this turn
// (decision EmptyBagDrawsNothing). Returns whether a token was drawn.
bool DrawToken(const Config& config, KitaraData& d) {
  const int total = TokenCount(d.bag);
  if (total == 0) return false;
  int r = int(d.rng.Below(uint32_t(total)));
  for (int v = 0; v < config.token_kinds; ++v) {
    if (r < d.bag[v]) {
      --d.bag[v];
      ++d.drawn[v];
      return true;
    }
    r -= d.bag[v];
  }
  SAVANNA_CHECK_MSG(false, "the bag's count is wrong");
  return false;
}

void AddFigures(KitaraData& d, int area, int owner, const Figures& f) {
  SetOwner(d, area, owner);
  for (int k = 0; k < kKinds; ++k)
    d.areas[area].figures[k] = uint8_t(d.areas[area].figures[k] + f[k]);
}

void FinishMove(const Config& config, KitaraData& d) {
  d.group = {};
  if (--d.moves_left == 0) {
    EndMovePhase(config, d);
  } else {
    d.phase = Phase::kMoveSource;
  }
}

}  // namespace

void Retreat(const Config& config, KitaraData& d, int to) {
  AddFigures(d, to, d.retreat_player, d.retreat_figures);
  d.last_attack.retreat_to = int8_t(to);
  d.retreat_player = -1;
  d.retreat_from = 0;
  d.retreat_figures = {};
  FinishMove(config, d);
}

// Moves the chosen group from d.source into `to`; entering an enemy area is an attack.
void Cross(const Config& config, KitaraData& d, int to) {
  const int p = d.current;
  AreaState& from = d.areas[d.source];
  for (int k = 0; k < kKinds; ++k) from.figures[k] = uint8_t(from.figures[k] - d.group[k]);
  if (Total(from.figures) == 0) SetOwner(d, d.source, -1);
  AreaState& target = d.areas[to];
  const int defender = target.owner;
  if (defender < 0 || defender == p) {
    AddFigures(d, to, p, d.group);
    FinishMove(config, d);
    return;
  }
  // An attack: the defender's figures leave, the group moves in, a hero draws a token.
  d.retreat_player = int8_t(defender);
  d.retreat_from = uint8_t(to);
  d.retreat_figures = target.figures;
  target.figures = {};
  AddFigures(d, to, p, d.group);
  const bool drew = d.group[kHero] > 0 && DrawToken(config, d);
  d.last_attack = LastAttack{
      int8_t(p), int8_t(defender), d.source, uint8_t(to), uint8_t(Total(d.group)), -1, drew};
  const uint64_t nearest = NearestHeld(config, d, defender, to);
  SAVANNA_CHECK_MSG(nearest != 0, "an attacked player has nowhere to retreat");
  if (std::popcount(nearest) == 1) {
    Retreat(config, d, std::countr_zero(nearest));
  } else {
    d.phase = Phase::kRetreat;  // the defender chooses among the nearest areas
  }
}

void DeriveHeld(const Config& config, KitaraData& d) {
  d.held = {};
  for (int a = 0; a < config.map.num_areas; ++a)
    if (d.areas[a].owner >= 0) d.held[d.areas[a].owner] |= uint64_t(1) << a;
}

bool MayEnter(const KitaraData& d, int player, int to, int size) {
  const AreaState& target = d.areas[to];
  if (target.owner < 0 || target.owner == player) return true;
  // An attack needs a strictly larger group and never targets a player's only area.
  return HoldsSeveralAreas(d, target.owner) && size > Total(target.figures);
}

int MinGroupSize(const Config& config, const KitaraData& d, int player, int area) {
  int best = INT_MAX;
  for (uint64_t n = config.map.land_neighbours[area]; n != 0; n &= n - 1) {
    const AreaState& target = d.areas[std::countr_zero(n)];
    if (target.owner < 0 || target.owner == player) return 1;
    if (HoldsSeveralAreas(d, target.owner)) best = std::min(best, Total(target.figures) + 1);
  }
  return best == INT_MAX ? 0 : best;
}

uint64_t NearestHeld(const Config& config, const KitaraData& d, int player, int from) {
  int best = INT_MAX;
  uint64_t nearest = 0;
  for (uint64_t own = d.held[player]; own != 0; own &= own - 1) {
    const int a = std::countr_zero(own);
    const int dist = config.map.distance[from][a];
    if (dist < best) {
      best = dist;
      nearest = uint64_t(1) << a;
    } else if (dist == best) {
      nearest |= uint64_t(1) << a;
    }
  }
  return nearest;
}

void AppendMoveLegal(const Config& config, const KitaraData& d, ActionList& out, int limit) {
  const int p = d.current;
  switch (d.phase) {
    case Phase::kMoveSource: {
      for (uint64_t own = d.held[p]; own != 0 && out.Size() < limit; own &= own - 1) {
        const int a = std::countr_zero(own);
        const int min = MinGroupSize(config, d, p, a);
        if (min > 0 && Total(d.areas[a].figures) >= min) out.PushBack(SourceAction(a));
      }
      if (out.Size() < limit) out.PushBack(kEndMovesAction);
      return;
    }
    case Phase::kMoveGroup: {
      const Figures& f = d.areas[d.source].figures;
      const int min = MinGroupSize(config, d, p, d.source);
      for (int w = 0; w <= f[kWarrior]; ++w)
        for (int a = 0; a <= f[kAnimal]; ++a)
          for (int h = 0; h <= f[kHero]; ++h)
            if (w + a + h >= min && out.Size() < limit) out.PushBack(GroupAction(w, a, h));
      return;
    }
    case Phase::kMoveBorder: {
      const int size = Total(d.group);
      for (uint64_t n = config.map.land_neighbours[d.source]; n != 0 && out.Size() < limit;
           n &= n - 1)
        if (MayEnter(d, p, std::countr_zero(n), size))
          out.PushBack(BorderAction(std::countr_zero(n)));
      return;
    }
    case Phase::kRetreat:
      for (uint64_t n = NearestHeld(config, d, d.retreat_player, d.retreat_from);
           n != 0 && out.Size() < limit; n &= n - 1)
        out.PushBack(RetreatAction(std::countr_zero(n)));
      return;
    default:
      return;
  }
}

bool IsMoveLegal(const Config& config, const KitaraData& d, Action action) {
  const int p = d.current;
  switch (d.phase) {
    case Phase::kMoveSource: {
      if (action == kEndMovesAction) return true;
      const int a = action - kSourceAction;
      if (a < 0 || a >= config.map.num_areas || d.areas[a].owner != p) return false;
      const int min = MinGroupSize(config, d, p, a);
      return min > 0 && Total(d.areas[a].figures) >= min;
    }
    case Phase::kMoveGroup: {
      if (action < kGroupAction || action >= kGroupAction + kGroupIds) return false;
      const Figures g = GroupFigures(action), &f = d.areas[d.source].figures;
      for (int k = 0; k < kKinds; ++k)
        if (g[k] > f[k]) return false;
      const int min = MinGroupSize(config, d, p, d.source);
      return min > 0 && Total(g) >= min;
    }
    case Phase::kMoveBorder: {
      const int to = action - kBorderAction;
      if (to < 0 || to >= config.map.num_areas || !(config.map.land_neighbours[d.source] >> to & 1))
        return false;
      return MayEnter(d, p, to, Total(d.group));
    }
    case Phase::kRetreat: {
      const int to = action - kRetreatAction;
      if (to < 0 || to >= config.map.num_areas) return false;
      return NearestHeld(config, d, d.retreat_player, d.retreat_from) >> to & 1;
    }
    default:
      return false;
  }
}

void ChooseSource(const Config& config, KitaraData& d, Action action) {
  if (action == kEndMovesAction) {
    EndMovePhase(config, d);
    return;
  }
  d.source = uint8_t(action - kSourceAction);
  d.phase = Phase::kMoveGroup;
}

}  // namespace savanna::kitara
