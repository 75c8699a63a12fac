// Tree reuse for ISMCTS: at a new decision, find the node of the previous tree that the new root
// reaches (replaying the tree's edges from the previous root), check that every action on the way
// was seen in full by the searching player, and compact that node's subtree to the front of the
// tree's vectors in place. docs/agents.md, "Tree reuse", explains the rules.
#include <algorithm>
#include <bit>

#include "agents/ismcts_search.h"
#include "core/check.h"

namespace savanna::ismcts {
namespace {

// More actions than this between two decisions: not worth replaying (start afresh).
constexpr int kMaxReplayMoves = 256;
// Actions the replay may apply beyond one per edge of the tree: a bound on the joint actions a
// simultaneous step can try (their number is the product of each player's edges there).
constexpr int64_t kReplayWorkBase = 4096;

// Moves each marked element of `items` from index `from` on to its rank among the marked ones,
// after `relink` has rewritten its links to the new places, and drops the rest. A kept element
// never moves above its index, so a sweep upwards never overwrites one it has yet to move, and
// the order is kept.
template <class T, class Marks, class Relink>
void CompactMarked(std::vector<T>& items, const Marks& marks, uint32_t from, Relink relink) {
  for (uint32_t i = from; i < items.size(); ++i) {
    if (!marks.Marked(i)) continue;
    T item = items[i];
    relink(item);
    items[marks.Rank(i)] = item;
  }
  items.resize(marks.Count());
}

}  // namespace

bool Search::BeginReusing(const State& root, Player player, uint64_t seed) {
  SAVANNA_CHECK(!knowledge_.mo);  // CheckIsmctsParams refuses mo with reuse
  uint32_t node = kNone;
  if (has_last_root_ && !nodes_.empty() && player == root_player_ && SameType(*last_root_, root))
    node = FindContinuation(root);
  if (node != kNone) {
    DropIllegalEdges(node, root, player);
    KeepSubtree(node);
    Prepare(root, player, seed);
    // A continuation the previous search reached but never searched from (a leaf, or edges
    // that are all illegal now) holds nothing worth keeping: the tree starts afresh.
    if (RootVisits() == 0) node = kNone;
  }
  if (node == kNone) Begin(root, player, seed);
  if (!last_root_ || !SameType(*last_root_, root)) {
    last_root_ = root.Clone();
  } else {
    last_root_->CopyFrom(root);
  }
  has_last_root_ = true;
  return node != kNone;
}

int64_t Search::RootVisits() const {
  int64_t visits = 0;
  if (nodes_.empty()) return 0;
  for (uint32_t e = nodes_[0].first_edge; e != kNone; e = edges_[e].next)
    if (edges_[e].player == root_player_) visits += edges_[e].visits;
  return visits;
}

uint32_t Search::FindContinuation(const State& root) {
  const int moves = root.MoveNumber() - last_root_->MoveNumber();
  if (moves < 0 || moves > kMaxReplayMoves) return kNone;
  if (replay_steps_.size() < size_t(moves)) replay_steps_.resize(size_t(moves));
  replay_work_ = kReplayWorkBase + int64_t(edges_.size());
  replay_done_ = false;
  ReplayState(0, *last_root_);
  return ReplayFrom(root, 0, 0);
}

State& Search::ReplayState(size_t level, const State& from) {
  if (replay_.size() <= level) replay_.resize(level + 1);
  std::unique_ptr<State>& slot = replay_[level];
  if (!slot || !SameType(*slot, from)) {
    slot = from.Clone();
  } else {
    slot->CopyFrom(from);
  }
  return *slot;
}

uint32_t Search::ReplayFrom(const State& target, size_t level, uint32_t node) {
  const State& x = *replay_[level];
  if (x.MoveNumber() >= target.MoveNumber()) {
    if (x.MoveNumber() != target.MoveNumber() || x.Hash() != target.Hash()) return kNone;
    // The actions that led here are the ones played: the search stops whatever it finds now.
    replay_done_ = true;
    return PathIsPublic(level) ? node : kNone;
  }
  const PlayerSet acting = x.PlayersToAct();
  if (acting.Empty()) return kNone;
  if (acting.Size() > 1) return ReplayJoint(target, level, node, acting, Hasher());
  const Player p = acting.First();
  for (uint32_t e = nodes_[node].first_edge; e != kNone && !replay_done_; e = edges_[e].next) {
    const Edge& edge = edges_[e];
    if (edge.player < p) continue;
    if (edge.player > p) break;
    // An edge without a child leads to no kept statistics below it.
    if (edge.child == kNone || !x.IsLegal(p, edge.action)) continue;
    if (--replay_work_ < 0) {
      replay_done_ = true;  // too much to replay: start afresh
      return kNone;
    }
    ReplayState(level + 1, x).ApplyUnchecked(p, edge.action);
    replay_steps_[level] = {p, edge.action};
    const uint32_t found = ReplayFrom(target, level + 1, edge.child);
    if (found != kNone || replay_done_) return found;
  }
  return kNone;
}

uint32_t Search::ReplayJoint(const State& target, size_t level, uint32_t node, PlayerSet rest,
                             Hasher joint) {
  if (rest.Empty()) {
    // Every submission is in: the child Iterate keyed by this joint action.
    const uint64_t key = joint.Finish();
    for (uint32_t j = nodes_[node].first_joint; j != kNone; j = joints_[j].next)
      if (joints_[j].key == key) return ReplayFrom(target, level, joints_[j].child);
    return kNone;
  }
  const State& x = *replay_[level];
  // The new root lies inside this step (a submission still sealed): not a place in the tree.
  if (x.MoveNumber() >= target.MoveNumber()) return kNone;
  const Player p = rest.First();
  rest.Erase(p);
  for (uint32_t e = nodes_[node].first_edge; e != kNone && !replay_done_; e = edges_[e].next) {
    const Edge& edge = edges_[e];
    if (edge.player < p) continue;
    if (edge.player > p) break;
    if (!x.IsLegal(p, edge.action)) continue;
    if (--replay_work_ < 0) {
      replay_done_ = true;
      return kNone;
    }
    ReplayState(level + 1, x).ApplyUnchecked(p, edge.action);
    replay_steps_[level] = {p, edge.action};
    Hasher next = joint;
    next.Add(uint64_t(uint32_t(p)) << 32 | uint32_t(edge.action));
    const uint32_t found = ReplayJoint(target, level + 1, node, rest, next);
    if (found != kNone || replay_done_) return found;
  }
  return kNone;
}

bool Search::PathIsPublic(size_t steps) const {
  for (size_t k = 0; k < steps; ++k) {
    const ReplayStep& step = replay_steps_[k];
    if (step.player == root_player_) continue;  // the searching player's own action
    // Read in full by everybody else once its step resolved: the public text names it whole.
    const State& before = *replay_[k];
    if (before.ActionToString(step.player, step.action) !=
        before.PublicActionString(step.player, step.action))
      return false;
  }
  return true;
}

void Search::DropIllegalEdges(uint32_t node, const State& root, Player player) {
  uint32_t prev = kNone;
  for (uint32_t e = nodes_[node].first_edge; e != kNone; e = edges_[e].next) {
    if (edges_[e].player != player || root.IsLegal(player, edges_[e].action)) {
      prev = e;
      continue;
    }
    // Unlinked, with the subtree below: the compaction then leaves them out.
    if (prev == kNone) {
      nodes_[node].first_edge = edges_[e].next;
    } else {
      edges_[prev].next = edges_[e].next;
    }
  }
}

void Search::KeepSubtree(uint32_t root) {
  node_marks_.Reset(nodes_.size());
  edge_marks_.Reset(edges_.size());
  joint_marks_.Reset(joints_.size());
  // A child is always created after its parent (a higher index), so one sweep upwards from the
  // root reaches every node of its subtree after the node that leads to it.
  node_marks_.Mark(root);
  for (uint32_t n = root; n < nodes_.size(); ++n) {
    if (!node_marks_.Marked(n)) continue;
    for (uint32_t e = nodes_[n].first_edge; e != kNone; e = edges_[e].next) {
      edge_marks_.Mark(e);
      if (edges_[e].child != kNone) node_marks_.Mark(edges_[e].child);
    }
    for (uint32_t j = nodes_[n].first_joint; j != kNone; j = joints_[j].next) {
      joint_marks_.Mark(j);
      node_marks_.Mark(joints_[j].child);
    }
  }
  node_marks_.Finish();
  edge_marks_.Finish();
  joint_marks_.Finish();
  // Compaction in place (CompactMarked): the order, and with it the children-after-parents
  // property and each edge list's sorting, is kept.
  CompactMarked(nodes_, node_marks_, root, [&](Node& node) {
    node.first_edge = edge_marks_.Rank(node.first_edge);
    node.first_joint = joint_marks_.Rank(node.first_joint);
  });
  CompactMarked(edges_, edge_marks_, 0, [&](Edge& edge) {
    edge.next = edge_marks_.Rank(edge.next);
    edge.child = node_marks_.Rank(edge.child);
  });
  CompactMarked(joints_, joint_marks_, 0, [&](JointChild& joint) {
    joint.next = joint_marks_.Rank(joint.next);
    joint.child = node_marks_.Rank(joint.child);
  });
  // Regret matching's statistics stay beside their edges (the vector is empty without it).
  if (knowledge_.regret_matching) CompactMarked(regrets_, edge_marks_, 0, [](RegretStats&) {});
}

void Search::RankMarks::Reset(size_t n) {
  words_.assign((n + 63) / 64, 0);
  count_ = 0;
}

void Search::RankMarks::Finish() {
  prefix_.resize(words_.size());
  uint32_t sum = 0;
  for (size_t w = 0; w < words_.size(); ++w) {
    prefix_[w] = sum;
    sum += uint32_t(std::popcount(words_[w]));
  }
  count_ = sum;
}

uint32_t Search::RankMarks::Rank(uint32_t i) const {
  if (i == kNone) return kNone;
  const uint64_t below = words_[i >> 6] & ((uint64_t(1) << (i & 63)) - 1);
  return prefix_[i >> 6] + uint32_t(std::popcount(below));
}

}  // namespace savanna::ismcts
