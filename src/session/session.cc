// The session: seats, checked submissions, agent turns and the record. Sealed submissions are
// tracked here so that every front end reveals a simultaneous step only once it resolves.
#include "session/session.h"

#include <cctype>
#include <charconv>
#include <chrono>
#include <utility>

#include "core/check.h"
#include "core/rng.h"
#include "core/text.h"

namespace savanna {
namespace {

std::string PlayersText(int n) { return std::to_string(n) + (n == 1 ? " player" : " players"); }

}  // namespace

Result<Player> ParseViewer(std::string_view text, int num_players) {
  const std::string_view t = Trim(text);
  if (t == "spectator") return kSpectator;
  int seat = -1;
  auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), seat);
  if (t.empty() || ec != std::errc() || end != t.data() + t.size() || seat < 0 ||
      seat >= num_players)
    return Fail(ErrorCode::kInvalidArgument,
                "viewer '" + std::string(text) + "' must be a seat from 0 to " +
                    std::to_string(num_players - 1) + " or 'spectator'");
  return Player(seat);
}

uint64_t ClockSeed() {
  using std::chrono::duration_cast, std::chrono::microseconds, std::chrono::system_clock;
  return uint64_t(duration_cast<microseconds>(system_clock::now().time_since_epoch()).count());
}

Result<std::vector<std::string>> SplitSpecList(std::string_view text) {
  std::vector<std::string> items;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    const char c = i < text.size() ? text[i] : ',';
    if (c == '(') ++depth;
    if (c == ')' && --depth < 0) break;
    if (c != ',' || depth > 0) continue;
    const std::string_view item = Trim(text.substr(start, i - start));
    if (item.empty())
      return Fail(ErrorCode::kInvalidArgument,
                  "list " + QuoteForMessage(text) + " has an empty entry");
    items.emplace_back(item);
    start = i + 1;
  }
  if (depth != 0)
    return Fail(ErrorCode::kInvalidArgument,
                "list " + QuoteForMessage(text) + " has unbalanced parentheses");
  return items;
}

Session::Session(std::shared_ptr<const Game> game, std::unique_ptr<State> state, GameRecord record,
                 std::vector<std::unique_ptr<Agent>> agents)
    : game_(std::move(game)),
      state_(std::move(state)),
      record_(std::move(record)),
      agents_(std::move(agents)) {}

Result<Session> Session::Create(const GameRegistry& registry, std::string_view game_spec,
                                const std::vector<std::string>& seats, uint64_t seed) {
  auto game = registry.Create(game_spec);
  if (!game) return tl::unexpected(game.error());
  return Create(std::move(*game), seats, seed);
}

Result<Session> Session::Create(std::shared_ptr<const Game> game,
                                const std::vector<std::string>& seats, uint64_t seed) {
  const int n = game->NumPlayers();
  if (int(seats.size()) != n)
    return Fail(ErrorCode::kInvalidArgument, std::to_string(seats.size()) + " seats given, but " +
                                                 game->Spec() + " has " + PlayersText(n));
  GameRecord record;
  record.game = game->name();
  record.params = game->params().ToJson();
  record.seed = seed;
  std::vector<std::unique_ptr<Agent>> agents(n);
  for (Player s = 0; s < n; ++s) {
    if (seats[s] == kHumanSeat) {
      record.seats.emplace_back(kHumanSeat);
      continue;
    }
    auto agent = MakeAgent(seats[s], DeriveSeed(seed, kAgentSeedStream + uint64_t(s)));
    if (!agent)
      return WithContext<Session>(tl::unexpected(agent.error()),
                                  "seat " + std::to_string(s) + ": ");
    record.seats.push_back((*agent)->Spec());
    agents[s] = std::move(*agent);
  }
  auto state = game->NewInitialState(seed);
  record.result = ResultJson(*state);
  return Session(std::move(game), std::move(state), std::move(record), std::move(agents));
}

Result<Session> Session::FromRecord(const GameRegistry& registry, const GameRecord& record,
                                    const std::vector<std::string>& seats,
                                    const ReplayStep& on_step) {
  auto game = WithContext(registry.Create(record.game, record.params), "record: ");
  if (!game) return tl::unexpected(game.error());
  return FromRecord(std::move(*game), record, seats, on_step);
}

Result<Session> Session::FromRecord(std::shared_ptr<const Game> game, const GameRecord& record,
                                    const std::vector<std::string>& seats,
                                    const ReplayStep& on_step) {
  std::vector<std::string> seat_list = !seats.empty() ? seats : record.seats;
  if (seat_list.empty()) seat_list.assign(game->NumPlayers(), std::string(kHumanSeat));
  auto session = WithContext(Create(std::move(game), seat_list, record.seed), "record: ");
  if (!session) return session;
  for (size_t i = 0; i < record.actions.size(); ++i) {
    const RecordedAction& ra = record.actions[i];
    auto revealed = WithContext(session->AcceptText(ra.player, ra.action),
                                "record: actions[" + std::to_string(i) + "]: ");
    if (!revealed) return tl::unexpected(revealed.error());
    if (on_step) on_step(i, *session, *revealed);
  }
  if (!record.result.is_null() && record.result != session->record_.result)
    return Fail(ErrorCode::kBadData,
                "record: the stored result differs from the result of replaying the actions");
  return session;
}

Result<Revealed> Session::Submit(Player seat, std::string_view action_text) {
  if (seat < 0 || seat >= NumPlayers())
    return Fail(ErrorCode::kInvalidArgument,
                "no seat " + std::to_string(seat) + " in a game of " + PlayersText(NumPlayers()));
  if (!IsHuman(seat))
    return Fail(ErrorCode::kInvalidArgument,
                "seat " + std::to_string(seat) + " is played by the agent " + record_.seats[seat]);
  return AcceptText(seat, action_text);
}

Result<Revealed> Session::AcceptText(Player seat, std::string_view action_text) {
  // ParseAction rejects an unknown seat, a finished game, a seat that owes nothing and any text
  // that is not among the seat's legal actions, all without touching the state.
  auto action = state_->ParseAction(seat, action_text);
  if (!action) return tl::unexpected(action.error());
  return Accept(seat, *action);
}

Revealed Session::Accept(Player seat, Action action) {
  const PlayerSet before = state_->PlayersToAct();
  std::string text = state_->ActionToString(seat, action);
  std::string public_text = state_->PublicActionString(seat, action);
  Structured structured{state_->StructuredAction(seat, action),
                        state_->PublicStructuredAction(seat, action)};
  // The story reads the state before and after the action (not on a search's path: one copy).
  const std::unique_ptr<State> before_state = state_->Clone();
  auto applied = state_->Apply(seat, action);
  SAVANNA_CHECK_MSG(applied, "seat " + std::to_string(seat) + " (" + record_.seats[seat] +
                                 "): action " + std::to_string(action) + ": " +
                                 (applied ? "" : applied.error().message));
  record_.actions.push_back({seat, text});
  public_texts_.push_back(public_text);
  structured_.push_back(std::move(structured));
  Stories stories{state_->Story(*before_state, seat, action, true),
                  state_->Story(*before_state, seat, action, false)};
  record_.result = ResultJson(*state_);
  // The step is still open when exactly the other players of the step still owe their
  // submissions: this one stays sealed. Otherwise it resolved and all its submissions are public.
  PlayerSet rest = before;
  rest.Erase(seat);
  const PlayerSet after = state_->PlayersToAct();
  sealed_.push_back(
      {seat, std::move(text), std::move(public_text), stories.own, stories.public_story});
  stories_.push_back(std::move(stories));
  if (!after.Empty() && after == rest) return {};
  return std::exchange(sealed_, {});
}

Revealed Session::RunAgents(const std::function<void()>& after_each) {
  Revealed revealed;
  for (PlayerSet agents = AgentsToAct(); !agents.Empty(); agents = AgentsToAct()) {
    const Player seat = agents.First();
    const Action action = agents_[seat]->Choose(*state_, seat);
    for (auto& r : Accept(seat, action)) revealed.push_back(std::move(r));
    if (after_each) after_each();
  }
  return revealed;
}

Agent* Session::agent(Player seat) const {
  return seat >= 0 && seat < NumPlayers() ? agents_[seat].get() : nullptr;
}

Result<Revealed> Session::SubmitAgentAction(Player seat, Action action) {
  if (agent(seat) == nullptr)
    return Fail(ErrorCode::kInvalidArgument, "seat " + std::to_string(seat) + " has no agent");
  if (auto can = state_->CheckCanAct(seat); !can) return tl::unexpected(can.error());
  if (action < 0 || action >= game_->NumDistinctActions() || !state_->IsLegal(seat, action))
    return Fail(ErrorCode::kIllegalAction, "action " + std::to_string(action) +
                                               " is not legal for seat " + std::to_string(seat));
  return Accept(seat, action);
}

Result<void> Session::ReplaceSeat(Player seat, std::string_view seat_text) {
  if (seat < 0 || seat >= NumPlayers())
    return Fail(ErrorCode::kInvalidArgument,
                "no seat " + std::to_string(seat) + " in a game of " + PlayersText(NumPlayers()));
  if (seat_text == kHumanSeat) {
    agents_[seat] = nullptr;
    record_.seats[seat] = std::string(kHumanSeat);
    return {};
  }
  auto made = MakeAgent(seat_text, DeriveSeed(record_.seed, kAgentSeedStream + uint64_t(seat)));
  if (!made)
    return WithContext<void>(tl::unexpected(made.error()), "seat " + std::to_string(seat) + ": ");
  record_.seats[seat] = (*made)->Spec();
  agents_[seat] = std::move(*made);
  return {};
}

int Session::NumPlayers() const { return game_->NumPlayers(); }
bool Session::IsTerminal() const { return state_->IsTerminal(); }
PlayerSet Session::PlayersToAct() const { return state_->PlayersToAct(); }

bool Session::IsHuman(Player seat) const {
  return seat >= 0 && seat < NumPlayers() && agents_[seat] == nullptr;
}

PlayerSet Session::HumansToAct() const {
  PlayerSet humans;
  for (Player p : PlayersToAct())
    if (IsHuman(p)) humans.Insert(p);
  return humans;
}

PlayerSet Session::AgentsToAct() const {
  PlayerSet agents;
  for (Player p : PlayersToAct())
    if (!IsHuman(p)) agents.Insert(p);
  return agents;
}

std::vector<std::string> Session::LegalActions(Player seat) const {
  std::vector<std::string> out;
  if (seat < 0 || seat >= NumPlayers()) return out;
  ActionList legal;
  state_->LegalActions(seat, legal);
  for (Action a : legal) out.push_back(state_->ActionToString(seat, a));
  return out;
}

Json Session::StructuredLegalActions(Player seat) const {
  Json out = Json::array();
  if (seat < 0 || seat >= NumPlayers()) return out;
  ActionList legal;
  state_->LegalActions(seat, legal);
  for (Action a : legal) out.push_back(state_->StructuredAction(seat, a));
  return out;
}

const std::string& Session::StoryFor(size_t index, Player viewer) const {
  const Stories& s = stories_[index];
  return viewer == record_.actions[index].player ? s.own : s.public_story;
}

const Json& Session::StructuredFor(size_t index, Player viewer) const {
  const Structured& s = structured_[index];
  return record_.actions[index].player == viewer ? s.own : s.public_form;
}

Json Session::View(Player viewer) const {
  SAVANNA_CHECK(viewer == kSpectator || (viewer >= 0 && viewer < NumPlayers()));
  return state_->View(viewer);
}

std::string Session::ViewText(Player viewer) const {
  SAVANNA_CHECK(viewer == kSpectator || (viewer >= 0 && viewer < NumPlayers()));
  return state_->ViewText(viewer);
}

}  // namespace savanna
