// No allocation in the hot paths, enforced: this program counts every operator new on the test's
// own thread, and for every configuration of every game (the conformance suite's list) checks
// that random playouts (CopyFrom, LegalActions into a reused list, ApplyUnchecked, the game's
// rollout policy if it has one), DeterminizeInPlace and ISMCTS iterations (also with the policy
// in the tree and with reopened simultaneous steps) allocate nothing once warmed up (a search
// reuses its tree's storage from one decision to the next; also with a net) and net evaluations
// (the input, the trunk, the values and the policy over the legal actions, with the CPU's kernels
// and the portable ones) allocate nothing once warmed up. At compile time: each game's data is
// trivially copyable, so copying a state is a flat copy.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <new>
#include <type_traits>
#include <vector>

#include "agents/ismcts_search.h"
#include "agents/search_common.h"
#include "conformance/conformance.h"
#include "core/action_list.h"
#include "core/rng.h"
#include "games/kalimambo/kalimambo_state.h"
#include "games/kap_kairo/kap_kairo_state.h"
#include "games/kariba/kariba_state.h"
#include "games/kilimanjaro/kilimanjaro_state.h"
#include "games/kitara/kitara_state.h"
#include "games/registry.h"
#include "nn/net.h"
#include "nn/net_input.h"
#include "testing/random_position.h"
#include "testing/test_games.h"

namespace {

thread_local bool counting = false;
thread_local long allocations = 0;

void* Allocate(size_t size) {
  if (counting) ++allocations;
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}

}  // namespace

void* operator new(size_t size) { return Allocate(size); }
void* operator new[](size_t size) { return Allocate(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
void operator delete[](void* p, size_t) noexcept { std::free(p); }

namespace savanna {

static_assert(std::is_trivially_copyable_v<kariba::KaribaData>);
static_assert(std::is_trivially_copyable_v<kilimanjaro::KiliData>);
static_assert(std::is_trivially_copyable_v<kap_kairo::KapKairoData>);
static_assert(std::is_trivially_copyable_v<kalimambo::KalimamboData>);
static_assert(std::is_trivially_copyable_v<kitara::KitaraData>);

namespace {

// The allocations `work` makes on this thread.
template <class F>
long AllocationsOf(F&& work) {
  allocations = 0;
  counting = true;
  work();
  counting = false;
  return allocations;
}

// The counter itself counts (the checker is tested too).
std::vector<int>* sink = nullptr;
TEST(AllocationCounter, CountsTheAllocationsOfThisThread) {
  EXPECT_EQ(AllocationsOf([] { sink = new std::vector<int>(100); }), 2);  // the vector, its array
  delete sink;
  EXPECT_EQ(AllocationsOf([] {}), 0);
}

class NoAllocation : public ::testing::TestWithParam<conformance::Configuration> {};

TEST_P(NoAllocation, PlayoutsCopiesDeterminizationsAndSearchAllocateNothing) {
  const conformance::Configuration& config = GetParam();
  auto game = config.registry->Create(config.spec);
  ASSERT_TRUE(game) << config.spec;
  const auto start = (*game)->NewInitialState(1);
  auto scratch = start->Clone();
  Rng rng(7);
  ActionList buffer;
  const RolloutPolicy* policy = (*game)->rollout_policy();
  PlayoutOptions by_policy;  // to the end by the policy alone
  by_policy.use_policy = true;
  PlayerValues values, wins;
  auto playouts = [&](int n) {
    for (int i = 0; i < n; ++i) {
      scratch->CopyFrom(*start);
      scratch->DeterminizeInPlace(start->PlayersToAct().First(), rng);
      Rollout(*scratch, rng, buffer);
      if (policy == nullptr) continue;
      scratch->CopyFrom(*start);
      scratch->DeterminizeInPlace(start->PlayersToAct().First(), rng);
      Playout(*scratch, rng, buffer, policy, by_policy, 0.5, values, wins);
    }
  };
  playouts(3);  // warm-up: the buffer reaches its size
  EXPECT_EQ(AllocationsOf([&] { playouts(20); }), 0) << config.spec << ": random playouts";

  std::vector<std::unique_ptr<State>> positions;
  for (uint64_t seed = 1; seed <= 6; ++seed)
    positions.push_back(testing::RandomPosition(**game, seed, 12));

  // Net evaluations: a net of the game's family with random weights (no game ships a trained one).
  auto shape = nn::NetShapeOf(**game, {});
  ASSERT_TRUE(shape) << config.spec << ": " << shape.error().message;
  const auto net = nn::RandomNet(shape->Header({16, 8}), 3);
  nn::NetEvaluator evaluator(net);
  nn::NetWorkspace workspace(*net);
  std::vector<float> probs(ActionList::kCapacity);
  for (const auto& mid : positions) {
    if (mid->IsTerminal()) continue;
    const Player p = mid->PlayersToAct().First();
    mid->LegalActions(p, buffer);
    evaluator.Evaluate(*mid, p);  // warm-up: the evaluator learns the game's observation size
    EXPECT_EQ(AllocationsOf([&] {
                for (int i = 0; i < 5; ++i) {
                  evaluator.Evaluate(*mid, p);
                  evaluator.Policy(buffer, probs);
                  net->Forward(workspace, nn::PortableKernels());
                  net->Forward(workspace, nn::Kernels());
                }
              }),
              0)
        << config.spec << ": net evaluations";
  }
  for (const auto& mid : positions) {
    if (mid->IsTerminal()) continue;
    const Player p = mid->PlayersToAct().First();
    EXPECT_EQ(AllocationsOf([&] {
                for (int i = 0; i < 20; ++i) {
                  scratch->CopyFrom(*mid);
                  scratch->DeterminizeInPlace(p, rng);
                }
              }),
              0)
        << config.spec << ": CopyFrom and DeterminizeInPlace";

    ismcts::Search search({});
    auto iterations = [&] {
      search.Begin(*mid, p, 5);
      BudgetClock clock(400, std::nullopt);
      search.Continue(*mid, clock);
    };
    iterations();  // warm-up: the tree's storage grows to this search's size
    EXPECT_EQ(AllocationsOf(iterations), 0) << config.spec << ": ISMCTS iterations";
    // On a CPU-time budget (clock=cpu), whose clock reads allocate nothing either.
    EXPECT_EQ(AllocationsOf([&] {
                search.Begin(*mid, p, 5);
                BudgetClock clock(400, std::nullopt, std::chrono::microseconds(300));
                search.Continue(*mid, clock);
              }),
              0)
        << config.spec << ": ISMCTS iterations on a CPU-time budget";

    // The allocations of a search's iterations from `mid` after a first search (the warm-up: the
    // tree's storage grows to this search's size).
    auto after_warm_up = [&](ismcts::Search& s) {
      auto iterate = [&] {
        s.Begin(*mid, p, 5);
        BudgetClock clock(400, std::nullopt);
        s.Continue(*mid, clock);
      };
      iterate();
      return AllocationsOf(iterate);
    };
    // The game's policy in the tree (expansion, widening) and in the playouts.
    PlayoutOptions policy_playouts;
    policy_playouts.use_policy = true;
    policy_playouts.cutoff = -1;
    policy_playouts.epsilon = -1;
    ismcts::Search knowing({.playout = policy_playouts, .expand = 0.8, .widen = 1.0});
    EXPECT_EQ(after_warm_up(knowing), 0)
        << config.spec << ": ISMCTS iterations with the policy in the tree";

    // Reopened simultaneous steps (reopen=1): the other players' hidden submissions taken back in
    // every determinization, their choices then made in the tree (the levels search so).
    ismcts::Search reopened(
        {.playout = policy_playouts, .expand = 1.0, .widen = 1.0, .reopen = true});
    EXPECT_EQ(after_warm_up(reopened), 0)
        << config.spec << ": ISMCTS iterations with reopened simultaneous steps";

    // With a net: PUCT with its prior, the leaves evaluated by it (reopened steps too).
    auto with_net = [&](ismcts::Search& s) {
      auto iterate = [&] {
        s.Begin(*mid, p, 5, net);
        BudgetClock clock(400, std::nullopt);
        s.Continue(*mid, clock);
      };
      iterate();
      return AllocationsOf(iterate);
    };
    ismcts::Search guided({.reopen = true});
    EXPECT_EQ(with_net(guided), 0) << config.spec << ": ISMCTS iterations with a net";

    // With tree_mb (the server sets it on every AI seat): a cap the tree stays under, and caps
    // it fills (the rest of the search then walks the full tree), with and without a net.
    ismcts::Search capped({.max_bytes = size_t(1) << 20, .reopen = true});
    EXPECT_EQ(after_warm_up(capped), 0) << config.spec << ": ISMCTS iterations with tree_mb";
    ismcts::Search full({.max_bytes = size_t(8) << 10});
    EXPECT_EQ(after_warm_up(full), 0) << config.spec << ": ISMCTS iterations in a full tree";
    ismcts::Search full_net({.max_bytes = size_t(160) << 10});
    EXPECT_EQ(with_net(full_net), 0) << config.spec << ": ISMCTS with a net in a full tree";
  }
}

std::string Name(const ::testing::TestParamInfo<conformance::Configuration>& info) {
  return info.param.name;
}

INSTANTIATE_TEST_SUITE_P(
    EveryGame, NoAllocation,
    ::testing::ValuesIn(conformance::Configurations({&Games(), &testing::TestGames()})), Name);

}  // namespace
}  // namespace savanna
