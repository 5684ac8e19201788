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
            throw CertificateFileError(file: pemFile, problem: "the file does not exist")
        }
        guard !isFolder.boolValue else { throw CertificateFileError(file: pemFile, problem: "that is a folder, not a PEM file") }
        guard FileManager.default.isReadableFile(atPath: pemFile.path) else {
            throw CertificateFileError(file: pemFile, problem: "permission denied")
        }
        let loaded = try? NIOSSLCertificate.fromPEMFile(pemFile.path)
        guard let loaded, !loaded.isEmpty else {
            throw CertificateFileError(file: pemFile, problem: "it holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
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
    public var problem: String

    public var description: String { "cannot use the certificate file \(file.path): \(problem)" }
}
