import Foundation

/// A fast reader of lesson snapshots (and of the Shas) in the exact shape ``SnapshotCoding``
/// stores them: keys in sorted order, each at most once, no `null`, integers as plain digits,
/// strings without escapes. Anything else (another shape, a legacy registry's JSON, an escape, a
/// number as a string) is not read here: `nil`, and the caller decodes with `JSONDecoder` as
/// before. So a snapshot read here gives the lesson `JSONDecoder` gives for it, in about a fifth
/// of the time (the three listings a download of three masechtot reads: 7.7 → 1.5 ms of CPU,
/// `perf record`).
struct StoredSnapshotReader {
    private let bytes: UnsafeRawBufferPointer
    private var at = 0

    /// The lesson stored as `json`, or `nil` when it is not in the stored shape.
    static func lesson(_ json: UnsafeRawBufferPointer) -> Lesson? {
        var reader = StoredSnapshotReader(bytes: json)
        guard let lesson = reader.lesson(), reader.atEnd else { return nil }
        return lesson
    }

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var atEnd: Bool {
        mutating get {
            skipSpace()
            return at == bytes.count
        }
    }

    /// Lesson's keys in stored (sorted) order.
    private static let lessonKeys: [[UInt8]] = [
        "audio", "chapter", "duration", "gallery", "id", "mishna", "page", "page_number", "presenter", "video", "video_part",
    ].map { Array($0.utf8) }

    private mutating func lesson() -> Lesson? {
        var id: Int?, chapter: Int?, duration: Int?
        var lesson = Lesson(id: 1, chapter: 0, duration: 0)
        let complete = object(Self.lessonKeys) { reader, key in
            switch key {
            case 0: lesson.audio = reader.string()
            case 1: chapter = reader.integer()
            case 2: duration = reader.integer()
            case 3: reader.array { reader in reader.galleryImage() }.map { lesson.gallery = $0 }
            case 4: id = reader.integer()
            case 5: lesson.mishna = reader.integer()
            case 6: lesson.page = reader.string()
            case 7: lesson.pageNumber = reader.integer()
            case 8: reader.presenter().map { lesson.presenter = $0 }
            case 9: lesson.video = reader.string()
            default: reader.array { reader in reader.videoPart() }.map { lesson.videoParts = $0 }
            }
            return reader.failed ? nil : ()
        }
        // Absent or out of range, `JSONDecoder` and ``Lesson/init(from:)`` say what is wrong.
        guard complete, let id, id > 0, let chapter, let duration, duration >= 0 else { return nil }
        lesson.id = id
        lesson.chapter = chapter
        lesson.duration = duration
        return lesson
    }

    private static let galleryKeys: [[UInt8]] = ["id", "image", "order", "title"].map { Array($0.utf8) }

    private mutating func galleryImage() -> GalleryImage? {
        var id: Int?
        var image = GalleryImage(id: 0, title: "", order: 0, image: "")
        let complete = object(Self.galleryKeys) { reader, key in
            switch key {
            case 0: id = reader.integer()
            case 1: reader.string().map { image.image = $0 }
            case 2: reader.integer().map { image.order = $0 }
            default: reader.string().map { image.title = $0 }
            }
            return reader.failed ? nil : ()
        }
        guard complete, let id else { return nil }
        image.id = id
        return image
    }

    private static let videoPartKeys: [[UInt8]] = ["id", "part_title", "video_part_time_line"].map { Array($0.utf8) }

    private mutating func videoPart() -> VideoPart? {
        var id: Int?
        var part = VideoPart(id: 0, partTitle: "", timeLine: "0")
        let complete = object(Self.videoPartKeys) { reader, key in
            switch key {
            case 0: id = reader.integer()
            case 1: reader.string().map { part.partTitle = $0 }
            default: reader.string().map { part.timeLine = $0 }
            }
            return reader.failed ? nil : ()
        }
        guard complete, let id else { return nil }
        part.id = id
        return part
    }

    private static let presenterKeys: [[UInt8]] = ["first_name", "id", "image", "last_name", "phone"].map { Array($0.utf8) }

    private mutating func presenter() -> Presenter? {
        var presenter = Presenter()
        let complete = object(Self.presenterKeys) { reader, key in
            switch key {
            case 0: presenter.firstName = reader.string()
            case 1: presenter.id = reader.integer()
            case 2: presenter.image = reader.string()
            case 3: presenter.lastName = reader.string()
            default: presenter.phone = reader.string()
            }
            return reader.failed ? nil : ()
        }
        return complete ? presenter : nil
    }

    // MARK: - JSON

    /// Set when a value was not in the stored shape; every reader gives up from then on.
    private(set) var failed = false

    private mutating func fail<T>() -> T? {
        failed = true
        return nil
    }

    /// An object whose keys are among `keys`, in their order, each at most once; `value` reads
    /// the value of key number `index` (and gives `nil` when it failed). False when anything
    /// was not in the stored shape.
    mutating func object(_ keys: [[UInt8]], value: (inout StoredSnapshotReader, Int) -> Void?) -> Bool {
        guard !failed, take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        var next = 0  // keys before this one were seen or skipped
        repeat {
            guard let key = keyIndex(in: keys, from: next), take(UInt8(ascii: ":")), value(&self, key) != nil else {
                failed = true
                return false
            }
            next = key + 1
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")) else {
            failed = true
            return false
        }
        return true
    }

    /// The index of the key read here among `keys[from...]`, `nil` when it is not one of them.
    private mutating func keyIndex(in keys: [[UInt8]], from first: Int) -> Int? {
        guard let range = rawString() else { return nil }
        let key = UnsafeRawBufferPointer(rebasing: bytes[range])
        return keys[first...].firstIndex { $0.elementsEqual(key) }
    }

    mutating func array<T>(_ element: (inout StoredSnapshotReader) -> T?) -> [T]? {
        guard !failed, take(UInt8(ascii: "[")) else { return fail() }
        var elements: [T] = []
        if take(UInt8(ascii: "]")) { return elements }
        repeat {
            guard let value = element(&self) else { return fail() }
            elements.append(value)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? elements : fail()
    }

    /// A plain integer (`-`, then 1 to 18 digits, no leading zero): fractions, exponents and
    /// anything longer are left to `JSONDecoder`.
    mutating func integer() -> Int? {
        guard !failed else { return nil }
        skipSpace()
        let negative = at < bytes.count && bytes[at] == UInt8(ascii: "-")
        if negative { at += 1 }
        let start = at
        var value = 0
        while at < bytes.count, case let digit = bytes[at] &- UInt8(ascii: "0"), digit < 10 {
            value = value * 10 + Int(digit)
            at += 1
        }
        let digits = at - start
        guard digits > 0, digits <= 18, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return fail() }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") || bytes[at] | 0x20 == UInt8(ascii: "e") { return fail() }
        return negative ? -value : value
    }

    /// A string with no escape and no control character, valid UTF-8.
    mutating func string() -> String? {
        guard !failed, let range = rawString() else { return fail() }
        let text = UnsafeRawBufferPointer(rebasing: bytes[range])
        if text.allSatisfy({ $0 < 0x80 }) { return String(decoding: text, as: UTF8.self) }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return String(validating: text, as: UTF8.self) ?? fail()
        }
        return String(bytes: text, encoding: .utf8) ?? fail()
    }

    /// The bytes between a string's quotes, when it has no escape and no control character.
    private mutating func rawString() -> Range<Int>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = at
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") {
                at += 1
                return start..<(at - 1)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            at += 1
        }
        return nil
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    private mutating func skipSpace() {
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 { at += 1 }
    }
}
