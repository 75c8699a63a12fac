// The terminal game of terminal_play.h. Each human seat sees only its own view; with several
// human seats (hotseat) the screen is cleared before each turn. Agent moves are announced only
// once they are public.
#include "session/terminal_play.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "core/json_io.h"
#include "core/rng.h"
#include "core/story.h"
#include "core/text.h"
#include "session/session.h"

namespace savanna {
namespace {
// Hints show at most this many actions, the best first.
constexpr size_t kMaxHints = 10;
// The hint agent's seed stream, derived from the game's seed.
constexpr uint64_t kHintSeedStream = 0x4817;

constexpr const char* kClearScreen = "\x1b[2J\x1b[H";
constexpr size_t kLineWidth = 100;
// Longer action lists are summarised; `moves` lists them (all, or those matching a word).
constexpr size_t kMaxListed = 40;

bool IsNumber(const std::string& s) {
  if (s.empty() || s.size() > 9) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

class TerminalGame {
 public:
  // `seat_texts`: the seats as the user wrote them ("random"), for labels; the record keeps the
  // agents' full specs.
  // `hint_agent` estimates each action's chance of winning for a human seat: on request
  // ('hint') or, with `auto_hints`, before every human decision.
  TerminalGame(Session session, std::vector<std::string> seat_texts, std::string record_path,
               std::unique_ptr<Agent> hint_agent, bool auto_hints)
      : session_(std::move(session)),
        seat_texts_(std::move(seat_texts)),
        record_path_(std::move(record_path)),
        hint_agent_(std::move(hint_agent)),
        auto_hints_(auto_hints),
        unseen_(size_t(session_.NumPlayers())) {
    for (Player p = 0; p < session_.NumPlayers(); ++p)
      if (session_.IsHuman(p)) {
        ++humans_;
        reader_ = p;
      }
    if (humans_ != 1) reader_ = kSpectator;
  }

  // Plays until the game ends or a human quits (or stdin ends). An agent that cannot choose
  // (AgentError) stops the game where it is, with its record kept, and is the error returned.
  Result<void> Run() {
    while (true) {
      try {
        Announce(session_.RunAgents([this] { SaveRecord(); }));
      } catch (const AgentError& e) {
        PrintStopped();
        return Fail(ErrorCode::kInvalidArgument, e.what());
      }
      if (session_.IsTerminal()) break;
      if (!HumanTurn(session_.HumansToAct().First())) {
        PrintStopped();
        return {};
      }
    }
    PrintResult();
    return {};
  }

 private:
  std::string SeatLabel(Player p) const {
    return SeatName(p) + " (" + seat_texts_[size_t(p)] + ")";
  }

  void PrintStopped() const {
    std::cout << "\nGame stopped after " << session_.record().actions.size() << " actions"
              << (record_path_.empty() ? "" : "; the record is in " + record_path_) << ".\n";
  }

  // Saves the record when --record was given; warns once on stderr if that fails.
  void SaveRecord() {
    if (record_path_.empty()) return;
    auto saved = WriteTextFileAtomic(record_path_, FormatJson(session_.record().ToJson()));
    if (!saved && !save_warned_) {
      // One line on stderr, written at once, as the program prints its errors.
      const std::string line = "savanna: cannot save the record: " + saved.error().message + "\n";
      std::cout.flush();
      std::cerr << line << std::flush;
    }
    save_warned_ = save_warned_ || !saved;
  }

  // Prints public moves; with hotseat also queues them for every human seat's next turn, since
  // the screen is cleared before that turn. With one human seat the screen is that seat's; with
  // several it is shared, and with none it is a spectator's: then only public texts show.
  void Announce(const Revealed& revealed) {
    // A move reads as its text and, where the game tells more, what it did (State::Story).
    auto told = [&](const RevealedAction& move, Player reader) {
      const std::string& story = move.StoryFor(reader);
      return SeatLabel(move.player) + ": " + move.TextFor(reader) +
             (story.empty() ? "" : " (" + StoryText(story) + ")");
    };
    for (const RevealedAction& move : revealed) {
      std::cout << "  " << told(move, reader_) << "\n";
      if (humans_ > 1)  // each human seat knows its own moves
        for (Player p = 0; p < Player(unseen_.size()); ++p)
          if (p != move.player) unseen_[size_t(p)].push_back(told(move, p));
    }
    std::cout.flush();
  }

  void ShowTurn(Player seat) const {
    std::cout << "\n" << session_.ViewText(seat) << "\nYour move, " << SeatName(seat) << ":\n";
    const std::vector<std::string> legal = session_.LegalActions(seat);
    if (legal.size() <= kMaxListed) {
      ListActions(legal, "");
      return;
    }
    std::cout << "  " << legal.size() << " actions, from '" << legal.front() << "' to '"
              << legal.back()
              << "'.\n  Type one, 'moves' to list them all or 'moves WORD' to list those with "
                 "WORD.\n";
  }

  // Prints the numbered actions whose text contains `word` (all when it is empty).
  static void ListActions(const std::vector<std::string>& legal, const std::string& word) {
    std::string line;
    for (size_t i = 0; i < legal.size(); ++i) {
      if (!word.empty() && legal[i].find(word) == std::string::npos) continue;
      std::string item = std::to_string(i + 1) + ") " + legal[i];
      if (!line.empty() && line.size() + 3 + item.size() > kLineWidth) {
        std::cout << line << "\n";
        line.clear();
      }
      line += (line.empty() ? "  " : "   ") + item;
    }
    if (!line.empty()) std::cout << line << "\n";
  }

  // The hint agent's estimate of every action it tried: the chance of winning after it (the
  // agent searches from the seat's view only, like any agent), best first.
  void ShowHints(Player seat) {
    std::vector<ActionEstimate> estimates = hint_agent_->Analyze(session_.state(), seat);
    std::stable_sort(
        estimates.begin(), estimates.end(),
        [](const ActionEstimate& a, const ActionEstimate& b) { return a.win_rate > b.win_rate; });
    const std::vector<std::string> legal = session_.LegalActions(seat);
    std::cout << "AI estimate of your chance to win (" << hint_agent_->Spec() << "):\n";
    for (size_t i = 0; i < estimates.size() && i < kMaxHints; ++i) {
      const ActionEstimate& e = estimates[i];
      const std::string text = session_.state().ActionToString(seat, e.action);
      const auto it = std::find(legal.begin(), legal.end(), text);
      char percent[16];
      std::snprintf(percent, sizeof percent, "%5.1f", 100 * e.win_rate);
      std::cout << "  " << percent << "%  " << it - legal.begin() + 1 << ") " << text << "  ("
                << e.visits << " playouts)\n";
    }
    if (estimates.size() > kMaxHints)
      std::cout << "  ... " << estimates.size() - kMaxHints << " more tried\n";
  }

  static void PrintHelp() {
    std::cout << "Enter an action by its number or its text (e.g. '2' or 'draw pile').\n"
                 "  view  show your view and your actions again\n"
                 "  moves [WORD]  list the actions (those containing WORD)\n"
                 "  hint  the AI's estimate of each action's chance to win\n"
                 "  help  this text\n"
                 "  quit  stop the game (the record keeps every move so far)\n";
  }

  // Reads one line; false at the end of input.
  static bool ReadLine(std::string& line) {
    std::cout.flush();
    if (!std::getline(std::cin, line)) return false;
    line = std::string(Trim(line));
    return true;
  }

  // One human's turn: prompts until the seat's action is accepted (true) or the player quits
  // or stdin ends (false).
  bool HumanTurn(Player seat) {
    std::string line;
    if (humans_ > 1) {
      std::cout << kClearScreen << "Press Enter, " << SeatName(seat) << " (others look away)";
      if (!ReadLine(line)) return false;
      std::cout << kClearScreen;
      if (!unseen_[seat].empty()) std::cout << "Since your last turn:\n";
      for (const std::string& move : unseen_[seat]) std::cout << "  " << move << "\n";
      unseen_[seat].clear();
    }
    ShowTurn(seat);
    if (auto_hints_) ShowHints(seat);
    while (true) {
      std::cout << SeatName(seat) << "> ";
      if (!ReadLine(line)) return false;
      if (line.empty()) continue;
      if (line == "quit") return false;
      if (line == "help") {
        PrintHelp();
        continue;
      }
      if (line == "view") {
        ShowTurn(seat);
        continue;
      }
      if (line == "hint") {
        ShowHints(seat);
        continue;
      }
      if (line == "moves" || line.rfind("moves ", 0) == 0) {
        ListActions(session_.LegalActions(seat), std::string(Trim(line.substr(5))));
        continue;
      }
      std::string text = line;
      if (IsNumber(line)) {
        const std::vector<std::string> legal = session_.LegalActions(seat);
        const size_t k = std::stoul(line);
        if (k < 1 || k > legal.size()) {
          std::cout << "No action " << line << ": enter 1 to " << legal.size()
                    << ", an action's text, or 'help'.\n";
          continue;
        }
        text = legal[k - 1];
      }
      auto revealed = session_.Submit(seat, text);
      if (!revealed) {
        std::cout << revealed.error().message << "\n";
        continue;
      }
      SaveRecord();
      if (revealed->empty() && !session_.IsTerminal())
        std::cout << "Submitted; it stays hidden until every player has chosen.\n";
      Announce(*revealed);
      return true;
    }
  }

  void PrintResult() const {
    std::cout << "\n" << session_.ViewText(kSpectator) << "\nResult:";
    const Json& result = session_.record().result;
    for (Player p = 0; p < session_.NumPlayers(); ++p)
      std::cout << (p ? ", " : " ") << SeatLabel(p) << " "
                << result["scores"][size_t(p)].get<double>();  // whole numbers: "12", "-5"
    std::cout << "\nWinner" << (result["winners"].size() > 1 ? "s:" : ":");
    for (const Json& w : result["winners"]) std::cout << " " << SeatLabel(w.get<Player>());
    std::cout << "\n";
    if (!record_path_.empty()) std::cout << "Record: " << record_path_ << "\n";
  }

  Session session_;
  std::vector<std::string> seat_texts_;
  std::string record_path_;
  std::unique_ptr<Agent> hint_agent_;
  bool auto_hints_ = false;
  int humans_ = 0;
  Player reader_ = kSpectator;  // who reads the screen: the only human seat, else a spectator
  bool save_warned_ = false;
  std::vector<std::vector<std::string>> unseen_;  // per seat: announcements not yet shown
};

}  // namespace

Result<void> PlayInTerminal(const GameRegistry& games, const TerminalGameOptions& options) {
  auto session = Session::Create(games, options.spec, options.seats, options.seed);
  if (!session) return tl::unexpected(session.error());
  auto hint_agent = WithContext(
      MakeAgent(options.hint_agent, DeriveSeed(options.seed, kHintSeedStream)), "--hint-agent: ");
  if (!hint_agent) return tl::unexpected(hint_agent.error());
  if (!options.record_path.empty()) {  // a record that cannot be written fails before the game
    auto saved = WriteTextFileAtomic(options.record_path, FormatJson(session->record().ToJson()));
    if (!saved) return Fail(saved.error().code, "cannot save the record: " + saved.error().message);
  }
  std::cout << session->game().info().title << ": " << session->game().Spec() << ", seed "
            << options.seed << " (play this deal again with --seed " << options.seed << ")\nSeats:";
  for (Player p = 0; p < session->NumPlayers(); ++p)
    std::cout << (p ? ", " : " ") << SeatName(p) << " " << session->seats()[size_t(p)];
  std::cout << "\nType 'help' at a prompt for the commands.\n";
  return TerminalGame(std::move(*session), options.seats, options.record_path,
                      std::move(*hint_agent), options.hints)
      .Run();
}

}  // namespace savanna
