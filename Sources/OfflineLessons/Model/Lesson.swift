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
        guard let value, !Self.isBlank(value) else { return nil }
        return value
    }

    /// Empty or only white space (Unicode's, line breaks included): no link. A scan of the
    /// characters, not a trimmed copy (the downloads list asks this of every lesson).
    static func isBlank(_ text: some StringProtocol) -> Bool {
        text.allSatisfy(\.isWhitespace)
    }

    /// The media this lesson offers.
    public var availableMedia: [MediaKind] { MediaKind.allCases.filter { link(for: $0) != nil } }

    /// The daf (Gemara) or mishna (Mishna) number: the lesson's position within its chapter.
    public func number(as type: LessonType) -> Int? {
        type == .gemara ? pageNumber : mishna
    }
}
