// The ISMCTS iteration in its five steps: determinize, select down the tree (UCB with
// availability counts, decoupled at simultaneous decisions; PUCT with a net's prior), expand one
// node, play out (or evaluate a cut-off playout, or with a net evaluate the leaf), back up the
// values.
#include "agents/ismcts_search.h"

#include <cmath>
#include <limits>

#include "core/check.h"
#include "core/game.h"
#include "core/hash.h"

namespace savanna::ismcts {

Search::Search(const Settings& settings)
    : settings_(settings),
      depth_limit_(settings.max_depth > 0 ? settings.max_depth : std::numeric_limits<int>::max()),
      widen_base_(settings.widen > 0 ? 1 : std::numeric_limits<double>::infinity()) {}

void Search::Begin(const State& root, Player player, uint64_t seed,
                   const std::shared_ptr<const nn::Net>& net) {
  nodes_.clear();
  edges_.clear();
  joints_.clear();
  blocks_.clear();
  priors_.clear();
  if (net == nullptr) {
    evaluator_.reset();
  } else if (evaluator_ == nullptr || evaluator_->shared() != net) {
    evaluator_ = std::make_unique<nn::NetEvaluator>(net);
    probs_.resize(ActionList::kCapacity);
    candidates_.resize(ActionList::kCapacity);
  }
  if (evaluator_ != nullptr) evaluator_->ForgetGame();
  root_player_ = player;
  policy_ = settings_.playout.use_policy ? root.game().rollout_policy() : nullptr;
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
  for (; clock.More(done); ++done) Iterate(root);
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

  // Step 4. Play out to the end, or cut off and evaluated by the game's policy (PlayoutOptions);
  // with a net, the leaf evaluated by the net.
  if (evaluator_ != nullptr && !scratch_->IsTerminal()) {
    EvaluateLeaf();
  } else {
    Playout(*scratch_, rng_, legal_, policy_, settings_.playout, settings_.margin_weight, values_,
            wins_);
  }

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
  leaf_ = kNone;
  uint32_t node = 0;
  bool expanded = false;
  // Step 2. A player to act selects an edge on its own statistics: UCB among the tried legal
  // actions (with a net, PUCT over its prior), or Step 3, expands: an untried action gets its edge
  // and the node below it, and the descent ends.
  auto select = [&](Player p, Action& action) {
    return evaluator_ ? SelectWithPrior(node, p, expanded, action)
                      : Select(node, p, expanded, action);
  };
  for (int depth = 0; !expanded && !scratch_->IsTerminal() && depth < depth_limit_; ++depth) {
    const PlayerSet acting = scratch_->PlayersToAct();
    if (acting.Size() == 1) {
      const Player p = acting.First();
      Action action = kInvalidAction;
      const uint32_t e = select(p, action);
      scratch_->ApplyUnchecked(p, action);
      if (e == kNone) break;  // a full tree: played out from here
      path_.push_back(e);
      node = ChildOf(e, expanded);
    } else {
      // A simultaneous decision: every acting player selects before any submission is applied,
      // so no choice depends on another's; the node below is the joint action's.
      Action chosen[kMaxPlayers];
      bool off_tree = false;
      for (Player p : acting) {
        const uint32_t e = select(p, chosen[p]);
        off_tree = off_tree || e == kNone;
        if (e != kNone) path_.push_back(e);
      }
      for (Player p : acting) scratch_->ApplyUnchecked(p, chosen[p]);
      if (off_tree) break;
      node = JointChildOf(node, acting, chosen, expanded);
      if (node == kNone) break;
    }
    if (expanded) leaf_ = node;
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
  // An untried action is due unless progressive widening holds the node at its tried ones. It is
  // the policy's choice with chance `expand` (tree_policy_ exists only with expand > 0), else a
  // uniformly random one.
  if (untried_.Empty() || tried >= widen_base_ + settings_.widen * std::sqrt(tried_visits)) {
    action = edges_[best].action;
    return best;
  }
  const bool by_policy =
      tree_policy_ != nullptr && (settings_.expand >= 1 || rng_.Uniform() < settings_.expand);
  action = by_policy ? tree_policy_->Choose(*scratch_, p, untried_, rng_)
                     : untried_[int(rng_.Below(uint32_t(untried_.Size())))];
  return Expand(node, p, action, expanded);
}

uint32_t Search::SelectWithPrior(uint32_t node, Player p, bool& expanded, Action& action) {
  scratch_->LegalActions(p, legal_);
  SAVANNA_CHECK(!legal_.Empty());
  const PriorBlock* block = FindPrior(node, p);
  if (block == nullptr && can_grow_) {
    evaluator_->Evaluate(*scratch_, p);
    block = AddPrior(node, p);
  }
  // Pass 1: merge the sorted legal actions with the node's edges of `p` and its prior of `p`
  // (both sorted by action). An action legal now but not when the prior was made gets the share
  // of one of the prior's actions; without a prior (a full tree) every action weighs the same.
  uint32_t e = nodes_[node].first_edge;
  while (e != kNone && edges_[e].player < p) e = edges_[e].next;
  const Prior* prior = block ? priors_.data() + block->first : nullptr;
  const Prior* prior_end = block ? prior + block->count : nullptr;
  const float missing = block ? 1.0f / float(block->count) : 1.0f;
  double weights = 0, tried_visits = 0, tried_reward = 0;
  for (int i = 0; i < legal_.Size(); ++i) {
    const Action a = legal_[i];
    while (e != kNone && edges_[e].player == p && edges_[e].action < a) e = edges_[e].next;
    while (prior != prior_end && prior->action < a) ++prior;
    Candidate& c = candidates_[size_t(i)];
    c.weight = prior != prior_end && prior->action == a ? prior->p : missing;
    weights += c.weight;
    c.edge = kNone;
    if (e != kNone && edges_[e].player == p && edges_[e].action == a) {
      c.edge = e;
      Edge& edge = edges_[e];
      ++edge.available;
      tried_visits += edge.visits;
      tried_reward += edge.reward;
      e = edge.next;
    }
  }
  // Pass 2: PUCT. An untried action is valued at the mean of the tried ones (0.5 before any),
  // with the node's visits for its availability. Exact ties go to the lowest action id.
  const double untried_value = tried_visits > 0 ? tried_reward / tried_visits : 0.5;
  const double untried_root = std::sqrt(tried_visits + 1);
  int best = 0;
  double best_score = -std::numeric_limits<double>::infinity();
  for (int i = 0; i < legal_.Size(); ++i) {
    const Candidate& c = candidates_[size_t(i)];
    const double scaled = settings_.c * double(c.weight) / weights;
    double score = untried_value + scaled * untried_root;
    if (c.edge != kNone && edges_[c.edge].visits > 0) {
      const Edge& edge = edges_[c.edge];
      const double visits = double(edge.visits);
      score = edge.reward / visits + scaled * std::sqrt(double(edge.available)) / (1 + visits);
    }
    if (score > best_score) {
      best_score = score;
      best = i;
    }
  }
  action = legal_[best];
  const uint32_t chosen = candidates_[size_t(best)].edge;
  return chosen != kNone ? chosen : Expand(node, p, action, expanded);
}

void Search::EvaluateLeaf() {
  const Player p = scratch_->PlayersToAct().First();
  evaluator_->Evaluate(*scratch_, p);
  wins_ = values_ = evaluator_->Rewards();
  // The new node's prior for its player, from the same evaluation: its first selection then
  // needs none.
  if (leaf_ != kNone && can_grow_ && FindPrior(leaf_, p) == nullptr) {
    scratch_->LegalActions(p, legal_);
    AddPrior(leaf_, p);
  }
}

const PriorBlock* Search::AddPrior(uint32_t node, Player p) {
  evaluator_->Policy(legal_, probs_);
  const uint32_t first = uint32_t(priors_.size());
  for (int i = 0; i < legal_.Size(); ++i) priors_.push_back({legal_[i], probs_[size_t(i)]});
  blocks_.push_back({p, first, uint32_t(legal_.Size()), nodes_[node].first_prior});
  nodes_[node].first_prior = uint32_t(blocks_.size() - 1);
  return &blocks_.back();
}

const PriorBlock* Search::FindPrior(uint32_t node, Player p) const {
  for (uint32_t b = nodes_[node].first_prior; b != kNone; b = blocks_[b].next)
    if (blocks_[b].player == p) return &blocks_[b];
  return nullptr;
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
         joints_.capacity() * sizeof(JointChild) + blocks_.capacity() * sizeof(PriorBlock) +
         priors_.capacity() * sizeof(Prior);
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
  // With a net an iteration may add a prior for every player at two nodes (a selection's and the
  // leaf's), each up to a whole action list.
  const size_t blocks = evaluator_ ? size_t(2 * kMaxPlayers) : 0;
  return reserve(nodes_, 1) && reserve(joints_, 1) && reserve(edges_, size_t(kMaxPlayers)) &&
         reserve(blocks_, blocks) && reserve(priors_, blocks * ActionList::kCapacity) &&
         TreeBytes() <= max_bytes;
}

uint32_t Search::NewNode() {
  nodes_.push_back(Node{});
  return uint32_t(nodes_.size() - 1);
}

uint32_t Search::Expand(uint32_t node, Player p, Action a, bool& expanded) {
  expanded = true;
  if (!can_grow_) return kNone;
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
  edge.available = 1;  // legal in this iteration
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
  // A new edge gets its node in the iteration that adds it (the tree then has room for both).
  if (edges_[edge].child == kNone) {
    edges_[edge].child = NewNode();
    expanded = true;
  }
  return edges_[edge].child;
}

uint32_t Search::JointChildOf(uint32_t node, PlayerSet acting, const Action* chosen,
                              bool& expanded) {
  Hasher joint;
  for (Player p : acting) joint.Add(uint64_t(uint32_t(p)) << 32 | uint32_t(chosen[p]));
  const uint64_t key = joint.Finish();
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
