/// The version of the package: the library, the `lessons` CLI and its servers.
public enum LibraryVersion {
    public static let current = "0.2.0-dev"
}
