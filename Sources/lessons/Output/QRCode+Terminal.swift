import LessonsUI

extension QRCode {
    /// Two rows of modules a line in half blocks, black on white whatever the terminal's colours,
    /// inside the quiet zone of four light modules a camera needs.
    func terminalLines() -> [String] {
        let quiet = QRCode.quietZone
        let side = size + 2 * quiet
        func dark(_ x: Int, _ y: Int) -> Bool {
            let (column, row) = (x - quiet, y - quiet)
            return (0..<size).contains(column) && (0..<size).contains(row) && modules[row][column]
        }
        return stride(from: 0, to: side, by: 2).map { y in
            let blocks = (0..<side).map { x in
                switch (dark(x, y), dark(x, y + 1)) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
            }
            return "\u{1B}[30;107m" + blocks.joined() + "\u{1B}[0m"
        }
    }
}
