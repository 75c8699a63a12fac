// A Python callable as an engine agent: savanna.register_agent(name, fn) makes the spec `name`
// usable wherever agent specs are (make_agent, sim, and so tournaments with the engine's
// statistics). The callable receives a Determinize(player) of the state, never the true state,
// so it cannot read what its player may not know, and returns an action (id, string or dict).
#include <pybind11/stl.h>

#include <mutex>

#include "agents/agent.h"
#include "core/rng.h"
#include "games/registry.h"
#include "python/bindings.h"

namespace savanna::python {
namespace {

// The first Python error raised inside an agent during a C++ loop (sim on several threads). The
// agent throws AgentError, which stops the game or run (no later game starts, a terminal game
// stops where it is), and the binding that started the loop raises this error, traceback and
// all.
struct PendingError {
  std::mutex mutex;
  std::string message;
};
PendingError& Pending() {
  static PendingError* pending = new PendingError();  // never destroyed: used at exit
  return *pending;
}

class PythonAgent final : public Agent {
 public:
  PythonAgent(std::string name, py::object fn, uint64_t seed)
      : name_(std::move(name)), fn_(std::move(fn)), rng_(seed) {}
  ~PythonAgent() override {
    py::gil_scoped_acquire gil;
    fn_ = py::object();
  }

  Action Choose(const State& state, Player player) override {
    py::gil_scoped_acquire gil;
    try {
      // The registry keeps every game it made: this finds the state's own game object.
      PyState view{Unwrap(Games().Create(state.game().Spec())),
                   state.Determinize(player, rng_),
                   std::nullopt,
                   {}};
      py::object chosen = fn_(py::cast(std::move(view)), player);
      return ToAction(state, player, chosen);
    } catch (py::error_already_set& e) {
      Fail(e.what());
    } catch (const std::exception& e) {
      Fail(e.what());
    }
  }
  std::string Spec() const override { return name_; }

 private:
  [[noreturn]] void Fail(const std::string& error) const {
    {
      std::lock_guard lock(Pending().mutex);
      if (Pending().message.empty()) Pending().message = name_ + ": " + error;
    }
    // The engine's error is one line; the Python one (kept above) has the traceback.
    throw AgentError("the Python agent " + name_ + " failed: " + error.substr(0, error.find('\n')));
  }

  std::string name_;
  py::object fn_;
  Rng rng_;
};

}  // namespace

void RaisePendingAgentError() {
  std::string message;
  {
    std::lock_guard lock(Pending().mutex);
    message.swap(Pending().message);
  }
  if (!message.empty()) Raise("a Python agent failed: " + message);
}

void BindPythonAgents(py::module_& m) {
  m.def(
      "register_agent",
      [](const std::string& name, py::object fn) {
        if (!PyCallable_Check(fn.ptr())) Raise("register_agent: '" + name + "' needs a callable");
        auto shared = std::make_shared<py::object>(std::move(fn));
        Unwrap(RegisterExternalAgent(name, [name, shared](uint64_t seed) -> std::unique_ptr<Agent> {
          py::gil_scoped_acquire gil;
          return std::make_unique<PythonAgent>(name, *shared, seed);
        }));
      },
      py::arg("name"), py::arg("fn"),
      "Makes fn(state, player) -> action an agent named `name`, usable in make_agent and sim. "
      "fn sees a determinization of the state for its player (nothing it may not know).");
}

}  // namespace savanna::python
