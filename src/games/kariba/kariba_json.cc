// Kariba's full state as JSON (State::ToJson), its reader and its hash, all derived from one
// description of KaribaData (core/describe.h); the reader then checks what no single field
// shows: every card in exactly one place, hands within five, the known part within the hand.
#include "core/describe.h"
#include "games/kariba/kariba_state.h"

namespace savanna::kariba {
namespace {

constexpr std::array<const char*, 3> kPhaseNames = {"play", "draw", "over"};

// Counts for animals 1..animals as an array (entry 0 is animal 1).
template <class V, class Counts>
void DescribeCounts(V& v, std::string_view key, Counts& counts, const Config& c) {
  v.Array(key, c.animals, [&](auto& e, int i) { e.Int("", counts[i + 1], 0, c.copies[i + 1]); });
}

// Every card in exactly one place, hands within five, the known part within the hand.
Result<void> CheckCards(const Config& config, const KaribaData& d) {
  for (int p = 0; p < config.players; ++p) {
    if (HandSize(d.hand[p]) > kHandSize)
      return Fail(ErrorCode::kBadData, "hands[" + std::to_string(p) + "] holds more than 5 cards");
    for (int a = 1; a <= config.animals; ++a)
      if (d.known[p][a] > d.hand[p][a])
        return Fail(ErrorCode::kBadData,
                    "known[" + std::to_string(p) + "] claims cards the hand does not hold");
  }
  for (int a = 1; a <= config.animals; ++a) {
    int n = d.waterhole[a];
    for (int i = 0; i < d.deck_size; ++i) n += d.deck[i] == a;
    for (int i = 0; i < kDisplaySize; ++i) n += d.display[i] == a;
    for (int p = 0; p < config.players; ++p) n += d.hand[p][a] + d.pile[p][a];
    if (n != config.copies[a])
      return Fail(ErrorCode::kBadData, "the state holds " + std::to_string(n) + " cards of " +
                                           config.names[a] + ", the game has " +
                                           std::to_string(config.copies[a]));
  }
  return {};
}

Result<void> CheckProgress(const Config& config, const KaribaData& d) {
  if ((d.phase == Phase::kGameOver) != (d.game_index == config.games))
    return Fail(ErrorCode::kBadData, "field 'phase' is 'over' exactly when every game is finished");
  if (d.phase == Phase::kDraw && (!config.open_display || HandSize(d.hand[d.current]) >= kHandSize))
    return Fail(ErrorCode::kBadData,
                "field 'phase' is 'draw' only in the open variant with a short hand");
  return {};
}

}  // namespace

template <class V, class D>
void Describe(V& v, D& d, const Config& c) {
  v.List("deck", d.deck_size, c.total_cards,
         [&](auto& e, int i) { e.Int("", d.deck[i], 1, c.animals); });
  auto seat_counts = [&](std::string_view key, auto& seats) {
    v.Array(key, c.players, [&](auto& e, int p) { DescribeCounts(e, "", seats[p], c); });
  };
  seat_counts("hands", d.hand);
  seat_counts("known", d.known);
  seat_counts("piles", d.pile);
  DescribeCounts(v, "waterhole", d.waterhole, c);
  v.Array("display", kDisplaySize,
          [&](auto& e, int i) { e.Int("", d.display[i], 0, c.open_display ? c.animals : 0); });
  v.List("finished", d.game_index, c.games, [&](auto& e, int g) {
    e.Array("", c.players, [&](auto& s, int p) { s.Int("", d.finished[g][p], 0, c.total_cards); });
  });
  v.Int("starter", d.starter, 0, c.players - 1);
  v.Int("current", d.current, 0, c.players - 1);
  v.Enum("phase", d.phase, kPhaseNames);
  v.Int("move_number", d.move_number, 0, 65535);
  v.Object("last", [&](auto& o) {
    o.Int("player", d.last.player, -1, c.players - 1);
    o.Int("animal", d.last.animal, 0, c.animals);
    o.Int("count", d.last.count, 0, kHandSize);
    o.Int("chased", d.last.chased, 0, c.animals);
    o.Int("captured", d.last.captured, 0, c.total_cards);
  });
  v.Random("rng", d.rng);
}

const char* PhaseName(Phase phase) { return kPhaseNames[size_t(phase)]; }

Json CountsJson(const Config& config, const AnimalCounts& counts) {
  return describe::PartToJson([&](auto& w) { DescribeCounts(w, "", counts, config); });
}

SAVANNA_DESCRIBE_INSTANTIATIONS(KaribaData, Config);

Result<void> CheckData(const Config& config, KaribaData& d) {
  return CheckInOrder(config, d, CheckCards, CheckProgress);
}

}  // namespace savanna::kariba
