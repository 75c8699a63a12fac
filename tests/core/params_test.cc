// Spec parsing and parameter resolution: good specs, every kind of bad one (with errors that
// name the parameter and its allowed values), JSON parameters and the canonical spec text.
#include "core/params.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace savanna {
namespace {

std::vector<ParamSpec> Declarations() {
  return {
      ParamSpec::Int("players", 3, 2, 4, "seats"),
      ParamSpec::Choice("variant", "standard", {"standard", "open"}, "rules variant"),
      ParamSpec::Bool("fast", false, "shorter game"),
      ParamSpec::Double("temperature", 0.5, 0.0, 2.0, "softness"),
  };
}

Result<Params> Resolve(const std::string& text) {
  auto spec = ParseSpec(text);
  if (!spec) return tl::unexpected(spec.error());
  return ResolveParams(Declarations(), *spec);
}

// The error of a spec that must fail, with its code checked.
std::string ErrorOf(const std::string& text, ErrorCode code) {
  auto params = Resolve(text);
  EXPECT_FALSE(params) << text;
  if (params) return "";
  EXPECT_EQ(params.error().code, code) << text << ": " << params.error().message;
  return params.error().message;
}

TEST(ParseSpec, NameAloneOrWithArguments) {
  for (const char* text : {"kariba", "kariba()", "  kariba ( ) "}) {
    auto spec = ParseSpec(text);
    ASSERT_TRUE(spec) << text;
    EXPECT_EQ(spec->name, "kariba");
    EXPECT_TRUE(spec->args.empty());
  }
  auto spec = ParseSpec(" kariba ( players = 3 , variant=open,x=-1.5e3 ) ");
  ASSERT_TRUE(spec);
  EXPECT_EQ(spec->name, "kariba");
  using Args = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(spec->args, (Args{{"players", "3"}, {"variant", "open"}, {"x", "-1.5e3"}}));
}

TEST(ParseSpec, MalformedSpecsAreParseErrorsQuotingTheText) {
  for (const char* text :
       {"", "  ", "(players=3)", "kariba(", "kariba)", "kariba(players)", "kariba(players=)",
        "kariba(=3)", "kariba(players=3,)", "kariba(players=3) x", "kar iba", "kariba(players=(3))",
        "kariba(players=3;variant=open)"}) {
    auto spec = ParseSpec(text);
    ASSERT_FALSE(spec) << "'" << text << "'";
    EXPECT_EQ(spec.error().code, ErrorCode::kParseError);
    const std::string quoted = std::string("'").append(text).append("'");
    EXPECT_NE(spec.error().message.find(quoted), std::string::npos) << spec.error().message;
  }
}

TEST(ResolveParams, FillsDefaults) {
  auto params = Resolve("game");
  ASSERT_TRUE(params);
  EXPECT_EQ(params->Int("players"), 3);
  EXPECT_EQ(params->Choice("variant"), "standard");
  EXPECT_FALSE(params->Bool("fast"));
  EXPECT_EQ(params->Double("temperature"), 0.5);
  EXPECT_EQ(params->values().size(), 4u);
}

TEST(ResolveParams, ReadsEveryType) {
  auto params = Resolve("game(players=4,variant=open,fast=true,temperature=1.25)");
  ASSERT_TRUE(params) << params.error().message;
  EXPECT_EQ(params->Int("players"), 4);
  EXPECT_EQ(params->Choice("variant"), "open");
  EXPECT_TRUE(params->Bool("fast"));
  EXPECT_EQ(params->Double("temperature"), 1.25);
  for (const char* yes : {"true", "1", "yes"})
    EXPECT_TRUE(Resolve(std::string("game(fast=") + yes + ")")->Bool("fast")) << yes;
  for (const char* no : {"false", "0", "no"})
    EXPECT_FALSE(Resolve(std::string("game(fast=") + no + ")")->Bool("fast")) << no;
  EXPECT_EQ(Resolve("game(temperature=2e0)")->Double("temperature"), 2.0);
  EXPECT_EQ(Resolve("game(players=2)")->Int("players"), 2);  // bounds are inclusive
}

TEST(ResolveParams, UnknownParameterListsTheParameters) {
  const std::string message = ErrorOf("game(colour=red)", ErrorCode::kInvalidArgument);
  EXPECT_NE(message.find("unknown parameter 'colour'"), std::string::npos) << message;
  EXPECT_NE(message.find("players, variant, fast, temperature"), std::string::npos) << message;
  EXPECT_EQ(message.rfind("game: ", 0), 0u) << message;
}

TEST(ResolveParams, RepeatedParameter) {
  const std::string message = ErrorOf("game(players=3,players=4)", ErrorCode::kInvalidArgument);
  EXPECT_NE(message.find("'players' given twice"), std::string::npos) << message;
}

// A wrong type or an out-of-range value: the error names the parameter, the allowed values and
// what was given.
TEST(ResolveParams, BadValuesNameParameterAndAllowedValues) {
  struct Case {
    const char* spec;
    const char* name;
    const char* allowed;
    const char* given;
  };
  for (const Case& c : {
           Case{"game(players=abc)", "players", "an integer from 2 to 4", "abc"},
           Case{"game(players=2.5)", "players", "an integer from 2 to 4", "2.5"},
           Case{"game(players=5)", "players", "an integer from 2 to 4", "5"},
           Case{"game(players=1)", "players", "an integer from 2 to 4", "1"},
           Case{"game(players=99999999999999999999)", "players", "an integer from 2 to 4",
                "99999999999999999999"},
           Case{"game(variant=closed)", "variant", "one of standard, open", "closed"},
           Case{"game(variant=Open)", "variant", "one of standard, open", "Open"},
           Case{"game(fast=maybe)", "fast", "true or false", "maybe"},
           Case{"game(temperature=hot)", "temperature", "a number from 0 to 2", "hot"},
           Case{"game(temperature=2.5)", "temperature", "a number from 0 to 2", "2.5"},
           Case{"game(temperature=-0.1)", "temperature", "a number from 0 to 2", "-0.1"},
           Case{"game(temperature=nan)", "temperature", "a number from 0 to 2", "nan"},
       }) {
    const std::string message = ErrorOf(c.spec, ErrorCode::kInvalidArgument);
    EXPECT_NE(message.find("parameter '" + std::string(c.name) + "'"), std::string::npos)
        << message;
    EXPECT_NE(message.find(c.allowed), std::string::npos) << message;
    EXPECT_NE(message.find("got '" + std::string(c.given) + "'"), std::string::npos) << message;
  }
}

TEST(ResolveParamsJson, ReadsJsonValues) {
  const Json json = {{"players", 4}, {"variant", "open"}, {"fast", true}, {"temperature", 1.25}};
  auto params = ResolveParamsJson(Declarations(), "game", json);
  ASSERT_TRUE(params) << params.error().message;
  EXPECT_EQ(params->Int("players"), 4);
  EXPECT_EQ(params->Choice("variant"), "open");
  EXPECT_TRUE(params->Bool("fast"));
  EXPECT_EQ(params->Double("temperature"), 1.25);
  EXPECT_EQ(params->ToJson(), json);
}

TEST(ResolveParamsJson, RejectsBadDocuments) {
  auto not_object = ResolveParamsJson(Declarations(), "game", Json::array({1}));
  ASSERT_FALSE(not_object);
  EXPECT_EQ(not_object.error().code, ErrorCode::kBadData);
  auto array_value = ResolveParamsJson(Declarations(), "game", {{"players", Json::array()}});
  ASSERT_FALSE(array_value);
  EXPECT_NE(array_value.error().message.find("'players'"), std::string::npos);
  for (const Json& bad : {Json{{"players", "many"}}, Json{{"players", 2.5}}, Json{{"fast", 1.5}},
                          Json{{"variant", 3}}, Json{{"colour", "red"}}}) {
    auto params = ResolveParamsJson(Declarations(), "game", bad);
    ASSERT_FALSE(params) << bad.dump();
    EXPECT_NE(params.error().message.find("'" + bad.begin().key() + "'"), std::string::npos)
        << params.error().message;
  }
}

TEST(FormatSpec, ListsEveryParameterAndParsesBack) {
  auto params = Resolve("game(variant=open,players=2)");
  ASSERT_TRUE(params);
  const std::string text = FormatSpec("game", *params);
  EXPECT_EQ(text, "game(fast=false,players=2,temperature=0.5,variant=open)");
  auto again = Resolve(text);
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ(*again, *params);
  EXPECT_EQ(FormatSpec("game", Params()), "game");
}

// A retired parameter: old specs that give it at its neutral value still resolve, to the same
// parameters as without it (so the canonical spec no longer prints it); any other value is refused
// with an error that names it, says it was retired and where it lives; listings leave it out.
TEST(RetiredParam, AcceptedOnlyAtItsNeutralValueAndNeverPrinted) {
  std::vector<ParamSpec> specs = Declarations();
  specs.push_back(ParamSpec::Retired(ParamSpec::Int("depth", 0, 0, 1000, "tree depth"),
                                     "the tag search-experiments-2026-11"));
  auto resolve = [&](const std::string& text) { return ResolveParams(specs, *ParseSpec(text)); };
  auto old = resolve("game(depth=0,players=2)");
  ASSERT_TRUE(old) << old.error().message;
  EXPECT_FALSE(old->Has("depth"));
  EXPECT_EQ(*old, *resolve("game(players=2)"));
  EXPECT_EQ(FormatSpec("game", *old),
            "game(fast=false,players=2,temperature=0.5,variant=standard)");
  EXPECT_TRUE(resolve("game(depth=00)")) << "read as the old declaration reads it";
  EXPECT_FALSE(resolve("game(depth=0,depth=0)")) << "given twice";
  for (const char* bad : {"game(depth=3)", "game(depth=1000)", "game(depth=-1)", "game(depth=x)"}) {
    auto refused = resolve(bad);
    ASSERT_FALSE(refused) << bad;
    EXPECT_EQ(refused.error().code, ErrorCode::kInvalidArgument);
    const std::string& message = refused.error().message;
    EXPECT_EQ(message.rfind("game: parameter 'depth' was retired", 0), 0u) << message;
    EXPECT_NE(message.find("the tag search-experiments-2026-11"), std::string::npos) << message;
    EXPECT_NE(message.find("old neutral value 0"), std::string::npos) << message;
  }
  EXPECT_FALSE(specs.back().Listed());
  EXPECT_TRUE(specs.front().Listed());
  const std::string unknown = ResolveParams(specs, *ParseSpec("game(colour=red)")).error().message;
  EXPECT_EQ(unknown.find("depth"), std::string::npos) << "not offered: " << unknown;
  auto json = ResolveParamsJson(specs, "game", Json{{"depth", 0}});
  ASSERT_TRUE(json) << json.error().message;
  EXPECT_FALSE(json->Has("depth"));
  EXPECT_FALSE(ResolveParamsJson(specs, "game", Json{{"depth", 2}}));
}

// A string parameter holds a file path; left empty it is left out of the canonical spec, and
// the spec still reads back to the same parameters.
TEST(StringParam, HoldsAPathAndIsLeftOutWhenEmpty) {
  std::vector<ParamSpec> specs = Declarations();
  specs.push_back(ParamSpec::String("data", "", "a data file"));
  auto resolve = [&](const std::string& text) -> Result<Params> {
    auto spec = ParseSpec(text);
    if (!spec) return tl::unexpected(spec.error());
    return ResolveParams(specs, *spec);
  };
  auto with_path = resolve("game(data=~/cards/my-deck_v2.json,players=2)");
  ASSERT_TRUE(with_path) << with_path.error().message;
  EXPECT_EQ(with_path->String("data"), "~/cards/my-deck_v2.json");
  const std::string text = FormatSpec("game", *with_path);
  EXPECT_EQ(text,
            "game(data=~/cards/my-deck_v2.json,fast=false,players=2,temperature=0.5,"
            "variant=standard)");
  auto again = resolve(text);
  ASSERT_TRUE(again);
  EXPECT_EQ(*again, *with_path);
  auto plain = resolve("game(players=2)");
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->String("data"), "");
  EXPECT_EQ(FormatSpec("game", *plain),
            "game(fast=false,players=2,temperature=0.5,variant=standard)");
  EXPECT_EQ(specs.back().ToJson()["type"], "string");
  // JSON parameters are free text, so the character check applies to them too.
  auto bad = ResolveParamsJson(specs, "game", Json({{"data", "a b"}}));
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("'data'"), std::string::npos) << bad.error().message;
}

// Doubles pass through FormatSpec and JSON parameter objects without losing a digit.
TEST(FormatSpec, KeepsEveryDigitOfADouble) {
  auto params = Resolve("game(temperature=0.1234567891)");
  ASSERT_TRUE(params);
  auto again = Resolve(FormatSpec("game", *params));
  ASSERT_TRUE(again);
  EXPECT_EQ(again->Double("temperature"), 0.1234567891);
  auto from_json = ResolveParamsJson(Declarations(), "game", params->ToJson());
  ASSERT_TRUE(from_json);
  EXPECT_EQ(from_json->Double("temperature"), 0.1234567891);
}

TEST(ParamSpec, DescribesItselfForHelpAndJson) {
  const auto specs = Declarations();
  EXPECT_EQ(specs[0].AllowedText(), "an integer from 2 to 4");
  EXPECT_EQ(specs[1].AllowedText(), "one of standard, open");
  EXPECT_EQ(specs[2].AllowedText(), "true or false");
  EXPECT_EQ(
      specs[0].ToJson(),
      Json({{"type", "int"}, {"default", 3}, {"min", 2}, {"max", 4}, {"description", "seats"}}));
  const Json choice = specs[1].ToJson();
  EXPECT_EQ(choice["type"], "choice");
  EXPECT_EQ(choice["choices"], Json({"standard", "open"}));
  EXPECT_EQ(choice["default"], "standard");
  EXPECT_EQ(specs[2].ToJson()["type"], "bool");
  EXPECT_EQ(specs[3].ToJson()["max"], 2.0);
}

TEST(Params, AccessorsAndJson) {
  Params params;
  EXPECT_FALSE(params.Has("players"));
  params.Set("players", int64_t{3});
  params.Set("variant", std::string("open"));
  EXPECT_TRUE(params.Has("players"));
  EXPECT_EQ(params.ToJson(), Json({{"players", 3}, {"variant", "open"}}));
  Params other = params;
  EXPECT_EQ(other, params);
  other.Set("players", int64_t{4});
  EXPECT_FALSE(other == params);
}

}  // namespace
}  // namespace savanna
