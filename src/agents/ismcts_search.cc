// The ISMCTS iteration in its five steps: determinize, select down the tree (UCB with
// availability counts, decoupled at simultaneous decisions), expand one node, play out (or
// evaluate a cut-off playout), back up the values.
#include "agents/ismcts_search.h"

#include <cmath>
#include <limits>

#include "core/check.h"
#include "core/game.h"
#include "core/hash.h"

namespace savanna::ismcts {

Search::Search(const Settings& settings)
    : settings_(settings),
      depth_limit_(settings.max_depth > 0 ? settings.max_depth : std::numeric_limits<int>::max()) {}

void Search::Begin(const State& root, Player player, uint64_t seed) {
  nodes_.clear();
  edges_.clear();
  joints_.clear();
  root_player_ = player;
  policy_ = settings_.playout.PolicyFor(root);
  tree_policy_ = settings_.expand > 0 ? root.game().rollout_policy() : nullptr;
  rng_.Seed(seed);
  if (!scratch_ || !SameType(*scratch_, root)) scratch_ = root.Clone();
  // No game lasts longer than MaxGameLength actions, so a path never outgrows this room.
  path_.reserve(size_t(root.game().MaxGameLength()));
  ReserveForIteration();
  NewNode();  // the root
}

int64_t Search::Continue(const State& root, BudgetClock& clock) {
  int64_t done = 0;
  while (clock.More(done)) {
    Iterate(root);
    ++done;
  }
  return done;
}

void Search::Iterate(const State& root) {
  // Step 1. Determinize: a fresh world consistent with what the searching player has seen, in
  // which every card, counter, token or pending submission it cannot see is re-drawn. With
  // `reopen` the other players' hidden submissions of the step under way are taken back, so that
  // the tree chooses them.
  scratch_->CopyFrom(root);
  scratch_->DeterminizeInPlace(root_player_, rng_);
  if (settings_.reopen) scratch_->ReopenHiddenSubmissions(root_player_);

  // Steps 2 and 3. Select down the tree and expand one node.
  Descend();

  // Step 4. Play out to the end, or cut off and evaluated by the game's policy (PlayoutOptions).
  Playout(*scratch_, rng_, legal_, policy_, settings_.playout, settings_.margin_weight, values_,
          wins_);

  // Step 5. Back up: each edge on the path collects the value (and, apart, the win share) of the
  // player who chose it.
  for (uint32_t e : path_) {
    Edge& edge = edges_[e];
    ++edge.visits;
    edge.reward += values_[edge.player];
    edge.wins += wins_[edge.player];
  }
}

void Search::Descend() {
  path_.clear();
  can_grow_ = ReserveForIteration();
  uint32_t node = 0;
  bool expanded = false;
  for (int depth = 0; !expanded && !scratch_->IsTerminal() && depth < depth_limit_; ++depth) {
    const PlayerSet acting = scratch_->PlayersToAct();
    if (acting.Size() == 1) {
      // Step 2. Select the edge of the player to act: UCB among the tried legal actions, or
      // Step 3, expand: an untried one gets its edge and the node below it, and the descent ends.
      const Player p = acting.First();
      Action action = kInvalidAction;
      const uint32_t e = Select(node, p, expanded, action);
      scratch_->ApplyUnchecked(p, action);
      if (e == kNone) break;  // a full tree: played out from here
      path_.push_back(e);
      node = ChildOf(e, expanded);
      if (node == kNone) break;
      continue;
    }
    // A simultaneous decision: every acting player selects (or expands) on its own statistics
    // before any submission is applied, so no choice depends on another's; the node below is
    // the joint action's.
    Action chosen[kMaxPlayers];
    bool off_tree = false;
    Hasher joint;
    for (Player p : acting) {
      const uint32_t e = Select(node, p, expanded, chosen[p]);
      off_tree = off_tree || e == kNone;
      if (e != kNone) path_.push_back(e);
      joint.Add(uint64_t(uint32_t(p)) << 32 | uint32_t(chosen[p]));
    }
    for (Player p : acting) scratch_->ApplyUnchecked(p, chosen[p]);
    if (off_tree) break;
    node = JointChildOf(node, joint.Finish(), expanded);
    if (node == kNone) break;
  }
}

uint32_t Search::Select(uint32_t node, Player p, bool& expanded, Action& action) {
  scratch_->LegalActions(p, legal_);
  SAVANNA_CHECK(!legal_.Empty());
  // Merge the sorted legal actions with the node's edges of `p` (sorted by action): each legal
  // edge's availability counts, the untried actions are gathered, UCB picks among the tried.
  uint32_t e = nodes_[node].first_edge;
  while (e != kNone && edges_[e].player < p) e = edges_[e].next;
  untried_.Clear();
  int tried = 0;            // legal actions with an edge
  double tried_visits = 0;  // their visits
  uint32_t best = kNone;
  double best_value = -std::numeric_limits<double>::infinity();
  for (Action a : legal_) {
    while (e != kNone && edges_[e].player == p && edges_[e].action < a) e = edges_[e].next;
    if (e == kNone || edges_[e].player != p || edges_[e].action != a) {
      untried_.PushBack(a);
      continue;
    }
    Edge& edge = edges_[e];
    ++edge.available;
    ++tried;
    tried_visits += edge.visits;
    // UCB with availability counts; ties go to the lowest action id.
    const double visits = double(edge.visits);
    const double value =
        edge.visits == 0 ? std::numeric_limits<double>::infinity()
                         : edge.reward / visits +
                               settings_.c * std::sqrt(std::log(double(edge.available)) / visits);
    if (value > best_value) {
      best_value = value;
      best = e;
    }
    e = edge.next;
  }
  // An untried action is due unless progressive widening holds the node at its tried ones.
  if (!untried_.Empty() &&
      (settings_.widen <= 0 || tried < 1 + settings_.widen * std::sqrt(tried_visits))) {
    expanded = true;
    action = ExpansionChoice(p);
    if (!can_grow_) return kNone;
    const uint32_t inserted = InsertEdge(node, p, action);
    ++edges_[inserted].available;
    return inserted;
  }
  action = edges_[best].action;
  return best;
}

Action Search::ExpansionChoice(Player p) {
  // tree_policy_ exists only with expand > 0: with chance `expand` the policy's choice.
  if (tree_policy_ != nullptr && (settings_.expand >= 1 || rng_.Uniform() < settings_.expand))
    return tree_policy_->Choose(*scratch_, p, untried_, rng_);
  return untried_[int(rng_.Below(uint32_t(untried_.Size())))];
}

std::vector<ActionEstimate> Search::RootEstimates() const {
  std::vector<ActionEstimate> out;
  if (nodes_.empty()) return out;
  for (uint32_t e = nodes_[0].first_edge; e != kNone; e = edges_[e].next) {
    const Edge& edge = edges_[e];
    if (edge.player != root_player_) continue;
    const double n = edge.visits > 0 ? double(edge.visits) : 1;
    out.push_back({edge.action, int64_t(edge.visits), edge.reward / n, edge.wins / n});
  }
  return out;
}

size_t Search::TreeBytes() const {
  return nodes_.capacity() * sizeof(Node) + edges_.capacity() * sizeof(Edge) +
         joints_.capacity() * sizeof(JointChild);
}

bool Search::ReserveForIteration() {
  const size_t max_bytes = settings_.max_bytes;
  if (max_bytes == 0) return true;
  // Each vector gets room for one iteration's growth, doubling when it must grow, or taking half
  // of the room left when doubling would not fit (the other vectors may need the rest). Growth
  // is geometric either way: a handful of reallocations fill the budget, never one per
  // iteration (each would copy the whole vector and map and unmap its memory).
  auto reserve = [&](auto& v, size_t more) {
    if (v.capacity() >= v.size() + more) return true;
    const size_t old = v.capacity();
    const size_t element = sizeof(v[0]);
    const size_t others = TreeBytes() - old * element;
    const size_t needed = v.size() + more;
    size_t wanted = std::max(needed, std::max<size_t>(2 * old, 64));
    if (others + wanted * element > max_bytes) {
      const size_t room = max_bytes > others ? (max_bytes - others) / element : 0;
      wanted = std::max(needed, old + (room - std::min(room, old)) / 2);
    }
    if (others + wanted * element > max_bytes) return false;
    v.reserve(wanted);
    return true;
  };
  return reserve(nodes_, 1) && reserve(joints_, 1) && reserve(edges_, size_t(kMaxPlayers)) &&
         TreeBytes() <= max_bytes;
}

uint32_t Search::NewNode() {
  nodes_.push_back(Node{});
  return uint32_t(nodes_.size() - 1);
}

uint32_t Search::InsertEdge(uint32_t node, Player p, Action a) {
  // The list stays sorted by (player, action): find the last edge before (p, a).
  uint32_t prev = kNone;
  for (uint32_t e = nodes_[node].first_edge; e != kNone; e = edges_[e].next) {
    if (edges_[e].player > p || (edges_[e].player == p && edges_[e].action > a)) break;
    prev = e;
  }
  Edge edge;
  edge.action = a;
  edge.player = p;
  edge.next = prev == kNone ? nodes_[node].first_edge : edges_[prev].next;
  edges_.push_back(edge);
  const uint32_t index = uint32_t(edges_.size() - 1);
  if (prev == kNone) {
    nodes_[node].first_edge = index;
  } else {
    edges_[prev].next = index;
  }
  return index;
}

uint32_t Search::ChildOf(uint32_t edge, bool& expanded) {
  if (edges_[edge].child == kNone) {
    if (!can_grow_) return kNone;
    const uint32_t child = NewNode();
    edges_[edge].child = child;
    expanded = true;
  }
  return edges_[edge].child;
}

uint32_t Search::JointChildOf(uint32_t node, uint64_t key, bool& expanded) {
  for (uint32_t j = nodes_[node].first_joint; j != kNone; j = joints_[j].next)
    if (joints_[j].key == key) return joints_[j].child;
  if (!can_grow_) return kNone;
  const uint32_t child = NewNode();
  joints_.push_back(JointChild{key, child, nodes_[node].first_joint});
  nodes_[node].first_joint = uint32_t(joints_.size() - 1);
  expanded = true;
  return child;
}

}  // namespace savanna::ismcts
