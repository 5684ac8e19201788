import Foundation

/// One line of the table: a measured figure, its baseline measured in the same run, their ratio,
/// and the target (with whether it is met; `nil` when the line has no target).
struct Row: Sendable {
    var benchmark: String
    var ours: String
    var baseline: String
    var ratio: String
    var target: String = "—"
    var met: Bool? = nil
}

/// The rows so far, printed as they come (to stderr) and as one table at the end (stdout).
actor Report {
    private(set) var rows: [Row] = []
    private(set) var notes: [String] = []

    func add(_ row: Row) {
        rows.append(row)
        log(
            "\(row.benchmark): \(row.ours) vs \(row.baseline) → \(row.ratio) (target \(row.target)\(row.met.map { $0 ? ", met" : ", NOT met" } ?? ""))"
        )
    }

    func note(_ text: String) {
        notes.append(text)
        log("note: \(text)")
    }

    func markdown(header: String) -> String {
        var lines = [
            header, "",
            "Ratio: ours ÷ baseline (time, CPU, memory); on throughput lines, our throughput ÷ curl's; on \"legacy ÷ ours\" lines, how many times cheaper than the legacy way.",
            "",
            "| benchmark | ours | baseline | ratio | target | met? |", "|---|---|---|---|---|---|",
        ]
        for row in rows {
            let met = row.met.map { $0 ? "yes" : "**no**" } ?? "—"
            lines.append("| \(row.benchmark) | \(row.ours) | \(row.baseline) | \(row.ratio) | \(row.target) | \(met) |")
        }
        if !notes.isEmpty {
            lines.append("")
            for note in notes { lines.append("- \(note)") }
        }
        return lines.joined(separator: "\n")
    }
}

/// What to run, and how big.
struct Options: Sendable {
    var quick = false
    var only: Set<String> = []
    /// The release `lessons` binary.
    var lessonsBinary = ""
    /// A tmpfs folder (the library "on tmpfs" runs), and a folder on disk.
    var tmpfs = URL(fileURLWithPath: "/dev/shm")
    var disk = URL(fileURLWithPath: NSTemporaryDirectory())
    var output: String?
    var useNginx = true

    // Sizes (full mode; --quick shrinks them).
    var bigBytes = 1 << 30
    var bigRounds = 5
    var smallMasechtot = ["shabbat", "eruvin", "pesachim"]
    var diskMasechtot: [String] = []  // empty: the whole Gemara
    var smallRounds = 3
    /// Rounds of the 730 small files on tmpfs (the target's run): each takes about a quarter of a
    /// second, and in 3 rounds curl's median moved by a fifth between two runs of the suite.
    var tmpfsSmallRounds = 11
    var registrySizes = [10, 1_000, 10_000, 50_000]
    var downloadsPerSize = 41
    var legacyWritesPerSize = 15
    var lookups = 100_000
    var legacyListings = 300
    var processRounds = 15
    var syncRounds = 5
    /// Rounds of the HTTPS masechet (about a second a run of each fetcher) and of the HTTPS small files.
    var httpsRounds = 5
    var httpsSmallRounds = 7
    /// The HTTPS masechet's file sizes, times production's (10–16 MiB of audio, 150–400 KiB of PDF a daf).
    var httpsScale = 1.0
    /// The lessons of the HTTPS small-file run: 1,200 files (audio + PDF), the 730 of the plain
    /// http run and the Seder Moed masechtot after them.
    var httpsSmall = [
        "gemara:shabbat", "gemara:eruvin", "gemara:pesachim", "gemara:yoma", "gemara:sukkah",
        "gemara:beitzah", "gemara:rosh-hashanah", "gemara:taanit:2-30",
    ]

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var iterator = arguments.makeIterator()
        func value(_ flag: String) throws -> String {
            guard let next = iterator.next() else { throw BenchError.failed("\(flag) needs a value") }
            return next
        }
        while let argument = iterator.next() {
            switch argument {
            case "--quick": options.quick = true
            case "--only": options.only.formUnion(try value(argument).split(separator: ",").map(String.init))
            case "--lessons": options.lessonsBinary = try value(argument)
            case "--tmpfs": options.tmpfs = URL(fileURLWithPath: try value(argument))
            case "--disk": options.disk = URL(fileURLWithPath: try value(argument))
            case "--output": options.output = try value(argument)
            case "--no-nginx": options.useNginx = false
            case "--big-mib": options.bigBytes = Int(try value(argument))! << 20
            case "--registry-sizes": options.registrySizes = try value(argument).split(separator: ",").map { Int($0)! }
            case "--lookups": options.lookups = Int(try value(argument))!
            case "--small": options.smallMasechtot = try value(argument).split(separator: ",").map(String.init)
            case "--disk-set":
                let text = try value(argument)
                options.diskMasechtot = text == "gemara" ? [] : text.split(separator: ",").map(String.init)
            case "--rounds":
                let rounds = Int(try value(argument))!
                (options.bigRounds, options.smallRounds, options.tmpfsSmallRounds) = (rounds, rounds, rounds)
                (options.httpsRounds, options.httpsSmallRounds) = (rounds, rounds)
            case "--downloads": options.downloadsPerSize = Int(try value(argument))!
            case "--https-scale": options.httpsScale = Double(try value(argument))!
            case "--https-small": options.httpsSmall = try value(argument).split(separator: ",").map(String.init)
            case "-h", "--help":
                print(
                    """
                    lessons-bench [--quick] [--only throughput,small,floor,registry,status,sync,shas,https] --lessons PATH
                                  [--tmpfs DIR] [--disk DIR] [--output FILE.md] [--no-nginx]
                                  [--big-mib N] [--registry-sizes 10,1000,...] [--lookups N] [--downloads N]
                                  [--small shabbat,eruvin,...] [--disk-set gemara|berakhot,...] [--rounds N]
                                  [--https-scale X] [--https-small gemara:shabbat,gemara:taanit:2-30,...]
                      --quick        everything small: 128 MiB, Berakhot, libraries of 10/1k/5k, 10k lookups,
                                     the HTTPS masechet at 1/8 of its size, Berakhot's 122 small files over HTTPS
                      full (default) 1 GiB, Shabbat+Eruvin+Pesachim on tmpfs, the whole Gemara on disk,
                                     libraries of 10/1k/10k/50k lessons (the largest with 100k files), 100k lookups,
                                     over HTTPS Berakhot's 63 dapim at production's sizes (825 MiB) and 1,200 small files
                      https          both HTTPS runs (https-masechet, https-small: one of them); they need nginx,
                                     curl, aria2c, openssl and root (the certificate goes into the system's trust store)
                    """)
                exit(0)
            default: throw BenchError.failed("unknown argument \(argument)")
            }
        }
        if options.quick {
            if !arguments.contains("--big-mib") { options.bigBytes = 128 << 20 }
            if !arguments.contains("--rounds") { options.bigRounds = 1 }
            if !arguments.contains("--small") { options.smallMasechtot = ["berakhot"] }
            if !arguments.contains("--disk-set") { options.diskMasechtot = ["berakhot"] }
            if !arguments.contains("--rounds") { (options.smallRounds, options.tmpfsSmallRounds) = (1, 1) }
            if !arguments.contains("--registry-sizes") { options.registrySizes = [10, 1_000, 5_000] }
            if !arguments.contains("--downloads") { options.downloadsPerSize = 9 }
            options.legacyWritesPerSize = 5
            if !arguments.contains("--lookups") { options.lookups = 10_000 }
            options.legacyListings = 30
            options.processRounds = 5
            options.syncRounds = 3
            if !arguments.contains("--rounds") { (options.httpsRounds, options.httpsSmallRounds) = (3, 3) }
            if !arguments.contains("--https-scale") { options.httpsScale = 1.0 / 8 }
            if !arguments.contains("--https-small") { options.httpsSmall = ["gemara:berakhot"] }
        }
        return options
    }

    func runs(_ section: String) -> Bool { only.isEmpty || only.contains(section) }
}
