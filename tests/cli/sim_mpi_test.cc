// `mpirun -np N savanna sim ...` (built with SAVANNA_MPI): 2 and 3 ranks on this machine
// (--oversubscribe) write the very JSON, CSV and summary text of one process, with one and two
// threads per rank, and `report` the very files; a rank that fails or dies ends the run with a
// clear error and no output.
// As root (CI containers), Open MPI wants OMPI_ALLOW_RUN_AS_ROOT{,_CONFIRM}: set here.
#include <cstdlib>

#include "cli/cli_test_util.h"

namespace savanna::testing {
namespace {

class SimMpiTest : public CliTest {
 protected:
  void SetUp() override {
    CliTest::SetUp();
    if (geteuid() == 0) {
      setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
      setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
    }
  }

  // `mpirun --oversubscribe -np N savanna args...`; `args` may hold ":" and a second program
  // (Open MPI's several-programs form). Open MPI's libraries leave memory of MPI_Init behind at
  // exit, which LeakSanitizer (the debug preset) reports from plugins already unloaded, hence
  // unsuppressible by name: leak checks are off in the ranks (our code's leaks are checked by
  // the one-process runs and sim_test's SimMergeTest, which play the same shares).
  static ProgramOutput Mpirun(int ranks, const std::vector<std::string>& args) {
    const char* asan = std::getenv("ASAN_OPTIONS");
    const std::string no_leak_checks =
        "ASAN_OPTIONS=" + std::string(asan != nullptr ? asan : "") + ":detect_leaks=0";
    std::vector<std::string> command = {
        SAVANNA_MPIEXEC, "--oversubscribe",     "-x",          no_leak_checks,
        "-np",           std::to_string(ranks), SAVANNA_BINARY};
    command.insert(command.end(), args.begin(), args.end());
    return RunProgram(command);
  }

  // The summary text of a run that wrote `path` (on stderr, beside --json): without the last
  // line, which must be "Wrote <path>".
  static std::string SummaryText(const ProgramOutput& r, const std::string& path) {
    EXPECT_EQ(r.exit_status, 0) << r.err;
    const std::string wrote = "Wrote " + path + "\n";
    EXPECT_TRUE(r.err.size() > wrote.size() &&
                r.err.compare(r.err.size() - wrote.size(), wrote.size(), wrote) == 0)
        << r.err;
    return r.err.substr(0, r.err.size() - std::min(r.err.size(), wrote.size()));
  }

  // One process against `ranks` ranks of `threads` threads each: the same JSON (stdout), CSV
  // (file) and summary text (stderr), byte for byte.
  void ExpectSameAsOneProcess(const std::vector<std::string>& run,
                              const std::vector<std::pair<int, const char*>>& layouts) {
    auto args = [&](const std::string& threads, const std::string& csv) {
      std::vector<std::string> a = {"sim"};
      a.insert(a.end(), run.begin(), run.end());
      a.insert(a.end(), {"--threads", threads, "--out", Path(csv), "--json"});
      return a;
    };
    const ProgramOutput one = Savanna(args("1", "one.csv"));
    const std::string text = SummaryText(one, Path("one.csv"));
    ASSERT_NE(ReadFile("one.csv").find(",0.3333333333"), std::string::npos)
        << "no shared win of 1/3: the test would not see an order-dependent sum";
    for (const auto& [ranks, threads] : layouts) {
      const std::string csv = "r" + std::to_string(ranks) + "t" + threads + ".csv";
      const ProgramOutput mpi = Mpirun(ranks, args(threads, csv));
      const std::string where = std::to_string(ranks) + " ranks, " + threads + " threads";
      EXPECT_EQ(SummaryText(mpi, Path(csv)), text) << where;
      EXPECT_TRUE(mpi.out == one.out) << where << ": JSON";
      EXPECT_TRUE(ReadFile(csv) == ReadFile("one.csv")) << where << ": CSV";
    }
  }
};

TEST_F(SimMpiTest, RanksWriteTheBytesOfOneProcess) {
  // One spec in every seat: no ratings; shared wins of 1/3 and 1/4.
  ExpectSameAsOneProcess(
      {"kalimambo(players=5)", "--agents", "random", "--games", "600", "--seed", "77"},
      {{2, "2"}, {3, "1"}});
}

TEST_F(SimMpiTest, TournamentRanksWriteTheBytesOfOneProcess) {
  // Two specs: ratings with bootstrap intervals over the deals (the deals' ids are merged).
  ExpectSameAsOneProcess({"kalimambo(players=5)", "--agents", "random,greedy", "--games", "600",
                          "--seed", "77", "--bootstrap", "30"},
                         {{2, "1"}, {3, "2"}});
}

TEST_F(SimMpiTest, ReportRanksWriteTheFilesOfOneProcess) {
  auto args = [&](const std::string& dir, const std::string& threads) {
    return std::vector<std::string>{"report",
                                    "kariba(players=2)",
                                    "kalimambo(players=5)",
                                    "--agents",
                                    "random,greedy",
                                    "--games",
                                    "200",
                                    "--seed",
                                    "9",
                                    "--bootstrap",
                                    "30",
                                    "--threads",
                                    threads,
                                    "--out",
                                    Path(dir)};
  };
  const ProgramOutput one = Savanna(args("one", "2"));
  ASSERT_EQ(one.exit_status, 0) << one.err;
  const ProgramOutput three = Mpirun(3, args("three", "1"));
  ASSERT_EQ(three.exit_status, 0) << three.err;
  EXPECT_EQ(three.err, "");
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(Path("one"))) {
    const std::string name = entry.path().filename().string();
    EXPECT_TRUE(ReadFile("one/" + name) == ReadFile("three/" + name)) << name;
    ++files;
  }
  EXPECT_GE(files, 5);  // report.md, results.json, the charts and games_0.csv, games_1.csv
  EXPECT_EQ(three.out.substr(0, three.out.find("Wrote")), one.out.substr(0, one.out.find("Wrote")));
}

std::vector<std::string> LongRun(const std::string& out) {
  return {"sim", "kariba(players=3)", "--agents", "random,greedy", "--games", "400000", "--seed",
          "5",   "--threads",         "1",        "--out",         out};
}

TEST_F(SimMpiTest, FailingRankIsAClearErrorAndNoOutput) {
  // Rank 1 cannot keep its CSV rows (its TMPDIR does not exist); rank 0 reports it.
  std::vector<std::string> args = LongRun(Path("games.csv"));
  args[5] = "3000";
  std::vector<std::string> both = args;
  for (const char* a : {":", "-np", "1", "env", "TMPDIR=/nonexistent/savanna", SAVANNA_BINARY})
    both.push_back(a);
  both.insert(both.end(), args.begin(), args.end());
  const ProgramOutput r = Mpirun(1, both);
  EXPECT_NE(r.exit_status, 0);
  EXPECT_NE(r.err.find("savanna: MPI rank 1: no temporary directory"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(Path("games.csv")));
  EXPECT_FALSE(std::filesystem::exists(Path("games.csv.partial")));
}

TEST_F(SimMpiTest, DyingRankIsAClearErrorAndNoOutput) {
  // Rank 1 is killed (SIGKILL) half a second in, long before its 200,000 games are done.
  const std::vector<std::string> args = LongRun(Path("results.json"));
  std::vector<std::string> both = args;
  for (const char* a : {":", "-np", "1", "timeout", "-s", "KILL", "0.5", SAVANNA_BINARY})
    both.push_back(a);
  both.insert(both.end(), args.begin(), args.end());
  const ProgramOutput r = Mpirun(1, both);
  EXPECT_NE(r.exit_status, 0);
  EXPECT_NE(r.err.find("rank 1"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("signal 9"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_FALSE(std::filesystem::exists(Path("results.json")));
}

TEST_F(SimMpiTest, CheckpointIsRefusedOnceByRankZero) {
  std::vector<std::string> args = LongRun(Path("games.csv"));
  args.insert(args.end(), {"--checkpoint", Path("run.ckpt")});
  const ProgramOutput r = Mpirun(2, args);
  EXPECT_NE(r.exit_status, 0);
  const std::string message = "savanna: --checkpoint and --resume work with one process";
  const size_t at = r.err.find(message);
  EXPECT_NE(at, std::string::npos) << r.err;
  EXPECT_EQ(r.err.find(message, at + 1), std::string::npos) << "printed by every rank:\n" << r.err;
  EXPECT_FALSE(std::filesystem::exists(Path("run.ckpt")));
}

}  // namespace
}  // namespace savanna::testing
