// The move log as a viewer reads it (move_log.h).
#include "server/move_log.h"

namespace savanna::server {

Json LogEntryJson(const Session& session, int64_t index, Player viewer) {
  const RecordedAction& a = session.record().actions[size_t(index)];
  Json entry = {{"index", index},
                {"player", a.player},
                {"action", a.player == viewer ? a.action : session.PublicText(size_t(index))},
                {"structured", session.StructuredFor(size_t(index), viewer)}};
  if (const std::string& story = session.StoryFor(size_t(index), viewer); !story.empty())
    entry["story"] = story;
  return entry;
}

Json MoveLogJson(const Session& session, size_t open_step_start, Player viewer) {
  Json log = Json::array();
  const auto& actions = session.record().actions;
  for (size_t i = 0; i < actions.size(); ++i)
    if (open_step_start == kNoOpenStep || i < open_step_start || actions[i].player == viewer)
      log.push_back(LogEntryJson(session, int64_t(i), viewer));
  return log;
}

Session::ReplayStep TrackOpenStep(size_t& open_step_start) {
  open_step_start = kNoOpenStep;
  return [&open_step_start](size_t i, const Session&, const Revealed& revealed) {
    if (!revealed.empty())
      open_step_start = kNoOpenStep;
    else if (open_step_start == kNoOpenStep)
      open_step_start = i;
  };
}

Json PlayersJson(PlayerSet players) {
  Json list = Json::array();
  for (Player p : players) list.push_back(p);
  return list;
}

}  // namespace savanna::server
