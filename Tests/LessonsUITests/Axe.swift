import ChildProcesses
import Foundation
import Testing

/// axe-core, the accessibility checker, as `axe-selenium-python` ships it (`axe.min.js`): found
/// through `$LESSONS_AXE_JS`, else through the Python package. Outside CI, its absence skips the
/// accessibility tests with the reason printed; with `CI=true` they run and fail.
enum AxeSupport {
    static let source: String? = {
        for candidate in candidates() {
            if let text = try? String(contentsOf: candidate, encoding: .utf8), text.contains("axe") { return text }
        }
        return nil
    }()

    static let enabled: Bool = {
        guard source == nil, !BrowserSupport.inCI else { return true }
        let reason = "accessibility tests skipped: axe-core is not installed (pip install axe-selenium-python; .ci/run does it)\n"
        FileHandle.standardError.write(Data(reason.utf8))
        return false
    }()

    private static func candidates() -> [URL] {
        if let path = BrowserSupport.environment["LESSONS_AXE_JS"] { return [URL(fileURLWithPath: path)] }
        let pythons = [pathPython(), "/usr/bin/python3", "/usr/local/bin/python3"].compactMap { $0 }
        return pythons.filter(FileManager.default.isExecutableFile(atPath:)).compactMap(packageFile)
    }

    /// `axe.min.js` of the package as `python` imports it, when it does.
    private static func packageFile(_ python: String) -> URL? {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-axe-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: output) }
        let script = "import axe_selenium_python, os; print(os.path.dirname(axe_selenium_python.__file__))"
        guard let child = try? ChildProcess(URL(fileURLWithPath: python), arguments: ["-c", script], stdout: .file(output)) else {
            return nil
        }
        child.waitUntilExit()
        guard child.terminationStatus == 0, let folder = try? String(contentsOf: output, encoding: .utf8) else { return nil }
        let package = URL(fileURLWithPath: folder.trimmingCharacters(in: .whitespacesAndNewlines))
        return package.appendingPathComponent("node_modules/axe-core/axe.min.js")
    }

    /// The first `python3` on `PATH` (pyenv's, for one).
    private static func pathPython() -> String? {
        let folders = (BrowserSupport.environment["PATH"] ?? "").split(separator: ":")
        return folders.map { "\($0)/python3" }.first(where: FileManager.default.isExecutableFile(atPath:))
    }
}

extension Browser {
    /// axe's violations on the page shown now, one line each: rule, impact, help, the elements.
    func axeViolations() async throws -> [String] {
        guard let source = AxeSupport.source else { throw Failure(description: "axe-core is not installed") }
        if try await run("return typeof window.axe") as? String != "object" { try await run(source) }
        let answer = try await runAsync(
            """
            const done = arguments[arguments.length - 1];
            axe.run(document, { resultTypes: ["violations"] }).then(
              (result) => done(result.violations.map((v) => v.id + " (" + v.impact + "): " + v.help + " — "
                + v.nodes.map((n) => n.target.join(" ") + " " + (n.failureSummary || "").replace(/\\s+/g, " ")).join(" | "))),
              (error) => done(["axe failed: " + error]));
            """)
        guard let lines = answer as? [String] else { throw Failure(description: "axe answered \(String(describing: answer))") }
        return lines
    }
}
