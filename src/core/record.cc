// Records, replay and state documents.
#include "core/record.h"

#include "core/json_io.h"

namespace savanna {

Json GameRecord::ToJson() const {
  Json list = Json::array();
  for (const auto& a : actions) list.push_back({{"player", a.player}, {"action", a.action}});
  return {{"format", kFormat}, {"game", game},   {"params", params},
          {"seed", seed},      {"seats", seats}, {"actions", std::move(list)},
          {"result", result}};
}

Result<GameRecord> GameRecord::FromJson(const Json& json) {
  auto in = [](auto r) { return WithContext(std::move(r), "record: "); };
  GameRecord rec;
  auto format = in(IntField(json, "format", 0, 1'000'000));
  if (!format) return tl::unexpected(format.error());
  if (*format != kFormat)
    return Fail(ErrorCode::kBadData, "record: format " + std::to_string(*format) +
                                         " is not supported (this program reads format " +
                                         std::to_string(kFormat) + ")");
  auto game = in(StringField(json, "game"));
  if (!game) return tl::unexpected(game.error());
  rec.game = *game;
  if (!json.contains("params") || !json["params"].is_object())
    return Fail(ErrorCode::kBadData, "record: field 'params' must be an object");
  rec.params = json["params"];
  if (!json.contains("seed") || !json["seed"].is_number_integer() ||
      (!json["seed"].is_number_unsigned() && json["seed"].get<int64_t>() < 0))
    return Fail(ErrorCode::kBadData, "record: field 'seed' must be a non-negative integer");
  rec.seed = json["seed"].get<uint64_t>();
  if (json.contains("seats")) {
    auto seats = in(ArrayField(json, "seats"));
    if (!seats) return tl::unexpected(seats.error());
    for (const auto& s : **seats) {
      if (!s.is_string())
        return Fail(ErrorCode::kBadData, "record: field 'seats' must hold strings");
      rec.seats.push_back(s.get<std::string>());
    }
  }
  auto actions = in(ArrayField(json, "actions"));
  if (!actions) return tl::unexpected(actions.error());
  for (size_t i = 0; i < (*actions)->size(); ++i) {
    const Json& a = (**actions)[i];
    auto ctx = "record: actions[" + std::to_string(i) + "]: ";
    auto player = WithContext(IntField(a, "player", 0, kMaxPlayers - 1), ctx);
    if (!player) return tl::unexpected(player.error());
    auto text = WithContext(StringField(a, "action"), ctx);
    if (!text) return tl::unexpected(text.error());
    rec.actions.push_back({Player(*player), *text});
  }
  rec.result = json.value("result", Json());
  return rec;
}

Json ResultJson(const State& state) {
  if (!state.IsTerminal()) return Json();
  const int n = state.NumPlayers();
  const PlayerValues scores = state.Scores(), returns = state.Returns();
  Json j;
  j["scores"] = std::vector<double>(scores.begin(), scores.begin() + n);
  j["returns"] = std::vector<double>(returns.begin(), returns.begin() + n);
  Json winners = Json::array();
  for (Player p : state.Winners()) winners.push_back(p);
  j["winners"] = std::move(winners);
  return j;
}

Result<LoadedState> Replay(const GameRegistry& registry, const GameRecord& record,
                           const std::function<void(size_t, const State&)>& on_step) {
  auto game = registry.Create(record.game, record.params);
  if (!game) return tl::unexpected(game.error());
  LoadedState out{*game, (*game)->NewInitialState(record.seed)};
  for (size_t i = 0; i < record.actions.size(); ++i) {
    const auto& ra = record.actions[i];
    const std::string ctx = "record: actions[" + std::to_string(i) + "]: ";
    auto action = WithContext(out.state->ParseAction(ra.player, ra.action), ctx);
    if (!action) return tl::unexpected(action.error());
    auto applied = WithContext(out.state->Apply(ra.player, *action), ctx);
    if (!applied) return tl::unexpected(applied.error());
    if (on_step) on_step(i, *out.state);
  }
  if (!record.result.is_null() && record.result != ResultJson(*out.state))
    return Fail(ErrorCode::kBadData,
                "record: the stored result differs from the result of replaying the actions");
  return out;
}

Json StateDocument(const State& state) {
  return {{"game", state.game().name()},
          {"params", state.game().params().ToJson()},
          {"state", state.ToJson()}};
}

Result<LoadedState> LoadStateDocument(const GameRegistry& registry, const Json& document) {
  auto name = WithContext(StringField(document, "game"), "state document: ");
  if (!name) return tl::unexpected(name.error());
  if (!document.contains("params"))
    return Fail(ErrorCode::kBadData, "state document: missing field 'params'");
  if (!document.contains("state"))
    return Fail(ErrorCode::kBadData, "state document: missing field 'state'");
  auto game = registry.Create(*name, document["params"]);
  if (!game) return tl::unexpected(game.error());
  auto state = WithContext((*game)->StateFromJson(document["state"]), "state document: state: ");
  if (!state) return tl::unexpected(state.error());
  return LoadedState{*game, std::move(*state)};
}

}  // namespace savanna
