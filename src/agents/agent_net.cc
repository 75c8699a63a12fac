// The agents' net parameter.
#include "agents/agent_net.h"

#include "agents/agent.h"

namespace savanna {

ParamSpec AgentNet::Param(const std::string& meaning_of_empty) {
  return ParamSpec::String("net", "",
                           "the net to play with (docs/nets.md): none; game: the game's own "
                           "(data/<game>/net.bin); or a net file; not given: " +
                               meaning_of_empty);
}

Result<void> AgentNet::Check(const Params& params) {
  const std::string& which = params.String("net");
  if (which.empty() || which == "none" || which == "game") return {};
  auto net = nn::SharedNetFile(which);
  if (!net) return tl::unexpected(net.error());
  return {};
}

AgentNet::AgentNet(const Params& params, const std::string& fallback)
    : which_(params.String("net").empty() ? fallback : params.String("net")) {}

Result<std::shared_ptr<const nn::Net>> AgentNet::Resolve(const Game& game) {
  if (&game == game_ && game.Spec() == game_spec_) return net_;
  auto net = nn::SharedNet(which_, game);
  if (!net) return net;
  if (*net != nullptr)
    if (auto fits = (*net)->CheckFits(game); !fits) return tl::unexpected(fits.error());
  net_ = std::move(*net);
  game_ = &game;
  game_spec_ = game.Spec();
  return net_;
}

const std::shared_ptr<const nn::Net>& AgentNet::For(const Game& game) {
  if (auto net = Resolve(game); !net) throw AgentError(net.error().message);
  return net_;
}

}  // namespace savanna
