// Structured actions of every game (docs/rules/<game>.md, "Structured actions"): in random games,
// each legal action's structured form, written out by the rule of its documented fields, gives
// back its text, and its public form its public text. So the fields mean what the docs say.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "core/action_list.h"
#include "core/rng.h"
#include "games/registry.h"

namespace savanna {
namespace {

using Format = std::function<std::string(const Json&)>;

std::string Str(const Json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); }
std::string Seat(const Json& j) { return "P" + j.dump(); }

std::string Plural(int n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string Kariba(const Json& a) {
  const std::string kind = a["kind"];
  if (kind == "play") return "play " + a["count"].dump() + " " + Str(a["animal"]);
  if (kind == "draw") return "draw pile";
  if (kind == "take") return "take " + Str(a["animal"]);
  return "?";
}

std::string Kilimanjaro(const Json& a) {
  const std::string kind = a["kind"];
  if (kind == "place")
    return a.contains("counter") ? "place " + Str(a["counter"]) + " on " + a["space"].dump()
                                 : "place a counter on " + a["space"].dump();
  if (kind == "play")
    return "play " + Str(a["card"]["type"]) + " " + a["card"]["value"].dump() + " on " +
           Seat(a["target"]) + " pile " + a["pile"].dump();
  if (kind == "banana") return a["choice"] == "move" ? "banana: move again" : "banana: stay";
  if (kind == "swap") return "swap with " + Seat(a["target"]);
  if (kind == "send_back")
    return a["target"].is_null() ? "send nobody back" : "send " + Seat(a["target"]) + " back";
  return "?";
}

// A take's text names its card: the terrain starts it (the rest is the card's printed text).
std::string KapKairo(const Json& a) {
  const std::string kind = a["kind"];
  if (kind == "bid") return "bid " + a["pounds"].dump();
  if (kind == "take") return "take " + Str(a["card"]["terrain"]);
  if (kind == "pass") return "pass";
  if (kind == "build") {
    const int bonus = a["bonus_tracks"], pounds = a["pounds"];
    std::string s = "build";
    if (bonus > 0) s += " using " + Plural(bonus, "bonus track", "bonus tracks");
    if (pounds > 0) s += (bonus > 0 ? " and " : " paying ") + std::to_string(pounds) + " pounds";
    return s;
  }
  return "?";
}

std::string Kalimambo(const Json& a) {
  return a["kind"] == "play" ? "play " + a["card"].dump() : "?";
}

std::string Kitara(const Json& a) {
  const std::string kind = a["kind"];
  if (kind == "start") return "start on " + Str(a["area"]);
  if (kind == "take") return "take " + a["position"].dump();
  if (kind == "place") return "place " + Str(a["figure"]) + " on " + Str(a["area"]);
  if (kind == "move_from") return "move from " + Str(a["area"]);
  if (kind == "end_moves") return "end moves";
  if (kind == "group") {
    std::string s;
    const std::pair<const char*, const char*> names[] = {
        {"warrior", "warriors"}, {"animal", "animals"}, {"hero", "heroes"}};
    const int counts[] = {a["warriors"], a["animals"], a["heroes"]};
    for (int k = 0; k < 3; ++k)
      if (counts[k] > 0)
        s += (s.empty() ? "" : ", ") + Plural(counts[k], names[k].first, names[k].second);
    return "with " + s;
  }
  if (kind == "to" || kind == "attack") return kind + " " + Str(a["area"]);
  if (kind == "retreat") return "retreat to " + Str(a["area"]);
  if (kind == "discard") return "discard " + a["position"].dump();
  if (kind == "remove") return "remove " + Str(a["figure"]) + " from " + Str(a["area"]);
  return "?";
}

// Texts that go on after the part the fields determine (a card's printed text).
bool Matches(const std::string& text, const std::string& formatted) {
  return text == formatted || text.rfind(formatted + ":", 0) == 0 ||
         text.rfind(formatted + " (", 0) == 0;
}

void CheckGames(const std::string& spec, const Format& format, int games) {
  auto game = Games().Create(spec);
  ASSERT_TRUE(game) << spec;
  ActionList legal;
  int checked = 0;
  for (int g = 0; g < games; ++g) {
    Rng rng(uint64_t(g) + 1);
    auto state = (*game)->NewInitialState(uint64_t(g) + 7);
    while (!state->IsTerminal()) {
      for (Player p : state->PlayersToAct()) {
        state->LegalActions(p, legal);
        for (Action a : legal) {
          const std::string text = state->ActionToString(p, a);
          const Json structured = state->StructuredAction(p, a);
          ASSERT_TRUE(Matches(text, format(structured)))
              << spec << ": '" << text << "' is not " << structured.dump();
          const std::string public_text = state->PublicActionString(p, a);
          const Json public_form = state->PublicStructuredAction(p, a);
          ASSERT_TRUE(Matches(public_text, format(public_form)))
              << spec << ": public '" << public_text << "' is not " << public_form.dump();
          ++checked;
        }
      }
      const Player p = state->PlayersToAct().First();
      state->LegalActions(p, legal);
      state->ApplyUnchecked(p, legal[int(rng.Below(uint32_t(legal.Size())))]);
    }
  }
  EXPECT_GT(checked, 100) << spec;
}

TEST(StructuredActions, KaribaFieldsGiveTheText) {
  CheckGames("kariba(players=3)", Kariba, 20);
  CheckGames("kariba(players=2,variant=open)", Kariba, 20);
}

TEST(StructuredActions, KilimanjaroFieldsGiveTheTextAndPlacementsHideTheirCounter) {
  CheckGames("kilimanjaro(players=3)", Kilimanjaro, 10);
  CheckGames("kilimanjaro(players=4,variant=send_back)", Kilimanjaro, 10);
  auto game = Games().Create("kilimanjaro(players=2)");
  ASSERT_TRUE(game);
  auto state = (*game)->NewInitialState(3);
  const Player p = state->PlayersToAct().First();
  ActionList legal;
  state->LegalActions(p, legal);
  EXPECT_EQ(state->StructuredAction(p, legal[0]),
            Json({{"kind", "place"}, {"counter", "banana"}, {"space", 1}}));
  EXPECT_EQ(state->PublicStructuredAction(p, legal[0]), Json({{"kind", "place"}, {"space", 1}}));
}

TEST(StructuredActions, KapKairoFieldsGiveTheText) {
  CheckGames("kap_kairo(players=3)", KapKairo, 10);
}

TEST(StructuredActions, KalimamboFieldsGiveTheText) {
  CheckGames("kalimambo(players=4)", Kalimambo, 20);
}

TEST(StructuredActions, KitaraFieldsGiveTheText) {
  CheckGames("kitara(players=2)", Kitara, 3);
  CheckGames("kitara(players=4,deck=red)", Kitara, 2);
}

}  // namespace
}  // namespace savanna
