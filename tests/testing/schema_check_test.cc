// The schema check's own test (testing/schema_check.h): flawed values are refused, a schema that
// describes more than the values hold is caught, and a schema the check cannot read is refused,
// so that view_schema_test passing means something.
#include "testing/schema_check.h"

#include <gtest/gtest.h>

namespace savanna::testing {
namespace {

// A game's file and a shared file, in the shape of schemas/.
SchemaSet Schemas() {
  const Json common = Json::parse(R"({
    "definitions": {
      "seat": {"type": "integer", "minimum": 0, "maximum": 15},
      "viewer": {"anyOf": [{"$ref": "#/definitions/seat"}, {"type": "string", "const": "spectator"}]}
    }})");
  const Json game = Json::parse(R"({
    "definitions": {
      "view": {
        "type": "object",
        "required": ["game", "viewer", "phase", "hand"],
        "additionalProperties": false,
        "properties": {
          "game": {"const": "toy"},
          "viewer": {"$ref": "common.json#/definitions/viewer"},
          "phase": {"enum": ["play", "over"]},
          "hand": {"type": "array", "items": {"type": "integer", "minimum": 1}, "maxItems": 3},
          "last": {"type": ["integer", "null"]},
          "name": {"type": "string", "minLength": 2, "pattern": "^[a-z]+$"}
        }
      },
      "action": {"oneOf": [
        {"type": "object", "required": ["kind"], "additionalProperties": false,
         "properties": {"kind": {"const": "pass"}}},
        {"type": "object", "required": ["kind", "card"], "additionalProperties": false,
         "properties": {"kind": {"const": "play"}, "card": {"type": "integer"}}}
      ]}
    }})");
  return SchemaSet({{"common.json", common}, {"toy.json", game}});
}

const std::string kView = "toy.json#/definitions/view";
const std::string kAction = "toy.json#/definitions/action";

Json View() {
  return Json::parse(R"({"game": "toy", "viewer": 1, "phase": "play", "hand": [2, 3],
                         "last": null, "name": "ada"})");
}

// The first problem `value` has against `ref` ("" when none).
std::string Problem(const std::string& ref, const Json& value) {
  SchemaCoverage coverage;
  const auto problems = Schemas().Check(ref, value, coverage);
  return problems.empty() ? "" : problems.front();
}

TEST(SchemaCheck, RefusesWhatTheSchemaDoesNotDescribe) {
  EXPECT_EQ(Problem(kView, View()), "");
  Json v = View();
  v["secret"] = 1;
  EXPECT_NE(Problem(kView, v).find("'secret' is not in the schema"), std::string::npos);
  v = View();
  v.erase("hand");
  EXPECT_NE(Problem(kView, v).find("required field \"hand\""), std::string::npos);
  v = View();
  v["phase"] = "bid";
  EXPECT_NE(Problem(kView, v).find("not one of"), std::string::npos);
  v = View();
  v["game"] = "other";
  EXPECT_NE(Problem(kView, v).find("is not \"toy\""), std::string::npos);
  v = View();
  v["hand"] = Json::array({1, "2"});
  EXPECT_EQ(Problem(kView, v).rfind("/hand/1: ", 0), 0u);
  v = View();
  v["hand"] = Json::array({0});
  EXPECT_NE(Problem(kView, v).find("minimum"), std::string::npos);
  v = View();
  v["hand"] = Json::array({1, 2, 3, 4});
  EXPECT_NE(Problem(kView, v).find("maxItems"), std::string::npos);
  v = View();
  v["last"] = 2.5;
  EXPECT_NE(Problem(kView, v).find("none of the types"), std::string::npos);
  v = View();
  v["name"] = "a";
  EXPECT_NE(Problem(kView, v).find("shorter"), std::string::npos);
  v = View();
  v["name"] = "Ada";
  EXPECT_NE(Problem(kView, v).find("does not match"), std::string::npos);
  v["name"] = "ada2";
  EXPECT_NE(Problem(kView, v).find("does not match"), std::string::npos);
  v["name"] = "zz";
  EXPECT_EQ(Problem(kView, v), "");
  v = View();
  v["viewer"] = "everybody";  // neither a seat nor the spectator: through the reference
  EXPECT_NE(Problem(kView, v).find("no branch of anyOf"), std::string::npos);
  v["viewer"] = 16;
  EXPECT_NE(Problem(kView, v).find("no branch of anyOf"), std::string::npos);
  EXPECT_EQ(Problem(kAction, Json({{"kind", "play"}, {"card", 4}})), "");
  EXPECT_NE(Problem(kAction, Json({{"kind", "play"}})).find("no branch of oneOf"),
            std::string::npos);
  EXPECT_NE(Problem(kAction, Json({{"kind", "pass"}, {"card", 4}})).find("no branch"),
            std::string::npos);
}

TEST(SchemaCheck, RefusesASchemaItCannotRead) {
  SchemaSet odd({{"toy.json", Json::parse(R"({"definitions": {
      "a": {"type": "integer", "multipleOf": 2},
      "b": {"$ref": "#/definitions/nowhere"},
      "c": {"type": "string", "pattern": "^(a|b)$"}}})")}});
  SchemaCoverage coverage;
  const auto a = odd.Check("toy.json#/definitions/a", 4, coverage);
  ASSERT_EQ(a.size(), 1u);
  EXPECT_NE(a[0].find("'multipleOf'"), std::string::npos);
  const auto b = odd.Check("toy.json#/definitions/b", 4, coverage);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_NE(b[0].find("nothing at toy.json#/definitions/nowhere"), std::string::npos);
  const auto c = odd.Check("toy.json#/definitions/c", "a", coverage);
  ASSERT_EQ(c.size(), 1u);
  EXPECT_NE(c[0].find("pattern \"^(a|b)$\""), std::string::npos);
}

// What `values` left unreached of `ref`, each line's text after its location.
std::vector<std::string> Unreached(const std::string& ref, const std::vector<Json>& values) {
  const SchemaSet schemas = Schemas();
  SchemaCoverage coverage;
  for (const Json& v : values) EXPECT_TRUE(schemas.Check(ref, v, coverage).empty()) << v.dump();
  return schemas.Unreached(ref, coverage);
}

bool Has(const std::vector<std::string>& lines, const std::string& text) {
  for (const auto& line : lines)
    if (line.find(text) != std::string::npos) return true;
  return false;
}

TEST(SchemaCheck, ValuesThatShowEverythingLeaveNothingUnreached) {
  Json spectator = View(), over = View(), bare = View();
  spectator["viewer"] = "spectator";
  spectator["last"] = 3;
  over["phase"] = "over";
  bare.erase("last");
  bare.erase("name");
  EXPECT_EQ(Unreached(kView, {View(), spectator, over, bare}), std::vector<std::string>{});
  EXPECT_EQ(Unreached(kAction, {Json({{"kind", "pass"}}), Json({{"kind", "play"}, {"card", 1}})}),
            std::vector<std::string>{});
}

TEST(SchemaCheck, FindsWhatTheSchemaDescribesAndNoValueHolds) {
  Json spectator = View(), bare = View();
  spectator["viewer"] = "spectator";
  bare.erase("last");
  bare["viewer"] = "spectator";
  // No "name" anywhere, "last" never an integer, phase never "over", the viewer never a seat.
  bare.erase("name");
  spectator.erase("name");
  const auto lines = Unreached(kView, {spectator, bare});
  EXPECT_TRUE(Has(lines, "no value has the field 'name'")) << ::testing::PrintToString(lines);
  EXPECT_TRUE(Has(lines, "never a value of type \"integer\""));
  EXPECT_TRUE(Has(lines, "never \"over\""));
  EXPECT_TRUE(Has(lines, "anyOf/0: no value ever took this branch"));
  // An optional field every value has should be required.
  EXPECT_TRUE(Has(Unreached(kView, {View()}), "the optional field 'last' is always there"));
  // An array that was always empty: its entries are never checked.
  Json empty = View();
  empty["hand"] = Json::array();
  EXPECT_TRUE(Has(Unreached(kView, {empty}), "hand: the array was always empty"));
  EXPECT_TRUE(Has(Unreached(kAction, {Json({{"kind", "pass"}})}),
                  "oneOf/1: no value ever took this branch"));
}

TEST(SchemaCheck, FindsPartsThatLetValuesThroughUnchecked) {
  SchemaSet loose({{"toy.json", Json::parse(R"({"definitions": {"view": {
      "type": "object", "properties": {"list": {"type": "array"}}}}})")}});
  SchemaCoverage coverage;
  EXPECT_TRUE(loose.Check("toy.json#/definitions/view", Json({{"list", {1}}}), coverage).empty());
  const auto lines = loose.Unreached("toy.json#/definitions/view", coverage);
  EXPECT_TRUE(Has(lines, "an object open to fields the schema does not name"));
  EXPECT_TRUE(Has(lines, "an array whose entries the schema does not describe"));
}

}  // namespace
}  // namespace savanna::testing
