import OfflineLessons

/// The key of each sentence the command line says of its own (its lines, summaries, progress,
/// help and remedies), in both languages' tables (``english``, ``spanish``). What the library
/// says (states, reasons, errors) comes from its catalog (``Phrase``), through the same ``Message``.
enum CommandPhrase: String, PhraseCatalog, CaseIterable {
    case remedyServer, remedyAPIBase, remedyToken, remedyServerURL, remedyCatalog, remedyPassServer, remedyMediaBaseOrServer
    case remedyMediaBase
    case remedyCACert, cliNoLibrary, readyNoLibrary
    case cliWarning, cliUsageHint, cliNotACommand, cliNotAGroupCommand, cliCommandsAre, cliDidYouMean, cliStdoutFailed
    case cliInterrupted
    case cliTerminated, cliChapter, cliGemara, cliMishna, cliMasechetGemara, cliMasechetMishna, cliSeder, cliOf
    case cliNotDownloaded, cliPinned, cliTheLibrary
    case cliPortRange, cliNotEmpty, cliLibraryEmpty, cliMaxCount, cliDurationUnreadable
    case cliDurationNegative, cliDurationTooLarge, cliDurationForms, cliSizeUnreadable, cliSizeNegative
    case cliSizeTooLarge
    case cliSizeForms, cliResolved, cliNotAMasechet
    case statusWasSize
    case listEmpty, listIncomplete, listMissing, listMissingRemedy, listTotal, listLargestFirst, listRecentFirst, quickSyncLine,
        statusSummary, catalogSederLine,
        catalogMasechetLine
    case catalogDapim, catalogTotals, catalogFromCache, catalogFromServer, catalogBadEntry, masechetHeader
    case masechetDownloaded
    case masechetStateMedia
    case downloadNothingPending, downloadSummary, downloadSummaryRate, downloadUnavailable, downloadFailedLabel
    case downloadInterruptedCount, downloadStoppedAfter, downloadStoppedDisk, downloadFailedCount, downloadWillResume
    case downloadStoppedBefore, downloadConcurrency, downloadLimitRate, downloadServerNotAnswering
    case downloadServerUnreachable
    case downloadFiles, downloadFilesFailed, downloadWaitingForServer, downloadWaitingForOthers, downloadOthersArrived
    case progressUnavailable, progressRetry, progressRetryOf, progressCompleted, progressInterrupted, progressWithdrawn
    case progressETA, progressOfAbout, progressVerifying, progressImporting, progressMaintenance
    case syncMade, syncWouldMake, syncVerified, syncRepairDownloaded, syncRepairLeavesQueue, syncRepairFailed, syncRepairWithDryRun
    case cleanRemoved
    case cleanNothing, cleanNothingAge, cleanNothingQuota, cleanNothingPinned, cleanNoLimit, cleanDays, cleanWouldRemove, cleanFreed,
        cleanWouldFree,
        cleanPinnedKept, cleanPinsOverQuota, cleanKeptQuota
    case doctorHealthy
    case doctorLine, doctorMore, doctorFailed, doctorPending, doctorMissing, doctorCorrupt, doctorUnknown, doctorAdopt
    case doctorRegister, doctorRemovePartial, doctorDownloadAgain, doctorDamaged, doctorOther, fixSync, fixRepair
    case fixDownload, fixResumeAndDownload
    case fixMoveOut, fixRestore, removeRemoved, removeRemovedGone, removeWould, removeWouldGone, removeRemovedUndone, removeWouldUndone,
        removeWouldCount, removeNothing,
        removeNoMedium, removeCount, pinCount, unpinCount
    case pinNothing, pinAlready, unpinNothing
    case historyNone, historyNoneForThese, historyFrom
    case planOwnPaceOnly, planOwnPaceNeedsFrom, planUnitNeedsFrom
    case todayTomorrow, todayNextWeek, todayMishnaInstead
    case todayNotBegun, todayDownloaded, todayUnderWay, todayQueued, todayQueuePaused, todaySomeDownloaded, todayNoneDownloaded
    case planAdded, planChanged, planUnchanged
    case catalogRefreshFailed, masechetNotCached, masechetPartGemara, masechetPartChapters, masechetPartBoth
    case planNone, planRemoved, planNextStep, planPaceReplaced, planNoGemaraStart, planKeepWholeDays, readyQueuePaused, readyFetched
    case readyNotReady
    case exportWrote, exportCannotWrite, exportPermission, exportDiskFull, exportReadOnly, exportNotWritten
    case exportIsFolder
    case exportNoFolder, exportFolderIsFile, exportWouldEmpty, exportNeedsPath, migrateNeedsFolder, migrateAdopted, migrateWouldAdopt,
        migrateRejected
    case migrateConflict, migrateLeft, migrateNoFile, migrateRenamed, migrateLessons, migrateFiles, migrateRejections
    case migrateConflicts, migrateLeftInPlace, migrateImported, migrateWouldImport, migrateAlreadyDone
    case migrateFailures
    case legacyLoss, legacyHalfDropped, legacyHalf, legacyStranded, legacyUnlisted, legacyShared
    case legacyToRecover, legacyNothing
    case serveServing, serveAnyToken, serveOneToken, serveCannot, serveCannotOn, serveScale
    case uiServing, uiOnTheNetwork, uiCannotServe, uiNoBrowser, demoServer
    case demoCatalog
    case demoEvent
    case demoDownloading, demoSync, demoHistory, demoList, demoShareID, demoLibrary, demoScreen, demoNeedsEmptyFolder
    case cliLibraryIsAFile, cleanZeroQuota, readyServerUnreachable, catalogEmptyMasechet, catalogSelectorGiven, catalogNameAlone
    case helpOverview, helpUsage, helpArguments, helpOptions, helpSubcommands, helpShowHelp, helpShowVersion
    case helpSeeSubcommand
    case helpDefault, helpValues, helpAndDefault, helpIsDefault
    case queueCount, queueIsPaused, queueCancelled, queueNothingToCancel, queueCancelPDF
    case downloadQueuePaused
    case migratePlayback, migratePositionLeft
    case doctorProblemsFound, unpinAlready
}

extension Message {
    /// A sentence of the command line.
    init(_ key: CommandPhrase, _ arguments: Argument...) {
        self.init(key, arguments: arguments)
    }
}

extension Message.Argument {
    /// A word of the command line with no values.
    static func word(_ key: CommandPhrase) -> Self { .message(Message(key)) }
}
