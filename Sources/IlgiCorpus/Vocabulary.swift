import Foundation

/// The words the corpus is made of. Order matters: earlier words are drawn more often.
enum Vocabulary {
  static let englishNouns = words(
    """
    walk coffee book train rain garden letter kitchen bridge market window river bus
    notebook lunch dinner meeting bakery song film friend sister neighbour park street
    umbrella bicycle ferry library station cat dog bird tree lake hill island village
    city office desk lamp chair photo camera ticket map suitcase passport jacket scarf
    tea soup bread cake recipe concert museum gallery exhibition lesson class exam
    homework budget receipt invoice schedule calendar plan idea habit dream memory
    weekend holiday season winter spring summer autumn storm snow fog wind shadow mirror
    door staircase roof balcony apartment hallway drawer bottle cup candle blanket
    pillow radio newspaper poem story chapter draft sketch painting guitar piano violin
    playground harbour tunnel pharmacy dentist appointment festival puzzle question
    """)
  static let englishDescriptions = words(
    """
    quiet bright cold warm old new small enormous strange familiar crowded empty green
    grey slow quick noisy gentle tired early late broken fresh dusty heavy long short
    careful lazy busy simple tangled honest hopeful nervous calm sudden patient curious
    ordinary surprising lovely awful decent soft sharp bitter sweet crisp humid muddy
    golden wooden paper ancient tiny narrow wide distant hidden fragile sturdy clumsy
    elegant modest generous stubborn restless sleepy
    """)
  static let englishPeople = phrases(
    "I | we | Minji and I | my sister | Tom | the kids | my manager | the neighbours | Grandma | Jisoo | Priya | Sam | our team | Mum | Dad | Hana"
  )
  static let englishActions = phrases(
    "found | lost | fixed | painted | cooked | read | cleaned | finished | started | noticed | bought | borrowed | returned | photographed | sketched | planned | repaired | carried | forgot | shared | tasted | sorted | rearranged | postponed | rewrote | celebrated | packed | waited for | talked about | looked for"
  )
  static let englishTimes = phrases(
    "this morning | after lunch | before dinner | late at night | on the way home | at the weekend | in the rain | for the first time | by accident | after work | before sunrise | on the train | by the river | with coffee | around noon"
  )
  static let englishHeadings = phrases(
    "Notes | Later | To do | What happened | Small things | Food | Work | Reading | Plans | Questions | Evening")

  static let koreanNouns = words(
    """
    산책 커피 책 기차 비 정원 편지 부엌 다리 시장 창문 버스 공책 점심 저녁 회의 빵집 노래
    영화 친구 동생 이웃 공원 골목 우산 자전거 도서관 역 고양이 강아지 나무 호수 바다 산
    사진 여행 계획 꿈 기억 주말 겨울 봄 여름 가을 눈 바람 햇살 라면 김밥 떡볶이 비빔밥
    """)
  static let koreanTimes = phrases(
    "오늘 아침 | 점심 무렵 | 오후에 | 저녁에 | 밤늦게 | 주말에 | 출근길에 | 퇴근길에 | 오랜만에 | 새벽에")
  static let koreanTitleTimes = phrases("아침의 | 오후의 | 비 오는 날의 | 주말의 | 늦은 밤의")
  static let koreanPlaces = phrases(
    "공원 | 카페 | 회사 | 도서관 | 시장 | 한강 | 집 | 학교 | 서점 | 식당 | 바닷가 | 동네")
  static let koreanPeople = phrases("민지 | 지훈 | 서연 | 현우 | 엄마 | 아빠 | 동생 | 할머니 | 친구들 | 팀장님")
  static let koreanDoings = phrases(
    "산책을 했다 | 책을 읽었다 | 커피를 마셨다 | 이야기를 나눴다 | 요리를 했다 | 영화를 봤다 | 운동을 했다 | 사진을 찍었다 | 장을 봤다 | 계획을 세웠다")
  static let koreanFeelings = phrases(
    "조용했다 | 따뜻했다 | 추웠다 | 아름다웠다 | 복잡했다 | 즐거웠다 | 피곤했다 | 평화로웠다 | 바빴다 | 낯설었다 | 괜찮았다")
  static let koreanHeadings = phrases("메모 | 할 일 | 오늘 있었던 일 | 생각 | 읽은 것 | 먹은 것 | 내일")

  static let syllables = words("ka lo mi tre vas ul por zen bri dal sor ith ne qua mel rov fen gil ora bel")

  /// Tags, all lower-case; the last one starts with a digit, which FORMAT.md allows in front
  /// matter but not inline.
  static let englishTags = words(
    """
    work family reading running travel cooking health music gratitude ideas dreams
    book-club weekend coding garden coffee friends planning photography learning writing
    sleep kids hiking work_notes q4-goals seoul london
    """)
  static let koreanTags = words("산책 가족 일기 독서 여행 요리 운동 감사 회사 음악")

  /// Weather as written, in English and Korean, with the Day One code for it.
  static let englishWeather: [(text: String, code: String)] = [
    ("Clear", "clear"), ("Partly Cloudy", "partly-cloudy"), ("Cloudy", "cloudy"), ("Rain", "rain"),
    ("Light Rain, 12°C", "rain"), ("Snow", "snow"), ("Fog", "fog"), ("Windy", "wind"), ("Thunderstorm", "thunderstorm"),
  ]
  static let koreanWeather: [(text: String, code: String)] = [
    ("맑음", "clear"), ("구름 조금", "partly-cloudy"), ("흐림", "cloudy"), ("비", "rain"), ("눈, -2°C", "snow"),
  ]

  /// Front-matter lines of keys ilgi does not know, kept verbatim on every rewrite.
  static let extraLines = [
    "mood: 6", "location: \"Seoul: Mapo-gu\"", "energy: low", "people: [Minji, Tom]", "# typed on the train",
    "rating: 4.5", "draft: false", "steps: 8812",
  ]

  private static func words(_ text: String) -> [String] {
    text.split(whereSeparator: \.isWhitespace).map(String.init)
  }

  private static func phrases(_ text: String) -> [String] {
    text.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
  }
}
