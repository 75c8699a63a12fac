// Kalimambo's outward forms: action strings and the per-viewer views (JSON and text). Every card
// played in a resolved round is public; a submitted card shows only to its owner until the round
// resolves; the order of Kali's unturned cards shows to nobody.
#include <algorithm>
#include <bit>
#include <sstream>
#include <string>
#include <vector>

#include "core/story.h"
#include "core/text.h"
#include "games/kalimambo/kalimambo_state.h"

namespace savanna::kalimambo {
namespace {

std::string FigureName(const Config& config, int figure) {
  return figure == config.Kali() ? "Kali" : SeatName(figure);
}

// The figures from the rearmost (directly in front of the rhino) to the leader.
std::vector<int> GroupOrder(const Config& config, const KalimamboData& d) {
  std::vector<int> figures;
  for (int f = 0; f < config.Figures(); ++f) figures.push_back(f);
  std::sort(figures.begin(), figures.end(), [&](int a, int b) {
    return Offset(config, d, d.pos[a]) < Offset(config, d, d.pos[b]);
  });
  return figures;
}

// Kali's cards not yet turned, as a set (their order is hidden).
uint32_t KaliCardsLeft(const Config& config, const KalimamboData& d) {
  uint32_t left = 0;
  for (int i = d.round; i < config.num_cards; ++i) left |= 1u << d.kali_deck[i];
  return left;
}

// The seats that played the lowest card of the last resolved round.
uint32_t LowestSeats(const Config& config, const KalimamboData& d) {
  const auto& cards = d.played[d.round - 1];
  const int lowest = *std::min_element(cards.begin(), cards.begin() + config.players);
  uint32_t seats = 0;
  for (int p = 0; p < config.players; ++p)
    if (cards[p] == lowest) seats |= 1u << p;
  return seats;
}

std::string CardsText(uint32_t mask) {
  std::string s;
  for (; mask != 0; mask &= mask - 1)
    s += (s.empty() ? "" : " ") + std::to_string(std::countr_zero(mask));
  return s.empty() ? "-" : s;
}

std::string SeatsText(uint32_t seats) {
  std::string s;
  for (; seats != 0; seats &= seats - 1)
    s += (s.empty() ? "P" : ", P") + std::to_string(std::countr_zero(seats));
  return s;
}

// Who pays for what happened to `figure`: its owner, or for Kali the lowest seats.
std::string PayerText(const Config& config, const KalimamboData& d, int figure) {
  return figure == config.Kali() ? SeatsText(LowestSeats(config, d)) : FigureName(config, figure);
}

}  // namespace

std::string KalimamboState::ActionToString(Player, Action action) const {
  return "play " + std::to_string(action);
}

std::string KalimamboState::Story(const State& before_state, Player player, Action action,
                                  bool own) const {
  const Config& c = config();
  const KalimamboData& b = static_cast<const KalimamboState&>(before_state).data();
  const std::string card = std::to_string(action);
  if (d_.round == b.round)  // the round waits for other cards: this one stays sealed
    return StorySeat(player) + (own ? " chose " : " played ") + card;
  const int r = d_.round - 1;
  const auto figure = [&](int f) { return f == c.Kali() ? std::string("Kali") : StorySeat(f); };
  // The seats that played the lowest card pay Kali's penalties.
  int lowest_card = 1 << 30;
  for (int p = 0; p < c.players; ++p) lowest_card = std::min(lowest_card, int(d_.played[r][p]));
  std::vector<std::string> cards, lowest;
  for (int p = 0; p < c.players; ++p) {
    cards.push_back(StorySeat(p) + " " + std::to_string(d_.played[r][p]));
    if (d_.played[r][p] == lowest_card) lowest.push_back(StorySeat(p));
  }
  cards.push_back("Kali " + std::to_string(d_.kali_deck[r]));
  // Who pays for what happened to a figure: its owner, or for Kali the lowest card's players.
  const auto payer = [&](int f) { return f == c.Kali() ? JoinAnd(lowest) : StorySeat(f); };
  std::string story = StorySeat(player) + " played " + card + ". Round " + std::to_string(r + 1) +
                      " of " + std::to_string(c.num_cards) + ": " + JoinAnd(cards) +
                      " (lowest: " + JoinAnd(lowest) + ")";
  if (d_.num_events == 0) story += "; nobody moved";
  for (int i = 0; i < d_.num_events; ++i) {
    const MoveEvent& e = d_.events[i];
    story += "; " + figure(e.figure) + " moved from " + std::to_string(e.from) + " to " +
             std::to_string(e.to);
    if (e.dung)
      story += ", onto dung (+" + std::to_string(c.dung_penalty) + " for " + payer(e.figure) + ")";
    if (e.run > 0)
      story += ", and the rhino ran " + Counted(e.run, "space") + " up to " + figure(e.rammed) +
               " (+" + std::to_string(e.run) + " for " + payer(e.rammed) + ")";
  }
  std::vector<std::string> minus;
  for (int p = 0; p < c.players; ++p)
    minus.push_back(StorySeat(p) + " " + std::to_string(d_.minus[p]));
  story += ". Minus points: " + JoinAnd(minus);
  if (IsTerminal()) story += ". That was the last round";
  return story;
}

Json KalimamboState::StructuredAction(Player, Action action) const {
  return {{"kind", "play"}, {"card", action}};
}

Json KalimamboState::View(Player viewer) const {
  const Config& c = config();
  Json j = ViewHeader(viewer, IsTerminal() ? "over" : "choose");
  j["round"] = std::min(d_.round + 1, c.num_cards);
  j["rounds"] = c.num_cards;
  j["rounds_played"] = d_.round;
  j["track"] = c.track;
  j["rhino"] = d_.rhino;
  j["heaps"] = MaskJson(d_.heaps);
  Json group = Json::array();
  for (int f : GroupOrder(c, d_)) group.push_back(FigureJson(c, f));
  j["group"] = std::move(group);
  j["kali"] = {{"space", d_.pos[c.Kali()]},
               {"cards_left", MaskJson(KaliCardsLeft(c, d_))},
               {"played", std::vector<int>(d_.kali_deck.begin(), d_.kali_deck.begin() + d_.round)}};
  j["players"] = SeatsView([&](int p, Json& pj) {
    pj["space"] = d_.pos[p];
    pj["minus_points"] = d_.minus[p];
    // Played cards are public, so what is left in a hand is too (a pending card included).
    pj["cards_left"] = MaskJson(d_.hand[p]);
    std::vector<int> played;
    for (int r = 0; r < d_.round; ++r) played.push_back(d_.played[r][p]);
    pj["played"] = played;
    pj["submitted"] = ((d_.submitted >> p) & 1u) != 0;
    if (p == viewer) pj["choice"] = d_.pending[p] >= 0 ? Json(d_.pending[p]) : Json();
  });
  if (d_.round > 0) {
    const auto& cards = d_.played[d_.round - 1];
    j["last_round"] = {{"cards", std::vector<int>(cards.begin(), cards.begin() + c.players)},
                       {"kali", d_.kali_deck[d_.round - 1]},
                       {"lowest", MaskJson(LowestSeats(c, d_))},
                       {"moves", EventsJson(c, d_)}};
  } else {
    j["last_round"] = nullptr;
  }
  j["winners"] = IsTerminal() ? MaskJson(Winners().Mask()) : Json();
  return j;
}

std::string KalimamboState::ViewText(Player viewer) const {
  const Config& c = config();
  std::ostringstream out;
  out << "Kalimambo, round " << std::min(d_.round + 1, c.num_cards) << " of " << c.num_cards;
  if (IsTerminal()) {
    out << ": the game is over\n";
  } else {
    out << ": " << SeatsText(PlayersToAct().Mask()) << " to choose a card\n";
  }
  // The track from the rhino forward, one token per space.
  out << "Track from the rhino (space " << int(d_.rhino) << " of 0-" << c.track - 1
      << "; * dung heap):\n ";
  std::array<int, kMaxTrack> figure_at;
  figure_at.fill(-1);
  for (int f = 0; f < c.Figures(); ++f) figure_at[d_.pos[f]] = f;
  for (int o = 0; o < c.track; ++o) {
    const int space = (d_.rhino + o) % c.track;
    const bool heap = (d_.heaps >> space) & 1u;
    std::string token = o == 0                         ? "R"
                        : figure_at[space] < 0         ? (heap ? "" : ".")
                        : figure_at[space] == c.Kali() ? "K"
                                                       : SeatName(figure_at[space]);
    if (heap) token += "*";
    out << " " << token;
  }
  out << "\n";
  for (int p = 0; p < c.players; ++p) {
    out << "P" << p << (p == viewer ? " (you)" : "") << ": space " << int(d_.pos[p]) << ", "
        << d_.minus[p] << (d_.minus[p] == 1 ? " minus point" : " minus points") << ", cards "
        << CardsText(d_.hand[p]);
    if (!IsTerminal()) {
      if (p == viewer && d_.pending[p] >= 0) {
        out << ", chose " << int(d_.pending[p]);
      } else {
        out << (((d_.submitted >> p) & 1u) ? ", has chosen" : ", choosing");
      }
    }
    out << "\n";
  }
  out << "Kali: space " << int(d_.pos[c.Kali()]) << ", cards left "
      << CardsText(KaliCardsLeft(c, d_)) << " (order hidden)\n";
  if (d_.round > 0) {
    out << "Last round:";
    for (int p = 0; p < c.players; ++p) out << " P" << p << " " << int(d_.played[d_.round - 1][p]);
    out << ", Kali " << int(d_.kali_deck[d_.round - 1]) << "\n";
    for (int i = 0; i < d_.num_events; ++i) {
      const MoveEvent& e = d_.events[i];
      out << "  " << FigureName(c, e.figure) << " moves " << int(e.from) << " -> " << int(e.to);
      if (e.dung)
        out << ", into dung (" << c.dung_penalty << " to " << PayerText(c, d_, e.figure) << ")";
      if (e.run > 0)
        out << "; the rhino runs " << int(e.run) << " and rams " << FigureName(c, e.rammed) << " ("
            << int(e.run) << " to " << PayerText(c, d_, e.rammed) << ")";
      out << "\n";
    }
  }
  if (IsTerminal()) out << "Fewest minus points: " << SeatsText(Winners().Mask()) << "\n";
  return out.str();
}

}  // namespace savanna::kalimambo
