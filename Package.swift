// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "OfflineLessons",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "OfflineLessons", targets: ["OfflineLessons"]),
        .library(name: "LessonsServer", targets: ["LessonsServer"]),
        .library(name: "LessonsServerTesting", targets: ["LessonsServerTesting"]),
        .library(name: "LessonsUI", targets: ["LessonsUI"]),
        .executable(name: "lessons", targets: ["lessons"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/onevcat/Rainbow", from: "4.2.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        .target(
            name: "OfflineLessons",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .target(
            name: "ServerLifetime",
            dependencies: [
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "LessonsServer",
            dependencies: [
                "OfflineLessons", "ServerLifetime",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources/shas-structure.json")]
        ),
        .target(
            name: "LessonsUI",
            dependencies: [
                "OfflineLessons", "ServerLifetime",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources/app.js"), .copy("Resources/app.css")]
        ),
        .target(
            name: "LessonsServerTesting",
            dependencies: ["OfflineLessons", "LessonsServer"]
        ),
        .executableTarget(
            name: "lessons",
            dependencies: [
                "OfflineLessons",
                "LessonsServer",
                "LessonsUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Rainbow", package: "Rainbow"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Atomics", package: "swift-atomics"),
            ]
        ),
        // Fuzz targets for the readers of outside data (Scripts/fuzz.sh); built plainly, it
        // replays saved inputs (the committed corpora, as regression tests).
        .executableTarget(
            name: "lessons-fuzz",
            dependencies: ["OfflineLessons", "LessonsUI"],
            path: "Sources/LessonsFuzz"
        ),
        // Test support: children started without Foundation's Process (see ChildProcess.swift).
        .target(name: "ChildProcesses", path: "Tests/ChildProcesses"),
        .testTarget(
            name: "OfflineLessonsTests",
            dependencies: [
                "OfflineLessons", "LessonsServer", "LessonsServerTesting", "ChildProcesses",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "LessonsUITests",
            dependencies: [
                "OfflineLessons", "LessonsServer", "LessonsServerTesting", "LessonsUI", "ChildProcesses",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "LessonsCLITests",
            dependencies: ["OfflineLessons", "LessonsServer", "LessonsServerTesting", "lessons", "lessons-fuzz", "ChildProcesses"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
