import AsyncHTTPClient
import ChildProcesses
import Foundation
import NIOCore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the browser tests run here, and why not when they do not.
enum BrowserSupport {
    static let environment = ProcessInfo.processInfo.environment

    static var chromium: String? {
        find(environment["LESSONS_CHROMIUM"], ["chromium", "chromium-browser", "google-chrome"])
    }

    static var chromedriver: String? {
        find(environment["LESSONS_CHROMEDRIVER"], ["chromedriver"])
    }

    static var inCI: Bool { environment["CI"] == "true" }

    /// Why the browser tests are skipped; `nil` when they run. In CI a missing Chromium is not a
    /// reason: the tests run and fail.
    static var skipReason: String? {
        if environment["LESSONS_BROWSER_TESTS"] == "skip" {
            return "browser tests skipped: LESSONS_BROWSER_TESTS=skip (.ci/run runs them in the plain pass, not again under sanitizers)"
        }
        if chromium == nil || chromedriver == nil, !inCI {
            return
                "browser tests skipped: Chromium and its driver are not installed (apt-get install -y chromium chromium-driver; .ci/run does it)"
        }
        return nil
    }

    /// Decided once; the reason for a skip is printed once.
    static let enabled: Bool = {
        if let reason = skipReason {
            FileHandle.standardError.write(Data("\(reason)\n".utf8))
            return false
        }
        return true
    }()

    private static func find(_ override: String?, _ names: [String]) -> String? {
        if let override, FileManager.default.isExecutableFile(atPath: override) { return override }
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") + ["/usr/bin", "/usr/lib/chromium"]
        for folder in path {
            for name in names where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") { return "\(folder)/\(name)" }
        }
        return nil
    }
}

/// A headless Chromium driven over WebDriver (chromedriver on a free loopback port), for one test.
final class Browser {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let driver: ChildProcess
    let base: String
    let session: String

    /// Starts chromedriver and a headless Chromium session; `language` is its Accept-Language.
    static func start(language: String = "en-US") async throws -> Browser {
        guard let chromium = BrowserSupport.chromium, let chromedriver = BrowserSupport.chromedriver else {
            throw Failure(description: "Chromium or chromedriver is not installed, and CI=true requires the browser tests to run")
        }
        let port = try freePort()
        let driver = try ChildProcess(URL(fileURLWithPath: chromedriver), arguments: ["--port=\(port)", "--allowed-ips=127.0.0.1"])
        let base = "http://127.0.0.1:\(port)"
        // Wait until the driver answers.
        var ready = false
        for _ in 0..<100 where !ready {
            ready = (try? await call(base, "GET", "/status", timeout: .milliseconds(500))) != nil
            if !ready { try await Task.sleep(for: .milliseconds(100)) }
        }
        guard ready else {
            kill(driver.processIdentifier, SIGKILL)
            throw Failure(description: "chromedriver did not start on port \(port)")
        }
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": [
                        "binary": chromium,
                        "args": [
                            "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1280,1000",
                            "--autoplay-policy=no-user-gesture-required", "--lang=\(language)",
                        ],
                        "prefs": ["intl.accept_languages": language],
                    ],
                ]
            ]
        ]
        do {
            let answer = try await call(base, "POST", "/session", capabilities)
            guard let value = answer["value"] as? [String: Any], let session = value["sessionId"] as? String else {
                throw Failure(description: "no session: \(answer)")
            }
            return Browser(driver: driver, base: base, session: session)
        } catch {
            kill(driver.processIdentifier, SIGKILL)
            throw error
        }
    }

    private init(driver: ChildProcess, base: String, session: String) {
        self.driver = driver
        self.base = base
        self.session = session
    }

    /// Ends the session and the driver (and so the browser).
    func quit() async {
        _ = try? await Self.call(base, "DELETE", "/session/\(session)", timeout: .seconds(10))
        // chromedriver does not stop on SIGTERM; the session's browser is gone already.
        kill(driver.processIdentifier, SIGKILL)
        while driver.isRunning { try? await Task.sleep(for: .milliseconds(10)) }
    }

    func open(_ url: String) async throws {
        _ = try await command("POST", "/url", ["url": url])
    }

    /// Runs `script` in the page and returns its result.
    @discardableResult
    func run(_ script: String, _ arguments: [Any] = []) async throws -> Any? {
        try await command("POST", "/execute/sync", ["script": script, "args": arguments])["value"]
    }

    /// Runs an asynchronous script: its last argument is the callback that ends it.
    func runAsync(_ script: String) async throws -> Any? {
        try await command("POST", "/execute/async", ["script": script, "args": []])["value"]
    }

    /// Clicks the first element matching a CSS selector, as a user would.
    func click(_ selector: String) async throws {
        let found = try await command("POST", "/element", ["using": "css selector", "value": selector])
        guard let element = (found["value"] as? [String: Any])?["element-6066-11e4-a52e-4f735466cecf"] as? String else {
            throw Failure(description: "no element matches \(selector)")
        }
        _ = try await command("POST", "/element/\(element)/click", [:])
    }

    /// Accepts the page's `confirm()` dialog.
    func acceptDialog() async throws {
        _ = try await command("POST", "/alert/accept", [:])
    }

    /// The text of the first element matching a selector, or nil.
    func text(_ selector: String) async throws -> String? {
        try await run("const e = document.querySelector(arguments[0]); return e ? e.textContent : null;", [selector]) as? String
    }

    /// Waits until `condition` (a script returning a boolean) holds; returns whether it did.
    func wait(_ condition: String, _ arguments: [Any] = [], timeout: Duration = .seconds(60)) async throws -> Bool {
        let end = ContinuousClock.now + timeout
        while ContinuousClock.now < end {
            if (try? await run("return Boolean(\(condition));", arguments)) as? Bool == true { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    /// Lays the page out as a screen of `width`×`height` CSS pixels would (`mobile`: as a phone,
    /// which honours the page's viewport meta tag), through the DevTools protocol.
    func emulate(width: Int, height: Int, mobile: Bool) async throws {
        let metrics: [String: Any] = ["width": width, "height": height, "deviceScaleFactor": mobile ? 2 : 1, "mobile": mobile]
        _ = try await command("POST", "/goog/cdp/execute", ["cmd": "Emulation.setDeviceMetricsOverride", "params": metrics])
    }

    /// A PNG of the viewport.
    func screenshot() async throws -> Data {
        guard let text = try await command("GET", "/screenshot")["value"] as? String, let data = Data(base64Encoded: text) else {
            throw Failure(description: "no screenshot")
        }
        return data
    }

    private func command(_ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> [String: Any] {
        try await Self.call(base, method, "/session/\(session)\(path)", body)
    }

    private static func call(
        _ base: String, _ method: String, _ path: String, _ body: [String: Any]? = nil,
        timeout: TimeAmount = .seconds(60)
    ) async throws -> [String: Any] {
        var request = HTTPClientRequest(url: base + path)
        request.method = .init(rawValue: method)
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body)))
        }
        let response = try await testClient.execute(request, timeout: timeout)
        let data = try await response.body.collect(upTo: 64 << 20)
        let object = try JSONSerialization.jsonObject(with: Data(data.readableBytesView)) as? [String: Any] ?? [:]
        if response.status.code >= 400 {
            throw Failure(description: "WebDriver \(method) \(path): \(response.status.code) \(object["value"] ?? "")")
        }
        return object
    }

    /// A loopback port nobody listens on right now.
    static func freePort() throws -> Int {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(description: "no socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0 else { throw Failure(description: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Runs `body` with a browser, which is closed afterwards whatever happens.
func withBrowser(language: String = "en-US", _ body: (Browser) async throws -> Void) async throws {
    let browser = try await Browser.start(language: language)
    do {
        try await body(browser)
    } catch {
        await browser.quit()
        throw error
    }
    await browser.quit()
}
