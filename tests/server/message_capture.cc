// One JSON line per received message, appended to <SAVANNA_MESSAGE_CAPTURE>/<pid>.jsonl, with the
// running test's name so that a schema failure points at the test that saw it.
#include "server/message_capture.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>

namespace savanna::testing {
namespace {

std::mutex capture_mutex;

std::string CapturingTestName() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return info ? std::string(info->test_suite_name()) + "." + info->name() : "";
}

void AppendCaptured(nlohmann::json record) {
  const char* dir = std::getenv("SAVANNA_MESSAGE_CAPTURE");
  if (!dir || !*dir) return;
  record["test"] = CapturingTestName();
  std::lock_guard lock(capture_mutex);
  static std::ofstream out = [dir] {
    std::error_code ignored;  // a folder that cannot be made shows as a file that cannot be opened
    std::filesystem::create_directories(dir, ignored);
    return std::ofstream(std::string(dir) + "/" + std::to_string(::getpid()) + ".jsonl",
                         std::ios::app);
  }();
  // A test must not pass silently because its messages could not be written.
  if (!out) {
    ADD_FAILURE() << "cannot write the captured messages into " << dir;
    return;
  }
  out << record.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
  out.flush();
}

}  // namespace

void CaptureHttp(const std::string& method, const std::string& target, int status,
                 const std::string& content_type, const std::string& body) {
  AppendCaptured({{"kind", "http"},
                  {"method", method},
                  {"target", target},
                  {"status", status},
                  {"content_type", content_type},
                  {"body", body}});
}

void CaptureWs(const std::string& text) { AppendCaptured({{"kind", "ws"}, {"body", text}}); }

}  // namespace savanna::testing
