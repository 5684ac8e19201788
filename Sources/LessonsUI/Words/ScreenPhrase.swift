import OfflineLessons

/// The key of each sentence of the screen (`lessons ui`), by area: the same in both languages'
/// tables (``english``, ``spanish``). The library's own sentences (errors, states, reasons)
/// come from its catalog (``Phrase``); these from here, through the same ``Message``.
enum ScreenPhrase: String, PhraseCatalog, CaseIterable {
    // The Today page
    case screenOnAPhone, screenOnAPhoneHow, screenPhoneCode
    case screenToday, screenTomorrow, screenThisWeek, screenNextWeek, screenPlanFollowed, screenPlanNotFollowed, screenFollow
    case screenFollowNamed, screenStopFollowing, screenStopFollowingNamed, screenMakeReady, screenMakeReadyNamed
    case screenFollowedNow, screenStoppedNow, screenReadyRequested, screenReadyNothing, screenReadyNoLessons, screenNoCalendar,
        screenNoPeriod
    case screenPlanSettingsOf, screenOwnPaceOffer, screenFollowOwnPace, screenStartAt, screenFirstDay, screenEvery
    case screenPaceCount, screenPaceUnit, screenUnitDapim, screenUnitMishnayot, screenUnitChapters, screenNoUnit
    case screenEveryDay, screenEveryWeek, screenStopConfirm, screenStopOwnPaceConfirm, screenNotHereYet
    case screenReadyWaiting, screenReadyLater, screenCannotPlay, screenThatDay, screenDayAfterThat, screenThatWeek, screenWeekAfter,
        screenDayBefore,
        screenNextDay
    case screenDaysAhead, screenDaysKept, screenKeepUntilPlayed, screenSave, screenPlanSaved, screenGoesAnyway, screenGoesOncePlayed
    // The Downloads screen: its frame, states and shared words
    case screenShas, screenDownloads, screenHistory, screenDownloadAudio, screenDownloadVideo, screenDownloadBoth, screenRemove
    case screenRemoveMedium, screenPin, screenUnpin, screenPinned, screenPlay, screenPDF, screenChapter, screenDaf, screenMishna
    case screenMasechet, screenSeder, screenState, screenAudio, screenVideo, screenTotal, screenFreeSpace, screenFreeOnDisk,
        screenCleanPreview
    case screenCleanNothing, screenCleanRun, screenCleanConfirm, screenLiveTitle, screenLiveEmpty, screenCancel, screenRetry
    case screenNoCatalog
    case screenNotFound, screenBadRequest, screenSyncNotes, screenBack, screenEvents, screenNoDownloads, screenWholeMasechet
    case screenGemara, screenSize, screenRate, screenTimeLeft, screenNotRequested, screenQueued, screenDownloading
    case screenMissing, screenCorrupt, screenUnavailable, screenRemoved, screenQuota, screenOtherLanguage, screenComplete
    case screenFailed, screenDecimalMark, screenLiveShort, screenRefreshShort
    // Its controls, regions and columns, as assistive technology names them
    case screenSkip, screenSections, screenProgressOf, screenBoth, screenBothMedia, screenDownloadNamed, screenChapterOf, screenWholeChapter
    case screenAllOf, screenPlayNamed, screenHistoryOf, screenRemoveNamed, screenRemoveConfirmNamed, screenPinNamed, screenUnpinNamed,
        screenTypeOf
    case screenDownloadedCount, screenDownloadedDapim, screenDownloadedMishnayot, screenPreviewQuota, screenLessonColumn,
        screenActionsColumn, screenFilesColumn
    case screenWhenColumn, screenMedium, screenDetailColumn, screenPDFOf, screenOpenPDF, screenOpenPDFOf, screenNoPDF, screenNoPDFOffered
    // The Downloads page: storage, quota, sorting and filtering, the selection, removing a medium
    case screenStorage, screenStorageLessons, screenStorageOther, screenStorageFree, screenDisk, screenStorageSummary
    case screenStorageUnknown, screenQuotaMB, screenCleanTitle, screenCleanTitleQuota, screenQuotaTitle, screenQuotaNone
    case screenQuotaNow, screenQuotaWouldRemove, screenQuotaRemovesNothing, screenQuotaKeep, screenQuotaKeepConfirm
    case screenQuotaClear, screenQuotaSet
    case screenQuotaCleared, screenSortLabel, screenSortShas, screenSortRecent, screenSearchLabel, screenPlayedFilter
    case screenAnyMedium, screenDownloadNext
    case screenAnyOption, screenUnplayedOption, screenMissingOption, screenApplyFilter, screenClearFilter, screenShownCount
    case screenNoMatch, screenSelect, screenSelectWord, screenRemoveSelected, screenNothingSelected, screenTwoNames
    case screenNamesAndMore, screenRemoveManyConfirm, screenRemovedMany, screenMediumPDFStays, screenMediumAndPDF
    case screenLessonMedium, screenRemoveMediumPDFStays, screenRemoveMediumAndPDF, screenRemoveMediumOf
    case screenRemoveLessonConfirm, screenRemovePinnedConfirm, screenRemoveManyPinned, screenMissingMedium, screenDownloadAgain,
        screenDownloadAgainNamed
    // The server or the app out of reach, and dates
    case screenOfflineTitle, screenUnavailableNow, screenOfflineBanner, screenCatalogFetched, screenCatalogNeverFetched
    case screenNotCachedListing, screenListingNeedsServer, screenNothingDownloadedHere, screenWaitsForServer
    case screenQueuedForServer, screenConnectionLost, screenConnectionBack, screenActionUnsent, screenJustNow
    case screenMinuteAgo, screenMinutesAgo, screenHourAgo, screenHoursAgo, screenDayAgo, screenDaysAgo, screenDate
    case screenJanuary, screenFebruary, screenMarch, screenApril, screenMay, screenJune, screenJuly, screenAugust
    case screenSeptember, screenOctober, screenNovember, screenDecember
    // After an action
    case screenRequested, screenLessonSpan, screenRemovedOf, screenPinnedNow, screenUnpinnedNow, screenCleaned, screenRetrying
    // The player, and watched progress in lists
    case screenBackTo, screenPlayerControls, screenSkipBack, screenSkipForward, screenSpeed, screenSpeedNamed
    case screenSkipBackShort, screenSkipForwardShort, screenPreviousLesson, screenNext, screenOtherLessons, screenPlayed
    case screenHeard, screenContinueListening
    // The Queue page
    case screenQueueTitle, screenQueueEmpty, screenQueuePaused, screenPauseAll, screenResumeAll, screenRetryFailed
    case screenPausedState, screenLivePaused
    case screenCancelAll, screenCancelAllConfirm, screenCancelledAll, screenDownloadManyConfirm
    case screenCancelItem, screenNextItem, screenWaitingForSlot, screenQueueSummary, screenQueuePausedNow
    case screenQueueResumedNow, screenCancelledItem, screenNothingToCancel, screenNextNow, screenNotQueued
    case screenRemovedFrom, screenRequestedWhilePaused, screenAlreadyDownloaded, screenAllAlreadyDownloaded
    // A request it cannot answer
    case screenNothing, screenTheQuota, screenBadLessonType, screenNotANumber, screenQuotaTooSmall, screenBadLesson
    case screenBadItem, screenBadMedium, screenMediaChoice, screenNothingToDownload, screenHasNoMedia, screenHasOnlyPDF, screenNotSeconds,
        screenNoMediaDownloaded
    case screenNoGemaraOf, screenMishnaOf, screenNoSuchPage, screenThirtyDaysHow, screenSeeClean
    case screenNoGemaraMasechet, screenNoMishnaMasechet, screenNoSuchLesson, screenFindInShas, screenSeeToday, screenNoSuchAsset
    case screenFindLabel, screenFindButton, screenFindExample
    case screenNoMedium, screenMediaOutside, screenNotDownloaded, screenBadPick
    case screenNotOneOf, screenBadChapter, screenWrongHost, screenOtherSite, screenWrongToken, screenNeedsTokenHeader
}

extension ScreenPhrase {
    /// Every sentence of the screen in English.
    static let english = englishPages.merging(englishToday) { first, _ in first }
    /// Every sentence of the screen in Spanish.
    static let spanish = spanishPages.merging(spanishToday) { first, _ in first }
}

extension Message {
    /// A sentence of the screen.
    init(_ key: ScreenPhrase, _ arguments: Argument...) {
        self.init(key, arguments: arguments)
    }
}

extension Message.Argument {
    /// A word of the screen with no values.
    static func word(_ key: ScreenPhrase) -> Self { .message(Message(key)) }
}
