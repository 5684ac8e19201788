import OfflineLessons

/// The Downloads page's words: the storage bar, the quota, sorting and filtering, the selection,
/// and what removing a medium does to its PDF.
extension UIText {
    static func storage(_ l: UserLanguage) -> String { l == .es ? "Almacenamiento" : "Storage" }
    static func storageLessons(_ l: UserLanguage) -> String { l == .es ? "Clases" : "Lessons" }
    static func storageOther(_ l: UserLanguage) -> String { l == .es ? "Otros" : "Other" }
    static func storageFree(_ l: UserLanguage) -> String { l == .es ? "Libre" : "Free" }
    static func disk(_ l: UserLanguage) -> String { l == .es ? "Disco" : "Disk" }
    /// "Lessons 12 MB, other 30 GB, free 100 GB, of 150 GB on this disk".
    static func storageSummary(lessons: String, other: String, free: String, total: String, _ l: UserLanguage) -> String {
        l == .es
            ? "Clases \(lessons), otros \(other), libre \(free), de \(total) en este disco"
            : "Lessons \(lessons), other \(other), free \(free), of \(total) on this disk"
    }
    static func storageUnknown(_ l: UserLanguage) -> String {
        l == .es ? "No se pudo medir el disco de la biblioteca." : "The library's disk could not be measured."
    }

    static func quotaTitle(_ l: UserLanguage) -> String { l == .es ? "Tamaño máximo" : "Maximum size" }
    static func quotaNone(_ l: UserLanguage) -> String { l == .es ? "Sin tamaño máximo." : "No maximum size." }
    static func quotaNow(_ size: String, used: String, _ l: UserLanguage) -> String {
        l == .es ? "Tamaño máximo: \(size) (en uso: \(used))." : "Maximum size: \(size) (in use: \(used))."
    }
    static func quotaWouldRemove(_ size: String, _ l: UserLanguage) -> String {
        l == .es ? "Con un máximo de \(size) se eliminaría:" : "A maximum of \(size) would remove:"
    }
    static func quotaRemovesNothing(_ size: String, _ l: UserLanguage) -> String {
        l == .es ? "Con un máximo de \(size) no se eliminaría nada." : "A maximum of \(size) would remove nothing."
    }
    static func quotaKeep(_ size: String, _ l: UserLanguage) -> String {
        l == .es ? "Mantener la biblioteca bajo \(size)" : "Keep the library under \(size)"
    }
    static func quotaKeepConfirm(_ size: String, files: Int, freed: String, _ l: UserLanguage) -> String {
        l == .es
            ? "¿Mantener la biblioteca bajo \(size)? Ahora se eliminan \(files) archivo(s) (\(freed))."
            : "Keep the library under \(size)? \(files) file(s) go now (\(freed))."
    }
    static func quotaClear(_ l: UserLanguage) -> String { l == .es ? "Quitar el tamaño máximo" : "Remove the maximum size" }
    static func quotaSet(_ size: String, files: Int, freed: String, _ l: UserLanguage) -> String {
        l == .es
            ? "Tamaño máximo: \(size); \(files) archivo(s) eliminado(s) (\(freed))"
            : "Maximum size: \(size); \(files) file(s) removed (\(freed))"
    }
    static func quotaCleared(_ l: UserLanguage) -> String { l == .es ? "Sin tamaño máximo" : "No maximum size" }

    static func sortLabel(_ l: UserLanguage) -> String { l == .es ? "Ordenar" : "Sort" }
    static func sortShas(_ l: UserLanguage) -> String { l == .es ? "Orden del Shas" : "Shas order" }
    static func sortRecent(_ l: UserLanguage) -> String { l == .es ? "Descargadas hace poco" : "Recently downloaded" }
    static func sortSize(_ l: UserLanguage) -> String { l == .es ? "Tamaño" : "Size" }
    static func searchLabel(_ l: UserLanguage) -> String { l == .es ? "Buscar" : "Search" }
    static func mediaFilter(_ l: UserLanguage) -> String { l == .es ? "Medio" : "Medium" }
    static func playedFilter(_ l: UserLanguage) -> String { l == .es ? "Escuchadas" : "Played" }
    static func anyOption(_ l: UserLanguage) -> String { l == .es ? "Todas" : "All" }
    static func playedOption(_ l: UserLanguage) -> String { l == .es ? "Escuchadas" : "Played" }
    static func unplayedOption(_ l: UserLanguage) -> String { l == .es ? "Sin escuchar" : "Not played" }
    static func missingOption(_ l: UserLanguage) -> String { l == .es ? "Con un archivo faltante" : "With a file missing" }
    static func applyFilter(_ l: UserLanguage) -> String { l == .es ? "Aplicar" : "Apply" }
    static func clearFilter(_ l: UserLanguage) -> String { l == .es ? "Ver todas" : "Show all" }
    static func shownCount(_ shown: Int, of total: Int, _ l: UserLanguage) -> String {
        l == .es ? "\(shown) de \(total) clase(s)" : "\(shown) of \(total) lesson(s)"
    }
    static func noMatch(_ l: UserLanguage) -> String {
        l == .es ? "Ninguna clase descargada coincide con el filtro." : "No downloaded lesson matches the filter."
    }

    static func select(_ what: String, _ l: UserLanguage) -> String { l == .es ? "Seleccionar \(what)" : "Select \(what)" }
    static func selectWord(_ l: UserLanguage) -> String { l == .es ? "Seleccionar" : "Select" }
    static func removeSelected(_ l: UserLanguage) -> String { l == .es ? "Eliminar lo seleccionado" : "Remove selected" }
    static func nothingSelected(_ l: UserLanguage) -> String { l == .es ? "No hay nada seleccionado." : "Nothing is selected." }
    /// "Berakhot 2, Berakhot 3 and 4 more": at most two names, then how many more.
    static func names(_ names: [String], _ l: UserLanguage) -> String {
        let and = l == .es ? "y" : "and"
        switch names.count {
        case 0: return ""
        case 1: return names[0]
        case 2: return "\(names[0]) \(and) \(names[1])"
        default:
            let more = names.count - 2
            return l == .es ? "\(names[0]), \(names[1]) y \(more) más" : "\(names[0]), \(names[1]) and \(more) more"
        }
    }
    static func removeManyConfirm(_ what: String, size: String, _ l: UserLanguage) -> String {
        l == .es ? "¿Eliminar \(what) (\(size))?" : "Remove \(what) (\(size))?"
    }
    static func removedMany(_ lessons: Int, files: Int, _ l: UserLanguage) -> String {
        l == .es ? "\(lessons) clase(s) eliminada(s) (\(files) archivo(s))" : "\(lessons) lesson(s) removed (\(files) file(s))"
    }

    /// "Berakhot 2, audio (the PDF stays)" or "Berakhot 2, audio and its PDF": a medium's remove button.
    static func mediumAndPDF(_ lesson: String, _ medium: String, pdfStays: Bool?, _ l: UserLanguage) -> String {
        switch pdfStays {
        case true?: l == .es ? "\(lesson), \(medium) (el PDF se queda)" : "\(lesson), \(medium) (the PDF stays)"
        case false?: l == .es ? "\(lesson), \(medium) y su PDF" : "\(lesson), \(medium) and its PDF"
        case nil: "\(lesson), \(medium)"
        }
    }
    static func removeMediumConfirm(_ lesson: String, _ medium: String, pdfStays: Bool?, _ l: UserLanguage) -> String {
        switch pdfStays {
        case true?:
            l == .es ? "¿Eliminar el \(medium) de \(lesson)? El PDF se queda." : "Remove the \(medium) of \(lesson)? The PDF stays."
        case false?:
            l == .es ? "¿Eliminar el \(medium) de \(lesson) y su PDF?" : "Remove the \(medium) of \(lesson) and its PDF?"
        case nil: l == .es ? "¿Eliminar el \(medium) de \(lesson)?" : "Remove the \(medium) of \(lesson)?"
        }
    }
    static func removeLessonConfirm(_ lesson: String, size: String, _ l: UserLanguage) -> String {
        l == .es ? "¿Eliminar \(lesson) con todos sus archivos (\(size))?" : "Remove \(lesson) with all its files (\(size))?"
    }

    static func missingMedium(_ medium: String, _ l: UserLanguage) -> String {
        l == .es ? "\(medium): falta — descárgalo de nuevo" : "\(medium): missing — download again"
    }
    static func downloadAgain(_ l: UserLanguage) -> String { l == .es ? "Descargar de nuevo" : "Download again" }
    static func downloadAgainNamed(_ what: String, _ l: UserLanguage) -> String {
        l == .es ? "Descargar de nuevo \(what)" : "Download \(what) again"
    }
}
