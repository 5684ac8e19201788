import OfflineLessons

/// What `clean` says about a size or a duration it cannot use: each sentence once, with the
/// forms it accepts.
extension Units.Problem {
    func duration(_ option: String, _ text: String) -> String {
        let key: CommandPhrase =
            switch self {
            case .unreadable: .cliDurationUnreadable
            case .negative: .cliDurationNegative
            case .tooLarge: .cliDurationTooLarge
            }
        return Terminal.say(key, .text(option), .text(text), .word(.cliDurationForms))
    }

    func size(_ option: String, _ text: String) -> String {
        let key: CommandPhrase =
            switch self {
            case .unreadable: .cliSizeUnreadable
            case .negative: .cliSizeNegative
            case .tooLarge: .cliSizeTooLarge
            }
        return Terminal.say(key, .text(option), .text(text), .word(.cliSizeForms))
    }
}
