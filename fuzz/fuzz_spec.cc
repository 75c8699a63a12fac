// Fuzz target: game and agent specs (`kariba(players=3)`, `ismcts(iters=200)`), as typed on the
// command line or sent to the server in a table request. Accepted specs must create their game
// or agent and print a spec that reads back the same; the server's limits must never throw; and
// an error about well-formed UTF-8 text is itself well-formed, so its reply can always be written.
#include <string>

#include "agents/agent.h"
#include "core/json_io.h"
#include "core/params.h"
#include "core/text.h"
#include "fuzz/fuzz_common.h"
#include "games/registry.h"
#include "server/agent_limits.h"

using namespace savanna;

namespace {

// A game from its factory (the registry would keep every game the fuzzer makes).
Result<std::shared_ptr<const Game>> MakeGame(const std::string& text) {
  auto spec = ParseSpec(text);
  if (!spec) return tl::unexpected(spec.error());
  const GameEntry* entry = Games().Find(spec->name);
  if (entry == nullptr) return Fail(ErrorCode::kNotFound, "no such game");
  auto params = ResolveParams(entry->info.params, *spec);
  if (!params) return tl::unexpected(params.error());
  return entry->create(*params);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 1024) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  // Files named by data= are not the subject here (fuzz_component_data is).
  const bool utf8 = ValidUtf8(text) == text;
  const auto check_message = [&](const Error& error) {
    if (utf8)
      fuzz::Require(ValidUtf8(error.message) == error.message,
                    "an error quotes whole characters: " + error.message);
    fuzz::Require(!JsonText(Json{{"message", error.message}}).empty(), "an error can be written");
  };
  if (text.find("data") == std::string::npos) {
    auto game = MakeGame(text);
    if (!game) check_message(game.error());
    if (game) {
      auto state = (*game)->NewInitialState(size);
      fuzz::Require(state != nullptr, "an accepted game makes a state");
      auto again = MakeGame((*game)->Spec());
      fuzz::Require(again && (*again)->Spec() == (*game)->Spec(),
                    "a game's spec reads back: " + (*game)->Spec());
      fuzz::Exercise(*state, size, 20);
    }
  }
  if (auto factory = MakeAgentFactory(text); !factory) check_message(factory.error());
  if (auto factory = MakeAgentFactory(text)) {
    auto agent = (*factory)(uint64_t(size));
    fuzz::Require(agent != nullptr, "an accepted agent spec makes an agent");
    auto again = MakeAgent(agent->Spec(), 1);
    fuzz::Require(again && (*again)->Spec() == agent->Spec(),
                  "an agent's spec reads back: " + agent->Spec());
  }
  const server::AgentLimits limits;
  if (auto seat = server::SeatSpec(text, 1, limits); !seat)
    check_message(Error{ErrorCode::kInvalidArgument, seat.error().message});
  if (auto seat = server::SeatSpec(text, 1, limits))
    fuzz::Require(server::SeatSpec(*seat, 1, limits).has_value(),
                  "a spec the server runs passes its own check: " + *seat);
  server::LowerToLimits(text, limits);
  return 0;
}
