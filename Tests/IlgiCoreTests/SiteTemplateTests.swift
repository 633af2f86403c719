import Foundation
import Mustache
import Testing

@testable import IlgiSite
@testable import IlgiStore

/// `SiteTemplate` walks its own plan of a template; its output must be swift-mustache's, byte
/// for byte, for every template and value it takes on, and it must hand the rest to swift-mustache.
@Suite struct SiteTemplateTests {
  /// Both ways of rendering `source` with `context`, and whether the fast way took it.
  func both(_ source: String, _ context: [String: Any]) throws -> (fast: String, reference: String, planned: Bool) {
    let template = try SiteTemplate(source, path: "test.html")
    return (template.render(context), template.mustache.render(context), template.isPlanned)
  }

  let values: [String: Any] = [
    "title": "Tom & Jerry's <\"walk\">", "empty": "", "yes": true, "no": false, "count": 3,
    "label": ["weather": "Weather", "tags": "Tags & more"],
    "rows": [
      ["url": "a.html", "title": "First", "tags": [["name": "x", "url": "t/x.html"]], "hasTags": true],
      ["url": "b.html", "title": "Second", "tags": [[String: String]](), "preview": "p <b>"],
    ] as [[String: Any]],
    "none": [[String: Any]](), "words": ["one", "two & three"], "raw": "<em>kept</em>",
    "nested": ["inner": ["deep": "found"], "title": "inner title"] as [String: Any],
  ]

  @Test(arguments: [
    "plain text only\n",
    "{{title}} {{{title}}} {{&title}} {{missing}}|{{{missing}}}",
    "{{#rows}}<li>{{title}} {{url}}{{#preview}} ({{preview}}){{/preview}}</li>\n{{/rows}}",
    "<ul>\n  {{#rows}}\n  <li>{{title}}</li>\n  {{/rows}}\n</ul>\n",
    "{{^none}}nothing{{/none}}{{^rows}}never{{/rows}}{{^missing}}absent{{/missing}}",
    "{{#yes}}Y{{title}}{{/yes}}{{#no}}N{{/no}}{{^no}}not no{{/no}}{{^yes}}not yes{{/yes}}",
    "{{#empty}}[{{.}}]{{/empty}}{{^empty}}inverted empty{{/empty}}",
    "{{#words}}<{{.}}>{{/words}} {{#words}}{{{.}}}{{/words}}",
    "{{label.weather}} / {{label.tags}} / {{label.missing}} / {{nested.inner.deep}} / {{nested.nope.deep}}",
    "{{#nested}}{{title}} from inside, {{count}} from outside{{/nested}}",
    "{{#rows}}{{#hasTags}}{{#tags}}#{{name}}@{{url}} {{/tags}}{{/hasTags}}{{^hasTags}}untagged {{title}}{{/hasTags}}\n{{/rows}}",
    "  {{#yes}}\n  standalone lines vanish\n  {{/yes}}\n{{! a comment }}\nafter\n",
    "{{count}} {{yes}} {{no}}",
    "{{#title}}section on a string: {{.}}{{/title}}",
    "{{=<% %>=}}<% title %> <%# words %>(<% . %>)<%/ words %>",
    // Lines and white space around tags, as the planner reads them without swift-mustache.
    "\n{{title}}\n", "\r\n  {{#yes}}\r\n  crlf\r\n  {{/yes}}\r\n", "  {{! not alone }} x\n  {{!alone}}\n",
    "{{#yes}}{{=[ ]=}}[title][/yes][title]{{title}}", "  {{^no}}\n  indented\n  {{/no}}", "end {{title}}  ",
    "{{#rows}}  {{title}}\n{{/rows}}  ", "a{ {b}} {{ title }} {c}}", "\t{{#yes}}\t\n\t{{/yes}}\t\nafter",
  ])
  func rendersExactlyAsSwiftMustache(source: String) throws {
    let (fast, reference, planned) = try both(source, values)
    #expect(planned)
    #expect(fast == reference)
  }

  @Test(arguments: [
    "{{uppercased(title)}}", "{{#first()}}x{{/first()}}", "{{>partial}}",
    "{{$block}}default{{/block}}", "{{.title}}",
  ])
  func leavesWhatItDoesNotWalkToSwiftMustache(source: String) throws {
    let (fast, reference, planned) = try both(source, values)
    #expect(!planned)
    #expect(fast == reference)
  }

  @Test func aValueOfAnotherKindFallsBackForTheWholeTemplate() throws {
    struct Odd { let title = "odd" }
    let context: [String: Any] = ["before": "<b>", "odd": Odd(), "number": 2.5]
    for source in ["{{before}}{{#odd}}{{title}}{{/odd}}", "{{before}}{{number}}", "{{before}}{{odd.title}}"] {
      let (fast, reference, planned) = try both(source, context)
      #expect(planned)
      #expect(fast == reference, "\(source)")
    }
  }

  @Test func everyShippedTemplateIsWalkedTheFastWay() throws {
    let renderer = TemplateRenderer(overrideFolder: nil)
    for name in Site.templateNames {
      let (source, _) = try renderer.source(name)
      #expect(try SiteTemplate(source, path: name).isPlanned, "\(name)")
    }
  }
}
