// Net evaluation against hand-computed values, the input written from a state, the shapes of a
// game's family, the checks of a net against a game, and the shared cache of loaded nets.
#include "nn/net.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <numeric>

#include "games/registry.h"
#include "nn/net_input.h"
#include "testing/expect_error.h"
#include "testing/tiny_net.h"

namespace savanna::nn {
namespace {

using savanna::testing::ExpectError;

// A net of hand-chosen weights: one player count (2), an observation of 3 floats, 3 actions.
std::shared_ptr<const Net> HandNet(std::vector<int> trunk, const std::vector<float>& weights) {
  NetHeader header;
  header.game = "hand";
  header.layout = 1;
  header.players = {2};
  header.input = 4;
  header.actions = 3;
  header.seats = 2;
  header.trunk = std::move(trunk);
  EXPECT_EQ(header.WeightCount(), int64_t(weights.size()));
  auto net = Net::FromBytes(EncodeNetFile(header, weights), "hand.bin");
  EXPECT_TRUE(net) << net.error().message;
  return *net;
}

// The outputs for input x by hand: x = (1, 0, 2, 1).
void ExpectHandOutputs(const Net& net, const std::vector<float>& logits,
                       const std::vector<float>& pre_values) {
  NetWorkspace ws(net);
  const float x[4] = {1, 0, 2, 1};
  std::copy(x, x + 4, ws.input().begin());
  net.Forward(ws);
  for (size_t a = 0; a < logits.size(); ++a) EXPECT_NEAR(ws.logits()[a], logits[a], 1e-6) << a;
  for (size_t s = 0; s < pre_values.size(); ++s)
    EXPECT_NEAR(ws.values()[s], std::tanh(pre_values[s]), 1e-6) << s;
  // The trunk alone, then the logits of the actions asked about, in their order.
  NetWorkspace part(net);
  std::copy(x, x + 4, part.input().begin());
  net.ForwardTrunk(part);
  for (size_t s = 0; s < pre_values.size(); ++s) EXPECT_EQ(part.values()[s], ws.values()[s]);
  const Action asked[2] = {2, 0};
  float out[2];
  net.Logits(part, asked, out);
  EXPECT_NEAR(out[0], logits[2], 1e-6);
  EXPECT_NEAR(out[1], logits[0], 1e-6);
}

TEST(NetEvaluation, OneHiddenLayerByHand) {
  // W0 = [[1, -1, 0.5, 0], [0.25, 2, 0, -1]], b0 = [0.1, -0.2]:
  //   h = relu(1 + 1 + 0.1, 0.25 - 1 - 0.2) = (2.1, 0).
  // Wp = [[1, 0], [0, 1], [-1, 0.5]], bp = [0, 0.5, 1]: logits (2.1, 0.5, -1.1).
  // Wv = [[0.5, 1], [-0.25, 0]], bv = [0, 0.1]: values tanh(1.05), tanh(-0.425).
  const auto net = HandNet({2}, {1,   -1, 0.5,   0, 0.25, 2,   0, -1,  0.1, -0.2,  //
                                 1,   0,  0,     1, -1,   0.5, 0, 0.5, 1,          //
                                 0.5, 1,  -0.25, 0, 0,    0.1});
  ExpectHandOutputs(*net, {2.1f, 0.5f, -1.1f}, {1.05f, -0.425f});
}

TEST(NetEvaluation, TwoHiddenLayersByHand) {
  // The first layer as above, h1 = (2.1, 0); W1 = [[1, 1], [-1, 0.5]], b1 = [0, 2.5]:
  //   h2 = relu(2.1, -2.1 + 2.5) = (2.1, 0.4).
  // Wp as above, bp = [0, 0.5, 1]: logits (2.1, 0.9, -0.9); Wv, bv as above: 1.45, -0.425.
  const auto net = HandNet({2, 2}, {1,   -1, 0.5,   0,   0.25, 2,   0, -1,  0.1, -0.2,  //
                                    1,   1,  -1,    0.5, 0,    2.5,                     //
                                    1,   0,  0,     1,   -1,   0.5, 0, 0.5, 1,          //
                                    0.5, 1,  -0.25, 0,   0,    0.1});
  ExpectHandOutputs(*net, {2.1f, 0.9f, -0.9f}, {1.45f, -0.425f});
}

TEST(NetEvaluation, HeadsOnTheInputWithoutATrunk) {
  // Wp picks x0, x2, x3: logits (1, 2, 1); Wv sums x and negates x3: values tanh(4), tanh(-1).
  const auto net = HandNet({}, {1, 0, 0, 0, 0, 0, 1, 0,  0, 0, 0, 1, 0, 0, 0,  //
                                1, 1, 1, 1, 0, 0, 0, -1, 0, 0});
  ExpectHandOutputs(*net, {1, 2, 1}, {4, -1});
}

TEST(NetEvaluation, SubnormalWeightsAreReadAsZeros) {
  // Heads on the input, x0 = 1e38. Logit 0 = w * x0 with w subnormal (1e-39): about 0.1 were w
  // kept, 0 read as zero. Value 0 = v * x0 with v the smallest normal float's double (2.35e-38):
  // kept, tanh(2.35). The other weights pick x2 (logit 1) and negate x3 (value 1).
  const float subnormal = 1e-39f;
  const float normal = 2 * std::numeric_limits<float>::min();
  ASSERT_EQ(std::fpclassify(subnormal), FP_SUBNORMAL);
  const auto net = HandNet({}, {subnormal, 0, 0, 0, 0, 0, 1, 0,  0, 0, 0, 1, 0, 0, 0,  //
                                normal,    0, 0, 0, 0, 0, 0, -1, 0, 0});
  NetWorkspace ws(*net);
  const float x[4] = {1e38f, 0, 2, 1};
  std::copy(x, x + 4, ws.input().begin());
  net->Forward(ws);
  EXPECT_EQ(ws.logits()[0], 0.0f);
  EXPECT_EQ(ws.logits()[1], 2.0f);
  EXPECT_NEAR(ws.values()[0], std::tanh(normal * 1e38f), 1e-5);
  EXPECT_NEAR(ws.values()[1], std::tanh(-1.0f), 1e-6);
}

TEST(NetEvaluation, SparseFirstLayerEqualsTheDenseProduct) {
  // A game-sized net on a real input: the first layer from the nonzero slots only must give what
  // the dense product gives (computed here in double precision from the file's weights).
  auto game = Games().Create("kitara(players=3)");
  ASSERT_TRUE(game);
  const NetHeader header = savanna::testing::TinyNetHeader(**game, {16}, {3});
  const std::vector<float> weights = savanna::testing::TinyNetWeights(header, 7);
  auto net = Net::FromBytes(EncodeNetFile(header, weights), "kitara.bin");
  ASSERT_TRUE(net);
  auto state = (*game)->NewInitialState(3);
  NetWorkspace ws(**net);
  WriteNetInput(*state, 1, (*net)->observation_width(), header.players, ws.input());
  (*net)->Forward(ws);
  const int in = header.input;
  std::vector<double> h(16);
  for (int o = 0; o < 16; ++o) {
    double sum = weights[size_t(16 * in + o)];
    for (int i = 0; i < in; ++i) sum += double(weights[size_t(o * in + i)]) * ws.input()[size_t(i)];
    h[size_t(o)] = std::max(sum, 0.0);
  }
  const size_t policy = size_t(16 * (in + 1));
  for (int a = 0; a < header.actions; a += 37) {
    double logit = weights[policy + size_t(header.actions * 16 + a)];
    for (int o = 0; o < 16; ++o)
      logit += double(weights[policy + size_t(a * 16 + o)]) * h[size_t(o)];
    EXPECT_NEAR(ws.logits()[size_t(a)], logit, 1e-4) << a;
  }
}

TEST(NetEvaluation, TheCpusKernelsAgreeWithThePortableOnes) {
  // Where the CPU has AVX2 the hand-written kernels run; they must give Eigen's results (up to
  // the order of the sums).
  auto game = Games().Create("kilimanjaro(players=2)");
  ASSERT_TRUE(game);
  const auto net = RandomNet(savanna::testing::TinyNetHeader(**game, {37, 21}), 9);
  auto state = (*game)->NewInitialState(8);
  NetWorkspace fast(*net), portable(*net);
  WriteNetInput(*state, 0, net->observation_width(), net->header().players, fast.input());
  std::copy(fast.input().begin(), fast.input().end(), portable.input().begin());
  net->Forward(fast, Kernels());
  net->Forward(portable, PortableKernels());
  for (int a = 0; a < net->num_actions(); ++a)
    EXPECT_NEAR(fast.logits()[size_t(a)], portable.logits()[size_t(a)], 1e-4) << a;
  for (int s = 0; s < net->num_seats(); ++s)
    EXPECT_NEAR(fast.values()[size_t(s)], portable.values()[size_t(s)], 1e-5) << s;
}

TEST(NetInput, ObservationThenZerosThenThePlayerCount) {
  auto game = Games().Create("kariba(players=3)");
  ASSERT_TRUE(game);
  auto shape = NetShapeOf(**game, {});
  ASSERT_TRUE(shape) << shape.error().message;
  // Kariba's 8-animal deck is for 2 to 4 players; 5 and 6 need the 9-animal deck.
  EXPECT_EQ(shape->players, (std::vector<int>{2, 3, 4}));
  auto four = (*game)->WithPlayers(4);
  ASSERT_TRUE(four);
  EXPECT_EQ(shape->input, (*four)->ObservationSize() + 3);
  EXPECT_EQ(shape->seats, 4);
  EXPECT_EQ(shape->actions, (*four)->NumDistinctActions());
  auto state = (*game)->NewInitialState(11);
  std::vector<float> input(size_t(shape->input), -7.0f);
  WriteNetInput(*state, 2, shape->ObservationWidth(), shape->players, input);
  std::vector<float> observation(size_t((*game)->ObservationSize()));
  state->ObservationTensor(2, observation);
  const size_t n = observation.size(), width = size_t(shape->ObservationWidth());
  EXPECT_LT(n, width);
  EXPECT_TRUE(std::equal(observation.begin(), observation.end(), input.begin()));
  for (size_t i = n; i < width; ++i) EXPECT_EQ(input[i], 0.0f) << i;
  EXPECT_EQ(std::vector<float>(input.begin() + long(width), input.end()),
            (std::vector<float>{0, 1, 0}));
}

TEST(NetInput, AGameMakesItsConfigurationWithOtherPlayerCounts) {
  auto game = Games().Create("kariba(players=3,chase=adjacent,variant=open)");
  ASSERT_TRUE(game);
  auto two = (*game)->WithPlayers(2);
  ASSERT_TRUE(two) << two.error().message;
  EXPECT_EQ((*two)->Spec(), "kariba(animals=8,chase=adjacent,games=1,players=2,variant=open)");
  ExpectError((*game)->WithPlayers(7), ErrorCode::kInvalidArgument, "players");
  ExpectError((*game)->WithPlayers(5), ErrorCode::kInvalidArgument, "needs animals=9");
}

TEST(NetInput, AFamilyRefusesACountItsParametersDoNotAllow) {
  auto game = Games().Create("kariba(players=3)");
  ASSERT_TRUE(game);
  ExpectError(NetShapeOf(**game, {3, 5}), ErrorCode::kInvalidArgument,
              "kariba with 5 players: kariba: players=5 needs animals=9");
  ExpectError(NetShapeOf(**game, {3, 2}), ErrorCode::kInvalidArgument, "strictly increasing");
}

// A tiny net for kariba with 2 to 4 players whose header is changed by `edit` (then re-encoded).
template <class Edit>
std::shared_ptr<const Net> EditedKaribaNet(Edit edit) {
  auto game = Games().Create("kariba(players=3)");
  EXPECT_TRUE(game);
  NetHeader header = savanna::testing::TinyNetHeader(**game, {4});
  edit(header);
  auto net = Net::FromBytes(EncodeNetFile(header, savanna::testing::TinyNetWeights(header, 2)),
                            "edited.bin");
  EXPECT_TRUE(net) << net.error().message;
  return *net;
}

TEST(NetFits, ATinyNetFitsEveryCountOfItsFamily) {
  const auto net = EditedKaribaNet([](NetHeader&) {});
  for (const char* spec : {"kariba(players=2)", "kariba(players=3)", "kariba(players=4)",
                           "kariba(players=4,chase=adjacent)"}) {
    auto game = Games().Create(spec);
    ASSERT_TRUE(game);
    EXPECT_TRUE(net->CheckFits(**game)) << spec;
  }
}

TEST(NetFits, RefusesAnotherGameLayoutCountOrShape) {
  auto kariba = Games().Create("kariba(players=3)");
  auto kitara = Games().Create("kitara(players=3)");
  auto nine = Games().Create("kariba(players=3,animals=9)");
  auto five = Games().Create("kariba(players=5,animals=9)");
  ASSERT_TRUE(kariba && kitara && nine && five);
  const auto net = EditedKaribaNet([](NetHeader&) {});
  ExpectError(net->CheckFits(**kitara), ErrorCode::kInvalidArgument,
              "edited.bin: a net for kariba, not for kitara");
  ExpectError(net->CheckFits(**five), ErrorCode::kInvalidArgument,
              "edited.bin: does not support 5 players (it supports [2,3,4])");
  // Nine animals make a longer tensor than the net was made for.
  ExpectError(net->CheckFits(**nine), ErrorCode::kInvalidArgument, "edited.bin: input is ");
  ExpectError(EditedKaribaNet([](NetHeader& h) { h.layout += 1; })->CheckFits(**kariba),
              ErrorCode::kInvalidArgument, "made for observation layout 2 of kariba");
  ExpectError(EditedKaribaNet([](NetHeader& h) { h.input += 1; })->CheckFits(**kariba),
              ErrorCode::kInvalidArgument, "input is ");
  ExpectError(EditedKaribaNet([](NetHeader& h) { h.actions -= 1; })->CheckFits(**kariba),
              ErrorCode::kInvalidArgument, "actions is ");
  // Seats follow the player counts (the file's own check); a family without 4 has other shapes.
  ExpectError(EditedKaribaNet([](NetHeader& h) {
                h.players = {2, 3};
                h.seats = 3;
              })->CheckFits(**kariba),
              ErrorCode::kInvalidArgument, "input is ");
}

TEST(NetEvaluator, ValuesAreRelativeToTheViewerAndThePolicyIsASoftmaxOverLegal) {
  auto game = Games().Create("kariba(players=3)");
  ASSERT_TRUE(game);
  auto net = Net::FromBytes(savanna::testing::TinyNetBytes(**game, {8}, 5), "k.bin");
  ASSERT_TRUE(net);
  NetEvaluator evaluator(*net);
  auto state = (*game)->NewInitialState(4);
  const Player p = state->PlayersToAct().First();
  evaluator.Evaluate(*state, p);
  NetWorkspace ws(**net);
  WriteNetInput(*state, p, (*net)->observation_width(), (*net)->header().players, ws.input());
  (*net)->Forward(ws);
  for (int j = 0; j < 3; ++j) EXPECT_EQ(evaluator.Value((p + j) % 3), ws.values()[size_t(j)]);
  const PlayerValues rewards = evaluator.Rewards();
  for (Player s = 0; s < 3; ++s)
    EXPECT_NEAR(rewards[s], 0.5 * (double(evaluator.Value(s)) + 1), 1e-9);
  ActionList legal;
  state->LegalActions(p, legal);
  ASSERT_GT(legal.Size(), 1);
  std::vector<float> probs(size_t(legal.Size()));
  evaluator.Policy(legal, probs);
  EXPECT_NEAR(std::accumulate(probs.begin(), probs.end(), 0.0), 1.0, 1e-6);
  // The ratio of two probabilities is the exponential of the difference of their logits (those
  // of the whole forward pass).
  EXPECT_NEAR(std::log(probs[1] / probs[0]),
              ws.logits()[size_t(legal[1])] - ws.logits()[size_t(legal[0])], 1e-5);
}

TEST(SharedNets, NoneGameAndFiles) {
  auto game = Games().Create("kariba(players=3)");
  ASSERT_TRUE(game);
  auto none = SharedNet("none", **game);
  ASSERT_TRUE(none);
  EXPECT_EQ(*none, nullptr);
  if ((*game)->ShippedNet().empty())
    ExpectError(SharedNet("game", **game), ErrorCode::kNotFound,
                "kariba ships no net (data/kariba/net.bin)");
  const std::string path =
      savanna::testing::WriteTempNet("shared.bin", savanna::testing::TinyNetBytes(**game, {4}, 1));
  auto first = SharedNet(path, **game);
  auto again = SharedNet(path, **game);
  ASSERT_TRUE(first && again);
  EXPECT_EQ(first->get(), again->get());  // read once
  // A changed file is read again (another size here, so the modification time's resolution does
  // not matter).
  savanna::testing::WriteTempNet("shared.bin", savanna::testing::TinyNetBytes(**game, {6}, 1));
  auto changed = SharedNet(path, **game);
  ASSERT_TRUE(changed);
  EXPECT_EQ((*changed)->header().trunk, std::vector<int>{6});
  std::filesystem::remove(path);
  ExpectError(SharedNet(path, **game), ErrorCode::kIoError, path + ": cannot open");
}

}  // namespace
}  // namespace savanna::nn
