// Kariba's outward forms: action strings and the per-viewer views (JSON and text).
#include <algorithm>
#include <sstream>

#include "core/json_io.h"
#include "core/story.h"
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

// A play tells what it chased and the cards drawn after it; a draw which card (to its actor); the
// end of a game of the match its scores.
std::string KaribaState::Story(const State& before_state, Player player, Action action,
                               bool own) const {
  const Config& c = config();
  const KaribaData& b = static_cast<const KaribaState&>(before_state).data();
  const std::string who = StorySeat(player);
  const auto animals = [&](int n, int animal) { return Counted(n, c.names[animal]); };
  const bool game_ended = d_.game_index > b.game_index || d_.phase == Phase::kGameOver;
  std::string story;
  if (action >= kFirstPlayAction && action < kDrawPileAction) {
    const int animal = action / kHandSize + 1, count = action % kHandSize + 1;
    AnimalCounts waterhole = b.waterhole;
    waterhole[animal] = uint8_t(waterhole[animal] + count);
    const int chased = ChaseTarget(c, waterhole, animal);
    story = who + " played " + animals(count, animal);
    if (chased != 0)
      story += ", which chased " + animals(b.waterhole[chased], chased) + " into " +
               StorySeats(player) + " score pile";
    // In the standard variant the hand is refilled at once from the pile.
    if (!c.open_display && !game_ended) {
      AnimalCounts drawn{};
      int n = 0;
      for (int a = 1; a <= c.animals; ++a) {
        const int left = b.hand[player][a] - (a == animal ? count : 0);
        drawn[a] = uint8_t(std::max(0, d_.hand[player][a] - left));
        n += drawn[a];
      }
      std::vector<std::string> cards;
      for (int a = 1; a <= c.animals; ++a)
        if (drawn[a] > 0) cards.push_back(drawn[a] == 1 ? "a " + c.names[a] : animals(drawn[a], a));
      if (n > 0)
        story += ", then drew " + (own ? JoinAnd(cards) : n == 1 ? "a card" : Counted(n, "card"));
    }
  } else if (action == kDrawPileAction) {
    int drawn = 0;
    for (int a = 1; a <= c.animals && !game_ended; ++a)
      if (d_.hand[player][a] > b.hand[player][a]) drawn = a;
    story = who + " drew " + (own && drawn ? "a " + c.names[drawn] : std::string("a card")) +
            " from the pile";
  } else if (action >= kFirstTakeAction && action < kNumDistinctActions) {
    story = who + " took the face-up " + c.names[action - kFirstTakeAction + 1];
  }
  if (game_ended && !story.empty()) {
    // The game of the match that just ended, with every player's cards won in it.
    const int g = d_.game_index - 1;
    std::vector<std::string> scores;
    for (int p = 0; p < c.players; ++p)
      scores.push_back(StorySeat(p) + " " + std::to_string(d_.finished[g][p]));
    story += ". " +
             std::string(c.games > 1 ? "Game " + std::to_string(g + 1) + " of " +
                                           std::to_string(c.games) + " is over"
                                     : "The game is over") +
             ": cards won " + JoinAnd(scores);
  }
  return story;
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
