// One explicit line per game. Adding a game: its folder (the build finds every .cc file in it,
// and its tests in tests/games/<game>/), one line here, its data.
#include "games/registry.h"

#include "games/kalimambo/kalimambo_game.h"
#include "games/kap_kairo/kap_kairo_game.h"
#include "games/kariba/kariba_game.h"
#include "games/kilimanjaro/kilimanjaro_game.h"
#include "games/kitara/kitara_game.h"

namespace savanna {

const GameRegistry& Games() {
  static const GameRegistry registry = [] {
    GameRegistry r;
    r.Add(kariba::Entry());
    r.Add(kilimanjaro::Entry());
    r.Add(kap_kairo::Entry());
    r.Add(kalimambo::Entry());
    r.Add(kitara::Entry());
    return r;
  }();
  return registry;
}

}  // namespace savanna
