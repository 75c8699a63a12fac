// Kilimanjaro's outward forms: action strings and the per-viewer views (JSON and text). A
// viewer sees its own hand and the counters it placed; of everything else only what is public.
#include <algorithm>
#include <array>
#include <sstream>
#include <string>
#include <vector>

#include "core/story.h"
#include "core/text.h"
#include "games/kilimanjaro/kilimanjaro_state.h"

namespace savanna::kilimanjaro {
namespace {

Json CardJson(const Config& c, int card) {
  return {{"type", c.type_names[TypeOf(card)]}, {"value", ValueOf(card)}};
}

// May `viewer` see the kind of this counter?
bool KindVisible(const Counter& c, Player viewer) { return c.face_up || c.placer == viewer; }

// The counters on the trail ordered by space.
std::vector<Counter> CountersBySpace(const KiliData& d) {
  std::vector<Counter> list(d.counters.begin(), d.counters.begin() + d.num_counters);
  std::sort(list.begin(), list.end(),
            [](const Counter& a, const Counter& b) { return a.space < b.space; });
  return list;
}

Json EventJson(const Config& c, const Event& e, Player viewer) {
  Json j = {{"player", e.player}, {"type", kEventNames[size_t(e.type)]}};
  switch (e.type) {
    case EventType::kPlace:
      j["space"] = e.to;
      if (e.player == viewer) j["kind"] = CounterName(e.kind);
      break;
    case EventType::kPlay:
      j["card"] = CardJson(c, e.card);
      j["seat"] = e.other;
      j["pile"] = e.pile + 1;
      break;
    case EventType::kCounter:
      j["space"] = e.to;
      j["kind"] = CounterName(e.kind);
      break;
    case EventType::kSwap:
    case EventType::kSendBack:
      j["other"] = e.other;
      [[fallthrough]];
    case EventType::kMove:
    case EventType::kLion:
      j["from"] = e.from;
      j["to"] = e.to;
      break;
    case EventType::kBananaStay:
    case EventType::kSendNobody:
    case EventType::kBaseCamp:
      break;
  }
  return j;
}

std::string EventText(const Config& c, const Event& e, Player viewer) {
  const std::string who = SeatName(e.player);
  switch (e.type) {
    case EventType::kPlace:
      return who + " placed " +
             (e.player == viewer ? std::string("a ") + CounterName(e.kind) + " counter"
                                 : std::string("a counter")) +
             " on " + std::to_string(e.to);
    case EventType::kPlay:
      return who + " played " + CardName(c, e.card) + " on " + SeatName(e.other) + " pile " +
             std::to_string(e.pile + 1);
    case EventType::kMove:
      return who + " moved " + std::to_string(e.from) + " -> " + std::to_string(e.to);
    case EventType::kCounter:
      return who + " stopped on a " + CounterName(e.kind) + " counter";
    case EventType::kBananaStay:
      return who + " stayed";
    case EventType::kLion:
      return who + " fled back to the village at " + std::to_string(e.to);
    case EventType::kSwap:
      return who + " swapped places with " + SeatName(e.other);
    case EventType::kSendBack:
      return who + " sent " + SeatName(e.other) + " back to " + std::to_string(e.to);
    case EventType::kSendNobody:
      return who + " sent nobody back";
    case EventType::kBaseCamp:
      return who + " reached the base camp";
  }
  return "";
}

std::string PilesText(const Config& c, const KiliData& d, int p) {
  std::string s;
  for (int i = 0; i < kPiles; ++i)
    s += (i ? " | " : "") + CardName(c, d.piles[p][i].top) +
         (d.piles[p][i].size > 1 ? " (" + std::to_string(d.piles[p][i].size) + ")" : "");
  return s;
}

std::string TurnText(const KiliData& d) {
  switch (d.phase) {
    case Phase::kPlace:
      return SeatName(d.current) + " to place a counter";
    case Phase::kPlay:
      return SeatName(d.current) + " to play";
    case Phase::kBanana:
      return SeatName(d.current) + " found a banana: move " + std::to_string(d.distance) +
             " again or stay";
    case Phase::kChange:
      return SeatName(d.current) + " found a change-position counter";
    case Phase::kGameOver:
      return "the game is over";
  }
  return "";
}

}  // namespace

std::string CardName(const Config& config, int card) { return config.card_names[card]; }

const char* CounterName(CounterKind kind) {
  static constexpr std::array<const char*, kCounterKinds> kNames = {"banana", "lion", "change"};
  return kNames[size_t(kind)];
}

const char* PhaseName(Phase phase) {
  static constexpr std::array<const char*, size_t(Phase::kGameOver) + 1> kNames = {
      "place", "play", "banana", "change", "over"};
  return kNames[size_t(phase)];
}

std::string KilimanjaroState::ActionToString(Player, Action action) const {
  const Config& c = config();
  if (action >= kFirstPlaceAction && action < kFirstPlayAction) {
    return std::string("place ") + CounterName(CounterKind(action / kMaxSpaces)) + " on " +
           std::to_string(action % kMaxSpaces);
  }
  if (action >= kFirstPlayAction && action < kBananaMoveAction) {
    const int rel = action - kFirstPlayAction;
    const int card = rel / (kMaxSeats * kPiles), seat = rel / kPiles % kMaxSeats;
    if (TypeOf(card) < c.types)
      return "play " + CardName(c, card) + " on " + SeatName(seat) + " pile " +
             std::to_string(rel % kPiles + 1);
  }
  if (action == kBananaMoveAction) return "banana: move again";
  if (action == kBananaStayAction) return "banana: stay";
  if (action >= kFirstChangeAction && action < kSendNobodyAction) {
    const int seat = action - kFirstChangeAction;
    return c.send_back ? "send " + SeatName(seat) + " back" : "swap with " + SeatName(seat);
  }
  if (action == kSendNobodyAction) return "send nobody back";
  return "invalid action " + std::to_string(action);
}

std::string KilimanjaroState::PublicActionString(Player player, Action action) const {
  if (action >= kFirstPlaceAction && action < kFirstPlayAction)
    return "place a counter on " + std::to_string(action % kMaxSpaces);
  return ActionToString(player, action);
}

std::string KilimanjaroState::Story(const State& before_state, Player player, Action action,
                                    bool own) const {
  const Config& c = config();
  const KiliData& b = static_cast<const KilimanjaroState&>(before_state).data();
  // A placement or a play starts the turn's events afresh; a banana or change decision adds to
  // those of its turn.
  const bool starts_turn = action < kBananaMoveAction;
  int first = starts_turn ? 0 : b.num_events;
  if (first > d_.num_events) first = 0;
  std::vector<std::string> parts;
  const auto space = [](int s) { return std::to_string(s); };
  for (int i = first; i < d_.num_events; ++i) {
    const Event& e = d_.events[i];
    switch (e.type) {
      case EventType::kPlace:
        parts.push_back(std::string("hid ") +
                        (own ? std::string("a ") + CounterName(e.kind) : "a") + " counter on " +
                        space(e.to));
        break;
      case EventType::kPlay:
        parts.push_back("played " + CardName(c, e.card) + " on " + StorySeats(e.other) + " pile " +
                        std::to_string(e.pile + 1));
        break;
      case EventType::kMove:
        parts.push_back(std::string(i > first && d_.events[i - 1].type == EventType::kCounter
                                        ? "moved again "
                                        : "moved ") +
                        std::to_string(e.to - e.from) + " from " + space(e.from) + " to " +
                        (e.to >= c.trail_length ? "the base camp" : space(e.to)));
        break;
      case EventType::kCounter:
        parts.push_back(std::string("found a ") +
                        (e.kind == CounterKind::kChange ? "change counter" : CounterName(e.kind)) +
                        " there");
        break;
      case EventType::kBananaStay:
        parts.push_back("stayed there");
        break;
      case EventType::kLion:
        parts.push_back("the lion sent " + StorySeat(e.player) + " back to " +
                        (e.to == 0 ? std::string("the start") : "village " + space(e.to)));
        break;
      case EventType::kSwap:
        parts.push_back("swapped places with " + StorySeat(e.other) + " (" + space(e.from) +
                        " and " + space(e.to) + ")");
        break;
      case EventType::kSendBack:
        parts.push_back("sent " + StorySeat(e.other) + " back from " + space(e.from) + " to " +
                        (e.to == 0 ? std::string("the start") : "village " + space(e.to)));
        break;
      case EventType::kSendNobody:
        parts.push_back("sent nobody back");
        break;
      case EventType::kBaseCamp:
        parts.push_back("reached the base camp first and won");
        break;
    }
  }
  if (parts.empty()) return {};
  std::string story = StorySeat(player) + " " + parts[0];
  for (size_t i = 1; i < parts.size(); ++i)
    story += (i + 1 == parts.size() ? " and " : ", ") + parts[i];
  if (b.phase == Phase::kPlace && d_.phase == Phase::kPlay)
    story += ". Every counter is hidden: the cards are dealt";
  if (d_.phase == Phase::kGameOver && d_.winner < 0)
    story += ". Every card has been played: the game is over";
  return story;
}

// Fields as in the view: a card is {"type", "value"}, seats are numbers, piles count from 1.
Json KilimanjaroState::StructuredAction(Player, Action action) const {
  const Config& c = config();
  if (action >= kFirstPlaceAction && action < kFirstPlayAction)
    return {{"kind", "place"},
            {"counter", CounterName(CounterKind(action / kMaxSpaces))},
            {"space", action % kMaxSpaces}};
  if (action >= kFirstPlayAction && action < kBananaMoveAction) {
    const int rel = action - kFirstPlayAction;
    const int card = rel / (kMaxSeats * kPiles), seat = rel / kPiles % kMaxSeats;
    if (TypeOf(card) < c.types)
      return {{"kind", "play"},
              {"card", CardJson(c, card)},
              {"target", seat},
              {"pile", rel % kPiles + 1}};
  }
  if (action == kBananaMoveAction) return {{"kind", "banana"}, {"choice", "move"}};
  if (action == kBananaStayAction) return {{"kind", "banana"}, {"choice", "stay"}};
  if (action >= kFirstChangeAction && action < kSendNobodyAction)
    return {{"kind", c.send_back ? "send_back" : "swap"}, {"target", action - kFirstChangeAction}};
  if (action == kSendNobodyAction) return {{"kind", "send_back"}, {"target", nullptr}};
  return {{"kind", "invalid"}, {"id", action}};
}

Json KilimanjaroState::PublicStructuredAction(Player player, Action action) const {
  Json structured = StructuredAction(player, action);
  if (structured["kind"] == "place") structured.erase("counter");
  return structured;
}

Json KilimanjaroState::View(Player viewer) const {
  const Config& c = config();
  Json j = ViewHeader(viewer, PhaseName(d_.phase));
  j["variant"] = c.send_back ? "send_back" : "standard";
  Json villages = Json::array();
  for (int s = 0; s < c.trail_length; ++s)
    if (c.village[s]) villages.push_back(s);
  j["trail"] = {{"length", c.trail_length}, {"villages", std::move(villages)}};
  j["deck_size"] = d_.deck_size;
  Json counters = Json::array();
  for (const Counter& k : CountersBySpace(d_)) {
    Json cj = {{"space", k.space}, {"placer", k.placer}, {"face_up", k.face_up}};
    cj["kind"] = KindVisible(k, viewer) ? Json(CounterName(k.kind)) : Json(nullptr);
    counters.push_back(std::move(cj));
  }
  j["counters"] = std::move(counters);
  j["counters_removed"] = d_.removed_counters;
  Json buried = Json::array();
  for (int card = 0; card < kCardKinds; ++card)
    if (d_.buried[card] > 0)
      buried.push_back({{"card", CardJson(c, card)}, {"count", d_.buried[card]}});
  j["covered_cards"] = std::move(buried);
  const bool dealt = d_.phase != Phase::kPlace;
  j["players"] = SeatsView([&](int p, Json& pj) {
    pj["position"] = d_.position[p];
    Json piles = Json::array();
    if (dealt)
      for (const Pile& pile : d_.piles[p])
        piles.push_back({{"top", CardJson(c, pile.top)}, {"size", pile.size}});
    pj["piles"] = std::move(piles);
    pj["distance"] = dealt ? Json(MoveDistance(d_, p)) : Json(nullptr);
    pj["hand_size"] = d_.hand_size[p];
    if (p == viewer) {
      Json hand = Json::array();
      for (int i = 0; i < d_.hand_size[p]; ++i) hand.push_back(CardJson(c, d_.hand[p][i]));
      pj["hand"] = std::move(hand);
    }
    int left = 0;
    for (int k = 0; k < kCounterKinds; ++k) left += d_.unplaced[p][k];
    pj["counters_to_place"] = left;
    if (p == viewer) {
      Json own;
      for (int k = 0; k < kCounterKinds; ++k) own[CounterName(CounterKind(k))] = d_.unplaced[p][k];
      pj["own_counters_to_place"] = std::move(own);
    }
  });
  if (d_.phase == Phase::kBanana) j["banana_distance"] = d_.distance;
  Json turn = Json::array();
  for (int i = 0; i < d_.num_events; ++i) turn.push_back(EventJson(c, d_.events[i], viewer));
  j["turn"] = std::move(turn);
  if (d_.phase == Phase::kGameOver) {
    Json winners = Json::array();
    for (Player p : Winners()) winners.push_back(p);
    j["winners"] = std::move(winners);
  }
  return j;
}

std::string KilimanjaroState::ViewText(Player viewer) const {
  const Config& c = config();
  std::ostringstream out;
  out << "Am Fuß des Kilimandscharo" << (c.send_back ? " (send-back variant)" : "") << ": "
      << TurnText(d_) << "\n";
  out << "Trail: base camp at " << c.trail_length << ", villages at 0 (start)";
  for (int s = 1; s < c.trail_length; ++s)
    if (c.village[s]) out << ", " << s;
  out << "\nCounters:";
  if (d_.num_counters == 0) out << " none";
  for (const Counter& k : CountersBySpace(d_)) {
    out << " " << int(k.space) << "=";
    if (k.face_up) {
      out << CounterName(k.kind);
    } else if (k.placer == viewer) {
      out << CounterName(k.kind) << "(yours, face down)";
    } else {
      out << "?(" << SeatName(k.placer) << ")";
    }
  }
  if (d_.removed_counters) out << "; " << int(d_.removed_counters) << " change counter(s) used";
  out << "\n";
  const bool dealt = d_.phase != Phase::kPlace;
  if (dealt) out << "Deck: " << int(d_.deck_size) << " cards\n";
  for (int p = 0; p < c.players; ++p) {
    out << SeatName(p) << (p == viewer ? " (you)" : "") << ": at " << int(d_.position[p]);
    if (dealt) {
      out << ", moves " << MoveDistance(d_, p) << " [" << PilesText(c, d_, p) << "], ";
      if (p == viewer) {
        out << "hand [";
        for (int i = 0; i < d_.hand_size[p]; ++i)
          out << (i ? ", " : "") << CardName(c, d_.hand[p][i]);
        out << "]";
      } else {
        out << int(d_.hand_size[p]) << (d_.hand_size[p] == 1 ? " card" : " cards") << " in hand";
      }
    }
    const int left = d_.unplaced[p][0] + d_.unplaced[p][1] + d_.unplaced[p][2];
    if (left > 0) {
      out << ", " << left << " counter" << (left == 1 ? "" : "s") << " to place";
      if (p == viewer) {
        out << " (";
        bool first = true;
        for (int k = 0; k < kCounterKinds; ++k)
          if (d_.unplaced[p][k]) {
            out << (first ? "" : ", ") << int(d_.unplaced[p][k]) << " "
                << CounterName(CounterKind(k));
            first = false;
          }
        out << ")";
      }
    }
    out << "\n";
  }
  if (d_.num_events > 0) {
    const bool deciding = d_.phase == Phase::kBanana || d_.phase == Phase::kChange;
    out << (deciding ? "This turn:" : "Last turn:");
    for (int i = 0; i < d_.num_events; ++i)
      out << (i ? "; " : " ") << EventText(c, d_.events[i], viewer);
    out << "\n";
  }
  if (d_.phase == Phase::kGameOver) {
    out << "Winner" << (Winners().Size() > 1 ? "s" : "") << ":";
    for (Player p : Winners()) out << " " << SeatName(p);
    out << "\n";
  }
  return out.str();
}

}  // namespace savanna::kilimanjaro
