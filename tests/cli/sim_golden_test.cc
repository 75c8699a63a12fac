// Golden outputs of `savanna sim` and `savanna report`: seeded runs whose JSON and CSV were
// captured from the program before the simulation was made streaming (tests/sim/golden/README.md
// gives the commands). The program must reproduce them byte for byte, with any thread count; the
// balance metrics, added later, are cut out of the JSON before the comparison (and checked in
// tests/sim/balance_test.cc).
#include <fstream>
#include <sstream>

#include "cli/cli_test_util.h"

namespace savanna::testing {
namespace {

std::string ReadWhole(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string Golden(const std::string& name) {
  return ReadWhole(std::string(SAVANNA_GOLDEN_DIR) + "/" + name);
}

// `json` without its "balance" objects (the lines from `"balance": {` to the closing brace at
// the same indentation), so that the fields that were there before compare byte for byte.
std::string WithoutBalance(const std::string& json) {
  std::istringstream in(json);
  std::string out, line, closing;
  bool cutting = false, found = false;
  while (std::getline(in, line)) {
    if (cutting) {
      if (line.rfind(closing, 0) == 0) cutting = false;
      continue;
    }
    const size_t indent = line.find_first_not_of(' ');
    if (indent != std::string::npos && line.compare(indent, 13, "\"balance\": {") == 0) {
      cutting = found = true;
      closing = std::string(indent, ' ') + "}";
      continue;
    }
    out += line + '\n';
  }
  EXPECT_TRUE(found) << "no balance object in the JSON";
  return out;
}

struct SimCase {
  const char* name;  // the fixture's base name: <name>.json and <name>.csv
  std::vector<std::string> args;
};

// Mirrors tests/sim/golden/README.md.
const std::vector<SimCase>& SimCases() {
  static const std::vector<SimCase> cases = {
      {"kariba3_random",
       {"kariba(players=3)", "--agents", "random", "--games", "300", "--seed", "7"}},
      {"kariba2_tournament",
       {"kariba(players=2)", "--agents", "random,greedy,flat_mc(iters=20)", "--games", "60",
        "--seed", "11", "--bootstrap", "50"}},
      {"kilimanjaro4_pair",
       {"kilimanjaro(players=4)", "--agents", "random,greedy", "--games", "80", "--seed", "3"}},
      {"kap_kairo3_pair",
       {"kap_kairo(players=3)", "--agents", "random,greedy", "--games", "60", "--seed", "5",
        "--bootstrap", "100"}},
      {"kitara2_random",
       {"kitara(players=2)", "--agents", "random", "--games", "50", "--seed", "2"}},
  };
  return cases;
}

class SimGoldenTest : public CliTest {};

TEST_F(SimGoldenTest, SimReproducesTheGoldenJsonAndCsv) {
  for (const SimCase& c : SimCases())
    for (const char* threads : {"1", "2"})
      for (const char* ext : {".json", ".csv"}) {
        std::vector<std::string> args = {"sim"};
        args.insert(args.end(), c.args.begin(), c.args.end());
        const std::string out = Path(std::string(c.name) + ext);
        args.insert(args.end(), {"--threads", threads, "--out", out});
        const ProgramOutput r = Savanna(args);
        ASSERT_EQ(r.exit_status, 0) << c.name << ": " << r.err;
        const std::string written = ReadWhole(out);
        EXPECT_TRUE((ext == std::string(".json") ? WithoutBalance(written) : written) ==
                    Golden(std::string(c.name) + ext))
            << c.name << ext << " with " << threads << " threads differs from the golden file";
      }
}

TEST_F(SimGoldenTest, ReportReproducesTheGoldenData) {
  const ProgramOutput r = Savanna({"report", "kariba(players=2)", "kariba(players=4)", "--agents",
                                   "random,greedy", "--games", "40", "--seed", "9", "--bootstrap",
                                   "30", "--threads", "2", "--out", Path("report")});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_TRUE(WithoutBalance(ReadWhole(Path("report") + "/results.json")) ==
              Golden("report_results.json"))
      << "results.json differs from the golden file";
  for (const char* name : {"games_0.csv", "games_1.csv"})
    EXPECT_TRUE(ReadWhole(Path("report") + "/" + name) == Golden(std::string("report_") + name))
        << name << " differs from the golden file";
}

}  // namespace
}  // namespace savanna::testing
