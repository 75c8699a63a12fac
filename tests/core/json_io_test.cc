// JSON and file helpers: field readers and their errors, the RNG's JSON form, file reading and
// atomic writing.
#include "core/json_io.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>

#include "testing/expect_error.h"

namespace savanna {
namespace {

namespace fs = std::filesystem;

// A fresh directory for one test, removed afterwards.
class TempDir {
 public:
  TempDir() {
    path_ = fs::temp_directory_path() /
            ("savanna_json_io_" + std::to_string(::getpid()) + "_" + std::to_string(counter_++));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  std::string File(const std::string& name) const { return (path_ / name).string(); }

 private:
  static inline int counter_ = 0;
  fs::path path_;
};

using testing::ExpectError;

const Json kObject = Json::parse(R"({"n": 5, "big": 18446744073709551615, "neg": -2,
  "flag": true, "name": "x", "list": [1, 2, 30], "half": 1.5})");

TEST(JsonFields, IntField) {
  EXPECT_EQ(*IntField(kObject, "n", 0, 10), 5);
  EXPECT_EQ(*IntField(kObject, "neg", -2, -2), -2);
  ExpectError(IntField(kObject, "m", 0, 10), ErrorCode::kBadData, "missing field 'm'");
  ExpectError(IntField(kObject, "n", 6, 10), ErrorCode::kBadData,
              "field 'n' must be an integer from 6 to 10");
  ExpectError(IntField(kObject, "n", 0, 4), ErrorCode::kBadData, "from 0 to 4");
  for (const char* key : {"big", "flag", "name", "list", "half"})
    ExpectError(IntField(kObject, key, INT64_MIN, INT64_MAX), ErrorCode::kBadData,
                "field '" + std::string(key) + "' must be an integer");
  ExpectError(IntField(Json::array(), "n", 0, 10), ErrorCode::kBadData, "expected a JSON object");
}

TEST(JsonFields, NumberField) {
  EXPECT_EQ(*NumberField(kObject, "half", 0, 2), 1.5);
  EXPECT_EQ(*NumberField(kObject, "n", 5, 5), 5.0);
  ExpectError(NumberField(kObject, "m", 0, 10), ErrorCode::kBadData, "missing field 'm'");
  ExpectError(NumberField(kObject, "half", 2, 3), ErrorCode::kBadData,
              "field 'half' must be a number from 2.0 to 3.0");
  for (const char* key : {"flag", "name", "list"})
    ExpectError(NumberField(kObject, key, -1e9, 1e9), ErrorCode::kBadData,
                "field '" + std::string(key) + "' must be a number");
}

TEST(JsonFields, BoolAndStringFields) {
  EXPECT_TRUE(*BoolField(kObject, "flag"));
  ExpectError(BoolField(kObject, "n"), ErrorCode::kBadData, "field 'n' must be true or false");
  ExpectError(BoolField(kObject, "nope"), ErrorCode::kBadData, "missing field 'nope'");
  EXPECT_EQ(*StringField(kObject, "name"), "x");
  ExpectError(StringField(kObject, "n"), ErrorCode::kBadData, "field 'n' must be a string");
  ExpectError(StringField(Json(), "name"), ErrorCode::kBadData, "expected a JSON object");
}

TEST(JsonFields, ArrayFieldAndElements) {
  auto list = ArrayField(kObject, "list");
  ASSERT_TRUE(list);
  EXPECT_EQ((*list)->size(), 3u);
  EXPECT_TRUE(ArrayField(kObject, "list", 3));
  ExpectError(ArrayField(kObject, "list", 2), ErrorCode::kBadData,
              "field 'list' must have 2 entries, has 3");
  ExpectError(ArrayField(kObject, "name"), ErrorCode::kBadData, "field 'name' must be an array");
  ExpectError(ArrayField(kObject, "nope"), ErrorCode::kBadData, "missing field 'nope'");
  EXPECT_EQ(*IntElement(**list, 2, 0, 30, "list"), 30);
  ExpectError(IntElement(**list, 2, 0, 29, "list"), ErrorCode::kBadData,
              "list[2] must be an integer from 0 to 29");
  ExpectError(IntElement(Json::array({"a"}), 0, 0, 9, "names"), ErrorCode::kBadData, "names[0]");
  // Past the end, or not an array at all: an error, not an exception.
  ExpectError(IntElement(**list, 3, 0, 30, "list"), ErrorCode::kBadData, "list[3] is missing");
  ExpectError(IntElement(Json(5), 0, 0, 30, "list"), ErrorCode::kBadData, "list[0] is missing");
}

TEST(ParseJson, NamesTheSourceOfBadText) {
  EXPECT_EQ(*ParseJson(R"({"a": [1]})", "x.json"), Json({{"a", {1}}}));
  ExpectError(ParseJson("{\"a\": ", "x.json"), ErrorCode::kParseError, "x.json: not valid JSON");
  ExpectError(ParseJson("", "empty.json"), ErrorCode::kParseError, "empty.json");
  // The position of the first bad character, as line and column.
  ExpectError(ParseJson("{\n  \"a\": 1,\n  \"b\": ]\n}", "pos.json"), ErrorCode::kParseError,
              "pos.json: not valid JSON (line 3, column 8)");
}

// Found by fuzzing (fuzz_record, fuzz_state_document): such a number escaped as an exception.
TEST(ParseJson, ANumberTooLargeForADoubleIsAParseError) {
  ExpectError(ParseJson("{\"game\": 1e309}", "big.json"), ErrorCode::kParseError,
              "big.json: not valid JSON (a number too large for a double)");
  ExpectError(ParseJson("[-1e400]", "x"), ErrorCode::kParseError, "x: not valid JSON");
}

TEST(RngJson, RoundTripsTheGeneratorState) {
  Rng rng(77);
  rng.Next();
  const Json json = RngToJson(rng);
  ASSERT_TRUE(json.is_array());
  ASSERT_EQ(json.size(), 4u);
  for (const Json& word : json) {
    ASSERT_TRUE(word.is_string());
    EXPECT_EQ(word.get<std::string>().size(), 16u);
    EXPECT_EQ(word.get<std::string>().find_first_not_of("0123456789abcdef"), std::string::npos);
  }
  auto back = RngFromJson(Json::parse(json.dump()));
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(*back, rng);
  EXPECT_EQ(back->Next(), rng.Next());
  // Upper-case hex is read too.
  Json upper = json;
  for (Json& word : upper) {
    std::string s = word.get<std::string>();
    for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
    word = s;
  }
  EXPECT_EQ(*RngFromJson(upper), *RngFromJson(json));
}

TEST(RngJson, RejectsMalformedStates) {
  const std::string w = "0123456789abcdef";
  for (const Json& bad :
       {Json(), Json("x"), Json::array({w, w, w}), Json::array({w, w, w, w, w}),
        Json::array({w, w, w, 5}), Json::array({w, w, w, "0123456789abcde"}),
        Json::array({w, w, w, "0123456789abcdeg"}), Json::array({w, w, w, "-123456789abcdef"}),
        Json::array({w, w, w, "0123456789abcdef0"}),
        Json::array(
            {"0000000000000000", "0000000000000000", "0000000000000000", "0000000000000000"})})
    ExpectError(RngFromJson(bad), ErrorCode::kBadData, "field 'rng' must be 4 hex strings");
}

TEST(Files, ReadMissingFileNamesIt) {
  TempDir dir;
  const std::string path = dir.File("missing.json");
  ExpectError(ReadTextFile(path), ErrorCode::kIoError, path);
  ExpectError(ReadJsonFile(path), ErrorCode::kIoError, path);
}

TEST(Files, AtomicWriteCreatesAndReplaces) {
  TempDir dir;
  const std::string path = dir.File("state.json");
  ASSERT_TRUE(WriteTextFileAtomic(path, "{\"a\": 1}"));
  EXPECT_EQ(*ReadTextFile(path), "{\"a\": 1}");
  EXPECT_EQ(*ReadJsonFile(path), Json({{"a", 1}}));
  ASSERT_TRUE(WriteTextFileAtomic(path, "[]"));
  EXPECT_EQ(*ReadTextFile(path), "[]");
  EXPECT_FALSE(fs::exists(path + ".tmp"));
  ASSERT_TRUE(WriteTextFileAtomic(path, std::string("a\0b", 3)));
  EXPECT_EQ(*ReadTextFile(path), std::string("a\0b", 3));
}

TEST(Files, FailedWriteLeavesNothingBehind) {
  TempDir dir;
  // A directory cannot be replaced by a file: the write fails, the directory stays.
  const std::string target = dir.File("taken");
  fs::create_directory(target);
  ExpectError(WriteTextFileAtomic(target, "x"), ErrorCode::kIoError, target);
  EXPECT_TRUE(fs::is_directory(target));
  EXPECT_FALSE(fs::exists(target + ".tmp"));
  // A missing directory: nothing is created.
  const std::string nowhere = dir.File("no/such/dir/file.json");
  ExpectError(WriteTextFileAtomic(nowhere, "x"), ErrorCode::kIoError, "cannot write");
  EXPECT_FALSE(fs::exists(dir.File("no")));
}

TEST(Files, ReadJsonFileNamesTheFileOfBadJson) {
  TempDir dir;
  const std::string path = dir.File("bad.json");
  ASSERT_TRUE(WriteTextFileAtomic(path, "{oops"));
  ExpectError(ReadJsonFile(path), ErrorCode::kParseError, path + ": not valid JSON");
}

TEST(Files, AnEndlessOrHugeInputIsRefusedNotReadForever) {
  ExpectError(ReadTextFile("/dev/zero"), ErrorCode::kBadData, "/dev/zero: larger than 64 MiB");
  std::istringstream small("{}");
  EXPECT_EQ(ReadStream(small, "stdin").value(), "{}");
}

}  // namespace
}  // namespace savanna
