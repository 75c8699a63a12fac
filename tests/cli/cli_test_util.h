// Shared pieces of the `savanna` end-to-end tests: running the built binary (its path comes
// from the SAVANNA_BINARY compile definition), a per-test scratch directory and checks.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/run_program.h"

namespace savanna::testing {

using Json = nlohmann::json;

// Runs `savanna args...` with `stdin_text` on its stdin.
inline ProgramOutput Savanna(std::vector<std::string> args, const std::string& stdin_text = "") {
  args.insert(args.begin(), SAVANNA_BINARY);
  return RunProgram(args, stdin_text);
}

// A failure as the CLI promises it: the exit status, nothing on stdout and exactly one line
// on stderr, starting "savanna: ".
inline void ExpectOneLineError(const ProgramOutput& r, int exit_status) {
  EXPECT_EQ(r.exit_status, exit_status) << r.err;
  EXPECT_EQ(r.out, "");
  ASSERT_FALSE(r.err.empty());
  EXPECT_EQ(r.err.rfind("savanna: ", 0), 0u) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
}

// Each test gets an empty directory of its own, removed afterwards.
class CliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() /
           ("savanna_cli_" + std::to_string(getpid()) + "_" + info->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string Path(const std::string& name) const { return (dir_ / name).string(); }

  std::string WriteFile(const std::string& name, const std::string& text) const {
    std::ofstream(Path(name), std::ios::binary) << text;
    return Path(name);
  }
  std::string ReadFile(const std::string& name) const {
    std::ifstream in(Path(name), std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }
  // A successful command's stdout, parsed.
  static Json OutJson(const ProgramOutput& r) {
    EXPECT_EQ(r.exit_status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    return Json::parse(r.out);
  }

 private:
  std::filesystem::path dir_;
};

}  // namespace savanna::testing
