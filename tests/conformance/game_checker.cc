// GameChecker: the game loop, the cheap checks made at every step and the end-of-game checks.
#include "conformance/game_checker.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>

#include "core/record.h"

namespace savanna::conformance {
namespace {

constexpr double kReturnsTolerance = 1e-9;
// Failure messages quote at most this much of a JSON diff.
constexpr size_t kMaxQuoted = 600;

std::string Hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string Quote(const std::string& s) {
  return s.size() <= kMaxQuoted ? s : s.substr(0, kMaxQuoted) + "...";
}

}  // namespace

std::string JsonDiff(const Json& expected, const Json& actual) {
  return Quote(Json::diff(expected, actual).dump());
}

GameChecker::GameChecker(const GameRegistry& registry, const Game& game, const Options& options,
                         int index, Report& report)
    : registry_(registry),
      game_(game),
      report_(report),
      index_(index),
      seed_(DeriveSeed(options.seed, uint64_t(index))),
      play_rng_(DeriveSeed(seed_, 1)),
      check_rng_(DeriveSeed(seed_, 2)),
      full_game_(options.only_game >= 0 || index < options.full_check_games) {
  // Later games check about sampled_steps_per_game steps in full: the probability per step
  // follows from the mean length of the games played so far.
  const double mean_length = report.games > 0 && report.steps > 0
                                 ? double(report.steps) / report.games
                                 : double(game.MaxGameLength());
  full_step_probability_ = options.sampled_steps_per_game / std::max(1.0, mean_length);
}

bool GameChecker::Fail(const std::string& what) {
  failed_ = true;
  std::string where = game_.Spec() + " game " + std::to_string(index_) + " (seed " + Hex(seed_) +
                      ") at move " + std::to_string(moves_.size());
  if (action_ != kInvalidAction)
    where += ", chosen move: player " + std::to_string(player_) + " action " +
             std::to_string(action_) + " '" + action_text_ + "'";
  report_.failures.push_back(where + ": " + what + " [rerun with SAVANNA_CONFORMANCE_GAME=" +
                             std::to_string(index_) + "]");
  return false;
}

// StateFromJson; an exception is reported as a failure of its own (bad input must never crash
// a process), after which failed_ is set.
std::unique_ptr<State> GameChecker::Load(const Json& json, std::string* error) {
  try {
    auto loaded = game_.StateFromJson(json);
    if (loaded) return std::move(*loaded);
    *error = loaded.error().message;
  } catch (const std::exception& e) {
    *error = std::string("threw ") + e.what();
    Fail("StateFromJson threw instead of returning an error: " + std::string(e.what()));
  }
  return nullptr;
}

bool GameChecker::Play() {
  if (!CheckShape()) return false;
  state_ = game_.NewInitialState(seed_);
  scratch_ = state_->Clone();
  hashes_.push_back(state_->Hash());
  while (true) {
    player_ = kSpectator;
    action_ = kInvalidAction;
    hash_ = hashes_.back();
    if (!CheckTurn() || !CheckTypeOnTurn()) return false;
    const bool full = full_game_ || check_rng_.Uniform() < full_step_probability_;
    if (state_->IsTerminal()) {
      if (full && !CheckFull()) return false;
      break;
    }
    const PlayerSet acting = state_->PlayersToAct();
    auto it = acting.begin();
    for (uint32_t skip = play_rng_.Below(uint32_t(acting.Size())); skip > 0; --skip) ++it;
    player_ = *it;
    action_ = legal_[player_][int(play_rng_.Below(uint32_t(legal_[player_].Size())))];
    action_text_ = state_->ActionToString(player_, action_);
    if (!CheckEveryLegalApplies() || !CheckQuickIllegal()) return false;
    if (full && !CheckFull()) return false;
    if (auto applied = state_->Apply(player_, action_); !applied)
      return Fail("a legal action was rejected: " + applied.error().message);
    moves_.emplace_back(player_, action_);
    if (full_game_) move_texts_.push_back(action_text_);
    hashes_.push_back(state_->Hash());
    ++report_.steps;
  }
  player_ = kSpectator;
  action_ = kInvalidAction;
  return CheckEnd() && CheckTypeAtEnd() && CheckReplay() && (!full_game_ || CheckRecord());
}

// ---- Cheap checks ---------------------------------------------------------------------------

bool GameChecker::CheckTurn() {
  const State& s = *state_;
  const PlayerSet acting = s.PlayersToAct();
  const int n = s.NumPlayers(), nda = game_.NumDistinctActions();
  if (acting.Empty() != s.IsTerminal())
    return Fail("PlayersToAct() is empty " + std::string(acting.Empty() ? "but" : "and") +
                " IsTerminal() is " + (s.IsTerminal() ? "true" : "false"));
  if ((acting.Mask() >> n) != 0) return Fail("PlayersToAct() holds a player >= NumPlayers()");
  if (s.MoveNumber() != int(moves_.size()))
    return Fail("MoveNumber() is " + std::to_string(s.MoveNumber()) + " after " +
                std::to_string(moves_.size()) + " actions");
  if (s.MoveNumber() > game_.MaxGameLength())
    return Fail("MoveNumber() exceeds MaxGameLength() = " + std::to_string(game_.MaxGameLength()));
  for (Player p = 0; p < n; ++p) {
    ActionList& legal = legal_[p];
    s.LegalActions(p, legal);
    if (legal.Empty() == acting.Contains(p))
      return Fail("player " + std::to_string(p) +
                  (legal.Empty() ? " must act but has no" : " is not to act but has") +
                  " legal actions");
    for (int i = 0; i < legal.Size(); ++i) {
      if (legal[i] < 0 || legal[i] >= nda)
        return Fail("player " + std::to_string(p) + ": legal action id " +
                    std::to_string(legal[i]) + " is outside [0, NumDistinctActions())");
      if (i > 0 && legal[i] <= legal[i - 1])
        return Fail("player " + std::to_string(p) + ": legal actions not sorted and unique at " +
                    std::to_string(legal[i]));
    }
  }
  return true;
}

// Every legal action of every acting player applies through the checked path.
bool GameChecker::CheckEveryLegalApplies() {
  for (Player p : state_->PlayersToAct())
    for (Action a : legal_[p]) {
      scratch_->CopyFrom(*state_);
      if (auto applied = scratch_->Apply(p, a); !applied)
        return Fail("legal action " + std::to_string(a) + " of player " + std::to_string(p) +
                    " was rejected: " + applied.error().message);
      if (scratch_->MoveNumber() != state_->MoveNumber() + 1)
        return Fail("MoveNumber() did not grow by one after player " + std::to_string(p) +
                    " action " + std::to_string(a));
    }
  return true;
}

// Rejects `a` for `p` and checks that the rejection left the state as it was.
bool GameChecker::Reject(State& s, Player p, Action a, const std::string& what) {
  if (s.Apply(p, a))
    return Fail("player " + std::to_string(p) + " action " + std::to_string(a) + " (" + what +
                ") was accepted");
  if (s.Hash() != hash_)
    return Fail("rejecting player " + std::to_string(p) + " action " + std::to_string(a) + " (" +
                what + ") changed the state");
  return true;
}

bool GameChecker::CheckQuickIllegal() {
  const int n = state_->NumPlayers(), nda = game_.NumDistinctActions();
  const ActionList& legal = legal_[player_];
  if (!Reject(*state_, player_, -1, "negative id") ||
      !Reject(*state_, player_, nda, "id NumDistinctActions()") ||
      !Reject(*state_, n, action_, "player out of range") ||
      !Reject(*state_, kSpectator, action_, "the spectator"))
    return false;
  if (legal.Size() < nda) {
    Action a = Action(check_rng_.Below(uint32_t(nda)));
    while (legal.Contains(a)) a = (a + 1) % nda;
    if (!Reject(*state_, player_, a, "not legal")) return false;
  }
  const uint32_t idle = PlayerSet::FirstN(n).Mask() & ~state_->PlayersToAct().Mask();
  if (idle != 0 && !Reject(*state_, PlayerSet::FromMask(idle).First(), action_, "not to act"))
    return false;
  return true;
}

// ---- The end ----------------------------------------------------------------------------------

// Scores and returns agree: returns sum to 1, the winners are exactly the players with a
// positive return, entries past NumPlayers() are zero.
bool GameChecker::CheckEnd() {
  const State& s = *state_;
  const int n = s.NumPlayers();
  const PlayerValues scores = s.Scores(), returns = s.Returns();
  const PlayerSet winners = s.Winners();
  double sum = 0;
  for (Player p = 0; p < kMaxPlayers; ++p) {
    if (p >= n && (scores[p] != 0 || returns[p] != 0))
      return Fail("Scores()/Returns() have a value for absent seat " + std::to_string(p));
    if (!std::isfinite(scores[p]) || !(returns[p] >= 0 && returns[p] <= 1))
      return Fail("bad score or return for player " + std::to_string(p));
    sum += returns[p];
    if (winners.Contains(p) != (returns[p] > 0))
      return Fail("player " + std::to_string(p) + " has return " + std::to_string(returns[p]) +
                  " but is" + (winners.Contains(p) ? "" : " not") + " a winner");
  }
  if (winners.Empty()) return Fail("a finished game has no winner");
  if (std::abs(sum - 1.0) > kReturnsTolerance)
    return Fail("returns sum to " + std::to_string(sum) + ", not 1");
  return true;
}

// The same seed and actions give the same hashes, state after state.
bool GameChecker::CheckReplay() {
  auto s = game_.NewInitialState(seed_);
  if (s->Hash() != hashes_[0]) return Fail("the same seed gives another initial state");
  for (size_t i = 0; i < moves_.size(); ++i) {
    s->ApplyUnchecked(moves_[i].first, moves_[i].second);
    if (s->Hash() != hashes_[i + 1])
      return Fail("replaying the same seed and actions diverges after action " + std::to_string(i));
  }
  return true;
}

// A record of the game survives JSON text and replays to the same states.
bool GameChecker::CheckRecord() {
  GameRecord record;
  record.game = game_.name();
  record.params = game_.params().ToJson();
  record.seed = seed_;
  record.seats.assign(size_t(state_->NumPlayers()), "random");
  for (size_t i = 0; i < moves_.size(); ++i)
    record.actions.push_back({moves_[i].first, move_texts_[i]});
  record.result = ResultJson(*state_);
  auto loaded = GameRecord::FromJson(Json::parse(record.ToJson().dump()));
  if (!loaded) return Fail("GameRecord::FromJson failed: " + loaded.error().message);
  if (loaded->ToJson() != record.ToJson())
    return Fail("record round trip differs: " + JsonDiff(record.ToJson(), loaded->ToJson()));
  std::vector<uint64_t> replayed;
  auto replay = Replay(registry_, *loaded,
                       [&replayed](size_t, const State& s) { replayed.push_back(s.Hash()); });
  if (!replay) return Fail("Replay failed: " + replay.error().message);
  if (replay->game->Spec() != game_.Spec())
    return Fail("Replay built " + replay->game->Spec() + " from the record");
  if (!std::equal(replayed.begin(), replayed.end(), hashes_.begin() + 1, hashes_.end()) ||
      replay->state->Hash() != hashes_.back())
    return Fail("Replay of the record does not reproduce the game's states");
  return true;
}

}  // namespace savanna::conformance
