// `savanna sim` at scale, cheaply: peak memory that does not grow with the number of games (the
// statistics are streaming and the CSV is written as games finish), and JSON on stdout.
#include "cli/cli_test_util.h"

namespace savanna::testing {
namespace {

class SimScaleTest : public CliTest {
 protected:
  ProgramOutput Sim(const std::string& games, const std::string& csv) {
    return Savanna({"sim", "kariba(players=2)", "--agents", "random", "--games", games, "--seed",
                    "5", "--threads", "2", "--out", csv});
  }
};

// Keeping every game (as the program once did, about 330 bytes a game) would add some 15 MB
// between these two runs; streaming adds nothing but noise.
TEST_F(SimScaleTest, PeakMemoryDoesNotGrowWithTheGames) {
#if defined(__SANITIZE_ADDRESS__)
  // AddressSanitizer keeps freed blocks in quarantine (up to 256 MB) and adds shadow memory, so
  // an instrumented program's peak says nothing about the program's: the release build checks it.
  GTEST_SKIP() << "peak memory is not measurable under AddressSanitizer";
#endif
  const ProgramOutput small = Sim("2000", Path("small.csv"));
  ASSERT_EQ(small.exit_status, 0) << small.err;
  const ProgramOutput large = Sim("50000", Path("large.csv"));
  ASSERT_EQ(large.exit_status, 0) << large.err;
  EXPECT_LT(large.max_rss_kb, small.max_rss_kb + 3000)
      << "2000 games: " << small.max_rss_kb << " kB, 50000 games: " << large.max_rss_kb << " kB";
  EXPECT_LT(large.max_rss_kb, 50 * 1024);
  // The CSV holds every game all the same: a header and one row per game.
  std::ifstream in(Path("large.csv"));
  int64_t lines = 0;
  for (std::string line; std::getline(in, line);) ++lines;
  EXPECT_EQ(lines, 50001);
}

TEST_F(SimScaleTest, JsonGoesToStdoutAndTheTableToStderr) {
  for (const std::vector<std::string>& flag :
       {std::vector<std::string>{"--json"}, std::vector<std::string>{"--out", "-"}}) {
    std::vector<std::string> args = {"sim", "kariba(players=2)", "--agents", "random", "--games",
                                     "10",  "--threads",         "1"};
    args.insert(args.end(), flag.begin(), flag.end());
    const ProgramOutput r = Savanna(args);
    ASSERT_EQ(r.exit_status, 0) << r.err;
    const Json doc = Json::parse(r.out);
    EXPECT_EQ(doc["games"], 10);
    EXPECT_NE(r.err.find("win rate"), std::string::npos) << r.err;
  }
}

TEST_F(SimScaleTest, BenchJsonGoesToStdoutAndTheTableToStderr) {
  const ProgramOutput r = Savanna({"bench", "kariba(players=2)", "--seconds", "0.01", "--json"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const Json doc = Json::parse(r.out);
  ASSERT_EQ(doc["games"].size(), 1u);
  EXPECT_EQ(doc["games"][0]["spec"].get<std::string>().rfind("kariba(", 0), 0u);
  EXPECT_GT(doc["games"][0]["moves_per_second"].get<double>(), 0);
  // The bare loops live in bench/ (savanna_bench_bare_loop), not in the shipped program.
  EXPECT_FALSE(doc.contains("bare_loop"));
  EXPECT_NE(r.err.find("MOVES/S"), std::string::npos) << r.err;
  // Net evaluations beside the playouts: no game ships a net yet, so one of random weights.
  EXPECT_GT(doc["games"][0]["net_evaluations_per_second"].get<double>(), 0);
  if (doc["games"][0]["net"] != "data/kariba/net.bin") {
    EXPECT_EQ(doc["games"][0]["net"], "random [64,64]");
  }
  EXPECT_NE(r.err.find("NET EVAL/S"), std::string::npos) << r.err;
}

TEST_F(SimScaleTest, BenchNetNoneOrAFileThatDoesNotFit) {
  const ProgramOutput none =
      Savanna({"bench", "kariba(players=2)", "--seconds", "0.01", "--json", "--net", "none"});
  ASSERT_EQ(none.exit_status, 0) << none.err;
  const Json doc = Json::parse(none.out);
  EXPECT_EQ(doc["games"][0]["net_evaluations_per_second"].get<double>(), 0);
  EXPECT_TRUE(doc["games"][0]["net"].is_null());
  const ProgramOutput missing =
      Savanna({"bench", "kariba(players=2)", "--seconds", "0.01", "--net", "no/such/net.bin"});
  EXPECT_NE(missing.exit_status, 0);
  EXPECT_NE(missing.err.find("--net: no/such/net.bin: cannot open"), std::string::npos)
      << missing.err;
  EXPECT_TRUE(missing.out.empty()) << missing.out;
}

// `bench --search` measures the iterations of the agent it names; a bad spec or an agent that does
// not search is refused before anything is measured or printed.
TEST_F(SimScaleTest, BenchMeasuresTheSearchItIsGiven) {
  const ProgramOutput r = Savanna({"bench", "kalimambo(players=2)", "--seconds", "0.01", "--json",
                                   "--search", "strong(time=0.001)"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const Json doc = Json::parse(r.out);
  EXPECT_EQ(doc["search"], "strong(time=0.001)");
  EXPECT_GT(doc["games"][0]["ismcts_iterations_per_second"].get<double>(), 0);
  EXPECT_EQ(
      Json::parse(
          Savanna({"bench", "kalimambo(players=2)", "--seconds", "0.01", "--json"}).out)["search"],
      "ismcts(iters=1000)");
  for (const char* bad : {"greedy", "ismcts(bogus=1)", "nobody"}) {
    const ProgramOutput refused =
        Savanna({"bench", "kalimambo(players=2)", "--seconds", "0.01", "--search", bad});
    ExpectOneLineError(refused, 1);
    EXPECT_NE(refused.err.find("--search"), std::string::npos) << refused.err;
    EXPECT_EQ(refused.out, "") << bad;
  }
}

// `agents` lists what `--agents` accepts, as `games` lists the games.
TEST_F(SimScaleTest, AgentsListsTheAgentsAndTheirParameters) {
  const Json list = OutJson(Savanna({"agents", "--json"}));
  ASSERT_TRUE(list.is_array());
  const Json* ismcts = nullptr;
  for (const Json& a : list)
    if (a["name"] == "ismcts") ismcts = &a;
  ASSERT_NE(ismcts, nullptr);
  bool has_iters = false;
  for (const Json& p : (*ismcts)["params"]) has_iters = has_iters || p["name"] == "iters";
  EXPECT_TRUE(has_iters);
  const ProgramOutput text = Savanna({"agents"});
  ASSERT_EQ(text.exit_status, 0) << text.err;
  EXPECT_NE(text.out.find("Parameters of ismcts:"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("random"), std::string::npos);
}

}  // namespace
}  // namespace savanna::testing
