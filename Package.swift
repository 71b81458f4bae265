// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "meet-the-members",
  products: [
    .executable(name: "meet-the-members", targets: ["meet-the-members"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    // The rules of the game: standard library only, no clocks, no I/O.
    .target(name: "GameEngine"),
    .executableTarget(
      name: "meet-the-members",
      dependencies: [
        "GameEngine",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "GameEngineTests", dependencies: ["GameEngine"]),
    .testTarget(name: "MeetTheMembersTests", dependencies: ["meet-the-members"]),
  ]
)
