// Vom Kap bis Kairo's outward forms: action strings and the per-viewer views (JSON and text).
// Hidden from every view: the pile's order, the faces of bonus tracks and other players'
// pending bids (only the fact that a bid is in shows).
#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "core/story.h"
#include "core/text.h"
#include "games/kap_kairo/kap_kairo_state.h"

namespace savanna::kap_kairo {
namespace {

std::string Plural(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

Json CardJson(const Config& c, int id) {
  const CardInfo& card = c.card(id);
  return {{"id", id},
          {"terrain", c.terrains[card.terrain].name},
          {"tracks", card.tracks},
          {"pounds", card.pounds}};
}

Json CardsJson(const Config& c, const uint8_t* cards, int n) {
  Json j = Json::array();
  for (int i = 0; i < n; ++i) j.push_back(CardJson(c, cards[i]));
  return j;
}

std::string CardsText(const Config& c, const uint8_t* cards, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += (i ? ", " : "") + c.CardText(cards[i]);
  return s.empty() ? "-" : s;
}

std::string PhaseText(const KapKairoState& s) {
  const KapKairoData& d = s.data();
  switch (d.phase) {
    case Phase::kBid: {
      std::string waiting;
      for (Player p : s.PlayersToAct()) waiting += (waiting.empty() ? "" : ", ") + SeatName(p);
      return "land purchase, waiting for the sealed bids of " + waiting;
    }
    case Phase::kChoose:
      return "land purchase, " + SeatName(d.order[d.choose_index]) + " to take a card";
    case Phase::kBuild:
      return "track building, " + SeatName(d.current) + " to build or pass";
    case Phase::kOver:
      break;
  }
  return "the game is over";
}

}  // namespace

std::string KapKairoState::ActionToString(Player player, Action action) const {
  if (action >= kFirstBidAction && action <= kMaxCapital)
    return "bid " + std::to_string(action - kFirstBidAction);
  if (action >= kFirstTakeAction && action < kPassAction) {
    const int slot = action - kFirstTakeAction;
    if (slot < d_.auction_size) return "take " + config().CardText(d_.auction[slot]);
    return "take slot " + std::to_string(slot + 1);
  }
  if (action == kPassAction) return "pass";
  if (action >= kFirstBuildAction && action < kNumDistinctActions) {
    const int bonus = action - kFirstBuildAction;
    const int pounds =
        player >= 0 && player < config().players ? BuildCost(config(), d_, player, bonus) : -1;
    std::string s = "build";
    if (bonus > 0) s += " using " + Plural(bonus, "bonus track", "bonus tracks");
    if (pounds > 0) s += (bonus > 0 ? " and " : " paying ") + std::to_string(pounds) + " pounds";
    return s;
  }
  return "invalid action " + std::to_string(action);
}

std::string KapKairoState::Story(const State& before_state, Player player, Action action,
                                 bool own) const {
  const Config& c = config();
  const KapKairoData& b = static_cast<const KapKairoState&>(before_state).data();
  const std::string who = StorySeat(player);
  std::string story;
  const auto pounds = [](int n) { return "£" + std::to_string(n); };
  if (action >= kFirstBidAction && action <= kMaxCapital) {
    (void)own;  // a bid is read by everybody once all are in, and by its bidder at once
    story = who + " bid " + pounds(action - kFirstBidAction);
    if (d_.phase == Phase::kBid) return story;  // sealed until the last bid is in
    // The last bid: the auction resolved.
    const LastAuction& la = d_.last_auction;
    std::vector<std::string> bids, order;
    for (int p = 0; p < c.players; ++p) bids.push_back(StorySeat(p) + " " + pounds(la.bids[p]));
    for (int i = 0; i < c.players; ++i) order.push_back(StorySeat(la.order[i]));
    story += ". Land purchase: bids " + JoinAnd(bids) + "; every bid is paid; the choosing order " +
             JoinAnd(order);
    if (la.draws > 0) {
      std::vector<std::string> draws;
      for (int i = 0; i < la.draws; ++i)
        draws.push_back(StorySeat(la.draw_player[i]) + " drew " +
                        std::to_string(c.card(la.draw_card[i]).pounds));
      story += " (a tie broken by cards drawn: " + JoinAnd(draws) + ")";
    }
    if (la.by_lot) story += " (a tie decided by lot)";
    return story;
  }
  if (action >= kFirstTakeAction && action < kPassAction) {
    const int slot = action - kFirstTakeAction;
    story = who + " took " + c.CardText(b.auction[slot]);
  } else if (action == kPassAction) {
    story = who + " passed";
  } else if (action >= kFirstBuildAction && action < kNumDistinctActions) {
    const LastBuild& lb = d_.last_build;
    const int card = b.rows[player].Front();
    story = who + " built " + c.CardText(card);
    std::vector<std::string> spent;
    if (lb.bonus_used > 0) spent.push_back(Counted(lb.bonus_used, "bonus track"));
    if (lb.pounds_paid > 0) spent.push_back(pounds(lb.pounds_paid) + " for missing tracks");
    story += spent.empty() ? " with the tracks on show" : ", spending " + JoinAnd(spent);
    story += ", and was paid " + pounds(c.card(card).pounds) + " (" +
             std::to_string(d_.rows[player].built) + " of 8 built)";
    std::vector<std::string> bonus;
    for (int q = 0; q < c.players; ++q)
      if (lb.bonus_to & (1u << q)) bonus.push_back(StorySeat(q));
    if (!bonus.empty()) story += "; a bonus track for " + JoinAnd(bonus) + ", waiting at a river";
  } else {
    return {};
  }
  // What follows: the game's end, a new land purchase, or the next card turned up for the pool.
  if (d_.phase == Phase::kOver) {
    story += d_.end == EndReason::kEighthLandscape
                 ? ". That is the eighth landscape: the game is over"
                 : ". Nothing is left to auction: the game is over";
  } else if (d_.phase == Phase::kBid && b.phase != Phase::kBid) {
    story += ". A new land purchase: " + Counted(d_.auction_size, "card") + " up for sale";
  } else if (d_.phase == Phase::kBuild && d_.revealed.size > 0 &&
             (b.phase != Phase::kBuild || d_.current != b.current ||
              d_.revealed.size != b.revealed.size)) {
    story += ". " + StorySeat(d_.current) + " turned up " +
             c.CardText(d_.revealed.cards[d_.revealed.size - 1]) + " for the build pool (" +
             Counted(d_.pool_tracks, "track") + " on show)";
  }
  return story;
}

// A taken card is {"slot"} (0-based, as the view's "auction" list) and the card as the view
// shows it; a build names its bonus tracks and the pounds it costs.
Json KapKairoState::StructuredAction(Player player, Action action) const {
  if (action >= kFirstBidAction && action <= kMaxCapital)
    return {{"kind", "bid"}, {"pounds", action - kFirstBidAction}};
  if (action >= kFirstTakeAction && action < kPassAction) {
    const int slot = action - kFirstTakeAction;
    Json take = {{"kind", "take"}, {"slot", slot}};
    if (slot < d_.auction_size) take["card"] = CardJson(config(), d_.auction[slot]);
    return take;
  }
  if (action == kPassAction) return {{"kind", "pass"}};
  if (action >= kFirstBuildAction && action < kNumDistinctActions) {
    const int bonus = action - kFirstBuildAction;
    const int pounds =
        player >= 0 && player < config().players ? BuildCost(config(), d_, player, bonus) : -1;
    return {{"kind", "build"}, {"bonus_tracks", bonus}, {"pounds", std::max(0, pounds)}};
  }
  return {{"kind", "invalid"}, {"id", action}};
}

Json KapKairoState::View(Player viewer) const {
  const Config& c = config();
  Json j = ViewHeader(viewer, PhaseName(d_.phase));
  Json terrains = Json::array();
  for (int t = 0; t < c.num_terrains; ++t)
    terrains.push_back({{"name", c.terrains[t].name},
                        {"tracks_needed", c.terrains[t].tracks_needed},
                        {"river", c.terrains[t].river}});
  j["terrains"] = std::move(terrains);
  j["pile_size"] = d_.pile.size;
  j["discard"] = CardsJson(c, d_.discard.cards.data(), d_.discard.size);
  j["auction"] = CardsJson(c, d_.auction.data(), d_.auction_size);
  j["revealed"] = CardsJson(c, d_.revealed.cards.data(), d_.revealed.size);
  int revealed_tracks = 0;
  for (int i = 0; i < d_.revealed.size; ++i) revealed_tracks += c.card(d_.revealed.cards[i]).tracks;
  j["revealed_tracks"] = revealed_tracks;
  j["current"] = d_.phase == Phase::kBuild ? Json(d_.current) : Json();
  j["nothing_to_reveal"] = d_.phase == Phase::kBuild && d_.reveal_failed;
  if (d_.phase == Phase::kChoose) {
    j["choosing_order"] = std::vector<int>(d_.order.begin(), d_.order.begin() + c.players);
    j["chooser"] = d_.order[d_.choose_index];
  }
  j["players"] = SeatsView([&](int p, Json& pj) {
    const Row& row = d_.rows[p];
    pj["capital"] = d_.capital[p];
    pj["landscapes_built"] = row.built;
    pj["row"] = CardsJson(c, row.cards.data(), row.size);
    pj["next_landscape"] = row.HasOpen() ? CardJson(c, row.Front()) : Json();
    pj["open_tracks"] = d_.open_tracks[p];
    pj["bonus_tracks"] = d_.bonus_count[p];
    if (d_.phase == Phase::kBid) pj["bid_submitted"] = d_.pending[p] >= 0;
    if (p == viewer && d_.pending[p] >= 0) pj["my_bid"] = d_.pending[p];
  });
  const LastAuction& la = d_.last_auction;
  if (la.bids[0] >= 0) {
    Json draws = Json::array();
    for (int i = 0; i < la.draws; ++i)
      draws.push_back({{"player", la.draw_player[i]}, {"card", CardJson(c, la.draw_card[i])}});
    j["last_auction"] = {
        {"bids", std::vector<int>(la.bids.begin(), la.bids.begin() + c.players)},
        {"order", std::vector<int>(la.order.begin(), la.order.begin() + c.players)},
        {"tie_break_draws", std::move(draws)},
        {"by_lot", la.by_lot}};
  } else {
    j["last_auction"] = nullptr;
  }
  const LastBuild& lb = d_.last_build;
  if (lb.player >= 0) {
    Json to = Json::array();
    for (int p = 0; p < c.players; ++p)
      if ((lb.bonus_to >> p) & 1u) to.push_back(p);
    j["last_build"] = {{"player", lb.player},
                       {"landscape", CardJson(c, lb.card)},
                       {"bonus_tracks_used", lb.bonus_used},
                       {"pounds_paid", lb.pounds_paid},
                       {"bonus_tracks_to", std::move(to)}};
  } else {
    j["last_build"] = nullptr;
  }
  if (d_.phase == Phase::kOver) {
    Json winners = Json::array();
    for (Player p : Winners()) winners.push_back(p);
    j["result"] = {{"reason", EndReasonName(d_.end)}, {"winners", std::move(winners)}};
  }
  return j;
}

std::string KapKairoState::ViewText(Player viewer) const {
  const Config& c = config();
  std::ostringstream out;
  out << "Vom Kap bis Kairo: " << PhaseText(*this) << "\n";
  out << "Draw pile: " << Plural(d_.pile.size, "card", "cards") << "; discard pile ("
      << Plural(d_.discard.size, "card", "cards")
      << "): " << CardsText(c, d_.discard.cards.data(), d_.discard.size) << "\n";
  if (d_.auction_size > 0)
    out << "Up for purchase: " << CardsText(c, d_.auction.data(), d_.auction_size) << "\n";
  if (d_.phase == Phase::kBuild) {
    int tracks = 0;
    for (int i = 0; i < d_.revealed.size; ++i) tracks += c.card(d_.revealed.cards[i]).tracks;
    out << "Revealed for building (" << Plural(tracks, "track", "tracks")
        << "): " << CardsText(c, d_.revealed.cards.data(), d_.revealed.size) << "\n";
    if (d_.reveal_failed) out << "Nothing was left to reveal: a pass ends the build phase\n";
  }
  for (int p = 0; p < c.players; ++p) {
    const Row& row = d_.rows[p];
    out << SeatName(p) << (p == viewer ? " (you)" : "") << ": "
        << Plural(d_.capital[p], "pound", "pounds") << ", " << int(row.built) << " built, "
        << Plural(d_.bonus_count[p], "bonus track", "bonus tracks");
    if (d_.phase == Phase::kBid) {
      if (p == viewer && d_.pending[p] >= 0) {
        out << ", your bid: " << d_.pending[p];
      } else {
        out << (d_.pending[p] >= 0 ? ", has bid" : ", to bid");
      }
    }
    out << "\n    open: " << CardsText(c, row.cards.data() + row.built, row.size - row.built)
        << "\n";
  }
  const LastAuction& la = d_.last_auction;
  if (la.bids[0] >= 0) {
    out << "Last purchase: bids";
    for (int p = 0; p < c.players; ++p) out << " " << SeatName(p) << "=" << la.bids[p];
    out << "; choosing order";
    for (int i = 0; i < c.players; ++i) out << " " << SeatName(la.order[i]);
    for (int i = 0; i < la.draws; ++i)
      out << (i ? ", " : "; tie-break draws: ") << SeatName(la.draw_player[i]) << " "
          << c.CardText(la.draw_card[i]);
    if (la.by_lot) out << "; a tie was decided by lot";
    out << "\n";
  }
  const LastBuild& lb = d_.last_build;
  if (lb.player >= 0) {
    out << "Last build: " << SeatName(lb.player) << " built " << c.CardText(lb.card);
    if (lb.bonus_used > 0) out << " using " << Plural(lb.bonus_used, "bonus track", "bonus tracks");
    if (lb.pounds_paid > 0) out << " paying " << int(lb.pounds_paid) << " pounds";
    for (int p = 0; p < c.players; ++p)
      if ((lb.bonus_to >> p) & 1u) out << "; bonus track to " << SeatName(p);
    out << "\n";
  }
  if (d_.phase == Phase::kOver) {
    out << (d_.end == EndReason::kEighthLandscape ? "Eighth landscape built. "
                                                  : "Nothing left to auction. ")
        << "Winner:";
    for (Player p : Winners()) out << " " << SeatName(p);
    out << "\n";
  }
  return out.str();
}

}  // namespace savanna::kap_kairo
