// Kariba's observation tensor and its shape, for learning code. The layout (one flat vector,
// seats absolute) is documented slot by slot in docs/rules/kariba.md, "Observation tensor";
// every slot comes from a field of View(viewer).
#include <span>

#include "core/observation.h"
#include "games/kariba/kariba_state.h"

namespace savanna::kariba {
namespace {

// Slots of one counts-by-animal block: animals 1..config.animals.
void WriteCounts(ObservationWriter& w, const Config& c, const AnimalCounts& counts) {
  w.Values(std::span<const uint8_t>(counts.data() + 1, c.animals));
}

}  // namespace

int Config::ObservationSize() const {
  const int a = animals, p = players;
  return (p + 1) + 3 + p + p + a + 1 + (open_display ? kDisplaySize * a : 0) + a + p * (2 * a + 2) +
         1 + games * p + p + a + 1 + a + 1;
}

void KaribaState::ObservationTensor(Player viewer, std::span<float> out) const {
  const Config& c = config();
  ObservationWriter w(out);
  w.OneHot(viewer == kSpectator ? c.players : viewer, c.players + 1);
  w.OneHot(int(d_.phase), 3);
  w.OneHot(d_.phase == Phase::kGameOver ? -1 : d_.current, c.players);
  w.OneHot(d_.starter, c.players);
  WriteCounts(w, c, d_.waterhole);
  w.Scalar(d_.deck_size);
  if (c.open_display)
    for (uint8_t animal : d_.display) w.OneHot(animal - 1, c.animals);
  if (viewer == kSpectator) {
    w.Skip(c.animals);
  } else {
    WriteCounts(w, c, d_.hand[viewer]);
  }
  const PlayerValues scores = Scores();
  for (int p = 0; p < c.players; ++p) {
    w.Scalar(HandSize(d_.hand[p]));
    WriteCounts(w, c, d_.known[p]);
    WriteCounts(w, c, d_.pile[p]);
    w.Scalar(float(scores[p]));
  }
  w.Scalar(d_.game_index);
  for (int g = 0; g < c.games; ++g)
    for (int p = 0; p < c.players; ++p) w.Scalar(g < d_.game_index ? d_.finished[g][p] : 0);
  w.OneHot(d_.last.player, c.players);
  w.OneHot(d_.last.player >= 0 ? d_.last.animal - 1 : -1, c.animals);
  w.Scalar(d_.last.player >= 0 ? d_.last.count : 0);
  w.OneHot(d_.last.player >= 0 ? d_.last.chased - 1 : -1, c.animals);
  w.Scalar(d_.last.player >= 0 ? d_.last.captured : 0);
  w.Finish();
}

}  // namespace savanna::kariba
