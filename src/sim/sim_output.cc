// The reports of a simulation: the JSON document of the `savanna sim` contract, one CSV row per
// game, and the terminal table.
#include <algorithm>
#include <cstdio>
#include <string>

#include "sim/simulation.h"

namespace savanna {
namespace {

// A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180).
std::string CsvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

template <class... Args>
std::string Format(const char* format, Args... args) {
  const int size = std::snprintf(nullptr, 0, format, args...);
  std::string text(size_t(std::max(size, 0)), '\0');
  std::snprintf(text.data(), text.size() + 1, format, args...);
  return text;
}

// A number with ten significant digits and no trailing zeros ("0.5", "12", "0.3333333333").
std::string CsvNumber(double value) { return Format("%.10g", value); }

Json DistributionJson(const Distribution& d) {
  return {{"mean", d.mean},     {"sd", d.sd},   {"min", d.min}, {"p10", d.p10},
          {"median", d.median}, {"p90", d.p90}, {"max", d.max}, {"bin_width", d.bin_width},
          {"counts", d.counts}};
}

Json RateJson(const RateEstimate& r) {
  return {{"count", r.count},
          {"games", r.games},
          {"rate", r.rate},
          {"ci95", {r.ci95_low, r.ci95_high}}};
}

Json MeanJson(const MeanEstimate& m) {
  return {{"games", m.games}, {"mean", m.mean}, {"sd", m.sd}, {"ci95", {m.ci95_low, m.ci95_high}}};
}

Json BalanceJson(const BalanceSummary& b) {
  const FirstMoveAdvantage& f = b.first_move;
  return {{"tie_rate", RateJson(b.tie_rate)},
          {"lead_changes", MeanJson(b.lead_changes)},
          {"decided_at", MeanJson(b.decided_at)},
          {"comeback_rate", RateJson(b.comeback_rate)},
          {"score_spread", MeanJson(b.score_spread)},
          {"first_move_advantage",
           {{"players", f.players},
            {"seat0_win_rate", f.win_rate},
            {"fair_share", f.fair_share},
            {"advantage", f.advantage},
            {"ci95", {f.ci95_low, f.ci95_high}}}}};
}

// The balance metrics: one line each, value, interval and what it counts over.
std::string BalanceTable(const BalanceSummary& b) {
  std::string table =
      Format("\n%-20s  %8s  %-20s  %s\n", "balance", "value", "95% interval", "over");
  auto rate = [&](const char* name, const RateEstimate& r, const char* over) {
    const std::string interval = Format("[%.1f%%, %.1f%%]", 100 * r.ci95_low, 100 * r.ci95_high);
    table += Format("%-20s  %7.2f%%  %-20s  %lld %s\n", name, 100 * r.rate, interval.c_str(),
                    static_cast<long long>(r.games), over);
  };
  auto mean = [&](const char* name, const MeanEstimate& m, double scale, const char* over) {
    const bool percent = scale != 1;
    const std::string interval =
        percent ? Format("[%.1f%%, %.1f%%]", scale * m.ci95_low, scale * m.ci95_high)
                : Format("[%.2f, %.2f]", m.ci95_low, m.ci95_high);
    table += Format(percent ? "%-20s  %7.2f%%  %-20s  %lld %s\n" : "%-20s  %8.2f  %-20s  %lld %s\n",
                    name, scale * m.mean, interval.c_str(), static_cast<long long>(m.games), over);
  };
  rate("tie rate", b.tie_rate, "games");
  mean("lead changes", b.lead_changes, 1, "games");
  mean("decided at", b.decided_at, 100, "sole wins (share of the actions)");
  rate("comeback rate", b.comeback_rate, "sole wins");
  mean("score spread", b.score_spread, 1, "games (top minus bottom score)");
  const FirstMoveAdvantage& f = b.first_move;
  const std::string interval = Format("[%+.1f%%, %+.1f%%]", 100 * f.ci95_low, 100 * f.ci95_high);
  table +=
      Format("%-20s  %+7.2f%%  %-20s  P0 won %.2f%%, fair share %.1f%%\n", "first-move advantage",
             100 * f.advantage, interval.c_str(), 100 * f.win_rate, 100 * f.fair_share);
  return table;
}

}  // namespace

Json SimResultToJson(const SimResult& result) {
  Json seats = Json::array();
  for (const AgentSummary& s : result.seats)
    seats.push_back({{"agent", s.agent},
                     {"wins", s.wins},
                     {"win_rate", s.win_rate},
                     {"ci95", {s.ci95_low, s.ci95_high}},
                     {"mean_score", s.mean_score}});
  Json j;
  j["game"] = result.game;
  j["game_name"] = result.game_name;
  j["params"] = result.params;
  j["games"] = result.games;
  j["seed"] = result.seed;
  j["agents"] = result.agents;
  j["seats"] = std::move(seats);
  j["mean_length"] = result.mean_length;
  j["players"] = result.players;
  j["deals"] = result.deals;
  j["seatings"] = result.seatings;
  Json advantage = Json::array();
  for (size_t seat = 0; seat < result.seat_advantage.size(); ++seat) {
    const SeatSummary& s = result.seat_advantage[seat];
    advantage.push_back({{"seat", seat},
                         {"wins", s.wins},
                         {"win_rate", s.win_rate},
                         {"ci95", {s.ci95_low, s.ci95_high}}});
  }
  j["seat_advantage"] = std::move(advantage);
  Json ratings = Json::array();
  for (size_t slot = 0; slot < result.ratings.size(); ++slot) {
    const Rating& r = result.ratings[slot];
    ratings.push_back(
        {{"agent", result.agents[slot]}, {"elo", r.elo}, {"ci95", {r.ci95_low, r.ci95_high}}});
  }
  j["ratings"] = std::move(ratings);
  j["pairwise"] = result.pairwise;
  j["length"] = DistributionJson(result.length);
  Json scores = Json::array();
  for (const Distribution& d : result.scores) scores.push_back(DistributionJson(d));
  j["scores"] = std::move(scores);
  j["balance"] = BalanceJson(result.balance);
  return j;
}

std::string CsvHeader(int players) {
  std::string csv = "index,deal,seed,length";
  for (int s = 0; s < players; ++s) {
    const std::string seat = "seat" + std::to_string(s);
    csv += "," + seat + "_agent," + seat + "_spec," + seat + "_score," + seat + "_return";
  }
  return csv + '\n';
}

std::string CsvRow(const std::vector<std::string>& agents, const GameOutcome& o) {
  std::string csv = std::to_string(o.index) + "," + std::to_string(o.deal) + "," +
                    std::to_string(o.seed) + "," + std::to_string(o.length);
  for (size_t s = 0; s < o.seat_agent.size(); ++s) {
    const int slot = o.seat_agent[s];
    csv += "," + std::to_string(slot) + "," + CsvField(agents[size_t(slot)]) + "," +
           CsvNumber(o.scores[s]) + "," + CsvNumber(o.returns[s]);
  }
  return csv + '\n';
}

std::string SimResultToCsv(const SimResult& result) {
  std::string csv = CsvHeader(result.players);
  for (const GameOutcome& o : result.outcomes) csv += CsvRow(result.agents, o);
  return csv;
}

std::string SummaryTable(const SimResult& result) {
  int agent_width = 5;
  for (const AgentSummary& s : result.seats)
    agent_width = std::max(agent_width, int(s.agent.size()));
  std::string table = result.game + ": " + std::to_string(result.games) + " games (" +
                      std::to_string(result.deals) + " deals x " +
                      std::to_string(result.seatings.size()) + " seatings), seed " +
                      std::to_string(result.seed) + ", mean length " +
                      Format("%.1f", result.mean_length) + " actions\n";
  table += Format("%-4s  %-*s  %10s  %8s  %-17s  %10s\n", "slot", agent_width, "agent", "wins",
                  "win rate", "95% interval", "mean score");
  for (size_t i = 0; i < result.seats.size(); ++i) {
    const AgentSummary& s = result.seats[i];
    const std::string interval = Format("[%.1f%%, %.1f%%]", 100 * s.ci95_low, 100 * s.ci95_high);
    table += Format("%-4zu  %-*s  %10.1f  %7.2f%%  %-17s  %10.2f\n", i, agent_width,
                    s.agent.c_str(), s.wins, 100 * s.win_rate, interval.c_str(), s.mean_score);
  }
  if (!result.ratings.empty()) {
    table +=
        Format("\n%-4s  %-*s  %8s  %s\n", "slot", agent_width, "agent", "rating", "95% interval");
    for (size_t i = 0; i < result.ratings.size(); ++i) {
      const Rating& r = result.ratings[i];
      const std::string interval = Format("[%.0f, %.0f]", r.ci95_low, r.ci95_high);
      table += Format("%-4zu  %-*s  %8.0f  %s\n", i, agent_width, result.agents[i].c_str(), r.elo,
                      interval.c_str());
    }
  }
  table += Format("\nseat  %8s  %-17s  (fair share %.1f%%)\n", "win rate", "95% interval",
                  100.0 / std::max(1, result.players));
  for (size_t seat = 0; seat < result.seat_advantage.size(); ++seat) {
    const SeatSummary& s = result.seat_advantage[seat];
    const std::string interval = Format("[%.1f%%, %.1f%%]", 100 * s.ci95_low, 100 * s.ci95_high);
    table += Format("P%-3zu  %7.2f%%  %s\n", seat, 100 * s.win_rate, interval.c_str());
  }
  return table + BalanceTable(result.balance);
}

}  // namespace savanna
