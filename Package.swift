// swift-tools-version:6.0
import PackageDescription

// Linux only: the journal's file handling calls glibc directly, and ilgi is built and tested
// on Debian alone, so no other platform is claimed.
let package = Package(
  name: "ilgi",
  products: [
    .executable(name: "ilgi", targets: ["ilgi"]),
    .library(
      name: "IlgiCore",
      targets: [
        "IlgiFormat", "IlgiStrings", "IlgiSystem", "IlgiMarkdown", "IlgiStore", "IlgiIndex", "IlgiWeather",
        "IlgiInterchange", "IlgiSite",
      ]
    ),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
  ],
  targets: [
    // libcmark from the system (Debian: libcmark-dev), declared the way GRDB declares SQLite.
    .systemLibrary(
      name: "CCmark",
      pkgConfig: "libcmark",
      providers: [.apt(["libcmark-dev"])]
    ),
    // libqrencode from the system (Debian: libqrencode-dev): the QR code `ilgi serve` prints
    // for a phone to open the journal with.
    .systemLibrary(
      name: "CQREncode",
      pkgConfig: "libqrencode",
      providers: [.apt(["libqrencode-dev"])]
    ),
    // Turns every file in Templates/ into a string literal compiled into IlgiCore, so a copied
    // or installed binary carries its templates (no resource bundle to lose).
    .executableTarget(name: "EmbedTemplatesTool", path: "Sources/EmbedTemplatesTool"),
    .plugin(
      name: "EmbedTemplates",
      capability: .buildTool(),
      dependencies: ["EmbedTemplatesTool"]
    ),
    // libcurl for the weather, loaded with dlopen when the first request is made: linked, it
    // and its TLS libraries would load at the start of every command (about 12 ms). Needs
    // libcurl's headers to build (Debian: libcurl4-openssl-dev).
    .target(name: "CCurl"),
    // libvips for pictures, loaded with dlopen when a picture is first looked at: linked, it and
    // the hundred libraries it needs would load at the start of every command. Needs only the
    // library at run time (Debian: libvips42, which libvips-dev brings).
    .target(name: "CImage"),
    // Child processes (git, clipboard tools) started with posix_spawn: glibc's extensions that
    // close every other descriptor and change the folder, which Swift's Glibc does not show.
    .target(name: "CSpawn"),
    // The full-text table's tokenizer, in C because FTS5 calls it for every word it indexes.
    .target(name: "CIlgiTokenizer", linkerSettings: [.linkedLibrary("sqlite3")]),
    // The age v1 file format (age-encryption.org/v1) over swift-crypto: what an encrypted
    // journal's files are. It knows nothing of journals.
    .target(
      name: "IlgiAge",
      dependencies: [
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "_CryptoExtras", package: "swift-crypto"),
      ]
    ),
    // What an entry is on disk: its front matter, dates, ids, slugs, paths and the journal's
    // layout. Pure: no file, no clock of its own, no Markdown renderer.
    .target(name: "IlgiFormat", dependencies: [.product(name: "Yams", package: "Yams")]),
    // The words of every front end, in English and Korean, and how dates are said.
    .target(name: "IlgiStrings", dependencies: ["IlgiFormat"]),
    // What ilgi asks of the system: files and their locks, child processes and git, folder
    // watching, memory, the environment.
    .target(name: "IlgiSystem", dependencies: ["IlgiFormat", "CSpawn"]),
    // Markdown through libcmark: HTML, the terminal, titles and previews, links.
    .target(name: "IlgiMarkdown", dependencies: ["IlgiFormat", "CCmark"]),
    // The journal on disk: its files and their sealing, settings, attachments, templates, and
    // the writer, the one way to change a journal.
    .target(
      name: "IlgiStore",
      dependencies: [
        "IlgiFormat",
        "IlgiStrings",
        "IlgiSystem",
        "IlgiMarkdown",
        "IlgiAge",
        "CImage",
        .product(name: "Mustache", package: "swift-mustache"),
        .product(name: "TOMLKit", package: "TOMLKit"),
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      plugins: ["EmbedTemplates"]
    ),
    // The index over a journal's files (SQLite, full text): listing, search, stats.
    .target(
      name: "IlgiIndex",
      dependencies: [
        "IlgiFormat", "IlgiStrings", "IlgiSystem", "IlgiStore", "IlgiAge", "CIlgiTokenizer",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ]
    ),
    // A journal kept in git synced with its remote: fetch, replay with ilgi's merge driver,
    // push; for the CLI's `ilgi sync` and the app's own syncs.
    .target(name: "IlgiSync", dependencies: ["IlgiAge", "IlgiFormat", "IlgiSystem", "IlgiStore"]),
    // The weather at an entry's time and place, from Open-Meteo, cached.
    .target(name: "IlgiWeather", dependencies: ["IlgiFormat", "IlgiStrings", "IlgiSystem", "IlgiStore", "CCurl"]),
    // Other tools' files in and out: jrnl, Day One, JSON, Markdown folders, shared text.
    .target(
      name: "IlgiInterchange",
      dependencies: [
        "IlgiFormat", "IlgiStrings", "IlgiSystem", "IlgiStore",
        .product(name: "Yams", package: "Yams"),
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ]
    ),
    // The journal as a web site: pages, feeds, pictures, written to a folder or served.
    .target(
      name: "IlgiSite",
      dependencies: [
        "IlgiFormat", "IlgiStrings", "IlgiSystem", "IlgiMarkdown", "IlgiStore", "IlgiIndex",
        .product(name: "Mustache", package: "swift-mustache"),
      ]
    ),
    // libmicrohttpd (Debian: libmicrohttpd-dev), the HTTP server under `ilgi serve`, loaded with
    // dlopen when serve starts: linked, it and GnuTLS with the libraries it needs would load at
    // the start of every command (about 2 ms). SwiftNIO and Hummingbird, before it, were half of
    // a first build's work.
    .target(name: "CMicroHTTPD"),
    // `ilgi serve`: the diary app and the read-only site, over libmicrohttpd.
    .target(
      name: "IlgiServer",
      dependencies: [
        "IlgiFormat", "IlgiStrings", "IlgiSystem", "IlgiMarkdown", "IlgiStore", "IlgiIndex", "IlgiWeather",
        "IlgiInterchange", "IlgiSite", "CMicroHTTPD",
      ]),
    .target(
      name: "IlgiCLI",
      dependencies: [
        "IlgiAge",
        "IlgiFormat",
        "IlgiStrings",
        "IlgiSystem",
        "IlgiMarkdown",
        "IlgiStore",
        "IlgiIndex",
        "IlgiWeather",
        "IlgiInterchange",
        "IlgiSite",
        "IlgiSync",
        "IlgiServer",
        "CQREncode",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "ilgi", dependencies: ["IlgiCLI"]),
    // A made-up journal with an exact manifest, for tests and `make bench`; it knows only
    // docs/FORMAT.md, none of ilgi's code, so the two check each other.
    .target(name: "IlgiCorpus"),
    .executableTarget(
      name: "ilgi-corpus",
      dependencies: ["IlgiCorpus", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    .target(
      name: "IlgiTestSupport", dependencies: ["IlgiSystem", "IlgiStore", "IlgiCorpus"]),
    // Fuzzing: the targets and a seeded generator (IlgiFuzz), and a driver that is libFuzzer's
    // when `make fuzz` builds it with -sanitize=fuzzer.
    .target(name: "IlgiFuzz", dependencies: ["IlgiAge", "IlgiFormat", "IlgiStore"]),
    .target(name: "CFuzzerDriver"),
    .executableTarget(name: "ilgi-fuzz", dependencies: ["IlgiFuzz", "CFuzzerDriver"]),
    .testTarget(
      name: "IlgiCoreTests",
      dependencies: [
        "IlgiAge", "IlgiFormat", "IlgiStrings", "IlgiSystem", "IlgiMarkdown", "IlgiStore", "IlgiIndex", "IlgiWeather",
        "IlgiSite", "IlgiCorpus", "IlgiFuzz", "IlgiTestSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      exclude: ["GFM", "Audio"]
    ),
    .testTarget(
      name: "IlgiAgeTests",
      dependencies: ["IlgiAge", "IlgiTestSupport", .product(name: "Crypto", package: "swift-crypto")],
      exclude: ["CCTV"]),
    .testTarget(
      name: "IlgiCLITests",
      dependencies: [
        "IlgiCLI", "IlgiAge", "IlgiFormat", "IlgiStrings", "IlgiSystem", "IlgiMarkdown", "IlgiStore", "IlgiIndex",
        "IlgiSite", "IlgiServer", "IlgiTestSupport", "ilgi",
      ],
      exclude: ["Golden"]
    ),
    // The server's parts in process: the HTTP listener's bounds, without a socket.
    .testTarget(name: "IlgiServerTests", dependencies: ["IlgiServer"]),
    // The fault suite: kills, broken editors, full disks, concurrent writers, hostile input,
    // always through the built binary. `make test-faults` runs it at full size.
    .testTarget(
      name: "IlgiFaultTests",
      dependencies: [
        "IlgiAge", "IlgiFormat", "IlgiSystem", "IlgiMarkdown", "IlgiStore", "IlgiFuzz", "IlgiTestSupport", "ilgi",
      ]),
  ]
)
