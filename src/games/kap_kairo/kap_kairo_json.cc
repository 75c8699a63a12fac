// Vom Kap bis Kairo's full state as JSON (State::ToJson) and the reader that validates it: bounds,
// every card in exactly one place, capital within what the built landscapes can have paid, and
// the invariants of each phase.
#include <algorithm>

#include "core/json_io.h"
#include "games/kap_kairo/kap_kairo_state.h"

namespace savanna::kap_kairo {
namespace {

Result<void> Bad(const std::string& why) { return Fail(ErrorCode::kBadData, why); }

// Reads an array of card ids (at most `capacity`) into cards/size; `what` names it in errors.
Result<void> ReadCards(const Config& config, const Json& array, const std::string& what,
                       int capacity, uint8_t* cards, uint8_t& size) {
  if (!array.is_array()) return Bad("field '" + what + "' must be an array");
  if (int(array.size()) > capacity)
    return Bad("field '" + what + "' holds more than " + std::to_string(capacity) + " cards");
  size = uint8_t(array.size());
  for (size_t i = 0; i < array.size(); ++i) {
    auto id = IntElement(array, i, 0, config.num_cards - 1, what);
    if (!id) return tl::unexpected(id.error());
    cards[i] = uint8_t(*id);
  }
  return {};
}

Result<const Json*> Field(const Json& json, const std::string& key) {
  if (!json.contains(key)) return Fail(ErrorCode::kBadData, "missing field '" + key + "'");
  return &json[key];
}

Result<void> ReadStack(const Config& config, const Json& json, const std::string& key,
                       CardStack& stack) {
  auto field = Field(json, key);
  if (!field) return tl::unexpected(field.error());
  return ReadCards(config, **field, key, kMaxCards, stack.cards.data(), stack.size);
}

// Reads `key` as one integer in [lo, hi] per seat.
template <class T>
Result<void> ReadSeatInts(const Config& config, const Json& json, const std::string& key, int lo,
                          int hi, std::array<T, kMaxSeats>& out) {
  auto list = ArrayField(json, key, config.players);
  if (!list) return tl::unexpected(list.error());
  for (int p = 0; p < config.players; ++p) {
    auto v = IntElement(**list, size_t(p), lo, hi, key);
    if (!v) return tl::unexpected(v.error());
    out[p] = T(*v);
  }
  return {};
}

Result<void> ReadPlaces(const Config& config, const Json& json, KapKairoData& d) {
  if (auto r = ReadStack(config, json, "pile", d.pile); !r) return r;
  if (auto r = ReadStack(config, json, "discard", d.discard); !r) return r;
  if (auto r = ReadStack(config, json, "revealed", d.revealed); !r) return r;
  auto auction = Field(json, "auction");
  if (!auction) return tl::unexpected(auction.error());
  if (auto r =
          ReadCards(config, **auction, "auction", config.players, d.auction.data(), d.auction_size);
      !r)
    return r;
  auto rows = ArrayField(json, "rows", config.players);
  if (!rows) return tl::unexpected(rows.error());
  auto bonus = ArrayField(json, "bonus", config.players);
  if (!bonus) return tl::unexpected(bonus.error());
  for (int p = 0; p < config.players; ++p) {
    const std::string seat = "[" + std::to_string(p) + "]";
    if (auto r = ReadCards(config, (**rows)[p], "rows" + seat, kMaxCards, d.rows[p].cards.data(),
                           d.rows[p].size);
        !r)
      return r;
    if (auto r = ReadCards(config, (**bonus)[p], "bonus" + seat, kMaxBonusTracks, d.bonus[p].data(),
                           d.bonus_count[p]);
        !r)
      return r;
  }
  std::array<uint8_t, kMaxSeats> built{};
  if (auto r = ReadSeatInts(config, json, "built", 0, kLandscapesToWin, built); !r) return r;
  for (int p = 0; p < config.players; ++p) {
    if (built[p] > d.rows[p].size)
      return Bad("built[" + std::to_string(p) + "] exceeds the cards in rows[" + std::to_string(p) +
                 "]");
    d.rows[p].built = built[p];
  }
  // Every card in exactly one place.
  std::array<int, kMaxCards> seen{};
  auto count = [&](const uint8_t* cards, int n) {
    for (int i = 0; i < n; ++i) ++seen[cards[i]];
  };
  count(d.pile.cards.data(), d.pile.size);
  count(d.discard.cards.data(), d.discard.size);
  count(d.revealed.cards.data(), d.revealed.size);
  count(d.auction.data(), d.auction_size);
  for (int p = 0; p < config.players; ++p) {
    count(d.rows[p].cards.data(), d.rows[p].size);
    count(d.bonus[p].data(), d.bonus_count[p]);
  }
  for (int c = 0; c < config.num_cards; ++c)
    if (seen[c] != 1)
      return Bad("card " + std::to_string(c) + " (" + config.CardText(c) + ") is in " +
                 std::to_string(seen[c]) + " places, must be in exactly one");
  return {};
}

Result<void> ReadMoney(const Config& config, const Json& json, KapKairoData& d) {
  if (auto r = ReadSeatInts(config, json, "capital", 0, kMaxCapital, d.capital); !r) return r;
  if (auto r = ReadSeatInts(config, json, "pending", -1, kMaxCapital, d.pending); !r) return r;
  for (int p = 0; p < config.players; ++p) {
    int earned = 0;
    for (int i = 0; i < d.rows[p].built; ++i) earned += config.card(d.rows[p].cards[i]).pounds;
    if (d.capital[p] > kStartCapital + earned)
      return Bad("capital[" + std::to_string(p) + "] exceeds the start capital plus the pounds " +
                 "of the landscapes built");
    if (d.pending[p] > d.capital[p])
      return Bad("pending[" + std::to_string(p) + "] bids more than the capital");
  }
  return {};
}

Result<Phase> PhaseFromName(const std::string& name) {
  for (Phase p : {Phase::kBid, Phase::kChoose, Phase::kBuild, Phase::kOver})
    if (name == PhaseName(p)) return p;
  return Fail(ErrorCode::kBadData, "field 'phase' must be one of bid, choose, build, over");
}

Result<EndReason> EndFromName(const std::string& name) {
  for (EndReason r : {EndReason::kNone, EndReason::kEighthLandscape, EndReason::kNothingToAuction})
    if (name == EndReasonName(r)) return r;
  return Fail(ErrorCode::kBadData,
              "field 'end' must be one of none, eighth_landscape, nothing_to_auction");
}

bool IsPermutation(const std::array<uint8_t, kMaxSeats>& order, int n) {
  uint32_t seen = 0;
  for (int i = 0; i < n; ++i) seen |= 1u << order[i];
  return seen == (1u << n) - 1u;
}

Result<void> ReadTurn(const Config& config, const Json& json, KapKairoData& d) {
  auto phase_name = StringField(json, "phase");
  if (!phase_name) return tl::unexpected(phase_name.error());
  auto phase = PhaseFromName(*phase_name);
  if (!phase) return tl::unexpected(phase.error());
  d.phase = *phase;
  auto end_name = StringField(json, "end");
  if (!end_name) return tl::unexpected(end_name.error());
  auto end = EndFromName(*end_name);
  if (!end) return tl::unexpected(end.error());
  d.end = *end;
  if (auto r = ReadSeatInts(config, json, "order", 0, config.players - 1, d.order); !r) return r;
  auto choose_index = IntField(json, "choose_index", 0, config.players);
  auto current = IntField(json, "current", 0, config.players - 1);
  auto reveal_failed = BoolField(json, "reveal_failed");
  auto moves = IntField(json, "move_number", 0, 65535);
  if (!choose_index) return tl::unexpected(choose_index.error());
  if (!current) return tl::unexpected(current.error());
  if (!reveal_failed) return tl::unexpected(reveal_failed.error());
  if (!moves) return tl::unexpected(moves.error());
  d.choose_index = uint8_t(*choose_index);
  d.current = uint8_t(*current);
  d.reveal_failed = *reveal_failed;
  d.move_number = uint16_t(*moves);
  return {};
}

// The invariants that hold between actions in each phase.
Result<void> CheckPhase(const Config& config, const KapKairoData& d) {
  const int n = config.players;
  int submitted = 0, eight = 0;
  for (int p = 0; p < n; ++p) {
    submitted += d.pending[p] >= 0;
    eight += d.rows[p].built == kLandscapesToWin;
  }
  const bool piles_empty = d.pile.Empty() && d.discard.Empty();
  if (d.phase != Phase::kBid && submitted > 0)
    return Bad("field 'pending' holds bids outside the bidding");
  if (d.phase != Phase::kBuild && (d.reveal_failed || !d.revealed.Empty()))
    return Bad("fields 'revealed' and 'reveal_failed' are for the build phase only");
  if ((d.phase == Phase::kOver) != (d.end != EndReason::kNone))
    return Bad("field 'end' is set exactly when the phase is 'over'");
  if (d.phase != Phase::kOver && eight > 0)
    return Bad("a player has built 8 landscapes but the game is not over");
  switch (d.phase) {
    case Phase::kBid:
      if (d.auction_size == 0) return Bad("the bidding needs cards in 'auction'");
      if (submitted == n) return Bad("field 'pending': a purchase with every bid in is resolved");
      break;
    case Phase::kChoose: {
      if (d.auction_size < 2 || d.choose_index + d.auction_size > n)
        return Bad("field 'auction' does not fit the choosing order");
      if (!IsPermutation(d.order, n)) return Bad("field 'order' must list every seat once");
      bool alike = true;
      for (int i = 1; i < d.auction_size; ++i) alike = alike && !IsFirstOfItsKind(config, d, i);
      if (alike) return Bad("field 'auction' offers no choice; it would have been taken");
      break;
    }
    case Phase::kBuild:
      if (d.auction_size > 0) return Bad("field 'auction' must be empty while building");
      if (d.reveal_failed ? !piles_empty : d.revealed.Empty())
        return Bad("field 'reveal_failed' disagrees with the piles and the revealed cards");
      break;
    case Phase::kOver:
      if (d.auction_size > 0) return Bad("field 'auction' must be empty once the game is over");
      if (d.end == EndReason::kEighthLandscape && eight != 1)
        return Bad("field 'end': exactly one player must have built 8 landscapes");
      if (d.end == EndReason::kNothingToAuction && (!piles_empty || eight > 0))
        return Bad("field 'end': nothing to auction needs empty piles and no eighth landscape");
      break;
  }
  return {};
}

Result<void> ReadHistory(const Config& config, const Json& json, KapKairoData& d) {
  auto la_json = Field(json, "last_auction");
  if (!la_json) return tl::unexpected(la_json.error());
  const Json& la = **la_json;
  if (!la.is_object()) return Bad("field 'last_auction' must be an object");
  LastAuction& a = d.last_auction;
  if (auto r =
          WithContext(ReadSeatInts(config, la, "bids", -1, kMaxCapital, a.bids), "last_auction: ");
      !r)
    return r;
  if (auto r = WithContext(ReadSeatInts(config, la, "order", 0, config.players - 1, a.order),
                           "last_auction: ");
      !r)
    return r;
  const bool none = a.bids[0] < 0;
  for (int p = 1; p < config.players; ++p)
    if ((a.bids[p] < 0) != none) return Bad("last_auction: 'bids' must be all -1 or all bids");
  auto draws = WithContext(ArrayField(la, "draws"), "last_auction: ");
  if (!draws) return tl::unexpected(draws.error());
  if ((*draws)->size() > size_t(kMaxCards)) return Bad("last_auction: too many draws");
  a.draws = uint8_t((*draws)->size());
  for (int i = 0; i < a.draws; ++i) {
    const Json& pair = (**draws)[i];
    auto player = IntElement(pair, 0, 0, config.players - 1, "last_auction.draws");
    auto card = IntElement(pair, 1, 0, config.num_cards - 1, "last_auction.draws");
    if (!player) return tl::unexpected(player.error());
    if (!card) return tl::unexpected(card.error());
    a.draw_player[i] = uint8_t(*player);
    a.draw_card[i] = uint8_t(*card);
  }
  auto by_lot = WithContext(BoolField(la, "by_lot"), "last_auction: ");
  if (!by_lot) return tl::unexpected(by_lot.error());
  a.by_lot = *by_lot;

  auto lb_json = Field(json, "last_build");
  if (!lb_json) return tl::unexpected(lb_json.error());
  const Json& lb = **lb_json;
  auto player = WithContext(IntField(lb, "player", -1, config.players - 1), "last_build: ");
  auto card = WithContext(IntField(lb, "card", 0, config.num_cards - 1), "last_build: ");
  auto used = WithContext(IntField(lb, "bonus_used", 0, kMaxBonusTracks), "last_build: ");
  auto paid = WithContext(IntField(lb, "pounds_paid", 0, kMaxCapital), "last_build: ");
  auto to = WithContext(IntField(lb, "bonus_to", 0, (1 << config.players) - 1), "last_build: ");
  for (const auto* r : {&player, &card, &used, &paid, &to})
    if (!*r) return tl::unexpected(r->error());
  d.last_build =
      LastBuild{int8_t(*player), uint8_t(*card), uint8_t(*used), uint8_t(*paid), uint8_t(*to)};
  return {};
}

Json StackJson(const CardStack& s) {
  return std::vector<int>(s.cards.begin(), s.cards.begin() + s.size);
}

}  // namespace

const char* PhaseName(Phase phase) {
  switch (phase) {
    case Phase::kBid:
      return "bid";
    case Phase::kChoose:
      return "choose";
    case Phase::kBuild:
      return "build";
    case Phase::kOver:
      return "over";
  }
  return "?";
}

const char* EndReasonName(EndReason reason) {
  switch (reason) {
    case EndReason::kNone:
      return "none";
    case EndReason::kEighthLandscape:
      return "eighth_landscape";
    case EndReason::kNothingToAuction:
      return "nothing_to_auction";
  }
  return "?";
}

Json KapKairoState::ToJson() const {
  const int n = config().players;
  Json j;
  j["pile"] = StackJson(d_.pile);
  j["discard"] = StackJson(d_.discard);
  j["revealed"] = StackJson(d_.revealed);
  j["auction"] = std::vector<int>(d_.auction.begin(), d_.auction.begin() + d_.auction_size);
  Json rows = Json::array(), bonus = Json::array();
  for (int p = 0; p < n; ++p) {
    rows.push_back(
        std::vector<int>(d_.rows[p].cards.begin(), d_.rows[p].cards.begin() + d_.rows[p].size));
    bonus.push_back(std::vector<int>(d_.bonus[p].begin(), d_.bonus[p].begin() + d_.bonus_count[p]));
  }
  j["rows"] = std::move(rows);
  j["bonus"] = std::move(bonus);
  std::vector<int> built;
  for (int p = 0; p < n; ++p) built.push_back(d_.rows[p].built);
  j["built"] = built;
  j["capital"] = std::vector<int>(d_.capital.begin(), d_.capital.begin() + n);
  j["pending"] = std::vector<int>(d_.pending.begin(), d_.pending.begin() + n);
  j["order"] = std::vector<int>(d_.order.begin(), d_.order.begin() + n);
  j["choose_index"] = d_.choose_index;
  j["current"] = d_.current;
  j["reveal_failed"] = d_.reveal_failed;
  j["phase"] = PhaseName(d_.phase);
  j["end"] = EndReasonName(d_.end);
  j["move_number"] = d_.move_number;
  const LastAuction& la = d_.last_auction;
  Json draws = Json::array();
  for (int i = 0; i < la.draws; ++i) draws.push_back({la.draw_player[i], la.draw_card[i]});
  j["last_auction"] = {{"bids", std::vector<int>(la.bids.begin(), la.bids.begin() + n)},
                       {"order", std::vector<int>(la.order.begin(), la.order.begin() + n)},
                       {"draws", std::move(draws)},
                       {"by_lot", la.by_lot}};
  const LastBuild& lb = d_.last_build;
  j["last_build"] = {{"player", lb.player},
                     {"card", lb.card},
                     {"bonus_used", lb.bonus_used},
                     {"pounds_paid", lb.pounds_paid},
                     {"bonus_to", lb.bonus_to}};
  j["rng"] = RngToJson(d_.rng);
  return j;
}

Result<KapKairoData> DataFromJson(const Config& config, const Json& json) {
  if (!json.is_object()) return Fail(ErrorCode::kBadData, "the state must be a JSON object");
  KapKairoData d;
  if (auto r = ReadPlaces(config, json, d); !r) return tl::unexpected(r.error());
  if (auto r = ReadMoney(config, json, d); !r) return tl::unexpected(r.error());
  if (auto r = ReadTurn(config, json, d); !r) return tl::unexpected(r.error());
  if (auto r = CheckPhase(config, d); !r) return tl::unexpected(r.error());
  if (auto r = ReadHistory(config, json, d); !r) return tl::unexpected(r.error());
  if (!json.contains("rng")) return Fail(ErrorCode::kBadData, "missing field 'rng'");
  auto rng = RngFromJson(json["rng"]);
  if (!rng) return tl::unexpected(rng.error());
  d.rng = *rng;
  return d;
}

}  // namespace savanna::kap_kairo
