// Regret matching at simultaneous decisions (SM-MCTS-RM: Lanctot, Lisy and Winands 2013, "Monte
// Carlo Tree Search in Simultaneous Move Games with Applications to Goofspiel"): the selection of
// each acting player, the outcome-sampling regret update after the playout, and the root's
// average strategy for the final choice.
#include <algorithm>

#include "agents/ismcts_search.h"
#include "core/check.h"

namespace savanna::ismcts {

uint32_t Search::SelectByRegret(Worker& w, uint32_t node, Player p, bool& expanded,
                                Action& action) {
  w.scratch->LegalActions(p, w.legal);
  SAVANNA_CHECK(!w.legal.Empty());
  const ActionList& choices = w.legal;

  // Step 1. Merge the sorted choices with p's edges at the node: each choice's edge (kNone while
  // untried) goes to w.regret_edges, and the positive regrets of the tried ones are summed.
  const uint32_t begin = uint32_t(w.regret_edges.size());
  uint32_t e = nodes_[node].first_edge;
  while (e != kNone && edges_[e].player < p) e = edges_[e].next;
  double positive = 0;
  for (Action a : choices) {
    while (e != kNone && edges_[e].player == p && edges_[e].action < a) e = edges_[e].next;
    const bool tried = e != kNone && edges_[e].player == p && edges_[e].action == a;
    w.regret_edges.push_back(tried ? e : kNone);
    if (!tried) continue;
    ++edges_[e].available;
    positive += std::max(regrets_[e].regret, 0.0);
    e = edges_[e].next;
  }

  // Step 2. Regret matching: chances in proportion to the positive regrets (uniform when there
  // are none; an untried choice has none), mixed with gamma of uniform exploration. Draw one.
  const int n = choices.Size();
  auto strategy = [&](uint32_t edge) {
    if (positive <= 0) return 1.0 / n;
    return edge == kNone ? 0.0 : std::max(regrets_[edge].regret, 0.0) / positive;
  };
  const double gamma = knowledge_.gamma;
  auto chance = [&](uint32_t edge) { return (1 - gamma) * strategy(edge) + gamma / n; };
  double target = w.rng.Uniform();
  int pick = -1;
  double probability = 0;
  for (int i = 0; i < n; ++i) {
    probability = chance(w.regret_edges[begin + uint32_t(i)]);
    if (probability <= 0) continue;
    pick = i;  // the last choice with a chance, should rounding leave `target` unspent
    if (target < probability) break;
    target -= probability;
  }
  SAVANNA_CHECK(pick >= 0);
  uint32_t chosen = w.regret_edges[begin + uint32_t(pick)];
  probability = chance(chosen);

  // Step 3. The average strategy gains this iteration's strategy as played (exploration
  // included: the others' regrets answer it, and without it the average strays from the
  // equilibrium by about gamma; docs/agents.md) on every tried choice; a choice tried now for the
  // first time starts here.
  const Action choice = choices[pick];
  for (uint32_t i = begin; i < w.regret_edges.size(); ++i)
    if (w.regret_edges[i] != kNone)
      regrets_[w.regret_edges[i]].strategy += chance(w.regret_edges[i]);
  if (chosen == kNone) {
    expanded = true;
    if (w.can_grow) {
      chosen = InsertEdge(node, p, choice);
      ++edges_[chosen].available;
      regrets_[chosen].strategy += chance(kNone);
    }
  }
  action = choice;
  if (chosen == kNone) {  // a full tree: no edge, so no update here
    w.regret_edges.resize(begin);
    return kNone;
  }

  // Step 4. The step for the regret update: the tried choices (this one now among them).
  w.regret_edges[begin + uint32_t(pick)] = chosen;
  const auto tried_end = std::remove(w.regret_edges.begin() + begin, w.regret_edges.end(), kNone);
  w.regret_edges.erase(tried_end, w.regret_edges.end());
  w.regret_steps.push_back({p, chosen, probability, begin, uint32_t(w.regret_edges.size())});
  return chosen;
}

void Search::BackUpRegrets(const Worker& w) {
  // Outcome sampling: the value v the player received is an estimate of what its drawn action
  // is worth, v / probability an unbiased one of what it would have been worth with certainty,
  // and every other choice is estimated 0. Each tried legal choice's regret grows by its estimate
  // minus v (the value of the strategy played).
  for (const Worker::RegretStep& step : w.regret_steps) {
    const double value = w.values[step.player];
    for (uint32_t i = step.begin; i < step.end; ++i) regrets_[w.regret_edges[i]].regret -= value;
    regrets_[step.chosen].regret += value / step.probability;
  }
}

std::vector<ActionWeight> Search::RootStrategy() const {
  std::vector<ActionWeight> out;
  if (!knowledge_.regret_matching || nodes_.empty()) return out;
  for (uint32_t e = nodes_[0].first_edge; e != kNone; e = edges_[e].next)
    if (edges_[e].player == root_player_) out.push_back({edges_[e].action, regrets_[e].strategy});
  return out;
}

RegretStats Search::RootRegrets(Player player, Action edge_action) const {
  if (!knowledge_.regret_matching || nodes_.empty()) return {};
  for (uint32_t e = nodes_[0].first_edge; e != kNone; e = edges_[e].next)
    if (edges_[e].player == player && edges_[e].action == edge_action) return regrets_[e];
  return {};
}

}  // namespace savanna::ismcts
