// swift-tools-version:6.0
import PackageDescription

/// Swift System's FilePath: paths as the file system's bytes, so a file name that is not UTF-8
/// still opens.
let system = Target.Dependency.product(name: "SystemPackage", package: "swift-system")

let package = Package(
  name: "meet-the-members",
  products: [
    .executable(name: "meet-the-members", targets: ["meet-the-members"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
  ],
  targets: [
    // The rules of the game: the standard library and Swift Numerics' real functions (exp,
    // pow for the memory model), no clocks, no I/O.
    .target(
      name: "GameEngine",
      dependencies: [.product(name: "RealModule", package: "swift-numerics")]),

    // C libraries from Debian (see `make deps`).
    .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev"])]),
    .systemLibrary(
      name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    // zlib (libpng's own), to compress kitty's images (ZIPFoundation's module has the name CZlib).
    .systemLibrary(name: "CDeflate", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // ncursesw's pkg-config file holds only -D flags, which SwiftPM drops: the shim defines
    // NCURSES_WIDECHAR itself and the module map links ncursesw.
    .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
    // glibc's wcwidth, for the width of text on screen (the model lays text out without
    // ncurses).
    .systemLibrary(name: "CTextWidth"),
    // glibc's mallopt, for the game's memory (see `Commands.play`).
    .systemLibrary(name: "CMalloc"),
    // openpty, for the tests that play a terminal.
    .systemLibrary(name: "CPseudoTerminal"),
    // OpenSSL's libcrypto, for SHA-256 and MD5.
    .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),

    // SHA-256 and MD5 of bytes fed as they come (OpenSSL's libcrypto).
    .target(name: "Digests", dependencies: ["CLibCrypto"]),
    // Why a file operation failed, in the system's words rather than Foundation's sentence.
    .target(name: "SystemWords"),
    // A URL's password and port where its text writes them (a roster is known by its URL to
    // the letter, its password taken out).
    .target(name: "URLText"),

    // Decoding photos and turning them into terminal cells.
    .target(
      name: "Pictures",
      dependencies: [
        "CChafa", "CTurboJPEG", "CPNG", "CDeflate", system,
      ]),
    // Finding the members in a roster folder.
    .target(
      name: "Roster",
      dependencies: [
        "GameEngine", "Pictures", .product(name: "SwiftCSV", package: "SwiftCSV"),
        system,
      ]),
    // Every answer kept in SQLite (GRDB); people known by their photo's SHA-256.
    .target(
      name: "History",
      dependencies: [
        "GameEngine", .product(name: "GRDB", package: "GRDB.swift"),
        "Digests", "SystemWords", "URLText",
        system,
      ]),
    // The app's model, which every front end shares: what the player sees (`Screen`), what
    // happens (`Input`), what the model asks done (`Effect`) and the one runner of both; the
    // keymap, the layout and the windows' states. No terminal: no ncurses.
    .target(
      name: "AppCore",
      dependencies: [
        "GameEngine", "Pictures", "Settings", "CTextWidth",
        system,
      ]),
    // The terminal front end: the loop, the ncurses terminal, the screens drawn as frames,
    // the photos drawn as terminal graphics.
    .target(
      name: "TerminalUI",
      dependencies: [
        "AppCore", "GameEngine", "Pictures", "CNcurses", "Settings",
        system,
      ]),

    // The headless front end: the game on standard input and output, one JSON object a line,
    // on a virtual clock; it drives the model by actions, never by keys. No terminal.
    .target(name: "HeadlessUI", dependencies: ["AppCore", "GameEngine", "Pictures"]),

    // A club's roster from its server: the manifest read, the zip streamed to the cache
    // (AsyncHTTPClient), checked (`Digests`) and extracted (ZIPFoundation).
    .target(
      name: "RosterDownload",
      dependencies: [
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        "Digests", "SystemWords", "URLText",
        system,
      ]),
    // For the tests: a real HTTP server on 127.0.0.1 that answers and fails as told (SwiftNIO's
    // HTTP/1 pipeline), and the zips and manifests a club's server publishes.
    .target(
      name: "LoopbackServer",
      dependencies: [
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        "Digests",
      ]),

    // The player's settings: the one table of every setting (key, option, range, default,
    // label, help), and the TOML file read with TOMLKit, each setting written back on its own
    // line.
    .target(
      name: "Settings",
      dependencies: [
        "SystemWords", "URLText", .product(name: "TOMLKit", package: "TOMLKit"),
      ]),

    // What a launch puts together before a front end runs, and keeps while it does: the
    // settings and the options over them, the roster (a folder, the sample club or a club's
    // server, with the download's progress), the history link, scores to the club (kept in
    // the history until the club's server takes them, POSTed with AsyncHTTPClient).
    .target(
      name: "Launch",
      dependencies: [
        "AppCore", "GameEngine", "Pictures", "Roster", "RosterDownload", "History", "Settings",
        "URLText",
        .product(name: "SwiftCSV", package: "SwiftCSV"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        system,
      ]),

    .executableTarget(
      name: "meet-the-members",
      dependencies: [
        "GameEngine", "Pictures", "Roster", "AppCore", "TerminalUI", "HeadlessUI", "Launch",
        "History", "CMalloc",
        "RosterDownload", "Settings",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        system,
      ],
      // The toolchain's lld packs the binary's relative relocations (DT_RELR, glibc 2.36):
      // 40,000 of them, which the loader would otherwise read, 1.2 MB, at every launch.
      linkerSettings: [
        .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"])
      ]
    ),
    // Draws the bundled sample club and the benchmark's photos: `make sample-club`.
    .executableTarget(
      name: "fixture-maker",
      dependencies: [
        "Pictures", "History", "GameEngine", system,
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // The photo readers under libFuzzer (`make fuzz`): what each target does with an input,
    // and the program that runs them (built with -DFUZZING), replays inputs and writes the
    // seeds.
    .target(name: "PictureFuzzing", dependencies: ["Pictures"]),
    .executableTarget(
      name: "fuzz-pictures",
      dependencies: [
        "PictureFuzzing", "Pictures", "CPNG", system,
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    .testTarget(
      name: "GameEngineTests", dependencies: ["GameEngine"],
      // Read through #filePath, not as resources.
      exclude: ["Data"]),
    .testTarget(
      name: "PicturesTests",
      dependencies: ["Pictures", "PictureFuzzing", "CPNG", "CDeflate", system],
      // Read through #filePath, not as resources.
      exclude: ["Data"]),
    .testTarget(name: "RosterTests", dependencies: ["Roster", "Pictures", system]),
    .testTarget(
      name: "HistoryTests",
      dependencies: [
        "History", "GameEngine", "Digests", system,
      ]),
    .testTarget(
      name: "TerminalUITests",
      dependencies: [
        "AppCore", "TerminalUI", "GameEngine", "Pictures", "CPseudoTerminal", "Settings", system,
      ],
      // Read through #filePath, not as resources.
      exclude: ["Snapshots"]),
    .testTarget(
      name: "MeetTheMembersTests",
      dependencies: [
        "meet-the-members", "AppCore", "HeadlessUI", "Launch", "Pictures", "History",
        "LoopbackServer", system,
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    .testTarget(
      name: "HeadlessUITests", dependencies: ["HeadlessUI", "AppCore", "GameEngine", system]),
    .testTarget(name: "DigestsTests", dependencies: ["Digests"]),
    .testTarget(name: "URLTextTests", dependencies: ["URLText"]),
    .testTarget(name: "SettingsTests", dependencies: ["Settings", "GameEngine"]),
    .testTarget(
      name: "RosterDownloadTests",
      dependencies: [
        "RosterDownload", "LoopbackServer", system,
      ]),
  ]
)
