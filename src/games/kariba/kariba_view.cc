// Kariba's outward forms: action strings and the per-viewer views (JSON and text).
#include <sstream>

#include "core/json_io.h"
#include "core/text.h"
#include "games/kariba/kariba_state.h"

namespace savanna::kariba {
namespace {

std::string CountsText(const Config& config, const AnimalCounts& counts) {
  std::string s;
  for (int a = 1; a <= config.animals; ++a)
    if (counts[a] > 0)
      s += (s.empty() ? "" : ", ") + std::to_string(counts[a]) + " " + config.names[a];
  return s.empty() ? "-" : s;
}

}  // namespace

std::string KaribaState::ActionToString(Player, Action action) const {
  if (action >= kFirstPlayAction && action < kDrawPileAction) {
    const int animal = action / kHandSize + 1, count = action % kHandSize + 1;
    if (animal <= config().animals)
      return "play " + std::to_string(count) + " " + config().names[animal];
  } else if (action == kDrawPileAction) {
    return "draw pile";
  } else if (action >= kFirstTakeAction && action < kNumDistinctActions) {
    const int animal = action - kFirstTakeAction + 1;
    if (animal <= config().animals) return "take " + config().names[animal];
  }
  return "invalid action " + std::to_string(action);
}

Json KaribaState::StructuredAction(Player, Action action) const {
  if (action >= kFirstPlayAction && action < kDrawPileAction) {
    const int animal = action / kHandSize + 1, count = action % kHandSize + 1;
    if (animal <= config().animals)
      return {{"kind", "play"}, {"animal", config().names[animal]}, {"count", count}};
  } else if (action == kDrawPileAction) {
    return {{"kind", "draw"}};
  } else if (action >= kFirstTakeAction && action < kNumDistinctActions) {
    const int animal = action - kFirstTakeAction + 1;
    if (animal <= config().animals) return {{"kind", "take"}, {"animal", config().names[animal]}};
  }
  return {{"kind", "invalid"}, {"id", action}};
}

Json KaribaState::View(Player viewer) const {
  const Config& c = config();
  Json j = ViewHeader(viewer, PhaseName(d_.phase));
  j["animals"] = std::vector<std::string>(c.names.begin() + 1, c.names.begin() + 1 + c.animals);
  j["match"] = {{"game", std::min(d_.game_index + 1, c.games)}, {"games", c.games}};
  Json finished = Json::array();
  for (int g = 0; g < d_.game_index; ++g)
    finished.push_back(
        std::vector<int>(d_.finished[g].begin(), d_.finished[g].begin() + c.players));
  j["match"]["finished"] = std::move(finished);
  j["starter"] = d_.starter;
  j["waterhole"] = CountsJson(c, d_.waterhole);
  j["pile_size"] = d_.deck_size;
  if (c.open_display) j["display"] = std::vector<int>(d_.display.begin(), d_.display.end());
  const PlayerValues scores = Scores();
  j["players"] = SeatsView([&](int p, Json& pj) {
    pj["hand_size"] = HandSize(d_.hand[p]);
    pj["known"] = CountsJson(c, d_.known[p]);
    if (p == viewer) pj["hand"] = CountsJson(c, d_.hand[p]);
    pj["score_pile"] = PileSize(d_.pile[p]);
    pj["captured"] = CountsJson(c, d_.pile[p]);
    pj["score"] = scores[p];
  });
  if (d_.last.player >= 0) {
    j["last_play"] = {{"player", d_.last.player},
                      {"animal", d_.last.animal},
                      {"count", d_.last.count},
                      {"chased", d_.last.chased},
                      {"captured", d_.last.captured}};
  } else {
    j["last_play"] = nullptr;
  }
  return j;
}

std::string KaribaState::ViewText(Player viewer) const {
  const Config& c = config();
  std::ostringstream out;
  out << "Kariba, game " << std::min(d_.game_index + 1, c.games) << " of " << c.games;
  if (d_.phase == Phase::kGameOver) {
    out << ": the match is over\n";
  } else {
    out << ": " << SeatName(d_.current) << (d_.phase == Phase::kPlay ? " to play" : " to draw")
        << "\n";
  }
  out << "Waterhole:";
  for (int a = 1; a <= c.animals; ++a)
    out << "  " << a << " " << c.names[a] << " " << int(d_.waterhole[a]);
  out << "\nDraw pile: " << int(d_.deck_size) << " cards\n";
  if (c.open_display) {
    out << "Face up:";
    for (uint8_t a : d_.display) out << "  " << (a ? c.names[a] : std::string("(empty)"));
    out << "\n";
  }
  const PlayerValues scores = Scores();
  for (int p = 0; p < c.players; ++p) {
    out << SeatName(p) << (p == viewer ? " (you)" : "") << ": " << HandSize(d_.hand[p])
        << (HandSize(d_.hand[p]) == 1 ? " card in hand" : " cards in hand");
    if (p == viewer) {
      out << " [" << CountsText(c, d_.hand[p]) << "]";
    } else if (HandSize(d_.known[p]) > 0) {
      out << " [known: " << CountsText(c, d_.known[p]) << "]";
    }
    out << ", score pile " << PileSize(d_.pile[p]);
    if (c.games > 1) out << ", match total " << scores[p];
    out << "\n";
  }
  if (d_.last.player >= 0) {
    out << "Last play: " << SeatName(d_.last.player) << " played " << int(d_.last.count) << " "
        << c.names[d_.last.animal];
    if (d_.last.chased)
      out << " and chased away " << int(d_.last.captured) << " " << c.names[d_.last.chased];
    out << "\n";
  }
  if (d_.phase == Phase::kGameOver) {
    out << "Final scores:";
    for (int p = 0; p < c.players; ++p) out << " " << SeatName(p) << "=" << scores[p];
    out << "\n";
  }
  return out.str();
}

}  // namespace savanna::kariba
