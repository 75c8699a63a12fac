// The session layer every front end shares (the CLI's play, replay and view, the game server's
// tables): one game in progress with its seats (humans and agents), checked submissions, agent
// turns, per-seat views and the record being built. Front ends never touch rules; everything goes
// through State.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "agents/agent.h"
#include "core/record.h"
#include "core/registry.h"

namespace savanna {

// The seat text that marks a seat played by a person; any other seat text is an agent spec.
inline constexpr std::string_view kHumanSeat = "human";

// Parses a viewer: a seat number in [0, num_players) or "spectator" (kSpectator).
Result<Player> ParseViewer(std::string_view text, int num_players);

// A seed from the clock (microseconds since the epoch), for a game started without one.
uint64_t ClockSeed();

// Splits a comma-separated list of specs at the commas outside parentheses, so that
// "human,ismcts(iters=100,c=0.7)" gives two entries. Entries are trimmed; empty ones are errors.
Result<std::vector<std::string>> SplitSpecList(std::string_view text);

// An action as it becomes public: its full text (as recorded) for the seat that chose it, and
// the text everybody else may read (State::PublicActionString: e.g. a face-down counter's
// placement without its kind).
struct RevealedAction {
  Player player = 0;
  std::string action;
  std::string public_action;
  // What the action did (State::Story, story.h), told to its actor and to everybody else; empty
  // where the game tells nothing more than the text.
  std::string story;
  std::string public_story;
  // The text `viewer` (a seat or kSpectator) may read.
  const std::string& TextFor(Player viewer) const {
    return viewer == player ? action : public_action;
  }
  // The story `viewer` may read.
  const std::string& StoryFor(Player viewer) const {
    return viewer == player ? story : public_story;
  }
};

// Secrecy: submissions to a simultaneous decision stay sealed until the step resolves. The
// methods that apply actions therefore return only what became public: a sequential action at
// once, the submissions of a simultaneous step all together (in submission order) when the
// last one is in, and nothing while the step is still open. Front ends announce exactly that,
// each viewer reading RevealedAction::TextFor(viewer).
using Revealed = std::vector<RevealedAction>;

// Not thread-safe: one owner drives a session (a CLI loop; a server table, under its lock).
class Session {
 public:
  // A new game of `game` (or of the spec `game_spec`) from `seed`. `seats` has one entry per
  // player: kHumanSeat or an agent spec. Errors: the game or spec is bad, the number of seats
  // differs from the number of players, an agent is unknown or has a bad parameter.
  // Agent seat s is seeded with DeriveSeed(seed, kAgentSeedStream + s) unless its spec sets
  // seed=; the record keeps each agent's full spec (Agent::Spec()), so it can be recreated.
  static Result<Session> Create(const GameRegistry& registry, std::string_view game_spec,
                                const std::vector<std::string>& seats, uint64_t seed);
  static Result<Session> Create(std::shared_ptr<const Game> game,
                                const std::vector<std::string>& seats, uint64_t seed);

  // Called after record action `index` is replayed, with what that action made public.
  using ReplayStep = std::function<void(size_t index, const Session&, const Revealed&)>;
  // Rebuilds a session by replaying `record` from its seed (to resume a game or review one).
  // `seats` replaces the record's seats when not empty (e.g. all human, to review a game whose
  // agents are not needed); a record without seats gets human seats. Fails, naming the action's
  // index, when an action does not parse or apply, or when the stored result differs from the
  // replayed one. Pending sealed submissions are restored as sealed.
  static Result<Session> FromRecord(const GameRegistry& registry, const GameRecord& record,
                                    const std::vector<std::string>& seats = {},
                                    const ReplayStep& on_step = {});
  // The same with the record's game already made (`game` must be record.game with its params).
  static Result<Session> FromRecord(std::shared_ptr<const Game> game, const GameRecord& record,
                                    const std::vector<std::string>& seats = {},
                                    const ReplayStep& on_step = {});

  Session(Session&&) noexcept = default;
  Session& operator=(Session&&) noexcept = default;

  // ---- Acting ---------------------------------------------------------------------------------
  // A human seat's action, given as its text (ActionToString's form; case and surrounding space
  // are ignored). A rejected action changes nothing: an unknown seat, an agent's seat, a seat
  // that does not owe an action, a finished game or text that is not one of the seat's legal
  // actions each give a one-line error that never reveals hidden information.
  Result<Revealed> Submit(Player seat, std::string_view action_text);

  // Lets every agent seat that owes an action act, repeatedly, until only human seats owe
  // actions or the game is over. At a simultaneous decision the agents submit (sealed) and the
  // humans then still owe theirs. `after_each` (optional) runs after every accepted agent
  // action, e.g. to save record(); it is not told the action, which may be sealed.
  Revealed RunAgents(const std::function<void()>& after_each = {});

  // ---- Agents on threads of the front end's own (the server's AI scheduler) -------------------
  // The agent playing `seat`; null for a human seat or an unknown one. A front end that must not
  // block while an agent thinks starts agent(seat)->Begin(state(), seat) (the decision keeps its
  // own copy of the state) and thinks on a thread of its own, or calls Choose there on a copy of
  // state(); then it hands the choice to SubmitAgentAction. Each agent is used by one thread at a
  // time, and RunAgents must not run meanwhile.
  Agent* agent(Player seat) const;
  // Applies the action an agent chose for `seat`, checked: the seat must be an agent's seat that
  // owes an action and the action must be legal now. A choice made on an outdated copy is
  // rejected and changes nothing.
  Result<Revealed> SubmitAgentAction(Player seat, Action action);
  // Hands `seat` to another player: kHumanSeat or an agent spec (an agent is seeded as Create
  // seeds it). The record's seats name the new player from then on; replaying the record with
  // FromRecord therefore recreates the session as it is now. Errors: no such seat, a bad spec;
  // nothing changes then.
  Result<void> ReplaceSeat(Player seat, std::string_view seat_text);

  // ---- Reading --------------------------------------------------------------------------------
  const Game& game() const { return *game_; }
  std::shared_ptr<const Game> shared_game() const { return game_; }
  // The full state: for tools and tests, never to be shown to a seat.
  const State& state() const { return *state_; }
  int NumPlayers() const;
  bool IsTerminal() const;
  PlayerSet PlayersToAct() const;
  // The human seats and the agent seats among PlayersToAct().
  PlayerSet HumansToAct() const;
  PlayerSet AgentsToAct() const;
  bool IsHuman(Player seat) const;
  // Per seat: kHumanSeat or the agent's full spec.
  const std::vector<std::string>& seats() const { return record_.seats; }

  // The legal actions of `seat` as text, in id order; empty when the seat owes no action.
  std::vector<std::string> LegalActions(Player seat) const;
  // The same actions in their structured form (State::StructuredAction), in the same order.
  Json StructuredLegalActions(Player seat) const;

  // What `viewer` may know (State::View / ViewText). `viewer` is a seat or kSpectator; use
  // ParseViewer for untrusted input (an out-of-range viewer is a bug and aborts).
  Json View(Player viewer) const;
  std::string ViewText(Player viewer) const;

  // The record so far: seed, seats, every accepted action as {player, action string} in the
  // order accepted (sealed submissions included: a record is not a view), and the result
  // (ResultJson) once the game is over.
  const GameRecord& record() const { return record_; }
  // Record action `index` as every seat but its actor may read it (RevealedAction).
  const std::string& PublicText(size_t index) const { return public_texts_[index]; }
  // Record action `index` in its structured form as `viewer` may read it: the full form for its
  // actor, the public form (State::PublicStructuredAction) for everybody else.
  const Json& StructuredFor(size_t index, Player viewer) const;
  // What record action `index` did, as `viewer` may read it (State::Story): its actor's story
  // for the actor, the public one for everybody else; empty where the game tells no story.
  const std::string& StoryFor(size_t index, Player viewer) const;

  // Agent seat s uses stream kAgentSeedStream + s of the game seed.
  static constexpr uint64_t kAgentSeedStream = 1000;

 private:
  Session(std::shared_ptr<const Game> game, std::unique_ptr<State> state, GameRecord record,
          std::vector<std::unique_ptr<Agent>> agents);

  // Applies a legal action, records it and returns what became public.
  Revealed Accept(Player seat, Action action);
  // Parses and applies text for any seat (replay, Submit); a rejection changes nothing.
  Result<Revealed> AcceptText(Player seat, std::string_view action_text);

  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
  GameRecord record_;
  std::vector<std::string> public_texts_;  // per record action
  struct Structured {
    Json own, public_form;
  };
  std::vector<Structured> structured_;  // per record action
  struct Stories {
    std::string own, public_story;
  };
  std::vector<Stories> stories_;                // per record action
  std::vector<std::unique_ptr<Agent>> agents_;  // per seat; null for a human seat
  // The submissions to the simultaneous step under way, sealed until it resolves.
  Revealed sealed_;
};

}  // namespace savanna
