// Single-observer Information Set MCTS (Cowling, Powley and Whitehouse 2012) over the core API:
// one tree per searching player, each iteration on a fresh determinization of the root from
// that player's point of view. At a simultaneous decision the acting players select
// independently (decoupled UCT): each has its own statistics at the node, none sees what the
// others picked, and the node's children are keyed by the joint action.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "agents/search_common.h"
#include "core/action_list.h"
#include "core/rng.h"
#include "core/state.h"
#include "nn/net.h"

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
  uint32_t first_prior = kNone;  // with a net: the node's prior blocks, one per player
};

// With a net: one player's prior at a node, from the net's policy in the determinization that
// first asked for it (the node's leaf evaluation, or its first selection): `count` entries of the
// search's priors from `first`, sorted by action.
struct PriorBlock {
  int32_t player = 0;
  uint32_t first = 0;
  uint32_t count = 0;
  uint32_t next = kNone;  // the node's next block
};
struct Prior {
  Action action = kInvalidAction;
  float p = 0;
};

// How a search searches: the `ismcts` agent's parameters of the same names (ismcts_agent.cc).
// The defaults are the baseline, `ismcts` with its defaults.
struct Settings {
  double c = 0.7;  // UCB's exploration constant (values lie in [0, 1])
  // The weight of the score margin in the values backed up (SearchReturns).
  double margin_weight = 0.5;
  // The most the tree's storage may take (0: no limit); once it is full, iterations go on
  // through the tree as it is and play out from its leaves without adding to it.
  size_t max_bytes = 0;
  PlayoutOptions playout = {};  // how to play out below the tree (default: random to the end)
  // The chance that an expansion takes the game's policy's choice (Game::rollout_policy(),
  // whatever the playouts do) among the untried legal actions instead of a uniformly random one.
  double expand = 0;
  // Progressive widening: a node offers its player a new (untried) action only while the legal
  // actions already tried there number fewer than 1 + widen * sqrt(their visits); until then UCB
  // chooses among those (0: every legal action is tried before UCB). With `expand` the policy
  // decides which action comes next, so a wide node is searched in its order of preference.
  double widen = 0;
  // Reopened simultaneous steps: each determinization takes back the other players' hidden
  // submissions of the step under way (State::ReopenHiddenSubmissions), so that the tree chooses
  // them as at the step's first submission instead of playing uniformly drawn ones.
  bool reopen = false;
};

// One search tree with its scratch state and buffers. Reused from decision to decision: after
// the first few searches it allocates only when the tree outgrows its largest size so far.
//
// With a net (Begin's `net`, docs/nets.md) the steps stay those of ISMCTS, with two changes: the
// selection is PUCT, each player's legal actions scored by their mean value plus
// c * prior * sqrt(availability) / (1 + visits), the prior the net's policy at the node (an
// untried action: the mean value of the tried ones, and the node's visits for its availability),
// so that the prior orders the expansions too; and the leaf is evaluated by the net's values (as
// its player to act sees it) instead of played out, the same evaluation giving the new node its
// prior. The playout settings, `expand` and `widen` then do nothing.
class Search {
 public:
  explicit Search(const Settings& settings);

  // Starts a search of `root` for `player` (who must be to act there): clears the previous tree.
  // `net`: a net that fits the root's game (nn::Net::CheckFits), or null for the search without.
  void Begin(const State& root, Player player, uint64_t seed,
             const std::shared_ptr<const nn::Net>& net = nullptr);
  // Runs iterations on `root` (the state given to Begin) until `clock` says stop; returns how
  // many. Continuing in several calls gives the tree one call would.
  int64_t Continue(const State& root, BudgetClock& clock);

  // The root's statistics for the searching player, one per action tried, in action order.
  std::vector<ActionEstimate> RootEstimates() const;
  size_t NodeCount() const { return nodes_.size(); }
  // What the tree's storage takes now (its vectors' capacity), in bytes.
  size_t TreeBytes() const;

 private:
  // How the iterations run steps 2 to 4: without a net or with one, growing the tree or, once it
  // is full (Settings::max_bytes), walking it as it is. Set by Begin, and by MakeRoom once full.
  enum class Steps { kPlayout, kNet, kPlayoutInFullTree, kNetInFullTree };
  // The edge `p` plays at `node`, or kNone when `action` (set either way) has none there yet.
  // Counts the availability of `p`'s legal actions that have edges.
  using Selection = uint32_t (Search::*)(uint32_t node, Player p, Action& action);

  void Iterate(const State& root);  // one iteration, in the numbered steps of ISMCTS
  // Step 2: down from the root (path_), each acting player choosing by `kSelect`, until a choice
  // leaves the tree (an action without an edge, a joint action without a node: exit_).
  template <Selection kSelect>
  void Descend();
  // UCB among the tried actions, or an untried one when one is due (`expand`, `widen`).
  uint32_t Select(uint32_t node, Player p, Action& action);
  // With a net: PUCT with the net's prior at `node`, asked for when `p` has none there yet (in a
  // full tree, every action then weighs the same).
  template <bool kFullTree>
  uint32_t SelectWithPrior(uint32_t node, Player p, Action& action);
  uint32_t Puct(uint32_t node, Player p, const PriorBlock& prior, Action& action);
  void Expand();  // Step 3: where the descent left the tree, new edges and the node below (leaf_)
  // Step 4: a playout (PlayoutOptions), or with a net the leaf's values and the new leaf's prior.
  void PlayOut();
  void EvaluateLeaf();
  // Records the prior of `p` at `node` from the evaluator's last evaluation (of `p`) over legal_.
  const PriorBlock* AddPrior(uint32_t node, Player p);
  const PriorBlock* FindPrior(uint32_t node, Player p) const;
  uint32_t AddEdge(uint32_t node, Player p, Action a);  // sorted into `node`'s edges
  uint32_t NewNode();
  // Reserves within max_bytes room for as many iterations' growth as fit (room_), or once none
  // fits switches to the full-tree steps.
  void MakeRoom();

  // Set at construction.
  const Settings settings_;
  const double widen_base_;  // 1 with progressive widening (Settings::widen), else no limit

  // Set by Begin, for one search.
  Player root_player_ = 0;
  std::unique_ptr<nn::NetEvaluator> evaluator_;  // with a net (kept while the net is the same)
  const RolloutPolicy* policy_ = nullptr;        // the playouts' (null: random playouts)
  const RolloutPolicy* tree_policy_ = nullptr;   // the expansions' (null: random expansions)
  Rng rng_;
  Steps steps_ = Steps::kPlayout;
  int64_t room_ = 0;  // iterations whose growth the tree's storage still holds

  // The tree, kept from search to search (cleared, its capacity kept).
  std::vector<Node> nodes_;
  std::vector<Edge> edges_;
  std::vector<JointChild> joints_;
  std::vector<PriorBlock> blocks_;  // with a net
  std::vector<Prior> priors_;

  // One iteration's work, kept from iteration to iteration so that nothing is allocated.
  std::unique_ptr<State> scratch_;  // the determinization, played down the tree and out
  std::vector<uint32_t> path_;      // the edges chosen
  ActionList legal_;
  ActionList untried_;
  PlayerValues values_;  // the playout's values (SearchReturns) and win shares
  PlayerValues wins_;
  // Where the descent left the tree: the node (kNone: the game ended in the tree), its acting
  // players with each one's action and edge (kNone: none yet), and their joint action's key.
  struct Exit {
    uint32_t node = kNone;
    PlayerSet acting;
    Action chosen[kMaxPlayers] = {};
    uint32_t edge[kMaxPlayers] = {};
    uint64_t key = 0;
  } exit_;
  uint32_t leaf_ = kNone;  // the node Expand added, if any
  // With a net: the policy over legal_, and each legal action's edge and prior weight.
  std::vector<float> probs_;
  struct Candidate {
    uint32_t edge;
    float weight;
  };
  std::vector<Candidate> candidates_;
};

}  // namespace savanna::ismcts
