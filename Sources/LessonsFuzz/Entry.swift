import Foundation

// Built for fuzzing (`Scripts/fuzz.sh`: `-sanitize=fuzzer` and `-D FUZZING`), libFuzzer's own
// main calls this with each input, for the target named by LESSONS_FUZZ_TARGET. Otherwise this is
// a program that replays saved inputs: `lessons-fuzz TARGET FILE_OR_FOLDER…` (the committed
// corpora and every crash found, as regression tests).
#if FUZZING
private let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["LESSONS_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        fatalError("LESSONS_FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue)), not '\(name)'")
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    target.run(Data(bytes: bytes, count: count))
    return 0
}
#elseif DEBUG
@main
enum Replay {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("usage: lessons-fuzz TARGET FILE_OR_FOLDER… (targets: \(names))\n".utf8))
            exit(2)
        }
        var replayed = 0
        for path in arguments.dropFirst() {
            for file in files(at: URL(fileURLWithPath: path)) {
                guard let data = try? Data(contentsOf: file) else { continue }
                target.run(data)
                replayed += 1
            }
        }
        print("\(target.rawValue): \(replayed) inputs replayed, every property held")
    }

    static func files(at url: URL) -> [URL] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [url] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.sorted().map { url.appendingPathComponent($0) }
    }
}
#else
@main
enum Replay {
    static func main() {
        FileHandle.standardError.write(Data("lessons-fuzz needs a debug build: swift build --product lessons-fuzz\n".utf8))
        exit(2)
    }
}
#endif
