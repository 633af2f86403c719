import Foundation
import IlgiTestSupport
import Testing

@testable import IlgiFormat
@testable import IlgiStore

/// What `new --date` takes, against a fixed now: 2026-11-23 14:05 in Seoul (a Monday).
struct NewEntryDateTests {
  static let seoul = TimeZone.seoul
  static let now = Date(timeIntervalSince1970: 1_795_410_300)  // 2026-11-23T14:05:00+09:00

  @Test(arguments: [
    ("2026-11-20T19:30", "2026-11-20T19:30:00+09:00"),
    ("2026-11-20T19:30-05:00", "2026-11-20T19:30:00-05:00"),
    ("2026-11-20", "2026-11-20T14:05:00+09:00"),
    ("2026-11-20 08:15", "2026-11-20T08:15:00+09:00"),
    ("yesterday", "2026-11-22T14:05:00+09:00"),
    ("어제", "2026-11-22T14:05:00+09:00"),
    ("3 days ago", "2026-11-20T14:05:00+09:00"),
    ("3일 전", "2026-11-20T14:05:00+09:00"),
    ("last friday", "2026-11-20T14:05:00+09:00"),
    ("yesterday 21:30", "2026-11-22T21:30:00+09:00"),
    ("yesterday at 9pm", "2026-11-22T21:00:00+09:00"),
    ("yesterday 9:30 am", "2026-11-22T09:30:00+09:00"),
    ("어제 저녁 9시", "2026-11-22T21:00:00+09:00"),
    ("어제 오전 9시 30분", "2026-11-22T09:30:00+09:00"),
    ("그저께 밤 11시 반", "2026-11-21T23:30:00+09:00"),
    ("Nov 18", "2026-11-18T14:05:00+09:00"),
    ("November 18, 9pm", "2026-11-18T21:00:00+09:00"),
    ("18 Nov 2025", "2025-11-18T14:05:00+09:00"),
    ("Dec 25", "2025-12-25T14:05:00+09:00"),
    ("11월 18일", "2026-11-18T14:05:00+09:00"),
    ("2025년 3월 28일 저녁 7시", "2025-03-28T19:00:00+09:00"),
    ("21:30", "2026-11-23T21:30:00+09:00"),
    // What jrnl users type: month/day, a weekday alone (the last one, today on its day), the
    // parts of a day, and their Korean kin.
    ("11/18", "2026-11-18T14:05:00+09:00"),
    ("11/18/2025", "2025-11-18T14:05:00+09:00"),
    ("monday", "2026-11-23T14:05:00+09:00"),
    ("friday", "2026-11-20T14:05:00+09:00"),
    ("월요일", "2026-11-23T14:05:00+09:00"),
    ("noon", "2026-11-23T12:00:00+09:00"),
    ("정오", "2026-11-23T12:00:00+09:00"),
    ("tonight", "2026-11-23T21:00:00+09:00"),
    ("tonight 11pm", "2026-11-23T23:00:00+09:00"),
    ("last night", "2026-11-22T21:00:00+09:00"),
    ("yesterday morning", "2026-11-22T08:00:00+09:00"),
    ("friday evening", "2026-11-20T19:00:00+09:00"),
    ("오늘 밤", "2026-11-23T21:00:00+09:00"),
    ("오늘밤", "2026-11-23T21:00:00+09:00"),
    ("지난밤", "2026-11-22T21:00:00+09:00"),
    ("어제 아침", "2026-11-22T08:00:00+09:00"),
    ("어젯밤", "2026-11-22T21:00:00+09:00"),
    ("지난밤에", "2026-11-22T21:00:00+09:00"),
    // Ahead of now, as jrnl takes them (`ilgi new` says the entry is dated in the future).
    ("tomorrow", "2026-11-24T14:05:00+09:00"),
    ("tomorrow 9am", "2026-11-24T09:00:00+09:00"),
    ("내일 아침 7시", "2026-11-24T07:00:00+09:00"),
    ("모레", "2026-11-25T14:05:00+09:00"),
    // What ilgi itself prints reads back.
    ("November 21, 2026", "2026-11-21T14:05:00+09:00"),
    ("Saturday, November 21, 2026", "2026-11-21T14:05:00+09:00"),
    ("2026년 11월 21일", "2026-11-21T14:05:00+09:00"),
    ("2026년 11월 21일 토요일", "2026-11-21T14:05:00+09:00"),
  ])
  func readsWhatPeopleWrite(_ text: String, _ expected: String) {
    #expect(NewEntryDate.parse(text, now: Self.now, zone: Self.seoul)?.iso8601 == expected, "\(text)")
  }

  @Test(arguments: [
    "someday", "Nov 31", "25:00", "yesterday 9", "2026-13-01", "어제 25시", "13pm", "last year", "13/40", "2/30/2026",
    "1/1/0001",
  ])
  func refusesWhatIsNoMoment(_ text: String) {
    #expect(NewEntryDate.parse(text, now: Self.now, zone: Self.seoul) == nil, "\(text)")
  }
}

/// `ilgi new TEXT...`: where the title ends.
struct CommandLineEntryTests {
  @Test(arguments: [
    (["Rainy commute", "Got soaked on the way."], "Rainy commute\n\nGot soaked on the way."),
    (["Rainy", "commute.", "Got", "soaked."], "Rainy commute.\n\nGot soaked."),
    (["Rainy commute. Got soaked on the way."], "Rainy commute.\n\nGot soaked on the way."),
    (["Morning run"], "Morning run"),
    (["Version 2.0 is out"], "Version 2.0 is out"),
    (["Why? Because."], "Why?\n\nBecause."),
    (["First line\nsecond line"], "First line\n\nsecond line"),
    (["비 오는 출근길", "흠뻑 젖었다."], "비 오는 출근길\n\n흠뻑 젖었다."),
    (["출근길. 흠뻑 젖었다."], "출근길.\n\n흠뻑 젖었다."),
    (["A title. With more", "and more"], "A title.\n\nWith more and more"),
  ])
  func theTitleEndsAtTheFirstSentenceOrPhrase(_ arguments: [String], _ expected: String) {
    #expect(CommandLineEntry.text(arguments) == expected)
  }
}
