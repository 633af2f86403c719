extension Catalog {
  /// Every message in Korean.
  static let korean: [Message: String] = [
    .prefixWarning: "경고",
    .prefixNotice: "알림",
    .untitled: "(제목 없음)",

    .rootAbstract: "평범한 마크다운 파일로 쓰는 일기장.",
    .rootDiscussion: """
    일기 하나는 작은 YAML 머리말이 붙은 마크다운 파일이며, 날짜별 폴더에 들어 있습니다
    (YYYY/MM/YYYY-MM-DD-HHMM-제목.md). 파일은 어느 편집기로든 고치고 git에 둘 수 있습니다.

    예:
      ilgi new                        편집기를 열어 새 일기를 씁니다
      ilgi new "아침 달리기" --tag 운동
      ilgi list -n 5                  가장 최근 일기 다섯 개
      ilgi search 산책 --from 2024     일기를 찾습니다(잘 맞는 순서)
      ilgi show last                  가장 최근 일기를 보여 줍니다
      ilgi edit 0f8b                  id가 0f8b로 시작하는 일기를 고칩니다
      ilgi delete 2026-11-21          그날 일기를 휴지통으로 옮깁니다
      ilgi config set weather.place 서울

    일기를 가리키는 방법: 전체 id, 겹치지 않는 id 앞부분(4자 이상), `last`, 일기장 안의
    경로, 또는 날짜 YYYY-MM-DD.

    일기장은 --journal 경로, 없으면 $ILGI_JOURNAL, 없으면 전역 설정의 `journal`, 없으면
    ~/ilgi(처음 쓸 때 만듦)입니다. 설정은 `ilgi config --help`를 보세요.

    종료 코드: 0 성공, 1 실패, 64 잘못된 사용법, 65 읽을 수 없는 일기나 설정 파일,
    66 그런 일기나 파일이 없음, 74 입출력 오류.
    """,
    .optJournal: "일기장 폴더. 기본값: $ILGI_JOURNAL, 없으면 설정의 `journal`, 없으면 ~/ilgi.",
    .optLocale: "메시지와 날짜의 언어: en 또는 ko (en_US, ko_KR...). 기본값: 설정, LC_ALL, LC_MESSAGES, LANG.",
    .optMood: "이 기분의 일기만: 1(최악)부터 5(최고)까지, 그 말(`좋음`), 또는 범위(`1..2`).",
    .optActivity: "이 활동이 있는 일기만(머리말의 `activities:`). 여럿이면 되풀이하세요.",
    .errNotAMood: "`{1}`{1:은} 기분이 아닙니다. 1(최악)부터 5(최고)까지, `좋음` 같은 말, 또는 `1..2` 같은 범위로 쓰세요",
    .newTemplateHelp:
      "서식으로 시작합니다: 일기장의 `.ilgi/templates/NAME.md`나 기본 서식(gratitude, evening, morning, dream, travel, weekly). `ilgi templates`가 목록을 보여 줍니다.",
    .newNoTemplateHelp: "`new.template`과 상관없이 서식 없이 시작합니다.",
    .newMoodHelp: "그날의 기분: 1(최악)부터 5(최고)까지, 또는 그 말(`좋음`). `mood:`로 적힙니다.",
    .newActivityHelp: "그날 한 일(`run`, `friends`). 여럿이면 되풀이하세요. `activities:`로 적힙니다.",
    .errNewActivity: "`{1}`{1:은} 활동이 아닙니다. 쉼표 없는 말로 쓰세요. 예: --activity run",
    .errNoTemplate: "`{1}`{1:은} 서식 이름이 될 수 없습니다. 글자, 숫자, `-`, `_`로 쓰세요. 예: --template gratitude",
    .errTemplateAndNoTemplate: "--template과 --no-template은 반대입니다. 하나만 쓰세요",
    .errNoTemplateNamed: "서식 `{1}`{1:이} 없습니다. 있는 서식: {2} (`ilgi templates`가 보여 줍니다)",
    .promptAbstract: "그날 쓸 거리가 될 질문을 질문 묶음에서 보여 줍니다.",
    .promptDiscussion: """
    하루에 질문 하나, 어느 기기에서나 같은 질문입니다. 묶음을 정해진 순서로 하루에 하나씩
    지나가므로, 다른 질문이 모두 나오기 전에는 같은 질문이 다시 나오지 않습니다. 일기장에
    `.ilgi/prompts.txt`가 있으면 그 묶음(한 줄에 질문 하나, 빈 줄과 `#`로 시작하는 줄은
    빼고)을, 없으면 일기장 언어로 된 ilgi의 질문 140개를 씁니다. 서식의 `{{prompt}}`도 같은
    질문입니다.

    예:
      ilgi prompt
      ilgi prompt tomorrow
      ilgi new --template evening
    """,
    .promptDayHelp: "날짜: today(기본), yesterday, tomorrow, 또는 YYYY-MM-DD.",
    .errPromptDay: "`{1}`{1:은} 하루가 아닙니다. today, tomorrow, 또는 2026-11-28 같은 날짜를 쓰세요",
    .errPromptEmpty: "질문 묶음 {1}에 질문이 없습니다. 한 줄에 하나씩 쓰세요",
    .templatesEntryHeading: "일기 서식 (ilgi new --template NAME; 내 서식은 .ilgi/templates/NAME.md):",
    .templatesPageHeading: "페이지 서식 (ilgi templates copy NAME):",
    .templatesBuiltIn: "기본",
    .mood1: "최악",
    .mood2: "나쁨",
    .mood3: "보통",
    .mood4: "좋음",
    .mood5: "최고",
    .statsMoodHelp: "그날그날의 기분: 달마다 평균, 그리고 더 좋거나 나쁜 날과 함께한 활동.",
    .statsMoodNone: "기분이 적힌 일기가 아직 없습니다. `ilgi new --mood 4`나 머리말의 `mood: 4`로 적으세요.",
    .statsMoodAverage: "평균 기분",
    .statsMoodDays: "{1}일",
    .statsMoodActivities: "활동 (있던 날과 없던 날):",
    .statsMoodActivity: "{1} 있던 날: {2} ({3}일), 없던 날: {4} ({5}일)",
    .statsMoodTooFew: "활동은 기분이 적힌 날이 그 활동과 함께 {1}일, 없이 {1}일이 되면 비교합니다.",
    .remindAbstract: "날마다 일기 쓸 때를 알려 줍니다: 맞추기, 보기, 끄기. --notify는 지금 알립니다.",
    .remindDiscussion: """
    `ilgi remind at 21:30`은 이 사용자에게 날마다 그 시각에 알림을 맞춥니다. systemd 사용자
    타이머와 서비스(~/.config/systemd/user/ilgi-remind.timer와 .service, 사용자 관리자가
    돌고 있으면 `systemctl --user enable --now`로 켭니다)나, 그렇지 않으면 crontab 한 줄로
    맞춥니다. `ilgi remind off`는 끄고, `ilgi remind`만 쓰면 맞춰 둔 것을 보여 줍니다.

    때가 되면 `ilgi remind --notify`는 오늘 일기가 있으면 아무것도 하지 않습니다. 없으면 바탕
    화면(notify-send)에, 이 기기에 `remind.url`이 있으면 ntfy(https://ntfy.sh/내-주제 같은
    주소)나 Apprise API(.../notify/KEY)로 휴대폰에도 알립니다. 며칠째 쓰고 있는지, 지난해 오늘의
    일기(암호화한 일기장이면 있다는 것만), 오늘의 질문을 담습니다.

    예:
      ilgi remind at 21:30
      ilgi config set remind.url https://ntfy.sh/my-diary-4821
      ilgi remind --notify
      ilgi remind off
    """,
    .remindActionHelp: "`at HH:MM`은 알림을 맞추고 `off`는 끕니다. 아무것도 없으면 맞춘 것을 보여 줍니다.",
    .remindNotifyHelp: "오늘 일기가 없으면 지금 알립니다(타이머가 부르는 것).",
    .errRemindNotifyAlone: "--notify는 지금 알리기만 합니다. `at HH:MM`이나 `off`는 따로 쓰세요",
    .errRemindTime: "`{1}`{1:은} 시각이 아닙니다. `ilgi remind at 21:30`처럼 시와 분을 쓰세요",
    .errRemindWords: "`{1}`{1:은} remind가 하는 일이 아닙니다. `at 21:30`, `off`, 또는 아무것도 쓰지 마세요",
    .errRemindNoScheduler:
      "이 컴퓨터에는 systemd도 cron도 없어 알림을 돌릴 수 없습니다. cron을 설치하거나, 하루 일정을 돌리는 도구에서 `ilgi remind --notify`를 부르세요",
    .errRemindCron: "crontab이 알림을 받지 않았습니다: {1}",
    .errRemindRefused: "{1}{1:이} 알림에 {2}{2:으로} 답했습니다. remind.url을 확인하세요",
    .errRemindUnreachable: "알림이 {1}에 닿지 않았습니다. remind.url과 네트워크를 확인하세요",
    .errRemindNotDelivered: "알림이 어디에도 닿지 않았습니다",
    .remindRemoved: "알림을 껐습니다.",
    .remindNoneSet: "맞춘 알림이 없습니다. `ilgi remind at 21:30`으로 맞추세요.",
    .remindSystemd: "날마다 {1}에 알립니다(systemd: {2}).",
    .remindWritten:
      "날마다 {1}에 알리도록 {2}에 적었지만, 켜 줄 systemd 사용자 관리자가 답하지 않았습니다. 관리자가 있는 세션에서 `systemctl --user enable --now {3}`을 실행하세요.",
    .remindCron: "날마다 {1}에 알립니다(crontab).",
    .remindNowhere:
      "알릴 곳(notify-send나 remind.url)이 없습니다. `ilgi config set remind.url https://ntfy.sh/주제`로 휴대폰에 알릴 수 있습니다",
    .remindTitle: "일기 쓸 시간이에요",
    .remindStreak: "{1}일째 이어 쓰는 중",
    .remindOnThisDaySealed: "{1}: 오늘의 일기가 있어요",
    .newDefaultTemplateMissing:
      "new.template의 `{1}`{1:은} 여기 있는 서식이 아니거나 읽을 수 없습니다. 이 일기는 서식 없이 시작합니다(`ilgi templates`가 목록을 보여 줍니다)",
    .optSelector: "어느 일기인지: id나 id 앞부분, `last`, 경로, 또는 날짜 YYYY-MM-DD.",
    .optNoPager: "페이저(ILGI_PAGER, PAGER 또는 less) 없이 터미널에 바로 씁니다.",
    .optJSON: "텍스트 대신 JSON으로 출력합니다.",
    .optYes: "묻지 않습니다.",
    .optFrom: "이날부터의 일기: 2024-05-01, 2024-05, 2024, yesterday, '3 days ago', 'last monday', 어제, 3일 전, 지난주.",
    .optTo: "이날까지의 일기(--from과 같은 형식).",
    .optOn: "이날, 이 달 또는 이 해의 일기(--from과 같은 형식).",
    .optTag: "이 태그가 있는 일기. 여러 번 쓰면 모두 있는 일기.",
    .optAnyTag: "--tag를 여러 번 쓸 때, 그중 하나라도 있는 일기.",
    .optWeather: "이 날씨의 일기(`비`는 `비, 4°C`와 맞습니다).",
    .optLimit: "최대 이만큼의 일기.",
    .optStarred: "별표한 일기만(`starred: true`, ilgi new --star).",
    .newStarHelp: "일기에 별표를 합니다(`starred: true`). `ilgi list --starred`로 찾습니다.",
    .optReverse: "오래된 것부터.",
    .errLimitNegative: "-n은 1 이상이어야 합니다({1은} 안 됩니다)",
    .errNotADayOption: "{1} `{2}`{2:는} 날짜가 아닙니다. 2024-05-01, 2024-05, 2024, 오늘, 어제, 그저께, 3일 전, 지난 월요일, 지난주 같은 형식을 쓰세요",
    .errOnWithFromTo: "--on은 --from이나 --to와 함께 쓸 수 없습니다. 둘 중 하나만 쓰세요",
    .initAbstract: "일기장을 만듭니다: 폴더, .ilgi/, .gitignore.",
    .initDiscussion: """
    다시 실행해도 안전합니다: 빠진 것만 더하고 일기는 건드리지 않습니다.

    예:
      ilgi init                 기본 일기장을 만듭니다(~/ilgi 또는 $ILGI_JOURNAL)
      ilgi init ~/diary         ~/diary에 일기장을 만듭니다
    """,
    .initPathHelp: "일기장을 만들 곳. 기본값: 지금 쓰는 일기장.",
    .initMade: "{1}에 새 일기장을 만들었습니다.",
    .initSetUp: "{1}의 일기장을 준비했습니다.",
    .initMakeDefault: "-J 없이 이 일기장에 쓰려면: ilgi config set journal {1} --global",
    .noteInsideJournal: "{1는} 일기장 {2} 안에 있습니다. 그 일기장을 씁니다",
    .initReady: "{1}의 일기장은 이미 준비되어 있습니다.",
    .newAbstract: "새 일기를 씁니다: 편집기에서, 또는 바로 글로.",
    .newDiscussion: """
    글 없이 터미널에서 실행하면 $VISUAL이나 $EDITOR로 새 일기를 엽니다. 초안은
    .ilgi/drafts/에 있다가 편집기가 성공으로 끝나면 YYYY/MM/으로 옮겨집니다. 손대지 않았거나
    비운 일기는 남기지 않습니다. 편집기가 실패하거나 죽으면 초안은 남습니다:
      ilgi new --template gratitude --mood 4 --activity run "미나가 전화했다."
    `ilgi new --resume`으로 다시 열고, `ilgi drafts`로 초안을 봅니다.

    글(인자나 표준 입력)을 주면 바로 씁니다. 첫 줄이 제목입니다. 새 파일의 경로
    (일기장 기준)를 출력합니다.

    weather.place를 설정하면(`ilgi config` 참고) 쓰는 동안 그곳의 지금 날씨를 물어
    `weather:`에 적습니다. 제때 답이 없으면 날씨 없이 저장합니다.

    예:
      ilgi new
      ilgi new "아침 달리기" --tag 운동 --weather "맑음, 4°C"
      echo "민지와 저녁" | ilgi new --date 2026-11-20T19:30
      ilgi new --resume
    """,
    .errNewDateSplit: "--date {1} 뒤의 `{2}`{2:는} 날짜의 일부로 읽힙니다. 따옴표로 묶으세요: --date \"{1} {2}\" (또는 글을 묶으세요)",
    .newTextHelp: "일기의 글. 첫 줄이 제목이고, 함께 파이프로 들어온 글은 그 아래 본문이 됩니다. --resume과 함께면: 어느 초안인지.",
    .newDateHelp:
      "언제 일인지: 2026-11-20, 2026-11-20T21:30[+09:00], 어제, '어제 저녁 9시', '3일 전', '11월 18일', 내일, yesterday, 'Nov 18 9pm'. 날짜만 쓰면 시각은 지금 시각. 지금보다 나중인 때도 쓰되 알려 줍니다. 기본값: 지금.",
    .newTagHelp: "일기의 태그. 여러 개면 반복하세요.",
    .newEditHelp: "편집기를 엽니다. TEXT가 있으면 그 글에서 시작하고, 표준 입력이 터미널이 아니어도 엽니다.",
    .newResumeHelp: "가장 최근 초안(또는 이름을 준 초안)을 편집기에서 다시 엽니다.",
    .errNewDate: "--date `{1}`{1:는} 날짜가 아닙니다. YYYY-MM-DD나 YYYY-MM-DDTHH:MM, 또는 `어제 저녁 9시`, `11월 18일` 같은 말을 쓰세요",
    .errNewTag: "--tag `{1}`{1:는} 태그가 아닙니다. 띄어쓰기나 쉼표 없는 한 단어를 쓰세요",
    .errNewWeatherLine: "--weather는 한 줄이어야 합니다",
    .errNewResumeAttach:
      "--resume은 남겨 둔 초안을 그대로 저장하므로 `{1}`{1:을} 첨부할 수 없습니다. 먼저 이어 쓴 뒤 `ilgi attach last {1}`을 실행하세요",
    .errResumeNeedsTerminal: "--resume는 편집기를 여는데, 편집기에는 터미널이 필요합니다. 터미널에서 실행하거나 --edit를 붙이세요",
    .errNothingToWrite: "쓸 내용이 없습니다: 글을 인자나 표준 입력으로 주거나, 터미널에서 실행해 편집기를 여세요",
    .errNoDraftToResume: "이어 쓸 초안이 없습니다. `ilgi new`로 새 일기를 시작하세요",
    .errNoDraftNamed: "`{1}`라는 초안이 없습니다. `ilgi drafts`를 보세요",
    .editorExited: "상태 {1로} 끝났습니다",
    .editorKilled: "시그널 {1로} 멈췄습니다",
    .editorInterrupted: "열려 있는 동안 ilgi에 멈추라는 시그널 {1이} 왔습니다",
    .errEditorDraftKept: "편집기가 {1}. 초안은 {2}에 남아 있습니다. `ilgi new --resume`으로 이어 쓰거나 `ilgi drafts`로 초안을 보세요",
    .newDiscardedUntouched: "쓴 것이 없습니다: 새 일기를 손대지 않았습니다.",
    .newDiscardedBlank: "쓴 것이 없습니다: 새 일기가 비어 있습니다.",
    .listAbstract: "일기 목록을 최근 것부터 보여 줍니다: 날짜, 제목, 한 줄 미리 보기.",
    .listDiscussion: """
    읽을 수 없는 파일은 stderr에 한 줄씩 경고로 알리고, 나머지는 그대로 보여 줍니다.

    예:
      ilgi list                 모든 일기
      ilgi list -n 10           최근 열 개
      ilgi list --on 2024-05 --tag 여행
      ilgi list --from 지난주 --weather 비
      ilgi list --mood 4..5 --activity run
      ilgi list --json | jq '.[0].title'

    JSON: {id, date, title, preview, tags, weather, path}의 배열. `date`는 일기 자신의
    시간대로 쓴 ISO 8601이고, 날씨가 없으면 `weather`는 null입니다.
    """,
    .listEmptyJournal: "아직 일기가 없습니다. `ilgi new`로 써 보세요.",
    .listNoMatch: "맞는 일기가 없습니다.",
    .warningOtherKeys:
      "일기 {1}개가 이 기기에 없는 키로 봉인되어 있습니다(ilgi doctor가 모두 보여 줍니다). 여기서 읽으려면 일기장이 열리는 기기에서 다음을 실행한 뒤 여기서 ilgi sync를 실행하세요: ilgi key add {2}",
    .tagsNone: "아직 태그가 없습니다. 일기에 `#태그`를 쓰거나 `ilgi new --tag 이름`으로 더하세요.",
    .showAbstract: "일기 하나를 보여 줍니다: 터미널용, HTML, JSON, 또는 파일 그대로.",
    .showDiscussion: """
    터미널에서는 제목, 강조, 목록, 인용, 코드, 링크를 색으로 보여 줍니다. 터미널이 아니거나
    NO_COLOR가 있으면 이스케이프 코드 없는 평범한 글로 출력합니다.

    예:
      ilgi show last
      ilgi show 0f8b6c0e
      ilgi show 2026/11/2026-11-21-0930-morning-run.md --raw
      ilgi show 2026-11-21 --html > entry.html
      ilgi show --all 어제                그날의 일기 전부를 처음부터 끝까지, 오래된 것부터
      ilgi show --all 지난주
    """,
    .showHTMLHelp: "HTML 조각(제목과 본문)을 출력합니다.",
    .showRawHelp: "디스크의 파일을 그대로 출력합니다.",
    .showAllHelp: "하루나 기간(오늘, 어제, 2026-11-21, 2026-11, 지난주)의 일기를 모두, 오래된 것부터 통째로 보여 줍니다.",
    .errShowAllNotADay: "`{1}`{1:는} --all에 쓸 날이나 기간이 아닙니다. 오늘, 어제, 2026-11-21, 2026-11, 2026, 지난주 같은 형식을 쓰세요",
    .showAllNothing: "{1}에는 일기가 없습니다.",
    .showJSONHelp: "JSON으로 출력합니다: 목록 형식에 `body`를 더해.",
    .showRawHTMLHelp: "일기 속 HTML을 --html 출력에 그대로 둡니다(기본은 끔; raw_html 설정으로도).",
    .errShowOneFormat: "--html, --raw, --json 중 하나만 고르세요",
    .editAbstract: "편집기에서 일기를 고칩니다(기본값: 가장 최근 일기).",
    .editDiscussion: """
    .ilgi/drafts/edit/의 사본을 고칩니다. 편집기가 성공으로 끝나면 일기 파일을 같은
    경로에서 원자적으로 바꿉니다. 고치는 사이에 파일이 바뀌었으면(다른 편집기, git)
    덮어쓰지 않습니다: 고친 사본은 초안 폴더에 남고 ilgi가 위치를 알려 줍니다.

    예:
      ilgi edit
      ilgi edit 0f8b
      EDITOR="code --wait" ilgi edit 2026-11-21
    """,
    .errEditorUncleanNothingKept: "편집기가 제대로 끝나지 않았습니다. {1은} 그대로이고 남긴 것이 없습니다",
    .errMarkersLeft: "{1}에 아직 충돌 표시가 있습니다. 남길 글을 고르고 표시를 지운 뒤 `ilgi edit {2} --resume`을 실행하세요",
    .editMerged: "고치기 시작한 뒤 {1이} 바뀌어, 고친 내용을 그것과 합쳤습니다",
    .editMergeConflict: "고치기 시작한 뒤 {1}의 같은 줄이 바뀌었습니다. 편집기에 두 판이 차례로 들어 있으니 원하는 것을 남기세요",
    .mergeMine: "고친 내용",
    .mergeBase: "이전",
    .mergeTheirs: "디스크",
    .draftsListAbstract: "초안 목록(기본).",
    .draftsDiscardAbstract: "묻고 나서 초안을 지웁니다.",
    .draftsDiscardNameHelp: "초안: `ilgi drafts`에 나오는 경로나 파일 이름.",
    .draftsDiscardQuestion: "초안 {1}({2})을(를) 지울까요? 되돌릴 수 없습니다.",
    .draftsDiscarded: "초안 {1을} 지웠습니다.",
    .errDiscardNeedsYes: "확인 없이 {1을} 지우지 않습니다. 터미널에서 실행하거나 --yes를 붙이세요",
    .errEditorUnclean: "편집기가 제대로 끝나지 않았습니다. {1은} 그대로이고 고친 사본은 {2}에 있습니다. `ilgi edit {1} --resume`으로 다시 여세요",
    .editNoChanges: "{1}에 바뀐 것이 없습니다.",
    .attachAbstract: "일기에 사진과 다른 파일을 붙입니다.",
    .attachDiscussion: """
    파일마다 일기 옆에 내용으로 이름 지은 사본을 두고(같은 사진을 두 번 붙여도 하나만 둡니다) 일기 끝에
    링크를 답니다: 그림은 ![](이름), 다른 파일은 [파일 이름](이름). 그래서 어느 Markdown 편집기에서도 보입니다.
    원본은 그대로 둡니다. 사진의 위치(GPS)는 사본에서 빼며 픽셀은 건드리지 않습니다. 남기려면
    attachments.keep_location = true로 설정하세요. 암호화한 일기장에서는 사본도 봉인합니다.
    attachments.max_mb(50 MB)보다 큰 파일과 읽을 수 없는 그림은 받지 않습니다.

    예:
      ilgi attach last ~/Pictures/river.jpg
      ilgi attach 2026-11-21 scan.pdf voice.m4a
    """,
    .optAttachFiles: "붙일 파일: 사진(JPEG, PNG, GIF, WebP, HEIC, AVIF), 녹음(M4A, Ogg, Opus, WebM, MP3, WAV), 또는 다른 어떤 파일이든.",
    .optNewAttach: "새 일기에 파일(사진이나 다른 파일)을 붙입니다. 여러 번 쓸 수 있습니다.",
    .attachKept: "{1} → {2}",
    .attachTakenAsContent: "{1}: 이름은 {2}인데 내용은 {3}입니다. 내용대로 {4}(으)로 보관했습니다",
    .showFiles: "파일:",
    .attachNoRecording: "녹음이 아닌 내용",
    .attachNoPicture: "그림이 아닌 내용",
    .errAttachNoFiles: "붙일 파일을 하나 이상 주세요. 예: ilgi attach last photo.jpg",
    .errAttachUnreadable: "{1}: 읽을 수 없습니다({2}). 이름과 권한을 확인하세요",
    .errAttachNotAFile: "{1}: 파일이 아닙니다. 붙일 파일을 주세요",
    .errAttachTooLarge: "{1}: {2}로 한도 {3}{3:을} 넘습니다. 줄이거나 attachments.max_mb를 올리세요",
    .errAttachEmpty: "{1}: 비어 있어 붙일 것이 없습니다",
    .errJrnlNeedsValue: "{1} 뒤에 찾을 것을 주세요. 예: ilgi {2}",
    .errAttachMismatch: "{1}: 이름은 {2}인데 내용은 {3}입니다. 내용에 맞게 이름을 바꾸세요",
    .errAttachUndecodable: "{1}: 그림을 읽을 수 없습니다({2}). 손상되었을 수 있으니 열어서 다시 저장하세요",
    .errAttachNoLibrary:
      "{1}: 그림에는 libvips 8.12 이상이 필요한데 설치되어 있지 않습니다. make deps를 실행하세요(Debian: apt install libvips42)",
    .exportDayOnePhotosNeedZip: "사진 {1}장은 .json 내보내기에 들어가지 않습니다. 함께 내보내려면 .zip으로 쓰세요: --out diary.zip",
    .deleteAbstract: "물어본 뒤 일기를 휴지통으로 옮깁니다.",
    .deleteDiscussion: """
    파일은 같은 경로로 .ilgi/trash/에 옮겨집니다. `ilgi trash restore`로 되돌리고,
    `ilgi trash empty`만 영영 지웁니다. 물어볼 터미널이 없으면 --yes를 주세요.

    예:
      ilgi delete 0f8b6c0e
      ilgi delete last --yes
    """,
    .errDeleteNeedsYes: "확인 없이 {1을} 지우지 않습니다. 터미널에서 실행하거나 --yes를 주세요",
    .deleteQuestion: "“{1}”({2}, {3})을(를) 휴지통으로 옮길까요?",
    .deleteKept: "{1을} 그대로 두었습니다.",
    .deleteMoved: "{1을} 휴지통으로 옮겼습니다. 되돌리기: ilgi trash restore {2}",
    .trashAbstract: "지운 일기를 보고, 되돌리고, 비웁니다.",
    .trashDiscussion: """
    예:
      ilgi trash                    휴지통에 있는 것을 봅니다
      ilgi trash restore 0f8b       일기를 원래 자리로 되돌립니다
      ilgi trash empty --yes        휴지통을 영영 비웁니다
    """,
    .trashListAbstract: "지운 일기를 최근 것부터 보여 줍니다.",
    .trashJSONHelp: "JSON으로 출력합니다(목록 형식. `path`는 되돌릴 자리).",
    .trashIsEmpty: "휴지통이 비어 있습니다.",
    .trashRestoreAbstract: "지운 일기를 원래 자리로 되돌립니다.",
    .trashRestoreDiscussion: "예: ilgi trash restore 0f8b6c0e",
    .trashRestoreSelectorHelp: "휴지통의 어느 일기인지: id나 id 앞부분, `last`, 경로, 또는 날짜 YYYY-MM-DD.",
    .trashEmptyAbstract: "물어본 뒤 휴지통의 모든 것을 영영 지웁니다.",
    .trashEmptyDiscussion: "물어볼 터미널이 없으면 --yes를 주세요. 예: ilgi trash empty --yes",
    .errTrashEmptyNeedsYes: "확인 없이 휴지통을 비우지 않습니다. 터미널에서 실행하거나 --yes를 주세요",
    .trashEmptyQuestion: "휴지통의 일기 {1}개를 영영 지울까요? 되돌릴 수 없습니다.",
    .trashKept: "휴지통을 그대로 두었습니다.",
    .trashDeleted: "일기 {1}개를 영영 지웠습니다.",
    .draftsAbstract: "초안을 보여 줍니다: 편집기가 끝나지 않은 새 일기와 남겨 둔 고친 사본.",
    .draftsDiscussion: """
    예:
      ilgi drafts
      ilgi new --resume                     가장 최근 새 일기 초안을 다시 엽니다
      ilgi new --resume new-20261121-093000-0F8B6C0E.md
      ilgi drafts discard new-20261121-093000-0F8B6C0E.md
    """,
    .draftsNone: "초안이 없습니다.",
    .draftKindEdit: "{1}의 고친 사본",
    .draftKindNew: "새 일기",
    .onThisDayAbstract: "지난 해들의 같은 날에 쓴 일기.",
    .onThisDayDiscussion: """
    예:
      ilgi onthisday                지난 해들의 오늘
      ilgi onthisday 2026-05-01
      ilgi onthisday 어제 --json
    """,
    .onThisDayDateHelp: "날: YYYY-MM-DD, 오늘, 어제, today... 기본값: 오늘.",
    .optJSONList: "JSON으로 출력합니다(목록 형식).",
    .errNotADay: "`{1}`{1:는} 날짜가 아닙니다. YYYY-MM-DD, 오늘, 어제 같은 형식을 쓰세요",
    .onThisDayNothing: "지난 해들의 {1}에 쓴 일기가 없습니다.",
    .yearAgo: "1년 전",
    .yearsAgo: "{1}년 전",
    .linksAbstract: "일기의 위키 링크: 이 일기가 잇는 일기와 이 일기를 잇는 일기.",
    .linksDiscussion: """
    위키 링크(`[[제목]]`, `[[제목#소제목]]`, `[[2026-11-20]]`, `![[제목]]`)는 그 제목이나 파일
    이름의 일기, 또는 그날의 첫 일기로 이어집니다. 한 이름에 일기가 둘 이상이면 잇는 일기와
    날짜가 가장 가까운 쪽입니다. 색인이 모든 링크를 기억하므로 이 일기를 잇는 일기도 곧바로
    찾습니다.

    예:
      ilgi links last
      ilgi links 2026-11-20
      ilgi links 3f2a --json
    """,
    .linksJSONHelp: "JSON으로 출력합니다: {entry, links: [{name, heading, embeds, entry, file}], backlinks}.",
    .linksOut: "이 일기가 잇는 곳 ({1}):",
    .linksIn: "이 일기를 잇는 일기 ({1}):",
    .linksNone: "이 일기로 오가는 위키 링크가 없습니다.",
    .linksUnresolved: "아직 없는 일기",
    .linksFile: "일기 옆의 파일",
    .tagsAbstract: "모든 태그와 그 태그가 붙은 일기 수.",
    .tagsDiscussion: """
    태그는 머리말(`tags`, `tag`, `keywords`)과 본문의 #태그와 @태그에서 옵니다. 태그는
    `--tag`가 받는 대로 이름만 보입니다: `#커피`와 jrnl의 `@커피`는 한 태그 `커피`입니다.

    예:
      ilgi tags
      ilgi list --tag 커피
      ilgi tags --json
    """,
    .tagsJSONHelp: "JSON으로 출력합니다: {tag, count}의 배열.",
    .statsAbstract: "일기 수, 단어 수, 연속 기록, 해와 달별 일기 수, 한 해의 달력.",
    .statsDiscussion: """
    예:
      ilgi stats
      ilgi stats --year 2024
      ilgi stats --mood              달마다 기분, 활동이 있던 날과 없던 날
      ilgi stats --json
    """,
    .statsYearHelp: "달력으로 그릴 해. 기본값: 일기가 있는 가장 최근 해.",
    .statsJSONHelp: "JSON으로 출력합니다.",
    .statsEntries: "일기",
    .statsWords: "단어",
    .statsDays: "날",
    .statsLongest: "가장 긴 연속",
    .statsCurrent: "지금 연속",
    .statsPerYear: "연도별",
    .statsTotal: "합계",
    .statsMonths: "1월 2월 3월 4월 5월 6월 7월 8월 9월 10월 11월 12월",
    .statsMonthInitials: "1 2 3 4 5 6 7 8 9 10 11 12",
    .statsWeekdays: "월 ,   ,수 ,   ,금 ,   ,일 ",
    .statsLegend: "· 없음  ░ 1  ▒ 2  ▓ 3  █ 4+",
    .streakNone: "0일",
    .streakOne: "1일 ({1})",
    .streakMany: "{1}일 ({2} ~ {3})",
    .doctorAbstract: "일기장을 점검합니다: 겹치는 id, 읽을 수 없는 파일, 잘못된 머리말과 날짜.",
    .doctorDiscussion: """
    문제를 찾으면 1, 일기장이 건강하면 0으로 끝납니다. 읽기만 합니다.

    예: ilgi doctor
    """,
    .doctorMissingAttachment: "{1}{1:이} {2}{2:을} 링크하지만 옆에 그 파일이 없습니다. 파일을 되돌리거나 링크를 지우세요",
    .doctorOrphanAttachment: "{1}{1:을} 링크하는 일기가 옆에 없습니다. 일기에서 링크하거나 지우세요",
    .doctorAmbiguousWikiName:
      "위키 링크 [[{1}]]에 맞는 일기가 {2}개입니다({3}). 링크마다 날짜가 가장 가까운 일기로 이어집니다. 하나의 제목을 바꾸거나 파일 이름으로 이으세요",
    .doctorDuplicateID: "id {1을} 파일 {2}개가 씁니다: {3}. 파일마다 다른 id를 주세요",
    .doctorHealthy: "일기 {1}개, 문제가 없습니다.",
    .doctorFoundOne: "일기 {1}개에서 문제 1개를 찾았습니다. 위를 보세요",
    .doctorFoundMany: "일기 {2}개에서 문제 {1}개를 찾았습니다. 위를 보세요",
    .noteDateNotADate: "`date: {1}`는 날짜가 아닙니다. 파일 이름이나 시각을 씁니다",
    .noteConflictMarkers: "병합에서 남은 git 충돌 표시(<<<<<<<, =======, >>>>>>>)가 있습니다. 남길 글을 고르고 표시를 지운 뒤 저장하세요",
    .noteUnsettled:
      "동기화가 두 기기에서 고친 한 구절을 둘 다 차례로 남겼습니다. `ilgi edit`에서 남길 글을 고르고 `unsettled:` 줄을 지우세요",
    .noteDateNotSingle: "`date:`가 값 하나가 아닙니다. 파일 이름이나 시각을 씁니다",
    .indexAbstract: "색인을 최신으로 하거나, 파일에서 다시 만듭니다.",
    .indexDiscussion: """
    모든 명령이 스스로 새 파일과 바뀐 파일만 읽어 이 일을 합니다. 큰 변화 뒤에 진행을
    보려면 실행하고, 처음부터 하려면 --rebuild를 주세요. 색인은 .ilgi/index.sqlite의
    캐시라서 지워도 잃는 것이 없습니다.

    예:
      ilgi index
      ilgi index --rebuild
    """,
    .indexRebuildHelp: "색인을 버리고 모든 파일을 다시 읽습니다.",
    .indexSummary: "일기 {1}개 색인: 추가 {2}, 갱신 {3}, 제거 {4}, 이동 {5}, 읽을 수 없음 {6} ({7}초).",
    .indexReading: "읽는 중",
    .noticeIndexReplaced: "{1}의 색인을 열 수 없어 새로 만들었습니다",
    .noticeIndexOtherKeys:
      "{1}의 색인과 일기는 이 기기에 없는 키로 암호화되어 있어 아무것도 바꾸지 않았습니다. 여기서 읽으려면 일기장이 열리는 곳에서 이 기기의 키(ilgi key show)로 ilgi key add를 실행하세요",
    .noticeIndexOtherVersion: "다른 버전의 ilgi가 만든 색인이라 다시 만들었습니다",
    .noticeIndexDamaged: "{1}의 색인이 망가져 다시 만들었습니다",
    .errIndexFailed: "{1}의 색인에 문제가 생겼습니다: {2}. `ilgi index --rebuild`를 실행하세요",
    .errIndexFailedDelete: "{1}의 색인에 문제가 생겼습니다: {2}. 지우고 `ilgi index --rebuild`를 실행하세요",
    .searchAbstract: "단어, 구절, 태그로 일기를 찾습니다. 잘 맞는 것부터.",
    .searchShownOf: "맞는 일기 {2}개 중 {1}개를 보였습니다. 모두 보려면 -n {2}.",
    .searchDiscussion: """
    단어는 앞부분으로 맞춥니다(`산책`은 `산책을`을, `run`은 `running`을 찾습니다). 대소문자와
    악센트는 가리지 않습니다. 따옴표로 "정확한 구절", `a OR b`, 빼려면 `NOT 단어`나 `-단어`,
    태그는 `tag:이름`, 그 태그가 없는 일기는 `-tag:이름`. 제목이 본문보다 무겁습니다.
    `-n`으로 정하지 않으면 50개(와 맞는 수)를 보입니다. `--json`은 `-n`이 없으면 전부 줍니다.

    예:
      ilgi search 산책
      ilgi search '"새 기록"' tag:운동
      ilgi search 학교 -시험 --from 2024
      ilgi search '비 OR 눈' --json

    JSON: 목록 형식에 `snippet`(맞는 곳은 **이렇게** 표시)과 `rank`(1이 가장 잘 맞음)를 더해.
    """,
    .searchQueryHelp: "찾을 것.",
    .errSearchUnknownOption: "`{1}`{1:는} search의 옵션이 아닙니다. `ilgi search --help`에 옵션이 있습니다",
    .errSearch: "검색: {1}",
    .searchOrNeedsWords: "`OR` 양쪽에 단어가 필요합니다. 예: `비 OR 눈`",
    .searchDoubleNot: "`NOT NOT`은 뜻이 없습니다. `NOT 단어`를 한 번만 쓰세요",
    .searchTagAfterOperator: "`tag:`는 `OR` 뒤에 올 수 없습니다. 여러 태그 중 하나는 --any-tag를 쓰세요",
    .searchNoLetters: "`{1}`에는 찾을 글자나 숫자가 없습니다. `OR`나 `NOT` 뒤에 단어를 두세요",
    .searchOrAtEnd: "끝의 `OR` 뒤에 단어가 필요합니다. 예: `비 OR 눈`",
    .searchNotAtEnd: "끝의 `NOT` 뒤에 단어가 필요합니다. 예: `산책 NOT 비`",
    .searchEmpty: "찾을 것이 없습니다. 단어, \"구절\", 또는 tag:이름을 주세요",
    .searchUnclosedQuote: "따옴표가 닫히지 않았습니다. 구절 뒤에 닫는 \"를 더하세요",
    .searchNotAMood: "`{1}`{1:은} 기분이 아닙니다. 1부터 5까지나 범위로 쓰세요. 예: mood:4, mood:1..2",
    .searchTagNeedsName: "`tag:` 뒤에 이름이 필요합니다. 예: tag:여행",
    .renderAbstract: "마크다운을 ilgi가 일기에 쓰는 HTML 조각으로 바꿉니다.",
    .renderDiscussion: """
    FILE을, FILE이 없거나 `-`면 표준 입력을 읽습니다. 머리말은 빼고, HTML과
    javascript: 링크는 --allow-raw-html이 없으면 버립니다.

    예:
      ilgi render notes.md > notes.html
      echo '**굵게**' | ilgi render
    """,
    .renderFileHelp: "마크다운 파일. `-`나 생략하면 표준 입력.",
    .renderRawHTMLHelp: "HTML을 그대로 둡니다(기본은 끔; raw_html 설정으로도).",
    .errRenderRead: "{1}: {2}. 경로를 확인하세요",
    .standardInput: "표준 입력",
    .noJournalYet: "{1}에 아직 일기장이 없습니다: `ilgi new`로 첫 일기를 쓰면 거기에 만들어집니다 (다른 곳은 --journal이나 ILGI_JOURNAL로)",
    .madeNewJournal: "{1}에 새 일기장을 만들었습니다(다른 곳은 --journal이나 ILGI_JOURNAL로)",
    .errJournalMissing: "{1}에 일기장이 없습니다. `ilgi init {1}`로 만드세요",
    .errJournalIsFile: "{1은} 일기장 폴더가 아니라 파일입니다. --journal이나 ILGI_JOURNAL로 폴더를 주세요",
    .errNoSuchEntry: "`{1}`에 맞는 일기가 없습니다. id, 날짜, 경로는 `ilgi list`를 보세요",
    .errAmbiguous: "`{1}`에 맞는 일기가 {2}개입니다. id나 경로로 하나를 고르세요: {3}",
    .errInvalidSelector:
      "`{1}`로는 일기를 고를 수 없습니다. id(4자 이상), `last`, 2026/11/….md 같은 경로, 날짜 YYYY-MM-DD, 또는 `오늘`, `어제` 같은 날을 쓰세요",
    .errEditInProgress:
      "{1을} 다른 곳에서 고치고 있거나 앞선 고치기가 중단되었습니다. 그 사본은 {2}에 있습니다. 다른 곳에서 고치는 중이 아니면 `ilgi edit {1} --resume`으로 그 사본을 다시 여세요",
    .errNoEditToResume: "{1}의 중단된 고치기가 없습니다. `ilgi drafts`로 남은 사본을 보세요",
    .editResumeHelp: "이 일기를 고치다 중단되어 .ilgi/drafts/edit/에 남은 사본을 다시 엽니다.",
    .errChangedOnDisk: "고치는 사이에 {1이} 디스크에서 바뀌어 덮어쓰지 않았습니다. 고친 내용은 {2}에 있습니다. `ilgi edit {1} --resume`이 둘을 합칩니다",
    .errOccupied: "{1이} 다시 있습니다. 그 파일을 옮긴 뒤 되돌리세요",
    .errIO: "{2}: {1} 실패({3}). 폴더 권한과 남은 공간을 확인하세요",
    .doctorSealedToRemovedKey: "{1}: 일기장이 더 이상 나열하지 않는 {2으로} 아직 암호화되어 있습니다. ilgi key remove {2을} 다시 실행하세요",
    .errUnsafeMemoryFolder: "{1은} 나만의 비공개 폴더가 아니어서 ({2}) 초안을 두지 않았습니다. 지우거나 XDG_RUNTIME_DIR를 설정하세요",
    .memoryFolderLink: "링크입니다",
    .memoryFolderOnDisk: "메모리가 아니라 디스크에 있습니다($XDG_RUNTIME_DIR와 /dev/shm에 tmpfs가 없음)",
    .memoryFolderNotAFolder: "폴더가 아닙니다",
    .memoryFolderOwner: "사용자 {1}의 것입니다",
    .memoryFolderOpen: "다른 사람이 열 수 있습니다: 권한 {1}",
    .readLinksOutside: "{1은} 일기장 밖의 {2을} 가리키는 링크라서 읽지 않습니다",
    .adviceLinkOutside: "파일을 일기장 안으로 복사하거나 링크를 지우세요",
    .appNotSealed: "저장하지 못했습니다: 일기장의 암호화 설정을 쓸 수 없습니다 (서버 기록을 보세요). 쓴 글은 여기 그대로 있습니다.",
    .errRecipientsElsewhere:
      "encryption.recipients가 {1}/.ilgi/config.toml 밖(환경 변수나 전역 설정)에 있어 이 일기장을 암호화하지 않습니다. 그곳에서 지우고, 암호화하려면 ilgi encrypt를 실행하세요",
    .errTemplate: "템플릿 {1}: {2}. 고치거나 지우세요",
    .errSealingUnknown: "{1}: 이 일기장이 암호화되었는지 알 수 없어 아무것도 쓰지 않았습니다: {2}",
    .errBlankText: "{1}: 일기 내용은 비울 수 없습니다. 지우려면 ilgi delete를 쓰세요",
    .errSealing: "{1을} 암호화하지 못해 ({2}) 아무것도 쓰지 않았습니다",
    .errNotARecipient:
      "{1을} 쓰지 않았습니다: 이 기기의 키 {2가} 일기장의 수신자가 아니어서, 쓴 것을 다시 열 수 없습니다. 수신자인 기기에서 ilgi key add {2와} ilgi sync를 실행한 뒤 여기서 ilgi sync를 실행하세요",
    .selectorMatchesMany: "`{1}`에 맞는 일기가 {2}개입니다:",
    .errNotInTrash: "휴지통에 `{1}`에 맞는 일기가 없습니다. `ilgi trash`로 휴지통을 보세요",
    .errNameOne: "id나 경로로 하나를 고르세요. 예: `ilgi show {1}`",
    .readBinary: "{1}: 마크다운 글이 아니라 바이너리 파일입니다",
    .readInvalidUTF8: "{1}: UTF-8 글이 아닙니다(위치 {2}의 바이트)",
    .readFrontMatter: "{1}:{2}: {3}",
    .readTooLarge: "{1}: 크기가 {2}입니다. {3}보다 큰 일기는 읽지 않습니다",
    .readUnreadable: "{1}: {2}",
    .problemsKnown: "파일 {1}개를 읽지 못했습니다. 까닭은 `ilgi doctor`가 알려 줍니다",
    .adviceSplit: "작은 일기 여러 개로 나누거나 일기장 밖으로 옮기세요",
    .adviceConvert: "일기장 밖으로 옮기거나 UTF-8 마크다운으로 저장하세요",
    .adviceFixLine: "그 줄을 고치세요",
    .adviceConvertInput: "먼저 변환하세요",
    .adviceCheckPermissions: "파일의 권한과 링크를 확인하세요",
    .fmUnclosed: "`---`로 연 머리말이 `---` 줄로 닫히지 않았습니다",
    .fmInvalidYAML: "머리말이 올바른 YAML이 아닙니다({1})",
    .fmNotAMapping: "머리말은 `키: 값` 줄이어야 합니다",
    .fmLoneCarriageReturn: "머리말 줄 안에 캐리지 리턴이 있어 YAML이 줄바꿈으로 읽습니다. 줄바꿈으로 바꾸세요",
    .fmNotEditableInPlace: "머리말 키 `{1}`{1:를} 바꾸면 다른 키도 바뀝니다(값이 여러 줄에 걸쳐 있음). 직접 고치세요",
    .fmWrongType: "머리말 키 `{1}`{1:는} {2}여야 합니다",
    .ioRead: "읽기",
    .ioWrite: "쓰기",
    .ioList: "목록 읽기",
    .ioMove: "옮기기",
    .ioRemove: "지우기",
    .ioCreate: "만들기",
    .ioCreateFolder: "폴더 만들기",
    .ioInspect: "살피기",
    .ioChange: "바꾸기",
    .warningLine: "{1}. {2}",
    .errEditorNotFound: "편집기 `{1}`{1:를} 찾지 못했습니다. 가진 편집기를 VISUAL이나 EDITOR(또는 editor 설정)로 정하세요",
    .errEditorNotStarted: "편집기 `{1}`{1:를} 시작할 수 없습니다: {2}. VISUAL이나 EDITOR를 정하세요",
    .errEditorLost: "편집기 `{1}`의 상태를 알 수 없게 되었습니다",
    .errInputNotUTF8: "표준 입력이 UTF-8 글이 아닙니다. 먼저 변환하세요",
    .confirmSuffix: "[y/N]",
    .apUsage: "사용법:",
    .apOptions: "옵션:",
    .apArguments: "인자:",
    .apSubcommands: "하위 명령:",
    .apHelp: "도움말을 보여 줍니다.",
    .apVersion: "버전을 보여 줍니다.",
    .apSeeHelp: "자세한 도움말은 'ilgi help <하위 명령>'을 보세요.",
    .apError: "오류:",
    .apDefault: "(기본값:",
    .apHelpSubcommand: "하위 명령의 도움말을 보여 줍니다.",

    .apOverview: "개요:",
    .apUsageShort: "사용법:",
    .apDefaultMark: "(기본)",
    .apSeeCommandHelp: "자세한 내용은 '{1}'{1:을} 보세요.",

    .configSyntax: "{1}:{2}:{3}: 올바른 TOML이 아닙니다 ({4}). 그 줄을 고칠 때까지 이 파일의 설정은 무시됩니다",
    .configUnknownKey: "{1}: 알 수 없는 키 `{2}`{2:는} 무시됩니다. 키 목록은 `ilgi config list`를 보세요",
    .configWrongType: "{1}: `{2}`에는 {3} 값을 쓸 수 없습니다. {4} 값이어야 하며, 이 설정은 무시됩니다",
    .configNotInJournal:
      "{1}: `{2}`{2:는} 이 기기만의 설정이라 동기화되는 일기장 파일에서는 읽지 않습니다. 여기서는 무시됩니다(ilgi config unset {2}로 지우고, ilgi config set {2} 값으로 이 기기에 설정하세요)",
    .configUnknownKeyArgument: "`{1}`{1:는} 설정 키가 아닙니다. 설정 키: {2}",
    .configInvalidValue: "`{1}`에는 {2} 값을 쓸 수 없습니다. {3} 값이어야 합니다",
    .configUneditable: "{1}에서 다른 설정을 건드리지 않고 `{2}`{2:를} 바꿀 수 없습니다. 파일을 직접 고쳐 주세요",
    .configJournalOnlyGlobal: "`{1}`은 전역 설정입니다. --global을 붙여 주세요",
    .configJournalNames: "-J로 여는 일기장 이름 (전역 파일)",
    .configJournalName: "`{1}`은 일기장 이름이 아닙니다: 점, 따옴표, 역슬래시 없는 이름으로 journals.NAME처럼 쓰세요 (journals.travel)",
    .configJournalFolderEmpty: "`{1}`에는 폴더가 필요합니다. 예: ilgi config set {1} ~/travel --global",
    .errThroughLink:
      "{1}: {2}{2:는} 링크입니다. 링크는 일기장 밖으로 이어질 수 있어 ilgi는 링크를 거쳐 일기를 쓰지 않습니다. 링크 대신 그 대상을 일기장 안에 복사하거나 링크를 지워 주세요",
    .doctorForeignAttribute:
      ".gitattributes:{1}: `{2}`{2:는} git이 일기장 파일을 다르게 바꾸거나 넘기거나 병합하게 합니다. 이 기기에서는 .git/info/attributes의 ilgi 줄이 이깁니다. 그 줄을 지워 주세요",
    .configSet: "{1} = {2} ({3})",
    .configSetDeviceOnly: "{1}: 이 기기만의 설정이라 동기화되는 일기장 파일에는 쓰지 않았습니다",
    .configJournalKeys: "일기장의 설정 (.ilgi/config.toml이 모든 기기에 동기화합니다)",
    .configDeviceKeys: "이 기기만의 설정 (전역 설정, ILGI_* 변수, 플래그. 일기장 파일로는 정하지 않습니다)",
    .configUnset: "{2}에서 {1을} 지웠습니다",
    .configNotSet: "`{1}`{1:는} 설정되어 있지 않습니다",
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

    일기장의 키 (일기장 파일이 모든 기기에 동기화합니다): locale, git.autocommit,
    site.title, attachments.max_mb, encryption.recipients (ilgi key로 바꿉니다).

    이 기기만의 키 (프로그램을 실행하거나, 데이터를 보내거나, 지우기로 한 것을 남기므로
    일기장의 원격 저장소에 푸시할 수 있는 누구도 정하지 못합니다): journal, editor,
    raw_html, weather.place, weather.latitude, weather.longitude, weather.provider
    (open-meteo, openweathermap), weather.key, weather.units (metric, imperial),
    weather.timeout, weather.enabled, weather.url, weather.archive_url,
    weather.geocoding_url, attachments.keep_location, app.offline (앱이 오프라인용으로
    브라우저에 일기를 둡니다: 평문 일기장은 켜짐, 암호화한 일기장은 켜지 않는 한 꺼짐),
    app.offline_entries (몇 개, 50). `set`은 이들을 전역 설정에 씁니다. 일기장 파일에
    있으면 경고 하나와 함께 무시됩니다.

    journals.NAME은 -J NAME으로 열 일기장 폴더에 이름을 붙입니다 (전역 파일에만, jrnl의
    journals처럼).

    예:
      ilgi config list
      ilgi config set weather.place 서울
      ilgi config set journals.travel ~/travel --global
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

    .kindString: "문자열",
    .kindNumber: "숫자",
    .kindBool: "true 또는 false",
    .kindDuration: "30s, 5m, 1h 같은 시간 길이(0이면 하지 않음)",
    .kindOr: " 또는 ",
    .weatherClear: "맑음",
    .weatherMostlyClear: "대체로 맑음",
    .weatherPartlyCloudy: "구름 조금",
    .weatherCloudy: "흐림",
    .weatherFog: "안개",
    .weatherDrizzle: "이슬비",
    .weatherRain: "비",
    .weatherFreezingRain: "어는 비",
    .weatherShowers: "소나기",
    .weatherSnow: "눈",
    .weatherThunderstorm: "뇌우",
    .weatherWindy: "바람",
    .weatherForNewEntry: "{1}. 날씨 없이 저장합니다",
    .weatherNoHTTPLibrary: "날씨를 가져오려면 libcurl이 필요한데 설치되어 있지 않습니다 (Debian: apt install libcurl4)",
    .weatherUnreachable: "{1}에 연결할 수 없습니다",
    .weatherTimedOut: "{1이} {2}초 안에 답하지 않았습니다",
    .weatherHTTPStatus: "{1이} HTTP {2로} 답했습니다",
    .weatherRejectedKey: "{1이} API 키를 거부했습니다. weather.key(또는 ILGI_WEATHER_KEY)를 확인하세요",
    .weatherMalformed: "{1}의 응답을 읽을 수 없습니다",
    .weatherTooLarge: "{1}의 응답이 날씨 정보라기엔 너무 큽니다",
    .weatherPlaceNotFound:
      "`{1}`(이)라는 곳을 찾지 못했습니다. weather.place를 다른 이름으로, 또는 weather.latitude와 weather.longitude를 설정하세요",
    .weatherNotConfigured: "{1}",
    .weatherNoPlace:
      "날씨를 볼 장소가 없습니다. `ilgi config set weather.place 서울`(또는 weather.latitude와 weather.longitude)로 설정하세요",
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
    .importAbstract: "jrnl, Day One, 일기 앱의 JSON에서 일기를 가져옵니다.",
    .importDiscussion: """
    형식(--from, 없으면 PATH를 보고 짐작합니다):
      jrnl         jrnl 일기 파일, 또는 `jrnl --export json`의 출력
      jrnl-folder  jrnl 폴더 일기(YYYY/MM/DD.txt)
      dayone       Day One 내보내기: .json, 또는 사진까지 든 .zip 전체
      json         {"title", "body", "created_at"}의 JSON 배열

    jrnl 기본값이 아닌 timeformat으로 쓴 jrnl 일기는 그 형식을 --time-format으로 주세요(jrnl 설정에 있는 strftime 코드). 앱의 created_at은 유닉스 초입니다.

    시간대가 없는 날짜(jrnl, json)는 일기장의 시간대로 읽습니다. Day One의 uuid는 id로, 시간대·태그·별표·날씨·위치도 그대로 옮기고, 사진은 일기 옆에 복사합니다. jrnl의 @태그는 일기의 태그가 되고, 별표 일기에는 `starred: true`가 붙습니다.

    전부 아니면 아무것도 아님: 먼저 모든 일기를 읽고, 잘못된 입력이면 파일과 줄(또는 JSON 경로)을 밝히고 아무것도 바꾸지 않습니다. 일기장에 이미 있는 일기(같은 id, 또는 같은 분· 제목·본문)는 건너뛰므로 두 번 가져와도 두 번째에는 아무것도 더하지 않습니다.

    예:
      ilgi import ~/journal.txt --from jrnl --dry-run
      ilgi import ~/Downloads/Export.zip --from dayone
      ilgi import ~/jrnl-folder --from jrnl-folder --time-format "%d %b %Y %I:%M %p"
    """,
    .importPathHelp: "가져올 파일이나 폴더.",
    .importFromHelp: "PATH의 형식: jrnl, jrnl-folder, dayone, json.",
    .importTimeFormatHelp: "jrnl 일기의 timeformat(strftime 코드), jrnl 설정에 있는 그대로.",
    .importDryRunHelp: "무엇을 더할지 보여 주기만 하고 아무것도 바꾸지 않습니다.",
    .importWould: "{1}  {2}  {3}",
    .importSummary: "일기 {1}개를 가져왔습니다({2} ~ {3}), 태그 {4}개.",
    .importSummaryDry: "일기 {1}개를 가져올 것입니다({2} ~ {3}), 태그 {4}개.",
    .importDuplicates: "일기장에 이미 있는 일기 {1}개는 건너뛰었습니다.",
    .importBlank: "빈 일기 {1}개는 건너뛰었습니다.",
    .importNothingNew: "새로 가져올 일기가 없습니다.",
    .errImport: "{1을} 가져올 수 없습니다: {2}. 아무것도 가져오지 않았습니다",
    .errImportGuess: "{1}의 형식을 알 수 없습니다. --from jrnl, jrnl-folder, dayone, json 중 하나를 주세요",
    .errImportFormat: "{1은} 가져오기 형식이 아닙니다. jrnl, jrnl-folder, dayone, json 중 하나를 쓰세요",
    .impMissing: "그런 파일이나 폴더가 없습니다",
    .impUnreadable: "{1}",
    .impNotText: "UTF-8 글이 아닙니다",
    .impNoEntries: "일기가 없습니다(jrnl 일기는 [2026-11-21 09:30] 제목 같은 줄로 시작합니다)",
    .impTextBefore: "첫 [날짜] 줄 앞에 글이 있습니다. jrnl 일기는 [날짜] 줄로 시작합니다",
    .impBadJrnlDate: "[{1}]은(는) 시간 형식 {2}의 날짜가 아닙니다. 고치거나 --time-format으로 일기의 형식을 주세요",
    .impBadTimeFormat:
      "{1은} 읽을 수 있는 시간 형식이 아닙니다. 연·월·일이 든 strftime 코드(%Y %m %d %H %M %S %I %p %b %B %a %A %y %e %j)를 쓰세요",
    .impInvalidJSON: "올바른 JSON이 아닙니다({1})",
    .impWrongType: "여기에는 {1이} 와야 합니다",
    .impMissingKey: "{1이} 없습니다",
    .impBadDate: "{1은} 날짜가 아닙니다",
    .impUnknownZone: "{1은} 알 수 없는 시간대입니다",
    .impBadID: "{1은} UUID가 아닙니다",
    .impMissingPhoto: "{1이} 내보내기에 없습니다. 내보내기 .zip 전체를 가져오세요",
    .impBadZip: "읽을 수 있는 zip이 아닙니다({1})",
    .impWantFolder: "파일입니다. jrnl-folder에는 일기 폴더를 주세요",
    .impWantFile: "폴더입니다. 파일을 주세요(또는 --from jrnl-folder)",
    .exportAbstract: "일기장(또는 그 일부)을 JSON, jrnl, 마크다운, Day One 형식이나 웹사이트로 내보냅니다.",
    .exportDiscussion: """
    형식:
      json      `list --json`의 항목, `body`, `frontMatter`(모든 키)
      jrnl      jrnl이 같은 일기로 다시 읽는 jrnl 일기 파일
      markdown  인쇄하기 좋은 마크다운 파일 하나, 오래된 일기부터
      dayone    Day One JSON. `ilgi import`로 같은 파일이 됩니다
      html      --out 폴더에 웹사이트: 목록, 일기, 보관함, 태그, 달력,
                Atom 피드, 오프라인 찾기. file://에서도 열리고, 다시
                실행하면 바뀐 것만 씁니다

    거르기 옵션은 `ilgi list`와 같습니다. --out이 없으면 표준 출력으로 씁니다.

    예:
      ilgi export --format markdown --from 2025-01-01 --to 2025-12-31 --out 2025.md
      ilgi export --format jrnl --out journal.txt
      ilgi export html --out site && xdg-open site/index.html
      ilgi export --format dayone --tag travel --out travel.json
    """,
    .exportFormatHelp: "json, jrnl, markdown, dayone, html 중 하나.",
    .exportOutHelp: "쓸 파일(없는 파일이어야 합니다). 없으면 표준 출력.",
    .exportWrote: "일기 {1}개를 {2}에 썼습니다.",
    .errExportFormat: "{1은} 내보내기 형식이 아닙니다. json, jrnl, markdown, dayone, html 중 하나를 쓰세요",
    .errExportExists: "{1이} 이미 있습니다. 다른 --out을 고르거나 먼저 지우세요",
    .exportMarkdownTitle: "일기, {1} ~ {2}",
    .shareAbstract: "앱에서 공유하듯 일기를 출력합니다: 날짜, 제목, 본문.",
    .shareDiscussion: """
    일기의 긴 날짜, 빈 줄, 제목, 빈 줄, 본문. --html이면 같은 내용을 HTML 조각으로. --copy는 wl-copy, xclip, xsel, pbcopy 중 설치된 것으로 클립보드에 넣습니다.

    예:
      ilgi share last
      ilgi share 2026-11-21 --copy
    """,
    .shareHTMLHelp: "글 대신 HTML로 공유합니다.",
    .shareCopyHelp: "출력하는 대신 클립보드에 넣습니다.",
    .shareCopied: "{1을} {2으로} 클립보드에 복사했습니다.",
    .errShareNoClipboard: "클립보드 도구가 없습니다. wl-clipboard, xclip, xsel(macOS는 pbcopy)을 설치하거나 --copy를 빼세요",
    .errShareCopyFailed: "{1으로} 복사하지 못했습니다: {2}",
    .initGitHelp: "일기장을 git 저장소로도 만들고, 들어 있는 것을 커밋합니다.",
    .initCheckedOut: "일기장이 있는 {2}의 브랜치 {1}{1:을} 체크아웃했습니다.",
    .initWhichBranch:
      "여기에는 체크아웃된 것이 없고 원격 저장소에 브랜치가 여럿({1}) 있습니다. git checkout 이름으로 일기장의 브랜치를 체크아웃한 뒤 ilgi init을 다시 실행하세요",
    .errSyncOtherBranch:
      "{1}에는 이 기기가 쓰는 브랜치 {2}{2:가} 없고 {3}{3:가} 있습니다. ilgi는 원격 저장소에 다른 브랜치를 새로 만들지 않습니다. 일기장의 브랜치를 체크아웃하고(git fetch {1} 다음 git checkout {4}) 여기서 쓴 것을 git cherry-pick으로 가져온 뒤(git log {4}..{5}{5:가} 보여 줍니다) ilgi sync를 실행하세요",
    .doctorUnmerged:
      "{1}: git이 합치지 못한 채로 두었습니다(동기화나 rebase의 충돌). 정리하기 전에는 동기화가 되지 않습니다: 파일을 원하는 대로 고친 뒤 git add {1}(또는 git rm {1})과 ilgi sync를 실행하세요",
    .doctorOtherBranch:
      "이 기기는 {2}에 없는 브랜치 {1}에 씁니다({2}에는 {3}{3:가} 있습니다). 기기들이 따로 동기화됩니다. 일기장의 브랜치를 체크아웃하세요",
    .doctorSealedOtherwise:
      "{1}: {2}에 맞게 암호화되어 있는데 일기장의 키는 {3}입니다. 일기장에 없는 키로 열릴 수 있습니다. ilgi key reseal을 실행하세요",
    .syncPlacesTakenOut:
      "동기화로 받은 사진 {1}장에서 찍은 곳을 지웠습니다(장소를 남기는 기기가 쓴 사진이고, 이 기기는 남기지 않습니다: attachments.keep_location)",
    .syncResealed: "일기장의 키가 아닌 키로 암호화된 파일 {1}개가 들어와서 일기장의 키 {2}개로 다시 암호화했습니다",
    .errOwnFileLinked:
      "{1}: {2}{2:는} 링크입니다. ilgi는 자기 파일을 일기장 안에만 두고 링크를 거쳐 열지 않습니다. 링크를 지워 주세요(동기화로 들어왔다면 git rm {2}, git commit, git push)",
    .syncPulledLink:
      "동기화로 {2}{2:를} 가리키는 링크 {1}{1:이} 들어왔습니다. ilgi는 일기장 밖이나 .git, .ilgi로 이어지는 링크로는 읽지도 쓰지도 않으며, git은 들어온 그대로 둡니다. 직접 만든 것이 아니라면 지워 주세요(git rm {1})",
    .doctorFolderLink: "{1}: 링크인 폴더입니다({2}). ilgi는 그 안을 살피지 않으므로 그곳의 일기는 목록에도 없고 쓰이지도 않습니다",
    .errTemplateIsIlgis:
      "{1}{1:는} 앱의 파일이나 스크립트라 ilgi 자신의 것만 씁니다(일기장 폴더는 동기화됩니다). 일기장이 바꿀 수 있는 것은 ilgi templates가 보여 줍니다",
    .doctorPlacedPicture:
      "{1}: 찍은 곳(GPS 위치)이 남아 있습니다. 이 기기는 사진에서 위치를 지웁니다(attachments.keep_location = false). 위치 없이 두려면 다시 첨부하고, 남기려면 그 키를 true로 하세요",
    .syncKeysDropped: "다른 기기가 일기장의 수신자에서 {1}{1:을} 뺐습니다. 이 기기도 더는 그 키로 암호화하지 않습니다",
    .syncBranchPushedAgain: "{1}에 브랜치 {2}{2:가} 없어졌습니다(거기서 지워짐). 이 기기가 다시 올렸습니다",
    .syncFetchBranchGone:
      "{1}에 이 기기가 가져오는 브랜치 {2}{2:이} 더는 없고, 이 기기는 {3}{3:으로} 보냅니다. 다른 기기가 {1}{1:으로} 보내는 것은 여기 오지 않습니다. 가져올 브랜치는 git branch --set-upstream-to=REMOTE/BRANCH로 정하세요",
    .initGitDone: "일기장을 git에 커밋했습니다: {1}",
    .warnGitCommit: "저장했지만 git이 커밋하지 못했습니다: {1}. 직접 커밋하거나 ilgi config set git.autocommit false로 끄세요",
    .warnGitBusy: "저장했지만 커밋하지 않았습니다: git이 {1} 중입니다. 끝낸 뒤 커밋하세요",
    .errNotGit: "{1은} git 저장소가 아닙니다. ilgi init --git으로 만드세요",
    .errGit: "git {1} 실패: {2}",
    .syncAbstract: "다른 곳의 변경을 받고(내 변경을 그 위로 rebase) 내 변경을 올립니다.",
    .syncDiscussion: """
    일기장에서 `git pull --rebase --autostash`와 `git push`를 실행하고 색인을 새로 맞춥니다. 두 기기가 한 일기를 고치면 그 글(암호화된 일기장이면 봉인 안의 글)에서 합칩니다: 서로 다른 줄의 고침은 둘 다 남고, 한 자리에 덧붙인 글은 둘 다 들어가며, 같은 줄을 둘 다 고쳤으면 두 버전이 차례로 들어가고 sync가 그 일기를 알려 주니 `ilgi edit`로 정리하세요. 그 일기의 머리말에 `unsettled:` 줄이 붙고, 그 줄을 지울 때까지 어느 기기에서든 `ilgi doctor`가 알려 줍니다. 한 기기에서 지우고 다른 기기에서 고친 일기는 고친 대로 남습니다. git이 ilgi에 맡길 수 없는 충돌(일기가 아닌 파일)이면 멈춥니다. 어느 쪽이든 잃는 것은 없습니다.
    """,
    .errSyncNoRemote: "일기장에 동기화할 git 원격 저장소가 없습니다. git remote add origin URL로 더하세요",
    .errSyncConflict:
      "{1}에서 충돌: 두 버전이 파일의 <<<<<<<와 >>>>>>> 사이에 있습니다. 원하는 것을 남기고 git add {1}, git rebase --continue, ilgi sync를 실행하세요",
    .errSyncSealedConflict:
      "{1}에서 충돌: 이 암호화된 일기의 두 버전을 여기서 합치지 못했습니다(둘 다 여는 키가 필요합니다). 잃은 것은 없습니다: git rebase --abort로 sync 전으로 돌아가세요",
    .newDatedAhead: "일기 날짜가 {1}로 지금보다 나중입니다. 이미 지난 때라면 날을 붙이세요: --date \"어제 저녁 9시\"",
    .errUnknownCommand: "{2}에 '{1}' 명령은 없습니다. {2} --help에서 명령 목록을 보세요",
    .errUnknownCommandNear: "{2}에 '{1}' 명령은 없습니다. '{3}'인가요?",
    .errUnknownOption: "{2}에는 {1} 옵션이 없습니다. {2} --help에서 옵션 목록을 보세요",
    .errUnknownOptionNear: "{2}에는 {1} 옵션이 없습니다. {3}인가요?",
    .syncApart: "{1}: 두 기기가 이 이름으로 일기를 하나씩 만들었습니다. 둘 다 남기고, 하나는 이제 {2}입니다",
    .errSyncDeletedConflict:
      "{1}에서 충돌: 한 기기에서는 지우고 다른 기기에서는 고쳤습니다(ilgi는 일기장의 지금 암호화 상태와 맞는 일기만 스스로 남깁니다). 잃은 것은 없습니다: 고친 버전이 {1}에 있습니다. 남기려면 git add {1}, 버리려면 git rm {1}을 실행한 뒤 git rebase --continue와 ilgi sync를 실행하세요",
    .syncKeptChanged:
      "{1}: 한 기기에서는 지우고 다른 기기에서는 고쳤습니다. 고친 일기를 남겼습니다(다시 지우려면 ilgi delete {1})",
    .syncOverlap: "{1}: 두 기기가 같은 줄을 고쳤습니다. 일기에 두 버전이 차례로 들어 있으니 ilgi edit {1로} 정리하세요",
    .syncDriversSet: "이 복제본의 git이 ilgi를 거쳐 일기를 보여 주고 합치도록 설정했습니다(git diff, git log, git pull에서).",
    .errMergeEntryWrite: "{1}: 합친 일기를 쓰지 못했습니다: {2}",
    .errMergeEntryUnreadable: "{1}: 두 버전을 여기서 합치지 못했습니다({2}). git이 둘 다 보관합니다",
    .errSyncBusy: "git이 {1} 중입니다. 끝낸 뒤(git status가 방법을 알려 줍니다) ilgi sync를 실행하세요",
    .errSyncStashConflict:
      "{1}에서 충돌: 여기서 아직 커밋하지 않은 변경이 동기화로 온 내용과 부딪쳤습니다. 잃은 것은 없습니다(git stash list에 변경이 있습니다): 파일을 원하는 대로 고친 뒤 git add {1}(또는 git rm {1})와 git stash drop을 실행하고, 다른 기기에도 보내려면 git commit한 다음 ilgi sync를 실행하세요",
    .syncDone: "{1과} 동기화했습니다.",
    .syncUntracked: "git이 기기마다 따로 두는 ilgi 자신의 파일({1})을 추적하고 있었습니다. 이제 추적하지 않습니다",
    .syncJSONHelp: "어떻게 되었는지 JSON으로 출력합니다: 상태(merged, keptBoth, unsettled, offline, refused)와 한 말.",
    .logAbstract: "일기 하나, 또는 일기장의 git 기록을 보여 줍니다.",
    .logSelectorHelp: "일기(선택자). 없으면 일기장 전체.",
    .logPatchHelp: "한 줄 요약뿐 아니라 바뀐 내용도 보여 줍니다.",
    .logNone: "{1}의 기록이 아직 없습니다.",
    .errGitIdentity:
      "git이 사용자를 모릅니다. git config --global user.name \"이름\"과 git config --global user.email you@example.com을 실행한 뒤 ilgi init --git을 다시 하세요",
    .siteTitle: "일기",
    .siteHome: "처음",
    .siteArchive: "보관함",
    .siteTags: "태그",
    .siteCalendar: "달력",
    .siteSearch: "찾기",
    .siteSearchPlaceholder: "일기에서 찾기",
    .siteNewer: "최근",
    .siteOlder: "이전",
    .sitePrevious: "이전 일기",
    .siteNext: "다음 일기",
    .siteNoResults: "찾은 일기가 없습니다.",
    .siteFeed: "Atom 피드",
    .siteBook: "한 해를 책으로",
    .siteWeather: "날씨",
    .sitePlace: "쓴 곳",
    .siteEmpty: "아직 일기가 없습니다.",
    .siteSource: "원본",
    .siteMonthTitle: "{1}년 {2}",
    .siteOneEntry: "일기 1개",
    .siteEntries: "일기 {1}개",
    .sitePageOf: "{2}쪽 중 {1}쪽",
    .exportHTMLNeedsOut: "ilgi export html은 폴더에 씁니다. --out 폴더로 알려 주세요",
    .errSiteNotOurs: "{1은} 비어 있지 않고 ilgi가 쓴 사이트도 아닙니다. --out에 새 폴더나 빈 폴더를 주세요",
    .errSiteIsFile: "{1은} 파일입니다. --out에는 사이트를 쓸 폴더를 주세요",
    .siteWrote: "페이지 {2}개 중 {1}개를 {3}에 썼습니다(그대로 {4}개, 지운 것 {5}개). {6을} 여세요",
    .serveAbstract: "일기장의 파일 그대로를 브라우저의 일기 앱으로 보여 줍니다(또는 읽기 전용 사이트로).",
    .serveDiscussion: """
    앱은 일기 목록(날씨와 태그, 태그와 날짜로 거르기)을 보여 주고, 일기를 하나씩 보여 주고, 치는 대로 검색하고, 씁니다. 첫 줄이 제목인 글상자 하나이며, 쓰다 멈추거나 글상자를 떠나거나 페이지를 내려놓으면 저절로 저장됩니다. 그사이 다른 곳(vim, git, 다른 휴대폰)에서 바뀐 일기는 절대 덮어쓰지 않습니다. 페이지가 두 글을 보여 주고 하나를 남기거나 합치게 합니다. 지우기는 먼저 묻고 휴지통으로 보내며 되돌릴 수 있습니다. 모든 쓰기는 CLI처럼 일기장의 잠금, 원자적 쓰기, git 자동 커밋을 거칩니다. --read-only를 주면 대신 `ilgi export html`의 페이지를 보여 줍니다.

    127.0.0.1에서도 모든 요청에 토큰이 필요합니다. 이 컴퓨터의 모든 계정이 127.0.0.1에 닿기 때문입니다. 토큰은 --token-file FILE(나만 읽을 수 있는 파일), ILGI_TOKEN, --token으로 주지 않으면 시작할 때 만듭니다. 명령줄의 토큰은 이 컴퓨터의 모든 사용자가 프로세스 목록에서 읽을 수 있으니 파일이나 변수를 쓰세요. 보여 주는 주소 http://127.0.0.1:8080/?token=...을 여세요. 브라우저는 토큰을 이 주소와 포트만의 저장소에 담고 쿠키에는 담지 않으며(127.0.0.1의 쿠키는 모든 포트로 갑니다), 주소 표시줄에서 빼고, 서비스 워커가 모든 요청에 실어 보냅니다. 주소의 토큰이 담아 둔 것보다 우선합니다(다시 시작한 뒤의 새 주소가 바로 열립니다). 워커를 돌리지 않는 브라우저(네트워크 주소의 평범한 http, 스크립트 꺼짐)는 이 포트의 쿠키에 담습니다. 스크립트는 `Authorization: Bearer` 헤더로 보냅니다. 일기를 바꾸는 스크립트는 앱의 페이지처럼 `X-Ilgi-Request: 1`, 서버 자신의 주소를 담은 `Origin`(-H 'Origin: http://127.0.0.1:8080'), JSON 본문도 함께 보냅니다. 다른 사이트의 페이지는 이것들을 보낼 수 없습니다. 아래 마지막 예는 새 일기를 씁니다(tags는 빼도 됩니다). --open은 그 주소를 대신 엽니다.

    --host를 주지 않으면 127.0.0.1에서만 받습니다. 다른 주소(0.0.0.0)에서는 휴대폰으로 열 주소들을 보여 주고, 터미널에서는 첫 주소의 QR 코드도 함께 보여 줍니다. TLS는 없습니다. 집 네트워크 밖에서 쓰려면 TLS가 있는 리버스 프록시나 `tailscale serve` 뒤에 두세요. Ctrl-C로 멈춥니다.

    예:
      ilgi serve --open
      ilgi serve --host 0.0.0.0 --token-file ~/.config/ilgi/token
      ilgi serve --read-only --port 8080
      curl http://127.0.0.1:8080/api/entries -H 'X-Ilgi-Request: 1' \\
        -H "Authorization: Bearer $ILGI_TOKEN" \\
        -H 'Origin: http://127.0.0.1:8080' \\
        -H 'Content-Type: application/json' \\
        -d '{"content": "제목\\n\\n내용", "tags": "일 여행"}'
    """,
    .servePortHelp: "받을 포트(0이면 빈 포트를 고릅니다).",
    .serveHostHelp: "받을 주소. 주지 않으면 127.0.0.1(이 컴퓨터)이고, 휴대폰에서도 열려면 0.0.0.0.",
    .serveURLHelp:
      "TLS 프록시(tailscale serve, Caddy, nginx)가 앱을 내어 주는 주소(https://이름). 휴대폰에 앱을 설치하려면 필요합니다. ilgi 자체는 127.0.0.1에서 받게 두세요.",
    .errServeURL: "{1은} 앱을 내어 줄 주소가 아닙니다. https://diary.example.ts.net처럼 스킴, 이름, 포트만 주세요",
    .serveQRNoteURL: "휴대폰으로 찍어 여세요:",
    .serveTokenHelp:
      "모든 요청이 가져와야 하는 토큰(주지 않으면 만들어 씁니다). 이 컴퓨터의 모든 사용자가 프로세스 목록에서 읽을 수 있으니 --token-file이나 ILGI_TOKEN을 쓰세요.",
    .serveOpenHelp: "브라우저로 엽니다(xdg-open, open).",
    .serveListening: "{1을} {2}에서 보여 줍니다(Ctrl-C로 멈춤)",
    .serveOpenAt: "{1} 열기",
    .serveOrAt: "  또는 {1}",
    .serveTokenLine: "모든 요청에 토큰이 필요합니다. {1을} 여세요",
    .errServeBind: "{1}에서 받을 수 없습니다: {2}. 다른 --port나 --host를 고르세요",
    .errServePort: "{1은} 포트가 아닙니다. 0에서 65535 사이의 수를 쓰세요",
    .serveStopped: "멈췄습니다.",
    .serveSyncing: "{1}마다, 그리고 앱에서 글쓰기를 마칠 때마다 일기장의 git 원격 저장소와 스스로 동기화합니다(git.sync_interval, 0이면 끕니다)",
    .serveDrainingOne: "처리 중인 요청 하나에 답한 뒤 멈춥니다(저장이 일기장 잠금을 기다리고 있을 수 있습니다). Ctrl-C를 한 번 더 누르면 답하지 않고 바로 멈춥니다.",
    .serveDraining: "처리 중인 요청 {1}개에 답한 뒤 멈춥니다(저장이 일기장 잠금을 기다리고 있을 수 있습니다). Ctrl-C를 한 번 더 누르면 답하지 않고 바로 멈춥니다.",
    .serveReadOnlyHelp: "앱 대신 `ilgi export html`의 읽기 전용 사이트를 보여 줍니다.",
    .serveQRNote: "같은 네트워크의 휴대폰으로 찍어 여세요:",
    .appName: "일기",
    .appNew: "새 일기",
    .appNewEntry: "새 일기",
    .appList: "일기 목록",
    .appSearch: "검색",
    .appSearchPlaceholder: "찾을 낱말",
    .appOnThisDay: "오늘의 지난 일기",
    .appSkip: "본문으로 건너뛰기",
    .appNoScript: "쓰기에는 자바스크립트가 필요합니다. 읽기는 없어도 됩니다.",
    .appNothingYet: "아직 일기가 없습니다. 첫 일기를 써 보세요.",
    .appNothingMatches: "맞는 일기가 없습니다.",
    .appFrom: "시작",
    .appTo: "끝",
    .appFilter: "거르기",
    .appClear: "모두 보기",
    .appTags: "태그",
    .appTagsHint: "띄어 써서 여러 개",
    .appNewer: "최근",
    .appOlder: "이전",
    .appBacklinks: "이 일기를 잇는 일기",
    .appNoSuchTemplate: "그런 서식이 없습니다. `ilgi templates`가 목록을 보여 줍니다.",
    .appTemplate: "서식",
    .appNoTemplate: "없음",
    .appMood: "기분",
    .appActivities: "활동",
    .appActivitiesHint: "쉼표로 나눠 쓰세요. 자주 쓰는 활동은 눌러서 더합니다",
    .appAnyMood: "모두",
    .appCalendar: "달력",
    .appWords: "글자 수",
    .appShadedBy: "색으로 보기",
    .appPrevious: "이전",
    .appNext: "다음",
    .appNoEntriesThatDay: "그날 쓴 일기가 없습니다.",
    .appRecord: "● 녹음",
    .appStopRecording: "■ 멈추고 남기기",
    .appVoiceNote: "음성 메모 {1}",
    .appNoMicrophone: "마이크를 쓸 수 없습니다. 이 페이지에 허용해 주세요(localhost나 HTTPS에서만 됩니다).",
    .appRecordingWaits: "서버에 닿을 때까지 녹음을 여기 두었다가 보냅니다.",
    .appEdit: "고치기",
    .appShare: "공유",
    .appDelete: "지우기",
    .appDeleteQuestion: "“{1}”을(를) 지울까요? 일기장의 휴지통으로 가며, 되돌릴 수 있습니다.",
    .appDeleteConfirm: "휴지통으로",
    .appCancel: "취소",
    .appDeleted: "휴지통으로 옮겼습니다.",
    .appUndo: "되돌리기",
    .appRestored: "되돌렸습니다.",
    .appTextLabel: "일기 본문. 첫 줄이 제목입니다",
    .appPlaceholder: "첫 줄에 제목, 그다음 줄부터 본문.",
    .appWeather: "날씨",
    .appUseLocation: "날씨에 내 위치 쓰기",
    .appLocated: "내 위치의 날씨: {1}",
    .appNoLocation: "위치를 알 수 없어 일기장의 장소를 씁니다.",
    .appDone: "완료",
    .appSaved: "저장됨",
    .appSaving: "저장 중…",
    .appAddPhotos: "사진 넣기",
    .appUploading: "{2}개 중 {1}번째 넣는 중…",
    .appUploadFailed: "{1}{1:을} 넣지 못했습니다. 다시 해 보세요",
    .appUnsaved: "아직 저장 안 됨",
    .appSaveFailed: "저장 못 함: 서버에 닿지 않습니다. 글은 이 브라우저에 남아 있습니다.",
    .appEmptyNotKept: "빈 일기는 남기지 않습니다.",
    .appNoSuchTask: "이 일기에는 {1}번째 할 일이 없습니다. 목록을 바꾸려면 일기를 고치세요.",
    .appTaskChanged: "다른 곳에서 일기가 바뀌었습니다. 지금의 일기입니다. 다시 눌러 주세요.",
    .appConflict: "쓰는 동안 이 일기가 다른 곳에서 바뀌었습니다.",
    .appConflictExplained: "이 일기를 연 뒤에 다른 곳(다른 편집기, 다른 기기, git)에서 바뀌었습니다. 잃은 것은 없습니다. 남길 쪽을 고르세요.",
    .appTheirs: "다른 곳에서 저장한 글",
    .appMine: "여기서 쓴 글",
    .appBase: "바뀌기 전",
    .appKeepMine: "내 글 남기기",
    .appKeepTheirs: "다른 쪽 남기기",
    .appKeepBoth: "둘 다 남기기 (합치기)",
    .appMergedClean: "두 글을 합쳤습니다. 확인하면 저절로 저장됩니다.",
    .appMergedConflicts: "두 글을 모두 넣었습니다. 같은 줄을 양쪽에서 바꾼 곳에는 두 판이 차례로 들어 있습니다. 확인하고 입력하거나 나가면 저장됩니다.",
    .appKeptTexts: "이 브라우저에만 있고 아직 저장되지 않은 글:",
    .appOpenKept: "열기",
    .appSaveFailedPageOnly:
      "저장 못 함: 서버에 닿지 않습니다. 이 일기장은 브라우저에 아무것도 남기지 않으므로 글은 이 페이지에만 있습니다. 보내질 때까지 페이지를 열어 두세요.",
    .appSynced: "{1} 일기장의 원격 저장소와 동기화했습니다.",
    .appSyncOffline: "일기장의 원격 저장소에 닿지 않습니다(마지막 동기화: {1}). 스스로 다시 시도합니다. 저장은 계속됩니다.",
    .appSyncStopped: "원격 저장소와의 동기화가 멈췄습니다: {1}",
    .appSyncNever: "없음",
    .appSyncWaiting: "일기장의 원격 저장소와 동기화하는 중…",
    .appJustNow: "방금",
    .appMinutesAgo: "{1}분 전",
    .appHoursAgo: "{1}시간 전",
    .appSharedWaiting: "일기로 공유된 내용이 아직 저장되지 않았습니다:",
    .appSharedKeep: "새 일기로 저장",
    .appSharedDrop: "버리기",
    .appSameLines: "… 양쪽이 같은 {1}줄 …",
    .appCopied: "클립보드에 복사했습니다.",
    .appTwoVersions: "두 기기가 같은 대목을 고쳐서, 동기화가 두 버전을 아래에 차례로 남겼습니다. 남길 것만 두고 알려 주세요.",
    .appResolve: "다 됐어요: 이대로 둡니다",
    .appPreviousPicture: "이전 사진",
    .appNextPicture: "다음 사진",
    .appClosePicture: "닫기",
    .appGone:
      "이 일기가 없어졌습니다(지워졌거나 옮겨졌습니다). 쓴 글은 이 브라우저에 새 일기로 남아 있습니다: 새 일기 화면이 보여 주고, 여기서 계속 쓰면 새 일기로 저장됩니다.",
    .appNoResults: "찾지 못했습니다.",
    .appNoSuchEntry: "그런 일기가 없습니다.",
    .appOffline: "오프라인",
    .appWaiting: "{1}개 보내기를 기다리는 중",
    .appToSettle: "{1}개 고를 것",
    .appSearchedKept: "오프라인: 이 브라우저에 둔 일기 {1}개에서 찾았습니다.",
    .appNeedsHTTPS:
      "이 페이지는 http로 열려 있어서 브라우저가 오프라인용으로 아무것도 두지 않습니다. 오프라인으로 쓰려면 HTTPS가 필요합니다: tailscale serve나 TLS가 있는 프록시 뒤에서 앱을 여세요(ilgi serve --help 참고).",
    .appOfflineHeading: "오프라인",
    .appOfflineKept:
      "서버에 닿지 않고, 이 페이지는 이 브라우저에 없습니다. 최근에 목록에서 보았거나 연 일기는 있으며 새 일기도 쓸 수 있습니다: 이 브라우저에서 기다렸다가 서버에 다시 닿으면 보냅니다.",
    .appOfflineNotKept:
      "서버에 닿지 않습니다. 이 일기장은 브라우저에 일기를 두지 않습니다(app.offline이 꺼져 있습니다. 암호화한 일기장은 켜지 않는 한 꺼져 있습니다). 새 일기는 쓸 수 있습니다: 이 브라우저에서 기다렸다가 서버에 다시 닿으면 보냅니다.",
    .templatesAbstract: "ilgi가 쓰는 템플릿을 보이고, 고칠 수 있게 일기장에 복사합니다.",
    .templatesDiscussion: """
    새 일기는 new-entry.md로 시작하고, `ilgi export html`과 `ilgi serve --read-only`의 사이트는 site-* 템플릿(Mustache), site.css, site-search.js로, `ilgi serve`의 앱은 app-* 템플릿, app.css, app.js로 만듭니다. search-query.js는 사이트의 검색과 오프라인 앱의 검색에서 검색어를 읽습니다. 일기장의 .ilgi/templates/에 같은 이름의 파일이 있으면 new-entry.md, site-* 템플릿, site.css는 그것을 씁니다. 앱의 파일과 모든 스크립트는 ilgi 자신의 것만 씁니다. 일기장 폴더는 동기화되므로, 그러지 않으면 원격 저장소에 푸시할 수 있는 누구든 일기 옆에서 자기 스크립트를 실행할 수 있습니다.

    예:
      ilgi templates
      ilgi templates copy
      ilgi templates copy site.css
    """,
    .templatesActionHelp: "copy, 또는 비워 두면 목록을 보입니다.",
    .templatesNamesHelp: "복사할 템플릿. 비워 두면 모두.",
    .templatesShipped: "기본",
    .templatesOverridden: "내 것: {1}",
    .templatesCopied: "{1을} {2}에 복사했습니다",
    .templatesKept: "{1이} 이미 있어 그대로 두었습니다",
    .errTemplateName: "{1은} 템플릿이 아닙니다. ilgi templates로 목록을 보세요",
    .errTemplatesAction: "templates는 {1을} 하지 않습니다. copy를 쓰거나 비워 두어 목록을 보세요",
    .errExportNoFormat: "무엇으로 내보낼지 알려 주세요: ilgi export json|jrnl|markdown|dayone|html (또는 --format)",
    .errExportTwoFormats: "{1과} --format {2이} 다릅니다. 형식은 한 번만 주세요",
    .keyAbstract: "암호화한 일기장이 쓰는 age 키를 만들고, 보여 주고, 더하고, 뺍니다.",
    .keyDiscussion: """
    신원(비밀 키, AGE-SECRET-KEY-1...)은 $XDG_CONFIG_HOME/ilgi/identity.txt(~/.config/ilgi/identity.txt)에 주인만 읽을 수 있게 둡니다. ILGI_IDENTITY로 다른 파일을 가리킬 수 있습니다. 수신자(age1...)는 공개해도 됩니다: 일기장 설정에 모든 일기를 암호화할 수신자가 기기마다 하나씩 적혀 있습니다.

    양자 내성 키(--pq: ML-KEM-768과 X25519를 함께 쓰는 age의 하이브리드 방식, AGE-SECRET-KEY-PQ-1...과 age1pq1...)는 오늘 파일을 복사해 두었다가 나중에 양자 컴퓨터를 가진 사람에게도 일기를 열어 주지 않습니다. 수신자는 1,959자이고 age 1.3 이상이 읽습니다. 두 방식의 키에 함께 암호화한 일기장은 X25519 키만큼만 안전합니다: 새 키를 더한 뒤 옛 키를 빼서 옮기세요.

    예:
      ilgi key new                 신원을 만듭니다
      ilgi key new --pq            양자 내성 신원을 만들거나 있는 신원 옆에 더합니다
      ilgi key new --passphrase    암호로 보호해 만듭니다
      ilgi key show                수신자를 한 줄에 하나씩 보여 줍니다
      ilgi key add age1pq1...      모든 일기를 수신자 하나에 더 암호화합니다
      ilgi key remove age1...      수신자 하나를 빼고 다시 암호화합니다 (잃어버린 기기, 옛 키)
    """,
    .keyNewAbstract: "age 신원을 만듭니다(기기마다 한 번).",
    .keyShowAbstract: "수신자(age1... 또는 age1pq1...)를 보여 줍니다. 다른 곳의 `ilgi key add`에 주세요.",
    .keyAddAbstract: "수신자를 더하고 모든 일기를 일기장의 수신자에게 다시 암호화합니다.",
    .keyPassphraseHelp: "신원을 암호로 보호합니다(터미널에서 묻거나 ILGI_PASSPHRASE).",
    .keyRecipientHelp: "더할 수신자: age1... 또는 age1pq1...(다른 기기의 `ilgi key show`).",
    .keyMade: """
    {1}에 신원을 만들었습니다. 수신자: {2}
    {1}의 사본을 안전한 곳(비밀번호 관리자, 따로 보관하는 USB)에 두세요. 이 파일이 없으면 \
    이 키로 암호화한 것은 누구도, ilgi도 다시 열 수 없습니다.
    """,
    .keyExists: "{1}에 이미 신원이 있습니다. ilgi는 신원을 바꾸지 않습니다(먼저 옮겨 두세요)",
    .keyAlreadyAdded: "{1}: 이미 수신자이고 모든 일기가 이 키로도 암호화되어 있어 할 일이 없습니다.",
    .keyAdded: "{1을} 더했습니다. 일기 {2}개를 수신자 {3}명에게 다시 암호화했습니다.",
    .keyRemoveAbstract: "수신자를 빼고 모든 일기를 남은 수신자에게 다시 암호화합니다.",
    .keyResealAbstract: "모든 일기와 첨부 파일을 일기장의 키에 꼭 맞게 다시 암호화합니다.",
    .keyResealed: "파일 {1}개를 수신자 {2}명에게 다시 암호화했습니다.",
    .keyAcceptAbstract: "동기화로 들어온 수신자 목록을, 무엇이 더해지고 빠졌는지 보고 받아들입니다.",
    .keyAcceptDiscussion: """
    일기장의 .ilgi/config.toml은 푸시되고 풀되므로, 원격 저장소에 푸시할 수 있는 누구든 수신자에 자기 키를 넣거나 모두 뺄 수 있습니다. 그래서 기기마다 받아들인 목록(.git/ilgi/recipients, 동기화되지 않음)으로 암호화합니다: 처음 본 목록, 그리고 그 기기의 ilgi encrypt, ilgi key add, ilgi key remove가 쓴 목록입니다. 동기화가 다른 목록을 가져오면 ilgi sync와 ilgi doctor가 무엇이 더해지고 빠졌는지 알려 주고, ilgi key accept를 실행할 때까지 이 기기에서 쓰는 일기는 받아들인 목록으로 암호화됩니다. 목록이 사라지거나 비어도 받아들이기 전에는 암호화한 일기장이 평문이 되지 않습니다.

    예:
      ilgi sync            알림: 다른 기기에서 수신자가 바뀌었습니다 (+ age1..., - age1...)
      ilgi key accept      이제부터 새 목록으로 암호화
    """,
    .keyAcceptNothing: "받아들일 것이 없습니다. 이 기기는 일기장이 나열한 수신자 {1}명에게 암호화합니다.",
    .keyAcceptLeavesOut:
      "일기장의 목록에 이 기기의 키 {1}{1:가} 없습니다. 여기서 암호화한 것을 다시 열 수 없게 됩니다. 일기장을 열 수 있는 곳에서 키를 다시 추가(ilgi key add)한 뒤 ilgi sync를 실행하세요",
    .keyAccepted: "이제 이 기기는 일기장이 나열한 수신자 {1}명에게 일기를 암호화합니다.",
    .keyAcceptedPlain: "이제 이 기기는 설정대로(수신자 없음) 일기를 평문으로 씁니다.",
    .keyAcceptPlainAsk:
      "일기장 설정에 수신자가 없습니다. 받아들이면 이 기기의 다음 일기가 평문으로 쓰입니다. 의도한 것이면 ilgi key accept --plain을 실행하세요(아니면 ilgi key reject)",
    .keyAcceptPlainHelp: "수신자가 없는 목록을 받아들입니다. 그 뒤로 이 기기는 평문으로 씁니다.",
    .keyRejectAbstract: "이 기기가 받아들인 수신자 목록을 일기장 설정에 다시 씁니다.",
    .keyRejected: "일기장 설정이 이 기기가 받아들인 수신자 {1}명을 다시 나열합니다. ilgi sync가 다른 기기에 전합니다.",
    .keyRejectNothing: "되돌릴 것이 없습니다. 일기장 설정이 이 기기가 받아들인 목록과 같습니다.",
    .recipientsPending:
      "일기장의 수신자가 다른 곳에서 바뀌었습니다({1}). ilgi key accept를 실행할 때까지 이 기기에서 쓰는 일기는 이 기기가 받아들인 키 {2}개로 암호화됩니다(그대로 두려면 ilgi key reject)",
    .keyRemoveDiscussion: """
    더 쓰지 않거나 잃어버린 기기를 위한 명령입니다. 모든 일기(와 색인)를 남은 수신자에게 다시 암호화하므로, 뺀 키로는 지금의 파일을 하나도 열 수 없습니다. 그 전에 만든 사본(git 기록, 백업, 다른 클론)은 여전히 그 키로 열립니다. 자신의 수신자는 여기서 뺄 수 없습니다(이 기기가 일기장을 읽지 못하게 됩니다). 다른 기기에서 빼세요.

    예:
      ilgi key remove age1...
    """,
    .keyRemoveRecipientHelp: "뺄 수신자: age1... 또는 age1pq1... (`ilgi config get encryption.recipients`에 있는 것).",
    .keyNotARecipient: "{1은} 이 일기장의 수신자가 아닙니다 (`ilgi config get encryption.recipients`로 확인하세요)",
    .keyRemoveLast: "{1은} 이 일기장의 유일한 수신자입니다. 암호화를 그만두려면 `ilgi decrypt`를 실행하세요",
    .keyRemoveOwn: "{1은} 자신의 수신자입니다. 빼면 이 기기에서 일기장을 읽을 수 없으니 다른 기기에서 빼세요",
    .keyRemoved: "{1을} 뺐습니다. 일기 {2}개를 수신자 {3}명에게 다시 암호화했습니다. 그 전에 만든 사본(git 기록, 백업)은 뺀 키로 여전히 열립니다.",
    .keyNotEncrypted: "{1은} 암호화되지 않았습니다. 먼저 `ilgi encrypt`를 실행하세요",
    .keyMissing: "{1}에 신원이 없습니다: `ilgi key new`를 실행하거나 키를 그곳에 복사하세요(또는 ILGI_IDENTITY)",
    .keyUnreadable: "{1을} 신원으로 읽을 수 없습니다: {2}",
    .keyPassphrasePrompt: "{1}의 암호: ",
    .keyPassphraseNew: "새 신원의 암호: ",
    .keyPassphraseAgain: "같은 암호를 한 번 더: ",
    .keyPassphraseMismatch: "두 암호가 다릅니다. 아무것도 만들지 않았습니다",
    .keyPassphraseNeeded: "{1은} 암호로 보호됩니다: 터미널에서 입력하거나 ILGI_PASSPHRASE를 설정하세요",
    .keyPostQuantumHelp: "양자 내성 키(ML-KEM-768과 X25519)를 만듭니다. 신원이 이미 있으면 그 옆에 더합니다.",
    .keyPassphraseKept: "{1이} 이미 있습니다. 더하는 키는 그 파일의 암호(또는 암호 없음)를 따릅니다. --passphrase를 빼세요",
    .keyPostQuantumAdded: """
    {1}에 양자 내성 신원을 더했습니다. 수신자: {2}
    일기장을 이 키로 암호화하려면: ilgi key add (이 수신자), 그다음 ilgi key remove (X25519 수신자). \
    {1}의 사본을 새로 안전한 곳에 두세요. 전에 둔 사본에는 이 키가 없습니다.
    """,
    .keyPostQuantumExists: "{1}에 이미 양자 내성 신원이 있습니다({2}). ilgi는 신원을 바꾸지 않습니다",
    .keyMixedKinds:
      "일기장이 X25519 키 {1}개({2} 등)에도 암호화되어 있습니다. 이 키를 빼기 전까지(ilgi key remove) 양자 컴퓨터는 그 키로 일기장을 열 수 있습니다.",
    .initPostQuantumHelp: "양자 내성 키로 암호화합니다. 키가 없으면 만들거나 더합니다(--encrypt 포함).",
    .encryptAbstract: "일기장의 모든 일기를 수신자에게 암호화합니다(age).",
    .encryptDiscussion:
      "NAME.md는 한 번에 한 파일씩 원자적으로 NAME.md.age가 됩니다. 멈춘 실행은 다시 실행하면 끝납니다. 그 뒤 색인은 암호화된 채로만(.ilgi/index.age), 초안은 메모리에만 둡니다. 수신자가 아직 없으면 내 수신자(ilgi key new)를 씁니다. git 일기장에서는 커밋 하나가 됩니다. git 기록에는 예전 평문이 남아 있습니다(지우는 법은 README의 \"Encrypting your journal\").",
    .decryptAbstract: "모든 일기를 평문 Markdown(NAME.md)으로 되돌립니다.",
    .encryptProgress: "암호화하는 중",
    .decryptProgress: "복호화하는 중",
    .encryptDone: "일기 {1}개를 수신자 {2}명에게 암호화했습니다.",
    .decryptDone: "일기 {1}개를 복호화했습니다. 일기장이 다시 평문 Markdown입니다.",
    .encryptHistoryNote: "git 기록에는 일기의 예전 평문이 남아 있습니다. 지우는 법은 README의 \"Encrypting your journal\"에 있습니다.",
    .encryptFailed: "{1을} 바꾸지 못했습니다: {2}. 다른 것은 바뀌지 않았습니다. 고친 뒤 다시 실행하세요",
    .catAbstract: "일기 파일의 글을 출력합니다. 암호화되어 있으면 복호화합니다(git textconv).",
    .catFileHelp: "출력할 파일.",
    .initEncryptHelp: "일기장의 일기를 암호화합니다(age). 신원이 없으면 만듭니다.",
    .initEncrypted: "일기는 {1}에게 암호화됩니다. 초안은 메모리({2})에 둡니다.",
    .draftsInMemory: "이 암호화한 일기장의 초안은 기기를 다시 켤 때까지 메모리 {1}에 있습니다.",
    .exportPlaintextRefused: "{1은} {2} 안에 있습니다: 내보내기는 암호화한 일기장의 평문입니다. 다른 곳에 쓰거나 --force를 주세요",
    .exportPlaintextNote: "이 내보내기에는 일기장의 글이 평문으로 들어 있습니다.",
    .exportForceHelp: "암호화한 일기장의 평문 내보내기를 일기장이나 git 작업 트리 안에도 씁니다.",
    .readUndecryptable: "{1을} 복호화할 수 없습니다: {2}",
    .adviceCheckKey: "내 키(ilgi key show)가 일기장의 수신자(ilgi config get encryption.recipients)에 있는지 확인하세요",
    .serveTokenFileHelp: "토큰이 든 파일. 나만 읽을 수 있어야 합니다(chmod 600).",
    .errServeEmptyToken: "{1이} 비어 있습니다. 빈 토큰으로는 누구나 들어옵니다. 토큰을 주거나, {1을} 빼면 만들어 씁니다",
    .errServeTokenFileOpen: "{1을} 다른 사용자도 읽을 수 있습니다. `chmod 600 {1}`로 나만 읽게 하세요",
    .errServeTokenFileUnreadable: "{1을} 읽을 수 없습니다: {2}. --token-file에는 토큰이 든 파일을 주세요",
    .errServeTwoTokens: "--token과 --token-file이 둘 다 토큰을 줍니다. 하나만 쓰세요",
    .searchTooManyTerms: "검색어에 낱말과 태그가 {1}개 있습니다. {2}개까지만 쓰세요",
    .searchTookTooLong: "검색이 너무 오래 걸려 멈췄습니다. 낱말을 줄이거나 더 긴 낱말로 찾아 보세요",
    .appBadPath: "일기의 페이지 주소가 아닙니다. 목록으로 돌아가세요.",
    .appNoSuchPage: "그런 페이지가 없습니다. 목록으로 돌아가세요.",
    .appNoSuchRequest: "{1은} 이 일기가 받는 요청이 아닙니다. 페이지를 새로 고쳐 지금의 스크립트를 받으세요.",
    .appTokenNeeded: "이 일기에는 토큰이 필요합니다. `ilgi serve`가 보여 준 주소(?token=…으로 끝나는 주소)를 여세요.",
    .appRepeatedHeader: "요청에 {1}{1:이} 두 번 이상 있어 두 가지로 읽힐 수 있습니다. 한 번만 보내세요.",
    .appWrongHost: "이 일기는 자기 주소({1})로만 답합니다. `ilgi serve`가 보여 준 주소를 여세요.",
    .appCrossSite: "다른 사이트의 페이지가 보낸 요청입니다. 일기는 자기 주소에서 여세요.",
    .appWriteHeader: "고치기는 일기 페이지에서만 할 수 있습니다({1} 헤더). 페이지를 새로 고치고 다시 해 보세요.",
    .appWriteOrigin: "고치기는 이 서버의 페이지에서만 할 수 있습니다(Origin). 일기는 자기 주소에서 여세요.",
    .appWriteType: "고치기는 JSON으로 보내야 합니다(Content-Type: application/json). 페이지를 새로 고치고 다시 해 보세요.",
    .appTooLarge: "보낸 것이 {1}보다 큽니다. 일기를 줄이거나 둘로 나누세요.",
    .appFilesTooLarge: "보낸 것이 {1}보다 큽니다. 더 작은 파일을 보내거나 한 번에 조금씩 보내세요.",
    .appNotShared: "공유한 것이 없습니다. 휴대폰의 공유 시트처럼 제목, 글, 링크나 사진을 보내세요.",
    .appSharedUntitled: "공유한 사진",
    .appNotJSON: "보낸 것이 JSON 객체가 아닙니다. 페이지를 새로 고치고 다시 해 보세요.",
    .appMissingFields: "이 요청의 JSON 본문에는 {1이} 필요합니다. 페이지에서 보냈다면 페이지를 새로 고치세요.",
    .appBadCoordinates: "위치가 도 단위가 아닙니다(위도 -90~90, 경도 -180~180). 버튼을 다시 눌러 보세요.",
    .appOccupied: "{1} 자리에 이미 파일이 있습니다. 그 파일을 옮긴 뒤 다시 되돌리세요.",
    .appReadOnly: "이 서버는 읽기만 합니다(ilgi serve --read-only). 쓰려면 --read-only 없이 ilgi serve를 실행하세요.",
    .appStopping: "서버가 멈추는 중이라 아무것도 하지 않았습니다. ilgi serve가 다시 돌면 다시 보내세요.",
    .appFailed: "서버에서 문제가 생겼습니다. 무엇인지는 서버의 터미널에 나와 있습니다. 다시 해 보고, 또 생기면 그곳을 보세요.",
    .appSearchProblem: "검색할 수 없습니다: {1}",
  ]
}
