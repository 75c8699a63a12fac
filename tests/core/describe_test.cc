// core/describe.h: one description of a small data struct gives the JSON writer, the validating
// reader (errors name the field by its path), the hash and equality.
#include "core/describe.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>

namespace savanna::describe_test {

struct Limits {
  int seats = 2;
  int max_value = 9;
};

enum class Mode : uint8_t { kOff, kOn };

struct Sample {
  std::array<uint8_t, 8> list{};
  uint8_t list_size = 0;
  std::array<std::array<int8_t, 3>, 4> grid{};
  Mode mode = Mode::kOff;
  bool flag = false;
  uint16_t inner_value = 0;
  uint8_t who = 0;                 // a seat, or "kali" (code = seats)
  uint8_t note = 0;                // only while flag is set; null otherwise
  uint32_t heaps = 0;              // bit s: space s
  std::array<uint8_t, 4> tally{};  // counts per code 0..3
  Rng rng;
};

constexpr std::array<const char*, 2> kModeNames = {"off", "on"};

template <class V, class D>
void Describe(V& v, D& d, const Limits& c) {
  v.List("list", d.list_size, 8, [&](auto& e, int i) { e.Int("", d.list[i], 1, c.max_value); });
  v.Array("grid", c.seats, [&](auto& row, int p) {
    row.Array("", 3, [&](auto& e, int i) { e.Int("", d.grid[p][i], -1, 5); });
  });
  v.Enum("mode", d.mode, kModeNames);
  v.Bool("flag", d.flag);
  v.Object("inner", [&](auto& o) { o.Int("value", d.inner_value, 0, 1000); });
  v.Named("who", d.who, c.seats + 1, [&](int i) { return i == c.seats ? Json("kali") : Json(i); });
  if (d.flag)
    v.Int("note", d.note, 0, 9);
  else
    v.Null("note");
  v.Bits("heaps", d.heaps, 20);
  v.Tally("tally", d.tally, 4, 6, [&](auto& e, auto& code) { e.Int("", code, 0, 3); });
  v.Random("rng", d.rng);
}

Sample Example() {
  Sample s;
  s.list_size = 2;
  s.list[0] = 3;
  s.list[1] = 9;
  s.grid[1][2] = -1;
  s.mode = Mode::kOn;
  s.flag = true;
  s.inner_value = 77;
  s.who = 2;
  s.note = 4;
  s.heaps = (1u << 2) | (1u << 5);
  s.tally = {0, 2, 0, 1};
  s.rng.Seed(5);
  return s;
}

TEST(Describe, WritesEveryFieldWithinItsExtent) {
  const Json j = describe::ToJson(Example(), Limits{});
  EXPECT_EQ(j["list"], Json::parse("[3, 9]"));
  EXPECT_EQ(j["grid"], Json::parse("[[0, 0, 0], [0, 0, -1]]"));
  EXPECT_EQ(j["mode"], "on");
  EXPECT_EQ(j["flag"], true);
  EXPECT_EQ(j["inner"]["value"], 77);
  EXPECT_EQ(j["rng"], RngToJson(Example().rng));
  EXPECT_EQ(j["who"], "kali");
  EXPECT_EQ(j["note"], 4);
  EXPECT_EQ(j["heaps"], Json::parse("[2, 5]"));
  EXPECT_EQ(j["tally"], Json::parse("[1, 1, 3]"));
  Sample unflagged = Example();
  unflagged.flag = false;
  unflagged.who = 1;
  EXPECT_TRUE(describe::ToJson(unflagged, Limits{})["note"].is_null());
  EXPECT_EQ(describe::ToJson(unflagged, Limits{})["who"], 1);
}

TEST(Describe, ReadsBackWhatItWrote) {
  const Limits limits;
  const Json j = describe::ToJson(Example(), limits);
  auto back = describe::FromJson<Sample>(j, limits);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_TRUE(describe::Equal(*back, Example(), limits));
  EXPECT_EQ(describe::Hash(*back, limits), describe::Hash(Example(), limits));
  EXPECT_EQ(describe::ToJson(*back, limits), j);
}

// Each broken document is rejected with the path of the bad field in the message.
TEST(Describe, ReaderErrorsNameTheField) {
  const Limits limits;
  const Json good = describe::ToJson(Example(), limits);
  struct Case {
    const char* pointer;
    Json value;
    const char* expected;
  };
  const Case cases[] = {
      {"/list/1", 10, "field 'list[1]' must be an integer from 1 to 9"},
      {"/list", Json::parse("[1,1,1,1,1,1,1,1,1]"), "field 'list' holds more than 8"},
      {"/grid/1", Json::parse("[0, 0]"), "field 'grid[1]' must be an array of 3"},
      {"/grid/0/2", "x", "field 'grid[0][2]' must be an integer"},
      {"/mode", "maybe", "field 'mode' must be one of off, on"},
      {"/flag", 1, "field 'flag' must be true or false"},
      {"/inner/value", 1001, "field 'inner.value' must be an integer from 0 to 1000"},
      {"/inner", 3, "field 'inner' must be an object"},
      {"/who", 5, "field 'who' must be one of 0, 1, kali, not 5"},
      {"/who", "1", "field 'who' must be one of 0, 1, kali, not 1"},
      {"/heaps", Json::parse("[5, 2, 5]"), "field 'heaps' lists 5 twice"},
      {"/heaps/1", 20, "field 'heaps[1]' must be an integer from 0 to 19"},
      {"/tally/2", 4, "field 'tally[2]' must be an integer from 0 to 3"},
      {"/tally", Json::parse("[0,0,0,0,0,0,0]"), "field 'tally' holds more than 6"},
      {"/note", 10, "field 'note' must be an integer from 0 to 9"},
  };
  for (const Case& c : cases) {
    Json bad = good;
    bad[Json::json_pointer(c.pointer)] = c.value;
    auto r = describe::FromJson<Sample>(bad, limits);
    ASSERT_FALSE(r) << c.pointer;
    EXPECT_NE(r.error().message.find(c.expected), std::string::npos)
        << c.pointer << ": " << r.error().message;
  }
  Json missing = good;
  missing["inner"].erase("value");
  auto r = describe::FromJson<Sample>(missing, limits);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "missing field 'inner.value'");
  // Without the flag the note must be null.
  Json unflagged = good;
  unflagged["flag"] = false;
  auto note = describe::FromJson<Sample>(unflagged, limits);
  ASSERT_FALSE(note);
  EXPECT_EQ(note.error().message, "field 'note' must be null here");
  unflagged["note"] = nullptr;
  EXPECT_TRUE(describe::FromJson<Sample>(unflagged, limits));
}

// A tally reads back its counts whatever the order of its list; bits in any order too.
TEST(Describe, TallyAndBitsReadInAnyOrder) {
  const Limits limits;
  Json j = describe::ToJson(Example(), limits);
  j["tally"] = Json::parse("[3, 1, 1]");
  j["heaps"] = Json::parse("[5, 2]");
  auto back = describe::FromJson<Sample>(j, limits);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_TRUE(describe::Equal(*back, Example(), limits));
}

TEST(Describe, HashAndEqualitySeeEveryDescribedField) {
  const Limits limits;
  Sample changed = Example();
  changed.grid[1][0] = 4;
  EXPECT_FALSE(describe::Equal(changed, Example(), limits));
  EXPECT_NE(describe::Hash(changed, limits), describe::Hash(Example(), limits));
  // Beyond the list's size and the seats in play nothing counts.
  Sample padded = Example();
  padded.list[5] = 7;
  padded.grid[3][0] = 2;
  Sample moved = Example();
  moved.tally = {0, 1, 0, 2};
  EXPECT_FALSE(describe::Equal(moved, Example(), limits));
  EXPECT_TRUE(describe::Equal(padded, Example(), limits));
  EXPECT_EQ(describe::Hash(padded, limits), describe::Hash(Example(), limits));
}

}  // namespace savanna::describe_test
