// Kitara's outward forms: card and action texts and the per-viewer views (JSON and text). Hidden
// from a viewer: the deck order, the bag, and the values of other players' hero tokens (until
// the end, when every token is revealed).
#include <bit>
#include <sstream>
#include <string>
#include <vector>

#include "core/story.h"
#include "core/text.h"
#include "games/kitara/kitara_state.h"

namespace savanna::kitara {
namespace {

std::string KindCount(int kind, int n) {
  static constexpr const char* kPlural[kKinds] = {"warriors", "animals", "heroes"};
  return std::to_string(n) + " " + (n == 1 ? KindName(kind) : kPlural[kind]);
}

// "2 warriors, 1 hero"; "-" for none.
std::string FiguresText(const Figures& f) {
  std::string s;
  for (int k = 0; k < kKinds; ++k)
    if (f[k] > 0) s += (s.empty() ? "" : ", ") + KindCount(k, f[k]);
  return s.empty() ? "-" : s;
}

const char* TypeName(AreaType t) {
  return t == AreaType::kSavanna ? "savanna" : t == AreaType::kRuin ? "ruin" : "lake";
}

Json CardJson(const Config& config, int id) {
  const Card& c = config.cards[id];
  return {{"card", id},
          {"text", CardText(config, id)},
          {"age", c.age},
          {"take", c.take},
          {"figures", FiguresJson(c.figures)},
          {"moves", c.moves},
          {"prosperity", c.prosperity},
          {"no_feed", c.no_feed}};
}

// The hero-token values in `t`, lowest first.
std::vector<int> TokenList(const Config& config, const TokenCounts& t) {
  std::vector<int> values;
  for (int v = 0; v < config.token_kinds; ++v)
    values.insert(values.end(), t[v], config.token_values[v]);
  return values;
}

std::string ListText(const std::vector<int>& values) {
  std::string s;
  for (int v : values) s += (s.empty() ? "" : " ") + std::to_string(v);
  return s;
}

std::vector<std::string> AreaNames(const Config& config, uint64_t mask) {
  std::vector<std::string> names;
  for (; mask != 0; mask &= mask - 1) names.push_back(config.map.names[std::countr_zero(mask)]);
  return names;
}

}  // namespace

std::string CardText(const Config& config, int id) {
  const Card& c = config.cards[id];
  std::string s;
  auto add = [&s](char symbol, int n) {
    if (n > 0) s += (s.empty() ? "" : " ") + std::string(1, symbol) + std::to_string(n);
  };
  add('D', c.take);
  add('W', c.figures[kWarrior]);
  add('A', c.figures[kAnimal]);
  add('H', c.figures[kHero]);
  add('M', c.moves);
  add('P', c.prosperity);
  if (c.no_feed) s += s.empty() ? "F" : " F";
  if (s.empty()) s = "blank";
  return s + (id == kStartCard ? " (start card)" : " (age " + std::to_string(c.age) + ")");
}

std::string KitaraState::ActionToString(Player, Action action) const {
  const Config& c = config();
  const Map& m = c.map;
  auto area_ok = [&m](int a) { return a >= 0 && a < m.num_areas; };
  const std::string invalid = "invalid action " + std::to_string(action);
  if (action >= kStartAction && action < kTakeAction) {
    const int a = action - kStartAction;
    return area_ok(a) ? "start on " + m.names[a] : invalid;
  }
  if (action >= kTakeAction && action < kPlaceAction) {
    const int i = action - kTakeAction;
    return "take " + std::to_string(i + 1) +
           (i < d_.row_size ? ": " + CardText(c, d_.row[i]) : std::string());
  }
  if (action >= kPlaceAction && action < kSourceAction) {
    const int kind = (action - kPlaceAction) / kMaxAreas, a = (action - kPlaceAction) % kMaxAreas;
    return area_ok(a) ? std::string("place ") + KindName(kind) + " on " + m.names[a] : invalid;
  }
  if (action >= kSourceAction && action < kEndMovesAction) {
    const int a = action - kSourceAction;
    return area_ok(a) ? "move from " + m.names[a] : invalid;
  }
  if (action == kEndMovesAction) return "end moves";
  if (action >= kGroupAction && action < kBorderAction) {
    const Figures f = GroupFigures(action);
    return Total(f) > 0 ? "with " + FiguresText(f) : invalid;
  }
  if (action >= kBorderAction && action < kRetreatAction) {
    const int a = action - kBorderAction;
    if (!area_ok(a)) return invalid;
    const int owner = d_.areas[a].owner;
    const bool enemy = owner >= 0 && owner != d_.current;
    return (enemy ? "attack " : "to ") + m.names[a];
  }
  if (action >= kRetreatAction && action < kDiscardAction) {
    const int a = action - kRetreatAction;
    return area_ok(a) ? "retreat to " + m.names[a] : invalid;
  }
  if (action >= kDiscardAction && action < kRemoveAction) {
    const int i = action - kDiscardAction;
    const int p = d_.current;
    return "discard " + std::to_string(i + 1) +
           (i < d_.kingdom_size[p] ? ": " + CardText(c, d_.kingdom[p][i]) : std::string());
  }
  if (action >= kRemoveAction && action < kNumDistinctActions) {
    const int kind = (action - kRemoveAction) / kMaxAreas, a = (action - kRemoveAction) % kMaxAreas;
    return area_ok(a) ? std::string("remove ") + KindName(kind) + " from " + m.names[a] : invalid;
  }
  return invalid;
}

std::string CardWords(const Config& config, int id) {
  const Card& c = config.cards[id];
  std::vector<std::string> symbols;
  if (c.take > 0) symbols.push_back(std::to_string(c.take) + " take");
  for (int k = 0; k < kKinds; ++k)
    if (c.figures[k] > 0) symbols.push_back(KindCount(k, c.figures[k]));
  if (c.moves > 0) symbols.push_back(Counted(c.moves, "move"));
  if (c.prosperity > 0) symbols.push_back(std::to_string(c.prosperity) + " prosperity");
  if (c.no_feed) symbols.push_back("needs no food");
  const std::string which =
      id == kStartCard ? "the start card" : "an age-" + std::to_string(c.age) + " card";
  return which + " (" + (symbols.empty() ? std::string("no symbols") : JoinAnd(symbols)) + ")";
}

std::string KitaraState::Story(const State& before_state, Player player, Action action,
                               bool own) const {
  const Config& c = config();
  const Map& m = c.map;
  const KitaraData& b = static_cast<const KitaraState&>(before_state).data();
  const std::string who = StorySeat(player);
  const auto area = [&](int a) { return std::string(TypeName(m.types[a])) + " " + m.names[a]; };
  std::string story;
  if (action >= kStartAction && action < kTakeAction) {
    story = who + " put 3 warriors on " + area(action - kStartAction);
  } else if (action >= kTakeAction && action < kPlaceAction) {
    story = who + " took " + CardWords(c, b.row[action - kTakeAction]);
  } else if (action >= kPlaceAction && action < kSourceAction) {
    const int kind = (action - kPlaceAction) / kMaxAreas, a = (action - kPlaceAction) % kMaxAreas;
    story = who + " placed a new " + KindName(kind) + " on " + area(a);
  } else if (action >= kSourceAction && action < kEndMovesAction) {
    story = who + " chose to move from " + area(action - kSourceAction);
  } else if (action == kEndMovesAction) {
    story = who + " ended the moves";
  } else if (action >= kGroupAction && action < kBorderAction) {
    story = who + " chose to move " + FiguresText(GroupFigures(action)) + " from " + area(b.source);
  } else if (action >= kBorderAction && action < kRetreatAction) {
    const int to = action - kBorderAction;
    const int defender = b.areas[to].owner;
    if (defender >= 0 && defender != player) {
      story = who + " attacked " + StorySeat(defender) + " in " + area(to) + " from " +
              area(b.source) + " with " + FiguresText(b.group) + ", driving out " +
              FiguresText(b.areas[to].figures);
      if (d_.last_attack.drew_token) story += ", and drew a hero token";
    } else {
      story =
          who + " moved " + FiguresText(b.group) + " from " + area(b.source) + " to " + area(to);
    }
  } else if (action >= kRetreatAction && action < kDiscardAction) {
    story = who + " retreated " + FiguresText(b.retreat_figures) + " from " + area(b.retreat_from) +
            " to " + area(action - kRetreatAction);
  } else if (action >= kDiscardAction && action < kRemoveAction) {
    story = who + " discarded " + CardWords(c, b.kingdom[player][action - kDiscardAction]) +
            ", which could not be fed";
  } else if (action >= kRemoveAction && action < kNumDistinctActions) {
    const int kind = (action - kRemoveAction) / kMaxAreas, a = (action - kRemoveAction) % kMaxAreas;
    story = who + " took a " + std::string(KindName(kind)) + " off " + area(a) +
            " (the discarded card's figures leave with it)";
  } else {
    return {};
  }
  // What followed without a choice. A retreat decided for the defender (one nearest area):
  const LastAttack& la = d_.last_attack;
  if (action >= kBorderAction && action < kRetreatAction && la.attacker == player &&
      la.retreat_to >= 0)
    story += "; " + StorySeat(la.defender) + " retreated to " + area(la.retreat_to);
  // The turn's score (prosperity symbols and ruins held with a ruler animal) and the hero token
  // kept from this turn's attacks.
  const int scored = d_.prosperity[player] - b.prosperity[player];
  if (scored > 0) story += "; " + who + " scored " + Counted(scored, "point");
  const int kept = TokenCount(d_.tokens[player]) - TokenCount(b.tokens[player]);
  if (kept > 0) {
    const int worth = TokenValue(c, d_.tokens[player]) - TokenValue(c, b.tokens[player]);
    story += "; " + who + " kept a hero token" + (own ? " worth " + std::to_string(worth) : "");
  }
  // Cards the kingdom cannot feed.
  if (d_.phase == Phase::kDiscard && d_.current == player && b.phase != Phase::kDiscard &&
      b.phase != Phase::kRemove)
    story += "; " + StorySeats(player) + " savannas with warriors feed " +
             std::to_string(FoodCapacity(c, d_, player)) + " of " +
             Counted(HungryCards(c, d_, player), "card") + ": " + Counted(d_.to_discard, "card") +
             " must go";
  // A new age-5 card announces the last round; the end of a round tells everybody's points.
  if (d_.last_round != 0 && b.last_round == 0)
    story += ". An age-5 card came up: round " + std::to_string(d_.last_round) + " is the last";
  // Turns in which nobody had a choice are played at once (ForcedChoicesAreMadeAutomatically),
  // so one action may end several rounds; the last round ends the game.
  const bool over = d_.phase == Phase::kOver;
  const int last_ended = over ? d_.round : d_.round - 1;
  if (b.round > 0 && last_ended >= b.round) {
    std::vector<std::string> points;
    for (int p = 0; p < c.players; ++p)
      points.push_back(StorySeat(p) + " " + std::to_string(d_.prosperity[p]));
    story += last_ended == b.round ? ". Round " + std::to_string(b.round) + " is over"
                                   : ". Rounds " + std::to_string(b.round) + " to " +
                                         std::to_string(last_ended) + " are over";
    story += "; points " + JoinAnd(points);
  }
  if (over) story += ". The game is over";
  return story;
}

// Areas by name (as the view's "map"), figures by kind name, row and kingdom positions from 1
// (as in the texts), a group by its figure counts.
Json KitaraState::StructuredAction(Player, Action action) const {
  const Map& m = config().map;
  auto area = [&m](int a) { return a >= 0 && a < m.num_areas ? Json(m.names[a]) : Json(); };
  // Placing and removing encode a figure on an area as kind * kMaxAreas + area.
  auto figure = [&area](const char* kind, int code) -> Json {
    return {
        {"kind", kind}, {"figure", KindName(code / kMaxAreas)}, {"area", area(code % kMaxAreas)}};
  };
  if (action >= kStartAction && action < kTakeAction)
    return {{"kind", "start"}, {"area", area(action - kStartAction)}};
  if (action >= kTakeAction && action < kPlaceAction)
    return {{"kind", "take"}, {"position", action - kTakeAction + 1}};
  if (action >= kPlaceAction && action < kSourceAction)
    return figure("place", action - kPlaceAction);
  if (action >= kSourceAction && action < kEndMovesAction)
    return {{"kind", "move_from"}, {"area", area(action - kSourceAction)}};
  if (action == kEndMovesAction) return {{"kind", "end_moves"}};
  if (action >= kGroupAction && action < kBorderAction) {
    const Figures f = GroupFigures(action);
    return {{"kind", "group"},
            {"warriors", f[kWarrior]},
            {"animals", f[kAnimal]},
            {"heroes", f[kHero]}};
  }
  if (action >= kBorderAction && action < kRetreatAction) {
    const int a = action - kBorderAction;
    const int owner = a < m.num_areas ? d_.areas[a].owner : -1;
    const bool enemy = owner >= 0 && owner != d_.current;
    return {{"kind", enemy ? "attack" : "to"}, {"area", area(a)}};
  }
  if (action >= kRetreatAction && action < kDiscardAction)
    return {{"kind", "retreat"}, {"area", area(action - kRetreatAction)}};
  if (action >= kDiscardAction && action < kRemoveAction)
    return {{"kind", "discard"}, {"position", action - kDiscardAction + 1}};
  if (action >= kRemoveAction && action < kNumDistinctActions)
    return figure("remove", action - kRemoveAction);
  return {{"kind", "invalid"}, {"id", action}};
}

Json KitaraState::View(Player viewer) const {
  const Config& c = config();
  const Map& m = c.map;
  const bool over = IsTerminal();
  Json j = ViewHeader(viewer, PhaseName(d_.phase));
  j["current"] = d_.current;
  j["round"] = d_.round;
  j["last_round"] = d_.last_round == 0 ? Json(nullptr) : Json(d_.last_round);
  Json map = Json::array();
  for (int a = 0; a < m.num_areas; ++a)
    map.push_back({{"name", m.names[a]},
                   {"type", TypeName(m.types[a])},
                   {"start", bool(m.start_mask >> a & 1)},

                   {"owner", d_.areas[a].owner},
                   {"figures", FiguresJson(d_.areas[a].figures)},
                   {"neighbours", AreaNames(c, m.land_neighbours[a])}});
  // Where a drawing puts each area: -1 and -1 when the map's data do not say.
  for (int a = 0; a < m.num_areas; ++a) {
    map[size_t(a)]["ring"] = m.ring[a];
    map[size_t(a)]["slot"] = m.slot[a];
  }
  j["map"] = std::move(map);
  Json row = Json::array();
  for (int i = 0; i < d_.row_size; ++i) row.push_back(CardJson(c, d_.row[i]));
  j["row"] = std::move(row);
  std::vector<int> by_age(kFinalAge, 0);
  for (int i = 0; i < d_.deck_size; ++i) ++by_age[c.cards[d_.deck[i]].age - 1];
  j["deck"] = {{"size", d_.deck_size}, {"by_age", by_age}};
  Json discards = Json::array();  // texts only: the pile grows long
  for (int i = 0; i < d_.discard_size; ++i) discards.push_back(CardText(c, d_.discards[i]));
  j["discards"] = std::move(discards);
  j["last_discard"] = d_.discard_size > 0 ? CardJson(c, d_.discards[d_.discard_size - 1]) : Json();
  j["bag"] = TokenCount(d_.bag);
  const PlayerValues scores = Scores();
  j["players"] = SeatsView([&](int p, Json& pj) {
    pj["supply"] = FiguresJson(d_.supply[p]);
    Json kingdom = Json::array();
    for (int i = 0; i < d_.kingdom_size[p]; ++i) kingdom.push_back(CardJson(c, d_.kingdom[p][i]));
    pj["kingdom"] = std::move(kingdom);
    pj["symbols"] = {{"take", KingdomSymbols(c, d_, p, &Card::take)},
                     {"moves", KingdomSymbols(c, d_, p, &Card::moves)},
                     {"prosperity", KingdomSymbols(c, d_, p, &Card::prosperity)}};
    pj["food"] = FoodCapacity(c, d_, p);
    pj["hungry_cards"] = HungryCards(c, d_, p);
    pj["prosperity"] = d_.prosperity[p];
    pj["taken"] = d_.taken[p];
    pj["hero_tokens"] = TokenCount(d_.tokens[p]);
    if (p == viewer || over) pj["hero_token_values"] = TokenList(c, d_.tokens[p]);
    if (p == d_.current && !over) {
      pj["drawn_this_turn"] = TokenCount(d_.drawn);
      if (p == viewer) pj["drawn_values"] = TokenList(c, d_.drawn);
    }
    pj["score"] = scores[p];
  });
  Json turn;
  turn["moves_left"] = d_.moves_left;
  turn["source"] = d_.phase == Phase::kMoveGroup || d_.phase == Phase::kMoveBorder
                       ? Json(m.names[d_.source])
                       : Json(nullptr);
  turn["group"] = FiguresJson(d_.group);
  turn["recruit"] = FiguresJson(d_.recruit);
  turn["to_discard"] = d_.to_discard;
  turn["remove"] = FiguresJson(d_.remove);
  turn["take_choices"] = d_.phase == Phase::kTake ? TakeChoices(c, d_) : 0;
  j["turn"] = std::move(turn);
  if (d_.phase == Phase::kRetreat) {
    j["retreat"] = {
        {"player", d_.retreat_player},
        {"from", m.names[d_.retreat_from]},
        {"figures", FiguresJson(d_.retreat_figures)},
        {"options", AreaNames(c, NearestHeld(c, d_, d_.retreat_player, d_.retreat_from))}};
  } else {
    j["retreat"] = nullptr;
  }
  const LastAttack& la = d_.last_attack;
  if (la.attacker >= 0) {
    j["last_attack"] = {
        {"attacker", la.attacker},
        {"defender", la.defender},
        {"from", m.names[la.from]},
        {"area", m.names[la.area]},
        {"size", la.size},
        {"retreat_to", la.retreat_to < 0 ? Json(nullptr) : Json(m.names[la.retreat_to])},
        {"drew_token", la.drew_token}};
  } else {
    j["last_attack"] = nullptr;
  }
  if (over)
    j["winners"] = [&] {
      Json w = Json::array();
      for (Player p : Winners()) w.push_back(p);
      return w;
    }();
  return j;
}

std::string KitaraState::ViewText(Player viewer) const {
  const Config& c = config();
  const Map& m = c.map;
  std::ostringstream out;
  out << "Kitara, round " << int(d_.round);
  if (d_.last_round != 0) out << " (the last round is " << int(d_.last_round) << ")";
  if (IsTerminal()) {
    out << ": the game is over\n";
  } else if (d_.phase == Phase::kStart) {
    out << ": set-up, " << SeatName(d_.current) << " places the start warriors\n";
  } else {
    out << ": " << SeatName(d_.current) << "'s turn, phase " << PhaseName(d_.phase);
    if (d_.moves_left > 0) out << ", " << d_.moves_left << " moves left";
    if (d_.phase == Phase::kMoveGroup || d_.phase == Phase::kMoveBorder)
      out << ", moving from " << m.names[d_.source];
    if (d_.phase == Phase::kMoveBorder) out << " with " << FiguresText(d_.group);
    if (d_.phase == Phase::kRecruit) out << ", to place: " << FiguresText(d_.recruit);
    if (d_.phase == Phase::kDiscard || d_.phase == Phase::kRemove)
      out << ", cards still to discard: " << int(d_.to_discard);
    if (d_.phase == Phase::kRemove) out << ", to remove: " << FiguresText(d_.remove);
    out << "\n";
  }
  if (d_.phase == Phase::kRetreat)
    out << SeatName(d_.retreat_player) << " retreats " << FiguresText(d_.retreat_figures)
        << " from " << m.names[d_.retreat_from] << "\n";
  out << "Row:";
  for (int i = 0; i < d_.row_size; ++i) out << "  " << i + 1 << ") " << CardText(c, d_.row[i]);
  out << "\nDeck: " << int(d_.deck_size) << " cards; hero tokens in the bag: " << TokenCount(d_.bag)
      << "\nMap:\n";
  for (int a = 0; a < m.num_areas; ++a) {
    out << "  " << m.names[a] << " " << TypeName(m.types[a]) << (m.start_mask >> a & 1 ? "*" : "");
    if (d_.areas[a].owner >= 0)
      out << "  " << SeatName(d_.areas[a].owner) << ": " << FiguresText(d_.areas[a].figures);
    if (m.types[a] != AreaType::kLake) {
      out << "  (borders:";
      for (const auto& n : AreaNames(c, m.land_neighbours[a])) out << " " << n;
      out << ")";
    }
    out << "\n";
  }
  const PlayerValues scores = Scores();
  for (int p = 0; p < c.players; ++p) {
    out << SeatName(p) << (p == viewer ? " (you)" : "") << ": prosperity " << d_.prosperity[p]
        << ", hero tokens " << TokenCount(d_.tokens[p]);
    if ((p == viewer || IsTerminal()) && TokenCount(d_.tokens[p]) > 0)
      out << " [" << ListText(TokenList(c, d_.tokens[p])) << "]";
    if (p == d_.current && TokenCount(d_.drawn) > 0) {
      out << ", drawn this turn " << TokenCount(d_.drawn);
      if (p == viewer) out << " [" << ListText(TokenList(c, d_.drawn)) << "]";
    }
    out << ", supply " << FiguresText(d_.supply[p]) << ", feeds " << FoodCapacity(c, d_, p)
        << " of " << HungryCards(c, d_, p) << " cards\n  kingdom:";
    if (d_.kingdom_size[p] == 0) out << " (none)";
    for (int i = 0; i < d_.kingdom_size[p]; ++i)
      out << (i ? " | " : " ") << CardText(c, d_.kingdom[p][i]);
    out << "\n";
  }
  const LastAttack& la = d_.last_attack;
  if (la.attacker >= 0) {
    out << "Last attack: " << SeatName(la.attacker) << " from " << m.names[la.from] << " into "
        << m.names[la.area] << " with " << int(la.size) << " figures"
        << (la.drew_token ? " (drew a hero token)" : "") << "; " << SeatName(la.defender);
    if (la.retreat_to >= 0) {
      out << " retreated to " << m.names[la.retreat_to] << "\n";
    } else {
      out << " is retreating\n";
    }
  }
  if (IsTerminal()) {
    out << "Final scores:";
    for (int p = 0; p < c.players; ++p) out << " " << SeatName(p) << "=" << scores[p];
    out << "\nWinners:";
    for (Player p : Winners()) out << " " << SeatName(p);
    out << "\n";
  }
  return out.str();
}

}  // namespace savanna::kitara
