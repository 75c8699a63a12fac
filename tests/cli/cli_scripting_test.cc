// End-to-end tests of the scripting contract (docs/design.md): games, new, legal, step and view,
// and the one-line errors and exit statuses for every kind of bad input.
#include <cctype>

#include "cli/cli_test_util.h"

namespace savanna::testing {
namespace {

constexpr const char* kSpec = "kariba(players=3)";

class ScriptingTest : public CliTest {
 protected:
  // A new three-player game from seed 7, saved as `name`.
  std::string NewState(const std::string& name) {
    const ProgramOutput r = Savanna({"new", kSpec, "--seed", "7"});
    EXPECT_EQ(r.exit_status, 0) << r.err;
    return WriteFile(name, r.out);
  }
};

TEST_F(ScriptingTest, GamesJsonListsKariba) {
  const Json games = OutJson(Savanna({"games", "--json"}));
  ASSERT_TRUE(games.is_array());
  const Json* kariba = nullptr;
  for (const Json& g : games)
    if (g["name"] == "kariba") kariba = &g;
  ASSERT_NE(kariba, nullptr);
  EXPECT_EQ((*kariba)["title"], "Kariba");
  EXPECT_EQ((*kariba)["min_players"], 2);
  EXPECT_EQ((*kariba)["max_players"], 6);
  EXPECT_TRUE((*kariba)["params"].contains("players"));
  EXPECT_TRUE((*kariba)["params"].contains("variant"));
}

TEST_F(ScriptingTest, GamesTableNamesEveryGame) {
  const ProgramOutput r = Savanna({"games"});
  EXPECT_EQ(r.exit_status, 0);
  EXPECT_NE(r.out.find("kariba"), std::string::npos);
  EXPECT_NE(r.out.find("Kariba"), std::string::npos);
}

TEST_F(ScriptingTest, NewPrintsAStateDocument) {
  const Json doc = OutJson(Savanna({"new", kSpec, "--seed", "7"}));
  EXPECT_EQ(doc["game"], "kariba");
  EXPECT_EQ(doc["params"]["players"], 3);
  EXPECT_TRUE(doc["state"].is_object());
  // The same seed gives the same document.
  EXPECT_EQ(doc, OutJson(Savanna({"new", kSpec, "--seed", "7"})));
  EXPECT_NE(doc, OutJson(Savanna({"new", kSpec, "--seed", "8"})));
}

TEST_F(ScriptingTest, NewLegalStepViewPipeline) {
  const std::string state = NewState("s0.json");
  const Json legal = OutJson(Savanna({"legal", "--state", state}));
  ASSERT_EQ(legal["to_move"], Json::array({0}));
  ASSERT_FALSE(legal["legal"]["0"].empty());
  const std::string action = legal["legal"]["0"][0];

  const ProgramOutput stepped = Savanna({"step", "--state", state, "0:" + action});
  const Json doc = OutJson(stepped);
  EXPECT_EQ(doc["game"], "kariba");
  const std::string next = WriteFile("s1.json", stepped.out);
  EXPECT_EQ(OutJson(Savanna({"legal", "--state", next}))["to_move"], Json::array({1}));

  // Several actions in one call, and the state read from stdin.
  const Json legal1 = OutJson(Savanna({"legal", "--state", "-"}, stepped.out));
  const std::string action1 = legal1["legal"]["1"][0];
  const Json two = OutJson(Savanna({"step", "--state", state, "0:" + action, "1:" + action1}));
  EXPECT_EQ(OutJson(Savanna({"legal", "--state", "-"}, two.dump()))["to_move"], Json::array({2}));

  const Json view = OutJson(Savanna({"view", "--state", next, "--player", "1"}));
  EXPECT_EQ(view["viewer"], 1);
}

TEST_F(ScriptingTest, ActionTextIgnoresCaseAndSpace) {
  const std::string state = NewState("s.json");
  const std::string action = OutJson(Savanna({"legal", "--state", state}))["legal"]["0"][0];
  std::string shouted = action;
  for (char& c : shouted) c = char(std::toupper(static_cast<unsigned char>(c)));
  EXPECT_EQ(OutJson(Savanna({"step", "--state", state, "0:" + action})),
            OutJson(Savanna({"step", "--state", state, "0:  " + shouted + " "})));
}

TEST_F(ScriptingTest, StepRejectsIllegalAndMalformedActionsWithStatus2) {
  const std::string state = NewState("s.json");
  const std::string action = OutJson(Savanna({"legal", "--state", state}))["legal"]["0"][0];
  // Not player 1's turn; an action that does not exist; malformed arguments.
  for (const std::string& bad :
       {"1:" + action, std::string("0:fly away"), std::string("0"), std::string("x:draw pile"),
        std::string("7:draw pile"), std::string(":draw pile")}) {
    SCOPED_TRACE(bad);
    const ProgramOutput r = Savanna({"step", "--state", state, bad});
    ExpectOneLineError(r, 2);
    EXPECT_NE(r.err.find("'" + bad + "'"), std::string::npos) << "names the argument: " << r.err;
  }
  // The second of two arguments is bad: nothing is printed, and it is the one named.
  const ProgramOutput r = Savanna({"step", "--state", state, "0:" + action, "0:" + action});
  ExpectOneLineError(r, 2);
  EXPECT_NE(r.err.find("action 2"), std::string::npos) << r.err;
}

TEST_F(ScriptingTest, SeatViewShowsOnlyItsOwnHand) {
  const std::string state = NewState("s.json");
  const Json view = OutJson(Savanna({"view", "--state", state, "--player", "1"}));
  ASSERT_EQ(view["players"].size(), 3u);
  for (int p = 0; p < 3; ++p)
    EXPECT_EQ(view["players"][p].contains("hand"), p == 1) << "seat " << p;
  EXPECT_FALSE(view.dump().find("rng") != std::string::npos);

  const ProgramOutput text = Savanna({"view", "--state", state, "--player", "1", "--text"});
  EXPECT_EQ(text.exit_status, 0);
  EXPECT_NE(text.out.find("P1 (you): 5 cards in hand ["), std::string::npos) << text.out;
  EXPECT_EQ(text.out.find("P0: 5 cards in hand ["), std::string::npos) << text.out;
}

TEST_F(ScriptingTest, SpectatorSeesNoHand) {
  const std::string state = NewState("s.json");
  const Json view = OutJson(Savanna({"view", "--state", state, "--player", "spectator"}));
  EXPECT_EQ(view["viewer"], "spectator");
  for (const Json& p : view["players"]) EXPECT_FALSE(p.contains("hand"));
  const ProgramOutput text = Savanna({"view", "--state", state, "--player", "spectator", "--text"});
  EXPECT_EQ(text.out.find("(you)"), std::string::npos);
  EXPECT_EQ(text.out.find("cards in hand ["), std::string::npos) << text.out;
}

TEST_F(ScriptingTest, BadInputGetsOneLineAndStatus1) {
  const std::string state = NewState("s.json");
  const std::string malformed = WriteFile("malformed.json", "{\"game\": \"kariba\", ");
  std::string tampered_text = ReadFile("s.json");
  const size_t at = tampered_text.find("\"current\": 0");
  ASSERT_NE(at, std::string::npos);
  tampered_text.replace(at, 12, "\"current\": 9");
  const std::string tampered = WriteFile("tampered.json", tampered_text);
  const std::string not_a_document = WriteFile("array.json", "[1, 2]");
  const std::vector<std::vector<std::string>> cases = {
      {"new", "chess"},                                  // unknown game
      {"new", "kariba(players=9)"},                      // parameter out of range
      {"new", "kariba(colour=red)"},                     // unknown parameter
      {"new", "kariba(players=5)"},                      // parameters that do not fit together
      {"new", "kariba("},                                // spec syntax
      {"new", "kariba", "--seed", "-1"},                 // bad seed
      {"frobnicate"},                                    // unknown subcommand
      {},                                                // no subcommand
      {"new"},                                           // missing positional
      {"new", "kariba", "--colour"},                     // unknown option
      {"legal"},                                         // missing --state
      {"legal", "--state", Path("missing.json")},        // missing file
      {"legal", "--state", malformed},                   // not JSON
      {"legal", "--state", not_a_document},              // JSON, not a state document
      {"view", "--state", tampered, "--player", "0"},    // a field out of range
      {"view", "--state", state, "--player", "3"},       // no such seat
      {"view", "--state", state, "--player", "nobody"},  // not a viewer
      {"step", "--state", Path("missing.json"), "0:x"},  // missing file in step: status 1
  };
  for (const auto& args : cases) {
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    SCOPED_TRACE(joined);
    ExpectOneLineError(Savanna(args), 1);
  }
}

TEST_F(ScriptingTest, HelpIsUseful) {
  const ProgramOutput top = Savanna({"--help"});
  EXPECT_EQ(top.exit_status, 0);
  for (const char* command :
       {"games", "new", "legal", "step", "view", "sim", "play", "replay", "bench"})
    EXPECT_NE(top.out.find(command), std::string::npos) << command;
  const ProgramOutput step = Savanna({"step", "--help"});
  EXPECT_EQ(step.exit_status, 0);
  EXPECT_NE(step.out.find("--state"), std::string::npos);
}

}  // namespace
}  // namespace savanna::testing
