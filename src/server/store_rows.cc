#include "server/store_rows.h"

#include "core/json_io.h"

namespace savanna::server {

std::string RemovedActionsText(const std::vector<RecordedAction>& removed) {
  Json json = Json::array();
  for (const RecordedAction& a : removed)
    json.push_back({{"player", a.player}, {"action", a.action}});
  return JsonText(json);
}

std::optional<std::vector<RecordedAction>> ReadRemovedActions(const std::string& text) {
  Json actions = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!actions.is_array()) return std::nullopt;
  auto record = GameRecord::FromJson({{"format", GameRecord::kFormat},
                                      {"game", ""},
                                      {"params", Json::object()},
                                      {"seed", 0},
                                      {"actions", std::move(actions)}});
  if (!record) return std::nullopt;
  return std::move(record->actions);
}

}  // namespace savanna::server
