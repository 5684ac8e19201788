// swift-tools-version:6.1
// The benchmark suite: a package of its own, so that nothing here enters the users' dependency
// graph. It depends on the project by path and builds the `lessons` CLI from it too.
//
//   cd Benchmarks && swift build -c release --product lessons && swift run -c release lessons-bench --quick
import PackageDescription

let package = Package(
    name: "OfflineLessonsBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "OfflineLessons", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "lessons-bench",
            dependencies: [
                .product(name: "OfflineLessons", package: "OfflineLessons"),
                .product(name: "LessonsServer", package: "OfflineLessons"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Sources/LessonsBench"
        ),
    ],
    swiftLanguageModes: [.v6]
)
