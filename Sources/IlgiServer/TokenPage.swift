import IlgiMarkdown
import IlgiStrings

/// The page an address with the token opens, on the app and on a served site alike, and the
/// one a page loaded without it gets.
///
/// The token must stay on its port: a cookie for 127.0.0.1 goes to every port of 127.0.0.1,
/// so the page keeps it in IndexedDB, which is this origin's alone, and starts the service
/// worker that puts it on each request (`app-token.js`, `app-enter.js`). A browser without
/// script is sent on to `/app/session` by a refresh, which keeps it in a cookie.
enum TokenPage {
  /// The scripts of these pages under `/app/` (`AppAssets.files`), served to anyone: they hold
  /// nothing of the journal.
  static let scripts: Set<String> = ["token.js", "enter.js"]

  /// The page for `request`, which brought the valid token in its address: it keeps the
  /// token, registers `worker`, and goes on to the address without the token. A cookie an
  /// older ilgi set is dropped.
  static func entering(_ request: ServerRequest, worker: String, language: Language) -> Reply {
    let onward = RequestGate.withoutToken(request)
    let session =
      RequestGate.sessionPath + "?to=" + RequestGate.encoded(onward) + "&token="
      + RequestGate.encoded(request.parameter("token") ?? "")
    let page = document(
      language: language, body: "data-worker=\"\(escape(worker))\"",
      head: "<noscript><meta http-equiv=\"refresh\" content=\"0; url=\(escape(session))\"></noscript>\n",
      text: "<p><a href=\"\(escape(onward))\">\(escape(onward))</a></p>")
    return .html(page).adding([("Set-Cookie", RequestGate.droppedCookie(request))])
  }

  /// The page a browser gets for a page it asked for without the token: `message`, and the
  /// script that asks once more through the worker when the page was loaded past it (a reload
  /// that skips the worker).
  static func needed(_ message: String, language: Language) -> Reply {
    .html(
      document(
        language: language, body: "data-token-needed=\"1\"", head: "",
        text: "<p class=\"problem\">\(escape(message))</p>"), status: ServerProblem.tokenNeeded.status)
  }

  static func document(language: Language, body: String, head: String, text: String) -> String {
    "<!doctype html>\n<html lang=\"\(language.rawValue)\">\n<head>\n<meta charset=\"utf-8\">\n"
      + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      + "<meta name=\"referrer\" content=\"no-referrer\">\n<link rel=\"icon\" href=\"data:,\">\n" + head
      + "<title>ilgi</title>\n"
      + "<script src=\"/app/token.js\" defer></script>\n<script src=\"/app/enter.js\" defer></script>\n"
      + "</head>\n<body \(body)>\n\(text)\n</body>\n</html>\n"
  }

  static func escape(_ text: String) -> String { MarkdownRenderer.escapeHTML(text) }

  /// Whether a request is a browser's for a page (not a script's, nor a picture's).
  static func isPage(_ request: ServerRequest) -> Bool {
    request.header("sec-fetch-dest") == "document" || request.header("accept")?.contains("text/html") == true
  }
}
