import ArgumentParser
import Foundation
import OfflineLessons

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: HelpWords.say("Write the current downloads as the legacy app's downloadedLessons.json."),
        discussion: HelpWords.say(
            """
            For an app version that still reads the legacy registry: {"gemara": {"<sederId>": {"<masechetId>": [lesson…]}}, "mishna": {"<sederId>": {"<masechetId>": {"<chapter>": [lesson…]}}}}, each lesson as it was snapshotted when it was downloaded. The file is written atomically.

            Example: lessons export --legacy-json Documents/downloadedLessons.json
            """)
    )

    @Option(
        name: .customLong("legacy-json"),
        help: ArgumentHelp(HelpWords.say("Where to write downloadedLessons.json (- for standard output)."), valueName: "file"))
    var legacyJSON: String

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, nil, output) }

    func validate() throws {
        if legacyJSON.isEmpty { throw ValidationError(Terminal.say(.exportNeedsPath)) }
    }

    func run() async throws {
        let library = try await global.openLibrary(readOnly: true, existing: true)
        if legacyJSON == "-" {
            var document = try await library.legacyRegistryDocument()
            document.append(UInt8(ascii: "\n"))
            Terminal.writeOut(document)
            return
        }
        let target = URL(fileURLWithPath: legacyJSON)
        try Self.checkWritable(target)
        // A library that never downloaded anything (made at a mistyped --library by `catalog` or
        // `today`, say) never empties a registry that lists lessons; one emptied by removals does.
        if try await library.history().isEmpty, Self.listsLessons(target) {
            throw CommandFailure(
                Terminal.say(.exportWouldEmpty, .text(global.libraryURL.path), .text(target.path)), exitCode: CommandFailure.usage)
        }
        let report: LegacyExportReport
        do {
            report = try await library.exportLegacyRegistry(to: target)
        } catch let error as CocoaError {
            throw CommandFailure(
                Terminal.say(.exportCannotWrite, .text(legacyJSON), .text(Self.words(error))), exitCode: CommandFailure.unusable)
        }
        if global.json {
            try Terminal.json(report)
        } else {
            Terminal.out(
                Terminal.say(
                    .exportWrote, .text(report.path), .number(report.gemaraLessons), .number(report.mishnaLessons),
                    .text(formatBytes(report.bytes))))
        }
    }

    /// A file error in words: what is wrong with the path.
    static func words(_ error: CocoaError) -> String {
        let code = (error.userInfo[NSUnderlyingErrorKey] as? NSError).map { Int32($0.code) }
        switch code {
        case EACCES, EPERM: return Terminal.say(.exportPermission)
        case ENOSPC: return Terminal.say(.exportDiskFull)
        case EROFS: return Terminal.say(.exportReadOnly)
        case .some(let code): return Terminal.say(Message.system(code))
        case nil: return Terminal.say(.exportNotWritten)
        }
    }

    /// Whether the file is a legacy registry with a lesson in it (a pipe or a device is none: it is not read).
    static func listsLessons(_ file: URL) -> Bool {
        let type = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.type] as? FileAttributeType
        guard type == .typeRegular, let data = try? Data(contentsOf: file),
            let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return false }
        return ["gemara", "mishna"].contains { (document[$0] as? [String: Any])?.isEmpty == false }
    }

    /// A target that cannot be a file is refused in words before anything is read.
    static func checkWritable(_ target: URL) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder), isFolder.boolValue {
            throw CommandFailure(
                Terminal.say(.exportIsFolder, .text(target.path), .text(target.appendingPathComponent("downloadedLessons.json").path)),
                exitCode: CommandFailure.usage)
        }
        let folder = target.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            throw CommandFailure(Terminal.say(.exportNoFolder, .text(folder.path)), exitCode: CommandFailure.usage)
        }
        if !isFolder.boolValue {
            throw CommandFailure(Terminal.say(.exportFolderIsFile, .text(folder.path)), exitCode: CommandFailure.usage)
        }
    }
}
