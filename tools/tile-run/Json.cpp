//===- Json.cpp - The small JSON reader KERNEL.json needs -----------------===//
//
// A recursive-descent parser that counts lines only when it fails, so its
// messages can point into a hand-edited KERNEL.json.
//
//===----------------------------------------------------------------------===//

#include "tools/tile-run/Json.h"
#include "tools/tile-run/Support.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace tile::run {
namespace {
/// Recursive-descent JSON parser with line numbers in its messages.
class JsonParser {
public:
  JsonParser(const std::string &text, const std::string &file)
      : text(text), file(file) {}

  Json parse() {
    Json value = parseValue();
    skipSpace();
    if (pos != text.size())
      error("trailing characters after the JSON value");
    return value;
  }

private:
  const std::string &text;
  const std::string &file;
  size_t pos = 0;

  [[noreturn]] void error(const char *what) {
    int line = 1 + std::count(text.begin(), text.begin() + pos, '\n');
    fail(ExitError, "%s:%d: invalid JSON: %s", file.c_str(), line, what);
  }

  void skipSpace() {
    while (pos < text.size() && std::isspace((unsigned char)text[pos]))
      ++pos;
  }

  bool consume(char c) {
    skipSpace();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }

  void expect(char c) {
    if (!consume(c)) {
      char msg[32];
      std::snprintf(msg, sizeof(msg), "expected '%c'", c);
      error(msg);
    }
  }

  bool consumeWord(const char *word) {
    size_t len = std::strlen(word);
    if (text.compare(pos, len, word) != 0)
      return false;
    pos += len;
    return true;
  }

  std::string parseString() {
    expect('"');
    std::string out;
    while (pos < text.size() && text[pos] != '"') {
      char c = text[pos++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos >= text.size())
        break;
      char e = text[pos++];
      switch (e) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'u':
        pos = std::min(pos + 4, text.size());
        out += '?';
        break;
      default:
        out += e;
      }
    }
    if (pos >= text.size())
      error("unterminated string");
    ++pos;
    return out;
  }

  Json parseValue() {
    skipSpace();
    if (pos >= text.size())
      error("unexpected end of input");
    Json value;
    char c = text[pos];
    if (c == '{') {
      ++pos;
      value.kind = Json::Object;
      if (consume('}'))
        return value;
      do {
        skipSpace();
        std::string key = parseString();
        expect(':');
        value.object.emplace_back(key, parseValue());
      } while (consume(','));
      expect('}');
    } else if (c == '[') {
      ++pos;
      value.kind = Json::Array;
      if (consume(']'))
        return value;
      do
        value.array.push_back(parseValue());
      while (consume(','));
      expect(']');
    } else if (c == '"') {
      value.kind = Json::String;
      value.string = parseString();
    } else if (consumeWord("true")) {
      value.kind = Json::Bool;
      value.boolean = true;
    } else if (consumeWord("false")) {
      value.kind = Json::Bool;
    } else if (consumeWord("null")) {
      value.kind = Json::Null;
    } else if (c == '-' || std::isdigit((unsigned char)c)) {
      const char *begin = text.c_str() + pos;
      char *end = nullptr;
      value.kind = Json::Number;
      value.number = std::strtod(begin, &end);
      if (end == begin)
        error("bad number");
      pos += end - begin;
    } else {
      error("unexpected character");
    }
    return value;
  }
};
} // namespace

Json parseJson(const std::string &text, const std::string &file) {
  return JsonParser(text, file).parse();
}
} // namespace tile::run
