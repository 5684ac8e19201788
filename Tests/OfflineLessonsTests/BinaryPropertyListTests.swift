import Foundation
import Testing

@testable import OfflineLessons

/// The binary property list reader: what Foundation writes reads back the same; what is cut,
/// points outside the bytes or loops is refused.
@Suite("Binary property lists")
struct BinaryPropertyListTests {
    static func binary(_ value: Any) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
    }

    @Test("Foundation's binary lists read back: strings (ASCII and not), integers of every width, reals, booleans, data, dates, nesting")
    func roundTrip() throws {
        let date = Date(timeIntervalSinceReferenceDate: 812_345_678.5)
        let value: [String: Any] = [
            "LessonWatched": [["lessonId": 12, "duration": 95.5], ["lessonId": "300", "duration": 0]],
            "ascii": "Berakhot", "hebrew": "ברכות", "emoji": "📖 daf", "empty": "",
            "small": 7, "byte": 200, "short": 60_000, "int": 4_000_000_000, "negative": -5, "large": Int64.max,
            "real": 1.25, "float32": Double(Float(0.5)), "yes": true, "no": false,
            "data": Data([0, 1, 2, 255]), "date": date, "nested": [[[["deep": [1, 2, 3]]]]],
            "many": (0..<40).map { "item \($0)" },
        ]
        let read = try #require(BinaryPropertyList.read(try Self.binary(value), maxDepth: 32, maxValues: 100_000) as? [String: Any])
        #expect(Set(read.keys) == Set(value.keys))
        for key in ["ascii", "hebrew", "emoji", "empty"] { #expect(read[key] as? String == value[key] as? String, "\(key)") }
        for key in ["small", "byte", "short", "int", "negative"] { #expect(read[key] as? Int == value[key] as? Int, "\(key)") }
        #expect(read["large"] as? Int == Int(Int64.max))
        #expect(read["real"] as? Double == 1.25 && read["float32"] as? Double == 0.5)
        #expect(read["yes"] as? Bool == true && read["no"] as? Bool == false)
        #expect(read["data"] as? Data == Data([0, 1, 2, 255]) && read["date"] as? Date == date)
        let watched = try #require(read["LessonWatched"] as? [[String: Any]])
        #expect(watched.count == 2 && watched[0]["lessonId"] as? Int == 12 && watched[0]["duration"] as? Double == 95.5)
        #expect(watched[1]["lessonId"] as? String == "300")
        let nested = read["nested"] as? [[[[String: Any]]]]
        #expect(nested?.first?.first?.first?["deep"] as? [Int] == [1, 2, 3])
        #expect((read["many"] as? [String])?.count == 40 && (read["many"] as? [String])?.last == "item 39")
        #expect(PropertyListValues.read(try Self.binary(value)) as? [String: Any] != nil, "binary lists go through this reader")
    }

    @Test("every cut of a valid list, and every single byte changed, is read without touching memory outside it")
    func damaged() throws {
        let data = try Self.binary(["LessonWatched": [["lessonId": 12, "duration": 95.5], ["lessonId": 13, "duration": 2]]])
        for length in 0..<data.count {
            #expect(BinaryPropertyList.read(data.prefix(length), maxDepth: 32, maxValues: 100_000) == nil, "cut at \(length)")
        }
        var readable = 0
        for index in 8..<data.count {
            for byte: UInt8 in [0, 0x0F, 0x7F, 0xFF] {
                var changed = data
                changed[index] = byte
                if BinaryPropertyList.read(changed, maxDepth: 32, maxValues: 100_000) != nil { readable += 1 }
            }
        }
        #expect(readable < (data.count - 8) * 4, "some changes must be refused")
    }

    @Test("a list whose array holds itself is refused at the depth limit; too many values are refused")
    func limits() throws {
        // bplist00, object 0: an array of one reference, to object 0.
        var data = Data(BinaryPropertyList.magic + [0xA1, 0x00])
        let table = data.count
        data.append(8)  // object 0's offset
        data.append(contentsOf: [0, 0, 0, 0, 0, 0, 1, 1])  // trailer: offset and reference sizes
        data.append(contentsOf: [0, 0, 0, 0, 0, 0, 0, 1])  // one object
        data.append(contentsOf: [0, 0, 0, 0, 0, 0, 0, 0])  // the top object
        data.append(contentsOf: [0, 0, 0, 0, 0, 0, 0, UInt8(table)])
        #expect(BinaryPropertyList.read(data, maxDepth: 32, maxValues: 100_000) == nil)
        let wide = try Self.binary((0..<50).map { $0 })
        #expect(BinaryPropertyList.read(wide, maxDepth: 32, maxValues: 100_000) != nil)
        #expect(BinaryPropertyList.read(wide, maxDepth: 32, maxValues: 20) == nil)
    }

    @Test("Foundation's XML lists read back the same as its binary ones; entities and comments are read; malformed XML is refused")
    func xml() throws {
        let value: [String: Any] = [
            "LessonWatched": [["lessonId": 12, "duration": 95.5], ["lessonId": "300", "duration": 0]],
            "text": "a < b & \"c\" 'd' ברכות", "empty": "", "yes": true, "no": false, "negative": -5,
            "data": Data([0, 1, 2, 255]), "date": Date(timeIntervalSinceReferenceDate: 812_345_678), "none": [Any](),
            "nothing": [String: Any](),
        ]
        let xml = try PropertyListSerialization.data(fromPropertyList: value, format: .xml, options: 0)
        let read = try #require(PropertyListValues.read(xml) as? [String: Any], "\(String(decoding: xml, as: UTF8.self))")
        let binary = try #require(PropertyListValues.read(try Self.binary(value)) as? [String: Any])
        #expect(Set(read.keys) == Set(value.keys))
        #expect(read["text"] as? String == "a < b & \"c\" 'd' ברכות" && read["empty"] as? String == "")
        #expect(read["yes"] as? Bool == true && read["no"] as? Bool == false && read["negative"] as? Int == -5)
        #expect(read["data"] as? Data == binary["data"] as? Data && read["date"] as? Date == binary["date"] as? Date)
        let watched = try #require(read["LessonWatched"] as? [[String: Any]])
        #expect(watched.count == 2 && watched[0]["duration"] as? Double == 95.5 && watched[1]["duration"] as? Int == 0)
        #expect((read["none"] as? [Any])?.isEmpty == true && (read["nothing"] as? [String: Any])?.isEmpty == true)
        let handWritten = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- kept by hand -->
            <plist version="1.0"><dict><key>a&#x42;&#67;</key><array><integer> 7 </integer><real>2.5</real><string/></array></dict></plist>
            """
        let hand = try #require(PropertyListValues.read(Data(handWritten.utf8)) as? [String: Any])
        #expect((hand["aBC"] as? [Any])?.count == 3)
        for broken in [
            "<plist><dict><key>a</key></dict></plist>", "<plist><array><integer>1</array></plist>", "<plist><string>a</plist>",
            "<plist><string>&bogus;</string></plist>", "<plist><dict><string>a</string><true/></dict></plist>", "<plist><set/></plist>",
            "<plist><true/></plist><plist/>", "<plist>",
        ] {
            #expect(PropertyListValues.read(Data(broken.utf8)) == nil, "\(broken)")
        }
        let deep = "<plist>" + String(repeating: "<array>", count: 40) + String(repeating: "</array>", count: 40) + "</plist>"
        #expect(PropertyListValues.read(Data(deep.utf8)) == nil, "deeper than 32 levels")
        for length in 0..<xml.count where length % 7 == 0 {
            #expect(PropertyListValues.read(xml.prefix(length)) == nil, "cut at \(length)")
        }
    }
}
