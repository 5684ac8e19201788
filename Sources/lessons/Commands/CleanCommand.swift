import ArgumentParser
import Foundation
import OfflineLessons

struct CleanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clean",
        abstract: HelpWords.say("Remove downloads by the retention policy: older than 30 days, or beyond a size quota."),
        discussion: HelpWords.say(
            """
            Age counts from each download's completion. With --max-size, the least recently used lessons go first, down to 90% of the quota (so that the next download does not start another sweep). Pinned lessons (`lessons pin`) are never removed; a lesson's PDF goes with its last audio or video. A plan's dapim (`lessons plan`) past its keep period go first; one it still keeps is not removed by age, and last by size (its past dapim first, then those furthest ahead, the day's own daf last). Every removal is logged as expired, with its reason.

            Examples:
              lessons clean --dry-run     # what would go, why, and the bytes freed
              lessons clean --older-than 7d --max-size 2GiB
              lessons clean --older-than never --max-size 500M
            """)
    )

    // Unconditional: "-3d" reaches the check below (and is refused as negative), rather than
    // being taken for an option.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            HelpWords.say("Remove what was completed longer ago than this: 45s, 90m, 12h, 30d, 2w, 1y, or never."), valueName: "duration"))
    var olderThan: String = "30d"

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            HelpWords.say(
                "Keep the library under this size: 500M, 2G or 2GB (powers of 1000), 2GiB (powers of 1024), bytes, or none. Without it, the quota kept by the Downloads page, if any."
            ),
            valueName: "size"))
    var maxSize: String?

    @Flag(help: ArgumentHelp(HelpWords.say("Print what would be removed and the bytes freed; change nothing.")))
    var dryRun = false

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, nil, output) }

    func validate() throws {
        _ = try policy()
    }

    func policy() throws -> RetentionPolicy {
        let age: Duration?
        if olderThan.lowercased() == "never" {
            age = nil
        } else {
            do {
                age = try Units.duration(olderThan)
            } catch {
                throw ValidationError(error.duration("--older-than", olderThan))
            }
        }
        var quota: Int?
        if let maxSize, maxSize.lowercased() != "none" {
            do {
                quota = try Units.bytes(maxSize)
            } catch {
                throw ValidationError(error.size("--max-size", maxSize))
            }
            // Many tools read 0 as no limit; here it would remove every download not pinned.
            if quota == 0 { throw ValidationError(Terminal.say(.cleanZeroQuota, .text(maxSize))) }
        }
        return RetentionPolicy(olderThan: age, maxBytes: quota)
    }

    /// Why nothing goes, by the limits that applied: "no download was completed more than 30 days
    /// ago; the library is within its quota of 2.0 GB"; over it, only by pinned lessons, it says so.
    private func nothingReason(_ policy: RetentionPolicy, overByPins: Bool) -> String {
        var reasons: [String] = []
        if let age = policy.olderThan {
            let seconds = age.components.seconds
            let spoken =
                seconds > 0 && seconds % 86_400 == 0 ? Terminal.say(.cleanDays, .number(Int(seconds / 86_400))) : olderThan
            reasons.append(Terminal.say(.cleanNothingAge, .text(spoken)))
        }
        if let quota = policy.maxBytes {
            reasons.append(Terminal.say(overByPins ? .cleanNothingPinned : .cleanNothingQuota, .text(formatBytes(quota))))
        }
        return reasons.isEmpty ? Terminal.say(.cleanNoLimit) : reasons.joined(separator: "; ")
    }

    func run() async throws {
        let library = try await global.openLibrary(readOnly: dryRun, existing: true)
        // Named before the clean takes them out of the registry.
        let names = try await library.lessonNames()
        var policy = try policy()
        // No --max-size: the quota the Downloads page keeps in the registry, if one is set.
        let keptQuota = maxSize == nil ? try await library.storageQuota() : nil
        if let keptQuota { policy.maxBytes = keptQuota }
        let report = try await library.clean(policy, dryRun: dryRun)
        if global.json {
            try Terminal.json(report.named(by: names))
            return
        }
        if let keptQuota { Terminal.out(Terminal.say(.cleanKeptQuota, .text(formatBytes(keptQuota)))) }
        for action in report.actions {
            Terminal.out(
                Terminal.say(
                    dryRun ? .cleanWouldRemove : .cleanRemoved, .text(names.spoken(action.key)), .text(formatBytes(action.bytes)),
                    .message(Phrasebook.recognize(action.reason))))
        }
        let pinned = report.pinnedKept > 0 ? "; " + Terminal.say(.cleanPinnedKept, .number(report.pinnedKept)) : ""
        let freed =
            report.actions.isEmpty
            ? Terminal.say(.cleanNothing, .text(nothingReason(policy, overByPins: report.overQuotaByPins != nil)))
            : Terminal.say(dryRun ? .cleanWouldFree : .cleanFreed, .text(formatBytes(report.bytesFreed)), .number(report.actions.count))
        Terminal.out(freed + pinned)
        if let over = report.overQuotaByPins {
            Terminal.warning(Terminal.say(.cleanPinsOverQuota, .text(formatBytes(over))))
        }
    }
}
