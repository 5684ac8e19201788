import Foundation

/// A lesson as the API sends it and the legacy registry stores it (legacy-system.md §2).
///
/// The JSON does not say whether a lesson is Gemara or Mishna, nor where it belongs in the Shas:
/// that comes from the request that listed it (see ``PlacedLesson``).
public struct Lesson: Sendable, Hashable, Codable {
    public var id: Int
    /// The perek.
    public var chapter: Int
    /// Length in seconds.
    public var duration: Int
    /// The daf, for a Gemara lesson.
    public var pageNumber: Int?
    /// The mishna number, for a Mishna lesson.
    public var mishna: Int?
    /// S3 key of the audio, relative to the media base URL.
    public var audio: String?
    /// S3 key of the PDF (the legacy key is `page`).
    public var page: String?
    /// Absolute URL of the video.
    public var video: String?
    public var videoParts: [VideoPart]
    public var gallery: [GalleryImage]
    public var presenter: Presenter?

    public init(
        id: Int, chapter: Int, duration: Int, pageNumber: Int? = nil, mishna: Int? = nil,
        audio: String? = nil, page: String? = nil, video: String? = nil,
        videoParts: [VideoPart] = [], gallery: [GalleryImage] = [], presenter: Presenter? = nil
    ) {
        self.id = id
        self.chapter = chapter
        self.duration = duration
        self.pageNumber = pageNumber
        self.mishna = mishna
        self.audio = audio
        self.page = page
        self.video = video
        self.videoParts = videoParts
        self.gallery = gallery
        self.presenter = presenter
    }

    enum CodingKeys: String, CodingKey {
        case id, chapter, duration, mishna, audio, page, video, gallery, presenter
        case pageNumber = "page_number"
        case videoParts = "video_part"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientInt(.id)
        guard id > 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .id, in: c, debugDescription: "`id` is \(id), not a positive integer")
        }
        chapter = try c.lenientInt(.chapter)
        duration = try c.lenientInt(.duration)
        guard duration >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .duration, in: c, debugDescription: "`duration` is negative (\(duration))")
        }
        pageNumber = try c.lenientIntIfPresent(.pageNumber)
        mishna = try c.lenientIntIfPresent(.mishna)
        audio = try c.lenientStringIfPresent(.audio)
        page = try c.lenientStringIfPresent(.page)
        video = try c.lenientStringIfPresent(.video)
        videoParts = try c.lenientArray(VideoPart.self, .videoParts)
        gallery = try c.lenientArray(GalleryImage.self, .gallery)
        presenter = try c.decodeIfPresent(Presenter.self, forKey: .presenter)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(chapter, forKey: .chapter)
        try c.encode(duration, forKey: .duration)
        try c.encodeIfPresent(pageNumber, forKey: .pageNumber)
        try c.encodeIfPresent(mishna, forKey: .mishna)
        try c.encodeIfPresent(audio, forKey: .audio)
        try c.encodeIfPresent(page, forKey: .page)
        try c.encodeIfPresent(video, forKey: .video)
        try c.encode(videoParts, forKey: .videoParts)
        try c.encode(gallery, forKey: .gallery)
        try c.encodeIfPresent(presenter, forKey: .presenter)
    }

    /// The remote reference of a medium: an S3 key for audio and text, an absolute URL for video.
    /// `nil` when the lesson has no such medium (absent or empty link).
    public func link(for medium: MediaKind) -> String? {
        let value: String?
        switch medium {
        case .audio: value = audio
        case .video: value = video
        case .text: value = page
        }
        guard let value, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return value
    }

    /// The media this lesson offers.
    public var availableMedia: [MediaKind] { MediaKind.allCases.filter { link(for: $0) != nil } }

    /// The daf (Gemara) or mishna (Mishna) number: the lesson's position within its chapter.
    public func number(as type: LessonType) -> Int? {
        type == .gemara ? pageNumber : mishna
    }
}

/// A chapter marker inside a video.
public struct VideoPart: Sendable, Hashable, Codable {
    public var id: Int
    public var partTitle: String
    /// Seconds from the start, as a string (`"312.5"`).
    public var timeLine: String

    public init(id: Int, partTitle: String, timeLine: String) {
        self.id = id
        self.partTitle = partTitle
        self.timeLine = timeLine
    }

    enum CodingKeys: String, CodingKey {
        case id
        case partTitle = "part_title"
        case timeLine = "video_part_time_line"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientInt(.id)
        partTitle = try c.lenientStringIfPresent(.partTitle) ?? ""
        timeLine = try c.lenientStringIfPresent(.timeLine) ?? "0"
    }
}

/// An image of the lesson's gallery (not part of the offline bundle).
public struct GalleryImage: Sendable, Hashable, Codable {
    public var id: Int
    public var title: String
    public var order: Int
    /// S3 key of the image.
    public var image: String

    public init(id: Int, title: String, order: Int, image: String) {
        self.id = id
        self.title = title
        self.order = order
        self.image = image
    }

    enum CodingKeys: String, CodingKey { case id, title, order, image }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientInt(.id)
        title = try c.lenientStringIfPresent(.title) ?? ""
        order = try c.lenientIntIfPresent(.order) ?? 0
        image = try c.lenientStringIfPresent(.image) ?? ""
    }
}

/// The teacher. The legacy app stored the last name under `phone`; this reads `last_name` when it
/// is there and never derives it from `phone`.
public struct Presenter: Sendable, Hashable, Codable {
    public var id: Int?
    public var firstName: String?
    public var lastName: String?
    public var phone: String?
    public var image: String?

    public init(id: Int? = nil, firstName: String? = nil, lastName: String? = nil, phone: String? = nil, image: String? = nil) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.phone = phone
        self.image = image
    }

    enum CodingKeys: String, CodingKey {
        case id, phone, image
        case firstName = "first_name"
        case lastName = "last_name"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientIntIfPresent(.id)
        firstName = try c.lenientStringIfPresent(.firstName)
        lastName = try c.lenientStringIfPresent(.lastName)
        phone = try c.lenientStringIfPresent(.phone)
        image = try c.lenientStringIfPresent(.image)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encodeIfPresent(firstName, forKey: .firstName)
        try c.encodeIfPresent(lastName, forKey: .lastName)
        try c.encodeIfPresent(phone, forKey: .phone)
        try c.encodeIfPresent(image, forKey: .image)
    }

    /// "First Last", from the names that are present.
    public var displayName: String {
        [firstName, lastName].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
