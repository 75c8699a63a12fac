// Hint searches: an agent's analysis of a determinization of the asking seat's view, run in
// slices by the scheduler, with its estimates kept for the reply.
#include "server/hints.h"

#include <algorithm>

#include "session/session.h"

namespace savanna::server {

bool OnlyAgentsBeside(const std::vector<std::string>& seats, int seat) {
  for (int s = 0; s < int(seats.size()); ++s)
    if (s != seat && seats[size_t(s)] == kHumanSeat) return false;
  return true;
}

namespace {

// Owns the agent and its analysis; Best (called once the thinking is done or cut) keeps the
// estimates for the reply, since the scheduler drops the decision before it replies.
class HintSearch final : public Decision {
 public:
  HintSearch(std::unique_ptr<Agent> agent, std::unique_ptr<Decision> analysis, HintEstimates out)
      : agent_(std::move(agent)), analysis_(std::move(analysis)), out_(std::move(out)) {}
  ~HintSearch() override { analysis_.reset(); }  // before the agent it belongs to
  bool Think(std::chrono::nanoseconds slice) override { return analysis_->Think(slice); }
  Action Best() override {
    *out_ = analysis_->Estimates();
    return analysis_->Best();
  }
  std::vector<ActionEstimate> Estimates() const override { return analysis_->Estimates(); }

 private:
  std::unique_ptr<Agent> agent_;
  std::unique_ptr<Decision> analysis_;
  HintEstimates out_;
};

}  // namespace

std::unique_ptr<Decision> BeginHintSearch(std::unique_ptr<Agent> agent, const State& state,
                                          Player seat, uint64_t seed, HintEstimates out) {
  Rng rng(seed);
  // The analysis copies this sample; the true state never reaches the search.
  const std::unique_ptr<State> sample = state.Determinize(seat, rng);
  auto analysis = agent->BeginAnalysis(*sample, seat);
  if (!analysis) return nullptr;
  return std::make_unique<HintSearch>(std::move(agent), std::move(analysis), std::move(out));
}

Json HintsJson(const State& state, Player seat, const std::vector<ActionEstimate>& estimates) {
  ActionList legal;
  state.LegalActions(seat, legal);
  Json hints = Json::array();
  for (Action a : legal) {
    const auto it = std::find_if(estimates.begin(), estimates.end(),
                                 [a](const ActionEstimate& e) { return e.action == a; });
    if (it == estimates.end() || it->visits == 0) continue;
    hints.push_back({{"action", state.ActionToString(seat, a)},
                     {"win_rate", it->win_rate},
                     {"visits", it->visits}});
  }
  return hints;
}

}  // namespace savanna::server
