#include "testing/structured_actions.h"

#include <gtest/gtest.h>

#include "core/action_list.h"
#include "core/rng.h"

namespace savanna::testing {
namespace {

// Texts that go on after the part the fields determine (a card's printed text).
bool Matches(const std::string& text, const std::string& formatted) {
  return text == formatted || text.rfind(formatted + ":", 0) == 0 ||
         text.rfind(formatted + " (", 0) == 0;
}

}  // namespace

std::string FieldText(const Json& field) {
  return field.is_string() ? field.get<std::string>() : field.dump();
}

std::string SeatText(const Json& seat) { return "P" + seat.dump(); }

std::string Plural(int n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

void CheckStructuredActions(const GameRegistry& registry, const std::string& spec,
                            const StructuredFormat& format, int games) {
  auto game = registry.Create(spec);
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

}  // namespace savanna::testing
