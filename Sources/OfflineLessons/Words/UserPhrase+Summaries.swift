/// One-line summaries of maintenance work, in Spanish and English, for an app's screens and the
/// CLI. Sizes come in already formatted (`"12.5 MB"`), in the caller's units.
extension UserPhrase {
    /// After a sync: "Lista de descargas actualizada exitosamente: 3 cambios." when something changed.
    public static func syncSummary(changes: Int, _ language: UserLanguage) -> String {
        switch (language, changes) {
        case (.es, 0): "Lista de descargas actualizada exitosamente: nada que cambiar."
        case (.es, _): "Lista de descargas actualizada exitosamente: \(changes) \(changes == 1 ? "cambio" : "cambios")."
        case (.en, 0): "Downloads list refreshed successfully: nothing to change."
        case (.en, _): "Downloads list refreshed successfully: \(changes) \(changes == 1 ? "change" : "changes")."
        }
    }

    /// After a clean: "Se liberaron 1.2 GB (12 archivos)." / "Freed 1.2 GB (12 files)."
    public static func cleanSummary(files: Int, size: String, dryRun: Bool, _ language: UserLanguage) -> String {
        switch (language, dryRun) {
        case (.es, false): "Se liberaron \(size) (\(files) \(files == 1 ? "archivo" : "archivos"))."
        case (.es, true): "Se liberarían \(size) (\(files) \(files == 1 ? "archivo" : "archivos")); no se borró nada."
        case (.en, false): "Freed \(size) (\(files) \(files == 1 ? "file" : "files"))."
        case (.en, true): "Would free \(size) (\(files) \(files == 1 ? "file" : "files")); nothing was deleted."
        }
    }

    /// After a migration: "Se importaron 12 clases de Guemará y 30 de Mishná (84 archivos)."
    public static func migrationSummary(gemara: Int, mishna: Int, files: Int, _ language: UserLanguage) -> String {
        switch language {
        case .es:
            "Se importaron \(gemara) \(gemara == 1 ? "clase" : "clases") de Guemará y \(mishna) de Mishná (\(files) \(files == 1 ? "archivo" : "archivos"))."
        case .en: "Imported \(gemara) Gemara and \(mishna) Mishna lessons (\(files) \(files == 1 ? "file" : "files"))."
        }
    }
}
