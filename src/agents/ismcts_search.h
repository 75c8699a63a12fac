// Single-observer Information Set MCTS (Cowling, Powley and Whitehouse 2012) over the core API:
// one tree per searching player, each iteration on a fresh determinization of the root from
// that player's point of view. At a simultaneous decision the acting players select
// independently (decoupled UCT): each
// has its own statistics at the node, none sees what the others picked, and the node's children
// are keyed by the joint action.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "agents/search_common.h"
#include "core/action_list.h"
#include "core/hash.h"
#include "core/rng.h"
#include "core/state.h"

namespace savanna::ismcts {

inline constexpr uint32_t kNone = UINT32_MAX;

// The statistics of one player's action at one node. A node's edges form a list sorted by
// (player, action), so a merge with the sorted legal actions finds them in one pass.
struct Edge {
  Action action = kInvalidAction;
  int32_t player = 0;
  uint32_t next = kNone;   // the node's next edge
  uint32_t child = kNone;  // sequential nodes: the node this action leads to
  uint32_t visits = 0;
  uint32_t available = 0;  // iterations in which the action was legal at this node
  double reward = 0;       // the sum of `player`'s values (SearchReturns) over the visits
  double wins = 0;         // the sum of `player`'s win shares over the visits
};

// Decoupled nodes: the child reached by one joint action, keyed by a 64-bit hash of its
// (player, action) pairs. Two joint actions of one node sharing a hash would share a child:
// harmless (statistics of two siblings mixed), and at 2^-64 per pair not worth a check.
struct JointChild {
  uint64_t key = 0;
  uint32_t child = kNone;
  uint32_t next = kNone;
};

struct Node {
  uint32_t first_edge = kNone;
  uint32_t first_joint = kNone;
};

// Game knowledge inside the tree (the game's rollout policy, Game::rollout_policy(), whatever
// the playouts do). The defaults are the baseline: no knowledge in the tree.
struct TreeKnowledge {
  // The chance that an expansion takes the policy's choice among the untried legal actions
  // instead of a uniformly random one (0: always random).
  double expand = 0;

  // Progressive widening: a node offers its player a new (untried) action only while the
  // legal actions already tried there number fewer than 1 + widen * sqrt(their visits); until
  // then UCB chooses among those (0: every legal action is tried before UCB, the baseline).
  // With `expand` the policy decides which action comes next, so a wide node is searched in
  // the policy's order of preference.
  double widen = 0;

  // Reopened simultaneous steps (docs/agents.md "Reopened simultaneous steps"): each
  // determinization takes back the other players' hidden submissions of the step under way
  // (State::ReopenHiddenSubmissions), so the search chooses them as at a step's first submission
  // instead of playing a uniformly drawn one (false: drawn, the baseline).
  bool reopen = false;

  // Whether the search needs the game's policy.
  bool UsesPolicy() const { return expand > 0; }
};

// What one iteration works with beside the tree: the determinization, the generator, the path
// chosen, the action buffers, the playout's values and the move averages (MAST, progressive
// history). A search owns one; each thread searching a shared tree (ismcts_shared_tree.h) has its
// own. Its buffers are kept from iteration to iteration, so it allocates nothing once grown.
struct Worker {
  Rng rng;
  std::unique_ptr<State> scratch;
  std::vector<uint32_t> path;  // the edges chosen in this iteration
  ActionList legal;
  ActionList untried;
  PlayerValues values;  // the playout's values (SearchReturns) and win shares
  PlayerValues wins;
  bool can_grow = true;  // this iteration may add to the tree
};

// One search tree with its scratch state and buffers. Reused from decision to decision: after
// the first few searches it allocates only when the tree outgrows its largest size so far.
class Search {
 public:
  // `max_depth`: decisions stored below the root (0: no limit); deeper, the playout takes over.
  // `margin_weight`: the weight of the score margin in the returns backed up (SearchReturns).
  // `max_bytes`: the most the tree's storage may take (0: no limit); once it is full, iterations
  // go on through the tree as it is and play out from its leaves without adding nodes.
  // `playout`: how to play out below the tree (the default: random to the end).
  // `knowledge`: the game's policy in selection and expansion (the default: none).
  Search(double exploration, int max_depth, double margin_weight, size_t max_bytes = 0,
         PlayoutOptions playout = {}, TreeKnowledge knowledge = {})
      : c_(exploration),
        max_depth_(max_depth),
        margin_weight_(margin_weight),
        max_bytes_(max_bytes),
        playout_(playout),
        knowledge_(knowledge) {}

  // Starts a search of `root` for `player` (who must be to act there): clears the previous tree.
  void Begin(const State& root, Player player, uint64_t seed);
  // Runs iterations on `root` (the state given to Begin) until `clock` says stop; returns how
  // many. Continuing in several calls gives the tree one call would.
  int64_t Continue(const State& root, BudgetClock& clock);

  // The root's statistics for the searching player, one per action tried, in action order.
  std::vector<ActionEstimate> RootEstimates() const;

  size_t NodeCount() const { return nodes_.size(); }
  // What the tree's storage takes now (its vectors' capacity), in bytes.
  size_t TreeBytes() const;

 private:
  // Empties the tree, keeping its storage's capacity.
  void ClearTree();
  void Iterate(const State& root, Worker& w);
  // Iterate's steps: a fresh determinization into w.scratch (touches no tree); the descent that
  // selects and expands (w.path), reading and growing the tree; the playout (touches no tree);
  // the backup of w.values into the edges of w.path.
  void Determinize(const State& root, Worker& w);
  void Descend(Worker& w);
  void PlayOut(Worker& w);
  // A move of the descent: applied to w.scratch, and recorded for the move averages if kept.
  void Play(Worker& w, Player p, Action action);
  void BackUp(const Worker& w);
  void BackUpPath(const std::vector<uint32_t>& path, const Worker& w);

  // Readies `w` for a search of `root`: seeds its generator, resets its move averages, gives it a
  // scratch state of root's type.
  void PrepareWorker(Worker& w, const State& root, uint64_t seed) const;
  // Makes room for one iteration's growth (a node, a joint child and an edge per player) within
  // max_bytes_; false when the tree is full.
  bool ReserveForIteration();
  // The edge `p` plays at `node`: an untried legal action if there is one (expansion: sets
  // `expanded`), otherwise the UCB choice among the legal ones. Counts availability. When the
  // tree is full and an untried action is picked, returns kNone (`action` is the pick).
  uint32_t Select(Worker& w, uint32_t node, Player p, bool& expanded, Action& action);
  uint32_t NewNode();
  uint32_t InsertEdge(uint32_t node, Player p, Action a);
  // The node after `edge` (sequential) or after the joint action `key` (decoupled), created
  // if new (then `expanded` is set).
  uint32_t ChildOf(const Worker& w, uint32_t edge, bool& expanded);
  uint32_t JointChildOf(const Worker& w, uint32_t node, uint64_t key, bool& expanded);

  // Begin's work after the tree was cleared.
  void Prepare(const State& root, Player player, uint64_t seed);

  double c_;
  int max_depth_;
  double margin_weight_;
  size_t max_bytes_;
  // The untried action to expand (w.untried is not empty).
  Action ExpansionChoice(Worker& w, Player p);

  PlayoutOptions playout_;
  TreeKnowledge knowledge_;
  const RolloutPolicy* policy_ = nullptr;       // the root's game's, when playout_ asks for one
  const RolloutPolicy* tree_policy_ = nullptr;  // the root's game's, when knowledge_ asks for one
  Player root_player_ = 0;
  Worker own_;  // the search's own (Continue's); a shared tree's threads bring theirs
  std::vector<Node> nodes_;
  std::vector<Edge> edges_;
  std::vector<JointChild> joints_;
};

}  // namespace savanna::ismcts
