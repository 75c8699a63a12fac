// The bare Kitara loop (bare_loop.h): the blue deck, the built-in maps and hero tokens, read
// once from the embedded data files (data/kitara/*.json) into plain tables. A turn is written
// as the sequence of its decisions; a decision with a single option is made without asking,
// as the game does. Each player's areas are a bit set and the symbols of each kingdom running
// sums; what only the views need (the last attack, the discard pile) is left out.
#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <string>
#include <utility>
#include <vector>

#include "core/check.h"
#include "core/json_io.h"
#include "core/rng.h"
#include "games/embedded_data.h"
#include "reference/bare_loop.h"

namespace savanna::reference {
namespace {

constexpr int kMaxPlayers = 4;
constexpr int kMaxAreas = 40;
constexpr int kKinds = 3;  // warriors, ruler animals, heroes
constexpr std::array<int, kKinds> kFigures = {10, 5, 3};
constexpr int kRowSize = 6, kStartWarriors = 3, kFinalAge = 5;
constexpr int kMaxCards = 65;  // the start card (id 0) and the deck (1..)
constexpr int kMaxTokenKinds = 8;

// API action ids (kitara_game.h).
constexpr int kTake = 40, kPlace = 46, kSource = 166, kEndMoves = 206, kGroup = 207;
constexpr int kBorder = 471, kRetreat = 511, kDiscard = 551, kRemove = 616;

struct Card {
  int age = 0, take = 0, moves = 0, prosperity = 0;
  std::array<int, kKinds> figures{};
};

// The components of one player count.
struct Components {
  int areas = 0;
  uint64_t start = 0, savanna = 0, ruin = 0;
  std::array<uint64_t, kMaxAreas> neighbours{};  // white borders between land areas
  std::array<std::array<uint8_t, kMaxAreas>, kMaxAreas> distance{};
  int num_cards = 0;  // deck cards, ids 1..num_cards
  std::array<Card, kMaxCards> cards{};
  int token_kinds = 0;  // ascending values
  std::array<int, kMaxTokenKinds> token_value{}, token_count{};
};

Json Embedded(const char* path) {
  const auto text = FindEmbeddedFile(path);
  SAVANNA_CHECK(text.has_value());
  return Json::parse(*text);
}

Card ReadCard(const Json& json) {
  Card card;
  card.age = json.value("age", 0);
  card.take = json.value("take", 0);
  card.moves = json.value("moves", 0);
  card.prosperity = json.value("prosperity", 0);
  SAVANNA_CHECK(!json.value("no_feed", false));  // the blue deck has none
  if (json.contains("figures")) {
    const Json& f = json["figures"];
    card.figures = {f.value("warriors", 0), f.value("animals", 0), f.value("heroes", 0)};
  }
  return card;
}

Components Load(int players) {
  Components c;
  const Json maps = Embedded("kitara/maps.json");
  for (const Json& map : maps["maps"]) {
    if (map["players"] != players) continue;
    std::vector<std::string> names;
    uint64_t land = 0;
    for (const Json& area : map["areas"]) {
      const std::string type = area["type"];
      const uint64_t bit = uint64_t{1} << names.size();
      if (type != "lake") land |= bit;
      if (type == "savanna") c.savanna |= bit;
      if (type == "ruin") c.ruin |= bit;
      if (area.value("start", false)) c.start |= bit;
      names.push_back(area["name"]);
    }
    c.areas = int(names.size());
    auto index = [&](const Json& name) {
      return int(std::find(names.begin(), names.end(), name.get<std::string>()) - names.begin());
    };
    for (const Json& border : map["borders"]) {
      const int a = index(border[0]), b = index(border[1]);
      if ((land >> a & 1) && (land >> b & 1)) {
        c.neighbours[a] |= uint64_t{1} << b;
        c.neighbours[b] |= uint64_t{1} << a;
      }
    }
    for (int from = 0; from < c.areas; ++from) {  // breadth first over the white borders
      uint64_t seen = uint64_t{1} << from, frontier = seen;
      for (int d = 1; frontier != 0; ++d) {
        uint64_t next = 0;
        for (uint64_t f = frontier; f != 0; f &= f - 1) next |= c.neighbours[std::countr_zero(f)];
        frontier = next & ~seen;
        seen |= frontier;
        for (uint64_t f = frontier; f != 0; f &= f - 1)
          c.distance[from][std::countr_zero(f)] = uint8_t(d);
      }
    }
  }
  SAVANNA_CHECK(c.areas > 0);
  const Json cards = Embedded("kitara/cards.json");
  c.cards[0] = ReadCard(cards["start_card"]);
  for (const Json& card : cards["decks"]["blue"]["cards"]) c.cards[++c.num_cards] = ReadCard(card);
  std::vector<std::pair<int, int>> tokens;
  const Json hero_tokens = Embedded("kitara/hero_tokens.json");
  for (const Json& t : hero_tokens["hero_tokens"]) tokens.emplace_back(t["value"], t["count"]);
  std::sort(tokens.begin(), tokens.end());
  for (const auto& [value, count] : tokens) {
    c.token_value[c.token_kinds] = value;
    c.token_count[c.token_kinds++] = count;
  }
  return c;
}

const Components& ComponentsFor(int players) {
  static const std::array<Components, kMaxPlayers - 1> kAll = {Load(2), Load(3), Load(4)};
  return kAll[size_t(players - 2)];
}

struct Area {
  int owner = -1;
  std::array<int, kKinds> figures{};
  int Total() const { return figures[0] + figures[1] + figures[2]; }
};

class Game {
 public:
  Game(const Components& c, int players, uint64_t game_seed, Rng& choice, BareLoopRun& run)
      : c_(c), players_(players), rng_(game_seed), choice_(choice), run_(run) {}

  void Play() {
    SetUp();
    for (int p = 0; p < players_; ++p) {  // the start warriors, seat by seat
      const uint64_t free = c_.start & ~Held();
      const int area = Nth(free, Ask(std::popcount(free)));
      Record(std::popcount(free), area);
      area_[area].owner = p;
      area_[area].figures = {kStartWarriors, 0, 0};
      owned_[p] |= uint64_t{1} << area;
      supply_[p][0] -= kStartWarriors;
    }
    for (round_ = 1;; ++round_) {
      for (int p = 0; p < players_; ++p) Turn(p);
      if (last_round_ != 0 && round_ >= last_round_) return Score();
    }
  }

 private:
  // A decision among n options: asked (a move drawn from the choice generator) when there are
  // two or more, else made without asking.
  int Ask(int n) { return n > 1 ? int(choice_.Below(uint32_t(n))) : 0; }
  void Record(int n, int action) {
    if (n > 1) run_.Move(action);
  }
  static int Nth(uint64_t bits, int index) {
    for (; index > 0; --index) bits &= bits - 1;
    return std::countr_zero(bits);
  }
  uint64_t Held() const {
    uint64_t all = 0;
    for (int p = 0; p < players_; ++p) all |= owned_[p];
    return all;
  }

  void SetUp() {
    for (int age = kFinalAge; age >= 1; --age) {
      const int first = deck_size_;
      for (int id = 1; id <= c_.num_cards; ++id)
        if (c_.cards[id].age == age) deck_[deck_size_++] = uint8_t(id);
      rng_.Shuffle(deck_.data() + first, size_t(deck_size_ - first));
    }
    for (int p = 0; p < players_; ++p) {
      supply_[p] = kFigures;
      AddToKingdom(p, 0);
    }
    bag_ = c_.token_count;
    while (row_size_ < kRowSize && deck_size_ > 0) Reveal();
  }

  void Reveal() {
    if (deck_size_ == 0 || row_size_ >= kRowSize) return;
    const int card = deck_[--deck_size_];
    row_[row_size_++] = uint8_t(card);
    if (c_.cards[card].age == kFinalAge && last_round_ == 0) last_round_ = round_ + 1;
  }

  int TakeFromRow(int position) {
    const int card = row_[position];
    for (int i = position; i + 1 < row_size_; ++i) row_[i] = row_[i + 1];
    --row_size_;
    return card;
  }

  void AddToKingdom(int p, int card) {
    kingdom_[p][kingdom_size_[p]++] = uint8_t(card);
    take_[p] += c_.cards[card].take;
    moves_[p] += c_.cards[card].moves;
    prosperity_[p] += c_.cards[card].prosperity;
  }

  void SetFigures(int area, int owner, const std::array<int, kKinds>& f) {
    area_[area].owner = owner;
    area_[area].figures = f;
  }

  void Turn(int p) {
    drawn_ = {};
    if (row_size_ > 0) TakeAndRecruit(p);
    MovePhase(p);
    ScoreTurn(p);
    Manage(p);
    if (players_ == 2 && row_size_ > 0) {  // two players: the row's first card is discarded
      TakeFromRow(0);
      Reveal();
    }
  }

  void TakeAndRecruit(int p) {
    const int choices = std::min(std::max(1, take_[p]), row_size_);
    const int position = Ask(choices);
    Record(choices, kTake + position);
    const int card = TakeFromRow(position);
    AddToKingdom(p, card);
    Reveal();
    if (owned_[p] == 0) return;  // no area to recruit onto
    for (int k = 0; k < kKinds; ++k)
      for (int n = std::min(c_.cards[card].figures[k], supply_[p][k]); n > 0; --n) {
        const int options = std::popcount(owned_[p]);
        const int area = Nth(owned_[p], Ask(options));
        Record(options, kPlace + k * kMaxAreas + area);
        ++area_[area].figures[k];
        --supply_[p][k];
      }
  }

  // The smallest group that may leave `area` (0: none): 1 when a neighbour is free or own,
  // else one more than the smallest attackable neighbour.
  int MinGroup(int p, int area) const {
    int best = INT_MAX;
    for (uint64_t n = c_.neighbours[area]; n != 0; n &= n - 1) {
      const Area& to = area_[std::countr_zero(n)];
      if (to.owner < 0 || to.owner == p) return 1;
      if (std::popcount(owned_[to.owner]) >= 2) best = std::min(best, to.Total() + 1);
    }
    return best == INT_MAX ? 0 : best;
  }

  bool MayEnter(int p, int to, int size) const {
    const Area& a = area_[to];
    return a.owner < 0 || a.owner == p || (std::popcount(owned_[a.owner]) >= 2 && size > a.Total());
  }

  void MovePhase(int p) {
    for (int left = moves_[p]; left > 0; --left) {
      std::array<uint8_t, kMaxAreas> sources;
      std::array<uint8_t, kMaxAreas> min_group;
      int n = 0;
      for (uint64_t own = owned_[p]; own != 0; own &= own - 1) {
        const int a = std::countr_zero(own);
        const int min = MinGroup(p, a);
        if (min > 0 && area_[a].Total() >= min) {
          min_group[n] = uint8_t(min);
          sources[n++] = uint8_t(a);
        }
      }
      const int pick = Ask(n + 1);  // the sources, then "end moves"
      if (pick == n) {
        Record(n + 1, kEndMoves);
        return;
      }
      Record(n + 1, kSource + sources[pick]);
      MoveGroup(p, sources[pick], min_group[pick]);
    }
  }

  // Which figures leave `from` (every group of at least `min`, by warriors, animals, heroes in
  // ascending order), then which border they cross.
  void MoveGroup(int p, int from, int min) {
    const auto f = area_[from].figures;
    auto heroes_from = [&](int w, int a) { return std::max(0, min - w - a); };
    int options = 0;
    for (int w = 0; w <= f[0]; ++w)
      for (int a = 0; a <= f[1]; ++a) options += std::max(0, f[2] - heroes_from(w, a) + 1);
    const std::array<int, kKinds> group = [&] {
      int pick = Ask(options);
      for (int w = 0; w <= f[0]; ++w)
        for (int a = 0; a <= f[1]; ++a) {
          const int here = std::max(0, f[2] - heroes_from(w, a) + 1);
          if (pick < here) return std::array<int, kKinds>{w, a, heroes_from(w, a) + pick};
          pick -= here;
        }
      SAVANNA_CHECK(false);
      return f;
    }();
    Record(options, kGroup + (group[0] * 6 + group[1]) * 4 + group[2]);
    const int size = group[0] + group[1] + group[2];
    uint64_t borders = 0;
    for (uint64_t n = c_.neighbours[from]; n != 0; n &= n - 1)
      if (MayEnter(p, std::countr_zero(n), size)) borders |= uint64_t{1} << std::countr_zero(n);
    const int to = Nth(borders, Ask(std::popcount(borders)));
    Record(std::popcount(borders), kBorder + to);
    Area& source = area_[from];
    for (int k = 0; k < kKinds; ++k) source.figures[k] -= group[k];
    if (source.Total() == 0) {
      source.owner = -1;
      owned_[p] &= ~(uint64_t{1} << from);
    }
    Area& target = area_[to];
    const int defender = target.owner;
    if (defender < 0 || defender == p) {
      for (int k = 0; k < kKinds; ++k) target.figures[k] += group[k];
      target.owner = p;
      owned_[p] |= uint64_t{1} << to;
      return;
    }
    // An attack: the defender's figures retreat to its nearest area (the defender picks among
    // equally near ones); a hero draws a token.
    const auto retreating = target.figures;
    SetFigures(to, p, group);
    owned_[defender] &= ~(uint64_t{1} << to);
    owned_[p] |= uint64_t{1} << to;
    if (group[2] > 0) DrawToken();
    int best = INT_MAX;
    uint64_t nearest = 0;
    for (uint64_t own = owned_[defender]; own != 0; own &= own - 1) {
      const int a = std::countr_zero(own), d = c_.distance[to][a];
      if (d < best) {
        best = d;
        nearest = 0;
      }
      if (d == best) nearest |= uint64_t{1} << a;
    }
    const int retreat = Nth(nearest, Ask(std::popcount(nearest)));
    Record(std::popcount(nearest), kRetreat + retreat);
    for (int k = 0; k < kKinds; ++k) area_[retreat].figures[k] += retreating[k];
  }

  void DrawToken() {
    int total = 0;
    for (int v = 0; v < c_.token_kinds; ++v) total += bag_[v];
    if (total == 0) return;
    int r = int(rng_.Below(uint32_t(total)));
    int v = 0;
    while (r >= bag_[v]) r -= bag_[v++];
    --bag_[v];
    ++drawn_[v];
  }

  // Prosperity and ruins held with a ruler animal score; the best token drawn is kept.
  void ScoreTurn(int p) {
    int points = prosperity_[p];
    for (uint64_t r = c_.ruin & owned_[p]; r != 0; r &= r - 1)
      points += area_[std::countr_zero(r)].figures[1] > 0 ? 2 : 0;
    track_[p] += points;
    for (int v = c_.token_kinds - 1; v >= 0; --v)
      if (drawn_[v] > 0) {
        tokens_[p] += c_.token_value[v];
        --drawn_[v];
        break;
      }
    for (int v = 0; v < c_.token_kinds; ++v) bag_[v] += drawn_[v];
  }

  // Cards beyond what the held savannas with warriors feed are discarded one at a time, each
  // taking one figure of every figure symbol it shows off the board (while any is there).
  void Manage(int p) {
    int food = 0;
    for (uint64_t s = c_.savanna & owned_[p]; s != 0; s &= s - 1)
      food += area_[std::countr_zero(s)].figures[0] > 0;
    for (int excess = kingdom_size_[p] - food; excess > 0; --excess) {
      const int position = Ask(kingdom_size_[p]);
      Record(kingdom_size_[p], kDiscard + position);
      const Card& card = c_.cards[kingdom_[p][position]];
      for (int i = position; i + 1 < kingdom_size_[p]; ++i) kingdom_[p][i] = kingdom_[p][i + 1];
      --kingdom_size_[p];
      take_[p] -= card.take;
      moves_[p] -= card.moves;
      prosperity_[p] -= card.prosperity;
      for (int k = 0; k < kKinds; ++k)
        for (int n = card.figures[k]; n > 0; --n) {
          uint64_t with = 0;
          for (uint64_t own = owned_[p]; own != 0; own &= own - 1)
            if (area_[std::countr_zero(own)].figures[k] > 0) with |= own & -own;
          if (with == 0) break;  // none of that kind on the board
          const int area = Nth(with, Ask(std::popcount(with)));
          Record(std::popcount(with), kRemove + k * kMaxAreas + area);
          ++supply_[p][k];
          if (--area_[area].figures[k] == 0 && area_[area].Total() == 0) {
            area_[area].owner = -1;
            owned_[p] &= ~(uint64_t{1} << area);
          }
        }
    }
  }

  void Score() {
    for (int p = 0; p < players_; ++p)
      run_.score_sum += (p + 1) * (track_[p] + tokens_[p] + 2 * kingdom_size_[p]);
  }

  const Components& c_;
  const int players_;
  Rng rng_;
  Rng& choice_;
  BareLoopRun& run_;
  std::array<Area, kMaxAreas> area_{};
  std::array<uint64_t, kMaxPlayers> owned_{};
  std::array<std::array<int, kKinds>, kMaxPlayers> supply_{};
  std::array<uint8_t, kMaxCards> deck_{};
  int deck_size_ = 0;
  std::array<uint8_t, kRowSize> row_{};
  int row_size_ = 0;
  std::array<std::array<uint8_t, kMaxCards>, kMaxPlayers> kingdom_{};
  std::array<int, kMaxPlayers> kingdom_size_{}, take_{}, moves_{}, prosperity_{};
  std::array<int, kMaxPlayers> track_{}, tokens_{};
  std::array<int, kMaxTokenKinds> bag_{}, drawn_{};
  int round_ = 0, last_round_ = 0;
};

}  // namespace

BareLoopRun BareKitaraGames(int players, int64_t games, uint64_t seed) {
  SAVANNA_CHECK(players >= 2 && players <= kMaxPlayers);
  const Components& c = ComponentsFor(players);
  return PlayBareGames(games, seed,
                       [&c, players](uint64_t game_seed, Rng& choice, BareLoopRun& run) {
                         Game(c, players, game_seed, choice, run).Play();
                       });
}

}  // namespace savanna::reference
