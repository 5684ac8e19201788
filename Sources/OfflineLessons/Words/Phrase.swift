/// The key of each sentence of the library's catalog, by area: the same in every language's table
/// (``Phrasebook/english``, ``Phrasebook/spanish``), as a `Localizable.strings` key is. The
/// screen keeps its own sentences (a ``PhraseCatalog``).
public enum Phrase: String, Sendable, CaseIterable, Codable {
    // Said as it is
    case verbatim
    // A sentence of another catalog (``PhraseCatalog``), said from that catalog's tables
    case elsewhere
    // Selectors
    case selectorNoMasechetID, selectorUnknownName, selectorAmbiguousName, selectorNotASelector, selectorBadID
    case selectorGemaraParts, selectorMishnaParts, selectorNotADaf, selectorNotAChapter, selectorNotAMishna, selectorReversed
    case selectorAmud, selectorNoSuchDaf, selectorNoSuchChapter, selectorNoSuchMishna, selectorDapimOutside
    case selectorDapimOutsideUse, selectorNoLessonForDaf, selectorNoListing, selectorNoGemara, selectorShasNeeded
    case selectorNoChapter, selectorChapterMishnayot, selectorNoMishnaMatch, selectorNoGemaraLessonID, selectorNoMishnaLessonID
    case selectorNoLessonID
    // Catalog
    case catalogInvalidToken, catalogHTTPStatus, catalogMalformed, catalogRefused, catalogNoReasonGiven, catalogEmptyShas
    case catalogUnreachable, catalogInvalidServerURL, catalogNotCached, catalogTheShas, catalogGemaraListing
    case catalogMishnaListing
    // Network
    case networkDeadline, networkReadTimeout, networkConnectTimeout, networkClosedEarly, networkCancelled, networkRedirectLoop
    case networkRedirectLimit, networkInvalidHTTP, networkRefused, networkSentNothing, networkResponseAfterEnd
    case networkBytesAfterEnd
    // Transfers
    case transferHTTPStatus, transferNotMedia, transferMarkup, transferNoType, transferLengthMismatch
    case transferInconsistentRange, transferRangeNotSatisfiable, transferEmptyBody, transferEncoded, transferNetwork
    case transferNotRequested, transferCompletedElsewhere, transferWaitingForOther
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
    case migrationNotAContainer, certificateUnusable, certificateMissing, certificateIsFolder, certificateNoPEM
    case mediaLinkMalformed, mediaLinkScheme, mediaLinkOutside, mediaLinkNoBase
    // The CLI's remedies
    case remedyServer, remedyToken, remedyServerURL, remedyCatalog, remedyPassServer, remedyMediaBaseOrServer, remedyMediaBase
    case remedyCACert, cliNoLibrary
    // Sync's findings and reasons
    case syncFoundNoFile, syncFoundMovedAside, syncFoundBytes, syncFoundRecordedSize, syncFileGone, syncRepairAgain
    case syncWrongSize, syncWholeFile, syncNotRecordedSize, syncSizeUnknown, syncKnownLesson, syncNoLesson, syncNoDownload
    case syncItemComplete, syncNotLaidOut, detailSync, detailSyncFound, syncNothingToDo, syncETagMismatch
    // Sync's actions, as its lines and summary name them
    case actionMissing, actionCorrupt, actionAdopted, actionDiscovered, actionRemovedPartial, actionRequeued, actionUnknown
    // States of a medium
    case stateComplete, stateDownloading, stateQueued, stateFailed, stateMissing, stateCorrupt, stateNotRequested
    case stateUnavailable
    // Events of the history
    case eventRequested, eventCompleted, eventFailed, eventRemoved, eventMissing, eventAdopted, eventExpired, eventImported
    case eventDiscovered, eventCorrupt, eventMovedAside, eventPinned, eventUnpinned, eventCancelled, detailCancelled
    case detailRequestedAgain, detailRepair, detailFoundInPlace, detailRetryAfterFailure, detailGaveUp, detailImported
    case detailMoved, detailCopied, detailRemovedByRequest, detailClean
    // Retention
    case cleanOlderThan, cleanOverQuotaReason, cleanPDFGoesWith
    // Doctor's details
    case doctorWasComplete, doctorRequested, doctorNoReason, doctorWrongSize
    // The command line: words used by several commands
    case cliWarning, cliUsageHint, cliNotACommand, cliCommandsAre, cliDidYouMean, cliOr, cliStdoutFailed, cliInterrupted
    case cliTerminated, cliChapter, cliGemara, cliMishna, cliMasechetGemara, cliMasechetMishna, cliSeder, cliOf
    case cliNotDownloaded, cliTheLibrary, cliMissingArgument, cliUnknownOption, cliUnexpectedArgument, cliMissingValue
    case cliInvalidValue, cliInvalidValuePlease, cliPortRange, cliNotEmpty, cliLibraryEmpty, cliMaxCount, cliDurationUnreadable
    case cliDurationNegative, cliDurationTooLarge, cliDurationForms, cliSizeUnreadable, cliSizeNegative, cliSizeTooLarge
    case cliSizeForms, cliResolved, cliNotAMasechet
    // The command line: list, status and catalog
    case listEmpty, listIncomplete, listTotal, quickSyncLine, statusSummary, catalogSederLine, catalogMasechetLine
    case catalogDapim, catalogTotals, catalogFromCache, catalogFromServer, catalogBadEntry, masechetHeader, masechetDownloaded
    case masechetStateMedia
    // The command line: download and its progress
    case downloadNothingPending, downloadSummary, downloadSummaryRate, downloadUnavailable, downloadFailedLabel
    case downloadInterruptedCount, downloadStoppedAfter, downloadStoppedDisk, downloadFailedCount, downloadWillResume
    case downloadStoppedBefore, downloadConcurrency, downloadLimitRate, downloadServerNotAnswering, downloadServerUnreachable
    case downloadFiles, downloadFilesFailed, downloadWaitingForServer, downloadWaitingForOthers, downloadOthersArrived
    case progressUnavailable, progressRetry, progressRetryOf, progressCompleted, progressInterrupted
    case progressETA, progressOfAbout, progressVerifying, progressImporting, progressMaintenance
    // The command line: sync, clean, doctor, remove and pin
    case syncMade, syncWouldMake, syncVerified, syncRepairDownloaded, syncRepairFailed, syncRepairWithDryRun, cleanRemoved
    case cleanWouldRemove, cleanFreed, cleanWouldFree, cleanPinnedKept, cleanPinsOverQuota, cleanKeptQuota, doctorHealthy,
        doctorProblemsFound
    case doctorLine, doctorMore, doctorFailed, doctorPending, doctorMissing, doctorCorrupt, doctorUnknown, doctorAdopt
    case doctorRegister, doctorRemovePartial, doctorDownloadAgain, doctorDamaged, doctorOther, fixSync, fixRepair, fixDownload
    case fixMoveOut, fixRestore, removeRemoved, removeRemovedGone, removeNothing, removeCount, pinCount, unpinCount, pinNothing, pinAlready,
        unpinAlready
    case historyNone, historyNoneForThese
    // Learning calendars (lessons today)
    case calendarDafYomi, calendarDafHashavua, calendarOwnPace, todayOwnDay, todayOwnWeek
    case planOwnPaceOnly, planOwnPaceNeedsFrom, planOwnPaceSettings, planOwnPaceDaily, planOwnPaceWeekly, planOwnPaceNotADaf
    case planOwnPaceUnknownMasechet, planOwnPaceDafOutOfRange, planOwnPaceNotAMishna, planOwnPaceNotAChapter
    case planOwnPaceUnknownMishna, planOwnPaceMishnaOutOfRange, planOwnPaceChapterOutOfRange, planOwnPaceCountOutOfRange
    case paceOneDaf, paceDapim, paceOneMishna, paceMishnayot, paceOneChapter, paceChapters
    case placeDaf, placeDapim, placeMishna, placeMishnayot, placeChapter, placeChapters, todayNoMishna
    case planSettingsLessons, planSettingsLessonsUnplayed
    case todayDayOfCycle, todayWeekOfCycle, todayTomorrow, todayNextWeek, todayNoGemara, todayNoLesson, todayUnknown
    case todayNotBegun, todayNotADay, todayDownloaded, todayUnderWay
    case todayDate, weekdaySunday, weekdayMonday, weekdayTuesday, weekdayWednesday, weekdayThursday, weekdayFriday
    case weekdayShabbat, monthJanuary, monthFebruary, monthMarch, monthApril, monthMay, monthJune, monthJuly, monthAugust
    case monthSeptember, monthOctober, monthNovember, monthDecember
    // Learning plans (lessons plan, lessons ready)
    case planAheadOutOfRange, planKeepOutOfRange, planNoSuchPlan, planPastReason, planAdded, planChanged, planSettings
    case planSettingsUnplayed, planNone, planRemoved, planNextStep, planKeepWholeDays, readyQueuePaused, readyFetched
    case readyNotReady
    // The command line: export, migrate, serve, ui and demo
    case exportWrote, exportCannotWrite, exportPermission, exportDiskFull, exportReadOnly, exportNotWritten, exportIsFolder
    case exportNoFolder, exportNeedsPath, migrateNeedsFolder, migrateAdopted, migrateWouldAdopt, migrateRejected
    case migrateConflict, migrateLeft, migrateNoFile, migrateRenamed, migrateLessons, migrateFiles, migrateRejections
    case migrateConflicts, migrateLeftInPlace, migrateImported, migrateWouldImport, migrateAlreadyDone, migrateFailures
    case leftAmbiguous, leftUnplaced, leftUnrelated, leftDuplicate, leftAlreadyInLibrary, leftBeingDownloaded, leftFailed
    case countWord, listSeparated, legacyLoss, legacyHalfDropped, legacyHalf, legacyStranded, legacyUnlisted, legacyShared
    case legacyToRecover, legacyNothing, serverMissingResource, serverDidNotStart, serverPortInUse, migrateRejectedAt
    case serveServing, serveCannot, serveCannotOn, serveScale, uiServing, uiCannotServe, uiNoBrowser, demoServer, demoCatalog
    case demoDownloading, demoSync, demoHistory, demoList, demoShareID, demoLibrary, demoScreen
    // A legacy lesson refused: the field, the value found there, what belongs there
    case legacyFieldMissing, legacyFieldNull, legacyFieldValue, legacyFieldUnreadable, legacyNoPageNumber, legacyNoMishna
    case migrateRejectedWhole, legacyMasechetNumber, legacyWholeNumber, legacyNumber, legacyText, legacyTrueOrFalse
    case legacyList, legacyObject
    // The command line: the frame of its help
    case helpOverview, helpUsage, helpArguments, helpOptions, helpSubcommands, helpShowHelp, helpShowVersion, helpSeeSubcommand
    case helpDefault, helpValues, helpAndDefault, helpIsDefault
    // The command line: the queue
    case queueEmpty, queueCount, queueIsPaused, queuePausedNow, queueResumedNow, queueCancelled, queueNothingToCancel
    case queueNext, queueNotQueued, queueNoneMatch, queueWaitsForServer, downloadQueuePaused
    // The player: positions, and the legacy app's
    case playbackNotAPropertyList, playbackNotAnObject, playbackNotAList, playbackNotAnEntry, playbackBadID
    case playbackBadPosition, playbackDuplicate, playbackNoLesson, playbackBadLesson, playbackAmbiguous, playbackUnplaced
    case migratePlayback, migratePositionLeft
}
