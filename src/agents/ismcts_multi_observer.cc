// Multiple-observer ISMCTS (Cowling, Powley and Whitehouse 2012): one tree per player, walked in
// step on each determinization. At a player's decision its own tree selects (UCB with
// availability over its real legal actions); every other player's tree follows the edge of the
// move as that player sees it (State::PublicActionKey), so a move hidden from a player is one
// edge in that player's tree. Each tree's edges collect the values of the players who chose them.
#include <memory>
#include <vector>

#include "agents/ismcts_search.h"
#include "core/check.h"
#include "core/game.h"
#include "core/hash.h"

namespace savanna::ismcts {

void Search::BeginObservers(const State& root) {
  const size_t longest = size_t(root.game().MaxGameLength());
  observed_players_ = root.NumPlayers();
  for (Player q = 0; q < root.NumPlayers(); ++q) {
    if (q == root_player_) continue;
    if (observers_.size() <= size_t(q)) observers_.resize(size_t(q) + 1);
    if (!observers_[size_t(q)]) {
      TreeKnowledge observer = knowledge_;
      observer.mo = false;  // an observer's tree is walked by this search, never by itself
      observers_[size_t(q)] =
          std::make_unique<Search>(c_, max_depth_, margin_weight_, max_bytes_, playout_, observer);
    }
    Search& tree = *observers_[size_t(q)];
    tree.ClearTree();
    tree.root_player_ = q;
    tree.tree_policy_ = tree_policy_;  // for q's own selections and expansions in its tree
    tree.ReserveForIteration();
    tree.NewNode();
    own_.observer_paths[size_t(q)].reserve(longest);
  }
}

void Search::DescendObservers(Worker& w) {
  const int players = w.scratch->NumPlayers();
  uint32_t nodes[kMaxPlayers];  // nodes[q]: where q's tree is
  w.can_grow = true;
  for (Player q = 0; q < players; ++q) {
    PathOf(w, q).clear();
    nodes[q] = 0;
    w.can_grow = TreeOf(q).ReserveForIteration() && w.can_grow;
  }

  // Selection and expansion in every tree at once: until the acting player's tree (and so the
  // others', which grow in step) adds a node, the tree is full, or the game ends.
  bool expanded = false;
  for (int depth = 0;
       !expanded && !w.scratch->IsTerminal() && (max_depth_ == 0 || depth < max_depth_); ++depth) {
    const PlayerSet acting = w.scratch->PlayersToAct();
    if (acting.Size() == 1) {
      const Player p = acting.First();
      Action action = kInvalidAction;
      Search& own = TreeOf(p);
      const uint32_t e = own.Select(w, nodes[p], p, expanded, action);
      if (e == kNone) {
        Play(w, p, action);
        break;
      }
      // The others follow the move as they see it (read before it is applied).
      bool off_tree = false;
      for (Player q = 0; q < players; ++q) {
        if (q == p) continue;
        Search& tree = TreeOf(q);
        const uint32_t f = tree.FollowEdge(w, nodes[q], p, w.scratch->PublicActionKey(p, action));
        if (f == kNone) {
          off_tree = true;
          continue;
        }
        PathOf(w, q).push_back(f);
        nodes[q] = tree.ChildOf(w, f, expanded);
        off_tree = off_tree || nodes[q] == kNone;
      }
      Play(w, p, action);
      PathOf(w, p).push_back(e);
      nodes[p] = own.ChildOf(w, e, expanded);
      if (off_tree || nodes[p] == kNone) break;
      continue;
    }
    // A simultaneous decision: each acting player selects in its own tree (decoupled, as in
    // Descend); each tree then goes to the child of the joint action as its player sees it.
    Action chosen[kMaxPlayers];
    bool off_tree = false;
    for (Player p : acting) {
      const uint32_t e = TreeOf(p).Select(w, nodes[p], p, expanded, chosen[p]);
      off_tree = off_tree || e == kNone;
      if (e != kNone) PathOf(w, p).push_back(e);
    }
    uint64_t keys[kMaxPlayers];
    for (Player q = 0; q < players; ++q) {
      Hasher joint;
      for (Player p : acting) {
        const Action seen = q == p ? chosen[p] : w.scratch->PublicActionKey(p, chosen[p]);
        joint.Add(uint64_t(uint32_t(p)) << 32 | uint32_t(seen));
      }
      keys[q] = joint.Finish();
    }
    for (Player p : acting) Play(w, p, chosen[p]);
    if (off_tree) break;
    for (Player q = 0; q < players; ++q) {
      nodes[q] = TreeOf(q).JointChildOf(w, nodes[q], keys[q], expanded);
      off_tree = off_tree || nodes[q] == kNone;
    }
    if (off_tree) break;
  }
}

uint32_t Search::FollowEdge(const Worker& w, uint32_t node, Player p, Action key) {
  for (uint32_t e = nodes_[node].first_edge; e != kNone; e = edges_[e].next)
    if (edges_[e].player == p && edges_[e].action == key) return e;
  if (!w.can_grow) return kNone;
  return InsertEdge(node, p, key);
}

std::vector<Action> Search::EdgeActions(Player observer, const std::vector<Action>& path,
                                        Player player) const {
  const Search* tree = observer == root_player_       ? this
                       : observer < observed_players_ ? observers_[size_t(observer)].get()
                                                      : nullptr;
  std::vector<Action> out;
  if (tree == nullptr || tree->nodes_.empty()) return out;
  uint32_t node = 0;
  for (Action a : path) {
    uint32_t e = tree->nodes_[node].first_edge;
    while (e != kNone && tree->edges_[e].action != a) e = tree->edges_[e].next;
    if (e == kNone || tree->edges_[e].child == kNone) return out;
    node = tree->edges_[e].child;
  }
  for (uint32_t e = tree->nodes_[node].first_edge; e != kNone; e = tree->edges_[e].next)
    if (tree->edges_[e].player == player) out.push_back(tree->edges_[e].action);
  return out;
}

}  // namespace savanna::ismcts
