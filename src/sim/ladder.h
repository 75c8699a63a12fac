// The skill ladder of `savanna report SPEC... --ladder`: every configuration played at every rung
// of a ladder of agents, each rung against itself (all seats the same agent), and the rungs rated
// on the Bradley-Terry (Elo) scale from short matches between neighbouring rungs. The verdicts
// per rung are put into words: where a seat's advantage appears or disappears with skill.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "sim/simulation.h"

namespace savanna {

// The baselines of the default ladder, weakest first: each is a rung when an agent of that name
// exists (built in, or registered from outside as the Python module does) and can play every
// game of the report (CheckAgentPlays: `policy` only where each game ships a net).
const std::vector<std::string>& LadderBaselines();

// The default rungs for `games`: the baselines that exist and play them all, then the search
// levels (agents/level_agent.h) weakest first up to the level `up_to` ("easy", "medium", ...)
// included; "none" for no level. An unknown level is an error naming the levels.
Result<std::vector<std::string>> DefaultRungs(std::string_view up_to,
                                              const std::vector<const Game*>& games);

// One configuration's ladder.
struct Ladder {
  std::vector<std::string> rungs;    // agent specs, weakest first
  std::vector<SimResult> self_play;  // one per rung: the rung in every seat
  // The rating matches: pairs[k] between rungs k (slot 0) and k + 1 (slot 1), each with its
  // Bradley-Terry ratings and bootstrap intervals (RunSimulation's). Empty: not rated.
  std::vector<SimResult> pairs;
  // One per rung, rung 0 at 0 (filled by RateRungs; empty when not rated).
  std::vector<Rating> ratings;
};

// Rates the rungs from the pairs: rung k's rating is the sum of the pair differences below it
// (each pair's Bradley-Terry difference, slot 1 minus slot 0). On a chain of pairs this is the
// joint Bradley-Terry fit of all the matches (a tree of comparisons has no cycle to reconcile;
// only the fits' prior of one drawn game per pair differs). The 95% interval adds the pairs'
// bootstrap half-widths in quadrature, below and above separately (the pairs are independent
// samples; a normal approximation beyond the first pair).
void RateRungs(Ladder& ladder);

// The rungs in the order of skill: by rating when rated (ties in ladder order), else as given.
std::vector<size_t> SkillOrder(const Ladder& ladder);

// How one quantity compares at each rung (in skill order): with the fair share or the weakest
// rung.
enum class Verdict { kLevel, kHigher, kLower };

// Words for one subject's verdicts. `higher`, `lower`, `level`: the states ("ahead", "behind",
// "fair"; "higher than at random", ...); `higher_noun`, `lower_noun`, when not empty: the nouns
// of "P2's advantage appears from medium up".
struct VerdictWords {
  std::string subject;
  std::string higher, lower, level;
  std::string higher_noun, lower_noun;
  std::string every = "every rung";  // all the rungs at once ("every rung above random")
};

// A sentence saying where the verdicts change with skill, rungs named by `names` (in the same
// skill order as `verdicts`): "P2's advantage appears from medium up", "P0 is behind at every
// rung", "P1 is ahead at greedy and strong, level at random, easy and medium". Empty when every
// verdict is kLevel.
std::string DescribeSkillChange(const VerdictWords& words, const std::vector<Verdict>& verdicts,
                                const std::vector<std::string>& names);

}  // namespace savanna
