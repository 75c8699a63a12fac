// The ISMCTS iteration in its five steps: determinize, select down the tree (UCB with
// availability counts, decoupled at simultaneous decisions; PUCT with a net's prior), expand one
// node, play out (or evaluate a cut-off playout, or with a net evaluate the leaf), back up the
// values.
#include "agents/ismcts_search.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "core/check.h"
#include "core/game.h"
#include "core/hash.h"

namespace savanna::ismcts {

constexpr int64_t kNoLimit = std::numeric_limits<int64_t>::max();

Search::Search(const Settings& settings)
    : settings_(settings),
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
  steps_ = evaluator_ == nullptr ? Steps::kPlayout : Steps::kNet;
  room_ = kNoLimit;
  if (settings_.max_bytes > 0) {
    MakeRoom();  // for the root; the first iteration then reserves for itself
    room_ = 0;
  }
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

  // The tree's storage holds this iteration's growth: room is reserved ahead for many iterations
  // at once, within tree_mb (MakeRoom, which switches to the full-tree steps once it is full).
  if (room_ == 0) MakeRoom();
  --room_;

  // Steps 2 to 4. Select down the tree, expand it by one node and play out from there (or, with
  // a net, evaluate the new leaf); once the tree is full, the descent ends where the tree does
  // and the tree stays as it is.
  switch (steps_) {
    case Steps::kPlayout:
      Descend<&Search::Select>();
      Expand();
      PlayOut();
      break;
    case Steps::kNet:
      Descend<&Search::SelectWithPrior<false>>();
      Expand();
      EvaluateLeaf();
      break;
    case Steps::kPlayoutInFullTree:
      Descend<&Search::Select>();
      PlayOut();
      break;
    case Steps::kNetInFullTree:
      Descend<&Search::SelectWithPrior<true>>();
      EvaluateLeaf();
      break;
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

template <Search::Selection kSelect>
void Search::Descend() {
  path_.clear();
  leaf_ = kNone;
  uint32_t node = 0;
  // Step 2. A player to act selects an edge on its own statistics (UCB among the tried legal
  // actions, or with a net PUCT over its prior), or an action without one: there the descent
  // leaves the tree, the action played.
  while (!scratch_->IsTerminal()) {
    exit_.node = node;
    exit_.acting = scratch_->PlayersToAct();
    if (exit_.acting.Size() == 1) {
      const Player p = exit_.acting.First();
      const uint32_t e = exit_.edge[p] = (this->*kSelect)(node, p, exit_.chosen[p]);
      scratch_->ApplyUnchecked(p, exit_.chosen[p]);
      if (e == kNone) return;
      path_.push_back(e);
      node = edges_[e].child;
      if (node == kNone) return;  // an edge gets its node when it is added: not seen
    } else {
      // A simultaneous decision: every acting player selects before any submission is applied,
      // so no choice depends on another's; the node below is the joint action's.
      bool untried = false;
      for (Player p : exit_.acting) {
        const uint32_t e = exit_.edge[p] = (this->*kSelect)(node, p, exit_.chosen[p]);
        untried = untried || e == kNone;
        if (e != kNone) path_.push_back(e);
      }
      for (Player p : exit_.acting) scratch_->ApplyUnchecked(p, exit_.chosen[p]);
      Hasher joint;
      for (Player p : exit_.acting)
        joint.Add(uint64_t(uint32_t(p)) << 32 | uint32_t(exit_.chosen[p]));
      exit_.key = joint.Finish();
      if (untried) return;
      uint32_t j = nodes_[node].first_joint;
      while (j != kNone && joints_[j].key != exit_.key) j = joints_[j].next;
      if (j == kNone) return;
      node = joints_[j].child;
    }
  }
  exit_.node = kNone;  // the game ended in the tree: nothing to expand
}

uint32_t Search::Select(uint32_t node, Player p, Action& action) {
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
  return kNone;
}

template <bool kFullTree>
uint32_t Search::SelectWithPrior(uint32_t node, Player p, Action& action) {
  scratch_->LegalActions(p, legal_);
  static constexpr PriorBlock kUniform{};  // a node without a prior: every action weighs the same
  const PriorBlock* prior = FindPrior(node, p);
  if (prior == nullptr) {  // the node's first selection for `p`: the net's policy here
    if constexpr (kFullTree) return Puct(node, p, kUniform, action);
    evaluator_->Evaluate(*scratch_, p);
    prior = AddPrior(node, p);
  }
  return Puct(node, p, *prior, action);
}

uint32_t Search::Puct(uint32_t node, Player p, const PriorBlock& block, Action& action) {
  SAVANNA_CHECK(!legal_.Empty());
  // Pass 1: merge the sorted legal actions with the node's edges of `p` and its prior of `p`
  // (both sorted by action). An action legal now but not when the prior was made gets the share
  // of one of the prior's actions (with the uniform prior, every action weighs the same).
  uint32_t e = nodes_[node].first_edge;
  while (e != kNone && edges_[e].player < p) e = edges_[e].next;
  const Prior* prior = priors_.data() + block.first;
  const Prior* prior_end = prior + block.count;
  const float missing = 1.0f / float(std::max<uint32_t>(block.count, 1));
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
  return candidates_[size_t(best)].edge;
}

void Search::Expand() {
  // Step 3. Expand: where the descent left the tree, each action there without an edge gets one
  // (available once: legal in this iteration), and the node below is added, the new leaf.
  if (exit_.node == kNone) return;
  for (Player p : exit_.acting)
    if (exit_.edge[p] == kNone)
      path_.push_back(exit_.edge[p] = AddEdge(exit_.node, p, exit_.chosen[p]));
  leaf_ = NewNode();
  if (exit_.acting.Size() == 1) {
    edges_[exit_.edge[exit_.acting.First()]].child = leaf_;
  } else {
    joints_.push_back(JointChild{exit_.key, leaf_, nodes_[exit_.node].first_joint});
    nodes_[exit_.node].first_joint = uint32_t(joints_.size() - 1);
  }
}

void Search::PlayOut() {
  // Step 4. Play out to the end, or cut off and evaluated by the game's policy (PlayoutOptions).
  Playout(*scratch_, rng_, legal_, policy_, settings_.playout, settings_.margin_weight, values_,
          wins_);
}

void Search::EvaluateLeaf() {
  // Step 4 with a net: the leaf evaluated by the net (a finished game by its own values).
  if (scratch_->IsTerminal()) return PlayOut();
  const Player p = scratch_->PlayersToAct().First();
  evaluator_->Evaluate(*scratch_, p);
  wins_ = values_ = evaluator_->Rewards();
  // The new node's prior for its player, from the same evaluation: its first selection then
  // needs none.
  if (leaf_ != kNone) {
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

uint32_t Search::AddEdge(uint32_t node, Player p, Action a) {
  // The list stays sorted by (player, action): the edge goes in before the first one after (p, a).
  uint32_t* link = &nodes_[node].first_edge;
  while (*link != kNone && std::pair(edges_[*link].player, edges_[*link].action) <= std::pair(p, a))
    link = &edges_[*link].next;
  const uint32_t index = uint32_t(edges_.size());
  const uint32_t next = std::exchange(*link, index);  // before push_back moves the edges
  edges_.push_back(Edge{.action = a, .player = p, .next = next, .available = 1});
  return index;
}

uint32_t Search::NewNode() {
  nodes_.push_back(Node{});
  return uint32_t(nodes_.size() - 1);
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

void Search::MakeRoom() {
  const size_t max_bytes = settings_.max_bytes;
  // Each vector gets room for one iteration's growth, doubling when it must grow, or taking half
  // of the room left when doubling would not fit (the other vectors may need the rest). Growth
  // is geometric either way: a handful of reallocations fill the budget, never one per
  // iteration (each would copy the whole vector and map and unmap its memory). Returns how many
  // iterations' growth `v` holds then (0: not one).
  auto reserve = [&](auto& v, size_t more) -> int64_t {
    if (more == 0) return kNoLimit;
    if (v.capacity() < v.size() + more) {
      const size_t old = v.capacity();
      const size_t element = sizeof(v[0]);
      const size_t others = TreeBytes() - old * element;
      const size_t needed = v.size() + more;
      size_t wanted = std::max(needed, std::max<size_t>(2 * old, 64));
      if (others + wanted * element > max_bytes) {
        const size_t room = max_bytes > others ? (max_bytes - others) / element : 0;
        wanted = std::max(needed, old + (room - std::min(room, old)) / 2);
      }
      if (others + wanted * element > max_bytes) return 0;
      v.reserve(wanted);
    }
    return int64_t((v.capacity() - v.size()) / more);
  };
  // An iteration adds at most a node, a joint child and an edge per player; with a net also a
  // prior for every player at two nodes (a selection's and the leaf's), each up to a whole
  // action list.
  const size_t blocks = evaluator_ ? size_t(2 * kMaxPlayers) : 0;
  int64_t room = kNoLimit;
  auto hold = [&](auto& v, size_t more) {
    if (room > 0) room = std::min(room, reserve(v, more));
  };
  hold(nodes_, 1);
  hold(joints_, 1);
  hold(edges_, size_t(kMaxPlayers));
  hold(blocks_, blocks);
  hold(priors_, blocks * ActionList::kCapacity);
  if (room > 0 && TreeBytes() <= max_bytes) {
    room_ = room;
  } else {  // full: the rest of the search goes on through the tree as it is
    steps_ = evaluator_ ? Steps::kNetInFullTree : Steps::kPlayoutInFullTree;
    room_ = kNoLimit;
  }
}

}  // namespace savanna::ismcts
