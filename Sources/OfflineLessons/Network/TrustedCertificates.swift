import Foundation
import NIOSSL

/// Certificates to trust besides the system's (`--cacert`): for a content server behind a private
/// certificate authority. Read from a PEM file.
public struct TrustedCertificates: Sendable {
    let certificates: [NIOSSLCertificate]
    public let file: URL

    /// Reads the PEM file; throws ``CertificateFileError`` saying what is wrong with it.
    public init(pemFile: URL) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: pemFile.path, isDirectory: &isFolder) else {
            throw CertificateFileError(file: pemFile, reason: .certificateMissing)
        }
        guard !isFolder.boolValue else { throw CertificateFileError(file: pemFile, reason: .certificateIsFolder) }
        guard FileManager.default.isReadableFile(atPath: pemFile.path) else {
            throw CertificateFileError(file: pemFile, reason: .permissionDenied)
        }
        let loaded = try? NIOSSLCertificate.fromPEMFile(pemFile.path)
        guard let loaded, !loaded.isEmpty else {
            throw CertificateFileError(file: pemFile, reason: .certificateNoPEM)
        }
        certificates = loaded
        file = pemFile
    }

    /// A client TLS configuration trusting the system's roots and these certificates.
    var tlsConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.additionalTrustRoots = [.certificates(certificates)]
        return configuration
    }
}

/// A certificate file that cannot be used, and why.
public struct CertificateFileError: Error, Sendable, CustomStringConvertible {
    public var file: URL
    /// What is wrong with the file, as the catalog says it.
    public var reason: Message

    init(file: URL, reason: Phrase) {
        self.file = file
        self.reason = Message(reason)
    }

    /// What is wrong with the file, in English.
    public var problem: String { reason.text(.en) }

    /// The sentence of the catalog that says what happened, with its values.
    public var words: Message { Message(.certificateUnusable, .text(file.path), .message(reason)) }

    /// What happened, in `language`.
    public func message(_ language: UserLanguage) -> String { words.text(language) }

    /// What happened, in English.
    public var description: String { message(.en) }
}
