// sealed_bids rules, views, serialization and determinization (see sealed_bids.h).
#include "testing/sealed_bids.h"

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "core/check.h"
#include "core/hash.h"
#include "core/json_io.h"
#include "core/observation.h"

namespace savanna::testing {
namespace {

constexpr const char* kName = "sealed_bids";

Json PlayerJson(Player viewer) { return viewer == kSpectator ? Json("spectator") : Json(viewer); }

}  // namespace

// ---- State: construction and copying ----------------------------------------------------------

SealedBidsState::SealedBidsState(const SealedBidsGame& game, uint64_t seed)
    : game_(&game), num_players_(game.NumPlayers()), num_cards_(game.NumCards()), rng_(seed) {
  for (int i = 0; i < num_cards_; ++i) prizes_[i] = int8_t(i + 1);
  rng_.Shuffle(prizes_.data(), size_t(num_cards_));
  for (Player p = 0; p < num_players_; ++p) hands_[p] = Hand((1u << num_cards_) - 1u);
}

const Game& SealedBidsState::game() const { return *game_; }

std::unique_ptr<State> SealedBidsState::Clone() const {
  return std::make_unique<SealedBidsState>(*this);
}

void SealedBidsState::CopyFrom(const State& other) {
  const auto* o = dynamic_cast<const SealedBidsState*>(&other);
  SAVANNA_CHECK_MSG(o != nullptr, "CopyFrom: not a sealed_bids state");
  *this = *o;
}

// ---- Turn structure and actions ---------------------------------------------------------------

PlayerSet SealedBidsState::PlayersToAct() const {
  PlayerSet set;
  if (IsTerminal()) return set;
  for (Player p = 0; p < num_players_; ++p)
    if (pending_[p] == 0) set.Insert(p);
  return set;
}

void SealedBidsState::LegalActions(Player player, ActionList& out) const {
  out.Clear();
  if (!PlayersToAct().Contains(player)) return;
  for (int card = 1; card <= num_cards_; ++card)
    if (HasCard(player, card)) out.PushBack(card - 1);
}

bool SealedBidsState::IsLegal(Player player, Action action) const {
  return PlayersToAct().Contains(player) && action >= 0 && action < num_cards_ &&
         (HasCard(player, action + 1) || flaw() == SealedBidsFlaw::kAcceptsCardsNotInHand);
}

std::string SealedBidsState::ActionToString(Player /*player*/, Action action) const {
  return "bid " + std::to_string(action + 1);
}

Json SealedBidsState::StructuredAction(Player /*player*/, Action action) const {
  if (flaw() == SealedBidsFlaw::kStructuredBidsAlike) return {{"kind", "bid"}};
  return {{"kind", "bid"}, {"card", action + 1}};
}

void SealedBidsState::ApplyUnchecked(Player player, Action action) {
  pending_[player] = int8_t(action + 1);
  ++move_number_;
  for (Player p = 0; p < num_players_; ++p)
    if (pending_[p] == 0) return;
  Resolve(player);
}

SealedBidsFlaw SealedBidsState::flaw() const { return game_->flaw(); }

// Every bid is in: the highest unique bid takes the prize, then all bids are revealed. The
// outcome reads the bids by seat, so it cannot depend on the order they were submitted in.
void SealedBidsState::Resolve(Player last) {
  std::array<int, kSealedBidsMaxCards + 1> count{};
  bool won = false;
  for (Player p = 0; p < num_players_; ++p) ++count[pending_[p]];
  for (Player p = 0; p < num_players_; ++p) {
    const int bid = pending_[p];
    bool best_unique = count[bid] == 1;
    for (int higher = bid + 1; best_unique && higher <= num_cards_; ++higher)
      best_unique = count[higher] != 1;
    if (best_unique) scores_[p] = int16_t(scores_[p] + prizes_[round_]);
    won = won || best_unique;
  }
  if (!won && last >= 0 && flaw() == SealedBidsFlaw::kLastSubmitterWinsTies)
    scores_[last] = int16_t(scores_[last] + prizes_[round_]);
  for (Player p = 0; p < num_players_; ++p) {
    bids_[round_][p] = pending_[p];
    hands_[p] = Hand(hands_[p] & ~(1u << (pending_[p] - 1)));
    pending_[p] = 0;
  }
  ++round_;
}

// ---- Views --------------------------------------------------------------------------------------

Json SealedBidsState::View(Player viewer) const {
  SAVANNA_CHECK(viewer == kSpectator || (viewer >= 0 && viewer < num_players_));
  Json j;
  j["game"] = kName;
  j["viewer"] = PlayerJson(viewer);
  // The header every view starts with (schemas/common.json, viewHeader).
  j["phase"] = IsTerminal() ? "over" : "bid";
  Json to_act = Json::array();
  for (Player p : PlayersToAct()) to_act.push_back(p);
  j["to_act"] = std::move(to_act);
  j["round"] = round_;
  j["rounds"] = num_cards_;
  j["prize"] = IsTerminal() ? Json() : Json(prizes_[round_]);
  // The unrevealed prizes as a set: their order is hidden.
  std::vector<int> left(prizes_.begin() + std::min(round_ + 1, num_cards_),
                        prizes_.begin() + num_cards_);
  std::sort(left.begin(), left.end());
  j["prizes_left"] = left;
  Json history = Json::array();
  for (int r = 0; r < round_; ++r)
    history.push_back(
        {{"prize", prizes_[r]},
         {"bids", std::vector<int>(bids_[r].begin(), bids_[r].begin() + num_players_)}});
  j["history"] = std::move(history);
  Json hands = Json::array(), submitted = Json::array();
  for (Player p = 0; p < num_players_; ++p) {
    Json cards = Json::array();
    for (int c = 1; c <= num_cards_; ++c)
      if (HasCard(p, c)) cards.push_back(c);
    hands.push_back(std::move(cards));
    submitted.push_back(pending_[p] != 0);
  }
  j["hands"] = std::move(hands);
  j["submitted"] = std::move(submitted);
  j["scores"] = std::vector<int>(scores_.begin(), scores_.begin() + num_players_);
  if (viewer != kSpectator) j["my_bid"] = pending_[viewer] != 0 ? Json(pending_[viewer]) : Json();
  if (flaw() == SealedBidsFlaw::kViewShowsPendingBids)
    j["pending"] = std::vector<int>(pending_.begin(), pending_.begin() + num_players_);
  if (flaw() == SealedBidsFlaw::kViewShowsPrizeOrder)
    j["deck"] = std::vector<int>(prizes_.begin(), prizes_.begin() + num_cards_);
  return j;
}

std::string SealedBidsState::ViewText(Player viewer) const {
  std::string s = "Sealed bids, round " + std::to_string(round_ + (IsTerminal() ? 0 : 1)) + " of " +
                  std::to_string(num_cards_) + "\n";
  s += IsTerminal() ? "Game over\n" : "Prize: " + std::to_string(prizes_[round_]) + "\n";
  for (Player p = 0; p < num_players_; ++p) {
    s += "Player " + std::to_string(p) + ": score " + std::to_string(scores_[p]) + ", hand";
    for (int c = 1; c <= num_cards_; ++c)
      if (HasCard(p, c)) s.append(" ").append(std::to_string(c));
    if (pending_[p] != 0 && p == viewer) s.append(", bids ").append(std::to_string(pending_[p]));
    if (pending_[p] != 0 && p != viewer) s += ", has bid";
    s += "\n";
  }
  return s;
}

// ---- Serialization ------------------------------------------------------------------------------

void SealedBidsState::ObservationTensor(Player viewer, std::span<float> out) const {
  const int k = num_cards_;
  const float last_slot = out.empty() ? 0.0f : out.back();
  ObservationWriter w(out);
  w.OneHot(viewer == kSpectator ? num_players_ : viewer, num_players_ + 1);
  w.Scalar(float(round_));
  w.OneHot(IsTerminal() ? -1 : prizes_[round_] - 1, k);
  uint64_t left = 0;
  for (int r = round_ + 1; r < k; ++r) left |= uint64_t{1} << (prizes_[r] - 1);
  w.Bits(left, k);
  for (int r = 0; r < k; ++r) {
    w.Scalar(r < round_ ? prizes_[r] : 0);
    for (Player p = 0; p < num_players_; ++p) w.Scalar(r < round_ ? bids_[r][p] : 0);
  }
  for (Player p = 0; p < num_players_; ++p) w.Bits(hands_[p], k);
  for (Player p = 0; p < num_players_; ++p) {
    const bool shown = p == viewer || flaw() == SealedBidsFlaw::kTensorShowsPendingBids;
    w.Scalar(shown ? pending_[p] : pending_[p] != 0);
  }
  for (Player p = 0; p < num_players_; ++p) w.Scalar(scores_[p]);
  w.OneHot(viewer != kSpectator ? pending_[viewer] - 1 : -1, k);
  w.Finish();
  if (flaw() == SealedBidsFlaw::kTensorWritesPastShape) out.data()[out.size()] = 1.0f;
  if (flaw() == SealedBidsFlaw::kTensorSkipsSlot) out.back() = last_slot;
}

Json SealedBidsState::ToJson() const {
  Json j;
  j["round"] = round_;
  j["move_number"] = move_number_;
  j["prizes"] = std::vector<int>(prizes_.begin(), prizes_.begin() + num_cards_);
  Json bids = Json::array();
  for (int r = 0; r < round_; ++r)
    bids.push_back(std::vector<int>(bids_[r].begin(), bids_[r].begin() + num_players_));
  j["bids"] = std::move(bids);
  j["pending"] = std::vector<int>(pending_.begin(), pending_.begin() + num_players_);
  j["scores"] = std::vector<int>(scores_.begin(), scores_.begin() + num_players_);
  j["rng"] = RngToJson(rng_);
  return j;
}

namespace {

// Reads `key` as an array of `size` integers in [lo, hi].
Result<std::vector<int>> IntArray(const Json& json, std::string_view key, int size, int lo,
                                  int hi) {
  auto array = ArrayField(json, key, size);
  if (!array) return tl::unexpected(array.error());
  std::vector<int> values;
  for (int i = 0; i < size; ++i) {
    auto v = IntElement(**array, size_t(i), lo, hi, key);
    if (!v) return tl::unexpected(v.error());
    values.push_back(int(*v));
  }
  return values;
}

}  // namespace

Result<std::unique_ptr<State>> SealedBidsState::FromJson(const SealedBidsGame& game,
                                                         const Json& json) {
  auto bad = [](const std::string& why) { return Fail(ErrorCode::kBadData, why); };
  if (!json.is_object()) return bad("sealed_bids state must be a JSON object");
  auto s = std::make_unique<SealedBidsState>(game, 0);
  const int n = s->num_players_, k = s->num_cards_;

  auto prizes = IntArray(json, "prizes", k, 1, k);
  if (!prizes) return tl::unexpected(prizes.error());
  uint32_t seen = 0;
  for (int i = 0; i < k; ++i) {
    s->prizes_[i] = int8_t((*prizes)[i]);
    seen |= 1u << ((*prizes)[i] - 1);
  }
  if (std::popcount(seen) != k)
    return bad("field 'prizes' must hold each prize 1.." + std::to_string(k) + " once");

  auto rounds = IntField(json, "round", 0, k);
  if (!rounds) return tl::unexpected(rounds.error());
  auto bids = ArrayField(json, "bids", *rounds);
  if (!bids) return tl::unexpected(bids.error());
  for (int r = 0; r < int(*rounds); ++r) {
    const Json& row = (**bids)[size_t(r)];
    if (!row.is_array() || int(row.size()) != n)
      return bad("bids[" + std::to_string(r) + "] must have " + std::to_string(n) + " entries");
    for (Player p = 0; p < n; ++p) {
      auto card = IntElement(row, size_t(p), 1, k, "bids[" + std::to_string(r) + "]");
      if (!card) return tl::unexpected(card.error());
      if (!s->HasCard(p, int(*card)))
        return bad("bids: player " + std::to_string(p) + " plays card " + std::to_string(*card) +
                   " twice");
      s->pending_[p] = int8_t(*card);
    }
    s->Resolve(-1);  // replays the round: hands and scores follow from the bids
  }

  auto pending = IntArray(json, "pending", n, 0, k);
  if (!pending) return tl::unexpected(pending.error());
  int submitted = 0;
  for (Player p = 0; p < n; ++p) {
    const int card = (*pending)[p];
    if (card == 0) continue;
    if (s->IsTerminal()) return bad("field 'pending' must be all 0 once the game is over");
    if (!s->HasCard(p, card))
      return bad("pending: player " + std::to_string(p) + " does not hold card " +
                 std::to_string(card));
    if (game.flaw() != SealedBidsFlaw::kLoadForgetsPending) s->pending_[p] = int8_t(card);
    ++submitted;
  }
  if (submitted == n) return bad("field 'pending': a round with every bid in must be resolved");

  auto scores = IntArray(json, "scores", n, 0, k * (k + 1) / 2);
  if (!scores) return tl::unexpected(scores.error());
  for (Player p = 0; p < n; ++p)
    if ((*scores)[p] != s->scores_[p])
      return bad("field 'scores' disagrees with the bids: player " + std::to_string(p) + " has " +
                 std::to_string(s->scores_[p]));

  const int moves = s->round_ * n + submitted;
  auto move_number = IntField(json, "move_number", moves, moves);
  if (!move_number) return tl::unexpected(move_number.error());
  s->move_number_ = moves;

  if (!json.contains("rng")) return bad("missing field 'rng'");
  auto rng = RngFromJson(json["rng"]);
  if (!rng) return tl::unexpected(rng.error());
  s->rng_ = *rng;
  return std::unique_ptr<State>(std::move(s));
}

// ---- Hidden information, scores, hash -----------------------------------------------------------

void SealedBidsState::DeterminizeInPlace(Player viewer, Rng& rng) {
  if (flaw() != SealedBidsFlaw::kDeterminizeOnlyReseeds) {
    for (Player p = 0; p < num_players_; ++p) {
      if (p == viewer || pending_[p] == 0) continue;
      // Any card still in hand could be the hidden bid.
      int index = int(rng.Below(uint32_t(std::popcount(hands_[p]))));
      for (int card = 1; card <= num_cards_; ++card)
        if (HasCard(p, card) && index-- == 0) pending_[p] = int8_t(card);
    }
    const int first = std::min(round_ + 1, num_cards_);  // after the prize on offer
    int8_t* unseen = prizes_.data() + first;
    const size_t left = size_t(num_cards_ - first);
    if (flaw() == SealedBidsFlaw::kDeterminizeFollowsOrder) {
      rng.Shuffle(unseen, left);
    } else {
      rng.ShuffleIgnoringOrder(unseen, left);
    }
  }
  if (flaw() != SealedBidsFlaw::kDeterminizeKeepsRng) rng_.Seed(rng.Next());
}

PlayerValues SealedBidsState::Scores() const {
  PlayerValues v{};
  for (Player p = 0; p < num_players_; ++p) v[p] = scores_[p];
  return v;
}

uint64_t SealedBidsState::Hash() const {
  Hasher h;
  h.Add(uint64_t(num_players_));
  h.Add(uint64_t(num_cards_));
  h.Add(uint64_t(round_));
  h.Add(uint64_t(move_number_));
  for (uint64_t w : rng_.words()) h.Add(w);
  h.AddRange(prizes_.data(), size_t(num_cards_));
  h.AddRange(hands_.data(), size_t(num_players_));
  h.AddRange(pending_.data(), size_t(num_players_));
  h.AddRange(scores_.data(), size_t(num_players_));
  for (int r = 0; r < round_; ++r) h.AddRange(bids_[r].data(), size_t(num_players_));
  return h.Finish();
}

// ---- Game and registry entry --------------------------------------------------------------------

GameType SealedBidsGame::Type() const {
  return GameType{.dynamics = GameType::Dynamics::kSimultaneous,
                  .chance = GameType::Chance::kSampledStochastic,
                  .information = GameType::Information::kImperfect};
}

std::vector<int> SealedBidsGame::ObservationShape() const { return {ObservationSize()}; }

int SealedBidsGame::ObservationSize() const {
  const int p = NumPlayers(), k = num_cards_;
  return (p + 1) + 1 + k + k + k * (1 + p) + p * k + p + p + k;
}

SealedBidsGame::SealedBidsGame(GameInfo info, Params params, SealedBidsFlaw flaw)
    : Game(std::move(info), std::move(params)),
      num_cards_(int(this->params().Int("cards"))),
      flaw_(flaw) {}

std::unique_ptr<State> SealedBidsGame::NewInitialState(uint64_t seed) const {
  return std::make_unique<SealedBidsState>(*this, seed);
}

Result<std::unique_ptr<State>> SealedBidsGame::StateFromJson(const Json& json) const {
  return SealedBidsState::FromJson(*this, json);
}

GameEntry SealedBidsEntry(SealedBidsFlaw flaw) {
  const GameInfo info = MakeGameInfo(
      kName, "Sealed Bids",
      {ParamSpec::Int("players", 2, 2, kSealedBidsMaxPlayers, "number of players"),
       ParamSpec::Int("cards", 5, 1, kSealedBidsMaxCards, "cards per hand and prizes (K)")});
  GameFactory create = [info, flaw](const Params& params) -> Result<std::shared_ptr<const Game>> {
    return std::make_shared<const SealedBidsGame>(info, params, flaw);
  };
  return GameEntry{info,
                   std::move(create),
                   {"sealed_bids(cards=2,players=3)", "sealed_bids(cards=13,players=4)"}};
}

}  // namespace savanna::testing
