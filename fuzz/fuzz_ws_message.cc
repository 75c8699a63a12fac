// Fuzz target: WebSocket messages, handled in process by the server's conversation
// (ws_conversation.cc) against a lobby with a waiting and a playing table. The input is a series
// of messages, one per line ($W, $P, $T, $C name the tables and tokens). Every reply is the text
// the server sends (written by the conversation itself) and must be a JSON object with a type;
// a handler that throws (the conversation's exception boundary answers "internal" and closes
// the connection) counts as a crash, as does anything that crashes, hangs or leaks.
#include <boost/asio/post.hpp>
#include <string>

#include "fuzz/fuzz_common.h"
#include "fuzz/server_harness.h"
#include "server/ws_conversation.h"

using namespace savanna;

namespace {

class Conversation final : public server::WsConversation {
 public:
  Conversation(fuzz::ServerHarness& harness)
      : WsConversation(harness.lobby(), server::WsLimits{}, nullptr, "fuzz"), harness_(harness) {}

 protected:
  void Post(std::function<void()> work) override {
    boost::asio::post(harness_.net(), std::move(work));
  }
  void Deliver(std::shared_ptr<const std::string> message) override {
    const Json reply = Json::parse(*message, nullptr, false);
    fuzz::Require(reply.is_object() && reply.contains("type"), "a reply is a typed object");
    fuzz::Require(reply.value("code", "") != "internal", "no handler throws: " + *message);
  }
  void CloseForPolicy() override { Closed(); }
  void CloseAfterError() override { fuzz::Require(false, "a handler threw"); }

 private:
  fuzz::ServerHarness& harness_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static fuzz::ServerHarness harness;
  harness.Reset();
  auto conversation = std::make_shared<Conversation>(harness);
  const std::string input(reinterpret_cast<const char*>(data), size);
  size_t start = 0;
  for (int i = 0; i < 64 && start <= input.size() && !conversation->closed(); ++i) {
    size_t end = input.find('\n', start);
    if (end == std::string::npos) end = input.size();
    const std::string line = input.substr(start, end - start);
    const bool binary = !line.empty() && line[0] == '\x01';
    conversation->Handle(harness.Substitute(binary ? line.substr(1) : line), !binary);
    harness.Drain();
    start = end + 1;
  }
  conversation->Closed();
  harness.Drain();
  return 0;
}
