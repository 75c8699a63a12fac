// The ladder's rungs, their ratings from neighbouring matches, and its verdicts in words.
#include "sim/ladder.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "agents/agent.h"
#include "agents/level_agent.h"
#include "core/check.h"

namespace savanna {
namespace {

// "a", "a and b", "a, b and c".
std::string JoinNames(const std::vector<std::string>& names) {
  std::string text;
  for (size_t k = 0; k < names.size(); ++k)
    text += (k == 0 ? "" : k + 1 == names.size() ? " and " : ", ") + names[k];
  return text;
}

const std::string& StateWord(const VerdictWords& words, Verdict v) {
  return v == Verdict::kHigher ? words.higher : v == Verdict::kLower ? words.lower : words.level;
}

const std::string& Noun(const VerdictWords& words, Verdict v) {
  return v == Verdict::kHigher ? words.higher_noun : words.lower_noun;
}

}  // namespace

const std::vector<std::string>& LadderBaselines() {
  static const std::vector<std::string> baselines = {"random", "greedy", "policy"};
  return baselines;
}

Result<std::vector<std::string>> DefaultRungs(std::string_view up_to,
                                              const std::vector<const Game*>& games) {
  std::vector<std::string> rungs;
  for (const std::string& name : LadderBaselines()) {
    auto factory = MakeAgentFactory(name);
    if (factory && std::all_of(games.begin(), games.end(), [&](const Game* game) {
          return CheckAgentPlays(*factory, *game).has_value();
        }))
      rungs.push_back(name);
  }
  if (up_to == "none") return rungs;
  std::string names = "none";
  // The levels count CPU time, so a loaded machine stretches the ladder's wall time but does not
  // weaken its rungs (a wall-clock budget on a busy machine searches less than its name says).
  for (const LevelInfo& level : Levels()) {
    rungs.push_back(std::string(level.name) + "(clock=cpu)");
    names += std::string(", ") + level.name;
    if (level.name == up_to) return rungs;
  }
  return Fail(ErrorCode::kInvalidArgument,
              "--ladder-up-to: '" + std::string(up_to) + "' is not a level (" + names + ")");
}

void RateRungs(Ladder& ladder) {
  ladder.ratings.clear();
  if (ladder.pairs.empty()) return;
  SAVANNA_CHECK(ladder.pairs.size() + 1 == ladder.rungs.size());
  ladder.ratings.push_back({0, 0, 0});
  double elo = 0, below = 0, above = 0;  // the sums of squared half-widths
  for (const SimResult& pair : ladder.pairs) {
    SAVANNA_CHECK(pair.ratings.size() == 2);
    // Two slots with mean 0: slot 0 is minus slot 1 in the fit and in every resample, so the
    // difference and its percentile interval are twice slot 1's.
    const Rating& upper = pair.ratings[1];
    const double difference = 2 * upper.elo;
    elo += difference;
    below += std::pow(difference - 2 * upper.ci95_low, 2);
    above += std::pow(2 * upper.ci95_high - difference, 2);
    ladder.ratings.push_back({elo, elo - std::sqrt(below), elo + std::sqrt(above)});
  }
}

std::vector<size_t> SkillOrder(const Ladder& ladder) {
  std::vector<size_t> order(ladder.rungs.size());
  std::iota(order.begin(), order.end(), size_t(0));
  if (ladder.ratings.size() == ladder.rungs.size())
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      return ladder.ratings[a].elo < ladder.ratings[b].elo;
    });
  return order;
}

std::string DescribeSkillChange(const VerdictWords& words, const std::vector<Verdict>& verdicts,
                                const std::vector<std::string>& names) {
  SAVANNA_CHECK(verdicts.size() == names.size());
  if (std::all_of(verdicts.begin(), verdicts.end(), [](Verdict v) { return v == Verdict::kLevel; }))
    return "";
  const Verdict first = verdicts.front(), last = verdicts.back();
  if (std::all_of(verdicts.begin(), verdicts.end(), [&](Verdict v) { return v == first; }))
    return words.subject + " is " + StateWord(words, first) + " at " + words.every;
  // One change: verdicts[0, k) are `first` and verdicts[k, n) are `last`.
  size_t k = 1;
  while (verdicts[k] == first) ++k;
  const bool one_change =
      std::all_of(verdicts.begin() + long(k), verdicts.end(), [&](Verdict v) { return v == last; });
  if (one_change) {
    const std::string& from = names[k];
    const std::string& until = names[k - 1];
    if (first == Verdict::kLevel)
      return Noun(words, last).empty()
                 ? words.subject + " is " + StateWord(words, last) + " from " + from + " up"
                 : words.subject + "'s " + Noun(words, last) + " appears from " + from + " up";
    if (last == Verdict::kLevel)
      return Noun(words, first).empty()
                 ? words.subject + " is " + StateWord(words, first) + " up to " + until + " and " +
                       words.level + " from " + from + " up"
                 : words.subject + "'s " + Noun(words, first) + " holds up to " + until +
                       " and disappears from " + from + " up";
    return words.subject + " is " + StateWord(words, first) + " up to " + until + " and " +
           StateWord(words, last) + " from " + from + " up";
  }
  // Several changes: every verdict with its rungs, in the order they first appear.
  std::vector<Verdict> seen;
  for (Verdict v : verdicts)
    if (std::find(seen.begin(), seen.end(), v) == seen.end()) seen.push_back(v);
  std::vector<std::string> parts;
  for (Verdict v : seen) {
    std::vector<std::string> at;
    for (size_t r = 0; r < verdicts.size(); ++r)
      if (verdicts[r] == v) at.push_back(names[r]);
    parts.push_back(StateWord(words, v) + " at " + JoinNames(at));
  }
  std::string text = words.subject + " changes more than once with skill: ";
  for (size_t p = 0; p < parts.size(); ++p)
    text += (p == 0 ? "" : p + 1 == parts.size() ? "; and " : "; ") + parts[p];
  return text;
}

}  // namespace savanna
