// The local host's stored form of a table (what the worker keeps for it, and gives back at start
// with `restore`): the game record with the seats' labels, tokens and names, the options, the
// creation time, the take-backs and the rematch link. A record that is damaged, of another version
// or does not replay is refused with the reason, and the others are restored.
#include <algorithm>
#include <string>

#include "core/json_io.h"
#include "core/text.h"
#include "local/local_host.h"
#include "local/local_internal.h"
#include "server/request_fields.h"

namespace savanna::local {

namespace {

// The stored form's version; a later version reads older ones.
constexpr int kStoredFormat = 1;

}  // namespace

// ---- The stored form --------------------------------------------------------------------------

Json LocalHost::StoredJson(const Table& table) const {
  Json seats = Json::array();
  for (size_t s = 0; s < table.labels.size(); ++s)
    seats.push_back(
        {{"label", table.labels[s]}, {"token", table.tokens[s]}, {"name", table.names[s]}});
  return {{"local_format", kStoredFormat},
          {"created", table.created},
          {"options", table.options.ToJson()},
          {"seats", seats},
          {"creator_token", table.creator_token},
          {"takebacks", table.takebacks},
          {"rematch", table.rematch.empty() ? Json() : Json(table.rematch)},
          {"record", table.session.record().ToJson()}};
}

ApiResult<std::unique_ptr<LocalHost::Table>> LocalHost::FromStored(const std::string& id,
                                                                   const Json& stored) const {
  auto bad = [](const std::string& what) { return ApiFail(400, "bad_record", what); };
  if (!stored.is_object()) return bad("not an object");
  if (stored.value("local_format", Json()) != Json(kStoredFormat))
    return bad("field 'local_format' is not " + std::to_string(kStoredFormat) +
               " (stored by another version)");
  const auto record_json = stored.find("record");
  if (record_json == stored.end()) return bad("field 'record' is missing");
  auto record = GameRecord::FromJson(*record_json);
  if (!record) return bad("field 'record': " + record.error().message);
  size_t open_step = kNoOpenStep;
  auto session = Session::FromRecord(games_, *record, {}, server::TrackOpenStep(open_step));
  if (!session) return bad("the record does not replay: " + session.error().message);
  const Json seats = stored.value("seats", Json());
  if (!seats.is_array() || seats.size() != size_t(session->NumPlayers()))
    return bad("field 'seats' must have one entry per player");
  auto table = std::make_unique<Table>(std::move(*session));
  table->id = id;
  table->open_step = open_step;
  for (const Json& seat : seats) {
    if (!seat.is_object() || !seat.value("label", Json()).is_string() ||
        !seat.value("token", Json()).is_string() || !seat.value("name", Json()).is_string())
      return bad("field 'seats': each entry has the strings 'label', 'token' and 'name'");
    table->labels.push_back(seat["label"]);
    table->tokens.push_back(seat["token"]);
    table->names.push_back(seat["name"]);
  }
  for (size_t s = 0; s < table->labels.size(); ++s)
    if ((table->labels[s] == kHumanSeat) != table->session.IsHuman(Player(s)))
      return bad("seat " + std::to_string(s) + ": its label and the record's seat disagree");
  const Json created = stored.value("created", Json());
  if (!created.is_number_integer()) return bad("field 'created' must be an integer");
  table->created = created.get<int64_t>();
  auto options = server::TableOptions::FromJson(stored.value("options", Json()), options_.defaults,
                                                server::AgentLimits::Unlimited());
  if (!options) return bad("field 'options': " + options.error().message);
  table->options = *options;
  const Json creator = stored.value("creator_token", Json());
  table->creator_token = creator.is_string() ? creator.get<std::string>() : "";
  const Json takebacks = stored.value("takebacks", Json::array());
  if (!takebacks.is_array()) return bad("field 'takebacks' must be an array");
  table->takebacks = takebacks;
  const Json rematch = stored.value("rematch", Json());
  if (rematch.is_string() && IsTableId(rematch.get_ref<const std::string&>()))
    table->rematch = rematch.get<std::string>();
  return table;
}

Json LocalHost::Restore(const Json& request) {
  Json refused = Json::array();
  int restored = 0;
  const Json records = request.value("records", Json::array());
  for (const Json& entry : records.is_array() ? records : Json::array()) {
    const Json id = entry.is_object() ? entry.value("table", Json()) : Json();
    const std::string name = id.is_string() ? id.get<std::string>() : "";
    auto refuse = [&](const std::string& message) {
      refused.push_back(
          {{"table", ValidUtf8(CutToBytes(name, kMaxTableIdSize))}, {"message", message}});
    };
    if (!IsTableId(name)) {
      refuse("a table id is 1 to 32 lowercase hex digits");
      continue;
    }
    if (tables_.count(name) != 0) {
      refuse("a table with this id is here already");
      continue;
    }
    if (tables_.size() >= options_.max_tables) {
      refuse("this device keeps " + std::to_string(options_.max_tables) + " games at most");
      continue;
    }
    auto table = FromStored(name, entry.value("record", Json()));
    if (!table) {
      refuse(table.error().message);
      continue;
    }
    Table* made = table->get();
    tables_.emplace(name, std::move(*table));
    ++restored;
    ScheduleAgents(*made);
  }
  // A rematch link to a table that did not come back goes.
  for (auto& [id, table] : tables_)
    if (!table->rematch.empty() && tables_.count(table->rematch) == 0) table->rematch.clear();
  return {{"restored", restored}, {"refused", refused}};
}

}  // namespace savanna::local
