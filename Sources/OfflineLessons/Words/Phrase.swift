/// The key of each sentence of the library's catalog, by area: the same in every language's table
/// (``Phrasebook/english``, ``Phrasebook/spanish``), as a `Localizable.strings` key is. The
/// screen and the command line keep their own sentences (each a ``PhraseCatalog``).
public enum Phrase: String, Sendable, CaseIterable, Codable {
    // Said as it is
    case verbatim
    // A sentence of another catalog (``PhraseCatalog``), said from that catalog's tables
    case elsewhere
    // Selectors
    case selectorNoMasechetID, selectorUnknownName, selectorUnknownNameAlone, selectorAmbiguousName, selectorNotASelector,
        selectorMasechetAlone, selectorMediumWord, selectorBadID
    case selectorGemaraParts, selectorMishnaParts, selectorNotADaf, selectorNotAChapter, selectorNotAMishna, selectorReversed
    case selectorAmud, selectorNoSuchDaf, selectorNoSuchDafNamed, selectorNoSuchChapter, selectorNoSuchMishna, selectorDapimOutside
    case selectorDapimOutsideUse, selectorNoLessonForDaf, selectorNoListing, selectorNoGemara, selectorShasNeeded
    case selectorNoChapter, selectorChapterMishnayot, selectorNoMishnaMatch, selectorNoGemaraLessonID, selectorNoMishnaLessonID
    case selectorNoLessonID
    // Catalog
    case catalogInvalidToken, catalogNoToken, catalogHTTPStatus, catalogMalformed, catalogRefused, catalogNoReasonGiven, catalogEmptyShas
    case catalogUnreachable, catalogInvalidServerURL, catalogNotCached, catalogTheShas, catalogGemaraListing
    case catalogMishnaListing
    // Network
    case networkDeadline, networkReadTimeout, networkConnectTimeout, networkClosedEarly, networkCancelled, networkRedirectLoop
    case networkRedirectLimit, networkInvalidHTTP, networkRefused, networkNotTLS, networkUntrusted, networkCertificateDates,
        networkTLSFailed, networkSentNothing,
        networkResponseAfterEnd
    case networkBytesAfterEnd, networkNoSuchHost
    // Transfers
    case transferHTTPStatus, transferNotMedia, transferMarkup, transferNoType, transferLengthMismatch
    case transferInconsistentRange, transferRangeNotSatisfiable, transferEmptyBody, transferEncoded, transferNetwork
    case transferNotRequested, transferCompletedElsewhere, transferWaitingForOther
    case transferFailedElsewhere, transferNoAudio, transferNoVideo
    case transferFailedAfterPlacing
    // Library
    case libraryCannotOpen, libraryFileInTheWay, libraryLinkLoop, libraryPathTooLong, permissionDenied, libraryNoMediaBase
    // The system's reasons (errno)
    case systemNoSuchFile, systemNoSpace, systemReadOnly, systemNotAFolder, systemIsAFolder, systemExists, systemIO
    case systemBrokenPipe, systemConnectionReset, systemTimedOut, systemHostUnreachable, systemNetworkUnreachable
    case systemTooManyFiles, systemQuota, systemNotEmpty, systemBusy
    case libraryInvalidMediaBase, libraryReadOnly, libraryInvalidQuota
    // Registry
    case registryNotRegistered, registryEmptyShas, registryUnreadableRow, registryNoLibrary, registryNeedsMigration
    case registryForeign, registryDatabase
    // Files
    case fileFailed, fileFailedDiskFull, fileInUse, fileNoSpace, fileNotAFolder, fileOperationAdopt, fileOperationFlushFolder
    case fileOperationFlush, fileOperationList, fileOperationLock, fileOperationMoveAside, fileOperationMoveIntoTheLibrary
    case fileOperationOpenFolder, fileOperationOpen, fileOperationRead, fileOperationRenameIntoPlace, fileOperationSetTheTimeOf
    case fileOperationStat, fileOperationTruncate, fileOperationVerifyTheCopyOf, fileOperationWrite
    // Migration, certificates and media links
    case migrationNotAContainer, migrationNoSuchFolder, certificateUnusable, certificateMissing, certificateIsFolder, certificateNoPEM
    case mediaLinkMalformed, mediaLinkScheme, mediaLinkOutside, mediaLinkNoBase
    // Sync's findings and reasons
    case syncFoundNoFile, syncFoundMovedAside, syncFoundBytes, syncFoundRecordedSize, syncFileGone, syncRepairAgain
    case syncWrongSizePlanned, syncNotRecordedSizePlanned
    case syncWrongSize, syncWholeFile, syncNotRecordedSize, syncSizeUnknown, syncKnownLesson, syncNoLesson, syncNoDownload
    case syncItemComplete, syncNotLaidOut, detailSync, detailSyncFound, syncNothingToDo, syncETagMismatch
    case syncFileSize, syncServerSize, syncSizeUnchecked, syncNotServerSize, syncNotServerSizePlanned
    // Sync's actions, as its lines and summary name them
    case actionMissing, actionCorrupt, actionAdopted, actionDiscovered, actionRemovedPartial, actionRequeued, actionUnknown
    case countMissing, countCorrupt, countAdopted, countDiscovered, countRemovedPartial, countRequeued, countUnknown
    // States of a medium
    case stateComplete, stateDownloading, stateQueued, stateFailed, stateMissing, stateCorrupt, stateNotRequested
    case stateUnavailable
    // Events of the history
    case eventRequested, eventCompleted, eventFailed, eventRemoved, eventMissing, eventAdopted, eventExpired, eventImported
    case eventDiscovered, eventCorrupt, eventMovedAside, eventPinned, eventUnpinned, eventCancelled, detailCancelled
    case detailRequestedAgain, detailRepair, detailFoundInPlace, detailRetryAfterFailure, detailGaveUp, detailImported
    case detailMoved, detailCopied, detailRemovedByRequest, detailClean
    // Retention
    case cleanOlderThan, cleanOlderThanTime, cleanOverSize, cleanPDFGoesAlong
    /// As older versions stored them, recognised in the registry's history.
    case cleanOverQuotaReason, cleanPDFGoesWith
    // Doctor's details
    case doctorWasComplete, doctorRequested, doctorNoReason, doctorWrongSize
    // The command line's parser's errors, recognised to be said in the terminal's language
    case cliMissingArgument, cliUnknownOption, cliUnknownOptionMeant, cliUnexpectedArgument, cliMissingValue
    case cliInvalidValue, cliInvalidValuePlease, cliOr
    // Learning calendars (lessons today)
    case calendarDafYomi, calendarDafHashavua, calendarOwnPace, calendarOwnPaceInSentence, todayOwnDay, todayOwnWeek
    case planOwnPaceSettings, planOwnPaceDaily, planOwnPaceWeekly, planOwnPaceNotADaf
    case planOwnPaceUnknownMasechet, planOwnPaceNoGemara, planOwnPaceDafOutOfRange, planOwnPaceNotAMishna, planOwnPaceNotAChapter
    case planOwnPaceUnknownMishna, planOwnPaceMishnaOutOfRange, planOwnPaceChapterOutOfRange, planOwnPaceCountOutOfRange
    case paceOneDaf, paceDapim, paceOneMishna, paceMishnayot, paceOneChapter, paceChapters
    case placeDaf, placeDapim, placeMishna, placeMishnayot, placeChapter, placeChapters, placeInRound, todayNoMishna
    case planSettingsLessons, planAheadToday, planAheadTomorrow, planAheadDays, planAheadThisWeek, planAheadNextWeek, planMediaAudio,
        planMediaVideo, planMediaBoth
    case planKeptNone, planKeptOneDay, planKeptDays, planKeptNoneUnplayed, planKeptOneDayUnplayed, planKeptDaysUnplayed
    case todayDayOfCycle, todayWeekOfCycle, todayNoGemara, todayNoLesson, todayUnknown
    case todayNotADay
    case dateDayMonth, dateDayMonthYear
    case todayDate, weekdaySunday, weekdayMonday, weekdayTuesday, weekdayWednesday, weekdayThursday, weekdayFriday
    case weekdayShabbat, monthJanuary, monthFebruary, monthMarch, monthApril, monthMay, monthJune, monthJuly, monthAugust
    case monthSeptember, monthOctober, monthNovember, monthDecember
    // Learning plans (lessons plan, lessons ready)
    case planAheadOutOfRange, planKeepOutOfRange, planNoSuchPlan, planPastReason, planSettings
    // Migration's files left, lists and counts; the content server's start
    case leftAmbiguous, leftUnplaced, leftUnrelated, leftDuplicate, leftAlreadyInLibrary, leftBeingDownloaded, leftFailed
    case countLeftAmbiguous, countLeftUnplaced, countLeftUnrelated, countLeftDuplicate, countLeftAlreadyInLibrary
    case countLeftBeingDownloaded, countLeftFailed
    case countWord, listSeparated
    case serverMissingResource, serverDidNotStart, serverPortInUse, serverNotThisMachine, migrateRejectedAt
    // A legacy lesson refused: the field, the value found there, what belongs there
    case legacyFieldMissing, legacyFieldNull, legacyFieldValue, legacyFieldUnreadable, legacyNoPageNumber, legacyNoMishna
    case migrateRejectedWhole, legacyMasechetNumber, legacyWholeNumber, legacyNumber, legacyText, legacyTrueOrFalse
    case legacyList, legacyObject, legacyNull, legacySomethingElse, legacyChapterNotPositive, legacyNotLessons, legacyNotJSON
    case legacyMasechetUnplaced, legacyExpectedObject, legacySederKey, legacyMasechetKey, legacyChapterKey
    case migrateOtherCopyAdopted, migrateLibraryHas, migrateBeingDownloaded, migrateNotLegacyMedia, migrateNoLessonWithID
    case migrateAmbiguousNeither, migrateAmbiguousBoth, migrateListedNoFile, migrateRegistriesDiffer
    // The queue, as the CLI and the screen say it
    case queueEmpty, queuePausedNow, queueResumedNow, queueResumedNothingWaits
    // The player: positions, and the legacy app's
    case playbackNotAPropertyList, playbackNotAnObject, playbackNotAList, playbackNotAnEntry, playbackBadID
    case playbackBadPosition, playbackDuplicate, playbackNoLesson, playbackBadLesson, playbackAmbiguous, playbackUnplaced
}
