// `savanna sim --checkpoint/--resume`: a run killed (SIGKILL) part way and resumed ends with the
// very bytes of an uninterrupted run, and a checkpoint of another run is refused.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <thread>

#include "cli/cli_test_util.h"

extern char** environ;

namespace savanna::testing {
namespace {

class SimResumeTest : public CliTest {
 protected:
  std::vector<std::string> Args(const std::string& seed, const std::string& csv) const {
    return {
        "sim",   "kariba(players=3)", "--agents", "random,random", "--games", "150000", "--seed",
        seed,    "--threads",         "2",        "--bootstrap",   "20",      "--out",  Path(csv),
        "--json"};
  }

  // Starts `savanna args` with its output thrown away, waits until `file` exists and then a
  // little more, and kills it. False if it finished before it could be killed.
  bool StartAndKill(std::vector<std::string> args, const std::string& file) const {
    args.insert(args.begin(), SAVANNA_BINARY);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    EXPECT_EQ(posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ), 0);
    posix_spawn_file_actions_destroy(&actions);
    for (int i = 0; i < 2000 && !std::filesystem::exists(file); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const bool killed = kill(pid, SIGKILL) == 0;
    int status = 0;
    waitpid(pid, &status, 0);
    return killed && WIFSIGNALED(status);
  }
};

TEST_F(SimResumeTest, KilledAndResumedRunEndsAsAnUninterruptedOne) {
  const ProgramOutput whole = Savanna(Args("3", "whole.csv"));
  ASSERT_EQ(whole.exit_status, 0) << whole.err;

  std::vector<std::string> checkpointed = Args("3", "resumed.csv");
  for (const char* a : {"--checkpoint", "", "--checkpoint-every", "0.02"})
    checkpointed.push_back(a);
  checkpointed[checkpointed.size() - 3] = Path("run.ckpt");
  ASSERT_TRUE(StartAndKill(checkpointed, Path("run.ckpt"))) << "the run ended before the kill";
  ASSERT_TRUE(std::filesystem::exists(Path("resumed.csv.partial")));
  ASSERT_FALSE(std::filesystem::exists(Path("resumed.csv")));

  std::vector<std::string> resume = Args("3", "resumed.csv");
  resume.push_back("--resume");
  resume.push_back(Path("run.ckpt"));
  const ProgramOutput resumed = Savanna(resume);
  ASSERT_EQ(resumed.exit_status, 0) << resumed.err;
  EXPECT_EQ(resumed.out, whole.out);  // the JSON
  EXPECT_EQ(ReadFile("resumed.csv"), ReadFile("whole.csv"));
  EXPECT_FALSE(std::filesystem::exists(Path("run.ckpt")));  // removed once complete
}

TEST_F(SimResumeTest, CheckpointOfAnotherRunIsRefused) {
  std::vector<std::string> checkpointed = Args("3", "a.csv");
  checkpointed.push_back("--checkpoint");
  checkpointed.push_back(Path("run.ckpt"));
  checkpointed.push_back("--checkpoint-every");
  checkpointed.push_back("0.02");
  ASSERT_TRUE(StartAndKill(checkpointed, Path("run.ckpt")));

  std::vector<std::string> other_seed = Args("4", "a.csv");
  other_seed.push_back("--resume");
  other_seed.push_back(Path("run.ckpt"));
  const ProgramOutput refused = Savanna(other_seed);
  ExpectOneLineError(refused, 1);
  EXPECT_NE(refused.err.find("its seed is 3, this run's is 4"), std::string::npos) << refused.err;
  // The refused resume left the partial CSV for the right command.
  EXPECT_TRUE(std::filesystem::exists(Path("a.csv.partial")));

  std::vector<std::string> no_csv = Args("3", "a.json");
  no_csv.push_back("--resume");
  no_csv.push_back(Path("run.ckpt"));
  ExpectOneLineError(Savanna(no_csv), 1);

  // A file of the right format but garbage, and ones of formats 1 (no balance sums) and 2 (sums
  // as doubles), refused by their version, not as garbage.
  for (const auto& [text, message] :
       {std::pair{"savanna sim checkpoint 3\n{}\nxx", "not a savanna sim checkpoint"},
        std::pair{"savanna sim checkpoint 1\n{}\nxx",
                  "a checkpoint of format 1, which this savanna cannot resume"},
        std::pair{"savanna sim checkpoint 2\n{}\nxx",
                  "a checkpoint of format 2, which this savanna cannot resume"}}) {
    std::vector<std::string> corrupt = Args("3", "a.csv");
    corrupt.push_back("--resume");
    corrupt.push_back(WriteFile("bad.ckpt", text));
    const ProgramOutput bad = Savanna(corrupt);
    ExpectOneLineError(bad, 1);
    EXPECT_NE(bad.err.find(message), std::string::npos) << bad.err;
  }
}

}  // namespace
}  // namespace savanna::testing
