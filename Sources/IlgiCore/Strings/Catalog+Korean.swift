extension Catalog {
  /// Every message in Korean.
  static let korean: [Message: String] = [
    .prefixWarning: "경고",
    .prefixNotice: "알림",
    .untitled: "(제목 없음)",

    .configSyntax: "{1}:{2}:{3}: 올바른 TOML이 아닙니다 ({4}). 그 줄을 고칠 때까지 이 파일의 설정은 무시됩니다",
    .configUnknownKey: "{1}: 알 수 없는 키 `{2}`는 무시됩니다. 키 목록은 `ilgi config list`를 보세요",
    .configWrongType: "{1}: `{2}`에는 {3} 값을 쓸 수 없습니다. {4} 값이어야 하며, 이 설정은 무시됩니다",
    .configNotInJournal:
      "{1}: `{2}`는 전역 설정에서만 읽습니다(ilgi config set {2} 경로 --global). 여기서는 무시됩니다",
    .configUnknownKeyArgument: "`{1}`는 설정 키가 아닙니다. 설정 키: {2}",
    .configInvalidValue: "`{1}`에는 {2} 값을 쓸 수 없습니다. {3} 값이어야 합니다",
    .configUneditable: "{1}에서 다른 설정을 건드리지 않고 `{2}`를 바꿀 수 없습니다. 파일을 직접 고쳐 주세요",
    .configJournalOnlyGlobal: "`journal`은 전역 설정입니다. --global을 붙여 주세요",
    .configSet: "{1} = {2} ({3})",
    .configUnset: "{2}에서 {1}을(를) 지웠습니다",
    .configNotSet: "`{1}`는 설정되어 있지 않습니다",
    .configSecretSet: "(설정됨, 표시하지 않음)",
    .configSourceFlag: "명령줄",
    .configSourceEnvironment: "환경 변수 {1}",
    .configSourceJournal: "일기장 설정 {1}",
    .configSourceGlobal: "전역 설정 {1}",
    .configSourceDefault: "기본값",
    .configAbstract: "config.toml의 설정을 보고 바꿉니다.",
    .configDiscussion: """
      설정은 강한 순서대로 다음에서 옵니다: 플래그, ILGI_* 환경 변수, 일기장의
      .ilgi/config.toml, 전역 $XDG_CONFIG_HOME/ilgi/config.toml (~/.config/ilgi/config.toml).
      `set`은 파일의 한 줄만 바꾸고 주석은 그대로 둡니다.

      키: journal, editor, locale, raw_html, weather.place, weather.latitude,
      weather.longitude, weather.provider (open-meteo, openweathermap), weather.key,
      weather.units (metric, imperial), weather.timeout, weather.enabled, weather.url,
      weather.archive_url, weather.geocoding_url, git.autocommit.

      예:
        ilgi config list
        ilgi config set weather.place 서울
        ilgi config set locale ko --global
        ilgi config get weather.units
        ilgi config unset weather.place
      """,
    .configListAbstract: "모든 설정과 그 값, 그리고 어디서 왔는지 보여 줍니다.",
    .configGetAbstract: "설정 하나의 값을 출력합니다.",
    .configSetAbstract: "일기장 설정(--global이면 전역 설정)에 키를 씁니다.",
    .configUnsetAbstract: "일기장 설정(--global이면 전역 설정)에서 키를 지웁니다.",
    .configKeyHelp: "키, 예: weather.place.",
    .configValueHelp: "값.",
    .configGlobalHelp: "일기장 설정 대신 전역 설정 파일을 바꿉니다.",
    .configJSONHelp: "텍스트 대신 JSON으로 출력합니다.",

    .weatherUnreachable: "{1}에 연결할 수 없습니다. 날씨 없이 저장합니다",
    .weatherTimedOut: "{1}이(가) {2}초 안에 답하지 않았습니다. 날씨 없이 저장합니다",
    .weatherHTTPStatus: "{1}이(가) HTTP {2}로 답했습니다. 날씨 없이 저장합니다",
    .weatherRejectedKey: "{1}이(가) API 키를 거부했습니다. weather.key(또는 ILGI_WEATHER_KEY)를 확인하세요. 날씨 없이 저장합니다",
    .weatherMalformed: "{1}의 응답을 읽을 수 없습니다. 날씨 없이 저장합니다",
    .weatherTooLarge: "{1}의 응답이 날씨 정보라기엔 너무 큽니다. 날씨 없이 저장합니다",
    .weatherPlaceNotFound: "`{1}`(이)라는 곳을 찾지 못했습니다. weather.place를 다른 이름으로, 또는 weather.latitude와 weather.longitude를 설정하세요",
    .weatherNotConfigured: "{1}",
    .weatherNoPlace: "날씨를 볼 장소가 없습니다. `ilgi config set weather.place 서울`(또는 weather.latitude와 weather.longitude)로 설정하세요",
    .weatherNoKey: "weather.provider가 openweathermap인데 키가 없습니다. weather.key나 ILGI_WEATHER_KEY를 설정하세요",
    .weatherSkipped: "날씨를 아직 알 수 없어 날씨 없이 저장합니다",
    .weatherAbstract: "일기의 날씨: 지난 일기의 날씨를 기록 자료로 채웁니다.",
    .weatherFillAbstract: "날씨가 없는 지난 일기에 Open-Meteo 기록 자료의 날씨를 채웁니다.",
    .weatherFillDiscussion: """
      고른 일기 중 `weather:` 줄이 없는 것마다, 설정한 장소(weather.place, 또는
      weather.latitude와 weather.longitude)의 그 시각 날씨를 Open-Meteo 기록 자료에서 찾아
      `weather:` 줄만 씁니다. --yes가 없으면 파일 10개가 넘을 때 먼저 묻습니다.

      예:
        ilgi weather fill --from 2024-01-01 --dry-run
        ilgi weather fill --on 2024-05 --yes
      """,
    .weatherFillNothing: "고른 일기에는 모두 날씨가 있습니다.",
    .weatherFillConfirm: "일기 {1}개에 날씨를 쓸까요?",
    .weatherFillDone: "일기 {1}개에 날씨를 채웠습니다.",
    .weatherFillMissing: "일기 {1}개는 날씨를 얻지 못했습니다: 그 시각의 기록 자료가 없습니다.",
    .weatherFillNeedsYes: "일기 {1}개를 채우려면 확인이 필요합니다. 터미널에서 실행하거나 --yes를 붙이세요",
    .weatherFillDryRunHelp: "쓸 내용만 출력하고 아무것도 바꾸지 않습니다.",
    .weatherFillYesHelp: "파일이 많아도 묻지 않습니다.",
    .weatherFillWould: "{1}  weather: {2}",
    .weatherNowAbstract: "설정한 장소의 지금 날씨를 출력합니다.",
    .newWeatherHelp: "날씨를 글로 직접 씁니다(날씨 서비스에 묻지 않음).",
    .newNoWeatherHelp: "이 일기는 날씨 서비스에 묻지 않습니다.",
    .newWeatherConflict: "--weather와 --no-weather 중 하나만 쓰세요",
  ]
}
