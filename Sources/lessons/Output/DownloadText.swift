import OfflineLessons

/// What `lessons download` says about a server that does not answer, and its file count.
enum DownloadText {
    /// The one progress line of an outage: the run waits and tries again.
    static func serverNotAnswering(_ reason: String) -> String {
        Terminal.say(.downloadServerNotAnswering, .message(Phrasebook.recognize(reason)))
    }

    /// The run's one message when it stopped because the server stayed unreachable.
    static func serverUnreachable(queued: Int, reason: String, retry: CommandPhrase = .downloadServerUnreachable) -> String {
        Terminal.say(retry, .number(queued), .message(Phrasebook.recognize(reason)))
    }

    /// The progress total: files done (failed ones are not), and the failed ones apart.
    static func files(done: Int, of total: Int, failed: Int) -> String {
        failed > 0
            ? Terminal.say(.downloadFilesFailed, .number(done), .number(total), .number(failed))
            : Terminal.say(.downloadFiles, .number(done), .number(total))
    }

    /// Said once when a run finds files another download (another process) is writing.
    static func waitingForOthers(_ count: Int) -> String {
        Terminal.say(.downloadWaitingForOthers, .number(count))
    }

    /// Said once every file waited for has arrived.
    static func othersArrived(_ count: Int) -> String {
        Terminal.say(.downloadOthersArrived, .number(count))
    }
}
