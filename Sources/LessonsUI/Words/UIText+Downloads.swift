import OfflineLessons

/// The Downloads page's words: the storage bar, the quota, sorting and filtering, the selection,
/// and what removing a medium does to its PDF.
extension UIText {
    static func storage(_ l: UserLanguage) -> String { Message(.screenStorage).text(l) }
    static func storageLessons(_ l: UserLanguage) -> String { Message(.screenStorageLessons).text(l) }
    static func storageOther(_ l: UserLanguage) -> String { Message(.screenStorageOther).text(l) }
    static func storageFree(_ l: UserLanguage) -> String { Message(.screenStorageFree).text(l) }
    static func disk(_ l: UserLanguage) -> String { Message(.screenDisk).text(l) }
    /// "Lessons 12 MB, other 30 GB, free 100 GB, of 150 GB on this disk".
    static func storageSummary(lessons: String, other: String, free: String, total: String, _ l: UserLanguage) -> String {
        Message(.screenStorageSummary, .text(lessons), .text(other), .text(free), .text(total)).text(l)
    }
    static func storageUnknown(_ l: UserLanguage) -> String { Message(.screenStorageUnknown).text(l) }

    /// The quota's field: "Quota (MB)".
    static func quotaMB(_ l: UserLanguage) -> String { Message(.screenQuotaMB).text(l) }
    /// The clean section's title: "Clean: what is older than 30 days, or over the maximum of 2 GB", the
    /// maximum when one is kept.
    static func cleanTitle(quota: String?, _ l: UserLanguage) -> String {
        quota.map { Message(.screenCleanTitleQuota, .text($0)).text(l) } ?? Message(.screenCleanTitle).text(l)
    }
    static func quotaTitle(_ l: UserLanguage) -> String { Message(.screenQuotaTitle).text(l) }
    static func quotaNone(_ l: UserLanguage) -> String { Message(.screenQuotaNone).text(l) }
    static func quotaNow(_ size: String, used: String, _ l: UserLanguage) -> String {
        Message(.screenQuotaNow, .text(size), .text(used)).text(l)
    }
    static func quotaWouldRemove(_ size: String, _ l: UserLanguage) -> String { Message(.screenQuotaWouldRemove, .text(size)).text(l) }
    static func quotaRemovesNothing(_ size: String, _ l: UserLanguage) -> String {
        Message(.screenQuotaRemovesNothing, .text(size)).text(l)
    }
    static func quotaKeep(_ size: String, _ l: UserLanguage) -> String { Message(.screenQuotaKeep, .text(size)).text(l) }
    static func quotaKeepConfirm(_ size: String, files: Int, freed: String, _ l: UserLanguage) -> String {
        Message(.screenQuotaKeepConfirm, .text(size), .number(files), .text(freed)).text(l)
    }
    /// "Clean now? 14 files (5.0 GB) will be removed."
    static func cleanConfirm(_ report: CleanReport, _ l: UserLanguage) -> String {
        Message(.screenCleanConfirm, .number(report.actions.count), .text(l.size(report.bytesFreed))).text(l)
    }
    static func quotaClear(_ l: UserLanguage) -> String { Message(.screenQuotaClear).text(l) }
    static func quotaSet(_ size: String, files: Int, freed: String, _ l: UserLanguage) -> String {
        Message(.screenQuotaSet, .text(size), .number(files), .text(freed)).text(l)
    }
    static func quotaCleared(_ l: UserLanguage) -> String { Message(.screenQuotaCleared).text(l) }

    static func sortLabel(_ l: UserLanguage) -> String { Message(.screenSortLabel).text(l) }
    static func sortShas(_ l: UserLanguage) -> String { Message(.screenSortShas).text(l) }
    static func sortRecent(_ l: UserLanguage) -> String { Message(.screenSortRecent).text(l) }
    static func sortSize(_ l: UserLanguage) -> String { Message(.screenSize).text(l) }
    static func searchLabel(_ l: UserLanguage) -> String { Message(.screenSearchLabel).text(l) }
    static func mediaFilter(_ l: UserLanguage) -> String { Message(.screenMedium).text(l) }
    static func playedFilter(_ l: UserLanguage) -> String { Message(.screenPlayedFilter).text(l) }
    static func anyOption(_ l: UserLanguage) -> String { Message(.screenAnyOption).text(l) }
    static func playedOption(_ l: UserLanguage) -> String { Message(.screenPlayedFilter).text(l) }
    static func unplayedOption(_ l: UserLanguage) -> String { Message(.screenUnplayedOption).text(l) }
    static func missingOption(_ l: UserLanguage) -> String { Message(.screenMissingOption).text(l) }
    static func applyFilter(_ l: UserLanguage) -> String { Message(.screenApplyFilter).text(l) }
    static func clearFilter(_ l: UserLanguage) -> String { Message(.screenClearFilter).text(l) }
    static func shownCount(_ shown: Int, of total: Int, _ l: UserLanguage) -> String {
        Message(.screenShownCount, .number(shown), .number(total)).text(l)
    }
    static func noMatch(_ l: UserLanguage) -> String { Message(.screenNoMatch).text(l) }

    static func select(_ what: String, _ l: UserLanguage) -> String { Message(.screenSelect, .text(what)).text(l) }
    static func selectWord(_ l: UserLanguage) -> String { Message(.screenSelectWord).text(l) }
    static func removeSelected(_ l: UserLanguage) -> String { Message(.screenRemoveSelected).text(l) }
    static func nothingSelected(_ l: UserLanguage) -> String { Message(.screenNothingSelected).text(l) }
    /// "Berakhot 2, Berakhot 3 and 4 more": at most two names, then how many more.
    static func names(_ names: [String], _ l: UserLanguage) -> String {
        switch names.count {
        case 0: ""
        case 1: names[0]
        case 2: Message(.screenTwoNames, .text(names[0]), .text(names[1])).text(l)
        default: Message(.screenNamesAndMore, .text(names[0]), .text(names[1]), .number(names.count - 2)).text(l)
        }
    }
    static func removeManyConfirm(_ what: String, size: String, _ l: UserLanguage) -> String {
        Message(.screenRemoveManyConfirm, .text(what), .text(size)).text(l)
    }
    static func removedMany(_ lessons: Int, files: Int, _ l: UserLanguage) -> String {
        Message(.screenRemovedMany, .number(lessons), .number(files)).text(l)
    }

    /// "Berakhot 2, audio (the PDF stays)" or "Berakhot 2, audio and its PDF": a medium's remove button.
    static func mediumAndPDF(_ lesson: String, _ medium: String, pdfStays: Bool?, _ l: UserLanguage) -> String {
        let key: ScreenPhrase =
            switch pdfStays {
            case true?: .screenMediumPDFStays
            case false?: .screenMediumAndPDF
            case nil: .screenLessonMedium
            }
        return Message(key, .text(lesson), .text(medium)).text(l)
    }
    static func removeMediumConfirm(_ lesson: String, _ medium: String, pdfStays: Bool?, _ l: UserLanguage) -> String {
        let key: ScreenPhrase =
            switch pdfStays {
            case true?: .screenRemoveMediumPDFStays
            case false?: .screenRemoveMediumAndPDF
            case nil: .screenRemoveMediumOf
            }
        return Message(key, .text(lesson), .text(medium)).text(l)
    }
    static func removeLessonConfirm(_ lesson: String, size: String, pinned: Bool = false, _ l: UserLanguage) -> String {
        Message(pinned ? .screenRemovePinnedConfirm : .screenRemoveLessonConfirm, .text(lesson), .text(size)).text(l)
    }

    static func missingMedium(_ medium: String, _ l: UserLanguage) -> String { Message(.screenMissingMedium, .text(medium)).text(l) }
    static func downloadAgain(_ l: UserLanguage) -> String { Message(.screenDownloadAgain).text(l) }
    static func downloadAgainNamed(_ what: String, _ l: UserLanguage) -> String {
        Message(.screenDownloadAgainNamed, .text(what)).text(l)
    }
}
