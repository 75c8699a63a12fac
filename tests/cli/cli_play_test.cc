// End-to-end tests of play (agents only, a human on stdin, hotseat, quitting), replay, sim and
// bench, through the built `savanna` binary.
#include <algorithm>
#include <string>

#include "cli/cli_test_util.h"

namespace savanna::testing {
namespace {

// Enough "1" lines to finish any two-player game of Kariba, after some commands and bad input.
std::string HumanInput() {
  std::string input = "help\nview\nfly away\n999\n\n";
  for (int i = 0; i < 400; ++i) input += "1\n";
  return input;
}

Json ReadJson(const std::string& text) { return Json::parse(text); }

class PlayTest : public CliTest {};

// A decision with many actions (placing a Kilimanjaro counter: up to 285) is summarised; the
// player lists them with 'moves', or only those containing a word with 'moves WORD'.
TEST_F(PlayTest, LongActionListsAreSummarisedAndListedOnRequest) {
  const ProgramOutput r =
      Savanna({"play", "kilimanjaro(players=2)", "--seats", "human,random", "--seed", "1"},
              "moves lion\nmoves\nquit\n");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("285 actions, from 'place banana on 1' to 'place change on 99'"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find(") place banana on 1 "), r.out.rfind(") place banana on 1 "))
      << "only 'moves' lists the bananas";
  EXPECT_NE(r.out.find("96) place lion on 1"), std::string::npos) << "numbers are kept";
  EXPECT_NE(r.out.find("1) place banana on 1"), std::string::npos);
}

// --hints shows the AI's estimate of each action before the human's decision; 'hint' asks for
// it at the prompt; a bad hint agent is refused before the game starts.
TEST_F(PlayTest, HintsEstimateEachActionsChanceToWin) {
  const ProgramOutput r = Savanna({"play", "kariba(players=2)", "--seats", "human,random", "--seed",
                                   "3", "--hints", "--hint-agent", "ismcts(iters=200)"},
                                  "hint\nquit\n");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::string header =
      "AI estimate of your chance to win "
      "(ismcts(c=0.7,clock=wall,cutoff=0,eps=0.1,expand=0,iters=200,"
      "margin=0.5,";
  const size_t first = r.out.find(header);
  ASSERT_NE(first, std::string::npos) << r.out;
  EXPECT_NE(r.out.find(header, first + 1), std::string::npos) << "again after 'hint'";
  EXPECT_NE(r.out.find("%  2) play 1 giraffe  ("), std::string::npos) << r.out;
  const ProgramOutput plain =
      Savanna({"play", "kariba(players=2)", "--seats", "human,random", "--seed", "3"}, "quit\n");
  EXPECT_EQ(plain.out.find("AI estimate"), std::string::npos) << "only with --hints or 'hint'";
  ExpectOneLineError(
      Savanna({"play", "kariba(players=2)", "--seats", "human,random", "--hint-agent", "oracle"},
              "quit\n"),
      1);
}

// An agent's Kilimanjaro placement is announced without the counter's kind (its public text);
// the human's own placements keep theirs.
TEST_F(PlayTest, AnnouncementsNameNothingHidden) {
  const ProgramOutput r =
      Savanna({"play", "kilimanjaro(players=2)", "--seats", "human,random", "--seed", "1"},
              "place banana on 1\nquit\n");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("P0 (human): place banana on 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("P1 (random): place a counter on "), std::string::npos) << r.out;
  for (const char* kind :
       {"P1 (random): place banana", "P1 (random): place lion", "P1 (random): place change"})
    EXPECT_EQ(r.out.find(kind), std::string::npos) << r.out;
}

TEST_F(PlayTest, AgentsOnlyGameFinishesAndWritesARecord) {
  const std::string record = Path("game.json");
  const ProgramOutput r = Savanna({"play", "kariba(players=3)", "--seats", "random,random,random",
                                   "--seed", "5", "--record", record});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("seed 5"), std::string::npos);
  EXPECT_NE(r.out.find("Winner"), std::string::npos);
  EXPECT_NE(r.out.find("P1 (random): "), std::string::npos) << "agent moves are announced";
  const Json rec = ReadJson(ReadFile("game.json"));
  EXPECT_EQ(rec["format"], 1);
  EXPECT_EQ(rec["game"], "kariba");
  EXPECT_EQ(rec["seed"], 5);
  EXPECT_EQ(rec["seats"].size(), 3u);
  EXPECT_FALSE(rec["actions"].empty());
  EXPECT_FALSE(rec["result"].is_null());
  // The same seed plays the same game.
  const ProgramOutput again =
      Savanna({"play", "kariba(players=3)", "--seats", "random,random,random", "--seed", "5"});
  EXPECT_EQ(again.out, r.out.substr(0, r.out.rfind("Record:")));
}

TEST_F(PlayTest, HumanSeatPlaysFromStdin) {
  const std::string record = Path("game.json");
  const ProgramOutput r = Savanna(
      {"play", "kariba(players=2)", "--seats", "human,random", "--seed", "3", "--record", record},
      HumanInput());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("Enter an action by its number"), std::string::npos) << "help";
  EXPECT_NE(r.out.find("'fly away' is not a legal action"), std::string::npos);
  EXPECT_NE(r.out.find("No action 999"), std::string::npos);
  EXPECT_NE(r.out.find("P0 (you)"), std::string::npos);
  EXPECT_EQ(r.out.find("P1 (you)"), std::string::npos) << "the human sees only seat 0's view";
  EXPECT_NE(r.out.find("Winner"), std::string::npos);
  const Json rec = ReadJson(ReadFile("game.json"));
  EXPECT_EQ(rec["seats"][0], "human");
  EXPECT_FALSE(rec["result"].is_null());

  // Replay: the final view for seat 0 and for a spectator, and every step.
  const Json view = OutJson(Savanna({"replay", record, "--player", "0"}));
  EXPECT_EQ(view["viewer"], 0);
  EXPECT_EQ(view["phase"], "over");
  const Json spectator = OutJson(Savanna({"replay", record}));
  EXPECT_EQ(spectator["viewer"], "spectator");
  const Json steps = OutJson(Savanna({"replay", record, "--player", "1", "--steps"}));
  ASSERT_EQ(steps.size(), rec["actions"].size());
  EXPECT_EQ(steps[0]["step"], 1);
  EXPECT_EQ(steps[0]["revealed"][0]["action"], rec["actions"][0]["action"]);
  EXPECT_EQ(steps.back()["view"], OutJson(Savanna({"replay", record, "--player", "1"})));
  const ProgramOutput text = Savanna({"replay", record, "--steps", "--text"});
  EXPECT_EQ(text.exit_status, 0);
  EXPECT_NE(text.out.find("=== after action 1 of"), std::string::npos);
}

TEST_F(PlayTest, QuitAndEndOfInputStopCleanlyWithTheRecordSaved) {
  for (const std::string input : {"1\nquit\n", "1\n"}) {
    SCOPED_TRACE(input);
    const std::string record = Path("partial.json");
    const ProgramOutput r = Savanna(
        {"play", "kariba(players=2)", "--seats", "human,random", "--seed", "3", "--record", record},
        input);
    EXPECT_EQ(r.exit_status, 0) << r.err;
    EXPECT_NE(r.out.find("Game stopped after"), std::string::npos);
    const Json rec = ReadJson(ReadFile("partial.json"));
    EXPECT_EQ(rec["actions"].size(), 2u) << "the human's move and the agent's reply";
    EXPECT_TRUE(rec["result"].is_null());
    EXPECT_EQ(Savanna({"replay", record}).exit_status, 0) << "an unfinished record replays";
  }
}

TEST_F(PlayTest, HotseatClearsTheScreenBeforeEachTurn) {
  std::string input;
  for (int i = 0; i < 200; ++i) input += "\n1\n";  // Enter, then the first action
  const ProgramOutput r =
      Savanna({"play", "kariba(players=2)", "--seats", "human,human", "--seed", "3"}, input);
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("\x1b[2J"), std::string::npos);
  EXPECT_NE(r.out.find("Press Enter, P0"), std::string::npos);
  EXPECT_NE(r.out.find("Press Enter, P1"), std::string::npos);
  EXPECT_NE(r.out.find("Since your last turn"), std::string::npos);
  EXPECT_NE(r.out.find("Winner"), std::string::npos);
}

TEST_F(PlayTest, BadSeatsAndRecordsAreOneLineErrors) {
  const std::string tampered_action =
      WriteFile("bad_action.json",
                R"({"format": 1, "game": "kariba", "params": {"players": 2}, "seed": 3, "seats": [],
          "actions": [{"player": 0, "action": "fly away"}], "result": null})");
  const std::string wrong_format = WriteFile(
      "format.json", R"({"format": 99, "game": "kariba", "params": {}, "seed": 3, "actions": []})");
  const std::string wrong_result = WriteFile(
      "result.json", R"({"format": 1, "game": "kariba", "params": {"players": 2}, "seed": 3,
          "actions": [], "result": {"scores": [1, 2], "returns": [0, 1], "winners": [1]}})");
  const std::vector<std::vector<std::string>> cases = {
      {"play", "kariba(players=3)", "--seats", "human,random"},           // too few seats
      {"play", "kariba(players=2)", "--seats", "human,wizard"},           // unknown agent
      {"play", "kariba(players=2)", "--seats", "human,random(depth=3)"},  // bad agent parameter
      {"play", "kariba(players=2)", "--seats", "human,random("},          // bad list
      {"play", "chess", "--seats", "human,random"},                       // unknown game
      {"play", "kariba(players=2)", "--seats", "random,random", "--record",
       Path("no/such/dir/game.json")},  // unwritable record
      {"replay", Path("missing.json")},
      {"replay", tampered_action},
      {"replay", wrong_format},
      {"replay", wrong_result},
      {"replay", tampered_action, "--player", "7"},
  };
  for (const auto& args : cases) {
    SCOPED_TRACE(args.back());
    ExpectOneLineError(Savanna(args), 1);
  }
}

class SimBenchTest : public CliTest {};

TEST_F(SimBenchTest, SimWritesJsonAndCsv) {
  const ProgramOutput r = Savanna({"sim", "kariba(players=3)", "--agents", "random", "--games",
                                   "20", "--seed", "4", "--threads", "2", "--out", Path("r.json")});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.err, "") << "no progress bar when stderr is not a terminal";
  EXPECT_NE(r.out.find("random"), std::string::npos) << "the summary table";
  const Json result = ReadJson(ReadFile("r.json"));
  EXPECT_EQ(result["games"], 20);
  EXPECT_EQ(result["seed"], 4);
  ASSERT_EQ(result["seats"].size(), 3u);
  for (const char* key : {"agent", "wins", "win_rate", "ci95", "mean_score"})
    EXPECT_TRUE(result["seats"][0].contains(key)) << key;
  EXPECT_TRUE(result.contains("mean_length"));

  // Three specs: every deal in 3 seatings, so 20 games are rounded up to 21 (7 deals).
  const ProgramOutput csv = Savanna({"sim", "kariba(players=3)", "--agents", "random,random,random",
                                     "--games", "20", "--seed", "4", "--out", Path("r.csv")});
  ASSERT_EQ(csv.exit_status, 0) << csv.err;
  EXPECT_NE(csv.out.find("21 games (7 deals x 3 seatings)"), std::string::npos) << csv.out;
  const std::string rows = ReadFile("r.csv");
  EXPECT_EQ(std::count(rows.begin(), rows.end(), '\n'), 22) << "a header and one row per game";
}

TEST_F(SimBenchTest, SimRejectsBadInputBeforeRunning) {
  const std::vector<std::vector<std::string>> cases = {
      {"sim", "kariba", "--agents", "random", "--games", "5", "--out", Path("r.txt")},
      {"sim", "kariba", "--agents", "wizard", "--games", "5"},
      {"sim", "kariba(players=3)", "--agents",
       "random,random,random,random,random,random,random,random,random,random,random,random,"
       "random,random,random,random,random",
       "--games", "5"},
      {"sim", "kariba", "--agents", "random", "--games", "0"},
      {"sim", "kariba", "--agents", "random", "--games", "many"},
      {"sim", "kariba", "--agents", "random", "--games", "5", "--threads", "0"},
      {"sim", "kariba", "--agents", "random"},
  };
  for (const auto& args : cases) {
    SCOPED_TRACE(args[3] + " " + args.back());
    ExpectOneLineError(Savanna(args), 1);
  }
  EXPECT_FALSE(std::filesystem::exists(Path("r.txt")));
}

// A small tournament end to end: three agents, a report over two configurations.
TEST_F(SimBenchTest, ReportWritesTheBalanceReport) {
  const std::string dir = Path("report");
  const ProgramOutput r = Savanna({"report", "kariba(players=2)", "kilimanjaro(players=2)",
                                   "--agents", "flat_mc(iters=20),random,random(seed=5)", "--games",
                                   "12", "--threads", "2", "--bootstrap", "20", "--out", dir});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("Wrote " + dir + "/report.md"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Wrote " + dir + "/report.html"), std::string::npos) << r.out;
  const std::string html = ReadFile("report/report.html");
  EXPECT_NE(html.find("<h2>Summary: unfair configurations</h2>"), std::string::npos);
  EXPECT_NE(html.find("<figure id=\"ladder.svg\">\n<svg "), std::string::npos) << "inline";
  EXPECT_NE(r.out.find("kilimanjaro: 12 games"), std::string::npos) << r.out;
  const std::string md = ReadFile("report/report.md");
  EXPECT_NE(md.find("## Agent ladder"), std::string::npos);
  EXPECT_NE(md.find("flat_mc(iters=20)"), std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(dir + "/ladder.svg"));
  EXPECT_EQ(ReadJson(ReadFile("report/results.json")).size(), 2u);
  // Every configuration is checked before any game is played.
  ExpectOneLineError(Savanna({"report", "kariba(players=2)", "kariba(players=9)", "--agents",
                              "random", "--out", Path("bad")}),
                     1);
  EXPECT_FALSE(std::filesystem::exists(Path("bad")));
  ExpectOneLineError(Savanna({"report", "nope", "--configs", "--agents", "random"}), 1);
}

// The ladder end to end: two cheap rungs, their rating match, the CSV of every rung; the
// options that do not go together are refused before any game.
TEST_F(SimBenchTest, ReportLadderWritesBalanceAgainstSkill) {
  const std::string dir = Path("ladder");
  const ProgramOutput r =
      Savanna({"report", "kap_kairo(players=3)", "--ladder", "--rungs", "random,greedy", "--games",
               "30", "--rating-games", "12", "--threads", "2", "--bootstrap", "20", "--out", dir});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("kap_kairo: greedy (rating "), std::string::npos) << r.out;
  const std::string md = ReadFile("ladder/report.md");
  EXPECT_NE(md.find("## Summary: balance against skill"), std::string::npos);
  EXPECT_NE(md.find("--ladder --rungs 'random,greedy' --rating-games 12"), std::string::npos);
  for (const char* file : {"skill_0.svg", "games_0_0.csv", "games_0_1.csv", "results.json"})
    EXPECT_TRUE(std::filesystem::exists(dir + "/" + file)) << file;
  const Json results = ReadJson(ReadFile("ladder/results.json"));
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0]["rating_matches"][0]["agents"], Json({"random", "greedy"}));
  // Two-player configurations, not rated: each configuration keeps its own two rungs.
  ASSERT_EQ(Savanna({"report", "kariba(players=2)", "kilimanjaro(players=2)", "--ladder", "--rungs",
                     "random,greedy", "--games", "8", "--rating-games", "0", "--out", dir})
                .exit_status,
            0);
  const Json two = ReadJson(ReadFile("ladder/results.json"));
  ASSERT_EQ(two.size(), 2u);
  for (const Json& configuration : two) {
    EXPECT_EQ(configuration["rungs"].size(), 2u);
    EXPECT_TRUE(configuration["rating_matches"].empty());
    EXPECT_TRUE(configuration["rungs"][1]["rating"].is_null());
    EXPECT_EQ(configuration["rungs"][1]["result"]["agents"][0], "greedy");
  }
  EXPECT_EQ(two[1]["rungs"][0]["result"]["game_name"], "kilimanjaro");
  const std::vector<std::vector<std::string>> refused = {
      {"report", "kariba", "--ladder", "--agents", "random"},
      {"report", "kariba", "--ladder", "--compare"},
      {"report", "kariba"},
      {"report", "kariba", "--agents", "random", "--rungs", "random"},
      {"report", "kariba", "kilimanjaro", "kitara", "--compare", "--agents", "random"},
      {"report", "kariba", "--ladder", "--ladder-up-to", "grandmaster"},
      {"report", "kariba", "--ladder", "--rungs", "random,nope"},
      {"report", "kariba", "--agents", "random", "--correction", "bonferroni"},
  };
  for (std::vector<std::string> args : refused) {
    args.insert(args.end(), {"--out", Path("refused")});
    SCOPED_TRACE(args[2] + " " + args[3]);
    ExpectOneLineError(Savanna(args), 1);
  }
  EXPECT_FALSE(std::filesystem::exists(Path("refused")));
}

// Two variants compared on the same deals: every figure's difference, and comparison.json.
TEST_F(SimBenchTest, ReportCompareTestsEveryFigure) {
  const std::string dir = Path("compare");
  const ProgramOutput r =
      Savanna({"report", "kariba(players=3)", "kariba(players=3,chase=adjacent)", "--compare",
               "--agents", "greedy", "--games", "60", "--threads", "2", "--out", dir});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("Paired by deal"), std::string::npos) << r.out;
  const std::string md = ReadFile("compare/report.md");
  EXPECT_NE(md.find("## Summary: kariba chase=adjacent against kariba chase=closest"),
            std::string::npos);
  EXPECT_NE(md.find("identical in 60 of the first 60 deals"), std::string::npos) << md;
  const Json comparison = ReadJson(ReadFile("compare/comparison.json"));
  EXPECT_TRUE(comparison["paired"].get<bool>());
  EXPECT_GE(comparison["figures"].size(), 8u);
  // Different player counts: independent samples, and the page says why.
  ASSERT_EQ(Savanna({"report", "kariba(players=3)", "kariba(players=4)", "--compare", "--agents",
                     "random", "--games", "20", "--out", dir})
                .exit_status,
            0);
  EXPECT_NE(ReadFile("compare/report.md")
                .find("The deals cannot be shared: the two "
                      "configurations seat 3 and 4 players"),
            std::string::npos);
}

TEST_F(SimBenchTest, BenchPrintsATable) {
  const ProgramOutput r = Savanna({"bench", "kariba(players=2)", "--seconds", "0.05"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("MOVES/S"), std::string::npos);
  EXPECT_NE(r.out.find("DETERMINIZE NS"), std::string::npos);
  EXPECT_NE(r.out.find("kariba(animals=8,chase=closest,games=1,players=2"), std::string::npos);
  ExpectOneLineError(Savanna({"bench", "chess"}), 1);
  ExpectOneLineError(Savanna({"bench", "--seconds", "0"}), 1);
}

}  // namespace
}  // namespace savanna::testing
