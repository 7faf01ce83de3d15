// What the routes share with the server and with tests, without the HTTP
// library: the database gate, request parameters, errors as answers.
#include <nlohmann/json.hpp>

#include <sstream>

#include "app.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/markup.h"
#include "serve.h"

namespace jiaozhu::cli {

WebResponse refusal(const std::string& path, int status, const std::string& why) {
  WebResponse w;
  w.status = status;
  if (path.rfind("/api/", 0) == 0) {
    w.content_type = "application/json; charset=utf-8";
    w.body = nlohmann::json({{"error", why}}).dump();
  } else {
    w.body = "<!doctype html><meta charset=\"utf-8\"><title>jiaozhu</title><p>" + html_escape(why) + "</p>";
  }
  return w;
}

void DatabaseGate::with(const std::function<void(Database&)>& body) {
  std::lock_guard lock(mutex_);
  Database db = g_.open();
  body(db);
}

std::string html_escape(std::string_view text) { return markup_escaped(text); }

std::vector<std::string> sigla_list(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string s; std::getline(in, s, ',');) {
    if (!s.empty()) out.push_back(s);
  }
  return out;
}

std::string WebRequest::param(const std::string& name) const {
  const auto it = params.find(name);
  return it == params.end() ? std::string() : checked_argument(Field::kUrlParameter, it->second, name);
}

int64_t WebRequest::number(const std::string& name, int64_t fallback) const {
  const std::string v = param(name);
  if (v.empty()) return fallback;
  if (v.size() > 9 || v.find_first_not_of("0123456789") != std::string::npos) throw UsageError(name + " takes a number from 0");
  return std::stoll(v);
}

WebResponse error_response(const std::string& path, std::exception_ptr e) {
  int status = 500;
  std::string message = "internal error";
  try {
    std::rethrow_exception(e);
  } catch (const NotFound& x) {
    status = 404, message = x.what();
  } catch (const UsageError& x) {
    status = 400, message = x.what();
  } catch (const InputError& x) {
    status = 400, message = x.what();
  } catch (const ConflictError& x) {
    status = 409, message = x.what();
  } catch (const std::exception& x) {
    message = x.what();
  } catch (...) {
  }
  return refusal(path, status, message);
}

}  // namespace jiaozhu::cli
