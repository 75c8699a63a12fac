// How the stores write the parts of a StoredTable that are not plain columns, so that SQLite and
// PostgreSQL keep them alike: a take-back's removed actions as a JSON array of {player, action}.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/record.h"

namespace savanna::server {

std::string RemovedActionsText(const std::vector<RecordedAction>& removed);
// Read with the game record's own reader of actions; none when the text is not such an array.
std::optional<std::vector<RecordedAction>> ReadRemovedActions(const std::string& text);

}  // namespace savanna::server
