import Foundation
import IlgiFormat
import IlgiStrings

/// The bodies of the app's JSON API, typed: what the page's script (`app.js`) sends and reads.
/// A request's body is decoded into one of these, so a missing field or a field of the wrong
/// kind is one clear refusal; a reply is encoded from one, so its keys are fixed here.
enum AppAPI {
  // MARK: Requests

  /// `POST /api/entries`: a new entry.
  struct NewEntry: Decodable {
    var content: String
    var tags: String?
    var weather: String?
    /// Chosen by the page for this new entry and sent with each create of it: a create sent
    /// again writes onto the entry the first one made (`CreateKeys`).
    var key: String?
    /// Greater for each later create of the key (the page's clock and a count): one that
    /// arrives after a later one of its key is not written over it.
    var sequence: Int64?
    /// How the day felt, 1 to 5; nil or 0 for none chosen.
    var mood: Int?
    /// The activities, separated by commas.
    var activities: String?
    /// When the text was begun, by the page's clock in the writer's zone (`2026-11-27T17:37:41
    /// +09:00`): a text typed while the server could not be reached is dated when it was typed,
    /// not when it arrived.
    var written: String?
  }

  /// `PUT /api/entries/ID`: a save, based on the version `base`.
  struct Save: Decodable {
    var content: String
    var tags: String?
    var weather: String?
    var base: String
    /// How the day felt, 1 to 5; nil or 0 leaves the entry's as it is.
    var mood: Int?
    /// The activities, separated by commas; nil leaves the entry's as they are.
    var activities: String?
    /// The person left the page or the field: the save is also a commit.
    var settled: Bool?
    /// The person kept what they wanted of the two versions a sync left: `unsettled:` goes.
    var resolved: Bool?
    /// The page's name and its count of saves (`PageSaves`): two saves of one page that race
    /// land in its order.
    var page: String?
    var sequence: Int64?
  }

  /// `POST /api/entries/ID/task`: a task list item to tick or not, by its number among the
  /// entry page's boxes, and the version the page shows.
  struct Task: Decodable {
    var index: Int
    var checked: Bool
    var base: String
    /// The item's words as the page shows them, by which a tap is carried onto a newer text.
    var text: String?
  }

  /// What a tap on a box gives: the entry as written, and whether its text had changed since
  /// the page was shown (the page then shows it again).
  struct Ticked: Encodable {
    var id: String
    var version: String
    var changedElsewhere: Bool
  }

  /// `GET /api/templates/NAME`: a template's start for a new entry, its prompt filled in.
  struct TemplateStart: Encodable {
    var content: String
    var tags: String
    var mood: Int?
    var activities: String
  }

  /// `POST /api/restore`: a trashed entry to put back, as `DELETE` named it.
  struct Restore: Decodable {
    var trash: String
  }

  /// `POST /api/merge`: the three texts of a three-way merge.
  struct Merge: Decodable {
    var base: String
    var mine: String
    var theirs: String
  }

  /// `POST /api/search`: the query in the body, out of every address.
  struct Search: Decodable {
    var q: String
    var limit: Int?
  }

  /// `T` from a request's JSON body (`{}` when it has none). A missing field or a body of
  /// another shape is a `ServerProblem` that says which.
  static func decode<T: Decodable>(_ type: T.Type, from request: ServerRequest) throws -> T {
    do {
      return try JSONDecoder().decode(T.self, from: request.body.isEmpty ? Data("{}".utf8) : Data(request.body))
    } catch DecodingError.keyNotFound(let key, _) {
      throw ServerProblem.missingFields([key.stringValue])
    } catch DecodingError.valueNotFound(_, let context) {
      throw ServerProblem.missingFields(context.codingPath.map(\.stringValue))
    } catch {
      throw ServerProblem.notJSON
    }
  }

  // MARK: Replies

  /// An entry after a write: what the next save is based on, and where to read it.
  struct Written: Encodable {
    var id: String
    var version: String
    var path: String
    var href: String

    init(_ written: Diary.Written) {
      id = written.id.rawValue
      version = written.version.rawValue
      path = written.path.rawValue
      href = "/entry/" + AppPages.pathComponent(written.id.rawValue)
    }
  }

  /// An entry to edit: its text as in the file, its version.
  struct Entry: Encodable {
    var id: String
    var title: String
    var content: String
    var tags: String
    var weather: String?
    var version: String
    var path: String
    /// When it was written, as the list shows it and as ISO 8601: the row of a search the
    /// browser runs offline over the entries it keeps.
    var date: String
    var iso: String

    init(_ loaded: Diary.Loaded, dates: DateStyle) {
      id = loaded.entry.id.rawValue
      title = loaded.entry.title
      content = loaded.entry.document.content
      tags = loaded.entry.tags.joined(separator: " ")
      weather = loaded.entry.weather
      version = loaded.version.rawValue
      path = loaded.entry.path.rawValue
      date = dates.withTime(dates.long(loaded.entry.date), loaded.entry.date)
      iso = loaded.entry.date.iso8601
    }

    enum CodingKeys: String, CodingKey { case id, title, content, tags, weather, version, path, date, iso }

    /// Every key, `weather` as `null` when the entry has none.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(title, forKey: .title)
      try container.encode(content, forKey: .content)
      try container.encode(tags, forKey: .tags)
      try container.encode(weather, forKey: .weather)
      try container.encode(version, forKey: .version)
      try container.encode(path, forKey: .path)
      try container.encode(date, forKey: .date)
      try container.encode(iso, forKey: .iso)
    }
  }

  /// The version of each entry asked for that there is.
  struct Versions: Encodable {
    var versions: [String: String]
  }

  /// What a share sheet gets: `ilgi share`'s text.
  struct Share: Encodable {
    var title: String
    var text: String
  }

  /// A search's rows, best first.
  struct Hits: Encodable {
    var hits: [AppPages.Row]
  }

  /// The weather now, `null` when unknown.
  struct Weather: Encodable {
    var weather: String?

    enum CodingKeys: String, CodingKey { case weather }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(weather, forKey: .weather)
    }
  }

  /// Where a deleted entry went inside the trash: what `Restore` takes back.
  struct Trashed: Encodable {
    var trash: String
  }

  /// An entry put back.
  struct Restored: Encodable {
    var id: String
    var href: String
  }

  /// Both texts joined, and whether no line was changed on both sides (`clean`: the join can
  /// be saved as it is; otherwise the person sees both versions first).
  struct Merged: Encodable {
    var content: String
    var clean: Bool
  }

  /// A save refused because the file changed since its base: the file's text and version now.
  struct Conflict: Encodable {
    var error: String
    /// The entry, when the refused write was a create of a key that made it: the page takes
    /// it up, so the person settles the conflict on that entry.
    var id: String?
    var content: String
    var tags: String
    var version: String
  }

  /// A file kept until an entry links it: its name, and the Markdown that links it.
  struct Uploaded: Encodable {
    var name: String
    var link: String
  }

  /// Done, nothing to say: `{}`.
  struct Done: Encodable {}
}
