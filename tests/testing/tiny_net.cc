// Tiny nets for tests.
#include "testing/tiny_net.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "core/check.h"
#include "nn/net.h"
#include "nn/net_input.h"

namespace savanna::testing {

nn::NetHeader TinyNetHeader(const Game& game, std::vector<int> trunk, std::vector<int> players) {
  auto shape = nn::NetShapeOf(game, std::move(players));
  SAVANNA_CHECK_MSG(shape.has_value(), shape ? "" : shape.error().message);
  nn::NetHeader header = shape->Header(std::move(trunk));
  header.provenance = {{"made_by", "tests/testing/tiny_net.cc"}, {"trained", false}};
  return header;
}

std::vector<float> TinyNetWeights(const nn::NetHeader& header, uint64_t seed, float scale) {
  return nn::RandomWeights(header, seed, scale);
}

std::string TinyNetBytes(const Game& game, std::vector<int> trunk, uint64_t seed,
                         std::vector<int> players) {
  const nn::NetHeader header = TinyNetHeader(game, std::move(trunk), std::move(players));
  return nn::EncodeNetFile(header, TinyNetWeights(header, seed));
}

std::string WriteTempNet(const std::string& name, const std::string& bytes) {
  const char* dir = std::getenv("TEST_TMPDIR");
  const std::filesystem::path folder =
      dir != nullptr ? std::filesystem::path(dir) : std::filesystem::temp_directory_path();
  const std::string path =
      (folder / ("savanna_" + std::to_string(::getpid()) + "_" + name)).string();
  std::FILE* f = std::fopen(path.c_str(), "wb");
  SAVANNA_CHECK(f != nullptr);
  SAVANNA_CHECK(std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size());
  std::fclose(f);
  return path;
}

}  // namespace savanna::testing
