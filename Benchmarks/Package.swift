// swift-tools-version:6.1
// The benchmark suite: a package of its own, so that nothing here enters the users' dependency
// graph. It depends on the project by path and builds the `lessons` CLI from it too.
//
//   Benchmarks/run.sh [--quick]      (builds lessons-bench, rusage-exec and lessons in release, then runs)
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
        // Runs one command and reports its wall time, CPU and peak RSS (see its main.c for why).
        .executableTarget(name: "rusage-exec", path: "Sources/RusageExec"),
        // Calls `downloads()` of one library over and over, for `perf record` (see its main.swift).
        .executableTarget(
            name: "list-loop",
            dependencies: [.product(name: "OfflineLessons", package: "OfflineLessons")],
            path: "Sources/ListLoop"
        ),
        // Downloads lessons one at a time, as the registry benchmark does, for `perf record`.
        .executableTarget(
            name: "download-loop",
            dependencies: [.product(name: "OfflineLessons", package: "OfflineLessons")],
            path: "Sources/DownloadLoop"
        ),
    ],
    swiftLanguageModes: [.v6]
)
