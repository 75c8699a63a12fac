// What the files of the local host share (local_host.cc, local_sockets.cc, local_records.cc): a
// table on the device, a socket's connection and the work under way for them. Not for use
// outside src/local.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agents/agent.h"
#include "local/local_host.h"
#include "server/hints.h"
#include "server/move_log.h"

namespace savanna::local {

using server::ApiFail;
using server::ErrorJson;
using server::FromError;
using server::kNoOpenStep;

// The longest table id a request may name, and the form of the ids this host makes (hex digits).
inline constexpr size_t kMaxTableIdSize = 64;
inline bool IsTableId(std::string_view id) {
  return !id.empty() && id.size() <= 32 &&
         id.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

// An AI seat's decision under way, and when its answer may be shown (its time budget spent).
struct Pending {
  std::unique_ptr<Decision> decision;
  double due = 0;
  bool decided = false;
  Action action = kInvalidAction;
};

// A hint under way for the seat at `socket`.
struct HintJob {
  int socket = 0;
  Json id;
  Player seat = 0;
  int64_t index = 0;
  std::unique_ptr<Decision> search;
  std::shared_ptr<const State> asked;  // the true state asked about, to name the actions
  server::HintEstimates estimates;
};

struct LocalHost::Table {
  std::string id;
  int64_t created = 0;
  Session session;
  std::vector<std::string> labels;  // per seat: "human" or the agent spec as shown
  server::TableOptions options;
  std::vector<std::string> tokens;  // per seat: the seat token, empty while free
  std::vector<std::string> names;
  std::string creator_token;
  Json takebacks = Json::array();
  std::string rematch;
  size_t open_step = server::kNoOpenStep;
  std::map<Player, Pending> thinking;
  std::optional<HintJob> hint;

  explicit Table(Session s) : session(std::move(s)) {}
  ~Table() {
    // Decisions use their seats' agents, which the session owns: they go first.
    hint.reset();
    thinking.clear();
  }
  std::optional<int> SeatOfToken(const std::string& token) const {
    if (token.empty()) return std::nullopt;
    for (size_t s = 0; s < tokens.size(); ++s)
      if (tokens[s] == token) return int(s);
    return std::nullopt;
  }
};

struct LocalHost::Connection {
  std::string table;  // followed, or empty
  Player seat = kSpectator;
  bool seated = false;
  std::string token;
};

}  // namespace savanna::local
