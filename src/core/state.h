// The generic interface over a game state. A concrete state is plain data with fixed-capacity
// members: copying it (Clone, CopyFrom) allocates nothing but, for Clone, the new object.
// Rules live in the game's own functions; this interface only routes to them.
//
// Turn structure: PlayersToAct() is the set of players who still owe an action now. One player
// at a sequential decision; several at a simultaneous one, where each submits with Apply and
// the step resolves once the last submission is in. Submissions stay hidden from the other
// players until then, and the resolved state never depends on the order of submission.
// Chance is internal: the state owns its Rng and shuffles or draws inside Apply.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>

#include "core/action_list.h"
#include "core/result.h"
#include "core/rng.h"
#include "core/types.h"

namespace savanna {

using Json = nlohmann::json;
class Game;

class State {
 public:
  virtual ~State() = default;

  // The game (rules and parameters) this state belongs to; it outlives the state.
  virtual const Game& game() const = 0;
  int NumPlayers() const;

  // ---- Copying -------------------------------------------------------------------------------
  virtual std::unique_ptr<State> Clone() const = 0;
  // Overwrites this state with `other`, which must be a state of the same concrete game type.
  // Allocation-free: search keeps one scratch state and copies into it.
  virtual void CopyFrom(const State& other) = 0;

  // ---- Turn structure ------------------------------------------------------------------------
  // The players who owe an action now; empty exactly when the state is terminal.
  virtual PlayerSet PlayersToAct() const = 0;
  virtual bool IsTerminal() const = 0;
  // Actions applied since the initial state (every submission counts).
  virtual int MoveNumber() const = 0;

  // ---- Actions -------------------------------------------------------------------------------
  // Fills `out` (cleared first) with the legal actions of `player`, in increasing id order;
  // empty when `player` does not owe an action.
  virtual void LegalActions(Player player, ActionList& out) const = 0;
  // True when `action` is legal for `player` now. The default scans LegalActions.
  virtual bool IsLegal(Player player, Action action) const;
  // A readable name for an id that is legal for `player` now; unique among those legal actions.
  virtual std::string ActionToString(Player player, Action action) const = 0;
  // How `player`'s `action` (legal now) reads to everybody else once its step has resolved, for
  // logs and announcements: it names nothing that the other players may not know (Kilimanjaro's
  // "place lion on 37" reads "place a counter on 37"). Default: ActionToString. The conformance
  // suite checks that actions which look alike to a viewer afterwards read alike.
  virtual std::string PublicActionString(Player player, Action action) const {
    return ActionToString(player, action);
  }
  // The same action as data, for front ends and bots that read meaning from fields, never from
  // text: a JSON object with a string "kind" and named fields ({"kind": "play", "animal":
  // "zebra", "count": 2}), defined by the game and documented in docs/rules/<game>.md. Unique
  // among the legal actions of `player`, like the text; stable across releases.
  virtual Json StructuredAction(Player player, Action action) const = 0;
  // The structured form as everybody else sees it once its step has resolved: it names nothing
  // that PublicActionString hides (Kilimanjaro's placement loses its "counter"). Default:
  // StructuredAction. The conformance suite checks that it follows the public text.
  virtual Json PublicStructuredAction(Player player, Action action) const {
    return StructuredAction(player, action);
  }
  // What `player`'s `action` did, told for a move log once its step has resolved (story.h):
  // this is the state right after the action, `before` the state it was applied to (a state of
  // the same game). `own`: told to `player`, and it may name what only that player knows (the
  // card it drew); otherwise told to everybody else, and it names only what everybody may know
  // then (never more than the public text and the views). Says what happened, not only what was
  // chosen: what a chase drove away, why minus points rose, what was built. Empty: the game
  // tells nothing more than the action's text (the default).
  virtual std::string Story(const State& before, Player player, Action action, bool own) const {
    (void)before, (void)player, (void)action, (void)own;
    return {};
  }
  // The id whose ActionToString is `text` (ignoring case and surrounding space) among the
  // legal actions of `player`. Errors name the player, the text and say why.
  virtual Result<Action> ParseAction(Player player, std::string_view text) const;

  // Why `player` cannot act now (no such seat, the game is over, not this player's turn), or
  // success. Apply and ParseAction start with it.
  Result<void> CheckCanAct(Player player) const;

  // Checked application for input from outside (CLI, server, scripts): an unknown player, a
  // player who does not owe an action or an illegal id is an error and changes nothing.
  Result<void> Apply(Player player, Action action);
  // Unchecked application for search and playouts: the action must be legal.
  virtual void ApplyUnchecked(Player player, Action action) = 0;

  // ---- Views ---------------------------------------------------------------------------------
  // What `viewer` (a seat or kSpectator) may know, as JSON and as text. Nothing hidden from
  // the viewer appears in it: no other hand, no unrevealed submission, no deck order, no RNG.
  virtual Json View(Player viewer) const = 0;
  virtual std::string ViewText(Player viewer) const = 0;
  // The full state, RNG included, for tools and debugging; Game::StateFromJson reads it back.
  // Conventions every game follows (the conformance suite relies on them): a JSON object whose
  // top-level fields are all required by StateFromJson, with the RNG under "rng" in RngToJson
  // form (json_io.h).
  virtual Json ToJson() const = 0;
  // `viewer`'s fixed-shape float32 observation (game().ObservationShape(), row-major) written
  // into `out`, whose size must be game().ObservationSize(). It encodes only what View(viewer)
  // holds, so states with the same view give the same tensor (the conformance suite checks
  // it); every slot is written. Allocation-free. Layouts: docs/rules/<game>.md.
  virtual void ObservationTensor(Player viewer, std::span<float> out) const = 0;

  // ---- Hidden information --------------------------------------------------------------------
  // Re-samples everything `viewer` cannot see (unseen cards re-dealt among the hidden places,
  // other players' pending submissions re-drawn, the state's RNG re-seeded from `rng`) so that
  // the result is consistent with all the viewer has observed: View(viewer) is unchanged.
  virtual void DeterminizeInPlace(Player viewer, Rng& rng) = 0;
  // For search: takes back every other player's submission in the simultaneous step under way
  // that `viewer` cannot see, so that those players are to act in it again (their choice then
  // made by the search instead of drawn uniformly by DeterminizeInPlace). The result is a state
  // of the same step with fewer submissions in; View(viewer) shows those players as still to
  // submit. Default: nothing to take back (games without hidden simultaneous submissions).
  virtual void ReopenHiddenSubmissions(Player viewer) { (void)viewer; }
  std::unique_ptr<State> Determinize(Player viewer, Rng& rng) const;

  // ---- The end -------------------------------------------------------------------------------
  // The game's own points so far (final once terminal).
  virtual PlayerValues Scores() const = 0;
  // The winners of a terminal state. Default: the players with the highest score.
  virtual PlayerSet Winners() const;
  // Per player, for search and statistics: 1/k for each of k winners, 0 otherwise.
  virtual PlayerValues Returns() const;

  // A 64-bit hash of the full state (RNG included).
  virtual uint64_t Hash() const = 0;
};

}  // namespace savanna
