// The ISMCTS iteration: determinize, select down the tree (UCB with availability counts,
// decoupled at simultaneous decisions), expand one node, play out, back up the values.
#include "agents/ismcts_search.h"

#include <cmath>
#include <limits>
#include <typeinfo>

#include "core/check.h"
#include "core/game.h"
#include "core/hash.h"

namespace savanna::ismcts {

void Search::Begin(const State& root, Player player, uint64_t seed) {
  ClearTree();
  Prepare(root, player, seed);
}

void Search::ClearTree() {
  nodes_.clear();
  edges_.clear();
  joints_.clear();
}

void Search::Prepare(const State& root, Player player, uint64_t seed) {
  root_player_ = player;
  policy_ = playout_.PolicyFor(root);
  tree_policy_ = knowledge_.UsesPolicy() ? root.game().rollout_policy() : nullptr;
  PrepareWorker(own_, root, seed);
  ReserveForIteration();
  if (nodes_.empty()) NewNode();
}

void Search::PrepareWorker(Worker& w, const State& root, uint64_t seed) const {
  w.rng.Seed(seed);
  // No game lasts longer than MaxGameLength actions, so a path never outgrows this room.
  w.path.reserve(size_t(root.game().MaxGameLength()));
  if (!w.scratch || !SameType(*w.scratch, root)) w.scratch = root.Clone();
}

int64_t Search::Continue(const State& root, BudgetClock& clock) {
  int64_t done = 0;
  while (clock.More(done)) {
    Iterate(root, own_);
    ++done;
  }
  return done;
}

size_t Search::TreeBytes() const {
  return nodes_.capacity() * sizeof(Node) + edges_.capacity() * sizeof(Edge) +
         joints_.capacity() * sizeof(JointChild);
}

bool Search::ReserveForIteration() {
  if (max_bytes_ == 0) return true;
  // Each vector gets room for one iteration's growth, doubling when it must grow, or taking half
  // of the room left when doubling would not fit (the other vectors may need the rest). Growth
  // is geometric either way: a handful of reallocations fill the budget, never one per
  // iteration (each would copy the whole vector and map and unmap its memory).
  auto fits = [this] { return TreeBytes() <= max_bytes_; };
  auto reserve = [&](auto& v, size_t more) {
    if (v.capacity() >= v.size() + more) return true;
    const size_t old = v.capacity();
    const size_t element = sizeof(v[0]);
    const size_t others = TreeBytes() - old * element;
    const size_t needed = v.size() + more;
    size_t wanted = std::max(needed, std::max<size_t>(2 * old, 64));
    if (others + wanted * element > max_bytes_) {
      const size_t room = max_bytes_ > others ? (max_bytes_ - others) / element : 0;
      wanted = std::max(needed, old + (room - std::min(room, old)) / 2);
    }
    if (others + wanted * element > max_bytes_) return false;
    v.reserve(wanted);
    return true;
  };
  return reserve(nodes_, 1) && reserve(joints_, 1) && reserve(edges_, size_t(kMaxPlayers)) &&
         fits();
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

void Search::Iterate(const State& root, Worker& w) {
  Determinize(root, w);
  Descend(w);
  PlayOut(w);
  BackUp(w);
}

void Search::Determinize(const State& root, Worker& w) {
  // Step 1. A fresh determinization: everything the searching player cannot see is re-drawn.
  w.scratch->CopyFrom(root);
  w.scratch->DeterminizeInPlace(root_player_, w.rng);
  if (knowledge_.reopen) w.scratch->ReopenHiddenSubmissions(root_player_);
}

void Search::Descend(Worker& w) {
  w.path.clear();
  w.can_grow = ReserveForIteration();

  // Step 2. Selection and expansion: descend until a node is created (or, in a full tree, an
  // action without an edge is taken) or the game ends.
  uint32_t node = 0;
  bool expanded = false;
  for (int depth = 0;
       !expanded && !w.scratch->IsTerminal() && (max_depth_ == 0 || depth < max_depth_); ++depth) {
    const PlayerSet acting = w.scratch->PlayersToAct();
    if (acting.Size() == 1) {
      const Player p = acting.First();
      Action action = kInvalidAction;
      const uint32_t e = Select(w, node, p, expanded, action);
      Play(w, p, action);
      if (e == kNone) break;
      w.path.push_back(e);
      node = ChildOf(w, e, expanded);
      if (node == kNone) break;
      continue;
    }
    // A simultaneous decision: every acting player selects on its own statistics, before any
    // submission is applied, so no choice depends on another's.
    Action chosen[kMaxPlayers];
    bool off_tree = false;
    Hasher joint;
    for (Player p : acting) {
      const uint32_t e = Select(w, node, p, expanded, chosen[p]);
      off_tree = off_tree || e == kNone;
      if (e != kNone) w.path.push_back(e);
      joint.Add(uint64_t(uint32_t(p)) << 32 | uint32_t(chosen[p]));
    }
    for (Player p : acting) Play(w, p, chosen[p]);
    if (off_tree) break;
    node = JointChildOf(w, node, joint.Finish(), expanded);
    if (node == kNone) break;
  }
}

void Search::Play(Worker& w, Player p, Action action) { w.scratch->ApplyUnchecked(p, action); }

void Search::PlayOut(Worker& w) {
  // Step 3. Playout: to the end, or cut off and evaluated (PlayoutOptions).
  Playout(*w.scratch, w.rng, w.legal, policy_, playout_, margin_weight_, w.values, w.wins);
}

void Search::BackUp(const Worker& w) {
  // Step 4. Backpropagation: each edge collects the value (and, apart, the win share) of the
  // player who chose it.
  BackUpPath(w.path, w);
}

void Search::BackUpPath(const std::vector<uint32_t>& path, const Worker& w) {
  for (uint32_t e : path) {
    ++edges_[e].visits;
    edges_[e].reward += w.values[edges_[e].player];
    edges_[e].wins += w.wins[edges_[e].player];
  }
}

uint32_t Search::Select(Worker& w, uint32_t node, Player p, bool& expanded, Action& action) {
  w.scratch->LegalActions(p, w.legal);
  SAVANNA_CHECK(!w.legal.Empty());
  // Merge the sorted choices with the node's edges of `p` (sorted by action).
  uint32_t e = nodes_[node].first_edge;
  while (e != kNone && edges_[e].player < p) e = edges_[e].next;
  w.untried.Clear();
  int tried = 0;            // choices with an edge
  double tried_visits = 0;  // their visits
  uint32_t best = kNone;
  double best_value = -std::numeric_limits<double>::infinity();
  for (Action a : w.legal) {
    while (e != kNone && edges_[e].player == p && edges_[e].action < a) e = edges_[e].next;
    if (e == kNone || edges_[e].player != p || edges_[e].action != a) {
      w.untried.PushBack(a);
      continue;
    }
    Edge& edge = edges_[e];
    ++edge.available;
    ++tried;
    tried_visits += edge.visits;
    // UCB with availability counts; ties go to the lowest action id.
    const double visits = double(edge.visits);
    const double value =
        edge.visits == 0
            ? std::numeric_limits<double>::infinity()
            : edge.reward / visits + c_ * std::sqrt(std::log(double(edge.available)) / visits);
    if (value > best_value) {
      best_value = value;
      best = e;
    }
    e = edge.next;
  }
  if (!w.untried.Empty() &&
      (knowledge_.widen <= 0 || tried < 1 + knowledge_.widen * std::sqrt(tried_visits))) {
    expanded = true;
    action = ExpansionChoice(w, p);
    if (!w.can_grow) return kNone;
    const uint32_t inserted = InsertEdge(node, p, action);
    ++edges_[inserted].available;
    return inserted;
  }
  action = edges_[best].action;
  return best;
}

Action Search::ExpansionChoice(Worker& w, Player p) {
  const int untried = w.untried.Size();
  if (tree_policy_ == nullptr || knowledge_.expand <= 0 ||
      (knowledge_.expand < 1 && w.rng.Uniform() >= knowledge_.expand))
    return w.untried[int(w.rng.Below(uint32_t(untried)))];
  return tree_policy_->Choose(*w.scratch, p, w.untried, w.rng);
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

uint32_t Search::ChildOf(const Worker& w, uint32_t edge, bool& expanded) {
  if (edges_[edge].child == kNone) {
    if (!w.can_grow) return kNone;
    const uint32_t child = NewNode();
    edges_[edge].child = child;
    expanded = true;
  }
  return edges_[edge].child;
}

uint32_t Search::JointChildOf(const Worker& w, uint32_t node, uint64_t key, bool& expanded) {
  for (uint32_t j = nodes_[node].first_joint; j != kNone; j = joints_[j].next)
    if (joints_[j].key == key) return joints_[j].child;
  if (!w.can_grow) return kNone;
  const uint32_t child = NewNode();
  joints_.push_back(JointChild{key, child, nodes_[node].first_joint});
  nodes_[node].first_joint = uint32_t(joints_.size() - 1);
  expanded = true;
  return child;
}

}  // namespace savanna::ismcts
