// GameChecker's full checks, run at every step of the first games and at sampled steps of the
// others: strings, the illegal-id sweep, clones, JSON, views and simultaneous submissions.
#include <algorithm>
#include <cctype>
#include <numeric>
#include <set>

#include "conformance/game_checker.h"

namespace savanna::conformance {
namespace {

// ParseAction is checked on every legal action up to this many, on a random sample beyond.
constexpr int kMaxParsedActions = 64;
// Pending-submission secrecy compares the views after up to this many different submissions.
constexpr int kMaxComparedSubmissions = 6;

std::string ViewerName(Player v) { return v == kSpectator ? "spectator" : std::to_string(v); }

Json WithoutRng(Json json) {
  if (json.is_object()) json.erase("rng");
  return json;
}

// The RNG words of a full state, when it keeps them under "rng" as RngToJson writes them.
std::vector<std::string> RngWords(const Json& full) {
  std::vector<std::string> words;
  if (!full.is_object() || !full.contains("rng") || !full["rng"].is_array()) return words;
  for (const Json& w : full["rng"])
    if (w.is_string()) words.push_back(w.get<std::string>());
  return words;
}

// True when `json` has a key "rng" anywhere or a string containing one of `secrets`.
bool ContainsSecret(const Json& json, const std::vector<std::string>& secrets) {
  if (json.is_object()) {
    for (const auto& [key, value] : json.items())
      if (key == "rng" || ContainsSecret(value, secrets)) return true;
  } else if (json.is_array()) {
    for (const Json& value : json)
      if (ContainsSecret(value, secrets)) return true;
  } else if (json.is_string()) {
    const auto& s = json.get_ref<const std::string&>();
    for (const auto& secret : secrets)
      if (s.find(secret) != std::string::npos) return true;
  }
  return false;
}

// A value of another JSON type than `value`.
Json WrongType(const Json& value) { return value.is_string() ? Json(12345) : Json("corrupt"); }

std::string Upper(std::string s) {
  for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

// ---- Full checks ----------------------------------------------------------------------------

bool GameChecker::CheckFull() {
  ++report_.full_steps;
  full_json_ = state_->ToJson();
  return CheckStrings() && CheckIllegalSweep() && CheckClone() && CheckJson() &&
         CheckCorruptJson() && CheckViews() && CheckSubmissionSecrecy() &&
         CheckOrderIndependence() && CheckPublicStrings();
}

// Action strings are unique among the legal actions; ParseAction reads each one back, ignoring
// case and surrounding space.
bool GameChecker::CheckStrings() {
  for (Player p : state_->PlayersToAct()) {
    const ActionList& legal = legal_[p];
    std::vector<std::string> texts;
    std::set<std::string> seen;
    for (Action a : legal) {
      texts.push_back(state_->ActionToString(p, a));
      if (!seen.insert(Upper(texts.back())).second)
        return Fail("player " + std::to_string(p) + ": two legal actions read '" + texts.back() +
                    "' (ignoring case)");
    }
    for (int i = 0; i < legal.Size(); ++i) {
      if (legal.Size() > kMaxParsedActions &&
          check_rng_.Below(uint32_t(legal.Size())) >= uint32_t(kMaxParsedActions))
        continue;
      for (const std::string& text : {texts[i], "  " + Upper(texts[i]) + " "}) {
        auto parsed = state_->ParseAction(p, text);
        if (!parsed || *parsed != legal[i])
          return Fail("player " + std::to_string(p) + ": ParseAction('" + text + "') gives " +
                      (parsed ? std::to_string(*parsed) : parsed.error().message) + ", expected " +
                      std::to_string(legal[i]));
      }
    }
    if (state_->ParseAction(p, "\x01 not an action"))
      return Fail("ParseAction accepted a nonsense string for player " + std::to_string(p));
  }
  return CheckStructuredActions();
}

// Every legal action's structured form is an object with a string "kind" (never "invalid"),
// and no two legal actions of a player share one.
bool GameChecker::CheckStructuredActions() {
  for (Player p : state_->PlayersToAct()) {
    std::set<std::string> seen;
    for (Action a : legal_[p]) {
      const Json structured = state_->StructuredAction(p, a);
      const std::string what = "player " + std::to_string(p) + ": the structured form of '" +
                               state_->ActionToString(p, a) + "' (" + structured.dump() + ")";
      if (!structured.is_object() || !structured.contains("kind") ||
          !structured["kind"].is_string() || structured["kind"] == "invalid")
        return Fail(what + " is not an object with a \"kind\"");
      if (!seen.insert(structured.dump()).second)
        return Fail(what + " is that of another legal action too");
      if (!state_->PublicStructuredAction(p, a).is_object())
        return Fail(what + ": its public form is not an object");
    }
  }
  return true;
}

// Every id that is not legal, for every player, is rejected and changes nothing; IsLegal agrees
// with LegalActions. The state is compared once after the whole sweep; only if it changed does
// a second sweep compare after each rejection, to name the culprit.
bool GameChecker::CheckIllegalSweep() {
  const int n = state_->NumPlayers(), nda = game_.NumDistinctActions();
  for (int pass = 0; pass < 2; ++pass) {
    const bool each = pass == 1;
    scratch_->CopyFrom(*state_);
    auto reject = [&](Player p, Action a, const char* what) {
      if (scratch_->Apply(p, a))
        return Fail("player " + std::to_string(p) + " action " + std::to_string(a) + " (" + what +
                    ") was accepted");
      if (each && scratch_->Hash() != hash_)
        return Fail("rejecting player " + std::to_string(p) + " action " + std::to_string(a) +
                    " (" + what + ") changed the state");
      return true;
    };
    for (Player p = 0; p < n; ++p)
      for (Action a = -1; a <= nda; ++a) {
        const bool legal = std::binary_search(legal_[p].begin(), legal_[p].end(), a);
        if (!each && state_->IsLegal(p, a) != legal)
          return Fail("IsLegal(" + std::to_string(p) + ", " + std::to_string(a) +
                      ") disagrees with LegalActions");
        if (!legal && !reject(p, a, "not legal")) return false;
      }
    for (Player p : {kSpectator, n, kMaxPlayers, 1000})
      if (!reject(p, 0, "no such player")) return false;
    const Json after = scratch_->ToJson();
    if (scratch_->Hash() == hash_ && after == full_json_) return true;
    if (each) return Fail("rejected actions changed the state: " + JsonDiff(full_json_, after));
  }
  return true;
}

// A clone is equal and independent; CopyFrom gives an equal state.
bool GameChecker::CheckClone() {
  auto clone = state_->Clone();
  if (clone->Hash() != hash_ || clone->ToJson() != full_json_)
    return Fail("Clone() differs from the original: " + JsonDiff(full_json_, clone->ToJson()));
  if (action_ != kInvalidAction) {
    if (auto applied = clone->Apply(player_, action_); !applied)
      return Fail("the clone rejected the chosen move: " + applied.error().message);
    applied_hash_ = clone->Hash();
    if (state_->Hash() != hash_ || state_->ToJson() != full_json_)
      return Fail("applying a move to a clone changed the original");
  }
  scratch_->CopyFrom(*state_);
  if (scratch_->Hash() != hash_ || scratch_->ToJson() != full_json_)
    return Fail("CopyFrom() gives a different state: " + JsonDiff(full_json_, scratch_->ToJson()));
  return true;
}

// ToJson -> text -> StateFromJson gives the same state, which then plays the same.
bool GameChecker::CheckJson() {
  Json parsed;
  try {
    parsed = Json::parse(full_json_.dump());
  } catch (const std::exception& e) {
    return Fail("ToJson() cannot be written as text: " + std::string(e.what()));
  }
  std::string error;
  auto loaded = Load(parsed, &error);
  if (!loaded) {
    if (!failed_) Fail("StateFromJson(ToJson()) failed: " + error);
    return false;
  }
  if (loaded->ToJson() != full_json_)
    return Fail("ToJson/StateFromJson round trip differs: " +
                JsonDiff(full_json_, loaded->ToJson()));
  if (loaded->Hash() != hash_) return Fail("the reloaded state has another Hash()");
  if (action_ != kInvalidAction) {
    if (auto applied = loaded->Apply(player_, action_); !applied)
      return Fail("the reloaded state rejected the chosen move: " + applied.error().message);
    if (loaded->Hash() != applied_hash_)
      return Fail("the reloaded state plays differently from the original");
  }
  return true;
}

// StateFromJson rejects documents with a field removed or of the wrong type, without crashing.
bool GameChecker::CheckCorruptJson() {
  if (!full_json_.is_object() || full_json_.empty())
    return Fail("ToJson() must be a non-empty JSON object");
  std::string error;
  for (const Json& junk : {Json(), Json::array(), Json("state")})
    if (Load(junk, &error)) return Fail("StateFromJson accepted " + junk.dump());
  if (failed_) return false;
  auto it = full_json_.begin();
  std::advance(it, check_rng_.Below(uint32_t(full_json_.size())));
  const std::string key = it.key();
  Json removed = full_json_, retyped = full_json_;
  removed.erase(key);
  retyped[key] = WrongType(retyped[key]);
  if (Load(removed, &error)) return Fail("StateFromJson accepted a state without '" + key + "'");
  if (Load(retyped, &error))
    return Fail("StateFromJson accepted a state whose '" + key + "' is " + retyped[key].dump());
  return !failed_;
}

// Determinize(viewer) draws from what the viewer sees only: from `other`, a state the viewer
// cannot tell from this one (one of its determinizations), the same generator gives the same
// world. Otherwise a search whose seed is known would play differently with different hidden
// cards, and its choices would give them away.
bool GameChecker::CheckDeterminizationIgnoresTruth(Player viewer, const State& other) {
  const uint64_t seed = check_rng_.Next();
  Rng from_truth(seed), from_other(seed);
  auto a = state_->Determinize(viewer, from_truth);
  auto b = other.Determinize(viewer, from_other);
  if (a->Hash() == b->Hash()) return true;
  return Fail("viewer " + ViewerName(viewer) +
              ": Determinize() depends on what the viewer cannot see: with the same generator, "
              "a state it cannot tell from this one gives another world: " +
              JsonDiff(a->ToJson(), b->ToJson()));
}

// Views hide what they must: Determinize(viewer) leaves View(viewer) and the viewer's
// ObservationTensor unchanged, re-seeds the RNG and gives a valid state (one determinization per
// step is reloaded from JSON to check this); no view shows the RNG.
bool GameChecker::CheckViews() {
  const std::vector<std::string> secrets = RngWords(full_json_);
  const Json truth = WithoutRng(full_json_);
  const Player reloaded = Player(check_rng_.Below(uint32_t(state_->NumPlayers() + 1))) - 1;
  for (Player v = kSpectator; v < state_->NumPlayers(); ++v) {
    const Json view = state_->View(v);
    const std::string text = state_->ViewText(v);
    const std::string who = "viewer " + ViewerName(v);
    if (ContainsSecret(view, secrets)) return Fail(who + ": View() shows the RNG");
    if (!Observe(*state_, v, tensor_)) return false;
    for (const auto& secret : secrets)
      if (text.find(secret) != std::string::npos) return Fail(who + ": ViewText() shows the RNG");
    for (int d = 0; d < kDeterminizationsPerViewer; ++d) {
      Rng rng(check_rng_.Next());
      auto det = state_->Determinize(v, rng);
      Json det_json = det->ToJson();
      if (state_->Hash() != hash_) return Fail(who + ": Determinize() changed the original");
      if (det->View(v) != view)
        return Fail(who + ": Determinize() changed View(): " + JsonDiff(view, det->View(v)));
      if (det->ViewText(v) != text)
        return Fail(who + ": Determinize() changed ViewText():\n" + text + "---\n" +
                    det->ViewText(v));
      if (!secrets.empty() && det_json.is_object() && det_json.contains("rng") &&
          det_json["rng"] == full_json_["rng"])
        return Fail(who + ": Determinize() kept the true RNG state");
      if (!CheckTensorOfDeterminization(*det, v, tensor_)) return false;
      if (d == 0 && !CheckDeterminizationIgnoresTruth(v, *det)) return false;
      if (det->PlayersToAct() != state_->PlayersToAct())
        return Fail(who + ": Determinize() changed PlayersToAct()");
      if (v != kSpectator) {
        ActionList det_legal;
        det->LegalActions(v, det_legal);
        if (!std::equal(det_legal.begin(), det_legal.end(), legal_[v].begin(), legal_[v].end()))
          return Fail(who + ": Determinize() changed the viewer's legal actions");
      }
      std::string error;
      if (v == reloaded && d == 0 && !Load(det_json, &error)) {
        if (!failed_) Fail(who + ": a determinized state does not load: " + error);
        return false;
      }
      ++report_.determinizations;
      if (det_json.is_object()) det_json.erase("rng");
      if (det_json != truth) ++report_.varied_determinizations;
    }
  }
  return true;
}

// While others still owe a submission, what a player submitted shows in nobody else's view,
// and changes nobody else's options.
bool GameChecker::CheckSubmissionSecrecy() {
  const PlayerSet acting = state_->PlayersToAct();
  if (acting.Size() < 2 || action_ == kInvalidAction) return true;
  const Player p = player_;
  const ActionList& legal = legal_[p];
  std::vector<int> picks;
  for (int i = 0; i < legal.Size(); ++i) picks.push_back(i);
  check_rng_.Shuffle(picks.data(), picks.size());
  picks.resize(std::min<size_t>(picks.size(), kMaxComparedSubmissions));
  std::vector<Json> views;
  std::vector<std::string> texts;
  for (size_t k = 0; k < picks.size(); ++k) {
    const Action a = legal[picks[k]];
    scratch_->CopyFrom(*state_);
    if (auto applied = scratch_->Apply(p, a); !applied)
      return Fail("legal action " + std::to_string(a) + " rejected: " + applied.error().message);
    for (Player q : acting) {
      if (q == p) continue;
      ActionList after;
      scratch_->LegalActions(q, after);
      if (!std::equal(after.begin(), after.end(), legal_[q].begin(), legal_[q].end()))
        return Fail("player " + std::to_string(q) + "'s legal actions depend on player " +
                    std::to_string(p) + "'s pending submission " + std::to_string(a));
    }
    int slot = 0;
    for (Player v = kSpectator; v < state_->NumPlayers(); ++v) {
      if (v == p) continue;
      Json view = scratch_->View(v);
      std::string text = scratch_->ViewText(v);
      if (k == 0) {
        views.push_back(std::move(view));
        texts.push_back(std::move(text));
      } else if (view != views[slot] || text != texts[slot]) {
        return Fail("viewer " + ViewerName(v) + " can tell player " + std::to_string(p) +
                    "'s pending submission " + std::to_string(legal[picks[0]]) + " from " +
                    std::to_string(a) + ": " + JsonDiff(views[slot], view));
      }
      ++slot;
    }
  }
  return true;
}

// The same simultaneous submissions in any order give the same state.
bool GameChecker::CheckOrderIndependence() {
  const PlayerSet acting = state_->PlayersToAct();
  if (acting.Size() < 2) return true;
  std::vector<Player> players;
  for (Player q : acting) players.push_back(q);
  std::vector<Action> choices;
  for (Player q : players)
    choices.push_back(legal_[q][int(check_rng_.Below(uint32_t(legal_[q].Size())))]);
  std::vector<int> order(players.size());
  std::iota(order.begin(), order.end(), 0);
  const bool all = int(players.size()) <= kMaxPlayersForAllOrders;
  uint64_t first_hash = 0;
  Json first_json;
  for (int round = 0;; ++round) {
    if (!all && round > 0) check_rng_.Shuffle(order.data(), order.size());
    scratch_->CopyFrom(*state_);
    std::string order_text;
    for (int i : order) {
      order_text += std::to_string(players[i]) + ":" + std::to_string(choices[i]) + " ";
      if (auto applied = scratch_->Apply(players[i], choices[i]); !applied)
        return Fail("submission order " + order_text + "was rejected: " + applied.error().message);
    }
    if (round == 0) {
      first_hash = scratch_->Hash();
      first_json = scratch_->ToJson();
    } else if (scratch_->Hash() != first_hash || scratch_->ToJson() != first_json) {
      return Fail("the order of simultaneous submissions matters: order " + order_text + "gives " +
                  JsonDiff(first_json, scratch_->ToJson()));
    }
    if (all ? !std::next_permutation(order.begin(), order.end()) : round + 1 >= kRandomOrders)
      break;
  }
  return true;
}

// At a sequential step, two actions that a viewer cannot tell apart afterwards (its view is
// the same) must read the same in the viewer's log: PublicActionString and
// PublicStructuredAction name nothing hidden.
// Two actions that lead to the very same state (Kitara: removing two warriors in either order,
// the second removal forced) hide nothing from anyone, so their texts may differ.
bool GameChecker::CheckPublicStrings() {
  const PlayerSet acting = state_->PlayersToAct();
  if (acting.Size() != 1 || report_.public_string_checks >= kMaxPublicStringChecks) return true;
  ++report_.public_string_checks;
  const Player p = acting.First();
  std::vector<Action> actions(legal_[p].begin(), legal_[p].end());
  check_rng_.Shuffle(actions.data(), actions.size());
  actions.resize(std::min<size_t>(actions.size(), kMaxPublicStringActions));
  std::vector<std::string> texts, structured;   // public forms
  std::vector<std::vector<std::string>> views;  // per action, per viewer other than p
  std::vector<std::string> states;              // per action, the whole state afterwards
  for (Action a : actions) {
    texts.push_back(state_->PublicActionString(p, a));
    structured.push_back(state_->PublicStructuredAction(p, a).dump());
    if (texts.back().empty())
      return Fail("PublicActionString(" + std::to_string(p) + ", " + std::to_string(a) +
                  ") is empty");
    scratch_->CopyFrom(*state_);
    scratch_->ApplyUnchecked(p, a);
    states.push_back(scratch_->ToJson().dump());
    views.emplace_back();
    for (Player v = kSpectator; v < state_->NumPlayers(); ++v)
      if (v != p) views.back().push_back(scratch_->View(v).dump());
  }
  for (size_t i = 0; i < actions.size(); ++i)
    for (size_t j = i + 1; j < actions.size(); ++j) {
      if (states[i] == states[j]) continue;
      bool alike = false;
      for (size_t k = 0; k < views[i].size(); ++k) alike = alike || views[i][k] == views[j][k];
      if (!alike) continue;
      const std::string pair = "player " + std::to_string(p) + "'s actions '" +
                               state_->ActionToString(p, actions[i]) + "' and '" +
                               state_->ActionToString(p, actions[j]) +
                               "' look alike afterwards to a viewer, but their public ";
      if (texts[i] != texts[j])
        return Fail(pair + "strings differ: '" + texts[i] + "' and '" + texts[j] + "'");
      if (structured[i] != structured[j])
        return Fail(pair + "structured forms differ: " + structured[i] + " and " + structured[j]);
    }
  return true;
}

}  // namespace savanna::conformance
