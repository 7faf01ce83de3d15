// The routes of `jiaozhu serve`, called in process as the server calls them:
// each write lands in the database as the CLI's command would write it, each
// error is the CLI's message with its status, and text from the database
// stays text in the pages.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <algorithm>
#include <regex>
#include <set>
#include <sstream>

#include "app.h"
#include "jiaozhu/notes.h"
#include "serve.h"
#include "support.h"

namespace {

using jiaozhu::cli::Routes;
using jiaozhu::cli::WebRequest;
using jiaozhu::cli::WebResponse;

std::string decoded(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size()) {
      out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += s[i] == '+' ? ' ' : s[i];
    }
  }
  return out;
}

// The routes over one songjin file, and a caller that matches them as the
// server does (the whole path against each pattern, in the order added).
class Server {
 public:
  explicit Server(const jz_test::SongjinFile& file) : globals_(globals_for(file)) {
    jiaozhu::cli::add_api_routes(routes_, gate_);
    jiaozhu::cli::add_reading_routes(routes_, gate_);
    jiaozhu::cli::add_page_routes(routes_, gate_);
    jiaozhu::cli::add_asset_routes(routes_);
  }

  WebResponse call(Routes::Method method, const std::string& target, const std::string& body = "") {
    WebRequest req;
    const std::size_t q = target.find('?');
    req.path = decoded(target.substr(0, q));
    if (q != std::string::npos) {
      std::stringstream in(target.substr(q + 1));
      for (std::string pair; std::getline(in, pair, '&');) {
        const std::size_t eq = pair.find('=');
        req.params.emplace(decoded(pair.substr(0, eq)), eq == std::string::npos ? "" : decoded(pair.substr(eq + 1)));
      }
    }
    req.body = body;
    for (const Routes::Entry& e : routes_.entries) {
      std::smatch m;
      if (e.method != method || !std::regex_match(req.path, m, std::regex(e.pattern))) continue;
      for (const auto& group : m) req.matches.push_back(group.str());
      WebResponse res;
      try {
        e.route(req, res);
      } catch (...) {
        return jiaozhu::cli::error_response(req.path, std::current_exception());
      }
      return res;
    }
    return jiaozhu::cli::refusal(req.path, 404, "no route");
  }
  WebResponse get(const std::string& target) { return call(Routes::Method::kGet, target); }
  nlohmann::json get_json(const std::string& target) {
    const WebResponse r = get(target);
    INFO(target << ": " << r.body);
    REQUIRE(r.status == 200);
    return nlohmann::json::parse(r.body);
  }
  WebResponse post(const std::string& target, const nlohmann::json& body) {
    return call(Routes::Method::kPost, target, body.dump());
  }

 private:
  static jiaozhu::cli::Globals globals_for(const jz_test::SongjinFile& file) {
    jiaozhu::cli::Globals g;
    g.db_path = file.db;
    return g;
  }
  jiaozhu::cli::Globals globals_;
  jiaozhu::cli::DatabaseGate gate_{globals_};
  Routes routes_;
};

nlohmann::json error_of(const WebResponse& r) { return nlohmann::json::parse(r.body); }

}  // namespace

TEST_CASE("serve routes: a note is added, edited, removed, restored over the API as by the CLI") {
  jz_test::SongjinFile file({2, true, jz_test::kTestAuthor});
  Server server(file);
  const WebResponse added = server.post("/api/notes", {{"address", "B:17"}, {"quote", "张着麟"}, {"text", "網頁之注"}, {"tags", {"校勘"}}});
  REQUIRE(added.status == 201);
  const std::string id = nlohmann::json::parse(added.body)["id"];
  CHECK(file.json({"note", "show", id})["quote"]["exact"] == "张着麟");

  CHECK(server.post("/api/notes/" + id.substr(0, 8), {{"text", "改定"}, {"add_tags", {"人名"}}}).status == 200);
  const auto shown = file.json({"note", "show", id});
  CHECK(shown["body"] == "改定");
  CHECK(shown["tags"] == nlohmann::json({"人名", "校勘"}));
  CHECK(shown["author"] == jz_test::kTestAuthor);

  CHECK(server.call(Routes::Method::kDelete, "/api/notes/" + id).status == 200);
  CHECK(file.json({"note", "show", id})["state"] == "removed");
  CHECK(server.post("/api/notes/" + id + "/restore", nlohmann::json::object()).status == 200);
  CHECK(file.json({"note", "show", id})["state"] == "live");
  CHECK(server.get_json("/api/notes/" + id)["history"].size() == 4);
  CHECK(server.get_json("/api/notes?address=B:17") == file.json({"notes", "B:17"}));
}

TEST_CASE("serve routes: errors carry the CLI's message and a fitting status") {
  jz_test::SongjinFile file({2, true, jz_test::kTestAuthor});
  Server server(file);
  const WebResponse missing_quote = server.post("/api/notes", {{"address", "B:17"}, {"quote", "不在此處"}, {"text", "x"}});
  CHECK(missing_quote.status == 400);
  CHECK_THAT(error_of(missing_quote)["error"].get<std::string>(), Catch::Contains("不在此處"));
  CHECK(server.call(Routes::Method::kPost, "/api/notes", "not json").status == 400);
  CHECK(server.post("/api/notes", {{"address", 17}}).status == 400);
  CHECK(server.get("/api/passages/B:999").status == 404);
  CHECK(server.get("/api/notes/ffffffff").status == 404);
  CHECK(server.get("/api/persons/無此人").status == 404);
  CHECK(server.get("/api/search?q=x&limit=-1").status == 400);
  CHECK(server.post("/api/variants/0000/kind", {{"kind", "脫"}}).status >= 400);
  CHECK(server.post("/api/variants/0000/kind", {{"kind", "nonsense"}}).status == 400);
  const WebResponse page = server.get("/read/Z");
  CHECK(page.status == 404);
  CHECK(page.content_type.find("text/html") == 0);
}

TEST_CASE("serve routes: a conflict made in two copies is settled by keeping one version") {
  jz_test::SongjinFile file({2, false, jz_test::kTestAuthor});
  const std::string id = file.json({"note", "add", "B:21", "--text", "原注"})["id"];
  const std::string other = file.copy("other.db");
  REQUIRE(file.run({"note", "edit", id, "--text", "甲本之見"}).status == 0);
  REQUIRE(file.run({"note", "edit", id, "--text", "乙本之見"}, other).status == 0);
  file.run({"merge", other});
  Server server(file);
  const auto conflicts = server.get_json("/api/notes?conflicts=1")["notes"];
  REQUIRE(conflicts.size() == 1);
  std::string keep;
  for (const auto& head : conflicts[0]["heads"]) {
    if (head["body"] == "乙本之見") keep = head["id"];
  }
  REQUIRE_FALSE(keep.empty());
  CHECK(server.post("/api/notes/" + id + "/resolve", {{"take", keep}, {"text", "x"}}).status == 400);
  CHECK(server.post("/api/notes/" + id + "/resolve", {{"take", keep}}).status == 200);
  CHECK(file.json({"conflicts"})["notes"].empty());
  CHECK(file.json({"note", "show", id})["body"] == "乙本之見");
  CHECK(server.get("/notes?conflicts=1").body.find("乙本之見") == std::string::npos);
}

TEST_CASE("serve routes: an alias, a variant's kind and a fold rule are written as the CLI writes them") {
  jz_test::SongjinFile file({2, true, jz_test::kTestAuthor});
  REQUIRE(file.run({"character", "add", "张若麟"}).status == 0);
  Server server(file);
  CHECK(server.post("/api/persons/张若麟/aliases", {{"form", "张着麟"}, {"kind", "error"}}).status == 201);
  CHECK(server.post("/api/persons/张若麟/aliases", {{"form", "张着麟"}, {"kind", "error"}}).status == 409);
  CHECK(server.get_json("/api/persons/张着麟") == file.json({"character", "show", "张若麟"}));
  const auto mentions = server.get_json("/api/persons/%E5%BC%A0%E8%8B%A5%E9%BA%9F/mentions?edition=A");
  CHECK(mentions == file.json({"mentions", "张若麟", "--edition", "A"}));
  const std::string person_page = server.get("/person/张若麟").body;
  CHECK(person_page.find("张着麟") != std::string::npos);
  CHECK(person_page.find("A:2") != std::string::npos);

  const auto variants = file.json({"variants", "A", "B", "--class", "substantive"})["variants"];
  REQUIRE_FALSE(variants.empty());
  const std::string variant = variants[0]["uuid"];
  CHECK(server.post("/api/variants/" + variant + "/kind", {{"kind", "形近"}, {"note", "字形相近"}}).status == 200);
  const auto after = file.json({"variants", "A", "B", "--class", "substantive"})["variants"][0];
  CHECK(after["kind"] == "graphic");
  CHECK(after["kind_chosen"] == true);
  CHECK(server.post("/api/variants/" + variant + "/kind", {{"kind", nullptr}}).status == 200);
  CHECK(file.json({"variants", "A", "B", "--class", "substantive"})["variants"][0]["kind_chosen"] == false);

  const WebResponse rule = server.post("/api/fold-rules", {{"form", "甯"}, {"standard", "寧"}, {"source", "test"}});
  CHECK(rule.status == 201);
  const auto rules = file.json({"fold", "list"})["rules"];
  CHECK(std::any_of(rules.begin(), rules.end(), [](const auto& r) { return r["form"] == "甯" && r["author"] == jz_test::kTestAuthor; }));
}

TEST_CASE("serve routes: the views mark notes, persons and variants, and keep stored text as text") {
  jz_test::SongjinFile file({2, true, jz_test::kTestAuthor});
  REQUIRE(file.run({"character", "add", "皇太极"}).status == 0);
  REQUIRE(file.run({"alias", "add", "皇太极", "太宗", "--kind", "temple"}).status == 0);
  REQUIRE(file.run({"note", "add", "A:10", "--quote", "太宗", "--text", "<script>alert(1)</script>"}).status == 0);
  Server server(file);
  const std::string read = server.get("/read/A:10?with=B").body;
  CHECK(read.find("data-person=\"皇太极\"") != std::string::npos);
  CHECK(read.find("variant v-substantive") != std::string::npos);
  CHECK(read.find("span class=\"set-kind\"") != std::string::npos);
  CHECK(read.find("data-action=\"set-kind\"") != std::string::npos);
  CHECK(read.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
  CHECK(read.find("<script>alert") == std::string::npos);
  const std::string parallel = server.get("/parallel/B:25").body;
  CHECK(parallel.find("mark class=\"note mapped") != std::string::npos);  // A:10's note on B:25's 皇太极
  const std::string apparatus = server.get("/apparatus/A?with=B").body;
  CHECK(apparatus.find("<ol class=\"apparatus\">") != std::string::npos);
  CHECK(apparatus.find("<script>") == std::string::npos);  // its script is linked, never inline
  CHECK(server.get("/assets/apparatus.js").body.find("witness") != std::string::npos);
  CHECK(server.get_json("/api/parallel/A:10") == file.json({"parallel", "A:10"}));
}

TEST_CASE("serve routes: a suggestion dismissed in the page is proposed no more, by the page or the CLI, until taken back") {
  jz_test::SongjinFile file({2, true, jz_test::kTestAuthor});
  REQUIRE(file.run({"character", "add", "张若麟"}).status == 0);
  Server server(file);
  auto forms = [&](const std::string& query) {
    std::vector<std::string> out;
    const nlohmann::json doc = server.get_json("/api/suggestions/aliases?a=A&b=B" + query);
    for (const auto& s : doc["suggestions"]) out.push_back(s["form"]);
    return out;
  };
  REQUIRE(forms("") == std::vector<std::string>{"張着麟"});
  CHECK(server.get("/suggestions?a=A&b=B").body.find("data-form=\"張着麟\"") != std::string::npos);
  CHECK(server.post("/api/suggestions/aliases/dismiss", {{"character", "张若麟"}, {"form", "張着麟"}}).status == 200);
  CHECK(forms("").empty());
  CHECK(file.json({"alias", "suggest", "A", "B"})["suggestions"].empty());
  CHECK(forms("&all=1") == std::vector<std::string>{"張着麟"});
  CHECK(server.get("/suggestions?a=A&b=B&all=1").body.find("class=\"dismissed\"") != std::string::npos);
  CHECK(server.post("/api/suggestions/aliases/dismiss", {{"character", "张若麟"}, {"form", "張着麟"}, {"undo", true}}).status == 200);
  CHECK(forms("") == std::vector<std::string>{"張着麟"});
  CHECK(server.post("/api/suggestions/aliases/dismiss", {{"character", "张若麟"}, {"form", "張着麟"}, {"undo", "yes"}}).status == 400);
  CHECK(server.post("/api/suggestions/folds/dismiss", {{"form", "着"}, {"standard", "若"}}).status == 200);
  CHECK(server.post("/api/suggestions/folds/dismiss", {{"form", "着着"}, {"standard", "若"}}).status == 400);
  CHECK(file.run({"check"}).status == 0);
}

TEST_CASE("serve routes: the pages offer what the server takes: motivations, two editions to compare, one heading") {
  jz_test::SongjinFile file({2, true, jz_test::kTestAuthor});
  Server server(file);
  const std::string index = server.get("/").body;
  // The note form's motivations are the ones a note may carry, and each is taken.
  std::set<std::string> offered;
  const std::regex option("<option>([a-z]+)</option>");
  const std::string form = index.substr(index.find("name=\"motivation\""));
  for (auto it = std::sregex_iterator(form.begin(), form.begin() + static_cast<long>(form.find("</select>")), option);
       it != std::sregex_iterator(); ++it) {
    offered.insert((*it)[1]);
  }
  CHECK(offered == std::set<std::string>(std::begin(jiaozhu::kMotivations), std::end(jiaozhu::kMotivations)));
  for (const std::string& m : offered) {
    INFO(m);
    CHECK(server.post("/api/notes", {{"address", "B:17"}, {"text", "x"}, {"motivation", m}}).status == 201);
  }
  // The editions with their script and size; the suggestions form compares two.
  CHECK(index.find("<td>hans</td>") != std::string::npos);
  CHECK(index.find("<td class=\"number\">4,143</td>") != std::string::npos);
  CHECK(index.find("<select name=\"a\"><option selected>A</option>") != std::string::npos);
  CHECK(index.find("<select name=\"b\"><option>A</option><option selected>B</option>") != std::string::npos);
  const std::string apparatus = server.get("/apparatus/A?with=B").body;
  std::size_t headings = 0;
  for (std::size_t at = apparatus.find("<h1>"); at != std::string::npos; at = apparatus.find("<h1>", at + 1)) ++headings;
  CHECK(headings == 1);
}

TEST_CASE("serve routes: every text a write takes is held to the field rule of its meaning") {
  using jiaozhu::Field;
  jz_test::SongjinFile file({2, true, jz_test::kTestAuthor});
  REQUIRE(file.run({"character", "add", "皇太极"}).status == 0);
  const std::string variant = file.json({"variants", "A", "B"})["variants"][0]["uuid"];
  Server server(file);
  struct Input {
    std::string route;
    nlohmann::json body;  // "?" stands where the value goes
    std::string key;
    Field field;
  };
  const std::vector<Input> inputs = {
      {"/api/notes", {{"address", "?"}, {"text", "t"}}, "address", Field::kReference},
      {"/api/notes", {{"address", "B:17"}, {"text", "?"}}, "text", Field::kNoteText},
      {"/api/notes", {{"address", "B:17"}, {"text", "t"}, {"quote", "?"}}, "quote", Field::kQuote},
      {"/api/notes", {{"address", "B:17"}, {"text", "t"}, {"tags", {"?"}}}, "tags", Field::kTag},
      {"/api/notes", {{"address", "B:17"}, {"text", "t"}, {"motivation", "?"}}, "motivation", Field::kMotivation},
      {"/api/persons/皇太极/aliases", {{"form", "?"}}, "form", Field::kPersonName},
      {"/api/persons/皇太极/aliases", {{"form", "太宗"}, {"kind", "?"}}, "kind", Field::kAliasKind},
      {"/api/persons/皇太极/aliases", {{"form", "太宗"}, {"note", "?"}}, "note", Field::kPersonNote},
      {"/api/suggestions/aliases/dismiss", {{"character", "皇太极"}, {"form", "?"}}, "form", Field::kPersonName},
      {"/api/suggestions/aliases/dismiss", {{"character", "皇太极"}, {"form", "太宗"}, {"note", "?"}}, "note", Field::kDecisionNote},
      {"/api/variants/" + variant + "/kind", {{"kind", "?"}}, "kind", Field::kChoiceValue},
      {"/api/variants/" + variant + "/kind", {{"kind", "graphic"}, {"note", "?"}}, "note", Field::kDecisionNote},
      {"/api/suggestions/folds/dismiss", {{"form", "?"}, {"standard", "寧"}}, "form", Field::kFoldForm},
      {"/api/suggestions/folds/dismiss", {{"form", "甯"}, {"standard", "寧"}, {"note", "?"}}, "note", Field::kDecisionNote},
      {"/api/fold-rules", {{"form", "?"}, {"standard", "寧"}}, "form", Field::kFoldForm},
      {"/api/fold-rules", {{"form", "甯"}, {"standard", "?"}}, "standard", Field::kFoldForm},
      {"/api/fold-rules", {{"form", "甯"}, {"standard", "寧"}, {"source", "?"}}, "source", Field::kSource},
      {"/api/fold-rules", {{"form", "甯"}, {"standard", "寧"}, {"note", "?"}}, "note", Field::kDecisionNote},
  };
  for (const Input& in : inputs) {
    // One character over the rule's limit: only that rule refuses it.
    const std::size_t limit = jiaozhu::field_limit(in.field);
    std::string body = in.body.dump();
    body.replace(body.find("\"?\""), 3, "\"" + std::string(limit + 1, 'x') + "\"");
    const WebResponse r = server.call(Routes::Method::kPost, in.route, body);
    INFO(in.route << " " << in.key << ": " << r.body.substr(0, 200));
    CHECK(r.status == 400);
    CHECK_THAT(r.body, Catch::Contains("longer than " + std::to_string(limit) + " characters"));
  }
}
