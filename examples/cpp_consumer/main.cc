// A game of kariba(players=2) between two engine agents, through the installed headers and
// libraries: prints the game's spec, the number of moves, the winners and the returns.
#include <cstdio>
#include <memory>
#include <vector>

#include "agents/agent.h"
#include "games/registry.h"

int main() {
  auto game = savanna::Games().Create("kariba(players=2)");
  if (!game) {
    std::fprintf(stderr, "consumer: %s\n", game.error().message.c_str());
    return 1;
  }
  std::vector<std::unique_ptr<savanna::Agent>> agents;
  for (const char* spec : {"random", "flat_mc(iters=20)"}) {
    auto agent = savanna::MakeAgent(spec, 7);
    if (!agent) return 1;
    agents.push_back(std::move(*agent));
  }
  std::unique_ptr<savanna::State> state = (*game)->NewInitialState(11);
  int moves = 0;
  while (!state->IsTerminal()) {
    const savanna::Player p = state->PlayersToAct().First();
    if (!state->Apply(p, agents[size_t(p)]->Choose(*state, p))) return 1;
    ++moves;
  }
  const savanna::PlayerValues returns = state->Returns();
  std::printf("%s: %d moves, returns %.2f %.2f\n", (*game)->Spec().c_str(), moves, returns[0],
              returns[1]);
  return 0;
}
