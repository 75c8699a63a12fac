// Every message the server tests receive from the server, written to a file so that the schema
// check (web/scripts/check_messages.mjs, ctest `server_messages_schema`) validates what the server
// really sends against schemas/. Active only when SAVANNA_MESSAGE_CAPTURE names a folder.
#pragma once

#include <string>

namespace savanna::testing {

// An HTTP reply to `method target`, exactly as received (body as text).
void CaptureHttp(const std::string& method, const std::string& target, int status,
                 const std::string& content_type, const std::string& body);
// A WebSocket text message as received.
void CaptureWs(const std::string& text);

}  // namespace savanna::testing
